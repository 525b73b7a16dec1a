//! The legality of every move of MANGO read off the structure of a settled position, as the
//! engine's legal turns and its moves use it: the opponent's side searched once with its cut
//! vertices ([`Split`], step 3), the mover's side once by components ([`Regions`], step 4),
//! together [`Around`]; then each move is made only on the points it changes
//! ([`MangoEngine::is_new_by`], [`MangoEngine::effect`], [`MangoEngine::produced`]).

use crate::game::Player;

use super::MangoEngine;
use crate::engine::goban::{stone, EMPTY};

impl MangoEngine {
    /// Whether the move of `player` at the empty point `v` is legal (`mango:LEGAL`),
    /// decided from `around` (the structure of the position before it, for this player):
    /// the move is made only on the points it changes.
    ///
    /// Step 3: removing v from H ∪ E splits v's component there into parts, read off the
    /// search tree: the subtree of each child that reaches nothing above v, and the rest;
    /// a part with stones of H weighing outside T loses them (the other components are
    /// unchanged and alive: the position is settled). Step 4: the mover's component of
    /// M ∪ E through v loses v's weight and gains what step 3 empties: each removed part
    /// touches v and, once emptied, joins it with every component of M ∪ E it meets; the
    /// mover's stones there go when that weighs outside T.
    pub(super) fn is_new_by(
        &self,
        around: &Around,
        s: &mut LegalScratch,
        v: u32,
        player: Player,
    ) -> bool {
        let effect = self.effect(around, s, v, player);
        let Some(ids) = self.seen.get(&effect.hash) else {
            return true;
        };
        // A key seen before: the configuration itself decides.
        let colours = self.produced(around, s, v, player, effect);
        !ids.iter().any(|&i| self.history[i] == colours)
    }

    /// What the move of `player` at the empty point `v` does, from `around` (see
    /// [`MangoEngine::is_new_by`]); the opponent's stones it removes are left in
    /// `s.captured`, and the mover's components it joins in `s.joined` (stamped in
    /// `s.component_mark`).
    pub(super) fn effect(
        &self,
        around: &Around,
        s: &mut LegalScratch,
        v: u32,
        player: Player,
    ) -> Effect {
        let (me, opp) = (stone(player), stone(player.opponent()));
        let vi = v as usize;
        let h = &around.opp;
        let m = &around.own;
        let k = h.component[vi] as usize;
        let root = h.parent[vi] == NONE;
        let (mut cut_weight, mut cut_stones) = (0i128, 0u32);
        s.seeds.clear();
        for &w in self.neighbours(v) {
            let wi = w as usize;
            if h.parent[wi] == v && (root || h.low[wi] >= h.disc[vi]) {
                if h.stones[wi] > 0 && !self.alive_sum(h.weight[wi]) {
                    s.seeds.push(w);
                }
                cut_weight += h.weight[wi];
                cut_stones += h.stones[wi];
            }
        }
        let rest_stones = h.component_stones[k] - cut_stones;
        let rest_weight = h.component_weight[k] - self.weight[vi] - cut_weight;
        if rest_stones > 0 && !self.alive_sum(rest_weight) {
            // The rest holds v's parent (v is no root when the rest has stones).
            s.seeds.push(h.parent[vi]);
        }
        // The mover's components the move joins (v's, and those the removed parts meet).
        let g = s.next_generation(self.colours.len(), m.weight.len());
        let c = m.component[vi];
        s.joined.clear();
        s.joined.push(c);
        s.component_mark[c as usize] = g;
        let mut captured_hash = 0u64;
        let mut captured_weight = 0i128;
        s.captured.clear();
        if !s.seeds.is_empty() {
            // Every point of the removed parts, by a search of H ∪ E that avoids v.
            s.point_mark[vi] = g;
            s.stack.clear();
            for i in 0..s.seeds.len() {
                let seed = s.seeds[i];
                if s.point_mark[seed as usize] != g {
                    s.point_mark[seed as usize] = g;
                    s.stack.push(seed);
                }
            }
            while let Some(u) = s.stack.pop() {
                let ui = u as usize;
                let removed = self.colours[ui] == opp;
                if removed {
                    s.captured.push(u);
                    captured_hash ^= self.keys[ui][opp as usize];
                    captured_weight += self.weight[ui];
                } else {
                    let cu = m.component[ui];
                    if s.component_mark[cu as usize] != g {
                        s.component_mark[cu as usize] = g;
                        s.joined.push(cu);
                    }
                }
                for &w in self.neighbours(u) {
                    let wi = w as usize;
                    let cw = self.colours[wi];
                    if cw == me {
                        if removed {
                            let cu = m.component[wi];
                            if s.component_mark[cu as usize] != g {
                                s.component_mark[cu as usize] = g;
                                s.joined.push(cu);
                            }
                        }
                    } else if s.point_mark[wi] != g {
                        s.point_mark[wi] = g;
                        s.stack.push(w);
                    }
                }
            }
        }
        let joined_weight: i128 = s.joined.iter().map(|&c| m.weight[c as usize]).sum();
        let dies = !self.alive_sum(joined_weight + captured_weight - self.weight[vi]);
        let mut hash = self.hash ^ captured_hash;
        if dies {
            hash ^= s.joined.iter().fold(0, |x, &c| x ^ m.hash[c as usize]);
        } else {
            hash ^= self.keys[vi][me as usize];
        }
        Effect { hash, dies }
    }

    /// The configuration the move of [`MangoEngine::effect`] produces (called right after
    /// it, with the same scratch).
    pub(super) fn produced(
        &self,
        around: &Around,
        s: &LegalScratch,
        v: u32,
        player: Player,
        effect: Effect,
    ) -> Vec<u8> {
        let me = stone(player);
        let mut colours = self.colours.clone();
        for &u in &s.captured {
            colours[u as usize] = EMPTY;
        }
        if effect.dies {
            let m = &around.own;
            for (u, col) in colours.iter_mut().enumerate() {
                if *col == me && s.component_mark[m.component[u] as usize] == s.generation {
                    *col = EMPTY;
                }
            }
        } else {
            colours[v as usize] = me;
        }
        colours
    }
}

/// Marks a point with no parent in the search (a root, or a point outside the region).
const NONE: u32 = u32::MAX;

/// The opponent's side of the position for a move (step 3): the components of H ∪ E,
/// each searched depth first, so that the parts a point's removal separates are read off
/// the search tree (Tarjan's cut vertices): a child `w` of `v` whose subtree reaches no
/// point above `v` (`low[w] >= disc[v]`, or `v` the root) is cut off with its subtree.
#[derive(Clone, Debug, Default)]
struct Split {
    /// Per point of H ∪ E: its component; its discovery time, the least discovery time its
    /// subtree reaches by one back edge, and its parent (`NONE` for a root).
    component: Vec<u32>,
    disc: Vec<u32>,
    low: Vec<u32>,
    parent: Vec<u32>,
    /// Per point: the weight (F · D summed over the empty points) and the opponent's stones
    /// of its subtree.
    weight: Vec<i128>,
    stones: Vec<u32>,
    /// Per component: the same over the whole component.
    component_weight: Vec<i128>,
    component_stones: Vec<u32>,
}

/// The mover's side (step 4): the components of M ∪ E, with their weight and the hash of
/// the mover's stones in each.
#[derive(Clone, Debug, Default)]
struct Regions {
    component: Vec<u32>,
    weight: Vec<i128>,
    hash: Vec<u64>,
}

/// What a move does: the hash of the configuration it produces, and whether the mover's
/// stones around it go in step 4.
#[derive(Clone, Copy, Debug)]
pub(super) struct Effect {
    pub(super) hash: u64,
    dies: bool,
}

/// The scratch of [`MangoEngine::is_new_by`]: stamps over the points and over the
/// mover's components, valid when equal to `generation`.
#[derive(Debug, Default)]
pub(super) struct LegalScratch {
    point_mark: Vec<u32>,
    component_mark: Vec<u32>,
    generation: u32,
    stack: Vec<u32>,
    seeds: Vec<u32>,
    pub(super) captured: Vec<u32>,
    joined: Vec<u32>,
}

impl LegalScratch {
    fn next_generation(&mut self, points: usize, components: usize) -> u32 {
        if self.point_mark.len() < points {
            self.point_mark.resize(points, 0);
        }
        if self.component_mark.len() < components {
            self.component_mark.resize(components, 0);
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.point_mark.iter_mut().for_each(|m| *m = 0);
            self.component_mark.iter_mut().for_each(|m| *m = 0);
            self.generation = 1;
        }
        self.generation
    }
}

/// What [`MangoEngine::is_new_by`] reads of the position before a move of one player.
#[derive(Clone, Debug)]
pub(super) struct Around {
    opp: Split,
    own: Regions,
}

impl Around {
    /// The structure of the position for a move of `player`; `None` unless every stone of
    /// either colour is alive now (settled), which every move but one that removes the
    /// mover's stones leaves behind: a move then removes nothing but what is near it.
    pub(super) fn of(game: &MangoEngine, player: Player) -> Option<Around> {
        let (me, opp) = (stone(player), stone(player.opponent()));
        let opp_side = Around::split(game, opp);
        let opp_settled = (0..opp_side.component_weight.len()).all(|k| {
            opp_side.component_stones[k] == 0 || game.alive_sum(opp_side.component_weight[k])
        });
        if !opp_settled {
            return None;
        }
        let (own, own_stones) = Around::regions(game, me);
        if !(0..own.weight.len()).all(|k| own_stones[k] == 0 || game.alive_sum(own.weight[k])) {
            return None;
        }
        Some(Around { opp: opp_side, own })
    }

    /// The components of `side` ∪ E by depth-first search, with cut-vertex data.
    fn split(game: &MangoEngine, side: u8) -> Split {
        let n = game.colours.len();
        let mut s = Split {
            component: vec![NONE; n],
            disc: vec![0; n],
            low: vec![0; n],
            parent: vec![NONE; n],
            weight: vec![0; n],
            stones: vec![0; n],
            component_weight: Vec::new(),
            component_stones: Vec::new(),
        };
        let inside = |u: usize| game.colours[u] == side || game.colours[u] == EMPTY;
        let mut time = 0u32;
        // Frames (point, next neighbour slot).
        let mut stack: Vec<(u32, u32)> = Vec::new();
        for r in 0..n {
            if !inside(r) || s.component[r] != NONE {
                continue;
            }
            let k = s.component_weight.len() as u32;
            let open = |s: &mut Split, u: usize, time: &mut u32| {
                s.component[u] = k;
                s.disc[u] = *time;
                s.low[u] = *time;
                *time += 1;
                if game.colours[u] == EMPTY {
                    s.weight[u] = game.weight[u];
                } else {
                    s.stones[u] = 1;
                }
            };
            open(&mut s, r, &mut time);
            stack.push((r as u32, game.off[r]));
            while let Some(&mut (u, ref mut next)) = stack.last_mut() {
                let ui = u as usize;
                if *next < game.off[ui + 1] {
                    let w = game.adj[*next as usize] as usize;
                    *next += 1;
                    if !inside(w) {
                        continue;
                    }
                    if s.component[w] == NONE {
                        s.parent[w] = u;
                        open(&mut s, w, &mut time);
                        stack.push((w as u32, game.off[w]));
                    } else if w as u32 != s.parent[ui] {
                        s.low[ui] = s.low[ui].min(s.disc[w]);
                    }
                } else {
                    stack.pop();
                    let p = s.parent[ui];
                    if p != NONE {
                        let p = p as usize;
                        s.low[p] = s.low[p].min(s.low[ui]);
                        s.weight[p] += s.weight[ui];
                        s.stones[p] += s.stones[ui];
                    }
                }
            }
            s.component_weight.push(s.weight[r]);
            s.component_stones.push(s.stones[r]);
        }
        s
    }

    /// The components of `side` ∪ E with their weights and stone hashes, and the number
    /// of stones of `side` in each.
    fn regions(game: &MangoEngine, side: u8) -> (Regions, Vec<u32>) {
        let n = game.colours.len();
        let mut r = Regions {
            component: vec![NONE; n],
            weight: Vec::new(),
            hash: Vec::new(),
        };
        let mut stones = Vec::new();
        let mut stack = Vec::new();
        for start in 0..n {
            let c = game.colours[start];
            if (c != side && c != EMPTY) || r.component[start] != NONE {
                continue;
            }
            let k = r.weight.len() as u32;
            let (mut weight, mut hash, mut count) = (0i128, 0u64, 0u32);
            r.component[start] = k;
            stack.push(start as u32);
            while let Some(u) = stack.pop() {
                let ui = u as usize;
                if game.colours[ui] == EMPTY {
                    weight += game.weight[ui];
                } else {
                    hash ^= game.keys[ui][side as usize];
                    count += 1;
                }
                for &w in game.neighbours(u) {
                    let wi = w as usize;
                    let cw = game.colours[wi];
                    if (cw == side || cw == EMPTY) && r.component[wi] == NONE {
                        r.component[wi] = k;
                        stack.push(w);
                    }
                }
            }
            r.weight.push(weight);
            r.hash.push(hash);
            stones.push(count);
        }
        (r, stones)
    }
}
