//! Hand-worked cases for every clause of General Graph Go (`seeds/000_…txt`), on grids and
//! on odd graphs (torus, Moebius band, complete graph, star, two components). Every expected
//! value is worked out from the rules text in the comment beside it, never read off the code.
//!
//! Boards are named as the builders name them: `x-y` on plane boards (column x from the
//! left, row y from the bottom), `1`..`n` on paths, cycles and complete graphs.

use crate::table;

use std::sync::Arc;

use graphgo::board::Board;
use graphgo::game::clause::Ggg;
use graphgo::game::{Colour, EndReason, Player, RuleId, RuleSet, Turn, Version};
use graphgo::spec::ggg::{self, ColouredGraph, Prisoners, Removed};
use graphgo::variants::Rules;
use imbl::OrdSet;
use table::{diagram, scores, sorted, stones, Table};

/// A coloured graph from a setup (for the clause functions of `ggg` that take one).
fn coloured(setup: &graphgo::game::Setup) -> ColouredGraph {
    ColouredGraph {
        graph: Arc::clone(&setup.board),
        f: setup.initial.iter().copied().collect(),
    }
}

/// The vertices of the named set, as the clause functions give them.
fn set(board: &Board, names: &[&str]) -> OrdSet<usize> {
    names.iter().map(|n| board.vertex(n).unwrap()).collect()
}

// ---------------------------------------------------------------------------------------
// ggg1:0 — equipment: a coloured graph (V, E, f), three colours, null called empty.
// ---------------------------------------------------------------------------------------

/// ggg1:0 — the game is played on the graph and colouring given, and nothing else: a star
/// (centre `c`, leaves `1`..`3`) with the centre black and leaf 1 white is observed exactly
/// so, every other vertex empty (null-coloured).
#[test]
fn ggg1_0_a_coloured_graph_is_the_whole_equipment() {
    let board =
        Board::from_edges(&["c", "1", "2", "3"], &[("c", "1"), ("c", "2"), ("c", "3")]).unwrap();
    let t = Table::setup(&stones(RuleId::Ggg1, board, &["c"], &["1"]));
    assert_eq!(t.stones(Colour::Black), ["c"]);
    assert_eq!(t.stones(Colour::White), ["1"]);
    assert_eq!(t.stones(Colour::Empty), ["2", "3"]);
    assert_eq!(t.to_move(), Some(Player::Black));
}

/// ggg1:0 — f is a function on V: a colouring that does not colour every vertex (or colours
/// vertices the graph does not have) is not a coloured graph, and no game starts from it.
#[test]
fn ggg1_0_a_colouring_must_cover_exactly_v() {
    let mut setup = graphgo::game::Setup::new(RuleId::Ggg1, Board::path(3).unwrap());
    setup.initial.pop();
    assert!(
        Rules.start(&setup).is_err(),
        "a 2-colouring of a 3-vertex path"
    );
    setup.initial.extend([Colour::Empty, Colour::Empty]);
    assert!(
        Rules.start(&setup).is_err(),
        "a 4-colouring of a 3-vertex path"
    );
}

// ---------------------------------------------------------------------------------------
// ggg1:1 — the relation ~, groups, liberties.
// ---------------------------------------------------------------------------------------

/// ggg1:1 — on the 3x3 grid
/// ```text
///   X X .      row 3
///   . O X      row 2
///   X . .      row 1
/// ```
/// u ~ v needs the same colour AND an edge: 1-3 ~ 2-3 (black, adjacent); not 1-3 ~ 1-2
/// (adjacent, different colours); not 1-3 ~ 1-1 (both black, no edge).
/// Groups (classes of the reflexive transitive closure), empty ones included:
/// black {1-3, 2-3}, {3-2}, {1-1}; white {2-2}; empty {3-3}, {1-2}, {2-1, 3-1} — seven
/// classes that partition the nine vertices.
/// Liberties (empty vertices adjacent to the group): {1-3, 2-3}: 1-2 (by 1-3) and 3-3 (by
/// 2-3); {2-2}: 1-2 and 2-1 (3-2 and 2-3 are black); {3-2}: 3-3 and 3-1; {1-1}: 1-2 and
/// 2-1. An empty group has no liberties (the text gives liberties to black or white groups).
#[test]
fn ggg1_1_relation_groups_and_liberties_on_a_grid() {
    let setup = diagram(
        RuleId::Ggg1,
        Board::grid(3, 3).unwrap(),
        &["XX.", ".OX", "X.."],
    );
    let g = coloured(&setup);
    let b = &*setup.board;
    let v = |n: &str| b.vertex(n).unwrap();
    assert!(ggg::related(&g, v("1-3"), v("2-3")));
    assert!(!ggg::related(&g, v("1-3"), v("1-2")));
    assert!(!ggg::related(&g, v("1-3"), v("1-1")));

    let mut classes: Vec<OrdSet<usize>> = ggg::groups(&g);
    classes.sort();
    let mut expected = vec![
        set(b, &["1-3", "2-3"]),
        set(b, &["3-2"]),
        set(b, &["1-1"]),
        set(b, &["2-2"]),
        set(b, &["3-3"]),
        set(b, &["1-2"]),
        set(b, &["2-1", "3-1"]),
    ];
    expected.sort();
    assert_eq!(classes, expected);
    assert_eq!(ggg::group(&g, v("2-3")), set(b, &["1-3", "2-3"]));

    let libs = |n: &str| ggg::liberties(&g, &ggg::group(&g, v(n)));
    assert_eq!(libs("1-3"), set(b, &["1-2", "3-3"]));
    assert_eq!(libs("2-2"), set(b, &["1-2", "2-1"]));
    assert_eq!(libs("3-2"), set(b, &["3-3", "3-1"]));
    assert_eq!(libs("1-1"), set(b, &["1-2", "2-1"]));
    assert!(libs("3-1").is_empty(), "an empty group has no liberties");
}

/// ggg1:1 — groups follow the edges of the graph, not the picture: on the 4x3 torus 1-2 and
/// 4-2 are joined across the seam, so black stones there are one group, with the six
/// liberties 2-2, 1-1, 1-3 (of 1-2) and 3-2, 4-1, 4-3 (of 4-2). On the 4x3 Moebius band
/// the twisted seam joins 4-1 to 1-3 (not to 1-1): black on 4-1 and 1-3 is one group,
/// black on 4-1 and 1-1 two.
#[test]
fn ggg1_1_groups_across_a_torus_seam_and_a_moebius_twist() {
    let setup = stones(
        RuleId::Ggg1,
        Board::torus(4, 3).unwrap(),
        &["1-2", "4-2"],
        &[],
    );
    let g = coloured(&setup);
    let b = &*setup.board;
    let grp = ggg::group(&g, b.vertex("1-2").unwrap());
    assert_eq!(grp, set(b, &["1-2", "4-2"]));
    assert_eq!(
        ggg::liberties(&g, &grp),
        set(b, &["2-2", "1-1", "1-3", "3-2", "4-1", "4-3"])
    );

    let joined = stones(
        RuleId::Ggg1,
        Board::moebius(4, 3).unwrap(),
        &["4-1", "1-3"],
        &[],
    );
    let g = coloured(&joined);
    let b = &*joined.board;
    assert_eq!(
        ggg::group(&g, b.vertex("4-1").unwrap()),
        set(b, &["4-1", "1-3"])
    );
    let apart = stones(
        RuleId::Ggg1,
        Board::moebius(4, 3).unwrap(),
        &["4-1", "1-1"],
        &[],
    );
    let g = coloured(&apart);
    assert_eq!(ggg::group(&g, b.vertex("4-1").unwrap()), set(b, &["4-1"]));
}

// ---------------------------------------------------------------------------------------
// ggg1:2 — turns and moves.
// ---------------------------------------------------------------------------------------

/// ggg1:2 — Black starts and the players alternate: White may not take the first turn, and
/// Black may not take two in a row (clause ggg1:2, "wrong player").
#[test]
fn ggg1_2_black_starts_and_players_alternate() {
    let mut t = Table::setup(&stones(RuleId::Ggg1, Board::grid(3, 3).unwrap(), &[], &[]));
    t.refused_by("W 2-2", "ggg1:2");
    t.refused_by("W pass", "ggg1:2");
    t.play(&["B 2-2"]);
    assert_eq!(t.to_move(), Some(Player::White));
    t.refused_by("B 1-1", "ggg1:2");
    t.play(&["W 1-1", "B pass"]);
    assert_eq!(t.to_move(), Some(Player::White));
}

/// ggg1:2 — a move colours an EMPTY vertex: a stone of either colour cannot be played on.
#[test]
fn ggg1_2_a_move_colours_an_empty_vertex() {
    let mut t = Table::setup(&stones(
        RuleId::Ggg1,
        Board::path(3).unwrap(),
        &["1"],
        &["3"],
    ));
    t.refused_by("B 1", "ggg1:2");
    t.refused_by("B 3", "ggg1:2");
    t.play(&["B 2"]);
    // B 2 left white 3 without liberties (its only neighbour is 2): it was removed.
    assert_eq!(t.stones(Colour::Black), ["1", "2"]);
    assert_eq!(t.stones(Colour::White), Vec::<String>::new());
}

/// ggg1:2 — a move colours a vertex of V: a turn naming an index past the board is refused
/// (by the transcription and by the engine alike), never a panic, and changes nothing.
#[test]
fn ggg1_2_a_move_off_the_board_is_refused() {
    use graphgo::engine::Engine;
    use graphgo::game::Setup;
    for rules in [&Rules as &dyn RuleSet, &Engine] {
        let mut game = rules
            .start(&Setup::new(RuleId::Ggg1, Board::path(2).unwrap()))
            .unwrap();
        let before = game.observe();
        let refusal = game
            .play(&Turn::Move {
                player: Player::Black,
                at: 5,
            })
            .unwrap_err();
        assert_eq!(refusal.clause.id(), "ggg1:2", "{}", rules.name());
        assert_eq!(game.observe(), before, "{}", rules.name());
    }
}

/// ggg1:2 — a turn is a move, a pass or a resignation: on a single vertex a black stone has
/// no liberty and removes itself, giving back the empty colouring (refused by ggg1:3), so
/// Black's legal turns are exactly pass and resign.
#[test]
fn ggg1_2_a_turn_is_a_move_a_pass_or_a_resignation() {
    let t = Table::setup(&stones(RuleId::Ggg1, Board::path(1).unwrap(), &[], &[]));
    assert_eq!(
        t.game.legal_turns(),
        [
            Turn::Pass {
                player: Player::Black
            },
            Turn::Resign {
                player: Player::Black
            }
        ]
    );
    let t = Table::setup(&stones(RuleId::Ggg1, Board::path(2).unwrap(), &[], &[]));
    // On two vertices either move leaves the stone a liberty: both are legal, and so are
    // pass and resign.
    assert_eq!(t.legal_moves(), ["1", "2"]);
    assert!(t.may_pass() && t.may_resign());
}

/// ggg1:2 — single capture on a grid: white 2-2 is surrounded on three sides; B 2-1 takes
/// its last liberty and it is null-coloured.
/// ```text
///   . X .        . X .
///   X O X  B2-1  X . X
///   . . .        . X .
/// ```
#[test]
fn ggg1_2_single_capture_on_a_grid() {
    let mut t = Table::setup(&diagram(
        RuleId::Ggg1,
        Board::grid(3, 3).unwrap(),
        &[".X.", "XOX", "..."],
    ));
    t.play(&["B 2-1"]);
    assert_eq!(t.rows(), [".X.", "X.X", ".X."]);
}

/// ggg1:2 — one move removes every opponent group left without liberties: white 1-1 (libs
/// 2-1 only, 1-2 is black) and white 3-1 (libs 2-1 only) are two groups; B 2-1 removes both.
/// ```text
///   . . .        . . .
///   X . X  B2-1  X . X
///   O . O        . X .
/// ```
#[test]
fn ggg1_2_multi_group_capture() {
    let mut t = Table::setup(&diagram(
        RuleId::Ggg1,
        Board::grid(3, 3).unwrap(),
        &["...", "X.X", "O.O"],
    ));
    t.play(&["B 2-1"]);
    assert_eq!(t.rows(), ["...", "X.X", ".X."]);
}

/// ggg1:2 — the opponent's groups go first, then the mover's own: on the path `O . O` the
/// black stone at 2 has no liberty when placed, but both white stones lose their only
/// liberty first and are removed, after which black 2 has liberties 1 and 3 and stays.
/// The function `make_move` reports 2 white and 0 black vertices removed.
#[test]
fn ggg1_2_opponent_removed_before_own() {
    let setup = stones(RuleId::Ggg1, Board::path(3).unwrap(), &[], &["1", "3"]);
    let ggg::Move { after, removed, .. } = ggg::make_move(&coloured(&setup), Player::Black, 1);
    assert_eq!(
        after.f.iter().copied().collect::<Vec<_>>(),
        [Colour::Empty, Colour::Black, Colour::Empty]
    );
    assert_eq!(removed, Removed { black: 0, white: 2 });
    let mut t = Table::setup(&setup);
    t.play(&["B 2"]);
    assert_eq!(t.stones(Colour::Black), ["2"]);
}

/// ggg1:2 — on the complete graph K4 (every two vertices adjacent) with white 1 and black 2,
/// B 3 makes black {2, 3} with the one liberty 4, white {1} also has only 4. W 4 fills it:
/// black {2, 3} has none and goes first; white {1, 4} then has liberties 2 and 3 and stays.
#[test]
fn ggg1_2_capture_on_a_complete_graph() {
    let mut t = Table::setup(&stones(
        RuleId::Ggg1,
        Board::complete(4).unwrap(),
        &["2"],
        &["1"],
    ));
    t.play(&["B 3", "W 4"]);
    assert_eq!(t.stones(Colour::White), ["1", "4"]);
    assert_eq!(t.stones(Colour::Black), Vec::<String>::new());
}

/// ggg1:2 — capture across a torus seam: on the 4x4 torus white 1-1 has the four neighbours
/// 2-1, 1-2 and, across the seams, 4-1 and 1-4. With black on three of them its last liberty
/// is 4-1; B 4-1 removes it. (On a plain grid 1-1 is a corner with two neighbours.)
#[test]
fn ggg1_2_capture_across_a_torus_seam() {
    let setup = stones(
        RuleId::Ggg1,
        Board::torus(4, 4).unwrap(),
        &["2-1", "1-2", "1-4"],
        &["1-1"],
    );
    let g = coloured(&setup);
    let b = &*setup.board;
    let white = ggg::group(&g, b.vertex("1-1").unwrap());
    assert_eq!(ggg::liberties(&g, &white), set(b, &["4-1"]));
    let mut t = Table::setup(&setup);
    t.play(&["B 4-1"]);
    assert_eq!(t.colour("1-1"), Colour::Empty);
    assert_eq!(
        t.stones(Colour::Black),
        sorted(["2-1", "1-2", "1-4", "4-1"])
    );
}

/// ggg1:2 — capture across the Moebius twist: on the 4x3 band white 1-3 has neighbours 2-3,
/// 1-2 and (twisted seam, (4, y) to (1, 4 - y)) 4-1. Black on 2-3 and 1-2, then B 4-1
/// removes it.
#[test]
fn ggg1_2_capture_across_a_moebius_twist() {
    let mut t = Table::setup(&stones(
        RuleId::Ggg1,
        Board::moebius(4, 3).unwrap(),
        &["2-3", "1-2"],
        &["1-3"],
    ));
    t.play(&["B 4-1"]);
    assert_eq!(t.colour("1-3"), Colour::Empty);
    assert_eq!(t.stones(Colour::Black), sorted(["2-3", "1-2", "4-1"]));
}

/// ggg1:2 — a capture in one component of a two-component graph leaves the other alone:
/// components a-b and d-e; white on b and on d. B a takes b's only liberty; white d keeps
/// its liberty e.
#[test]
fn ggg1_2_capture_in_one_of_two_components() {
    let board = Board::from_edges(&["a", "b", "d", "e"], &[("a", "b"), ("d", "e")]).unwrap();
    let mut t = Table::setup(&stones(RuleId::Ggg1, board, &[], &["b", "d"]));
    t.play(&["B a"]);
    assert_eq!(t.stones(Colour::Black), ["a"]);
    assert_eq!(t.stones(Colour::White), ["d"]);
}

/// ggg1:2 — a move removes ALL the opponent's groups with no liberties, then ALL the
/// mover's, wherever they are, not only those next to the new stone. A setup may hold
/// groups without liberties (ggg1:0 allows any colouring): here the edge a-b carries black
/// a and white b, each without a liberty, beside the empty edge d-e.
/// - B d: white b has no liberty and goes; then black a has liberty b and stays: a, d black.
/// - W d instead: black a goes first; white b then has liberty a and stays: b, d white.
/// - With black on an isolated vertex g (no neighbour, so never a liberty), B d removes
///   black g as one of Black's own groups without liberties: only d is left.
#[test]
fn ggg1_2_every_group_without_liberties_is_removed() {
    let board =
        || Board::from_edges(&["a", "b", "d", "e", "g"], &[("a", "b"), ("d", "e")]).unwrap();
    let mut t = Table::setup(&stones(RuleId::Ggg1, board(), &["a"], &["b"]));
    t.play(&["B d"]);
    assert_eq!(t.stones(Colour::Black), ["a", "d"]);
    assert_eq!(t.stones(Colour::White), Vec::<String>::new());

    let mut setup = stones(RuleId::Ggg1, board(), &["a"], &["b"]);
    setup.to_move = Player::White;
    let mut t = Table::setup(&setup);
    t.play(&["W d"]);
    assert_eq!(t.stones(Colour::White), ["b", "d"]);
    assert_eq!(t.stones(Colour::Black), Vec::<String>::new());

    let mut t = Table::setup(&stones(RuleId::Ggg1, board(), &["g"], &[]));
    t.play(&["B d"]);
    assert_eq!(t.stones(Colour::Black), ["d"]);
}

/// ggg1:2 — on a star (centre c, leaves 1, 2, 3) after B c a white stone on a leaf has no
/// liberty (its one neighbour is black) while black c keeps the other leaves: the white stone
/// removes itself and the colouring is unchanged (refused, ggg1:3); White can only pass.
/// Black fills leaves 1 and 2: black {c, 1, 2} has the one liberty 3. W 3 now takes it:
/// black's three stones go first, and white 3 (neighbour c now empty) stays.
#[test]
fn ggg1_2_star_centre_captured_through_its_last_leaf() {
    let board =
        Board::from_edges(&["c", "1", "2", "3"], &[("c", "1"), ("c", "2"), ("c", "3")]).unwrap();
    let mut t = Table::setup(&stones(RuleId::Ggg1, board, &[], &[]));
    t.play(&["B c"]);
    assert_eq!(t.legal_moves(), Vec::<String>::new());
    t.refused_by("W 1", "ggg1:3");
    t.play(&["W pass", "B 1", "W pass", "B 2"]);
    assert_eq!(t.legal_moves(), ["3"]);
    t.play(&["W 3"]);
    assert_eq!(t.stones(Colour::White), ["3"]);
    assert_eq!(t.stones(Colour::Black), Vec::<String>::new());
}

/// ggg1:2 — self-capture that changes the position is legal: on the path `X . O .` B 2
/// makes black {1, 2} whose neighbours are only 3 (white): no liberty. White {3} keeps
/// liberty 4, so no white group goes; then black {1, 2} is removed. The result `. . O .`
/// never occurred, so ggg1:3 does not refuse it.
#[test]
fn ggg1_2_self_capture_of_a_group_is_legal() {
    let mut t = Table::setup(&stones(
        RuleId::Ggg1,
        Board::path(4).unwrap(),
        &["1"],
        &["3"],
    ));
    assert!(t.legal_moves().contains(&"2".to_string()));
    t.play(&["B 2"]);
    assert_eq!(t.stones(Colour::Black), Vec::<String>::new());
    assert_eq!(t.stones(Colour::White), ["3"]);
}

// ---------------------------------------------------------------------------------------
// ggg1:3 — positional superko.
// ---------------------------------------------------------------------------------------

/// ggg1:3 — a single-stone self-capture gives back the colouring it started from: on the
/// path `. O .` a black stone at 1 has no liberty, white 2 keeps liberty 3, black 1 is
/// removed: `. O .` again — a colouring that occurred (it is the current one). Refused.
#[test]
fn ggg1_3_single_stone_self_capture_is_refused() {
    let mut t = Table::setup(&stones(RuleId::Ggg1, Board::path(3).unwrap(), &[], &["2"]));
    t.refused_by("B 1", "ggg1:3");
    t.refused_by("B 3", "ggg1:3");
    assert_eq!(t.legal_moves(), Vec::<String>::new());
}

/// ggg1:3 — a ko cycle on the 1x3 board, from the empty board:
/// B 1-1 `X . .`, W 3-1 `X . O`, B 2-1 (white 3-1 loses its only liberty and goes first;
/// black {1-1, 2-1} then has liberty 3-1) `X X .`, W 3-1 (black {1-1, 2-1} has no liberty
/// and goes; white 3-1 has 2-1) `. . O`. Now B 1-1 would give `X . O`, the colouring after
/// the second move: refused. B 2-1 (captures white 3-1, `. X .`) is new and allowed.
#[test]
fn ggg1_3_ko_cycle_refused_on_1x3() {
    let mut t = Table::setup(&stones(RuleId::Ggg1, Board::grid(3, 1).unwrap(), &[], &[]));
    t.play(&["B 1-1", "W 3-1", "B 2-1"]);
    assert_eq!(t.rows(), ["XX."]);
    t.play(&["W 3-1"]);
    assert_eq!(t.rows(), ["..O"]);
    t.refused_by("B 1-1", "ggg1:3");
    assert_eq!(t.legal_moves(), ["2-1"]);
    t.play(&["B 2-1"]);
    assert_eq!(t.rows(), [".X."]);
}

/// ggg1:3 — a cycle on the 2x2 board (a 4-cycle: a=1-1, b=2-1, c=1-2, d=2-2; edges a-b,
/// a-c, b-d, c-d), from the empty board:
/// - 1: B a gives `Ba`; 2: W d gives `Ba Wd`;
/// - 3: B b: black {a, b} (liberty c), white d (liberty c);
/// - 4: W c: black {a, b} has no liberty and goes: `Wcd`;
/// - 5: B a: black a (liberty b), white {c, d} (liberty b): `Ba Wcd`;
/// - 6: W b: white {b, c, d}; black a has no liberty and goes: `Wbcd`;
/// - 7: B a would take the last liberty of white {b, c, d}, removing it: `Ba`, the
///   colouring after move 1. Refused.
#[test]
fn ggg1_3_cycle_refused_on_2x2() {
    let mut t = Table::setup(&stones(RuleId::Ggg1, Board::grid(2, 2).unwrap(), &[], &[]));
    t.play(&["B 1-1", "W 2-2", "B 2-1", "W 1-2"]);
    assert_eq!(t.rows(), ["OO", ".."]);
    t.play(&["B 1-1", "W 2-1"]);
    assert_eq!(t.rows(), ["OO", ".O"]);
    t.refused_by("B 1-1", "ggg1:3");
    // Nothing else is empty: Black may only pass or resign.
    assert_eq!(t.legal_moves(), Vec::<String>::new());
}

// ---------------------------------------------------------------------------------------
// ggg1:4 — end and score.
// ---------------------------------------------------------------------------------------

/// ggg1:4 — two consecutive passes end the game, and the score is counted:
/// ```text
///   . X O
///   X X O
///   . X O
/// ```
/// Black has 4 stones; the empty groups {1-3} and {1-1} touch only black, so they count for
/// Black (no white neighbour) and not for White: Black 4 + 2 = 6, White 3 + 0 = 3. Black wins.
#[test]
fn ggg1_4_two_passes_end_the_game_and_score_it() {
    let mut t = Table::setup(&diagram(
        RuleId::Ggg1,
        Board::grid(3, 3).unwrap(),
        &[".XO", "XXO", ".XO"],
    ));
    t.play(&["B pass"]);
    assert_eq!(t.result(), None, "one pass does not end the game");
    t.play(&["W pass"]);
    let result = t.result().expect("two passes end the game");
    assert_eq!(result.by, EndReason::Score);
    assert_eq!(result.score, scores(6, 3));
    assert_eq!(result.winner, Some(Player::Black));
    assert_eq!(t.to_move(), None);
}

/// ggg1:4 — the passes must be consecutive: pass, move, pass does not end the game.
#[test]
fn ggg1_4_passes_must_be_consecutive() {
    let mut t = Table::setup(&stones(RuleId::Ggg1, Board::grid(3, 3).unwrap(), &[], &[]));
    t.play(&["B pass", "W 2-2", "B pass"]);
    assert_eq!(t.result(), None);
    t.play(&["W pass"]);
    assert!(t.result().is_some());
}

/// ggg1:4 — equal scores: on the 1x3 board `X . O` the empty 2-1 touches both colours and
/// counts for neither: Black 1, White 1, no winner.
#[test]
fn ggg1_4_equal_scores_are_a_draw() {
    let t = Table::record(
        "rules: ggg1\nboard: {grid: [3, 1]}\nmoves: [B 1-1, W 3-1, B pass, W pass]\n",
    );
    let result = t.result().unwrap();
    assert_eq!(result.score, scores(1, 1));
    assert_eq!(result.winner, None);
}

/// ggg1:4 — a resignation ends the game at once and the resigner loses, whatever the score:
/// in the 6-3 position above Black resigns and White wins.
#[test]
fn ggg1_4_resigner_loses() {
    let mut t = Table::setup(&diagram(
        RuleId::Ggg1,
        Board::grid(3, 3).unwrap(),
        &[".XO", "XXO", ".XO"],
    ));
    t.play(&["B resign"]);
    let result = t.result().unwrap();
    assert_eq!(result.by, EndReason::Resignation);
    assert_eq!(result.winner, Some(Player::White));
}

/// ggg1:4 — after the end nothing more is played: every turn is refused by ggg1:4 and the
/// list of legal turns is empty.
#[test]
fn ggg1_4_no_turn_after_the_end() {
    let mut t = Table::record("rules: ggg1\nboard: {grid: [2, 2]}\nmoves: [B pass, W pass]\n");
    assert_eq!(t.game.legal_turns(), Vec::<Turn>::new());
    t.refused_by("B 1-1", "ggg1:4");
    t.refused_by("B pass", "ggg1:4");
    t.refused_by("W resign", "ggg1:4");
    let mut t = Table::record("rules: ggg1\nboard: {grid: [2, 2]}\nmoves: [B 1-1, W resign]\n");
    t.refused_by("B 2-2", "ggg1:4");
}

/// ggg1:4 — the score function itself, on a star with black centre and white leaf 1: Black
/// has 1 stone; leaves 2 and 3 are separate empty groups touching only black c: Black 3.
/// White has 1 stone and no territory (2 and 3 touch black): White 1.
#[test]
fn ggg1_4_score_on_a_star() {
    let board =
        Board::from_edges(&["c", "1", "2", "3"], &[("c", "1"), ("c", "2"), ("c", "3")]).unwrap();
    let g = coloured(&stones(RuleId::Ggg1, board, &["c"], &["1"]));
    assert_eq!(ggg::score(&g, Player::Black), 3);
    assert_eq!(ggg::score(&g, Player::White), 1);
}

// ---------------------------------------------------------------------------------------
// ggg2:2 and ggg2:4 — version 2: no passing; the player who cannot move loses.
// ---------------------------------------------------------------------------------------

/// ggg2:2 — a turn is a move or a resignation: passing is refused (ggg2:2) for either player
/// and is not among the legal turns; resigning is.
#[test]
fn ggg2_2_no_passing() {
    let mut t = Table::setup(&stones(RuleId::Ggg2, Board::grid(3, 3).unwrap(), &[], &[]));
    t.refused_by("B pass", "ggg2:2");
    assert!(!t.may_pass());
    assert!(t.may_resign());
    t.play(&["B 2-2"]);
    t.refused_by("W pass", "ggg2:2");
}

/// ggg2:4 — on a single vertex Black's only move removes itself and gives back the empty
/// colouring (ggg1:3): Black is unable to make a move before the first turn and loses.
#[test]
fn ggg2_4_no_move_on_a_single_vertex_loses_at_once() {
    let mut t = Table::setup(&stones(RuleId::Ggg2, Board::path(1).unwrap(), &[], &[]));
    let result = t.result().expect("the game is over before it starts");
    assert_eq!(result.by, EndReason::NoMove);
    assert_eq!(result.winner, Some(Player::White));
    t.refused_by("B 1", "ggg2:4");
}

/// ggg2:4 — on the path 1-2: B 1 (`X .`); White's only move W 2 takes black 1's only
/// liberty, black 1 goes first and white 2 keeps liberty 1 (`. O`). Black's only empty
/// vertex is 1: B 1 would remove white 2 and give `X .`, the colouring after move 1 (ggg1:3).
/// Black cannot move and loses.
#[test]
fn ggg2_4_player_with_no_legal_move_loses() {
    let mut t = Table::setup(&stones(RuleId::Ggg2, Board::path(2).unwrap(), &[], &[]));
    t.play(&["B 1"]);
    assert_eq!(t.legal_moves(), ["2"]);
    t.play(&["W 2"]);
    assert_eq!(t.stones(Colour::White), ["2"]);
    let result = t.result().expect("Black cannot move");
    assert_eq!(result.by, EndReason::NoMove);
    assert_eq!(result.winner, Some(Player::White));
    assert_eq!(result.score, None, "version 2 has no score");
    t.refused_by("B 1", "ggg2:4");
    t.refused_by("B resign", "ggg2:4");
}

/// ggg2:4 — a resignation ends a version-2 game; the resigner loses.
#[test]
fn ggg2_4_resigner_loses() {
    let t = Table::record("rules: ggg2\nboard: {grid: [3, 3]}\nmoves: [B 2-2, W resign]\n");
    let result = t.result().unwrap();
    assert_eq!(result.by, EndReason::Resignation);
    assert_eq!(result.winner, Some(Player::Black));
}

// ---------------------------------------------------------------------------------------
// ggg3 — prisoners.
// ---------------------------------------------------------------------------------------

/// ggg3:0 — the game carries the two non-negative integers P (Black's prisoners) and Q
/// (White's) from its setup; versions 1 and 2 carry none.
#[test]
fn ggg3_0_prisoner_counts_are_part_of_the_game() {
    let t = Table::record("rules: ggg3\nboard: {path: 3}\nprisoners: {black: 3, white: 5}\n");
    assert_eq!(t.prisoners(), Some([3, 5]));
    let t = Table::record("rules: ggg3\nboard: {path: 3}\n");
    assert_eq!(t.prisoners(), Some([0, 0]));
    let t = Table::record("rules: ggg1\nboard: {path: 3}\n");
    assert_eq!(t.prisoners(), None);
}

/// ggg3:2 — removing white groups adds their size to P: on the path `O . O` B 2 removes two
/// white groups of one vertex each: P = 0 + 2, Q unchanged.
#[test]
fn ggg3_2_capture_adds_to_the_capturer() {
    let mut t = Table::setup(&stones(
        RuleId::Ggg3,
        Board::path(3).unwrap(),
        &[],
        &["1", "3"],
    ));
    t.play(&["B 2"]);
    assert_eq!(t.prisoners(), Some([2, 0]));
    assert_eq!(
        ggg::count_prisoners(Prisoners { p: 4, q: 1 }, Removed { black: 0, white: 2 }),
        Prisoners { p: 6, q: 1 }
    );
}

/// ggg3:2 — a self-capture pays the opponent: on the path `X . O .` B 2 removes black
/// {1, 2} (no liberty; white 3 keeps 4): a black group of 2 vertices adds 2 to Q.
#[test]
fn ggg3_2_self_capture_counts_for_the_opponent() {
    let mut t = Table::setup(&stones(
        RuleId::Ggg3,
        Board::path(4).unwrap(),
        &["1"],
        &["3"],
    ));
    t.play(&["B 2"]);
    assert_eq!(t.prisoners(), Some([0, 2]));
    assert_eq!(
        ggg::count_prisoners(Prisoners::default(), Removed { black: 2, white: 0 }),
        Prisoners { p: 0, q: 2 }
    );
}

/// ggg3:2 — a pass spends one of the passer's own prisoners (P for Black, Q for White) and
/// is refused at zero. With P = 1, Q = 0: B pass makes P = 0; W pass is refused (Q = 0);
/// then W 2-2, and B pass is refused too (P = 0).
#[test]
fn ggg3_2_pass_spends_a_prisoner_and_is_refused_at_zero() {
    let mut t = Table::record("rules: ggg3\nboard: {grid: [3, 3]}\nprisoners: {black: 1}\n");
    assert!(t.may_pass());
    t.play(&["B pass"]);
    assert_eq!(t.prisoners(), Some([0, 0]));
    assert!(!t.may_pass());
    t.refused_by("W pass", "ggg3:2");
    t.play(&["W 2-2"]);
    t.refused_by("B pass", "ggg3:2");
    assert_eq!(
        ggg::pay_for_pass(Prisoners { p: 0, q: 3 }, Player::Black),
        None
    );
    assert_eq!(
        ggg::pay_for_pass(Prisoners { p: 0, q: 3 }, Player::White),
        Some(Prisoners { p: 0, q: 2 })
    );
}

/// ggg3:2 / ggg3:4 — two passes in a row do not end a version-3 game (only "unable to make a
/// move" or a resignation does): with P = Q = 1, B pass, W pass leaves Black to move, 0-0.
#[test]
fn ggg3_2_two_passes_do_not_end_the_game() {
    let mut t =
        Table::record("rules: ggg3\nboard: {grid: [3, 3]}\nprisoners: {black: 1, white: 1}\n");
    t.play(&["B pass", "W pass"]);
    assert_eq!(t.result(), None);
    assert_eq!(t.to_move(), Some(Player::Black));
    assert_eq!(t.prisoners(), Some([0, 0]));
}

/// ggg3:3 — superko refuses a move that repeats a colouring: on the path `. O . .` B 1 has
/// no liberty, white 2 keeps 3, B 1 removes itself and gives the current colouring again:
/// refused under ggg3:3. A pass is not a move, so a pass that leaves the colouring
/// unchanged is never refused by it (Black has P = 2 and passes twice around White's pass).
#[test]
fn ggg3_3_superko_on_moves_not_on_passes() {
    let mut t = Table::setup(&{
        let mut s = stones(RuleId::Ggg3, Board::path(4).unwrap(), &[], &["2"]);
        s.prisoners = [2, 1];
        s
    });
    t.refused_by("B 1", "ggg3:3");
    t.play(&["B pass", "W pass", "B pass"]);
    assert_eq!(t.prisoners(), Some([0, 0]));
    // The rule version 3 states for moves only, and the rule of versions 1 and 2.
    assert_eq!(ggg::repetition_rule(Version::V3), Ggg::V3R3);
    assert_eq!(ggg::repetition_rule(Version::V2), Ggg::V1R3);
}

/// ggg3:4 — the player unable to make a move loses: the path 1-2 under ggg3, as in version 2
/// (B 1, W 2 captures, B 1 would repeat `X .`): Black has no move and no prisoner (P = 0;
/// W 2 removed a black vertex, which counts in Q = 1): White wins.
#[test]
fn ggg3_4_no_move_loses() {
    let mut t = Table::record("rules: ggg3\nboard: {path: 2}\nmoves: [B 1, W 2]\n");
    assert_eq!(t.prisoners(), Some([0, 1]));
    let result = t.result().expect("Black cannot move");
    assert_eq!(result.by, EndReason::NoMove);
    assert_eq!(result.winner, Some(Player::White));
    assert_eq!(result.score, None, "version 3 has no score");
    t.refused_by("B pass", "ggg3:4");
}

/// ggg3:4 — a resignation ends a version-3 game; the resigner loses; then turns are refused
/// by ggg3:4.
#[test]
fn ggg3_4_resigner_loses() {
    let mut t = Table::record("rules: ggg3\nboard: {grid: [3, 3]}\nmoves: [B resign]\n");
    let result = t.result().unwrap();
    assert_eq!(result.by, EndReason::Resignation);
    assert_eq!(result.winner, Some(Player::White));
    t.refused_by("W 1-1", "ggg3:4");
}

// ---------------------------------------------------------------------------------------
// The source's turn, arm by arm: `ggg::turn` and `ggg::end` asked directly (no options, no
// fast path), each arm reached by a hand-worked position.
// ---------------------------------------------------------------------------------------

/// Every arm of `ggg::turn` (and of `ggg::end`, which it asks) reached once, with the
/// clause each refusal names and the game each accepted turn gives, worked by hand:
/// - ggg1:2 — on the path 1-2-3, `W 1` out of turn, a move on vertex 9 (not on the board),
///   and after `B 2` the move `W 2` on a stone; a ko action is no turn of this game;
/// - ggg1:2 then ggg1:4 — `B 2`, `W pass`, `B pass`: the game ends by score, Black 3 (the
///   stone and the empty ends 1 and 3, which touch no white) to White 0; a further turn
///   is refused by ggg1:4;
/// - ggg1:3 — on a single vertex `B 1` removes itself and gives the empty colouring again;
/// - ggg1:4 — `B resign` at once: White wins, both scores counted (3 and 3: the empty
///   path is one empty group with no neighbour of either colour, reading 1);
/// - ggg2:2 — a pass under version 2; ggg2:4 — on a single vertex Black has no move, so the
///   version 2 game is over at the start, White the winner;
/// - ggg3:2 — on the path 1-2 with P = 1, Q = 0: `B pass` pays P down to 0, `W pass` is
///   refused (Q = 0); then `W 1`, `B 2` captures White's stone (P = 1);
/// - ggg3:3 — on the path 1-2-3-4 with White on 2 and P = 1, `B 1` would remove itself and
///   repeat the colouring; the pass that repeats it is allowed;
/// - ggg3:4 — `B resign` ends a version 3 game, White the winner and no score.
#[test]
fn the_turn_reaches_every_arm() {
    use graphgo::game::{GameResult, Illegal, Setup};
    let start = |setup: &Setup| ggg::start(setup).expect("the setup starts").state;
    let refusal = |state: &ggg::State, turn: Turn| -> Illegal {
        ggg::turn(state, &turn).expect_err("the turn is refused")
    };
    // A move's refusal (the clause that refuses it), and the state after an accepted move.
    let refused_move =
        |state: &ggg::State, player, at| refusal(state, Turn::Move { player, at }).clause.id();
    let moved = |state: &ggg::State, player, at| {
        ggg::turn(state, &Turn::Move { player, at })
            .expect("the move is accepted")
            .state
    };
    let (black, white) = (Player::Black, Player::White);

    // ggg1:2 — who may take a turn, and where a move may go.
    let path3 = stones(RuleId::Ggg1, Board::path(3).unwrap(), &[], &[]);
    let s = start(&path3);
    assert_eq!(refused_move(&s, white, 0), "ggg1:2");
    assert_eq!(refused_move(&s, black, 9), "ggg1:2");
    let s = moved(&s, black, 1);
    assert_eq!(s.to_move, white);
    assert_eq!(refused_move(&s, white, 1), "ggg1:2");
    // The two refusals of a move say which rule of ggg1:2 it breaks: the vertex is not in
    // V, or it is not empty (the path's vertices are named 1, 2, 3: index 1 is `2`).
    let reason = |state: &ggg::State, player, at| refusal(state, Turn::Move { player, at }).reason;
    assert_eq!(
        reason(&start(&path3), black, 9),
        "vertex 9 is not on the board"
    );
    assert_eq!(
        reason(&s, white, 1),
        "2 is not empty: a move colours an empty vertex"
    );
    assert_eq!(
        refusal(&s, Turn::DeleteHistory { player: white })
            .clause
            .id(),
        "ggg1:2"
    );
    // ggg1:2, ggg1:4 — two passes end the game by score.
    let s = ggg::turn(&s, &Turn::Pass { player: white }).unwrap().state;
    assert_eq!(s.result, None);
    let s = ggg::turn(&s, &Turn::Pass { player: black }).unwrap().state;
    assert_eq!(
        s.result,
        Some(GameResult {
            winner: Some(black),
            by: EndReason::Score,
            score: scores(3, 0),
        })
    );
    assert_eq!(
        refusal(&s, Turn::Pass { player: white }).clause.id(),
        "ggg1:4"
    );
    // ggg1:4 — resigning.
    let s = ggg::turn(&start(&path3), &Turn::Resign { player: black })
        .unwrap()
        .state;
    assert_eq!(
        s.result,
        Some(GameResult {
            winner: Some(white),
            by: EndReason::Resignation,
            score: scores(3, 3),
        })
    );
    // ggg1:3 — the lone stone that removes itself.
    let single = |rules| stones(rules, Board::path(1).unwrap(), &[], &[]);
    let s = start(&single(RuleId::Ggg1));
    assert_eq!(refused_move(&s, black, 0), "ggg1:3");

    // ggg2:2, ggg2:4.
    let s = start(&stones(RuleId::Ggg2, Board::path(3).unwrap(), &[], &[]));
    assert_eq!(s.result, None);
    assert_eq!(
        refusal(&s, Turn::Pass { player: black }).clause.id(),
        "ggg2:2"
    );
    let s = start(&single(RuleId::Ggg2));
    assert_eq!(
        s.result,
        Some(GameResult {
            winner: Some(white),
            by: EndReason::NoMove,
            score: None,
        })
    );
    assert_eq!(
        refusal(&s, Turn::Resign { player: black }).clause.id(),
        "ggg2:4"
    );

    // ggg3:2 — passes paid for, prisoners counted.
    let mut path2 = stones(RuleId::Ggg3, Board::path(2).unwrap(), &[], &[]);
    path2.prisoners = [1, 0];
    let s = ggg::turn(&start(&path2), &Turn::Pass { player: black })
        .unwrap()
        .state;
    assert_eq!(s.prisoners, Prisoners { p: 0, q: 0 });
    assert_eq!(
        refusal(&s, Turn::Pass { player: white }).clause.id(),
        "ggg3:2"
    );
    let s = moved(&s, white, 0);
    let s = moved(&s, black, 1);
    assert_eq!(s.prisoners, Prisoners { p: 1, q: 0 });
    assert_eq!(
        s.position.f.iter().copied().collect::<Vec<_>>(),
        [Colour::Empty, Colour::Black]
    );
    // ggg3:3 — superko refuses the move, not the pass.
    let mut path4 = stones(RuleId::Ggg3, Board::path(4).unwrap(), &[], &["2"]);
    path4.prisoners = [1, 0];
    let s = start(&path4);
    assert_eq!(refused_move(&s, black, 0), "ggg3:3");
    let passed = ggg::turn(&s, &Turn::Pass { player: black }).unwrap().state;
    assert_eq!(passed.position, s.position);
    // ggg3:4 — resigning.
    let s = ggg::turn(&s, &Turn::Resign { player: black })
        .unwrap()
        .state;
    assert_eq!(
        s.result,
        Some(GameResult {
            winner: Some(white),
            by: EndReason::Resignation,
            score: None,
        })
    );
}

/// Issue 30: each arm of the turn, and the start, returns the clauses it applied in the
/// order the rules act, each with what it did. Every list below is read off the rules text
/// and `spec/ggg.md`: the start is `ggg1:0` (then `ggg1:notes` when the setup is not the
/// bare board, `ggg3:0` under version 3); a move is `ggg1:2` (`ggg2:2` under version 2,
/// which restates it), then each group removed, the opponent's before the mover's (`ggg1:2`
/// by the liberties of `ggg1:1`), then the repetition rule it passes (`ggg1:3`, or `ggg3:3`),
/// then under version 3 the prisoners (`ggg3:2`); a pass is `ggg1:2`, and under version 3
/// its payment (`ggg3:2`) and the superko it is not subject to (`ggg3:3`); then rule 4 when
/// it ends the game, with the counts (`ggg1:4`) or the moves refused (`ggg2:4`, `ggg3:4`).
#[test]
fn the_trace_of_each_arm_names_its_clauses_in_order() {
    use graphgo::game::clause::Clause;
    use graphgo::game::trace::{Applied, Effect};
    use graphgo::game::{GameResult, Illegal, Setup};
    use table::int;
    let (black, white) = (Player::Black, Player::White);
    let started = |setup: &Setup| ggg::start(setup).expect("the setup starts");
    let after = |state: &ggg::State, turn: Turn| ggg::turn(state, &turn).expect("accepted");
    let placed = |rule: Ggg, player, at, through: &'static [Clause]| {
        Applied::through(
            rule,
            Effect::Placed {
                player,
                at,
                points: vec![at],
            },
            through,
        )
    };
    let removed = |colour, points: &[usize]| {
        Applied::through(
            Ggg::V1R2,
            Effect::Removed {
                colour,
                points: points.to_vec(),
            },
            &[Clause::Ggg(Ggg::V1R1)],
        )
    };
    let repeats = |rule: Ggg, name: &str| {
        Illegal::new(rule, format!("{name} would repeat an earlier position"))
    };

    // ggg1:0 — the bare board: the setup alone.
    let path3 = stones(RuleId::Ggg1, Board::path(3).unwrap(), &[], &[]);
    let s = started(&path3);
    assert_eq!(s.applied, [Applied::new(Ggg::V1R0, Effect::Setup)]);
    // ggg1:notes — a stone placed, White first, or komi: each alone is a start other than
    // the bare board.
    let handicap = |setup: &Setup, stones, to_move, komi| {
        assert_eq!(
            started(setup).applied,
            [
                Applied::new(Ggg::V1R0, Effect::Setup),
                Applied::new(
                    Ggg::V1Notes,
                    Effect::Handicap {
                        stones,
                        to_move,
                        komi
                    }
                ),
            ]
        );
    };
    handicap(
        &stones(RuleId::Ggg1, Board::path(3).unwrap(), &["1"], &[]),
        1,
        black,
        int(0),
    );
    let mut white_first = path3.clone();
    white_first.to_move = white;
    handicap(&white_first, 0, white, int(0));
    let mut komi = path3.clone();
    komi.komi = int(7);
    handicap(&komi, 0, black, int(7));
    // ggg3:0 — version 3 adds the prisoner counts to the equipment.
    let path3_v3 = stones(RuleId::Ggg3, Board::path(3).unwrap(), &[], &[]);
    assert_eq!(
        started(&path3_v3).applied,
        [
            Applied::new(Ggg::V1R0, Effect::Setup),
            Applied::new(Ggg::V3R0, Effect::Setup)
        ]
    );

    // ggg1:2 — Black at 2 between White's 1 and 3: White's two groups lose their last
    // liberty and go, in the order of their vertices; the colouring is new (ggg1:3).
    let flanked = stones(RuleId::Ggg1, Board::path(3).unwrap(), &[], &["1", "3"]);
    let p = after(
        &started(&flanked).state,
        Turn::Move {
            player: black,
            at: 1,
        },
    );
    assert_eq!(
        p.applied,
        [
            placed(Ggg::V1R2, black, 1, &[]),
            removed(Colour::White, &[0]),
            removed(Colour::White, &[2]),
            Applied::new(Ggg::V1R3, Effect::Allowed),
        ]
    );
    // ggg1:2 step 3 — Black at 2 beside its own 1, against White's 3 on the path of four:
    // White's 3 keeps the liberty 4, Black's group {1, 2} has none and goes.
    let own = stones(RuleId::Ggg1, Board::path(4).unwrap(), &["1"], &["3"]);
    let p = after(
        &started(&own).state,
        Turn::Move {
            player: black,
            at: 1,
        },
    );
    assert_eq!(
        p.applied,
        [
            placed(Ggg::V1R2, black, 1, &[]),
            removed(Colour::Black, &[0, 1]),
            Applied::new(Ggg::V1R3, Effect::Allowed),
        ]
    );

    // ggg1:2, ggg1:4 — two passes; the second ends the game, and each player's count is
    // given: Black's 1 and the empty 2, 3, which touch Black only (3); White nothing (0).
    let one = stones(RuleId::Ggg1, Board::path(3).unwrap(), &["1"], &[]);
    let p = after(&started(&one).state, Turn::Pass { player: black });
    assert_eq!(
        p.applied,
        [Applied::new(Ggg::V1R2, Effect::Passed { player: black })]
    );
    let p = after(&p.state, Turn::Pass { player: white });
    let result = GameResult {
        winner: Some(black),
        by: EndReason::Score,
        score: scores(3, 0),
    };
    let counted = |player, own: &[usize], territory: &[usize], score| {
        Applied::new(
            Ggg::V1R4,
            Effect::Counted {
                player,
                own: own.to_vec(),
                territory: territory.to_vec(),
                score: int(score),
            },
        )
    };
    assert_eq!(
        p.applied,
        [
            Applied::new(Ggg::V1R2, Effect::Passed { player: white }),
            Applied::new(Ggg::V1R4, Effect::Ended { result }),
            counted(black, &[0], &[1, 2], 3),
            counted(white, &[], &[], 0),
        ]
    );
    // ggg1:4 — a resignation ends the game; the scores are still counted (the empty path
    // touches no stone: it counts for both, 3 each).
    let p = after(&s.state, Turn::Resign { player: black });
    let result = GameResult {
        winner: Some(white),
        by: EndReason::Resignation,
        score: scores(3, 3),
    };
    assert_eq!(
        p.applied,
        [
            Applied::new(Ggg::V1R2, Effect::Resigned { player: black }),
            Applied::new(Ggg::V1R4, Effect::Ended { result }),
            counted(black, &[], &[0, 1, 2], 3),
            counted(white, &[], &[0, 1, 2], 3),
        ]
    );

    // ggg2:2 — version 2 restates the move of ggg1:2. After Black's 2 on the empty path,
    // White's move at 1 or 3 removes itself and gives back the colouring Black's move made
    // (ggg1:3): White cannot move, and loses (ggg2:4), each refusal named.
    let path3_v2 = stones(RuleId::Ggg2, Board::path(3).unwrap(), &[], &[]);
    let s2 = started(&path3_v2);
    assert_eq!(s2.applied, [Applied::new(Ggg::V1R0, Effect::Setup)]);
    let p = after(
        &s2.state,
        Turn::Move {
            player: black,
            at: 1,
        },
    );
    let no_move = GameResult {
        winner: Some(black),
        by: EndReason::NoMove,
        score: None,
    };
    assert_eq!(
        p.applied,
        [
            placed(Ggg::V2R2, black, 1, &[Clause::Ggg(Ggg::V1R2)]),
            Applied::new(Ggg::V1R3, Effect::Allowed),
            Applied::new(
                Ggg::V2R4,
                Effect::Ended {
                    result: no_move.clone()
                }
            ),
            Applied::new(
                Ggg::V2R4,
                Effect::NoMove {
                    player: white,
                    refusals: vec![(0, repeats(Ggg::V1R3, "1")), (2, repeats(Ggg::V1R3, "3"))],
                    more: 0,
                }
            ),
        ]
    );
    // ggg2:2, ggg2:4 — a resignation is a turn of version 2, and ends the game, unscored.
    let p = after(&s2.state, Turn::Resign { player: black });
    assert_eq!(
        p.applied,
        [
            Applied::new(Ggg::V2R2, Effect::Resigned { player: black }),
            Applied::new(
                Ggg::V2R4,
                Effect::Ended {
                    result: GameResult {
                        winner: Some(white),
                        by: EndReason::Resignation,
                        score: None,
                    }
                }
            ),
        ]
    );
    // ggg2:4 at the start — a star whose centre is White and whose ten leaves are empty:
    // Black's stone on any leaf removes itself and repeats the start, so Black has no move;
    // the first eight refusals are named and the two others counted.
    let leaves: Vec<String> = (1..=10).map(|i| format!("l{i}")).collect();
    let mut names = vec!["c".to_string()];
    names.extend(leaves.iter().cloned());
    let edges: Vec<(String, String)> = leaves.iter().map(|l| ("c".into(), l.clone())).collect();
    let star = stones(
        RuleId::Ggg2,
        Board::from_edges(&names, &edges).unwrap(),
        &[],
        &["c"],
    );
    let s = started(&star);
    let refusals = (1..=8)
        .map(|v| (v, repeats(Ggg::V1R3, &format!("l{v}"))))
        .collect();
    assert_eq!(
        s.applied,
        [
            Applied::new(Ggg::V1R0, Effect::Setup),
            Applied::new(
                Ggg::V1Notes,
                Effect::Handicap {
                    stones: 1,
                    to_move: black,
                    komi: int(0)
                }
            ),
            Applied::new(
                Ggg::V2R4,
                Effect::Ended {
                    result: GameResult {
                        winner: Some(white),
                        by: EndReason::NoMove,
                        score: None,
                    }
                }
            ),
            Applied::new(
                Ggg::V2R4,
                Effect::NoMove {
                    player: black,
                    refusals,
                    more: 2,
                }
            ),
        ]
    );

    // ggg3:2 — the same capture under version 3: the prisoners follow the repetition rule
    // of version 3; White, left with a self-removing move at 1 or 3 only, cannot move
    // (ggg3:4).
    let flanked_v3 = stones(RuleId::Ggg3, Board::path(3).unwrap(), &[], &["1", "3"]);
    let p = after(
        &started(&flanked_v3).state,
        Turn::Move {
            player: black,
            at: 1,
        },
    );
    assert_eq!(
        p.applied,
        [
            placed(Ggg::V1R2, black, 1, &[]),
            removed(Colour::White, &[0]),
            removed(Colour::White, &[2]),
            Applied::new(Ggg::V3R3, Effect::Allowed),
            Applied::new(
                Ggg::V3R2,
                Effect::Prisoners {
                    before: [0, 0],
                    after: [2, 0]
                }
            ),
            Applied::new(Ggg::V3R4, Effect::Ended { result: no_move }),
            Applied::new(
                Ggg::V3R4,
                Effect::NoMove {
                    player: white,
                    refusals: vec![(0, repeats(Ggg::V3R3, "1")), (2, repeats(Ggg::V3R3, "3"))],
                    more: 0,
                }
            ),
        ]
    );
    // ggg3:2, ggg3:3 — a pass paid with one of Black's prisoners, allowed by superko.
    let mut paid = stones(RuleId::Ggg3, Board::path(4).unwrap(), &[], &["2"]);
    paid.prisoners = [1, 0];
    let p = after(&started(&paid).state, Turn::Pass { player: black });
    assert_eq!(
        p.applied,
        [
            Applied::new(Ggg::V1R2, Effect::Passed { player: black }),
            Applied::new(
                Ggg::V3R2,
                Effect::Prisoners {
                    before: [1, 0],
                    after: [0, 0]
                }
            ),
            Applied::new(Ggg::V3R3, Effect::Allowed),
        ]
    );
}
