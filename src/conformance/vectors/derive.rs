//! Deriving a vector: a game replayed through a rule set and what was observed written
//! down ([`derive`](fn@derive)), two derivations compared field by field ([`differences`]),
//! the tri-state readings under every other option value ([`readings`]), the clauses the
//! game's trace applies ([`exercised_clauses`]), and a vector written from a record
//! ([`write_vector`]): derived by the reference, confirmed by the other sides.

use std::collections::{BTreeMap, BTreeSet};
use std::panic::{catch_unwind, AssertUnwindSafe};

use serde::Serialize;

use crate::board::Board;
use crate::game::clause::{Clause, Directed};
use crate::game::{Colour, Observation, Options, Playable, Player, RuleId, RuleSet, Setup, Turn};
use crate::io::record::{Game, Name, Rational, Record, RecordPrisoners};
use crate::spec::directed::LassoError;

use super::*;

/// Runs `f`, turning a panic into its message.
fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(f))
        .map_err(|payload| crate::differential::compare::panic_message(payload.as_ref()))
}

fn names(board: &Board, vertices: impl Iterator<Item = usize>) -> Vec<Name> {
    vertices.map(|v| Name(board.name(v).to_string())).collect()
}

fn stones(board: &Board, position: &[Colour]) -> PositionStones {
    let of = |c: Colour| {
        names(
            board,
            (0..position.len()).filter(move |&v| position[v] == c),
        )
    };
    PositionStones {
        black: of(Colour::Black),
        white: of(Colour::White),
    }
}

fn to_move_word(o: &Observation) -> String {
    o.to_move.map_or("none", Player::word).to_string()
}

fn result_expectation(o: &Observation) -> Option<ResultExpectation> {
    o.result.as_ref().map(|r| ResultExpectation {
        winner: r.winner_word().to_string(),
        by: r.by.word().to_string(),
        score: r.score.as_ref().map(|[b, w]| ScoreExpectation {
            black: Rational(b.clone()),
            white: Rational(w.clone()),
        }),
    })
}

/// Plays `game` through `rules` and writes down what it does: every turn's legality (with
/// the clause of a refusal), what a legal turn removes, the position, prisoners and player
/// to move after it, and the result at the end. A refused turn is expected to change
/// nothing; if it does, the change is written down (as a position), so that it shows as a
/// difference. `Err` when the implementation cannot start the game or panics.
pub fn derive(rules: &dyn RuleSet, game: &Game) -> Result<Expected, String> {
    derive_or_skip(rules, game).map_err(|e| match e {
        Err(skip) => skip.to_string(),
        Ok(failed) => failed,
    })
}

/// [`derive`], telling a game the implementation refuses to start (`Err(Err(reason))`)
/// from one it fails (`Err(Ok(message))`).
pub(super) fn derive_or_skip(
    rules: &dyn RuleSet,
    game: &Game,
) -> Result<Expected, Result<String, SkipReason>> {
    let playing = match guarded(|| rules.start(&game.setup)) {
        Ok(Ok(g)) => g,
        Ok(Err(e)) => return Err(Err(SkipReason::Refused(e.to_string()))),
        Err(m) => return Err(Ok(format!("panics starting the game: {m}"))),
    };
    derive_started(playing, game).map_err(Ok)
}

/// The body of [`derive`], on a started game.
fn derive_started(mut playing: Box<dyn Playable>, game: &Game) -> Result<Expected, String> {
    let board = &game.setup.board;
    // What a turn's text names: the vertices, or on a go-space the placements.
    let turn_names = game.setup.turn_names();
    let mut before = guarded(|| playing.observe()).map_err(|m| format!("panics: {m}"))?;
    let mut turns = Vec::with_capacity(game.turns.len());
    for (i, turn) in game.turns.iter().enumerate() {
        crate::signals::interrupted().map_err(|e| e.to_string())?;
        let verdict = guarded(|| playing.play(turn))
            .map_err(|m| format!("panics at turn {} ({}): {m}", i + 1, turn.text(turn_names)))?;
        let after = guarded(|| playing.observe()).map_err(|m| format!("panics: {m}"))?;
        // The points the turn colours: a move's vertex, or on a go-space every point of
        // its placement (`at` indexes the placements there, not the points).
        let placed = match *turn {
            Turn::Move { at, .. } => game.setup.points_of_move(at),
            _ => Vec::new(),
        };
        let expectation = match verdict {
            Ok(()) => TurnExpectation {
                play: turn.text(turn_names),
                legal: true,
                clause: None,
                // Emptied: coloured after step 1 of the move (the stones placed count, so
                // that a self-captured lone stone is listed), empty after the turn.
                removed: Some(names(
                    board,
                    (0..after.position.len()).filter(|&v| {
                        (placed.contains(&v) || before.position[v] != Colour::Empty)
                            && after.position[v] == Colour::Empty
                    }),
                )),
                position: Some(stones(board, &after.position)),
                prisoners: after
                    .prisoners
                    .map(|[p, q]| RecordPrisoners { black: p, white: q }),
                scores: after.scores.as_ref().map(|[b, w]| ScoreExpectation {
                    black: Rational(b.clone()),
                    white: Rational(w.clone()),
                }),
                to_move: Some(to_move_word(&after)),
            },
            Err(illegal) => TurnExpectation {
                play: turn.text(turn_names),
                legal: false,
                clause: Some(illegal.clause.to_string()),
                removed: None,
                position: (after != before).then(|| stones(board, &after.position)),
                prisoners: None,
                scores: None,
                to_move: None,
            },
        };
        turns.push(expectation);
        before = after;
    }
    Ok(Expected {
        turns,
        result: result_expectation(&before),
    })
}

/// How much of a vector is compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Depth {
    /// Everything.
    Full,
    /// The legality of every turn and the winner (for an `acceptable` reading).
    Verdicts,
}

/// The differences between a vector's expectations and what an implementation did, one
/// line each, naming the field: empty when they agree.
pub fn differences(board: &Board, want: &Expected, got: &Expected, depth: Depth) -> Vec<String> {
    let mut out = Vec::new();
    let _ = board;
    for (i, (w, g)) in want.turns.iter().zip(&got.turns).enumerate() {
        let at = format!("turns[{i}] ({})", w.play);
        if w.legal != g.legal {
            let said = |t: &TurnExpectation| {
                if t.legal {
                    "legal".to_string()
                } else {
                    format!("illegal ({})", t.clause.as_deref().unwrap_or("?"))
                }
            };
            out.push(format!("{at}.legal: expected {}, got {}", said(w), said(g)));
            // Past a different verdict the games differ; later turns would only repeat it.
            return out;
        }
        if depth == Depth::Verdicts {
            continue;
        }
        let mut field = |name: &str, a: String, b: String| {
            if a != b {
                out.push(format!("{at}.{name}: expected {a}, got {b}"));
            }
        };
        field("clause", show(&w.clause), show(&g.clause));
        field("removed", show(&w.removed), show(&g.removed));
        field("position", show(&w.position), show(&g.position));
        field("prisoners", show(&w.prisoners), show(&g.prisoners));
        field("scores", show(&w.scores), show(&g.scores));
        field("to_move", show(&w.to_move), show(&g.to_move));
        if !out.is_empty() {
            return out;
        }
    }
    if want.turns.len() != got.turns.len() {
        out.push(format!(
            "turns: expected {} turns, got {}",
            want.turns.len(),
            got.turns.len()
        ));
    }
    let winner = |r: &Option<ResultExpectation>| r.as_ref().map(|r| r.winner.clone());
    match depth {
        Depth::Full if want.result != got.result => out.push(format!(
            "result: expected {}, got {}",
            show(&want.result),
            show(&got.result)
        )),
        Depth::Verdicts if winner(&want.result) != winner(&got.result) => out.push(format!(
            "result.winner: expected {}, got {}",
            show(&winner(&want.result)),
            show(&winner(&got.result))
        )),
        _ => {}
    }
    out
}

pub(super) fn show<T: Serialize>(v: &T) -> String {
    let value = serde_json::to_value(v).expect("expectations serialise");
    match value {
        serde_json::Value::Null => "none".into(),
        other => flow(&other),
    }
}

/// The same options with one of them set to `value` (names and values as in records).
pub fn with_option(options: Options, option: &str, value: &str) -> Option<Options> {
    let mut v = serde_json::to_value(options).ok()?;
    v.as_object_mut()?
        .insert(option.into(), serde_json::Value::String(value.into()));
    serde_json::from_value(v).ok()
}

/// The value of one option, as records write it.
pub fn option_value(options: Options, option: &str) -> String {
    serde_json::to_value(options)
        .ok()
        .and_then(|v| v.get(option).and_then(|x| x.as_str()).map(str::to_string))
        .unwrap_or_default()
}

/// The status of every option value for `game` (its expectations `base`, derived with its
/// own options), derived with `rules` (the transcription).
pub fn readings(rules: &dyn RuleSet, game: &Game, base: &Expected) -> Result<Readings, String> {
    let mut out = Readings::new();
    for (option, values) in OPTION_VALUES {
        let mut statuses = BTreeMap::new();
        for value in values {
            let options = with_option(game.setup.options, option, value)
                .expect("every listed value is an option value");
            let varied = Game {
                setup: Setup {
                    options,
                    ..game.setup.clone()
                },
                turns: game.turns.clone(),
            };
            let got = derive(rules, &varied)?;
            let board = &game.setup.board;
            let status = if differences(board, base, &got, Depth::Full).is_empty() {
                Status::Valid
            } else if differences(board, base, &got, Depth::Verdicts).is_empty() {
                Status::Acceptable
            } else {
                Status::Invalid
            };
            statuses.insert(value.to_string(), status);
        }
        out.insert(option.to_string(), statuses);
    }
    Ok(out)
}

/// The clause ids a vector's game exercises, read off the rules' own trace
/// ([`crate::explain::clauses`]: what the start and every turn applied, with the definitions
/// each step decided by, and the clause of every refused turn) and, for a record with a
/// cycle, `dir:WIN` (the outcome of its infinite play) and the clause that refuses a turn
/// of its prefix or its cycle, if one does.
pub fn exercised_clauses(record: &Record, game: &Game) -> Result<BTreeSet<String>, String> {
    let mut out: BTreeSet<String> = crate::explain::clauses(game)?
        .into_iter()
        .map(|c| c.id().to_string())
        .collect();
    if let Some(cycle) = record.cycle_turns(game).map_err(|e| e.0)? {
        out.insert(Clause::Directed(Directed::Win).id().to_string());
        if let Err(LassoError::Prefix { illegal, .. } | LassoError::Cycle { illegal, .. }) =
            crate::variants::directed::lasso_outcome(game, &cycle)?
        {
            out.insert(illegal.clause.id().to_string());
        }
    }
    Ok(out)
}

// ---------------------------------------------------------------------------------------
// Writing a vector from a record
// ---------------------------------------------------------------------------------------

/// What `vectors new` and the generator know about a vector before it is derived.
#[derive(Clone, Debug, Default)]
pub struct Draft {
    pub id: String,
    /// Why the vector exists (its `why`).
    pub why: Option<String>,
    /// Clause ids named by hand (the exercised ones are added).
    pub clauses: Vec<String>,
    pub checked: Option<String>,
    pub source: Option<String>,
    pub note: Option<String>,
}

/// Whether judging or writing a vector of `record` is within the cap on its work
/// (`caps::Work::Vector`: points x turns, a lasso's cycle counted as often as it may be
/// replayed); the message names the cap.
pub fn within_cap(record: &Record, game: &Game) -> Result<(), String> {
    if game.turns.len() > crate::caps::MAX_VECTOR_TURNS {
        return Err(format!(
            "{} turns is over the cap of {} turns for a conformance vector (vectors check, vectors new; spec/FORMAT.md, \"Caps\")",
            game.turns.len(),
            crate::caps::MAX_VECTOR_TURNS
        ));
    }
    let cycle = record.cycle.as_ref().map_or(0, Vec::len);
    let steps = crate::caps::lasso_steps(
        game.turns.len(),
        cycle,
        crate::spec::directed::MAX_LASSO_PASSES,
    );
    crate::caps::check(
        crate::caps::Work::Vector,
        game.setup.rules,
        game.setup.board.len(),
        steps,
    )
}

/// A vector for `game`: expectations derived from the transcription (`reference`) and
/// confirmed by `confirm` (the engine): `Err` naming the first difference when the two
/// disagree. The readings are derived from the transcription.
pub fn write_vector(
    reference: &dyn RuleSet,
    confirm: &[&dyn RuleSet],
    record: &Record,
    game: &Game,
    draft: Draft,
) -> Result<Vector, String> {
    within_cap(record, game)?;
    let mut expected = derive(reference, game).map_err(|e| format!("{}: {e}", reference.name()))?;
    // Keep the record's own text of each turn: a family may name its placements otherwise
    // than the board names its points (topological Go names elements of S). General Graph
    // Go's turns name points, and are written with the canonical names (a record may use
    // GTP names, which are read but never written: spec/FORMAT.md, "GTP names").
    if record.moves.len() == expected.turns.len() && !RuleId::GRAPH.contains(&game.setup.rules) {
        for (t, text) in expected.turns.iter_mut().zip(&record.moves) {
            t.play = text.clone();
        }
    }
    for other in confirm {
        let got = derive(*other, game).map_err(|e| format!("{}: {e}", other.name()))?;
        let diff = differences(&game.setup.board, &expected, &got, Depth::Full);
        if !diff.is_empty() {
            return Err(format!(
                "{} and {} disagree: {}",
                reference.name(),
                other.name(),
                diff.join("; ")
            ));
        }
    }
    let readings = if RuleId::GRAPH.contains(&game.setup.rules) {
        readings(reference, game, &expected)?
    } else {
        Readings::new()
    };
    let mut clauses: BTreeSet<String> = draft.clauses.into_iter().collect();
    clauses.extend(exercised_clauses(record, game)?);
    let lasso = lasso_outcome(record, game)?;
    let mut record = record.clone();
    record.moves = expected.turns.iter().map(|t| t.play.clone()).collect();
    let head = Head {
        lasso,
        id: draft.id,
        why: draft.why,
        clauses: clauses.into_iter().collect(),
        checked: draft.checked,
        source: draft.source,
        note: draft.note,
        readings,
        turns: expected.turns,
        result: expected.result,
    };
    // Read the vector back from its own text: what is written is what is checked.
    let vector = Vector {
        game: game.clone(),
        record,
        head,
    };
    let again = Vector::parse(&vector.to_yaml(), false)
        .map_err(|e| format!("the written vector does not read back: {e}"))?;
    Ok(again)
}
