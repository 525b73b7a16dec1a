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

pub mod families;
pub mod layout;

/// The regression vectors on the engine, for the library's test binary.
#[cfg(test)]
mod regressions;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use num_rational::BigRational;
use serde::{Deserialize, Serialize};

use crate::board::Board;
use crate::game::clause::{Clause, Directed};
use crate::game::{
    Colour, EndReason, Observation, Options, Playable, Player, RuleId, RuleSet, Setup, Turn,
};
use crate::io::record::{read_value, Game, InputError, Name, PrisonersSpec, Rational, Record};
use crate::rational;
use crate::spec::directed::LassoError;

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
    pub prisoners: Option<PrisonersSpec>,
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
        if !["black", "white", "draw"].contains(&r.winner.as_str()) {
            return Err(InputError(format!(
                "field 'result.winner': '{}' is not black, white or draw",
                r.winner
            )));
        }
        if !["score", "resignation", "no-move", "repetition"].contains(&r.by.as_str()) {
            return Err(InputError(format!(
                "field 'result.by': '{}' is not score, resignation, no-move or repetition",
                r.by
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

// ---------------------------------------------------------------------------------------
// Deriving and comparing expectations
// ---------------------------------------------------------------------------------------

/// Runs `f`, turning a panic into its message.
fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|payload| {
        if let Some(s) = payload.downcast_ref::<&str>() {
            s.to_string()
        } else if let Some(s) = payload.downcast_ref::<String>() {
            s.clone()
        } else {
            "a panic without a message".to_string()
        }
    })
}

fn names(board: &Board, vertices: impl Iterator<Item = usize>) -> Vec<Name> {
    vertices.map(|v| Name(board.name(v).to_string())).collect()
}

fn stones(board: &Board, position: &[Colour]) -> PositionStones {
    let of = |c: Colour| {
        names(
            board,
            (0..position.len()).filter(move |&v| position[v] == c),
        )
    };
    PositionStones {
        black: of(Colour::Black),
        white: of(Colour::White),
    }
}

fn to_move_word(o: &Observation) -> String {
    o.to_move.map_or("none", Player::word).to_string()
}

fn result_expectation(o: &Observation) -> Option<ResultExpectation> {
    o.result.as_ref().map(|r| ResultExpectation {
        winner: r.winner.map_or("draw", Player::word).to_string(),
        by: match r.by {
            EndReason::Score => "score",
            EndReason::Resignation => "resignation",
            EndReason::NoMove => "no-move",
            EndReason::Repetition => "repetition",
        }
        .to_string(),
        score: r.score.as_ref().map(|[b, w]| ScoreExpectation {
            black: Rational(b.clone()),
            white: Rational(w.clone()),
        }),
    })
}

/// Plays `game` through `rules` and writes down what it does: every turn's legality (with
/// the clause of a refusal), what a legal turn removes, the position, prisoners and player
/// to move after it, and the result at the end. A refused turn is expected to change
/// nothing; if it does, the change is written down (as a position), so that it shows as a
/// difference. `Err` when the implementation cannot start the game or panics.
pub fn derive(rules: &dyn RuleSet, game: &Game) -> Result<Expected, String> {
    derive_or_skip(rules, game).map_err(|e| match e {
        Err(skip) => skip.to_string(),
        Ok(failed) => failed,
    })
}

/// [`derive`], telling a game the implementation refuses to start (`Err(Err(reason))`)
/// from one it fails (`Err(Ok(message))`).
fn derive_or_skip(
    rules: &dyn RuleSet,
    game: &Game,
) -> Result<Expected, Result<String, SkipReason>> {
    let playing = match guarded(|| rules.start(&game.setup)) {
        Ok(Ok(g)) => g,
        Ok(Err(e)) => return Err(Err(SkipReason::Refused(e.to_string()))),
        Err(m) => return Err(Ok(format!("panics starting the game: {m}"))),
    };
    derive_started(playing, game).map_err(Ok)
}

/// The body of [`derive`], on a started game.
fn derive_started(mut playing: Box<dyn Playable>, game: &Game) -> Result<Expected, String> {
    let board = &game.setup.board;
    // What a turn's text names: the vertices, or on a go-space the placements.
    let turn_names = game.setup.turn_names();
    let mut before = guarded(|| playing.observe()).map_err(|m| format!("panics: {m}"))?;
    let mut turns = Vec::with_capacity(game.turns.len());
    for (i, turn) in game.turns.iter().enumerate() {
        crate::signals::interrupted().map_err(|e| e.to_string())?;
        let verdict = guarded(|| playing.play(turn))
            .map_err(|m| format!("panics at turn {} ({}): {m}", i + 1, turn.text(turn_names)))?;
        let after = guarded(|| playing.observe()).map_err(|m| format!("panics: {m}"))?;
        // The points the turn colours: a move's vertex, or on a go-space every point of
        // its placement (`at` indexes the placements there, not the points).
        let placed = match *turn {
            Turn::Move { at, .. } => game.setup.points_of_move(at),
            _ => Vec::new(),
        };
        let expectation = match verdict {
            Ok(()) => TurnExpectation {
                play: turn.text(turn_names),
                legal: true,
                clause: None,
                // Emptied: coloured after step 1 of the move (the stones placed count, so
                // that a self-captured lone stone is listed), empty after the turn.
                removed: Some(names(
                    board,
                    (0..after.position.len()).filter(|&v| {
                        (placed.contains(&v) || before.position[v] != Colour::Empty)
                            && after.position[v] == Colour::Empty
                    }),
                )),
                position: Some(stones(board, &after.position)),
                prisoners: after
                    .prisoners
                    .map(|[p, q]| PrisonersSpec { black: p, white: q }),
                scores: after.scores.as_ref().map(|[b, w]| ScoreExpectation {
                    black: Rational(b.clone()),
                    white: Rational(w.clone()),
                }),
                to_move: Some(to_move_word(&after)),
            },
            Err(illegal) => TurnExpectation {
                play: turn.text(turn_names),
                legal: false,
                clause: Some(illegal.clause.to_string()),
                removed: None,
                position: (after != before).then(|| stones(board, &after.position)),
                prisoners: None,
                scores: None,
                to_move: None,
            },
        };
        turns.push(expectation);
        before = after;
    }
    Ok(Expected {
        turns,
        result: result_expectation(&before),
    })
}

/// How much of a vector is compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Depth {
    /// Everything.
    Full,
    /// The legality of every turn and the winner (for an `acceptable` reading).
    Verdicts,
}

/// The differences between a vector's expectations and what an implementation did, one
/// line each, naming the field: empty when they agree.
pub fn differences(board: &Board, want: &Expected, got: &Expected, depth: Depth) -> Vec<String> {
    let mut out = Vec::new();
    let _ = board;
    for (i, (w, g)) in want.turns.iter().zip(&got.turns).enumerate() {
        let at = format!("turns[{i}] ({})", w.play);
        if w.legal != g.legal {
            let said = |t: &TurnExpectation| {
                if t.legal {
                    "legal".to_string()
                } else {
                    format!("illegal ({})", t.clause.as_deref().unwrap_or("?"))
                }
            };
            out.push(format!("{at}.legal: expected {}, got {}", said(w), said(g)));
            // Past a different verdict the games differ; later turns would only repeat it.
            return out;
        }
        if depth == Depth::Verdicts {
            continue;
        }
        let mut field = |name: &str, a: String, b: String| {
            if a != b {
                out.push(format!("{at}.{name}: expected {a}, got {b}"));
            }
        };
        field("clause", show(&w.clause), show(&g.clause));
        field("removed", show(&w.removed), show(&g.removed));
        field("position", show(&w.position), show(&g.position));
        field("prisoners", show(&w.prisoners), show(&g.prisoners));
        field("scores", show(&w.scores), show(&g.scores));
        field("to_move", show(&w.to_move), show(&g.to_move));
        if !out.is_empty() {
            return out;
        }
    }
    if want.turns.len() != got.turns.len() {
        out.push(format!(
            "turns: expected {} turns, got {}",
            want.turns.len(),
            got.turns.len()
        ));
    }
    let winner = |r: &Option<ResultExpectation>| r.as_ref().map(|r| r.winner.clone());
    match depth {
        Depth::Full if want.result != got.result => out.push(format!(
            "result: expected {}, got {}",
            show(&want.result),
            show(&got.result)
        )),
        Depth::Verdicts if winner(&want.result) != winner(&got.result) => out.push(format!(
            "result.winner: expected {}, got {}",
            show(&winner(&want.result)),
            show(&winner(&got.result))
        )),
        _ => {}
    }
    out
}

fn show<T: Serialize>(v: &T) -> String {
    let value = serde_json::to_value(v).expect("expectations serialise");
    match value {
        serde_json::Value::Null => "none".into(),
        other => flow(&other),
    }
}

/// The same options with one of them set to `value` (names and values as in records).
pub fn with_option(options: Options, option: &str, value: &str) -> Option<Options> {
    let mut v = serde_json::to_value(options).ok()?;
    v.as_object_mut()?
        .insert(option.into(), serde_json::Value::String(value.into()));
    serde_json::from_value(v).ok()
}

/// The value of one option, as records write it.
pub fn option_value(options: Options, option: &str) -> String {
    serde_json::to_value(options)
        .ok()
        .and_then(|v| v.get(option).and_then(|x| x.as_str()).map(str::to_string))
        .unwrap_or_default()
}

/// The status of every option value for `game` (its expectations `base`, derived with its
/// own options), derived with `rules` (the transcription).
pub fn readings(rules: &dyn RuleSet, game: &Game, base: &Expected) -> Result<Readings, String> {
    let mut out = Readings::new();
    for (option, values) in OPTION_VALUES {
        let mut statuses = BTreeMap::new();
        for value in values {
            let options = with_option(game.setup.options, option, value)
                .expect("every listed value is an option value");
            let varied = Game {
                setup: Setup {
                    options,
                    ..game.setup.clone()
                },
                turns: game.turns.clone(),
            };
            let got = derive(rules, &varied)?;
            let board = &game.setup.board;
            let status = if differences(board, base, &got, Depth::Full).is_empty() {
                Status::Valid
            } else if differences(board, base, &got, Depth::Verdicts).is_empty() {
                Status::Acceptable
            } else {
                Status::Invalid
            };
            statuses.insert(value.to_string(), status);
        }
        out.insert(option.to_string(), statuses);
    }
    Ok(out)
}

/// The clause ids a vector's game exercises, read off the rules' own trace
/// ([`crate::explain::clauses`]: what the start and every turn applied, with the definitions
/// each step decided by, and the clause of every refused turn) and, for a record with a
/// cycle, `dir:WIN` (the outcome of its infinite play) and the clause that refuses a turn
/// of its prefix or its cycle, if one does.
pub fn exercised_clauses(record: &Record, game: &Game) -> Result<BTreeSet<String>, String> {
    let mut out: BTreeSet<String> = crate::explain::clauses(game)?
        .into_iter()
        .map(|c| c.id().to_string())
        .collect();
    if let Some(cycle) = record.cycle_turns(game).map_err(|e| e.0)? {
        out.insert(Clause::Directed(Directed::Win).id().to_string());
        if let Err(LassoError::Prefix { illegal, .. } | LassoError::Cycle { illegal, .. }) =
            crate::variants::directed::lasso_outcome(game, &cycle)?
        {
            out.insert(illegal.clause.id().to_string());
        }
    }
    Ok(out)
}

// ---------------------------------------------------------------------------------------
// Writing a vector from a record
// ---------------------------------------------------------------------------------------

/// What `vectors new` and the generator know about a vector before it is derived.
#[derive(Clone, Debug, Default)]
pub struct Draft {
    pub id: String,
    /// Why the vector exists (its `why`).
    pub why: Option<String>,
    /// Clause ids named by hand (the exercised ones are added).
    pub clauses: Vec<String>,
    pub checked: Option<String>,
    pub source: Option<String>,
    pub note: Option<String>,
}

/// Whether judging or writing a vector of `record` is within the cap on its work
/// (`caps::Work::Vector`: points x turns, a lasso's cycle counted as often as it may be
/// replayed); the message names the cap.
pub fn within_cap(record: &Record, game: &Game) -> Result<(), String> {
    if game.turns.len() > crate::caps::MAX_VECTOR_TURNS {
        return Err(format!(
            "{} turns is over the cap of {} turns for a conformance vector (vectors check, vectors new; spec/FORMAT.md, \"Caps\")",
            game.turns.len(),
            crate::caps::MAX_VECTOR_TURNS
        ));
    }
    let cycle = record.cycle.as_ref().map_or(0, Vec::len);
    let steps = crate::caps::lasso_steps(
        game.turns.len(),
        cycle,
        crate::spec::directed::MAX_LASSO_PASSES,
    );
    crate::caps::check(
        crate::caps::Work::Vector,
        game.setup.rules,
        game.setup.board.len(),
        steps,
    )
}

/// A vector for `game`: expectations derived from the transcription (`reference`) and
/// confirmed by `confirm` (the engine): `Err` naming the first difference when the two
/// disagree. The readings are derived from the transcription.
pub fn write_vector(
    reference: &dyn RuleSet,
    confirm: &[&dyn RuleSet],
    record: &Record,
    game: &Game,
    draft: Draft,
) -> Result<Vector, String> {
    within_cap(record, game)?;
    let mut expected = derive(reference, game).map_err(|e| format!("{}: {e}", reference.name()))?;
    // Keep the record's own text of each turn: a family may name its placements otherwise
    // than the board names its points (topological Go names elements of S). General Graph
    // Go's turns name points, and are written with the canonical names (a record may use
    // GTP names, which are read but never written: spec/FORMAT.md, "GTP names").
    if record.moves.len() == expected.turns.len() && !RuleId::GRAPH.contains(&game.setup.rules) {
        for (t, text) in expected.turns.iter_mut().zip(&record.moves) {
            t.play = text.clone();
        }
    }
    for other in confirm {
        let got = derive(*other, game).map_err(|e| format!("{}: {e}", other.name()))?;
        let diff = differences(&game.setup.board, &expected, &got, Depth::Full);
        if !diff.is_empty() {
            return Err(format!(
                "{} and {} disagree: {}",
                reference.name(),
                other.name(),
                diff.join("; ")
            ));
        }
    }
    let readings = if RuleId::GRAPH.contains(&game.setup.rules) {
        readings(reference, game, &expected)?
    } else {
        Readings::new()
    };
    let mut clauses: BTreeSet<String> = draft.clauses.into_iter().collect();
    clauses.extend(exercised_clauses(record, game)?);
    let lasso = lasso_outcome(record, game)?;
    let mut record = record.clone();
    record.moves = expected.turns.iter().map(|t| t.play.clone()).collect();
    let head = Head {
        lasso,
        id: draft.id,
        why: draft.why,
        clauses: clauses.into_iter().collect(),
        checked: draft.checked,
        source: draft.source,
        note: draft.note,
        readings,
        turns: expected.turns,
        result: expected.result,
    };
    // Read the vector back from its own text: what is written is what is checked.
    let vector = Vector {
        game: game.clone(),
        record,
        head,
    };
    let again = Vector::parse(&vector.to_yaml(), false)
        .map_err(|e| format!("the written vector does not read back: {e}"))?;
    Ok(again)
}

// ---------------------------------------------------------------------------------------
// Checking vectors
// ---------------------------------------------------------------------------------------

/// What one implementation did with one vector.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VectorVerdict {
    Pass,
    /// Passed on the legality of every turn and the winner only (an `acceptable` reading).
    PassVerdicts(String),
    Fail(Vec<String>),
    /// Not run, for a reason that is always shown (never counted as a pass or a failure).
    Skip(SkipReason),
}

impl VectorVerdict {
    /// The outcome's name in JSON reports (`pass`, `pass-verdicts`, `fail`, `skip`) and its
    /// detail: the reason of a verdicts-only pass, the lines of a failure, the reason of a
    /// skip (`{"kind": …, "why": …}`), or null for a pass.
    pub fn to_json(&self) -> (&'static str, serde_json::Value) {
        match self {
            VectorVerdict::Pass => ("pass", serde_json::Value::Null),
            VectorVerdict::PassVerdicts(why) => ("pass-verdicts", serde_json::json!(why)),
            VectorVerdict::Fail(lines) => ("fail", serde_json::json!(lines)),
            VectorVerdict::Skip(why) => (
                "skip",
                serde_json::to_value(why).unwrap_or(serde_json::Value::Null),
            ),
        }
    }
}

/// Why a vector (or a game of a campaign) was not run on an implementation.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(tag = "kind", content = "why", rename_all = "kebab-case")]
pub enum SkipReason {
    /// The implementation does not declare that it plays this: the rules, the board, the
    /// setup or an option value (`graphgo::conformance::verify::Support`).
    NotDeclared(Undeclared),
    /// The implementation refused to start the game (its `start` answered `Unsupported`,
    /// e.g. a GTP engine refusing a board size).
    Refused(String),
    /// Talking to the implementation failed (a process that crashed, hung or printed
    /// garbage): the result says nothing of the rules.
    EngineFailed(String),
}

/// What an implementation does not declare that it plays (`verify::Support`), as a kind
/// that code and tests match on; its text is the reason tables and reports show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Undeclared {
    Rules(RuleId),
    /// More vertices than the engine's cap.
    TooManyVertices {
        vertices: usize,
        most: usize,
    },
    /// The engine plays grids only.
    NotAGrid,
    /// The engine plays square grids only.
    NotASquareGrid,
    SetupStones,
    WhiteFirst,
    Komi,
    /// An option value of a game that the engine does not play.
    OptionValue {
        option: String,
        value: String,
    },
    /// A vector's option value that the engine does not play, and that the vector's
    /// readings do not let any value it plays stand in for.
    OptionReadings {
        option: String,
        value: String,
        played: Vec<String>,
    },
    /// Two or more option values that the engine plays only changed at once, which the
    /// transcription cannot play or under which it says the expectations do not hold.
    CombinedOptions(String),
}

impl std::fmt::Display for Undeclared {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Undeclared::Rules(rules) => write!(f, "rules {} not supported", rules.name()),
            Undeclared::TooManyVertices { vertices, most } => {
                write!(f, "{vertices} vertices (the engine plays at most {most})")
            }
            Undeclared::NotAGrid => f.write_str("the board is not a grid (the engine plays grids)"),
            Undeclared::NotASquareGrid => f.write_str(
                "the board is not a square grid (the engine plays square grids)",
            ),
            Undeclared::SetupStones => f.write_str("stones in the setup not supported"),
            Undeclared::WhiteFirst => f.write_str("White first not supported"),
            Undeclared::Komi => f.write_str("komi not supported"),
            Undeclared::OptionValue { option, value } => {
                write!(f, "option {option}: {value} is not played by the engine")
            }
            Undeclared::OptionReadings {
                option,
                value,
                played,
            } => write!(
                f,
                "option {option}: {value} is not played by the engine, and the vector's readings say its expectations do not hold under {}",
                played.join(" or ")
            ),
            Undeclared::CombinedOptions(why) => f.write_str(why),
        }
    }
}

/// Reasons sort by their text, as when they were text (tables group skips by reason).
impl Ord for Undeclared {
    fn cmp(&self, other: &Undeclared) -> std::cmp::Ordering {
        self.to_string().cmp(&other.to_string())
    }
}

impl PartialOrd for Undeclared {
    fn partial_cmp(&self, other: &Undeclared) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// Written as its text in JSON reports (`{"kind": "not-declared", "why": "..."}`).
impl Serialize for Undeclared {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl std::fmt::Display for SkipReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SkipReason::NotDeclared(why) => write!(f, "{why}"),
            SkipReason::Refused(why) => write!(f, "cannot start the game: {why}"),
            SkipReason::EngineFailed(why) => write!(f, "{why}"),
        }
    }
}

impl VectorVerdict {
    pub fn is_fail(&self) -> bool {
        matches!(self, VectorVerdict::Fail(_))
    }
}

/// Checks one vector against one implementation, with the vector's own options.
pub fn judge_vector(rules: &dyn RuleSet, vector: &Vector) -> VectorVerdict {
    judge_game(rules, vector, &vector.game, Depth::Full)
}

/// Checks `vector`'s expectations against `rules` playing `game` (the vector's game, or the
/// same turns with other option values), to `depth`.
pub fn judge_game(
    rules: &dyn RuleSet,
    vector: &Vector,
    game: &Game,
    depth: Depth,
) -> VectorVerdict {
    match derive_or_skip(rules, game) {
        Err(Err(skip)) => VectorVerdict::Skip(skip),
        Err(Ok(e)) => VectorVerdict::Fail(vec![e]),
        Ok(got) => {
            let diff = differences(&game.setup.board, &vector.expected(), &got, depth);
            match (diff.is_empty(), depth) {
                (false, _) => VectorVerdict::Fail(diff),
                (true, Depth::Full) => VectorVerdict::Pass,
                (true, Depth::Verdicts) => {
                    VectorVerdict::PassVerdicts("legality and winner only".into())
                }
            }
        }
    }
}

/// The outcome of a directed record's lasso (`dir:WIN`), by the transcription, as JSON;
/// `None` without a `cycle`.
pub fn lasso_outcome(record: &Record, game: &Game) -> Result<Option<serde_json::Value>, String> {
    let Some(cycle) = record.cycle_turns(game).map_err(|e| e.0)? else {
        return Ok(None);
    };
    let board = &game.setup.board;
    let decided = crate::variants::directed::lasso_outcome(game, &cycle)?;
    Ok(Some(match decided {
        Ok(o) => crate::spec::lasso::to_json(&o, board),
        Err(e) => serde_json::json!({
            "illegal": crate::spec::lasso::describe_error(&e, board, game, &cycle)
        }),
    }))
}

/// Checks the vector's `readings` against the transcription: each declared status must be
/// what the transcription gives.
pub fn check_readings(reference: &dyn RuleSet, vector: &Vector) -> Vec<String> {
    // The lasso's outcome (dir:WIN) is the transcription's: checked with the reference.
    if vector.head.lasso.is_some() || vector.record.cycle.is_some() {
        match lasso_outcome(&vector.record, &vector.game) {
            // Compared as written (a rational "0" and an integer 0 read back alike).
            Ok(got) if show(&got) == show(&vector.head.lasso) => {}
            Ok(got) => {
                return vec![format!(
                    "lasso: expected {}, got {}",
                    show(&vector.head.lasso),
                    show(&got)
                )]
            }
            Err(e) => return vec![format!("lasso: {e}")],
        }
    }
    if vector.head.readings.is_empty() {
        return Vec::new();
    }
    let base = vector.expected();
    let got = match readings(reference, &vector.game, &base) {
        Ok(r) => r,
        Err(e) => return vec![format!("readings: {e}")],
    };
    let mut out = Vec::new();
    for (option, values) in &vector.head.readings {
        for (value, declared) in values {
            let actual = got.get(option).and_then(|m| m.get(value)).copied();
            if actual != Some(*declared) {
                out.push(format!(
                    "readings.{option}.{value}: declared {}, {} gives {}",
                    declared.word(),
                    reference.name(),
                    actual.map_or("nothing", Status::word)
                ));
            }
        }
    }
    let own = |o: &str| option_value(vector.game.setup.options, o);
    for (option, values) in &vector.head.readings {
        if let Some(s) = values.get(&own(option)) {
            if *s != Status::Valid {
                out.push(format!(
                    "readings.{option}.{}: the vector's own option value must be valid, not {}",
                    own(option),
                    s.word()
                ));
            }
        }
    }
    out
}

/// Every vector file under `dir` (`.yaml`, `.yml`, `.json`), recursively, sorted by path.
pub fn files(dir: &Path) -> Result<Vec<PathBuf>, InputError> {
    // The one folder walk (depth cap, no link loops; a FIFO named like a vector is then
    // refused by the reader, never waited on).
    let vector = |path: &Path| {
        path.extension().is_some_and(|x| {
            let x = x.to_string_lossy().to_ascii_lowercase();
            x == "yaml" || x == "yml" || x == "json"
        })
    };
    crate::io::walk::files(dir, true, &vector, MAX_VECTOR_FILES, "vector")
}

/// Reads every vector under `dir`; ids must be distinct.
pub fn load_dir(dir: &Path) -> Result<Vec<(PathBuf, Vector)>, InputError> {
    let mut seen: BTreeMap<String, PathBuf> = BTreeMap::new();
    let mut out = Vec::new();
    for path in files(dir)? {
        let v = Vector::load(&path)?;
        if let Some(first) = seen.insert(v.head.id.clone(), path.clone()) {
            return Err(InputError(format!(
                "{}: field 'id': '{}' is already the id of {}",
                path.display(),
                v.head.id,
                first.display()
            )));
        }
        out.push((path, v));
    }
    Ok(out)
}

/// One vector's outcome on every side checked.
#[derive(Clone, Debug)]
pub struct VectorRun {
    pub file: PathBuf,
    pub id: String,
    pub clauses: Vec<String>,
    /// (side name, outcome), in the order the sides were given.
    pub outcomes: Vec<(String, VectorVerdict)>,
}

/// Pass / fail / skip counts per clause id and side.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub pass: usize,
    pub fail: usize,
    pub skip: usize,
}

/// The outcome of checking a set of vectors.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    pub sides: Vec<String>,
    pub runs: Vec<VectorRun>,
}

impl Summary {
    pub fn failed(&self) -> bool {
        self.runs
            .iter()
            .any(|r| r.outcomes.iter().any(|(_, o)| o.is_fail()))
    }

    /// `graphgo vectors check --json` (spec/FORMAT.md): every vector's outcome on each
    /// side, the per-clause tally, the totals per side, and whether all passed. `stopped` names the signal that
    /// ended the run early (null when it ran to the end).
    pub fn to_json(&self, loaded: usize, stopped: Option<&str>) -> serde_json::Value {
        use serde_json::{json, Value};
        let summary = self;
        let vectors: Vec<Value> = summary
            .runs
            .iter()
            .map(|run| {
                let outcomes: serde_json::Map<String, Value> = run
                    .outcomes
                    .iter()
                    .map(|(side, o)| {
                        let (outcome, detail) = o.to_json();
                        (side.clone(), json!({"outcome": outcome, "detail": detail}))
                    })
                    .collect();
                json!({
                    "id": run.id,
                    "file": run.file.display().to_string(),
                    "clauses": run.clauses,
                    "outcomes": outcomes,
                })
            })
            .collect();
        let tally = |pass: usize, fail: usize, skip: usize| json!({"pass": pass, "fail": fail, "skip": skip});
        let clauses: serde_json::Map<String, Value> = summary
            .per_clause()
            .into_iter()
            .map(|(clause, row)| {
                let sides: serde_json::Map<String, Value> = summary
                    .sides
                    .iter()
                    .zip(row)
                    .map(|(side, t)| (side.clone(), tally(t.pass, t.fail, t.skip)))
                    .collect();
                (clause, Value::Object(sides))
            })
            .collect();
        let totals: serde_json::Map<String, Value> = summary
            .sides
            .iter()
            .enumerate()
            .map(|(i, side)| {
                let count = |f: &dyn Fn(&VectorVerdict) -> bool| {
                    summary.runs.iter().filter(|r| f(&r.outcomes[i].1)).count()
                };
                let t = tally(
                    count(&|o| matches!(o, VectorVerdict::Pass | VectorVerdict::PassVerdicts(_))),
                    count(&|o| o.is_fail()),
                    count(&|o| matches!(o, VectorVerdict::Skip(_))),
                );
                (side.clone(), t)
            })
            .collect();
        json!({
            "sides": summary.sides,
            "passed": !summary.failed() && stopped.is_none(),
            "vectors_checked": summary.runs.len(),
            "vectors_found": loaded,
            "stopped": stopped,
            "vectors": vectors,
            "clauses": clauses,
            "totals": totals,
        })
    }

    /// clause -> per side tally.
    pub fn per_clause(&self) -> BTreeMap<String, Vec<Tally>> {
        let mut out: BTreeMap<String, Vec<Tally>> = BTreeMap::new();
        for run in &self.runs {
            for clause in &run.clauses {
                let row = out
                    .entry(clause.clone())
                    .or_insert_with(|| vec![Tally::default(); self.sides.len()]);
                for (i, (_, o)) in run.outcomes.iter().enumerate() {
                    match o {
                        VectorVerdict::Pass | VectorVerdict::PassVerdicts(_) => row[i].pass += 1,
                        VectorVerdict::Fail(_) => row[i].fail += 1,
                        VectorVerdict::Skip(_) => row[i].skip += 1,
                    }
                }
            }
        }
        out
    }

    /// The report: every failure (file, id, side, the differing fields), the skipped
    /// vectors with their reason, the per-clause table, and a closing line.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for run in &self.runs {
            for (side, o) in &run.outcomes {
                match o {
                    VectorVerdict::Fail(lines) => {
                        let _ =
                            writeln!(out, "FAIL {} ({}) on {side}:", run.id, run.file.display());
                        for l in lines {
                            let _ = writeln!(out, "  {l}");
                        }
                    }
                    VectorVerdict::Skip(why) => {
                        let _ = writeln!(out, "skip {} on {side}: {why}", run.id);
                    }
                    VectorVerdict::PassVerdicts(why) => {
                        let _ = writeln!(out, "pass {} on {side} ({why})", run.id);
                    }
                    VectorVerdict::Pass => {}
                }
            }
        }
        out.push_str(&self.table_text());
        out
    }

    /// The per-clause table (pass, fail and skip counts per side) and the closing line of
    /// totals: the report without its per-vector lines, for reports that list the failures
    /// and skips their own way.
    pub fn table_text(&self) -> String {
        let mut out = String::new();
        let w = self
            .per_clause()
            .keys()
            .map(String::len)
            .max()
            .unwrap_or(6)
            .max(6);
        let _ = write!(out, "{:w$}", "clause");
        for side in &self.sides {
            let _ = write!(out, "  {:>20}", format!("{side} pass/fail/skip"));
        }
        out.push('\n');
        for (clause, row) in self.per_clause() {
            let _ = write!(out, "{clause:w$}");
            for t in row {
                let _ = write!(out, "  {:>20}", format!("{}/{}/{}", t.pass, t.fail, t.skip));
            }
            out.push('\n');
        }
        let _ = write!(out, "{} vectors", self.runs.len());
        for (i, side) in self.sides.iter().enumerate() {
            let count = |f: &dyn Fn(&VectorVerdict) -> bool| {
                self.runs.iter().filter(|r| f(&r.outcomes[i].1)).count()
            };
            let _ = write!(
                out,
                "; {side}: {} pass, {} fail, {} skipped",
                count(&|o| matches!(o, VectorVerdict::Pass | VectorVerdict::PassVerdicts(_))),
                count(&|o| o.is_fail()),
                count(&|o| matches!(o, VectorVerdict::Skip(_)))
            );
        }
        out.push('\n');
        out
    }
}

/// Checks every vector against every side with the vector's own options; the first side
/// is the reference, against which the `readings` are checked too.
pub fn check_all(sides: &[&dyn RuleSet], vectors: &[(PathBuf, Vector)]) -> Summary {
    let mut summary = Summary {
        sides: sides.iter().map(|s| s.name().to_string()).collect(),
        runs: Vec::new(),
    };
    for (file, v) in vectors {
        let mut outcomes = Vec::new();
        for (i, side) in sides.iter().enumerate() {
            let mut o = judge_vector(*side, v);
            if i == 0 {
                let bad = check_readings(*side, v);
                if !bad.is_empty() {
                    o = match o {
                        VectorVerdict::Fail(mut lines) => {
                            lines.extend(bad);
                            VectorVerdict::Fail(lines)
                        }
                        _ => VectorVerdict::Fail(bad),
                    };
                }
            }
            outcomes.push((side.name().to_string(), o));
        }
        summary.runs.push(VectorRun {
            file: file.clone(),
            id: v.head.id.clone(),
            clauses: v.head.clauses.clone(),
            outcomes,
        });
    }
    summary
}

/// Formats a rational as vectors write it.
pub fn rational_text(r: &BigRational) -> String {
    rational::format(r)
}
