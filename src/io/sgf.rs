//! SGF in and out: Go game records in the format every Go program reads (FF\[4\],
//! <https://www.red-bean.com/sgf/>), on square and rectangular boards.
//!
//! Reading goes through the `sgf-parse` crate (the lexer, the tree, the property values);
//! this module turns the main variation into a [`Game`] under a rule set the caller chooses
//! (SGF's `RU` names rules graphgo does not transcribe, so it is not read). Writing is a
//! few lines of text, kept here so that the output is byte-for-byte reproducible.
//!
//! Coordinates: SGF's point `(x, y)` counts columns from the left and rows from the top,
//! `aa` the top-left corner; graphgo's grid vertex `x-y` counts rows from the bottom (as
//! GTP's `C4` does). So SGF `(x, y)` on a board `h` rows high is vertex `(h - 1 - y) * w + x`.

use std::fmt::Write as _;
use std::path::Path;
use std::sync::Arc;

use num_rational::BigRational;
use sgf_parse::go::{Move, Point, Prop};
use sgf_parse::{Color, SgfNode, SgfProp};

use crate::board::{Board, Shape, Vertex};
use crate::game::{Colour, Equipment, Options, Player, RuleId, Setup, Turn};
use crate::io::record::{Game, InputError};
use crate::rational;

/// The largest SGF file read (a 19x19 game with comments is a few tens of kilobytes).
pub const MAX_SGF_BYTES: u64 = 8 * 1024 * 1024;
/// The most nodes the first game tree may hold, in all its variations (a documented cap:
/// the tree is checked by a linear scan before it is parsed, since sgf-parse's parser and
/// its tree's destructor recurse once per node).
pub const MAX_SGF_NODES: usize = 100_000;
/// The stack of the thread that parses an SGF tree: sgf-parse recurses once per node, and a
/// tree at the node cap needs several megabytes (more than a spawned thread's default).
const SGF_PARSER_STACK: usize = 64 * 1024 * 1024;
/// SGF's points are two letters from `a-zA-Z`: 52 columns and rows at most.
pub const MAX_SGF_SIDE: u8 = 52;

fn bad<T>(msg: impl Into<String>) -> Result<T, InputError> {
    Err(InputError(msg.into()))
}

/// The raw text of a property as it was written (for messages).
fn shown(prop: &Prop) -> String {
    let text = prop.to_string();
    if text.len() > 80 {
        format!(
            "{}...",
            &text[..text.char_indices().nth(77).map_or(text.len(), |(i, _)| i)]
        )
    } else {
        text
    }
}

/// Reads an SGF file: the first game tree's main variation, played under `rules` with
/// `options`. Errors start with the path and name the property and its value.
pub fn load(path: &Path, rules: RuleId, options: Options) -> Result<Game, InputError> {
    let name = path.display();
    // Found in a folder (`replay-dir`) or named by a GTP controller (`loadsgf`): a regular
    // file only, read up to the cap.
    let bytes = crate::io::bounded::read(
        path,
        MAX_SGF_BYTES,
        "SGF file",
        crate::io::bounded::Origin::Found,
    )?;
    // Old SGF files are often Latin-1 in their comments; the properties graphgo reads are
    // ASCII, so undecodable bytes are replaced rather than refused.
    let text = String::from_utf8_lossy(&bytes);
    parse(&text, rules, options).map_err(|e| InputError(format!("{name}: {e}")))
}

/// Reads SGF text (see [`load`]).
pub fn parse(text: &str, rules: RuleId, options: Options) -> Result<Game, InputError> {
    if !RuleId::GRAPH.contains(&rules) {
        return bad(format!(
            "rules {}: SGF records are read for graph Go only (ggg1, ggg2, ggg3)",
            rules.name()
        ));
    }
    let nodes = main_variation(text)?;
    let root = &nodes[0];
    let root_property = |id: &str| root.iter().find(|p| p.identifier() == id);
    // The board: SZ in the root, 19 when absent (the SGF default for Go).
    let (w, h) = match root_property("SZ") {
        None => (19, 19),
        Some(Prop::SZ((w, h))) => (*w, *h),
        Some(p) => return bad(format!("property SZ: '{}' is not a board size", shown(p))),
    };
    if w == 0 || h == 0 || w > MAX_SGF_SIDE || h > MAX_SGF_SIDE {
        return bad(format!(
            "property SZ: {w}x{h} is not a board size from 1 to {MAX_SGF_SIDE} (SGF's points are two letters)"
        ));
    }
    let (w, h) = (w as usize, h as usize);
    let board = Board::grid(w, h).map_err(|e| InputError(format!("property SZ: {e}")))?;
    let vertex = |p: &Point| -> Option<Vertex> {
        let (x, y) = (p.x as usize, p.y as usize);
        (x < w && y < h).then(|| (h - 1 - y) * w + x)
    };
    let mut initial = vec![Colour::Empty; board.len()];
    let mut to_move: Option<Player> = None;
    let mut komi = BigRational::from_integer(0.into());
    let mut turns = Vec::new();
    for (i, node) in nodes.iter().enumerate() {
        for prop in node {
            match prop {
                Prop::AB(points) | Prop::AW(points) | Prop::AE(points) => {
                    let (id, colour) = match prop {
                        Prop::AB(_) => ("AB", Colour::Black),
                        Prop::AW(_) => ("AW", Colour::White),
                        _ => ("AE", Colour::Empty),
                    };
                    if !turns.is_empty() {
                        return bad(format!(
                            "property {id} in node {i}: setup stones after the first move are not read (graphgo replays a game from one setup)"
                        ));
                    }
                    let mut sorted: Vec<&Point> = points.iter().collect();
                    sorted.sort_by_key(|p| (p.y, p.x));
                    for p in sorted {
                        let Some(v) = vertex(p) else {
                            return bad(format!(
                                "property {id} in node {i}: point [{}] is off the {w}x{h} board",
                                point_text(p)
                            ));
                        };
                        initial[v] = colour;
                    }
                }
                // PL after the first move is a setup change graphgo does not replay.
                Prop::PL(c) if turns.is_empty() => to_move = Some(player(*c)),
                Prop::KM(k) => {
                    if !k.is_finite() {
                        return bad(format!("property KM: '{}' is not a number", shown(prop)));
                    }
                    komi = rational::parse(&format!("{k}"))
                        .map_err(|e| InputError(format!("property KM: '{}': {e}", shown(prop))))?;
                }
                Prop::B(m) | Prop::W(m) => {
                    let who = if matches!(prop, Prop::B(_)) {
                        Player::Black
                    } else {
                        Player::White
                    };
                    let turn = match m {
                        Move::Pass => Turn::Pass { player: who },
                        // `tt` is the old way to write a pass, on boards up to 19x19.
                        Move::Move(p) if p.x == 19 && p.y == 19 && w <= 19 && h <= 19 => {
                            Turn::Pass { player: who }
                        }
                        Move::Move(p) => match vertex(p) {
                            Some(at) => Turn::Move { player: who, at },
                            None => {
                                return bad(format!(
                                    "property {} in node {i}: point [{}] is off the {w}x{h} board",
                                    who.letter(),
                                    point_text(p)
                                ))
                            }
                        },
                    };
                    if turns.len() >= crate::io::record::MAX_TURNS {
                        return bad(format!(
                            "over {} moves (the cap of turns per game)",
                            crate::io::record::MAX_TURNS
                        ));
                    }
                    turns.push(turn);
                }
                Prop::Invalid(id, values) if is_read(id) => {
                    let values: String = values.iter().map(|v| format!("[{v}]")).collect();
                    let values = if values.len() > 80 {
                        format!("{}...", values.chars().take(77).collect::<String>())
                    } else {
                        values
                    };
                    return bad(format!(
                        "property {id} in node {i}: value {values} is not valid for {id}"
                    ));
                }
                _ => {}
            }
        }
    }
    // Who moves first: PL when given, else the colour of the first move, else Black.
    let to_move = to_move
        .or_else(|| turns.first().map(Turn::player))
        .unwrap_or(Player::Black);
    let komi = if rules == RuleId::Ggg1 {
        komi
    } else {
        // Only ggg1 scores a game; SGF files carry KM whatever the rules, so it is dropped.
        BigRational::from_integer(0.into())
    };
    let setup = Setup {
        rules,
        board: Arc::new(board),
        initial,
        to_move,
        prisoners: [0, 0],
        komi,
        options,
        equipment: Equipment::Graph,
    };
    Ok(Game { setup, turns })
}

/// The properties of each node of the first game tree's main variation (the root first),
/// or why not. The tree is cut from the text and its nodes counted first
/// ([`crate::io::input_scan::sgf_first_tree`]); sgf-parse then parses and drops it on a thread
/// whose stack holds its recursion at the node cap.
fn main_variation(text: &str) -> Result<Vec<Vec<Prop>>, InputError> {
    let tree = crate::io::input_scan::sgf_first_tree(text, MAX_SGF_NODES)?.to_string();
    let parse = move || -> Result<Vec<Vec<Prop>>, InputError> {
        let trees =
            sgf_parse::parse(&tree).map_err(|e| InputError(format!("not valid SGF: {e}")))?;
        let Some(tree) = trees.into_iter().next() else {
            return bad("not valid SGF: no game tree");
        };
        let root = tree.into_go_node().map_err(|_| {
            InputError("property GM: not a Go record (GM must be 1 or absent)".to_string())
        })?;
        let nodes: Vec<Vec<Prop>> = root
            .main_variation()
            .map(|n: &SgfNode<Prop>| n.properties().cloned().collect())
            .collect();
        Ok(nodes)
    };
    std::thread::Builder::new()
        .name("sgf-parse".into())
        .stack_size(SGF_PARSER_STACK)
        .spawn(parse)
        .map_err(|e| InputError(format!("cannot start the SGF reader: {e}")))?
        .join()
        .unwrap_or_else(|_| bad("not valid SGF: the SGF reader failed on this file"))
}

/// The properties whose values graphgo reads: an invalid value of any of these is an error;
/// invalid values of other properties (comments, markup) are ignored.
fn is_read(id: &str) -> bool {
    matches!(id, "SZ" | "KM" | "AB" | "AW" | "AE" | "PL" | "B" | "W")
}

fn player(c: Color) -> Player {
    match c {
        Color::Black => Player::Black,
        Color::White => Player::White,
    }
}

fn point_text(p: &Point) -> String {
    let letter = |n: u8| -> char {
        if n < 26 {
            (b'a' + n) as char
        } else {
            (b'A' + n - 26) as char
        }
    };
    format!("{}{}", letter(p.x), letter(p.y))
}

/// The width and height of `board` when it is a plain `w x h` grid (the only boards SGF
/// can draw), with sides SGF can name.
pub fn grid_size(board: &Board) -> Option<(usize, usize)> {
    let Shape::Plane { width, height } = *board.shape() else {
        return None;
    };
    if width > MAX_SGF_SIDE as usize || height > MAX_SGF_SIDE as usize {
        return None;
    }
    let grid = Board::grid(width, height).ok()?;
    (grid == *board).then_some((width, height))
}

/// The SGF point of grid vertex `v` on a `w x h` board.
fn sgf_point(v: Vertex, w: usize, h: usize) -> String {
    let (x, y) = (v % w, h - 1 - v / w);
    point_text(&Point {
        x: x as u8,
        y: y as u8,
    })
}

/// SGF text escaping: `]` and `\` are escaped inside a value.
fn escaped(text: &str) -> String {
    text.replace('\\', "\\\\").replace(']', "\\]")
}

/// The komi as SGF writes it (a decimal), when it has one: SGF's KM is a real number, so a
/// komi like 1/3 is given in the comment instead.
fn decimal(r: &BigRational) -> Option<String> {
    let mut scaled = r.clone();
    for places in 0..=6 {
        if scaled.is_integer() {
            let digits = scaled.numer().to_string();
            if places == 0 {
                return Some(digits);
            }
            let (sign, digits) = match digits.strip_prefix('-') {
                Some(d) => ("-", d.to_string()),
                None => ("", digits),
            };
            let digits = format!("{digits:0>width$}", width = places + 1);
            let (int, frac) = digits.split_at(digits.len() - places);
            return Some(format!("{sign}{int}.{frac}"));
        }
        scaled *= BigRational::from_integer(10.into());
    }
    None
}

/// The game as SGF text, when its board is a grid SGF can draw (`None` otherwise). The
/// rules and options graphgo played go into the root comment; resignations end the record
/// with `RE`. `comment` (e.g. where a counterexample came from) is added to the root
/// comment.
pub fn write(game: &Game, comment: &str) -> Option<String> {
    let setup = &game.setup;
    let (w, h) = grid_size(&setup.board)?;
    // SGF has moves, passes and resignations; other families' turns cannot be written.
    if game.turns.iter().any(|t| {
        !matches!(
            t,
            Turn::Move { .. } | Turn::Pass { .. } | Turn::Resign { .. }
        )
    }) {
        return None;
    }
    let mut out = String::from("(;FF[4]GM[1]CA[UTF-8]AP[graphgo]");
    if w == h {
        let _ = write!(out, "SZ[{w}]");
    } else {
        let _ = write!(out, "SZ[{w}:{h}]");
    }
    let komi = decimal(&setup.komi);
    if let Some(k) = &komi {
        let _ = write!(out, "KM[{k}]");
    }
    let o = &setup.options;
    let mut note = format!(
        "graphgo rules {}; options: neutral {:?}, self-capture {:?}, repetition {:?}, no-move {:?}",
        setup.rules.name(),
        o.neutral,
        o.self_capture,
        o.repetition,
        o.no_move
    )
    .to_lowercase();
    if komi.is_none() {
        let _ = write!(note, "; komi {}", rational::format(&setup.komi));
    }
    if setup.rules == RuleId::Ggg3 {
        let _ = write!(
            note,
            "; prisoners black {} white {}",
            setup.prisoners[0], setup.prisoners[1]
        );
    }
    if !comment.is_empty() {
        let _ = write!(note, "\n{comment}");
    }
    let _ = write!(out, "C[{}]", escaped(&note));
    for (id, colour) in [("AB", Colour::Black), ("AW", Colour::White)] {
        let points: Vec<String> = (0..setup.board.len())
            .filter(|&v| setup.initial[v] == colour)
            .map(|v| format!("[{}]", sgf_point(v, w, h)))
            .collect();
        if !points.is_empty() {
            let _ = write!(out, "{id}{}", points.concat());
        }
    }
    let starts_white = setup.to_move == Player::White;
    if starts_white || game.turns.first().map(Turn::player) != Some(setup.to_move) {
        let _ = write!(out, "PL[{}]", setup.to_move.letter());
    }
    for (i, turn) in game.turns.iter().enumerate() {
        if i % 10 == 0 {
            out.push('\n');
        }
        match *turn {
            Turn::Move { player, at } => {
                let _ = write!(out, ";{}[{}]", player.letter(), sgf_point(at, w, h));
            }
            Turn::Pass { player } => {
                let _ = write!(out, ";{}[]", player.letter());
            }
            Turn::Resign { player } => {
                let _ = write!(out, ";RE[{}+R]", player.opponent().letter());
            }
            _ => unreachable!("refused above"),
        }
    }
    out.push_str(")\n");
    Some(out)
}

/// Tromp-Taylor's rules as `ggg1` options: area scoring where an empty region counts only
/// for a colour it reaches (reading 1: none), every self-capture allowed, positional
/// superko. `ggg1` as written differs from Tromp-Taylor only in reading 1 (`spec/ggg.md`).
pub const TROMP_TAYLOR: Options = Options {
    neutral: crate::game::Neutral::None,
    no_move: crate::game::NoMove::Lose,
    self_capture: crate::game::SelfCapture::All,
    repetition: crate::game::Repetition::Positional,
    ko_pass: crate::game::KoPass::Clears,
    repetition_end: crate::game::RepetitionEnd::None,
};

/// The fewest moves a record must have to count as a complete game.
pub const COMPLETE_GAME_MOVES: usize = 50;

/// Whether a record is a complete game rather than a problem position: it starts from an
/// empty board or from Black's handicap stones only (no white or erased setup), and has at
/// least [`COMPLETE_GAME_MOVES`] turns in its main variation.
pub fn is_complete_game(game: &Game) -> bool {
    !game.setup.initial.contains(&Colour::White) && game.turns.len() >= COMPLETE_GAME_MOVES
}

/// What replaying one game's turns did.
#[derive(Clone, Debug)]
pub struct GameRun {
    /// The turns played before the first refused one (or all of them).
    pub played: usize,
    /// The first refused turn: its index (0-based), the turn, and why.
    pub refused: Option<(usize, Turn, crate::game::Illegal)>,
    /// Passes recorded after the game had ended (GNU Go writes a third pass), not played.
    pub trailing_passes: usize,
    /// Time spent playing (starting the game included), for the replay-speed measurement.
    pub elapsed: std::time::Duration,
}

/// Plays `game`'s turns through `rules` until one is refused. Passes left over once the
/// game is over (two passes end a `ggg1` game; GNU Go's records often hold a third) are
/// counted apart rather than refused. Nothing is observed during play, so the time is the
/// rules' own.
pub fn run_game(
    rules: &dyn crate::game::RuleSet,
    game: &Game,
) -> Result<GameRun, crate::game::Unsupported> {
    let clock = std::time::Instant::now();
    let mut playing = rules.start(&game.setup)?;
    let mut run = GameRun {
        played: 0,
        refused: None,
        trailing_passes: 0,
        elapsed: std::time::Duration::ZERO,
    };
    for (i, turn) in game.turns.iter().enumerate() {
        if let Err(illegal) = playing.play(turn) {
            let rest = &game.turns[i..];
            if rest.iter().all(|t| matches!(t, Turn::Pass { .. }))
                && playing.observe().result.is_some()
            {
                run.trailing_passes = rest.len();
            } else {
                run.refused = Some((i, turn.clone(), illegal));
            }
            break;
        }
        run.played += 1;
    }
    run.elapsed = clock.elapsed();
    Ok(run)
}

/// The GTP name of a turn's vertex on a grid (`C4`), for reports about real games.
pub fn turn_text(game: &Game, turn: &Turn) -> String {
    match *turn {
        Turn::Move { player, at } => format!(
            "{} {}",
            player.letter(),
            game.setup
                .board
                .gtp_name(at)
                .unwrap_or_else(|| game.setup.board.name(at).to_string())
        ),
        _ => turn.text(&game.setup.board),
    }
}

/// A rule set limited to the boards SGF can draw: anything else is unsupported. Shrinking a
/// grid counterexample through two of these keeps it on a grid (the shrinker's vertex and
/// edge deletions are refused by both sides, so they never count as a divergence), so that
/// the minimized case can be written as SGF and opened in ordinary Go software.
pub struct OnGrids<'a>(pub &'a dyn crate::game::RuleSet);

impl crate::game::RuleSet for OnGrids<'_> {
    fn name(&self) -> &str {
        self.0.name()
    }

    fn start(
        &self,
        setup: &Setup,
    ) -> Result<Box<dyn crate::game::Playable>, crate::game::Unsupported> {
        if grid_size(&setup.board).is_none() {
            return Err(crate::game::Unsupported(
                "SGF draws rectangular grids only".into(),
            ));
        }
        self.0.start(setup)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_of_komi() {
        let r = |s: &str| rational::parse(s).unwrap();
        assert_eq!(decimal(&r("13/2")).as_deref(), Some("6.5"));
        assert_eq!(decimal(&r("-1/4")).as_deref(), Some("-0.25"));
        assert_eq!(decimal(&r("7")).as_deref(), Some("7"));
        assert_eq!(decimal(&r("1/3")), None);
    }

    #[test]
    fn points_are_counted_from_the_top_left() {
        // On a 3 wide, 2 high board, vertex 0 is 1-1 (bottom left): SGF row b.
        assert_eq!(sgf_point(0, 3, 2), "ab");
        assert_eq!(sgf_point(5, 3, 2), "ca");
    }
}
