//! `graphgo show`: a picture of a position (SVG or DOT), or the HTML page that steps through
//! the record (`--format html`, the viewer).

use super::{fail, is_sgf, load_game, SgfRules};
use std::path::Path;
use std::process::ExitCode;

/// `graphgo show`: the record is read as `play` reads it; the picture is `graphgo::show`'s.
/// The viewer's page goes to standard output a piece at a time (a frame's picture at once,
/// never the whole page in memory); to `--out` it is written whole or not at all. A SIGINT
/// or SIGTERM stops the replay between two positions and writes nothing to `--out`.
pub(super) fn show(
    file: &Path,
    turn: Option<usize>,
    format: graphgo::show::Format,
    out: Option<&Path>,
    sgf: &SgfRules,
) -> ExitCode {
    graphgo::signals::watch();
    let (game, cycle, _probes) = match load_game(file, sgf) {
        Ok(loaded) => loaded,
        Err(e) => return fail(e),
    };
    let shown = graphgo::io::record::input_name(file);
    let interrupted = || graphgo::signals::interrupted().err();
    let text = if format == graphgo::show::Format::Html {
        let about = match graphgo::viewer::about_record(file, &game, cycle.as_deref(), is_sgf(file))
        {
            Ok(a) => a,
            Err(e) => return fail(format!("{shown}: {e}")),
        };
        if out.is_none() {
            // Once standard output failed the page stops; the dispatch reports it (exit 4).
            let written = graphgo::viewer::write_page(&game, &about, turn, &mut |s| {
                graphgo::out!("{s}");
                match graphgo::io::stdout::failed() {
                    true => Err(String::new()),
                    false => Ok(()),
                }
            });
            return match (written, interrupted()) {
                (_, Some(signal)) => ExitCode::from(signal.exit_status()),
                (Ok(()), None) => ExitCode::SUCCESS,
                (Err(_), None) if graphgo::io::stdout::failed() => ExitCode::SUCCESS,
                (Err(e), None) => fail(format!("{shown}: {e}")),
            };
        }
        graphgo::viewer::page(&game, &about, turn)
    } else {
        graphgo::show::render(&game, turn, format)
    };
    if let Some(signal) = interrupted() {
        return ExitCode::from(signal.exit_status());
    }
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
        (Err(e), _) => fail(format!("{shown}: {e}")),
    }
}
