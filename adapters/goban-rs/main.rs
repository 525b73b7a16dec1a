//! `cargo run --release --example goban-rs -- [--games N] [--seed S] [--vectors DIR]
//! [--out DIR] [--square] [--json]`: verifies the Rust crate `goban`
//! (adapters/goban-rs/engine.rs) against graphgo in process with [`graphgo::conformance::verify::verify`]:
//! the conformance vectors of DIR (default spec/vectors) that apply, then a differential
//! campaign of N games (default 300), each divergence shrunk and, with --out, written there
//! as `goban-rs-NNN.yaml`, `.sgf` and `.vector.yaml` (never over an earlier run's files).
//! `--square` keeps to square grids (the crate's rectangles are wrong: see
//! spec/engines/goban-rs.md). `--json` prints the report as one JSON object
//! ([`graphgo::conformance::verify::VerifyReport::to_json`]) instead of text, for `graphgo conformance` and
//! other tools. Exit status 0 when they agree, 1 on divergences, 2 for bad arguments or
//! vectors.

use std::path::PathBuf;
use std::process::ExitCode;

use graphgo::conformance::verify::{verify, VerifyPlan};

#[path = "engine.rs"]
mod engine;

fn main() -> ExitCode {
    let mut plan = VerifyPlan::new("spec/vectors");
    plan.finding_prefix = "goban-rs".into();
    let mut engine = engine::GobanRs { square_only: false };
    let mut json = false;
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        match flag.as_str() {
            "--square" => {
                engine.square_only = true;
                continue;
            }
            "--json" => {
                json = true;
                continue;
            }
            _ => {}
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
                plan.out = Some(PathBuf::from(v));
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
    if json {
        println!("{}", report.to_json());
    } else {
        print!("{}", report.text());
    }
    let unwritten: Vec<&String> = report
        .campaign
        .findings
        .iter()
        .flat_map(|f| &f.write_errors)
        .collect();
    for e in &unwritten {
        eprintln!("goban-rs: not written: {e}");
    }
    if !unwritten.is_empty() {
        ExitCode::from(2)
    } else if report.passed() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
