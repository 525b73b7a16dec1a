//! The legality of points asked of an adapter that has no list of its own (`is_legal`,
//! spec/FORMAT.md; issue 29 point 4): every point graphgo refuses, and a seeded sample of the
//! others. The same seed asks the same points; a wrong answer at a point graphgo refuses is
//! caught however small the sample, and one at a point graphgo accepts through the sample.
//! On the toy-game fixture (sgfmill's board as a game) with its planted lies.

use std::path::{Path, PathBuf};
use std::time::Duration;

use graphgo::conformance::campaign::{campaign, CampaignReport};
use graphgo::conformance::engine::EngineUnderTest;
use graphgo::conformance::gtp_rules::{Checks, GtpRules, SAMPLED_POINTS};
use graphgo::conformance::verify::{Games, VerifyPlan};
use graphgo::differential::compare::Difference;
use graphgo::game::{Options, Repetition, SelfCapture};

use super::batched::toy_logged;
use super::protocol::python_with_sgfmill;

/// The campaign of `plan` on the toy with `args`, `sample` points sampled a state from the
/// generator seeded `seed`, turn by turn; with the `graphgo-turn` commands it was sent.
fn run(
    python: &Path,
    args: &[&str],
    [sample, seed]: [u64; 2],
    plan: &VerifyPlan,
) -> (CampaignReport, Vec<String>) {
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let log = tmp.join(format!(
        "sampled-{}-{sample}-{seed}-{}.gtp",
        args.join(""),
        std::process::id()
    ));
    let _ = std::fs::remove_file(&log);
    let argv = toy_logged(python, args, &log);
    let rules = GtpRules::spawn(
        &argv,
        [Duration::from_secs(30), Duration::from_secs(30)],
        None,
        &tmp.join("sampled-scratch"),
    )
    .unwrap();
    rules.checks.set(Checks {
        out_of_turn: true,
        score: true,
        end: true,
        sample: sample as usize,
    });
    rules.batch_games.set(false);
    rules.seed_sample(seed);
    let report = campaign(&rules, plan, &mut |_| {});
    assert!(rules.failure().is_none(), "{:?}", rules.failure());
    drop(rules);
    let sent = std::fs::read_to_string(&log).unwrap_or_default();
    let _ = std::fs::remove_file(&log);
    let turns = sent
        .lines()
        .filter(|l| l.starts_with("graphgo-turn"))
        .map(str::to_string)
        .collect();
    (report, turns)
}

/// Games on 3x3 and 4x4 with graphgo set to `options`, no shrinking budget to speak of.
fn plan(options: Options, games: u64) -> VerifyPlan {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    VerifyPlan {
        vectors: None,
        games,
        games_on: Games::SquareGrids { sides: vec![3, 4] },
        options: Some(options),
        shrink_budget: 50,
        ..VerifyPlan::new(dir.join("no-vectors"))
    }
}

/// The toy's own rules: self-capture allowed, no ko rule.
fn toy_rules() -> Options {
    Options {
        self_capture: SelfCapture::All,
        repetition: Repetition::None,
        ..Default::default()
    }
}

/// The toy refusing self-capture (`--no-self-capture`).
fn no_self_capture() -> Options {
    Options {
        self_capture: SelfCapture::None,
        ..toy_rules()
    }
}

fn legal_turns_findings(r: &CampaignReport) -> usize {
    r.findings
        .iter()
        .filter(|f| matches!(f.divergence.difference, Difference::LegalTurns { .. }))
        .count()
}

#[test]
fn the_same_seed_asks_the_same_points_and_another_seed_others() {
    let Some(python) = python_with_sgfmill() else {
        return;
    };
    let plan = plan(toy_rules(), 6);
    let sample = SAMPLED_POINTS as u64;
    let (a, asked_a) = run(&python, &[], [sample, 11], &plan);
    let (b, asked_b) = run(&python, &[], [sample, 11], &plan);
    let (c, asked_c) = run(&python, &[], [sample, 12], &plan);
    assert!(a.findings.is_empty() && asked_a.len() > 100, "{a:?}");
    assert_eq!(asked_a, asked_b, "the same seed asks the same points");
    // The games are the campaign's (its own seed): only the points asked differ.
    assert_eq!((a.games, a.turns), (c.games, c.turns));
    assert_eq!(asked_a.len(), asked_c.len());
    assert_ne!(asked_a, asked_c, "another seed asks other points");
    // Each turn asks at most SAMPLED_POINTS points besides those graphgo refuses (none in the
    // toy's own rules on an empty point: every point asked beyond the sample is occupied).
    assert!(asked_a
        .iter()
        .all(|l| l.split_whitespace().count() <= 4 + SAMPLED_POINTS));
    assert_eq!(b.findings.len(), 0);
}

#[test]
fn a_wrong_answer_at_a_point_graphgo_refuses_is_caught_without_a_sample() {
    let Some(python) = python_with_sgfmill() else {
        return;
    };
    let plan = plan(no_self_capture(), 12);
    // The toy refusing self-capture as graphgo does agrees with it, sampled or not.
    let (honest, asked) = run(&python, &["--no-self-capture"], [0, 3], &plan);
    assert!(honest.findings.is_empty(), "{honest:?}");
    assert!(
        asked.iter().any(|l| l.split_whitespace().count() > 4),
        "the self-captures graphgo refuses are asked"
    );
    // Its is_legal saying a self-capture is legal (play refuses it): caught at the legal list
    // by asking every point graphgo refuses, with no sample at all.
    let (lying, _) = run(
        &python,
        &["--no-self-capture", "--lies-at-suicide"],
        [0, 3],
        &plan,
    );
    assert!(legal_turns_findings(&lying) > 0, "{lying:?}");
}

#[test]
fn a_wrong_answer_at_a_point_graphgo_accepts_is_caught_through_the_sample() {
    let Some(python) = python_with_sgfmill() else {
        return;
    };
    let plan = plan(toy_rules(), 12);
    // is_legal says the empty A1 is illegal; play takes it. Without a sample, nothing asks
    // A1 while graphgo accepts it: not seen.
    let (unsampled, _) = run(&python, &["--lies-at-corner"], [0, 5], &plan);
    assert!(unsampled.findings.is_empty(), "{unsampled:?}");
    // With the report's sample, A1 is drawn in some state: a legal list that differs.
    let sample = SAMPLED_POINTS as u64;
    let (sampled, asked) = run(&python, &["--lies-at-corner"], [sample, 5], &plan);
    assert!(legal_turns_findings(&sampled) > 0, "{sampled:?}");
    assert!(asked
        .iter()
        .any(|l| l.split_whitespace().skip(4).any(|w| w == "A1")));
}
