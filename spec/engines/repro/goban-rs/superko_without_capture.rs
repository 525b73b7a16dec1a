//! goban 0.20.1: positional superko (`CHINESE` holds `IllegalRules::SUPERKO`) is looked up
//! only for a move that captures, so a cycle of boards closed by a move that captures
//! nothing goes through (spec/engines/goban-rs.md). In the crate's own API: the body of
//! `output` is what a maintainer pastes into a test of the crate (`println!` for `writeln!`).
//!
//! The crate's coordinates are (row, column) from the top left; `GobanSizes::Custom(height,
//! width)`. On 2x2:
//!
//! ```text
//!   B (1,0)  W (0,0)  B (0,1) takes (0,0)  W pass  B (1,1)  W (0,0) takes all three
//!   now Black's (1,0) gives back the board after White's first move: O . / X .
//! ```

use std::fmt::Write as _;

use goban::rules::game::Game;
use goban::rules::{GobanSizes, Move, CHINESE};

/// What the reproduction prints.
pub fn output() -> String {
    let mut out = String::new();
    let mut game = Game::new(GobanSizes::Custom(2, 2), CHINESE);
    let mut after_move_2 = None;
    for (i, m) in [
        Move::Play(1, 0),
        Move::Play(0, 0),
        Move::Play(0, 1),
        Move::Pass,
        Move::Play(1, 1),
        Move::Play(0, 0),
    ]
    .into_iter()
    .enumerate()
    {
        game.try_play(m).expect("each move of the setup is legal");
        if i == 1 {
            after_move_2 = Some(game.goban().clone());
        }
    }
    let black = (1, 0);
    let _ = writeln!(out, "Black's (1,0) captures: {}", game.will_capture(black));
    let _ = writeln!(
        out,
        "Black's (1,0) listed in legals(): {}",
        game.legals().any(|c| c == black)
    );
    let played = game.try_play(Move::Play(1, 0)).is_ok();
    let _ = writeln!(out, "try_play(Move::Play(1, 0)) is Ok: {played}");
    let repeated = after_move_2.as_ref() == Some(game.goban());
    let _ = writeln!(out, "the board is the board after move 2 again: {repeated}");
    out
}
