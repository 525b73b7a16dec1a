//! Judging vectors: one implementation's verdict on one vector ([`judge_vector`]), the
//! vector files of a folder read under their caps ([`load_dir`]), and every side on every
//! vector, tallied per clause ([`check_all`], a [`Summary`]).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::game::{RuleId, RuleSet};
use crate::io::record::{Game, InputError, Record};

use super::*;

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
