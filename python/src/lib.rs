//! graphgo for Python: the native module `graphgo._graphgo`, built with PyO3 and maturin.
//!
//! Nothing of the rules is written here: every answer comes from the `graphgo` library
//! (the transcription `variants::Rules`, the engine `engine::Engine`, the record and SGF
//! readers, the explanation, the pictures, the conformance vectors and the verification
//! path, the campaign's generators). This crate converts values between the two languages
//! and guards the boundary:
//!
//! - [`errors`]: the Python exceptions, and every call into the library run under
//!   `catch_unwind`, so that a panic is a Python exception and never an abort;
//! - [`convert`]: JSON values, rationals (`fractions.Fraction`) and records in both
//!   directions;
//! - [`game`]: `Game`, a game being played (from a record, SGF or keyword arguments);
//! - [`vectors`]: the conformance vectors, graphgo's own check of them, and the judging of a
//!   Python implementation through the verification path of `graphgo::conformance`;
//! - [`protocol`]: a Python implementation (`play`, `stones`, `legal`) as a `RuleSet`;
//! - [`generate`]: the campaign's generators of boards, setups and games, driven by the
//!   choices Hypothesis draws (`graphgo.strategies`);
//! - [`bench`]: random games recorded and replayed in Rust, for the benchmark script.

use pyo3::prelude::*;

mod bench;
mod convert;
mod errors;
mod game;
mod generate;
mod protocol;
mod vectors;

#[pymodule]
fn _graphgo(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::install_panic_hook();
    m.add_class::<game::Game>()?;
    m.add_class::<game::GameResult>()?;
    m.add_class::<game::Trace>()?;
    m.add_class::<vectors::Vector>()?;
    m.add_class::<vectors::VectorReport>()?;
    m.add_class::<protocol::Departure>()?;

    m.add_function(wrap_pyfunction!(vectors::load_vectors, m)?)?;
    m.add_function(wrap_pyfunction!(vectors::check_vectors, m)?)?;
    m.add_function(wrap_pyfunction!(vectors::judge, m)?)?;
    m.add_function(wrap_pyfunction!(protocol::compare, m)?)?;
    m.add_function(wrap_pyfunction!(protocol::declarations, m)?)?;
    m.add_function(wrap_pyfunction!(generate::generate_board, m)?)?;
    m.add_function(wrap_pyfunction!(generate::generate_setup, m)?)?;
    m.add_function(wrap_pyfunction!(generate::generate_game, m)?)?;
    m.add_function(wrap_pyfunction!(bench::random_games, m)?)?;
    m.add_function(wrap_pyfunction!(bench::replay_in_rust, m)?)?;
    m.add_function(wrap_pyfunction!(errors::panic_for_test, m)?)?;
    m.add("MAX_TURNS", graphgo::io::record::MAX_TURNS)?;
    m.add("MAX_VERTICES", graphgo::board::MAX_VERTICES)?;
    Ok(())
}
