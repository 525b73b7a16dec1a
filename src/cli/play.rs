//! `graphgo play`: a record (or an SGF game) replayed and reported, and an infinite play of
//! the directed rules given as a lasso.
//!
//! The report is written a piece at a time (a turn's line, a row of the final position, a
//! turn's trace: `io::json_stream` for `--json`), so a record of a million turns or a board
//! of four million points costs the memory of the replay, not of its text. The work is
//! capped up front (`caps::Work::Replay`: points x turns).

use super::{fail_as, load_game, SgfRules};
use graphgo::caps;
use graphgo::io::json_stream::Object;
use graphgo::io::replay::{replay, replay_with_probes};
use graphgo::variants::Rules;
use std::path::Path;
use std::process::ExitCode;

/// Writes a piece of the report to standard output; once a write failed, stops the report
/// (the command line's dispatch reports the write error, exit status 4).
fn emit(s: &str) -> Result<(), String> {
    graphgo::out!("{s}");
    if graphgo::io::stdout::failed() {
        return Err(STDOUT_FAILED.to_string());
    }
    Ok(())
}

/// The error [`emit`] stops with: not a message for the user (the dispatch says why).
const STDOUT_FAILED: &str = "standard output failed";

/// The exit status of a report whose writing ended with `written`: the replay's own, or a
/// failure of the record (an explanation the transcription refuses), or nothing more to
/// say when standard output failed (the dispatch turns it into exit status 4).
fn after_writing(
    written: Result<(), String>,
    json: bool,
    file: &Path,
    shown: &str,
    status: ExitCode,
) -> ExitCode {
    match written {
        Ok(()) => status,
        Err(e) if e == STDOUT_FAILED => status,
        Err(e) => fail_as(json, Some(file), format!("{shown}: {e}")),
    }
}

pub(super) fn play(file: &Path, json: bool, explain: bool, sgf: &SgfRules) -> ExitCode {
    let shown = graphgo::io::record::input_name(file);
    let (game, cycle, probes) = match load_game(file, sgf) {
        Ok(g) => g,
        Err(e) => return fail_as(json, Some(file), e),
    };
    let steps = caps::lasso_steps(
        game.turns.len(),
        cycle.as_ref().map_or(0, Vec::len),
        graphgo::spec::directed::MAX_LASSO_PASSES,
    );
    let within = caps::check(
        caps::Work::Replay,
        game.setup.rules,
        game.setup.board.len(),
        steps,
    );
    if let Err(e) = within {
        return fail_as(json, Some(file), format!("{shown}: {e}"));
    }
    if explain && game.turns.len() > caps::MAX_EXPLAINED_TURNS {
        return fail_as(
            json,
            Some(file),
            format!(
                "{shown}: {} turns is over the cap of {} turns that --explain explains (spec/FORMAT.md, \"Caps\")",
                game.turns.len(),
                caps::MAX_EXPLAINED_TURNS
            ),
        );
    }
    if let Some(cycle) = cycle {
        return play_lasso(file, &game, &cycle, json);
    }
    let report = match replay_with_probes(&Rules, &game, &probes) {
        Ok(r) => r,
        Err(e) => return fail_as(json, Some(file), format!("{shown}: {e}")),
    };
    let written = if json {
        (|| {
            let mut emit = emit;
            let mut o = Object::open(&mut emit, 0)?;
            report.write_json(&game, &mut o, None)?;
            if explain {
                let mut trace = o.object("explain")?;
                let mut turns = trace.array("turns")?;
                let end = graphgo::explain::explain_each(&game, &mut |t| turns.item(&t.to_json()))?;
                turns.close()?;
                trace.field("end", &graphgo::explain::steps_json(&end))?;
                trace.close()?;
            }
            o.close()?;
            emit("\n")
        })()
    } else {
        (|| {
            report.write_text(&game, &mut emit)?;
            if explain {
                emit("why:\n")?;
                let end = graphgo::explain::explain_each(&game, &mut |t| emit(&t.to_text()))?;
                emit(&graphgo::explain::end_text(&end))?;
            }
            Ok(())
        })()
    };
    let status = if report.illegal.is_some() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    };
    after_writing(written, json, file, &shown, status)
}

/// `dir:WIN`: a record with a `cycle` is an infinite play; the prefix is replayed as usual,
/// then the outcome of the lasso is reported. Exit 1 when the lasso is not a legal play.
pub(super) fn play_lasso(
    file: &Path,
    game: &graphgo::io::record::Game,
    cycle: &[graphgo::game::Turn],
    json: bool,
) -> ExitCode {
    use graphgo::spec::lasso;
    let shown = graphgo::io::record::input_name(file);
    let report = match replay(&Rules, game) {
        Ok(r) => r,
        Err(e) => return fail_as(json, Some(file), format!("{shown}: {e}")),
    };
    let board = &game.setup.board;
    let outcome = match graphgo::variants::directed::lasso_outcome(game, cycle) {
        Ok(o) => o,
        Err(e) => return fail_as(json, Some(file), format!("{shown}: {e}")),
    };
    let (lasso_text, lasso_json, ok) = match &outcome {
        Ok(o) => (lasso::to_text(o, board), lasso::to_json(o, board), true),
        Err(e) => {
            let line = lasso::describe_error(e, board, game, cycle);
            let json = lasso::error_json(e, board, game, cycle);
            (format!("LASSO ILLEGAL: {line}\n"), json, false)
        }
    };
    let written = if json {
        (|| {
            let mut emit = emit;
            let mut o = Object::open(&mut emit, 0)?;
            let result = match (&outcome, &report.illegal) {
                (Ok(o), None) => Some(lasso::result_json(o)),
                _ => None,
            };
            report.write_json(game, &mut o, result.as_ref())?;
            o.field("lasso", &lasso_json)?;
            o.close()?;
            emit("\n")
        })()
    } else {
        (|| {
            report.write_text(game, &mut emit)?;
            let turns: Vec<String> = cycle.iter().map(|t| t.text(board)).collect();
            emit(&format!("cycle, repeated forever: {}\n", turns.join(", ")))?;
            emit(&lasso_text)
        })()
    };
    let status = if ok && report.illegal.is_none() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    };
    after_writing(written, json, file, &shown, status)
}
