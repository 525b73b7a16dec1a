//! The source's own examples (`seeds/000_…txt`): the komi gadget of the notes to version 1
//! (`ggg1:notes`) and the 5x5 position printed after version 2 (`ggg2:example`). Every
//! expected value is worked out by hand from the rules text, in the comment beside it.

use crate::table;

use std::sync::Arc;

use graphgo::board::Board;
use graphgo::game::{Colour, EndReason, Neutral, Player, RuleId, Setup};
use graphgo::spec::ggg::{self, ColouredGraph};
use graphgo::variants;
use table::{diagram, int, scores, sorted, Table};

/// A setup whose initial colouring is the coloured graph `g`.
fn setup_of(rules: RuleId, g: &ColouredGraph) -> Setup {
    let mut setup = Setup::new(rules, (*g.graph).clone());
    setup.board = Arc::clone(&g.graph);
    setup.initial = g.f.iter().copied().collect();
    setup
}

// ---------------------------------------------------------------------------------------
// ggg1:notes — komi by a second component: a path of n vertices, empty ends, white inside.
// ---------------------------------------------------------------------------------------

/// ggg1:notes — the gadget for n is a path of n vertices whose two ends are empty and whose
/// n - 2 inner vertices are white; the text offers it only "if n > 2".
#[test]
fn ggg1_notes_komi_gadget_is_a_path_with_empty_ends_and_white_inside() {
    for n in 3..=8 {
        let g = ggg::komi_gadget(n).unwrap();
        assert_eq!(g.graph.len(), n);
        assert_eq!(
            g.graph.edge_count(),
            n - 1,
            "a path of n vertices has n - 1 edges"
        );
        for v in 0..n {
            let expected = if v == 0 || v == n - 1 {
                Colour::Empty
            } else {
                Colour::White
            };
            assert_eq!(g.f[v], expected, "n = {n}, vertex {}", v + 1);
        }
    }
    assert!(ggg::komi_gadget(2).is_err());
    assert!(ggg::komi_gadget(1).is_err());
}

/// ggg1:notes — the gadget is worth exactly n to White and Black cannot play into it.
/// Black's only empty vertices are the two ends; a black stone on an end has one neighbour,
/// the white inside, which keeps the other end as a liberty: the black stone is removed and
/// the colouring is as before — refused by superko (ggg1:3). So Black has no move, passes,
/// and White passes. Score (ggg1:4): White has n - 2 stones and two empty groups of one
/// vertex each whose only neighbour is white: n - 2 + 2 = n. Black: no stone, and both
/// empty groups have a white neighbour: 0.
#[test]
fn ggg1_notes_komi_gadget_is_worth_n_to_white() {
    for n in 3..=8 {
        let g = ggg::komi_gadget(n).unwrap();
        let mut t = Table::setup(&setup_of(RuleId::Ggg1, &g));
        assert_eq!(t.legal_moves(), Vec::<String>::new(), "n = {n}");
        t.refused_by("B 1", "ggg1:3");
        t.refused_by(&format!("B {n}"), "ggg1:3");
        t.play(&["B pass", "W pass"]);
        let result = t.result().unwrap();
        assert_eq!(result.score, scores(0, n as i64), "n = {n}");
        assert_eq!(result.winner, Some(Player::White));
        // The two ends touch white, so Tromp-Taylor (neutral: none) counts them too.
        assert_eq!(variants::ggg::score(&g, Player::White, Neutral::None), n);
        assert_eq!(variants::ggg::score(&g, Player::Black, Neutral::None), 0);
    }
}

/// ggg1:notes — the gadget as the second component of (V, E, f): beside the 1x3 board,
/// Black's legal moves are the three points of the board only. The game B 1-1, W 3-1, two
/// passes scores 1 - 1 on the board (2-1 touches both colours) and n for White in the
/// gadget: Black 1, White 1 + n: the gadget gave White a komi of n.
#[test]
fn ggg1_notes_komi_gadget_beside_a_board() {
    for n in 3..=6 {
        let g = ggg::komi_gadget(n).unwrap();
        let board = Board::grid(3, 1).unwrap().disjoint_union(&g.graph);
        let mut setup = Setup::new(RuleId::Ggg1, board);
        for v in 0..n {
            setup.initial[3 + v] = g.f[v];
        }
        let mut t = Table::setup(&setup);
        assert_eq!(t.legal_moves(), sorted(["1-1", "2-1", "3-1"]));
        t.play(&["B 1-1", "W 3-1"]);
        t.refused_by("B 1", "ggg1:3");
        t.refused_by(&format!("B {n}"), "ggg1:3");
        t.play(&["B pass", "W pass"]);
        let result = t.result().unwrap();
        assert_eq!(result.score, scores(1, 1 + n as i64), "n = {n}");
        assert_eq!(result.winner, Some(Player::White));
    }
}

// ---------------------------------------------------------------------------------------
// ggg2:example — the 5x5 position printed after version 2.
// ---------------------------------------------------------------------------------------

/// The position as the source prints it, five rows of five, top row first.
const PRINTED: &str = ". . . . . X X X X X O X X X X O O O O O . O . O .";

/// The printed text cut into its five rows.
fn printed_rows() -> Vec<String> {
    let cells: Vec<&str> = PRINTED.split_whitespace().collect();
    assert_eq!(cells.len(), 25);
    cells.chunks(5).map(|row| row.concat()).collect()
}

/// The example as a setup under `rules`, with `to_move` to play.
fn example(rules: RuleId, to_move: Player) -> Setup {
    let rows = printed_rows();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let mut setup = diagram(rules, Board::grid(5, 5).unwrap(), &rows);
    setup.to_move = to_move;
    setup
}

/// The example with some vertices recoloured (to set up later stages of the fight).
fn example_with(rules: RuleId, to_move: Player, black: &[&str], white: &[&str]) -> Setup {
    let mut setup = example(rules, to_move);
    for (names, colour) in [(black, Colour::Black), (white, Colour::White)] {
        for name in names {
            let v = setup.board.vertex(name).unwrap();
            assert_eq!(setup.initial[v], Colour::Empty, "{name} is not empty");
            setup.initial[v] = colour;
        }
    }
    setup
}

const TOP_ROW: [&str; 5] = ["1-5", "2-5", "3-5", "4-5", "5-5"];
const EYES: [&str; 3] = ["1-1", "3-1", "5-1"];

/// ggg2:example — `example_5x5` is the printed position (row y = 5 on top). Its groups
/// (ggg1:1): black: row 4 (5 stones) and row 3 but 1-3 (4 stones) = 9 stones, whose
/// liberties are the five top-row points; white: 1-3, row 2 (5), 2-1 and 4-1 = 8 stones,
/// whose liberties are 1-1, 3-1, 5-1 — three one-point eyes. Empty groups: the top row (one
/// group of 5) and the three eyes: six groups in all (9 + 8 + 5 + 3 = 25).
#[test]
fn ggg2_example_is_the_printed_position() {
    let g = ggg::example_5x5();
    let printed = example(RuleId::Ggg2, Player::Black);
    assert_eq!(g.f.iter().copied().collect::<Vec<_>>(), printed.initial);
    let b = &*g.graph;
    let v = |n: &str| b.vertex(n).unwrap();
    let names = |s: imbl::OrdSet<usize>| sorted(s.iter().map(|&u| b.name(u).to_string()));

    let black = ggg::group(&g, v("3-3"));
    assert_eq!(black.len(), 9);
    assert_eq!(names(ggg::liberties(&g, &black)), sorted(TOP_ROW));
    let white = ggg::group(&g, v("1-3"));
    assert_eq!(white.len(), 8);
    assert_eq!(names(ggg::liberties(&g, &white)), sorted(EYES));
    assert_eq!(ggg::groups(&g).len(), 6);
}

/// ggg2:example — Black to move has exactly the five top-row points: each joins the black
/// group, which keeps four liberties. A black stone in a white eye has only white
/// neighbours; White keeps its two other eyes, so the stone removes itself and the
/// colouring repeats (refused, ggg1:3). Stones cannot be played on (ggg1:2); no pass (ggg2:2).
#[test]
fn ggg2_example_black_legal_moves() {
    let mut t = Table::setup(&example(RuleId::Ggg2, Player::Black));
    assert_eq!(t.result(), None);
    assert_eq!(t.legal_moves(), sorted(TOP_ROW));
    for eye in EYES {
        t.refused_by(&format!("B {eye}"), "ggg1:3");
    }
    t.refused_by("B 1-3", "ggg1:2");
    t.refused_by("B pass", "ggg2:2");
}

/// ggg2:example — White to move has eight moves: filling any one eye (the group keeps two
/// liberties), and any top-row point (the white stone has an empty top-row neighbour, and
/// Black keeps four liberties).
#[test]
fn ggg2_example_white_legal_moves() {
    let t = Table::setup(&example(RuleId::Ggg2, Player::White));
    let mut expected: Vec<&str> = TOP_ROW.to_vec();
    expected.extend(EYES);
    assert_eq!(t.legal_moves(), sorted(expected));
}

/// ggg2:example — which fill captures one's own group, and the one black stone in an eye
/// that is legal:
/// - White has filled 1-1 and 3-1 (10 stones, liberty 5-1). W 5-1 leaves white 11 stones
///   without liberty; black keeps the top row; the white group is removed (legal: the
///   colouring is new). Under ggg3 those 11 white vertices go to P (ggg3:2).
/// - Same position, Black to move: B 5-1 takes the last liberty; the white group (10) goes
///   first and black 5-1 then has 4-1 and 5-2: black captures.
/// - Black has filled 1-5 .. 4-5 (13 stones, liberty 5-5): B 5-5 removes black's own 14
///   stones (white keeps its eyes).
#[test]
fn ggg2_example_filling_the_last_liberty() {
    let mut t = Table::setup(&example_with(
        RuleId::Ggg2,
        Player::White,
        &[],
        &["1-1", "3-1"],
    ));
    assert!(t.legal_moves().contains(&"5-1".to_string()));
    t.play(&["W 5-1"]);
    assert_eq!(t.rows(), [".....", "XXXXX", ".XXXX", ".....", "....."]);

    let mut t = Table::setup(&example_with(
        RuleId::Ggg3,
        Player::White,
        &[],
        &["1-1", "3-1"],
    ));
    t.play(&["W 5-1"]);
    assert_eq!(t.prisoners(), Some([11, 0]));

    let mut t = Table::setup(&example_with(
        RuleId::Ggg2,
        Player::Black,
        &[],
        &["1-1", "3-1"],
    ));
    t.play(&["B 5-1"]);
    assert_eq!(t.rows(), [".....", "XXXXX", ".XXXX", ".....", "....X"]);

    let mut t = Table::setup(&example_with(
        RuleId::Ggg2,
        Player::Black,
        &["1-5", "2-5", "3-5", "4-5"],
        &[],
    ));
    assert_eq!(t.legal_moves(), ["5-5"]);
    t.play(&["B 5-5"]);
    assert_eq!(t.rows(), [".....", ".....", "O....", "OOOOO", ".O.O."]);
}

/// ggg2:example — without passes territory is spent: Black to move makes two one-point eyes
/// on the top row, White runs out of safe moves and must fill its own eyes, and Black
/// captures the whole white group — which in Go (and under ggg1) simply lives.
/// 1. B 3-5 (black liberties 1-5, 2-5, 4-5, 5-5).
/// 2. W 1-1 (White's one safe fill: two eyes left).
/// 3. B 1-5 (black liberties 2-5, 4-5, 5-5). White's legal moves: W 2-5 has no liberty and
///    Black keeps 4-5 and 5-5, so it removes itself (repeat): refused. W 4-5 (liberty 5-5),
///    W 5-5 (liberty 4-5), W 3-1 and W 5-1 (one eye left): {3-1, 4-5, 5-1, 5-5}.
/// 4. W 4-5 (an invasion). Black's legal moves: B 2-5 (black keeps 5-5), B 5-5 (captures
///    4-5, whose neighbours 3-5, 5-5, 4-4 are then all black); in an eye: White keeps the
///    other, refused. {2-5, 5-5}.
/// 5. B 5-5 captures. Black has two eyes, 2-5 and 4-5: a white stone in either has no
///    liberty while black keeps the other (repeat, refused). White's only legal moves are its
///    own eyes: {3-1, 5-1}.
/// 6. W 3-1 (forced self-atari: liberty 5-1 only). Black: {2-5, 4-5, 5-1}.
/// 7. B 5-1 removes the white group: 8 + 1-1 + 3-1 = 10 stones.
#[test]
fn ggg2_example_played_out_white_runs_out_of_safe_moves() {
    let mut t = Table::setup(&example(RuleId::Ggg2, Player::Black));
    t.play(&["B 3-5", "W 1-1", "B 1-5"]);
    assert_eq!(t.legal_moves(), sorted(["3-1", "4-5", "5-1", "5-5"]));
    t.refused_by("W 2-5", "ggg1:3");
    t.play(&["W 4-5"]);
    assert_eq!(t.legal_moves(), sorted(["2-5", "5-5"]));
    t.play(&["B 5-5"]);
    assert_eq!(t.rows(), ["X.X.X", "XXXXX", "OXXXX", "OOOOO", "OO.O."]);
    assert_eq!(t.legal_moves(), sorted(["3-1", "5-1"]));
    t.refused_by("W 4-5", "ggg1:3");
    t.refused_by("W 2-5", "ggg1:3");
    t.refused_by("W pass", "ggg2:2");
    t.play(&["W 3-1"]);
    assert_eq!(t.legal_moves(), sorted(["2-5", "4-5", "5-1"]));
    t.play(&["B 5-1"]);
    assert_eq!(t.rows(), ["X.X.X", "XXXXX", ".XXXX", ".....", "....X"]);
    assert_eq!(t.result(), None, "White still has empty points to play");
    assert_eq!(t.to_move(), Some(Player::White));
}

/// ggg2:example — the same position under version 1, where passing is allowed: neither side
/// can gain (Black cannot enter an eye), both pass, and the score is Go's: Black 9 stones +
/// the top row (5 empty points touching only black) = 14; White 8 stones + 3 eyes = 11.
#[test]
fn ggg2_example_under_version_1_is_scored_like_go() {
    let mut t = Table::setup(&example(RuleId::Ggg1, Player::Black));
    t.play(&["B pass", "W pass"]);
    let result = t.result().unwrap();
    assert_eq!(result.by, EndReason::Score);
    assert_eq!(result.score, Some([int(14), int(11)]));
    assert_eq!(result.winner, Some(Player::Black));
    let g = ggg::example_5x5();
    assert_eq!(ggg::score(&g, Player::Black), 14);
    assert_eq!(ggg::score(&g, Player::White), 11);
}
