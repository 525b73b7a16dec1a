//! The differential layer: two implementations of the rules driven side by side and every
//! disagreement kept as a small record.
//!
//! - [`compare`]: the comparer (`graphgo check`) and the shrinking of a divergence;
//! - [`fuzz`]: the seeded generators of boards, setups and turns, and the random campaign
//!   (`graphgo fuzz`);
//! - [`exhaust`]: every game up to a depth on every small board (`graphgo exhaust`);
//! - [`shard`], [`campaign`]: a campaign split over machines and put back together;
//! - [`shrunk_cases`]: a divergence shrunk and written as a case file, and as SGF on grids;
//! - [`findings`]: where findings are written, so that none is lost or overwritten;
//! - [`progress`]: how far `graphgo check` has got in a long game, on standard error.
//!
//! The fast oracle of mutation testing (the engine against the transcription on a short
//! campaign) is a test module here, beside the comparer and the generators it uses.

pub mod campaign;
pub mod compare;
pub mod exhaust;
pub mod findings;
pub mod fuzz;
pub mod progress;
pub mod shard;
pub mod shrunk_cases;

/// The fast differential oracle of mutation testing (`spec/mutants.md`).
#[cfg(test)]
mod oracle;
