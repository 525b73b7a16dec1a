//! `graphgo pairs`: the note on isolated pairs of the directed rules, checked by search.

use super::fail;
use std::process::ExitCode;

pub(super) fn pairs(max: usize, seconds: u64) -> ExitCode {
    use graphgo::spec::pairs::{longest_superko_game_within, loop_start, reachable_pair_positions};
    if !(1..=5).contains(&max) {
        return fail(format!("--max: {max} is not from 1 to 5"));
    }
    graphgo::outln!(
        "{:>2} {:>10} {:>26} {:>24}",
        "N",
        "positions",
        "longest superko game",
        "directed loop start"
    );
    for n in 1..=max {
        // The positions are searched through the transcription, not computed: the note's
        // pairs keep at most one stone each (dir:NOTE-pairs), so 5^n if the note holds.
        let positions = match reachable_pair_positions(n) {
            Ok(count) => count,
            Err(e) => {
                graphgo::errln!("graphgo: pairs: dir:NOTE-pairs does not hold on {n} pairs: {e}");
                return ExitCode::from(1);
            }
        };
        if let Some(length) = graphgo::spec::pairs::longest_by_witness(n) {
            // A game through every position, replayed by the crate: the most there can be.
            graphgo::outln!(
                "{n:>2} {:>10} {:>26} {:>24}",
                positions,
                format!("{length} (witness)"),
                loop_start(n)
            );
            continue;
        }
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(seconds);
        let quick = graphgo::spec::pairs::long_superko_game_by_restarts(n, 300, 20_000);
        let found = if quick + 1 == positions {
            graphgo::spec::pairs::Longest {
                length: quick,
                exhaustive: true,
            }
        } else {
            let f = longest_superko_game_within(n, Some(deadline));
            graphgo::spec::pairs::Longest {
                length: f.length.max(quick),
                exhaustive: f.exhaustive,
            }
        };
        let longest = if found.exhaustive {
            found.length.to_string()
        } else {
            // A game visits each reachable position at most once: one move fewer at most.
            format!(
                ">= {}, <= {} (stopped after {seconds} s)",
                found.length,
                positions - 1
            )
        };
        graphgo::outln!(
            "{n:>2} {:>10} {longest:>26} {:>24}",
            positions,
            loop_start(n)
        );
    }
    ExitCode::SUCCESS
}
