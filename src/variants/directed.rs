//! Go on directed graphs as played: the transcription `crate::spec::directed` with what is
//! not in the source, wrapped around it from outside.
//!
//! - **A komi agreed in the record** (reading 10, `spec/ambiguities.md`): the source has the
//!   first player name komi and the second choose a colour (`dir:KOMI`); a record's `komi:`
//!   says that was settled before the game. [`start`] plays it with the transcription's own
//!   clauses: White gains it, then the first turn begins.
//! - **Who may delete the history** (reading 5): the transcription follows "either player
//!   may", each once a turn; [`Deleters::Mover`] lets only the player to move delete, as a
//!   filter after the transcription accepts a deletion.
//!
//! The readings 13–15 have no other reading to offer (the text is clear, or the readings
//! never differ in a state or a winner): the transcription follows the chosen one.
//! The directed rules have no fast path: their legal turns are the transcription's.

use num_traits::Zero;

use crate::game::clause::Directed;
use crate::game::trace::{Applied, Effect, Played};
use crate::game::{Illegal, Observation, Playable, Player, Setup, Traced, Turn};
use crate::io::record::Game;
use crate::spec::directed::{self as rules, InfinitePlayOutcome, LassoError, Phase, State};

/// Reading 5 (`dir:TURNS`): who may delete the history before a turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Deleters {
    /// "Either player may": both, in either order, each at most once a turn (the source, as
    /// the transcription reads it; the default).
    #[default]
    Either,
    /// Only the player whose turn it is.
    Mover,
}

/// A game of the directed rules as played: a [`State`] of the transcription replaced at
/// every turn, and who may delete the history. The game never ends in finite play
/// (`dir:WIN` decides infinite plays, given as lassos: [`lasso_outcome`]), so `result` is
/// always `None`.
#[derive(Clone, Debug)]
pub struct DirectedGame {
    pub state: State,
    pub deleters: Deleters,
}

/// The start of a record's game: `dir:INTRO` by the transcription, then reading 10: a komi
/// agreed in the record (or a record whose first player is White, which a record under the
/// directed rules refuses: reading 13) means the komi phase is over: White gains the komi
/// and the first player's turn begins. A record that agrees nothing starts at the komi
/// phase, which its first turn may decline (the transcription's `decline`).
pub fn start(setup: &Setup, deleters: Deleters) -> Result<DirectedGame, String> {
    start_traced(setup, deleters).map(|started| started.state)
}

/// [`start`], and the clauses the start applied (`dir:INTRO`; White gaining a komi agreed
/// in the record, `dir:KOMI`, and the first turn beginning, `dir:TURNS`).
pub fn start_traced(setup: &Setup, deleters: Deleters) -> Result<Played<DirectedGame>, String> {
    let Played { state, mut applied } = rules::start(setup)?;
    let state = if setup.komi.is_zero() && setup.to_move == Player::Black {
        state
    } else {
        let gained = rules::gain_komi(&state, &setup.komi);
        applied.push(Applied::new(
            Directed::Komi,
            Effect::KomiAgreed {
                scores: gained.scores.clone(),
            },
        ));
        let begun = rules::begin_turn(&gained, setup.to_move);
        applied.extend(begun.applied);
        begun.state
    };
    Ok(Played::new(DirectedGame { state, deleters }, applied))
}

impl DirectedGame {
    /// Reading 5 under [`Deleters::Mover`]: a deletion the transcription accepted, by a
    /// player who is not to move, is refused (under `dir:TURNS`, as the deletion is).
    fn deletion_refused(&self, turn: &Turn, after: &State) -> Option<Illegal> {
        let Turn::DeleteHistory { player } = turn else {
            return None;
        };
        let Phase::Turn { to_move, .. } = after.phase else {
            return None;
        };
        (self.deleters == Deleters::Mover && *player != to_move).then(|| {
            Illegal::new(
                Directed::Turns,
                format!("only {to_move} may delete the history now (reading 5, deleters: mover)"),
            )
        })
    }

    /// The game after `turn`, or why it is refused: the transcription's turn, then the
    /// variant's filter.
    pub fn after(&self, turn: &Turn) -> Result<State, Illegal> {
        self.after_traced(turn).map(|played| played.state)
    }

    /// [`DirectedGame::after`], and the clauses the turn applied.
    pub fn after_traced(&self, turn: &Turn) -> Result<Played<State>, Illegal> {
        let after = rules::turn(&self.state, turn)?;
        match self.deletion_refused(turn, &after.state) {
            Some(refused) => Err(refused),
            None => Ok(after),
        }
    }
}

impl Playable for DirectedGame {
    fn observe(&self) -> Observation {
        let s = &self.state;
        Observation {
            position: s.position.iter().copied().collect(),
            to_move: Some(s.to_move()),
            prisoners: None,
            scores: Some(s.scores.clone()),
            result: None,
        }
    }

    fn legal_turns(&self) -> Vec<Turn> {
        let turns = rules::legal_turns(&self.state);
        match self.deleters {
            Deleters::Either => turns,
            Deleters::Mover => turns
                .into_iter()
                .filter(|t| !matches!(t, Turn::DeleteHistory { .. }) || self.after(t).is_ok())
                .collect(),
        }
    }

    fn play(&mut self, turn: &Turn) -> Result<(), Illegal> {
        self.play_traced(turn).map(drop)
    }

    fn fork(&self) -> Option<Box<dyn Playable>> {
        Some(Box::new(self.clone()))
    }
}

impl Traced for DirectedGame {
    fn play_traced(&mut self, turn: &Turn) -> Result<Vec<Applied>, Illegal> {
        let played = self.after_traced(turn)?;
        self.state = played.state;
        Ok(played.applied)
    }
}

/// `dir:WIN` — the outcome of the record's infinite play: its turns, then `cycle` forever,
/// from the record's start ([`start`], who may delete: either player), decided by the
/// transcription (`spec::directed::outcome`); `Err` when the record has no directed game.
pub fn lasso_outcome(
    game: &Game,
    cycle: &[Turn],
) -> Result<Result<InfinitePlayOutcome, LassoError>, String> {
    let start = start(&game.setup, Deleters::Either)?;
    Ok(rules::outcome(&start.state, &game.turns, cycle))
}
