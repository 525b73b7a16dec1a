//! The boards a row's random games are played on: the squares it declares, and besides them
//! the rectangles and named graphs, each checked against what the adapter claims (a board
//! that is not what it claims is a failure of the row, not a board played), and drawn for
//! its page. Used by [`super::view`].

use std::path::Path;
use std::sync::Arc;

use crate::board::Board;
use crate::conformance::gtp_rules::GtpRules;
use crate::game::{RuleId, Setup};
use crate::io::record::Game;

use super::declaration::DeclaredRow;

/// The square sides the random games are played on (those the row declares; its largest side
/// where it declares none of them): small boards, where captures, suicides and ko shapes come
/// often and a finding shrinks fast; 2x2, where boards repeat within a few turns (superko).
pub(super) const SIDES: [usize; 6] = [5, 2, 3, 4, 7, 9];

/// The rectangles played where the row declares rectangles (those within its sides).
pub(super) const RECTANGLES: [(usize, usize); 3] = [(5, 3), (3, 4), (7, 4)];

/// The square sides of a row's random games.
pub(super) fn square_boards(row: &DeclaredRow) -> Vec<Arc<Board>> {
    let Some(sides) = row.declaration.boards.square else {
        return Vec::new();
    };
    let mut chosen: Vec<usize> = SIDES.into_iter().filter(|&n| sides.contains(n)).collect();
    if chosen.is_empty() {
        chosen.push(sides.max);
    }
    chosen
        .into_iter()
        .filter_map(|n| Board::grid(n, n).ok().map(Arc::new))
        .collect()
}

/// The grid `w x h` named as GTP names it: what `graphgo-board` must report for it.
pub(super) fn gtp_grid(w: usize, h: usize) -> Option<Board> {
    let grid = Board::grid(w, h).ok()?;
    let names: Vec<String> = (0..grid.len())
        .map(|v| grid.gtp_name(v).unwrap_or_default())
        .collect();
    let edges: Vec<(String, String)> = grid
        .edges()
        .map(|(a, b)| (names[a].clone(), names[b].clone()))
        .collect();
    Board::from_edges(&names, &edges).ok()
}

/// Whether two boards are the same graph, name for name.
pub(super) fn same_graph(a: &Board, b: &Board) -> bool {
    let edges = |x: &Board| {
        let mut e: Vec<(String, String)> = x
            .edges()
            .map(|(u, v)| {
                let (p, q) = (x.name(u).to_string(), x.name(v).to_string());
                if p < q {
                    (p, q)
                } else {
                    (q, p)
                }
            })
            .collect();
        e.sort();
        e
    };
    let mut na = a.names().to_vec();
    let mut nb = b.names().to_vec();
    na.sort();
    nb.sort();
    na == nb && edges(a) == edges(b)
}

/// The boards a GTP row plays besides squares, each checked against its claim: rectangles
/// (where the adapter reports its board, it must be the grid) and the named graphs (their
/// counts, and the record board where `rules.yaml` gives one). The boards played, their
/// names in words, and the failures of the boards that are not what is claimed.
pub(super) fn other_boards(
    rules: &GtpRules,
    row: &DeclaredRow,
    out: &Path,
) -> (Vec<Arc<Board>>, Vec<String>, Vec<String>) {
    let (mut boards, mut words, mut failures) = (Vec::new(), Vec::new(), Vec::new());
    if let Some(sides) = row.declaration.boards.rectangles() {
        if rules.knows("rectangular_boardsize") {
            for (w, h) in RECTANGLES {
                if !(sides.contains(w) && sides.contains(h)) {
                    continue;
                }
                if rules.knows("graphgo-board") {
                    let reported = rules
                        .send(&format!("rectangular_boardsize {w} {h}"))
                        .and_then(|_| rules.reported_board());
                    match (reported, gtp_grid(w, h)) {
                        (Ok(b), Some(grid)) if !same_graph(&b, &grid) => {
                            failures.push(format!(
                                "on rectangular_boardsize {w} {h}, graphgo-board reports a graph of {} points and {} edges that is not the {w}x{h} grid ({} points, {} edges)",
                                b.len(), b.edge_count(), grid.len(), grid.edge_count()
                            ));
                        }
                        (Err(e), _) => failures.push(format!("{w}x{h}: {e}")),
                        _ => {}
                    }
                }
                if let Ok(b) = Board::grid(w, h) {
                    boards.push(Arc::new(b));
                    words.push(format!("{w}x{h}"));
                }
            }
        }
    }
    for g in &row.declaration.boards.graphs {
        match rules.load_named_board(&g.name) {
            Ok(board) => {
                let mut wrong = Vec::new();
                if board.len() != g.points || board.edge_count() != g.edges {
                    wrong.push(format!(
                        "it has {} points and {} edges, rules.yaml claims {} and {}",
                        board.len(),
                        board.edge_count(),
                        g.points,
                        g.edges
                    ));
                }
                if let Some(claimed) = &g.board {
                    let built =
                        serde_norway::from_value::<crate::io::record::RecordBoard>(claimed.clone())
                            .map_err(|e| e.to_string())
                            .and_then(|written| written.build().map_err(|e| e.to_string()));
                    match built {
                        Ok(c) if !same_graph(&c, &board) => {
                            wrong.push("it is not the record board rules.yaml gives".into())
                        }
                        Err(e) => wrong.push(format!("rules.yaml's board: {e}")),
                        _ => {}
                    }
                }
                if wrong.is_empty() {
                    let picture = draw_board(out, row, &g.name, &board);
                    words.push(match picture {
                        Some(link) => format!(
                            "[{}]({link}) ({} points, {} edges)",
                            g.name,
                            board.len(),
                            board.edge_count()
                        ),
                        None => format!("{} ({} points)", g.name, board.len()),
                    });
                    boards.push(board);
                } else {
                    failures.push(format!(
                        "graphgo-board_select {}: {}",
                        g.name,
                        wrong.join("; ")
                    ));
                }
            }
            Err(e) => failures.push(format!("{}: {e}", g.name)),
        }
    }
    (boards, words, failures)
}

/// Draws a named board of a row (`graphgo show`'s SVG of its empty position) as
/// `engines/boards/NAME-BOARD.svg` under `out`; the link from `spec/`, if written.
pub(super) fn draw_board(
    out: &Path,
    row: &DeclaredRow,
    name: &str,
    board: &Arc<Board>,
) -> Option<String> {
    let game = Game {
        setup: Setup::new(RuleId::Ggg1, Board::clone(board)),
        turns: Vec::new(),
    };
    let svg = crate::show::render(&game, None, crate::show::Format::Svg).ok()?;
    let file = format!("{}-{name}.svg", row.declaration.name);
    let dir = out.join("engines/boards");
    std::fs::create_dir_all(&dir).ok()?;
    crate::io::atomic_file::write_atomically(&dir.join(&file), &svg).ok()?;
    Some(format!("engines/boards/{file}"))
}
