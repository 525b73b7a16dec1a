//! `graphgo check`: the transcription and the engine compared on one record, and a divergence
//! shrunk (to a record, or to SGF when both sides play grids).

use super::fail_as;
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
    // Both sides list every legal turn at every turn: capped up front (points x turns).
    let within = graphgo::caps::check(
        graphgo::caps::Work::Compare,
        game.setup.rules,
        game.setup.board.len(),
        game.turns.len(),
    );
    if let Err(e) = within {
        return fail_as(json, Some(file), format!("{shown}: {e}"));
    }
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
            graphgo::outln!("{verdict:#}");
        } else {
            graphgo::outln!(
                "{} and {} agree on all {} turns of {shown}",
                a.name(),
                b.name(),
                game.turns.len(),
            );
        }
        return ExitCode::SUCCESS;
    };
    if !json {
        graphgo::out!("{}", divergence.describe(game.setup.turn_names()));
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
                graphgo::errln!("graphgo: {e}");
                return ExitCode::from(e.status());
            }
            verdict["error"] = graphgo::io::json_error::error(None, e.message())["error"].clone();
            status = ExitCode::from(e.status());
        }
    }
    if json {
        verdict["shrunk"] = serde_json::Value::Array(shrunk);
        graphgo::outln!("{verdict:#}");
    }
    status
}

/// `check --shrink OUT`: shrinks the divergence and writes it
/// ([`graphgo::differential::shrunk_cases::shrink_to_files`]). Gives what was written
/// (`{"file", "format", "turns", "vertices"}` each) and the message of a write that
/// failed; the text lines are printed unless `json`.
pub(super) fn shrink_check(
    sides: [&dyn graphgo::game::RuleSet; 2],
    game: &graphgo::io::record::Game,
    shown: &str,
    out: &Path,
    json: bool,
) -> (
    Vec<serde_json::Value>,
    Option<graphgo::io::output::OutputError>,
) {
    let (written, failure) =
        graphgo::differential::shrunk_cases::shrink_to_files(sides, game, shown, out);
    if !json {
        for case in &written {
            graphgo::outln!("{}", case.line());
        }
    }
    (written.iter().map(|c| c.to_json()).collect(), failure)
}
