//! The `graphgo` command line.
//!
//! The commands live in `cli/`, one file each; this file only starts them.

mod cli;

fn main() -> std::process::ExitCode {
    cli::run()
}
