//! The network article (`nrich:*`): its clauses and its territory count.
//!
//! One test binary for all of them (each file a module), so that the crate is linked once.

// Each binary uses part of the shared strategies and drivers.
#[allow(dead_code)]
#[path = "../support/mod.rs"]
mod support;

mod clauses;
mod territory;
