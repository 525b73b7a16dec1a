//! The board as a record writes it: a named builder (grids, tori, paths, ...), an explicit
//! graph, or a directed board (`dir:INTRO`); a go-space's board is in `space`.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize};

use super::{InputError, RecordSpace};
use crate::board::digraph::Digraph;
use crate::board::Board;

/// A vertex name: a string, or an integer read as its decimal text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Name(pub String);

impl<'de> Deserialize<'de> for Name {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Name, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = Name;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a vertex name (a string or an integer)")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Name, E> {
                Ok(Name(v.to_string()))
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Name, E> {
                Ok(Name(v.to_string()))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Name, E> {
                Ok(Name(v.to_string()))
            }
        }
        d.deserialize_any(V)
    }
}

/// An explicit graph: named vertices and edges between them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordGraph {
    pub vertices: Vec<Name>,
    #[serde(default)]
    pub edges: Vec<[Name; 2]>,
}

/// How a record describes its board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase", deny_unknown_fields)]
pub enum RecordBoard {
    Grid([usize; 2]),
    Torus([usize; 2]),
    Cylinder([usize; 2]),
    Moebius([usize; 2]),
    Klein([usize; 2]),
    Cube([usize; 3]),
    Path(usize),
    Cycle(usize),
    Complete(usize),
    Graph(RecordGraph),
    /// `dir:INTRO`: an explicit directed board (rules `directed` only).
    Digraph(RecordDigraph),
    /// `dir:INTRO`: the directed cycle 1 -> 2 -> … -> n -> 1 (rules `directed` only).
    #[serde(rename = "directed_cycle")]
    DirectedCycle(usize),
    /// `dir:INTRO`: a grid whose arcs all point right or up (rules `directed` only).
    #[serde(rename = "one_way_grid")]
    OneWayGrid([usize; 2]),
    /// Topological Go: a finite go-space (`topo:D1`), its points are the board's vertices.
    Space(RecordSpace),
}

/// An explicit directed board: named points and arcs `[tail, head]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordDigraph {
    pub vertices: Vec<Name>,
    #[serde(default)]
    pub arcs: Vec<[Name; 2]>,
}

impl RecordBoard {
    /// Builds the board, or says why not (naming the builder and its values).
    pub fn build(&self) -> Result<Board, InputError> {
        if self.is_directed() {
            return self.build_directed().map(|(board, _)| board);
        }
        let built = match self {
            RecordBoard::Grid([w, h]) => Board::grid(*w, *h),
            RecordBoard::Torus([w, h]) => Board::torus(*w, *h),
            RecordBoard::Cylinder([w, h]) => Board::cylinder(*w, *h),
            RecordBoard::Moebius([w, h]) => Board::moebius(*w, *h),
            RecordBoard::Klein([w, h]) => Board::klein(*w, *h),
            RecordBoard::Cube([x, y, z]) => Board::cube(*x, *y, *z),
            RecordBoard::Path(n) => Board::path(*n),
            RecordBoard::Cycle(n) => Board::cycle(*n),
            RecordBoard::Complete(n) => Board::complete(*n),
            RecordBoard::Graph(g) => {
                let vertices: Vec<&str> = g.vertices.iter().map(|n| n.0.as_str()).collect();
                let edges: Vec<(&str, &str)> = g
                    .edges
                    .iter()
                    .map(|[a, b]| (a.0.as_str(), b.0.as_str()))
                    .collect();
                Board::from_edges(&vertices, &edges)
            }
            RecordBoard::Digraph(_)
            | RecordBoard::DirectedCycle(_)
            | RecordBoard::OneWayGrid(_) => {
                unreachable!("directed boards are built above")
            }
            RecordBoard::Space(space) => return space.build().map(|(board, _)| board),
        };
        built.map_err(|e| InputError(format!("field 'board': {e}")))
    }

    /// True for the builders that give arcs (`digraph`, `directed_cycle`, `one_way_grid`).
    pub fn is_directed(&self) -> bool {
        matches!(
            self,
            RecordBoard::Digraph(_) | RecordBoard::DirectedCycle(_) | RecordBoard::OneWayGrid(_)
        )
    }

    /// `dir:INTRO`: the board of names (with the underlying undirected graph) and the arcs.
    /// An undirected builder is read as the symmetric digraph (an arc each way along every
    /// edge). Loops and arcs given twice are refused, naming the arc.
    pub fn build_directed(&self) -> Result<(Board, Digraph), InputError> {
        let at = |e: crate::board::BoardError| InputError(format!("field 'board': {e}"));
        match self {
            RecordBoard::Digraph(g) => {
                let vertices: Vec<&str> = g.vertices.iter().map(|n| n.0.as_str()).collect();
                let arcs: Vec<(&str, &str)> = g
                    .arcs
                    .iter()
                    .map(|[a, b]| (a.0.as_str(), b.0.as_str()))
                    .collect();
                Digraph::from_arcs(&vertices, &arcs)
                    .map_err(|e| InputError(format!("field 'board.digraph': {e}")))
            }
            RecordBoard::DirectedCycle(n) => Digraph::directed_cycle(*n)
                .map_err(|e| InputError(format!("field 'board.directed_cycle': {e}"))),
            RecordBoard::OneWayGrid([w, h]) => Digraph::one_way_grid(*w, *h)
                .map_err(|e| InputError(format!("field 'board.one_way_grid': {e}"))),
            undirected => {
                let board = undirected.build()?;
                let arcs = Digraph::symmetric(&board);
                Ok((board, arcs))
            }
        }
        .map_err(|e| {
            if e.0.starts_with("field") {
                e
            } else {
                at(crate::board::BoardError(e.0))
            }
        })
    }

    /// The explicit form of a directed board (used when writing a record back).
    pub fn explicit_directed(board: &Board, arcs: &Digraph) -> RecordBoard {
        let name = |v: usize| Name(board.name(v).to_string());
        RecordBoard::Digraph(RecordDigraph {
            vertices: (0..board.len()).map(name).collect(),
            arcs: arcs.arcs().map(|(u, v)| [name(u), name(v)]).collect(),
        })
    }

    /// The explicit form of any board (used when writing a shrunk counterexample).
    pub fn explicit(board: &Board) -> RecordBoard {
        let name = |v: usize| Name(board.name(v).to_string());
        RecordBoard::Graph(RecordGraph {
            vertices: (0..board.len()).map(name).collect(),
            edges: board.edges().map(|(u, v)| [name(u), name(v)]).collect(),
        })
    }
}
