//! The benchmark suites of `graphgo bench` (and of `benches/engine.rs`): light playouts on
//! grids under the reference-bot rules and under `ggg1`, on a large random graph, and the
//! same games replayed through a [`RuleSet`] (the transcription, to show the gap).

use std::fmt::Write as _;
use std::sync::Arc;
use std::time::Instant;

use num_rational::BigRational;

use crate::board::rows::{random_geometric_rows, random_graph_rows, random_regular_rows};
use crate::board::Board;
use crate::engine::playout::{
    breadth_first_order, ggg1_options, reference_options, renumbered_rows, Playouts,
};
use crate::game::{Options, Player, RuleId, RuleSet, Setup, Turn};

pub mod spec_suite;

/// Komi for the playout win rates, in half points (7.5).
const KOMI_HALVES: i64 = 15;

/// What a run of playouts measured.
#[derive(Clone, Debug)]
pub struct PlayoutReport {
    pub name: String,
    pub playouts: u64,
    pub turns: u64,
    pub seconds: f64,
    pub black_wins: u64,
    pub capped: u64,
    /// Seconds this thread spent on a CPU (Linux), when known: on a shared machine the
    /// wall-clock time also counts the time other processes held the cores.
    pub cpu_seconds: Option<f64>,
}

/// Nanoseconds this thread has spent on a CPU (user and system time from
/// `/proc/thread-self/stat`, Linux, in clock ticks of 10 ms: precise for runs of seconds).
pub fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    // Fields after the command name (which ends at the last ')'): state is field 3, utime
    // field 14 and stime field 15 of the whole line.
    let rest = &text[text.rfind(')')? + 1..];
    let mut fields = rest.split_whitespace().skip(11);
    let utime: u64 = fields.next()?.parse().ok()?;
    let stime: u64 = fields.next()?.parse().ok()?;
    Some((utime + stime) * 10_000_000)
}

/// A stopwatch for wall and CPU time.
struct Stopwatch(Instant, Option<u64>);

impl Stopwatch {
    fn start() -> Stopwatch {
        Stopwatch(Instant::now(), thread_cpu_ns())
    }

    /// Wall seconds and CPU seconds since the start.
    fn read(&self) -> (f64, Option<f64>) {
        let cpu = match (self.1, thread_cpu_ns()) {
            (Some(a), Some(b)) => Some(b.saturating_sub(a) as f64 / 1e9),
            _ => None,
        };
        (self.0.elapsed().as_secs_f64(), cpu)
    }
}

impl PlayoutReport {
    /// The time measured: CPU time when known and long enough to be precise (it is counted
    /// in 10 ms ticks), else wall-clock time.
    pub fn time(&self) -> f64 {
        match self.cpu_seconds {
            Some(cpu) if cpu >= 0.3 => cpu,
            _ => self.seconds,
        }
    }

    /// Nanoseconds per turn (passes included).
    pub fn ns_per_move(&self) -> f64 {
        self.time() * 1e9 / self.turns.max(1) as f64
    }

    /// Playouts per second.
    pub fn playouts_per_second(&self) -> f64 {
        self.playouts as f64 / self.time()
    }

    /// Mean turns per playout, the two closing passes included.
    pub fn mean_turns(&self) -> f64 {
        self.turns as f64 / self.playouts.max(1) as f64
    }

    /// Black's win rate at komi 7.5.
    pub fn black_win_rate(&self) -> f64 {
        self.black_wins as f64 / self.playouts.max(1) as f64
    }

    /// One line of the report.
    pub fn line(&self) -> String {
        format!(
            "{:<34} {:>9} playouts {:>9.1} ns/move {:>11.0} playouts/s  mean {:.3} moves  black wins {:.4}  [{}; wall {:.1} ns/move]{}",
            self.name,
            self.playouts,
            self.ns_per_move(),
            self.playouts_per_second(),
            self.mean_turns(),
            self.black_win_rate(),
            if self.time() != self.seconds {
                "cpu time"
            } else {
                "wall time"
            },
            self.seconds * 1e9 / self.turns.max(1) as f64,
            if self.capped > 0 {
                format!("  ({} stopped at the turn cap)", self.capped)
            } else {
                String::new()
            }
        )
    }
}

/// Runs `count` playouts and measures them.
pub fn measure(name: &str, playouts: &mut Playouts, count: u64) -> PlayoutReport {
    let mut turns = 0u64;
    let mut black_wins = 0;
    let mut capped = 0;
    let t = Stopwatch::start();
    for _ in 0..count {
        let o = playouts.play_one(None);
        turns += o.turns as u64;
        black_wins += u64::from(2 * o.margin > KOMI_HALVES);
        capped += u64::from(o.capped);
    }
    PlayoutReport {
        name: name.to_string(),
        playouts: count,
        turns,
        seconds: t.read().0,
        black_wins,
        capped,
        cpu_seconds: t.read().1,
    }
}

/// Light playouts on a `size x size` grid under the reference-bot rules or `ggg1`.
pub fn grid_playouts(size: usize, ggg1: bool, seed: u64) -> Playouts {
    let options = if ggg1 {
        ggg1_options()
    } else {
        reference_options()
    };
    Playouts::grid(size, size, options, seed)
}

/// The random graphs of the graph suites.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GraphKind {
    /// Uniform random pairs ([`random_graph_rows`]), numbered as generated.
    Uniform,
    /// The same graph renumbered breadth-first ([`breadth_first_order`]).
    UniformBreadthFirst,
    /// A random geometric graph ([`random_geometric_rows`]), numbered cell by cell.
    Geometric,
    /// A random 4-regular graph ([`random_regular_rows`]): every vertex has four
    /// neighbours, as inside a grid, so a move costs what the board costs and not what a
    /// graph with many leaves costs the policy (on the uniform graph, about one vertex in
    /// ten has at most one neighbour and soon is an eye or a self-capture for someone).
    Regular,
}

impl GraphKind {
    /// How the suite names it.
    pub fn name(self) -> &'static str {
        match self {
            GraphKind::Uniform => "uniform random graph",
            GraphKind::UniformBreadthFirst => "uniform random graph, BFS order",
            GraphKind::Geometric => "random geometric graph",
            GraphKind::Regular => "random 4-regular graph",
        }
    }
}

/// Light playouts on a random graph of `n` vertices, average degree about 4, no diagonals
/// (a one-point eye is then a point surrounded by one chain). On the 4-regular graph a
/// playout ends after about 1.05n turns; on the uniform and geometric graphs it can go on
/// for very long, so every playout stops after 3n turns: the suite measures the cost of
/// the turns played.
pub fn graph_playouts(n: usize, kind: GraphKind, ggg1: bool, seed: u64) -> Playouts {
    let (off, adj) = match kind {
        GraphKind::Uniform => random_graph_rows(n, 4, seed),
        GraphKind::UniformBreadthFirst => {
            let (off, adj) = random_graph_rows(n, 4, seed);
            renumbered_rows(&off, &adj, &breadth_first_order(&off, &adj))
        }
        GraphKind::Geometric => random_geometric_rows(n, 4, seed),
        GraphKind::Regular => random_regular_rows(n, seed),
    };
    let options = if ggg1 {
        ggg1_options()
    } else {
        reference_options()
    };
    let mut p = Playouts::new(off, adj, None, options, seed);
    p.max_turns = (3 * n).min(u32::MAX as usize) as u32;
    p
}

/// The turn of a recorded playout ([`recorded_games`]) for `player`: a placement at the
/// vertex, or a pass.
pub fn playout_turn(v: Option<u32>, player: Player) -> Turn {
    match v {
        Some(at) => Turn::Move {
            player,
            at: at as usize,
        },
        None => Turn::Pass { player },
    }
}

/// The turns of `count` playouts, for replaying.
pub fn recorded_games(playouts: &mut Playouts, count: usize) -> Vec<Vec<Option<u32>>> {
    (0..count)
        .map(|_| {
            let mut turns = Vec::new();
            playouts.play_one(Some(&mut turns));
            turns
        })
        .collect()
}

/// Replays recorded `size x size` playouts through `rules` (every turn checked, then the
/// position observed, as a comparer would) and reports the time per turn. Errors name the
/// first turn the rule set refused.
pub fn replay_games(
    rules: &dyn RuleSet,
    size: usize,
    options: Options,
    games: &[Vec<Option<u32>>],
) -> Result<PlayoutReport, String> {
    let board = Board::grid(size, size).map_err(|e| e.0)?;
    let mut setup = Setup::new(RuleId::Ggg1, board);
    setup.board = Arc::clone(&setup.board);
    setup.options = options;
    setup.komi = BigRational::new(15.into(), 2.into());
    let mut turns = 0u64;
    let t = Stopwatch::start();
    for (g, game) in games.iter().enumerate() {
        let mut playing = rules.start(&setup).map_err(|e| e.0)?;
        let mut player = Player::Black;
        for (i, &v) in game.iter().enumerate() {
            let turn = playout_turn(v, player);
            playing
                .play(&turn)
                .map_err(|e| format!("{}: game {g} turn {i} refused: {e}", rules.name()))?;
            std::hint::black_box(playing.observe());
            player = player.opponent();
            turns += 1;
        }
    }
    Ok(PlayoutReport {
        name: format!("{} replaying {size}x{size}", rules.name()),
        playouts: games.len() as u64,
        turns,
        seconds: t.read().0,
        black_wins: 0,
        capped: 0,
        cpu_seconds: t.read().1,
    })
}

/// What `graphgo bench` runs.
#[derive(Clone, Debug)]
pub struct BenchPlan {
    /// Playouts per grid suite.
    pub playouts: u64,
    /// Grid sizes.
    pub sizes: Vec<usize>,
    /// Light playouts under the reference-bot rules.
    pub light: bool,
    /// The same under ggg1.
    pub ggg1: bool,
    /// Vertices of the random graphs, one playout of each graph per count (none: skip them).
    pub graph_vertices: Vec<usize>,
    /// The random graphs to play on.
    pub graphs: Vec<GraphKind>,
    /// Games the transcription replays (0: skip).
    pub replay_games: usize,
    pub seed: u64,
    /// Fetch the coming draws' memory early on the random graphs
    /// ([`Playouts::set_prefetch`]).
    pub prefetch: bool,
    /// Link the chains of the random graphs' boards ([`Playouts::set_linked`]).
    pub link: bool,
}

/// Runs the plan, printing one line per suite to `out` as it goes; `replayer` is the rule
/// set that replays the recorded games (the transcription, from the command line).
pub fn run(plan: &BenchPlan, replayer: &dyn RuleSet, out: &mut dyn FnMut(&str)) {
    for &size in &plan.sizes {
        for (on, ggg1, name) in [
            (plan.light, false, "light (simple ko, no suicide)"),
            (plan.ggg1, true, "ggg1 (self-capture, superko)"),
        ] {
            if !on {
                continue;
            }
            let mut p = grid_playouts(size, ggg1, plan.seed);
            let r = measure(&format!("{size}x{size} {name}"), &mut p, plan.playouts);
            out(&r.line());
        }
    }
    for &kind in &plan.graphs {
        for (&n, ggg1) in plan
            .graph_vertices
            .iter()
            .flat_map(|n| [(n, false), (n, true)])
        {
            let t = Instant::now();
            let mut p = graph_playouts(n, kind, ggg1, plan.seed);
            p.set_prefetch(plan.prefetch);
            p.set_linked(plan.link);
            let built = t.elapsed().as_secs_f64();
            let name = format!(
                "{} {} v {}",
                kind.name(),
                n,
                if ggg1 { "ggg1" } else { "light" }
            );
            // One playout untimed first, as the grid suites' thousands of playouts amortise:
            // the first playout on a fresh board also pays for the first touch of the
            // history's memory (on a million vertices, page faults worth a fifth of a ggg1
            // playout, for its hash index).
            p.play_one(None);
            let mut r = measure(&name, &mut p, 1);
            r.name = name;
            let mut line = r.line();
            let _ = write!(line, "  (graph built in {built:.2} s)");
            out(&line);
        }
    }
    if plan.replay_games > 0 {
        let size = plan.sizes.first().copied().unwrap_or(9);
        for (ggg1, options) in [(false, reference_options()), (true, ggg1_options())] {
            let mut p = grid_playouts(size, ggg1, plan.seed);
            let games = recorded_games(&mut p, plan.replay_games);
            let engine = measure_replay(&crate::engine::Engine, size, options, &games);
            let spec = measure_replay(replayer, size, options, &games);
            out(&engine);
            out(&spec);
        }
    }
}

fn measure_replay(
    rules: &dyn RuleSet,
    size: usize,
    options: Options,
    games: &[Vec<Option<u32>>],
) -> String {
    match replay_games(rules, size, options, games) {
        Ok(r) => format!(
            "{:<34} {:>9} games    {:>9.1} ns/turn ({} turns, through the trait, observing after each turn){}",
            r.name,
            r.playouts,
            r.ns_per_move(),
            r.turns,
            if options.repetition == crate::game::Repetition::Simple {
                "  [reference rules]"
            } else {
                "  [ggg1]"
            }
        ),
        Err(e) => format!("replay failed: {e}"),
    }
}

#[cfg(test)]
mod graph_suite_tests {
    use super::*;

    /// The graph suites time the second playout of their generator, the first being played
    /// untimed: the line's mean is that playout's length, not the first's.
    #[test]
    fn the_graph_suites_time_the_playout_after_an_untimed_one() {
        let plan = BenchPlan {
            playouts: 1,
            sizes: Vec::new(),
            light: false,
            ggg1: false,
            graph_vertices: vec![300],
            graphs: vec![GraphKind::Regular],
            replay_games: 0,
            seed: 5,
            prefetch: true,
            link: true,
        };
        let mut lines = Vec::new();
        run(&plan, &crate::engine::Engine, &mut |l| {
            lines.push(l.to_string())
        });
        assert_eq!(lines.len(), 2, "{lines:?}");
        for (line, ggg1) in lines.iter().zip([false, true]) {
            let mut p = graph_playouts(300, GraphKind::Regular, ggg1, 5);
            let first = p.play_one(None).turns;
            let second = p.play_one(None).turns;
            assert_ne!(first, second, "the two playouts tell apart");
            assert!(
                line.contains(&format!("mean {second}.000 moves")),
                "{line} (playouts of {first} then {second} turns)"
            );
        }
    }
}
