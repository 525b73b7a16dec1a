//! The findings of a campaign: a divergence shrunk to a small game becomes a
//! [`VerifyFinding`], with the clause ids involved and why ([`explain_divergence`]), the game as a case
//! file, as SGF where the board is a grid, and as a conformance vector naming the clause,
//! written under names never used before ([`free_stem`]); two findings that differ only in the
//! names of the vertices are one ([`shape_key`]).

use std::collections::{BTreeSet, HashSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::board::{Board, Shape};
use crate::conformance::vectors;
use crate::differential::compare::{Difference, Divergence, Verdict};
use crate::engine::Engine;
use crate::game::clause::Clause;
use crate::game::{
    Colour, Illegal, Options, Repetition, RuleId, RuleSet, SelfCapture, Setup, Turn,
};
use crate::io::record::{Game, Record};
use crate::variants::Rules;

/// A divergence found by the campaign, minimized: the one finding format of every engine.
#[derive(Clone, Debug)]
pub struct VerifyFinding {
    /// The game's index in the campaign (replay with the same seed and plan).
    pub index: u64,
    /// Where it was found, in words (board, game, style, seed).
    pub found_in: String,
    /// The clause id involved (the first of `clauses`).
    pub clause: String,
    /// Every clause id involved, and why, in words ([`explain_divergence`]).
    pub clauses: Vec<String>,
    pub explanation: String,
    /// The minimized game.
    pub game: Game,
    pub divergence: Divergence,
    /// The minimized game as a case file (record with comments; `graphgo check` replays
    /// graphgo's own sides on it).
    pub record: String,
    /// The minimized game as SGF, where the board is a square grid.
    pub sgf: Option<String>,
    /// The game up to the disputed turn as a conformance vector (expectations from the
    /// transcription, confirmed by graphgo's engine), naming the clause.
    pub vector: String,
    /// The files written (case file, SGF, vector), if the plan has `out`.
    pub files: Vec<PathBuf>,
    /// Files that could not be written, with the error: never silently lost.
    pub write_errors: Vec<String>,
}

impl VerifyFinding {
    /// A few lines about the finding: where, the clause, the turns, what differs, the
    /// files.
    pub fn text(&self) -> String {
        let board = &self.game.setup.board;
        let mut out = format!(
            "DIVERGENCE ({}) in {}: {} turn{} on {} after shrinking\n  clause: {}\n",
            self.clause,
            self.found_in,
            self.game.turns.len(),
            if self.game.turns.len() == 1 { "" } else { "s" },
            board_words(board),
            self.explanation
        );
        let turns: Vec<String> = self
            .game
            .turns
            .iter()
            .map(|t| crate::io::sgf::turn_text(&self.game, t))
            .collect();
        if turns.len() > 40 {
            let _ = writeln!(
                out,
                "  turns: {}, ... ({} turns; all in the written record)",
                turns[..40].join(", "),
                turns.len()
            );
        } else {
            let _ = writeln!(out, "  turns: {}", turns.join(", "));
        }
        for line in self.divergence.describe(board).lines() {
            let _ = writeln!(out, "  {line}");
        }
        for file in &self.files {
            let _ = writeln!(out, "  written: {}", file.display());
        }
        for e in &self.write_errors {
            let _ = writeln!(out, "  NOT WRITTEN: {e}");
        }
        out
    }

    pub fn to_json(&self) -> serde_json::Value {
        let board = &self.game.setup.board;
        serde_json::json!({
            "index": self.index,
            "found_in": self.found_in,
            "clauses": self.clauses,
            "explanation": self.explanation,
            "board": board_words(board),
            "turns": self.game.turns.iter().map(|t| crate::io::sgf::turn_text(&self.game, t)).collect::<Vec<_>>(),
            "difference": self.divergence.describe(board).trim_end(),
            "files": self.files.iter().map(|p| p.display().to_string()).collect::<Vec<_>>(),
            "write_errors": self.write_errors,
        })
    }
}

/// "9x9" for a square grid, "N vertices" otherwise.
pub(crate) fn board_words(board: &Board) -> String {
    match *board.shape() {
        Shape::Plane { width, height }
            if Board::grid(width, height).ok().as_ref() == Some(board) =>
        {
            format!("{width}x{height}")
        }
        _ => format!("{} vertices", board.len()),
    }
}

/// The clause ids a divergence involves, and why, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explained {
    /// The clause ids, the one that decides first (never empty).
    pub clauses: Vec<String>,
    pub text: String,
}

/// The options graphgo can be switched to, for naming which of them agrees with the engine.
fn option_variants(base: Options) -> Vec<(String, Options)> {
    let mut out = Vec::new();
    for r in Repetition::ALL {
        if r != base.repetition {
            out.push((
                format!("--repetition {}", r.word()),
                Options {
                    repetition: r,
                    ..base
                },
            ));
        }
    }
    for s in [SelfCapture::All, SelfCapture::Multi, SelfCapture::None] {
        if s != base.self_capture {
            out.push((
                format!("--self-capture {}", format!("{s:?}").to_lowercase()),
                Options {
                    self_capture: s,
                    ..base
                },
            ));
        }
    }
    out
}

/// The turns of `game` before the divergence, and the disputed turns (a verdict's turn;
/// for a difference in the legal turns, those only one side allows).
fn disputed_turns<'g>(game: &'g Game, d: &Divergence) -> (&'g [Turn], Vec<Turn>) {
    let prefix = &game.turns[..d.turns.min(game.turns.len())];
    let disputed = match &d.difference {
        Difference::Verdict { turn, .. } => vec![turn.clone()],
        Difference::LegalTurns { a, b } => {
            let (a, b): (BTreeSet<_>, BTreeSet<_>) = (a.iter().collect(), b.iter().collect());
            a.symmetric_difference(&b).map(|t| (*t).clone()).collect()
        }
        _ => Vec::new(),
    };
    (prefix, disputed)
}

/// The clause lookup, for every engine: what a divergence is about. For a turn graphgo
/// refuses, the clause it refuses it under (and, for a repetition, how far back the
/// position occurred); for a turn graphgo allows and the engine refuses, the clause graphgo
/// would refuse it under with other options (naming them), else the engine's own clause,
/// else `ggg1:2` (a move's legality); for a difference in what is seen after the same
/// turns, the clause of what differs (position `ggg1:2`, prisoners `ggg3:2`, result the
/// family's end clause); for a side that cannot start or panics, `ggg1:0`. graphgo's
/// verdicts are the rules' own trace ([`Rules::start_traced`]: the refusal a turn's arm
/// returns, with its clause).
pub fn explain_divergence(game: &Game, d: &Divergence) -> Explained {
    let end = match game.setup.rules {
        RuleId::Ggg2 => "ggg2:4",
        RuleId::Ggg3 => "ggg3:4",
        _ => "ggg1:4",
    };
    let one = |clause: &str, text: String| Explained {
        clauses: vec![clause.to_string()],
        text,
    };
    let (prefix, disputed) = disputed_turns(game, d);
    match &d.difference {
        Difference::Observation { a, b } => {
            return if a.position != b.position {
                one("ggg1:2", "ggg1:2: the engine shows another position after the same turns (which stones a move removes)".into())
            } else if a.prisoners != b.prisoners {
                one(
                    "ggg3:2",
                    "ggg3:2: the engine counts other prisoners after the same turns".into(),
                )
            } else if a.result != b.result {
                one(
                    end,
                    format!("{end}: the engine ends the game with another result"),
                )
            } else {
                one(
                    "ggg1:2",
                    "ggg1:2: the engine shows another player to move".into(),
                )
            };
        }
        Difference::Start { .. } | Difference::Panic { .. } => {
            return one(
                "ggg1:0",
                "ggg1:0: one side cannot start the game or panics".into(),
            )
        }
        _ => {}
    }
    let engine_refusal = match &d.difference {
        Difference::Verdict {
            b: Verdict::Refused(i),
            ..
        } if !matches!(i.clause, Clause::Outside { .. }) => Some(i.clause.to_string()),
        _ => None,
    };
    // graphgo's verdict on `turn` after the prefix, under `options`: the refusal the rules'
    // own trace gives (`Traced::play_traced`), not worked out again here.
    let verdict = |options: Options, turn: &Turn| -> Result<(), Illegal> {
        let setup = Setup {
            options,
            ..game.setup.clone()
        };
        let mut g = Rules
            .start_traced(&setup)
            .map_err(|e| Illegal {
                clause: Clause::Outside { by: "start" },
                reason: e.0,
            })?
            .state;
        for t in prefix {
            let _ = g.play_traced(t);
        }
        g.play_traced(turn).map(|_| ())
    };
    let mut clauses: Vec<String> = Vec::new();
    let mut parts = Vec::new();
    for turn in disputed.iter().take(3) {
        let name = turn.text(&game.setup.board);
        match verdict(game.setup.options, turn) {
            Err(i) => {
                let engine_says = match &engine_refusal {
                    Some(other) => format!("the engine refuses it under {other}"),
                    None => "the engine allows it".to_string(),
                };
                let mut text = format!(
                    "{}: graphgo refuses {name} ({}), {engine_says}",
                    i.clause, i.reason
                );
                if let Some(gap) = repetition_gap(game, prefix, turn) {
                    text.push_str(&format!(
                        " [the position it makes occurred {gap} turn(s) earlier]"
                    ));
                }
                clauses.push(i.clause.to_string());
                parts.push(text)
            }
            Ok(()) => {
                let mut why = format!("graphgo allows {name}, the engine refuses it");
                for (flag, options) in option_variants(game.setup.options) {
                    if let Err(i) = verdict(options, turn) {
                        why = format!(
                            "{}: graphgo allows {name}, the engine refuses it; graphgo with {flag} refuses it too ({})",
                            i.clause, i.reason
                        );
                        clauses.push(i.clause.to_string());
                        break;
                    }
                }
                parts.push(why);
            }
        }
    }
    clauses.extend(engine_refusal);
    if clauses.is_empty() {
        clauses.push("ggg1:2".into());
    }
    let mut seen = HashSet::new();
    clauses.retain(|c| seen.insert(c.clone()));
    Explained {
        clauses,
        text: if parts.is_empty() {
            "ggg1:2: the sides differ on which turns are legal".into()
        } else {
            parts.join("; ")
        },
    }
}

/// How many turns back the position that `turn` makes (after `prefix`) last occurred, if
/// it did: played with no repetition rule, so that the move is made.
pub fn repetition_gap(game: &Game, prefix: &[Turn], turn: &Turn) -> Option<usize> {
    let setup = Setup {
        options: Options {
            repetition: Repetition::None,
            ko_pass: crate::game::KoPass::Clears,
            repetition_end: crate::game::RepetitionEnd::None,
            ..game.setup.options
        },
        ..game.setup.clone()
    };
    let mut g = Engine.start(&setup).ok()?;
    // The game as its own rules played it: a turn they refused changed nothing.
    let mut real = Engine.start(&game.setup).ok()?;
    let mut positions = vec![g.observe().position];
    for t in prefix {
        if real.play(t).is_ok() && g.play(t).is_ok() {
            positions.push(g.observe().position);
        }
    }
    g.play(turn).ok()?;
    positions.push(g.observe().position);
    let last = positions.pop()?;
    let at = positions.iter().rposition(|p| *p == last)?;
    Some(positions.len() - at)
}

/// A minimized divergence as a conformance vector (`spec/FORMAT.md`, "Conformance
/// vectors"): the turns up to the divergence, then the first disputed turn, so that the
/// vector pins graphgo's verdict on it; expectations derived from the transcription and
/// confirmed by graphgo's engine, the clause ids at the head of its clause list. `Err`
/// (as a YAML comment saying why) if the two disagree on the game.
pub(crate) fn finding_vector(
    game: &Game,
    d: &Divergence,
    explained: &Explained,
    id: &str,
    source: &str,
) -> String {
    let (prefix, disputed) = disputed_turns(game, d);
    let turns: Vec<Turn> = prefix
        .iter()
        .cloned()
        .chain(disputed.into_iter().take(1))
        .collect();
    let game = Game {
        setup: game.setup.clone(),
        turns,
    };
    let record = Record::from_game(&game.setup, &game.turns);
    let draft = vectors::Draft {
        id: id.to_string(),
        why: None,
        clauses: explained.clauses.clone(),
        checked: None,
        source: Some(source.to_string()),
        note: Some(format!(
            "An implementation under test disagreed with graphgo here: {}. The expectations are graphgo's.",
            explained.text
        )),
    };
    match vectors::write_vector(&crate::variants::Rules, &[&Engine], &record, &game, draft) {
        Ok(v) => v.to_yaml(),
        Err(e) => format!("# the vector could not be written: {e}\n"),
    }
}

/// The first `PREFIX-NNN` none of whose files exist in `dir` (so that no run overwrites
/// another's findings).
pub(crate) fn free_stem(dir: &Path, prefix: &str) -> String {
    (1..)
        .map(|n| format!("{prefix}-{n:03}"))
        .find(|stem| {
            ["yaml", "sgf", "vector.yaml"]
                .iter()
                .all(|ext| !dir.join(format!("{stem}.{ext}")).exists())
        })
        .expect("a free number")
}

/// Writes a finding's case file, SGF and vector into `dir` under `stem`.
pub(crate) fn write_finding(dir: &Path, stem: &str, f: &mut VerifyFinding) {
    let mut files = vec![
        ("yaml", f.record.clone()),
        ("vector.yaml", f.vector.clone()),
    ];
    if let Some(sgf) = &f.sgf {
        files.push(("sgf", sgf.clone()));
    }
    for (ext, text) in files {
        let path = dir.join(format!("{stem}.{ext}"));
        match crate::io::atomic_file::write_atomically(&path, &text) {
            Ok(()) => f.files.push(path),
            Err(e) => f.write_errors.push(format!("{}: {e}", path.display())),
        }
    }
}

/// A key equal for two games that differ only in the names and the numbering of their
/// vertices (on boards of up to 7 vertices, every renumbering is tried and the least key
/// kept), so that one bug found on `1`-`2` and on `1-1`-`2-1` is reported once.
pub(crate) fn shape_key(game: &Game) -> String {
    let s = &game.setup;
    let n = s.board.len();
    let key = |perm: &[usize]| {
        let mut edges: Vec<(usize, usize)> = s
            .board
            .edges()
            .map(|(u, v)| (perm[u].min(perm[v]), perm[u].max(perm[v])))
            .collect();
        edges.sort_unstable();
        let mut initial = vec![Colour::Empty; n];
        for v in 0..n {
            initial[perm[v]] = s.initial[v];
        }
        let turns: Vec<String> = game
            .turns
            .iter()
            .map(|t| match *t {
                crate::game::Turn::Move { player, at } => format!("{player:?}@{}", perm[at]),
                ref other => format!("{other:?}"),
            })
            .collect();
        format!(
            "{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{}|{:?}|{:?}",
            s.rules, s.options, edges, initial, s.to_move, s.prisoners, s.komi, s.equipment, turns
        )
    };
    let identity: Vec<usize> = (0..n).collect();
    if n > 7 {
        return key(&identity);
    }
    // Every permutation, by Heap's algorithm.
    let mut perm = identity.clone();
    let mut best = key(&perm);
    let mut c = vec![0; n];
    let mut i = 0;
    while i < n {
        if c[i] < i {
            if i % 2 == 0 {
                perm.swap(0, i);
            } else {
                perm.swap(c[i], i);
            }
            best = best.min(key(&perm));
            c[i] += 1;
            i = 0;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
    best
}

/// A record in the flow style of vectors: one field a line.
pub fn record_text(record: &Record) -> String {
    let mut out = String::new();
    if let serde_json::Value::Object(fields) =
        serde_json::to_value(record).expect("a record always serialises")
    {
        for (k, v) in fields {
            let _ = writeln!(out, "{k}: {}", vectors::flow(&v));
        }
    }
    out
}
