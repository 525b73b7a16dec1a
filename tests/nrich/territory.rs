//! Three definitions of who owns an empty point (issue 5, section 4), compared on random
//! positions of random graphs:
//! - `ggg1:4`: the empty group has no neighbour of the opponent's colour;
//! - `mango:SCORE`: a path to an own point avoiding opponent interior points, and every
//!   path to an opponent point passing an own point;
//! - `nrich:flood`: flooded from the player's stones and not from the opponent's.
//!
//! They agree everywhere except on an empty group that touches no stone at all (reading
//! 1): `ggg1:4` as written gives it to both players, the other two to neither. `ggg1:4`
//! under `neutral: none` (Tromp-Taylor) agrees with the other two everywhere.

use crate::support;

use std::sync::Arc;

use graphgo::board::weights::Threshold;
use graphgo::board::Board;
use graphgo::game::{Colour, Neutral, Player};
use graphgo::spec::ggg::{self, ColouredGraph};
use graphgo::spec::mango::{self, Configuration, MangoSet};
use graphgo::spec::nrich;
use graphgo::variants;
use imbl::Vector;
use num_rational::BigRational;
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

fn unit_set(board: &Arc<Board>) -> MangoSet {
    MangoSet {
        board: Arc::clone(board),
        f: Vector::from(vec![BigRational::from_integer(1.into()); board.len()]),
        t: Threshold::at_least_one(),
    }
}

/// `ggg1:4` for one point, read from the clause: v is empty and its empty group (`ggg1:1`)
/// has no neighbour of the opponent's colour; under `neutral: none` it must also have one of
/// the player's.
fn ggg1_counts(g: &ColouredGraph, player: Player, v: usize, neutral: Neutral) -> bool {
    if g.f[v] != Colour::Empty {
        return false;
    }
    let group = ggg::group(g, v);
    let touches = |c: Colour| {
        group
            .iter()
            .any(|&u| g.graph.neighbours(u).iter().any(|&w| g.f[w] == c))
    };
    !touches(player.opponent().colour()) && (neutral == Neutral::Both || touches(player.colour()))
}

/// The three (four, with Tromp-Taylor) answers for every point and player.
fn compare(board: Board, colours: Vec<Colour>) -> Result<(), TestCaseError> {
    let board = Arc::new(board);
    let g = ColouredGraph {
        graph: Arc::clone(&board),
        f: colours.iter().copied().collect(),
    };
    let set = unit_set(&board);
    let config = Configuration::of(&colours);
    for p in Player::BOTH {
        let flooded = nrich::undisputed_territory(&board, &g.f, p);
        for v in 0..board.len() {
            let by_mango = mango::is_territory(&set, &config, p, v);
            let by_flood = flooded.contains(&v);
            let by_tromp_taylor = ggg1_counts(&g, p, v, Neutral::None);
            let by_ggg1 = ggg1_counts(&g, p, v, Neutral::Both);
            prop_assert_eq!(by_mango, by_flood, "point {} for {:?}", v, p);
            prop_assert_eq!(by_mango, by_tromp_taylor, "point {} for {:?}", v, p);
            // Reading 1: the only difference.
            let stoneless = g.f[v] == Colour::Empty
                && ggg1_counts(&g, p.opponent(), v, Neutral::Both)
                && by_ggg1;
            prop_assert_eq!(by_ggg1, by_mango || stoneless, "point {} for {:?}", v, p);
            if stoneless {
                prop_assert!(!by_mango && !by_flood);
            }
        }
        // The scores: ggg1:4 under neutral none = MANGO's SCORE with F = 1, no initial score.
        let tt = variants::ggg::score(&g, p, Neutral::None);
        let m = mango::score(&set, &config, p, &BigRational::from_integer(0.into()));
        prop_assert_eq!(BigRational::from_integer(tt.into()), m);
    }
    Ok(())
}

fn config() -> ProptestConfig {
    let from_env = ProptestConfig::default();
    ProptestConfig {
        cases: from_env.cases.max(1000),
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "tests/proptest-regressions/nrich_territory.txt",
        ))),
        ..from_env
    }
}

proptest! {
    #![proptest_config(config())]

    /// `ggg1:4`, `mango:SCORE`, `nrich:flood` on random positions of random graphs.
    #[test]
    fn nrich_flood_three_definitions_of_territory(
        (b, colours) in support::any_board().prop_flat_map(|b| {
            let n = b.len();
            (Just(b), support::colouring(n))
        })
    ) {
        compare(b, colours)?;
    }
}

// ---------------------------------------------------------------------------------------
// Reading 1, pinned
// ---------------------------------------------------------------------------------------

#[test]
fn nrich_flood_reading_1_an_empty_region_touching_no_stone() {
    // Path 1-2-3 plus an isolated point 4. Black on 2. Point 4's empty group {4} touches
    // no stone: ggg1:4 as written gives it to both players (no neighbour of the opponent's
    // colour); MANGO (no path from 4 to any point at all: condition 1 fails) and flooding
    // (no water reaches 4) give it to neither. Points 1 and 3 are Black's by all three.
    let board =
        Arc::new(Board::from_edges(&["1", "2", "3", "4"], &[("1", "2"), ("2", "3")]).unwrap());
    let colours = [Colour::Empty, Colour::Black, Colour::Empty, Colour::Empty];
    let g = ColouredGraph {
        graph: Arc::clone(&board),
        f: colours.iter().copied().collect(),
    };
    let set = unit_set(&board);
    let config = Configuration::of(&colours);
    for p in Player::BOTH {
        assert!(ggg1_counts(&g, p, 3, Neutral::Both));
        assert!(!ggg1_counts(&g, p, 3, Neutral::None));
        assert!(!mango::is_territory(&set, &config, p, 3));
        assert!(!nrich::undisputed_territory(&board, &g.f, p).contains(&3));
    }
    // Scores: ggg1:4 Black 3 + 1 = 4, White 0 + 1 = 1; MANGO and flooding Black 3, White 0.
    assert_eq!(ggg::score(&g, Player::Black), 4);
    assert_eq!(ggg::score(&g, Player::White), 1);
    let zero = BigRational::from_integer(0.into());
    assert_eq!(
        mango::score(&set, &config, Player::Black, &zero),
        BigRational::from_integer(3.into())
    );
    assert_eq!(mango::score(&set, &config, Player::White, &zero), zero);
}

#[test]
fn nrich_flood_reading_1_the_empty_board() {
    // An empty 3x3 board: ggg1:4 gives all 9 points to each player; MANGO and flooding 0.
    let board = Arc::new(Board::grid(3, 3).unwrap());
    let colours = vec![Colour::Empty; 9];
    let g = ColouredGraph {
        graph: Arc::clone(&board),
        f: colours.iter().copied().collect(),
    };
    let set = unit_set(&board);
    let config = Configuration::of(&colours);
    let zero = BigRational::from_integer(0.into());
    for p in Player::BOTH {
        assert_eq!(ggg::score(&g, p), 9);
        assert_eq!(mango::score(&set, &config, p, &zero), zero);
        assert!(nrich::undisputed_territory(&board, &g.f, p).is_empty());
    }
}
