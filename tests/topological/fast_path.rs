//! The fast path of Topological Go (`src/fast_paths/topological.rs`, played by
//! `src/variants/topological.rs`) against the literal transcription
//! (`src/spec/topological.rs`):
//!
//! - exhaustively: on every topology of up to 4 points (every preorder, so every finite
//!   topology, labelled), with S all the non-empty open sets or the smallest open sets,
//!   every colouring and both players: wherever the fast path applies, its board play
//!   (`topo:D9`) produces the colouring `spec::topological::board_play` produces, for every
//!   legal placement;
//! - along random games on random go-spaces (the fast path's spaces, whose placements are
//!   smallest open sets, and spaces it refuses), both endings, every repetition option, some
//!   from a random colouring: the game as played (`variants::Rules`), the same game kept off
//!   the fast path (`TopologicalGame::start_literal`) and, under the text's positional superko,
//!   the literal transcription (`spec::topological::turn`, `legal_turns`) show the same
//!   colouring, legal turns, refusals and result after every turn.
//!
//! Replaying a failure: proptest prints the shrunk input and appends its seed to
//! `tests/proptest-regressions/topo_fast_path.txt`, replayed first on every run (commit it);
//! `PROPTEST_RNG_SEED=<u64>` repeats a run, `PROPTEST_CASES` asks for more cases.

use std::sync::Arc;

use graphgo::board::space::{GoSpace, PlacementInput, Points};
use graphgo::fast_paths::topological::{board_play, Analysis, BoardPlayMarks, SpaceIndex};
use graphgo::game::{
    Colour, Equipment, Playable, Player, Repetition, RuleId, RuleSet, Setup, Turn,
};
use graphgo::spec::topological::{self as topo, Colouring};
use graphgo::variants::topological::TopologicalGame;
use graphgo::variants::Rules;
use proptest::prelude::*;
use proptest::test_runner::{FileFailurePersistence, TestCaseError};

fn names(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("p{i}")).collect()
}

/// Every preorder on `0..n` (reflexive, transitive), as the smallest open sets N(x) = the
/// points above x: every finite topology on n points, labelled.
fn preorders(n: usize) -> Vec<Vec<Points>> {
    let pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|x| (0..n).filter(move |&y| y != x).map(move |y| (x, y)))
        .collect();
    let mut all = Vec::new();
    for mask in 0u32..1 << pairs.len() {
        let mut above = vec![vec![false; n]; n];
        for (x, row) in above.iter_mut().enumerate() {
            row[x] = true;
        }
        for (i, &(x, y)) in pairs.iter().enumerate() {
            above[x][y] = mask >> i & 1 == 1;
        }
        let transitive = (0..n)
            .all(|x| (0..n).all(|y| !above[x][y] || (0..n).all(|z| !above[y][z] || above[x][z])));
        if transitive {
            all.push(
                above
                    .iter()
                    .map(|row| (0..n).filter(|&y| row[y]).collect())
                    .collect(),
            );
        }
    }
    all
}

fn placement(set: &Points) -> PlacementInput {
    PlacementInput {
        name: None,
        points: set.iter().copied().collect(),
    }
}

/// Every colouring of `n` points.
fn colourings(n: usize) -> impl Iterator<Item = Vec<Colour>> {
    (0..3usize.pow(n as u32)).map(move |mut k| {
        (0..n)
            .map(|_| {
                let c = [Colour::Empty, Colour::Black, Colour::White][k % 3];
                k /= 3;
                c
            })
            .collect()
    })
}

/// The fast board play of every legal placement of every colouring where the fast path
/// applies equals the literal one; returns how many board plays were compared.
fn fast_equals_literal_everywhere(space: &GoSpace) -> usize {
    let index = SpaceIndex::new(space);
    if !index.applies() {
        return 0;
    }
    let mut compared = 0;
    for f in colourings(space.points()) {
        let Some(analysis) = Analysis::of(&index, &f) else {
            continue;
        };
        let literal_f: Colouring = f.iter().copied().collect();
        let legal: Vec<usize> = analysis.legal_placements().collect();
        assert_eq!(
            legal,
            topo::legal_placements(space, &literal_f)
                .into_iter()
                .collect::<Vec<_>>()
        );
        let mut scratch = BoardPlayMarks::new(&index, &analysis);
        for player in [Player::Black, Player::White] {
            for &e in &legal {
                let changes = board_play(&index, &analysis, &mut scratch, &f, player, e);
                let mut fast = f.clone();
                for &(x, c) in &changes {
                    assert_ne!(f[x], c, "a change that changes nothing at {x}");
                    fast[x] = c;
                }
                let literal: Vec<Colour> = topo::board_play(space, &literal_f, player, e)
                    .into_iter()
                    .collect();
                assert_eq!(
                    fast,
                    literal,
                    "{player} at {} on {f:?} in the space {:?} with S = {:?}",
                    space.placement_name(e),
                    (0..space.points())
                        .map(|x| space.neighbourhood(x))
                        .collect::<Vec<_>>(),
                    space.placements()
                );
                compared += 1;
            }
        }
    }
    compared
}

#[test]
fn fast_board_play_is_literal_on_every_space_of_up_to_4_points() {
    let (mut compared, mut spaces, mut applied, mut floor) = (0, 0, 0, 0);
    for n in 1..=4 {
        for neighbourhood in preorders(n) {
            let space = GoSpace::from_neighbourhoods(&names(n), neighbourhood.clone(), &[])
                .expect("a preorder's up-sets are a topology");
            let opens: Vec<Points> = space
                .opens(1 << n)
                .expect("at most 2^n opens")
                .into_iter()
                .filter(|o| !o.is_empty())
                .collect();
            let mut smallest: Vec<Points> = neighbourhood.clone();
            smallest.sort();
            smallest.dedup();
            for s in [opens, smallest] {
                let inputs: Vec<PlacementInput> = s.iter().map(placement).collect();
                let space = GoSpace::from_neighbourhoods(&names(n), neighbourhood.clone(), &inputs)
                    .unwrap();
                let plays = fast_equals_literal_everywhere(&space);
                if SpaceIndex::new(&space).applies() {
                    applied += 1;
                    // The empty colouring is settled and every placement legal in it.
                    floor += 2 * s.len();
                }
                compared += plays;
                spaces += 1;
            }
        }
    }
    // 1 + 4 + 29 + 355 topologies on 1 to 4 points, two families S each.
    assert_eq!(spaces, 2 * (1 + 4 + 29 + 355));
    // The closure of a smallest open set N(x) is connected (N(x) is: x is comparable to
    // each of its points), so the fast path applies at least to every second family.
    assert!(
        applied >= 1 + 4 + 29 + 355,
        "the fast path applied to {applied} spaces"
    );
    assert!(
        compared > floor,
        "{compared} board plays compared, at least {floor} expected"
    );
}

fn config(cases: u32) -> ProptestConfig {
    let from_env = ProptestConfig::default();
    ProptestConfig {
        cases: from_env.cases.max(cases),
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "tests/proptest-regressions/topo_fast_path.txt",
        ))),
        ..from_env
    }
}

/// A random go-space on 1 to 9 points, its topology from a subbase of small sets, its
/// placements the smallest open sets around one point each (the fast path's spaces: the
/// closure of a connected open set is connected) or, when `pairs`, around one or two points
/// (closures that are not connected send the game to the literal transcription).
fn go_space() -> impl Strategy<Value = (Vec<String>, GoSpace)> {
    (1..=9usize, prop::bool::weighted(0.2))
        .prop_flat_map(|(n, pairs)| {
            (
                Just(n),
                prop::collection::vec(prop::collection::vec(0..n, 1..=3), 0..=14),
                prop::collection::vec(
                    prop::collection::vec(0..n, 1..=if pairs { 2 } else { 1 }),
                    1..=9,
                ),
            )
        })
        .prop_map(|(n, sets, around)| {
            let names = names(n);
            let space = GoSpace::around_points(&names, &sets, &around).unwrap();
            (names, space)
        })
}

fn repetition() -> impl Strategy<Value = Repetition> {
    prop_oneof![
        3 => Just(Repetition::Positional),
        1 => Just(Repetition::Situational),
        1 => Just(Repetition::Simple),
        1 => Just(Repetition::None),
    ]
}

/// Plays `choices` through the game as played, through the same game kept off the fast
/// path, and (under the text's positional superko) through the literal transcription,
/// comparing everything the comparer sees after every turn, and a refused turn's clause.
fn played_as_literal(
    names: &[String],
    space: GoSpace,
    rules: RuleId,
    repetition: Repetition,
    initial: Option<Vec<u8>>,
    choices: &[usize],
) -> Result<(), TestCaseError> {
    let board = space.board(names).unwrap();
    let n = space.points();
    let mut setup = Setup::new(rules, board);
    setup.options.repetition = repetition;
    if let Some(colours) = initial {
        setup.initial = (0..n)
            .map(|x| {
                [Colour::Empty, Colour::Black, Colour::White]
                    [colours[x % colours.len()] as usize % 3]
            })
            .collect();
    }
    setup.equipment = Equipment::Space(Arc::new(space));
    let mut played = Rules.start(&setup).unwrap();
    let mut off_path = TopologicalGame::start_literal(&setup).unwrap();
    // The transcription's game, from the variant's start when the setup is not the text's
    // (reading 10).
    let mut literal = graphgo::variants::topological::start(&setup).unwrap().state;
    let positional = repetition == Repetition::Positional;
    for (i, &c) in choices.iter().enumerate() {
        let seen = played.observe();
        let reference = off_path.observe();
        prop_assert_eq!(
            &seen.position,
            &reference.position,
            "colourings differ before turn {}",
            i
        );
        prop_assert_eq!(
            &seen.result,
            &reference.result,
            "results differ before turn {}",
            i
        );
        let legal = played.legal_turns();
        prop_assert_eq!(
            &legal,
            &off_path.legal_turns(),
            "legal turns differ at turn {}",
            i
        );
        if positional {
            prop_assert_eq!(
                &seen.position,
                &literal.colouring.iter().copied().collect::<Vec<_>>(),
                "colourings differ from the transcription's before turn {}",
                i
            );
            prop_assert_eq!(&seen.result, &literal.result);
            prop_assert_eq!(
                &legal,
                &topo::legal_turns(&literal),
                "legal turns differ at turn {}",
                i
            );
        }
        if legal.is_empty() {
            break;
        }
        // A legal turn, or (one choice in five) any placement, refused or not.
        let player = off_path.state.to_move;
        let turn = if c % 5 == 0 {
            Turn::Move {
                player,
                at: c / 5 % (off_path.state.space.placements().len() + 1),
            }
        } else {
            legal[c % legal.len()].clone()
        };
        let by_reference = off_path.play(&turn);
        match (played.play(&turn), by_reference) {
            (Ok(()), Ok(())) => {}
            (Err(a), Err(b)) => {
                prop_assert_eq!(a.clause, b.clause, "refusals differ at turn {}", i)
            }
            (a, b) => prop_assert!(
                false,
                "turn {} {:?}: played {:?}, off the fast path {:?}",
                i,
                turn,
                a,
                b
            ),
        }
        if positional {
            match topo::turn(&literal, &turn) {
                Ok(next) => literal = next.state,
                Err(e) => prop_assert!(
                    played.observe().position == seen.position,
                    "the transcription refused {:?} ({})",
                    turn,
                    e
                ),
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(1500))]

    /// The game as played is the literal transcription's, under the primitive rules.
    #[test]
    fn primitive_games_play_as_the_literal_transcription(
        (names, space) in go_space(),
        repetition in repetition(),
        initial in prop::option::weighted(0.2, prop::collection::vec(0u8..3, 1..=9)),
        choices in prop::collection::vec(0usize..1000, 1..=30),
    ) {
        played_as_literal(&names, space, RuleId::TopoPrimitive, repetition, initial, &choices)?;
    }

    /// The game as played is the literal transcription's, with stone scoring.
    #[test]
    fn stone_scoring_games_play_as_the_literal_transcription(
        (names, space) in go_space(),
        repetition in repetition(),
        initial in prop::option::weighted(0.2, prop::collection::vec(0u8..3, 1..=9)),
        choices in prop::collection::vec(0usize..1000, 1..=30),
    ) {
        played_as_literal(&names, space, RuleId::TopoStones, repetition, initial, &choices)?;
    }
}
