//! Every command scriptable (issue 20, point 5): `--json` for `check` and `vectors check`;
//! failures as one JSON object (`{"error": {"file", "field", "value", "message"}}`) on the
//! standard output of every command that takes `--json`, with the exit status of the text
//! mode; `-` reads a record from standard input; `--help` wrapped to the terminal, with one
//! line per command in the overviews.
//!
//! The expected positions are worked out by hand in the comments beside them; the expected
//! messages are the words spec/FORMAT.md documents.

use std::path::Path;

use super::invocation::{run_with, scratch, Run};
use serde_json::Value;

fn run(args: &[&str], stdin: &[u8]) -> Run {
    run_with(args, stdin, None)
}

/// The one JSON object a run printed on its standard output.
fn json_of(run: &Run) -> Value {
    serde_json::from_str(run.stdout.trim()).unwrap_or_else(|e| {
        panic!(
            "stdout is not one JSON object ({e}):\n{}\nstderr:\n{}",
            run.stdout, run.stderr
        )
    })
}

/// The `error` object of a failed `--json` run, after checking its exit status and that the
/// standard error is silent (the object says it all).
fn error_of(run: &Run, code: i32) -> Value {
    assert_eq!(
        run.code, code,
        "stdout:\n{}\nstderr:\n{}",
        run.stdout, run.stderr
    );
    let value = json_of(run);
    let error = value["error"].clone();
    assert!(error.is_object(), "no error object: {value}");
    for key in ["file", "field", "value", "message"] {
        assert!(error.get(key).is_some(), "error without '{key}': {error}");
    }
    assert!(
        error["message"].as_str().is_some_and(|m| !m.is_empty()),
        "{error}"
    );
    error
}

/// A 3-vertex path (1 - 2 - 3) where Black plays 2: by hand, 2 is black, 1 and 3 empty,
/// White to move.
const PATH3_RECORD: &str = "rules: ggg1\nboard: {path: 3}\nmoves: [B 2]\n";

#[test]
fn play_reads_a_record_from_standard_input() {
    let r = run(&["play", "--json", "-"], PATH3_RECORD.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    let v = json_of(&r);
    assert_eq!(v["rules"], "ggg1");
    assert_eq!(v["turns"].as_array().unwrap().len(), 1);
    assert_eq!(v["final"]["position"]["1"], "empty");
    assert_eq!(v["final"]["position"]["2"], "black");
    assert_eq!(v["final"]["position"]["3"], "empty");
    assert_eq!(v["final"]["to_move"], "white");
}

#[test]
fn play_reads_sgf_from_standard_input_by_its_first_character() {
    // SZ[3]; B[bb] is the middle point: column b = 2, row b = 2 from the top of 3 = 2 from
    // the bottom, so vertex 2-2. Then W[aa]: column 1, top row = row 3, vertex 1-3.
    let r = run(&["play", "--json", "-"], b"  (;GM[1]SZ[3];B[bb];W[aa])");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let v = json_of(&r);
    let position = v["final"]["position"].as_object().unwrap();
    assert_eq!(position.len(), 9);
    assert_eq!(position["2-2"], "black");
    assert_eq!(position["1-3"], "white");
    let stones = position.values().filter(|c| *c != "empty").count();
    assert_eq!(stones, 2);
    // The SGF flags apply to SGF read from standard input as to an .sgf file.
    let e = error_of(
        &run(&["play", "--json", "--rules", "ggg9", "-"], b"(;SZ[3])"),
        2,
    );
    assert_eq!(e["field"], "--rules");
    assert_eq!(e["value"], "ggg9");
    // ... and are refused for a record, which names its own rules.
    let r = run(&["play", "--rules", "ggg2", "-"], PATH3_RECORD.as_bytes());
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("<stdin>: --rules"), "{}", r.stderr);
}

#[test]
fn show_reads_a_record_from_standard_input() {
    let r = run(&["show", "-"], PATH3_RECORD.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.starts_with("<svg"), "{}", r.stdout);
    // Turn 2 of a 1-turn record is past the end; the message names <stdin>.
    let r = run(&["show", "--turn", "2", "-"], PATH3_RECORD.as_bytes());
    assert_eq!(r.code, 2);
    assert!(r.stderr.starts_with("graphgo: <stdin>: "), "{}", r.stderr);
}

#[test]
fn standard_input_is_named_stdin_and_checked_like_a_file() {
    // Not UTF-8: the same message as for a file, naming <stdin>.
    let r = run(&["play", "-"], b"rules: ggg1\n\xff\n");
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .contains("graphgo: <stdin>: not UTF-8 text (byte 0xff at offset 12)"),
        "{}",
        r.stderr
    );
    assert!(r.stdout.is_empty());
    // A bad vertex: file, field and value in the JSON error.
    let e = error_of(
        &run(
            &["play", "--json", "-"],
            b"rules: ggg1\nboard: {path: 3}\nmoves: [B 7]\n",
        ),
        2,
    );
    assert_eq!(e["file"], "<stdin>");
    assert_eq!(e["field"], "moves[0]");
    assert_eq!(e["value"], "B 7");
    // Empty input: no record.
    let r = run(&["check", "-"], b"");
    assert_eq!(r.code, 2);
    assert!(r.stderr.starts_with("graphgo: <stdin>: "), "{}", r.stderr);
}

#[test]
fn standard_input_is_held_to_the_sgf_cap() {
    // One byte over the documented cap of 8 MiB per SGF file (sgf::MAX_SGF_BYTES).
    let cap = graphgo::io::sgf::MAX_SGF_BYTES as usize;
    let mut big = b"(;SZ[3]C[".to_vec();
    big.resize(cap + 1, b'x');
    let e = error_of(&run(&["play", "--json", "-"], &big), 2);
    assert_eq!(e["file"], "<stdin>");
    assert_eq!(
        e["message"],
        format!(
            "{} bytes is over the cap of {cap} bytes per SGF file",
            cap + 1
        )
    );
}

#[test]
fn check_json_reports_agreement_and_reads_standard_input() {
    let r = run(&["check", "--json", "-"], PATH3_RECORD.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    let v = json_of(&r);
    assert_eq!(v["file"], "<stdin>");
    assert_eq!(v["sides"], serde_json::json!(["spec", "engine"]));
    assert_eq!(v["turns"], 1);
    assert_eq!(v["agree"], true);
    assert_eq!(v["divergence"], Value::Null);
    // The same from a file, named by its path; the text mode says the same in words.
    let dir = scratch("check_json");
    let file = dir.join("path3.yaml");
    std::fs::write(&file, PATH3_RECORD).unwrap();
    let v = json_of(&run(&["check", "--json", file.to_str().unwrap()], b""));
    assert_eq!(v["file"], file.to_str().unwrap());
    let text = run(&["check", file.to_str().unwrap()], b"");
    assert_eq!(text.code, 0);
    assert!(
        text.stdout.contains("agree on all 1 turns"),
        "{}",
        text.stdout
    );
}

#[test]
fn check_json_errors_name_file_field_and_value() {
    let dir = scratch("check_json_errors");
    let file = dir.join("bad.yaml");
    std::fs::write(&file, "rules: ggg1\nboard: {path: 3}\nkomi: NaN\n").unwrap();
    let name = file.to_str().unwrap();
    let e = error_of(&run(&["check", "--json", name], b""), 2);
    assert_eq!(e["file"], name);
    assert_eq!(e["field"], "komi");
    assert_eq!(e["value"], "NaN");
    // The text mode: the same exit status, the message on stderr, nothing on stdout.
    let r = run(&["check", name], b"");
    assert_eq!(r.code, 2);
    assert!(r.stdout.is_empty());
    assert!(r.stderr.contains("field 'komi'"), "{}", r.stderr);
    // A file that is not there.
    let missing = dir.join("missing.yaml");
    let e = error_of(
        &run(&["check", "--json", missing.to_str().unwrap()], b""),
        2,
    );
    assert_eq!(e["file"], missing.to_str().unwrap());
    assert!(
        e["message"].as_str().unwrap().starts_with("cannot read"),
        "{e}"
    );
}

#[test]
fn vectors_check_json_gives_each_vector_and_the_totals() {
    let dir = scratch("vectors_json");
    let vector =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("spec/vectors/ggg/superko/ko-path2.yaml");
    std::fs::copy(&vector, dir.join("ko-path2.yaml")).unwrap();
    let r = run(&["vectors", "check", "--json", dir.to_str().unwrap()], b"");
    assert_eq!(r.code, 0, "{}\n{}", r.stdout, r.stderr);
    let v = json_of(&r);
    assert_eq!(v["passed"], true);
    assert_eq!(v["vectors_checked"], 1);
    assert_eq!(v["vectors_found"], 1);
    assert_eq!(v["stopped"], Value::Null);
    assert_eq!(v["vectors"][0]["id"], "ko-path2");
    for side in ["spec", "engine"] {
        assert_eq!(v["vectors"][0]["outcomes"][side]["outcome"], "pass", "{v}");
        assert_eq!(
            v["totals"][side],
            serde_json::json!({"pass": 1, "fail": 0, "skip": 0})
        );
        // The vector names ggg1:2 and ggg1:3: each is tallied once per side.
        assert_eq!(v["clauses"]["ggg1:3"][side]["pass"], 1);
    }
    // A malformed vector: exit 2 and the error object naming its file and field.
    std::fs::write(
        dir.join("bad.yaml"),
        "id: bad\nclauses: [\"ggg1:1\"]\nrules: ggg1\nboard: {path: 2}\nmoves: [B 1]\n",
    )
    .unwrap();
    let e = error_of(
        &run(&["vectors", "check", "--json", dir.to_str().unwrap()], b""),
        2,
    );
    assert!(
        e["file"].as_str().is_some_and(|f| f.ends_with("bad.yaml")),
        "{e}"
    );
    assert_eq!(e["field"], "moves");
    // An empty folder.
    let empty = scratch("vectors_json_empty");
    let e = error_of(
        &run(
            &["vectors", "check", "--json", empty.to_str().unwrap()],
            b"",
        ),
        2,
    );
    assert!(
        e["message"].as_str().unwrap().contains("no vector files"),
        "{e}"
    );
}

#[test]
fn every_json_command_reports_bad_arguments_as_json() {
    let out = scratch("json_arguments");
    let out = out.to_str().unwrap();
    // (arguments, the field the error must name, its value)
    let cases: [(&[&str], &str, Option<&str>); 7] = [
        // clap's own usage errors: a value it cannot read, a flag it does not know.
        (&["fuzz", "--json", "--seed", "abc"], "--seed", Some("abc")),
        (&["check", "--json", "--colour", "x.yaml"], "--colour", None),
        // graphgo's checks of the values.
        (
            &["fuzz", "--json", "--shard", "3/2", "--out", out],
            "--shard",
            Some("3/2"),
        ),
        (
            &["fuzz", "--json", "--max-findings", "0", "--out", out],
            "--max-findings",
            Some("0"),
        ),
        (
            &["verify-gtp", "--json", "--size", "1", "--", "true"],
            "--size",
            Some("1"),
        ),
        (
            &["verify-gtp", "--json", "--komi", "x", "--", "true"],
            "--komi",
            None,
        ),
        (
            &["play", "--json", "--self-capture", "some", "-"],
            "--self-capture",
            Some("some"),
        ),
    ];
    for (args, field, value) in cases {
        let stdin: &[u8] = if args.contains(&"-") {
            b"(;SZ[3])"
        } else {
            b""
        };
        let e = error_of(&run(args, stdin), 2);
        assert_eq!(e["field"], field, "{args:?}: {e}");
        if let Some(value) = value {
            assert_eq!(e["value"], value, "{args:?}: {e}");
        }
    }
    // merge: a folder that is not there (no summaries to merge).
    let e = error_of(
        &run(&["merge", "--json", "no-such-folder-for-merge"], b""),
        2,
    );
    assert!(
        e["message"]
            .as_str()
            .unwrap()
            .starts_with("no-such-folder-for-merge"),
        "{e}"
    );
    // Without --json the same mistakes stay text on stderr.
    let r = run(&["fuzz", "--seed", "abc"], b"");
    assert_eq!(r.code, 2);
    assert!(r.stdout.is_empty() && r.stderr.contains("invalid value 'abc'"));
    // --json after `--` belongs to the engine's command line: not a request for JSON.
    let r = run(&["verify-gtp", "--size", "1", "--", "true", "--json"], b"");
    assert_eq!(r.code, 2);
    assert!(r.stdout.is_empty(), "{}", r.stdout);
}

/// The lines of the `Commands:` section of a help text: (name, the lines it takes).
fn command_lines(help: &str) -> Vec<(String, usize)> {
    let mut out: Vec<(String, usize)> = Vec::new();
    let mut inside = false;
    for line in help.lines() {
        if line == "Commands:" {
            inside = true;
            continue;
        }
        if !inside {
            continue;
        }
        if line.is_empty() {
            break;
        }
        // A command's line starts with two spaces and its name; a continuation with more.
        if line.starts_with("  ") && !line.starts_with("   ") {
            let name = line.split_whitespace().next().unwrap().to_string();
            out.push((name, 1));
        } else if let Some(last) = out.last_mut() {
            last.1 += 1;
        }
    }
    out
}

#[test]
fn help_fits_80_columns_with_one_line_per_command() {
    let overview = run_with(&["--help"], b"", Some("80"));
    assert_eq!(overview.code, 0);
    let commands = command_lines(&overview.stdout);
    // Those the overview must list at least (others may be added).
    for name in [
        "play",
        "check",
        "fuzz",
        "verify-gtp",
        "vectors",
        "exhaust",
        "tables",
    ] {
        assert!(
            commands.iter().any(|(n, _)| n == name),
            "{name} missing from:\n{}",
            overview.stdout
        );
    }
    let mut helps = vec![("graphgo".to_string(), overview.stdout.clone())];
    for (name, lines) in &commands {
        assert_eq!(
            *lines, 1,
            "the overview gives {name} {lines} lines:\n{}",
            overview.stdout
        );
        if name != "help" {
            let r = run_with(&[name.as_str(), "--help"], b"", Some("80"));
            assert_eq!(r.code, 0, "{name} --help: {}", r.stderr);
            helps.push((name.clone(), r.stdout));
        }
    }
    // The nested overview of `vectors` too.
    let vectors = helps
        .iter()
        .find(|(n, _)| n == "vectors")
        .unwrap()
        .1
        .clone();
    let nested = command_lines(&vectors);
    assert!(nested.iter().any(|(n, _)| n == "check"), "{vectors}");
    for (name, lines) in nested {
        assert_eq!(lines, 1, "vectors {name} takes {lines} lines:\n{vectors}");
    }
    for (name, text) in helps {
        for line in text.lines() {
            assert!(
                line.chars().count() <= 80,
                "{name} --help has a line over 80 columns: '{line}'"
            );
        }
    }
    // Wrapped to the terminal: at 60 columns the lines are shorter still.
    let narrow = run_with(&["check", "--help"], b"", Some("60"));
    assert!(
        narrow.stdout.lines().all(|l| l.chars().count() <= 60),
        "{}",
        narrow.stdout
    );
}
