//! The layering that `src/lib.rs` states, kept: every `crate::X` a file of `src/` names (in
//! a `use`, a path or a `use crate::{...}` group; comments are not read) must point to a
//! module of a lower layer or to the file's own module. The layers are read from lib.rs's
//! own numbered list, so the statement and the check cannot drift apart; a module that
//! lib.rs declares but does not place in a layer is an error too. The binary (`main.rs`
//! and the files of the command line) sits above every layer of the library.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layer of each module, from the numbered list of lib.rs's doc comment: a line
/// `//! N. ...` opens layer N, and every plain [`name`] link up to the next numbered line
/// or the end of the list places `name` in it.
fn stated_layers(lib: &str) -> BTreeMap<String, usize> {
    let mut layers = BTreeMap::new();
    let mut current: Option<usize> = None;
    for line in lib.lines() {
        let Some(doc) = line.strip_prefix("//!") else {
            break;
        };
        let doc = doc.trim();
        if doc.is_empty() {
            current = None;
            continue;
        }
        if let Some((number, _)) = doc.split_once(". ") {
            if let Ok(n) = number.parse::<usize>() {
                current = Some(n);
            }
        }
        let Some(layer) = current else { continue };
        let mut rest = doc;
        while let Some(start) = rest.find("[`") {
            rest = &rest[start + 2..];
            let Some(end) = rest.find('`') else { break };
            let name = &rest[..end];
            if !name.is_empty() && name.chars().all(|c| c.is_ascii_lowercase() || c == '_') {
                layers.insert(name.to_string(), layer);
            }
            rest = &rest[end..];
        }
    }
    layers
}

/// The modules lib.rs declares (`pub mod NAME;`).
fn declared_modules(lib: &str) -> BTreeSet<String> {
    lib.lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod "))
        .filter_map(|l| l.strip_suffix(';'))
        .map(str::to_string)
        .collect()
}

/// The top module a file of `src/` belongs to (`src/io/sgf.rs` -> `io`), or None for the
/// binary's files (`main.rs`, and everything not under a module lib.rs declares).
fn owner(relative: &Path, modules: &BTreeSet<String>) -> Option<String> {
    let first = relative.components().next()?.as_os_str().to_string_lossy();
    let name = first.strip_suffix(".rs").unwrap_or(&first).to_string();
    modules.contains(&name).then_some(name)
}

/// The macros the library exports (`#[macro_export] macro_rules! NAME` in a file of module
/// M), by name: Rust puts them at the crate's root (`crate::outln!`, `graphgo::outln!`),
/// but they belong to the module that defines them, and are layered as it is.
fn exported_macros(
    files: &[(PathBuf, String)],
    modules: &BTreeSet<String>,
) -> BTreeMap<String, String> {
    let mut macros = BTreeMap::new();
    for (relative, text) in files {
        let Some(module) = owner(relative, modules) else {
            continue;
        };
        let mut exported = false;
        for line in text.lines() {
            let line = line.trim();
            if line.starts_with("#[macro_export]") {
                exported = true;
            } else if let Some(rest) = line.strip_prefix("macro_rules!") {
                let name: String = rest
                    .trim()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if exported && !name.is_empty() {
                    macros.insert(name, module.clone());
                }
                exported = false;
            } else if !line.starts_with("///") && !line.starts_with("#[") {
                exported = false;
            }
        }
    }
    macros
}

/// Every top module a file's code names through `prefix` (`crate::` in the library,
/// `graphgo::` in the binary), comments left out; an exported macro (`crate::outln!`) names
/// the module that defines it (`macros`, from [`exported_macros`]).
fn named_modules(text: &str, prefix: &str, macros: &BTreeMap<String, String>) -> BTreeSet<String> {
    let mut named = BTreeSet::new();
    for line in text.lines() {
        let code = match line.find("//") {
            Some(i) => &line[..i],
            None => line,
        };
        let mut rest = code;
        while let Some(at) = rest.find(prefix) {
            let before = rest[..at].chars().next_back();
            rest = &rest[at + prefix.len()..];
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            if let Some(group) = rest.strip_prefix('{') {
                // `use crate::{a, b::c}`: the first segment of each item (on this line).
                let group = group.split('}').next().unwrap_or("");
                for item in group.split(',') {
                    let head: String = item
                        .trim()
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    if !head.is_empty() {
                        named.insert(head);
                    }
                }
                continue;
            }
            let head: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if rest[head.len()..].starts_with('!') {
                if let Some(module) = macros.get(&head) {
                    named.insert(module.clone());
                    continue;
                }
            }
            if !head.is_empty() {
                named.insert(head);
            }
        }
    }
    named
}

/// The arrows that break the stated layering, one sentence each.
fn violations(lib: &str, files: &[(PathBuf, String)]) -> Vec<String> {
    let layers = stated_layers(lib);
    let modules = declared_modules(lib);
    let macros = exported_macros(files, &modules);
    let mut found = Vec::new();
    for module in &modules {
        if !layers.contains_key(module) {
            found.push(format!(
                "module `{module}` is declared in src/lib.rs but placed in no layer of its list"
            ));
        }
    }
    for (relative, text) in files {
        let shown = relative.display();
        match owner(relative, &modules) {
            Some(module) => {
                let Some(&own) = layers.get(&module) else {
                    continue;
                };
                for named in named_modules(text, "crate::", &macros) {
                    if named == module {
                        continue;
                    }
                    match layers.get(&named) {
                        None => found.push(format!(
                            "src/{shown} names `crate::{named}`, which is not a module of \
                             src/lib.rs's layers"
                        )),
                        Some(&theirs) if theirs >= own => found.push(format!(
                            "src/{shown} (layer {own}, `{module}`) imports `{named}` (layer \
                             {theirs}): an arrow {}",
                            if theirs == own { "sideways" } else { "upwards" }
                        )),
                        Some(_) => {}
                    }
                }
            }
            None => {
                for named in named_modules(text, "graphgo::", &macros) {
                    if !modules.contains(&named) {
                        found.push(format!(
                            "src/{shown} names `graphgo::{named}`, which src/lib.rs does not \
                             declare"
                        ));
                    }
                }
            }
        }
    }
    found
}

/// Every `.rs` file under `dir`, its path relative to `root` and its text (sorted).
fn rust_files(dir: &Path, root: &Path, out: &mut Vec<(PathBuf, String)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, root, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
            let relative = path.strip_prefix(root).expect("under src").to_path_buf();
            out.push((relative, text));
        }
    }
}

/// Every `.rs` file of the crate's `src/`, its path relative to `src/` and its text.
pub(super) fn src_files() -> Vec<(PathBuf, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &src, &mut files);
    assert!(
        files.len() > 40,
        "only {} files found under src/",
        files.len()
    );
    files
}

#[test]
fn every_arrow_points_to_a_lower_layer() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let lib = std::fs::read_to_string(src.join("lib.rs")).expect("src/lib.rs");
    let files = src_files();
    let found = violations(&lib, &files);
    assert!(
        found.is_empty(),
        "the layering of src/lib.rs is broken:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_stated_layers_are_the_ones_intended() {
    // Written out by hand from the design (lib.rs's list), so that a change to the list is
    // a change to this test as well: spec and engine on one layer, below everything that
    // compares or verifies them; the variants (which wrap the transcription and call
    // fast_paths) above spec.
    let lib = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs"))
        .expect("src/lib.rs");
    let layers = stated_layers(&lib);
    let expected: BTreeMap<String, usize> = [
        ("rational", 0),
        ("signals", 0),
        ("board", 1),
        ("game", 2),
        ("caps", 3),
        ("io", 3),
        ("fast_paths", 3),
        ("spec", 4),
        ("engine", 4),
        ("variants", 5),
        ("differential", 6),
        ("explain", 6),
        ("show", 6),
        ("tables", 6),
        ("bench", 6),
        ("conformance", 7),
        ("viewer", 7),
    ]
    .into_iter()
    .map(|(m, l)| (m.to_string(), l))
    .collect();
    assert_eq!(layers, expected);
}

/// A small library in lib.rs's form, for the tests that show the check can fail.
const TOY_LIB: &str = "//! Layers:\n\
    //! 0. [`board`]: the equipment;\n\
    //! 1. [`spec`]: the transcription, and\n\
    //!    [`engine`]: the engine;\n\
    //! 2. [`differential`]: comparing.\n\
    //!\n\
    //! More text naming [`ignored`].\n\
    pub mod board;\npub mod spec;\npub mod engine;\npub mod differential;\n";

fn toy(files: &[(&str, &str)]) -> Vec<String> {
    let files: Vec<_> = files
        .iter()
        .map(|(p, t)| (PathBuf::from(p), t.to_string()))
        .collect();
    violations(TOY_LIB, &files)
}

#[test]
fn the_toy_layers_are_read_from_the_list() {
    let layers = stated_layers(TOY_LIB);
    assert_eq!(layers.get("engine"), Some(&1));
    assert_eq!(layers.get("differential"), Some(&2));
    assert_eq!(layers.get("ignored"), None);
}

#[test]
fn a_spec_that_imports_the_engine_is_refused() {
    let found = toy(&[("spec/ggg.rs", "use crate::engine::Engine;\n")]);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].contains("sideways"), "{found:?}");
}

#[test]
fn an_upward_arrow_is_refused_in_a_group_and_in_a_path() {
    let found = toy(&[
        ("board/mod.rs", "use crate::{spec::ggg, board};\n"),
        ("engine/mod.rs", "fn f() { crate::differential::run(); }\n"),
    ]);
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found.iter().all(|f| f.contains("upwards")), "{found:?}");
}

#[test]
fn comments_own_module_and_downward_arrows_are_accepted() {
    let found = toy(&[
        (
            "differential/compare.rs",
            "use crate::spec::Spec; // see crate::differential\n/// [`crate::differential`]\nuse crate::differential::fuzz;\n",
        ),
        ("main.rs", "use graphgo::differential::compare;\n"),
    ]);
    assert!(found.is_empty(), "{found:?}");
}

#[test]
fn an_unplaced_or_unknown_module_is_refused() {
    let lib = format!("{TOY_LIB}pub mod stray;\n");
    let files = vec![
        (
            PathBuf::from("engine/mod.rs"),
            "use crate::nowhere::X;\n".to_string(),
        ),
        (
            PathBuf::from("main.rs"),
            "use graphgo::gone::Y;\n".to_string(),
        ),
    ];
    let found = violations(&lib, &files);
    assert_eq!(found.len(), 3, "{found:?}");
}

#[test]
fn an_exported_macro_is_layered_as_the_module_that_defines_it() {
    let engine_macro = (
        "engine/log.rs",
        "/// Says it.\n#[macro_export]\nmacro_rules! say {\n    () => {};\n}\n",
    );
    // Used from above (and from the binary): fine; from below the engine: an upward arrow.
    let found = toy(&[
        engine_macro,
        ("differential/mod.rs", "fn f() { crate::say!(); }\n"),
        ("main.rs", "fn main() { graphgo::say!(); }\n"),
    ]);
    assert!(found.is_empty(), "{found:?}");
    let found = toy(&[
        engine_macro,
        ("board/mod.rs", "fn f() { crate::say!(); }\n"),
    ]);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].contains("imports `engine`"), "{found:?}");
}
