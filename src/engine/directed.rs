//! The engine's side of Go on directed graphs (`dir:*`): the arcs in compressed rows (read
//! backwards), the position as bytes, liberties for a whole colour at once by reverse
//! reachability from the empty points, and the history as a hash set of positions keyed by
//! an incremental Zobrist hash whose hits are confirmed against the stored position.
//!
//! It plays the same turns as `spec::directed` and refuses the same ones under the same
//! clauses, so that the comparer can check one against the other. It does not import the
//! spec.

use std::collections::HashMap;

use num_rational::BigRational;
use num_traits::{Signed, Zero};
use rand::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::game::{Equipment, Illegal, Observation, Playable, Player, Setup, Turn, Unsupported};

use super::goban::{cell, colour_of_cell, stone, EMPTY};

/// Where the game is in its turn (the same steps as the rules: komi, colour, turn, bid,
/// answer, reset).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Step {
    Komi,
    Colour(BigRational),
    Turn { to_move: Player, deleted: [bool; 2] },
    Placed(Player),
    Answer(Player, BigRational),
    Reset(Player),
}

/// The history: positions by Zobrist hash, every hit confirmed against the stored bytes.
#[derive(Clone, Debug, Default)]
struct History {
    by_hash: HashMap<u64, Vec<Vec<u8>>>,
}

impl History {
    fn insert(&mut self, hash: u64, position: &[u8]) {
        let bucket = self.by_hash.entry(hash).or_default();
        if !bucket.iter().any(|p| p == position) {
            bucket.push(position.to_vec());
        }
    }

    fn contains(&self, hash: u64, position: &[u8]) -> bool {
        self.by_hash
            .get(&hash)
            .is_some_and(|b| b.iter().any(|p| p == position))
    }

    fn clear(&mut self) {
        self.by_hash.clear();
    }

    fn positions(&self) -> impl Iterator<Item = &Vec<u8>> {
        self.by_hash.values().flatten()
    }
}

/// A directed game played by the engine.
#[derive(Clone, Debug)]
pub struct DirectedEngine {
    in_start: Vec<usize>,
    inward: Vec<usize>,
    cells: Vec<u8>,
    keys: Vec<[u64; 3]>,
    hash: u64,
    scores: [BigRational; 2],
    history: History,
    step: Step,
}

fn refuse<T>(clause: &'static str, reason: impl Into<String>) -> Result<T, Illegal> {
    Err(Illegal {
        clause,
        reason: reason.into(),
    })
}

impl DirectedEngine {
    /// A game from a setup of the directed rules.
    pub fn start(setup: &Setup) -> Result<DirectedEngine, Unsupported> {
        DirectedEngine::start_masked(setup, u64::MAX)
    }

    /// A game whose Zobrist keys keep only the bits of `hash_mask` (tests force collisions:
    /// every hit is confirmed against the stored position, so no verdict may change).
    pub fn start_masked(setup: &Setup, hash_mask: u64) -> Result<DirectedEngine, Unsupported> {
        let Equipment::Arcs(arcs) = &setup.equipment else {
            return Err(Unsupported(
                "the directed rules need a directed board".into(),
            ));
        };
        let n = setup.board.len();
        if arcs.len() != n || setup.initial.len() != n {
            return Err(Unsupported(format!(
                "the directed board has {} points, the board {n} and the setup {}",
                arcs.len(),
                setup.initial.len()
            )));
        }
        let rows = |lists: &Vec<Vec<usize>>| {
            let mut start = Vec::with_capacity(n + 1);
            let mut flat = Vec::new();
            start.push(0);
            for l in lists {
                flat.extend_from_slice(l);
                start.push(flat.len());
            }
            (start, flat)
        };
        let (in_start, inward) = rows(&arcs.inward);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x6469_7265_6374);
        let keys: Vec<[u64; 3]> = (0..n)
            .map(|_| [0, rng.next_u64() & hash_mask, rng.next_u64() & hash_mask])
            .collect();
        let cells: Vec<u8> = setup.initial.iter().map(|&c| cell(c)).collect();
        let hash = cells
            .iter()
            .enumerate()
            .fold(0, |h, (v, &c)| h ^ keys[v][c as usize]);
        let mut game = DirectedEngine {
            in_start,
            inward,
            cells,
            keys,
            hash,
            scores: [BigRational::zero(), BigRational::zero()],
            history: History::default(),
            step: Step::Komi,
        };
        if !setup.komi.is_zero() || setup.to_move == Player::White {
            game.scores[1] += &setup.komi;
            game.begin(setup.to_move);
        }
        Ok(game)
    }

    fn set(&mut self, v: usize, c: u8) {
        self.hash ^= self.keys[v][self.cells[v] as usize] ^ self.keys[v][c as usize];
        self.cells[v] = c;
    }

    fn begin(&mut self, to_move: Player) {
        self.history.insert(self.hash, &self.cells);
        self.step = Step::Turn {
            to_move,
            deleted: [false, false],
        };
    }

    /// The stones of colour `c` that reach an empty point through stones of colour `c`:
    /// walk the arcs backwards from every empty point, through stones of that colour.
    fn with_liberty(&self, c: u8) -> Vec<bool> {
        let n = self.cells.len();
        let mut alive = vec![false; n];
        let mut stack = Vec::new();
        for e in 0..n {
            if self.cells[e] == EMPTY {
                stack.push(e);
            }
        }
        while let Some(x) = stack.pop() {
            for &u in &self.inward[self.in_start[x]..self.in_start[x + 1]] {
                if self.cells[u] == c && !alive[u] {
                    alive[u] = true;
                    stack.push(u);
                }
            }
        }
        alive
    }

    fn remove_dead(&mut self, c: u8) {
        let alive = self.with_liberty(c);
        for (v, &lives) in alive.iter().enumerate() {
            if self.cells[v] == c && !lives {
                self.set(v, EMPTY);
            }
        }
    }

    fn to_move(&self) -> Player {
        match &self.step {
            Step::Komi => Player::Black,
            Step::Colour(_) => Player::White,
            Step::Turn { to_move, .. } => *to_move,
            Step::Placed(p) => p.opponent(),
            Step::Answer(p, _) => p.opponent(),
            Step::Reset(p) => *p,
        }
    }

    /// Declines an optional step (komi, bid, reset); false if the step is not optional.
    fn decline(&mut self) -> bool {
        match self.step {
            Step::Komi => self.begin(Player::Black),
            Step::Placed(p) => self.begin(p.opponent()),
            Step::Reset(p) => self.begin(p),
            _ => return false,
        }
        true
    }

    fn take(&mut self, turn: &Turn) -> Result<(), Illegal> {
        let player = turn.player();
        match (self.step.clone(), turn) {
            (Step::Komi, Turn::Komi { komi, .. }) => {
                self.step = Step::Colour(komi.clone());
                Ok(())
            }
            (Step::Colour(komi), Turn::ChooseColour { .. }) => {
                self.scores[1] += komi;
                self.begin(Player::Black);
                Ok(())
            }
            (Step::Colour(_), _) => refuse("dir:KOMI", "the second player must choose a colour"),
            (Step::Placed(p), Turn::Bid { amount, .. }) if p == player => {
                if amount.is_negative() {
                    return refuse("dir:KO", "a negative bid");
                }
                self.step = Step::Answer(p, amount.clone());
                Ok(())
            }
            (Step::Answer(bidder, amount), _) => {
                if player != bidder.opponent() {
                    return refuse("dir:KO", "the bid must be answered first");
                }
                match turn {
                    Turn::Ignore { .. } => {
                        self.begin(bidder.opponent());
                        Ok(())
                    }
                    Turn::KoWinner { winner, .. } => {
                        self.scores[winner.opponent().index()] += amount;
                        self.step = Step::Reset(*winner);
                        Ok(())
                    }
                    _ => refuse("dir:KO", "ignore the bid or name a ko winner"),
                }
            }
            (Step::Reset(w), Turn::Reset { to, .. }) if w == player => {
                if to.len() != self.cells.len() {
                    return refuse("dir:KO", "the reset state does not fit the board");
                }
                let bytes: Vec<u8> = to.iter().map(|&c| cell(c)).collect();
                let hash = bytes
                    .iter()
                    .enumerate()
                    .fold(0, |h, (v, &c)| h ^ self.keys[v][c as usize]);
                if !self.history.contains(hash, &bytes) {
                    return refuse("dir:KO", "the state is not in the history");
                }
                self.cells = bytes;
                self.hash = hash;
                self.begin(w);
                Ok(())
            }
            (Step::Turn { to_move, deleted }, _) => self.take_proper(to_move, deleted, turn),
            _ => {
                let saved = (self.step.clone(), self.history.clone());
                assert!(self.decline(), "every step is handled above");
                let taken = self.take(turn);
                if taken.is_err() {
                    (self.step, self.history) = saved;
                }
                taken
            }
        }
    }

    fn take_proper(
        &mut self,
        to_move: Player,
        mut deleted: [bool; 2],
        turn: &Turn,
    ) -> Result<(), Illegal> {
        let player = turn.player();
        match turn {
            Turn::DeleteHistory { .. } => {
                if deleted[player.index()] {
                    return refuse("dir:TURNS", "already deleted this turn");
                }
                deleted[player.index()] = true;
                self.history.clear();
                self.step = Step::Turn { to_move, deleted };
                Ok(())
            }
            _ if player != to_move => refuse("dir:TURNS", "not this player's turn"),
            Turn::Move { at, .. } => {
                let at = *at;
                if at >= self.cells.len() || self.cells[at] != EMPTY {
                    return refuse("dir:TURNS", "not an empty point");
                }
                self.set(at, stone(player));
                self.remove_dead(stone(player.opponent()));
                self.remove_dead(stone(player));
                self.step = Step::Placed(player);
                Ok(())
            }
            Turn::Pass { .. } => {
                self.begin(player.opponent());
                Ok(())
            }
            _ => refuse("dir:TURNS", "a turn places a stone or passes"),
        }
    }

    fn legal_here(&self) -> Vec<Turn> {
        let half = |n: i64, d: i64| BigRational::new(n.into(), d.into());
        match &self.step {
            Step::Komi => [half(-1, 1), half(-1, 2), half(0, 1), half(1, 2), half(1, 1)]
                .into_iter()
                .map(|komi| Turn::Komi {
                    player: Player::Black,
                    komi,
                })
                .collect(),
            Step::Colour(_) => vec![
                Turn::ChooseColour {
                    player: Player::White,
                    colour: Player::Black,
                },
                Turn::ChooseColour {
                    player: Player::White,
                    colour: Player::White,
                },
            ],
            Step::Turn { to_move, deleted } => {
                let mut t: Vec<Turn> = (0..self.cells.len())
                    .filter(|&v| self.cells[v] == EMPTY)
                    .map(|at| Turn::Move {
                        player: *to_move,
                        at,
                    })
                    .collect();
                t.push(Turn::Pass { player: *to_move });
                for p in Player::BOTH {
                    if !deleted[p.index()] {
                        t.push(Turn::DeleteHistory { player: p });
                    }
                }
                t
            }
            Step::Placed(p) => [half(0, 1), half(1, 2), half(1, 1)]
                .into_iter()
                .map(|amount| Turn::Bid { player: *p, amount })
                .collect(),
            Step::Answer(b, _) => {
                let p = b.opponent();
                vec![
                    Turn::Ignore { player: p },
                    Turn::KoWinner {
                        player: p,
                        winner: Player::Black,
                    },
                    Turn::KoWinner {
                        player: p,
                        winner: Player::White,
                    },
                ]
            }
            Step::Reset(w) => self
                .history
                .positions()
                .map(|h| Turn::Reset {
                    player: *w,
                    to: h.iter().map(|&b| colour_of_cell(b)).collect(),
                })
                .collect(),
        }
    }
}

impl Playable for DirectedEngine {
    fn observe(&self) -> Observation {
        Observation {
            position: self.cells.iter().map(|&b| colour_of_cell(b)).collect(),
            to_move: Some(self.to_move()),
            prisoners: None,
            scores: Some(self.scores.clone()),
            result: None,
        }
    }

    fn legal_turns(&self) -> Vec<Turn> {
        let mut turns = self.legal_here();
        let mut next = self.clone();
        if next.decline() {
            turns.extend(next.legal_turns());
        }
        turns.sort();
        turns.dedup();
        turns
    }

    fn play(&mut self, turn: &Turn) -> Result<(), Illegal> {
        // Every refusal comes before any change (a declined option is undone in `take`).
        self.take(turn)
    }

    fn fork(&self) -> Option<Box<dyn Playable>> {
        Some(Box::new(self.clone()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::digraph::Digraph;
    use crate::board::Board;
    use crate::game::{Equipment, RuleId};
    use std::sync::Arc;

    /// A setup whose directed board, board and colouring disagree in size is refused, not
    /// played (the record reader never builds one; the engine checks anyway).
    #[test]
    fn a_setup_of_mismatched_sizes_is_refused() {
        let arcs =
            Digraph::from_index_arcs(2, &[(0, 1), (1, 0)], &|u, v| format!("{u}{v}")).unwrap();
        let good = {
            let mut s = Setup::new(RuleId::Directed, Board::path(2).unwrap());
            s.equipment = Equipment::Arcs(Arc::new(arcs.clone()));
            s
        };
        assert!(DirectedEngine::start_masked(&good, u64::MAX).is_ok());
        // The board has three points, the arcs two.
        let mut wider = good.clone();
        wider.board = Arc::new(Board::path(3).unwrap());
        wider.initial = vec![crate::game::Colour::Empty; 3].into_iter().collect();
        assert!(DirectedEngine::start_masked(&wider, u64::MAX).is_err());
        // The colouring has three points, the arcs and the board two.
        let mut longer = good.clone();
        longer.initial = vec![crate::game::Colour::Empty; 3].into_iter().collect();
        assert!(DirectedEngine::start_masked(&longer, u64::MAX).is_err());
    }
}
