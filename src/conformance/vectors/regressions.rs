//! The regression vectors of `spec/vectors/` (the files `<family>/<rule>/regression-*.yaml`)
//! on the engine, in the library's own test binary: the one home of each regression is its
//! vector (expectations checked by hand, turn by turn), and this is where the fast oracle of
//! mutation testing (`cargo test --lib`, `spec/mutants.md`) meets them.

use std::path::PathBuf;

use crate::conformance::vectors::{judge_vector, Vector, VectorVerdict};
use crate::differential::compare;

fn regression_vectors() -> Vec<(String, Vector)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("spec/vectors");
    let files: Vec<PathBuf> = crate::conformance::vectors::files(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .into_iter()
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("regression-"))
        })
        .collect();
    files
        .into_iter()
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            let v = Vector::load(&p).unwrap_or_else(|e| panic!("{e}"));
            (name, v)
        })
        .collect()
}

#[test]
fn the_regression_vectors_pass_on_the_engine_and_the_comparer_finds_no_divergence() {
    let cases = regression_vectors();
    assert!(cases.len() >= 6, "only {} regression vectors", cases.len());
    let (spec, engine) = (compare::reference(), compare::engine());
    for (name, vector) in &cases {
        assert_eq!(
            judge_vector(&*engine, vector),
            VectorVerdict::Pass,
            "{name} on the engine"
        );
        if let Some(d) = compare::compare(&*spec, &*engine, &vector.game) {
            panic!(
                "{name}: diverges:\n{}",
                d.describe(&vector.game.setup.board)
            );
        }
    }
}
