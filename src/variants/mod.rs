//! The rule sets as played: each source's transcription (`crate::spec`) wrapped with what
//! is not in the source, so that the transcription can be read alone. Here live the rule
//! *variants* a record may choose (self-capture and repetition options, the readings of
//! `spec/ambiguities.md` other than the one the transcription follows), the fast paths for
//! the questions the comparer asks every turn (the legal turns, the scores; `crate::fast_paths`,
//! each tested equal to the transcription's literal answer), and the [`Rules`] rule set that
//! plays them all. One module per family; this one dispatches.

pub mod directed;
pub mod ggg;
pub mod mango;
pub mod topological;

use crate::game::trace::Played;
use crate::game::{Playable, RuleId, RuleSet, Setup, Traced, Unsupported};

/// The rules as played: every family's transcription (`crate::spec`) with the variants a
/// record may choose and the fast paths, as one [`RuleSet`], the side the engine and every
/// outside implementation are compared with. Its [`RuleSet::name`] stays `spec`, the word
/// findings, reports and the Python package have always printed for this side.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rules;

impl RuleSet for Rules {
    fn name(&self) -> &str {
        "spec"
    }

    fn start(&self, setup: &Setup) -> Result<Box<dyn Playable>, Unsupported> {
        self.start_send(setup).map(|g| g as Box<dyn Playable>)
    }
}

impl Rules {
    /// [`RuleSet::start`], as a game that may move to another thread (every family's game
    /// is `Send`): the Python package plays whole games with the interpreter's lock released.
    pub fn start_send(&self, setup: &Setup) -> Result<Box<dyn Playable + Send>, Unsupported> {
        self.start_traced(setup)
            .map(|started| started.state as Box<dyn Playable + Send>)
    }

    /// The game of `setup`, which says at every turn which clauses acted ([`Traced`]), and
    /// the clauses its start applied.
    pub fn start_traced(
        &self,
        setup: &Setup,
    ) -> Result<Played<Box<dyn Traced + Send>>, Unsupported> {
        fn boxed<G: Traced + Send + 'static>(played: Played<G>) -> Played<Box<dyn Traced + Send>> {
            played.map(|game| Box::new(game) as Box<dyn Traced + Send>)
        }
        let started = match setup.rules {
            RuleId::Ggg1 | RuleId::Ggg2 | RuleId::Ggg3 => {
                ggg::GraphGoGame::start_traced(setup).map(boxed)
            }
            RuleId::Mango => mango::MangoGame::start_traced(setup).map(boxed),
            RuleId::TopoPrimitive | RuleId::TopoStones => {
                topological::TopologicalGame::start_traced(setup).map(boxed)
            }
            RuleId::Directed => {
                directed::start_traced(setup, directed::Deleters::Either).map(boxed)
            }
        };
        started.map_err(Unsupported)
    }
}
