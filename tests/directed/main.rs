//! The directed rules (`dir:*`): the clauses, the command line, the engine, the properties.
//!
//! One test binary for all of them (each file a module), so that the crate is linked once.

// Each binary uses part of the shared strategies and drivers.
#[allow(dead_code)]
#[path = "../support/mod.rs"]
mod support;

mod clauses;
mod cli;
mod engine;
mod properties;
mod variants;
