//! `dir:NOTE-pairs` checked by exhaustive search: N isolated pairs of points.
//!
//! The note claims that under a positional superko rule a game on N isolated pairs needs a
//! number of moves exponential in N (Ω(2^N)), while under the directed rules "the loop can
//! begin within O(N) moves". [`longest_superko_game_within`] computes the longest game without
//! passes (every position new, each player placing in turn, until the player to move has no
//! legal placement); [`loop_start`] the fewest placements after which every pair holds a
//! stone, so that from there every pair is in its endless mutual capture.
//!
//! The depth-first search settles N = 1 and 2. For N = 3 it does not finish; there a game
//! through all 125 positions, found by a constraint solver and kept as data
//! ([`WITNESS_GAMES`]), is replayed by [`replay_superko_game`]: since no game visits a
//! position twice, it is the longest there can be ([`longest_by_witness`]).
//!
//! A pair is in one of five states; how a placement changes it is read off the
//! transcription ([`crate::spec::directed::place_stone`] on one pair), not rewritten here.

use crate::game::{Colour, Player};
use crate::spec::directed::{isolated_pairs, place_stone, Position};

/// The five states of a pair (points p and q): `..`, `X.`, `.X`, `O.`, `.O`. Two stones
/// never stay on a pair: the second stone always removes one of them or both.
pub const PAIR_STATES: [[Colour; 2]; 5] = [
    [Colour::Empty, Colour::Empty],
    [Colour::Black, Colour::Empty],
    [Colour::Empty, Colour::Black],
    [Colour::White, Colour::Empty],
    [Colour::Empty, Colour::White],
];

fn state_index(p: [Colour; 2]) -> usize {
    PAIR_STATES
        .iter()
        .position(|&s| s == p)
        .expect("a pair never keeps two stones")
}

/// `moves[player][state]`: the states a placement by `player` on one pair leads to (one per
/// empty point of the pair), from the transcription of `dir:CAPTURE`.
pub fn pair_moves() -> [[Vec<usize>; 5]; 2] {
    let pair = isolated_pairs(1);
    let mut out: [[Vec<usize>; 5]; 2] = Default::default();
    for player in Player::BOTH {
        for (i, s) in PAIR_STATES.iter().enumerate() {
            for at in 0..2 {
                if s[at] == Colour::Empty {
                    let before: Position = s.iter().copied().collect();
                    let after = place_stone(&pair, &before, player, at);
                    out[player.index()][i].push(state_index([after[0], after[1]]));
                }
            }
        }
    }
    out
}

/// The games through every position that the crate knows, as data: `(n, text)` with the
/// points played, Black first (pair i is points 2i and 2i+1). Found by a constraint solver
/// (`spec/pairs/longest_game.py`); trusted only after [`replay_superko_game`] has replayed
/// them. A game through all 5^N positions is the longest there can be.
pub const WITNESS_GAMES: [(usize, &str); 1] = [(3, include_str!("../../spec/pairs/n3-game.txt"))];

/// The points of a game in the witness format: numbers separated by white space; lines
/// starting with `#` are comments.
pub fn parse_points(text: &str) -> Result<Vec<usize>, String> {
    text.lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .flat_map(str::split_whitespace)
        .map(|w| {
            w.parse()
                .map_err(|_| format!("'{w}' is not a point number"))
        })
        .collect()
}

/// Replays `points` on `n` isolated pairs from the empty board, Black first and then
/// alternately, through the transcription ([`place_stone`] on [`isolated_pairs`]), under
/// positional superko: each point must be empty and each position new (the empty start
/// counts). Returns the number of positions the game went through, or the first move that
/// breaks a rule.
pub fn replay_superko_game(n: usize, points: &[usize]) -> Result<usize, String> {
    let arcs = isolated_pairs(n);
    let mut position: Position = (0..2 * n).map(|_| Colour::Empty).collect();
    let mut seen = std::collections::HashSet::from([position.clone()]);
    for (k, &at) in points.iter().enumerate() {
        let player = if k % 2 == 0 {
            Player::Black
        } else {
            Player::White
        };
        if at >= 2 * n || position[at] != Colour::Empty {
            return Err(format!(
                "move {} ({player:?} at {at}): not an empty point",
                k + 1
            ));
        }
        position = place_stone(&arcs, &position, player, at);
        if !seen.insert(position.clone()) {
            return Err(format!(
                "move {} ({player:?} at {at}): the position occurred before",
                k + 1
            ));
        }
    }
    Ok(seen.len())
}

/// The longest game without passes on `n` pairs when a known game ([`WITNESS_GAMES`])
/// replays through all 5^n positions: 5^n - 1 moves, since no game visits a position twice.
pub fn longest_by_witness(n: usize) -> Option<usize> {
    let total = 5usize.pow(n as u32);
    WITNESS_GAMES
        .iter()
        .filter(|(m, _)| *m == n)
        .filter_map(|(_, text)| parse_points(text).ok())
        .filter_map(|points| replay_superko_game(n, &points).ok())
        .any(|visited| visited == total)
        .then(|| total - 1)
}

/// What a search found: the longest game seen, and whether the search finished (then it is
/// the longest game there is; else a lower bound).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Longest {
    pub length: usize,
    pub exhaustive: bool,
}

/// A quick lower bound: searches with `restarts` shuffled orders, each for at most `budget`
/// steps; the longest game found (a game through every position is the longest possible).
pub fn long_superko_game_by_restarts(n: usize, restarts: u64, budget: u64) -> usize {
    let moves = pair_moves();
    let total = 5usize.pow(n as u32);
    let mut best = 0;
    for seed in 1..=restarts {
        let mut seen = vec![false; total];
        seen[0] = true;
        let mut search = Search {
            n,
            moves: &moves,
            deadline: None,
            stopped: false,
            calls: 0,
            seed,
            budget,
        };
        search.longest_from(0, Player::Black, &mut seen, 0, &mut best);
        if best + 1 == total {
            break;
        }
    }
    best
}

/// The longest game without passes on `n` isolated pairs from the empty board, Black first,
/// under positional superko (no placement may give a position that occurred before, the
/// start included), stopping at `deadline` if given (`graphgo pairs`). Exhaustive
/// depth-first search over all games; positions are numbers in base 5, one digit a pair.
pub fn longest_superko_game_within(n: usize, deadline: Option<std::time::Instant>) -> Longest {
    let moves = pair_moves();
    let total = 5usize.pow(n as u32);
    let mut seen = vec![false; total];
    seen[0] = true;
    let mut best = 0;
    let mut search = Search {
        n,
        moves: &moves,
        deadline,
        stopped: false,
        calls: 0,
        seed: 0,
        budget: u64::MAX,
    };
    search.longest_from(0, Player::Black, &mut seen, 0, &mut best);
    Longest {
        length: best,
        exhaustive: !search.stopped,
    }
}

struct Search<'a> {
    n: usize,
    moves: &'a [[Vec<usize>; 5]; 2],
    deadline: Option<std::time::Instant>,
    stopped: bool,
    calls: u64,
    seed: u64,
    budget: u64,
}

impl Search<'_> {
    fn longest_from(
        &mut self,
        position: usize,
        to_move: Player,
        seen: &mut [bool],
        depth: usize,
        best: &mut usize,
    ) {
        self.calls += 1;
        if self.calls >= self.budget
            || (self.calls.is_multiple_of(4096)
                && self.deadline.is_some_and(|d| std::time::Instant::now() > d))
        {
            self.stopped = true;
        }
        if self.stopped {
            return;
        }
        longest_from(
            position, to_move, self.n, self.moves, seen, depth, best, self,
        );
    }
}

#[allow(clippy::too_many_arguments)]
fn longest_from(
    position: usize,
    to_move: Player,
    n: usize,
    moves: &[[Vec<usize>; 5]; 2],
    seen: &mut [bool],
    depth: usize,
    best: &mut usize,
    search: &mut Search,
) {
    *best = (*best).max(depth);
    // No game is longer than one move per position after the first: stop once found.
    if *best + 1 == seen.len() {
        return;
    }
    // Prune: this game can at most visit every position still reachable through new ones.
    if depth + reachable_new(position, to_move, n, moves, seen) <= *best {
        return;
    }
    let mut next: Vec<usize> = successors(position, to_move, n, moves)
        .into_iter()
        .filter(|&a| !seen[a])
        .collect();
    // Try first the positions with the fewest ways on (Warnsdorff's rule): long games are
    // found early, so the bound above prunes more.
    // Ties are broken by a seeded shuffle (restarts with other seeds try other games).
    let salt = search.seed;
    next.sort_by_key(|&a| {
        let onward = successors(a, to_move.opponent(), n, moves)
            .into_iter()
            .filter(|&b| !seen[b])
            .count();
        let mix = (a as u64 ^ salt).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40;
        (onward, if salt == 0 { 0 } else { mix })
    });
    for after in next {
        seen[after] = true;
        search.longest_from(after, to_move.opponent(), seen, depth + 1, best);
        seen[after] = false;
        if *best + 1 == seen.len() {
            return;
        }
    }
}

/// The positions one placement by `to_move` leads to.
fn successors(
    position: usize,
    to_move: Player,
    n: usize,
    moves: &[[Vec<usize>; 5]; 2],
) -> Vec<usize> {
    let mut out = Vec::with_capacity(2 * n);
    let mut place = 1;
    for _ in 0..n {
        let digit = (position / place) % 5;
        for &next in &moves[to_move.index()][digit] {
            out.push(position - digit * place + next * place);
        }
        place *= 5;
    }
    out
}

/// How many unseen positions can still be reached from `position` through unseen positions
/// (either player to move: an upper bound on the moves left).
fn reachable_new(
    position: usize,
    to_move: Player,
    n: usize,
    moves: &[[Vec<usize>; 5]; 2],
    seen: &[bool],
) -> usize {
    let mut mark = vec![[false; 2]; seen.len()];
    let mut counted = vec![false; seen.len()];
    let mut count = 0;
    let mut stack = vec![(position, to_move)];
    mark[position][to_move.index()] = true;
    while let Some((p, who)) = stack.pop() {
        for a in successors(p, who, n, moves) {
            let other = who.opponent();
            if !seen[a] && !mark[a][other.index()] {
                mark[a][other.index()] = true;
                if !counted[a] {
                    counted[a] = true;
                    count += 1;
                }
                stack.push((a, other));
            }
        }
    }
    count
}

/// The fewest placements from the empty board (Black first, no passes, no repetition rule)
/// after which every pair holds a stone, found by breadth-first search; from such a position
/// each pair's stone can be captured back and forth, so a loop begins there.
pub fn loop_start(n: usize) -> usize {
    let moves = pair_moves();
    let total = 5usize.pow(n as u32);
    let full = |p: usize| (0..n).all(|i| !(p / 5usize.pow(i as u32)).is_multiple_of(5));
    let mut dist = vec![[usize::MAX; 2]; total];
    dist[0][0] = 0;
    let mut queue = std::collections::VecDeque::from([(0usize, Player::Black)]);
    while let Some((p, who)) = queue.pop_front() {
        let d = dist[p][who.index()];
        if full(p) {
            return d;
        }
        let mut place = 1;
        for _ in 0..n {
            let digit = (p / place) % 5;
            for &next in &moves[who.index()][digit] {
                let after = p - digit * place + next * place;
                let other = who.opponent();
                if dist[after][other.index()] == usize::MAX {
                    dist[after][other.index()] = d + 1;
                    queue.push_back((after, other));
                }
            }
            place *= 5;
        }
    }
    unreachable!("every pair can be given a stone")
}

/// The isolated pairs of a digraph: the points `p < q` joined by an arc each way and by no
/// other arc (`dir:NOTE-pairs`).
pub fn isolated_pairs_of(arcs: &crate::board::digraph::Digraph) -> Vec<(usize, usize)> {
    (0..arcs.out.len())
        .filter_map(
            |p| match (arcs.out[p].as_slice(), arcs.inward[p].as_slice()) {
                ([q], [r]) if q == r && p < *q => Some((p, *q)),
                _ => None,
            },
        )
        .filter(|&(p, q)| arcs.out[q].as_slice() == [p] && arcs.inward[q].as_slice() == [p])
        .collect()
}

/// `dir:NOTE-pairs` on `n` isolated pairs, exhaustively: every position reachable from the
/// empty board by placements of either player in any order (passes let a player place
/// twice; no repetition rule), through the transcription ([`place_stone`] on
/// [`isolated_pairs`], all `2n` points at once, not pair by pair). Gives the number of
/// positions reached, or the first that holds two stones on one pair (the note's pairs are
/// unstable: a second stone always removes one of them or both).
pub fn reachable_pair_positions(n: usize) -> Result<usize, String> {
    let arcs = isolated_pairs(n);
    let empty: Position = (0..2 * n).map(|_| Colour::Empty).collect();
    let mut seen = std::collections::HashSet::from([empty.clone()]);
    let mut frontier = vec![empty];
    while let Some(position) = frontier.pop() {
        for at in (0..2 * n).filter(|&v| position[v] == Colour::Empty) {
            for player in Player::BOTH {
                let after = place_stone(&arcs, &position, player, at);
                if let Some(i) = (0..n)
                    .find(|i| after[2 * i] != Colour::Empty && after[2 * i + 1] != Colour::Empty)
                {
                    return Err(format!(
                        "{player:?} at {at} leaves two stones on pair {i} (points {} and {})",
                        2 * i,
                        2 * i + 1
                    ));
                }
                if seen.insert(after.clone()) {
                    frontier.push(after);
                }
            }
        }
    }
    Ok(seen.len())
}
