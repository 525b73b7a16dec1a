//! The boards GTP can name (squares by `boardsize`, rectangles by `rectangular_boardsize`,
//! at most [`MAX_GTP_SIZE`] a side), and graphgo's side kept on them while it is compared
//! with an engine ([`OnSquareGrids`]).

use crate::board::{Board, Shape};
use crate::conformance::gtp::MAX_GTP_SIZE;
use crate::game::{Options, Playable, RuleSet, Setup, Unsupported};

/// The side of a square grid, when `board` is one GTP can name.
pub fn square_side(board: &Board) -> Option<usize> {
    match grid_sides(board) {
        Some((w, h)) if w == h => Some(w),
        _ => None,
    }
}

/// The width and height of a grid GTP can name (a square or a rectangle).
pub fn grid_sides(board: &Board) -> Option<(usize, usize)> {
    match *board.shape() {
        Shape::Plane { width, height }
            if width <= MAX_GTP_SIZE
                && height <= MAX_GTP_SIZE
                && Board::grid(width, height).ok().as_ref() == Some(board) =>
        {
            Some((width, height))
        }
        _ => None,
    }
}

/// A [`RuleSet`] that plays only what GTP engines can: square grids of graph Go. Used for
/// graphgo's side when comparing with an engine, so that shrinking (which deletes vertices
/// and edges) never takes a case off the boards an engine plays.
/// The options are pinned too: they are the engine's, so the shrinker must not simplify them.
pub struct OnSquareGrids<R: RuleSet> {
    pub rules: R,
    pub options: Options,
}

impl<R: RuleSet> RuleSet for OnSquareGrids<R> {
    fn name(&self) -> &str {
        "graphgo"
    }

    fn start(&self, setup: &Setup) -> Result<Box<dyn Playable>, Unsupported> {
        if square_side(&setup.board).is_none() {
            return Err(Unsupported("GTP engines play square grids only".into()));
        }
        if setup.options != self.options {
            return Err(Unsupported(
                "the options are the engine's: not changed".into(),
            ));
        }
        self.rules.start(setup)
    }
}
