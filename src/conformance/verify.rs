//! Verifying another implementation of the rules: the one verification path, for Rust
//! engines in process, for GTP engines (`crate::conformance::gtp`) and for libraries behind a GTP
//! adapter alike.
//!
//! An implementation is an [`EngineUnderTest`]: a [`RuleSet`] (start a game from a
//! [`Setup`]; the games are [`Playable`]: observe, list legal turns, play) that declares
//! what it supports ([`Support`]: rule sets, boards, option values, setups), and may say
//! how it failed ([`EngineUnderTest::failure`]: a process that crashed, hung, printed
//! garbage or does not speak GTP). A Rust engine is declared with [`Declared`]; a GTP
//! engine is `crate::conformance::gtp::GtpRules` (started with `crate::conformance::gtp::GtpRules::start`).
//! [`verify`] (or [`verify_with`], which also reports progress) then runs, in one call:
//!
//! 1. every conformance vector of a directory ([`VerifyPlan::vectors`], e.g. `spec/vectors/`): a
//!    vector the engine cannot play is skipped *visibly*, with a typed reason
//!    ([`SkipReason`]); a vector written for an option value the engine does not play is
//!    run under a value the engine plays when the vector's `readings` say its expectations
//!    hold there (`valid`: everything is compared; `acceptable`: legality and winner only),
//!    and skipped otherwise;
//! 2. a differential campaign ([`VerifyPlan::games_on`]): random boards, setups and turns from
//!    [`crate::differential::fuzz`] compared with the transcription ([`Games::Generated`]), or random
//!    and long games on square grids, with probe moves graphgo refuses, compared with
//!    graphgo's engine ([`Games::SquareGrids`], what `graphgo verify-gtp` runs). Every
//!    divergence is shrunk by [`crate::differential::compare::shrink`] to a small game and becomes one
//!    [`VerifyFinding`]: the clause ids involved and why ([`explain_divergence`]), the game as a case file
//!    (a record with comments), as SGF where the board is a square grid, and as a
//!    conformance vector naming the clause; written to [`VerifyPlan::out`] if given, under names
//!    never used there before.
//!
//! What a caller sets ([`VerifyPlan`]): graphgo's rule options ([`VerifyPlan::options`]: both sides
//! are pinned to them, so that a difference is a departure from *those* rules), the komi,
//! the seed and number of games, a time budget and a turn budget, the turns a game may
//! last, the shrinking budget, the most findings and where they are written.
//!
//! What comes back ([`VerifyReport`], also as JSON with [`VerifyReport::to_json`]): per vector its id,
//! clause ids and outcome (pass, fail with the differing fields, skip with its reason); for
//! the campaign the games and turns played and agreed, what was skipped and why, why it
//! stopped early if it did, and per finding its clause ids, explanation and the paths of
//! the files written; and the engine's failure, if any, as a value ([`EngineFailure`],
//! with its kind and the tail of its standard error), never an abort: what was done before
//! the failure is kept.
//!
//! ```no_run
//! use graphgo::conformance::verify::{verify, Declared, VerifyPlan, Support};
//! let engine = Declared { rules: graphgo::engine::Engine, support: Support::everything() };
//! let report = verify(&engine, &VerifyPlan::new("spec/vectors")).unwrap();
//! print!("{}", report.text());
//! assert!(report.passed());
//! ```

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use num_rational::BigRational;

pub use crate::conformance::campaign::{campaign, CampaignReport, Games, Skipped};
pub use crate::conformance::engine::{
    Boards, Declared, EngineFailure, EngineUnderTest, FailureKind, Support,
};
pub use crate::conformance::findings::{
    explain_divergence, record_text, repetition_gap, Explained, VerifyFinding,
};
pub use crate::conformance::vectors::SkipReason;
use crate::conformance::vectors::{
    self, Depth, Status, Summary, Undeclared, Vector, VectorRun, VectorVerdict,
};
use crate::game::{Options, RuleId, Setup};
use crate::io::record::{Game, InputError, Record};

/// What [`verify`] runs.
#[derive(Clone, Debug)]
pub struct VerifyPlan {
    /// The directory of vectors (`None`: no vectors).
    pub vectors: Option<PathBuf>,
    /// The campaign's seed and number of games (0: no campaign; per board side for
    /// [`Games::SquareGrids`]).
    pub seed: u64,
    pub games: u64,
    /// Comparisons allowed for shrinking each divergence.
    pub shrink_budget: usize,
    /// Which games the campaign plays.
    pub games_on: Games,
    /// graphgo's rule options, pinned on both sides (`None`: any value the engine
    /// declares; [`Games::SquareGrids`] then plays graphgo's defaults).
    pub options: Option<Options>,
    /// The komi of every game (`None`: the generated setups' own; 0 on square grids).
    pub komi: Option<BigRational>,
    /// The most turns one game is played for (`None`: a cap from the board's size for
    /// generated games, 400 on square grids).
    pub max_turns: Option<usize>,
    /// No new game is started after this long (vectors included) or this many turns.
    pub time_budget: Option<Duration>,
    pub turn_budget: Option<u64>,
    /// The campaign stops after this many distinct findings.
    pub max_findings: usize,
    /// Where findings are written (`None`: kept in the report only), as
    /// `PREFIX-NNN.yaml`, `.sgf` and `.vector.yaml`, NNN the first number whose files do
    /// not exist yet (a second run into the same folder never overwrites the first).
    pub out: Option<PathBuf>,
    pub finding_prefix: String,
    /// SIGINT and SIGTERM as the command line catches them: once one is caught no new
    /// game (nor turn) starts, and the report is what was done so far.
    pub signals: crate::differential::findings::Signals,
}

impl VerifyPlan {
    /// The vectors of `dir` and a generated campaign of 300 games, seed 1; no budget, no
    /// files written.
    pub fn new(dir: impl Into<PathBuf>) -> VerifyPlan {
        VerifyPlan {
            vectors: Some(dir.into()),
            seed: 1,
            games: 300,
            shrink_budget: 2000,
            games_on: Games::Generated,
            options: None,
            komi: None,
            max_turns: None,
            time_budget: None,
            turn_budget: None,
            max_findings: usize::MAX,
            out: None,
            finding_prefix: "divergence".into(),
            signals: crate::differential::findings::Signals::none(),
        }
    }
}

/// The whole report.
#[derive(Clone, Debug)]
pub struct VerifyReport {
    pub engine: String,
    /// How the engine's answers were read ([`EngineUnderTest::methods`]).
    pub methods: String,
    pub vectors: Summary,
    pub campaign: CampaignReport,
    /// Set when talking to the engine failed: the rest of the report is what was done
    /// before.
    pub failure: Option<EngineFailure>,
}

impl VerifyReport {
    /// No vector failed, the campaign found nothing and the engine did not fail.
    pub fn passed(&self) -> bool {
        !self.vectors.failed() && self.campaign.findings.is_empty() && self.failure.is_none()
    }

    /// The vectors that failed.
    pub fn failed_vectors(&self) -> Vec<&VectorRun> {
        self.vectors
            .runs
            .iter()
            .filter(|r| r.outcomes.iter().any(|(_, o)| o.is_fail()))
            .collect()
    }

    /// The report as text: the vectors' failures, skips grouped by reason, the per-clause
    /// table, then every finding of the campaign with its minimized record.
    pub fn text(&self) -> String {
        let mut out = format!(
            "graphgo verify: engine '{}' ({})\n",
            self.engine, self.methods
        );
        out.push_str("\n== conformance vectors ==\n");
        let mut skips: BTreeMap<String, usize> = BTreeMap::new();
        for run in &self.vectors.runs {
            for (_, o) in &run.outcomes {
                match o {
                    VectorVerdict::Fail(lines) => {
                        let _ = writeln!(out, "FAIL {} ({}):", run.id, run.file.display());
                        for l in lines {
                            let _ = writeln!(out, "  {l}");
                        }
                    }
                    VectorVerdict::Skip(why) => *skips.entry(why.to_string()).or_default() += 1,
                    _ => {}
                }
            }
        }
        for (why, n) in &skips {
            let _ = writeln!(out, "skipped {n}: {why}");
        }
        // The per-clause table and totals (the per-vector lines are given above).
        out.push_str(&self.vectors.table_text());
        let c = &self.campaign;
        let _ = writeln!(
            out,
            "\n== differential campaign ==\n{} games (seed {}; {} outside the declaration, not played; {} agreed), {} turns, {} divergence{}{}",
            c.games,
            c.seed,
            c.unsupported,
            c.agreed_games,
            c.turns,
            c.findings.len(),
            if c.findings.len() == 1 { "" } else { "s" },
            if c.duplicates > 0 {
                format!(" (and {} games shrinking to one of them)", c.duplicates)
            } else {
                String::new()
            }
        );
        for s in &c.skipped {
            let _ = writeln!(out, "skipped {}: {}", s.what, s.reason);
        }
        if let Some(why) = &c.stopped {
            let _ = writeln!(out, "stopped early: {why}");
        }
        const SHOWN: usize = 10;
        for f in c.findings.iter().take(SHOWN) {
            out.push('\n');
            out.push_str(&f.text());
            out.push_str("  minimized game (a record; `graphgo play` replays it):\n");
            for line in record_text(&Record::from_game(&f.game.setup, &f.game.turns)).lines() {
                let _ = writeln!(out, "    {line}");
            }
        }
        if c.findings.len() > SHOWN {
            let _ = writeln!(
                out,
                "\n... and {} more divergences (VerifyReport::campaign.findings holds them all)",
                c.findings.len() - SHOWN
            );
        }
        if let Some(f) = &self.failure {
            let _ = writeln!(out, "\nENGINE FAILURE: {f}");
        }
        let _ = writeln!(
            out,
            "\nverdict: {}",
            if self.passed() { "PASS" } else { "FAIL" }
        );
        out
    }

    /// The report as one JSON object: the engine, the verdict, every vector's outcome,
    /// the campaign's counts, skips and findings, and the failure.
    pub fn to_json(&self) -> serde_json::Value {
        let runs: Vec<serde_json::Value> = self
            .vectors
            .runs
            .iter()
            .map(|run| {
                let (_, o) = &run.outcomes[0];
                let (outcome, detail) = o.to_json();
                serde_json::json!({
                    "id": run.id,
                    "file": run.file.display().to_string(),
                    "clauses": run.clauses,
                    "outcome": outcome,
                    "detail": detail,
                })
            })
            .collect();
        let c = &self.campaign;
        serde_json::json!({
            "engine": self.engine,
            "methods": self.methods,
            "passed": self.passed(),
            "vectors": runs,
            "campaign": {
                "seed": c.seed,
                "games": c.games,
                "unsupported": c.unsupported,
                "agreed_games": c.agreed_games,
                "turns": c.turns,
                "agreed_turns": c.agreed_turns,
                "duplicates": c.duplicates,
                "skipped": c.skipped,
                "stopped": c.stopped,
                "findings": c.findings.iter().map(VerifyFinding::to_json).collect::<Vec<_>>(),
            },
            "failure": self.failure.as_ref().map(EngineFailure::to_json),
        })
    }
}

/// How a vector is run on an engine: the game (perhaps with other option values) and how
/// much is compared, or why it is skipped.
pub fn plan_vector(support: &Support, v: &Vector) -> Result<(Game, Depth, String), Undeclared> {
    let setup = &v.game.setup;
    if let Some(why) = support.refuses_except_options(setup) {
        return Err(why);
    }
    let mut options = setup.options;
    let mut depth = Depth::Full;
    let mut changed = Vec::new();
    let graph = RuleId::GRAPH.contains(&setup.rules);
    for &(option, _) in vectors::OPTION_VALUES.iter().filter(|_| graph) {
        let own = vectors::option_value(setup.options, option);
        let played = support.values(option);
        if played.contains(&own) {
            continue;
        }
        let statuses = v.head.readings.get(option);
        let best = played
            .iter()
            .filter_map(|value| {
                let s = statuses.and_then(|m| m.get(value)).copied()?;
                (s != Status::Invalid).then_some((s, value.clone()))
            })
            .min();
        let Some((status, value)) = best else {
            return Err(Undeclared::OptionReadings {
                option: option.to_string(),
                value: own,
                played,
            });
        };
        options = vectors::with_option(options, option, &value).expect("a known value");
        if status == Status::Acceptable {
            depth = Depth::Verdicts;
        }
        changed.push(format!("{option}: {value} ({})", status.word()));
    }
    let game = Game {
        setup: Setup {
            options,
            ..setup.clone()
        },
        turns: v.game.turns.clone(),
    };
    if changed.len() > 1 {
        // The readings vary one option at a time; for two or more at once, ask the
        // transcription whether the expectations still hold.
        let joined = changed.join(", ");
        let got = vectors::derive(&crate::variants::Rules, &game).map_err(|e| {
            Undeclared::CombinedOptions(format!("the transcription cannot play {joined}: {e}"))
        })?;
        let want = v.expected();
        let board = &game.setup.board;
        if vectors::differences(board, &want, &got, Depth::Full).is_empty() {
            depth = Depth::Full;
        } else if vectors::differences(board, &want, &got, Depth::Verdicts).is_empty() {
            depth = Depth::Verdicts;
        } else {
            return Err(Undeclared::CombinedOptions(format!(
                "needs {joined} at once, under which the transcription says the expectations do not hold"
            )));
        }
        return Ok((
            game,
            depth,
            format!("{joined}; combined by the transcription"),
        ));
    }
    Ok((game, depth, changed.join(", ")))
}

/// Runs every vector on the engine, skipping (with the reason) what it does not support.
pub fn run_vectors(engine: &dyn EngineUnderTest, vectors: &[(PathBuf, Vector)]) -> Summary {
    let support = engine.support();
    let mut summary = Summary {
        sides: vec![engine.name().to_string()],
        runs: Vec::new(),
    };
    for (file, v) in vectors {
        let outcome = match plan_vector(&support, v) {
            Err(why) => VectorVerdict::Skip(SkipReason::NotDeclared(why)),
            // Once the engine failed (crashed, hung...), nothing more is asked of it: the
            // vector is not run, which says nothing of the rules.
            Ok(_) if engine.failure().is_some() => VectorVerdict::Skip(SkipReason::EngineFailed(
                "the engine failed before this vector".into(),
            )),
            Ok((game, depth, changed)) => match vectors::judge_game(engine, v, &game, depth) {
                _ if engine.failure().is_some() => {
                    VectorVerdict::Skip(SkipReason::EngineFailed(format!(
                        "the engine failed on this vector: {}",
                        engine
                            .failure()
                            .map(|f| f.without_stderr().to_string())
                            .unwrap_or_default()
                    )))
                }
                VectorVerdict::PassVerdicts(_) => VectorVerdict::PassVerdicts(format!(
                    "legality and winner only, under {changed}"
                )),
                other => other,
            },
        };
        summary.runs.push(VectorRun {
            file: file.clone(),
            id: v.head.id.clone(),
            clauses: v.head.clauses.clone(),
            outcomes: vec![(engine.name().to_string(), outcome)],
        });
    }
    summary
}

/// Runs every vector of the plan's directory and the differential campaign on `engine`.
/// `Err` only for bad vector files.
pub fn verify(engine: &dyn EngineUnderTest, plan: &VerifyPlan) -> Result<VerifyReport, InputError> {
    verify_with(engine, plan, &mut |_| {})
}

/// [`verify`], with a few lines of progress per finding and per skipped board given to
/// `progress` as they come. An engine that fails (crashes, hangs, prints garbage) ends the
/// run with the failure in [`VerifyReport::failure`] and what was done before kept.
pub fn verify_with(
    engine: &dyn EngineUnderTest,
    plan: &VerifyPlan,
    progress: &mut dyn FnMut(&str),
) -> Result<VerifyReport, InputError> {
    let started = Instant::now();
    let loaded = match &plan.vectors {
        Some(dir) => vectors::load_dir(dir)?,
        None => Vec::new(),
    };
    let vectors = run_vectors(engine, &loaded);
    let plan = VerifyPlan {
        time_budget: plan
            .time_budget
            .map(|b| b.saturating_sub(started.elapsed())),
        ..plan.clone()
    };
    let campaign = if engine.failure().is_some() {
        CampaignReport {
            seed: plan.seed,
            stopped: Some("the engine failed on the vectors".into()),
            ..CampaignReport::default()
        }
    } else {
        campaign(engine, &plan, progress)
    };
    Ok(VerifyReport {
        engine: engine.name().to_string(),
        methods: engine.methods(),
        vectors,
        campaign,
        failure: engine.failure(),
    })
}
