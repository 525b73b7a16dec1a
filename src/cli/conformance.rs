//! `graphgo conformance`: the conformance report over every adapter, or (`--check`) the
//! committed report compared with a fresh run.

use super::fail;
use std::path::PathBuf;
use std::process::ExitCode;

pub(super) fn conformance(check: bool, only: Option<String>, seed: u64, root: PathBuf) -> ExitCode {
    use graphgo::conformance::report;
    let spec = root.join("spec");
    if check && only.is_some() {
        return fail("--check compares the whole report: leave out --only");
    }
    let out = if check {
        let scratch = root.join("target/conformance-check");
        let _ = std::fs::remove_dir_all(&scratch);
        if let Err(e) = std::fs::create_dir_all(&scratch) {
            return fail(format!("{}: {e}", scratch.display()));
        }
        scratch
    } else {
        spec.clone()
    };
    let plan = report::ConformancePlan {
        root: root.clone(),
        out: out.clone(),
        seed,
        only: only.clone(),
    };
    let report = match report::run(&plan, &mut |line| graphgo::out!("{line}")) {
        Ok(r) => r,
        Err(e) => return fail(e),
    };
    if check {
        let _ = report.write(&out, false);
        let problems = report::render::stale(&spec, &report);
        if problems.is_empty() {
            graphgo::outln!("spec/conformance.*: current (the report just run is the committed one, timings left out)");
            return ExitCode::SUCCESS;
        }
        graphgo::errln!(
            "spec/conformance.* is stale: run `graphgo conformance` and commit the report. Differences (the fresh report is in {}):",
            out.display()
        );
        for p in problems {
            graphgo::errln!("  {p}");
        }
        return ExitCode::from(1);
    }
    match report.write(&spec, only.is_some()) {
        Ok(files) => {
            for f in files {
                graphgo::outln!("written: {}", f.display());
            }
            ExitCode::SUCCESS
        }
        Err(e) => fail(e),
    }
}
