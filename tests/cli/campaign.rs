//! Campaigns as a user runs them: where findings go (a checked --out, names never reused,
//! one record per signature with a count), signals (the summary so far, exit 130/143, no
//! temporary file), shards taken from Slurm and Kubernetes job arrays, `graphgo merge`,
//! and a campaign resumed after it was stopped or killed.
//!
//! The bug found is planted with the hidden `fuzz --planted-bug no-superko` (the engine
//! with positional superko turned off): it shows in games of several rule sets, so a
//! campaign of a few dozen games finds it many times over.

use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use super::invocation::{fresh_path, text};
use serde_json::Value;

fn graphgo(args: &[&str]) -> Output {
    graphgo_env(args, &[])
}

fn graphgo_env(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_graphgo"));
    command.args(args).env("CI", "1");
    for var in [
        "SLURM_ARRAY_TASK_ID",
        "SLURM_ARRAY_TASK_MIN",
        "SLURM_ARRAY_TASK_MAX",
        "SLURM_ARRAY_TASK_STEP",
        "SLURM_ARRAY_TASK_COUNT",
        "JOB_COMPLETION_INDEX",
        "GRAPHGO_SHARD_COUNT",
    ] {
        command.env_remove(var);
    }
    command.envs(env.iter().copied());
    command.output().expect("the binary runs")
}

fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_graphgo"))
        .args(args)
        .env("CI", "1")
        .env_remove("SLURM_ARRAY_TASK_ID")
        .env_remove("JOB_COMPLETION_INDEX")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts")
}

/// The files of a folder, by name, with their text.
fn files(dir: &Path) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let p = e.unwrap().path();
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap_or_default())
        })
        .collect();
    out.sort();
    out
}

fn temporaries(dir: &Path) -> Vec<String> {
    files(dir)
        .into_iter()
        .map(|(n, _)| n)
        .filter(|n| n.ends_with(".tmp") || n.starts_with('.'))
        .collect()
}

fn summary(dir: &Path, name: &str) -> Value {
    let text = std::fs::read_to_string(dir.join(name)).expect("the shard's summary is written");
    serde_json::from_str(&text).expect("the summary is JSON")
}

/// The planted-bug campaign with seed `seed` and `games` games, into `dir`.
fn planted(seed: &str, games: &str, dir: &Path) -> Vec<String> {
    [
        "fuzz",
        "--planted-bug",
        "no-superko",
        "--seed",
        seed,
        "--games",
        games,
        "--shrink-budget",
        "100",
        "--out",
        dir.to_str().unwrap(),
    ]
    .map(String::from)
    .to_vec()
}

fn args(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

#[test]
fn one_bug_gives_one_record_per_signature_and_a_count() {
    let dir = fresh_path("grouped");
    let run = planted("1", "60", &dir);
    let out = graphgo(&args(&run));
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let s = summary(&dir, "summary-seed1-shard1of1.json");
    let divergences = s["divergences"].as_u64().unwrap();
    let groups = s["findings"].as_array().unwrap();
    // The planted bug shows in many games, under few signatures.
    assert!(divergences >= 10, "{s}");
    assert!(
        groups.len() < 10 && groups.len() * 2 < divergences as usize,
        "{s}"
    );
    let counted: u64 = groups.iter().map(|g| g["count"].as_u64().unwrap()).sum();
    assert_eq!(counted, divergences);
    // One file a group and the summary: not one a divergence.
    let names: Vec<String> = files(&dir).into_iter().map(|(n, _)| n).collect();
    assert_eq!(names.len(), groups.len() + 1, "{names:?}");
    for g in groups {
        let file = g["file"].as_str().unwrap();
        assert!(names.iter().any(|n| n == file), "{file} in {names:?}");
        // The group's first game is the lowest it lists, and its record replays it.
        let games: Vec<u64> = g["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap())
            .collect();
        assert_eq!(games.len() as u64, g["count"].as_u64().unwrap().min(20));
        assert_eq!(g["first_game"].as_u64(), games.iter().min().copied());
        assert!(file.ends_with(&format!("game{}.yaml", games[0])));
        assert!(g["signature"].as_str().unwrap().contains(" | "));
    }
    let stdout = text(&out.stdout);
    assert!(stdout.contains("signature of game"), "{stdout}");
    let last = stdout.lines().last().unwrap();
    assert!(
        last.contains(&format!(
            "{divergences} divergences ({} signature",
            groups.len()
        )),
        "{last}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn max_findings_stops_the_campaign_and_json_prints_each_finding() {
    let dir = fresh_path("max");
    let mut run = planted("1", "60", &dir);
    run.extend(["--max-findings", "2", "--json"].map(String::from));
    let out = graphgo(&args(&run));
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let lines: Vec<Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    let (last, findings) = lines.split_last().unwrap();
    assert_eq!(findings.len(), 2, "{lines:?}");
    for f in findings {
        assert!(f["finding"]["signature"].is_string(), "{f}");
        let file = f["finding"]["file"].as_str().unwrap();
        assert!(Path::new(file).exists(), "{file}");
    }
    let s = &last["summary"];
    assert_eq!(s["stopped"], "max-findings", "{s}");
    assert_eq!(s["findings"].as_array().unwrap().len(), 2);
    assert!(s["games"].as_u64().unwrap() < 60);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn runs_into_the_same_folder_never_overwrite_a_file() {
    let dir = fresh_path("same-out");
    std::fs::create_dir_all(&dir).unwrap();
    // A file of the user's where the campaign's first record would go.
    let taken = dir.join("spec-vs-no-superko-seed1-game0.yaml");
    std::fs::write(&taken, "my notes\n").unwrap();
    let first = graphgo(&args(&planted("1", "30", &dir)));
    assert_eq!(first.status.code(), Some(1), "{}", text(&first.stderr));
    assert_eq!(std::fs::read_to_string(&taken).unwrap(), "my notes\n");
    let s = summary(&dir, "summary-seed1-shard1of1.json");
    assert_eq!(s["findings"][0]["first_game"], 0, "{s}");
    assert_eq!(
        s["findings"][0]["file"], "spec-vs-no-superko-seed1-game0-2.yaml",
        "{s}"
    );
    let after_first = files(&dir);
    // Another campaign into the same folder: every file of the first is as it was.
    let second = graphgo(&args(&planted("2", "30", &dir)));
    assert_eq!(second.status.code(), Some(1), "{}", text(&second.stderr));
    let after_second = files(&dir);
    for file in &after_first {
        assert!(after_second.contains(file), "{} changed", file.0);
    }
    // (Compared by content above; lists of names below, so that a failure stays readable.)
    assert!(after_second.len() > after_first.len());
    // The first command again: its summary says it is done; nothing is played or written.
    let again = graphgo(&args(&planted("1", "30", &dir)));
    assert_eq!(again.status.code(), Some(1));
    assert!(text(&again.stdout).contains("resumed after game 30"));
    let own = "summary-seed1-shard1of1.json";
    let others = |v: Vec<(String, String)>| -> Vec<String> {
        v.into_iter()
            .filter(|(n, _)| n != own)
            .map(|(n, t)| format!("{n}: {} bytes", t.len()))
            .collect()
    };
    assert_eq!(others(files(&dir)), others(after_second));
    assert_eq!(summary(&dir, own)["games"], 30);
    assert!(temporaries(&dir).is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_out_that_is_no_writable_folder_is_refused_before_any_game() {
    let dir = fresh_path("bad-out");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("a-file");
    std::fs::write(&file, "x").unwrap();
    let under_file = file.join("below");
    for (out, why) in [
        (file.as_path(), "is a file"),
        (under_file.as_path(), "cannot create"),
        (Path::new("/proc/graphgo-nope"), "cannot create"),
    ] {
        let o = graphgo(&[
            "fuzz",
            "--planted-bug",
            "no-superko",
            "--seed",
            "1",
            "--games",
            "30",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(2), "{}", out.display());
        let err = text(&o.stderr);
        assert!(
            err.contains(&out.display().to_string()) && err.contains(why),
            "{err}"
        );
        // Refused before the campaign starts: no game played, nothing printed.
        assert!(o.stdout.is_empty(), "{}", text(&o.stdout));
        assert!(!err.contains("graphgo fuzz: spec vs"), "{err}");
    }
    // `vectors generate` checks its folder the same way.
    let o = graphgo(&["vectors", "generate", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("is a file"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Waits until the campaign in `dir` has played at least `games` games by its summary.
fn wait_for_games(child: &mut Child, dir: &Path, file: &str, games: u64) {
    let start = Instant::now();
    loop {
        let played = std::fs::read_to_string(dir.join(file))
            .ok()
            .and_then(|t| serde_json::from_str::<Value>(&t).ok())
            .and_then(|v| v["games"].as_u64())
            .unwrap_or(0);
        if played >= games {
            return;
        }
        assert!(
            child.try_wait().unwrap().is_none(),
            "the campaign ended before game {games}"
        );
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "no progress (hang guard)"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn send(child: &Child, signal: &str) {
    let status = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
}

/// Waits for the child with a generous hang guard.
fn finish(mut child: Child) -> Output {
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            panic!("the campaign did not stop (hang guard)");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

#[test]
fn sigint_and_sigterm_print_the_summary_so_far_and_leave_no_temporary_file() {
    for (signal, status, name) in [("-INT", 130, "SIGINT"), ("-TERM", 143, "SIGTERM")] {
        let dir = fresh_path(name);
        let mut child = spawn(&[
            "fuzz",
            "--planted-bug",
            "no-superko",
            "--seed",
            "3",
            "--time",
            "600",
            "--out",
            dir.to_str().unwrap(),
        ]);
        wait_for_games(&mut child, &dir, "summary-seed3-shard1of1.json", 5);
        send(&child, signal);
        let out = finish(child);
        assert_eq!(out.status.code(), Some(status), "{}", text(&out.stderr));
        let stdout = text(&out.stdout);
        let last = stdout.lines().last().unwrap_or_default();
        assert!(
            last.contains(" games, ") && last.ends_with(&format!("stopped by {name}")),
            "{stdout}"
        );
        let s = summary(&dir, "summary-seed3-shard1of1.json");
        assert_eq!(s["stopped"], name);
        assert!(s["games"].as_u64().unwrap() >= 5);
        assert!(temporaries(&dir).is_empty(), "{:?}", temporaries(&dir));
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn shards_come_from_slurm_and_kubernetes_job_arrays() {
    let dir = fresh_path("arrays");
    let out = dir.to_str().unwrap();
    let run = |env: &[(&str, &str)]| {
        graphgo_env(&["fuzz", "--seed", "4", "--games", "2", "--out", out], env)
    };
    // sbatch --array=0-3: task 2 is shard 3 of 4.
    let o = run(&[
        ("SLURM_ARRAY_TASK_ID", "2"),
        ("SLURM_ARRAY_TASK_MIN", "0"),
        ("SLURM_ARRAY_TASK_MAX", "3"),
        ("SLURM_ARRAY_TASK_COUNT", "4"),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(text(&o.stderr).contains("shard 3/4 (Slurm array task 2 of 0-3)"));
    let s = summary(&dir, "summary-seed4-shard3of4.json");
    assert_eq!(
        (s["shard"]["index"].as_u64(), s["shard"]["count"].as_u64()),
        (Some(3), Some(4))
    );
    // A Kubernetes Indexed Job of 5 completions: index 0 is shard 1 of 5.
    let o = run(&[("JOB_COMPLETION_INDEX", "0"), ("GRAPHGO_SHARD_COUNT", "5")]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(text(&o.stderr).contains("shard 1/5 (Kubernetes completion index 0 of 5)"));
    assert!(dir.join("summary-seed4-shard1of5.json").exists());
    // --shard wins over the variables.
    let o = graphgo_env(
        &[
            "fuzz", "--seed", "4", "--games", "2", "--shard", "2/2", "--out", out,
        ],
        &[("JOB_COMPLETION_INDEX", "0"), ("GRAPHGO_SHARD_COUNT", "5")],
    );
    assert!(text(&o.stderr).contains("shard 2/2 (--shard)"));
    // An index without its count is refused, naming the variable to set.
    let o = run(&[("JOB_COMPLETION_INDEX", "1")]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("GRAPHGO_SHARD_COUNT"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The merged summary without what names the shards: what must not depend on how the
/// campaign was split.
fn comparable(mut merged: Value) -> Value {
    for key in ["shards", "present", "missing", "notes"] {
        merged.as_object_mut().unwrap().remove(key);
    }
    for f in merged["findings"].as_array_mut().unwrap() {
        f.as_object_mut().unwrap().remove("shard");
    }
    merged
}

#[test]
fn a_campaign_in_four_shards_merges_to_the_same_as_in_one() {
    let root = fresh_path("merge");
    let whole = root.join("whole");
    let o = graphgo(&args(&planted("5", "80", &whole)));
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    let mut parts = Vec::new();
    for k in 1..=4 {
        let dir = root.join(format!("shard{k}"));
        let mut run = planted("5", "20", &dir);
        run.extend(["--shard".to_string(), format!("{k}/4")]);
        let o = graphgo(&args(&run));
        assert!(
            matches!(o.status.code(), Some(0 | 1)),
            "{}",
            text(&o.stderr)
        );
        parts.push(dir.to_str().unwrap().to_string());
    }
    let merge = |dirs: &[&str], out: &Path| -> (Output, Value) {
        let mut a = vec!["merge", "--json", "--out", out.to_str().unwrap()];
        a.extend(dirs);
        let o = graphgo(&a);
        let v = serde_json::from_str(&text(&o.stdout)).expect("merge --json prints JSON");
        (o, v)
    };
    let (o1, one) = merge(&[whole.to_str().unwrap()], &root.join("merged1"));
    let part_refs: Vec<&str> = parts.iter().map(String::as_str).collect();
    let (o4, four) = merge(&part_refs, &root.join("merged4"));
    assert_eq!(o1.status.code(), Some(1));
    assert_eq!(o4.status.code(), Some(1));
    assert_eq!(four["missing"], serde_json::json!([]));
    assert_eq!(four["games"], 80);
    assert!(!one["findings"].as_array().unwrap().is_empty());
    assert_eq!(comparable(one.clone()), comparable(four.clone()));
    // The same records are kept, word for word.
    assert_eq!(
        files(&root.join("merged1")).len(),
        files(&root.join("merged4")).len()
    );
    for (name, t) in files(&root.join("merged1")) {
        if name.ends_with(".yaml") {
            assert_eq!(
                std::fs::read_to_string(root.join("merged4").join(&name)).unwrap(),
                t
            );
        }
    }
    // A shard missing is named.
    let (o, three) = merge(
        &[part_refs[0], part_refs[1], part_refs[3]],
        &root.join("merged3"),
    );
    assert_eq!(three["missing"], serde_json::json!([[3, 3]]));
    assert_eq!(o.status.code(), Some(1));
    let o = graphgo(&["merge", part_refs[0], part_refs[1], part_refs[3]]);
    assert!(
        text(&o.stdout).contains("MISSING shards 3/4"),
        "{}",
        text(&o.stdout)
    );
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn an_interrupted_campaign_resumes_where_its_summary_stopped() {
    let root = fresh_path("resume");
    let whole = root.join("whole");
    let o = graphgo(&args(&planted("6", "400", &whole)));
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    let expected = summary(&whole, "summary-seed6-shard1of1.json");
    let name = "summary-seed6-shard1of1.json";
    let parts = root.join("parts");
    let run = planted("6", "400", &parts);
    // Stopped by SIGTERM, then killed outright (a lost machine), then run to the end.
    let mut child = spawn(&args(&run));
    wait_for_games(&mut child, &parts, name, 20);
    send(&child, "-TERM");
    assert_eq!(finish(child).status.code(), Some(143));
    let after_term = summary(&parts, name)["games"].as_u64().unwrap();
    let mut child = spawn(&args(&run));
    wait_for_games(&mut child, &parts, name, after_term + 30);
    send(&child, "-KILL");
    let _ = finish(child);
    let o = graphgo(&args(&run));
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    assert!(text(&o.stdout).contains("resumed after game"));
    let resumed = summary(&parts, name);
    for key in ["games", "turns", "divergences", "findings", "stopped"] {
        assert_eq!(resumed[key], expected[key], "{key}");
    }
    // The same records, none twice, no temporary file.
    let strip = |v: Vec<(String, String)>| -> Vec<(String, String)> {
        v.into_iter().filter(|(n, _)| n != name).collect()
    };
    assert_eq!(strip(files(&parts)), strip(files(&whole)));
    assert!(temporaries(&parts).is_empty());
    let _ = std::fs::remove_dir_all(&root);
}
