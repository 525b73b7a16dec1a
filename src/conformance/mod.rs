//! The conformance layer: other implementations of the rules checked against graphgo, and
//! graphgo offered to other programs.
//!
//! - [`vectors`]: engine-neutral conformance vectors, their generator and their checker;
//! - [`verify`]: the one verification path for Rust engines, GTP engines and library
//!   adapters (vectors, then a seeded campaign, then findings and a report);
//! - [`gtp`]: the GTP client that makes an engine process an implementation to verify;
//! - [`report`]: the conformance report over every adapter (`graphgo conformance`);
//! - [`gtp_referee`]: graphgo itself as a GTP engine that referees (`graphgo gtp`).

pub mod campaign;
pub mod decisive;
pub mod engine;
pub mod findings;
pub mod gtp;
pub mod gtp_referee;
pub mod gtp_rules;
pub mod report;
pub mod vectors;
pub mod verify;
