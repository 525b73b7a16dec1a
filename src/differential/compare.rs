//! The comparer: drives two implementations of a rule set with the same turns and compares
//! everything observable after each turn; on a divergence, shrinks the game to a small one
//! that still diverges and writes it as a game record.
//!
//! What is compared, at the start and after every turn:
//! - whether each side accepts the turn, and for a refused one the clause it names (the
//!   sentence may differ);
//! - [`Playable::observe`]: the position, the player to move, the prisoners, the result;
//! - [`Playable::legal_turns`]: the whole set of legal turns.
//!
//! A refused turn leaves both games as they were (the trait says so, and the observation
//! after it is compared too), and the comparison goes on with the next turn: records made
//! by the fuzzer hold deliberate illegal turns so that refusals are compared as well.
//! A panic in either side is caught and is itself a divergence.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

use num_rational::BigRational;

use crate::board::{Board, Vertex};
use crate::game::{
    Colour, EndReason, Illegal, Observation, Options, Playable, Player, RuleSet, Setup, Turn,
    Unsupported,
};
use crate::io::record::{Game, Record};
use crate::rational;

/// The implementation compared against the spec by `graphgo check`, `graphgo fuzz`, the
/// regression tests and the cargo-fuzz targets: the optimized engine.
pub fn engine() -> Box<dyn RuleSet> {
    Box::new(crate::engine::Engine)
}

/// The reference side of every comparison: the transcription.
pub fn reference() -> Box<dyn RuleSet> {
    Box::new(crate::variants::Rules)
}

/// What one side did with a turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Played,
    Refused(Illegal),
    /// The implementation panicked; the message.
    Panicked(String),
}

impl Verdict {
    /// Two verdicts agree when both play, or both refuse under the same clause.
    fn agrees_with(&self, other: &Verdict) -> bool {
        match (self, other) {
            (Verdict::Played, Verdict::Played) => true,
            (Verdict::Refused(x), Verdict::Refused(y)) => x.clause == y.clause,
            _ => false,
        }
    }

    fn text(&self) -> String {
        match self {
            Verdict::Played => "plays it".into(),
            Verdict::Refused(i) => format!("refuses it ({}: {})", i.clause, i.reason),
            Verdict::Panicked(m) => format!("panics: {m}"),
        }
    }
}

/// How the two sides differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Difference {
    /// One side cannot start the game (or panics starting it).
    Start {
        a: Result<(), String>,
        b: Result<(), String>,
    },
    /// The sides disagree about a turn: one plays it, the other refuses it, or they name
    /// different clauses.
    Verdict { turn: Turn, a: Verdict, b: Verdict },
    /// The sides show different positions, players to move, prisoners or results.
    Observation {
        a: Box<Observation>,
        b: Box<Observation>,
    },
    /// The sides allow different turns.
    LegalTurns { a: Vec<Turn>, b: Vec<Turn> },
    /// A side panics while being observed (`during` names the call).
    Panic {
        during: &'static str,
        a: Option<String>,
        b: Option<String>,
    },
}

/// The first point where two implementations differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divergence {
    /// The names of the two sides.
    pub sides: [String; 2],
    /// How many turns of the game had been given to both before the difference showed
    /// (the difference is at turn `turns` when it is a verdict, after it otherwise).
    pub turns: usize,
    pub difference: Difference,
}

impl Divergence {
    /// The number of turns of a game that a shrunk case must keep to show this divergence:
    /// the turns up to and including the one it shows at.
    pub fn turns_needed(&self) -> usize {
        match self.difference {
            Difference::Start { .. } => 0,
            Difference::Verdict { .. } => self.turns + 1,
            _ => self.turns,
        }
    }

    /// A few lines saying where the sides differ and what each did, naming the targets of
    /// moves by `names` (the board, or a go-space's placements: `Setup::turn_names`).
    pub fn describe(&self, board: &Board) -> String {
        let [a, b] = &self.sides;
        let w = a.len().max(b.len());
        let at = if self.turns == 0 {
            "at the start".to_string()
        } else {
            format!("after turn {}", self.turns)
        };
        let mut out = String::new();
        match &self.difference {
            Difference::Start { a: x, b: y } => {
                let show = |r: &Result<(), String>| match r {
                    Ok(()) => "starts the game".to_string(),
                    Err(e) => format!("cannot start it: {e}"),
                };
                let _ = writeln!(out, "the sides differ at the start:");
                let _ = writeln!(out, "  {a:w$}  {}", show(x));
                let _ = writeln!(out, "  {b:w$}  {}", show(y));
            }
            Difference::Verdict { turn, a: x, b: y } => {
                let _ = writeln!(
                    out,
                    "the sides differ at turn {} ({}):",
                    self.turns + 1,
                    turn.text(board)
                );
                let _ = writeln!(out, "  {a:w$}  {}", x.text());
                let _ = writeln!(out, "  {b:w$}  {}", y.text());
            }
            Difference::Observation { a: x, b: y } => {
                let _ = writeln!(out, "the sides show different games {at}:");
                let _ = writeln!(out, "  {a:w$}  {}", observation_text(x));
                let _ = writeln!(out, "  {b:w$}  {}", observation_text(y));
            }
            Difference::LegalTurns { a: x, b: y } => {
                let only = |p: &[Turn], q: &[Turn]| -> String {
                    let names: Vec<String> = p
                        .iter()
                        .filter(|t| !q.contains(t))
                        .map(|t| t.text(board))
                        .collect();
                    if names.is_empty() {
                        "nothing".into()
                    } else {
                        names.join(", ")
                    }
                };
                let _ = writeln!(out, "the sides allow different turns {at}:");
                let _ = writeln!(out, "  only {a:w$} allows  {}", only(x, y));
                let _ = writeln!(out, "  only {b:w$} allows  {}", only(y, x));
            }
            Difference::Panic { during, a: x, b: y } => {
                let show = |r: &Option<String>| match r {
                    None => "answers".to_string(),
                    Some(m) => format!("panics: {m}"),
                };
                let _ = writeln!(out, "a side panics in {during} {at}:");
                let _ = writeln!(out, "  {a:w$}  {}", show(x));
                let _ = writeln!(out, "  {b:w$}  {}", show(y));
            }
        }
        out
    }
}

/// One line for an observation: the position (one symbol a vertex, in vertex order), who is
/// to move, the prisoners, the result.
pub fn observation_text(o: &Observation) -> String {
    let position: String = o.position.iter().map(|c| c.symbol()).collect();
    let mut out = format!("position {position}");
    match o.to_move {
        Some(p) => {
            let _ = write!(out, "; {} to move", p.word());
        }
        None => out.push_str("; game over"),
    }
    if let Some([p, q]) = o.prisoners {
        let _ = write!(out, "; prisoners {p} {q}");
    }
    if let Some([b, w]) = &o.scores {
        let _ = write!(
            out,
            "; scores {} {}",
            rational::format(b),
            rational::format(w)
        );
    }
    if let Some(r) = &o.result {
        let who = match r.winner {
            Some(p) => format!("{} wins", p.word()),
            None if r.by == EndReason::NoResult => "no result".to_string(),
            None => "draw".to_string(),
        };
        let by = r.by.word();
        let _ = write!(out, "; result {who} by {by}");
        if let Some([s, t]) = &r.score {
            let _ = write!(out, " {} to {}", rational::format(s), rational::format(t));
        }
    }
    out
}

thread_local! {
    /// True while a side is being called under [`guarded`].
    static IN_SIDE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Installs a panic hook that stays silent for panics inside an implementation being
/// compared (they are caught and reported as divergences, and shrinking repeats them many
/// times) and prints every other panic as before.
pub fn quiet_panics_in_sides() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if !IN_SIDE.with(|f| f.get()) {
            previous(info);
        }
    }));
}

/// Runs `f`, turning a panic into its message (quietly: [`quiet_panics_in_sides`]).
pub(crate) fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    let outer = IN_SIDE.with(|flag| flag.replace(true));
    let result = catch_unwind(AssertUnwindSafe(f));
    IN_SIDE.with(|flag| flag.set(outer));
    result.map_err(|payload| panic_message(payload.as_ref()))
}

/// Two games played side by side, compared after every turn. Both agree on everything
/// observable so far; the first disagreement ends the session with a [`Divergence`].
pub struct Session {
    sides: [String; 2],
    games: [Box<dyn Playable>; 2],
    turns: usize,
    observation: Observation,
    legal: Vec<Turn>,
}

impl Session {
    /// Starts the same setup on both sides and compares the first observations. `Ok(None)`
    /// when neither side can play the setup (nothing to compare).
    pub fn start(
        a: &dyn RuleSet,
        b: &dyn RuleSet,
        setup: &Setup,
    ) -> Result<Option<Session>, Box<Divergence>> {
        let sides = [a.name().to_string(), b.name().to_string()];
        let started = |r: &dyn RuleSet| -> Result<Box<dyn Playable>, String> {
            match guarded(|| r.start(setup)) {
                Ok(Ok(g)) => Ok(g),
                Ok(Err(Unsupported(e))) => Err(e),
                Err(panic) => Err(format!("panics: {panic}")),
            }
        };
        let (ga, gb) = (started(a), started(b));
        let games = match (ga, gb) {
            (Ok(x), Ok(y)) => [x, y],
            (Err(_), Err(_)) => return Ok(None),
            (x, y) => {
                return Err(Box::new(Divergence {
                    sides,
                    turns: 0,
                    difference: Difference::Start {
                        a: x.map(|_| ()),
                        b: y.map(|_| ()),
                    },
                }))
            }
        };
        let mut session = Session {
            sides,
            games,
            turns: 0,
            observation: Observation::default(),
            legal: Vec::new(),
        };
        session.compare_state()?;
        Ok(Some(session))
    }

    fn diverged(&self, difference: Difference) -> Box<Divergence> {
        Box::new(Divergence {
            sides: self.sides.clone(),
            turns: self.turns,
            difference,
        })
    }

    /// Asks both sides the same question; a panic on either side is a divergence.
    fn on_both<T>(
        &self,
        during: &'static str,
        ask: impl Fn(&dyn Playable) -> T,
    ) -> Result<(T, T), Box<Divergence>> {
        let [ga, gb] = &self.games;
        match (guarded(|| ask(ga.as_ref())), guarded(|| ask(gb.as_ref()))) {
            (Ok(x), Ok(y)) => Ok((x, y)),
            (x, y) => Err(self.diverged(Difference::Panic {
                during,
                a: x.err(),
                b: y.err(),
            })),
        }
    }

    /// Compares the observations and the legal turns of both sides and keeps them.
    fn compare_state(&mut self) -> Result<(), Box<Divergence>> {
        let (oa, ob) = self.on_both("observe", |g| g.observe())?;
        if oa != ob {
            return Err(self.diverged(Difference::Observation {
                a: Box::new(oa),
                b: Box::new(ob),
            }));
        }
        let (mut la, mut lb) = self.on_both("legal_turns", |g| g.legal_turns())?;
        // The trait asks for sorted lists; compare them as sets so that an unsorted but
        // otherwise right list is not reported as a different rule.
        la.sort();
        lb.sort();
        if la != lb {
            return Err(self.diverged(Difference::LegalTurns { a: la, b: lb }));
        }
        self.observation = oa;
        self.legal = la;
        Ok(())
    }

    /// Gives `turn` to both sides and compares what they do and show. Returns the verdict
    /// both agree on.
    pub fn play(&mut self, turn: &Turn) -> Result<Verdict, Box<Divergence>> {
        let verdict = |g: &mut Box<dyn Playable>| match guarded(|| g.play(turn)) {
            Ok(Ok(())) => Verdict::Played,
            Ok(Err(illegal)) => Verdict::Refused(illegal),
            Err(panic) => Verdict::Panicked(panic),
        };
        let [ga, gb] = &mut self.games;
        let (va, vb) = (verdict(ga), verdict(gb));
        if !va.agrees_with(&vb) {
            return Err(self.diverged(Difference::Verdict {
                turn: turn.clone(),
                a: va,
                b: vb,
            }));
        }
        self.turns += 1;
        self.compare_state()?;
        Ok(va)
    }

    /// What both sides show now.
    pub fn observation(&self) -> &Observation {
        &self.observation
    }

    /// The turns both sides allow now, sorted.
    pub fn legal_turns(&self) -> &[Turn] {
        &self.legal
    }

    /// How many turns both sides have been given.
    pub fn turns(&self) -> usize {
        self.turns
    }

    /// An independent copy of the session, both games forked ([`Playable::fork`]); `None`
    /// when a side cannot fork its game (the caller then replays the turns).
    pub fn fork(&self) -> Option<Session> {
        let [ga, gb] = &self.games;
        let games = [guarded(|| ga.fork()).ok()??, guarded(|| gb.fork()).ok()??];
        Some(Session {
            sides: self.sides.clone(),
            games,
            turns: self.turns,
            observation: self.observation.clone(),
            legal: self.legal.clone(),
        })
    }
}

/// Plays `game` on both sides and returns the first divergence, if any.
pub fn compare(a: &dyn RuleSet, b: &dyn RuleSet, game: &Game) -> Option<Divergence> {
    compare_played(a, b, game).flatten()
}

/// [`compare`], telling apart a game neither side can play (`None`) from one they play
/// alike (`Some(None)`).
fn compare_played(a: &dyn RuleSet, b: &dyn RuleSet, game: &Game) -> Option<Option<Divergence>> {
    compare_played_reporting(a, b, game, &mut |_| {})
}

/// [`compare`], calling `on_turn` with the number of turns compared so far after each one
/// (`graphgo check` shows its progress with it on long games).
pub fn compare_reporting(
    a: &dyn RuleSet,
    b: &dyn RuleSet,
    game: &Game,
    on_turn: &mut dyn FnMut(usize),
) -> Option<Divergence> {
    compare_played_reporting(a, b, game, on_turn).flatten()
}

fn compare_played_reporting(
    a: &dyn RuleSet,
    b: &dyn RuleSet,
    game: &Game,
    on_turn: &mut dyn FnMut(usize),
) -> Option<Option<Divergence>> {
    let mut session = match Session::start(a, b, &game.setup) {
        Ok(Some(s)) => s,
        Ok(None) => return None,
        Err(d) => return Some(Some(*d)),
    };
    for turn in &game.turns {
        if let Err(d) = session.play(turn) {
            return Some(Some(*d));
        }
        on_turn(session.turns());
    }
    Some(None)
}

/// What one side alone does with a whole game: each turn's verdict and what it shows at the
/// end. Written into case files as the expected outcome of each side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideReplay {
    pub verdicts: Vec<Verdict>,
    pub last: Option<Observation>,
    /// Set when the side cannot start the game or panics.
    pub failure: Option<String>,
}

/// Plays every turn of `game` on one side (going on after refused turns, as the comparer does).
pub fn replay_side(rules: &dyn RuleSet, game: &Game) -> SideReplay {
    let mut playing = match guarded(|| rules.start(&game.setup)) {
        Ok(Ok(g)) => g,
        Ok(Err(e)) => {
            return SideReplay {
                verdicts: Vec::new(),
                last: None,
                failure: Some(format!("cannot start: {e}")),
            }
        }
        Err(m) => {
            return SideReplay {
                verdicts: Vec::new(),
                last: None,
                failure: Some(format!("panics starting: {m}")),
            }
        }
    };
    let mut verdicts = Vec::with_capacity(game.turns.len());
    for turn in &game.turns {
        let v = match guarded(|| playing.play(turn)) {
            Ok(Ok(())) => Verdict::Played,
            Ok(Err(i)) => Verdict::Refused(i),
            Err(m) => Verdict::Panicked(m),
        };
        let stop = matches!(v, Verdict::Panicked(_));
        verdicts.push(v);
        if stop {
            return SideReplay {
                verdicts,
                last: None,
                failure: Some("panics".into()),
            };
        }
    }
    match guarded(|| playing.observe()) {
        Ok(o) => SideReplay {
            verdicts,
            last: Some(o),
            failure: None,
        },
        Err(m) => SideReplay {
            verdicts,
            last: None,
            failure: Some(format!("panics in observe: {m}")),
        },
    }
}

impl SideReplay {
    /// One line: the refused turns (1-based, with their clauses), then the last observation.
    /// Case files give each side's outcome in this form (`# <side>: <text>`).
    pub fn text(&self) -> String {
        let refused: Vec<String> = self
            .verdicts
            .iter()
            .enumerate()
            .filter_map(|(i, v)| match v {
                Verdict::Refused(x) => Some(format!("{} {}", i + 1, x.clause)),
                Verdict::Panicked(_) => Some(format!("{} panic", i + 1)),
                Verdict::Played => None,
            })
            .collect();
        let mut out = if refused.is_empty() {
            "refused none".to_string()
        } else {
            format!("refused {}", refused.join(", "))
        };
        if let Some(o) = &self.last {
            let _ = write!(out, "; {}", observation_text(o));
        }
        if let Some(f) = &self.failure {
            let _ = write!(out, "; {f}");
        }
        out
    }
}

/// The text of a case file: comment lines saying where the sides diverge and what each does
/// (`# <side>: <outcome>`), then the game as a record. `provenance` (e.g. the fuzz command
/// that found it) is written as a comment when not empty.
pub fn case_file(a: &dyn RuleSet, b: &dyn RuleSet, game: &Game, provenance: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# graphgo: a game on which {} and {} diverge; `graphgo check FILE` replays it.",
        a.name(),
        b.name()
    );
    for line in provenance.lines() {
        let _ = writeln!(out, "# {line}");
    }
    // The probes: turns both sides refuse before the divergence (a disputed turn both
    // refuse under other clauses is the divergence, not a probe).
    let mut upto = game.turns.len();
    match compare(a, b, game) {
        Some(d) => {
            for line in d.describe(game.setup.turn_names()).lines() {
                let _ = writeln!(out, "# {line}");
            }
            upto = d.turns;
        }
        None => {
            let _ = writeln!(out, "# (the sides agree on this game)");
        }
    }
    let replays = [replay_side(a, game), replay_side(b, game)];
    for (side, replay) in [a, b].iter().zip(&replays) {
        let _ = writeln!(out, "# {}: {}", side.name(), replay.text());
    }
    let mut probes = refused_by_both(&replays);
    probes.retain(|&i| i < upto);
    out.push_str(&Record::from_game_with_probes(&game.setup, &game.turns, &probes).to_yaml());
    out
}

/// The turns (indices from 0) that both sides refused, each playing the game alone: the
/// probes of a case file (its `probes` field), which a replay gives to the rules and goes on.
fn refused_by_both(replays: &[SideReplay; 2]) -> Vec<usize> {
    let [x, y] = replays;
    x.verdicts
        .iter()
        .zip(&y.verdicts)
        .enumerate()
        .filter(|(_, (u, v))| matches!((u, v), (Verdict::Refused(_), Verdict::Refused(_))))
        .map(|(i, _)| i)
        .collect()
}

/// The turns of `game` (indices from 0) before its turn `upto` that `rules` refuses,
/// playing it alone: the probes a campaign kept in the game, to be left out where a format
/// has no refused turns (SGF).
pub fn refused_turns(rules: &dyn RuleSet, game: &Game, upto: usize) -> Vec<usize> {
    replay_side(rules, game)
        .verdicts
        .iter()
        .enumerate()
        .take(upto)
        .filter(|(_, v)| matches!(v, Verdict::Refused(_)))
        .map(|(i, _)| i)
        .collect()
}

// ---------------------------------------------------------------------------------------
// Shrinking
// ---------------------------------------------------------------------------------------

/// A shrunk case: a smaller game that still diverges, and its divergence.
#[derive(Clone, Debug)]
pub struct Shrunk {
    pub game: Game,
    pub divergence: Divergence,
    /// How many comparisons the shrinking ran.
    pub attempts: usize,
}

/// Shrinks a diverging game: fewer turns, fewer vertices, fewer edges, fewer setup stones,
/// simpler options. A change is kept only when the smaller game still diverges. At most
/// `budget` comparisons are run (a count, not a time, so that shrinking is reproducible).
/// `None` when `game` does not diverge.
pub fn shrink(a: &dyn RuleSet, b: &dyn RuleSet, game: &Game, budget: usize) -> Option<Shrunk> {
    let divergence = compare(a, b, game)?;
    let mut best = Shrunk {
        game: truncated(game, divergence.turns_needed()),
        divergence,
        attempts: 1,
    };
    loop {
        let before = size(&best.game);
        for pass in PASSES {
            pass(a, b, &mut best, budget);
        }
        if size(&best.game) >= before || best.attempts >= budget {
            return Some(best);
        }
    }
}

/// A measure that every kept change makes smaller.
fn size(game: &Game) -> (usize, usize, usize, usize, usize) {
    let s = &game.setup;
    let stones = s.initial.iter().filter(|&&c| c != Colour::Empty).count();
    let plain = Options::default();
    let o = &s.options;
    let simple = usize::from(o.neutral != plain.neutral)
        + usize::from(o.no_move != plain.no_move)
        + usize::from(o.self_capture != plain.self_capture)
        + usize::from(o.repetition != plain.repetition)
        + usize::from(s.to_move != Player::Black)
        + (s.prisoners[0] + s.prisoners[1]) as usize
        + usize::from(s.komi != zero());
    (
        game.turns.len() + s.board.len(),
        s.board.len(),
        s.board.edge_count(),
        stones,
        simple,
    )
}

fn zero() -> BigRational {
    BigRational::from_integer(0.into())
}

type Pass = fn(&dyn RuleSet, &dyn RuleSet, &mut Shrunk, usize);

const PASSES: [Pass; 6] = [
    shrink_vertices,
    shrink_prefix,
    shrink_turns,
    shrink_stones,
    shrink_edges,
    shrink_options,
];

/// Tries a candidate; keeps it (truncated to its divergence) when it still diverges and is
/// smaller. Returns whether it was kept. A candidate neither side can play (a board a GTP
/// engine does not play, say) costs nothing of the budget: with engines that play only
/// square grids, the passes over vertices and edges would otherwise spend it all before the
/// turns are shrunk.
fn attempt(
    a: &dyn RuleSet,
    b: &dyn RuleSet,
    best: &mut Shrunk,
    budget: usize,
    candidate: Option<Game>,
) -> bool {
    let Some(candidate) = candidate else {
        return false;
    };
    if best.attempts >= budget || size(&candidate) >= size(&best.game) {
        return false;
    }
    let Some(played) = compare_played(a, b, &candidate) else {
        return false;
    };
    best.attempts += 1;
    match played {
        // A candidate one side cannot start (a board a GTP engine does not name) is not the
        // divergence being shrunk, unless that one already was about the start.
        Some(d)
            if matches!(d.difference, Difference::Start { .. })
                && !matches!(best.divergence.difference, Difference::Start { .. }) =>
        {
            false
        }
        Some(d) => {
            best.game = truncated(&candidate, d.turns_needed());
            best.divergence = d;
            true
        }
        None => false,
    }
}

fn truncated(game: &Game, turns: usize) -> Game {
    Game {
        setup: game.setup.clone(),
        turns: game.turns[..turns.min(game.turns.len())].to_vec(),
    }
}

/// The same turns with every player swapped from index `from` on.
fn flipped_from(turns: &[Turn], from: usize) -> Vec<Turn> {
    turns
        .iter()
        .enumerate()
        .map(|(i, t)| if i >= from { t.swapped() } else { t.clone() })
        .collect()
}

/// Deletes the longest prefix of the turns that it can (a divergence in how a game ends
/// often needs only its last few turns), the later turns' players swapped after an odd
/// number so that they stay each player's own turns.
fn shrink_prefix(a: &dyn RuleSet, b: &dyn RuleSet, best: &mut Shrunk, budget: usize) {
    let turns = best.game.turns.clone();
    // Keep the last 1, 2, ... turns: the first that still diverges is the shortest.
    for keep in 1..turns.len() {
        if best.attempts >= budget {
            return;
        }
        let rest = turns[turns.len() - keep..].to_vec();
        let dropped = turns.len() - keep;
        let candidate = Game {
            setup: best.game.setup.clone(),
            turns: if dropped % 2 == 1 {
                flipped_from(&rest, 0)
            } else {
                rest
            },
        };
        if attempt(a, b, best, budget, Some(candidate)) {
            return;
        }
    }
}

/// Deletes chunks of turns, halving the chunk size down to one; after deleting an odd
/// number of turns, also tries with the later turns' players swapped (so that they stay
/// each player's own turns).
fn shrink_turns(a: &dyn RuleSet, b: &dyn RuleSet, best: &mut Shrunk, budget: usize) {
    let mut chunk = best.game.turns.len().div_ceil(2).max(1);
    loop {
        let mut start = 0;
        while start < best.game.turns.len() && best.attempts < budget {
            let turns = &best.game.turns;
            let end = (start + chunk).min(turns.len());
            let mut rest: Vec<Turn> = turns[..start].to_vec();
            rest.extend_from_slice(&turns[end..]);
            let plain = Game {
                setup: best.game.setup.clone(),
                turns: rest.clone(),
            };
            if attempt(a, b, best, budget, Some(plain)) {
                continue;
            }
            if (end - start) % 2 == 1 {
                let swapped = Game {
                    setup: best.game.setup.clone(),
                    turns: flipped_from(&rest, start),
                };
                if attempt(a, b, best, budget, Some(swapped)) {
                    continue;
                }
            }
            start += chunk;
        }
        if chunk == 1 || best.attempts >= budget {
            return;
        }
        chunk = chunk.div_ceil(2);
    }
}

/// The game on the subgraph induced by the vertices not in `removed`: turns at removed
/// vertices are dropped, setup stones on kept vertices stay. `None` if nothing would be left.
pub fn without_vertices(game: &Game, removed: &BTreeSet<Vertex>) -> Option<Game> {
    // Directed boards keep their arcs in the equipment, indexed by vertex, and a go-space's
    // points are tied to its topology and placements: deleting vertices from the board alone
    // would give an invalid setup, so they are only shrunk by turns.
    if matches!(
        game.setup.equipment,
        crate::game::Equipment::Arcs(_) | crate::game::Equipment::Space(_)
    ) {
        return None;
    }
    let board = &game.setup.board;
    let kept: Vec<Vertex> = (0..board.len()).filter(|v| !removed.contains(v)).collect();
    if kept.is_empty() {
        return None;
    }
    let mut new_index = vec![usize::MAX; board.len()];
    for (i, &v) in kept.iter().enumerate() {
        new_index[v] = i;
    }
    let names: Vec<&str> = kept.iter().map(|&v| board.name(v)).collect();
    let edges: Vec<(&str, &str)> = board
        .edges()
        .filter(|(u, v)| !removed.contains(u) && !removed.contains(v))
        .map(|(u, v)| (board.name(u), board.name(v)))
        .collect();
    let smaller = Board::from_edges(&names, &edges).ok()?;
    let turns = game
        .turns
        .iter()
        .filter_map(|t| match *t {
            Turn::Move { player, at } if new_index[at] != usize::MAX => Some(Turn::Move {
                player,
                at: new_index[at],
            }),
            Turn::Move { .. } => None,
            _ => Some(t.clone()),
        })
        .collect();
    // MANGO's weights are per point: keep those of the kept points.
    let equipment = match &game.setup.equipment {
        crate::game::Equipment::Weights(w) => {
            crate::game::Equipment::Weights(Arc::new(crate::board::weights::Weights {
                weight: kept.iter().map(|&v| w.weight[v].clone()).collect(),
                ..(**w).clone()
            }))
        }
        other => other.clone(),
    };
    Some(Game {
        setup: Setup {
            board: Arc::new(smaller),
            initial: kept.iter().map(|&v| game.setup.initial[v]).collect(),
            equipment,
            ..game.setup.clone()
        },
        turns,
    })
}

/// Removes chunks of vertices (half the board, a quarter, ... one), last vertices first.
fn shrink_vertices(a: &dyn RuleSet, b: &dyn RuleSet, best: &mut Shrunk, budget: usize) {
    let mut chunk = best.game.setup.board.len().div_ceil(2).max(1);
    loop {
        let mut end = best.game.setup.board.len();
        while end > 0 && best.attempts < budget {
            let start = end.saturating_sub(chunk);
            let removed: BTreeSet<Vertex> = (start..end).collect();
            let candidate = without_vertices(&best.game, &removed);
            if !attempt(a, b, best, budget, candidate) {
                end = start;
            } else {
                end = end.min(best.game.setup.board.len());
            }
        }
        if chunk == 1 || best.attempts >= budget {
            return;
        }
        chunk = chunk.div_ceil(2);
    }
}

/// Removes edges one at a time.
fn shrink_edges(a: &dyn RuleSet, b: &dyn RuleSet, best: &mut Shrunk, budget: usize) {
    let mut i = 0;
    while best.attempts < budget {
        if matches!(
            best.game.setup.equipment,
            crate::game::Equipment::Space(_) | crate::game::Equipment::Arcs(_)
        ) {
            // A go-space's board is its specialisation preorder, a directed board's is the
            // shadow of its arcs: neither is an edge list to shrink.
            return;
        }
        let board = &best.game.setup.board;
        let edges: Vec<(Vertex, Vertex)> = board.edges().collect();
        if i >= edges.len() {
            return;
        }
        let names: Vec<&str> = board.names().iter().map(String::as_str).collect();
        let kept: Vec<(&str, &str)> = edges
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, &(u, v))| (board.name(u), board.name(v)))
            .collect();
        let candidate = Board::from_edges(&names, &kept).ok().map(|smaller| Game {
            setup: Setup {
                board: Arc::new(smaller),
                ..best.game.setup.clone()
            },
            turns: best.game.turns.clone(),
        });
        if !attempt(a, b, best, budget, candidate) {
            i += 1;
        }
    }
}

/// Empties setup stones one at a time.
fn shrink_stones(a: &dyn RuleSet, b: &dyn RuleSet, best: &mut Shrunk, budget: usize) {
    let mut v = 0;
    while v < best.game.setup.initial.len() && best.attempts < budget {
        if best.game.setup.initial[v] != Colour::Empty {
            let mut initial = best.game.setup.initial.clone();
            initial[v] = Colour::Empty;
            let candidate = Game {
                setup: Setup {
                    initial,
                    ..best.game.setup.clone()
                },
                turns: best.game.turns.clone(),
            };
            attempt(a, b, best, budget, Some(candidate));
        }
        v += 1;
    }
}

/// Puts each option, the first player, the prisoners and komi back to their plain values.
fn shrink_options(a: &dyn RuleSet, b: &dyn RuleSet, best: &mut Shrunk, budget: usize) {
    let plain = Options::default();
    let with = |best: &Shrunk, f: &dyn Fn(&mut Setup)| {
        let mut setup = best.game.setup.clone();
        f(&mut setup);
        Game {
            setup,
            turns: best.game.turns.clone(),
        }
    };
    let changes: [&dyn Fn(&mut Setup); 4] = [
        &|s| s.options.neutral = plain.neutral,
        &|s| s.options.no_move = plain.no_move,
        &|s| s.options.self_capture = plain.self_capture,
        &|s| s.options.repetition = plain.repetition,
    ];
    for change in changes {
        let candidate = with(best, change);
        attempt(a, b, best, budget, Some(candidate));
    }
    if best.game.setup.to_move == Player::White {
        let candidate = Game {
            setup: Setup {
                to_move: Player::Black,
                ..best.game.setup.clone()
            },
            turns: flipped_from(&best.game.turns, 0),
        };
        attempt(a, b, best, budget, Some(candidate));
    }
    for p in Player::BOTH {
        for smaller in [0, best.game.setup.prisoners[p.index()].saturating_sub(1)] {
            if smaller < best.game.setup.prisoners[p.index()] {
                let candidate = with(best, &|s| s.prisoners[p.index()] = smaller);
                if attempt(a, b, best, budget, Some(candidate)) {
                    break;
                }
            }
        }
    }
    if best.game.setup.komi != zero() {
        let candidate = with(best, &|s| s.komi = zero());
        attempt(a, b, best, budget, Some(candidate));
    }
}

/// The message of a caught panic (`catch_unwind`'s payload): its text, or a placeholder.
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_string()
    }
}
