//! Directed boards (`dir:INTRO`): a finite directed graph over the board's points. Filled in
//! by the directed-graph issue.

/// The arcs of a directed board: `out[v]` lists the heads of the arcs leaving v.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Digraph {
    pub out: Vec<Vec<usize>>,
}
