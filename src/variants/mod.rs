//! The rule sets as played: each source's transcription (`crate::spec`) wrapped with what
//! is not in the source, so that the transcription can be read alone. Here live the rule
//! *variants* a record may choose (self-capture and repetition options, the readings of
//! `spec/ambiguities.md` other than the one the transcription follows), the fast paths for
//! the questions the comparer asks every turn (the legal turns, the scores; `crate::spec_fast`,
//! each tested equal to the transcription's literal answer), and the [`Spec`] rule set that
//! plays them all. One module per family; this one dispatches.

pub mod directed;
pub mod ggg;
pub mod mango;
pub mod topological;

use crate::game::{Playable, RuleId, RuleSet, Setup, Unsupported};

/// The transcription as a [`RuleSet`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Spec;

impl RuleSet for Spec {
    fn name(&self) -> &str {
        "spec"
    }

    fn start(&self, setup: &Setup) -> Result<Box<dyn Playable>, Unsupported> {
        self.start_send(setup).map(|g| g as Box<dyn Playable>)
    }
}

impl Spec {
    /// [`RuleSet::start`], as a game that may move to another thread (every family's game
    /// is `Send`): the Python package plays whole games with the interpreter's lock released.
    pub fn start_send(&self, setup: &Setup) -> Result<Box<dyn Playable + Send>, Unsupported> {
        match setup.rules {
            RuleId::Ggg1 | RuleId::Ggg2 | RuleId::Ggg3 => {
                let game = ggg::GraphGoGame::start(setup).map_err(Unsupported)?;
                Ok(Box::new(game))
            }
            RuleId::Mango => {
                let game = mango::MangoGame::start(setup).map_err(Unsupported)?;
                Ok(Box::new(game))
            }
            RuleId::TopoPrimitive | RuleId::TopoStones => {
                let game = topological::TopoSpecGame::start(setup).map_err(Unsupported)?;
                Ok(Box::new(game))
            }
            RuleId::Directed => {
                let game =
                    directed::start(setup, directed::Deleters::Either).map_err(Unsupported)?;
                Ok(Box::new(game))
            }
        }
    }
}
