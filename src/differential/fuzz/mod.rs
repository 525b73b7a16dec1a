//! The differential campaign: random boards, random setups and random turn sequences
//! played through two implementations by the comparer ([`crate::differential::compare`]), and the
//! structured input of the cargo-fuzz `differential` target ([`FuzzCase`]).
//!
//! Everything is seeded: game `i` of a campaign with seed `S` is generated from
//! [`game_seed`]`(S, i)` alone, so `graphgo fuzz --seed S --game i` replays it on any
//! machine, and shard `K/N` plays exactly the games `i` with `i mod N = K - 1`.
//!
//! One file per job: this one, which game of a campaign is which (the seeds, the mix of
//! families); `graphs`, `mango`, `directed`, `topological`: the boards and setups of each
//! family (with the turn chooser of a family that needs its own); `turns`: what a chooser
//! sees, the chooser of graph games, and a generated game played through both sides;
//! `random_campaign`: the campaign (settings, findings, totals); `fuzz_case`: the input of
//! the cargo-fuzz target. Their items are used as `fuzz::NAME`.
//!
//! The board and setup generators take any random source (`R: Rng`): the campaign passes
//! its seeded generator, the Python package (`python/`) a source that replays the choices
//! Hypothesis draws, so that Hypothesis can shrink what they generate.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::game::RuleSet;

mod directed;
mod fuzz_case;
mod graphs;
mod mango;
mod random_campaign;
mod topological;
mod turns;

pub use crate::differential::shard::Shard;
pub use directed::{random_directed_setup, DirectedChooser};
pub use fuzz_case::{FuzzBoard, FuzzCase, Intent};
pub use graphs::{random_board, random_setup};
pub use mango::random_mango_setup;
pub use random_campaign::{
    planted_bug, Campaign, CampaignTotals, Event, Found, Limit, Stopped, DEFAULT_MAX_FINDINGS,
};
pub use topological::{random_topological_setup, MAX_FUZZ_POINTS, TOPOLOGICAL_EVERY};
pub use turns::{max_turns, play_generated, Biased, Chooser, ChooserView, Played};

/// The most vertices of a generated board (the spec's `legal_turns` is quadratic in it).
pub const MAX_FUZZ_VERTICES: usize = 40;

/// SplitMix64's finaliser: a bijection of u64 that scatters nearby inputs.
pub(super) fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The seed of game `index` of the campaign with seed `seed`.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    mix(mix(seed).wrapping_add(mix(index ^ 0x9e37_79b9_7f4a_7c15)))
}

pub(super) type Random = Xoshiro256PlusPlus;

/// Generates and plays game `index` of the campaign with seed `seed`.
pub fn play_game(a: &dyn RuleSet, b: &dyn RuleSet, seed: u64, index: u64) -> Played {
    let mut rng = Random::seed_from_u64(game_seed(seed, index));
    // One game in ten is a game of the directed rules (decided apart from `rng`, so that the
    // other games are generated as before).
    if mix(game_seed(seed, index) ^ directed::DIRECTED_SALT).is_multiple_of(10) {
        return directed::play_directed_game(a, b, &mut rng);
    }
    if index % TOPOLOGICAL_EVERY == TOPOLOGICAL_EVERY - 1 {
        return topological::play_topological_game(a, b, &mut rng);
    }
    // One game in eight is long: a board of at most 16 vertices and up to 300 turns.
    let long = rng.random_bool(0.125);
    let board = if long {
        graphs::simple_board(&mut rng, 16)
    } else {
        random_board(&mut rng)
    };
    let setup = if is_mango_game(seed, index) {
        random_mango_setup(&mut rng, board)
    } else {
        random_setup(&mut rng, board)
    };
    if long {
        let cap = (12 * setup.board.len() + 20).min(300);
        play_generated(a, b, setup, &mut Biased::long(rng), cap)
    } else {
        let cap = max_turns(&setup.board);
        play_generated(a, b, setup, &mut Biased::new(rng), cap)
    }
}

/// The rule families the campaign mixes into its graph games, for playing one family alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MixedFamily {
    /// `topo-primitive` or `topo-stones` on a random go-space.
    Topological,
    /// MANGO on a random board with random weights and threshold.
    Mango,
    /// The directed rules on a random directed board, with komi choice, bids and resets.
    Directed,
}

/// Game `index` of a campaign with seed `seed` that plays only `family`: the same
/// generators as [`play_game`] (so a divergence found here is one the campaign can find),
/// but every game of the family. The oracle of `cargo test --lib` uses it so that each
/// family engine meets many games, not one in six, ten or sixty-four.
pub fn play_family_game(
    a: &dyn RuleSet,
    b: &dyn RuleSet,
    family: MixedFamily,
    seed: u64,
    index: u64,
) -> Played {
    let mut rng = Random::seed_from_u64(game_seed(seed, index));
    match family {
        MixedFamily::Topological => topological::play_topological_game(a, b, &mut rng),
        MixedFamily::Directed => directed::play_directed_game(a, b, &mut rng),
        MixedFamily::Mango => {
            let board = random_board(&mut rng);
            let setup = random_mango_setup(&mut rng, board);
            let cap = max_turns(&setup.board);
            play_generated(a, b, setup, &mut Biased::new(rng), cap)
        }
    }
}

/// Whether game `index` of the campaign with seed `seed` is a MANGO game: one in six,
/// chosen by a hash of the game's seed, so the other games draw what they drew before.
pub fn is_mango_game(seed: u64, index: u64) -> bool {
    mix(game_seed(seed, index) ^ 0x6d61_6e67_6f5f_7274).is_multiple_of(6)
}
