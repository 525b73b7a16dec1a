//! The range of every numeric flag, checked by clap as the command line is read (each a
//! `value_parser`), so that a number out of range is a usage error naming the flag and its
//! range (exit 2), never an overflow further on: `--games 0`, `--seconds
//! 18446744073709551615`, `--replay-games 18446744073709551615` were a wrong answer, a
//! panic on a time overflow, a "capacity overflow". The ranges are listed in spec/FORMAT.md
//! ("Numbers on the command line").

use graphgo::differential::shard::{MAX_GAMES, MAX_SHARDS};

/// The most seconds any flag gives a command (`--time`, `--seconds`, `--budget`): ten years.
pub const MAX_SECONDS: u64 = 315_360_000;
/// The most comparisons shrinking may run for one divergence.
pub const MAX_SHRINK_BUDGET: u64 = 1_000_000;
/// The most findings (signatures, disagreements) a campaign is asked to stop at.
pub const MAX_FINDINGS: usize = graphgo::differential::campaign::MAX_FINDINGS;
/// The most turns `verify-gtp` plays in a game.
pub const MAX_GTP_TURNS: u64 = 100_000;
/// The most games `verify-gtp` plays on each board size.
pub const MAX_GTP_GAMES: u64 = 1_000_000;
/// The most playouts of a `bench` suite, and games its spec suite replays.
pub const MAX_PLAYOUTS: u64 = 1_000_000_000;
pub const MAX_REPLAY_GAMES: u64 = 10_000;
/// The most seconds a timeout or a time budget given as a decimal may be.
pub const MAX_DECIMAL_SECONDS: f64 = 3600.0;

/// A whole number from `lo` to `hi`, or the words of the range (clap puts the flag and the
/// value given before them).
fn whole(text: &str, lo: u64, hi: u64) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(v) if (lo..=hi).contains(&v) => Ok(v),
        _ => Err(format!("must be a whole number from {lo} to {hi}")),
    }
}

macro_rules! ranged {
    ($($(#[$doc:meta])* $name:ident: $t:ty = $lo:expr, $hi:expr;)*) => {
        $(
            $(#[$doc])*
            pub(super) fn $name(text: &str) -> Result<$t, String> {
                // Every range here fits the type (checked below, in the tests).
                whole(text, $lo as u64, $hi as u64).map(|v| v as $t)
            }
        )*
        #[cfg(test)]
        const RANGES: &[(&str, u64, u64, u64)] = &[
            $((stringify!($name), $lo as u64, $hi as u64, <$t>::MAX as u64),)*
        ];
    };
}

ranged! {
    /// `fuzz --time`, `pairs --seconds`, `conformance --budget`.
    seconds: u64 = 1, MAX_SECONDS;
    /// `fuzz --games`: games of the shard.
    campaign_games: u64 = 1, MAX_GAMES;
    /// `fuzz --game I`: any game index of the campaign (shard indices run to
    /// MAX_SHARDS * MAX_GAMES).
    game_index: u64 = 0, MAX_SHARDS * MAX_GAMES;
    /// `--shrink-budget`.
    shrink_budget: usize = 0, MAX_SHRINK_BUDGET;
    /// `--max-findings`.
    max_findings: usize = 1, MAX_FINDINGS;
    /// `verify-gtp --size`.
    gtp_side: usize = 2, graphgo::conformance::gtp::MAX_GTP_SIZE;
    /// `verify-gtp --games`: 0 plays no game and verifies nothing.
    gtp_games: usize = 1, MAX_GTP_GAMES;
    /// `verify-gtp --max-turns`.
    gtp_turns: usize = 1, MAX_GTP_TURNS;
    /// `pairs --max`.
    pairs_max: usize = 1, 5;
    /// `bench --playouts`.
    playouts: u64 = 1, MAX_PLAYOUTS;
    /// `bench --size`.
    bench_side: usize = 2, 2048;
    /// `bench --graph-vertices` (0 skips the graphs).
    graph_vertices: usize = 0, graphgo::board::MAX_VERTICES;
    /// `bench --replay-games`.
    replay_games: usize = 0, MAX_REPLAY_GAMES;
    /// `show --turn`.
    turn: usize = 0, graphgo::io::record::MAX_TURNS;
}

/// A number of seconds above 0 and at most [`MAX_DECIMAL_SECONDS`], written as a decimal
/// (`--timeout 2.5`); the message quotes the range, never the value as a float
/// (1e19 printed as 10000000000000000000).
pub(super) fn decimal_seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 && v <= MAX_DECIMAL_SECONDS => Ok(v),
        _ => Err(format!(
            "must be a number of seconds above 0 and at most {MAX_DECIMAL_SECONDS}"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_range_fits_its_type_and_is_not_empty() {
        for &(name, lo, hi, max) in RANGES {
            assert!(lo <= hi && hi <= max, "{name}: {lo}..={hi} in 0..={max}");
        }
    }

    #[test]
    fn out_of_range_and_text_get_the_range_in_words() {
        assert_eq!(campaign_games("12"), Ok(12));
        assert_eq!(
            gtp_games("0"),
            Err(format!("must be a whole number from 1 to {MAX_GTP_GAMES}"))
        );
        assert!(seconds("18446744073709551615").is_err());
        assert!(seconds("18446744073709551616").is_err());
        assert!(replay_games("-1").is_err());
        assert_eq!(decimal_seconds("2.5"), Ok(2.5));
        for bad in ["0", "nan", "inf", "1e19", "-1", "3600.5"] {
            let e = decimal_seconds(bad).unwrap_err();
            assert!(!e.contains("e19") && !e.contains("000000"), "{e}");
        }
    }
}
