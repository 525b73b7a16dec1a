//! `graphgo play --explain`: one hand-worked record per family, and the sentences the trace
//! must say about it (worked out from the diagrams in the comments, not from the code).

use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

fn record(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("graphgo-explain-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// The text of `play --explain`, and the `explain` field of `play --explain --json`.
fn explained(name: &str, text: &str) -> (String, Value) {
    let path = record(name, text);
    let bin = env!("CARGO_BIN_EXE_graphgo");
    let out = Command::new(bin)
        .args(["play", "--explain"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        out.status.code() == Some(0) || out.status.code() == Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json = Command::new(bin)
        .args(["play", "--explain", "--json"])
        .arg(&path)
        .output()
        .unwrap();
    let value: Value = serde_json::from_slice(&json.stdout).unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        value["explain"].clone(),
    )
}

/// The sentences of turn `n` (from 1) as `clause: says`.
fn turn(explain: &Value, n: usize) -> Vec<String> {
    explain["turns"][n - 1]["steps"]
        .as_array()
        .unwrap_or_else(|| panic!("no turn {n} in {explain}"))
        .iter()
        .map(|s| {
            format!(
                "{}: {}",
                s["clause"].as_str().unwrap(),
                s["says"].as_str().unwrap()
            )
        })
        .collect()
}

fn end(explain: &Value) -> Vec<String> {
    explain["end"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            format!(
                "{}: {}",
                s["clause"].as_str().unwrap(),
                s["says"].as_str().unwrap()
            )
        })
        .collect()
}

fn has(lines: &[String], want: &str) {
    assert!(
        lines.iter().any(|l| l.contains(want)),
        "no line says '{want}' in {lines:#?}"
    );
}

/// ```text
///  3 . X O .     B 3-2 leaves the white stone on 2-2 with no empty neighbour: removed in
///  2 X O . O     step 2. W 2-2 would take 3-2 back and give the starting colouring again:
///  1 . X O .     refused by positional superko (ggg1:3).
///    1 2 3 4
/// ```
#[test]
fn ggg1_capture_and_superko_refusal() {
    let (text, e) = explained(
        "ko.yaml",
        "rules: ggg1\nboard: {grid: [4, 3]}\nsetup:\n  black: [2-3, 1-2, 2-1]\n  white: [3-3, 2-2, 4-2, 3-1]\nmoves: [B 3-2, W 2-2]\n",
    );
    has(&turn(&e, 1), "ggg1:2: step 1 colours 3-2 black");
    has(
        &turn(&e, 1),
        "ggg1:2: step 2 removes the white group {2-2}: it has no liberty (ggg1:1)",
    );
    has(&turn(&e, 2), "ggg1:3: refused by ggg1:3");
    has(&turn(&e, 2), "the starting position again");
    assert_eq!(e["turns"][1]["legal"], false);
    assert!(text.contains("why:"), "{text}");
    assert!(
        text.contains("step 2 removes the white group {2-2}"),
        "{text}"
    );
}

/// On a row of three, White's 2-1 stands; Black's 1-1 has no empty neighbour and White's
/// group keeps 3-1: step 3 removes Black's own stone (no repetition rule, else the start
/// would come back).
#[test]
fn ggg1_self_capture_is_step_3() {
    let (_, e) = explained(
        "self.yaml",
        "rules: ggg1\nboard: {grid: [3, 1]}\nsetup: {white: [2-1]}\noptions: {repetition: none}\nmoves: [B 1-1]\n",
    );
    has(
        &turn(&e, 1),
        "ggg1:2: step 3 removes the mover's own black group {1-1}",
    );
}

/// Black 1-1 on a row of three, then two passes. ggg1:4: Black has its vertex and the
/// empty group {2-1, 3-1}, which has no white neighbour: 3. White has nothing; the empty
/// group touches Black: 0, plus komi 1/2.
#[test]
fn ggg1_score_names_the_points_counted() {
    let (_, e) = explained(
        "score.yaml",
        "rules: ggg1\nboard: {grid: [3, 1]}\nkomi: 1/2\nmoves: [B 1-1, W pass, B pass]\n",
    );
    has(&turn(&e, 3), "ggg1:4: two passes in a row end the game");
    let end = end(&e);
    has(
        &end,
        "black counts 3: 1 black vertices {1-1} and 2 empty vertices in groups with no white neighbour {2-1, 3-1}",
    );
    has(&end, "white counts 0");
    has(&end, "plus komi 1/2");
    has(&end, "black wins by score");
}

/// ggg3: Black holds one prisoner (P = 1) and pays it for a pass (ggg3:2).
#[test]
fn ggg3_a_pass_spends_a_prisoner() {
    let (_, e) = explained(
        "paid.yaml",
        "rules: ggg3\nboard: {grid: [3, 1]}\nprisoners: {black: 1}\nmoves: [B pass]\n",
    );
    has(&turn(&e, 1), "ggg1:2: black passes");
    has(
        &turn(&e, 1),
        "ggg3:2: a pass spends one of the passer's prisoners: P (Black's) 1 -> 0",
    );
}

/// MANGO on the path 1-2-3-4, point 4 weighing 1/2, T: z >= 1. White on 3; Black's 2
/// leaves White reaching only 4, worth 1/2: not alive, returned to E in step 3. After two
/// passes every empty point (1, 3, 4) is reached by Black alone: 1 + 1 + 1 + 1/2 = 7/2
/// with Black's own point 2; White 0.
#[test]
fn mango_removal_and_score() {
    let (_, e) = explained(
        "light.yaml",
        "rules: mango\nboard: {path: 4}\nsetup: {white: [3]}\nmango:\n  weights: {4: \"1/2\"}\n  threshold: \"z >= 1\"\nmoves: [B 2, W pass, B pass]\n",
    );
    has(&turn(&e, 1), "mango:MOVE: steps 1 and 2 move 2 from E to B");
    has(
        &turn(&e, 1),
        "mango:MOVE: step 3 returns the white points {3} to E: not alive (mango:ALIVE)",
    );
    has(&turn(&e, 3), "mango:END: two passes in a row end the game");
    let end = end(&e);
    has(&end, "black's score is its initial score");
    has(&end, "{2}");
    has(&end, ": 7/2");
    has(&end, "black wins by score");
}

/// Dominoes on a path of five points (spec/examples/topological/dominoes.yaml): after B d12
/// and W d34 the black domino has no legal placement that joins it, so White's play clears
/// it (topo:D8); Black's only placement would repeat, so Black loses (topo:R4a).
#[test]
fn topological_clearing_and_no_turn() {
    let (_, e) = explained(
        "dominoes.yaml",
        "rules: topo-primitive\nboard:\n  space:\n    points: [1, 2, 3, 4, 5, 1~2, 2~3, 3~4, 4~5]\n    base: [[1], [2], [3], [4], [5], [1, 1~2, 2], [2, 2~3, 3], [3, 3~4, 4], [4, 4~5, 5]]\n    placements:\n      - {name: d12, points: [1, 1~2, 2]}\n      - {name: d23, points: [2, 2~3, 3]}\n      - {name: d34, points: [3, 3~4, 4]}\n      - {name: d45, points: [4, 4~5, 5]}\nmoves: [B d12, W d34]\n",
    );
    has(
        &turn(&e, 1),
        "topo:D9: black colours the legal placement d12",
    );
    has(&turn(&e, 2), "topo:D8: clearing black empties {1, 2, 1~2}");
    has(&turn(&e, 2), "topo:R4a: black cannot take a turn and loses");
    has(&end(&e), "white wins");
}

/// The directed cycle 1 -> 2 -> 3 -> 1 (spec/examples/directed/komi_and_capture.yaml): komi
/// 1/2 named and White taken; W 2 leaves Black's 1 reaching only 2: removed; B 3 leaves
/// White's 2 reaching only 3: removed.
#[test]
fn directed_komi_and_captures() {
    let (_, e) = explained(
        "cycle.yaml",
        "rules: directed\nboard: {directed_cycle: 3}\nmoves: [first komi 1/2, second takes white, B 1, W 2, B 3]\n",
    );
    has(&turn(&e, 1), "dir:KOMI: the first player names komi 1/2");
    has(&turn(&e, 2), "dir:KOMI: the second player takes white");
    has(&turn(&e, 2), "scores now Black 0, White 1/2");
    has(&turn(&e, 4), "dir:CAPTURE: removes the black stones {1}");
    has(&turn(&e, 5), "dir:CAPTURE: removes the white stones {2}");
}
