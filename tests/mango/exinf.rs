//! `mango:EXINF` — MANGO on the infinite integer lattice with F(x, y) = exp(−x² − y²) and
//! T = `z > 1/1000` (reading 9): positions of finite support, L without enumerating I, T
//! decided by certified rational bounds, exact answers on a threshold, and agreement with
//! the same game on a large finite square while play stays far from its edge.

use graphgo::board::weights::Threshold;
use graphgo::game::Player;
use graphgo::spec::mango::lattice::{
    self, ExpSum, Lattice, LatticeConfig, LatticeGame, LatticePoint,
};
use imbl::{HashSet, OrdSet};
use num_rational::BigRational;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

fn q(n: i64, d: i64) -> BigRational {
    BigRational::new(n.into(), d.into())
}

fn t(text: &str) -> Threshold {
    Threshold::parse(&[text.to_string()]).unwrap()
}

fn set(points: &[LatticePoint]) -> OrdSet<LatticePoint> {
    points.iter().copied().collect()
}

#[test]
fn mango_exinf_the_whole_plane_weighs_about_pi() {
    // Θ(1/e) = 1 + 2(e^-1 + e^-4 + e^-9 + e^-16 + …) = 1 + 2(0.36787944 + 0.01831564
    // + 0.00012341 + 0.00000011) ≈ 1.7726372, squared ≈ 3.142242 (Jacobi: it is
    // π(1 + 2e^(−π²) + …)², a little above π). The certified bounds at 64 bits bracket it
    // within [3.14224, 3.14225].
    let plane = ExpSum {
        plane: true,
        coefficients: Default::default(),
    };
    let (lo, hi) = plane.bounds(64);
    assert!(lo <= hi);
    assert!(
        lo > q(314_224, 100_000) && hi < q(314_225, 100_000),
        "{lo} {hi}"
    );
    // 1/e alone: 0.36787944117144233 lies in the bounds.
    let (lo, hi) = ExpSum::at((1, 0)).bounds(64);
    assert!(lo < q(36_787_944_117_144_234, 100_000_000_000_000_000));
    assert!(hi > q(36_787_944_117_144_232, 100_000_000_000_000_000));
}

#[test]
fn mango_exinf_a_lone_stone_lives() {
    // Black on (0, 0): L is every other point of the plane: z = Θ² − 1 ≈ 2.14 > 1/1000.
    let g = lattice::example(Lattice::Infinite);
    let g = g.play(Some((0, 0))).unwrap();
    assert_eq!(g.config.b, set(&[(0, 0)]));
    let z = lattice::liberty_weight(Lattice::Infinite, &g.config, (0, 0));
    assert!(z.plane);
    assert_eq!(z.decide(&g.t), Ok(1));
    // Far from the origin too: a stone at (40, 0) still reaches the whole plane.
    let g = lattice::example(Lattice::Infinite)
        .play(Some((40, 0)))
        .unwrap();
    assert_eq!(g.config.b, set(&[(40, 0)]));
}

/// Black on `at`, White around it except on the point `eye` (a neighbour of `at`, whose
/// other neighbours White also holds, but one: `last`, which White is to play).
fn enclosure(at: LatticePoint) -> (LatticeGame, LatticePoint) {
    let (x, y) = at;
    // Black (x, y), eye (x + 1, y); White (x − 1, y), (x, y ± 1), (x + 1, y ± 1); White's
    // move (x + 2, y) closes the eye's last opening.
    let config = LatticeConfig {
        b: set(&[at]),
        w: set(&[
            (x - 1, y),
            (x, y + 1),
            (x, y - 1),
            (x + 1, y + 1),
            (x + 1, y - 1),
        ]),
    };
    let mut g = lattice::example(Lattice::Infinite);
    g.earlier = HashSet::unit(config.clone());
    g.config = config;
    g.to_move = Player::White;
    (g, (x + 2, y))
}

#[test]
fn mango_exinf_an_enclosed_light_stone_dies() {
    // Black on (5, 0) with only (6, 0) left to reach: z = e^(−36) ≈ 2.3·10^−16 ≤ 1/1000.
    // White's move at (7, 0) encloses it: Black is not alive at the end of step 2 and
    // goes. (Under ordinary Go it would live, with one liberty.)
    let (g, close) = enclosure((5, 0));
    let after = g.play(Some(close)).unwrap();
    assert!(after.config.b.is_empty());
    assert_eq!(after.config.w.len(), 6);
    // The same shape at the origin: the eye (1, 0) weighs 1/e ≈ 0.37 > 1/1000: it lives.
    let (g, close) = enclosure((0, 0));
    let after = g.play(Some(close)).unwrap();
    assert_eq!(after.config.b, set(&[(0, 0)]));
}

#[test]
fn mango_exinf_exactly_on_a_threshold() {
    // Rational sums are decided exactly, with T's ends as written: L = {} gives z = 0,
    // and T(0) = 0 under z > 1/1000; L = {(0, 0)} gives exactly 1.
    assert_eq!(ExpSum::default().decide(&t("z > 1/1000")), Ok(0));
    assert_eq!(ExpSum::default().decide(&t("z >= 0")), Ok(1));
    let origin = ExpSum::at((0, 0));
    assert_eq!(origin.as_rational(), Some(q(1, 1)));
    assert_eq!(origin.decide(&t("z > 1")), Ok(0));
    assert_eq!(origin.decide(&t("z >= 1")), Ok(1));
    // Irrational sums are never on a rational end: refinement decides them, however close
    // the end. 1/e = 0.367879441171442…: just below and just above it.
    let e1 = ExpSum::at((0, 1));
    assert_eq!(e1.decide(&t("z > 367879441171442/1000000000000000")), Ok(1));
    assert_eq!(e1.decide(&t("z > 367879441171443/1000000000000000")), Ok(0));
    // A black stone at the origin whose only reachable empty point is the origin's
    // neighbour... the origin itself as L: Black on (1, 0) with White around the origin.
    let config = LatticeConfig {
        b: set(&[(1, 0)]),
        w: set(&[(-1, 0), (0, 1), (0, -1), (2, 0), (1, 1), (1, -1)]),
    };
    let z = lattice::liberty_weight(Lattice::Infinite, &config, (1, 0));
    assert_eq!(z.as_rational(), Some(q(1, 1)));
}

#[test]
fn mango_exinf_agrees_with_a_large_finite_square_near_the_origin() {
    // Random games within |x|, |y| ≤ 3 on the infinite lattice and on the square
    // |x|, |y| ≤ 8: the same legal moves (tried in the same order) and configurations.
    // Regions that reach the edge of the square are finite there and co-finite on the
    // plane; both weigh far more than 1/1000, so T agrees.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(19);
    for _game in 0..4 {
        let mut inf = lattice::example(Lattice::Infinite);
        let mut fin = lattice::example(Lattice::Square(8));
        for _turn in 0..30 {
            let at = if rng.random_ratio(1, 12) {
                None
            } else {
                Some((rng.random_range(-3..=3), rng.random_range(-3..=3)))
            };
            match (inf.play(at), fin.play(at)) {
                (Ok(a), Ok(b)) => {
                    assert_eq!(a.config, b.config);
                    (inf, fin) = (a, b);
                }
                (Err(_), Err(_)) => {}
                (a, b) => panic!("{at:?}: infinite {a:?}, finite {b:?}"),
            }
        }
    }
}

#[test]
fn mango_exinf_a_ko_near_the_origin_is_repetition_checked() {
    // mango:LEGAL on the lattice: a move that changes nothing (a stone that dies at once)
    // is refused. Black on (0,0) inside four white stones: L = {}, z = 0: dead, and the
    // configuration is the one before.
    let config = LatticeConfig {
        b: OrdSet::new(),
        w: set(&[(1, 0), (-1, 0), (0, 1), (0, -1)]),
    };
    let mut g = lattice::example(Lattice::Infinite);
    g.earlier = HashSet::unit(config.clone());
    g.config = config;
    assert!(g.play(Some((0, 0))).unwrap_err().contains("mango:LEGAL"));
    // Two passes end the game.
    let g = g.play(None).unwrap().play(None).unwrap();
    assert!(g.play(None).is_err());
}
