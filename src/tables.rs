//! The numbers others have published about small boards, reproduced by enumeration through
//! graphgo's rules: the transcription's own functions (`nrich:invariant` for a legal
//! position, `ggg1:2` for a move, `ggg1:3` and `ggg1:4` for a game), not typed in.
//! `spec/tables.md` lists each table with its source; [`PUBLISHED`] holds the published
//! numbers, each with its reference, and `graphgo tables` prints both side by side (the
//! slow rows only with `--all`).

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

use imbl::Vector;
use num_rational::BigRational;

use crate::board::Board;
use crate::game::{Colour, Neutral, Player, Repetition, RuleId, SelfCapture, Setup, Turn};
use crate::spec::{ggg, nrich};
use crate::variants::ggg::GraphGoGame;

/// Calls `visit` with every colouring of `n` vertices (3^n of them), changing one vertex or
/// a few from one to the next, as an odometer in base 3.
fn each_colouring(n: usize, mut visit: impl FnMut(&Vector<Colour>)) {
    let mut position: Vector<Colour> = std::iter::repeat_n(Colour::Empty, n).collect();
    loop {
        visit(&position);
        let mut i = 0;
        loop {
            if i == n {
                return;
            }
            let next = match position[i] {
                Colour::Empty => Some(Colour::Black),
                Colour::Black => Some(Colour::White),
                Colour::White => None,
            };
            match next {
                Some(c) => {
                    position.set(i, c);
                    break;
                }
                None => {
                    position.set(i, Colour::Empty);
                    i += 1;
                }
            }
        }
    }
}

/// The number of legal positions of a board: colourings in which no chain is without a
/// liberty (`nrich:invariant`), counted over all 3^n colourings. (OEIS A094777 on square
/// grids, A102620 on paths, A327821 on cycles.)
pub fn legal_positions(board: &Board) -> u64 {
    let mut count = 0;
    each_colouring(board.len(), |p| {
        if nrich::invariant_holds(board, p) {
            count += 1;
        }
    });
    count
}

/// Farnebäck's game graph of a board: its nodes are the positions reachable from the empty
/// board by moves of either colour (`ggg1:2`, self-capture included, no alternation, no
/// repetition rule), its edges the pairs (p, q), p != q, such that one move turns p into q.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameGraph {
    /// The positions, the empty board first.
    pub nodes: Vec<Vector<Colour>>,
    /// For every node, the nodes one move reaches (each once, itself excluded), sorted.
    pub edges: Vec<Vec<usize>>,
}

impl GameGraph {
    pub fn edge_count(&self) -> usize {
        self.edges.iter().map(Vec::len).sum()
    }
}

/// Builds the game graph by a breadth-first walk from the empty board.
pub fn game_graph(board: &Board) -> GameGraph {
    let graph = Arc::new(board.clone());
    let empty: Vector<Colour> = std::iter::repeat_n(Colour::Empty, board.len()).collect();
    let mut index: HashMap<Vector<Colour>, usize> = HashMap::from([(empty.clone(), 0)]);
    let mut nodes = vec![empty];
    let mut edges: Vec<Vec<usize>> = Vec::new();
    let mut next = 0;
    while next < nodes.len() {
        let g = ggg::ColouredGraph {
            graph: Arc::clone(&graph),
            f: nodes[next].clone(),
        };
        let mut out = Vec::new();
        for v in (0..board.len()).filter(|&v| g.f[v] == Colour::Empty) {
            for player in Player::BOTH {
                let after = ggg::make_move(&g, player, v).after;
                if after.f == g.f {
                    continue;
                }
                let id = *index.entry(after.f.clone()).or_insert_with(|| {
                    nodes.push(after.f.clone());
                    nodes.len() - 1
                });
                out.push(id);
            }
        }
        out.sort_unstable();
        out.dedup();
        edges.push(out);
        next += 1;
    }
    GameGraph { nodes, edges }
}

/// The number of nodes on a longest simple path of the game graph from the empty board (the
/// longest game without repetition when both players may move at any time), by exhaustive
/// search; `None` when the search passes `budget` steps.
pub fn longest_path(graph: &GameGraph, budget: u64) -> Option<usize> {
    fn search(
        g: &GameGraph,
        at: usize,
        on_path: &mut Vec<bool>,
        depth: usize,
        steps: &mut u64,
    ) -> Option<usize> {
        *steps = steps.checked_sub(1)?;
        let mut best = depth;
        for &next in &g.edges[at] {
            // A path through every node cannot be beaten: stop there.
            if best == g.nodes.len() {
                break;
            }
            if !on_path[next] {
                on_path[next] = true;
                let found = search(g, next, on_path, depth + 1, steps);
                on_path[next] = false;
                best = best.max(found?);
            }
        }
        Some(best)
    }
    let mut on_path = vec![false; graph.nodes.len()];
    on_path[0] = true;
    let mut steps = budget;
    search(graph, 0, &mut on_path, 1, &mut steps)
}

/// The value of a game under `ggg1` with the Tromp-Taylor count (reading 1, `neutral:
/// none`), positional superko and no komi, Black to move on the empty board: Black's score
/// minus White's under best play, by alpha-beta search through the transcription's turns
/// (passes tried first, then moves; resigning never helps and is not tried). Returns the
/// value and the number of positions searched.
pub fn solve(board: &Board) -> (i64, u64) {
    let mut setup = Setup::new(RuleId::Ggg1, board.clone());
    setup.options.neutral = Neutral::None;
    solve_setup(&setup).expect("an empty ggg1 board starts")
}

/// The value of a `ggg1` game from `setup` (its stones, options and player to move; the
/// setup's position is the first of the history that `ggg1:3` forbids repeating): the
/// score of the player to move minus the other's under best play, and the positions
/// searched, by the same search as [`solve`].
pub fn solve_setup(setup: &Setup) -> Result<(i64, u64), String> {
    let start = GraphGoGame::start(setup)?;
    let mut nodes = 0;
    let n = setup.board.len() as i64;
    let value = alpha_beta(&start, -n - 1, n + 1, &mut nodes);
    Ok((value, nodes))
}

/// The value for Black, to move, of a position on a 1xn board written as in the CMPUT 396
/// exercises (`x` Black, `o` White, `-` empty, left to right): Tromp-Taylor area count
/// (reading 1, `neutral: none`), no suicide (`self_capture: none`), positional superko,
/// no komi, the position itself the first of the history.
pub fn solve_linear(position: &str) -> Result<i64, String> {
    let colours: Vec<Colour> = position
        .chars()
        .map(|c| match c {
            'x' => Ok(Colour::Black),
            'o' => Ok(Colour::White),
            '-' => Ok(Colour::Empty),
            other => Err(format!("'{other}' in '{position}' is not x, o or -")),
        })
        .collect::<Result<_, _>>()?;
    let board = Board::path(colours.len()).map_err(|e| e.0)?;
    let mut setup = Setup::new(RuleId::Ggg1, board);
    setup.initial = colours;
    setup.options.neutral = Neutral::None;
    setup.options.self_capture = SelfCapture::None;
    setup.options.repetition = Repetition::Positional;
    Ok(solve_setup(&setup)?.0)
}

/// Negamax with alpha-beta: the value for the player to move.
fn alpha_beta(game: &GraphGoGame, mut alpha: i64, beta: i64, nodes: &mut u64) -> i64 {
    *nodes += 1;
    let state = &game.state;
    if let Some(result) = &state.result {
        let [b, w] = result.score.clone().expect("a ggg1 game ends by scoring");
        let margin: BigRational = b - w;
        let black = margin.to_integer().try_into().unwrap_or(0i64);
        return match state.to_move {
            Player::Black => black,
            Player::White => -black,
        };
    }
    let player = state.to_move;
    let mut turns: Vec<Turn> = vec![Turn::Pass { player }];
    turns.extend(
        game.legal_turns()
            .into_iter()
            .filter(|t| matches!(t, Turn::Move { .. })),
    );
    let mut best = i64::MIN;
    for turn in turns {
        let Ok(next) = game.after(&turn) else {
            continue;
        };
        // A finished game keeps the mover of its last turn's opponent as `to_move`: the
        // value is read from the side of `next.state.to_move` either way.
        let value = -alpha_beta(&next, -beta, -alpha, nodes);
        best = best.max(value);
        alpha = alpha.max(value);
        if alpha >= beta {
            break;
        }
    }
    best
}

/// One published number and where it was published.
#[derive(Clone, Copy, Debug)]
pub struct Published {
    /// The table, in `spec/tables.md`'s words.
    pub table: &'static str,
    /// The board (and quantity).
    pub case: &'static str,
    pub value: &'static str,
    pub reference: &'static str,
    /// Too slow for CI: only in `graphgo tables --all`.
    pub slow: bool,
}

const A094777: &str = "OEIS A094777, Number of legal positions in Go played on an n X n grid";
const A102620: &str = "OEIS A102620, Number of legal Go positions on a 1 X n board";
const A327821: &str =
    "OEIS A327821, Number of legal Go positions on a board which is an n-cycle graph";
const GGG: &str = "G. Farnebäck, GoGameGraphs, README.md, Table of Small Go Game Graphs (github.com/GunnarFarneback/GoGameGraphs)";
const LINEAR_EMPTY: &str = "T. Drange, Mini-GO: area-counting results for best play on small boards, 1998 (mathpuzzle.com/go), 1x2 to 1x5; R. Hayward, CMPUT 396 notes, Solving Go on small boards (1x1 and 1x2: 0, under Tromp-Taylor rules, no suicide, positional superko)";
const LINEAR_EXERCISES: &str = "R. Hayward, CMPUT 396, go algorithms, some linear go exercises, x to move, with answers (webdocs.cs.ualberta.ca/~hayward/396/jem/go-solve.html; Tromp-Taylor rules, no suicide, positional superko)";
const TWO: &str = "J. Tromp, C program solving 2x2 Go with area rules and positional superko (value 1, Black wins by one point), and B. Taylor's proof of the same value cited on Sensei's Library, 2x2 board";

/// The published numbers graphgo reproduces (typed in here from the references, never
/// computed): `tests/differential/tables.rs` asserts the fast ones, `graphgo tables --all` all of them.
pub const PUBLISHED: &[Published] = &[
    p("legal positions, n x n grid", "1x1", "1", A094777, false),
    p("legal positions, n x n grid", "2x2", "57", A094777, false),
    p(
        "legal positions, n x n grid",
        "3x3",
        "12675",
        A094777,
        false,
    ),
    p(
        "legal positions, n x n grid",
        "4x4",
        "24318165",
        A094777,
        true,
    ),
    p("legal positions, path of n", "1", "1", A102620, false),
    p("legal positions, path of n", "2", "5", A102620, false),
    p("legal positions, path of n", "3", "15", A102620, false),
    p("legal positions, path of n", "4", "41", A102620, false),
    p("legal positions, path of n", "5", "113", A102620, false),
    p("legal positions, path of n", "6", "313", A102620, false),
    p("legal positions, path of n", "7", "867", A102620, false),
    p("legal positions, path of n", "8", "2401", A102620, false),
    p("legal positions, path of n", "9", "6649", A102620, false),
    p("legal positions, path of n", "10", "18413", A102620, true),
    p("legal positions, path of n", "11", "50991", A102620, true),
    p("legal positions, path of n", "12", "141209", A102620, true),
    p("legal positions, cycle of n", "3", "19", A327821, false),
    p("legal positions, cycle of n", "4", "57", A327821, false),
    p("legal positions, cycle of n", "5", "161", A327821, false),
    p("legal positions, cycle of n", "6", "449", A327821, false),
    p("legal positions, cycle of n", "7", "1247", A327821, false),
    p("legal positions, cycle of n", "8", "3457", A327821, false),
    p("legal positions, cycle of n", "9", "9577", A327821, false),
    p("legal positions, cycle of n", "10", "26525", A327821, true),
    p("legal positions, cycle of n", "11", "73459", A327821, true),
    p("legal positions, cycle of n", "12", "203433", A327821, true),
    // GoGameGraphs: game nodes, game edges, and the longest path (in nodes) from the empty
    // board where graphgo's exhaustive search finishes within CI (boards of up to 4
    // vertices with a path through every node, and the smallest); the other published
    // longest paths are listed in spec/tables.md but not searched.
    p("game graph, path", "2", "5 12 3", GGG, false),
    p("game graph, path", "3", "15 42 15", GGG, false),
    p("game graph, path", "4", "41 144 41", GGG, false),
    p("game graph, path", "5", "113 492", GGG, false),
    p("game graph, path", "6", "313 1620", GGG, false),
    p("game graph, path", "7", "867 5190", GGG, true),
    p("game graph, path", "8", "2401 16320", GGG, true),
    p("game graph, cycle", "3", "19 54 19", GGG, false),
    p("game graph, cycle", "4", "57 192", GGG, false),
    p("game graph, cycle", "7", "1247 7098", GGG, true),
    p("game graph, cycle", "8", "3457 22464", GGG, true),
    p("game graph, complete", "2", "5 12 3", GGG, false),
    p("game graph, complete", "3", "19 54 19", GGG, false),
    p("game graph, complete", "4", "65 216", GGG, false),
    p("game graph, complete", "5", "211 810", GGG, false),
    p("game graph, complete", "6", "665 2916", GGG, false),
    p("game graph, complete", "7", "2059 10206", GGG, true),
    p("game graph, grid", "3x3", "12675 86200", GGG, true),
    p(
        "solved value, area scoring, positional superko",
        "2x2",
        "1",
        TWO,
        false,
    ),
    // Linear Go, Black to move, Black's score minus White's under best play (`solve_linear`:
    // Tromp-Taylor count, no suicide, positional superko, no komi). The empty boards; then
    // the exercises' 1x5 positions (x Black, o White, - empty). The exercise `x-o--`, whose
    // published answer is 0, is left out: graphgo and an independent search give -5
    // (spec/tables.md, "Linear Go").
    p("solved value, linear Go", "-", "0", LINEAR_EMPTY, false),
    p("solved value, linear Go", "--", "0", LINEAR_EMPTY, false),
    p("solved value, linear Go", "---", "3", LINEAR_EMPTY, false),
    p("solved value, linear Go", "----", "4", LINEAR_EMPTY, false),
    p("solved value, linear Go", "-----", "0", LINEAR_EMPTY, false),
    p(
        "solved value, linear Go",
        "o-x--",
        "5",
        LINEAR_EXERCISES,
        false,
    ),
    p(
        "solved value, linear Go",
        "x--o-",
        "-5",
        LINEAR_EXERCISES,
        false,
    ),
    p(
        "solved value, linear Go",
        "o--x-",
        "5",
        LINEAR_EXERCISES,
        false,
    ),
    p(
        "solved value, linear Go",
        "o----",
        "5",
        LINEAR_EXERCISES,
        false,
    ),
    p(
        "solved value, linear Go",
        "-o---",
        "0",
        LINEAR_EXERCISES,
        false,
    ),
    p(
        "solved value, linear Go",
        "--o--",
        "0",
        LINEAR_EXERCISES,
        false,
    ),
];

const fn p(
    table: &'static str,
    case: &'static str,
    value: &'static str,
    reference: &'static str,
    slow: bool,
) -> Published {
    Published {
        table,
        case,
        value,
        reference,
        slow,
    }
}

/// The board a row is about.
fn board_of(row: &Published) -> Result<Board, String> {
    let n = |t: &str| t.parse::<usize>().map_err(|e| format!("{t}: {e}"));
    let square = |t: &str| -> Result<usize, String> {
        let (a, b) = t.split_once('x').ok_or(format!("{t} is not AxB"))?;
        (a == b).then_some(()).ok_or(format!("{t} is not square"))?;
        n(a)
    };
    let made = if row.table.contains("grid") || row.table.starts_with("solved") {
        let side = square(row.case)?;
        Board::grid(side, side)
    } else if row.table.contains("path") {
        Board::path(n(row.case)?)
    } else if row.table.contains("cycle") {
        Board::cycle(n(row.case)?)
    } else if row.table.contains("complete") {
        Board::complete(n(row.case)?)
    } else {
        return Err(format!("no board for table '{}'", row.table));
    };
    made.map_err(|e| e.0)
}

/// graphgo's number for a row, in the row's format.
pub fn compute(row: &Published) -> Result<String, String> {
    if row.table == "solved value, linear Go" {
        return solve_linear(row.case).map(|v| v.to_string());
    }
    let board = board_of(row)?;
    if row.table.starts_with("legal positions") {
        Ok(legal_positions(&board).to_string())
    } else if row.table.starts_with("game graph") {
        let g = game_graph(&board);
        let published_longest = row.value.split_whitespace().nth(2).is_some();
        let mut out = format!("{} {}", g.nodes.len(), g.edge_count());
        if published_longest {
            match longest_path(&g, 200_000_000) {
                Some(l) => out.push_str(&format!(" {l}")),
                None => out.push_str(" (search over budget)"),
            }
        }
        Ok(out)
    } else if row.table.starts_with("solved value") {
        Ok(solve(&board).0.to_string())
    } else {
        Err(format!("no computation for table '{}'", row.table))
    }
}

/// `graphgo tables`: every row (the slow ones with `all`), graphgo's number beside the
/// published one. Exit status 0 when all agree, 1 otherwise.
pub fn command(all: bool) -> std::process::ExitCode {
    let mut differ = 0;
    for row in PUBLISHED.iter().filter(|r| all || !r.slow) {
        let started = Instant::now();
        let ours = compute(row).unwrap_or_else(|e| format!("error: {e}"));
        let agree = ours == row.value;
        differ += usize::from(!agree);
        crate::outln!(
            "{:<48} {:>5}  published {:<18} graphgo {:<18} {}  ({:.1} s)",
            row.table,
            row.case,
            row.value,
            ours,
            if agree { "agree" } else { "DIFFER" },
            started.elapsed().as_secs_f64()
        );
    }
    if differ == 0 {
        std::process::ExitCode::SUCCESS
    } else {
        crate::outln!("{differ} rows differ");
        std::process::ExitCode::from(1)
    }
}
