//! MANGO records from the outside (`graphgo play`): the examples of `spec/examples/mango/`,
//! and records with non-exact or malformed equipment (`mango:EQUIP`, reading 8), which
//! must exit 2 with a message naming the file, the field and the value.
//!
//! Expected results are worked by hand in each example's comments.

use std::path::{Path, PathBuf};
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_graphgo");

fn play(path: &Path, json: bool) -> (i32, String, String) {
    let mut cmd = Command::new(BIN);
    cmd.arg("play").arg(path);
    if json {
        cmd.arg("--json");
    }
    let out = cmd.output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(!stderr.contains("panicked"), "{stderr}");
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        stderr,
    )
}

fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("spec/examples/mango")
        .join(name)
}

fn scratch(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("mango_cli")
        .join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn mango_examples_play_with_their_worked_results() {
    let cases = [
        // mango:EX19 — Black 2 stones + 1-1; White 1 stone + 11/2.
        (
            "ex19_komi.yaml",
            0,
            "result: White wins by score (Black 3, White 13/2)",
        ),
        // mango:SCORE — 1 + 1/2 + 1/3 against 7/4.
        (
            "fractional_territory.yaml",
            0,
            "result: Black wins by score (Black 11/6, White 7/4)",
        ),
        // mango:ALIVE — White's only liberty weighs 1/2: 1 + 1 + 1 + 1/2 for Black.
        (
            "light_liberty.yaml",
            0,
            "result: Black wins by score (Black 7/2, White 0)",
        ),
        // mango:ALIVE — F(4) = -2 kills White; Black 1 + (1 + 1 + 1 - 2).
        (
            "negative_weights.yaml",
            0,
            "result: Black wins by score (Black 2, White 0)",
        ),
        // mango:LEGAL — the retake is legal: the game goes on, Black to move.
        ("ko_by_weight.yaml", 0, "result: none yet, Black to move"),
        // mango:LEGAL — W 4 dies at once, back to the empty board: illegal.
        (
            "window.yaml",
            1,
            "2. W 4  ILLEGAL (mango:LEGAL): 4 would produce a configuration that is not new",
        ),
    ];
    for (name, code, needle) in cases {
        let (c, out, err) = play(&example(name), false);
        assert_eq!(c, code, "{name}: {out}{err}");
        assert!(out.contains(needle), "{name}: {out}");
    }
}

#[test]
fn mango_ko_by_weight_removes_all_four_black_stones() {
    // The JSON report of the retake: W 2-2 empties 3-2, 2-3, 1-2 and 2-1.
    let (code, out, _) = play(&example("ko_by_weight.yaml"), true);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let mut removed: Vec<String> = v["turns"][1]["removed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect();
    removed.sort();
    assert_eq!(removed, ["1-2", "2-1", "2-3", "3-2"]);
    assert_eq!(v["turns"][0]["removed"], serde_json::json!(["2-2"]));
}

#[test]
fn mango_equip_rejects_inexact_and_malformed_values() {
    let dir = scratch("rejects");
    let head = "rules: mango\nboard: {path: 3}\n";
    let cases = [
        (
            "nan_weight.yaml",
            "mango: {weights: {2: .nan}}\n",
            ["field 'mango.weights.2'", ".nan"],
        ),
        (
            "inf_default.yaml",
            "mango: {weight: inf}\n",
            ["field 'mango.weight'", "'inf'"],
        ),
        (
            "inf_yaml.yaml",
            "mango: {weight: .inf}\n",
            ["field 'mango.weight'", ".inf"],
        ),
        (
            "fraction.yaml",
            "mango: {weights: {1: \"1/0\"}}\n",
            ["field 'mango.weights.1'", "'1/0'"],
        ),
        (
            "threshold_nan.yaml",
            "mango: {threshold: \"z > NaN\"}\n",
            ["field 'mango.threshold'", "'NaN'"],
        ),
        (
            "threshold_list.yaml",
            "mango: {threshold: [\"z > 1\", \"z >= 1/x\"]}\n",
            ["field 'mango.threshold[1]'", "'1/x'"],
        ),
        (
            "threshold_shape.yaml",
            "mango: {threshold: \"z => 1\"}\n",
            ["field 'mango.threshold'", "'z => 1'"],
        ),
        (
            "threshold_empty.yaml",
            "mango: {threshold: \"3 < z < 1\"}\n",
            ["field 'mango.threshold'", "'3 < z < 1' contains no number"],
        ),
        (
            "score.yaml",
            "mango: {scores: {white: \"5,5\"}}\n",
            ["field 'mango.scores.white'", "'5,5'"],
        ),
        (
            "unknown_point.yaml",
            "mango: {weights: {9: 1}}\n",
            ["field 'mango.weights.9'", "'9'"],
        ),
        (
            "unknown_field.yaml",
            "mango: {wieght: 1}\n",
            ["field 'mango", "wieght"],
        ),
        (
            "komi.yaml",
            "komi: 5.5\n",
            ["field 'komi'", "mango.scores.white"],
        ),
        (
            "options.yaml",
            "options: {neutral: none}\n",
            ["field 'options'", "MANGO has no options"],
        ),
    ];
    for (name, tail, needles) in cases {
        let path = dir.join(name);
        std::fs::write(&path, format!("{head}{tail}")).unwrap();
        let (code, out, err) = play(&path, false);
        assert_eq!(code, 2, "{name}: {out}{err}");
        assert!(out.is_empty(), "{name}: {out}");
        assert!(err.contains(name), "{name}: {err}");
        for n in needles {
            assert!(err.contains(n), "{name}: {err} lacks {n}");
        }
    }
    // Weights under another rule set.
    let path = dir.join("ggg1_with_weights.yaml");
    std::fs::write(&path, "rules: ggg1\nboard: {path: 3}\nmango: {weight: 2}\n").unwrap();
    let (code, _, err) = play(&path, false);
    assert_eq!(code, 2);
    assert!(
        err.contains("field 'mango'") && err.contains("ggg1"),
        "{err}"
    );
}

#[test]
fn mango_setup_a_record_without_mango_field_is_go() {
    // Defaults: F = 1, T = z >= 1, scores 0 and 0. Path 1-2-3, B 2, two passes: 3 to 0.
    let dir = scratch("defaults");
    let path = dir.join("go.yaml");
    std::fs::write(
        &path,
        "rules: mango\nboard: {path: 3}\nmoves: [B 2, W pass, B pass]\n",
    )
    .unwrap();
    let (code, out, _) = play(&path, false);
    assert_eq!(code, 0);
    assert!(
        out.contains("result: Black wins by score (Black 3, White 0)"),
        "{out}"
    );
}
