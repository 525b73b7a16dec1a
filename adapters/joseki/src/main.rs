//! Replays games with the crate joseki 0.0.1 and prints its boards.
//!
//! joseki's only public type is `joseki::Game`: its move call, `Game::make_move(stone, x, y)`,
//! takes a `Stone` that the crate does not export, so a program outside the crate can play
//! only through `Game::from_sgf(path)`, which reads an SGF file and plays each `B[..]`/`W[..]`
//! with `make_move` (a refused move is skipped without a word), and read the board only through
//! `Game`'s `Display`. This program reads one SGF per line on standard input, writes it to a
//! file, loads it with `Game::from_sgf`, and prints what `Display` prints, then a line `end`.

use std::io::{BufRead, Write};

fn main() {
    let path = std::env::temp_dir().join(format!("graphgo-joseki-{}.sgf", std::process::id()));
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(sgf) = line else { break };
        if std::fs::write(&path, sgf.as_bytes()).is_err() {
            let _ = writeln!(out, "error: cannot write {}\nend", path.display());
            continue;
        }
        let game = joseki::Game::from_sgf(&path);
        let _ = writeln!(out, "{game}\nend");
        let _ = out.flush();
    }
    let _ = std::fs::remove_file(&path);
}
