//! `graphgo conformance`: every implementation declared under `adapters/` (its
//! `rules.yaml`, [`declaration`]; each documented configuration a row) checked against
//! graphgo, and the results tabulated as a matrix of rows x behaviour groups
//! (`spec/conformance.md`, `.json`, `.html`, written by [`render`]).
//!
//! Each row is driven through the one verification path (`crate::conformance::verify`): a
//! GTP engine or a library behind an adapter through the GTP subset
//! (`crate::conformance::gtp_rules`), a Rust implementation in process ([`run_in_process`]).
//! Both views ([`view`]) run the conformance vectors that apply and then a fixed number of
//! seeded random games on the boards the row plays: graphgo set to the row's own declared
//! rules, and to Tromp-Taylor. Every failing vector and every shrunk disagreement is placed
//! in one behaviour group ([`groups`]) and written under `spec/engines/findings/NAME/`; each
//! cell counts its decisive situations (`crate::conformance::decisive`), and a cell with no
//! failure and fewer than [`THIN`] of them reads "thin". What is played is fixed by the counts
//! and the seed: the clock is only a cap ([`declaration::DeclaredRow::max_seconds`]) that a
//! row reports when it bites, so the report is reproduced exactly but for its timings
//! ([`ConformanceReport::without_timings`], `graphgo conformance --check`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

use serde::{Deserialize, Serialize};

use crate::conformance::vectors::{self, Vector};
use crate::game::RuleId;

mod boards;
pub mod declaration;
pub mod groups;
pub mod render;
pub mod view;

pub use declaration::{declarations, Declaration, DeclaredRow, RulesClaim};
pub use groups::{classify, disputed_turn, group_of_finding, Group, GROUPS};
pub use view::run_in_process;

/// A cell with no failure and fewer decisive situations than this reads "thin".
pub const THIN: u64 = 50;

/// The two views of the report.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum View {
    /// graphgo set to the implementation's declared rules.
    OwnRules,
    /// graphgo's defaults: Tromp-Taylor (self-capture all, positional superko).
    TrompTaylor,
}

impl View {
    pub fn title(self) -> &'static str {
        match self {
            View::OwnRules => "its own declared rules",
            View::TrompTaylor => "Tromp-Taylor (graphgo's defaults)",
        }
    }

    /// The prefix of the view's findings files.
    pub fn prefix(self) -> &'static str {
        match self {
            View::OwnRules => "own",
            View::TrompTaylor => "tt",
        }
    }
}

/// One cell: what was seen of one behaviour group in one view.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct Cell {
    pub vectors_passed: usize,
    pub vectors_failed: usize,
    /// Shrunk disagreements of the random games.
    pub findings: usize,
    /// Games that diverged in this group beyond the findings shrunk.
    #[serde(default)]
    pub more_divergences: usize,
    /// The decisive situations of the group presented to the implementation.
    #[serde(default)]
    pub decisive: u64,
    /// The file listing this cell's failures (relative to `spec/`), when it failed.
    pub details: Option<String>,
    /// Set when the group is not claimed or not checked: the reason.
    pub not: Option<String>,
}

impl Cell {
    pub fn failed(&self) -> bool {
        self.not.is_none()
            && (self.vectors_failed > 0 || self.findings > 0 || self.more_divergences > 0)
    }

    /// No failure, but fewer than [`THIN`] decisive situations.
    pub fn thin(&self) -> bool {
        self.not.is_none() && !self.failed() && self.decisive < THIN
    }

    pub fn text(&self) -> String {
        if let Some(n) = &self.not {
            return n.clone();
        }
        let run = self.vectors_passed + self.vectors_failed;
        let decisive = format!("{} decisive", self.decisive);
        if self.failed() {
            let mut parts = Vec::new();
            if self.vectors_failed > 0 {
                parts.push(format!("{} of {run} vectors", self.vectors_failed));
            }
            if self.findings > 0 {
                parts.push(format!(
                    "{} finding{}",
                    self.findings,
                    if self.findings == 1 { "" } else { "s" }
                ));
            }
            if self.more_divergences > 0 {
                parts.push(format!("{} more games diverging", self.more_divergences));
            }
            format!("failed: {}; {decisive}", parts.join(", "))
        } else {
            let vectors = match run {
                0 => "no vector".to_string(),
                1 => "1 vector".to_string(),
                n => format!("{n} vectors"),
            };
            let word = if self.thin() { "thin" } else { "passed" };
            format!("{word}: {decisive}, {vectors}")
        }
    }
}

/// One view of one row.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct ViewResult {
    pub view: View,
    pub self_capture: String,
    pub repetition: String,
    pub cells: BTreeMap<Group, Cell>,
    pub vectors_run: usize,
    pub vectors_skipped: usize,
    pub vectors_not_reached: usize,
    pub games: usize,
    pub turns: usize,
    /// Set when the implementation crashed, hung or stopped speaking GTP.
    pub failure: Option<String>,
    /// Set when the row's time cap bit during this view: what was not done.
    #[serde(default)]
    pub cap: Option<String>,
    /// Boards of the random games the implementation would not play, and why.
    #[serde(default)]
    pub boards_skipped: Vec<String>,
    /// Timings (left out of `--check`): the view's time, and the turns checked a second in
    /// its random games.
    pub seconds: f64,
    #[serde(default)]
    pub turns_per_second: f64,
}

/// One row of the report.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Row {
    pub name: String,
    /// The configuration of `rules.yaml` the row runs, if the implementation has several.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub configuration: Option<String>,
    pub title: String,
    pub version: String,
    pub language: String,
    pub registry: String,
    pub package: String,
    /// The boards played beside squares (rectangles, named graphs), in words.
    #[serde(default)]
    pub other_boards: Vec<String>,
    /// How the implementation's answers are read.
    #[serde(default)]
    pub methods: String,
    /// Not installed, or could not be started: why.
    pub missing: Option<String>,
    pub views: Vec<ViewResult>,
    /// Timings (left out of `--check`): the row's time, and its library's own plays a
    /// second (`graphgo-plays_per_second 5`), where the adapter measures it.
    pub seconds: f64,
    #[serde(default)]
    pub library_plays_per_second: Option<f64>,
    /// The board of that loop where it is not the 5x5 square asked for (the answer's third
    /// word, e.g. `19x19` or `sphere`, for a library that cannot play 5x5). Not a timing:
    /// `--check` compares it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub library_speed_board: Option<String>,
}

impl Row {
    /// `NAME`, or `NAME, CONFIGURATION`.
    pub fn label(&self) -> String {
        match &self.configuration {
            Some(c) => format!("{}, {c}", self.name),
            None => self.name.clone(),
        }
    }

    /// A row with nothing run yet.
    fn of(declared: &DeclaredRow) -> Row {
        let d = &declared.declaration;
        Row {
            name: d.name.clone(),
            configuration: declared.configuration.as_ref().map(|c| c.name.clone()),
            title: declared
                .configuration
                .as_ref()
                .and_then(|c| c.title.clone())
                .unwrap_or_else(|| d.title.clone()),
            version: d.version.clone(),
            language: d.language.clone(),
            registry: d.registry.clone(),
            package: d.package.clone(),
            other_boards: Vec::new(),
            methods: String::new(),
            missing: d.missing.clone(),
            views: Vec::new(),
            seconds: 0.0,
            library_plays_per_second: None,
            library_speed_board: None,
        }
    }
}

/// The whole report.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct ConformanceReport {
    pub seed: u64,
    pub rows: Vec<Row>,
}

impl ConformanceReport {
    /// The report with every timing set to zero: what `--check` compares.
    pub fn without_timings(&self) -> ConformanceReport {
        let mut r = self.clone();
        for row in &mut r.rows {
            row.seconds = 0.0;
            row.library_plays_per_second = None;
            for v in &mut row.views {
                v.seconds = 0.0;
                v.turns_per_second = 0.0;
            }
        }
        r
    }
}

/// How `graphgo conformance` runs.
#[derive(Clone, Debug)]
pub struct ConformancePlan {
    /// The repository's root (`adapters/`, `spec/vectors/` under it).
    pub root: PathBuf,
    /// Where the report and its findings are written (`spec/` of the root, or a scratch
    /// folder for `--check`).
    pub out: PathBuf,
    pub seed: u64,
    /// Only this implementation (`--only NAME`).
    pub only: Option<String>,
}

/// The words `$PYTHON`, `$NODE` and `$CARGO` of a command, replaced (`adapters/README.md`).
pub(crate) fn command_line(root: &Path, command: &[String]) -> Vec<String> {
    let python = std::env::var("GRAPHGO_PYTHON").unwrap_or_else(|_| {
        let venv = root.join("target/adapters-venv/bin/python");
        if venv.exists() {
            venv.to_string_lossy().into_owned()
        } else {
            "python3".to_string()
        }
    });
    command
        .iter()
        .map(|w| match w.as_str() {
            "$PYTHON" => python.clone(),
            "$NODE" => "node".to_string(),
            "$CARGO" => std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()),
            _ => w.clone(),
        })
        .collect()
}

/// The vectors a row may play: General Graph Go on square grids within its declared sides
/// (any other vector would be skipped anyway; a side it refuses would end the process).
pub(crate) fn applicable<'a>(
    all: &'a [(PathBuf, Vector)],
    d: &Declaration,
) -> Vec<&'a (PathBuf, Vector)> {
    let Some(sides) = d.boards.square else {
        return Vec::new();
    };
    all.iter()
        .filter(|(_, v)| v.game.setup.rules == RuleId::Ggg1)
        .filter(|(_, v)| {
            crate::conformance::gtp_rules::square_side(&v.game.setup.board)
                .is_some_and(|n| sides.contains(n))
        })
        .collect()
}

/// Runs the whole report (or the rows of `--only`). `log` gets a line per row and per
/// finding.
pub fn run(plan: &ConformancePlan, log: &mut dyn FnMut(&str)) -> Result<ConformanceReport, String> {
    let declared = declarations(&plan.root.join("adapters"))?;
    if let Some(only) = &plan.only {
        if !declared.iter().any(|(_, d)| &d.name == only) {
            return Err(format!(
                "--only: no adapters/{only}/rules.yaml (declared: {})",
                declared
                    .iter()
                    .map(|(_, d)| d.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
    }
    let vectors = vectors::load_dir(&plan.root.join("spec/vectors")).map_err(|e| e.to_string())?;
    let mut rows = Vec::new();
    for declared_row in declared.iter().flat_map(|(_, d)| d.rows()) {
        let d = &declared_row.declaration;
        if plan.only.as_ref().is_some_and(|o| o != &d.name) {
            continue;
        }
        let started = Instant::now();
        let mut row = Row::of(&declared_row);
        if row.missing.is_none() {
            let mine = applicable(&vectors, d);
            row = match d.driver.as_str() {
                "gtp" => view::run_gtp_row(plan, &declared_row, &mine, log),
                "rust" => view::run_rust_row(plan, &declared_row, log),
                other => Row {
                    missing: Some(format!(
                        "driver '{other}' is not one graphgo runs (gtp, rust)"
                    )),
                    ..row
                },
            };
        }
        row.seconds = started.elapsed().as_secs_f64();
        log(&format!(
            "{} {}: {:.1} s{}\n",
            row.label(),
            row.version,
            row.seconds,
            row.missing
                .as_ref()
                .map(|m| format!(" ({m})"))
                .unwrap_or_default()
        ));
        rows.push(row);
    }
    Ok(ConformanceReport {
        seed: plan.seed,
        rows,
    })
}
