//! Chains, capture and flooding on networks: `spec/SOURCES.md`, `nrich` (an
//! expository article), restated in `spec/nrich.md`.
//!
//! The article defines no game of its own: it explains capture and territory by
//! connectedness in a network. Its clauses are transcribed as predicates and functions over a
//! board and a colouring, which the tests hold against General Graph Go (`ggg1:*`) and MANGO
//! (`mango:*`): chains are `ggg1:1`'s black and white groups, the invariant holds after every
//! turn of `ggg1` and of MANGO with F = 1 and T = `z >= 1`, and flooding is the third
//! definition of territory beside `ggg1:4` and `mango:SCORE`. The networks ([`Network`])
//! are the boards of the `worked-nrich-*` conformance vectors, whose games take their
//! claims from [`place`] and [`undisputed_territory`] (`spec/nrich.md`).

use imbl::{OrdSet, Vector};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::board::{Board, BoardError, Vertex};
use crate::game::{Colour, Player};

/// A position: the colour of every point of the network, indexed by vertex.
pub type Position = Vector<Colour>;

/// `nrich:chain` — the chain of the stone on `s`: every stone of its colour reached from
/// `s` by stepping to neighbouring stones of that colour, and from those to theirs, until
/// no more are reached. Empty for an empty point (a chain is made of stones).
pub fn chain(board: &Board, position: &Position, s: Vertex) -> OrdSet<Vertex> {
    let colour = position[s];
    if colour == Colour::Empty {
        return OrdSet::new();
    }
    let mut found = OrdSet::unit(s);
    let mut frontier = vec![s];
    while let Some(u) = frontier.pop() {
        for &w in board.neighbours(u) {
            if position[w] == colour && !found.contains(&w) {
                found.insert(w);
                frontier.push(w);
            }
        }
    }
    found
}

/// `nrich:capture` — the liberties of a chain: the empty points adjacent to it.
pub fn liberties(board: &Board, position: &Position, chain: &OrdSet<Vertex>) -> OrdSet<Vertex> {
    chain
        .iter()
        .flat_map(|&u| board.neighbours(u).iter().copied())
        .filter(|&w| position[w] == Colour::Empty)
        .collect()
}

/// `nrich:capture` — a chain is captured when its last liberty has been filled: it has none.
pub fn captured(board: &Board, position: &Position, chain: &OrdSet<Vertex>) -> bool {
    !chain.is_empty() && liberties(board, position, chain).is_empty()
}

/// `nrich:capture` — a placement: `player` puts a stone on the empty point `v`, and every
/// enemy chain whose final liberty that was is taken off. The article says nothing of the
/// mover's own chain; `None` when it is left without a liberty, since the invariant
/// ([`invariant_holds`]) says such a position never stands at the end of a turn.
pub fn place(board: &Board, position: &Position, player: Player, v: Vertex) -> Option<Position> {
    if position[v] != Colour::Empty {
        return None;
    }
    let placed = position.update(v, player.colour());
    let enemy = player.opponent().colour();
    let taken: OrdSet<Vertex> = board
        .neighbours(v)
        .iter()
        .filter(|&&w| placed[w] == enemy)
        .map(|&w| chain(board, &placed, w))
        .filter(|c| captured(board, &placed, c))
        .flat_map(|c| c.into_iter())
        .collect();
    let after = taken
        .iter()
        .fold(placed, |p, &w| p.update(w, Colour::Empty));
    invariant_holds(board, &after).then_some(after)
}

/// `nrich:invariant` — no chain without a liberty stands on the board (at the end of a turn).
pub fn invariant_holds(board: &Board, position: &Position) -> bool {
    (0..position.len())
        .filter(|&s| position[s] != Colour::Empty)
        .all(|s| !captured(board, position, &chain(board, position, s)))
}

/// `nrich:flood` — the points flooded from the stones of `colour`: water runs from each such
/// stone to its empty neighbours, and on from empty point to empty point; occupied points
/// block it.
pub fn flooded_from(board: &Board, position: &Position, colour: Colour) -> OrdSet<Vertex> {
    let mut wet = OrdSet::new();
    let mut frontier: Vec<Vertex> = (0..position.len())
        .filter(|&s| position[s] == colour)
        .collect();
    while let Some(u) = frontier.pop() {
        for &w in board.neighbours(u) {
            if position[w] == Colour::Empty && !wet.contains(&w) {
                wet.insert(w);
                frontier.push(w);
            }
        }
    }
    wet
}

/// `nrich:flood` — a player's undisputed territory: the points flooded from the player's
/// stones and from none of the opponent's.
pub fn undisputed_territory(board: &Board, position: &Position, player: Player) -> OrdSet<Vertex> {
    flooded_from(board, position, player.colour()).relative_complement(flooded_from(
        board,
        position,
        player.opponent().colour(),
    ))
}

/// `nrich:boards` — the networks the article plays on besides the square grid: a torus, a
/// Moebius band, a three-dimensional grid, and a road map (here a random planar network
/// drawn from a seed: a w x h lattice of junctions, each street kept with probability 7/8,
/// and at most one diagonal per block, so no two streets cross).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Network {
    Torus(usize, usize),
    Moebius(usize, usize),
    Grid3d(usize, usize, usize),
    RoadMap {
        width: usize,
        height: usize,
        seed: u64,
    },
}

impl Network {
    /// The board of the network.
    pub fn board(self) -> Result<Board, BoardError> {
        match self {
            Network::Torus(w, h) => Board::torus(w, h),
            Network::Moebius(w, h) => Board::moebius(w, h),
            Network::Grid3d(x, y, z) => Board::cube(x, y, z),
            Network::RoadMap {
                width,
                height,
                seed,
            } => road_map(width, height, seed),
        }
    }
}

/// `nrich:boards` — the road map of [`Network::RoadMap`].
fn road_map(width: usize, height: usize, seed: u64) -> Result<Board, BoardError> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let name = |x: usize, y: usize| format!("{}-{}", x + 1, y + 1);
    let names: Vec<String> = (0..height)
        .flat_map(|y| (0..width).map(move |x| (x, y)))
        .map(|(x, y)| name(x, y))
        .collect();
    let mut edges = Vec::new();
    for y in 0..height {
        for x in 0..width {
            if x + 1 < width && rng.random_ratio(7, 8) {
                edges.push((name(x, y), name(x + 1, y)));
            }
            if y + 1 < height && rng.random_ratio(7, 8) {
                edges.push((name(x, y), name(x, y + 1)));
            }
            if x + 1 < width && y + 1 < height && rng.random_ratio(1, 4) {
                if rng.random_bool(0.5) {
                    edges.push((name(x, y), name(x + 1, y + 1)));
                } else {
                    edges.push((name(x + 1, y), name(x, y + 1)));
                }
            }
        }
    }
    Board::from_edges(&names, &edges)
}
