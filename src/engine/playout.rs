//! Light random playouts, under the reference-bot conventions long used to compare Go
//! boards: uniformly random among the legal moves that do not fill a one-point eye of
//! one's own colour, pass only when no other move is left, two consecutive passes end the
//! game, area scoring. The rules are the engine's own [`Game`] (the same code as the
//! [`RuleSet`](crate::game::RuleSet) path), so the options choose the variant: the
//! reference bot is `ggg1` with `self_capture: none` and `repetition: simple`.
//!
//! An eye of colour c: an empty point whose neighbours all have colour c and, on boards that
//! have diagonals (grids), with at most one diagonal stone of the other colour when the
//! point is away from the edge (four diagonals) and none on the edge.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::goban::{Goban, EMPTY};
use super::{Game, Player};
use crate::game::{Options, Repetition, SelfCapture, Version};

/// The diagonal neighbours of every point of a grid, in compressed rows.
#[derive(Clone, Debug)]
pub struct Diagonals {
    off: Vec<u32>,
    adj: Vec<u32>,
}

impl Diagonals {
    /// The diagonals of a `w x h` grid whose point (x, y) is vertex `y * w + x`, as in
    /// [`Board::grid`](crate::board::Board::grid).
    pub fn grid(w: usize, h: usize) -> Diagonals {
        let mut off = vec![0u32];
        let mut adj = Vec::new();
        for y in 0..h as i64 {
            for x in 0..w as i64 {
                for (dx, dy) in [(-1, -1), (1, -1), (-1, 1), (1, 1)] {
                    let (a, b) = (x + dx, y + dy);
                    if a >= 0 && b >= 0 && a < w as i64 && b < h as i64 {
                        adj.push((b * w as i64 + a) as u32);
                    }
                }
                off.push(adj.len() as u32);
            }
        }
        Diagonals { off, adj }
    }

    #[inline]
    fn of(&self, v: u32) -> &[u32] {
        &self.adj[self.off[v as usize] as usize..self.off[v as usize + 1] as usize]
    }
}

/// The rules of a playout suite.
pub fn reference_options() -> Options {
    Options {
        self_capture: SelfCapture::None,
        repetition: Repetition::Simple,
        ..Options::default()
    }
}

/// `ggg1` as written: self-capture allowed, positional superko.
pub fn ggg1_options() -> Options {
    Options::default()
}

/// How one playout ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Turns played, passes included (the two closing passes too).
    pub turns: u32,
    /// Black's area minus White's, komi not included.
    pub margin: i64,
    /// True when the turn cap stopped the game before two passes.
    pub capped: bool,
}

/// Plays light playouts from one starting position again and again.
#[derive(Clone, Debug)]
pub struct Playouts {
    start: Game,
    game: Game,
    diagonals: Option<Diagonals>,
    rng: Xoshiro256PlusPlus,
    /// A game stops after this many turns (a guard against endless cycles under simple ko).
    pub max_turns: u32,
}

impl Playouts {
    /// Playouts on the graph in compressed rows (`off`, `adj`), starting empty with Black to
    /// move, under `ggg1` with `options`; `diagonals` for the eye rule on grids.
    pub fn new(
        off: Vec<u32>,
        adj: Vec<u32>,
        diagonals: Option<Diagonals>,
        options: Options,
        seed: u64,
    ) -> Playouts {
        let n = off.len() - 1;
        let goban = Goban::from_rows(off, adj, &vec![EMPTY; n], u64::MAX);
        let start = Game::new(goban, Version::V1, options, Player::Black, [0, 0]);
        Playouts {
            game: start.clone(),
            start,
            diagonals,
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            max_turns: (10 * n as u32).max(100),
        }
    }

    /// Playouts on a `w x h` grid.
    pub fn grid(w: usize, h: usize, options: Options, seed: u64) -> Playouts {
        let (off, adj) = grid_rows(w, h);
        Playouts::new(off, adj, Some(Diagonals::grid(w, h)), options, seed)
    }

    /// The game of the last playout.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// True when `v` is an eye of colour `me` (see the module comment).
    #[inline]
    fn is_own_eye(&self, v: u32, me: u8) -> bool {
        let goban = &self.game.goban;
        let counts = goban.neighbour_counts(v);
        if counts[EMPTY as usize] + counts[3 - me as usize] > 0 {
            return false;
        }
        match &self.diagonals {
            None => true,
            Some(d) => {
                let ds = d.of(v);
                let enemies = ds
                    .iter()
                    .filter(|&&w| {
                        let c = goban.colour(w);
                        c != EMPTY && c != me
                    })
                    .count();
                if ds.len() < 4 {
                    enemies == 0
                } else {
                    enemies <= 1
                }
            }
        }
    }

    /// One playout from the start; when `record` is given, the vertex of every turn goes to
    /// it (`None` for a pass).
    pub fn play_one(&mut self, mut record: Option<&mut Vec<Option<u32>>>) -> Outcome {
        self.game.goban.reset_from(&self.start.goban);
        self.game
            .history
            .restart(self.start.goban.hash(), self.start.to_move);
        self.game.to_move = self.start.to_move;
        self.game.consecutive_passes = 0;
        let mut turns = 0;
        let mut capped = false;
        loop {
            if turns >= self.max_turns {
                capped = true;
                break;
            }
            let me = self.game.to_move;
            let mut k = self.game.goban.empties().len();
            let mut played = None;
            while k > 0 {
                let i = self.rng.random_range(0..k as u32) as usize;
                let v = self.game.goban.empties()[i];
                if !self.is_own_eye(v, me) {
                    if let Ok(effect) = self.game.check(v) {
                        self.game.commit(v, &effect);
                        played = Some(v);
                        break;
                    }
                }
                k -= 1;
                self.game.goban.swap_empties(i, k);
            }
            turns += 1;
            if let Some(r) = record.as_deref_mut() {
                r.push(played);
            }
            if played.is_none() {
                self.game.pass();
                if self.game.consecutive_passes >= 2 {
                    break;
                }
            }
        }
        let [b, w] = self.game.area();
        Outcome {
            turns,
            margin: b as i64 - w as i64,
            capped,
        }
    }
}

/// The compressed rows of a `w x h` grid, vertex `y * w + x`, neighbours in increasing order.
pub fn grid_rows(w: usize, h: usize) -> (Vec<u32>, Vec<u32>) {
    let mut off = vec![0u32];
    let mut adj = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let v = y * w + x;
            if y > 0 {
                adj.push((v - w) as u32);
            }
            if x > 0 {
                adj.push((v - 1) as u32);
            }
            if x + 1 < w {
                adj.push((v + 1) as u32);
            }
            if y + 1 < h {
                adj.push((v + w) as u32);
            }
            off.push(adj.len() as u32);
        }
    }
    (off, adj)
}

/// A random simple graph on `n` vertices with about `n * degree / 2` edges (uniform pairs,
/// loops and repeats dropped), in compressed rows.
pub fn random_graph_rows(n: usize, degree: usize, seed: u64) -> (Vec<u32>, Vec<u32>) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut pairs: Vec<(u32, u32)> = Vec::with_capacity(n * degree);
    for _ in 0..n * degree / 2 {
        let a = rng.random_range(0..n as u32);
        let b = rng.random_range(0..n as u32);
        if a != b {
            pairs.push((a, b));
            pairs.push((b, a));
        }
    }
    pairs.sort_unstable();
    pairs.dedup();
    let mut off = vec![0u32; n + 1];
    for &(a, _) in &pairs {
        off[a as usize + 1] += 1;
    }
    for i in 0..n {
        off[i + 1] += off[i];
    }
    let adj = pairs.into_iter().map(|(_, b)| b).collect();
    (off, adj)
}

#[cfg(test)]
mod tests {
    use super::super::goban::{BLACK, WHITE};
    use super::*;

    fn playouts_with(colouring: &[u8]) -> Playouts {
        let mut p = Playouts::grid(3, 3, reference_options(), 1);
        let (off, adj) = grid_rows(3, 3);
        p.game.goban = Goban::from_rows(off, adj, colouring, u64::MAX);
        p
    }

    #[test]
    fn eyes_in_the_middle_allow_one_diagonal_enemy() {
        // 3x3, vertex y * 3 + x: Black around the centre (4) on 1, 3, 5, 7.
        let mut c = [EMPTY; 9];
        for v in [1, 3, 5, 7] {
            c[v] = BLACK;
        }
        assert!(playouts_with(&c).is_own_eye(4, BLACK));
        assert!(!playouts_with(&c).is_own_eye(4, WHITE));
        c[0] = WHITE;
        assert!(playouts_with(&c).is_own_eye(4, BLACK), "one diagonal enemy");
        c[8] = WHITE;
        assert!(
            !playouts_with(&c).is_own_eye(4, BLACK),
            "two diagonal enemies"
        );
    }

    #[test]
    fn eyes_on_the_edge_allow_no_diagonal_enemy() {
        // The corner 0 has neighbours 1 and 3 and one diagonal, 4.
        let mut c = [EMPTY; 9];
        c[1] = BLACK;
        c[3] = BLACK;
        assert!(playouts_with(&c).is_own_eye(0, BLACK));
        c[4] = WHITE;
        assert!(!playouts_with(&c).is_own_eye(0, BLACK));
        c[1] = WHITE;
        c[4] = EMPTY;
        assert!(
            !playouts_with(&c).is_own_eye(0, BLACK),
            "a neighbour is not friendly"
        );
    }

    #[test]
    fn reference_playouts_match_the_published_figures() {
        // The published 9x9 figures for these conventions: 111.05 moves (two closing passes
        // included) and Black wins 0.4213 of the games at komi 7.5. Over 4000 playouts the
        // standard errors are about 0.2 moves and 0.008.
        let mut p = Playouts::grid(9, 9, reference_options(), 42);
        let (mut turns, mut wins) = (0u64, 0u64);
        let count = 4000;
        for _ in 0..count {
            let o = p.play_one(None);
            assert!(!o.capped);
            turns += o.turns as u64;
            wins += u64::from(2 * o.margin > 15);
        }
        let mean = turns as f64 / count as f64;
        let rate = wins as f64 / count as f64;
        assert!((mean - 111.05).abs() < 1.0, "mean moves {mean}");
        assert!((rate - 0.4213).abs() < 0.04, "black win rate {rate}");
    }

    #[test]
    fn a_playout_ends_with_two_passes_and_no_empty_point_but_eyes() {
        let mut p = Playouts::grid(5, 5, reference_options(), 3);
        let mut record = Vec::new();
        p.play_one(Some(&mut record));
        let n = record.len();
        assert_eq!(&record[n - 2..], &[None, None]);
        let g = p.game();
        for &v in g.goban.empties() {
            let friendly = |c: u8| {
                g.goban
                    .neighbours(v)
                    .iter()
                    .all(|&w| g.goban.colour(w) == c)
            };
            assert!(
                friendly(BLACK) || friendly(WHITE),
                "{v} is a one-colour point"
            );
        }
    }
}
