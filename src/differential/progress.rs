//! How far `graphgo check` has got in a long game, on standard error: a bar when standard
//! error is a terminal, plain lines (at most one a second, and one at the end) when the
//! caller asks for progress on a pipe or a file, and nothing otherwise. Standard output is
//! never touched, so the report (and any machine-read output) stays as it was.

use std::io::IsTerminal as _;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

/// The display of turns compared out of a game's turns.
pub struct TurnProgress {
    total: usize,
    shown: Shown,
}

enum Shown {
    Nothing,
    Bar(ProgressBar),
    /// Plain lines: when the run started and when the last line was written.
    Lines {
        started: Instant,
        last: Instant,
    },
}

/// The least time between two plain lines.
const LINE_EVERY: Duration = Duration::from_secs(1);

impl TurnProgress {
    /// A display for a game of `total` turns: a bar on a terminal (when `bar_allowed`, or
    /// `asked`); with `asked` (the `--progress` flag) plain lines elsewhere; else nothing.
    pub fn new(total: usize, asked: bool, bar_allowed: bool) -> TurnProgress {
        let shown = if std::io::stderr().is_terminal() && (bar_allowed || asked) {
            let bar = ProgressBar::new(total as u64);
            bar.set_style(
                ProgressStyle::with_template("{bar:40} {pos}/{len} turns compared {elapsed}")
                    .expect("a fixed template")
                    .progress_chars("=> "),
            );
            Shown::Bar(bar)
        } else if asked {
            let now = Instant::now();
            Shown::Lines {
                started: now,
                last: now,
            }
        } else {
            Shown::Nothing
        };
        TurnProgress { total, shown }
    }

    /// `done` turns of the game have been compared.
    pub fn turn(&mut self, done: usize) {
        match &mut self.shown {
            Shown::Nothing => {}
            Shown::Bar(bar) => bar.set_position(done as u64),
            Shown::Lines { started, last } => {
                if last.elapsed() >= LINE_EVERY {
                    *last = Instant::now();
                    crate::errln!(
                        "graphgo check: {done}/{} turns compared ({:.1} s)",
                        self.total,
                        started.elapsed().as_secs_f64()
                    );
                }
            }
        }
    }

    /// The comparison stopped after `done` turns (all of them, or at a divergence).
    pub fn finish(self, done: usize) {
        match self.shown {
            Shown::Nothing => {}
            Shown::Bar(bar) => bar.finish_and_clear(),
            Shown::Lines { started, .. } => crate::errln!(
                "graphgo check: {done}/{} turns compared in {:.1} s",
                self.total,
                started.elapsed().as_secs_f64()
            ),
        }
    }
}
