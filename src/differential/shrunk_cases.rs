//! A divergence shrunk and written as files (`graphgo check --shrink OUT`): the minimized
//! game as a case file (a record with each side's outcome), and, for a game on a grid, a
//! case shrunk on grids only, as SGF beside it (so that engines which read only SGF on
//! grids can replay it).

use std::path::{Path, PathBuf};

use crate::differential::compare;
use crate::game::RuleSet;
use crate::io::record::Game;

/// One file written by [`shrink_to_files`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShrunkCase {
    pub file: PathBuf,
    /// `record` or `sgf`.
    pub format: &'static str,
    pub turns: usize,
    pub vertices: usize,
}

impl ShrunkCase {
    /// `{"file", "format", "turns", "vertices"}`.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "file": self.file.display().to_string(),
            "format": self.format,
            "turns": self.turns,
            "vertices": self.vertices,
        })
    }

    /// The line `graphgo check --shrink` prints for it.
    pub fn line(&self) -> String {
        match self.format {
            "sgf" => format!(
                "shrunk on grids to {} turns: {}",
                self.turns,
                self.file.display()
            ),
            _ => format!(
                "shrunk to {} turns on {} vertices: {}",
                self.turns,
                self.vertices,
                self.file.display()
            ),
        }
    }
}

/// The comparisons allowed for each shrinking.
const SHRINK_BUDGET: usize = 5000;

/// Shrinks the divergence of `game` between `a` and `b` and writes the minimized case file
/// to `out` (its comment names `shown`, the record it came from); for a game on a grid, also
/// shrinks it on grids only and writes it as SGF to `out` with the extension `sgf`. Gives
/// what was written and the write that failed (what was written before it is kept and
/// listed: a finding is never lost to a later failure). `out` is written as every output
/// the user names is ([`crate::io::output::write`]); the SGF twin only when `out` was a
/// regular file (never a new file beside `/dev/null`).
pub fn shrink_to_files(
    [a, b]: [&dyn RuleSet; 2],
    game: &Game,
    shown: &str,
    out: &Path,
) -> (Vec<ShrunkCase>, Option<crate::io::output::OutputError>) {
    use crate::io::output::{is_stream, write};
    let mut written = Vec::new();
    if let Some(shrunk) = compare::shrink(a, b, game, SHRINK_BUDGET) {
        let text = compare::case_file(
            a,
            b,
            &shrunk.game,
            &format!("shrunk by `graphgo check --shrink` from {shown}"),
        );
        if let Err(e) = write(out, &text) {
            return (written, Some(e));
        }
        written.push(ShrunkCase {
            file: out.to_path_buf(),
            format: "record",
            turns: shrunk.game.turns.len(),
            vertices: shrunk.game.setup.board.len(),
        });
    }
    // A grid counterexample is also shrunk on grids only and written as SGF beside it.
    if crate::io::sgf::grid_size(&game.setup.board).is_some() && !is_stream(out) {
        let (ga, gb) = (crate::io::sgf::OnGrids(a), crate::io::sgf::OnGrids(b));
        if let Some(shrunk) = compare::shrink(&ga, &gb, game, SHRINK_BUDGET) {
            let comment = format!(
                "shrunk on grids by `graphgo check --shrink` from {shown}\n{}",
                shrunk.divergence.describe(&shrunk.game.setup.board)
            );
            if let Some(text) = crate::io::sgf::write(&shrunk.game, &comment) {
                let sgf_out = out.with_extension("sgf");
                if let Err(e) = write(&sgf_out, &text) {
                    return (written, Some(e));
                }
                written.push(ShrunkCase {
                    file: sgf_out,
                    format: "sgf",
                    turns: shrunk.game.turns.len(),
                    vertices: shrunk.game.setup.board.len(),
                });
            }
        }
    }
    (written, None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::game::{Player, RuleId, Setup, Turn};

    /// The ko of the regression vector `superko-ko-retake` on the 2x1 grid (vertices 0
    /// and 1): B 0, W 1 (which captures), B 0 retakes, refused by superko (`ggg1:3`); the
    /// planted bug `no-superko` plays it, so the two sides diverge (the shrinker may find a
    /// smaller case on the same grid: the self-capture of a lone stone on one vertex
    /// repeats the empty board, refused by superko alone).
    fn ko_on_a_grid() -> Game {
        let board = Board::grid(2, 1).unwrap();
        let (b, w) = (Player::Black, Player::White);
        Game {
            setup: Setup::new(RuleId::Ggg1, board),
            turns: vec![
                Turn::Move { player: b, at: 0 },
                Turn::Move { player: w, at: 1 },
                Turn::Move { player: b, at: 0 },
            ],
        }
    }

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("graphgo-shrunk-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_divergence_on_a_grid_is_written_as_a_record_and_as_sgf() {
        let bug = crate::differential::fuzz::planted_bug("no-superko").unwrap();
        let spec = compare::reference();
        let out = scratch("both").join("ko.yaml");
        let (written, failure) = shrink_to_files([&*spec, &*bug], &ko_on_a_grid(), "ko", &out);
        assert_eq!(failure, None);
        let sgf = out.with_extension("sgf");
        let expected = [("record", &out), ("sgf", &sgf)];
        assert_eq!(written.len(), 2, "{written:?}");
        for (case, (format, file)) in written.iter().zip(expected) {
            assert_eq!((case.format, &case.file), (format, file));
            // Shrunk: never more than the three turns on two vertices it came from.
            assert!(
                case.turns <= 3 && (1..=2).contains(&case.vertices),
                "{case:?}"
            );
        }
        // The record written is the case it says, and the sides still diverge on it.
        let text = std::fs::read_to_string(&out).unwrap();
        let record = crate::io::record::Record::parse(&text, false)
            .unwrap()
            .game()
            .unwrap();
        assert_eq!(
            (record.turns.len(), record.setup.board.len()),
            (written[0].turns, written[0].vertices)
        );
        assert!(compare::compare(&*spec, &*bug, &record).is_some(), "{text}");
        // The SGF holds one move node per turn of the case it says.
        let text = std::fs::read_to_string(&sgf).unwrap();
        assert!(text.starts_with("(;FF[4]"), "{text}");
        let nodes = text.matches(";B[").count() + text.matches(";W[").count();
        assert_eq!(nodes, written[1].turns, "{text}");
        assert_eq!(
            written[1].line(),
            format!(
                "shrunk on grids to {} turns: {}",
                written[1].turns,
                sgf.display()
            )
        );
    }

    #[test]
    fn a_write_that_fails_is_named_and_nothing_is_claimed() {
        let bug = crate::differential::fuzz::planted_bug("no-superko").unwrap();
        let spec = compare::reference();
        // The folder named for the file is a file: nothing can be written under it.
        let not_a_folder = scratch("fails").join("not-a-folder");
        std::fs::write(&not_a_folder, "a file").unwrap();
        let out = not_a_folder.join("ko.yaml");
        let (written, failure) = shrink_to_files([&*spec, &*bug], &ko_on_a_grid(), "ko", &out);
        assert!(written.is_empty());
        let failure = failure.unwrap();
        let failure = failure.message();
        assert!(
            failure.contains("not-a-folder") && failure.contains("cannot write"),
            "{failure}"
        );
    }
}
