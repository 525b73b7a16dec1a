//! The conformance vectors from Python: a folder loaded (`load_vectors`), each vector with
//! its expected turns and end; graphgo's own check of a folder (`check_vectors`, what
//! `graphgo vectors check` runs); and a Python implementation judged against them (`judge`,
//! through `graphgo::conformance::verify::run_vectors`, the one verification path).

use std::path::PathBuf;
use std::sync::Arc;

use pyo3::prelude::*;

use graphgo::conformance::vectors::{self, Summary};
use graphgo::differential::compare;

use crate::convert;
use crate::errors::{detached, Fail, OrRaise};
use crate::game::{Game, Implementation, State};
use crate::protocol::{self, PyRules};

/// A conformance vector: a game record, what must happen at every turn, and how the game
/// must end (spec/FORMAT.md, "Conformance vectors").
#[pyclass(module = "graphgo", frozen)]
pub struct Vector {
    pub file: PathBuf,
    pub vector: Arc<vectors::Vector>,
}

/// Rationals in expectations (`scores`, `score`) as Fractions; everything else as read.
fn with_fractions<'py>(py: Python<'py>, value: &serde_json::Value) -> PyResult<Bound<'py, PyAny>> {
    let converted = convert::from_json(py, value)?;
    fix_scores(py, &converted)?;
    Ok(converted)
}

fn fix_scores(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<()> {
    use pyo3::types::{PyDict, PyList};
    if let Ok(list) = value.cast::<PyList>() {
        for item in list.iter() {
            fix_scores(py, &item)?;
        }
    } else if let Ok(dict) = value.cast::<PyDict>() {
        for key in ["scores", "score"] {
            if let Some(pair) = dict.get_item(key)? {
                if let Ok(pair) = pair.cast::<PyDict>() {
                    let fraction = py.import("fractions")?.getattr("Fraction")?;
                    for colour in ["black", "white"] {
                        if let Some(v) = pair.get_item(colour)? {
                            pair.set_item(colour, fraction.call1((v.str()?,))?)?;
                        }
                    }
                }
            }
        }
    }
    Ok(())
}

#[pymethods]
impl Vector {
    /// The vector's id.
    #[getter]
    fn id(&self) -> &str {
        &self.vector.head.id
    }

    /// The clause ids it exercises.
    #[getter]
    fn clauses(&self) -> Vec<String> {
        self.vector.head.clauses.clone()
    }

    /// The file it was read from.
    #[getter]
    fn file(&self) -> PathBuf {
        self.file.clone()
    }

    /// Why the vector exists, in words (its `note`), if it says.
    #[getter]
    fn note(&self) -> Option<String> {
        self.vector.head.note.clone()
    }

    /// The rule set.
    #[getter]
    fn rules(&self) -> &str {
        &self.vector.record.rules
    }

    /// The turns, as records write them.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.vector.record.moves.clone()
    }

    /// What each turn must do: a dict a turn with `play`, `legal`, and as the vector gives
    /// them `clause` (of a refusal), `removed`, `position` (`black` and `white` lists),
    /// `prisoners`, `scores` (Fractions) and `to_move`.
    #[getter]
    fn turns<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let value = serde_json::to_value(&self.vector.head.turns).unwrap_or_default();
        with_fractions(py, &value)
    }

    /// How the game must end (`winner`, `by`, `score` as Fractions), or `None` when the
    /// game is not over after its turns.
    #[getter]
    fn result<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let value = serde_json::to_value(&self.vector.head.result).unwrap_or_default();
        with_fractions(py, &value)
    }

    /// The readings: for each option and value, `valid`, `acceptable` or `invalid`.
    #[getter]
    fn readings<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let value = serde_json::to_value(&self.vector.head.readings).unwrap_or_default();
        convert::from_json(py, &value)
    }

    /// The game at its setup, before the first turn (`engine`: `"spec"` or `"engine"`).
    #[pyo3(signature = (*, engine="spec"))]
    fn start(&self, py: Python<'_>, engine: &str) -> PyResult<Game> {
        let implementation = Implementation::parse(engine).or_raise(py)?;
        let setup = self.vector.game.setup.clone();
        let state = detached(py, move || State::start(setup, implementation))?;
        Ok(Game::from_state(py, state))
    }

    /// The vector as YAML, as `graphgo vectors new` writes it.
    fn to_yaml(&self) -> String {
        self.vector.to_yaml()
    }

    fn __repr__(&self) -> String {
        format!(
            "<graphgo.Vector {} ({} turns, {})>",
            self.vector.head.id,
            self.vector.head.turns.len(),
            self.file.display()
        )
    }
}

/// Reads every vector under `folder` (`.yaml`, `.yml`, `.json`, recursively, sorted by
/// path), with the interpreter's lock released.
#[pyfunction]
pub fn load_vectors(py: Python<'_>, folder: PathBuf) -> PyResult<Vec<Vector>> {
    let loaded = detached(py, move || Ok(vectors::load_dir(&folder)?))?;
    Ok(loaded
        .into_iter()
        .map(|(file, vector)| Vector {
            file,
            vector: Arc::new(vector),
        })
        .collect())
}

/// The outcome of checking vectors: what `graphgo vectors check` prints (`text`), the same
/// as `--json` writes it (`to_dict()`), and whether every vector passed.
#[pyclass(module = "graphgo", frozen)]
pub struct VectorReport {
    summary: Summary,
    found: usize,
}

#[pymethods]
impl VectorReport {
    /// The report as `graphgo vectors check` prints it: every failure with the fields that
    /// differ, the skipped vectors and why, the table per clause, the totals.
    #[getter]
    fn text(&self) -> String {
        self.summary.text()
    }

    /// Whether no vector failed.
    #[getter]
    fn passed(&self) -> bool {
        !self.summary.failed()
    }

    /// The sides checked.
    #[getter]
    fn sides(&self) -> Vec<String> {
        self.summary.sides.clone()
    }

    /// `(vector id, side, lines)` for every failure.
    #[getter]
    fn failures(&self) -> Vec<(String, String, Vec<String>)> {
        let mut out = Vec::new();
        for run in &self.summary.runs {
            for (side, outcome) in &run.outcomes {
                if let vectors::VectorVerdict::Fail(lines) = outcome {
                    out.push((run.id.clone(), side.clone(), lines.clone()));
                }
            }
        }
        out
    }

    /// `(vector id, side, outcome)`, outcome `pass`, `pass-verdicts`, `fail` or `skip`.
    #[getter]
    fn outcomes(&self) -> Vec<(String, String, String)> {
        let mut out = Vec::new();
        for run in &self.summary.runs {
            for (side, outcome) in &run.outcomes {
                out.push((
                    run.id.clone(),
                    side.clone(),
                    outcome.to_json().0.to_string(),
                ));
            }
        }
        out
    }

    /// The report as `graphgo vectors check --json` writes it.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        convert::from_json(py, &self.summary.to_json(self.found, None))
    }

    fn __str__(&self) -> String {
        self.summary.text()
    }

    fn __repr__(&self) -> String {
        format!(
            "<graphgo.VectorReport {} vectors on {}: {}>",
            self.summary.runs.len(),
            self.summary.sides.join(", "),
            if self.summary.failed() {
                "failed"
            } else {
                "passed"
            }
        )
    }
}

/// The vectors of a folder (a path) or a list of `Vector`s.
fn vector_list(
    py: Python<'_>,
    vectors: &Bound<'_, PyAny>,
) -> PyResult<Vec<(PathBuf, vectors::Vector)>> {
    if let Ok(list) = vectors.extract::<Vec<PyRef<'_, Vector>>>() {
        return Ok(list
            .iter()
            .map(|v| (v.file.clone(), (*v.vector).clone()))
            .collect());
    }
    let folder: PathBuf = vectors.extract()?;
    let loaded = detached(py, move || Ok(vectors::load_dir(&folder)?))?;
    if loaded.is_empty() {
        return Err(crate::errors::to_py(
            py,
            Fail::Input(format!(
                "{}: no vector files (.yaml, .yml, .json)",
                vectors.str()?
            )),
        ));
    }
    Ok(loaded)
}

/// graphgo's own check of vectors, the transcription and the engine (what `graphgo vectors
/// check FOLDER` runs), with the interpreter's lock released.
#[pyfunction]
pub fn check_vectors(py: Python<'_>, vectors: &Bound<'_, PyAny>) -> PyResult<VectorReport> {
    let list = vector_list(py, vectors)?;
    let found = list.len();
    let summary = detached(py, move || {
        compare::quiet_panics_in_sides();
        let (spec, engine) = (compare::reference(), compare::engine());
        Ok(vectors::check_all(&[&*spec, &*engine], &list))
    })?;
    Ok(VectorReport { summary, found })
}

/// Judges a Python implementation against vectors (a folder or a list of `Vector`s),
/// reporting like `graphgo vectors check`. `implementation(side)` returns a fresh game on
/// an empty `side x side` board, an object with `play(colour, point)`, `stones(colour)` and
/// `legal(colour)` (see `graphgo.Implementation`); `options` are graphgo's options that
/// match the implementation's own rules (a dict as records write them); `sides` the board
/// sides it plays; `refusal` the exception class (or tuple) its `play` raises for an
/// illegal move (other exceptions propagate).
#[pyfunction]
#[pyo3(signature = (implementation, vectors, *, options=None, sides=(2, 19), refusal=None, name=None))]
pub fn judge(
    py: Python<'_>,
    implementation: Py<PyAny>,
    vectors: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyAny>>,
    sides: (usize, usize),
    refusal: Option<Py<PyAny>>,
    name: Option<String>,
) -> PyResult<VectorReport> {
    let list = vector_list(py, vectors)?;
    let found = list.len();
    let rules = PyRules::new(py, implementation, options, sides, refusal, name)?;
    let summary = protocol::guarded_run(py, &rules, || {
        graphgo::conformance::verify::run_vectors(&rules, &list)
    })?;
    Ok(VectorReport { summary, found })
}
