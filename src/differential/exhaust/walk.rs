//! The walk of `graphgo exhaust`: every game of one setup to a depth through the comparer
//! ([`walk`]), the findings written as records, and a run over a scope's items ([`run`]).
//!
//! Positions reached by several paths are explored once where the rules make their
//! futures the same. The key of a node is: what both sides show (position, player to move,
//! prisoners, scores, result), the number of consecutive passes (up to 2), and, by the
//! repetition rule, the part of the history that rule reads: under positional superko the
//! *set* of positions that occurred, under situational superko the set of (position,
//! player to move) pairs, under simple ko the position before the last turn, and nothing
//! without a repetition rule. MANGO always reads the set of configurations (`mango:LEGAL`).
//! The directed rules (history deletion, ko bids and resets) are never merged: their games
//! are walked as a tree. Merging trusts the spec's reading of what the future depends on:
//! an engine whose future depended on more of the history could differ on a path that is
//! not walked.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::invariants::invariant_violation;
use super::scope::{items, Family, Item, Reach, Scope};
use crate::differential::compare::{self, Session, Verdict};
use crate::differential::shard::Shard;
use crate::game::{Colour, Observation, Player, Repetition, RuleId, RuleSet, Setup, Turn};
use crate::io::atomic_file::write_atomically;
use crate::io::record::{Game, Record};

/// What a run covered, per family.
#[derive(Clone, Debug, Default)]
pub struct Coverage {
    /// Distinct boards (a board under several rule setups counts once).
    pub boards: u64,
    /// Boards times rule setups walked.
    pub setups: u64,
    /// Distinct positions (merge keys) visited.
    pub positions: u64,
    /// Turns given to both sides and compared (legal and refused).
    pub turns: u64,
    /// Of which refusals.
    pub refusals: u64,
    /// Games: distinct sequences of legal turns from the start, up to the depth or the end.
    pub games: u128,
    /// Nodes not walked again because a node with the same key and depth left was.
    pub merged: u64,
    /// Positions whose invariants were checked.
    pub invariants: u64,
    pub time: Duration,
}

impl Coverage {
    fn add(&mut self, other: &Coverage) {
        self.boards += other.boards;
        self.setups += other.setups;
        self.positions += other.positions;
        self.turns += other.turns;
        self.refusals += other.refusals;
        self.games += other.games;
        self.merged += other.merged;
        self.invariants += other.invariants;
        self.time += other.time;
    }
}

/// Something a walk found: a divergence (shrunk) or a broken invariant.
#[derive(Clone, Debug)]
pub struct ExhaustFinding {
    pub family: Family,
    pub label: String,
    /// What is wrong, in a few lines.
    pub text: String,
    /// The game that shows it (shrunk for a divergence).
    pub game: Game,
    /// Where it was written.
    pub file: Option<PathBuf>,
}

/// The settings of a run.
pub struct Run<'a> {
    pub scope: Scope,
    pub shard: Shard,
    pub out: Option<PathBuf>,
    pub shrink_budget: usize,
    /// Stop walking after this many findings.
    pub max_findings: usize,
    pub a: &'a dyn RuleSet,
    pub b: &'a dyn RuleSet,
}

/// A run's result: coverage per family (in the scope's order) and the findings.
#[derive(Debug, Default)]
pub struct ExhaustReport {
    pub coverage: Vec<(Family, Reach, Coverage)>,
    pub findings: Vec<ExhaustFinding>,
    pub write_failures: Vec<String>,
}

impl ExhaustReport {
    /// One line per family: what it covered and how long it took.
    pub fn lines(&self) -> Vec<String> {
        self.coverage
            .iter()
            .map(|(f, reach, c)| {
                format!(
                    "{}: size {} to {}, depth {}: {} boards, {} setups, {} positions, {} games, {} turns ({} refusals), {} merged, {} invariant checks, {:.1} s",
                    f.name(),
                    reach.from,
                    reach.size,
                    reach.depth,
                    c.boards,
                    c.setups,
                    c.positions,
                    c.games,
                    c.turns,
                    c.refusals,
                    c.merged,
                    c.invariants,
                    c.time.as_secs_f64()
                )
            })
            .collect()
    }
}

/// What the merge key keeps of the history (see the module comment).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Merge {
    Never,
    By(Repetition),
}

fn merge_rule(setup: &Setup) -> Merge {
    match setup.rules {
        RuleId::Directed => Merge::Never,
        RuleId::Mango => Merge::By(Repetition::Positional),
        // The ko point, which moves were passes, and an end by repetition depend on more of
        // the history than an observation and the colourings show: these games are walked
        // without merging.
        _ if setup.options.graph_go_only().is_some() => Merge::Never,
        _ => Merge::By(setup.options.repetition),
    }
}

/// The path to a node: the turns, and what the merge key reads of it.
#[derive(Clone)]
struct Path {
    turns: Vec<Turn>,
    /// (position, player to move) at the start and after every turn played.
    history: Vec<(Vec<Colour>, Option<Player>)>,
    passes: u32,
}

fn key(merge: Merge, observation: &Observation, path: &Path) -> Option<String> {
    let Merge::By(repetition) = merge else {
        return None;
    };
    let mut k = compare::observation_text(observation);
    let _ = write!(k, "|passes {}|", path.passes.min(2));
    let symbols = |p: &[Colour]| p.iter().map(|c| c.symbol()).collect::<String>();
    match repetition {
        Repetition::Positional => {
            let set: BTreeSet<String> = path.history.iter().map(|(p, _)| symbols(p)).collect();
            k.extend(set.into_iter().map(|s| s + ","));
        }
        Repetition::Situational => {
            let set: BTreeSet<String> = path
                .history
                .iter()
                .map(|(p, m)| format!("{}{:?}", symbols(p), m))
                .collect();
            k.extend(set.into_iter().map(|s| s + ","));
        }
        Repetition::Simple => {
            let n = path.history.len();
            if n >= 2 {
                k.push_str(&symbols(&path.history[n - 2].0));
            }
        }
        Repetition::None => {}
        // `merge_rule` never merges under these (`Options::graph_go_only`).
        Repetition::NaturalSituational | Repetition::KoPoint => return None,
    }
    Some(k)
}

struct Walk<'r, 'a> {
    run: &'r Run<'a>,
    family: Family,
    label: &'r str,
    setup: &'r Setup,
    merge: Merge,
    /// Games counted from each (key, depth left) already walked.
    memo: HashMap<(String, usize), u128>,
    keys: HashSet<String>,
    coverage: Coverage,
    findings: Vec<ExhaustFinding>,
}

impl Walk<'_, '_> {
    fn stopped(&self) -> bool {
        self.findings.len() >= self.run.max_findings
    }

    /// A session at the end of `turns`: a fork of `session`, or a replay from the start.
    fn branch(&self, session: &Session, turns: &[Turn]) -> Option<Session> {
        if let Some(s) = session.fork() {
            return Some(s);
        }
        let mut s = Session::start(self.run.a, self.run.b, self.setup)
            .ok()
            .flatten()?;
        for t in turns {
            s.play(t).ok()?;
        }
        Some(s)
    }

    fn diverged(&mut self, turns: Vec<Turn>) {
        let game = Game {
            setup: self.setup.clone(),
            turns,
        };
        let (a, b) = (self.run.a, self.run.b);
        let (game, divergence) = match compare::shrink(a, b, &game, self.run.shrink_budget) {
            Some(s) => (s.game, Some(s.divergence)),
            None => (game, None),
        };
        let text = match divergence {
            Some(d) => d.describe(game.setup.turn_names()),
            None => "a divergence that does not come back when replayed".into(),
        };
        self.found(text, game, "shrunk");
    }

    fn found(&mut self, text: String, game: Game, note: &str) {
        let file = self.run.out.as_ref().map(|dir| {
            let stem = format!(
                "exhaust-{}-{}",
                self.family.name(),
                self.label.replace([' ', '#', '/', ','], "-")
            );
            // Never overwrite a finding: the first free numbered name.
            (1..)
                .map(|i| dir.join(format!("{stem}-{i}.yaml")))
                .find(|p| !p.exists())
                .expect("some name is free")
        });
        if let Some(path) = &file {
            let mut body = String::new();
            let _ = writeln!(
                body,
                "# graphgo exhaust: {} ({}), {note}; `graphgo check FILE` replays it",
                self.label,
                self.family.name()
            );
            for line in text.lines() {
                let _ = writeln!(body, "# {line}");
            }
            body.push_str(&Record::from_game(&game.setup, &game.turns).to_yaml());
            if let Err(e) = write_atomically(path, &body) {
                // Kept in the report (and printed): a finding is never lost.
                self.findings.push(ExhaustFinding {
                    family: self.family,
                    label: format!("{} (cannot write {}: {e})", self.label, path.display()),
                    text: text.clone(),
                    game: game.clone(),
                    file: None,
                });
                return;
            }
        }
        self.findings.push(ExhaustFinding {
            family: self.family,
            label: self.label.to_string(),
            text,
            game,
            file,
        });
    }

    /// Walks every game from `session` for `left` more turns; returns how many games.
    fn visit(&mut self, session: &Session, path: &Path, left: usize) -> u128 {
        let key = key(self.merge, session.observation(), path);
        if let Some(k) = &key {
            if let Some(&games) = self.memo.get(&(k.clone(), left)) {
                self.coverage.merged += 1;
                return games;
            }
            if self.keys.insert(k.clone()) {
                self.coverage.positions += 1;
            }
        } else {
            self.coverage.positions += 1;
        }
        let legal = session.legal_turns().to_vec();
        let games = if left == 0 || legal.is_empty() || self.stopped() {
            1
        } else {
            if self.run.scope.refusals {
                self.refusals(session, path, &legal);
            }
            let mut games = 0;
            for turn in &legal {
                if self.stopped() {
                    break;
                }
                games += self.child(session, path, turn, left);
            }
            games
        };
        if let Some(k) = key {
            self.memo.insert((k, left), games);
        }
        games
    }

    fn child(&mut self, session: &Session, path: &Path, turn: &Turn, left: usize) -> u128 {
        let Some(mut next) = self.branch(session, &path.turns) else {
            return 0;
        };
        let mut turns = path.turns.clone();
        turns.push(turn.clone());
        self.coverage.turns += 1;
        match next.play(turn) {
            Err(_) => {
                self.diverged(turns);
                0
            }
            Ok(Verdict::Played) => {
                self.coverage.invariants += 1;
                if let Some(broken) = invariant_violation(self.setup, turn, next.observation()) {
                    let game = Game {
                        setup: self.setup.clone(),
                        turns: turns.clone(),
                    };
                    self.found(broken, game, "a broken invariant, both sides agreeing");
                    return 1;
                }
                let o = next.observation();
                let mut history = path.history.clone();
                history.push((o.position.clone(), o.to_move));
                let passes = match turn {
                    Turn::Pass { .. } => path.passes + 1,
                    _ => 0,
                };
                let child_path = Path {
                    turns,
                    history,
                    passes,
                };
                self.visit(&next, &child_path, left - 1)
            }
            // Both sides refuse a turn the legal list gave: the list is wrong on both.
            Ok(other) => {
                let game = Game {
                    setup: self.setup.clone(),
                    turns,
                };
                self.found(
                    format!("both sides list {turn:?} as legal and then {other:?}"),
                    game,
                    "a listed turn refused",
                );
                0
            }
        }
    }

    /// Gives both sides every move the legal list leaves out, and a turn by the wrong
    /// player, comparing what they do.
    fn refusals(&mut self, session: &Session, path: &Path, legal: &[Turn]) {
        let Some(player) = session.observation().to_move else {
            return;
        };
        let targets = self.setup.turn_names().len();
        let mut tries: Vec<Turn> = (0..targets)
            .map(|at| Turn::Move { player, at })
            .filter(|t| !legal.contains(t))
            .collect();
        tries.push(Turn::Move {
            player: player.opponent(),
            at: 0,
        });
        for turn in tries {
            if self.stopped() {
                return;
            }
            let Some(mut next) = self.branch(session, &path.turns) else {
                return;
            };
            self.coverage.turns += 1;
            self.coverage.refusals += 1;
            match next.play(&turn) {
                Err(_) => {
                    let mut turns = path.turns.clone();
                    turns.push(turn);
                    self.diverged(turns);
                }
                Ok(Verdict::Played) if turn.player() == player => {
                    let mut turns = path.turns.clone();
                    turns.push(turn.clone());
                    let game = Game {
                        setup: self.setup.clone(),
                        turns,
                    };
                    self.found(
                        format!("both sides play {turn:?}, which neither listed as legal"),
                        game,
                        "an unlisted turn played",
                    );
                }
                Ok(_) => {}
            }
        }
    }
}

/// Walks one setup; returns its coverage and findings.
pub fn walk(
    run: &Run,
    family: Family,
    label: &str,
    setup: &Setup,
    depth: usize,
) -> (Coverage, Vec<ExhaustFinding>) {
    let started = Instant::now();
    let mut walk = Walk {
        run,
        family,
        label,
        setup,
        merge: merge_rule(setup),
        memo: HashMap::new(),
        keys: HashSet::new(),
        coverage: Coverage::default(),
        findings: Vec::new(),
    };
    match Session::start(run.a, run.b, setup) {
        Ok(Some(session)) => {
            let o = session.observation();
            let path = Path {
                turns: Vec::new(),
                history: vec![(o.position.clone(), o.to_move)],
                passes: 0,
            };
            walk.coverage.games = walk.visit(&session, &path, depth);
        }
        Ok(None) => {}
        Err(_) => walk.diverged(Vec::new()),
    }
    walk.coverage.setups = 1;
    walk.coverage.time = started.elapsed();
    (walk.coverage, walk.findings)
}

/// Runs a scope (this shard's part of it), calling `progress` after every setup with the
/// number done and the total.
pub fn run(run: &Run, progress: &mut dyn FnMut(usize, usize)) -> ExhaustReport {
    let all = items(&run.scope);
    let mine: Vec<&(Item, usize)> = all
        .iter()
        .enumerate()
        .filter(|(i, _)| *i as u64 % run.shard.count == run.shard.index - 1)
        .map(|(_, x)| x)
        .collect();
    let mut report = ExhaustReport {
        coverage: run
            .scope
            .families
            .iter()
            .map(|&(f, reach)| (f, reach, Coverage::default()))
            .collect(),
        ..ExhaustReport::default()
    };
    let mut boards: HashSet<(usize, String)> = HashSet::new();
    for (done, &(item, entry)) in mine.iter().enumerate() {
        if report.findings.len() >= run.max_findings {
            break;
        }
        let depth = run.scope.families[*entry].1.depth;
        let (coverage, findings) = walk(run, item.family, &item.label, &item.setup, depth);
        let slot = &mut report.coverage[*entry];
        slot.2.add(&coverage);
        if boards.insert((*entry, item.label.clone())) {
            slot.2.boards += 1;
        }
        report.findings.extend(findings);
        progress(done + 1, mine.len());
    }
    report
}
