//! What a campaign shard leaves beside its findings, and how shards are put back together.
//!
//! Every shard of a campaign (`graphgo fuzz`, and any command that splits its games the
//! same way) keeps a [`ShardSummary`] in its output folder, in a file named by the
//! campaign's seed and the shard ([`ShardSummary::file_name`]), rewritten atomically as the
//! campaign goes. It says what the shard covered (its first `games` games, in order), and
//! its findings grouped by signature (one shrunk record, a count, the games). It is what a
//! campaign restarted with the same command resumes from, and what `graphgo merge` reads
//! ([`merge`]): any number of shard folders give one summary, the findings grouped by
//! signature across shards, the coverage added up, and the shards that are missing.
//! The JSON fields are described in `spec/FORMAT.md`, "Campaign summaries".

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::differential::shard::Shard;

/// The `format` field of a shard summary.
pub const SUMMARY_FORMAT: &str = "graphgo campaign summary 1";

/// How many of the games of a group are listed (the lowest); the count counts them all.
pub const GAMES_LISTED: usize = 20;

/// The largest summary file read (a documented cap): a summary of the default 20
/// findings is a few KB.
pub const MAX_SUMMARY_BYTES: u64 = 16 * 1024 * 1024;

/// The most summary files `merge` reads from one folder (a documented cap).
pub const MAX_SUMMARY_FILES: usize = 100_000;

/// The most finding groups (signatures) a shard keeps: `--max-findings` is at most this.
pub const MAX_FINDINGS: usize = 1_000;

/// The most seconds a summary may say a shard has run (a documented cap): over a century.
pub const MAX_ELAPSED_SECONDS: f64 = 1e10;

/// What `stopped` may say.
pub const STOPPED_WORDS: [&str; 6] = [
    "running",
    "limit",
    "max-findings",
    "SIGINT",
    "SIGTERM",
    "signal",
];

/// The findings of one signature.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct FindingGroup {
    /// What kind of bug ([`crate::differential::findings::signature`]).
    pub signature: String,
    /// How many games showed it.
    pub count: u64,
    /// The lowest game index that showed it: the game whose shrunk record is kept.
    pub first_game: u64,
    /// The lowest [`GAMES_LISTED`] game indices that showed it.
    pub games: Vec<u64>,
    /// The shrunk record's file name, in the summary's folder (none when it could not be
    /// written, or when the campaign had no output folder).
    pub file: Option<String>,
    /// Turns and vertices of the shrunk record.
    pub turns: usize,
    pub vertices: usize,
    /// Where the sides differ in the shrunk record, as `graphgo check` prints it.
    pub description: String,
}

impl FindingGroup {
    /// Adds a game that shows this group's signature.
    pub fn add_game(&mut self, index: u64) {
        self.count += 1;
        if let Err(at) = self.games.binary_search(&index) {
            self.games.insert(at, index);
            self.games.truncate(GAMES_LISTED);
        }
    }
}

/// The shard named in a summary.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardId {
    pub index: u64,
    pub count: u64,
}

impl From<Shard> for ShardId {
    fn from(s: Shard) -> ShardId {
        ShardId {
            index: s.index,
            count: s.count,
        }
    }
}

/// One shard's summary file.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct ShardSummary {
    /// [`SUMMARY_FORMAT`].
    pub format: String,
    /// The command that ran the shard (`fuzz`).
    pub command: String,
    /// The two sides compared.
    pub sides: [String; 2],
    pub seed: u64,
    pub shard: ShardId,
    /// The shard's first `games` games were played (game indices `shard.game(0 .. games)`).
    pub games: u64,
    pub turns: u64,
    /// Time spent over every run of the shard.
    pub elapsed_seconds: f64,
    /// `running` (written while the shard runs, or left by a run that was killed), `limit`
    /// (its --games or --time was reached), `max-findings`, `SIGINT`, `SIGTERM`.
    pub stopped: String,
    /// Games that diverged (the sum of the groups' counts).
    pub divergences: u64,
    /// By the first game that showed them.
    pub findings: Vec<FindingGroup>,
    /// Files that could not be written.
    pub write_errors: Vec<String>,
}

impl ShardSummary {
    /// An empty summary of a shard about to start.
    pub fn new(command: &str, sides: [String; 2], seed: u64, shard: Shard) -> ShardSummary {
        ShardSummary {
            format: SUMMARY_FORMAT.into(),
            command: command.into(),
            sides,
            seed,
            shard: shard.into(),
            games: 0,
            turns: 0,
            elapsed_seconds: 0.0,
            stopped: "running".into(),
            divergences: 0,
            findings: Vec::new(),
            write_errors: Vec::new(),
        }
    }

    /// The summary's file name: `summary-seedS-shardKofN.json`.
    pub fn file_name(seed: u64, shard: Shard) -> String {
        format!(
            "summary-seed{seed}-shard{}of{}.json",
            shard.index, shard.count
        )
    }

    /// Reads a summary file; a message naming the file and what is wrong.
    pub fn load(path: &Path) -> Result<ShardSummary, String> {
        let shown = path.display();
        // A file graphgo did not write in this run: a regular file only, read up to the cap.
        let (text, _) =
            crate::io::record::read_found_text_file(path, MAX_SUMMARY_BYTES, "campaign summary")
                .map_err(|e| e.0)?;
        let value: serde_json::Value = crate::io::input_words::read_json(&text)
            .map_err(|e| format!("{shown}: not a campaign summary: not valid JSON: {e}"))?;
        let summary: ShardSummary = serde_path_to_error::deserialize(value).map_err(|e| {
            let said =
                crate::io::input_words::field_error(&e.path().to_string(), &e.inner().to_string());
            format!("{shown}: not a campaign summary: {said}")
        })?;
        if summary.format != SUMMARY_FORMAT {
            return Err(format!(
                "{shown}: format '{}' is not '{SUMMARY_FORMAT}'",
                summary.format
            ));
        }
        summary
            .check(path.file_name().map(|n| n.to_string_lossy()).as_deref())
            .map_err(|e| format!("{shown}: {e}"))?;
        // The records it names are read and copied by `merge`: each must be a file of the
        // summary's own folder.
        let folder = path.parent().unwrap_or(Path::new("."));
        let folder = if folder.as_os_str().is_empty() {
            Path::new(".")
        } else {
            folder
        };
        for (i, g) in summary.findings.iter().enumerate() {
            if let Some(name) = &g.file {
                crate::io::inside::resolve(folder, name, &format!("field 'findings[{i}].file'"))
                    .map_err(|e| format!("{shown}: {e}"))?;
            }
        }
        Ok(summary)
    }

    /// Whether the summary's numbers can be true of a shard within the caps, and agree
    /// with its file's name (`summary-seedS-shardKofN.json`, when it is one) and with each
    /// other: a message naming the field otherwise. A summary is read by the shard's next
    /// run and by `merge`, which add its counts up: a count that could not be (more
    /// divergences than games, a game outside the shard, 1e308 seconds) is refused here,
    /// not carried into a sum.
    pub fn check(&self, file_name: Option<&str>) -> Result<(), String> {
        let ShardId { index, count } = self.shard;
        let Some(shard) = Shard::new(index, count) else {
            return Err(format!(
                "field 'shard': {index}/{count} is not K/N with 1 <= K <= N <= {}",
                crate::differential::shard::MAX_SHARDS
            ));
        };
        if let Some(name) = file_name.filter(|n| n.starts_with("summary-")) {
            let own = ShardSummary::file_name(self.seed, shard);
            if name != own {
                return Err(format!(
                    "its fields say seed {} shard {index}/{count}, which is the summary {own}, not {name}: a summary must not be renamed",
                    self.seed
                ));
            }
        }
        let max_games = crate::differential::shard::MAX_GAMES;
        if self.games > max_games {
            return Err(format!(
                "field 'games': {} is over the cap of {max_games} games per shard",
                self.games
            ));
        }
        let max_turns = self
            .games
            .saturating_mul(crate::io::record::MAX_TURNS as u64);
        if self.turns > max_turns {
            return Err(format!(
                "field 'turns': {} is more than {} games can hold ({} turns each at most)",
                self.turns,
                self.games,
                crate::io::record::MAX_TURNS
            ));
        }
        let e = self.elapsed_seconds;
        if !(e.is_finite() && (0.0..=MAX_ELAPSED_SECONDS).contains(&e)) {
            return Err(format!(
                "field 'elapsed_seconds': must be a number of seconds from 0 to {MAX_ELAPSED_SECONDS:e}"
            ));
        }
        if !STOPPED_WORDS.contains(&self.stopped.as_str()) {
            return Err(format!(
                "field 'stopped': '{}' is not one of {}",
                self.stopped.escape_debug(),
                STOPPED_WORDS.join(", ")
            ));
        }
        if self.divergences > self.games {
            return Err(format!(
                "field 'divergences': {} is more than the {} games played",
                self.divergences, self.games
            ));
        }
        if self.findings.len() > MAX_FINDINGS {
            return Err(format!(
                "field 'findings': {} groups is over the cap of {MAX_FINDINGS}",
                self.findings.len()
            ));
        }
        // A game of the shard: i mod N = K - 1, among its first `games`.
        let of_shard = |g: u64| g % count == index - 1 && g / count < self.games;
        let mut counted: u64 = 0;
        for (i, g) in self.findings.iter().enumerate() {
            let at = format!("field 'findings[{i}]");
            if g.count == 0 || g.count > self.games {
                return Err(format!(
                    "{at}.count': {} is not from 1 to the {} games played",
                    g.count, self.games
                ));
            }
            counted = counted.saturating_add(g.count);
            if !of_shard(g.first_game) {
                return Err(format!(
                    "{at}.first_game': game {} is not one of the {} games of shard {index}/{count}",
                    g.first_game, self.games
                ));
            }
            if g.games.len() > GAMES_LISTED {
                return Err(format!(
                    "{at}.games': {} games listed, more than the {GAMES_LISTED} a group lists",
                    g.games.len()
                ));
            }
            if let Some(bad) = g.games.iter().find(|&&x| !of_shard(x)) {
                return Err(format!(
                    "{at}.games': game {bad} is not one of the {} games of shard {index}/{count}",
                    self.games
                ));
            }
        }
        if counted != self.divergences {
            return Err(format!(
                "field 'divergences': {} is not the sum of the findings' counts ({counted})",
                self.divergences
            ));
        }
        Ok(())
    }

    /// The summary as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a summary prints") + "\n"
    }
}

/// A finding group of a merged campaign, with the folder its record is in.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct MergedGroup {
    #[serde(flatten)]
    pub group: FindingGroup,
    /// The shard whose record is kept (the one with the lowest game).
    pub shard: u64,
    /// The folder the record was read from.
    #[serde(skip)]
    pub folder: PathBuf,
}

/// Shards put together.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Merged {
    pub command: String,
    pub sides: [String; 2],
    pub seed: u64,
    /// N.
    pub shards: u64,
    /// The shards found (1-based), and those missing as ranges `[first, last]`: a campaign
    /// of a million shards with one present lists one range, not 999,999 numbers.
    pub present: Vec<u64>,
    pub missing: Vec<[u64; 2]>,
    /// Shards whose run stopped before its limit (interrupted, killed, or at
    /// --max-findings): `K: why`.
    pub unfinished: Vec<String>,
    pub games: u64,
    pub turns: u64,
    pub divergences: u64,
    pub findings: Vec<MergedGroup>,
    /// Notes about the folders read (a shard found twice).
    pub notes: Vec<String>,
}

impl Merged {
    /// Whether every shard is there and reached its limit.
    pub fn complete(&self) -> bool {
        self.missing.is_empty() && self.unfinished.is_empty()
    }

    /// The merged summary as text.
    pub fn text(&self) -> String {
        let mut out = format!(
            "campaign `{}` of {} vs {}, seed {}: {} of {} shards{}\n",
            self.command,
            self.sides[0],
            self.sides[1],
            self.seed,
            self.present.len(),
            self.shards,
            if self.missing.is_empty() {
                String::new()
            } else {
                format!(
                    "; MISSING shards {}",
                    self.missing
                        .iter()
                        .map(|&[a, b]| if a == b {
                            format!("{a}/{}", self.shards)
                        } else {
                            format!("{a}-{b}/{}", self.shards)
                        })
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            }
        );
        for u in &self.unfinished {
            out.push_str(&format!("unfinished shard {u}\n"));
        }
        for n in &self.notes {
            out.push_str(&format!("note: {n}\n"));
        }
        out.push_str(&format!(
            "{} games, {} turns, {} divergence{} in {} group{}\n",
            self.games,
            self.turns,
            self.divergences,
            if self.divergences == 1 { "" } else { "s" },
            self.findings.len(),
            if self.findings.len() == 1 { "" } else { "s" }
        ));
        for f in &self.findings {
            let g = &f.group;
            out.push_str(&format!(
                "{} game{}: {}\n  first in game {} (shard {}), shrunk to {} turns on {} vertices: {}\n",
                g.count,
                if g.count == 1 { "" } else { "s" },
                // From a file graphgo did not write in this run: it cannot break its line.
                crate::board::escape_hidden(&g.signature),
                g.first_game,
                f.shard,
                g.turns,
                g.vertices,
                g.file
                    .as_ref()
                    .map(|n| f.folder.join(n).display().to_string())
                    .unwrap_or_else(|| "(not written)".into())
            ));
        }
        out
    }
}

/// Reads every `summary-*.json` in `folders` (one campaign: the same command, sides, seed
/// and shard count) and puts them together; a message naming the folder or file otherwise.
pub fn merge(folders: &[PathBuf]) -> Result<Merged, String> {
    let mut read: Vec<(PathBuf, ShardSummary)> = Vec::new();
    for folder in folders {
        let shown = folder.display();
        let summary = |p: &Path| {
            p.file_name().is_some_and(|n| {
                let n = n.to_string_lossy();
                n.starts_with("summary-") && n.ends_with(".json")
            })
        };
        let names = crate::io::walk::files(
            folder,
            false,
            &summary,
            MAX_SUMMARY_FILES,
            "campaign summary",
        )
        .map_err(|e| e.0)?;
        if names.is_empty() {
            return Err(format!(
                "{shown}: no campaign summary (summary-*.json) in the folder"
            ));
        }
        for path in names {
            let summary = ShardSummary::load(&path)?;
            read.push((folder.clone(), summary));
        }
    }
    let (_, first) = read.first().ok_or("no folder given")?;
    let key = |s: &ShardSummary| (s.command.clone(), s.sides.clone(), s.seed, s.shard.count);
    let expected = key(first);
    for (folder, s) in &read {
        if key(s) != expected {
            return Err(format!(
                "{}: shard {}/{} of `{}` {} vs {} seed {} is not of the same campaign as shard {}/{} of `{}` {} vs {} seed {} (merge one campaign at a time)",
                folder.display(),
                s.shard.index,
                s.shard.count,
                s.command,
                s.sides[0],
                s.sides[1],
                s.seed,
                first.shard.index,
                first.shard.count,
                first.command,
                first.sides[0],
                first.sides[1],
                first.seed
            ));
        }
    }
    // One summary a shard: when a shard was run twice (in two folders), the run that went
    // further is kept.
    let mut by_shard: BTreeMap<u64, (PathBuf, ShardSummary)> = BTreeMap::new();
    let mut notes = Vec::new();
    for (folder, s) in read {
        let k = s.shard.index;
        match by_shard.get(&k) {
            Some((other, kept)) => {
                notes.push(format!(
                    "shard {k} is in {} ({} games) and {} ({} games): the one with more games is kept",
                    other.display(),
                    kept.games,
                    folder.display(),
                    s.games
                ));
                if s.games > kept.games {
                    by_shard.insert(k, (folder, s));
                }
            }
            None => {
                by_shard.insert(k, (folder, s));
            }
        }
    }
    let count = expected.3;
    let mut merged = Merged {
        command: expected.0,
        sides: expected.1,
        seed: expected.2,
        shards: count,
        present: by_shard.keys().copied().collect(),
        missing: gaps(by_shard.keys().copied(), count),
        unfinished: Vec::new(),
        games: 0,
        turns: 0,
        divergences: 0,
        findings: Vec::new(),
        notes,
    };
    let mut groups: BTreeMap<String, MergedGroup> = BTreeMap::new();
    for (k, (folder, s)) in &by_shard {
        if s.stopped != "limit" {
            merged
                .unfinished
                .push(format!("{k}/{count}: {}", s.stopped));
        }
        // Each shard's counts are within the caps (ShardSummary::check); their sum is
        // checked too, and refused rather than wrapped.
        let add = |total: u64, more: u64, what: &str| {
            total.checked_add(more).ok_or_else(|| {
                format!(
                    "{}: the shards' {what} add up past {}, more than graphgo counts",
                    folder.display(),
                    u64::MAX
                )
            })
        };
        merged.games = add(merged.games, s.games, "games")?;
        merged.turns = add(merged.turns, s.turns, "turns")?;
        merged.divergences = add(merged.divergences, s.divergences, "divergences")?;
        for g in &s.findings {
            match groups.get_mut(&g.signature) {
                None => {
                    groups.insert(
                        g.signature.clone(),
                        MergedGroup {
                            group: g.clone(),
                            shard: *k,
                            folder: folder.clone(),
                        },
                    );
                }
                Some(m) => {
                    let mut games: Vec<u64> =
                        m.group.games.iter().chain(&g.games).copied().collect();
                    games.sort_unstable();
                    games.dedup();
                    games.truncate(GAMES_LISTED);
                    let count = m.group.count.checked_add(g.count).ok_or_else(|| {
                        format!(
                            "{}: the counts of '{}' add up past {}",
                            folder.display(),
                            g.signature,
                            u64::MAX
                        )
                    })?;
                    if g.first_game < m.group.first_game {
                        *m = MergedGroup {
                            group: g.clone(),
                            shard: *k,
                            folder: folder.clone(),
                        };
                    }
                    m.group.games = games;
                    m.group.count = count;
                }
            }
        }
    }
    merged.findings = groups.into_values().collect();
    merged.findings.sort_by_key(|m| m.group.first_game);
    Ok(merged)
}

/// The record kept for each group that names one, checked before anything is written: a
/// name inside its summary's folder ([`crate::io::inside::resolve`]) of a regular file
/// within the record cap; its path. A message naming the folder, the field and the name
/// otherwise (bad input: `merge` exits 2 and writes nothing).
pub fn kept_records(merged: &Merged) -> Result<Vec<Option<PathBuf>>, String> {
    merged
        .findings
        .iter()
        .map(|f| {
            let Some(name) = &f.group.file else {
                return Ok(None);
            };
            // The name comes from a file graphgo did not write in this run: it must stay in
            // its folder (no `..`, no absolute path, no link out), and be a regular file.
            let from = crate::io::inside::resolve(&f.folder, name, "field 'file'")
                .map_err(|e| format!("{}: {e}", f.folder.display()))?;
            crate::io::bounded::open(
                &from,
                crate::io::record::MAX_RECORD_BYTES,
                "record",
                crate::io::bounded::Origin::Found,
            )
            .map_err(|e| format!("cannot read the record: {e}"))?;
            Ok(Some(from))
        })
        .collect()
}

/// The numbers from 1 to `count` not in `present` (sorted), as ranges `[first, last]`.
fn gaps(present: impl IntoIterator<Item = u64>, count: u64) -> Vec<[u64; 2]> {
    let mut out = Vec::new();
    let mut next = 1;
    for k in present {
        if k > next {
            out.push([next, k - 1]);
        }
        next = k.saturating_add(1);
    }
    if next <= count {
        out.push([next, count]);
    }
    out
}

/// Copies the record kept for each group into `store` (never over another file: a name
/// taken by another text gets a suffix) and writes the merged summary there as
/// `merged-seedS.json` (replacing an earlier merge of the same campaign); the summary's
/// path. The groups' `file` and `folder` then name the copies. `records` are the groups'
/// records as [`kept_records`] checked them.
pub fn write_merged(
    merged: &mut Merged,
    records: &[Option<PathBuf>],
    store: &crate::differential::findings::Store,
) -> Result<PathBuf, String> {
    for (f, from) in merged.findings.iter_mut().zip(records) {
        let (Some(name), Some(from)) = (f.group.file.clone(), from) else {
            continue;
        };
        let (text, _) = crate::io::record::read_found_text_file(
            from,
            crate::io::record::MAX_RECORD_BYTES,
            "record",
        )
        .map_err(|e| format!("cannot read the record: {e}"))?;
        let plain = Path::new(&name)
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| name.clone());
        let (stem, ext) = plain.rsplit_once('.').unwrap_or((&plain, "yaml"));
        let copy = store
            .publish_new(stem, ext, &text)
            .map_err(|e| format!("{}: cannot write: {e}", store.dir().join(&plain).display()))?;
        f.group.file = copy.file_name().map(|n| n.to_string_lossy().into_owned());
        f.folder = store.dir().to_path_buf();
    }
    let path = store.dir().join(format!("merged-seed{}.json", merged.seed));
    let text = serde_json::to_string_pretty(merged).expect("a merged summary prints") + "\n";
    crate::io::atomic_file::write_atomically(&path, &text)
        .map_err(|e| format!("{}: cannot write: {e}", path.display()))?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_shards_are_ranges() {
        assert_eq!(gaps([], 3), vec![[1, 3]]);
        assert_eq!(gaps([1, 2, 3], 3), Vec::<[u64; 2]>::new());
        assert_eq!(gaps([2, 5], 6), vec![[1, 1], [3, 4], [6, 6]]);
        assert_eq!(gaps([1], 1_000_000), vec![[2, 1_000_000]]);
    }

    fn summary() -> ShardSummary {
        let mut s = ShardSummary::new(
            "fuzz",
            ["spec".into(), "engine".into()],
            7,
            Shard { index: 2, count: 3 },
        );
        s.games = 10;
        s.turns = 100;
        s.stopped = "limit".into();
        s.divergences = 2;
        s.findings.push(FindingGroup {
            signature: "x".into(),
            count: 2,
            first_game: 4,
            games: vec![4, 28],
            file: None,
            turns: 1,
            vertices: 1,
            description: String::new(),
        });
        s
    }

    #[test]
    fn a_summary_whose_numbers_cannot_be_true_is_refused_by_field() {
        let own = "summary-seed7-shard2of3.json";
        assert_eq!(summary().check(Some(own)), Ok(()));
        let e = summary()
            .check(Some("summary-seed7-shard1of1.json"))
            .unwrap_err();
        assert!(
            e.contains("which is the summary summary-seed7-shard2of3.json"),
            "{e}"
        );
        type Spoil = fn(&mut ShardSummary);
        let cases: [(&str, Spoil); 8] = [
            ("field 'elapsed_seconds'", |s| s.elapsed_seconds = 1e308),
            ("field 'elapsed_seconds'", |s| s.elapsed_seconds = f64::NAN),
            ("field 'shard'", |s| s.shard.count = u64::MAX),
            ("field 'games'", |s| s.games = u64::MAX),
            ("field 'divergences'", |s| s.divergences = 3),
            ("field 'findings[0].first_game'", |s| {
                s.findings[0].first_game = 5
            }),
            ("field 'findings[0].games'", |s| {
                s.findings[0].games.push(31)
            }),
            ("field 'stopped'", |s| s.stopped = "done".into()),
        ];
        for (field, spoil) in cases {
            let mut s = summary();
            spoil(&mut s);
            let e = s.check(None).unwrap_err();
            assert!(e.starts_with(field), "{field}: {e}");
        }
    }
}
