//! The spec against the engine on the rule families the `differential` target does not
//! build: go-spaces (`topo-primitive`, `topo-stones`), MANGO and directed boards. The bytes
//! choose a family, a campaign seed and a game index; the game is the one `graphgo fuzz`
//! plays for them ([`graphgo::differential::fuzz::play_family_game`]), so libFuzzer explores the
//! generators' seeds, guided by the coverage of both sides. A divergence panics with the
//! game as a record and the command that replays it.
#![no_main]

use graphgo::differential::compare;
use graphgo::differential::fuzz::{play_family_game, MixedFamily};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: (u8, u64, u16)| {
    let (family, seed, index) = input;
    let family = [
        MixedFamily::Topological,
        MixedFamily::Mango,
        MixedFamily::Directed,
    ][usize::from(family % 3)];
    let (spec, engine) = (compare::reference(), compare::engine());
    let played = play_family_game(&*spec, &*engine, family, seed, u64::from(index));
    if played.divergence.is_some() {
        panic!(
            "spec and engine diverge ({family:?}, seed {seed}, game {index}):\n{}",
            compare::case_file(&*spec, &*engine, &played.game, "found by cargo fuzz run families")
        );
    }
});
