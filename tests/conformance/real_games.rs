//! Real games: every complete game of GNU Go's regression suite (the folder `GRAPHGO_GAMES`)
//! replayed under Tromp-Taylor rules (`ggg1` with `sgf::TROMP_TAYLOR`: neutral none, all
//! self-capture, positional superko) through the engine, and the games on boards up to 9x9
//! through the transcription too. Every move must be legal except
//! the few listed, with the reason, in `tests/conformance/real_games_exceptions.yaml`.
//!
//! Skips with a `SKIPPED:` line when `GRAPHGO_GAMES` does not name a folder.

use std::collections::BTreeMap;
use std::path::PathBuf;

use graphgo::engine::Engine;
use graphgo::game::{Colour, Options, Repetition, RuleId, Turn};
use graphgo::io::sgf;

/// The folder of SGF game records: the one setting `GRAPHGO_GAMES` (README, "Optional engines
/// and data"). `.ci/run` sets it to the records kept beside the repository when they are there.
fn games_dir() -> Result<PathBuf, String> {
    let Some(dir) = std::env::var_os("GRAPHGO_GAMES").map(PathBuf::from) else {
        return Err(format!("GRAPHGO_GAMES is not set. {GET_GAMES}"));
    };
    if dir.is_dir() {
        Ok(dir)
    } else {
        Err(format!(
            "GRAPHGO_GAMES={} is not a folder. {GET_GAMES}",
            dir.display()
        ))
    }
}

/// How to get the records, for the skip message.
const GET_GAMES: &str = "Set it to a folder of SGF game records: GNU Go 3.8's regression \
games, `gnugo-3.8/regression/games` in `gnugo_3.8.orig.tar.gz` (Debian's source package: \
`apt-get source --download-only gnugo` with deb-src enabled)";

/// (file, 1-based move number) -> clause, from the committed list.
fn exceptions() -> BTreeMap<(String, usize), String> {
    let text = include_str!("real_games_exceptions.yaml");
    let list: Vec<serde_json::Value> = serde_norway::from_str(text).expect("the list is YAML");
    list.iter()
        .map(|e| {
            (
                (
                    e["game"].as_str().expect("game").to_string(),
                    e["move"].as_u64().expect("move") as usize,
                ),
                e["clause"].as_str().expect("clause").to_string(),
            )
        })
        .collect()
}

fn sgf_files(dir: &PathBuf) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("the games folder reads")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_complete_game_is_legal_under_tromp_taylor_but_the_listed_moves() {
    let dir = match games_dir() {
        Ok(dir) => dir,
        Err(why) => return skipped(&format!("the real games replay: {why}")),
    };
    let expected = exceptions();
    let mut found = BTreeMap::new();
    let mut games = 0;
    let mut spec_games = 0;
    for file in sgf_files(&dir) {
        let Ok(game) = sgf::load(&file, RuleId::Ggg1, sgf::TROMP_TAYLOR) else {
            continue;
        };
        if !sgf::is_complete_game(&game) {
            continue;
        }
        games += 1;
        let run = sgf::run_game(&Engine, &game).expect("the engine plays grids");
        if let Some((i, _, why)) = &run.refused {
            let name = file.file_name().unwrap().to_string_lossy().into_owned();
            found.insert((name, i + 1), why.clause.to_string());
        }
        // The transcription replays the small boards too (all boards take it seconds: see
        // `graphgo replay-dir --spec`), and must refuse exactly the same move.
        if game.setup.board.len() <= 81 {
            spec_games += 1;
            let by_spec = sgf::run_game(&graphgo::variants::Rules, &game).unwrap();
            assert_eq!(by_spec.played, run.played, "{}", file.display());
            assert_eq!(
                by_spec.refused.map(|(i, _, why)| (i, why.clause)),
                run.refused.map(|(i, _, why)| (i, why.clause)),
                "{}",
                file.display()
            );
        }
    }
    assert!(
        games >= 150,
        "only {games} complete games found in {}",
        dir.display()
    );
    assert!(
        spec_games >= 20,
        "only {spec_games} small games replayed by the spec"
    );
    assert_eq!(found, expected, "refused moves differ from the list");
}

/// Each listed positional-superko refusal really is a repetition that the original rules
/// (GNU Go's, Japanese: simple ko only) did not forbid: the position after the move occurred
/// before, and not two turns before (which would be a plain ko recapture, refused by every
/// ko rule), so simple ko allows it and the engine under `repetition: simple` plays it.
#[test]
fn the_listed_superko_moves_repeat_an_earlier_position_and_simple_ko_allows_them() {
    let dir = match games_dir() {
        Ok(dir) => dir,
        Err(why) => return skipped(&format!("the real games replay: {why}")),
    };
    for ((name, number), clause) in exceptions() {
        if clause != "ggg1:3" {
            continue;
        }
        let simple = Options {
            repetition: Repetition::Simple,
            ..sgf::TROMP_TAYLOR
        };
        let game = sgf::load(&dir.join(&name), RuleId::Ggg1, simple).expect("listed games read");
        let upto = graphgo::io::record::Game {
            setup: game.setup.clone(),
            turns: game.turns[..number].to_vec(),
        };
        let run = sgf::run_game(&Engine, &upto).unwrap();
        assert!(
            run.refused.is_none(),
            "{name}: simple ko refuses move {number}"
        );
        // An odd gap: the colouring comes back with the other player to move, so
        // situational superko allows it too (only positional superko forbids it).
        let situational = graphgo::io::record::Game {
            setup: graphgo::game::Setup {
                options: Options {
                    repetition: Repetition::Situational,
                    ..sgf::TROMP_TAYLOR
                },
                ..upto.setup.clone()
            },
            turns: upto.turns.clone(),
        };
        let run = sgf::run_game(&Engine, &situational).unwrap();
        assert!(
            run.refused.is_none(),
            "{name}: situational superko refuses move {number}"
        );
        // Positions after every turn: the last one occurred before, but not 2 turns before.
        let replay = graphgo::io::replay::replay(&Engine, &upto).unwrap();
        assert!(replay.illegal.is_none());
        let mut playing = graphgo::game::RuleSet::start(&Engine, &game.setup).unwrap();
        let mut positions: Vec<Vec<Colour>> = vec![playing.observe().position];
        for t in &upto.turns {
            playing.play(t).unwrap();
            positions.push(playing.observe().position);
        }
        let last = positions.last().unwrap().clone();
        let earlier: Vec<usize> = (0..positions.len() - 1)
            .filter(|&k| positions[k] == last)
            .collect();
        assert!(!earlier.is_empty(), "{name}: move {number} repeats nothing");
        let gap = positions.len() - 1 - earlier.last().unwrap();
        assert!(gap > 2, "{name}: move {number} is a plain ko recapture");
        assert!(
            gap % 2 == 1,
            "{name}: move {number} repeats with the same player to move"
        );
        let passes = upto.turns[positions.len() - 1 - gap..]
            .iter()
            .filter(|t| matches!(t, Turn::Pass { .. }))
            .count();
        let last_turns: Vec<String> = upto.turns[upto.turns.len() - gap..]
            .iter()
            .map(|t| sgf::turn_text(&upto, t))
            .collect();
        eprintln!(
            "{name} move {number}: repeats the position of {gap} turns before ({passes} passes in between): {}",
            last_turns.join(", ")
        );
    }
}

/// Says that a test is skipped, on the real standard error: libtest captures `eprintln!` of
/// passing tests, and a skip must be visible in an ordinary `cargo test` run.
fn skipped(why: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "SKIPPED: {why}");
}
