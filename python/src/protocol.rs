//! A Python implementation of the rules as a graphgo `RuleSet`, so that it goes through
//! graphgo's one verification path (`graphgo::conformance::verify`, the comparer
//! `graphgo::differential::compare`) like a Rust engine or a GTP engine.
//!
//! The protocol is the one of the adapters' `Library` classes (`adapters/gtp_subset.py`), in
//! process: `implementation(side)` returns a fresh game on an empty `side x side` board, Black
//! to move, with
//!   - `play(colour, point)`: colour `"b"` or `"w"`, point `(column, row)` counted from 0 at the
//!     bottom left, or `None` for a pass; raises (the `refusal` class) for an illegal move;
//!   - `stones(colour)`: the points of that colour's stones;
//!   - `legal(colour)`: the points that colour may play now, or, where the implementation
//!     has no list of its own, `is_legal(colour, point)` (asked point by point); with
//!     neither, legality is read from the answers of `play` alone.
//!
//! As for a GTP engine, the rest (whose turn it is, the end after two passes, resignation,
//! the score) is graphgo's bookkeeping, taken from graphgo's engine played alongside: those
//! are not what is verified. An exception other than a refusal, or a malformed answer, ends
//! the verification and is raised again in Python once graphgo's loop has stopped.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use pyo3::exceptions::{PyException, PyTypeError};
use pyo3::prelude::*;

use graphgo::board::{Board, Vertex};
use graphgo::conformance::gtp::{square_side, OnSquareGrids};
use graphgo::conformance::verify::{Boards, EngineFailure, EngineUnderTest, Support};
use graphgo::engine::Engine;
use graphgo::game::{
    Colour, Illegal, Observation, Options, Playable, Player, RuleId, RuleSet, Setup, Turn,
    Unsupported,
};
use graphgo::io::record::Game as RecordGame;
use graphgo::variants::Rules;

use crate::convert;
use crate::errors::{guard, to_py, Fail, OrRaise};
use crate::game::{Game, Implementation};

/// A Python implementation, declared: the rules graphgo is set to for it, its sides.
pub struct PyRules {
    factory: Py<PyAny>,
    refusal: Py<PyAny>,
    name: String,
    options: Options,
    sides: (usize, usize),
    /// The first exception of the implementation that is not a refusal: it ends the run
    /// and is raised again in Python.
    failure: Rc<RefCell<Option<PyErr>>>,
}

impl PyRules {
    pub fn new(
        py: Python<'_>,
        factory: Py<PyAny>,
        options: Option<&Bound<'_, PyAny>>,
        sides: (usize, usize),
        refusal: Option<Py<PyAny>>,
        name: Option<String>,
    ) -> PyResult<PyRules> {
        let options = crate::game::options_from(options).or_raise(py)?;
        PyRules::with_options(py, factory, options, sides, refusal, name)
    }

    fn with_options(
        py: Python<'_>,
        factory: Py<PyAny>,
        options: Options,
        sides: (usize, usize),
        refusal: Option<Py<PyAny>>,
        name: Option<String>,
    ) -> PyResult<PyRules> {
        let refusal = refusal.unwrap_or_else(|| py.get_type::<PyException>().into_any().unbind());
        let name = match name {
            Some(n) => n,
            None => factory
                .bind(py)
                .getattr("__name__")
                .and_then(|n| n.extract::<String>())
                .unwrap_or_else(|_| "python".to_string()),
        };
        Ok(PyRules {
            factory,
            refusal,
            name,
            options,
            sides,
            failure: Rc::new(RefCell::new(None)),
        })
    }

    /// Why the implementation cannot play `setup`, if it cannot.
    fn refuses(&self, setup: &Setup) -> Option<String> {
        let Some(n) = square_side(&setup.board) else {
            return Some("the implementation plays square grids only".into());
        };
        if n < self.sides.0 || n > self.sides.1 {
            return Some(format!(
                "the implementation plays sides {} to {}, not {n}",
                self.sides.0, self.sides.1
            ));
        }
        if setup.rules != RuleId::Ggg1 {
            return Some("implementations are compared under ggg1 only".into());
        }
        if setup.options != self.options {
            return Some("the options are the implementation's: not changed".into());
        }
        if setup.initial.iter().any(|&c| c != Colour::Empty) || setup.to_move == Player::White {
            return Some("the protocol has no setup: an empty board with Black to move".into());
        }
        None
    }

    fn fail(&self, err: PyErr) {
        self.failure.borrow_mut().get_or_insert(err);
    }

    /// The exception that ended the run, if any (taken: it is raised once).
    pub fn take_failure(&self) -> Option<PyErr> {
        self.failure.borrow_mut().take()
    }
}

impl RuleSet for PyRules {
    fn name(&self) -> &str {
        &self.name
    }

    fn start(&self, setup: &Setup) -> Result<Box<dyn Playable>, Unsupported> {
        if self.failure.borrow().is_some() {
            return Err(Unsupported("the implementation failed before".into()));
        }
        if let Some(why) = self.refuses(setup) {
            return Err(Unsupported(why));
        }
        let side = square_side(&setup.board).expect("checked by refuses");
        let started = Python::attach(|py| {
            self.factory
                .call1(py, (side,))
                .map_err(|e| (e.to_string(), e))
        });
        let object = match started {
            Ok(o) => o,
            Err((text, e)) => {
                self.fail(e);
                return Err(Unsupported(format!("the implementation raised: {text}")));
            }
        };
        let shadow = Engine.start(setup)?;
        Ok(Box::new(PyGame {
            object,
            refusal: Python::attach(|py| self.refusal.clone_ref(py)),
            failure: Rc::clone(&self.failure),
            board: Arc::clone(&setup.board),
            side,
            shadow,
            departed: false,
        }))
    }
}

impl EngineUnderTest for PyRules {
    fn support(&self) -> Support {
        Support {
            rules: vec![RuleId::Ggg1],
            boards: Boards::SquareGrids,
            max_vertices: self.sides.1 * self.sides.1,
            setup_stones: false,
            white_first: false,
            komi: true,
            ..Support::everything()
        }
        .pinned_to(self.options)
    }

    fn failure(&self) -> Option<EngineFailure> {
        let failure = self.failure.borrow();
        failure.as_ref().map(|e| EngineFailure::Protocol {
            command: "a call of the Python implementation".into(),
            answer: format!("it raised {e}"),
            stderr: String::new(),
        })
    }

    fn methods(&self) -> String {
        "in process, through play, stones and legal".into()
    }
}

/// One game of the implementation, with graphgo's engine alongside for the bookkeeping.
struct PyGame {
    object: Py<PyAny>,
    refusal: Py<PyAny>,
    failure: Rc<RefCell<Option<PyErr>>>,
    board: Arc<Board>,
    side: usize,
    shadow: Box<dyn Playable>,
    /// The implementation played a turn graphgo refuses: the bookkeeping no longer follows.
    departed: bool,
}

fn colour_letter(p: Player) -> &'static str {
    match p {
        Player::Black => "b",
        Player::White => "w",
    }
}

impl PyGame {
    /// Records a failure of the implementation and unwinds out of graphgo's loop (whose
    /// guard catches the panic; the exception is raised again afterwards).
    fn failed(&self, err: PyErr) -> ! {
        let text = err.to_string();
        self.failure.borrow_mut().get_or_insert(err);
        panic!("the Python implementation raised {text}");
    }

    fn point(&self, v: Vertex) -> (usize, usize) {
        (v % self.side, v / self.side)
    }

    /// Points answered by the implementation, as vertices.
    fn vertices(&self, py: Python<'_>, answer: &Bound<'_, PyAny>, call: &str) -> Vec<Vertex> {
        let mut out = Vec::new();
        let iter = match answer.try_iter() {
            Ok(i) => i,
            Err(e) => self.failed(e),
        };
        for item in iter {
            let point = item.and_then(|p| p.extract::<(usize, usize)>());
            match point {
                Ok((c, r)) if c < self.side && r < self.side => out.push(r * self.side + c),
                Ok((c, r)) => self.failed(PyTypeError::new_err(format!(
                    "{call} answered the point ({c}, {r}), off the {0}x{0} board",
                    self.side
                ))),
                Err(e) => self.failed(PyTypeError::new_err(format!(
                    "{call} must answer (column, row) pairs of ints: {e}"
                ))),
            }
        }
        let _ = py;
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The legal moves of `colour`: from `legal(colour)` when the implementation lists them,
    /// else from `is_legal(colour, point)` point by point, else graphgo's own list (then only
    /// the answers of `play` show a difference), as for a GTP engine's commands.
    fn legal_moves(&self, colour: Player) -> Option<Vec<Vertex>> {
        let has =
            |name: &str| Python::attach(|py| self.object.bind(py).hasattr(name).unwrap_or(false));
        if has("legal") {
            return Some(self.ask("legal", colour));
        }
        if !has("is_legal") {
            return None;
        }
        Some(Python::attach(|py| {
            (0..self.board.len())
                .filter(|&v| {
                    let point = self.point(v);
                    let answer = self
                        .object
                        .call_method1(py, "is_legal", (colour_letter(colour), point))
                        .and_then(|a| a.bind(py).is_truthy());
                    match answer {
                        Ok(legal) => legal,
                        Err(e) => self.failed(e),
                    }
                })
                .collect()
        }))
    }

    fn ask(&self, method: &str, colour: Player) -> Vec<Vertex> {
        Python::attach(|py| {
            let call = format!("{method}({:?})", colour_letter(colour));
            match self
                .object
                .call_method1(py, method, (colour_letter(colour),))
            {
                Ok(answer) => self.vertices(py, answer.bind(py), &call),
                Err(e) => self.failed(e),
            }
        })
    }
}

impl Playable for PyGame {
    fn observe(&self) -> Observation {
        let mut o = self.shadow.observe();
        let mut position = vec![Colour::Empty; self.board.len()];
        for player in Player::BOTH {
            for v in self.ask("stones", player) {
                position[v] = player.colour();
            }
        }
        o.position = position;
        o
    }

    fn legal_turns(&self) -> Vec<Turn> {
        let Some(player) = self.shadow.observe().to_move else {
            return Vec::new();
        };
        let shadow = self.shadow.legal_turns();
        let Some(moves) = self.legal_moves(player) else {
            return shadow;
        };
        let mut legal: Vec<Turn> = shadow
            .into_iter()
            .filter(|t| !matches!(t, Turn::Move { .. }))
            .collect();
        legal.extend(moves.into_iter().map(|at| Turn::Move { player, at }));
        legal.sort();
        legal.dedup();
        legal
    }

    fn play(&mut self, turn: &Turn) -> Result<(), Illegal> {
        // Whose turn it is and whether the game is over are graphgo's bookkeeping: such
        // turns are not sent to the implementation (as for a GTP engine).
        if self.departed || self.shadow.observe().to_move != Some(turn.player()) {
            return self.shadow.play(turn);
        }
        let graphgo_allows = self.shadow.legal_turns().contains(turn);
        let point = match *turn {
            Turn::Move { at, .. } => Some(Some(self.point(at))),
            Turn::Pass { .. } => Some(None),
            // Resignation is graphgo's bookkeeping.
            _ => None,
        };
        let answer = match point {
            None => Ok(()),
            Some(point) => Python::attach(|py| {
                let colour = colour_letter(turn.player());
                match self.object.call_method1(py, "play", (colour, point)) {
                    Ok(_) => Ok(()),
                    Err(e) if e.matches(py, self.refusal.bind(py)).unwrap_or(false) => {
                        Err(e.to_string())
                    }
                    Err(e) => self.failed(e),
                }
            }),
        };
        match (answer, graphgo_allows) {
            (Ok(()), true) => self.shadow.play(turn),
            (Ok(()), false) => {
                self.departed = true;
                Ok(())
            }
            (Err(e), true) => Err(Illegal {
                clause: graphgo::game::clause::Clause::Outside { by: "python" },
                reason: format!("the implementation refuses it: {e}"),
            }),
            // Both refuse: the reason is graphgo's (the implementation gives no clause).
            (Err(_), false) => self.shadow.play(turn),
        }
    }
}

/// Runs `f` (which drives the implementation), then raises the implementation's own
/// exception if it failed, else a panic inside graphgo as `graphgo.InternalError`.
pub fn guarded_run<T>(py: Python<'_>, rules: &PyRules, f: impl FnOnce() -> T) -> PyResult<T> {
    let result = guard(|| Ok(f()));
    if let Some(e) = rules.take_failure() {
        return Err(e);
    }
    result.or_raise(py)
}

/// Where a Python implementation departs from graphgo on a game.
#[pyclass(module = "graphgo", frozen, get_all)]
pub struct Departure {
    /// The behaviour group of the conformance report (`"simple ko"`, `"lone self-capture"`
    /// ...), as `graphgo conformance` classifies it.
    pub group: String,
    /// The clause ids involved, the one that decides first.
    pub clauses: Vec<String>,
    /// Why, in words (the verification's explanation).
    pub why: String,
    /// Where the sides differ and what each did (the comparer's description).
    pub description: String,
    /// The disputed turn, as a record writes it.
    pub disputed: Option<String>,
    /// How many turns both played before the difference showed.
    pub after: usize,
    /// The turns up to and including the one the difference shows at.
    pub turns: Vec<String>,
    /// Those turns as a game record (YAML), to replay with `graphgo play`.
    pub record: String,
}

#[pymethods]
impl Departure {
    fn __repr__(&self) -> String {
        format!(
            "<graphgo.Departure {}: {} after {} turns ({})>",
            self.group,
            self.disputed.as_deref().unwrap_or("-"),
            self.after,
            self.clauses.join(", ")
        )
    }

    fn __str__(&self) -> String {
        format!("{}\n{}\n{}", self.group, self.why, self.description)
    }
}

fn compare_with<R: RuleSet>(
    graphgo_side: R,
    options: Options,
    rules: &PyRules,
    game: &RecordGame,
) -> Option<graphgo::differential::compare::Divergence> {
    let a = OnSquareGrids {
        rules: graphgo_side,
        options,
    };
    graphgo::differential::compare::compare(&a, rules, game)
}

/// Plays `game`'s turns on a Python implementation and on graphgo side by side, comparing
/// the stones and the legal moves after every turn and the verdict on every turn, under the
/// game's own rules (its options: they must be the implementation's). Returns the first
/// `Departure`, or `None` when they agree throughout.
#[pyfunction]
#[pyo3(signature = (implementation, game, *, sides=(2, 25), refusal=None, name=None))]
pub fn compare(
    py: Python<'_>,
    implementation: Py<PyAny>,
    game: &Game,
    sides: (usize, usize),
    refusal: Option<Py<PyAny>>,
    name: Option<String>,
) -> PyResult<Option<Departure>> {
    let (played, engine) = game.with(|s| (s.game(), s.implementation))?;
    let options = played.setup.options;
    let rules = PyRules::with_options(py, implementation, options, sides, refusal, name)?;
    if let Some(why) = rules.refuses(&played.setup) {
        return Err(to_py(
            py,
            Fail::Input(format!("{}: cannot play this game: {why}", rules.name)),
        ));
    }
    let found = guarded_run(py, &rules, || match engine {
        Implementation::Rules => compare_with(Rules, options, &rules, &played),
        Implementation::Engine => compare_with(Engine, options, &rules, &played),
    })?;
    let Some(d) = found else {
        return Ok(None);
    };
    let setup = &played.setup;
    let names = setup.turn_names();
    let prefix = &played.turns[..d.turns.min(played.turns.len())];
    let disputed = graphgo::conformance::report::disputed_turn(&d);
    let group = graphgo::conformance::report::classify(setup, prefix, disputed.as_ref(), options);
    let explained = graphgo::conformance::verify::explain_divergence(&played, &d);
    let needed = &played.turns[..d.turns_needed().min(played.turns.len())];
    Ok(Some(Departure {
        group: group.title().to_string(),
        clauses: explained.clauses,
        why: explained.text,
        description: d.describe(names),
        disputed: disputed.map(|t| t.text(names)),
        after: d.turns,
        turns: needed.iter().map(|t| t.text(names)).collect(),
        record: convert::record_of(setup, needed).to_yaml(),
    }))
}

/// The implementations declared under `folder` (`adapters/`): one dict each with `name`,
/// `title`, `version`, `package`, `sides` (the square sides it plays; `None` for one that
/// plays only its own graphs, as polyclash's sphere), `options` (graphgo's options matching
/// its declared rules, as records write them), `rules` (each declared rule's value) and
/// `missing` (why it could not be installed, if so).
#[pyfunction]
pub fn declarations<'py>(
    py: Python<'py>,
    folder: std::path::PathBuf,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let found = graphgo::conformance::report::declarations(&folder)
        .map_err(Fail::Input)
        .or_raise(py)?;
    let mut out = Vec::new();
    for (path, d) in found {
        // The implementation's own row (its configurations, if any, are rows of their own
        // in the report; the claims here are the implementation's).
        let row = graphgo::conformance::report::DeclaredRow {
            declaration: d.clone(),
            configuration: None,
        };
        let options = row
            .own_options()
            .map_err(|e| Fail::Input(format!("{}: {e}", path.display())))
            .or_raise(py)?;
        let rules: serde_json::Map<String, serde_json::Value> = row
            .rules()
            .iter()
            .map(|(k, v)| (k.clone(), serde_json::Value::String(v.word())))
            .collect();
        let value = serde_json::json!({
            "name": d.name,
            "title": d.title,
            "version": d.version,
            "language": d.language,
            "registry": d.registry,
            "package": d.package,
            "sides": d.boards.square.map(|s| [s.min, s.max]),
            "options": options,
            "rules": rules,
            "missing": d.missing,
            "file": path.display().to_string(),
        });
        out.push(convert::from_json(py, &value)?);
    }
    Ok(out)
}
