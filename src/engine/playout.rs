//! Light random playouts, under the reference-bot conventions long used to compare Go
//! boards: uniformly random among the legal moves that do not fill a one-point eye of
//! one's own colour, pass only when no other move is left, two consecutive passes end the
//! game, area scoring. The rules are the engine's own [`GggGame`] (the same code as the
//! [`RuleSet`](crate::game::RuleSet) path), so the options choose the variant: the
//! reference bot is `ggg1` with `self_capture: none` and `repetition: simple`.
//!
//! An eye of colour c: an empty point whose neighbours all have colour c and, on boards that
//! have diagonals (grids), with at most one diagonal stone of the other colour when the
//! point is away from the edge (four diagonals) and none on the edge. On other graphs,
//! which have no diagonals, the neighbours must moreover all belong to one chain: a point
//! next to two of one's chains may be filled to join them, as a false eye may be on a grid.
//! (Without it, playouts on random 4-regular graphs did not end within 3n turns: groups
//! that only connect through such points are captured and the area refilled again and
//! again. With it they end after about 1.05n turns.)

use rand::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::goban::{Goban, EMPTY};
use super::{GggGame, Player};
use crate::board::rows::grid_rows;
use crate::game::{Options, Repetition, SelfCapture, Version};

/// The diagonal neighbours of every point of a grid: four slots per point, the ones past
/// the edge holding `n` (the board's sentinel vertex, never a stone), so that the eye test
/// reads four colours without a branch, and a point is on the edge exactly when its last
/// slot is padding.
#[derive(Clone, Debug)]
pub struct Diagonals {
    slots: Vec<u32>,
    /// The sentinel: the number of points.
    n: u32,
}

impl Diagonals {
    /// The diagonals of a `w x h` grid whose point (x, y) is vertex `y * w + x`, as in
    /// [`Board::grid`](crate::board::Board::grid).
    pub fn grid(w: usize, h: usize) -> Diagonals {
        let n = (w * h) as u32;
        let mut slots = Vec::with_capacity(4 * w * h);
        for y in 0..h as i64 {
            for x in 0..w as i64 {
                let start = slots.len();
                for (dx, dy) in [(-1, -1), (1, -1), (-1, 1), (1, 1)] {
                    let (a, b) = (x + dx, y + dy);
                    if a >= 0 && b >= 0 && a < w as i64 && b < h as i64 {
                        slots.push((b * w as i64 + a) as u32);
                    }
                }
                slots.resize(start + 4, n);
            }
        }
        Diagonals { slots, n }
    }

    /// The four slots of `v`.
    #[inline]
    fn of(&self, v: u32) -> &[u32; 4] {
        let i = 4 * v as usize;
        self.slots[i..i + 4].try_into().expect("four slots")
    }

    /// True when the slots of a point (see [`Diagonals::of`]) are fewer than four
    /// diagonals: the last is padding.
    #[inline]
    fn on_edge(&self, slots: &[u32; 4]) -> bool {
        slots[3] == self.n
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
pub struct PlayoutResult {
    /// Turns played, passes included (the two closing passes too).
    pub turns: u32,
    /// Black's area minus White's, komi not included.
    pub margin: i64,
    /// True when the turn cap stopped the game before two passes.
    pub capped: bool,
}

/// Playouts on boards of this many vertices or more fetch memory early and link their chains
/// by default ([`Playouts::set_prefetch`], [`Playouts::set_linked`]). Measured with
/// `graphgo bench --suites regular` and its `--no-prefetch` and `--no-link`: on a random
/// 4-regular graph of a million vertices the two together more than halve the time of a
/// move; on grids up to 19x19, which stay in the caches, they would only add work.
pub const PREFETCH_FROM: usize = 1 << 16;

/// Plays light playouts from one starting position again and again.
#[derive(Clone, Debug)]
pub struct Playouts {
    start: GggGame,
    game: GggGame,
    diagonals: Option<Diagonals>,
    rng: Xoshiro256PlusPlus,
    /// Fetch the memory of the coming draws early ([`Playouts::set_prefetch`]).
    prefetch: bool,
    /// Moves take the fixed path where they may ([`Playouts::set_fixed_path`]).
    fixed_path: bool,
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
        let mut goban = Goban::from_rows(off, adj, &vec![EMPTY; n], u64::MAX);
        goban.set_linked(n >= PREFETCH_FROM);
        let start = GggGame::new(goban, Version::V1, options, Player::Black, [0, 0]);
        Playouts {
            game: start.clone(),
            start,
            diagonals,
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            prefetch: n >= PREFETCH_FROM,
            fixed_path: true,
            max_turns: (10 * n as u32).max(100),
        }
    }

    /// Playouts on a `w x h` grid.
    pub fn grid(w: usize, h: usize, options: Options, seed: u64) -> Playouts {
        let (off, adj) = grid_rows(w, h);
        Playouts::new(off, adj, Some(Diagonals::grid(w, h)), options, seed)
    }

    /// Whether the playouts fetch the memory of the coming draws early (see
    /// `Playouts::fetch_ahead`); on by default from [`PREFETCH_FROM`] vertices, where the
    /// board no longer fits the caches. The games are the same either way.
    pub fn set_prefetch(&mut self, on: bool) {
        self.prefetch = on;
    }

    /// Whether the board links its chains (see [`Goban::set_linked`]); on by default from
    /// [`PREFETCH_FROM`] vertices. The games are the same either way.
    pub fn set_linked(&mut self, on: bool) {
        self.start.goban.set_linked(on);
    }

    /// Whether the board answers quiet moves from its neighbour counts (see
    /// [`Goban::set_quick`]; on by default). The games are the same either way.
    pub fn set_quick(&mut self, on: bool) {
        self.start.goban.set_quick(on);
    }

    /// The game of the last playout.
    pub fn game(&self) -> &GggGame {
        &self.game
    }

    /// True when `v` is an eye of colour `me` (see the module comment).
    #[cfg(test)]
    fn is_own_eye(&self, v: u32, me: u8) -> bool {
        self.is_eye_of(v, self.game.goban.neighbour_counts(v), me)
    }

    /// True when `v`, whose neighbour counts are `counts`, is an eye of colour `me` (see
    /// the module comment). Inlined into the turn loop: most draws fail the first test on
    /// counts already in registers, which a call would cost several times over.
    #[inline(always)]
    fn is_eye_of(&self, v: u32, counts: [u32; 3], me: u8) -> bool {
        let goban = &self.game.goban;
        let opp = 3 - me;
        if counts[EMPTY as usize] + counts[opp as usize] > 0 {
            return false;
        }
        match &self.diagonals {
            // Without diagonals: a point all of whose neighbours are stones of one chain.
            // Filling a point next to two of one's chains joins them, as filling a false
            // eye does on a grid, so it is allowed.
            None => {
                let mut around = goban.slots(v).iter().filter(|&&w| goban.colour(w) == me);
                let first = around.next().map(|&w| goban.chain_of(w));
                around.all(|&w| Some(goban.chain_of(w)) == first)
            }
            Some(d) => {
                // Enemy diagonals plus one for the edge: at most one (the padding slots hold
                // the sentinel, whose colour is no player's).
                let slots = d.of(v);
                let enemies: u32 = slots
                    .iter()
                    .map(|&w| u32::from(goban.colour(w) == opp))
                    .sum();
                enemies + u32::from(d.on_edge(slots)) <= 1
            }
        }
    }

    /// Fetches early the memory the coming draws will read, on boards too large for the
    /// caches. The draws after this one take the bounds `k - 1`, `k - 2`, ... while draws
    /// are refused, and `k - 1` again when this is the first draw of its turn and is played,
    /// and the list of empty vertices changes little meanwhile, so the vertices they will
    /// name can be guessed early (right for 94% of the draws one ahead and 80% four ahead,
    /// counted on a random 4-regular graph of 65,536 vertices). The fetching runs as a
    /// pipeline four draws deep: the list entry, then that vertex's own data, then its
    /// neighbours', then their chains', each stage a draw after the one it needs. A guess
    /// only: nothing computed depends on it.
    #[inline(never)]
    fn fetch_ahead(&self, k: u32, me: u8) {
        if k <= 8 {
            return;
        }
        let mut ahead = self.rng.clone();
        let g = &self.game.goban;
        let d0 = uniform_below(&mut ahead, k) as usize;
        let d1 = uniform_below(&mut ahead, k - 1) as usize;
        let d2 = uniform_below(&mut ahead, k - 2) as usize;
        let d3 = uniform_below(&mut ahead, k - 3) as usize;
        let d4 = uniform_below(&mut ahead, k - 4) as usize;
        g.prefetch_entry(d4);
        g.prefetch_vertex(d3);
        g.prefetch_neighbours(d2);
        g.prefetch_chains(d1);
        g.prefetch_tail(k as usize - 2);
        // The hash the next turn's repetition test will look up, if this draw is played.
        if let (Some(a), Some(b)) = (g.key_of_entry(d0, me), g.key_of_entry(d1, 3 - me)) {
            self.game.history.prefetch(g.hash() ^ a ^ b);
        }
    }

    /// Whether moves take the fixed path when the board and the rules allow it (see
    /// [`Playouts::play_one`]; on by default). The games are the same either way.
    pub fn set_fixed_path(&mut self, on: bool) {
        self.fixed_path = on;
    }

    /// The step the next playout makes its moves with: the fixed path (see
    /// [`GggGame::try_fixed`]) when the board has a fixed table and no group without
    /// liberties at the start, and the rules are one of the two suites'; else the general
    /// check and commit.
    fn step(&self) -> Step {
        let g = &self.start;
        let rules = match (g.options.self_capture, g.options.repetition) {
            (SelfCapture::None, Repetition::Simple) => Some(true),
            (SelfCapture::All, Repetition::Positional) => Some(false),
            _ => None,
        };
        match rules {
            Some(reference)
                if self.fixed_path && g.rules == Version::V1 && g.goban.fixed_mode() =>
            {
                match (g.goban.linked(), reference) {
                    (false, true) => Step::Fixed(false, true),
                    (false, false) => Step::Fixed(false, false),
                    (true, true) => Step::Fixed(true, true),
                    (true, false) => Step::Fixed(true, false),
                }
            }
            _ => Step::General,
        }
    }

    /// One playout from the start; when `record` is given, the vertex of every turn goes to
    /// it (`None` for a pass). The moves take the step [`Playouts::step`] picks, chosen
    /// once for the game: a move keeps the board in its mode.
    pub fn play_one(&mut self, record: Option<&mut Vec<Option<u32>>>) -> PlayoutResult {
        self.game.goban.reset_from(&self.start.goban);
        self.game
            .history
            .restart(self.start.goban.hash(), self.start.to_move);
        self.game.to_move = self.start.to_move;
        self.game.consecutive_passes = 0;
        let (turns, capped) = match self.step() {
            Step::Fixed(false, true) => self.turns(record, GggGame::try_fixed::<false, true>),
            Step::Fixed(false, false) => self.turns(record, GggGame::try_fixed::<false, false>),
            Step::Fixed(true, true) => self.turns(record, GggGame::try_fixed::<true, true>),
            Step::Fixed(true, false) => self.turns(record, GggGame::try_fixed::<true, false>),
            Step::General => self.turns(record, |g: &mut GggGame, v| match g.check(v) {
                Ok(effect) => {
                    g.commit(v, &effect);
                    true
                }
                Err(_) => false,
            }),
        };
        let [b, w] = self.game.area();
        PlayoutResult {
            turns,
            margin: b as i64 - w as i64,
            capped,
        }
    }

    /// The turns of a playout, each move made by `step` (true when the move was legal and
    /// made): the number of turns and whether the cap stopped the game.
    #[inline(always)]
    fn turns(
        &mut self,
        mut record: Option<&mut Vec<Option<u32>>>,
        mut step: impl FnMut(&mut GggGame, u32) -> bool,
    ) -> (u32, bool) {
        let mut turns = 0;
        loop {
            if turns >= self.max_turns {
                return (turns, true);
            }
            let me = self.game.to_move;
            let mut k = self.game.goban.empties().len();
            let mut played = None;
            while k > 0 {
                if self.prefetch {
                    self.fetch_ahead(k as u32, me);
                }
                let i = uniform_below(&mut self.rng, k as u32) as usize;
                let (v, counts) = self.game.goban.entry(i);
                if !self.is_eye_of(v, counts, me) && step(&mut self.game, v) {
                    played = Some(v);
                    break;
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
                    return (turns, false);
                }
            }
        }
    }
}

/// How a playout's moves are checked and made ([`Playouts::step`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// [`GggGame::try_fixed`] with its two switches: chains linked, reference rules.
    Fixed(bool, bool),
    /// [`GggGame::check`] then [`GggGame::commit`].
    General,
}

/// A uniform draw from `0..k` (`k > 0`): Lemire's multiply-shift on 32 random bits, with
/// the rejection that makes it exactly uniform (taken with probability below `k / 2^32`, so
/// almost never: one multiplication per draw).
#[inline]
fn uniform_below(rng: &mut Xoshiro256PlusPlus, k: u32) -> u32 {
    let mut m = u64::from(rng.next_u32()) * u64::from(k);
    if (m as u32) < k {
        let threshold = k.wrapping_neg() % k;
        while (m as u32) < threshold {
            m = u64::from(rng.next_u32()) * u64::from(k);
        }
    }
    (m >> 32) as u32
}

/// An order of the vertices in which neighbours tend to have nearby numbers: breadth-first
/// from vertex 0 (then from the first vertex not reached, for each further component), each
/// vertex's unvisited neighbours in increasing order. `order[i]` is the old number of the
/// vertex numbered `i`.
pub fn breadth_first_order(off: &[u32], adj: &[u32]) -> Vec<u32> {
    let n = off.len() - 1;
    let mut seen = vec![false; n];
    let mut order = Vec::with_capacity(n);
    for root in 0..n {
        if seen[root] {
            continue;
        }
        seen[root] = true;
        order.push(root as u32);
        let mut i = order.len() - 1;
        while i < order.len() {
            let u = order[i] as usize;
            i += 1;
            for &w in &adj[off[u] as usize..off[u + 1] as usize] {
                if !seen[w as usize] {
                    seen[w as usize] = true;
                    order.push(w);
                }
            }
        }
    }
    order
}

/// The same graph with vertex `order[i]` renumbered `i`, in compressed rows.
pub fn renumbered_rows(off: &[u32], adj: &[u32], order: &[u32]) -> (Vec<u32>, Vec<u32>) {
    let mut new_of = vec![0u32; order.len()];
    for (i, &old) in order.iter().enumerate() {
        new_of[old as usize] = i as u32;
    }
    let mut noff = Vec::with_capacity(off.len());
    let mut nadj = Vec::with_capacity(adj.len());
    noff.push(0u32);
    for &old in order {
        let start = nadj.len();
        let o = old as usize;
        nadj.extend(
            adj[off[o] as usize..off[o + 1] as usize]
                .iter()
                .map(|&w| new_of[w as usize]),
        );
        nadj[start..].sort_unstable();
        noff.push(nadj.len() as u32);
    }
    (noff, nadj)
}

#[cfg(test)]
mod tests {
    use super::super::goban::{BLACK, WHITE};
    use super::*;
    use crate::board::rows::{
        random_geometric_rows, random_graph_rows, random_regular_rows, rows_from_arcs,
    };

    fn playouts_with(colouring: &[u8]) -> Playouts {
        let mut p = Playouts::grid(3, 3, reference_options(), 1);
        let (off, adj) = grid_rows(3, 3);
        p.game.goban = Goban::from_rows(off, adj, colouring, u64::MAX);
        p
    }

    /// Every row sorted, no loop, no repeat, and w in row v iff v in row w.
    fn assert_simple_symmetric(off: &[u32], adj: &[u32]) {
        let row = |v: usize| &adj[off[v] as usize..off[v + 1] as usize];
        for v in 0..off.len() - 1 {
            assert!(row(v).windows(2).all(|p| p[0] < p[1]), "row {v} sorted");
            for &w in row(v) {
                assert_ne!(w as usize, v, "loop at {v}");
                assert!(row(w as usize).contains(&(v as u32)), "{v}-{w} one way");
            }
        }
    }

    /// Checks that (`off`, `adj`) is a simple graph on `n` vertices; its mean degree.
    fn simple_graph_mean_degree(n: usize, off: &[u32], adj: &[u32]) -> f64 {
        assert_eq!(off.len(), n + 1);
        assert_simple_symmetric(off, adj);
        adj.len() as f64 / n as f64
    }

    #[test]
    fn geometric_graphs_are_simple_with_the_asked_degree_and_local_numbers() {
        let n = 20_000;
        let (off, adj) = random_geometric_rows(n, 4, 3);
        let mean = simple_graph_mean_degree(n, &off, &adj);
        // Mean degree n * pi * r^2 = 4, less what the discs lose past the square's edges
        // (about 4 * 8r / (3 pi), 1.4%): about 3.95, with a standard deviation near 0.02.
        // A neighbour search that missed the diagonal cells would lose some 5%.
        assert!((3.88..4.02).contains(&mean), "mean degree {mean}");
        // r = 0.008: rows of 125 cells of 1.28 vertices each. A neighbour lies in the same
        // row of cells or the next or previous one: at most some 2 * 160 numbers away.
        let far = (0..n)
            .flat_map(|v| {
                adj[off[v] as usize..off[v + 1] as usize]
                    .iter()
                    .map(move |&w| (v, w))
            })
            .filter(|&(v, w)| (v as i64 - w as i64).abs() > 1000)
            .count();
        assert_eq!(far, 0, "edges between far-apart numbers");
    }

    #[test]
    fn uniform_random_graphs_have_the_asked_mean_degree() {
        // n * degree / 2 pairs drawn; loops and repeats (about degree / n of them) dropped.
        let n = 10_000;
        let (off, adj) = random_graph_rows(n, 4, 9);
        let mean = simple_graph_mean_degree(n, &off, &adj);
        assert!((3.98..=4.0).contains(&mean), "mean degree {mean}");
    }

    #[test]
    fn breadth_first_renumbering_keeps_the_graph() {
        let (off, adj) = random_graph_rows(500, 4, 8);
        let order = breadth_first_order(&off, &adj);
        let mut sorted = order.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..500).collect::<Vec<u32>>(), "a permutation");
        let (noff, nadj) = renumbered_rows(&off, &adj, &order);
        assert_simple_symmetric(&noff, &nadj);
        // Edge {a, b} of the old graph is edge {new a, new b} of the new one.
        let mut new_of = vec![0u32; 500];
        for (i, &old) in order.iter().enumerate() {
            new_of[old as usize] = i as u32;
        }
        assert_eq!(adj.len(), nadj.len());
        for a in 0..500 {
            for &b in &adj[off[a] as usize..off[a + 1] as usize] {
                let (na, nb) = (new_of[a] as usize, new_of[b as usize]);
                assert!(nadj[noff[na] as usize..noff[na + 1] as usize].contains(&nb));
            }
        }
        // Breadth-first from 0: vertex 0 keeps its number, its neighbours come next.
        assert_eq!(order[0], 0);
        let first = &adj[off[0] as usize..off[1] as usize];
        assert_eq!(&order[1..=first.len()], first);
    }

    #[test]
    fn draws_are_uniform_even_where_the_rejection_matters() {
        // k = 3 * 2^30: a draw without the rejection step maps four 32-bit values onto three
        // results, so the multiples of 3 would come out half the time instead of a third.
        // With it (rejecting a quarter of the draws) each residue mod 3 has probability 1/3.
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        let k = 3u32 << 30;
        let n = 30_000;
        let mut residues = [0u32; 3];
        for _ in 0..n {
            let x = uniform_below(&mut rng, k);
            assert!(x < k);
            residues[(x % 3) as usize] += 1;
        }
        // Each count is binomial(30000, 1/3): sd 82; allow 6 sd.
        for r in residues {
            assert!((9_500..=10_500).contains(&r), "{residues:?}");
        }
        // And a small k, where the rejection is almost never taken.
        let mut counts = [0u32; 6];
        for _ in 0..6_000 {
            counts[uniform_below(&mut rng, 6) as usize] += 1;
        }
        assert!(
            counts.iter().all(|c| (850..=1_150).contains(c)),
            "{counts:?}"
        );
    }

    #[test]
    fn the_reference_conventions_are_no_self_capture_and_simple_ko() {
        // The published figures are for these rules; superko or self-capture would change
        // them too little for a few thousand playouts to tell.
        let r = reference_options();
        assert_eq!(r.self_capture, SelfCapture::None);
        assert_eq!(r.repetition, Repetition::Simple);
        let g = ggg1_options();
        assert_eq!(g.self_capture, SelfCapture::All);
        assert_eq!(g.repetition, Repetition::Positional);
    }

    #[test]
    fn the_diagonals_of_a_grid_point_are_its_corners_padded_with_the_sentinel() {
        // 4x3, vertex y * 4 + x; the sentinel is 12.
        let d = Diagonals::grid(4, 3);
        let sorted = |v: u32| {
            let mut s = *d.of(v);
            s.sort_unstable();
            s
        };
        assert_eq!(sorted(5), [0, 2, 8, 10], "(1, 1) inside");
        assert_eq!(sorted(6), [1, 3, 9, 11], "(2, 1) inside");
        assert_eq!(sorted(0), [5, 12, 12, 12], "corner (0, 0)");
        assert_eq!(sorted(11), [6, 12, 12, 12], "corner (3, 2)");
        assert_eq!(sorted(1), [4, 6, 12, 12], "edge (1, 0)");
        assert_eq!(sorted(4), [1, 9, 12, 12], "edge (0, 1)");
        let edge = |v| d.on_edge(d.of(v));
        assert!(!edge(5) && !edge(6));
        assert!(edge(0) && edge(1) && edge(4) && edge(11));
    }

    #[test]
    fn without_diagonals_an_eye_is_surrounded_by_one_chain() {
        // A cycle of 6: vertex 0 between 5 and 1. No diagonals: the grid rule does not apply.
        let cycle: Vec<Vec<usize>> = (0..6).map(|v| vec![(v + 5) % 6, (v + 1) % 6]).collect();
        let rows: Vec<&[usize]> = cycle.iter().map(Vec::as_slice).collect();
        let with = |c: &[u8]| {
            let mut p = Playouts::grid(3, 3, reference_options(), 1);
            p.diagonals = None;
            p.game.goban = Goban::new(&rows, c, u64::MAX);
            p
        };
        // Black on 1..=5: one chain around 0.
        let one = [EMPTY, BLACK, BLACK, BLACK, BLACK, BLACK];
        assert!(with(&one).is_own_eye(0, BLACK));
        assert!(!with(&one).is_own_eye(0, WHITE));
        // Black on 1, 2, 4, 5: two chains next to 0; filling 0 joins them.
        let two = [EMPTY, BLACK, BLACK, EMPTY, BLACK, BLACK];
        assert!(!with(&two).is_own_eye(0, BLACK), "two chains: fill allowed");
        // A neighbour of another colour, or empty, is no eye either.
        let mixed = [EMPTY, BLACK, BLACK, BLACK, BLACK, WHITE];
        assert!(!with(&mixed).is_own_eye(0, BLACK));
        assert!(!with(&mixed).is_own_eye(0, WHITE));
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

    /// Whole playouts on small boards of both layouts, each turn replayed through a fresh
    /// game whose board is checked against a rebuild from its colouring. Sized for Miri,
    /// which runs it in CI to check the unchecked reads of the board (`goban.rs`): the
    /// fixed table with padding (a grid), with a chain met in two slots of one point (a 3 x 3
    /// torus, where a point's two neighbours along a row are one chain; its chains linked),
    /// and compressed rows (a random graph with degrees past four), under both suites' rules.
    #[test]
    fn small_playouts_keep_the_board_consistent_turn_by_turn() {
        let torus = crate::board::Board::torus(3, 3).expect("a 3 x 3 torus");
        let rows_of = |b: &crate::board::Board| {
            let arcs = (0..b.len())
                .flat_map(|v| b.neighbours(v).iter().map(move |&w| (v as u32, w as u32)))
                .collect();
            rows_from_arcs(b.len(), arcs)
        };
        let boards = [
            grid_rows(4, 3),
            rows_of(&torus),
            random_graph_rows(12, 6, 5),
        ];
        let mut turns_checked = 0;
        for (b, (off, adj)) in boards.into_iter().enumerate() {
            if b == 2 {
                assert!((0..12).any(|v| off[v + 1] - off[v] > 4), "compressed rows");
            }
            for options in [reference_options(), ggg1_options()] {
                let mut p = Playouts::new(off.clone(), adj.clone(), None, options, 7);
                // The torus also with linked chains (the fixed path's other compilation).
                p.set_linked(b == 1);
                for _ in 0..2 {
                    let mut record = Vec::new();
                    let outcome = p.play_one(Some(&mut record));
                    assert_eq!(record.len(), outcome.turns as usize);
                    let mut g = p.start.clone();
                    for &turn in &record {
                        match turn {
                            Some(v) => g.play_move(v).expect("a playout move is legal"),
                            None => g.pass(),
                        }
                        g.goban.check_invariants();
                        turns_checked += 1;
                    }
                    assert_eq!(g.goban.colours(), p.game().goban.colours());
                }
            }
        }
        assert!(turns_checked > 100, "{turns_checked} turns");
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

    /// Three playouts: each one's turns, length and margin, the board checked against a
    /// rebuild after each.
    fn three_games(p: &mut Playouts) -> Vec<(Vec<Option<u32>>, u32, i64)> {
        (0..3)
            .map(|_| {
                let mut record = Vec::new();
                let outcome = p.play_one(Some(&mut record));
                p.game.goban.check_invariants();
                (record, outcome.turns, outcome.margin)
            })
            .collect()
    }

    #[test]
    fn prefetching_changes_no_game() {
        // On the fixed table (a torus-like grid and a regular graph) and on compressed rows
        // (a graph with a vertex of degree five or more), under both conventions: the same
        // turns with the prefetching forced on as with it off. The early draws are made on
        // a copy of the generator; drawing on the generator itself would change the games.
        let boards = [
            grid_rows(7, 6),
            random_regular_rows(300, 3),
            random_graph_rows(300, 6, 3),
        ];
        assert!((0..300).any(|v| boards[2].0[v + 1] - boards[2].0[v] > 4));
        for (off, adj) in boards {
            for options in [reference_options(), ggg1_options()] {
                let games = |on: bool| {
                    let mut p = Playouts::new(off.clone(), adj.clone(), None, options, 11);
                    p.set_prefetch(on);
                    three_games(&mut p)
                };
                let (with, without) = (games(true), games(false));
                assert!(with.iter().all(|g| g.1 > 30), "games long enough to matter");
                assert_eq!(with, without);
            }
        }
    }

    #[test]
    fn linked_chains_change_no_game() {
        // Linked chains (see `Goban::set_linked`) on the boards and conventions of the
        // prefetching test.
        for (off, adj) in [
            grid_rows(9, 9),
            random_regular_rows(300, 3),
            random_graph_rows(300, 6, 3),
        ] {
            for options in [reference_options(), ggg1_options()] {
                let games = |linked: bool| {
                    let mut p = Playouts::new(off.clone(), adj.clone(), None, options, 5);
                    p.set_linked(linked);
                    let games = three_games(&mut p);
                    assert_eq!(p.game.goban.linked(), linked);
                    games
                };
                assert_eq!(games(true), games(false));
            }
        }
    }

    #[test]
    fn quick_analysis_changes_no_game() {
        // The quiet-move shortcut of the analysis (see `Goban::set_quick`) on the boards of
        // the prefetching test, linked and not, under both conventions: the same turns with
        // it as without it, and moves that capture or self-capture among them (so that the
        // full analysis is exercised beside the shortcut).
        for (off, adj) in [
            grid_rows(9, 9),
            random_regular_rows(300, 3),
            random_graph_rows(300, 6, 3),
        ] {
            for options in [reference_options(), ggg1_options()] {
                for linked in [false, true] {
                    let games = |quick: bool| {
                        let mut p = Playouts::new(off.clone(), adj.clone(), None, options, 9);
                        p.set_linked(linked);
                        p.set_quick(quick);
                        three_games(&mut p)
                    };
                    let (with, without) = (games(true), games(false));
                    assert!(with.iter().all(|g| g.1 > 30), "games long enough to matter");
                    assert_eq!(with, without);
                }
            }
        }
    }

    #[test]
    fn fixed_path_changes_no_game() {
        // The fixed path (see `GggGame::try_fixed`) on the fixed table (a grid with its
        // diagonals, a grid without, a regular graph), linked and not, under both
        // conventions: the same turns with it as without it. On compressed rows (degrees past
        // four) and under other rules the general step is taken either way.
        let boards = [
            (grid_rows(9, 9), Some(Diagonals::grid(9, 9))),
            (grid_rows(7, 6), None),
            (random_regular_rows(300, 3), None),
            (random_graph_rows(300, 6, 3), None),
        ];
        for (b, ((off, adj), diagonals)) in boards.into_iter().enumerate() {
            for options in [reference_options(), ggg1_options()] {
                for linked in [false, true] {
                    let games = |fixed: bool| {
                        let mut p =
                            Playouts::new(off.clone(), adj.clone(), diagonals.clone(), options, 13);
                        p.set_linked(linked);
                        p.set_fixed_path(fixed);
                        let step = p.step();
                        (three_games(&mut p), step)
                    };
                    let ((with, step), (without, general)) = (games(true), games(false));
                    assert_eq!(general, Step::General);
                    let reference = options == reference_options();
                    let expected = if b < 3 {
                        Step::Fixed(linked, reference)
                    } else {
                        Step::General
                    };
                    assert_eq!(step, expected, "board {b}");
                    assert!(with.iter().all(|g| g.1 > 30), "games long enough to matter");
                    assert_eq!(with, without, "board {b}, linked {linked}");
                }
            }
        }
        // Rules other than the two suites' take the general step.
        let mut multi = reference_options();
        multi.self_capture = SelfCapture::Multi;
        assert_eq!(Playouts::grid(5, 5, multi, 1).step(), Step::General);
        let mut superko = reference_options();
        superko.repetition = Repetition::Positional;
        assert_eq!(Playouts::grid(5, 5, superko, 1).step(), Step::General);
    }

    #[test]
    fn the_fixed_step_refuses_what_the_general_check_refuses() {
        // Every empty point of random positions of a 5x5 grid, both suites' rules, linked
        // and not: `try_fixed` makes the move exactly when `check` accepts it, and leaves the
        // same board, hash, history length and player to move as `check` then `commit`.
        // Positions come from reference playouts stopped early, so that captures, ko and
        // self-capture points occur among them.
        let mut seen = [0usize; 2];
        for seed in 0..40 {
            let mut p = Playouts::grid(5, 5, reference_options(), seed);
            let mut record = Vec::new();
            p.play_one(Some(&mut record));
            let stop = (seed as usize * 7) % record.len();
            // The last two: both rules on a board whose Zobrist keys keep 2 bits, so that
            // nearly every hash is an earlier one's and the move made without the analysis
            // (under ggg1, and under the reference rules for a move with no empty
            // neighbour) is taken back and decided by the analysed path
            // (`Goban::play_unanalysed_unless`).
            let (off, adj) = grid_rows(5, 5);
            let collide = Goban::from_rows(off, adj, &[EMPTY; 25], 3);
            for (options, goban) in [
                (reference_options(), &p.start.goban),
                (ggg1_options(), &p.start.goban),
                (ggg1_options(), &collide),
                (reference_options(), &collide),
            ] {
                let mut game =
                    GggGame::new(goban.clone(), Version::V1, options, Player::Black, [0, 0]);
                let linked = seed % 2 == 1;
                game.goban.set_linked(linked);
                for turn in &record[..stop] {
                    match turn {
                        Some(v) => {
                            if game.play_move(*v).is_err() {
                                break;
                            }
                        }
                        None => game.pass(),
                    }
                }
                for &v in game.goban.empties().to_vec().iter() {
                    let mut general = game.clone();
                    let legal = match general.check(v) {
                        Ok(effect) => {
                            general.commit(v, &effect);
                            true
                        }
                        Err(_) => false,
                    };
                    let mut fixed = game.clone();
                    let made = match (linked, options == reference_options()) {
                        (false, true) => fixed.try_fixed::<false, true>(v),
                        (false, false) => fixed.try_fixed::<false, false>(v),
                        (true, true) => fixed.try_fixed::<true, true>(v),
                        (true, false) => fixed.try_fixed::<true, false>(v),
                    };
                    assert_eq!(made, legal, "seed {seed}, vertex {v}");
                    seen[usize::from(legal)] += 1;
                    assert_eq!(fixed.goban.colours(), general.goban.colours());
                    assert_eq!(fixed.goban.hash(), general.goban.hash());
                    assert_eq!(fixed.history.len(), general.history.len());
                    assert_eq!(fixed.to_move, general.to_move);
                    fixed.goban.check_invariants();
                }
            }
        }
        assert!(
            seen[0] > 20 && seen[1] > 200,
            "refused and legal moves: {seen:?}"
        );
    }

    #[test]
    fn prefetching_and_linking_are_on_for_large_boards_only() {
        let small = Playouts::grid(19, 19, reference_options(), 1);
        assert!(!small.prefetch);
        assert!(!small.start.goban.linked());
        let (off, adj) = random_regular_rows(PREFETCH_FROM, 1);
        let mut large = Playouts::new(off, adj, None, reference_options(), 1);
        assert!(large.prefetch);
        assert!(large.start.goban.linked());
        large.set_linked(false);
        assert!(!large.start.goban.linked());
        large.set_prefetch(false);
        assert!(!large.prefetch);
        large.set_prefetch(true);
        assert!(large.prefetch);
        let (off, adj) = random_regular_rows(PREFETCH_FROM - 1, 1);
        let medium = Playouts::new(off, adj, None, reference_options(), 1);
        assert!(!medium.prefetch && !medium.start.goban.linked());
    }
}
