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
