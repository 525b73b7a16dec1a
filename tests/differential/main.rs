//! The differential layer: the comparer and shrinker, the engine against the
//! transcription, the exhaustive check, playouts replayed, the regression records, the
//! published tables.
//!
//! One test binary for all of them (each file a module), so that the crate is linked once.

mod compare;
mod engine;
mod exhaust;
mod playout_replay;
mod regressions;
mod tables;
