//! `rules.yaml`: what an implementation under `adapters/` declares (adapters/README.md), read
//! and checked, and each of its rows: the implementation as a whole, or one of its documented
//! configurations ([`Row`]), with the rules graphgo is set to for it.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::conformance::gtp;
use crate::game::{KoPass, Options, Repetition, RepetitionEnd, SelfCapture};

/// A claim of `rules.yaml`: its value and where the implementation says so.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct RulesClaim {
    pub value: serde_norway::Value,
    #[serde(default)]
    pub source: String,
}

impl RulesClaim {
    /// The value as a word (`true`/`false` for booleans).
    pub fn word(&self) -> String {
        match &self.value {
            serde_norway::Value::String(s) => s.clone(),
            serde_norway::Value::Bool(b) => b.to_string(),
            serde_norway::Value::Number(n) => n.to_string(),
            other => format!("{other:?}"),
        }
    }
}

/// A range of board sides.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct SquareSides {
    pub min: usize,
    pub max: usize,
}

impl SquareSides {
    pub fn contains(&self, side: usize) -> bool {
        (self.min..=self.max).contains(&side)
    }
}

/// `boards.rectangular`: `false`, `true` (the square's sides) or a range of sides.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(untagged)]
pub enum Rectangles {
    Flag(bool),
    Sides(SquareSides),
}

impl Default for Rectangles {
    fn default() -> Rectangles {
        Rectangles::Flag(false)
    }
}

/// A named board of the graph extension (`graphgo-board_select NAME`).
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct NamedGraph {
    pub name: String,
    /// The counts graphgo checks the reported graph against.
    pub points: usize,
    pub edges: usize,
    #[serde(default)]
    pub source: String,
    /// A record board (`spec/FORMAT.md`, "Boards") the reported graph must be, name for name.
    #[serde(default)]
    pub board: Option<serde_norway::Value>,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct DeclaredBoards {
    /// The square sides played (none for an implementation that plays only its own graphs).
    #[serde(default)]
    pub square: Option<SquareSides>,
    #[serde(default)]
    pub rectangular: Rectangles,
    #[serde(default)]
    pub graphs: Vec<NamedGraph>,
}

impl DeclaredBoards {
    /// The sides of the rectangles played, if any.
    pub fn rectangles(&self) -> Option<SquareSides> {
        match self.rectangular {
            Rectangles::Flag(false) => None,
            Rectangles::Flag(true) => self.square,
            Rectangles::Sides(s) => Some(s),
        }
    }
}

/// A documented configuration of an implementation: a row of its own.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Configuration {
    pub name: String,
    #[serde(default)]
    pub title: Option<String>,
    /// Words added to the command.
    #[serde(default)]
    pub args: Vec<String>,
    /// GTP commands sent once the adapter answers (each must succeed).
    #[serde(default)]
    pub gtp: Vec<String>,
    /// The claims that differ from the implementation's `rules`.
    #[serde(default)]
    pub rules: BTreeMap<String, RulesClaim>,
    /// Commands not used in this configuration, besides the implementation's `not_compared`
    /// (a territory counting's `final_score`), each with why.
    #[serde(default)]
    pub not_compared: BTreeMap<String, String>,
    /// The random games of each view of this configuration, where it needs another count than
    /// the implementation's `games` (a configuration whose games end early at a finding).
    #[serde(default)]
    pub games: Option<u64>,
    #[serde(default)]
    pub notes: Option<String>,
}

/// An implementation's `rules.yaml` (`adapters/README.md`).
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct Declaration {
    pub name: String,
    pub title: String,
    pub version: String,
    pub language: String,
    pub registry: String,
    pub package: String,
    pub driver: String,
    #[serde(default)]
    pub command: Vec<String>,
    /// Why it could not be installed or driven, when it could not.
    #[serde(default)]
    pub missing: Option<String>,
    /// Seconds for the first answer (default 60) and every later one (default 10).
    #[serde(default)]
    pub startup_timeout: Option<f64>,
    #[serde(default)]
    pub timeout: Option<f64>,
    pub boards: DeclaredBoards,
    pub rules: BTreeMap<String, RulesClaim>,
    #[serde(default)]
    pub configurations: Vec<Configuration>,
    /// Commands the implementation answers with another meaning than the subset's (GNU Go's
    /// `final_score` estimates dead stones), each with why: graphgo does not use them.
    #[serde(default)]
    pub not_compared: BTreeMap<String, String>,
    /// The random games of each view (default [`DEFAULT_GAMES`]).
    #[serde(default)]
    pub games: Option<u64>,
    /// The vectors each view plays, at most: the first this many that it runs, the smallest
    /// boards first (default: every vector that applies). For a row whose every turn is slow
    /// (KataGo: a network evaluation a turn), so that what it plays is fixed by this count and
    /// `games`, not cut by the cap.
    #[serde(default)]
    pub vectors: Option<usize>,
    /// The comparisons allowed to shrink one divergence of the random games (default 150):
    /// fewer for a row whose every replayed turn is slow, so that shrinking stays within the
    /// row's time without the cap cutting it.
    #[serde(default)]
    pub shrink: Option<usize>,
    /// The cap on one row's time, both views (default [`DEFAULT_MAX_SECONDS`]).
    #[serde(default)]
    pub max_seconds: Option<f64>,
    #[serde(default)]
    pub notes: Option<String>,
}

/// The random games of each view, unless `rules.yaml` says `games`.
pub const DEFAULT_GAMES: u64 = 50;
/// The cap on one row's time, unless `rules.yaml` says `max_seconds`.
pub const DEFAULT_MAX_SECONDS: f64 = 120.0;

/// The values each rule of `rules.yaml` may take (adapters/README.md), `unclaimed` included.
pub const RULE_VALUES: [(&str, &[&str]); 10] = [
    ("self_capture", &["all", "multi", "none", "unclaimed"]),
    (
        "repetition",
        &[
            "positional",
            "situational",
            "natural-situational",
            "simple",
            "ko-point",
            "none",
            "unclaimed",
        ],
    ),
    ("ko_pass", &["clears", "keeps", "unclaimed"]),
    (
        "repetition_end",
        &[
            "none",
            "positional-draw",
            "positional-loss",
            "situational-draw",
            "situational-loss",
            "third-situation-no-result",
            "unclaimed",
        ],
    ),
    ("passes_end", &["two passes", "unclaimed"]),
    ("scoring", &["area", "territory", "unclaimed"]),
    // Or a number: the one komi the implementation plays (dlgo's scoring fixes 7.5).
    ("komi", &["any", "unclaimed"]),
    ("setup_stones", &["true", "false", "unclaimed"]),
    ("handicap", &["true", "false", "unclaimed"]),
    ("turn_order", &["alternating", "free", "unclaimed"]),
];

/// One row of the report: an implementation, or one configuration of it.
#[derive(Clone, Debug)]
pub struct DeclaredRow {
    pub declaration: Declaration,
    pub configuration: Option<Configuration>,
}

impl DeclaredRow {
    /// The row's name in the report: `NAME`, or `NAME, CONFIGURATION`.
    pub fn title(&self) -> String {
        match &self.configuration {
            Some(c) => format!("{}, {}", self.declaration.name, c.name),
            None => self.declaration.name.clone(),
        }
    }

    /// The claims in force: the implementation's, the configuration's over them.
    pub fn rules(&self) -> BTreeMap<String, RulesClaim> {
        let mut rules = self.declaration.rules.clone();
        if let Some(c) = &self.configuration {
            for (k, v) in &c.rules {
                rules.insert(k.clone(), v.clone());
            }
        }
        rules
    }

    /// A rule's value as a word (`unclaimed` when the rule is not declared).
    pub fn rule(&self, name: &str) -> String {
        self.rules()
            .get(name)
            .map(RulesClaim::word)
            .unwrap_or_else(|| "unclaimed".into())
    }

    /// The commands not used, with why: the implementation's and the configuration's.
    pub fn not_compared(&self) -> BTreeMap<String, String> {
        let mut not = self.declaration.not_compared.clone();
        if let Some(c) = &self.configuration {
            not.extend(c.not_compared.clone());
        }
        not
    }

    /// The one komi the implementation plays, where `komi` is a number (it takes no other).
    pub fn fixed_komi(&self) -> Option<num_rational::BigRational> {
        crate::rational::parse(&self.rule("komi")).ok()
    }

    /// The command, with the configuration's words.
    pub fn command(&self) -> Vec<String> {
        let mut argv = self.declaration.command.clone();
        if let Some(c) = &self.configuration {
            argv.extend(c.args.iter().cloned());
        }
        argv
    }

    /// The GTP commands sent once the adapter answers.
    pub fn gtp_setup(&self) -> &[String] {
        self.configuration
            .as_ref()
            .map(|c| c.gtp.as_slice())
            .unwrap_or_default()
    }

    /// Where the row's findings go, relative to `spec/engines/findings/`.
    pub fn findings_folder(&self) -> PathBuf {
        let mut p = PathBuf::from(&self.declaration.name);
        if let Some(c) = &self.configuration {
            p.push(&c.name);
        }
        p
    }

    /// graphgo's options matching the declared rules (graphgo's default for a rule left
    /// unclaimed: its groups then read "not claimed").
    pub fn own_options(&self) -> Result<Options, String> {
        own_options(&|name| self.rule(name))
    }

    /// Whether the implementation declares that it keeps whose turn it is.
    pub fn alternating(&self) -> bool {
        self.rule("turn_order") == "alternating"
    }

    /// The random games of each view: the configuration's `games`, else the implementation's,
    /// else [`DEFAULT_GAMES`].
    pub fn games(&self) -> u64 {
        self.configuration
            .as_ref()
            .and_then(|c| c.games)
            .or(self.declaration.games)
            .unwrap_or(DEFAULT_GAMES)
    }

    /// The vectors a view plays at most (`vectors` of `rules.yaml`), if it says.
    pub fn vectors(&self) -> Option<usize> {
        self.declaration.vectors
    }

    /// The comparisons allowed to shrink one divergence (`shrink` of `rules.yaml`), if it says.
    pub fn shrink(&self) -> Option<usize> {
        self.declaration.shrink
    }

    pub fn max_seconds(&self) -> f64 {
        self.declaration.max_seconds.unwrap_or(DEFAULT_MAX_SECONDS)
    }
}

/// graphgo's options for the rules `rule` gives.
fn own_options(rule: &dyn Fn(&str) -> String) -> Result<Options, String> {
    let mut options = Options::default();
    options.self_capture = match rule("self_capture").as_str() {
        "all" => SelfCapture::All,
        "multi" => SelfCapture::Multi,
        "none" => SelfCapture::None,
        _ => options.self_capture,
    };
    let word = rule("repetition");
    options.repetition = Repetition::ALL
        .into_iter()
        .find(|r| r.word() == word)
        .unwrap_or(options.repetition);
    // The ko point after a pass (read under the ko point only), and a repetition that ends
    // the game; graphgo's defaults when unclaimed.
    options.ko_pass = match rule("ko_pass").as_str() {
        "keeps" if options.repetition == Repetition::KoPoint => KoPass::Keeps,
        "keeps" => {
            return Err(format!(
                "rules.ko_pass.value: 'keeps' is read with repetition ko-point only, not {}",
                options.repetition.word()
            ))
        }
        _ => KoPass::Clears,
    };
    let end = rule("repetition_end");
    options.repetition_end = RepetitionEnd::ALL
        .into_iter()
        .find(|e| e.word() == end)
        .unwrap_or_default();
    // Area counting as the libraries do it (Tromp-Taylor): an empty region that reaches no
    // stone counts for nobody.
    options.neutral = crate::game::Neutral::None;
    Ok(options)
}

impl Declaration {
    /// The rows of the report this declaration gives: one per configuration, or itself.
    pub fn rows(&self) -> Vec<DeclaredRow> {
        if self.configurations.is_empty() {
            return vec![DeclaredRow {
                declaration: self.clone(),
                configuration: None,
            }];
        }
        self.configurations
            .iter()
            .map(|c| DeclaredRow {
                declaration: self.clone(),
                configuration: Some(c.clone()),
            })
            .collect()
    }

    /// Every value checked against [`RULE_VALUES`] and the boards' ranges; the message names
    /// the field and the value.
    fn check(&self) -> Result<(), String> {
        let b = &self.boards;
        let mut ranges: Vec<(&str, SquareSides)> =
            b.square.iter().map(|&s| ("boards.square", s)).collect();
        if b.square.is_none() && b.graphs.is_empty() {
            return Err("boards: neither square nor graphs: no board to play".into());
        }
        if let Rectangles::Sides(s) = b.rectangular {
            ranges.push(("boards.rectangular", s));
        }
        for (field, s) in ranges {
            if s.min == 0 || s.min > s.max || s.max > gtp::MAX_GTP_SIZE {
                return Err(format!(
                    "{field}: {}..{} is not a range of sides within 1..{}",
                    s.min,
                    s.max,
                    gtp::MAX_GTP_SIZE
                ));
            }
        }
        let mut seen = std::collections::BTreeSet::new();
        for c in &self.configurations {
            let well_named = !c.name.is_empty()
                && c.name
                    .chars()
                    .all(|ch| ch.is_ascii_alphanumeric() || ch == '-' || ch == '_');
            if !well_named {
                return Err(format!(
                    "configurations: name '{}' is not lowercase letters, digits and '-'",
                    c.name
                ));
            }
            if !seen.insert(c.name.clone()) {
                return Err(format!("configurations: '{}' is named twice", c.name));
            }
        }
        for row in self.rows() {
            for (rule, claim) in row.rules() {
                let Some((_, values)) = RULE_VALUES.iter().find(|(r, _)| *r == rule) else {
                    // A rule of a later graphgo, or a note: kept, not interpreted.
                    continue;
                };
                let word = claim.word();
                let fixed_komi = rule == "komi" && crate::rational::parse(&word).is_ok();
                if !values.contains(&word.as_str()) && !fixed_komi {
                    let field = match &row.configuration {
                        Some(c) => format!("configurations[{}].rules.{rule}.value", c.name),
                        None => format!("rules.{rule}.value"),
                    };
                    let or_number = if rule == "komi" { ", or a number" } else { "" };
                    return Err(format!(
                        "{field}: '{word}' is not {}{or_number}",
                        values.join(", ")
                    ));
                }
            }
            row.own_options()?;
        }
        Ok(())
    }
}

/// Reads `dir/*/rules.yaml`, in the order of the folders' names.
pub fn declarations(dir: &Path) -> Result<Vec<(PathBuf, Declaration)>, String> {
    let mut found = Vec::new();
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut folders: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("rules.yaml").is_file())
        .collect();
    folders.sort();
    for folder in folders {
        let path = folder.join("rules.yaml");
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let d: Declaration =
            serde_norway::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        let folder_name = folder.file_name().unwrap_or_default().to_string_lossy();
        if d.name != folder_name {
            return Err(format!(
                "{}: name: '{}' is not the folder's name '{folder_name}'",
                path.display(),
                d.name
            ));
        }
        d.check().map_err(|e| format!("{}: {e}", path.display()))?;
        found.push((path, d));
    }
    Ok(found)
}
