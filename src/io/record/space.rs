//! Topological Go's equipment as a record writes it (`topo:D1`): a finite go-space (its
//! topology by open sets, a base or a subbase, or the go-space of a graph) and its
//! placements; a turn's placement read by name; the options the topological rules take.

use serde::{Deserialize, Serialize};

use super::{bad, InputError, Name, RecordBoard};
use crate::board::space::{
    EmptyString, Generators, GoSpace, PlacementInput, MAX_GENERATORS, MAX_PLACEMENTS, MAX_POINTS,
};
use crate::board::Board;
use crate::game::{Equipment, Options, RuleId, Turn};

/// A placement as a record writes it: its points (`[a, b]`, named `a+b`), or a name and
/// its points (`{name: ab, points: [a, b]}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum RecordPlacement {
    Points(Vec<Name>),
    Named(NamedPlacement),
}

/// A placement with a name of its own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NamedPlacement {
    pub name: Name,
    pub points: Vec<Name>,
}

/// `board: {space: ...}`: a finite go-space (`topo:D1`). Either `points`, exactly one of
/// `opens`, `base` or `subbase`, and `placements`; or `of`, a graph board whose go-space
/// (`topo:EX2`) is meant.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordSpace {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub points: Vec<Name>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opens: Option<Vec<Vec<Name>>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base: Option<Vec<Vec<Name>>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subbase: Option<Vec<Vec<Name>>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub placements: Vec<RecordPlacement>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub of: Option<Box<RecordBoard>>,
    /// Reading 11: the string of a stone in no go-connected set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub empty_string: Option<EmptyString>,
}

impl RecordSpace {
    /// Builds and checks the go-space and its board (the points, joined when comparable in
    /// the specialisation preorder). Errors name the field and the offending sets.
    pub fn build(&self) -> Result<(Board, GoSpace), InputError> {
        let at = |e: String| InputError(format!("field 'board.space': {e}"));
        if let Some(graph) = &self.of {
            let written = self.points.len()
                + self.placements.len()
                + [&self.opens, &self.base, &self.subbase]
                    .iter()
                    .filter(|s| s.is_some())
                    .count();
            if written > 0 {
                return bad("field 'board.space.of': the go-space of a graph takes no 'points', 'opens', 'base', 'subbase' or 'placements'");
            }
            if matches!(**graph, RecordBoard::Space(_)) {
                return bad("field 'board.space.of': a graph board, not another space");
            }
            let graph = graph.build().map_err(|e| {
                InputError(e.0.replacen("field 'board'", "field 'board.space.of'", 1))
            })?;
            let (board, space) = GoSpace::of_graph(&graph).map_err(|e| at(e.0))?;
            return Ok((
                board,
                space.with_empty_string(self.empty_string.unwrap_or_default()),
            ));
        }
        let given: Vec<(Generators, &Vec<Vec<Name>>)> = [
            (Generators::Opens, &self.opens),
            (Generators::Base, &self.base),
            (Generators::Subbase, &self.subbase),
        ]
        .into_iter()
        .filter_map(|(k, s)| s.as_ref().map(|s| (k, s)))
        .collect();
        let (kind, sets) = match given.as_slice() {
            [one] => *one,
            [] => return bad("field 'board.space': give the topology as one of 'opens', 'base' or 'subbase' (or the space 'of' a graph)"),
            _ => return bad("field 'board.space': give only one of 'opens', 'base' and 'subbase'"),
        };
        if self.points.len() > MAX_POINTS {
            return bad(format!(
                "field 'board.space.points': {} points is over the cap of {MAX_POINTS} points per space",
                self.points.len()
            ));
        }
        if sets.len() > MAX_GENERATORS {
            return bad(format!(
                "field 'board.space.{}': {} sets is over the cap of {MAX_GENERATORS} sets",
                kind.field(),
                sets.len()
            ));
        }
        if self.placements.len() > MAX_PLACEMENTS {
            return bad(format!(
                "field 'board.space.placements': {} placements is over the cap of {MAX_PLACEMENTS}",
                self.placements.len()
            ));
        }
        let names: Vec<String> = self.points.iter().map(|n| n.0.clone()).collect();
        let points =
            Board::from_edges::<&str>(&names.iter().map(String::as_str).collect::<Vec<_>>(), &[])
                .map_err(|e| InputError(format!("field 'board.space.points': {e}")))?;
        let resolve = |field: String, list: &[Name]| -> Result<Vec<usize>, InputError> {
            list.iter()
                .map(|n| {
                    points.vertex(&n.0).ok_or_else(|| {
                        InputError(format!("field '{field}': no point named '{}'", n.0))
                    })
                })
                .collect()
        };
        let sets = sets
            .iter()
            .enumerate()
            .map(|(i, s)| resolve(format!("board.space.{}[{i}]", kind.field()), s))
            .collect::<Result<Vec<_>, _>>()?;
        let placements = self
            .placements
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let field = format!("board.space.placements[{i}]");
                Ok(match p {
                    RecordPlacement::Points(list) => PlacementInput {
                        name: None,
                        points: resolve(field, list)?,
                    },
                    RecordPlacement::Named(named) => PlacementInput {
                        name: Some(named.name.0.clone()),
                        points: resolve(format!("{field}.points"), &named.points)?,
                    },
                })
            })
            .collect::<Result<Vec<_>, InputError>>()?;
        let space = GoSpace::new(&names, kind, &sets, &placements).map_err(|e| at(e.0))?;
        let board = space.board(&names).map_err(|e| at(e.0))?;
        Ok((
            board,
            space.with_empty_string(self.empty_string.unwrap_or_default()),
        ))
    }

    /// The explicit form of a go-space: its points, the smallest base (the smallest open
    /// set around each point, each once) and its placements (named where the name is not
    /// the points joined with `+`).
    pub fn explicit(board: &Board, space: &GoSpace) -> RecordSpace {
        let name = |x: usize| Name(board.name(x).to_string());
        let mut base: Vec<Vec<Name>> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for x in 0..space.points() {
            let nx = space.neighbourhood(x);
            if seen.insert(nx.clone()) {
                base.push(nx.iter().map(|&y| name(y)).collect());
            }
        }
        let placements = space
            .placements()
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let points: Vec<Name> = p.iter().map(|&x| name(x)).collect();
                let default: Vec<&str> = points.iter().map(|n| n.0.as_str()).collect();
                if default.join("+") == space.placement_name(i) {
                    RecordPlacement::Points(points)
                } else {
                    RecordPlacement::Named(NamedPlacement {
                        name: Name(space.placement_name(i).to_string()),
                        points,
                    })
                }
            })
            .collect();
        RecordSpace {
            points: (0..board.len()).map(name).collect(),
            base: Some(base),
            placements,
            empty_string: (space.empty_string() != EmptyString::default())
                .then_some(space.empty_string()),
            ..RecordSpace::default()
        }
    }
}

/// A turn on a go-space: `B s` names a placement by its name, or by its points joined with
/// `+` in any order (`B b+a`).
pub(super) fn parse_space_turn(
    text: &str,
    points: &Board,
    space: &GoSpace,
) -> Result<Turn, String> {
    match Turn::parse(text, space.placement_names()) {
        Ok(turn) => Ok(turn),
        Err(e) => {
            let words: Vec<&str> = text.split_whitespace().collect();
            let (Some(who), Some(what), 2) = (words.first(), words.get(1), words.len()) else {
                return Err(e);
            };
            let player = match Turn::parse(&format!("{who} pass"), space.placement_names()) {
                Ok(t) => t.player(),
                Err(_) => return Err(e),
            };
            match space.placement_named(points, what) {
                Some(at) => Ok(Turn::Move { player, at }),
                None => Err(format!(
                    "turn '{text}': no placement named '{what}' in S (a placement is named by its 'name', or by its points joined with '+')"
                )),
            }
        }
    }
}

/// Topological Go is played on a go-space, and a go-space under Topological Go; its rules
/// read only the `repetition` option.
pub(super) fn check_topological(
    rules: RuleId,
    equipment: &Equipment,
    options: Option<&Options>,
) -> Result<(), InputError> {
    let topological = matches!(rules, RuleId::TopoPrimitive | RuleId::TopoStones);
    match (topological, equipment) {
        (true, Equipment::Space(_)) => {}
        (true, _) => {
            return bad(format!(
                "field 'board': rules {} are played on a go-space (board: {{space: ...}})",
                rules.name()
            ))
        }
        (false, Equipment::Space(_)) => {
            return bad(format!(
            "field 'board.space': a go-space is played under topo-primitive or topo-stones, not {}",
            rules.name()
        ))
        }
        (false, _) => {}
    }
    if let (true, Some(o)) = (topological, options) {
        let d = Options::default();
        for (field, differs) in [
            ("neutral", o.neutral != d.neutral),
            ("no_move", o.no_move != d.no_move),
            ("self_capture", o.self_capture != d.self_capture),
            ("ko_pass", o.ko_pass != d.ko_pass),
            ("repetition_end", o.repetition_end != d.repetition_end),
        ] {
            if differs {
                return bad(format!(
                    "field 'options.{field}': the rules {} do not read it (only 'repetition')",
                    rules.name()
                ));
            }
        }
        if let Some(option) = o.graph_go_only() {
            return bad(format!(
                "field 'options.repetition': '{}' is General Graph Go's; the rules {} read positional, situational, simple or none ({option})",
                o.repetition.word(),
                rules.name()
            ));
        }
    }
    Ok(())
}
