//! General Graph Go's move (`ggg1:2`) for every empty vertex at once, by locality.
//!
//! `ggg1:2` removes, after colouring v, every opponent group with no liberty and then every
//! own group with no liberty. When no black or white group of the colouring is without a
//! liberty (always so after a turn: `nrich:invariant`; a setup may break it, and then the
//! caller reads the clause as written), colouring v takes a liberty from the groups that
//! touch v only, so only those can end without one:
//! - an opponent group touching v is removed exactly when v was its only liberty;
//! - the mover's group through v (v and the own groups touching it) is removed exactly when
//!   it has no liberty left: v has no empty neighbour, no opponent group was removed (a
//!   removed group touches v, and its vertices become empty neighbours of v), and no own
//!   group touching v has a liberty other than v;
//! - every other group keeps every liberty it had.
//!
//! Labelling the groups once costs one pass over the board; each move then costs the
//! degree of v (and the size of what it removes). `variants::ggg::GraphGoGame::legal_turns`
//! uses this and is tested equal to its `legal_turns_literal`, which plays every candidate
//! turn, and under the source's options to `spec::ggg::legal_turns`.

use super::vertex_key;
use crate::board::{Board, Vertex};
use crate::game::{Colour, Player};

/// What a move at `at` does (`ggg1:2`): the vertices it null-colours, sorted, and how many
/// of them are black and white.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRemovals {
    pub at: Vertex,
    pub removed: Vec<Vertex>,
    pub removed_black: usize,
    pub removed_white: usize,
}

/// The black and white groups of a colouring: a label per coloured vertex, and per group its
/// vertices and its number of liberties.
struct Groups {
    label: Vec<u32>,
    members: Vec<Vec<Vertex>>,
    liberties: Vec<usize>,
}

/// Marks a vertex that is in no black or white group (an empty one).
const NONE: u32 = u32::MAX;

fn label_groups(board: &Board, f: &[Colour]) -> Groups {
    let n = f.len();
    let mut label = vec![NONE; n];
    let mut members: Vec<Vec<Vertex>> = Vec::new();
    let mut liberties = Vec::new();
    // The last group that counted an empty vertex as its liberty, so each counts once.
    let mut counted_by = vec![NONE; n];
    for start in 0..n {
        if f[start] == Colour::Empty || label[start] != NONE {
            continue;
        }
        let id = members.len() as u32;
        let mut class = vec![start];
        label[start] = id;
        let mut libs = 0;
        let mut i = 0;
        while i < class.len() {
            let u = class[i];
            i += 1;
            for &w in board.neighbours(u) {
                if f[w] == Colour::Empty {
                    if counted_by[w] != id {
                        counted_by[w] = id;
                        libs += 1;
                    }
                } else if f[w] == f[start] && label[w] == NONE {
                    label[w] = id;
                    class.push(w);
                }
            }
        }
        members.push(class);
        liberties.push(libs);
    }
    Groups {
        label,
        members,
        liberties,
    }
}

/// What a move by `player` does at every empty vertex of `f`, in vertex order; `None` when
/// some black or white group of `f` has no liberty (then only the clause as written tells).
pub fn move_removals(board: &Board, f: &[Colour], player: Player) -> Option<Vec<MoveRemovals>> {
    let groups = label_groups(board, f);
    if groups.liberties.contains(&0) {
        return None;
    }
    let (own, theirs) = (player.colour(), player.opponent().colour());
    let mut effects = Vec::new();
    for v in (0..f.len()).filter(|&v| f[v] == Colour::Empty) {
        let mut touching: Vec<u32> = board
            .neighbours(v)
            .iter()
            .map(|&w| groups.label[w])
            .filter(|&g| g != NONE)
            .collect();
        touching.sort_unstable();
        touching.dedup();
        let colour_of = |g: u32| f[groups.members[g as usize][0]];
        let captured: Vec<u32> = touching
            .iter()
            .copied()
            .filter(|&g| colour_of(g) == theirs && groups.liberties[g as usize] == 1)
            .collect();
        let own_groups = touching.iter().copied().filter(|&g| colour_of(g) == own);
        let breathes = board.neighbours(v).iter().any(|&w| f[w] == Colour::Empty)
            || !captured.is_empty()
            || own_groups
                .clone()
                .any(|g| groups.liberties[g as usize] >= 2);
        let mut removed: Vec<Vertex> = captured
            .iter()
            .flat_map(|&g| groups.members[g as usize].iter().copied())
            .collect();
        let theirs_removed = removed.len();
        let mut own_removed = 0;
        if !breathes {
            removed.push(v);
            removed.extend(own_groups.flat_map(|g| groups.members[g as usize].iter().copied()));
            own_removed = removed.len() - theirs_removed;
        }
        removed.sort_unstable();
        let (removed_black, removed_white) = match player {
            Player::Black => (own_removed, theirs_removed),
            Player::White => (theirs_removed, own_removed),
        };
        effects.push(MoveRemovals {
            at: v,
            removed,
            removed_black,
            removed_white,
        });
    }
    Some(effects)
}

/// The key of the colouring a move produces, from the key `before` of the colouring `f`
/// it is played on.
pub fn produced_key(before: u64, f: &[Colour], player: Player, effect: &MoveRemovals) -> u64 {
    effect
        .removed
        .iter()
        .fold(before ^ vertex_key(effect.at, player.colour()), |k, &r| {
            // The move's own vertex, when removed, was never coloured in `f`.
            if r == effect.at {
                k ^ vertex_key(r, player.colour())
            } else {
                k ^ vertex_key(r, f[r])
            }
        })
}
