//! The engine's directed games (`src/engine/directed.rs`) against the transcription
//! (`src/spec/directed.rs`) through the comparer: random digraphs, random starting states,
//! random turns (placements, passes, deletions, bids, answers, resets — drawn from the
//! transcription's legal turns — and now and then a turn out of place). The comparer checks
//! positions, scores, the player to move, the legal turns and every refusal's clause after
//! every turn (`dir:CAPTURE`, `dir:KO`, `dir:TURNS`, `dir:KOMI`).

use std::sync::Arc;

use graphgo::board::digraph::Digraph;
use graphgo::board::Board;
use graphgo::differential::compare::compare;
use graphgo::engine::Engine;
use graphgo::game::{Colour, Equipment, Player, RuleId, RuleSet, Setup, Turn};
use graphgo::io::record::{Game, Record};
use graphgo::variants::Rules;
use proptest::prelude::*;

/// A random digraph on n points (no loops, each arc once) and a random starting state.
pub(crate) fn setup() -> impl Strategy<Value = Setup> {
    (2..=8usize)
        .prop_flat_map(|n| {
            (
                Just(n),
                prop::collection::vec(prop::bool::weighted(0.3), n * n),
                prop::collection::vec(0..3u8, n),
                prop::option::of(prop_oneof![Just((1i64, 2i64)), Just((-3, 1))]),
            )
        })
        .prop_map(|(n, bits, colours, komi)| {
            let arcs: Vec<(usize, usize)> = (0..n * n)
                .filter(|&k| bits[k] && k / n != k % n)
                .map(|k| (k / n, k % n))
                .collect();
            let digraph =
                Digraph::from_index_arcs(n, &arcs, &|u, v| format!("[{u}, {v}]")).unwrap();
            let names: Vec<String> = (1..=n).map(|i| i.to_string()).collect();
            let names_board = Board::from_edges::<String>(&names, &[]).unwrap();
            let board = digraph.underlying(&names_board).unwrap();
            let mut s = Setup::new(RuleId::Directed, board);
            s.initial = colours
                .iter()
                .map(|c| match c {
                    0 => Colour::Empty,
                    1 => Colour::Black,
                    _ => Colour::White,
                })
                .collect();
            if let Some((a, b)) = komi {
                s.komi = num_rational::BigRational::new(a.into(), b.into());
            }
            s.equipment = Equipment::Arcs(Arc::new(digraph));
            s
        })
}

/// Turns chosen by the numbers in `choices`: mostly a legal turn of the transcription, one
/// in eight a fixed out-of-place turn (a bid by the wrong player, an answer with no bid, …).
pub(crate) fn turns(setup: &Setup, choices: &[u16]) -> Vec<Turn> {
    let odd = |k: u16| match k % 4 {
        0 => Turn::Ignore {
            player: Player::White,
        },
        1 => Turn::Bid {
            player: Player::White,
            amount: num_rational::BigRational::from_integer(2.into()),
        },
        2 => Turn::Reset {
            player: Player::Black,
            to: vec![Colour::Black; setup.board.len()],
        },
        _ => Turn::Move {
            player: Player::Black,
            at: 0,
        },
    };
    let mut game = Rules.start(setup).unwrap();
    let mut out = Vec::new();
    for &c in choices {
        let legal = game.legal_turns();
        let turn = if c % 8 == 7 || legal.is_empty() {
            odd(c / 8)
        } else {
            legal[(c as usize / 8) % legal.len()].clone()
        };
        let _ = game.play(&turn);
        out.push(turn);
    }
    out
}

proptest! {
    // Failures kept where they were when this file was a binary of its own.
    #![proptest_config(proptest::test_runner::Config {
        cases: 200,
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::Direct(
                "tests/proptest-regressions/directed_engine.txt",
            ),
        )),
        ..proptest::test_runner::Config::default()
    })]

    /// dir:CAPTURE, dir:KO, dir:TURNS: the engine and the transcription agree on every turn.
    #[test]
    fn dir_engine_agrees_with_the_transcription(
        s in setup(),
        choices in prop::collection::vec(any::<u16>(), 0..60),
    ) {
        let turns = turns(&s, &choices);
        let game = Game { setup: s, turns };
        if let Some(d) = compare(&Rules, &Engine, &game) {
            let record = Record::from_game(&game.setup, &game.turns).to_yaml();
            prop_assert!(false, "{}\n{}", d.describe(&game.setup.board), record);
        }
    }
}

/// The examples of `spec/examples/directed/` (their moves and cycles played twice) agree.
#[test]
fn dir_engine_agrees_on_the_examples() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("spec/examples/directed");
    let mut checked = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let record = Record::load(&path).unwrap();
        let mut game = record.game().unwrap();
        if let Some(cycle) = record.cycle_turns(&game).unwrap() {
            game.turns.extend(cycle.iter().cloned());
            game.turns.extend(cycle);
        }
        assert!(
            compare(&Rules, &Engine, &game).is_none(),
            "{}",
            path.display()
        );
        checked += 1;
    }
    assert!(checked >= 7);
}
