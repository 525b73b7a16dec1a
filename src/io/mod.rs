//! Files in and out: game records in graphgo's own format ([`record`]) and in SGF
//! ([`sgf`]), the linear pre-scans and the format's words that every reader's refusals go
//! through ([`input_scan`], [`input_words`]), a record named on the command line, from a
//! file or standard input ([`record_input`]), a failure as JSON for `--json`
//! ([`json_error`]), and the report of a game replayed through any
//! [`RuleSet`](crate::game::RuleSet) ([`replay`]).
//!
//! Below the rule sets: nothing here knows the transcription or the engine.

pub mod atomic_file;
pub mod input_scan;
pub mod input_words;
pub mod json_error;
pub mod record;
pub mod record_input;
pub mod replay;
pub mod sgf;
