//! graphgo: the rules of Go as mathematicians write them, on any graph.
//!
//! Layers, each importing only those below it (`tests/project/layers.rs` reads every `use` of
//! `src/` and fails on an arrow that points up or sideways):
//! 0. [`rational`]: exact numbers as text; [`signals`]: SIGINT and SIGTERM as one
//!    process-wide flag that long loops ask;
//! 1. [`board`]: the equipment: graphs and their builders, and what each family adds to
//!    them (go-spaces, weights and threshold, digraphs);
//! 2. [`game`]: the vocabulary every rule set shares: colours, players, turns, setups, what
//!    is observed, the traits [`game::RuleSet`] and [`game::Playable`];
//! 3. [`io`]: records, SGF, the readers' bounds and words, the report of a replayed game;
//!    [`caps`]: the caps on a command's work (points x turns), plain numbers in and out;
//!    [`fast_paths`]: faster equivalents of clause functions, for the rules as played
//!    (`variants`), where the literal reading costs the square of the board a turn (each
//!    tested equal to the literal one; plain values in and out);
//! 4. [`spec`]: the literal transcription of the source documents (the oracle), and
//!    [`engine`]: the optimized engine; neither imports the other;
//! 5. [`variants`]: the rules as played ([`variants::Rules`], one rule set for every
//!    family): each transcription wrapped with the rule variants and readings that are not
//!    in its source, and the fast paths (from `fast_paths`) for the legal turns and scores,
//!    tested equal to the literal ones;
//! 6. [`differential`]: compare two rule sets, shrink, generate, campaigns (random,
//!    sharded, exhaustive), findings; [`explain`]: which clauses acted; [`tables`]: the
//!    published tables; [`show`]: pictures of a position; [`bench`](mod@bench):
//!    measurement; none of these imports another;
//! 7. [`conformance`]: conformance vectors, the one verification path for Rust engines,
//!    GTP engines and library adapters, the conformance report, graphgo as a GTP referee;
//!    [`viewer`]: the HTML page that steps through a record (pictures, trace, legal turns);
//! 8. the binary (`src/main.rs`, `src/cli/`): the command line, one file per command.
//!
//! No `unsafe` but in `engine::goban`, which allows it for unchecked reads (its module
//! comment says why, and CI runs its tests under Miri).
#![deny(unsafe_code)]

pub mod rational;
pub mod signals;

pub mod board;

pub mod game;

pub mod caps;
pub mod fast_paths;
pub mod io;

pub mod engine;
pub mod spec;

pub mod variants;

pub mod bench;
pub mod differential;
pub mod explain;
pub mod show;
pub mod tables;

pub mod conformance;
pub mod viewer;
