//! The light playouts of `graphgo bench` replayed through the transcription: the playouts
//! drive the engine's `GggGame` directly (its fixed-slot grid layout, the sink chain of the
//! empty vertices, captures, ko and self-capture refusals), so whole playout games, which
//! fill the board and end with two passes, are played here through both `RuleSet`s and
//! every observation compared.

use std::sync::Arc;

use num_rational::BigRational;

use graphgo::bench::{grid_playouts, playout_turn, recorded_games};
use graphgo::board::Board;
use graphgo::engine::playout::{ggg1_options, reference_options};
use graphgo::engine::Engine;
use graphgo::game::{Options, Player, RuleId, RuleSet, Setup};
use graphgo::variants::Rules;

fn setup(size: usize, options: Options) -> Setup {
    let board = Board::grid(size, size).unwrap();
    let mut setup = Setup::new(RuleId::Ggg1, board);
    setup.board = Arc::clone(&setup.board);
    setup.options = options;
    setup.komi = BigRational::new(15.into(), 2.into());
    setup
}

/// Plays every recorded game through the engine and the spec, comparing after each turn;
/// returns the captures seen (turns after which fewer stones stand than before plus one).
fn replay_both(size: usize, ggg1: bool, seed: u64, games: usize) -> usize {
    let options = if ggg1 {
        ggg1_options()
    } else {
        reference_options()
    };
    let setup = setup(size, options);
    let mut p = grid_playouts(size, ggg1, seed);
    let mut captures = 0;
    for (g, game) in recorded_games(&mut p, games).iter().enumerate() {
        let mut engine = Engine.start(&setup).unwrap();
        let mut spec = Rules.start(&setup).unwrap();
        let mut player = Player::Black;
        let mut stones = 0;
        for (i, &v) in game.iter().enumerate() {
            let turn = playout_turn(v, player);
            engine
                .play(&turn)
                .unwrap_or_else(|e| panic!("engine refused game {g} turn {i}: {e}"));
            spec.play(&turn)
                .unwrap_or_else(|e| panic!("spec refused game {g} turn {i}: {e}"));
            let (a, b) = (engine.observe(), spec.observe());
            assert_eq!(a, b, "game {g} turn {i}");
            let now = a
                .position
                .iter()
                .filter(|&&c| c != graphgo::game::Colour::Empty)
                .count();
            if v.is_some() && now <= stones {
                captures += 1;
            }
            stones = now;
            player = player.opponent();
        }
        assert!(engine.observe().result.is_some(), "game {g} ended");
    }
    captures
}

#[test]
fn reference_playouts_replay_identically_through_the_spec() {
    let captures = replay_both(9, false, 11, 6);
    assert!(captures > 10, "the games capture: {captures}");
}

#[test]
fn ggg1_playouts_replay_identically_through_the_spec() {
    let captures = replay_both(9, true, 12, 4);
    assert!(captures > 10, "the games capture: {captures}");
}

#[test]
fn small_board_playouts_replay_identically_through_the_spec() {
    // 5x5: eyes, ko and self-capture come early and often.
    for seed in 0..8 {
        replay_both(5, seed % 2 == 1, seed, 3);
    }
}
