//! MANGO ("MAth Nerd Go", `spec/SOURCES.md`, `mango`), restated in `spec/mango.md`.
//!
//! The clauses in the order of the text: equipment, INDEX, PATH, ALIVE, CONFIG, then playing
//! (SETUP, TURN, MOVE, LEGAL, END), SCORE and the two examples. Values in, values out: a
//! configuration is three `imbl::OrdSet`s, a path an `OrdSet` of pairs, a game an immutable
//! [`State`].
//!
//! Paths are kept twice, as the issue asks: literally (a finite subset of C with the index
//! conditions, found by trying every subset of C: tiny boards only) and by a polynomial
//! search ([`path_exists`]). They agree because a set of pairs in which every point has
//! index at most 2 and exactly two points have index 1 is one simple path between those two
//! points plus point-disjoint cycles (reading 7): dropping the cycles leaves a path with
//! the same endpoints and fewer interior points, and a simple walk found by a search is a
//! path. `tests/mango/paths.rs` checks the two against each other.
//!
//! A game is played by [`turn`], one `match` arm per rule that acts on a turn, each calling
//! its clause functions by name. Only the text is here: the fast paths that the comparer
//! asks every turn (legal turns, scores, and steps 3 and 4 of a move judged a component at
//! a time) and the game as a `Playable` are `crate::variants::mango`'s, tested equal to the
//! functions here.

use std::sync::Arc;

use imbl::{HashSet, OrdSet, Vector};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Zero;

use crate::board::weights::Threshold;
use crate::board::{Board, Vertex};
use crate::game::clause::{Clause, Mango};
use crate::game::trace::{Applied, Effect, Played};
use crate::game::{refuse, Colour, EndReason, Equipment, GameResult, Illegal, Player, Setup, Turn};

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

/// `mango:PATH` — literally: is one of `paths` (from [`all_paths`]) a path with a as one
/// endpoint, a point b with `is_end(b)` as the other, and every interior point satisfying
/// `allowed`?
pub fn path_exists_literal(
    set: &MangoSet,
    paths: &[OrdSet<Pair>],
    a: Point,
    is_end: impl Fn(Point) -> bool,
    allowed: impl Fn(Point) -> bool,
) -> bool {
    paths.iter().any(|p| {
        let ends = endpoints(set, p);
        ends.contains(&a)
            && ends.iter().any(|&b| b != a && is_end(b))
            && interior_points(set, p).iter().all(|&n| allowed(n))
    })
}

/// `mango:PATH` — the polynomial equivalent of [`path_exists_literal`]: a search from a
/// that enters only points satisfying `allowed` (they become interior points) and stops on
/// reaching a point b ≠ a with `is_end(b)` (a path's two endpoints differ).
pub fn path_exists(
    set: &MangoSet,
    a: Point,
    is_end: impl Fn(Point) -> bool,
    allowed: impl Fn(Point) -> bool,
) -> bool {
    let mut seen = OrdSet::unit(a);
    let mut frontier = vec![a];
    while let Some(u) = frontier.pop() {
        for &w in set.board.neighbours(u) {
            if w != a && is_end(w) {
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

    /// The same configuration with n moved from wherever it is into the set of `to` (the
    /// steps of `mango:MOVE`).
    pub fn with(&self, n: Point, to: Colour) -> Configuration {
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
        .filter(|&e| path_exists_literal(set, paths, s, |b| b == e, through))
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

/// `mango:ALIVE` — the members of S (a player's set) that are not alive: S filtered by
/// [`alive`], one point at a time as the clause is worded. (Play asks it twice a move, on
/// the whole board; `crate::variants::mango` asks a faster equivalent that judges a
/// component of S ∪ E at once, tested equal to this one.)
pub fn not_alive(set: &MangoSet, config: &Configuration, player: Player) -> OrdSet<Point> {
    config
        .stones(player)
        .iter()
        .copied()
        .filter(|&s| !alive(set, config, s))
        .collect()
}

// ---------------------------------------------------------------------------------------
// Playing
// ---------------------------------------------------------------------------------------

/// A game in progress, as a value: what the text's players know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub set: Arc<MangoSet>,
    /// The initial scores, Black's then White's (`mango:SETUP`).
    pub initial_scores: [BigRational; 2],
    pub config: Configuration,
    pub to_move: Player,
    /// Every configuration of the game so far, the initial one included (`mango:LEGAL`).
    pub earlier: HashSet<Configuration>,
    pub consecutive_passes: u32,
    pub result: Option<GameResult>,
}

/// `mango:SETUP` — the players agree on I, C (the board), E, B, W (the initial colouring,
/// `mango:CONFIG`), F and T (the equipment, `mango:EQUIP`), the initial scores, and who has
/// the first turn.
pub fn start(setup: &Setup) -> Result<Played<State>, String> {
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
    let state = State {
        set,
        initial_scores: weights.scores.clone(),
        earlier: HashSet::unit(config.clone()),
        config,
        to_move: setup.to_move,
        consecutive_passes: 0,
        result: None,
    };
    let applied = [Mango::Equip, Mango::Config, Mango::Setup]
        .map(|c| Applied::new(c, Effect::Setup))
        .to_vec();
    Ok(Played::new(state, applied))
}

/// `mango:TURN` — one turn, as the text tells it: the state after it and the clauses that
/// made it, or the clause that refuses it. One arm per rule that acts on a turn.
pub fn turn(state: &State, turn: &Turn) -> Result<Played<State>, Illegal> {
    let player = turn.player();
    match *turn {
        // mango:END — two consecutive passes ended the game: there is no turn after it.
        _ if ends(state.consecutive_passes) => refuse(Mango::End, "the game is over"),
        // mango:SETUP — the players alternate turns.
        _ if player != state.to_move => refuse(
            Mango::Setup,
            format!(
                "it is {}'s turn, not {}'s: players alternate",
                state.to_move.word(),
                player.word()
            ),
        ),
        // mango:TURN — the player passes, and it is the other player's turn; the second
        // pass in a row ends the game (mango:END), which is then scored (mango:SCORE).
        Turn::Pass { .. } => Ok(pass(state)),
        // mango:MOVE — step 1 selects n from E, steps 2 to 4 produce a configuration;
        // mango:LEGAL — the move is made only when that configuration is new.
        Turn::Move { at, .. } => {
            let n = select(state, at)?;
            legal_move(state, n, make_move(&state.set, &state.config, player, n))
        }
        // mango:TURN — a turn is a pass or a legal move, nothing else: no resignation (and
        // none of the directed rules' turns).
        _ => refuse(
            Mango::Turn,
            "a turn is a pass or a legal move: MANGO has no resignation",
        ),
    }
}

/// `mango:TURN` — a pass: the configuration stays, the other player has the turn. When it
/// is the second pass in a row the game ends (`mango:END`) and each player's score decides
/// it (`mango:SCORE`, [`scores`]).
pub fn pass(state: &State) -> Played<State> {
    pass_scored_by(state, |s| {
        let scores = scores(s);
        Player::BOTH.map(|p| (territory(&s.set, &s.config, p), scores[p.index()].clone()))
    })
}

/// [`pass`], the scores and the points each counts given by `score` (a player's territory
/// and score, Black's then White's) when the pass ends the game.
pub fn pass_scored_by(
    state: &State,
    score: impl FnOnce(&State) -> [(Vec<Point>, BigRational); 2],
) -> Played<State> {
    let player = state.to_move;
    let next = State {
        to_move: state.to_move.opponent(),
        consecutive_passes: state.consecutive_passes + 1,
        ..state.clone()
    };
    let mut applied = vec![Applied::new(Mango::Turn, Effect::Passed { player })];
    if !ends(next.consecutive_passes) {
        return Played::new(next, applied);
    }
    let counted = score(&next);
    let s = counted.clone().map(|(_, score)| score);
    let result = GameResult {
        winner: winner(&s),
        by: EndReason::Score,
        score: Some(s),
    };
    applied.push(Applied::new(
        Mango::End,
        Effect::Ended {
            result: result.clone(),
        },
    ));
    for (player, (territory, score)) in Player::BOTH.into_iter().zip(counted) {
        applied.push(Applied::new(
            Mango::Score,
            Effect::Counted {
                player,
                own: next.config.stones(player).iter().copied().collect(),
                territory,
                score,
            },
        ));
    }
    Played::new(
        State {
            result: Some(result),
            ..next
        },
        applied,
    )
}

/// `mango:MOVE` step 1 — a member n of E is selected: n, or the refusal when n is no point
/// or not in E.
pub fn select(state: &State, n: Point) -> Result<Point, Illegal> {
    if n >= state.set.board.len() {
        return refuse(Mango::Move, format!("there is no point {n}"));
    }
    if !state.config.e.contains(&n) {
        return refuse(
            Mango::Move,
            format!(
                "{} is not in E: step 1 selects a member of E",
                state.set.board.name(n)
            ),
        );
    }
    Ok(n)
}

/// `mango:MOVE` steps 2 to 4 — a move by `player` at n (selected in step 1, [`select`]):
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

/// `mango:MOVE` — what the move by `player` at n did, given the configuration before it and
/// the one it produced, as steps of the trace: steps 1 and 2 (n from E to M, a turn of
/// `mango:TURN`), step 3 (the members of H returned to E: not alive, `mango:ALIVE`, by
/// paths, `mango:PATH`, and indices, `mango:INDEX`) and step 4 (the same for M). A step
/// that returns nothing is a step all the same: it asked `mango:ALIVE` of every member of
/// its set. Step 3 returns exactly the members of H the produced configuration has in E
/// (step 4 moves members of M only), step 4 the members of M after step 2 that it has in E.
pub fn move_steps(
    before: &Configuration,
    player: Player,
    n: Point,
    produced: &Configuration,
) -> Vec<Applied> {
    const ALIVE: &[Clause] = &[
        Clause::Mango(Mango::Alive),
        Clause::Mango(Mango::Path),
        Clause::Mango(Mango::Index),
    ];
    let returned = |p: Player, also: Option<Point>| Effect::Removed {
        colour: p.colour(),
        points: before
            .stones(p)
            .iter()
            .copied()
            .chain(also)
            .filter(|m| produced.e.contains(m))
            .collect::<OrdSet<Point>>()
            .into_iter()
            .collect(),
    };
    vec![
        Applied::through(
            Mango::Move,
            Effect::Placed {
                player,
                at: n,
                points: vec![n],
            },
            &[Clause::Mango(Mango::Turn)],
        ),
        Applied::through(Mango::Move, returned(player.opponent(), None), ALIVE),
        Applied::through(Mango::Move, returned(player, Some(n)), ALIVE),
    ]
}

/// `mango:LEGAL` — a move is legal when the configuration it produces is new: not one that
/// has occurred in the game (the initial configuration and the current one included).
pub fn is_new(earlier: &HashSet<Configuration>, produced: &Configuration) -> bool {
    !earlier.contains(produced)
}

/// `mango:LEGAL` — the move at n that produced `produced` ([`make_move`]) is made when the
/// configuration is new ([`is_new`]): it joins the configurations that have occurred, and
/// the other player has the turn (`mango:SETUP`); the trace holds the move's steps
/// ([`move_steps`]) and this rule's. Otherwise it is refused.
pub fn legal_move(
    state: &State,
    n: Point,
    produced: Configuration,
) -> Result<Played<State>, Illegal> {
    if !is_new(&state.earlier, &produced) {
        return refuse(
            Mango::Legal,
            format!(
                "{} would produce a configuration that is not new",
                state.set.board.name(n)
            ),
        );
    }
    let mut applied = move_steps(&state.config, state.to_move, n, &produced);
    applied.push(Applied::new(Mango::Legal, Effect::Allowed));
    let next = State {
        earlier: state.earlier.update(produced.clone()),
        config: produced,
        to_move: state.to_move.opponent(),
        consecutive_passes: 0,
        ..state.clone()
    };
    Ok(Played::new(next, applied))
}

/// `mango:TURN` — the player to move has no legal move (every member of E is refused by
/// [`turn`]), and so must pass.
pub fn must_pass(state: &State) -> bool {
    let player = state.to_move;
    state
        .config
        .e
        .iter()
        .all(|&at| turn(state, &Turn::Move { player, at }).is_err())
}

/// `mango:END` — the game ends when two consecutive turns are passes.
pub fn ends(consecutive_passes: u32) -> bool {
    consecutive_passes >= 2
}

/// `mango:TURN` — every turn the player to move may take, sorted: the pass, and every move
/// [`turn`] accepts, unless the player must pass ([`must_pass`]), when the pass is the only
/// one. None once the game is over. Literal (every member of E tried), and polynomial.
pub fn legal_turns(state: &State) -> Vec<Turn> {
    if ends(state.consecutive_passes) {
        return Vec::new();
    }
    let player = state.to_move;
    let pass = Turn::Pass { player };
    if must_pass(state) {
        return vec![pass];
    }
    let mut turns: Vec<Turn> = state
        .config
        .e
        .iter()
        .map(|&at| Turn::Move { player, at })
        .filter(|t| turn(state, t).is_ok())
        .chain([pass])
        .collect();
    turns.sort();
    turns
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
        && path_exists(set, n, |x| m.contains(&x), |p| !h.contains(&p))
        && !path_exists(set, n, |y| h.contains(&y), |p| !m.contains(&p))
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

/// `mango:SCORE` — the members of E that count for a player ([`is_territory`]), in order.
pub fn territory(set: &MangoSet, config: &Configuration, player: Player) -> Vec<Point> {
    config
        .e
        .iter()
        .copied()
        .filter(|&n| is_territory(set, config, player, n))
        .collect()
}

/// `mango:SCORE` — a player's score: the initial score, plus F(m) for every m in M, plus
/// F(n) for every member n of E that counts for the player ([`territory`]).
pub fn score(
    set: &MangoSet,
    config: &Configuration,
    player: Player,
    initial: &BigRational,
) -> BigRational {
    let own = weight_of(set, config.stones(player));
    let territory: OrdSet<Point> = territory(set, config, player).into_iter().collect();
    initial.clone() + own + weight_of(set, &territory)
}

/// `mango:SCORE` — Black's and White's [`score`] in a game's current configuration.
pub fn scores(state: &State) -> [BigRational; 2] {
    Player::BOTH.map(|p| {
        score(
            &state.set,
            &state.config,
            p,
            &state.initial_scores[p.index()],
        )
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
/// int rounding down.
pub fn ex19_threshold(z: &BigRational) -> BigInt {
    ((z + BigRational::from_integer(360.into())) / BigRational::from_integer(361.into()))
        .floor()
        .to_integer()
}

/// `mango:EX19` — the text's T as a threshold: int((z + 360) / 361) is 1 exactly when
/// 361 ≤ z + 360 < 722, that is `1 <= z < 362` (below it the formula gives 0 or less, above
/// it 2 or more; [`ex19_threshold`]).
pub fn ex19_t() -> Threshold {
    Threshold::parse(&["1 <= z < 362".to_string()]).expect("a valid interval")
}

/// `mango:EX19` — ordinary 19x19 Go with komi 5.5, in the text's numbers: I the 19x19
/// points, C the pairs at distance 1, E = I, scores 0 for Black and 5.5 for White, Black
/// first, F = 1 and T = [`ex19_t`].
pub fn example_19x19() -> Setup {
    let board = Board::grid(19, 19).expect("19x19 is within every cap");
    let weights = crate::board::weights::Weights {
        weight: vec![BigRational::from_integer(1.into()); board.len()],
        threshold: ex19_t(),
        scores: [
            BigRational::from_integer(0.into()),
            BigRational::new(11.into(), 2.into()),
        ],
    };
    let mut s = Setup::new(crate::game::RuleId::Mango, board);
    s.equipment = Equipment::Weights(Arc::new(weights));
    s
}

// ---------------------------------------------------------------------------------------
// The infinite example
// ---------------------------------------------------------------------------------------

/// `mango:EXINF` — the integer lattice with F = exp(−x² − y²) and T = `z > 1/1000`:
/// [`lattice`].
pub mod lattice;
