//! The report of an infinite play of the directed rules given as a lasso (`dir:WIN`,
//! `dir:NOTE-pass`): a record's `moves` are the prefix, its `cycle` is repeated forever.
//! The outcome is computed by the transcription ([`crate::spec::directed::outcome`], from
//! the record's start as `crate::variants::directed::lasso_outcome` plays it); this module
//! writes it as text and JSON.

use std::fmt::Write;

use serde_json::{json, Value};

use crate::board::Board;
use crate::game::{Player, Turn};
use crate::io::record::Game;
use crate::rational;
use crate::spec::directed::{self, InfinitePlayOutcome, LassoError};

fn names(board: &Board, set: &imbl::OrdSet<usize>) -> Vec<String> {
    set.iter().map(|&v| board.name(v).to_string()).collect()
}

fn level(u: Option<directed::Unsustainable>) -> &'static str {
    u.map_or("none", directed::Unsustainable::name)
}

/// The error as one line: which turn breaks the lasso and why.
pub fn describe_error(error: &LassoError, board: &Board, game: &Game, cycle: &[Turn]) -> String {
    match error {
        LassoError::Prefix { index, illegal } => format!(
            "moves[{index}] '{}' is illegal: {illegal}",
            game.turns[*index].text(board)
        ),
        LassoError::Cycle {
            index,
            pass,
            illegal,
        } => format!(
            "the cycle is not a legal continuation of itself: cycle[{index}] '{}' is illegal the {} time round: {illegal}",
            cycle[*index].text(board),
            ordinal(*pass)
        ),
        LassoError::NoPeriod { passes } => format!(
            "the cycle's states did not repeat within {passes} passes (the cap)"
        ),
    }
}

/// The JSON form of the error: the line of [`describe_error`] under `illegal`, and where
/// and why: `in` (`"moves"` for the prefix, `"cycle"`), `index` (from 0 in that list),
/// `pass` (the time round the cycle, from 1; prefix: `null`), `turn`, `clause`, `reason`.
/// A cycle whose states never repeat within the cap has `index`, `clause` and `turn` null.
pub fn error_json(error: &LassoError, board: &Board, game: &Game, cycle: &[Turn]) -> Value {
    let line = describe_error(error, board, game, cycle);
    let names = game.setup.turn_names();
    match error {
        LassoError::Prefix { index, illegal } => json!({
            "illegal": line, "in": "moves", "index": index, "pass": null,
            "turn": game.turns[*index].text(names), "clause": illegal.clause, "reason": illegal.reason,
        }),
        LassoError::Cycle {
            index,
            pass,
            illegal,
        } => json!({
            "illegal": line, "in": "cycle", "index": index, "pass": pass,
            "turn": cycle[*index].text(names), "clause": illegal.clause, "reason": illegal.reason,
        }),
        LassoError::NoPeriod { passes } => json!({
            "illegal": line, "in": "cycle", "index": null, "pass": passes,
            "turn": null, "clause": null, "reason": line,
        }),
    }
}

/// The report's `result` for a decided infinite play (`dir:WIN`), in the form every family's
/// finished game has: `winner`, `by` (`"unsustainability"` or `"score"`), and `score`, the
/// final scores (eventual score plus live stones) when the scores are eventually constant.
pub fn result_json(outcome: &InfinitePlayOutcome) -> Value {
    json!({
        "winner": outcome.winner.map_or("draw", Player::word),
        "by": if outcome.by_unsustainability { "unsustainability" } else { "score" },
        "score": outcome.final_scores.as_ref().map(|s| json!({"black": rational::format(&s[0]), "white": rational::format(&s[1])})),
    })
}

fn ordinal(n: usize) -> String {
    match n {
        1 => "1st".into(),
        2 => "2nd".into(),
        3 => "3rd".into(),
        n => format!("{n}th"),
    }
}

/// The text report of an outcome.
pub fn to_text(outcome: &InfinitePlayOutcome, board: &Board) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "infinite play: periodic after {} pass(es) of the cycle, period {} pass(es)",
        outcome.passes_before_period, outcome.period_passes
    );
    for p in Player::BOTH {
        let i = p.index();
        let actions: Vec<&str> = outcome.infinitely_often[i]
            .iter()
            .map(|a| a.name())
            .collect();
        let _ = writeln!(
            out,
            "  {}: unsustainable actions infinitely often: [{}]; unsustainability: {}; live stones ({}): [{}]",
            p.word(),
            actions.join(", "),
            level(outcome.unsustainability[i]),
            outcome.live[i].len(),
            names(board, &outcome.live[i]).join(" ")
        );
    }
    match &outcome.eventual_scores {
        Some(s) => {
            let _ = writeln!(
                out,
                "  scores eventually constant: Black {}, White {}",
                rational::format(&s[0]),
                rational::format(&s[1])
            );
        }
        None => {
            let _ = writeln!(
                out,
                "  scores not eventually constant: each period adds Black {}, White {}",
                rational::format(&outcome.gain_per_period[0]),
                rational::format(&outcome.gain_per_period[1])
            );
        }
    }
    if let Some(f) = &outcome.final_scores {
        let _ = writeln!(
            out,
            "  final scores: Black {}, White {}",
            rational::format(&f[0]),
            rational::format(&f[1])
        );
    }
    let who = outcome
        .winner
        .map_or("draw".to_string(), |p| format!("{} wins", capital(p)));
    let by = if outcome.by_unsustainability {
        "unsustainability"
    } else {
        "final score"
    };
    let _ = writeln!(out, "outcome: {who} by {by} (dir:WIN)");
    out
}

fn capital(p: Player) -> &'static str {
    match p {
        Player::Black => "Black",
        Player::White => "White",
    }
}

/// The JSON report of an outcome.
pub fn to_json(outcome: &InfinitePlayOutcome, board: &Board) -> Value {
    let per = |f: &dyn Fn(usize) -> Value| json!({"black": f(0), "white": f(1)});
    let pair = |s: &[num_rational::BigRational; 2]| json!({"black": rational::format(&s[0]), "white": rational::format(&s[1])});
    json!({
        "passes_before_period": outcome.passes_before_period,
        "period_passes": outcome.period_passes,
        "infinitely_often": per(&|i| json!(outcome.infinitely_often[i].iter().map(|a| a.name()).collect::<Vec<_>>())),
        "unsustainability": per(&|i| json!(level(outcome.unsustainability[i]))),
        "scores_eventually_constant": outcome.eventual_scores.is_some(),
        "gain_per_period": pair(&outcome.gain_per_period),
        "eventual_scores": outcome.eventual_scores.as_ref().map(pair),
        "live": per(&|i| json!(names(board, &outcome.live[i]))),
        "final_scores": outcome.final_scores.as_ref().map(pair),
        "winner": outcome.winner.map_or("draw", Player::word),
        "by": if outcome.by_unsustainability { "unsustainability" } else { "score" },
    })
}
