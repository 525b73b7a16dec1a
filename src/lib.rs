//! graphgo: the rules of Go as mathematicians write them, on any graph.
//!
//! Layers, each importing only those below it:
//! - [`board`], [`space`], [`weights`], [`digraph`], [`game`], [`rational`], [`record`],
//!   [`sgf`], [`input_scan`], [`input_words`]: boards and what each family adds to them, the
//!   shared vocabulary, records and the readers' bounds and messages;
//! - [`spec`] (with the directed analyses [`lasso`] and [`pairs`]): the literal transcription
//!   of the source documents (the oracle), and [`engine`]: the optimized engine; neither
//!   imports the other;
//! - [`replay`], [`check`], [`explain`]: replay a record through any [`game::RuleSet`],
//!   compare two of them and shrink a divergence, say which clauses acted;
//! - [`findings`], [`shard`], [`fuzz`], [`campaign`], [`exhaust`], [`tables`],
//!   [`bench`](mod@bench): where findings are written, campaigns (random, sharded and merged,
//!   exhaustive), the published tables, measurement;
//! - [`vectors`], [`verify`], [`gtp`], [`conformance`], [`gtp_referee`]: conformance vectors,
//!   the one verification path for Rust engines, GTP engines and library adapters, the
//!   conformance report, graphgo as a GTP referee;
//! - the binary (`src/main.rs`): the command line.
//!
//! The layering is stated, not yet enforced by a test, and a few arrows still run against it
//! (for example `vectors` uses `fuzz`'s generators): the re-layout that removes them is an
//! open issue.
//!
//! No `unsafe` but in `engine::goban`, which allows it for unchecked reads (its module
//! comment says why, and CI runs its tests under Miri).
#![deny(unsafe_code)]

pub mod bench;
pub mod board;
pub mod campaign;
pub mod check;
pub mod conformance;
pub mod digraph;
pub mod engine;
pub mod exhaust;
pub mod explain;
pub mod findings;
pub mod fuzz;
pub mod game;
pub mod gtp;
pub mod gtp_referee;
pub mod input_scan;
pub mod input_words;
pub mod lasso;
pub mod pairs;
pub mod rational;
pub mod record;
pub mod replay;
pub mod sgf;
pub mod shard;
pub mod show;
pub mod space;
pub mod spec;
pub mod tables;
pub mod vectors;
pub mod verify;
pub mod weights;
