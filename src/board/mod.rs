//! The equipment: boards, simple undirected graphs whose vertices have names (this file),
//! and what each family adds to them: the go-spaces of Topological Go ([`space`]), MANGO's
//! weights and threshold ([`weights`]), the arcs of the directed rules ([`digraph`]).
//!
//! This layer sits just above [`crate::rational`]: the transcription (`spec`) and the engine
//! both read a [`Board`] and never change it. A board is built by one of the builders below or from
//! an explicit list of vertices and edges; every builder yields a *simple* graph (no
//! self-loops, an adjacency made twice counts once), as `ggg1:0` asks of (V, E).

pub mod digraph;
pub mod rows;
pub mod space;
pub mod weights;

use std::collections::HashMap;
use std::fmt;

/// A vertex is its index in [`Board::names`], `0..n`.
pub type Vertex = usize;

/// The most vertices a board may have (a documented cap, `spec/FORMAT.md`).
pub const MAX_VERTICES: usize = 4_194_304;
/// The most edges a board may have (a documented cap, `spec/FORMAT.md`).
pub const MAX_EDGES: usize = 16_777_216;

/// How a board was built: it decides the vertex names and how a position is drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A `w x h` rectangle of points (grid, torus, cylinder, Moebius band, Klein bottle).
    Plane { width: usize, height: usize },
    /// A `x x y x z` box of points.
    Solid { x: usize, y: usize, z: usize },
    /// Anything else: vertices are listed, not drawn.
    Other,
}

/// A simple undirected graph with named vertices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    names: Vec<String>,
    index: HashMap<String, Vertex>,
    neighbours: Vec<Vec<Vertex>>,
    edge_count: usize,
    shape: Shape,
}

/// The words a turn reads where a vertex's name would be (`B pass`, `W resign`, and the
/// directed rules' `B delete`, `B ignore`, which are read before any board): a vertex so
/// named could never be played, so no vertex may be (in any case).
pub const TURN_WORDS: [&str; 4] = ["pass", "resign", "delete", "ignore"];

/// Whether `c` is a character no name holds and no report prints raw: a control character
/// (a line break, a tab, NUL, ...), or a mark that changes how text around it is shown
/// without being seen (direction overrides such as U+202E, zero-width characters, the
/// byte-order mark).
pub fn is_hidden_char(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{00AD}'
                | '\u{061C}'
                | '\u{180E}'
                | '\u{200B}'..='\u{200F}'
                | '\u{2028}'..='\u{202E}'
                | '\u{2060}'..='\u{206F}'
                | '\u{FEFF}'
                | '\u{FFF9}'..='\u{FFFB}'
        )
}

/// `text` with every [`is_hidden_char`] written as an escape (`\n`, `\t`, `\u{202e}`), so
/// that a value quoted in a message or a report can neither break its line nor hide.
pub fn escape_hidden(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(is_hidden_char) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is_hidden_char(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// Why `name` cannot name a vertex, if it cannot: a turn names a vertex as the one word
/// after the player (`B NAME`), so a name is one word of visible characters and not a
/// [`TURN_WORDS`] word. Issue 27: a name with a line break forged a `result:` line in the
/// text report, and vertices named `pass` or holding a space were accepted but could
/// never be played.
pub fn name_problem(name: &str) -> Option<&'static str> {
    if name.is_empty() {
        Some("an empty name")
    } else if name.chars().any(is_hidden_char) {
        Some("a control character or an invisible mark (a name is shown as it is)")
    } else if name.chars().any(char::is_whitespace) {
        Some("white space (a turn names a vertex in one word: 'B NAME')")
    } else if TURN_WORDS.iter().any(|w| name.eq_ignore_ascii_case(w)) {
        Some("a word a turn reads as itself ('B pass' passes), not as a vertex")
    } else {
        None
    }
}

/// Why a board could not be built. The message names the offending value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardError(pub String);

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BoardError {}

fn err<T>(msg: impl Into<String>) -> Result<T, BoardError> {
    Err(BoardError(msg.into()))
}

/// The GTP column letters: A to Z without I.
const GTP_COLUMNS: &str = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// How the two ends of a `w x h` rectangle are joined.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Wrap {
    /// Columns do not wrap.
    None,
    /// `(w, y)` joins `(1, y)`.
    Straight,
    /// `(w, y)` joins `(1, h + 1 - y)`.
    Twisted,
}

impl Board {
    /// An explicit graph. Rejects an empty or duplicate vertex name, an edge to an unknown
    /// vertex and a self-loop; an edge listed twice (either way round) counts once.
    pub fn from_edges<S: AsRef<str>>(
        vertices: &[S],
        edges: &[(S, S)],
    ) -> Result<Board, BoardError> {
        check_size(vertices.len(), edges.len())?;
        let names: Vec<String> = vertices.iter().map(|v| v.as_ref().to_string()).collect();
        let mut index = HashMap::with_capacity(names.len());
        for (i, name) in names.iter().enumerate() {
            if name.is_empty() {
                return err(format!("vertex {} has an empty name", i + 1));
            }
            if let Some(why) = name_problem(name) {
                return err(format!(
                    "vertex {} is named '{}': a vertex name cannot hold {why}",
                    i + 1,
                    escape_hidden(name)
                ));
            }
            if index.insert(name.clone(), i).is_some() {
                return err(format!("vertex '{name}' is listed twice"));
            }
        }
        let mut pairs = Vec::with_capacity(edges.len());
        for (a, b) in edges {
            let (a, b) = (a.as_ref(), b.as_ref());
            let find = |n: &str| {
                index.get(n).copied().ok_or_else(|| {
                    BoardError(format!(
                        "edge [{}, {}] names unknown vertex '{}'",
                        escape_hidden(a),
                        escape_hidden(b),
                        escape_hidden(n)
                    ))
                })
            };
            let (u, v) = (find(a)?, find(b)?);
            if u == v {
                return err(format!(
                    "edge [{a}, {b}] is a self-loop: an edge joins two different vertices"
                ));
            }
            pairs.push((u, v));
        }
        Ok(Board::assemble(names, index, &pairs, Shape::Other))
    }

    /// A `w x h` grid with nearest-neighbour edges.
    pub fn grid(w: usize, h: usize) -> Result<Board, BoardError> {
        Board::plane(w, h, Wrap::None, false)
    }

    /// A `w x h` torus: rows and columns both wrap.
    pub fn torus(w: usize, h: usize) -> Result<Board, BoardError> {
        Board::plane(w, h, Wrap::Straight, true)
    }

    /// A `w x h` cylinder: `(w, y)` joins `(1, y)`.
    pub fn cylinder(w: usize, h: usize) -> Result<Board, BoardError> {
        Board::plane(w, h, Wrap::Straight, false)
    }

    /// A `w x h` Moebius band: `(w, y)` joins `(1, h + 1 - y)`; rows do not wrap.
    pub fn moebius(w: usize, h: usize) -> Result<Board, BoardError> {
        Board::plane(w, h, Wrap::Twisted, false)
    }

    /// A `w x h` Klein bottle: the Moebius join, and `(x, h)` joins `(x, 1)`.
    pub fn klein(w: usize, h: usize) -> Result<Board, BoardError> {
        Board::plane(w, h, Wrap::Twisted, true)
    }

    /// A 3-D `x x y x z` grid with nearest-neighbour edges.
    pub fn cube(x: usize, y: usize, z: usize) -> Result<Board, BoardError> {
        if x == 0 || y == 0 || z == 0 {
            return err(format!("a cube needs positive sides, not {x} x {y} x {z}"));
        }
        let n = x
            .checked_mul(y)
            .and_then(|p| p.checked_mul(z))
            .unwrap_or(usize::MAX);
        check_size(n, n.saturating_mul(3))?;
        let at = |i: usize, j: usize, k: usize| (k * y + j) * x + i;
        let mut names = vec![String::new(); n];
        let mut pairs = Vec::new();
        for k in 0..z {
            for j in 0..y {
                for i in 0..x {
                    names[at(i, j, k)] = format!("{}-{}-{}", i + 1, j + 1, k + 1);
                    if i + 1 < x {
                        pairs.push((at(i, j, k), at(i + 1, j, k)));
                    }
                    if j + 1 < y {
                        pairs.push((at(i, j, k), at(i, j + 1, k)));
                    }
                    if k + 1 < z {
                        pairs.push((at(i, j, k), at(i, j, k + 1)));
                    }
                }
            }
        }
        let index = names
            .iter()
            .cloned()
            .enumerate()
            .map(|(i, s)| (s, i))
            .collect();
        Ok(Board::assemble(
            names,
            index,
            &pairs,
            Shape::Solid { x, y, z },
        ))
    }

    /// A path of `n` vertices named `1` to `n`.
    pub fn path(n: usize) -> Result<Board, BoardError> {
        // The cap is checked before the edges are listed: a huge n must be an error, not
        // an allocation failure (found by the parse_record fuzz target).
        check_size(n, n)?;
        Board::numbered(n, (1..n).map(|i| (i - 1, i)).collect(), "path")
    }

    /// A cycle of `n` vertices named `1` to `n` (for n < 3 the wrap would repeat an edge or
    /// make a loop, and is dropped).
    pub fn cycle(n: usize) -> Result<Board, BoardError> {
        check_size(n, n)?;
        let mut pairs: Vec<(usize, usize)> = (1..n).map(|i| (i - 1, i)).collect();
        if n >= 2 {
            pairs.push((n - 1, 0));
        }
        Board::numbered(n, pairs, "cycle")
    }

    /// The complete graph on `n` vertices named `1` to `n`.
    pub fn complete(n: usize) -> Result<Board, BoardError> {
        let edges = n.saturating_mul(n.saturating_sub(1)) / 2;
        check_size(n, edges)?;
        let pairs = (0..n)
            .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
            .collect();
        Board::numbered(n, pairs, "complete graph")
    }

    fn numbered(n: usize, pairs: Vec<(usize, usize)>, what: &str) -> Result<Board, BoardError> {
        if n == 0 {
            return err(format!("a {what} needs at least one vertex"));
        }
        check_size(n, pairs.len())?;
        let names: Vec<String> = (1..=n).map(|i| i.to_string()).collect();
        let index = names
            .iter()
            .cloned()
            .enumerate()
            .map(|(i, s)| (s, i))
            .collect();
        Ok(Board::assemble(names, index, &pairs, Shape::Other))
    }

    fn plane(w: usize, h: usize, columns: Wrap, rows_wrap: bool) -> Result<Board, BoardError> {
        if w == 0 || h == 0 {
            return err(format!("a board needs positive sides, not {w} x {h}"));
        }
        let n = w.saturating_mul(h);
        check_size(n, n.saturating_mul(2))?;
        let at = |x: usize, y: usize| y * w + x; // 0-based column x, row y from the bottom
        let mut names = vec![String::new(); n];
        let mut pairs = Vec::with_capacity(2 * n);
        for y in 0..h {
            for x in 0..w {
                names[at(x, y)] = format!("{}-{}", x + 1, y + 1);
                if x + 1 < w {
                    pairs.push((at(x, y), at(x + 1, y)));
                }
                if y + 1 < h {
                    pairs.push((at(x, y), at(x, y + 1)));
                }
            }
        }
        match columns {
            Wrap::None => {}
            Wrap::Straight => pairs.extend((0..h).map(|y| (at(w - 1, y), at(0, y)))),
            Wrap::Twisted => pairs.extend((0..h).map(|y| (at(w - 1, y), at(0, h - 1 - y)))),
        }
        if rows_wrap {
            pairs.extend((0..w).map(|x| (at(x, h - 1), at(x, 0))));
        }
        let index = names
            .iter()
            .cloned()
            .enumerate()
            .map(|(i, s)| (s, i))
            .collect();
        Ok(Board::assemble(
            names,
            index,
            &pairs,
            Shape::Plane {
                width: w,
                height: h,
            },
        ))
    }

    /// Drops self-loops and repeated adjacencies, sorts each neighbour list.
    fn assemble(
        names: Vec<String>,
        index: HashMap<String, Vertex>,
        pairs: &[(Vertex, Vertex)],
        shape: Shape,
    ) -> Board {
        let mut neighbours = vec![Vec::new(); names.len()];
        for &(u, v) in pairs {
            if u != v {
                neighbours[u].push(v);
                neighbours[v].push(u);
            }
        }
        let mut edge_count = 0;
        for list in &mut neighbours {
            list.sort_unstable();
            list.dedup();
            edge_count += list.len();
        }
        Board {
            names,
            index,
            neighbours,
            edge_count: edge_count / 2,
            shape,
        }
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// True for a board without vertices (no builder makes one; kept for completeness).
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The number of edges.
    pub fn edge_count(&self) -> usize {
        self.edge_count
    }

    /// The vertices' canonical names, indexed by vertex.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The canonical name of `v`.
    pub fn name(&self, v: Vertex) -> &str {
        &self.names[v]
    }

    /// The neighbours of `v`, sorted.
    pub fn neighbours(&self, v: Vertex) -> &[Vertex] {
        &self.neighbours[v]
    }

    /// True when `{u, v}` is an edge.
    pub fn adjacent(&self, u: Vertex, v: Vertex) -> bool {
        self.neighbours[u].binary_search(&v).is_ok()
    }

    /// Every edge once, as `(u, v)` with `u < v`.
    pub fn edges(&self) -> impl Iterator<Item = (Vertex, Vertex)> + '_ {
        self.neighbours
            .iter()
            .enumerate()
            .flat_map(|(u, ns)| ns.iter().filter(move |&&v| u < v).map(move |&v| (u, v)))
    }

    /// How the board was built.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// The vertex a name stands for: its canonical name, or on a plane board up to 25
    /// columns wide the GTP name (`C4` = `3-4`, columns A-Z without I, either case).
    pub fn vertex(&self, name: &str) -> Option<Vertex> {
        if let Some(&v) = self.index.get(name) {
            return Some(v);
        }
        match self.shape {
            Shape::Plane { width, height } if width <= 25 => {
                let mut chars = name.chars();
                let column = chars.next()?.to_ascii_uppercase();
                let x = GTP_COLUMNS.find(column)?;
                let digits = chars.as_str();
                if digits.is_empty()
                    || !digits.bytes().all(|b| b.is_ascii_digit())
                    || digits.starts_with('0')
                {
                    return None;
                }
                let y: usize = digits.parse().ok()?;
                (x < width && (1..=height).contains(&y)).then(|| (y - 1) * width + x)
            }
            _ => None,
        }
    }

    /// The GTP name of `v` on a plane board up to 25 columns wide.
    pub fn gtp_name(&self, v: Vertex) -> Option<String> {
        match self.shape {
            Shape::Plane { width, .. } if width <= 25 => {
                let column = GTP_COLUMNS.as_bytes()[v % width] as char;
                Some(format!("{column}{}", v / width + 1))
            }
            _ => None,
        }
    }

    /// The same board with its vertices renamed and renumbered by `perm` (vertex `v` becomes
    /// `perm[v]`): an isomorphic copy, as an explicit graph. Used to test that play commutes
    /// with relabelling.
    pub fn relabelled(&self, perm: &[Vertex]) -> Board {
        let n = self.len();
        let mut names = vec![String::new(); n];
        for v in 0..n {
            names[perm[v]] = format!("v{}", perm[v]);
        }
        let index = names
            .iter()
            .cloned()
            .enumerate()
            .map(|(i, s)| (s, i))
            .collect();
        let pairs: Vec<(Vertex, Vertex)> = self.edges().map(|(u, v)| (perm[u], perm[v])).collect();
        Board::assemble(names, index, &pairs, Shape::Other)
    }

    /// The disjoint union of two boards; the second's vertices come after the first's and
    /// are renamed `name'` when a name clashes.
    pub fn disjoint_union(&self, other: &Board) -> Board {
        let mut names = self.names.clone();
        let mut index = self.index.clone();
        for name in &other.names {
            let mut fresh = name.clone();
            while index.contains_key(&fresh) {
                fresh.push('\'');
            }
            index.insert(fresh.clone(), names.len());
            names.push(fresh);
        }
        let offset = self.len();
        let pairs: Vec<(Vertex, Vertex)> = self
            .edges()
            .chain(other.edges().map(|(u, v)| (u + offset, v + offset)))
            .collect();
        Board::assemble(names, index, &pairs, Shape::Other)
    }
}

fn check_size(vertices: usize, edges: usize) -> Result<(), BoardError> {
    if vertices > MAX_VERTICES {
        return err(format!(
            "{vertices} vertices is over the cap of {MAX_VERTICES} vertices per board"
        ));
    }
    if edges > MAX_EDGES {
        return err(format!(
            "{edges} edges is over the cap of {MAX_EDGES} edges per board"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn degree_histogram(b: &Board) -> Vec<usize> {
        let mut h = vec![0; 9];
        for v in 0..b.len() {
            h[b.neighbours(v).len()] += 1;
        }
        h
    }

    #[test]
    fn grid_names_and_edges() {
        let b = Board::grid(3, 2).unwrap();
        assert_eq!(b.len(), 6);
        assert_eq!(b.edge_count(), 7);
        assert_eq!(b.name(0), "1-1");
        assert_eq!(b.name(5), "3-2");
        let v = b.vertex("2-1").unwrap();
        let names: Vec<&str> = b.neighbours(v).iter().map(|&u| b.name(u)).collect();
        assert_eq!(names, ["1-1", "3-1", "2-2"]);
    }

    #[test]
    fn gtp_names_skip_i() {
        let b = Board::grid(19, 19).unwrap();
        assert_eq!(b.vertex("C4"), b.vertex("3-4"));
        assert_eq!(b.vertex("J1"), b.vertex("9-1"));
        assert_eq!(b.vertex("t19"), b.vertex("19-19"));
        assert_eq!(b.vertex("I5"), None);
        assert_eq!(b.vertex("A0"), None);
        assert_eq!(b.vertex("A20"), None);
        assert_eq!(b.vertex("U1"), None);
        assert_eq!(b.gtp_name(b.vertex("9-1").unwrap()).as_deref(), Some("J1"));
        assert_eq!(Board::grid(26, 2).unwrap().vertex("A1"), None);
    }

    #[test]
    fn torus_is_four_regular() {
        let b = Board::torus(4, 3).unwrap();
        assert_eq!(degree_histogram(&b)[4], 12);
        assert!(b.adjacent(b.vertex("4-2").unwrap(), b.vertex("1-2").unwrap()));
        assert!(b.adjacent(b.vertex("2-3").unwrap(), b.vertex("2-1").unwrap()));
    }

    #[test]
    fn small_wraps_stay_simple() {
        // A 2-wide torus: the wrap repeats an existing edge and counts once.
        let b = Board::torus(2, 2).unwrap();
        assert_eq!(b.edge_count(), 4);
        // A 1-wide cylinder: the wrap would be a self-loop and is dropped.
        let c = Board::cylinder(1, 3).unwrap();
        assert_eq!(c.edge_count(), 2);
        assert_eq!(Board::cycle(2).unwrap().edge_count(), 1);
        assert_eq!(Board::cycle(1).unwrap().edge_count(), 0);
    }

    #[test]
    fn moebius_and_klein_joins() {
        let m = Board::moebius(4, 3).unwrap();
        let v = |n: &str| m.vertex(n).unwrap();
        assert!(m.adjacent(v("4-1"), v("1-3")));
        assert!(m.adjacent(v("4-2"), v("1-2")));
        assert!(!m.adjacent(v("4-1"), v("1-1")));
        assert!(!m.adjacent(v("2-3"), v("2-1")));
        let k = Board::klein(4, 3).unwrap();
        let v = |n: &str| k.vertex(n).unwrap();
        assert!(k.adjacent(v("4-3"), v("1-1")));
        assert!(k.adjacent(v("2-3"), v("2-1")));
        let c = Board::cylinder(4, 3).unwrap();
        assert!(c.adjacent(c.vertex("4-1").unwrap(), c.vertex("1-1").unwrap()));
        assert!(!c.adjacent(c.vertex("2-3").unwrap(), c.vertex("2-1").unwrap()));
    }

    #[test]
    fn cube_names() {
        let b = Board::cube(2, 3, 4).unwrap();
        assert_eq!(b.len(), 24);
        assert_eq!(b.edge_count(), 3 * 4 + 2 * 2 * 4 + 2 * 3 * 3);
        let v = b.vertex("2-1-3").unwrap();
        let names: Vec<&str> = b.neighbours(v).iter().map(|&u| b.name(u)).collect();
        assert_eq!(names, ["2-1-2", "1-1-3", "2-2-3", "2-1-4"]);
        assert_eq!(b.vertex("B1"), None);
    }

    #[test]
    fn explicit_graph_errors_name_the_value() {
        let e = Board::from_edges(&["a", "b"], &[("a", "c")]).unwrap_err();
        assert!(e.0.contains("unknown vertex 'c'"), "{e}");
        let e = Board::from_edges(&["a", "b"], &[("a", "a")]).unwrap_err();
        assert!(e.0.contains("self-loop"), "{e}");
        let e = Board::from_edges(&["a", "a"], &[]).unwrap_err();
        assert!(e.0.contains("'a' is listed twice"), "{e}");
        let b = Board::from_edges(&["a", "b"], &[("a", "b"), ("b", "a")]).unwrap();
        assert_eq!(b.edge_count(), 1);
    }

    #[test]
    fn names_a_turn_cannot_write_or_that_hide_are_refused() {
        for (name, why) in [
            (
                "z\nresult: White wins by resignation",
                "a control character",
            ),
            ("a\u{0}b", "a control character"),
            ("tab\there", "a control character"),
            ("\u{202E}evil", "an invisible mark"),
            ("two words", "white space"),
            ("pass", "a word a turn reads as itself"),
            ("RESIGN", "a word a turn reads as itself"),
            ("delete", "a word a turn reads as itself"),
        ] {
            let e = Board::from_edges(&[name, "b"], &[]).unwrap_err();
            assert!(e.0.contains(why), "{name:?}: {e}");
            assert!(!e.0.chars().any(is_hidden_char), "{name:?}: raw in {e:?}");
        }
        assert_eq!(
            escape_hidden("z\nresult: x\u{202E}"),
            "z\\nresult: x\\u{202e}"
        );
        assert!(Board::from_edges(&["passage", "a-1", "é"], &[]).is_ok());
    }

    #[test]
    fn caps_are_named() {
        let e = Board::grid(3000, 3000).unwrap_err();
        assert!(e.0.contains("cap of 4194304 vertices"), "{e}");
        let e = Board::complete(10_000).unwrap_err();
        assert!(e.0.contains("edges"), "{e}");
        assert!(Board::grid(0, 3).is_err());
        assert!(Board::path(0).is_err());
    }

    #[test]
    fn complete_and_path() {
        assert_eq!(Board::complete(5).unwrap().edge_count(), 10);
        let p = Board::path(4).unwrap();
        assert_eq!(p.edge_count(), 3);
        assert_eq!(p.name(3), "4");
    }

    #[test]
    fn union_and_relabelling_keep_structure() {
        let a = Board::path(3).unwrap();
        let u = a.disjoint_union(&a);
        assert_eq!(u.len(), 6);
        assert_eq!(u.edge_count(), 4);
        assert_eq!(u.name(3), "1'");
        let r = a.relabelled(&[2, 0, 1]);
        assert!(r.adjacent(2, 0) && r.adjacent(0, 1) && !r.adjacent(2, 1));
    }
}
