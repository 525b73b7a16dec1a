//! Directed boards (`dir:INTRO`): a finite directed graph over the board's points.
//!
//! A [`Digraph`] keeps the arcs; the [`Board`] that goes with it in a [`crate::game::Setup`]
//! names the points and carries the *underlying undirected graph* (an edge {u, v} whenever
//! u -> v or v -> u is an arc), which is what the report draws and counts. The rules read only
//! the arcs.
//!
//! Builders: an explicit list of arcs ([`Digraph::from_arcs`]), a directed cycle
//! ([`Digraph::directed_cycle`]), one-way grids ([`Digraph::one_way_grid`]) and any
//! undirected board read as the symmetric digraph ([`Digraph::symmetric`]). A loop (an arc
//! from a point to itself) and an arc listed twice are refused: the source's graphs are
//! simple directed graphs.

use std::collections::HashSet;

use crate::board::{Board, BoardError, Vertex, MAX_EDGES};

/// The most arcs a directed board may have (a documented cap): twice the edge cap, so that
/// every undirected board fits as a symmetric digraph.
pub const MAX_ARCS: usize = 2 * MAX_EDGES;

/// The arcs of a directed board: `out[v]` lists the heads of the arcs leaving v, in the
/// order given; `inward[v]` the tails of the arcs entering v.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Digraph {
    pub out: Vec<Vec<Vertex>>,
    pub inward: Vec<Vec<Vertex>>,
}

impl Digraph {
    /// A digraph over `n` points from a list of arcs given by index. `describe` names an arc
    /// in a message. Refuses a loop and an arc given twice.
    pub fn from_index_arcs(
        n: usize,
        arcs: &[(Vertex, Vertex)],
        describe: &dyn Fn(Vertex, Vertex) -> String,
    ) -> Result<Digraph, BoardError> {
        if arcs.len() > MAX_ARCS {
            return Err(BoardError(format!(
                "{} arcs is over the cap of {MAX_ARCS} arcs per board",
                arcs.len()
            )));
        }
        let mut seen = HashSet::with_capacity(arcs.len());
        let mut out = vec![Vec::new(); n];
        let mut inward = vec![Vec::new(); n];
        for &(u, v) in arcs {
            if u == v {
                return Err(BoardError(format!(
                    "arc {} is a loop: an arc joins two different points",
                    describe(u, v)
                )));
            }
            if !seen.insert((u, v)) {
                return Err(BoardError(format!(
                    "arc {} is listed twice",
                    describe(u, v)
                )));
            }
            out[u].push(v);
            inward[v].push(u);
        }
        Ok(Digraph { out, inward })
    }

    /// An explicit directed board: named points and arcs `[tail, head]` between them.
    /// Returns the board of names (with the underlying undirected graph) and the arcs.
    pub fn from_arcs<S: AsRef<str>>(
        vertices: &[S],
        arcs: &[(S, S)],
    ) -> Result<(Board, Digraph), BoardError> {
        // The names are checked by the board builder (no edges yet: they come from the arcs).
        let names = Board::from_edges::<&str>(
            &vertices.iter().map(|v| v.as_ref()).collect::<Vec<_>>(),
            &[],
        )?;
        let mut pairs = Vec::with_capacity(arcs.len());
        for (a, b) in arcs {
            let (a, b) = (a.as_ref(), b.as_ref());
            let find = |n: &str| {
                names
                    .vertex(n)
                    .ok_or_else(|| BoardError(format!("arc [{a}, {b}] names unknown point '{n}'")))
            };
            pairs.push((find(a)?, find(b)?));
        }
        let describe = |u: Vertex, v: Vertex| format!("[{}, {}]", names.name(u), names.name(v));
        let digraph = Digraph::from_index_arcs(names.len(), &pairs, &describe)?;
        let board = digraph.underlying(&names)?;
        Ok((board, digraph))
    }

    /// Any undirected board read as the symmetric digraph: an arc each way along every edge.
    pub fn symmetric(board: &Board) -> Digraph {
        let mut out = vec![Vec::new(); board.len()];
        let mut inward = vec![Vec::new(); board.len()];
        for (u, v) in board.edges() {
            out[u].push(v);
            out[v].push(u);
            inward[v].push(u);
            inward[u].push(v);
        }
        Digraph { out, inward }
    }

    /// The directed cycle on `n` points named `1` … `n`: i -> i+1 and n -> 1 (n >= 2; for
    /// n = 2 the two arcs 1 -> 2 and 2 -> 1).
    pub fn directed_cycle(n: usize) -> Result<(Board, Digraph), BoardError> {
        if n < 2 {
            return Err(BoardError(format!(
                "directed cycle of {n} points: a directed cycle needs at least 2 points (a 1-cycle is a loop)"
            )));
        }
        let names: Vec<String> = (1..=n).map(|i| i.to_string()).collect();
        let arcs: Vec<(String, String)> = (0..n)
            .map(|i| (names[i].clone(), names[(i + 1) % n].clone()))
            .collect();
        Digraph::from_arcs(&names, &arcs)
    }

    /// A `w x h` one-way grid: points `x-y` as on the grid, arcs (x, y) -> (x+1, y) and
    /// (x, y) -> (x, y+1) only (every arc points right or up).
    pub fn one_way_grid(w: usize, h: usize) -> Result<(Board, Digraph), BoardError> {
        let board = Board::grid(w, h)?;
        let at = |x: usize, y: usize| y * w + x;
        let mut arcs = Vec::new();
        for y in 0..h {
            for x in 0..w {
                if x + 1 < w {
                    arcs.push((at(x, y), at(x + 1, y)));
                }
                if y + 1 < h {
                    arcs.push((at(x, y), at(x, y + 1)));
                }
            }
        }
        let describe = |u: Vertex, v: Vertex| format!("[{}, {}]", board.name(u), board.name(v));
        let digraph = Digraph::from_index_arcs(board.len(), &arcs, &describe)?;
        Ok((board, digraph))
    }

    /// The number of points.
    pub fn len(&self) -> usize {
        self.out.len()
    }

    /// True for a digraph without points.
    pub fn is_empty(&self) -> bool {
        self.out.is_empty()
    }

    /// The number of arcs.
    pub fn arc_count(&self) -> usize {
        self.out.iter().map(Vec::len).sum()
    }

    /// Every arc (tail, head), tails in point order.
    pub fn arcs(&self) -> impl Iterator<Item = (Vertex, Vertex)> + '_ {
        self.out
            .iter()
            .enumerate()
            .flat_map(|(u, heads)| heads.iter().map(move |&v| (u, v)))
    }

    /// True when every arc u -> v has its reverse v -> u.
    pub fn is_symmetric(&self) -> bool {
        let set: HashSet<(Vertex, Vertex)> = self.arcs().collect();
        set.iter().all(|&(u, v)| set.contains(&(v, u)))
    }

    /// The board of these points' names with the underlying undirected graph (an edge
    /// {u, v} for every arc u -> v), drawn as lists of names.
    pub fn underlying(&self, names: &Board) -> Result<Board, BoardError> {
        let vertices: Vec<&str> = (0..names.len()).map(|v| names.name(v)).collect();
        let edges: Vec<(&str, &str)> = self
            .arcs()
            .map(|(u, v)| (names.name(u), names.name(v)))
            .collect();
        Board::from_edges(&vertices, &edges)
    }
}
