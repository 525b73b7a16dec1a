//! General Graph Go as played: the transcription `crate::spec::ggg` with what is not in the
//! source, wrapped around it from outside so that the transcription reads alone.
//!
//! - The record's options (`spec/ambiguities.md`, "Other decisions" and readings 1 and 2):
//!   `self_capture: multi | none` refuses, after the source accepts it, a move that removed
//!   the mover's own stones (counted by comparing them before and after); `repetition:
//!   situational | natural-situational | simple | none` hands the source's superko clause
//!   (`ggg1:3`) the colourings the variant forbids in place of every earlier one, and names
//!   its refusal `option:repetition`; `repetition: ko-point` refuses the move at the ko point
//!   ([`ko_point`], kept through a pass under `ko_pass: keeps`) beside the source's turn;
//!   `repetition_end` ends the game after a move that gives an earlier colouring;
//!   `neutral: none` counts the score from the source's clause functions; `no_move: pass`
//!   lets a player without a move pass while the prisoners last.
//!   Under the options the end of a version 2 or 3 game is decided again with them (who is
//!   "unable to make a move" depends on them), and a version 1 score is counted again.
//! - The fast path for the legal turns: what a move removes, for every empty vertex at once
//!   ([`fast_paths::ggg::move_removals`]), and repetition by keys of colourings
//!   ([`fast_paths::colouring_key`]), kept beside the source's state in [`GraphGoGame`].
//!   Tested equal to the literal list ([`GraphGoGame::legal_turns_literal`], every turn
//!   [`GraphGoGame::after`] accepts), and under the default options to the source's own
//!   [`spec::ggg::legal_turns`].

use imbl::{HashSet, OrdSet, Vector};
use num_rational::BigRational;

use crate::board::{Board, Shape, Vertex};
use crate::fast_paths;
use crate::game::clause::{Clause, Ggg, Nrich, RuleOption};
use crate::game::trace::{Applied, Effect, Played};
use crate::game::{
    Colour, EndReason, GameResult, Illegal, KoPass, Neutral, NoMove, Observation, Options,
    Playable, Player, Repetition, RepetitionEnd, SelfCapture, Setup, Traced, Turn, Version,
};
use crate::spec;
use crate::spec::ggg::{
    groups, has_neighbour_of, is_empty_vertex, make_move, pay_for_pass, winner, ColouredGraph,
    Colouring, State,
};
use crate::spec::nrich;

/// A game of General Graph Go under a record's options: the source's game
/// ([`spec::ggg::State`]) and what the options and the fast legal-turn path read
/// besides it. A value: [`GraphGoGame::after`] gives the next one.
#[derive(Clone, Debug)]
pub struct GraphGoGame {
    /// The source's game. Its `result` is the one under the options.
    pub state: State,
    pub options: Options,
    /// Every colouring of the game so far, in order, with the player to move at it (for
    /// `repetition: situational | simple`).
    pub history: Vector<(Colouring, Player)>,
    /// The colourings of `history` by the player to move at them, indexed by
    /// [`Player::index`] (situational superko forbids a move by Black the colourings at
    /// which White was to move, and the other way round). Kept under `repetition:
    /// situational` only (adding a colouring reads all of it), empty under the others.
    pub situations: [HashSet<Colouring>; 2],
    /// The key of every colouring of `history`, in order ([`fast_paths::colouring_key`]):
    /// kept so that [`GraphGoGame::legal_moves`] tells new colourings from earlier ones
    /// without reading every earlier colouring again on every turn.
    pub history_keys: Vector<u64>,
    /// For each colouring of `history`, whether a move gave it (false for the start and a
    /// pass): `repetition: natural-situational` counts only those.
    pub by_move: Vector<bool>,
    /// `repetition: ko-point`: the ko point and the player it is forbidden to
    /// ([`ko_point`]); `None` under the other rules.
    pub ko: Option<(Vertex, Player)>,
}

impl GraphGoGame {
    /// The game of `setup` under its options, or why the setup is not one.
    pub fn start(setup: &Setup) -> Result<GraphGoGame, String> {
        GraphGoGame::start_traced(setup).map(|started| started.state)
    }

    /// [`GraphGoGame::start`], and the clauses the start applied: the source's
    /// ([`spec::ggg::start`]), rule 4 under the options, and the network article's words
    /// for the board ([`network_words_of_start`]). Under versions 2 and 3 rule 4 is always
    /// decided here: the source decides "unable to make a move" by making every move of the
    /// board (|V| moves of |V| steps, most refused: minutes on a path of 20,001 points whose
    /// every empty point is a suicide), the fast legal moves ([`GraphGoGame::legal_moves`],
    /// tested equal to the source's turn) at once.
    pub fn start_traced(setup: &Setup) -> Result<Played<GraphGoGame>, String> {
        let options = setup.options;
        let decided_here = options != Options::default() || setup.rules != Version::V1.rules();
        let started = if decided_here {
            spec::ggg::start_before_end(setup)?
        } else {
            spec::ggg::start(setup)?
        };
        let Played { state, mut applied } = started;
        let mut situations = [HashSet::new(), HashSet::new()];
        if setup.options.repetition == Repetition::Situational {
            situations[state.to_move.index()].insert(state.position.f.clone());
        }
        let mut game = GraphGoGame {
            options,
            history: Vector::unit((state.position.f.clone(), state.to_move)),
            situations,
            history_keys: Vector::unit(fast_paths::colouring_key(state.position.f.iter().copied())),
            by_move: Vector::unit(false),
            ko: None,
            state,
        };
        if decided_here {
            if let Some(ended) = game.end_under_options(None) {
                game.state.result = Some(ended.state);
                applied.extend(ended.applied);
            }
        }
        applied.extend(network_words_of_start(&setup.board));
        Ok(Played::new(game, applied))
    }

    /// The game after `turn`, or the clause that forbids it: [`GraphGoGame::after_traced`]'s
    /// game.
    pub fn after(&self, turn: &Turn) -> Result<GraphGoGame, Illegal> {
        self.after_traced(turn).map(|played| played.state)
    }

    /// The game after `turn` and the clauses that made it: the source's turn
    /// ([`spec::ggg::turn`]) on the view of this game the options ask for, filtered by the
    /// self-capture option; under other options than the source's, the end decided under
    /// them; then the network article's words for what the turn did
    /// ([`network_words_of_turn`]). Or the clause that forbids the turn.
    pub fn after_traced(&self, turn: &Turn) -> Result<Played<GraphGoGame>, Illegal> {
        let played = self.source_turn(&self.view(self.state.to_move), turn)?;
        let Played {
            mut state,
            mut applied,
        } = played;
        if self.options.repetition != Repetition::Positional {
            // The source read the variant's forbidden colourings as its earlier ones; the
            // game's own earlier colourings are every one so far.
            state.earlier = self.state.earlier.update(state.position.f.clone());
        }
        let mut next = self.clone();
        next.ko = match *turn {
            Turn::Move { player, at } if self.options.repetition == Repetition::KoPoint => {
                ko_point(&self.state.position, &state.position, player, at)
            }
            Turn::Pass { .. } if self.options.ko_pass == KoPass::Keeps => self.ko,
            Turn::Resign { .. } => self.ko,
            _ => None,
        };
        let repeated = match *turn {
            Turn::Move { player, .. } => self.gives_earlier(&state.position.f, player),
            _ => false,
        };
        if !matches!(turn, Turn::Resign { .. }) {
            next.by_move.push_back(matches!(turn, Turn::Move { .. }));
            next.history
                .push_back((state.position.f.clone(), state.to_move));
            if self.options.repetition == Repetition::Situational {
                next.situations[state.to_move.index()].insert(state.position.f.clone());
            }
            let key = if matches!(turn, Turn::Move { .. }) {
                fast_paths::colouring_key(state.position.f.iter().copied())
            } else {
                *self.history_keys.last().expect("history is never empty")
            };
            next.history_keys.push_back(key);
        }
        next.state = state;
        let turn_steps = applied.len();
        if self.options != Options::default() || self.state.rules != Version::V1 {
            let resigned = matches!(turn, Turn::Resign { .. }).then(|| turn.player());
            if let Some(ended) = next.end_under_options(resigned) {
                next.state.result = Some(ended.state);
                applied.extend(ended.applied);
            }
        }
        if repeated {
            // repetition_end: the game ends here, whatever rule 4 said (without a result,
            // and then unscored, under third-situation-no-result).
            applied.truncate(turn_steps);
            let end = self.options.repetition_end;
            let by = end.reason();
            let result = GameResult {
                winner: end.winner(turn.player()),
                by,
                score: (next.state.rules == Version::V1 && by != EndReason::NoResult)
                    .then(|| next.scores()),
            };
            applied.push(Applied::new(
                RuleOption::RepetitionEnd,
                Effect::Ended {
                    result: result.clone(),
                },
            ));
            next.state.result = Some(result);
        }
        applied.extend(network_words_of_turn(&next, turn, &applied));
        Ok(Played::new(next, applied))
    }

    /// `repetition_end`: whether a move by `player` giving the colouring `f` gives an
    /// earlier one (under a situational end, one at which `player`'s opponent was to move),
    /// so that the game ends there; under `third-situation-no-result`, whether that
    /// situation is in the history twice since the most recent pass (the colouring the pass
    /// left included: the history from its last entry not given by a move, which is the
    /// start when nobody passed). Always false under `repetition_end: none`.
    fn gives_earlier(&self, f: &Colouring, player: Player) -> bool {
        match self.options.repetition_end {
            RepetitionEnd::ThirdSituationNoResult => {
                let since = self
                    .by_move
                    .iter()
                    .rposition(|by_move| !by_move)
                    .expect("the start is no move");
                self.history
                    .iter()
                    .skip(since)
                    .filter(|(g, to_move)| g == f && *to_move == player.opponent())
                    .count()
                    >= 2
            }
            RepetitionEnd::None => false,
            RepetitionEnd::PositionalDraw | RepetitionEnd::PositionalLoss => {
                self.history.iter().any(|(g, _)| g == f)
            }
            RepetitionEnd::SituationalDraw | RepetitionEnd::SituationalLoss => self
                .history
                .iter()
                .any(|(g, to_move)| g == f && *to_move == player.opponent()),
        }
    }

    /// The source's game as the repetition option sees it when `player` moves: its
    /// earlier colourings are the ones the option forbids the move to give.
    fn view(&self, player: Player) -> State {
        let earlier = match self.options.repetition {
            Repetition::Positional => return self.state.clone(),
            Repetition::Situational => self.situations[player.opponent().index()].clone(),
            Repetition::NaturalSituational => self
                .history
                .iter()
                .zip(self.by_move.iter())
                .filter(|((_, to_move), by_move)| **by_move && *to_move == player.opponent())
                .map(|((f, _), _)| f.clone())
                .collect(),
            Repetition::Simple => {
                let n = self.history.len();
                (n >= 2)
                    .then(|| self.history[n - 2].0.clone())
                    .into_iter()
                    .collect()
            }
            // The ko point is not a set of colourings: `source_turn` refuses it.
            Repetition::KoPoint | Repetition::None => HashSet::new(),
        };
        State {
            earlier,
            ..self.state.clone()
        }
    }

    /// [`spec::ggg::turn`] on `view` (the arms alone, [`spec::ggg::turn_before_end`], under
    /// other options than the source's: the end is theirs), the ko point refused under
    /// `repetition: ko-point`, its superko refusal named for the repetition option, and the
    /// self-capture option applied: a move the source allows (or refuses only as a
    /// repetition) that removes more of the mover's own stones than the option lets is
    /// refused under `option:self_capture`, as before the repetition rule.
    fn source_turn(&self, view: &State, turn: &Turn) -> Result<Played<State>, Illegal> {
        // Rule 4 of versions 2 and 3 is decided by the caller, as at the start.
        let source = if self.options == Options::default() && view.rules == Version::V1 {
            spec::ggg::turn(view, turn)
        } else {
            spec::ggg::turn_before_end(view, turn)
        };
        let accepted = match (source, turn) {
            // A retake at the ko point removes the lone stone there, so it is never a
            // self-capture: the ko point's refusal comes first.
            (Ok(_), &Turn::Move { player, at }) if self.ko == Some((at, player)) => {
                Err(Illegal::new(
                    RuleOption::Repetition,
                    format!(
                        "{} is the ko point: the ko may not be taken back at once",
                        view.position.graph.name(at)
                    ),
                ))
            }
            (accepted, _) => accepted,
        };
        let superko = |e: &Illegal| e.clause == Ggg::V1R3 || e.clause == Ggg::V3R3;
        let named = |e: Illegal| match self.options.repetition {
            Repetition::Positional => e,
            _ if superko(&e) => Illegal {
                clause: RuleOption::Repetition.into(),
                ..e
            },
            _ => e,
        };
        let Turn::Move { player, at } = *turn else {
            return accepted.map_err(named);
        };
        if self.options.self_capture == SelfCapture::All {
            return accepted.map_err(named);
        }
        let own = |g: &ColouredGraph| g.f.iter().filter(|&&c| c == player.colour()).count();
        let own_removed = match &accepted {
            // A move adds one stone of the mover's and removes some: the difference.
            Ok(after) => Some(own(&view.position) + 1 - own(&after.state.position)),
            Err(e) if superko(e) => {
                let removed = make_move(&view.position, player, at).removed;
                Some(match player {
                    Player::Black => removed.black,
                    Player::White => removed.white,
                })
            }
            Err(_) => None,
        };
        match own_removed.filter(|&n| refuses_self_capture(self.options.self_capture, n)) {
            Some(n) => Err(Illegal::new(
                RuleOption::SelfCapture,
                format!(
                    "{} would capture {n} of the mover's own stones",
                    view.position.graph.name(at)
                ),
            )),
            None => accepted.map_err(named),
        }
    }

    /// Why a move by `player` at `at` is refused now, as [`GraphGoGame::after`] would refuse
    /// it were `player` to move in a game not yet over; `None` if it is allowed.
    pub fn move_refusal(&self, player: Player, at: Vertex) -> Option<Illegal> {
        let view = State {
            to_move: player,
            result: None,
            ..self.view(player)
        };
        self.source_turn(&view, &Turn::Move { player, at }).err()
    }

    /// The end under the options, `resigned` naming the player who just resigned, and how
    /// rule 4 reached it: rule 4 of the version ([`spec::ggg::end`]) with "unable to make a
    /// move" read under the self-capture and repetition options, `no_move: pass`, and the
    /// `neutral` score.
    fn end_under_options(&self, resigned: Option<Player>) -> Option<Played<GameResult>> {
        let s = &self.state;
        let rule = spec::ggg::end_rule(s.rules);
        let ended = |result: GameResult, mut more: Vec<Applied>| {
            let mut applied = vec![Applied::new(
                rule,
                Effect::Ended {
                    result: result.clone(),
                },
            )];
            applied.append(&mut more);
            Played::new(result, applied)
        };
        match (s.rules, resigned) {
            (Version::V1, _) => {
                spec::ggg::ends_version1(s.consecutive_passes, resigned).then(|| {
                    let scores = self.scores();
                    let result = GameResult {
                        winner: winner(&scores, resigned),
                        by: if resigned.is_some() {
                            EndReason::Resignation
                        } else {
                            EndReason::Score
                        },
                        score: Some(scores.clone()),
                    };
                    let counts = Player::BOTH
                        .map(|p| Applied::new(Ggg::V1R4, self.counted(p, &scores)))
                        .to_vec();
                    ended(result, counts)
                })
            }
            (_, Some(p)) => Some(ended(
                GameResult {
                    winner: Some(p.opponent()),
                    by: EndReason::Resignation,
                    score: None,
                },
                Vec::new(),
            )),
            (rules, None) => {
                let unable = self.legal_moves(s.to_move).is_empty();
                let may_pass = rules == Version::V3
                    && self.options.no_move == NoMove::Pass
                    && pay_for_pass(s.prisoners, s.to_move).is_some();
                (unable && !may_pass).then(|| {
                    let no_move = Applied::new(rule, self.no_move());
                    ended(spec::ggg::lost_by_no_move(s), vec![no_move])
                })
            }
        }
    }

    /// `ggg2:4`, `ggg3:4` under the options — why the player to move has no move: the
    /// refusal of each of the first [`spec::ggg::REFUSALS_NAMED`] empty vertices
    /// ([`GraphGoGame::move_refusal`]), and how many more are left unnamed.
    fn no_move(&self) -> Effect {
        let player = self.state.to_move;
        let position = &self.state.position;
        let empty: Vec<Vertex> = (0..position.f.len())
            .filter(|&v| position.f[v] == Colour::Empty)
            .collect();
        let refusals = empty
            .iter()
            .take(spec::ggg::REFUSALS_NAMED)
            .filter_map(|&at| Some((at, self.move_refusal(player, at)?)))
            .collect();
        Effect::NoMove {
            player,
            refusals,
            more: empty.len().saturating_sub(spec::ggg::REFUSALS_NAMED),
        }
    }

    /// `ggg1:4` under the `neutral` option: how `player`'s score is counted.
    fn counted(&self, player: Player, scores: &[BigRational; 2]) -> Effect {
        let g = &self.state.position;
        Effect::Counted {
            player,
            own: (0..g.f.len())
                .filter(|&v| g.f[v] == player.colour())
                .collect(),
            territory: territory(g, player, self.options.neutral),
            score: scores[player.index()].clone(),
        }
    }

    /// `ggg1:4` with komi under the `neutral` option: Black's and White's scores now.
    pub fn scores(&self) -> [BigRational; 2] {
        let count = |p: Player| {
            BigRational::from_integer(score(&self.state.position, p, self.options.neutral).into())
        };
        [
            count(Player::Black),
            count(Player::White) + self.state.komi.clone(),
        ]
    }

    /// The empty vertices where `player` may move now, in vertex order: those
    /// [`GraphGoGame::move_refusal`] allows, found without building the colouring of every
    /// candidate. What each move removes comes from [`fast_paths::ggg::move_removals`] (by
    /// locality: one pass over the board, then the degree of each vertex), and a move passes
    /// the repetition rule when the key of the colouring it would produce is none of the
    /// forbidden colourings' keys; a move whose key matches one, and every move on a
    /// colouring with a libertyless group (a setup's), is decided by `move_refusal` itself.
    pub fn legal_moves(&self, player: Player) -> Vec<Vertex> {
        let position = &self.state.position;
        let f: Vec<Colour> = position.f.iter().copied().collect();
        let Some(effects) = fast_paths::ggg::move_removals(&position.graph, &f, player) else {
            return (0..f.len())
                .filter(|&v| f[v] == Colour::Empty)
                .filter(|&v| self.move_refusal(player, v).is_none())
                .collect();
        };
        // The keys of the colourings a move may not give (those of `view`'s earlier ones).
        let keys = || self.history_keys.iter().copied();
        let forbidden: std::collections::HashSet<u64> = match self.options.repetition {
            Repetition::Positional => keys().collect(),
            Repetition::Situational => keys()
                .zip(self.history.iter())
                .filter(|(_, (_, to_move))| *to_move == player.opponent())
                .map(|(k, _)| k)
                .collect(),
            Repetition::NaturalSituational => keys()
                .zip(self.history.iter().zip(self.by_move.iter()))
                .filter(|(_, ((_, to_move), by_move))| **by_move && *to_move == player.opponent())
                .map(|(k, _)| k)
                .collect(),
            Repetition::Simple => {
                let n = self.history_keys.len();
                (n >= 2)
                    .then(|| self.history_keys[n - 2])
                    .into_iter()
                    .collect()
            }
            Repetition::KoPoint | Repetition::None => std::collections::HashSet::new(),
        };
        let now = *self.history_keys.last().expect("history is never empty");
        // A move whose stone is removed alone, capturing nothing, gives the colouring now
        // again: forbidden exactly when the colouring now is one the rule forbids, asked
        // once (on a path whose every empty point is such a suicide, asking `move_refusal`
        // of each made every move: the square of the board).
        let repeats_now = std::cell::OnceCell::new();
        effects
            .iter()
            .filter(|e| {
                let own_removed = match player {
                    Player::Black => e.removed_black,
                    Player::White => e.removed_white,
                };
                if refuses_self_capture(self.options.self_capture, own_removed)
                    || self.ko == Some((e.at, player))
                {
                    return false;
                }
                if !forbidden.contains(&fast_paths::ggg::produced_key(now, &f, player, e)) {
                    return true;
                }
                if e.removed == [e.at] {
                    return !*repeats_now.get_or_init(|| self.now_is_forbidden(player));
                }
                self.move_refusal(player, e.at).is_none()
            })
            .map(|e| e.at)
            .collect()
    }

    /// Whether the repetition rule forbids a move by `player` to give the colouring now
    /// again: under positional superko always (reading 3: the current colouring is an
    /// earlier one), under the other rules when the colouring now is one they forbid (each
    /// earlier colouring with the key of now's compared whole, a shared one at once).
    fn now_is_forbidden(&self, player: Player) -> bool {
        let (now, _) = self.history.last().expect("history is never empty");
        let key = *self.history_keys.last().expect("history is never empty");
        let same = |i: usize| {
            self.history_keys[i] == key && {
                let f = &self.history[i].0;
                f.ptr_eq(now) || f == now
            }
        };
        match self.options.repetition {
            Repetition::Positional => true,
            Repetition::Situational => {
                (0..self.history.len()).any(|i| self.history[i].1 == player.opponent() && same(i))
            }
            Repetition::NaturalSituational => (0..self.history.len())
                .any(|i| self.by_move[i] && self.history[i].1 == player.opponent() && same(i)),
            Repetition::Simple => {
                let n = self.history.len();
                n >= 2 && same(n - 2)
            }
            Repetition::KoPoint | Repetition::None => false,
        }
    }

    /// Every legal turn for the player to move, sorted: a move wherever
    /// [`GraphGoGame::legal_moves`] finds one, a pass where the version allows one
    /// (`ggg1:2`, `ggg2:2`, `ggg3:2`), and resigning. The same set as
    /// [`GraphGoGame::legal_turns_literal`] (tested equal), without building the game after
    /// every candidate: the source's turn refuses a turn only in those checks, and building
    /// a game also decides whether it ends there, which under versions 2 and 3 tries every
    /// move again.
    pub fn legal_turns(&self) -> Vec<Turn> {
        if self.state.result.is_some() {
            return Vec::new();
        }
        let player = self.state.to_move;
        let may_pass = match self.state.rules {
            Version::V1 => true,
            // ggg2:2 — version 2 has no passing.
            Version::V2 => false,
            Version::V3 => pay_for_pass(self.state.prisoners, player).is_some(),
        };
        let mut legal: Vec<Turn> = self
            .legal_moves(player)
            .into_iter()
            .map(|at| Turn::Move { player, at })
            .chain(may_pass.then_some(Turn::Pass { player }))
            .chain([Turn::Resign { player }])
            .collect();
        legal.sort();
        legal
    }

    /// Every legal turn for the player to move, sorted, as the options define it: every turn
    /// that [`GraphGoGame::after`] accepts. Kept to test [`GraphGoGame::legal_turns`] against.
    pub fn legal_turns_literal(&self) -> Vec<Turn> {
        if self.state.result.is_some() {
            return Vec::new();
        }
        let player = self.state.to_move;
        let moves = (0..self.state.position.f.len())
            .filter(|&at| is_empty_vertex(&self.state.position, at))
            .map(|at| Turn::Move { player, at });
        let others = [Turn::Pass { player }, Turn::Resign { player }];
        let mut legal: Vec<Turn> = moves
            .chain(others)
            .filter(|t| self.after(t).is_ok())
            .collect();
        legal.sort();
        legal
    }
}

/// `repetition: ko-point` — the ko point a move by `player` at `at` leaves, read from the
/// colourings before and after it (`spec/ambiguities.md`, "Other decisions"): when the move
/// removed exactly one stone, an opponent's, at a vertex `k`, and left the moved stone
/// alone (no neighbour of its colour) with `k` as its only empty neighbour, the opponent may
/// not move at `k` on the next turn: that move would take back the lone stone and give back
/// the colouring before the move. `None` otherwise.
pub fn ko_point(
    before: &ColouredGraph,
    after: &ColouredGraph,
    player: Player,
    at: Vertex,
) -> Option<(Vertex, Player)> {
    let removed: Vec<Vertex> = (0..before.f.len())
        .filter(|&v| before.f[v] != Colour::Empty && after.f[v] == Colour::Empty)
        .collect();
    let [k] = removed[..] else {
        return None;
    };
    let neighbours = after.graph.neighbours(at);
    let captured_an_opponent = before.f[k] == player.opponent().colour();
    let alone = neighbours.iter().all(|&u| after.f[u] != player.colour());
    let only_liberty_k = neighbours
        .iter()
        .filter(|&&u| after.f[u] == Colour::Empty)
        .eq([k].iter());
    (captured_an_opponent && alone && only_liberty_k).then_some((k, player.opponent()))
}

/// `option:self_capture` — whether the option refuses a move that removes `own_removed` of
/// the mover's own stones.
fn refuses_self_capture(option: SelfCapture, own_removed: usize) -> bool {
    match option {
        SelfCapture::All => false,
        SelfCapture::Multi => own_removed == 1,
        SelfCapture::None => own_removed > 0,
    }
}

/// `ggg1:4` under the `neutral` reading (reading 1): the empty vertices counted for
/// `player`, the source's ([`spec::ggg::territory`], `neutral: both`), or under `neutral:
/// none` (Tromp-Taylor) the same less the empty groups that touch no stone of the player's:
/// an empty group counts for a player only when it also has a neighbour of the player's
/// colour.
pub fn territory(g: &ColouredGraph, player: Player, neutral: Neutral) -> Vec<Vertex> {
    let written = spec::ggg::territory(g, player);
    match neutral {
        Neutral::Both => written,
        Neutral::None => {
            let untouched: OrdSet<Vertex> = groups(g)
                .into_iter()
                .filter(|grp| grp.iter().all(|&u| g.f[u] == Colour::Empty))
                .filter(|grp| {
                    !has_neighbour_of(g, grp, player.opponent().colour())
                        && !has_neighbour_of(g, grp, player.colour())
                })
                .flatten()
                .collect();
            written
                .into_iter()
                .filter(|v| !untouched.contains(v))
                .collect()
        }
    }
}

/// `ggg1:4` under the `neutral` reading (reading 1): the player's vertices and the empty
/// vertices of [`territory`].
pub fn score(g: &ColouredGraph, player: Player, neutral: Neutral) -> usize {
    let own = g.f.iter().filter(|&&c| c == player.colour()).count();
    own + territory(g, player, neutral).len()
}

// ---------------------------------------------------------------------------------------
// The network article's words for the same events
// ---------------------------------------------------------------------------------------

/// `nrich:boards` — the article plays on any network: a board that is not a plain grid (a
/// torus, a Moebius band, a 3-d grid, a graph) is one of its networks, as a step of the
/// start.
pub fn network_words_of_start(board: &Board) -> Option<Applied> {
    let plain_grid = match *board.shape() {
        Shape::Plane { width, height } => Board::grid(width, height).ok().as_ref() == Some(board),
        _ => false,
    };
    (!plain_grid).then(|| Applied::new(Nrich::Boards, Effect::Setup))
}

/// The network article's words for what a turn of General Graph Go did (its chains are
/// `ggg1:1`'s groups of stones, `tests/nrich/clauses.rs`): a move that removed an opponent's
/// group and kept the stone it placed filled the last liberty of that chain
/// (`nrich:capture`, of a chain, `nrich:chain`, leaving every chain a liberty,
/// `nrich:invariant`); a game scored under `ggg1:4` is scored by flooding
/// ([`network_words_of_score`]).
pub fn network_words_of_turn(game: &GraphGoGame, turn: &Turn, applied: &[Applied]) -> Vec<Applied> {
    let mut words = Vec::new();
    if let Turn::Move { player, at } = *turn {
        let kept = game.state.position.f.get(at) == Some(&player.colour());
        for a in applied.iter().filter(|a| a.clause == Ggg::V1R2) {
            match &a.effect {
                Effect::Removed { colour, points } if kept && *colour != player.colour() => {
                    words.push(Applied::through(
                        Nrich::Capture,
                        Effect::Captured {
                            at,
                            colour: *colour,
                            chain: points.clone(),
                        },
                        &[Clause::Nrich(Nrich::Chain), Clause::Nrich(Nrich::Invariant)],
                    ));
                }
                _ => {}
            }
        }
    }
    let scored = applied
        .iter()
        .any(|a| matches!(&a.effect, Effect::Ended { result } if result.by == EndReason::Score));
    if scored && game.state.rules == Version::V1 {
        words.extend(network_words_of_score(game));
    }
    words
}

/// `nrich:flood` beside `ggg1:4` (reading 1): under `neutral: none` each player's territory
/// is what flooding from its stones reaches and flooding from the opponent's does not
/// ([`nrich::undisputed_territory`]); under `neutral: both` (the text as written) the empty
/// groups that touch no stone count for both, where flooding gives them to nobody.
pub fn network_words_of_score(game: &GraphGoGame) -> Vec<Applied> {
    let board = &game.state.position.graph;
    let position: nrich::Position = game.state.position.f.clone();
    match game.options.neutral {
        Neutral::None => Player::BOTH
            .iter()
            .map(|&player| {
                let from = player.colour();
                Applied::new(
                    Nrich::Flood,
                    Effect::Flooded {
                        from,
                        reached: nrich::flooded_from(board, &position, from)
                            .into_iter()
                            .collect(),
                        undisputed: nrich::undisputed_territory(board, &position, player)
                            .into_iter()
                            .collect(),
                    },
                )
            })
            .collect(),
        Neutral::Both => {
            let from_black = nrich::flooded_from(board, &position, Colour::Black);
            let from_white = nrich::flooded_from(board, &position, Colour::White);
            let points: Vec<Vertex> = (0..board.len())
                .filter(|&v| position[v] == Colour::Empty)
                .filter(|v| !from_black.contains(v) && !from_white.contains(v))
                .collect();
            if points.is_empty() {
                return Vec::new();
            }
            vec![Applied::new(Nrich::Flood, Effect::Unreached { points })]
        }
    }
}

impl Playable for GraphGoGame {
    fn observe(&self) -> Observation {
        let s = &self.state;
        Observation {
            position: s.position.f.iter().copied().collect(),
            to_move: s.result.is_none().then_some(s.to_move),
            prisoners: (s.rules == Version::V3).then_some([s.prisoners.p, s.prisoners.q]),
            scores: None,
            result: s.result.clone(),
        }
    }

    fn legal_turns(&self) -> Vec<Turn> {
        GraphGoGame::legal_turns(self)
    }

    fn play(&mut self, turn: &Turn) -> Result<(), Illegal> {
        *self = self.after(turn)?;
        Ok(())
    }

    fn fork(&self) -> Option<Box<dyn Playable>> {
        Some(Box::new(self.clone()))
    }
}

impl Traced for GraphGoGame {
    fn play_traced(&mut self, turn: &Turn) -> Result<Vec<Applied>, Illegal> {
        let played = self.after_traced(turn)?;
        *self = played.state;
        Ok(played.applied)
    }

    /// The colouring the move would make (`ggg1:2`, [`make_move`]) found among the
    /// colourings so far, by its key, then confirmed.
    fn returns_to(&self, turn: &Turn) -> Option<usize> {
        let Turn::Move { player, at } = *turn else {
            return None;
        };
        if !is_empty_vertex(&self.state.position, at) {
            return None;
        }
        let made = make_move(&self.state.position, player, at).after.f;
        let key = fast_paths::colouring_key(made.iter().copied());
        (0..self.history_keys.len())
            .filter(|&k| self.history_keys[k] == key)
            .find(|&k| self.history[k].0 == made)
    }
}
