//! Finite go-spaces for Topological Go (`topo:D1`): a finite topological space (X, T) over
//! the board's points, with its family S of placements.
//!
//! A finite topology is given in a record by all its open sets, by a base or by a subbase;
//! whichever is given, it is checked (a bad one is refused with a message naming the
//! offending sets) and kept in one canonical form: for every point x its *smallest open
//! neighbourhood* N(x), the intersection of all open sets that contain x. In a finite space
//! N(x) is itself open, the family {N(x)} is the smallest base of T, and a set is open
//! exactly when it contains N(x) for each of its points.
//!
//! The *specialisation preorder* (x <= y when x lies in the closure of {y}, that is when
//! y is in N(x)) gives the fast side of the topology: a subset U is connected exactly when
//! the comparability graph of the preorder restricted to U is connected. The board of a
//! go-space ([`GoSpace::board`]) is that comparability graph, so graph algorithms on the
//! board are topology on the space. The transcription (`spec::topological`) computes the
//! same things from the definitions, and the tests check that both agree.

use std::collections::{HashMap, HashSet};
use std::fmt;

use imbl::OrdSet;

use crate::board::Board;

/// A point of X: its index among the board's vertices.
pub type Point = usize;

/// A set of points.
pub type Points = OrdSet<Point>;

/// The most points a go-space may have (a documented cap, `spec/FORMAT.md`).
pub const MAX_POINTS: usize = 2048;
/// The most sets a record may give as opens, base or subbase (a documented cap: checking
/// that opens are closed under unions and intersections looks at every pair).
pub const MAX_GENERATORS: usize = 1024;
/// The most placements (elements of S) a go-space may have (a documented cap).
pub const MAX_PLACEMENTS: usize = 2048;
/// The most the squares of the sizes of the smallest open sets N(x) may add up to (a
/// documented cap). The transcription checks that a space is a go-space (`topo:D1`,
/// `spec::topological::is_go_space`) by asking of every point y of every N(x) whether
/// N(y) lies in N(x): the sizes of the N(y) for y in N(x), added up over x, at most the
/// sum of the squares. Within the cap of points alone that is up to 2048^3 / 6 (a chain of
/// 2048 points, each in the closure of the next): minutes at every start. This cap keeps it
/// under a second; a space of a graph (`of`) has sum 1 per vertex and 9 per edge.
pub const MAX_OPEN_SET_SQUARES: u64 = 1 << 24;

/// How a record gives the topology T.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Generators {
    /// Every open set (T itself): checked to contain the empty set and X and to be closed
    /// under unions and intersections.
    Opens,
    /// A base: its unions are the open sets. Checked to cover X and to contain, for every
    /// two of its sets and every point of their intersection, a set between the two.
    Base,
    /// A subbase: any family; the finite intersections of its sets form a base.
    Subbase,
}

impl Generators {
    /// The record's field name: `opens`, `base`, `subbase`.
    pub fn field(self) -> &'static str {
        match self {
            Generators::Opens => "opens",
            Generators::Base => "base",
            Generators::Subbase => "subbase",
        }
    }
}

/// Why a space is not a go-space: the message names the offending sets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpaceError(pub String);

impl fmt::Display for SpaceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SpaceError {}

fn refuse<T>(msg: impl Into<String>) -> Result<T, SpaceError> {
    Err(SpaceError(msg.into()))
}

/// Reading 11 (`spec/ambiguities.md`): what happens to a stone that lies in no go-connected
/// set of stones (its own closure is not connected and no stones of its colour join the
/// parts), whose string (`topo:D7`) is therefore the empty set of stones.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum EmptyString {
    /// The letter of `topo:D5`-`topo:D7`, taking the empty set as T-connected: the empty
    /// string is go-connected, and it has liberty when some legal placement has a connected
    /// closure (`topo:D6` with G empty).
    Connected,
    /// The empty set of stones never has liberty: such a stone is cleared unless another
    /// stone of its colour covering the same point lives.
    NoLiberty,
    /// The default: the author's comment on `topo:D8` and the proof of `topo:RES3` (which
    /// takes s to lie in string(s)): such a stone is its own string, and has liberty when a
    /// legal placement would join all its parts.
    #[default]
    Stone,
}

/// A finite go-space (X, T, S) (`topo:D1`). X is `0..points()`; the names of points live in
/// the board ([`GoSpace::board`] builds it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoSpace {
    /// N(x) for every point x: the smallest open set containing x.
    neighbourhood: Vec<Points>,
    /// For every point, the points comparable to it in the specialisation preorder (the
    /// board's edges), sorted.
    comparable: Vec<Vec<Point>>,
    /// S: the placements, in the record's order.
    placements: Vec<Points>,
    /// The placements' names, as the vertices of an edgeless board (so that turns are read
    /// and written by the same code as graph Go's: `B a+b`).
    placement_names: Board,
    /// Reading 11: the string of a stone in no go-connected set.
    empty_string: EmptyString,
}

/// A placement as given: an optional name and its points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacementInput {
    pub name: Option<String>,
    pub points: Vec<Point>,
}

/// A set of points written with their names, `{a, b}`.
pub fn show(names: &[String], set: &Points) -> String {
    let inner: Vec<&str> = set.iter().map(|&p| names[p].as_str()).collect();
    format!("{{{}}}", inner.join(", "))
}

/// Bit sets for checking the given sets quickly (pairs of up to [`MAX_GENERATORS`] sets).
type Bits = Vec<u64>;

fn bits_of(n: usize, set: &Points) -> Bits {
    let mut b = vec![0u64; n.div_ceil(64)];
    for &p in set {
        b[p / 64] |= 1 << (p % 64);
    }
    b
}

fn has_bit(b: &Bits, p: Point) -> bool {
    b[p / 64] >> (p % 64) & 1 == 1
}

impl GoSpace {
    /// The go-space on `names` whose topology the subbase `sets` generates and whose
    /// placements are the smallest open sets around each group of points in `around`
    /// (repeats dropped): open and non-empty by construction, of several points, not
    /// always connected, overlapping, with points in none. The campaign and the property
    /// tests draw their random go-spaces this way.
    pub fn around_points(
        names: &[String],
        sets: &[Vec<Point>],
        around: &[Vec<Point>],
    ) -> Result<GoSpace, SpaceError> {
        let bare = GoSpace::new(names, Generators::Subbase, sets, &[])?;
        let mut placements: Vec<Points> = Vec::new();
        for points in around {
            let hull: Points = points
                .iter()
                .flat_map(|&x| bare.neighbourhood(x).clone())
                .collect();
            if !placements.contains(&hull) {
                placements.push(hull);
            }
        }
        let inputs: Vec<PlacementInput> = placements
            .iter()
            .map(|p| PlacementInput {
                name: None,
                points: p.iter().copied().collect(),
            })
            .collect();
        GoSpace::new(names, Generators::Subbase, sets, &inputs)
    }

    /// Builds and checks a go-space on `names.len()` points: the topology from `sets` read as
    /// `kind`, and the placements S. Every error names the offending sets (by field and
    /// index, and by their points).
    pub fn new(
        names: &[String],
        kind: Generators,
        sets: &[Vec<Point>],
        placements: &[PlacementInput],
    ) -> Result<GoSpace, SpaceError> {
        let n = names.len();
        if n == 0 {
            return refuse("'points' is empty: X needs at least one point");
        }
        if n > MAX_POINTS {
            return refuse(format!(
                "{n} points is over the cap of {MAX_POINTS} points per space"
            ));
        }
        if placements.len() > MAX_PLACEMENTS {
            return refuse(format!(
                "'placements' has {} sets, over the cap of {MAX_PLACEMENTS}",
                placements.len()
            ));
        }
        let sets: Vec<Points> = sets.iter().map(|s| s.iter().copied().collect()).collect();
        let neighbourhood = match kind {
            Generators::Opens => opens_neighbourhoods(names, &sets)?,
            Generators::Base => base_neighbourhoods(names, &sets)?,
            Generators::Subbase => intersections_around(n, &sets),
        };
        debug_assert!(neighbourhood
            .iter()
            .enumerate()
            .all(|(x, nx)| nx.contains(&x)));
        GoSpace::from_neighbourhoods(names, neighbourhood, placements)
    }

    /// A go-space from the smallest open neighbourhoods of its points (each must contain
    /// its point, and y in N(x) must give N(y) within N(x)), and its placements.
    pub fn from_neighbourhoods(
        names: &[String],
        neighbourhood: Vec<Points>,
        placements: &[PlacementInput],
    ) -> Result<GoSpace, SpaceError> {
        let n = names.len();
        let squares: u64 = neighbourhood
            .iter()
            .map(|nx| (nx.len() as u64).pow(2))
            .sum();
        if squares > MAX_OPEN_SET_SQUARES {
            let largest = (0..n)
                .max_by_key(|&x| neighbourhood[x].len())
                .expect("a space has a point");
            return refuse(format!(
                "the smallest open sets of the points are too large: the squares of their sizes add up to {squares}, over the cap of {MAX_OPEN_SET_SQUARES} (the smallest open set of {} alone has {} points)",
                names[largest],
                neighbourhood[largest].len()
            ));
        }
        for (x, nx) in neighbourhood.iter().enumerate() {
            if !nx.contains(&x) {
                return refuse(format!(
                    "the smallest open set of {} does not contain it",
                    names[x]
                ));
            }
            // Nested by construction for every caller (intersections of open sets, or the
            // go-space of a graph); checked in debug builds only, as it is cubic.
            debug_assert!(
                nx.iter().all(|&y| neighbourhood[y].is_subset(nx)),
                "the smallest open sets of {} and its points are not nested",
                names[x]
            );
        }
        let neighbourhood_bits: Vec<Bits> = neighbourhood.iter().map(|nx| bits_of(n, nx)).collect();
        let mut comparable = vec![Vec::new(); n];
        for (x, nx) in neighbourhood.iter().enumerate() {
            for &y in nx {
                if y != x {
                    comparable[x].push(y);
                    comparable[y].push(x);
                }
            }
        }
        for c in &mut comparable {
            c.sort_unstable();
            c.dedup();
        }
        let mut s: Vec<Points> = Vec::with_capacity(placements.len());
        let mut seen: HashMap<Points, usize> = HashMap::new();
        let mut given_names: Vec<String> = Vec::with_capacity(placements.len());
        let mut name_index: HashMap<String, usize> = HashMap::new();
        for (i, p) in placements.iter().enumerate() {
            let set: Points = p.points.iter().copied().collect();
            if set.is_empty() {
                return refuse(format!(
                    "placements[{i}] is the empty set: S may not contain it (topo:D1)"
                ));
            }
            let set_bits = bits_of(n, &set);
            let open_around = |x: Point| {
                neighbourhood_bits[x]
                    .iter()
                    .zip(&set_bits)
                    .all(|(a, b)| a & !b == 0)
            };
            if let Some(&x) = set.iter().find(|&&x| !open_around(x)) {
                let missing = neighbourhood[x].clone().relative_complement(set.clone());
                return refuse(format!(
                    "placements[{i}] {} is not open: every open set containing {} also contains {} (topo:D1: S is a subset of T)",
                    show(names, &set),
                    names[x],
                    show(names, &missing)
                ));
            }
            if let Some(&j) = seen.get(&set) {
                return refuse(format!(
                    "placements[{j}] and placements[{i}] are the same set {}: S is a set of placements, each listed once",
                    show(names, &set)
                ));
            }
            seen.insert(set.clone(), i);
            let name = match &p.name {
                Some(name) => name.clone(),
                None => p
                    .points
                    .iter()
                    .map(|&x| names[x].as_str())
                    .collect::<Vec<_>>()
                    .join("+"),
            };
            if name.is_empty() || name.chars().any(char::is_whitespace) {
                return refuse(format!(
                    "placements[{i}] is named '{name}': a placement's name is one word (give it a 'name')"
                ));
            }
            let lower = name.to_ascii_lowercase();
            if lower == "pass" || lower == "resign" {
                return refuse(format!(
                    "placements[{i}] is named '{name}', which a turn reads as a {lower} (give it another 'name')"
                ));
            }
            if let Some(&j) = name_index.get(&name) {
                return refuse(format!(
                    "placements[{j}] and placements[{i}] are both named '{name}'"
                ));
            }
            name_index.insert(name.clone(), i);
            given_names.push(name);
            s.push(set);
        }
        let placement_names = Board::from_edges::<&str>(
            &given_names.iter().map(String::as_str).collect::<Vec<_>>(),
            &[],
        )
        .map_err(|e| SpaceError(format!("placement names: {e}")))?;
        Ok(GoSpace {
            neighbourhood,
            comparable,
            placements: s,
            placement_names,
            empty_string: EmptyString::default(),
        })
    }

    /// The go-space of a graph (`topo:EX2`, transcribed in `spec::topological`): a point
    /// x_v per vertex (point `v`, the vertex's name) and y_uv per edge (point `|V| + i` for
    /// the i-th edge of [`Board::edges`], named `u~v`); N(x_v) = {x_v}, N(y_uv) =
    /// {x_u, y_uv, x_v}; S = the sets {x_v}, named like the vertices. Returns the board (the
    /// graph with every edge subdivided) and the space.
    pub fn of_graph(graph: &Board) -> Result<(Board, GoSpace), SpaceError> {
        let n = graph.len();
        let mut names: Vec<String> = graph.names().to_vec();
        let mut neighbourhood: Vec<Points> = (0..n).map(Points::unit).collect();
        for (i, (u, v)) in graph.edges().enumerate() {
            names.push(format!("{}~{}", graph.name(u), graph.name(v)));
            neighbourhood.push(Points::from(vec![u, n + i, v]));
        }
        if names.len() > MAX_POINTS {
            return refuse(format!(
                "the go-space of this graph has {} points, over the cap of {MAX_POINTS} points per space",
                names.len()
            ));
        }
        let placements: Vec<PlacementInput> = (0..n)
            .map(|v| PlacementInput {
                name: None,
                points: vec![v],
            })
            .collect();
        let space = GoSpace::from_neighbourhoods(&names, neighbourhood, &placements)?;
        let board = space.board(&names)?;
        Ok((board, space))
    }

    /// The same space under reading 11's choice `reading`.
    pub fn with_empty_string(self, reading: EmptyString) -> GoSpace {
        GoSpace {
            empty_string: reading,
            ..self
        }
    }

    /// Reading 11 in force.
    pub fn empty_string(&self) -> EmptyString {
        self.empty_string
    }

    /// The number of points of X.
    pub fn points(&self) -> usize {
        self.neighbourhood.len()
    }

    /// N(x): the smallest open set containing `x`.
    pub fn neighbourhood(&self, x: Point) -> &Points {
        &self.neighbourhood[x]
    }

    /// The points comparable to `x` in the specialisation preorder (`x`'s neighbours on
    /// the board of the space), sorted.
    pub fn comparable(&self, x: Point) -> &[Point] {
        &self.comparable[x]
    }

    /// The placements S, in the record's order (a turn's `at` indexes this list).
    pub fn placements(&self) -> &[Points] {
        &self.placements
    }

    /// The name of placement `i`.
    pub fn placement_name(&self, i: usize) -> &str {
        self.placement_names.name(i)
    }

    /// The placements' names as the vertices of an edgeless board: what turns are read and
    /// written with.
    pub fn placement_names(&self) -> &Board {
        &self.placement_names
    }

    /// The placement a turn names: by its name, or by its points joined with `+` in any
    /// order (`b+a` names the placement {a, b}).
    pub fn placement_named(&self, points: &Board, word: &str) -> Option<usize> {
        if let Some(i) = self.placement_names.vertex(word) {
            return Some(i);
        }
        let set: Option<Points> = word.split('+').map(|w| points.vertex(w)).collect();
        let set = set?;
        self.placements.iter().position(|p| *p == set)
    }

    /// The board of the space: its points, named, joined when they are comparable in the
    /// specialisation preorder (x != y with x in N(y) or y in N(x)).
    pub fn board(&self, names: &[String]) -> Result<Board, SpaceError> {
        let edges: Vec<(&str, &str)> = self
            .comparable
            .iter()
            .enumerate()
            .flat_map(|(x, ys)| {
                ys.iter()
                    .filter(move |&&y| x < y)
                    .map(move |&y| (names[x].as_str(), names[y].as_str()))
            })
            .collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        Board::from_edges(&names, &edges).map_err(|e| SpaceError(e.to_string()))
    }

    /// The closure of `a`, the fast way: x is in it when N(x) meets `a`.
    pub fn closure(&self, a: &Points) -> Points {
        (0..self.points())
            .filter(|&x| self.neighbourhood[x].iter().any(|y| a.contains(y)))
            .collect()
    }

    /// Whether `u` is connected, the fast way: the comparability graph of the
    /// specialisation preorder, restricted to `u`, is connected (the empty set is connected).
    pub fn connected(&self, u: &Points) -> bool {
        let Some(&start) = u.iter().next() else {
            return true;
        };
        let mut reached: HashSet<Point> = HashSet::from([start]);
        let mut frontier = vec![start];
        while let Some(x) = frontier.pop() {
            for &y in &self.comparable[x] {
                if u.contains(&y) && reached.insert(y) {
                    frontier.push(y);
                }
            }
        }
        reached.len() == u.len()
    }

    /// Every open set of T, when there are at most `cap` of them (the up-sets of the
    /// specialisation preorder, built point by point); `None` when there are more.
    pub fn opens(&self, cap: usize) -> Option<Vec<Points>> {
        // The opens are exactly the unions of smallest neighbourhoods; grow the family one
        // neighbourhood at a time, keeping it closed under union.
        let mut family: HashSet<Points> = HashSet::from([Points::new()]);
        for nx in &self.neighbourhood {
            let grown: Vec<Points> = family.iter().map(|o| o.clone().union(nx.clone())).collect();
            family.extend(grown);
            if family.len() > cap {
                return None;
            }
        }
        let mut all: Vec<Points> = family.into_iter().collect();
        all.sort();
        Some(all)
    }
}

/// The intersection of the given sets that contain each point (X when none does), on bit
/// sets (the work is the total size of the sets times the words of a set).
fn intersections_around(n: usize, sets: &[Points]) -> Vec<Points> {
    let words = n.div_ceil(64);
    let mut around: Vec<Bits> = vec![vec![u64::MAX; words]; n];
    for set in sets {
        let b = bits_of(n, set);
        for &x in set {
            around[x].iter_mut().zip(&b).for_each(|(a, w)| *a &= w);
        }
    }
    around
        .iter()
        .map(|b| (0..n).filter(|&p| has_bit(b, p)).collect())
        .collect()
}

/// Checks that `sets` is a topology on `0..n` and gives its smallest neighbourhoods.
fn opens_neighbourhoods(names: &[String], sets: &[Points]) -> Result<Vec<Points>, SpaceError> {
    let n = names.len();
    let everything: Points = (0..n).collect();
    if !sets.iter().any(Points::is_empty) {
        return refuse("'opens' lacks the empty set: a topology contains it");
    }
    if !sets.contains(&everything) {
        return refuse(format!(
            "'opens' lacks X = {}: a topology contains the whole space",
            show(names, &everything)
        ));
    }
    let bits: Vec<Bits> = sets.iter().map(|s| bits_of(n, s)).collect();
    let known: HashSet<&Bits> = bits.iter().collect();
    for i in 0..bits.len() {
        for j in i + 1..bits.len() {
            for (what, combined) in [
                (
                    "union",
                    bits[i]
                        .iter()
                        .zip(&bits[j])
                        .map(|(a, b)| a | b)
                        .collect::<Bits>(),
                ),
                (
                    "intersection",
                    bits[i].iter().zip(&bits[j]).map(|(a, b)| a & b).collect(),
                ),
            ] {
                if !known.contains(&combined) {
                    let set: Points = (0..n).filter(|&p| has_bit(&combined, p)).collect();
                    return refuse(format!(
                        "opens[{i}] {} and opens[{j}] {}: their {what} {} is not among the opens",
                        show(names, &sets[i]),
                        show(names, &sets[j]),
                        show(names, &set)
                    ));
                }
            }
        }
    }
    Ok(intersections_around(n, sets))
}

/// Checks that `sets` is a base of a topology on `0..n` and gives its smallest
/// neighbourhoods.
fn base_neighbourhoods(names: &[String], sets: &[Points]) -> Result<Vec<Points>, SpaceError> {
    let n = names.len();
    if let Some(x) = (0..n).find(|x| !sets.iter().any(|s| s.contains(x))) {
        return refuse(format!(
            "point {} lies in no set of 'base': a base covers X",
            names[x]
        ));
    }
    let around = intersections_around(n, sets);
    // With every pair satisfying the base condition, the intersection of all base sets
    // around x contains a base set around x, which can only be that intersection itself.
    let known: HashSet<&Points> = sets.iter().collect();
    for (x, nx) in around.iter().enumerate() {
        if known.contains(nx) {
            continue;
        }
        for i in 0..sets.len() {
            for j in i + 1..sets.len() {
                if !(sets[i].contains(&x) && sets[j].contains(&x)) {
                    continue;
                }
                let both = sets[i].clone().intersection(sets[j].clone());
                if !sets.iter().any(|b| b.contains(&x) && b.is_subset(&both)) {
                    return refuse(format!(
                        "base[{i}] {} and base[{j}] {} share {} but no set of the base lies between {} and their intersection {} (give the sets as 'subbase' to generate a topology from them)",
                        show(names, &sets[i]),
                        show(names, &sets[j]),
                        names[x],
                        names[x],
                        show(names, &both)
                    ));
                }
            }
        }
        unreachable!("a base whose every pair is good contains the intersection around each point");
    }
    Ok(around)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(n: usize) -> Vec<String> {
        (0..n)
            .map(|i| ((b'a' + i as u8) as char).to_string())
            .collect()
    }

    fn place(points: &[Point]) -> PlacementInput {
        PlacementInput {
            name: None,
            points: points.to_vec(),
        }
    }

    #[test]
    fn sierpinski_space_from_its_opens() {
        // X = {a, b}, T = {{}, {a}, {a, b}}: N(a) = {a}, N(b) = {a, b}; b is in cl{a}.
        let s = GoSpace::new(
            &names(2),
            Generators::Opens,
            &[vec![], vec![0], vec![0, 1]],
            &[place(&[0])],
        )
        .unwrap();
        assert_eq!(s.neighbourhood(0), &Points::unit(0));
        assert_eq!(s.neighbourhood(1), &Points::from(vec![0, 1]));
        assert_eq!(s.closure(&Points::unit(0)), Points::from(vec![0, 1]));
        assert_eq!(s.closure(&Points::unit(1)), Points::unit(1));
        assert!(s.connected(&Points::from(vec![0, 1])));
        assert_eq!(s.opens(100).unwrap().len(), 3);
    }

    #[test]
    fn missing_union_names_both_opens() {
        let e = GoSpace::new(
            &names(3),
            Generators::Opens,
            &[vec![], vec![0], vec![2], vec![0, 1, 2]],
            &[],
        )
        .unwrap_err();
        assert!(
            e.0.contains("opens[1] {a} and opens[2] {c}: their union {a, c}"),
            "{e}"
        );
    }

    #[test]
    fn bad_base_names_pair_and_point() {
        // {a, b} and {b, c} meet in {b}, and no base set around b lies inside {b}.
        let e =
            GoSpace::new(&names(3), Generators::Base, &[vec![0, 1], vec![1, 2]], &[]).unwrap_err();
        assert!(
            e.0.contains("base[0] {a, b} and base[1] {b, c} share b"),
            "{e}"
        );
        // The same sets as a subbase generate {b} as an open set.
        let s = GoSpace::new(
            &names(3),
            Generators::Subbase,
            &[vec![0, 1], vec![1, 2]],
            &[],
        )
        .unwrap();
        assert_eq!(s.neighbourhood(1), &Points::unit(1));
    }

    #[test]
    fn placements_must_be_non_empty_open_and_distinct() {
        let sierpinski = |ps: &[PlacementInput]| {
            GoSpace::new(
                &names(2),
                Generators::Opens,
                &[vec![], vec![0], vec![0, 1]],
                ps,
            )
        };
        let e = sierpinski(&[place(&[])]).unwrap_err();
        assert!(e.0.contains("placements[0] is the empty set"), "{e}");
        let e = sierpinski(&[place(&[1])]).unwrap_err();
        assert!(
            e.0.contains(
                "placements[0] {b} is not open: every open set containing b also contains {a}"
            ),
            "{e}"
        );
        let e = sierpinski(&[place(&[0, 1]), place(&[1, 0])]).unwrap_err();
        assert!(
            e.0.contains("placements[0] and placements[1] are the same set"),
            "{e}"
        );
        let s = sierpinski(&[place(&[1, 0])]).unwrap();
        assert_eq!(s.placement_name(0), "b+a");
    }
}
