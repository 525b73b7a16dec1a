//! The optimized engine: General Graph Go (`ggg1`, `ggg2`, `ggg3`, every option) on flat
//! arrays, observably identical to the transcription in `crate::spec` (which it never
//! imports; the differential tests compare the two).
//!
//! - [`goban`]: the board (compressed-row adjacency, chains with exact pseudo-liberty tests,
//!   next-stone lists, incremental 64-bit Zobrist hashing);
//! - [`history`]: the journal of changes and the hash index behind exact superko;
//! - [`GggGame`]: the rules on top of both, with a fast interface for playouts;
//! - [`Engine`] / [`EngineGame`]: the same as a [`RuleSet`] / [`Playable`];
//! - [`playout`]: light random playouts and the benchmark suites of `graphgo bench`.
//!
//! `unsafe` in one place only: the board's hot loops read its arrays without bounds checks,
//! which cost 7% of a playout turn's instructions (see "Unchecked reads" in [`goban`]); CI
//! runs the tests that drive those loops under Miri. The rest of the crate denies `unsafe`.

pub mod directed;
pub mod goban;
pub mod history;
pub mod keys;
pub mod mango;
pub mod playout;
pub mod space;

use std::sync::Arc;

use num_rational::BigRational;

use crate::board::Board;
use crate::game::clause::{Clause, Ggg, RuleOption};
use crate::game::{
    EndReason, GameResult, Illegal, KoPass, Neutral, NoMove, Observation, Options, Playable,
    Player, Repetition, RepetitionEnd, RuleSet, SelfCapture, Setup, Turn, Unsupported, Version,
};
use goban::{Goban, MoveEffect, BLACK, EMPTY, WHITE};
use history::{History, Lookup, Scratch};

/// Why a move is refused, on the fast path (the clause is looked up by [`GggGame::clause`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The vertex is not on the board (the spec has no clause for it: a move needs a vertex).
    NoSuchVertex,
    /// `ggg1:2`: a move colours an empty vertex.
    NotEmpty,
    /// The self-capture option refuses a move that removes this many own stones.
    SelfCapture(u32),
    /// The repetition rule refuses the colouring the move produces.
    Repeats,
}

fn colour_of(p: Player) -> u8 {
    match p {
        Player::Black => BLACK,
        Player::White => WHITE,
    }
}

fn player_of(c: u8) -> Player {
    if c == BLACK {
        Player::Black
    } else {
        Player::White
    }
}

/// A game under `ggg1`, `ggg2` or `ggg3` with options: board, history, whose turn, passes,
/// prisoners. Moves and passes go through [`GggGame::play_move`] and [`GggGame::pass`]; the
/// end of the game ([`GggGame::settle`]) and scoring are separate, so that playouts can use
/// their own stopping rule over the same rules code.
#[derive(Clone, Debug)]
pub struct GggGame {
    pub goban: Goban,
    pub history: History,
    pub scratch: Scratch,
    pub rules: Version,
    pub options: Options,
    /// `BLACK` or `WHITE`.
    pub to_move: u8,
    pub consecutive_passes: u32,
    /// `ggg3:0`: P and Q, `[black, white]`.
    pub prisoners: [u64; 2],
}

impl GggGame {
    /// A game from a board and its rules.
    pub fn new(
        goban: Goban,
        rules: Version,
        options: Options,
        to_move: Player,
        prisoners: [u64; 2],
    ) -> GggGame {
        // The index the refusals read, or the end by repetition: a situational question
        // needs the colourings after passes too.
        let lookup = match (options.repetition, options.repetition_end) {
            (Repetition::Situational | Repetition::NaturalSituational, _)
            | (
                _,
                RepetitionEnd::SituationalDraw
                | RepetitionEnd::SituationalLoss
                | RepetitionEnd::ThirdSituationNoResult,
            ) => Lookup::Situational,
            (Repetition::Positional, _)
            | (_, RepetitionEnd::PositionalDraw | RepetitionEnd::PositionalLoss) => {
                Lookup::Positional
            }
            (Repetition::Simple | Repetition::KoPoint | Repetition::None, RepetitionEnd::None) => {
                Lookup::Recent
            }
        };
        let to_move = colour_of(to_move);
        let history = History::new(lookup, goban.hash(), to_move);
        GggGame {
            goban,
            history,
            scratch: Scratch::default(),
            rules,
            options,
            to_move,
            consecutive_passes: 0,
            prisoners,
        }
    }

    /// `ggg1:2` / `ggg1:3` / the options: the move by the player to move at `v`, checked in
    /// the spec's order (not empty, self-capture, repetition), without making it.
    #[inline]
    pub fn check(&mut self, v: u32) -> Result<MoveEffect, Refusal> {
        let me = self.to_move;
        GggGame::check_with(
            &self.goban,
            &self.history,
            self.options,
            me,
            v,
            &mut self.scratch,
        )
    }

    /// [`GggGame::check`] with the parts given separately (so that `&self` callers can pass
    /// their own scratch).
    #[inline(always)]
    pub fn check_with(
        goban: &Goban,
        history: &History,
        options: Options,
        me: u8,
        v: u32,
        scratch: &mut Scratch,
    ) -> Result<MoveEffect, Refusal> {
        if v as usize >= goban.len() {
            return Err(Refusal::NoSuchVertex);
        }
        if goban.colour(v) != EMPTY {
            return Err(Refusal::NotEmpty);
        }
        if options.repetition == Repetition::KoPoint && history.ko_point == Some((v, me)) {
            // A retake at the ko point captures the lone stone there, so it is never a
            // self-capture: refused before the analysis.
            return Err(Refusal::Repeats);
        }
        let effect = goban.analyse(v, me, scratch);
        let own = effect.own_removed;
        let refused = match options.self_capture {
            SelfCapture::All => false,
            SelfCapture::Multi => own == 1,
            SelfCapture::None => own > 0,
        };
        if refused {
            return Err(Refusal::SelfCapture(own));
        }
        let current = goban.colours();
        let fill = |s: &mut Scratch| goban.fill_delta(v, me, &effect, s);
        let repeated = match options.repetition {
            Repetition::Positional => history.repeats(effect.hash, None, current, scratch, fill),
            Repetition::Situational => {
                history.repeats(effect.hash, Some(3 - me), current, scratch, fill)
            }
            Repetition::NaturalSituational => {
                history.repeats_a_move(effect.hash, 3 - me, current, scratch, fill)
            }
            Repetition::Simple => history.repeats_previous(effect.hash, current, scratch, fill),
            Repetition::KoPoint | Repetition::None => false,
        };
        if repeated {
            return Err(Refusal::Repeats);
        }
        Ok(effect)
    }

    /// Makes a move already checked by [`GggGame::check`] (with nothing changed since).
    #[inline(always)]
    pub fn commit(&mut self, v: u32, effect: &MoveEffect) {
        let me = self.to_move;
        let removed = self
            .goban
            .commit(v, me, effect, &self.scratch, self.history.journal());
        if self.rules == Version::V3 {
            // ggg3:2: black stones removed go to Q, white ones to P, whoever moved.
            self.prisoners[0] += removed[1] as u64;
            self.prisoners[1] += removed[0] as u64;
        }
        if self.options.repetition == Repetition::KoPoint {
            self.history.ko_point = self.ko_point_after(v, me, removed);
        }
        self.record_move(me);
    }

    /// [`GggGame::check`] and, when the move is legal, [`GggGame::commit`] of the move by
    /// the player to move at the empty vertex `v`, in one step: true when it was made
    /// (nothing changes otherwise). For the playouts on a board in
    /// [`Goban::fixed_mode`] whose chains are linked exactly when `L`, under `ggg1` with
    /// the rules `REFERENCE` names (the caller checks the options): no self-capture and
    /// simple ko when true, self-capture and positional superko when false. The same
    /// effect, board and history as the two calls, without their dispatch on the options,
    /// the version and the board's layout (`fixed_path_changes_no_game`).
    #[inline(always)]
    pub(crate) fn try_fixed<const L: bool, const REFERENCE: bool>(&mut self, v: u32) -> bool {
        debug_assert!(self.rules == Version::V1 && self.goban.colour(v) == EMPTY);
        debug_assert_eq!(
            (self.options.self_capture, self.options.repetition),
            if REFERENCE {
                (SelfCapture::None, Repetition::Simple)
            } else {
                (SelfCapture::All, Repetition::Positional)
            }
        );
        let me = self.to_move;
        // Under the reference rules a move is refused for removing its own stones or for
        // giving back the colouring from before the opponent's last turn. Neither can
        // happen to a move next to an empty point u. Its stone keeps the liberty u, so it
        // stays on v, and u stays empty. Were the colouring the one before the last turn,
        // v would then have held a stone of the mover next to the empty u, which that turn
        // removed: only by filling u, which would not be empty now (on the fixed path no
        // group is without liberties, so a turn removes only the groups whose last liberty
        // it fills). A pass changes nothing, and the move leaves a stone on the empty v.
        // Such a move is made without
        // the analysis (`Goban::play_unanalysed`; the games are the same:
        // `quick_analysis_changes_no_game`, `fixed_path_changes_no_game`,
        // `the_fixed_step_refuses_what_the_general_check_refuses`).
        if REFERENCE && self.goban.has_empty_neighbour(v) {
            self.goban
                .play_unanalysed::<L>(v, me, &mut self.scratch, self.history.journal());
            return self.record_move(me);
        }
        // A move with no empty neighbour: refused when it removes the mover's own stones,
        // which is told from the chains next to it without the rest of the analysis (most
        // such draws in a playout are refused: a point the opponent surrounds). When it
        // removes none, it is refused only for giving back the colouring before the
        // opponent's last turn: it is made without the analysis, the hash of its colouring
        // read while it is made, and taken back on a hit, which the analysed path below
        // decides exactly (`the_unrefused_move_is_the_analysed_one`).
        if REFERENCE && self.goban.answers_self_capture() {
            if self.goban.self_captures::<L>(v, me) {
                return false;
            }
            let (journal, seen) = self.history.journal_and_previous();
            if self
                .goban
                .play_unanalysed_unless::<L>(v, me, &mut self.scratch, journal, seen)
                .is_some()
            {
                return self.record_move(me);
            }
        }
        // Under positional superko a move next to an empty point removes none of the
        // mover's stones either, and it is refused only if its colouring is an earlier
        // one. Such a move is made without the analysis, the hash of its colouring read
        // while it is made: when no earlier colouring has that hash it stands; when one
        // does (a repetition or a collision), it is taken back before it joined or
        // removed anything, and analysed and decided exactly below
        // (`the_checked_unanalysed_move_is_the_analysed_one`).
        if !REFERENCE && self.goban.has_empty_neighbour(v) {
            let (journal, seen) = self.history.journal_and_seen();
            if self
                .goban
                .play_unanalysed_unless::<L>(v, me, &mut self.scratch, journal, seen)
                .is_some()
            {
                return self.record_move(me);
            }
        }
        let effect = self.goban.analyse_fixed::<L>(v, me, &mut self.scratch);
        let goban = &self.goban;
        let current = goban.colours();
        let fill = |s: &mut Scratch| goban.fill_delta(v, me, &effect, s);
        let refused = if REFERENCE {
            effect.own_removed > 0
                || self
                    .history
                    .repeats_previous(effect.hash, current, &mut self.scratch, fill)
        } else {
            self.history
                .repeats(effect.hash, None, current, &mut self.scratch, fill)
        };
        if refused {
            return false;
        }
        self.goban
            .commit_fixed::<L>(v, me, &effect, &self.scratch, self.history.journal());
        self.record_move(me)
    }

    /// After a move by `me` was made on the board and its changes journaled: the opponent
    /// is to move, the passes run is broken, and the turn is recorded (its hash, for the
    /// repetition tests). True, for the callers that answer "made".
    #[inline(always)]
    fn record_move(&mut self, me: u8) -> bool {
        self.to_move = 3 - me;
        self.consecutive_passes = 0;
        self.history.record(self.goban.hash(), self.to_move, true);
        true
    }

    /// `repetition: ko-point`: the ko point the move just made at `v` by `me` leaves, read
    /// before it is recorded. There is one when the move removed exactly one stone, of the
    /// opponent's, next to `v`, and `v` is left a lone stone whose only liberty is that
    /// point: it is then forbidden to the opponent.
    fn ko_point_after(&self, v: u32, me: u8, removed: [u32; 2]) -> Option<(u32, u8)> {
        let opponent = 3 - me;
        if removed[opponent as usize - 1] != 1 || removed[me as usize - 1] != 0 {
            return None;
        }
        let captured = self
            .history
            .pending_changes()
            .iter()
            .find(|&&e| e & 3 == u32::from(opponent))
            .map(|&e| e >> 2)?;
        let [empty, black, white] = self.goban.neighbour_counts(v);
        let own = if me == BLACK { black } else { white };
        let alone_in_atari = own == 0 && empty == 1;
        (alone_in_atari && self.goban.neighbours(v).contains(&captured))
            .then_some((captured, opponent))
    }

    /// `repetition_end`: whether the move at `v` (checked as `effect`, not made yet) gives
    /// an earlier colouring (with the mover's opponent to move, for a situational end), or,
    /// under `third-situation-no-result`, a situation that occurred twice since the last
    /// pass.
    pub fn ends_by_repetition(&mut self, v: u32, effect: &MoveEffect) -> bool {
        let end = self.options.repetition_end;
        if end == RepetitionEnd::None {
            return false;
        }
        let me = self.to_move;
        let next = end.situational().then_some(3 - me);
        let goban = &self.goban;
        let fill = |s: &mut Scratch| goban.fill_delta(v, me, effect, s);
        if end == RepetitionEnd::ThirdSituationNoResult {
            return self.history.occurred_twice_since_pass(
                effect.hash,
                3 - me,
                goban.colours(),
                &mut self.scratch,
                fill,
            );
        }
        self.history
            .repeats(effect.hash, next, goban.colours(), &mut self.scratch, fill)
    }

    /// A move by the player to move at `v`, or why it is refused (nothing changes then).
    #[inline]
    pub fn play_move(&mut self, v: u32) -> Result<(), Refusal> {
        let effect = self.check(v)?;
        self.commit(v, &effect);
        Ok(())
    }

    /// True when the player to move may pass now (`ggg2:2`, `ggg3:2`).
    pub fn may_pass(&self) -> bool {
        match self.rules {
            Version::V1 => true,
            Version::V2 => false,
            Version::V3 => self.prisoners[self.to_move as usize - 1] > 0,
        }
    }

    /// A pass by the player to move; call only when [`GggGame::may_pass`].
    pub fn pass(&mut self) {
        if self.rules == Version::V3 {
            self.prisoners[self.to_move as usize - 1] -= 1;
        }
        if self.options.ko_pass == KoPass::Clears {
            self.history.ko_point = None;
        }
        self.to_move = 3 - self.to_move;
        self.consecutive_passes += 1;
        self.history.record(self.goban.hash(), self.to_move, false);
    }

    /// `ggg2:4`: true when no empty vertex gives the player to move a legal move.
    pub fn unable_to_move(&mut self) -> bool {
        let me = self.to_move;
        for i in 0..self.goban.empties().len() {
            let v = self.goban.empties()[i];
            if GggGame::check_with(
                &self.goban,
                &self.history,
                self.options,
                me,
                v,
                &mut self.scratch,
            )
            .is_ok()
            {
                return false;
            }
        }
        true
    }

    /// Whether the game has ended before the next turn (`ggg1:4`, `ggg2:4`, `ggg3:4`).
    pub fn settle(&mut self) -> Option<EndReason> {
        let over = match self.rules {
            Version::V1 => self.consecutive_passes >= 2,
            Version::V2 => self.unable_to_move(),
            Version::V3 => {
                self.unable_to_move() && (self.options.no_move == NoMove::Lose || !self.may_pass())
            }
        };
        if over {
            Some(if self.rules == Version::V1 {
                EndReason::Score
            } else {
                EndReason::NoMove
            })
        } else {
            None
        }
    }

    /// `ggg1:4`: Black's and White's area, komi not included.
    pub fn area(&self) -> [u64; 2] {
        self.goban.area(self.options.neutral == Neutral::None)
    }

    /// The clause that refuses a move for this reason under these rules.
    pub fn clause(&self, refusal: Refusal) -> Clause {
        match refusal {
            Refusal::NoSuchVertex | Refusal::NotEmpty => Clause::Ggg(Ggg::V1R2),
            Refusal::SelfCapture(_) => Clause::Option(RuleOption::SelfCapture),
            Refusal::Repeats => match (self.options.repetition, self.rules) {
                (Repetition::Positional, Version::V3) => Clause::Ggg(Ggg::V3R3),
                (Repetition::Positional, _) => Clause::Ggg(Ggg::V1R3),
                _ => Clause::Option(RuleOption::Repetition),
            },
        }
    }
}

/// The engine as a [`RuleSet`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Engine;

/// A game played by the engine.
#[derive(Clone, Debug)]
pub struct EngineGame {
    board: Arc<Board>,
    game: GggGame,
    komi: BigRational,
    result: Option<GameResult>,
}

impl RuleSet for Engine {
    fn name(&self) -> &str {
        "engine"
    }

    fn start(&self, setup: &Setup) -> Result<Box<dyn Playable>, Unsupported> {
        MaskedEngine(u64::MAX).start(setup)
    }
}

/// The engine with only the bits of `.0` kept in every Zobrist key, for every family: tests
/// pass a tiny mask so that distinct positions share their hash and every repetition test is
/// a hash hit that only the exact confirmation settles. `MaskedEngine(u64::MAX)` is [`Engine`].
#[derive(Clone, Copy, Debug)]
pub struct MaskedEngine(pub u64);

impl RuleSet for MaskedEngine {
    fn name(&self) -> &str {
        if self.0 == u64::MAX {
            "engine"
        } else {
            "engine (masked hash)"
        }
    }

    fn start(&self, setup: &Setup) -> Result<Box<dyn Playable>, Unsupported> {
        self.start_send(setup).map(|g| g as Box<dyn Playable>)
    }
}

impl Engine {
    /// [`RuleSet::start`], as a game that may move to another thread (every family's game
    /// is `Send`): the Python package plays whole games with the interpreter's lock released.
    pub fn start_send(&self, setup: &Setup) -> Result<Box<dyn Playable + Send>, Unsupported> {
        MaskedEngine(u64::MAX).start_send(setup)
    }
}

impl MaskedEngine {
    /// [`RuleSet::start`], as a game that may move to another thread ([`Engine::start_send`]).
    pub fn start_send(&self, setup: &Setup) -> Result<Box<dyn Playable + Send>, Unsupported> {
        let mask = self.0;
        match setup.rules {
            crate::game::RuleId::Mango => {
                Ok(Box::new(mango::MangoEngine::start_masked(setup, mask)?))
            }
            crate::game::RuleId::Directed => Ok(Box::new(directed::DirectedEngine::start_masked(
                setup, mask,
            )?)),
            // Go-spaces keep their colourings in an exact set: no hash to mask.
            crate::game::RuleId::TopoPrimitive | crate::game::RuleId::TopoStones => {
                Ok(Box::new(space::SpaceGame::start(setup)?))
            }
            _ => Ok(Box::new(EngineGame::start(setup, mask)?)),
        }
    }
}

/// The engine with every graph board linking its chains ([`Goban::set_linked`]), which
/// otherwise only the playouts on large boards do: the oracle plays it against the spec on
/// the small boards it can afford. The other families are [`Engine`]'s.
#[derive(Clone, Copy, Debug)]
pub struct LinkedEngine;

impl RuleSet for LinkedEngine {
    fn name(&self) -> &str {
        "engine (linked chains)"
    }

    fn start(&self, setup: &Setup) -> Result<Box<dyn Playable>, Unsupported> {
        if setup.rules.version().is_none() {
            return Engine.start(setup);
        }
        let mut game = EngineGame::start(setup, u64::MAX)?;
        game.game.goban.set_linked(true);
        Ok(Box::new(game))
    }
}

impl EngineGame {
    /// Whether `turn` is one of [`Playable::legal_turns`], without listing them all (an
    /// adapter that follows a library's game with graphgo's asks this of every turn).
    pub fn allows(&self, turn: &Turn) -> bool {
        if self.result.is_some() {
            return false;
        }
        let g = &self.game;
        let to_move = player_of(g.to_move);
        match *turn {
            Turn::Move { player, at } => {
                player == to_move
                    && at < g.goban.len()
                    && GggGame::check_with(
                        &g.goban,
                        &g.history,
                        g.options,
                        g.to_move,
                        at as u32,
                        &mut Scratch::default(),
                    )
                    .is_ok()
            }
            Turn::Pass { player } => player == to_move && g.may_pass(),
            Turn::Resign { player } => player == to_move,
            _ => false,
        }
    }

    /// A game from its setup. `hash_mask` keeps only some bits of the Zobrist keys: pass
    /// `u64::MAX`; tests pass a tiny mask to force hash collisions.
    pub fn start(setup: &Setup, hash_mask: u64) -> Result<EngineGame, Unsupported> {
        let board = &setup.board;
        let Some(version) = setup.rules.version() else {
            return Err(Unsupported(format!(
                "the engine does not play {} yet",
                setup.rules.name()
            )));
        };
        if setup.initial.len() != board.len() {
            return Err(Unsupported(format!(
                "the setup colours {} vertices, the board has {}",
                setup.initial.len(),
                board.len()
            )));
        }
        let colouring: Vec<u8> = setup.initial.iter().map(|&c| goban::cell(c)).collect();
        let rows: Vec<&[usize]> = (0..board.len()).map(|v| board.neighbours(v)).collect();
        let goban = Goban::new(&rows, &colouring, hash_mask);
        let game = GggGame::new(
            goban,
            version,
            setup.options,
            setup.to_move,
            setup.prisoners,
        );
        let mut started = EngineGame {
            board: Arc::clone(board),
            game,
            komi: setup.komi.clone(),
            result: None,
        };
        started.settle();
        Ok(started)
    }

    /// The rules-level game inside.
    pub fn game(&self) -> &GggGame {
        &self.game
    }

    fn settle(&mut self) {
        if let Some(by) = self.game.settle() {
            self.result = Some(self.finish(None, by));
        }
    }

    /// `ggg1:4` with komi: Black's and White's scores now.
    fn scores(&self) -> [BigRational; 2] {
        let [b, w] = self.game.area();
        [
            BigRational::from_integer(b.into()),
            BigRational::from_integer(w.into()) + self.komi.clone(),
        ]
    }

    fn finish(&self, resigned: Option<Player>, by: EndReason) -> GameResult {
        match (self.game.rules, by) {
            (Version::V1, _) => {
                let s = self.scores();
                let winner = match resigned {
                    Some(p) => Some(p.opponent()),
                    None => crate::game::higher_score(&s),
                };
                GameResult {
                    winner,
                    by,
                    score: Some(s),
                }
            }
            (_, EndReason::Resignation) => GameResult {
                winner: resigned.map(Player::opponent),
                by,
                score: None,
            },
            _ => GameResult {
                winner: Some(player_of(self.game.to_move).opponent()),
                by,
                score: None,
            },
        }
    }

    fn refuse(&self, refusal: Refusal, v: usize) -> Illegal {
        let name = if v < self.board.len() {
            self.board.name(v).to_string()
        } else {
            format!("vertex {v}")
        };
        let reason = match refusal {
            Refusal::NoSuchVertex => format!("{name} is not on the board"),
            Refusal::NotEmpty => format!("{name} is not empty: a move colours an empty vertex"),
            Refusal::SelfCapture(k) => {
                format!("{name} would capture {k} of the mover's own stones")
            }
            Refusal::Repeats if self.game.options.repetition == Repetition::KoPoint => {
                format!("{name} is the ko point: the ko may not be taken back at once")
            }
            Refusal::Repeats => format!("{name} would repeat an earlier position"),
        };
        Illegal {
            clause: self.game.clause(refusal),
            reason,
        }
    }
}

impl Playable for EngineGame {
    fn observe(&self) -> Observation {
        let g = &self.game;
        Observation {
            position: g
                .goban
                .colours()
                .iter()
                .map(|&c| goban::colour_of_cell(c))
                .collect(),
            to_move: self.result.is_none().then(|| player_of(g.to_move)),
            prisoners: (g.rules == Version::V3).then_some(g.prisoners),
            scores: None,
            result: self.result.clone(),
        }
    }

    fn legal_turns(&self) -> Vec<Turn> {
        if self.result.is_some() {
            return Vec::new();
        }
        let g = &self.game;
        let player = player_of(g.to_move);
        let mut scratch = Scratch::default();
        // Room for every point, a pass and a resignation at once: a list collected from a
        // filter grows by reallocation, a cost of every turn compared (issue 29 point 4).
        let mut legal: Vec<Turn> = Vec::with_capacity(g.goban.len() + 2);
        legal.extend(
            (0..g.goban.len() as u32)
                .filter(|&v| {
                    GggGame::check_with(&g.goban, &g.history, g.options, g.to_move, v, &mut scratch)
                        .is_ok()
                })
                .map(|v| Turn::Move {
                    player,
                    at: v as usize,
                }),
        );
        if g.may_pass() {
            legal.push(Turn::Pass { player });
        }
        legal.push(Turn::Resign { player });
        legal
    }

    fn play(&mut self, turn: &Turn) -> Result<(), Illegal> {
        if self.result.is_some() {
            let clause = match self.game.rules {
                Version::V1 => Clause::Ggg(Ggg::V1R4),
                Version::V2 => Clause::Ggg(Ggg::V2R4),
                Version::V3 => Clause::Ggg(Ggg::V3R4),
            };
            return Err(Illegal {
                clause,
                reason: "the game is over".into(),
            });
        }
        let player = turn.player();
        let to_move = player_of(self.game.to_move);
        if player != to_move {
            return Err(Illegal {
                clause: Clause::Ggg(Ggg::V1R2),
                reason: format!("it is {}'s turn, not {}'s", to_move, player),
            });
        }
        match *turn {
            Turn::Move { at, .. } => {
                let v = u32::try_from(at).unwrap_or(u32::MAX);
                let effect = self.game.check(v).map_err(|r| self.refuse(r, at))?;
                let repeated = self.game.ends_by_repetition(v, &effect);
                self.game.commit(v, &effect);
                if repeated {
                    let end = self.game.options.repetition_end;
                    let by = end.reason();
                    // A game without a result is not scored.
                    let score = (self.game.rules == Version::V1 && by != EndReason::NoResult)
                        .then(|| self.scores());
                    self.result = Some(GameResult {
                        winner: end.winner(player),
                        by,
                        score,
                    });
                    return Ok(());
                }
            }
            Turn::Pass { .. } => {
                match self.game.rules {
                    Version::V1 => {}
                    Version::V2 => {
                        return Err(Illegal {
                            clause: Clause::Ggg(Ggg::V2R2),
                            reason: "version 2 has no passing".into(),
                        })
                    }
                    Version::V3 if !self.game.may_pass() => {
                        return Err(Illegal {
                            clause: Clause::Ggg(Ggg::V3R2),
                            reason: format!("{} has no prisoners to pay for a pass", player),
                        })
                    }
                    Version::V3 => {}
                }
                self.game.pass();
            }
            Turn::Resign { .. } => {
                self.result = Some(self.finish(Some(player), EndReason::Resignation));
                return Ok(());
            }
            _ => {
                // Komi, colour choice, history and ko actions are turns of the directed
                // rules (`dir:*`): General Graph Go has moves, passes and resignations only.
                return Err(Illegal {
                    clause: Clause::Ggg(Ggg::V1R2),
                    reason: "not a turn of General Graph Go (a move, a pass or a resignation)"
                        .into(),
                });
            }
        }
        self.settle();
        Ok(())
    }

    fn fork(&self) -> Option<Box<dyn Playable>> {
        Some(Box::new(self.clone()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::RuleId;

    /// The path a - b - c under `ggg1`, Black to move.
    fn abc() -> EngineGame {
        let board = Board::from_edges(&["a", "b", "c"], &[("a", "b"), ("b", "c")]).unwrap();
        EngineGame::start(&Setup::new(RuleId::Ggg1, board), u64::MAX).unwrap()
    }

    #[test]
    fn refusals_name_the_vertex_and_the_players() {
        let (b, w) = (Player::Black, Player::White);
        let mut game = abc();
        game.play(&Turn::Move { player: b, at: 1 }).unwrap();
        let wrong_player = game.play(&Turn::Move { player: b, at: 0 }).unwrap_err();
        assert_eq!(wrong_player.clause, Clause::Ggg(Ggg::V1R2));
        assert_eq!(wrong_player.reason, "it is White's turn, not Black's");
        let occupied = game.play(&Turn::Move { player: w, at: 1 }).unwrap_err();
        assert_eq!(occupied.clause, Clause::Ggg(Ggg::V1R2));
        assert_eq!(
            occupied.reason,
            "b is not empty: a move colours an empty vertex"
        );
        // Vertex 3 is one past the last (c is 2): it has no name to give.
        let off_board = game.play(&Turn::Move { player: w, at: 3 }).unwrap_err();
        assert_eq!(off_board.clause, Clause::Ggg(Ggg::V1R2));
        assert_eq!(off_board.reason, "vertex 3 is not on the board");
    }

    #[test]
    fn allows_is_membership_of_the_legal_turns() {
        use crate::game::{Options, Repetition, SelfCapture};
        use rand::{Rng, SeedableRng};
        // Every turn of both players (each point, one off the board, pass, resign) asked in
        // every state of seeded random games on 4x4, under the readings that change which
        // moves are legal (self-capture, each repetition rule), to the game's end.
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(29);
        let mut refused_moves = 0;
        for (self_capture, repetition) in [
            (SelfCapture::None, Repetition::Positional),
            (SelfCapture::All, Repetition::Situational),
            (SelfCapture::Multi, Repetition::KoPoint),
            (SelfCapture::None, Repetition::Simple),
            (SelfCapture::All, Repetition::None),
        ] {
            for _ in 0..20 {
                let mut setup = Setup::new(RuleId::Ggg1, Board::grid(4, 4).unwrap());
                setup.options = Options {
                    self_capture,
                    repetition,
                    ..Options::default()
                };
                let mut game = EngineGame::start(&setup, u64::MAX).unwrap();
                for _ in 0..80 {
                    let legal = game.legal_turns();
                    for player in [Player::Black, Player::White] {
                        let mut asked: Vec<Turn> =
                            (0..17).map(|at| Turn::Move { player, at }).collect();
                        asked.push(Turn::Pass { player });
                        asked.push(Turn::Resign { player });
                        for turn in &asked {
                            let listed = legal.contains(turn);
                            assert_eq!(game.allows(turn), listed, "{turn:?} in {legal:?}");
                            refused_moves += usize::from(
                                !listed && matches!(turn, Turn::Move { at, .. } if *at < 16),
                            );
                        }
                    }
                    let moves: Vec<&Turn> = legal
                        .iter()
                        .filter(|t| !matches!(t, Turn::Resign { .. }))
                        .collect();
                    if moves.is_empty() {
                        break;
                    }
                    let turn = moves[rng.random_range(0..moves.len())].clone();
                    game.play(&turn).unwrap();
                }
            }
        }
        assert!(refused_moves > 0);
    }

    #[test]
    fn the_engine_side_is_called_engine() {
        // The name the comparer prints for this side and puts in divergence file names.
        assert_eq!(Engine.name(), "engine");
    }

    #[test]
    fn a_masked_engine_says_so_in_its_name() {
        // Divergences found with a tiny hash mask must not read as the real engine's.
        assert_eq!(MaskedEngine(u64::MAX).name(), "engine");
        assert_eq!(MaskedEngine(0xff).name(), "engine (masked hash)");
        assert_eq!(LinkedEngine.name(), "engine (linked chains)");
    }
}
