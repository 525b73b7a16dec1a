//! `graphgo play`: a record (or an SGF game) replayed and reported, and an infinite play of
//! the directed rules given as a lasso.

use super::{fail_as, load_game, SgfRules};
use graphgo::io::replay::replay;
use graphgo::variants::Spec;
use std::path::Path;
use std::process::ExitCode;

pub(super) fn play(file: &Path, json: bool, explain: bool, sgf: &SgfRules) -> ExitCode {
    let shown = graphgo::io::record::input_name(file);
    let (game, cycle) = match load_game(file, sgf) {
        Ok(g) => g,
        Err(e) => return fail_as(json, Some(file), e),
    };
    if let Some(cycle) = cycle {
        return play_lasso(file, &game, &cycle, json);
    }
    let report = match replay(&Spec, &game) {
        Ok(r) => r,
        Err(e) => return fail_as(json, Some(file), format!("{shown}: {e}")),
    };
    let trace = if explain {
        match graphgo::explain::explain(&game) {
            Ok(t) => Some(t),
            Err(e) => return fail_as(json, Some(file), format!("{shown}: {e}")),
        }
    } else {
        None
    };
    if json {
        let mut value = report.to_json(&game);
        if let Some(trace) = &trace {
            value["explain"] = trace.to_json();
        }
        graphgo::outln!(
            "{}",
            serde_json::to_string_pretty(&value).expect("JSON values print")
        );
    } else {
        graphgo::out!("{}", report.to_text(&game));
        if let Some(trace) = &trace {
            graphgo::out!("{}", trace.to_text());
        }
    }
    if report.illegal.is_some() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
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
    let report = match replay(&Spec, game) {
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
    if json {
        let mut value = report.to_json(game);
        if let (Ok(o), None) = (&outcome, &report.illegal) {
            value["result"] = lasso::result_json(o);
        }
        value["lasso"] = lasso_json;
        graphgo::outln!(
            "{}",
            serde_json::to_string_pretty(&value).expect("JSON values print")
        );
    } else {
        graphgo::out!("{}", report.to_text(game));
        let turns: Vec<String> = cycle.iter().map(|t| t.text(board)).collect();
        graphgo::outln!("cycle, repeated forever: {}", turns.join(", "));
        graphgo::out!("{lasso_text}");
    }
    if ok && report.illegal.is_none() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
