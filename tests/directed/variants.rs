//! The wrapper of `src/variants/directed.rs` against the transcription it wraps: with the
//! source's reading (`Deleters::Either`) it plays exactly the transcription's turns; with
//! `Deleters::Mover` it refuses exactly the deletions by a player who is not to move, and
//! nothing else. Random digraphs and turns as in the engine's comparison.

use graphgo::game::{Playable, Setup, Turn};
use graphgo::spec::directed;
use graphgo::variants::directed::{start, Deleters};
use proptest::prelude::*;

use crate::engine::{setup, turns};

/// Plays `turns` through the transcription and through both wrappers side by side,
/// checking every claim of the module comment after every turn.
fn agree(s: &Setup, turns: &[Turn]) -> Result<(), TestCaseError> {
    let mut either = start(s, Deleters::Either).unwrap();
    let mut mover = start(s, Deleters::Mover).unwrap();
    // The transcription from the same start (the wrapper adds only the record's komi), once
    // for each wrapper: the Mover track skips the deletions it expects refused.
    let mut rules = either.state.clone();
    let mut rules_m = mover.state.clone();
    for (i, turn) in turns.iter().enumerate() {
        prop_assert_eq!(
            &either.legal_turns(),
            &directed::legal_turns(&rules),
            "turn {}",
            i
        );
        // Under Mover, the deletions of the player not to move are gone from the list.
        let not_mover = |t: &Turn, s: &directed::State| matches!(t, Turn::DeleteHistory { player } if *player != s.to_move());
        let expected: Vec<Turn> = directed::legal_turns(&rules_m)
            .into_iter()
            .filter(|t| !not_mover(t, &rules_m))
            .collect();
        prop_assert_eq!(mover.legal_turns(), expected, "turn {}", i);

        let by_rules = directed::turn(&rules, turn);
        prop_assert_eq!(
            either.play(turn),
            by_rules.clone().map(|_| ()),
            "turn {}",
            i
        );
        if let Ok(next) = by_rules {
            rules = next.state;
        }
        prop_assert_eq!(&either.state, &rules, "turn {}", i);

        let by_rules_m = directed::turn(&rules_m, turn);
        let by_mover = mover.play(turn);
        match by_rules_m {
            Ok(_) if not_mover(turn, &rules_m) => {
                let e = by_mover.expect_err("a deletion by the player not to move");
                prop_assert_eq!(e.clause.id(), "dir:TURNS", "turn {}", i);
            }
            Ok(next) => {
                prop_assert!(by_mover.is_ok(), "turn {}: {:?}", i, by_mover);
                rules_m = next.state;
            }
            Err(e) => prop_assert_eq!(by_mover, Err(e), "turn {}", i),
        }
        prop_assert_eq!(&mover.state, &rules_m, "turn {}", i);
    }
    Ok(())
}

proptest! {
    #![proptest_config(proptest::test_runner::Config {
        cases: 200,
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::Direct(
                "tests/proptest-regressions/directed_variants.txt",
            ),
        )),
        ..proptest::test_runner::Config::default()
    })]

    /// dir:TURNS (reading 5), dir:KOMI (reading 10): the wrappers against the transcription.
    #[test]
    fn dir_variants_wrap_the_transcription(
        s in setup(),
        choices in prop::collection::vec(any::<u16>(), 0..60),
    ) {
        let turns = turns(&s, &choices);
        agree(&s, &turns)?;
    }
}
