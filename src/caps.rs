//! The caps on a command's work that the input caps alone do not give (`spec/FORMAT.md`,
//! "Caps"). A record within the caps of its format (4 194 304 vertices, 1 000 000 turns,
//! 64 MiB) can still ask for more than any command can do in seconds: replaying it reads
//! the whole position at every turn (the transcription's superko compares colourings, its
//! captures look at every stone), comparing two implementations lists every legal turn at
//! every turn, and the viewer draws every position. Each such cost is a product (points
//! times turns, points times positions), and each command refuses up front, before any
//! work, a record whose product is over its cap, with a message naming the cap and the
//! two numbers. The caps are chosen so that the work at the cap takes seconds of one
//! core; `spec/FORMAT.md` states the time and memory at each, and `tests/cli/caps_sweep.rs`
//! runs every command at them under a memory limit and a time guard.
//!
//! Plain numbers in and out (a rule set's id, a count of points and of turns), so that the
//! command line, the viewer and the vectors' judge all ask the same questions.

use crate::game::RuleId;

/// The kinds of work that are capped, by what the command does with a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Work {
    /// Replaying a record through the transcription (`play`, `play --explain`, `show` in
    /// SVG or DOT, `vectors new`'s derivation): points x turns.
    Replay,
    /// Comparing the transcription and the engine turn by turn, every legal turn listed by
    /// both at every position (`check`, and each side of `vectors check`): points x turns.
    Compare,
    /// The viewer (`show --format html`): a picture, the legal turns and the clauses of
    /// every position, points x positions.
    Viewer,
    /// Judging or writing a conformance vector (`vectors check`, `vectors new`): the record
    /// replayed by the transcription and the engine and again under every other option
    /// value (up to 13 replays), every turn's position written down by name: points x
    /// turns.
    Vector,
}

impl Work {
    /// What the command is called in the message.
    pub fn command(self) -> &'static str {
        match self {
            Work::Replay => "replaying a record (play, show, vectors new)",
            Work::Compare => "comparing the transcription and the engine (check, vectors check)",
            Work::Viewer => "the viewer (show --format html)",
            Work::Vector => "a conformance vector (vectors check, vectors new)",
        }
    }

    /// What the second factor counts.
    fn steps(self) -> &'static str {
        match self {
            Work::Viewer => "positions",
            _ => "turns",
        }
    }
}

/// The cap of `work` on the product of points and turns (or positions) for a record of
/// `rules`, from the cost of a point a turn of each family measured at the cap (the table
/// of `spec/FORMAT.md`, "Caps", says the seconds and bytes): General Graph Go about 30 to
/// 80 ns a point a turn to replay, the directed rules about 500 (every state kept and read
/// again), MANGO's exact arithmetic about 1.5 us (`num-rational`: a gcd an addition),
/// Topological Go's strings and closures more. `check` also lists every legal turn of both
/// sides at every position, and the engines of MANGO and of Topological Go make every move
/// to list them (`engine::mango`, `engine::space`): their caps are the lowest.
pub fn cap(work: Work, rules: RuleId) -> u64 {
    let (graph, directed, mango, topo) = match work {
        Work::Replay => (1 << 26, 1 << 23, 1 << 21, 1 << 23),
        Work::Compare => (1 << 24, 1 << 21, 1 << 13, 1 << 16),
        Work::Viewer => (1 << 18, 1 << 18, 1 << 16, 1 << 16),
        Work::Vector => (1 << 20, 1 << 18, 1 << 16, 1 << 16),
    };
    match rules {
        RuleId::Ggg1 | RuleId::Ggg2 | RuleId::Ggg3 => graph,
        RuleId::Directed => directed,
        RuleId::Mango => mango,
        RuleId::TopoPrimitive | RuleId::TopoStones => topo,
    }
}

/// What each position of the viewer's page costs besides its points, counted as points:
/// a position's picture carries its own SVG header and style (about 2 KB) and its notes,
/// trace and legal turns (about 1 KB), where a point costs about 390 bytes.
pub const VIEWER_POSITION_OVERHEAD: usize = 8;

/// The most turns `play --explain` explains: each turn's trace costs about ten times the turn
/// itself (the clauses' words, the groups removed, the earlier position a refusal returns
/// to), and a million turns took 13 s and 260 MB of text no reader reads.
pub const MAX_EXPLAINED_TURNS: usize = 1 << 18;

/// The most turns a conformance vector may have ([`Work::Vector`]): a vector file holds at
/// most 1 MiB (`conformance::vectors::MAX_VECTOR_BYTES`), at least 30 bytes a turn, and
/// each turn is replayed up to 13 times with its position written down by name.
pub const MAX_VECTOR_TURNS: usize = 1 << 15;

/// The turns a directed record's lasso may replay: its `turns`, then its `cycle` of
/// `cycle` turns up to `passes` + 1 times round while looking for the period
/// (`spec::directed::MAX_LASSO_PASSES`); `turns` alone without a cycle.
pub fn lasso_steps(turns: usize, cycle: usize, passes: usize) -> usize {
    turns.saturating_add(cycle.saturating_mul(passes.saturating_add(1)))
}

/// `Ok` when `points` x `steps` (turns, or positions for the viewer) is within the cap of
/// `work` for `rules`; else the message, naming the cap, the product and its two factors.
pub fn check(work: Work, rules: RuleId, points: usize, steps: usize) -> Result<(), String> {
    let cap = cap(work, rules);
    let (counted, plus) = match work {
        Work::Viewer => (
            points.saturating_add(VIEWER_POSITION_OVERHEAD),
            format!(
                " (+ {VIEWER_POSITION_OVERHEAD}, what a position's page costs besides its points)"
            ),
        ),
        _ => (points, String::new()),
    };
    let product = (counted as u128) * (steps.max(1) as u128);
    if product <= u128::from(cap) {
        return Ok(());
    }
    Err(format!(
        "{points} points{plus} x {steps} {what} = {product} is over the cap of {cap} points x {what} for {command} under rules {rules} (spec/FORMAT.md, \"Caps\"); give fewer {what} or a smaller board",
        what = work.steps(),
        command = work.command(),
        rules = rules.name(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_product_is_capped_not_each_factor() {
        let cap = cap(Work::Replay, RuleId::Ggg1);
        assert_eq!(cap, 67_108_864);
        assert!(check(Work::Replay, RuleId::Ggg1, 4_194_304, 16).is_ok());
        let e = check(Work::Replay, RuleId::Ggg1, 4_194_304, 17).unwrap_err();
        assert!(
            e.contains("4194304 points x 17 turns = 71303168")
                && e.contains("cap of 67108864 points x turns"),
            "{e}"
        );
        assert!(check(Work::Replay, RuleId::Ggg1, 2, 1_000_000).is_ok());
        // No turns at all is one position's work.
        assert!(check(Work::Compare, RuleId::Ggg1, 4_194_304, 0).is_ok());
        assert!(check(Work::Replay, RuleId::Mango, 40_000, 2).is_ok());
        assert!(check(Work::Replay, RuleId::Mango, 40_000, 100).is_err());
        // A position of the viewer costs 8 points besides its own.
        assert!(check(Work::Viewer, RuleId::Ggg1, 2, 26_214).is_ok());
        let e = check(Work::Viewer, RuleId::Ggg1, 2, 26_215).unwrap_err();
        assert!(e.contains("2 points (+ 8"), "{e}");
        // Numbers that would overflow a u64 product are still compared exactly.
        assert!(check(Work::Viewer, RuleId::Ggg1, usize::MAX, usize::MAX).is_err());
    }
}
