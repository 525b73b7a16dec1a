//! The one way a command writes the file the user names for its output (`show -o`,
//! `vectors new -o`, `check --shrink`), by what is at the path:
//!
//! | at the path | what graphgo does |
//! |---|---|
//! | nothing, or a regular file | writes it whole or not at all: a temporary file beside it, then a rename ([`write_atomically`](crate::io::atomic_file::write_atomically)) |
//! | a link to a regular file | the same, at the file the link leads to (the link stays a link) |
//! | a character device or a FIFO (`/dev/null`, `/dev/stdout`, `/dev/full`, a named pipe), or a link to one | writes to it as a stream, as the shell's `>` would: the node is never replaced; a FIFO with no reader waits for one, as `>` does |
//! | a folder, a socket, a block device, a link to nothing | refused before anything is written ([`OutputError::Refused`], exit 2) |
//!
//! Why a stream and not a refusal: `-o /dev/stdout`, `-o /dev/null` and `-o >(gzip > x)`
//! (a pipe) are what users write in scripts, and the shell's `>` gives them the same
//! meaning; what the first hardening round got wrong was replacing the node by a regular
//! file (the rename), never writing into it. A block device is refused because no text
//! output belongs on a disk, and a socket because it cannot be opened as a file. A write
//! that fails (a full disk, `/dev/full`, a reader that went away) is a write error
//! ([`OutputError::Failed`], exit 4).

use std::io::Write as _;
use std::os::unix::fs::FileTypeExt;
use std::path::{Path, PathBuf};

use crate::io::atomic_file::write_atomically;
use crate::io::bounded::kind_word;

/// Why an output was not written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OutputError {
    /// The path is no place to write text (a folder, a socket, a block device, a link to
    /// nothing): nothing was written. Exit status 2.
    Refused(String),
    /// Writing failed (a full disk, no permission, a reader that went away). Exit status 4.
    Failed(String),
}

impl OutputError {
    /// The exit status: 2 for a refused path, 4 for a failed write.
    pub fn status(&self) -> u8 {
        match self {
            OutputError::Refused(_) => 2,
            OutputError::Failed(_) => 4,
        }
    }

    /// The message, starting with the path.
    pub fn message(&self) -> &str {
        match self {
            OutputError::Refused(m) | OutputError::Failed(m) => m,
        }
    }
}

impl std::fmt::Display for OutputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.message())
    }
}

/// How [`write`] wrote the output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Written {
    /// Replaced or created this regular file, whole.
    File(PathBuf),
    /// Wrote into a device or a FIFO as a stream.
    Stream,
}

/// Whether [`write`] writes to `path` as a stream: a character device or a FIFO is there,
/// or a link to one (a command writes no file beside such an output).
pub fn is_stream(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| {
        let kind = m.file_type();
        kind.is_fifo() || kind.is_char_device()
    })
}

/// Writes `text` to the output the user named `path` (see the module's table).
pub fn write(path: &Path, text: &str) -> Result<Written, OutputError> {
    let shown = path.display();
    let failed = |e: std::io::Error| OutputError::Failed(format!("{shown}: cannot write: {e}"));
    let refused = |kind: &str| {
        OutputError::Refused(format!(
            "{shown}: cannot write: it is {kind}; graphgo writes its output to a regular file, a character device or a FIFO"
        ))
    };
    let here = match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return write_atomically(path, text)
                .map(|()| Written::File(path.to_path_buf()))
                .map_err(failed)
        }
        Err(e) => return Err(failed(e)),
        Ok(m) => m,
    };
    let (target, meta) = if here.file_type().is_symlink() {
        match std::fs::metadata(path) {
            // The file the link leads to is replaced (its folder holds the temporary);
            // a device or a FIFO is opened through the link itself (`/proc/self/fd/1`
            // leads to `pipe:[N]`, which is no path).
            Ok(m) if m.is_file() => (std::fs::canonicalize(path).map_err(failed)?, m),
            Ok(m) => (path.to_path_buf(), m),
            Err(_) => {
                let to = std::fs::read_link(path)
                    .map(|t| t.display().to_string())
                    .unwrap_or_default();
                return Err(OutputError::Refused(format!(
                    "{shown}: cannot write: it is a link to nothing ({to}); name the file itself"
                )));
            }
        }
    } else {
        (path.to_path_buf(), here)
    };
    let kind = meta.file_type();
    if kind.is_file() {
        return write_atomically(&target, text)
            .map(|()| Written::File(target.clone()))
            .map_err(failed);
    }
    if kind.is_fifo() || kind.is_char_device() {
        // As the shell's `>`: open what is there (never create or replace it), write.
        let mut stream = std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(failed)?;
        stream.write_all(text.as_bytes()).map_err(failed)?;
        stream.flush().map_err(failed)?;
        return Ok(Written::Stream);
    }
    Err(refused(kind_word(kind)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_replaced_devices_written_and_folders_refused() {
        let dir = std::env::temp_dir().join(format!("graphgo-output-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("a.svg");
        assert_eq!(write(&file, "one"), Ok(Written::File(file.clone())));
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "one");
        // A link to a file: the file is replaced, the link stays.
        let link = dir.join("link.svg");
        std::os::unix::fs::symlink("a.svg", &link).unwrap();
        write(&link, "two").unwrap();
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "two");
        // A link to a device: written through, never replaced.
        let null = dir.join("null");
        std::os::unix::fs::symlink("/dev/null", &null).unwrap();
        assert_eq!(write(&null, "three"), Ok(Written::Stream));
        assert!(std::fs::symlink_metadata(&null)
            .unwrap()
            .file_type()
            .is_symlink());
        let e = write(&dir, "x").unwrap_err();
        assert_eq!(e.status(), 2);
        assert!(e.message().contains("it is a folder"), "{e}");
        let dangling = dir.join("dangling");
        std::os::unix::fs::symlink("nowhere/x", &dangling).unwrap();
        let e = write(&dangling, "x").unwrap_err();
        assert!(e.message().contains("a link to nothing (nowhere/x)"), "{e}");
        if Path::new("/dev/full").exists() {
            // Through a link, so that a regression would replace the link, not the device.
            let full = dir.join("full");
            std::os::unix::fs::symlink("/dev/full", &full).unwrap();
            let e = write(&full, "x").unwrap_err();
            assert_eq!(e.status(), 4, "{e}");
            assert!(e.message().contains("cannot write"), "{e}");
            assert!(std::fs::symlink_metadata(&full)
                .unwrap()
                .file_type()
                .is_symlink());
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
