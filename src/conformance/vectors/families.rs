//! The generator of the generated vectors of `spec/vectors/` (each placed and given its `why`
//! by `super::layout`): families of small cases on the boards where the rules bite (paths,
//! cycles, complete graphs, 2x2, 2x3, 3x3, tori, Moebius bands, Klein bottles, a cube), over
//! the three versions of General Graph Go and every option.
//!
//! Each case carries *claims*: what the rules say, stated here by hand or computed by the
//! small independent evaluator (`evaluator`: one move's three steps of `ggg1:2`, the area
//! count of `ggg1:4`), never by the transcription or the engine (the
//! network games of `worked_examples` also use the network article's own capture and
//! flooding, `spec::nrich`, which is not the rule set that derives the vector). A vector
//! is written only when the transcription's derivation meets every claim and the engine
//! derives the same thing (`super::write_vector`). The random family has no claims: it is
//! the transcription confirmed by the engine, and says so in its `source`.
//!
//! One file per kind of case: this one, the cases' form, the boards, and building a vector
//! from a case ([`build`]); `by_hand`, General Graph Go's families stated by hand;
//! `random`, the families without claims; `examples`, the worked examples of
//! `spec/examples/`; `worked_examples`, the sources' own examples; `evaluator`, the
//! independent evaluator of the claims.

use num_rational::BigRational;

use super::{write_vector, Draft, Expected, Vector};
use crate::board::Board;
use crate::game::clause::Clause;
use crate::game::{Options, Player, RuleId, RuleSet};
use crate::io::record::{Name, Record, RecordBoard, RecordPrisoners, RecordSetup};

mod by_hand;
mod evaluator;
mod examples;
mod random;
mod worked_examples;

use by_hand::*;
use evaluator::*;
pub use evaluator::{area, step};
pub use examples::clause_ids_in;
use examples::*;
use random::*;

/// What the rules say about a case, checked against the derived expectations.
#[derive(Clone, Debug)]
pub enum Claim {
    /// Turn i is legal.
    Legal(usize),
    /// Turn i is refused under this clause.
    Illegal(usize, &'static str),
    /// Turn i removes exactly these vertices (names).
    Removed(usize, Vec<String>),
    /// After turn i the position is this (one of `X`, `O`, `.` per vertex, in vertex order).
    Position(usize, String),
    /// After turn i, P and Q.
    Prisoners(usize, u64, u64),
    /// The game ends: winner (`None` a draw) and how.
    Ends(Option<Player>, &'static str),
    /// The game ends by score with these scores (Black's, White's; komi included).
    Scores(BigRational, BigRational),
    /// The game is not over after its turns.
    Unfinished,
}

/// One case of a family.
#[derive(Clone, Debug)]
pub struct Case {
    pub id: String,
    /// The clauses the case is about, by hand. The vector names those its trace applies and
    /// the examples, results and notes among these ([`build`]).
    pub clauses: Vec<String>,
    pub note: String,
    pub record: Record,
    pub claims: Vec<Claim>,
    /// Set for the sample checked by hand: the note then gives the derivation.
    pub by_hand: bool,
}

fn record(
    rules: RuleId,
    board: RecordBoard,
    black: &[&str],
    white: &[&str],
    moves: &[&str],
) -> Record {
    let list = |xs: &[&str]| xs.iter().map(|s| Name(s.to_string())).collect::<Vec<_>>();
    Record {
        rules: rules.name().to_string(),
        board,
        setup: (!black.is_empty() || !white.is_empty()).then(|| RecordSetup {
            black: list(black),
            white: list(white),
        }),
        to_move: None,
        prisoners: (rules == RuleId::Ggg3).then_some(RecordPrisoners { black: 0, white: 0 }),
        komi: None,
        options: Some(Options::default()),
        mango: None,
        moves: moves.iter().map(|s| s.to_string()).collect(),
        probes: Vec::new(),
        cycle: None,
    }
}

fn with_options(mut r: Record, pairs: &[(&str, &str)]) -> Record {
    let mut o = r.options.unwrap_or_default();
    for (k, v) in pairs {
        o = super::with_option(o, k, v).expect("known option values");
    }
    r.options = Some(o);
    r
}

fn case(
    id: String,
    clauses: &[&'static str],
    note: String,
    record: Record,
    claims: Vec<Claim>,
) -> Case {
    Case {
        id,
        clauses: clauses.iter().map(|c| c.to_string()).collect(),
        note,
        record,
        claims,
        by_hand: false,
    }
}

fn board_name(b: &RecordBoard) -> String {
    match b {
        RecordBoard::Grid([w, h]) => format!("grid{w}x{h}"),
        RecordBoard::Torus([w, h]) => format!("torus{w}x{h}"),
        RecordBoard::Cylinder([w, h]) => format!("cylinder{w}x{h}"),
        RecordBoard::Moebius([w, h]) => format!("moebius{w}x{h}"),
        RecordBoard::Klein([w, h]) => format!("klein{w}x{h}"),
        RecordBoard::Cube([x, y, z]) => format!("cube{x}x{y}x{z}"),
        RecordBoard::Path(n) => format!("path{n}"),
        RecordBoard::Cycle(n) => format!("cycle{n}"),
        RecordBoard::Complete(n) => format!("complete{n}"),
        RecordBoard::Graph(g) => format!("graph{}", g.vertices.len()),
        other => format!("{other:?}")
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .collect::<String>()
            .to_ascii_lowercase(),
    }
}

/// The small boards every family draws from.
pub fn small_boards() -> Vec<RecordBoard> {
    use RecordBoard::*;
    vec![
        Path(1),
        Path(2),
        Path(3),
        Path(5),
        Cycle(3),
        Cycle(4),
        Cycle(6),
        Complete(2),
        Complete(3),
        Complete(4),
        Complete(5),
        Grid([3, 1]),
        Grid([2, 2]),
        Grid([2, 3]),
        Grid([3, 3]),
        Torus([2, 2]),
        Torus([3, 3]),
        Torus([4, 4]),
        Cylinder([3, 2]),
        Moebius([3, 2]),
        Klein([3, 3]),
        Cube([2, 2, 2]),
    ]
}

const RULES: [RuleId; 3] = [RuleId::Ggg1, RuleId::Ggg2, RuleId::Ggg3];

fn superko(rules: RuleId) -> &'static str {
    if rules == RuleId::Ggg3 {
        "ggg3:3"
    } else {
        "ggg1:3"
    }
}

fn end_clause(rules: RuleId) -> &'static str {
    match rules {
        RuleId::Ggg2 => "ggg2:4",
        RuleId::Ggg3 => "ggg3:4",
        _ => "ggg1:4",
    }
}

/// Every case, in a fixed order.
pub fn cases(reference: &dyn RuleSet, engine: &dyn RuleSet) -> Vec<Case> {
    let mut all = Vec::new();
    all.extend(first_moves());
    all.extend(captures());
    all.extend(capture_before_self_capture());
    all.extend(self_captures());
    all.extend(repetitions());
    all.extend(scoring());
    all.extend(turns_and_endings());
    all.extend(worked_examples::cases());
    all.extend(random_games(reference, engine, 60));
    all.extend(example_cases());
    all.extend(mango_cases(reference, engine, 30));
    for c in &mut all {
        if let Some((_, why)) = HAND_CHECKED.iter().find(|(id, _)| *id == c.id) {
            c.by_hand = true;
            c.note = format!("{} Checked by hand: {why}", c.note);
        }
    }
    all
}

/// Checks the claims of a case against derived expectations; the first claim not met.
pub fn unmet(case: &Case, board: &Board, e: &Expected) -> Option<String> {
    let turn = |i: usize| e.turns.get(i);
    for claim in &case.claims {
        let ok = match claim {
            Claim::Legal(i) => turn(*i).is_some_and(|t| t.legal),
            Claim::Illegal(i, c) => {
                turn(*i).is_some_and(|t| !t.legal && t.clause.as_deref() == Some(*c))
            }
            Claim::Removed(i, names) => turn(*i).is_some_and(|t| {
                t.removed
                    .as_ref()
                    .map(|r| r.iter().map(|n| n.0.clone()).collect::<Vec<_>>())
                    == Some(names.clone())
            }),
            Claim::Position(i, text) => turn(*i).is_some_and(|t| {
                t.position.as_ref().is_some_and(|p| {
                    let b: Vec<&str> = p.black.iter().map(|n| n.0.as_str()).collect();
                    let w: Vec<&str> = p.white.iter().map(|n| n.0.as_str()).collect();
                    symbols(&position_of(board, &b, &w)) == *text
                })
            }),
            Claim::Prisoners(i, p, q) => turn(*i).is_some_and(|t| {
                t.prisoners
                    == Some(RecordPrisoners {
                        black: *p,
                        white: *q,
                    })
            }),
            Claim::Ends(w, by) => e
                .result
                .as_ref()
                .is_some_and(|r| r.by == *by && r.winner == w.map_or("draw", Player::word)),
            Claim::Scores(b, w) => e.result.as_ref().is_some_and(|r| {
                r.score
                    .as_ref()
                    .is_some_and(|s| s.black.0 == *b && s.white.0 == *w)
            }),
            Claim::Unfinished => e.result.is_none(),
        };
        if !ok {
            return Some(format!("claim {claim:?} not met"));
        }
    }
    None
}

/// Builds the vector of one case: derived by `reference`, confirmed by `engine`, and
/// checked against the case's claims.
pub fn build(reference: &dyn RuleSet, engine: &dyn RuleSet, c: &Case) -> Result<Vector, String> {
    let game = c.record.game().map_err(|e| format!("{}: {e}", c.id))?;
    let source = if c.id.starts_with("worked-") {
        "graphgo vectors generate: a worked example of the sources, its board or setup built by the transcription's example function; claims stated by hand (for the network games, by the article's own capture and flooding) in src/conformance/vectors/families/worked_examples.rs, derived by the spec, confirmed by the engine"
    } else if c.id.starts_with("example-") {
        "graphgo vectors generate: a worked example of spec/examples (its comment is in the note), derived by the spec, confirmed by the engine"
    } else if c.claims.is_empty() {
        "graphgo vectors generate (random family): derived by the spec, confirmed by the engine"
    } else {
        "graphgo vectors generate: claims stated by hand in src/conformance/vectors/families.rs, derived by the spec, confirmed by the engine"
    };
    // Where the vector is written and why it exists (`super::layout`): an id without a
    // place is refused, so that every generated vector says why.
    let (_, why) = super::layout::place(&c.id)
        .ok_or_else(|| format!("{}: no place in vectors::layout::PLACES", c.id))?;
    // The clauses a vector names are its trace's (`write_vector` adds them), and those of
    // the case's hand-named ones that no trace can hold: a source's worked example, stated
    // result or note (`Clause::is_played`). A hand-named clause the game does not apply is
    // not named.
    let draft = Draft {
        id: c.id.clone(),
        why: Some(why.into()),
        clauses: c
            .clauses
            .iter()
            .filter(|id| Clause::parse(id).is_some_and(|clause| !clause.is_played()))
            .cloned()
            .collect(),
        checked: Some(
            if c.by_hand {
                "by hand"
            } else {
                "spec and engine"
            }
            .into(),
        ),
        source: Some(source.into()),
        note: Some(c.note.clone()),
    };
    // A family the engine does not play yet is derived by the transcription alone (and the
    // source says so).
    let engine_plays = engine.start(&game.setup).is_ok();
    let draft = if engine_plays {
        draft
    } else {
        Draft {
            source: draft.source.map(|s| {
                s.replace(
                    ", confirmed by the engine",
                    " (the engine does not play these rules)",
                )
            }),
            ..draft
        }
    };
    let confirm: Vec<&dyn RuleSet> = if engine_plays {
        vec![engine]
    } else {
        Vec::new()
    };
    let v = write_vector(reference, &confirm, &c.record, &game, draft)
        .map_err(|e| format!("{}: {e}", c.id))?;
    if let Some(why) = unmet(c, &game.setup.board, &v.expected()) {
        return Err(format!("{}: {why}", c.id));
    }
    Ok(v)
}
