//! Files in and out: game records in graphgo's own format ([`record`]) and in SGF
//! ([`sgf`]), the linear pre-scans and the format's words that every reader's refusals go
//! through ([`input_scan`], [`input_words`]), a record or SGF file named on the command
//! line, from a file or standard input ([`record::read_record_or_sgf`]), a failure as JSON
//! for `--json` ([`json_error`]), and the report of a game replayed through any
//! [`RuleSet`](crate::game::RuleSet) ([`replay`]), written a piece at a time when it is
//! big ([`json_stream`]).
//!
//! Where files are read and written, one mechanism each, used by every command: the one
//! reader, bounded by the bytes it reads ([`bounded`]); the one folder walk ([`walk`]);
//! names read from a file kept inside their folder ([`inside`]); the output a user names,
//! written into a device or a FIFO and never replaced ([`output`]); files graphgo keeps,
//! written whole ([`atomic_file`]); standard output whose failure is a write error, not a
//! panic ([`stdout`]).
//!
//! Below the rule sets: nothing here knows the transcription or the engine.

pub mod atomic_file;
pub mod bounded;
pub mod input_scan;
pub mod input_words;
pub mod inside;
pub mod json_error;
pub mod json_stream;
pub mod output;
pub mod record;
pub mod replay;
pub mod sgf;
pub mod stdout;
pub mod walk;
