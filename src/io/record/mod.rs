//! The game record: a YAML or JSON file (format in `spec/FORMAT.md`) read into a
//! [`Setup`] and a list of [`Turn`]s. Every error names the field and the value.
//!
//! One file per job: this one, the record's fields, its reading into a game and its
//! writing; `input`, the caps and the reading of a file or standard input, and the record a
//! command names (a record or an SGF file, [`read_record_or_sgf`]); the equipment
//! of each family as a record writes it: `board` (graphs by builder or by name, and
//! directed boards), `mango` (MANGO's weights, threshold and scores), `space`
//! (Topological Go's go-spaces and their placements). Their items are used as
//! `record::NAME`.

use std::path::Path;
use std::sync::Arc;

use num_rational::BigRational;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::board::Board;
use crate::game::{Colour, Equipment, Options, Player, RuleId, Setup, Turn};
use crate::rational;

mod board;
mod input;
mod mango;
mod space;

pub use board::{Name, RecordBoard, RecordDigraph, RecordGraph};
pub use input::{
    input_name, is_sgf_path, is_stdin, looks_like_sgf, read_found_text_file, read_input_bytes,
    read_record_or_sgf, read_text_file, utf8_text, InputError, RecordInput, MAX_PRISONERS,
    MAX_RECORD_BYTES, MAX_TURNS, STDIN_PATH,
};
pub use mango::{RecordMango, RecordScores, RecordThreshold};
pub use space::{NamedPlacement, RecordPlacement, RecordSpace};

fn bad<T>(msg: impl Into<String>) -> Result<T, InputError> {
    Err(InputError(msg.into()))
}

/// The stones on the board before the first turn.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordSetup {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub black: Vec<Name>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub white: Vec<Name>,
}

/// `ggg3:0`: the prisoner counts P (Black's) and Q (White's).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordPrisoners {
    #[serde(default)]
    pub black: u64,
    #[serde(default)]
    pub white: u64,
}

/// An exact rational, written `"7/2"`, `3` or `6.5`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rational(pub BigRational);

impl Serialize for Rational {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        rational::serde_text::serialize(&self.0, s)
    }
}

impl<'de> Deserialize<'de> for Rational {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Rational, D::Error> {
        rational::serde_text::deserialize(d).map(Rational)
    }
}

/// A game record, as written in a file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    pub rules: String,
    pub board: RecordBoard,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<RecordSetup>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_move: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prisoners: Option<RecordPrisoners>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub komi: Option<Rational>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub options: Option<Options>,
    /// MANGO's F, T and initial scores (`rules: mango` only; `mango:EQUIP`, `mango:SETUP`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mango: Option<RecordMango>,
    #[serde(default)]
    pub moves: Vec<String>,
    /// The turns of `moves` (numbered from 1, in increasing order) that are probes: moves
    /// the rules were expected to refuse when the record was written (a conformance
    /// campaign's probes, refused by both sides), kept so that an implementation whose state
    /// a refused move changes replays as it was played. A replay gives each to the rules in
    /// its place; refused, it changes nothing and the replay goes on.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub probes: Vec<u64>,
    /// `dir:WIN`: the cycle of a lasso (rules `directed` only): the turns after `moves`,
    /// repeated forever.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cycle: Option<Vec<String>>,
}

/// A record checked against its board: ready to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub setup: Setup,
    pub turns: Vec<Turn>,
}

impl Record {
    /// Reads a record from text: JSON when `json` is true, else YAML (which also reads JSON).
    pub fn parse(text: &str, json: bool) -> Result<Record, InputError> {
        Record::from_value(read_value(text, json)?)
    }

    /// Types a record from a value read by [`read_value`], keeping the path of every field
    /// for the message (also used for the record part of a conformance vector).
    pub fn from_value(value: serde_json::Value) -> Result<Record, InputError> {
        // serde would read a list as the fields in order; the format's record is a map.
        if !value.is_object() {
            let found = match &value {
                serde_json::Value::Array(_) => "a list",
                serde_json::Value::String(_) => "text",
                serde_json::Value::Null => "nothing (an empty file?)",
                _ => "a single value",
            };
            return bad(format!(
                "not a game record: the top level must be a map of the record's fields (rules, board, moves, ...), got {found}"
            ));
        }
        serde_path_to_error::deserialize(value).map_err(|e| {
            let said =
                crate::io::input_words::field_error(&e.path().to_string(), &e.inner().to_string());
            InputError(format!("not a game record: {said}"))
        })
    }

    /// Reads a record file (`.json` as JSON, anything else as YAML; `-` is standard input).
    /// Errors start with the path (`<stdin>` for `-`).
    pub fn load(path: &Path) -> Result<Record, InputError> {
        let (text, json) = read_text_file(path, MAX_RECORD_BYTES, "record")?;
        Record::parse(&text, json).map_err(|e| InputError(format!("{}: {e}", input_name(path))))
    }

    /// Checks the record against its board and rules and gives the setup and the turns.
    pub fn game(&self) -> Result<Game, InputError> {
        let rules = RuleId::parse(&self.rules).ok_or_else(|| {
            InputError(format!(
                "field 'rules': unknown rule set '{}' (expected ggg1, ggg2, ggg3, topo-primitive, topo-stones, mango or directed)",
                self.rules
            ))
        })?;
        let (board, equipment) = if rules == RuleId::Directed {
            let (board, arcs) = self.board.build_directed()?;
            (board, Equipment::Arcs(Arc::new(arcs)))
        } else if self.board.is_directed() {
            return bad(format!(
                "field 'board': a directed board needs rules: directed (not {})",
                rules.name()
            ));
        } else {
            match &self.board {
                RecordBoard::Space(space) => {
                    let (board, space) = space.build()?;
                    (board, Equipment::Space(Arc::new(space)))
                }
                other => (other.build()?, Equipment::Graph),
            }
        };
        space::check_topological(rules, &equipment, self.options.as_ref())?;
        let mut initial = vec![Colour::Empty; board.len()];
        if let Some(setup) = &self.setup {
            for (field, list, colour) in [
                ("black", &setup.black, Colour::Black),
                ("white", &setup.white, Colour::White),
            ] {
                for name in list {
                    let v = board.vertex(&name.0).ok_or_else(|| {
                        InputError(format!(
                            "field 'setup.{field}': no vertex named '{}' on this board",
                            name.0
                        ))
                    })?;
                    if initial[v] != Colour::Empty {
                        return bad(format!(
                            "field 'setup.{field}': vertex '{}' is listed twice",
                            name.0
                        ));
                    }
                    initial[v] = colour;
                }
            }
        }
        let to_move = match self.to_move.as_deref() {
            None | Some("black") | Some("Black") | Some("B") | Some("b") => Player::Black,
            Some("white") | Some("White") | Some("W") | Some("w") => Player::White,
            Some(other) => return bad(format!("field 'to_move': '{other}' is not black or white")),
        };
        // dir:TURNS has Black first, with no note allowing otherwise; the first move's worth
        // is settled by dir:KOMI's divide-and-choose (spec/ambiguities.md, reading 13).
        if rules == RuleId::Directed && to_move == Player::White {
            return bad(
                "field 'to_move': 'white': under rules: directed Black always moves first (dir:TURNS); \
                 who plays Black is chosen under dir:KOMI",
            );
        }
        let prisoners = match (self.prisoners, rules) {
            (None, _) => [0, 0],
            (Some(p), RuleId::Ggg3) => {
                for (field, n) in [("black", p.black), ("white", p.white)] {
                    if n > MAX_PRISONERS {
                        return bad(format!(
                            "field 'prisoners.{field}': {n} is over the cap of {MAX_PRISONERS} prisoners"
                        ));
                    }
                }
                [p.black, p.white]
            }
            (Some(_), r) => {
                return bad(format!(
                    "field 'prisoners': rules {} keep no prisoners (only ggg3 does)",
                    r.name()
                ))
            }
        };
        let komi = match (&self.komi, rules) {
            (None, _) => BigRational::from_integer(0.into()),
            (Some(k), RuleId::Ggg1 | RuleId::Directed | RuleId::TopoStones) => k.0.clone(),
            (Some(k), RuleId::Mango) => {
                return bad(format!(
                    "field 'komi': '{}': MANGO has no komi; give White's initial score as mango.scores.white",
                    rational::format(&k.0)
                ))
            }
            (Some(k), r) => {
                return bad(format!(
                "field 'komi': '{}' has no effect under {} (it has no score; only ggg1, topo-stones and directed take komi)",
                rational::format(&k.0),
                r.name()
            ))
            }
        };
        if self.moves.len() > MAX_TURNS {
            return bad(format!(
                "field 'moves': {} turns is over the cap of {MAX_TURNS} turns",
                self.moves.len()
            ));
        }
        let turns = self
            .moves
            .iter()
            .enumerate()
            .map(|(i, t)| {
                parse_turn(&board, &equipment, t)
                    .map_err(|e| InputError(format!("field 'moves[{i}]': {e}")))
            })
            .collect::<Result<Vec<Turn>, InputError>>()?;
        self.probe_turns()?;
        let equipment = match (&self.mango, rules) {
            (None, RuleId::Mango) => {
                Equipment::Weights(Arc::new(RecordMango::default().weights(&board)?))
            }
            (Some(m), RuleId::Mango) => Equipment::Weights(Arc::new(m.weights(&board)?)),
            (Some(_), r) => {
                return bad(format!(
                    "field 'mango': rules {} have no weights (only rules: mango does)",
                    r.name()
                ))
            }
            (None, _) => equipment,
        };
        if let Some(o) = self.options.filter(|o| {
            o.ko_pass != crate::game::KoPass::Clears
                && o.repetition != crate::game::Repetition::KoPoint
        }) {
            return bad(format!(
                "field 'options.ko_pass': 'keeps' is read under repetition: ko-point only, not under repetition: {}",
                o.repetition.word()
            ));
        }
        if rules == RuleId::Mango && self.options.is_some_and(|o| o != Options::default()) {
            return bad(
                "field 'options': MANGO has no options (the readings and variants are General Graph Go's)",
            );
        }
        if let (Some(_), r) = (&self.cycle, rules) {
            if r != RuleId::Directed {
                return bad(format!(
                    "field 'cycle': rules {} have no infinite plays (only directed does)",
                    r.name()
                ));
            }
        }
        let setup = Setup {
            rules,
            board: Arc::new(board),
            initial,
            to_move,
            prisoners,
            komi,
            options: self.options.unwrap_or_default(),
            equipment,
        };
        Ok(Game { setup, turns })
    }

    /// `dir:WIN`: the cycle of a lasso, read against the game's board: `None` when the record
    /// has no `cycle` field. Errors name `cycle[i]` and the value.
    pub fn cycle_turns(&self, game: &Game) -> Result<Option<Vec<Turn>>, InputError> {
        let board = &game.setup.board;
        let rules = game.setup.rules;
        let cycle = match (&self.cycle, rules) {
            (None, _) => None,
            (Some(c), RuleId::Directed) => {
                if c.is_empty() {
                    return bad("field 'cycle': a lasso's cycle needs at least one turn");
                }
                if c.len() + self.moves.len() > MAX_TURNS {
                    return bad(format!(
                        "field 'cycle': {} turns is over the cap of {MAX_TURNS} turns",
                        c.len() + self.moves.len()
                    ));
                }
                Some(
                    c.iter()
                        .enumerate()
                        .map(|(i, t)| {
                            Turn::parse(t, board)
                                .map_err(|e| InputError(format!("field 'cycle[{i}]': {e}")))
                        })
                        .collect::<Result<Vec<Turn>, InputError>>()?,
                )
            }
            (Some(_), r) => {
                return bad(format!(
                    "field 'cycle': rules {} have no infinite plays (only directed does)",
                    r.name()
                ))
            }
        };
        Ok(cycle)
    }

    /// The turns of `moves` that are probes (`probes`), as indices from 0, checked: each
    /// names a turn of `moves`, in increasing order, each once. Errors name `probes[i]`
    /// and the value.
    pub fn probe_turns(&self) -> Result<Vec<usize>, InputError> {
        let mut out: Vec<usize> = Vec::with_capacity(self.probes.len());
        for (i, &n) in self.probes.iter().enumerate() {
            let len = self.moves.len();
            if n == 0 || n > len as u64 {
                return bad(if len == 0 {
                    format!("field 'probes[{i}]': {n} is not a turn of 'moves' (the record has no moves)")
                } else {
                    format!(
                        "field 'probes[{i}]': {n} is not a turn of 'moves' (its turns are numbered 1 to {len})"
                    )
                });
            }
            let at = (n - 1) as usize;
            if let Some(&last) = out.last() {
                if at <= last {
                    return bad(format!(
                        "field 'probes[{i}]': {n} comes after {} (the probes are listed in increasing order, each once)",
                        last + 1
                    ));
                }
            }
            out.push(at);
        }
        Ok(out)
    }

    /// The record of a setup and turns (the board written explicitly), e.g. a shrunk case.
    pub fn from_game(setup: &Setup, turns: &[Turn]) -> Record {
        Record::from_game_with_probes(setup, turns, &[])
    }

    /// [`Record::from_game`], the turns at `probes` (indices from 0 into `turns`) written as
    /// the record's `probes`: moves both sides refused where the game was played.
    pub fn from_game_with_probes(setup: &Setup, turns: &[Turn], probes: &[usize]) -> Record {
        let board = &setup.board;
        let listed = |c: Colour| -> Vec<Name> {
            (0..board.len())
                .filter(|&v| setup.initial[v] == c)
                .map(|v| Name(board.name(v).to_string()))
                .collect()
        };
        let stones = RecordSetup {
            black: listed(Colour::Black),
            white: listed(Colour::White),
        };
        let zero = BigRational::from_integer(0.into());
        let (written, turn_names) = match &setup.equipment {
            Equipment::Space(space) => (
                RecordBoard::Space(RecordSpace::explicit(board, space)),
                space.placement_names(),
            ),
            _ => (RecordBoard::explicit(board), &**board),
        };
        Record {
            rules: setup.rules.name().to_string(),
            board: match &setup.equipment {
                Equipment::Arcs(arcs) => RecordBoard::explicit_directed(board, arcs),
                _ => written,
            },
            setup: (stones != RecordSetup::default()).then_some(stones),
            to_move: (setup.to_move == Player::White).then(|| "white".to_string()),
            prisoners: (setup.rules == RuleId::Ggg3).then_some(RecordPrisoners {
                black: setup.prisoners[0],
                white: setup.prisoners[1],
            }),
            komi: (setup.komi != zero).then(|| Rational(setup.komi.clone())),
            options: (setup.options != Options::default()).then_some(setup.options),
            mango: match &setup.equipment {
                Equipment::Weights(w) => Some(RecordMango::of(board, w)),
                _ => None,
            },
            moves: turns.iter().map(|t| t.text(turn_names)).collect(),
            probes: probes
                .iter()
                .filter(|&&i| i < turns.len())
                .map(|&i| i as u64 + 1)
                .collect(),
            cycle: None,
        }
    }

    /// The record as YAML text (maps, not YAML tags, for the board: the form people write).
    pub fn to_yaml(&self) -> String {
        let value = serde_json::to_value(self).expect("a record always serialises");
        serde_norway::to_string(&value).expect("a JSON value always serialises")
    }
}

/// Reads one turn as a record writes it, against the board and equipment of a game: on a
/// go-space a placement by its name or its points joined with `+`, elsewhere
/// [`Turn::parse`] (for callers that take turns one at a time, as the Python package does).
pub fn parse_turn(board: &Board, equipment: &Equipment, text: &str) -> Result<Turn, String> {
    match equipment {
        Equipment::Space(space) => space::parse_space_turn(text, board, space),
        _ => Turn::parse(text, board),
    }
}

/// Reads YAML or JSON text into a JSON value: JSON when `json` is true, else YAML (which
/// also reads JSON). YAML is read into a JSON value first (serde_norway reads enums only
/// from YAML tags, and records write `board: {grid: [5, 5]}`); a non-finite number, a tag
/// or a non-text key is an error naming its field.
///
/// Before either parser runs, the text's nesting is checked by a linear scan
/// ([`crate::io::input_scan`]), and a UTF-8 byte-order mark at its start is dropped.
pub fn read_value(text: &str, json: bool) -> Result<serde_json::Value, InputError> {
    use crate::io::input_scan::{check_json_nesting, check_yaml_nesting, strip_bom};
    let text = strip_bom(text);
    if json {
        check_json_nesting(text).map_err(|e| InputError(format!("not valid JSON: {e}")))?;
        crate::io::input_words::read_json(text)
            .map_err(|e| InputError(format!("not valid JSON: {e}")))
    } else {
        check_yaml_nesting(text).map_err(|e| InputError(format!("not valid YAML: {e}")))?;
        let yaml: serde_norway::Value = serde_norway::from_str(text).map_err(|e| {
            InputError(format!(
                "not valid YAML: {}",
                crate::io::input_words::yaml_error(&e, text)
            ))
        })?;
        yaml_to_json(yaml, "")
    }
}

/// A YAML value as a JSON value; a non-finite number (`.nan`, `.inf`), a tagged value or a
/// non-text key is an error naming its field.
fn yaml_to_json(yaml: serde_norway::Value, path: &str) -> Result<serde_json::Value, InputError> {
    use serde_norway::Value as Y;
    let at = |path: &str| {
        if path.is_empty() {
            "the top level".to_string()
        } else {
            format!("field '{path}'")
        }
    };
    Ok(match yaml {
        Y::Null => serde_json::Value::Null,
        Y::Bool(b) => serde_json::Value::Bool(b),
        Y::String(s) => serde_json::Value::String(s),
        Y::Number(n) => {
            if let Some(i) = n.as_i64() {
                i.into()
            } else if let Some(u) = n.as_u64() {
                u.into()
            } else {
                let f = n.as_f64().unwrap_or(f64::NAN);
                match serde_json::Number::from_f64(f) {
                    Some(x) => serde_json::Value::Number(x),
                    None => return bad(format!("{}: '{n}' is not an exact number", at(path))),
                }
            }
        }
        Y::Sequence(items) => serde_json::Value::Array(
            items
                .into_iter()
                .enumerate()
                .map(|(i, v)| yaml_to_json(v, &format!("{path}[{i}]")))
                .collect::<Result<_, _>>()?,
        ),
        Y::Mapping(map) => {
            let mut out = serde_json::Map::new();
            for (k, v) in map {
                let key = match k {
                    Y::String(s) => s,
                    Y::Number(n) => n.to_string(),
                    Y::Bool(b) => b.to_string(),
                    other => {
                        return bad(format!(
                            "{}: a key is {}, not text (keys are field names)",
                            at(path),
                            crate::io::input_words::yaml_kind(&other)
                        ))
                    }
                };
                let inner = if path.is_empty() {
                    key.clone()
                } else {
                    format!("{path}.{key}")
                };
                out.insert(key, yaml_to_json(v, &inner)?);
            }
            serde_json::Value::Object(out)
        }
        Y::Tagged(t) => {
            return bad(format!(
                "{}: YAML tags ({}) are not part of the format",
                at(path),
                t.tag
            ))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(text: &str) -> Result<Game, InputError> {
        Record::parse(text, false)?.game()
    }

    #[test]
    fn reads_the_issue_example() {
        let g = game(
            "rules: ggg1\nboard: {grid: [5, 5]}\nsetup: {black: [1-1], white: [2-2]}\nto_move: black\n\
             komi: \"7/2\"\noptions: {neutral: none}\nmoves: [\"B 3-3\", \"W 3-4\", \"B pass\", \"W resign\"]\n",
        )
        .unwrap();
        assert_eq!(g.turns.len(), 4);
        assert_eq!(g.setup.initial[0], Colour::Black);
        assert_eq!(g.setup.initial[6], Colour::White);
        assert_eq!(rational::format(&g.setup.komi), "7/2");
        assert_eq!(g.setup.options.neutral, crate::game::Neutral::None);
    }

    #[test]
    fn json_and_integer_names() {
        let g = Record::parse(
            r#"{"rules": "ggg2", "board": {"graph": {"vertices": [1, "b"], "edges": [[1, "b"]]}}, "moves": ["B 1"]}"#,
            true,
        )
        .unwrap()
        .game()
        .unwrap();
        assert_eq!(g.setup.board.edge_count(), 1);
        assert_eq!(
            g.turns[0],
            Turn::Move {
                player: Player::Black,
                at: 0
            }
        );
    }

    #[test]
    fn yaml_float_komi_is_its_decimal() {
        let g = game("rules: ggg1\nboard: {path: 3}\nkomi: 6.5\n").unwrap();
        assert_eq!(rational::format(&g.setup.komi), "13/2");
    }

    #[test]
    fn errors_name_field_and_value() {
        let cases = [
            ("rules: ggg9\nboard: {path: 3}\n", "'ggg9'"),
            (
                "rules: ggg1\nboard: {path: 3}\nsetup: {black: [7]}\n",
                "setup.black",
            ),
            (
                "rules: ggg1\nboard: {path: 3}\nsetup: {black: [1], white: [1]}\n",
                "listed twice",
            ),
            (
                "rules: ggg1\nboard: {path: 3}\nmoves: [\"B 9\"]\n",
                "moves[0]",
            ),
            (
                "rules: ggg1\nboard: {path: 3}\nmoves: [\"X 1\"]\n",
                "'X' is not a player",
            ),
            (
                "rules: ggg1\nboard: {path: 3}\nprisoners: {black: 1}\n",
                "only ggg3",
            ),
            ("rules: ggg2\nboard: {path: 3}\nkomi: 1\n", "field 'komi'"),
            (
                "rules: ggg1\nboard: {path: 3}\nkomi: \"1/0\"\n",
                "divides by zero",
            ),
            (
                "rules: ggg1\nboard: {path: 3}\nkomi: .nan\n",
                "field 'komi': '.nan' is not an exact number",
            ),
            (
                "rules: ggg1\nboard: {path: 3}\nkomi: .inf\n",
                "field 'komi'",
            ),
            ("rules: ggg1\nboard: {grid: [3000, 3000]}\n", "cap of"),
            ("rules: ggg1\nboard: {grid: [3, -1]}\n", "board"),
            ("rules: ggg1\nboard: {hexagon: 3}\n", "hexagon"),
            ("rules: ggg1\nboard: {path: 3}\nto_move: red\n", "'red'"),
            ("rules: ggg1\nboard: {path: 3}\ncolour: red\n", "colour"),
            (
                "rules: ggg1\nboard: {graph: {vertices: [a], edges: [[a, z]]}}\n",
                "unknown vertex 'z'",
            ),
            (
                "rules: ggg1\nboard: {path: 3}\noptions: {neutral: maybe}\n",
                "maybe",
            ),
        ];
        for (text, needle) in cases {
            let e = game(text).unwrap_err();
            assert!(
                e.0.contains(needle),
                "{text:?}: message {e:?} lacks {needle:?}"
            );
        }
    }

    #[test]
    fn writes_back_what_it_reads() {
        let g = game("rules: ggg3\nboard: {cycle: 4}\nsetup: {white: [2]}\nprisoners: {black: 1, white: 0}\nmoves: [\"B 1\", \"W pass\"]\n");
        // W has no prisoners: still a well-formed record (the pass is refused in play, not here).
        let g = g.unwrap();
        let text = Record::from_game(&g.setup, &g.turns).to_yaml();
        let again = Record::parse(&text, false).unwrap().game().unwrap();
        assert_eq!(again.setup.initial, g.setup.initial);
        assert_eq!(again.setup.prisoners, [1, 0]);
        assert_eq!(again.turns, g.turns);
    }
}
