//! General Graph Go, by Mark Wainwright (`spec/SOURCES.md`, text 1).
//!
//! The source gives three versions. Rules 0, 1 and 3 and the move of rule 2 are the same
//! text in all three (versions 2 and 3 write `f(u)=f(v)` where version 1 writes "the same
//! colour"), so they are transcribed once, under their `ggg1:` ids; the functions that
//! differ are written per version, in the order of the source. Restated in `spec/ggg.md`.
//!
//! Values in, values out: a colouring is an `imbl::Vector`, a group an `imbl::OrdSet`, a
//! game an immutable [`GameState`]; nothing here changes its arguments. (A function may
//! build its own result step by step in locals, as `group` grows a class to its closure.)

use std::sync::Arc;

use imbl::{HashSet, OrdSet, Vector};
use num_rational::BigRational;

use crate::board::{Board, Vertex};
use crate::game::{
    Colour, EndReason, GameResult, Illegal, Neutral, NoMove, Options, Player, Repetition,
    SelfCapture, Setup, Turn, Version,
};
use crate::spec_fast;

// ---------------------------------------------------------------------------------------
// Version 1
// ---------------------------------------------------------------------------------------

/// `ggg1:0` — a 3-colouring f of V: the colour of every vertex, indexed by vertex.
pub type Colouring = Vector<Colour>;

/// `ggg1:0` — a coloured graph (V, E, f): the graph (V, E) is a [`Board`], f a [`Colouring`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColouredGraph {
    pub graph: Arc<Board>,
    pub f: Colouring,
}

impl ColouredGraph {
    /// The same graph with vertex `v` given colour `c`.
    fn recoloured(&self, v: Vertex, c: Colour) -> ColouredGraph {
        ColouredGraph {
            graph: Arc::clone(&self.graph),
            f: self.f.update(v, c),
        }
    }

    /// The vertices of colour `c`.
    fn vertices_of(&self, c: Colour) -> impl Iterator<Item = Vertex> + '_ {
        self.f
            .iter()
            .enumerate()
            .filter(move |&(_, &x)| x == c)
            .map(|(v, _)| v)
    }
}

/// `ggg1:1` — u ~ v: u and v have the same colour and {u, v} is in E.
pub fn related(g: &ColouredGraph, u: Vertex, v: Vertex) -> bool {
    g.f[u] == g.f[v] && g.graph.adjacent(u, v)
}

/// `ggg1:1` — a group: the class of `v` under the reflexive transitive closure of ~.
/// Every vertex has one, empty vertices included.
pub fn group(g: &ColouredGraph, v: Vertex) -> OrdSet<Vertex> {
    // Reflexive: v is in its class. Transitive: add every w with u ~ w for some u already in,
    // until nothing new comes (each round adds at least one vertex, so at most |V| rounds).
    let mut class = OrdSet::unit(v);
    let mut frontier = vec![v];
    while let Some(u) = frontier.pop() {
        for &w in g.graph.neighbours(u) {
            if related(g, u, w) && !class.contains(&w) {
                class.insert(w);
                frontier.push(w);
            }
        }
    }
    class
}

/// `ggg1:1` — the groups: the equivalence classes, which partition V.
pub fn groups(g: &ColouredGraph) -> Vec<OrdSet<Vertex>> {
    groups_of(g, (0..g.f.len()).collect())
}

/// The groups that contain the given vertices (each once).
fn groups_of(g: &ColouredGraph, vertices: Vec<Vertex>) -> Vec<OrdSet<Vertex>> {
    // A local mark of the vertices already placed in a group, so each class is built once.
    let mut covered = vec![false; g.f.len()];
    let mut found = Vec::new();
    for v in vertices {
        if !covered[v] {
            let class = group(g, v);
            class.iter().for_each(|&u| covered[u] = true);
            found.push(class);
        }
    }
    found
}

/// `ggg1:1` — the liberties of a black or white group: the empty vertices adjacent to it.
/// (An empty group has none: the text defines liberties of black or white groups only.)
pub fn liberties(g: &ColouredGraph, group: &OrdSet<Vertex>) -> OrdSet<Vertex> {
    let coloured = group.iter().any(|&u| g.f[u] != Colour::Empty);
    if !coloured {
        return OrdSet::new();
    }
    group
        .iter()
        .flat_map(|&u| g.graph.neighbours(u).iter().copied())
        .filter(|&e| g.f[e] == Colour::Empty)
        .collect()
}

/// `ggg1:2` — what a move removes: the number of black and white vertices null-coloured.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Removed {
    pub black: usize,
    pub white: usize,
}

/// `ggg1:2` — "removing (null-colouring) all [a player's] groups with no liberties".
fn remove_groups_without_liberties(g: &ColouredGraph, player: Player) -> (ColouredGraph, usize) {
    let dead: Vec<OrdSet<Vertex>> = groups_of(g, g.vertices_of(player.colour()).collect())
        .into_iter()
        .filter(|grp| liberties(g, grp).is_empty())
        .collect();
    let removed = dead.iter().map(OrdSet::len).sum();
    let f = dead
        .iter()
        .flatten()
        .fold(g.f.clone(), |f, &v| f.update(v, Colour::Empty));
    (
        ColouredGraph {
            graph: Arc::clone(&g.graph),
            f,
        },
        removed,
    )
}

/// `ggg1:2` — a move for `player` at the empty vertex `v`: colour `v` with the player's
/// colour, then remove the opponent's groups with no liberties, then the player's own.
/// Returns the new coloured graph and how many vertices of each colour were removed.
pub fn make_move(g: &ColouredGraph, player: Player, v: Vertex) -> (ColouredGraph, Removed) {
    let coloured = g.recoloured(v, player.colour());
    let (after_opponent, theirs) = remove_groups_without_liberties(&coloured, player.opponent());
    let (after_own, ours) = remove_groups_without_liberties(&after_opponent, player);
    let removed = match player {
        Player::Black => Removed {
            black: ours,
            white: theirs,
        },
        Player::White => Removed {
            black: theirs,
            white: ours,
        },
    };
    (after_own, removed)
}

/// `ggg1:2` — Black and White alternate: the player after `player`.
pub fn next_player(player: Player) -> Player {
    player.opponent()
}

/// `ggg1:3` — positional superko: a move may not give a colouring that occurred earlier in
/// the game. "Earlier" includes the initial colouring and the current one (reading 3), so a
/// move that changes nothing (a lone stone that captures only itself) is never legal.
pub fn repeats_earlier_position(earlier: &HashSet<Colouring>, produced: &Colouring) -> bool {
    earlier.contains(produced)
}

/// `ggg1:4` — the game ends after two consecutive passes or one resignation.
pub fn ends_version1(consecutive_passes: u32, resigned: Option<Player>) -> bool {
    consecutive_passes >= 2 || resigned.is_some()
}

/// `ggg1:4` — a player's score: the vertices of the player's colour, plus the empty vertices
/// in groups with no neighbour of the opponent's colour. Under `neutral: none` (reading 1,
/// Tromp-Taylor) an empty group must also touch the player's colour to count.
pub fn score(g: &ColouredGraph, player: Player, neutral: Neutral) -> usize {
    let own = g.vertices_of(player.colour()).count();
    let counted = |grp: &OrdSet<Vertex>| {
        let touches = |c: Colour| {
            grp.iter()
                .any(|&u| g.graph.neighbours(u).iter().any(|&w| g.f[w] == c))
        };
        !touches(player.opponent().colour())
            && (neutral == Neutral::Both || touches(player.colour()))
    };
    let territory: usize = groups_of(g, g.vertices_of(Colour::Empty).collect())
        .iter()
        .filter(|grp| counted(grp))
        .map(OrdSet::len)
        .sum();
    own + territory
}

/// `ggg1:4` — the winner: the resigner loses; otherwise the greater score wins (komi added
/// to White's, reading 10), and equal scores are a draw.
pub fn winner(scores: &[BigRational; 2], resigned: Option<Player>) -> Option<Player> {
    match resigned {
        Some(p) => Some(p.opponent()),
        None => crate::game::higher_score(scores),
    }
}

/// `ggg1:notes` — komi of n by a second component: a path of n vertices whose two ends are
/// empty and whose inside is white. Under `ggg1:4` it is worth n to White (n - 2 stones and
/// two points of territory) and Black cannot play into it: a black stone on an end is
/// captured at once and gives back a colouring that already occurred.
pub fn komi_gadget(n: usize) -> Result<ColouredGraph, String> {
    if n < 3 {
        return Err(format!("the komi gadget needs n > 2 (ggg1:notes), not {n}"));
    }
    let graph = Board::path(n).map_err(|e| e.0)?;
    let f = (0..n)
        .map(|i| {
            if i == 0 || i == n - 1 {
                Colour::Empty
            } else {
                Colour::White
            }
        })
        .collect();
    Ok(ColouredGraph {
        graph: Arc::new(graph),
        f,
    })
}

/// `ggg1:notes` — a handicap or an ancient opening is an initial colouring, and the first
/// move may go to White: both are fields of the [`Setup`] (reading 10). This checks that a
/// setup's colouring fits its graph.
pub fn initial_colouring(setup: &Setup) -> Result<ColouredGraph, String> {
    if setup.initial.len() != setup.board.len() {
        return Err(format!(
            "the setup colours {} vertices, the board has {}",
            setup.initial.len(),
            setup.board.len()
        ));
    }
    Ok(ColouredGraph {
        graph: Arc::clone(&setup.board),
        f: setup.initial.iter().copied().collect(),
    })
}

// ---------------------------------------------------------------------------------------
// Version 2
// ---------------------------------------------------------------------------------------

/// `ggg2:2` — a turn is a move or a resignation: saying "pass" is not among them.
pub fn may_pass_version2() -> bool {
    false
}

/// `ggg2:4` — the game ends when a player is unable to make a move, or resigns; that player
/// loses. This is the test "unable to make a move": no empty vertex gives a legal move.
/// ([`legal_moves`] finds the moves [`check_move`] allows without playing each one.)
pub fn unable_to_move(state: &GameState) -> bool {
    legal_moves(state, state.to_move).is_empty()
}

/// `ggg2:example` — the 5x5 position printed after version 2, top row first:
/// `. . . . .` / `X X X X X` / `O X X X X` / `O O O O O` / `. O . O .`.
/// Black's group has five liberties (the top row), White's three one-point eyes: without
/// passes the side with fewer safe fills must eventually fill its own last liberty.
pub fn example_5x5() -> ColouredGraph {
    let rows = [".....", "XXXXX", "OXXXX", "OOOOO", ".O.O."];
    let graph = Board::grid(5, 5).expect("5x5 is within every cap");
    // Row r of the text (top first) is row 5 - r counted from the bottom.
    let f = (0..25)
        .map(|v| match rows[4 - v / 5].as_bytes()[v % 5] {
            b'X' => Colour::Black,
            b'O' => Colour::White,
            _ => Colour::Empty,
        })
        .collect();
    ColouredGraph {
        graph: Arc::new(graph),
        f,
    }
}

// ---------------------------------------------------------------------------------------
// Version 3
// ---------------------------------------------------------------------------------------

/// `ggg3:0` — the prisoner counts: P is Black's, Q is White's, both non-negative integers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Prisoners {
    pub p: u64,
    pub q: u64,
}

/// `ggg3:2` — removing a black group of n vertices adds n to Q, a white one adds n to P,
/// whoever made the move (so a self-capture pays the opponent).
pub fn count_prisoners(before: Prisoners, removed: Removed) -> Prisoners {
    // Counts stay far below 2^64: records cap them (`record::MAX_PRISONERS`) and a move
    // removes at most |V| stones; an overflow would be a caller's bug, so it is reported.
    let add = |count: u64, n: usize| {
        count
            .checked_add(n as u64)
            .expect("prisoner count overflows u64")
    };
    Prisoners {
        p: add(before.p, removed.white),
        q: add(before.q, removed.black),
    }
}

/// `ggg3:2` — a pass reduces the passer's own count by one (P for Black, Q for White), and
/// is not allowed when that count is zero.
pub fn pay_for_pass(before: Prisoners, player: Player) -> Option<Prisoners> {
    match player {
        Player::Black => before.p.checked_sub(1).map(|p| Prisoners { p, ..before }),
        Player::White => before.q.checked_sub(1).map(|q| Prisoners { q, ..before }),
    }
}

/// `ggg3:3` — positional superko applies to moves; a pass is not a move, so a pass that
/// leaves the colouring as it was is never refused by it.
pub fn superko_applies_to(turn: &Turn) -> bool {
    matches!(turn, Turn::Move { .. })
}

/// `ggg3:4` — the game ends when a player is unable to make a move (and, under the option
/// `no_move: pass`, cannot pass either) or resigns; that player loses.
pub fn ends_version3(state: &GameState) -> bool {
    let can_pass = pay_for_pass(state.prisoners, state.to_move).is_some();
    unable_to_move(state) && (state.options.no_move == NoMove::Lose || !can_pass)
}

// ---------------------------------------------------------------------------------------
// A game: the clauses above, put together turn by turn.
// ---------------------------------------------------------------------------------------

/// A game in progress, as a value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameState {
    /// Which version of the rules (`ggg1`, `ggg2` or `ggg3`).
    pub rules: Version,
    pub options: Options,
    pub komi: BigRational,
    pub position: ColouredGraph,
    pub to_move: Player,
    /// Every colouring of the game so far, in order, with the player to move at it.
    pub history: Vector<(Colouring, Player)>,
    /// The colourings of `history`, as a set (for `ggg1:3`).
    pub earlier: HashSet<Colouring>,
    /// The (colouring, player to move) pairs of `history`, as a set (for situational superko).
    pub earlier_situations: HashSet<(Colouring, Player)>,
    /// The key of every colouring of `history`, in order ([`spec_fast::colouring_key`]):
    /// kept so that [`legal_moves`] tells new colourings from earlier ones without reading
    /// every earlier colouring again on every turn. No rule reads it.
    pub history_keys: Vector<u64>,
    pub consecutive_passes: u32,
    pub prisoners: Prisoners,
    pub result: Option<GameResult>,
}

/// The clause whose superko a version uses.
fn superko_clause(rules: Version) -> &'static str {
    match rules {
        Version::V3 => "ggg3:3",
        _ => "ggg1:3",
    }
}

/// The first colouring of a game, or why the setup is not one.
pub fn start(setup: &Setup) -> Result<GameState, String> {
    let position = initial_colouring(setup)?;
    let rules = setup.rules.version().ok_or_else(|| {
        format!(
            "{} is not a version of General Graph Go",
            setup.rules.name()
        )
    })?;
    let state = GameState {
        rules,
        options: setup.options,
        komi: setup.komi.clone(),
        history: Vector::unit((position.f.clone(), setup.to_move)),
        earlier: HashSet::unit(position.f.clone()),
        earlier_situations: HashSet::unit((position.f.clone(), setup.to_move)),
        history_keys: Vector::unit(spec_fast::colouring_key(position.f.iter().copied())),
        position,
        to_move: setup.to_move,
        consecutive_passes: 0,
        prisoners: Prisoners {
            p: setup.prisoners[0],
            q: setup.prisoners[1],
        },
        result: None,
    };
    Ok(settle(state))
}

/// Checks a move for `player` at `v` and gives the colouring it produces and what it removed.
pub fn check_move(
    state: &GameState,
    player: Player,
    v: Vertex,
) -> Result<(ColouredGraph, Removed), Illegal> {
    // A move colours a vertex of V: a turn that names no vertex is not a move.
    if v >= state.position.f.len() {
        return Err(Illegal {
            clause: "ggg1:2",
            reason: format!("vertex {v} is not on the board"),
        });
    }
    let name = state.position.graph.name(v).to_string();
    if state.position.f[v] != Colour::Empty {
        return Err(Illegal {
            clause: "ggg1:2",
            reason: format!("{name} is not empty: a move colours an empty vertex"),
        });
    }
    let (after, removed) = make_move(&state.position, player, v);
    let own_removed = match player {
        Player::Black => removed.black,
        Player::White => removed.white,
    };
    if refuses_self_capture(state.options.self_capture, own_removed) {
        return Err(Illegal {
            clause: "option:self_capture",
            reason: format!("{name} would capture {own_removed} of the mover's own stones"),
        });
    }
    let repeated = match state.options.repetition {
        Repetition::Positional => repeats_earlier_position(&state.earlier, &after.f),
        Repetition::Situational => state
            .earlier_situations
            .contains(&(after.f.clone(), player.opponent())),
        Repetition::Simple => {
            let n = state.history.len();
            n >= 2 && state.history[n - 2].0 == after.f
        }
        Repetition::None => false,
    };
    if repeated {
        let clause = match state.options.repetition {
            Repetition::Positional => superko_clause(state.rules),
            _ => "option:repetition",
        };
        return Err(Illegal {
            clause,
            reason: format!("{name} would repeat an earlier position"),
        });
    }
    Ok((after, removed))
}

/// `option:self_capture` — whether the option refuses a move that removes `own_removed` of
/// the mover's own stones.
fn refuses_self_capture(option: SelfCapture, own_removed: usize) -> bool {
    match option {
        SelfCapture::All => false,
        SelfCapture::Multi => own_removed == 1,
        SelfCapture::None => own_removed > 0,
    }
}

/// The empty vertices where `player` may move now, in vertex order: those [`check_move`]
/// allows, found without building the colouring of every candidate. What each move removes
/// comes from [`spec_fast::ggg::move_effects`] (by locality: one pass over the board, then
/// the degree of each vertex), and a move passes the repetition rule when the key of the
/// colouring it would produce is none of the forbidden colourings' keys; a move whose key
/// matches one, and every move on a colouring with a libertyless group (a setup's), is
/// decided by [`check_move`] itself. Tested equal to [`legal_turns_literal`].
pub fn legal_moves(state: &GameState, player: Player) -> Vec<Vertex> {
    let f: Vec<Colour> = state.position.f.iter().copied().collect();
    let Some(effects) = spec_fast::ggg::move_effects(&state.position.graph, &f, player) else {
        return state
            .position
            .vertices_of(Colour::Empty)
            .filter(|&v| check_move(state, player, v).is_ok())
            .collect();
    };
    // The keys of the colourings a move may not give: `earlier` is the set of `history`'s
    // colourings, `earlier_situations` the set of its pairs.
    let keys = || state.history_keys.iter().copied();
    let forbidden: std::collections::HashSet<u64> = match state.options.repetition {
        Repetition::Positional => keys().collect(),
        Repetition::Situational => keys()
            .zip(state.history.iter())
            .filter(|(_, (_, to_move))| *to_move == player.opponent())
            .map(|(k, _)| k)
            .collect(),
        Repetition::Simple => {
            let n = state.history_keys.len();
            (n >= 2)
                .then(|| state.history_keys[n - 2])
                .into_iter()
                .collect()
        }
        Repetition::None => std::collections::HashSet::new(),
    };
    let now = *state.history_keys.last().expect("history is never empty");
    effects
        .iter()
        .filter(|e| {
            let own_removed = match player {
                Player::Black => e.removed_black,
                Player::White => e.removed_white,
            };
            !refuses_self_capture(state.options.self_capture, own_removed)
                && (!forbidden.contains(&spec_fast::ggg::produced_key(now, &f, player, e))
                    || check_move(state, player, e.at).is_ok())
        })
        .map(|e| e.at)
        .collect()
}

/// One turn: the rules' answer to `turn` in `state`, a new state or the clause that forbids it.
pub fn take_turn(state: &GameState, turn: &Turn) -> Result<GameState, Illegal> {
    if state.result.is_some() {
        let clause = if state.rules == Version::V1 {
            "ggg1:4"
        } else {
            end_clause(state.rules)
        };
        return Err(Illegal {
            clause,
            reason: "the game is over".into(),
        });
    }
    let player = turn.player();
    if player != state.to_move {
        return Err(Illegal {
            clause: "ggg1:2",
            reason: format!("it is {}'s turn, not {}'s", state.to_move, player),
        });
    }
    let next = match *turn {
        Turn::Move { at, .. } => {
            let (position, removed) = check_move(state, player, at)?;
            let situation = (position.f.clone(), next_player(player));
            GameState {
                history: state.history.clone() + Vector::unit(situation.clone()),
                earlier: state.earlier.update(position.f.clone()),
                earlier_situations: state.earlier_situations.update(situation),
                history_keys: state.history_keys.clone()
                    + Vector::unit(spec_fast::colouring_key(position.f.iter().copied())),
                position,
                to_move: next_player(player),
                consecutive_passes: 0,
                prisoners: if state.rules == Version::V3 {
                    count_prisoners(state.prisoners, removed)
                } else {
                    state.prisoners
                },
                ..state.clone()
            }
        }
        Turn::Pass { .. } => {
            let prisoners = match state.rules {
                Version::V1 => state.prisoners,
                Version::V2 => {
                    debug_assert!(!may_pass_version2());
                    return Err(Illegal {
                        clause: "ggg2:2",
                        reason: "version 2 has no passing".into(),
                    });
                }
                Version::V3 => pay_for_pass(state.prisoners, player).ok_or_else(|| Illegal {
                    clause: "ggg3:2",
                    reason: format!("{} has no prisoners to pay for a pass", player),
                })?,
            };
            let situation = (state.position.f.clone(), next_player(player));
            GameState {
                history: state.history.clone() + Vector::unit(situation.clone()),
                earlier_situations: state.earlier_situations.update(situation),
                history_keys: state.history_keys.clone()
                    + Vector::unit(*state.history_keys.last().expect("history is never empty")),
                to_move: next_player(player),
                consecutive_passes: state.consecutive_passes + 1,
                prisoners,
                ..state.clone()
            }
        }
        Turn::Resign { .. } => {
            return Ok(GameState {
                result: Some(finish(state, Some(player), EndReason::Resignation)),
                ..state.clone()
            });
        }
        _ => {
            // Komi, colour choice, history and ko actions are turns of the directed rules
            // (`dir:*`): General Graph Go has moves, passes and resignations only.
            return Err(Illegal {
                clause: "ggg1:2",
                reason: "not a turn of General Graph Go (a move, a pass or a resignation)".into(),
            });
        }
    };
    Ok(settle(next))
}

/// The clause that ends a version-2 or version-3 game.
fn end_clause(rules: Version) -> &'static str {
    match rules {
        Version::V1 => "ggg1:4",
        Version::V2 => "ggg2:4",
        Version::V3 => "ggg3:4",
    }
}

/// Decides whether the game has ended before the next turn (`ggg1:4`, `ggg2:4`, `ggg3:4`).
fn settle(state: GameState) -> GameState {
    let over = match state.rules {
        Version::V1 => ends_version1(state.consecutive_passes, None).then_some(EndReason::Score),
        Version::V2 => unable_to_move(&state).then_some(EndReason::NoMove),
        Version::V3 => ends_version3(&state).then_some(EndReason::NoMove),
    };
    match over {
        Some(by) => GameState {
            result: Some(finish(&state, None, by)),
            ..state
        },
        None => state,
    }
}

/// The result of a game that ends now; `loser` is the resigner, or the player to move when
/// that player cannot move.
fn finish(state: &GameState, resigned: Option<Player>, by: EndReason) -> GameResult {
    match (state.rules, by) {
        (Version::V1, _) => {
            let s = scores(state);
            GameResult {
                winner: winner(&s, resigned),
                by,
                score: Some(s),
            }
        }
        (_, EndReason::Resignation) => GameResult {
            winner: resigned.map(Player::opponent),
            by,
            score: None,
        },
        _ => GameResult {
            winner: Some(state.to_move.opponent()),
            by,
            score: None,
        },
    }
}

/// `ggg1:4` with komi: Black's and White's scores now.
pub fn scores(state: &GameState) -> [BigRational; 2] {
    let count = |p: Player| {
        BigRational::from_integer(score(&state.position, p, state.options.neutral).into())
    };
    [
        count(Player::Black),
        count(Player::White) + state.komi.clone(),
    ]
}

/// Every legal turn for the player to move, sorted: a move wherever [`check_move`] allows
/// it ([`legal_moves`]), a pass where the version allows one (`ggg1:4`, `ggg2:2`,
/// `ggg3:2`), and resigning. The same set as [`legal_turns_literal`] (tested equal),
/// without building the state after every candidate: [`take_turn`] refuses a turn only in
/// those checks, and building a state also decides whether the game ends there, which
/// under versions 2 and 3 tries every move again.
pub fn legal_turns(state: &GameState) -> Vec<Turn> {
    if state.result.is_some() {
        return Vec::new();
    }
    let player = state.to_move;
    let may_pass = match state.rules {
        Version::V1 => true,
        Version::V2 => may_pass_version2(),
        Version::V3 => pay_for_pass(state.prisoners, player).is_some(),
    };
    let mut legal: Vec<Turn> = legal_moves(state, player)
        .into_iter()
        .map(|at| Turn::Move { player, at })
        .chain(may_pass.then_some(Turn::Pass { player }))
        .chain([Turn::Resign { player }])
        .collect();
    legal.sort();
    legal
}

/// Every legal turn for the player to move, sorted, as the rules define it: every turn
/// that [`take_turn`] accepts. Kept to test [`legal_turns`] against.
pub fn legal_turns_literal(state: &GameState) -> Vec<Turn> {
    if state.result.is_some() {
        return Vec::new();
    }
    let player = state.to_move;
    let moves = state
        .position
        .vertices_of(Colour::Empty)
        .map(|at| Turn::Move { player, at });
    let others = [Turn::Pass { player }, Turn::Resign { player }];
    let mut legal: Vec<Turn> = moves
        .chain(others)
        .filter(|t| take_turn(state, t).is_ok())
        .collect();
    legal.sort();
    legal
}
