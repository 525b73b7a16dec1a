//! `graphgo gtp`: graphgo as a GTP engine that referees.

use super::{fail, SgfRules};
use std::process::ExitCode;

/// `graphgo gtp`: the GTP referee on standard input and output (`src/conformance/gtp_referee.rs`).
pub(super) fn gtp_referee(flags: SgfRules, seed: u64, sgf_folder: std::path::PathBuf) -> ExitCode {
    let (rules, options) = match flags.read() {
        Ok(r) => r,
        Err(e) => return fail(e),
    };
    let config = graphgo::conformance::gtp_referee::RefereeRules {
        rules,
        options,
        seed,
        sgf_folder,
    };
    match graphgo::conformance::gtp_referee::serve_stdio(config) {
        Ok(()) => ExitCode::SUCCESS,
        // The controller's pipes failed: a read or write error, not bad input.
        Err(e) => {
            graphgo::errln!("graphgo: {e}");
            ExitCode::from(4)
        }
    }
}
