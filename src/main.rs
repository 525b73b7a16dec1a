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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Play { file, json } => play(&file, json),
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
