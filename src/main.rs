//! The `graphgo` command line.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use graphgo::record::Record;
use graphgo::replay::replay;
use graphgo::spec::Spec;

#[derive(Parser)]
#[command(
    name = "graphgo",
    version,
    about = "The rules of Go as mathematicians write them, on any graph"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Replay a game record (YAML or JSON) under its rules: every turn, the final position, the result.
    /// Exit status 0 when every turn is legal, 1 at an illegal turn, 2 for bad input.
    Play {
        /// The record file.
        file: PathBuf,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Measure the engine, single thread: light random playouts (ns per move, playouts per
    /// second, mean moves and Black's win rate at komi 7.5), and the transcription replaying
    /// the same games.
    Bench {
        /// Playouts per grid suite.
        #[arg(long, default_value_t = 20_000)]
        playouts: u64,
        /// Grid sizes (repeat or comma-separate: --size 9,19).
        #[arg(long, value_delimiter = ',', default_values_t = [9, 19])]
        size: Vec<usize>,
        /// Suites to run: light, ggg1, graph, spec (comma-separated).
        #[arg(long, value_delimiter = ',', default_values_t = ["light".to_string(), "ggg1".to_string(), "graph".to_string(), "spec".to_string()])]
        suites: Vec<String>,
        /// Vertices of the random graph (average degree about 4).
        #[arg(long, default_value_t = 1_000_000)]
        graph_vertices: usize,
        /// Games the transcription replays.
        #[arg(long, default_value_t = 3)]
        replay_games: usize,
        /// Seed of the playouts' random numbers.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Play { file, json } => play(&file, json),
        Command::Bench {
            playouts,
            size,
            suites,
            graph_vertices,
            replay_games,
            seed,
        } => bench(playouts, size, &suites, graph_vertices, replay_games, seed),
    }
}

fn fail(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("graphgo: {message}");
    ExitCode::from(2)
}

fn play(file: &Path, json: bool) -> ExitCode {
    let game = match Record::load(file).and_then(|r| {
        r.game()
            .map_err(|e| graphgo::record::InputError(format!("{}: {e}", file.display())))
    }) {
        Ok(g) => g,
        Err(e) => return fail(e),
    };
    let report = match replay(&Spec, &game) {
        Ok(r) => r,
        Err(e) => return fail(format!("{}: {e}", file.display())),
    };
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(&report.to_json(&game)).expect("JSON values print")
        );
    } else {
        print!("{}", report.to_text(&game));
    }
    if report.illegal.is_some() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn bench(
    playouts: u64,
    sizes: Vec<usize>,
    suites: &[String],
    graph_vertices: usize,
    replay_games: usize,
    seed: u64,
) -> ExitCode {
    const KNOWN: [&str; 4] = ["light", "ggg1", "graph", "spec"];
    if let Some(bad) = suites.iter().find(|s| !KNOWN.contains(&s.as_str())) {
        return fail(format!(
            "--suites: unknown suite '{bad}' (known: {})",
            KNOWN.join(", ")
        ));
    }
    if let Some(&bad) = sizes.iter().find(|&&s| !(2..=2048).contains(&s)) {
        return fail(format!("--size: {bad} is not a board size from 2 to 2048"));
    }
    let on = |name: &str| suites.iter().any(|s| s == name);
    let plan = graphgo::bench::BenchPlan {
        playouts,
        sizes,
        light: on("light"),
        ggg1: on("ggg1"),
        graph_vertices: if on("graph") { graph_vertices } else { 0 },
        replay_games: if on("spec") { replay_games } else { 0 },
        seed,
    };
    graphgo::bench::run(&plan, &Spec, &mut |line| println!("{line}"));
    ExitCode::SUCCESS
}
