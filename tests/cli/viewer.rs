//! The viewer (`graphgo show RECORD --format html`, src/viewer.rs): every example of
//! `spec/examples/`, a conformance finding and the divergences a fuzz campaign writes open
//! in it; and a page loaded in a real browser (Debian's `chromium`, headless) shows, at the
//! positions before and after a capture, the stones, the clause trace and the legal turns
//! worked out by hand below.

use std::path::{Path, PathBuf};

use serde_json::Value;

use super::invocation::graphgo;
use crate::chromium::{self, say};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Where the pages and screenshots are kept: `target/viewer/`.
fn kept() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("the target tmp folder has a parent")
        .join("viewer");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `graphgo show FILE --format html -o OUT`, which must succeed; the page's text.
fn viewer_page(file: &Path, out: &Path) -> String {
    let o = graphgo(&[
        "show",
        file.to_str().unwrap(),
        "--format",
        "html",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}: {}",
        file.display(),
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(
        o.stdout.is_empty(),
        "with -o nothing goes to standard output"
    );
    std::fs::read_to_string(out).unwrap()
}

/// The inline JSON the page draws from.
fn page_data(page: &str) -> Value {
    let start = r#"<script type="application/json" id="game">"#;
    let from = page.find(start).expect("the page carries its game as JSON") + start.len();
    let to = from + page[from..].find("</script>").unwrap();
    serde_json::from_str(&page[from..to]).unwrap()
}

/// How many turns `graphgo play --json` says were played legally (the viewer shows one
/// position more: the setup).
fn played_turns(file: &Path) -> usize {
    let o = graphgo(&["play", "--json", file.to_str().unwrap()]);
    let v: Value = serde_json::from_slice(&o.stdout).unwrap_or_else(|e| {
        panic!(
            "{}: play --json: {e}: {}",
            file.display(),
            String::from_utf8_lossy(&o.stderr)
        )
    });
    v["turns"].as_array().unwrap().len()
}

/// No fetch of anything: no `src=`, no link or style URL out of the page (the SVG
/// namespace is a name, not a fetch).
fn assert_self_contained(name: &str, page: &str) {
    let without_namespace = page.replace("http://www.w3.org/2000/svg", "");
    for bad in [
        "src=",
        "href=\"http",
        "url(http",
        "@import",
        "https://",
        "http://",
    ] {
        assert!(
            !without_namespace.contains(bad),
            "{name}: the page reaches out ({bad})"
        );
    }
}

fn yaml_records(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            yaml_records(&path, out);
        } else if path.extension().is_some_and(|e| e == "yaml")
            && !path.to_string_lossy().ends_with(".vector.yaml")
        {
            out.push(path);
        }
    }
}

#[test]
fn every_example_a_finding_and_fuzz_divergences_open_in_the_viewer() {
    let mut records = Vec::new();
    yaml_records(&root().join("spec/examples"), &mut records);
    records.sort();
    assert!(
        records.len() >= 25,
        "spec/examples has {} records",
        records.len()
    );
    // A conformance finding: dlgo refuses nothing where graphgo (its declared situational
    // superko) refuses B 1-3 after turn 12.
    records.push(root().join("spec/engines/findings/dlgo/own-8f8ec31e70ebffc9.yaml"));
    // Divergences as a fuzz campaign writes them (a side with superko removed on purpose).
    let fuzz_dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("viewer-fuzz-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&fuzz_dir);
    let o = graphgo(&[
        "fuzz",
        "--planted-bug",
        "no-superko",
        "--seed",
        "7",
        "--games",
        "40",
        "--shrink-budget",
        "100",
        "--out",
        fuzz_dir.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1), "the planted bug is found");
    let mut divergences = Vec::new();
    yaml_records(&fuzz_dir, &mut divergences);
    assert!(
        !divergences.is_empty(),
        "the campaign wrote its divergences"
    );
    records.extend(divergences);

    let out_dir = kept().join("records");
    for record in &records {
        let name = record.file_stem().unwrap().to_string_lossy().into_owned();
        let out = out_dir.join(format!("{name}.html"));
        let page = viewer_page(record, &out);
        assert!(page.starts_with("<!DOCTYPE html>"), "{name}");
        assert_self_contained(&name, &page);
        let data = page_data(&page);
        let frames = data["frames"].as_array().unwrap();
        assert_eq!(
            frames.len(),
            played_turns(record) + 1,
            "{name}: one position per turn played, and the setup"
        );
        for (k, f) in frames.iter().enumerate() {
            assert_eq!(f["turn"], k, "{name}");
            assert!(
                f["svg"].as_str().unwrap().starts_with("<svg"),
                "{name}: position {k} has its picture"
            );
            let count = f["legal"]["count"].as_u64().unwrap() as usize;
            let shown = f["legal"]["shown"].as_array().unwrap().len();
            assert_eq!(shown, count.min(40), "{name}: position {k}'s legal turns");
            if k > 0 {
                assert!(
                    !f["steps"].as_array().unwrap().is_empty(),
                    "{name}: turn {k} says which clauses acted"
                );
            }
        }
        assert!(
            !data["end"].as_array().unwrap().is_empty(),
            "{name}: the end is said"
        );
    }
}

#[test]
fn a_bad_record_writes_no_page() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("viewer-bad");
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("bad.yaml");
    std::fs::write(
        &record,
        "rules: ggg1\nboard: {grid: [3, 3]}\nmoves: [B 9-9]\n",
    )
    .unwrap();
    let out = dir.join("bad.html");
    let _ = std::fs::remove_file(&out);
    let o = graphgo(&[
        "show",
        record.to_str().unwrap(),
        "--format",
        "html",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("bad.yaml") && err.contains("9-9"), "{err}");
    assert!(!out.exists(), "no page for a bad record");

    // A turn past the last position is refused, naming the last one.
    let good = dir.join("good.yaml");
    std::fs::write(&good, "rules: ggg1\nboard: {path: 3}\nmoves: [B 1]\n").unwrap();
    let o = graphgo(&[
        "show",
        good.to_str().unwrap(),
        "--format",
        "html",
        "--turn",
        "5",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--turn 5"), "{err}");
}

/// The page as chromium renders it at `#turn=N` (`--dump-dom`), and a screenshot kept under
/// `target/viewer/`; `None`, with a skip message, when chromium is not installed.
fn rendered(page: &Path, turn: usize, screenshot: &Path) -> Option<String> {
    let browser = chromium::browser("the viewer")?;
    let url = format!(
        "file://{}#turn={turn}",
        page.canonicalize().unwrap().display()
    );
    let dom = chromium::headless(&browser, &["--dump-dom".to_string()], &url);
    let _ = std::fs::remove_file(screenshot);
    chromium::headless(
        &browser,
        &[
            format!("--screenshot={}", screenshot.display()),
            "--window-size=1100,800".to_string(),
        ],
        &url,
    );
    assert!(
        screenshot.exists(),
        "chromium wrote no screenshot at {}",
        screenshot.display()
    );
    say(&format!(
        "viewer screenshot at turn {turn}: {}",
        screenshot.display()
    ));
    Some(String::from_utf8_lossy(&dom).into_owned())
}

/// The part of the DOM between `<div id="board">` and the side panel: the drawn position.
fn board_part(dom: &str) -> &str {
    let from = dom.find("<div id=\"board\">").expect("the board is drawn");
    let to = from + dom[from..].find("<div id=\"side\">").unwrap();
    &dom[from..to]
}

fn count(hay: &str, needle: &str) -> usize {
    hay.matches(needle).count()
}

/// The text of the element with id `id` (tags dropped).
fn text_of(dom: &str, id: &str) -> String {
    let open = format!("id=\"{id}\"");
    let from = dom.find(&open).unwrap_or_else(|| panic!("no #{id}"));
    let from = from + dom[from..].find('>').unwrap() + 1;
    let rest = &dom[from..];
    let to = rest
        .find("</section>")
        .or_else(|| rest.find("</ul>"))
        .unwrap();
    let mut text = String::new();
    let mut in_tag = false;
    for c in rest[..to].chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    text
}

/// A 3x3 grid, hand-worked:
/// ```text
///  3 . . .    turn 1 B 2-1, turn 2 W 1-1 (the corner: of its neighbours 2-1 is black, so
///  2 . . .    only 1-2 is empty), turn 3 B 1-2 fills it: ggg1:2 step 2 removes the white group
///  1 O X .    {1-1}. Stones drawn: 2 after turn 2 (X on 2-1, O on 1-1), 2 after turn 3
///    1 2 3    (X on 2-1 and 1-2): one placed, one removed; white stones 1 -> 0.
/// ```
/// Legal turns after turn 2, for Black: the 7 empty points, pass, resign = 9. After turn 3,
/// for White: W 1-1 would remove only White's own stone (Black's 2-1 keeps 3-1 and 2-2,
/// 1-2 keeps 2-2 and 1-3) and give the position after turn 3 again, which positional
/// superko refuses (ggg1:3); so the 6 other empty points, pass, resign = 8.
#[test]
fn the_viewer_shows_a_capture_in_chromium() {
    let dir = kept();
    let record = dir.join("capture.yaml");
    std::fs::write(
        &record,
        "# A capture in the corner, for the viewer's browser test.\nrules: ggg1\nboard: {grid: [3, 3]}\nmoves: [B 2-1, W 1-1, B 1-2]\n",
    )
    .unwrap();
    let page_path = dir.join("capture.html");
    let page = viewer_page(&record, &page_path);
    assert_self_contained("capture", &page);

    let Some(before) = rendered(&page_path, 2, &dir.join("capture-turn-2.png")) else {
        return;
    };
    let Some(after) = rendered(&page_path, 3, &dir.join("capture-turn-3.png")) else {
        return;
    };
    assert!(
        before.contains("<body data-turn=\"2\""),
        "opened at #turn=2"
    );
    assert!(after.contains("<body data-turn=\"3\""), "opened at #turn=3");

    let (b, a) = (board_part(&before), board_part(&after));
    assert_eq!(count(b, "class=\"stone black\""), 1, "before: X on 2-1");
    assert_eq!(count(b, "class=\"stone white\""), 1, "before: O on 1-1");
    assert_eq!(count(a, "class=\"stone black\""), 2, "after: X on 2-1, 1-2");
    assert_eq!(
        count(a, "class=\"stone white\""),
        0,
        "after: the white stone is gone"
    );
    assert_eq!(
        count(a, "class=\"stone "),
        count(b, "class=\"stone ") + 1 - 1,
        "one stone placed, one captured"
    );
    assert!(a.contains("class=\"removed\" data-point=\"1-1\""), "{a}");

    let trace_before = text_of(&before, "turn");
    let trace_after = text_of(&after, "turn");
    assert!(trace_before.contains("Turn 2: W 1-1"), "{trace_before}");
    assert!(
        !trace_before.contains("removes"),
        "nothing removed at turn 2: {trace_before}"
    );
    assert!(trace_after.contains("Turn 3: B 1-2"), "{trace_after}");
    assert!(
        trace_after.contains("ggg1:2: step 2 removes the white group {1-1}"),
        "{trace_after}"
    );

    let legal_before = text_of(&before, "legal");
    let legal_after = text_of(&after, "legal");
    assert!(
        legal_before.contains("9 legal turns here"),
        "{legal_before}"
    );
    assert!(legal_before.contains("B 1-2"), "{legal_before}");
    assert!(legal_after.contains("8 legal turns here"), "{legal_after}");
    assert!(!legal_after.contains("W 1-1"), "{legal_after}");
    assert!(legal_after.contains("W 3-3"), "{legal_after}");
}
