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

/// ggg2 on the path 1-2 (spec/examples/ggg/ggg2_no_move.yaml): W 2 leaves Black's 1 with no
/// empty neighbour, removed in step 2. Black's one move, 1 again, would remove White's 2
/// and give back the colouring after turn 1 (black on 1 alone): refused by ggg1:3, so Black
/// has no move and loses (ggg2:4).
#[test]
fn ggg2_no_move_names_each_refused_move() {
    let (text, e) = explained(
        "ggg2.yaml",
        "rules: ggg2\nboard: {path: 2}\nmoves: [B 1, W 2]\n",
    );
    has(&turn(&e, 1), "ggg2:2: step 1 colours 1 black");
    has(&turn(&e, 2), "ggg2:2: step 1 colours 2 white");
    has(&turn(&e, 2), "step 2 removes the black group {1}");
    has(&turn(&e, 2), "ggg2:4: black cannot move and loses");
    has(
        &turn(&e, 2),
        "ggg1:3: black may not move: 1 would repeat an earlier position: the position of turn 1 again",
    );
    has(&end(&e), "white wins as the other cannot move");
    assert!(text.contains("ggg2:4: black cannot move"), "{text}");
}

/// ggg2 has no pass (ggg2:2: a turn is a move or a resignation).
#[test]
fn ggg2_refuses_a_pass() {
    let (_, e) = explained(
        "ggg2-pass.yaml",
        "rules: ggg2\nboard: {path: 3}\nmoves: [B pass]\n",
    );
    assert_eq!(e["turns"][0]["legal"], false);
    has(&turn(&e, 1), "ggg2:2: refused by ggg2:2");
}

/// The dominoes of spec/examples/topological/dominoes.yaml under stone scoring: B d12 is a
/// black stone of three points (topo:D3); W d34 leaves it no legal placement to join, so
/// clearing black empties {1, 1~2, 2} (topo:D8). Two passes end the game (topo:R4b):
/// Black has no point, White the three of d34 (topo:D11b), and the larger score wins
/// (topo:R5b).
#[test]
fn topological_stone_scoring_placements() {
    let (_, e) = explained(
        "dominoes-stones.yaml",
        "rules: topo-stones\nboard:\n  space:\n    points: [1, 2, 3, 4, 5, 1~2, 2~3, 3~4, 4~5]\n    base: [[1], [2], [3], [4], [5], [1, 1~2, 2], [2, 2~3, 3], [3, 3~4, 4], [4, 4~5, 5]]\n    placements:\n      - {name: d12, points: [1, 1~2, 2]}\n      - {name: d23, points: [2, 2~3, 3]}\n      - {name: d34, points: [3, 3~4, 4]}\n      - {name: d45, points: [4, 4~5, 5]}\nmoves: [B d12, W d34, B pass, W pass]\n",
    );
    has(
        &turn(&e, 1),
        "topo:D9: black colours the legal placement d12 {1, 2, 1~2} (topo:D4): it is now a black stone (topo:D3)",
    );
    has(&turn(&e, 2), "topo:D8: clearing black empties {1, 2, 1~2}");
    has(&turn(&e, 3), "topo:D10b: black passes");
    has(&turn(&e, 4), "topo:R4b: two passes in a row end the game");
    let end = end(&e);
    has(
        &end,
        "topo:D11b: black's score is its number of points: 0 {}",
    );
    has(
        &end,
        "topo:D11b: white's score is its number of points: 3 {3, 4, 3~4}",
    );
    has(&end, "topo:R5b: the larger score wins: white's");
    has(&end, "white wins by score");
}

/// The network article's words in a ggg1 capture: on the row 1-1 .. 4-1 with White on 1-1
/// and 2-1, Black 3-1 fills the last empty neighbour of White's chain {1-1, 2-1}
/// (nrich:capture), which ggg1:2 removes in step 2; Black keeps 4-1 as a liberty.
#[test]
fn nrich_capture_names_the_chain() {
    let (_, e) = explained(
        "nrich-capture.yaml",
        "rules: ggg1\nboard: {grid: [4, 1]}\nsetup: {white: [1-1, 2-1]}\nmoves: [B 3-1]\n",
    );
    has(
        &turn(&e, 1),
        "ggg1:2: step 2 removes the white group {1-1, 2-1}: it has no liberty (ggg1:1)",
    );
    has(
        &turn(&e, 1),
        "nrich:capture: 3-1 filled the last liberty of the white chain {1-1, 2-1} (nrich:chain): it is captured",
    );
}

/// Reading 1 beside flooding, on spec/examples/ggg/neutral_reading.yaml: the path 1-2-3
/// and a lone vertex z; Black on 2, then two passes. Flooding from Black reaches 1 and 3,
/// from White nothing; no flood reaches z.
/// - neutral: both (the text): z counts for both: Black 1 + {1, 3, z} = 4, White {z} = 1;
/// - neutral: none (flooding): Black 1 + {1, 3} = 3, White 0.
#[test]
fn nrich_flood_and_the_neutral_reading() {
    let board =
        "rules: ggg1\nboard:\n  graph:\n    vertices: [1, 2, 3, z]\n    edges: [[1, 2], [2, 3]]\n";
    let (_, both) = explained(
        "neutral-both.yaml",
        &format!("{board}moves: [B 2, W pass, B pass]\n"),
    );
    let end_both = end(&both);
    has(&end_both, "ggg1:4: black counts 4");
    has(&end_both, "ggg1:4: white counts 1");
    has(
        &end_both,
        "nrich:flood: no flooding reaches the empty vertices {z}: they touch no stone",
    );
    has(&end_both, "counts them for both players");

    let (_, none) = explained(
        "neutral-none.yaml",
        &format!("{board}options: {{neutral: none}}\nmoves: [B 2, W pass, B pass]\n"),
    );
    let end_none = end(&none);
    has(
        &end_none,
        "ggg1:4: black counts 3: 1 black vertices {2} and 2 empty vertices in groups with a black neighbour and no white neighbour {1, 3}",
    );
    has(&end_none, "ggg1:4: white counts 0");
    has(
        &end_none,
        "nrich:flood: flooding from the black stones reaches {1, 3}, of which {1, 3} is not reached from the white stones",
    );
    has(
        &end_none,
        "nrich:flood: flooding from the white stones reaches {}, of which {} is not reached",
    );
    assert!(
        !end_none.iter().any(|l| l.contains("counts them for both")),
        "{end_none:#?}"
    );
}
