//! The readers of a GTP engine's answers, in the protocol's words: a result as SGF's `RE`
//! writes it ([`parse_result`]), a player's colour, the drawing of `showboard`
//! ([`read_showboard`]) and the graph of `graphgo-board` ([`board_of_report`]). Each says
//! what is wrong with an answer it cannot read.

use num_rational::BigRational;

use crate::board::{Board, Shape};
use crate::conformance::gtp::quoted;
use crate::game::{Colour, Player};

/// The board a `graphgo-board` answer describes: one line per point, `POINT: N1 N2 ...`.
/// Every neighbour must be a listed point and the adjacency symmetric with no point its own
/// neighbour (a simple graph, ggg1:0); the message quotes the line that is not.
pub fn board_of_report(text: &str) -> Result<Board, String> {
    let mut names: Vec<String> = Vec::new();
    let mut rows: Vec<(String, Vec<String>)> = Vec::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let Some((point, rest)) = line.split_once(':') else {
            return Err(format!(
                "graphgo-board: '{}' is not 'POINT: NEIGHBOURS'",
                quoted(line)
            ));
        };
        let point = point.trim().to_string();
        if point.is_empty() || point.contains(char::is_whitespace) {
            return Err(format!("graphgo-board: '{}' names no point", quoted(line)));
        }
        names.push(point.clone());
        rows.push((point, rest.split_whitespace().map(str::to_string).collect()));
    }
    let listed: std::collections::HashSet<&String> = names.iter().collect();
    if listed.len() != names.len() {
        return Err("graphgo-board: a point is listed twice".into());
    }
    let mut edges: Vec<(String, String)> = Vec::new();
    let mut seen: std::collections::HashSet<(String, String)> = Default::default();
    for (point, near) in &rows {
        for n in near {
            if !listed.contains(n) {
                return Err(format!(
                    "graphgo-board: {point}'s neighbour {n} is not a listed point"
                ));
            }
            if n == point {
                return Err(format!("graphgo-board: {point} is its own neighbour"));
            }
            seen.insert((point.clone(), n.clone()));
        }
    }
    for (a, b) in &seen {
        if !seen.contains(&(b.clone(), a.clone())) {
            return Err(format!(
                "graphgo-board: {b} is {a}'s neighbour, but {a} is not {b}'s"
            ));
        }
        if a < b {
            edges.push((a.clone(), b.clone()));
        }
    }
    edges.sort();
    Board::from_edges(&names, &edges).map_err(|e| format!("graphgo-board: {e:?}"))
}

/// An engine's result, as `gogui-rules_final_result` gives it.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineResult {
    /// `None`: a draw, or no result.
    pub winner: Option<Player>,
    /// The winner's margin where given (`B+3.5`), `None` for `B+R`, `B+`, a draw.
    pub margin: Option<BigRational>,
    /// True for `Void`: the game is over without a result (no winner, and not a draw).
    pub no_result: bool,
}

/// A result as SGF's `RE` writes it: `unknown` (the game goes on), `0`/`Draw`/`Void`, `B+3.5`,
/// `W+R`, `B+`; `Err` for anything else.
pub fn parse_result(text: &str) -> Result<Option<EngineResult>, String> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("unknown") {
        return Ok(None);
    }
    // `Void`: SGF's "no result" (KataGo's end of a long cycle under its simple ko): the game
    // is over and nobody wins, and it is not a draw (graphgo's `no-result` end).
    let void = t.eq_ignore_ascii_case("void");
    if t == "0" || t.eq_ignore_ascii_case("draw") || void {
        return Ok(Some(EngineResult {
            winner: None,
            margin: None,
            no_result: void,
        }));
    }
    let (winner, rest) = match t.get(..2).map(str::to_ascii_uppercase).as_deref() {
        Some("B+") => (Player::Black, &t[2..]),
        Some("W+") => (Player::White, &t[2..]),
        _ => return Err(format!("'{}' is not unknown, 0, B+X or W+X", quoted(t))),
    };
    let margin = match rest {
        "" | "R" | "r" | "Resign" | "T" | "F" => None,
        number => Some(
            decimal(number)
                .ok_or_else(|| format!("'{}': the margin '{number}' is not a number", quoted(t)))?,
        ),
    };
    Ok(Some(EngineResult {
        winner: Some(winner),
        margin,
        no_result: false,
    }))
}

/// A decimal number as an exact rational (`3.5`, `-2`, `0.25`).
fn decimal(text: &str) -> Option<BigRational> {
    let value: f64 = text.parse().ok()?;
    if !value.is_finite() {
        return None;
    }
    BigRational::from_float(value)
}

pub(super) fn player_word(text: &str) -> Option<Player> {
    match text.trim().chars().next() {
        Some('b' | 'B') => Some(Player::Black),
        Some('w' | 'W') => Some(Player::White),
        _ => None,
    }
}

/// Reads the stones from a `showboard` drawing: rows that start with a row number, `X` or
/// `#` or `@` black, `O` white, anything else empty (`.`, `+`). `None` when no row is read.
pub fn read_showboard(text: &str, board: &Board) -> Option<Vec<Colour>> {
    let Shape::Plane { width, height } = *board.shape() else {
        return None;
    };
    let mut position = vec![Colour::Empty; board.len()];
    let mut rows = 0;
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(row) = words.first().and_then(|w| w.parse::<usize>().ok()) else {
            continue;
        };
        if !(1..=height).contains(&row) || words.len() < width + 1 {
            continue;
        }
        for (x, w) in words[1..=width].iter().enumerate() {
            position[(row - 1) * width + x] = match *w {
                "X" | "x" | "#" | "@" => Colour::Black,
                "O" | "o" => Colour::White,
                _ => Colour::Empty,
            };
        }
        rows += 1;
    }
    (rows > 0).then_some(position)
}
