//! Verifying another engine: the public API for an external Rust engine.
//!
//! An engine implements [`RuleSet`] (start a game from a [`Setup`]) and [`Playable`]
//! (observe, list legal turns, play), the same two traits the transcription and graphgo's
//! own engine implement, and declares what it supports ([`Support`]: rule sets, boards,
//! option values, setups). [`verify`] then runs, in one call:
//!
//! 1. every conformance vector of a directory (`spec/vectors/`): a vector the engine cannot
//!    play is skipped *visibly*, with the reason; a vector written for an option value the
//!    engine does not play is run under a value the engine plays when the vector's
//!    `readings` say its expectations hold there (`valid`: everything is compared;
//!    `acceptable`: legality and winner only), and skipped otherwise;
//! 2. a differential campaign against the transcription (random boards, setups and turns
//!    from [`crate::fuzz`], restricted to what the engine supports), where every
//!    divergence is shrunk by [`crate::check::shrink`] to a small game, named by the clause
//!    involved, and written out as a record and as a vector.
//!
//! ```no_run
//! use graphgo::verify::{verify, Declared, Plan, Support};
//! let engine = Declared { rules: graphgo::engine::Engine, support: Support::everything() };
//! let report = verify(&engine, &Plan::new("spec/vectors")).unwrap();
//! print!("{}", report.text());
//! assert!(report.passed());
//! ```

use std::collections::{BTreeMap, HashSet};
use std::fmt::Write as _;
use std::path::PathBuf;

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::board::{Board, Shape};
use crate::check::{self, Difference, Divergence, Verdict};
use crate::fuzz;
use crate::game::{
    Colour, Neutral, NoMove, Options, Playable, Player, Repetition, RuleId, RuleSet, SelfCapture,
    Setup, Unsupported,
};
use crate::record::{Game, InputError, Record};
use crate::vectors::{self, Depth, Outcome, Status, Summary, Vector, VectorRun};

/// The boards an engine plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Boards {
    /// Any simple graph.
    Any,
    /// Rectangular grids only (`grid: [w, h]`).
    Grids,
    /// Square grids only (`grid: [n, n]`), as most Go programs.
    SquareGrids,
}

/// What an engine declares it supports. A vector or a generated game outside it is
/// skipped, never counted as a failure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Support {
    pub rules: Vec<RuleId>,
    pub boards: Boards,
    /// At most this many vertices.
    pub max_vertices: usize,
    /// The values of each option the engine can play (at least one each).
    pub neutral: Vec<Neutral>,
    pub no_move: Vec<NoMove>,
    pub self_capture: Vec<SelfCapture>,
    pub repetition: Vec<Repetition>,
    /// Stones on the board before the first turn.
    pub setup_stones: bool,
    /// White taking the first turn.
    pub white_first: bool,
    /// A komi other than 0.
    pub komi: bool,
}

impl Support {
    /// Everything graphgo's own implementations play (General Graph Go, topological Go, MANGO,
    /// directed).
    pub fn everything() -> Support {
        Support {
            rules: RuleId::ALL.to_vec(),
            boards: Boards::Any,
            max_vertices: crate::board::MAX_VERTICES,
            neutral: vec![Neutral::Both, Neutral::None],
            no_move: vec![NoMove::Lose, NoMove::Pass],
            self_capture: vec![SelfCapture::All, SelfCapture::Multi, SelfCapture::None],
            repetition: vec![
                Repetition::Positional,
                Repetition::Situational,
                Repetition::Simple,
                Repetition::None,
            ],
            setup_stones: true,
            white_first: true,
            komi: true,
        }
    }

    /// The values of one option the engine plays, as records write them.
    pub fn values(&self, option: &str) -> Vec<String> {
        fn words<T: serde::Serialize>(xs: &[T]) -> Vec<String> {
            xs.iter()
                .filter_map(|x| serde_json::to_value(x).ok())
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect()
        }
        match option {
            "neutral" => words(&self.neutral),
            "no_move" => words(&self.no_move),
            "self_capture" => words(&self.self_capture),
            "repetition" => words(&self.repetition),
            _ => Vec::new(),
        }
    }

    /// Why the engine cannot play this board, if it cannot.
    pub fn board_refused(&self, board: &Board) -> Option<String> {
        if board.len() > self.max_vertices {
            return Some(format!(
                "{} vertices (the engine plays at most {})",
                board.len(),
                self.max_vertices
            ));
        }
        let grid = match *board.shape() {
            Shape::Plane { width, height } => Board::grid(width, height)
                .ok()
                .filter(|g| g == board)
                .map(|_| (width, height)),
            _ => None,
        };
        match (self.boards, grid) {
            (Boards::Any, _) => None,
            (Boards::Grids, Some(_)) => None,
            (Boards::SquareGrids, Some((w, h))) if w == h => None,
            (Boards::Grids, None) => {
                Some("the board is not a grid (the engine plays grids)".into())
            }
            (Boards::SquareGrids, _) => {
                Some("the board is not a square grid (the engine plays square grids)".into())
            }
        }
    }

    /// Why the engine cannot play this setup as it is, if it cannot (rules, board, setup
    /// fields and option values).
    pub fn refuses(&self, setup: &Setup) -> Option<String> {
        self.refuses_except_options(setup).or_else(|| {
            // The options switch readings of General Graph Go; other rules ignore them.
            if !RuleId::GRAPH.contains(&setup.rules) {
                return None;
            }
            crate::vectors::OPTION_VALUES
                .iter()
                .find_map(|(option, _)| {
                    let value = vectors::option_value(setup.options, option);
                    (!self.values(option).contains(&value))
                        .then(|| format!("option {option}: {value} is not played by the engine"))
                })
        })
    }

    fn refuses_except_options(&self, setup: &Setup) -> Option<String> {
        if !self.rules.contains(&setup.rules) {
            return Some(format!("rules {} not supported", setup.rules.name()));
        }
        if let Some(why) = self.board_refused(&setup.board) {
            return Some(why);
        }
        if !self.setup_stones && setup.initial.iter().any(|&c| c != Colour::Empty) {
            return Some("stones in the setup not supported".into());
        }
        if !self.white_first && setup.to_move == Player::White {
            return Some("White first not supported".into());
        }
        if !self.komi && setup.komi != num_rational::BigRational::from_integer(0.into()) {
            return Some("komi not supported".into());
        }
        None
    }
}

/// An engine under test: a [`RuleSet`] that declares what it supports.
pub trait EngineUnderTest: RuleSet {
    fn support(&self) -> Support;
}

/// The adapter for any [`RuleSet`]: the rules and a declaration of what they support.
pub struct Declared<R: RuleSet> {
    pub rules: R,
    pub support: Support,
}

impl<R: RuleSet> RuleSet for Declared<R> {
    fn name(&self) -> &str {
        self.rules.name()
    }
    fn start(&self, setup: &Setup) -> Result<Box<dyn Playable>, Unsupported> {
        self.rules.start(setup)
    }
}

impl<R: RuleSet> EngineUnderTest for Declared<R> {
    fn support(&self) -> Support {
        self.support.clone()
    }
}

/// A side restricted to a declaration: it refuses (as unsupported) every setup outside it.
/// Both sides of a campaign are wrapped alike, so that a game outside the declaration is
/// simply not played, and shrinking never leaves it.
struct Within<'a> {
    inner: &'a dyn RuleSet,
    support: &'a Support,
}

impl RuleSet for Within<'_> {
    fn name(&self) -> &str {
        self.inner.name()
    }
    fn start(&self, setup: &Setup) -> Result<Box<dyn Playable>, Unsupported> {
        match self.support.refuses(setup) {
            Some(why) => Err(Unsupported(why)),
            None => self.inner.start(setup),
        }
    }
}

/// What [`verify`] runs.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The directory of vectors (`None`: no vectors).
    pub vectors: Option<PathBuf>,
    /// The campaign's seed and number of games (0: no campaign).
    pub seed: u64,
    pub games: u64,
    /// Comparisons allowed for shrinking each divergence.
    pub shrink_budget: usize,
}

impl Plan {
    /// The vectors of `dir` and a campaign of 300 games, seed 1.
    pub fn new(dir: impl Into<PathBuf>) -> Plan {
        Plan {
            vectors: Some(dir.into()),
            seed: 1,
            games: 300,
            shrink_budget: 2000,
        }
    }
}

/// A divergence from the transcription found by the campaign, minimized.
#[derive(Clone, Debug)]
pub struct Finding {
    /// The game's index in the campaign (replay with the same seed).
    pub index: u64,
    /// The clause id involved.
    pub clause: String,
    /// The minimized game.
    pub game: Game,
    pub divergence: Divergence,
    /// The minimized game as a case file (record with comments).
    pub record: String,
    /// The minimized game as a conformance vector (expectations from the transcription).
    pub vector: String,
}

/// What the campaign did.
#[derive(Clone, Debug, Default)]
pub struct CampaignReport {
    pub seed: u64,
    pub games: u64,
    /// Games generated but outside the declaration (not played).
    pub unsupported: u64,
    pub turns: u64,
    /// Distinct minimized divergences, in the order found.
    pub findings: Vec<Finding>,
    /// Games whose divergence shrank to an already reported one.
    pub duplicates: u64,
}

/// The whole report.
#[derive(Clone, Debug)]
pub struct Report {
    pub engine: String,
    pub vectors: Summary,
    pub campaign: CampaignReport,
}

impl Report {
    /// No vector failed and the campaign found nothing.
    pub fn passed(&self) -> bool {
        !self.vectors.failed() && self.campaign.findings.is_empty()
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
        let mut out = format!("graphgo verify: engine '{}'\n", self.engine);
        out.push_str("\n== conformance vectors ==\n");
        let mut skips: BTreeMap<String, usize> = BTreeMap::new();
        for run in &self.vectors.runs {
            for (_, o) in &run.outcomes {
                match o {
                    Outcome::Fail(lines) => {
                        let _ = writeln!(out, "FAIL {} ({}):", run.id, run.file.display());
                        for l in lines {
                            let _ = writeln!(out, "  {l}");
                        }
                    }
                    Outcome::Skip(why) => *skips.entry(why.clone()).or_default() += 1,
                    _ => {}
                }
            }
        }
        for (why, n) in &skips {
            let _ = writeln!(out, "skipped {n}: {why}");
        }
        // The per-clause table and totals (without the per-vector lines, given above).
        let table = self.vectors.text();
        for line in table.lines().filter(|l| {
            !l.starts_with("FAIL ")
                && !l.starts_with("skip ")
                && !l.starts_with("pass ")
                && !l.starts_with("  ")
        }) {
            let _ = writeln!(out, "{line}");
        }
        let c = &self.campaign;
        let _ = writeln!(
            out,
            "\n== differential campaign against the transcription ==\n{} games (seed {}; {} outside the declaration, not played), {} turns, {} divergence{}{}",
            c.games,
            c.seed,
            c.unsupported,
            c.turns,
            c.findings.len(),
            if c.findings.len() == 1 { "" } else { "s" },
            if c.duplicates > 0 {
                format!(" (and {} games shrinking to one of them)", c.duplicates)
            } else {
                String::new()
            }
        );
        const SHOWN: usize = 10;
        for f in c.findings.iter().take(SHOWN) {
            let _ = writeln!(
                out,
                "\nDIVERGENCE ({}) in game {}: minimized to {} turn{} on {} vertices",
                f.clause,
                f.index,
                f.game.turns.len(),
                if f.game.turns.len() == 1 { "" } else { "s" },
                f.game.setup.board.len()
            );
            for line in f.divergence.describe(&f.game.setup.board).lines() {
                let _ = writeln!(out, "  {line}");
            }
            out.push_str("  minimized game (a record; `graphgo play` replays it):\n");
            for line in record_text(&Record::from_game(&f.game.setup, &f.game.turns)).lines() {
                let _ = writeln!(out, "    {line}");
            }
        }
        if c.findings.len() > SHOWN {
            let _ = writeln!(
                out,
                "\n... and {} more divergences (Report::campaign.findings holds them all)",
                c.findings.len() - SHOWN
            );
        }
        let _ = writeln!(
            out,
            "\nverdict: {}",
            if self.passed() { "PASS" } else { "FAIL" }
        );
        out
    }
}

/// How a vector is run on an engine: the game (perhaps with other option values) and how
/// much is compared, or why it is skipped.
pub fn plan_vector(support: &Support, v: &Vector) -> Result<(Game, Depth, String), String> {
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
            return Err(format!(
                "option {option}: {own} is not played by the engine, and the vector's readings say its expectations do not hold under {}",
                played.join(" or ")
            ));
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
        let got = vectors::derive(&crate::spec::Spec, &game)
            .map_err(|e| format!("the transcription cannot play {joined}: {e}"))?;
        let want = v.expected();
        let board = &game.setup.board;
        if vectors::differences(board, &want, &got, Depth::Full).is_empty() {
            depth = Depth::Full;
        } else if vectors::differences(board, &want, &got, Depth::Verdicts).is_empty() {
            depth = Depth::Verdicts;
        } else {
            return Err(format!(
                "needs {joined} at once, under which the transcription says the expectations do not hold"
            ));
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
            Err(why) => Outcome::Skip(why),
            Ok((game, depth, changed)) => match vectors::check_game(engine, v, &game, depth) {
                Outcome::PassVerdicts(_) => {
                    Outcome::PassVerdicts(format!("legality and winner only, under {changed}"))
                }
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

/// A random setup conformed to the declaration.
fn conformed_setup(rng: &mut Xoshiro256PlusPlus, support: &Support) -> Setup {
    let board = match support.boards {
        Boards::Any => loop {
            let b = fuzz::random_board(rng);
            if b.len() <= support.max_vertices {
                break b;
            }
        },
        Boards::Grids => {
            let (w, h) = (rng.random_range(1..=7), rng.random_range(1..=7));
            Board::grid(w, h).expect("a small grid")
        }
        Boards::SquareGrids => {
            let n = rng.random_range(1..=6);
            Board::grid(n, n).expect("a small grid")
        }
    };
    // The campaign generates General Graph Go and MANGO games (the families graphgo::fuzz
    // knows how to set up); the other rules are covered by the vectors only.
    let generated: Vec<RuleId> = support
        .rules
        .iter()
        .copied()
        .filter(|r| RuleId::GRAPH.contains(r) || *r == RuleId::Mango)
        .collect();
    let rules = if generated.is_empty() {
        RuleId::Ggg1
    } else {
        generated[rng.random_range(0..generated.len())]
    };
    if rules == RuleId::Mango {
        let mut setup = fuzz::random_mango_setup(rng, board);
        if !support.setup_stones {
            setup.initial = vec![Colour::Empty; setup.board.len()];
        }
        if !support.white_first {
            setup.to_move = Player::Black;
        }
        return setup;
    }
    let mut setup = fuzz::random_setup(rng, board);
    if rules != setup.rules {
        setup.rules = rules;
        setup.prisoners = [0, 0];
        setup.komi = num_rational::BigRational::from_integer(0.into());
        if rules == RuleId::Ggg3 {
            setup.prisoners = [rng.random_range(0..=3), rng.random_range(0..=3)];
        }
    }
    let mut options = Options::default();
    for (option, _) in vectors::OPTION_VALUES {
        let values = support.values(option);
        if !values.is_empty() {
            let value = &values[rng.random_range(0..values.len())];
            options = vectors::with_option(options, option, value).expect("a known value");
        }
    }
    setup.options = options;
    if !support.setup_stones {
        setup.initial = vec![Colour::Empty; setup.board.len()];
    }
    if !support.white_first {
        setup.to_move = Player::Black;
    }
    if !support.komi {
        setup.komi = num_rational::BigRational::from_integer(0.into());
    }
    setup
}

/// The clause a divergence is about: the clause of the refusal, or of what differs.
pub fn clause_of(reference: &dyn RuleSet, game: &Game, d: &Divergence) -> String {
    let rules = game.setup.rules;
    let end = match rules {
        RuleId::Ggg2 => "ggg2:4",
        RuleId::Ggg3 => "ggg3:4",
        _ => "ggg1:4",
    };
    match &d.difference {
        Difference::Verdict { a, b, .. } => match (a, b) {
            (Verdict::Refused(i), _) | (_, Verdict::Refused(i)) => i.clause.to_string(),
            _ => "ggg1:2".into(),
        },
        Difference::Observation { a, b } => {
            if a.position != b.position {
                "ggg1:2".into()
            } else if a.prisoners != b.prisoners {
                "ggg3:2".into()
            } else if a.result != b.result {
                end.into()
            } else {
                "ggg1:2".into()
            }
        }
        Difference::LegalTurns { a, b } => {
            // Ask the reference about the first turn only one side allows.
            let odd = a
                .iter()
                .find(|t| !b.contains(t))
                .or_else(|| b.iter().find(|t| !a.contains(t)));
            let Some(turn) = odd else {
                return end.into();
            };
            let Ok(mut g) = reference.start(&game.setup) else {
                return end.into();
            };
            for t in &game.turns[..d.turns.min(game.turns.len())] {
                let _ = g.play(t);
            }
            match g.play(turn) {
                Err(i) => i.clause.to_string(),
                // The reference allows it: the engine refused it, a move's legality.
                Ok(()) => "ggg1:2".into(),
            }
        }
        Difference::Start { .. } | Difference::Panic { .. } => "ggg1:0".into(),
    }
}

/// The differential campaign: `games` random games within the declaration, each compared
/// turn by turn with the transcription; every divergence minimized.
pub fn campaign(
    engine: &dyn EngineUnderTest,
    seed: u64,
    games: u64,
    budget: usize,
) -> CampaignReport {
    let support = engine.support();
    let spec = crate::spec::Spec;
    let a = Within {
        inner: &spec,
        support: &support,
    };
    let b = Within {
        inner: engine,
        support: &support,
    };
    let mut report = CampaignReport {
        seed,
        ..CampaignReport::default()
    };
    let mut seen = HashSet::new();
    for index in 0..games {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(fuzz::game_seed(seed, index));
        let setup = conformed_setup(&mut rng, &support);
        report.games += 1;
        if support.refuses(&setup).is_some() {
            report.unsupported += 1;
            continue;
        }
        let cap = fuzz::max_turns(&setup.board);
        let played = fuzz::play_generated(&a, &b, setup, &mut fuzz::Biased::new(rng), cap);
        report.turns += played.game.turns.len() as u64;
        if played.divergence.is_none() {
            continue;
        }
        let (game, divergence) = match check::shrink(&a, &b, &played.game, budget) {
            Some(s) => (s.game, s.divergence),
            None => (
                played.game.clone(),
                played.divergence.clone().expect("a divergence"),
            ),
        };
        if !seen.insert(shape_key(&game)) {
            report.duplicates += 1;
            continue;
        }
        let clause = clause_of(&spec, &game, &divergence);
        let provenance = format!(
            "found by graphgo::verify::campaign (seed {seed}, game {index}) against engine '{}'",
            engine.name()
        );
        let record = check::case_file(&a, &b, &game, &provenance);
        let rec = Record::from_game(&game.setup, &game.turns);
        let draft = vectors::Draft {
            id: format!("divergence-{}-seed{seed}-game{index}", engine.name()),
            clauses: vec![clause.clone()],
            checked: Some("spec".into()),
            source: Some(provenance),
            note: Some(
                divergence
                    .describe(&game.setup.board)
                    .trim_end()
                    .to_string(),
            ),
        };
        let vector = vectors::write_vector(&spec, &[], &rec, &game, draft)
            .map(|v| v.to_yaml())
            .unwrap_or_else(|e| format!("# the vector could not be written: {e}\n"));
        report.findings.push(Finding {
            index,
            clause,
            game,
            divergence,
            record,
            vector,
        });
    }
    // The smallest first: the clearest view of a bug.
    report
        .findings
        .sort_by_key(|f| (f.game.setup.board.len(), f.game.turns.len(), f.index));
    report
}

/// A key equal for two games that differ only in the names and the numbering of their
/// vertices (on boards of up to 7 vertices, every renumbering is tried and the least key
/// kept), so that one bug found on `1`-`2` and on `1-1`-`2-1` is reported once.
fn shape_key(game: &Game) -> String {
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

/// Runs every vector of the plan's directory and the differential campaign on `engine`.
/// `Err` only for bad vector files.
pub fn verify(engine: &dyn EngineUnderTest, plan: &Plan) -> Result<Report, InputError> {
    let loaded = match &plan.vectors {
        Some(dir) => vectors::load_dir(dir)?,
        None => Vec::new(),
    };
    let vectors = run_vectors(engine, &loaded);
    let campaign = campaign(engine, plan.seed, plan.games, plan.shrink_budget);
    Ok(Report {
        engine: engine.name().to_string(),
        vectors,
        campaign,
    })
}
