//! General Graph Go, by Mark Wainwright (`spec/SOURCES.md`, `ggg`).
//!
//! The source gives three versions. Rules 0, 1 and 3 and the move of rule 2 are the same
//! text in all three (versions 2 and 3 write `f(u)=f(v)` where version 1 writes "the same
//! colour"), so they are transcribed once, under their `ggg1:` ids; the functions that
//! differ are written per version, in the order of the source. Restated in `spec/ggg.md`.
//! A game is [`start`]ed from a setup and played by [`turn`], whose one `match` has an arm per
//! rule that acts in a turn; whether it ends, and how, is [`end`]'s `match`, one arm per
//! rule 4. Only the source is here: the rule variants a record may choose (self-capture,
//! other repetition rules, other readings) and the fast legal-turn path wrap this module from
//! outside, in `crate::variants::ggg`.
//!
//! Values in, values out: a colouring is an `imbl::Vector`, a group an `imbl::OrdSet`, a
//! game an immutable [`State`]; nothing here changes its arguments. (A function may
//! build its own result step by step in locals, as `group` grows a class to its closure.)

use std::sync::Arc;

use imbl::{HashSet, OrdSet, Vector};
use num_rational::BigRational;

use crate::board::{Board, Vertex};
use crate::game::clause::{Clause, Ggg};
use crate::game::trace::{Applied, Effect, Played};
use crate::game::{refuse, Colour, EndReason, GameResult, Illegal, Player, Setup, Turn, Version};

// ---------------------------------------------------------------------------------------
// Version 1
// ---------------------------------------------------------------------------------------

/// `ggg1:0` — a 3-colouring f of V: the colour of every vertex, indexed by vertex.
pub type Colouring = Vector<Colour>;

/// `ggg1:0` — a coloured graph (V, E, f): the graph (V, E) is a [`Board`], f a [`Colouring`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColouredGraph {
    pub graph: Arc<Board>,
    pub f: Colouring,
}

impl ColouredGraph {
    /// The same graph with vertex `v` given colour `c`.
    fn recoloured(&self, v: Vertex, c: Colour) -> ColouredGraph {
        ColouredGraph {
            graph: Arc::clone(&self.graph),
            f: self.f.update(v, c),
        }
    }

    /// The vertices of colour `c`.
    fn vertices_of(&self, c: Colour) -> impl Iterator<Item = Vertex> + '_ {
        self.f
            .iter()
            .enumerate()
            .filter(move |&(_, &x)| x == c)
            .map(|(v, _)| v)
    }
}

/// `ggg1:1` — u ~ v: u and v have the same colour and {u, v} is in E.
pub fn related(g: &ColouredGraph, u: Vertex, v: Vertex) -> bool {
    g.f[u] == g.f[v] && g.graph.adjacent(u, v)
}

/// `ggg1:1` — a group: the class of `v` under the reflexive transitive closure of ~.
/// Every vertex has one, empty vertices included.
pub fn group(g: &ColouredGraph, v: Vertex) -> OrdSet<Vertex> {
    // Reflexive: v is in its class. Transitive: add every w with u ~ w for some u already in,
    // until nothing new comes (each round adds at least one vertex, so at most |V| rounds).
    let mut class = OrdSet::unit(v);
    let mut frontier = vec![v];
    while let Some(u) = frontier.pop() {
        for &w in g.graph.neighbours(u) {
            if related(g, u, w) && !class.contains(&w) {
                class.insert(w);
                frontier.push(w);
            }
        }
    }
    class
}

/// `ggg1:1` — the groups: the equivalence classes, which partition V.
pub fn groups(g: &ColouredGraph) -> Vec<OrdSet<Vertex>> {
    groups_of(g, 0..g.f.len())
}

/// `ggg1:1` — the groups that contain the given vertices, each once (of the partition
/// [`groups`], the classes that meet `vertices`).
fn groups_of(g: &ColouredGraph, vertices: impl Iterator<Item = Vertex>) -> Vec<OrdSet<Vertex>> {
    // A local mark of the vertices already placed in a group, so each class is built once.
    let mut covered = vec![false; g.f.len()];
    let mut found = Vec::new();
    for v in vertices {
        if !covered[v] {
            let class = group(g, v);
            class.iter().for_each(|&u| covered[u] = true);
            found.push(class);
        }
    }
    found
}

/// `ggg1:1` — the liberties of a black or white group: the empty vertices adjacent to it.
/// (An empty group has none: the text defines liberties of black or white groups only.)
pub fn liberties(g: &ColouredGraph, group: &OrdSet<Vertex>) -> OrdSet<Vertex> {
    let coloured = group.iter().any(|&u| g.f[u] != Colour::Empty);
    if !coloured {
        return OrdSet::new();
    }
    group
        .iter()
        .flat_map(|&u| g.graph.neighbours(u).iter().copied())
        .filter(|&e| g.f[e] == Colour::Empty)
        .collect()
}

/// `ggg1:2` — what a move removes: the number of black and white vertices null-coloured.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Removed {
    pub black: usize,
    pub white: usize,
}

/// `ggg1:2` — "removing (null-colouring) all [a player's] groups with no liberties": the
/// coloured graph without them, and the groups of the player's vertices that had no
/// liberty, in the order of their first vertex.
fn remove_groups_without_liberties(
    g: &ColouredGraph,
    player: Player,
) -> (ColouredGraph, Vec<OrdSet<Vertex>>) {
    let dead: Vec<OrdSet<Vertex>> = groups_of(g, g.vertices_of(player.colour()))
        .into_iter()
        .filter(|grp| liberties(g, grp).is_empty())
        .collect();
    let f = dead
        .iter()
        .flatten()
        .fold(g.f.clone(), |f, &v| f.update(v, Colour::Empty));
    let after = ColouredGraph {
        graph: Arc::clone(&g.graph),
        f,
    };
    (after, dead)
}

/// `ggg1:2` — what a move made: the coloured graph after it, the vertices of each colour
/// it removed, and the groups it removed, the opponent's (step 2) then the mover's own
/// (step 3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    pub after: ColouredGraph,
    pub removed: Removed,
    pub opponent_groups: Vec<OrdSet<Vertex>>,
    pub own_groups: Vec<OrdSet<Vertex>>,
}

/// `ggg1:2` — a move for `player` at the empty vertex `v`: colour `v` with the player's
/// colour, then remove the opponent's groups with no liberties, then the player's own.
pub fn make_move(g: &ColouredGraph, player: Player, v: Vertex) -> Move {
    let coloured = g.recoloured(v, player.colour());
    let (after_opponent, opponent_groups) =
        remove_groups_without_liberties(&coloured, player.opponent());
    let (after, own_groups) = remove_groups_without_liberties(&after_opponent, player);
    let count = |groups: &[OrdSet<Vertex>]| groups.iter().map(OrdSet::len).sum();
    let (theirs, ours) = (count(&opponent_groups), count(&own_groups));
    let removed = match player {
        Player::Black => Removed {
            black: ours,
            white: theirs,
        },
        Player::White => Removed {
            black: theirs,
            white: ours,
        },
    };
    Move {
        after,
        removed,
        opponent_groups,
        own_groups,
    }
}

/// `ggg1:2` — Black and White alternate: the player after `player`.
pub fn next_player(player: Player) -> Player {
    player.opponent()
}

/// `ggg1:2` — a move colours an empty vertex: `v` is a vertex of V and f(v) is null.
pub fn is_empty_vertex(g: &ColouredGraph, v: Vertex) -> bool {
    g.f.get(v) == Some(&Colour::Empty)
}

/// `ggg1:3` — positional superko: a move may not give a colouring that occurred earlier in
/// the game. "Earlier" includes the initial colouring and the current one (reading 3), so a
/// move that changes nothing (a lone stone that captures only itself) is never legal.
pub fn repeats_earlier_position(earlier: &HashSet<Colouring>, produced: &Colouring) -> bool {
    earlier.contains(produced)
}

/// `ggg1:4` — the game ends after two consecutive passes or one resignation.
pub fn ends_version1(consecutive_passes: u32, resigned: Option<Player>) -> bool {
    consecutive_passes >= 2 || resigned.is_some()
}

/// `ggg1:4` — whether the black or white vertices of `colour` include a neighbour of `group`.
pub fn has_neighbour_of(g: &ColouredGraph, group: &OrdSet<Vertex>, colour: Colour) -> bool {
    group
        .iter()
        .any(|&u| g.graph.neighbours(u).iter().any(|&w| g.f[w] == colour))
}

/// `ggg1:4` — the empty vertices a player's score counts: those in groups with no
/// neighbour of the opponent's colour, in vertex order. An empty group that touches no
/// stone at all counts for both players, as written (reading 1; the Tromp-Taylor reading,
/// option `neutral: none`, is `crate::variants::ggg::territory`).
pub fn territory(g: &ColouredGraph, player: Player) -> Vec<Vertex> {
    let mut counted: Vec<Vertex> = groups(g)
        .into_iter()
        .filter(|grp| grp.iter().all(|&u| g.f[u] == Colour::Empty))
        .filter(|grp| !has_neighbour_of(g, grp, player.opponent().colour()))
        .flatten()
        .collect();
    counted.sort_unstable();
    counted
}

/// `ggg1:4` — a player's score: the vertices of the player's colour, plus the empty vertices
/// of [`territory`].
pub fn score(g: &ColouredGraph, player: Player) -> usize {
    g.vertices_of(player.colour()).count() + territory(g, player).len()
}

/// `ggg1:4` with komi (`ggg1:notes`, reading 10): Black's and White's scores now, komi added
/// to White's.
pub fn scores(state: &State) -> [BigRational; 2] {
    let count = |p: Player| BigRational::from_integer(score(&state.position, p).into());
    [
        count(Player::Black),
        count(Player::White) + state.komi.clone(),
    ]
}

/// `ggg1:4` — how a player's score is counted, as a step of the trace: the player's
/// vertices, the empty vertices counted ([`territory`]), and the score (komi included for
/// White, `scores` being [`scores`]).
pub fn counted(g: &ColouredGraph, player: Player, scores: &[BigRational; 2]) -> Effect {
    Effect::Counted {
        player,
        own: g.vertices_of(player.colour()).collect(),
        territory: territory(g, player),
        score: scores[player.index()].clone(),
    }
}

/// `ggg1:4` — the winner: the resigner loses; otherwise the greater score wins (komi added
/// to White's, reading 10), and equal scores are a draw.
pub fn winner(scores: &[BigRational; 2], resigned: Option<Player>) -> Option<Player> {
    match resigned {
        Some(p) => Some(p.opponent()),
        None => crate::game::higher_score(scores),
    }
}

/// `ggg1:notes` — komi of n by a second component: a path of n vertices whose two ends are
/// empty and whose inside is white. Under `ggg1:4` it is worth n to White (n - 2 stones and
/// two points of territory) and Black cannot play into it: a black stone on an end is
/// captured at once and gives back a colouring that already occurred.
pub fn komi_gadget(n: usize) -> Result<ColouredGraph, String> {
    if n < 3 {
        return Err(format!("the komi gadget needs n > 2 (ggg1:notes), not {n}"));
    }
    let graph = Board::path(n).map_err(|e| e.0)?;
    let f = (0..n)
        .map(|i| {
            if i == 0 || i == n - 1 {
                Colour::Empty
            } else {
                Colour::White
            }
        })
        .collect();
    Ok(ColouredGraph {
        graph: Arc::new(graph),
        f,
    })
}

/// `ggg1:notes` — a handicap or an ancient opening is an initial colouring, and the first
/// move may go to White: both are fields of the [`Setup`] (reading 10). This checks that a
/// setup's colouring fits its graph.
pub fn initial_colouring(setup: &Setup) -> Result<ColouredGraph, String> {
    if setup.initial.len() != setup.board.len() {
        return Err(format!(
            "the setup colours {} vertices, the board has {}",
            setup.initial.len(),
            setup.board.len()
        ));
    }
    Ok(ColouredGraph {
        graph: Arc::clone(&setup.board),
        f: setup.initial.iter().copied().collect(),
    })
}

// ---------------------------------------------------------------------------------------
// Version 2
// ---------------------------------------------------------------------------------------

/// `ggg2:4` — the game ends when a player is unable to make a move, or resigns; that player
/// loses. This is the test "unable to make a move", for the player to move: no empty vertex
/// gives a move (`ggg1:2`) whose colouring has not occurred earlier (`ggg1:3`).
pub fn unable_to_move(state: &State) -> bool {
    let g = &state.position;
    !g.vertices_of(Colour::Empty).any(|v| {
        let made = make_move(g, state.to_move, v);
        !repeats_earlier_position(&state.earlier, &made.after.f)
    })
}

/// How many refused moves a no-move ending names (the others are counted).
pub const REFUSALS_NAMED: usize = 8;

/// `ggg2:4`, `ggg3:4` — why the player to move is unable to make a move: the refusal of the
/// move at each of the first [`REFUSALS_NAMED`] empty vertices (a repetition, `ggg1:3` or
/// `ggg3:3`), and how many empty vertices are left unnamed.
pub fn no_move(state: &State) -> Effect {
    let player = state.to_move;
    let empty: Vec<Vertex> = state.position.vertices_of(Colour::Empty).collect();
    let refusals = empty
        .iter()
        .take(REFUSALS_NAMED)
        .map(|&at| (at, repeats(state, at)))
        .collect();
    Effect::NoMove {
        player,
        refusals,
        more: empty.len().saturating_sub(REFUSALS_NAMED),
    }
}

/// `ggg2:example` — the 5x5 position printed after version 2, top row first:
/// `. . . . .` / `X X X X X` / `O X X X X` / `O O O O O` / `. O . O .`.
/// Black's group has five liberties (the top row), White's three one-point eyes: without
/// passes the side with fewer safe fills must eventually fill its own last liberty.
pub fn example_5x5() -> ColouredGraph {
    let rows = [".....", "XXXXX", "OXXXX", "OOOOO", ".O.O."];
    let graph = Board::grid(5, 5).expect("5x5 is within every cap");
    // Row r of the text (top first) is row 5 - r counted from the bottom.
    let f = (0..25)
        .map(|v| match rows[4 - v / 5].as_bytes()[v % 5] {
            b'X' => Colour::Black,
            b'O' => Colour::White,
            _ => Colour::Empty,
        })
        .collect();
    ColouredGraph {
        graph: Arc::new(graph),
        f,
    }
}

// ---------------------------------------------------------------------------------------
// Version 3
// ---------------------------------------------------------------------------------------

/// `ggg3:0` — the prisoner counts: P is Black's, Q is White's, both non-negative integers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Prisoners {
    pub p: u64,
    pub q: u64,
}

/// `ggg3:2` — removing a black group of n vertices adds n to Q, a white one adds n to P,
/// whoever made the move (so a self-capture pays the opponent).
pub fn count_prisoners(before: Prisoners, removed: Removed) -> Prisoners {
    // Counts stay far below 2^64: records cap them (`record::MAX_PRISONERS`) and a move
    // removes at most |V| stones; an overflow would be a caller's bug, so it is reported.
    let add = |count: u64, n: usize| {
        count
            .checked_add(n as u64)
            .expect("prisoner count overflows u64")
    };
    Prisoners {
        p: add(before.p, removed.white),
        q: add(before.q, removed.black),
    }
}

/// `ggg3:2` — a pass reduces the passer's own count by one (P for Black, Q for White), and
/// is not allowed when that count is zero.
pub fn pay_for_pass(before: Prisoners, player: Player) -> Option<Prisoners> {
    match player {
        Player::Black => before.p.checked_sub(1).map(|p| Prisoners { p, ..before }),
        Player::White => before.q.checked_sub(1).map(|q| Prisoners { q, ..before }),
    }
}

/// `ggg1:3`, and `ggg3:3` under version 3 — the rule that forbids a move to repeat an
/// earlier colouring. Version 3 says it applies to moves: a pass is not a move, so a pass
/// that leaves the colouring as it was is never refused by it (the turn's pass arm applies
/// `ggg3:3` as a rule the pass passes).
pub fn repetition_rule(rules: Version) -> Ggg {
    match rules {
        Version::V3 => Ggg::V3R3,
        Version::V1 | Version::V2 => Ggg::V1R3,
    }
}

/// `ggg1:3`, `ggg3:3` — the refusal of the move of the player to move at `at`, whose
/// colouring occurred earlier.
fn repeats(state: &State, at: Vertex) -> Illegal {
    Illegal::new(
        repetition_rule(state.rules),
        format!(
            "{} would repeat an earlier position",
            state.position.graph.name(at)
        ),
    )
}

/// `ggg3:4` — the game ends when a player is unable to make a move, or resigns; that player
/// loses. A pass is not a move (`ggg3:3`), so a player with no move loses even while holding
/// prisoners that would pay for a pass (reading 2; the option `no_move: pass` is
/// `crate::variants::ggg`'s).
pub fn ends_version3(state: &State) -> bool {
    unable_to_move(state)
}

// ---------------------------------------------------------------------------------------
// A game: the rules above, turn by turn.
// ---------------------------------------------------------------------------------------

/// A game in progress, as a value: what the rules read (the coloured graph, whose turn it
/// is, the colourings so far, the passes in a row, the prisoners) and the result once over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    /// Which version of the rules (`ggg1`, `ggg2` or `ggg3`).
    pub rules: Version,
    /// Added to White's score (`ggg1:notes`, "changing the winning condition"; reading 10).
    pub komi: BigRational,
    pub position: ColouredGraph,
    pub to_move: Player,
    /// `ggg1:3` — every colouring of the game so far, the initial and the current one
    /// included (reading 3).
    pub earlier: HashSet<Colouring>,
    /// `ggg1:4` — the passes since the last move.
    pub consecutive_passes: u32,
    /// `ggg3:0` — P and Q (read and changed under version 3 only).
    pub prisoners: Prisoners,
    pub result: Option<GameResult>,
}

/// The first colouring of a game (`ggg1:0`; `ggg1:notes`: the setup's colouring, first player
/// and komi; `ggg3:0`: its prisoners), already over when rule 4 says so; or why the setup
/// is not one.
pub fn start(setup: &Setup) -> Result<Played<State>, String> {
    start_before_end(setup).map(|started| decide_end(started, None))
}

/// [`start`] before rule 4 is asked whether the game is already over (`result` is `None`):
/// for the rules as played, which decide the end under a record's options.
pub fn start_before_end(setup: &Setup) -> Result<Played<State>, String> {
    let position = initial_colouring(setup)?;
    let rules = setup.rules.version().ok_or_else(|| {
        format!(
            "{} is not a version of General Graph Go",
            setup.rules.name()
        )
    })?;
    let mut applied = vec![Applied::new(Ggg::V1R0, Effect::Setup)];
    let stones = setup
        .initial
        .iter()
        .filter(|&&c| c != Colour::Empty)
        .count();
    if stones > 0
        || setup.to_move != Player::Black
        || setup.komi != BigRational::from_integer(0.into())
    {
        applied.push(Applied::new(
            Ggg::V1Notes,
            Effect::Handicap {
                stones,
                to_move: setup.to_move,
                komi: setup.komi.clone(),
            },
        ));
    }
    if rules == Version::V3 {
        applied.push(Applied::new(Ggg::V3R0, Effect::Setup));
    }
    let state = State {
        rules,
        komi: setup.komi.clone(),
        earlier: HashSet::unit(position.f.clone()),
        position,
        to_move: setup.to_move,
        consecutive_passes: 0,
        prisoners: Prisoners {
            p: setup.prisoners[0],
            q: setup.prisoners[1],
        },
        result: None,
    };
    Ok(Played::new(state, applied))
}

/// A turn (`ggg1:2`: "on a player's turn" a move, a pass or a resignation): the game after
/// `turn` in `state` and the clauses that made it, or the rule that forbids it. The arms are
/// [`turn_before_end`]'s; then rule 4 says whether the game is over ([`end`]).
pub fn turn(state: &State, turn: &Turn) -> Result<Played<State>, Illegal> {
    let resigned = matches!(turn, Turn::Resign { .. }).then(|| turn.player());
    turn_before_end(state, turn).map(|played| decide_end(played, resigned))
}

/// The arms of [`turn`], one per rule that acts, before rule 4 is asked whether the game is
/// over (`result` is `None`, even after a resignation): for the rules as played, which
/// decide the end under a record's options.
pub fn turn_before_end(state: &State, turn: &Turn) -> Result<Played<State>, Illegal> {
    let name = |v: Vertex| state.position.graph.name(v).to_string();
    // ggg1:2 (ggg2:2 under version 2) — the clause that makes a move or a resignation a turn.
    let turn_rule = if state.rules == Version::V2 {
        Ggg::V2R2
    } else {
        Ggg::V1R2
    };
    // ggg1:2 — what a move makes of the colouring, when it colours an empty vertex.
    let made = match *turn {
        Turn::Move { player, at } if is_empty_vertex(&state.position, at) => {
            Some(make_move(&state.position, player, at))
        }
        _ => None,
    };
    match (state.rules, turn, made) {
        // ggg1:4, ggg2:4, ggg3:4 — the game has ended: no turn follows.
        (rules, _, _) if state.result.is_some() => refuse(end_rule(rules), "the game is over"),
        // ggg1:2 — Black and White play alternately: only the player to move has a turn.
        (_, t, _) if t.player() != state.to_move => refuse(
            Ggg::V1R2,
            format!("it is {}'s turn, not {}'s", state.to_move, t.player()),
        ),
        // ggg1:2 — a move colours an empty vertex of V.
        (_, &Turn::Move { at, .. }, None) => {
            if at >= state.position.f.len() {
                refuse(Ggg::V1R2, format!("vertex {at} is not on the board"))
            } else {
                refuse(
                    Ggg::V1R2,
                    format!("{} is not empty: a move colours an empty vertex", name(at)),
                )
            }
        }
        // ggg1:3 (ggg3:3 under version 3) — no move may give a colouring that occurred earlier.
        (_, &Turn::Move { at, .. }, Some(made))
            if repeats_earlier_position(&state.earlier, &made.after.f) =>
        {
            Err(repeats(state, at))
        }
        // ggg1:2 — the move is made: its colouring is the position, and the other player is
        // to move; ggg3:2 — under version 3 the removed vertices are counted as prisoners.
        (rules, &Turn::Move { player, at }, Some(made)) => {
            let mut applied = vec![Applied::through(
                turn_rule,
                Effect::Placed {
                    player,
                    at,
                    points: vec![at],
                },
                if rules == Version::V2 {
                    &[Clause::Ggg(Ggg::V1R2)]
                } else {
                    &[]
                },
            )];
            let removals = made
                .opponent_groups
                .iter()
                .map(|g| (player.opponent(), g))
                .chain(made.own_groups.iter().map(|g| (player, g)));
            for (whose, group) in removals {
                applied.push(Applied::through(
                    Ggg::V1R2,
                    Effect::Removed {
                        colour: whose.colour(),
                        points: group.iter().copied().collect(),
                    },
                    &[Clause::Ggg(Ggg::V1R1)],
                ));
            }
            applied.push(Applied::new(repetition_rule(rules), Effect::Allowed));
            let prisoners = if rules == Version::V3 {
                count_prisoners(state.prisoners, made.removed)
            } else {
                state.prisoners
            };
            if prisoners != state.prisoners {
                applied.push(prisoners_step(state.prisoners, prisoners));
            }
            let next = State {
                earlier: state.earlier.update(made.after.f.clone()),
                position: made.after,
                to_move: next_player(player),
                consecutive_passes: 0,
                prisoners,
                ..state.clone()
            };
            Ok(Played::new(next, applied))
        }
        // ggg1:2 — under version 1 a player may say "pass".
        (Version::V1, &Turn::Pass { player }, _) => Ok(passed(state, player, state.prisoners)),
        // ggg2:2 — under version 2 a turn is a move or a resignation: no passing.
        (Version::V2, Turn::Pass { .. }, _) => refuse(Ggg::V2R2, "version 2 has no passing"),
        // ggg3:2 — under version 3 a pass costs the passer one prisoner, and needs one;
        // ggg3:3 — superko applies to moves only, so the pass repeating the colouring stands.
        (Version::V3, &Turn::Pass { player }, _) => match pay_for_pass(state.prisoners, player) {
            Some(prisoners) => {
                let mut played = passed(state, player, prisoners);
                played
                    .applied
                    .push(prisoners_step(state.prisoners, prisoners));
                played
                    .applied
                    .push(Applied::new(Ggg::V3R3, Effect::Allowed));
                Ok(played)
            }
            None => refuse(
                Ggg::V3R2,
                format!("{player} has no prisoners to pay for a pass"),
            ),
        },
        // ggg1:2 — a player may resign; rule 4 then ends the game, and the resigner loses.
        (_, &Turn::Resign { player }, _) => Ok(Played::new(
            state.clone(),
            vec![Applied::new(turn_rule, Effect::Resigned { player })],
        )),
        // ggg1:2 — nothing else is a turn: komi, colour choice, history and ko actions are
        // turns of the directed rules (`dir:*`).
        _ => refuse(
            Ggg::V1R2,
            "not a turn of General Graph Go (a move, a pass or a resignation)",
        ),
    }
}

/// `ggg1:2` — a pass: the colouring stays, the other player is to move; `prisoners` are the
/// counts after it (`ggg3:2`).
fn passed(state: &State, player: Player, prisoners: Prisoners) -> Played<State> {
    let next = State {
        to_move: next_player(player),
        consecutive_passes: state.consecutive_passes + 1,
        prisoners,
        ..state.clone()
    };
    Played::new(
        next,
        vec![Applied::new(Ggg::V1R2, Effect::Passed { player })],
    )
}

/// `ggg3:2` — the prisoner counts changed from `before` to `after`, as a step of the trace.
fn prisoners_step(before: Prisoners, after: Prisoners) -> Applied {
    Applied::new(
        Ggg::V3R2,
        Effect::Prisoners {
            before: [before.p, before.q],
            after: [after.p, after.q],
        },
    )
}

/// `played` with rule 4's answer ([`end`]) as its result, and its steps added to the trace.
fn decide_end(played: Played<State>, resigned: Option<Player>) -> Played<State> {
    let Played {
        mut state,
        mut applied,
    } = played;
    if let Some(ended) = end(&state, resigned) {
        state.result = Some(ended.state);
        applied.extend(ended.applied);
    }
    Played::new(state, applied)
}

/// `ggg1:4`, `ggg2:4`, `ggg3:4` — whether the game is over in `state` (after a turn, or at
/// the start), `resigned` naming the player who just resigned; and if so its result and how
/// rule 4 reached it. One arm per version's rule 4.
pub fn end(state: &State, resigned: Option<Player>) -> Option<Played<GameResult>> {
    let rule = end_rule(state.rules);
    let ended = |result: GameResult, mut more: Vec<Applied>| {
        let mut applied = vec![Applied::new(
            rule,
            Effect::Ended {
                result: result.clone(),
            },
        )];
        applied.append(&mut more);
        Played::new(result, applied)
    };
    match (state.rules, resigned) {
        // ggg1:4 — two consecutive passes or a resignation end the game; the greater score
        // wins, unless someone resigned (the scores are still counted and reported).
        (Version::V1, _) => ends_version1(state.consecutive_passes, resigned).then(|| {
            let s = scores(state);
            let counts = Player::BOTH
                .map(|p| Applied::new(Ggg::V1R4, counted(&state.position, p, &s)))
                .to_vec();
            let result = GameResult {
                winner: winner(&s, resigned),
                by: if resigned.is_some() {
                    EndReason::Resignation
                } else {
                    EndReason::Score
                },
                score: Some(s),
            };
            ended(result, counts)
        }),
        // ggg2:4, ggg3:4 — a resignation ends the game; the resigner loses.
        (_, Some(p)) => Some(ended(
            GameResult {
                winner: Some(p.opponent()),
                by: EndReason::Resignation,
                score: None,
            },
            Vec::new(),
        )),
        // ggg2:4 — a player unable to make a move has lost.
        (Version::V2, None) => unable_to_move(state).then(|| {
            ended(
                lost_by_no_move(state),
                vec![Applied::new(rule, no_move(state))],
            )
        }),
        // ggg3:4 — the same under version 3, where a pass is not a move.
        (Version::V3, None) => ends_version3(state).then(|| {
            ended(
                lost_by_no_move(state),
                vec![Applied::new(rule, no_move(state))],
            )
        }),
    }
}

/// `ggg2:4`, `ggg3:4` — the result when the player to move is unable to move: that player loses.
pub fn lost_by_no_move(state: &State) -> GameResult {
    GameResult {
        winner: Some(state.to_move.opponent()),
        by: EndReason::NoMove,
        score: None,
    }
}

/// `ggg1:4`, `ggg2:4`, `ggg3:4` — rule 4 of the version: what ends the game, and forbids a
/// turn after the end.
pub fn end_rule(rules: Version) -> Ggg {
    match rules {
        Version::V1 => Ggg::V1R4,
        Version::V2 => Ggg::V2R4,
        Version::V3 => Ggg::V3R4,
    }
}

/// Every legal turn for the player to move, sorted, as the rules define it: every move at
/// an empty vertex, the pass and the resignation that [`turn`] accepts. Each candidate is
/// played, so this costs |V| turns (and under versions 2 and 3 each turn asks rule 4 whether
/// the next player can move): polynomial, and the literal answer that the fast path of
/// `crate::variants::ggg` is tested equal to.
pub fn legal_turns(state: &State) -> Vec<Turn> {
    if state.result.is_some() {
        return Vec::new();
    }
    let player = state.to_move;
    let moves = state
        .position
        .vertices_of(Colour::Empty)
        .map(|at| Turn::Move { player, at });
    let others = [Turn::Pass { player }, Turn::Resign { player }];
    let mut legal: Vec<Turn> = moves
        .chain(others)
        .filter(|t| turn(state, t).is_ok())
        .collect();
    legal.sort();
    legal
}
