//! Replays games with the crate joseki 0.0.1 and prints its boards.
//!
//! joseki's only public type is `joseki::Game`: its move call, `Game::make_move(stone, x, y)`,
//! takes a `Stone` that the crate does not export, so a program outside the crate can play
//! only through `Game::from_sgf(path)`, which reads an SGF file and plays each `B[..]`/`W[..]`
//! with `make_move` (a refused move is skipped without a word), and read the board only through
//! `Game`'s `Display`. This program reads one SGF per line on standard input, writes it to a
//! file, loads it with `Game::from_sgf`, and prints what `Display` prints, then a line `end`.
//!
//! The file is in a folder of the process's own (made new, owner only: `private_dir`) in
//! `/dev/shm` where that is a directory (memory): on a disk, rewriting the same
//! file at each question waited for the disk (3.4 ms a question against 1.3 ms in memory, 300
//! questions on this machine), a cost of the file, not of the library.
//!
//! A line `speed SECONDS` instead measures joseki's own speed (`graphgo-plays_per_second`):
//! `Game::from_sgf` of whole random 19x19 games (the only size `from_sgf` plays), for about
//! SECONDS; it prints `CALLS SECONDS`, CALLS the moves of the games read, each one call of
//! `make_move` (played or refused), then `end`.

use std::io::{BufRead, Write};

/// The moves of a random game: each of the 361 points once, in a seeded order (a small linear
/// congruential generator), Black and White in turn, as SGF.
fn random_game(state: &mut u64) -> String {
    let letters = b"abcdefghijklmnopqrs";
    let mut points: Vec<(usize, usize)> =
        (0..19).flat_map(|x| (0..19).map(move |y| (x, y))).collect();
    for i in (1..points.len()).rev() {
        *state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let j = ((*state >> 33) % (i as u64 + 1)) as usize;
        points.swap(i, j);
    }
    let mut sgf = String::from("(;");
    for (i, (x, y)) in points.iter().enumerate() {
        let colour = if i % 2 == 0 { 'B' } else { 'W' };
        sgf.push_str(&format!(
            ";{colour}[{}{}]",
            letters[*x] as char, letters[*y] as char
        ));
    }
    sgf.push(')');
    sgf
}

/// `speed SECONDS`: make_move calls a second through `Game::from_sgf` of random games.
fn speed(path: &std::path::Path, seconds: f64) -> Result<(u64, f64), std::io::Error> {
    let mut state = 1u64;
    let mut calls = 0u64;
    let mut spent = 0.0f64;
    while spent < seconds {
        let sgf = random_game(&mut state);
        std::fs::write(path, sgf.as_bytes())?;
        let started = std::time::Instant::now();
        let game = joseki::Game::from_sgf(path);
        spent += started.elapsed().as_secs_f64();
        std::hint::black_box(&game);
        calls += 361;
    }
    Ok((calls, spent))
}

/// A folder of this process's own for the SGF file: made new under `base` (never a folder
/// that exists already, nor a link left at its name: creating it fails then, and another name
/// is tried), readable by its owner only. So the file written at each question is never one
/// another user placed or can read.
fn private_dir(base: &std::path::Path) -> std::io::Result<std::path::PathBuf> {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    let mut last = None;
    for attempt in 0..64u32 {
        let dir = base.join(format!(
            "graphgo-joseki-{}-{nanos}-{attempt}",
            std::process::id()
        ));
        let mut builder = std::fs::DirBuilder::new();
        #[cfg(unix)]
        {
            use std::os::unix::fs::DirBuilderExt;
            builder.mode(0o700);
        }
        match builder.create(&dir) {
            Ok(()) => return Ok(dir),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| std::io::Error::other("no free folder name")))
}

fn main() {
    let shm = std::path::Path::new("/dev/shm");
    let base = if shm.is_dir() {
        shm.to_path_buf()
    } else {
        std::env::temp_dir()
    };
    let dir = match private_dir(&base) {
        Ok(d) => d,
        Err(e) => {
            eprintln!(
                "graphgo-joseki-replay: cannot make a folder in {}: {e}",
                base.display()
            );
            std::process::exit(2);
        }
    };
    let path = dir.join("game.sgf");
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(sgf) = line else { break };
        if let Some(seconds) = sgf.strip_prefix("speed ") {
            let seconds = seconds
                .trim()
                .parse::<f64>()
                .unwrap_or(1.0)
                .clamp(0.0, 10.0);
            match speed(&path, seconds) {
                Ok((calls, spent)) => {
                    let _ = writeln!(out, "{calls} {spent:.6}\nend");
                }
                Err(e) => {
                    let _ = writeln!(out, "error: cannot write {}: {e}\nend", path.display());
                }
            }
            let _ = out.flush();
            continue;
        }
        if std::fs::write(&path, sgf.as_bytes()).is_err() {
            let _ = writeln!(out, "error: cannot write {}\nend", path.display());
            continue;
        }
        let game = joseki::Game::from_sgf(&path);
        let _ = writeln!(out, "{game}\nend");
        let _ = out.flush();
    }
    let _ = std::fs::remove_file(&path);
    let _ = std::fs::remove_dir(&dir);
}
