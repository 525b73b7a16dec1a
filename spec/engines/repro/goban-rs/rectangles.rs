//! goban 0.20.1 on boards that are not square (`GobanSizes::Custom(height, width)`): the
//! crate's index arithmetic mixes the height and the width (spec/engines/goban-rs.md). In the
//! crate's own API: the body of `output` is what a maintainer pastes into a test of the crate.

use std::fmt::Write as _;

use goban::rules::game::Game;
use goban::rules::{GobanSizes, Move, CHINESE};

/// What the reproduction prints.
pub fn output() -> String {
    let mut out = String::new();
    // One row of two points, empty: both points are legal for Black.
    let game = Game::new(GobanSizes::Custom(1, 2), CHINESE);
    let legals: Vec<(u8, u8)> = game.legals().collect();
    let _ = writeln!(out, "1x2, empty: legals() = {legals:?}");
    // One row of three points: Black (0,0), White (0,2), then Black's (0,1) takes White's
    // last liberty.
    let mut game = Game::new(GobanSizes::Custom(1, 3), CHINESE);
    game.try_play(Move::Play(0, 0)).expect("an empty point");
    game.try_play(Move::Play(0, 2)).expect("an empty point");
    let answer = game.try_play(Move::Play(0, 1)).map(|_| ());
    let _ = writeln!(
        out,
        "1x3, B (0,0), W (0,2): try_play(Move::Play(0, 1)) = {answer:?}"
    );
    out
}
