//! `graphgo merge`: the summaries of a sharded campaign put back together.

use super::fail_as;
use std::path::Path;
use std::path::PathBuf;
use std::process::ExitCode;

pub(super) fn merge(dirs: &[PathBuf], out: Option<&Path>, json: bool) -> ExitCode {
    use graphgo::differential::campaign;
    let store = match out
        .map(graphgo::differential::findings::Store::open)
        .transpose()
    {
        Ok(s) => s,
        Err(e) => return fail_as(json, None, format!("--out {e}")),
    };
    let mut merged = match campaign::merge(dirs) {
        Ok(m) => m,
        Err(e) => return fail_as(json, None, e),
    };
    if let Some(store) = &store {
        match campaign::write_merged(&mut merged, store) {
            Ok(path) => eprintln!("graphgo merge: wrote {}", path.display()),
            Err(e) if json => {
                println!("{}", graphgo::io::json_error::error(None, &e.to_string()));
                return ExitCode::from(4);
            }
            Err(e) => {
                eprintln!("graphgo merge: {e}");
                return ExitCode::from(4);
            }
        }
    }
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(&merged).expect("a merged summary prints")
        );
    } else {
        print!("{}", merged.text());
    }
    if merged.divergences > 0 {
        ExitCode::from(1)
    } else if !merged.complete() {
        ExitCode::from(5)
    } else {
        ExitCode::SUCCESS
    }
}
