//! What the rules did: each family's start and turn (`crate::spec`) return, beside the new
//! state, the clauses they applied, in order, each with what it did ([`Applied`]). This is
//! the one account of "which clause acted": `graphgo play --explain`, the viewer, the
//! clauses a conformance vector exercises and the explanation of a divergence all read it,
//! and none works it out again from the positions.

use num_rational::BigRational;

use crate::board::Vertex;
use crate::game::clause::Clause;
use crate::game::{Colour, GameResult, Illegal, Player};

/// A state of a game, and what the clauses did to reach it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played<S> {
    pub state: S,
    /// The clauses applied, in the order they acted.
    pub applied: Vec<Applied>,
}

impl<S> Played<S> {
    /// `state`, reached by `applied`.
    pub fn new(state: S, applied: Vec<Applied>) -> Played<S> {
        Played { state, applied }
    }

    /// The same trace, of another state (a wrapper's).
    pub fn map<T>(self, f: impl FnOnce(S) -> T) -> Played<T> {
        Played {
            state: f(self.state),
            applied: self.applied,
        }
    }

    /// Whether any step applied `clause`.
    pub fn applies(&self, clause: impl Into<Clause>) -> bool {
        let clause = clause.into();
        self.applied.iter().any(|a| a.clause == clause)
    }
}

/// One clause at work: which, what it did, and the definitions it decided by (`ggg1:1`'s
/// liberties for a removal of `ggg1:2`, `topo:D4` for a board play of `topo:D9`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Applied {
    pub clause: Clause,
    pub effect: Effect,
    pub through: &'static [Clause],
}

impl Applied {
    /// `clause` did `effect`, by no other clause.
    pub fn new(clause: impl Into<Clause>, effect: Effect) -> Applied {
        Applied {
            clause: clause.into(),
            effect,
            through: &[],
        }
    }

    /// `clause` did `effect`, deciding by the definitions `through`.
    pub fn through(
        clause: impl Into<Clause>,
        effect: Effect,
        through: &'static [Clause],
    ) -> Applied {
        Applied {
            clause: clause.into(),
            effect,
            through,
        }
    }

    /// The clause and the definitions it decided by; for a player who has no move
    /// ([`Effect::NoMove`]), the clauses that refused the moves it names too.
    pub fn clauses(&self) -> impl Iterator<Item = Clause> + '_ {
        let refusals: &[(usize, crate::game::Illegal)] = match &self.effect {
            Effect::NoMove { refusals, .. } => refusals,
            _ => &[],
        };
        std::iter::once(self.clause)
            .chain(self.through.iter().copied())
            .chain(refusals.iter().map(|(_, illegal)| illegal.clause))
    }
}

/// What a clause did. Points are indices of the board's points (a vertex; on a go-space a
/// point of X); a move's `at` is the turn's own target (a vertex, or an element of S).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// It fixes the start: the equipment, the first position, the first player (the
    /// setup's, as the clause reads them).
    Setup,
    /// A handicap, an ancient opening or komi: a start other than the bare board (the
    /// setup's `stones` placed, `to_move` first, `komi` to White).
    Handicap {
        stones: usize,
        to_move: Player,
        komi: BigRational,
    },
    /// The turn is the player's to take, and of a kind the rules allow: a move.
    Placed {
        player: Player,
        at: usize,
        points: Vec<Vertex>,
    },
    /// Points of `colour` emptied: a group, a string's points, stones not alive or without
    /// liberties (empty when the clause looked and found none).
    Removed { colour: Colour, points: Vec<Vertex> },
    /// The turn passes the clause's test (a new colouring; a pass that superko leaves
    /// alone).
    Allowed,
    /// A pass.
    Passed { player: Player },
    /// A resignation.
    Resigned { player: Player },
    /// The prisoner counts P and Q, Black's and White's, before and after.
    Prisoners { before: [u64; 2], after: [u64; 2] },
    /// `dir:KOMI`: the first player names komi.
    KomiNamed { komi: BigRational },
    /// `dir:KOMI`: the second player takes `colour`; White gains the komi: the scores now.
    ColourChosen {
        colour: Player,
        scores: [BigRational; 2],
    },
    /// White gains a komi agreed before the game (a record's `komi:`): the scores now.
    KomiAgreed { scores: [BigRational; 2] },
    /// `dir:KOMI`, `dir:KO`: an optional step ("may") not taken.
    Declined,
    /// `dir:TURNS`: the position joins the history, and `to_move`'s turn begins.
    TurnBegun { to_move: Player },
    /// `dir:TURNS`: `player` deletes the history.
    HistoryDeleted { player: Player },
    /// `dir:KO`: `player` bids `amount`.
    Bid { player: Player, amount: BigRational },
    /// `dir:KO`: `player` ignores the bid.
    BidIgnored { player: Player },
    /// `dir:KO`: `player` names `winner` the ko winner; the loser gains the bid.
    KoWinnerNamed {
        player: Player,
        winner: Player,
        scores: [BigRational; 2],
    },
    /// `dir:KO`: the ko winner resets the board to a state of the history.
    BoardReset { player: Player },
    /// The game is over, and how.
    Ended { result: GameResult },
    /// The player to move has no move: each empty point's refusal (at most a few named),
    /// and how many more there are.
    NoMove {
        player: Player,
        refusals: Vec<(usize, Illegal)>,
        more: usize,
    },
    /// A player's score: the points of the player's colour, the empty points counted for
    /// the player, and the score (komi and initial scores included).
    Counted {
        player: Player,
        own: Vec<Vertex>,
        territory: Vec<Vertex>,
        score: BigRational,
    },
    /// The larger score wins (`winner` `None`: equal scores, a tie).
    Decided { winner: Option<Player> },
    /// `nrich:capture`: the move at `at` filled the last liberty of the chain `chain` of
    /// `colour`, which is captured.
    Captured {
        at: usize,
        colour: Colour,
        chain: Vec<Vertex>,
    },
    /// `nrich:flood`: flooding from the stones of `from` reaches `reached`, of which
    /// `undisputed` is not reached from the other colour's.
    Flooded {
        from: Colour,
        reached: Vec<Vertex>,
        undisputed: Vec<Vertex>,
    },
    /// `nrich:flood`: no flooding reaches these empty points (they touch no stone).
    Unreached { points: Vec<Vertex> },
}

/// The clauses of a trace, each once, in their order of first use.
pub fn clauses_of<'a>(applied: impl IntoIterator<Item = &'a Applied>) -> Vec<Clause> {
    let mut seen = Vec::new();
    for a in applied {
        for c in a.clauses() {
            if !seen.contains(&c) {
                seen.push(c);
            }
        }
    }
    seen
}
