//! The network article (`seeds/002_1499b9cc3b7d7027.txt`, `spec/nrich.md`): chains, capture,
//! the end-of-turn invariant, flooding, and the boards it names (torus, Moebius band, 3-D
//! grid, a road map), held against General Graph Go version 1 and MANGO.
//!
//! Grid names are `x-y` from the bottom left; every expected value is worked by hand.

use crate::support;

use std::sync::Arc;

use graphgo::board::weights::{Threshold, Weights};
use graphgo::board::Board;
use graphgo::game::{Colour, Equipment, Player, RuleId, RuleSet, Setup, Turn};
use graphgo::spec::ggg;
use graphgo::spec::nrich::{self, Network, Position};
use graphgo::variants::Rules;
use imbl::{OrdSet, Vector};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// A position on `board` with the named stones.
fn position(board: &Board, black: &[&str], white: &[&str]) -> Position {
    let mut p = Vector::from(vec![Colour::Empty; board.len()]);
    for (names, c) in [(black, Colour::Black), (white, Colour::White)] {
        for n in names {
            p.set(board.vertex(n).unwrap_or_else(|| panic!("{n}")), c);
        }
    }
    p
}

fn names(board: &Board, set: &OrdSet<usize>) -> Vec<String> {
    let mut v: Vec<String> = set.iter().map(|&x| board.name(x).to_string()).collect();
    v.sort();
    v
}

fn at(board: &Board, name: &str) -> usize {
    board.vertex(name).unwrap()
}

// ---------------------------------------------------------------------------------------
// nrich:chain, nrich:capture
// ---------------------------------------------------------------------------------------

#[test]
fn nrich_chain_grows_through_neighbouring_stones_of_one_colour() {
    // 5x5: white 2-2, 3-2, 3-3, 3-4 (an L), white 5-5 apart, black 2-3 touching the L.
    let b = Board::grid(5, 5).unwrap();
    let p = position(&b, &["2-3"], &["2-2", "3-2", "3-3", "3-4", "5-5"]);
    let c = nrich::chain(&b, &p, at(&b, "3-4"));
    assert_eq!(names(&b, &c), ["2-2", "3-2", "3-3", "3-4"]);
    assert_eq!(names(&b, &nrich::chain(&b, &p, at(&b, "5-5"))), ["5-5"]);
    assert!(nrich::chain(&b, &p, at(&b, "1-1")).is_empty());
}

#[test]
fn nrich_capture_centre_edge_and_corner() {
    let b = Board::grid(5, 5).unwrap();
    // Centre: a white stone on 3-3 surrounded on four sides once Black plays 3-4.
    let p = position(&b, &["2-3", "4-3", "3-2"], &["3-3"]);
    let after = nrich::place(&b, &p, Player::Black, at(&b, "3-4")).unwrap();
    assert_eq!(after[at(&b, "3-3")], Colour::Empty);
    // Edge: white 3-1 with black 2-1 and 4-1; Black 3-2 takes it (three sides).
    let p = position(&b, &["2-1", "4-1"], &["3-1"]);
    let after = nrich::place(&b, &p, Player::Black, at(&b, "3-2")).unwrap();
    assert_eq!(after[at(&b, "3-1")], Colour::Empty);
    // Corner: white 1-1 with black 2-1; Black 1-2 takes it (two sides).
    let p = position(&b, &["2-1"], &["1-1"]);
    let after = nrich::place(&b, &p, Player::Black, at(&b, "1-2")).unwrap();
    assert_eq!(after[at(&b, "1-1")], Colour::Empty);
    // A chain of four (2-1 .. 5-1 along the edge) with one liberty left at 1-1.
    let p = position(
        &b,
        &["2-2", "3-2", "4-2", "5-2"],
        &["2-1", "3-1", "4-1", "5-1"],
    );
    let chain = nrich::chain(&b, &p, at(&b, "2-1"));
    assert_eq!(names(&b, &nrich::liberties(&b, &p, &chain)), ["1-1"]);
    assert!(!nrich::captured(&b, &p, &chain));
    let after = nrich::place(&b, &p, Player::Black, at(&b, "1-1")).unwrap();
    assert!((2..=5).all(|x| after[at(&b, &format!("{x}-1"))] == Colour::Empty));
    assert_eq!(after[at(&b, "1-1")], Colour::Black);
}

#[test]
fn nrich_invariant_a_move_leaving_its_own_chain_without_liberty_is_not_play() {
    // Black 1-1 into white 2-1, 1-2 (which keep liberties): the black stone would stand
    // without liberty; the article says that never happens at the end of a turn.
    let b = Board::grid(3, 3).unwrap();
    let p = position(&b, &[], &["2-1", "1-2"]);
    assert_eq!(nrich::place(&b, &p, Player::Black, at(&b, "1-1")), None);
    let bad = position(&b, &["1-1"], &["2-1", "1-2"]);
    assert!(!nrich::invariant_holds(&b, &bad));
    assert!(nrich::invariant_holds(&b, &p));
}

// ---------------------------------------------------------------------------------------
// nrich:invariant against ggg1 and MANGO
// ---------------------------------------------------------------------------------------

fn config() -> ProptestConfig {
    let from_env = ProptestConfig::default();
    ProptestConfig {
        cases: from_env.cases.max(500),
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "tests/proptest-regressions/nrich_clauses.txt",
        ))),
        ..from_env
    }
}

proptest! {
    #![proptest_config(config())]

    /// `nrich:invariant` after every turn of ggg1 and of MANGO (F = 1, T = `z >= 1`) from an
    /// empty board; `nrich:capture`'s placement agrees with `ggg1:2` whenever the mover
    /// keeps its stones.
    #[test]
    fn nrich_invariant_holds_after_every_turn_of_ggg1_and_mango(
        (b, picks) in support::any_board().prop_flat_map(|b| {
            (Just(b), prop::collection::vec(0..1000usize, 0..40))
        })
    ) {
        let board = Arc::new(b);
        let mut go = ggg::start(&Setup::new(RuleId::Ggg1, (*board).clone())).unwrap().state;
        let mut m_setup = Setup::new(RuleId::Mango, (*board).clone());
        m_setup.equipment = Equipment::Weights(Arc::new(Weights::go(
            board.len(),
            num_rational::BigRational::from_integer(0.into()),
        )));
        let mut m = Rules.start(&m_setup).unwrap();
        for pick in picks {
            let turns = m.legal_turns();
            if turns.is_empty() {
                break;
            }
            let turn = &turns[pick % turns.len()];
            if let Turn::Move { player, at } = *turn {
                let before = go.position.f.clone();
                let ggg::Move { after, removed, .. } = ggg::make_move(&go.position, player, at);
                let own = match player { Player::Black => removed.black, Player::White => removed.white };
                let placed = nrich::place(&board, &before, player, at);
                if own == 0 {
                    prop_assert_eq!(placed, Some(after.f.clone()));
                } else {
                    prop_assert_eq!(placed, None);
                }
            }
            go = ggg::turn(&go, turn).unwrap().state;
            m.play(turn).unwrap();
            prop_assert!(nrich::invariant_holds(&board, &go.position.f));
            let mp: Position = m.observe().position.into_iter().collect();
            prop_assert!(nrich::invariant_holds(&board, &mp));
        }
    }
}

#[test]
fn nrich_invariant_fails_in_mango_when_t_lets_nothing_live() {
    // MANGO with T = `z >= 0`: L = {} gives z = 0 and T = 1, so a chain with no liberty is
    // alive. Path 1-2, Black on 1; White plays 2: neither colour reaches an empty point,
    // both are alive, and two chains without liberty stand at the end of the turn.
    let board = Board::path(2).unwrap();
    let mut s = Setup::new(RuleId::Mango, board.clone());
    s.initial = vec![Colour::Black, Colour::Empty];
    s.to_move = Player::White;
    let mut w = Weights::go(2, num_rational::BigRational::from_integer(0.into()));
    w.threshold = Threshold::parse(&["z >= 0".to_string()]).unwrap();
    s.equipment = Equipment::Weights(Arc::new(w));
    let mut g = Rules.start(&s).unwrap();
    g.play(&Turn::Move {
        player: Player::White,
        at: 1,
    })
    .unwrap();
    let p: Position = g.observe().position.into_iter().collect();
    assert_eq!(p, Vector::from(vec![Colour::Black, Colour::White]));
    assert!(!nrich::invariant_holds(&board, &p));
}

// ---------------------------------------------------------------------------------------
// nrich:flood
// ---------------------------------------------------------------------------------------

#[test]
fn nrich_flood_runs_through_empty_points_only() {
    // 5x1 row: B . . W . — water from Black fills 2-1 and 3-1 and stops at the white stone;
    // White's water reaches 3-1, 2-1 and 5-1. Undisputed: Black nothing, White 5-1.
    let b = Board::grid(5, 1).unwrap();
    let p = position(&b, &["1-1"], &["4-1"]);
    assert_eq!(
        names(&b, &nrich::flooded_from(&b, &p, Colour::Black)),
        ["2-1", "3-1"]
    );
    assert_eq!(
        names(&b, &nrich::flooded_from(&b, &p, Colour::White)),
        ["2-1", "3-1", "5-1"]
    );
    assert!(nrich::undisputed_territory(&b, &p, Player::Black).is_empty());
    assert_eq!(
        names(&b, &nrich::undisputed_territory(&b, &p, Player::White)),
        ["5-1"]
    );
}

// ---------------------------------------------------------------------------------------
// nrich:boards
// ---------------------------------------------------------------------------------------

#[test]
fn nrich_boards_torus_capture_and_flood_across_the_seams() {
    // 5x5 torus: white 1-1 has neighbours 2-1, 5-1 (across the side seam), 1-2, 1-5
    // (across the top seam). Black on three of them; the fourth, 1-5, captures.
    let b = Network::Torus(5, 5).board().unwrap();
    let p = position(&b, &["2-1", "5-1", "1-2"], &["1-1"]);
    let after = nrich::place(&b, &p, Player::Black, at(&b, "1-5")).unwrap();
    assert_eq!(after[at(&b, "1-1")], Colour::Empty);
    // A black ring on row 3 cuts the torus into... nothing: rows 1-2 and 4-5 still meet
    // across the top seam, so White's stone on 1-1 floods 1-5, and the rows beyond.
    let ring: Vec<String> = (1..=5).map(|x| format!("{x}-3")).collect();
    let ring: Vec<&str> = ring.iter().map(String::as_str).collect();
    let p = position(&b, &ring, &["1-1"]);
    assert_eq!(nrich::flooded_from(&b, &p, Colour::White).len(), 19);
    assert!(nrich::undisputed_territory(&b, &p, Player::Black).is_empty());
}

#[test]
fn nrich_boards_moebius_band_the_twisted_seam() {
    // Moebius 5x3: 5-y is joined to 1-(4-y). White 5-1's neighbours: 4-1, 5-2, and 1-3
    // across the twist. Black on 4-1 and 5-2; Black 1-3 captures.
    let b = Network::Moebius(5, 3).board().unwrap();
    assert!(b.adjacent(at(&b, "5-1"), at(&b, "1-3")));
    assert!(!b.adjacent(at(&b, "5-1"), at(&b, "1-1")));
    let p = position(&b, &["4-1", "5-2"], &["5-1"]);
    let after = nrich::place(&b, &p, Player::Black, at(&b, "1-3")).unwrap();
    assert_eq!(after[at(&b, "5-1")], Colour::Empty);
    // A chain across the twist: white 5-2 and 1-2 are one chain.
    let p = position(&b, &[], &["5-2", "1-2"]);
    assert_eq!(nrich::chain(&b, &p, at(&b, "5-2")).len(), 2);
}

#[test]
fn nrich_boards_three_dimensional_grid() {
    // 3x3x3: the centre 2-2-2 has six neighbours; a white stone there is captured when
    // Black fills the sixth.
    let b = Network::Grid3d(3, 3, 3).board().unwrap();
    assert_eq!(b.neighbours(at(&b, "2-2-2")).len(), 6);
    let five = ["1-2-2", "3-2-2", "2-1-2", "2-3-2", "2-2-1"];
    let p = position(&b, &five, &["2-2-2"]);
    let chain = nrich::chain(&b, &p, at(&b, "2-2-2"));
    assert_eq!(names(&b, &nrich::liberties(&b, &p, &chain)), ["2-2-3"]);
    let after = nrich::place(&b, &p, Player::Black, at(&b, "2-2-3")).unwrap();
    assert_eq!(after[at(&b, "2-2-2")], Colour::Empty);
    // After the capture, the centre is Black's undisputed territory (flooded from the six
    // black stones, from no white one: there is none).
    assert!(nrich::undisputed_territory(&b, &after, Player::Black).contains(&at(&b, "2-2-2")));
}

#[test]
fn nrich_boards_a_road_map_of_three_thousand_junctions() {
    // A random planar network (seed 2002): 60 x 50 = 3000 junctions.
    let b = Network::RoadMap {
        width: 60,
        height: 50,
        seed: 2002,
    }
    .board()
    .unwrap();
    assert_eq!(b.len(), 3000);
    // Planar, so at most 3V - 6 streets; a lattice with some diagonals has more than V.
    assert!(b.edge_count() <= 3 * 3000 - 6 && b.edge_count() > 3000);
    // The same seed gives the same map.
    let again = Network::RoadMap {
        width: 60,
        height: 50,
        seed: 2002,
    }
    .board()
    .unwrap();
    assert_eq!(
        again.edges().collect::<Vec<_>>(),
        b.edges().collect::<Vec<_>>()
    );
    // 400 random placements by the article's capture rule, alternating, checked against
    // ggg1's move and the invariant after each; then flooding against ggg1's Tromp-Taylor
    // count.
    let board = Arc::new(b);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    let mut p: Position = Vector::from(vec![Colour::Empty; board.len()]);
    let mut player = Player::Black;
    let mut placed = 0;
    while placed < 400 {
        let v = rng.random_range(0..board.len());
        if p[v] != Colour::Empty {
            continue;
        }
        let g = ggg::ColouredGraph {
            graph: Arc::clone(&board),
            f: p.clone(),
        };
        let ggg::Move { after, removed, .. } = ggg::make_move(&g, player, v);
        match nrich::place(&board, &p, player, v) {
            Some(next) => {
                assert_eq!(next, after.f);
                assert!(nrich::invariant_holds(&board, &next));
                p = next;
                player = player.opponent();
                placed += 1;
            }
            None => {
                let own = match player {
                    Player::Black => removed.black,
                    Player::White => removed.white,
                };
                assert!(own > 0, "refused a move ggg1 plays without self-capture");
            }
        }
    }
    let g = ggg::ColouredGraph {
        graph: Arc::clone(&board),
        f: p.clone(),
    };
    for pl in Player::BOTH {
        let own = p.iter().filter(|&&c| c == pl.colour()).count();
        assert_eq!(
            own + nrich::undisputed_territory(&board, &p, pl).len(),
            graphgo::variants::ggg::score(&g, pl, graphgo::game::Neutral::None)
        );
    }
}

/// nrich:boards: the road map keeps each street of its w x h lattice with probability 7/8
/// and puts a diagonal in a block with probability 1/4, one way or the other with
/// probability 1/2, never both (so no two streets cross). On 60 x 50 junctions, counted by
/// hand from those figures: 59 · 50 = 2950 east-west streets (mean 2581, sd 18),
/// 60 · 49 = 2940 north-south ones (mean 2572, sd 18), 59 · 49 = 2891 blocks, each of the
/// two diagonals in about 361 of them (sd 18). The bounds are six standard deviations wide,
/// for every seed tried here.
#[test]
fn nrich_boards_a_road_map_keeps_each_kind_of_street_in_its_proportion() {
    for seed in [1, 2002, 31337] {
        let b = Network::RoadMap {
            width: 60,
            height: 50,
            seed,
        }
        .board()
        .unwrap();
        let xy = |v: usize| -> (i64, i64) {
            let (x, y) = b.name(v).split_once('-').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        };
        let (mut east, mut north, mut rising, mut falling) = (0, 0, 0, 0);
        let mut blocks = std::collections::BTreeMap::new();
        for (u, v) in b.edges() {
            let ((x1, y1), (x2, y2)) = (xy(u), xy(v));
            let ((x1, y1), (x2, y2)) = if x1 <= x2 {
                ((x1, y1), (x2, y2))
            } else {
                ((x2, y2), (x1, y1))
            };
            match (x2 - x1, y2 - y1) {
                (1, 0) => east += 1,
                (0, 1) | (0, -1) => north += 1,
                (1, 1) => rising += 1,
                (1, -1) => falling += 1,
                step => panic!("seed {seed}: street {u}-{v} steps by {step:?}"),
            }
            if x2 - x1 == 1 && y1 != y2 {
                *blocks.entry((x1, y1.min(y2))).or_insert(0) += 1;
            }
        }
        assert!(
            (2473..=2689).contains(&east),
            "seed {seed}: {east} east-west"
        );
        assert!(
            (2465..=2680).contains(&north),
            "seed {seed}: {north} north-south"
        );
        for (kind, n) in [("rising", rising), ("falling", falling)] {
            assert!(
                (254..=468).contains(&n),
                "seed {seed}: {n} {kind} diagonals"
            );
        }
        assert!(
            blocks.values().all(|&n| n == 1),
            "seed {seed}: a block with two diagonals"
        );
    }
}
