//! Conformance: the adapters of outside implementations, the conformance report, GTP
//! engines, graphgo as a GTP referee, the vectors, SGF, real games.
//!
//! One test binary for all of them (each file a module), so that the crate is linked once.

#[path = "../support/chromium.rs"]
mod chromium;

mod adapters;
mod batched;
mod gtp;
mod probes;
mod protocol;
mod real_games;
mod referee;
mod report;
mod sampled;
mod sgf;
mod vectors;
mod vectors_toy;
mod verdicts;
