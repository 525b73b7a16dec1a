//! When MANGO is Go (issue 5, section 3): with F = 1 and T = `z >= 1`, MANGO
//! (`seeds/004_…txt`) plays exactly like General Graph Go version 1 (`seeds/000_…txt`) on
//! any graph — the same legal moves, the same colourings — and its score is Tromp-Taylor's
//! area score (`ggg1:4` under reading 1's `neutral: none`) plus komi given as White's
//! initial score. Also the text's 19x19 example (`mango:EX19`).
//!
//! The property runs at least 2,000 random graphs (`PROPTEST_CASES` may ask for more);
//! failures are kept in `tests/proptest-regressions/mango_go.txt`, and the shrunk case
//! prints as a graphgo record.

use crate::support;

use std::sync::Arc;

use graphgo::board::weights::{Threshold, Weights};
use graphgo::board::Board;
use graphgo::game::{Colour, Equipment, Neutral, Player, RuleId, RuleSet, Setup, Turn};
use graphgo::io::record::Record;
use graphgo::spec::mango;
use graphgo::variants::ggg::GraphGoGame;
use graphgo::variants::Rules;
use num_bigint::BigInt;
use num_rational::BigRational;
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

fn q(n: i64, d: i64) -> BigRational {
    BigRational::new(n.into(), d.into())
}

fn config() -> ProptestConfig {
    let from_env = ProptestConfig::default();
    ProptestConfig {
        cases: from_env.cases.max(2000),
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "tests/proptest-regressions/mango_go.txt",
        ))),
        ..from_env
    }
}

/// The same game under ggg1 (Tromp-Taylor reading, komi) and under MANGO (F = 1,
/// T = `z >= 1`, initial scores 0 and komi).
fn both(board: Board, initial: Vec<Colour>, to_move: Player, komi: BigRational) -> (Setup, Setup) {
    let mut go = Setup::new(RuleId::Ggg1, board.clone());
    go.initial = initial.clone();
    go.to_move = to_move;
    go.komi = komi.clone();
    go.options.neutral = Neutral::None;
    let mut m = Setup::new(RuleId::Mango, board.clone());
    m.initial = initial;
    m.to_move = to_move;
    m.equipment = Equipment::Weights(Arc::new(Weights::go(board.len(), komi)));
    (go, m)
}

#[derive(Clone)]
struct Case {
    go: Setup,
    mango: Setup,
    picks: Vec<usize>,
}

impl std::fmt::Debug for Case {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "\n{}# picks: {:?}\n",
            Record::from_game(&self.mango, &[]).to_yaml(),
            self.picks
        )
    }
}

fn case() -> impl Strategy<Value = Case> {
    support::any_board()
        .prop_flat_map(|b| {
            let n = b.len();
            (
                Just(b),
                support::colouring(n),
                prop_oneof![3 => Just(Player::Black), 1 => Just(Player::White)],
                prop_oneof![Just(q(0, 1)), Just(q(11, 2)), Just(q(-3, 1)), Just(q(1, 3))],
                prop::collection::vec(0..1000usize, 0..60),
            )
        })
        .prop_map(|(b, initial, to_move, komi, picks)| {
            let (go, mango) = both(b, initial, to_move, komi);
            Case { go, mango, picks }
        })
}

proptest! {
    #![proptest_config(config())]

    /// `mango:MOVE`, `mango:LEGAL`, `mango:TURN`, `mango:END`, `mango:SCORE` against
    /// `ggg1:2`, `ggg1:3`, `ggg1:4`: same legal turns (ggg1's resignation aside), same
    /// colouring after every turn, MANGO's running score = Tromp-Taylor area + komi, same
    /// result.
    #[test]
    fn mango_with_unit_weights_and_threshold_one_is_ggg1(c in case()) {
        let mut g = GraphGoGame::start(&c.go).unwrap();
        let mut m = Rules.start(&c.mango).unwrap();
        for &pick in &c.picks {
            let go_turns: Vec<Turn> = g.legal_turns()
                .into_iter()
                .filter(|t| !matches!(t, Turn::Resign { .. }))
                .collect();
            let mango_turns = m.legal_turns();
            prop_assert_eq!(&go_turns, &mango_turns);
            let obs = m.observe();
            let position: Vec<Colour> = g.state.position.f.iter().copied().collect();
            prop_assert_eq!(&obs.position, &position);
            // Running score: Tromp-Taylor area, komi as White's initial score.
            prop_assert_eq!(obs.scores.clone(), Some(g.scores()));
            if mango_turns.is_empty() {
                prop_assert!(g.state.result.is_some());
                prop_assert_eq!(&obs.result, &g.state.result);
                break;
            }
            let turn = &mango_turns[pick % mango_turns.len()];
            g = g.after(turn).unwrap();
            m.play(turn).unwrap();
        }
        prop_assert_eq!(m.observe().result, g.state.result.clone());
    }
}

// ---------------------------------------------------------------------------------------
// mango:EX19
// ---------------------------------------------------------------------------------------

#[test]
fn mango_ex19_the_texts_threshold() {
    // T(z) = int((z + 360) / 361), int rounding down, worked by hand at a few sums:
    // z = 0: 360/361 → 0; z = 1: 361/361 → 1; z = 360: 720/361 → 1; z = 361: 721/361 → 1;
    // z = 362: 722/361 = 2 → 2; z = 1/2: 720.5/361 → 0; z = -360: 0 → 0;
    // z = -361: -1/361 → -1 (rounded down).
    let by_hand = [
        (q(0, 1), 0),
        (q(1, 1), 1),
        (q(360, 1), 1),
        (q(361, 1), 1),
        (q(362, 1), 2),
        (q(1, 2), 0),
        (q(-360, 1), 0),
        (q(-361, 1), -1),
    ];
    let t = mango::ex19_t();
    for (z, formula) in &by_hand {
        assert_eq!(mango::ex19_threshold(z), BigInt::from(*formula), "z = {z}");
        // The threshold the example plays is 1 exactly where the formula is 1.
        assert_eq!(t.t(z), u8::from(*formula == 1), "T({z})");
    }
    // And on every half-integer from -400 to 400, and beyond 362.
    for twice in -800..=800i64 {
        let z = q(twice, 2);
        let one = mango::ex19_threshold(&z) == BigInt::from(1);
        assert_eq!(t.t(&z), u8::from(one), "T({z})");
    }
    // With F = 1, z counts the empty points of L, a set of points other than the stone s:
    // 0 ≤ z ≤ 360. There the text's T is Go's "at least one liberty", `z >= 1`.
    let go = Threshold::at_least_one();
    for z in 0..=360i64 {
        assert_eq!(t.t(&q(z, 1)), go.t(&q(z, 1)), "z = {z}");
    }
}

#[test]
fn mango_ex19_the_example_setup() {
    // I = 19x19, C = distance-1 pairs: 361 points, 2·19·18 = 684 pairs; E = I; F = 1;
    // scores 0 and 11/2; Black first; T the text's, 1 exactly on 1 <= z < 362.
    let s = mango::example_19x19();
    assert_eq!((s.board.len(), s.board.edge_count()), (361, 684));
    assert!(s.initial.iter().all(|&c| c == Colour::Empty));
    assert_eq!(s.to_move, Player::Black);
    let Equipment::Weights(w) = &s.equipment else {
        panic!("weights")
    };
    assert!(w.weight.iter().all(|f| *f == q(1, 1)));
    assert_eq!(w.scores, [q(0, 1), q(11, 2)]);
    assert_eq!(w.threshold.texts(), ["1 <= z < 362"]);
}

fn ex19_game(turns: &[&str]) -> graphgo::game::Observation {
    let s = mango::example_19x19();
    let mut g = Rules.start(&s).unwrap();
    for t in turns {
        g.play(&Turn::parse(t, &s.board).unwrap()).unwrap();
    }
    g.observe()
}

#[test]
fn mango_ex19_komi_five_and_a_half() {
    // B 10-10, W pass, B pass: Black has 1 stone and 360 points reaching only black: 361;
    // White 0 + 11/2. Black wins.
    let r = ex19_game(&["B 10-10", "W pass", "B pass"]).result.unwrap();
    assert_eq!(r.score, Some([q(361, 1), q(11, 2)]));
    assert_eq!(r.winner, Some(Player::Black));
    // B 4-4, W 16-16, two passes: the 359 empty points reach both colours: 1 against
    // 1 + 11/2. Komi decides: White.
    let r = ex19_game(&["B 4-4", "W 16-16", "B pass", "W pass"])
        .result
        .unwrap();
    assert_eq!(r.score, Some([q(1, 1), q(13, 2)]));
    assert_eq!(r.winner, Some(Player::White));
    // B 2-1, W 10-10, B 1-2, two passes: 1-1 reaches only black (its neighbours are 2-1
    // and 1-2): Black 2 + 1 = 3; White 1 + 11/2 = 13/2.
    let r = ex19_game(&["B 2-1", "W 10-10", "B 1-2", "W pass", "B pass"])
        .result
        .unwrap();
    assert_eq!(r.score, Some([q(3, 1), q(13, 2)]));
}

#[test]
fn mango_ex19_capture_in_the_corner() {
    // W 1-1, B 2-1, W 10-10, B 1-2: White 1-1 has L = {} at the end of step 2: emptied.
    let obs = ex19_game(&["B 2-1", "W 1-1", "B 1-2"]);
    assert_eq!(obs.position[0], Colour::Empty);
    assert_eq!(obs.position[1], Colour::Black);
    assert_eq!(obs.position[19], Colour::Black);
}
