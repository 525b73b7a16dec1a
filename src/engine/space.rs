//! Topological Go (`topo-primitive`, `topo-stones`): the engine's side of the go-spaces,
//! checked against the transcription (`spec::topological`) by the comparer.
//!
//! Two ways to a board play (`topo:D9`), one answer:
//! - where the closure of every placement is connected and the colouring is settled (after
//!   every board play; see [`local`]), locally: the strings are labelled once a turn and
//!   each placement then costs what lies around it;
//! - everywhere else (a placement whose closure is not connected; a setup's colouring with
//!   a string without liberty or a coloured point in no stone), on the whole colouring with
//!   flat bit sets, as below. The tests hold the two equal on random go-spaces.
//!
//! Everything the rules need reduces to closures and connectedness of sets of points, and
//! in a finite space both come from the specialisation preorder (`crate::board::space`):
//! - the closure of A is the union over a in A of up(a) = {p : a ∈ N(p)};
//! - a set U is connected exactly when the comparability graph of the preorder, restricted
//!   to U, is connected (a bit-parallel breadth-first search).
//!
//! Every placement's closure is computed once; a set of stones is go-connected when the
//! union of its stones' closures is connected. A string is found as the largest
//! go-connected set of stones around the stone (the same shrinking argument as the spec
//! gives for `topo:D7`, on bit sets); liberty, clearing and board play follow. Repetition
//! is exact: every colouring of the game is kept with a 64-bit Zobrist key, a board play's
//! key is looked up, and only a key found is confirmed on the colourings themselves.
//!
//! What depends on the space alone (the keys, the local index, the bit sets) is computed
//! once per space and shared by the games started on it one after another (a campaign, the
//! bench), and by their forks.

pub mod local;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, Weak};

use num_rational::BigRational;

use crate::board::space::{EmptyString, GoSpace};
use crate::game::clause::{Clause, RuleOption, Topo};
use crate::game::{
    EndReason, Equipment, GameResult, Illegal, Observation, Playable, Player, Repetition, RuleId,
    Setup, Turn, Unsupported,
};

use super::goban::{cell, colour_of_cell, stone, BLACK, EMPTY, WHITE};
use super::keys::KeyMap;

/// A set of points as 64-bit words.
type Bits = Vec<u64>;

fn is_subset(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).all(|(x, y)| x & !y == 0)
}

fn or_into(acc: &mut [u64], b: &[u64]) {
    acc.iter_mut().zip(b).for_each(|(x, y)| *x |= y);
}

fn first_bit(a: &[u64]) -> Option<usize> {
    a.iter()
        .enumerate()
        .find(|(_, &w)| w != 0)
        .map(|(i, &w)| i * 64 + w.trailing_zeros() as usize)
}

fn bits_in(a: &[u64]) -> impl Iterator<Item = usize> + '_ {
    a.iter().enumerate().flat_map(|(i, &w)| {
        let mut w = w;
        std::iter::from_fn(move || {
            if w == 0 {
                return None;
            }
            let b = w.trailing_zeros() as usize;
            w &= w - 1;
            Some(i * 64 + b)
        })
    })
}

/// What the engine computes once per go-space.
#[derive(Debug)]
struct Tables {
    words: usize,
    /// For each point, the points comparable to it (the board's edges).
    comparable: Vec<Bits>,
    /// For each placement, its points.
    placement: Vec<Bits>,
    /// For each placement, its points as a list.
    points_of: Vec<Vec<usize>>,
    /// For each placement, its closure.
    closure: Vec<Bits>,
    empty_string: EmptyString,
}

impl Tables {
    fn new(space: &GoSpace) -> Tables {
        let n = space.points();
        let words = n.div_ceil(64).max(1);
        let set = |points: &mut dyn Iterator<Item = usize>| {
            let mut b = vec![0u64; words];
            for p in points {
                b[p / 64] |= 1 << (p % 64);
            }
            b
        };
        // up[a] = {p : a ∈ N(p)}: the closure of {a}.
        let mut up = vec![vec![0u64; words]; n];
        let mut comparable = vec![vec![0u64; words]; n];
        for p in 0..n {
            for &a in space.neighbourhood(p) {
                up[a][p / 64] |= 1 << (p % 64);
                if a != p {
                    comparable[a][p / 64] |= 1 << (p % 64);
                    comparable[p][a / 64] |= 1 << (a % 64);
                }
            }
        }
        let placement: Vec<Bits> = space
            .placements()
            .iter()
            .map(|s| set(&mut s.iter().copied()))
            .collect();
        let closure = space
            .placements()
            .iter()
            .map(|s| {
                let mut c = vec![0u64; words];
                s.iter().for_each(|&a| or_into(&mut c, &up[a]));
                c
            })
            .collect();
        Tables {
            words,
            comparable,
            placement,
            points_of: space
                .placements()
                .iter()
                .map(|s| s.iter().copied().collect())
                .collect(),
            closure,
            empty_string: space.empty_string(),
        }
    }

    /// The points of `u` reachable from `x` in the comparability graph inside `u`.
    fn component(&self, u: &[u64], x: usize) -> Bits {
        let mut comp = vec![0u64; self.words];
        comp[x / 64] |= 1 << (x % 64);
        let mut frontier = comp.clone();
        loop {
            let mut next = vec![0u64; self.words];
            for p in bits_in(&frontier) {
                or_into(&mut next, &self.comparable[p]);
            }
            let mut grew = false;
            for i in 0..self.words {
                next[i] &= u[i] & !comp[i];
                comp[i] |= next[i];
                grew |= next[i] != 0;
            }
            if !grew {
                return comp;
            }
            frontier = next;
        }
    }

    fn connected(&self, u: &[u64]) -> bool {
        match first_bit(u) {
            None => true,
            Some(x) => self.component(u, x) == u,
        }
    }

    fn closure_of(&self, stones: &[usize]) -> Bits {
        let mut c = vec![0u64; self.words];
        stones
            .iter()
            .for_each(|&s| or_into(&mut c, &self.closure[s]));
        c
    }
}

/// What a game computes once per go-space and shares with its forks.
#[derive(Debug)]
struct Shared {
    /// The whole-colouring bit sets, built when first needed.
    tables: OnceLock<Tables>,
    /// The local board play's index, when every placement's closure is connected.
    local: Option<local::Index>,
    /// Zobrist keys per point, black and white.
    keys: Vec<[u64; 2]>,
    /// Per placement, black and white: the keys of its points together (what a board play
    /// that changes nothing else does to the key).
    placement_keys: Vec<[u64; 2]>,
}

impl Shared {
    fn new(space: &GoSpace, local: bool) -> Shared {
        let mut seed = 0x746F_706F_6C6F_6779u64;
        let keys: Vec<[u64; 2]> = (0..space.points())
            .map(|_| [splitmix(&mut seed), splitmix(&mut seed)])
            .collect();
        let placement_keys = space
            .placements()
            .iter()
            .map(|p| {
                p.iter()
                    .fold([0, 0], |[b, w], &x| [b ^ keys[x][0], w ^ keys[x][1]])
            })
            .collect();
        Shared {
            tables: OnceLock::new(),
            local: if local {
                local::Index::new(space)
            } else {
                None
            },
            keys,
            placement_keys,
        }
    }

    /// The tables of `space` (with the local index when `local` asks for it): those of the
    /// last space a game started on when it is this one (a campaign or the bench starting
    /// game after game on one space), else new ones, kept for the next start.
    fn of(space: &Arc<GoSpace>, local: bool) -> Arc<Shared> {
        let mut last = LAST_SPACE.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((held, with_local, shared)) = last.as_ref() {
            if *with_local == local && std::ptr::eq(held.as_ptr(), Arc::as_ptr(space)) {
                return Arc::clone(shared);
            }
        }
        let shared = Arc::new(Shared::new(space, local));
        *last = Some((Arc::downgrade(space), local, Arc::clone(&shared)));
        shared
    }
}

/// The last go-space a game started on, with its tables. The space is held by a weak
/// reference, which keeps its allocation (not its value) while the entry lives: no other
/// space can take that address meanwhile, so an equal address is the same space.
#[allow(clippy::type_complexity)]
static LAST_SPACE: Mutex<Option<(Weak<GoSpace>, bool, Arc<Shared>)>> = Mutex::new(None);

/// A Topological Go game on the engine.
#[derive(Clone, Debug)]
pub struct SpaceGame {
    shared: Arc<Shared>,
    space: Arc<GoSpace>,
    primitive: bool,
    repetition: Repetition,
    komi: BigRational,
    colouring: Vec<u8>,
    /// The key of `colouring`.
    key: u64,
    to_move: Player,
    /// Every colouring of the game (the start, then one per turn) with the player to move
    /// after it, and its key.
    history: Vec<(Vec<u8>, Player)>,
    keys: Vec<u64>,
    /// The turns of `history` by key.
    by_key: KeyMap<Vec<u32>>,
    /// A bit per value of a key's top bits, set for the keys of `history`: a key whose bit
    /// is clear was never seen, and is not looked up.
    key_bits: Vec<u64>,
    passes: u32,
    result: Option<GameResult>,
    /// The strings of the colouring now, labelled after every turn when the space has the
    /// local index; they are those of the colouring when `settled`.
    strings: local::Strings,
    /// Whether the colouring now is settled, so that `strings` are its strings.
    settled: bool,
    /// The local board play's scratch, kept from one question to the next.
    scratch: Reused,
}

/// A scratch behind a lock, so that the questions taking `&self` reuse it; a clone (a
/// fork) starts its own.
#[derive(Debug, Default)]
struct Reused(Mutex<local::Scratch>);

impl Clone for Reused {
    fn clone(&self) -> Reused {
        Reused::default()
    }
}

impl Reused {
    fn lock(&self) -> std::sync::MutexGuard<'_, local::Scratch> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// What a board play produces: the changes to the colouring (the local way) or the whole
/// colouring (the other), with the key of the colouring produced.
enum Produced {
    Changes(Vec<(u32, u8)>),
    Whole(Vec<u8>),
}

impl SpaceGame {
    /// A game from a setup with a go-space.
    pub fn start(setup: &Setup) -> Result<SpaceGame, Unsupported> {
        SpaceGame::start_with(setup, true)
    }

    /// A game that never takes the local board play (for the tests that hold the two ways
    /// equal).
    pub fn start_whole(setup: &Setup) -> Result<SpaceGame, Unsupported> {
        SpaceGame::start_with(setup, false)
    }

    fn start_with(setup: &Setup, local: bool) -> Result<SpaceGame, Unsupported> {
        let primitive = match setup.rules {
            RuleId::TopoPrimitive => true,
            RuleId::TopoStones => false,
            other => {
                return Err(Unsupported(format!(
                    "{} is not a Topological Go rule set",
                    other.name()
                )))
            }
        };
        let Equipment::Space(space) = &setup.equipment else {
            return Err(Unsupported(format!(
                "{} is played on a go-space, not on a graph",
                setup.rules.name()
            )));
        };
        if let Some(option) = setup.options.graph_go_only() {
            return Err(Unsupported(format!(
                "the option {option} is General Graph Go's: Topological Go reads 'repetition' as positional, situational, simple or none"
            )));
        }
        if setup.initial.len() != space.points() {
            return Err(Unsupported(format!(
                "the setup colours {} points, the space has {}",
                setup.initial.len(),
                space.points()
            )));
        }
        let shared = Shared::of(space, local);
        let colouring: Vec<u8> = setup.initial.iter().map(|&c| cell(c)).collect();
        let mut game = SpaceGame {
            shared,
            space: Arc::clone(space),
            primitive,
            repetition: setup.options.repetition,
            komi: setup.komi.clone(),
            key: 0,
            history: Vec::new(),
            keys: Vec::new(),
            by_key: KeyMap::default(),
            key_bits: vec![0; KEY_BIT_WORDS],
            colouring,
            to_move: setup.to_move,
            passes: 0,
            result: None,
            strings: local::Strings::default(),
            settled: false,
            scratch: Reused::default(),
        };
        game.key = game.key_of(&game.colouring);
        game.remember(game.colouring.clone(), game.key, setup.to_move);
        game.relabel(false);
        game.settle();
        Ok(game)
    }

    fn tables(&self) -> &Tables {
        self.shared.tables.get_or_init(|| Tables::new(&self.space))
    }

    /// The Zobrist key of a colouring.
    fn key_of(&self, colouring: &[u8]) -> u64 {
        colouring
            .iter()
            .enumerate()
            .filter(|(_, &c)| c != EMPTY)
            .fold(0, |k, (x, &c)| k ^ self.shared.keys[x][c as usize - 1])
    }

    /// Records a colouring of the game, with the player to move after it.
    fn remember(&mut self, colouring: Vec<u8>, key: u64, to_move: Player) {
        let bit = key_bit(key);
        self.key_bits[bit / 64] |= 1 << (bit % 64);
        self.by_key
            .entry(key)
            .or_default()
            .push(self.history.len() as u32);
        self.history.push((colouring, to_move));
        self.keys.push(key);
    }

    /// Labels the strings of the colouring now, when the space has the local index;
    /// `played` when a board play produced it.
    fn relabel(&mut self, played: bool) {
        self.settled = match &self.shared.local {
            Some(index) => self.strings.label(index, &self.colouring, played),
            None => false,
        };
    }

    /// The local index and the strings of the colouring now, when the local board play
    /// applies.
    fn local(&self) -> Option<(&local::Index, &local::Strings)> {
        let index = self.shared.local.as_ref()?;
        self.settled.then_some((index, &self.strings))
    }

    fn placement_colour(&self, colouring: &[u8], s: usize) -> Option<u8> {
        let pts = &self.tables().points_of[s];
        let first = colouring[pts[0]];
        pts.iter().all(|&p| colouring[p] == first).then_some(first)
    }

    /// True when placement `e` is a legal placement (`topo:D4`) now.
    fn is_legal_placement(&self, e: usize) -> bool {
        match self.local() {
            Some((_, strings)) => strings.is_legal_placement(e),
            None => self
                .space
                .placements()
                .get(e)
                .is_some_and(|p| p.iter().all(|&x| self.colouring[x] == EMPTY)),
        }
    }

    /// The string of stone `s` among `stones` (the stones of its colour).
    fn string(&self, s: usize, stones: &[usize]) -> Vec<usize> {
        let t = self.tables();
        let x = first_bit(&t.closure[s]).expect("placements are not empty");
        let mut candidates = stones.to_vec();
        let found = loop {
            let u = t.closure_of(&candidates);
            let comp = t.component(&u, x);
            if !is_subset(&t.closure[s], &comp) {
                break Vec::new();
            }
            let kept: Vec<usize> = candidates
                .iter()
                .copied()
                .filter(|&c| is_subset(&t.closure[c], &comp))
                .collect();
            if kept.len() == candidates.len() {
                break kept;
            }
            candidates = kept;
        };
        if found.is_empty() && t.empty_string == EmptyString::Stone {
            return vec![s];
        }
        found
    }

    fn has_liberty(&self, string: &[usize], legal: &[usize]) -> bool {
        let t = self.tables();
        if string.is_empty() && t.empty_string == EmptyString::NoLiberty {
            return false;
        }
        let base = t.closure_of(string);
        legal.iter().any(|&e| {
            let mut u = base.clone();
            or_into(&mut u, &t.closure[e]);
            t.connected(&u)
        })
    }

    /// Clears colour `c`: keeps the points covered by a stone of colour `c` whose string
    /// has liberty, empties the other points of colour `c`.
    fn clear(&self, colouring: &mut [u8], c: u8) {
        let n = self.tables().placement.len();
        let stones: Vec<usize> = (0..n)
            .filter(|&s| self.placement_colour(colouring, s) == Some(c))
            .collect();
        let legal: Vec<usize> = (0..n)
            .filter(|&s| self.placement_colour(colouring, s) == Some(EMPTY))
            .collect();
        let mut decided: HashMap<Vec<usize>, bool> = HashMap::new();
        let mut alive = vec![0u64; self.tables().words];
        for &s in &stones {
            let string = self.string(s, &stones);
            let lives = match decided.get(&string) {
                Some(&l) => l,
                None => {
                    let l = self.has_liberty(&string, &legal);
                    decided.insert(string, l);
                    l
                }
            };
            if lives {
                or_into(&mut alive, &self.tables().placement[s]);
            }
        }
        for (p, col) in colouring.iter_mut().enumerate() {
            if *col == c && alive[p / 64] >> (p % 64) & 1 == 0 {
                *col = EMPTY;
            }
        }
    }

    /// `topo:D9` on the whole colouring.
    fn board_play_whole(&self, e: usize, player: Player) -> Vec<u8> {
        let mut f = self.colouring.clone();
        for &p in &self.tables().points_of[e] {
            f[p] = stone(player);
        }
        self.clear(&mut f, stone(player.opponent()));
        self.clear(&mut f, stone(player));
        f
    }

    /// `topo:D9` at the legal placement `e`: locally when it applies, else on the whole
    /// colouring; with the key of the colouring produced.
    fn board_play(
        &self,
        e: usize,
        player: Player,
        scratch: &mut local::Scratch,
    ) -> (Produced, u64) {
        match self.local() {
            Some((index, strings)) => {
                let c = stone(player);
                if strings.plays_quietly(index, e, c) {
                    let changes = index.points_of(e).iter().map(|&x| (x, c)).collect();
                    let key = self.key ^ self.shared.placement_keys[e][c as usize - 1];
                    return (Produced::Changes(changes), key);
                }
                strings.board_play(index, scratch, &self.colouring, c, e);
                (
                    Produced::Changes(scratch.changes.clone()),
                    self.key_after(&scratch.changes),
                )
            }
            None => {
                let f = self.board_play_whole(e, player);
                let key = self.key_of(&f);
                (Produced::Whole(f), key)
            }
        }
    }

    /// The key of the colouring now with `changes` made.
    fn key_after(&self, changes: &[(u32, u8)]) -> u64 {
        changes.iter().fold(self.key, |k, &(x, c)| {
            let x = x as usize;
            let old = self.colouring[x];
            let mut k = k;
            if old != EMPTY {
                k ^= self.shared.keys[x][old as usize - 1];
            }
            if c != EMPTY {
                k ^= self.shared.keys[x][c as usize - 1];
            }
            k
        })
    }

    /// The colouring now with `changes` made.
    fn changed(&self, changes: &[(u32, u8)]) -> Vec<u8> {
        let mut f = self.colouring.clone();
        for &(x, c) in changes {
            f[x as usize] = c;
        }
        f
    }

    /// The colouring a board play produces.
    fn colouring_of(&self, produced: &Produced) -> Vec<u8> {
        match produced {
            Produced::Whole(f) => f.clone(),
            Produced::Changes(changes) => self.changed(changes),
        }
    }

    /// Whether a board play of `player` producing a colouring of key `key` (built by
    /// `produced` if the key alone cannot tell) repeats what the repetition rule forbids.
    fn repeats(&self, player: Player, key: u64, produced: impl FnOnce() -> Vec<u8>) -> bool {
        let n = self.history.len();
        let earlier: &[u32] = match self.repetition {
            // `start` refuses the graph-only rules: a go-space game never has them.
            Repetition::None | Repetition::NaturalSituational | Repetition::KoPoint => {
                return false
            }
            Repetition::Simple => {
                return n >= 2 && self.keys[n - 2] == key && self.history[n - 2].0 == produced();
            }
            Repetition::Positional | Repetition::Situational
                if self.key_bits[key_bit(key) / 64] >> (key_bit(key) % 64) & 1 == 0 =>
            {
                return false
            }
            Repetition::Positional | Repetition::Situational => match self.by_key.get(&key) {
                None => return false,
                Some(turns) => turns,
            },
        };
        let f = produced();
        earlier.iter().any(|&t| {
            let (g, p) = &self.history[t as usize];
            *g == f && (self.repetition == Repetition::Positional || *p == player.opponent())
        })
    }

    fn turn_clause(&self) -> Clause {
        if self.primitive {
            Clause::Topo(Topo::D10a)
        } else {
            Clause::Topo(Topo::D10b)
        }
    }

    fn check(
        &self,
        player: Player,
        e: usize,
        scratch: &mut local::Scratch,
    ) -> Result<(Produced, u64), Illegal> {
        if e >= self.space.placements().len() {
            return Err(Illegal {
                clause: Clause::Topo(Topo::D9),
                reason: format!("there is no placement number {e}"),
            });
        }
        if !self.is_legal_placement(e) {
            let name = self.space.placement_name(e);
            return Err(Illegal {
                clause: Clause::Topo(Topo::D4),
                reason: format!(
                    "{name} is not empty: a legal placement is an element of S coloured empty"
                ),
            });
        }
        let (produced, key) = self.board_play(e, player, scratch);
        if self.repeats(player, key, || self.colouring_of(&produced)) {
            let name = self.space.placement_name(e);
            return Err(Illegal {
                clause: if self.repetition == Repetition::Positional {
                    self.turn_clause()
                } else {
                    Clause::Option(RuleOption::Repetition)
                },
                reason: format!("{name} would repeat an earlier colouring of X"),
            });
        }
        Ok((produced, key))
    }

    /// Whether `player` may make the board play at `e` (a legal placement whose play does
    /// not repeat), without building the colouring unless a key is found. Locally, a play
    /// that changes `e`'s points only ([`local::Strings::plays_quietly`]) is keyed from the
    /// placement's key alone; any other is played out into the scratch.
    fn is_turn(&self, player: Player, e: usize, scratch: &mut local::Scratch) -> bool {
        let Some((index, strings)) = self.local() else {
            return self.is_legal_placement(e) && self.check(player, e, scratch).is_ok();
        };
        if !strings.is_legal_placement(e) {
            return false;
        }
        let c = stone(player);
        if strings.plays_quietly(index, e, c) {
            let key = self.key ^ self.shared.placement_keys[e][c as usize - 1];
            return !self.repeats(player, key, || {
                let mut f = self.colouring.clone();
                for &x in index.points_of(e) {
                    f[x as usize] = c;
                }
                f
            });
        }
        strings.board_play(index, scratch, &self.colouring, c, e);
        let key = self.key_after(&scratch.changes);
        !self.repeats(player, key, || self.changed(&scratch.changes))
    }

    fn scores(&self) -> [BigRational; 2] {
        let count = |c: u8| {
            BigRational::from_integer(self.colouring.iter().filter(|&&x| x == c).count().into())
        };
        [count(BLACK), count(WHITE) + self.komi.clone()]
    }

    fn settle(&mut self) {
        if self.primitive {
            let player = self.to_move;
            let mut scratch = self.scratch.lock();
            let able =
                (0..self.space.placements().len()).any(|e| self.is_turn(player, e, &mut scratch));
            if !able {
                self.result = Some(GameResult {
                    winner: Some(player.opponent()),
                    by: EndReason::NoMove,
                    score: None,
                });
            }
        } else if self.passes >= 2 {
            self.result = Some(GameResult::scored(self.scores()));
        }
    }
}

/// The words of `SpaceGame::key_bits`: 2^14 bits, 2 KiB a game.
const KEY_BIT_WORDS: usize = 1 << 8;

/// The bit of `SpaceGame::key_bits` for `key`: its top 14 bits.
#[inline]
fn key_bit(key: u64) -> usize {
    (key >> 50) as usize
}

/// SplitMix64: the Zobrist keys (fixed, so keys are reproducible).
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Playable for SpaceGame {
    fn observe(&self) -> Observation {
        Observation {
            position: self.colouring.iter().map(|&c| colour_of_cell(c)).collect(),
            to_move: self.result.is_none().then_some(self.to_move),
            prisoners: None,
            scores: None,
            result: self.result.clone(),
        }
    }

    fn legal_turns(&self) -> Vec<Turn> {
        if self.result.is_some() {
            return Vec::new();
        }
        let player = self.to_move;
        let mut scratch = self.scratch.lock();
        let m = self.space.placements().len();
        let mut legal: Vec<Turn> = Vec::with_capacity(m + 1);
        legal.extend(
            (0..m)
                .filter(|&e| self.is_turn(player, e, &mut scratch))
                .map(|at| Turn::Move { player, at }),
        );
        if !self.primitive {
            legal.push(Turn::Pass { player });
        }
        legal
    }

    fn play(&mut self, turn: &Turn) -> Result<(), Illegal> {
        if self.result.is_some() {
            return Err(Illegal {
                clause: if self.primitive {
                    Clause::Topo(Topo::R4a)
                } else {
                    Clause::Topo(Topo::R4b)
                },
                reason: "the game is over".into(),
            });
        }
        let player = turn.player();
        if player != self.to_move {
            return Err(Illegal {
                clause: Clause::Topo(Topo::R3),
                reason: format!("it is not {}'s turn", player.word()),
            });
        }
        match *turn {
            Turn::Move { at, .. } => {
                let (produced, key) = self.check(player, at, &mut self.scratch.lock())?;
                match produced {
                    Produced::Whole(f) => self.colouring = f,
                    Produced::Changes(changes) => {
                        for (x, c) in changes {
                            self.colouring[x as usize] = c;
                        }
                    }
                }
                self.key = key;
                self.remember(self.colouring.clone(), key, player.opponent());
                self.passes = 0;
                self.relabel(true);
            }
            Turn::Pass { .. } => {
                if self.primitive {
                    return Err(Illegal {
                        clause: Clause::Topo(Topo::D10a),
                        reason: "under the primitive rules there is no passing".into(),
                    });
                }
                self.remember(self.colouring.clone(), self.key, player.opponent());
                self.passes += 1;
            }
            // No resignation, and none of the directed rules' turns.
            _ => {
                return Err(Illegal {
                    clause: self.turn_clause(),
                    reason: "Topological Go has no resignation".into(),
                });
            }
        }
        self.to_move = player.opponent();
        self.settle();
        Ok(())
    }

    fn fork(&self) -> Option<Box<dyn Playable>> {
        Some(Box::new(self.clone()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bit sets span several 64-bit words on spaces of more than 64 points (the
    /// campaign's spaces have at most a few dozen): bit 64k + b is bit b of word k.
    #[test]
    fn bits_beyond_the_first_word_are_numbered_by_their_word() {
        assert_eq!(first_bit(&[0, 0]), None);
        assert_eq!(first_bit(&[1 << 5, 1]), Some(5));
        assert_eq!(first_bit(&[0, 1 << 3]), Some(67));
        assert_eq!(first_bit(&[0, 0, 1]), Some(128));
        let set = [1u64 << 63, 0, (1 << 1) | (1 << 40)];
        assert_eq!(bits_in(&set).collect::<Vec<_>>(), vec![63, 129, 168]);
    }

    /// The local board play gives the whole-colouring board play's colouring for every
    /// legal placement, and the same legal turns, at every position of random games on
    /// go-spaces of random graphs and on random topologies (subbases over up to 8 points,
    /// placements around random groups of points), both endings, every repetition rule;
    /// where it does not apply (a placement with a closure not connected, or an unsettled
    /// start) the game falls back to the whole colouring, which is counted too.
    #[test]
    fn the_local_board_play_is_the_whole_board_play() {
        use crate::board::Board;
        use crate::game::Colour;
        use rand::{Rng, SeedableRng};
        use rand_xoshiro::Xoshiro256PlusPlus;
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(41);
        let (mut local_plays, mut positions_whole, mut captures, mut quiet) = (0, 0, 0, 0);
        for round in 0..400 {
            let space = if round % 2 == 0 {
                let n = rng.random_range(2..8usize);
                let names: Vec<String> = (0..n).map(|i| format!("v{i}")).collect();
                let names: Vec<&str> = names.iter().map(String::as_str).collect();
                let mut edges = Vec::new();
                for a in 0..n {
                    for b in a + 1..n {
                        if rng.random_range(0..100) < 40 {
                            edges.push((names[a], names[b]));
                        }
                    }
                }
                let graph = Board::from_edges(&names, &edges).expect("a graph");
                GoSpace::of_graph(&graph).expect("its go-space").1
            } else {
                let n = rng.random_range(3..9usize);
                let names: Vec<String> = (0..n).map(|i| format!("p{i}")).collect();
                let sets: Vec<Vec<usize>> = (0..rng.random_range(1..7))
                    .map(|_| (0..n).filter(|_| rng.random_range(0..3) == 0).collect())
                    .collect();
                let around: Vec<Vec<usize>> = (0..rng.random_range(2..8))
                    .map(|_| {
                        (0..rng.random_range(1..3))
                            .map(|_| rng.random_range(0..n))
                            .collect()
                    })
                    .collect();
                match GoSpace::around_points(&names, &sets, &around) {
                    Ok(space) => space,
                    Err(_) => continue,
                }
            };
            let rules = if round % 3 == 0 {
                RuleId::TopoPrimitive
            } else {
                RuleId::TopoStones
            };
            let board = Board::from_edges(
                &(0..space.points())
                    .map(|i| format!("x{i}"))
                    .collect::<Vec<_>>()
                    .iter()
                    .map(String::as_str)
                    .collect::<Vec<_>>(),
                &[],
            )
            .expect("points");
            let mut setup = Setup::new(rules, board);
            setup.initial = (0..space.points())
                .map(|_| match rng.random_range(0..6) {
                    0 => Colour::Black,
                    1 => Colour::White,
                    _ => Colour::Empty,
                })
                .collect();
            setup.options.repetition = [
                Repetition::Positional,
                Repetition::Situational,
                Repetition::Simple,
                Repetition::None,
            ][round % 4];
            setup.equipment = Equipment::Space(Arc::new(space));
            let mut local = SpaceGame::start(&setup).expect("a game");
            let mut whole = SpaceGame::start_whole(&setup).expect("a game");
            for _ in 0..30 {
                assert_eq!(local.observe(), whole.observe(), "round {round}");
                let legal = local.legal_turns();
                assert_eq!(legal, whole.legal_turns(), "round {round}");
                if local.local().is_none() {
                    positions_whole += 1;
                }
                let mut scratch = local::Scratch::default();
                let mut whole_scratch = local::Scratch::default();
                for e in 0..local.space.placements().len() {
                    if !local.is_legal_placement(e) {
                        continue;
                    }
                    let player = local.to_move;
                    let (a, ka) = local.board_play(e, player, &mut scratch);
                    let (b, kb) = whole.board_play(e, player, &mut whole_scratch);
                    let (fa, fb) = (local.colouring_of(&a), whole.colouring_of(&b));
                    let sp = &local.space;
                    assert_eq!(
                        fa,
                        fb,
                        "round {round}, placement {e}, {player:?} on {:?}; N {:?}; S {:?}",
                        local.colouring,
                        (0..sp.points())
                            .map(|x| sp.neighbourhood(x).iter().copied().collect::<Vec<_>>())
                            .collect::<Vec<_>>(),
                        sp.placements()
                            .iter()
                            .map(|p| p.iter().copied().collect::<Vec<_>>())
                            .collect::<Vec<_>>()
                    );
                    assert_eq!((ka, kb), (local.key_of(&fa), whole.key_of(&fb)));
                    if let Produced::Changes(changes) = &a {
                        let (index, strings) = local.local().expect("played locally");
                        let c = stone(player);
                        if strings.plays_quietly(index, e, c) {
                            quiet += 1;
                            let only_e: Vec<(u32, u8)> =
                                index.points_of(e).iter().map(|&x| (x, c)).collect();
                            assert_eq!(changes, &only_e, "round {round}, placement {e}");
                            // The quiet play is what the local board play in full gives.
                            let mut full = local::Scratch::default();
                            strings.board_play(index, &mut full, &local.colouring, c, e);
                            assert_eq!(full.changes, only_e, "round {round}, placement {e}");
                            assert_eq!(
                                ka,
                                local.key ^ local.shared.placement_keys[e][c as usize - 1]
                            );
                        }
                        local_plays += 1;
                        captures += usize::from(
                            changes
                                .iter()
                                .any(|&(x, c)| c == EMPTY && local.colouring[x as usize] != EMPTY),
                        );
                    }
                }
                if legal.is_empty() {
                    break;
                }
                let turn = &legal[rng.random_range(0..legal.len())];
                local.play(turn).expect("a legal turn");
                whole.play(turn).expect("a legal turn");
            }
        }
        assert!(
            local_plays > 2000
                && captures > 100
                && positions_whole > 100
                && quiet > 1000
                && local_plays - quiet > 500,
            "{local_plays} local plays ({quiet} quiet), {captures} removing, {positions_whole} positions played whole"
        );
    }
}
