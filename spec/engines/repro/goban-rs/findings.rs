//! goban 0.20.1: the shrunk findings of the own-rules capture and positional-superko cells of
//! the committed report (spec/engines/findings/goban-rs/own-*.yaml), in the crate's own API:
//! the body of `output` is what a maintainer pastes into a test of the crate.
//!
//! graphgo's point `x-y` (column x, row y) is the crate's `(y - 1, x - 1)`, as the adapter
//! plays it (adapters/goban-rs/engine.rs, `coord`: the rows mirrored, which rules do not see),
//! on `GobanSizes::Custom(height, width)`.

use std::fmt::Write as _;

use goban::rules::game::Game;
use goban::rules::{GobanSizes, Move, CHINESE};

/// graphgo's `x-y` as the crate's (row, column).
fn coord(point: &str) -> (u8, u8) {
    let (x, y) = point.split_once('-').expect("x-y");
    let (x, y): (u8, u8) = (x.parse().expect("x"), y.parse().expect("y"));
    (y - 1, x - 1)
}

/// Plays `turns` (`B 2-1`, `W pass`) on a new `CHINESE` game of `height` rows and `width`
/// columns.
fn game(height: usize, width: usize, turns: &[&str]) -> Game {
    let mut game = Game::new(GobanSizes::Custom(height, width), CHINESE);
    for turn in turns {
        let point = turn.split_whitespace().nth(1).expect("a point");
        let m = if point == "pass" {
            Move::Pass
        } else {
            let (row, column) = coord(point);
            Move::Play(row, column)
        };
        game.try_play(m)
            .expect("each turn before the disputed one is legal");
    }
    game
}

/// What the reproduction prints.
pub fn output() -> String {
    let mut out = String::new();
    // Capture cell: empty rectangles, three points graphgo allows Black at the start (verdict 2).
    for (name, width, height, points) in [
        ("own-11a7a94536810216", 5, 3, ["4-1", "5-1", "2-2"]),
        ("own-819e0257143b0bb8", 3, 4, ["1-4", "2-4", "3-4"]),
    ] {
        let game = game(height, width, &[]);
        let listed: Vec<bool> = points
            .iter()
            .map(|p| game.legals().any(|c| c == coord(p)))
            .collect();
        let _ = writeln!(
            out,
            "{name}: {width}x{height}, empty: legals() lists B {points:?}: {listed:?}"
        );
    }
    // Positional-superko cell: on 2x2, the disputed move captures nothing and gives back an
    // earlier board (verdict 1).
    for (name, turns, disputed) in [
        (
            "own-cc31dbdde3dec6f9",
            &["B 2-1", "W 2-2", "B 1-2", "W pass", "B 1-1", "W 2-2"][..],
            "B 2-1",
        ),
        (
            "own-92cfc54d05d60dbf",
            &[
                "B 2-1", "W 1-2", "B 2-2", "W 1-1", "B 2-2", "W pass", "B 2-1",
            ][..],
            "W 1-2",
        ),
    ] {
        let mut g = game(2, 2, turns);
        let mut boards = vec![game(2, 2, &[]).goban().clone()];
        for n in 1..=turns.len() {
            boards.push(game(2, 2, &turns[..n]).goban().clone());
        }
        let point = coord(disputed.split_whitespace().nth(1).expect("a point"));
        let captures = g.will_capture(point);
        let played = g.try_play(Move::Play(point.0, point.1)).is_ok();
        let repeated = boards.iter().any(|b| b == g.goban());
        let _ = writeln!(
            out,
            "{name}: {disputed} captures: {captures}; try_play is Ok: {played}; \
             the board is an earlier board: {repeated}"
        );
    }
    out
}
