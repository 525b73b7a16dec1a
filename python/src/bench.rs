//! The Rust side of the benchmark script (`python/bench.py`): random games recorded by
//! graphgo's playouts (`graphgo::bench::recorded_games`, what `graphgo bench` replays), and
//! the same games replayed in Rust through the same trait, observing after every turn
//! (`graphgo::bench::replay_games`), so that a turn from Python is timed against the same
//! turn from Rust.

use pyo3::prelude::*;

use graphgo::bench::{grid_playouts, playout_turn, recorded_games, replay_games};
use graphgo::board::Board;
use graphgo::engine::playout::{ggg1_options, reference_options};
use graphgo::engine::Engine;
use graphgo::game::{Options, Player};
use graphgo::variants::Rules;

use crate::convert;
use crate::errors::{detached, Fail};
use crate::game::Implementation;

fn options(ggg1: bool) -> Options {
    if ggg1 {
        ggg1_options()
    } else {
        reference_options()
    }
}

fn recorded(size: usize, count: usize, seed: u64, ggg1: bool) -> Vec<Vec<Option<u32>>> {
    let mut playouts = grid_playouts(size, ggg1, seed);
    recorded_games(&mut playouts, count)
}

/// `count` random games on a `size x size` grid (light playouts, seed `seed`; `ggg1`: under
/// `ggg1` with self-capture and superko, else the reference bot's rules), as the options
/// and komi to start them with and their turns as records write them.
#[pyfunction]
pub fn random_games<'py>(
    py: Python<'py>,
    size: usize,
    count: usize,
    seed: u64,
    ggg1: bool,
) -> PyResult<(Bound<'py, PyAny>, Vec<Vec<String>>)> {
    let games = detached(py, move || {
        let board = Board::grid(size, size).map_err(|e| Fail::Input(e.0))?;
        Ok(recorded(size, count, seed, ggg1)
            .into_iter()
            .map(|game| {
                let mut player = Player::Black;
                game.into_iter()
                    .map(|v| {
                        let text = playout_turn(v, player).text(&board);
                        player = player.opponent();
                        text
                    })
                    .collect()
            })
            .collect())
    })?;
    let value = serde_json::to_value(options(ggg1)).unwrap_or_default();
    Ok((convert::from_json(py, &value)?, games))
}

/// The same games as [`random_games`] replayed in Rust by `engine` (`"spec"` or
/// `"engine"`), every turn played then observed: `(turns, seconds)`.
#[pyfunction]
pub fn replay_in_rust(
    py: Python<'_>,
    size: usize,
    count: usize,
    seed: u64,
    ggg1: bool,
    engine: &str,
) -> PyResult<(u64, f64)> {
    let implementation = crate::errors::OrRaise::or_raise(Implementation::parse(engine), py)?;
    detached(py, move || {
        let games = recorded(size, count, seed, ggg1);
        let report = match implementation {
            Implementation::Rules => replay_games(&Rules, size, options(ggg1), &games),
            Implementation::Engine => replay_games(&Engine, size, options(ggg1), &games),
        }
        .map_err(Fail::Input)?;
        Ok((report.turns, report.seconds))
    })
}
