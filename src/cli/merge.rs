//! `graphgo merge`: the summaries of a sharded campaign put back together.

use super::fail_as;
use std::path::Path;
use std::path::PathBuf;
use std::process::ExitCode;

pub(super) fn merge(dirs: &[PathBuf], out: Option<&Path>, json: bool) -> ExitCode {
    use graphgo::differential::campaign;
    // The summaries first: a bad one is refused before the output folder is made.
    let mut merged = match campaign::merge(dirs) {
        Ok(m) => m,
        Err(e) => return fail_as(json, None, e),
    };
    let records = match out.map(|_| campaign::kept_records(&merged)).transpose() {
        Ok(r) => r.unwrap_or_default(),
        Err(e) => return fail_as(json, None, e),
    };
    let store = match out
        .map(graphgo::differential::findings::Store::open)
        .transpose()
    {
        Ok(s) => s,
        Err(e) => return fail_as(json, None, format!("--out {e}")),
    };
    if let Some(store) = &store {
        match campaign::write_merged(&mut merged, &records, store) {
            Ok(path) => graphgo::errln!("graphgo merge: wrote {}", path.display()),
            Err(e) if json => {
                graphgo::outln!("{}", graphgo::io::json_error::error(None, &e.to_string()));
                return ExitCode::from(4);
            }
            Err(e) => {
                graphgo::errln!("graphgo merge: {e}");
                return ExitCode::from(4);
            }
        }
    }
    if json {
        graphgo::outln!(
            "{}",
            serde_json::to_string_pretty(&merged).expect("a merged summary prints")
        );
    } else {
        graphgo::out!("{}", merged.text());
    }
    if merged.divergences > 0 {
        ExitCode::from(1)
    } else if !merged.complete() {
        ExitCode::from(5)
    } else {
        ExitCode::SUCCESS
    }
}
