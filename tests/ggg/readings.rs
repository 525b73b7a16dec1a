//! The readings of General Graph Go decided in `spec/ambiguities.md` (1, 2, 3 and 10), and
//! the extension options (self-capture, repetition), each with a hand-worked position where
//! the reading or the option changes the answer.

use crate::table;

use graphgo::board::Board;
use graphgo::game::{
    Colour, EndReason, Neutral, NoMove, Options, Player, Repetition, RuleId, SelfCapture,
};
use graphgo::io::record::Record;
use num_rational::BigRational;
use table::{diagram, int, scores, stones, Table};

// ---------------------------------------------------------------------------------------
// Reading 1 — ggg1:4: an empty group that touches no stone counts for both (default) or,
// under `neutral: none` (Tromp-Taylor), for neither.
// ---------------------------------------------------------------------------------------

/// Reading 1, ggg1:4 — three components: the path a-b-c with black a and white c (b touches
/// both colours: nobody's under either reading); the empty triangle d-e-f and the lone
/// vertex g, which touch no stone at all.
/// `neutral: both` (the text: "empty vertices in groups with no neighbour of his opponent's
/// colour"): Black 1 + 3 + 1 = 5, White 1 + 3 + 1 = 5.
/// `neutral: none`: the triangle and g reach no colour and count for nobody: Black 1,
/// White 1.
#[test]
fn reading_1_ggg1_4_isolated_empty_components() {
    let board = "board: {graph: {vertices: [a, b, c, d, e, f, g], \
                 edges: [[a, b], [b, c], [d, e], [e, f], [f, d]]}}\n\
                 setup: {black: [a], white: [c]}\nmoves: [B pass, W pass]\n";
    let t = Table::record(&format!("rules: ggg1\n{board}"));
    assert_eq!(t.result().unwrap().score, scores(5, 5));
    let t = Table::record(&format!("rules: ggg1\noptions: {{neutral: both}}\n{board}"));
    assert_eq!(t.result().unwrap().score, scores(5, 5));
    let t = Table::record(&format!("rules: ggg1\noptions: {{neutral: none}}\n{board}"));
    assert_eq!(t.result().unwrap().score, scores(1, 1));
}

/// Reading 1, ggg1:4 — the empty 3x3 board at the end (two passes at once): its one empty
/// group of 9 touches no stone: 9 - 9 as written, 0 - 0 under Tromp-Taylor. A draw either way.
#[test]
fn reading_1_ggg1_4_empty_board_at_the_end() {
    let t = Table::record("rules: ggg1\nboard: {grid: [3, 3]}\nmoves: [B pass, W pass]\n");
    let result = t.result().unwrap();
    assert_eq!(result.score, scores(9, 9));
    assert_eq!(result.winner, None);
    let t = Table::record(
        "rules: ggg1\nboard: {grid: [3, 3]}\noptions: {neutral: none}\nmoves: [B pass, W pass]\n",
    );
    let result = t.result().unwrap();
    assert_eq!(result.score, scores(0, 0));
    assert_eq!(result.winner, None);
}

/// Reading 1, ggg1:4 — the readings agree where every empty group touches a stone: in
/// ```text
///   . X O
///   X X O
///   . X O
/// ```
/// the empty 1-3 and 1-1 touch black only: Black 4 + 2 = 6, White 3, under both readings.
#[test]
fn reading_1_ggg1_4_agree_when_every_empty_group_touches_a_stone() {
    for neutral in [Neutral::Both, Neutral::None] {
        let mut setup = diagram(
            RuleId::Ggg1,
            Board::grid(3, 3).unwrap(),
            &[".XO", "XXO", ".XO"],
        );
        setup.options.neutral = neutral;
        let mut t = Table::setup(&setup);
        t.play(&["B pass", "W pass"]);
        assert_eq!(t.result().unwrap().score, scores(6, 3), "{neutral:?}");
    }
}

// ---------------------------------------------------------------------------------------
// Reading 2 — ggg3:4: "unable to make a move" while a pass is still allowed.
// ---------------------------------------------------------------------------------------

/// Reading 2, ggg3:4 — on a single vertex nobody can make a move (a stone there has no
/// liberty and removes itself, repeating the empty colouring: ggg3:3). Black holds P = 2.
/// `no_move: lose` (default; a pass is not a move): Black is unable to make a move before
/// the first turn and loses at once, prisoners or not.
/// `no_move: pass`: Black may pass (P = 1); then White, with no move and Q = 0, loses.
#[test]
fn reading_2_ggg3_4_no_move_with_prisoners_in_hand() {
    let lose = Table::record("rules: ggg3\nboard: {path: 1}\nprisoners: {black: 2}\n");
    let result = lose.result().expect("Black has no move and loses at once");
    assert_eq!(result.by, EndReason::NoMove);
    assert_eq!(result.winner, Some(Player::White));
    let explicit = Table::record(
        "rules: ggg3\nboard: {path: 1}\nprisoners: {black: 2}\noptions: {no_move: lose}\n",
    );
    assert_eq!(explicit.result(), lose.result());

    let mut pass = Table::record(
        "rules: ggg3\nboard: {path: 1}\nprisoners: {black: 2}\noptions: {no_move: pass}\n",
    );
    assert_eq!(pass.result(), None);
    assert_eq!(pass.legal_moves(), Vec::<String>::new());
    assert!(pass.may_pass());
    pass.play(&["B pass"]);
    assert_eq!(pass.prisoners(), Some([1, 0]));
    let result = pass
        .result()
        .expect("White has neither a move nor a prisoner");
    assert_eq!(result.by, EndReason::NoMove);
    assert_eq!(result.winner, Some(Player::Black));
}

/// Reading 2, ggg3:4 — under `no_move: pass` passing lasts only while prisoners do: with
/// P = Q = 1 on a single vertex, B pass, W pass, and Black (no move, P = 0) loses.
#[test]
fn reading_2_ggg3_4_passing_lasts_while_prisoners_last() {
    let t = Table::record(
        "rules: ggg3\nboard: {path: 1}\nprisoners: {black: 1, white: 1}\n\
         options: {no_move: pass}\nmoves: [B pass, W pass]\n",
    );
    let result = t.result().unwrap();
    assert_eq!(result.by, EndReason::NoMove);
    assert_eq!(result.winner, Some(Player::White));
    assert_eq!(t.prisoners(), Some([0, 0]));
}

// ---------------------------------------------------------------------------------------
// Reading 3 — ggg1:3: "occurred earlier" includes the current and the initial position.
// ---------------------------------------------------------------------------------------

/// Reading 3, ggg1:3 — the current position counts as earlier: a single-stone
/// self-capture changes nothing and is never legal, in any version (ggg3 names its own
/// superko, ggg3:3). On the path `. O . .` (white 2 keeps liberty 3) B 1 removes itself.
#[test]
fn reading_3_ggg1_3_single_stone_self_capture_never_legal() {
    for (rules, clause) in [
        (RuleId::Ggg1, "ggg1:3"),
        (RuleId::Ggg2, "ggg1:3"),
        (RuleId::Ggg3, "ggg3:3"),
    ] {
        let mut t = Table::setup(&stones(rules, Board::path(4).unwrap(), &[], &["2"]));
        t.refused_by("B 1", clause);
    }
}

/// Reading 3, ggg1:3 — the initial position counts as earlier, even a setup no move made:
/// from the setup `X . O` on the 1x3 board, B 2-1 (white 3-1's only liberty gone: `X X .`),
/// W 3-1 (black {1-1, 2-1} has no liberty: `. . O`), and B 1-1 would give `X . O`, the
/// setup: refused.
#[test]
fn reading_3_ggg1_3_setup_position_cannot_be_recreated() {
    let mut t = Table::setup(&stones(
        RuleId::Ggg1,
        Board::grid(3, 1).unwrap(),
        &["1-1"],
        &["3-1"],
    ));
    t.play(&["B 2-1", "W 3-1"]);
    assert_eq!(t.rows(), ["..O"]);
    t.refused_by("B 1-1", "ggg1:3");
}

// ---------------------------------------------------------------------------------------
// Reading 10 — ggg1:notes: handicap, ancient openings, White first and komi are setups and
// an added score, kept apart from the rules.
// ---------------------------------------------------------------------------------------

/// Reading 10, ggg1:notes — a handicap stone and White moving first: Black may not take the
/// first turn (ggg1:2). W 1-1, B 3-3, two passes. Score: black 2-2 and 3-3 = 2; white 1-1
/// = 1; the empty groups {2-1, 3-1, 3-2} and {1-2, 1-3, 2-3} each touch both colours.
/// Black 2, White 1.
#[test]
fn reading_10_ggg1_notes_handicap_with_white_first() {
    let mut t = Table::record(
        "rules: ggg1\nboard: {grid: [3, 3]}\nsetup: {black: [2-2]}\nto_move: white\n",
    );
    assert_eq!(t.to_move(), Some(Player::White));
    t.refused_by("B 1-1", "ggg1:2");
    t.play(&["W 1-1", "B 3-3", "W pass", "B pass"]);
    let result = t.result().unwrap();
    assert_eq!(result.score, scores(2, 1));
    assert_eq!(result.winner, Some(Player::Black));
}

/// Reading 10, ggg1:notes — komi decides a game that would be a draw: the 1x3 game B 1-1,
/// W 3-1, two passes is 1 - 1 (2-1 touches both). With komi 1/2 White has 3/2 and wins;
/// with no komi it is a draw.
#[test]
fn reading_10_ggg1_notes_komi_decides_a_draw() {
    let game = "board: {grid: [3, 1]}\nmoves: [B 1-1, W 3-1, B pass, W pass]\n";
    let t = Table::record(&format!("rules: ggg1\n{game}"));
    assert_eq!(t.result().unwrap().winner, None);
    let t = Table::record(&format!("rules: ggg1\nkomi: \"1/2\"\n{game}"));
    let result = t.result().unwrap();
    assert_eq!(
        result.score,
        Some([int(1), BigRational::new(3.into(), 2.into())])
    );
    assert_eq!(result.winner, Some(Player::White));
}

/// Reading 10, ggg1:notes — an ancient opening (both colours set up, Black first): on the
/// 4x4 board with the crossed centre (black 2-2, 3-3; white 3-2, 2-3) the twelve border
/// points are one empty group touching both colours. Two passes: 2 - 2, a draw; komi 1/2
/// gives it to White. Komi belongs to version 1 only: a version-2 record with komi is
/// refused, naming the field.
#[test]
fn reading_10_ggg1_notes_ancient_opening_and_komi_only_in_version_1() {
    let opening = "board: {grid: [4, 4]}\nsetup: {black: [2-2, 3-3], white: [3-2, 2-3]}\n\
                   moves: [B pass, W pass]\n";
    let t = Table::record(&format!("rules: ggg1\n{opening}"));
    assert_eq!(t.result().unwrap().score, scores(2, 2));
    assert_eq!(t.result().unwrap().winner, None);
    let t = Table::record(&format!("rules: ggg1\nkomi: 0.5\n{opening}"));
    assert_eq!(t.result().unwrap().winner, Some(Player::White));
    let e = Record::parse("rules: ggg2\nboard: {path: 3}\nkomi: 1\n", false)
        .unwrap()
        .game()
        .unwrap_err();
    assert!(e.0.contains("komi"), "{e}");
}

// ---------------------------------------------------------------------------------------
// Extension options: self-capture and repetition, each against the default.
// ---------------------------------------------------------------------------------------

/// Options for one test.
fn options(self_capture: SelfCapture, repetition: Repetition) -> Options {
    Options {
        self_capture,
        repetition,
        ..Options::default()
    }
}

/// self_capture — on the path `X . O .` B 2 removes black {1, 2} (2 stones) and gives a new
/// colouring. `all` (ggg1:2 as written) and `multi` (two or more stones) allow it; `none`
/// refuses it.
#[test]
fn option_self_capture_of_two_stones() {
    for (self_capture, allowed) in [
        (SelfCapture::All, true),
        (SelfCapture::Multi, true),
        (SelfCapture::None, false),
    ] {
        let mut setup = stones(RuleId::Ggg1, Board::path(4).unwrap(), &["1"], &["3"]);
        setup.options = options(self_capture, Repetition::Positional);
        let mut t = Table::setup(&setup);
        if allowed {
            t.play(&["B 2"]);
            assert_eq!(t.stones(Colour::White), ["3"], "{self_capture:?}");
            assert_eq!(t.stones(Colour::Black), Vec::<String>::new());
        } else {
            t.refused_by("B 2", "option:self_capture");
        }
    }
}

/// self_capture — a lone stone's self-capture changes nothing, so superko refuses it anyway;
/// only with `repetition: none` do the self-capture options show: on the path `. O . .`
/// B 1 removes itself. With `all` it is legal (the colouring stays, White is to move);
/// `multi` and `none` refuse it.
#[test]
fn option_self_capture_of_one_stone_without_superko() {
    for (self_capture, allowed) in [
        (SelfCapture::All, true),
        (SelfCapture::Multi, false),
        (SelfCapture::None, false),
    ] {
        let mut setup = stones(RuleId::Ggg1, Board::path(4).unwrap(), &[], &["2"]);
        setup.options = options(self_capture, Repetition::None);
        let mut t = Table::setup(&setup);
        if allowed {
            t.play(&["B 1"]);
            assert_eq!(t.stones(Colour::White), ["2"]);
            assert_eq!(t.stones(Colour::Black), Vec::<String>::new());
            assert_eq!(t.to_move(), Some(Player::White));
        } else {
            t.refused_by("B 1", "option:self_capture");
        }
    }
}

/// repetition — the 1x3 cycle from the empty board: B 1-1, W 3-1, B 2-1, W 3-1 gives
/// `. . O`; B 1-1 would give `X . O`, last seen after W's first move WITH BLACK TO MOVE.
/// positional (ggg1:3): refused. situational: now White would be to move — a new
/// situation: allowed. simple: the colouring before White's last turn was `X X .`: allowed.
/// none: allowed.
#[test]
fn option_repetition_on_the_1x3_cycle() {
    for (repetition, refused) in [
        (Repetition::Positional, Some("ggg1:3")),
        (Repetition::Situational, None),
        (Repetition::Simple, None),
        (Repetition::None, None),
    ] {
        let mut setup = stones(RuleId::Ggg1, Board::grid(3, 1).unwrap(), &[], &[]);
        setup.options = options(SelfCapture::All, repetition);
        let mut t = Table::setup(&setup);
        t.play(&["B 1-1", "W 3-1", "B 2-1", "W 3-1"]);
        match refused {
            Some(clause) => t.refused_by("B 1-1", clause),
            None => {
                t.play(&["B 1-1"]);
                assert_eq!(t.rows(), ["X.O"], "{repetition:?}");
            }
        }
    }
}

/// repetition — the 2x2 cycle (see ggg_clauses): B 1-1, W 2-2, B 2-1, W 1-2 (captures),
/// B 1-1, W 2-1 (captures) gives `Wbcd`; B 1-1 would capture three and give `Ba`, the
/// colouring after move 1, then too with White to move. positional and situational refuse;
/// simple compares only with the colouring before White's last turn (`Ba Wcd`): allowed,
/// and so is none.
#[test]
fn option_repetition_on_the_2x2_cycle() {
    for (repetition, refused) in [
        (Repetition::Positional, Some("ggg1:3")),
        (Repetition::Situational, Some("option:repetition")),
        (Repetition::Simple, None),
        (Repetition::None, None),
    ] {
        let mut setup = stones(RuleId::Ggg1, Board::grid(2, 2).unwrap(), &[], &[]);
        setup.options = options(SelfCapture::All, repetition);
        let mut t = Table::setup(&setup);
        t.play(&["B 1-1", "W 2-2", "B 2-1", "W 1-2", "B 1-1", "W 2-1"]);
        match refused {
            Some(clause) => t.refused_by("B 1-1", clause),
            None => {
                t.play(&["B 1-1"]);
                assert_eq!(t.rows(), ["..", "X."], "{repetition:?}");
            }
        }
    }
}

/// repetition — the ordinary ko on a 4x3 grid, White to move:
/// ```text
///   . X O .
///   X . X O
///   . X O .
/// ```
/// Black 3-2 has the one liberty 2-2. W 2-2 removes it; white 2-2 then has the one liberty
/// 3-2. B 3-2 at once would remove white 2-2 and give back the setup colouring, the one
/// before White's last turn: refused by positional superko (ggg1:3), by situational (the
/// same colouring with White to move) and by simple ko; allowed with `repetition: none`.
#[test]
fn option_repetition_on_an_ordinary_ko() {
    for (repetition, refused) in [
        (Repetition::Positional, Some("ggg1:3")),
        (Repetition::Situational, Some("option:repetition")),
        (Repetition::Simple, Some("option:repetition")),
        (Repetition::None, None),
    ] {
        let mut setup = diagram(
            RuleId::Ggg1,
            Board::grid(4, 3).unwrap(),
            &[".XO.", "X.XO", ".XO."],
        );
        setup.to_move = Player::White;
        setup.options = options(SelfCapture::All, repetition);
        let mut t = Table::setup(&setup);
        t.play(&["W 2-2"]);
        assert_eq!(t.rows(), [".XO.", "XO.O", ".XO."]);
        match refused {
            Some(clause) => t.refused_by("B 3-2", clause),
            None => {
                t.play(&["B 3-2"]);
                assert_eq!(t.rows(), [".XO.", "X.XO", ".XO."], "{repetition:?}");
            }
        }
    }
}

/// The defaults are the source as written: neutral both, no_move lose, self-capture all,
/// positional superko.
#[test]
fn options_default_to_the_text() {
    let d = Options::default();
    assert_eq!(d.neutral, Neutral::Both);
    assert_eq!(d.no_move, NoMove::Lose);
    assert_eq!(d.self_capture, SelfCapture::All);
    assert_eq!(d.repetition, Repetition::Positional);
}
