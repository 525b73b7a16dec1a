//! Issue 30 point 2: the four transcriptions have one skeleton. Each family's module of
//! `graphgo::spec` has a `State`, a `start` from a setup and a `turn` from a state and a
//! turn, both giving the new state with the clauses applied (`Played`), a refusal that is an
//! `Illegal` naming a clause of the family, and `legal_turns`. The [`Skeleton`] below is that
//! shape as types (a family that renames or reshapes one of them does not compile), and each
//! family's worked example is played through it: every turn the rules allow is among
//! `legal_turns` and has a trace of the family's clauses, and a turn the rules refuse is
//! refused under one of them.

use std::path::PathBuf;

use graphgo::game::clause::Clause;
use graphgo::game::trace::Played;
use graphgo::game::{Illegal, Setup, Turn};
use graphgo::io::record::{Game, Record};
use graphgo::spec::{directed, ggg, mango, topological};

struct Skeleton<S> {
    start: fn(&Setup) -> Result<Played<S>, String>,
    turn: fn(&S, &Turn) -> Result<Played<S>, Illegal>,
    legal_turns: fn(&S) -> Vec<Turn>,
    /// Whether a clause is one of the family's own (or of the sources it reads by).
    owns: fn(Clause) -> bool,
}

fn example(path: &str) -> Game {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(path);
    let text = std::fs::read_to_string(&path).unwrap();
    Record::parse(&text, false).unwrap().game().unwrap()
}

/// Plays `game` through the family's skeleton; returns how many turns were legal and how
/// many refused.
fn play<S>(family: &Skeleton<S>, game: &Game) -> (usize, usize) {
    let started = (family.start)(&game.setup).unwrap();
    assert!(!started.applied.is_empty(), "the start applies no clause");
    for a in &started.applied {
        assert!(
            (family.owns)(a.clause),
            "the start applies {}",
            a.clause.id()
        );
    }
    let mut state = started.state;
    let (mut legal, mut refused) = (0, 0);
    for turn in &game.turns {
        let allowed = (family.legal_turns)(&state);
        match (family.turn)(&state, turn) {
            Ok(played) => {
                assert!(allowed.contains(turn), "{turn:?} played but not listed");
                assert!(!played.applied.is_empty(), "{turn:?}: an empty trace");
                for a in &played.applied {
                    assert!(
                        (family.owns)(a.clause),
                        "{turn:?} applies {}",
                        a.clause.id()
                    );
                }
                state = played.state;
                legal += 1;
            }
            Err(illegal) => {
                assert!(!allowed.contains(turn), "{turn:?} listed but refused");
                assert!(
                    (family.owns)(illegal.clause),
                    "{turn:?} refused under {}",
                    illegal.clause.id()
                );
                refused += 1;
            }
        }
    }
    (legal, refused)
}

#[test]
fn every_family_plays_its_example_through_one_skeleton() {
    let general = Skeleton {
        start: ggg::start,
        turn: ggg::turn,
        legal_turns: ggg::legal_turns,
        owns: |c| matches!(c, Clause::Ggg(_) | Clause::Nrich(_)),
    };
    let mango = Skeleton {
        start: mango::start,
        turn: mango::turn,
        legal_turns: mango::legal_turns,
        owns: |c| matches!(c, Clause::Mango(_)),
    };
    let topological = Skeleton {
        start: topological::start,
        turn: topological::turn,
        legal_turns: topological::legal_turns,
        owns: |c| matches!(c, Clause::Topo(_)),
    };
    let directed = Skeleton {
        start: directed::start,
        turn: directed::turn,
        legal_turns: directed::legal_turns,
        owns: |c| matches!(c, Clause::Directed(_)),
    };
    // The examples' own comments: ko_superko's retake is refused (ggg1:3); ko_by_weight's
    // retake is legal by the weights; dominoes' two placements are legal (White's clears
    // d12); komi_and_capture's five turns are legal.
    assert_eq!(
        play(&general, &example("spec/examples/ggg/ko_superko.yaml")),
        (1, 1)
    );
    assert_eq!(
        play(&mango, &example("spec/examples/mango/ko_by_weight.yaml")),
        (2, 0)
    );
    assert_eq!(
        play(
            &topological,
            &example("spec/examples/topological/dominoes.yaml")
        ),
        (2, 0)
    );
    assert_eq!(
        play(
            &directed,
            &example("spec/examples/directed/komi_and_capture.yaml")
        ),
        (5, 0)
    );
}
