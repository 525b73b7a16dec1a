//! `graphgo bench --suites spec`: what one turn costs each family's transcription on
//! comparable boards, with the engine beside it.
//!
//! Every family replays the same games: light `ggg1` playouts on a `size x size` grid, cut
//! at their first pass (version 2 has no passing, and a pass costs the directed rules a
//! different turn structure). The board is the grid itself for General Graph Go, the grid
//! with weights 1 and threshold `z >= 1` for MANGO (`mango:EX19`: ordinary Go), the grid's
//! go-space (`topo:EX2`, a point per vertex and per edge, a placement per vertex) for
//! Topological Go, and the symmetric digraph of the grid for the directed rules. A turn
//! costs what the comparer asks of a side each turn (`check::Session`): the turn played,
//! then [`Playable::observe`] (the position, and the running scores where the family keeps
//! them) and [`Playable::legal_turns`]. The networks article (`nrich:*`) defines no game,
//! so it has no turn to measure.
//!
//! A slow side is measured on the turns it plays within its time budget (at least one); a
//! fast side replays the games until it has been timed for [`MIN_SECONDS`] (a quarter
//! second and more, so that neither the CPU clock's 10 ms ticks nor a moment of another
//! process decide its figure): every line says how many turns it timed.

use std::sync::Arc;
use std::time::Instant;

use num_rational::BigRational;

use crate::board::digraph::Digraph;
use crate::board::weights::Weights;
use crate::board::Board;
use crate::engine::playout::ggg1_options;
use crate::game::{Equipment, Playable, Player, RuleId, RuleSet, Setup, Turn};

use super::{grid_playouts, playout_turn, recorded_games, thread_cpu_ns};

/// The families of the suite, in the order of the sources.
pub const FAMILIES: [RuleId; 6] = [
    RuleId::Ggg1,
    RuleId::Ggg2,
    RuleId::Ggg3,
    RuleId::TopoStones,
    RuleId::Mango,
    RuleId::Directed,
];

/// Prisoners each player starts a `ggg3` game with: enough that no pass of a playout is
/// refused for want of them (the games are cut at their first pass anyway).
const GGG3_PRISONERS: u64 = 1_000;

/// The setup of `family` on the `size x size` grid (Black first, komi 7.5 where the family
/// takes one).
pub fn family_setup(family: RuleId, size: usize) -> Result<Setup, String> {
    let grid = Board::grid(size, size).map_err(|e| e.0)?;
    let komi = BigRational::new(15.into(), 2.into());
    let mut setup = match family {
        RuleId::TopoPrimitive | RuleId::TopoStones => {
            let (board, space) =
                crate::spec::topological::go_space_of_graph(&grid).map_err(|e| e.0)?;
            let mut s = Setup::new(family, board);
            s.initial = vec![crate::game::Colour::Empty; space.points()];
            s.equipment = Equipment::Space(Arc::new(space));
            s
        }
        RuleId::Mango => {
            let weights = Weights::go(grid.len(), komi.clone());
            let mut s = Setup::new(family, grid);
            s.equipment = Equipment::Weights(Arc::new(weights));
            s
        }
        RuleId::Directed => {
            let arcs = Digraph::symmetric(&grid);
            let mut s = Setup::new(family, grid);
            s.equipment = Equipment::Arcs(Arc::new(arcs));
            s
        }
        _ => Setup::new(family, grid),
    };
    setup.komi = komi;
    if family == RuleId::Ggg3 {
        setup.prisoners = [GGG3_PRISONERS; 2];
    }
    Ok(setup)
}

/// The turns of `count` light `ggg1` playouts on the `size x size` grid, each cut at its
/// first pass: moves only, Black first, alternating.
pub fn grid_games(size: usize, count: usize, seed: u64) -> Vec<Vec<Turn>> {
    let mut playouts = grid_playouts(size, true, seed);
    recorded_games(&mut playouts, count)
        .into_iter()
        .map(|game| {
            let mut player = Player::Black;
            game.into_iter()
                .take_while(Option::is_some)
                .map(|v| {
                    let t = playout_turn(v, player);
                    player = player.opponent();
                    t
                })
                .collect()
        })
        .collect()
}

/// What one side cost per turn.
#[derive(Clone, Debug)]
pub struct TurnCost {
    /// Turns timed.
    pub turns: u64,
    /// Seconds spent on them (CPU time of this thread where known and long enough to be
    /// precise, else wall-clock time).
    pub seconds: f64,
    /// The first turn the side refused, if any (`game g turn i: reason`): that game's
    /// later turns were not played.
    pub refused: Option<String>,
}

impl TurnCost {
    /// Nanoseconds per turn.
    pub fn ns_per_turn(&self) -> f64 {
        self.seconds * 1e9 / self.turns.max(1) as f64
    }
}

/// The least time a side is measured for, in seconds of this thread's CPU time (or of the
/// wall clock where that is not known): the CPU clock counts in 10 ms ticks, and a side that
/// plays the games in a millisecond would otherwise be timed by one tick, or by whatever
/// else ran on the machine meanwhile.
pub const MIN_SECONDS: f64 = 0.3;

/// Replays `games` through `rules` from `setup`, asking after every turn what the comparer
/// asks (the observation and the legal turns), until the games end or `budget` seconds
/// have passed (at least one turn is timed). A side that ends the games before it has been
/// timed for `least` seconds (the suite asks [`MIN_SECONDS`], capped by the budget) replays
/// them again, from the first, until it has: its figure is the mean over every turn played.
pub fn turn_cost(
    rules: &dyn RuleSet,
    setup: &Setup,
    games: &[Vec<Turn>],
    budget: f64,
    least: f64,
) -> TurnCost {
    let wall = Instant::now();
    let cpu = thread_cpu_ns();
    let spent = || match (cpu, thread_cpu_ns()) {
        (Some(a), Some(b)) => b.saturating_sub(a) as f64 / 1e9,
        _ => wall.elapsed().as_secs_f64(),
    };
    let mut turns = 0u64;
    let mut refused = None;
    'passes: loop {
        let before = turns;
        'games: for (g, game) in games.iter().enumerate() {
            let mut playing: Box<dyn Playable> = match rules.start(setup) {
                Ok(p) => p,
                Err(e) => {
                    refused = Some(format!("cannot start: {e}"));
                    break 'passes;
                }
            };
            for (i, turn) in game.iter().enumerate() {
                if let Err(e) = playing.play(turn) {
                    refused.get_or_insert_with(|| format!("game {g} turn {}: {e}", i + 1));
                    continue 'games;
                }
                std::hint::black_box(playing.observe());
                std::hint::black_box(playing.legal_turns());
                turns += 1;
                if wall.elapsed().as_secs_f64() >= budget {
                    break 'passes;
                }
            }
        }
        // Another pass only when this one played a turn and the side is not timed long
        // enough yet.
        if turns == before || spent() >= least {
            break;
        }
    }
    let wall_seconds = wall.elapsed().as_secs_f64();
    let seconds = match (cpu, thread_cpu_ns()) {
        (Some(a), Some(b)) if b.saturating_sub(a) >= 300_000_000 => {
            b.saturating_sub(a) as f64 / 1e9
        }
        _ => wall_seconds,
    };
    TurnCost {
        turns,
        seconds,
        refused,
    }
}

/// Runs the suite on every size: one line per family and size, the transcription's ns per
/// turn, the engine's beside it, and the transcription's ratio to the `ggg1` transcription
/// on the same board.
pub fn run(
    sizes: &[usize],
    games: usize,
    seed: u64,
    budget: f64,
    spec: &dyn RuleSet,
    engine: &dyn RuleSet,
    out: &mut dyn FnMut(&str),
) {
    debug_assert_eq!(ggg1_options(), crate::game::Options::default());
    for &size in sizes {
        let recorded = grid_games(size, games.max(1), seed);
        let moves: usize = recorded.iter().map(Vec::len).sum();
        out(&format!(
            "spec suite {size}x{size}: {} games, {moves} moves (light ggg1 playouts cut at their first pass), budget {budget} s a side",
            recorded.len()
        ));
        let mut ggg1_spec = None;
        for family in FAMILIES {
            let setup = match family_setup(family, size) {
                Ok(s) => s,
                Err(e) => {
                    out(&format!("  {:<15} no setup: {e}", family.name()));
                    continue;
                }
            };
            let least = MIN_SECONDS.min(budget);
            let s = turn_cost(spec, &setup, &recorded, budget, least);
            let e = turn_cost(engine, &setup, &recorded, budget, least);
            if family == RuleId::Ggg1 {
                ggg1_spec = Some(s.ns_per_turn());
            }
            let mut line = format!(
                "  {:<15} {size}x{size}  spec {:>12.0} ns/turn ({:>5} turns)  engine {:>10.0} ns/turn ({:>5} turns)  spec/engine {:>7.1}",
                family.name(),
                s.ns_per_turn(),
                s.turns,
                e.ns_per_turn(),
                e.turns,
                s.ns_per_turn() / e.ns_per_turn().max(1e-9),
            );
            if let Some(base) = ggg1_spec {
                line += &format!("  spec/ggg1-spec {:>7.2}", s.ns_per_turn() / base.max(1e-9));
            }
            for (side, cost) in [("spec", &s), ("engine", &e)] {
                if let Some(r) = &cost.refused {
                    line += &format!("  [{side} refused {r}]");
                }
            }
            out(&line);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every family plays the recorded moves without refusing any (they are legal Go moves
    /// of an empty-board game under positional superko, and every family accepts those on
    /// its version of the grid), so the suite times the same turns on every side.
    #[test]
    fn every_family_plays_the_recorded_games() {
        let games = grid_games(5, 2, 3);
        assert!(games.iter().all(|g| g.len() > 5), "{games:?}");
        for family in FAMILIES {
            let setup = family_setup(family, 5).expect("a 5x5 setup");
            for rules in [
                &crate::variants::Rules as &dyn RuleSet,
                &crate::engine::Engine,
            ] {
                let cost = turn_cost(rules, &setup, &games, 1e9, 0.0);
                assert_eq!(cost.refused, None, "{} {}", family.name(), rules.name());
                assert_eq!(
                    cost.turns as usize,
                    games.iter().map(Vec::len).sum::<usize>(),
                    "{} {}",
                    family.name(),
                    rules.name()
                );
            }
        }
    }

    /// A side that ends the games before it has been timed `least` seconds plays them
    /// again from the first: whole passes over the same turns, never a refusal.
    #[test]
    fn a_fast_side_replays_the_games_until_timed_long_enough() {
        let games = grid_games(5, 1, 3);
        let setup = family_setup(RuleId::Ggg1, 5).expect("a 5x5 setup");
        let one_pass = games[0].len() as u64;
        let cost = turn_cost(&crate::engine::Engine, &setup, &games, 1e9, 0.05);
        assert_eq!(cost.refused, None);
        assert!(cost.turns >= 2 * one_pass, "{} turns", cost.turns);
        assert!(cost.seconds >= 0.05, "{} s", cost.seconds);
        // The budget still stops it.
        let capped = turn_cost(&crate::engine::Engine, &setup, &games, 0.0, 10.0);
        assert_eq!(capped.turns, 1);
    }
}
