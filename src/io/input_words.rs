//! Parse errors in the format's words: serde's messages name Rust types ("expected usize",
//! "struct Record", "invalid type: map"); the reader of a record or vector should instead
//! learn what the field needs as spec/FORMAT.md describes it. [`field_error`] translates
//! every message serde's derive and serde_json's values produce, by its shape, with the
//! field's path from serde_path_to_error; [`read_json`] reads JSON refusing a key given
//! twice (as YAML does, and as the format promises for both).

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value};
use std::fmt;

/// What a Rust type's name in serde's "expected …" means in the format's words.
fn expected_words(expected: &str) -> String {
    let e = expected.trim();
    // `struct Record with 10 elements`: serde's words for a struct read from a list.
    let e = e.split(" with ").next().unwrap_or(e);
    let known = match e {
        "u8" => "a whole number from 0 to 255",
        "u16" => "a whole number from 0 to 65535",
        "u32" => "a whole number from 0 to 4294967295",
        "u64" | "usize" | "u128" => "a whole number (0 or more)",
        "i8" | "i16" | "i32" | "i64" | "isize" | "i128" => "a whole number",
        "f32" | "f64" => "a number",
        "a string" | "a borrowed string" | "string" => "text",
        "a boolean" | "bool" => "true or false",
        "a character" | "char" => "one character",
        "a sequence" | "sequence" => "a list",
        "a map" | "map" => "a map of fields",
        "unit" | "null" => "nothing (null)",
        "fewer elements in array" | "fewer elements in map" => "a shorter list (it has too many items)",
        "struct Record" => "a map of the record's fields (rules, board, moves, ...)",
        "enum RecordBoard" | "string or map" => "a map with one key naming the board (grid, torus, cylinder, moebius, klein, cube, path, cycle, complete, graph, digraph, directed_cycle, one_way_grid, space)",
        _ => "",
    };
    if !known.is_empty() {
        return known.to_string();
    }
    if let Some(n) = e
        .strip_prefix("an array of length ")
        .or_else(|| e.strip_prefix("a tuple of size "))
        .or_else(|| e.strip_prefix("a sequence of length "))
    {
        return format!("a list of {n} items");
    }
    if e.starts_with("struct ") || e.starts_with("tuple struct ") {
        return "a map of fields".into();
    }
    if e.starts_with("enum ") || e.starts_with("variant identifier") {
        return "one of the names this field takes".into();
    }
    if e.starts_with("field identifier") {
        return "a field name".into();
    }
    if e.starts_with("option") || e.starts_with("Option") {
        return "a value".into();
    }
    // Our own visitors already say it in the format's words ("a vertex name ...").
    e.to_string()
}

/// What serde's "invalid type: …" names as the value found, in the format's words.
fn found_words(found: &str) -> String {
    let f = found.trim();
    // A whole number past the largest integer is read as a float (JSON): said as the
    // number it is, never as 1.8446744073709552e19 or 18446744073709552000.
    if let Some(v) = f.strip_prefix("floating point ") {
        let v = v.trim_matches('`');
        if let Ok(x) = v.parse::<f64>() {
            if x >= 18_446_744_073_709_551_616.0 {
                return format!("{v}, over 18446744073709551615 (too large to read)");
            }
            if x < -9_223_372_036_854_775_808.0 {
                return format!("{v}, under -9223372036854775808 (too large to read)");
            }
        }
    }
    for (prefix, shown) in [
        ("integer ", ""),
        ("floating point ", ""),
        ("boolean ", ""),
        ("char ", ""),
        ("string ", "the text "),
    ] {
        if let Some(v) = f.strip_prefix(prefix) {
            let v = v.trim_matches('`');
            return format!("{shown}{v}");
        }
    }
    match f {
        "map" => "a map".into(),
        "sequence" => "a list".into(),
        "unit value" | "null" | "unit" => "nothing (null)".into(),
        "Option value" => "a value".into(),
        "newtype struct" | "enum" | "unit variant" | "newtype variant" | "tuple variant"
        | "struct variant" => "a tagged value".into(),
        other => other.to_string(),
    }
}

/// `` `a`, `b` `` as `a, b`.
fn names(list: &str) -> String {
    list.replace('`', "")
}

/// A serde error at `path` (serde_path_to_error's form, `.` for the top level) in the
/// format's words: `field 'board.grid[1]': must be a whole number (0 or more), got -3`.
pub fn field_error(path: &str, message: &str) -> String {
    let at = if path == "." || path.is_empty() {
        "the top level".to_string()
    } else {
        format!("field '{path}'")
    };
    let m = message.trim();
    let body = if let Some(rest) = m
        .strip_prefix("invalid type: ")
        .or_else(|| m.strip_prefix("invalid value: "))
    {
        match rest.split_once(", expected ") {
            Some((found, expected)) => format!(
                "must be {}, got {}",
                expected_words(expected),
                found_words(found)
            ),
            None => rest.to_string(),
        }
    } else if let Some(rest) = m.strip_prefix("invalid length ") {
        match rest.split_once(", expected ") {
            Some((_, expected)) if expected.starts_with("struct ") => {
                format!("must be {}, got a list", expected_words(expected))
            }
            Some((n, expected)) => {
                let items = if n == "1" { "item" } else { "items" };
                format!(
                    "must be {}, got a list of {n} {items}",
                    expected_words(expected)
                )
            }
            None => format!("a list of the wrong length ({rest})"),
        }
    } else if let Some(rest) = m.strip_prefix("unknown field ") {
        match rest.split_once(", expected one of ") {
            Some((field, known)) => {
                format!(
                    "unknown field {field} (the fields here are {})",
                    names(known)
                )
            }
            None => match rest.split_once(", expected ") {
                Some((field, known)) => {
                    format!(
                        "unknown field {field} (the only field here is {})",
                        names(known)
                    )
                }
                None => format!(
                    "unknown field {}",
                    rest.replace(", there are no fields", "")
                ),
            },
        }
    } else if let Some(rest) = m.strip_prefix("unknown variant ") {
        match rest.split_once(", expected one of ") {
            Some((v, known)) => format!("{v} is not one of {}", names(known)),
            None => match rest.split_once(", expected ") {
                Some((v, known)) => format!("{v} is not {}", names(known)),
                None => format!("{} is not a name this field takes", rest),
            },
        }
    } else if m.starts_with("data did not match any variant of untagged enum ") {
        if m.ends_with("RecordThreshold") {
            "must be an interval as text (\"z >= 1\") or a list of them".to_string()
        } else {
            "is not in any of the forms this field takes".to_string()
        }
    } else {
        m.to_string()
    };
    if at == "the top level" && body.starts_with("missing field") {
        // "missing field `board`" says it all at the top level.
        return body;
    }
    format!("{at}: {body}")
}

/// A serde_norway error in the format's words (the libyaml errors are already in YAML's;
/// the ones serde_norway adds name its own limits).
pub fn yaml_error(e: &serde_norway::Error, text: &str) -> String {
    let m = e.to_string();
    let at = e
        .location()
        .map(|l| format!(" at line {} column {}", l.line(), l.column()))
        .unwrap_or_default();
    if let Some(key) = m.strip_prefix("duplicate entry with key ") {
        let key = key.trim_matches('"');
        // serde_norway gives the place of the map, not of the key: the key's line is looked
        // up in the text, the map's place said when that fails.
        let from = e.location().map_or(1, |l| l.line());
        let place = match second_key_line(text, key, from) {
            Some(l) => format!(" at line {l}"),
            None if !at.is_empty() => format!(" in the map{at}"),
            None => String::new(),
        };
        return format!("the key '{key}' is given twice{place}; each key appears once in a map");
    }
    if m.contains("more than one document") {
        return "more than one YAML document (a line '---' or '...' inside the file); a file holds one"
            .into();
    }
    if m.starts_with("recursion limit exceeded") {
        return format!(
            "lists and maps nested too deep{at} (the cap on nesting is {})",
            crate::io::input_scan::MAX_NESTING
        );
    }
    if m.starts_with("repetition limit exceeded") {
        return "aliases (*name) expand to too many values (the YAML reader's cap)".into();
    }
    if let Some(said) = yaml_big_integer(&m, &at) {
        return said;
    }
    m
}

/// What a YAML value is, in the format's words (for a key that is not text).
pub fn yaml_kind(value: &serde_norway::Value) -> String {
    use serde_norway::Value as Y;
    match value {
        Y::Null => "nothing (null)".into(),
        Y::Bool(_) => "true or false".into(),
        Y::Number(_) => "a number".into(),
        Y::String(_) => "text".into(),
        Y::Sequence(_) => "a list".into(),
        Y::Mapping(_) => "a map".into(),
        Y::Tagged(t) => format!("a tagged value ({})", t.tag),
    }
}

/// serde_norway's words for a whole number that fits no integer it reads
/// (`invalid type: integer `18446744073709551616` as u128, expected any YAML value`), in
/// the format's: the number as written and the largest one read.
fn yaml_big_integer(message: &str, place: &str) -> Option<String> {
    let (field, rest) = match message.split_once(": invalid type: integer `") {
        Some((f, r)) => (Some(f), r),
        None => (None, message.strip_prefix("invalid type: integer `")?),
    };
    let (number, rest) = rest.split_once('`')?;
    if !(rest.starts_with(" as u128") || rest.starts_with(" as i128")) {
        return None;
    }
    let at = field.map_or("the top level".to_string(), |f| format!("field '{f}'"));
    Some(format!(
        "{at}{place}: {number} is too large a whole number to read (from -9223372036854775808 to 18446744073709551615); a komi this large is written as text, such as \"{number}\""
    ))
}

/// The line of the second `key:` in `text` from line `from` on, where the map starts (a
/// best guess for a duplicate's place: the YAML reader gives the map's, not the key's).
fn second_key_line(text: &str, key: &str, from: usize) -> Option<usize> {
    let mut seen = 0;
    for (n, line) in text.lines().enumerate().skip(from.saturating_sub(1)) {
        for (i, _) in line.match_indices(key) {
            let before = line[..i].chars().last();
            let starts = !matches!(before, Some(c) if !" \t{,-?\"'".contains(c));
            let after = &line[i + key.len()..];
            let after = after
                .strip_prefix('"')
                .or_else(|| after.strip_prefix('\''))
                .unwrap_or(after);
            if starts && after.starts_with(':') {
                seen += 1;
                if seen == 2 {
                    return Some(n + 1);
                }
            }
        }
    }
    None
}

/// A JSON value whose maps were checked for keys given twice.
struct UniqueKeys(Value);

impl<'de> Deserialize<'de> for UniqueKeys {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<UniqueKeys, D::Error> {
        d.deserialize_any(UniqueKeysVisitor)
    }
}

struct UniqueKeysVisitor;

impl<'de> Visitor<'de> for UniqueKeysVisitor {
    type Value = UniqueKeys;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys(Value::Bool(v)))
    }
    fn visit_i64<E>(self, v: i64) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys(v.into()))
    }
    fn visit_u64<E>(self, v: u64) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys(v.into()))
    }
    fn visit_f64<E>(self, v: f64) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys(
            Number::from_f64(v).map_or(Value::Null, Value::Number),
        ))
    }
    fn visit_str<E>(self, v: &str) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys(Value::String(v.to_string())))
    }
    fn visit_string<E>(self, v: String) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys(Value::String(v)))
    }
    fn visit_unit<E>(self) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys(Value::Null))
    }
    fn visit_none<E>(self) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys(Value::Null))
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<UniqueKeys, D::Error> {
        UniqueKeys::deserialize(d)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<UniqueKeys, A::Error> {
        let mut out = Vec::new();
        while let Some(UniqueKeys(v)) = seq.next_element()? {
            out.push(v);
        }
        Ok(UniqueKeys(Value::Array(out)))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<UniqueKeys, A::Error> {
        let mut out = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if out.contains_key(&key) {
                return Err(de::Error::custom(format!(
                    "the key '{key}' is given twice; each key appears once in a map"
                )));
            }
            let UniqueKeys(v) = map.next_value()?;
            out.insert(key, v);
        }
        Ok(UniqueKeys(Value::Object(out)))
    }
}

/// Reads JSON text into a value, refusing a key given twice in a map (serde_json keeps the
/// last one); the message says where (serde_json adds the line and column).
pub fn read_json(text: &str) -> Result<Value, serde_json::Error> {
    let mut d = serde_json::Deserializer::from_str(text);
    let UniqueKeys(v) = UniqueKeys::deserialize(&mut d)?;
    d.end()?;
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serde_messages_in_the_format_words() {
        let cases = [
            (
                "board.grid[1]",
                "invalid value: integer `-3`, expected usize",
                "field 'board.grid[1]': must be a whole number (0 or more), got -3",
            ),
            (
                "board",
                "invalid type: sequence, expected enum RecordBoard",
                "field 'board': must be a map with one key naming the board",
            ),
            (
                ".",
                "invalid type: sequence, expected struct Record",
                "the top level: must be a map of the record's fields",
            ),
            (
                "board.grid",
                "invalid length 3, expected an array of length 2",
                "field 'board.grid': must be a list of 2 items, got a list of 3 items",
            ),
            (
                "rules",
                "invalid type: map, expected a string",
                "field 'rules': must be text, got a map",
            ),
            (
                "options.neutral",
                "unknown variant `maybe`, expected one of `both`, `none`",
                "field 'options.neutral': `maybe` is not one of both, none",
            ),
        ];
        for (path, message, want) in cases {
            let got = field_error(path, message);
            assert!(got.starts_with(want), "{message}: {got}");
        }
    }

    #[test]
    fn numbers_too_large_to_read_are_said_as_numbers() {
        // Issue 27 case 12 and 15: 1.8446744073709552e19, "as u128".
        let got = field_error(
            "board.path",
            "invalid type: floating point `1.8446744073709552e19`, expected usize",
        );
        assert_eq!(
            got,
            "field 'board.path': must be a whole number (0 or more), got 1.8446744073709552e19, over 18446744073709551615 (too large to read)"
        );
        let said = yaml_big_integer(
            "komi: invalid type: integer `18446744073709551616` as u128, expected any YAML value at line 3 column 7",
            " at line 3 column 7",
        )
        .unwrap();
        assert!(
            said.starts_with(
                "field 'komi' at line 3 column 7: 18446744073709551616 is too large a whole number"
            ),
            "{said}"
        );
        assert!(!said.contains("u128"));
        let key = serde_norway::from_str::<serde_norway::Value>("[grid]").unwrap();
        assert_eq!(yaml_kind(&key), "a list");
    }

    #[test]
    fn json_key_given_twice() {
        let e = read_json("{\"a\": 1,\n \"a\": 2}").unwrap_err().to_string();
        assert!(
            e.contains("'a' is given twice") && e.contains("line 2"),
            "{e}"
        );
        assert!(read_json("{\"a\": {\"a\": 1}, \"b\": [{\"a\": 2}]}").is_ok());
    }
}
