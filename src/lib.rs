//! graphgo: the rules of Go as mathematicians write them, on any graph.
//!
//! Layers, each importing only those below it:
//! - [`board`], [`game`], [`rational`], [`record`]: boards, the shared vocabulary, records;
//! - [`spec`]: the literal transcription of the source documents (the oracle);
//! - [`replay`]: replays a record through any [`game::RuleSet`] and reports it;
//! - the binary (`src/main.rs`): the command line.
#![forbid(unsafe_code)]

pub mod bench;
pub mod board;
pub mod engine;
pub mod game;
pub mod rational;
pub mod record;
pub mod replay;
pub mod spec;
