//! `cargo run --release --example goban-rs -- [--games N] [--seed S] [--vectors DIR]
//! [--out DIR] [--square]`: verifies the Rust crate `goban` (adapters/goban-rs/engine.rs)
//! against graphgo in process with [`graphgo::verify::verify`]: the conformance vectors of
//! DIR (default spec/vectors) that apply, then a differential campaign of N games (default
//! 300), each divergence shrunk and, with --out, written there as a record and a vector.
//! `--square` keeps to square grids (the crate's rectangles are wrong: see
//! spec/engines/goban-rs.md). `--json` prints one JSON object instead of the text report,
//! for `graphgo conformance` and other tools: `engine`, `vectors` (`passed`, `failed`,
//! `skipped`, and `failures`: `id`, `file`, `clauses`, `why`), `campaign` (`seed`, `games`,
//! `turns`, `unsupported`, `findings`: `index`, `clause`, `turns`, `files`), `passed`.
//! Exit status 0 when they agree, 1 on divergences, 2 for bad arguments or vectors.

use std::path::PathBuf;
use std::process::ExitCode;

use graphgo::verify::{verify, Plan};

#[path = "engine.rs"]
mod engine;

fn main() -> ExitCode {
    let mut plan = Plan::new("spec/vectors");
    let mut out: Option<PathBuf> = None;
    let mut engine = engine::GobanRs { square_only: false };
    let mut json = false;
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        if flag == "--square" {
            engine.square_only = true;
            continue;
        }
        if flag == "--json" {
            json = true;
            continue;
        }
        let value = args.next();
        let parsed = match (flag.as_str(), value.as_deref()) {
            ("--games", Some(v)) => v.parse().map(|n| plan.games = n).is_ok(),
            ("--seed", Some(v)) => v.parse().map(|s| plan.seed = s).is_ok(),
            ("--vectors", Some(v)) => {
                plan.vectors = Some(PathBuf::from(v));
                true
            }
            ("--out", Some(v)) => {
                out = Some(PathBuf::from(v));
                true
            }
            _ => false,
        };
        if !parsed {
            eprintln!(
                "goban-rs: bad argument '{flag} {}' (expected --games N, --seed S, \
                 --vectors DIR, --out DIR, --square, --json)",
                value.unwrap_or_default()
            );
            return ExitCode::from(2);
        }
    }
    let report = match verify(&engine, &plan) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("goban-rs: {e}");
            return ExitCode::from(2);
        }
    };
    if !json {
        print!("{}", report.text());
    }
    let mut written: Vec<Vec<String>> = vec![Vec::new(); report.campaign.findings.len()];
    if let Some(dir) = out.filter(|_| !report.campaign.findings.is_empty()) {
        if let Err(e) = std::fs::create_dir_all(&dir) {
            eprintln!("goban-rs: {}: {e}", dir.display());
            return ExitCode::from(2);
        }
        for (f, files) in report.campaign.findings.iter().zip(&mut written) {
            for (suffix, text) in [("yaml", &f.record), ("vector.yaml", &f.vector)] {
                let file = dir.join(format!("goban-rs-{:03}.{suffix}", f.index));
                // A finding is never overwritten: an existing file keeps its content.
                if file.exists() {
                    eprintln!("goban-rs: {} exists: not overwritten", file.display());
                    return ExitCode::from(2);
                }
                if let Err(e) = std::fs::write(&file, text) {
                    eprintln!("goban-rs: {}: {e}", file.display());
                    return ExitCode::from(2);
                }
                if !json {
                    println!("written: {}", file.display());
                }
                files.push(file.display().to_string());
            }
        }
    }
    if json {
        println!("{}", report_json(&report, &written));
    }
    if report.passed() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// The report as one JSON object (the fields are listed in the module comment).
fn report_json(report: &graphgo::verify::Report, written: &[Vec<String>]) -> serde_json::Value {
    use graphgo::vectors::Outcome;
    let outcomes: Vec<(&graphgo::vectors::VectorRun, &Outcome)> = report
        .vectors
        .runs
        .iter()
        .filter_map(|run| run.outcomes.first().map(|(_, o)| (run, o)))
        .collect();
    let count = |pick: fn(&Outcome) -> bool| outcomes.iter().filter(|(_, o)| pick(o)).count();
    let failures: Vec<serde_json::Value> = outcomes
        .iter()
        .filter_map(|(run, o)| match o {
            Outcome::Fail(why) => Some(serde_json::json!({
                "id": run.id,
                "file": run.file.display().to_string(),
                "clauses": run.clauses,
                "why": why,
            })),
            _ => None,
        })
        .collect();
    let findings: Vec<serde_json::Value> = report
        .campaign
        .findings
        .iter()
        .zip(written)
        .map(|(f, files)| {
            serde_json::json!({
                "index": f.index,
                "clause": f.clause,
                "turns": f.game.turns.len(),
                "files": files,
            })
        })
        .collect();
    serde_json::json!({
        "engine": report.engine,
        "vectors": {
            "passed": count(|o| matches!(o, Outcome::Pass | Outcome::PassVerdicts(_))),
            "failed": count(Outcome::is_fail),
            "skipped": count(|o| matches!(o, Outcome::Skip(_))),
            "failures": failures,
        },
        "campaign": {
            "seed": report.campaign.seed,
            "games": report.campaign.games,
            "turns": report.campaign.turns,
            "unsupported": report.campaign.unsupported,
            "findings": findings,
        },
        "passed": report.passed(),
    })
}
