//! Topological Go (`spec/SOURCES.md`, `topo`). Restated in `spec/topological.md`.
//!
//! The text's definitions, one function each, in its order and its words: the colour of an
//! element of S, stone, legal placement, go-connected, liberty, string, clearing, board
//! play, turn and the two endings; then its second example (graph Go as a go-space) and its
//! three stated results, as propositions the tests check.
//!
//! Before the clauses come the pieces of topology they lean on (closure, the induced
//! topology, T-connectedness), each written from its textbook definition. Two of those
//! definitions quantify over every open set (connectedness: "no clopen set other than U and
//! the empty set"); for them this module has both the definition as written, enumerating
//! the open sets ([`closure_by_closed_sets`], [`t_connected_by_clopen_sets`]), and an
//! equal function that finds the one clopen set that matters without enumerating
//! ([`closure`], [`t_connected`]); the tests check each pair agrees on random spaces, and
//! against the specialisation-preorder method of `crate::board::space`.
//!
//! A set of points is an `imbl::OrdSet` of point indices, a set of stones an `OrdSet` of
//! placement indices (indices into [`GoSpace::placements`]), a colouring an
//! `imbl::Vector`; nothing here changes its arguments.

use std::sync::Arc;

use imbl::{HashSet, OrdSet, Vector};
use num_rational::BigRational;

use crate::board::space::{Generators, GoSpace, PlacementInput, Point, Points, SpaceError};
use crate::board::Board;
use crate::game::clause::{Clause, Topo};
use crate::game::trace::{Applied, Effect, Played};
use crate::game::{refuse, Colour, EndReason, GameResult, Illegal, Player, RuleId, Setup, Turn};

/// A set of stones (or of placements): indices into [`GoSpace::placements`].
pub type Stones = OrdSet<usize>;

// ---------------------------------------------------------------------------------------
// The topology the definitions use
// ---------------------------------------------------------------------------------------

/// A set is open in T when it is a union of smallest open neighbourhoods, that is when it
/// contains N(x) for every one of its points x.
pub fn is_open(space: &GoSpace, a: &Points) -> bool {
    a.iter().all(|&x| space.neighbourhood(x).is_subset(a))
}

/// X, the whole space.
pub fn whole_space(space: &GoSpace) -> Points {
    (0..space.points()).collect()
}

/// The closure of A, as the text computes it in its first result: p is in the closure of A
/// when p lies in no open set that misses A. Every open set containing p contains N(p),
/// which is open itself, so some open set around p misses A exactly when N(p) does.
pub fn closure(space: &GoSpace, a: &Points) -> Points {
    (0..space.points())
        .filter(|&p| {
            let open_around_p_missing_a = space.neighbourhood(p).iter().all(|y| !a.contains(y));
            !open_around_p_missing_a
        })
        .collect()
}

/// The closure of A by its definition: the intersection of the closed sets (complements of
/// open sets) that contain A. `opens` is all of T ([`GoSpace::opens`]).
pub fn closure_by_closed_sets(space: &GoSpace, opens: &[Points], a: &Points) -> Points {
    let x = whole_space(space);
    opens
        .iter()
        .map(|t| x.clone().relative_complement(t.clone()))
        .filter(|closed| a.is_subset(closed))
        .fold(x.clone(), |acc, closed| acc.intersection(closed))
}

/// The induced topology on U (the text's comment on `topo:D5`): T_U = {U ∩ t : t in T}.
pub fn induced_topology(opens: &[Points], u: &Points) -> OrdSet<Points> {
    opens
        .iter()
        .map(|t| u.clone().intersection(t.clone()))
        .collect()
}

/// U is T-connected, by the text's definition (comment on `topo:D5`): within the induced
/// topology (U, T_U) no set other than U and the empty set is both open and closed (closed
/// in T_U: its complement in U is open in T_U). Enumerates T; `opens` is all of it.
pub fn t_connected_by_clopen_sets(opens: &[Points], u: &Points) -> bool {
    let t_u = induced_topology(opens, u);
    let clopen =
        |c: &Points| t_u.contains(c) && t_u.contains(&u.clone().relative_complement(c.clone()));
    t_u.iter()
        .filter(|c| clopen(c))
        .all(|c| c.is_empty() || c == u)
}

/// The smallest set containing `x` that is both open and closed in the induced topology on
/// U (the component of `x` in U). Any such set must hold the smallest T_U-open set around
/// each of its points (U ∩ N(y)) and its own T_U-closure (U ∩ its closure), so adding those
/// until nothing changes gives a set that is open and closed, and inside every clopen set
/// that contains `x`.
pub fn smallest_clopen_around(space: &GoSpace, u: &Points, x: Point) -> Points {
    let mut c = Points::unit(x);
    loop {
        let open_hull: Points = c
            .iter()
            .flat_map(|&y| space.neighbourhood(y).clone().intersection(u.clone()))
            .collect();
        let closed_hull = closure(space, &c).intersection(u.clone());
        let grown = c.clone().union(open_hull).union(closed_hull);
        if grown == c {
            return c;
        }
        c = grown;
    }
}

/// U is T-connected (comment on `topo:D5`): the only clopen sets of (U, T_U) are U and the
/// empty set. A non-empty clopen set other than U exists exactly when the smallest clopen
/// set around a point of U is not all of U; the empty set has no such point and is
/// connected (its only subset is itself).
pub fn t_connected(space: &GoSpace, u: &Points) -> bool {
    match u.iter().next() {
        None => true,
        Some(&x) => smallest_clopen_around(space, u, x) == *u,
    }
}

/// The points of a set of elements of S: their union.
pub fn union_of(space: &GoSpace, stones: &Stones) -> Points {
    stones
        .iter()
        .flat_map(|&s| space.placements()[s].iter().copied())
        .collect()
}

// ---------------------------------------------------------------------------------------
// The rules
// ---------------------------------------------------------------------------------------

/// `topo:D1` — a go-space (X, T, S): a topological space with a subset S of T that does
/// not contain the empty set. `crate::board::space::GoSpace::new` refuses anything else; this
/// states the definition of the value it built: every N(x) is an open set around x (so T is
/// a topology, the unions of the N(x)), every placement is open, none is empty.
pub fn is_go_space(space: &GoSpace) -> bool {
    let topology = (0..space.points())
        .all(|x| space.neighbourhood(x).contains(&x) && is_open(space, space.neighbourhood(x)));
    let s_in_t = space.placements().iter().all(|s| is_open(space, s));
    let no_empty_set = space.placements().iter().all(|s| !s.is_empty());
    topology && s_in_t && no_empty_set
}

/// `topo:R2` — each element of X is coloured black, white or empty: a colouring of X,
/// indexed by point.
pub type Colouring = Vector<Colour>;

/// `topo:D2` — an element s of S is coloured a colour when all its points have that colour;
/// otherwise it is mixed (`None`). (S has no empty set, `topo:D1`, so "all" is never
/// vacuous.)
pub fn colour_of(colouring: &Colouring, s: &Points) -> Option<Colour> {
    let mut colours = s.iter().map(|&x| colouring[x]);
    let first = colours.next()?;
    colours.all(|c| c == first).then_some(first)
}

/// `topo:D3` — a stone is an element of S coloured black or white.
pub fn is_stone(colouring: &Colouring, s: &Points) -> bool {
    matches!(colour_of(colouring, s), Some(Colour::Black | Colour::White))
}

/// `topo:D3` — the stones of colour `c`: the elements of S coloured `c`.
pub fn stones_of_colour(space: &GoSpace, colouring: &Colouring, c: Colour) -> Stones {
    (0..space.placements().len())
        .filter(|&t| colour_of(colouring, &space.placements()[t]) == Some(c))
        .collect()
}

/// `topo:D4` — a legal placement is an element of S coloured empty (so a placement that
/// overlaps any stone, of either colour, is not one).
pub fn is_legal_placement(colouring: &Colouring, s: &Points) -> bool {
    colour_of(colouring, s) == Some(Colour::Empty)
}

/// `topo:D4` — every legal placement, as indices into S.
pub fn legal_placements(space: &GoSpace, colouring: &Colouring) -> Stones {
    (0..space.placements().len())
        .filter(|&e| is_legal_placement(colouring, &space.placements()[e]))
        .collect()
}

/// `topo:D5` — a set of stones of one colour is go-connected when the closure of the union
/// of the stones is T-connected. The colour is the caller's to ensure (`topo:D6` asks the
/// question of stones with a placement imagined in their colour). The empty set of stones
/// has the empty union, whose closure is empty and T-connected (`spec/ambiguities.md`).
pub fn go_connected(space: &GoSpace, stones: &Stones) -> bool {
    t_connected(space, &closure(space, &union_of(space, stones)))
}

/// `topo:D6` — a go-connected set of stones G has liberty when some legal placement e, were
/// it coloured like G, would make {e} ∪ G go-connected. (Colouring e changes no closure,
/// so the test is on the sets alone.)
pub fn has_liberty(space: &GoSpace, colouring: &Colouring, g: &Stones) -> bool {
    legal_placements(space, colouring)
        .iter()
        .any(|&e| go_connected(space, &g.update(e)))
}

/// `topo:D7` — string(s), for a stone s: the union of all go-connected sets of stones of
/// its colour that contain s ([`union_of_go_connected_sets`]); when there is none (the
/// closure of s itself falls apart and no stones of its colour join the parts), s alone.
///
/// That last case is reading 11 of `spec/ambiguities.md`: as written the union is then the
/// empty set of stones; the author's comment on `topo:D8` (such stones die as soon as they
/// are placed) and the proof of `topo:RES3` (which takes s to lie in string(s)) read it as
/// s's own string, and this transcription follows them. The other readings are variants
/// (`crate::variants::topological`).
pub fn string(space: &GoSpace, colouring: &Colouring, s: usize) -> Stones {
    let union = union_of_go_connected_sets(space, colouring, s);
    if union.is_empty() {
        return Stones::unit(s);
    }
    union
}

/// `topo:D7` as written: the union of all go-connected sets A of stones of s's colour C that
/// contain s, or the empty set of stones when there is none.
///
/// The union of such sets is itself one of them (`topo:RES3`), the largest, so it is found
/// here by shrinking rather than by listing every subset: start from all stones of colour
/// C; a stone of the largest set has its closure inside the component (smallest clopen
/// set) of the closure of the union that holds the closure of s, so drop every stone whose
/// closure is not inside it, and repeat until none is dropped; the stones left are
/// go-connected and hold every go-connected set around s. When the closure of s itself
/// spans two components no set around s is go-connected, and the union is empty.
/// [`string_by_subsets`] is the definition by listing; the tests check they agree.
pub fn union_of_go_connected_sets(space: &GoSpace, colouring: &Colouring, s: usize) -> Stones {
    let Some(c) = colour_of(colouring, &space.placements()[s]) else {
        return Stones::new();
    };
    let closure_of_s = closure(space, &space.placements()[s]);
    let x = *closure_of_s
        .iter()
        .next()
        .expect("a placement is non-empty (topo:D1), so is its closure");
    let mut candidates = stones_of_colour(space, colouring, c);
    loop {
        let u = closure(space, &union_of(space, &candidates));
        let component = smallest_clopen_around(space, &u, x);
        if !closure_of_s.is_subset(&component) {
            return Stones::new();
        }
        let kept: Stones = candidates
            .iter()
            .copied()
            .filter(|&t| closure(space, &space.placements()[t]).is_subset(&component))
            .collect();
        if kept == candidates {
            return kept;
        }
        candidates = kept;
    }
}

/// `topo:D7` by listing: the union over every subset A of the stones of colour C that
/// contains s and is go-connected. Lists all 2^(k-1) such subsets of the k stones of that
/// colour, so it is for small positions (tests).
pub fn string_by_subsets(space: &GoSpace, colouring: &Colouring, s: usize) -> Stones {
    let Some(c) = colour_of(colouring, &space.placements()[s]) else {
        return Stones::new();
    };
    let others: Vec<usize> = stones_of_colour(space, colouring, c)
        .without(&s)
        .into_iter()
        .collect();
    assert!(
        others.len() < 24,
        "string_by_subsets lists 2^{} subsets",
        others.len()
    );
    (0u32..1 << others.len())
        .map(|mask| {
            others
                .iter()
                .enumerate()
                .filter(|(i, _)| mask >> i & 1 == 1)
                .map(|(_, &t)| t)
                .collect::<Stones>()
                .update(s)
        })
        .filter(|a| go_connected(space, a))
        .fold(Stones::new(), |acc, a| acc.union(a))
}

/// `topo:D8` — clearing colour C: colour empty every point x of colour C such that, for
/// every stone s of colour C containing x, string(s) has no liberty. The set is decided on
/// the colouring before any point is emptied. A point of colour C in no stone of colour C
/// satisfies the "for all" vacuously and is cleared (reading 4; `topo:RES2` says finite
/// play never produces one).
pub fn clear(space: &GoSpace, colouring: &Colouring, c: Colour) -> Colouring {
    clear_given(space, colouring, c, string_has_liberty)
}

/// `topo:D6`, `topo:D7` — the question `topo:D8` asks of a stone s: string(s) has liberty.
pub fn string_has_liberty(space: &GoSpace, colouring: &Colouring, s: usize) -> bool {
    has_liberty(space, colouring, &string(space, colouring, s))
}

/// Whether the string of stone `s` has liberty in a colouring: [`string_has_liberty`] for
/// the text; the other readings of T1 (`crate::variants::topological`) answer it otherwise
/// for a stone in no go-connected set, and only for such a stone.
pub type StringLives = fn(&GoSpace, &Colouring, usize) -> bool;

/// `topo:D8` — clearing colour C ([`clear`]), with `lives` answering whether string(s) has
/// liberty.
pub fn clear_given(
    space: &GoSpace,
    colouring: &Colouring,
    c: Colour,
    lives: StringLives,
) -> Colouring {
    let stones = stones_of_colour(space, colouring, c);
    // Each stone's string and its liberty, decided once for all the points it covers.
    let lives: Vec<(usize, bool)> = stones
        .iter()
        .map(|&s| (s, lives(space, colouring, s)))
        .collect();
    let cleared = |x: Point| {
        colouring[x] == c
            && lives
                .iter()
                .filter(|(s, _)| space.placements()[*s].contains(&x))
                .all(|&(_, has)| !has)
    };
    colouring
        .iter()
        .enumerate()
        .map(|(x, &col)| if cleared(x) { Colour::Empty } else { col })
        .collect()
}

/// `topo:D9` — a board play: choose a legal placement e, colour all its points the mover's
/// colour, clear the opponent's colour, then clear the mover's own. The caller has checked
/// that e is a legal placement (`topo:D4`).
pub fn board_play(space: &GoSpace, colouring: &Colouring, player: Player, e: usize) -> Colouring {
    board_play_given(space, colouring, player, e, string_has_liberty)
}

/// `topo:D9` — a board play ([`board_play`]), whose clearings (`topo:D8`, [`clear_given`])
/// ask `lives` whether a string has liberty.
pub fn board_play_given(
    space: &GoSpace,
    colouring: &Colouring,
    player: Player,
    e: usize,
    lives: StringLives,
) -> Colouring {
    let placed = space.placements()[e]
        .iter()
        .fold(colouring.clone(), |f, &x| f.update(x, player.colour()));
    let after_opponent = clear_given(space, &placed, player.opponent().colour(), lives);
    clear_given(space, &after_opponent, player.colour(), lives)
}

/// `topo:D9`, `topo:D8` — what the board play of `player` at `e` did, given the colouring
/// before it and the one it produced, as steps of the trace: the placement coloured (it was
/// a legal placement, `topo:D4`, and is now a stone, `topo:D3`, of one colour, `topo:D2`),
/// then the points that clearing the opponent's colour emptied, then those that clearing
/// the mover's own emptied (`topo:D8`, deciding by strings, `topo:D7`, their liberty,
/// `topo:D6`, and go-connectedness, `topo:D5`). A clearing that empties nothing is a step
/// all the same: it asked its question of every stone of its colour. The points a clearing
/// emptied are those of its colour once the placement is coloured that the produced
/// colouring has empty (the other clearing never touches them).
pub fn board_play_steps(
    space: &GoSpace,
    before: &Colouring,
    player: Player,
    e: usize,
    produced: &Colouring,
) -> Vec<Applied> {
    let placement = &space.placements()[e];
    let placed = |x: Point| {
        if placement.contains(&x) {
            player.colour()
        } else {
            before[x]
        }
    };
    const CLEARING: &[Clause] = &[
        Clause::Topo(Topo::D5),
        Clause::Topo(Topo::D6),
        Clause::Topo(Topo::D7),
    ];
    let cleared = |c: Colour| Effect::Removed {
        colour: c,
        points: (0..produced.len())
            .filter(|&x| placed(x) == c && produced[x] == Colour::Empty)
            .collect(),
    };
    vec![
        Applied::through(
            Topo::D9,
            Effect::Placed {
                player,
                at: e,
                points: placement.iter().copied().collect(),
            },
            &[
                Clause::Topo(Topo::D4),
                Clause::Topo(Topo::D3),
                Clause::Topo(Topo::D2),
            ],
        ),
        Applied::through(Topo::D8, cleared(player.opponent().colour()), CLEARING),
        Applied::through(Topo::D8, cleared(player.colour()), CLEARING),
    ]
}

/// `topo:R3` — the game starts with every point of X empty.
pub fn initial_colouring(space: &GoSpace) -> Colouring {
    (0..space.points()).map(|_| Colour::Empty).collect()
}

/// `topo:R3` — the players alternate, Black first: the player after `player`.
pub fn next_player(player: Player) -> Player {
    player.opponent()
}

/// `topo:R3` — Black takes the first turn.
pub fn first_player() -> Player {
    Player::Black
}

/// `topo:D10a` — primitive rules: a turn is a board play that does not repeat an earlier
/// colouring of X. "Earlier" includes the colouring before the turn (reading 3), so a
/// board play that changes nothing is no turn.
pub fn is_turn_primitive(earlier: &HashSet<Colouring>, produced: &Colouring) -> bool {
    !earlier.contains(produced)
}

/// `topo:R4a` — primitive rules: the first player unable to take a turn loses.
pub fn loser_primitive(state: &State) -> Option<Player> {
    let unable = legal_placements(&state.space, &state.colouring)
        .iter()
        .all(|&e| check_board_play(state, state.to_move, e).is_err());
    unable.then_some(state.to_move)
}

/// `topo:D10b` — stone scoring: a turn is a pass, or a board play that does not repeat an
/// earlier colouring of X (as in `topo:D10a`).
pub fn is_turn_stones(
    turn: &Turn,
    earlier: &HashSet<Colouring>,
    produced: Option<&Colouring>,
) -> bool {
    match (turn, produced) {
        (Turn::Pass { .. }, _) => true,
        (Turn::Move { .. }, Some(f)) => !earlier.contains(f),
        _ => false,
    }
}

/// `topo:D11b` — the points of X a player's score counts: those of the player's colour.
pub fn points_of(colouring: &Colouring, player: Player) -> Vec<Point> {
    (0..colouring.len())
        .filter(|&x| colouring[x] == player.colour())
        .collect()
}

/// `topo:D11b` — a player's score: the number of points of X of that player's colour.
pub fn score(colouring: &Colouring, player: Player) -> usize {
    points_of(colouring, player).len()
}

/// `topo:R4b` — stone scoring: the game ends after two consecutive passes.
pub fn ends_stones(consecutive_passes: u32) -> bool {
    consecutive_passes >= 2
}

/// `topo:R5b` — the higher score wins; equal scores tie (`None`). Scores are Black's and
/// White's, White's with any komi added (an extension, reading 10).
pub fn winner_stones(scores: &[BigRational; 2]) -> Option<Player> {
    crate::game::higher_score(scores)
}

// ---------------------------------------------------------------------------------------
// Examples and results
// ---------------------------------------------------------------------------------------

/// `topo:EX2` — General Graph Go as a go-space: for a graph (V, E), X has a point x_v for
/// every vertex and y_uv for every edge; T has the base {x_v} and {x_u, y_uv, x_v}; S is the
/// sets {x_v}. Point x_v is point `v` and keeps the vertex's name (so placement `v` is
/// {x_v}, named like the vertex, and `B 3-3` means the same in both games); y_uv is point
/// `|V| + i` for the i-th edge of [`Board::edges`], named `u~v`. Returns the go-space's
/// board (the graph with every edge subdivided by its y point) and the go-space.
pub fn go_space_of_graph(graph: &Board) -> Result<(Board, GoSpace), SpaceError> {
    let n = graph.len();
    let edges: Vec<(usize, usize)> = graph.edges().collect();
    let mut names: Vec<String> = graph.names().to_vec();
    names.extend(
        edges
            .iter()
            .map(|&(u, v)| format!("{}~{}", graph.name(u), graph.name(v))),
    );
    let mut base: Vec<Vec<Point>> = (0..n).map(|v| vec![v]).collect();
    base.extend(
        edges
            .iter()
            .enumerate()
            .map(|(i, &(u, v))| vec![u, n + i, v]),
    );
    let placements: Vec<PlacementInput> = (0..n)
        .map(|v| PlacementInput {
            name: None,
            points: vec![v],
        })
        .collect();
    let space = GoSpace::new(&names, Generators::Base, &base, &placements)?;
    let board = space.board(&names)?;
    Ok((board, space))
}

/// `topo:RES1` — in the go-space of a graph (`topo:EX2`) two single-vertex stones {x_u} and
/// {x_v} (u != v) are go-connected exactly when u and v are adjacent. This checks the
/// statement for every pair of vertices of `graph`.
pub fn adjacent_exactly_when_go_connected(graph: &Board, space: &GoSpace) -> bool {
    (0..graph.len()).all(|u| {
        (0..graph.len())
            .filter(|&v| v != u)
            .all(|v| go_connected(space, &Stones::from(vec![u, v])) == graph.adjacent(u, v))
    })
}

/// `topo:RES2` — after a turn in a finite game, every coloured point of X lies in a stone
/// (of its own colour, the proof shows). This checks the statement of a colouring.
pub fn every_coloured_point_in_a_stone(space: &GoSpace, colouring: &Colouring) -> bool {
    colouring.iter().enumerate().all(|(x, &c)| {
        c == Colour::Empty
            || space
                .placements()
                .iter()
                .any(|s| s.contains(&x) && colour_of(colouring, s) == Some(c))
    })
}

/// `topo:RES3` — for a stone s, string(s) is go-connected. This checks the statement of
/// one stone of a colouring.
pub fn string_is_go_connected(space: &GoSpace, colouring: &Colouring, s: usize) -> bool {
    go_connected(space, &string(space, colouring, s))
}

// ---------------------------------------------------------------------------------------
// A game: the clauses above, put together turn by turn.
// ---------------------------------------------------------------------------------------

/// Which ending of the text a game is played under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// `topo:D10a`, `topo:R4a`: no passes; the first player unable to take a turn loses.
    Primitive,
    /// `topo:D10b`, `topo:D11b`, `topo:R4b`, `topo:R5b`: passes, stone scoring.
    Stones,
}

/// `topo:R1` — play is on a go-space by two players, Black and White: a game in progress,
/// as a value (the space, the colouring of X, whose turn it is, what came before).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub space: Arc<GoSpace>,
    pub ending: Ending,
    pub komi: BigRational,
    pub colouring: Colouring,
    pub to_move: Player,
    /// Every colouring of the game so far, in order, with the player to move at it.
    pub history: Vector<(Colouring, Player)>,
    /// The colourings of `history`, as a set (`topo:D10a`, `topo:D10b`).
    pub earlier: HashSet<Colouring>,
    pub consecutive_passes: u32,
    pub result: Option<GameResult>,
}

impl Ending {
    /// The clause that says what a turn is.
    pub fn turn_rule(self) -> Topo {
        match self {
            Ending::Primitive => Topo::D10a,
            Ending::Stones => Topo::D10b,
        }
    }

    /// The clause that ends the game.
    pub fn end_rule(self) -> Topo {
        match self {
            Ending::Primitive => Topo::R4a,
            Ending::Stones => Topo::R4b,
        }
    }
}

/// `topo:R1`, `topo:R3` — the first position of a game, or why the setup is not the text's
/// start of a topological game.
pub fn start(setup: &Setup) -> Result<Played<State>, String> {
    start_before_end(setup).map(|started| decide_end(started, end))
}

/// `topo:R1`, `topo:R3` — the first position of a game before the end of the game is
/// decided ([`end`]): play is on a go-space (`topo:D1`, [`is_go_space`]), every point
/// coloured (`topo:R2`) empty ([`initial_colouring`]), Black to move ([`first_player`]). A
/// setup that colours points or has White first is not the text's start (reading 10): the
/// variants (`crate::variants::topological`) start from this one and change the colouring
/// and the player.
pub fn start_before_end(setup: &Setup) -> Result<Played<State>, String> {
    let ending = match setup.rules {
        RuleId::TopoPrimitive => Ending::Primitive,
        RuleId::TopoStones => Ending::Stones,
        other => return Err(format!("{} is not a Topological Go rule set", other.name())),
    };
    let crate::game::Equipment::Space(space) = &setup.equipment else {
        return Err(format!(
            "{} is played on a go-space (board: {{space: ...}}), not on a graph",
            setup.rules.name()
        ));
    };
    if !is_go_space(space) {
        return Err(
            "topo:D1: the space is not a go-space (a smallest open set is not open, or a placement is not open or is empty)"
                .into(),
        );
    }
    if setup.initial.len() != space.points() {
        return Err(format!(
            "the setup colours {} points, the space has {}",
            setup.initial.len(),
            space.points()
        ));
    }
    let colouring = initial_colouring(space);
    let to_move = first_player();
    if setup.initial.iter().ne(colouring.iter()) || setup.to_move != to_move {
        return Err(
            "topo:R3: the text's game starts with every point empty and Black to move; a setup that colours points or has White first is a variant (reading 10)"
                .into(),
        );
    }
    let state = State {
        space: Arc::clone(space),
        ending,
        komi: setup.komi.clone(),
        history: Vector::unit((colouring.clone(), to_move)),
        earlier: HashSet::unit(colouring.clone()),
        colouring,
        to_move,
        consecutive_passes: 0,
        result: None,
    };
    let applied = [Topo::D1, Topo::R1, Topo::R2, Topo::R3]
        .map(|c| Applied::new(c, Effect::Setup))
        .to_vec();
    Ok(Played::new(state, applied))
}

/// `topo:D9`, `topo:D10a`, `topo:D10b` — the board play of `player` at placement `e`, when
/// it is a turn: the colouring it produces, and what it did.
pub fn check_board_play(
    state: &State,
    player: Player,
    e: usize,
) -> Result<Played<Colouring>, Illegal> {
    check_placement(state, e)?;
    let produced = board_play(&state.space, &state.colouring, player, e);
    let new = check_no_repetition(state, player, e, &produced)?;
    let mut applied = board_play_steps(&state.space, &state.colouring, player, e, &produced);
    applied.push(new);
    Ok(Played::new(produced, applied))
}

/// `topo:D9`, `topo:D4` — `e` names a placement, and it is a legal one.
pub fn check_placement(state: &State, e: usize) -> Result<(), Illegal> {
    let space = &state.space;
    let Some(placement) = space.placements().get(e) else {
        return refuse(Topo::D9, format!("there is no placement number {e}"));
    };
    if !is_legal_placement(&state.colouring, placement) {
        let name = space.placement_name(e);
        return refuse(
            Topo::D4,
            format!("{name} is not empty: a legal placement is an element of S coloured empty"),
        );
    }
    Ok(())
}

/// `topo:D10a`, `topo:D10b` — the board play of `player` at `e`, producing `produced`,
/// repeats no earlier colouring of X (`state.earlier`): the step that says so, or the
/// refusal.
pub fn check_no_repetition(
    state: &State,
    player: Player,
    e: usize,
    produced: &Colouring,
) -> Result<Applied, Illegal> {
    let is_turn = match state.ending {
        Ending::Primitive => is_turn_primitive(&state.earlier, produced),
        Ending::Stones => is_turn_stones(
            &Turn::Move { player, at: e },
            &state.earlier,
            Some(produced),
        ),
    };
    if is_turn {
        return Ok(Applied::new(state.ending.turn_rule(), Effect::Allowed));
    }
    let name = state.space.placement_name(e);
    refuse(
        state.ending.turn_rule(),
        format!("{name} would repeat an earlier colouring of X"),
    )
}

/// The state after `player`'s board play produced `colouring` (checked), before the end of
/// the game is decided ([`end`]).
pub fn after_board_play(state: &State, player: Player, colouring: Colouring) -> State {
    let situation = (colouring.clone(), next_player(player));
    State {
        history: state.history.clone() + Vector::unit(situation),
        earlier: state.earlier.update(colouring.clone()),
        colouring,
        to_move: next_player(player),
        consecutive_passes: 0,
        ..state.clone()
    }
}

/// A turn (`topo:D10a`, `topo:D10b`): the state after `turn` in `state` and the clauses that
/// made it (with the end of the game decided, `topo:R4a`, `topo:R4b`), or the clause that
/// refuses it. One arm per rule of the text that acts in a turn.
pub fn turn(state: &State, turn: &Turn) -> Result<Played<State>, Illegal> {
    let next = match (state.ending, turn) {
        // topo:R4a, topo:R4b — the game has ended: no more turns.
        _ if state.result.is_some() => {
            return refuse(state.ending.end_rule(), "the game is over");
        }
        // topo:R3 — the players alternate.
        (_, t) if t.player() != state.to_move => {
            return refuse(
                Topo::R3,
                format!("it is {}'s turn, not {}'s", state.to_move, t.player()),
            );
        }
        // topo:D9 — a board play at a legal placement (topo:D4): colour it, clear the
        // opponent, then oneself (topo:D8); a turn when it repeats no earlier colouring
        // (topo:D10a, topo:D10b).
        (_, &Turn::Move { player, at }) => check_board_play(state, player, at)?
            .map(|produced| after_board_play(state, player, produced)),
        // topo:D10b — with stone scoring a turn may be a pass; two in a row end the game
        // (topo:R4b, decided below).
        (Ending::Stones, &Turn::Pass { player }) if is_turn_stones(turn, &state.earlier, None) => {
            Played::new(
                after_pass(state, player),
                vec![Applied::new(Topo::D10b, Effect::Passed { player })],
            )
        }
        // topo:D10a — under the primitive rules a turn is a board play: no passing.
        (Ending::Primitive, Turn::Pass { .. }) => {
            return refuse(
                Topo::D10a,
                "under the primitive rules a turn is a board play: there is no passing",
            );
        }
        // topo:D10a, topo:D10b — nothing else is a turn: no resignation, none of the
        // directed rules' turns.
        _ => {
            return refuse(
                state.ending.turn_rule(),
                "Topological Go has no resignation: a turn is a board play (or, with stone scoring, a pass)",
            );
        }
    };
    Ok(decide_end(next, end))
}

/// `topo:D10b` — the state after `player`'s pass.
pub fn after_pass(state: &State, player: Player) -> State {
    let situation = (state.colouring.clone(), next_player(player));
    State {
        history: state.history.clone() + Vector::unit(situation),
        to_move: next_player(player),
        consecutive_passes: state.consecutive_passes + 1,
        ..state.clone()
    }
}

/// `played` with the end of the game decided by `end` (`topo:R4a`, `topo:R4b`), its steps
/// added to the trace.
pub fn decide_end(
    played: Played<State>,
    end: impl FnOnce(&State) -> Option<Played<GameResult>>,
) -> Played<State> {
    let Played {
        mut state,
        mut applied,
    } = played;
    if let Some(ended) = end(&state) {
        state.result = Some(ended.state);
        applied.extend(ended.applied);
    }
    Played::new(state, applied)
}

/// `topo:R4a`, `topo:R4b` — whether the game is over before the next turn, and if so its
/// result and how the rules reached it.
pub fn end(state: &State) -> Option<Played<GameResult>> {
    end_with(state, |s| loser_primitive(s).is_some())
}

/// [`end`], given how to tell that the player to move has no board play (`topo:R4a`;
/// [`loser_primitive`] asks every placement through [`check_board_play`]).
pub fn end_with(
    state: &State,
    unable_to_play: impl FnOnce(&State) -> bool,
) -> Option<Played<GameResult>> {
    let ended =
        |result: GameResult| Applied::new(state.ending.end_rule(), Effect::Ended { result });
    match state.ending {
        // topo:R4a — the first player unable to take a turn loses.
        Ending::Primitive => unable_to_play(state).then(|| {
            let result = GameResult {
                winner: Some(state.to_move.opponent()),
                by: EndReason::NoMove,
                score: None,
            };
            Played::new(result.clone(), vec![ended(result)])
        }),
        // topo:R4b — two passes in a row end the game; topo:D11b — each score counts the
        // player's points; topo:R5b — the larger score wins.
        Ending::Stones => ends_stones(state.consecutive_passes).then(|| {
            let s = scores(state);
            let winner = winner_stones(&s);
            let result = GameResult {
                winner,
                by: EndReason::Score,
                score: Some(s.clone()),
            };
            let mut applied = vec![ended(result.clone())];
            for player in Player::BOTH {
                let own = points_of(&state.colouring, player);
                applied.push(Applied::new(
                    Topo::D11b,
                    Effect::Counted {
                        player,
                        own,
                        territory: Vec::new(),
                        score: s[player.index()].clone(),
                    },
                ));
            }
            applied.push(Applied::new(Topo::R5b, Effect::Decided { winner }));
            Played::new(result, applied)
        }),
    }
}

/// `topo:D11b` with komi: Black's and White's scores now.
pub fn scores(state: &State) -> [BigRational; 2] {
    let count = |p: Player| BigRational::from_integer(score(&state.colouring, p).into());
    [
        count(Player::Black),
        count(Player::White) + state.komi.clone(),
    ]
}

/// Every legal turn for the player to move, sorted.
pub fn legal_turns(state: &State) -> Vec<Turn> {
    if state.result.is_some() {
        return Vec::new();
    }
    let player = state.to_move;
    let mut legal: Vec<Turn> = legal_placements(&state.space, &state.colouring)
        .iter()
        .filter(|&&e| check_board_play(state, player, e).is_ok())
        .map(|&at| Turn::Move { player, at })
        .collect();
    if state.ending == Ending::Stones {
        legal.push(Turn::Pass { player });
    }
    legal.sort();
    legal
}
