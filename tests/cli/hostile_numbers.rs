//! Issue 27, "Numbers that overflow and states that lie" and "Words and output": every
//! numeric flag has a range said in words (a usage error, exit 2), counts are checked, a
//! campaign summary is refused when its numbers cannot be true or disagree with its name,
//! engines under test are held to the protocol and ended with everything they started, and
//! names and values from a file can neither forge a line nor leak a Rust name — each case
//! under the memory cap and hang guard of `guarded.rs`.

use super::guarded::{expect, graphgo};
use super::invocation::scratch;
use std::path::Path;
use std::time::{Duration, Instant};

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Case 12: numbers past what a command can do are usage errors naming the flag and the
/// range, printed as integers; none overflows a stack, a clock or an allocation.
#[test]
fn flags_out_of_range_are_usage_errors_with_the_range() {
    let dir = scratch("flags");
    let out = dir.join("out");
    let o = s(&out);
    let max = "18446744073709551615";
    for (args, words) in [
        (
            vec!["exhaust", "--reach", "graphs:1-1:10000", "--out", o],
            "the depth must be from 0 to 32 turns",
        ),
        (
            vec!["exhaust", "--reach", "graphs:1-1:1000", "--out", o],
            "the depth must be from 0 to 32 turns",
        ),
        (
            vec!["pairs", "--seconds", max],
            "must be a whole number from 1 to 315360000",
        ),
        (
            vec!["bench", "--replay-games", max],
            "must be a whole number from 0 to 10000",
        ),
        (
            vec!["fuzz", "--shard", "1/300000000", "--games", "1", "--out", o],
            "--shard '1/300000000' is not K/N with 1 <= K <= N <= 1000000",
        ),
        (
            vec![
                "fuzz",
                "--shard",
                &format!("1/{max}"),
                "--games",
                "1",
                "--out",
                o,
            ],
            "is not K/N with 1 <= K <= N <= 1000000",
        ),
        (
            vec!["fuzz", "--games", max, "--out", o],
            "must be a whole number from 1 to 1000000000000",
        ),
        (
            vec!["fuzz", "--time", "0", "--out", o],
            "must be a whole number from 1 to 315360000",
        ),
        (
            vec!["fuzz", "--max-findings", "0", "--out", o],
            "must be a whole number from 1 to 1000",
        ),
        (
            vec!["verify-gtp", "--timeout", max, "--", "true"],
            "must be a number of seconds above 0 and at most 3600",
        ),
        (
            vec!["bench", "--spec-seconds", "1e308"],
            "must be a number of seconds above 0 and at most 3600",
        ),
        (
            vec!["show", "x.yaml", "--turn", "18446744073709551616"],
            "must be a whole number from 0 to 1000000",
        ),
    ] {
        let r = graphgo(&args).in_dir(&dir).run();
        expect(&r, 2, &[words]);
        assert!(
            !r.stderr.contains("18446744073709552000") && !r.stderr.contains("e19"),
            "{args:?}: {}",
            r.stderr
        );
    }
    assert!(!out.exists(), "a refused command made its output folder");
}

/// Case 14: `verify-gtp --games 0` is refused as an argument (it was exit 3, "every board
/// size was refused").
#[test]
fn verify_gtp_with_no_games_is_a_usage_error() {
    let r = graphgo(&["verify-gtp", "--games", "0", "--", "true"]).run();
    expect(
        &r,
        2,
        &["--games", "must be a whole number from 1 to 1000000"],
    );
}

/// A campaign summary with `edit` made to its JSON, in a folder of its own.
fn edited_summary(dir: &Path, name: &str, edit: impl FnOnce(&mut serde_json::Value)) {
    std::fs::create_dir_all(dir).unwrap();
    let mut summary = serde_json::json!({
        "format": "graphgo campaign summary 1",
        "command": "fuzz",
        "sides": ["spec", "engine"],
        "seed": 3,
        "shard": {"index": 1, "count": 2},
        "games": 2,
        "turns": 40,
        "elapsed_seconds": 0.5,
        "stopped": "limit",
        "divergences": 0,
        "findings": [],
        "write_errors": []
    });
    edit(&mut summary);
    std::fs::write(dir.join(name), summary.to_string()).unwrap();
}

/// Cases 12 and 13: summaries whose numbers cannot be true are refused naming the field;
/// totals near 2^64 do not wrap; a summary's name and its fields agree; a million shards
/// with one present are one range of missing shards, not a million lines.
#[test]
fn summaries_that_cannot_be_true_are_refused_and_missing_shards_are_ranges() {
    let dir = scratch("summaries");
    let name = "summary-seed3-shard1of2.json";
    let refused = [
        (
            "huge-shard",
            "summary-seed3-shard1of18446744073709551615.json",
            serde_json::json!({"index": 1, "count": 18446744073709551615u64}),
            "field 'shard': 1/18446744073709551615 is not K/N",
        ),
        (
            "renamed",
            "summary-seed3-shard1of1.json",
            serde_json::json!({"index": 2, "count": 3}),
            "which is the summary summary-seed3-shard2of3.json, not summary-seed3-shard1of1.json",
        ),
    ];
    for (folder, file, shard, words) in refused {
        let d = dir.join(folder);
        edited_summary(&d, file, |v| v["shard"] = shard);
        let r = graphgo(&["merge", s(&d)]).run();
        expect(&r, 2, &[words]);
    }
    for (folder, field, value, words) in [
        (
            "elapsed",
            "elapsed_seconds",
            serde_json::json!(1e308),
            "field 'elapsed_seconds'",
        ),
        (
            "games",
            "games",
            serde_json::json!(18446744073709551615u64),
            "field 'games'",
        ),
        (
            "turns",
            "turns",
            serde_json::json!(18446744073709551615u64),
            "field 'turns'",
        ),
        (
            "divergences",
            "divergences",
            serde_json::json!(5),
            "field 'divergences'",
        ),
        (
            "negative",
            "games",
            serde_json::json!(-1),
            "field 'games': must be a whole number",
        ),
        (
            "stopped",
            "stopped",
            serde_json::json!("done\nresult: forged"),
            "field 'stopped'",
        ),
    ] {
        let d = dir.join(folder);
        edited_summary(&d, name, |v| v[field] = value);
        let r = graphgo(&["merge", s(&d)]).run();
        expect(&r, 2, &[words]);
        assert!(!r.stderr.contains("\nresult: forged"), "{}", r.stderr);
    }
    // A resumed fuzz reads its own summary with the same checks (1e308 seconds panicked).
    let resumed = dir.join("resumed");
    edited_summary(&resumed, name, |v| {
        v["elapsed_seconds"] = serde_json::json!(1e308)
    });
    let r = graphgo(&[
        "fuzz",
        "--seed",
        "3",
        "--shard",
        "1/2",
        "--games",
        "3",
        "--out",
        s(&resumed),
    ])
    .run();
    expect(&r, 2, &["field 'elapsed_seconds'"]);
    // Two shards whose games add up past 2^64 cannot be: each is over the cap on games.
    let near = dir.join("near");
    edited_summary(&near, name, |v| {
        v["games"] = serde_json::json!(10_000_000_000_000_000u64)
    });
    let r = graphgo(&["merge", s(&near)]).run();
    expect(
        &r,
        2,
        &[
            "field 'games'",
            "over the cap of 1000000000000 games per shard",
        ],
    );
    // One shard of a million present: the others are one range.
    let million = dir.join("million");
    edited_summary(&million, "summary-seed3-shard1of1000000.json", |v| {
        v["shard"] = serde_json::json!({"index": 1, "count": 1000000})
    });
    let r = graphgo(&["merge", "--json", s(&million)]).run();
    assert_eq!(r.code, 5, "{}", r.stderr);
    let merged: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(merged["missing"], serde_json::json!([[2, 1000000]]));
    let r = graphgo(&["merge", s(&million)]).run();
    assert!(
        r.stdout.contains("MISSING shards 2-1000000/1000000"),
        "{}",
        r.stdout
    );
}

/// Case 13: a Slurm array of 2^64 tasks is refused, not run as "shard 1/0".
#[test]
fn a_slurm_array_past_the_cap_is_refused() {
    let dir = scratch("slurm");
    let r = graphgo(&["fuzz", "--games", "1", "--out", s(&dir.join("out"))])
        .env("SLURM_ARRAY_TASK_ID", "0")
        .env("SLURM_ARRAY_TASK_MIN", "0")
        .env("SLURM_ARRAY_TASK_MAX", "18446744073709551615")
        .run();
    expect(
        &r,
        2,
        &["the array 0-18446744073709551615:1: more than 1000000 tasks, over the cap on shards"],
    );
}

/// Case 14: an engine that answers more than it is asked is a protocol failure of the
/// engine (exit 3), not a rule finding; no finding is written.
#[test]
fn an_engine_that_answers_twice_is_a_protocol_error() {
    let dir = scratch("twice");
    let out = dir.join("findings");
    let bin = super::invocation::BIN;
    // Every answer, then one more (a shell loop reads its pipe a line at a time).
    let engine = format!(
        "'{bin}' gtp | while IFS= read -r line; do printf '%s\\n' \"$line\"; if [ -z \"$line\" ]; then printf '= extra\\n\\n'; fi; done"
    );
    let r = graphgo(&[
        "verify-gtp",
        "--games",
        "1",
        "--size",
        "5",
        "--out",
        s(&out),
        "--",
        "sh",
        "-c",
        &engine,
    ])
    .run();
    // Caught at its first answer (list_commands), before any game: said on the standard
    // error when the engine cannot be started, in the report's ENGINE FAILURE otherwise.
    assert_eq!(r.code, 3, "{}{}", r.stdout, r.stderr);
    let said = format!("{}{}", r.stdout, r.stderr);
    assert!(
        said.contains(
            "it answered a second time, '= extra': the engine answered more than it was asked"
        ),
        "{said}"
    );
    let written: Vec<_> = std::fs::read_dir(&out)
        .map(|d| d.flatten().map(|e| e.file_name()).collect())
        .unwrap_or_default();
    assert!(written.is_empty(), "findings written: {written:?}");
}

/// Whether process `pid` is gone (or a zombie waiting for a parent that does not reap).
fn gone(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with('Z')),
    }
}

/// Case 14: an engine that exits while a child it started holds its output is reported as
/// exited at once (not hung after the timeout), and that child is ended with it; the same
/// for an engine that hangs. The header names options in the format's words.
#[test]
fn an_engine_is_ended_with_everything_it_started() {
    let dir = scratch("group");
    for (mode, script, words) in [
        (
            "exits",
            "sleep 300 & echo $! > child.pid; exit 0",
            "exited while answering 'list_commands'",
        ),
        (
            "hangs",
            "sleep 300 & echo $! > child.pid; exec sleep 301",
            "did not finish its answer to 'list_commands'",
        ),
    ] {
        let pid_file = dir.join("child.pid");
        let _ = std::fs::remove_file(&pid_file);
        let start = Instant::now();
        let r = graphgo(&[
            "verify-gtp",
            "--startup-timeout",
            "2",
            "--out",
            s(&dir.join("out")),
            "--",
            "sh",
            "-c",
            script,
        ])
        .in_dir(&dir)
        .run();
        assert_eq!(r.code, 3, "{mode}: {}{}", r.stdout, r.stderr);
        assert!(
            r.stderr.contains(words) || r.stdout.contains(words),
            "{mode}: {}{}",
            r.stdout,
            r.stderr
        );
        if mode == "exits" {
            assert!(
                start.elapsed() < Duration::from_secs(2),
                "{mode}: waited for the timeout"
            );
        }
        let pid: u32 = std::fs::read_to_string(&pid_file)
            .unwrap()
            .trim()
            .parse()
            .unwrap();
        let deadline = Instant::now() + Duration::from_secs(5);
        while !gone(pid) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(
            gone(pid),
            "{mode}: the engine's child {pid} is still running"
        );
    }
    // The header: `self-capture none`, never `None` or `All`.
    let bin = super::invocation::BIN;
    let r = graphgo(&[
        "verify-gtp",
        "--games",
        "1",
        "--size",
        "3",
        "--max-turns",
        "4",
        "--self-capture",
        "none",
        "--out",
        s(&dir.join("out2")),
        "--",
        bin,
        "gtp",
        "--self-capture",
        "none",
    ])
    .run();
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stdout
            .contains("(ggg1, self-capture none, repetition positional)"),
        "{}",
        r.stdout
    );
}

/// Case 15: keys that are not text, tags and numbers too large to read are said in the
/// format's words (the guard checks for `Sequence [`, `TaggedValue`, `u128`).
#[test]
fn yaml_keys_tags_and_long_numbers_are_said_in_the_formats_words() {
    let dir = scratch("words");
    for (name, text, words) in [
        ("key.yaml", "? [grid]\n: 1\n", "the top level: a key is a list, not text"),
        ("tagged_key.yaml", "? !foo grid\n: 1\n", "a key is a tagged value (!foo), not text"),
        ("tag.yaml", "rules: !foo ggg1\nboard: {path: 3}\n", "YAML tags (!foo) are not part of the format"),
        (
            "komi.yaml",
            "rules: ggg1\nboard: {path: 3}\nkomi: 18446744073709551616\n",
            "field 'komi' at line 3 column 7: 18446744073709551616 is too large a whole number to read",
        ),
        (
            "path.yaml",
            "rules: ggg1\nboard: {path: 18446744073709551616}\n",
            "field 'board.path' at line 2 column 15: 18446744073709551616 is too large",
        ),
        (
            "path.json",
            "{\"rules\": \"ggg1\", \"board\": {\"path\": 18446744073709551616}}",
            "over 18446744073709551615 (too large to read)",
        ),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let r = graphgo(&["play", s(&path)]).run();
        expect(&r, 2, &[name, words]);
    }
}

/// Case 16: names that would forge a line, hide, or never be playable are refused, and a
/// message never prints a raw control character.
#[test]
fn vertex_names_that_forge_or_cannot_be_played_are_refused() {
    let dir = scratch("names");
    for (i, (name, why)) in [
        (
            "z\nresult: White wins by resignation",
            "a control character",
        ),
        ("a\u{0}b", "a control character"),
        ("tab\tname", "a control character"),
        ("\u{202E}evil", "an invisible mark"),
        ("two words", "white space"),
        ("pass", "a word a turn reads as itself"),
        ("Resign", "a word a turn reads as itself"),
    ]
    .into_iter()
    .enumerate()
    {
        let record = serde_json::json!({
            "rules": "ggg1",
            "board": {"graph": {"vertices": [name, "b"], "edges": [[name, "b"]]}},
            "moves": ["B b"]
        });
        let path = dir.join(format!("names{i}.json"));
        std::fs::write(&path, record.to_string()).unwrap();
        let r = graphgo(&["play", s(&path)]).run();
        expect(&r, 2, &["a vertex name cannot hold", why]);
        assert!(!r.stdout.contains("result:"), "{}", r.stdout);
        let line = r.stderr.trim_end_matches('\n');
        assert!(
            !line.chars().any(|c| c.is_control() || c == '\u{202E}'),
            "raw in {line:?}"
        );
    }
    // Any value quoted in a message is escaped the same way.
    let path = dir.join("rules.yaml");
    std::fs::write(&path, "rules: \"x\\nresult: forged\"\nboard: {path: 3}\n").unwrap();
    let r = graphgo(&["play", s(&path)]).run();
    expect(&r, 2, &["x\\nresult: forged"]);
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
}
