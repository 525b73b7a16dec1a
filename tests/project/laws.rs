//! Small laws on plain types, checked with quickcheck (random values, shrunk on failure;
//! `QUICKCHECK_TESTS=N` runs more, `QUICKCHECK_GENERATOR_SIZE` widens the values); and the
//! law of the project itself: every clause of the register is restated, transcribed and
//! tested.

use std::path::{Path, PathBuf};

use num_rational::BigRational;
use quickcheck::{quickcheck, TestResult};

use graphgo::board::Board;
use graphgo::game::{Player, Turn};
use graphgo::rational;

quickcheck! {
    /// A rational written as text reads back as itself, in lowest terms.
    fn rational_text_round_trips(n: i64, d: i64) -> TestResult {
        if d == 0 {
            return TestResult::discard();
        }
        let r = BigRational::new(n.into(), d.into());
        let text = rational::format(&r);
        TestResult::from_bool(rational::parse(&text) == Ok(r.clone()) && rational::format(&rational::parse(&text).unwrap()) == text)
    }

    /// A decimal with k digits after the point is that integer over 10^k.
    fn decimals_are_exact(whole: u32, frac: u16) -> bool {
        let text = format!("{whole}.{frac:05}");
        let expected = BigRational::new((i64::from(whole) * 100_000 + i64::from(frac)).into(), 100_000.into());
        rational::parse(&text) == Ok(expected)
    }

    /// Swapping a turn's player twice gives the turn back, and once gives the other player.
    fn swapping_twice_is_identity(at: usize, which: u8, black: bool) -> bool {
        let player = if black { Player::Black } else { Player::White };
        let turn = match which % 3 {
            0 => Turn::Move { player, at },
            1 => Turn::Pass { player },
            _ => Turn::Resign { player },
        };
        turn.swapped().swapped() == turn && turn.swapped().player() == player.opponent()
    }

    /// A w x h grid has (w - 1) h + w (h - 1) edges; a torus with both sides at least 3 has 2wh.
    fn grid_and_torus_edge_counts(w: u8, h: u8) -> TestResult {
        let (w, h) = (usize::from(w % 30) + 1, usize::from(h % 30) + 1);
        let grid = Board::grid(w, h).unwrap();
        let mut ok = grid.edge_count() == (w - 1) * h + w * (h - 1);
        if w >= 3 && h >= 3 {
            ok &= Board::torus(w, h).unwrap().edge_count() == 2 * w * h;
        }
        TestResult::from_bool(ok)
    }

    /// A turn's text reads back as the same turn on a plane board.
    fn turn_text_round_trips(x: u8, y: u8, black: bool) -> bool {
        let board = Board::grid(19, 19).unwrap();
        let at = usize::from(y % 19) * 19 + usize::from(x % 19);
        let player = if black { Player::Black } else { Player::White };
        let turn = Turn::Move { player, at };
        Turn::parse(&turn.text(&board), &board) == Ok(turn)
    }
}

/// The ids of the register `spec/CLAUSES.md`, each with the `spec/` file that restates it:
/// the first cell of every table row written `` | `prefix:clause` | ``, and the file linked
/// at the end of the section's heading (`## MANGO — [mango.md](mango.md)`).
fn register_ids(register: &str) -> Vec<(String, String)> {
    let mut family = String::new();
    register
        .lines()
        .filter_map(|line| {
            if line.starts_with("## ") {
                family = line
                    .rsplit_once("](")
                    .and_then(|(_, link)| link.strip_suffix(')'))
                    .unwrap_or_default()
                    .to_string();
                return None;
            }
            let cell = line.strip_prefix("| `")?;
            let id = &cell[..cell.find('`')?];
            let (prefix, clause) = id.split_once(':')?;
            let well_formed = !prefix.is_empty()
                && prefix
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
                && !clause.is_empty()
                && clause
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-');
            (well_formed && cell[id.len() + 1..].trim_start().starts_with('|'))
                .then(|| (id.to_string(), family.clone()))
        })
        .collect()
}

/// Whether `text` names `id` as a whole word: `ggg1:1` is not named by `ggg1:10`, nor by
/// `xggg1:1` or `a:ggg1:1`.
fn names(text: &str, id: &str) -> bool {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    text.match_indices(id).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + id.len()..].chars().next();
        !before.is_some_and(|c| word(c) || c == ':') && !after.is_some_and(word)
    })
}

/// The files under `dir` whose names end with one of `endings`, build folders left out.
fn files_under(dir: &Path, endings: &[&str], found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if !name.starts_with("target") && !name.starts_with('.') {
                files_under(&path, endings, found);
            }
        } else if endings.iter().any(|e| name.ends_with(e)) {
            found.push(path);
        }
    }
}

fn read_all(paths: &[PathBuf]) -> Vec<String> {
    paths
        .iter()
        .map(|p| String::from_utf8_lossy(&std::fs::read(p).unwrap()).into_owned())
        .collect()
}

#[test]
fn names_a_clause_only_as_a_whole_word() {
    assert!(names("see ggg1:1.", "ggg1:1"));
    assert!(names("`topo:D8`", "topo:D8"));
    assert!(!names("ggg1:10 and ggg1:1x", "ggg1:1"));
    assert!(!names("xggg1:1 a:ggg1:1 ggg1:1_b", "ggg1:1"));
    assert!(!names("topo:D10a", "topo:D1"));
    let ids = register_ids(
        "## A — [a.md](a.md)\n| `a:B-1` | x |\n| id | y |\n| `c:d` oops\n|`e:f`|\n## B\n| `b:1` | z |\n",
    );
    let pair = |id: &str, file: &str| (id.to_string(), file.to_string());
    assert_eq!(ids, [pair("a:B-1", "a.md"), pair("b:1", "")]);
    assert_eq!(
        doc_comments("/// a\nlet x = 1; // b\n    //! c\n"),
        "/// a\n    //! c\n"
    );
}

/// The doc-comment lines of a source text (`///`, `//!`).
fn doc_comments(code: &str) -> String {
    code.lines()
        .filter(|l| l.trim_start().starts_with("///") || l.trim_start().starts_with("//!"))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// The traceability of the register, as `spec/CLAUSES.md` states it: each id has its
/// restatement in the family's `spec/` file (the one its section's heading links; a mention
/// in another file such as FORMAT.md does not count), a transcribing function in `src/` (a
/// doc comment naming the id, in code before the file's first `#[cfg(test)]`), and a test
/// naming it (in `tests/`, `fuzz/`, `benches/`, the vectors, or a `src/` file's test code).
/// The same rules as the register's former external trace tool, but for the restatement's
/// file and the doc comment, which are stricter.
#[test]
fn every_register_clause_is_restated_transcribed_and_tested() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let register = root.join("spec/CLAUSES.md");
    let ids = register_ids(&std::fs::read_to_string(&register).unwrap());
    // Counted by hand from the five texts: GGG 6 + 3 + 4, Topological Go 22, the network
    // article 5, directed graphs 8, MANGO 13.
    assert_eq!(
        ids.len(),
        61,
        "ids read from {}: {ids:?}",
        register.display()
    );

    let mut src_files = Vec::new();
    files_under(&root.join("src"), &[".rs"], &mut src_files);
    let (mut code, mut tests) = (Vec::new(), Vec::new());
    // The clause ids as values name every id in their doc comments; they transcribe none.
    src_files.retain(|p| !p.ends_with("src/game/clause.rs"));
    for body in read_all(&src_files) {
        let cut = body.find("#[cfg(test)]").unwrap_or(body.len());
        code.push(doc_comments(&body[..cut]));
        tests.push(body[cut..].to_string());
    }
    let mut test_files = Vec::new();
    for dir in ["tests", "fuzz", "benches", "spec/vectors"] {
        let endings = [".rs", ".yaml", ".yml", ".json", ".toml"];
        files_under(&root.join(dir), &endings, &mut test_files);
    }
    tests.extend(read_all(&test_files));

    let mut gaps = Vec::new();
    for (id, family) in &ids {
        let restated =
            std::fs::read_to_string(root.join("spec").join(family)).unwrap_or_else(|e| {
                panic!("{id}: its section names no readable spec/ file ({family:?}: {e})")
            });
        let spec = vec![restated];
        let what_restates = format!("restatement in spec/{family}");
        let lacking: Vec<&str> = [
            (what_restates.as_str(), &spec),
            ("doc comment in src/", &code),
            ("test", &tests),
        ]
        .into_iter()
        .filter(|(_, texts)| !texts.iter().any(|t| names(t, id)))
        .map(|(what, _)| what)
        .collect();
        if !lacking.is_empty() {
            gaps.push(format!("{id}: no {}", lacking.join(", no ")));
        }
    }
    assert!(
        gaps.is_empty(),
        "clauses of spec/CLAUSES.md not traced:\n{}",
        gaps.join("\n")
    );
}
