//! The decisive situations of a campaign (issue 28, point 6): the turns checked where one rule
//! decides the answer. A point whose move would remove a lone stone of the mover's own (or
//! several), retake a ko at once, give back an earlier board with the same or the other player
//! to move, or capture; a pass that ends the game; a game scored; a move out of turn. A
//! [`Tracker`] follows a game on graphgo's engine (with no rule but capture, so that it plays
//! whatever the game played) and tells what each point would do, by the fast board's own
//! analysis of a move ([`crate::engine::goban::Goban::analyse`]) and the boards seen so far.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::board::Vertex;
use crate::engine::history::Scratch;
use crate::engine::EngineGame;
use crate::game::{Options, Playable, Player, Repetition, SelfCapture, Setup, Turn};

/// A situation where one rule decides the answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Situation {
    /// A move that removes opponent stones (and repeats nothing).
    Capture,
    /// A move whose stone would be removed alone: a lone self-capture.
    LoneSelfCapture,
    /// A move that would remove several of the mover's own stones.
    MultiSelfCapture,
    /// A move that would give back the board from before the opponent's last turn.
    KoRetake,
    /// A move that would give back an older board with the same player to move after it.
    RepeatSameToMove,
    /// A move that would give back an older board with the other player to move after it.
    RepeatOtherToMove,
    /// A pass after a pass: the end of the game.
    EndingPass,
    /// A game ended by two passes whose score was compared.
    Scored,
    /// A move of the player not to move.
    OutOfTurn,
    /// A state of a game that started from setup stones (the position the implementation
    /// was given, not one it played to) where one of the situations above is presented: the
    /// setup decides the answer there too.
    FromSetup,
}

/// Counts of decisive situations.
pub type Counts = BTreeMap<Situation, u64>;

/// Adds `b` into `a`.
pub fn add(a: &mut Counts, b: &Counts) {
    for (k, v) in b {
        *a.entry(*k).or_default() += v;
    }
}

/// A game followed on graphgo's engine, telling what each point's move would do.
pub struct Tracker {
    game: EngineGame,
    /// Every board of the game so far (Zobrist hash) with the player to move after it.
    seen: Vec<(u64, u8)>,
    scratch: Scratch,
    passes: u32,
}

/// `setup` under `options` with every self-capture allowed and no repetition rule (none
/// that refuses a turn, none that ends the game): the game in which every move is made, to
/// see what a disputed move would do.
pub(crate) fn free_setup(setup: &Setup, options: Options) -> Setup {
    Setup {
        options: Options {
            self_capture: SelfCapture::All,
            repetition: Repetition::None,
            ko_pass: crate::game::KoPass::Clears,
            repetition_end: crate::game::RepetitionEnd::None,
            ..options
        },
        ..setup.clone()
    }
}

impl Tracker {
    /// Follows a game from `setup` (`None` where graphgo's engine cannot play it).
    pub fn new(setup: &Setup) -> Option<Tracker> {
        let game = EngineGame::start(&free_setup(setup, setup.options), u64::MAX).ok()?;
        let g = game.game();
        let seen = vec![(g.goban.hash(), g.to_move)];
        Some(Tracker {
            game,
            seen,
            scratch: Scratch::default(),
            passes: 0,
        })
    }

    /// The player to move in the game followed.
    pub fn to_move(&self) -> Player {
        if self.game.game().to_move == crate::engine::goban::BLACK {
            Player::Black
        } else {
            Player::White
        }
    }

    /// What a move at `v` by the player to move would do, if it is decisive (`None` for an
    /// occupied point or a plain move).
    pub fn situation(&mut self, v: Vertex) -> Option<Situation> {
        let g = self.game.game();
        if v >= g.goban.len() || g.goban.colour(v as u32) != crate::engine::goban::EMPTY {
            return None;
        }
        let me = g.to_move;
        let effect = g.goban.analyse(v as u32, me, &mut self.scratch);
        if effect.own_removed == 1 {
            return Some(Situation::LoneSelfCapture);
        }
        if effect.own_removed > 1 {
            return Some(Situation::MultiSelfCapture);
        }
        let n = self.seen.len();
        // After the move the opponent is to move.
        let opponent = 3 - me;
        if n >= 2 && self.seen[n - 2].0 == effect.hash {
            return Some(Situation::KoRetake);
        }
        // One pass over the earlier positions (this runs for every point of every state
        // compared): the same position with the same player to move, else with the other.
        let mut other_to_move = false;
        for &(h, to) in &self.seen[..n.saturating_sub(2)] {
            if h == effect.hash {
                if to == opponent {
                    return Some(Situation::RepeatSameToMove);
                }
                other_to_move = true;
            }
        }
        if other_to_move {
            return Some(Situation::RepeatOtherToMove);
        }
        (effect.opp_removed > 0).then_some(Situation::Capture)
    }

    /// The decisive situations among `points` (`None`: every point), counted into `counts`.
    pub fn count(&mut self, points: Option<&[Vertex]>, counts: &mut Counts) {
        let all: Vec<Vertex>;
        let points = match points {
            Some(p) => p,
            None => {
                all = (0..self.game.game().goban.len()).collect();
                &all
            }
        };
        for &v in points {
            if let Some(s) = self.situation(v) {
                *counts.entry(s).or_default() += 1;
            }
        }
    }

    /// The situation of `turn` itself, given before it is played (a pass that ends the game,
    /// a move out of turn, or what the move does).
    pub fn turn_situation(&mut self, turn: &Turn) -> Option<Situation> {
        match *turn {
            Turn::Pass { player } if player == self.to_move() && self.passes >= 1 => {
                Some(Situation::EndingPass)
            }
            Turn::Move { player, .. } if player != self.to_move() => Some(Situation::OutOfTurn),
            Turn::Move { at, .. } => self.situation(at),
            _ => None,
        }
    }

    /// Whether the last turn followed was a pass (a pass now would end the game).
    pub fn after_pass(&self) -> bool {
        self.passes > 0
    }

    /// Follows a turn both sides played.
    pub fn played(&mut self, turn: &Turn) {
        if self.game.play(turn).is_err() {
            return;
        }
        self.passes = match turn {
            Turn::Pass { .. } => self.passes + 1,
            _ => 0,
        };
        let g = self.game.game();
        self.seen.push((g.goban.hash(), g.to_move));
    }

    /// Among `moves` (of the player to move), those that take a ko: a stone placed where
    /// every neighbour is the opponent's, capturing exactly one stone, so that the opponent's
    /// move at the captured point would take it back at once ([`Situation::KoRetake`]).
    pub fn ko_captures(&mut self, moves: &[Vertex]) -> Vec<Vertex> {
        let g = self.game.game();
        let me = g.to_move;
        let opponent = 3 - me;
        let mut out = Vec::new();
        for &v in moves {
            if v >= g.goban.len() || g.goban.colour(v as u32) != crate::engine::goban::EMPTY {
                continue;
            }
            let around = g.goban.neighbours(v as u32);
            if around.is_empty() || around.iter().any(|&u| g.goban.colour(u) != opponent) {
                continue;
            }
            let effect = g.goban.analyse(v as u32, me, &mut self.scratch);
            if effect.opp_removed == 1 && effect.own_removed == 0 {
                out.push(v);
            }
        }
        out
    }

    /// Whether a move at `v` by the player to move would fill a ko it took: `v` is the only
    /// liberty of a lone stone of the mover's (a fight steered on leaves it open).
    pub fn fills_own_ko(&self, v: Vertex) -> bool {
        let g = self.game.game();
        let me = g.to_move;
        if v >= g.goban.len() {
            return false;
        }
        g.goban.neighbours(v as u32).iter().any(|&u| {
            g.goban.colour(u) == me
                && g.goban.neighbours(u).iter().all(|&w| {
                    let c = g.goban.colour(w);
                    c != me && (c != crate::engine::goban::EMPTY || w as usize == v)
                })
        })
    }

    /// The moves of the player to move whose situation is `wanted`, among `moves`.
    pub fn moves_with(&mut self, moves: &[Vertex], wanted: &[Situation]) -> Vec<Vertex> {
        moves
            .iter()
            .copied()
            .filter(|&v| self.situation(v).is_some_and(|s| wanted.contains(&s)))
            .collect()
    }
}
