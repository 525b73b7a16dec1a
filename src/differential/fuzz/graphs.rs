//! Random boards (named families, random graphs, unions) and random setups of General
//! Graph Go on them (rules, options, komi, prisoners, stones).

use num_rational::BigRational;
use rand::Rng;

use super::MAX_FUZZ_VERTICES;
use crate::board::Board;
use crate::game::{
    Colour, KoPass, Neutral, NoMove, Options, Player, Repetition, RepetitionEnd, RuleId,
    SelfCapture, Setup,
};

/// A random board of at most [`MAX_FUZZ_VERTICES`] vertices, mostly much smaller: grids,
/// tori, cylinders, Moebius bands, Klein bottles, 3-D grids, paths, cycles, complete
/// graphs, random graphs of three densities, and unions of two or three of these.
pub fn random_board<R: Rng + ?Sized>(rng: &mut R) -> Board {
    let board = match rng.random_range(0..20) {
        0..=13 => simple_board(rng, 25),
        14..=16 => random_graph(rng),
        _ => {
            let parts = rng.random_range(2..=3);
            let mut union = simple_board(rng, 12);
            for _ in 1..parts {
                let next = if rng.random_bool(0.5) {
                    simple_board(rng, 12)
                } else {
                    small_random_graph(rng, 10)
                };
                union = union.disjoint_union(&next);
            }
            union
        }
    };
    debug_assert!(board.len() <= MAX_FUZZ_VERTICES);
    board
}

/// One of the named families, with at most `cap` vertices.
pub(super) fn simple_board<R: Rng + ?Sized>(rng: &mut R, cap: usize) -> Board {
    let side = |rng: &mut R, lo: usize| rng.random_range(lo..=6);
    loop {
        let built = match rng.random_range(0..11) {
            0..=2 => Board::grid(side(rng, 1), side(rng, 1)),
            3 => Board::torus(side(rng, 2), side(rng, 2)),
            4 => Board::cylinder(side(rng, 2), side(rng, 1)),
            5 => Board::moebius(side(rng, 2), side(rng, 2)),
            6 => Board::klein(side(rng, 2), side(rng, 2)),
            7 => Board::cube(
                rng.random_range(1..=3),
                rng.random_range(2..=3),
                rng.random_range(2..=3),
            ),
            8 => Board::path(rng.random_range(1..=12)),
            9 => Board::cycle(rng.random_range(1..=12)),
            _ => Board::complete(rng.random_range(1..=6)),
        };
        if let Ok(b) = built {
            if b.len() <= cap {
                return b;
            }
        }
    }
}

/// A random graph G(n, p) with n up to 30 and mean degree about 1.5, 3 or 6.
fn random_graph<R: Rng + ?Sized>(rng: &mut R) -> Board {
    small_random_graph(rng, 30)
}

pub(super) fn small_random_graph<R: Rng + ?Sized>(rng: &mut R, most: usize) -> Board {
    let n = rng.random_range(2..=most);
    let degree = [1.5, 3.0, 6.0][rng.random_range(0..3)];
    let p = (degree / (n - 1) as f64).min(1.0);
    let names: Vec<String> = (1..=n).map(|i| format!("g{i}")).collect();
    let mut edges = Vec::new();
    for u in 0..n {
        for v in u + 1..n {
            if rng.random_bool(p) {
                edges.push((names[u].clone(), names[v].clone()));
            }
        }
    }
    Board::from_edges(&names, &edges).expect("distinct names, no loops")
}

/// A random setup on `board`: any rules, any options (each the source's reading half of the
/// time), sometimes White first, `ggg3` prisoners up to 3, `ggg1` komi in halves, and in a
/// third of the games stones set out before the first turn (libertyless groups included).
pub fn random_setup<R: Rng + ?Sized>(rng: &mut R, board: Board) -> Setup {
    let rules = RuleId::ALL[rng.random_range(0..3)];
    let mut setup = Setup::new(rules, board);
    setup.options = random_options(rng);
    if rng.random_bool(0.15) {
        setup.to_move = Player::White;
    }
    if rules == RuleId::Ggg3 {
        for p in &mut setup.prisoners {
            *p = if rng.random_bool(0.3) {
                0
            } else {
                rng.random_range(0..=3)
            };
        }
    }
    if rules == RuleId::Ggg1 && rng.random_bool(0.5) {
        let halves: i64 = rng.random_range(-4..=15);
        setup.komi = BigRational::new(halves.into(), 2.into());
    }
    if rng.random_bool(0.35) {
        let density = rng.random_range(0.05..0.45);
        set_out_stones(rng, &mut setup.initial, density);
    }
    setup
}

/// Stones set out before the first turn: each point black or white (even odds) with
/// probability `density`, libertyless groups included.
pub(super) fn set_out_stones<R: Rng + ?Sized>(rng: &mut R, initial: &mut [Colour], density: f64) {
    for c in initial {
        if rng.random_bool(density) {
            *c = if rng.random_bool(0.5) {
                Colour::Black
            } else {
                Colour::White
            };
        }
    }
}

fn random_options<R: Rng + ?Sized>(rng: &mut R) -> Options {
    let mut o = Options::default();
    if rng.random_bool(0.5) {
        o.neutral = [Neutral::Both, Neutral::None][rng.random_range(0..2)];
    }
    if rng.random_bool(0.5) {
        o.no_move = [NoMove::Lose, NoMove::Pass][rng.random_range(0..2)];
    }
    if rng.random_bool(0.5) {
        o.self_capture =
            [SelfCapture::All, SelfCapture::Multi, SelfCapture::None][rng.random_range(0..3)];
    }
    if rng.random_bool(0.5) {
        o.repetition = Repetition::ALL[rng.random_range(0..Repetition::ALL.len())];
    }
    if o.repetition == Repetition::KoPoint && rng.random_bool(0.5) {
        o.ko_pass = KoPass::Keeps;
    }
    if rng.random_bool(0.25) {
        o.repetition_end = RepetitionEnd::ALL[rng.random_range(0..RepetitionEnd::ALL.len())];
    }
    o
}
