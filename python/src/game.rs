//! `graphgo.Game`: a game being played, under the transcription (`graphgo::variants::Rules`,
//! the default) or the engine (`graphgo::engine::Engine`), started from a record (a file,
//! YAML or JSON text), SGF, or keyword arguments that go through the record reader.

use std::sync::Mutex;

use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};

use graphgo::engine::Engine;
use graphgo::game::{Colour, Observation, Options, Playable, Player, RuleId, Setup, Turn};
use graphgo::io::record::{self, Record};
use graphgo::variants::Rules;

use crate::convert;
use crate::errors::{detached, guard, Fail, OrRaise, Result};

/// Which implementation of graphgo plays a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Implementation {
    /// The transcription with the rule variants (`graphgo::variants::Rules`): the reference.
    Rules,
    /// The optimized engine (`graphgo::engine::Engine`), tested equal to it.
    Engine,
}

impl Implementation {
    pub fn parse(word: &str) -> Result<Implementation> {
        match word {
            "spec" => Ok(Implementation::Rules),
            "engine" => Ok(Implementation::Engine),
            other => Err(Fail::Input(format!(
                "engine: '{other}' is not spec or engine"
            ))),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Implementation::Rules => "spec",
            Implementation::Engine => "engine",
        }
    }

    fn start(self, setup: &Setup) -> Result<Box<dyn Playable + Send>> {
        let started = match self {
            Implementation::Rules => Rules.start_send(setup),
            Implementation::Engine => Engine.start_send(setup),
        };
        started.map_err(|e| Fail::Input(e.0))
    }
}

/// A game and everything needed to replay it (plain Rust data: it moves to another thread
/// while a long call runs with the interpreter's lock released).
pub struct State {
    pub setup: Setup,
    pub implementation: Implementation,
    playing: Box<dyn Playable + Send>,
    /// The turns played, all legal.
    pub turns: Vec<Turn>,
    /// What is observed now.
    pub now: Observation,
}

impl State {
    /// The game at its setup.
    pub fn start(setup: Setup, implementation: Implementation) -> Result<State> {
        let playing = implementation.start(&setup)?;
        let now = playing.observe();
        Ok(State {
            setup,
            implementation,
            playing,
            turns: Vec::new(),
            now,
        })
    }

    /// The game after `turns`, refusing (with the turn's number) the first illegal one.
    pub fn replay(setup: Setup, implementation: Implementation, turns: &[Turn]) -> Result<State> {
        let mut state = State::start(setup, implementation)?;
        for turn in turns {
            state.play(turn)?;
        }
        Ok(state)
    }

    /// Reads a turn as a record writes it; a single word (`3-3`, `pass`) is a turn of the
    /// player to move.
    pub fn parse(&self, text: &str) -> Result<Turn> {
        let setup = &self.setup;
        let parse =
            |t: &str| record::parse_turn(&setup.board, &setup.equipment, t).map_err(Fail::Input);
        let mut words = text.split_whitespace();
        match (words.next(), words.next(), self.now.to_move) {
            (Some(word), None, Some(player)) => parse(&format!("{} {word}", player.letter())),
            _ => parse(text),
        }
    }

    /// The turn as a record writes it.
    pub fn text(&self, turn: &Turn) -> String {
        turn.text(self.setup.turn_names())
    }

    /// Plays a turn: the points it emptied, or why it is refused (the game unchanged).
    pub fn play(&mut self, turn: &Turn) -> Result<Vec<usize>> {
        if let Err(illegal) = self.playing.play(turn) {
            return Err(Fail::Illegal {
                number: self.turns.len() + 1,
                turn: self.text(turn),
                clause: illegal.clause.to_string(),
                reason: illegal.reason,
            });
        }
        let after = self.playing.observe();
        let removed = graphgo::io::replay::removed_points(
            &self.setup,
            turn,
            &self.now.position,
            &after.position,
        );
        self.now = after;
        self.turns.push(turn.clone());
        Ok(removed)
    }

    pub fn legal(&self) -> Vec<Turn> {
        self.playing.legal_turns()
    }

    /// The game as a record holds it: the setup and the turns played.
    pub fn game(&self) -> record::Game {
        record::Game {
            setup: self.setup.clone(),
            turns: self.turns.clone(),
        }
    }
}

/// A record's game, played: refuses a record whose turns the rules refuse.
fn from_record_game(game: record::Game, implementation: Implementation) -> Result<State> {
    State::replay(game.setup, implementation, &game.turns)
}

/// The options of an SGF game or of a keyword argument, from a dict with the record's names.
pub fn options_from(value: Option<&Bound<'_, PyAny>>) -> Result<Options> {
    let Some(value) = value.filter(|v| !v.is_none()) else {
        return Ok(Options::default());
    };
    let json = convert::to_json(value, "options")?;
    // Through a minimal record, so that the message is the record reader's.
    let mut probe = serde_json::Map::new();
    probe.insert("rules".into(), "ggg1".into());
    probe.insert("board".into(), serde_json::json!({"path": 1}));
    probe.insert("options".into(), json);
    let record = Record::from_value(serde_json::Value::Object(probe))?;
    Ok(record.options.unwrap_or_default())
}

fn rules_from(word: &str) -> Result<RuleId> {
    RuleId::parse(word).ok_or_else(|| {
        Fail::Input(format!(
            "rules: unknown rule set '{word}' (expected ggg1, ggg2, ggg3, topo-primitive, topo-stones, mango or directed)"
        ))
    })
}

/// The result of a finished game.
#[pyclass(module = "graphgo", frozen, get_all)]
pub struct GameResult {
    /// `"black"`, `"white"`, or `None` for a draw or no result.
    pub winner: Option<String>,
    /// `"score"`, `"resignation"`, `"no-move"`, `"repetition"` (option `repetition_end`) or
    /// `"no-result"` (`repetition_end: third-situation-no-result`: no winner, not a draw).
    pub by: String,
    /// Black's and White's scores (komi included) as Fractions, where the rules score.
    pub score: Option<Py<PyAny>>,
}

#[pymethods]
impl GameResult {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let score = match &self.score {
            Some(s) => s.bind(py).repr()?.to_string(),
            None => "None".into(),
        };
        Ok(format!(
            "GameResult(winner={}, by={:?}, score={score})",
            self.winner
                .as_ref()
                .map_or("None".to_string(), |w| format!("{w:?}")),
            self.by
        ))
    }
}

/// The clause trace of a game, as `graphgo play --explain` prints it.
#[pyclass(module = "graphgo", frozen)]
pub struct Trace {
    text: String,
    json: serde_json::Value,
}

#[pymethods]
impl Trace {
    /// What `graphgo play --explain` prints.
    #[getter]
    fn text(&self) -> &str {
        &self.text
    }

    /// One dict a turn: `number`, `turn`, `legal`, `steps` (each `clause` and `says`).
    #[getter]
    fn turns<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        convert::from_json(py, &self.json["turns"])
    }

    /// How the game ended and was scored, as steps (`clause`, `says`).
    #[getter]
    fn end<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        convert::from_json(py, &self.json["end"])
    }

    /// The trace of the last turn (the one asked for with `Game.explain(turn)`), or `None`.
    #[getter]
    fn last<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let last = self.json["turns"]
            .as_array()
            .and_then(|t| t.last())
            .cloned()
            .unwrap_or(serde_json::Value::Null);
        convert::from_json(py, &last)
    }

    /// The whole trace as `graphgo play --json --explain` writes it under `explain`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        convert::from_json(py, &self.json)
    }

    fn __str__(&self) -> &str {
        &self.text
    }

    fn __repr__(&self) -> String {
        let turns = self.json["turns"].as_array().map_or(0, Vec::len);
        format!("<graphgo.Trace of {turns} turns>")
    }
}

/// A game of Go under one of graphgo's rule sets, on any board a record can name.
#[pyclass(module = "graphgo")]
pub struct Game {
    state: Mutex<State>,
    /// The board's vertex names (or a go-space's placement names), as Python strings.
    names: Vec<Py<PyString>>,
}

impl Game {
    pub fn from_state(py: Python<'_>, state: State) -> Game {
        let names = state
            .setup
            .board
            .names()
            .iter()
            .map(|n| PyString::new(py, n).unbind())
            .collect();
        Game {
            state: Mutex::new(state),
            names,
        }
    }

    /// The state, for a method that has the game to itself (`&mut self`: Python's borrow
    /// check already refused any other user, so the lock is never waited for).
    fn state_mut(&mut self) -> &mut State {
        match self.state.get_mut() {
            Ok(s) => s,
            Err(poisoned) => poisoned.into_inner(),
        }
    }

    /// The state for reading.
    pub fn with<T>(&self, f: impl FnOnce(&State) -> T) -> PyResult<T> {
        match self.state.try_lock() {
            Ok(s) => Ok(f(&s)),
            Err(std::sync::TryLockError::Poisoned(p)) => Ok(f(&p.into_inner())),
            Err(std::sync::TryLockError::WouldBlock) => Err(
                pyo3::exceptions::PyRuntimeError::new_err("this game is in use by another thread"),
            ),
        }
    }

    fn names_of<'py>(&self, py: Python<'py>, points: &[usize]) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, points.iter().map(|&v| self.names[v].bind(py)))
    }
}

fn colour_word(c: Colour) -> &'static str {
    match c {
        Colour::Black => "black",
        Colour::White => "white",
        Colour::Empty => "empty",
    }
}

fn player_from(word: &str) -> Result<Player> {
    match word.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Player::Black),
        "w" | "white" => Ok(Player::White),
        _ => Err(Fail::Input(format!(
            "colour: '{word}' is not black or white"
        ))),
    }
}

#[pymethods]
impl Game {
    /// A game from keyword arguments, read exactly as a record with these fields
    /// (spec/FORMAT.md): `rules` (`"ggg1"` ...), `board` (`{"grid": [9, 9]}` ...), `setup`
    /// (`{"black": [...], "white": [...]}`), `to_move`, `komi` (a Fraction, int, float or
    /// text), `prisoners`, `options`, `mango`, `moves`; `engine` is `"spec"` (the
    /// transcription, the default) or `"engine"` (the optimized engine).
    #[new]
    #[pyo3(signature = (rules, board, *, setup=None, to_move=None, komi=None, prisoners=None, options=None, mango=None, moves=None, engine="spec"))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        rules: &Bound<'_, PyAny>,
        board: &Bound<'_, PyAny>,
        setup: Option<&Bound<'_, PyAny>>,
        to_move: Option<&Bound<'_, PyAny>>,
        komi: Option<&Bound<'_, PyAny>>,
        prisoners: Option<&Bound<'_, PyAny>>,
        options: Option<&Bound<'_, PyAny>>,
        mango: Option<&Bound<'_, PyAny>>,
        moves: Option<&Bound<'_, PyAny>>,
        engine: &str,
    ) -> PyResult<Game> {
        let implementation = Implementation::parse(engine).or_raise(py)?;
        let mut fields = serde_json::Map::new();
        let given = [
            ("rules", Some(rules)),
            ("board", Some(board)),
            ("setup", setup),
            ("to_move", to_move),
            ("prisoners", prisoners),
            ("options", options),
            ("mango", mango),
            ("moves", moves),
        ];
        for (name, value) in given {
            if let Some(v) = value.filter(|v| !v.is_none()) {
                fields.insert(name.into(), convert::to_json(v, name).or_raise(py)?);
            }
        }
        if let Some(k) = komi.filter(|v| !v.is_none()) {
            let r = convert::rational_from(k, "komi").or_raise(py)?;
            fields.insert("komi".into(), graphgo::rational::format(&r).into());
        }
        let state = detached(py, move || {
            let record = Record::from_value(serde_json::Value::Object(fields))?;
            let game = record.game()?;
            record.cycle_turns(&game)?;
            from_record_game(game, implementation)
        })?;
        Ok(Game::from_state(py, state))
    }

    /// A game from a record's text (YAML, which also reads JSON; `json=True` reads JSON
    /// only), its turns played.
    #[staticmethod]
    #[pyo3(signature = (text, *, json=false, engine="spec"))]
    fn from_record(py: Python<'_>, text: String, json: bool, engine: &str) -> PyResult<Game> {
        let implementation = Implementation::parse(engine).or_raise(py)?;
        let state = detached(py, move || {
            let record = Record::parse(&text, json)?;
            let game = record.game()?;
            record.cycle_turns(&game)?;
            from_record_game(game, implementation)
        })?;
        Ok(Game::from_state(py, state))
    }

    /// A game from SGF text: the first game tree's main variation, played under `rules`
    /// (`ggg1`, `ggg2` or `ggg3`) with `options` (SGF's `RU` names rules graphgo does not
    /// transcribe).
    #[staticmethod]
    #[pyo3(signature = (text, *, rules="ggg1", options=None, engine="spec"))]
    fn from_sgf(
        py: Python<'_>,
        text: String,
        rules: &str,
        options: Option<&Bound<'_, PyAny>>,
        engine: &str,
    ) -> PyResult<Game> {
        let implementation = Implementation::parse(engine).or_raise(py)?;
        let rules = rules_from(rules).or_raise(py)?;
        let options = options_from(options).or_raise(py)?;
        let state = detached(py, move || {
            let game = graphgo::io::sgf::parse(&text, rules, options)?;
            from_record_game(game, implementation)
        })?;
        Ok(Game::from_state(py, state))
    }

    /// A game from a file: a record (`.json` as JSON, anything else as YAML) or SGF
    /// (`.sgf`, played under `rules` and `options`, which are for SGF only, as on the
    /// command line). Messages start with the path, as `graphgo play` prints them.
    #[staticmethod]
    #[pyo3(signature = (path, *, rules=None, options=None, engine="spec"))]
    fn from_file(
        py: Python<'_>,
        path: std::path::PathBuf,
        rules: Option<&str>,
        options: Option<&Bound<'_, PyAny>>,
        engine: &str,
    ) -> PyResult<Game> {
        use graphgo::io::record::RecordInput;
        let implementation = Implementation::parse(engine).or_raise(py)?;
        let sgf_given = rules.is_some() || options.is_some_and(|o| !o.is_none());
        let rules = rules.map(rules_from).transpose().or_raise(py)?;
        let options = options_from(options).or_raise(py)?;
        let state = detached(py, move || {
            let shown = record::input_name(&path);
            let at_file = |e: record::InputError| Fail::Input(format!("{shown}: {e}"));
            match graphgo::io::record::read_record_or_sgf(&path)? {
                RecordInput::Sgf(text) => {
                    let game =
                        graphgo::io::sgf::parse(&text, rules.unwrap_or(RuleId::Ggg1), options)
                            .map_err(at_file)?;
                    from_record_game(game, implementation)
                }
                RecordInput::Record(_) if sgf_given => Err(Fail::Input(format!(
                    "{shown}: rules and options are for SGF files; a YAML or JSON record names its own rules and options"
                ))),
                RecordInput::Record(r) => {
                    let game = r.game().map_err(at_file)?;
                    r.cycle_turns(&game).map_err(at_file)?;
                    from_record_game(game, implementation).map_err(|f| match f {
                        Fail::Input(m) => Fail::Input(format!("{shown}: {m}")),
                        other => other,
                    })
                }
            }
        })?;
        Ok(Game::from_state(py, state))
    }

    /// Plays a turn (`"B 3-3"`, `"W pass"`, `"B resign"`, the directed rules' turns, or
    /// one word for the player to move) and returns the points it removed. A turn the
    /// rules refuse raises `graphgo.IllegalTurn` (its `clause` and `reason`) and changes
    /// nothing; a turn that names no vertex raises `graphgo.InputError`.
    fn play<'py>(&mut self, py: Python<'py>, turn: &str) -> PyResult<Bound<'py, PyList>> {
        let state = self.state_mut();
        let removed = guard(|| {
            let t = state.parse(turn)?;
            state.play(&t)
        })
        .or_raise(py)?;
        self.names_of(py, &removed)
    }

    /// Plays turns in order with the interpreter's lock released (a whole game), and
    /// returns what each removed. At the first refused turn raises `graphgo.IllegalTurn`,
    /// the turns before it played.
    fn play_all<'py>(
        &mut self,
        py: Python<'py>,
        turns: Vec<String>,
    ) -> PyResult<Bound<'py, PyList>> {
        let state = self.state_mut();
        let removed = detached(py, move || {
            let mut all = Vec::with_capacity(turns.len());
            for text in &turns {
                let t = state.parse(text)?;
                all.push(state.play(&t)?);
            }
            Ok(all)
        })?;
        let lists: Vec<Bound<'py, PyList>> = removed
            .iter()
            .map(|r| self.names_of(py, r))
            .collect::<PyResult<_>>()?;
        PyList::new(py, lists)
    }

    /// Takes back the last turn (the game is replayed from its setup without it) and
    /// returns it.
    fn undo(&mut self, py: Python<'_>) -> PyResult<String> {
        let state = self.state_mut();
        let undone = detached(py, move || {
            let Some(last) = state.turns.last().cloned() else {
                return Err(Fail::Input("undo: no turn has been played".into()));
            };
            let turns = &state.turns[..state.turns.len() - 1];
            let replayed = State::replay(state.setup.clone(), state.implementation, turns)?;
            let text = replayed.text(&last);
            *state = replayed;
            Ok(text)
        })?;
        Ok(undone)
    }

    /// Every legal turn of the player to move (empty once the game is over), as records
    /// write them.
    fn legal_turns(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        self.with(|s| guard(|| Ok(s.legal().iter().map(|t| s.text(t)).collect())))?
            .or_raise(py)
    }

    /// Whether the rules accept `turn` now (a turn that names no vertex raises).
    fn is_legal(&self, py: Python<'_>, turn: &str) -> PyResult<bool> {
        self.with(|s| guard(|| Ok(s.legal().contains(&s.parse(turn)?))))?
            .or_raise(py)
    }

    /// The names of the board's vertices (on a go-space, its points), in the board's order.
    #[getter]
    fn vertices<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.names.iter().map(|n| n.bind(py)))
    }

    /// The colour of every vertex (`"black"`, `"white"` or `"empty"`), in the order of
    /// `vertices`.
    #[getter]
    fn position<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let words = self.with(|s| {
            s.now
                .position
                .iter()
                .map(|&c| colour_word(c))
                .collect::<Vec<_>>()
        })?;
        PyList::new(py, words)
    }

    /// The vertices of one colour's stones (`"black"`/`"b"` or `"white"`/`"w"`).
    fn stones<'py>(&self, py: Python<'py>, colour: &str) -> PyResult<Bound<'py, PyList>> {
        let player = player_from(colour).or_raise(py)?;
        let points = self.with(|s| {
            (0..s.now.position.len())
                .filter(|&v| s.now.position[v] == player.colour())
                .collect::<Vec<_>>()
        })?;
        self.names_of(py, &points)
    }

    /// The neighbours of a vertex on the board.
    fn neighbours<'py>(&self, py: Python<'py>, vertex: &str) -> PyResult<Bound<'py, PyList>> {
        let found = self.with(|s| {
            s.setup
                .board
                .vertex(vertex)
                .map(|v| s.setup.board.neighbours(v).to_vec())
                .ok_or_else(|| Fail::Input(format!("no vertex named '{vertex}' on this board")))
        })?;
        let points = found.or_raise(py)?;
        self.names_of(py, &points)
    }

    /// The player to move (`"black"` or `"white"`), or `None` once the game is over.
    #[getter]
    fn to_move(&self) -> PyResult<Option<&'static str>> {
        self.with(|s| s.now.to_move.map(Player::word))
    }

    /// Whether the game is over.
    #[getter]
    fn over(&self) -> PyResult<bool> {
        self.with(|s| s.now.result.is_some())
    }

    /// How the game ended, or `None` while it goes on.
    #[getter]
    fn result(&self, py: Python<'_>) -> PyResult<Option<GameResult>> {
        let result = self.with(|s| s.now.result.clone())?;
        let Some(r) = result else {
            return Ok(None);
        };
        let score = match &r.score {
            Some(pair) => Some(convert::fractions(py, pair)?.unbind()),
            None => None,
        };
        let by = serde_json::to_value(r.by)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default();
        Ok(Some(GameResult {
            winner: r.winner.map(|p| p.word().to_string()),
            by,
            score,
        }))
    }

    /// Black's and White's running scores as Fractions, where the rules keep them during
    /// play (MANGO, the directed rules); else `None`. The final scores are `result.score`.
    #[getter]
    fn scores<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let scores = self.with(|s| s.now.scores.clone())?;
        scores.map(|pair| convert::fractions(py, &pair)).transpose()
    }

    /// `ggg3`'s prisoner counts P and Q (Black's, White's), else `None`.
    #[getter]
    fn prisoners(&self) -> PyResult<Option<(u64, u64)>> {
        self.with(|s| s.now.prisoners.map(|[p, q]| (p, q)))
    }

    /// The turns played, as records write them.
    #[getter]
    fn turns(&self) -> PyResult<Vec<String>> {
        self.with(|s| s.turns.iter().map(|t| s.text(t)).collect())
    }

    /// The rule set (`"ggg1"` ...).
    #[getter]
    fn rules(&self) -> PyResult<&'static str> {
        self.with(|s| s.setup.rules.name())
    }

    /// The komi, as a Fraction.
    #[getter]
    fn komi<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let komi = self.with(|s| s.setup.komi.clone())?;
        convert::fraction(py, &komi)
    }

    /// The options (readings and rule variants), as a record writes them.
    #[getter]
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let options = self.with(|s| s.setup.options)?;
        let value = serde_json::to_value(options).unwrap_or_default();
        convert::from_json(py, &value)
    }

    /// `"spec"` or `"engine"`: which implementation plays the game.
    #[getter]
    fn engine(&self) -> PyResult<&'static str> {
        self.with(|s| s.implementation.name())
    }

    /// The clause trace of the game so far (what `graphgo play --explain` prints), or,
    /// given a turn, of the game with that turn played next (`trace.last` is that turn's;
    /// the game itself is unchanged). Always the transcription's.
    #[pyo3(signature = (turn=None))]
    fn explain(&self, py: Python<'_>, turn: Option<&str>) -> PyResult<Trace> {
        let prepared = self.with(|s| -> Result<record::Game> {
            let mut game = s.game();
            if let Some(t) = turn {
                game.turns.push(s.parse(t)?);
            }
            Ok(game)
        })?;
        let game = prepared.or_raise(py)?;
        let (text, json) = detached(py, move || {
            let trace = graphgo::explain::explain_record(&game).map_err(Fail::Input)?;
            Ok((trace.to_text(), trace.to_json()))
        })?;
        Ok(Trace { text, json })
    }

    /// The position after `turn` turns (0: the setup; `None`: now) as an SVG picture, as
    /// `graphgo show` draws it.
    #[pyo3(signature = (turn=None))]
    fn svg(&self, py: Python<'_>, turn: Option<usize>) -> PyResult<String> {
        let game = self.with(State::game)?;
        detached(py, move || {
            graphgo::show::render(&game, turn, graphgo::show::Format::Svg).map_err(Fail::Input)
        })
    }

    /// Jupyter's picture of the game: the position now, as SVG.
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        self.svg(py, None)
    }

    /// The game as a record (YAML; `json=True`: JSON), its board in the short form when
    /// it has one (`grid: [9, 9]`).
    #[pyo3(signature = (*, json=false))]
    fn record(&self, json: bool) -> PyResult<String> {
        self.with(|s| {
            let record = convert::record_of(&s.setup, &s.turns);
            if json {
                serde_json::to_string_pretty(&record).unwrap_or_default()
            } else {
                record.to_yaml()
            }
        })
    }

    /// The game as SGF, or `None` when its board is not a grid SGF can draw.
    fn sgf(&self) -> PyResult<Option<String>> {
        self.with(|s| graphgo::io::sgf::write(&s.game(), ""))
    }

    /// What `graphgo play` prints for this game (`json=True`: `graphgo play --json`).
    #[pyo3(signature = (*, json=false))]
    fn report<'py>(&self, py: Python<'py>, json: bool) -> PyResult<Bound<'py, PyAny>> {
        let game = self.with(State::game)?;
        let (text, value) = detached(py, move || {
            let replay =
                graphgo::io::replay::replay(&Rules, &game).map_err(|e| Fail::Input(e.0))?;
            Ok((replay.to_text(&game), replay.to_json(&game)))
        })?;
        if json {
            convert::from_json(py, &value)
        } else {
            Ok(PyString::new(py, &text).into_any())
        }
    }

    /// The same game at its setup, before its first turn (a new game).
    fn start(&self, py: Python<'_>) -> PyResult<Game> {
        let (setup, implementation) = self.with(|s| (s.setup.clone(), s.implementation))?;
        let state = detached(py, move || State::start(setup, implementation))?;
        Ok(Game::from_state(py, state))
    }

    /// An independent copy (the game replayed from its setup).
    fn copy(&self, py: Python<'_>) -> PyResult<Game> {
        let (setup, implementation, turns) =
            self.with(|s| (s.setup.clone(), s.implementation, s.turns.clone()))?;
        let state = detached(py, move || State::replay(setup, implementation, &turns))?;
        Ok(Game::from_state(py, state))
    }

    fn __copy__(&self, py: Python<'_>) -> PyResult<Game> {
        self.copy(py)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> PyResult<Game> {
        self.copy(py)
    }

    fn __len__(&self) -> PyResult<usize> {
        self.with(|s| s.turns.len())
    }

    /// The game as Python that rebuilds it: `graphgo.Game.from_record('''...''')` (what
    /// Hypothesis prints for a falsifying example).
    fn __repr__(&self) -> PyResult<String> {
        self.with(|s| {
            let text = convert::record_of(&s.setup, &s.turns).to_yaml();
            let engine = match s.implementation {
                Implementation::Rules => String::new(),
                Implementation::Engine => ", engine='engine'".to_string(),
            };
            format!("graphgo.Game.from_record('''\n{text}'''{engine})")
        })
    }
}
