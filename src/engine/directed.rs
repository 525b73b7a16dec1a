//! The engine's side of Go on directed graphs (`dir:*`): the arcs in compressed rows (read
//! backwards), the position as bytes, liberties for a whole colour at once by reverse
//! reachability from the empty points, and the history as a hash set of positions keyed by
//! an incremental Zobrist hash whose hits are confirmed against the stored position.
//!
//! It plays the same turns as `spec::directed` and refuses the same ones under the same
//! clauses, so that the comparer can check one against the other. It does not import the
//! spec.

use num_rational::BigRational;
use num_traits::{Signed, Zero};
use rand::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::game::clause::Directed;
use crate::game::{
    refuse, Equipment, Illegal, Observation, Playable, Player, Setup, Turn, Unsupported,
};

use super::goban::{cell, colour_of_cell, stone, EMPTY};
use super::keys::KeyMap;

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
    by_hash: KeyMap<Vec<Vec<u8>>>,
}

impl History {
    /// Adds the position; true when it was not there yet.
    fn insert(&mut self, hash: u64, position: &[u8]) -> bool {
        let bucket = self.by_hash.entry(hash).or_default();
        if bucket.iter().any(|p| p == position) {
            return false;
        }
        bucket.push(position.to_vec());
        true
    }

    /// Takes out the position last added under `hash` by [`History::insert`].
    fn remove_last(&mut self, hash: u64) {
        if let Some(bucket) = self.by_hash.get_mut(&hash) {
            bucket.pop();
            if bucket.is_empty() {
                self.by_hash.remove(&hash);
            }
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
    out_start: Vec<usize>,
    outward: Vec<usize>,
    /// True when every stone reaches an empty point through stones of its colour (after
    /// every move; a setup or a reset may break it): a move then removes only stones near it.
    settled: bool,
    cells: Vec<u8>,
    keys: Vec<[u64; 3]>,
    hash: u64,
    scores: [BigRational; 2],
    history: History,
    step: Step,
    /// Scratch for the removals: stamps valid when equal to `generation` (`mark`: reached,
    /// `alive`: reaches an empty point), a stack and a list of the points reached.
    mark: Vec<u32>,
    alive: Vec<u32>,
    generation: u32,
    stack: Vec<u32>,
    region: Vec<u32>,
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
        let (out_start, outward) = rows(&arcs.out);
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
            out_start,
            outward,
            settled: false,
            cells,
            keys,
            hash,
            scores: [BigRational::zero(), BigRational::zero()],
            history: History::default(),
            step: Step::Komi,
            mark: vec![0; n],
            alive: vec![0; n],
            generation: 0,
            stack: Vec::new(),
            region: Vec::new(),
        };
        game.settled = game.every_stone_lives();
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

    /// Starts a proper turn; true when the position was new to the history.
    fn begin(&mut self, to_move: Player) -> bool {
        let added = self.history.insert(self.hash, &self.cells);
        self.step = Step::Turn {
            to_move,
            deleted: [false, false],
        };
        added
    }

    /// A fresh generation of stamps.
    fn next_generation(&mut self) -> u32 {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.mark.iter_mut().for_each(|m| *m = 0);
            self.alive.iter_mut().for_each(|m| *m = 0);
            self.generation = 1;
        }
        self.generation
    }

    /// Stamps `mark` on the stones of colour `c` that reach an empty point through stones of
    /// colour `c`: the arcs walked backwards from every empty point, through that colour.
    fn mark_living(&mut self, c: u8) -> u32 {
        let g = self.next_generation();
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.extend((0..self.cells.len() as u32).filter(|&e| self.cells[e as usize] == EMPTY));
        while let Some(x) = stack.pop() {
            let x = x as usize;
            for &u in &self.inward[self.in_start[x]..self.in_start[x + 1]] {
                if self.cells[u] == c && self.mark[u] != g {
                    self.mark[u] = g;
                    stack.push(u as u32);
                }
            }
        }
        self.stack = stack;
        g
    }

    /// Empties the stones of colour `c` that reach no empty point through stones of colour
    /// `c` (`dir:*`'s capture, on the whole board).
    fn remove_dead(&mut self, c: u8) {
        let g = self.mark_living(c);
        for v in 0..self.cells.len() {
            if self.cells[v] == c && self.mark[v] != g {
                self.set(v, EMPTY);
            }
        }
    }

    /// True when every stone reaches an empty point through stones of its colour.
    fn every_stone_lives(&mut self) -> bool {
        [1u8, 2].into_iter().all(|c| {
            let g = self.mark_living(c);
            (0..self.cells.len()).all(|v| self.cells[v] != c || self.mark[v] == g)
        })
    }

    /// [`DirectedEngine::remove_dead`] after `v` changed from empty, when before it every
    /// stone of colour `c` reached an empty point (`settled`): only the stones that reached
    /// `v` (and `v` itself, when of colour `c`) may have lost their way to an empty point.
    /// They, and every stone of colour `c` they reach (a region closed under the arcs
    /// through colour `c`), are judged by a backward walk inside the region from the stones
    /// with an arc to an empty point; the stones outside keep their paths.
    fn remove_dead_near(&mut self, c: u8, v: usize) {
        let g = self.next_generation();
        let mut stack = std::mem::take(&mut self.stack);
        let mut region = std::mem::take(&mut self.region);
        stack.clear();
        region.clear();
        // The stones that reach v: backwards from v.
        if self.cells[v] == c {
            self.mark[v] = g;
            stack.push(v as u32);
        } else {
            for &u in &self.inward[self.in_start[v]..self.in_start[v + 1]] {
                if self.cells[u] == c && self.mark[u] != g {
                    self.mark[u] = g;
                    stack.push(u as u32);
                }
            }
        }
        while let Some(x) = stack.pop() {
            region.push(x);
            for &u in &self.inward[self.in_start[x as usize]..self.in_start[x as usize + 1]] {
                if self.cells[u] == c && self.mark[u] != g {
                    self.mark[u] = g;
                    stack.push(u as u32);
                }
            }
        }
        // Closed forwards through colour c; the stones with an arc to an empty point live.
        let mut i = 0;
        while i < region.len() {
            let x = region[i] as usize;
            i += 1;
            for &w in &self.outward[self.out_start[x]..self.out_start[x + 1]] {
                match self.cells[w] {
                    EMPTY if self.alive[x] != g => {
                        self.alive[x] = g;
                        stack.push(x as u32);
                    }
                    EMPTY => {}
                    cw if cw == c && self.mark[w] != g => {
                        self.mark[w] = g;
                        region.push(w as u32);
                    }
                    _ => {}
                }
            }
        }
        // Backwards from them inside the region.
        while let Some(x) = stack.pop() {
            for &u in &self.inward[self.in_start[x as usize]..self.in_start[x as usize + 1]] {
                if self.mark[u] == g && self.alive[u] != g {
                    self.alive[u] = g;
                    stack.push(u as u32);
                }
            }
        }
        for &x in &region {
            if self.alive[x as usize] != g {
                self.set(x as usize, EMPTY);
            }
        }
        self.stack = stack;
        self.region = region;
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

    /// The player to move in the proper turn that declining the current optional step
    /// (komi, bid, reset) starts; `None` when the step is not optional.
    fn declined_to(&self) -> Option<Player> {
        match self.step {
            Step::Komi => Some(Player::Black),
            Step::Placed(p) => Some(p.opponent()),
            Step::Reset(p) => Some(p),
            _ => None,
        }
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
            (Step::Colour(_), _) => {
                refuse(Directed::Komi, "the second player must choose a colour")
            }
            (Step::Placed(p), Turn::Bid { amount, .. }) if p == player => {
                if amount.is_negative() {
                    return refuse(Directed::Ko, "a negative bid");
                }
                self.step = Step::Answer(p, amount.clone());
                Ok(())
            }
            (Step::Answer(bidder, amount), _) => {
                if player != bidder.opponent() {
                    return refuse(Directed::Ko, "the bid must be answered first");
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
                    _ => refuse(Directed::Ko, "ignore the bid or name a ko winner"),
                }
            }
            (Step::Reset(w), Turn::Reset { to, .. }) if w == player => {
                if to.len() != self.cells.len() {
                    return refuse(Directed::Ko, "the reset state does not fit the board");
                }
                let bytes: Vec<u8> = to.iter().map(|&c| cell(c)).collect();
                let hash = bytes
                    .iter()
                    .enumerate()
                    .fold(0, |h, (v, &c)| h ^ self.keys[v][c as usize]);
                if !self.history.contains(hash, &bytes) {
                    return refuse(Directed::Ko, "the state is not in the history");
                }
                self.cells = bytes;
                self.hash = hash;
                self.settled = self.every_stone_lives();
                self.begin(w);
                Ok(())
            }
            (Step::Turn { to_move, deleted }, _) => self.take_proper(to_move, deleted, turn),
            (step, _) => {
                // The optional step is declined and the turn taken in the proper turn that
                // follows; a refusal undoes the decline (the step, and the position it
                // added to the history: a proper turn refuses before it changes anything).
                let to_move = self
                    .declined_to()
                    .expect("every other step is handled above");
                let added = self.begin(to_move);
                let taken = self.take(turn);
                if taken.is_err() {
                    if added {
                        self.history.remove_last(self.hash);
                    }
                    self.step = step;
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
                    return refuse(Directed::Turns, "already deleted this turn");
                }
                deleted[player.index()] = true;
                self.history.clear();
                self.step = Step::Turn { to_move, deleted };
                Ok(())
            }
            _ if player != to_move => refuse(Directed::Turns, "not this player's turn"),
            Turn::Move { at, .. } => {
                let at = *at;
                if at >= self.cells.len() || self.cells[at] != EMPTY {
                    return refuse(Directed::Turns, "not an empty point");
                }
                self.set(at, stone(player));
                if self.settled {
                    self.remove_dead_near(stone(player.opponent()), at);
                    self.remove_dead_near(stone(player), at);
                } else {
                    self.remove_dead(stone(player.opponent()));
                    self.remove_dead(stone(player));
                    self.settled = true;
                }
                self.step = Step::Placed(player);
                Ok(())
            }
            Turn::Pass { .. } => {
                self.begin(player.opponent());
                Ok(())
            }
            _ => refuse(Directed::Turns, "a turn places a stone or passes"),
        }
    }

    /// The turns of `step` alone (not those of the proper turn a decline starts).
    fn legal_at(&self, step: &Step) -> Vec<Turn> {
        // In lowest terms already: no normalising on every call.
        let half = |n: i64, d: i64| BigRational::new_raw(n.into(), d.into());
        match step {
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
                // Room for the moves, the pass, two deletions and the bids that may follow.
                let mut t = Vec::with_capacity(self.cells.len() + 6);
                t.extend(
                    (0..self.cells.len())
                        .filter(|&v| self.cells[v] == EMPTY)
                        .map(|at| Turn::Move {
                            player: *to_move,
                            at,
                        }),
                );
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
        // Declining an optional step starts a proper turn, whose turns are listed without
        // making the decline (it only adds the position to the history, which a proper turn
        // does not list).
        let mut turns = match self.declined_to() {
            Some(to_move) => self.legal_at(&Step::Turn {
                to_move,
                deleted: [false, false],
            }),
            None => Vec::new(),
        };
        turns.extend(self.legal_at(&self.step));
        // In order already (the steps' own turns sort after the proper turns, in the order
        // listed), but for the komi step's turns, which go between the moves and the
        // deletions, and the reset's positions, listed as the history holds them.
        if matches!(self.step, Step::Komi | Step::Reset(_)) {
            turns.sort();
            turns.dedup();
        }
        debug_assert!(turns.is_sorted());
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

    /// The local removal after a move (`remove_dead_near`, used once every stone lives)
    /// empties the same stones as the removal on the whole board, on random digraphs (arcs
    /// one way and both ways, cycles of one colour, stones reaching an empty point only
    /// through long paths) at every empty point of positions reached by random moves.
    #[test]
    fn the_local_removal_empties_what_the_whole_board_removal_empties() {
        use rand::Rng;
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(23);
        let (mut compared, mut removing) = (0, 0);
        for round in 0..60 {
            let n = 4 + round % 9;
            let mut arcs = Vec::new();
            for u in 0..n {
                for v in 0..n {
                    if u != v && rng.random_range(0..100) < 30 {
                        arcs.push((u, v));
                    }
                }
            }
            let digraph =
                Digraph::from_index_arcs(n, &arcs, &|u, v| format!("{u}-{v}")).expect("arcs");
            let mut setup = Setup::new(RuleId::Directed, Board::path(n).expect("a path"));
            setup.equipment = Equipment::Arcs(Arc::new(digraph));
            let mut game = DirectedEngine::start(&setup).expect("a directed setup");
            for turn in 0..3 * n {
                let me = 1 + (turn % 2) as u8;
                let empties: Vec<usize> = (0..n).filter(|&v| game.cells[v] == EMPTY).collect();
                if empties.is_empty() {
                    break;
                }
                assert!(game.settled, "every stone lives after a move");
                for &v in &empties {
                    let (mut local, mut whole) = (game.clone(), game.clone());
                    for (g, near) in [(&mut local, true), (&mut whole, false)] {
                        g.set(v, me);
                        if near {
                            g.remove_dead_near(3 - me, v);
                            g.remove_dead_near(me, v);
                        } else {
                            g.remove_dead(3 - me);
                            g.remove_dead(me);
                        }
                    }
                    assert_eq!(local.cells, whole.cells, "round {round}, move at {v}");
                    assert_eq!(local.hash, whole.hash);
                    compared += 1;
                    removing += usize::from(
                        whole.cells.iter().filter(|&&c| c != EMPTY).count()
                            < game.cells.iter().filter(|&&c| c != EMPTY).count() + 1,
                    );
                }
                let v = empties[rng.random_range(0..empties.len())];
                game.set(v, me);
                game.remove_dead_near(3 - me, v);
                game.remove_dead_near(me, v);
            }
        }
        assert!(
            compared > 1000 && removing > 200,
            "{compared} moves, {removing} removing"
        );
    }
}
