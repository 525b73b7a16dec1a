//! The one reader of input files: every file graphgo reads (records, SGF files, vectors,
//! campaign summaries, the records a summary names, `loadsgf`) goes through [`read`], which
//! counts the bytes it actually reads against the cap, never the size the file reports: a
//! device (`/dev/zero`, `/dev/urandom`), a FIFO fed by `yes`, or a file of `/proc` (which
//! all report a size of 0) is refused as soon as it passes the cap, with at most the cap
//! (and one buffer) in memory.
//!
//! How graphgo came to the path ([`Origin`]) decides what it may be: a path the user named
//! on the command line is read as `cat` reads it, so a FIFO or a device works and a FIFO
//! with no writer waits for one (the only read that may wait); a path found in a folder
//! walk ([`crate::io::walk`]) or named by a file graphgo did not write in this run
//! ([`crate::io::inside`]) must be a regular file, opened without waiting (`O_NONBLOCK`,
//! then the open file itself is checked, so that no file swapped in between can make it
//! wait).

use std::fs::{File, FileType, Metadata, OpenOptions};
use std::io::Read;
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::path::Path;

use crate::io::record::{input_name, InputError};

/// How graphgo came to a path it reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Named on the command line: a regular file, a device or a FIFO, read as `cat` reads
    /// it (a FIFO with no writer waits for one).
    CommandLine,
    /// Found in a folder walk, or named by a file graphgo did not write in this run: a
    /// regular file only, and never waited for.
    Found,
}

/// The bytes read at a time.
const CHUNK: usize = 64 * 1024;

/// What a file that is not a regular file is, in the words of `ls` and `find`.
pub fn kind_word(kind: FileType) -> &'static str {
    if kind.is_dir() {
        "a folder"
    } else if kind.is_fifo() {
        "a FIFO"
    } else if kind.is_char_device() {
        "a character device"
    } else if kind.is_block_device() {
        "a block device"
    } else if kind.is_socket() {
        "a socket"
    } else if kind.is_symlink() {
        "a symbolic link"
    } else {
        "a regular file"
    }
}

/// The bytes of the file at `path` (not `-`: standard input is read by
/// [`read_stream`]), refused once more than `cap` bytes were read. `what` names the
/// file in the format's words (`record`, `SGF file`, `vector`, `campaign summary`).
/// Errors start with the path.
pub fn read(path: &Path, cap: u64, what: &str, origin: Origin) -> Result<Vec<u8>, InputError> {
    let (file, meta) = open(path, cap, what, origin)?;
    let hint = if meta.file_type().is_file() {
        meta.len()
    } else {
        0
    };
    read_stream(file, &input_name(path), cap, what, hint)
}

/// Opens the file at `path` for [`read`] and checks what it is: a folder is refused, and
/// with [`Origin::Found`] anything but a regular file; a regular file that says it is
/// larger than `cap` is refused without reading it (a size it reports below the cap
/// proves nothing: files of /proc report 0, so [`read`] holds the cap on the bytes read).
pub fn open(
    path: &Path,
    cap: u64,
    what: &str,
    origin: Origin,
) -> Result<(File, Metadata), InputError> {
    let shown = input_name(path);
    let cannot = |e: std::io::Error| InputError(format!("{shown}: cannot read: {e}"));
    let mut options = OpenOptions::new();
    options.read(true);
    if origin == Origin::Found {
        // A FIFO opened for reading waits for a writer; with O_NONBLOCK it opens at once,
        // and is refused below as not a regular file.
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(cannot)?;
    let meta = file.metadata().map_err(cannot)?;
    let kind = meta.file_type();
    if kind.is_dir() {
        return Err(InputError(format!(
            "{shown}: cannot read: it is a folder, not a {what}"
        )));
    }
    if origin == Origin::Found && !kind.is_file() {
        return Err(InputError(format!(
            "{shown}: cannot read: it is {}, not a regular file (in a folder, or named by a file, graphgo reads regular files only)",
            kind_word(kind)
        )));
    }
    if kind.is_file() && meta.len() > cap {
        return Err(InputError(format!(
            "{shown}: {} bytes is over the cap of {cap} bytes per {what}",
            meta.len()
        )));
    }
    Ok((file, meta))
}

/// Reads `reader` to its end, refusing it once more than `cap` bytes came: the memory held
/// is at most `cap + 1` bytes and one chunk, whatever the reader. `hint` is the size the
/// file reports (only where to start the buffer). Errors start with `shown`.
pub fn read_stream(
    reader: impl Read,
    shown: &str,
    cap: u64,
    what: &str,
    hint: u64,
) -> Result<Vec<u8>, InputError> {
    let limit = cap.saturating_add(1);
    let mut reader = reader.take(limit);
    let mut bytes: Vec<u8> = Vec::new();
    let mut chunk = vec![0u8; CHUNK];
    let out_of_memory = || InputError(format!("{shown}: cannot read: out of memory"));
    bytes
        .try_reserve_exact(usize::try_from(hint.min(limit)).unwrap_or(CHUNK))
        .map_err(|_| out_of_memory())?;
    loop {
        let n = match reader.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(InputError(format!("{shown}: cannot read: {e}"))),
        };
        if bytes.capacity() - bytes.len() < n {
            // Double, but never past the cap: the buffer holds at most cap + 1 bytes (the
            // reader gives no more than that, so `len + n` is within it).
            let room = usize::try_from(limit).unwrap_or(usize::MAX);
            let want = bytes
                .capacity()
                .saturating_mul(2)
                .clamp(bytes.len() + n, room.max(bytes.len() + n));
            bytes
                .try_reserve_exact(want - bytes.len())
                .map_err(|_| out_of_memory())?;
        }
        bytes.extend_from_slice(&chunk[..n]);
    }
    if bytes.len() as u64 > cap {
        return Err(InputError(format!(
            "{shown}: more than {cap} bytes is over the cap of {cap} bytes per {what}"
        )));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_endless_reader_is_refused_at_the_cap_with_the_cap_in_memory() {
        let endless = std::io::repeat(b'x');
        let e = read_stream(endless, "zeros", 1000, "record", 0).unwrap_err();
        assert_eq!(
            e.0,
            "zeros: more than 1000 bytes is over the cap of 1000 bytes per record"
        );
        let ok = read_stream(&b"abc"[..], "small", 3, "record", 3).unwrap();
        assert_eq!(ok, b"abc");
        assert!(read_stream(&b"abcd"[..], "big", 3, "record", 0).is_err());
    }

    #[test]
    fn a_device_is_read_by_its_bytes_and_refused_when_found() {
        let zero = Path::new("/dev/zero");
        if !zero.exists() {
            return;
        }
        let e = read(zero, 1 << 20, "record", Origin::CommandLine).unwrap_err();
        assert!(e.0.contains("more than 1048576 bytes"), "{e}");
        let e = read(zero, 1 << 20, "record", Origin::Found).unwrap_err();
        assert!(
            e.0.contains("a character device, not a regular file"),
            "{e}"
        );
        let e = read(Path::new("/"), 1 << 20, "record", Origin::CommandLine).unwrap_err();
        assert!(e.0.contains("it is a folder, not a record"), "{e}");
    }
}
