//! Go on arbitrary directed graphs, by Eli and a sibling (`spec/SOURCES.md`, `dir`).
//!
//! The rules INTRO, KOMI, TURNS, CAPTURING, KO and WINNING, then the notes, in the source's
//! order; restated in `spec/directed.md`. Values in, values out: a position is an
//! `imbl::Vector`, the history an `imbl::OrdSet` of positions, a game an immutable [`State`].
//! The source's rules alone: the readings and variants that are not in it (who may delete
//! the history, a komi agreed in the record) are in `crate::variants::directed`.
//!
//! A turn is taken by [`turn`], one match arm per action the rules allow, each calling
//! that action's clause function and saying what it did (the trace, `crate::game::trace`). The game is infinite. A finite record is a prefix of a
//! play and has no result; an infinite play is given as a lasso (a prefix, then a cycle
//! repeated forever), and [`outcome`] decides it (`dir:WIN`).
//!
//! Optional steps are implicit, so that a record reads as people play: after a placement
//! the mover *may* bid ([`Phase::AfterPlacement`]), a ko winner *may* reset
//! ([`Phase::Resetting`]), and the first player *may* name komi ([`Phase::NamingKomi`]);
//! any other turn taken there means the option was declined ([`decline`]), and the game
//! goes on to the next turn as the rules say, then takes that turn.

use std::collections::HashMap;
use std::sync::Arc;

use imbl::{OrdSet, Vector};
use num_rational::BigRational;
use num_traits::{Signed, Zero};

use crate::board::digraph::Digraph;
use crate::board::{Board, Vertex};
use crate::game::clause::Directed;
use crate::game::trace::{Applied, Effect, Played};
use crate::game::{refuse, Colour, Equipment, Illegal, Player, Setup, Turn};

/// `dir:INTRO` — a board state: the state of every point (empty, black stone, white stone),
/// indexed by vertex.
pub type Position = Vector<Colour>;

/// `dir:INTRO` — the equipment and the state of a game: a finite directed graph, the current
/// position, each player's rational score (from 0), and the history, a set of earlier
/// board states; plus where the game is in its turn ([`Phase`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub arcs: Arc<Digraph>,
    /// The names of the points (a record's board), for messages.
    pub board: Arc<Board>,
    pub position: Position,
    /// Black's and White's scores, indexed by [`Player::index`].
    pub scores: [BigRational; 2],
    pub history: OrdSet<Position>,
    pub phase: Phase,
}

/// Where a game is: whose decision comes next, and of what kind.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Phase {
    /// `dir:KOMI`: the first player may name komi.
    NamingKomi,
    /// `dir:KOMI`: the second player chooses a colour; White will gain `komi`.
    ChoosingColour { komi: BigRational },
    /// `dir:TURNS`: the position has joined the history; either player may delete it
    /// (`deleted` says who already did this turn, reading 5), then `to_move` places or
    /// passes.
    Turn { to_move: Player, deleted: [bool; 2] },
    /// `dir:KO`: `mover` has just placed a stone and may make a ko bid.
    AfterPlacement { mover: Player },
    /// `dir:KO`: the opponent of `bidder` must ignore the bid or name a ko winner.
    Answering { bidder: Player, amount: BigRational },
    /// `dir:KO`: the ko winner may reset the board to a state in the history.
    Resetting { winner: Player },
}

impl State {
    /// The player whose decision comes next (the seat for komi and colour, reading the first
    /// seat as Black's and the second as White's).
    pub fn to_move(&self) -> Player {
        match self.phase {
            Phase::NamingKomi => Player::Black,
            Phase::ChoosingColour { .. } => Player::White,
            Phase::Turn { to_move, .. } => to_move,
            Phase::AfterPlacement { mover } => mover.opponent(),
            Phase::Answering { bidder, .. } => bidder.opponent(),
            Phase::Resetting { winner } => winner,
        }
    }

    /// What the rules need to go on from here: everything but the scores (no rule reads a
    /// score before the end), used to find the period of a lasso.
    pub fn situation(&self) -> (Position, OrdSet<Position>, Phase) {
        (
            self.position.clone(),
            self.history.clone(),
            self.phase.clone(),
        )
    }
}

fn zero() -> BigRational {
    BigRational::zero()
}

/// `dir:INTRO` — the start: the setup's directed graph and position, scores 0 and 0, an
/// empty history, the komi phase next (`dir:KOMI` comes before play).
pub fn start(setup: &Setup) -> Result<Played<State>, String> {
    let Equipment::Arcs(arcs) = &setup.equipment else {
        return Err("the directed rules need a directed board (equipment: arcs)".into());
    };
    if arcs.len() != setup.board.len() || setup.initial.len() != setup.board.len() {
        return Err(format!(
            "the directed board has {} points, the board {} and the setup {}",
            arcs.len(),
            setup.board.len(),
            setup.initial.len()
        ));
    }
    let state = State {
        arcs: arcs.clone(),
        board: Arc::clone(&setup.board),
        position: setup.initial.iter().copied().collect(),
        scores: [zero(), zero()],
        history: OrdSet::new(),
        phase: Phase::NamingKomi,
    };
    Ok(Played::new(
        state,
        vec![Applied::new(Directed::Intro, Effect::Setup)],
    ))
}

/// Takes one turn of the record: the state after it and the clauses that made it, or the
/// refusal naming the clause; the state given is left as it was. One arm per action the
/// rules allow, each calling its clause function; then the optional steps not taken; then
/// the refusals, one arm per phase.
pub fn turn(state: &State, turn: &Turn) -> Result<Played<State>, Illegal> {
    let player = turn.player();
    let text = || turn.text(&state.board);
    let did = |clause: Directed, effect: Effect| vec![Applied::new(clause, effect)];
    match (&state.phase, turn) {
        // dir:KOMI — the first player names a rational komi.
        (Phase::NamingKomi, Turn::Komi { komi, .. }) => Ok(Played::new(
            name_komi(state, komi),
            did(Directed::Komi, Effect::KomiNamed { komi: komi.clone() }),
        )),
        // dir:KOMI — the second player chooses a colour; White gains the komi.
        (Phase::ChoosingColour { komi }, Turn::ChooseColour { colour, .. }) => {
            Ok(choose_colour(state, komi, *colour))
        }
        // dir:TURNS — the position has joined the history; either player may delete it.
        (Phase::Turn { to_move, deleted }, Turn::DeleteHistory { .. }) => {
            delete_history(state, *to_move, *deleted, player).map(|next| {
                Played::new(next, did(Directed::Turns, Effect::HistoryDeleted { player }))
            })
        }
        // dir:TURNS, dir:CAPTURE — the player to move places a stone on an empty point;
        // stones without liberties are removed.
        (Phase::Turn { to_move, .. }, Turn::Move { at, .. }) if player == *to_move => {
            place(state, player, *at)
        }
        // dir:TURNS — or passes.
        (Phase::Turn { to_move, .. }, Turn::Pass { .. }) if player == *to_move => {
            let mut applied = did(Directed::Turns, Effect::Passed { player });
            let next = pass(state, player);
            applied.extend(next.applied);
            Ok(Played::new(next.state, applied))
        }
        // dir:KO — after placing a stone the mover may make a ko bid.
        (Phase::AfterPlacement { mover }, Turn::Bid { amount, .. }) if player == *mover => {
            make_bid(state, player, amount).map(|next| {
                let bid = Effect::Bid {
                    player,
                    amount: amount.clone(),
                };
                Played::new(next, did(Directed::Ko, bid))
            })
        }
        // dir:KO — the opponent may ignore the bid,
        (Phase::Answering { bidder, .. }, Turn::Ignore { .. }) if player == bidder.opponent() => {
            let mut applied = did(Directed::Ko, Effect::BidIgnored { player });
            let next = ignore_bid(state, *bidder);
            applied.extend(next.applied);
            Ok(Played::new(next.state, applied))
        }
        // dir:KO — or choose either player to be the ko winner; the ko loser gains the bid.
        (Phase::Answering { bidder, amount }, Turn::KoWinner { winner, .. })
            if player == bidder.opponent() =>
        {
            let next = name_ko_winner(state, amount, *winner);
            let named = Effect::KoWinnerNamed {
                player,
                winner: *winner,
                scores: next.scores.clone(),
            };
            Ok(Played::new(next, did(Directed::Ko, named)))
        }
        // dir:KO — the ko winner may reset the board to a state in the history.
        (Phase::Resetting { winner }, Turn::Reset { to, .. }) if player == *winner => {
            let next = reset_board(state, to, player)?;
            let mut applied = did(Directed::Ko, Effect::BoardReset { player });
            applied.extend(next.applied);
            Ok(Played::new(next.state, applied))
        }
        // dir:KOMI, dir:KO — an optional step ("may") not taken: the game goes on to the next
        // turn of the rules, and this turn is taken there.
        (Phase::NamingKomi | Phase::AfterPlacement { .. } | Phase::Resetting { .. }, _) => {
            match decline(state) {
                Some(declined) => {
                    let taken = self::turn(&declined.state, turn)?;
                    let mut applied = declined.applied;
                    applied.extend(taken.applied);
                    Ok(Played::new(taken.state, applied))
                }
                None => unreachable!("naming komi, bidding and resetting are optional"),
            }
        }
        // dir:KOMI — refused: after komi is named the second player chooses a colour.
        (Phase::ChoosingColour { .. }, _) => refuse(
            Directed::Komi,
            format!(
                "the second player must choose a colour now ('second takes black' or 'second takes white'), not '{}'",
                text()
            ),
        ),
        // dir:KO — refused: a bid is answered by the bidder's opponent, before anything else.
        (Phase::Answering { bidder, .. }, _) => {
            if player != bidder.opponent() {
                refuse(
                    Directed::Ko,
                    format!("{} must answer {}'s ko bid first", bidder.opponent(), *bidder),
                )
            } else {
                refuse(
                    Directed::Ko,
                    format!(
                        "{} must ignore the ko bid or name a ko winner, not '{}'",
                        player,
                        text()
                    ),
                )
            }
        }
        // dir:TURNS — refused: a turn is the mover's placement or pass.
        (Phase::Turn { to_move, .. }, _) => {
            if player != *to_move {
                refuse(
                    Directed::Turns,
                    format!("it is {}'s turn, not {}'s", to_move, player),
                )
            } else {
                refuse(
                    Directed::Turns,
                    format!(
                        "on a turn {} places a stone or passes (or either player deletes the history), not '{}'",
                        to_move,
                        text()
                    ),
                )
            }
        }
    }
}

/// `dir:KOMI` — the first player names a rational komi; the second player chooses next.
pub fn name_komi(state: &State, komi: &BigRational) -> State {
    State {
        phase: Phase::ChoosingColour { komi: komi.clone() },
        ..state.clone()
    }
}

/// `dir:KOMI` — White gains komi.
pub fn gain_komi(state: &State, komi: &BigRational) -> State {
    let mut scores = state.scores.clone();
    scores[Player::White.index()] += komi;
    State {
        scores,
        ..state.clone()
    }
}

/// `dir:KOMI` — the second player chooses White or Black (`colour`), the first becomes the
/// other colour, and White gains komi; then Black's first turn begins (`dir:TURNS`). Players
/// are identified by their colours from then on, so the choice changes no state but the
/// score: the colour chosen is said in the trace, where it is the step's meaning.
pub fn choose_colour(state: &State, komi: &BigRational, colour: Player) -> Played<State> {
    let gained = gain_komi(state, komi);
    let chosen = Applied::new(
        Directed::Komi,
        Effect::ColourChosen {
            colour,
            scores: gained.scores.clone(),
        },
    );
    let begun = begin_turn(&gained, Player::Black);
    let mut applied = vec![chosen];
    applied.extend(begun.applied);
    Played::new(begun.state, applied)
}

/// `dir:TURNS` — before each turn the current position joins the history; the turn is
/// then `to_move`'s (Black first, then alternately, but see `dir:KO`).
pub fn begin_turn(state: &State, to_move: Player) -> Played<State> {
    let next = State {
        history: state.history.update(state.position.clone()),
        phase: Phase::Turn {
            to_move,
            deleted: [false, false],
        },
        ..state.clone()
    };
    Played::new(
        next,
        vec![Applied::new(Directed::Turns, Effect::TurnBegun { to_move })],
    )
}

/// `dir:TURNS` — either player may delete the entire history (reading 5: after the
/// position joined it, before the placement or pass of `to_move`, in either order, each
/// player once a turn; `deleted` says who already did).
pub fn delete_history(
    state: &State,
    to_move: Player,
    deleted: [bool; 2],
    player: Player,
) -> Result<State, Illegal> {
    if deleted[player.index()] {
        return refuse(
            Directed::Turns,
            format!("{} already deleted the history this turn", player),
        );
    }
    let mut deleted = deleted;
    deleted[player.index()] = true;
    Ok(State {
        history: OrdSet::new(),
        phase: Phase::Turn { to_move, deleted },
        ..state.clone()
    })
}

/// `dir:TURNS` — on their turn a player places a stone of their colour on an empty point
/// ([`place_stone`] removes what `dir:CAPTURE` removes, [`capture_steps`]); the mover may
/// then bid (`dir:KO`).
pub fn place(state: &State, player: Player, at: Vertex) -> Result<Played<State>, Illegal> {
    if at >= state.position.len() {
        return refuse(Directed::Turns, format!("there is no point {at}"));
    }
    if state.position[at] != Colour::Empty {
        return refuse(Directed::Turns, "a stone goes on an empty point only");
    }
    let position = place_stone(&state.arcs, &state.position, player, at);
    let mut applied = vec![Applied::new(
        Directed::Turns,
        Effect::Placed {
            player,
            at,
            points: vec![at],
        },
    )];
    applied.extend(capture_steps(&state.position, player, at, &position));
    let next = State {
        position,
        phase: Phase::AfterPlacement { mover: player },
        ..state.clone()
    };
    Ok(Played::new(next, applied))
}

/// `dir:TURNS` — or passes; the opponent's turn begins.
pub fn pass(state: &State, player: Player) -> Played<State> {
    begin_turn(state, player.opponent())
}

/// `dir:CAPTURE` — a stone's liberties: the empty points reachable from it by a path whose
/// internal points are stones of its colour (arcs are followed forward only).
pub fn liberties(arcs: &Digraph, position: &Position, stone: Vertex) -> OrdSet<Vertex> {
    let colour = position[stone];
    let mut found = OrdSet::new();
    let mut through: OrdSet<Vertex> = OrdSet::unit(stone);
    let mut frontier = vec![stone];
    while let Some(v) = frontier.pop() {
        for &w in &arcs.out[v] {
            if position[w] == Colour::Empty {
                found.insert(w);
            } else if position[w] == colour && !through.contains(&w) {
                through.insert(w);
                frontier.push(w);
            }
        }
    }
    found
}

/// `dir:CAPTURE` — all stones of `colour` with no liberties, in the given position.
pub fn without_liberties(arcs: &Digraph, position: &Position, colour: Colour) -> OrdSet<Vertex> {
    (0..position.len())
        .filter(|&v| position[v] == colour && liberties(arcs, position, v).is_empty())
        .collect()
}

/// `dir:CAPTURE` — a placement: put a stone of the player's colour on the empty point; all
/// opposite-colour stones with no liberties are removed at once, then all same-colour stones
/// with no liberties (counted after the first removal).
pub fn place_stone(arcs: &Digraph, position: &Position, player: Player, at: Vertex) -> Position {
    let placed = position.update(at, player.colour());
    let opposing = without_liberties(arcs, &placed, player.opponent().colour());
    let mut after = placed;
    for v in opposing {
        after = after.update(v, Colour::Empty);
    }
    let own = without_liberties(arcs, &after, player.colour());
    for v in own {
        after = after.update(v, Colour::Empty);
    }
    after
}

/// `dir:CAPTURE` — what the placement of `player` at `at` removed, given the position before
/// it and the one it produced, as steps of the trace: the opposing stones without
/// liberties, then the mover's own (a step each, empty when none: the liberties of every
/// stone of the colour were asked). The first removal takes only opposing stones and the
/// second only the mover's, so each is the stones of its colour that the produced
/// position has empty.
pub fn capture_steps(
    before: &Position,
    player: Player,
    at: Vertex,
    produced: &Position,
) -> Vec<Applied> {
    let removed = |c: Colour| Effect::Removed {
        colour: c,
        points: (0..produced.len())
            .filter(|&v| before[v] == c || (v == at && c == player.colour()))
            .filter(|&v| produced[v] == Colour::Empty)
            .collect(),
    };
    vec![
        Applied::new(Directed::Capture, removed(player.opponent().colour())),
        Applied::new(Directed::Capture, removed(player.colour())),
    ]
}

/// `dir:KO` — a ko bid: a non-negative rational amount of score.
pub fn valid_bid(amount: &BigRational) -> bool {
    !amount.is_negative()
}

/// `dir:KO` — after placing a stone the mover may make a ko bid ([`valid_bid`]); the
/// opponent answers it.
pub fn make_bid(state: &State, mover: Player, amount: &BigRational) -> Result<State, Illegal> {
    if !valid_bid(amount) {
        return refuse(
            Directed::Ko,
            format!(
                "a ko bid is a non-negative amount, not {}",
                crate::rational::format(amount)
            ),
        );
    }
    Ok(State {
        phase: Phase::Answering {
            bidder: mover,
            amount: amount.clone(),
        },
        ..state.clone()
    })
}

/// `dir:KO` — the opponent may ignore the bid: nothing changes, and the game goes on as
/// after any placement, with the opponent's turn (reading 14: the answer is a turn of its
/// own).
pub fn ignore_bid(state: &State, bidder: Player) -> Played<State> {
    begin_turn(state, bidder.opponent())
}

/// `dir:KO` — the answer "ko winner": the ko loser gains the bid at once, and the winner
/// may now reset the board (`dir:KO`, [`reset_board`]); then it is the winner's turn, even
/// when the winner is the bidder who just moved (reading 6).
pub fn name_ko_winner(state: &State, amount: &BigRational, winner: Player) -> State {
    let mut scores = state.scores.clone();
    scores[winner.opponent().index()] += amount;
    State {
        scores,
        phase: Phase::Resetting { winner },
        ..state.clone()
    }
}

/// `dir:KO` — the ko winner resets the board to a state in the history (reading 5: any
/// state in the history, the current one included when it is there); then it becomes the
/// ko winner's turn.
pub fn reset_board(state: &State, to: &[Colour], winner: Player) -> Result<Played<State>, Illegal> {
    if to.len() != state.position.len() {
        return refuse(Directed::Ko, "the reset state does not fit the board");
    }
    let to: Position = to.iter().copied().collect();
    if !state.history.contains(&to) {
        return refuse(
            Directed::Ko,
            format!(
                "the state {} is not in the history",
                to.iter().map(|c| c.symbol()).collect::<String>()
            ),
        );
    }
    Ok(begin_turn(
        &State {
            position: to,
            ..state.clone()
        },
        winner,
    ))
}

/// `dir:KOMI`, `dir:KO` — an optional step ("may") not taken: the state in which the next
/// turn of the rules is taken. After an unnamed komi, Black's first turn with komi 0 (as if
/// komi 0 were named and the second player took White: no score changes either way); after
/// a placement without a bid, the opponent's turn; after a ko winner's declined reset, the
/// winner's turn. `None` where no step is optional. The trace says the step was declined,
/// under its clause, then what the rules did instead.
pub fn decline(state: &State) -> Option<Played<State>> {
    let (clause, next) = match state.phase {
        // As komi 0 named and White taken: White gains 0, Black's first turn begins.
        Phase::NamingKomi => (
            Directed::Komi,
            begin_turn(&gain_komi(state, &zero()), Player::Black),
        ),
        Phase::AfterPlacement { mover } => (Directed::Ko, begin_turn(state, mover.opponent())),
        Phase::Resetting { winner } => (Directed::Ko, begin_turn(state, winner)),
        _ => return None,
    };
    let mut applied = vec![Applied::new(clause, Effect::Declined)];
    applied.extend(next.applied);
    Some(Played::new(next.state, applied))
}

/// The komi values listed by [`legal_turns`]: komi is any rational, an infinite set; the
/// list gives the canonical sample -1, -1/2, 0, 1/2, 1.
pub fn komi_sample() -> Vec<BigRational> {
    [(-1, 1), (-1, 2), (0, 1), (1, 2), (1, 1)]
        .into_iter()
        .map(|(n, d)| BigRational::new(n.into(), d.into()))
        .collect()
}

/// The bids listed by [`legal_turns`]: any non-negative rational, an infinite set; the list
/// gives the canonical sample 0, 1/2, 1.
pub fn bid_sample() -> Vec<BigRational> {
    [(0, 1), (1, 2), (1, 1)]
        .into_iter()
        .map(|(n, d)| BigRational::new(n.into(), d.into()))
        .collect()
}

/// Every turn the rules allow now, sorted. Komi and bids range over infinite sets of
/// rationals: those are listed by their samples ([`komi_sample`], [`bid_sample`]); every
/// other kind of turn is listed in full. Where an option may be declined, the turns of the
/// declined option are listed too.
pub fn legal_turns(state: &State) -> Vec<Turn> {
    let mut turns: Vec<Turn> = match &state.phase {
        Phase::NamingKomi => komi_sample()
            .into_iter()
            .map(|komi| Turn::Komi {
                player: Player::Black,
                komi,
            })
            .collect(),
        Phase::ChoosingColour { .. } => Player::BOTH
            .into_iter()
            .map(|colour| Turn::ChooseColour {
                player: Player::White,
                colour,
            })
            .collect(),
        Phase::Turn { to_move, deleted } => {
            let mut t: Vec<Turn> = (0..state.position.len())
                .filter(|&v| state.position[v] == Colour::Empty)
                .map(|at| Turn::Move {
                    player: *to_move,
                    at,
                })
                .collect();
            t.push(Turn::Pass { player: *to_move });
            for p in Player::BOTH {
                if !deleted[p.index()] {
                    t.push(Turn::DeleteHistory { player: p });
                }
            }
            t
        }
        Phase::AfterPlacement { mover } => bid_sample()
            .into_iter()
            .map(|amount| Turn::Bid {
                player: *mover,
                amount,
            })
            .collect(),
        Phase::Answering { bidder, .. } => {
            let p = bidder.opponent();
            let mut t = vec![Turn::Ignore { player: p }];
            t.extend(Player::BOTH.map(|winner| Turn::KoWinner { player: p, winner }));
            t
        }
        Phase::Resetting { winner } => state
            .history
            .iter()
            .map(|h| Turn::Reset {
                player: *winner,
                to: h.iter().copied().collect(),
            })
            .collect(),
    };
    if let Some(next) = decline(state) {
        turns.extend(legal_turns(&next.state));
    }
    turns.sort();
    turns.dedup();
    turns
}

// ---------------------------------------------------------------------------------------
// WINNING
// ---------------------------------------------------------------------------------------

/// `dir:WIN` — the unsustainable actions, in increasing order of unsustainability.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Unsustainable {
    /// Making a ko bid.
    Bid,
    /// Choosing oneself to be the ko winner.
    NameSelfWinner,
    /// Ignoring a ko bid.
    Ignore,
    /// Deleting the history.
    DeleteHistory,
}

impl Unsustainable {
    /// The four, in increasing order.
    pub const ALL: [Unsustainable; 4] = [
        Unsustainable::Bid,
        Unsustainable::NameSelfWinner,
        Unsustainable::Ignore,
        Unsustainable::DeleteHistory,
    ];

    /// A short name for reports.
    pub fn name(self) -> &'static str {
        match self {
            Unsustainable::Bid => "bid",
            Unsustainable::NameSelfWinner => "name-self-winner",
            Unsustainable::Ignore => "ignore",
            Unsustainable::DeleteHistory => "delete-history",
        }
    }
}

/// `dir:WIN` — the unsustainable action a turn is, if any (a turn the rules accepted).
pub fn unsustainable_action(turn: &Turn) -> Option<Unsustainable> {
    match turn {
        Turn::Bid { .. } => Some(Unsustainable::Bid),
        Turn::KoWinner { player, winner } if player == winner => {
            Some(Unsustainable::NameSelfWinner)
        }
        Turn::Ignore { .. } => Some(Unsustainable::Ignore),
        Turn::DeleteHistory { .. } => Some(Unsustainable::DeleteHistory),
        _ => None,
    }
}

/// `dir:WIN` — a player's unsustainability: the most unsustainable action they did
/// infinitely often (`None`: no unsustainable action infinitely often).
pub fn unsustainability(infinitely_often: &OrdSet<Unsustainable>) -> Option<Unsustainable> {
    infinitely_often.get_max().copied()
}

/// `dir:WIN` — with infinitely many unsustainable actions by either player, the player with
/// lower unsustainability wins (`None` is lowest); equal unsustainabilities: neither wins.
/// `None` when no player did infinitely many (the score decides).
pub fn winner_by_unsustainability(levels: [Option<Unsustainable>; 2]) -> Option<Option<Player>> {
    if levels[0].is_none() && levels[1].is_none() {
        return None;
    }
    Some(match levels[0].cmp(&levels[1]) {
        std::cmp::Ordering::Less => Some(Player::Black),
        std::cmp::Ordering::Greater => Some(Player::White),
        std::cmp::Ordering::Equal => None,
    })
}

/// `dir:WIN` — a player's live stones: the points that eventually always hold a stone of the
/// player's colour, i.e. that hold one at every state of the cycle.
pub fn live_stones(cycle_states: &[Position], player: Player) -> OrdSet<Vertex> {
    let Some(first) = cycle_states.first() else {
        return OrdSet::new();
    };
    (0..first.len())
        .filter(|&v| cycle_states.iter().all(|p| p[v] == player.colour()))
        .collect()
}

/// `dir:WIN` — the final score: the eventual score plus the number of live stones; the
/// higher final score wins, equal ones are a draw.
pub fn winner_by_score(final_scores: &[BigRational; 2]) -> Option<Player> {
    crate::game::higher_score(final_scores)
}

/// `dir:WIN` — the outcome of an infinite play: who wins, by unsustainability or by final
/// score, and everything the rule reads to decide it, computed exactly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InfinitePlayOutcome {
    /// How many times the given cycle is repeated in one period of the play (the play is
    /// periodic from the end of the prefix once the history stops changing).
    pub passes_before_period: usize,
    pub period_passes: usize,
    /// The unsustainable actions each player performs infinitely often (Black, White).
    pub infinitely_often: [OrdSet<Unsustainable>; 2],
    /// Each player's unsustainability.
    pub unsustainability: [Option<Unsustainable>; 2],
    /// What each player's score gains over one period (0 for both: eventually constant).
    pub gain_per_period: [BigRational; 2],
    /// The eventual scores, when the scores are eventually constant.
    pub eventual_scores: Option<[BigRational; 2]>,
    /// Each player's live stones.
    pub live: [OrdSet<Vertex>; 2],
    /// Eventual score plus live stones, when the scores are eventually constant.
    pub final_scores: Option<[BigRational; 2]>,
    /// The winner, `None` for a draw.
    pub winner: Option<Player>,
    /// Whether unsustainability decided (else the final scores did).
    pub by_unsustainability: bool,
}

/// Why a lasso is not an infinite play of the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LassoError {
    /// Turn `index` of the prefix is illegal.
    Prefix { index: usize, illegal: Illegal },
    /// Turn `index` of the cycle is illegal the `pass`-th time round (from 1): the cycle is
    /// not a legal continuation of itself.
    Cycle {
        index: usize,
        pass: usize,
        illegal: Illegal,
    },
    /// The cycle's pass-boundary states did not repeat within the cap.
    NoPeriod { passes: usize },
}

/// The most times a lasso's cycle is replayed looking for its period (a documented cap).
pub const MAX_LASSO_PASSES: usize = 4096;

/// `dir:WIN`, `dir:NOTE-pass` — the outcome of the infinite play `prefix` followed by `cycle`
/// forever. The cycle is replayed until the state (less the scores, which no rule reads)
/// at the start of a pass repeats: from there the play is periodic, and the actions, score
/// gains and positions of one period are what happens infinitely often. "I pass forever if
/// you do" (`dir:NOTE-pass`) is the cycle of two passes, the player to move first.
pub fn outcome(
    start: &State,
    prefix: &[Turn],
    cycle: &[Turn],
) -> Result<InfinitePlayOutcome, LassoError> {
    let mut state = start.clone();
    for (index, turn) in prefix.iter().enumerate() {
        state = self::turn(&state, turn)
            .map_err(|illegal| LassoError::Prefix { index, illegal })?
            .state;
    }
    if cycle.is_empty() {
        return Err(LassoError::NoPeriod { passes: 0 });
    }
    // seen: the situation at the start of each pass -> the pass number (from 0).
    let mut seen: HashMap<(Position, OrdSet<Position>, Phase), usize> = HashMap::new();
    let mut boundary_scores: Vec<[BigRational; 2]> = Vec::new();
    let mut pass_actions: Vec<[OrdSet<Unsustainable>; 2]> = Vec::new();
    let mut pass_states: Vec<Vec<Position>> = Vec::new();
    for pass in 0..=MAX_LASSO_PASSES {
        if let Some(&first) = seen.get(&state.situation()) {
            let mut infinitely_often = [OrdSet::new(), OrdSet::new()];
            let mut states = Vec::new();
            for p in first..pass {
                for who in 0..2 {
                    infinitely_often[who] = infinitely_often[who]
                        .clone()
                        .union(pass_actions[p][who].clone());
                }
                states.extend(pass_states[p].iter().cloned());
            }
            let gain_per_period = [
                &state.scores[0] - &boundary_scores[first][0],
                &state.scores[1] - &boundary_scores[first][1],
            ];
            let constant = gain_per_period.iter().all(Zero::is_zero);
            let eventual_scores = constant.then(|| state.scores.clone());
            let live = [
                live_stones(&states, Player::Black),
                live_stones(&states, Player::White),
            ];
            let final_scores = eventual_scores.as_ref().map(|s| {
                [
                    &s[0] + BigRational::from_integer(live[0].len().into()),
                    &s[1] + BigRational::from_integer(live[1].len().into()),
                ]
            });
            let levels = [
                unsustainability(&infinitely_often[0]),
                unsustainability(&infinitely_often[1]),
            ];
            let (winner, by_unsustainability) = match winner_by_unsustainability(levels) {
                Some(w) => (w, true),
                None => {
                    // No unsustainable action infinitely often: no bid, so the scores are
                    // eventually constant.
                    let f = final_scores.as_ref().expect("no bid in the period");
                    (winner_by_score(f), false)
                }
            };
            return Ok(InfinitePlayOutcome {
                passes_before_period: first,
                period_passes: pass - first,
                infinitely_often,
                unsustainability: levels,
                gain_per_period,
                eventual_scores,
                live,
                final_scores,
                winner,
                by_unsustainability,
            });
        }
        if pass == MAX_LASSO_PASSES {
            break;
        }
        seen.insert(state.situation(), pass);
        boundary_scores.push(state.scores.clone());
        let mut actions = [OrdSet::new(), OrdSet::new()];
        let mut states = vec![state.position.clone()];
        for (index, turn) in cycle.iter().enumerate() {
            state = self::turn(&state, turn)
                .map_err(|illegal| LassoError::Cycle {
                    index,
                    pass: pass + 1,
                    illegal,
                })?
                .state;
            if let Some(a) = unsustainable_action(turn) {
                actions[turn.player().index()].insert(a);
            }
            states.push(state.position.clone());
        }
        pass_actions.push(actions);
        pass_states.push(states);
    }
    Err(LassoError::NoPeriod {
        passes: MAX_LASSO_PASSES,
    })
}

// ---------------------------------------------------------------------------------------
// Notes
// ---------------------------------------------------------------------------------------

/// `dir:NOTE-pairs` — N isolated pairs of points: points `2i` and `2i + 1` joined by an arc
/// each way, no other arcs.
pub fn isolated_pairs(n: usize) -> Digraph {
    let arcs: Vec<(Vertex, Vertex)> = (0..n)
        .flat_map(|i| [(2 * i, 2 * i + 1), (2 * i + 1, 2 * i)])
        .collect();
    Digraph::from_index_arcs(2 * n, &arcs, &|u, v| format!("[{u}, {v}]"))
        .expect("pairs have no loops and no repeated arcs")
}
