//! The game record: a YAML or JSON file (format in `spec/FORMAT.md`) read into a
//! [`Setup`] and a list of [`Turn`]s. Every error names the field and the value.

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;
use std::sync::Arc;

use num_rational::BigRational;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::board::digraph::Digraph;
use crate::board::space::{
    EmptyString, Generators, GoSpace, PlacementInput, MAX_GENERATORS, MAX_PLACEMENTS, MAX_POINTS,
};
use crate::board::weights::{Threshold, Weights};
use crate::board::Board;
use crate::game::{Colour, Equipment, Options, Player, RuleId, Setup, Turn};
use crate::rational;

/// The largest record file read (a documented cap).
pub const MAX_RECORD_BYTES: u64 = 64 * 1024 * 1024;
/// The most turns a record may hold (a documented cap).
pub const MAX_TURNS: usize = 1_000_000;
/// The most prisoners a record may give either player (a documented cap). A game adds at
/// most `MAX_VERTICES` prisoners a turn for at most `MAX_TURNS` turns, so counts that start
/// below this cap never overflow a `u64` (`ggg3:2` adds to P and Q without bound).
pub const MAX_PRISONERS: u64 = 1_000_000_000_000_000_000;

/// A bad input: the message says which field and which value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError(pub String);

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for InputError {}

fn bad<T>(msg: impl Into<String>) -> Result<T, InputError> {
    Err(InputError(msg.into()))
}

/// The name that stands for standard input where a record file is expected
/// (`graphgo play -`).
pub const STDIN_PATH: &str = "-";

/// Whether `path` is `-`, standard input.
pub fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == STDIN_PATH
}

/// How messages name an input: its path, or `<stdin>` for `-`.
pub fn input_name(path: &Path) -> String {
    if is_stdin(path) {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

/// The bytes of an input of at most `cap` bytes: the file at `path`, or standard input for
/// `-` (read to its end, refused once it passes the cap, so an endless pipe costs at most
/// `cap` bytes). Errors start with the input's name ([`input_name`]).
pub fn read_input_bytes(path: &Path, cap: u64, what: &str) -> Result<Vec<u8>, InputError> {
    use std::io::Read;
    let shown = input_name(path);
    if is_stdin(path) {
        let mut bytes = Vec::new();
        std::io::stdin()
            .lock()
            .take(cap.saturating_add(1))
            .read_to_end(&mut bytes)
            .map_err(|e| InputError(format!("{shown}: cannot read: {e}")))?;
        if bytes.len() as u64 > cap {
            return bad(format!(
                "{shown}: more than {cap} bytes is over the cap of {cap} bytes per {what}"
            ));
        }
        return Ok(bytes);
    }
    let meta =
        std::fs::metadata(path).map_err(|e| InputError(format!("{shown}: cannot read: {e}")))?;
    if meta.len() > cap {
        return bad(format!(
            "{shown}: {} bytes is over the cap of {cap} bytes per {what}",
            meta.len()
        ));
    }
    std::fs::read(path).map_err(|e| InputError(format!("{shown}: cannot read: {e}")))
}

/// `bytes` as UTF-8 text, or a message naming the input and the first byte that is not.
pub fn utf8_text(bytes: Vec<u8>, shown: &str) -> Result<String, InputError> {
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        InputError(format!(
            "{shown}: not UTF-8 text (byte {:#04x} at offset {at})",
            e.as_bytes()[at]
        ))
    })
}

/// The text of an input file of at most `cap` bytes, and whether it is JSON (by its `.json`
/// extension; anything else, standard input included, is YAML, which reads JSON too): the
/// one reader of records and vectors. `-` is standard input. Errors start with the input's
/// name and say what is wrong in the file's terms (too large for a `what`, not UTF-8 and
/// where).
pub fn read_text_file(path: &Path, cap: u64, what: &str) -> Result<(String, bool), InputError> {
    let text = utf8_text(read_input_bytes(path, cap, what)?, &input_name(path))?;
    let json = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"));
    Ok((text, json))
}

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
pub struct GraphSpec {
    pub vertices: Vec<Name>,
    #[serde(default)]
    pub edges: Vec<[Name; 2]>,
}

/// How a record describes its board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase", deny_unknown_fields)]
pub enum BoardSpec {
    Grid([usize; 2]),
    Torus([usize; 2]),
    Cylinder([usize; 2]),
    Moebius([usize; 2]),
    Klein([usize; 2]),
    Cube([usize; 3]),
    Path(usize),
    Cycle(usize),
    Complete(usize),
    Graph(GraphSpec),
    /// `dir:INTRO`: an explicit directed board (rules `directed` only).
    Digraph(DigraphSpec),
    /// `dir:INTRO`: the directed cycle 1 -> 2 -> … -> n -> 1 (rules `directed` only).
    #[serde(rename = "directed_cycle")]
    DirectedCycle(usize),
    /// `dir:INTRO`: a grid whose arcs all point right or up (rules `directed` only).
    #[serde(rename = "one_way_grid")]
    OneWayGrid([usize; 2]),
    /// Topological Go: a finite go-space (`topo:D1`), its points are the board's vertices.
    Space(SpaceSpec),
}

/// An explicit directed board: named points and arcs `[tail, head]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DigraphSpec {
    pub vertices: Vec<Name>,
    #[serde(default)]
    pub arcs: Vec<[Name; 2]>,
}

impl BoardSpec {
    /// Builds the board, or says why not (naming the builder and its values).
    pub fn build(&self) -> Result<Board, InputError> {
        if self.is_directed() {
            return self.build_directed().map(|(board, _)| board);
        }
        let built = match self {
            BoardSpec::Grid([w, h]) => Board::grid(*w, *h),
            BoardSpec::Torus([w, h]) => Board::torus(*w, *h),
            BoardSpec::Cylinder([w, h]) => Board::cylinder(*w, *h),
            BoardSpec::Moebius([w, h]) => Board::moebius(*w, *h),
            BoardSpec::Klein([w, h]) => Board::klein(*w, *h),
            BoardSpec::Cube([x, y, z]) => Board::cube(*x, *y, *z),
            BoardSpec::Path(n) => Board::path(*n),
            BoardSpec::Cycle(n) => Board::cycle(*n),
            BoardSpec::Complete(n) => Board::complete(*n),
            BoardSpec::Graph(g) => {
                let vertices: Vec<&str> = g.vertices.iter().map(|n| n.0.as_str()).collect();
                let edges: Vec<(&str, &str)> = g
                    .edges
                    .iter()
                    .map(|[a, b]| (a.0.as_str(), b.0.as_str()))
                    .collect();
                Board::from_edges(&vertices, &edges)
            }
            BoardSpec::Digraph(_) | BoardSpec::DirectedCycle(_) | BoardSpec::OneWayGrid(_) => {
                unreachable!("directed boards are built above")
            }
            BoardSpec::Space(space) => return space.build().map(|(board, _)| board),
        };
        built.map_err(|e| InputError(format!("field 'board': {e}")))
    }

    /// True for the builders that give arcs (`digraph`, `directed_cycle`, `one_way_grid`).
    pub fn is_directed(&self) -> bool {
        matches!(
            self,
            BoardSpec::Digraph(_) | BoardSpec::DirectedCycle(_) | BoardSpec::OneWayGrid(_)
        )
    }

    /// `dir:INTRO`: the board of names (with the underlying undirected graph) and the arcs.
    /// An undirected builder is read as the symmetric digraph (an arc each way along every
    /// edge). Loops and arcs given twice are refused, naming the arc.
    pub fn build_directed(&self) -> Result<(Board, Digraph), InputError> {
        let at = |e: crate::board::BoardError| InputError(format!("field 'board': {e}"));
        match self {
            BoardSpec::Digraph(g) => {
                let vertices: Vec<&str> = g.vertices.iter().map(|n| n.0.as_str()).collect();
                let arcs: Vec<(&str, &str)> = g
                    .arcs
                    .iter()
                    .map(|[a, b]| (a.0.as_str(), b.0.as_str()))
                    .collect();
                Digraph::from_arcs(&vertices, &arcs)
                    .map_err(|e| InputError(format!("field 'board.digraph': {e}")))
            }
            BoardSpec::DirectedCycle(n) => Digraph::directed_cycle(*n)
                .map_err(|e| InputError(format!("field 'board.directed_cycle': {e}"))),
            BoardSpec::OneWayGrid([w, h]) => Digraph::one_way_grid(*w, *h)
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
    pub fn explicit_directed(board: &Board, arcs: &Digraph) -> BoardSpec {
        let name = |v: usize| Name(board.name(v).to_string());
        BoardSpec::Digraph(DigraphSpec {
            vertices: (0..board.len()).map(name).collect(),
            arcs: arcs.arcs().map(|(u, v)| [name(u), name(v)]).collect(),
        })
    }

    /// The explicit form of any board (used when writing a shrunk counterexample).
    pub fn explicit(board: &Board) -> BoardSpec {
        let name = |v: usize| Name(board.name(v).to_string());
        BoardSpec::Graph(GraphSpec {
            vertices: (0..board.len()).map(name).collect(),
            edges: board.edges().map(|(u, v)| [name(u), name(v)]).collect(),
        })
    }
}

/// The stones on the board before the first turn.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupSpec {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub black: Vec<Name>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub white: Vec<Name>,
}

/// `ggg3:0`: the prisoner counts P (Black's) and Q (White's).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PrisonersSpec {
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
    pub board: BoardSpec,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<SetupSpec>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_move: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prisoners: Option<PrisonersSpec>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub komi: Option<Rational>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub options: Option<Options>,
    /// MANGO's F, T and initial scores (`rules: mango` only; `mango:EQUIP`, `mango:SETUP`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mango: Option<MangoSpec>,
    #[serde(default)]
    pub moves: Vec<String>,
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
                BoardSpec::Space(space) => {
                    let (board, space) = space.build()?;
                    (board, Equipment::Space(Arc::new(space)))
                }
                other => (other.build()?, Equipment::Graph),
            }
        };
        check_topological(rules, &equipment, self.options.as_ref())?;
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
        // is settled by dir:KOMI's divide-and-choose (spec/ambiguities.md, reading D1).
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
                let parsed = match &equipment {
                    Equipment::Space(space) => parse_space_turn(t, &board, space),
                    _ => Turn::parse(t, &board),
                };
                parsed.map_err(|e| InputError(format!("field 'moves[{i}]': {e}")))
            })
            .collect::<Result<Vec<Turn>, InputError>>()?;
        let equipment = match (&self.mango, rules) {
            (None, RuleId::Mango) => {
                Equipment::Weights(Arc::new(MangoSpec::default().weights(&board)?))
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

    /// The record of a setup and turns (the board written explicitly), e.g. a shrunk case.
    pub fn from_game(setup: &Setup, turns: &[Turn]) -> Record {
        let board = &setup.board;
        let listed = |c: Colour| -> Vec<Name> {
            (0..board.len())
                .filter(|&v| setup.initial[v] == c)
                .map(|v| Name(board.name(v).to_string()))
                .collect()
        };
        let stones = SetupSpec {
            black: listed(Colour::Black),
            white: listed(Colour::White),
        };
        let zero = BigRational::from_integer(0.into());
        let (board_spec, turn_names) = match &setup.equipment {
            Equipment::Space(space) => (
                BoardSpec::Space(SpaceSpec::explicit(board, space)),
                space.placement_names(),
            ),
            _ => (BoardSpec::explicit(board), &**board),
        };
        Record {
            rules: setup.rules.name().to_string(),
            board: match &setup.equipment {
                Equipment::Arcs(arcs) => BoardSpec::explicit_directed(board, arcs),
                _ => board_spec,
            },
            setup: (stones != SetupSpec::default()).then_some(stones),
            to_move: (setup.to_move == Player::White).then(|| "white".to_string()),
            prisoners: (setup.rules == RuleId::Ggg3).then_some(PrisonersSpec {
                black: setup.prisoners[0],
                white: setup.prisoners[1],
            }),
            komi: (setup.komi != zero).then(|| Rational(setup.komi.clone())),
            options: (setup.options != Options::default()).then_some(setup.options),
            mango: match &setup.equipment {
                Equipment::Weights(w) => Some(MangoSpec::of(board, w)),
                _ => None,
            },
            moves: turns.iter().map(|t| t.text(turn_names)).collect(),
            cycle: None,
        }
    }

    /// The record as YAML text (maps, not YAML tags, for the board: the form people write).
    pub fn to_yaml(&self) -> String {
        let value = serde_json::to_value(self).expect("a record always serialises");
        serde_norway::to_string(&value).expect("a JSON value always serialises")
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

/// MANGO's equipment as a record writes it (`mango:EQUIP`, reading 8): F as a default and
/// per-point exceptions, T as a union of intervals, the initial scores.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MangoSpec {
    /// F at every point not listed in `weights` (default 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weight: Option<Rational>,
    /// F at the listed points, by name.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub weights: BTreeMap<String, Rational>,
    /// T: one interval (`"z >= 1"`) or a list of them, their union (default `z >= 1`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub threshold: Option<ThresholdSpec>,
    /// The initial scores (default 0 and 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scores: Option<ScoresSpec>,
}

/// T in a record: one interval or a list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ThresholdSpec {
    One(String),
    Union(Vec<String>),
}

/// MANGO's initial scores in a record.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoresSpec {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black: Option<Rational>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white: Option<Rational>,
}

impl MangoSpec {
    /// The equipment over `board`'s points, or why not (naming the field and the value).
    pub fn weights(&self, board: &Board) -> Result<Weights, InputError> {
        let one = BigRational::from_integer(1.into());
        let default = self.weight.as_ref().map_or(one, |r| r.0.clone());
        let mut weight = vec![default; board.len()];
        let mut given = vec![false; board.len()];
        for (name, value) in &self.weights {
            let v = board.vertex(name).ok_or_else(|| {
                InputError(format!(
                    "field 'mango.weights.{name}': no point named '{name}' on this board"
                ))
            })?;
            if given[v] {
                return bad(format!(
                    "field 'mango.weights.{name}': point '{}' is given a weight twice",
                    board.name(v)
                ));
            }
            given[v] = true;
            weight[v] = value.0.clone();
        }
        let threshold = match &self.threshold {
            None => Threshold::at_least_one(),
            Some(ThresholdSpec::One(text)) => Threshold::parse(std::slice::from_ref(text))
                .map_err(|(_, e)| InputError(format!("field 'mango.threshold': {e}")))?,
            // mango:EQUIP: T's range is {0, 1}; an empty union would be a T that is never 1,
            // under which no stone is ever alive (spec/ambiguities.md, reading M2).
            Some(ThresholdSpec::Union(texts)) if texts.is_empty() => {
                return bad(
                    "field 'mango.threshold': [] is no interval at all, a T that is never 1 \
                     (mango:EQUIP: T takes the values 0 and 1); give at least one interval, such as z >= 1",
                )
            }
            Some(ThresholdSpec::Union(texts)) => Threshold::parse(texts)
                .map_err(|(i, e)| InputError(format!("field 'mango.threshold[{i}]': {e}")))?,
        };
        let score =
            |s: Option<&Rational>| s.map_or(BigRational::from_integer(0.into()), |r| r.0.clone());
        let scores = self.scores.clone().unwrap_or_default();
        Ok(Weights {
            weight,
            threshold,
            scores: [score(scores.black.as_ref()), score(scores.white.as_ref())],
        })
    }

    /// The record's form of some equipment: the most frequent weight as the default.
    pub fn of(board: &Board, w: &Weights) -> MangoSpec {
        let mut counts: BTreeMap<&BigRational, usize> = BTreeMap::new();
        for x in &w.weight {
            *counts.entry(x).or_default() += 1;
        }
        let one = BigRational::from_integer(1.into());
        let default = counts
            .iter()
            .max_by_key(|(x, n)| (**n, **x == &one))
            .map_or(one.clone(), |(x, _)| (*x).clone());
        let zero = BigRational::from_integer(0.into());
        let score = |s: &BigRational| (s != &zero).then(|| Rational(s.clone()));
        MangoSpec {
            weight: (default != one).then(|| Rational(default.clone())),
            weights: w
                .weight
                .iter()
                .enumerate()
                .filter(|(_, x)| **x != default)
                .map(|(v, x)| (board.name(v).to_string(), Rational(x.clone())))
                .collect(),
            threshold: (w.threshold != Threshold::at_least_one())
                .then(|| ThresholdSpec::Union(w.threshold.texts())),
            scores: (w.scores != [zero.clone(), zero.clone()]).then(|| ScoresSpec {
                black: score(&w.scores[0]),
                white: score(&w.scores[1]),
            }),
        }
    }
}

/// A placement as a record writes it: its points (`[a, b]`, named `a+b`), or a name and
/// its points (`{name: ab, points: [a, b]}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum PlacementSpec {
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
pub struct SpaceSpec {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub points: Vec<Name>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opens: Option<Vec<Vec<Name>>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base: Option<Vec<Vec<Name>>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subbase: Option<Vec<Vec<Name>>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub placements: Vec<PlacementSpec>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub of: Option<Box<BoardSpec>>,
    /// Reading T1: the string of a stone in no go-connected set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub empty_string: Option<EmptyString>,
}

impl SpaceSpec {
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
            if matches!(**graph, BoardSpec::Space(_)) {
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
                    PlacementSpec::Points(list) => PlacementInput {
                        name: None,
                        points: resolve(field, list)?,
                    },
                    PlacementSpec::Named(named) => PlacementInput {
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
    pub fn explicit(board: &Board, space: &GoSpace) -> SpaceSpec {
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
                    PlacementSpec::Points(points)
                } else {
                    PlacementSpec::Named(NamedPlacement {
                        name: Name(space.placement_name(i).to_string()),
                        points,
                    })
                }
            })
            .collect();
        SpaceSpec {
            points: (0..board.len()).map(name).collect(),
            base: Some(base),
            placements,
            empty_string: (space.empty_string() != EmptyString::default())
                .then_some(space.empty_string()),
            ..SpaceSpec::default()
        }
    }
}

/// A turn on a go-space: `B s` names a placement by its name, or by its points joined with
/// `+` in any order (`B b+a`).
fn parse_space_turn(text: &str, points: &Board, space: &GoSpace) -> Result<Turn, String> {
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
fn check_topological(
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
        ] {
            if differs {
                return bad(format!(
                    "field 'options.{field}': the rules {} do not read it (only 'repetition')",
                    rules.name()
                ));
            }
        }
    }
    Ok(())
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
                    other => return bad(format!("{}: key {other:?} is not text", at(path))),
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
