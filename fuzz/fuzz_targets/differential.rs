//! The spec against the engine on an arbitrary game: board, rules, options, setup stones and
//! turns ([`graphgo::differential::fuzz::FuzzCase`], sizes capped as it is built), compared after every
//! turn by the library's comparer. A divergence panics with the shrunk case as a record.
#![no_main]

use graphgo::differential::compare;
use graphgo::differential::fuzz::FuzzCase;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|case: FuzzCase| {
    let (spec, engine) = (compare::reference(), compare::engine());
    let played = case.play(&*spec, &*engine);
    if played.divergence.is_some() {
        let shrunk = compare::shrink(&*spec, &*engine, &played.game, 2000)
            .map_or(played.game, |s| s.game);
        panic!(
            "spec and engine diverge:\n{}",
            compare::case_file(&*spec, &*engine, &shrunk, "found by cargo fuzz run differential")
        );
    }
});
