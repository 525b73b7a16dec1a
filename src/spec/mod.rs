//! The transcription: one module per source document, one pure function (or type) per
//! clause, in the document's order and words. Slow and plain on purpose: it is the oracle
//! the engine is checked against. It never imports `crate::engine`.
//!
//! Every family's game has the same skeleton:
//! - `State`, the game as a value;
//! - `start(setup) -> Result<Played<State>, String>`, the first state, or why the setup is
//!   not one of the family's;
//! - `turn(state, turn) -> Result<Played<State>, Illegal>`, one `match` with an arm per
//!   rule that acts in a turn; a refusal is `Illegal`, named by its clause and spelt one
//!   way, `crate::game::refuse(clause, reason)`;
//! - where the family's games end, `end(state, ...)`, one arm per ending rule;
//! - `legal_turns(state)`, every turn `turn` accepts, sorted.
//!
//! A `Played` value is the new state and the trace (`crate::game::trace`): the clauses the
//! start or the turn applied, in order, each with what it did. It is the one account of
//! which clause acted, read by `play --explain`, the viewer, the vectors and the verdicts.
//! Turns are printed one way, `Turn::text`.
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
