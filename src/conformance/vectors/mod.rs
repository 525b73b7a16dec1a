//! Conformance vectors: engine-neutral YAML files (format in `spec/FORMAT.md`, section
//! "Conformance vectors"), each a game record plus what must happen at every turn and at the
//! end, with the clause ids it exercises and, for every reading and rule variant, whether its
//! expectations still hold under the other values (a tri-state, like Wycheproof's
//! valid / invalid / acceptable).
//!
//! A vector is *derived* ([`derive`](fn@derive)) by replaying its record through a [`RuleSet`] and
//! writing down what was observed; it is *judged* ([`judge_vector`]: a [`VectorVerdict`]) by deriving again with
//! the implementation under test and comparing field by field. The generator
//! ([`families`]) states, for every case, what the rules say by hand (the claims), derives the
//! rest from the transcription, confirms it with the engine, and refuses to write a vector
//! where any of the three disagree.
//!
//! One file per concern: this one, the format (the fields, reading a vector and writing it
//! as YAML); `derive`, deriving expectations and writing a vector from a record; `judge`,
//! judging an implementation on vectors and tallying the results; `layout`, where each
//! vector sits and why; `families`, the generator. Their items are used as `vectors::NAME`.

mod derive;
pub mod families;
mod judge;

pub use derive::*;
pub use judge::*;
pub mod layout;

/// The regression vectors on the engine, for the library's test binary.
#[cfg(test)]
mod regressions;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use num_rational::BigRational;
use serde::{Deserialize, Serialize};

use crate::board::Board;
use crate::game::RuleId;
use crate::io::record::{read_value, Game, InputError, Name, Rational, Record, RecordPrisoners};
use crate::rational;

/// The largest vector file read (a documented cap).
pub const MAX_VECTOR_BYTES: u64 = 1024 * 1024;
/// The most vector files `check_dir` reads (a documented cap).
pub const MAX_VECTOR_FILES: usize = 100_000;

/// The top-level fields a vector adds to a record; every other field is the record's.
pub const VECTOR_FIELDS: [&str; 10] = [
    "id", "why", "clauses", "checked", "source", "note", "readings", "turns", "result", "lasso",
];

/// The options that switch readings and rule variants, with every value, in the order of
/// `game::Options`: `neutral` (register reading 1), `no_move` (reading 2), and the extension
/// variants `self_capture`, `repetition`, `ko_pass` and `repetition_end`.
pub const OPTION_VALUES: [(&str, &[&str]); 6] = [
    ("neutral", &["both", "none"]),
    ("no_move", &["lose", "pass"]),
    ("self_capture", &["all", "multi", "none"]),
    ("repetition", &crate::game::Repetition::WORDS),
    ("ko_pass", &["clears", "keeps"]),
    ("repetition_end", &crate::game::RepetitionEnd::WORDS),
];

/// Wycheproof's tri-state, per option value: do this vector's expectations hold when the
/// game is played with that value instead of the vector's own?
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Every expectation holds.
    Valid,
    /// The legality of every turn and the winner hold; a detail (a clause id, a score,
    /// prisoners, a position) differs.
    Acceptable,
    /// Some turn's legality, or the winner, differs.
    Invalid,
}

impl Status {
    pub fn word(self) -> &'static str {
        match self {
            Status::Valid => "valid",
            Status::Acceptable => "acceptable",
            Status::Invalid => "invalid",
        }
    }
}

/// `readings`: option name -> value -> status.
pub type Readings = BTreeMap<String, BTreeMap<String, Status>>;

/// The stones of a position: every vertex not listed is empty.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionStones {
    #[serde(default)]
    pub black: Vec<Name>,
    #[serde(default)]
    pub white: Vec<Name>,
}

/// What one turn must do.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnExpectation {
    /// The turn, as a record writes it (`B 3-3`, `W pass`, `B resign`).
    pub play: String,
    /// Whether the rules accept it.
    pub legal: bool,
    /// For an illegal turn: the clause id that forbids it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clause: Option<String>,
    /// For a legal turn: the vertices it empties (captures of either colour, self-capture
    /// included), in the board's vertex order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub removed: Option<Vec<Name>>,
    /// For a legal turn: the position after it. (An illegal turn changes nothing.)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<PositionStones>,
    /// For a legal turn under `ggg3`: P and Q after it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prisoners: Option<RecordPrisoners>,
    /// For a legal turn under rules that keep running scores (MANGO, directed): Black's and
    /// White's scores after it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scores: Option<ScoreExpectation>,
    /// For a legal turn: who is to move after it, or `none` once the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_move: Option<String>,
}

/// Black's and White's scores (komi included).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoreExpectation {
    pub black: Rational,
    pub white: Rational,
}

/// How the game must end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultExpectation {
    /// `black`, `white` or `draw`.
    pub winner: String,
    /// `score`, `resignation` or `no-move`.
    pub by: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<ScoreExpectation>,
}

/// The fields a vector adds to its record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Head {
    pub id: String,
    /// Why the vector exists: the rule it guards and what an implementation that fails it
    /// gets wrong (one line; every vector of `spec/vectors/` has one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
    pub clauses: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checked: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub readings: Readings,
    #[serde(default)]
    pub turns: Vec<TurnExpectation>,
    /// `None` (`result: none`, or left out) for a game that is not over after its turns.
    #[serde(default, deserialize_with = "result_or_none")]
    pub result: Option<ResultExpectation>,
    /// For a directed record with a `cycle` (`dir:WIN`): the outcome of the infinite play,
    /// as `graphgo play --json` reports it under `lasso` (derived by the transcription).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lasso: Option<serde_json::Value>,
}

fn result_or_none<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Option<ResultExpectation>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Either {
        Word(String),
        Result(ResultExpectation),
    }
    match Option::<Either>::deserialize(d)? {
        None => Ok(None),
        Some(Either::Word(w)) if w == "none" => Ok(None),
        Some(Either::Word(w)) => Err(serde::de::Error::custom(format!(
            "'{w}' is not a result (write none, or {{winner, by, score}})"
        ))),
        Some(Either::Result(r)) => Ok(Some(r)),
    }
}

/// The expectations of a vector: every turn and the result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expected {
    pub turns: Vec<TurnExpectation>,
    pub result: Option<ResultExpectation>,
}

/// A conformance vector, read and checked against its board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vector {
    pub head: Head,
    /// The record part (its `moves` are the turns' `play`).
    pub record: Record,
    pub game: Game,
}

impl Vector {
    pub fn expected(&self) -> Expected {
        Expected {
            turns: self.head.turns.clone(),
            result: self.head.result.clone(),
        }
    }

    /// Reads a vector from YAML (or JSON) text. Errors name the field and the value.
    pub fn parse(text: &str, json: bool) -> Result<Vector, InputError> {
        let value = read_value(text, json)?;
        let serde_json::Value::Object(mut map) = value else {
            return Err(InputError(
                "not a vector: the top level is not a map of fields".into(),
            ));
        };
        if map.contains_key("moves") {
            return Err(InputError(
                "field 'moves': a vector gives its turns under 'turns' (each with 'play'), not 'moves'"
                    .into(),
            ));
        }
        let mut head = serde_json::Map::new();
        for key in VECTOR_FIELDS {
            if let Some(v) = map.remove(key) {
                head.insert(key.to_string(), v);
            }
        }
        let head: Head = serde_path_to_error::deserialize(serde_json::Value::Object(head))
            .map_err(|e| {
                let said = crate::io::input_words::field_error(
                    &e.path().to_string(),
                    &e.inner().to_string(),
                );
                InputError(format!("not a vector: {said}"))
            })?;
        check_head(&head)?;
        map.insert(
            "moves".into(),
            serde_json::Value::Array(
                head.turns
                    .iter()
                    .map(|t| serde_json::Value::String(t.play.clone()))
                    .collect(),
            ),
        );
        let record = Record::from_value(serde_json::Value::Object(map))?;
        let game = record.game().map_err(|e| {
            // The record names its turns `moves[i]`; in a vector they are `turns[i].play`.
            let text = e.0.replace("field 'moves[", "field 'turns[");
            InputError(text.replacen("]':", "].play':", 1))
        })?;
        check_names(&head, &game.setup.board)?;
        Ok(Vector { head, record, game })
    }

    /// Reads a vector file. Errors start with the path; a vector whose judgement is over
    /// the cap on its work ([`within_cap`]) is refused here, before any is judged.
    pub fn load(path: &Path) -> Result<Vector, InputError> {
        let (text, json) =
            crate::io::record::read_found_text_file(path, MAX_VECTOR_BYTES, "vector")?;
        let at_path = |e: String| InputError(format!("{}: {e}", path.display()));
        let v = Vector::parse(&text, json).map_err(|e| at_path(e.0))?;
        within_cap(&v.record, &v.game).map_err(at_path)?;
        Ok(v)
    }

    /// The vector as YAML: comment lines from `note`, then the fields in flow style, one
    /// turn a line.
    pub fn to_yaml(&self) -> String {
        let mut out = String::new();
        let h = &self.head;
        out.push_str(
            "# graphgo conformance vector (format: spec/FORMAT.md, \"Conformance vectors\")\n",
        );
        if h.checked.as_deref() == Some("by hand") {
            // The derivation, readable where the vector is: as comment lines (the reader
            // ignores them; the `note` field below carries the same text).
            for line in wrapped(h.note.as_deref().unwrap_or_default(), 92) {
                let _ = writeln!(out, "# {line}");
            }
        }
        let _ = writeln!(out, "id: {}", scalar(&h.id));
        if let Some(w) = &h.why {
            let _ = writeln!(out, "why: {}", scalar(w));
        }
        let _ = writeln!(
            out,
            "clauses: [{}]",
            h.clauses
                .iter()
                .map(|c| scalar(c))
                .collect::<Vec<_>>()
                .join(", ")
        );
        if let Some(c) = &h.checked {
            let _ = writeln!(out, "checked: {}", scalar(c));
        }
        if let Some(s) = &h.source {
            let _ = writeln!(out, "source: {}", scalar(s));
        }
        if let Some(n) = &h.note {
            let _ = writeln!(out, "note: {}", scalar(n));
        }
        let mut record = self.record.clone();
        record.moves.clear();
        if RuleId::GRAPH.contains(&self.game.setup.rules) {
            record.options = Some(self.game.setup.options);
        }
        if let serde_json::Value::Object(fields) =
            serde_json::to_value(&record).expect("a record always serialises")
        {
            for (k, v) in fields {
                if k != "moves" {
                    let _ = writeln!(out, "{k}: {}", flow(&v));
                }
            }
        }
        if !h.readings.is_empty() {
            out.push_str("readings:\n");
            for (option, values) in &h.readings {
                let list: Vec<String> = values
                    .iter()
                    .map(|(v, s)| format!("{}: {}", scalar(v), s.word()))
                    .collect();
                let _ = writeln!(out, "  {option}: {{{}}}", list.join(", "));
            }
        }
        if h.turns.is_empty() {
            out.push_str("turns: []\n");
        } else {
            out.push_str("turns:\n");
            for t in &h.turns {
                let v = serde_json::to_value(t).expect("a turn always serialises");
                let _ = writeln!(out, "  - {}", flow(&v));
            }
        }
        if let Some(l) = &h.lasso {
            let _ = writeln!(out, "lasso: {}", flow(l));
        }
        match &h.result {
            None => out.push_str("result: none\n"),
            Some(r) => {
                let v = serde_json::to_value(r).expect("a result always serialises");
                let _ = writeln!(out, "result: {}", flow(&v));
            }
        }
        out
    }
}

fn check_head(head: &Head) -> Result<(), InputError> {
    if head.id.is_empty()
        || !head
            .id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c))
    {
        return Err(InputError(format!(
            "field 'id': '{}' is not an id (letters, digits, '-', '_' and '.', not empty)",
            head.id
        )));
    }
    if head.clauses.is_empty() {
        return Err(InputError(
            "field 'clauses': a vector names at least one clause id".into(),
        ));
    }
    for (i, c) in head.clauses.iter().enumerate() {
        let ok = c
            .split_once(':')
            .is_some_and(|(a, b)| !a.is_empty() && !b.is_empty() && !c.contains(' '));
        if !ok {
            return Err(InputError(format!(
                "field 'clauses[{i}]': '{c}' is not a clause id (like ggg1:2)"
            )));
        }
    }
    for (option, values) in &head.readings {
        let Some((_, known)) = OPTION_VALUES.iter().find(|(o, _)| o == option) else {
            return Err(InputError(format!(
                "field 'readings.{option}': unknown option (known: neutral, no_move, self_capture, repetition, ko_pass, repetition_end)"
            )));
        };
        for value in values.keys() {
            if !known.contains(&value.as_str()) {
                return Err(InputError(format!(
                    "field 'readings.{option}.{value}': unknown value (known: {})",
                    known.join(", ")
                )));
            }
        }
    }
    for (i, t) in head.turns.iter().enumerate() {
        if t.legal && t.clause.is_some() {
            return Err(InputError(format!(
                "field 'turns[{i}].clause': a legal turn names no clause (got '{}')",
                t.clause.as_deref().unwrap_or_default()
            )));
        }
        if !t.legal && t.clause.is_none() {
            return Err(InputError(format!(
                "field 'turns[{i}].clause': an illegal turn names the clause that forbids it"
            )));
        }
        if let Some(w) = &t.to_move {
            if !["black", "white", "none"].contains(&w.as_str()) {
                return Err(InputError(format!(
                    "field 'turns[{i}].to_move': '{w}' is not black, white or none"
                )));
            }
        }
    }
    if let Some(r) = &head.result {
        if !["black", "white", "draw", "none"].contains(&r.winner.as_str()) {
            return Err(InputError(format!(
                "field 'result.winner': '{}' is not black, white, draw or none",
                r.winner
            )));
        }
        if !["score", "resignation", "no-move", "repetition", "no-result"].contains(&r.by.as_str())
        {
            return Err(InputError(format!(
                "field 'result.by': '{}' is not score, resignation, no-move, repetition or no-result",
                r.by
            )));
        }
        // `none` (no winner, no draw) is the winner of a game without a result, and only it.
        if (r.winner == "none") != (r.by == "no-result") {
            return Err(InputError(format!(
                "field 'result': winner '{}' with by '{}': a game ends without a result (winner none) exactly when by is no-result",
                r.winner, r.by
            )));
        }
    }
    Ok(())
}

fn check_names(head: &Head, board: &Board) -> Result<(), InputError> {
    let known = |field: String, name: &Name| {
        if board.vertex(&name.0).is_some() {
            Ok(())
        } else {
            Err(InputError(format!(
                "field '{field}': no vertex named '{}' on this board",
                name.0
            )))
        }
    };
    for (i, t) in head.turns.iter().enumerate() {
        for n in t.removed.iter().flatten() {
            known(format!("turns[{i}].removed"), n)?;
        }
        if let Some(p) = &t.position {
            for n in &p.black {
                known(format!("turns[{i}].position.black"), n)?;
            }
            for n in &p.white {
                known(format!("turns[{i}].position.white"), n)?;
            }
        }
    }
    Ok(())
}

/// `text` in lines of at most `width` characters (longer words stay whole).
fn wrapped(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.len() + 1 + word.len() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// A YAML scalar: plain when it cannot be read as anything but this string, else quoted
/// (JSON string syntax, which YAML reads).
pub fn scalar(s: &str) -> String {
    let special = [
        "true", "false", "null", "yes", "no", "on", "off", "y", "n", "none", "~",
    ];
    let word = s.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == ' ' || c == '-' || c == '_')
        && !s.ends_with(' ')
        && !s.contains("  ")
        && !special.contains(&s.to_ascii_lowercase().as_str());
    let coordinates = s.split('-').count() >= 2
        && s.split('-')
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) && !p.starts_with('0'));
    let integer = !s.is_empty()
        && s.len() < 18
        && s.bytes().all(|b| b.is_ascii_digit())
        && (s == "0" || !s.starts_with('0'));
    if word || coordinates || integer {
        s.to_string()
    } else {
        serde_json::to_string(s).expect("strings serialise")
    }
}

/// A JSON value in YAML flow style.
pub fn flow(v: &serde_json::Value) -> String {
    use serde_json::Value as J;
    match v {
        J::Null => "null".into(),
        J::Bool(b) => b.to_string(),
        J::Number(n) => n.to_string(),
        J::String(s) => scalar(s),
        J::Array(items) => format!(
            "[{}]",
            items.iter().map(flow).collect::<Vec<_>>().join(", ")
        ),
        J::Object(map) => format!(
            "{{{}}}",
            map.iter()
                .map(|(k, v)| format!("{}: {}", scalar(k), flow(v)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// Formats a rational as vectors write it.
pub fn rational_text(r: &BigRational) -> String {
    rational::format(r)
}
