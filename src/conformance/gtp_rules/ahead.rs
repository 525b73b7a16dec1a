//! A game's turns asked ahead (`graphgo-game`, spec/FORMAT.md; issue 29 point 4): the campaign
//! tells the engine the turns a game will give while the sides agree
//! ([`crate::conformance::engine::EngineUnderTest::intend`]); the game sends them to the
//! adapter in batches and takes each step's answer when the comparison reaches its turn,
//! exactly as the answer of that turn's `graphgo-turn`. Only the number of round trips
//! changes: the checks, the sample of points asked and the verdicts are the turn-by-turn
//! ones.

use std::collections::VecDeque;

use rand_xoshiro::Xoshiro256PlusPlus;

use super::game::GtpGame;
use crate::board::Vertex;
use crate::engine::EngineGame;
use crate::game::{Colour, Observation, Playable, Player, Turn};

/// A game's turns asked ahead (`graphgo-game`): sent a batch at a time, each step's answer
/// used when the game reaches it, exactly as the answer of its `graphgo-turn` would be.
#[derive(Default)]
pub(super) struct Ahead {
    /// The turns told ahead, not yet sent.
    pub(super) turns: VecDeque<Turn>,
    /// The state before the first turn is still to be asked (with the first batch).
    pub(super) state_first: bool,
    /// The steps sent, in order, not yet reached.
    pub(super) steps: VecDeque<Step>,
    /// Batches sent so far in this game (each twice the one before, [`batch_steps`]).
    sent: u32,
}

/// One step of a `graphgo-game` batch.
pub(super) struct Step {
    /// The turn (`None`: the state before the first turn).
    turn: Option<Turn>,
    /// How it was asked: the next player and the points asked (`None`: not sent, a turn
    /// only graphgo's side plays, as `play` does without a batch; `Some((_, _, true))`: the
    /// game is over after it, nothing asked).
    asked: Option<(Player, Option<Vec<Vertex>>, bool)>,
    /// The generator of the sampled points after this step's points were drawn.
    sample_after: Xoshiro256PlusPlus,
    /// graphgo's own verdict on the turn (`true`: played; `true` for the state step).
    expect: bool,
    /// The adapter's answer to it (its lines), once received.
    pub(super) answer: Option<String>,
}

/// The most steps the `sent`-th `graphgo-game` of a game asks on a board of `points` points:
/// 8, then twice as many each batch, so that a game that diverges early (the adapter does
/// not see a difference of stones or legal points, only of verdicts, and answers on) wastes
/// about as many steps as were used, up to 128; and its answer (the stones and a legal list
/// a step, about ten bytes a point) stays far under the answer cap of
/// [`crate::conformance::gtp::Limits`].
fn batch_steps(points: usize, sent: u32) -> usize {
    (256 * 1024 / (10 * points + 64)).clamp(1, 8 << sent.min(4))
}

impl GtpGame {
    /// What graphgo's `game` shows, and the turns it allows there (none once it is over: no
    /// step asks them then), listed once for a step's points to ask and its expected lines.
    fn shown(game: &EngineGame) -> (Observation, Vec<Turn>) {
        let observed = game.observe();
        let legal = if observed.to_move.is_some() {
            game.legal_turns()
        } else {
            Vec::new()
        };
        (observed, legal)
    }
}

impl Ahead {
    /// The turns of a game told ahead, the state before its first turn to be asked with them.
    pub(super) fn told(turns: Vec<Turn>) -> Ahead {
        Ahead {
            turns: turns.into(),
            state_first: true,
            steps: VecDeque::new(),
            sent: 0,
        }
    }
}

impl GtpGame {
    /// Sends the next batch of the turns told ahead (`graphgo-game`): graphgo's side plays
    /// them on a copy of its game (the turns it would send, each with graphgo's own verdict,
    /// the next player and the points to ask, drawn from a copy of the sample generator in
    /// the order `play` draws them), and the adapter answers each step as `graphgo-turn`
    /// would, stopping at the first whose verdict is not graphgo's. Steps past its last
    /// answer, and the turns told after them, are dropped: the game asks them turn by turn.
    pub(super) fn send_batch(&self) {
        let mut ahead = self.ahead.borrow_mut();
        let mut game = self.shadow.clone();
        let mut rng = self.sample.borrow().clone();
        let mut words: Vec<String> = Vec::new();
        if std::mem::take(&mut ahead.state_first) {
            let Some(next) = GtpGame::next_player(&game) else {
                // Over before the first turn: nothing to ask ahead.
                *ahead = Ahead::default();
                return;
            };
            let (observed, legal) = GtpGame::shown(&game);
            let points = self.points_to_ask_in(&observed.position, &legal, next, &mut rng);
            words.push(format!(
                "state {} {}{}",
                next.word(),
                self.asked_words(&points),
                self.expected_words(&observed, &legal, next, &points)
            ));
            ahead.steps.push_back(Step {
                turn: None,
                asked: Some((next, points, false)),
                sample_after: rng.clone(),
                expect: true,
                answer: None,
            });
        }
        let cap = batch_steps(self.board.len(), ahead.sent);
        ahead.sent += 1;
        while words.len() < cap {
            let Some(turn) = ahead.turns.pop_front() else {
                break;
            };
            let to_move = GtpGame::next_player(&game);
            let out_of_turn = to_move.is_some_and(|p| p != turn.player());
            let word = self.turn_word(&turn);
            let (Some(word), false) = (
                word,
                to_move.is_none() || (out_of_turn && !self.checks.out_of_turn),
            ) else {
                // Not sent: graphgo's side alone plays it (as `play` does).
                let _ = game.play(&turn);
                ahead.steps.push_back(Step {
                    turn: Some(turn),
                    asked: None,
                    sample_after: rng.clone(),
                    expect: true,
                    answer: None,
                });
                continue;
            };
            let mut after = game.clone();
            let allows = after.play(&turn).is_ok();
            let next_game = if allows { &after } else { &game };
            let (observed, legal) = GtpGame::shown(next_game);
            let (next, points, over) = match observed.to_move {
                Some(next) => (
                    next,
                    self.points_to_ask_in(&observed.position, &legal, next, &mut rng),
                    false,
                ),
                None => (turn.player(), Some(Vec::new()), true),
            };
            words.push(format!(
                "{} {word} {} {} {}{}",
                turn.player().word(),
                if allows { "played" } else { "refused" },
                next.word(),
                self.asked_words(&points),
                self.expected_words(&observed, &legal, next, &points)
            ));
            ahead.steps.push_back(Step {
                turn: Some(turn),
                asked: Some((next, points, over)),
                sample_after: rng.clone(),
                expect: allows,
                answer: None,
            });
            if allows {
                game = after;
            }
        }
        if words.is_empty() {
            return;
        }
        let command = format!("graphgo-game {}", words.join(" ; "));
        let answer = match self.ask(command.trim_end()) {
            Ok(a) => a,
            Err(e) => self.bad_answer("graphgo-game", &format!("? {e}")),
        };
        // The answer's blocks, one a sent step, each starting with its verdict line.
        let mut blocks: VecDeque<String> = VecDeque::new();
        for line in answer.lines() {
            let first = line.split_whitespace().next().unwrap_or("");
            if ["state", "played", "refused", "error"].contains(&first) {
                blocks.push_back(line.to_string());
            } else if let Some(block) = blocks.back_mut() {
                block.push('\n');
                block.push_str(line);
            } else if !line.trim().is_empty() {
                self.bad_answer("graphgo-game", &format!("'{line}' before any step"));
            }
        }
        if blocks.len() > words.len() {
            self.bad_answer(
                "graphgo-game",
                &format!("{} steps answered, {} asked", blocks.len(), words.len()),
            );
        }
        let (mut kept, mut as_told) = (0, true);
        for step in ahead.steps.iter_mut() {
            if step.asked.is_none() || step.answer.is_some() {
                kept += 1;
                continue;
            }
            match blocks.pop_front() {
                Some(block) => {
                    let verdict = block.split_whitespace().next().unwrap_or("");
                    as_told = matches!(
                        (verdict, step.expect),
                        ("state", _) | ("played", true) | ("refused", false)
                    );
                    step.answer = Some(block);
                    kept += 1;
                }
                None => break,
            }
        }
        if kept < ahead.steps.len() {
            let unanswered = ahead.steps.split_off(kept);
            if as_told {
                // The adapter stopped on its own (its time for one answer): the turns not
                // answered are sent with the next batch.
                for step in unanswered.into_iter().rev() {
                    if let Some(turn) = step.turn {
                        ahead.turns.push_front(turn);
                    }
                }
            } else {
                // A verdict not graphgo's (the game diverges there) or a failure: the rest, if
                // the game goes on, goes turn by turn.
                ahead.turns.clear();
            }
        }
    }

    /// What graphgo's side shows after a step, as the step's expected lines (` : black V...
    /// : white V... : legal V...`): the stones of `game` and the points of `points` (`None`:
    /// all) that `next` may play there, so that the adapter stops its answer at the first step
    /// whose stones or legal points differ (the game diverges there; the steps after it would
    /// be work thrown away). Only where the answer stops changes: every step answered is
    /// still compared by the game, turn by turn.
    fn expected_words(
        &self,
        observed: &Observation,
        legal: &[Turn],
        next: Player,
        points: &Option<Vec<Vertex>>,
    ) -> String {
        let position = &observed.position;
        let mut out = String::new();
        for (key, colour) in [("black", Colour::Black), ("white", Colour::White)] {
            out.push_str(" : ");
            out.push_str(key);
            for v in (0..position.len()).filter(|&v| position[v] == colour) {
                out.push(' ');
                out.push_str(&self.names[v]);
            }
        }
        out.push_str(" : legal");
        let allowed: Vec<Vertex> = if observed.to_move == Some(next) {
            legal
                .iter()
                .filter_map(|t| match *t {
                    Turn::Move { at, player } if player == next => Some(at),
                    _ => None,
                })
                .collect()
        } else {
            Vec::new()
        };
        let legal = allowed
            .iter()
            .filter(|v| points.as_ref().is_none_or(|ps| ps.contains(v)));
        for &v in legal {
            out.push(' ');
            out.push_str(&self.names[v]);
        }
        out
    }

    /// The next step told ahead, if `turn` (`None`: the state before the first turn) is the
    /// one it was told for; the batch is sent when none is left. The sample generator moves
    /// on to where the step left it (as if its points had been drawn now). A turn other than
    /// the one told drops what is left (the game then goes turn by turn); the adapter having
    /// played ahead of it is a failure (graphgo changed its mind after the adapter was told).
    pub(super) fn step_ahead(&self, turn: Option<&Turn>) -> Option<Step> {
        {
            let mut ahead = self.ahead.borrow_mut();
            if ahead.steps.is_empty() && ahead.turns.is_empty() {
                // The campaign's next chunk, told when the game had given every turn before.
                if let Some(more) = self.intended.borrow_mut().take() {
                    ahead.turns.extend(more);
                }
            }
            if ahead.steps.is_empty() && ahead.turns.is_empty() && !ahead.state_first {
                return None;
            }
            if ahead.steps.is_empty() {
                drop(ahead);
                self.send_batch();
            }
        }
        let mut ahead = self.ahead.borrow_mut();
        let told = ahead.steps.front().map(|s| s.turn.as_ref());
        if told != Some(turn) {
            let played_ahead = ahead.steps.iter().any(|s| s.answer.is_some());
            *ahead = Ahead::default();
            drop(ahead);
            if played_ahead {
                self.bad_answer(
                    "graphgo-game",
                    "graphgo gave a turn other than the one it told the adapter ahead",
                );
            }
            return None;
        }
        let step = ahead.steps.pop_front()?;
        *self.sample.borrow_mut() = step.sample_after.clone();
        Some(step)
    }

    /// A step's answer taken as its `graphgo-turn` answer (`error MESSAGE`: the adapter
    /// failed there, as a `graphgo-turn` answered `?`).
    pub(super) fn take_step(&self, step: &Step) -> Result<(), String> {
        let (Some((next, points, over)), Some(answer)) = (&step.asked, &step.answer) else {
            return Ok(());
        };
        if let Some(e) = answer.strip_prefix("error") {
            self.bad_answer("graphgo-game", &format!("? {}", e.trim()));
        }
        let r = self.take_turn_answer("graphgo-game", answer, *next, points);
        if *over {
            self.seen.borrow_mut().legal = None;
        }
        r
    }
}
