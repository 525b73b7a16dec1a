//! Random MANGO setups (`mango:SETUP`): weights, threshold, initial scores and stones.

use num_rational::BigRational;
use rand::Rng;

use super::graphs::set_out_stones;
use crate::board::Board;
use crate::game::{Player, RuleId, Setup};

/// A random MANGO setup on `board` (`mango:SETUP`): weights from a few exact values
/// (1 most often; 0, negatives, halves and thirds), a threshold from a list of shapes
/// (Go's `z >= 1`, `z > 0`, windows, unions, `z >= 0` under which nothing dies), initial
/// scores in halves, sometimes White first, and in a third of the games stones set out.
pub fn random_mango_setup<R: Rng + ?Sized>(rng: &mut R, board: Board) -> Setup {
    use crate::board::weights::{Threshold, Weights};
    let n = board.len();
    let mut setup = Setup::new(RuleId::Mango, board);
    let values = [
        (1, 1),
        (1, 1),
        (1, 1),
        (2, 1),
        (1, 2),
        (1, 3),
        (0, 1),
        (-1, 1),
        (-1, 2),
        (3, 1),
    ];
    let uniform = rng.random_bool(0.3);
    let weight = (0..n)
        .map(|_| {
            let (a, b) = if uniform {
                (1, 1)
            } else {
                values[rng.random_range(0..values.len())]
            };
            BigRational::new(a.into(), b.into())
        })
        .collect();
    let shapes: [&[&str]; 8] = [
        &["z >= 1"],
        &["z > 0"],
        &["z >= 1/2"],
        &["1 <= z < 4"],
        &["z > 0", "z = -1"],
        &["z < 0", "2 <= z <= 5"],
        &["z >= 0"],
        &["z > 3/2"],
    ];
    let shape = shapes[rng.random_range(0..shapes.len())];
    let texts: Vec<String> = shape.iter().map(|t| t.to_string()).collect();
    let threshold = Threshold::parse(&texts).expect("the listed shapes are intervals");
    let half = |rng: &mut R| BigRational::new(rng.random_range(-2..=13i64).into(), 2.into());
    let scores = [half(rng), half(rng)];
    setup.equipment = crate::game::Equipment::Weights(std::sync::Arc::new(Weights {
        weight,
        threshold,
        scores,
    }));
    if rng.random_bool(0.15) {
        setup.to_move = Player::White;
    }
    if rng.random_bool(0.35) {
        let density = rng.random_range(0.05..0.45);
        set_out_stones(rng, &mut setup.initial, density);
    }
    setup
}
