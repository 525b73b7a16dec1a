//! Small laws on plain types, checked with quickcheck (random values, shrunk on failure;
//! `QUICKCHECK_TESTS=N` runs more, `QUICKCHECK_GENERATOR_SIZE` widens the values).

use num_rational::BigRational;
use quickcheck::{quickcheck, TestResult};

use graphgo::board::Board;
use graphgo::game::{Player, Turn};
use graphgo::rational;

quickcheck! {
    /// A rational written as text reads back as itself, in lowest terms.
    fn rational_text_round_trips(n: i64, d: i64) -> TestResult {
        if d == 0 {
            return TestResult::discard();
        }
        let r = BigRational::new(n.into(), d.into());
        let text = rational::format(&r);
        TestResult::from_bool(rational::parse(&text) == Ok(r.clone()) && rational::format(&rational::parse(&text).unwrap()) == text)
    }

    /// A decimal with k digits after the point is that integer over 10^k.
    fn decimals_are_exact(whole: u32, frac: u16) -> bool {
        let text = format!("{whole}.{frac:05}");
        let expected = BigRational::new((i64::from(whole) * 100_000 + i64::from(frac)).into(), 100_000.into());
        rational::parse(&text) == Ok(expected)
    }

    /// Swapping a turn's player twice gives the turn back, and once gives the other player.
    fn swapping_twice_is_identity(at: usize, which: u8, black: bool) -> bool {
        let player = if black { Player::Black } else { Player::White };
        let turn = match which % 3 {
            0 => Turn::Move { player, at },
            1 => Turn::Pass { player },
            _ => Turn::Resign { player },
        };
        turn.swapped().swapped() == turn && turn.swapped().player() == player.opponent()
    }

    /// A w x h grid has (w - 1) h + w (h - 1) edges; a torus with both sides at least 3 has 2wh.
    fn grid_and_torus_edge_counts(w: u8, h: u8) -> TestResult {
        let (w, h) = (usize::from(w % 30) + 1, usize::from(h % 30) + 1);
        let grid = Board::grid(w, h).unwrap();
        let mut ok = grid.edge_count() == (w - 1) * h + w * (h - 1);
        if w >= 3 && h >= 3 {
            ok &= Board::torus(w, h).unwrap().edge_count() == 2 * w * h;
        }
        TestResult::from_bool(ok)
    }

    /// A turn's text reads back as the same turn on a plane board.
    fn turn_text_round_trips(x: u8, y: u8, black: bool) -> bool {
        let board = Board::grid(19, 19).unwrap();
        let at = usize::from(y % 19) * 19 + usize::from(x % 19);
        let player = if black { Player::Black } else { Player::White };
        let turn = Turn::Move { player, at };
        Turn::parse(&turn.text(&board), &board) == Ok(turn)
    }
}
