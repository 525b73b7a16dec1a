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
//!
//! This file is the game: the integer weights, a move made in full (steps 3 and 4 by
//! search), superko, the scores, [`Playable`]. `legal.rs` reads the legality of every move
//! off the structure of a settled position at once (cut vertices of H ∪ E, components of
//! M ∪ E), each move then made only on the points it changes; the unit tests below check
//! that it agrees with the move made in full.

use std::cell::OnceCell;
use std::sync::Arc;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};

use crate::board::Board;
use crate::game::clause::{Clause, Mango};
use crate::game::{
    Equipment, GameResult, Illegal, Observation, Playable, Player, Setup, Turn, Unsupported,
};

mod legal;

use super::goban::{cell, colour_of_cell, stone, BLACK, EMPTY, WHITE};
use super::keys::KeyMap;
use legal::{Around, LegalScratch};

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
    seen: KeyMap<Vec<usize>>,
    history: Vec<Vec<u8>>,
    result: Option<GameResult>,
    /// Scratch for the searches of a move made in full.
    search: Search,
    /// The structure of the position now for the player to move ([`Around::of`]), built
    /// when first asked and dropped by every turn.
    around: OnceCell<Option<Around>>,
}

/// Scratch for the searches of [`MangoEngine::produce`]: stamps valid when equal to
/// `generation`, a stack and the stones of the component searched.
#[derive(Clone, Debug, Default)]
struct Search {
    mark: Vec<u32>,
    generation: u32,
    stack: Vec<u32>,
    members: Vec<u32>,
}

impl Search {
    fn next_generation(&mut self, n: usize) -> u32 {
        if self.mark.len() < n {
            self.mark.resize(n, 0);
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.mark.iter_mut().for_each(|m| *m = 0);
            self.generation = 1;
        }
        self.generation
    }
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

/// The greatest common divisor (Euclid); `gcd(0, d) = d`, and 1 for two zeros.
fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
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
            seen: KeyMap::default(),
            history: Vec::new(),
            result: None,
            search: Search::default(),
            around: OnceCell::new(),
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

    /// Steps 3 / 4: empties every stone of `side` in `colours` whose component of
    /// side ∪ E weighs outside T. Returns the hash change.
    fn remove_not_alive(&self, search: &mut Search, colours: &mut [u8], side: u8) -> u64 {
        let g = search.next_generation(colours.len());
        let mut dead: Vec<u32> = Vec::new();
        let mut delta = 0u64;
        let Search {
            mark,
            stack,
            members,
            ..
        } = search;
        for s in 0..colours.len() as u32 {
            if colours[s as usize] != side || mark[s as usize] == g {
                continue;
            }
            mark[s as usize] = g;
            stack.clear();
            members.clear();
            stack.push(s);
            let mut sum = 0i128;
            while let Some(u) = stack.pop() {
                let c = colours[u as usize];
                if c == side {
                    members.push(u);
                } else {
                    sum += self.weight[u as usize];
                }
                for i in self.off[u as usize]..self.off[u as usize + 1] {
                    let w = self.adj[i as usize];
                    let cw = colours[w as usize];
                    if (cw == side || cw == EMPTY) && mark[w as usize] != g {
                        mark[w as usize] = g;
                        stack.push(w);
                    }
                }
            }
            if !self.alive_sum(sum) {
                dead.extend_from_slice(members);
            }
        }
        for v in dead {
            colours[v as usize] = EMPTY;
            delta ^= self.keys[v as usize][side as usize];
        }
        delta
    }

    /// The colouring and hash a move at v produces (v empty).
    fn produce(&self, search: &mut Search, v: u32, player: Player) -> (Vec<u8>, u64) {
        let me = stone(player);
        let mut colours = self.colours.clone();
        colours[v as usize] = me;
        let mut hash = self.hash ^ self.keys[v as usize][me as usize];
        hash ^= self.remove_not_alive(search, &mut colours, stone(player.opponent()));
        hash ^= self.remove_not_alive(search, &mut colours, me);
        (colours, hash)
    }

    fn check(
        &self,
        search: &mut Search,
        v: u32,
        player: Player,
    ) -> Result<(Vec<u8>, u64), Illegal> {
        let name = || self.board.name(v as usize).to_string();
        if self.colours[v as usize] != EMPTY {
            let name = name();
            return Err(Illegal {
                clause: Clause::Mango(Mango::Move),
                reason: format!("{name} is not in E: step 1 selects a member of E"),
            });
        }
        let (colours, hash) = self.produce(search, v, player);
        if self.occurred(&colours, hash) {
            return Err(self.not_new(v));
        }
        Ok((colours, hash))
    }

    /// The refusal of a move at `v` whose configuration is not new.
    fn not_new(&self, v: u32) -> Illegal {
        Illegal {
            clause: Clause::Mango(Mango::Legal),
            reason: format!(
                "{} would produce a configuration that is not new",
                self.board.name(v as usize)
            ),
        }
    }

    /// [`Around::of`] the position now, for the player to move.
    fn around(&self) -> Option<&Around> {
        self.around
            .get_or_init(|| Around::of(self, self.to_move))
            .as_ref()
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
        [0, 1].map(|i| self.score_of(i, sums[i]))
    }

    /// Player `i`'s initial score plus `sum / D`, in lowest terms: in 128-bit integers when
    /// the numbers fit (no big-integer division then), else as big rationals.
    fn score_of(&self, i: usize, sum: i128) -> BigRational {
        let initial = &self.initial_scores[i];
        let small = || {
            let (a, b) = (initial.numer().to_i128()?, initial.denom().to_i128()?);
            let d = self.denominator.to_i128()?;
            // a / b + sum / d = (a d + sum b) / (b d); b, d > 0.
            let numer = a.checked_mul(d)?.checked_add(sum.checked_mul(b)?)?;
            let denom = b.checked_mul(d)?;
            let g = gcd(numer.unsigned_abs(), denom.unsigned_abs()) as i128;
            Some(BigRational::new_raw(
                BigInt::from(numer / g),
                BigInt::from(denom / g),
            ))
        };
        small().unwrap_or_else(|| {
            let d = BigRational::from_integer(self.denominator.clone());
            initial + BigRational::from_integer(BigInt::from(sum)) / d
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
        let mut search = Search::default();
        let mut turns: Vec<Turn> = Vec::with_capacity(self.colours.len() + 1);
        match self.around() {
            Some(around) => {
                let mut scratch = LegalScratch::default();
                for v in 0..self.colours.len() as u32 {
                    if self.colours[v as usize] == EMPTY
                        && self.is_new_by(around, &mut scratch, v, player)
                    {
                        turns.push(Turn::Move {
                            player,
                            at: v as usize,
                        });
                    }
                }
            }
            None => turns.extend(
                (0..self.colours.len() as u32)
                    .filter(|&v| self.colours[v as usize] == EMPTY)
                    .filter(|&v| self.check(&mut search, v, player).is_ok())
                    .map(|v| Turn::Move {
                        player,
                        at: v as usize,
                    }),
            ),
        }
        // The moves by point, then the pass: in order already.
        turns.push(Turn::Pass { player });
        debug_assert!(turns.is_sorted());
        turns
    }

    fn play(&mut self, turn: &Turn) -> Result<(), Illegal> {
        if self.result.is_some() {
            return Err(Illegal {
                clause: Clause::Mango(Mango::End),
                reason: "the game is over".into(),
            });
        }
        let player = turn.player();
        if player != self.to_move {
            return Err(Illegal {
                clause: Clause::Mango(Mango::Setup),
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
                        clause: Clause::Mango(Mango::Move),
                        reason: format!("there is no point {at}"),
                    });
                }
                let v = at as u32;
                let made = match self.around() {
                    Some(around) if self.colours[at] == EMPTY => {
                        // Made from the structure of the position, as the legal turns
                        // judge it.
                        let mut scratch = LegalScratch::default();
                        let effect = self.effect(around, &mut scratch, v, player);
                        let colours = self.produced(around, &scratch, v, player, effect);
                        if self.occurred(&colours, effect.hash) {
                            Err(self.not_new(v))
                        } else {
                            Ok((colours, effect.hash))
                        }
                    }
                    _ => {
                        let mut search = std::mem::take(&mut self.search);
                        let checked = self.check(&mut search, v, player);
                        self.search = search;
                        checked
                    }
                };
                let (colours, hash) = made?;
                self.colours.clone_from(&colours);
                self.hash = hash;
                self.remember(colours, hash);
                self.passes = 0;
            }
            Turn::Pass { .. } => self.passes += 1,
            // No resignation, and none of the directed rules' turns.
            _ => {
                return Err(Illegal {
                    clause: Clause::Mango(Mango::Turn),
                    reason: "a turn is a pass or a legal move: MANGO has no resignation".into(),
                })
            }
        }
        self.to_move = player.opponent();
        self.around = OnceCell::new();
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

    /// The legality of a move read off the structure of the position (`is_new_by`, no move
    /// made) is the legality of the move made in full (`check`), for every empty point of
    /// positions reached by random legal moves, on grids, cycles, complete graphs and random
    /// graphs with random fractional and negative weights and thresholds of one or two
    /// intervals (windows, whose non-monotone life leaves positions where it does not apply).
    #[test]
    fn legality_read_off_the_position_is_legality_of_the_move_made() {
        use crate::board::weights::Threshold;
        use rand::{Rng, SeedableRng};
        use rand_xoshiro::Xoshiro256PlusPlus;
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(31);
        let thresholds = [
            vec!["z >= 1"],
            vec!["z > 1/2"],
            vec!["1 <= z < 3"],
            vec!["z <= -1", "z >= 2"],
            vec!["z > 0"],
        ];
        let (mut read, mut refused, mut captures, mut unsettled) = (0, 0, 0, 0);
        for round in 0..80u64 {
            let board = match round % 4 {
                0 => Board::grid(4, 3).unwrap(),
                1 => Board::cycle(7).unwrap(),
                2 => Board::complete(5).unwrap(),
                _ => {
                    let names: Vec<String> = (0..8).map(|i| format!("p{i}")).collect();
                    let names: Vec<&str> = names.iter().map(String::as_str).collect();
                    let mut edges = Vec::new();
                    for a in 0..8 {
                        for b in a + 1..8 {
                            if rng.random_range(0..100) < 35 {
                                edges.push((names[a], names[b]));
                            }
                        }
                    }
                    Board::from_edges(&names, &edges).unwrap()
                }
            };
            let n = board.len();
            let texts: Vec<String> = thresholds[round as usize % thresholds.len()]
                .iter()
                .map(|t| t.to_string())
                .collect();
            let weights = Weights {
                weight: (0..n)
                    .map(|_| {
                        let num: i64 = if rng.random_range(0..4) == 0 {
                            rng.random_range(-2..0)
                        } else {
                            rng.random_range(0..4)
                        };
                        BigRational::new(num.into(), rng.random_range(1..4i64).into())
                    })
                    .collect(),
                threshold: Threshold::parse(&texts).unwrap(),
                scores: [BigRational::zero(), BigRational::zero()],
            };
            let mut game = MangoEngine::start(&setup_on(board, weights)).unwrap();
            for _ in 0..3 * n {
                let player = game.to_move;
                let mut search = Search::default();
                let legal: Vec<u32> = (0..n as u32)
                    .filter(|&v| game.colours[v as usize] == EMPTY)
                    .filter(|&v| game.check(&mut search, v, player).is_ok())
                    .collect();
                match Around::of(&game, player) {
                    Some(around) => {
                        let mut scratch = LegalScratch::default();
                        for v in 0..n as u32 {
                            if game.colours[v as usize] != EMPTY {
                                continue;
                            }
                            let new = game.is_new_by(&around, &mut scratch, v, player);
                            assert_eq!(new, legal.contains(&v), "round {round}, point {v}");
                            read += 1;
                            refused += usize::from(!new);
                            captures += usize::from(!scratch.captured.is_empty());
                        }
                    }
                    None => unsettled += 1,
                }
                let turn = if legal.is_empty() {
                    Turn::Pass { player }
                } else {
                    Turn::Move {
                        player,
                        at: legal[rng.random_range(0..legal.len())] as usize,
                    }
                };
                game.play(&turn).unwrap();
                if game.result.is_some() {
                    break;
                }
            }
        }
        assert!(
            read > 4000 && refused > 100 && captures > 200 && unsettled > 3,
            "{read} {refused} {captures} {unsettled}"
        );
    }

    fn setup_on(board: Board, weights: Weights) -> Setup {
        let mut s = Setup::new(RuleId::Mango, board);
        s.equipment = Equipment::Weights(Arc::new(weights));
        s
    }
}
