//! Reproductions, in the crate's own API, of the two bugs graphgo finds in `goban` 0.20.1
//! (spec/engines/goban-rs.md). Each function returns true while the bug is there. A
//! maintainer can paste either body into a test of the crate; graphgo's tests/conformance/adapters.rs
//! runs both against the pinned version.
//!
//! The crate's coordinates are (row, column) from the top left; `GobanSizes::Custom(height,
//! width)`.

use goban::rules::game::Game;
use goban::rules::{GobanSizes, Move, CHINESE};

/// Positional superko (CHINESE holds `IllegalRules::SUPERKO`) is looked up only after a
/// move that captures (`check_super_ko` returns false at once when `!self.will_capture`),
/// so a cycle closed by a move that captures nothing goes through. On 2x2:
///
/// ```text
///   B (1,0)  W (0,0)  B (0,1) takes (0,0)  W pass  B (1,1)  W (0,0) takes all three
///   now Black's (1,0) gives back the board after White's first move: . O / X .
/// ```
pub fn superko_misses_a_repetition_without_capture() -> bool {
    let mut game = Game::new(GobanSizes::Custom(2, 2), CHINESE);
    let moves = [
        Move::Play(1, 0),
        Move::Play(0, 0),
        Move::Play(0, 1),
        Move::Pass,
        Move::Play(1, 1),
        Move::Play(0, 0),
    ];
    for m in moves {
        game.try_play(m).expect("each move of the setup is legal");
    }
    // The board after White's (0,0) at move 2: Black (1,0), White (0,0). Black's (1,0)
    // now captures nothing and makes that board again.
    game.try_play(Move::Play(1, 0)).is_ok()
}

/// On a board that is not square the crate's index arithmetic mixes height and width
/// (`two_to_1dim` multiplies the row by the height, `size.0`, not by the width). On one row
/// of three points, Black (0,0), White (0,2): Black's (0,1) takes White's last liberty and
/// captures it, but the crate refuses it.
pub fn rectangle_refuses_a_capture() -> bool {
    let mut game = Game::new(GobanSizes::Custom(1, 3), CHINESE);
    game.try_play(Move::Play(0, 0)).expect("an empty point");
    game.try_play(Move::Play(0, 2)).expect("an empty point");
    game.try_play(Move::Play(0, 1)).is_err()
}
