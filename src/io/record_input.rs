//! The record a command reads: a game record (YAML or JSON) or an SGF file, from a file or,
//! when the command line names it `-`, from standard input, with the same caps and checks as
//! a file ([`crate::io::record::read_input_bytes`]) and messages that name it `<stdin>`.
//!
//! A file says its format by its extension (`.sgf`); standard input has none, so its format
//! is read from its first character: an SGF collection starts with `(`, and a record, a map
//! of fields, never does (`(` cannot open a YAML or JSON map).

use std::path::Path;

use crate::io::record::{
    input_name, is_stdin, read_input_bytes, utf8_text, InputError, Record, MAX_RECORD_BYTES,
};
use crate::io::sgf::MAX_SGF_BYTES;

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
pub fn read(path: &Path) -> Result<RecordInput, InputError> {
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
