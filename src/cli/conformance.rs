//! `graphgo conformance`: the conformance report over every adapter.

use super::fail;
use std::path::PathBuf;
use std::process::ExitCode;

pub(super) fn conformance(budget: u64, only: Option<String>, seed: u64, root: PathBuf) -> ExitCode {
    use graphgo::conformance::report;
    if budget == 0 {
        return fail("--budget: 0 is not a number of seconds (at least 1)".to_string());
    }
    let plan = report::ConformancePlan {
        root: root.clone(),
        budget,
        seed,
        only: only.clone(),
    };
    let report = match report::run(&plan, &mut |line| graphgo::out!("{line}")) {
        Ok(r) => r,
        Err(e) => return fail(e),
    };
    match report.write(&root, only.is_some()) {
        Ok(files) => {
            for f in files {
                graphgo::outln!("written: {}", f.display());
            }
            ExitCode::SUCCESS
        }
        Err(e) => fail(e),
    }
}
