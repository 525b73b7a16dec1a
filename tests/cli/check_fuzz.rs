//! `graphgo check`, `graphgo fuzz` and `graphgo bench` as a user runs them: exit statuses,
//! messages, the closing summary, reproducibility by seed.

use super::invocation::{fresh_path, graphgo, text};

/// The ko of the regression vector `superko-ko-retake` as a record (path 1 - 2: B 1, W 2
/// captures, B 1 retakes and is refused by superko), written to a scratch file.
fn ko_retake_record(name: &str) -> String {
    let dir = fresh_path(name);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("superko-ko-retake.yaml");
    std::fs::write(
        &file,
        "rules: ggg1\nboard: {path: 2}\nmoves: [B 1, W 2, B 1]\n",
    )
    .unwrap();
    file.to_string_lossy().into_owned()
}

#[test]
fn check_agreeing_record_exits_zero() {
    let out = graphgo(&["check", &ko_retake_record("agree")]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("spec and engine agree on all 3 turns"));
}

#[test]
fn check_bad_input_exits_two_naming_the_file_and_field() {
    let dir = fresh_path("bad");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("bad.yaml");
    std::fs::write(&file, "rules: ggg1\nboard: {path: 3}\nmoves: [\"B 9\"]\n").unwrap();
    let out = graphgo(&["check", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("bad.yaml") && err.contains("moves[0]"),
        "{err}"
    );
    let out = graphgo(&["check", dir.join("missing.yaml").to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("missing.yaml"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// "N games, M turns" from the closing line.
fn totals(stdout: &str) -> String {
    let line = stdout.lines().last().expect("a closing line").to_string();
    line.split(" in ").next().unwrap().to_string()
}

#[test]
fn fuzz_runs_a_seeded_campaign_and_sums_it_up() {
    let dir = fresh_path("campaign");
    let args = [
        "fuzz",
        "--seed",
        "7",
        "--games",
        "25",
        "--out",
        dir.to_str().unwrap(),
    ];
    let first = graphgo(&args);
    assert_eq!(first.status.code(), Some(0), "{}", text(&first.stdout));
    let stdout = text(&first.stdout);
    let last = stdout.lines().last().unwrap();
    assert!(last.starts_with("25 games, "), "{last}");
    assert!(
        last.contains("turns/s") && last.ends_with("0 divergences"),
        "{last}"
    );
    let err = text(&first.stderr);
    assert!(
        err.contains("seed 7") && err.contains("spec vs engine"),
        "{err}"
    );
    // The same seed plays the same games: the same number of turns.
    // (Into another folder: in the same one, the campaign would resume from its summary.)
    let other = fresh_path("campaign-again");
    let mut again = args;
    again[6] = other.to_str().unwrap();
    let second = graphgo(&again);
    assert_eq!(totals(&stdout), totals(&text(&second.stdout)));
    let _ = std::fs::remove_dir_all(&other);
    // No divergence, no record: the folder holds the shard's summary alone.
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["summary-seed7-shard1of1.json"]);
    // One game alone.
    let one = graphgo(&[
        "fuzz",
        "--seed",
        "7",
        "--game",
        "3",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(text(&one.stdout)
        .lines()
        .last()
        .unwrap()
        .starts_with("1 games, "));
}

#[test]
fn fuzz_shards_split_the_turns_of_a_campaign() {
    let dir = fresh_path("shards");
    let out = dir.to_str().unwrap();
    let count = |args: &[&str]| -> u64 {
        let o = graphgo(args);
        assert_eq!(o.status.code(), Some(0));
        let t = totals(&text(&o.stdout));
        t.split(", ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    let whole = count(&["fuzz", "--seed", "3", "--games", "12", "--out", out]);
    let a = count(&[
        "fuzz", "--seed", "3", "--games", "6", "--shard", "1/2", "--out", out,
    ]);
    let b = count(&[
        "fuzz", "--seed", "3", "--games", "6", "--shard", "2/2", "--out", out,
    ]);
    assert_eq!(a + b, whole);
}

#[test]
fn fuzz_refuses_a_bad_shard() {
    let out = graphgo(&["fuzz", "--shard", "3/2", "--games", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("'3/2'"));
}

#[test]
fn bench_refuses_a_graph_over_the_board_cap_and_zero_playouts() {
    let out = graphgo(&[
        "bench",
        "--suites",
        "regular",
        "--graph-vertices",
        "5000000000",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("'5000000000' for '--graph-vertices")
            && err.contains("must be a whole number from 0 to 4194304"),
        "{err}"
    );
    assert!(
        out.stdout.is_empty(),
        "nothing measured: {}",
        text(&out.stdout)
    );
    let out = graphgo(&[
        "bench",
        "--suites",
        "light",
        "--size",
        "9",
        "--playouts",
        "0",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("'0' for '--playouts")
            && text(&out.stderr).contains("must be a whole number from 1 to 1000000000"),
        "{}",
        text(&out.stderr)
    );
    let out = graphgo(&["bench", "--suites", "regular", "--graph-vertices", "4"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--graph-vertices: 4 is too few"));
}

#[test]
fn bench_measures_one_playout_per_graph_size_and_rule_set() {
    let out = graphgo(&[
        "bench",
        "--suites",
        "regular",
        "--graph-vertices",
        "300,0,600",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let lines: Vec<String> = text(&out.stdout)
        .lines()
        .map(|l| l.split_whitespace().take(6).collect::<Vec<_>>().join(" "))
        .collect();
    assert_eq!(
        lines,
        [
            "random 4-regular graph 300 v light",
            "random 4-regular graph 300 v ggg1",
            "random 4-regular graph 600 v light",
            "random 4-regular graph 600 v ggg1",
        ]
    );
}

#[test]
fn check_shows_progress_on_standard_error_only_when_asked_off_a_terminal() {
    let record = ko_retake_record("progress");
    // Standard error is a pipe here: no progress unless --progress asks for it.
    let quiet = graphgo(&["check", &record]);
    assert_eq!(quiet.status.code(), Some(0), "{}", text(&quiet.stderr));
    assert!(
        !text(&quiet.stderr).contains("turns compared"),
        "{}",
        text(&quiet.stderr)
    );
    let shown = graphgo(&["check", "--progress", &record]);
    assert_eq!(shown.status.code(), Some(0), "{}", text(&shown.stderr));
    // The closing line gives the turns compared out of the record's three.
    assert!(
        text(&shown.stderr).contains("graphgo check: 3/3 turns compared in "),
        "{}",
        text(&shown.stderr)
    );
    // Standard output is the same report with or without it.
    assert_eq!(text(&shown.stdout), text(&quiet.stdout));
}

#[test]
fn bench_spec_suite_times_every_family_beside_the_engine() {
    let out = graphgo(&[
        "bench",
        "--suites",
        "spec",
        "--size",
        "5",
        "--replay-games",
        "1",
        "--spec-seconds",
        "0.5",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let families: Vec<&str> = stdout
        .lines()
        .filter(|l| l.contains("spec/engine"))
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(
        families,
        ["ggg1", "ggg2", "ggg3", "topo-stones", "mango", "directed"],
        "{stdout}"
    );
    assert!(!stdout.contains("refused"), "{stdout}");
    let out = graphgo(&["bench", "--suites", "spec", "--spec-seconds", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("'0' for '--spec-seconds")
            && text(&out.stderr).contains("above 0 and at most 3600"),
        "{}",
        text(&out.stderr)
    );
}
