//! The optimized MANGO (`src/engine/mango/`) against the transcription
//! (`src/spec/mango.rs`) through the comparer: random boards, random exact weights and
//! thresholds (`fuzz::random_mango_setup`), games chosen by the campaign's chooser; every
//! observation (position, turn, running scores, result), every legal-turn list and every
//! refusal's clause must agree (`mango:MOVE`, `mango:LEGAL`, `mango:TURN`, `mango:END`,
//! `mango:SCORE`). `MANGO_ENGINE_GAMES` asks for more games.

use graphgo::differential::compare::{self, Session};
use graphgo::differential::fuzz::{self, Biased};
use graphgo::engine::Engine;
use graphgo::game::{Equipment, Player, RuleId, RuleSet, Setup, Turn};
use graphgo::io::record::Record;
use graphgo::variants::Rules;
use num_rational::BigRational;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

#[test]
fn mango_engine_agrees_with_the_spec_on_random_games() {
    let games: u64 = std::env::var("MANGO_ENGINE_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(400);
    let mut turns = 0;
    for i in 0..games {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(fuzz::game_seed(5, i));
        let board = fuzz::random_board(&mut rng);
        let setup = fuzz::random_mango_setup(&mut rng, board);
        let cap = fuzz::max_turns(&setup.board);
        let played = fuzz::play_generated(&Rules, &Engine, setup, &mut Biased::new(rng), cap);
        turns += played.game.turns.len();
        if let Some(d) = played.divergence {
            panic!(
                "game {i}: {}\n{}",
                d.describe(&played.game.setup.board),
                Record::from_game(&played.game.setup, &played.game.turns).to_yaml()
            );
        }
    }
    assert!(turns > games as usize * 5, "games too short: {turns} turns");
}

#[test]
fn mango_engine_plays_the_hand_worked_ko() {
    // The record of tests/mango/weighted.rs: the retake is legal at corner weight 1/4 and
    // refused (mango:LEGAL) at 1, on both sides alike.
    for (w, legal) in [("1/4", true), ("1", false)] {
        let text = format!(
            "rules: mango\nboard: {{grid: [4, 3]}}\n\
             setup: {{black: [2-3, 1-2, 2-1], white: [3-3, 2-2, 4-2, 3-1]}}\n\
             mango: {{weights: {{1-1: \"{w}\", 1-3: \"{w}\"}}}}\nmoves: [B 3-2, W 2-2]\n"
        );
        let game = Record::parse(&text, false).unwrap().game().unwrap();
        assert!(compare::compare(&Rules, &Engine, &game).is_none());
        let mut e = Engine.start(&game.setup).unwrap();
        e.play(&game.turns[0]).unwrap();
        assert_eq!(e.play(&game.turns[1]).is_ok(), legal, "weight {w}");
    }
}

#[test]
fn mango_engine_exact_thresholds_on_fractional_sums() {
    // F = 1/3 everywhere on a path of 4; T = z >= 1; White on 1. Both sides agree on
    // every turn.
    let mut s = Setup::new(RuleId::Mango, graphgo::board::Board::path(4).unwrap());
    s.initial[0] = graphgo::game::Colour::White;
    let third = BigRational::new(1.into(), 3.into());
    s.equipment = Equipment::Weights(std::sync::Arc::new(graphgo::board::weights::Weights {
        weight: vec![third; 4],
        threshold: graphgo::board::weights::Threshold::at_least_one(),
        scores: [
            BigRational::from_integer(0.into()),
            BigRational::from_integer(0.into()),
        ],
    }));
    let mut session = Session::start(&Rules, &Engine, &s).unwrap().unwrap();
    // Black 4: White reaches 2, 3: z = 2/3 < 1, dead. Black then reaches 1, 2, 3: z = 1.
    session
        .play(&Turn::Move {
            player: Player::Black,
            at: 3,
        })
        .unwrap();
    assert_eq!(
        session.observation().position[0],
        graphgo::game::Colour::Empty
    );
    assert_eq!(
        session.observation().position[3],
        graphgo::game::Colour::Black
    );
}

#[test]
fn mango_engine_shrinking_keeps_weights_aligned_with_points() {
    // compare::without_vertices on a MANGO game: the weights of the kept points stay with
    // them (path 1-2-3-4 with F(4) = 1/2; removing point 1 leaves 2, 3, 4 with 1, 1, 1/2),
    // so the smaller game still starts on both sides.
    let text = "rules: mango\nboard: {path: 4}\nsetup: {white: [3]}\n\
        mango: {weights: {4: \"1/2\"}}\nmoves: [B 2]\n";
    let game = Record::parse(text, false).unwrap().game().unwrap();
    let smaller = compare::without_vertices(&game, &[0].into_iter().collect()).unwrap();
    let Equipment::Weights(w) = &smaller.setup.equipment else {
        panic!("weights")
    };
    let one = BigRational::from_integer(1.into());
    assert_eq!(
        w.weight,
        vec![one.clone(), one, BigRational::new(1.into(), 2.into())]
    );
    assert!(Rules.start(&smaller.setup).is_ok() && Engine.start(&smaller.setup).is_ok());
    assert!(compare::compare(&Rules, &Engine, &smaller).is_none());
}
