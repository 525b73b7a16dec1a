//! The caps of a record and the reading of its file, or of standard input (`-`), with
//! messages that name it.

use std::fmt;
use std::path::Path;

/// The largest record file read (a documented cap).
pub const MAX_RECORD_BYTES: u64 = 64 * 1024 * 1024;
/// The most turns a record may hold (a documented cap).
pub const MAX_TURNS: usize = 1_000_000;
/// The most prisoners a record may give either player (a documented cap). A game adds at
/// most `MAX_VERTICES` prisoners a turn for at most `MAX_TURNS` turns, so counts that start
/// below this cap never overflow a `u64` (`ggg3:2` adds to P and Q without bound).
pub const MAX_PRISONERS: u64 = 1_000_000_000_000_000_000;

/// A bad input: the message says which field and which value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError(pub String);

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for InputError {}

/// The name that stands for standard input where a record file is expected
/// (`graphgo play -`).
pub const STDIN_PATH: &str = "-";

/// Whether `path` is `-`, standard input.
pub fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == STDIN_PATH
}

/// How messages name an input: its path, or `<stdin>` for `-`.
pub fn input_name(path: &Path) -> String {
    if is_stdin(path) {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

/// The bytes of an input of at most `cap` bytes: the file at `path`, or standard input for
/// `-` (read to its end, refused once it passes the cap, so an endless pipe costs at most
/// `cap` bytes). Errors start with the input's name ([`input_name`]).
pub fn read_input_bytes(path: &Path, cap: u64, what: &str) -> Result<Vec<u8>, InputError> {
    if is_stdin(path) {
        return crate::io::bounded::read_stream(std::io::stdin().lock(), "<stdin>", cap, what, 0);
    }
    crate::io::bounded::read(path, cap, what, crate::io::bounded::Origin::CommandLine)
}

/// `bytes` as UTF-8 text, or a message naming the input and the first byte that is not.
pub fn utf8_text(bytes: Vec<u8>, shown: &str) -> Result<String, InputError> {
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        InputError(format!(
            "{shown}: not UTF-8 text (byte {:#04x} at offset {at})",
            e.as_bytes()[at]
        ))
    })
}

/// The text of an input file of at most `cap` bytes, and whether it is JSON (by its `.json`
/// extension; anything else, standard input included, is YAML, which reads JSON too): the
/// one reader of records and vectors. `-` is standard input. Errors start with the input's
/// name and say what is wrong in the file's terms (too large for a `what`, not UTF-8 and
/// where).
pub fn read_text_file(path: &Path, cap: u64, what: &str) -> Result<(String, bool), InputError> {
    let text = utf8_text(read_input_bytes(path, cap, what)?, &input_name(path))?;
    Ok((text, is_json_path(path)))
}

/// [`read_text_file`] for a file found in a folder walk or named by another file: a regular
/// file only, never waited for ([`crate::io::bounded::Origin::Found`]).
pub fn read_found_text_file(
    path: &Path,
    cap: u64,
    what: &str,
) -> Result<(String, bool), InputError> {
    let bytes = crate::io::bounded::read(path, cap, what, crate::io::bounded::Origin::Found)?;
    Ok((utf8_text(bytes, &input_name(path))?, is_json_path(path)))
}

fn is_json_path(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"))
}
