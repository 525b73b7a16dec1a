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
//!
//! `--conformance-row --root ROOT --out OUT --seed S [--configuration NAME]` is how `graphgo
//! conformance` runs this `driver: rust` row (adapters/README.md): the row of
//! `ROOT/adapters/goban-rs/rules.yaml`, in process through
//! [`graphgo::conformance::report::run_in_process`], printed as one line of JSON, with the
//! crate's own plays a second (random moves through `Game::try_play`, no graphgo in the loop).

use std::path::PathBuf;
use std::process::ExitCode;

use graphgo::conformance::verify::{verify, VerifyPlan};

#[path = "engine.rs"]
mod engine;

/// The crate's own speed: random moves through `Game::try_play` on 5x5 for about a second
/// (a new game after 50 attempts); plays a second.
fn own_speed() -> f64 {
    use goban::rules::{GobanSizes, Move, CHINESE};
    let started = std::time::Instant::now();
    let mut state: u64 = 1;
    let mut plays = 0u64;
    while started.elapsed().as_secs_f64() < 1.0 {
        let mut game = goban::rules::game::Game::new(GobanSizes::Custom(5, 5), CHINESE);
        for _ in 0..50 {
            // A small linear congruential generator: the same moves every run.
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let (row, col) = (((state >> 33) % 5) as u8, ((state >> 45) % 5) as u8);
            if game.try_play(Move::Play(row, col)).is_ok() {
                plays += 1;
            }
        }
    }
    plays as f64 / started.elapsed().as_secs_f64()
}

/// `--conformance-row ...`: the report's row, as JSON on standard output.
fn conformance_row(args: &[String]) -> ExitCode {
    use graphgo::conformance::report;
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let root = PathBuf::from(value("--root").unwrap_or_else(|| ".".into()));
    let plan = report::ConformancePlan {
        out: value("--out")
            .map(PathBuf::from)
            .unwrap_or_else(|| root.join("spec")),
        seed: value("--seed").and_then(|s| s.parse().ok()).unwrap_or(1),
        only: None,
        root: root.clone(),
    };
    let declared = match report::declarations(&root.join("adapters")) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("goban-rs: {e}");
            return ExitCode::from(2);
        }
    };
    let configuration = value("--configuration");
    let Some(row) = declared
        .iter()
        .filter(|(_, d)| d.name == "goban-rs")
        .flat_map(|(_, d)| d.rows())
        .find(|r| r.configuration.as_ref().map(|c| &c.name) == configuration.as_ref())
    else {
        eprintln!("goban-rs: no such row in adapters/goban-rs/rules.yaml");
        return ExitCode::from(2);
    };
    let engine = engine::GobanRs { square_only: false };
    match report::run_in_process(&plan, &row, &engine, Some(own_speed()), &mut |l| {
        eprint!("{l}")
    }) {
        Ok(r) => {
            println!("{}", serde_json::to_string(&r).unwrap_or_default());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("goban-rs: {e}");
            ExitCode::from(2)
        }
    }
}

fn main() -> ExitCode {
    let all: Vec<String> = std::env::args().skip(1).collect();
    if all.iter().any(|a| a == "--conformance-row") {
        return conformance_row(&all);
    }
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
