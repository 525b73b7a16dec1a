//! Every command at each of its stated caps, and just over them (issue 27, point 7): run
//! under `prlimit --as` at the memory bound and killed at the time bound that
//! `spec/FORMAT.md` states for it ("The work of a command", read from the table here, so
//! the statement and the test cannot drift apart), with its exit status, and just over the
//! cap refused with exit status 2 and the words of the message. The times and peak memory
//! measured are printed (`cargo test --release --test cli caps_sweep -- --nocapture`): the
//! "measured" column of the table comes from them.
//!
//! The bounds are hang guards for a shared machine, not speed tests.

use super::invocation::BIN;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A row of the table: its time and memory bounds.
#[derive(Clone, Copy, Debug)]
pub(super) struct Bounds {
    pub(super) time: Duration,
    pub(super) memory: u64,
}

/// The rows of FORMAT.md's table of the work at the caps, by sweep id.
fn stated_bounds() -> BTreeMap<String, Bounds> {
    let format =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("spec/FORMAT.md"))
            .expect("spec/FORMAT.md");
    let mut rows = BTreeMap::new();
    for line in format.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        // | `id` | command | measured | time bound | memory bound | just over |
        if cells.len() != 8 || !cells[1].starts_with('`') {
            continue;
        }
        let id = cells[1].trim_matches('`');
        let time = cells[4]
            .strip_suffix(" s")
            .and_then(|n| n.parse::<u64>().ok())
            .map(Duration::from_secs);
        let memory = cells[5]
            .strip_suffix(" GiB")
            .and_then(|n| n.parse::<u64>().ok())
            .map(|g| g << 30)
            .or_else(|| {
                cells[5]
                    .strip_suffix(" MiB")
                    .and_then(|n| n.parse::<u64>().ok())
                    .map(|m| m << 20)
            });
        if let (Some(time), Some(memory)) = (time, memory) {
            rows.insert(id.to_string(), Bounds { time, memory });
        }
    }
    rows
}

/// What a run gave.
pub(super) struct Outcome {
    pub(super) code: i32,
    pub(super) stdout_bytes: u64,
    pub(super) stdout_head: String,
    pub(super) stderr: String,
    pub(super) elapsed: Duration,
    /// The peak resident memory seen (VmHWM), in bytes.
    pub(super) peak: u64,
    /// The CPU time used (user and system), as last seen.
    pub(super) cpu: Duration,
}

/// The folder of the sweep's inputs and outputs.
pub(super) fn dir() -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("caps-sweep");
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Runs graphgo with `args` in [`dir`] under the bounds, its standard output to a file (a
/// page of 100 MB is not read into the test), `stdin` on its standard input.
pub(super) fn run(what: &str, args: &[&str], bounds: Bounds, stdin: Option<&str>) -> Outcome {
    let dir = dir();
    let out_path = dir.join(format!("{what}.out"));
    let capped = Command::new("prlimit").arg("--version").output().is_ok();
    let mut cmd = if capped {
        let mut c = Command::new("prlimit");
        c.arg(format!("--as={}", bounds.memory)).arg("--").arg(BIN);
        c
    } else {
        println!(
            "SKIPPED: the memory bound of {what} (prlimit is missing: apt-get install util-linux)"
        );
        Command::new(BIN)
    };
    cmd.args(args)
        .current_dir(&dir)
        .env_remove("SLURM_ARRAY_TASK_ID")
        .env_remove("JOB_COMPLETION_INDEX")
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(std::fs::File::create(&out_path).unwrap())
        .stderr(Stdio::piped());
    let start = Instant::now();
    let mut child = cmd.spawn().unwrap();
    if let Some(text) = stdin {
        use std::io::Write;
        let mut input = child.stdin.take().unwrap();
        let text = text.to_string();
        std::thread::spawn(move || {
            let _ = input.write_all(text.as_bytes());
        });
    }
    let mut err = child.stderr.take().unwrap();
    let err = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut err, &mut s);
        s
    });
    let status_path = format!("/proc/{}/status", child.id());
    let stat_path = format!("/proc/{}/stat", child.id());
    let (mut peak, mut ticks) = (0, 0);
    let status = loop {
        // utime and stime, fields 14 and 15 of /proc/PID/stat (after the command's name).
        if let Ok(s) = std::fs::read_to_string(&stat_path) {
            let fields: Vec<&str> = s
                .rsplit(')')
                .next()
                .unwrap_or("")
                .split_whitespace()
                .collect();
            let t = |i: usize| {
                fields
                    .get(i)
                    .and_then(|f| f.parse::<u64>().ok())
                    .unwrap_or(0)
            };
            ticks = ticks.max(t(11) + t(12));
        }
        if let Ok(s) = std::fs::read_to_string(&status_path) {
            if let Some(kb) = s
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches(" kB").trim().parse::<u64>().ok())
            {
                peak = peak.max(kb * 1024);
            }
        }
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > bounds.time {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "{what}: graphgo {args:?} hung: killed at the time bound {:?}",
                bounds.time
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let elapsed = start.elapsed();
    let code = status.code().unwrap_or_else(|| {
        panic!(
            "{what}: graphgo {args:?} was killed by a signal ({status:?}): over its memory bound?"
        )
    });
    let stdout_bytes = std::fs::metadata(&out_path).map_or(0, |m| m.len());
    let mut head = vec![0u8; 4096];
    let n =
        std::io::Read::read(&mut std::fs::File::open(&out_path).unwrap(), &mut head).unwrap_or(0);
    head.truncate(n);
    let _ = std::fs::remove_file(&out_path);
    let outcome = Outcome {
        code,
        stdout_bytes,
        stdout_head: String::from_utf8_lossy(&head).into_owned(),
        stderr: err.join().unwrap(),
        elapsed,
        peak,
        // Clock ticks of 1/100 s (the kernel's USER_HZ).
        cpu: Duration::from_millis(ticks * 10),
    };
    println!(
        "sweep {what}: exit {}, {:.1} s CPU, {:.1} s wall, peak {} MB, {} bytes out",
        outcome.code,
        outcome.cpu.as_secs_f64(),
        outcome.elapsed.as_secs_f64(),
        outcome.peak >> 20,
        outcome.stdout_bytes
    );
    outcome
}

#[track_caller]
pub(super) fn expect_refused(o: &Outcome, words: &[&str]) {
    assert_eq!(o.code, 2, "refused with exit 2:\n{}", o.stderr);
    for w in words {
        assert!(
            o.stderr.contains(w),
            "the refusal lacks {w:?}:\n{}",
            o.stderr
        );
    }
    assert_eq!(
        o.stdout_bytes, 0,
        "a refusal writes nothing: {}",
        o.stdout_head
    );
}

#[track_caller]
pub(super) fn expect_done(o: &Outcome, code: i32) {
    assert_eq!(o.code, code, "exit {} (want {code}):\n{}", o.code, o.stderr);
}

/// Writes an input file into the sweep's folder.
pub(super) fn input(name: &str, text: &str) -> String {
    std::fs::write(dir().join(name), text).unwrap();
    name.to_string()
}

/// `k` legal moves on a `w x h` grid that capture nothing: Black fills the columns x = 4, 8,
/// ..., White the columns x = 2, 6, ..., alternately; the odd columns stay empty, so every
/// group keeps its liberties.
pub(super) fn stripes(w: usize, h: usize, k: usize) -> Vec<String> {
    let column = |r: usize| -> Vec<(usize, usize)> {
        (1..=w)
            .filter(|x| x % 4 == r)
            .flat_map(|x| (1..=h).map(move |y| (x, y)))
            .collect()
    };
    let (black, white) = (column(0), column(2));
    (0..k)
        .map(|i| {
            let (x, y) = if i % 2 == 0 {
                black[i / 2]
            } else {
                white[i / 2]
            };
            format!("{} {x}-{y}", if i % 2 == 0 { 'B' } else { 'W' })
        })
        .collect()
}

pub(super) fn record(rules: &str, board: &str, moves: &[String]) -> String {
    format!(
        "rules: {rules}\nboard: {board}\nmoves: [{}]\n",
        moves.join(", ")
    )
}

/// `n` turns of ko captures on a path of two points, `repetition: none` (so each capture
/// is legal again): B 1, W 2, B 1, ...
pub(super) fn ko(n: usize) -> String {
    let moves: Vec<String> = (0..n)
        .map(|i| if i % 2 == 0 { "B 1" } else { "W 2" }.to_string())
        .collect();
    format!(
        "rules: ggg1\nboard: {{path: 2}}\noptions: {{repetition: none}}\nmoves: [{}]\n",
        moves.join(", ")
    )
}

/// The bounds of `id`, which FORMAT.md must state.
fn bounds(rows: &BTreeMap<String, Bounds>, id: &str) -> Bounds {
    *rows
        .get(id)
        .unwrap_or_else(|| panic!("spec/FORMAT.md states no bounds for the sweep id `{id}`"))
}

/// The vertex cap (2048x2048) at play's and check's caps on points x turns, and just over
/// them. This is also issue 27 case 11's `play --json` and `check` on a 2048x2048 grid (2.4
/// GB before): at the cap, within the memory bound FORMAT.md states.
#[test]
fn play_and_check_at_the_vertex_cap_and_just_over() {
    let rows = stated_bounds();
    let b = |id: &str| bounds(&rows, id);

    // play: the vertex cap x turns, as JSON (its final position is four million entries).
    let f = input(
        "points-16.yaml",
        &record("ggg1", "{grid: [2048, 2048]}", &stripes(2048, 2048, 16)),
    );
    let o = run(
        "play-points",
        &["play", "--json", &f],
        b("play-points"),
        None,
    );
    expect_done(&o, 0);
    assert!(
        o.stdout_head.starts_with("{\n  \"rules\": \"ggg1\""),
        "{}",
        o.stdout_head
    );
    let f = input(
        "points-17.yaml",
        &record("ggg1", "{grid: [2048, 2048]}", &stripes(2048, 2048, 17)),
    );
    let o = run(
        "play-points-over",
        &["play", "--json", &f],
        b("play-points"),
        None,
    );
    assert_eq!(o.code, 2, "{}", o.stderr);
    assert!(
        o.stdout_head.contains("points x 17 turns"),
        "the refusal as JSON: {}",
        o.stdout_head
    );

    // check: the vertex cap.
    let f = input(
        "check-4.yaml",
        &record("ggg1", "{grid: [2048, 2048]}", &stripes(2048, 2048, 4)),
    );
    let o = run("check-points", &["check", &f], b("check-points"), None);
    expect_done(&o, 0);
    let f = input(
        "check-5.yaml",
        &record("ggg1", "{grid: [2048, 2048]}", &stripes(2048, 2048, 5)),
    );
    let o = run("check-points-over", &["check", &f], b("check-points"), None);
    expect_refused(
        &o,
        &[
            "points x 5 turns",
            "for comparing the transcription and the engine",
        ],
    );
}

#[test]
fn every_command_at_its_caps_and_just_over() {
    let rows = stated_bounds();
    assert!(
        rows.len() >= 22,
        "FORMAT.md's table has {} rows",
        rows.len()
    );
    let b = |id: &str| bounds(&rows, id);

    // play: the turn cap.
    let f = input("ko-1m.yaml", &ko(1_000_000));
    let o = run("play-turns", &["play", &f], b("play-turns"), None);
    expect_done(&o, 0);
    let f = input("ko-over.yaml", &ko(1_000_001));
    let o = run("play-turns-over", &["play", &f], b("play-turns"), None);
    expect_refused(&o, &["over the cap of 1000000 turns"]);

    // play --explain.
    let f = input("ko-explain.yaml", &ko(1 << 18));
    let o = run(
        "play-explain",
        &["play", "--explain", &f],
        b("play-explain"),
        None,
    );
    expect_done(&o, 0);
    assert!(o.stdout_bytes > 60_000_000, "every turn explained");
    let f = input("ko-explain-over.yaml", &ko((1 << 18) + 1));
    let o = run(
        "play-explain-over",
        &["play", "--explain", &f],
        b("play-explain"),
        None,
    );
    expect_refused(&o, &["turns that --explain explains"]);

    // play, MANGO.
    let f = input(
        "mango-128.yaml",
        &record("mango", "{grid: [128, 128]}", &stripes(128, 128, 128)),
    );
    let o = run("play-mango", &["play", &f], b("play-mango"), None);
    expect_done(&o, 0);
    let f = input(
        "mango-129.yaml",
        &record("mango", "{grid: [128, 128]}", &stripes(128, 128, 129)),
    );
    let o = run("play-mango-over", &["play", &f], b("play-mango"), None);
    expect_refused(&o, &["16384 points x 129 turns", "under rules mango"]);

    // 4 096 legal turns on 64x64: Black fills every even column (the odd ones keep every
    // group's liberties), White passes in between (never two passes in a row).
    let mut moves: Vec<String> = (1..=64)
        .filter(|x| x % 2 == 0)
        .flat_map(|x| (1..=64).map(move |y| format!("B {x}-{y}")))
        .flat_map(|m| [m, "W pass".to_string()])
        .collect();
    assert_eq!(moves.len(), 4096);
    let f = input("check-64.yaml", &record("ggg1", "{grid: [64, 64]}", &moves));
    let o = run("check-turns", &["check", &f], b("check-turns"), None);
    expect_done(&o, 0);
    moves.push("B pass".into());
    let f = input(
        "check-64-over.yaml",
        &record("ggg1", "{grid: [64, 64]}", &moves),
    );
    let o = run("check-turns-over", &["check", &f], b("check-turns"), None);
    expect_refused(&o, &["4096 points x 4097 turns"]);

    // show: the points drawn, the lines drawn.
    let f = input(
        "show-141.yaml",
        &record("ggg1", "{grid: [141, 141]}", &stripes(141, 141, 2000)),
    );
    let o = run("show-points", &["show", &f], b("show-points"), None);
    expect_done(&o, 0);
    assert!(o.stdout_head.starts_with("<svg"), "{}", o.stdout_head);
    let f = input("show-142.yaml", &record("ggg1", "{grid: [142, 142]}", &[]));
    let o = run("show-points-over", &["show", &f], b("show-points"), None);
    expect_refused(&o, &["draws at most 20000"]);
    let f = input(
        "complete-447.yaml",
        "rules: ggg1\nboard: {complete: 447}\nmoves: [B 1, W 2]\n",
    );
    let o = run(
        "show-lines",
        &["show", "--format", "dot", &f],
        b("show-lines"),
        None,
    );
    expect_done(&o, 0);
    let f = input(
        "complete-448.yaml",
        "rules: ggg1\nboard: {complete: 448}\nmoves: [B 1, W 2]\n",
    );
    let o = run(
        "show-lines-over",
        &["show", "--format", "dot", &f],
        b("show-lines"),
        None,
    );
    expect_refused(&o, &["the cap on lines drawn"]);

    // The viewer.
    let f = input(
        "viewer-12.yaml",
        &record("ggg1", "{grid: [141, 141]}", &stripes(141, 141, 12)),
    );
    let o = run(
        "viewer",
        &["show", "--format", "html", &f],
        b("viewer"),
        None,
    );
    expect_done(&o, 0);
    assert!(o.stdout_head.starts_with("<!DOCTYPE html>"));
    let f = input(
        "viewer-13.yaml",
        &record("ggg1", "{grid: [141, 141]}", &stripes(141, 141, 13)),
    );
    let o = run(
        "viewer-over",
        &["show", "--format", "html", &f],
        b("viewer"),
        None,
    );
    expect_refused(&o, &["points x positions", "for the viewer"]);

    // Vectors: written at the cap, then checked; just over, refused.
    let f = input(
        "vector-64.yaml",
        &record("ggg1", "{grid: [128, 128]}", &stripes(128, 128, 64)),
    );
    let o = run(
        "vector-new",
        &["vectors", "new", &f, "-o", "vectors/v64.yaml"],
        b("vector-new"),
        None,
    );
    expect_done(&o, 0);
    let f = input(
        "vector-65.yaml",
        &record("ggg1", "{grid: [128, 128]}", &stripes(128, 128, 65)),
    );
    let o = run(
        "vector-new-over",
        &["vectors", "new", &f],
        b("vector-new"),
        None,
    );
    expect_refused(&o, &["16384 points x 65 turns", "for a conformance vector"]);
    let o = run(
        "vector-check",
        &["vectors", "check", "vectors"],
        b("vector-check"),
        None,
    );
    expect_done(&o, 0);
    let turns: String = (0..32_769)
        .map(|i| {
            let (who, at) = if i % 2 == 0 { ("B", 1) } else { ("W", 2) };
            format!("  - {{play: {who} {at}, legal: true}}\n")
        })
        .collect();
    std::fs::create_dir_all(dir().join("long-vector")).unwrap();
    input(
        "long-vector/long.yaml",
        &format!(
            "id: long\nclauses: [\"ggg1:2\"]\nrules: ggg1\nboard: {{path: 2}}\noptions: {{repetition: none}}\nturns:\n{turns}"
        ),
    );
    let o = run(
        "vector-check-over",
        &["vectors", "check", "long-vector"],
        b("vector-check"),
        None,
    );
    expect_refused(
        &o,
        &["32769 turns is over the cap of 32768 turns for a conformance vector"],
    );
}

/// The commands whose work their flags name (FORMAT.md: "The other commands"), each run
/// once with small flags under its row's guards: none may hang, panic or run away.
#[test]
fn every_other_command_once_under_the_guards() {
    let rows = stated_bounds();
    let b = |id: &str| bounds(&rows, id);
    let _ = std::fs::remove_dir_all(dir().join("other"));
    std::fs::create_dir_all(dir().join("other/sgf")).unwrap();

    let o = run(
        "fuzz",
        &[
            "fuzz",
            "--seed",
            "1",
            "--games",
            "20",
            "--out",
            "other/fuzz",
        ],
        b("fuzz"),
        None,
    );
    expect_done(&o, 0);
    let o = run(
        "merge",
        &["merge", "other/fuzz", "--out", "other/merged"],
        b("merge"),
        None,
    );
    expect_done(&o, 0);
    assert!(dir().join("other/merged").is_dir());
    let o = run(
        "exhaust",
        &[
            "exhaust",
            "--reach",
            "graphs:2-3:3",
            "--out",
            "other/exhaust",
        ],
        b("exhaust"),
        None,
    );
    expect_done(&o, 0);
    let o = run("tables", &["tables"], b("tables"), None);
    expect_done(&o, 0);
    let o = run("pairs", &["pairs", "--max", "2"], b("pairs"), None);
    expect_done(&o, 0);
    let o = run(
        "bench",
        &[
            "bench",
            "--suites",
            "light",
            "--playouts",
            "100",
            "--size",
            "9",
            "--graph-vertices",
            "0",
            "--replay-games",
            "1",
        ],
        b("bench"),
        None,
    );
    expect_done(&o, 0);
    let o = run(
        "gtp",
        &["gtp"],
        b("gtp"),
        Some("boardsize 9\nplay b c3\ngenmove w\nshowboard\nquit\n"),
    );
    expect_done(&o, 0);
    assert!(o.stdout_head.starts_with('='), "{}", o.stdout_head);
    let o = run(
        "verify-gtp",
        &[
            "verify-gtp",
            "--games",
            "1",
            "--size",
            "5",
            "--out",
            "other/verify",
            "--",
            BIN,
            "gtp",
        ],
        b("verify-gtp"),
        None,
    );
    expect_done(&o, 0);
    assert!(
        o.stdout_head.contains("0 disagreements"),
        "{}",
        o.stdout_head
    );
    let game: String = stripes(19, 19, 100)
        .iter()
        .map(|t| {
            let (who, at) = t.split_once(' ').unwrap();
            let (x, y) = at.split_once('-').unwrap();
            let letter = |n: usize| (b'a' + n as u8 - 1) as char;
            let (x, y): (usize, usize) = (x.parse().unwrap(), y.parse().unwrap());
            format!(";{who}[{}{}]", letter(x), letter(20 - y))
        })
        .collect();
    for i in 0..4 {
        input(
            &format!("other/sgf/g{i}.sgf"),
            &format!("(;FF[4]GM[1]SZ[19]RE[B+R]{game})"),
        );
    }
    let o = run(
        "replay-dir",
        &["replay-dir", "--spec", "other/sgf"],
        b("replay-dir"),
        None,
    );
    expect_done(&o, 0);
    let o = run(
        "vectors-generate",
        &["vectors", "generate", "other/generated"],
        b("vectors-generate"),
        None,
    );
    expect_done(&o, 0);
    let o = run(
        "vectors-check-generated",
        &["vectors", "check", "other/generated"],
        b("vectors-generate"),
        None,
    );
    expect_done(&o, 0);
    // The report of other implementations plays a fixed number of games a row under each
    // row's time cap (its harness's tests, tests/conformance); here its refusal of a root
    // without adapters.
    std::fs::create_dir_all(dir().join("other/empty-root")).unwrap();
    let o = run(
        "conformance",
        &["conformance", "--root", "other/empty-root"],
        b("conformance"),
        None,
    );
    expect_refused(&o, &["other/empty-root/adapters"]);
}
