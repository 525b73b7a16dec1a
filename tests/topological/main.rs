//! Topological Go (`topo:*`): the clauses, the command line, the engine against the
//! transcription, the properties.
//!
//! One test binary for all of them (each file a module), so that the crate is linked once.

mod clauses;
mod cli;
mod differential;
mod fast_path;
mod properties;
