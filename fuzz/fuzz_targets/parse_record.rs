//! Records from arbitrary bytes, read as YAML and as JSON, checked against their boards and
//! replayed through the spec: any input may be refused with a message, none may panic.
#![no_main]

use graphgo::io::record::{Record, MAX_TURNS};
use graphgo::io::replay::replay;
use graphgo::variants::Rules;
use libfuzzer_sys::fuzz_target;

/// Boards and games larger than this are read but not replayed (the spec is slow, and a
/// fuzzer's time is better spent on the parser).
const MAX_REPLAYED_VERTICES: usize = 64;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for json in [false, true] {
        let Ok(record) = Record::parse(text, json) else {
            continue;
        };
        // Writing a record back out must not panic either.
        let _ = record.to_yaml();
        let Ok(game) = record.game() else {
            continue;
        };
        assert!(game.turns.len() <= MAX_TURNS);
        if game.setup.board.len() <= MAX_REPLAYED_VERTICES && game.turns.len() <= 64 {
            let _ = replay(&Rules, &game);
        }
    }
});
