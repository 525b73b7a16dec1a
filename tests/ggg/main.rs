//! General Graph Go (`ggg1`-`ggg3`): the clauses one by one, the worked examples, the
//! properties, the readings.
//!
//! One test binary for all of them (each file a module), so that the crate is linked once.

#[path = "../support/mod.rs"]
mod support;
#[path = "../table/mod.rs"]
mod table;

mod clauses;
mod examples;
mod properties;
mod readings;
mod variants;
