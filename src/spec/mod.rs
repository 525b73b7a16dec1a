//! The transcription: one module per source document, one pure function (or type) per
//! clause, in the document's order and words. Slow and plain on purpose: it is the oracle
//! the engine is checked against. It never imports `crate::engine`.
//!
//! Beside the transcriptions, two analyses of the directed rules that only read
//! [`directed`]: the report of an infinite play given as a lasso ([`lasso`]) and the
//! exhaustive check of the note on isolated pairs ([`pairs`]).

pub mod directed;
pub mod ggg;
pub mod lasso;
pub mod mango;
pub mod nrich;
pub mod pairs;
pub mod topological;

use crate::game::{
    Illegal, Observation, Playable, RuleId, RuleSet, Setup, Turn, Unsupported, Version,
};

/// The transcription as a [`RuleSet`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Spec;

/// A game played by the transcription: a [`ggg::GameState`] value replaced at every turn.
#[derive(Clone, Debug)]
pub struct SpecGame {
    pub state: ggg::GameState,
}

impl RuleSet for Spec {
    fn name(&self) -> &str {
        "spec"
    }

    fn start(&self, setup: &Setup) -> Result<Box<dyn Playable>, Unsupported> {
        match setup.rules {
            RuleId::Ggg1 | RuleId::Ggg2 | RuleId::Ggg3 => {
                let state = ggg::start(setup).map_err(Unsupported)?;
                Ok(Box::new(SpecGame { state }))
            }
            RuleId::Mango => {
                let state = mango::setup(setup).map_err(Unsupported)?;
                Ok(Box::new(mango::MangoGame { state }))
            }
            RuleId::TopoPrimitive | RuleId::TopoStones => {
                let state = topological::start(setup).map_err(Unsupported)?;
                Ok(Box::new(TopoSpecGame { state }))
            }
            RuleId::Directed => {
                let state =
                    directed::start(setup, directed::Deleters::Either).map_err(Unsupported)?;
                Ok(Box::new(DirectedGame { state }))
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
        ggg::legal_turns(&self.state)
    }

    fn play(&mut self, turn: &Turn) -> Result<(), Illegal> {
        self.state = ggg::take_turn(&self.state, turn)?;
        Ok(())
    }

    fn fork(&self) -> Option<Box<dyn Playable>> {
        Some(Box::new(self.clone()))
    }
}

/// A game of the directed rules played by the transcription: a [`directed::State`] value
/// replaced at every turn. The game never ends in finite play (`dir:WIN` decides infinite
/// plays, given as lassos: [`directed::outcome`]), so `result` is always `None`.
#[derive(Clone, Debug)]
pub struct DirectedGame {
    pub state: directed::State,
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
        directed::legal_turns(&self.state)
    }

    fn play(&mut self, turn: &Turn) -> Result<(), Illegal> {
        self.state = directed::take_turn(&self.state, turn)?;
        Ok(())
    }

    fn fork(&self) -> Option<Box<dyn Playable>> {
        Some(Box::new(self.clone()))
    }
}

/// A Topological Go game played by the transcription (`topo-primitive`, `topo-stones`): a
/// [`topological::GameState`] value replaced at every turn. A move's `at` is an index into
/// the go-space's placements S.
#[derive(Clone, Debug)]
pub struct TopoSpecGame {
    pub state: topological::GameState,
}

impl Playable for TopoSpecGame {
    fn observe(&self) -> Observation {
        let s = &self.state;
        Observation {
            position: s.colouring.iter().copied().collect(),
            to_move: s.result.is_none().then_some(s.to_move),
            prisoners: None,
            scores: None,
            result: s.result.clone(),
        }
    }

    fn legal_turns(&self) -> Vec<Turn> {
        topological::legal_turns(&self.state)
    }

    fn play(&mut self, turn: &Turn) -> Result<(), Illegal> {
        self.state = topological::take_turn(&self.state, turn)?;
        Ok(())
    }

    fn fork(&self) -> Option<Box<dyn Playable>> {
        Some(Box::new(self.clone()))
    }
}
