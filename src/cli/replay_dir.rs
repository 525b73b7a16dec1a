//! `graphgo replay-dir`: every game record (or SGF file) of a folder replayed.

use super::{fail, is_sgf, SgfRules};
use graphgo::variants::Rules;
use std::path::Path;
use std::process::ExitCode;

/// The most SGF files `replay-dir` reads from one folder (a documented cap).
pub(super) const MAX_REPLAY_FILES: usize = 1_000_000;

pub(super) fn replay_dir(dir: &Path, with_spec: bool, all: bool, flags: &SgfRules) -> ExitCode {
    use graphgo::game::RuleSet;
    use graphgo::io::sgf;
    let (rules, mut options) = match flags.read() {
        Ok(r) => r,
        Err(e) => return fail(e),
    };
    // Tromp-Taylor unless a flag says otherwise.
    if flags.neutral.is_none() {
        options.neutral = sgf::TROMP_TAYLOR.neutral;
    }
    // The folder's own .sgf files (not its sub-folders), through the one folder walk; each
    // is then read as a regular file only (a FIFO named .sgf is refused, not waited on).
    let files = match graphgo::io::walk::files(dir, false, &is_sgf, MAX_REPLAY_FILES, "SGF") {
        Ok(f) => f,
        Err(e) => return fail(e),
    };
    let engine = graphgo::engine::Engine;
    let sides: Vec<&dyn RuleSet> = if with_spec {
        vec![&engine, &Rules]
    } else {
        vec![&engine]
    };
    let (mut skipped, mut refused) = (0, 0);
    let mut unreadable = 0;
    let mut loaded = Vec::new();
    for file in &files {
        // The transcription replays a game reading the whole board a move: each file is
        // held to the cap of `play` (points x moves; spec/FORMAT.md, "Caps").
        let within = |g: &graphgo::io::record::Game| {
            !with_spec
                || graphgo::caps::check(
                    graphgo::caps::Work::Replay,
                    g.setup.rules,
                    g.setup.board.len(),
                    g.turns.len(),
                )
                .map_err(|e| graphgo::outln!("unreadable: {}: --spec: {e}", file.display()))
                .is_ok()
        };
        match sgf::load(file, rules, options) {
            Ok(g) if !within(&g) => {
                skipped += 1;
                unreadable += 1;
            }
            Ok(g) if all || sgf::is_complete_game(&g) => loaded.push((file, g)),
            Ok(_) => skipped += 1,
            Err(e) => {
                // A bad file is reported and the others are still replayed (exit 2 at the end).
                graphgo::outln!("unreadable: {e}");
                skipped += 1;
                unreadable += 1;
            }
        }
    }
    let games = loaded.len();
    let mut totals = Vec::new();
    for (k, side) in sides.iter().enumerate() {
        // The whole batch is timed at once: CPU time of this thread where the system gives
        // it (10 ms ticks; other work on the machine does not count), else wall-clock time.
        let wall = std::time::Instant::now();
        let cpu_before = graphgo::bench::thread_cpu_ns();
        let mut moves = 0;
        let mut rounds = 0;
        // A fast side replays the batch again until a second has passed, so that the
        // clock's ticks do not dominate the measurement.
        while rounds == 0 || (wall.elapsed() < std::time::Duration::from_secs(1) && rounds < 1000) {
            for (file, game) in &loaded {
                let run = match sgf::run_game(*side, game) {
                    Ok(r) => r,
                    Err(e) => return fail(format!("{}: {e}", file.display())),
                };
                moves += run.played;
                if k == 0 && rounds == 0 {
                    if let Some((i, turn, why)) = &run.refused {
                        refused += 1;
                        let name = file.file_name().map(|n| n.to_string_lossy().into_owned());
                        graphgo::outln!(
                            "{}: move {} ({}) refused: {} [{}]",
                            name.unwrap_or_default(),
                            i + 1,
                            sgf::turn_text(game, turn),
                            why.reason,
                            why.clause
                        );
                    }
                }
            }
            rounds += 1;
        }
        let spent = match (cpu_before, graphgo::bench::thread_cpu_ns()) {
            (Some(a), Some(b)) if b > a => (std::time::Duration::from_nanos(b - a), "CPU"),
            _ => (wall.elapsed(), "wall-clock"),
        };
        totals.push((moves, spent, rounds));
    }
    graphgo::outln!(
        "{games} games replayed ({skipped} files skipped: problem positions or unreadable), {refused} with a refused move"
    );
    for (side, (moves, (time, kind), rounds)) in sides.iter().zip(&totals) {
        let secs = time.as_secs_f64().max(1e-9);
        graphgo::outln!(
            "{}: {moves} moves ({rounds} round{}) in {:.3} s ({kind} time): {:.0} moves/s",
            side.name(),
            if *rounds == 1 { "" } else { "s" },
            secs,
            *moves as f64 / secs
        );
    }
    if unreadable > 0 {
        graphgo::errln!("graphgo: {unreadable} file(s) unreadable (each named above)");
        ExitCode::from(2)
    } else if refused == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
