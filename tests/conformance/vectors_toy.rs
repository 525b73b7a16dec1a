//! The verification API on the toy engine of `examples/toy_engine.rs`: with its planted bug
//! (the mover's own chains are removed before the opponent's, `ggg1:2` steps 2 and 3
//! swapped) the vectors and the campaign both find it, and the campaign minimizes it to the
//! smallest game that shows it; with the bug fixed everything passes, and what the toy does
//! not support is skipped visibly. graphgo's own engine, declared through the adapter,
//! passes too.

#[allow(dead_code)]
#[path = "../../examples/toy_engine.rs"]
mod toy_engine;

use graphgo::conformance::verify::{self, Declared, Support, VerifyPlan};
use graphgo::differential::compare;
use toy_engine::Toy;

fn plan(games: u64) -> VerifyPlan {
    VerifyPlan {
        games,
        ..VerifyPlan::new(concat!(env!("CARGO_MANIFEST_DIR"), "/spec/vectors"))
    }
}

#[test]
fn the_planted_bug_is_found_by_the_vectors_and_minimized_by_the_campaign() {
    let toy = Toy { planted_bug: true };
    let report = verify::verify(&toy, &plan(120)).unwrap();
    assert!(!report.passed());
    // The vectors: the capture that would otherwise be a self-capture, worked out by hand in
    // capture-first-cycle3-6-all-ggg1 (the toy removes its own stone and then finds the
    // colouring repeated).
    let failed: Vec<&str> = report
        .failed_vectors()
        .iter()
        .map(|r| r.id.as_str())
        .collect();
    assert!(
        failed.contains(&"capture-first-cycle3-6-all-ggg1"),
        "{failed:?}"
    );
    assert!(failed.contains(&"capture-path2-0-ggg1"), "{failed:?}");
    // No vector about something else fails: in every failing vector, the first turn that
    // differs is a legal move that removes stones and keeps the stone it placed (a capture).
    let loaded = graphgo::conformance::vectors::load_dir(&plan(0).vectors.unwrap()).unwrap();
    for run in report.failed_vectors() {
        let graphgo::conformance::vectors::VectorVerdict::Fail(lines) = &run.outcomes[0].1 else {
            unreachable!()
        };
        let i: usize = lines[0]
            .strip_prefix("turns[")
            .and_then(|r| r.split(']').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{}: {lines:?}", run.id));
        let v = &loaded.iter().find(|(_, v)| v.head.id == run.id).unwrap().1;
        // (A vector run on legality only, an `acceptable` reading, shows the difference
        // at a later turn: the capture is at or before it.)
        let capture = v.head.turns[..=i].iter().any(|t| {
            let placed = t.play.split_whitespace().nth(1).unwrap();
            t.legal
                && t.removed
                    .as_ref()
                    .is_some_and(|r| !r.is_empty() && r.iter().all(|n| n.0 != placed))
        });
        assert!(capture, "{}: no capture up to turn {i}: {lines:?}", run.id);
    }
    // The campaign: at least one divergence, and the smallest is two vertices and at most
    // one turn: a white stone next to an empty vertex where Black's move captures it.
    let c = &report.campaign;
    assert!(!c.findings.is_empty());
    let smallest = c
        .findings
        .iter()
        .min_by_key(|f| (f.game.setup.board.len(), f.game.turns.len()))
        .unwrap();
    assert_eq!(smallest.game.setup.board.len(), 2);
    assert!(smallest.game.turns.len() <= 1);
    assert_eq!(smallest.clause, "ggg1:2");
    // The minimized game still diverges, and its vector says what the rules want.
    assert!(compare::compare(&graphgo::variants::Rules, &toy, &smallest.game).is_some());
    assert!(smallest.vector.contains("clauses:"), "{}", smallest.vector);
    let text = report.text();
    assert!(text.contains("DIVERGENCE (ggg1:2)"), "{text}");
    assert!(text.contains("verdict: FAIL"));
}

#[test]
fn the_fixed_toy_passes_and_skips_visibly_what_it_does_not_play() {
    let toy = Toy { planted_bug: false };
    let report = verify::verify(&toy, &plan(80)).unwrap();
    assert!(report.passed(), "{}", report.text());
    let text = report.text();
    // The toy plays ggg1 only, Tromp-Taylor scoring only, positional superko only.
    assert!(text.contains("rules ggg2 not supported"), "{text}");
    assert!(text.contains("rules ggg3 not supported"), "{text}");
    assert!(
        text.contains("option repetition: none is not played by the engine"),
        "{text}"
    );
    // Vectors written for neutral: both run under neutral: none when their readings allow:
    // some fully (valid), some on legality and winner only (acceptable).
    let outcomes: Vec<&graphgo::conformance::vectors::VectorVerdict> = report
        .vectors
        .runs
        .iter()
        .map(|r| &r.outcomes[0].1)
        .collect();
    let verdicts_only = outcomes
        .iter()
        .filter(|o| {
            matches!(
                o,
                graphgo::conformance::vectors::VectorVerdict::PassVerdicts(_)
            )
        })
        .count();
    let full = outcomes
        .iter()
        .filter(|o| matches!(o, graphgo::conformance::vectors::VectorVerdict::Pass))
        .count();
    assert!(verdicts_only >= 1 && full >= 100, "{verdicts_only} {full}");
    assert!(text.contains("verdict: PASS"));
}

#[test]
fn graphgos_engine_through_the_adapter_passes() {
    let engine = Declared {
        rules: graphgo::engine::Engine,
        support: Support::everything(),
    };
    let report = verify::verify(&engine, &plan(60)).unwrap();
    assert!(report.passed(), "{}", report.text());
    assert!(report
        .vectors
        .runs
        .iter()
        .all(|r| r.outcomes[0].1 == graphgo::conformance::vectors::VectorVerdict::Pass));
}
