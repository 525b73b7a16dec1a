//! Topological Go's board play (`topo:D9`) for every legal placement at once, by locality,
//! on the go-spaces where every placement's closure is connected (the go-space of a graph,
//! `topo:EX2`, is one: the closure of {x_v} is x_v and the edge points around it).
//!
//! On such a space the text's definitions reduce to a graph (each step is argued in
//! `spec/topological.md`, "The fast path"):
//! - two stones *touch* when their closures meet or hold two comparable points; the union
//!   of connected sets is connected exactly when their touch graph is, so a set of stones is
//!   go-connected (`topo:D5`) exactly when it is connected in the touch graph, and string(s)
//!   (`topo:D7`) is s's component among the stones of its colour (never empty, so reading 11
//!   does not arise);
//! - a string G has liberty (`topo:D6`) exactly when some legal placement touches a stone of
//!   G (the closure of G's union is connected, and so is the placement's);
//! - two stones that share a point touch, so all the stones of a colour over one point lie
//!   in one string, and clearing (`topo:D8`) empties exactly the points of the stones of the
//!   strings without liberty (and the coloured points in no stone, of which a settled
//!   position has none).
//!
//! When no string of the colouring is without liberty and every coloured point lies in a
//! stone of its colour (always so after a turn, `topo:RES2`; the proof is in
//! `spec/topological.md`), placing e changes only what is near e: the legal placements lost
//! are the placements that meet e; an opponent string dies exactly when all its liberties
//! meet e; the mover's stones gained are the placements that meet e and become all of the
//! mover's colour, and they join the mover's strings they touch into one string M; M dies
//! when no placement still legal (or made legal by the capture) touches it; any other string
//! of the mover dies when all its liberties meet e and no placement emptied by the capture
//! touches it.
//!
//! Labelling the strings and their liberties once costs one pass over the touch lists of the
//! stones; each placement then costs what lies around it. `variants::topological` plays with
//! this and its tests hold it equal to `spec::topological::board_play` on random go-spaces and
//! on every colouring of small ones.

use crate::board::space::{GoSpace, Point};
use crate::game::{Colour, Player};

use super::vertex_key;

/// What the fast path needs of a go-space, computed once per space: which placements hold
/// each point, which placements meet each placement, which touch it.
#[derive(Clone, Debug)]
pub struct SpaceIndex {
    points: usize,
    /// S, each placement's points sorted.
    placements: Vec<Vec<Point>>,
    /// For every point, the placements that contain it.
    containing: Vec<Vec<usize>>,
    /// For every placement, the placements that share a point with it (itself included).
    overlapping: Vec<Vec<usize>>,
    /// For every placement, the placements whose closure touches its closure (meets it or
    /// holds a point comparable to one of its points; itself included).
    touching: Vec<Vec<usize>>,
    /// Whether the closure of every placement is connected: the condition of this path.
    connected_closures: bool,
}

/// Marks in scratch arrays, renewed by a generation count instead of clearing.
#[derive(Clone, Debug, Default)]
struct Marks {
    stamp: Vec<u32>,
    now: u32,
}

impl Marks {
    fn new(len: usize) -> Marks {
        Marks {
            stamp: vec![0; len],
            now: 0,
        }
    }

    fn renew(&mut self) {
        self.now += 1;
        if self.now == u32::MAX {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.now = 1;
        }
    }

    /// Marks `i`; true when it was not marked yet.
    fn mark(&mut self, i: usize) -> bool {
        let fresh = self.stamp[i] != self.now;
        self.stamp[i] = self.now;
        fresh
    }

    fn marked(&self, i: usize) -> bool {
        self.stamp[i] == self.now
    }
}

impl SpaceIndex {
    pub fn new(space: &GoSpace) -> SpaceIndex {
        let n = space.points();
        let placements: Vec<Vec<Point>> = space
            .placements()
            .iter()
            .map(|p| p.iter().copied().collect())
            .collect();
        let mut containing = vec![Vec::new(); n];
        for (t, p) in placements.iter().enumerate() {
            for &x in p {
                containing[x].push(t);
            }
        }
        // y in N(x) puts x in the closure of every set that holds y.
        let mut closing = vec![Vec::new(); n];
        for x in 0..n {
            for &y in space.neighbourhood(x) {
                closing[y].push(x);
            }
        }
        let mut in_set = Marks::new(n);
        let mut near = Marks::new(n);
        let mut seen = Marks::new(placements.len());
        let mut overlapping = Vec::with_capacity(placements.len());
        let mut touching = Vec::with_capacity(placements.len());
        let mut connected_closures = true;
        for p in &placements {
            seen.renew();
            let mut over: Vec<usize> = p
                .iter()
                .flat_map(|&x| containing[x].iter().copied())
                .filter(|&q| seen.mark(q))
                .collect();
            over.sort_unstable();
            overlapping.push(over);
            // The closure of p, and whether it is connected (on the comparability graph).
            in_set.renew();
            let closure: Vec<Point> = p
                .iter()
                .flat_map(|&y| closing[y].iter().copied())
                .filter(|&x| in_set.mark(x))
                .collect();
            connected_closures &= connected_within(space, &closure, &in_set);
            // q touches p when the closure of q meets the closure of p or its comparable
            // points: when q meets N(z) for such a point z.
            near.renew();
            let mut around: Vec<Point> = Vec::new();
            for &x in &closure {
                for &z in std::iter::once(&x).chain(space.comparable(x)) {
                    if near.mark(z) {
                        around.push(z);
                    }
                }
            }
            seen.renew();
            let mut touch: Vec<usize> = Vec::new();
            for &z in &around {
                for &w in space.neighbourhood(z) {
                    for &q in &containing[w] {
                        if seen.mark(q) {
                            touch.push(q);
                        }
                    }
                }
            }
            touch.sort_unstable();
            touching.push(touch);
        }
        SpaceIndex {
            points: n,
            placements,
            containing,
            overlapping,
            touching,
            connected_closures,
        }
    }

    /// Whether the fast path applies to this space at all: every placement's closure is
    /// connected.
    pub fn applies(&self) -> bool {
        self.connected_closures
    }
}

/// Whether the points `set` (marked in `marks`) are connected in the comparability graph.
fn connected_within(space: &GoSpace, set: &[Point], marks: &Marks) -> bool {
    let Some(&start) = set.first() else {
        return true;
    };
    let mut reached = vec![start];
    let mut visited = std::collections::HashSet::from([start]);
    let mut i = 0;
    while i < reached.len() {
        let x = reached[i];
        i += 1;
        for &y in space.comparable(x) {
            if marks.marked(y) && visited.insert(y) {
                reached.push(y);
            }
        }
    }
    reached.len() == set.len()
}

/// Marks a placement that is not a stone.
const NONE: u32 = u32::MAX;

/// One string (`topo:D7`): its colour, its stones and its liberties (the legal placements
/// that touch it, `topo:D6`).
#[derive(Clone, Debug)]
struct StringOfStones {
    colour: Colour,
    stones: Vec<usize>,
    liberties: Vec<usize>,
}

/// The strings of a colouring and their liberties, labelled once.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// Per placement: whether all its points are empty (`topo:D4`).
    legal: Vec<bool>,
    /// Per placement: its string, or [`NONE`] when it is no stone.
    string_of: Vec<u32>,
    strings: Vec<StringOfStones>,
    /// Per placement: the strings it is a liberty of.
    liberty_of: Vec<Vec<u32>>,
}

impl Analysis {
    /// The strings and liberties of `f`, or `None` when the fast path does not apply: some
    /// closure of a placement is not connected, or `f` is not settled (a string without
    /// liberty, or a coloured point in no stone of its colour).
    pub fn of(index: &SpaceIndex, f: &[Colour]) -> Option<Analysis> {
        if !index.connected_closures || f.len() != index.points {
            return None;
        }
        let m = index.placements.len();
        let colour_of = |t: usize| {
            let p = &index.placements[t];
            let first = f[p[0]];
            p.iter().all(|&x| f[x] == first).then_some(first)
        };
        let colours: Vec<Option<Colour>> = (0..m).map(colour_of).collect();
        let legal: Vec<bool> = colours.iter().map(|&c| c == Some(Colour::Empty)).collect();
        let is_stone = |t: usize| matches!(colours[t], Some(Colour::Black | Colour::White));
        // Every coloured point lies in a stone of its colour.
        let covered = (0..index.points)
            .all(|x| f[x] == Colour::Empty || index.containing[x].iter().any(|&t| is_stone(t)));
        if !covered {
            return None;
        }
        let mut string_of = vec![NONE; m];
        let mut strings: Vec<StringOfStones> = Vec::new();
        let mut liberty_of: Vec<Vec<u32>> = vec![Vec::new(); m];
        let mut counted = Marks::new(m);
        for start in 0..m {
            if !is_stone(start) || string_of[start] != NONE {
                continue;
            }
            let id = strings.len() as u32;
            let colour = colours[start].expect("a stone has a colour");
            let mut stones = vec![start];
            string_of[start] = id;
            let mut liberties = Vec::new();
            counted.renew();
            let mut i = 0;
            while i < stones.len() {
                let t = stones[i];
                i += 1;
                for &q in &index.touching[t] {
                    if legal[q] {
                        if counted.mark(q) {
                            liberties.push(q);
                            liberty_of[q].push(id);
                        }
                    } else if colours[q] == Some(colour) && string_of[q] == NONE {
                        string_of[q] = id;
                        stones.push(q);
                    }
                }
            }
            if liberties.is_empty() {
                return None;
            }
            strings.push(StringOfStones {
                colour,
                stones,
                liberties,
            });
        }
        Some(Analysis {
            legal,
            string_of,
            strings,
            liberty_of,
        })
    }

    /// The legal placements (`topo:D4`), in order.
    pub fn legal_placements(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.legal.len()).filter(|&e| self.legal[e])
    }
}

/// The marks [`board_play`] works in (points, placements, strings seen), reused from one
/// placement to the next.
#[derive(Clone, Debug)]
pub struct BoardPlayMarks {
    over: Marks,
    strings: Marks,
    merged: Marks,
    cleared: Marks,
    placed: Marks,
    placements: Marks,
    new_stones: Marks,
}

impl BoardPlayMarks {
    pub fn new(index: &SpaceIndex, analysis: &Analysis) -> BoardPlayMarks {
        let (n, m, s) = (index.points, index.placements.len(), analysis.strings.len());
        BoardPlayMarks {
            over: Marks::new(m),
            strings: Marks::new(s),
            merged: Marks::new(s),
            cleared: Marks::new(n),
            placed: Marks::new(n),
            placements: Marks::new(m),
            new_stones: Marks::new(m),
        }
    }
}

/// What the board play of `player` at the legal placement `e` changes in `f` (`topo:D9`):
/// the points whose colour changes, sorted, each with its new colour. `analysis` is
/// [`Analysis::of`] `f`.
pub fn board_play(
    index: &SpaceIndex,
    analysis: &Analysis,
    scratch: &mut BoardPlayMarks,
    f: &[Colour],
    player: Player,
    e: usize,
) -> Vec<(Point, Colour)> {
    debug_assert!(analysis.legal[e], "e is a legal placement");
    let (own, theirs) = (player.colour(), player.opponent().colour());
    let strings = &analysis.strings;
    let BoardPlayMarks {
        over,
        strings: checked,
        merged,
        cleared,
        placed,
        placements: emptied,
        new_stones,
    } = scratch;
    over.renew();
    for &q in &index.overlapping[e] {
        over.mark(q);
    }
    placed.renew();
    for &x in &index.placements[e] {
        placed.mark(x);
    }
    // Every liberty of the string lies among the placements that meet e.
    let all_liberties_meet_e = |g: u32, over: &Marks| {
        strings[g as usize]
            .liberties
            .iter()
            .all(|&q| over.marked(q))
    };
    // Clearing the opponent: the strings whose liberties all meet e.
    checked.renew();
    cleared.renew();
    let mut captured: Vec<Point> = Vec::new();
    for &q in &index.overlapping[e] {
        for &g in &analysis.liberty_of[q] {
            if strings[g as usize].colour != theirs || !checked.mark(g as usize) {
                continue;
            }
            if all_liberties_meet_e(g, over) {
                for &t in &strings[g as usize].stones {
                    for &x in &index.placements[t] {
                        if cleared.mark(x) {
                            captured.push(x);
                        }
                    }
                }
            }
        }
    }
    // The placements the capture makes legal: all their points empty now.
    let empty_now = |x: Point, cleared: &Marks, placed: &Marks| {
        cleared.marked(x) || (f[x] == Colour::Empty && !placed.marked(x))
    };
    emptied.renew();
    let mut made_legal: Vec<usize> = Vec::new();
    for &x in &captured {
        for &q in &index.containing[x] {
            if emptied.mark(q)
                && index.placements[q]
                    .iter()
                    .all(|&y| empty_now(y, cleared, placed))
            {
                made_legal.push(q);
            }
        }
    }
    // The mover's stones gained: placements meeting e that are now all the mover's colour.
    new_stones.renew();
    let gained: Vec<usize> = index.overlapping[e]
        .iter()
        .copied()
        .filter(|&p| {
            index.placements[p]
                .iter()
                .all(|&y| placed.marked(y) || f[y] == own)
        })
        .collect();
    for &p in &gained {
        new_stones.mark(p);
    }
    // The mover's strings they join into M.
    merged.renew();
    let mut joined: Vec<u32> = Vec::new();
    for &p in &gained {
        for &t in &index.touching[p] {
            let g = analysis.string_of[t];
            if g != NONE && strings[g as usize].colour == own && merged.mark(g as usize) {
                joined.push(g);
            }
        }
    }
    let in_m = |t: usize, merged: &Marks| {
        new_stones.marked(t) || {
            let g = analysis.string_of[t];
            g != NONE && strings[g as usize].colour == own && merged.marked(g as usize)
        }
    };
    let m_breathes = joined.iter().any(|&g| !all_liberties_meet_e(g, over))
        || gained.iter().any(|&p| {
            index.touching[p]
                .iter()
                .any(|&q| analysis.legal[q] && !over.marked(q))
        })
        || made_legal
            .iter()
            .any(|&q| index.touching[q].iter().any(|&t| in_m(t, merged)));
    let mut own_cleared: Vec<Point> = Vec::new();
    // `cleared` now also marks the mover's cleared points (the captured ones are marked).
    let mut clear_string_points = |stones: &[usize], own_cleared: &mut Vec<Point>| {
        for &t in stones {
            for &x in &index.placements[t] {
                if cleared.mark(x) {
                    own_cleared.push(x);
                }
            }
        }
    };
    if !m_breathes {
        clear_string_points(&gained, &mut own_cleared);
        for &g in &joined {
            clear_string_points(&strings[g as usize].stones, &mut own_cleared);
        }
    }
    // The mover's other strings: dead when every liberty meets e and no placement the
    // capture made legal touches them.
    checked.renew();
    for &q in &index.overlapping[e] {
        for &g in &analysis.liberty_of[q] {
            let gi = g as usize;
            if strings[gi].colour != own || merged.marked(gi) || !checked.mark(gi) {
                continue;
            }
            let touched_by_made_legal = made_legal.iter().any(|&q| {
                index.touching[q]
                    .iter()
                    .any(|&t| analysis.string_of[t] == g)
            });
            if all_liberties_meet_e(g, over) && !touched_by_made_legal {
                clear_string_points(&strings[gi].stones, &mut own_cleared);
            }
        }
    }
    // e's points are never captured: marked now, they are the mover's cleared points.
    let mut changes: Vec<(Point, Colour)> = captured
        .iter()
        .chain(own_cleared.iter().filter(|&&x| !placed.marked(x)))
        .map(|&x| (x, Colour::Empty))
        .chain(
            index.placements[e]
                .iter()
                .filter(|&&x| !cleared.marked(x))
                .map(|&x| (x, own)),
        )
        .collect();
    changes.sort_unstable();
    changes
}

/// The key ([`super::colouring_key`]) of `f` changed by `changes`, from the key `before` of `f`.
pub fn changed_key(before: u64, f: &[Colour], changes: &[(Point, Colour)]) -> u64 {
    changes.iter().fold(before, |k, &(x, c)| {
        k ^ vertex_key(x, f[x]) ^ vertex_key(x, c)
    })
}
