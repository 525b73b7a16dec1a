//! The board play of Topological Go (`topo:D9`) worked out from what lies around the
//! placement, on go-spaces where the closure of every placement is connected (the go-space
//! of a graph, `topo:EX2`, is one), from a *settled* colouring: every coloured point lies in
//! a stone of its colour and every string has liberty (the start of a game may not be
//! settled; every board play leaves one).
//!
//! Why it is exact (each step from the definitions; `spec/topological.md`, "The engine",
//! gives the same facts):
//! - In a finite space a closed set is a down-set of the specialisation preorder, so two
//!   closed sets holding comparable points meet; two connected closed sets have a connected
//!   union exactly when they meet (disjoint closed sets split their union). So stones are
//!   go-connected together (`topo:D5`) exactly when the graph of whose closures meet,
//!   restricted to them, is connected: a string (`topo:D7`) is a component of that graph
//!   among the stones of one colour, never empty (so reading 11 does not arise), and it has
//!   liberty (`topo:D6`) exactly when a legal placement's closure meets a stone's closure.
//!   Say such placements *touch*.
//! - Two stones of one colour sharing a point touch, so clearing (`topo:D8`) empties exactly
//!   the points of the stones of the strings without liberty.
//! - Placing e (the mover's colour c): the legal placements lost are those meeting e (the
//!   *overlap* of e, e included). The opponent's stones and strings do not change, and a
//!   string of the opponent is cleared exactly when all its liberties meet e. The stones
//!   the mover gains are the placements meeting e that are now all of colour c; they touch
//!   e, so with the mover's strings they touch they make one string M. M keeps a liberty
//!   when one of its old strings has a liberty not meeting e, a gained stone touches a
//!   legal placement not meeting e, or a placement the capture empties touches M. Any
//!   other string of the mover is cleared when all its liberties meet e and no placement
//!   the capture empties touches it.
//! - Liberties are counted exactly, not listed: a string has all its liberties among the
//!   overlap of e when the number of its liberties in the overlap equals the number it has.
//!
//! [`Strings::of`] labels the strings of a colouring in one pass over the touch lists;
//! [`Strings::board_play`] then costs what lies around the placement.

use crate::board::space::GoSpace;

use super::super::goban::{BLACK, EMPTY, WHITE};

/// Marks a placement that is no stone.
const NONE: u32 = u32::MAX;
/// The state of a placement that is neither empty nor one colour.
const MIXED: u8 = 3;

/// Lists in compressed rows: list `i` is `flat[start[i]..start[i + 1]]`.
#[derive(Clone, Debug, Default)]
struct Rows {
    start: Vec<u32>,
    flat: Vec<u32>,
}

impl Rows {
    fn of(lists: impl IntoIterator<Item = Vec<u32>>) -> Rows {
        let mut rows = Rows {
            start: vec![0],
            flat: Vec::new(),
        };
        for list in lists {
            rows.flat.extend(list);
            rows.start.push(rows.flat.len() as u32);
        }
        rows
    }

    #[inline]
    fn row(&self, i: usize) -> &[u32] {
        &self.flat[self.start[i] as usize..self.start[i + 1] as usize]
    }
}

/// Marks renewed by a generation count instead of clearing.
#[derive(Clone, Debug, Default)]
struct Marks {
    stamp: Vec<u32>,
    now: u32,
}

impl Marks {
    fn renew(&mut self, len: usize) {
        if self.stamp.len() < len {
            self.stamp.resize(len, 0);
        }
        self.now = self.now.wrapping_add(1);
        if self.now == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.now = 1;
        }
    }

    /// Marks `i`; true when it was not marked yet.
    #[inline]
    fn mark(&mut self, i: usize) -> bool {
        let fresh = self.stamp[i] != self.now;
        self.stamp[i] = self.now;
        fresh
    }

    #[inline]
    fn marked(&self, i: usize) -> bool {
        self.stamp[i] == self.now
    }
}

/// What the local board play needs of a go-space, computed once per space.
#[derive(Clone, Debug)]
pub struct Index {
    points: usize,
    /// Each placement's points.
    placement: Rows,
    /// Each point's placements.
    containing: Rows,
    /// Each placement's overlap: the placements sharing a point with it (itself included).
    overlap: Rows,
    /// The placements whose closure meets each placement's closure (itself included).
    touching: Rows,
}

impl Index {
    /// The index of `space`, or `None` when the closure of some placement is not connected
    /// (then the local board play does not apply).
    pub fn new(space: &GoSpace) -> Option<Index> {
        let n = space.points();
        let m = space.placements().len();
        let placement = Rows::of(
            space
                .placements()
                .iter()
                .map(|p| p.iter().map(|&x| x as u32).collect()),
        );
        let mut containing = vec![Vec::new(); n];
        for t in 0..m {
            for &x in placement.row(t) {
                containing[x as usize].push(t as u32);
            }
        }
        let containing = Rows::of(containing);
        // The smallest open sets, read once from the space's sets into flat lists.
        let nbhd = Rows::of((0..n).map(|x| {
            space
                .neighbourhood(x)
                .iter()
                .map(|&a| a as u32)
                .collect::<Vec<u32>>()
        }));
        // x lies in the closure of a set exactly when N(x) meets it: `up[a]` lists the x
        // with a in N(x), so the closure of a placement is the union of `up` over its points.
        let mut up = vec![Vec::new(); n];
        for x in 0..n {
            for &a in nbhd.row(x) {
                up[a as usize].push(x as u32);
            }
        }
        let mut in_closure = Marks::default();
        let mut seen = Marks::default();
        let mut reached = Marks::default();
        let (mut overlap, mut touching) = (Vec::with_capacity(m), Vec::with_capacity(m));
        let mut closure: Vec<u32> = Vec::new();
        let mut stack: Vec<u32> = Vec::new();
        for t in 0..m {
            seen.renew(m);
            let mut over: Vec<u32> = Vec::new();
            for &x in placement.row(t) {
                for &q in containing.row(x as usize) {
                    if seen.mark(q as usize) {
                        over.push(q);
                    }
                }
            }
            over.sort_unstable();
            overlap.push(over);
            in_closure.renew(n);
            closure.clear();
            for &a in placement.row(t) {
                for &x in &up[a as usize] {
                    if in_closure.mark(x as usize) {
                        closure.push(x);
                    }
                }
            }
            // Connected: a search of the comparability graph inside the closure.
            reached.renew(n);
            reached.mark(closure[0] as usize);
            stack.clear();
            stack.push(closure[0]);
            let mut count = 1;
            while let Some(x) = stack.pop() {
                for &y in space.comparable(x as usize) {
                    if in_closure.marked(y) && reached.mark(y) {
                        count += 1;
                        stack.push(y as u32);
                    }
                }
            }
            if count != closure.len() {
                return None;
            }
            // q's closure meets t's when some x of t's closure has a point of q in N(x).
            seen.renew(m);
            let mut touch: Vec<u32> = Vec::new();
            for &x in &closure {
                for &a in nbhd.row(x as usize) {
                    for &q in containing.row(a as usize) {
                        if seen.mark(q as usize) {
                            touch.push(q);
                        }
                    }
                }
            }
            touch.sort_unstable();
            touching.push(touch);
        }
        Some(Index {
            points: n,
            placement,
            containing,
            overlap: Rows::of(overlap),
            touching: Rows::of(touching),
        })
    }

    /// The number of placements.
    pub fn placements(&self) -> usize {
        self.overlap.start.len() - 1
    }

    /// The points of placement `e`.
    #[inline]
    pub fn points_of(&self, e: usize) -> &[u32] {
        self.placement.row(e)
    }
}

/// The strings of a settled colouring, their liberty counts, and the strings each legal
/// placement is a liberty of.
#[derive(Clone, Debug, Default)]
pub struct Strings {
    /// Per placement: `EMPTY` (a legal placement, `topo:D4`), `BLACK` or `WHITE` (a stone,
    /// `topo:D3`), or mixed.
    state: Vec<u8>,
    /// Per placement: its string, or `NONE`.
    string_of: Vec<u32>,
    /// Per string: its colour, its stones and how many legal placements touch it.
    colour: Vec<u8>,
    stones: Rows,
    liberties: Vec<u32>,
    /// Per placement: the strings it is a liberty of (empty unless legal).
    liberty_of: Rows,
    /// The labelling's own scratch: (placement, string) for every liberty, and the
    /// placements already counted as liberties of the string being labelled.
    pairs: Vec<(u32, u32)>,
    counted: Marks,
}
/// The scratch of [`Strings::board_play`], reused from one placement to the next.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    over: Marks,
    placed: Marks,
    /// Strings with a liberty in the overlap, and how many (`hits[g]`, valid when marked).
    hit: Marks,
    hits: Vec<u32>,
    hit_list: Vec<u32>,
    cleared: Marks,
    emptied: Marks,
    gained: Marks,
    joined: Marks,
    captured: Vec<u32>,
    made_legal: Vec<u32>,
    gained_list: Vec<u32>,
    joined_list: Vec<u32>,
    own_cleared: Vec<u32>,
    /// The points the board play changes, with their new colours.
    pub changes: Vec<(u32, u8)>,
}

impl Strings {
    /// The strings of `f`, or `None` when `f` is not settled (a coloured point in no stone
    /// of its colour, or a string without liberty).
    pub fn of(index: &Index, f: &[u8]) -> Option<Strings> {
        let mut strings = Strings::default();
        strings.label(index, f, false).then_some(strings)
    }

    /// Labels the strings of `f` in place of those held (their buffers reused); false when
    /// `f` is not settled (a coloured point in no stone of its colour, or a string without
    /// liberty), and then what is held means nothing. `played` says `f` was produced by a
    /// board play, which leaves every coloured point in a stone of its colour (`topo:RES2`:
    /// clearing keeps a point only under a stone whose string has liberty), so that the
    /// check of the points is skipped.
    pub fn label(&mut self, index: &Index, f: &[u8], played: bool) -> bool {
        let m = index.placements();
        self.state.clear();
        self.state.extend((0..m).map(|t| {
            let pts = index.placement.row(t);
            let first = f[pts[0] as usize];
            if pts[1..].iter().all(|&x| f[x as usize] == first) {
                first
            } else {
                MIXED
            }
        }));
        let state = &self.state;
        let covered = played
            || (0..index.points).all(|x| {
                f[x] == EMPTY
                    || index
                        .containing
                        .row(x)
                        .iter()
                        .any(|&t| state[t as usize] == f[x])
            });
        if !covered {
            return false;
        }
        let Strings {
            state,
            string_of,
            colour,
            stones,
            liberties,
            pairs,
            counted,
            ..
        } = self;
        string_of.clear();
        string_of.resize(m, NONE);
        colour.clear();
        stones.start.clear();
        stones.start.push(0);
        stones.flat.clear();
        liberties.clear();
        pairs.clear();
        for s in 0..m {
            let c = state[s];
            if !(c == BLACK || c == WHITE) || string_of[s] != NONE {
                continue;
            }
            let g = colour.len() as u32;
            colour.push(c);
            counted.renew(m);
            let first = stones.flat.len();
            string_of[s] = g;
            stones.flat.push(s as u32);
            let mut i = first;
            let mut libs = 0;
            while i < stones.flat.len() {
                let t = stones.flat[i] as usize;
                i += 1;
                for &q in index.touching.row(t) {
                    let qi = q as usize;
                    if state[qi] == EMPTY {
                        if counted.mark(qi) {
                            libs += 1;
                            pairs.push((q, g));
                        }
                    } else if state[qi] == c && string_of[qi] == NONE {
                        string_of[qi] = g;
                        stones.flat.push(q);
                    }
                }
            }
            if libs == 0 {
                return false;
            }
            stones.start.push(stones.flat.len() as u32);
            liberties.push(libs);
        }
        // Counting sort of the pairs by placement: `start[q + 1]` first counts row q, then
        // (summed) marks its end, then counts down to its beginning as the row is filled
        // from the back; shifted down by one, the starts are the rows'.
        let start = &mut self.liberty_of.start;
        start.clear();
        start.resize(m + 1, 0);
        for &(q, _) in &self.pairs {
            start[q as usize + 1] += 1;
        }
        for i in 0..m {
            start[i + 1] += start[i];
        }
        let flat = &mut self.liberty_of.flat;
        flat.clear();
        flat.resize(self.pairs.len(), 0);
        for &(q, g) in self.pairs.iter().rev() {
            let end = &mut start[q as usize + 1];
            *end -= 1;
            flat[*end as usize] = g;
        }
        start.copy_within(1.., 0);
        start[m] = self.pairs.len() as u32;
        true
    }

    /// True when the board play of colour `c` at the legal placement `e` changes the
    /// points of `e` only, each to `c`: `e` shares no point with another placement, no
    /// string has `e` for its only liberty (so nothing is captured and no string of the
    /// mover is cleared but the one `e` makes), and that string keeps a liberty (a string
    /// of the mover it joins has another liberty, which meets neither `e` nor anything
    /// placed; or `e` touches another legal placement). False does not say the play does
    /// more: a placement overlapping others is left to [`Strings::board_play`].
    #[inline]
    pub fn plays_quietly(&self, index: &Index, e: usize, c: u8) -> bool {
        if index.overlap.row(e).len() != 1 {
            return false;
        }
        // The strings e is a liberty of are those touching it, each listed once.
        let mut joins = false;
        for &g in self.liberty_of.row(e) {
            let g = g as usize;
            if self.liberties[g] == 1 {
                return false;
            }
            joins |= self.colour[g] == c;
        }
        joins
            || index
                .touching
                .row(e)
                .iter()
                .any(|&q| q as usize != e && self.state[q as usize] == EMPTY)
    }

    /// True when placement `e` is a legal placement (`topo:D4`: all its points empty).
    #[inline]
    pub fn is_legal_placement(&self, e: usize) -> bool {
        self.state[e] == EMPTY
    }

    /// The board play of colour `c` at the legal placement `e` on `f` (this colouring):
    /// the points it changes, with their new colours, into `s.changes`.
    pub fn board_play(&self, index: &Index, s: &mut Scratch, f: &[u8], c: u8, e: usize) {
        debug_assert!(self.is_legal_placement(e));
        let o = 3 - c;
        let (n, m, strings) = (index.points, index.placements(), self.colour.len());
        let mine = |g: u32| g != NONE && self.colour[g as usize] == c;
        s.over.renew(m);
        for &q in index.overlap.row(e) {
            s.over.mark(q as usize);
        }
        s.placed.renew(n);
        for &x in index.placement.row(e) {
            s.placed.mark(x as usize);
        }
        // How many liberties of each string the overlap holds.
        s.hit.renew(strings);
        if s.hits.len() < strings {
            s.hits.resize(strings, 0);
        }
        s.hit_list.clear();
        for &q in index.overlap.row(e) {
            for &g in self.liberty_of.row(q as usize) {
                let gi = g as usize;
                if s.hit.mark(gi) {
                    s.hits[gi] = 1;
                    s.hit_list.push(g);
                } else {
                    s.hits[gi] += 1;
                }
            }
        }
        let all_in_overlap = |s: &Scratch, g: u32| {
            s.hit.marked(g as usize) && s.hits[g as usize] == self.liberties[g as usize]
        };
        // The opponent's strings whose liberties all meet e are cleared.
        s.cleared.renew(n);
        s.captured.clear();
        for i in 0..s.hit_list.len() {
            let g = s.hit_list[i];
            if self.colour[g as usize] == o && all_in_overlap(s, g) {
                for &t in self.stones.row(g as usize) {
                    for &x in index.placement.row(t as usize) {
                        if s.cleared.mark(x as usize) {
                            s.captured.push(x);
                        }
                    }
                }
            }
        }
        // The placements the capture makes legal: all their points empty now.
        s.emptied.renew(m);
        s.made_legal.clear();
        for i in 0..s.captured.len() {
            let x = s.captured[i];
            for &q in index.containing.row(x as usize) {
                if s.emptied.mark(q as usize)
                    && index.placement.row(q as usize).iter().all(|&y| {
                        let y = y as usize;
                        s.cleared.marked(y) || (f[y] == EMPTY && !s.placed.marked(y))
                    })
                {
                    s.made_legal.push(q);
                }
            }
        }
        // The stones gained: placements meeting e now all of colour c.
        s.gained.renew(m);
        s.gained_list.clear();
        for &p in index.overlap.row(e) {
            if index
                .placement
                .row(p as usize)
                .iter()
                .all(|&y| s.placed.marked(y as usize) || f[y as usize] == c)
            {
                s.gained.mark(p as usize);
                s.gained_list.push(p);
            }
        }
        // The mover's strings they join into M.
        s.joined.renew(strings);
        s.joined_list.clear();
        for &p in &s.gained_list {
            for &t in index.touching.row(p as usize) {
                let g = self.string_of[t as usize];
                if mine(g) && s.joined.mark(g as usize) {
                    s.joined_list.push(g);
                }
            }
        }
        let in_m = |s: &Scratch, t: u32| {
            s.gained.marked(t as usize) || {
                let g = self.string_of[t as usize];
                mine(g) && s.joined.marked(g as usize)
            }
        };
        let m_breathes = s.joined_list.iter().any(|&g| !all_in_overlap(s, g))
            || s.gained_list.iter().any(|&p| {
                index
                    .touching
                    .row(p as usize)
                    .iter()
                    .any(|&q| self.state[q as usize] == EMPTY && !s.over.marked(q as usize))
            })
            || s.made_legal
                .iter()
                .any(|&q| index.touching.row(q as usize).iter().any(|&t| in_m(s, t)));
        s.own_cleared.clear();
        let clear = |s: &mut Scratch, stone: u32| {
            for &x in index.placement.row(stone as usize) {
                if s.cleared.mark(x as usize) {
                    s.own_cleared.push(x);
                }
            }
        };
        if !m_breathes {
            for i in 0..s.gained_list.len() {
                clear(s, s.gained_list[i]);
            }
            for i in 0..s.joined_list.len() {
                let g = s.joined_list[i] as usize;
                for &t in self.stones.row(g) {
                    clear(s, t);
                }
            }
        }
        // The mover's other strings: cleared when every liberty meets e and no placement the
        // capture made legal touches them.
        for i in 0..s.hit_list.len() {
            let g = s.hit_list[i];
            if self.colour[g as usize] != c || s.joined.marked(g as usize) || !all_in_overlap(s, g)
            {
                continue;
            }
            let breathes = s.made_legal.iter().any(|&q| {
                index
                    .touching
                    .row(q as usize)
                    .iter()
                    .any(|&t| self.string_of[t as usize] == g)
            });
            if !breathes {
                for &t in self.stones.row(g as usize) {
                    clear(s, t);
                }
            }
        }
        // e's points are never captured: cleared, they were the mover's and stay empty.
        s.changes.clear();
        s.changes.extend(s.captured.iter().map(|&x| (x, EMPTY)));
        for i in 0..s.own_cleared.len() {
            let x = s.own_cleared[i];
            if !s.placed.marked(x as usize) {
                s.changes.push((x, EMPTY));
            }
        }
        for &x in index.placement.row(e) {
            if !s.cleared.marked(x as usize) {
                s.changes.push((x, c));
            }
        }
    }
}
