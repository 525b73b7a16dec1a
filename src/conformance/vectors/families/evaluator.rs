//! The small independent evaluator the claims are computed with: one move's three steps of
//! `ggg1:2` ([`step`]), the area count of `ggg1:4` ([`area`]), whether any move is legal; it
//! reads neither the transcription nor the engine.

use num_rational::BigRational;

use crate::board::Board;
use crate::game::{Colour, Player};

/// The vertices of the chain of `v` in `pos` (same colour, joined by edges) and whether it
/// touches an empty vertex.
pub(super) fn chain(board: &Board, pos: &[Colour], v: usize) -> (Vec<usize>, bool) {
    let mut seen = vec![false; pos.len()];
    let mut stack = vec![v];
    seen[v] = true;
    let mut out = Vec::new();
    let mut free = false;
    while let Some(u) = stack.pop() {
        out.push(u);
        for &w in board.neighbours(u) {
            if pos[w] == Colour::Empty {
                free = true;
            }
            if pos[w] == pos[v] && !seen[w] {
                seen[w] = true;
                stack.push(w);
            }
        }
    }
    out.sort_unstable();
    (out, free)
}

/// `ggg1:2` done by hand: colour `v`, empty the opponent's chains without an empty
/// neighbour, then the mover's. Returns the position and the emptied vertices (sorted).
pub fn step(board: &Board, pos: &[Colour], player: Player, v: usize) -> (Vec<Colour>, Vec<usize>) {
    let mut p = pos.to_vec();
    p[v] = player.colour();
    let mut removed = Vec::new();
    for colour in [player.opponent().colour(), player.colour()] {
        let dead: Vec<usize> = (0..p.len())
            .filter(|&u| p[u] == colour && !chain(board, &p, u).1)
            .collect();
        for u in dead {
            p[u] = Colour::Empty;
            removed.push(u);
        }
    }
    removed.sort_unstable();
    (p, removed)
}

/// `ggg1:4` done by hand: own stones plus empty regions with no opponent neighbour (and,
/// when `tromp_taylor`, with an own neighbour).
pub fn area(board: &Board, pos: &[Colour], tromp_taylor: bool) -> [i64; 2] {
    let mut out = [0i64; 2];
    for (i, player) in Player::BOTH.into_iter().enumerate() {
        let own = player.colour();
        let theirs = player.opponent().colour();
        out[i] += pos.iter().filter(|&&c| c == own).count() as i64;
        let mut seen = vec![false; pos.len()];
        for v in 0..pos.len() {
            if pos[v] != Colour::Empty || seen[v] {
                continue;
            }
            let (region, _) = chain(board, pos, v);
            region.iter().for_each(|&u| seen[u] = true);
            let touches = |c: Colour| {
                region
                    .iter()
                    .any(|&u| board.neighbours(u).iter().any(|&w| pos[w] == c))
            };
            if !touches(theirs) && (!tromp_taylor || touches(own)) {
                out[i] += region.len() as i64;
            }
        }
    }
    out
}

/// Whether Black has a legal move at the start of a game from `pos`, by hand: a move on an
/// empty vertex, not refused by the self-capture option, not giving back `pos` (the only
/// earlier colouring) under positional superko.
pub(super) fn any_legal(
    board: &Board,
    pos: &[Colour],
    self_capture: &str,
    repetition: &str,
) -> bool {
    (0..pos.len())
        .filter(|&v| pos[v] == Colour::Empty)
        .any(|v| {
            let (after, removed) = step(board, pos, Player::Black, v);
            let own = removed.iter().filter(|&&u| pos[u] != Colour::White).count();
            let refused = match self_capture {
                "none" => own > 0,
                "multi" => own == 1,
                _ => false,
            };
            let repeats = repetition != "none" && after == pos;
            !refused && !repeats
        })
}

pub(super) fn symbols(pos: &[Colour]) -> String {
    pos.iter().map(|c| c.symbol()).collect()
}

pub(super) fn position_of(board: &Board, black: &[&str], white: &[&str]) -> Vec<Colour> {
    let mut p = vec![Colour::Empty; board.len()];
    for n in black {
        p[board.vertex(n).expect("a listed name")] = Colour::Black;
    }
    for n in white {
        p[board.vertex(n).expect("a listed name")] = Colour::White;
    }
    p
}

pub(super) fn int(n: i64) -> BigRational {
    BigRational::from_integer(n.into())
}
