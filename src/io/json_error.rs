//! A failure as one JSON object, for the commands' `--json` mode (spec/FORMAT.md, "Errors
//! as JSON"): `{"error": {"file", "field", "value", "message"}}` on the standard output, in
//! place of the text line on the standard error, read from the message graphgo's readers
//! already write (the input's name, the field, the quoted value).

use std::path::Path;

use serde_json::{json, Value};

/// A failure as JSON: `{"error": {"file", "field", "value", "message"}}`.
///
/// The messages of graphgo's readers start with the input's name and name the field as
/// `field 'moves[3]'` (records, vectors), `property SZ` (SGF) or the flag (`--size`), and
/// quote the offending value: `file`, `field` and `value` are read from the message in that
/// shape, and are null when it names none. `file` is the input when the caller knows it
/// (its name then leaves the message), else a leading `NAME: ` that is a file on disk or
/// `<stdin>`. `message` is the rest, in the same words as the text output.
pub fn error(file: Option<&str>, message: &str) -> Value {
    let (file, message) = split_file(file, message);
    let (field, value) = field_and_value(message);
    json!({"error": {"file": file, "field": field, "value": value, "message": message}})
}

/// A command-line usage error (an unknown flag, a value clap cannot read) as [`error`]'s
/// object: `field` is the flag or argument, `value` the value given, `message` clap's first
/// line without its `error: ` prefix.
pub fn usage_error(e: &clap::Error) -> Value {
    use clap::error::{ContextKind, ContextValue};
    let context = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => Some(s.clone()),
        Some(ContextValue::Strings(v)) => v.first().cloned(),
        _ => None,
    };
    let rendered = e.render().to_string();
    let first = rendered.lines().next().unwrap_or_default();
    let message = first.strip_prefix("error: ").unwrap_or(first);
    // clap names a flag with its value's placeholder (`--seed <SEED>`): the flag alone.
    let field = context(ContextKind::InvalidArg)
        .map(|a| a.split_whitespace().next().unwrap_or_default().to_string());
    let value = context(ContextKind::InvalidValue).or_else(|| {
        // An unknown flag is its own value: `--colour` given, no such flag.
        context(ContextKind::InvalidSubcommand)
    });
    json!({"error": {"file": null, "field": field, "value": value, "message": message}})
}

/// Whether `--json` is among the command-line arguments before a `--` (after it, they are
/// an engine's): a usage error is then printed as JSON.
pub fn asked_for_json(args: impl IntoIterator<Item = std::ffi::OsString>) -> bool {
    args.into_iter()
        .take_while(|a| a != "--")
        .any(|a| a == "--json")
}

/// The input's name and the message without it.
fn split_file<'m>(file: Option<&str>, message: &'m str) -> (Option<String>, &'m str) {
    if let Some(name) = file {
        let rest = message
            .strip_prefix(name)
            .and_then(|r| r.strip_prefix(": "))
            .unwrap_or(message);
        return (Some(name.to_string()), rest);
    }
    if let Some((head, rest)) = message.split_once(": ") {
        if head == "<stdin>" || (!head.starts_with('-') && Path::new(head).is_file()) {
            return (Some(head.to_string()), rest);
        }
    }
    (None, message)
}

/// The field a message names and the value it quotes (see [`error`]).
fn field_and_value(message: &str) -> (Option<String>, Option<String>) {
    let quoted = |text: &str| -> Option<String> {
        let (_, after) = text.split_once('\'')?;
        let (value, _) = after.split_once('\'')?;
        Some(value.to_string())
    };
    if let Some((_, after)) = message.split_once("field '") {
        if let Some((field, rest)) = after.split_once('\'') {
            return (Some(field.to_string()), quoted(rest));
        }
    }
    if let Some((_, after)) = message.split_once("property ") {
        let name: String = after
            .chars()
            .take_while(|c| c.is_ascii_uppercase())
            .collect();
        if !name.is_empty() {
            let rest = &after[name.len()..];
            return (Some(name), quoted(rest));
        }
    }
    if message.starts_with("--") {
        let end = message
            .find(|c: char| c == ':' || c.is_whitespace())
            .unwrap_or(message.len());
        let (flag, rest) = message.split_at(end);
        let rest = rest.trim_start_matches(':').trim_start();
        // `--size: 1 is not …`: the value is the first word when none is quoted.
        let value = quoted(rest).or_else(|| {
            rest.split_whitespace()
                .next()
                .filter(|w| !w.is_empty())
                .map(str::to_string)
        });
        return (Some(flag.to_string()), value);
    }
    (None, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_message_gives_its_file_field_and_value() {
        let e = error(
            Some("game.yaml"),
            "game.yaml: field 'moves[1]': turn 'W 9': no vertex named '9' on this board",
        );
        assert_eq!(e["error"]["file"], "game.yaml");
        assert_eq!(e["error"]["field"], "moves[1]");
        assert_eq!(e["error"]["value"], "W 9");
        assert_eq!(
            e["error"]["message"],
            "field 'moves[1]': turn 'W 9': no vertex named '9' on this board"
        );
    }

    #[test]
    fn a_flag_message_gives_the_flag_and_its_value() {
        let e = error(None, "--size: 1 is not a board side from 2 to 25");
        assert_eq!(e["error"]["file"], Value::Null);
        assert_eq!(e["error"]["field"], "--size");
        assert_eq!(e["error"]["value"], "1");
        let e = error(None, "--rules: 'ggg9' is not ggg1, ggg2 or ggg3");
        assert_eq!(e["error"]["value"], "ggg9");
    }

    #[test]
    fn an_sgf_message_gives_the_property() {
        let e = error(
            Some("<stdin>"),
            "<stdin>: property SZ: 99x99 is not a board size from 1 to 52",
        );
        assert_eq!(e["error"]["field"], "SZ");
        assert_eq!(e["error"]["value"], Value::Null);
    }

    #[test]
    fn a_message_naming_nothing_has_null_field_and_value() {
        let e = error(
            Some("x.yaml"),
            "x.yaml: not UTF-8 text (byte 0xff at offset 3)",
        );
        assert_eq!(e["error"]["field"], Value::Null);
        assert_eq!(e["error"]["value"], Value::Null);
        assert_eq!(
            e["error"]["message"],
            "not UTF-8 text (byte 0xff at offset 3)"
        );
    }

    #[test]
    fn json_is_asked_for_only_before_the_engine_command() {
        let args = |v: &[&str]| v.iter().map(std::ffi::OsString::from).collect::<Vec<_>>();
        assert!(asked_for_json(args(&["graphgo", "check", "--json", "x"])));
        assert!(!asked_for_json(args(&[
            "graphgo",
            "verify-gtp",
            "--",
            "e",
            "--json"
        ])));
        assert!(!asked_for_json(args(&["graphgo", "check", "x"])));
    }
}
