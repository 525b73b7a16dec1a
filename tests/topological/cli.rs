//! `graphgo play` on go-spaces, as a user runs it: the examples of
//! `spec/examples/topological/` with the results their comments document, placements named
//! by name or by points, the go-space `of` a graph, reading 11 through the record, and bad
//! spaces refused with exit 2 and a message naming the file, the field and the value.

use std::path::{Path, PathBuf};
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_graphgo");

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn play(path: &Path, json: bool) -> Run {
    let mut cmd = Command::new(BIN);
    cmd.arg("play").arg(path);
    if json {
        cmd.arg("--json");
    }
    let out = cmd.output().expect("the binary runs");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Writes `text` to a fresh file for this test and plays it.
fn play_text(test: &str, text: &str, json: bool) -> (PathBuf, Run) {
    let dir = std::env::temp_dir().join(format!("graphgo-topo-cli-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.yaml");
    std::fs::write(&file, text).unwrap();
    let r = play(&file, json);
    (file, r)
}

fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("spec/examples/topological")
        .join(name)
}

/// Each example's `# Expected:` line is `exit N; ...; result: ...`, with optional parts
/// `turn N removes P Q` and `turn N "T" is illegal (clause)`.
#[test]
fn every_topological_example_plays_with_its_documented_result() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("spec/examples/topological");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .collect();
    files.sort();
    assert!(files.len() >= 5, "only {} examples", files.len());
    for file in files {
        let name = file.file_name().unwrap().to_string_lossy().to_string();
        let record = std::fs::read_to_string(&file).unwrap();
        let expected = record
            .lines()
            .find_map(|l| l.strip_prefix("# Expected: "))
            .unwrap_or_else(|| panic!("{name} has no '# Expected:' line"));
        let r = play(&file, false);
        let lines: Vec<&str> = r.stdout.lines().collect();
        let mut saw_result = false;
        for part in expected.split("; ") {
            if let Some(code) = part.strip_prefix("exit ") {
                assert_eq!(r.code.to_string(), code, "{name}: {}", r.stderr);
            } else if let Some(result) = part.strip_prefix("result: ") {
                saw_result = true;
                assert_eq!(
                    lines.last().copied(),
                    Some(format!("result: {result}").as_str()),
                    "{name}: {}",
                    r.stdout
                );
            } else if let Some(rest) = part.strip_prefix("turn ") {
                let (n, what) = rest.split_once(' ').unwrap();
                let n: usize = n.parse().unwrap();
                let line = lines
                    .iter()
                    .find(|l| l.starts_with(&format!("{n:>4}. ")))
                    .unwrap_or_else(|| panic!("{name}: no turn {n}"));
                if let Some(v) = what.strip_prefix("removes ") {
                    assert!(line.ends_with(&format!("  removes {v}")), "{name}: {line}");
                } else {
                    let (turn, clause) = what
                        .strip_suffix(')')
                        .and_then(|w| w.split_once(" is illegal ("))
                        .unwrap_or_else(|| panic!("{name}: cannot read {part:?}"));
                    let turn = turn.trim_matches('"');
                    assert!(
                        line.starts_with(&format!("{n:>4}. {turn}  ILLEGAL ({clause})")),
                        "{name}: {line}"
                    );
                }
            } else {
                panic!("{name}: cannot read the expectation {part:?}");
            }
        }
        assert!(saw_result, "{name}: the expectation names no result");
    }
}

#[test]
fn dominoes_repetition_is_refused_under_topo_d10a() {
    // After B d12, W d34 (which clears d12), Black's only placement d12 would repeat the
    // colouring after turn 1: the record's third turn is illegal.
    let text = std::fs::read_to_string(example("dominoes.yaml"))
        .unwrap()
        .replace("rules: topo-primitive", "rules: topo-stones")
        .replace(
            r#"moves: ["B d12", "W d34"]"#,
            r#"moves: ["B d12", "W d34", "B d12"]"#,
        );
    let (_, r) = play_text("dominoes-repeat", &text, false);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stdout.contains(
            "   3. B d12  ILLEGAL (topo:D10b): d12 would repeat an earlier colouring of X"
        ),
        "{}",
        r.stdout
    );
}

#[test]
fn reading_t1_empty_string_readings_differ() {
    let text = std::fs::read_to_string(example("split_stone.yaml")).unwrap();
    for (reading, removed) in [
        ("connected", ""),
        ("no-liberty", "  removes c"),
        ("stone", "  removes c"),
    ] {
        let t = text.replace(
            "empty_string: connected",
            &format!("empty_string: {reading}"),
        );
        let (_, r) = play_text(&format!("split-{reading}"), &t, false);
        assert_eq!(r.code, 0, "{}", r.stderr);
        let line = r.stdout.lines().find(|l| l.starts_with("   3. ")).unwrap();
        assert_eq!(line, format!("   3. B ac{removed}"), "{reading}");
    }
    // Without the field the reading is `stone` (the default, spec/ambiguities.md, reading 11): c goes.
    let t = text.replace("    empty_string: connected\n", "");
    assert_ne!(t, text, "the field line is gone");
    let (_, r) = play_text("split-default", &t, false);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains("\n   3. B ac  removes c\n"),
        "{}",
        r.stdout
    );
}

#[test]
fn placements_are_named_by_name_or_by_points_in_any_order() {
    // Subbase {a, b}, {b, c, d}, {d, e}: N(b) = {b}, N(d) = {d}, N(a) = {a, b},
    // N(c) = {b, c, d}, N(e) = {d, e}. Placements {a, b} (written [b, a], so named `b+a`)
    // and {d} named dee; each is the other's liberty (closure of their union: all of X).
    let record = "rules: topo-stones\nboard:\n  space:\n    points: [a, b, c, d, e]\n    subbase: [[a, b], [b, c, d], [d, e]]\n    placements: [[b, a], {name: dee, points: [d]}]\nmoves: [\"B dee\", \"W pass\", \"B pass\"]\n";
    let (_, r) = play_text("named", record, true);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(v["turns"][0]["turn"], "B dee");
    assert_eq!(v["final"]["position"]["d"], "black");
    assert_eq!(v["result"]["winner"], "black");
    assert_eq!(v["result"]["score"]["black"], "1");
    // `a+b` names the placement written [b, a] (its name is `b+a`); so does `b+a`.
    for word in ["a+b", "b+a"] {
        let (_, r) = play_text(
            word,
            &record.replace("\"B dee\"", &format!("\"B {word}\"")),
            false,
        );
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert!(r.stdout.contains("   1. B b+a\n"), "{}", r.stdout);
        assert!(r.stdout.contains("  black: a b\n"), "{}", r.stdout);
    }
}

#[test]
fn the_go_space_of_a_grid_plays_like_the_grid() {
    // topo:EX2 through the record: `of: {grid: [3, 3]}`; White captures the corner 1-1.
    let moves = r#"moves: ["B 1-1", "W 2-1", "B 3-3", "W 1-2"]"#;
    let (_, r) = play_text(
        "of-grid",
        &format!("rules: topo-primitive\nboard: {{space: {{of: {{grid: [3, 3]}}}}}}\n{moves}\n"),
        false,
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout
            .starts_with("rules topo-primitive on a go-space of 21 points and 9 placements\n"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains("   4. W 1-2  removes 1-1\n"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains("  black: 3-3\n  white: 2-1 1-2\n"),
        "{}",
        r.stdout
    );
}

#[test]
fn bad_spaces_exit_2_naming_file_field_and_value() {
    let space = |body: &str| format!("rules: topo-stones\nboard:\n  space:\n{body}moves: []\n");
    let cases: Vec<(&str, String, &str)> = vec![
        (
            "union",
            space("    points: [a, b, c]\n    opens: [[], [a], [c], [a, b, c]]\n    placements: [[a]]\n"),
            "field 'board.space': opens[1] {a} and opens[2] {c}: their union {a, c} is not among the opens",
        ),
        (
            "intersection",
            space("    points: [a, b, c]\n    opens: [[], [a, b], [b, c], [a, b, c]]\n    placements: [[a, b]]\n"),
            "their intersection {b} is not among the opens",
        ),
        (
            "no-empty",
            space("    points: [a]\n    opens: [[a]]\n    placements: [[a]]\n"),
            "'opens' lacks the empty set",
        ),
        (
            "base",
            space("    points: [a, b, c]\n    base: [[a, b], [b, c]]\n    placements: [[a, b]]\n"),
            "base[0] {a, b} and base[1] {b, c} share b",
        ),
        (
            "cover",
            space("    points: [a, b]\n    base: [[a]]\n    placements: [[a]]\n"),
            "point b lies in no set of 'base'",
        ),
        (
            "unknown-point",
            space("    points: [a, b]\n    base: [[a], [z]]\n    placements: [[a]]\n"),
            "field 'board.space.base[1]': no point named 'z'",
        ),
        (
            "not-open",
            space("    points: [a, b]\n    opens: [[], [a], [a, b]]\n    placements: [[b]]\n"),
            "placements[0] {b} is not open: every open set containing b also contains {a}",
        ),
        (
            "empty-placement",
            space("    points: [a]\n    base: [[a]]\n    placements: [[]]\n"),
            "placements[0] is the empty set",
        ),
        (
            "same-placement",
            space("    points: [a, b]\n    base: [[a], [b]]\n    placements: [[a, b], [b, a]]\n"),
            "placements[0] and placements[1] are the same set {a, b}",
        ),
        (
            "same-name",
            space("    points: [a, b]\n    base: [[a], [b]]\n    placements: [{name: x, points: [a]}, {name: x, points: [b]}]\n"),
            "both named 'x'",
        ),
        (
            "two-topologies",
            space("    points: [a]\n    base: [[a]]\n    subbase: [[a]]\n    placements: [[a]]\n"),
            "give only one of 'opens', 'base' and 'subbase'",
        ),
        (
            "no-topology",
            space("    points: [a]\n    placements: [[a]]\n"),
            "give the topology as one of 'opens', 'base' or 'subbase'",
        ),
        (
            "duplicate-point",
            space("    points: [a, a]\n    base: [[a]]\n    placements: [[a]]\n"),
            "field 'board.space.points': vertex 'a' is listed twice",
        ),
        (
            "of-and-points",
            space("    of: {path: 3}\n    points: [a]\n"),
            "field 'board.space.of'",
        ),
        (
            "of-bad-graph",
            space("    of: {grid: [3, -1]}\n"),
            "board.space.of",
        ),
        (
            "reading",
            space("    points: [a]\n    base: [[a]]\n    placements: [[a]]\n    empty_string: maybe\n"),
            "maybe",
        ),
        (
            "graph-board",
            "rules: topo-primitive\nboard: {grid: [3, 3]}\n".to_string(),
            "field 'board': rules topo-primitive are played on a go-space",
        ),
        (
            "space-under-ggg",
            "rules: ggg1\nboard: {space: {points: [a], base: [[a]], placements: [[a]]}}\n".to_string(),
            "field 'board.space': a go-space is played under topo-primitive or topo-stones, not ggg1",
        ),
        (
            "unknown-placement",
            "rules: topo-stones\nboard: {space: {points: [a, b], base: [[a], [b]], placements: [[a]]}}\nmoves: [\"B b\"]\n".to_string(),
            "field 'moves[0]': turn 'B b': no placement named 'b' in S",
        ),
        (
            "option",
            "rules: topo-stones\nboard: {space: {points: [a], base: [[a]], placements: [[a]]}}\noptions: {self_capture: none}\n".to_string(),
            "field 'options.self_capture': the rules topo-stones do not read it",
        ),
        (
            "komi-primitive",
            "rules: topo-primitive\nboard: {space: {points: [a], base: [[a]], placements: [[a]]}}\nkomi: 1\n".to_string(),
            "field 'komi'",
        ),
    ];
    for (test, record, needle) in cases {
        let (file, r) = play_text(test, &record, false);
        assert_eq!(r.code, 2, "{test}: {}", r.stdout);
        assert!(
            r.stderr.contains(&file.display().to_string()),
            "{test}: no file name in {}",
            r.stderr
        );
        assert!(
            r.stderr.contains(needle),
            "{test}: {:?} lacks {needle:?}",
            r.stderr
        );
        assert!(r.stdout.is_empty(), "{test}: printed {}", r.stdout);
    }
}
