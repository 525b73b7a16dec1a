//! `mango:EXINF` — the text's second example: MANGO on the whole integer lattice, with
//! F(x, y) = exp(−x² − y²) and T(z) = 1 exactly when z > 1/1000 (reading 9).
//!
//! The board is given by a rule, not a list: the neighbours of (x, y) are the four points
//! at distance 1. A configuration has finite support: B and W are finite sets, E is every
//! other point. Nothing enumerates I:
//! - L (`mango:ALIVE`) is found by a search confined to the box of the stones grown by one
//!   point. The ring around the stones' box is empty and connected, and every point outside
//!   the box is joined to it through empty points, so a search that reaches the ring has
//!   reached *all* of the plane outside the stones' box, and one that does not reach it
//!   has found a finite L.
//! - Sums are exact symbolic values ([`ExpSum`]): with q = 1/e, F(x, y) = q^(x² + y²), so a
//!   finite sum is a polynomial in q with integer coefficients, and the sum over the whole
//!   plane is Θ(q)², Θ(q) = Σ_{n ∈ Z} q^(n²). A co-finite region is Θ² minus a polynomial.
//! - T's answer is decided by certified bounds ([`ExpSum::bounds`]): rational intervals for
//!   q and Θ, refined until the interval for z lies on one side of every end of T.
//!
//! Exactly on a threshold: a sum equals a rational only if it is a constant (the empty
//! sum 0, or F(0, 0) = 1 alone): for any non-constant polynomial P with integer
//! coefficients, P(1/e) is irrational (1/e is transcendental, Lindemann), so refinement
//! always ends. Constant sums are decided exactly, with T's open or closed end as written
//! (so L = {} gives z = 0, and T(0) = 0 under `z > 1/1000`: dead; L = {(0, 0)} gives
//! exactly 1). For co-finite sums, Θ(1/e)² − P(1/e), we know of no proof that they cannot
//! be rational; refinement stops at 2^−[`MAX_PRECISION_BITS`] and the answer is then an
//! error ("undecided"), never a guess. In practice Θ(1/e)² ≈ 3.1421 (close to π) and every
//! co-finite region has z far above 1/1000.
//!
//! [`Lattice::Square`] is the same game on the finite square |x|, |y| ≤ r (same F, same T,
//! same code), to compare with the infinite board while play stays far from the edge.
//!
//! [`ExpSum`]: crate::spec::mango::lattice::ExpSum
//! [`ExpSum::bounds`]: crate::spec::mango::lattice::ExpSum::bounds
//! [`MAX_PRECISION_BITS`]: crate::spec::mango::lattice::MAX_PRECISION_BITS
//! [`Lattice::Square`]: crate::spec::mango::lattice::Lattice::Square

use std::collections::BTreeMap;

use imbl::{HashSet, OrdSet};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

use crate::board::weights::Threshold;
use crate::game::Player;

/// A point of Z².
pub type LatticePoint = (i64, i64);

/// The finest precision tried when deciding T: 2^−4096.
pub const MAX_PRECISION_BITS: u32 = 4096;

/// `mango:EXINF` — the board: the whole lattice, or the square |x|, |y| ≤ r.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lattice {
    Infinite,
    Square(i64),
}

impl Lattice {
    /// Whether p is a point of I.
    pub fn contains(self, p: LatticePoint) -> bool {
        match self {
            Lattice::Infinite => true,
            Lattice::Square(r) => p.0.abs() <= r && p.1.abs() <= r,
        }
    }

    /// `mango:EXINF` — C by rule: the points at distance 1 from p that are on the board.
    pub fn neighbours(self, p: LatticePoint) -> Vec<LatticePoint> {
        let (x, y) = p;
        [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
            .into_iter()
            .filter(|&n| self.contains(n))
            .collect()
    }
}

/// `mango:EXINF` — a configuration of finite support: B and W; E is every other point.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LatticeConfig {
    pub b: OrdSet<LatticePoint>,
    pub w: OrdSet<LatticePoint>,
}

impl LatticeConfig {
    pub fn stones(&self, p: Player) -> &OrdSet<LatticePoint> {
        match p {
            Player::Black => &self.b,
            Player::White => &self.w,
        }
    }

    fn stones_mut(&mut self, p: Player) -> &mut OrdSet<LatticePoint> {
        match p {
            Player::Black => &mut self.b,
            Player::White => &mut self.w,
        }
    }

    /// Whether p is in E.
    pub fn is_empty_point(&self, p: LatticePoint) -> bool {
        !self.b.contains(&p) && !self.w.contains(&p)
    }

    /// The smallest box holding every stone, as (x_min, x_max, y_min, y_max); `None` with
    /// no stone.
    fn stone_box(&self) -> Option<(i64, i64, i64, i64)> {
        let all: Vec<LatticePoint> = self.b.iter().chain(self.w.iter()).copied().collect();
        let first = *all.first()?;
        Some(all.iter().fold(
            (first.0, first.0, first.1, first.1),
            |(a, b, c, d), &(x, y)| (a.min(x), b.max(x), c.min(y), d.max(y)),
        ))
    }
}

/// `mango:EXINF` — an exact sum of F = q^(x² + y²), q = 1/e: `plane` times Θ(q)² (the
/// whole lattice) plus Σ c_k q^k. Coefficients may be negative (a co-finite region is the
/// plane minus a polynomial).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExpSum {
    pub plane: bool,
    pub coefficients: BTreeMap<u64, BigInt>,
}

/// `mango:EXINF` — F(x, y) = exp(−x² − y²) as the exponent of q: x² + y².
pub fn exponent(p: LatticePoint) -> u64 {
    (p.0.unsigned_abs()).pow(2) + (p.1.unsigned_abs()).pow(2)
}

impl ExpSum {
    /// F at one point.
    pub fn at(p: LatticePoint) -> ExpSum {
        let mut s = ExpSum::default();
        s.add(p, 1);
        s
    }

    fn add(&mut self, p: LatticePoint, sign: i64) {
        let c = self.coefficients.entry(exponent(p)).or_default();
        *c += sign;
        if c.is_zero() {
            self.coefficients.remove(&exponent(p));
        }
    }

    /// The sum of F over the given points.
    pub fn over<'a>(points: impl IntoIterator<Item = &'a LatticePoint>) -> ExpSum {
        let mut s = ExpSum::default();
        for &p in points {
            s.add(p, 1);
        }
        s
    }

    /// The exact value when it is rational: a constant with no plane (0, or a count of
    /// points at the origin).
    pub fn as_rational(&self) -> Option<BigRational> {
        if self.plane || self.coefficients.keys().any(|&k| k > 0) {
            return None;
        }
        Some(BigRational::from_integer(
            self.coefficients.get(&0).cloned().unwrap_or_default(),
        ))
    }

    /// Certified bounds lo ≤ value ≤ hi, with rational ends of denominator 2^bits (or
    /// wider, where the bound is exact).
    pub fn bounds(&self, bits: u32) -> (BigRational, BigRational) {
        let (q_lo, q_hi) = inverse_e(bits);
        let mut lo = BigRational::zero();
        let mut hi = BigRational::zero();
        for (&k, c) in &self.coefficients {
            let (p_lo, p_hi) = (power_down(&q_lo, k, bits), power_up(&q_hi, k, bits));
            let c = BigRational::from_integer(c.clone());
            if c.is_negative() {
                lo += &c * &p_hi;
                hi += &c * &p_lo;
            } else {
                lo += &c * &p_lo;
                hi += &c * &p_hi;
            }
        }
        if self.plane {
            let (t_lo, t_hi) = theta(&q_lo, &q_hi, bits);
            lo += &t_lo * &t_lo;
            hi += &t_hi * &t_hi;
        }
        (lo, hi)
    }

    /// `mango:EXINF` — T(value), decided exactly for a rational value and by refining
    /// certified bounds otherwise; an error when 2^−[`MAX_PRECISION_BITS`] does not decide.
    pub fn decide(&self, t: &Threshold) -> Result<u8, String> {
        if let Some(z) = self.as_rational() {
            return Ok(t.t(&z));
        }
        let ends: Vec<&BigRational> = t
            .intervals
            .iter()
            .flat_map(|i| i.lower.iter().chain(i.upper.iter()))
            .map(|b| &b.value)
            .collect();
        let mut bits = 64;
        while bits <= MAX_PRECISION_BITS {
            let (lo, hi) = self.bounds(bits);
            // T is constant on [lo, hi] when no end of T lies in it.
            if ends.iter().all(|&e| *e < lo || *e > hi) {
                return Ok(t.t(&lo));
            }
            bits *= 2;
        }
        Err(format!(
            "T is undecided at precision 2^-{MAX_PRECISION_BITS}: the sum is within that of an end of T"
        ))
    }
}

/// Rounds a non-negative rational down (or up) to a multiple of 2^−bits.
fn round(r: &BigRational, bits: u32, up: bool) -> BigRational {
    let scale = BigInt::one() << bits;
    let scaled = r * BigRational::from_integer(scale.clone());
    let n = if up { scaled.ceil() } else { scaled.floor() };
    BigRational::new(n.to_integer(), scale)
}

/// q^k rounded down at every step (q ≥ 0): a lower bound.
fn power_down(q: &BigRational, k: u64, bits: u32) -> BigRational {
    power(q, k, bits, false)
}

/// q^k rounded up at every step: an upper bound.
fn power_up(q: &BigRational, k: u64, bits: u32) -> BigRational {
    power(q, k, bits, true)
}

fn power(q: &BigRational, mut k: u64, bits: u32, up: bool) -> BigRational {
    let mut result = BigRational::one();
    let mut base = q.clone();
    while k > 0 {
        if k & 1 == 1 {
            result = round(&(&result * &base), bits, up);
        }
        k >>= 1;
        if k > 0 {
            base = round(&(&base * &base), bits, up);
        }
    }
    result
}

/// Bounds for 1/e = Σ (−1)^k / k!: consecutive partial sums bracket it; terms are added
/// until 1/n! < 2^−bits.
fn inverse_e(bits: u32) -> (BigRational, BigRational) {
    let mut sum = BigRational::zero();
    let mut term = BigRational::one();
    let limit = BigRational::new(BigInt::one(), BigInt::one() << bits);
    let mut k = 0u64;
    loop {
        let next = if k.is_multiple_of(2) {
            &sum + &term
        } else {
            &sum - &term
        };
        let next_term = &term / BigRational::from_integer((k + 1).into());
        if k >= 2 && next_term < limit {
            // sum and next bracket 1/e (the series alternates with falling terms).
            let (lo, hi) = if next < sum { (next, sum) } else { (sum, next) };
            return (round(&lo, bits + 8, false), round(&hi, bits + 8, true));
        }
        sum = next;
        term = next_term;
        k += 1;
    }
}

/// Bounds for Θ(q) = 1 + 2 Σ_{n ≥ 1} q^(n²), given q_lo ≤ q ≤ q_hi < 1: the first N terms,
/// plus for the upper bound the tail 2 q^((N+1)²) / (1 − q).
fn theta(q_lo: &BigRational, q_hi: &BigRational, bits: u32) -> (BigRational, BigRational) {
    let n_max = (f64::from(bits).sqrt() as u64) + 3;
    let two = BigRational::from_integer(2.into());
    let mut lo = BigRational::one();
    let mut hi = BigRational::one();
    for n in 1..=n_max {
        lo += &two * power_down(q_lo, n * n, bits);
        hi += &two * power_up(q_hi, n * n, bits);
    }
    let tail = &two * power_up(q_hi, (n_max + 1) * (n_max + 1), bits) / (BigRational::one() - q_hi);
    hi += round(&tail, bits, true);
    (lo, hi)
}

/// `mango:ALIVE` on the lattice — L of s and its weight, without enumerating I: a search
/// through S ∪ E inside the stones' box grown by one; on the infinite board, reaching the
/// ring outside the stones' box means L holds every point outside that box.
pub fn liberty_weight(lattice: Lattice, config: &LatticeConfig, s: LatticePoint) -> ExpSum {
    let Some(player) = [Player::Black, Player::White]
        .into_iter()
        .find(|&p| config.stones(p).contains(&s))
    else {
        return ExpSum::default();
    };
    let (x0, x1, y0, y1) = config.stone_box().expect("s is a stone");
    let in_stone_box = |p: LatticePoint| p.0 >= x0 && p.0 <= x1 && p.1 >= y0 && p.1 <= y1;
    let in_search = |p: LatticePoint| match lattice {
        Lattice::Infinite => p.0 >= x0 - 1 && p.0 <= x1 + 1 && p.1 >= y0 - 1 && p.1 <= y1 + 1,
        Lattice::Square(_) => true,
    };
    let stones = config.stones(player);
    let mut seen: OrdSet<LatticePoint> = OrdSet::unit(s);
    let mut frontier = vec![s];
    let mut escaped = false;
    while let Some(u) = frontier.pop() {
        for w in lattice.neighbours(u) {
            if !in_search(w) || seen.contains(&w) {
                continue;
            }
            if config.is_empty_point(w) || stones.contains(&w) {
                seen.insert(w);
                frontier.push(w);
                if lattice == Lattice::Infinite && !in_stone_box(w) {
                    escaped = true;
                }
            }
        }
    }
    if !escaped {
        return ExpSum::over(seen.iter().filter(|&&p| config.is_empty_point(p)));
    }
    // The plane, less every point of the stones' box, plus the empty points of the box
    // that the search reached.
    let mut sum = ExpSum {
        plane: true,
        coefficients: BTreeMap::new(),
    };
    for x in x0..=x1 {
        for y in y0..=y1 {
            sum.add((x, y), -1);
        }
    }
    for &p in seen.iter() {
        if in_stone_box(p) && config.is_empty_point(p) {
            sum.add(p, 1);
        }
    }
    sum
}

/// `mango:ALIVE` on the lattice — T of L's weight.
pub fn alive(
    lattice: Lattice,
    t: &Threshold,
    config: &LatticeConfig,
    s: LatticePoint,
) -> Result<bool, String> {
    Ok(liberty_weight(lattice, config, s).decide(t)? == 1)
}

/// `mango:ALIVE` on the lattice — the members of S (a player's stones) that are not alive,
/// each judged by [`alive`].
pub fn not_alive(
    lattice: Lattice,
    t: &Threshold,
    config: &LatticeConfig,
    player: Player,
) -> Result<OrdSet<LatticePoint>, String> {
    let mut dead = OrdSet::new();
    for &s in config.stones(player) {
        if !alive(lattice, t, config, s)? {
            dead.insert(s);
        }
    }
    Ok(dead)
}

/// `mango:MOVE` on the lattice — the four steps: n selected from E (else an error), n
/// joins M, the points of H not alive at the end of step 2 go to E, then those of M not
/// alive at the end of step 3.
pub fn make_move(
    lattice: Lattice,
    t: &Threshold,
    config: &LatticeConfig,
    player: Player,
    n: LatticePoint,
) -> Result<LatticeConfig, String> {
    if !lattice.contains(n) || !config.is_empty_point(n) {
        return Err(format!("{n:?} is not in E (mango:MOVE)"));
    }
    let mut c = config.clone();
    c.stones_mut(player).insert(n);
    for side in [player.opponent(), player] {
        let dead = not_alive(lattice, t, &c, side)?;
        let stones = c.stones_mut(side);
        for s in dead {
            stones.remove(&s);
        }
    }
    Ok(c)
}

/// A game on the lattice: the configuration, whose turn, the configurations so far
/// (`mango:LEGAL`), consecutive passes (`mango:END`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LatticeGame {
    pub lattice: Lattice,
    pub t: Threshold,
    pub config: LatticeConfig,
    pub to_move: Player,
    pub earlier: HashSet<LatticeConfig>,
    pub consecutive_passes: u32,
}

/// `mango:EXINF` — the example's setup: everything empty, Black first, T = `z > 1/1000`.
pub fn example(lattice: Lattice) -> LatticeGame {
    let t = Threshold::parse(&["z > 1/1000".to_string()]).expect("a valid interval");
    let config = LatticeConfig::default();
    LatticeGame {
        lattice,
        t,
        earlier: HashSet::unit(config.clone()),
        config,
        to_move: Player::Black,
        consecutive_passes: 0,
    }
}

impl LatticeGame {
    /// `mango:TURN` on the lattice — a move at n, or a pass with `None`, one arm per rule
    /// as `mango::turn`; errors say why the turn is refused, naming the clause. (The
    /// lattice game has no players' names to check: the turn is always `to_move`'s.)
    pub fn play(&self, at: Option<LatticePoint>) -> Result<LatticeGame, String> {
        match at {
            // mango:END — two consecutive passes ended the game.
            _ if super::ends(self.consecutive_passes) => Err("the game is over (mango:END)".into()),
            // mango:TURN — a pass: the other player's turn.
            None => Ok(LatticeGame {
                to_move: self.to_move.opponent(),
                consecutive_passes: self.consecutive_passes + 1,
                ..self.clone()
            }),
            // mango:MOVE — the four steps; mango:LEGAL — made only when the configuration
            // produced is new.
            Some(n) => {
                let config = make_move(self.lattice, &self.t, &self.config, self.to_move, n)?;
                if self.earlier.contains(&config) {
                    return Err(format!(
                        "{n:?} produces a configuration that is not new (mango:LEGAL)"
                    ));
                }
                Ok(LatticeGame {
                    earlier: self.earlier.update(config.clone()),
                    config,
                    to_move: self.to_move.opponent(),
                    consecutive_passes: 0,
                    ..self.clone()
                })
            }
        }
    }
}
