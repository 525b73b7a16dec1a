//! The catalogue of hostile files (issue 16): each is written by the test into its own
//! directory and given to the binary, which must refuse it (or, for a byte-order mark,
//! accept it) with the right exit status and a message naming the file and the field or
//! place, within a generous hang guard, under an address-space cap when `prlimit` is there,
//! without a panic and without a name from the implementation ("usize", "struct Record").
//!
//! The expected words are the ones spec/FORMAT.md promises ("Caps", "Files: byte-order
//! mark, duplicate keys, parse errors"), and the values the test itself wrote.

use super::invocation::{scratch, Run, BIN};
use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A hang guard, not a speed test: every case here finishes in well under a second.
const HANG_GUARD: Duration = Duration::from_secs(20);
/// The address space a run may use (1 GiB): far above what any case needs (a few MB of
/// text, a 64 MiB stack for the SGF parser), far below a runaway.
const ADDRESS_SPACE: u64 = 1 << 30;
/// Names from the implementation that must never reach a user.
const RUST_WORDS: [&str; 12] = [
    "usize",
    "u64",
    "i64",
    "u32",
    "f64",
    "struct ",
    "enum ",
    "invalid type",
    "invalid value",
    "RecordBoard",
    "Record",
    "panicked",
];

/// Runs the binary (under `prlimit --as` when there is one), killing it at the hang guard.
fn run(args: &[&str]) -> Run {
    let capped = Command::new("prlimit").arg("--version").output().is_ok();
    let mut cmd = if capped {
        let mut c = Command::new("prlimit");
        c.arg(format!("--as={ADDRESS_SPACE}")).arg("--").arg(BIN);
        c
    } else {
        Command::new(BIN)
    };
    let mut child = cmd
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Read the pipes on threads so that a chatty child cannot block on a full pipe.
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = out.read_to_end(&mut s);
        s
    });
    let err = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = err.read_to_end(&mut s);
        s
    });
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > HANG_GUARD {
            let _ = child.kill();
            let _ = child.wait();
            panic!("graphgo {args:?} hung: killed after {HANG_GUARD:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let run = Run {
        code: status.code().unwrap_or_else(|| {
            panic!("graphgo {args:?} was killed by a signal ({status:?}): a crash")
        }),
        stdout: String::from_utf8_lossy(&out.join().unwrap()).into_owned(),
        stderr: String::from_utf8_lossy(&err.join().unwrap()).into_owned(),
    };
    if !capped {
        // On the real standard error: libtest captures the output of a passing test.
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr().lock(),
            "SKIPPED: the memory cap of this case (prlimit is missing: apt-get install util-linux)"
        );
    }
    run
}

/// One catalogue case: a file, the command to run on it, and what must come back.
struct Case {
    name: &'static str,
    bytes: Vec<u8>,
    /// The command before the file's path (`play`, `vectors check` takes a directory).
    command: &'static [&'static str],
    code: i32,
    needles: Vec<&'static str>,
}

fn case(
    name: &'static str,
    bytes: impl Into<Vec<u8>>,
    code: i32,
    needles: &[&'static str],
) -> Case {
    Case {
        name,
        bytes: bytes.into(),
        command: &["play"],
        code,
        needles: needles.to_vec(),
    }
}

fn check(dir: &Path, c: &Case) -> String {
    let sub = dir.join(c.name.replace('.', "_"));
    std::fs::create_dir_all(&sub).unwrap();
    let path = sub.join(c.name);
    std::fs::write(&path, &c.bytes).unwrap();
    let target = if c.command.contains(&"check") {
        sub.clone()
    } else {
        path.clone()
    };
    let mut args: Vec<&str> = c.command.to_vec();
    args.push(target.to_str().unwrap());
    let r = run(&args);
    let said = format!("{}{}", r.stdout, r.stderr);
    assert_eq!(
        r.code, c.code,
        "{}: exit {} (want {}):\n{said}",
        c.name, r.code, c.code
    );
    if c.code == 2 {
        assert!(
            r.stderr.starts_with("graphgo: ") && r.stderr.contains(c.name),
            "{}: the message does not name the file: {}",
            c.name,
            r.stderr
        );
    }
    for needle in &c.needles {
        assert!(
            said.contains(needle),
            "{}: lacks {needle:?}:\n{said}",
            c.name
        );
    }
    for word in RUST_WORDS {
        assert!(!said.contains(word), "{}: says {word:?}:\n{said}", c.name);
    }
    said
}

/// `(;GM[1]FF[4]SZ[19]` and `;B[tt];W[tt]` `pairs` times: 2 * pairs + 1 nodes.
fn long_sgf(pairs: usize) -> String {
    format!("(;GM[1]FF[4]SZ[19]{})", ";B[tt];W[tt]".repeat(pairs))
}

const VALID: &str = "rules: ggg1\nboard: {path: 3}\nmoves: [\"B 1\"]\n";

#[test]
fn oversized_and_deep_files_are_refused_by_the_pre_scan() {
    let dir = scratch("caps");
    let cases = vec![
        // Issue 16, seen 1: 150,001 nodes overflowed the stack (exit 134).
        case(
            "big.sgf",
            long_sgf(75_000),
            2,
            &["node 100001", "cap of 100000 nodes"],
        ),
        // Issue 16, seen 2: 500,000 `[` hung (time quadratic in the depth).
        case(
            "deep.yaml",
            format!("x: {}", "[".repeat(500_000)),
            2,
            &["nested more than 64 deep", "line 1 column 67"],
        ),
        case(
            "deep_maps.yaml",
            format!("x: {}", "{a: ".repeat(200_000)),
            2,
            &["nested more than 64 deep", "line 1"],
        ),
        case(
            "deep.json",
            format!("{{\"x\": {}", "[".repeat(500_000)),
            2,
            &[
                "not valid JSON",
                "nested more than 64 deep",
                "line 1 column 70",
            ],
        ),
        case(
            "deep_blocks.yaml",
            (0..100)
                .map(|i| format!("{}k{i}:\n", " ".repeat(i)))
                .collect::<String>(),
            2,
            &["nested more than 64 deep", "line 65"],
        ),
        case(
            "deep_dashes.yaml",
            "- ".repeat(10_000),
            2,
            &["nested more than 64 deep", "line 1"],
        ),
        // Brackets inside strings are text, not nesting: the file is read, and refused for
        // what its field holds.
        case(
            "brackets_in_text.yaml",
            format!(
                "rules: ggg1\nboard: {{path: 3}}\nmoves: [\"{}\"]\n",
                "[".repeat(100_000)
            ),
            2,
            &["field 'moves[0]'"],
        ),
        // Alias bomb: nine levels of nine aliases (9^9 values if expanded).
        case(
            "alias_bomb.yaml",
            {
                let mut t = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x]\n");
                for i in 1..10 {
                    let refs = vec![format!("*a{}", i - 1); 9].join(", ");
                    t.push_str(&format!("a{i}: &a{i} [{refs}]\n"));
                }
                t + "rules: ggg1\nboard: {path: 3}\n"
            },
            2,
            &["aliases", "too many"],
        ),
    ];
    for c in &cases {
        check(&dir, c);
    }
    // Inside the caps: 99,999 nodes and 64 levels are read. Two passes end a ggg1 game, so
    // the third pass is refused (ggg1:4): exit 1, a report, not an input error.
    check(
        &dir,
        &case(
            "long.sgf",
            long_sgf(49_999),
            1,
            &["3. B pass  ILLEGAL (ggg1:4)"],
        ),
    );
    check(
        &dir,
        &case(
            "deep_inside_cap.yaml",
            format!("rules: ggg1\nboard: {}{}\n", "[".repeat(63), "]".repeat(63)),
            2,
            &[
                "field 'board'",
                "must be a map with one key naming the board",
            ],
        ),
    );
}

#[test]
fn replay_dir_reports_a_bad_file_and_replays_the_others() {
    let dir = scratch("replay_dir");
    std::fs::write(dir.join("big.sgf"), long_sgf(75_000)).unwrap();
    std::fs::write(dir.join("bad_size.sgf"), "(;GM[1]SZ[0];B[aa])").unwrap();
    // A legal game on 3x3: B a3 (SGF aa, top-left), W b2 (bb), B c1 (cc).
    std::fs::write(dir.join("good.sgf"), "(;GM[1]FF[4]SZ[3];B[aa];W[bb];B[cc])").unwrap();
    let r = run(&["replay-dir", "--all", dir.to_str().unwrap()]);
    assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.contains("unreadable: ") && r.stdout.contains("big.sgf: node 100001"));
    assert!(
        r.stdout.contains("bad_size.sgf: property SZ"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("1 games replayed"), "{}", r.stdout);
    // 3 moves a round, however many rounds fill the timing second.
    assert!(
        r.stdout.contains(" with a refused move\nengine: "),
        "{}",
        r.stdout
    );
    assert!(r.stderr.contains("2 file(s) unreadable"), "{}", r.stderr);
}

#[test]
fn formats_keep_their_promises() {
    let dir = scratch("promises");
    let bom = |t: &str| [&[0xef, 0xbb, 0xbf][..], t.as_bytes()].concat();
    let cases = vec![
        // Issue 16, seen 6: JSON kept the last of two `rules`; YAML refused.
        case(
            "duplicate.json",
            r#"{"rules": "ggg1", "board": {"path": 3}, "rules": "ggg2"}"#,
            2,
            // The second key `"rules"` spans columns 41 to 47.
            &["the key 'rules' is given twice", "line 1 column 47"],
        ),
        case(
            "duplicate_nested.json",
            "{\"rules\": \"ggg1\",\n \"board\": {\"path\": 3,\n \"path\": 4}}",
            2,
            &["the key 'path' is given twice", "line 3"],
        ),
        case(
            "duplicate.yaml",
            "rules: ggg1\nboard: {path: 3}\nrules: ggg2\n",
            2,
            &["the key 'rules' is given twice", "line 3"],
        ),
        // Issue 16, seen 6: a byte-order mark was "more than one document"; now dropped.
        case("bom.yaml", bom(VALID), 0, &["rules ggg1 on 3 vertices"]),
        case(
            "bom.json",
            bom(r#"{"rules": "ggg1", "board": {"path": 3}}"#),
            0,
            &["rules ggg1 on 3 vertices"],
        ),
        case(
            "two_documents.yaml",
            format!("{VALID}---\n{VALID}"),
            2,
            &["more than one YAML document"],
        ),
        case(
            "yaml_tag.yaml",
            "rules: !ggg ggg1\nboard: {path: 3}\n",
            2,
            &["field 'rules'", "!ggg", "tags"],
        ),
        case(
            "truncated.yaml",
            "rules: ggg1\nboard: {grid: [3, 3\n",
            2,
            &["not valid YAML", "line 3"],
        ),
        case(
            "truncated.json",
            r#"{"rules": "ggg1", "board": {"pa"#,
            2,
            &["not valid JSON", "EOF", "line 1"],
        ),
        case("truncated.sgf", "(;GM[1]SZ[9];B[aa", 2, &["not valid SGF"]),
        case(
            "not_utf8.yaml",
            [VALID.as_bytes(), b"# \xff\xfe\n"].concat(),
            2,
            &["not UTF-8", "0xff", "offset 46"],
        ),
        case(
            "not_utf8.json",
            b"{\"rules\": \"ggg1\xc3\x28\"}".to_vec(),
            2,
            &["not UTF-8", "0xc3", "offset 15"],
        ),
    ];
    for c in &cases {
        check(&dir, c);
    }
}

#[test]
fn fields_are_named_with_what_they_need() {
    let dir = scratch("fields");
    let cases = vec![
        case(
            "absurd_side.yaml",
            "rules: ggg1\nboard: {grid: [3000000000, 3000000000]}\n",
            2,
            &["field 'board'", "cap"],
        ),
        case(
            "float_side.yaml",
            "rules: ggg1\nboard: {grid: [1e30, 3]}\n",
            2,
            &["field 'board.grid[0]'", "must be a whole number", "got 1e"],
        ),
        case(
            "negative_side.yaml",
            "rules: ggg1\nboard: {grid: [3, -3]}\n",
            2,
            &["field 'board.grid[1]'", "must be a whole number", "got -3"],
        ),
        case(
            "three_sides.yaml",
            "rules: ggg1\nboard: {grid: [3, 3, 3]}\n",
            2,
            &["field 'board.grid'", "too many items", "got a list of 3 items"],
        ),
        case(
            "rules_as_list.yaml",
            "rules: [ggg1]\nboard: {path: 3}\n",
            2,
            &["field 'rules'", "must be text, got a list"],
        ),
        case(
            "board_as_list.json",
            r#"{"rules": "ggg1", "board": [3]}"#,
            2,
            &["field 'board'", "a map with one key naming the board", "got a list"],
        ),
        case(
            "top_level_list.yaml",
            "- rules\n- board\n",
            2,
            &["the top level", "a map of the record's fields", "got a list"],
        ),
        case(
            "absurd_sgf_size.sgf",
            "(;GM[1]SZ[99999];B[aa])",
            2,
            &["property SZ", "99999"],
        ),
        case(
            "off_board.sgf",
            "(;GM[1]SZ[9];B[aa];W[zz])",
            2,
            &["property W in node 2", "[zz]", "off the 9x9 board"],
        ),
        case(
            "bad_vertex.yaml",
            "rules: ggg1\nboard: {path: 3}\nmoves: [\"B 1\", \"W 9\"]\n",
            2,
            &["field 'moves[1]'", "'9'"],
        ),
        case(
            "edge_to_nowhere.yaml",
            "rules: ggg1\nboard: {graph: {vertices: [a, b], edges: [[a, z]]}}\n",
            2,
            &["field 'board'", "'z'"],
        ),
        case(
            "edge_of_three.yaml",
            "rules: ggg1\nboard: {graph: {vertices: [a, b, c], edges: [[a, b, c]]}}\n",
            2,
            &["field 'board.graph.edges[0]'", "too many items", "got a list of 3 items"],
        ),
        case(
            "vertex_as_map.yaml",
            "rules: ggg1\nboard: {graph: {vertices: [{a: 1}]}}\n",
            2,
            &["field 'board.graph.vertices[0]'", "a vertex name", "got a map"],
        ),
        case(
            "space_unknown_point.yaml",
            "rules: topo-primitive\nboard:\n  space:\n    points: [1, 2]\n    base: [[1], [2], [1, 2, 7]]\n",
            2,
            &["field 'board.space.base[2]'", "7"],
        ),
        case(
            "space_points_as_text.yaml",
            "rules: topo-primitive\nboard: {space: {points: twelve}}\n",
            2,
            &["field 'board.space.points'", "must be a list", "twelve"],
        ),
    ];
    for c in &cases {
        check(&dir, c);
    }
}

#[test]
fn vectors_are_read_the_same_way() {
    let dir = scratch("vectors");
    let head = "id: v\nclauses: [\"ggg1:1\"]\nchecked: spec and engine\nsource: test\nrules: ggg1\nboard: {path: 3}\n";
    let vector = |name: &'static str, bytes: Vec<u8>, code: i32, needles: &[&'static str]| Case {
        name,
        bytes,
        command: &["vectors", "check"],
        code,
        needles: needles.to_vec(),
    };
    let cases = vec![
        vector(
            "turns_as_number.yaml",
            format!("{head}turns: 3\n").into_bytes(),
            2,
            &["not a vector", "field 'turns'", "must be a list", "got 3"],
        ),
        vector(
            "deep.yaml",
            format!("{head}turns: {}", "[".repeat(300_000)).into_bytes(),
            2,
            &["nested more than 64 deep", "line 7"],
        ),
        vector(
            "duplicate.json",
            br#"{"id": "v", "id": "w"}"#.to_vec(),
            2,
            &["the key 'id' is given twice"],
        ),
        vector(
            "not_utf8.yaml",
            [head.as_bytes(), b"note: \"\xff\"\n"].concat(),
            2,
            &["not UTF-8", "0xff"],
        ),
    ];
    for c in &cases {
        check(&dir, c);
    }
}

/// A reader that goes away (`graphgo show ... | head -c 10`) ends graphgo as it ends Unix
/// tools, by SIGPIPE (status 141 in a shell), not by a panic: Rust ignores the signal, and
/// `println!` to a closed pipe panics unless the command takes the signal's default.
#[test]
fn a_reader_that_goes_away_ends_graphgo_without_a_panic() {
    use std::os::unix::process::ExitStatusExt as _;
    let record = format!(
        "{}/spec/examples/ggg/torus_seam_capture.yaml",
        env!("CARGO_MANIFEST_DIR")
    );
    // The viewer page is about 200 KB, more than a pipe holds, so graphgo is still writing
    // when the reader closes its end.
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_graphgo"))
        .args(["show", &record, "--format", "html"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut first = [0u8; 10];
    child
        .stdout
        .take()
        .expect("piped")
        .read_exact(&mut first)
        .expect("the page starts");
    // The read end is dropped here.
    let out = child.wait_with_output().expect("graphgo ends");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(out.status.signal(), Some(13), "{:?}: {stderr}", out.status);
}
