//! MANGO (`seeds/004_744c8f35f16bc8bc.txt`, `spec/mango.md`) where it departs from Go:
//! hand-worked games under weights and thresholds, written as records the way a user would,
//! played by the transcription through the public interface.
//!
//! Every expected value is worked out by hand in the comment beside it. Boards: `path: n`
//! is the points 1 … n in a row; `grid: [w, h]` names points `x-y` from the bottom left.

use graphgo::game::{Colour, Illegal, Observation, Player, RuleSet, Turn};
use graphgo::io::record::Record;
use graphgo::spec::mango;
use graphgo::variants::Rules;
use num_rational::BigRational;

fn q(n: i64, d: i64) -> BigRational {
    BigRational::new(n.into(), d.into())
}

/// Plays a record's turns; the observation after the last legal one, and the first refusal.
fn play(yaml: &str) -> (Observation, Option<(usize, Illegal)>) {
    let game = Record::parse(yaml, false).unwrap().game().unwrap();
    let mut g = Rules.start(&game.setup).unwrap();
    for (i, t) in game.turns.iter().enumerate() {
        if let Err(e) = g.play(t) {
            return (g.observe(), Some((i, e)));
        }
    }
    (g.observe(), None)
}

/// The points of a colour, by name, in board order.
fn named(yaml: &str, obs: &Observation, c: Colour) -> Vec<String> {
    let game = Record::parse(yaml, false).unwrap().game().unwrap();
    (0..obs.position.len())
        .filter(|&v| obs.position[v] == c)
        .map(|v| game.setup.board.name(v).to_string())
        .collect()
}

fn legal(yaml: &str) -> Vec<Turn> {
    let game = Record::parse(yaml, false).unwrap().game().unwrap();
    let mut g = Rules.start(&game.setup).unwrap();
    for t in &game.turns {
        g.play(t).unwrap();
    }
    g.legal_turns()
}

// ---------------------------------------------------------------------------------------
// A light liberty (mango:ALIVE, mango:MOVE step 3)
// ---------------------------------------------------------------------------------------

const LIGHT: &str = "rules: mango\nboard: {path: 4}\nsetup: {white: [3]}\n\
    mango: {weights: {4: \"1/2\"}, threshold: \"z >= 1\"}\nmoves: [B 2]\n";

#[test]
fn mango_alive_a_group_with_one_light_liberty_dies() {
    // Path 1-2-3-4, F(4) = 1/2, F = 1 elsewhere, T = z >= 1. White on 3. Black plays 2:
    // at the end of step 2 White's L is {4} (2 is black), z = 1/2, T = 0: not alive, so
    // step 3 empties 3. Black's L is then {1, 3, 4}: alive.
    let (obs, refused) = play(LIGHT);
    assert!(refused.is_none());
    assert_eq!(named(LIGHT, &obs, Colour::Black), ["2"]);
    assert!(named(LIGHT, &obs, Colour::White).is_empty());
}

#[test]
fn mango_alive_the_same_liberty_at_weight_one_keeps_the_group() {
    // F(4) = 1: White's L = {4}, z = 1, T = 1: White stays. Black's L is {1}: alive.
    let yaml = LIGHT.replace("\"1/2\"", "1");
    let (obs, refused) = play(&yaml);
    assert!(refused.is_none());
    assert_eq!(named(&yaml, &obs, Colour::Black), ["2"]);
    assert_eq!(named(&yaml, &obs, Colour::White), ["3"]);
}

// ---------------------------------------------------------------------------------------
// A window (mango:ALIVE with T = 1 <= z < 5)
// ---------------------------------------------------------------------------------------

const WINDOW: &str = "rules: mango\nboard: {path: 7}\nsetup: {white: [1]}\n\
    mango: {threshold: \"1 <= z < 5\"}\n";

#[test]
fn mango_alive_a_window_kills_a_group_with_too_much_space() {
    // Path 1..7, F = 1, T = 1 <= z < 5, White on 1. Black plays 7: at the end of step 2
    // White's L = {2, 3, 4, 5, 6}, z = 5, outside the window: step 3 empties 1. At the end
    // of step 3 Black's L = {1, …, 6}, z = 6: step 4 empties 7 as well. The board is empty,
    // a configuration not seen before (the game began with White on 1): legal.
    let yaml = format!("{WINDOW}moves: [B 7]\n");
    let (obs, refused) = play(&yaml);
    assert!(refused.is_none(), "{refused:?}");
    assert!(obs.position.iter().all(|&c| c == Colour::Empty));
    // Under z >= 1 both would live (z = 5 and then z = 5 for Black: {2..6}).
    let go = yaml.replace("1 <= z < 5", "z >= 1");
    let (obs, _) = play(&go);
    assert_eq!(named(&go, &obs, Colour::White), ["1"]);
    assert_eq!(named(&go, &obs, Colour::Black), ["7"]);
}

#[test]
fn mango_legal_a_window_makes_a_lone_stone_in_open_space_illegal() {
    // Black plays 4 instead: White's L = {2, 3}, z = 2: alive. Black's L = {2, 3, 5, 6, 7},
    // z = 5: not alive, step 4 empties 4. The configuration is the initial one again: not
    // new, so the move is not legal (mango:LEGAL).
    let yaml = format!("{WINDOW}moves: [B 4]\n");
    let (_, refused) = play(&yaml);
    let (i, e) = refused.expect("refused");
    assert_eq!((i, e.clause.id()), (0, "mango:LEGAL"));
    // Every first move of Black, by hand (L of White on 1, then L of Black):
    //   2: White {} (z = 0, dead); then Black {1, 3..7} (6, dead): the board empties. New.
    //   3: White {2} (1, alive); Black {2, 4..7} (5, dead): back to the start. Illegal.
    //   4, 5, 6: White 2, 3, 4 points (alive); Black 5 points (dead): back to the start.
    //   7: White {2..6} (5, dead); Black {1..6} (6, dead): the board empties. New.
    let black = Player::Black;
    assert_eq!(
        legal(&format!("{WINDOW}moves: []\n")),
        vec![
            Turn::Move {
                player: black,
                at: 1
            },
            Turn::Move {
                player: black,
                at: 6
            },
            Turn::Pass { player: black }
        ]
    );
}

// ---------------------------------------------------------------------------------------
// Negative weights (mango:ALIVE, mango:SCORE)
// ---------------------------------------------------------------------------------------

const NEGATIVE: &str = "rules: mango\nboard: {path: 5}\nsetup: {white: [1]}\n\
    mango: {weights: {4: -2}}\nmoves: [B 5, W pass, B pass]\n";

#[test]
fn mango_alive_negative_weight_takes_life_away() {
    // Path 1..5, F(4) = -2, F = 1 elsewhere, T = z >= 1. White on 1, Black plays 5: White's
    // L = {2, 3, 4}, z = 1 + 1 - 2 = 0: not alive, emptied. Black's L = {1, 2, 3, 4}, z = 1:
    // alive. Two passes end the game: Black has F(5) = 1 for the stone plus 1, 2, 3, 4 as
    // territory (they reach 5 and no white point): 1 + 1 + 1 + 1 - 2 = 1, so Black scores 2.
    let (obs, refused) = play(NEGATIVE);
    assert!(refused.is_none());
    assert_eq!(named(NEGATIVE, &obs, Colour::Black), ["5"]);
    let result = obs.result.expect("two passes end the game");
    assert_eq!(result.score, Some([q(2, 1), q(0, 1)]));
    assert_eq!(result.winner, Some(Player::Black));
}

#[test]
fn mango_score_negative_territory_lowers_the_score() {
    // F(4) = -1: White's L = {2, 3, 4}, z = 1: alive. Black's L = {2, 3, 4} (1 is white),
    // z = 1: alive. 2, 3, 4 reach both colours: nobody's. Each scores its stone: 1 and 1.
    let yaml = NEGATIVE.replace("-2", "-1");
    let (obs, _) = play(&yaml);
    assert_eq!(obs.result.unwrap().score, Some([q(1, 1), q(1, 1)]));
    // With Black also on 3 from the start: B 5 joins 3 and 5 in one component through 4,
    // whose L is {2, 4}: z = 1 - 1 = 0, so step 4 empties both black stones (White's
    // L = {2}, z = 1, alive). White then owns 2, 3, 4, 5: 1 + (1 + 1 - 1 + 1) = 3.
    let yaml = "rules: mango\nboard: {path: 5}\nsetup: {white: [1], black: [3]}\n\
        mango: {weights: {4: -1}}\nmoves: [B 5, W pass, B pass]\n";
    let (obs, refused) = play(yaml);
    assert!(refused.is_none());
    assert!(named(yaml, &obs, Colour::Black).is_empty());
    assert_eq!(obs.result.unwrap().score, Some([q(0, 1), q(3, 1)]));
}

// ---------------------------------------------------------------------------------------
// Fractional territory and initial scores (mango:SCORE, mango:SETUP)
// ---------------------------------------------------------------------------------------

#[test]
fn mango_score_fractional_territory_and_initial_scores() {
    // Path 1-2-3 with F = 1, 1/2, 1/3; Black on 1; initial scores 0 and 7/4. Two passes.
    // Black: F(1) = 1, territory 2 and 3 (they reach 1, no white point): 1/2 + 1/3.
    // Black 11/6, White 7/4 = 21/12 < 22/12: Black wins by 1/12.
    let yaml = "rules: mango\nboard: {path: 3}\nsetup: {black: [1]}\n\
        mango: {weights: {2: \"1/2\", 3: \"1/3\"}, scores: {white: \"7/4\"}}\n\
        moves: [B pass, W pass]\n";
    let (obs, refused) = play(yaml);
    assert!(refused.is_none());
    let r = obs.result.unwrap();
    assert_eq!(r.score, Some([q(11, 6), q(7, 4)]));
    assert_eq!(r.winner, Some(Player::Black));
    // Initial scores 1/12 for Black makes it 23/12 against 21/12; 1/6 for White a draw.
    let draw = yaml.replace("{white: \"7/4\"}", "{white: \"11/6\"}");
    assert_eq!(play(&draw).0.result.unwrap().winner, None);
}

#[test]
fn mango_score_running_scores_are_observed() {
    // Before any turn: Black on 1, 2 and 3 reach only black: 1 + 1/2 + 1/3 = 11/6.
    let yaml = "rules: mango\nboard: {path: 3}\nsetup: {black: [1]}\n\
        mango: {weights: {2: \"1/2\", 3: \"1/3\"}}\n";
    let (obs, _) = play(yaml);
    assert_eq!(obs.scores, Some([q(11, 6), q(0, 1)]));
    assert!(obs.result.is_none());
}

// ---------------------------------------------------------------------------------------
// A ko that F decides (mango:LEGAL)
// ---------------------------------------------------------------------------------------

/// A ko on a 4x3 grid, rows top first:
/// ```text
///   3  . X O .
///   2  X O . O
///   1  . X O .
///      1 2 3 4
/// ```
/// Black takes at 3-2; White retakes at 2-2.
fn ko(corner_weight: &str) -> String {
    format!(
        "rules: mango\nboard: {{grid: [4, 3]}}\n\
         setup: {{black: [2-3, 1-2, 2-1], white: [3-3, 2-2, 4-2, 3-1]}}\n\
         mango: {{weights: {{1-1: \"{corner_weight}\", 1-3: \"{corner_weight}\"}}}}\n\
         moves: [B 3-2, W 2-2]\n"
    )
}

#[test]
fn mango_legal_ko_recapture_illegal_at_weight_one() {
    // F = 1. B 3-2: White 2-2 has L = {} (all four neighbours black): emptied. Black's
    // component through B and E is 3-2, 2-2, 1-2, 2-1, 2-3, 1-1, 1-3: L = {2-2, 1-1, 1-3},
    // alive. W 2-2: Black 3-2 has L = {}: emptied in step 3; Black's other stones have
    // L = {1-1, 1-3}, z = 2: alive. White 2-2 then has L = {3-2}: alive. That is the
    // initial configuration again: not new.
    let (obs, refused) = play(&ko("1"));
    let (i, e) = refused.expect("the retake is refused");
    assert_eq!((i, e.clause.id()), (1, "mango:LEGAL"));
    assert_eq!(obs.position[0], Colour::Empty);
}

#[test]
fn mango_legal_ko_recapture_legal_when_the_corners_are_light() {
    // F(1-1) = F(1-3) = 1/4. B 3-2 as before: Black's L = {2-2, 1-1, 1-3}, z = 3/2: alive.
    // W 2-2: Black 3-2 has L = {}; Black's other three stones have L = {1-1, 1-3},
    // z = 1/2 < 1: step 3 empties all four black stones. White: L of 2-2 is everything
    // empty it reaches, alive. The configuration (White on 3-3, 2-2, 4-2, 3-1, nothing
    // else) is new: the retake is legal.
    let yaml = ko("1/4");
    let (obs, refused) = play(&yaml);
    assert!(refused.is_none(), "{refused:?}");
    assert!(named(&yaml, &obs, Colour::Black).is_empty());
    assert_eq!(
        named(&yaml, &obs, Colour::White),
        ["3-1", "2-2", "4-2", "3-3"]
    );
}

// ---------------------------------------------------------------------------------------
// The order of the steps (mango:MOVE)
// ---------------------------------------------------------------------------------------

#[test]
fn mango_move_step_4_is_judged_after_step_3() {
    // Path 1-2-3, White on 1, Black on 3. Black plays 2: at the end of step 2 neither
    // colour has an empty point within reach (both would be dead). Step 3 judges White at
    // the end of step 2: L = {}, emptied. Step 4 judges Black at the end of step 3:
    // L = {1}, alive. Black keeps 2 and 3.
    let yaml = "rules: mango\nboard: {path: 3}\nsetup: {white: [1], black: [3]}\nmoves: [B 2]\n";
    let (obs, refused) = play(yaml);
    assert!(refused.is_none());
    assert_eq!(named(yaml, &obs, Colour::Black), ["2", "3"]);
    assert!(named(yaml, &obs, Colour::White).is_empty());
}

#[test]
fn mango_move_selects_a_member_of_e() {
    let yaml = "rules: mango\nboard: {path: 3}\nsetup: {white: [1]}\nmoves: [B 1]\n";
    let (_, refused) = play(yaml);
    assert_eq!(refused.unwrap().1.clause.id(), "mango:MOVE");
}

#[test]
fn mango_move_make_move_directly() {
    // The function itself: path 1-2-3-4 with F(4) = 1/2 as in the first test.
    let game = Record::parse(LIGHT, false).unwrap().game().unwrap();
    let state = mango::start(&game.setup).unwrap().state;
    let after = mango::make_move(&state.set, &state.config, Player::Black, 1);
    assert_eq!(after.b.iter().copied().collect::<Vec<_>>(), [1]);
    assert!(after.w.is_empty());
    assert_eq!(after.e.iter().copied().collect::<Vec<_>>(), [0, 2, 3]);
}

// ---------------------------------------------------------------------------------------
// Turns and the end (mango:TURN, mango:END)
// ---------------------------------------------------------------------------------------

#[test]
fn mango_turn_forced_pass_when_no_legal_move() {
    // One point, empty. Black on it: step 4 finds L = {}, z = 0: emptied again, the
    // configuration is the initial one: not new. Black's only turn is a pass.
    let yaml = "rules: mango\nboard: {path: 1}\n";
    let black = Player::Black;
    assert_eq!(legal(yaml), vec![Turn::Pass { player: black }]);
    let game = Record::parse(yaml, false).unwrap().game().unwrap();
    let state = mango::start(&game.setup).unwrap().state;
    assert!(mango::must_pass(&state));
    // On two points Black has a legal move, and need not pass.
    let game = Record::parse("rules: mango\nboard: {path: 2}\n", false)
        .unwrap()
        .game()
        .unwrap();
    assert!(!mango::must_pass(&mango::start(&game.setup).unwrap().state));
}

#[test]
fn mango_turn_there_is_no_resignation() {
    let yaml = "rules: mango\nboard: {path: 3}\nmoves: [B resign]\n";
    let (obs, refused) = play(yaml);
    assert_eq!(refused.unwrap().1.clause.id(), "mango:TURN");
    assert_eq!(obs.to_move, Some(Player::Black));
}

#[test]
fn mango_setup_players_alternate_and_white_may_start() {
    let yaml = "rules: mango\nboard: {path: 3}\nto_move: white\nmoves: [W 1, W 2]\n";
    let (_, refused) = play(yaml);
    let (i, e) = refused.unwrap();
    assert_eq!((i, e.clause.id()), (1, "mango:SETUP"));
}

#[test]
fn mango_end_two_consecutive_passes() {
    // A move between two passes does not end the game; two passes in a row do.
    let yaml = "rules: mango\nboard: {path: 3}\nmoves: [B pass, W 1, B pass, W pass]\n";
    let game = Record::parse(yaml, false).unwrap().game().unwrap();
    let mut g = Rules.start(&game.setup).unwrap();
    for (i, t) in game.turns.iter().enumerate() {
        g.play(t).unwrap();
        assert_eq!(g.observe().result.is_some(), i == 3, "after turn {i}");
    }
    assert!(mango::ends(2) && !mango::ends(1));
    // After the end every turn is refused under mango:END.
    let e = g
        .play(&Turn::Pass {
            player: Player::Black,
        })
        .unwrap_err();
    assert_eq!(e.clause.id(), "mango:END");
    // White on 1 alone: White 3 (1 + territory 2, 3), Black 0.
    assert_eq!(g.observe().result.unwrap().score, Some([q(0, 1), q(3, 1)]));
}

// ---------------------------------------------------------------------------------------
// Readings 16–18 (spec/ambiguities.md)
// ---------------------------------------------------------------------------------------

#[test]
fn mango_score_reading_m1_stones_not_alive_stay_and_score_without_a_move() {
    // Path 1-2-3, F = 1, T = z >= 1; the setup puts Black on 1 and White on 2. Black's 1
    // reaches no empty point through black or empty points (2 is white): z = 0, not alive.
    // White's 2 reaches 3: alive. Only steps 3 and 4 of a move remove stones, and no move
    // is made: after two passes 1 is still black and scores. Black: F(1) = 1, and 3 is not
    // Black's (its only path to 1 passes through White's 2). White: F(2) = 1, plus 3 (its
    // path 3-2; every path from 3 to Black's 1 has White's 2 inside): 2. Were the dead stone
    // removed before scoring, Black would have 0 and White 3 (1 would be White's territory).
    let yaml = "rules: mango\nboard: {path: 3}\nsetup: {black: [1], white: [2]}\nmoves: [B pass, W pass]\n";
    let (obs, refused) = play(yaml);
    assert!(refused.is_none());
    assert_eq!(named(yaml, &obs, Colour::Black), ["1"]);
    let result = obs.result.expect("two passes end the game");
    assert_eq!(result.score, Some([q(1, 1), q(2, 1)]));
    assert_eq!(result.winner, Some(Player::White));
}

#[test]
fn mango_equip_reading_m2_an_empty_threshold_is_refused() {
    // threshold: [] would be the union of no interval: a T that is never 1. The text's T
    // takes the values 0 and 1; the record is refused, naming the field.
    let yaml = "rules: mango\nboard: {path: 3}\nmango: {threshold: []}\n";
    let error = Record::parse(yaml, false)
        .unwrap()
        .game()
        .unwrap_err()
        .to_string();
    assert!(error.contains("field 'mango.threshold': []"), "{error}");
    // One interval is a threshold (the default one, written out).
    let yaml = "rules: mango\nboard: {path: 3}\nmango: {threshold: [\"z >= 1\"]}\nmoves: [B 1]\n";
    assert!(play(yaml).1.is_none());
}

#[test]
fn mango_legal_reading_m3_the_current_configuration_is_not_new() {
    // Path 1-2-3-4, F = 1, T = z >= 1. B 1, W 3: configuration K = (E {2, 4}, B {1}, W {3}).
    // B 4: step 3, White's 3 reaches 2 (z = 1): alive; step 4, Black's 4 reaches nothing
    // (its one neighbour 3 is white): removed. The result is K again, the configuration on
    // the board: not new (mango:LEGAL), although K occurred only as the current one.
    let yaml = "rules: mango\nboard: {path: 4}\nmoves: [B 1, W 3, B 4]\n";
    let (obs, refused) = play(yaml);
    let (i, e) = refused.expect("refused");
    assert_eq!((i, e.clause.id()), (2, "mango:LEGAL"));
    assert_eq!(named(yaml, &obs, Colour::Black), ["1"]);
    assert_eq!(named(yaml, &obs, Colour::White), ["3"]);
}
