//! Files written whole or not at all: every file graphgo writes (findings, summaries,
//! records, reports) goes through a temporary file in the same folder and a rename, so that
//! no reader ever sees half a file and no temporary is left behind when a write fails. The
//! temporaries carry the writer's process id, so that the findings store
//! (`differential::findings::Store::open`) can remove those of a process that was killed.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Temporary files are named `.NAME.graphgo-PID-N.tmp`: hidden, and with the writer's
/// process id, so that a later run can tell those of a dead process from those in use.
pub const TEMPORARY_TAG: &str = ".graphgo-";

pub fn temporary_name(name: &str) -> String {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    format!(".{name}{TEMPORARY_TAG}{}-{n}.tmp", std::process::id())
}

/// Writes `text` to a new temporary file beside `path` (flushed to the disk, so that the
/// rename after it never publishes an empty file after a crash); the temporary's path.
pub fn write_temporary(path: &Path, text: &str) -> std::io::Result<PathBuf> {
    let dir = folder_of(path);
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let temporary = dir.join(temporary_name(&name));
    let written = (|| {
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temporary)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()
    })();
    match written {
        Ok(()) => Ok(temporary),
        Err(e) => {
            let _ = std::fs::remove_file(&temporary);
            Err(e)
        }
    }
}

fn folder_of(path: &Path) -> &Path {
    path.parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// Writes `text` to `path` through a temporary file in the same folder and a rename, so
/// that the file is never seen half written and no temporary file is left behind when the
/// write fails. Creates the folder if needed. Replaces `path` if it is a regular file: for
/// a file the caller owns (a summary, a record it wrote before); new findings go through
/// `Store::publish_new` (in the differential layer, above this one). Anything else at the
/// path (a device, a FIFO, a socket, a folder, a link) is never replaced: an error of kind
/// `InvalidInput` says what it is (the output the user names goes through
/// [`crate::io::output::write`], which writes into devices and FIFOs and follows links).
pub fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    refuse_other_than_a_file(path)?;
    std::fs::create_dir_all(folder_of(path))?;
    let temporary = write_temporary(path, text)?;
    // Checked again just before the rename, which is what would replace the node.
    if let Err(e) = refuse_other_than_a_file(path) {
        let _ = std::fs::remove_file(&temporary);
        return Err(e);
    }
    std::fs::rename(&temporary, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&temporary);
    })
}

/// An error when something other than a regular file is at `path` (nothing there is fine).
fn refuse_other_than_a_file(path: &Path) -> std::io::Result<()> {
    match std::fs::symlink_metadata(path) {
        Ok(m) if !m.file_type().is_file() => Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!(
                "it is {}; graphgo replaces regular files only",
                crate::io::bounded::kind_word(m.file_type())
            ),
        )),
        _ => Ok(()),
    }
}
