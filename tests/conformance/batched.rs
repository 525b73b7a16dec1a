//! A game in one round trip (`graphgo-game`, spec/FORMAT.md; issue 29 point 4): the same
//! campaign, on the toy-game fixture (sgfmill's board as a game, through
//! adapters/gtp_subset.py, with its planted departures), played with the games asked ahead
//! and turn by turn, must play the same games and reach the same verdicts, and the batched
//! run must really ask whole games.

use std::path::{Path, PathBuf};
use std::time::Duration;

use graphgo::conformance::campaign::{campaign, CampaignReport};
use graphgo::conformance::engine::EngineUnderTest;
use graphgo::conformance::gtp_rules::{Checks, GtpRules};
use graphgo::conformance::verify::{Games, VerifyPlan};

use super::protocol::python_with_sgfmill;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Everything a campaign report says about the games and verdicts (timings left out).
fn verdicts(r: &CampaignReport) -> String {
    let mut out = format!(
        "games {} unsupported {} agreed {} turns {} agreed turns {} duplicates {} not shrunk {} stopped {:?} decisive {:?} skipped {:?}\n",
        r.games,
        r.unsupported,
        r.agreed_games,
        r.turns,
        r.agreed_turns,
        r.duplicates,
        r.not_shrunk,
        r.stopped,
        r.decisive,
        r.skipped
    );
    for f in &r.findings {
        out += &format!(
            "finding {} in {}: {} | {:?} | {:?}\n",
            f.index, f.found_in, f.explanation, f.game.turns, f.divergence
        );
    }
    out
}

/// The command line of the toy-game fixture run by `python` with `args`, every command it is
/// sent appended to `log` (also used by sampled.rs).
pub(crate) fn toy_logged(python: &Path, args: &[&str], log: &Path) -> Vec<String> {
    let script = root().join("tests/conformance/fixtures/toy-game/adapter.py");
    let command = format!(
        "tee -a '{}' | '{}' '{}' {}",
        log.display(),
        python.display(),
        script.display(),
        args.join(" ")
    );
    vec!["sh".to_string(), "-c".to_string(), command]
}

/// The campaign of `plan` on the toy with `args`, its games asked ahead (`batched`) or turn by
/// turn; the commands the adapter was sent are logged to `log`.
fn run(
    python: &Path,
    args: &[&str],
    batched: bool,
    log: &Path,
    plan: &VerifyPlan,
) -> (CampaignReport, String) {
    let _ = std::fs::remove_file(log);
    let argv = toy_logged(python, args, log);
    let scratch = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("batched-scratch");
    let rules = GtpRules::spawn(
        &argv,
        [Duration::from_secs(30), Duration::from_secs(30)],
        None,
        &scratch,
    )
    .unwrap();
    rules.checks.set(Checks {
        out_of_turn: true,
        score: true,
        end: true,
        sample: 4,
    });
    rules.batch_games.set(batched);
    rules.seed_sample(7);
    let report = campaign(&rules, plan, &mut |_| {});
    assert!(rules.failure().is_none(), "{:?}", rules.failure());
    assert_eq!(rules.batches_games(), batched);
    drop(rules);
    (report, std::fs::read_to_string(log).unwrap_or_default())
}

#[test]
fn games_asked_ahead_play_the_same_games_and_verdicts_as_turn_by_turn() {
    let Some(python) = python_with_sgfmill() else {
        return;
    };
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let plan = VerifyPlan {
        vectors: None,
        games: 12,
        games_on: Games::SquareGrids {
            sides: vec![3, 4, 5],
        },
        options: Some(graphgo::game::Options {
            self_capture: graphgo::game::SelfCapture::All,
            repetition: graphgo::game::Repetition::None,
            ..Default::default()
        }),
        shrink_budget: 200,
        ..VerifyPlan::new(dir.join("no-vectors"))
    };
    // Graphgo's side under positional superko and no self-capture against the toy's own rules:
    // divergences in every kind of game, found at different turns.
    let strict = VerifyPlan {
        options: Some(graphgo::game::Options::default()),
        ..plan.clone()
    };
    let mut findings = 0;
    for (name, args, plan) in [
        ("honest", &[][..], &plan),
        ("strict", &[][..], &strict),
        ("score", &["--score-off-by-one"][..], &plan),
        ("no-turn", &["--no-turn"][..], &plan),
        ("never-ends", &["--never-ends"][..], &plan),
    ] {
        let log = dir.join(format!("batched-{name}.gtp"));
        let (turn_by_turn, sent_one) = run(&python, args, false, &log, plan);
        let (ahead, sent_ahead) = run(&python, args, true, &log, plan);
        assert_eq!(verdicts(&turn_by_turn), verdicts(&ahead), "{name}");
        assert!(turn_by_turn.turns > 100, "{name}: {}", verdicts(&ahead));
        findings += ahead.findings.len();
        // Turn by turn: no graphgo-game; ahead: the games' turns went in graphgo-game, and,
        // where the games agree (shrinking a divergence replays turn by turn), far fewer
        // commands were sent.
        let count = |text: &str, c: &str| text.lines().filter(|l| l.starts_with(c)).count();
        assert_eq!(count(&sent_one, "graphgo-game"), 0, "{name}");
        assert!(count(&sent_ahead, "graphgo-game") > 0, "{name}");
        assert!(
            !turn_by_turn.findings.is_empty()
                || 3 * sent_ahead.lines().count() < sent_one.lines().count(),
            "{name}: {} commands ahead, {} turn by turn",
            sent_ahead.lines().count(),
            sent_one.lines().count()
        );
    }
    assert!(
        findings >= 3,
        "the planted departures were found: {findings}"
    );
}
