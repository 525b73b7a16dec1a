//! The documents hold together: every relative link of `README.md` and of the pages of `spec/`
//! resolves (the file, and the heading of a `#fragment` in a Markdown file), and every
//! citation of a source (`SOURCES.md`, by its id) or of a reading (`reading N` of
//! `spec/ambiguities.md`) names one that exists.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The Markdown pages whose links are checked: the README, every page of `spec/` and of
/// `spec/vectors/` (the pages of `spec/engines/` have their own check, with their
/// reproductions: `tests/conformance/verdicts.rs`).
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![root().join("README.md")];
    for dir in ["spec", "spec/vectors"] {
        let mut found: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "md"))
            .collect();
        found.sort();
        pages.extend(found);
    }
    pages
}

/// The lines of a page outside fenced blocks.
fn prose(page: &str) -> Vec<&str> {
    let mut fenced = false;
    let mut lines = Vec::new();
    for line in page.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if !fenced {
            lines.push(line);
        }
    }
    lines
}

/// The targets of the inline links `[text](target)` and images `![alt](target)` of a page.
fn links(page: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in prose(page) {
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let end = after.find(')').unwrap_or(after.len());
            let target = after[..end].split_whitespace().next().unwrap_or("");
            out.push(target.to_string());
            rest = &after[end..];
        }
    }
    out
}

/// GitHub's anchor of a heading: lower case, letters, digits, `-` and `_` kept, spaces made
/// `-`, everything else dropped.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a Markdown page's headings (a repeated heading gets `-1`, `-2`, ...).
fn anchors(page: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    for line in prose(page) {
        let Some(text) = line.strip_prefix('#') else {
            continue;
        };
        let text = text.trim_start_matches('#');
        if !text.starts_with(' ') {
            continue;
        }
        let base = slug(text);
        let mut name = base.clone();
        let mut n = 0;
        while seen.contains(&name) {
            n += 1;
            name = format!("{base}-{n}");
        }
        seen.insert(name);
    }
    seen
}

/// What is wrong with the link `target` of `page`, if anything.
fn broken(page: &Path, target: &str) -> Option<String> {
    if target.is_empty() || target.contains("://") || target.starts_with("mailto:") {
        return None;
    }
    let (file, fragment) = match target.split_once('#') {
        Some((f, a)) => (f, Some(a)),
        None => (target, None),
    };
    let path = if file.is_empty() {
        page.to_path_buf()
    } else {
        page.parent().unwrap().join(file)
    };
    if !path.exists() {
        return Some(format!("{target}: no file {}", path.display()));
    }
    let fragment = fragment?;
    if path.extension().is_none_or(|x| x != "md") {
        return None;
    }
    let text = std::fs::read_to_string(&path).unwrap();
    (!anchors(&text).contains(fragment)).then(|| format!("{target}: no heading #{fragment}"))
}

#[test]
fn every_relative_link_of_the_readme_and_the_spec_pages_resolves() {
    let mut wrong = Vec::new();
    let mut count = 0;
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        for target in links(&text) {
            count += 1;
            if let Some(why) = broken(&page, &target) {
                let shown = page.strip_prefix(root()).unwrap().display().to_string();
                wrong.push(format!("{shown}: {why}"));
            }
        }
    }
    assert!(count >= 50, "only {count} links read");
    assert!(wrong.is_empty(), "broken links:\n{}", wrong.join("\n"));
}

/// The checker bites: a missing file, a missing heading, and the anchors GitHub makes.
#[test]
fn the_link_check_catches_a_missing_file_or_heading() {
    let page = root().join("README.md");
    assert!(broken(&page, "spec/FORMAT.md").is_none());
    assert!(broken(&page, "spec/NOPE.md").is_some());
    assert!(broken(&page, "spec/FORMAT.md#conformance-vectors").is_none());
    assert!(broken(&page, "spec/FORMAT.md#no-such-heading").is_some());
    assert!(broken(&page, "https://example.org/x").is_none());
    assert_eq!(
        slug(" SGF game records (src/sgf.rs)"),
        "sgf-game-records-srcsgfrs"
    );
    assert_eq!(
        slug(" The vectors in `spec/vectors/`"),
        "the-vectors-in-specvectors"
    );
    let twice = anchors("# A\n\n```\n# not a heading\n```\n## A\n");
    assert_eq!(twice, BTreeSet::from(["a".to_string(), "a-1".to_string()]));
    assert_eq!(
        links("see [x](a.md#b) and ![y](c.svg)\n```\n[z](d)\n```\n"),
        ["a.md#b", "c.svg"]
    );
}

// ---------------------------------------------------------------------------------------
// Sources and readings: one numbering each
// ---------------------------------------------------------------------------------------

/// The files where sources and readings are cited: the documents, the code and the tests.
fn cited_in() -> Vec<(String, String)> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let p = entry.path();
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            if p.is_dir() {
                if !["target", "findings", "node_modules", ".git"].contains(&name.as_str()) {
                    walk(&p, out);
                }
            } else if [".rs", ".md", ".py", ".yaml"]
                .iter()
                .any(|e| name.ends_with(e))
                && !name.starts_with("conformance.")
            {
                out.push(p);
            }
        }
    }
    let mut files = vec![root().join("README.md")];
    for dir in [
        "spec", "src", "tests", "python", "fuzz", "benches", "examples",
    ] {
        walk(&root().join(dir), &mut files);
    }
    files.sort();
    // This file quotes wrong citations to show that the checks catch them.
    files.retain(|p| !p.ends_with("tests/project/docs.rs"));
    files
        .into_iter()
        .map(|p| {
            let shown = p.strip_prefix(root()).unwrap().display().to_string();
            (shown, std::fs::read_to_string(&p).unwrap_or_default())
        })
        .collect()
}

/// The readings of `spec/ambiguities.md`: its entries `## N. ...`, numbered 1, 2, ... in
/// order, and the rows of its table, the same numbers.
fn readings() -> Vec<u32> {
    let text = std::fs::read_to_string(root().join("spec/ambiguities.md")).unwrap();
    let headings: Vec<u32> = text
        .lines()
        .filter_map(|l| l.strip_prefix("## "))
        .filter_map(|l| l.split_once(". "))
        .filter_map(|(n, _)| n.parse().ok())
        .collect();
    let rows: Vec<u32> = text
        .lines()
        .filter_map(|l| l.strip_prefix("| "))
        .filter_map(|l| l.split_once(' '))
        .filter_map(|(n, _)| n.parse().ok())
        .collect();
    assert_eq!(headings, rows, "ambiguities.md: the table and the entries");
    assert_eq!(
        headings,
        (1..=headings.len() as u32).collect::<Vec<_>>(),
        "ambiguities.md: the readings are numbered 1, 2, ... in order"
    );
    headings
}

/// The reading numbers a text cites: `reading 4`, `readings 1 and 2`, `readings 3, 4, 10`,
/// `readings 13–15` (a range names every number in it).
fn cited_readings(text: &str) -> Vec<u32> {
    let mut out = Vec::new();
    let lower = text.to_lowercase();
    let mut rest = lower.as_str();
    while let Some(at) = rest.find("reading") {
        rest = &rest[at + "reading".len()..];
        let list = rest.strip_prefix('s').unwrap_or(rest);
        let Some(list) = list.strip_prefix(' ') else {
            continue;
        };
        // The numbers that follow, joined by `, `, ` and `, ` or `, `–` or `-`.
        let mut chars = list;
        let mut previous: Option<u32> = None;
        let mut range = false;
        loop {
            let digits: String = chars.chars().take_while(char::is_ascii_digit).collect();
            if digits.is_empty() {
                break;
            }
            let n: u32 = digits.parse().unwrap();
            match (range, previous) {
                (true, Some(p)) => out.extend(p + 1..=n),
                _ => out.push(n),
            }
            previous = Some(n);
            chars = &chars[digits.len()..];
            range = false;
            if let Some(r) = chars.strip_prefix('–').or_else(|| chars.strip_prefix('-')) {
                chars = r;
                range = true;
            } else if let Some(r) = [", and ", " and ", ", ", " or "]
                .iter()
                .find_map(|sep| chars.strip_prefix(sep))
            {
                chars = r;
            } else {
                break;
            }
        }
    }
    out
}

#[test]
fn every_cited_reading_exists() {
    let known = readings();
    assert!(known.len() >= 19, "{known:?}");
    let mut wrong = Vec::new();
    let mut count = 0;
    for (file, text) in cited_in() {
        for n in cited_readings(&text) {
            count += 1;
            if !known.contains(&n) {
                wrong.push(format!("{file}: reading {n}"));
            }
        }
        // The letters of the former second numbering (T1, D1, M1, R1) are gone.
        let lower = text.to_lowercase();
        for letter in ['t', 'd', 'm', 'r'] {
            for digit in '1'..='3' {
                for word in ["reading ", "readings "] {
                    if lower.contains(&format!("{word}{letter}{digit}")) {
                        wrong.push(format!("{file}: {word}{letter}{digit}: cited by number"));
                    }
                }
            }
        }
    }
    assert!(count >= 100, "only {count} citations read");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_reading_citations_are_read_as_written() {
    assert_eq!(cited_readings("reading 4 (topo:D8)"), [4]);
    assert_eq!(cited_readings("Readings 1 and 2; reading 10"), [1, 2, 10]);
    assert_eq!(
        cited_readings("readings 3, 4, 10 and 11–12"),
        [3, 4, 10, 11, 12]
    );
    assert_eq!(cited_readings("readings 13-15"), [13, 14, 15]);
    assert_eq!(
        cited_readings("the readings chosen; reading a"),
        Vec::<u32>::new()
    );
}

/// The sources of `spec/SOURCES.md`: the ids of its table's first column (`ggg`, `topo`,
/// ...), each the prefix of the source's clause ids in `spec/CLAUSES.md`.
fn sources() -> Vec<String> {
    let text = std::fs::read_to_string(root().join("spec/SOURCES.md")).unwrap();
    let ids: Vec<String> = text
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split_once('`'))
        .map(|(id, _)| id.to_string())
        .collect();
    let register = std::fs::read_to_string(root().join("spec/CLAUSES.md")).unwrap();
    for id in &ids {
        assert!(
            register.contains(&format!("`{id}:")) || register.contains(&format!("`{id}1:")),
            "SOURCES.md: {id} is the prefix of no clause id of CLAUSES.md"
        );
    }
    ids
}

/// The sources a text cites: after `SOURCES.md`, an id in backquotes ("(`spec/SOURCES.md`,
/// `ggg`)", "[SOURCES.md](SOURCES.md), `dir`"); `Err` for one cited by a number ("text 3").
fn cited_sources(text: &str) -> Vec<Result<String, String>> {
    let mut out = Vec::new();
    for (at, _) in text.match_indices("SOURCES.md") {
        // The target of a link `[SOURCES.md](SOURCES.md)` is the same citation as its text.
        if text[..at].ends_with("](") || text[..at].ends_with("](spec/") {
            continue;
        }
        let after = &text[at + "SOURCES.md".len()..];
        let after = after
            .trim_start_matches(['`', ')', ']'])
            .trim_start_matches("(SOURCES.md)")
            .trim_start_matches("(spec/SOURCES.md)");
        if let Some(rest) = after.strip_prefix(", `") {
            out.push(Ok(rest.split('`').next().unwrap_or("").to_string()));
        } else if let Some(rest) = after.strip_prefix(", text") {
            out.push(Err(format!(
                "text{}",
                rest.chars().take(3).collect::<String>()
            )));
        }
    }
    out
}

#[test]
fn every_cited_source_exists() {
    let known = sources();
    assert_eq!(known, ["ggg", "topo", "nrich", "dir", "mango"]);
    let mut wrong = Vec::new();
    let mut count = 0;
    for (file, text) in cited_in() {
        for cited in cited_sources(&text) {
            count += 1;
            match cited {
                Ok(id) if known.contains(&id) => {}
                Ok(id) => wrong.push(format!("{file}: `{id}` is no source of the table")),
                Err(number) => wrong.push(format!("{file}: '{number}': cite a source by id")),
            }
        }
    }
    assert!(count >= 10, "only {count} citations read");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_source_citations_are_read_as_written() {
    let ok = |id: &str| Ok::<String, String>(id.to_string());
    assert_eq!(cited_sources("(`spec/SOURCES.md`, `dir`)"), [ok("dir")]);
    assert_eq!(
        cited_sources("[SOURCES.md](SOURCES.md), `ggg`,"),
        [ok("ggg")]
    );
    assert_eq!(
        cited_sources("[SOURCES.md](SOURCES.md), text 4,"),
        [Err::<String, String>("text 4,".to_string())]
    );
    assert_eq!(cited_sources("see SOURCES.md for the list"), []);
}

// ---------------------------------------------------------------------------------------
// The README's map of the code
// ---------------------------------------------------------------------------------------

/// The README's map of the code names every folder of `src/` and every folder at the top of
/// the repository (but those git ignores), so that a newcomer can place any file.
#[test]
fn the_readmes_map_names_every_folder() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let map = readme
        .split("## Map of the code")
        .nth(1)
        .expect("the README has a section \"Map of the code\"");
    let map = map.split("\n## ").next().unwrap();
    let folders = |dir: &Path| -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .flatten()
            .filter(|e| e.path().is_dir())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    let mut missing = Vec::new();
    for name in folders(&root().join("src")) {
        if !map.contains(&format!("`src/{name}/`")) {
            missing.push(format!("src/{name}/"));
        }
    }
    // Folders git ignores at the top (`target/`, `mutants.out*/`, ...) are not the project's.
    let gitignore = std::fs::read_to_string(root().join(".gitignore")).unwrap_or_default();
    let ignored = |name: &str| {
        name == ".git"
            || gitignore.lines().any(|line| {
                let Some(pattern) = line.trim().strip_suffix('/') else {
                    return false;
                };
                match pattern.strip_suffix('*') {
                    _ if pattern.contains('/') => false,
                    Some(prefix) => name.starts_with(prefix),
                    None => name == pattern,
                }
            })
    };
    for name in folders(&root()) {
        if ignored(&name) {
            continue;
        }
        if !map.contains(&format!("`{name}/`")) {
            missing.push(format!("{name}/"));
        }
    }
    assert!(
        missing.is_empty(),
        "the README's map leaves out {missing:?}"
    );
}
