//! The fast board: a colouring of any simple undirected graph, kept as flat arrays.
//!
//! Layout (all indexed by vertex, `u32` throughout; the board cap is 2^22 vertices):
//! - adjacency in compressed rows: the neighbours of `v` are `adj[off[v]..off[v + 1]]`;
//!   when no vertex has more than four neighbours (grids, tori, cylinders, Moebius bands,
//!   Klein bottles, paths, cycles) also a fixed table of four slots per vertex, the unused
//!   ones pointing at a sentinel vertex `n` of colour `OFF`, so that the hot loops have a
//!   fixed length and no bounds. The hot functions are written once, generic over the two
//!   layouts (`Rows`), and each call picks one: every board runs the same rules code, but
//!   for the analysis of a move, which has a branch-free version for the fixed table
//!   (`analyse_four`); the oracle's campaign checks both against the spec (grids take
//!   the one, random graphs the other);
//! - `colour[v]`: [`EMPTY`], [`BLACK`] or [`WHITE`];
//! - chains (the `ggg1:1` groups of stones): `head[v]` names the chain of a stone (on a
//!   board that links its chains, through other stones of the chain: see `root`), `next[v]`
//!   threads its stones into a circular list, and `chain[head]` holds its size, its
//!   pseudo-liberties and the Zobrist hash of its stones. An empty vertex (and the sentinel)
//!   has the sentinel `n` as its head, and `chain[n]` is a sink: the updates a stone makes
//!   to its neighbours' chains then need no test of the neighbours' colours (random
//!   playouts make such tests unpredictable branches). What the sink holds means nothing;
//!   it is reset after every move (`SINK`) and read only where the result is masked;
//! - the empty vertices as a list with back-indices (removal and insertion in O(1));
//! - `head`, `next`, the back-index, the neighbour counts and the chain record of a vertex
//!   live together in one 64-byte record (`node[v]`): on a board larger than the caches a
//!   move waits for one line per vertex it touches rather than one per array;
//! - the Zobrist hash of the whole colouring, kept incrementally.
//!
//! Pseudo-liberties: a chain counts one pseudo-liberty per (stone, empty neighbour) pair and
//! keeps the sum and the sum of squares of those neighbours. The count is zero exactly when
//! the chain has no liberty (`ggg1:2` removes such groups), and "every liberty is `v`" holds
//! exactly when `sum = count * v` and `squares = count * v^2` (the squared deviations from
//! `v` add up to zero). Below 2^20 pseudo-liberties the sum of squares stays below 2^64, so
//! the test is exact there; a larger chain is checked by walking its stones.
//!
//! Unchecked reads: the hot loops of the analysis and of a move read the per-vertex arrays
//! without bounds checks (`at`, `at_mut`, and `root_in` for the heads). The checks cost 79
//! of the 1,063 instructions of a 9x9 light playout turn (cachegrind, 5,000 playouts; 984
//! without them). The reads are in
//! bounds because of three invariants: every per-vertex array has `n + 1` entries (the
//! sentinel last) and the fixed table `4 (n + 1)`; every vertex the board stores (neighbour
//! slots, heads, links, the empty list) is at most `n`, which [`Goban::from_rows`] checks
//! for the rows, [`Goban::reset_from`] keeps by copying only from a board of the same size,
//! and the updates keep; and the public entry points that take a vertex
//! ([`Goban::analyse`], [`Goban::commit`]) check it is below `n`. A vertex named by
//! [`Scratch`] (which callers may write) is read with bounds checks. Debug builds check every
//! unchecked read, and `.ci/run` runs the tests that drive these loops under Miri.
//!
//! Prefetch hints: on boards larger than the caches a move waits mostly on memory, so the
//! playouts ask for the lines of their coming draws early (`Goban::prefetch_entry` and the
//! stages after it, driven by `Playouts::fetch_ahead`). The hint is the processor's prefetch
//! instruction, an `unsafe` intrinsic that can neither fault nor change a value; it is
//! compiled out under Miri and off x86-64. On a random 4-regular graph of a million
//! vertices it halves the time of a move (`graphgo bench --suites regular`, against
//! `--no-prefetch`).
//!
//! A setup may hold groups without liberties. The rules remove every such group anywhere on
//! the board after the next move (`ggg1:2`), which the incremental path (it looks only at
//! the chains next to the move) would miss; while one exists (`dead`), moves take a slow
//! path that recomputes the whole board. After any move none is left.

#![allow(unsafe_code)]

use super::history::{Around, Scratch};
use crate::game::{Colour, Player};

/// The colour of an empty point.
pub const EMPTY: u8 = 0;
/// The colour of a black stone (also [`Player::index`](crate::game::Player::index) + 1).
pub const BLACK: u8 = 1;
/// The colour of a white stone.
pub const WHITE: u8 = 2;

/// The cell value of a colour, as every engine of the crate stores it.
pub fn cell(c: Colour) -> u8 {
    match c {
        Colour::Empty => EMPTY,
        Colour::Black => BLACK,
        Colour::White => WHITE,
    }
}

/// The colour of a cell value (anything but a stone reads as empty).
pub fn colour_of_cell(b: u8) -> Colour {
    match b {
        BLACK => Colour::Black,
        WHITE => Colour::White,
        _ => Colour::Empty,
    }
}

/// The cell value of a player's stones.
pub fn stone(p: Player) -> u8 {
    match p {
        Player::Black => BLACK,
        Player::White => WHITE,
    }
}
/// The colour of the sentinel vertex that pads the fixed neighbour table (never on the board).
const OFF: u8 = 3;
/// Neighbour counts of the sentinel: large, so that the updates every stone next to a padded
/// slot makes to them never wrap (they are never read).
const SENTINEL_COUNT: u32 = 1 << 30;

/// `s[i]` without the bounds check, for the hot loops (see "Unchecked reads" in the module
/// comment).
///
/// # Safety
/// `i < s.len()`.
#[inline(always)]
unsafe fn at<T>(s: &[T], i: usize) -> &T {
    debug_assert!(i < s.len(), "index {i} past {}", s.len());
    // SAFETY: the caller's contract.
    unsafe { s.get_unchecked(i) }
}

/// [`at`] for writing.
///
/// # Safety
/// `i < s.len()`.
#[inline(always)]
unsafe fn at_mut<T>(s: &mut [T], i: usize) -> &mut T {
    debug_assert!(i < s.len(), "index {i} past {}", s.len());
    // SAFETY: the caller's contract.
    unsafe { s.get_unchecked_mut(i) }
}

/// The four slots of `v` in the fixed table, without the bounds check.
///
/// # Safety
/// `4 * v + 4 <= table.len()`.
#[inline(always)]
unsafe fn four(table: &[u32], v: usize) -> &[u32; 4] {
    debug_assert!(
        4 * v + 4 <= table.len(),
        "slots of {v} past {}",
        table.len()
    );
    // SAFETY: the caller's contract: the four entries from 4v are in the slice.
    unsafe { &*table.as_ptr().add(4 * v).cast::<[u32; 4]>() }
}

/// A hint to the processor that the line holding `x` is read soon (see
/// [`Goban::prefetch_entry`]); nothing under Miri or off x86-64.
#[inline(always)]
pub(crate) fn prefetch<T>(x: &T) {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    // SAFETY: a prefetch only moves a line into the cache: it reads nothing the program
    // sees, writes nothing and never faults; `x` is a reference, so the address is valid.
    unsafe {
        core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(
            (x as *const T).cast(),
        );
    }
    #[cfg(not(all(target_arch = "x86_64", not(miri))))]
    let _ = x;
}

/// How the hot loops walk the neighbours of a vertex: one generic body, compiled once per
/// layout, so that every board runs the same rules code.
trait Rows {
    /// The neighbours of `v` are `flat(g)[span(g, v)]`.
    #[inline(always)]
    fn span(g: &Goban, v: usize) -> (usize, usize) {
        Self::bounds(&g.off, v)
    }
    /// `span` from the row offsets alone.
    fn bounds(off: &[u32], v: usize) -> (usize, usize);
    /// `flat` from the two tables (for functions that borrow the board's fields apart).
    fn pick<'a>(adj: &'a [u32], table: &'a [u32]) -> &'a [u32];
    /// True for the fixed table (four slots a vertex).
    const FIXED: bool;
    #[inline(always)]
    fn flat(g: &Goban) -> &[u32] {
        Self::pick(&g.adj, &g.table)
    }
}

/// Compressed rows: any graph.
struct Compressed;

impl Rows for Compressed {
    const FIXED: bool = false;
    #[inline(always)]
    fn bounds(off: &[u32], v: usize) -> (usize, usize) {
        (off[v] as usize, off[v + 1] as usize)
    }
    #[inline(always)]
    fn pick<'a>(adj: &'a [u32], _: &'a [u32]) -> &'a [u32] {
        adj
    }
}

/// Four slots per vertex, padded with the sentinel: boards of degree at most 4 (grids, tori,
/// cylinders, Moebius bands, Klein bottles, paths, cycles). The loops have a fixed length.
struct Fixed4;

impl Rows for Fixed4 {
    const FIXED: bool = true;
    #[inline(always)]
    fn bounds(_: &[u32], v: usize) -> (usize, usize) {
        (4 * v, 4 * v + 4)
    }
    #[inline(always)]
    fn pick<'a>(_: &'a [u32], table: &'a [u32]) -> &'a [u32] {
        table
    }
}

/// The largest pseudo-liberty count for which the sum-of-squares test is exact in a `u64`.
const EXACT_SQUARES: u32 = 1 << 20;

/// The record of the sink chain after every move: the updates a move makes to it mean
/// nothing and are undone, so that its pseudo-liberty count stays well below
/// [`EXACT_SQUARES`] and the branch-free analysis never takes the walk for it.
const SINK: Chain = Chain {
    size: 0,
    plibs: EXACT_SQUARES / 2,
    lsum: 0,
    lsq: 0,
    hash: 0,
};

#[derive(Clone, Copy, Debug, Default)]
struct Chain {
    size: u32,
    plibs: u32,
    lsum: u64,
    lsq: u64,
    hash: u64,
}

/// What a move would do, worked out without changing the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveEffect {
    /// The mover's own stones the move removes (`ggg1:2`, the self-capture options).
    pub own_removed: u32,
    /// The opponent's stones it removes.
    pub opp_removed: u32,
    /// The Zobrist hash of the colouring it produces.
    pub hash: u64,
    suicide: bool,
    slow: bool,
}

/// The fast board. Every per-vertex array has one more entry than the board has vertices: the
/// sentinel `n`, coloured `OFF`, which fills the unused slots of the fixed neighbour table.
#[derive(Clone, Debug)]
pub struct Goban {
    off: Vec<u32>,
    adj: Vec<u32>,
    /// Four neighbours per vertex, padded with the sentinel, when no vertex has more than four
    /// (empty otherwise).
    table: Vec<u32>,
    colour: Vec<u8>,
    /// The rest of what a move reads and writes of each vertex, one cache line per vertex.
    node: Vec<Node>,
    /// Two keys per vertex: `zobrist[2v]` for black, `zobrist[2v + 1]` for white.
    zobrist: Vec<u64>,
    hash: u64,
    empties: Vec<u32>,
    dead: bool,
    /// Merges link the smaller chain's head to the larger's instead of relabelling its
    /// stones (see [`root`]).
    linked: bool,
    /// The analysis answers a quiet move from the neighbour counts alone (see
    /// [`Goban::set_quick`]).
    quick: bool,
}

/// What the board keeps of one vertex besides its colour and neighbours, in one cache line:
/// on a board larger than the caches a move then waits for one line per vertex it touches,
/// not one per array.
#[derive(Clone, Copy, Debug)]
#[repr(C, align(64))]
struct Node {
    /// The record of the chain this vertex heads (meaningless unless it is a head).
    chain: Chain,
    /// The head of its chain (the sentinel for an empty vertex).
    head: u32,
    /// The next stone of its chain, circularly.
    next: u32,
    /// Its index in the list of empty vertices (`u32::MAX` for a stone).
    empty_at: u32,
    /// `counts[c]`: how many neighbours have colour `c` (quick tests for the common moves:
    /// one with an empty neighbour and no opponent neighbour removes nothing).
    counts: [u32; 3],
}

/// The head of the chain of the stone `v` (the sentinel for an empty `v`).
///
/// On a board that relabels (the default) a merge rewrites the head of every stone of the
/// smaller chain, and `head` names the chain directly. That walk reads the chain's list,
/// one dependent load per stone; in playouts on a board larger than the caches, where the
/// chains of a random graph grow into one giant chain, those loads took a third of the
/// time. A board that links (`linked`, [`Goban::set_linked`]) makes the smaller chain's
/// head point on to the larger's instead, as a union-find forest by size: `head` names the
/// chain or a stone nearer its head, at most one step per doubling of the chain, and the
/// moves shorten the paths they pass (`Goban::play_fast`). A head is its own head. The
/// longer paths cost dependent loads of their own, which pay only when the loads are
/// fetched early, as the playouts on large boards do (`Playouts::set_prefetch`).
#[inline(always)]
fn root(node: &[Node], v: usize, linked: bool) -> u32 {
    assert!(v < node.len(), "vertex {v} is not on the board");
    // SAFETY: checked just above.
    unsafe {
        if linked {
            root_in::<true>(node, v)
        } else {
            root_in::<false>(node, v)
        }
    }
}

/// [`root`] for a board that links (`L`) or relabels, known when compiled: the hot loops
/// are compiled once for each, so a board that relabels pays nothing for the other; and
/// without the bounds check of the first read (see "Unchecked reads" in the module
/// comment).
///
/// # Safety
/// `v < node.len()`.
#[inline(always)]
unsafe fn root_in<const L: bool>(node: &[Node], v: usize) -> u32 {
    let mut h = unsafe { at(node, v) }.head;
    if !L {
        return h;
    }
    loop {
        // SAFETY: every head stored is a vertex or the sentinel, below n + 1 = node.len()
        // (see "Unchecked reads" in the module comment).
        let up = unsafe { at(node, h as usize) }.head;
        if up == h {
            return h;
        }
        h = up;
    }
}

const NODE: Node = Node {
    chain: Chain {
        size: 0,
        plibs: 0,
        lsum: 0,
        lsq: 0,
        hash: 0,
    },
    head: 0,
    next: 0,
    empty_at: u32::MAX,
    counts: [0; 3],
};

/// SplitMix64: the Zobrist keys (fixed, so hashes are reproducible).
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Goban {
    /// A board from neighbour lists (each symmetric, without loops or repeats) and a colouring.
    /// `hash_mask` keeps only some bits of every Zobrist key: all ones normally; a tiny mask
    /// forces collisions in tests.
    pub fn new(neighbours: &[&[usize]], colouring: &[u8], hash_mask: u64) -> Goban {
        let n = colouring.len();
        assert!(
            neighbours.len() == n && n < (1 << 30),
            "one neighbour list per vertex"
        );
        let mut off = Vec::with_capacity(n + 1);
        let mut adj = Vec::new();
        off.push(0u32);
        for list in neighbours {
            adj.extend(list.iter().map(|&w| w as u32));
            off.push(adj.len() as u32);
        }
        Goban::from_rows(off, adj, colouring, hash_mask)
    }

    /// A board from compressed rows directly.
    pub fn from_rows(off: Vec<u32>, adj: Vec<u32>, colouring: &[u8], hash_mask: u64) -> Goban {
        let n = colouring.len();
        // The unchecked reads rely on these (see the module comment).
        assert!(n < 1 << 30, "at most 2^30 vertices");
        assert!(
            off.len() == n + 1
                && off[0] == 0
                && off.windows(2).all(|p| p[0] <= p[1])
                && off[n] as usize == adj.len(),
            "compressed rows of {n} vertices"
        );
        assert!(
            adj.iter().all(|&w| (w as usize) < n),
            "every neighbour is a vertex"
        );
        assert!(
            colouring.iter().all(|&c| c <= WHITE),
            "every colour is empty, black or white"
        );
        let mut seed = 0x6767_6F67_6F67_6F00u64;
        let zobrist = (0..2 * n)
            .map(|_| splitmix(&mut seed) & hash_mask)
            .collect();
        let fixed = (0..n).all(|v| off[v + 1] - off[v] <= 4);
        let table = if fixed {
            let mut t = vec![n as u32; 4 * (n + 1)];
            for v in 0..n {
                let row = &adj[off[v] as usize..off[v + 1] as usize];
                t[4 * v..4 * v + row.len()].copy_from_slice(row);
            }
            t
        } else {
            Vec::new()
        };
        let mut colour = colouring.to_vec();
        colour.push(OFF);
        let mut goban = Goban {
            off,
            adj,
            table,
            colour,
            node: vec![NODE; n + 1],
            linked: false,
            quick: true,
            zobrist,
            hash: 0,
            empties: Vec::with_capacity(n),
            dead: false,
        };
        goban.rebuild();
        goban
    }

    /// Becomes a copy of `other` (a board of the same graph), reusing the allocations.
    pub fn reset_from(&mut self, other: &Goban) {
        // Same graph and keys: only the colouring and what depends on it are copied. The
        // sizes are checked always (the unchecked reads rely on them), the rest in debug
        // builds.
        assert!(
            self.colour.len() == other.colour.len() && self.table.len() == other.table.len(),
            "a board of the same graph"
        );
        debug_assert!(self.off == other.off && self.zobrist == other.zobrist);
        self.colour.clone_from(&other.colour);
        self.node.clone_from(&other.node);
        self.linked = other.linked;
        self.quick = other.quick;
        self.hash = other.hash;
        self.empties.clone_from(&other.empties);
        self.dead = other.dead;
    }

    /// Whether merges link chains rather than relabel them (see the module comment; the
    /// default is to relabel). The board is rebuilt, so this may be switched at any time;
    /// nothing observable changes.
    pub fn set_linked(&mut self, on: bool) {
        self.linked = on;
        self.rebuild();
    }

    /// Whether the analysis on the fixed table answers a quiet move from the neighbour
    /// counts (on by default): a move next to an empty point and to no stone of the
    /// opponent's removes nothing, whatever the chains (it captures no chain, having no
    /// opponent neighbour, and the new stone keeps a liberty), so its effect is the new
    /// stone's key and nothing else, with no liberty test of any chain; only the mover's
    /// chains next to it are listed, for the commit. Off, every move takes the full
    /// analysis. The games are the same either way (`quick_analysis_changes_no_game`,
    /// `the_quick_analysis_is_the_full_one`).
    pub fn set_quick(&mut self, on: bool) {
        self.quick = on;
    }

    /// True when merges link chains (see [`Goban::set_linked`]).
    pub fn linked(&self) -> bool {
        self.linked
    }

    /// The number of vertices.
    #[inline]
    pub fn len(&self) -> usize {
        self.colour.len() - 1
    }

    /// True for a board without vertices.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The colour of every vertex.
    #[inline]
    pub fn colours(&self) -> &[u8] {
        &self.colour[..self.len()]
    }

    /// The colour of `v`.
    #[inline]
    pub fn colour(&self, v: u32) -> u8 {
        self.colour[v as usize]
    }

    /// The neighbours of `v`.
    #[inline]
    pub fn neighbours(&self, v: u32) -> &[u32] {
        &self.adj[self.off[v as usize] as usize..self.off[v as usize + 1] as usize]
    }

    /// The chain of the stone at `v`, named by one of its stones (the same for every stone
    /// of the chain); the board's sentinel for an empty `v`.
    #[inline]
    pub fn chain_of(&self, v: u32) -> u32 {
        root(&self.node, v as usize, self.linked)
    }

    /// How many neighbours of `v` are empty, black and white.
    #[inline]
    pub fn neighbour_counts(&self, v: u32) -> [u32; 3] {
        self.node[v as usize].counts
    }

    /// The Zobrist hash of the colouring.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The empty vertices, in no particular order.
    #[inline]
    pub fn empties(&self) -> &[u32] {
        &self.empties
    }

    /// The empty vertex listed at `i` and its neighbour counts (empty, black, white), for
    /// drawing moves.
    #[inline]
    pub fn entry(&self, i: usize) -> (u32, [u32; 3]) {
        let v = self.empties[i];
        // SAFETY: listed vertices are below n (see "Unchecked reads" in the module comment).
        (v, unsafe { at(&self.node, v as usize) }.counts)
    }

    /// Exchanges two entries of the list of empty vertices (for drawing moves without
    /// replacement).
    #[inline]
    pub fn swap_empties(&mut self, i: usize, j: usize) {
        // One test for the four reads and writes of the list below.
        assert!(
            i.max(j) < self.empties.len(),
            "entries {i} and {j} are listed"
        );
        // SAFETY: `i` and `j` are below the list's length, checked above; listed vertices
        // are below n (see "Unchecked reads" in the module comment).
        unsafe {
            let (a, b) = (*at(&self.empties, i), *at(&self.empties, j));
            *at_mut(&mut self.empties, i) = b;
            *at_mut(&mut self.empties, j) = a;
            at_mut(&mut self.node, b as usize).empty_at = i as u32;
            at_mut(&mut self.node, a as usize).empty_at = j as u32;
        }
    }

    /// Prefetch stage 1 of a speculative playout pipeline: the entry `i` of the list of
    /// empty vertices. A hint only: nothing the board computes depends on it, and an index
    /// past the list is ignored.
    #[inline]
    pub fn prefetch_entry(&self, i: usize) {
        if let Some(x) = self.empties.get(i) {
            prefetch(x);
        }
    }

    /// Prefetch stage 2: what a move at the empty vertex listed at `i` reads and writes of
    /// the vertex itself.
    #[inline]
    pub fn prefetch_vertex(&self, i: usize) {
        let Some(&v) = self.empties.get(i) else {
            return;
        };
        let vi = v as usize;
        prefetch(&self.colour[vi]);
        prefetch(&self.node[vi]);
        prefetch(&self.zobrist[2 * vi]);
        if self.table.is_empty() {
            prefetch(&self.off[vi]);
        } else {
            prefetch(&self.table[4 * vi]);
        }
    }

    /// Prefetch stage 3: the neighbours of the empty vertex listed at `i` (their colours,
    /// chains and counts).
    #[inline]
    pub fn prefetch_neighbours(&self, i: usize) {
        let Some(&v) = self.empties.get(i) else {
            return;
        };
        if self.table.is_empty() {
            if let Some(w) = self.adj.get(self.off[v as usize] as usize) {
                prefetch(w);
            }
        }
        for &w in self.slots(v) {
            let wi = w as usize;
            prefetch(&self.colour[wi]);
            prefetch(&self.node[wi]);
        }
    }

    /// Prefetch stage 4: the chain records of the neighbours of the empty vertex listed
    /// at `i`.
    #[inline]
    pub fn prefetch_chains(&self, i: usize) {
        let Some(&v) = self.empties.get(i) else {
            return;
        };
        for &w in self.slots(v) {
            // Empty neighbours (and the padding) have the sink as their chain.
            if matches!(self.colour[w as usize], BLACK | WHITE) {
                let h = self.node[w as usize].head as usize;
                prefetch(&self.node[h]);
            }
        }
    }

    /// A hint that the back-index of the vertex listed at `i` is written soon (moving it
    /// in the list, as refusing or playing the draw before it does).
    #[inline]
    pub fn prefetch_tail(&self, i: usize) {
        if let Some(&v) = self.empties.get(i) {
            prefetch(&self.node[v as usize]);
        }
    }

    /// The Zobrist key of a stone of colour `c` at the empty vertex listed at `i` (for
    /// guessing the hashes of coming turns); `None` past the list.
    #[inline]
    pub fn key_of_entry(&self, i: usize, c: u8) -> Option<u64> {
        let v = *self.empties.get(i)?;
        Some(self.key(v, c))
    }

    /// The neighbour slots of `v`: the fixed table's four when there is one (the unused
    /// ones name the sentinel, of no player's colour), else the row.
    #[inline]
    pub fn slots(&self, v: u32) -> &[u32] {
        if self.table.is_empty() {
            self.neighbours(v)
        } else {
            &self.table[4 * v as usize..4 * v as usize + 4]
        }
    }

    /// True while the board holds a group without liberties (only possible before the first
    /// move, from the setup).
    pub fn has_dead_groups(&self) -> bool {
        self.dead
    }

    #[inline]
    fn key(&self, v: u32, c: u8) -> u64 {
        self.zobrist[2 * v as usize + (c as usize - 1)]
    }

    /// [`Goban::key`] without the bounds check, for the analysis and the commit.
    ///
    /// # Safety
    /// `v < n` and `c` is [`BLACK`] or [`WHITE`] (`zobrist` holds `2n` keys).
    #[inline(always)]
    unsafe fn key_unchecked(&self, v: u32, c: u8) -> u64 {
        // SAFETY: the caller's contract: 2v + c - 1 < 2n.
        *unsafe { at(&self.zobrist, 2 * v as usize + (c as usize - 1)) }
    }

    /// Wrapping, like the updates of [`Goban::play_fast`] and [`Goban::remove_chain`]: the
    /// sentinel's chain (the head of every empty vertex) takes updates that mean nothing and
    /// may wrap; a real chain's never do.
    #[inline]
    fn add_lib(&mut self, h: u32, lib: u32) {
        let c = &mut self.node[h as usize].chain;
        let l = lib as u64;
        c.plibs = c.plibs.wrapping_add(1);
        c.lsum = c.lsum.wrapping_add(l);
        c.lsq = c.lsq.wrapping_add(l * l);
    }

    /// Takes `v` out of the list of empty vertices: the last entry moves into its place
    /// (without a branch: when `v` is the last, it is moved onto itself).
    ///
    /// # Safety
    /// `v < n`.
    #[inline]
    unsafe fn remove_empty(empties: &mut Vec<u32>, node: &mut [Node], v: u32) {
        // SAFETY: `v < n` (the caller's contract); `last` is listed, so a vertex (see
        // "Unchecked reads" in the module comment). The index `i` is read from the board,
        // but a `v` that is not empty holds u32::MAX there: it is checked.
        let i = unsafe { at(node, v as usize) }.empty_at as usize;
        let len = empties.len();
        assert!(i < len, "{v} is empty");
        // SAFETY: `i < len`, checked just above, so the list is not empty.
        unsafe {
            let last = *at(empties, len - 1);
            *at_mut(empties, i) = last;
            at_mut(node, last as usize).empty_at = i as u32;
        }
        empties.truncate(len - 1);
        unsafe { at_mut(node, v as usize) }.empty_at = u32::MAX;
    }

    #[inline]
    fn add_empty(&mut self, v: u32) {
        self.node[v as usize].empty_at = self.empties.len() as u32;
        self.empties.push(v);
    }

    /// True when the chain `h` has `v` as its only liberty (exact, see the module comment).
    #[inline]
    fn only_liberty_is(&self, h: u32, v: u32) -> bool {
        let c = &self.node[h as usize].chain;
        if c.plibs < EXACT_SQUARES {
            let n = c.plibs as u64;
            let l = v as u64;
            c.lsum == n * l && c.lsq == n * l * l
        } else {
            self.only_liberty_by_walk(h, v)
        }
    }

    /// [`Goban::only_liberty_is`] by walking the chain's stones: for chains too large for
    /// the sum-of-squares test.
    fn only_liberty_by_walk(&self, h: u32, v: u32) -> bool {
        self.stones(h).all(|s| {
            self.neighbours(s)
                .iter()
                .all(|&w| w == v || self.colour[w as usize] != EMPTY)
        })
    }

    /// The stones of the chain `h`.
    pub fn stones(&self, h: u32) -> impl Iterator<Item = u32> + '_ {
        let mut s = Some(h);
        std::iter::from_fn(move || {
            let cur = s?;
            let nx = self.node[cur as usize].next;
            s = (nx != h).then_some(nx);
            Some(cur)
        })
    }

    /// Builds every chain, the empty list and the hash from the colouring.
    fn rebuild(&mut self) {
        let n = self.len();
        self.hash = 0;
        self.empties.clear();
        self.dead = false;
        let mut seen = vec![false; n];
        let mut stack = Vec::new();
        self.node[n].head = n as u32;
        self.node[n].next = n as u32;
        self.node[n].chain = SINK;
        self.node[n].counts = [SENTINEL_COUNT; 3];
        for v in 0..n {
            let mut c = [0; 3];
            for &w in self.neighbours(v as u32) {
                c[self.colour[w as usize] as usize] += 1;
            }
            self.node[v].counts = c;
        }
        for v in 0..n as u32 {
            let c = self.colour[v as usize];
            if c == EMPTY {
                self.node[v as usize].head = n as u32;
                self.add_empty(v);
                continue;
            }
            self.hash ^= self.key(v, c);
            if seen[v as usize] {
                continue;
            }
            // Flood the group of v (ggg1:1), threading it into a circular list.
            self.node[v as usize].chain = Chain::default();
            seen[v as usize] = true;
            stack.push(v);
            let mut last = v;
            while let Some(u) = stack.pop() {
                self.node[u as usize].head = v;
                self.node[last as usize].next = u;
                last = u;
                let ch = &mut self.node[v as usize].chain;
                ch.size += 1;
                ch.hash ^= self.zobrist[2 * u as usize + (c as usize - 1)];
                for k in self.off[u as usize]..self.off[u as usize + 1] {
                    let w = self.adj[k as usize];
                    let cw = self.colour[w as usize];
                    if cw == EMPTY {
                        self.add_lib(v, w);
                    } else if cw == c && !seen[w as usize] {
                        seen[w as usize] = true;
                        stack.push(w);
                    }
                }
            }
            self.node[last as usize].next = v;
            if self.node[v as usize].chain.plibs == 0 {
                self.dead = true;
            }
        }
    }

    /// Puts `h` into `list` unless it is there (`mark` for long lists, from `scratch`).
    #[inline]
    fn push_distinct(list: &mut Vec<u32>, h: u32) {
        if !list.contains(&h) {
            list.push(h);
        }
    }

    /// What a move by `me` at the empty vertex `v` would do (`ggg1:2`), without doing it.
    /// Leaves the chains it touches in `scratch` for [`Goban::fill_delta`].
    #[inline(always)]
    pub fn analyse(&self, v: u32, me: u8, scratch: &mut Scratch) -> MoveEffect {
        // The unchecked reads below rely on it (see the module comment).
        assert!((v as usize) < self.len(), "vertex {v} is not on the board");
        assert!(me == BLACK || me == WHITE, "a move is black or white");
        if self.dead {
            return self.analyse_slow(v, me, scratch);
        }
        if self.table.is_empty() {
            return self.analyse_fast::<Compressed>(v, me, scratch);
        }
        // SAFETY: `v < n`, checked above.
        let counts = unsafe { at(&self.node, v as usize) }.counts;
        let quiet = self.quick & (counts[EMPTY as usize] > 0) & (counts[3 - me as usize] == 0);
        match (quiet, self.linked) {
            (true, false) => self.analyse_quiet::<false>(v, me, scratch),
            (true, true) => self.analyse_quiet::<true>(v, me, scratch),
            (false, false) => self.analyse_four_sized::<false>(v, me, scratch),
            (false, true) => self.analyse_four_sized::<true>(v, me, scratch),
        }
    }

    /// True when moves may take the playouts' path ([`Goban::analyse_fixed`],
    /// [`Goban::commit_fixed`]): the board has the fixed table and no group without
    /// liberties. A move keeps it so (none is left after any move).
    #[inline]
    pub(crate) fn fixed_mode(&self) -> bool {
        !self.table.is_empty() && !self.dead
    }

    /// [`Goban::analyse`] of a board in [`Goban::fixed_mode`] whose chains are linked
    /// exactly when `L`: the same effect and the same chains in `scratch`, without the
    /// dispatch on the layout, on groups without liberties and on linking (the playouts
    /// pick the mode once per game). Panics unless `v` is a vertex and `me` a player.
    #[inline(always)]
    pub(crate) fn analyse_fixed<const L: bool>(
        &self,
        v: u32,
        me: u8,
        scratch: &mut Scratch,
    ) -> MoveEffect {
        // The unchecked reads rely on it (see the module comment): the table has 4 (n + 1)
        // slots when there is one, so this is `v < n` and a fixed table.
        assert!(
            4 * v as usize + 8 <= self.table.len() && me.wrapping_sub(1) < 2,
            "a move by a player at a vertex of a fixed table"
        );
        debug_assert!(!self.dead && self.linked == L);
        // SAFETY: `v < n`, checked above.
        let counts = unsafe { at(&self.node, v as usize) }.counts;
        if self.quick & (counts[EMPTY as usize] > 0) & (counts[3 - me as usize] == 0) {
            self.analyse_quiet::<L>(v, me, scratch)
        } else {
            self.analyse_four_sized::<L>(v, me, scratch)
        }
    }

    /// [`Goban::analyse_four`], told whether a chain may be too large for the
    /// sum-of-squares test. On the fixed table a chain has at most four pseudo-liberties a
    /// stone, so a board of fewer than 2^18 vertices (a table of fewer than
    /// [`EXACT_SQUARES`] slots) has none with [`EXACT_SQUARES`] or more, and the sink
    /// holds `EXACT_SQUARES / 2` at every analysis: the test of each slot is left out
    /// there (every grid up to 511 x 511). One branch, the same way every time on a board.
    #[inline(always)]
    fn analyse_four_sized<const L: bool>(
        &self,
        v: u32,
        me: u8,
        scratch: &mut Scratch,
    ) -> MoveEffect {
        if self.table.len() < EXACT_SQUARES as usize {
            self.analyse_four::<L, false>(v, me, scratch)
        } else {
            self.analyse_four::<L, true>(v, me, scratch)
        }
    }

    /// [`Goban::commit`] of a move analysed by [`Goban::analyse_fixed`] (with nothing
    /// changed since): the same board and journal, without the dispatch.
    #[inline(always)]
    pub(crate) fn commit_fixed<const L: bool>(
        &mut self,
        v: u32,
        me: u8,
        effect: &MoveEffect,
        scratch: &Scratch,
        journal: &mut Vec<u32>,
    ) -> [u32; 2] {
        // The unchecked reads of `play_fast` rely on it (see `analyse_fixed`).
        assert!(
            4 * v as usize + 8 <= self.table.len() && me.wrapping_sub(1) < 2,
            "a move by a player at a vertex of a fixed table"
        );
        debug_assert!(!effect.slow && self.linked == L);
        self.play_fast::<Fixed4, L, true, false>(v, me, effect, &scratch.around, journal)
    }

    /// Makes the move by `me` at `v` on a board in [`Goban::fixed_mode`] whose chains are
    /// linked exactly when `L`, without analysing it first: the board and journal that
    /// [`Goban::analyse_fixed`] then [`Goban::commit_fixed`] give (`the_unanalysed_move_is_the_analysed_one`).
    /// For a move the caller knows it would make whatever the analysis said: one that
    /// removes none of the mover's stones (it has an empty neighbour, see
    /// [`Goban::has_empty_neighbour`]) and that no repetition rule refuses. The commit finds
    /// what the analysis would have: the mover's chains next to `v` in slot order, and the
    /// opponent's chains it leaves without a pseudo-liberty, which are exactly those
    /// without a liberty (a chain's pseudo-liberties count zero exactly when it has no
    /// liberty). Returns the stones removed, `[black, white]`. Clears the analysis in
    /// `scratch` (a later commit must not take it for this move's).
    #[inline(always)]
    pub(crate) fn play_unanalysed<const L: bool>(
        &mut self,
        v: u32,
        me: u8,
        scratch: &mut Scratch,
        journal: &mut Vec<u32>,
    ) -> [u32; 2] {
        let unread = self.unanalysed_preamble::<L>(v, me, scratch);
        self.play_fast::<Fixed4, L, true, true>(v, me, unread, &scratch.around, journal)
    }

    /// What [`Goban::play_unanalysed`] and [`Goban::play_unanalysed_unless`] check and
    /// clear before the move: the guard that makes the unchecked reads of `play_fast`
    /// sound, the board's state (in debug builds), and the analysis in `scratch` (a later
    /// commit must not take it for this move's). Returns the effect passed to the commit,
    /// whose fields are not read (the commit finds the chains and the removals itself).
    #[inline(always)]
    fn unanalysed_preamble<const L: bool>(
        &self,
        v: u32,
        me: u8,
        scratch: &mut Scratch,
    ) -> &'static MoveEffect {
        // The unchecked reads of `play_fast` rely on it (see `analyse_fixed`).
        assert!(
            4 * v as usize + 8 <= self.table.len() && me.wrapping_sub(1) < 2,
            "a move by a player at a vertex of a fixed table"
        );
        debug_assert!(!self.dead && self.linked == L);
        // It removes none of the mover's stones.
        debug_assert!(
            self.node[v as usize].counts[EMPTY as usize] > 0 || !self.self_captures::<L>(v, me)
        );
        scratch.around.used = false;
        const UNREAD: MoveEffect = MoveEffect {
            own_removed: 0,
            opp_removed: 0,
            hash: 0,
            suicide: false,
            slow: false,
        };
        &UNREAD
    }

    /// [`Goban::play_unanalysed`] for rules that may refuse a repetition of any earlier
    /// colouring (`ggg1` with positional superko): `seen` is asked, before the move joins or
    /// removes any chain, about the hash of the colouring it gives (the hash
    /// [`Goban::analyse_fixed`] gives). When `seen` answers true the move is taken back,
    /// the board and journal are as they were (path compression included) and `None` is
    /// returned: the caller then analyses the move and decides exactly
    /// (`the_checked_unanalysed_move_is_the_analysed_one`). For a move that removes none of
    /// the mover's stones: one with an empty neighbour ([`Goban::has_empty_neighbour`]),
    /// or one [`Goban::self_captures`] lets stand (the simple ko of the reference rules,
    /// `the_unrefused_move_is_the_analysed_one`).
    #[inline(always)]
    pub(crate) fn play_unanalysed_unless<const L: bool>(
        &mut self,
        v: u32,
        me: u8,
        scratch: &mut Scratch,
        journal: &mut Vec<u32>,
        seen: impl FnOnce(u64) -> bool,
    ) -> Option<[u32; 2]> {
        let unread = self.unanalysed_preamble::<L>(v, me, scratch);
        self.play_fast_unless::<Fixed4, L, true, true, true>(
            v,
            me,
            unread,
            &scratch.around,
            journal,
            seen,
        )
    }

    /// True when the board answers [`Goban::self_captures`] (on the fixed table, with the
    /// quick answers on: [`Goban::set_quick`]): no chain of a board of fewer than
    /// `EXACT_SQUARES` slots has enough pseudo-liberties to leave the sum-of-squares test
    /// (see [`Goban::analyse_four_sized`]). One branch, the same way every time on a board.
    #[inline(always)]
    pub(crate) fn answers_self_capture(&self) -> bool {
        self.quick & (self.table.len() < EXACT_SQUARES as usize)
    }

    /// The fixed table, the colours and the nodes, borrowed apart as slices: their addresses
    /// and lengths then stay in registers, where a `Vec` may be read again after every store
    /// a loop makes through it (the analyses of the fixed table).
    #[inline(always)]
    fn fixed_arrays(&self) -> (&[u32], &[u8], &[Node]) {
        (&self.table, &self.colour, &self.node)
    }

    /// Whether the move by `me` at the empty `v` would remove the mover's own stones (a
    /// self-capture): what `analyse_fixed(v, me, _).own_removed > 0` says, without the rest
    /// of the analysis (the chains listed, the sizes, the hash). The move keeps a stone on
    /// `v` exactly when `v` has an empty neighbour, or an opponent's chain next to it has
    /// no liberty but `v` (it is removed), or one of the mover's chains next to it has a
    /// liberty other than `v`. For a board that [`Goban::answers_self_capture`], on the
    /// fixed table, chains linked exactly when `L`, no group without liberties
    /// (`self_capture_is_what_the_analysis_says`). Branch-free over the four slots, as
    /// [`Goban::analyse_four`].
    #[inline(always)]
    pub(crate) fn self_captures<const L: bool>(&self, v: u32, me: u8) -> bool {
        let vi = v as usize;
        let (table, colour, node) = self.fixed_arrays();
        // The unchecked reads below rely on it (see `analyse_fixed`).
        assert!(
            4 * vi + 8 <= table.len() && me.wrapping_sub(1) < 2,
            "a move by a player at a vertex of a fixed table"
        );
        debug_assert!(!self.dead && self.linked == L && table.len() < EXACT_SQUARES as usize);
        let opp = 3 - me;
        // SAFETY: `4 v + 8 <= 4 (n + 1)`, so `v < n`; the table has 4 (n + 1) slots.
        let mut stays = unsafe { at(node, vi) }.counts[EMPTY as usize] > 0;
        let slots = unsafe { four(table, vi) };
        let l = u64::from(v);
        for &w in slots {
            // SAFETY: slots and heads are vertices or the sentinel, below n + 1, the length
            // of every per-vertex array.
            let (c, h) = unsafe { (*at(colour, w as usize), root_in::<L>(node, w as usize)) };
            let ch = &unsafe { at(node, h as usize) }.chain;
            // `v` is the chain's only liberty: the sum-of-squares test, exact on this board
            // (the empty slots' and the padding's sink chain is masked by the colours).
            let nl = u64::from(ch.plibs).wrapping_mul(l);
            let only_v = (ch.lsum == nl) & (ch.lsq == nl.wrapping_mul(l));
            stays |= ((c == opp) & only_v) | ((c == me) & !only_v);
        }
        !stays
    }

    /// True when the vertex `v` has an empty neighbour, so that no move there removes the
    /// mover's own stones, and the board answers moves from the neighbour counts
    /// ([`Goban::set_quick`]; when not, the playouts analyse every move). Panics unless `v`
    /// is a vertex.
    #[inline(always)]
    pub(crate) fn has_empty_neighbour(&self, v: u32) -> bool {
        self.quick & (self.node[v as usize].counts[EMPTY as usize] > 0)
    }

    /// [`Goban::analyse`] on the fixed table (no group without liberties anywhere), with no
    /// branch on the neighbours' colours: random playouts make every such branch a coin
    /// toss the processor mispredicts half the time. Each of the four slots is classified
    /// by arithmetic on flags: an opponent chain whose only liberty is `v` is removed, and
    /// the mover's chains are collected for the self-capture test. Empty slots and the
    /// padding have the sink chain, whose records mean nothing: their flags are masked out,
    /// never branched on. The loop lists a chain met in two slots twice; the sizes and
    /// hashes are summed only for the moves that remove something (a capture or a
    /// self-capture, about one analysis in three), over lists without repeats. `WIDE`:
    /// whether a chain may have too many pseudo-liberties for the sum-of-squares test (see
    /// [`Goban::analyse_four_sized`]); when not, the test is not made.
    #[inline(always)]
    fn analyse_four<const L: bool, const WIDE: bool>(
        &self,
        v: u32,
        me: u8,
        scratch: &mut Scratch,
    ) -> MoveEffect {
        let vi = v as usize;
        let opp = 3 - me;
        let (table, colour, node) = self.fixed_arrays();
        // SAFETY: `vi < n`, checked by `analyse`.
        let liberty = unsafe { at(node, vi) }.counts[EMPTY as usize] > 0;
        // SAFETY: `vi < n`, checked by `analyse`; the table has 4 (n + 1) slots.
        let slots = unsafe { four(table, vi) };
        // Filled in place: the chains are read back by `fill_delta` and `commit`. (A record
        // built on the stack and copied whole right after its fields were written one by one
        // stalled the store forwarding, where perf put 5% of a 9x9 playout's samples; in place
        // saves 20 instructions a turn, and paired timings did not move measurably.)
        let around = &mut scratch.around;
        around.used = true;
        around.at = v;
        around.ncaps = 0;
        around.nowns = 0;
        let mut own_all_atari = true;
        let mut inexact = false;
        for &w in slots {
            // SAFETY: slots and heads are vertices or the sentinel, below n + 1, the length
            // of every per-vertex array.
            let (c, h) = unsafe { (*at(colour, w as usize), root_in::<L>(node, w as usize)) };
            let ch = &unsafe { at(node, h as usize) }.chain;
            let is_opp = c == opp;
            let is_me = c == me;
            // `v` is the only liberty: the sum-of-squares test, exact below EXACT_SQUARES
            // (see the module comment). A real chain beyond it sends the move to the
            // general analysis, which walks it (never in practice); the sink stays below
            // it, since `play_fast` resets it to [`SINK`]. Without `WIDE` no chain reaches
            // it (see `analyse_four_sized`).
            if WIDE {
                inexact |= ch.plibs >= EXACT_SQUARES;
            } else {
                debug_assert!(ch.plibs < EXACT_SQUARES, "a board of {} slots", table.len());
            }
            let n = u64::from(ch.plibs);
            let l = u64::from(v);
            let nl = n.wrapping_mul(l);
            let atari = (ch.lsum == nl) & (ch.lsq == nl.wrapping_mul(l));
            // The counts stay below 4 before each store (one per slot at most): the mask
            // only spares the bounds check.
            around.caps[around.ncaps & 3] = h;
            around.ncaps += usize::from(is_opp & atari);
            around.owns[around.nowns & 3] = h;
            around.nowns += usize::from(is_me);
            own_all_atari &= !is_me | atari;
        }
        if WIDE && inexact {
            return self.analyse_walking(v, me, scratch);
        }
        let suicide = !liberty & (around.ncaps == 0) & own_all_atari;
        let mut effect = MoveEffect {
            own_removed: 0,
            opp_removed: 0,
            // SAFETY: `v < n` and `me` a player, checked by `analyse`.
            hash: self.hash ^ unsafe { self.key_unchecked(v, me) },
            suicide,
            slow: false,
        };
        if around.ncaps > 0 {
            around.ncaps = Goban::distinct(&mut around.caps, around.ncaps);
            for &h in &around.caps[..around.ncaps] {
                let ch = &self.node[h as usize].chain;
                effect.opp_removed += ch.size;
                effect.hash ^= ch.hash;
            }
        }
        if suicide {
            // A self-capture: v is coloured and removed again (its key cancels), the own
            // chains go.
            around.nowns = Goban::distinct(&mut around.owns, around.nowns);
            effect.own_removed = 1;
            effect.hash = self.hash;
            for &h in &around.owns[..around.nowns] {
                let ch = &self.node[h as usize].chain;
                effect.own_removed += ch.size;
                effect.hash ^= ch.hash;
            }
        }
        effect
    }

    /// [`Goban::analyse`] on the fixed table of a move next to an empty point and to no
    /// opponent stone (see [`Goban::set_quick`]): nothing is removed, so no chain's
    /// liberties are tested; the mover's chains next to `v` are listed as
    /// [`Goban::analyse_four`] lists them (slot order, repeats kept), so that the commit
    /// builds the same chains, and the games stay the same.
    #[inline(always)]
    fn analyse_quiet<const L: bool>(&self, v: u32, me: u8, scratch: &mut Scratch) -> MoveEffect {
        let vi = v as usize;
        let (table, colour, node) = self.fixed_arrays();
        // SAFETY: `vi < n`, checked by `analyse`; the table has 4 (n + 1) slots.
        let slots = unsafe { four(table, vi) };
        let around = &mut scratch.around;
        around.used = true;
        around.at = v;
        around.ncaps = 0;
        around.nowns = 0;
        for &w in slots {
            // SAFETY: slots and heads are vertices or the sentinel, below n + 1, the length
            // of every per-vertex array.
            let (c, h) = unsafe { (*at(colour, w as usize), root_in::<L>(node, w as usize)) };
            around.owns[around.nowns & 3] = h;
            around.nowns += usize::from(c == me);
        }
        MoveEffect {
            own_removed: 0,
            opp_removed: 0,
            // SAFETY: `v < n` and `me` a player, checked by `analyse`.
            hash: self.hash ^ unsafe { self.key_unchecked(v, me) },
            suicide: false,
            slow: false,
        }
    }

    /// Keeps the first of every repeated entry of `list[..len]`, in order; returns the
    /// number kept.
    #[inline]
    fn distinct(list: &mut [u32; 4], len: usize) -> usize {
        let mut kept = 0;
        for i in 0..len {
            if !list[..kept].contains(&list[i]) {
                list[kept] = list[i];
                kept += 1;
            }
        }
        kept
    }

    /// [`Goban::analyse_four`] when a chain next to `v` is too large for the sum-of-squares
    /// test: the general analysis, which walks it.
    #[cold]
    #[inline(never)]
    fn analyse_walking(&self, v: u32, me: u8, scratch: &mut Scratch) -> MoveEffect {
        self.analyse_fast::<Fixed4>(v, me, scratch)
    }

    /// [`Goban::analyse`] from the chains next to `v` (no group without liberties anywhere).
    #[inline(always)]
    fn analyse_fast<R: Rows>(&self, v: u32, me: u8, scratch: &mut Scratch) -> MoveEffect {
        scratch.around.used = false;
        let counts = self.node[v as usize].counts;
        let opp = 3 - me;
        // An empty neighbour is a liberty the new stone keeps whatever is removed.
        let liberty = counts[EMPTY as usize] > 0;
        if liberty && counts[opp as usize] == 0 {
            // A liberty and no opponent next to it: nothing is removed.
            scratch.own.clear();
            scratch.cap.clear();
            return MoveEffect {
                own_removed: 0,
                opp_removed: 0,
                hash: self.hash ^ self.key(v, me),
                suicide: false,
                slow: false,
            };
        }
        scratch.own.clear();
        scratch.cap.clear();
        let (start, end) = R::span(self, v as usize);
        let nbrs = &R::flat(self)[start..end];
        let many = nbrs.len() > 16;
        if many {
            scratch.next_generation(self.len());
        }
        for &w in nbrs {
            let c = self.colour[w as usize];
            // The mover's chains matter only for self-capture: only without a liberty.
            if c != opp && (c != me || liberty) {
                continue;
            }
            let h = root(&self.node, w as usize, self.linked);
            if many {
                if scratch.mark[h as usize] == scratch.generation {
                    continue;
                }
                scratch.mark[h as usize] = scratch.generation;
            }
            if c == me {
                if many {
                    scratch.own.push(h);
                } else {
                    Goban::push_distinct(&mut scratch.own, h);
                }
            } else if self.only_liberty_is(h, v) {
                if many {
                    scratch.cap.push(h);
                } else {
                    Goban::push_distinct(&mut scratch.cap, h);
                }
            }
        }
        let mut hash = self.hash;
        let mut opp_removed = 0;
        for &h in &scratch.cap {
            let c = &self.node[h as usize].chain;
            opp_removed += c.size;
            hash ^= c.hash;
        }
        let suicide = !liberty
            && scratch.cap.is_empty()
            && scratch.own.iter().all(|&h| self.only_liberty_is(h, v));
        let own_removed = if suicide {
            // v is coloured and removed again: its key cancels; the own chains go.
            hash = self.hash;
            1 + scratch
                .own
                .iter()
                .map(|&h| {
                    hash ^= self.node[h as usize].chain.hash;
                    self.node[h as usize].chain.size
                })
                .sum::<u32>()
        } else {
            hash ^= self.key(v, me);
            0
        };
        MoveEffect {
            own_removed,
            opp_removed,
            hash,
            suicide,
            slow: false,
        }
    }

    /// `ggg1:2` on the whole board, for positions that hold groups without liberties:
    /// colour v, remove every opponent group without liberties, then every own one.
    /// The colouring it produces is left in `scratch.slow`.
    #[cold]
    fn analyse_slow(&self, v: u32, me: u8, scratch: &mut Scratch) -> MoveEffect {
        let opp = 3 - me;
        scratch.around.used = false;
        scratch.slow.clear();
        scratch.slow.extend_from_slice(self.colours());
        scratch.slow[v as usize] = me;
        let opp_removed = self.remove_dead_of(opp, scratch);
        let own_removed = self.remove_dead_of(me, scratch);
        let mut hash = self.hash;
        for (u, (&old, &new)) in self.colours().iter().zip(&scratch.slow).enumerate() {
            if old != new {
                if old != EMPTY {
                    hash ^= self.key(u as u32, old);
                }
                if new != EMPTY {
                    hash ^= self.key(u as u32, new);
                }
            }
        }
        MoveEffect {
            own_removed,
            opp_removed,
            hash,
            suicide: false,
            slow: true,
        }
    }

    /// Empties, in `scratch.slow`, every group of colour `c` without liberties; counts them.
    fn remove_dead_of(&self, c: u8, scratch: &mut Scratch) -> u32 {
        let n = self.len();
        let mut seen = vec![false; n];
        let mut removed = 0;
        for v in 0..n {
            if scratch.slow[v] != c || seen[v] {
                continue;
            }
            let mut group = vec![v as u32];
            seen[v] = true;
            let mut i = 0;
            let mut liberty = false;
            while i < group.len() {
                let u = group[i];
                i += 1;
                for &w in self.neighbours(u) {
                    let cw = scratch.slow[w as usize];
                    if cw == EMPTY {
                        liberty = true;
                    } else if cw == c && !seen[w as usize] {
                        seen[w as usize] = true;
                        group.push(w);
                    }
                }
            }
            if !liberty {
                removed += group.len() as u32;
                for u in group {
                    scratch.slow[u as usize] = EMPTY;
                }
            }
        }
        removed
    }

    /// The vertices the analysed move changes and their new colours, into `scratch.delta`.
    /// Call right after [`Goban::analyse`] for the same move.
    pub fn fill_delta(&self, v: u32, me: u8, effect: &MoveEffect, scratch: &mut Scratch) {
        let around = scratch.around;
        let Scratch {
            own,
            cap,
            delta,
            slow,
            ..
        } = scratch;
        let (own, cap): (&[u32], &[u32]) = if around.used {
            (&around.owns[..around.nowns], &around.caps[..around.ncaps])
        } else {
            (own, cap)
        };
        delta.clear();
        if effect.slow {
            for (u, (&old, &new)) in self.colours().iter().zip(slow.iter()).enumerate() {
                if old != new {
                    delta.push((u as u32, new));
                }
            }
        } else if effect.suicide {
            for &h in own {
                for s in self.stones(h) {
                    delta.push((s, EMPTY));
                }
            }
        } else {
            delta.push((v, me));
            for &h in cap {
                for s in self.stones(h) {
                    delta.push((s, EMPTY));
                }
            }
        }
    }

    /// Makes the analysed move. Every changed vertex goes to `journal` as `vertex << 2 | old
    /// colour`, in order. Returns the stones removed, `[black, white]`.
    #[inline(always)]
    pub fn commit(
        &mut self,
        v: u32,
        me: u8,
        effect: &MoveEffect,
        scratch: &Scratch,
        journal: &mut Vec<u32>,
    ) -> [u32; 2] {
        // The unchecked reads of `play_fast` rely on it (see the module comment).
        assert!((v as usize) < self.len(), "vertex {v} is not on the board");
        assert!(me == BLACK || me == WHITE, "a move is black or white");
        if effect.slow {
            return self.commit_slow(me, effect, scratch, journal);
        }
        let around = &scratch.around;
        match (self.table.is_empty(), self.linked) {
            (true, false) => {
                self.play_fast::<Compressed, false, false, false>(v, me, effect, around, journal)
            }
            (true, true) => {
                self.play_fast::<Compressed, true, false, false>(v, me, effect, around, journal)
            }
            (false, false) => {
                self.play_fast::<Fixed4, false, false, false>(v, me, effect, around, journal)
            }
            (false, true) => {
                self.play_fast::<Fixed4, true, false, false>(v, me, effect, around, journal)
            }
        }
    }

    /// [`Goban::commit`] of a move analysed on the slow path: the colouring is copied and
    /// everything rebuilt.
    #[cold]
    fn commit_slow(
        &mut self,
        me: u8,
        effect: &MoveEffect,
        scratch: &Scratch,
        journal: &mut Vec<u32>,
    ) -> [u32; 2] {
        {
            // Counted by the analysis: a lone stone that removes itself changes no vertex.
            let mut removed = [0; 2];
            removed[me as usize - 1] = effect.own_removed;
            removed[2 - me as usize] = effect.opp_removed;
            for (u, &new) in scratch.slow.iter().enumerate() {
                let old = self.colour[u];
                if old != new {
                    journal.push((u as u32) << 2 | old as u32);
                }
            }
            let n = self.len();
            self.colour[..n].copy_from_slice(&scratch.slow);
            self.rebuild();
            debug_assert!(!self.dead, "a move leaves no group without liberties");
            removed
        }
    }

    /// `ggg1:2` incrementally: colour v, update the neighbouring chains (joining the
    /// mover's), remove the opponent's chains left without liberties, then the mover's own.
    /// The analysis already knows whether anything goes: most moves skip both removals.
    #[inline(always)]
    fn play_fast<R: Rows, const L: bool, const LISTED: bool, const FUSED: bool>(
        &mut self,
        v: u32,
        me: u8,
        effect: &MoveEffect,
        chains: &Around,
        journal: &mut Vec<u32>,
    ) -> [u32; 2] {
        match self.play_fast_unless::<R, L, LISTED, FUSED, false>(
            v,
            me,
            effect,
            chains,
            journal,
            |_| false,
        ) {
            Some(removed) => removed,
            None => unreachable!("only a checked move is taken back"),
        }
    }

    /// [`Goban::play_fast`], and when `CHECKED` (with `FUSED` only): once the neighbours
    /// are updated, and before any chain is joined or removed, `seen` is asked about the
    /// hash of the colouring the move gives (its stone, less the opponent's chains it
    /// leaves without pseudo-liberties; the move removes none of its own, see
    /// [`Goban::play_unanalysed_unless`]). When it answers true, the changes made so far
    /// are taken back, field for field, and `None` is returned.
    #[inline(always)]
    fn play_fast_unless<
        R: Rows,
        const L: bool,
        const LISTED: bool,
        const FUSED: bool,
        const CHECKED: bool,
    >(
        &mut self,
        v: u32,
        me: u8,
        effect: &MoveEffect,
        chains: &Around,
        journal: &mut Vec<u32>,
        seen: impl FnOnce(u64) -> bool,
    ) -> Option<[u32; 2]> {
        debug_assert!(FUSED || !CHECKED);
        let opp = 3 - me;
        let vi = v as usize;
        let (start, end) = R::span(self, vi);
        // The fields borrowed apart: the compiler then keeps each array's address in a
        // register instead of reloading it after every store.
        let Goban {
            adj,
            table,
            colour,
            node,
            zobrist,
            hash,
            empties,
            ..
        } = self;
        // As slices: their addresses and lengths stay in registers, where a `Vec` may be
        // read again after every store the code makes through it.
        let (colour, node): (&mut [u8], &mut [Node]) = (colour, node);
        // SAFETY: `vi < n`, checked by `commit`.
        let around = unsafe { at(node, vi) }.counts;
        // `CHECKED`: where v was in the list of empty vertices, to put it back.
        let empty_at = unsafe { at(node, vi) }.empty_at;
        *unsafe { at_mut(colour, vi) } = me;
        // SAFETY: `v < n`, checked by `commit`.
        unsafe { Goban::remove_empty(empties, node, v) };
        // SAFETY: `v < n` and `me` a player, checked by `commit` (`zobrist` holds 2n keys).
        let key = *unsafe { at(zobrist, 2 * vi + (me as usize - 1)) };
        *hash ^= key;
        journal.push(v << 2);
        // One pass without tests of the neighbours' colours: an empty neighbour is a
        // liberty of the new stone (counted by multiplying by 0 or 1), and every neighbour's
        // chain loses the liberty v (empty neighbours and the sentinel have the sink chain).
        let around_v = if R::FIXED {
            // SAFETY: `vi < n`, checked by `commit`; the table has 4 (n + 1) slots.
            unsafe { four(table, vi) }
        } else {
            &R::pick(adj, table)[start..end]
        };
        let (mut plibs, mut lsum, mut lsq) = (0u32, 0u64, 0u64);
        // `FUSED` (`play_unanalysed`): the mover's chains next to v, listed as the analysis
        // lists them (slot order, repeats kept), and whether an opponent's chain is left
        // without pseudo-liberties (a chain next to v in two slots loses two, so it reaches
        // zero at its last slot only).
        let (mut owns_here, mut nowns_here, mut captures) = ([0u32; 4], 0usize, false);
        // `CHECKED`: the hashes of the opponent's chains the move removes, and each slot's
        // head before path compression (to take the loop back).
        let (mut removed_hash, mut old_heads) = (0u64, [0u32; 4]);
        for (k, &w) in around_v.iter().enumerate() {
            let wi = w as usize;
            // SAFETY: neighbours and heads are vertices or the sentinel, below n + 1, the
            // length of every per-vertex array.
            let hw = unsafe { root_in::<L>(node, wi) };
            let nw = unsafe { at_mut(node, wi) };
            if CHECKED {
                // The fixed table has four slots a vertex: the mask spares the bounds check.
                old_heads[k & 3] = nw.head;
            }
            nw.counts[EMPTY as usize] = nw.counts[EMPTY as usize].wrapping_sub(1);
            nw.counts[me as usize] = nw.counts[me as usize].wrapping_add(1);
            if L {
                // Path compression: the neighbour now names its chain's head directly.
                nw.head = hw;
            }
            let hw = hw as usize;
            let cw = *unsafe { at(colour, wi) };
            let e = u64::from(cw == EMPTY);
            plibs += e as u32;
            lsum += e * w as u64;
            lsq += e * (w as u64 * w as u64);
            let c = &mut unsafe { at_mut(node, hw) }.chain;
            let l = v as u64;
            c.plibs = c.plibs.wrapping_sub(1);
            c.lsum = c.lsum.wrapping_sub(l);
            c.lsq = c.lsq.wrapping_sub(l * l);
            if FUSED {
                debug_assert_ne!(w, v, "a board without loops");
                // The counts stay below 4 before each store (one per slot at most): the
                // mask only spares the bounds check.
                owns_here[nowns_here & 3] = hw as u32;
                nowns_here += usize::from(cw == me);
                let gone = (cw == opp) & (c.plibs == 0);
                captures |= gone;
                if CHECKED {
                    // A chain met in two slots reaches zero once, at its last slot: its
                    // hash is counted once.
                    removed_hash ^= c.hash & 0u64.wrapping_sub(u64::from(gone));
                }
            }
        }
        if CHECKED && seen(*hash ^ removed_hash) {
            // Taken back in the reverse order (a neighbour met in two slots gets its first
            // head back last). Nothing else was changed: no chain was joined or removed.
            for (k, &w) in around_v.iter().enumerate().rev() {
                let wi = w as usize;
                // SAFETY: as in the loop above; the heads it read are roots, unchanged
                // since, except by that loop's path compression, undone here.
                let nw = unsafe { at_mut(node, wi) };
                nw.counts[EMPTY as usize] = nw.counts[EMPTY as usize].wrapping_add(1);
                nw.counts[me as usize] = nw.counts[me as usize].wrapping_sub(1);
                if L {
                    nw.head = old_heads[k & 3];
                }
                let hw = unsafe { root_in::<L>(node, wi) } as usize;
                let c = &mut unsafe { at_mut(node, hw) }.chain;
                let l = v as u64;
                c.plibs = c.plibs.wrapping_add(1);
                c.lsum = c.lsum.wrapping_add(l);
                c.lsq = c.lsq.wrapping_add(l * l);
            }
            journal.pop();
            *hash ^= key;
            *unsafe { at_mut(colour, vi) } = EMPTY;
            // `remove_empty` moved the last entry into v's place: it goes back to the end.
            let i = empty_at as usize;
            if i == empties.len() {
                empties.push(v);
            } else {
                let moved = empties[i];
                empties[i] = v;
                empties.push(moved);
                node[moved as usize].empty_at = empties.len() as u32 - 1;
            }
            node[vi].empty_at = empty_at;
            return None;
        }
        // `LISTED`: the caller knows it (the fixed path analyses every move it commits).
        let listed = LISTED || (chains.used && chains.at == v);
        debug_assert!(FUSED || !LISTED || (chains.used && chains.at == v));
        if listed {
            // The analysis listed the mover's chains next to v (or the loop above did,
            // `FUSED`): v joins the first (or starts its own chain when there is none)
            // without a branch, and only the rarer moves that join two or more chains merge.
            let owns = if FUSED {
                &owns_here[..nowns_here]
            } else {
                &chains.owns[..chains.nowns]
            };
            let t = owns.first().copied().unwrap_or(v);
            let ti = t as usize;
            // From the scratch, which callers may write: checked once.
            assert!(ti < node.len(), "chain {t} is not on the board");
            // SAFETY: `vi < n`, checked by `commit`; `ti` checked just above.
            let nv = unsafe { at_mut(node, vi) };
            nv.chain = Chain::default();
            nv.head = t;
            // When v starts its own chain (t = v), the lines below make it its own next.
            nv.next = v;
            let next_t = unsafe { at(node, ti) }.next;
            unsafe { at_mut(node, vi) }.next = next_t;
            let nt = unsafe { at_mut(node, ti) };
            nt.next = v;
            let c = &mut nt.chain;
            c.size += 1;
            c.plibs += plibs;
            c.lsum += lsum;
            c.lsq = c.lsq.wrapping_add(lsq);
            c.hash ^= key;
            // The list may name a chain twice (two slots of one chain), and a merge moves
            // the stones of one of the two chains to the other's head: the current heads
            // are compared.
            for &h in owns.iter().skip(1) {
                // `h` comes from the scratch, which callers may write: a checked read.
                let (a, b) = (root(node, vi, L), root(node, h as usize, L));
                if a != b {
                    Goban::merge_parts(node, a, b, L);
                }
            }
        } else {
            node[vi].head = v;
            node[vi].next = v;
            node[vi].chain = Chain {
                size: 1,
                plibs,
                lsum,
                lsq,
                hash: key,
            };
        }
        if !listed && around[me as usize] > 0 {
            for &w in around_v {
                if colour[w as usize] == me {
                    // SAFETY: neighbours and `vi` are below n + 1.
                    let (h, a) =
                        unsafe { (root_in::<L>(node, w as usize), root_in::<L>(node, vi)) };
                    if a != h {
                        Goban::merge_parts(node, a, h, L);
                    }
                }
            }
        }
        let mut removed = [0u32; 2];
        if (FUSED && captures) || (!FUSED && effect.opp_removed > 0) {
            for k in start..end {
                let w = R::flat(self)[k];
                if self.colour[w as usize] == opp {
                    // SAFETY: a neighbour of the opponent's colour, so a vertex below n, as
                    // its head is.
                    unsafe {
                        let h = root_in::<L>(&self.node, w as usize);
                        if at(&self.node, h as usize).chain.plibs == 0 {
                            removed[opp as usize - 1] += self.remove_chain::<R, L>(h, journal);
                        }
                    }
                }
            }
        }
        if !FUSED && effect.suicide {
            // SAFETY: `vi < n`, checked by `commit`; the head of a stone is a vertex.
            unsafe {
                let h = root_in::<L>(&self.node, vi);
                debug_assert_eq!(self.node[h as usize].chain.plibs, 0);
                removed[me as usize - 1] += self.remove_chain::<R, L>(h, journal);
            }
        }
        // The sink's count and sums are the only fields of its record a move changes.
        if let Some(sink) = self.node.last_mut() {
            sink.chain.plibs = SINK.plibs;
            sink.chain.lsum = SINK.lsum;
            sink.chain.lsq = SINK.lsq;
        }
        debug_assert_eq!(
            (
                self.node[self.len()].chain.size,
                self.node[self.len()].chain.hash
            ),
            (SINK.size, SINK.hash)
        );
        Some(removed)
    }

    /// Joins chains `a` and `b`; the larger keeps its head.
    #[inline]
    fn merge_parts(node: &mut [Node], a: u32, b: u32, linked: bool) {
        let (a, b) = if node[a as usize].chain.size >= node[b as usize].chain.size {
            (a, b)
        } else {
            (b, a)
        };
        if linked {
            node[b as usize].head = a;
        } else {
            let mut s = b;
            loop {
                node[s as usize].head = a;
                s = node[s as usize].next;
                if s == b {
                    break;
                }
            }
        }
        let (na, nb) = (node[a as usize].next, node[b as usize].next);
        node[a as usize].next = nb;
        node[b as usize].next = na;
        let cb = node[b as usize].chain;
        let ca = &mut node[a as usize].chain;
        ca.size += cb.size;
        ca.plibs += cb.plibs;
        ca.lsum += cb.lsum;
        ca.lsq = ca.lsq.wrapping_add(cb.lsq);
        ca.hash ^= cb.hash;
    }

    /// Removes (null-colours) the chain `h`; its neighbours gain liberties. Returns its size.
    /// The chains are linked exactly when `L`. Reads and writes without bounds checks (see
    /// "Unchecked reads" in the module comment): `h` and the stones its list threads are
    /// vertices, their neighbours vertices or the sentinel.
    ///
    /// # Safety
    /// `h` is a stone (a vertex below n, black or white).
    unsafe fn remove_chain<R: Rows, const L: bool>(
        &mut self,
        h: u32,
        journal: &mut Vec<u32>,
    ) -> u32 {
        debug_assert!(self.linked == L);
        // SAFETY: `h < n` (the caller's contract).
        let c = *unsafe { at(&self.colour, h as usize) };
        let size = unsafe { at(&self.node, h as usize) }.chain.size;
        let n = self.len() as u32;
        let Goban {
            off,
            adj,
            table,
            colour,
            node,
            zobrist,
            hash,
            empties,
            ..
        } = self;
        // As slices: their addresses and lengths stay in registers, where a `Vec` may be
        // read again after every store the loop makes through it.
        let (colour, node, zobrist): (&mut [u8], &mut [Node], &[u64]) = (colour, node, zobrist);
        let flat = R::pick(adj, table);
        let mut s = h;
        loop {
            let si = s as usize;
            // SAFETY: `s` is a stone of the chain, a vertex below n; `c` is its colour, a
            // player's, so `2 s + c - 1 < 2n`.
            unsafe {
                *at_mut(colour, si) = EMPTY;
                let ns = at_mut(node, si);
                ns.head = n;
                ns.empty_at = empties.len() as u32;
                *hash ^= *at(zobrist, 2 * si + (c as usize - 1));
            }
            empties.push(s);
            journal.push(s << 2 | c as u32);
            let around = if R::FIXED {
                // SAFETY: `si < n`; the table has 4 (n + 1) slots.
                unsafe { four(flat, si) }
            } else {
                let (start, end) = R::bounds(off, si);
                &flat[start..end]
            };
            for &t in around {
                let ti = t as usize;
                // SAFETY: neighbours and heads are vertices or the sentinel, below n + 1.
                let ct = &mut unsafe { at_mut(node, ti) }.counts;
                ct[c as usize] = ct[c as usize].wrapping_sub(1);
                ct[EMPTY as usize] = ct[EMPTY as usize].wrapping_add(1);
                // Only the opponent's chains gain s; the others are this chain (gone: its
                // record is rewritten before any reuse) or the sink.
                let ht = unsafe { root_in::<L>(node, ti) } as usize;
                let ch = &mut unsafe { at_mut(node, ht) }.chain;
                let l = s as u64;
                ch.plibs = ch.plibs.wrapping_add(1);
                ch.lsum = ch.lsum.wrapping_add(l);
                ch.lsq = ch.lsq.wrapping_add(l * l);
            }
            // SAFETY: `si < n`; the next stone is a vertex.
            s = unsafe { at(node, si) }.next;
            if s == h {
                break;
            }
        }
        size
    }

    /// `ggg1:4`: each player's stones plus the empty groups with no neighbour of the
    /// opponent's colour (and, when `touching` is set, one of the player's own: Tromp-Taylor).
    pub fn area(&self, touching: bool) -> [u64; 2] {
        let n = self.len();
        let mut score = [0u64; 2];
        // Empty points without an empty neighbour are regions of one point, told apart by
        // their neighbour counts alone (at the end of a playout nearly all are); the others
        // are flooded, with buffers made on first need.
        let mut seen: Vec<bool> = Vec::new();
        let mut region = Vec::new();
        for v in 0..n {
            let c = self.colour[v];
            if c != EMPTY {
                score[c as usize - 1] += 1;
                continue;
            }
            let counts = self.node[v].counts;
            let (size, reaches) = if counts[EMPTY as usize] == 0 {
                (1, [counts[BLACK as usize] > 0, counts[WHITE as usize] > 0])
            } else {
                if seen.is_empty() {
                    seen = vec![false; n];
                }
                if seen[v] {
                    continue;
                }
                seen[v] = true;
                region.clear();
                region.push(v as u32);
                let mut i = 0;
                let mut reaches = [false; 2];
                while i < region.len() {
                    let u = region[i];
                    i += 1;
                    for &w in self.neighbours(u) {
                        let cw = self.colour[w as usize];
                        if cw == EMPTY {
                            if !seen[w as usize] {
                                seen[w as usize] = true;
                                region.push(w);
                            }
                        } else {
                            reaches[cw as usize - 1] = true;
                        }
                    }
                }
                (region.len() as u64, reaches)
            };
            for p in 0..2 {
                if !reaches[1 - p] && (!touching || reaches[p]) {
                    score[p] += size;
                }
            }
        }
        score
    }

    /// Checks every invariant against a recomputation (tests only).
    #[cfg(test)]
    pub fn check_invariants(&self) {
        let mut fresh = self.clone();
        fresh.rebuild();
        assert_eq!(fresh.hash, self.hash, "hash");
        assert_eq!(fresh.dead, self.dead, "dead");
        let mut e1 = fresh.empties.clone();
        let mut e2 = self.empties.clone();
        e1.sort_unstable();
        e2.sort_unstable();
        assert_eq!(e1, e2, "empties");
        let n = self.len();
        for v in 0..n {
            assert_eq!(
                fresh.node[v].counts, self.node[v].counts,
                "neighbour counts of {v}"
            );
        }
        for (i, &e) in self.empties.iter().enumerate() {
            assert_eq!(self.node[e as usize].empty_at as usize, i);
        }
        for v in 0..self.len() {
            if self.colour[v] == EMPTY {
                assert_eq!(self.node[v].head as usize, n, "the head of empty {v}");
                continue;
            }
            let (h, fh) = (
                root(&self.node, v, self.linked) as usize,
                root(&fresh.node, v, fresh.linked) as usize,
            );
            let (a, b) = (&self.node[h].chain, &fresh.node[fh].chain);
            assert_eq!(
                (a.size, a.plibs, a.lsum, a.lsq, a.hash),
                (b.size, b.plibs, b.lsum, b.lsq, b.hash),
                "chain of {v}"
            );
            let mine: Vec<u32> = self.stones(h as u32).collect();
            assert_eq!(mine.len() as u32, a.size);
            assert!(mine
                .iter()
                .all(|&s| root(&self.node, s as usize, self.linked) as usize == h));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::rows::{grid_rows, random_graph_rows};
    use crate::board::Board;
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    fn goban_of(board: &Board, colouring: &[u8]) -> Goban {
        let rows: Vec<&[usize]> = (0..board.len()).map(|v| board.neighbours(v)).collect();
        Goban::new(&rows, colouring, u64::MAX)
    }

    fn play(g: &mut Goban, v: u32, me: u8) -> (MoveEffect, [u32; 2]) {
        let mut s = Scratch::default();
        let e = g.analyse(v, me, &mut s);
        let mut journal = Vec::new();
        let removed = g.commit(v, me, &e, &s, &mut journal);
        assert_eq!(g.hash(), e.hash, "the analysis foresaw the hash");
        g.check_invariants();
        (e, removed)
    }

    #[test]
    fn corner_capture_on_3x3() {
        // Vertex y * 3 + x. Black at 1-1 (0); White at 2-1 (1) and 1-2 (3) take it.
        let b = Board::grid(3, 3).unwrap();
        let mut g = goban_of(&b, &[EMPTY; 9]);
        play(&mut g, 0, BLACK);
        play(&mut g, 1, WHITE);
        let (e, removed) = play(&mut g, 3, WHITE);
        assert_eq!((e.opp_removed, e.own_removed), (1, 0));
        assert_eq!(removed, [1, 0]);
        assert_eq!(g.colour(0), EMPTY);
        // Black back at 1-1: no liberty, nothing to take: a lone stone's self-capture.
        let mut s = Scratch::default();
        let e = g.analyse(0, BLACK, &mut s);
        assert_eq!((e.own_removed, e.opp_removed), (1, 0));
        assert_eq!(e.hash, g.hash(), "the colouring stays as it was");
    }

    #[test]
    fn self_capture_of_a_group_counts_every_stone() {
        // A path 1-2-3 with White at 3: Black at 1, then Black at 2 leaves X X O with no
        // liberty for either; White's group goes first (ggg1:2), so Black lives.
        let b = Board::path(3).unwrap();
        let mut g = goban_of(&b, &[EMPTY, EMPTY, WHITE]);
        play(&mut g, 0, BLACK);
        let (e, removed) = play(&mut g, 1, BLACK);
        assert_eq!((e.own_removed, e.opp_removed), (0, 1));
        assert_eq!(removed, [0, 1]);
        // Path 1-2-3-4 with White at 4 and 2: Black at 3 has no liberty and takes nothing;
        // White at 2 does not belong to it. Black's own group {3} goes: 1 stone.
        let b = Board::path(4).unwrap();
        let g = goban_of(&b, &[EMPTY, WHITE, EMPTY, WHITE]);
        let mut s = Scratch::default();
        let e = g.analyse(2, BLACK, &mut s);
        // White's stones at 2 and 4 each keep a liberty? 4's only neighbour is 3: it dies.
        assert_eq!((e.own_removed, e.opp_removed), (0, 1));
        let g = goban_of(&b, &[WHITE, EMPTY, EMPTY, WHITE]);
        let mut s = Scratch::default();
        let e = g.analyse(1, BLACK, &mut s);
        assert_eq!(
            (e.own_removed, e.opp_removed),
            (0, 1),
            "O X . O takes the left O"
        );
        let b = Board::path(4).unwrap();
        let mut g = goban_of(&b, &[EMPTY, EMPTY, EMPTY, EMPTY]);
        play(&mut g, 0, WHITE);
        play(&mut g, 3, WHITE);
        play(&mut g, 1, BLACK); // O X . O: White at 1 has no liberty and goes.
        assert_eq!(g.colour(0), EMPTY);
        // White back at 1: Black at 2 keeps liberty 3, so White's lone stone dies.
        play(&mut g, 0, WHITE);
        assert_eq!(g.colour(0), EMPTY);
        let mut g = goban_of(&b, &[WHITE, EMPTY, EMPTY, WHITE]);
        play(&mut g, 1, BLACK);
        assert_eq!(g.colours(), &[EMPTY, BLACK, EMPTY, WHITE]);
        let e = g.analyse(2, BLACK, &mut s);
        // . X X O: White at 4 has no liberty, taken: Black lives.
        assert_eq!((e.own_removed, e.opp_removed), (0, 1));
        let mut g = goban_of(&b, &[WHITE, BLACK, EMPTY, WHITE]);
        // The setup's White at 1 has no liberty: a group that starts dead (slow path).
        assert!(g.has_dead_groups());
        let e = g.analyse(2, WHITE, &mut s);
        // O X O O: Black's stone has no liberty and goes; then White's groups have one.
        assert_eq!((e.own_removed, e.opp_removed), (0, 1));
        let (_, removed) = play(&mut g, 2, WHITE);
        assert_eq!(removed, [1, 0]);
        assert!(!g.has_dead_groups());
    }

    #[test]
    fn two_stone_self_capture() {
        // A cycle of 5: O . . O O.
        let b = Board::cycle(5).unwrap();
        let mut g = goban_of(&b, &[WHITE, EMPTY, EMPTY, WHITE, WHITE]);
        // White {4, 5, 1} (vertices 3, 4, 0) has liberties 2 and 3 (vertices 1, 2).
        play(&mut g, 1, BLACK);
        let mut s = Scratch::default();
        let e = g.analyse(2, BLACK, &mut s);
        // Black at 3 fills White's last liberty: White's three stones go first.
        assert_eq!((e.own_removed, e.opp_removed), (0, 3));
        let mut g = goban_of(&Board::complete(4).unwrap(), &[WHITE, EMPTY, EMPTY, EMPTY]);
        play(&mut g, 1, BLACK);
        play(&mut g, 2, BLACK);
        // K4: White at 1, Black at 2 and 3; vertex 4 is the last empty one. Black there
        // takes White (its last liberty) first: the whole board has one White stone gone.
        let e = g.analyse(3, BLACK, &mut s);
        assert_eq!((e.own_removed, e.opp_removed), (0, 1));
        // White there instead: neither {1, 4} nor Black's {2, 3} has a liberty; Black's
        // goes first (the mover's opponent), and then White's has liberties.
        let e = g.analyse(3, WHITE, &mut s);
        assert_eq!((e.own_removed, e.opp_removed), (0, 2));
        // A path with Black at 1 and 2: Black's group has liberty 3. White at 3 takes both.
        let mut g = goban_of(&Board::path(3).unwrap(), &[BLACK, BLACK, EMPTY]);
        let e = g.analyse(2, WHITE, &mut s);
        assert_eq!((e.own_removed, e.opp_removed), (0, 2));
        // Black at 3 instead fills its own group's last liberty: three stones self-captured.
        let e = g.analyse(2, BLACK, &mut s);
        assert_eq!((e.own_removed, e.opp_removed), (3, 0));
        let (_, removed) = play(&mut g, 2, BLACK);
        assert_eq!(removed, [3, 0]);
        assert_eq!(g.colours(), &[EMPTY, EMPTY, EMPTY]);
        assert_eq!(g.hash(), 0, "the empty board hashes to zero");
    }

    /// A playable colouring of `board`: up to 2n random moves from the empty board, each
    /// through the full analysis (the quiet-move shortcut off); chains linked or not.
    fn random_position(board: &Board, linked: bool, rng: &mut Xoshiro256PlusPlus) -> Goban {
        let n = board.len();
        let mut g = goban_of(board, &vec![EMPTY; n]);
        g.set_linked(linked);
        g.set_quick(false);
        for _ in 0..rng.random_range(0..2 * n) {
            let v = rng.random_range(0..n) as u32;
            if g.colour(v) == EMPTY {
                play(&mut g, v, rng.random_range(1..=2));
            }
        }
        g
    }

    #[test]
    fn the_quick_analysis_is_the_full_one() {
        // Random colourings of grids, tori and a complete graph (compressed rows), linked
        // and not: at every empty vertex, for both players, the analysis with the quiet-move
        // shortcut (`Goban::set_quick`) gives the effect the full analysis gives, and the
        // move committed after each leaves the same board. Both the shortcut and the full
        // path are taken many times.
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(17);
        let (mut quiet, mut full) = (0, 0);
        for round in 0..90 {
            let board = match round % 3 {
                0 => Board::grid(6, 5).unwrap(),
                1 => Board::torus(5, 5).unwrap(),
                _ => Board::complete(7).unwrap(),
            };
            let n = board.len();
            let g = random_position(&board, round % 2 == 1, &mut rng);
            for v in 0..n as u32 {
                if g.colour(v) != EMPTY {
                    continue;
                }
                for me in [BLACK, WHITE] {
                    let counts = g.neighbour_counts(v);
                    // The shortcut is for the fixed table (not the complete graph).
                    if round % 3 != 2 && counts[EMPTY as usize] > 0 && counts[3 - me as usize] == 0
                    {
                        quiet += 1;
                    } else {
                        full += 1;
                    }
                    let (mut a, mut b) = (g.clone(), g.clone());
                    a.set_quick(true);
                    b.set_quick(false);
                    let (ea, ra) = play(&mut a, v, me);
                    let (eb, rb) = play(&mut b, v, me);
                    assert_eq!((ea, ra), (eb, rb), "round {round}, vertex {v}, colour {me}");
                    assert_eq!((a.colours(), a.hash()), (b.colours(), b.hash()));
                    a.check_invariants();
                }
            }
        }
        assert!(
            quiet > 400 && full > 400,
            "{quiet} quiet and {full} full analyses"
        );
    }

    /// The move by `me` at `v` made on a copy of `g` by `play_unanalysed`, and on another
    /// after `analyse_fixed`: the stones removed, the journal and the whole board (every
    /// field of every vertex, the list of empty vertices in its order), written out.
    fn unanalysed_and_analysed<const L: bool>(g: &Goban, v: u32, me: u8) -> [String; 2] {
        let (mut a, mut b) = (g.clone(), g.clone());
        let (mut ja, mut jb) = (Vec::new(), Vec::new());
        let mut scratch = Scratch::default();
        let ra = a.play_unanalysed::<L>(v, me, &mut scratch, &mut ja);
        assert!(!scratch.around.used, "the scratch names no analysis");
        let effect = b.analyse_fixed::<L>(v, me, &mut scratch);
        let rb = b.commit_fixed::<L>(v, me, &effect, &scratch, &mut jb);
        a.check_invariants();
        [
            format!("{ra:?} {ja:?} {a:?}"),
            format!("{rb:?} {jb:?} {b:?}"),
        ]
    }

    /// Calls `check` at every empty vertex with an empty neighbour, for both players, of
    /// The move by `me` at `v` made without its analysis and checked by its hash
    /// ([`checked_and_analysed`]) asks about the hash the analysis gives, and leaves what the
    /// analysed move leaves when let stand, and the board as it was when taken back.
    fn assert_checked_is_analysed(g: &Goban, v: u32, me: u8, at: &str) {
        let (hashes, [made, analysed, back, before]) = if g.linked {
            checked_and_analysed::<true>(g, v, me)
        } else {
            checked_and_analysed::<false>(g, v, me)
        };
        assert_eq!(hashes[0], hashes[2], "{at}: the hash asked about");
        assert_eq!(hashes[1], hashes[2], "{at}: the hash asked about");
        assert_eq!(made, analysed, "{at}: the move let stand");
        assert_eq!(back, before, "{at}: the move taken back");
    }

    /// `rounds` random positions (from `seed`) on a 7x6 grid and a 5x6 torus in turn, linked
    /// and not, on the fixed table with the quick analysis on, each given with its round.
    fn random_quick_positions(seed: u64, rounds: usize, mut each: impl FnMut(usize, &Goban)) {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        for round in 0..rounds {
            let board = match round % 2 {
                0 => Board::grid(7, 6).unwrap(),
                _ => Board::torus(5, 6).unwrap(),
            };
            let mut g = random_position(&board, round % 4 >= 2, &mut rng);
            g.set_quick(true);
            assert!(g.fixed_mode());
            each(round, &g);
        }
    }

    /// 200 random positions on grids and tori (linked and not; from `seed`), with the
    /// place's name for messages; then asserts that captures (more than 100) and merges of
    /// several chains (more than 700 moves next to two of the mover's stones) were among
    /// the more than 5,000 moves.
    fn each_move_next_to_an_empty_point(seed: u64, mut check: impl FnMut(&Goban, u32, u8, &str)) {
        let (mut capturing, mut merging, mut all) = (0, 0, 0);
        random_quick_positions(seed, 200, |round, g| {
            for v in 0..g.len() as u32 {
                if g.colour(v) != EMPTY || !g.has_empty_neighbour(v) {
                    continue;
                }
                for me in [BLACK, WHITE] {
                    let counts = g.neighbour_counts(v);
                    check(g, v, me, &format!("round {round}, vertex {v}, colour {me}"));
                    let mut e = g.clone();
                    let (effect, _) = play(&mut e, v, me);
                    all += 1;
                    capturing += usize::from(effect.opp_removed > 0);
                    merging += usize::from(counts[me as usize] >= 2);
                }
            }
        });
        assert!(
            all > 5000 && capturing > 100 && merging > 700,
            "{all} moves, {capturing} capturing, {merging} next to two own stones"
        );
    }

    #[test]
    fn the_unanalysed_move_is_the_analysed_one() {
        // Random positions on grids and tori, linked and not: at every empty vertex with an
        // empty neighbour, for both players, the move made without the analysis
        // (`Goban::play_unanalysed`, which finds the chains it joins and the chains it
        // removes while it plays) leaves the board, the journal and the count of removed
        // stones that the analysed move leaves, field for field. Captures (of one and of
        // several chains) and merges of several chains are among them.
        each_move_next_to_an_empty_point(29, |g, v, me, at| {
            let [made, analysed] = if g.linked {
                unanalysed_and_analysed::<true>(g, v, me)
            } else {
                unanalysed_and_analysed::<false>(g, v, me)
            };
            assert_eq!(made, analysed, "{at}");
        });
    }

    /// The move by `me` at `v` made on copies of `g` by `play_unanalysed_unless`, once let
    /// stand and once taken back, and analysed then committed on a third: the hashes the
    /// two were asked about, the taken-back board and journal (which must be `g`'s), and
    /// the one made and the analysed one (`{:?}`: every field of every node and the list
    /// of empty vertices in order).
    fn checked_and_analysed<const L: bool>(g: &Goban, v: u32, me: u8) -> ([u64; 3], [String; 4]) {
        let (mut a, mut back, mut b) = (g.clone(), g.clone(), g.clone());
        let (mut ja, mut jback, mut jb) = (vec![7], vec![7], vec![7]);
        let mut scratch = Scratch::default();
        let (mut asked, mut asked_back) = (0, 0);
        let ra = a.play_unanalysed_unless::<L>(v, me, &mut scratch, &mut ja, |h| {
            asked = h;
            false
        });
        assert!(!scratch.around.used, "the scratch names no analysis");
        let rback = back.play_unanalysed_unless::<L>(v, me, &mut scratch, &mut jback, |h| {
            asked_back = h;
            true
        });
        assert_eq!(rback, None, "a move `seen` refuses is taken back");
        let effect = b.analyse_fixed::<L>(v, me, &mut scratch);
        let rb = b.commit_fixed::<L>(v, me, &effect, &scratch, &mut jb);
        a.check_invariants();
        back.check_invariants();
        (
            [asked, asked_back, effect.hash],
            [
                format!("{:?} {ja:?} {a:?}", ra.unwrap()),
                format!("{rb:?} {jb:?} {b:?}"),
                format!("{jback:?} {back:?}"),
                format!("{:?} {g:?}", [7]),
            ],
        )
    }

    #[test]
    fn the_checked_unanalysed_move_is_the_analysed_one() {
        // Random positions on grids and tori, linked and not: at every empty vertex with an
        // empty neighbour, for both players, the move made without the analysis under
        // positional superko (`Goban::play_unanalysed_unless`) asks about the hash the
        // analysis gives (captured chains included), and when let stand leaves the board,
        // journal and removed counts the analysed move leaves, field for field; when the
        // hash is taken for a repetition, the board and journal are given back as they were
        // (heads, counts, sums, the empty list's order). Captures of one and of several
        // chains and merges are among them.
        each_move_next_to_an_empty_point(31, |g, v, me, at| {
            assert_checked_is_analysed(g, v, me, at)
        });
    }

    #[test]
    fn the_unrefused_move_is_the_analysed_one() {
        // 400 random positions on grids and tori, linked and not: at every empty vertex with
        // no empty neighbour, for both players, `Goban::self_captures` says what the analysis
        // says (the move removes the mover's own stones), and a move it lets stand, made
        // without the analysis under simple ko (`Goban::play_unanalysed_unless`), asks
        // about the hash the analysis gives, leaves the board, journal and removed counts
        // of the analysed move when let stand, and the board and journal as they were when
        // taken back. Self-captures of a lone stone and of chains, captures, and moves
        // that join chains with another liberty are among them.
        let (mut lone, mut chains, mut capturing, mut joining) = (0, 0, 0, 0);
        random_quick_positions(37, 400, |round, g| {
            assert!(g.answers_self_capture());
            for v in 0..g.len() as u32 {
                if g.colour(v) != EMPTY || g.has_empty_neighbour(v) {
                    continue;
                }
                for me in [BLACK, WHITE] {
                    let at = format!("round {round}, vertex {v}, colour {me}");
                    let mut scratch = Scratch::default();
                    let (refused, effect) = if g.linked {
                        (
                            g.self_captures::<true>(v, me),
                            g.analyse_fixed::<true>(v, me, &mut scratch),
                        )
                    } else {
                        (
                            g.self_captures::<false>(v, me),
                            g.analyse_fixed::<false>(v, me, &mut scratch),
                        )
                    };
                    assert_eq!(refused, effect.own_removed > 0, "{at}: {effect:?}");
                    let own = g.neighbour_counts(v)[me as usize];
                    if refused {
                        lone += usize::from(own == 0);
                        chains += usize::from(own > 0);
                        continue;
                    }
                    capturing += usize::from(effect.opp_removed > 0);
                    joining += usize::from(own > 0 && effect.opp_removed == 0);
                    assert_checked_is_analysed(g, v, me, &at);
                }
            }
        });
        assert!(
            lone > 50 && chains > 50 && capturing > 50 && joining > 50,
            "{lone} lone and {chains} chain self-captures, {capturing} captures, {joining} joins"
        );
    }

    #[test]
    fn the_exactness_test_is_left_out_only_where_no_chain_needs_it() {
        // Random positions on grids and tori, linked and not, reached by random moves: at
        // every empty point, for both players, the analysis without the test of each
        // slot's pseudo-liberty count (`WIDE` false, which boards of fewer than 2^18
        // vertices take) gives the effect and lists the chains the analysis with it gives,
        // and no chain comes near the bound. Captures and self-captures are among them.
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(23);
        let (mut removing, mut all) = (0, 0);
        for round in 0..60 {
            let board = match round % 2 {
                0 => Board::grid(7, 6).unwrap(),
                _ => Board::torus(5, 6).unwrap(),
            };
            let n = board.len();
            let g = random_position(&board, round % 4 >= 2, &mut rng);
            assert!(g.table.len() < EXACT_SQUARES as usize, "a small board");
            for v in 0..n as u32 {
                if g.colour(v) != EMPTY {
                    continue;
                }
                for me in [BLACK, WHITE] {
                    let (mut narrow, mut wide) = (Scratch::default(), Scratch::default());
                    let (a, b) = if g.linked {
                        (
                            g.analyse_four::<true, false>(v, me, &mut narrow),
                            g.analyse_four::<true, true>(v, me, &mut wide),
                        )
                    } else {
                        (
                            g.analyse_four::<false, false>(v, me, &mut narrow),
                            g.analyse_four::<false, true>(v, me, &mut wide),
                        )
                    };
                    assert_eq!(a, b, "round {round}, vertex {v}, colour {me}");
                    let (x, y) = (narrow.around, wide.around);
                    assert!(x.used && y.used && x.at == v && y.at == v);
                    assert_eq!(x.caps[..x.ncaps], y.caps[..y.ncaps]);
                    assert_eq!(x.owns[..x.nowns], y.owns[..y.nowns]);
                    all += 1;
                    removing += usize::from(a.own_removed + a.opp_removed > 0);
                }
            }
            for h in (0..n as u32).filter(|&h| g.colour(h) != EMPTY && g.chain_of(h) == h) {
                let c = &g.node[h as usize].chain;
                assert!(c.plibs <= 4 * c.size, "chain {h}: {c:?}");
            }
        }
        assert!(
            removing > 100 && all > 1000,
            "{removing} of {all} remove stones"
        );
    }

    #[test]
    fn incremental_state_matches_a_rebuild_on_random_graphs() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        for round in 0..120 {
            let board = match round % 3 {
                0 => Board::grid(7, 6).unwrap(),
                1 => Board::torus(5, 5).unwrap(),
                _ => Board::complete(7).unwrap(),
            };
            let n = board.len();
            let mut g = goban_of(&board, &vec![EMPTY; n]);
            // Half the rounds link their chains (see `root`), half relabel them.
            if round >= 60 {
                g.set_linked(true);
            }
            for turn in 0..200 {
                let empties = g.empties().to_vec();
                if empties.is_empty() {
                    break;
                }
                let v = empties[rng.random_range(0..empties.len())];
                play(&mut g, v, 1 + (turn % 2) as u8);
            }
        }
    }

    #[test]
    fn the_walk_and_the_sum_of_squares_agree_on_atari() {
        // The walk is the exact test for chains of 2^20 pseudo-liberties or more; here both
        // must agree on every chain next to every empty point of random positions.
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
        let board = Board::grid(6, 6).unwrap();
        let (mut yes, mut no) = (0, 0);
        for _ in 0..200 {
            let colouring: Vec<u8> = (0..36).map(|_| rng.random_range(0..3u8)).collect();
            let g = goban_of(&board, &colouring);
            for v in 0..36u32 {
                if g.colour(v) != EMPTY {
                    continue;
                }
                for &w in g.neighbours(v) {
                    if g.colour(w) == EMPTY {
                        continue;
                    }
                    let h = g.chain_of(w);
                    let walk = g.only_liberty_by_walk(h, v);
                    assert_eq!(walk, g.only_liberty_is(h, v), "chain at {w}, point {v}");
                    if walk {
                        yes += 1;
                    } else {
                        no += 1;
                    }
                }
            }
        }
        assert!(yes > 100 && no > 100, "both answers occur: {yes} {no}");
    }

    #[test]
    #[cfg_attr(miri, ignore = "a million-vertex board: too slow under Miri")]
    fn a_chain_past_the_exact_squares_is_walked() {
        // A comb on a 1024 x 1030 grid (degree at most 4: the fixed table): Black holds row 0
        // and every even column, one chain with more than 2^20 pseudo-liberties, where the
        // sum-of-squares test is no longer exact and the analysis walks the chain instead.
        let (w, h) = (1024, 1030);
        let (off, adj) = crate::board::rows::grid_rows(w, h);
        let colouring: Vec<u8> = (0..w * h)
            .map(|v| {
                let (x, y) = (v % w, v / w);
                if y == 0 || x % 2 == 0 {
                    BLACK
                } else {
                    EMPTY
                }
            })
            .collect();
        let g = Goban::from_rows(off, adj, &colouring, u64::MAX);
        assert!(!g.table.is_empty(), "the fixed table");
        // So the analysis makes the test of each slot (`Goban::analyse_four_sized`).
        assert!(g.table.len() >= EXACT_SQUARES as usize);
        let black = g.chain_of(0);
        assert!(g.node[black as usize].chain.plibs >= EXACT_SQUARES);
        // White between two teeth: the comb has many liberties and is not captured.
        let v = (5 * w + 1) as u32;
        let mut s = Scratch::default();
        let effect = g.analyse(v, WHITE, &mut s);
        assert_eq!((effect.opp_removed, effect.own_removed), (0, 0));
        assert!(!g.only_liberty_is(black, v));
        // Black there joins its own chain and keeps its liberties.
        let effect = g.analyse(v, BLACK, &mut s);
        assert_eq!((effect.opp_removed, effect.own_removed), (0, 0));
    }

    #[test]
    #[should_panic(expected = "a board of the same graph")]
    fn a_board_is_reset_only_from_a_board_of_its_graph() {
        // The heads of a larger board would point past this one's arrays.
        let small = goban_of(&Board::grid(2, 2).expect("2x2"), &[EMPTY; 4]);
        let mut colouring = vec![EMPTY; 9];
        colouring[8] = BLACK;
        let large = goban_of(&Board::grid(3, 3).expect("3x3"), &colouring);
        let mut g = small.clone();
        g.reset_from(&large);
    }

    #[test]
    #[should_panic(expected = "a board of the same graph")]
    fn a_board_is_reset_only_from_a_board_of_its_layout() {
        // Six vertices each, but the complete graph has no fixed table and the grid has.
        let complete = goban_of(&Board::complete(6).expect("K6"), &[EMPTY; 6]);
        let grid = goban_of(&Board::grid(2, 3).expect("2x3"), &[EMPTY; 6]);
        let mut g = complete.clone();
        g.reset_from(&grid);
    }

    #[test]
    fn a_board_is_reset_to_the_colouring_of_another_of_its_graph() {
        let board = Board::grid(3, 3).expect("3x3");
        let mut colouring = vec![EMPTY; 9];
        colouring[4] = WHITE;
        let (empty, one) = (goban_of(&board, &[EMPTY; 9]), goban_of(&board, &colouring));
        let mut g = empty.clone();
        g.reset_from(&one);
        assert_eq!(g.colours(), one.colours());
        assert_eq!(g.hash(), one.hash());
        g.check_invariants();
    }

    #[test]
    fn past_the_exact_squares_the_walk_decides_not_the_sums() {
        // A black stone in the corner of a 3x3 grid (liberties 1 and 3), its chain record
        // forged to look like 2^20 pseudo-liberties all at 1: the sums alone would call a
        // White move at 1 a capture. Past the limit the analysis of a board that may hold
        // such a chain (`WIDE`, boards of 2^18 vertices or more: see
        // `a_chain_past_the_exact_squares_is_walked`) walks the chain instead. (A board this
        // small never holds one, and its analysis does not test for it.)
        let board = Board::grid(3, 3).expect("3x3");
        let mut colouring = vec![EMPTY; 9];
        colouring[0] = BLACK;
        let mut g = goban_of(&board, &colouring);
        let h = g.chain_of(0) as usize;
        let count = u64::from(EXACT_SQUARES);
        g.node[h].chain.plibs = EXACT_SQUARES;
        g.node[h].chain.lsum = count;
        g.node[h].chain.lsq = count;
        assert_eq!(
            g.only_liberty_is(h as u32, 3),
            g.only_liberty_by_walk(h as u32, 3)
        );
        let effect = g.analyse_four::<false, true>(1, WHITE, &mut Scratch::default());
        assert_eq!((effect.opp_removed, effect.own_removed), (0, 0));
    }

    #[test]
    fn the_slow_path_journals_every_changed_vertex_with_its_old_colour() {
        // A path of five set up as B W B . . : the white stone has no liberty, so the first
        // move takes the slow path (ggg1:2 on the whole board). Black at 4 removes it.
        let rows: Vec<Vec<usize>> = (0..5)
            .map(|v: usize| {
                [v.checked_sub(1), (v < 4).then_some(v + 1)]
                    .into_iter()
                    .flatten()
                    .collect()
            })
            .collect();
        let rows: Vec<&[usize]> = rows.iter().map(Vec::as_slice).collect();
        let mut g = Goban::new(&rows, &[BLACK, WHITE, BLACK, EMPTY, EMPTY], u64::MAX);
        assert!(g.has_dead_groups());
        let mut s = Scratch::default();
        let effect = g.analyse(4, BLACK, &mut s);
        assert_eq!((effect.opp_removed, effect.own_removed), (1, 0));
        let mut journal = Vec::new();
        let removed = g.commit(4, BLACK, &effect, &s, &mut journal);
        assert_eq!(removed, [0, 1]);
        // Entries `vertex << 2 | old colour`, in vertex order: 1 was white, 4 was empty.
        assert_eq!(
            journal,
            vec![1 << 2 | u32::from(WHITE), 4 << 2 | u32::from(EMPTY)]
        );
        assert_eq!(g.colours(), &[BLACK, EMPTY, BLACK, EMPTY, BLACK]);
        assert!(!g.has_dead_groups());
    }

    #[test]
    fn a_board_knows_its_size() {
        let none = Goban::new(&[], &[], u64::MAX);
        assert!(none.is_empty());
        assert_eq!(none.len(), 0);
        let grid = goban_of(&Board::grid(3, 2).expect("a 3x2 grid"), &[EMPTY; 6]);
        assert!(!grid.is_empty());
        assert_eq!(grid.len(), 6);
        assert_eq!(grid.empties().len(), 6);
    }

    #[test]
    fn area_counts_stones_and_territory() {
        // Path . X . O . : Black owns 1 (touches only Black), White owns 5; 3 touches both.
        let b = Board::path(5).unwrap();
        let g = goban_of(&b, &[EMPTY, BLACK, EMPTY, WHITE, EMPTY]);
        assert_eq!(g.area(false), [2, 2]);
        // An empty board: the one empty group touches nobody: both count it, or neither.
        let g = goban_of(&b, &[EMPTY; 5]);
        assert_eq!(g.area(false), [5, 5]);
        assert_eq!(g.area(true), [0, 0]);
    }

    #[test]
    fn the_prefetch_hints_ignore_indices_past_the_list() {
        for (off, adj) in [grid_rows(3, 3), random_graph_rows(12, 6, 5)] {
            let n = off.len() - 1;
            let g = Goban::from_rows(off, adj, &vec![EMPTY; n], u64::MAX);
            for i in [0, n - 1, n, n + 1, usize::MAX] {
                g.prefetch_entry(i);
                g.prefetch_vertex(i);
                g.prefetch_neighbours(i);
                g.prefetch_chains(i);
                g.prefetch_tail(i);
                assert_eq!(g.key_of_entry(i, BLACK).is_some(), i < n, "index {i}");
            }
        }
    }

    #[test]
    fn the_key_of_an_entry_is_what_a_quiet_move_there_adds_to_the_hash() {
        // A move that removes nothing changes the hash by its stone's key alone.
        let (off, adj) = grid_rows(4, 4);
        let mut g = Goban::from_rows(off, adj, &[EMPTY; 16], u64::MAX);
        for (turn, v) in [5u32, 6, 10, 0, 15].into_iter().enumerate() {
            let me = if turn % 2 == 0 { BLACK } else { WHITE };
            let i = g.empties().iter().position(|&w| w == v).expect("empty");
            let key = g.key_of_entry(i, me).expect("listed");
            assert_ne!(key, g.key_of_entry(i, 3 - me).expect("listed"));
            let before = g.hash();
            let (e, removed) = play(&mut g, v, me);
            assert_eq!(removed, [0, 0]);
            assert_eq!(e.hash, before ^ key, "move {turn} at {v}");
        }
    }

    #[test]
    fn boards_relabel_unless_told_to_link() {
        let (off, adj) = grid_rows(3, 3);
        let mut g = Goban::from_rows(off, adj, &[EMPTY; 9], u64::MAX);
        assert!(!g.linked(), "boards relabel by default");
        g.set_linked(true);
        assert!(g.linked());
        let (off, adj) = grid_rows(3, 3);
        let mut h = Goban::from_rows(off, adj, &[BLACK; 9], u64::MAX);
        h.reset_from(&g);
        assert!(h.linked(), "a reset copies the choice");
        g.set_linked(false);
        assert!(!g.linked());
    }

    #[test]
    fn a_linked_merge_points_one_head_at_the_other_and_every_stone_finds_it() {
        // A path of 11: Black's chains 1-4 and 6-8 (headed by 6, its first stone); the
        // stone at 5 joins the left one, which then absorbs the smaller right one.
        let (off, adj) = grid_rows(11, 1);
        for linked in [false, true] {
            let mut g = Goban::from_rows(off.clone(), adj.clone(), &[EMPTY; 11], u64::MAX);
            g.set_linked(linked);
            for v in [1, 2, 3, 4, 6, 7, 8] {
                play(&mut g, v, BLACK);
            }
            let (left, right) = (g.chain_of(1), g.chain_of(8));
            assert_ne!(left, right);
            assert_eq!(right, 6);
            play(&mut g, 5, BLACK);
            let h = g.chain_of(1);
            assert_eq!(h, left);
            assert!((1..9).all(|v| g.chain_of(v) == h), "linked: {linked}");
            assert_eq!(g.chain_of(9), 11, "an empty vertex names the sentinel");
            assert_eq!(g.node[h as usize].chain.size, 8);
            // Relabelling rewrites the head of every stone of the smaller chain; linking
            // only its head's, so 7 and 8 still name 6.
            let direct = (1..9).filter(|&v| g.node[v].head == h).count();
            assert_eq!(direct, if linked { 6 } else { 8 }, "linked: {linked}");
            // A move next to 8 shortens its path.
            play(&mut g, 9, WHITE);
            assert_eq!(g.node[8].head, h, "linked: {linked}");
            assert_eq!(g.node[7].head, if linked { 6 } else { h });
        }
    }

    #[test]
    fn a_stone_joins_the_first_of_its_chains_in_slot_order() {
        // 3x3, vertex y * 3 + x; the centre 4 has the slots 1, 3, 5, 7. Black stones at 1
        // and 7, chains of one stone each. Black at 4 joins the chain of 1, the first in
        // slot order, whose head stays (a merge of equal chains keeps the first), whether
        // the move is quiet or next to a white stone at 3 (the full analysis), on a board
        // that links its chains or relabels them: the chains, and so the games, do not
        // depend on the path. Had the stone started a chain of its own and then merged,
        // 4 would head it.
        for (white_at_3, quick, linked) in [
            (false, true, false),
            (false, false, false),
            (true, true, false),
            (false, true, true),
            (true, false, true),
        ] {
            let (off, adj) = grid_rows(3, 3);
            let mut g = Goban::from_rows(off, adj, &[EMPTY; 9], u64::MAX);
            g.set_quick(quick);
            g.set_linked(linked);
            play(&mut g, 1, BLACK);
            play(&mut g, 7, BLACK);
            if white_at_3 {
                play(&mut g, 3, WHITE);
            }
            play(&mut g, 4, BLACK);
            let case = format!("white at 3: {white_at_3}, quick: {quick}, linked: {linked}");
            assert_eq!(g.chain_of(4), 1, "{case}");
            assert_eq!(g.chain_of(7), 1, "{case}");
            assert_eq!(g.node[1].chain.size, 3, "{case}");
            // The ring from the head: the new stone went in after 1 (1, 4), then the merge
            // spliced 7's ring in after 1 (1, 7, 4).
            assert_eq!(g.stones(1).collect::<Vec<_>>(), [1, 7, 4], "{case}");
        }
    }
}
