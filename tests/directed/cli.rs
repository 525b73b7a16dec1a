//! `graphgo play` on the hand-written records and lassos of `spec/examples/directed/`, and
//! on bad directed input. Expected values are worked out by hand in each example's header
//! comment (and repeated here).

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_graphgo");

fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("spec/examples/directed")
        .join(name)
}

fn play(args: &[&std::ffi::OsStr]) -> (i32, String, String) {
    let out = Command::new(BIN).arg("play").args(args).output().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn play_example(name: &str) -> (i32, String) {
    let path = example(name);
    let (code, out, err) = play(&[path.as_os_str()]);
    assert!(err.is_empty(), "{err}");
    (code, out)
}

fn play_json(name: &str) -> Value {
    let path = example(name);
    let (code, out, _) = play(&["--json".as_ref(), path.as_os_str()]);
    assert_eq!(code, 0);
    serde_json::from_str(&out).unwrap()
}

fn write(test: &str, text: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("directed_cli")
        .join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("game.yaml");
    std::fs::write(&f, text).unwrap();
    f
}

/// dir:KOMI, dir:CAPTURE: komi 1/2 to White; on the 3-cycle W 2 removes 1, B 3 removes 2.
#[test]
fn dir_komi_and_capture_example() {
    let (code, out) = play_example("komi_and_capture.yaml");
    assert_eq!(code, 0);
    assert!(out.contains("   4. W 2  removes 1\n"), "{out}");
    assert!(out.contains("   5. B 3  removes 2\n"), "{out}");
    assert!(out.contains("scores: Black 0, White 1/2\n"), "{out}");
    assert!(out.contains("  black: 3\n"), "{out}");
}

/// dir:NOTE-pass: the stone at 1-1 is live; final Black 1, White 1/2.
#[test]
fn dir_note_pass_example() {
    let (code, out) = play_example("pass_forever.yaml");
    assert_eq!(code, 0);
    assert!(out.contains("live stones (1): [1-1]"), "{out}");
    assert!(out.contains("final scores: Black 1, White 1/2\n"), "{out}");
    assert!(
        out.contains("outcome: Black wins by final score (dir:WIN)\n"),
        "{out}"
    );
}

/// dir:KO, dir:WIN: the ko loop resolved by a bid: final Black 5, White 1 + 3 = 4.
#[test]
fn dir_ko_resolved_by_bid_example() {
    let (code, out) = play_example("ko_resolved_by_bid.yaml");
    assert_eq!(code, 0);
    assert!(out.contains("   7. B bid 1\n"), "{out}");
    assert!(out.contains("   8. W winner black\n"), "{out}");
    assert!(out.contains("final scores: Black 5, White 4\n"), "{out}");
    let v = play_json("ko_resolved_by_bid.yaml");
    assert_eq!(v["lasso"]["winner"], "black");
    assert_eq!(v["lasso"]["by"], "score");
    assert_eq!(v["final"]["scores"]["white"], "1");
}

/// dir:NOTE-pairs: the isolated pair ends in endless mutual capture: a draw at 0 and 0.
#[test]
fn dir_note_pairs_example() {
    let v = play_json("isolated_pair.yaml");
    assert_eq!(v["lasso"]["live"]["black"], serde_json::json!([]));
    assert_eq!(v["lasso"]["live"]["white"], serde_json::json!([]));
    assert_eq!(v["lasso"]["final_scores"]["black"], "0");
    assert_eq!(v["lasso"]["final_scores"]["white"], "0");
    assert_eq!(v["lasso"]["winner"], "draw");
}

/// dir:WIN: the endgame ko at bid 0: White naming itself winner forever loses.
#[test]
fn dir_win_endgame_ko_examples() {
    let v = play_json("endgame_ko_bid_zero.yaml");
    assert_eq!(
        v["lasso"]["infinitely_often"]["black"],
        serde_json::json!(["bid"])
    );
    assert_eq!(
        v["lasso"]["infinitely_often"]["white"],
        serde_json::json!(["name-self-winner"])
    );
    assert_eq!(v["lasso"]["winner"], "black");
    assert_eq!(v["lasso"]["by"], "unsustainability");
    let v = play_json("endgame_ko_accepted.yaml");
    assert_eq!(
        v["lasso"]["live"]["black"],
        serde_json::json!(["a", "b", "g"])
    );
    assert_eq!(v["lasso"]["final_scores"]["black"], "3");
    assert_eq!(v["lasso"]["winner"], "black");
}

/// dir:WIN: a cycle that does not continue itself: exit 1, naming cycle[0] and the pass.
#[test]
fn dir_win_broken_cycle_example() {
    let (code, out) = play_example("broken_cycle.yaml");
    assert_eq!(code, 1);
    assert!(
        out.contains("LASSO ILLEGAL: the cycle is not a legal continuation of itself: cycle[0] 'B 1' is illegal the 2nd time round"),
        "{out}"
    );
}

/// dir:TURNS: the FORMAT.md example record plays (komi and colour turns, a bid, an answer).
#[test]
fn dir_turns_format_example() {
    let (code, out) = play_example("format_example.yaml");
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("   1. first komi 0\n   2. second takes white\n"),
        "{out}"
    );
    assert!(
        out.contains("outcome: Black wins by final score (dir:WIN)"),
        "{out}"
    );
}

/// dir:INTRO: bad directed boards and turns: exit 2, the message names file, field, value.
#[test]
fn dir_intro_bad_input() {
    for (name, text, expected) in [
        (
            "loop",
            "rules: directed\nboard: {digraph: {vertices: [a, b], arcs: [[a, b], [b, b]]}}\n",
            "field 'board.digraph': arc [b, b] is a loop",
        ),
        (
            "duplicate",
            "rules: directed\nboard: {digraph: {vertices: [a, b], arcs: [[a, b], [a, b]]}}\n",
            "field 'board.digraph': arc [a, b] is listed twice",
        ),
        (
            "unknown",
            "rules: directed\nboard: {digraph: {vertices: [a, b], arcs: [[a, c]]}}\n",
            "arc [a, c] names unknown point 'c'",
        ),
        (
            "cycle1",
            "rules: directed\nboard: {directed_cycle: 1}\n",
            "field 'board.directed_cycle': directed cycle of 1 points",
        ),
        (
            "bid",
            "rules: directed\nboard: {path: 2}\nmoves: [B 1, B bid x]\n",
            "field 'moves[1]': turn 'B bid x': 'x' is not an exact rational",
        ),
        (
            "reset",
            "rules: directed\nboard: {path: 2}\nmoves: [B 1, B reset X]\n",
            "field 'moves[1]': turn 'B reset X': the state 'X' has 1 symbols, the board 2 points",
        ),
        (
            "cycle_ggg",
            "rules: ggg1\nboard: {path: 2}\ncycle: [B pass]\n",
            "field 'cycle': rules ggg1 have no infinite plays",
        ),
        (
            "cycle_turn",
            "rules: directed\nboard: {path: 2}\ncycle: [B 1, W 7]\n",
            "field 'cycle[1]': turn 'W 7': no vertex named '7'",
        ),
        (
            "directed_on_ggg",
            "rules: ggg2\nboard: {one_way_grid: [2, 2]}\n",
            "field 'board': a directed board needs rules: directed",
        ),
    ] {
        let f = write(name, text);
        let (code, out, err) = play(&[f.as_os_str()]);
        assert_eq!(code, 2, "{name}: {out}{err}");
        assert!(out.is_empty(), "{name}: {out}");
        assert!(err.contains(&f.display().to_string()), "{name}: {err}");
        assert!(err.contains(expected), "{name}: {err}");
    }
}

/// dir:NOTE-pairs: `graphgo pairs` prints the table; N = 1 and 2 worked out in
/// spec/directed.md (2 and 24 moves under superko; loop start N), N = 3 from the witness
/// game through all 125 positions (124 moves).
#[test]
fn dir_note_pairs_command() {
    let out = Command::new(BIN)
        .args(["pairs", "--max", "3", "--seconds", "10"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<Vec<&str>> = text
        .lines()
        .skip(1)
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(
        rows,
        vec![
            vec!["1", "5", "2", "1"],
            vec!["2", "25", "24", "2"],
            vec!["3", "125", "124", "(witness)", "3"]
        ]
    );
    let bad = Command::new(BIN)
        .args(["pairs", "--max", "9"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
}

/// Reading 13 (spec/ambiguities.md): dir:TURNS has Black first, so a directed record that
/// gives `to_move: white` is refused (exit 2), naming the field and the clause; `to_move:
/// black` is the text's order and is accepted.
#[test]
fn dir_turns_reading_d1_white_first_is_refused() {
    let f = write(
        "white_first",
        "rules: directed\nboard: {path: 2}\nto_move: white\nmoves: [W 1]\n",
    );
    let (code, out, err) = play(&[f.as_os_str()]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains(&f.display().to_string()), "{err}");
    assert!(err.contains("field 'to_move': 'white'"), "{err}");
    assert!(err.contains("dir:TURNS"), "{err}");
    let f = write(
        "black_first",
        "rules: directed\nboard: {path: 2}\nto_move: black\nmoves: [B 1]\n",
    );
    let (code, out, err) = play(&[f.as_os_str()]);
    assert_eq!((code, err.as_str()), (0, ""), "{out}");
}

/// Reading 14: a ko bid is answered by a turn of its own (`W ignore` or `W winner …`); the
/// opponent's placement straight after a bid is refused under dir:KO, where an implicit
/// ignore would accept it.
#[test]
fn dir_ko_reading_d2_a_bid_is_answered_explicitly() {
    let f = write(
        "implicit_ignore",
        "rules: directed\nboard: {path: 3}\nmoves: [B 1, B bid 0, W 3]\n",
    );
    let (code, out, _) = play(&["--json".as_ref(), f.as_os_str()]);
    assert_eq!(code, 1, "{out}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["illegal"]["index"], 2, "{v}");
    assert_eq!(v["illegal"]["turn"], "W 3", "{v}");
    assert_eq!(v["illegal"]["clause"], "dir:KO", "{v}");
    let f = write(
        "explicit_ignore",
        "rules: directed\nboard: {path: 3}\nmoves: [B 1, B bid 0, W ignore, W 3]\n",
    );
    let (code, out, _) = play(&["--json".as_ref(), f.as_os_str()]);
    assert_eq!(code, 0, "{out}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["final"]["position"]["3"], "white", "{v}");
}

/// Reading 15: live stones are the points of one colour at every state of the period,
/// the brief states inside a ko exchange included. In endgame_ko_bid_zero.yaml White's b is
/// white whenever a turn starts (the reset restores it) but empty between `B a` and `W
/// reset`: it is not live (counting only the states that start a turn, it would be). Black's
/// g is black throughout. The decided lasso also fills `result` (Black by unsustainability;
/// scores constant at 0 and 0, so the final scores 1 and 0 are given).
#[test]
fn dir_win_reading_d3_live_stones_include_the_ko_exchange() {
    let v = play_json("endgame_ko_bid_zero.yaml");
    assert_eq!(v["lasso"]["live"]["white"], serde_json::json!([]), "{v}");
    assert_eq!(v["lasso"]["live"]["black"], serde_json::json!(["g"]), "{v}");
    assert_eq!(
        v["result"],
        serde_json::json!({"winner": "black", "by": "unsustainability",
                           "score": {"black": "1", "white": "0"}})
    );
    // Decided by the final scores (pass_forever.yaml: Black 1, White 1/2).
    let v = play_json("pass_forever.yaml");
    assert_eq!(
        v["result"],
        serde_json::json!({"winner": "black", "by": "score",
                           "score": {"black": "1", "white": "1/2"}})
    );
}

/// The report of a lasso that is no play: exit 1, `result` null, and the refusal with
/// where (`in`, `index` from 0, `pass` from 1), the turn, the clause and the reason.
#[test]
fn dir_win_a_broken_lasso_reports_index_pass_and_clause() {
    let path = example("broken_cycle.yaml");
    let (code, out, _) = play(&["--json".as_ref(), path.as_os_str()]);
    assert_eq!(code, 1, "{out}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["result"], Value::Null, "{v}");
    let l = &v["lasso"];
    assert_eq!(
        (&l["in"], &l["index"], &l["pass"], &l["turn"], &l["clause"]),
        (
            &serde_json::json!("cycle"),
            &serde_json::json!(0),
            &serde_json::json!(2),
            &serde_json::json!("B 1"),
            &serde_json::json!("dir:TURNS")
        ),
        "{v}"
    );
    assert!(
        l["illegal"].as_str().unwrap().contains("cycle[0] 'B 1'"),
        "{v}"
    );
}

/// dir:WIN: a player's unsustainability is the highest of the unsustainable actions it takes
/// infinitely often, `none` if it takes none. In endgame_ko_bid_zero.yaml (its header) Black
/// bids (level 1, `bid`) and White names itself winner (level 2, `name-self-winner`) every
/// pass of the cycle; in pass_forever.yaml both only pass and place. Both reports say so.
#[test]
fn dir_win_the_report_names_each_players_unsustainability() {
    let v = play_json("endgame_ko_bid_zero.yaml");
    assert_eq!(
        v["lasso"]["unsustainability"],
        serde_json::json!({"black": "bid", "white": "name-self-winner"}),
        "{v}"
    );
    let (code, out) = play_example("endgame_ko_bid_zero.yaml");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("[bid]; unsustainability: bid;"), "{out}");
    assert!(
        out.contains("[name-self-winner]; unsustainability: name-self-winner;"),
        "{out}"
    );
    let v = play_json("pass_forever.yaml");
    assert_eq!(
        v["lasso"]["unsustainability"],
        serde_json::json!({"black": "none", "white": "none"}),
        "{v}"
    );
}
