//! SGF files from arbitrary bytes, read as graphgo reads them (the node pre-scan, sgf-parse,
//! the main variation into a game), written back, read again, and replayed through the
//! engine when small: any input may be refused with a message, none may panic.
#![no_main]

use graphgo::engine::Engine;
use graphgo::game::RuleId;
use graphgo::io::record::MAX_TURNS;
use graphgo::io::sgf;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // As `sgf::load` reads a file: undecodable bytes replaced, not refused.
    let text = String::from_utf8_lossy(data);
    let Ok(game) = sgf::parse(&text, RuleId::Ggg1, sgf::TROMP_TAYLOR) else {
        return;
    };
    assert!(game.turns.len() <= MAX_TURNS);
    // What graphgo writes it must read back, to the same position and turns.
    if let Some(written) = sgf::write(&game, "") {
        let again = sgf::parse(&written, RuleId::Ggg1, sgf::TROMP_TAYLOR)
            .unwrap_or_else(|e| panic!("graphgo cannot read its own SGF: {e}\n{written}"));
        assert_eq!(again.setup.initial, game.setup.initial, "{written}");
        assert_eq!(again.turns, game.turns, "{written}");
    }
    if game.setup.board.len() <= 361 && game.turns.len() <= 400 {
        let _ = sgf::run_game(&Engine, &game);
    }
});
