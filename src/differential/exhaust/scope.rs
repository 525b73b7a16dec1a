//! What a run of `graphgo exhaust` covers: the families walked ([`Family`]), how far each
//! is walked ([`Reach`], `--reach`), the scopes of CI and of the longer run ([`Scope`]),
//! every rule setup a graph is played under ([`graph_rule_setups`]), and the items of a
//! run, in the fixed order the shards split ([`items`]).

use std::sync::Arc;

use num_rational::BigRational;

use super::enumerate::{
    digraphs_up_to_isomorphism, go_spaces_up_to_relabelling, graphs_up_to_isomorphism,
};
use crate::board::digraph::Digraph;
use crate::board::space::{EmptyString, GoSpace, PlacementInput, Points};
use crate::board::weights::{Threshold, Weights};
use crate::board::Board;
use crate::game::{
    Equipment, Neutral, NoMove, Options, Repetition, RepetitionEnd, RuleId, SelfCapture, Setup,
};

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
/// rules, and `ggg1` with KataGo's end of a long cycle (`repetition_end:
/// third-situation-no-result`) under the two repetition rules that let a situation come back
/// (`simple`, `none`): 90 in all. An option a version never reads (the scoring of neutral
/// groups under `ggg2` and `ggg3`, which are not scored; `no_move` outside `ggg3`) is left
/// at its default.
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
            if matches!(repetition, Repetition::Simple | Repetition::None) {
                let options = Options {
                    repetition_end: RepetitionEnd::ThirdSituationNoResult,
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
