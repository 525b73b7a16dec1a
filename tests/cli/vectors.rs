//! `graphgo vectors check | new | generate` from the outside: exit statuses, the per-clause
//! summary, a corrupted vector, malformed input naming file, field and value, atomic writes.

use super::invocation::{run, scratch};

use std::process::Command;

fn vectors_dir() -> String {
    format!("{}/spec/vectors", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn check_passes_on_the_committed_vectors_with_a_per_clause_summary() {
    let r = run(&["vectors", "check", &vectors_dir()]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    let header = r.stdout.lines().find(|l| l.starts_with("clause")).unwrap();
    assert!(header.contains("spec pass/fail/skip") && header.contains("engine pass/fail/skip"));
    for id in ["ggg1:3", "ggg2:example", "ggg3:4", "option:self_capture"] {
        let line = r
            .stdout
            .lines()
            .find(|l| l.split_whitespace().next() == Some(id))
            .unwrap_or_else(|| panic!("no line for {id}:\n{}", r.stdout));
        // Every count is n/0/0 for both sides.
        for cell in line.split_whitespace().skip(1) {
            assert!(cell.ends_with("/0/0"), "{line}");
        }
    }
    assert!(r.stdout.contains("spec: ") && r.stdout.contains(" 0 fail"));
}

const KO: &str = "\
id: ko
clauses: [\"ggg1:3\"]
rules: ggg1
board: {path: 2}
turns:
  - {play: B 1, legal: true, removed: [], position: {black: [1]}, to_move: white}
  - {play: W 2, legal: true, removed: [1], position: {white: [2]}, to_move: black}
  - {play: B 1, legal: false, clause: \"ggg1:3\"}
result: none
";

/// The ko of path 1-2 by hand: B 1; W 2 removes Black's 1 (step 2) and keeps the liberty 1;
/// B 1 would give back the colouring after turn 1 (ggg1:3).
#[test]
fn a_hand_written_vector_passes_and_its_corruption_fails() {
    let dir = scratch("corrupt");
    std::fs::write(dir.join("ko.yaml"), KO).unwrap();
    let r = run(&["vectors", "check", dir.to_str().unwrap()]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(r
        .stdout
        .contains("1 vectors; spec: 1 pass, 0 fail, 0 skipped; engine: 1 pass"));

    // Claim the retake legal: both sides refuse it.
    let wrong = KO.replace(
        "{play: B 1, legal: false, clause: \"ggg1:3\"}",
        "{play: B 1, legal: true, removed: [2], position: {black: [1]}, to_move: white}",
    );
    std::fs::write(dir.join("ko.yaml"), wrong).unwrap();
    let r = run(&["vectors", "check", dir.to_str().unwrap()]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(r.stdout.contains("FAIL ko ("), "{}", r.stdout);
    assert!(
        r.stdout
            .contains("turns[2] (B 1).legal: expected legal, got illegal (ggg1:3)"),
        "{}",
        r.stdout
    );
    let line = r.stdout.lines().find(|l| l.starts_with("ggg1:3")).unwrap();
    assert_eq!(
        line.split_whitespace().skip(1).collect::<Vec<_>>(),
        ["0/1/0", "0/1/0"]
    );
}

#[test]
fn malformed_vectors_exit_2_naming_file_field_and_value() {
    let dir = scratch("malformed");
    let bad = KO.replace("position: {white: [2]}", "position: {white: [5]}");
    std::fs::write(dir.join("bad.yaml"), bad).unwrap();
    let r = run(&["vectors", "check", dir.to_str().unwrap()]);
    assert_eq!(r.code, 2);
    assert!(r.stdout.is_empty());
    assert!(
        r.stderr
            .contains("bad.yaml: field 'turns[1].position.white': no vertex named '5'"),
        "{}",
        r.stderr
    );
    // Two files with one id.
    let dir = scratch("duplicate");
    std::fs::write(dir.join("a.yaml"), KO).unwrap();
    std::fs::write(dir.join("b.yaml"), KO).unwrap();
    let r = run(&["vectors", "check", dir.to_str().unwrap()]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .contains("b.yaml: field 'id': 'ko' is already the id of"),
        "{}",
        r.stderr
    );
    // No vectors at all, and no directory.
    let empty = scratch("empty");
    let r = run(&["vectors", "check", empty.to_str().unwrap()]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("no vector files"), "{}", r.stderr);
    let r = run(&["vectors", "check", "/nonexistent/vectors"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("/nonexistent/vectors: cannot read"),
        "{}",
        r.stderr
    );
}

#[test]
fn new_writes_a_vector_from_a_record_atomically() {
    let dir = scratch("new");
    let record = dir.join("ko-record.yaml");
    std::fs::write(
        &record,
        "rules: ggg1\nboard: {path: 2}\nmoves: [B 1, W 2, B 1]\n",
    )
    .unwrap();
    let out = dir.join("out").join("ko.yaml");
    let r = run(&[
        "vectors",
        "new",
        record.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--clause",
        "ggg1:3",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("id: ko-record"), "{text}");
    assert!(
        text.contains("{play: B 1, legal: false, clause: \"ggg1:3\"}"),
        "{text}"
    );
    assert!(text.contains("checked: spec and engine"), "{text}");
    // Nothing else was left in the directory (no temporary file).
    let names: Vec<_> = std::fs::read_dir(out.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 1, "{names:?}");
    // And it checks.
    let r = run(&["vectors", "check", out.parent().unwrap().to_str().unwrap()]);
    assert_eq!(r.code, 0, "{}", r.stdout);
    // To standard output without -o.
    let r = run(&["vectors", "new", record.to_str().unwrap(), "--id", "other"]);
    assert_eq!(r.code, 0);
    assert!(r.stdout.starts_with("# graphgo conformance vector"));
    assert!(r.stdout.contains("id: other"));
}

#[test]
fn new_writes_canonical_names_for_a_record_in_gtp_names() {
    // GTP names are read but never written (spec/FORMAT.md, "GTP names"): a record in them
    // gives a vector in x-y names, which a reader of the format alone can follow.
    let dir = scratch("new-gtp-names");
    let record = dir.join("gtp-names.yaml");
    std::fs::write(
        &record,
        "rules: ggg1\nboard: {grid: [3, 3]}\nmoves: [B B2, W A1, B pass, W c3]\n",
    )
    .unwrap();
    let r = run(&["vectors", "new", record.to_str().unwrap()]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    for play in [
        "play: B 2-2,",
        "play: W 1-1,",
        "play: B pass,",
        "play: W 3-3,",
    ] {
        assert!(r.stdout.contains(play), "{play} in {}", r.stdout);
    }
    assert!(
        !r.stdout.contains("B B2") && !r.stdout.contains("c3"),
        "{}",
        r.stdout
    );
}

#[test]
fn new_refuses_bad_records_naming_file_and_field() {
    let dir = scratch("new-bad");
    let record = dir.join("r.yaml");
    std::fs::write(&record, "rules: ggg1\nboard: {path: 2}\nmoves: [B 3]\n").unwrap();
    let r = run(&["vectors", "new", record.to_str().unwrap()]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .contains("r.yaml: field 'moves[0]': turn 'B 3': no vertex named '3'"),
        "{}",
        r.stderr
    );
    let r = run(&["vectors", "new", "/nonexistent.yaml"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("/nonexistent.yaml: cannot read"),
        "{}",
        r.stderr
    );
    // A bad id.
    std::fs::write(&record, "rules: ggg1\nboard: {path: 2}\nmoves: [B 1]\n").unwrap();
    let r = run(&["vectors", "new", record.to_str().unwrap(), "--id", "a b"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("field 'id': 'a b'"), "{}", r.stderr);
}

#[test]
fn generate_writes_every_family() {
    let dir = scratch("generate");
    let r = run(&["vectors", "generate", dir.to_str().unwrap()]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    // DIR/<family>/<rule>/<id>.yaml (spec/FORMAT.md, "The vectors in spec/vectors/").
    let files = graphgo::conformance::vectors::files(&dir).unwrap();
    let n = files.len();
    assert!(n >= 300, "{n}");
    assert!(r.stdout.contains(&format!("wrote {n} vectors")));
    assert!(dir
        .join("ggg/superko/repetition-path2-positional-ggg1.yaml")
        .is_file());
    for f in &files {
        assert_eq!(
            f.strip_prefix(&dir).unwrap().components().count(),
            3,
            "{f:?}"
        );
    }
}

/// A family's folder that is a link (or a file) is refused: `vectors generate` writes inside
/// the folder it is given and nowhere else.
#[cfg(unix)]
#[test]
fn generate_refuses_a_link_in_place_of_a_family_folder() {
    let dir = scratch("generate_link");
    let elsewhere = scratch("generate_link_elsewhere");
    std::os::unix::fs::symlink(&elsewhere, dir.join("ggg")).unwrap();
    let r = run(&["vectors", "generate", dir.to_str().unwrap()]);
    assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stderr.contains("a file or a link, not a folder of"),
        "{}",
        r.stderr
    );
    assert_eq!(std::fs::read_dir(&elsewhere).unwrap().count(), 0);
}

/// The independent reader (`spec/vectors/check_vectors.py`, sharing no code with graphgo:
/// its own boards and its own General Graph Go) agrees with every ggg vector, and catches a
/// corrupted one. Skipped, saying so, where Python 3 with PyYAML is not installed.
#[test]
fn the_independent_python_reader_agrees_and_catches_a_corruption() {
    let have = Command::new("python3")
        .args(["-c", "import yaml"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !have {
        eprintln!("skipped: python3 with PyYAML is not installed");
        return;
    }
    let script = format!("{}/check_vectors.py", vectors_dir());
    let out = Command::new("python3")
        .arg(&script)
        .arg(vectors_dir())
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    let agree: usize = text
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap();
    assert!(agree >= 300, "{text}");
    assert!(text.contains(" 0 disagree"), "{text}");
    let dir = scratch("python-corrupt");
    std::fs::write(
        dir.join("ko.yaml"),
        KO.replace("\"ggg1:3\"}", "\"ggg1:2\"}"),
    )
    .unwrap();
    let out = Command::new("python3")
        .arg(&script)
        .arg(&dir)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains("expected clause ggg1:2, got ggg1:3"),
        "{text}"
    );
}
