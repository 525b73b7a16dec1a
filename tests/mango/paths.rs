//! MANGO's paths (`mango:INDEX`, `mango:PATH`) read literally — finite sets of pairs with
//! the index conditions, every subset of C tried — against the polynomial searches the game
//! uses, on tiny boards, including boards where a "path" can carry extra disjoint cycles
//! (reading 7): ALIVE's L and SCORE's two conditions come out the same.

use crate::support;

use std::sync::Arc;

use graphgo::board::weights::Threshold;
use graphgo::board::Board;
use graphgo::game::Playable;
use graphgo::game::{Colour, Player};
use graphgo::spec::mango::{self, Configuration, MangoSet, Pair};
use graphgo::variants;
use imbl::{OrdSet, Vector};
use num_rational::BigRational;
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

fn set_on(board: Board) -> MangoSet {
    let n = board.len();
    MangoSet {
        board: Arc::new(board),
        f: Vector::from(vec![BigRational::from_integer(1.into()); n]),
        t: Threshold::at_least_one(),
    }
}

fn pairs(list: &[(usize, usize)]) -> OrdSet<Pair> {
    list.iter().map(|&(u, v)| mango::pair(u, v)).collect()
}

fn board(n: usize, edges: &[(usize, usize)]) -> Board {
    let names: Vec<String> = (1..=n).map(|i| i.to_string()).collect();
    let e: Vec<(String, String)> = edges
        .iter()
        .map(|&(u, v)| (names[u].clone(), names[v].clone()))
        .collect();
    Board::from_edges(&names, &e).unwrap()
}

#[test]
fn mango_index_counts_the_pairs_containing_a_point() {
    // P = {01, 12, 13}: 0 in one pair, 1 in three, 2 and 3 in one, 4 in none.
    let p = pairs(&[(0, 1), (1, 2), (1, 3)]);
    assert_eq!(
        (0..5).map(|n| mango::index(&p, n)).collect::<Vec<_>>(),
        [1, 3, 1, 1, 0]
    );
}

#[test]
fn mango_path_the_index_conditions() {
    // Points 0..6: a path 0-1-2-3 and a triangle 4-5-6.
    let s = set_on(board(7, &[(0, 1), (1, 2), (2, 3), (4, 5), (5, 6), (4, 6)]));
    // {01}: endpoints 0 and 1, no interior.
    assert!(mango::is_path(&s, &pairs(&[(0, 1)])));
    // {01, 12, 23}: endpoints 0, 3; interior 1, 2.
    let p = pairs(&[(0, 1), (1, 2), (2, 3)]);
    assert!(mango::is_path(&s, &p));
    assert_eq!(mango::endpoints(&s, &p), OrdSet::from(vec![0, 3]));
    assert_eq!(mango::interior_points(&s, &p), OrdSet::from(vec![1, 2]));
    // The empty set has no endpoint; the triangle alone has none either.
    assert!(!mango::is_path(&s, &OrdSet::new()));
    assert!(!mango::is_path(&s, &pairs(&[(4, 5), (5, 6), (4, 6)])));
    // Two separate segments have four endpoints.
    assert!(!mango::is_path(&s, &pairs(&[(0, 1), (2, 3)])));
    // A pair not in C is refused.
    assert!(!mango::is_path(&s, &pairs(&[(0, 2)])));
    // Reading 7: the segment plus the disjoint triangle is a path by the words of the
    // text; the triangle's points are interior points.
    let with_cycle = pairs(&[(0, 1), (1, 2), (2, 3), (4, 5), (5, 6), (4, 6)]);
    assert!(mango::is_path(&s, &with_cycle));
    assert_eq!(
        mango::interior_points(&s, &with_cycle),
        OrdSet::from(vec![1, 2, 4, 5, 6])
    );
    // Every path of this board, literally: the segment's 6 sub-segments, each alone or
    // with the whole triangle (12), and the triangle's own 3 edges and 3 two-edge paths
    // (6): 18.
    assert_eq!(mango::all_paths(&s).unwrap().len(), 18);
}

#[test]
fn mango_path_reading_7_a_cycle_cannot_rescue_condition_2() {
    // n = 0 (empty) is joined to h = 1 (white); a triangle 2-3-4 with 2 black (M for Black).
    // The path {01} ∪ triangle has a black interior point, but {01} alone is also a path
    // from n to h, with no interior point at all: condition 2 fails, n is not Black's.
    let s = set_on(board(5, &[(0, 1), (2, 3), (3, 4), (2, 4), (0, 3)]));
    let config = Configuration::of(&[
        Colour::Empty,
        Colour::White,
        Colour::Black,
        Colour::Empty,
        Colour::Empty,
    ]);
    let paths = mango::all_paths(&s).unwrap();
    for n in [0, 3, 4] {
        assert_eq!(
            mango::is_territory_literal(&s, &paths, &config, Player::Black, n),
            mango::is_territory(&s, &config, Player::Black, n),
            "point {n}"
        );
    }
    assert!(!mango::is_territory(&s, &config, Player::Black, 0));
}

#[test]
fn mango_alive_reading_7_a_cycle_through_the_opponent_does_not_hide_a_liberty() {
    // s = 0 black, e = 1 empty, joined; a triangle 2-3-4 with 2 white. {01} ∪ triangle has
    // a white interior point and does not qualify, but {01} does: 1 is in L.
    let s = set_on(board(5, &[(0, 1), (2, 3), (3, 4), (2, 4)]));
    let config = Configuration::of(&[
        Colour::Black,
        Colour::Empty,
        Colour::White,
        Colour::Empty,
        Colour::Empty,
    ]);
    let paths = mango::all_paths(&s).unwrap();
    assert_eq!(
        mango::liberty_region_literal(&s, &paths, &config, 0),
        OrdSet::unit(1)
    );
    assert_eq!(mango::liberty_region(&s, &config, 0), OrdSet::unit(1));
}

fn config() -> ProptestConfig {
    let from_env = ProptestConfig::default();
    ProptestConfig {
        cases: from_env.cases.max(400),
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "tests/proptest-regressions/mango_paths.txt",
        ))),
        ..from_env
    }
}

/// A tiny board (at most 12 pairs), often with a disjoint cycle beside it so that "paths"
/// with extra cycles exist.
fn tiny_board() -> impl Strategy<Value = Board> {
    let main = support::simple_graph(2..=6);
    let cycle = prop_oneof![
        Just(None),
        (3..=4usize).prop_map(|n| Some(Board::cycle(n).unwrap()))
    ];
    (main, cycle)
        .prop_map(|(b, c)| match c {
            Some(c) => b.disjoint_union(&c),
            None => b,
        })
        .prop_filter("at most 12 pairs", |b| b.edge_count() <= 12)
}

fn tiny_case() -> impl Strategy<Value = (Board, Vec<Colour>, Vec<i64>, Vec<bool>)> {
    tiny_board().prop_flat_map(|b| {
        let n = b.len();
        (
            Just(b),
            support::colouring(n),
            prop::collection::vec(-2..=3i64, n),
            prop::collection::vec(any::<bool>(), n),
        )
    })
}

proptest! {
    #![proptest_config(config())]

    /// `mango:PATH`, `mango:ALIVE`, `mango:SCORE`: the literal reading (every subset of C)
    /// and the polynomial one agree on path existence with any allowed interior, on L, on
    /// aliveness (also a component at a time: `fast_paths::mango::not_alive`), and on both
    /// scoring conditions.
    #[test]
    fn mango_path_literal_and_polynomial_agree((b, colours, weights, allowed) in tiny_case()) {
        let n = b.len();
        let s = MangoSet {
            board: Arc::new(b),
            f: weights.iter().map(|&w| BigRational::from_integer(w.into())).collect(),
            t: Threshold::parse(&["1 <= z < 4".to_string()]).unwrap(),
        };
        let paths = mango::all_paths(&s).unwrap();
        for a in 0..n {
            for z in 0..n {
                prop_assert_eq!(
                    mango::path_exists(&s, a, |b| b == z, |p| allowed[p]),
                    mango::path_exists_literal(&s, &paths, a, |b| b == z, |p| allowed[p]),
                    "path {} to {}", a, z
                );
            }
            // To any point of a set (here the points not allowed inside): SCORE's form.
            prop_assert_eq!(
                mango::path_exists(&s, a, |b| !allowed[b], |p| allowed[p]),
                mango::path_exists_literal(&s, &paths, a, |b| !allowed[b], |p| allowed[p]),
                "path from {} to a point not allowed inside", a
            );
        }
        let config = Configuration::of(&colours);
        for x in 0..n {
            prop_assert_eq!(
                mango::liberty_region(&s, &config, x),
                mango::liberty_region_literal(&s, &paths, &config, x)
            );
            for p in Player::BOTH {
                prop_assert_eq!(
                    mango::is_territory(&s, &config, p, x),
                    mango::is_territory_literal(&s, &paths, &config, p, x),
                    "point {} for {:?}", x, p
                );
            }
        }
        for p in Player::BOTH {
            let by_point: OrdSet<usize> = config
                .stones(p)
                .iter()
                .copied()
                .filter(|&x| !mango::alive(&s, &config, x))
                .collect();
            prop_assert_eq!(mango::not_alive(&s, &config, p), by_point.clone());
            // The fast form, a component of S ∪ E at a time, that the variants play.
            let fast = graphgo::fast_paths::mango::not_alive(&s.board, &s.f, &s.t, &colours, p.colour());
            prop_assert_eq!(fast.into_iter().collect::<OrdSet<usize>>(), by_point);
        }
    }
}

/// The moves a player may make, by the clauses as written: every member of E where the
/// configuration [`mango::make_move`] produces is new (`mango:MOVE`, `mango:LEGAL`).
fn moves_by_the_clauses(state: &mango::State, player: Player) -> Vec<usize> {
    state
        .config
        .e
        .iter()
        .copied()
        .filter(|&n| {
            mango::is_new(
                &state.earlier,
                &mango::make_move(&state.set, &state.config, player, n),
            )
        })
        .collect()
}

/// Plays a game by the transcription (`mango::turn`) and by the variants' game beside it
/// (`variants::mango::MangoGame`, whose moves' steps 3 and 4, legal moves and scores take
/// the fast paths of `fast_paths::mango`), and compares at every position: the states after
/// every turn, the legal turns (`mango::legal_turns`, every move `mango::turn` accepts),
/// both players' legal moves (against `moves_by_the_clauses`), and the scores
/// (`mango::scores`, every point's territory by `is_territory`'s path searches).
fn compare_along(setup: &graphgo::game::Setup, turns: &[graphgo::game::Turn], what: &str) -> usize {
    let mut state = mango::start(setup).expect("a MANGO setup").state;
    let mut game = variants::mango::MangoGame::start(setup).expect("a MANGO setup");
    let mut compared = 0;
    for turn in std::iter::once(None).chain(turns.iter().map(Some)) {
        if let Some(t) = turn {
            let by_spec = mango::turn(&state, t);
            let by_variant = game.play(t);
            assert_eq!(
                by_spec.as_ref().err().map(|e| e.clause),
                by_variant.as_ref().err().map(|e| e.clause),
                "{what}, {t:?} at {:?}",
                state.config
            );
            match by_spec {
                Ok(next) => state = next.state,
                Err(_) => continue,
            }
            assert_eq!(game.state, state, "{what}, after {t:?}");
        }
        for p in Player::BOTH {
            assert_eq!(
                variants::mango::legal_moves(&game.state, &game.earlier_keys, p),
                moves_by_the_clauses(&state, p),
                "{what}, {} to move, at {:?}",
                p.word(),
                state.config
            );
        }
        assert_eq!(
            game.legal_turns(),
            mango::legal_turns(&state),
            "{what}, at {:?}",
            state.config
        );
        assert_eq!(
            variants::mango::scores(&game.state),
            mango::scores(&state),
            "{what}, at {:?}",
            state.config
        );
        compared += 1;
    }
    compared
}

/// The variants' MANGO game (through `fast_paths::mango`: stones not alive a component at a
/// time, quiet moves by a cut search, territory by regions of E) equals the clauses as written, on the campaign's
/// MANGO games (random boards, weights of every sign, thresholds with windows; game i of
/// seed 11 is `graphgo fuzz --seed 11 --game i` on the MANGO family) and on Go games on a
/// 7x7 grid under F = 1 and T = `z >= 1` (`mango:EX19`'s reading).
#[test]
fn the_fast_legal_moves_and_scores_equal_the_clauses_as_written() {
    use graphgo::differential::fuzz::{play_family_game, MixedFamily};
    let mut compared = 0;
    for index in 0..150 {
        let played = play_family_game(
            &graphgo::variants::Rules,
            &graphgo::engine::Engine,
            MixedFamily::Mango,
            11,
            index,
        );
        let what = format!("seed 11, MANGO game {index}");
        compared += compare_along(&played.game.setup, &played.game.turns, &what);
    }
    let setup = graphgo::bench::spec_suite::family_setup(graphgo::game::RuleId::Mango, 7)
        .expect("a 7x7 MANGO setup");
    for (g, game) in graphgo::bench::spec_suite::grid_games(7, 3, 5)
        .iter()
        .enumerate()
    {
        compared += compare_along(&setup, game, &format!("7x7 Go game {g} of seed 5"));
    }
    assert!(compared > 1000, "{compared} positions compared");
}
