//! Standard output and standard error written without a panic: Rust's `print!` and
//! `eprint!` panic when the write fails (`graphgo play REC > /dev/full`: "failed printing
//! to stdout", exit 101). Every command prints through [`outln!`](crate::outln),
//! [`out!`](crate::out) and [`errln!`](crate::errln) instead: the first error on standard
//! output is kept (and nothing more is written there), and the command line's dispatch
//! asks [`finish`] at the end, which flushes and turns a failed write into a write error
//! (exit status 4, "graphgo: standard output: cannot write: ..."). A failed write to
//! standard error is dropped: there is nowhere left to say it, and the exit status still
//! tells.
//!
//! A reader that goes away (`graphgo play REC | head -1`) is different: the commands that
//! only print take SIGPIPE's default action (the command line's dispatch, with the
//! `sigpipe` crate) and end quietly, as Unix tools do (status 141 in a shell); the two that
//! drive engines (`verify-gtp`, `conformance`) ignore SIGPIPE, so for them it is a write
//! error too (exit 4).

use std::fmt;
use std::io::Write as _;
use std::sync::Mutex;

/// The first error of a write to standard output.
static FAILED: Mutex<Option<String>> = Mutex::new(None);

/// Writes to standard output, unless an earlier write failed; keeps the first error.
pub fn write_out(args: fmt::Arguments<'_>) {
    let mut failed = FAILED.lock().unwrap_or_else(|p| p.into_inner());
    if failed.is_some() {
        return;
    }
    if let Err(e) = std::io::stdout().lock().write_fmt(args) {
        *failed = Some(e.to_string());
    }
}

/// Writes to standard error; a failure is dropped (see the module's comment).
pub fn write_err(args: fmt::Arguments<'_>) {
    let _ = std::io::stderr().lock().write_fmt(args);
}

/// Whether a write to standard output has failed (long commands may stop early).
pub fn failed() -> bool {
    FAILED.lock().unwrap_or_else(|p| p.into_inner()).is_some()
}

/// Flushes standard output; the first write error, as the message the command line prints
/// ("standard output: cannot write: ..."), when a write failed.
pub fn finish() -> Result<(), String> {
    let mut failed = FAILED.lock().unwrap_or_else(|p| p.into_inner());
    if failed.is_none() {
        if let Err(e) = std::io::stdout().lock().flush() {
            *failed = Some(e.to_string());
        }
    }
    match &*failed {
        None => Ok(()),
        Some(e) => Err(format!("standard output: cannot write: {e}")),
    }
}

/// `println!` that never panics ([`write_out`]).
#[macro_export]
macro_rules! outln {
    () => {
        $crate::io::stdout::write_out(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::io::stdout::write_out(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// `print!` that never panics ([`write_out`]).
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::io::stdout::write_out(format_args!($($arg)*))
    };
}

/// `eprintln!` that never panics ([`write_err`]).
#[macro_export]
macro_rules! errln {
    () => {
        $crate::io::stdout::write_err(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::io::stdout::write_err(format_args!("{}\n", format_args!($($arg)*)))
    };
}
