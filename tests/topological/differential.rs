//! The engine's go-spaces (`src/engine/space.rs`) against the transcription
//! (`src/spec/topological.rs`), through the comparer: every topological game of a fixed
//! campaign (`graphgo fuzz` plays one game in 64 on a random go-space) must show no
//! divergence in colourings, turn to move, results, legal turns or refusals (clause ids
//! included: `topo:D4`, `topo:D9`, `topo:D10a`, `topo:D10b`, `topo:R3`, `topo:R4a`,
//! `topo:R4b`). A failure prints the game as a record to replay with `graphgo check`.

use graphgo::differential::compare;
use graphgo::differential::fuzz::{play_game, TOPOLOGICAL_EVERY};
use graphgo::io::record::Record;

#[test]
fn engine_plays_go_spaces_as_the_spec() {
    let (spec, engine) = (compare::reference(), compare::engine());
    let mut turns = 0;
    for k in 0..300u64 {
        let index = k * TOPOLOGICAL_EVERY + TOPOLOGICAL_EVERY - 1;
        let played = play_game(&*spec, &*engine, 20261121, index);
        turns += played.game.turns.len();
        if let Some(d) = played.divergence {
            panic!(
                "game {index} diverges:\n{}\n{}",
                d.describe(played.game.setup.turn_names()),
                Record::from_game(&played.game.setup, &played.game.turns).to_yaml()
            );
        }
    }
    assert!(turns > 600, "only {turns} turns in 300 games");
}
