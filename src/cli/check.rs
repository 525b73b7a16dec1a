//! `graphgo check`: the transcription and the engine compared on one record, and a divergence
//! shrunk (to a record, or to SGF when both sides play grids).

use super::{fail, fail_as};
use graphgo::io::record::Record;
use std::path::Path;
use std::process::ExitCode;

pub(super) fn check(file: &Path, shrink_to: Option<&Path>, json: bool, progress: bool) -> ExitCode {
    use graphgo::differential::compare;
    let shown = graphgo::io::record::input_name(file);
    let game = match Record::load(file).and_then(|r| {
        r.game()
            .map_err(|e| graphgo::io::record::InputError(format!("{shown}: {e}")))
    }) {
        Ok(g) => g,
        Err(e) => return fail_as(json, Some(file), e),
    };
    compare::quiet_panics_in_sides();
    let (a, b) = (compare::reference(), compare::engine());
    // Progress goes to standard error: a bar on a terminal, lines a second with --progress,
    // nothing with --json (whose output is one object).
    let mut shown_progress = graphgo::differential::progress::TurnProgress::new(
        game.turns.len(),
        progress && !json,
        !json,
    );
    let mut done = 0;
    let divergence = compare::compare_reporting(&*a, &*b, &game, &mut |turns| {
        done = turns;
        shown_progress.turn(turns);
    });
    shown_progress.finish(done);
    let mut verdict = graphgo::differential::findings::check_verdict(
        &shown,
        [a.name(), b.name()],
        &game,
        divergence.as_ref(),
    );
    let Some(divergence) = divergence else {
        if json {
            println!("{verdict:#}");
        } else {
            println!(
                "{} and {} agree on all {} turns of {shown}",
                a.name(),
                b.name(),
                game.turns.len(),
            );
        }
        return ExitCode::SUCCESS;
    };
    if !json {
        print!("{}", divergence.describe(game.setup.turn_names()));
    }
    // With --json, the divergence is printed with what shrinking wrote, or with the error
    // that stopped it: a finding is never lost to a write that failed.
    let mut shrunk = Vec::new();
    let mut status = ExitCode::from(1);
    if let Some(out) = shrink_to {
        let failure;
        (shrunk, failure) = shrink_check([&*a, &*b], &game, &shown, out, json);
        if let Some(e) = failure {
            if !json {
                return fail(e);
            }
            verdict["error"] = graphgo::io::json_error::error(None, &e)["error"].clone();
            status = ExitCode::from(2);
        }
    }
    if json {
        verdict["shrunk"] = serde_json::Value::Array(shrunk);
        println!("{verdict:#}");
    }
    status
}

/// `check --shrink OUT`: shrinks the divergence, writes the minimized record to OUT and,
/// for a game on a grid, a case shrunk on grids only as SGF beside it. Gives what was
/// written (`{"file", "format", "turns", "vertices"}` each) and the message of a write that
/// failed; the text lines are printed unless `json`.
pub(super) fn shrink_check(
    [a, b]: [&dyn graphgo::game::RuleSet; 2],
    game: &graphgo::io::record::Game,
    shown: &str,
    out: &Path,
    json: bool,
) -> (Vec<serde_json::Value>, Option<String>) {
    use graphgo::differential::compare;
    let mut written = Vec::new();
    if let Some(shrunk) = compare::shrink(a, b, game, 5000) {
        let text = compare::case_file(
            a,
            b,
            &shrunk.game,
            &format!("shrunk by `graphgo check --shrink` from {shown}"),
        );
        if let Err(e) = graphgo::io::atomic_file::write_atomically(out, &text) {
            return (
                written,
                Some(format!("{}: cannot write: {e}", out.display())),
            );
        }
        if !json {
            println!(
                "shrunk to {} turns on {} vertices: {}",
                shrunk.game.turns.len(),
                shrunk.game.setup.board.len(),
                out.display()
            );
        }
        written.push(serde_json::json!({
            "file": out.display().to_string(),
            "format": "record",
            "turns": shrunk.game.turns.len(),
            "vertices": shrunk.game.setup.board.len(),
        }));
    }
    // A grid counterexample is also shrunk on grids only and written as SGF beside it.
    if graphgo::io::sgf::grid_size(&game.setup.board).is_some() {
        let (ga, gb) = (graphgo::io::sgf::OnGrids(a), graphgo::io::sgf::OnGrids(b));
        if let Some(shrunk) = compare::shrink(&ga, &gb, game, 5000) {
            let comment = format!(
                "shrunk on grids by `graphgo check --shrink` from {shown}\n{}",
                shrunk.divergence.describe(&shrunk.game.setup.board)
            );
            if let Some(text) = graphgo::io::sgf::write(&shrunk.game, &comment) {
                let sgf_out = out.with_extension("sgf");
                if let Err(e) = graphgo::io::atomic_file::write_atomically(&sgf_out, &text) {
                    return (
                        written,
                        Some(format!("{}: cannot write: {e}", sgf_out.display())),
                    );
                }
                if !json {
                    println!(
                        "shrunk on grids to {} turns: {}",
                        shrunk.game.turns.len(),
                        sgf_out.display()
                    );
                }
                written.push(serde_json::json!({
                    "file": sgf_out.display().to_string(),
                    "format": "sgf",
                    "turns": shrunk.game.turns.len(),
                    "vertices": shrunk.game.setup.board.len(),
                }));
            }
        }
    }
    (written, None)
}
