//! Finite go-spaces for Topological Go (`topo:D1`): a finite topological space over the
//! board's points with its family S of placements. Filled in by the Topological Go issue.

/// A finite go-space: the points are the board's vertices.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoSpace {
    /// The placements S, each a sorted list of point indices.
    pub placements: Vec<Vec<usize>>,
}
