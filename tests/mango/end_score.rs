//! MANGO's end (`mango:END`, `mango:SCORE`) as played: the pass that ends the game is
//! `variants::mango::pass`, whose scores are counted by regions of E
//! (`fast_paths::mango::territory`, one pass over the board) where the transcription's
//! `mango::pass` searches paths from every empty point (`mango::is_territory`, the square of
//! the board: 29 s on 100x100, issue 27 case 6). Held equal to the transcription on random
//! boards, weights of every sign and size, thresholds with windows and initial scores, at
//! every position of random games.
//!
//! Replaying a failure: proptest prints the case and appends its seed to
//! `tests/proptest-regressions/mango_end_score.txt`, replayed first on every run.

use crate::support;

use std::sync::Arc;

use graphgo::board::weights::{Threshold, Weights};
use graphgo::board::Board;
use graphgo::game::{Colour, Equipment, Player, RuleId, Setup, Turn};
use graphgo::spec::mango;
use graphgo::variants;
use num_rational::BigRational;
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

fn config() -> ProptestConfig {
    let from_env = ProptestConfig::default();
    ProptestConfig {
        cases: from_env.cases.max(300),
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "tests/proptest-regressions/mango_end_score.txt",
        ))),
        ..from_env
    }
}

/// A rational n/d with small n (of either sign) and d.
fn fraction() -> impl Strategy<Value = BigRational> {
    (-3..=6i64, 1..=6i64).prop_map(|(n, d)| BigRational::new(n.into(), d.into()))
}

/// A threshold: `z >= a`, `z > a`, or a window `a <= z < b`.
fn threshold() -> impl Strategy<Value = Threshold> {
    (0..3usize, fraction(), fraction()).prop_map(|(kind, a, b)| {
        let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
        let text = |r: &BigRational| graphgo::rational::format(r);
        let t = match kind {
            0 => format!("z >= {}", text(&lo)),
            1 => format!("z > {}", text(&lo)),
            _ => format!(
                "{} <= z < {} ",
                text(&lo),
                text(&(hi + BigRational::from_integer(1.into())))
            ),
        };
        Threshold::parse(&[t]).expect("an interval")
    })
}

/// A MANGO setup on a random graph of up to 10 points: any colouring, F of every sign,
/// any threshold, initial scores, either player first; and moves to try (point indices).
fn case() -> impl Strategy<Value = (Setup, Vec<usize>)> {
    support::simple_graph(1..=10).prop_flat_map(|board: Board| {
        let n = board.len();
        (
            Just(board),
            support::colouring(n),
            prop::collection::vec(fraction(), n),
            threshold(),
            [fraction(), fraction()],
            any::<bool>(),
            prop::collection::vec(0..n, 0..12),
        )
            .prop_map(
                |(board, initial, weight, threshold, scores, white_first, moves)| {
                    let mut setup = Setup::new(RuleId::Mango, board);
                    setup.initial = initial;
                    setup.to_move = if white_first {
                        Player::White
                    } else {
                        Player::Black
                    };
                    setup.equipment = Equipment::Weights(Arc::new(Weights {
                        weight,
                        threshold,
                        scores,
                    }));
                    (setup, moves)
                },
            )
    })
}

proptest! {
    #![proptest_config(config())]

    /// At every position of a random game (moves tried in turn, the refused ones dropped),
    /// a pass, and a second pass after it, give the same game by `variants::mango::pass`
    /// (and the variants' turn) as by the transcription's `mango::pass` and `mango::turn`,
    /// the result and both scores included.
    #[test]
    fn the_pass_that_ends_the_game_scores_as_the_transcription((setup, moves) in case()) {
        let mut state = mango::start(&setup).expect("a MANGO setup").state;
        let mut ended = 0;
        for at in std::iter::once(None).chain(moves.into_iter().map(Some)) {
            if let Some(at) = at {
                let turn = Turn::Move { player: state.to_move, at };
                match variants::mango::turn(&state, &turn) {
                    Ok(next) => state = next.state,
                    Err(_) => continue,
                }
            }
            let once = variants::mango::pass(&state);
            prop_assert_eq!(&once, &mango::pass(&state), "one pass at {:?}", state.config);
            let once = once.state;
            let twice = variants::mango::pass(&once);
            prop_assert_eq!(&twice, &mango::pass(&once), "two passes at {:?}", state.config);
            let twice = twice.state;
            let turn = Turn::Pass { player: once.to_move };
            prop_assert_eq!(
                variants::mango::turn(&once, &turn),
                mango::turn(&once, &turn),
                "the second pass as a turn at {:?}", state.config
            );
            prop_assert!(twice.result.is_some(), "two passes end the game");
            ended += 1;
        }
        prop_assert!(ended >= 1);
    }
}

/// Case 6 of issue 27, smaller: Go as MANGO on 40x40 (F = 1, T = `z >= 1`), a black and a
/// white stone, two passes. Every empty point reaches both colours, so each scores its
/// stone: 1 and 1, a draw; the transcription's count gives the same (1,598 path searches
/// of the board each). On 200x200 the command answers in a second (`tests/cli/caps.rs`).
#[test]
fn go_on_40x40_ends_by_two_passes_as_the_transcription_counts() {
    let mut setup = Setup::new(RuleId::Mango, Board::grid(40, 40).unwrap());
    setup.initial[0] = Colour::Black;
    setup.initial[1599] = Colour::White;
    setup.equipment = Equipment::Weights(Arc::new(Weights::go(
        1600,
        BigRational::from_integer(0.into()),
    )));
    let state = mango::start(&setup).unwrap().state;
    let once = variants::mango::pass(&state).state;
    let fast = variants::mango::pass(&once);
    assert_eq!(fast, mango::pass(&once));
    let result = fast.state.result.expect("two passes end the game");
    let one = BigRational::from_integer(1.into());
    assert_eq!(result.score, Some([one.clone(), one]));
    assert_eq!(result.winner, None, "equal scores draw");
}
