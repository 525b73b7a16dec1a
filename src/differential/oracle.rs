//! The fast oracle: the engine against the transcription on a short differential campaign,
//! inside the library's own test binary so that a change to `src/engine/` costs one
//! incremental compilation before it is judged. This is the test command of mutation
//! testing (`.cargo/mutants.toml`, `spec/mutants.md`), and it runs with every `cargo test`.
//!
//! - the campaign's own games ([`fuzz::play_game`]: random boards, setups, options and
//!   turns biased toward captures, self-captures, ko retakes, passes and refused turns),
//!   compared after every turn on everything observable and on the set of legal turns;
//! - the same games against an engine whose Zobrist keys keep 0 or 2 bits, so that every
//!   repetition test is a hash hit and only the exact confirmation tells colourings apart;
//! - the regressions, each kept once as a vector `spec/vectors/<family>/<rule>/regression-*`
//!   (expectations checked by hand), on the engine: `conformance::vectors`' test module, in
//!   the same test binary.
//!
//! `ORACLE_GAMES=n` plays n campaign games instead of the default (for a longer run).

use crate::differential::compare;
use crate::differential::fuzz;
use crate::engine::MaskedEngine;
use crate::game::RuleSet;

/// The campaign seed of the oracle (any fixed number: the games are reproducible with
/// `graphgo fuzz --seed 5 --game i`).
const SEED: u64 = 5;

fn games(default: u64) -> u64 {
    std::env::var("ORACLE_GAMES")
        .map(|n| n.parse().expect("ORACLE_GAMES is a number"))
        .unwrap_or(default)
}

/// Plays campaign games `0..count` through the spec and `engine`; panics on the first
/// divergence with its description and the command that replays it.
fn campaign(engine: &dyn RuleSet, count: u64) {
    let spec = compare::reference();
    for index in 0..count {
        let played = fuzz::play_game(&*spec, engine, SEED, index);
        if let Some(d) = played.divergence {
            panic!(
                "{} diverges from the spec in game {index} (replay: graphgo fuzz --seed {SEED} \
                 --game {index}):\n{}",
                engine.name(),
                d.describe(&played.game.setup.board)
            );
        }
    }
}

#[test]
fn the_engine_agrees_with_the_spec_on_a_short_campaign() {
    campaign(&crate::engine::Engine, games(300));
}

#[test]
fn linked_chains_agree_with_the_spec() {
    // Only the playouts on boards of 2^16 vertices or more link their chains; this
    // campaign links them on the campaign's small boards.
    campaign(&crate::engine::LinkedEngine, games(300) / 3);
}

#[test]
fn hash_collisions_never_change_a_verdict() {
    // Mask 0: every colouring hashes to 0. Mask 3: four buckets.
    for mask in [0, 3] {
        campaign(&MaskedEngine(mask), games(300) / 3);
    }
}

/// Plays `count` games of `family` alone (seed [`SEED`]) through the spec and `engine`.
fn family_campaign(engine: &dyn RuleSet, family: fuzz::MixedFamily, count: u64) {
    let spec = compare::reference();
    for index in 0..count {
        let played = fuzz::play_family_game(&*spec, engine, family, SEED, index);
        if let Some(d) = played.divergence {
            panic!(
                "{} diverges from the spec in {family:?} game {index}:\n{}",
                engine.name(),
                d.describe(&played.game.setup.board)
            );
        }
    }
}

// The campaign above meets a go-space in one game of 64, a directed board in one of ten and
// MANGO in one of six; these give each family engine games of its own.

#[test]
fn the_go_space_engine_agrees_with_the_spec() {
    // Go-spaces keep their colourings in an exact set (no hash), so no masked run.
    family_campaign(
        &crate::engine::Engine,
        fuzz::MixedFamily::Topological,
        games(300) / 3,
    );
}

#[test]
fn the_mango_engine_agrees_with_the_spec() {
    family_campaign(
        &crate::engine::Engine,
        fuzz::MixedFamily::Mango,
        games(300) / 3,
    );
    family_campaign(&MaskedEngine(0), fuzz::MixedFamily::Mango, games(300) / 10);
}

#[test]
fn the_directed_engine_agrees_with_the_spec() {
    family_campaign(
        &crate::engine::Engine,
        fuzz::MixedFamily::Directed,
        games(300) / 3,
    );
    family_campaign(
        &MaskedEngine(0),
        fuzz::MixedFamily::Directed,
        games(300) / 10,
    );
}

/// `mango:SETUP` at the edge of the engine's integer ranges: on a path of three with
/// F = (0, −1, −1), a lone black stone on the first point has the whole board as its
/// component of B ∪ E, whose empty points weigh −2: the least any component can weigh
/// (Σ|F| = 2). Under T = `z <= -2`, `z >= -2` and `-2 <= z <= -2` (worked out by hand: −2
/// lies in each) the stone lives. Both sides must keep it, and agree.
#[test]
fn a_mango_component_of_the_least_possible_weight_is_judged_exactly() {
    use crate::board::weights::{Interval, Threshold, Weights};
    use crate::game::{Colour, Equipment, Player, RuleId, Setup, Turn};
    use crate::io::record::Game;
    use num_rational::BigRational;
    use std::sync::Arc;
    for t in ["z <= -2", "z >= -2", "-2 <= z <= -2"] {
        let board = crate::board::Board::path(3).unwrap();
        let mut setup = Setup::new(RuleId::Mango, board);
        setup.equipment = Equipment::Weights(Arc::new(Weights {
            weight: [0, -1, -1]
                .map(|f| BigRational::from_integer(f.into()))
                .to_vec(),
            threshold: Threshold {
                intervals: vec![Interval::parse(t).unwrap()],
            },
            scores: [
                BigRational::from_integer(0.into()),
                BigRational::from_integer(0.into()),
            ],
        }));
        let game = Game {
            setup,
            turns: vec![Turn::Move {
                player: Player::Black,
                at: 0,
            }],
        };
        let (spec, engine) = (compare::reference(), compare::engine());
        if let Some(d) = compare::compare(&*spec, &*engine, &game) {
            panic!("T = {t}: diverges:\n{}", d.describe(&game.setup.board));
        }
        let mut played = engine.start(&game.setup).unwrap();
        played.play(&game.turns[0]).unwrap();
        assert_eq!(
            played.observe().position,
            vec![Colour::Black, Colour::Empty, Colour::Empty],
            "T = {t}"
        );
    }
}
