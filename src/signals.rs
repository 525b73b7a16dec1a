//! SIGINT and SIGTERM, the one way graphgo honours them (`spec/FORMAT.md`, "Caps"): a
//! command that has something to finish cleanly (a summary to print, a file to write whole
//! or not at all) calls [`watch`] once; the first signal then sets a process-wide flag, and
//! every long loop of the library (a replay's turns, the viewer's positions, the vectors'
//! derivations, the comparer's turns, a campaign's games) asks [`interrupted`] at least once
//! a second of work and stops with [`Interrupted`]; the command exits with the shell's
//! status for the signal (128 + its number: 130, 143) and removes any temporary file it was
//! writing. A second signal ends the process at once, for a command stuck where it does not
//! look. A command that never calls [`watch`] keeps the signals' default action: it ends at
//! once, and it has nothing half written (its outputs are standard output, and the files
//! it writes are written whole by a rename).
//!
//! The flag is process-wide (the `signal-hook` crate sets it from the handler), so that a
//! loop anywhere can ask it without the signal being threaded through every call.

use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

/// The signal caught (its number), 0 while none was.
fn caught_flag() -> &'static Arc<AtomicUsize> {
    static CAUGHT: OnceLock<Arc<AtomicUsize>> = OnceLock::new();
    CAUGHT.get_or_init(|| Arc::new(AtomicUsize::new(0)))
}

/// Starts catching SIGINT and SIGTERM (once per process; later calls do nothing). Where the
/// handlers cannot be installed, the signals keep their default action (the process ends)
/// and a warning says so.
pub fn watch() {
    static WATCHING: OnceLock<()> = OnceLock::new();
    WATCHING.get_or_init(|| {
        use signal_hook::consts::{SIGINT, SIGTERM};
        let again = Arc::new(AtomicBool::new(false));
        for signal in [SIGINT, SIGTERM] {
            // Registered first, so that it runs before the flag below is set: it ends the
            // process only when a signal came before.
            let installed = signal_hook::flag::register_conditional_shutdown(
                signal,
                128 + signal,
                Arc::clone(&again),
            )
            .and_then(|_| signal_hook::flag::register(signal, Arc::clone(&again)))
            .and_then(|_| {
                signal_hook::flag::register_usize(
                    signal,
                    Arc::clone(caught_flag()),
                    signal as usize,
                )
            });
            if let Err(e) = installed {
                // Not eprintln!, which panics when standard error is gone.
                use std::io::Write as _;
                let _ = writeln!(
                    std::io::stderr(),
                    "graphgo: cannot catch signal {signal}: {e}"
                );
            }
        }
    });
}

/// The signal caught, if any.
pub fn caught() -> Option<i32> {
    match caught_flag().load(Ordering::Relaxed) {
        0 => None,
        s => Some(s as i32),
    }
}

/// A long computation stopped because a signal was caught.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interrupted(pub i32);

impl Interrupted {
    /// The signal's name: `SIGINT`, `SIGTERM`.
    pub fn name(self) -> String {
        name(self.0)
    }

    /// The exit status a shell reports for a process ended by the signal: 128 + its number.
    pub fn exit_status(self) -> u8 {
        (128 + self.0).clamp(0, 255) as u8
    }
}

impl fmt::Display for Interrupted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "interrupted by {}", self.name())
    }
}

impl std::error::Error for Interrupted {}

/// `Err` once a signal was caught: what every long loop asks.
pub fn interrupted() -> Result<(), Interrupted> {
    match caught() {
        None => Ok(()),
        Some(s) => Err(Interrupted(s)),
    }
}

/// A signal's name (`SIGINT`, `SIGTERM`).
pub fn name(signal: i32) -> String {
    match signal {
        2 => "SIGINT".to_string(),
        15 => "SIGTERM".to_string(),
        other => format!("signal {other}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_signal_no_interruption_and_the_words_of_one() {
        assert_eq!(interrupted(), Ok(()));
        assert_eq!(Interrupted(15).to_string(), "interrupted by SIGTERM");
        assert_eq!(Interrupted(2).exit_status(), 130);
        assert_eq!(Interrupted(15).exit_status(), 143);
    }
}
