//! The length of the files of `src/` kept (issue 30, point 4): no file but the board
//! (`src/engine/goban.rs`) is over [`MAX_LINES`] lines unless its module comment says why,
//! in a line of its own that starts `//! Length:` and gives the reason. A file that grows
//! past the limit then fails here until it is split by concern or its length is explained.

use std::path::{Path, PathBuf};

use super::layers::src_files;

/// About 1,000 lines: the limit issue 30 sets.
const MAX_LINES: usize = 1000;

/// The one file exempt from the limit, as issue 30 names it.
const EXEMPT: &str = "engine/goban.rs";

/// The reason a file's module comment gives for its length: the text after `Length:` on a
/// line of the leading `//!` comment, when it says something (a few words at least).
fn stated_reason(text: &str) -> Option<&str> {
    text.lines()
        .map_while(|line| line.strip_prefix("//!"))
        .filter_map(|doc| doc.trim().strip_prefix("Length:"))
        .map(str::trim)
        .find(|reason| reason.split_whitespace().count() >= 4)
}

/// The files over the limit with no stated reason, each with its length.
fn too_long(files: &[(PathBuf, String)]) -> Vec<String> {
    files
        .iter()
        .filter(|(path, _)| path != Path::new(EXEMPT))
        .filter_map(|(path, text)| {
            let lines = text.lines().count();
            (lines > MAX_LINES && stated_reason(text).is_none()).then(|| {
                format!(
                    "src/{}: {lines} lines, and no `//! Length: ...` line in its module comment",
                    path.display()
                )
            })
        })
        .collect()
}

#[test]
fn no_file_of_src_is_over_a_thousand_lines_without_a_stated_reason() {
    let files = src_files();
    assert!(
        files.iter().any(|(path, _)| path == Path::new(EXEMPT)),
        "src/{EXEMPT}, the file exempt from the limit, is not there: update EXEMPT"
    );
    let found = too_long(&files);
    assert!(
        found.is_empty(),
        "files of src/ over {MAX_LINES} lines: split them by concern, or say why in the \
         module comment (a line `//! Length: <why>`):\n{}",
        found.join("\n")
    );
}

fn toy(path: &str, lines: usize, comment: &[&str]) -> (PathBuf, String) {
    let mut text: String = comment.iter().map(|l| format!("{l}\n")).collect();
    let body = lines.saturating_sub(comment.len());
    text.push_str(&"fn f() {}\n".repeat(body));
    (PathBuf::from(path), text)
}

#[test]
fn a_long_file_without_a_reason_is_caught_and_the_limit_is_a_thousand_lines() {
    let files = [
        toy("conformance/long.rs", MAX_LINES + 1, &["//! A module."]),
        toy("conformance/full.rs", MAX_LINES, &["//! A module."]),
    ];
    let found = too_long(&files);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].starts_with("src/conformance/long.rs: 1001 lines"),
        "{found:?}"
    );
}

#[test]
fn a_reason_counts_only_in_the_module_comment_and_only_when_it_says_something() {
    let reason = "//! Length: one table of the published counts, read as one.";
    // A stated reason, and the exempt board, pass.
    assert!(too_long(&[
        toy(
            "differential/long.rs",
            1200,
            &["//! A module.", "//!", reason]
        ),
        toy(EXEMPT, 2000, &["//! The board."]),
    ])
    .is_empty());
    // An empty reason, a reason outside the module comment, and a plain comment do not.
    let not_reasons = [
        toy("a.rs", 1200, &["//! A module.", "//! Length:"]),
        toy("b.rs", 1200, &["//! A module.", "", reason]),
        toy(
            "c.rs",
            1200,
            &[
                "//! A module.",
                "// Length: one table of counts, read as one.",
            ],
        ),
        toy(
            "d.rs",
            1200,
            &["//! A module. Length: one table of counts, read as one."],
        ),
    ];
    assert_eq!(too_long(&not_reasons).len(), 4);
}
