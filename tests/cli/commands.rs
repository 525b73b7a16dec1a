//! The `graphgo` binary from the outside: exit statuses, the text and JSON reports, illegal
//! turns, malformed inputs, and the example records of `spec/examples/ggg/`.
//!
//! Every expected value here was worked out by hand from the rules (`spec/ggg.md`); the
//! working is in the comment next to it.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::invocation::{run, scratch, Run};
use serde_json::{json, Value};

/// Writes `bytes` to `dir/name` and plays it (with `--json` when asked).
fn play_bytes(dir: &Path, name: &str, bytes: &[u8], json: bool) -> Run {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    play_file(&path, json)
}

fn play_file(path: &Path, json: bool) -> Run {
    let mut args = vec![std::ffi::OsStr::new("play"), path.as_os_str()];
    if json {
        args.push("--json".as_ref());
    }
    run(&args)
}

/// Plays a YAML record and returns the JSON report, checking the exit status.
fn report(test: &str, record: &str, code: i32) -> Value {
    let dir = scratch(test);
    let r = play_bytes(&dir, "game.yaml", record.as_bytes(), true);
    assert_eq!(r.code, code, "stdout {} stderr {}", r.stdout, r.stderr);
    serde_json::from_str(&r.stdout).expect("--json prints one JSON object")
}

/// The text report of a YAML record, checking the exit status.
fn text(test: &str, record: &str, code: i32) -> String {
    let dir = scratch(test);
    let r = play_bytes(&dir, "game.yaml", record.as_bytes(), false);
    assert_eq!(r.code, code, "stdout {} stderr {}", r.stdout, r.stderr);
    r.stdout
}

fn colour_of(report: &Value, vertex: &str) -> String {
    report["final"]["position"][vertex]
        .as_str()
        .unwrap_or_else(|| panic!("no vertex {vertex} in {report}"))
        .to_string()
}

// ---------------------------------------------------------------------------------------
// Exit 0: legal games, their reports
// ---------------------------------------------------------------------------------------

/// ggg1:4 — two consecutive passes end the game; area score by hand on a 6x1 row
/// `. X X . O .`: Black 2 stones + 1-1 (next to Black only) = 3; White 5-1 + 6-1 = 2;
/// 4-1 touches both colours and counts for nobody.
#[test]
fn ggg1_two_passes_end_and_json_report_fields() {
    let r = report(
        "two_passes",
        "rules: ggg1\nboard: {grid: [6, 1]}\nmoves: [\"B 2-1\", \"W 5-1\", \"B 3-1\", \"W pass\", \"B pass\"]\n",
        0,
    );
    assert_eq!(r["rules"], "ggg1");
    let turns: Vec<&str> = r["turns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["turn"].as_str().unwrap())
        .collect();
    assert_eq!(turns, ["B 2-1", "W 5-1", "B 3-1", "W pass", "B pass"]);
    for t in r["turns"].as_array().unwrap() {
        assert_eq!(t["removed"], json!([]));
    }
    assert_eq!(r["illegal"], Value::Null);
    let expected = [
        ("1-1", "empty"),
        ("2-1", "black"),
        ("3-1", "black"),
        ("4-1", "empty"),
        ("5-1", "white"),
        ("6-1", "empty"),
    ];
    assert_eq!(r["final"]["position"].as_object().unwrap().len(), 6);
    for (v, c) in expected {
        assert_eq!(colour_of(&r, v), c, "{v}");
    }
    assert_eq!(r["final"]["to_move"], Value::Null);
    assert_eq!(r["final"]["prisoners"], Value::Null);
    assert_eq!(
        r["result"],
        json!({"winner": "black", "by": "score", "score": {"black": "3", "white": "2"}})
    );
}

/// The same game as text: one line a turn, the diagram, the result line.
#[test]
fn text_report_lines() {
    let out = text(
        "text_report",
        "rules: ggg1\nboard: {grid: [6, 1]}\nmoves: [\"B 2-1\", \"W 5-1\", \"B 3-1\", \"W pass\", \"B pass\"]\n",
        0,
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "rules ggg1 on 6 vertices and 5 edges");
    assert_eq!(lines[1], "   1. B 2-1");
    assert_eq!(lines[5], "   5. B pass");
    assert_eq!(lines[6], "final position:");
    assert_eq!(lines[7], "  1 . X X . O .");
    assert_eq!(
        lines.last().unwrap(),
        &"result: Black wins by score (Black 3, White 2)"
    );
}

/// ggg1:2 — on a 5x5 torus the white stone on 1-1 has the neighbours 2-1, 5-1 (column
/// seam), 1-2 and 1-5 (row seam); the fourth black stone removes it.
#[test]
fn ggg1_capture_across_the_torus_seam() {
    let r = report(
        "torus_seam",
        "rules: ggg1\nboard: {torus: [5, 5]}\nsetup: {white: [1-1]}\n\
         moves: [\"B 2-1\", \"W pass\", \"B 5-1\", \"W pass\", \"B 1-2\", \"W pass\", \"B 1-5\"]\n",
        0,
    );
    let removed: Vec<&Value> = r["turns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| &t["removed"])
        .collect();
    assert_eq!(removed[..6], [&json!([]); 6]);
    assert_eq!(removed[6], &json!(["1-1"]));
    assert_eq!(colour_of(&r, "1-1"), "empty");
    assert_eq!(colour_of(&r, "1-5"), "black");
    assert_eq!(r["final"]["to_move"], "white");
    assert_eq!(r["result"], Value::Null);
}

/// ggg1:0 — E is a set of unordered pairs: an edge listed twice, either way round, is one
/// edge; a self-loop is refused (see the malformed inputs).
#[test]
fn ggg1_0_edges_are_unordered_pairs() {
    let out = text(
        "unordered_pairs",
        "rules: ggg1\nboard: {graph: {vertices: [a, b, c], edges: [[a, b], [b, a], [b, c]]}}\n",
        0,
    );
    assert_eq!(
        out.lines().next(),
        Some("rules ggg1 on 3 vertices and 2 edges")
    );
}

/// ggg1:1 — a group is a class of the closure of ~ (same colour and an edge), and its
/// liberties are the empty vertices next to any of its vertices. On path 1..4 with Black on
/// 1 and White on 2 and 3, B 4 takes the last liberty of the group {2, 3}: both go. On path
/// 1..5 with White on 2 and 4 (two groups), B 3 removes {2} only: {4} keeps liberty 5.
#[test]
fn ggg1_1_groups_live_and_die_whole() {
    let r = report(
        "group_dies_whole",
        "rules: ggg1\nboard: {path: 4}\nsetup: {black: [1], white: [2, 3]}\nmoves: [\"B 4\"]\n",
        0,
    );
    assert_eq!(r["turns"][0]["removed"], json!(["2", "3"]));
    let r = report(
        "two_groups",
        "rules: ggg1\nboard: {path: 5}\nsetup: {black: [1], white: [2, 4]}\nmoves: [\"B 3\"]\n",
        0,
    );
    assert_eq!(r["turns"][0]["removed"], json!(["2"]));
    assert_eq!(colour_of(&r, "4"), "white");
}

/// ggg1:2 — a move removes the opponent's libertyless groups, then the mover's own, and the
/// setup may hold libertyless groups: `a-b` with a black, b white, and an isolated black
/// `e`. Black's move on c removes b (no empty neighbour), then e (no neighbour at all);
/// a survives because b is now empty.
#[test]
fn ggg1_first_move_removes_libertyless_setup_groups() {
    let r = report(
        "libertyless_setup",
        "rules: ggg1\nboard: {graph: {vertices: [a, b, c, d, e], edges: [[a, b], [c, d]]}}\n\
         setup: {black: [a, e], white: [b]}\nmoves: [\"B c\"]\n",
        0,
    );
    assert_eq!(r["turns"][0]["removed"], json!(["b", "e"]));
    for (v, c) in [
        ("a", "black"),
        ("b", "empty"),
        ("c", "black"),
        ("d", "empty"),
        ("e", "empty"),
    ] {
        assert_eq!(colour_of(&r, v), c, "{v}");
    }
}

/// ggg1:4 — a resignation ends the game and the resigner loses; under ggg1 the report still
/// gives both scores: path 1-2-3 with Black on 2: Black 1 stone + 1 + 3 = 3, White 0.
#[test]
fn ggg1_resignation_loses_and_still_reports_scores() {
    let r = report(
        "resign",
        "rules: ggg1\nboard: {path: 3}\nmoves: [\"B 2\", \"W resign\"]\n",
        0,
    );
    assert_eq!(
        r["result"],
        json!({"winner": "black", "by": "resignation", "score": {"black": "3", "white": "0"}})
    );
    // Even the player ahead on the board loses by resigning.
    let r = report(
        "resign_ahead",
        "rules: ggg1\nboard: {path: 3}\nmoves: [\"B 2\", \"W pass\", \"B resign\"]\n",
        0,
    );
    assert_eq!(r["result"]["winner"], "white");
    assert_eq!(r["result"]["by"], "resignation");
    assert_eq!(r["result"]["score"], json!({"black": "3", "white": "0"}));
}

/// Reading 1 (ggg1:4): the isolated empty vertex z has no neighbour of either colour. As
/// written it counts for both (Black 1 + 1 + 3 + z = 4, White z = 1); under `neutral: none`
/// for nobody (Black 3, White 0).
#[test]
fn reading_1_neutral_both_and_none_differ() {
    let record = "rules: ggg1\nboard: {graph: {vertices: [1, 2, 3, z], edges: [[1, 2], [2, 3]]}}\n\
                  moves: [\"B 2\", \"W pass\", \"B pass\"]\n";
    let both = report("neutral_both", record, 0);
    assert_eq!(both["result"]["score"], json!({"black": "4", "white": "1"}));
    let explicit = report(
        "neutral_both_explicit",
        &format!("{record}options: {{neutral: both}}\n"),
        0,
    );
    assert_eq!(explicit["result"], both["result"]);
    let none = report(
        "neutral_none",
        &format!("{record}options: {{neutral: none}}\n"),
        0,
    );
    assert_eq!(none["result"]["score"], json!({"black": "3", "white": "0"}));
    assert_eq!(none["result"]["winner"], "black");
}

/// Reading 10: komi is added to White's score. `. X X . O .` is 3 to 2; komi 3/2 makes
/// White 7/2 and the winner; komi 1 makes a draw. The three spellings of 3/2 agree.
#[test]
fn komi_is_added_to_white_and_read_exactly() {
    let game = "rules: ggg1\nboard: {grid: [6, 1]}\nmoves: [\"B 2-1\", \"W 5-1\", \"B 3-1\", \"W pass\", \"B pass\"]\n";
    for (i, komi) in ["1.5", "\"3/2\"", "\"6/4\"", "\"1.50\""]
        .into_iter()
        .enumerate()
    {
        let r = report(&format!("komi_{i}"), &format!("{game}komi: {komi}\n"), 0);
        assert_eq!(
            r["result"],
            json!({"winner": "white", "by": "score", "score": {"black": "3", "white": "7/2"}}),
            "komi {komi}"
        );
    }
    let r = report("komi_draw", &format!("{game}komi: 1\n"), 0);
    assert_eq!(
        r["result"],
        json!({"winner": "draw", "by": "score", "score": {"black": "3", "white": "3"}})
    );
    // 0.1 as a YAML float is the decimal a person wrote, exactly 1/10.
    let r = report("komi_tenth", &format!("{game}komi: 0.1\n"), 0);
    assert_eq!(r["result"]["score"]["white"], "21/10");
}

/// ggg1:notes — the komi gadget: a path k1-k2-k3-k4 with white inside is worth 4 to White
/// (2 stones, k1 and k4 next to White only), and a black stone on k1 has no liberty, is
/// removed at once and gives back the same colouring (ggg1:3).
#[test]
fn ggg1_notes_komi_gadget() {
    let board = "rules: ggg1\nboard: {graph: {vertices: [1, 2, 3, 4, 5, 6, k1, k2, k3, k4], \
                 edges: [[1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [k1, k2], [k2, k3], [k3, k4]]}}\n\
                 setup: {white: [k2, k3]}\n";
    let r = report(
        "gadget",
        &format!("{board}moves: [\"B 2\", \"W 5\", \"B 3\", \"W pass\", \"B pass\"]\n"),
        0,
    );
    assert_eq!(
        r["result"],
        json!({"winner": "white", "by": "score", "score": {"black": "3", "white": "6"}})
    );
    let r = report("gadget_refused", &format!("{board}moves: [\"B k1\"]\n"), 1);
    assert_eq!(r["illegal"]["clause"], "ggg1:3");
    assert_eq!(r["illegal"]["index"], 0);
}

/// ggg1:notes — a handicap is an initial colouring and White may move first.
#[test]
fn ggg1_notes_handicap_and_white_first() {
    let r = report(
        "handicap",
        "rules: ggg1\nboard: {grid: [5, 5]}\nsetup: {black: [C3, 2-2]}\nto_move: white\n\
         moves: [\"W 4-4\", \"B pass\", \"W pass\"]\n",
        0,
    );
    assert_eq!(colour_of(&r, "3-3"), "black");
    assert_eq!(colour_of(&r, "2-2"), "black");
    assert_eq!(colour_of(&r, "4-4"), "white");
    // Every empty point is one group touching both colours: stones only, 2 to 1.
    assert_eq!(r["result"]["score"], json!({"black": "2", "white": "1"}));
    let r = report(
        "handicap_wrong_player",
        "rules: ggg1\nboard: {grid: [5, 5]}\nsetup: {black: [C3]}\nto_move: white\nmoves: [\"B 4-4\"]\n",
        1,
    );
    assert_eq!(r["illegal"]["clause"], "ggg1:2");
}

/// GTP names are accepted in the input (either case), canonical `x-y` names come out.
#[test]
fn gtp_names_in_canonical_names_out() {
    let r = report(
        "gtp",
        "rules: ggg1\nboard: {grid: [19, 19]}\nsetup: {white: [A1]}\n\
         moves: [\"B C4\", \"w j10\", \"black T19\", \"White pass\"]\n",
        0,
    );
    let turns: Vec<&str> = r["turns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["turn"].as_str().unwrap())
        .collect();
    // Columns skip I: J is the ninth column.
    assert_eq!(turns, ["B 3-4", "W 9-10", "B 19-19", "W pass"]);
    assert_eq!(colour_of(&r, "1-1"), "white");
    assert_eq!(colour_of(&r, "9-10"), "white");
    assert!(r["final"]["position"].get("C4").is_none());
}

/// A `.json` record is read as JSON; integers name vertices by their decimal text.
#[test]
fn json_record_and_integer_vertex_names() {
    let dir = scratch("json_record");
    let r = play_bytes(
        &dir,
        "game.json",
        br#"{"rules": "ggg1", "board": {"graph": {"vertices": [1, 2, "x"], "edges": [[1, 2], [2, "x"]]}},
            "komi": "1/2", "moves": ["B 2", "W pass", "B pass"]}"#,
        true,
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let v: Value = serde_json::from_str(&r.stdout).unwrap();
    // Black 2 + 1 + x = 3; White 0 + 1/2.
    assert_eq!(v["result"]["score"], json!({"black": "3", "white": "1/2"}));
    assert_eq!(v["turns"][0]["turn"], "B 2");
}

// ---------------------------------------------------------------------------------------
// Exit 1: illegal turns
// ---------------------------------------------------------------------------------------

/// ggg1:3 — the ko: Black's 3-2 removes 2-2; White's retake on 2-2 would remove 3-2 and give
/// back the starting colouring. The report stops before it: index, turn, clause, reason.
#[test]
fn ggg1_ko_retake_refused_by_superko() {
    let record = "rules: ggg1\nboard: {grid: [4, 3]}\n\
                  setup: {black: [2-3, 1-2, 2-1], white: [3-3, 2-2, 4-2, 3-1]}\n\
                  moves: [\"B 3-2\", \"W 2-2\", \"B pass\"]\n";
    let r = report("ko", record, 1);
    assert_eq!(r["turns"].as_array().unwrap().len(), 1);
    assert_eq!(r["turns"][0]["removed"], json!(["2-2"]));
    let illegal = &r["illegal"];
    assert_eq!(illegal["index"], 1);
    assert_eq!(illegal["turn"], "W 2-2");
    assert_eq!(illegal["clause"], "ggg1:3");
    assert!(illegal["reason"].as_str().unwrap().contains("repeat"));
    // The final position is the one before the illegal turn.
    assert_eq!(colour_of(&r, "3-2"), "black");
    assert_eq!(colour_of(&r, "2-2"), "empty");
    assert_eq!(r["final"]["to_move"], "white");
    assert_eq!(r["result"], Value::Null);
    let out = text("ko_text", record, 1);
    assert!(
        out.contains("   2. W 2-2  ILLEGAL (ggg1:3): 2-2 would repeat an earlier position"),
        "{out}"
    );
    assert!(out.contains("result: none yet, White to move"), "{out}");
}

/// Reading 3 (ggg1:3): "earlier" includes the current colouring, so a lone stone that
/// captures only itself (and changes nothing) is never legal: on a single vertex, and on
/// the empty point of a one-point eye.
#[test]
fn reading_3_single_stone_self_capture_is_never_legal() {
    let r = report(
        "lone_vertex",
        "rules: ggg1\nboard: {path: 1}\nmoves: [\"B 1\"]\n",
        1,
    );
    assert_eq!(r["illegal"]["clause"], "ggg1:3");
    // Path 1-2-3, White on 2: Black on 1 has no liberty, White keeps 3, so the black stone
    // alone is removed and the colouring is the current one again.
    let r = report(
        "eye",
        "rules: ggg1\nboard: {path: 3}\nsetup: {white: [2]}\nmoves: [\"B 1\"]\n",
        1,
    );
    assert_eq!(r["illegal"]["clause"], "ggg1:3");
    // The contrast: Black on 2 between white stones on 1 and 3 has no liberty either, but
    // removes both white stones first (ggg1:2) and then has two: legal.
    let r = report(
        "eye_capture",
        "rules: ggg1\nboard: {path: 3}\nsetup: {white: [1, 3]}\nmoves: [\"B 2\"]\n",
        0,
    );
    assert_eq!(r["turns"][0]["removed"], json!(["1", "3"]));
    // With the option `repetition: none` the same lone self-capture is a legal no-op.
    let r = report(
        "lone_vertex_no_superko",
        "rules: ggg1\nboard: {path: 1}\noptions: {repetition: none}\nmoves: [\"B 1\"]\n",
        0,
    );
    assert_eq!(colour_of(&r, "1"), "empty");
}

/// ggg1:2 — players alternate from the setup's first player; a turn by the other is illegal.
#[test]
fn ggg1_turn_by_the_wrong_player() {
    let r = report(
        "wrong_player",
        "rules: ggg1\nboard: {path: 3}\nmoves: [\"B 1\", \"B 3\"]\n",
        1,
    );
    assert_eq!(
        r["illegal"],
        json!({"index": 1, "turn": "B 3", "clause": "ggg1:2", "reason": "it is White's turn, not Black's"})
    );
    let r = report(
        "occupied",
        "rules: ggg1\nboard: {path: 3}\nmoves: [\"B 1\", \"W 1\"]\n",
        1,
    );
    assert_eq!(r["illegal"]["clause"], "ggg1:2");
    assert!(r["illegal"]["reason"]
        .as_str()
        .unwrap()
        .contains("not empty"));
}

/// ggg1:4, ggg2:4, ggg3:4 — a turn after the end is illegal under the clause that ended it.
#[test]
fn turns_after_the_end_are_illegal() {
    let cases = [
        (
            "rules: ggg1\nboard: {path: 3}\nmoves: [\"B pass\", \"W pass\", \"B 1\"]\n",
            2,
            "ggg1:4",
        ),
        (
            "rules: ggg1\nboard: {path: 3}\nmoves: [\"B resign\", \"W 1\"]\n",
            1,
            "ggg1:4",
        ),
        (
            "rules: ggg2\nboard: {path: 3}\nmoves: [\"B resign\", \"W 1\"]\n",
            1,
            "ggg2:4",
        ),
        // Path 2 under ggg2: after B 1, W 2 Black has no move (see ggg2_unable_to_move_loses).
        (
            "rules: ggg2\nboard: {path: 2}\nmoves: [\"B 1\", \"W 2\", \"B 1\"]\n",
            2,
            "ggg2:4",
        ),
        (
            "rules: ggg3\nboard: {path: 2}\nmoves: [\"B 1\", \"W 2\", \"B 1\"]\n",
            2,
            "ggg3:4",
        ),
    ];
    for (i, (record, index, clause)) in cases.into_iter().enumerate() {
        let r = report(&format!("after_end_{i}"), record, 1);
        assert_eq!(r["illegal"]["index"], index, "{record}");
        assert_eq!(r["illegal"]["clause"], clause, "{record}");
        assert_eq!(r["illegal"]["reason"], "the game is over", "{record}");
        assert!(r["result"].is_object(), "{record}");
    }
}

// ---------------------------------------------------------------------------------------
// Versions 2 and 3
// ---------------------------------------------------------------------------------------

/// ggg2:2 — version 2 has no pass.
#[test]
fn ggg2_has_no_pass() {
    let r = report(
        "ggg2_pass",
        "rules: ggg2\nboard: {path: 3}\nmoves: [\"B pass\"]\n",
        1,
    );
    assert_eq!(r["illegal"]["clause"], "ggg2:2");
    assert_eq!(r["illegal"]["index"], 0);
}

/// ggg2:4 — path 1-2: B 1 (liberty 2), W 2 removes 1 (colouring `. O`, new). Black's only
/// move, 1, would remove 2 and give `X .`, the colouring after turn 1: Black cannot move
/// and loses. The game ends as soon as that is so, with White's turn.
#[test]
fn ggg2_unable_to_move_loses() {
    let r = report(
        "ggg2_no_move",
        "rules: ggg2\nboard: {path: 2}\nmoves: [\"B 1\", \"W 2\"]\n",
        0,
    );
    assert_eq!(r["turns"][1]["removed"], json!(["1"]));
    assert_eq!(
        r["result"],
        json!({"winner": "white", "by": "no-move", "score": null})
    );
    assert_eq!(r["final"]["to_move"], Value::Null);
    // On a single vertex Black has no move at the very start (its stone would remove
    // itself and repeat the empty colouring): the game is over before any turn.
    let r = report(
        "ggg2_no_move_at_start",
        "rules: ggg2\nboard: {path: 1}\n",
        0,
    );
    assert_eq!(r["turns"], json!([]));
    assert_eq!(r["result"]["winner"], "white");
    assert_eq!(r["result"]["by"], "no-move");
}

/// ggg2:example — the 5x5 position of the source. The example record gives the same
/// colouring as `ggg::example_5x5`. Counted by ggg1:4 after two passes: Black 9 stones + the
/// 5 empty points of row 5 (next to Black only) = 14; White 8 stones + 3 holes = 11. Under
/// ggg2 Black may not play in White's hole 1-1 (removed at once, colouring repeats).
#[test]
fn ggg2_example_position() {
    let file =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("spec/examples/ggg/ggg2_example_5x5.yaml");
    let game = graphgo::io::record::Record::load(&file)
        .unwrap()
        .game()
        .unwrap();
    let example = graphgo::spec::ggg::example_5x5();
    assert_eq!(*example.graph, *game.setup.board);
    let colours: Vec<_> = example.f.iter().copied().collect();
    assert_eq!(colours, game.setup.initial);
    let setup =
        "board: {grid: [5, 5]}\nsetup:\n  black: [1-4, 2-4, 3-4, 4-4, 5-4, 2-3, 3-3, 4-3, 5-3]\n  \
                 white: [1-3, 1-2, 2-2, 3-2, 4-2, 5-2, 2-1, 4-1]\n";
    let r = report(
        "example_5x5_ggg1",
        &format!("rules: ggg1\n{setup}moves: [\"B pass\", \"W pass\"]\n"),
        0,
    );
    assert_eq!(
        r["result"],
        json!({"winner": "black", "by": "score", "score": {"black": "14", "white": "11"}})
    );
    let r = report(
        "example_5x5_ggg2",
        &format!("rules: ggg2\n{setup}moves: [\"B 1-1\"]\n"),
        1,
    );
    assert_eq!(r["illegal"]["clause"], "ggg1:3");
    // Black's own row is open to it: 1-5 leaves its group four liberties.
    let r = report(
        "example_5x5_ggg2_row",
        &format!("rules: ggg2\n{setup}moves: [\"B 1-5\"]\n"),
        0,
    );
    assert_eq!(r["result"], Value::Null);
    assert_eq!(r["final"]["to_move"], "white");
}

/// ggg3:0 — the prisoner counts P (Black's) and Q (White's) are part of the equipment: a
/// record may give them, they default to 0, and the report shows them.
#[test]
fn ggg3_0_prisoners_are_equipment() {
    let r = report(
        "prisoners_given",
        "rules: ggg3\nboard: {path: 3}\nprisoners: {black: 3, white: 5}\n",
        0,
    );
    assert_eq!(r["final"]["prisoners"], json!({"black": 3, "white": 5}));
    let r = report("prisoners_default", "rules: ggg3\nboard: {path: 3}\n", 0);
    assert_eq!(r["final"]["prisoners"], json!({"black": 0, "white": 0}));
    // Versions 1 and 2 keep none.
    let r = report("prisoners_none", "rules: ggg2\nboard: {path: 3}\n", 0);
    assert_eq!(r["final"]["prisoners"], Value::Null);
}

/// ggg3:2 — a pass spends one of the passer's own prisoners and is refused at zero; a
/// removed white group adds to P (Black's), a black one to Q (White's).
#[test]
fn ggg3_passes_cost_prisoners_and_captures_pay() {
    let r = report(
        "ggg3_no_prisoner",
        "rules: ggg3\nboard: {path: 3}\nmoves: [\"B pass\"]\n",
        1,
    );
    assert_eq!(r["illegal"]["clause"], "ggg3:2");
    assert_eq!(r["final"]["prisoners"], json!({"black": 0, "white": 0}));
    // P = 1: B pass (P 0), W 1, B 2 removes 1 (P 1). White's only move, 1, would give the
    // colouring after turn 2 (ggg3:3), so White cannot move and loses (ggg3:4).
    let r = report(
        "ggg3_paid_pass",
        "rules: ggg3\nboard: {path: 2}\nprisoners: {black: 1}\nmoves: [\"B pass\", \"W 1\", \"B 2\"]\n",
        0,
    );
    assert_eq!(r["turns"][2]["removed"], json!(["1"]));
    assert_eq!(r["final"]["prisoners"], json!({"black": 1, "white": 0}));
    assert_eq!(
        r["result"],
        json!({"winner": "black", "by": "no-move", "score": null})
    );
}

/// ggg3:2 — a self-capture pays the opponent: path 1-2-3-4-5 with Black on 1 and White on
/// 3; B 2 leaves White with liberty 4 and Black's {1, 2} with none, so two black stones go
/// and Q gains 2. `self_capture: multi` allows it (two stones), `none` refuses it (Black
/// still has a move, on 4, so the game is not over).
#[test]
fn ggg3_self_capture_adds_to_the_opponents_prisoners() {
    let record =
        "rules: ggg3\nboard: {path: 5}\nsetup: {black: [1], white: [3]}\nmoves: [\"B 2\"]\n";
    let r = report("ggg3_self_capture", record, 0);
    assert_eq!(r["turns"][0]["removed"], json!(["1", "2"]));
    assert_eq!(r["final"]["prisoners"], json!({"black": 0, "white": 2}));
    let r = report(
        "ggg3_self_capture_multi",
        &format!("{record}options: {{self_capture: multi}}\n"),
        0,
    );
    assert_eq!(r["final"]["prisoners"], json!({"black": 0, "white": 2}));
    let r = report(
        "ggg3_self_capture_none",
        &format!("{record}options: {{self_capture: none}}\n"),
        1,
    );
    assert_eq!(r["illegal"]["clause"], "option:self_capture");
}

/// Reading 2 (ggg3:4): path 1-2, P = 1. After B 1, W 2 (Q 1) Black cannot make a move.
/// `no_move: lose` (default): Black loses at once, though it could pay for a pass.
/// `no_move: pass`: Black passes (P 0); White cannot move either (W 1 would remove its own
/// two stones and repeat the empty colouring) and passes (Q 0); Black has neither a move
/// nor a prisoner and loses.
#[test]
fn reading_2_unable_to_move_while_a_pass_is_allowed() {
    let base = "rules: ggg3\nboard: {path: 2}\nprisoners: {black: 1, white: 0}\n";
    let lose = report(
        "no_move_lose",
        &format!("{base}moves: [\"B 1\", \"W 2\"]\n"),
        0,
    );
    assert_eq!(lose["result"]["winner"], "white");
    assert_eq!(lose["result"]["by"], "no-move");
    assert_eq!(lose["final"]["prisoners"], json!({"black": 1, "white": 1}));
    let lose_then_pass = report(
        "no_move_lose_pass",
        &format!("{base}moves: [\"B 1\", \"W 2\", \"B pass\"]\n"),
        1,
    );
    assert_eq!(lose_then_pass["illegal"]["clause"], "ggg3:4");
    let pass = report(
        "no_move_pass",
        &format!(
            "{base}options: {{no_move: pass}}\nmoves: [\"B 1\", \"W 2\", \"B pass\", \"W pass\"]\n"
        ),
        0,
    );
    assert_eq!(pass["final"]["prisoners"], json!({"black": 0, "white": 0}));
    assert_eq!(pass["result"]["winner"], "white");
    assert_eq!(pass["result"]["by"], "no-move");
    let short = report(
        "no_move_pass_unfinished",
        &format!("{base}options: {{no_move: pass}}\nmoves: [\"B 1\", \"W 2\"]\n"),
        0,
    );
    assert_eq!(short["result"], Value::Null);
    assert_eq!(short["final"]["to_move"], "black");
}

// ---------------------------------------------------------------------------------------
// Exit 2: bad input, never a panic
// ---------------------------------------------------------------------------------------

/// Each malformed input exits 2 with a message that names the file, the field and the
/// value, prints nothing on stdout, and does not panic.
#[test]
fn malformed_inputs_exit_2_naming_file_field_value() {
    let dir = scratch("malformed");
    let cases: Vec<(&str, Vec<u8>, Vec<&str>)> = vec![
        (
            "bad_yaml.yaml",
            b"rules: ggg1\nboard: {grid: [3, 3\n".to_vec(),
            vec!["not valid YAML", "line 3"],
        ),
        (
            "bad_json.json",
            br#"{"rules": "ggg1", "board": {"path": 3},}"#.to_vec(),
            vec!["not valid JSON", "trailing comma"],
        ),
        (
            "unknown_field.yaml",
            b"rules: ggg1\nboard: {path: 3}\ncolour: red\n".to_vec(),
            vec!["field 'colour'", "unknown field `colour`"],
        ),
        (
            "unknown_rules.yaml",
            b"rules: ggg9\nboard: {path: 3}\n".to_vec(),
            vec!["field 'rules'", "'ggg9'"],
        ),
        (
            "unknown_board.yaml",
            b"rules: ggg1\nboard: {hexagon: 3}\n".to_vec(),
            vec!["field 'board'", "hexagon"],
        ),
        (
            "unknown_vertex_move.yaml",
            b"rules: ggg1\nboard: {path: 3}\nmoves: [\"B 1\", \"W 9\"]\n".to_vec(),
            vec!["field 'moves[1]'", "'9'"],
        ),
        (
            "unknown_vertex_setup.yaml",
            b"rules: ggg1\nboard: {grid: [3, 3]}\nsetup: {white: [4-4]}\n".to_vec(),
            vec!["field 'setup.white'", "'4-4'"],
        ),
        (
            "unknown_vertex_edge.yaml",
            b"rules: ggg1\nboard: {graph: {vertices: [a, b], edges: [[a, z]]}}\n".to_vec(),
            vec!["field 'board'", "'z'"],
        ),
        (
            "gtp_on_a_path.yaml",
            b"rules: ggg1\nboard: {path: 3}\nmoves: [\"B C4\"]\n".to_vec(),
            vec!["field 'moves[0]'", "'C4'"],
        ),
        (
            "bad_turn.yaml",
            b"rules: ggg1\nboard: {path: 3}\nmoves: [\"X 1\"]\n".to_vec(),
            vec!["field 'moves[0]'", "'X'"],
        ),
        (
            "one_word_turn.yaml",
            b"rules: ggg1\nboard: {path: 3}\nmoves: [\"B\"]\n".to_vec(),
            vec!["field 'moves[0]'", "'B'"],
        ),
        (
            "self_loop.yaml",
            b"rules: ggg1\nboard: {graph: {vertices: [a, b], edges: [[a, a]]}}\n".to_vec(),
            vec!["field 'board'", "[a, a]", "self-loop"],
        ),
        (
            "duplicate_vertex.yaml",
            b"rules: ggg1\nboard: {graph: {vertices: [a, b, a]}}\n".to_vec(),
            vec!["field 'board'", "'a' is listed twice"],
        ),
        (
            "duplicate_setup.yaml",
            b"rules: ggg1\nboard: {path: 3}\nsetup: {black: [1], white: [1]}\n".to_vec(),
            vec!["field 'setup.white'", "'1' is listed twice"],
        ),
        (
            "size_cap.yaml",
            b"rules: ggg1\nboard: {grid: [3000, 3000]}\n".to_vec(),
            vec!["field 'board'", "9000000 vertices", "cap of 4194304"],
        ),
        (
            "edge_cap.yaml",
            b"rules: ggg1\nboard: {complete: 6000}\n".to_vec(),
            vec!["field 'board'", "17997000 edges", "cap of 16777216"],
        ),
        (
            "zero_side.yaml",
            b"rules: ggg1\nboard: {grid: [0, 3]}\n".to_vec(),
            vec!["field 'board'", "0 x 3"],
        ),
        (
            "negative_side.yaml",
            b"rules: ggg1\nboard: {grid: [3, -1]}\n".to_vec(),
            vec!["field 'board.grid[1]'", "-1"],
        ),
        (
            "nan_komi.yaml",
            b"rules: ggg1\nboard: {path: 3}\nkomi: .nan\n".to_vec(),
            vec!["field 'komi'", "'.nan'"],
        ),
        (
            "nan_text_komi.yaml",
            b"rules: ggg1\nboard: {path: 3}\nkomi: NaN\n".to_vec(),
            vec!["field 'komi'", "NaN"],
        ),
        (
            "infinite_komi.yaml",
            b"rules: ggg1\nboard: {path: 3}\nkomi: .inf\n".to_vec(),
            vec!["field 'komi'", "'.inf'"],
        ),
        (
            "huge_json_komi.json",
            br#"{"rules": "ggg1", "board": {"path": 3}, "komi": 99999999999999999999999}"#.to_vec(),
            vec!["field 'komi'", "too large", "write it as a string"],
        ),
        (
            "huge_yaml_komi.yaml",
            b"rules: ggg1\nboard: {path: 3}\nkomi: 99999999999999999999999\n".to_vec(),
            vec!["komi", "99999999999999999999999"],
        ),
        (
            "bad_rational.yaml",
            b"rules: ggg1\nboard: {path: 3}\nkomi: \"1/x\"\n".to_vec(),
            vec!["field 'komi'", "'1/x'"],
        ),
        (
            "zero_denominator.yaml",
            b"rules: ggg1\nboard: {path: 3}\nkomi: \"7/0\"\n".to_vec(),
            vec!["field 'komi'", "'7/0' divides by zero"],
        ),
        (
            "komi_without_score.yaml",
            b"rules: ggg3\nboard: {path: 3}\nkomi: \"1/2\"\n".to_vec(),
            vec!["field 'komi'", "'1/2'", "ggg3"],
        ),
        (
            "prisoners_without_prisoners.yaml",
            b"rules: ggg1\nboard: {path: 3}\nprisoners: {black: 2}\n".to_vec(),
            vec!["field 'prisoners'", "ggg1"],
        ),
        (
            "negative_prisoners.yaml",
            b"rules: ggg3\nboard: {path: 3}\nprisoners: {white: -2}\n".to_vec(),
            vec!["field 'prisoners.white'", "-2"],
        ),
        (
            "prisoner_cap.yaml",
            b"rules: ggg3\nboard: {path: 2}\nprisoners: {black: 18446744073709551615}\n".to_vec(),
            vec!["field 'prisoners.black'", "18446744073709551615", "cap"],
        ),
        (
            "bad_to_move.yaml",
            b"rules: ggg1\nboard: {path: 3}\nto_move: red\n".to_vec(),
            vec!["field 'to_move'", "'red'"],
        ),
        (
            "bad_option.yaml",
            b"rules: ggg1\nboard: {path: 3}\noptions: {neutral: maybe}\n".to_vec(),
            vec!["field 'options.neutral'", "maybe"],
        ),
        (
            "unknown_option.yaml",
            b"rules: ggg1\nboard: {path: 3}\noptions: {ko: simple}\n".to_vec(),
            vec!["field 'options.ko'", "ko"],
        ),
        (
            "yaml_tag.yaml",
            b"rules: !ggg ggg1\nboard: {path: 3}\n".to_vec(),
            vec!["field 'rules'", "!ggg"],
        ),
        (
            "missing_board.yaml",
            b"rules: ggg1\n".to_vec(),
            vec!["missing field `board`"],
        ),
        (
            "non_utf8.yaml",
            b"rules: ggg1\nboard: {path: 3}\n# \xff\n".to_vec(),
            vec!["not UTF-8", "0xff", "offset 31"],
        ),
        (
            "deep.yaml",
            format!(
                "rules: ggg1\nboard: {}{}\n",
                "[".repeat(5000),
                "]".repeat(5000)
            )
            .into_bytes(),
            vec!["nested more than 64 deep", "line 2"],
        ),
    ];
    for (name, bytes, needles) in cases {
        let r = play_bytes(&dir, name, &bytes, false);
        assert_eq!(r.code, 2, "{name}: stdout {} stderr {}", r.stdout, r.stderr);
        assert!(r.stdout.is_empty(), "{name}: stdout {}", r.stdout);
        assert!(
            r.stderr.starts_with("graphgo: ") && r.stderr.contains(name),
            "{name}: the message does not name the file: {}",
            r.stderr
        );
        for needle in &needles {
            assert!(
                r.stderr.contains(needle),
                "{name}: message lacks {needle:?}: {}",
                r.stderr
            );
        }
        // The same with --json: still exit 2, the failure as one JSON object on stdout
        // (spec/FORMAT.md, "Errors as JSON") naming the file, and nothing on stderr.
        let j = play_file(&dir.join(name), true);
        assert_eq!(j.code, 2, "{name} --json");
        assert!(j.stderr.is_empty(), "{name} --json: {}", j.stderr);
        let e: Value = serde_json::from_str(&j.stdout)
            .unwrap_or_else(|e| panic!("{name} --json: not JSON ({e}): {}", j.stdout));
        let path = dir.join(name);
        assert_eq!(e["error"]["file"], path.display().to_string(), "{name}");
        for needle in needles {
            assert!(
                e["error"]["message"].as_str().unwrap().contains(needle),
                "{name} --json: message lacks {needle:?}: {e}"
            );
        }
    }
}

/// A missing file, a directory, and files over the byte and turn caps.
#[test]
fn unreadable_and_oversized_files_exit_2() {
    let dir = scratch("unreadable");
    let missing = dir.join("no_such_record.yaml");
    let r = play_file(&missing, false);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("no_such_record.yaml") && r.stderr.contains("cannot read"));

    let r = play_file(&dir, false);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("unreadable"), "{}", r.stderr);

    // Over MAX_RECORD_BYTES (64 MiB): refused before it is read (a sparse file).
    let big = dir.join("big.yaml");
    let f = std::fs::File::create(&big).unwrap();
    f.set_len(64 * 1024 * 1024 + 1).unwrap();
    let r = play_file(&big, false);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("big.yaml") && r.stderr.contains("67108865 bytes"),
        "{}",
        r.stderr
    );
    let _ = std::fs::remove_file(&big);

    // Over MAX_TURNS (1 000 000 turns).
    let mut text = String::from("rules: ggg1\nboard: {path: 3}\nmoves:\n");
    for _ in 0..1_000_001 {
        text.push_str("- B pass\n");
    }
    let r = play_bytes(&dir, "long.yaml", text.as_bytes(), false);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("field 'moves'") && r.stderr.contains("1000001 turns"),
        "{}",
        r.stderr
    );
}

/// Usage errors (no file, unknown subcommand) exit 2 too.
#[test]
fn usage_errors_exit_2() {
    let r = run(&["play"]);
    assert_eq!(r.code, 2);
    let r = run(&["replay"]);
    assert_eq!(r.code, 2);
}

// ---------------------------------------------------------------------------------------
// spec/examples/ggg: every record plays with the result its comment documents
// ---------------------------------------------------------------------------------------

/// Each example's `# Expected:` comment is `exit N; ...; result: ...`, with optional parts
/// `prisoners Black p, White q`, `turn N removes V` and `turn N "T" is illegal (clause)`.
#[test]
fn every_example_plays_with_its_documented_result() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("spec/examples/ggg");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .collect();
    files.sort();
    assert!(files.len() >= 6, "only {} examples", files.len());
    for file in files {
        let name = file.file_name().unwrap().to_string_lossy().to_string();
        let record = std::fs::read_to_string(&file).unwrap();
        let expected = record
            .lines()
            .find_map(|l| l.strip_prefix("# Expected: "))
            .unwrap_or_else(|| panic!("{name} has no '# Expected:' line"))
            .trim_end_matches('.');
        let r = play_file(&file, false);
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
                    "{name}"
                );
            } else if let Some(p) = part.strip_prefix("prisoners ") {
                let line = format!("prisoners: {p}");
                assert!(lines.contains(&line.as_str()), "{name}: no line {line}");
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

/// The README's worked example is what `play` prints today: its record (the heredoc), its
/// text report and its JSON report are read from the README itself and compared with a run,
/// so the README cannot drift from the binary (issue: "its JSON example matches what
/// `play --json` prints today").
#[test]
fn the_readmes_worked_example_is_what_play_prints() {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("README.md reads");
    let section = readme
        .split("## A worked example")
        .nth(1)
        .expect("the README has a section \"A worked example\"");
    let between = |text: &str, open: &str, close: &str| -> String {
        let start = text.find(open).unwrap_or_else(|| panic!("no {open:?}")) + open.len();
        let end = text[start..]
            .find(close)
            .unwrap_or_else(|| panic!("no {close:?} after {open:?}"));
        text[start..start + end].to_string()
    };
    let record = between(section, "<<'EOF'\n", "EOF\n");
    // The text report is the first plain block (the others say `sh` or `json`).
    let shown_text = between(section, "\n\n```\n", "```");
    let shown_json: Value =
        serde_json::from_str(&between(section, "```json\n", "```")).expect("the example is JSON");

    let dir = scratch("readme_example");
    let text_run = play_bytes(&dir, "capture.yaml", record.as_bytes(), false);
    assert_eq!(text_run.code, 0, "{}", text_run.stderr);
    assert_eq!(
        text_run.stdout, shown_text,
        "the README's text report is out of date"
    );
    let json_run = play_bytes(&dir, "capture.yaml", record.as_bytes(), true);
    assert_eq!(json_run.code, 0, "{}", json_run.stderr);
    let printed: Value = serde_json::from_str(&json_run.stdout).expect("play --json prints JSON");
    assert_eq!(
        printed, shown_json,
        "the README's JSON report is out of date"
    );
}

/// `rust-version` in Cargo.toml is at least every locked dependency's own `rust-version`
/// (normal and dev-dependencies: the README's test command builds both), so a toolchain that
/// Cargo.toml admits can build and test the crate. `.ci/run` checks the other direction
/// (that toolchain builds the tests).
///
/// Offline, and only the dependencies of this machine's platform (`--filter-platform`, the
/// host cargo names): exactly the crates the build itself downloaded, so that the README's
/// test command passes on a new machine whose cargo home holds nothing else (issue 27 case
/// 18: without the filter, cargo wanted `anstyle-wincon` and the other Windows crates,
/// which no build here downloads). The crates of other platforms are checked where they
/// are built.
#[test]
fn rust_version_covers_every_locked_dependency() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml");
    let about = Command::new(env!("CARGO"))
        .arg("-vV")
        .output()
        .expect("cargo runs");
    let host = String::from_utf8_lossy(&about.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("host: ").map(str::to_string))
        .expect("cargo -vV names its host");
    let out = Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--locked", "--offline"])
        .args(["--filter-platform", &host])
        .arg("--manifest-path")
        .arg(&manifest)
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let metadata: Value = serde_json::from_slice(&out.stdout).expect("cargo metadata is JSON");
    let version = |text: &str| -> Vec<u64> {
        let mut parts: Vec<u64> = text
            .split('.')
            .map(|part| part.parse().expect("a version number"))
            .collect();
        parts.resize(3, 0); // "1.88" is "1.88.0"
        parts
    };
    let packages = metadata["packages"].as_array().expect("packages");
    let ours = packages
        .iter()
        .find(|p| p["name"] == "graphgo")
        .and_then(|p| p["rust_version"].as_str())
        .expect("Cargo.toml states rust-version");
    let needed = packages
        .iter()
        .filter_map(|p| Some((p["rust_version"].as_str()?, p["name"].as_str()?)))
        .max_by_key(|(v, _)| version(v))
        .expect("some dependency states a rust-version");
    assert!(
        version(ours) >= version(needed.0),
        "Cargo.toml says rust-version {ours}, but {} needs {}",
        needed.1,
        needed.0
    );
}

/// KataGo's end of a long cycle from the outside: the record of spec/engines/katago.md's
/// verdict 5 (sixteen turns on 2x2, the situation after turn 4 a third time after turn 16)
/// with `repetition_end: third-situation-no-result` ends without a result in both reports
/// (winner `none`, by `no-result`, no score, no player to move); with `none` it plays on, and
/// with `situational-draw` it ends at turn 7, a first repetition, as a draw.
#[test]
fn a_third_situation_ends_the_game_without_a_result_in_the_reports() {
    let cycle = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("spec/engines/repro/katago/no-result-cycle.yaml"),
    )
    .unwrap();
    let with = |end: &str| {
        cycle.replace(
            "options: {self_capture: none, repetition: ko-point}",
            &format!(
                "options: {{self_capture: none, repetition: ko-point, repetition_end: {end}}}"
            ),
        )
    };
    assert_ne!(with("none"), cycle, "the record's options line");
    let r = report("no_result_json", &with("third-situation-no-result"), 0);
    assert_eq!(r["result"]["winner"], "none");
    assert_eq!(r["result"]["by"], "no-result");
    assert_eq!(r["result"]["score"], json!(null));
    assert_eq!(r["final"]["to_move"], json!(null));
    let t = text("no_result_text", &with("third-situation-no-result"), 0);
    assert!(
        t.contains("result: no result (a situation's third occurrence since the last pass)"),
        "{t}"
    );
    let on = report("no_result_none", &with("none"), 0);
    assert_eq!(on["result"], json!(null));
    assert_eq!(on["final"]["to_move"], "black");
    // A first repetition (turn 7 gives turn 1's situation) ends the other values' games:
    // turns after it are refused, so the record is illegal at turn 8.
    let draw = report("no_result_first", &with("situational-draw"), 1);
    assert_eq!(draw["illegal"]["index"], 7);
}

/// The rule variants other implementations play (issue 28), from the outside: a repetition
/// that ends the game reads `by repetition` in both reports (the 1x3 cycle: B 1-1, W 3-1,
/// B 2-1, W 3-1, B 1-1 gives `X . O` again, allowed by the ko point, a draw under
/// `positional-draw`, Black 1 and White 1); the flags `--repetition ko-point`,
/// `--ko-pass` and `--repetition-end` read an SGF game the same way; and a wrong
/// combination names the flag or the field.
#[test]
fn a_repetition_that_ends_the_game_in_the_reports_and_the_flags() {
    let record = "rules: ggg1\nboard: {grid: [3, 1]}\n\
                  options: {self_capture: none, repetition: ko-point, repetition_end: positional-draw}\n\
                  moves: [B 1-1, W 3-1, B 2-1, W 3-1, B 1-1]\n";
    let r = report("repetition_end_json", record, 0);
    assert_eq!(r["result"]["winner"], "draw");
    assert_eq!(r["result"]["by"], "repetition");
    assert_eq!(r["result"]["score"], json!({"black": "1", "white": "1"}));
    let t = text("repetition_end_text", record, 0);
    assert!(
        t.contains("result: draw by repetition (Black 1, White 1)"),
        "{t}"
    );
    // The flags, on an SGF game (SGF records take their rules from the flags).
    let dir = scratch("repetition_end_sgf");
    let sgf = dir.join("cycle.sgf");
    std::fs::write(&sgf, "(;GM[1]SZ[3];B[aa];W[cc])").unwrap();
    for (flags, code) in [
        (vec!["--repetition", "ko-point", "--ko-pass", "keeps"], 0),
        (
            vec![
                "--repetition",
                "natural-situational",
                "--repetition-end",
                "situational-loss",
            ],
            0,
        ),
        (vec!["--repetition", "simple", "--ko-pass", "keeps"], 2),
        (vec!["--repetition-end", "draw"], 2),
    ] {
        let mut args = vec!["play", sgf.to_str().unwrap()];
        args.extend(flags.iter().copied());
        let r = run(&args);
        assert_eq!(r.code, code, "{flags:?}: {} {}", r.stdout, r.stderr);
        if code == 2 {
            let flag = if flags.contains(&"--ko-pass") {
                "--ko-pass"
            } else {
                "--repetition-end"
            };
            assert!(r.stderr.contains(flag), "{flags:?}: {}", r.stderr);
        }
    }
    let r = report(
        "ko_pass_without_ko_point",
        "rules: ggg1\nboard: {path: 2}\noptions: {ko_pass: keeps}\n",
        2,
    );
    assert!(
        r["error"]["message"].as_str().unwrap().contains("ko-point"),
        "{r}"
    );
    assert_eq!(r["error"]["field"], "options.ko_pass");
}
