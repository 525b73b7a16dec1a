//! Regressions found by fuzzing the readers. The regressions of the rules are kept once, as
//! vectors (`spec/vectors/<family>/<rule>/regression-*.yaml`, expectations checked by hand
//! turn by turn): the vector tests run them on the transcription and the engine, and the
//! library's test binary compares the two sides on them (`conformance::vectors`' test
//! module, the fast oracle).

use graphgo::io::record::Record;

/// Found while fuzzing the record parser: `board: {path: N}` and `{cycle: N}` listed the N
/// edges before checking N against the cap, so a huge N aborted the process on a failed
/// allocation instead of being refused with a message.
#[test]
fn huge_paths_and_cycles_are_refused_by_the_cap() {
    for shape in ["path", "cycle"] {
        let text = format!("rules: ggg1\nboard: {{{shape}: 100000000000}}\n");
        let err = Record::parse(&text, false).unwrap().game().unwrap_err();
        assert!(
            err.0.contains("field 'board'") && err.0.contains("cap of 4194304 vertices"),
            "{shape}: {err}"
        );
    }
}
