//! Topological Go (`topo-primitive`, `topo-stones`) on flat bit sets: the engine's side of
//! the go-spaces, checked against the transcription (`spec::topological`) by the comparer.
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
//! is exact: the colourings of the game are kept in a hash set of byte vectors.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use num_rational::BigRational;

use crate::board::space::{EmptyString, GoSpace};
use crate::game::clause::{Clause, RuleOption, Topo};
use crate::game::{
    EndReason, Equipment, GameResult, Illegal, Observation, Playable, Player, Repetition, RuleId,
    Setup, Turn, Unsupported,
};

use super::goban::{cell, colour_of_cell, stone, BLACK, EMPTY, WHITE};

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

/// A Topological Go game on the engine.
#[derive(Clone, Debug)]
pub struct SpaceGame {
    tables: Arc<Tables>,
    space: Arc<GoSpace>,
    primitive: bool,
    repetition: Repetition,
    komi: BigRational,
    colouring: Vec<u8>,
    to_move: Player,
    history: Vec<(Vec<u8>, Player)>,
    seen: HashSet<Vec<u8>>,
    passes: u32,
    result: Option<GameResult>,
}

impl SpaceGame {
    /// A game from a setup with a go-space.
    pub fn start(setup: &Setup) -> Result<SpaceGame, Unsupported> {
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
        let colouring: Vec<u8> = setup.initial.iter().map(|&c| cell(c)).collect();
        let mut game = SpaceGame {
            tables: Arc::new(Tables::new(space)),
            space: Arc::clone(space),
            primitive,
            repetition: setup.options.repetition,
            komi: setup.komi.clone(),
            history: vec![(colouring.clone(), setup.to_move)],
            seen: HashSet::from([colouring.clone()]),
            colouring,
            to_move: setup.to_move,
            passes: 0,
            result: None,
        };
        game.settle();
        Ok(game)
    }

    fn placement_colour(&self, colouring: &[u8], s: usize) -> Option<u8> {
        let pts = &self.tables.points_of[s];
        let first = colouring[pts[0]];
        pts.iter().all(|&p| colouring[p] == first).then_some(first)
    }

    /// The string of stone `s` among `stones` (the stones of its colour).
    fn string(&self, s: usize, stones: &[usize]) -> Vec<usize> {
        let t = &self.tables;
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
        let t = &self.tables;
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
        let n = self.tables.placement.len();
        let stones: Vec<usize> = (0..n)
            .filter(|&s| self.placement_colour(colouring, s) == Some(c))
            .collect();
        let legal: Vec<usize> = (0..n)
            .filter(|&s| self.placement_colour(colouring, s) == Some(EMPTY))
            .collect();
        let mut decided: HashMap<Vec<usize>, bool> = HashMap::new();
        let mut alive = vec![0u64; self.tables.words];
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
                or_into(&mut alive, &self.tables.placement[s]);
            }
        }
        for (p, col) in colouring.iter_mut().enumerate() {
            if *col == c && alive[p / 64] >> (p % 64) & 1 == 0 {
                *col = EMPTY;
            }
        }
    }

    fn board_play(&self, e: usize, player: Player) -> Vec<u8> {
        let mut f = self.colouring.clone();
        for &p in &self.tables.points_of[e] {
            f[p] = stone(player);
        }
        self.clear(&mut f, stone(player.opponent()));
        self.clear(&mut f, stone(player));
        f
    }

    fn turn_clause(&self) -> Clause {
        if self.primitive {
            Clause::Topo(Topo::D10a)
        } else {
            Clause::Topo(Topo::D10b)
        }
    }

    fn check(&self, player: Player, e: usize) -> Result<Vec<u8>, Illegal> {
        if e >= self.tables.placement.len() {
            return Err(Illegal {
                clause: Clause::Topo(Topo::D9),
                reason: format!("there is no placement number {e}"),
            });
        }
        let name = self.space.placement_name(e);
        if self.placement_colour(&self.colouring, e) != Some(EMPTY) {
            return Err(Illegal {
                clause: Clause::Topo(Topo::D4),
                reason: format!(
                    "{name} is not empty: a legal placement is an element of S coloured empty"
                ),
            });
        }
        let produced = self.board_play(e, player);
        let repeated = match self.repetition {
            Repetition::Positional => self.seen.contains(&produced),
            Repetition::Situational => self
                .history
                .iter()
                .any(|(f, p)| *f == produced && *p == player.opponent()),
            Repetition::Simple => {
                let n = self.history.len();
                n >= 2 && self.history[n - 2].0 == produced
            }
            // `start` refuses the graph-only rules: a go-space game never has them.
            Repetition::None | Repetition::NaturalSituational | Repetition::KoPoint => false,
        };
        if repeated {
            return Err(Illegal {
                clause: if self.repetition == Repetition::Positional {
                    self.turn_clause()
                } else {
                    Clause::Option(RuleOption::Repetition)
                },
                reason: format!("{name} would repeat an earlier colouring of X"),
            });
        }
        Ok(produced)
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
            let able = (0..self.tables.placement.len()).any(|e| self.check(player, e).is_ok());
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
        let mut legal: Vec<Turn> = (0..self.tables.placement.len())
            .filter(|&e| self.check(player, e).is_ok())
            .map(|at| Turn::Move { player, at })
            .collect();
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
                let produced = self.check(player, at)?;
                self.seen.insert(produced.clone());
                self.history.push((produced.clone(), player.opponent()));
                self.colouring = produced;
                self.passes = 0;
            }
            Turn::Pass { .. } => {
                if self.primitive {
                    return Err(Illegal {
                        clause: Clause::Topo(Topo::D10a),
                        reason: "under the primitive rules there is no passing".into(),
                    });
                }
                self.history
                    .push((self.colouring.clone(), player.opponent()));
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
}
