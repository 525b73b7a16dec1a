//! MANGO's territory (`mango:SCORE`) and quiet moves (`mango:MOVE`) without a path search
//! per pair of points.
//!
//! Territory: a search from an empty point n that may pass through any point but the
//! opponent's (condition 1 of `mango:SCORE`) first leaves E at a point next to the region
//! of E around n (its component in E), and so reaches one of the player's points exactly
//! when that region borders one; likewise condition 2 fails exactly when the region
//! borders an opponent's point. So n counts for a player when its region of E borders the
//! player's points and not the opponent's: one labelling of E for the whole board.
//!
//! Moves: when every stone is alive (`mango:ALIVE`), a move at n changes the liberty
//! region L of a stone only where n was in it. For the mover, the set M ∪ E keeps its
//! points (n moves from E to M), so only the component through n loses F(n) from its L.
//! For the opponent, H ∪ E loses n: its component through n falls apart into the pieces
//! that removing n leaves, which a depth-first search finds for every n at once (the
//! children of n in the search tree that reach no point above n are cut off, with the
//! weights of their subtrees, and the rest stays together). A move is *quiet* when every
//! piece and the mover's component stay alive: it removes nothing, and the configuration
//! it gives is the old one with n in M. Any other move is left to the clause as written.
//!
//! Life: the stones of one colour that are not alive, a component of the colour's points
//! and E at a time ([`not_alive`]), for steps 3 and 4 of a move.

use imbl::Vector;
use num_rational::BigRational;
use num_traits::Zero;

use crate::board::weights::Threshold;
use crate::board::{Board, Vertex};
use crate::game::{Colour, Player};

/// The points of E that count for Black and for White (`mango:SCORE`), in point order.
pub fn territory(board: &Board, colours: &[Colour]) -> [Vec<Vertex>; 2] {
    let n = colours.len();
    let mut seen = vec![false; n];
    let mut counted: [Vec<Vertex>; 2] = [Vec::new(), Vec::new()];
    for start in 0..n {
        if colours[start] != Colour::Empty || seen[start] {
            continue;
        }
        seen[start] = true;
        let mut region = vec![start];
        let mut borders = [false, false];
        let mut i = 0;
        while i < region.len() {
            let u = region[i];
            i += 1;
            for &w in board.neighbours(u) {
                match colours[w] {
                    Colour::Empty if !seen[w] => {
                        seen[w] = true;
                        region.push(w);
                    }
                    Colour::Empty => {}
                    Colour::Black => borders[0] = true,
                    Colour::White => borders[1] = true,
                }
            }
        }
        for p in Player::BOTH {
            let (mine, theirs) = (p.index(), p.opponent().index());
            if borders[mine] && !borders[theirs] {
                counted[mine].extend(region.iter().copied());
            }
        }
    }
    for c in &mut counted {
        c.sort_unstable();
    }
    counted
}

/// Marks a point outside the set being searched.
const OUTSIDE: u32 = u32::MAX;

/// The components of the points `inside` allows, each with the sum of F over its empty
/// points (its L) and whether it holds a stone.
struct Components {
    of: Vec<u32>,
    weight: Vec<BigRational>,
    has_stone: Vec<bool>,
}

fn components(
    board: &Board,
    f: &Vector<BigRational>,
    colours: &[Colour],
    stone: Colour,
) -> Components {
    let n = colours.len();
    let inside = |v: Vertex| colours[v] == Colour::Empty || colours[v] == stone;
    let mut of = vec![OUTSIDE; n];
    let (mut weight, mut has_stone) = (Vec::new(), Vec::new());
    for start in (0..n).filter(|&v| inside(v)) {
        if of[start] != OUTSIDE {
            continue;
        }
        let id = weight.len() as u32;
        of[start] = id;
        let mut stack = vec![start];
        let (mut z, mut stones) = (BigRational::zero(), false);
        while let Some(u) = stack.pop() {
            if colours[u] == Colour::Empty {
                z += &f[u];
            } else {
                stones = true;
            }
            for &w in board.neighbours(u) {
                if inside(w) && of[w] == OUTSIDE {
                    of[w] = id;
                    stack.push(w);
                }
            }
        }
        weight.push(z);
        has_stone.push(stones);
    }
    Components {
        of,
        weight,
        has_stone,
    }
}

/// The points of colour `stone` that are not alive (`mango:ALIVE`), in point order. Every
/// stone of one component of the stones of that colour and E has the same L (the empty
/// points of the component), so each component is weighed once: one pass over the board,
/// where asking `mango:ALIVE` of each stone searches once per stone.
pub fn not_alive(
    board: &Board,
    f: &Vector<BigRational>,
    t: &Threshold,
    colours: &[Colour],
    stone: Colour,
) -> Vec<Vertex> {
    let c = components(board, f, colours, stone);
    (0..colours.len())
        .filter(|&v| colours[v] == stone && t.t(&c.weight[c.of[v] as usize]) != 1)
        .collect()
}

/// A depth-first search of the opponent's points and the empty points: for every point its
/// parent, discovery time, lowest discovery time its subtree reaches by one back edge, and
/// the sum of F over the empty points of its subtree and the number of stones in it.
struct CutSearch {
    parent: Vec<u32>,
    disc: Vec<u32>,
    low: Vec<u32>,
    sub_weight: Vec<BigRational>,
    sub_stones: Vec<usize>,
    children: Vec<Vec<Vertex>>,
    /// The root of the search tree of every point (its subtree is the whole component).
    root: Vec<u32>,
}

fn cut_search(
    board: &Board,
    f: &Vector<BigRational>,
    colours: &[Colour],
    stone: Colour,
) -> CutSearch {
    let n = colours.len();
    let inside = |v: Vertex| colours[v] == Colour::Empty || colours[v] == stone;
    let mut s = CutSearch {
        parent: vec![OUTSIDE; n],
        disc: vec![OUTSIDE; n],
        low: vec![OUTSIDE; n],
        sub_weight: vec![BigRational::zero(); n],
        sub_stones: vec![0; n],
        children: vec![Vec::new(); n],
        root: vec![OUTSIDE; n],
    };
    let mut time = 0u32;
    for root in (0..n).filter(|&v| inside(v)) {
        if s.disc[root] != OUTSIDE {
            continue;
        }
        // (point, index of the next neighbour to look at)
        let mut stack: Vec<(Vertex, usize)> = vec![(root, 0)];
        s.disc[root] = time;
        s.low[root] = time;
        s.root[root] = root as u32;
        time += 1;
        while let Some(&mut (u, ref mut next)) = stack.last_mut() {
            if let Some(&w) = board.neighbours(u).get(*next) {
                *next += 1;
                if !inside(w) {
                    continue;
                }
                if s.disc[w] == OUTSIDE {
                    s.parent[w] = u as u32;
                    s.root[w] = root as u32;
                    s.children[u].push(w);
                    s.disc[w] = time;
                    s.low[w] = time;
                    time += 1;
                    stack.push((w, 0));
                } else if s.parent[u] != w as u32 {
                    s.low[u] = s.low[u].min(s.disc[w]);
                }
                continue;
            }
            stack.pop();
            if colours[u] == Colour::Empty {
                s.sub_weight[u] += &f[u];
            } else {
                s.sub_stones[u] += 1;
            }
            if let Some(&(p, _)) = stack.last() {
                s.low[p] = s.low[p].min(s.low[u]);
                let (w, k) = (s.sub_weight[u].clone(), s.sub_stones[u]);
                s.sub_weight[p] += w;
                s.sub_stones[p] += k;
            }
        }
    }
    s
}

/// For every empty point, in point order, whether a move by `player` there is quiet (it
/// removes nothing: see the module's comment); `None` when some stone is not alive now
/// (then only the clause as written tells what a move removes).
pub fn quiet_moves(
    board: &Board,
    f: &Vector<BigRational>,
    t: &Threshold,
    colours: &[Colour],
    player: Player,
) -> Option<Vec<(Vertex, bool)>> {
    let alive = |z: &BigRational| t.t(z) == 1;
    let mover = components(board, f, colours, player.colour());
    let opponent = components(board, f, colours, player.opponent().colour());
    for c in [&mover, &opponent] {
        if (0..c.weight.len()).any(|i| c.has_stone[i] && !alive(&c.weight[i])) {
            return None;
        }
    }
    let cuts = cut_search(board, f, colours, player.opponent().colour());
    let moves = (0..colours.len())
        .filter(|&v| colours[v] == Colour::Empty)
        .map(|v| {
            // The mover's component through v keeps its points and loses v from L.
            let k = mover.of[v] as usize;
            let mover_alive = alive(&(&mover.weight[k] - &f[v]));
            // The opponent's component through v without v: the cut-off subtrees, and
            // (when v is not the search's root there) the rest.
            let c = opponent.of[v] as usize;
            let cut_off: Vec<Vertex> = cuts.children[v]
                .iter()
                .copied()
                .filter(|&w| cuts.parent[v] == OUTSIDE || cuts.low[w] >= cuts.disc[v])
                .collect();
            let pieces_alive = cut_off
                .iter()
                .all(|&w| cuts.sub_stones[w] == 0 || alive(&cuts.sub_weight[w]))
                && (cuts.parent[v] == OUTSIDE || {
                    let stones = cuts.sub_stones[cuts.root[v] as usize]
                        - cut_off.iter().map(|&w| cuts.sub_stones[w]).sum::<usize>();
                    let weight = cut_off
                        .iter()
                        .fold(&opponent.weight[c] - &f[v], |z, &w| z - &cuts.sub_weight[w]);
                    stones == 0 || alive(&weight)
                });
            (v, mover_alive && pieces_alive)
        })
        .collect();
    Some(moves)
}
