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

use crate::game::{
    Illegal, Observation, Playable, RuleId, RuleSet, Setup, Turn, Unsupported, Version,
};
use crate::spec;

/// The transcription as a [`RuleSet`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Spec;

/// A game played by the transcription: a [`spec::ggg::GameState`] value replaced at every turn.
#[derive(Clone, Debug)]
pub struct SpecGame {
    pub state: spec::ggg::GameState,
}

impl RuleSet for Spec {
    fn name(&self) -> &str {
        "spec"
    }

    fn start(&self, setup: &Setup) -> Result<Box<dyn Playable>, Unsupported> {
        match setup.rules {
            RuleId::Ggg1 | RuleId::Ggg2 | RuleId::Ggg3 => {
                let state = spec::ggg::start(setup).map_err(Unsupported)?;
                Ok(Box::new(SpecGame { state }))
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

impl Playable for SpecGame {
    fn observe(&self) -> Observation {
        let s = &self.state;
        Observation {
            position: s.position.f.iter().copied().collect(),
            to_move: s.result.is_none().then_some(s.to_move),
            prisoners: (s.rules == Version::V3).then_some([s.prisoners.p, s.prisoners.q]),
            scores: None,
            result: s.result.clone(),
        }
    }

    fn legal_turns(&self) -> Vec<Turn> {
        spec::ggg::legal_turns(&self.state)
    }

    fn play(&mut self, turn: &Turn) -> Result<(), Illegal> {
        self.state = spec::ggg::take_turn(&self.state, turn)?;
        Ok(())
    }

    fn fork(&self) -> Option<Box<dyn Playable>> {
        Some(Box::new(self.clone()))
    }
}
