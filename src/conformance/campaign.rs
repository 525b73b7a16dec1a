//! The differential campaign: random games played on the implementation under test and on
//! graphgo side by side ([`campaign`]), every divergence shrunk, explained and kept once
//! (`crate::conformance::findings`). Two kinds of games ([`Games`]): generated boards, setups
//! and turns compared with the transcription, or games on grids from an empty board compared
//! with graphgo's engine, steered toward the situations where rules differ.
//! The making of the games is [`games`]; this file is the run that plays, compares and
//! keeps them (`Run`, `generated_games`, `board_games`, [`campaign`]).

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Instant;

use num_rational::BigRational;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::board::{Board, Vertex};
use crate::conformance::decisive::{self, Counts, Situation, Tracker};
use crate::conformance::engine::{EngineFailure, EngineUnderTest, Support};
use crate::conformance::findings::{
    explain_divergence, finding_vector, free_stem, shape_key, write_finding, VerifyFinding,
};
use crate::conformance::vectors::SkipReason;
use crate::conformance::verify::VerifyPlan;
use crate::differential::compare::{self, Difference, Divergence, Verdict};
use crate::differential::fuzz;
use crate::engine::Engine;
use crate::game::{Colour, Playable, Player, RuleId, RuleSet, Setup, Turn, Unsupported};
use crate::io::record::Game;

mod games;
pub use games::ko_opening;
use games::{conformed_setup, opening_turn, played_setup, random_turn, Style};

/// A side restricted to a declaration: it refuses (as unsupported) every setup outside it.
/// Both sides of a campaign are wrapped alike, so that a game outside the declaration is
/// simply not played, and shrinking never leaves it.
struct Within<'a> {
    inner: &'a dyn RuleSet,
    /// The name in reports.
    name: &'a str,
    support: &'a Support,
    /// Past it no game starts on either side, so that shrinking stops where it is.
    deadline: Option<Instant>,
}

impl RuleSet for Within<'_> {
    fn name(&self) -> &str {
        self.name
    }
    fn start(&self, setup: &Setup) -> Result<Box<dyn Playable>, Unsupported> {
        start_within(self.support, self.deadline, setup, |s| self.inner.start(s))
    }
}

/// A game of `setup` started by `start`, unless the time cap is reached or the declaration
/// `support` refuses the setup (both unsupported): the start of [`Within`] and
/// [`WithinEngine`].
fn start_within(
    support: &Support,
    deadline: Option<Instant>,
    setup: &Setup,
    start: impl FnOnce(&Setup) -> Result<Box<dyn Playable>, Unsupported>,
) -> Result<Box<dyn Playable>, Unsupported> {
    if deadline.is_some_and(|d| Instant::now() >= d) {
        return Err(Unsupported("the time cap is reached".into()));
    }
    match support.refuses(setup) {
        Some(why) => Err(Unsupported(why.to_string())),
        None => start(setup),
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
    /// The same games on each of these boards (rectangles, the boards of the graph
    /// extension, squares).
    Boards { boards: Vec<Arc<Board>> },
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
    /// The decisive situations of the states compared (games on boards only).
    pub decisive: Counts,
    /// Divergences left unshrunk (the plan's filter had enough of their kind).
    pub not_shrunk: u64,
    /// The time spent on divergences, shrinking, explaining and writing them (replays, not
    /// turns of the random games), so that the report's checked turns a second count the
    /// games only (issue 29 point 4).
    pub shrinking: std::time::Duration,
}

/// Which divergences are shrunk into findings ([`campaign_filtered`]), told of each finding
/// kept, so that it can count a finding where its shrunk game belongs (the report's cells).
pub trait Keep {
    /// Whether the divergence of `game`, as played, is shrunk into a finding (if not, it is
    /// counted in [`CampaignReport::not_shrunk`]).
    fn shrink(&mut self, game: &Game, divergence: &Divergence) -> bool;
    /// A divergence shrunk: its shrunk game and divergence, and whether it is a new finding
    /// (kept) or the shape of one already kept (a duplicate, not kept).
    fn shrunk(&mut self, game: &Game, divergence: &Divergence, new: bool);
}

/// What every campaign shares: the two sides, the plan, the report being filled, the
/// findings seen, the clock.
struct Run<'a, 'k> {
    engine: &'a dyn EngineUnderTest,
    reference: &'a dyn RuleSet,
    plan: &'a VerifyPlan,
    started: Instant,
    report: CampaignReport,
    seen: HashSet<String>,
    /// Which divergences are shrunk into findings (the others are counted in
    /// `CampaignReport::not_shrunk`); `None`: all.
    keep: Option<&'k mut dyn Keep>,
}

impl Run<'_, '_> {
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
        // Not a turn checked: the divergence shrunk, explained and written (replays of the
        // game, on both sides and on the transcription), timed apart from the games.
        let started = Instant::now();
        self.diverged(index, found_in, game, divergence, progress);
        self.report.shrinking += started.elapsed();
    }

    /// A game that diverged ([`Run::finish`]): shrunk, explained, written and kept unless
    /// already found, or counted as not shrunk.
    fn diverged(
        &mut self,
        index: u64,
        found_in: String,
        game: Game,
        divergence: Divergence,
        progress: &mut dyn FnMut(&str),
    ) {
        if let Some(keep) = self.keep.as_mut() {
            if !keep.shrink(&game, &divergence) {
                self.report.not_shrunk += 1;
                return;
            }
        }
        let (a, b) = (self.reference, self.engine as &dyn RuleSet);
        let (game, divergence) = match compare::shrink(a, b, &game, self.plan.shrink_budget) {
            Some(s) => (s.game, s.divergence),
            None => (game, divergence),
        };
        if self.engine.failure().is_some() {
            return; // talking failed while shrinking: not a finding about the rules
        }
        let new = self.seen.insert(shape_key(&game));
        if let Some(keep) = self.keep.as_mut() {
            keep.shrunk(&game, &divergence, new);
        }
        if !new {
            self.report.duplicates += 1;
            return;
        }
        let explained = explain_divergence(&game, &divergence);
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
        // SGF has no refused moves: the probes graphgo refused before the divergence are
        // left out there (the case file keeps them).
        let probes = compare::refused_turns(a, &game, divergence.turns);
        let sgf = crate::io::sgf::write(&without_turns(&game, &probes), &provenance);
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

/// The campaign of [`Games::SquareGrids`] and [`Games::Boards`]: `plan.games` games on each
/// board from an empty board, in turn of the four styles, compared with graphgo's engine;
/// the decisive situations of every state compared are counted.
fn board_games(run: &mut Run, boards: &[Arc<Board>], progress: &mut dyn FnMut(&str)) {
    let plan = run.plan;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(plan.seed);
    let compared = run.engine.compared();
    // Setup stones (and White first) only where both sides take them.
    let (stones, white_first) = {
        let support = run.engine.support();
        (support.setup_stones, support.white_first)
    };
    let mut index = 0;
    'boards: for board in boards {
        // Twice the board's points (at least 20, at most 150; 400 on boards over 200
        // points), then both players pass: every game that agrees to its end is scored.
        let max_turns = plan.max_turns.unwrap_or(if board.len() > 200 {
            400
        } else {
            (2 * board.len()).clamp(20, 150)
        });
        // The board's title and its ko shapes, once a board (each builds the grid of its
        // sides to compare: a cost of every game otherwise, issue 29 point 4).
        let title = board_title(board);
        let ko_shapes = ko_opening(board);
        for game_of_board in 0..plan.games {
            if run.must_stop() {
                return;
            }
            index += 1;
            let style = Style::of(game_of_board);
            let mut setup = Setup::new(RuleId::Ggg1, Board::clone(board));
            setup.options = plan.options.unwrap_or_default();
            setup.komi = plan
                .komi
                .clone()
                .unwrap_or_else(|| BigRational::from_integer(0.into()));
            // Every other game of the random style starts from setup stones where the engine
            // takes them: a position of graphgo's own legal play, given as setup (and White
            // first in one of two, where the engine takes that too).
            let staged = stones && style == Style::Random && (game_of_board / 4) % 2 == 1;
            if staged {
                if let Some(initial) = played_setup(board, setup.options, &mut rng) {
                    setup.initial = initial;
                    if white_first && rng.random_bool(0.5) {
                        setup.to_move = Player::White;
                    }
                }
            }
            let staged = setup.initial.iter().any(|&c| c != Colour::Empty);
            // The ko and long styles open with ko shapes on grids.
            let mut opening = match style {
                Style::Ko | Style::Long if !staged => ko_shapes.clone(),
                _ => [Vec::new(), Vec::new()],
            };
            // An engine that takes a whole game in one round trip (`graphgo-game`) is told
            // the turns this game will give while the sides agree (issue 29 point 4), a chunk
            // at a time: the first now, the next when the game has given them all.
            let mut ahead = None;
            if run.engine.batches_games() {
                ahead = LookAhead::start(
                    run.reference,
                    &setup,
                    &opening,
                    &rng,
                    style,
                    compared.turn_order,
                    max_turns,
                );
                run.engine.intend(ahead.as_mut().map(LookAhead::more));
            }
            let started = compare::Session::start(run.reference, run.engine, &setup);
            run.engine.intend(None);
            let mut session = match started {
                Ok(Some(s)) => s,
                Ok(None) => {
                    // Neither side plays it: outside the declaration.
                    run.report.unsupported += 1;
                    continue 'boards;
                }
                Err(d) => {
                    if run.engine.failure().is_some() {
                        return;
                    }
                    // Both start but differ at once (another position, other legal turns):
                    // a finding before the first turn.
                    if !matches!(d.difference, Difference::Start { .. }) {
                        run.report.games += 1;
                        let found_in = format!(
                            "{} game {game_of_board} (at the start), seed {}",
                            board_title(board),
                            plan.seed
                        );
                        let game = Game {
                            setup,
                            turns: Vec::new(),
                        };
                        run.finish(index, found_in, game, Some(*d), progress);
                        continue 'boards;
                    }
                    // An engine may play only some sizes (many only 19x19): skip the
                    // others, visibly.
                    let why = match &d.difference {
                        Difference::Start { b: Err(why), .. } => why.clone(),
                        _ => d.describe(board),
                    };
                    let skipped = Skipped {
                        what: match crate::conformance::gtp_rules::grid_sides(board) {
                            Some(_) => format!("size {}", board_title(board)),
                            None => board_title(board),
                        },
                        reason: SkipReason::Refused(why),
                    };
                    progress(&format!("{} skipped: {}\n", skipped.what, skipped.reason));
                    run.report.skipped.push(skipped);
                    continue 'boards;
                }
            };
            run.report.games += 1;
            let mut tracker = Tracker::new(&setup);
            let mut counts = Counts::new();
            let mut checked = run.engine.checked_points();
            if let Some(t) = tracker.as_mut() {
                count_state(t, checked.as_deref(), staged, &mut counts);
            }
            // The turns given to both sides, probes both refused included (the record keeps
            // them: an engine's state may change on a refused move); `played`: those played.
            let mut turns: Vec<Turn> = Vec::new();
            let mut played = 0usize;
            // Past the turn cap both pass; a game whose passes are refused stops a little
            // later.
            let hard_cap = run.report.turns + 2 * max_turns as u64 + 8;
            let diverged = loop {
                if plan.signals.caught().is_some() || run.report.turns >= hard_cap {
                    break None;
                }
                // The time cap bounds a game too (a slow engine's one game could outlast it):
                // past it the game stops where it is, its turns so far compared, and the
                // report says the budget is spent.
                if plan.time_budget.is_some_and(|b| run.started.elapsed() >= b) {
                    run.must_stop();
                    break None;
                }
                if session.observation().result.is_some() {
                    let scored = session
                        .observation()
                        .result
                        .as_ref()
                        .is_some_and(|r| r.by == crate::game::EndReason::Score);
                    if scored && compared.score {
                        *counts.entry(Situation::Scored).or_default() += 1;
                    }
                    break None;
                }
                let chosen = choose_turn(
                    &session.observation().position,
                    session.legal_turns(),
                    &mut opening,
                    &mut rng,
                    style,
                    tracker.as_mut(),
                    compared.turn_order,
                    [played, max_turns],
                );
                let Some(turn) = chosen else {
                    break None;
                };
                // Every turn told ahead given, the game as told: the next chunk, taken by the
                // engine's game when it reaches this turn.
                if let Some(a) = ahead
                    .as_mut()
                    .filter(|a| !a.done && a.given.len() == turns.len())
                {
                    if a.given == turns {
                        let more = a.more();
                        if !more.is_empty() {
                            run.engine.intend(Some(more));
                        }
                    } else {
                        ahead = None;
                    }
                }
                // The turn's own situation, where the state's count did not hold it.
                let own = tracker.as_mut().and_then(|t| t.turn_situation(&turn));
                let counted_with_state = match (&turn, &checked) {
                    (Turn::Move { at, player }, Some(points)) => {
                        points.contains(at)
                            && Some(*player) == tracker.as_ref().map(Tracker::to_move)
                    }
                    (Turn::Move { player, .. }, None) => {
                        Some(*player) == tracker.as_ref().map(Tracker::to_move)
                    }
                    _ => false,
                };
                let own = own.filter(|s| match s {
                    Situation::EndingPass => compared.end,
                    Situation::OutOfTurn => compared.turn_order,
                    _ => !counted_with_state,
                });
                run.report.turns += 1;
                match session.play(&turn) {
                    // A probe both sides refuse changes nothing in graphgo, but may in the
                    // engine (a divergence turns later that needs it): it is kept in the
                    // record, as a probe (spec/FORMAT.md, "Probes"), so that the finding
                    // replays and shrinks with it.
                    Ok(Verdict::Refused(_)) => {
                        if let Some(s) = own {
                            *counts.entry(s).or_default() += 1;
                            if staged {
                                *counts.entry(Situation::FromSetup).or_default() += 1;
                            }
                        }
                        turns.push(turn);
                    }
                    Ok(_) => {
                        if let Some(s) = own {
                            *counts.entry(s).or_default() += 1;
                            if staged {
                                *counts.entry(Situation::FromSetup).or_default() += 1;
                            }
                        }
                        turns.push(turn.clone());
                        played += 1;
                        checked = run.engine.checked_points();
                        if let Some(t) = tracker.as_mut() {
                            t.played(&turn);
                            // A state after the end presents nothing.
                            if session.observation().result.is_none() {
                                count_state(t, checked.as_deref(), staged, &mut counts);
                            }
                        }
                    }
                    Err(d) => {
                        // The divergence counts every turn given, probes too, as the record
                        // holds them.
                        turns.push(turn);
                        break Some(*d);
                    }
                }
            };
            drop(session);
            // A chunk told and not reached is not for the next game, nor for a replay.
            if ahead.is_some() {
                run.engine.intend(None);
            }
            decisive::add(&mut run.report.decisive, &counts);
            if run.engine.failure().is_some() {
                return;
            }
            let found_in = format!(
                "{title} game {game_of_board} ({}), seed {}",
                style.words(),
                plan.seed
            );
            let game = Game { setup, turns };
            run.finish(index, found_in, game, diverged, progress);
        }
    }
}

/// The next turn of a board game ([`board_games`]) in the agreed state (`position`, and
/// `legal`, the turns allowed, sorted): both pass past the turn cap (`played_and_cap`: the
/// turns played, the cap), else the next stone of the opening, else [`random_turn`]; `None`
/// ends the game.
#[allow(clippy::too_many_arguments)]
fn choose_turn(
    position: &[Colour],
    legal: &[Turn],
    opening: &mut [Vec<Vertex>; 2],
    rng: &mut Xoshiro256PlusPlus,
    style: Style,
    tracker: Option<&mut Tracker>,
    out_of_turn: bool,
    [played, max_turns]: [usize; 2],
) -> Option<Turn> {
    let pass = legal
        .iter()
        .find(|t| matches!(t, Turn::Pass { .. }))
        .cloned();
    let opened = if opening.iter().all(Vec::is_empty) {
        None
    } else {
        opening_turn(opening, legal, rng)
    };
    match pass {
        Some(pass) if played >= max_turns => Some(pass),
        _ if opened.is_some() => opened,
        _ => random_turn(legal, position, rng, style, tracker, out_of_turn, played),
    }
}

/// A board game played ahead by graphgo alone ([`board_games`], issue 29 point 4): from
/// copies of the game's generator, opening and tracker, choosing as the game does
/// ([`choose_turn`], on what graphgo's one game shows and allows, which is what both sides
/// show and allow while they agree), so that while the sides agree the real game gives exactly these turns
/// (probes both refuse among them), to the same caps (the turn cap; the game's end). The
/// engine is told them a chunk at a time ([`EngineUnderTest::intend`]), each twice the one
/// before, so that a game that diverges early costs graphgo little play ahead; the game
/// itself is still compared turn by turn.
struct LookAhead {
    alone: Alone,
    opening: [Vec<Vertex>; 2],
    rng: Xoshiro256PlusPlus,
    tracker: Option<Tracker>,
    style: Style,
    out_of_turn: bool,
    max_turns: usize,
    /// The turns given so far (the real game's, while the sides agree) and those played.
    given: Vec<Turn>,
    played: usize,
    /// Whether the game ahead is over (its end, a cap, or graphgo refusing to go on).
    done: bool,
}

/// The turns told in the first chunk of a game ahead; each later chunk is twice the one
/// before.
const FIRST_CHUNK: usize = 16;

impl LookAhead {
    /// `None` where graphgo does not start the setup.
    fn start(
        reference: &dyn RuleSet,
        setup: &Setup,
        opening: &[Vec<Vertex>; 2],
        rng: &Xoshiro256PlusPlus,
        style: Style,
        out_of_turn: bool,
        max_turns: usize,
    ) -> Option<LookAhead> {
        Some(LookAhead {
            alone: Alone::start(reference, setup)?,
            opening: opening.clone(),
            rng: rng.clone(),
            tracker: Tracker::new(setup),
            style,
            out_of_turn,
            max_turns,
            given: Vec::new(),
            played: 0,
            done: false,
        })
    }

    /// The next chunk of turns (empty when the game ahead is over): `FIRST_CHUNK` turns, then
    /// as many as were given before.
    fn more(&mut self) -> Vec<Turn> {
        let chunk = self.given.len().max(FIRST_CHUNK);
        let from = self.given.len();
        while !self.done && self.given.len() < from + chunk {
            if self.given.len() >= 2 * self.max_turns + 8 || self.alone.observation.result.is_some()
            {
                self.done = true;
                break;
            }
            let Some(turn) = choose_turn(
                &self.alone.observation.position,
                &self.alone.legal,
                &mut self.opening,
                &mut self.rng,
                self.style,
                self.tracker.as_mut(),
                self.out_of_turn,
                [self.played, self.max_turns],
            ) else {
                self.done = true;
                break;
            };
            // The tracker's scratch state is not part of the choice; calls mirror the game's.
            if let Some(t) = self.tracker.as_mut() {
                let _ = t.turn_situation(&turn);
            }
            let verdict = self.alone.play(&turn);
            self.given.push(turn.clone());
            match verdict {
                Some(false) => {}
                Some(true) => {
                    self.played += 1;
                    if let Some(t) = self.tracker.as_mut() {
                        t.played(&turn);
                    }
                }
                None => self.done = true,
            }
        }
        self.given[from..].to_vec()
    }
}

/// graphgo's one game of a [`LookAhead`], with what it shows and the turns it allows (sorted)
/// after each turn, as [`compare::Session`] keeps them for two games (before: a session of
/// graphgo against itself, each turn played, observed and listed twice).
struct Alone {
    game: Box<dyn Playable>,
    observation: crate::game::Observation,
    legal: Vec<Turn>,
}

impl Alone {
    /// `None` where graphgo does not start the setup (or panics).
    fn start(reference: &dyn RuleSet, setup: &Setup) -> Option<Alone> {
        let game = compare::guarded(|| reference.start(setup)).ok()?.ok()?;
        let mut alone = Alone {
            game,
            observation: crate::game::Observation::default(),
            legal: Vec::new(),
        };
        alone.look().then_some(alone)
    }

    /// Reads what the game shows and allows; `false` on a panic.
    fn look(&mut self) -> bool {
        let game = &self.game;
        let Ok((observation, mut legal)) =
            compare::guarded(|| (game.observe(), game.legal_turns()))
        else {
            return false;
        };
        legal.sort();
        self.observation = observation;
        self.legal = legal;
        true
    }

    /// Plays `turn`: `Some(true)` played, `Some(false)` refused, `None` on a panic (the game
    /// ahead stops there).
    fn play(&mut self, turn: &Turn) -> Option<bool> {
        let game = &mut self.game;
        let played = compare::guarded(|| game.play(turn).is_ok()).ok()?;
        self.look().then_some(played)
    }
}

/// `game` without its turns at `indices` (from 0).
fn without_turns(game: &Game, indices: &[usize]) -> Game {
    Game {
        setup: game.setup.clone(),
        turns: game
            .turns
            .iter()
            .enumerate()
            .filter(|(i, _)| !indices.contains(i))
            .map(|(_, t)| t.clone())
            .collect(),
    }
}

/// The decisive situations of the state `tracker` follows, among `points` (`None`: all),
/// counted into `counts`; in a game from setup stones, a state with any of them counts once
/// more, for the setup ([`Situation::FromSetup`]), as does a turn given there whose own
/// situation is counted (an engine that answers only `play`).
fn count_state(
    tracker: &mut Tracker,
    points: Option<&[Vertex]>,
    staged: bool,
    counts: &mut Counts,
) {
    if !staged {
        tracker.count(points, counts);
        return;
    }
    let mut here = Counts::new();
    tracker.count(points, &mut here);
    if !here.is_empty() {
        *counts.entry(Situation::FromSetup).or_default() += 1;
    }
    decisive::add(counts, &here);
}

/// "9x9" for a grid, "a board of N points" otherwise.
fn board_title(board: &Board) -> String {
    match crate::conformance::gtp_rules::grid_sides(board) {
        Some((w, h)) => format!("{w}x{h}"),
        None => format!("a board of {} points", board.len()),
    }
}

/// The differential campaign of the plan: every divergence minimized, explained and (with
/// `out`) written. `progress` gets a few lines per finding and per skipped board.
pub fn campaign(
    engine: &dyn EngineUnderTest,
    plan: &VerifyPlan,
    progress: &mut dyn FnMut(&str),
) -> CampaignReport {
    campaign_filtered(engine, plan, progress, None)
}

/// [`campaign`], shrinking only the divergences `keep` accepts (the others are counted in
/// [`CampaignReport::not_shrunk`]) and telling it of each finding kept; the plan's time
/// budget also stops shrinking where it is.
pub fn campaign_filtered<'k>(
    engine: &dyn EngineUnderTest,
    plan: &VerifyPlan,
    progress: &mut dyn FnMut(&str),
    keep: Option<&'k mut dyn Keep>,
) -> CampaignReport {
    compare::quiet_panics_in_sides();
    let deadline = plan.time_budget.map(|b| Instant::now() + b);
    let declared = engine.support();
    let support = match plan.options {
        Some(o) => declared.pinned_to(o),
        None => declared,
    };
    let (spec, fast) = (crate::variants::Rules, Engine);
    // On square grids graphgo's side is called "graphgo", as verify-gtp always named it.
    let (reference, name): (&dyn RuleSet, &str) = match plan.games_on {
        Games::Generated => (&spec, spec.name()),
        Games::SquareGrids { .. } | Games::Boards { .. } => (&fast, "graphgo"),
    };
    let a = Within {
        inner: reference,
        name,
        support: &support,
        deadline,
    };
    let b = WithinEngine {
        inner: engine,
        support: &support,
        deadline,
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
        keep,
    };
    match &plan.games_on {
        Games::Generated => generated_games(&mut run, &support, progress),
        Games::SquareGrids { sides } => {
            let boards: Vec<Arc<Board>> = sides
                .iter()
                .filter_map(|&n| Board::grid(n, n).ok().map(Arc::new))
                .collect();
            board_games(&mut run, &boards, progress)
        }
        Games::Boards { boards } => board_games(&mut run, boards, progress),
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
    deadline: Option<Instant>,
}

impl RuleSet for WithinEngine<'_> {
    fn name(&self) -> &str {
        self.inner.name()
    }
    fn start(&self, setup: &Setup) -> Result<Box<dyn Playable>, Unsupported> {
        start_within(self.support, self.deadline, setup, |s| self.inner.start(s))
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
    fn checked_points(&self) -> Option<Vec<Vertex>> {
        self.inner.checked_points()
    }
    fn compared(&self) -> crate::conformance::engine::Compared {
        self.inner.compared()
    }
    fn batches_games(&self) -> bool {
        self.inner.batches_games()
    }
    fn intend(&self, turns: Option<Vec<Turn>>) {
        self.inner.intend(turns)
    }
}
