//! `graphgo conformance`: every implementation declared under `adapters/` (its
//! `rules.yaml`, described in `adapters/README.md`) checked against graphgo, and the
//! results tabulated as a matrix of implementations x behaviour groups
//! (`spec/conformance.md`, `.json`, `.html`).
//!
//! Each implementation is driven through the GTP subset of adapters (`spec/FORMAT.md`) by
//! the verification code of [`crate::conformance::gtp`] and [`crate::conformance::verify`]: the conformance vectors
//! that apply (square grids within its declared sides, General Graph Go; a vector it cannot
//! play is skipped), then seeded random games until its time budget is spent. Both are run
//! twice: graphgo set to the implementation's own declared rules (`self_capture`,
//! `repetition`), and to graphgo's defaults (Tromp-Taylor: self-capture all, positional
//! superko). Every failing vector and every shrunk disagreement is placed in one behaviour
//! group by [`classify`] (the table in the module `GROUPS` and in the report), and written
//! under `spec/engines/findings/NAME/`.
//!
//! GTP shows the stones and the legal moves, not the score nor the end of a game (`play`
//! never ends one): the groups "passes and the end", "scoring" and "turn order" are
//! therefore reported as not checked over GTP, never as passed.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::conformance::gtp::{self, GtpProcess, GtpRules};
use crate::conformance::vectors::{self, Vector, VectorVerdict};
use crate::conformance::verify::{self, Boards, Declared, Support};
use crate::differential::compare::{Difference, Divergence};
use crate::engine::Engine;
use crate::game::{Colour, Options, Player, Repetition, RuleId, RuleSet, SelfCapture, Setup, Turn};
use crate::io::record::Game;

pub mod declaration;
pub use declaration::{declarations, Declaration, DeclaredRow, RulesClaim};

/// The default time budget of one implementation (both views), in seconds.
pub const DEFAULT_BUDGET: u64 = 16;

/// The behaviour groups of the report, in its column order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Group {
    Capture,
    LoneSelfCapture,
    MultiSelfCapture,
    SimpleKo,
    PositionalSuperko,
    SituationalSuperko,
    PassesAndEnd,
    Scoring,
    SetupAndHandicap,
    TurnOrder,
}

impl Group {
    pub const ALL: [Group; 10] = [
        Group::Capture,
        Group::LoneSelfCapture,
        Group::MultiSelfCapture,
        Group::SimpleKo,
        Group::PositionalSuperko,
        Group::SituationalSuperko,
        Group::PassesAndEnd,
        Group::Scoring,
        Group::SetupAndHandicap,
        Group::TurnOrder,
    ];

    pub fn title(self) -> &'static str {
        match self {
            Group::Capture => "capture",
            Group::LoneSelfCapture => "lone self-capture",
            Group::MultiSelfCapture => "multi-stone self-capture",
            Group::SimpleKo => "simple ko",
            Group::PositionalSuperko => "positional superko",
            Group::SituationalSuperko => "situational superko",
            Group::PassesAndEnd => "passes and the end",
            Group::Scoring => "scoring",
            Group::SetupAndHandicap => "setup stones and handicap",
            Group::TurnOrder => "turn order",
        }
    }

    fn slug(self) -> String {
        serde_json::to_value(self)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default()
    }

    /// The rule of `rules.yaml` that claims the group (a group whose rule is `unclaimed` reads
    /// "not claimed" in the own-rules view).
    fn rule(self) -> &'static str {
        match self {
            Group::Capture => "capture",
            Group::LoneSelfCapture | Group::MultiSelfCapture => "self_capture",
            Group::SimpleKo | Group::PositionalSuperko | Group::SituationalSuperko => "repetition",
            Group::PassesAndEnd => "passes_end",
            Group::Scoring => "scoring",
            Group::SetupAndHandicap => "setup_stones",
            Group::TurnOrder => "turn_order",
        }
    }

    /// Why a group is never checked over GTP, if it is not.
    fn unchecked_over_gtp(self) -> Option<&'static str> {
        match self {
            Group::PassesAndEnd => {
                Some("GTP's play never ends a game: the end is graphgo's bookkeeping")
            }
            Group::Scoring => {
                Some("GTP answers give no score that is compared (final_score is optional)")
            }
            Group::TurnOrder => Some("graphgo sends only the turns of the player to move"),
            _ => None,
        }
    }
}

/// The classification table (one row per rule, the first that applies wins), as the report
/// prints it. `classify` implements it.
pub const GROUPS: [(&str, &str); 8] = [
    ("lone / multi-stone self-capture", "the disputed move removes its own stones (one / more than one) when played with self-capture allowed, and the compared rules forbid that self-capture (`ggg1:2`, `option:self_capture`)"),
    ("lone self-capture", "otherwise, a lone stone that removes itself and nothing else, giving back the position before it (positional superko forbids it: `ggg1:3`)"),
    ("simple ko", "otherwise, the disputed move gives back the position of two turns before (`ggg1:3`, `option:repetition`)"),
    ("situational superko", "otherwise, it gives back an earlier position and the compared rules are situational superko"),
    ("positional superko", "otherwise, it gives back any earlier position"),
    ("passes and the end", "otherwise, the disputed turn is a pass (`ggg1:4`)"),
    ("setup stones and handicap", "a vector that starts from stones or with White to move also counts here, whatever else it tests (`ggg1:notes`)"),
    ("capture", "everything else: the stones left after a move, or a plain move refused (`ggg1:2`)"),
];

/// The group of a disagreement about `disputed`, played after `prefix` from `setup`,
/// graphgo set to `options` (the table [`GROUPS`]).
pub fn classify(
    setup: &Setup,
    prefix: &[Turn],
    disputed: Option<&Turn>,
    options: Options,
) -> Group {
    let Some(turn) = disputed else {
        return Group::Capture;
    };
    let Turn::Move { player, .. } = *turn else {
        return match turn {
            Turn::Pass { .. } => Group::PassesAndEnd,
            _ => Group::TurnOrder,
        };
    };
    // Played with every self-capture allowed and no repetition rule (none that refuses, none
    // that ends the game), so that it is made.
    let free = Setup {
        options: Options {
            self_capture: SelfCapture::All,
            repetition: Repetition::None,
            ko_pass: crate::game::KoPass::Clears,
            repetition_end: crate::game::RepetitionEnd::None,
            ..options
        },
        ..setup.clone()
    };
    let Ok(mut g) = Engine.start(&free) else {
        return Group::Capture;
    };
    let mut positions = vec![g.observe().position];
    for t in prefix {
        if g.play(t).is_ok() {
            positions.push(g.observe().position);
        }
    }
    let own = match player {
        Player::Black => Colour::Black,
        Player::White => Colour::White,
    };
    let before = positions.last().cloned().unwrap_or_default();
    if g.play(turn).is_err() {
        return Group::Capture; // occupied or not the player's turn
    }
    let after = g.observe().position;
    let own_before = before.iter().filter(|&&c| c == own).count() + 1;
    let own_after = after.iter().filter(|&&c| c == own).count();
    let lost = own_before.saturating_sub(own_after);
    let forbidden = |n: usize| match options.self_capture {
        SelfCapture::None => n >= 1,
        SelfCapture::Multi => n == 1,
        SelfCapture::All => false,
    };
    if lost >= 1 && forbidden(lost) {
        return if lost == 1 {
            Group::LoneSelfCapture
        } else {
            Group::MultiSelfCapture
        };
    }
    if let Some(at) = positions.iter().rposition(|p| *p == after) {
        let gap = positions.len() - at;
        if gap == 1 && lost == 1 {
            // A lone stone that removes itself and changes nothing else: the lone
            // self-capture of rules that allow it, which positional superko forbids.
            return Group::LoneSelfCapture;
        }
        if gap == 2 {
            return Group::SimpleKo;
        }
        return if options.repetition == Repetition::Situational {
            Group::SituationalSuperko
        } else {
            Group::PositionalSuperko
        };
    }
    if lost >= 1 {
        return if lost == 1 {
            Group::LoneSelfCapture
        } else {
            Group::MultiSelfCapture
        };
    }
    Group::Capture
}

/// The disputed turn of a divergence: the turn of a verdict, or the first turn one side
/// allows and the other does not.
pub fn disputed_turn(d: &Divergence) -> Option<Turn> {
    match &d.difference {
        Difference::Verdict { turn, .. } => Some(turn.clone()),
        Difference::LegalTurns { a, b } => {
            let (a, b): (BTreeSet<_>, BTreeSet<_>) = (a.iter().collect(), b.iter().collect());
            a.symmetric_difference(&b).next().map(|t| (*t).clone())
        }
        _ => None,
    }
}

/// Whether the implementation (the second side) allows no move where graphgo allows some.
fn ended(d: &Divergence) -> bool {
    match &d.difference {
        Difference::LegalTurns { a, b } => {
            let moves = |ts: &[Turn]| ts.iter().any(|t| matches!(t, Turn::Move { .. }));
            moves(a) && !moves(b)
        }
        _ => false,
    }
}

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
    fn title(self) -> &'static str {
        match self {
            View::OwnRules => "its own declared rules",
            View::TrompTaylor => "Tromp-Taylor (graphgo's defaults)",
        }
    }
}

/// One cell: what was seen of one behaviour group in one view.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Cell {
    pub vectors_passed: usize,
    pub vectors_failed: usize,
    /// Shrunk disagreements of the random games.
    pub findings: usize,
    /// The file listing this cell's failures (relative to `spec/`), when it failed.
    pub details: Option<String>,
    /// Set when the group is not claimed or not checked: the reason.
    pub not: Option<String>,
}

impl Cell {
    pub fn failed(&self) -> bool {
        self.not.is_none() && (self.vectors_failed > 0 || self.findings > 0)
    }

    fn text(&self) -> String {
        if let Some(n) = &self.not {
            return n.clone();
        }
        let run = self.vectors_passed + self.vectors_failed;
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
            format!("failed: {}", parts.join(", "))
        } else if run == 0 {
            "passed: no vector of the group; no finding in the games".to_string()
        } else {
            format!("passed: {run} vector{}", if run == 1 { "" } else { "s" })
        }
    }
}

/// One view of one implementation.
#[derive(Clone, Debug, Serialize, Deserialize)]
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
    pub seconds: f64,
}

/// One row of the report.
#[derive(Clone, Debug, Serialize, Deserialize)]
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
    /// Not installed, or could not be started: why.
    pub missing: Option<String>,
    pub views: Vec<ViewResult>,
    pub seconds: f64,
}

impl Row {
    /// `NAME`, or `NAME, CONFIGURATION`.
    pub fn label(&self) -> String {
        match &self.configuration {
            Some(c) => format!("{}, {c}", self.name),
            None => self.name.clone(),
        }
    }
}

/// The whole report.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ConformanceReport {
    pub budget_seconds: u64,
    pub seed: u64,
    pub rows: Vec<Row>,
}

/// How `graphgo conformance` runs.
#[derive(Clone, Debug)]
pub struct ConformancePlan {
    /// The repository's root (`adapters/`, `spec/` under it).
    pub root: PathBuf,
    /// Seconds for each implementation, both views.
    pub budget: u64,
    pub seed: u64,
    /// Only this implementation (`--only NAME`).
    pub only: Option<String>,
}

/// The words `$PYTHON` and `$NODE` of a command, replaced (`adapters/README.md`).
fn command_line(root: &Path, command: &[String]) -> Vec<String> {
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
            _ => w.clone(),
        })
        .collect()
}

/// The vectors an implementation may play: General Graph Go on square grids within its
/// declared sides (any other vector would be skipped anyway; a side it refuses would end
/// the process).
fn applicable<'a>(all: &'a [(PathBuf, Vector)], d: &Declaration) -> Vec<&'a (PathBuf, Vector)> {
    let sides = d.boards.square;
    all.iter()
        .filter(|(_, v)| v.game.setup.rules == RuleId::Ggg1)
        .filter(|(_, v)| gtp::square_side(&v.game.setup.board).is_some_and(|n| sides.contains(n)))
        .collect()
}

/// A short name of a game's turns, for file names and deduplication.
fn game_key(game: &Game) -> String {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    game.setup.board.len().hash(&mut h);
    for t in &game.turns {
        t.text(&game.setup.board).hash(&mut h);
    }
    format!("{:016x}", h.finish())
}

/// Runs one view; findings are written under `findings` (relative paths from `spec/` in the
/// cells).
fn run_view(
    root: &Path,
    row: &DeclaredRow,
    view: View,
    vectors: &[&(PathBuf, Vector)],
    plan: &ConformancePlan,
    allowance: Duration,
    log: &mut dyn FnMut(&str),
) -> ViewResult {
    let started = Instant::now();
    let d = &row.declaration;
    let options = match view {
        View::OwnRules => row.own_options().unwrap_or_default(),
        View::TrompTaylor => Options {
            neutral: crate::game::Neutral::None,
            ..Options::default()
        },
    };
    let mut result = ViewResult {
        view,
        self_capture: format!("{:?}", options.self_capture).to_lowercase(),
        repetition: options.repetition.word().to_string(),
        cells: Group::ALL.iter().map(|&g| (g, Cell::default())).collect(),
        vectors_run: 0,
        vectors_skipped: 0,
        vectors_not_reached: 0,
        games: 0,
        turns: 0,
        failure: None,
        seconds: 0.0,
    };
    // Details of each failed cell: lines of text.
    let mut details: BTreeMap<Group, Vec<String>> = BTreeMap::new();
    let spec = root.join("spec");
    let findings_dir = spec.join("engines/findings").join(row.findings_folder());
    let argv = command_line(root, &row.command());
    let startup = Duration::from_secs_f64(d.startup_timeout.unwrap_or(60.0));
    let timeout = Duration::from_secs_f64(d.timeout.unwrap_or(10.0));
    let scratch = root.join("target/conformance-scratch").join(&d.name);
    let mut process = match GtpProcess::spawn(&argv, startup, timeout) {
        Ok(p) => p,
        Err(f) => {
            result.failure = Some(f.to_string());
            result.seconds = started.elapsed().as_secs_f64();
            return result;
        }
    };
    for command in row.gtp_setup() {
        if let Err(f) = process.must(command) {
            result.failure = Some(format!("{f} (the configuration's setup)"));
            result.seconds = started.elapsed().as_secs_f64();
            return result;
        }
    }
    // The budget starts once the implementation answers: its start is bounded by its
    // startup timeout instead (JAX compiles pgx's game for minutes on a busy machine).
    let deadline = Instant::now() + allowance;
    // Stones before the first turn (and White first) need `loadsgf` (gtp::GtpRules).
    let knows_loadsgf = process.knows("loadsgf");
    let engine = GtpRules::new(process, &scratch);
    let support = Support {
        rules: vec![RuleId::Ggg1],
        boards: Boards::SquareGrids,
        max_vertices: d.boards.square.max * d.boards.square.max,
        neutral: vec![crate::game::Neutral::Both, crate::game::Neutral::None],
        no_move: vec![crate::game::NoMove::Lose, crate::game::NoMove::Pass],
        self_capture: vec![options.self_capture],
        repetition: vec![options.repetition],
        ko_pass: vec![options.ko_pass],
        repetition_end: vec![options.repetition_end],
        setup_stones: knows_loadsgf,
        white_first: knows_loadsgf,
        komi: true,
    };
    let declared = Declared {
        rules: engine,
        support,
    };
    // 1. The vectors.
    for (i, (file, vector)) in vectors.iter().enumerate() {
        if Instant::now() >= deadline {
            result.vectors_not_reached = vectors.len() - i;
            break;
        }
        let summary = verify::run_vectors(&declared, &[(file.clone(), vector.clone())]);
        if let Some(f) = declared.rules.failure.borrow().clone() {
            result.failure = Some(format!("{f} (during vector {})", vector.head.id));
            break;
        }
        let Some(outcome) = summary.runs.first().and_then(|r| r.outcomes.first()) else {
            continue;
        };
        let setup = &vector.game.setup;
        // The turn the implementation disagrees on (`turns[K]` in the first difference),
        // else the first turn the vector expects refused.
        let failed_at = match &outcome.1 {
            VectorVerdict::Fail(lines) => lines.first().and_then(|l| {
                let rest = &l[l.find("turns[")? + 6..];
                rest[..rest.find(']')?].parse::<usize>().ok()
            }),
            _ => None,
        };
        let first_refused = failed_at
            .filter(|&k| k < vector.game.turns.len())
            .or_else(|| vector.head.turns.iter().position(|t| !t.legal));
        let group = match first_refused {
            Some(k) => classify(
                setup,
                &vector.game.turns[..k],
                Some(&vector.game.turns[k]),
                options,
            ),
            None => Group::Capture,
        };
        let mut groups = vec![group];
        let staged =
            setup.initial.iter().any(|&c| c != Colour::Empty) || setup.to_move == Player::White;
        if staged && group != Group::SetupAndHandicap {
            groups.push(Group::SetupAndHandicap);
        }
        match &outcome.1 {
            VectorVerdict::Skip(_) => result.vectors_skipped += 1,
            VectorVerdict::Pass | VectorVerdict::PassVerdicts(_) => {
                result.vectors_run += 1;
                for g in &groups {
                    if let Some(c) = result.cells.get_mut(g) {
                        c.vectors_passed += 1;
                    }
                }
            }
            VectorVerdict::Fail(lines) => {
                result.vectors_run += 1;
                let relative = file
                    .strip_prefix(root)
                    .unwrap_or(file)
                    .to_string_lossy()
                    .into_owned();
                for g in &groups {
                    if let Some(c) = result.cells.get_mut(g) {
                        c.vectors_failed += 1;
                    }
                    details.entry(*g).or_default().push(format!(
                        "- vector `{}` ([{relative}](../../../../{relative})): {}",
                        vector.head.id,
                        lines.join("; ")
                    ));
                }
            }
        }
    }
    // 2. The random games, in rounds of a few games on one size, until the deadline.
    // Small boards: captures, suicides and ko shapes come often there, and a finding
    // shrinks fast; 19x19 only for an implementation that plays nothing else (Leela Zero).
    let mut sides: Vec<usize> = [5, 3, 4, 7, 9]
        .into_iter()
        .filter(|n| (d.boards.square.min..=d.boards.square.max).contains(n))
        .collect();
    if sides.is_empty() {
        sides.push(d.boards.square.max);
    }
    let mut seen = BTreeSet::new();
    let mut round = 0u64;
    // Enough findings to fill the cells: past that, shrinking more of the same kind only
    // spends time (GNU Go's answers are slow).
    let enough = 4;
    while result.failure.is_none() && Instant::now() < deadline && seen.len() < enough {
        let size = sides[(round as usize) % sides.len()];
        let games_plan = verify::VerifyPlan {
            vectors: None,
            seed: plan.seed.wrapping_mul(1000).wrapping_add(round),
            games: 2,
            shrink_budget: 150,
            games_on: verify::Games::SquareGrids { sides: vec![size] },
            options: Some(options),
            komi: Some(num_rational::BigRational::from_integer(0.into())),
            max_turns: Some(if size >= 19 { 400 } else { 150 }),
            time_budget: None,
            turn_budget: None,
            max_findings: 1,
            out: None,
            finding_prefix: String::new(),
            signals: crate::differential::findings::Signals::none(),
        };
        round += 1;
        declared.rules.options.set(Some(options));
        let report = verify::campaign(&declared.rules, &games_plan, &mut |_| {});
        declared.rules.options.set(None);
        result.games += report.games as usize;
        result.turns += report.turns as usize;
        if let Some(f) = declared.rules.failure.borrow().clone() {
            result.failure = Some(format!("{f} (during the random games)"));
        }
        if report.games == 0 && result.failure.is_none() {
            result.failure = Some(format!(
                "no game on {size}x{size}, a side it declares ({})",
                report.stopped.clone().unwrap_or_default()
            ));
        }
        for finding in report.findings {
            let key = game_key(&finding.game);
            if !seen.insert(key.clone()) {
                continue;
            }
            let prefix_len = finding.divergence.turns.min(finding.game.turns.len());
            let group = if ended(&finding.divergence) && prefix_len > 0 {
                // The implementation allows no move where graphgo allows some: it ended the
                // game at the last turn (OpenSpiel and pgx end it at a repeated board).
                let last = &finding.game.turns[prefix_len - 1];
                match classify(
                    &finding.game.setup,
                    &finding.game.turns[..prefix_len - 1],
                    Some(last),
                    options,
                ) {
                    Group::Capture => Group::PassesAndEnd,
                    g => g,
                }
            } else {
                let disputed = disputed_turn(&finding.divergence);
                classify(
                    &finding.game.setup,
                    &finding.game.turns[..prefix_len],
                    disputed.as_ref(),
                    options,
                )
            };
            let stem = format!(
                "{}-{key}",
                match view {
                    View::OwnRules => "own",
                    View::TrompTaylor => "tt",
                }
            );
            let written = write_finding(&findings_dir, &stem, &finding, d, view);
            if let Some(c) = result.cells.get_mut(&group) {
                c.findings += 1;
            }
            let turns: Vec<String> = finding
                .game
                .turns
                .iter()
                .map(|t| crate::io::sgf::turn_text(&finding.game, t))
                .collect();
            let files: Vec<String> = written
                .iter()
                .filter_map(|p| {
                    p.file_name()
                        .map(|n| format!("[{0}]({0})", n.to_string_lossy()))
                })
                .collect();
            let side = gtp::square_side(&finding.game.setup.board).unwrap_or(0);
            details.entry(group).or_default().push(format!(
                "- finding `{stem}`: {} turns on {side}x{side}: {}; {} ({})",
                turns.len(),
                turns.join(", "),
                finding.clause,
                files.join(", ")
            ));
            log(&format!(
                "  {} {}: {}: {}\n",
                d.name,
                stem,
                group.title(),
                finding.clause
            ));
        }
    }
    drop(declared);
    // The cells' status and the details files.
    let played = result.games > 0;
    for (&g, cell) in result.cells.iter_mut() {
        if view == View::OwnRules && g != Group::Capture && row.rule(g.rule()) == "unclaimed" {
            let seen = cell.vectors_failed + cell.findings;
            cell.not = Some(if seen == 0 {
                "not claimed".into()
            } else {
                format!("not claimed ({seen} departures from graphgo's default)")
            });
            continue;
        }
        if let Some(why) = g.unchecked_over_gtp().filter(|_| !cell.failed()) {
            // Not compared over GTP; a finding placed here (an implementation that ended
            // the game) still shows.
            cell.not = Some(format!("not checked ({why})"));
            continue;
        }
        if !played && cell.vectors_passed + cell.vectors_failed == 0 {
            cell.not =
                Some("no result (no vector of the group and no game within the budget)".into());
            continue;
        }
        if let Some(lines) = details.get(&g).filter(|_| cell.failed()) {
            let name = format!(
                "{}-{}.md",
                match view {
                    View::OwnRules => "own",
                    View::TrompTaylor => "tt",
                },
                g.slug()
            );
            let mut text = format!(
                "# {} ({}): {} against graphgo set to {}\n\n(self-capture {}, repetition {}; written by `graphgo conformance`)\n\n",
                d.title, d.version, g.title(), view.title(), result.self_capture, result.repetition
            );
            for l in lines {
                text.push_str(l);
                text.push('\n');
            }
            let path = findings_dir.join(&name);
            if std::fs::create_dir_all(&findings_dir).is_ok()
                && crate::io::atomic_file::write_atomically(&path, &text).is_ok()
            {
                cell.details = Some(format!(
                    "engines/findings/{}/{name}",
                    row.findings_folder().display()
                ));
            }
        }
    }
    result.seconds = started.elapsed().as_secs_f64();
    result
}

/// Writes a finding as a case file, an SGF file and a vector, named `stem`; the paths
/// written. A file already there is kept (the same name is the same game).
fn write_finding(
    dir: &Path,
    stem: &str,
    f: &verify::VerifyFinding,
    d: &Declaration,
    view: View,
) -> Vec<PathBuf> {
    let mut written = Vec::new();
    if std::fs::create_dir_all(dir).is_err() {
        return written;
    }
    let provenance = format!(
        "# graphgo conformance: {} {} against graphgo set to {}: {}\n",
        d.name,
        d.version,
        view.title(),
        f.found_in
    );
    let files = [
        (format!("{stem}.yaml"), Some(provenance + &f.record)),
        (format!("{stem}.vector.yaml"), Some(f.vector.clone())),
        (format!("{stem}.sgf"), f.sgf.clone()),
    ];
    for (name, text) in files {
        let Some(text) = text else { continue };
        let path = dir.join(name);
        if path.exists() || crate::io::atomic_file::write_atomically(&path, &text).is_ok() {
            written.push(path);
        }
    }
    written
}

/// Runs the whole report. `log` gets a line per implementation and per finding.
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
        let mut row = Row {
            name: d.name.clone(),
            configuration: declared_row.configuration.as_ref().map(|c| c.name.clone()),
            title: declared_row
                .configuration
                .as_ref()
                .and_then(|c| c.title.clone())
                .unwrap_or_else(|| d.title.clone()),
            version: d.version.clone(),
            language: d.language.clone(),
            registry: d.registry.clone(),
            package: d.package.clone(),
            missing: d.missing.clone(),
            views: Vec::new(),
            seconds: 0.0,
        };
        if row.missing.is_none() && d.driver != "gtp" {
            row.missing = Some(format!(
                "driver '{}' is not run by graphgo conformance yet (only gtp)",
                d.driver
            ));
        }
        if row.missing.is_none() {
            let mine = applicable(&vectors, d);
            let half = Duration::from_secs_f64(plan.budget as f64 / 2.0);
            for view in [View::OwnRules, View::TrompTaylor] {
                let v = run_view(&plan.root, &declared_row, view, &mine, plan, half, log);
                if v.failure.is_some() && v.games == 0 && v.vectors_run == 0 {
                    // Not a rule result: it could not be driven at all.
                    row.missing = Some(format!(
                        "could not be driven: {}",
                        v.failure.clone().unwrap_or_default()
                    ));
                }
                row.views.push(v);
                if row.missing.is_some() {
                    break;
                }
            }
        }
        row.seconds = started.elapsed().as_secs_f64();
        log(&format!(
            "{} {}: {:.1} s{}\n",
            row.name,
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
        budget_seconds: plan.budget,
        seed: plan.seed,
        rows,
    })
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

impl ConformanceReport {
    /// `spec/conformance.md`.
    pub fn markdown(&self) -> String {
        let mut out = String::from(
            "# Conformance of Go rules implementations\n\nWritten by `graphgo conformance` (src/conformance/report.rs) from `adapters/*/rules.yaml`; do not edit.\n\
             Each implementation is driven through the GTP subset of adapters (spec/FORMAT.md) and compared with graphgo: the conformance vectors of\n\
             `spec/vectors/` that it can play, then seeded random games (captures, suicides, ko shapes, long games) until its time budget is spent.\n\
             A cell counts vectors passed and failed and the random games' shrunk disagreements (findings) in one behaviour group; a red cell's\n\
             findings are listed in the file it links. The same report: [conformance.json](conformance.json), [conformance.html](conformance.html).\n\n",
        );
        let _ = writeln!(
            out,
            "Budget {} s per implementation (both views), seed {}.\n",
            self.budget_seconds, self.seed
        );
        for (i, title) in [View::OwnRules, View::TrompTaylor]
            .iter()
            .map(|v| v.title())
            .enumerate()
        {
            let _ = writeln!(out, "## graphgo set to {title}\n");
            out.push_str("| implementation | ");
            out.push_str(&Group::ALL.map(|g| g.title()).join(" | "));
            out.push_str(" | games, turns, vectors | time |\n|");
            out.push_str(&" --- |".repeat(Group::ALL.len() + 3));
            out.push('\n');
            for row in &self.rows {
                let head = format!(
                    "[{}](engines/{}.md) {} ({}, {})",
                    row.label(),
                    row.name,
                    row.version,
                    row.language,
                    row.registry
                );
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
                            _ => c.text(),
                        }
                    })
                    .collect();
                let failure = v
                    .failure
                    .as_ref()
                    .map(|f| format!("; **misbehaved**: {}", f.replace('|', "/")))
                    .unwrap_or_default();
                let _ = writeln!(
                    out,
                    "| {head} | {} | {} games, {} turns, {} vectors ({} skipped, {} not reached){failure} | {:.0} s |",
                    cells.join(" | "),
                    v.games,
                    v.turns,
                    v.vectors_run,
                    v.vectors_skipped,
                    v.vectors_not_reached,
                    v.seconds
                );
            }
            out.push('\n');
        }
        out.push_str("## How a failure is placed in a group\n\nThe disputed turn is the first turn the vector expects refused, or the turn on which the implementation and graphgo disagree; the first row that applies:\n\n| group | rule |\n| --- | --- |\n");
        for (g, rule) in GROUPS {
            let _ = writeln!(out, "| {g} | {rule} |");
        }
        out.push_str("\n\"not claimed\": the implementation's rules.yaml says it does not model the behaviour (own-rules view only). \"not checked\": GTP shows stones and legal moves, so the group is never compared.\n");
        out
    }

    /// `spec/conformance.html`: one page, no network.
    pub fn html(&self) -> String {
        let mut out = String::from(
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Go rules conformance</title>\n<style>\nbody{font-family:sans-serif;margin:1em}table{border-collapse:collapse;font-size:13px}th,td{border:1px solid #999;padding:3px 5px;vertical-align:top}\ntd.pass{background:#c8efc8}td.fail{background:#f4b4b4}td.not{background:#eee;color:#555}td.down{background:#f7dd99}\n</style></head><body>\n<h1>Conformance of Go rules implementations</h1>\n<p>Written by <code>graphgo conformance</code>; the same report as conformance.md. Green: passed; red: failed (the link lists the minimized findings); grey: not claimed or not checked over GTP; amber: not installed or misbehaved.</p>\n",
        );
        for (i, view) in [View::OwnRules, View::TrompTaylor].iter().enumerate() {
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
                let failure = v
                    .failure
                    .as_ref()
                    .map(|f| format!("<br><b>misbehaved</b>: {}", escape(f)))
                    .unwrap_or_default();
                let _ = writeln!(
                    out,
                    "<td{}>{} games, {} turns, {} vectors ({} skipped, {} not reached){failure}</td><td>{:.0} s</td></tr>",
                    if v.failure.is_some() { " class=\"down\"" } else { "" },
                    v.games, v.turns, v.vectors_run, v.vectors_skipped, v.vectors_not_reached, v.seconds
                );
            }
            out.push_str("</tbody></table>\n");
        }
        out.push_str("<h2>How a failure is placed in a group</h2>\n<table><tr><th>group</th><th>rule</th></tr>\n");
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

    /// Writes `spec/conformance.{md,json,html}` under `root`. A report of some rows only
    /// (`--only`) replaces those rows of the report already written, keeping the others.
    pub fn write(&self, root: &Path, partial: bool) -> Result<Vec<PathBuf>, String> {
        let spec = root.join("spec");
        let mut whole = self.clone();
        if partial {
            let path = spec.join("conformance.json");
            if let Ok(text) = std::fs::read_to_string(&path) {
                let old: ConformanceReport = serde_json::from_str(&text).map_err(|e| {
                    format!("{}: {e} (run without --only to rewrite it)", path.display())
                })?;
                let mut rows = old.rows;
                for row in &self.rows {
                    match rows
                        .iter_mut()
                        .find(|r| r.name == row.name && r.configuration == row.configuration)
                    {
                        Some(r) => *r = row.clone(),
                        None => rows.push(row.clone()),
                    }
                }
                rows.retain(|r| {
                    !self.rows.iter().any(|n| n.name == r.name)
                        || self
                            .rows
                            .iter()
                            .any(|n| n.name == r.name && n.configuration == r.configuration)
                });
                rows.sort_by(|a, b| (&a.name, &a.configuration).cmp(&(&b.name, &b.configuration)));
                whole.rows = rows;
            }
        }
        let this = &whole;
        let json = serde_json::to_string_pretty(this).map_err(|e| e.to_string())? + "\n";
        let mut written = Vec::new();
        for (name, text) in [
            ("conformance.md", this.markdown()),
            ("conformance.json", json),
            ("conformance.html", this.html()),
        ] {
            let path = spec.join(name);
            crate::io::atomic_file::write_atomically(&path, &text)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            written.push(path);
        }
        Ok(written)
    }
}
