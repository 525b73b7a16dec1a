//! The engine declaration: what an implementation under test is ([`EngineUnderTest`]: a
//! [`RuleSet`] that declares what it supports, [`Support`], and may say how talking to it
//! failed, [`EngineFailure`]), and [`Declared`], which declares any Rust [`RuleSet`]. The one
//! verification path (`crate::conformance::verify`) takes any of them: a Rust engine in process,
//! a GTP engine (`crate::conformance::gtp_rules::GtpRules`) or a library behind an adapter.

use crate::board::{Board, Shape};
use crate::conformance::vectors::{self, Undeclared};
use crate::game::{
    Colour, KoPass, Neutral, NoMove, Options, Playable, Player, Repetition, RepetitionEnd, RuleId,
    RuleSet, SelfCapture, Setup, Turn, Unsupported,
};

/// The boards an engine plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Boards {
    /// Any simple graph.
    Any,
    /// Rectangular grids only (`grid: [w, h]`).
    Grids,
    /// Square grids only (`grid: [n, n]`), as most Go programs.
    SquareGrids,
}

/// What an engine declares it supports. A vector or a generated game outside it is
/// skipped, never counted as a failure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Support {
    pub rules: Vec<RuleId>,
    pub boards: Boards,
    /// At most this many vertices.
    pub max_vertices: usize,
    /// The values of each option the engine can play (at least one each).
    pub neutral: Vec<Neutral>,
    pub no_move: Vec<NoMove>,
    pub self_capture: Vec<SelfCapture>,
    pub repetition: Vec<Repetition>,
    pub ko_pass: Vec<KoPass>,
    pub repetition_end: Vec<RepetitionEnd>,
    /// Stones on the board before the first turn.
    pub setup_stones: bool,
    /// White taking the first turn.
    pub white_first: bool,
    /// A komi other than 0.
    pub komi: bool,
}

impl Support {
    /// Everything graphgo's own implementations play (General Graph Go, topological Go, MANGO,
    /// directed).
    pub fn everything() -> Support {
        Support {
            rules: RuleId::ALL.to_vec(),
            boards: Boards::Any,
            max_vertices: crate::board::MAX_VERTICES,
            neutral: vec![Neutral::Both, Neutral::None],
            no_move: vec![NoMove::Lose, NoMove::Pass],
            self_capture: vec![SelfCapture::All, SelfCapture::Multi, SelfCapture::None],
            repetition: Repetition::ALL.to_vec(),
            ko_pass: vec![KoPass::Clears, KoPass::Keeps],
            repetition_end: RepetitionEnd::ALL.to_vec(),
            setup_stones: true,
            white_first: true,
            komi: true,
        }
    }

    /// The values of one option the engine plays, as records write them.
    pub fn values(&self, option: &str) -> Vec<String> {
        fn words<T: serde::Serialize>(xs: &[T]) -> Vec<String> {
            xs.iter()
                .filter_map(|x| serde_json::to_value(x).ok())
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect()
        }
        match option {
            "neutral" => words(&self.neutral),
            "no_move" => words(&self.no_move),
            "self_capture" => words(&self.self_capture),
            "repetition" => words(&self.repetition),
            "ko_pass" => words(&self.ko_pass),
            "repetition_end" => words(&self.repetition_end),
            _ => Vec::new(),
        }
    }

    /// Why the engine cannot play this board, if it cannot.
    pub fn board_refused(&self, board: &Board) -> Option<Undeclared> {
        if board.len() > self.max_vertices {
            return Some(Undeclared::TooManyVertices {
                vertices: board.len(),
                most: self.max_vertices,
            });
        }
        let grid = match *board.shape() {
            Shape::Plane { width, height } => Board::grid(width, height)
                .ok()
                .filter(|g| g == board)
                .map(|_| (width, height)),
            _ => None,
        };
        match (self.boards, grid) {
            (Boards::Any, _) => None,
            (Boards::Grids, Some(_)) => None,
            (Boards::SquareGrids, Some((w, h))) if w == h => None,
            (Boards::Grids, None) => Some(Undeclared::NotAGrid),
            (Boards::SquareGrids, _) => Some(Undeclared::NotASquareGrid),
        }
    }

    /// Why the engine cannot play this setup as it is, if it cannot (rules, board, setup
    /// fields and option values).
    pub fn refuses(&self, setup: &Setup) -> Option<Undeclared> {
        self.refuses_except_options(setup).or_else(|| {
            // The options switch readings of General Graph Go; other rules ignore them.
            if !RuleId::GRAPH.contains(&setup.rules) {
                return None;
            }
            crate::conformance::vectors::OPTION_VALUES
                .iter()
                .find_map(|(option, _)| {
                    let value = vectors::option_value(setup.options, option);
                    (!self.values(option).contains(&value)).then(|| Undeclared::OptionValue {
                        option: option.to_string(),
                        value,
                    })
                })
        })
    }

    pub(crate) fn refuses_except_options(&self, setup: &Setup) -> Option<Undeclared> {
        if !self.rules.contains(&setup.rules) {
            return Some(Undeclared::Rules(setup.rules));
        }
        if let Some(why) = self.board_refused(&setup.board) {
            return Some(why);
        }
        if !self.setup_stones && setup.initial.iter().any(|&c| c != Colour::Empty) {
            return Some(Undeclared::SetupStones);
        }
        if !self.white_first && setup.to_move == Player::White {
            return Some(Undeclared::WhiteFirst);
        }
        if !self.komi && setup.komi != num_rational::BigRational::from_integer(0.into()) {
            return Some(Undeclared::Komi);
        }
        None
    }
}

impl Support {
    /// The same declaration with every option pinned to its value in `options` (the rules
    /// graphgo is set to for a comparison).
    pub fn pinned_to(&self, options: Options) -> Support {
        Support {
            neutral: vec![options.neutral],
            no_move: vec![options.no_move],
            self_capture: vec![options.self_capture],
            repetition: vec![options.repetition],
            ko_pass: vec![options.ko_pass],
            repetition_end: vec![options.repetition_end],
            ..self.clone()
        }
    }
}

/// An engine under test: a [`RuleSet`] that declares what it supports.
pub trait EngineUnderTest: RuleSet {
    fn support(&self) -> Support;

    /// How talking to the engine failed, if it did (a process that crashed, hung, printed
    /// garbage or does not speak GTP). Once set, no more games are played; the report
    /// keeps what was done before. In-process engines never fail this way.
    fn failure(&self) -> Option<EngineFailure> {
        None
    }

    /// How the engine's answers are read, for the report (e.g. which GTP commands give
    /// the stones and the legal moves).
    fn methods(&self) -> String {
        "in process, through the Playable trait".into()
    }

    /// The points whose legality the implementation answered for the state last compared
    /// (`None`: every point; an engine asked point by point answers a sample), so that the
    /// campaign counts the decisive situations it was really asked about.
    fn checked_points(&self) -> Option<Vec<crate::board::Vertex>> {
        None
    }

    /// Whether the engine answers a whole game in one round trip when told its turns ahead
    /// ([`EngineUnderTest::intend`]; a GTP adapter listing `graphgo-game`), so that the
    /// campaign plays each game ahead on graphgo's side to tell it.
    fn batches_games(&self) -> bool {
        false
    }

    /// The turns the next game started will be given, in order, while it agrees with
    /// graphgo (`None`: not known; the campaign clears it once the game is started). Only
    /// how the engine is asked changes, never what is compared.
    fn intend(&self, _turns: Option<Vec<Turn>>) {}

    /// What of a game is compared beyond stones and legality: an in-process engine shows
    /// everything through [`Playable::observe`]; a GTP engine only what it answers.
    fn compared(&self) -> Compared {
        Compared {
            turn_order: true,
            end: true,
            score: true,
        }
    }
}

/// What of a game an engine under test is compared on, beyond stones and legality.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Compared {
    /// Moves of the player not to move are sent, and must be refused.
    pub turn_order: bool,
    /// Its player to move and its end are compared.
    pub end: bool,
    /// Its score after a game ended by passes is compared.
    pub score: bool,
}

/// The kind of an [`EngineFailure`], for tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FailureKind {
    /// It could not be started (not installed, not executable).
    NotStarted,
    /// It exited, or closed its output, while a command was waiting.
    Crashed,
    /// It did not finish an answer within the time allowed.
    Hung,
    /// Output over a cap, or not UTF-8 text.
    Garbage,
    /// Text, but not GTP.
    NotGtp,
}

/// How talking to an engine failed: these end a verification, they are not rule findings.
/// Each carries the last bytes the engine wrote on its standard error (`stderr`, empty if
/// none), read after the engine was killed, so that its own message is not lost.
#[derive(Clone, Debug, PartialEq)]
pub enum EngineFailure {
    /// The engine could not be started.
    Spawn(String),
    /// No whole answer within the timeout: the engine was killed.
    Hung {
        command: String,
        seconds: f64,
        stderr: String,
    },
    /// The engine exited (or closed its output) while a command was waiting.
    Exited {
        command: String,
        status: String,
        stderr: String,
    },
    /// An answer that is not GTP (neither `=` nor `?` first).
    Protocol {
        command: String,
        answer: String,
        stderr: String,
    },
    /// An answer over a cap (`what` says which): the engine was killed.
    TooLong {
        command: String,
        what: String,
        stderr: String,
    },
    /// Output that is not UTF-8 text (GTP is text): the engine was killed.
    NotUtf8 {
        command: String,
        /// Where the first bad byte is, and the bytes around it in hexadecimal.
        at: String,
        stderr: String,
    },
}

impl EngineFailure {
    /// The tail of the engine's standard error kept with the failure ("" if none).
    pub fn stderr(&self) -> &str {
        match self {
            EngineFailure::Spawn(_) => "",
            EngineFailure::Hung { stderr, .. }
            | EngineFailure::Exited { stderr, .. }
            | EngineFailure::Protocol { stderr, .. }
            | EngineFailure::TooLong { stderr, .. }
            | EngineFailure::NotUtf8 { stderr, .. } => stderr,
        }
    }

    /// The same failure with `tail` as its standard error.
    pub fn with_stderr(mut self, tail: String) -> EngineFailure {
        match &mut self {
            EngineFailure::Spawn(_) => {}
            EngineFailure::Hung { stderr, .. }
            | EngineFailure::Exited { stderr, .. }
            | EngineFailure::Protocol { stderr, .. }
            | EngineFailure::TooLong { stderr, .. }
            | EngineFailure::NotUtf8 { stderr, .. } => *stderr = tail,
        }
        self
    }

    pub fn kind(&self) -> FailureKind {
        match self {
            EngineFailure::Spawn(_) => FailureKind::NotStarted,
            EngineFailure::Hung { .. } => FailureKind::Hung,
            EngineFailure::Exited { .. } => FailureKind::Crashed,
            EngineFailure::Protocol { .. } => FailureKind::NotGtp,
            EngineFailure::TooLong { .. } | EngineFailure::NotUtf8 { .. } => FailureKind::Garbage,
        }
    }

    /// The failure as JSON: its kind, its message (without the standard error) and the
    /// tail of the standard error.
    pub fn to_json(&self) -> serde_json::Value {
        let message = self.without_stderr().to_string();
        serde_json::json!({
            "kind": self.kind(),
            "message": message,
            "stderr": self.stderr(),
        })
    }

    pub(crate) fn without_stderr(&self) -> EngineFailure {
        self.clone().with_stderr(String::new())
    }
}

impl std::fmt::Display for EngineFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineFailure::Spawn(e) => write!(f, "the engine could not be started: {e}")?,
            EngineFailure::Hung {
                command, seconds, ..
            } => write!(
                f,
                "the engine did not finish its answer to '{command}' within {seconds} s and was killed (hung)"
            )?,
            EngineFailure::Exited {
                command, status, ..
            } => write!(
                f,
                "the engine exited while answering '{command}' ({status}): it crashed"
            )?,
            EngineFailure::Protocol {
                command, answer, ..
            } => write!(f, "the engine's answer to '{command}' is not GTP: '{answer}'")?,
            EngineFailure::TooLong { command, what, .. } => write!(
                f,
                "the engine's answer to '{command}' is too long ({what}) and the engine was killed"
            )?,
            EngineFailure::NotUtf8 { command, at, .. } => write!(
                f,
                "the engine's answer to '{command}' is not UTF-8 text ({at}); GTP is text, and the engine was killed"
            )?,
        }
        let stderr = self.stderr().trim_end();
        if !stderr.is_empty() {
            write!(f, "\n  the engine's standard error ended with:")?;
            for line in stderr.lines() {
                write!(f, "\n  | {line}")?;
            }
        }
        Ok(())
    }
}

/// The adapter for any [`RuleSet`]: the rules and a declaration of what they support.
pub struct Declared<R: RuleSet> {
    pub rules: R,
    pub support: Support,
}

impl<R: RuleSet> RuleSet for Declared<R> {
    fn name(&self) -> &str {
        self.rules.name()
    }
    fn start(&self, setup: &Setup) -> Result<Box<dyn Playable>, Unsupported> {
        self.rules.start(setup)
    }
}

impl<R: RuleSet> EngineUnderTest for Declared<R> {
    fn support(&self) -> Support {
        self.support.clone()
    }
}
