//! MANGO ("MAth Nerd Go", `spec/SOURCES.md`, text 5), restated in `spec/mango.md`.
//!
//! The clauses in the order of the text: equipment, INDEX, PATH, ALIVE, CONFIG, then playing
//! (SETUP, TURN, MOVE, LEGAL, END), SCORE and the two examples. Values in, values out: a
//! configuration is three `imbl::OrdSet`s, a path an `OrdSet` of pairs, a game an immutable
//! [`GameState`].
//!
//! Paths are kept twice, as the issue asks: literally (a finite subset of C with the index
//! conditions, found by trying every subset of C: tiny boards only) and by a polynomial
//! search ([`path_exists`]). They agree because a set of pairs in which every point has
//! index at most 2 and exactly two points have index 1 is one simple path between those two
//! points plus point-disjoint cycles (reading 7): dropping the cycles leaves a path with
//! the same endpoints and fewer interior points, and a simple walk found by a search is a
//! path. `tests/mango/paths.rs` checks the two against each other.

use std::sync::Arc;

use imbl::{HashSet, OrdSet, Vector};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Zero;

use crate::board::weights::Threshold;
use crate::board::{Board, Vertex};
use crate::game::{
    Colour, EndReason, Equipment, GameResult, Illegal, Observation, Playable, Player, Setup, Turn,
};
use crate::spec_fast;

/// `mango:EQUIP` — a member of I (the board's vertices are I).
pub type Point = Vertex;

/// `mango:EQUIP` — a member of C, a subset of I with exactly two members, written as the
/// ordered pair (smaller, larger) so that each set has one spelling.
pub type Pair = (Point, Point);

/// The pair {u, v}, spelt (smaller, larger).
pub fn pair(u: Point, v: Point) -> Pair {
    (u.min(v), u.max(v))
}

/// `mango:EQUIP` — the parts of a Mango set fixed for the whole game: I and C (a board's
/// vertices and edges; a board is a simple graph, so every member of C has two members),
/// F: I -> rationals, and T (reading 8: a finite union of rational intervals).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MangoSet {
    pub board: Arc<Board>,
    pub f: Vector<BigRational>,
    pub t: Threshold,
}

impl MangoSet {
    /// I.
    pub fn points(&self) -> impl Iterator<Item = Point> {
        0..self.board.len()
    }

    /// C.
    pub fn pairs(&self) -> OrdSet<Pair> {
        self.board.edges().map(|(u, v)| pair(u, v)).collect()
    }

    /// Whether a pair is a member of C.
    pub fn in_c(&self, p: Pair) -> bool {
        p.0 != p.1 && self.board.adjacent(p.0, p.1)
    }
}

/// `mango:INDEX` — the index of n in a finite set of pairs P: how many pairs of P contain n.
pub fn index(p: &OrdSet<Pair>, n: Point) -> usize {
    p.iter().filter(|&&(a, b)| a == n || b == n).count()
}

/// `mango:PATH` — P is a path: a finite subset of C in which every member of I has index
/// 0, 1 or 2, and exactly two members of I have index 1. (Extra disjoint cycles are allowed
/// by these words: reading 7.)
pub fn is_path(set: &MangoSet, p: &OrdSet<Pair>) -> bool {
    p.iter().all(|&q| set.in_c(q))
        && set.points().all(|n| index(p, n) <= 2)
        && set.points().filter(|&n| index(p, n) == 1).count() == 2
}

/// `mango:PATH` — the endpoints of a path: its points of index 1.
pub fn endpoints(set: &MangoSet, p: &OrdSet<Pair>) -> OrdSet<Point> {
    set.points().filter(|&n| index(p, n) == 1).collect()
}

/// `mango:PATH` — the interior points of a path: its points of index 2.
pub fn interior_points(set: &MangoSet, p: &OrdSet<Pair>) -> OrdSet<Point> {
    set.points().filter(|&n| index(p, n) == 2).collect()
}

/// The most pairs C may have for [`all_paths`] (2^16 subsets).
pub const MAX_LITERAL_PAIRS: usize = 16;

/// `mango:PATH` — literally: every path, by trying every subset of C. `None` when C has
/// more than [`MAX_LITERAL_PAIRS`] pairs.
pub fn all_paths(set: &MangoSet) -> Option<Vec<OrdSet<Pair>>> {
    let c: Vec<Pair> = set.pairs().into_iter().collect();
    if c.len() > MAX_LITERAL_PAIRS {
        return None;
    }
    Some(
        (0u32..1 << c.len())
            .map(|bits| {
                c.iter()
                    .enumerate()
                    .filter(|(i, _)| bits >> i & 1 == 1)
                    .map(|(_, &q)| q)
                    .collect::<OrdSet<Pair>>()
            })
            .filter(|p| is_path(set, p))
            .collect(),
    )
}

/// `mango:PATH` — literally: is one of `paths` (from [`all_paths`]) a path with endpoints
/// a and b whose interior points all satisfy `allowed`?
pub fn path_exists_literal(
    set: &MangoSet,
    paths: &[OrdSet<Pair>],
    a: Point,
    b: Point,
    allowed: impl Fn(Point) -> bool,
) -> bool {
    paths.iter().any(|p| {
        endpoints(set, p) == OrdSet::from(vec![a, b])
            && interior_points(set, p).iter().all(|&n| allowed(n))
    })
}

/// `mango:PATH` — the polynomial equivalent of [`path_exists_literal`]: a search from a
/// that enters only points satisfying `allowed` (they become interior points) and stops on
/// reaching b. The two endpoints differ (a path has two points of index 1).
pub fn path_exists(set: &MangoSet, a: Point, b: Point, allowed: impl Fn(Point) -> bool) -> bool {
    if a == b {
        return false;
    }
    let mut seen = OrdSet::unit(a);
    let mut frontier = vec![a];
    while let Some(u) = frontier.pop() {
        for &w in set.board.neighbours(u) {
            if w == b {
                return true;
            }
            if allowed(w) && !seen.contains(&w) {
                seen.insert(w);
                frontier.push(w);
            }
        }
    }
    false
}

/// `mango:CONFIG` — the configuration, the ordered triple (E, B, W): a partition of I.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Configuration {
    pub e: OrdSet<Point>,
    pub b: OrdSet<Point>,
    pub w: OrdSet<Point>,
}

impl Configuration {
    /// The configuration of a colouring (E the empty points, B the black, W the white).
    pub fn of(colours: &[Colour]) -> Configuration {
        let with = |c: Colour| -> OrdSet<Point> {
            (0..colours.len()).filter(|&n| colours[n] == c).collect()
        };
        Configuration {
            e: with(Colour::Empty),
            b: with(Colour::Black),
            w: with(Colour::White),
        }
    }

    /// B for Black, W for White.
    pub fn stones(&self, player: Player) -> &OrdSet<Point> {
        match player {
            Player::Black => &self.b,
            Player::White => &self.w,
        }
    }

    /// The colour of n: in E, B or W.
    pub fn colour(&self, n: Point) -> Colour {
        if self.b.contains(&n) {
            Colour::Black
        } else if self.w.contains(&n) {
            Colour::White
        } else {
            Colour::Empty
        }
    }

    /// The colour of every point 0 .. len.
    pub fn colours(&self, len: usize) -> Vec<Colour> {
        (0..len).map(|n| self.colour(n)).collect()
    }

    /// The same configuration with n moved from wherever it is into the set of `to`.
    fn with(&self, n: Point, to: Colour) -> Configuration {
        let mut c = Configuration {
            e: self.e.without(&n),
            b: self.b.without(&n),
            w: self.w.without(&n),
        };
        match to {
            Colour::Empty => c.e.insert(n),
            Colour::Black => c.b.insert(n),
            Colour::White => c.w.insert(n),
        };
        c
    }
}

/// The set S (B or W) that contains s, and its player; `None` when s is in E.
fn owner(config: &Configuration, s: Point) -> Option<Player> {
    config.colour(s).player()
}

/// `mango:ALIVE` — L: the members e of E joined to s by a path whose interior points are
/// all in S or E, S being the set (B or W) that contains s. Polynomial: one search through
/// S and E from s ([`path_exists`] for every e at once).
pub fn liberty_region(set: &MangoSet, config: &Configuration, s: Point) -> OrdSet<Point> {
    let Some(player) = owner(config, s) else {
        return OrdSet::new();
    };
    let through = |n: Point| config.e.contains(&n) || config.stones(player).contains(&n);
    let mut seen = OrdSet::unit(s);
    let mut frontier = vec![s];
    while let Some(u) = frontier.pop() {
        for &w in set.board.neighbours(u) {
            if through(w) && !seen.contains(&w) {
                seen.insert(w);
                frontier.push(w);
            }
        }
    }
    seen.into_iter().filter(|n| config.e.contains(n)).collect()
}

/// `mango:ALIVE` — L computed literally from every path of a tiny Mango set.
pub fn liberty_region_literal(
    set: &MangoSet,
    paths: &[OrdSet<Pair>],
    config: &Configuration,
    s: Point,
) -> OrdSet<Point> {
    let Some(player) = owner(config, s) else {
        return OrdSet::new();
    };
    let through = |n: Point| config.e.contains(&n) || config.stones(player).contains(&n);
    config
        .e
        .iter()
        .copied()
        .filter(|&e| path_exists_literal(set, paths, s, e, through))
        .collect()
}

/// `mango:ALIVE` — z, the sum of F over a set of points.
pub fn weight_of(set: &MangoSet, points: &OrdSet<Point>) -> BigRational {
    points
        .iter()
        .fold(BigRational::zero(), |z, &n| z + &set.f[n])
}

/// `mango:ALIVE` — s (a member of B or W) is alive when T(z) = 1, z the sum of F over L.
pub fn alive(set: &MangoSet, config: &Configuration, s: Point) -> bool {
    set.t.t(&weight_of(set, &liberty_region(set, config, s))) == 1
}

/// `mango:ALIVE` — the members of S (a player's set) that are not alive. The same as
/// filtering S with [`alive`], computed once per component of S ∪ E (every member of one
/// component has the same L), so that a move costs one pass over the board.
pub fn not_alive(set: &MangoSet, config: &Configuration, player: Player) -> OrdSet<Point> {
    let stones = config.stones(player);
    let through = |n: Point| config.e.contains(&n) || stones.contains(&n);
    let mut seen: OrdSet<Point> = OrdSet::new();
    let mut dead = OrdSet::new();
    for &s in stones {
        if seen.contains(&s) {
            continue;
        }
        let mut component = OrdSet::unit(s);
        let mut frontier = vec![s];
        while let Some(u) = frontier.pop() {
            for &w in set.board.neighbours(u) {
                if through(w) && !component.contains(&w) {
                    component.insert(w);
                    frontier.push(w);
                }
            }
        }
        let l: OrdSet<Point> = component
            .iter()
            .copied()
            .filter(|n| config.e.contains(n))
            .collect();
        if set.t.t(&weight_of(set, &l)) != 1 {
            dead.extend(component.iter().copied().filter(|n| stones.contains(n)));
        }
        seen.extend(component);
    }
    dead
}

// ---------------------------------------------------------------------------------------
// Playing
// ---------------------------------------------------------------------------------------

/// A game in progress, as a value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameState {
    pub set: Arc<MangoSet>,
    /// The initial scores, Black's then White's (`mango:SETUP`).
    pub initial_scores: [BigRational; 2],
    pub config: Configuration,
    pub to_move: Player,
    /// Every configuration of the game so far, the initial one included (`mango:LEGAL`).
    pub earlier: HashSet<Configuration>,
    /// The key of every configuration of `earlier` ([`configuration_key`]): kept so that
    /// [`legal_moves`] tells new configurations from earlier ones without reading every
    /// earlier configuration again on every turn. No rule reads it.
    pub earlier_keys: HashSet<u64>,
    pub consecutive_passes: u32,
    pub result: Option<GameResult>,
}

/// `mango:SETUP` — the players agree on I, C (the board), E, B, W (the initial colouring),
/// F and T (the equipment), the initial scores, and who has the first turn.
pub fn setup(setup: &Setup) -> Result<GameState, String> {
    let Equipment::Weights(weights) = &setup.equipment else {
        return Err("rules mango need weights, a threshold and initial scores".into());
    };
    let n = setup.board.len();
    if weights.weight.len() != n || setup.initial.len() != n {
        return Err(format!(
            "the board has {n} points, F gives {} and the setup colours {}",
            weights.weight.len(),
            setup.initial.len()
        ));
    }
    let set = Arc::new(MangoSet {
        board: Arc::clone(&setup.board),
        f: weights.weight.iter().cloned().collect(),
        t: weights.threshold.clone(),
    });
    let config = Configuration::of(&setup.initial);
    Ok(GameState {
        set,
        initial_scores: weights.scores.clone(),
        earlier: HashSet::unit(config.clone()),
        earlier_keys: HashSet::unit(configuration_key(&config)),
        config,
        to_move: setup.to_move,
        consecutive_passes: 0,
        result: None,
    })
}

/// `mango:MOVE` — a move by `player` at n, in the text's four steps:
/// 1. n is selected from E (the caller checks n is in E: [`check_move`]);
/// 2. n leaves E and joins M (the mover's set);
/// 3. the members of H (the opponent's set) not alive at the end of step 2 go to E;
/// 4. the members of M not alive at the end of step 3 go to E.
pub fn make_move(
    set: &MangoSet,
    config: &Configuration,
    player: Player,
    n: Point,
) -> Configuration {
    let after_2 = config.with(n, player.colour());
    let after_3 = not_alive(set, &after_2, player.opponent())
        .iter()
        .fold(after_2.clone(), |c, &h| c.with(h, Colour::Empty));
    not_alive(set, &after_3, player)
        .iter()
        .fold(after_3.clone(), |c, &m| c.with(m, Colour::Empty))
}

/// `mango:LEGAL` — a move is legal when the configuration it produces is new: not one that
/// has occurred in the game (the initial configuration and the current one included).
pub fn is_new(earlier: &HashSet<Configuration>, produced: &Configuration) -> bool {
    !earlier.contains(produced)
}

/// `mango:MOVE` and `mango:LEGAL` — the configuration a legal move at n produces, or why
/// there is none.
pub fn check_move(state: &GameState, player: Player, n: Point) -> Result<Configuration, Illegal> {
    if n >= state.set.board.len() {
        return Err(Illegal {
            clause: "mango:MOVE",
            reason: format!("there is no point {n}"),
        });
    }
    let name = state.set.board.name(n).to_string();
    if !state.config.e.contains(&n) {
        return Err(Illegal {
            clause: "mango:MOVE",
            reason: format!("{name} is not in E: step 1 selects a member of E"),
        });
    }
    let produced = make_move(&state.set, &state.config, player, n);
    if !is_new(&state.earlier, &produced) {
        return Err(Illegal {
            clause: "mango:LEGAL",
            reason: format!("{name} would produce a configuration that is not new"),
        });
    }
    Ok(produced)
}

/// `mango:TURN` — the player to move has no legal move, and so must pass.
pub fn must_pass(state: &GameState) -> bool {
    state
        .config
        .e
        .iter()
        .all(|&n| check_move(state, state.to_move, n).is_err())
}

/// `mango:END` — the game ends when two consecutive turns are passes.
pub fn ends(consecutive_passes: u32) -> bool {
    consecutive_passes >= 2
}

/// `mango:TURN` — one turn: a pass or a legal move, by the player whose turn it is
/// (`mango:SETUP`: players alternate). There is no resignation in MANGO.
pub fn take_turn(state: &GameState, turn: &Turn) -> Result<GameState, Illegal> {
    if state.result.is_some() {
        return Err(Illegal {
            clause: "mango:END",
            reason: "the game is over".into(),
        });
    }
    let player = turn.player();
    if player != state.to_move {
        return Err(Illegal {
            clause: "mango:SETUP",
            reason: format!(
                "it is {}'s turn, not {}'s: players alternate",
                state.to_move.word(),
                player.word()
            ),
        });
    }
    let next = match *turn {
        Turn::Move { at, .. } => {
            let config = check_move(state, player, at)?;
            GameState {
                earlier: state.earlier.update(config.clone()),
                earlier_keys: state.earlier_keys.update(configuration_key(&config)),
                config,
                to_move: player.opponent(),
                consecutive_passes: 0,
                ..state.clone()
            }
        }
        Turn::Pass { .. } => GameState {
            to_move: player.opponent(),
            consecutive_passes: state.consecutive_passes + 1,
            ..state.clone()
        },
        // No resignation, and none of the directed rules' turns.
        _ => {
            return Err(Illegal {
                clause: "mango:TURN",
                reason: "a turn is a pass or a legal move: MANGO has no resignation".into(),
            })
        }
    };
    Ok(if ends(next.consecutive_passes) {
        let s = scores(&next);
        GameState {
            result: Some(GameResult {
                winner: winner(&s),
                by: EndReason::Score,
                score: Some(s),
            }),
            ..next
        }
    } else {
        next
    })
}

/// `mango:TURN` — every turn the player to move may take, sorted: the legal moves and the
/// pass (the only one when there is no legal move). None once the game is over.
pub fn legal_turns(state: &GameState) -> Vec<Turn> {
    if state.result.is_some() {
        return Vec::new();
    }
    let player = state.to_move;
    let mut turns: Vec<Turn> = legal_moves(state, player)
        .into_iter()
        .map(|at| Turn::Move { player, at })
        .chain([Turn::Pass { player }])
        .collect();
    turns.sort();
    turns
}

/// A 64-bit key of a configuration: [`spec_fast::colouring_key`] of its colouring, from
/// B and W alone. Equal configurations have equal keys.
pub fn configuration_key(c: &Configuration) -> u64 {
    let stones = |s: &OrdSet<Point>, colour: Colour| {
        s.iter()
            .fold(0, |k, &n| k ^ spec_fast::vertex_key(n, colour))
    };
    stones(&c.b, Colour::Black) ^ stones(&c.w, Colour::White)
}

/// `mango:MOVE` and `mango:LEGAL` — the members of E where `player` may move now, in point
/// order: those [`check_move`] allows, found without making every move. A move that
/// removes nothing ([`spec_fast::mango::quiet_moves`], when every stone is alive) gives the
/// configuration with n moved from E to the mover's set, which is new unless its key is
/// one of the earlier configurations' keys; every other move, and a key that matches, is
/// decided by [`check_move`] itself. Tested equal to filtering E with [`check_move`].
pub fn legal_moves(state: &GameState, player: Player) -> Vec<Point> {
    let set = &state.set;
    let colours = state.config.colours(set.board.len());
    let Some(quiet) = spec_fast::mango::quiet_moves(&set.board, &set.f, &set.t, &colours, player)
    else {
        return state
            .config
            .e
            .iter()
            .copied()
            .filter(|&n| check_move(state, player, n).is_ok())
            .collect();
    };
    let earlier = &state.earlier_keys;
    let now = configuration_key(&state.config);
    quiet
        .into_iter()
        .filter(|&(n, quiet)| {
            let new =
                quiet && !earlier.contains(&(now ^ spec_fast::vertex_key(n, player.colour())));
            new || check_move(state, player, n).is_ok()
        })
        .map(|(n, _)| n)
        .collect()
}

// ---------------------------------------------------------------------------------------
// Scoring
// ---------------------------------------------------------------------------------------

/// `mango:SCORE` — n (a member of E) counts for `player` (M its set, H = I - (E ∪ M)) when
/// 1. some path has n as one endpoint, the other endpoint in M, and no interior point in H;
/// 2. every path from n to a member of H has an interior point in M.
pub fn is_territory(set: &MangoSet, config: &Configuration, player: Player, n: Point) -> bool {
    let m = config.stones(player);
    let h = config.stones(player.opponent());
    config.e.contains(&n)
        && m.iter()
            .any(|&x| path_exists(set, n, x, |p| !h.contains(&p)))
        && !h
            .iter()
            .any(|&y| path_exists(set, n, y, |p| !m.contains(&p)))
}

/// `mango:SCORE` — [`is_territory`] read literally over every path of a tiny Mango set.
pub fn is_territory_literal(
    set: &MangoSet,
    paths: &[OrdSet<Pair>],
    config: &Configuration,
    player: Player,
    n: Point,
) -> bool {
    let m = config.stones(player);
    let h = config.stones(player.opponent());
    let condition_1 = paths.iter().any(|p| {
        let ends = endpoints(set, p);
        ends.contains(&n)
            && ends.iter().any(|x| m.contains(x))
            && !interior_points(set, p).iter().any(|x| h.contains(x))
    });
    let condition_2 = paths.iter().all(|p| {
        let ends = endpoints(set, p);
        !(ends.contains(&n) && ends.iter().any(|y| h.contains(y)))
            || interior_points(set, p).iter().any(|x| m.contains(x))
    });
    config.e.contains(&n) && condition_1 && condition_2
}

/// `mango:SCORE` — a player's score: the initial score, plus F(m) for every m in M, plus
/// F(n) for every member n of E that counts for the player ([`is_territory`]).
pub fn score(
    set: &MangoSet,
    config: &Configuration,
    player: Player,
    initial: &BigRational,
) -> BigRational {
    let own = weight_of(set, config.stones(player));
    let territory: OrdSet<Point> = config
        .e
        .iter()
        .copied()
        .filter(|&n| is_territory(set, config, player, n))
        .collect();
    initial.clone() + own + weight_of(set, &territory)
}

/// `mango:SCORE` — Black's and White's scores in a game's current configuration: each
/// player's [`score`], with the points that count ([`is_territory`]) found for the whole
/// board at once by [`spec_fast::mango::territory`] (tested equal to [`score`]).
pub fn scores(state: &GameState) -> [BigRational; 2] {
    let set = &state.set;
    let territory = spec_fast::mango::territory(&set.board, &state.config.colours(set.board.len()));
    Player::BOTH.map(|p| {
        let counted: OrdSet<Point> = territory[p.index()].iter().copied().collect();
        state.initial_scores[p.index()].clone()
            + weight_of(set, state.config.stones(p))
            + weight_of(set, &counted)
    })
}

/// `mango:SCORE` — the player with the most points wins; equal points are a draw (the text
/// does not say; `spec/mango.md`).
pub fn winner(scores: &[BigRational; 2]) -> Option<Player> {
    crate::game::higher_score(scores)
}

// ---------------------------------------------------------------------------------------
// Examples
// ---------------------------------------------------------------------------------------

/// `mango:EX19` — the text's threshold for ordinary 19x19 Go: int((z + 360) / 361), with
/// int rounding down (z is a count of points there, never negative).
pub fn ex19_threshold(z: &BigRational) -> BigInt {
    ((z + BigRational::from_integer(360.into())) / BigRational::from_integer(361.into()))
        .floor()
        .to_integer()
}

/// `mango:EX19` — ordinary 19x19 Go with komi 5.5: I the 19x19 points, C the pairs at
/// distance 1, E = I, F = 1, T = `z >= 1` (equal to [`ex19_threshold`] on every sum that
/// can occur), scores 0 and 11/2, Black first.
pub fn example_19x19() -> Setup {
    let board = Board::grid(19, 19).expect("19x19 is within every cap");
    let komi = BigRational::new(11.into(), 2.into());
    let weights = crate::board::weights::Weights::go(board.len(), komi);
    let mut s = Setup::new(crate::game::RuleId::Mango, board);
    s.equipment = Equipment::Weights(Arc::new(weights));
    s
}

// ---------------------------------------------------------------------------------------
// The transcription as a Playable game
// ---------------------------------------------------------------------------------------

/// A MANGO game played by the transcription.
#[derive(Clone, Debug)]
pub struct MangoGame {
    pub state: GameState,
}

impl Playable for MangoGame {
    fn observe(&self) -> Observation {
        let s = &self.state;
        Observation {
            position: s.config.colours(s.set.board.len()),
            to_move: s.result.is_none().then_some(s.to_move),
            prisoners: None,
            scores: Some(scores(s)),
            result: s.result.clone(),
        }
    }

    fn legal_turns(&self) -> Vec<Turn> {
        legal_turns(&self.state)
    }

    fn play(&mut self, turn: &Turn) -> Result<(), Illegal> {
        self.state = take_turn(&self.state, turn)?;
        Ok(())
    }

    fn fork(&self) -> Option<Box<dyn Playable>> {
        Some(Box::new(self.clone()))
    }
}

// ---------------------------------------------------------------------------------------
// The infinite example
// ---------------------------------------------------------------------------------------

/// `mango:EXINF` — the integer lattice with F = exp(−x² − y²) and T = `z > 1/1000`:
/// [`lattice`].
pub mod lattice;
