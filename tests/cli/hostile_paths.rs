//! Issue 27, "Writes and reads in the wrong place": every output the user names is written
//! where it is (a device or a FIFO as a stream, never replaced by a file), every name read
//! from a file graphgo did not write stays in its folder, standard output that cannot be
//! written is a write error (exit 4), and every read is bounded by the bytes it reads (a
//! device, a FIFO fed by `yes`, a folder of link loops) — each case under the memory cap and
//! hang guard of `guarded.rs`. The words checked are the ones spec/FORMAT.md gives ("Caps",
//! "Exit status", "Outputs and inputs").

use super::guarded::{expect, graphgo, mkfifo};
use super::invocation::scratch;
use std::fs::File;
use std::os::unix::fs::{symlink, FileTypeExt};
use std::path::{Path, PathBuf};
use std::process::Stdio;

const RECORD: &str = "rules: ggg1\nboard: {path: 3}\nmoves: [\"B 1\", \"W 3\"]\n";

fn record(dir: &Path) -> PathBuf {
    let path = dir.join("game.yaml");
    std::fs::write(&path, RECORD).unwrap();
    path
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Reads a FIFO to its end on a thread; the bytes read.
fn drain(fifo: &Path) -> std::thread::JoinHandle<Vec<u8>> {
    let fifo = fifo.to_path_buf();
    std::thread::spawn(move || {
        use std::io::Read;
        let mut bytes = Vec::new();
        File::open(&fifo).unwrap().read_to_end(&mut bytes).unwrap();
        bytes
    })
}

fn is_fifo(p: &Path) -> bool {
    std::fs::symlink_metadata(p).unwrap().file_type().is_fifo()
}

fn is_link(p: &Path) -> bool {
    std::fs::symlink_metadata(p)
        .unwrap()
        .file_type()
        .is_symlink()
}

/// Case 1: `show -o NODE` and `vectors new REC -o NODE`, where NODE is a FIFO, a link to a
/// device or to `/proc/self/fd/1`: written into as a stream, never replaced by a file.
#[test]
fn an_output_that_is_a_device_or_a_fifo_is_written_into_never_replaced() {
    let dir = scratch("nodes");
    let rec = record(&dir);
    for command in [
        vec!["show", s(&rec), "-o"],
        vec!["vectors", "new", s(&rec), "-o"],
    ] {
        // A FIFO with a reader: the reader gets the text, the FIFO stays a FIFO.
        let fifo = dir.join("out.fifo");
        let _ = std::fs::remove_file(&fifo);
        mkfifo(&fifo);
        let reader = drain(&fifo);
        let mut args = command.clone();
        args.push(s(&fifo));
        let r = graphgo(&args).run();
        expect(&r, 0, &[]);
        let got = String::from_utf8(reader.join().unwrap()).unwrap();
        assert!(got.contains("<svg") || got.contains("id: game"), "{got}");
        assert!(is_fifo(&fifo), "{command:?}: the FIFO was replaced");
        // A link to /dev/null: written through, the link stays a link to the device.
        let null = dir.join("null");
        let _ = std::fs::remove_file(&null);
        symlink("/dev/null", &null).unwrap();
        let mut args = command.clone();
        args.push(s(&null));
        expect(&graphgo(&args).run(), 0, &[]);
        assert!(is_link(&null), "{command:?}: the link was replaced");
        assert_eq!(std::fs::read_link(&null).unwrap(), Path::new("/dev/null"));
        // A link to /dev/full: the device says the disk is full, a write error (exit 4).
        let full = dir.join("full");
        let _ = std::fs::remove_file(&full);
        symlink("/dev/full", &full).unwrap();
        let mut args = command.clone();
        args.push(s(&full));
        expect(
            &graphgo(&args).run(),
            4,
            &["full: cannot write", "No space left on device"],
        );
        assert!(is_link(&full));
        // A link to the process's own standard output: the text comes out there.
        let own = dir.join("own");
        let _ = std::fs::remove_file(&own);
        symlink("/proc/self/fd/1", &own).unwrap();
        let mut args = command.clone();
        args.push(s(&own));
        let r = graphgo(&args).run();
        expect(&r, 0, &[]);
        assert!(r.stdout.contains("<svg") || r.stdout.contains("id: game"));
        assert!(is_link(&own));
        // A folder is no output (exit 2), and nothing is written in it.
        let mut args = command.clone();
        args.push(s(&dir));
        expect(&graphgo(&args).run(), 2, &["cannot write: it is a folder"]);
        // A link to nothing is refused; what it names is not created.
        let dangling = dir.join("dangling");
        let _ = std::fs::remove_file(&dangling);
        symlink("nowhere/out.svg", &dangling).unwrap();
        let mut args = command.clone();
        args.push(s(&dangling));
        expect(
            &graphgo(&args).run(),
            2,
            &["a link to nothing (nowhere/out.svg)"],
        );
        assert!(!dir.join("nowhere").exists());
    }
    // As root, a character device made in the test's folder: still a device afterwards
    // (the case that turned /dev/full into a text file).
    let node = dir.join("null-device");
    let made = std::process::Command::new("mknod")
        .arg(&node)
        .args(["c", "1", "3"])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if made {
        expect(&graphgo(&["show", s(&rec), "-o", s(&node)]).run(), 0, &[]);
        let kind = std::fs::symlink_metadata(&node).unwrap().file_type();
        assert!(kind.is_char_device(), "the device was replaced");
    }
    // A link to a regular file: the file is replaced whole, the link stays.
    let real = dir.join("real.svg");
    std::fs::write(&real, "old").unwrap();
    let link = dir.join("link.svg");
    symlink("real.svg", &link).unwrap();
    expect(&graphgo(&["show", s(&rec), "-o", s(&link)]).run(), 0, &[]);
    assert!(is_link(&link));
    assert!(std::fs::read_to_string(&real).unwrap().contains("<svg"));
}

/// A campaign summary of one shard with one finding whose record is named `file`.
fn summary_naming(folder: &Path, file: &str) {
    std::fs::create_dir_all(folder).unwrap();
    let summary = serde_json::json!({
        "format": "graphgo campaign summary 1",
        "command": "fuzz",
        "sides": ["spec", "engine"],
        "seed": 3,
        "shard": {"index": 1, "count": 1},
        "games": 2,
        "turns": 40,
        "elapsed_seconds": 0.5,
        "stopped": "limit",
        "divergences": 1,
        "findings": [{
            "signature": "ggg1 | observation: position",
            "count": 1,
            "first_game": 0,
            "games": [0],
            "file": file,
            "turns": 1,
            "vertices": 1,
            "description": "d"
        }],
        "write_errors": []
    });
    std::fs::write(
        folder.join("summary-seed3-shard1of1.json"),
        serde_json::to_string_pretty(&summary).unwrap(),
    )
    .unwrap();
}

/// Case 2: `merge --out OUT SHARD`, where the shard's summary names its record outside its
/// folder: refused (exit 2) naming the field and the name, nothing read, nothing written
/// outside OUT.
#[test]
fn a_summary_cannot_name_a_record_outside_its_folder() {
    let dir = scratch("summary_names");
    std::fs::write(dir.join("payload.yaml"), RECORD).unwrap();
    for (name, why) in [
        ("../payload.yaml", "goes up a folder (..)"),
        ("../../../../etc/hostname", "goes up a folder (..)"),
        ("/etc/hostname", "is an absolute path"),
        ("outside.yaml", "leads out of the folder"),
        ("zero.yaml", "leads out of the folder"),
    ] {
        let _ = std::fs::remove_dir_all(dir.join("shard"));
        let _ = std::fs::remove_dir_all(dir.join("out"));
        let shard = dir.join("shard");
        summary_naming(&shard, name);
        symlink("../payload.yaml", shard.join("outside.yaml")).unwrap();
        symlink("/dev/zero", shard.join("zero.yaml")).unwrap();
        let before: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
        let r = graphgo(&["merge", "--out", s(&dir.join("out")), s(&shard)]).run();
        expect(
            &r,
            2,
            &["field 'findings[0].file'", &format!("'{name}' {why}")],
        );
        // Nothing copied: the output folder holds no record, the test's folder no new file.
        let out: Vec<_> = std::fs::read_dir(dir.join("out"))
            .map(|d| d.flatten().map(|e| e.file_name()).collect())
            .unwrap_or_default();
        assert!(
            out.iter().all(|n| !n.to_string_lossy().ends_with(".yaml")),
            "{name}: {out:?}"
        );
        assert_eq!(
            std::fs::read_dir(&dir).unwrap().count(),
            before.len(),
            "{name}"
        );
    }
    // A record inside the folder is copied, and the report names the copy in OUT.
    let _ = std::fs::remove_dir_all(dir.join("shard"));
    let shard = dir.join("shard");
    summary_naming(&shard, "found.yaml");
    std::fs::write(shard.join("found.yaml"), RECORD).unwrap();
    let out = dir.join("out");
    let r = graphgo(&["merge", "--out", s(&out), s(&shard)]).run();
    expect(&r, 1, &[]);
    assert_eq!(
        std::fs::read_to_string(out.join("found.yaml")).unwrap(),
        RECORD
    );
    // A FIFO named as the record is refused as not a regular file, without waiting.
    let _ = std::fs::remove_dir_all(&out);
    std::fs::remove_file(shard.join("found.yaml")).unwrap();
    mkfifo(&shard.join("found.yaml"));
    let r = graphgo(&["merge", "--out", s(&out), s(&shard)]).run();
    expect(
        &r,
        2,
        &["found.yaml: cannot read: it is a FIFO, not a regular file"],
    );
}

/// Case 3: standard output that cannot be written (`> /dev/full`) is a write error, exit 4
/// and one line on the standard error, never a panic, for every command that prints.
#[test]
fn standard_output_that_cannot_be_written_is_a_write_error() {
    let dir = scratch("stdout_full");
    let rec = record(&dir);
    let vectors = dir.join("vectors");
    std::fs::create_dir_all(&vectors).unwrap();
    let r = graphgo(&["vectors", "new", s(&rec), "-o", s(&vectors.join("v.yaml"))]).run();
    expect(&r, 0, &[]);
    let shard = dir.join("shard");
    expect(
        &graphgo(&["fuzz", "--seed", "1", "--games", "2", "--out", s(&shard)]).run(),
        0,
        &[],
    );
    let games = dir.join("games");
    std::fs::create_dir_all(&games).unwrap();
    std::fs::write(games.join("g.sgf"), "(;FF[4]SZ[5];B[cc];W[dd];B[];W[])").unwrap();
    let fuzz_out = dir.join("fuzz");
    let exhaust_out = dir.join("exhaust");
    let commands: Vec<Vec<&str>> = vec![
        vec!["play", s(&rec)],
        vec!["play", "--json", s(&rec)],
        vec!["check", s(&rec)],
        vec!["show", s(&rec)],
        vec!["tables"],
        vec!["fuzz", "--seed", "1", "--games", "1", "--out", s(&fuzz_out)],
        vec!["merge", s(&shard)],
        vec!["vectors", "check", s(&vectors)],
        vec!["vectors", "new", s(&rec)],
        vec!["replay-dir", s(&games)],
        vec!["pairs", "--max", "1"],
        vec![
            "exhaust",
            "--reach",
            "graphs:1-2:1",
            "--out",
            s(&exhaust_out),
        ],
    ];
    for args in &commands {
        let full = File::create("/dev/full").unwrap();
        let r = graphgo(args).stdout(Stdio::from(full)).run();
        assert_eq!(r.code, 4, "{args:?}: exit {}: {}", r.code, r.stderr);
        assert!(
            r.stderr
                .contains("graphgo: standard output: cannot write: No space left on device"),
            "{args:?}: {}",
            r.stderr
        );
    }
    // The GTP referee answers on standard output: a write error there too.
    let full = File::create("/dev/full").unwrap();
    let input = File::open(&rec).unwrap(); // any lines: each gets an answer
    let r = graphgo(&["gtp"])
        .stdin(Stdio::from(input))
        .stdout(Stdio::from(full))
        .run();
    expect(&r, 4, &["No space left on device"]);
}

/// Case 4: a device or a FIFO fed by `yes` as the record is refused at the cap, counted on
/// the bytes read (not the size the file reports, 0), within the memory cap.
#[test]
fn endless_inputs_are_refused_at_the_cap() {
    let dir = scratch("endless");
    for device in ["/dev/zero", "/dev/urandom"] {
        if !Path::new(device).exists() {
            continue;
        }
        let r = graphgo(&["play", device]).run();
        expect(
            &r,
            2,
            &[
                device,
                "more than 67108864 bytes is over the cap of 67108864 bytes per record",
            ],
        );
        // As SGF (its extension), the SGF cap.
        let link = dir.join(format!("{}.sgf", &device[5..]));
        let _ = std::fs::remove_file(&link);
        symlink(device, &link).unwrap();
        let r = graphgo(&["play", s(&link)]).run();
        expect(&r, 2, &["over the cap of 8388608 bytes per SGF file"]);
    }
    // A FIFO fed by `yes`, given as the record: read as `cat` would, refused at the cap.
    let fifo = dir.join("yes.yaml");
    mkfifo(&fifo);
    let mut yes = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("yes > '{}' 2>/dev/null", fifo.display()))
        .spawn()
        .unwrap();
    let r = graphgo(&["play", s(&fifo)]).run();
    let _ = yes.kill();
    let _ = yes.wait();
    expect(&r, 2, &["more than 67108864 bytes is over the cap"]);
    // The same on standard input.
    let r = graphgo(&["play", "-"])
        .stdin(Stdio::from(File::open("/dev/zero").unwrap()))
        .run();
    expect(
        &r,
        2,
        &["<stdin>: more than 67108864 bytes is over the cap"],
    );
}

/// Case 4, folders: a device, a FIFO or a link loop inside a folder walk (`vectors check`,
/// `replay-dir`) is refused or walked once, never waited on; `loadsgf` of the referee reads
/// only regular files inside its folder.
#[test]
fn folder_walks_refuse_devices_and_fifos_and_end_on_link_loops() {
    let dir = scratch("walks");
    // Links a -> . and b -> .: the walk ends; no vector there.
    let loops = dir.join("loops");
    std::fs::create_dir_all(&loops).unwrap();
    symlink(".", loops.join("a")).unwrap();
    symlink(".", loops.join("b")).unwrap();
    let r = graphgo(&["vectors", "check", s(&loops)]).run();
    expect(&r, 2, &["no vector files"]);
    // A FIFO named like a vector, a link to /dev/zero named like one: refused, not read.
    for (name, kind) in [("f.yaml", "a FIFO"), ("z.yaml", "a character device")] {
        let d = dir.join(format!("walk-{name}"));
        std::fs::create_dir_all(&d).unwrap();
        if name == "f.yaml" {
            mkfifo(&d.join(name));
        } else {
            symlink("/dev/zero", d.join(name)).unwrap();
        }
        let r = graphgo(&["vectors", "check", s(&d)]).run();
        expect(
            &r,
            2,
            &[
                name,
                &format!("cannot read: it is {kind}, not a regular file"),
            ],
        );
        std::fs::rename(d.join(name), d.join("g.sgf")).unwrap();
        let r = graphgo(&["replay-dir", s(&d)]).run();
        assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
        assert!(
            r.stdout
                .contains(&format!("cannot read: it is {kind}, not a regular file")),
            "{}",
            r.stdout
        );
    }
    // The referee: names inside its folder only, regular files only.
    let sgf = dir.join("sgf");
    std::fs::create_dir_all(&sgf).unwrap();
    mkfifo(&sgf.join("fifo.sgf"));
    symlink("/dev/zero", sgf.join("zero.sgf")).unwrap();
    std::fs::write(sgf.join("ok.sgf"), "(;FF[4]SZ[5];B[cc])").unwrap();
    let script = "loadsgf /dev/zero\nloadsgf zero.sgf\nloadsgf ../../x.sgf\nloadsgf fifo.sgf\nloadsgf ok.sgf\nquit\n";
    let input = dir.join("gtp-input");
    std::fs::write(&input, script).unwrap();
    let r = graphgo(&["gtp", "--sgf-folder", s(&sgf)])
        .stdin(Stdio::from(File::open(&input).unwrap()))
        .run();
    expect(&r, 0, &[]);
    let answers: Vec<&str> = r.stdout.split("\n\n").collect();
    assert!(
        answers[0].contains("'/dev/zero' leads out of the folder"),
        "{answers:?}"
    );
    assert!(
        answers[1].contains("'zero.sgf' leads out of the folder"),
        "{answers:?}"
    );
    assert!(answers[2].contains("goes up a folder"), "{answers:?}");
    assert!(
        answers[3].contains("it is a FIFO, not a regular file"),
        "{answers:?}"
    );
    assert_eq!(answers[4], "= white", "{answers:?}");
}

/// Case 17: a vector 3,000 folders deep is not skipped in silence: the walk refuses the
/// tree at its depth cap.
#[test]
fn a_tree_deeper_than_the_walk_cap_is_refused() {
    let dir = scratch("deep");
    std::fs::create_dir_all(dir.join("tree")).unwrap();
    // Made one level at a time, each through the open folder above it (the whole path is
    // longer than PATH_MAX, and a shell's `cd` costs the depth at every step).
    use std::os::fd::AsRawFd;
    let mut here = File::open(dir.join("tree")).unwrap();
    for _ in 0..3000 {
        let next = format!("/proc/self/fd/{}/d", here.as_raw_fd());
        std::fs::create_dir(&next).unwrap();
        here = File::open(&next).unwrap();
    }
    std::fs::write(
        format!("/proc/self/fd/{}/v.yaml", here.as_raw_fd()),
        "id: x\n",
    )
    .unwrap();
    let r = graphgo(&["vectors", "check", s(&dir.join("tree"))]).run();
    expect(
        &r,
        2,
        &["folders nested more than 32 deep below it (the cap on a folder walk)"],
    );
}

/// A record given as a FIFO is read once, as `cat` reads it: the viewer page does not read
/// it a second time (which waited for a writer that never came).
#[test]
fn a_record_from_a_fifo_is_read_once() {
    let dir = scratch("fifo_once");
    let fifo = dir.join("game.yaml");
    mkfifo(&fifo);
    for format in ["svg", "html"] {
        let writer = {
            let fifo = fifo.clone();
            std::thread::spawn(move || {
                use std::io::Write;
                let mut f = std::fs::OpenOptions::new().write(true).open(&fifo).unwrap();
                let _ = f.write_all(RECORD.as_bytes());
            })
        };
        let r = graphgo(&["show", s(&fifo), "--format", format]).run();
        writer.join().unwrap();
        expect(&r, 0, &[]);
        assert!(
            r.stdout.contains("<svg") || r.stdout.contains("<html"),
            "{format}"
        );
    }
}
