//! MANGO on flat arrays (`mango:*`, checked against `crate::spec::mango` by the
//! differential tests and `graphgo fuzz`; it never imports the spec).
//!
//! Exact and fast: every weight F(n) = a_n / D over one common denominator D, with the
//! numerators a_n as `i128` (a setup whose Σ|a_n| does not fit is refused), so a region's
//! weight is an integer sum S and z = S / D. Each interval of T becomes an integer range
//! of S once, at the start. A move's steps 3 and 4 are one search each over the components
//! of H ∪ E (then M ∪ E) with a generation-stamped mark array: O(V + E) per move.
//! Positional superko is exact: a Zobrist hash indexes the stored colourings, and a hit is
//! confirmed against the colouring itself.

use std::collections::HashMap;
use std::sync::Arc;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};

use crate::board::Board;
use crate::game::{
    Equipment, GameResult, Illegal, Observation, Playable, Player, Setup, Turn, Unsupported,
};

use super::goban::{cell, colour_of_cell, stone, BLACK, EMPTY, WHITE};

/// A game of MANGO played on flat arrays.
#[derive(Clone, Debug)]
pub struct MangoEngine {
    board: Arc<Board>,
    /// Compressed rows: the neighbours of v are `adj[off[v]..off[v + 1]]`.
    off: Vec<u32>,
    adj: Vec<u32>,
    /// F(v) · D.
    weight: Vec<i128>,
    /// D.
    denominator: BigInt,
    /// T as inclusive ranges of S = z · D.
    alive_ranges: Vec<(i128, i128)>,
    initial_scores: [BigRational; 2],
    colours: Vec<u8>,
    to_move: Player,
    passes: u32,
    /// Zobrist keys per point and colour (index 0 unused).
    keys: Vec<[u64; 3]>,
    hash: u64,
    /// Every colouring of the game by its hash (hits confirmed against the colouring).
    seen: HashMap<u64, Vec<usize>>,
    history: Vec<Vec<u8>>,
    result: Option<GameResult>,
    /// Scratch for the searches.
    mark: Vec<u32>,
    generation: u32,
    stack: Vec<u32>,
    members: Vec<u32>,
}

/// The integer range of S for one interval of T: z ≥ v ⟺ S ≥ ⌈vD⌉, z > v ⟺ S ≥ ⌊vD⌋ + 1,
/// z ≤ v ⟺ S ≤ ⌊vD⌋, z < v ⟺ S ≤ ⌈vD⌉ − 1; clamped to ±(bound + 1), beyond every sum.
fn integer_range(
    interval: &crate::board::weights::Interval,
    d: &BigInt,
    bound: i128,
) -> Option<(i128, i128)> {
    let clamp = |x: BigInt| -> i128 {
        x.to_i128()
            .unwrap_or(if x.is_negative() {
                i128::MIN
            } else {
                i128::MAX
            })
            .clamp(-bound - 1, bound + 1)
    };
    let scaled = |v: &BigRational| v * BigRational::from_integer(d.clone());
    let lo = match &interval.lower {
        None => -bound - 1,
        Some(b) => {
            let x = scaled(&b.value);
            clamp(if b.closed {
                x.ceil().to_integer()
            } else {
                x.floor().to_integer() + 1
            })
        }
    };
    let hi = match &interval.upper {
        None => bound + 1,
        Some(b) => {
            let x = scaled(&b.value);
            clamp(if b.closed {
                x.floor().to_integer()
            } else {
                x.ceil().to_integer() - 1
            })
        }
    };
    (lo <= hi).then_some((lo, hi))
}

/// The least common multiple of two positive integers (Euclid).
fn lcm(a: &BigInt, b: &BigInt) -> BigInt {
    let (mut x, mut y) = (a.clone(), b.clone());
    while !y.is_zero() {
        let r = &x % &y;
        x = y;
        y = r;
    }
    a / x * b
}

fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl MangoEngine {
    /// A game from a `rules: mango` setup.
    pub fn start(setup: &Setup) -> Result<MangoEngine, Unsupported> {
        MangoEngine::start_masked(setup, u64::MAX)
    }

    /// A game whose Zobrist keys keep only the bits of `hash_mask` (tests force collisions:
    /// every hit is confirmed against the stored colouring, so no verdict may change).
    pub fn start_masked(setup: &Setup, hash_mask: u64) -> Result<MangoEngine, Unsupported> {
        let Equipment::Weights(w) = &setup.equipment else {
            return Err(Unsupported(
                "rules mango need weights, a threshold and initial scores".into(),
            ));
        };
        let board = Arc::clone(&setup.board);
        let n = board.len();
        if w.weight.len() != n || setup.initial.len() != n {
            return Err(Unsupported(format!(
                "the board has {n} points, F gives {} and the setup colours {}",
                w.weight.len(),
                setup.initial.len()
            )));
        }
        let denominator = w
            .weight
            .iter()
            .fold(BigInt::one(), |d, f| lcm(&d, f.denom()));
        let weight: Vec<i128> = w
            .weight
            .iter()
            .map(|f| (f.numer() * (&denominator / f.denom())).to_i128())
            .collect::<Option<Vec<i128>>>()
            .ok_or_else(|| Unsupported("the engine needs F · D to fit in 128 bits".into()))?;
        let bound = weight
            .iter()
            .try_fold(0i128, |s, a| s.checked_add(a.checked_abs()?))
            .filter(|b| *b < i128::MAX / 4)
            .ok_or_else(|| Unsupported("the engine needs Σ|F| · D to fit in 126 bits".into()))?;
        let alive_ranges = w
            .threshold
            .intervals
            .iter()
            .filter_map(|i| integer_range(i, &denominator, bound))
            .collect();
        let mut off = vec![0u32];
        let mut adj = Vec::new();
        for v in 0..n {
            adj.extend(board.neighbours(v).iter().map(|&u| u as u32));
            off.push(adj.len() as u32);
        }
        let mut state = 0x6D61_6E67_6F00_0001u64;
        let keys: Vec<[u64; 3]> = (0..n)
            .map(|_| {
                [
                    0,
                    splitmix(&mut state) & hash_mask,
                    splitmix(&mut state) & hash_mask,
                ]
            })
            .collect();
        let colours: Vec<u8> = setup.initial.iter().map(|&c| cell(c)).collect();
        let hash = (0..n).fold(0, |h, v| h ^ keys[v][colours[v] as usize]);
        let mut game = MangoEngine {
            board,
            off,
            adj,
            weight,
            denominator,
            alive_ranges,
            initial_scores: w.scores.clone(),
            colours: colours.clone(),
            to_move: setup.to_move,
            passes: 0,
            keys,
            hash,
            seen: HashMap::new(),
            history: Vec::new(),
            result: None,
            mark: vec![0; n],
            generation: 0,
            stack: Vec::new(),
            members: Vec::new(),
        };
        game.remember(colours, hash);
        Ok(game)
    }

    fn remember(&mut self, colours: Vec<u8>, hash: u64) {
        self.seen.entry(hash).or_default().push(self.history.len());
        self.history.push(colours);
    }

    fn occurred(&self, colours: &[u8], hash: u64) -> bool {
        self.seen
            .get(&hash)
            .is_some_and(|ids| ids.iter().any(|&i| self.history[i] == colours))
    }

    fn neighbours(&self, v: u32) -> &[u32] {
        &self.adj[self.off[v as usize] as usize..self.off[v as usize + 1] as usize]
    }

    fn alive_sum(&self, s: i128) -> bool {
        self.alive_ranges.iter().any(|&(lo, hi)| lo <= s && s <= hi)
    }

    fn next_generation(&mut self) -> u32 {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.mark.iter_mut().for_each(|m| *m = 0);
            self.generation = 1;
        }
        self.generation
    }

    /// Steps 3 / 4: empties every stone of `side` in `colours` whose component of
    /// side ∪ E weighs outside T. Returns the hash change.
    fn remove_not_alive(&mut self, colours: &mut [u8], side: u8) -> u64 {
        let g = self.next_generation();
        let mut dead: Vec<u32> = Vec::new();
        let mut delta = 0u64;
        for s in 0..colours.len() as u32 {
            if colours[s as usize] != side || self.mark[s as usize] == g {
                continue;
            }
            self.mark[s as usize] = g;
            self.stack.clear();
            self.members.clear();
            self.stack.push(s);
            let mut sum = 0i128;
            while let Some(u) = self.stack.pop() {
                let c = colours[u as usize];
                if c == side {
                    self.members.push(u);
                } else {
                    sum += self.weight[u as usize];
                }
                for i in self.off[u as usize]..self.off[u as usize + 1] {
                    let w = self.adj[i as usize];
                    let cw = colours[w as usize];
                    if (cw == side || cw == EMPTY) && self.mark[w as usize] != g {
                        self.mark[w as usize] = g;
                        self.stack.push(w);
                    }
                }
            }
            if !self.alive_sum(sum) {
                dead.extend_from_slice(&self.members);
            }
        }
        for v in dead {
            colours[v as usize] = EMPTY;
            delta ^= self.keys[v as usize][side as usize];
        }
        delta
    }

    /// The colouring and hash a move at v produces (v empty).
    fn produce(&mut self, v: u32, player: Player) -> (Vec<u8>, u64) {
        let me = stone(player);
        let mut colours = self.colours.clone();
        colours[v as usize] = me;
        let mut hash = self.hash ^ self.keys[v as usize][me as usize];
        hash ^= self.remove_not_alive(&mut colours, stone(player.opponent()));
        hash ^= self.remove_not_alive(&mut colours, me);
        (colours, hash)
    }

    fn check(&mut self, v: u32, player: Player) -> Result<(Vec<u8>, u64), Illegal> {
        let name = self.board.name(v as usize).to_string();
        if self.colours[v as usize] != EMPTY {
            return Err(Illegal {
                clause: "mango:MOVE",
                reason: format!("{name} is not in E: step 1 selects a member of E"),
            });
        }
        let (colours, hash) = self.produce(v, player);
        if self.occurred(&colours, hash) {
            return Err(Illegal {
                clause: "mango:LEGAL",
                reason: format!("{name} would produce a configuration that is not new"),
            });
        }
        Ok((colours, hash))
    }

    /// Both scores: initial + F over own points + F over empty regions reaching only own.
    pub fn scores(&self) -> [BigRational; 2] {
        let n = self.colours.len();
        let mut seen = vec![false; n];
        let mut sums = [0i128; 2];
        for v in 0..n {
            match self.colours[v] {
                BLACK => sums[0] += self.weight[v],
                WHITE => sums[1] += self.weight[v],
                _ => {}
            }
        }
        for v in 0..n as u32 {
            if self.colours[v as usize] != EMPTY || seen[v as usize] {
                continue;
            }
            seen[v as usize] = true;
            let mut stack = vec![v];
            let (mut sum, mut touches) = (0i128, [false; 2]);
            while let Some(u) = stack.pop() {
                sum += self.weight[u as usize];
                for &w in self.neighbours(u) {
                    match self.colours[w as usize] {
                        BLACK => touches[0] = true,
                        WHITE => touches[1] = true,
                        _ if !seen[w as usize] => {
                            seen[w as usize] = true;
                            stack.push(w);
                        }
                        _ => {}
                    }
                }
            }
            match touches {
                [true, false] => sums[0] += sum,
                [false, true] => sums[1] += sum,
                _ => {}
            }
        }
        let d = BigRational::from_integer(self.denominator.clone());
        [0, 1].map(|i| {
            &self.initial_scores[i] + BigRational::from_integer(BigInt::from(sums[i])) / &d
        })
    }

    fn finish(&mut self) {
        self.result = Some(GameResult::scored(self.scores()));
    }
}

impl Playable for MangoEngine {
    fn observe(&self) -> Observation {
        Observation {
            position: self.colours.iter().map(|&c| colour_of_cell(c)).collect(),
            to_move: self.result.is_none().then_some(self.to_move),
            prisoners: None,
            scores: Some(self.scores()),
            result: self.result.clone(),
        }
    }

    fn legal_turns(&self) -> Vec<Turn> {
        if self.result.is_some() {
            return Vec::new();
        }
        let player = self.to_move;
        let mut scratch = self.clone();
        let mut turns: Vec<Turn> = (0..self.colours.len() as u32)
            .filter(|&v| self.colours[v as usize] == EMPTY)
            .filter(|&v| scratch.check(v, player).is_ok())
            .map(|v| Turn::Move {
                player,
                at: v as usize,
            })
            .collect();
        turns.push(Turn::Pass { player });
        turns.sort();
        turns
    }

    fn play(&mut self, turn: &Turn) -> Result<(), Illegal> {
        if self.result.is_some() {
            return Err(Illegal {
                clause: "mango:END",
                reason: "the game is over".into(),
            });
        }
        let player = turn.player();
        if player != self.to_move {
            return Err(Illegal {
                clause: "mango:SETUP",
                reason: format!(
                    "it is {}'s turn, not {}'s: players alternate",
                    self.to_move.word(),
                    player.word()
                ),
            });
        }
        match *turn {
            Turn::Move { at, .. } => {
                if at >= self.colours.len() {
                    return Err(Illegal {
                        clause: "mango:MOVE",
                        reason: format!("there is no point {at}"),
                    });
                }
                let (colours, hash) = self.check(at as u32, player)?;
                self.colours.clone_from(&colours);
                self.hash = hash;
                self.remember(colours, hash);
                self.passes = 0;
            }
            Turn::Pass { .. } => self.passes += 1,
            // No resignation, and none of the directed rules' turns.
            _ => {
                return Err(Illegal {
                    clause: "mango:TURN",
                    reason: "a turn is a pass or a legal move: MANGO has no resignation".into(),
                })
            }
        }
        self.to_move = player.opponent();
        if self.passes >= 2 {
            self.finish();
        }
        Ok(())
    }

    fn fork(&self) -> Option<Box<dyn Playable>> {
        Some(Box::new(self.clone()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::weights::Weights;
    use crate::board::Board;
    use crate::game::{Colour, RuleId};

    fn setup(points: usize, weights: Weights) -> Setup {
        let mut s = Setup::new(RuleId::Mango, Board::path(points).unwrap());
        s.equipment = Equipment::Weights(Arc::new(weights));
        s
    }

    /// F, the board and the colouring must describe the same points; the engine refuses a
    /// setup where they do not (the record reader never builds one).
    #[test]
    fn a_setup_of_mismatched_sizes_is_refused() {
        let go = |n| Weights::go(n, BigRational::zero());
        assert!(MangoEngine::start(&setup(3, go(3))).is_ok());
        assert!(MangoEngine::start(&setup(3, go(2))).is_err());
        let mut longer = setup(3, go(3));
        longer.initial = vec![Colour::Empty; 4];
        assert!(MangoEngine::start(&longer).is_err());
    }

    /// The engine keeps sums of F·D in 128 bits with room to spare: Σ|F|·D must stay below
    /// 2^125 (i128::MAX / 4); at that value it says so rather than risk an overflow.
    #[test]
    fn weights_beyond_the_integer_range_are_refused() {
        let cap = BigInt::from(i128::MAX / 4);
        let mut w = Weights::go(2, BigRational::zero());
        w.weight = vec![BigRational::from_integer(cap.clone()), BigRational::zero()];
        assert!(MangoEngine::start(&setup(2, w.clone())).is_err());
        w.weight[0] = BigRational::from_integer(cap - 1);
        assert!(MangoEngine::start(&setup(2, w)).is_ok());
    }
}
