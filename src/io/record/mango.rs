//! MANGO's equipment as a record writes it (`mango:EQUIP`): the weights F, the threshold T
//! and the initial scores.

use std::collections::BTreeMap;

use num_rational::BigRational;
use serde::{Deserialize, Serialize};

use super::{bad, InputError, Rational};
use crate::board::weights::{Threshold, Weights};
use crate::board::Board;

/// MANGO's equipment as a record writes it (`mango:EQUIP`, reading 8): F as a default and
/// per-point exceptions, T as a union of intervals, the initial scores.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordMango {
    /// F at every point not listed in `weights` (default 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weight: Option<Rational>,
    /// F at the listed points, by name.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub weights: BTreeMap<String, Rational>,
    /// T: one interval (`"z >= 1"`) or a list of them, their union (default `z >= 1`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub threshold: Option<RecordThreshold>,
    /// The initial scores (default 0 and 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scores: Option<RecordScores>,
}

/// T in a record: one interval or a list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum RecordThreshold {
    One(String),
    Union(Vec<String>),
}

/// MANGO's initial scores in a record.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordScores {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black: Option<Rational>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white: Option<Rational>,
}

impl RecordMango {
    /// The equipment over `board`'s points, or why not (naming the field and the value).
    pub fn weights(&self, board: &Board) -> Result<Weights, InputError> {
        let one = BigRational::from_integer(1.into());
        let default = self.weight.as_ref().map_or(one, |r| r.0.clone());
        let mut weight = vec![default; board.len()];
        let mut given = vec![false; board.len()];
        for (name, value) in &self.weights {
            let v = board.vertex(name).ok_or_else(|| {
                InputError(format!(
                    "field 'mango.weights.{name}': no point named '{name}' on this board"
                ))
            })?;
            if given[v] {
                return bad(format!(
                    "field 'mango.weights.{name}': point '{}' is given a weight twice",
                    board.name(v)
                ));
            }
            given[v] = true;
            weight[v] = value.0.clone();
        }
        let threshold = match &self.threshold {
            None => Threshold::at_least_one(),
            Some(RecordThreshold::One(text)) => Threshold::parse(std::slice::from_ref(text))
                .map_err(|(_, e)| InputError(format!("field 'mango.threshold': {e}")))?,
            // mango:EQUIP: T's range is {0, 1}; an empty union would be a T that is never 1,
            // under which no stone is ever alive (spec/ambiguities.md, reading 17).
            Some(RecordThreshold::Union(texts)) if texts.is_empty() => {
                return bad(
                    "field 'mango.threshold': [] is no interval at all, a T that is never 1 \
                     (mango:EQUIP: T takes the values 0 and 1); give at least one interval, such as z >= 1",
                )
            }
            Some(RecordThreshold::Union(texts)) => Threshold::parse(texts)
                .map_err(|(i, e)| InputError(format!("field 'mango.threshold[{i}]': {e}")))?,
        };
        let score =
            |s: Option<&Rational>| s.map_or(BigRational::from_integer(0.into()), |r| r.0.clone());
        let scores = self.scores.clone().unwrap_or_default();
        let weights = Weights {
            weight,
            threshold,
            scores: [score(scores.black.as_ref()), score(scores.white.as_ref())],
        };
        weights
            .check_arithmetic_size()
            .map_err(|e| InputError(format!("field 'mango': {e}")))?;
        Ok(weights)
    }

    /// The record's form of some equipment: the most frequent weight as the default.
    pub fn of(board: &Board, w: &Weights) -> RecordMango {
        let mut counts: BTreeMap<&BigRational, usize> = BTreeMap::new();
        for x in &w.weight {
            *counts.entry(x).or_default() += 1;
        }
        let one = BigRational::from_integer(1.into());
        let default = counts
            .iter()
            .max_by_key(|(x, n)| (**n, **x == &one))
            .map_or(one.clone(), |(x, _)| (*x).clone());
        let zero = BigRational::from_integer(0.into());
        let score = |s: &BigRational| (s != &zero).then(|| Rational(s.clone()));
        RecordMango {
            weight: (default != one).then(|| Rational(default.clone())),
            weights: w
                .weight
                .iter()
                .enumerate()
                .filter(|(_, x)| **x != default)
                .map(|(v, x)| (board.name(v).to_string(), Rational(x.clone())))
                .collect(),
            threshold: (w.threshold != Threshold::at_least_one())
                .then(|| RecordThreshold::Union(w.threshold.texts())),
            scores: (w.scores != [zero.clone(), zero.clone()]).then(|| RecordScores {
                black: score(&w.scores[0]),
                white: score(&w.scores[1]),
            }),
        }
    }
}
