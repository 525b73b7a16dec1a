//! The random campaign (`graphgo fuzz`): its settings and limits, the run (sharded,
//! resumed from its summary, stopped by signals), the divergences it finds (shrunk,
//! grouped by signature, written once) and its totals.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::{game_seed, play_game, Played, Shard};
use crate::differential::campaign::{FindingGroup, ShardSummary};
use crate::differential::compare::{self, Divergence};
use crate::differential::findings::{signature, Signals, Store};
use crate::game::{Repetition, RuleSet, Setup};
use crate::io::atomic_file::write_atomically;
use crate::io::record::Game;

/// When a campaign stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// After the game running when this much time has passed (over every run of a resumed
    /// campaign).
    Time(Duration),
    /// After this many games of the shard (over every run of a resumed campaign).
    Games(u64),
    /// Only the game with this index (to replay a divergence).
    Only(u64),
}

/// The default of `--max-findings`: a campaign stops once it has found this many kinds of
/// divergence (signatures); further games of a kind already seen only add to its count.
pub const DEFAULT_MAX_FINDINGS: usize = 20;

/// A campaign's settings.
#[derive(Clone, Debug)]
pub struct Campaign {
    pub seed: u64,
    pub limit: Limit,
    pub shard: Shard,
    /// Where findings and the shard's summary are written (checked and created at the
    /// start, [`Store::open`]). A summary already there for the same seed and shard is
    /// resumed from.
    pub out: Option<PathBuf>,
    /// Comparisons allowed for shrinking each divergence.
    pub shrink_budget: usize,
    /// Stop once this many signatures were found ([`DEFAULT_MAX_FINDINGS`]).
    pub max_findings: usize,
}

/// The first divergence of a signature the campaign found (the later ones with the same
/// signature are counted in its group).
#[derive(Clone, Debug)]
pub struct Found {
    pub index: u64,
    pub game_seed: u64,
    /// The game as generated (up to the diverging turn).
    pub original: Game,
    /// The minimized game and its divergence.
    pub shrunk: Game,
    pub divergence: Divergence,
    /// [`signature`] of the divergence as found.
    pub signature: String,
    /// Where it was written (`None` without an output folder, or when writing failed).
    pub file: Option<PathBuf>,
}

/// Why a campaign stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// Its --games or --time was reached (or its one game played).
    Limit,
    /// --max-findings signatures were found.
    MaxFindings,
    /// SIGINT or SIGTERM (the number).
    Signal(i32),
}

/// A campaign's totals (over every run of a resumed campaign).
#[derive(Clone, Debug)]
pub struct CampaignTotals {
    pub games: u64,
    pub turns: u64,
    pub elapsed: Duration,
    /// The divergences of this run that opened a group (a new signature).
    pub found: Vec<Found>,
    /// Every group, with its count, as written in the shard's summary file.
    pub groups: Vec<FindingGroup>,
    /// Games that diverged.
    pub divergences: u64,
    /// Games played by earlier runs of the campaign (resumed from its summary).
    pub resumed_from: u64,
    pub stopped: Stopped,
    /// Files that could not be written (findings or the summary): `path: why`.
    pub write_errors: Vec<String>,
    /// The shard's summary file, when there is an output folder.
    pub summary_file: Option<PathBuf>,
    /// The summary as written (or as it would be written).
    pub shard_summary: ShardSummary,
}

impl CampaignTotals {
    /// The closing line.
    pub fn line(&self) -> String {
        let secs = self.elapsed.as_secs_f64().max(1e-9);
        let mut line = format!(
            "{} games, {} turns in {:.1} s ({:.0} turns/s, {:.1} games/s), {} divergence{}",
            self.games,
            self.turns,
            secs,
            self.turns as f64 / secs,
            self.games as f64 / secs,
            self.divergences,
            if self.divergences == 1 { "" } else { "s" }
        );
        if self.divergences > 0 {
            line += &format!(
                " ({} signature{})",
                self.groups.len(),
                if self.groups.len() == 1 { "" } else { "s" }
            );
        }
        if self.resumed_from > 0 {
            line += &format!("; resumed after game {} of the shard", self.resumed_from);
        }
        match self.stopped {
            Stopped::Limit => {}
            Stopped::MaxFindings => line += "; stopped at --max-findings",
            Stopped::Signal(_) => {
                line += &format!("; stopped by {}", self.shard_summary.stopped);
            }
        }
        if !self.write_errors.is_empty() {
            line += &format!("; {} WRITE ERRORS", self.write_errors.len());
        }
        line
    }

    /// The number of signatures found.
    pub fn distinct(&self) -> usize {
        self.groups.len()
    }
}

/// What a campaign reports as it goes.
pub enum Event<'a> {
    /// A game finished (with or without a divergence).
    Game {
        index: u64,
        turns: usize,
        games: u64,
        elapsed: Duration,
    },
    /// A divergence of a new signature was found, shrunk and (with an output folder)
    /// written.
    Diverged(&'a Found),
    /// Game `index` diverged with the signature of an earlier group: counted, not shrunk
    /// and not written again.
    Repeated { index: u64, group: &'a FindingGroup },
    /// Writing a finding or the summary failed (`path: why`).
    WriteFailed(String),
}

impl Campaign {
    /// The command that replays game `index` of this campaign.
    pub fn replay_command(&self, index: u64) -> String {
        format!("graphgo fuzz --seed {} --game {index}", self.seed)
    }

    /// Runs the campaign, comparing `a` against `b`, calling `report` as it goes; stops
    /// only at its limits. Panics when `out` is not a folder it can write to, or holds a
    /// summary of another campaign: callers that take `out` from a user call
    /// [`Campaign::run_until`], which says so instead.
    pub fn run(
        &self,
        a: &dyn RuleSet,
        b: &dyn RuleSet,
        report: &mut dyn FnMut(Event),
    ) -> CampaignTotals {
        self.run_until(a, b, &Signals::none(), report)
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// Runs the campaign until its limits or a signal: the output folder is checked first
    /// (a message when it is not a writable folder, or when the summary there is not one
    /// of this campaign), the campaign resumes from the shard's summary if one is there,
    /// and the summary is rewritten as it goes (after each finding, and each second), so
    /// that a run killed at any point is resumed by the same command without repeating or
    /// losing a finding.
    pub fn run_until(
        &self,
        a: &dyn RuleSet,
        b: &dyn RuleSet,
        signals: &Signals,
        report: &mut dyn FnMut(Event),
    ) -> Result<CampaignTotals, String> {
        let store = self.out.as_deref().map(Store::open).transpose()?;
        let sides = [a.name().to_string(), b.name().to_string()];
        // A single game replayed keeps no summary: it is not a shard of the campaign.
        let keeps_summary = !matches!(self.limit, Limit::Only(_));
        let summary_file = store
            .as_ref()
            .filter(|_| keeps_summary)
            .map(|s| s.dir().join(ShardSummary::file_name(self.seed, self.shard)));
        let mut state = match &summary_file {
            Some(path) if path.exists() => {
                let s = ShardSummary::load(path)?;
                if s.command != "fuzz" || s.sides != sides {
                    return Err(format!(
                        "{}: a summary of `{}` {} vs {}, not of this campaign (`fuzz` {} vs {}): give another --out",
                        path.display(),
                        s.command,
                        s.sides[0],
                        s.sides[1],
                        sides[0],
                        sides[1]
                    ));
                }
                s
            }
            _ => ShardSummary::new("fuzz", sides, self.seed, self.shard),
        };
        state.stopped = "running".into();
        let resumed_from = state.games;
        let before = Duration::from_secs_f64(state.elapsed_seconds.max(0.0));
        let started = Instant::now();
        let mut found = Vec::new();
        let mut write_errors = Vec::new();
        let mut last_saved = Instant::now();
        let save = |state: &mut ShardSummary, write_errors: &mut Vec<String>| -> Option<String> {
            let path = summary_file.as_ref()?;
            state.elapsed_seconds = (before + started.elapsed()).as_secs_f64();
            write_atomically(path, &state.to_json())
                .err()
                .map(|e| format!("{}: {e}", path.display()))
                .inspect(|e| write_errors.push(e.clone()))
        };
        if let Some(e) = save(&mut state, &mut write_errors) {
            report(Event::WriteFailed(e));
        }
        let mut only_played = false;
        let stopped = loop {
            if let Some(s) = signals.caught() {
                break Stopped::Signal(s);
            }
            let index = match self.limit {
                Limit::Only(_) if only_played => break Stopped::Limit,
                Limit::Only(i) => i,
                Limit::Games(g) if state.games >= g => break Stopped::Limit,
                Limit::Time(t) if before + started.elapsed() >= t => break Stopped::Limit,
                // Past the last game index there is no game to play: the shard is done.
                _ => match self.shard.game(state.games) {
                    Some(i) => i,
                    None => break Stopped::Limit,
                },
            };
            if state.findings.len() >= self.max_findings {
                break Stopped::MaxFindings;
            }
            only_played = true;
            let played = play_game(a, b, self.seed, index);
            state.games += 1;
            state.turns += played.game.turns.len() as u64;
            if let Some(divergence) = &played.divergence {
                state.divergences += 1;
                let sig = signature(&played.game.setup, divergence);
                if let Some(group) = state.findings.iter_mut().find(|g| g.signature == sig) {
                    group.add_game(index);
                    report(Event::Repeated { index, group });
                } else {
                    let f = self.record(a, b, index, played, sig, store.as_ref(), report);
                    state.findings.push(FindingGroup {
                        signature: f.signature.clone(),
                        count: 1,
                        first_game: index,
                        games: vec![index],
                        file: f
                            .file
                            .as_ref()
                            .and_then(|p| p.file_name())
                            .map(|n| n.to_string_lossy().into_owned()),
                        turns: f.shrunk.turns.len(),
                        vertices: f.shrunk.setup.board.len(),
                        description: f.divergence.describe(f.shrunk.setup.turn_names()),
                    });
                    if store.is_some() && f.file.is_none() {
                        write_errors.push(format!("the record of game {index}"));
                    }
                    report(Event::Diverged(&f));
                    found.push(f);
                }
                // A finding is in the summary at once: a run killed after this resumes
                // after the game, and neither repeats nor loses it.
                if let Some(e) = save(&mut state, &mut write_errors) {
                    report(Event::WriteFailed(e));
                }
                last_saved = Instant::now();
            } else if last_saved.elapsed() >= Duration::from_secs(1) {
                if let Some(e) = save(&mut state, &mut write_errors) {
                    report(Event::WriteFailed(e));
                }
                last_saved = Instant::now();
            }
            report(Event::Game {
                index,
                turns: state.turns as usize,
                games: state.games,
                elapsed: before + started.elapsed(),
            });
        };
        state.stopped = match stopped {
            Stopped::Limit => "limit".into(),
            Stopped::MaxFindings => "max-findings".into(),
            Stopped::Signal(_) => signals.name().unwrap_or_else(|| "signal".into()),
        };
        if let Some(e) = save(&mut state, &mut write_errors) {
            report(Event::WriteFailed(e));
        }
        state.write_errors.extend(write_errors.iter().cloned());
        Ok(CampaignTotals {
            games: state.games,
            turns: state.turns,
            elapsed: before + started.elapsed(),
            found,
            groups: state.findings.clone(),
            divergences: state.divergences,
            resumed_from,
            stopped,
            write_errors,
            summary_file,
            shard_summary: state,
        })
    }

    /// Shrinks the divergence and writes it under a name no other file has.
    #[allow(clippy::too_many_arguments)]
    fn record(
        &self,
        a: &dyn RuleSet,
        b: &dyn RuleSet,
        index: u64,
        played: Played,
        signature: String,
        store: Option<&Store>,
        report: &mut dyn FnMut(Event),
    ) -> Found {
        let provenance = format!(
            "found by `graphgo fuzz --seed {}` (game {index}); replay: {}\nsignature: {signature}",
            self.seed,
            self.replay_command(index)
        );
        let stem = format!("{}-vs-{}-seed{}-game{index}", a.name(), b.name(), self.seed);
        let text = |game: &Game, note: &str| {
            compare::case_file(a, b, game, &format!("{provenance}\n{note}"))
        };
        let (shrunk, divergence) = match compare::shrink(a, b, &played.game, self.shrink_budget) {
            Some(s) => (s.game, s.divergence),
            // A divergence that does not come back when replayed (a side that is not
            // deterministic): keep it as found.
            None => (
                played.game.clone(),
                played
                    .divergence
                    .clone()
                    .expect("only diverging games are recorded"),
            ),
        };
        // Written once shrunk, before the summary counts the game: a run killed while
        // shrinking has not counted it, and the same command plays it again and writes the
        // same text (kept as it is when already there, never beside a second copy).
        let file = store.and_then(|s| {
            s.publish_new(&stem, "yaml", &text(&shrunk, "shrunk"))
                .inspect_err(|e| {
                    report(Event::WriteFailed(format!(
                        "{}: {e}",
                        s.dir().join(format!("{stem}.yaml")).display()
                    )))
                })
                .ok()
        });
        Found {
            index,
            game_seed: game_seed(self.seed, index),
            original: played.game,
            shrunk,
            divergence,
            signature,
            file,
        }
    }
}

/// A side with a bug planted on purpose, for testing the campaign's own bookkeeping from
/// the command line (`graphgo fuzz --planted-bug NAME`, a hidden flag): `no-superko`, the
/// engine with positional superko (`ggg1:3`, `ggg3:3`) turned off.
pub fn planted_bug(name: &str) -> Option<Box<dyn RuleSet>> {
    struct NoSuperko;
    impl RuleSet for NoSuperko {
        fn name(&self) -> &str {
            "no-superko"
        }
        fn start(
            &self,
            setup: &Setup,
        ) -> Result<Box<dyn crate::game::Playable>, crate::game::Unsupported> {
            let mut setup = setup.clone();
            if setup.options.repetition == Repetition::Positional {
                setup.options.repetition = Repetition::None;
            }
            crate::engine::Engine.start(&setup)
        }
    }
    (name == "no-superko").then(|| Box::new(NoSuperko) as Box<dyn RuleSet>)
}
