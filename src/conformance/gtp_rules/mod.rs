//! The GTP subset of adapters, client side (spec/FORMAT.md, "The GTP subset of adapters"): a
//! GTP engine or a library behind an adapter as a [`RuleSet`] and an [`EngineUnderTest`]
//! ([`GtpRules`]), so that it goes through the one verification path of
//! `crate::conformance::verify` like a Rust engine.
//!
//! What is read from the engine: the stones (`list_stones`, else `showboard`), the legality of
//! the next player's points (`all_legal` where the engine lists them itself; else `is_legal`
//! of every point graphgo refuses and a seeded sample of the others; else only the answers to
//! `play`), and, where it answers them, its player to move and its end
//! (`gogui-rules_side_to_move`, `gogui-rules_final_result`) and its score after two passes
//! (`final_score`). An adapter that lists `graphgo-turn` answers all of a turn in one round
//! trip; one that lists `graphgo-game` too is told a game's turns ahead (the campaign plays
//! them on graphgo's side first) and answers them in one round trip (`ahead`), the
//! comparison still turn by turn. What the engine does not tell (whose turn it is, the end, resignation, for a board
//! that keeps no game) is taken from graphgo's engine played alongside; an engine that shows
//! no board (Leela Zero draws `showboard` on its error stream) has its stones checked only
//! through its answers to `play`. Boards: squares (`boardsize`), rectangles
//! (`rectangular_boardsize`) and the adapter's named graphs (`graphgo-board_select`).
//!
//! One concern a file:
//! - this file, the engine as a rule set: what is compared ([`Checks`]) and how it is read
//!   ([`Legality`], [`StoneReading`]), [`GtpRules`] (talking outside a game, the start of a
//!   game: board, komi, `loadsgf`), its [`EngineUnderTest`] declaration, [`verify_command`];
//! - `game.rs`, one game over GTP (`GtpGame`): the turns sent, and what is read back and
//!   shown as the engine's [`crate::game::Observation`] and legal turns;
//! - `answers.rs`, the readers of the engine's answers, in the protocol's words
//!   ([`parse_result`], [`read_showboard`], [`board_of_report`]);
//! - `grids.rs`, the boards GTP names ([`grid_sides`], [`square_side`]) and graphgo's side
//!   kept on them ([`OnSquareGrids`]).

mod ahead;
mod answers;
mod game;
mod grids;

pub use answers::{board_of_report, parse_result, read_showboard, EngineResult};
pub use grids::{grid_sides, square_side, OnSquareGrids};

use std::cell::{Cell, RefCell};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

use num_rational::BigRational;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::board::{Board, Vertex};
use crate::conformance::engine::{Boards, Compared, EngineUnderTest, Support};
use crate::conformance::gtp::{GtpFailure, GtpProcess, MAX_GTP_SIZE};
use crate::engine::EngineGame;
use crate::game::{Colour, Options, Playable, Player, RuleId, RuleSet, Setup, Turn, Unsupported};
use crate::io::record::Game;
use game::{GtpGame, Seen};

/// What graphgo compares beyond the stones and the legality of points; the report sets them
/// from `rules.yaml` (each only where the engine answers the command).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checks {
    /// Send moves of the player not to move now and then, and expect them refused
    /// (`turn_order: alternating`).
    pub out_of_turn: bool,
    /// Compare `final_score` (and the margin of `gogui-rules_final_result`) with graphgo's
    /// score after a game ended by two passes.
    pub score: bool,
    /// Compare the engine's player to move and its end (`gogui-rules_side_to_move`,
    /// `gogui-rules_final_result`).
    pub end: bool,
    /// Where legality is asked point by point: how many points besides those graphgo refuses
    /// are drawn (the report's: [`SAMPLED_POINTS`]).
    pub sample: usize,
}

/// Where legality is asked point by point (`is_legal`, a library with no list of its own):
/// the points drawn in each state, besides every empty point graphgo refuses, from a
/// generator seeded by the run's seed (so a report is reproduced by its seed and counts).
/// Drawn with replacement among every point graphgo does not refuse on an empty point
/// (occupied points included), duplicates asked once.
pub const SAMPLED_POINTS: usize = 4;

impl Default for Checks {
    fn default() -> Checks {
        Checks {
            out_of_turn: false,
            score: false,
            end: true,
            sample: SAMPLED_POINTS,
        }
    }
}

/// How the legality of points is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Legality {
    /// `all_legal`: the engine lists its legal points itself, the whole list every turn.
    Listed,
    /// `is_legal`: every point graphgo refuses, and a seeded sample of the others.
    Sampled,
    /// Neither: only the answers to `play`.
    PlayOnly,
}

/// A GTP engine as a [`RuleSet`]: it plays the boards it can name (squares, rectangles, its
/// named graphs) from an empty board, or from setup stones when it knows `loadsgf`.
pub struct GtpRules {
    process: Rc<RefCell<GtpProcess>>,
    /// The first failure talking to the engine, if any (then every later game fails too).
    pub failure: Rc<RefCell<Option<GtpFailure>>>,
    name: String,
    scratch: PathBuf,
    /// The graphgo options matching the engine's: games with other options are refused.
    pub options: Cell<Option<Options>>,
    /// Where the engine's stones are read from, once known ([`GtpRules::read_stones_with`]).
    stones: Rc<Cell<StoneReading>>,
    /// What is compared beyond stones and legality.
    pub checks: Cell<Checks>,
    /// The adapter's named graphs (`graphgo-board_select NAME`), as graphgo built them.
    pub named: RefCell<Vec<(String, Arc<Board>)>>,
    /// The generator of the sampled points (seeded: the same run asks the same points).
    sample: Rc<RefCell<Xoshiro256PlusPlus>>,
    /// The points whose legality the engine answered for the state last compared (`None`:
    /// every point).
    checked: Rc<RefCell<Option<Vec<Vertex>>>>,
    /// Commands the engine answers with another meaning than the subset's: never used.
    pub ignored: RefCell<std::collections::BTreeSet<String>>,
    /// The komi last sent (`komi K`), so that it is sent again only when a game has another.
    komi: RefCell<Option<BigRational>>,
    /// The command that selected the engine's current board (`boardsize 5`...), so that the
    /// next game on the same board only clears it (KataGo takes a second for a new size).
    selected: RefCell<Option<String>>,
    /// Whether games are asked ahead with `graphgo-game` where the adapter lists it (on by
    /// default; off where the environment sets `GRAPHGO_GAME_BATCH=0`, or for a row whose
    /// `rules.yaml` lists `graphgo-game` under `not_compared`: then every turn is a
    /// `graphgo-turn`).
    pub batch_games: Cell<bool>,
    /// The turns the next game will be given, or the game going on its next ones
    /// ([`EngineUnderTest::intend`]).
    intended: Rc<RefCell<Option<Vec<Turn>>>>,
}

/// Where the stones of an engine are read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoneReading {
    /// Not decided yet: the first position read decides.
    Unknown,
    /// `list_stones black` and `list_stones white` (or the lines of `graphgo-turn`).
    ListStones,
    /// The drawing in the answer to `showboard`.
    Showboard,
    /// Not read: the engine has neither `list_stones` nor a `showboard` whose answer holds
    /// a drawing. The stones are taken from graphgo's side, so only the engine's answers to
    /// `play` are compared (a stone the engine failed to remove shows as a point it refuses).
    NotRead,
}

impl GtpRules {
    /// Wraps a running engine; `scratch` is a folder for the SGF files `loadsgf` reads.
    pub fn new(process: GtpProcess, scratch: &Path) -> GtpRules {
        GtpRules {
            process: Rc::new(RefCell::new(process)),
            failure: Rc::new(RefCell::new(None)),
            name: "gtp engine".to_string(),
            scratch: scratch.to_path_buf(),
            options: Cell::new(None),
            stones: Rc::new(Cell::new(StoneReading::Unknown)),
            checks: Cell::new(Checks::default()),
            named: RefCell::new(Vec::new()),
            sample: Rc::new(RefCell::new(Xoshiro256PlusPlus::seed_from_u64(1))),
            checked: Rc::new(RefCell::new(None)),
            selected: RefCell::new(None),
            komi: RefCell::new(None),
            ignored: RefCell::new(Default::default()),
            batch_games: Cell::new(std::env::var_os("GRAPHGO_GAME_BATCH").is_none_or(|v| v != "0")),
            intended: Rc::new(RefCell::new(None)),
        }
    }

    /// Whether games are asked ahead in one round trip (`graphgo-game`, and `graphgo-turn`
    /// for the turns past what was asked).
    pub fn batches(&self) -> bool {
        self.batch_games.get() && self.knows("graphgo-game") && self.knows("graphgo-turn")
    }

    /// Seeds the generator of the sampled points.
    pub fn seed_sample(&self, seed: u64) {
        *self.sample.borrow_mut() = Xoshiro256PlusPlus::seed_from_u64(seed);
    }

    /// Whether the engine answers `command` (and graphgo uses it).
    pub fn knows(&self, command: &str) -> bool {
        self.process.borrow().knows(command) && !self.ignored.borrow().contains(command)
    }

    /// How legality is read from this engine.
    pub fn legality(&self) -> Legality {
        if self.knows("all_legal") {
            Legality::Listed
        } else if self.knows("is_legal") {
            Legality::Sampled
        } else {
            Legality::PlayOnly
        }
    }

    /// The points whose legality the engine answered for the state last compared (`None`:
    /// every point).
    pub fn checked_points(&self) -> Option<Vec<Vertex>> {
        self.checked.borrow().clone()
    }

    /// Decides where the stones are read from ([`GtpRules::read_stones_with`]) on the first
    /// of `sizes` the engine accepts, before any game (so that [`GtpRules::methods`] can say
    /// it). A failure to talk is recorded in `failure`.
    pub fn decide_stones(&self, sizes: &[usize]) {
        for &size in sizes {
            let Ok(board) = Board::grid(size, size) else {
                continue;
            };
            if self.send(&format!("boardsize {size}")).is_ok() && self.send("clear_board").is_ok() {
                self.read_stones_with(&board);
                return;
            }
        }
    }

    /// Where the engine's stones are read from; decided at the first call, on `board` (the
    /// engine's current board, empty): `list_stones` if the engine knows it, else
    /// `showboard` if it knows that and its answer holds a drawing of `board`, else not at
    /// all. A failure to talk is recorded in `failure` (and gives `NotRead`).
    pub fn read_stones_with(&self, board: &Board) -> StoneReading {
        if self.stones.get() == StoneReading::Unknown {
            let mut p = self.process.borrow_mut();
            let decided = if p.knows("list_stones") {
                StoneReading::ListStones
            } else if !p.knows("showboard") {
                StoneReading::NotRead
            } else {
                match p.ask("showboard") {
                    Ok(Ok(drawn)) if read_showboard(&drawn, board).is_some() => {
                        StoneReading::Showboard
                    }
                    Ok(_) => StoneReading::NotRead,
                    Err(f) => {
                        self.failure.borrow_mut().get_or_insert(f);
                        StoneReading::NotRead
                    }
                }
            };
            self.stones.set(decided);
        }
        self.stones.get()
    }

    /// Sends a command outside any game (e.g. `komi`); the engine's message on failure.
    pub fn send(&self, command: &str) -> Result<(), String> {
        self.ask(command).map(|_| ())
    }

    /// Sends a command outside any game; its answer, or the engine's message. A failure to
    /// talk is recorded in `failure`.
    pub fn ask(&self, command: &str) -> Result<String, String> {
        if [
            "boardsize",
            "rectangular_boardsize",
            "graphgo-board_select",
            "loadsgf",
            "graphgo-plays_per_second",
        ]
        .iter()
        .any(|c| command.starts_with(c))
        {
            *self.selected.borrow_mut() = None;
        }
        let answer = self.process.borrow_mut().ask(command);
        match answer {
            Ok(a) => a,
            Err(f) => {
                let text = f.to_string();
                self.failure.borrow_mut().get_or_insert(f);
                Err(text)
            }
        }
    }

    /// Sets the engine up for `plan` before its first game: the komi of the plan, if any
    /// (GTP's `komi`, a decimal; an engine that refuses it plays its own, and the games
    /// show the difference), and, for games on square grids, how stones are read on each
    /// side ([`GtpRules::decide_stones`]).
    pub fn prepare_for(&self, plan: &crate::conformance::verify::VerifyPlan) {
        if let Some(komi) = plan.komi.as_ref().and_then(num_traits::ToPrimitive::to_f64) {
            let _ = self.send(&format!("komi {komi}"));
        }
        if let crate::conformance::verify::Games::SquareGrids { sides } = &plan.games_on {
            self.decide_stones(sides);
        }
        self.seed_sample(plan.seed);
    }

    /// The engine's board `name` of the graph extension (`graphgo-board_select NAME`, then
    /// `graphgo-board`), built as a record board whose vertices bear the adapter's names,
    /// and remembered so that games on it select it. `Err` says what is wrong with the
    /// answer, in the protocol's words.
    pub fn load_named_board(&self, name: &str) -> Result<Arc<Board>, String> {
        self.ask(&format!("graphgo-board_select {name}"))
            .map_err(|e| format!("graphgo-board_select {name}: {e}"))?;
        let board = Arc::new(self.reported_board()?);
        self.named
            .borrow_mut()
            .push((name.to_string(), Arc::clone(&board)));
        Ok(board)
    }

    /// The engine's current board as `graphgo-board` reports it, built as a record board.
    pub fn reported_board(&self) -> Result<Board, String> {
        let text = self
            .ask("graphgo-board")
            .map_err(|e| format!("graphgo-board: {e}"))?;
        board_of_report(&text)
    }

    /// Which commands legality and stones are read with (for the report).
    pub fn methods(&self) -> String {
        let p = self.process.borrow();
        let legal = if p.knows("all_legal") {
            "all_legal"
        } else if p.knows("is_legal") {
            "is_legal (the points graphgo refuses and a seeded sample)"
        } else {
            "the answer to play"
        };
        let stones = match self.stones.get() {
            StoneReading::ListStones => "stones from list_stones",
            StoneReading::NotRead => {
                "stones not read (no list_stones, no drawing in the answer to showboard): \
                 checked only through the answers to play"
            }
            StoneReading::Showboard => "stones from showboard",
            StoneReading::Unknown if p.knows("list_stones") => "stones from list_stones",
            StoneReading::Unknown => "stones from showboard",
        };
        let ignored = self.ignored.borrow();
        let knows = |c: &str| p.knows(c) && !ignored.contains(c);
        let turn = if knows("graphgo-turn") && knows("graphgo-game") && self.batch_games.get() {
            ", a game's turns in one round trip (graphgo-game)"
        } else if knows("graphgo-turn") {
            ", one round trip a turn (graphgo-turn)"
        } else {
            ""
        };
        format!("legality from {legal}, {stones}{turn}")
    }
}

impl RuleSet for GtpRules {
    fn name(&self) -> &str {
        &self.name
    }

    fn start(&self, setup: &Setup) -> Result<Box<dyn Playable>, Unsupported> {
        let named = self
            .named
            .borrow()
            .iter()
            .find(|(_, b)| **b == *setup.board)
            .map(|(n, _)| n.clone());
        let select = match (grid_sides(&setup.board), &named) {
            (Some((n, m)), _) if n == m => format!("boardsize {n}"),
            (Some((w, h)), _) if self.knows("rectangular_boardsize") => {
                format!("rectangular_boardsize {w} {h}")
            }
            (_, Some(name)) => format!("graphgo-board_select {name}"),
            _ => {
                return Err(Unsupported(
                    "not a board this engine names (a square, a rectangle it takes, or one of its named graphs)".into(),
                ))
            }
        };
        if setup.rules != RuleId::Ggg1 {
            return Err(Unsupported(
                "GTP engines are compared under ggg1 only".into(),
            ));
        }
        if self.options.get().is_some_and(|o| o != setup.options) {
            return Err(Unsupported(
                "the options are the engine's: not changed".into(),
            ));
        }
        let mut p = self.process.borrow_mut();
        let fail = |f: GtpFailure| -> Unsupported {
            let text = f.to_string();
            self.failure.borrow_mut().get_or_insert(f);
            Unsupported(text)
        };
        // An engine may play only some sizes (many only 19x19): a refused size is not a
        // failure to talk, the game is just not played.
        if self.selected.borrow().as_deref() != Some(select.as_str()) {
            *self.selected.borrow_mut() = None;
            match p.ask(&select) {
                Ok(Ok(_)) => {}
                Ok(Err(answer)) => {
                    return Err(Unsupported(format!(
                        "the engine refuses {select} ({answer})"
                    )))
                }
                Err(f) => return Err(fail(f)),
            }
        }
        p.must("clear_board").map_err(fail)?;
        if self.komi.borrow().as_ref() != Some(&setup.komi) {
            // GTP's komi is a decimal: an engine that refuses it plays its own, and the
            // games show the difference.
            if let Some(k) = num_traits::ToPrimitive::to_f64(&setup.komi) {
                let _ = p.ask(&format!("komi {k}"));
            }
            *self.komi.borrow_mut() = Some(setup.komi.clone());
        }
        let has_stones = setup.initial.iter().any(|&c| c != Colour::Empty);
        // A board set up by loadsgf is not the selected one any more.
        *self.selected.borrow_mut() =
            (!has_stones && setup.to_move == Player::Black).then(|| select.clone());
        if has_stones || setup.to_move == Player::White {
            if !p.knows("loadsgf") || square_side(&setup.board).is_none() {
                return Err(Unsupported(
                    "the engine has no loadsgf to set up stones".into(),
                ));
            }
            let game = Game {
                setup: setup.clone(),
                turns: Vec::new(),
            };
            let text = crate::io::sgf::write(&game, "").expect("a square grid");
            let file = self
                .scratch
                .join(format!("setup-{}.sgf", std::process::id()));
            std::fs::create_dir_all(&self.scratch)
                .and_then(|_| std::fs::write(&file, text))
                .map_err(|e| Unsupported(format!("{}: {e}", file.display())))?;
            // An engine may refuse the file (graphgo's own referee reads only inside its
            // `--sgf-folder`): like a refused size, the game is not played, not a failure.
            let command = format!("loadsgf {}", file.display());
            match p.ask(&command) {
                Ok(Ok(_)) => {}
                Ok(Err(answer)) => {
                    return Err(Unsupported(format!(
                        "the engine refuses {command} ({answer})"
                    )))
                }
                Err(f) => return Err(fail(f)),
            }
        }
        let one_trip = p.knows("graphgo-turn") && !self.ignored.borrow().contains("graphgo-turn");
        drop(p);
        let intended = self.intended.borrow_mut().take();
        let ahead = match intended.filter(|_| one_trip && self.batches()) {
            Some(turns) => ahead::Ahead::told(turns),
            None => ahead::Ahead::default(),
        };
        let shadow = EngineGame::start(setup, u64::MAX)?;
        if !has_stones && named.is_none() {
            self.read_stones_with(&setup.board);
        }
        let board = Arc::clone(&setup.board);
        let names: Vec<String> = (0..board.len())
            .map(|v| {
                if named.is_some() {
                    board.name(v).to_string()
                } else {
                    board
                        .gtp_name(v)
                        .unwrap_or_else(|| board.name(v).to_string())
                }
            })
            .collect();
        let index = names
            .iter()
            .enumerate()
            .map(|(v, n)| (n.to_uppercase(), v))
            .collect();
        Ok(Box::new(GtpGame {
            process: Rc::clone(&self.process),
            failure: Rc::clone(&self.failure),
            board,
            shadow,
            departed: false,
            stones: Rc::clone(&self.stones),
            checks: self.checks.get(),
            legality: self.legality(),
            one_trip,
            names,
            index,
            sample: Rc::clone(&self.sample),
            checked: Rc::clone(&self.checked),
            seen: RefCell::new(Seen::default()),
            score: RefCell::new(None),
            ignored: self.ignored.borrow().clone(),
            ahead: RefCell::new(ahead),
            intended: Rc::clone(&self.intended),
        }))
    }
}

impl EngineUnderTest for GtpRules {
    /// What a GTP engine plays: General Graph Go (`ggg1`) on the grids GTP can name
    /// (rectangles where it answers `rectangular_boardsize`) and its named graphs, setup
    /// stones and White first only through `loadsgf`, any komi; the options pinned by
    /// [`GtpRules::options`] if set (they are the engine's own), else any.
    fn support(&self) -> Support {
        let setup = self.knows("loadsgf");
        let any = Support {
            rules: vec![RuleId::Ggg1],
            boards: if !self.named.borrow().is_empty() {
                Boards::Any
            } else if self.knows("rectangular_boardsize") {
                Boards::Grids
            } else {
                Boards::SquareGrids
            },
            max_vertices: self
                .named
                .borrow()
                .iter()
                .map(|(_, b)| b.len())
                .fold(MAX_GTP_SIZE * MAX_GTP_SIZE, usize::max),
            setup_stones: setup,
            white_first: setup,
            komi: true,
            ..Support::everything()
        };
        match self.options.get() {
            Some(options) => any.pinned_to(options),
            None => any,
        }
    }

    fn failure(&self) -> Option<GtpFailure> {
        self.failure.borrow().clone()
    }

    fn methods(&self) -> String {
        GtpRules::methods(self)
    }

    fn checked_points(&self) -> Option<Vec<Vertex>> {
        GtpRules::checked_points(self)
    }

    fn batches_games(&self) -> bool {
        self.batches()
    }

    fn intend(&self, turns: Option<Vec<Turn>>) {
        *self.intended.borrow_mut() = turns;
    }

    fn compared(&self) -> Compared {
        let checks = self.checks.get();
        Compared {
            turn_order: checks.out_of_turn,
            end: checks.end && self.knows("gogui-rules_final_result"),
            score: checks.score
                && (self.knows("final_score") || self.knows("gogui-rules_final_result")),
        }
    }
}

impl GtpRules {
    /// Starts the engine `argv` ([`GtpProcess::spawn`]) and wraps it, playing `options`
    /// (graphgo's options matching the engine's own rules; `None`: not pinned). `scratch` is
    /// a folder for the SGF files `loadsgf` reads.
    pub fn spawn(
        argv: &[String],
        [startup, timeout]: [Duration; 2],
        options: Option<Options>,
        scratch: &Path,
    ) -> Result<GtpRules, GtpFailure> {
        let rules = GtpRules::new(GtpProcess::spawn(argv, startup, timeout)?, scratch);
        rules.options.set(options);
        rules.probe_loadsgf()?;
        Ok(rules)
    }

    /// Set-up stones reach an engine by `loadsgf` of a file in `scratch`; an engine may
    /// refuse to read there (graphgo's own referee reads only inside its `--sgf-folder`).
    /// So a file of an empty 19x19 board (the size every GTP engine plays) is offered once:
    /// an engine that refuses it is treated as having no `loadsgf`, and its games start
    /// from the empty board, as for an engine that does not list the command.
    fn probe_loadsgf(&self) -> Result<(), GtpFailure> {
        if !self.knows("loadsgf") {
            return Ok(());
        }
        let file = self
            .scratch
            .join(format!("setup-probe-{}.sgf", std::process::id()));
        let written = std::fs::create_dir_all(&self.scratch)
            .and_then(|_| std::fs::write(&file, "(;FF[4]GM[1]SZ[19])\n"));
        let accepted = written.is_ok()
            && self
                .process
                .borrow_mut()
                .ask(&format!("loadsgf {}", file.display()))?
                .is_ok();
        let _ = std::fs::remove_file(&file);
        if !accepted {
            self.ignored.borrow_mut().insert("loadsgf".to_string());
        }
        Ok(())
    }
}

/// Verifies the GTP engine `argv` in one call, never aborting: starts it, sends the komi
/// of the plan if any, runs [`crate::conformance::verify::verify_with`] with graphgo set to the plan's
/// options, and returns the report; an engine that cannot be started, crashes, hangs or
/// prints garbage is the report's `failure` (with the tail of its standard error), with
/// what was done before kept. `Err` only for bad vector files.
pub fn verify_command(
    argv: &[String],
    timeouts: [Duration; 2],
    plan: &crate::conformance::verify::VerifyPlan,
    progress: &mut dyn FnMut(&str),
) -> Result<crate::conformance::verify::VerifyReport, crate::io::record::InputError> {
    let scratch = std::env::temp_dir();
    let rules = match GtpRules::spawn(argv, timeouts, plan.options, &scratch) {
        Ok(r) => r,
        Err(failure) => {
            return Ok(crate::conformance::verify::VerifyReport {
                engine: argv.join(" "),
                methods: String::new(),
                vectors: crate::conformance::vectors::Summary {
                    sides: vec![argv.join(" ")],
                    runs: Vec::new(),
                },
                campaign: crate::conformance::verify::CampaignReport {
                    seed: plan.seed,
                    stopped: Some("the engine could not be started".into()),
                    ..Default::default()
                },
                failure: Some(failure),
            })
        }
    };
    rules.prepare_for(plan);
    crate::conformance::verify::verify_with(&rules, plan, progress)
}
