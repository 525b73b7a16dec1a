//! The history of a game, for the repetition rules, in memory that grows with the changes
//! made rather than with the board: per turn a Zobrist hash, the player to move and the
//! journal of the vertices it changed (with their old colours).
//!
//! A repetition test is exact: a hash hit only names the earlier turns worth checking; each
//! is confirmed by walking the journal back to it, which gives the colouring of that turn on
//! the vertices changed since, and comparing it with the colouring the move would produce.
//! The two are equal iff they agree on those vertices and on the ones the move changes. So a
//! hash collision costs time and can never refuse a legal move.

/// Buffers reused from move to move, so the hot path does not allocate.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    /// The mover's chains next to the analysed move.
    pub own: Vec<u32>,
    /// The opponent's chains the analysed move captures.
    pub cap: Vec<u32>,
    /// The changes the analysed move makes: (vertex, new colour).
    pub delta: Vec<(u32, u8)>,
    /// The colouring after the analysed move, on the slow path.
    pub slow: Vec<u8>,
    /// Per-vertex stamps (chains seen, vertices confirmed), valid when equal to `generation`.
    pub mark: Vec<u32>,
    pub generation: u32,
    /// Per-vertex colours at the earlier turn being confirmed.
    then: Vec<u8>,
    /// The chains next to the analysed move, when the analysis ran on the fixed table.
    pub around: Around,
}

/// The chains next to a move analysed on the fixed neighbour table (at most four of each
/// kind), in fixed arrays so that the analysis collects them without a branch.
#[derive(Clone, Copy, Debug, Default)]
pub struct Around {
    /// The opponent's chains the move captures: `caps[..ncaps]`.
    pub caps: [u32; 4],
    pub ncaps: usize,
    /// The mover's chains next to the move: `owns[..nowns]`; a chain next to it in two
    /// places may be listed twice, except when the move is a self-capture.
    pub owns: [u32; 4],
    pub nowns: usize,
    /// True when the last analysis filled these instead of `Scratch::own` and `cap`.
    pub used: bool,
    /// The vertex of that analysis.
    pub at: u32,
}

impl Scratch {
    /// Starts a fresh generation of stamps over `n` vertices.
    pub fn next_generation(&mut self, n: usize) {
        if self.mark.len() < n {
            self.mark.resize(n, 0);
            self.then.resize(n, 0);
        }
        if self.generation >= u32::MAX - 2 {
            self.mark.iter_mut().for_each(|m| *m = 0);
            self.generation = 0;
        }
        self.generation += 1;
    }
}

/// A multimap from hash to turn index, by open addressing.
#[derive(Clone, Debug)]
struct HashIndex {
    slots: Vec<(u64, u32)>,
    len: usize,
}

const VACANT: u32 = u32::MAX;

impl HashIndex {
    fn new() -> HashIndex {
        HashIndex {
            slots: vec![(0, VACANT); 64],
            len: 0,
        }
    }

    fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = (0, VACANT));
        self.len = 0;
    }

    #[inline]
    fn start(&self, hash: u64) -> usize {
        // Fibonacci hashing: also spreads the degenerate keys of the collision tests.
        (hash.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & (self.slots.len() - 1)
    }

    fn insert(&mut self, hash: u64, turn: u32) {
        if 2 * (self.len + 1) > self.slots.len() {
            let bigger = vec![(0, VACANT); 2 * self.slots.len()];
            let old = std::mem::replace(&mut self.slots, bigger);
            self.len = 0;
            for (h, t) in old {
                if t != VACANT {
                    self.insert(h, t);
                }
            }
        }
        let mask = self.slots.len() - 1;
        let mut i = self.start(hash);
        while self.slots[i].1 != VACANT {
            i = (i + 1) & mask;
        }
        self.slots[i] = (hash, turn);
        self.len += 1;
    }

    /// A hint that `hash` is looked up soon.
    #[inline]
    fn prefetch(&self, hash: u64) {
        super::goban::prefetch(&self.slots[self.start(hash)]);
    }

    /// Calls `found` with every turn stored under `hash` until it returns true.
    #[inline]
    fn any(&self, hash: u64, mut found: impl FnMut(u32) -> bool) -> bool {
        let mask = self.slots.len() - 1;
        let mut i = self.start(hash);
        loop {
            let (h, t) = self.slots[i];
            if t == VACANT {
                return false;
            }
            if h == hash && found(t) {
                return true;
            }
            i = (i + 1) & mask;
        }
    }
}

/// Which earlier turns a repetition test looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lookup {
    /// Every earlier colouring (positional superko).
    Positional,
    /// Every earlier colouring with the given player to move (situational superko).
    Situational,
    /// None: the history keeps only what the simple ko rule and the journal need.
    Recent,
}

/// What the history keeps of one turn.
#[derive(Clone, Copy, Debug)]
struct TurnEntry {
    /// The Zobrist hash of the colouring after the turn.
    hash: u64,
    /// The journal length once the turn was recorded.
    end: u32,
    /// The player to move after the turn.
    to_move: u8,
    /// True when the turn was a move (false for a pass and for the start).
    by_move: bool,
}

/// Every turn of a game: hashes, players to move and the journal of changes.
#[derive(Clone, Debug)]
pub struct History {
    /// One entry per turn (turn 0 is the start): one push per turn, one cache line read.
    turns: Vec<TurnEntry>,
    /// `vertex << 2 | old colour`, turn after turn.
    journal: Vec<u32>,
    index: Option<HashIndex>,
    lookup: Lookup,
    /// `repetition: ko-point`: the ko point and the colour it is forbidden to, kept by
    /// [`GggGame`](super::GggGame) (`None` under the other rules).
    pub ko_point: Option<(u32, u8)>,
    /// The turn of the most recent pass (the colouring it left), 0 (the start) before any.
    last_pass: u32,
}

impl History {
    /// The history of a game that starts at a colouring with this hash and player to move.
    pub fn new(lookup: Lookup, hash: u64, to_move: u8) -> History {
        let mut h = History {
            turns: Vec::new(),
            journal: Vec::new(),
            index: (lookup != Lookup::Recent).then(HashIndex::new),
            lookup,
            ko_point: None,
            last_pass: 0,
        };
        h.restart(hash, to_move);
        h
    }

    /// A hint that a colouring of this hash is looked up soon (nothing without an index).
    #[inline]
    pub fn prefetch(&self, hash: u64) {
        if let Some(ix) = &self.index {
            ix.prefetch(hash);
        }
    }

    /// Forgets every turn and starts again.
    pub fn restart(&mut self, hash: u64, to_move: u8) {
        self.turns.clear();
        self.journal.clear();
        if let Some(ix) = &mut self.index {
            ix.clear();
        }
        self.ko_point = None;
        self.last_pass = 0;
        self.push_entry(hash, to_move, false);
    }

    /// The number of colourings recorded (the start and one per move or pass).
    #[inline]
    pub fn len(&self) -> usize {
        self.turns.len()
    }

    /// Never true: the start is always recorded.
    pub fn is_empty(&self) -> bool {
        self.turns.is_empty()
    }

    /// The journal, for [`Goban::commit`](super::goban::Goban::commit) to append a move's
    /// changes to before [`History::record`].
    #[inline]
    pub fn journal(&mut self) -> &mut Vec<u32> {
        &mut self.journal
    }

    /// The journal, and a test whether any recorded colouring has a given hash (true
    /// without a hash index): for a move made without its analysis under positional
    /// superko ([`Goban::play_unanalysed_unless`](super::goban::Goban::play_unanalysed_unless)).
    /// A hash no colouring has cannot repeat one; a hash one has is a repetition or a
    /// collision, which the caller then tells apart with [`History::repeats`].
    #[inline]
    pub(crate) fn journal_and_seen(&mut self) -> (&mut Vec<u32>, impl FnOnce(u64) -> bool + '_) {
        let index = &self.index;
        let seen = move |hash: u64| index.as_ref().is_none_or(|ix| ix.any(hash, |_| true));
        (&mut self.journal, seen)
    }

    /// The journal, and a test whether the colouring before the opponent's last turn has a
    /// given hash: for a move made without its analysis under simple ko
    /// ([`Goban::play_unanalysed_unless`](super::goban::Goban::play_unanalysed_unless)). A
    /// hash it has not cannot repeat it; a hash it has is a repetition or a collision, which
    /// the caller then tells apart with [`History::repeats_previous`].
    #[inline]
    pub(crate) fn journal_and_previous(
        &mut self,
    ) -> (&mut Vec<u32>, impl FnOnce(u64) -> bool + '_) {
        let turns = &self.turns;
        let seen = move |hash: u64| {
            let n = turns.len();
            n >= 2 && turns[n - 2].hash == hash
        };
        (&mut self.journal, seen)
    }

    /// Records the turn whose changes were just appended to the journal; `moved` is false
    /// for a pass.
    #[inline]
    pub fn record(&mut self, hash: u64, to_move: u8, moved: bool) {
        self.push_entry(hash, to_move, moved);
    }

    #[inline]
    fn push_entry(&mut self, hash: u64, to_move: u8, moved: bool) {
        let turn = self.turns.len() as u32;
        if !moved {
            self.last_pass = turn;
        }
        self.turns.push(TurnEntry {
            hash,
            end: self.journal.len() as u32,
            to_move,
            by_move: moved,
        });
        if let Some(ix) = &mut self.index {
            // A pass repeats the colouring before it: positional tests need it once only
            // (and the start, turn 0, always).
            if moved || turn == 0 || self.lookup == Lookup::Situational {
                ix.insert(hash, turn);
            }
        }
    }

    /// The changes of the move being made, appended to the journal since the last recorded
    /// turn (for the ko point, before [`History::record`]).
    pub fn pending_changes(&self) -> &[u32] {
        let end = self.turns.last().map_or(0, |t| t.end as usize);
        &self.journal[end..]
    }

    /// True when the colouring of turn `turn` equals the current colouring changed by
    /// `scratch.delta`. Walks the journal back to that turn.
    pub fn same_as(&self, turn: usize, current: &[u8], scratch: &mut Scratch) -> bool {
        scratch.next_generation(current.len());
        scratch.generation += 1; // two stamps: g (changed since), g + 1 (compared already)
        let g = scratch.generation - 1;
        let since = &self.journal[self.turns[turn].end as usize..];
        // Walking backwards, the earliest change of a vertex writes last: its old colour is
        // the colour at `turn`.
        for &e in since.iter().rev() {
            let u = (e >> 2) as usize;
            scratch.then[u] = (e & 3) as u8;
            scratch.mark[u] = g;
        }
        for &(u, new) in &scratch.delta {
            let u = u as usize;
            let then = if scratch.mark[u] == g {
                scratch.then[u]
            } else {
                current[u]
            };
            if then != new {
                return false;
            }
            scratch.mark[u] = g + 1;
        }
        since.iter().all(|&e| {
            let u = (e >> 2) as usize;
            scratch.mark[u] != g || scratch.then[u] == current[u]
        })
    }

    /// True when a move producing the colouring with hash `hash` (the current colouring
    /// changed by `scratch.delta`, filled on demand by `fill`) repeats an earlier colouring
    /// (positional superko) or, when `next` names the player to move after it, an earlier
    /// colouring with that player to move (situational superko).
    #[inline]
    pub fn repeats(
        &self,
        hash: u64,
        next: Option<u8>,
        current: &[u8],
        scratch: &mut Scratch,
        fill: impl FnMut(&mut Scratch),
    ) -> bool {
        self.repeats_where(hash, current, scratch, fill, |e| {
            next.is_none_or(|p| e.to_move == p)
        })
    }

    /// Natural situational superko: true when a move producing the colouring with hash
    /// `hash` gives a colouring that an earlier *move* produced with `next` to move after it
    /// (passes and the start do not count).
    pub fn repeats_a_move(
        &self,
        hash: u64,
        next: u8,
        current: &[u8],
        scratch: &mut Scratch,
        fill: impl FnMut(&mut Scratch),
    ) -> bool {
        self.repeats_where(hash, current, scratch, fill, |e| {
            e.by_move && e.to_move == next
        })
    }

    /// `repetition_end: third-situation-no-result`: true when a move producing the
    /// colouring with hash `hash`, with `next` to move after it, gives a situation that
    /// occurred at least twice since the most recent pass (the situation that pass left
    /// included; since the start, the start included, when no pass was made). Only the
    /// turns since that pass are confirmed; earlier ones under the same hash are skipped
    /// by their index.
    pub fn occurred_twice_since_pass(
        &self,
        hash: u64,
        next: u8,
        current: &[u8],
        scratch: &mut Scratch,
        fill: impl FnMut(&mut Scratch),
    ) -> bool {
        let since = self.last_pass;
        self.found_where(hash, current, scratch, fill, 2, |t, e| {
            t >= since && e.to_move == next
        })
    }

    /// [`History::repeats`] over the earlier turns that `counts` keeps.
    #[inline]
    fn repeats_where(
        &self,
        hash: u64,
        current: &[u8],
        scratch: &mut Scratch,
        fill: impl FnMut(&mut Scratch),
        counts: impl Fn(&TurnEntry) -> bool,
    ) -> bool {
        self.found_where(hash, current, scratch, fill, 1, |_, e| counts(e))
    }

    /// True when at least `times` earlier turns that `counts` keeps (given their index)
    /// have the colouring of the move: each hash hit confirmed by [`History::same_as`].
    #[inline]
    fn found_where(
        &self,
        hash: u64,
        current: &[u8],
        scratch: &mut Scratch,
        mut fill: impl FnMut(&mut Scratch),
        times: u32,
        counts: impl Fn(u32, &TurnEntry) -> bool,
    ) -> bool {
        let Some(ix) = &self.index else {
            unreachable!("a superko lookup needs the hash index");
        };
        let mut filled = false;
        let mut found = 0;
        ix.any(hash, |t| {
            if !counts(t, &self.turns[t as usize]) {
                return false;
            }
            if !filled {
                fill(scratch);
                filled = true;
            }
            if self.same_as(t as usize, current, scratch) {
                found += 1;
            }
            found >= times
        })
    }

    /// Simple ko: true when the move gives back the colouring from before the opponent's
    /// last turn.
    #[inline]
    pub fn repeats_previous(
        &self,
        hash: u64,
        current: &[u8],
        scratch: &mut Scratch,
        fill: impl FnOnce(&mut Scratch),
    ) -> bool {
        let n = self.turns.len();
        if n < 2 || self.turns[n - 2].hash != hash {
            return false;
        }
        fill(scratch);
        self.same_as(n - 2, current, scratch)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::goban::{BLACK, EMPTY, WHITE};

    // Two vertices, colourings written [vertex 0, vertex 1]. The history does not compute
    // hashes: each colouring gets a made-up hash, distinct unless a test wants a collision.
    const BOTH_EMPTY: u64 = 100;
    const BLACK_ON_0: u64 = 101;

    /// Whether a move that changes the current colouring by `delta` and is hashed `hash`
    /// repeats an earlier colouring (`next`: the player to move after it, for situational
    /// superko).
    fn repeats(
        h: &History,
        hash: u64,
        next: Option<u8>,
        current: &[u8],
        delta: &[(u32, u8)],
    ) -> bool {
        let mut scratch = Scratch::default();
        h.repeats(hash, next, current, &mut scratch, |s| {
            s.delta.clear();
            s.delta.extend_from_slice(delta);
        })
    }

    /// A journal entry: vertex `v` had colour `old` before the turn.
    fn was(v: u32, old: u8) -> u32 {
        v << 2 | old as u32
    }

    /// Black plays at vertex 0 of the empty pair: the journal gets (0, was empty).
    fn black_on_0(h: &mut History) {
        h.journal().push(was(0, EMPTY));
        h.record(BLACK_ON_0, WHITE, true);
    }

    #[test]
    fn the_hash_index_doubles_when_it_would_be_more_than_half_full() {
        // Load at most one half keeps linear probing short; the table starts at 64 slots.
        let mut ix = HashIndex::new();
        for k in 0..1000u32 {
            let hash = u64::from(k).wrapping_mul(0x2545_F491_4F6C_DD1D);
            ix.insert(hash, k);
            let len = k as usize + 1;
            let expected = (2 * len).next_power_of_two().max(64);
            assert_eq!(ix.slots.len(), expected, "{len} entries");
        }
        // Every entry is found again, under its own turn only.
        for k in 0..1000u32 {
            let hash = u64::from(k).wrapping_mul(0x2545_F491_4F6C_DD1D);
            assert!(ix.any(hash, |t| t == k), "entry {k}");
            assert!(!ix.any(hash, |t| t == k + 1000));
        }
        ix.clear();
        assert!(!ix.any(0x2545_F491_4F6C_DD1D, |_| true), "cleared");
    }

    #[test]
    fn the_length_counts_the_start_and_every_turn() {
        let mut h = History::new(Lookup::Positional, BOTH_EMPTY, BLACK);
        assert_eq!(h.len(), 1, "the start");
        assert!(!h.is_empty());
        black_on_0(&mut h);
        h.record(BLACK_ON_0, BLACK, false); // White passes
        assert_eq!(h.len(), 3);
        h.restart(BLACK_ON_0, BLACK);
        assert_eq!(h.len(), 1);
    }

    #[test]
    fn positional_superko_finds_the_start_and_only_real_repeats() {
        let mut h = History::new(Lookup::Positional, BOTH_EMPTY, BLACK);
        black_on_0(&mut h);
        let current = [BLACK, EMPTY];
        // A move that empties vertex 0 gives back the empty pair of turn 0.
        assert!(repeats(&h, BOTH_EMPTY, None, &current, &[(0, EMPTY)]));
        // The same hash on a colouring never seen (a collision) is no repeat.
        assert!(!repeats(&h, BOTH_EMPTY, None, &current, &[(1, WHITE)]));
        // A move that changes nothing (a lone stone removed at once) repeats the current one.
        assert!(repeats(&h, BLACK_ON_0, None, &current, &[]));
    }

    #[test]
    fn a_restart_forgets_every_earlier_colouring() {
        let mut h = History::new(Lookup::Positional, BOTH_EMPTY, BLACK);
        black_on_0(&mut h);
        // Start again from X . : the empty pair is no longer in the game.
        h.restart(BLACK_ON_0, WHITE);
        let current = [BLACK, EMPTY];
        assert!(!repeats(&h, BOTH_EMPTY, None, &current, &[(0, EMPTY)]));
        // The new start itself is recorded, once, as turn 0.
        assert!(repeats(&h, BLACK_ON_0, None, &current, &[]));
    }

    #[test]
    fn situational_superko_counts_a_pass_as_a_new_situation() {
        // Black passes at the empty pair: (empty pair, White to move) exists only as the
        // situation the pass made; turn 0 is (empty pair, Black to move).
        let mut h = History::new(Lookup::Situational, BOTH_EMPTY, BLACK);
        h.record(BOTH_EMPTY, WHITE, false);
        h.journal().push(was(0, EMPTY));
        h.record(BLACK_ON_0, BLACK, true); // White plays at 0 (the colour does not matter here)
        let current = [WHITE, EMPTY];
        // A Black move emptying vertex 0 leaves White to move at the empty pair: a repeat.
        assert!(repeats(
            &h,
            BOTH_EMPTY,
            Some(WHITE),
            &current,
            &[(0, EMPTY)]
        ));
        // With Black to move after it, the same colouring repeats turn 0.
        assert!(repeats(
            &h,
            BOTH_EMPTY,
            Some(BLACK),
            &current,
            &[(0, EMPTY)]
        ));
        let mut fresh = History::new(Lookup::Situational, BOTH_EMPTY, BLACK);
        fresh.journal().push(was(0, EMPTY));
        fresh.record(BLACK_ON_0, WHITE, true);
        // Without the pass, (empty pair, White to move) never occurred.
        assert!(!repeats(
            &fresh,
            BOTH_EMPTY,
            Some(WHITE),
            &[BLACK, EMPTY],
            &[(0, EMPTY)]
        ));
    }

    #[test]
    fn natural_situational_superko_counts_only_colourings_a_move_gave() {
        let delta: &[(u32, u8)] = &[(0, EMPTY)];
        let by_move = |h: &History, next: u8| {
            let mut scratch = Scratch::default();
            h.repeats_a_move(BOTH_EMPTY, next, &[BLACK, EMPTY], &mut scratch, |s| {
                s.delta.clear();
                s.delta.extend_from_slice(delta);
            })
        };
        // The start (empty pair, Black to move) and a pass (empty pair, White to move): no
        // move gave the empty pair, so emptying vertex 0 repeats nothing under this rule,
        // whoever is to move after it (situational superko would find both).
        let mut h = History::new(Lookup::Situational, BOTH_EMPTY, BLACK);
        h.record(BOTH_EMPTY, WHITE, false);
        black_on_0(&mut h);
        assert!(!by_move(&h, WHITE) && !by_move(&h, BLACK));
        assert!(repeats(&h, BOTH_EMPTY, Some(WHITE), &[BLACK, EMPTY], delta));
        // A move that gave the empty pair with White to move next (Black's stone removed by
        // a move of Black's, say): now it counts, for that player to move only.
        h.journal().push(was(0, BLACK));
        h.record(BOTH_EMPTY, WHITE, true);
        h.journal().push(was(0, EMPTY));
        h.record(BLACK_ON_0, BLACK, true);
        assert!(by_move(&h, WHITE));
        assert!(!by_move(&h, BLACK));
        // The changes of a move not yet recorded are the journal's tail.
        assert!(h.pending_changes().is_empty());
        h.journal().push(was(1, EMPTY));
        assert_eq!(h.pending_changes(), [was(1, EMPTY)]);
    }

    #[test]
    fn simple_ko_looks_at_the_colouring_before_the_opponents_turn_only() {
        let mut h = History::new(Lookup::Recent, BOTH_EMPTY, BLACK);
        let current = [BLACK, EMPTY];
        black_on_0(&mut h);
        // White's move emptying vertex 0 gives back the colouring before Black's turn.
        let mut s = Scratch::default();
        let back = |s: &mut Scratch| {
            s.delta.clear();
            s.delta.push((0, EMPTY));
        };
        assert!(h.repeats_previous(BOTH_EMPTY, &current, &mut s, back));
        // After one more turn (White passes), the empty pair is two turns back: allowed.
        h.record(BLACK_ON_0, BLACK, false);
        assert!(!h.repeats_previous(BOTH_EMPTY, &current, &mut s, back));
        // At the start there is no earlier turn at all.
        let h = History::new(Lookup::Recent, BOTH_EMPTY, BLACK);
        assert!(!h.repeats_previous(BOTH_EMPTY, &[EMPTY, EMPTY], &mut s, |_| {}));
    }

    #[test]
    fn the_stamps_start_over_before_they_overflow() {
        let mut h = History::new(Lookup::Positional, BOTH_EMPTY, BLACK);
        black_on_0(&mut h);
        let mut scratch = Scratch {
            generation: u32::MAX - 3,
            ..Scratch::default()
        };
        for _ in 0..6 {
            let found = h.repeats(BOTH_EMPTY, None, &[BLACK, EMPTY], &mut scratch, |s| {
                s.delta.clear();
                s.delta.push((0, EMPTY));
            });
            assert!(found, "generation {}", scratch.generation);
        }
        assert!(scratch.generation < 100, "the stamps started over");
    }

    #[test]
    fn a_repetition_test_leaves_no_stamp_that_hides_a_chain_from_the_next_analysis() {
        use crate::engine::goban::Goban;
        // The complete graph on 18 vertices (degree 17: `analyse` stamps chains there).
        // Black at 1, White on 2..17, 0 empty: each group's one liberty is 0.
        let board = crate::board::Board::complete(18).unwrap();
        let rows: Vec<&[usize]> = (0..18).map(|v| board.neighbours(v)).collect();
        let mut colouring = vec![WHITE; 18];
        colouring[0] = EMPTY;
        colouring[1] = BLACK;
        let goban = Goban::new(&rows, &colouring, u64::MAX);
        let h = History::new(Lookup::Positional, goban.hash(), WHITE);
        // A repetition test that compares vertex 1 (the Black stone's own vertex).
        let mut scratch = Scratch {
            delta: vec![(1, BLACK)],
            ..Scratch::default()
        };
        assert!(h.same_as(0, goban.colours(), &mut scratch));
        // White at 0 fills Black's last liberty: Black's stone goes first (ggg1:2), and
        // then White's group has a liberty at 1 and stays.
        let effect = goban.analyse(0, WHITE, &mut scratch);
        assert_eq!((effect.opp_removed, effect.own_removed), (1, 0));
    }
}
