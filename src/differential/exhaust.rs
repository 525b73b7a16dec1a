//! Exhaustive small-scope checking (`graphgo exhaust`): the transcription against the
//! engine on *every* game up to a depth on *every* small board of each family, where the
//! random campaign (`graphgo fuzz`) samples.
//!
//! What is enumerated (each list is built here, not typed in; the counts are checked against
//! the published ones in the tests):
//! - General Graph Go: every graph on 1 to k vertices up to isomorphism (1, 2, 4, 11, 34,
//!   156, 1044 graphs), and the grids and tori up to 3x3, under every rule setup of
//!   [`graph_rule_setups`];
//! - Topological Go: every go-space on 1 to k points up to relabelling the points, that is
//!   every topology with every family of non-empty open sets as its placements, under both
//!   endings, the three readings of the empty string and the four repetition rules;
//! - MANGO: paths and the triangle on up to 3 points, every weighting from {1, 2, -1}, and a
//!   few thresholds;
//! - the directed rules: every digraph on 1 to k vertices up to isomorphism (1, 3, 16, 218).
//!
//! For each setup the walk plays every legal turn (the list both sides agree on) from
//! every position reached, to a depth, comparing everything after every turn through the
//! comparer ([`crate::differential::compare::Session`]); it also gives both sides every move the list
//! leaves out (an occupied vertex, a repetition, a self-capture) so that refusals and their
//! clauses are compared. A divergence is shrunk by [`crate::differential::compare::shrink`] and written as
//! a record. After every turn the invariants the sources state are checked of the agreed
//! position ([`invariant_violation`]).
//!
//! Positions reached by several paths are explored once where the rules make their
//! futures the same. The key of a node is: what both sides show (position, player to move,
//! prisoners, scores, result), the number of consecutive passes (up to 2), and, by the
//! repetition rule, the part of the history that rule reads: under positional superko the
//! *set* of positions that occurred, under situational superko the set of (position,
//! player to move) pairs, under simple ko the position before the last turn, and nothing
//! without a repetition rule. MANGO always reads the set of configurations (`mango:LEGAL`).
//! The directed rules (history deletion, ko bids and resets) are never merged: their games
//! are walked as a tree. Merging trusts the spec's reading of what the future depends on:
//! an engine whose future depended on more of the history could differ on a path that is
//! not walked.
//!
//! Why one file of about 1,300 lines (issue 30 asks for a reason past 1,000): its sections
//! (enumerating boards up to isomorphism, the setups and the scope, the invariants, the
//! walk, the command) serve one command and are read together; the enumerations are the
//! seam for a split.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use num_rational::BigRational;

use crate::board::digraph::Digraph;
use crate::board::space::{EmptyString, GoSpace, PlacementInput, Points};
use crate::board::weights::{Threshold, Weights};
use crate::board::Board;
use crate::differential::compare::{self, Session, Verdict};
use crate::differential::shard::Shard;
use crate::game::{
    Colour, Equipment, Neutral, NoMove, Observation, Options, Player, Repetition, RuleId, RuleSet,
    SelfCapture, Setup, Turn,
};
use crate::io::atomic_file::write_atomically;
use crate::io::record::{Game, Record};

// ---------------------------------------------------------------------------------------
// Enumerating boards up to isomorphism
// ---------------------------------------------------------------------------------------

/// Every permutation of `0..n`, in lexicographic order.
pub fn permutations(n: usize) -> Vec<Vec<usize>> {
    let mut all = Vec::new();
    let mut current: Vec<usize> = (0..n).collect();
    loop {
        all.push(current.clone());
        // The next permutation in lexicographic order (Narayana's algorithm).
        let Some(i) = (1..n).rev().find(|&i| current[i - 1] < current[i]) else {
            return all;
        };
        let j = (i..n)
            .rev()
            .find(|&j| current[j] > current[i - 1])
            .expect("current[i] is larger");
        current.swap(i - 1, j);
        current[i..].reverse();
    }
}

/// The bit of the pair {u, v} (u != v) in a graph's mask.
fn pair_bit(u: usize, v: usize) -> u64 {
    let (a, b) = if u < v { (u, v) } else { (v, u) };
    1 << (b * (b - 1) / 2 + a)
}

/// The smallest mask of the graph over all relabellings: equal for isomorphic graphs only.
fn canonical_graph(edges: &[(usize, usize)], perms: &[Vec<usize>]) -> u64 {
    perms
        .iter()
        .map(|p| edges.iter().map(|&(u, v)| pair_bit(p[u], p[v])).sum())
        .min()
        .unwrap_or(0)
}

/// One graph of every isomorphism class on exactly `n` vertices (vertices `0..n`, edges as
/// pairs `u < v`), built by adding a vertex joined to every subset of the graphs on `n - 1`
/// (every graph arises so, from the graph its last vertex leaves).
pub fn graphs_up_to_isomorphism(n: usize) -> Vec<Vec<(usize, usize)>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let perms = permutations(n);
    let mut seen = HashSet::new();
    let mut found = Vec::new();
    for smaller in graphs_up_to_isomorphism(n - 1) {
        for joined in 0..1u64 << (n - 1) {
            let mut edges = smaller.clone();
            edges.extend(
                (0..n - 1)
                    .filter(|&u| joined >> u & 1 == 1)
                    .map(|u| (u, n - 1)),
            );
            if seen.insert(canonical_graph(&edges, &perms)) {
                found.push(edges);
            }
        }
    }
    found
}

/// One digraph (no loops; both arcs between two points allowed) of every isomorphism class
/// on exactly `n` points.
pub fn digraphs_up_to_isomorphism(n: usize) -> Vec<Vec<(usize, usize)>> {
    let perms = permutations(n);
    let arcs: Vec<(usize, usize)> = (0..n)
        .flat_map(|u| (0..n).map(move |v| (u, v)))
        .filter(|&(u, v)| u != v)
        .collect();
    let bit = |u: usize, v: usize| -> u64 { 1 << (u * n + v) };
    let mut seen = HashSet::new();
    let mut found = Vec::new();
    for mask in 0..1u64 << arcs.len() {
        let chosen: Vec<(usize, usize)> = (0..arcs.len())
            .filter(|&i| mask >> i & 1 == 1)
            .map(|i| arcs[i])
            .collect();
        let canonical: u64 = perms
            .iter()
            .map(|p| chosen.iter().map(|&(u, v)| bit(p[u], p[v])).sum())
            .min()
            .unwrap_or(0);
        if seen.insert(canonical) {
            found.push(chosen);
        }
    }
    found
}

/// A finite topology on `0..n` given by the smallest open set around each point, as bit
/// masks, and a family of non-empty open sets (the placements S, `topo:D1`), as masks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SmallGoSpace {
    pub neighbourhood: Vec<u32>,
    pub placements: Vec<u32>,
}

/// Every topology on `0..n` (`n` at most 5): each point's smallest open set N(x) holds x,
/// and y in N(x) gives N(y) within N(x) (a preorder, read as its down-sets).
pub fn topologies(n: usize) -> Vec<Vec<u32>> {
    let mut all = vec![Vec::new()];
    for x in 0..n {
        let mut next = Vec::new();
        for partial in &all {
            for mask in 0..1u32 << n {
                if mask >> x & 1 == 1 {
                    let mut v: Vec<u32> = partial.clone();
                    v.push(mask);
                    next.push(v);
                }
            }
        }
        all = next;
    }
    all.retain(|nbhd| {
        (0..n).all(|x| (0..n).all(|y| nbhd[x] >> y & 1 == 0 || nbhd[y] & !nbhd[x] == 0))
    });
    all
}

/// The non-empty open sets of a topology: the unions of smallest open sets.
pub fn open_sets(neighbourhood: &[u32]) -> Vec<u32> {
    let n = neighbourhood.len();
    (1..1u32 << n)
        .filter(|&u| (0..n).all(|x| u >> x & 1 == 0 || neighbourhood[x] & !u == 0))
        .collect()
}

fn permuted_mask(mask: u32, p: &[usize]) -> u32 {
    (0..p.len())
        .filter(|&x| mask >> x & 1 == 1)
        .map(|x| 1 << p[x])
        .sum()
}

/// One go-space of every class on exactly `n` points, two being the same when a
/// relabelling of the points carries one's topology and placements onto the other's.
pub fn go_spaces_up_to_relabelling(n: usize) -> Vec<SmallGoSpace> {
    let perms = permutations(n);
    let mut seen = HashSet::new();
    let mut found = Vec::new();
    for nbhd in topologies(n) {
        let opens = open_sets(&nbhd);
        for family in 0..1u64 << opens.len() {
            let placements: Vec<u32> = (0..opens.len())
                .filter(|&i| family >> i & 1 == 1)
                .map(|i| opens[i])
                .collect();
            let canonical = perms
                .iter()
                .map(|p| {
                    let mut relabelled = vec![0u32; n];
                    for x in 0..n {
                        relabelled[p[x]] = permuted_mask(nbhd[x], p);
                    }
                    let mut s: Vec<u32> = placements.iter().map(|&m| permuted_mask(m, p)).collect();
                    s.sort_unstable();
                    (relabelled, s)
                })
                .min()
                .expect("at least one permutation");
            if seen.insert(canonical) {
                found.push(SmallGoSpace {
                    neighbourhood: nbhd.clone(),
                    placements,
                });
            }
        }
    }
    found
}

// ---------------------------------------------------------------------------------------
// Setups
// ---------------------------------------------------------------------------------------

/// The families `exhaust` walks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Family {
    /// General Graph Go on every small graph.
    Graphs,
    /// General Graph Go on the grids and tori up to 3x3.
    Lattices,
    /// Topological Go on every small go-space.
    Spaces,
    /// MANGO on small weighted boards.
    Mango,
    /// The directed rules on every small digraph.
    Directed,
}

impl Family {
    pub const ALL: [Family; 5] = [
        Family::Graphs,
        Family::Lattices,
        Family::Spaces,
        Family::Mango,
        Family::Directed,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Family::Graphs => "graphs",
            Family::Lattices => "lattices",
            Family::Spaces => "spaces",
            Family::Mango => "mango",
            Family::Directed => "directed",
        }
    }

    pub fn parse(text: &str) -> Option<Family> {
        Family::ALL.into_iter().find(|f| f.name() == text)
    }
}

/// How far a family is walked: boards of `from` to `size` (vertices, points or side) and
/// games up to `depth` turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach {
    pub from: usize,
    pub size: usize,
    pub depth: usize,
}

/// The deepest game `--reach` walks (a documented cap).
pub const MAX_REACH_DEPTH: usize = 32;

/// Reads `FAMILY:FROM-TO:DEPTH` (`graphs:6-6:2`) or `FAMILY:TO:DEPTH` (`spaces:3:3`).
pub fn parse_reach(text: &str) -> Result<(Family, Reach), String> {
    let bad = || {
        format!(
            "--reach '{text}' is not FAMILY:FROM-TO:DEPTH or FAMILY:TO:DEPTH (e.g. graphs:6-6:2)"
        )
    };
    let parts: Vec<&str> = text.split(':').collect();
    let [family, sizes, depth] = parts[..] else {
        return Err(bad());
    };
    let family = Family::parse(family).ok_or_else(|| {
        format!("--reach '{text}': '{family}' is not a family (graphs, lattices, spaces, mango, directed)")
    })?;
    let number = |t: &str| t.trim().parse::<usize>().map_err(|_| bad());
    let (from, size) = match sizes.split_once('-') {
        Some((a, b)) => (number(a)?, number(b)?),
        None => (1, number(sizes)?),
    };
    let depth = number(depth)?;
    let cap = match family {
        Family::Graphs => 8,
        Family::Lattices => 4,
        Family::Spaces => 4,
        Family::Mango => 4,
        Family::Directed => 4,
    };
    if from == 0 || from > size || size > cap {
        return Err(format!(
            "--reach '{text}': sizes must be from 1 to {cap} for {}, the first not above the second",
            family.name()
        ));
    }
    // The walk recurses once a turn (issue 27: depth 10000 overflowed the stack), and its
    // cost grows faster than the depth: depth 32 on one vertex is under a second.
    if depth > MAX_REACH_DEPTH {
        return Err(format!(
            "--reach '{text}': the depth must be from 0 to {MAX_REACH_DEPTH} turns (the cap on an exhaustive walk)"
        ));
    }
    Ok((family, Reach { from, size, depth }))
}

impl Reach {
    /// Boards of 1 to `size`, games of up to `depth` turns.
    pub const fn upto(size: usize, depth: usize) -> Reach {
        Reach {
            from: 1,
            size,
            depth,
        }
    }
}

/// What a run covers.
#[derive(Clone, Debug)]
pub struct Scope {
    pub families: Vec<(Family, Reach)>,
    /// Also give both sides every move the legal list leaves out, comparing the refusals.
    pub refusals: bool,
}

impl Scope {
    /// The run of `.ci/run` (a couple of minutes on one core).
    pub fn ci() -> Scope {
        Scope {
            families: vec![
                (Family::Graphs, Reach::upto(5, 3)),
                (
                    Family::Graphs,
                    Reach {
                        from: 6,
                        size: 6,
                        depth: 2,
                    },
                ),
                (Family::Lattices, Reach::upto(3, 3)),
                (Family::Spaces, Reach::upto(3, 2)),
                (Family::Mango, Reach::upto(3, 4)),
                (Family::Directed, Reach::upto(3, 5)),
            ],
            refusals: true,
        }
    }

    /// The documented longer run (`graphgo exhaust --scope long`).
    pub fn long() -> Scope {
        Scope {
            families: vec![
                (Family::Graphs, Reach::upto(7, 4)),
                (Family::Lattices, Reach::upto(3, 5)),
                (Family::Spaces, Reach::upto(4, 4)),
                (Family::Mango, Reach::upto(3, 7)),
                (Family::Directed, Reach::upto(4, 6)),
            ],
            refusals: true,
        }
    }
}

/// Every rule setup a graph is played under: `ggg1` with both scorings of neutral empty
/// groups, `ggg2`, and `ggg3` with both readings of a player who cannot move and with no
/// prisoners or one each, each under the three self-capture rules and the four repetition
/// rules (84 in all). An option a version never reads (the scoring of neutral groups under
/// `ggg2` and `ggg3`, which are not scored; `no_move` outside `ggg3`) is left at its default.
pub fn graph_rule_setups(board: &Board) -> Vec<Setup> {
    let mut setups = Vec::new();
    for self_capture in [SelfCapture::All, SelfCapture::Multi, SelfCapture::None] {
        for repetition in [
            Repetition::Positional,
            Repetition::Situational,
            Repetition::Simple,
            Repetition::None,
        ] {
            let with = |rules: RuleId, options: Options, prisoners: [u64; 2]| {
                let mut s = Setup::new(rules, board.clone());
                s.options = Options {
                    self_capture,
                    repetition,
                    ..options
                };
                s.prisoners = prisoners;
                s
            };
            for neutral in [Neutral::Both, Neutral::None] {
                let options = Options {
                    neutral,
                    ..Options::default()
                };
                setups.push(with(RuleId::Ggg1, options, [0, 0]));
            }
            setups.push(with(RuleId::Ggg2, Options::default(), [0, 0]));
            for no_move in [NoMove::Lose, NoMove::Pass] {
                for prisoners in [[0, 0], [1, 1]] {
                    let options = Options {
                        no_move,
                        ..Options::default()
                    };
                    setups.push(with(RuleId::Ggg3, options, prisoners));
                }
            }
        }
    }
    setups
}

fn numbered(n: usize) -> Vec<String> {
    (1..=n).map(|i| i.to_string()).collect()
}

/// One item of a run: a label for reports and the setup to walk.
pub struct Item {
    pub family: Family,
    pub label: String,
    pub setup: Setup,
}

/// Every board of a family within `size`, with a label, in a fixed order.
fn boards(family: Family, reach: Reach) -> Vec<(String, Setup)> {
    let (from, size) = (reach.from.max(1), reach.size);
    match family {
        Family::Graphs => (from..=size)
            .flat_map(|n| {
                graphs_up_to_isomorphism(n)
                    .into_iter()
                    .enumerate()
                    .map(move |(i, edges)| (n, i, edges))
            })
            .flat_map(|(n, i, edges)| {
                let names = numbered(n);
                let pairs: Vec<(String, String)> = edges
                    .iter()
                    .map(|&(u, v)| (names[u].clone(), names[v].clone()))
                    .collect();
                let board = Board::from_edges(&names, &pairs).expect("a simple graph");
                graph_rule_setups(&board)
                    .into_iter()
                    .map(move |s| (format!("graph {n}#{i}"), s))
            })
            .collect(),
        Family::Lattices => {
            let mut out = Vec::new();
            for h in 1..=size {
                for w in h.max(from)..=size {
                    let shapes = [("grid", Board::grid(w, h)), ("torus", Board::torus(w, h))];
                    for (kind, board) in shapes {
                        // Tori too small to be simple graphs are refused by the board: skipped.
                        let Ok(board) = board else { continue };
                        for s in graph_rule_setups(&board) {
                            out.push((format!("{kind} {w}x{h}"), s));
                        }
                    }
                }
            }
            out
        }
        Family::Spaces => {
            let mut out = Vec::new();
            for n in from..=size.min(5) {
                for (i, small) in go_spaces_up_to_relabelling(n).into_iter().enumerate() {
                    let names = numbered(n);
                    let points =
                        |mask: u32| -> Points { (0..n).filter(|&x| mask >> x & 1 == 1).collect() };
                    let neighbourhood: Vec<Points> =
                        small.neighbourhood.iter().map(|&m| points(m)).collect();
                    let inputs: Vec<PlacementInput> = small
                        .placements
                        .iter()
                        .map(|&m| PlacementInput {
                            name: None,
                            points: points(m).into_iter().collect(),
                        })
                        .collect();
                    let Ok(space) = GoSpace::from_neighbourhoods(&names, neighbourhood, &inputs)
                    else {
                        continue;
                    };
                    let Ok(board) = space.board(&names) else {
                        continue;
                    };
                    for rules in [RuleId::TopoPrimitive, RuleId::TopoStones] {
                        for reading in [
                            EmptyString::Connected,
                            EmptyString::NoLiberty,
                            EmptyString::Stone,
                        ] {
                            for repetition in [
                                Repetition::Positional,
                                Repetition::Situational,
                                Repetition::Simple,
                                Repetition::None,
                            ] {
                                let mut s = Setup::new(rules, board.clone());
                                s.options.repetition = repetition;
                                s.equipment = Equipment::Space(Arc::new(
                                    space.clone().with_empty_string(reading),
                                ));
                                out.push((format!("space {n}#{i}"), s));
                            }
                        }
                    }
                }
            }
            out
        }
        Family::Mango => {
            let mut out = Vec::new();
            let thresholds: [&[&str]; 4] = [
                &["z >= 1"],
                &["z > 0"],
                &["1 <= z < 3"],
                &["z < 0", "2 <= z <= 5"],
            ];
            let values = [(1, 1), (2, 1), (-1, 1)];
            let mut shapes: Vec<(String, Board)> = (from..=size)
                .map(|n| (format!("path {n}"), Board::path(n).expect("a small path")))
                .collect();
            if size >= 3 {
                shapes.push(("cycle 3".into(), Board::cycle(3).expect("a triangle")));
            }
            for (name, board) in shapes {
                let n = board.len();
                for code in 0..values.len().pow(n as u32) {
                    let weight: Vec<BigRational> = (0..n)
                        .map(|i| {
                            let (a, b) = values[code / values.len().pow(i as u32) % values.len()];
                            BigRational::new(a.into(), b.into())
                        })
                        .collect();
                    for shape in thresholds {
                        let texts: Vec<String> = shape.iter().map(|t| t.to_string()).collect();
                        let threshold =
                            Threshold::parse(&texts).expect("the listed thresholds are intervals");
                        let mut s = Setup::new(RuleId::Mango, board.clone());
                        s.equipment = Equipment::Weights(Arc::new(Weights {
                            weight: weight.clone(),
                            threshold,
                            scores: [
                                BigRational::from_integer(0.into()),
                                BigRational::from_integer(0.into()),
                            ],
                        }));
                        let w: Vec<String> = weight.iter().map(crate::rational::format).collect();
                        out.push((
                            format!(
                                "{name} weights {} threshold {}",
                                w.join(","),
                                texts.join(" or ")
                            ),
                            s,
                        ));
                    }
                }
            }
            out
        }
        Family::Directed => {
            let mut out = Vec::new();
            for n in from..=size {
                for (i, arcs) in digraphs_up_to_isomorphism(n).into_iter().enumerate() {
                    let digraph = Digraph::from_index_arcs(n, &arcs, &|u, v| format!("[{u}, {v}]"))
                        .expect("no loops, each arc once");
                    let names = numbered(n);
                    let Ok(board) = digraph
                        .underlying(&Board::from_edges::<String>(&names, &[]).expect("distinct"))
                    else {
                        continue;
                    };
                    let mut s = Setup::new(RuleId::Directed, board);
                    s.equipment = Equipment::Arcs(Arc::new(digraph));
                    out.push((format!("digraph {n}#{i}"), s));
                }
            }
            out
        }
    }
}

/// Every item of a scope, in a fixed order (the shards split this list).
/// Each with the index of its entry in the scope.
pub fn items(scope: &Scope) -> Vec<(Item, usize)> {
    scope
        .families
        .iter()
        .enumerate()
        .flat_map(|(entry, &(family, reach))| {
            boards(family, reach)
                .into_iter()
                .map(move |(label, setup)| {
                    (
                        Item {
                            family,
                            label,
                            setup,
                        },
                        entry,
                    )
                })
        })
        .collect()
}

// ---------------------------------------------------------------------------------------
// Invariants
// ---------------------------------------------------------------------------------------

/// The statements the sources make of every position after a turn, checked of the position
/// both sides agree on; the broken one's clause and why, if any.
/// - General Graph Go: `nrich:invariant`, no chain without a liberty stands on the board;
/// - Topological Go: `topo:RES2`, every coloured point lies in a stone, and `topo:RES3`,
///   the string of every stone is go-connected;
/// - MANGO: after a move (`mango:MOVE`, steps 3 and 4) no stone of either player that is
///   not alive (`mango:ALIVE`) is left; in particular none of the mover's;
/// - the directed rules: `dir:NOTE-pairs`, no isolated pair holds two stones, and after a
///   placement `dir:CAPTURE`, no stone of either colour without a liberty is left.
pub fn invariant_violation(setup: &Setup, turn: &Turn, after: &Observation) -> Option<String> {
    let position: imbl::Vector<Colour> = after.position.iter().copied().collect();
    match &setup.equipment {
        Equipment::Graph => (!crate::spec::nrich::invariant_holds(&setup.board, &position))
            .then(|| "nrich:invariant: a chain without a liberty stands on the board".to_string()),
        Equipment::Space(space) => {
            use crate::spec::topological as topo;
            if !topo::every_coloured_point_in_a_stone(space, &position) {
                return Some("topo:RES2: a coloured point lies in no stone".into());
            }
            (0..space.placements().len())
                .filter(|&s| topo::is_stone(&position, &space.placements()[s]))
                // string(s) under the space's reading 11 (`variants::topological`).
                .find(|&s| {
                    let string = crate::variants::topological::string(space, &position, s);
                    !topo::go_connected(space, &string)
                })
                .map(|s| {
                    format!(
                        "topo:RES3: the string of the stone {} is not go-connected",
                        space.placement_name(s)
                    )
                })
        }
        Equipment::Weights(_) => {
            if !matches!(turn, Turn::Move { .. }) {
                return None;
            }
            use crate::spec::mango;
            let state = mango::start(setup).ok()?.state;
            let config = mango::Configuration::of(&after.position);
            Player::BOTH.into_iter().find_map(|p| {
                let dead = mango::not_alive(&state.set, &config, p);
                (!dead.is_empty()).then(|| {
                    format!(
                        "mango:MOVE: {} of {}'s stones are not alive after a move",
                        dead.len(),
                        p.word()
                    )
                })
            })
        }
        Equipment::Arcs(arcs) => {
            use crate::spec::{directed, pairs};
            let name = |v: usize| setup.board.name(v).to_string();
            if let Some((p, q)) = pairs::isolated_pairs_of(arcs)
                .into_iter()
                .find(|&(p, q)| position[p] != Colour::Empty && position[q] != Colour::Empty)
            {
                return Some(format!(
                    "dir:NOTE-pairs: the isolated pair {}, {} holds two stones",
                    name(p),
                    name(q)
                ));
            }
            // After a placement every stone without a liberty was removed, the opponent's
            // and then the mover's (dir:CAPTURE).
            if !matches!(turn, Turn::Move { .. }) {
                return None;
            }
            [Colour::Black, Colour::White]
                .into_iter()
                .find_map(|colour| {
                    let dead = directed::without_liberties(arcs, &position, colour);
                    dead.iter().next().map(|&v| {
                        format!(
                            "dir:CAPTURE: the stone on {} has no liberty after a placement",
                            name(v)
                        )
                    })
                })
        }
    }
}

// ---------------------------------------------------------------------------------------
// The walk
// ---------------------------------------------------------------------------------------

/// What a run covered, per family.
#[derive(Clone, Debug, Default)]
pub struct Coverage {
    /// Distinct boards (a board under several rule setups counts once).
    pub boards: u64,
    /// Boards times rule setups walked.
    pub setups: u64,
    /// Distinct positions (merge keys) visited.
    pub positions: u64,
    /// Turns given to both sides and compared (legal and refused).
    pub turns: u64,
    /// Of which refusals.
    pub refusals: u64,
    /// Games: distinct sequences of legal turns from the start, up to the depth or the end.
    pub games: u128,
    /// Nodes not walked again because a node with the same key and depth left was.
    pub merged: u64,
    /// Positions whose invariants were checked.
    pub invariants: u64,
    pub time: Duration,
}

impl Coverage {
    fn add(&mut self, other: &Coverage) {
        self.boards += other.boards;
        self.setups += other.setups;
        self.positions += other.positions;
        self.turns += other.turns;
        self.refusals += other.refusals;
        self.games += other.games;
        self.merged += other.merged;
        self.invariants += other.invariants;
        self.time += other.time;
    }
}

/// Something a walk found: a divergence (shrunk) or a broken invariant.
#[derive(Clone, Debug)]
pub struct ExhaustFinding {
    pub family: Family,
    pub label: String,
    /// What is wrong, in a few lines.
    pub text: String,
    /// The game that shows it (shrunk for a divergence).
    pub game: Game,
    /// Where it was written.
    pub file: Option<PathBuf>,
}

/// The settings of a run.
pub struct Run<'a> {
    pub scope: Scope,
    pub shard: Shard,
    pub out: Option<PathBuf>,
    pub shrink_budget: usize,
    /// Stop walking after this many findings.
    pub max_findings: usize,
    pub a: &'a dyn RuleSet,
    pub b: &'a dyn RuleSet,
}

/// A run's result: coverage per family (in the scope's order) and the findings.
#[derive(Debug, Default)]
pub struct ExhaustReport {
    pub coverage: Vec<(Family, Reach, Coverage)>,
    pub findings: Vec<ExhaustFinding>,
    pub write_failures: Vec<String>,
}

impl ExhaustReport {
    /// One line per family: what it covered and how long it took.
    pub fn lines(&self) -> Vec<String> {
        self.coverage
            .iter()
            .map(|(f, reach, c)| {
                format!(
                    "{}: size {} to {}, depth {}: {} boards, {} setups, {} positions, {} games, {} turns ({} refusals), {} merged, {} invariant checks, {:.1} s",
                    f.name(),
                    reach.from,
                    reach.size,
                    reach.depth,
                    c.boards,
                    c.setups,
                    c.positions,
                    c.games,
                    c.turns,
                    c.refusals,
                    c.merged,
                    c.invariants,
                    c.time.as_secs_f64()
                )
            })
            .collect()
    }
}

/// What the merge key keeps of the history (see the module comment).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Merge {
    Never,
    By(Repetition),
}

fn merge_rule(setup: &Setup) -> Merge {
    match setup.rules {
        RuleId::Directed => Merge::Never,
        RuleId::Mango => Merge::By(Repetition::Positional),
        // The ko point, which moves were passes, and an end by repetition depend on more of
        // the history than an observation and the colourings show: these games are walked
        // without merging.
        _ if setup.options.graph_go_only().is_some() => Merge::Never,
        _ => Merge::By(setup.options.repetition),
    }
}

/// The path to a node: the turns, and what the merge key reads of it.
#[derive(Clone)]
struct Path {
    turns: Vec<Turn>,
    /// (position, player to move) at the start and after every turn played.
    history: Vec<(Vec<Colour>, Option<Player>)>,
    passes: u32,
}

fn key(merge: Merge, observation: &Observation, path: &Path) -> Option<String> {
    let Merge::By(repetition) = merge else {
        return None;
    };
    let mut k = compare::observation_text(observation);
    let _ = write!(k, "|passes {}|", path.passes.min(2));
    let symbols = |p: &[Colour]| p.iter().map(|c| c.symbol()).collect::<String>();
    match repetition {
        Repetition::Positional => {
            let set: BTreeSet<String> = path.history.iter().map(|(p, _)| symbols(p)).collect();
            k.extend(set.into_iter().map(|s| s + ","));
        }
        Repetition::Situational => {
            let set: BTreeSet<String> = path
                .history
                .iter()
                .map(|(p, m)| format!("{}{:?}", symbols(p), m))
                .collect();
            k.extend(set.into_iter().map(|s| s + ","));
        }
        Repetition::Simple => {
            let n = path.history.len();
            if n >= 2 {
                k.push_str(&symbols(&path.history[n - 2].0));
            }
        }
        Repetition::None => {}
        // `merge_rule` never merges under these (`Options::graph_go_only`).
        Repetition::NaturalSituational | Repetition::KoPoint => return None,
    }
    Some(k)
}

struct Walk<'r, 'a> {
    run: &'r Run<'a>,
    family: Family,
    label: &'r str,
    setup: &'r Setup,
    merge: Merge,
    /// Games counted from each (key, depth left) already walked.
    memo: HashMap<(String, usize), u128>,
    keys: HashSet<String>,
    coverage: Coverage,
    findings: Vec<ExhaustFinding>,
}

impl Walk<'_, '_> {
    fn stopped(&self) -> bool {
        self.findings.len() >= self.run.max_findings
    }

    /// A session at the end of `turns`: a fork of `session`, or a replay from the start.
    fn branch(&self, session: &Session, turns: &[Turn]) -> Option<Session> {
        if let Some(s) = session.fork() {
            return Some(s);
        }
        let mut s = Session::start(self.run.a, self.run.b, self.setup)
            .ok()
            .flatten()?;
        for t in turns {
            s.play(t).ok()?;
        }
        Some(s)
    }

    fn diverged(&mut self, turns: Vec<Turn>) {
        let game = Game {
            setup: self.setup.clone(),
            turns,
        };
        let (a, b) = (self.run.a, self.run.b);
        let (game, divergence) = match compare::shrink(a, b, &game, self.run.shrink_budget) {
            Some(s) => (s.game, Some(s.divergence)),
            None => (game, None),
        };
        let text = match divergence {
            Some(d) => d.describe(game.setup.turn_names()),
            None => "a divergence that does not come back when replayed".into(),
        };
        self.found(text, game, "shrunk");
    }

    fn found(&mut self, text: String, game: Game, note: &str) {
        let file = self.run.out.as_ref().map(|dir| {
            let stem = format!(
                "exhaust-{}-{}",
                self.family.name(),
                self.label.replace([' ', '#', '/', ','], "-")
            );
            // Never overwrite a finding: the first free numbered name.
            (1..)
                .map(|i| dir.join(format!("{stem}-{i}.yaml")))
                .find(|p| !p.exists())
                .expect("some name is free")
        });
        if let Some(path) = &file {
            let mut body = String::new();
            let _ = writeln!(
                body,
                "# graphgo exhaust: {} ({}), {note}; `graphgo check FILE` replays it",
                self.label,
                self.family.name()
            );
            for line in text.lines() {
                let _ = writeln!(body, "# {line}");
            }
            body.push_str(&Record::from_game(&game.setup, &game.turns).to_yaml());
            if let Err(e) = write_atomically(path, &body) {
                // Kept in the report (and printed): a finding is never lost.
                self.findings.push(ExhaustFinding {
                    family: self.family,
                    label: format!("{} (cannot write {}: {e})", self.label, path.display()),
                    text: text.clone(),
                    game: game.clone(),
                    file: None,
                });
                return;
            }
        }
        self.findings.push(ExhaustFinding {
            family: self.family,
            label: self.label.to_string(),
            text,
            game,
            file,
        });
    }

    /// Walks every game from `session` for `left` more turns; returns how many games.
    fn visit(&mut self, session: &Session, path: &Path, left: usize) -> u128 {
        let key = key(self.merge, session.observation(), path);
        if let Some(k) = &key {
            if let Some(&games) = self.memo.get(&(k.clone(), left)) {
                self.coverage.merged += 1;
                return games;
            }
            if self.keys.insert(k.clone()) {
                self.coverage.positions += 1;
            }
        } else {
            self.coverage.positions += 1;
        }
        let legal = session.legal_turns().to_vec();
        let games = if left == 0 || legal.is_empty() || self.stopped() {
            1
        } else {
            if self.run.scope.refusals {
                self.refusals(session, path, &legal);
            }
            let mut games = 0;
            for turn in &legal {
                if self.stopped() {
                    break;
                }
                games += self.child(session, path, turn, left);
            }
            games
        };
        if let Some(k) = key {
            self.memo.insert((k, left), games);
        }
        games
    }

    fn child(&mut self, session: &Session, path: &Path, turn: &Turn, left: usize) -> u128 {
        let Some(mut next) = self.branch(session, &path.turns) else {
            return 0;
        };
        let mut turns = path.turns.clone();
        turns.push(turn.clone());
        self.coverage.turns += 1;
        match next.play(turn) {
            Err(_) => {
                self.diverged(turns);
                0
            }
            Ok(Verdict::Played) => {
                self.coverage.invariants += 1;
                if let Some(broken) = invariant_violation(self.setup, turn, next.observation()) {
                    let game = Game {
                        setup: self.setup.clone(),
                        turns: turns.clone(),
                    };
                    self.found(broken, game, "a broken invariant, both sides agreeing");
                    return 1;
                }
                let o = next.observation();
                let mut history = path.history.clone();
                history.push((o.position.clone(), o.to_move));
                let passes = match turn {
                    Turn::Pass { .. } => path.passes + 1,
                    _ => 0,
                };
                let child_path = Path {
                    turns,
                    history,
                    passes,
                };
                self.visit(&next, &child_path, left - 1)
            }
            // Both sides refuse a turn the legal list gave: the list is wrong on both.
            Ok(other) => {
                let game = Game {
                    setup: self.setup.clone(),
                    turns,
                };
                self.found(
                    format!("both sides list {turn:?} as legal and then {other:?}"),
                    game,
                    "a listed turn refused",
                );
                0
            }
        }
    }

    /// Gives both sides every move the legal list leaves out, and a turn by the wrong
    /// player, comparing what they do.
    fn refusals(&mut self, session: &Session, path: &Path, legal: &[Turn]) {
        let Some(player) = session.observation().to_move else {
            return;
        };
        let targets = self.setup.turn_names().len();
        let mut tries: Vec<Turn> = (0..targets)
            .map(|at| Turn::Move { player, at })
            .filter(|t| !legal.contains(t))
            .collect();
        tries.push(Turn::Move {
            player: player.opponent(),
            at: 0,
        });
        for turn in tries {
            if self.stopped() {
                return;
            }
            let Some(mut next) = self.branch(session, &path.turns) else {
                return;
            };
            self.coverage.turns += 1;
            self.coverage.refusals += 1;
            match next.play(&turn) {
                Err(_) => {
                    let mut turns = path.turns.clone();
                    turns.push(turn);
                    self.diverged(turns);
                }
                Ok(Verdict::Played) if turn.player() == player => {
                    let mut turns = path.turns.clone();
                    turns.push(turn.clone());
                    let game = Game {
                        setup: self.setup.clone(),
                        turns,
                    };
                    self.found(
                        format!("both sides play {turn:?}, which neither listed as legal"),
                        game,
                        "an unlisted turn played",
                    );
                }
                Ok(_) => {}
            }
        }
    }
}

/// Walks one setup; returns its coverage and findings.
pub fn walk(
    run: &Run,
    family: Family,
    label: &str,
    setup: &Setup,
    depth: usize,
) -> (Coverage, Vec<ExhaustFinding>) {
    let started = Instant::now();
    let mut walk = Walk {
        run,
        family,
        label,
        setup,
        merge: merge_rule(setup),
        memo: HashMap::new(),
        keys: HashSet::new(),
        coverage: Coverage::default(),
        findings: Vec::new(),
    };
    match Session::start(run.a, run.b, setup) {
        Ok(Some(session)) => {
            let o = session.observation();
            let path = Path {
                turns: Vec::new(),
                history: vec![(o.position.clone(), o.to_move)],
                passes: 0,
            };
            walk.coverage.games = walk.visit(&session, &path, depth);
        }
        Ok(None) => {}
        Err(_) => walk.diverged(Vec::new()),
    }
    walk.coverage.setups = 1;
    walk.coverage.time = started.elapsed();
    (walk.coverage, walk.findings)
}

/// Runs a scope (this shard's part of it), calling `progress` after every setup with the
/// number done and the total.
pub fn run(run: &Run, progress: &mut dyn FnMut(usize, usize)) -> ExhaustReport {
    let all = items(&run.scope);
    let mine: Vec<&(Item, usize)> = all
        .iter()
        .enumerate()
        .filter(|(i, _)| *i as u64 % run.shard.count == run.shard.index - 1)
        .map(|(_, x)| x)
        .collect();
    let mut report = ExhaustReport {
        coverage: run
            .scope
            .families
            .iter()
            .map(|&(f, reach)| (f, reach, Coverage::default()))
            .collect(),
        ..ExhaustReport::default()
    };
    let mut boards: HashSet<(usize, String)> = HashSet::new();
    for (done, &(item, entry)) in mine.iter().enumerate() {
        if report.findings.len() >= run.max_findings {
            break;
        }
        let depth = run.scope.families[*entry].1.depth;
        let (coverage, findings) = walk(run, item.family, &item.label, &item.setup, depth);
        let slot = &mut report.coverage[*entry];
        slot.2.add(&coverage);
        if boards.insert((*entry, item.label.clone())) {
            slot.2.boards += 1;
        }
        report.findings.extend(findings);
        progress(done + 1, mine.len());
    }
    report
}

// ---------------------------------------------------------------------------------------
// The command
// ---------------------------------------------------------------------------------------

/// `graphgo exhaust`: reads the arguments, runs, prints the coverage and the findings.
/// Exit status 0 when nothing is found, 1 otherwise, 2 for bad arguments.
pub fn command(
    scope: &str,
    families: &[String],
    reaches: &[String],
    shard: Option<&str>,
    out: PathBuf,
    shrink_budget: usize,
) -> std::process::ExitCode {
    use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
    use std::process::ExitCode;
    let bad = |m: String| {
        crate::errln!("graphgo exhaust: {m}");
        ExitCode::from(2)
    };
    let mut scope = match scope {
        "ci" => Scope::ci(),
        "long" => Scope::long(),
        other => return bad(format!("--scope '{other}' is not ci or long")),
    };
    if !families.is_empty() {
        let mut chosen = Vec::new();
        for f in families {
            match Family::parse(f) {
                Some(x) => chosen.push(x),
                None => {
                    return bad(format!(
                    "--families: '{f}' is not a family (graphs, lattices, spaces, mango, directed)"
                ))
                }
            }
        }
        scope.families.retain(|(f, _)| chosen.contains(f));
    }
    if !reaches.is_empty() {
        scope.families.clear();
        for r in reaches {
            match parse_reach(r) {
                Ok(x) => scope.families.push(x),
                Err(e) => return bad(e),
            }
        }
    }
    let shard = match crate::differential::shard::shard_from_env_or_flag(shard) {
        Ok(choice) => choice.shard,
        Err(e) => return bad(e),
    };
    let (a, b) = (compare::reference(), compare::engine());
    let run_settings = Run {
        scope,
        shard,
        out: Some(out.clone()),
        shrink_budget,
        max_findings: 20,
        a: &*a,
        b: &*b,
    };
    crate::errln!(
        "graphgo exhaust: {} vs {}, shard {}/{}; findings go to {}/",
        a.name(),
        b.name(),
        shard.index,
        shard.count,
        out.display()
    );
    let bar = ProgressBar::new(0);
    if std::env::var_os("CI").is_some() {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} setups {elapsed}")
            .expect("a fixed template")
            .progress_chars("=> "),
    );
    compare::quiet_panics_in_sides();
    let report = run(&run_settings, &mut |done, total| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    });
    bar.finish_and_clear();
    for line in report.lines() {
        crate::outln!("{line}");
    }
    for f in &report.findings {
        crate::outln!("FINDING in {} ({}):", f.label, f.family.name());
        for line in f.text.lines() {
            crate::outln!("  {line}");
        }
        if let Some(path) = &f.file {
            crate::outln!("  written to {}", path.display());
        }
    }
    if report.findings.is_empty() {
        crate::outln!("no divergence, no broken invariant");
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
