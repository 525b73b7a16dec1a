//! `graphgo verify-gtp`: another engine, driven over GTP, verified against graphgo.

use super::{fail_as, SgfRules};
use std::path::PathBuf;
use std::process::ExitCode;

#[allow(clippy::too_many_arguments)]
pub(super) fn verify_gtp(
    sizes: Vec<usize>,
    games: usize,
    max_turns: usize,
    seed: u64,
    [timeout, startup]: [f64; 2],
    komi: &str,
    out: PathBuf,
    max_findings: usize,
    shrink_budget: usize,
    flags: &SgfRules,
    engine: &[String],
    json: bool,
) -> ExitCode {
    use graphgo::conformance::gtp;
    let options = match flags.read() {
        Ok((_, o)) => o,
        Err(e) => return fail_as(json, None, e),
    };
    if let Some(&bad) = sizes
        .iter()
        .find(|&&s| !(2..=gtp::MAX_GTP_SIZE).contains(&s))
    {
        return fail_as(
            json,
            None,
            format!(
                "--size: {bad} is not a board side from 2 to {}",
                gtp::MAX_GTP_SIZE
            ),
        );
    }
    for (flag, secs) in [("--timeout", timeout), ("--startup-timeout", startup)] {
        if !(secs.is_finite() && secs > 0.0 && secs <= 3600.0) {
            return fail_as(
                json,
                None,
                format!("{flag}: {secs} is not a number of seconds from 0 to 3600"),
            );
        }
    }
    let komi = match graphgo::rational::parse(komi) {
        Ok(k) => k,
        Err(e) => return fail_as(json, None, format!("--komi: {e}")),
    };
    let timeout = std::time::Duration::from_secs_f64(timeout);
    let startup = std::time::Duration::from_secs_f64(startup);
    let plan = graphgo::conformance::verify::VerifyPlan {
        vectors: None,
        seed,
        games: games as u64,
        shrink_budget,
        games_on: graphgo::conformance::verify::Games::SquareGrids { sides: sizes },
        options: Some(options),
        komi: Some(komi),
        max_turns: Some(max_turns),
        time_budget: None,
        turn_budget: None,
        max_findings,
        out: Some(out),
        finding_prefix: "gtp".into(),
        signals: graphgo::differential::findings::Signals::watch(),
    };
    // --out is checked before any work: a writable folder (created if missing).
    if let Err(e) =
        graphgo::differential::findings::Store::open(plan.out.as_deref().expect("given"))
    {
        return fail_as(json, None, format!("--out: {e}"));
    }
    let scratch = std::env::temp_dir();
    let rules = match gtp::GtpRules::spawn(engine, [startup, timeout], Some(options), &scratch) {
        Ok(r) => r,
        Err(f) => {
            if json {
                let failed = serde_json::json!({ "engine": engine.join(" "), "passed": false, "failure": f.to_json() });
                graphgo::outln!(
                    "{}",
                    serde_json::to_string_pretty(&failed).expect("JSON always serialises")
                );
            } else {
                graphgo::errln!("graphgo verify-gtp: {f}");
            }
            return ExitCode::from(3);
        }
    };
    rules.prepare_for(&plan);
    if !json {
        graphgo::outln!(
            "graphgo verify-gtp: {} against graphgo (ggg1, self-capture {}, repetition {}); {}; seed {seed}",
            engine.join(" "),
            word(options.self_capture),
            options.repetition.word(),
            graphgo::conformance::verify::EngineUnderTest::methods(&rules)
        );
    }
    let mut progress = |line: &str| {
        if !json {
            graphgo::out!("{line}");
        }
    };
    let report = match graphgo::conformance::verify::verify_with(&rules, &plan, &mut progress) {
        Ok(r) => r,
        Err(e) => return fail_as(json, None, e),
    };
    if json {
        graphgo::outln!(
            "{}",
            serde_json::to_string_pretty(&report.to_json()).expect("JSON always serialises")
        );
    } else {
        let c = &report.campaign;
        graphgo::outln!(
            "{} games, {} turns, {} disagreement{}",
            c.games,
            c.turns,
            c.findings.len(),
            if c.findings.len() == 1 { "" } else { "s" }
        );
        if let Some(signal) = plan.signals.name() {
            graphgo::outln!("interrupted by {signal}: the summary so far");
        }
        if let Some(f) = &report.failure {
            graphgo::outln!("ENGINE FAILURE: {f}");
        } else if c.games == 0 && plan.signals.caught().is_none() {
            graphgo::outln!(
                "ENGINE FAILURE: no game could be played (every board size was refused)"
            );
        }
    }
    if let Some(status) = plan.signals.exit_status() {
        return ExitCode::from(status);
    }
    if report.failure.is_some() || report.campaign.games == 0 {
        return ExitCode::from(3);
    }
    if report
        .campaign
        .findings
        .iter()
        .any(|f| !f.write_errors.is_empty())
    {
        graphgo::errln!(
            "graphgo verify-gtp: some findings could not be written (see NOT WRITTEN above)"
        );
        return ExitCode::from(1);
    }
    if report.campaign.findings.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// An option's value in the format's words (`all`, `none`: its name in a record), never
/// the name of the Rust value (`All`, `None`).
fn word(value: impl serde::Serialize) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}
