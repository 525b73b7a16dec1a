//! The report's three files, `spec/conformance.md`, `.json` and `.html` (the Markdown and the
//! page are functions of the JSON), and `graphgo conformance --check`, which compares a report
//! just run with the one committed, timings left out.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::groups::{Group, GROUPS};
use super::{ConformanceReport, Row, View, ViewResult, THIN};

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The longest reason a "not claimed" cell shows in the Markdown table, in characters; the
/// JSON and the page carry it whole (the cell ends with "…" where it is cut).
const MD_REASON: usize = 100;

/// A cell's words in the Markdown table: a "not claimed" cell's reason (the row's rules.yaml
/// `source`) cut at a word before [`MD_REASON`] characters, with "…"; a `|` kept as text.
fn md_text(text: &str) -> String {
    let short = match text.split_once(": ") {
        Some((head, reason))
            if head.starts_with("not claimed") && reason.chars().count() > MD_REASON =>
        {
            let cut = reason
                .char_indices()
                .nth(MD_REASON)
                .map_or(reason.len(), |(i, _)| i);
            let kept = &reason[..cut];
            let kept = kept.rsplit_once(' ').map_or(kept, |(k, _)| k);
            format!("{head}: {} …", kept.trim_end_matches([',', ';', ':', ' ']))
        }
        _ => text.to_string(),
    };
    short.replace('|', "\\|")
}

/// "12,345" style for speeds: a whole number, or "-" when unknown.
fn per_second(x: Option<f64>) -> String {
    match x {
        Some(v) if v > 0.0 => format!("{v:.0}"),
        _ => "-".into(),
    }
}

/// The library's plays a second, and the board of its loop where it is not 5x5.
fn own_speed_cell(row: &Row) -> String {
    let plays = per_second(row.library_plays_per_second);
    match (&row.library_speed_board, row.library_plays_per_second) {
        (Some(board), Some(_)) => format!("{plays} (on {board})"),
        _ => plays,
    }
}

const VIEWS: [View; 2] = [View::OwnRules, View::TrompTaylor];

impl ViewResult {
    /// "24 games, 2,345 turns, 18 vectors (36 skipped)" and what stopped it.
    fn counts(&self) -> String {
        let mut s = format!(
            "{} games, {} turns, {} vectors ({} skipped)",
            self.games, self.turns, self.vectors_run, self.vectors_skipped
        );
        for b in &self.boards_skipped {
            let _ = write!(s, "; not played: {}", b.replace('|', "/"));
        }
        if self.vectors_not_reached > 0 && self.cap.is_none() {
            let _ = write!(
                s,
                "; {} more vectors not played (the row's `vectors` count)",
                self.vectors_not_reached
            );
        }
        if let Some(c) = &self.cap {
            let _ = write!(s, "; **{}**", c.replace('|', "/"));
        }
        if let Some(f) = &self.failure {
            let _ = write!(s, "; **misbehaved**: {}", f.replace('|', "/"));
        }
        s
    }
}

impl ConformanceReport {
    /// `spec/conformance.md`.
    pub fn markdown(&self) -> String {
        let mut out = String::from(
            "# Conformance of Go rules implementations\n\n\
             Written by `graphgo conformance` (src/conformance/report/) from `adapters/*/rules.yaml`; do not edit.\n\
             Each row is an implementation, or one documented configuration of it, driven through the one verification path\n\
             (the GTP subset of adapters, spec/FORMAT.md, or in process) and compared with graphgo: the conformance vectors of\n\
             `spec/vectors/` it can play, then a fixed number of seeded random games steered toward the situations where rules differ.\n\
             A cell counts the vectors and the random games' shrunk disagreements (findings) in one behaviour group, and its\n\
             *decisive* situations: the turns checked where that group's rule decides the answer (adapters/README.md). A cell with no\n\
             failure and fewer than 50 decisive situations reads **thin**. A red cell's findings are listed in the file it links.\n\
             The same report: [conformance.json](conformance.json), [conformance.html](conformance.html). Timings vary from run to\n\
             run; everything else is reproduced exactly by `graphgo conformance` (`--check` compares).\n\n",
        );
        let _ = writeln!(out, "Seed {}.\n", self.seed);
        for (i, view) in VIEWS.iter().enumerate() {
            let _ = writeln!(out, "## graphgo set to {}\n", view.title());
            out.push_str("| implementation | ");
            out.push_str(&Group::ALL.map(|g| g.title()).join(" | "));
            out.push_str(" | games, turns, vectors | time |\n|");
            out.push_str(&" --- |".repeat(Group::ALL.len() + 3));
            out.push('\n');
            for row in &self.rows {
                let head = row_head(row);
                let Some(v) = row.views.get(i) else {
                    let why = row.missing.clone().unwrap_or_else(|| "not run".into());
                    let _ = writeln!(
                        out,
                        "| {head} | {} | | |",
                        format!("**not run**: {}", why.replace('|', "/"))
                            + &" |".repeat(Group::ALL.len() - 1)
                    );
                    continue;
                };
                let cells: Vec<String> = Group::ALL
                    .iter()
                    .map(|g| {
                        let c = &v.cells[g];
                        match (&c.details, c.failed()) {
                            (Some(link), true) => format!("**[{}]({link})**", c.text()),
                            _ if c.thin() => format!("*{}*", c.text()),
                            _ => md_text(&c.text()),
                        }
                    })
                    .collect();
                let _ = writeln!(
                    out,
                    "| {head} | {} | {} | {:.0} s |",
                    cells.join(" | "),
                    v.counts(),
                    v.seconds
                );
            }
            out.push('\n');
        }
        self.markdown_speed(&mut out);
        self.markdown_other_boards(&mut out);
        out.push_str("## How a failure is placed in a group\n\nThe disputed turn is the first turn the vector expects refused, or the turn on which the implementation and graphgo disagree; the first row that applies:\n\n| group | rule |\n| --- | --- |\n");
        for (g, rule) in GROUPS {
            let _ = writeln!(out, "| {g} | {rule} |");
        }
        out.push_str("\nA difference in what is shown after the same turns is placed by what differs: the stones by the last turn's group; the end of the game (one side ended it, the other did not, or another winner) in \"passes and the end\"; the score of a game both ended in \"scoring\"; the player to move in \"turn order\" (or \"passes and the end\" after a pass). A move of the player not to move is \"turn order\".\n\n");
        let _ = writeln!(
            out,
            "\"not claimed\": the row's rules.yaml says it does not model the behaviour (own-rules view only). \"not checked\": the implementation has no function that graphgo could compare (the cell names it), or graphgo does not model its rule. \"thin\": no failure, but fewer than {THIN} decisive situations."
        );
        out
    }

    fn markdown_speed(&self, out: &mut String) {
        out.push_str("## Speed\n\nThe library's own plays a second (`graphgo-plays_per_second 5`: its own calls in a loop on 5x5, or on the board the cell names for a library that cannot play 5x5; no GTP) beside the turns graphgo checked a second in each view's random games (timings: they vary from run to run).\n\n| implementation | library plays/s | checked turns/s (own rules) | checked turns/s (Tromp-Taylor) | legality read |\n| --- | --- | --- | --- | --- |\n");
        for row in &self.rows {
            let views: Vec<String> = (0..2)
                .map(|i| per_second(row.views.get(i).map(|v| v.turns_per_second)))
                .collect();
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {} |",
                row.label(),
                own_speed_cell(row),
                views[0],
                views[1],
                if row.methods.is_empty() {
                    "-".to_string()
                } else {
                    row.methods.replace('|', "/")
                }
            );
        }
        out.push('\n');
    }

    fn markdown_other_boards(&self, out: &mut String) {
        out.push_str("## Boards that are not squares\n\nRectangles (`rectangular_boardsize`) and the boards of the graph extension (`graphgo-board_select`), played beside the squares in each row's random games: each is the implementation's own board as it reports it (`graphgo-board`), checked against its claim in rules.yaml; `graphgo show` draws the named graphs on the row's page.\n\n");
        let rows: Vec<&Row> = self
            .rows
            .iter()
            .filter(|r| !r.other_boards.is_empty())
            .collect();
        if rows.is_empty() {
            out.push_str("No row plays a board that is not a square yet.\n\n");
            return;
        }
        out.push_str("| implementation | boards |\n| --- | --- |\n");
        for row in rows {
            let _ = writeln!(out, "| {} | {} |", row.label(), row.other_boards.join(", "));
        }
        out.push('\n');
    }

    /// `spec/conformance.html`: one page, no network.
    pub fn html(&self) -> String {
        let mut out = String::from(
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Go rules conformance</title>\n<style>\nbody{font-family:sans-serif;margin:1em}table{border-collapse:collapse;font-size:13px}th,td{border:1px solid #999;padding:3px 5px;vertical-align:top}\ntd.pass{background:#c8efc8}td.thin{background:#e8f4d0}td.fail{background:#f4b4b4}td.not{background:#eee;color:#555}td.down{background:#f7dd99}\n</style></head><body>\n<h1>Conformance of Go rules implementations</h1>\n<p>Written by <code>graphgo conformance</code>; the same report as conformance.md. Green: passed, with at least 50 decisive situations; pale green: thin (no failure, fewer decisive situations); red: failed (the link lists the minimized findings); grey: not claimed or not checked; amber: not installed or misbehaved.</p>\n",
        );
        for (i, view) in VIEWS.iter().enumerate() {
            let _ = writeln!(
                out,
                "<h2>graphgo set to {}</h2>\n<table class=\"matrix\" id=\"{}\"><thead><tr><th>implementation</th>",
                escape(view.title()),
                match view {
                    View::OwnRules => "own-rules",
                    View::TrompTaylor => "tromp-taylor",
                }
            );
            for g in Group::ALL {
                let _ = write!(out, "<th>{}</th>", escape(g.title()));
            }
            out.push_str("<th>games, turns, vectors</th><th>time</th></tr></thead><tbody>\n");
            for row in &self.rows {
                let _ = write!(
                    out,
                    "<tr><th>{} {}<br><small>{}, {}</small></th>",
                    escape(&row.label()),
                    escape(&row.version),
                    escape(&row.language),
                    escape(&row.registry)
                );
                let Some(v) = row.views.get(i) else {
                    let _ = writeln!(
                        out,
                        "<td class=\"down\" colspan=\"{}\">not run: {}</td><td>{:.0} s</td></tr>",
                        Group::ALL.len() + 1,
                        escape(row.missing.as_deref().unwrap_or("")),
                        row.seconds
                    );
                    continue;
                };
                for g in Group::ALL {
                    let c = &v.cells[&g];
                    let class = if c.not.is_some() {
                        "not"
                    } else if c.failed() {
                        "fail"
                    } else if c.thin() {
                        "thin"
                    } else {
                        "pass"
                    };
                    let text = escape(&c.text());
                    match (&c.details, c.failed()) {
                        (Some(link), true) => {
                            let _ = write!(
                                out,
                                "<td class=\"{class}\"><a href=\"{}\">{text}</a></td>",
                                escape(link)
                            );
                        }
                        _ => {
                            let _ = write!(out, "<td class=\"{class}\">{text}</td>");
                        }
                    }
                }
                let _ = writeln!(
                    out,
                    "<td{}>{}</td><td>{:.0} s</td></tr>",
                    if v.failure.is_some() || v.cap.is_some() {
                        " class=\"down\""
                    } else {
                        ""
                    },
                    escape(&v.counts().replace("**", "")),
                    v.seconds
                );
            }
            out.push_str("</tbody></table>\n");
        }
        out.push_str("<h2>Speed</h2>\n<table id=\"speed\"><tr><th>implementation</th><th>library plays/s</th><th>checked turns/s (own rules)</th><th>checked turns/s (Tromp-Taylor)</th></tr>\n");
        for row in &self.rows {
            let _ = writeln!(
                out,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                escape(&row.label()),
                escape(&own_speed_cell(row)),
                per_second(row.views.first().map(|v| v.turns_per_second)),
                per_second(row.views.get(1).map(|v| v.turns_per_second))
            );
        }
        out.push_str("</table>\n<h2>How a failure is placed in a group</h2>\n<table><tr><th>group</th><th>rule</th></tr>\n");
        for (g, rule) in GROUPS {
            let _ = writeln!(
                out,
                "<tr><td>{}</td><td>{}</td></tr>",
                escape(g),
                escape(rule)
            );
        }
        out.push_str("</table>\n</body></html>\n");
        out
    }

    /// The report's three files as text: `conformance.md`, `.json`, `.html`.
    pub fn files(&self) -> Result<[(&'static str, String); 3], String> {
        let json = serde_json::to_string_pretty(self).map_err(|e| e.to_string())? + "\n";
        Ok([
            ("conformance.md", self.markdown()),
            ("conformance.json", json),
            ("conformance.html", self.html()),
        ])
    }

    /// Writes `conformance.{md,json,html}` into `spec`. A report of some rows only (`--only`)
    /// replaces those rows of the report already there, keeping the others.
    pub fn write(&self, spec: &Path, partial: bool) -> Result<Vec<PathBuf>, String> {
        let mut whole = self.clone();
        if partial {
            let path = spec.join("conformance.json");
            if let Ok(text) = std::fs::read_to_string(&path) {
                let old: ConformanceReport = serde_json::from_str(&text).map_err(|e| {
                    format!("{}: {e} (run without --only to rewrite it)", path.display())
                })?;
                let rerun: Vec<&str> = self.rows.iter().map(|r| r.name.as_str()).collect();
                let mut rows: Vec<Row> = old
                    .rows
                    .into_iter()
                    .filter(|r| !rerun.contains(&r.name.as_str()))
                    .collect();
                rows.extend(self.rows.iter().cloned());
                rows.sort_by(|a, b| a.name.cmp(&b.name));
                whole.rows = rows;
            }
        }
        let mut written = Vec::new();
        for (name, text) in whole.files()? {
            let path = spec.join(name);
            crate::io::atomic_file::write_atomically(&path, &text)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            written.push(path);
        }
        Ok(written)
    }
}

/// `[name](engines/name.md) version (language, registry)`.
fn row_head(row: &Row) -> String {
    format!(
        "[{}](engines/{}.md) {} ({}, {})",
        row.label(),
        row.name,
        row.version,
        row.language,
        row.registry
    )
}

/// `graphgo conformance --check`: the differences between the committed report in `spec`
/// and `fresh`, a report just run (timings left out), and whether the committed `.md` and
/// `.html` are the ones its JSON gives. Empty when the committed report is current. A row
/// whose time cap bit or whose engine failed (in either report) is not compared beyond its
/// name: what it played depended on the clock.
pub fn stale(spec: &Path, fresh: &ConformanceReport) -> Vec<String> {
    let mut problems = Vec::new();
    let path = spec.join("conformance.json");
    let committed: ConformanceReport = match std::fs::read_to_string(&path)
        .map_err(|e| e.to_string())
        .and_then(|t| serde_json::from_str(&t).map_err(|e| e.to_string()))
    {
        Ok(r) => r,
        Err(e) => return vec![format!("{}: {e}", path.display())],
    };
    if let Ok(files) = committed.files() {
        for (name, text) in files.iter().filter(|(n, _)| *n != "conformance.json") {
            let p = spec.join(name);
            if std::fs::read_to_string(&p).ok().as_deref() != Some(text.as_str()) {
                problems.push(format!(
                    "{}: not the file its conformance.json gives (regenerate it)",
                    p.display()
                ));
            }
        }
    }
    let (old, new) = (committed.without_timings(), fresh.without_timings());
    if old.seed != new.seed {
        problems.push(format!("seed: committed {}, run {}", old.seed, new.seed));
    }
    let label = |r: &Row| r.label();
    let old_rows: Vec<String> = old.rows.iter().map(label).collect();
    let new_rows: Vec<String> = new.rows.iter().map(label).collect();
    if old_rows != new_rows {
        problems.push(format!(
            "rows: committed {}, run {}",
            old_rows.join(", "),
            new_rows.join(", ")
        ));
    }
    for (a, b) in old.rows.iter().zip(&new.rows) {
        if a == b {
            continue;
        }
        // A row whose time cap bit, or whose engine failed, played what the clock or the
        // engine allowed: not reproducible, and said so in its cells. It is not compared.
        let unsteady = |r: &Row| {
            r.views
                .iter()
                .any(|v| v.cap.is_some() || v.failure.is_some())
        };
        if unsteady(a) || unsteady(b) {
            continue;
        }
        let what = if a.missing != b.missing {
            format!("not run: committed {:?}, run {:?}", a.missing, b.missing)
        } else {
            let mut diffs = Vec::new();
            for (va, vb) in a.views.iter().zip(&b.views) {
                for g in Group::ALL {
                    if va.cells.get(&g) != vb.cells.get(&g) {
                        diffs.push(format!(
                            "{} / {}: committed '{}', run '{}'",
                            va.view.title(),
                            g.title(),
                            va.cells.get(&g).map(|c| c.text()).unwrap_or_default(),
                            vb.cells.get(&g).map(|c| c.text()).unwrap_or_default()
                        ));
                    }
                }
                if (va.games, va.turns, va.vectors_run) != (vb.games, vb.turns, vb.vectors_run) {
                    diffs.push(format!(
                        "{}: committed {}, run {}",
                        va.view.title(),
                        va.counts(),
                        vb.counts()
                    ));
                }
            }
            if diffs.is_empty() {
                "other fields (title, version, boards, methods)".to_string()
            } else {
                diffs.join("; ")
            }
        };
        problems.push(format!("{}: {what}", a.label()));
    }
    problems
}
