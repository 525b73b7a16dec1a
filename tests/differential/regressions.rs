//! Replays every minimized case in `tests/regressions/` through the spec and the engine.
//! Each file is a game record whose comment line `# expect: ...` gives, worked out by hand
//! from the rules, what every side must do: the turns it refuses (with their clauses) and
//! what it shows at the end (the form of `graphgo::differential::compare::SideReplay::text`). Both sides must
//! show exactly that, and the comparer must find no divergence between them.

use std::path::PathBuf;

use graphgo::differential::compare;
use graphgo::io::record::Record;

fn cases() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/regressions");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml" || x == "json"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_regression_replays_as_expected_on_both_sides() {
    let files = cases();
    assert!(files.len() >= 6, "only {} cases found", files.len());
    let (spec, engine) = (compare::reference(), compare::engine());
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy();
        let expected = compare::expected_outcome(&text)
            .unwrap_or_else(|| panic!("{name}: no '# expect:' line"));
        let game = Record::load(path)
            .and_then(|r| r.game())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        if let Some(d) = compare::compare(&*spec, &*engine, &game) {
            failures.push(format!(
                "{name}: the sides diverge:\n{}",
                d.describe(&game.setup.board)
            ));
        }
        for side in [&*spec, &*engine] {
            let got = compare::replay_side(side, &game).text();
            if got != expected {
                failures.push(format!(
                    "{name}: {}\n  expected {expected}\n  got      {got}",
                    side.name()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Found while fuzzing the record parser: `board: {path: N}` and `{cycle: N}` listed the N
/// edges before checking N against the cap, so a huge N aborted the process on a failed
/// allocation instead of being refused with a message.
#[test]
fn huge_paths_and_cycles_are_refused_by_the_cap() {
    for shape in ["path", "cycle"] {
        let text = format!("rules: ggg1\nboard: {{{shape}: 100000000000}}\n");
        let err = Record::parse(&text, false).unwrap().game().unwrap_err();
        assert!(
            err.0.contains("field 'board'") && err.0.contains("cap of 4194304 vertices"),
            "{shape}: {err}"
        );
    }
}
