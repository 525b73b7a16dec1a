//! One row of the report, run: its engine started (a GTP process, [`run_gtp_row`], or a Rust
//! implementation in process, [`run_in_process`] and [`run_rust_row`]), its boards checked,
//! and its two views ([`run_view_on`]): the vectors that apply, then the random games on its
//! boards, every failure placed in its group and written under `spec/engines/findings/`.
//! The boards a row's random games are played on are chosen and checked in
//! [`super::boards`].

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use num_rational::BigRational;

use crate::board::{Board, Vertex};
use crate::conformance::campaign::Keep;
use crate::conformance::decisive::Counts;
use crate::conformance::engine::{Boards, Compared, EngineFailure, EngineUnderTest, Support};
use crate::conformance::gtp::GtpProcess;
use crate::conformance::gtp_rules::{grid_sides, Checks, GtpRules};
use crate::conformance::vectors::{Vector, VectorVerdict};
use crate::conformance::verify::{self, VerifyFinding};
use crate::differential::compare::Divergence;
use crate::game::{Colour, Options, Playable, Player, RuleId, RuleSet, Setup, Unsupported};
use crate::io::record::Game;

use super::boards::{other_boards, square_boards, RECTANGLES};
use super::declaration::DeclaredRow;
use super::groups::{classify, group_of_finding, Group};
use super::{Cell, ConformancePlan, Row, View, ViewResult};

/// Findings shrunk per group and view: once a group holds this many (counted by the group of
/// the shrunk game, [`PerGroup`]), further games diverging there are counted, not shrunk.
const SHRUNK_PER_GROUP: usize = 2;

/// Comparisons allowed to shrink one divergence, unless the row says (`shrink`).
const SHRINK_BUDGET: usize = 150;

/// Which divergences of a view's random games are shrunk into findings (issue 28): a game
/// whose divergence, as played, falls in a group that holds fewer than [`SHRUNK_PER_GROUP`]
/// findings is shrunk, and it is counted in the group of the SHRUNK game (the record a
/// maintainer reads), which may be another: as its finding, or as one more game diverging
/// there when it shrinks to a finding already kept. A game of a group that already holds
/// that many findings is counted there as one more diverging game, not shrunk. So a game
/// and its finding are counted in the same cell, and a cell never counts diverging games
/// without a finding of its own to show.
struct PerGroup {
    options: Options,
    /// The findings filed in each group (by the group of the shrunk game).
    filed: BTreeMap<Group, usize>,
    /// The games not listed as findings: by the group of their divergence as played (not
    /// shrunk), or of their shrunk game (a duplicate of a finding kept).
    more: BTreeMap<Group, usize>,
    /// The findings' games already filed ([`game_key`]), as the view files each once.
    keys: std::collections::BTreeSet<String>,
}

impl Keep for PerGroup {
    fn shrink(&mut self, game: &Game, divergence: &Divergence) -> bool {
        let g = group_of_finding(game, divergence, self.options);
        if self.filed.get(&g).copied().unwrap_or(0) < SHRUNK_PER_GROUP {
            return true;
        }
        *self.more.entry(g).or_default() += 1;
        false
    }

    fn shrunk(&mut self, game: &Game, divergence: &Divergence, new: bool) {
        let g = group_of_finding(game, divergence, self.options);
        if new && self.keys.insert(game_key(game)) {
            *self.filed.entry(g).or_default() += 1;
        } else {
            *self.more.entry(g).or_default() += 1;
        }
    }
}

/// What a view runs on, besides the engine.
pub struct ViewEnv<'a> {
    pub row: &'a DeclaredRow,
    pub view: View,
    pub vectors: &'a [&'a (PathBuf, Vector)],
    /// The boards of the random games.
    pub boards: &'a [Arc<Board>],
    pub seed: u64,
    /// Where findings go: `spec/` (or a scratch folder), and the repository's root (for the
    /// links to vectors).
    pub out: &'a Path,
    pub root: &'a Path,
    /// The view's share of the row's time cap.
    pub cap: Duration,
    pub komi: BigRational,
    /// Sets the options the engine is pinned to (`None`: any), around the random games.
    pub pin: &'a dyn Fn(Option<Options>),
    /// Failures of the row's boards (a board that is not the one claimed): capture findings.
    pub board_failures: &'a [String],
}

/// An engine under test seen through another declaration (for the vectors of a view).
struct Restricted<'a> {
    inner: &'a dyn EngineUnderTest,
    support: Support,
}

impl RuleSet for Restricted<'_> {
    fn name(&self) -> &str {
        self.inner.name()
    }
    fn start(&self, setup: &Setup) -> Result<Box<dyn Playable>, Unsupported> {
        match self.support.refuses(setup) {
            Some(why) => Err(Unsupported(why.to_string())),
            None => self.inner.start(setup),
        }
    }
}

impl EngineUnderTest for Restricted<'_> {
    fn support(&self) -> Support {
        self.support.clone()
    }
    fn failure(&self) -> Option<EngineFailure> {
        self.inner.failure()
    }
    fn compared(&self) -> Compared {
        self.inner.compared()
    }
    fn checked_points(&self) -> Option<Vec<Vertex>> {
        self.inner.checked_points()
    }
    fn batches_games(&self) -> bool {
        self.inner.batches_games()
    }
    fn intend(&self, turns: Option<Vec<crate::game::Turn>>) {
        self.inner.intend(turns)
    }
}

/// An in-process engine always played under its own declared options, whatever graphgo is
/// set to (as a GTP engine plays its own rules): its games are started with `own` in place of
/// the view's options.
struct UnderOwnOptions<'a> {
    inner: &'a dyn EngineUnderTest,
    own: Options,
}

impl RuleSet for UnderOwnOptions<'_> {
    fn name(&self) -> &str {
        self.inner.name()
    }
    fn start(&self, setup: &Setup) -> Result<Box<dyn Playable>, Unsupported> {
        self.inner.start(&Setup {
            options: self.own,
            ..setup.clone()
        })
    }
}

impl EngineUnderTest for UnderOwnOptions<'_> {
    fn support(&self) -> Support {
        let all = Support::everything();
        Support {
            neutral: all.neutral,
            self_capture: all.self_capture,
            repetition: all.repetition,
            ko_pass: all.ko_pass,
            repetition_end: all.repetition_end,
            no_move: all.no_move,
            ..self.inner.support()
        }
    }
    fn failure(&self) -> Option<EngineFailure> {
        self.inner.failure()
    }
    fn methods(&self) -> String {
        self.inner.methods()
    }
    fn compared(&self) -> Compared {
        self.inner.compared()
    }
    fn checked_points(&self) -> Option<Vec<Vertex>> {
        self.inner.checked_points()
    }
    fn batches_games(&self) -> bool {
        self.inner.batches_games()
    }
    fn intend(&self, turns: Option<Vec<crate::game::Turn>>) {
        self.inner.intend(turns)
    }
}

/// graphgo's options in a view.
pub fn view_options(row: &DeclaredRow, view: View) -> Options {
    match view {
        View::OwnRules => row.own_options().unwrap_or_default(),
        View::TrompTaylor => Options {
            neutral: crate::game::Neutral::None,
            ..Options::default()
        },
    }
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

/// Why a group is not compared for this row in this view, if it is not (a function the
/// implementation does not answer, a counting graphgo does not model, a board that keeps no
/// game).
fn not_checked(row: &DeclaredRow, view: View, g: Group, compared: Compared) -> Option<String> {
    let not_compared = row.not_compared();
    let ignored = |command: &str| not_compared.get(command);
    match g {
        Group::Scoring if !compared.score && ignored("final_score").is_some() => Some(format!(
            "not checked: its final_score is not the subset's ({})",
            ignored("final_score")
                .map(String::as_str)
                .unwrap_or_default()
        )),
        Group::PassesAndEnd if !compared.end => Some(
            "not checked: the adapter answers no game-end test (gogui-rules_final_result)".into(),
        ),
        Group::Scoring if view == View::OwnRules && row.rule("scoring") == "territory" => Some(
            "not checked: territory counting, which graphgo does not model (area counting only)"
                .into(),
        ),
        Group::Scoring if !compared.score => {
            Some("not checked: the adapter answers no score function (final_score)".into())
        }
        Group::TurnOrder if !compared.turn_order => Some(if row.rule("turn_order") == "free" {
            "not checked: a board, not a game (turn_order free): either colour may play".into()
        } else {
            "not checked: the implementation keeps no turn (turn_order not alternating)".into()
        }),
        _ => None,
    }
}

/// Runs one view of a row on `engine`: the vectors, then the random games on the env's
/// boards, every failure placed in its group and written; the cells' status.
pub fn run_view_on(
    engine: &dyn EngineUnderTest,
    env: &ViewEnv,
    log: &mut dyn FnMut(&str),
) -> ViewResult {
    crate::differential::compare::quiet_panics_in_sides();
    let started = Instant::now();
    let deadline = started + env.cap;
    let (row, view) = (env.row, env.view);
    let d = &row.declaration;
    let options = view_options(row, view);
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
        cap: None,
        boards_skipped: Vec::new(),
        seconds: 0.0,
        turns_per_second: 0.0,
    };
    // Details of each failed cell: lines of text.
    let mut details: BTreeMap<Group, Vec<String>> = BTreeMap::new();
    let findings_dir = env.out.join("engines/findings").join(row.findings_folder());
    let up = "../".repeat(2 + row.findings_folder().components().count() + 1);
    for failure in env.board_failures {
        if let Some(c) = result.cells.get_mut(&Group::Capture) {
            c.findings += 1;
        }
        details
            .entry(Group::Capture)
            .or_default()
            .push(format!("- the board: {failure}"));
    }
    // 1. The vectors, under the view's self-capture and repetition (their own readings of
    // the other options).
    // Where the score is compared, a vector's result must be the row's counting: empty
    // regions that reach no stone count for nobody, and a komi only where the row takes one.
    let engine_support = engine.support();
    let scored = engine.compared().score;
    let vectors_engine = Restricted {
        inner: engine,
        support: Support {
            rules: vec![RuleId::Ggg1],
            self_capture: vec![options.self_capture],
            repetition: vec![options.repetition],
            ko_pass: vec![options.ko_pass],
            repetition_end: vec![options.repetition_end],
            neutral: if scored {
                vec![options.neutral]
            } else {
                engine_support.neutral.clone()
            },
            komi: engine_support.komi
                && (!scored || row.rule("komi") == "any" || row.fixed_komi().is_some()),
            ..engine_support.clone()
        },
    };
    // The one komi the implementation plays (`komi` a number in rules.yaml): a vector that
    // ends scored with another komi is not played.
    let fixed_komi = row.fixed_komi();
    // A row that declares how many vectors it plays (`vectors`): the smallest boards first,
    // and no more than that many run; the others are counted as not reached, by the count,
    // not by the clock.
    let mut ordered: Vec<&(PathBuf, Vector)> = env.vectors.to_vec();
    if row.vectors().is_some() {
        ordered.sort_by_key(|(_, v)| v.game.setup.board.len());
    }
    for (i, (file, vector)) in ordered.iter().enumerate() {
        if row.vectors().is_some_and(|n| result.vectors_run >= n) {
            result.vectors_not_reached = ordered.len() - i;
            break;
        }
        if Instant::now() >= deadline {
            result.vectors_not_reached = ordered.len() - i;
            result.cap = Some(format!(
                "the cap of {:.0} s bit: {} vectors not reached",
                env.cap.as_secs_f64(),
                result.vectors_not_reached
            ));
            break;
        }
        if fixed_komi
            .as_ref()
            .is_some_and(|k| *k != vector.game.setup.komi && vector.head.result.is_some())
        {
            result.vectors_skipped += 1;
            continue;
        }
        let summary = verify::run_vectors(&vectors_engine, &[(file.clone(), vector.clone())]);
        if let Some(f) = engine.failure() {
            result.failure = Some(format!(
                "{} (during vector {})",
                f.without_stderr(),
                vector.head.id
            ));
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
                        c.decisive += 1;
                    }
                }
            }
            VectorVerdict::Fail(lines) => {
                result.vectors_run += 1;
                let relative = file
                    .strip_prefix(env.root)
                    .unwrap_or(file)
                    .to_string_lossy()
                    .into_owned();
                for g in &groups {
                    if let Some(c) = result.cells.get_mut(g) {
                        c.vectors_failed += 1;
                        c.decisive += 1;
                    }
                    details.entry(*g).or_default().push(format!(
                        "- vector `{}` ([{relative}]({up}{relative})): {}",
                        vector.head.id,
                        lines.join("; ")
                    ));
                }
            }
        }
    }
    // 2. The random games: a fixed number, shared out over the boards in order, seeded; the
    // cap only stops them.
    let games_started = Instant::now();
    let total = row.games();
    let nboards = env.boards.len().max(1) as u64;
    let mut keep = PerGroup {
        options,
        filed: BTreeMap::new(),
        more: BTreeMap::new(),
        keys: std::collections::BTreeSet::new(),
    };
    let mut findings: Vec<VerifyFinding> = Vec::new();
    let mut decisive = Counts::new();
    let mut turns = 0u64;
    let mut shrinking = Duration::ZERO;
    (env.pin)(Some(options));
    for (i, board) in env.boards.iter().enumerate() {
        let games = total / nboards + u64::from((i as u64) < total % nboards);
        if games == 0 || result.failure.is_some() || result.cap.is_some() {
            continue;
        }
        let left = deadline.saturating_duration_since(Instant::now());
        let games_plan = verify::VerifyPlan {
            vectors: None,
            seed: env.seed.wrapping_add(i as u64),
            games,
            shrink_budget: row.shrink().unwrap_or(SHRINK_BUDGET),
            games_on: verify::Games::Boards {
                boards: vec![Arc::clone(board)],
            },
            options: Some(options),
            komi: Some(env.komi.clone()),
            max_turns: None,
            time_budget: Some(left),
            turn_budget: None,
            max_findings: usize::MAX,
            out: None,
            finding_prefix: String::new(),
            signals: crate::differential::findings::Signals::none(),
        };
        let report = crate::conformance::campaign::campaign_filtered(
            engine,
            &games_plan,
            &mut |_| {},
            Some(&mut keep as &mut dyn Keep),
        );
        result.games += report.games as usize;
        turns += report.turns;
        shrinking += report.shrinking;
        if let Some(f) = engine.failure() {
            result.failure = Some(format!("{} (during the random games)", f.without_stderr()));
        }
        if let Some(why) = report
            .stopped
            .as_ref()
            .filter(|w| w.contains("time budget"))
        {
            result.cap = Some(format!(
                "the cap of {:.0} s bit during the random games ({why}): {} of {total} games played",
                env.cap.as_secs_f64(),
                result.games
            ));
        }
        crate::conformance::decisive::add(&mut decisive, &report.decisive);
        result.boards_skipped.extend(
            report
                .skipped
                .iter()
                .map(|s| format!("{}: {}", s.what, s.reason)),
        );
        findings.extend(report.findings);
    }
    (env.pin)(None);
    result.turns = turns as usize;
    // The games' own time: a divergence shrunk, explained and written replays games, whose
    // turns are not counted.
    let spent = games_started
        .elapsed()
        .saturating_sub(shrinking)
        .as_secs_f64();
    if spent > 0.0 {
        result.turns_per_second = turns as f64 / spent;
    }
    add_decisive(&mut result.cells, &decisive);
    let mut seen = std::collections::BTreeSet::new();
    for finding in &findings {
        let key = game_key(&finding.game);
        if !seen.insert(key.clone()) {
            continue;
        }
        let group = group_of_finding(&finding.game, &finding.divergence, options);
        let stem = format!("{}-{key}", view.prefix());
        let written = write_finding(&findings_dir, &stem, finding, row, view);
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
        details.entry(group).or_default().push(format!(
            "- finding `{stem}`: {} turns on {}: {}; {} ({})",
            turns.len(),
            board_words(&finding.game.setup.board),
            turns.join(", "),
            finding.explanation,
            files.join(", ")
        ));
        log(&format!(
            "  {} {}: {}: {}\n",
            row.title(),
            stem,
            group.title(),
            finding.clause
        ));
    }
    for (g, n) in keep.more {
        if let Some(c) = result.cells.get_mut(&g) {
            c.more_divergences += n;
        }
    }
    // The cells' status and the details files.
    let compared = engine.compared();
    let played = result.games > 0;
    for (&g, cell) in result.cells.iter_mut() {
        if view == View::OwnRules && g != Group::Capture && row.rule(g.rule()) == "unclaimed" {
            // The cell says why, in the row's words: the rule's `source` in rules.yaml.
            let seen = cell.vectors_failed + cell.findings + cell.more_divergences;
            let mut why = match seen {
                0 => "not claimed".to_string(),
                n => format!("not claimed ({n} departures from graphgo's default)"),
            };
            if let Some(source) = row.rules().get(g.rule()).map(|c| c.source.trim()) {
                if !source.is_empty() {
                    why = format!("{why}: {source}");
                }
            }
            cell.not = Some(why);
            continue;
        }
        // Setup stones reach an implementation only by GTP loadsgf (spec/FORMAT.md): where it
        // takes none, no game starts from them and no vector with them is played.
        if g == Group::SetupAndHandicap
            && !engine.support().setup_stones
            && cell.vectors_passed + cell.vectors_failed == 0
            && !cell.failed()
        {
            cell.not = Some(if row.rule("setup_stones") == "false" {
                "not checked: the implementation sets up no stones (setup_stones false)".into()
            } else {
                "not checked: the adapter answers no loadsgf, by which graphgo sends setup stones"
                    .into()
            });
            continue;
        }
        if let Some(why) = not_checked(row, view, g, compared).filter(|_| !cell.failed()) {
            // Not compared; a finding placed here (an implementation that ended the game)
            // still shows.
            cell.not = Some(why);
            continue;
        }
        if !played && cell.vectors_passed + cell.vectors_failed == 0 && !cell.failed() {
            cell.not = Some("no result (no vector of the group and no game played)".into());
            continue;
        }
        if let Some(lines) = details.get(&g).filter(|_| cell.failed()) {
            let name = format!("{}-{}.md", view.prefix(), g.slug());
            let mut text = format!(
                "# {} ({}): {} against graphgo set to {}\n\n(self-capture {}, repetition {}; written by `graphgo conformance`)\n\n",
                row.title(), d.version, g.title(), view.title(), result.self_capture, result.repetition
            );
            for l in lines {
                text.push_str(l);
                text.push('\n');
            }
            if cell.more_divergences > 0 {
                text.push_str(&format!(
                    "- and {} more games diverging in this group, not listed: shrunk to a finding above, or not shrunk (a group's games are shrunk until it holds {SHRUNK_PER_GROUP} findings)\n",
                    cell.more_divergences
                ));
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

/// The decisive situations of the random games, added to the cells of their groups.
fn add_decisive(cells: &mut BTreeMap<Group, Cell>, counts: &Counts) {
    for (&s, &n) in counts {
        for g in Group::of_situation(s) {
            if let Some(c) = cells.get_mut(g) {
                c.decisive += n;
            }
        }
    }
}

/// "5x5" for a grid, "a board of N points" otherwise.
fn board_words(board: &Board) -> String {
    match grid_sides(board) {
        Some((w, h)) => format!("{w}x{h}"),
        None => format!("a board of {} points", board.len()),
    }
}

/// Writes a finding as a case file, an SGF file and a vector, named `stem`; the paths
/// written. A file already there is kept (the same name is the same game).
fn write_finding(
    dir: &Path,
    stem: &str,
    f: &VerifyFinding,
    row: &DeclaredRow,
    view: View,
) -> Vec<PathBuf> {
    let mut written = Vec::new();
    if std::fs::create_dir_all(dir).is_err() {
        return written;
    }
    let provenance = format!(
        "# graphgo conformance: {} {} against graphgo set to {}: {}\n",
        row.title(),
        row.declaration.version,
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

/// The komi of a row's games: 1/2 where it takes any komi (so that a score that forgets it
/// shows), else none.
fn komi_of(row: &DeclaredRow) -> BigRational {
    if let Some(k) = row.fixed_komi() {
        k
    } else if row.rule("komi") == "any" {
        BigRational::new(1.into(), 2.into())
    } else {
        BigRational::from_integer(0.into())
    }
}

/// A GTP row: the adapter started once for both views (with the configuration's words and
/// commands), the library's own speed asked, its boards checked, then the two views.
pub fn run_gtp_row(
    plan: &ConformancePlan,
    declared: &DeclaredRow,
    vectors: &[&(PathBuf, Vector)],
    log: &mut dyn FnMut(&str),
) -> Row {
    let mut row = Row::of(declared);
    let d = &declared.declaration;
    let argv = super::command_line(&plan.root, &declared.command());
    let startup = Duration::from_secs_f64(d.startup_timeout.unwrap_or(60.0));
    let timeout = Duration::from_secs_f64(d.timeout.unwrap_or(10.0));
    let scratch = plan.root.join("target/conformance-scratch").join(&d.name);
    let mut process = match GtpProcess::spawn(&argv, startup, timeout) {
        Ok(p) => p,
        Err(f) => {
            row.missing = Some(format!("could not be driven: {}", f.without_stderr()));
            return row;
        }
    };
    for command in declared.gtp_setup() {
        if let Err(f) = process.must(command) {
            row.missing = Some(format!(
                "could not be driven: the configuration's '{command}': {}",
                f.without_stderr()
            ));
            return row;
        }
    }
    let rules = GtpRules::new(process, &scratch);
    rules
        .ignored
        .borrow_mut()
        .extend(declared.not_compared().into_keys());
    rules.seed_sample(plan.seed);
    rules.checks.set(Checks {
        out_of_turn: declared.alternating(),
        // A final_score not compared (a territory counting): neither is the winner of a
        // game both sides ended by passes.
        score: !declared.not_compared().contains_key("final_score"),
        end: true,
        sample: crate::conformance::gtp_rules::SAMPLED_POINTS,
    });
    if rules.knows("graphgo-plays_per_second") {
        if let Some((plays, board)) = rules
            .ask("graphgo-plays_per_second 5")
            .ok()
            .and_then(|a| own_speed(&a))
        {
            row.library_plays_per_second = Some(plays);
            row.library_speed_board = board;
        }
    }
    let komi = komi_of(declared);
    let mut boards = square_boards(declared);
    let sides: Vec<usize> = boards
        .iter()
        .filter_map(|b| grid_sides(b).map(|s| s.0))
        .collect();
    rules.decide_stones(&sides);
    let (others, words, failures) = other_boards(&rules, declared, &plan.out);
    boards.extend(others);
    row.other_boards = words;
    row.methods = rules.methods();
    let cap = Duration::from_secs_f64(declared.max_seconds() / 2.0);
    let pin = |o: Option<Options>| rules.options.set(o);
    for view in [View::OwnRules, View::TrompTaylor] {
        let env = ViewEnv {
            row: declared,
            view,
            vectors,
            boards: &boards,
            seed: plan.seed,
            out: &plan.out,
            root: &plan.root,
            cap,
            komi: komi.clone(),
            pin: &pin,
            board_failures: &failures,
        };
        let v = run_view_on(&rules, &env, log);
        let dead = v.failure.is_some() && v.games == 0 && v.vectors_run == 0;
        if dead {
            // Not a rule result: it could not be driven at all.
            row.missing = Some(format!(
                "could not be driven: {}",
                v.failure.clone().unwrap_or_default()
            ));
        }
        row.views.push(v);
        if dead {
            break;
        }
    }
    row
}

/// The answer to `graphgo-plays_per_second 5`, `PLAYS SECONDS [BOARD]` (spec/FORMAT.md): the
/// library's plays a second, and the board of its loop where it names one (a word of at most
/// 32 letters, digits and `x`/`-`/`_`, as the report prints it; anything else is no speed).
fn own_speed(answer: &str) -> Option<(f64, Option<String>)> {
    let mut words = answer.split_whitespace();
    let plays = words.next()?.parse::<f64>().ok()?;
    let secs = words.next()?.parse::<f64>().ok()?;
    if !(secs > 0.0 && plays >= 0.0 && plays.is_finite() && secs.is_finite()) {
        return None;
    }
    let board = match (words.next(), words.next()) {
        (None, _) => None,
        (Some(b), None)
            if b.len() <= 32
                && b.chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_')) =>
        {
            Some(b.to_string())
        }
        _ => return None,
    };
    Some((plays / secs, board))
}

/// A row of a Rust implementation, in process: `engine` (declared for the row's options by
/// `make`) through the same views as a GTP row. Its library's own speed is `speed`, where
/// the caller measures it. Called by the program the row's `command` runs (e.g. the example
/// `goban-rs`), which prints the row as JSON for [`run_rust_row`].
pub fn run_in_process(
    plan: &ConformancePlan,
    declared: &DeclaredRow,
    engine: &dyn EngineUnderTest,
    speed: Option<f64>,
    log: &mut dyn FnMut(&str),
) -> Result<Row, String> {
    let all = crate::conformance::vectors::load_dir(&plan.root.join("spec/vectors"))
        .map_err(|e| e.to_string())?;
    let vectors = super::applicable(&all, &declared.declaration);
    let mut row = Row::of(declared);
    row.library_plays_per_second = speed;
    row.methods = engine.methods();
    let mut boards = square_boards(declared);
    if let (Some(sides), Boards::Grids | Boards::Any) = (
        declared.declaration.boards.rectangles(),
        engine.support().boards,
    ) {
        for (w, h) in RECTANGLES {
            if sides.contains(w) && sides.contains(h) {
                if let Ok(b) = Board::grid(w, h) {
                    boards.push(Arc::new(b));
                    row.other_boards.push(format!("{w}x{h}"));
                }
            }
        }
    }
    let cap = Duration::from_secs_f64(declared.max_seconds() / 2.0);
    let pin = |_: Option<Options>| {};
    let engine = UnderOwnOptions {
        inner: engine,
        own: view_options(declared, View::OwnRules),
    };
    for view in [View::OwnRules, View::TrompTaylor] {
        let env = ViewEnv {
            row: declared,
            view,
            vectors: &vectors,
            boards: &boards,
            seed: plan.seed,
            out: &plan.out,
            root: &plan.root,
            cap,
            komi: komi_of(declared),
            pin: &pin,
            board_failures: &[],
        };
        row.views.push(run_view_on(&engine, &env, log));
    }
    Ok(row)
}

/// A `driver: rust` row: the row's `command` (a program built with the implementation, e.g.
/// `cargo run --example goban-rs`) runs [`run_in_process`] and prints the row as JSON; the
/// arguments it is given are `--conformance-row --root ROOT --out OUT --seed S`, and
/// `--configuration NAME` for a configured row.
pub fn run_rust_row(
    plan: &ConformancePlan,
    declared: &DeclaredRow,
    log: &mut dyn FnMut(&str),
) -> Row {
    let mut row = Row::of(declared);
    let mut argv = super::command_line(&plan.root, &declared.declaration.command);
    argv.extend([
        "--conformance-row".to_string(),
        "--root".into(),
        plan.root.display().to_string(),
        "--out".into(),
        plan.out.display().to_string(),
        "--seed".into(),
        plan.seed.to_string(),
    ]);
    if let Some(c) = &declared.configuration {
        argv.extend(["--configuration".to_string(), c.name.clone()]);
    }
    let Some((program, args)) = argv.split_first() else {
        row.missing = Some("rules.yaml gives no command".into());
        return row;
    };
    let output = std::process::Command::new(program)
        .args(args)
        .current_dir(&plan.root)
        .stdin(std::process::Stdio::null())
        .output();
    let output = match output {
        Ok(o) => o,
        Err(e) => {
            row.missing = Some(format!("could not be started: {program}: {e}"));
            return row;
        }
    };
    let stderr = String::from_utf8_lossy(&output.stderr);
    for line in stderr.lines().filter(|l| l.starts_with("  ")) {
        log(&format!("{line}\n"));
    }
    let stdout = String::from_utf8_lossy(&output.stdout);
    match stdout
        .lines()
        .rev()
        .find(|l| l.trim_start().starts_with('{'))
        .map(serde_json::from_str::<Row>)
    {
        Some(Ok(r)) => r,
        Some(Err(e)) => Row {
            missing: Some(format!("its row is not the report's JSON: {e}")),
            ..row
        },
        None => Row {
            missing: Some(format!(
                "it printed no row ({}); its standard error ended with: {}",
                output.status,
                stderr.lines().rev().take(3).collect::<Vec<_>>().join(" / ")
            )),
            ..row
        },
    }
}

#[cfg(test)]
mod own_speed_answers {
    use super::own_speed;

    #[test]
    fn two_words_are_plays_over_seconds_on_5x5() {
        assert_eq!(own_speed("100 2"), Some((50.0, None)));
        assert_eq!(own_speed("= ignored"), None);
    }

    #[test]
    fn a_third_word_names_the_loops_board() {
        assert_eq!(
            own_speed("937 1 19x19"),
            Some((937.0, Some("19x19".to_string())))
        );
        assert_eq!(
            own_speed("503 0.5 sphere"),
            Some((1006.0, Some("sphere".to_string())))
        );
    }

    #[test]
    fn anything_else_is_no_speed() {
        for bad in [
            "1 0",
            "1 -1",
            "x 1",
            "1 NaN",
            "1 1 19x19 extra",
            "1 1 <b>",
            "1 1 a-board-name-longer-than-thirty-two-letters",
        ] {
            assert_eq!(own_speed(bad), None, "{bad:?}");
        }
    }
}
