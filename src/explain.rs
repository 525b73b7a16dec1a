//! `graphgo play --explain`: for every turn, the clauses that acted and what each did, in
//! the family's own words, and at the end how each score was counted.
//!
//! The trace is the rules' own (`crate::game::trace`): the record is played through the
//! transcription as played ([`Rules::start_traced`]), whose start and turns say which clauses
//! they applied and what each did; this module only puts those steps into sentences. The
//! one question it asks the game besides is where a move refused as a repetition would
//! return to ([`Traced::returns_to`]), to name that earlier position.

use std::collections::BTreeSet;

use num_traits::Zero;
use serde_json::{json, Value};

use crate::board::{Board, Vertex};
use crate::game::clause::{Clause, Topo};
use crate::game::trace::{Applied, Effect};
use crate::game::{Colour, EndReason, GameResult, Neutral, Player, Setup, Traced, Turn};
use crate::io::record::Game;
use crate::rational;
use crate::variants::Rules;

/// One clause at work, in words: its id and what it did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub clause: String,
    pub says: String,
}

/// What happened at one turn of the record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnTrace {
    /// 1 for the first turn.
    pub number: usize,
    /// The turn as the record writes it.
    pub turn: String,
    pub legal: bool,
    pub steps: Vec<Step>,
}

/// The trace of a whole record: every turn played (up to and including the first refused
/// one), then how the game ended and was scored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    pub turns: Vec<TurnTrace>,
    pub end: Vec<Step>,
}

fn step(clause: impl Into<Clause>, says: String) -> Step {
    Step {
        clause: clause.into().id().to_string(),
        says,
    }
}

/// `{3-3, 3-4}`: a set of points by name, in the order given.
fn set_text(board: &Board, points: &[Vertex]) -> String {
    let names: Vec<&str> = points.iter().map(|&v| board.name(v)).collect();
    format!("{{{}}}", names.join(", "))
}

/// Points of one colour split into the pieces that are connected on the board (adjacent
/// points): each piece is said on its own line, in the order of its first point.
fn pieces(board: &Board, points: &[Vertex]) -> Vec<Vec<Vertex>> {
    let set: BTreeSet<Vertex> = points.iter().copied().collect();
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for &start in points {
        if !seen.insert(start) {
            continue;
        }
        let mut piece = vec![start];
        let mut stack = vec![start];
        while let Some(u) = stack.pop() {
            for &w in board.neighbours(u) {
                if set.contains(&w) && seen.insert(w) {
                    piece.push(w);
                    stack.push(w);
                }
            }
        }
        piece.sort_unstable();
        out.push(piece);
    }
    out
}

fn colour_word(c: Colour) -> &'static str {
    match c {
        Colour::Black => "black",
        Colour::White => "white",
        Colour::Empty => "empty",
    }
}

/// Replays `game` through the transcription and explains every turn.
pub fn explain_record(game: &Game) -> Result<Trace, String> {
    let mut turns = Vec::new();
    let end = explain_each(game, &mut |t| {
        turns.push(t);
        Ok(())
    })?;
    Ok(Trace { turns, end })
}

/// [`explain_record`], one turn at a time: each turn's trace is handed to `each` as soon as it is
/// known (so a caller that writes it out holds one turn, not the record's million), and the
/// end's steps are returned. An error from `each` (an output that failed, a signal) stops
/// the replay and is returned. A record over the cap on replaying (`caps::check`) is
/// refused before any turn.
pub fn explain_each(
    game: &Game,
    each: &mut dyn FnMut(TurnTrace) -> Result<(), String>,
) -> Result<Vec<Step>, String> {
    let setup = &game.setup;
    if game.turns.len() > crate::caps::MAX_EXPLAINED_TURNS {
        return Err(format!(
            "{} turns is over the cap of {} turns that --explain explains (spec/FORMAT.md, \"Caps\")",
            game.turns.len(),
            crate::caps::MAX_EXPLAINED_TURNS
        ));
    }
    crate::caps::check(
        crate::caps::Work::Replay,
        setup.rules,
        setup.board.len(),
        game.turns.len(),
    )?;
    let names = setup.turn_names();
    let started = Rules.start_traced(setup).map_err(|e| e.to_string())?;
    let mut playing = started.state;
    // The steps of the end (the counts and the flooding), from the turn that ended the game.
    let mut scoring: Vec<Applied> = scoring_steps(&started.applied);
    for (i, turn) in game.turns.iter().enumerate() {
        crate::signals::interrupted().map_err(|e| e.to_string())?;
        let number = i + 1;
        let text = turn.text(names);
        match playing.play_traced(turn) {
            Err(illegal) => {
                let mut says = format!("refused by {}: {}", illegal.clause, illegal.reason);
                if let Some(k) = playing.returns_to(turn) {
                    says.push_str(&format!("; {} again", position_name(k)));
                }
                each(TurnTrace {
                    number,
                    turn: text,
                    legal: false,
                    steps: vec![Step {
                        clause: illegal.clause.id().to_string(),
                        says,
                    }],
                })?;
                break;
            }
            Ok(applied) => {
                let steps = turn_sentences(setup, &*playing, turn, &applied);
                let ended = scoring_steps(&applied);
                if !ended.is_empty() {
                    scoring = ended;
                }
                each(TurnTrace {
                    number,
                    turn: text,
                    legal: true,
                    steps,
                })?;
            }
        }
    }
    Ok(end_sentences(setup, &*playing, &scoring))
}

/// The clauses a record's game applies, each once, in order of first use: the start's,
/// every legal turn's (and the definitions each step decided by), and the clause of every
/// refused turn (a refused turn changes nothing, and the turns after it are played on). What
/// a conformance vector says it exercises.
pub fn clauses(game: &Game) -> Result<Vec<Clause>, String> {
    let started = Rules.start_traced(&game.setup).map_err(|e| e.to_string())?;
    let mut playing = started.state;
    let mut out = crate::game::trace::clauses_of(&started.applied);
    let mut add = |c: Clause| {
        if !out.contains(&c) {
            out.push(c);
        }
    };
    for turn in &game.turns {
        match playing.play_traced(turn) {
            Ok(applied) => applied.iter().flat_map(Applied::clauses).for_each(&mut add),
            Err(illegal) => add(illegal.clause),
        }
    }
    Ok(out)
}

fn position_name(k: usize) -> String {
    if k == 0 {
        "the starting position".to_string()
    } else {
        format!("the position of turn {k}")
    }
}

/// The steps that say how a game was scored: they are said at the end, not in the turn.
fn scoring_steps(applied: &[Applied]) -> Vec<Applied> {
    applied
        .iter()
        .filter(|a| {
            matches!(
                a.effect,
                Effect::Counted { .. }
                    | Effect::Decided { .. }
                    | Effect::Flooded { .. }
                    | Effect::Unreached { .. }
            )
        })
        .cloned()
        .collect()
}

/// The sentences of a legal turn, one per step of its trace that did something to say (a
/// step that only checked, or that removed nothing, is not said).
fn turn_sentences(setup: &Setup, game: &dyn Traced, turn: &Turn, applied: &[Applied]) -> Vec<Step> {
    let board = &setup.board;
    let mover = turn.player();
    let mut out = Vec::new();
    for a in applied {
        let c = a.clause;
        match &a.effect {
            Effect::Placed { player, at, points } => out.push(step(
                c,
                match c {
                    Clause::Topo(_) => format!(
                        "{} colours the legal placement {} {} (topo:D4): it is now a {} stone (topo:D3)",
                        player.word(),
                        setup.turn_names().name(*at),
                        set_text(board, points),
                        player.word()
                    ),
                    Clause::Mango(_) => format!(
                        "steps 1 and 2 move {} from E to {}",
                        board.name(*at),
                        if *player == Player::Black { "B" } else { "W" }
                    ),
                    Clause::Directed(_) => {
                        format!("{} places a stone on {}", player.word(), board.name(*at))
                    }
                    _ => format!("step 1 colours {} {}", board.name(*at), player.word()),
                },
            )),
            Effect::Removed { colour, points } if !points.is_empty() => {
                let own = *colour == mover.colour();
                let colour = colour_word(*colour);
                let groups = match c {
                    // General Graph Go removes group by group: each step is one group.
                    Clause::Ggg(_) => vec![points.clone()],
                    _ => pieces(board, points),
                };
                for g in groups {
                    let set = set_text(board, &g);
                    out.push(match (c, own) {
                        (Clause::Ggg(_), false) => step(
                            c,
                            format!("step 2 removes the {colour} group {set}: it has no liberty (ggg1:1)"),
                        ),
                        (Clause::Ggg(_), true) => step(
                            c,
                            format!("step 3 removes the mover's own {colour} group {set}: it has no liberty (ggg1:1)"),
                        ),
                        (Clause::Topo(_), false) => step(
                            c,
                            format!("clearing {colour} empties {set}: their strings have no liberty (topo:D6, topo:D7)"),
                        ),
                        (Clause::Topo(_), true) => step(
                            Topo::D9,
                            format!("then clearing the mover's own colour {colour} empties {set} (topo:D8)"),
                        ),
                        (Clause::Mango(_), false) => step(
                            c,
                            format!("step 3 returns the {colour} points {set} to E: not alive (mango:ALIVE)"),
                        ),
                        (Clause::Mango(_), true) => step(
                            c,
                            format!("step 4 returns the mover's own {colour} points {set} to E: not alive (mango:ALIVE)"),
                        ),
                        _ => step(
                            c,
                            format!("removes the {colour} stones {set}: no empty point reachable along arcs through stones of their colour"),
                        ),
                    });
                }
            }
            Effect::Captured { at, colour, chain } => out.push(step(
                c,
                format!(
                    "{} filled the last liberty of the {} chain {} (nrich:chain): it is captured",
                    board.name(*at),
                    colour_word(*colour),
                    set_text(board, chain)
                ),
            )),
            Effect::Passed { player } => out.push(step(c, format!("{} passes", player.word()))),
            Effect::Resigned { player } => {
                out.push(step(c, format!("{} resigns", player.word())))
            }
            Effect::Prisoners { before, after } => {
                let said = match turn {
                    Turn::Pass { .. } => "a pass spends one of the passer's prisoners",
                    _ => "each removed stone is a prisoner of its opponent",
                };
                out.push(step(
                    c,
                    format!(
                        "{said}: P (Black's) {} -> {}, Q (White's) {} -> {}",
                        before[0], after[0], before[1], after[1]
                    ),
                ));
            }
            Effect::KomiNamed { komi } => out.push(step(
                c,
                format!("the first player names komi {}", rational::format(komi)),
            )),
            Effect::ColourChosen { colour, scores } => {
                out.push(step(
                    c,
                    format!(
                        "the second player takes {}; White gains the komi",
                        colour.word()
                    ),
                ));
                out.push(step(c, scores_now(scores)));
            }
            Effect::HistoryDeleted { player } => out.push(step(
                c,
                format!("{} deletes the whole history", player.word()),
            )),
            Effect::Bid { player, amount } => out.push(step(
                c,
                format!("{} bids {}", player.word(), rational::format(amount)),
            )),
            Effect::BidIgnored { player } => {
                out.push(step(c, format!("{} ignores the bid", player.word())))
            }
            Effect::KoWinnerNamed {
                player,
                winner,
                scores,
            } => {
                out.push(step(
                    c,
                    format!("{} names {} the ko winner", player.word(), winner.word()),
                ));
                out.push(step(c, scores_now(scores)));
            }
            Effect::BoardReset { player } => out.push(step(
                c,
                format!(
                    "{}, the ko winner, resets the board to a state of the history",
                    player.word()
                ),
            )),
            Effect::Ended { result } => out.push(step(c, ending(c, result, mover))),
            Effect::NoMove {
                player,
                refusals,
                more,
            } => out.extend(no_move_sentences(game, c, *player, refusals, *more)),
            // Said at the end (the counts), or nothing to say (a check passed, the start).
            _ => {}
        }
    }
    out
}

fn scores_now(scores: &[num_rational::BigRational; 2]) -> String {
    format!(
        "scores now Black {}, White {}",
        rational::format(&scores[0]),
        rational::format(&scores[1])
    )
}

/// How the rule `clause` ended the game.
fn ending(clause: Clause, result: &GameResult, mover: Player) -> String {
    let loser = result
        .winner
        .map(Player::opponent)
        .map_or("the player to move", Player::word);
    match (clause, result.by) {
        (_, EndReason::Resignation) => format!("{} resigned: the game is over", mover.word()),
        (Clause::Topo(Topo::R4a), _) => format!("{loser} cannot take a turn and loses"),
        (_, EndReason::NoMove) => format!("{loser} cannot move and loses"),
        (_, EndReason::Repetition) => format!(
            "{}'s move gives an earlier colouring: the game is over",
            mover.word()
        ),
        (_, EndReason::Score) => "two passes in a row end the game".into(),
        (_, EndReason::NoResult) => format!(
            "{}'s move gives a situation for the third time since the last pass: the game is over without a result",
            mover.word()
        ),
    }
}

/// At a no-move ending, the loser's moves and the clause that refuses each.
fn no_move_sentences(
    game: &dyn Traced,
    clause: Clause,
    loser: Player,
    refusals: &[(usize, crate::game::Illegal)],
    more: usize,
) -> Vec<Step> {
    if refusals.is_empty() && more == 0 {
        return vec![step(
            clause,
            format!("{} has no move: no vertex is empty", loser.word()),
        )];
    }
    let mut out: Vec<Step> = refusals
        .iter()
        .map(|(at, illegal)| {
            let mut says = format!("{} may not move: {}", loser.word(), illegal.reason);
            let turn = Turn::Move {
                player: loser,
                at: *at,
            };
            if let Some(k) = game.returns_to(&turn) {
                says.push_str(&format!(": {} again", position_name(k)));
            }
            step(illegal.clause, says)
        })
        .collect();
    if more > 0 {
        out.push(step(
            clause,
            format!("and {more} more empty vertices, each refused"),
        ));
    }
    out
}

/// How the game ended and how each score was counted, from the steps of the turn that
/// ended it.
fn end_sentences(setup: &Setup, game: &dyn Traced, scoring: &[Applied]) -> Vec<Step> {
    let board = &setup.board;
    let last = game.observe();
    let Some(result) = &last.result else {
        return vec![Step {
            clause: String::new(),
            says: format!(
                "the game is not over: {} to move",
                last.to_move.map_or("nobody", Player::word)
            ),
        }];
    };
    let mut out = Vec::new();
    for a in scoring {
        let c = a.clause;
        match &a.effect {
            Effect::Counted {
                player,
                own,
                territory,
                score,
            } => out.push(step(c, counted(setup, c, *player, own, territory, score))),
            Effect::Decided { winner } => out.push(step(
                c,
                match winner {
                    Some(p) => format!("the larger score wins: {}'s", p.word()),
                    None => "equal scores: a tie".to_string(),
                },
            )),
            Effect::Flooded {
                from,
                reached,
                undisputed,
            } => {
                let player = from.player().unwrap_or(Player::Black);
                out.push(step(
                    c,
                    format!(
                        "flooding from the {} stones reaches {}, of which {} is not reached from the {} stones: {}'s territory under neutral: none (reading 1)",
                        player.word(),
                        set_text(board, reached),
                        set_text(board, undisputed),
                        player.opponent().word(),
                        player.word()
                    ),
                ));
            }
            Effect::Unreached { points } => out.push(step(
                c,
                format!(
                    "no flooding reaches the empty vertices {}: they touch no stone, and ggg1:4 as written (neutral: both, reading 1) counts them for both players; under neutral: none they would count for nobody",
                    set_text(board, points)
                ),
            )),
            _ => {}
        }
    }
    let winner = match (result.winner, result.by) {
        (Some(p), _) => format!("{} wins", p.word()),
        (None, EndReason::NoResult) => "no result".to_string(),
        (None, _) => "a draw".to_string(),
    };
    let how = match result.by {
        EndReason::Score => "by score",
        EndReason::Resignation => "by resignation",
        EndReason::NoMove => "as the other cannot move",
        EndReason::Repetition => "by a repetition (option repetition_end)",
        EndReason::NoResult => {
            "by a situation's third occurrence since the last pass (option repetition_end)"
        }
    };
    out.push(Step {
        clause: "result".into(),
        says: format!("{winner} {how}"),
    });
    out
}

/// A player's count, in the words of the family's scoring clause.
fn counted(
    setup: &Setup,
    clause: Clause,
    player: Player,
    own: &[Vertex],
    territory: &[Vertex],
    score: &num_rational::BigRational,
) -> String {
    let board = &setup.board;
    match clause {
        Clause::Topo(_) => {
            let points = num_rational::BigRational::from_integer((own.len() as i64).into());
            format!(
                "{}'s score is its number of points: {} {}{}",
                player.word(),
                own.len(),
                set_text(board, own),
                if *score != points {
                    format!(", {} with komi", rational::format(score))
                } else {
                    String::new()
                }
            )
        }
        Clause::Mango(_) => format!(
            "{}'s score is its initial score, plus F over its points {}, plus F over the empty points it alone reaches: {}",
            player.word(),
            set_text(board, own),
            rational::format(score)
        ),
        _ => {
            // Reading 1: under `neutral: none` an empty group must touch the player's
            // colour too (spec/ambiguities.md).
            let touching = match setup.options.neutral {
                Neutral::Both => String::new(),
                Neutral::None => format!("a {} neighbour and ", player.word()),
            };
            let mut says = format!(
                "{} counts {}: {} {} vertices {} and {} empty vertices in groups with {}no {} neighbour {}",
                player.word(),
                own.len() + territory.len(),
                own.len(),
                player.word(),
                set_text(board, own),
                territory.len(),
                touching,
                player.opponent().word(),
                set_text(board, territory)
            );
            if player == Player::White && !setup.komi.is_zero() {
                says.push_str(&format!(
                    ", plus komi {} (ggg1:notes): {}",
                    rational::format(&setup.komi),
                    rational::format(score)
                ));
            }
            says
        }
    }
}

impl TurnTrace {
    /// The turn's lines of [`Trace::to_text`]: a line for the turn, one a clause.
    pub fn to_text(&self) -> String {
        let mut out = format!("  {:>3}. {}\n", self.number, self.turn);
        for s in &self.steps {
            out.push_str(&format!("         {}: {}\n", s.clause, s.says));
        }
        out
    }

    /// `{"number", "turn", "legal", "steps": [{"clause", "says"}]}`.
    pub fn to_json(&self) -> Value {
        json!({
            "number": self.number,
            "turn": self.turn,
            "legal": self.legal,
            "steps": steps_json(&self.steps),
        })
    }
}

/// `[{"clause", "says"}]`.
pub fn steps_json(steps: &[Step]) -> Value {
    steps
        .iter()
        .map(|s| json!({"clause": s.clause, "says": s.says}))
        .collect()
}

/// The end's lines of [`Trace::to_text`], from `  end:`.
pub fn end_text(end: &[Step]) -> String {
    let mut out = String::from("  end:\n");
    for s in end {
        if s.clause.is_empty() {
            out.push_str(&format!("         {}\n", s.says));
        } else {
            out.push_str(&format!("         {}: {}\n", s.clause, s.says));
        }
    }
    out
}

impl Trace {
    /// One line a clause, under a line a turn.
    pub fn to_text(&self) -> String {
        let mut out = String::from("why:\n");
        for t in &self.turns {
            out.push_str(&t.to_text());
        }
        out.push_str(&end_text(&self.end));
        out
    }

    /// `{"turns": [{"number", "turn", "legal", "steps": [{"clause", "says"}]}], "end": [...]}`.
    pub fn to_json(&self) -> Value {
        json!({
            "turns": self.turns.iter().map(TurnTrace::to_json).collect::<Vec<_>>(),
            "end": steps_json(&self.end),
        })
    }
}
