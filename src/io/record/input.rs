//! The caps of a record and the reading of its file, or of standard input (`-`), with
//! messages that name it; and the record a command reads ([`read_record_or_sgf`]): a game
//! record (YAML or JSON) or an SGF file, from a file or, when the command line names it `-`,
//! from standard input, with the same caps and checks as a file ([`read_input_bytes`]) and
//! messages that name it `<stdin>`.
//!
//! A file says its format by its extension (`.sgf`); standard input has none, so its format
//! is read from its first character: an SGF collection starts with `(`, and a record, a map
//! of fields, never does (`(` cannot open a YAML or JSON map).

use std::fmt;
use std::path::Path;

use super::Record;
use crate::io::sgf::MAX_SGF_BYTES;

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

/// What a record input holds, by its format.
#[derive(Clone, Debug)]
pub enum RecordInput {
    /// A game record (spec/FORMAT.md), read and typed.
    Record(Box<Record>),
    /// The text of an SGF file, to be played under the rules the command line gives
    /// (`sgf::parse`). Bytes that are not UTF-8 are replaced, as `sgf::load` does: old SGF
    /// files are often Latin-1 in their comments, and the properties read are ASCII.
    Sgf(String),
}

/// Whether `path` names an SGF file by its extension.
pub fn is_sgf_path(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
}

/// Whether text read from standard input is SGF: its first character, after white space and
/// a byte-order mark, is `(`.
pub fn looks_like_sgf(bytes: &[u8]) -> bool {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    bytes
        .iter()
        .find(|b| !b.is_ascii_whitespace())
        .is_some_and(|&b| b == b'(')
}

/// Reads the record at `path` (`-`: standard input). Errors start with the input's name.
pub fn read_record_or_sgf(path: &Path) -> Result<RecordInput, InputError> {
    let shown = input_name(path);
    if !is_stdin(path) {
        if is_sgf_path(path) {
            let bytes = read_input_bytes(path, MAX_SGF_BYTES, "SGF file")?;
            return Ok(RecordInput::Sgf(
                String::from_utf8_lossy(&bytes).into_owned(),
            ));
        }
        return Record::load(path).map(|r| RecordInput::Record(Box::new(r)));
    }
    // Standard input can be read once: read up to the larger cap, then hold it to the cap of
    // the format it turns out to be.
    let bytes = read_input_bytes(path, MAX_RECORD_BYTES.max(MAX_SGF_BYTES), "record")?;
    if looks_like_sgf(&bytes) {
        if bytes.len() as u64 > MAX_SGF_BYTES {
            return Err(InputError(format!(
                "{shown}: {} bytes is over the cap of {MAX_SGF_BYTES} bytes per SGF file",
                bytes.len()
            )));
        }
        return Ok(RecordInput::Sgf(
            String::from_utf8_lossy(&bytes).into_owned(),
        ));
    }
    let text = utf8_text(bytes, &shown)?;
    Record::parse(&text, false)
        .map(|r| RecordInput::Record(Box::new(r)))
        .map_err(|e| InputError(format!("{shown}: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sgf_is_told_from_a_record_by_its_first_character() {
        assert!(looks_like_sgf(b"(;GM[1]SZ[9])"));
        assert!(looks_like_sgf(b"\xEF\xBB\xBF \n (;SZ[9])"));
        assert!(!looks_like_sgf(b"rules: ggg1\nboard: {grid: [3, 3]}\n"));
        assert!(!looks_like_sgf(b"{\"rules\": \"ggg1\"}"));
        assert!(!looks_like_sgf(b""));
    }

    #[test]
    fn a_file_is_sgf_by_its_extension_in_any_case() {
        assert!(is_sgf_path(Path::new("game.sgf")));
        assert!(is_sgf_path(Path::new("GAME.SGF")));
        assert!(!is_sgf_path(Path::new("game.yaml")));
        assert!(!is_sgf_path(Path::new("-")));
    }
}
