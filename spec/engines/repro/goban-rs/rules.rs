//! goban 0.20.1 with `CHINESE`: the rule choices graphgo's Tromp-Taylor view differs from
//! (spec/engines/goban-rs.md), in the crate's own API: the body of `output` is what a
//! maintainer pastes into a test of the crate.

use std::fmt::Write as _;

use goban::rules::game::Game;
use goban::rules::{GobanSizes, Move, CHINESE};

/// What the reproduction prints.
pub fn output() -> String {
    let mut out = String::new();
    // 3x3, (row, column) from the top left. Black (0,0) and (1,0), White (0,2), (1,1),
    // (2,0): Black's (0,1) would leave its three stones without a liberty and capture
    // nothing, a self-capture of a group.
    //   X . O        X X O
    //   X O .   ->   X O .
    //   O . .        O . .
    let mut game = Game::new(GobanSizes::Custom(3, 3), CHINESE);
    for m in [
        Move::Play(0, 0),
        Move::Play(0, 2),
        Move::Play(1, 0),
        Move::Play(1, 1),
        Move::Pass,
        Move::Play(2, 0),
    ] {
        game.try_play(m).expect("each move of the setup is legal");
    }
    let answer = game.try_play(Move::Play(0, 1)).map(|_| ());
    let _ = writeln!(out, "a self-capture of three stones: try_play = {answer:?}");
    // Two passes end the game; the score counts stones and territory, and komi.
    let mut game = Game::new(GobanSizes::Custom(3, 3), CHINESE);
    game.set_komi(0.5);
    for m in [Move::Play(1, 1), Move::Pass, Move::Pass] {
        game.try_play(m).expect("legal");
    }
    let _ = writeln!(
        out,
        "after B (1,1), two passes: is_over = {}",
        game.is_over()
    );
    let _ = writeln!(out, "calculate_score() = {:?}", game.calculate_score());
    let _ = writeln!(
        out,
        "a move after the end: {:?}",
        game.try_play(Move::Play(0, 0)).map(|_| ())
    );
    out
}
