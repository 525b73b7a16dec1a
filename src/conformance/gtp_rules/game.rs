//! One game on a GTP engine ([`GtpGame`]): each turn sent (`play`, or `graphgo-turn` for all
//! of a turn in one round trip), what is read back (stones, legality, player to move, end,
//! score), and how that shows as the engine's [`Observation`] and legal turns, with graphgo's
//! engine played alongside for the bookkeeping GTP lacks. Started by
//! [`super::GtpRules`]'s `RuleSet::start`.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::Arc;

use num_rational::BigRational;
use rand::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;

use super::answers::{parse_result, player_word, read_showboard, EngineResult};
use super::{Checks, Legality, StoneReading};
use crate::board::{Board, Vertex};
use crate::conformance::gtp::{quoted, GtpFailure, GtpProcess};
use crate::engine::EngineGame;
use crate::game::clause::Clause;
use crate::game::{Colour, EndReason, GameResult, Illegal, Observation, Playable, Player, Turn};

/// What the engine said of the current state, kept until the next turn.
#[derive(Clone, Debug, Default)]
pub(super) struct Seen {
    pub(super) position: Option<Vec<Colour>>,
    /// The player asked about, the points asked (`None`: all), and those it says are legal.
    pub(super) legal: Option<(Player, Option<Vec<Vertex>>, Vec<Vertex>)>,
    /// `gogui-rules_side_to_move`.
    pub(super) to_move: Option<Player>,
    /// `gogui-rules_final_result`: `Some(None)` while the game goes on.
    pub(super) result: Option<Option<EngineResult>>,
}

/// One game on the engine, with graphgo's engine alongside for the bookkeeping GTP lacks.
pub(super) struct GtpGame {
    pub(super) process: Rc<RefCell<GtpProcess>>,
    pub(super) failure: Rc<RefCell<Option<GtpFailure>>>,
    pub(super) board: Arc<Board>,
    pub(super) shadow: EngineGame,
    /// The engine played a turn graphgo refuses: the bookkeeping no longer follows it.
    pub(super) departed: bool,
    pub(super) stones: Rc<Cell<StoneReading>>,
    pub(super) checks: Checks,
    pub(super) legality: Legality,
    /// The adapter answers `graphgo-turn`.
    pub(super) one_trip: bool,
    /// The engine's name of each vertex, and the vertex of each name (upper case).
    pub(super) names: Vec<String>,
    pub(super) index: HashMap<String, Vertex>,
    pub(super) sample: Rc<RefCell<Xoshiro256PlusPlus>>,
    pub(super) checked: Rc<RefCell<Option<Vec<Vertex>>>>,
    pub(super) seen: RefCell<Seen>,
    /// `final_score` once asked: `Some(margin)`.
    pub(super) score: RefCell<Option<Option<BigRational>>>,
    /// Commands not used ([`super::GtpRules::ignored`]).
    pub(super) ignored: std::collections::BTreeSet<String>,
    /// The turns told ahead and the adapter's answers to them (`graphgo-game`, `super::ahead`).
    pub(super) ahead: RefCell<super::ahead::Ahead>,
    /// The next turns told while the game goes on (the campaign's next chunk), taken when
    /// those told before are all sent.
    pub(super) intended: Rc<RefCell<Option<Vec<Turn>>>>,
}

impl GtpGame {
    /// Sends a command; a failure to talk is recorded and ends the game with a panic that
    /// the comparer catches (the driver reports it as an engine failure, not a finding).
    pub(super) fn ask(&self, command: &str) -> Result<String, String> {
        let answer = self.process.borrow_mut().ask(command);
        match answer {
            Ok(a) => a,
            Err(f) => self.fail(f),
        }
    }

    fn fail(&self, f: GtpFailure) -> ! {
        let text = f.to_string();
        self.failure.borrow_mut().get_or_insert(f);
        panic!("{text}");
    }

    /// An answer the protocol does not allow: a failure to talk, not a finding.
    pub(super) fn bad_answer(&self, command: &str, answer: &str) -> ! {
        let f = GtpFailure::Protocol {
            command: command.to_string(),
            answer: quoted(answer),
            stderr: self.process.borrow().stderr_tail(),
        };
        self.fail(f)
    }

    fn knows(&self, command: &str) -> bool {
        self.process.borrow().knows(command) && !self.ignored.contains(command)
    }

    fn vertices(&self, text: &str) -> Vec<Vertex> {
        // A name already in upper case (as adapters mostly answer) is found without a copy.
        text.split_whitespace()
            .filter_map(|w| {
                self.index
                    .get(w)
                    .or_else(|| self.index.get(&w.to_uppercase()))
                    .copied()
            })
            .collect()
    }

    fn name(&self, v: Vertex) -> &str {
        &self.names[v]
    }

    pub(super) fn turn_word(&self, turn: &Turn) -> Option<String> {
        match *turn {
            Turn::Move { at, .. } => Some(self.name(at).to_string()),
            Turn::Pass { .. } => Some("pass".to_string()),
            _ => None,
        }
    }

    /// The player graphgo says is to move, if the game goes on.
    pub(super) fn next_player(game: &EngineGame) -> Option<Player> {
        game.observe().to_move
    }

    /// The points to ask about for `player` in `game` (`None`: all, the engine lists them):
    /// every point graphgo refuses there, and a seeded sample of the others.
    fn points_to_ask(&self, game: &EngineGame, player: Player) -> Option<Vec<Vertex>> {
        let mut rng = self.sample.borrow_mut();
        self.points_to_ask_with(game, player, &mut rng)
    }

    /// [`GtpGame::points_to_ask`], the sample drawn from `rng`.
    pub(super) fn points_to_ask_with(
        &self,
        game: &EngineGame,
        player: Player,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Option<Vec<Vertex>> {
        if self.legality != Legality::Sampled {
            return None;
        }
        self.points_to_ask_in(&game.observe().position, &game.legal_turns(), player, rng)
    }

    /// [`GtpGame::points_to_ask_with`] in a state already read: its stones (`position`) and
    /// the turns graphgo allows there (`legal`), so that a caller that needs them too (a
    /// step of `graphgo-game`) lists them once.
    pub(super) fn points_to_ask_in(
        &self,
        position: &[Colour],
        legal: &[Turn],
        player: Player,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Option<Vec<Vertex>> {
        if self.legality != Legality::Sampled {
            return None;
        }
        // Membership by a flag a point, not by searching lists (a turn's points to ask were
        // quadratic in the board's points).
        let mut allowed = vec![false; self.board.len()];
        for t in legal {
            if let Turn::Move { at, player: p } = *t {
                if p == player {
                    allowed[at] = true;
                }
            }
        }
        let mut is_asked: Vec<bool> = (0..self.board.len())
            .map(|v| position[v] == Colour::Empty && !allowed[v])
            .collect();
        let others: Vec<Vertex> = (0..self.board.len()).filter(|&v| !is_asked[v]).collect();
        for _ in 0..self.checks.sample.min(others.len()) {
            let v = others[rng.random_range(0..others.len())];
            is_asked[v] = true;
        }
        Some((0..self.board.len()).filter(|&v| is_asked[v]).collect())
    }

    /// Reads the current position (a command a colour, or `showboard`).
    fn read_position(&self) -> Vec<Colour> {
        if self.stones.get() == StoneReading::NotRead {
            return self.shadow.observe().position;
        }
        let mut position = vec![Colour::Empty; self.board.len()];
        if self.knows("list_stones") {
            for (word, colour) in [("black", Colour::Black), ("white", Colour::White)] {
                let listed = self.ask(&format!("list_stones {word}")).unwrap_or_default();
                for v in self.vertices(&listed) {
                    position[v] = colour;
                }
            }
            return position;
        }
        let drawn = self.ask("showboard").unwrap_or_default();
        match read_showboard(&drawn, &self.board) {
            Some(p) => p,
            None => self.bad_answer(
                "showboard",
                &format!(
                    "no board drawing graphgo can read (and no list_stones): {}",
                    drawn.lines().next().unwrap_or("")
                ),
            ),
        }
    }

    /// Asks the legality of `points` (`None`: all) for `player`, one command a point or one
    /// for all.
    fn read_legal(&self, player: Player, points: &Option<Vec<Vertex>>) -> Vec<Vertex> {
        let word = player.word();
        match points {
            None => {
                let listed = self.ask(&format!("all_legal {word}")).unwrap_or_default();
                self.vertices(&listed)
            }
            Some(points) => points
                .iter()
                .copied()
                .filter(|&v| {
                    self.ask(&format!("is_legal {word} {}", self.name(v)))
                        .is_ok_and(|a| a.trim() == "1")
                })
                .collect(),
        }
    }

    /// Reads the end and the player to move, where the engine answers them.
    fn read_end(&self, seen: &mut Seen) {
        if !self.checks.end {
            return;
        }
        if self.knows("gogui-rules_final_result") {
            let text = self
                .ask("gogui-rules_final_result")
                .unwrap_or_else(|e| self.bad_answer("gogui-rules_final_result", &format!("? {e}")));
            match parse_result(&text) {
                Ok(r) => seen.result = Some(r),
                Err(e) => self.bad_answer("gogui-rules_final_result", &e),
            }
        }
        if self.knows("gogui-rules_side_to_move") {
            let text = self.ask("gogui-rules_side_to_move").unwrap_or_default();
            seen.to_move = player_word(&text);
        }
    }

    /// Makes sure the state of the engine is read: what `graphgo-turn` did not bring is asked
    /// with the base commands.
    fn read_state(&self) {
        if self.ahead.borrow().state_first && self.seen.borrow().position.is_none() {
            if let Some(step) = self.step_ahead(None) {
                let _ = self.take_step(&step);
            }
        }
        {
            // Everything already read (the answer of the turn brought it): only the points
            // checked are told, as below, without copying what was seen.
            let seen = self.seen.borrow();
            if seen.position.is_some()
                && (seen.legal.is_some() || self.legality == Legality::PlayOnly)
            {
                *self.checked.borrow_mut() = match (&seen.legal, self.legality) {
                    (Some((_, points, _)), _) => points.clone(),
                    (None, _) => Some(Vec::new()),
                };
                return;
            }
        }
        let mut seen = self.seen.borrow().clone();
        if seen.position.is_none() {
            seen.position = Some(self.read_position());
            if seen.result.is_none() {
                self.read_end(&mut seen);
            }
        }
        if seen.legal.is_none() && self.legality != Legality::PlayOnly {
            if let Some(player) = GtpGame::next_player(&self.shadow) {
                let points = self.points_to_ask(&self.shadow, player);
                let legal = self.read_legal(player, &points);
                seen.legal = Some((player, points, legal));
            }
        }
        *self.checked.borrow_mut() = match (&seen.legal, self.legality) {
            (Some((_, points, _)), _) => points.clone(),
            (None, Legality::PlayOnly) => Some(Vec::new()),
            (None, _) => None,
        };
        *self.seen.borrow_mut() = seen;
    }

    /// `graphgo-turn`: the turn, then the stones, the legality of `next`'s points (`points`,
    /// `None`: all), the player to move and the end, in one answer. `Ok(())` when the engine
    /// played it.
    fn one_trip_turn(
        &self,
        turn: &Turn,
        word: &str,
        next: Player,
        points: &Option<Vec<Vertex>>,
    ) -> Result<(), String> {
        let command = format!(
            "graphgo-turn {} {word} {} {}",
            turn.player().word(),
            next.word(),
            self.asked_words(points)
        );
        let answer = match self.ask(command.trim_end()) {
            Ok(a) => a,
            Err(e) => self.bad_answer("graphgo-turn", &format!("? {e}")),
        };
        self.take_turn_answer("graphgo-turn", &answer, next, points)
    }

    /// The points asked, as `graphgo-turn` and `graphgo-game` name them: `all`, or their
    /// names (none: empty).
    pub(super) fn asked_words(&self, points: &Option<Vec<Vertex>>) -> String {
        match points {
            None => "all".to_string(),
            Some(ps) => ps
                .iter()
                .map(|&v| self.name(v).to_string())
                .collect::<Vec<_>>()
                .join(" "),
        }
    }

    /// Reads the answer of a turn (`graphgo-turn`'s, or a step of `graphgo-game`'s; asked by
    /// `command`) into what was seen: its first line the verdict (`played`, `refused
    /// MESSAGE`; `state` for the state before the first turn of a game), then the stones,
    /// `next`'s legality of `points`, the player to move and the end. `Ok(())` when the
    /// engine played it (or for `state`).
    pub(super) fn take_turn_answer(
        &self,
        command: &str,
        answer: &str,
        next: Player,
        points: &Option<Vec<Vertex>>,
    ) -> Result<(), String> {
        let mut lines = answer.lines();
        let verdict = lines.next().unwrap_or("").trim().to_string();
        let mut seen = Seen::default();
        let mut position = vec![Colour::Empty; self.board.len()];
        let mut legal = None;
        for line in lines {
            let (key, rest) = line.trim().split_once(' ').unwrap_or((line.trim(), ""));
            match key {
                "black" | "white" => {
                    let colour = if key == "black" {
                        Colour::Black
                    } else {
                        Colour::White
                    };
                    for v in self.vertices(rest) {
                        position[v] = colour;
                    }
                }
                "legal" => legal = Some(self.vertices(rest)),
                "to_move" => seen.to_move = player_word(rest),
                "result" => match parse_result(rest) {
                    Ok(r) => seen.result = Some(r),
                    Err(e) => self.bad_answer(command, &e),
                },
                _ => {}
            }
        }
        let Some(legal) = legal else {
            self.bad_answer(command, &format!("no 'legal' line in: {answer}"));
        };
        if !self.checks.end {
            seen.to_move = None;
            seen.result = None;
        }
        if self.stones.get() != StoneReading::NotRead {
            seen.position = Some(position);
        }
        seen.legal = (self.legality != Legality::PlayOnly).then(|| (next, points.clone(), legal));
        *self.seen.borrow_mut() = seen;
        match verdict.split_once(' ').map_or(verdict.as_str(), |(w, _)| w) {
            "played" => Ok(()),
            "state" if command == "graphgo-game" => Ok(()),
            "refused" => Err(verdict["refused".len()..].trim().to_string()),
            _ => self.bad_answer(command, &verdict),
        }
    }

    /// The engine's margin after a game graphgo ended by scoring (`final_score`, asked
    /// once), where it answers it and the score is compared.
    fn engine_margin(&self) -> Option<BigRational> {
        if !self.checks.score || !self.knows("final_score") {
            return None;
        }
        if let Some(m) = self.score.borrow().clone() {
            return m;
        }
        let text = self.ask("final_score").unwrap_or_default();
        let margin = match parse_result(&text) {
            Ok(Some(EngineResult {
                winner: Some(w),
                margin: Some(m),
                ..
            })) => Some(if w == Player::Black { m } else { -m }),
            Ok(Some(EngineResult { winner: None, .. })) => {
                Some(BigRational::from_integer(0.into()))
            }
            _ => self.bad_answer("final_score", &text),
        };
        *self.score.borrow_mut() = Some(margin.clone());
        margin
    }
}

impl Playable for GtpGame {
    fn observe(&self) -> Observation {
        self.read_state();
        let seen = self.seen.borrow();
        let mut o = self.shadow.observe();
        if let Some(p) = &seen.position {
            o.position = p.clone();
        }
        let engine_over = seen.result.as_ref().map(Option::is_some);
        match (o.result.is_some(), engine_over) {
            // graphgo ended the game by two passes, the engine goes on: its player to move
            // shows.
            (true, Some(false)) if o.result.as_ref().is_some_and(|r| r.by == EndReason::Score) => {
                o.result = None;
                o.to_move = seen.to_move.or(Some(Player::Black));
            }
            // The engine ended the game, graphgo goes on: the engine's result shows.
            (false, Some(true)) => {
                let r = seen.result.clone().flatten().expect("an ended game");
                o.to_move = None;
                o.result = Some(GameResult {
                    winner: r.winner,
                    by: if r.no_result {
                        EndReason::NoResult
                    } else {
                        EndReason::Score
                    },
                    score: r.margin.map(|m| [m, BigRational::from_integer(0.into())]),
                });
            }
            // graphgo's game ended without a result (`repetition_end:
            // third-situation-no-result`): the engine must say so (SGF's `Void`); if it goes
            // on, or names a winner or a draw, that shows.
            (true, Some(engine_over))
                if o.result
                    .as_ref()
                    .is_some_and(|r| r.by == EndReason::NoResult) =>
            {
                match seen.result.clone().flatten() {
                    Some(r) if r.no_result => {}
                    Some(r) => {
                        o.result = Some(GameResult {
                            winner: r.winner,
                            by: EndReason::Score,
                            score: r.margin.map(|m| [m, BigRational::from_integer(0.into())]),
                        });
                    }
                    None => {
                        debug_assert!(!engine_over);
                        o.result = None;
                        o.to_move = seen.to_move.or(Some(Player::Black));
                    }
                }
            }
            // graphgo's game ended by a resignation, which the engine is never told of: its
            // end is graphgo's bookkeeping.
            (true, _) if o.result.as_ref().is_some_and(|r| r.by != EndReason::Score) => {}
            (true, _) => {
                // Both ended: the engine's winner, and its margin where the score is compared.
                let graphgo = o.result.clone().expect("an ended game");
                let mut shown = graphgo.clone();
                if let Some(Some(r)) = seen.result.as_ref().filter(|_| self.checks.score) {
                    shown.winner = r.winner;
                }
                let margin = self.engine_margin().or_else(|| {
                    seen.result
                        .clone()
                        .flatten()
                        .filter(|_| self.checks.score)
                        .and_then(|r| {
                            r.margin.map(|m| {
                                if r.winner == Some(Player::White) {
                                    -m
                                } else {
                                    m
                                }
                            })
                        })
                });
                if let (Some(m), Some([b, w])) = (margin, &graphgo.score) {
                    if m != b - w {
                        shown.score = Some([m.clone(), BigRational::from_integer(0.into())]);
                        shown.winner =
                            crate::game::higher_score(&[m, BigRational::from_integer(0.into())]);
                    }
                }
                o.result = Some(shown);
            }
            (false, _) => {
                if let Some(p) = seen.to_move {
                    o.to_move = Some(p);
                }
            }
        }
        o
    }

    fn legal_turns(&self) -> Vec<Turn> {
        self.read_state();
        let shadow = self.shadow.legal_turns();
        let Some(player) = GtpGame::next_player(&self.shadow) else {
            return Vec::new();
        };
        let mut legal: Vec<Turn> = shadow
            .iter()
            .filter(|t| !matches!(t, Turn::Move { .. }))
            .cloned()
            .collect();
        let graphgo: Vec<Vertex> = shadow
            .iter()
            .filter_map(|t| match t {
                Turn::Move { at, .. } => Some(*at),
                _ => None,
            })
            .collect();
        let moves: Vec<Vertex> = match &self.seen.borrow().legal {
            // Every point asked: the engine's list.
            Some((p, None, listed)) if *p == player => listed.clone(),
            // Some points asked: the engine's answers there, graphgo's elsewhere.
            Some((p, Some(asked), listed)) if *p == player => {
                // Membership by a flag a point (not a search of the points asked for each
                // point graphgo allows).
                let mut is_asked = vec![false; self.board.len()];
                for &v in asked {
                    if let Some(flag) = is_asked.get_mut(v) {
                        *flag = true;
                    }
                }
                graphgo
                    .iter()
                    .copied()
                    .filter(|&v| !is_asked.get(v).copied().unwrap_or(false))
                    .chain(listed.iter().copied())
                    .collect()
            }
            // Without a legality command the engine is asked only through `play`: take
            // graphgo's list, and let the verdicts show any difference.
            _ => graphgo,
        };
        legal.extend(moves.into_iter().map(|at| Turn::Move { player, at }));
        legal.sort();
        legal.dedup();
        legal
    }

    fn play(&mut self, turn: &Turn) -> Result<(), Illegal> {
        let to_move = GtpGame::next_player(&self.shadow);
        let out_of_turn = to_move.is_some_and(|p| p != turn.player());
        // Whose turn it is and whether the game is over are graphgo's bookkeeping for an
        // engine that keeps no game (GTP's `play` takes any colour at any time): such turns
        // are sent only where the engine declares that it keeps the turn.
        let word = self.turn_word(turn);
        let told = if self.departed {
            None
        } else {
            self.step_ahead(Some(turn))
        };
        if self.departed
            || to_move.is_none()
            || (out_of_turn && !self.checks.out_of_turn)
            || word.is_none()
        {
            return self.shadow.play(turn);
        }
        let word = word.expect("a move or a pass");
        let mut after = self.shadow.clone();
        let graphgo_allows = after.play(turn).is_ok();
        let next_game = if graphgo_allows { &after } else { &self.shadow };
        let answer = if let Some(step) = told.filter(|s| s.answer.is_some()) {
            self.take_step(&step)
        } else if self.one_trip {
            // The next player is graphgo's (the engine's own is compared separately).
            match GtpGame::next_player(next_game) {
                Some(next) => {
                    let points = self.points_to_ask(next_game, next);
                    self.one_trip_turn(turn, &word, next, &points)
                }
                None => {
                    let r = self.one_trip_turn(turn, &word, turn.player(), &Some(Vec::new()));
                    self.seen.borrow_mut().legal = None;
                    r
                }
            }
        } else {
            *self.seen.borrow_mut() = Seen::default();
            self.ask(&format!("play {} {word}", turn.player().word()))
                .map(|_| ())
        };
        match (answer, graphgo_allows) {
            (Ok(()), true) => {
                self.shadow = after;
                Ok(())
            }
            (Ok(()), false) => {
                self.departed = true;
                Ok(())
            }
            (Err(e), true) => Err(Illegal {
                clause: Clause::Outside { by: "gtp" },
                reason: format!("the engine refuses it: {e}"),
            }),
            // Both refuse: the reason is graphgo's (GTP gives no clause).
            (Err(_), false) => self.shadow.play(turn),
        }
    }
}
