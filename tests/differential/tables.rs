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
