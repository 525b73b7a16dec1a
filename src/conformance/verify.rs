//! Verifying another implementation of the rules: the one verification path, for Rust
//! engines in process, for GTP engines (`crate::conformance::gtp`) and for libraries behind a GTP
//! adapter alike.
//!
//! An implementation is an [`EngineUnderTest`]: a [`RuleSet`] (start a game from a
//! [`Setup`]; the games are [`Playable`]: observe, list legal turns, play) that declares
//! what it supports ([`Support`]: rule sets, boards, option values, setups), and may say
//! how it failed ([`EngineUnderTest::failure`]: a process that crashed, hung, printed
//! garbage or does not speak GTP). A Rust engine is declared with [`Declared`]; a GTP
//! engine is `crate::conformance::gtp::GtpRules` (started with `crate::conformance::gtp::GtpRules::start`).
//! [`verify`] (or [`verify_with`], which also reports progress) then runs, in one call:
//!
//! 1. every conformance vector of a directory ([`VerifyPlan::vectors`], e.g. `spec/vectors/`): a
//!    vector the engine cannot play is skipped *visibly*, with a typed reason
//!    ([`SkipReason`]); a vector written for an option value the engine does not play is
//!    run under a value the engine plays when the vector's `readings` say its expectations
//!    hold there (`valid`: everything is compared; `acceptable`: legality and winner only),
//!    and skipped otherwise;
//! 2. a differential campaign ([`VerifyPlan::games_on`]): random boards, setups and turns from
//!    [`crate::differential::fuzz`] compared with the transcription ([`Games::Generated`]), or random
//!    and long games on square grids, with probe moves graphgo refuses, compared with
//!    graphgo's engine ([`Games::SquareGrids`], what `graphgo verify-gtp` runs). Every
//!    divergence is shrunk by [`crate::differential::compare::shrink`] to a small game and becomes one
//!    [`VerifyFinding`]: the clause ids involved and why ([`explain`]), the game as a case file
//!    (a record with comments), as SGF where the board is a square grid, and as a
//!    conformance vector naming the clause; written to [`VerifyPlan::out`] if given, under names
//!    never used there before.
//!
//! What a caller sets ([`VerifyPlan`]): graphgo's rule options ([`VerifyPlan::options`]: both sides
//! are pinned to them, so that a difference is a departure from *those* rules), the komi,
//! the seed and number of games, a time budget and a turn budget, the turns a game may
//! last, the shrinking budget, the most findings and where they are written.
//!
//! What comes back ([`VerifyReport`], also as JSON with [`VerifyReport::to_json`]): per vector its id,
//! clause ids and outcome (pass, fail with the differing fields, skip with its reason); for
//! the campaign the games and turns played and agreed, what was skipped and why, why it
//! stopped early if it did, and per finding its clause ids, explanation and the paths of
//! the files written; and the engine's failure, if any, as a value ([`EngineFailure`],
//! with its kind and the tail of its standard error), never an abort: what was done before
//! the failure is kept.
//!
//! ```no_run
//! use graphgo::conformance::verify::{verify, Declared, VerifyPlan, Support};
//! let engine = Declared { rules: graphgo::engine::Engine, support: Support::everything() };
//! let report = verify(&engine, &VerifyPlan::new("spec/vectors")).unwrap();
//! print!("{}", report.text());
//! assert!(report.passed());
//! ```

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use num_rational::BigRational;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::board::{Board, Shape, Vertex};
pub use crate::conformance::vectors::SkipReason;
use crate::conformance::vectors::{
    self, Depth, Status, Summary, Undeclared, Vector, VectorRun, VectorVerdict,
};
use crate::differential::compare::{self, Difference, Divergence, Verdict};
use crate::differential::fuzz;
use crate::engine::Engine;
use crate::game::clause::Clause;
use crate::game::{
    Colour, Illegal, KoPass, Neutral, NoMove, Options, Playable, Player, Repetition, RepetitionEnd,
    RuleId, RuleSet, SelfCapture, Setup, Turn, Unsupported,
};
use crate::io::record::{Game, InputError, Record};

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

    fn refuses_except_options(&self, setup: &Setup) -> Option<Undeclared> {
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

    fn without_stderr(&self) -> EngineFailure {
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

/// A side restricted to a declaration: it refuses (as unsupported) every setup outside it.
/// Both sides of a campaign are wrapped alike, so that a game outside the declaration is
/// simply not played, and shrinking never leaves it.
struct Within<'a> {
    inner: &'a dyn RuleSet,
    /// The name in reports.
    name: &'a str,
    support: &'a Support,
}

impl RuleSet for Within<'_> {
    fn name(&self) -> &str {
        self.name
    }
    fn start(&self, setup: &Setup) -> Result<Box<dyn Playable>, Unsupported> {
        match self.support.refuses(setup) {
            Some(why) => Err(Unsupported(why.to_string())),
            None => self.inner.start(setup),
        }
    }
}

/// Which games a campaign plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Games {
    /// Random boards, setups and turns within the declaration ([`crate::differential::fuzz`]), each game
    /// compared turn by turn with the transcription.
    Generated,
    /// `VerifyPlan::games` games on each square grid of these sides (every third one long,
    /// without passes: superko cycles), from an empty board, with probe moves graphgo
    /// refuses now and then (so that an engine that answers only `play` is checked too);
    /// compared with graphgo's engine (the transcription is too slow for 400-turn games on
    /// 9x9; the engine is checked against it by the oracle tests).
    SquareGrids { sides: Vec<usize> },
}

/// What [`verify`] runs.
#[derive(Clone, Debug)]
pub struct VerifyPlan {
    /// The directory of vectors (`None`: no vectors).
    pub vectors: Option<PathBuf>,
    /// The campaign's seed and number of games (0: no campaign; per board side for
    /// [`Games::SquareGrids`]).
    pub seed: u64,
    pub games: u64,
    /// Comparisons allowed for shrinking each divergence.
    pub shrink_budget: usize,
    /// Which games the campaign plays.
    pub games_on: Games,
    /// graphgo's rule options, pinned on both sides (`None`: any value the engine
    /// declares; [`Games::SquareGrids`] then plays graphgo's defaults).
    pub options: Option<Options>,
    /// The komi of every game (`None`: the generated setups' own; 0 on square grids).
    pub komi: Option<BigRational>,
    /// The most turns one game is played for (`None`: a cap from the board's size for
    /// generated games, 400 on square grids).
    pub max_turns: Option<usize>,
    /// No new game is started after this long (vectors included) or this many turns.
    pub time_budget: Option<Duration>,
    pub turn_budget: Option<u64>,
    /// The campaign stops after this many distinct findings.
    pub max_findings: usize,
    /// Where findings are written (`None`: kept in the report only), as
    /// `PREFIX-NNN.yaml`, `.sgf` and `.vector.yaml`, NNN the first number whose files do
    /// not exist yet (a second run into the same folder never overwrites the first).
    pub out: Option<PathBuf>,
    pub finding_prefix: String,
    /// SIGINT and SIGTERM as the command line catches them: once one is caught no new
    /// game (nor turn) starts, and the report is what was done so far.
    pub signals: crate::differential::findings::Signals,
}

impl VerifyPlan {
    /// The vectors of `dir` and a generated campaign of 300 games, seed 1; no budget, no
    /// files written.
    pub fn new(dir: impl Into<PathBuf>) -> VerifyPlan {
        VerifyPlan {
            vectors: Some(dir.into()),
            seed: 1,
            games: 300,
            shrink_budget: 2000,
            games_on: Games::Generated,
            options: None,
            komi: None,
            max_turns: None,
            time_budget: None,
            turn_budget: None,
            max_findings: usize::MAX,
            out: None,
            finding_prefix: "divergence".into(),
            signals: crate::differential::findings::Signals::none(),
        }
    }
}

/// A divergence found by the campaign, minimized: the one finding format of every engine.
#[derive(Clone, Debug)]
pub struct VerifyFinding {
    /// The game's index in the campaign (replay with the same seed and plan).
    pub index: u64,
    /// Where it was found, in words (board, game, style, seed).
    pub found_in: String,
    /// The clause id involved (the first of `clauses`).
    pub clause: String,
    /// Every clause id involved, and why, in words ([`explain`]).
    pub clauses: Vec<String>,
    pub explanation: String,
    /// The minimized game.
    pub game: Game,
    pub divergence: Divergence,
    /// The minimized game as a case file (record with comments; `graphgo check` replays
    /// graphgo's own sides on it).
    pub record: String,
    /// The minimized game as SGF, where the board is a square grid.
    pub sgf: Option<String>,
    /// The game up to the disputed turn as a conformance vector (expectations from the
    /// transcription, confirmed by graphgo's engine), naming the clause.
    pub vector: String,
    /// The files written (case file, SGF, vector), if the plan has `out`.
    pub files: Vec<PathBuf>,
    /// Files that could not be written, with the error: never silently lost.
    pub write_errors: Vec<String>,
}

impl VerifyFinding {
    /// A few lines about the finding: where, the clause, the turns, what differs, the
    /// files.
    pub fn text(&self) -> String {
        let board = &self.game.setup.board;
        let mut out = format!(
            "DIVERGENCE ({}) in {}: {} turn{} on {} after shrinking\n  clause: {}\n",
            self.clause,
            self.found_in,
            self.game.turns.len(),
            if self.game.turns.len() == 1 { "" } else { "s" },
            board_words(board),
            self.explanation
        );
        let turns: Vec<String> = self
            .game
            .turns
            .iter()
            .map(|t| crate::io::sgf::turn_text(&self.game, t))
            .collect();
        if turns.len() > 40 {
            let _ = writeln!(
                out,
                "  turns: {}, ... ({} turns; all in the written record)",
                turns[..40].join(", "),
                turns.len()
            );
        } else {
            let _ = writeln!(out, "  turns: {}", turns.join(", "));
        }
        for line in self.divergence.describe(board).lines() {
            let _ = writeln!(out, "  {line}");
        }
        for file in &self.files {
            let _ = writeln!(out, "  written: {}", file.display());
        }
        for e in &self.write_errors {
            let _ = writeln!(out, "  NOT WRITTEN: {e}");
        }
        out
    }

    pub fn to_json(&self) -> serde_json::Value {
        let board = &self.game.setup.board;
        serde_json::json!({
            "index": self.index,
            "found_in": self.found_in,
            "clauses": self.clauses,
            "explanation": self.explanation,
            "board": board_words(board),
            "turns": self.game.turns.iter().map(|t| crate::io::sgf::turn_text(&self.game, t)).collect::<Vec<_>>(),
            "difference": self.divergence.describe(board).trim_end(),
            "files": self.files.iter().map(|p| p.display().to_string()).collect::<Vec<_>>(),
            "write_errors": self.write_errors,
        })
    }
}

/// "9x9" for a square grid, "N vertices" otherwise.
fn board_words(board: &Board) -> String {
    match *board.shape() {
        Shape::Plane { width, height }
            if Board::grid(width, height).ok().as_ref() == Some(board) =>
        {
            format!("{width}x{height}")
        }
        _ => format!("{} vertices", board.len()),
    }
}

/// Something the campaign did not play, and why.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Skipped {
    pub what: String,
    pub reason: SkipReason,
}

/// What the campaign did.
#[derive(Clone, Debug, Default)]
pub struct CampaignReport {
    pub seed: u64,
    /// Games generated, and of them: outside the declaration (not played), played to the
    /// end or the turn cap without a divergence (agreed), and the turns played, in all and
    /// in the agreed games.
    pub games: u64,
    pub unsupported: u64,
    pub agreed_games: u64,
    pub turns: u64,
    pub agreed_turns: u64,
    /// Distinct minimized divergences, smallest first.
    pub findings: Vec<VerifyFinding>,
    /// Games whose divergence shrank to an already reported one.
    pub duplicates: u64,
    /// What was skipped (e.g. a board size the engine refuses), with the reason.
    pub skipped: Vec<Skipped>,
    /// Why the campaign stopped before its last game, if it did (a budget, the most
    /// findings, an engine failure).
    pub stopped: Option<String>,
}

/// The whole report.
#[derive(Clone, Debug)]
pub struct VerifyReport {
    pub engine: String,
    /// How the engine's answers were read ([`EngineUnderTest::methods`]).
    pub methods: String,
    pub vectors: Summary,
    pub campaign: CampaignReport,
    /// Set when talking to the engine failed: the rest of the report is what was done
    /// before.
    pub failure: Option<EngineFailure>,
}

impl VerifyReport {
    /// No vector failed, the campaign found nothing and the engine did not fail.
    pub fn passed(&self) -> bool {
        !self.vectors.failed() && self.campaign.findings.is_empty() && self.failure.is_none()
    }

    /// The vectors that failed.
    pub fn failed_vectors(&self) -> Vec<&VectorRun> {
        self.vectors
            .runs
            .iter()
            .filter(|r| r.outcomes.iter().any(|(_, o)| o.is_fail()))
            .collect()
    }

    /// The report as text: the vectors' failures, skips grouped by reason, the per-clause
    /// table, then every finding of the campaign with its minimized record.
    pub fn text(&self) -> String {
        let mut out = format!(
            "graphgo verify: engine '{}' ({})\n",
            self.engine, self.methods
        );
        out.push_str("\n== conformance vectors ==\n");
        let mut skips: BTreeMap<String, usize> = BTreeMap::new();
        for run in &self.vectors.runs {
            for (_, o) in &run.outcomes {
                match o {
                    VectorVerdict::Fail(lines) => {
                        let _ = writeln!(out, "FAIL {} ({}):", run.id, run.file.display());
                        for l in lines {
                            let _ = writeln!(out, "  {l}");
                        }
                    }
                    VectorVerdict::Skip(why) => *skips.entry(why.to_string()).or_default() += 1,
                    _ => {}
                }
            }
        }
        for (why, n) in &skips {
            let _ = writeln!(out, "skipped {n}: {why}");
        }
        // The per-clause table and totals (the per-vector lines are given above).
        out.push_str(&self.vectors.table_text());
        let c = &self.campaign;
        let _ = writeln!(
            out,
            "\n== differential campaign ==\n{} games (seed {}; {} outside the declaration, not played; {} agreed), {} turns, {} divergence{}{}",
            c.games,
            c.seed,
            c.unsupported,
            c.agreed_games,
            c.turns,
            c.findings.len(),
            if c.findings.len() == 1 { "" } else { "s" },
            if c.duplicates > 0 {
                format!(" (and {} games shrinking to one of them)", c.duplicates)
            } else {
                String::new()
            }
        );
        for s in &c.skipped {
            let _ = writeln!(out, "skipped {}: {}", s.what, s.reason);
        }
        if let Some(why) = &c.stopped {
            let _ = writeln!(out, "stopped early: {why}");
        }
        const SHOWN: usize = 10;
        for f in c.findings.iter().take(SHOWN) {
            out.push('\n');
            out.push_str(&f.text());
            out.push_str("  minimized game (a record; `graphgo play` replays it):\n");
            for line in record_text(&Record::from_game(&f.game.setup, &f.game.turns)).lines() {
                let _ = writeln!(out, "    {line}");
            }
        }
        if c.findings.len() > SHOWN {
            let _ = writeln!(
                out,
                "\n... and {} more divergences (VerifyReport::campaign.findings holds them all)",
                c.findings.len() - SHOWN
            );
        }
        if let Some(f) = &self.failure {
            let _ = writeln!(out, "\nENGINE FAILURE: {f}");
        }
        let _ = writeln!(
            out,
            "\nverdict: {}",
            if self.passed() { "PASS" } else { "FAIL" }
        );
        out
    }

    /// The report as one JSON object: the engine, the verdict, every vector's outcome,
    /// the campaign's counts, skips and findings, and the failure.
    pub fn to_json(&self) -> serde_json::Value {
        let runs: Vec<serde_json::Value> = self
            .vectors
            .runs
            .iter()
            .map(|run| {
                let (_, o) = &run.outcomes[0];
                let (outcome, detail) = o.to_json();
                serde_json::json!({
                    "id": run.id,
                    "file": run.file.display().to_string(),
                    "clauses": run.clauses,
                    "outcome": outcome,
                    "detail": detail,
                })
            })
            .collect();
        let c = &self.campaign;
        serde_json::json!({
            "engine": self.engine,
            "methods": self.methods,
            "passed": self.passed(),
            "vectors": runs,
            "campaign": {
                "seed": c.seed,
                "games": c.games,
                "unsupported": c.unsupported,
                "agreed_games": c.agreed_games,
                "turns": c.turns,
                "agreed_turns": c.agreed_turns,
                "duplicates": c.duplicates,
                "skipped": c.skipped,
                "stopped": c.stopped,
                "findings": c.findings.iter().map(VerifyFinding::to_json).collect::<Vec<_>>(),
            },
            "failure": self.failure.as_ref().map(EngineFailure::to_json),
        })
    }
}

/// How a vector is run on an engine: the game (perhaps with other option values) and how
/// much is compared, or why it is skipped.
pub fn plan_vector(support: &Support, v: &Vector) -> Result<(Game, Depth, String), Undeclared> {
    let setup = &v.game.setup;
    if let Some(why) = support.refuses_except_options(setup) {
        return Err(why);
    }
    let mut options = setup.options;
    let mut depth = Depth::Full;
    let mut changed = Vec::new();
    let graph = RuleId::GRAPH.contains(&setup.rules);
    for &(option, _) in vectors::OPTION_VALUES.iter().filter(|_| graph) {
        let own = vectors::option_value(setup.options, option);
        let played = support.values(option);
        if played.contains(&own) {
            continue;
        }
        let statuses = v.head.readings.get(option);
        let best = played
            .iter()
            .filter_map(|value| {
                let s = statuses.and_then(|m| m.get(value)).copied()?;
                (s != Status::Invalid).then_some((s, value.clone()))
            })
            .min();
        let Some((status, value)) = best else {
            return Err(Undeclared::OptionReadings {
                option: option.to_string(),
                value: own,
                played,
            });
        };
        options = vectors::with_option(options, option, &value).expect("a known value");
        if status == Status::Acceptable {
            depth = Depth::Verdicts;
        }
        changed.push(format!("{option}: {value} ({})", status.word()));
    }
    let game = Game {
        setup: Setup {
            options,
            ..setup.clone()
        },
        turns: v.game.turns.clone(),
    };
    if changed.len() > 1 {
        // The readings vary one option at a time; for two or more at once, ask the
        // transcription whether the expectations still hold.
        let joined = changed.join(", ");
        let got = vectors::derive(&crate::variants::Spec, &game).map_err(|e| {
            Undeclared::CombinedOptions(format!("the transcription cannot play {joined}: {e}"))
        })?;
        let want = v.expected();
        let board = &game.setup.board;
        if vectors::differences(board, &want, &got, Depth::Full).is_empty() {
            depth = Depth::Full;
        } else if vectors::differences(board, &want, &got, Depth::Verdicts).is_empty() {
            depth = Depth::Verdicts;
        } else {
            return Err(Undeclared::CombinedOptions(format!(
                "needs {joined} at once, under which the transcription says the expectations do not hold"
            )));
        }
        return Ok((
            game,
            depth,
            format!("{joined}; combined by the transcription"),
        ));
    }
    Ok((game, depth, changed.join(", ")))
}

/// Runs every vector on the engine, skipping (with the reason) what it does not support.
pub fn run_vectors(engine: &dyn EngineUnderTest, vectors: &[(PathBuf, Vector)]) -> Summary {
    let support = engine.support();
    let mut summary = Summary {
        sides: vec![engine.name().to_string()],
        runs: Vec::new(),
    };
    for (file, v) in vectors {
        let outcome = match plan_vector(&support, v) {
            Err(why) => VectorVerdict::Skip(SkipReason::NotDeclared(why)),
            // Once the engine failed (crashed, hung...), nothing more is asked of it: the
            // vector is not run, which says nothing of the rules.
            Ok(_) if engine.failure().is_some() => VectorVerdict::Skip(SkipReason::EngineFailed(
                "the engine failed before this vector".into(),
            )),
            Ok((game, depth, changed)) => match vectors::judge_game(engine, v, &game, depth) {
                _ if engine.failure().is_some() => {
                    VectorVerdict::Skip(SkipReason::EngineFailed(format!(
                        "the engine failed on this vector: {}",
                        engine
                            .failure()
                            .map(|f| f.without_stderr().to_string())
                            .unwrap_or_default()
                    )))
                }
                VectorVerdict::PassVerdicts(_) => VectorVerdict::PassVerdicts(format!(
                    "legality and winner only, under {changed}"
                )),
                other => other,
            },
        };
        summary.runs.push(VectorRun {
            file: file.clone(),
            id: v.head.id.clone(),
            clauses: v.head.clauses.clone(),
            outcomes: vec![(engine.name().to_string(), outcome)],
        });
    }
    summary
}

/// A random setup conformed to the declaration.
fn conformed_setup(rng: &mut Xoshiro256PlusPlus, support: &Support) -> Setup {
    let board = match support.boards {
        Boards::Any => loop {
            let b = fuzz::random_board(rng);
            if b.len() <= support.max_vertices {
                break b;
            }
        },
        Boards::Grids => {
            let (w, h) = (rng.random_range(1..=7), rng.random_range(1..=7));
            Board::grid(w, h).expect("a small grid")
        }
        Boards::SquareGrids => {
            let n = rng.random_range(1..=6);
            Board::grid(n, n).expect("a small grid")
        }
    };
    // The campaign generates General Graph Go and MANGO games (the families graphgo::differential::fuzz
    // knows how to set up); the other rules are covered by the vectors only.
    let generated: Vec<RuleId> = support
        .rules
        .iter()
        .copied()
        .filter(|r| RuleId::GRAPH.contains(r) || *r == RuleId::Mango)
        .collect();
    let rules = if generated.is_empty() {
        RuleId::Ggg1
    } else {
        generated[rng.random_range(0..generated.len())]
    };
    if rules == RuleId::Mango {
        let mut setup = fuzz::random_mango_setup(rng, board);
        if !support.setup_stones {
            setup.initial = vec![Colour::Empty; setup.board.len()];
        }
        if !support.white_first {
            setup.to_move = Player::Black;
        }
        return setup;
    }
    let mut setup = fuzz::random_setup(rng, board);
    if rules != setup.rules {
        setup.rules = rules;
        setup.prisoners = [0, 0];
        setup.komi = num_rational::BigRational::from_integer(0.into());
        if rules == RuleId::Ggg3 {
            setup.prisoners = [rng.random_range(0..=3), rng.random_range(0..=3)];
        }
    }
    let mut options = Options::default();
    for (option, _) in vectors::OPTION_VALUES {
        let values = support.values(option);
        if !values.is_empty() {
            let value = &values[rng.random_range(0..values.len())];
            options = vectors::with_option(options, option, value).expect("a known value");
        }
    }
    setup.options = options;
    if !support.setup_stones {
        setup.initial = vec![Colour::Empty; setup.board.len()];
    }
    if !support.white_first {
        setup.to_move = Player::Black;
    }
    if !support.komi {
        setup.komi = num_rational::BigRational::from_integer(0.into());
    }
    setup
}

/// The clause ids a divergence involves, and why, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explained {
    /// The clause ids, the one that decides first (never empty).
    pub clauses: Vec<String>,
    pub text: String,
}

/// The options graphgo can be switched to, for naming which of them agrees with the engine.
fn option_variants(base: Options) -> Vec<(String, Options)> {
    let mut out = Vec::new();
    for r in Repetition::ALL {
        if r != base.repetition {
            out.push((
                format!("--repetition {}", r.word()),
                Options {
                    repetition: r,
                    ..base
                },
            ));
        }
    }
    for s in [SelfCapture::All, SelfCapture::Multi, SelfCapture::None] {
        if s != base.self_capture {
            out.push((
                format!("--self-capture {}", format!("{s:?}").to_lowercase()),
                Options {
                    self_capture: s,
                    ..base
                },
            ));
        }
    }
    out
}

/// The turns of `game` before the divergence, and the disputed turns (a verdict's turn;
/// for a difference in the legal turns, those only one side allows).
fn disputed_turns<'g>(game: &'g Game, d: &Divergence) -> (&'g [Turn], Vec<Turn>) {
    let prefix = &game.turns[..d.turns.min(game.turns.len())];
    let disputed = match &d.difference {
        Difference::Verdict { turn, .. } => vec![turn.clone()],
        Difference::LegalTurns { a, b } => {
            let (a, b): (BTreeSet<_>, BTreeSet<_>) = (a.iter().collect(), b.iter().collect());
            a.symmetric_difference(&b).map(|t| (*t).clone()).collect()
        }
        _ => Vec::new(),
    };
    (prefix, disputed)
}

/// The clause lookup, for every engine: what a divergence is about. For a turn graphgo
/// refuses, the clause it refuses it under (and, for a repetition, how far back the
/// position occurred); for a turn graphgo allows and the engine refuses, the clause graphgo
/// would refuse it under with other options (naming them), else the engine's own clause,
/// else `ggg1:2` (a move's legality); for a difference in what is seen after the same
/// turns, the clause of what differs (position `ggg1:2`, prisoners `ggg3:2`, result the
/// family's end clause); for a side that cannot start or panics, `ggg1:0`. graphgo's
/// verdicts come from its engine (checked against the transcription by the oracle tests).
pub fn explain(game: &Game, d: &Divergence) -> Explained {
    let end = match game.setup.rules {
        RuleId::Ggg2 => "ggg2:4",
        RuleId::Ggg3 => "ggg3:4",
        _ => "ggg1:4",
    };
    let one = |clause: &str, text: String| Explained {
        clauses: vec![clause.to_string()],
        text,
    };
    let (prefix, disputed) = disputed_turns(game, d);
    match &d.difference {
        Difference::Observation { a, b } => {
            return if a.position != b.position {
                one("ggg1:2", "ggg1:2: the engine shows another position after the same turns (which stones a move removes)".into())
            } else if a.prisoners != b.prisoners {
                one(
                    "ggg3:2",
                    "ggg3:2: the engine counts other prisoners after the same turns".into(),
                )
            } else if a.result != b.result {
                one(
                    end,
                    format!("{end}: the engine ends the game with another result"),
                )
            } else {
                one(
                    "ggg1:2",
                    "ggg1:2: the engine shows another player to move".into(),
                )
            };
        }
        Difference::Start { .. } | Difference::Panic { .. } => {
            return one(
                "ggg1:0",
                "ggg1:0: one side cannot start the game or panics".into(),
            )
        }
        _ => {}
    }
    let engine_refusal = match &d.difference {
        Difference::Verdict {
            b: Verdict::Refused(i),
            ..
        } if !matches!(i.clause, Clause::Outside { .. }) => Some(i.clause.to_string()),
        _ => None,
    };
    let verdict = |options: Options, turn: &Turn| -> Result<(), Illegal> {
        let setup = Setup {
            options,
            ..game.setup.clone()
        };
        let mut g = Engine.start(&setup).map_err(|e| Illegal {
            clause: Clause::Outside { by: "start" },
            reason: e.0,
        })?;
        for t in prefix {
            let _ = g.play(t);
        }
        g.play(turn)
    };
    let mut clauses: Vec<String> = Vec::new();
    let mut parts = Vec::new();
    for turn in disputed.iter().take(3) {
        let name = turn.text(&game.setup.board);
        match verdict(game.setup.options, turn) {
            Err(i) => {
                let engine_says = match &engine_refusal {
                    Some(other) => format!("the engine refuses it under {other}"),
                    None => "the engine allows it".to_string(),
                };
                let mut text = format!(
                    "{}: graphgo refuses {name} ({}), {engine_says}",
                    i.clause, i.reason
                );
                if let Some(gap) = repetition_gap(game, prefix, turn) {
                    text.push_str(&format!(
                        " [the position it makes occurred {gap} turn(s) earlier]"
                    ));
                }
                clauses.push(i.clause.to_string());
                parts.push(text)
            }
            Ok(()) => {
                let mut why = format!("graphgo allows {name}, the engine refuses it");
                for (flag, options) in option_variants(game.setup.options) {
                    if let Err(i) = verdict(options, turn) {
                        why = format!(
                            "{}: graphgo allows {name}, the engine refuses it; graphgo with {flag} refuses it too ({})",
                            i.clause, i.reason
                        );
                        clauses.push(i.clause.to_string());
                        break;
                    }
                }
                parts.push(why);
            }
        }
    }
    clauses.extend(engine_refusal);
    if clauses.is_empty() {
        clauses.push("ggg1:2".into());
    }
    let mut seen = HashSet::new();
    clauses.retain(|c| seen.insert(c.clone()));
    Explained {
        clauses,
        text: if parts.is_empty() {
            "ggg1:2: the sides differ on which turns are legal".into()
        } else {
            parts.join("; ")
        },
    }
}

/// How many turns back the position that `turn` makes (after `prefix`) last occurred, if
/// it did: played with no repetition rule, so that the move is made.
pub fn repetition_gap(game: &Game, prefix: &[Turn], turn: &Turn) -> Option<usize> {
    let setup = Setup {
        options: Options {
            repetition: Repetition::None,
            ..game.setup.options
        },
        ..game.setup.clone()
    };
    let mut g = Engine.start(&setup).ok()?;
    let mut positions = vec![g.observe().position];
    for t in prefix {
        // A turn refused here was refused in the game too: it changed nothing.
        if g.play(t).is_ok() {
            positions.push(g.observe().position);
        }
    }
    g.play(turn).ok()?;
    positions.push(g.observe().position);
    let last = positions.pop()?;
    let at = positions.iter().rposition(|p| *p == last)?;
    Some(positions.len() - at)
}

/// A minimized divergence as a conformance vector (`spec/FORMAT.md`, "Conformance
/// vectors"): the turns up to the divergence, then the first disputed turn, so that the
/// vector pins graphgo's verdict on it; expectations derived from the transcription and
/// confirmed by graphgo's engine, the clause ids at the head of its clause list. `Err`
/// (as a YAML comment saying why) if the two disagree on the game.
fn finding_vector(
    game: &Game,
    d: &Divergence,
    explained: &Explained,
    id: &str,
    source: &str,
) -> String {
    let (prefix, disputed) = disputed_turns(game, d);
    let turns: Vec<Turn> = prefix
        .iter()
        .cloned()
        .chain(disputed.into_iter().take(1))
        .collect();
    let game = Game {
        setup: game.setup.clone(),
        turns,
    };
    let record = Record::from_game(&game.setup, &game.turns);
    let draft = vectors::Draft {
        id: id.to_string(),
        clauses: explained.clauses.clone(),
        checked: None,
        source: Some(source.to_string()),
        note: Some(format!(
            "An implementation under test disagreed with graphgo here: {}. The expectations are graphgo's.",
            explained.text
        )),
    };
    match vectors::write_vector(&crate::variants::Spec, &[&Engine], &record, &game, draft) {
        Ok(v) => v.to_yaml(),
        Err(e) => format!("# the vector could not be written: {e}\n"),
    }
}

/// The first `PREFIX-NNN` none of whose files exist in `dir` (so that no run overwrites
/// another's findings).
fn free_stem(dir: &Path, prefix: &str) -> String {
    (1..)
        .map(|n| format!("{prefix}-{n:03}"))
        .find(|stem| {
            ["yaml", "sgf", "vector.yaml"]
                .iter()
                .all(|ext| !dir.join(format!("{stem}.{ext}")).exists())
        })
        .expect("a free number")
}

/// Writes a finding's case file, SGF and vector into `dir` under `stem`.
fn write_finding(dir: &Path, stem: &str, f: &mut VerifyFinding) {
    let mut files = vec![
        ("yaml", f.record.clone()),
        ("vector.yaml", f.vector.clone()),
    ];
    if let Some(sgf) = &f.sgf {
        files.push(("sgf", sgf.clone()));
    }
    for (ext, text) in files {
        let path = dir.join(format!("{stem}.{ext}"));
        match crate::io::atomic_file::write_atomically(&path, &text) {
            Ok(()) => f.files.push(path),
            Err(e) => f.write_errors.push(format!("{}: {e}", path.display())),
        }
    }
}

/// The turn a random game on a square grid plays next: a move from the agreed legal turns,
/// now and then a pass; never a resignation.
///
/// Some turns are probes instead: moves graphgo refuses, so that the engine's answers to
/// `play` are checked too (the only check for an engine without `all_legal` or
/// `is_legal`). Both sides refusing a probe changes nothing.
fn random_turn(
    legal: &[Turn],
    position: &[Colour],
    rng: &mut Xoshiro256PlusPlus,
    long: bool,
) -> Option<Turn> {
    if let Some(player) = legal.first().map(Turn::player) {
        // Probes: mostly empty points graphgo refuses (suicide, ko, superko: where rules
        // differ), now and then any point at all (occupied ones too).
        let refused_empty: Vec<Vertex> = (0..position.len())
            .filter(|&v| position[v] == Colour::Empty)
            .filter(|&v| !legal.contains(&Turn::Move { player, at: v }))
            .collect();
        if !refused_empty.is_empty() && rng.random_bool(0.2) {
            let at = refused_empty[rng.random_range(0..refused_empty.len())];
            return Some(Turn::Move { player, at });
        }
        if !position.is_empty() && rng.random_bool(0.02) {
            let at = rng.random_range(0..position.len());
            return Some(Turn::Move { player, at });
        }
    }
    let moves: Vec<&Turn> = legal
        .iter()
        .filter(|t| matches!(t, Turn::Move { .. }))
        .collect();
    let pass = legal.iter().find(|t| matches!(t, Turn::Pass { .. }));
    let pass_odds = if long { 0.0 } else { 0.03 };
    if moves.is_empty() || rng.random_bool(pass_odds) {
        return pass
            .cloned()
            .or_else(|| moves.first().map(|t| (*t).clone()));
    }
    Some(moves[rng.random_range(0..moves.len())].clone())
}

/// What every campaign shares: the two sides, the plan, the report being filled, the
/// findings seen, the clock.
struct Run<'a> {
    engine: &'a dyn EngineUnderTest,
    reference: &'a dyn RuleSet,
    plan: &'a VerifyPlan,
    started: Instant,
    report: CampaignReport,
    seen: HashSet<String>,
}

impl Run<'_> {
    /// Why no further game may start, if none may (and the report says so).
    fn must_stop(&mut self) -> bool {
        if self.report.stopped.is_some() {
            return true;
        }
        let why = if let Some(signal) = self.plan.signals.name() {
            Some(format!("interrupted by {signal}"))
        } else if let Some(f) = self.engine.failure() {
            Some(format!("the engine failed: {}", f.without_stderr()))
        } else if self.report.findings.len() >= self.plan.max_findings {
            Some(format!(
                "{} findings (the most asked for)",
                self.plan.max_findings
            ))
        } else if self
            .plan
            .time_budget
            .is_some_and(|b| self.started.elapsed() >= b)
        {
            Some(format!(
                "the time budget of {} s is spent",
                self.plan.time_budget.unwrap_or_default().as_secs_f64()
            ))
        } else if self
            .plan
            .turn_budget
            .is_some_and(|b| self.report.turns >= b)
        {
            Some(format!(
                "the turn budget of {} turns is spent",
                self.plan.turn_budget.unwrap_or_default()
            ))
        } else {
            None
        };
        self.report.stopped = why;
        self.report.stopped.is_some()
    }

    /// A game played to its end or cap: counted, and its divergence (if any) shrunk,
    /// explained, written and kept unless already found.
    fn finish(
        &mut self,
        index: u64,
        found_in: String,
        game: Game,
        divergence: Option<Divergence>,
        progress: &mut dyn FnMut(&str),
    ) {
        let turns = game.turns.len() as u64;
        let Some(divergence) = divergence else {
            self.report.agreed_games += 1;
            self.report.agreed_turns += turns;
            return;
        };
        let (a, b) = (self.reference, self.engine as &dyn RuleSet);
        let (game, divergence) = match compare::shrink(a, b, &game, self.plan.shrink_budget) {
            Some(s) => (s.game, s.divergence),
            None => (game, divergence),
        };
        if self.engine.failure().is_some() {
            return; // talking failed while shrinking: not a finding about the rules
        }
        if !self.seen.insert(shape_key(&game)) {
            self.report.duplicates += 1;
            return;
        }
        let explained = explain(&game, &divergence);
        let stem = match &self.plan.out {
            Some(dir) => free_stem(dir, &self.plan.finding_prefix),
            None => format!(
                "{}-seed{}-game{index}",
                self.plan.finding_prefix, self.plan.seed
            ),
        };
        let source = format!(
            "graphgo verify against '{}': {found_in}",
            self.engine.name()
        );
        let provenance = format!("{source}\nclause: {}", explained.text);
        let record = compare::case_file(a, b, &game, &provenance);
        let vector = finding_vector(&game, &divergence, &explained, &stem, &source);
        let sgf = crate::io::sgf::write(&game, &provenance);
        let mut finding = VerifyFinding {
            index,
            found_in,
            clause: explained.clauses[0].clone(),
            clauses: explained.clauses,
            explanation: explained.text,
            game,
            divergence,
            record,
            sgf,
            vector,
            files: Vec::new(),
            write_errors: Vec::new(),
        };
        if let Some(dir) = &self.plan.out {
            write_finding(dir, &stem, &mut finding);
        }
        progress(&finding.text());
        self.report.findings.push(finding);
    }
}

/// The campaign of [`Games::Generated`]: random games within the declaration, compared
/// with the transcription.
fn generated_games(run: &mut Run, support: &Support, progress: &mut dyn FnMut(&str)) {
    let (plan, seed) = (run.plan, run.plan.seed);
    for index in 0..plan.games {
        if run.must_stop() {
            return;
        }
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(fuzz::game_seed(seed, index));
        let mut setup = conformed_setup(&mut rng, support);
        if let Some(komi) = &plan.komi {
            setup.komi = komi.clone();
        }
        run.report.games += 1;
        if support.refuses(&setup).is_some() {
            run.report.unsupported += 1;
            continue;
        }
        let cap = fuzz::max_turns(&setup.board).min(plan.max_turns.unwrap_or(usize::MAX));
        let played = fuzz::play_generated(
            run.reference,
            run.engine,
            setup,
            &mut fuzz::Biased::new(rng),
            cap,
        );
        run.report.turns += played.game.turns.len() as u64;
        let found_in = format!("game {index} (generated), seed {seed}");
        run.finish(index, found_in, played.game, played.divergence, progress);
    }
}

/// The campaign of [`Games::SquareGrids`]: random and long games on each side, from an
/// empty board, compared with graphgo's engine.
fn grid_games(run: &mut Run, sides: &[usize], progress: &mut dyn FnMut(&str)) {
    let plan = run.plan;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(plan.seed);
    let max_turns = plan.max_turns.unwrap_or(400);
    let mut index = 0;
    'sides: for &side in sides {
        let Ok(board) = Board::grid(side, side) else {
            continue;
        };
        let board = Arc::new(board);
        for game_of_side in 0..plan.games {
            if run.must_stop() {
                return;
            }
            index += 1;
            // Every third game is long (no passes): superko cycles and bounded histories.
            let long = game_of_side % 3 == 2;
            let mut setup = Setup::new(RuleId::Ggg1, Board::clone(&board));
            setup.options = plan.options.unwrap_or_default();
            setup.komi = plan
                .komi
                .clone()
                .unwrap_or_else(|| BigRational::from_integer(0.into()));
            let mut session = match compare::Session::start(run.reference, run.engine, &setup) {
                Ok(Some(s)) => s,
                Ok(None) => {
                    // Neither side plays it: outside the declaration.
                    run.report.unsupported += 1;
                    continue 'sides;
                }
                Err(d) => {
                    if run.engine.failure().is_some() {
                        return;
                    }
                    // An engine may play only some sizes (many only 19x19): skip the
                    // others, visibly.
                    let why = match &d.difference {
                        Difference::Start { b: Err(why), .. } => why.clone(),
                        _ => d.describe(&board),
                    };
                    let skipped = Skipped {
                        what: format!("size {side}x{side}"),
                        reason: SkipReason::Refused(why),
                    };
                    progress(&format!("{} skipped: {}\n", skipped.what, skipped.reason));
                    run.report.skipped.push(skipped);
                    continue 'sides;
                }
            };
            run.report.games += 1;
            let mut turns = Vec::new();
            let diverged = loop {
                if turns.len() >= max_turns || plan.signals.caught().is_some() {
                    break None;
                }
                let position = session.observation().position.clone();
                let Some(turn) = random_turn(session.legal_turns(), &position, &mut rng, long)
                else {
                    break None;
                };
                run.report.turns += 1;
                match session.play(&turn) {
                    // A probe both sides refuse changes nothing: it is left out of the
                    // record, so that the record replays with `graphgo play`.
                    Ok(Verdict::Refused(_)) => {}
                    Ok(_) => turns.push(turn),
                    Err(d) => {
                        turns.push(turn);
                        break Some(*d);
                    }
                }
            };
            drop(session);
            if run.engine.failure().is_some() {
                return;
            }
            let found_in = format!(
                "{side}x{side} game {game_of_side} ({}), seed {}",
                if long { "long, no passes" } else { "random" },
                plan.seed
            );
            let game = Game { setup, turns };
            run.finish(index, found_in, game, diverged, progress);
        }
    }
}

/// The differential campaign of the plan: every divergence minimized, explained and (with
/// `out`) written. `progress` gets a few lines per finding and per skipped board.
pub fn campaign(
    engine: &dyn EngineUnderTest,
    plan: &VerifyPlan,
    progress: &mut dyn FnMut(&str),
) -> CampaignReport {
    compare::quiet_panics_in_sides();
    let declared = engine.support();
    let support = match plan.options {
        Some(o) => declared.pinned_to(o),
        None => declared,
    };
    let (spec, fast) = (crate::variants::Spec, Engine);
    // On square grids graphgo's side is called "graphgo", as verify-gtp always named it.
    let (reference, name): (&dyn RuleSet, &str) = match plan.games_on {
        Games::Generated => (&spec, spec.name()),
        Games::SquareGrids { .. } => (&fast, "graphgo"),
    };
    let a = Within {
        inner: reference,
        name,
        support: &support,
    };
    let b = WithinEngine {
        inner: engine,
        support: &support,
    };
    let mut run = Run {
        engine: &b,
        reference: &a,
        plan,
        started: Instant::now(),
        report: CampaignReport {
            seed: plan.seed,
            ..CampaignReport::default()
        },
        seen: HashSet::new(),
    };
    match &plan.games_on {
        Games::Generated => generated_games(&mut run, &support, progress),
        Games::SquareGrids { sides } => grid_games(&mut run, sides, progress),
    }
    let mut report = run.report;
    // The smallest first: the clearest view of a bug.
    report
        .findings
        .sort_by_key(|f| (f.game.setup.board.len(), f.game.turns.len(), f.index));
    report
}

/// The engine under test restricted to a declaration, still an engine under test.
struct WithinEngine<'a> {
    inner: &'a dyn EngineUnderTest,
    support: &'a Support,
}

impl RuleSet for WithinEngine<'_> {
    fn name(&self) -> &str {
        self.inner.name()
    }
    fn start(&self, setup: &Setup) -> Result<Box<dyn Playable>, Unsupported> {
        match self.support.refuses(setup) {
            Some(why) => Err(Unsupported(why.to_string())),
            None => self.inner.start(setup),
        }
    }
}

impl EngineUnderTest for WithinEngine<'_> {
    fn support(&self) -> Support {
        self.support.clone()
    }
    fn failure(&self) -> Option<EngineFailure> {
        self.inner.failure()
    }
    fn methods(&self) -> String {
        self.inner.methods()
    }
}

/// A key equal for two games that differ only in the names and the numbering of their
/// vertices (on boards of up to 7 vertices, every renumbering is tried and the least key
/// kept), so that one bug found on `1`-`2` and on `1-1`-`2-1` is reported once.
fn shape_key(game: &Game) -> String {
    let s = &game.setup;
    let n = s.board.len();
    let key = |perm: &[usize]| {
        let mut edges: Vec<(usize, usize)> = s
            .board
            .edges()
            .map(|(u, v)| (perm[u].min(perm[v]), perm[u].max(perm[v])))
            .collect();
        edges.sort_unstable();
        let mut initial = vec![Colour::Empty; n];
        for v in 0..n {
            initial[perm[v]] = s.initial[v];
        }
        let turns: Vec<String> = game
            .turns
            .iter()
            .map(|t| match *t {
                crate::game::Turn::Move { player, at } => format!("{player:?}@{}", perm[at]),
                ref other => format!("{other:?}"),
            })
            .collect();
        format!(
            "{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{}|{:?}|{:?}",
            s.rules, s.options, edges, initial, s.to_move, s.prisoners, s.komi, s.equipment, turns
        )
    };
    let identity: Vec<usize> = (0..n).collect();
    if n > 7 {
        return key(&identity);
    }
    // Every permutation, by Heap's algorithm.
    let mut perm = identity.clone();
    let mut best = key(&perm);
    let mut c = vec![0; n];
    let mut i = 0;
    while i < n {
        if c[i] < i {
            if i % 2 == 0 {
                perm.swap(0, i);
            } else {
                perm.swap(c[i], i);
            }
            best = best.min(key(&perm));
            c[i] += 1;
            i = 0;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
    best
}

/// A record in the flow style of vectors: one field a line.
pub fn record_text(record: &Record) -> String {
    let mut out = String::new();
    if let serde_json::Value::Object(fields) =
        serde_json::to_value(record).expect("a record always serialises")
    {
        for (k, v) in fields {
            let _ = writeln!(out, "{k}: {}", vectors::flow(&v));
        }
    }
    out
}

/// Runs every vector of the plan's directory and the differential campaign on `engine`.
/// `Err` only for bad vector files.
pub fn verify(engine: &dyn EngineUnderTest, plan: &VerifyPlan) -> Result<VerifyReport, InputError> {
    verify_with(engine, plan, &mut |_| {})
}

/// [`verify`], with a few lines of progress per finding and per skipped board given to
/// `progress` as they come. An engine that fails (crashes, hangs, prints garbage) ends the
/// run with the failure in [`VerifyReport::failure`] and what was done before kept.
pub fn verify_with(
    engine: &dyn EngineUnderTest,
    plan: &VerifyPlan,
    progress: &mut dyn FnMut(&str),
) -> Result<VerifyReport, InputError> {
    let started = Instant::now();
    let loaded = match &plan.vectors {
        Some(dir) => vectors::load_dir(dir)?,
        None => Vec::new(),
    };
    let vectors = run_vectors(engine, &loaded);
    let plan = VerifyPlan {
        time_budget: plan
            .time_budget
            .map(|b| b.saturating_sub(started.elapsed())),
        ..plan.clone()
    };
    let campaign = if engine.failure().is_some() {
        CampaignReport {
            seed: plan.seed,
            stopped: Some("the engine failed on the vectors".into()),
            ..CampaignReport::default()
        }
    } else {
        campaign(engine, &plan, progress)
    };
    Ok(VerifyReport {
        engine: engine.name().to_string(),
        methods: engine.methods(),
        vectors,
        campaign,
        failure: engine.failure(),
    })
}
