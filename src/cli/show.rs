//! `graphgo show`: a picture of a position (SVG or DOT), or the HTML page that steps through
//! the record (`--format html`, the viewer).

use super::{fail, is_sgf, load_game, SgfRules};
use std::path::Path;
use std::process::ExitCode;

/// `graphgo show`: the record is read as `play` reads it; the picture is `graphgo::show`'s.
pub(super) fn show(
    file: &Path,
    turn: Option<usize>,
    format: graphgo::show::Format,
    out: Option<&Path>,
    sgf: &SgfRules,
) -> ExitCode {
    let (game, cycle) = match load_game(file, sgf) {
        Ok(loaded) => loaded,
        Err(e) => return fail(e),
    };
    let text = if format == graphgo::show::Format::Html {
        graphgo::viewer::command(file, &game, cycle.as_deref(), turn, is_sgf(file))
    } else {
        graphgo::show::render(&game, turn, format)
    };
    match (text, out) {
        (Ok(text), None) => {
            graphgo::out!("{text}");
            ExitCode::SUCCESS
        }
        (Ok(text), Some(out)) => match graphgo::io::output::write(out, &text) {
            Ok(_) => ExitCode::SUCCESS,
            Err(e) => {
                graphgo::errln!("graphgo: --out {e}");
                ExitCode::from(e.status())
            }
        },
        (Err(e), _) => fail(format!("{}: {e}", graphgo::io::record::input_name(file))),
    }
}
