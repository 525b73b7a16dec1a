//! `graphgo fuzz`: the random differential campaign.

use super::fail_as;
use std::path::PathBuf;
use std::process::ExitCode;

#[allow(clippy::too_many_arguments)]
pub(super) fn fuzz(
    seed: Option<u64>,
    time: Option<u64>,
    games: Option<u64>,
    game: Option<u64>,
    shard: Option<&str>,
    out: PathBuf,
    shrink_budget: usize,
    max_findings: usize,
    json: bool,
    planted_bug: Option<&str>,
) -> ExitCode {
    use graphgo::differential::compare;
    use graphgo::differential::fuzz::{Campaign, Event, Limit, Stopped};
    use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
    let choice = match graphgo::differential::shard::shard_from_env_or_flag(shard) {
        Ok(s) => s,
        Err(e) => return fail_as(json, None, e),
    };
    let shard = choice.shard;
    if max_findings == 0 {
        return fail_as(
            json,
            None,
            "--max-findings: 0 would stop before the first game (give at least 1)",
        );
    }
    // Checked before any game is played: a finding is never found only to be lost.
    if let Err(e) = graphgo::differential::findings::Store::open(&out) {
        return fail_as(json, None, format!("--out {e}"));
    }
    let seed = seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let limit = match (time, games, game) {
        (_, _, Some(i)) => Limit::Only(i),
        (_, Some(g), _) => Limit::Games(g),
        (t, None, None) => Limit::Time(std::time::Duration::from_secs(t.unwrap_or(60))),
    };
    let campaign = Campaign {
        seed,
        limit,
        shard,
        out: Some(out.clone()),
        shrink_budget,
        max_findings,
    };
    let a = compare::reference();
    let b = match planted_bug {
        None => compare::engine(),
        Some(name) => match graphgo::differential::fuzz::planted_bug(name) {
            Some(b) => b,
            None => {
                return fail_as(
                    json,
                    None,
                    format!("--planted-bug: '{name}' is not no-superko"),
                )
            }
        },
    };
    let span = match limit {
        Limit::Time(t) => format!("{} s", t.as_secs()),
        Limit::Games(g) => format!("{g} games"),
        Limit::Only(i) => format!("game {i} only"),
    };
    graphgo::errln!(
        "graphgo fuzz: {} vs {}, seed {seed}, shard {}/{} ({}), {span}; findings go to {}/",
        a.name(),
        b.name(),
        shard.index,
        shard.count,
        choice.from,
        out.display()
    );
    let bar = match limit {
        Limit::Time(t) => ProgressBar::new(t.as_secs().max(1)),
        Limit::Games(g) => ProgressBar::new(g),
        Limit::Only(_) => ProgressBar::new(1),
    };
    if std::env::var_os("CI").is_some() || json {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} {msg}")
            .expect("a fixed template")
            .progress_chars("=> "),
    );
    compare::quiet_panics_in_sides();
    let signals = graphgo::differential::findings::Signals::watch();
    let run = campaign.run_until(&*a, &*b, &signals, &mut |event| match event {
        Event::Game {
            games,
            turns,
            elapsed,
            ..
        } => {
            match limit {
                Limit::Time(t) => bar.set_position(elapsed.as_secs().min(t.as_secs())),
                _ => bar.set_position(games),
            }
            bar.set_message(format!("{games} games, {turns} turns"));
        }
        Event::Repeated { index, group } if !json => bar.suspend(|| {
            graphgo::outln!(
                "divergence in game {index} (seed {seed}): the signature of game {} ({} games so far)",
                group.first_game, group.count
            );
        }),
        Event::Repeated { .. } => {}
        Event::Diverged(found) if json => {
            let line = serde_json::json!({"finding": {
                "game": found.index,
                "signature": found.signature,
                "file": found.file,
                "turns": found.shrunk.turns.len(),
                "vertices": found.shrunk.setup.board.len(),
                "description": found.divergence.describe(found.shrunk.setup.turn_names()),
                "replay": campaign.replay_command(found.index),
            }});
            graphgo::outln!("{line}");
        }
        Event::Diverged(found) => bar.suspend(|| {
            let board = &found.shrunk.setup.board;
            graphgo::outln!(
                "DIVERGENCE in game {} (seed {seed}): {} turns on {} vertices after shrinking",
                found.index,
                found.shrunk.turns.len(),
                board.len()
            );
            graphgo::outln!("  signature: {}", found.signature);
            for line in found
                .divergence
                .describe(found.shrunk.setup.turn_names())
                .lines()
            {
                graphgo::outln!("  {line}");
            }
            if let Some(f) = &found.file {
                graphgo::outln!(
                    "  written to {}; `graphgo check {}` replays it",
                    f.display(),
                    f.display()
                );
            }
            graphgo::outln!("  regenerate: {}", campaign.replay_command(found.index));
        }),
        Event::WriteFailed(e) => bar.suspend(|| graphgo::errln!("graphgo fuzz: cannot write {e}")),
    });
    bar.finish_and_clear();
    let summary = match run {
        Ok(s) => s,
        Err(e) => return fail_as(json, None, e),
    };
    if json {
        let mut value = serde_json::to_value(&summary.shard_summary).expect("a summary prints");
        value["resumed_from"] = summary.resumed_from.into();
        value["summary_file"] = serde_json::json!(summary.summary_file);
        graphgo::outln!("{}", serde_json::json!({ "summary": value }));
    } else {
        graphgo::outln!("{}", summary.line());
    }
    if let Stopped::Signal(_) = summary.stopped {
        return ExitCode::from(signals.exit_status().unwrap_or(130));
    }
    if !summary.write_errors.is_empty() {
        for e in &summary.write_errors {
            graphgo::errln!("graphgo fuzz: not written: {e}");
        }
        return ExitCode::from(4);
    }
    if summary.divergences == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
