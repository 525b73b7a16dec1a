//! The turns of a generated game: what a chooser sees ([`ChooserView`]), the chooser of graph
//! games ([`Biased`]), and a game played through both sides turn by turn, compared after
//! each ([`play_generated`]).

use std::collections::HashSet;

use rand::Rng;

use super::Random;
use crate::board::{Board, Vertex};
use crate::differential::compare::{Divergence, Session};
use crate::game::{Colour, Observation, Player, RuleSet, Setup, Turn};
use crate::io::record::Game;

/// What the chooser knows of the game: the board, what both sides agree on now, and the
/// vertex of a lone stone the last turn captured (a ko to retake).
pub struct ChooserView<'a> {
    pub board: &'a Board,
    pub observation: &'a Observation,
    pub legal: &'a [Turn],
    pub turns: usize,
    pub max_turns: usize,
    pub ko: Option<Vertex>,
}

impl ChooserView<'_> {
    /// The last liberty of every group in atari, either colour: playing there captures,
    /// saves, or fills one's own last liberty (a self-capture).
    pub fn atari_points(&self) -> Vec<Vertex> {
        let (board, position) = (self.board, &self.observation.position);
        let mut seen = vec![false; board.len()];
        let mut points = Vec::new();
        for start in 0..board.len() {
            if seen[start] || position[start] == Colour::Empty {
                continue;
            }
            let colour = position[start];
            let mut stack = vec![start];
            seen[start] = true;
            let mut liberties = HashSet::new();
            while let Some(u) = stack.pop() {
                for &w in board.neighbours(u) {
                    if position[w] == Colour::Empty {
                        liberties.insert(w);
                    } else if position[w] == colour && !seen[w] {
                        seen[w] = true;
                        stack.push(w);
                    }
                }
            }
            if liberties.len() == 1 {
                points.extend(liberties);
            }
        }
        points.sort_unstable();
        points.dedup();
        points
    }

    pub(super) fn player(&self) -> Player {
        self.observation.to_move.unwrap_or(Player::Black)
    }
}

/// Picks the next turn of a generated game; `None` ends it.
pub trait Chooser {
    fn choose(&mut self, view: &ChooserView) -> Option<Turn>;
}

/// The campaign's chooser: mostly legal moves, weighted toward captures, self-captures and
/// ko retakes; passes (more often late in the game), now and then a resignation, and a few
/// illegal turns (an occupied vertex, the wrong player, a pass where none is allowed) so
/// that refusals are compared too.
pub struct Biased {
    rng: Random,
    /// Whether one more turn was already tried after the end.
    tried_after_end: bool,
    /// A long game: no resignation, passes only near the turn cap, so that long histories
    /// (and superko over them) are exercised.
    long: bool,
}

impl Biased {
    pub fn new(rng: Random) -> Biased {
        Biased {
            rng,
            tried_after_end: false,
            long: false,
        }
    }

    /// A chooser for a long game.
    pub fn long(rng: Random) -> Biased {
        Biased {
            long: true,
            ..Biased::new(rng)
        }
    }
}

impl Chooser for Biased {
    fn choose(&mut self, view: &ChooserView) -> Option<Turn> {
        let rng = &mut self.rng;
        let board = view.board;
        let position = &view.observation.position;
        if view.observation.to_move.is_none() {
            // The game is over: sometimes check that one more turn is refused alike.
            if self.tried_after_end || !rng.random_bool(0.3) {
                return None;
            }
            self.tried_after_end = true;
            let player = if rng.random_bool(0.5) {
                Player::Black
            } else {
                Player::White
            };
            return Some(match rng.random_range(0..3) {
                0 => Turn::Pass { player },
                1 => Turn::Resign { player },
                _ => Turn::Move {
                    player,
                    at: rng.random_range(0..board.len()),
                },
            });
        }
        let player = view.player();
        let moves: Vec<Vertex> = view
            .legal
            .iter()
            .filter_map(|t| match *t {
                Turn::Move { at, .. } => Some(at),
                _ => None,
            })
            .collect();
        let late = view.turns as f64 / view.max_turns.max(1) as f64;
        let roll: f64 = rng.random();
        if roll < 0.04 {
            // A turn that should be refused.
            let occupied: Vec<Vertex> = (0..board.len())
                .filter(|&v| position[v] != Colour::Empty)
                .collect();
            if !occupied.is_empty() && rng.random_bool(0.5) {
                let at = occupied[rng.random_range(0..occupied.len())];
                return Some(Turn::Move { player, at });
            }
            let other = player.opponent();
            return Some(if rng.random_bool(0.7) {
                Turn::Move {
                    player: other,
                    at: rng.random_range(0..board.len()),
                }
            } else {
                Turn::Pass { player: other }
            });
        }
        if roll < 0.043 && !self.long {
            return Some(Turn::Resign { player });
        }
        // Passes: often late in the game or with few moves left when the rules allow one;
        // now and then where they do not (version 2, no prisoners), to compare the refusal.
        let pass = Turn::Pass { player };
        let pass_chance = if view.legal.contains(&pass) && self.long {
            0.01 + 0.3 * late.powi(8)
        } else if view.legal.contains(&pass) {
            0.03 + 0.5 * late * late + if moves.len() <= 2 { 0.4 } else { 0.0 }
        } else {
            0.02
        };
        if moves.is_empty() || rng.random_bool(pass_chance.min(1.0)) {
            return Some(pass);
        }
        if let Some(ko) = view.ko {
            if position[ko] == Colour::Empty && rng.random_bool(0.6) {
                // Tried whether legal or not: superko must refuse it alike on both sides.
                return Some(Turn::Move { player, at: ko });
            }
        }
        let atari = view.atari_points();
        let weight = |v: Vertex| -> u32 {
            let near = board
                .neighbours(v)
                .iter()
                .any(|&w| position[w] != Colour::Empty);
            1 + if atari.binary_search(&v).is_ok() {
                12
            } else {
                0
            } + if near { 2 } else { 0 }
        };
        let total: u32 = moves.iter().map(|&v| weight(v)).sum();
        let mut pick = rng.random_range(0..total);
        for &v in &moves {
            let w = weight(v);
            if pick < w {
                return Some(Turn::Move { player, at: v });
            }
            pick -= w;
        }
        unreachable!("the weights sum to total")
    }
}

/// What one generated game came to.
#[derive(Clone, Debug)]
pub struct Played {
    /// The game as far as it went (up to and including the diverging turn).
    pub game: Game,
    pub divergence: Option<Divergence>,
}

/// Plays a game chosen turn by turn by `chooser` through both sides, comparing after each
/// turn, for at most `max_turns` turns.
pub fn play_generated(
    a: &dyn RuleSet,
    b: &dyn RuleSet,
    setup: Setup,
    chooser: &mut dyn Chooser,
    max_turns: usize,
) -> Played {
    let mut game = Game {
        setup,
        turns: Vec::new(),
    };
    let mut session = match Session::start(a, b, &game.setup) {
        Ok(Some(s)) => s,
        Ok(None) => {
            return Played {
                game,
                divergence: None,
            }
        }
        Err(d) => {
            return Played {
                game,
                divergence: Some(*d),
            }
        }
    };
    let mut ko = None;
    while game.turns.len() < max_turns {
        let view = ChooserView {
            board: &game.setup.board,
            observation: session.observation(),
            legal: session.legal_turns(),
            turns: game.turns.len(),
            max_turns,
            ko,
        };
        let Some(turn) = chooser.choose(&view) else {
            break;
        };
        let before = session.observation().position.clone();
        game.turns.push(turn.clone());
        if let Err(d) = session.play(&turn) {
            return Played {
                game,
                divergence: Some(*d),
            };
        }
        let after = &session.observation().position;
        let captured: Vec<Vertex> = (0..before.len())
            .filter(|&v| before[v] != Colour::Empty && after[v] == Colour::Empty)
            .collect();
        ko = (captured.len() == 1).then(|| captured[0]);
    }
    Played {
        game,
        divergence: None,
    }
}

/// The turn cap of a generated game on `board`.
pub fn max_turns(board: &Board) -> usize {
    (3 * board.len() + 10).min(150)
}
