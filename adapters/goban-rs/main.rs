//! `cargo run --release --example goban-rs -- [--games N] [--seed S] [--vectors DIR]
//! [--out DIR] [--square]`: verifies the Rust crate `goban` (adapters/goban-rs/engine.rs)
//! against graphgo in process with [`graphgo::verify::verify`]: the conformance vectors of
//! DIR (default spec/vectors) that apply, then a differential campaign of N games (default
//! 300), each divergence shrunk and, with --out, written there as a record and a vector.
//! `--square` keeps to square grids (the crate's rectangles are wrong: see
//! spec/engines/goban-rs.md). Exit status 0 when they agree, 1 on divergences, 2 for bad
//! arguments or vectors.

use std::path::PathBuf;
use std::process::ExitCode;

use graphgo::verify::{verify, Plan};

#[path = "engine.rs"]
mod engine;

fn main() -> ExitCode {
    let mut plan = Plan::new("spec/vectors");
    let mut out: Option<PathBuf> = None;
    let mut engine = engine::GobanRs { square_only: false };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        if flag == "--square" {
            engine.square_only = true;
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
                 --vectors DIR, --out DIR, --square)",
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
    print!("{}", report.text());
    if let Some(dir) = out.filter(|_| !report.campaign.findings.is_empty()) {
        if let Err(e) = std::fs::create_dir_all(&dir) {
            eprintln!("goban-rs: {}: {e}", dir.display());
            return ExitCode::from(2);
        }
        for f in &report.campaign.findings {
            for (suffix, text) in [("yaml", &f.record), ("vector.yaml", &f.vector)] {
                let file = dir.join(format!("goban-rs-{:03}.{suffix}", f.index));
                if let Err(e) = std::fs::write(&file, text) {
                    eprintln!("goban-rs: {}: {e}", file.display());
                    return ExitCode::from(2);
                }
                println!("written: {}", file.display());
            }
        }
    }
    if report.passed() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
