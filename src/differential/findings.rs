//! Where findings go: one store for every command that writes them (`fuzz`, `vectors`,
//! `verify-gtp`), so that no finding is ever lost or overwritten.
//!
//! - [`Store::open`] checks the output folder before any work: it is created if missing,
//!   and a folder that is a file or cannot be written to is refused with a message naming
//!   the path and why (the commands exit 2 then).
//! - Every file is written through a temporary file in the same folder and a rename
//!   ([`write_atomically`](crate::io::atomic_file::write_atomically)), so that no reader ever sees half a file; a temporary file is
//!   removed whenever its write fails, and the temporary files of a process that was killed
//!   outright (`SIGKILL`, a lost machine) are removed by the next [`Store::open`] of the
//!   folder.
//! - [`Store::publish_new`] never replaces a file it did not write in this run: a name
//!   already taken gets a suffix (`-2`, `-3`, ...), unless the file there holds exactly the
//!   same text (a campaign resumed after a lost machine writes the same finding again).
//! - [`signature`] names what kind of bug a divergence shows (the rules, the clause, the
//!   kind of difference), so that a campaign keeps one shrunk record per signature and a
//!   count, not one file per game.
//! - [`Signals`]: SIGINT and SIGTERM set a flag that long loops poll (the process-wide
//!   one of `crate::signals`), so that a campaign finishes the write in progress, prints its summary so far
//!   and exits 130 or 143 (128 + the signal's number, as shells report it).

use std::io::Write as _;
use std::path::{Path, PathBuf};

use crate::differential::compare::{Difference, Divergence, Verdict};
use crate::game::{Setup, Turn};
use crate::io::atomic_file::{temporary_name, write_temporary, TEMPORARY_TAG};

/// A checked output folder.
#[derive(Clone, Debug)]
pub struct Store {
    dir: PathBuf,
}

impl Store {
    /// Checks that `dir` is a folder this process can write to, creating it if missing; a
    /// message naming the path and why otherwise. Removes the temporary files that dead
    /// processes left there.
    pub fn open(dir: &Path) -> Result<Store, String> {
        let shown = dir.display();
        if dir.exists() && !dir.is_dir() {
            return Err(format!(
                "{shown}: the output folder is a file, not a folder"
            ));
        }
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("{shown}: cannot create the output folder: {e}"))?;
        let probe = dir.join(temporary_name("probe"));
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&probe)
            .and_then(|mut f| f.write_all(b"graphgo"))
            .map_err(|e| {
                let _ = std::fs::remove_file(&probe);
                format!("{shown}: cannot write in the output folder: {e}")
            })?;
        std::fs::remove_file(&probe)
            .map_err(|e| format!("{shown}: cannot remove a file in the output folder: {e}"))?;
        let store = Store {
            dir: dir.to_path_buf(),
        };
        store.remove_dead_temporaries();
        Ok(store)
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Writes a new file `STEM.EXT` (or `STEM-2.EXT`, `STEM-3.EXT`, ... when the name is
    /// taken by another text) without ever replacing an existing file; its path. A file
    /// that already holds exactly `text` is kept and its path returned.
    pub fn publish_new(&self, stem: &str, ext: &str, text: &str) -> std::io::Result<PathBuf> {
        let temporary = write_temporary(&self.dir.join(format!("{stem}.{ext}")), text)?;
        let result = (|| {
            for k in 1u64.. {
                let name = if k == 1 {
                    format!("{stem}.{ext}")
                } else {
                    format!("{stem}-{k}.{ext}")
                };
                let path = self.dir.join(name);
                // A hard link is created only where no file is: no other run's file is
                // ever replaced, even by a run writing into the same folder at once.
                match std::fs::hard_link(&temporary, &path) {
                    Ok(()) => return Ok(path),
                    Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                        // Read as a found file: a FIFO or a device put at the name is
                        // never waited on, and no more than the text's length is read.
                        if crate::io::bounded::read(
                            &path,
                            text.len() as u64,
                            "finding",
                            crate::io::bounded::Origin::Found,
                        )
                        .is_ok_and(|b| b == text.as_bytes())
                        {
                            return Ok(path);
                        }
                    }
                    // A file system without hard links: check, then rename.
                    Err(_) if !path.exists() => {
                        return std::fs::rename(&temporary, &path).map(|()| path)
                    }
                    Err(_) => {}
                }
            }
            unreachable!("some suffix is free")
        })();
        let _ = std::fs::remove_file(&temporary);
        result
    }

    /// The first of `STEM`, `STEM-2`, `STEM-3`, ... for which no file `STEM.EXT` exists
    /// for any of `exts`: a name for a finding written as several files (a record, an SGF
    /// file, a vector).
    pub fn free_stem(&self, stem: &str, exts: &[&str]) -> String {
        (1u64..)
            .map(|k| {
                if k == 1 {
                    stem.to_string()
                } else {
                    format!("{stem}-{k}")
                }
            })
            .find(|s| {
                exts.iter()
                    .all(|e| !self.dir.join(format!("{s}.{e}")).exists())
            })
            .expect("some suffix is free")
    }

    /// Removes `.NAME.graphgo-PID-N.tmp` files whose process is gone (Linux: no
    /// `/proc/PID`); elsewhere, or when unsure, leaves them.
    fn remove_dead_temporaries(&self) {
        let Ok(entries) = std::fs::read_dir(&self.dir) else {
            return;
        };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let Some(rest) = name
                .strip_suffix(".tmp")
                .filter(|_| name.starts_with('.'))
                .and_then(|n| n.rsplit_once(TEMPORARY_TAG))
                .map(|(_, r)| r.to_string())
            else {
                continue;
            };
            let Some(pid) = rest.split('-').next().and_then(|p| p.parse::<u32>().ok()) else {
                continue;
            };
            let proc = Path::new("/proc");
            if pid != std::process::id() && proc.is_dir() && !proc.join(pid.to_string()).exists() {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
}

/// What kind of bug a divergence shows, in one line: the rules, the kind of difference, and
/// the clause a side refuses under (or the part of the game the sides show differently).
/// Two games with the same signature are taken to show the same bug: the campaign keeps the
/// first one's shrunk record and counts the others.
pub fn signature(setup: &Setup, divergence: &Divergence) -> String {
    let [a, b] = &divergence.sides;
    let rules = setup.rules.name();
    let verdict = |v: &Verdict| match v {
        Verdict::Played => "plays".to_string(),
        Verdict::Refused(i) => format!("refuses under {}", i.clause),
        Verdict::Panicked(_) => "panics".to_string(),
    };
    let kind = match &divergence.difference {
        Difference::Start { a: x, b: y } => format!(
            "start: {a} {}, {b} {}",
            if x.is_ok() { "starts" } else { "cannot start" },
            if y.is_ok() { "starts" } else { "cannot start" }
        ),
        Difference::Verdict { turn, a: x, b: y } => format!(
            "verdict on a {}: {a} {}, {b} {}",
            turn_kind(turn),
            verdict(x),
            verdict(y)
        ),
        Difference::Observation { a: x, b: y } => {
            let mut parts = Vec::new();
            if x.position != y.position {
                parts.push("position");
            }
            if x.to_move != y.to_move {
                parts.push("player to move");
            }
            if x.prisoners != y.prisoners {
                parts.push("prisoners");
            }
            if x.scores != y.scores {
                parts.push("scores");
            }
            if x.result != y.result {
                parts.push("result");
            }
            format!("observation: {}", parts.join(", "))
        }
        Difference::LegalTurns { a: x, b: y } => {
            let kinds = |p: &[Turn], q: &[Turn]| -> String {
                let mut k: Vec<&str> = p.iter().filter(|t| !q.contains(t)).map(turn_kind).collect();
                k.sort_unstable();
                k.dedup();
                if k.is_empty() {
                    "nothing".into()
                } else {
                    k.join(", ")
                }
            };
            format!(
                "legal turns: only {a} allows {}; only {b} allows {}",
                kinds(x, y),
                kinds(y, x)
            )
        }
        Difference::Panic { during, a: x, b: y } => format!(
            "panic in {during}: {}",
            match (x, y) {
                (Some(_), Some(_)) => format!("{a} and {b}"),
                (Some(_), None) => a.clone(),
                _ => b.clone(),
            }
        ),
    };
    format!("{rules} | {kind}")
}

/// `graphgo check --json`: the record, the two sides, the number of turns, and whether they
/// agree; when they do not, the divergence (the turns given to both before it showed, its
/// signature as campaigns group findings, and the description `graphgo check` prints).
/// The caller adds `shrunk` (the files written) when it shrinks.
pub fn check_verdict(
    file: &str,
    sides: [&str; 2],
    game: &crate::io::record::Game,
    divergence: Option<&Divergence>,
) -> serde_json::Value {
    use serde_json::json;
    let divergence = divergence.map(|d| {
        json!({
            "after_turns": d.turns,
            "signature": signature(&game.setup, d),
            "description": d.describe(game.setup.turn_names()),
        })
    });
    json!({
        "file": file,
        "sides": sides,
        "turns": game.turns.len(),
        "agree": divergence.is_none(),
        "divergence": divergence,
    })
}

/// The kind of a turn, in the words of the records.
fn turn_kind(turn: &Turn) -> &'static str {
    match turn {
        Turn::Move { .. } => "move",
        Turn::Pass { .. } => "pass",
        Turn::Resign { .. } => "resignation",
        Turn::Komi { .. } => "komi",
        Turn::ChooseColour { .. } => "colour choice",
        Turn::DeleteHistory { .. } => "history deletion",
        Turn::Bid { .. } => "bid",
        Turn::Ignore { .. } => "ignore",
        Turn::KoWinner { .. } => "ko winner",
        Turn::Reset { .. } => "reset",
    }
}

/// SIGINT and SIGTERM caught as a flag (the process-wide one of [`crate::signals`]): the
/// first one asks the running command to stop at the next point where nothing is half
/// written; a second one ends the process at once (exit 130 or 143), for a command stuck
/// where it does not look.
#[derive(Clone, Debug, Default)]
pub struct Signals {
    /// False for [`Signals::none`]: signals that never come.
    live: bool,
}

impl Signals {
    /// Starts catching SIGINT and SIGTERM ([`crate::signals::watch`]). Where the handlers
    /// cannot be installed, the signals keep their default action (the process ends) and a
    /// warning says so.
    pub fn watch() -> Signals {
        crate::signals::watch();
        Signals { live: true }
    }

    /// Signals that never come (for library callers and tests).
    pub fn none() -> Signals {
        Signals::default()
    }

    /// The signal caught, if any.
    pub fn caught(&self) -> Option<i32> {
        self.live.then(crate::signals::caught).flatten()
    }

    /// The signal's name (SIGINT, SIGTERM), if one was caught.
    pub fn name(&self) -> Option<String> {
        self.caught().map(|s| match s {
            2 => "SIGINT".to_string(),
            15 => "SIGTERM".to_string(),
            other => format!("signal {other}"),
        })
    }

    /// The exit status a shell reports for a process ended by the signal: 128 + its number.
    pub fn exit_status(&self) -> Option<u8> {
        self.caught().map(|s| (128 + s).clamp(0, 255) as u8)
    }
}
