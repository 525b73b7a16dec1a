//! The families without claims: games chosen by the campaign's chooser on small boards
//! (General Graph Go and MANGO), derived by the transcription and confirmed by the engine.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::*;
use crate::game::{Options, RuleId, RuleSet, Setup};
use crate::io::record::Record;

/// Games chosen by the campaign's chooser on small boards, with random setups and options:
/// no claims; derived by the transcription and confirmed by the engine.
pub(super) fn random_games(reference: &dyn RuleSet, engine: &dyn RuleSet, count: u64) -> Vec<Case> {
    let boards = small_boards();
    let mut out = Vec::new();
    for i in 0..count {
        let (b, mut r) = game_on_a_small_board(
            (reference, engine),
            &boards,
            crate::differential::fuzz::game_seed(7, i),
            crate::differential::fuzz::random_setup,
            24,
        );
        if r.options.is_none() {
            r.options = Some(Options::default());
        }
        out.push(case(
            format!("random-{}-{}-{i}", board_name(&b), r.rules),
            &[],
            format!("Game {i} of the vector generator's campaign (seed 7): turns chosen by graphgo::differential::fuzz::Biased."),
            r,
            Vec::new(),
        ));
    }
    out
}

/// MANGO (`mango:*`): the ggg1 capture,
/// self-capture and ko cases with Go's weights (F = 1, T = `z >= 1`, under which MANGO
/// plays like ggg1: the same claims hold), and random games with random exact weights.
pub(super) fn mango_cases(reference: &dyn RuleSet, engine: &dyn RuleSet, count: u64) -> Vec<Case> {
    let mut out = Vec::new();
    // Go's weights: the ggg1 claims carry over.
    let go_like: Vec<Case> = captures()
        .into_iter()
        .chain(capture_before_self_capture())
        .filter(|c| {
            c.id.ends_with("-ggg1") && !c.id.contains("-multi-") && !c.id.contains("-none-")
        })
        .chain(
            self_captures()
                .into_iter()
                .filter(|c| c.id.ends_with("-all-positional-ggg1")),
        )
        .chain(
            repetitions()
                .into_iter()
                .filter(|c| c.id.ends_with("-positional-ggg1") && !c.id.contains("ko4x3")),
        )
        .collect();
    for c in go_like {
        let mut r = c.record.clone();
        r.rules = RuleId::Mango.name().to_string();
        r.options = None;
        r.prisoners = None;
        r.komi = None;
        // MANGO's LEGAL refuses a repeated configuration: the ggg1:3 claims become
        // mango:LEGAL claims, and no other claim changes.
        let claims = c
            .claims
            .iter()
            .map(|k| match k {
                Claim::Illegal(i, "ggg1:3") => Claim::Illegal(*i, "mango:LEGAL"),
                other => other.clone(),
            })
            .collect();
        out.push(case(
            format!("mango-go-weights-{}", c.id.trim_end_matches("-ggg1")),
            &["mango:MOVE", "mango:ALIVE", "mango:LEGAL"],
            format!("{} Under MANGO with F = 1 and T(z) = 1 for z >= 1 a group is alive exactly when it touches an empty point, so the move goes as under ggg1.", c.note),
            r,
            claims,
        ));
    }
    let boards = small_boards();
    for i in 0..count {
        let (b, r) = game_on_a_small_board(
            (reference, engine),
            &boards,
            crate::differential::fuzz::game_seed(11, i),
            crate::differential::fuzz::random_mango_setup,
            20,
        );
        out.push(case(
            format!("mango-random-{}-{i}", board_name(&b)),
            &[],
            format!("MANGO game {i} of the vector generator's campaign (seed 11): random exact weights and threshold from graphgo::differential::fuzz::random_mango_setup, turns chosen by graphgo::differential::fuzz::Biased."),
            r,
            Vec::new(),
        ));
    }
    out
}

/// One game of the vector generator's campaign: a board of `boards` and a setup on it
/// (`setup_on`) drawn from `seed`, then turns chosen by the campaign's chooser, played on
/// both sides for at most `max_turns` turns (fewer on a small board); the board as drawn,
/// and the record of the game written on it.
fn game_on_a_small_board(
    (reference, engine): (&dyn RuleSet, &dyn RuleSet),
    boards: &[RecordBoard],
    seed: u64,
    setup_on: fn(&mut Xoshiro256PlusPlus, Board) -> Setup,
    max_turns: usize,
) -> (RecordBoard, Record) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let b = boards[rng.random_range(0..boards.len())].clone();
    let board = b.build().expect("a small board");
    let setup = setup_on(&mut rng, board);
    let cap = crate::differential::fuzz::max_turns(&setup.board).min(max_turns);
    let played = crate::differential::fuzz::play_generated(
        reference,
        engine,
        setup,
        &mut crate::differential::fuzz::Biased::new(rng),
        cap,
    );
    let mut r = Record::from_game(&played.game.setup, &played.game.turns);
    r.board = b.clone();
    (b, r)
}
