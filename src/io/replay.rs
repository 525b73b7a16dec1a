//! Replays a game through any [`RuleSet`] and reports every turn, the first illegal one,
//! the final position and the result, as text or as JSON (format in `spec/FORMAT.md`).

use std::fmt::Write as _;

use serde_json::{json, Map, Value};

use crate::board::{Board, Shape};
use crate::game::{
    Colour, EndReason, GameResult, Illegal, Observation, RuleSet, Setup, Turn, Unsupported,
};
use crate::io::record::Game;
use crate::rational;

/// One legal turn and the vertices it emptied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnReport {
    pub turn: Turn,
    pub removed: Vec<usize>,
}

/// The first illegal turn of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalTurn {
    pub index: usize,
    pub turn: Turn,
    pub illegal: Illegal,
}

/// What a replay found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    pub turns: Vec<TurnReport>,
    pub illegal: Option<IllegalTurn>,
    pub last: Observation,
    /// The probes the rules refused (a record's `probes`), in order: each changed nothing.
    pub probes: Vec<IllegalTurn>,
}

/// Plays the game's turns in order, stopping at the first illegal one.
pub fn replay(rules: &dyn RuleSet, game: &Game) -> Result<Replay, Unsupported> {
    replay_with_probes(rules, game, &[])
}

/// [`replay`], the turns at `probes` (indices from 0: a record's `probes`, from
/// [`crate::io::record::Record::probe_turns`]) given as probes: refused, a probe changes
/// nothing and is reported in [`Replay::probes`], and the replay goes on; played, it is a
/// turn like the others.
pub fn replay_with_probes(
    rules: &dyn RuleSet,
    game: &Game,
    probes: &[usize],
) -> Result<Replay, Unsupported> {
    let mut playing = rules.start(&game.setup)?;
    let mut before = playing.observe();
    let mut turns = Vec::with_capacity(game.turns.len());
    let mut refused = Vec::new();
    for (index, turn) in game.turns.iter().enumerate() {
        if let Err(illegal) = playing.play(turn) {
            let illegal = IllegalTurn {
                index,
                turn: turn.clone(),
                illegal,
            };
            if probes.contains(&index) {
                refused.push(illegal);
                continue;
            }
            return Ok(Replay {
                turns,
                illegal: Some(illegal),
                last: before,
                probes: refused,
            });
        }
        let after = playing.observe();
        let removed = removed_points(&game.setup, turn, &before.position, &after.position);
        turns.push(TurnReport {
            turn: turn.clone(),
            removed,
        });
        before = after;
    }
    Ok(Replay {
        turns,
        illegal: None,
        last: before,
        probes: refused,
    })
}

/// The points a legal turn emptied, given the colours before and after it: a point is
/// removed when it was coloured before the turn and is empty after it, and so is a point
/// the move coloured if the move's self-capture emptied it again.
pub fn removed_points(
    setup: &Setup,
    turn: &Turn,
    before: &[Colour],
    after: &[Colour],
) -> Vec<usize> {
    let placed = match *turn {
        Turn::Move { at, .. } => setup.points_of_move(at),
        _ => Vec::new(),
    };
    (0..after.len())
        .filter(|&v| {
            (before[v] != Colour::Empty || placed.contains(&v)) && after[v] == Colour::Empty
        })
        .collect()
}

fn result_json(result: &Option<GameResult>) -> Value {
    match result {
        None => Value::Null,
        Some(r) => json!({
            "winner": r.winner_word(),
            "by": r.by,
            "score": r.score.as_ref().map(|s| json!({"black": rational::format(&s[0]), "white": rational::format(&s[1])})),
        }),
    }
}

impl Replay {
    /// The JSON report: `illegal`, `final`, `result` (and the turns, for reading).
    pub fn to_json(&self, game: &Game) -> Value {
        let board = &game.setup.board;
        let position: Map<String, Value> = (0..board.len())
            .map(|v| (board.name(v).to_string(), json!(self.last.position[v])))
            .collect();
        let turns: Vec<Value> = self
            .turns
            .iter()
            .map(|t| {
                json!({
                    "turn": t.turn.text(game.setup.turn_names()),
                    "removed": t.removed.iter().map(|&v| board.name(v)).collect::<Vec<_>>(),
                })
            })
            .collect();
        let mut out = json!({
            "rules": game.setup.rules.name(),
            "turns": turns,
            "illegal": self.illegal.as_ref().map(|i| json!({
                "index": i.index,
                "turn": i.turn.text(game.setup.turn_names()),
                "clause": i.illegal.clause,
                "reason": i.illegal.reason,
            })),
            "final": {
                "position": position,
                "to_move": self.last.to_move,
                "prisoners": self.last.prisoners.map(|[p, q]| json!({"black": p, "white": q})),
                "scores": self.last.scores.as_ref().map(|[b, w]| json!({"black": rational::format(b), "white": rational::format(w)})),
            },
            "result": result_json(&self.last.result),
        });
        if !self.probes.is_empty() {
            out["probes"] = self.probes_json(game);
        }
        out
    }

    /// The refused probes as JSON: index, turn, clause and reason of each.
    fn probes_json(&self, game: &Game) -> Value {
        let names = game.setup.turn_names();
        self.probes
            .iter()
            .map(|i| {
                json!({
                    "index": i.index,
                    "turn": i.turn.text(names),
                    "clause": i.illegal.clause,
                    "reason": i.illegal.reason,
                })
            })
            .collect()
    }

    /// [`Replay::to_json`]'s fields written into `o` a piece at a time (a turn, a point of
    /// the final position at once: [`crate::io::json_stream`]), `result` in place of the
    /// replay's result when given (a lasso's outcome). The same text as `to_json` printed.
    pub fn write_json(
        &self,
        game: &Game,
        o: &mut crate::io::json_stream::Object,
        result: Option<&Value>,
    ) -> Result<(), String> {
        let board = &game.setup.board;
        let names = game.setup.turn_names();
        o.field("rules", &json!(game.setup.rules.name()))?;
        let mut turns = o.array("turns")?;
        for t in &self.turns {
            turns.item(&json!({
                "turn": t.turn.text(names),
                "removed": t.removed.iter().map(|&v| board.name(v)).collect::<Vec<_>>(),
            }))?;
        }
        turns.close()?;
        let illegal = self.illegal.as_ref().map(|i| {
            json!({
                "index": i.index,
                "turn": i.turn.text(names),
                "clause": i.illegal.clause,
                "reason": i.illegal.reason,
            })
        });
        o.field("illegal", &json!(illegal))?;
        if !self.probes.is_empty() {
            o.field("probes", &self.probes_json(game))?;
        }
        let mut last = o.object("final")?;
        let mut position = last.object("position")?;
        for v in 0..board.len() {
            position.field(board.name(v), &json!(self.last.position[v]))?;
        }
        position.close()?;
        last.field("to_move", &json!(self.last.to_move))?;
        last.field(
            "prisoners",
            &json!(self
                .last
                .prisoners
                .map(|[p, q]| json!({"black": p, "white": q}))),
        )?;
        last.field(
            "scores",
            &json!(self
                .last
                .scores
                .as_ref()
                .map(|[b, w]| json!({"black": rational::format(b), "white": rational::format(w)}))),
        )?;
        last.close()?;
        match result {
            Some(r) => o.field("result", r),
            None => o.field("result", &result_json(&self.last.result)),
        }
    }

    /// The text report: one line a turn, the final position, the result.
    pub fn to_text(&self, game: &Game) -> String {
        let mut out = String::new();
        self.write_text(game, &mut |s| {
            out.push_str(s);
            Ok(())
        })
        .expect("a string takes every piece");
        out
    }

    /// [`Replay::to_text`] written to `emit` a piece at a time (the header, a turn's line,
    /// a row of the final position: never the whole report in memory).
    pub fn write_text(
        &self,
        game: &Game,
        emit: &mut dyn FnMut(&str) -> Result<(), String>,
    ) -> Result<(), String> {
        let board = &game.setup.board;
        let mut out = String::new();
        if let crate::game::Equipment::Space(space) = &game.setup.equipment {
            let _ = writeln!(
                out,
                "rules {} on a go-space of {} and {}",
                game.setup.rules.name(),
                counted(board.len(), "point", "points"),
                counted(space.placements().len(), "placement", "placements")
            );
        } else {
            let _ = writeln!(
                out,
                "rules {} on {} and {}",
                game.setup.rules.name(),
                counted(board.len(), "vertex", "vertices"),
                counted(board.edge_count(), "edge", "edges")
            );
        }
        emit(&std::mem::take(&mut out))?;
        // The turns in the record's order: a refused probe in its place.
        let names = game.setup.turn_names();
        let mut probes = self.probes.iter().peekable();
        let probe_line = |out: &mut String, p: &IllegalTurn| {
            let _ = writeln!(
                out,
                "{:>4}. {}  refused, a probe ({}): {}",
                p.index + 1,
                p.turn.text(names),
                p.illegal.clause,
                p.illegal.reason
            );
        };
        let mut index = 0;
        for t in &self.turns {
            while let Some(p) = probes.next_if(|p| p.index == index) {
                probe_line(&mut out, p);
                index += 1;
            }
            let _ = write!(out, "{:>4}. {}", index + 1, t.turn.text(names));
            index += 1;
            if !t.removed.is_empty() {
                let names: Vec<&str> = t.removed.iter().map(|&v| board.name(v)).collect();
                let _ = write!(out, "  removes {}", names.join(" "));
            }
            out.push('\n');
            emit(&std::mem::take(&mut out))?;
        }
        for p in probes {
            probe_line(&mut out, p);
        }
        if let Some(i) = &self.illegal {
            let _ = writeln!(
                out,
                "{:>4}. {}  ILLEGAL ({}): {}",
                i.index + 1,
                i.turn.text(game.setup.turn_names()),
                i.illegal.clause,
                i.illegal.reason
            );
        }
        out.push_str("final position:\n");
        emit(&std::mem::take(&mut out))?;
        write_diagram(board, &self.last.position, emit)?;
        if let Some([p, q]) = self.last.prisoners {
            let _ = writeln!(out, "prisoners: Black {p}, White {q}");
        }
        if let Some([b, w]) = &self.last.scores {
            let _ = writeln!(
                out,
                "scores: Black {}, White {}",
                rational::format(b),
                rational::format(w)
            );
        }
        match (&self.last.result, self.last.to_move) {
            (Some(r), _) => {
                let who = match r.winner {
                    Some(p) => format!("{p} wins by {}", r.by.word()),
                    // repetition_end: third-situation-no-result: no winner, and no draw.
                    None if r.by == EndReason::NoResult => {
                        "no result (a situation's third occurrence since the last pass)".into()
                    }
                    None => format!("draw by {}", r.by.word()),
                };
                let _ = write!(out, "result: {who}");
                if let Some(s) = &r.score {
                    let _ = write!(
                        out,
                        " (Black {}, White {})",
                        rational::format(&s[0]),
                        rational::format(&s[1])
                    );
                }
                out.push('\n');
            }
            (None, Some(p)) => {
                let _ = writeln!(out, "result: none yet, {} to move", p);
            }
            (None, None) => {}
        }
        emit(&out)
    }
}

/// `1 edge`, `12 edges`.
fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A position drawn top row first (`X` black, `O` white, `.` empty) on grid-like boards, one
/// layer after another on 3-D boards, and as lists of vertices on other graphs.
pub fn diagram(board: &Board, position: &[Colour]) -> String {
    let mut out = String::new();
    write_diagram(board, position, &mut |s| {
        out.push_str(s);
        Ok(())
    })
    .expect("a string takes every piece");
    out
}

/// [`diagram`] written to `emit` a row (or, on other graphs, a thousand names) at a time.
pub fn write_diagram(
    board: &Board,
    position: &[Colour],
    emit: &mut dyn FnMut(&str) -> Result<(), String>,
) -> Result<(), String> {
    let mut out = String::new();
    let plane = |out: &mut String,
                 w: usize,
                 h: usize,
                 offset: usize,
                 emit: &mut dyn FnMut(&str) -> Result<(), String>|
     -> Result<(), String> {
        for y in (0..h).rev() {
            let _ = write!(out, "{:>3} ", y + 1);
            let row: Vec<String> = (0..w)
                .map(|x| position[offset + y * w + x].symbol().to_string())
                .collect();
            let _ = writeln!(out, "{}", row.join(" "));
            emit(&std::mem::take(out))?;
        }
        Ok(())
    };
    match *board.shape() {
        Shape::Plane { width, height } => {
            plane(&mut out, width, height, 0, emit)?;
            let labels: Vec<String> = (1..=width).map(|x| (x % 10).to_string()).collect();
            let _ = writeln!(out, "    {}", labels.join(" "));
        }
        Shape::Solid { x, y, z } => {
            for k in 0..z {
                let _ = writeln!(out, "  layer {}:", k + 1);
                plane(&mut out, x, y, k * x * y, emit)?;
            }
        }
        Shape::Other => {
            for (label, c) in [
                ("black", Colour::Black),
                ("white", Colour::White),
                ("empty", Colour::Empty),
            ] {
                let _ = write!(out, "  {label}:");
                for (i, v) in (0..board.len()).filter(|&v| position[v] == c).enumerate() {
                    let _ = write!(out, " {}", board.name(v));
                    if i % 1000 == 999 {
                        emit(&std::mem::take(&mut out))?;
                    }
                }
                out.push('\n');
            }
        }
    }
    emit(&out)
}
