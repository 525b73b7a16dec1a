//! The published tables of `spec/tables.md`, reproduced through graphgo's rules: every fast
//! row of `graphgo::tables::PUBLISHED` (each typed in with its reference there) against
//! graphgo's computation. The slow rows run in `graphgo tables --all`.

use graphgo::board::Board;
use graphgo::tables::{compute, game_graph, legal_positions, longest_path, PUBLISHED};

#[test]
fn every_fast_published_row_is_reproduced() {
    let mut checked = 0;
    for row in PUBLISHED.iter().filter(|r| !r.slow) {
        let ours = compute(row).unwrap();
        assert_eq!(
            ours, row.value,
            "{} {}: graphgo {ours}, published {} ({})",
            row.table, row.case, row.value, row.reference
        );
        checked += 1;
    }
    assert!(checked >= 30, "only {checked} rows");
}

#[test]
fn the_path_of_two_by_hand() {
    // Points a - b. Legal: the empty board and a lone stone of either colour on either
    // point (5); two stones have no liberty. Game graph edges: from the empty board, four
    // moves; from a lone stone, the other colour on the other point captures it (one
    // edge each) and the same colour fills the group's last liberty and removes it, back to
    // the empty board (one edge each): 4 + 4 * 2 = 12. Longest path: empty, B on a, W on b
    // (capturing), and then only positions already on the path: 3 nodes.
    let path = Board::path(2).unwrap();
    assert_eq!(legal_positions(&path), 5);
    let g = game_graph(&path);
    assert_eq!((g.nodes.len(), g.edge_count()), (5, 12));
    assert_eq!(longest_path(&g, 1000), Some(3));
    // A budget too small to finish says so.
    assert_eq!(longest_path(&g, 2), None);
}

#[test]
fn linear_go_by_hand_and_the_exercise_whose_answer_differs() {
    use graphgo::tables::solve_linear;
    // 1x1: a stone there has no liberty and suicide is refused: both pass, 0.
    assert_eq!(solve_linear("-"), Ok(0));
    // 1x3: Black takes the middle; a White stone on either end has no liberty (no
    // suicide), so White passes and Black owns all three points: 3.
    assert_eq!(solve_linear("---"), Ok(3));
    // A position Black has already won: x on 2 and 4 of five, White cannot play anywhere
    // without suicide; Black passes, White passes: 5.
    assert_eq!(solve_linear("-x-x-"), Ok(5));
    // The first exercise of the CMPUT 396 page, x-o-- with Black to move, is published as 0
    // with the line x:4 o:2 x:1 o:2 pass pass; under the stated rules White answers x:4 with
    // o:5, which captures it (x-o-o), and Black cannot play 4 again (it would give x-ox-
    // back, positional superko) nor 2 (suicide). graphgo gives -5, as does the independent
    // search of spec/tables/linear_go.py; spec/tables.md lists the difference.
    assert_eq!(solve_linear("x-o--"), Ok(-5));
    // Not a position: refused with the character.
    assert!(solve_linear("x-?").unwrap_err().contains("'?'"));
}
