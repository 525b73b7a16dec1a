//! MANGO's equipment beyond the graph (`mango:CONFIG`, `mango:SETUP`): the weight F of each
//! point, the threshold T, the initial scores. Filled in by the MANGO issue.

use num_rational::BigRational;

/// Weights, threshold and initial scores over the board's points.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Weights {
    /// F, indexed by point.
    pub weight: Vec<BigRational>,
}
