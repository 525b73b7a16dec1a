//! MANGO's equipment beyond the graph (`mango:EQUIP`, `mango:SETUP`): the weight F of each
//! point, the threshold T, the initial scores — all exact (reading 8 in
//! `spec/ambiguities.md`).
//!
//! - F is a rational per point (a record gives a default and the exceptions).
//! - T is the indicator of a finite union of intervals with rational endpoints, each end
//!   open, closed or absent: `z >= 1`, `z > 1/1000`, `1 <= z < 5`. Every T that a person
//!   writes for a finite board with rational weights (a threshold, a window, a set of
//!   windows) is of this form; the text's own `int((z + 360) / 361)` equals `z >= 1` on
//!   every value it can take on 19x19 (`tests/mango/equipment.rs`).

use std::fmt;

use num_rational::BigRational;
use num_traits::{One, Zero};

use crate::rational;

/// The most intervals a threshold may have (a cap against absurd inputs).
pub const MAX_INTERVALS: usize = 1000;

/// The most bits the least common multiple of every denominator of the equipment (F's
/// values, T's bounds, the initial scores) may have: the cap that bounds MANGO's exact
/// arithmetic (`spec/FORMAT.md`, "Caps"). Every sum of weights the rules form (a liberty
/// region's z, a score) has a denominator dividing it, so every number MANGO computes on a
/// board within the vertex cap has at most this many bits plus those of the largest
/// numerator (200 characters, [`rational::MAX_RATIONAL_TEXT`]) plus 22: sums, comparisons
/// and the threshold cost microseconds each. Without it, 400 weights `1/(10^197 + i)`
/// (each within the text cap) add up to a denominator of 262 000 bits, and one move took
/// minutes.
pub const MAX_DENOMINATOR_BITS: u64 = 1024;

/// One end of an interval: a rational, and whether the interval contains it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Bound {
    pub value: BigRational,
    pub closed: bool,
}

/// An interval of the real line with rational ends; `None` is an absent end (unbounded).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Interval {
    pub lower: Option<Bound>,
    pub upper: Option<Bound>,
}

impl Interval {
    /// Whether z lies in the interval.
    pub fn contains(&self, z: &BigRational) -> bool {
        let above = match &self.lower {
            None => true,
            Some(b) => z > &b.value || (b.closed && z == &b.value),
        };
        let below = match &self.upper {
            None => true,
            Some(b) => z < &b.value || (b.closed && z == &b.value),
        };
        above && below
    }

    /// Whether no real number lies in the interval.
    pub fn is_empty(&self) -> bool {
        match (&self.lower, &self.upper) {
            (Some(l), Some(u)) => {
                l.value > u.value || (l.value == u.value && !(l.closed && u.closed))
            }
            _ => false,
        }
    }

    /// Reads one interval: `z >= 1`, `z > 1/1000`, `z < 0`, `1 <= z < 5`, `5 > z >= 1`,
    /// `z = 2` (spaces optional). The bounds are exact rationals (`rational::parse`).
    pub fn parse(text: &str) -> Result<Interval, String> {
        let tokens = tokens(text)?;
        let shape = || {
            format!(
                "'{text}' is not an interval of z (write z >= 1, z > 1/1000, 1 <= z < 5 or z = 2)"
            )
        };
        let z = tokens
            .iter()
            .position(|t| *t == Token::Z)
            .ok_or_else(shape)?;
        if tokens.iter().filter(|t| **t == Token::Z).count() != 1 {
            return Err(shape());
        }
        // What stands left of z ("a op z") and right of it ("z op b"), each optional.
        let left = &tokens[..z];
        let right = &tokens[z + 1..];
        let mut interval = Interval {
            lower: None,
            upper: None,
        };
        let mut place = |op: Op, value: BigRational, z_on_left: bool| -> Result<(), String> {
            // Rewrite "a op z" as "z op' a".
            let op = if z_on_left { op } else { op.flipped() };
            let (slot, bound) = match op {
                Op::Ge => (
                    &mut interval.lower,
                    Bound {
                        value,
                        closed: true,
                    },
                ),
                Op::Gt => (
                    &mut interval.lower,
                    Bound {
                        value,
                        closed: false,
                    },
                ),
                Op::Le => (
                    &mut interval.upper,
                    Bound {
                        value,
                        closed: true,
                    },
                ),
                Op::Lt => (
                    &mut interval.upper,
                    Bound {
                        value,
                        closed: false,
                    },
                ),
                Op::Eq => {
                    if interval.lower.is_some() || interval.upper.is_some() {
                        return Err(shape());
                    }
                    interval.lower = Some(Bound {
                        value: value.clone(),
                        closed: true,
                    });
                    (
                        &mut interval.upper,
                        Bound {
                            value,
                            closed: true,
                        },
                    )
                }
            };
            if slot.is_some() {
                return Err(format!("'{text}' bounds z twice on the same side"));
            }
            *slot = Some(bound);
            Ok(())
        };
        match left {
            [] => {}
            [Token::Number(a), Token::Op(op)] => place(*op, rational::parse(a)?, false)?,
            _ => return Err(shape()),
        }
        match right {
            [] => {}
            [Token::Op(op), Token::Number(b)] => place(*op, rational::parse(b)?, true)?,
            _ => return Err(shape()),
        }
        if interval.lower.is_none() && interval.upper.is_none() {
            return Err(shape());
        }
        if interval.is_empty() {
            return Err(format!("'{text}' contains no number"));
        }
        Ok(interval)
    }
}

impl fmt::Display for Interval {
    /// The form [`Interval::parse`] reads: `z >= 1`, `1 <= z < 5`, `z = 2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.lower, &self.upper) {
            (Some(l), Some(u)) if l.value == u.value => {
                write!(f, "z = {}", rational::format(&l.value))
            }
            (Some(l), Some(u)) => write!(
                f,
                "{} {} z {} {}",
                rational::format(&l.value),
                if l.closed { "<=" } else { "<" },
                if u.closed { "<=" } else { "<" },
                rational::format(&u.value)
            ),
            (Some(l), None) => write!(
                f,
                "z {} {}",
                if l.closed { ">=" } else { ">" },
                rational::format(&l.value)
            ),
            (None, Some(u)) => write!(
                f,
                "z {} {}",
                if u.closed { "<=" } else { "<" },
                rational::format(&u.value)
            ),
            (None, None) => f.write_str("z = z"),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
}

impl Op {
    /// `a op z` is `z op.flipped() a`.
    fn flipped(self) -> Op {
        match self {
            Op::Lt => Op::Gt,
            Op::Le => Op::Ge,
            Op::Gt => Op::Lt,
            Op::Ge => Op::Le,
            Op::Eq => Op::Eq,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    Z,
    Op(Op),
    Number(String),
}

fn tokens(text: &str) -> Result<Vec<Token>, String> {
    let mut out = Vec::new();
    let mut rest = text.trim();
    while !rest.is_empty() {
        let ops = [
            ("<=", Op::Le),
            (">=", Op::Ge),
            ("==", Op::Eq),
            ("<", Op::Lt),
            (">", Op::Gt),
            ("=", Op::Eq),
        ];
        if let Some((sym, op)) = ops.iter().find(|(s, _)| rest.starts_with(s)) {
            out.push(Token::Op(*op));
            rest = rest[sym.len()..].trim_start();
        } else if rest.starts_with(['z', 'Z']) {
            out.push(Token::Z);
            rest = rest[1..].trim_start();
        } else {
            let end = rest
                .find(|c: char| c.is_whitespace() || "<>=zZ".contains(c))
                .unwrap_or(rest.len());
            out.push(Token::Number(rest[..end].to_string()));
            rest = rest[end..].trim_start();
        }
        if out.len() > 5 {
            return Err(format!("'{text}' is too long for an interval of z"));
        }
    }
    Ok(out)
}

/// `mango:EQUIP` — T: the indicator of a finite union of intervals (reading 8).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Threshold {
    pub intervals: Vec<Interval>,
}

impl Threshold {
    /// T(z): 1 when z lies in one of the intervals, else 0.
    pub fn t(&self, z: &BigRational) -> u8 {
        u8::from(self.intervals.iter().any(|i| i.contains(z)))
    }

    /// `z >= 1`: with F = 1, Go's "at least one liberty" (`mango:EX19`).
    pub fn at_least_one() -> Threshold {
        Threshold {
            intervals: vec![Interval {
                lower: Some(Bound {
                    value: BigRational::one(),
                    closed: true,
                }),
                upper: None,
            }],
        }
    }

    /// Reads a union: each text one interval ([`Interval::parse`]). An error names the
    /// interval's position in the list and its text.
    pub fn parse(texts: &[String]) -> Result<Threshold, (usize, String)> {
        if texts.len() > MAX_INTERVALS {
            return Err((
                MAX_INTERVALS,
                format!(
                    "{} intervals is over the cap of {MAX_INTERVALS}",
                    texts.len()
                ),
            ));
        }
        let intervals = texts
            .iter()
            .enumerate()
            .map(|(i, t)| Interval::parse(t).map_err(|e| (i, e)))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Threshold { intervals })
    }

    /// The texts [`Threshold::parse`] reads back.
    pub fn texts(&self) -> Vec<String> {
        self.intervals.iter().map(|i| i.to_string()).collect()
    }
}

impl Default for Threshold {
    fn default() -> Threshold {
        Threshold::at_least_one()
    }
}

/// MANGO's equipment over the board's points (`mango:EQUIP`, `mango:SETUP`): the board is I
/// and C (its vertices and edges), the setup's colouring is (E, B, W), and these are F, T
/// and the initial scores.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// F, indexed by point.
    pub weight: Vec<BigRational>,
    /// T.
    pub threshold: Threshold,
    /// The initial scores, Black's then White's.
    pub scores: [BigRational; 2],
}

impl Weights {
    /// F = 1 everywhere, T = `z >= 1`, scores 0 and `komi`: Go with Tromp-Taylor scoring.
    pub fn go(points: usize, komi: BigRational) -> Weights {
        Weights {
            weight: vec![BigRational::one(); points],
            threshold: Threshold::at_least_one(),
            scores: [BigRational::zero(), komi],
        }
    }
}

impl Weights {
    /// Checks the cap on MANGO's arithmetic ([`MAX_DENOMINATOR_BITS`]): the least common
    /// multiple of the denominators of F, of T's bounds and of the initial scores, computed
    /// over the distinct denominators and stopped as soon as it passes the cap (so the check
    /// itself costs at most one multiplication of numbers of twice the cap per denominator).
    /// The message says which value took the multiple over the cap.
    pub fn check_arithmetic_size(&self) -> Result<(), String> {
        use num_integer::Integer as _;
        let bounds = self
            .threshold
            .intervals
            .iter()
            .flat_map(|i| [i.lower.as_ref(), i.upper.as_ref()])
            .flatten()
            .map(|b| (&b.value, "a bound of the threshold T"));
        let values = self
            .weight
            .iter()
            .map(|w| (w, "a weight F"))
            .chain(bounds)
            .chain(self.scores.iter().map(|s| (s, "an initial score")));
        let mut seen = std::collections::HashSet::new();
        let mut lcm = num_bigint::BigInt::one();
        for (value, what) in values {
            if value.denom().is_one() || !seen.insert(value.denom()) {
                continue;
            }
            lcm = lcm.lcm(value.denom());
            if lcm.bits() > MAX_DENOMINATOR_BITS {
                return Err(format!(
                    "the denominators of the weights, the threshold and the scores have a least common multiple of more than {MAX_DENOMINATOR_BITS} bits (the cap on MANGO's exact arithmetic) once {what}, {}, is counted; use fewer distinct denominators (decimals such as 0.125 share theirs)",
                    rational::format(value)
                ));
            }
        }
        Ok(())
    }
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::go(0, BigRational::zero())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    #[test]
    fn reads_the_issue_forms() {
        let t = Threshold::parse(&["z >= 1".into()]).unwrap();
        assert_eq!(t.t(&q(1, 1)), 1);
        assert_eq!(t.t(&q(99, 100)), 0);
        let t = Threshold::parse(&["z > 1/1000".into()]).unwrap();
        assert_eq!(t.t(&q(1, 1000)), 0);
        assert_eq!(t.t(&q(1001, 1_000_000)), 1);
        let t = Threshold::parse(&["1 <= z < 5".into()]).unwrap();
        assert_eq!(
            [0, 1, 4, 5].map(|n| t.t(&q(n, 1))),
            [0, 1, 1, 0],
            "window [1, 5)"
        );
        let t = Threshold::parse(&["5>z>=1".into(), "z=7".into(), "z < -2.5".into()]).unwrap();
        assert_eq!(
            [-3, 0, 1, 5, 7, 8].map(|n| t.t(&q(n, 1))),
            [1, 0, 1, 0, 1, 0]
        );
        assert_eq!(t.texts(), ["1 <= z < 5", "z = 7", "z < -5/2"]);
    }

    #[test]
    fn refuses_inexact_and_malformed() {
        for bad in [
            "z >= NaN",
            "z > inf",
            "z >= 1/0",
            "z",
            "1",
            "z >= ",
            "z >= 1 >= 2",
            "1 < z > 3",
            "3 < z < 1",
            "1 < z < 1",
            "z >= 1e3",
            "y >= 1",
            "z z",
            "",
        ] {
            assert!(Interval::parse(bad).is_err(), "{bad} accepted");
        }
        assert!(Interval::parse("z >= NaN").unwrap_err().contains("'NaN'"));
    }
}
