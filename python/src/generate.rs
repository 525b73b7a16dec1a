//! The native side of `graphgo.strategies`: graphgo's own generators of boards and setups
//! (`graphgo::differential::fuzz`, the campaign's), driven by a random source that replays
//! the words Hypothesis drew, so that Hypothesis shrinks what they generate (shorter lists
//! of words and smaller words give the generators' first choices); and games whose turns are
//! chosen among graphgo's legal turns by indices Hypothesis draws.

use num_rational::BigRational;
use pyo3::prelude::*;
use rand::RngCore;

use graphgo::board::Board;
use graphgo::conformance::vectors::with_option;
use graphgo::differential::fuzz::{self, ChooserView};
use graphgo::game::{Colour, Player, RuleId, Setup, Turn};
use graphgo::io::record::RecordBoard;

use crate::convert;
use crate::errors::{detached, Fail, OrRaise, Result};
use crate::game::{Game, Implementation, State};

/// A random source that gives back the words Hypothesis drew, then zeros: zero is every
/// generator's first choice (the low end of a range), so shrinking the words shrinks the
/// board and the setup.
pub struct Choices {
    words: Vec<u64>,
    next: usize,
}

impl Choices {
    pub fn new(words: Vec<u64>) -> Choices {
        Choices { words, next: 0 }
    }
}

impl RngCore for Choices {
    fn next_u32(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }

    fn next_u64(&mut self) -> u64 {
        let word = self.words.get(self.next).copied().unwrap_or(0);
        self.next += 1;
        word
    }

    fn fill_bytes(&mut self, dst: &mut [u8]) {
        for chunk in dst.chunks_mut(8) {
            let bytes = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&bytes[..chunk.len()]);
        }
    }
}

/// The board the campaign's generator draws from `words` (at most `max_vertices`
/// vertices), as a record's `board` field.
#[pyfunction]
pub fn generate_board<'py>(
    py: Python<'py>,
    words: Vec<u64>,
    max_vertices: usize,
) -> PyResult<Bound<'py, PyAny>> {
    let board = draw_board(&mut Choices::new(words), max_vertices);
    let written = convert::record_of(&Setup::new(RuleId::Ggg1, board), &[]).board;
    let value = serde_json::to_value(written).unwrap_or_default();
    convert::from_json(py, &value)
}

fn draw_board(rng: &mut Choices, max_vertices: usize) -> Board {
    for _ in 0..100 {
        let board = fuzz::random_board(rng);
        if board.len() <= max_vertices {
            return board;
        }
    }
    Board::grid(1, 1).expect("a 1x1 grid")
}

/// What a setup must keep to (a declaration, as `graphgo::conformance::verify::Support`
/// conforms the campaign's setups).
struct Within {
    rules: Option<RuleId>,
    options: Option<serde_json::Map<String, serde_json::Value>>,
    setup_stones: bool,
    white_first: bool,
    komi: bool,
}

/// A setup of `family` from the campaign's generators, drawn from `words`, on `board` (a
/// record's board field) when given, and kept within the declaration.
#[pyfunction]
#[pyo3(signature = (family, words, *, board=None, rules=None, options=None, setup_stones=true, white_first=true, komi=true, max_vertices=40, engine="spec"))]
#[allow(clippy::too_many_arguments)]
pub fn generate_setup(
    py: Python<'_>,
    family: &str,
    words: Vec<u64>,
    board: Option<&Bound<'_, PyAny>>,
    rules: Option<&str>,
    options: Option<&Bound<'_, PyAny>>,
    setup_stones: bool,
    white_first: bool,
    komi: bool,
    max_vertices: usize,
    engine: &str,
) -> PyResult<Game> {
    let implementation = Implementation::parse(engine).or_raise(py)?;
    let board = match board.filter(|b| !b.is_none()) {
        Some(b) => {
            let value = convert::to_json(b, "board").or_raise(py)?;
            let written: RecordBoard = serde_json::from_value(value)
                .map_err(|e| Fail::Input(format!("board: {e}")))
                .or_raise(py)?;
            Some(written.build().map_err(Fail::from).or_raise(py)?)
        }
        None => None,
    };
    let rules = match rules {
        Some(r) => Some(
            RuleId::parse(r)
                .ok_or_else(|| Fail::Input(format!("rules: unknown rule set '{r}'")))
                .or_raise(py)?,
        ),
        None => None,
    };
    let options = match options.filter(|o| !o.is_none()) {
        Some(o) => match convert::to_json(o, "options").or_raise(py)? {
            serde_json::Value::Object(map) => Some(map),
            _ => {
                return Err(crate::errors::to_py(
                    py,
                    Fail::Input("options: a dict of option names and values".into()),
                ))
            }
        },
        None => None,
    };
    let within = Within {
        rules,
        options,
        setup_stones,
        white_first,
        komi,
    };
    let family = family.to_string();
    let state = detached(py, move || {
        let mut rng = Choices::new(words);
        let setup = draw_setup(&family, &mut rng, board, max_vertices, &within)?;
        State::start(setup, implementation)
    })?;
    Ok(Game::from_state(py, state))
}

fn draw_setup(
    family: &str,
    rng: &mut Choices,
    board: Option<Board>,
    max_vertices: usize,
    within: &Within,
) -> Result<Setup> {
    let graph_board = |rng: &mut Choices| match board.clone() {
        Some(b) => b,
        None => draw_board(rng, max_vertices),
    };
    let mut setup = match family {
        "ggg" => {
            let board = graph_board(rng);
            fuzz::random_setup(rng, board)
        }
        "mango" => {
            let board = graph_board(rng);
            fuzz::random_mango_setup(rng, board)
        }
        "topological" => fuzz::random_topological_setup(rng),
        "directed" => fuzz::random_directed_setup(rng),
        other => {
            return Err(Fail::Input(format!(
                "family: '{other}' is not ggg, mango, topological or directed"
            )))
        }
    };
    if let Some(rules) = within.rules {
        let allowed = match family {
            "ggg" => RuleId::GRAPH.contains(&rules),
            "topological" => matches!(rules, RuleId::TopoPrimitive | RuleId::TopoStones),
            _ => rules == setup.rules,
        };
        if !allowed {
            return Err(Fail::Input(format!(
                "rules: {} is not a rule set of the family {family}",
                rules.name()
            )));
        }
        if rules != setup.rules {
            setup.rules = rules;
            setup.prisoners = [0, 0];
            setup.komi = BigRational::from_integer(0.into());
        }
    }
    if let Some(options) = &within.options {
        for (name, value) in options {
            let value = value.as_str().unwrap_or_default();
            setup.options = with_option(setup.options, name, value).ok_or_else(|| {
                Fail::Input(format!(
                    "options.{name}: '{value}' is not a value of {name}"
                ))
            })?;
        }
    }
    if !within.setup_stones {
        setup.initial = vec![Colour::Empty; setup.board.len()];
    }
    if !within.white_first {
        setup.to_move = Player::Black;
    }
    if !within.komi {
        setup.komi = BigRational::from_integer(0.into());
    }
    Ok(setup)
}

/// The game after turns chosen from `setup`'s game, one `(kind, k)` a turn: kind 0 takes
/// the `k`-th legal turn (modulo their number); kind 1 retakes the ko (the point of the one
/// stone the last turn captured) when that is legal, else does as kind 2; kind 2 takes the
/// `k`-th legal move on the last liberty of a group in atari (`ChooserView::atari_points`,
/// the campaign chooser's favourites: captures, escapes, self-captures), else as kind 0.
/// Stops when the game is over, no turn is legal, or the choices run out.
#[pyfunction]
pub fn generate_game(py: Python<'_>, setup: &Game, choices: Vec<(u8, u64)>) -> PyResult<Game> {
    let (start, implementation) = setup.with(|s| (s.setup.clone(), s.implementation))?;
    let state = detached(py, move || {
        let mut state = State::start(start, implementation)?;
        let mut ko: Option<usize> = None;
        let max_turns = choices.len();
        for (kind, k) in choices {
            let Some(player) = state.now.to_move else {
                break;
            };
            let legal = state.legal();
            if legal.is_empty() {
                break;
            }
            let pick = |from: &[Turn]| from[(k % from.len() as u64) as usize].clone();
            let retaken = ko
                .map(|at| Turn::Move { player, at })
                .filter(|t| kind == 1 && legal.contains(t));
            let atari: Vec<Turn> = if kind == 0 {
                Vec::new()
            } else {
                let view = ChooserView {
                    board: &state.setup.board,
                    observation: &state.now,
                    legal: &legal,
                    turns: state.turns.len(),
                    max_turns,
                    ko,
                };
                view.atari_points()
                    .into_iter()
                    .map(|at| Turn::Move { player, at })
                    .filter(|t| legal.contains(t))
                    .collect()
            };
            let turn = match retaken {
                Some(t) => t,
                None if !atari.is_empty() => pick(&atari),
                None => pick(&legal),
            };
            let before = state.now.position.clone();
            state.play(&turn)?;
            let captured: Vec<usize> = (0..before.len())
                .filter(|&v| before[v] != Colour::Empty && state.now.position[v] == Colour::Empty)
                .collect();
            ko = (captured.len() == 1).then(|| captured[0]);
        }
        Ok(state)
    })?;
    Ok(Game::from_state(py, state))
}
