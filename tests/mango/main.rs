//! MANGO (`mango:*`): the command line, the engine, the equipment, the worked examples,
//! MANGO as Go, the paths, the turn arm by arm, weighted boards.
//!
//! One test binary for all of them (each file a module), so that the crate is linked once.

// Each binary uses part of the shared strategies and drivers.
#[allow(dead_code)]
#[path = "../support/mod.rs"]
mod support;

mod cli;
mod end_score;
mod engine;
mod equipment;
mod exinf;
mod go;
mod paths;
mod turn;
mod weighted;
