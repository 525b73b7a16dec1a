//! `graphgo play --explain`: for every turn, the clauses that acted and what each did, in
//! the family's own words, and at the end how each score was counted.
//!
//! The trace is derived outside the transcription, by watching it: the game is replayed
//! through [`Spec`], and each turn's sentences are read off what it reports (the colours
//! before and after, the refusal and its clause, prisoners and scores). Where a sentence
//! names more than an observation gives (the earlier turn a repetition returns to, the
//! points a `ggg1:4` score counts), the transcription's own clause functions are asked
//! (`spec::ggg::make_move`, `spec::ggg::groups`, `spec::ggg::score`), so that the words
//! and the rules cannot drift apart. `src/spec/`'s turn logic is not touched.

use std::collections::BTreeSet;
use std::sync::Arc;

use serde_json::{json, Value};

use crate::board::{Board, Vertex};
use crate::game::{Colour, EndReason, Neutral, Observation, Player, RuleId, RuleSet, Turn};
use crate::io::record::Game;
use crate::rational;
use crate::spec::{ggg, nrich};
use crate::variants::ggg::GraphGoGame;
use crate::variants::Spec;

/// One clause at work: its id and what it did.
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

fn step(clause: &str, says: String) -> Step {
    Step {
        clause: clause.to_string(),
        says,
    }
}

/// `{3-3, 3-4}`: a set of points by name, in the board's order.
fn set_text(board: &Board, points: &[Vertex]) -> String {
    let names: Vec<&str> = points.iter().map(|&v| board.name(v)).collect();
    format!("{{{}}}", names.join(", "))
}

/// The removed points split into connected pieces of one colour (adjacent on the board):
/// each piece is one removed group.
fn pieces(board: &Board, before: &[Colour], removed: &[Vertex]) -> Vec<(Colour, Vec<Vertex>)> {
    let set: BTreeSet<Vertex> = removed.iter().copied().collect();
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for &start in removed {
        if !seen.insert(start) {
            continue;
        }
        let colour = before[start];
        let mut piece = vec![start];
        let mut stack = vec![start];
        while let Some(u) = stack.pop() {
            for &w in board.neighbours(u) {
                if set.contains(&w) && before[w] == colour && seen.insert(w) {
                    piece.push(w);
                    stack.push(w);
                }
            }
        }
        piece.sort_unstable();
        out.push((colour, piece));
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
pub fn explain(game: &Game) -> Result<Trace, String> {
    let setup = &game.setup;
    let board = &setup.board;
    let names = setup.turn_names();
    let mut playing = Spec.start(setup).map_err(|e| e.to_string())?;
    // General Graph Go's own game beside it, to ask `GraphGoGame::move_refusal` why each
    // move of a player left without one is refused (`ggg2:4`, `ggg3:4`).
    let mut graph_state = if RuleId::GRAPH.contains(&setup.rules) {
        Some(GraphGoGame::start(setup)?)
    } else {
        None
    };
    let mut before = playing.observe();
    // The colouring at the start and after every legal turn, to name the turn a refused
    // repetition would return to.
    let mut history: Vec<Vec<Colour>> = vec![before.position.clone()];
    let mut turns = Vec::new();
    for (i, turn) in game.turns.iter().enumerate() {
        let number = i + 1;
        let text = turn.text(names);
        match playing.play(turn) {
            Err(illegal) => {
                let mut says = format!("refused by {}: {}", illegal.clause, illegal.reason);
                if let Some(k) = repeated_turn(game, &before, turn, &history) {
                    says.push_str(&format!("; {} again", position_name(k)));
                }
                turns.push(TurnTrace {
                    number,
                    turn: text,
                    legal: false,
                    steps: vec![step(illegal.clause.id(), says)],
                });
                break;
            }
            Ok(()) => {
                let after = playing.observe();
                let mut steps = turn_steps(game, turn, &before, &after);
                history.push(after.position.clone());
                if let Some(state) = graph_state.as_mut() {
                    *state = state.after(turn).map_err(|e| e.to_string())?;
                    steps.extend(no_move_reasons(game, state, &before, &after, &history));
                }
                turns.push(TurnTrace {
                    number,
                    turn: text,
                    legal: true,
                    steps,
                });
                before = after;
            }
        }
    }
    let end = end_steps(game, &before, board);
    Ok(Trace { turns, end })
}

fn position_name(k: usize) -> String {
    if k == 0 {
        "the starting position".to_string()
    } else {
        format!("the position of turn {k}")
    }
}

/// For a refused move of General Graph Go: the earliest turn (0: the start) whose colouring
/// the move would produce, as `ggg1:2` makes it (`spec::ggg::make_move`).
fn repeated_turn(
    game: &Game,
    before: &Observation,
    turn: &Turn,
    history: &[Vec<Colour>],
) -> Option<usize> {
    if !RuleId::GRAPH.contains(&game.setup.rules) {
        return None;
    }
    let Turn::Move { player, at } = *turn else {
        return None;
    };
    if before.position.get(at) != Some(&Colour::Empty) {
        return None;
    }
    let g = ggg::ColouredGraph {
        graph: Arc::clone(&game.setup.board),
        f: before.position.iter().copied().collect(),
    };
    let produced = ggg::make_move(&g, player, at).after;
    let produced: Vec<Colour> = produced.f.iter().copied().collect();
    history.iter().position(|p| *p == produced)
}

/// At a `ggg2:4` or `ggg3:4` ending, the loser's every move and the clause that refuses it
/// (`GraphGoGame::move_refusal`), at most [`REASONS_SHOWN`] of them named.
fn no_move_reasons(
    game: &Game,
    played: &GraphGoGame,
    before: &Observation,
    after: &Observation,
    history: &[Vec<Colour>],
) -> Vec<Step> {
    let Some(result) = after.result.as_ref().filter(|_| before.result.is_none()) else {
        return Vec::new();
    };
    if result.by != EndReason::NoMove {
        return Vec::new();
    }
    let Some(loser) = result.winner.map(Player::opponent) else {
        return Vec::new();
    };
    let state = &played.state;
    let board = &state.position.graph;
    let empty: Vec<Vertex> = (0..board.len())
        .filter(|&v| state.position.f[v] == Colour::Empty)
        .collect();
    if empty.is_empty() {
        return vec![step(
            end_clause_of(state),
            format!("{} has no move: no vertex is empty", loser.word()),
        )];
    }
    let mut out: Vec<Step> = empty
        .iter()
        .take(REASONS_SHOWN)
        .filter_map(|&at| Some((at, played.move_refusal(loser, at)?)))
        .map(|(at, illegal)| {
            let mut says = format!("{} may not move: {}", loser.word(), illegal.reason);
            let turn = Turn::Move { player: loser, at };
            if let Some(k) = repeated_turn(game, after, &turn, history) {
                says.push_str(&format!(": {} again", position_name(k)));
            }
            step(illegal.clause.id(), says)
        })
        .collect();
    if empty.len() > REASONS_SHOWN {
        out.push(step(
            end_clause_of(state),
            format!(
                "and {} more empty vertices, each refused",
                empty.len() - REASONS_SHOWN
            ),
        ));
    }
    out
}

/// How many refused moves a no-move ending names.
const REASONS_SHOWN: usize = 8;

fn end_clause_of(state: &crate::spec::ggg::State) -> &'static str {
    if state.rules == crate::game::Version::V2 {
        "ggg2:4"
    } else {
        "ggg3:4"
    }
}

/// The removed points of a legal turn: coloured before and empty after, and the points a
/// move coloured if they were emptied again (self-capture).
fn removed_points(game: &Game, turn: &Turn, before: &[Colour], after: &[Colour]) -> Vec<Vertex> {
    let placed = match *turn {
        Turn::Move { at, .. } => game.setup.points_of_move(at),
        _ => Vec::new(),
    };
    (0..after.len())
        .filter(|&v| {
            (before[v] != Colour::Empty || placed.contains(&v)) && after[v] == Colour::Empty
        })
        .collect()
}

fn turn_steps(game: &Game, turn: &Turn, before: &Observation, after: &Observation) -> Vec<Step> {
    let setup = &game.setup;
    let board = &setup.board;
    let rules = setup.rules;
    let removed = removed_points(game, turn, &before.position, &after.position);
    // The colour each removed point had: a self-captured placed point had the mover's.
    let mut was = before.position.clone();
    if let Turn::Move { player, at } = *turn {
        for v in setup.points_of_move(at) {
            was[v] = player.colour();
        }
    }
    let groups = pieces(board, &was, &removed);
    let mut steps = Vec::new();
    let mover = turn.player();
    let (opponents, own): (Vec<_>, Vec<_>) =
        groups.into_iter().partition(|(c, _)| *c != mover.colour());
    match rules {
        RuleId::Ggg1 | RuleId::Ggg2 | RuleId::Ggg3 => {
            let turn_clause = if rules == RuleId::Ggg2 {
                "ggg2:2"
            } else {
                "ggg1:2"
            };
            match *turn {
                Turn::Move { player, at } => {
                    steps.push(step(
                        turn_clause,
                        format!("step 1 colours {} {}", board.name(at), player.word()),
                    ));
                    for (c, g) in &opponents {
                        steps.push(step(
                            "ggg1:2",
                            format!(
                                "step 2 removes the {} group {}: it has no liberty (ggg1:1)",
                                colour_word(*c),
                                set_text(board, g)
                            ),
                        ));
                        // The network article's words for the same event: a chain whose
                        // last empty neighbour the move filled is captured.
                        steps.push(step(
                            "nrich:capture",
                            format!(
                                "{} filled the last liberty of the {} chain {} (nrich:chain): it is captured",
                                board.name(at),
                                colour_word(*c),
                                set_text(board, g)
                            ),
                        ));
                    }
                    for (c, g) in &own {
                        steps.push(step(
                            "ggg1:2",
                            format!(
                                "step 3 removes the mover's own {} group {}: it has no liberty (ggg1:1)",
                                colour_word(*c),
                                set_text(board, g)
                            ),
                        ));
                    }
                }
                Turn::Pass { player } => {
                    steps.push(step(turn_clause, format!("{} passes", player.word())));
                }
                Turn::Resign { player } => {
                    steps.push(step(turn_clause, format!("{} resigns", player.word())));
                }
                _ => {}
            }
            if let (Some(p), Some(q)) = (before.prisoners, after.prisoners) {
                if p != q {
                    let said = match turn {
                        Turn::Pass { .. } => "a pass spends one of the passer's prisoners",
                        _ => "each removed stone is a prisoner of its opponent",
                    };
                    steps.push(step(
                        "ggg3:2",
                        format!(
                            "{said}: P (Black's) {} -> {}, Q (White's) {} -> {}",
                            p[0], q[0], p[1], q[1]
                        ),
                    ));
                }
            }
        }
        RuleId::Mango => match *turn {
            Turn::Move { player, at } => {
                steps.push(step(
                    "mango:MOVE",
                    format!(
                        "steps 1 and 2 move {} from E to {}",
                        board.name(at),
                        if player == Player::Black { "B" } else { "W" }
                    ),
                ));
                for (c, g) in &opponents {
                    steps.push(step(
                        "mango:MOVE",
                        format!(
                            "step 3 returns the {} points {} to E: not alive (mango:ALIVE)",
                            colour_word(*c),
                            set_text(board, g)
                        ),
                    ));
                }
                for (c, g) in &own {
                    steps.push(step(
                        "mango:MOVE",
                        format!(
                            "step 4 returns the mover's own {} points {} to E: not alive (mango:ALIVE)",
                            colour_word(*c),
                            set_text(board, g)
                        ),
                    ));
                }
            }
            Turn::Pass { player } => {
                steps.push(step("mango:TURN", format!("{} passes", player.word())));
            }
            _ => {}
        },
        RuleId::TopoPrimitive | RuleId::TopoStones => match *turn {
            Turn::Move { player, at } => {
                let points = setup.points_of_move(at);
                steps.push(step(
                    "topo:D9",
                    format!(
                        "{} colours the legal placement {} {} (topo:D4): it is now a {} stone (topo:D3)",
                        player.word(),
                        setup.turn_names().name(at),
                        set_text(board, &points),
                        player.word()
                    ),
                ));
                for (c, g) in &opponents {
                    steps.push(step(
                        "topo:D8",
                        format!(
                            "clearing {} empties {}: their strings have no liberty (topo:D6, topo:D7)",
                            colour_word(*c),
                            set_text(board, g)
                        ),
                    ));
                }
                for (c, g) in &own {
                    steps.push(step(
                        "topo:D9",
                        format!(
                            "then clearing the mover's own colour {} empties {} (topo:D8)",
                            colour_word(*c),
                            set_text(board, g)
                        ),
                    ));
                }
            }
            Turn::Pass { player } => {
                steps.push(step("topo:D10b", format!("{} passes", player.word())));
            }
            _ => {}
        },
        RuleId::Directed => match turn {
            Turn::Move { player, at } => {
                steps.push(step(
                    "dir:TURNS",
                    format!("{} places a stone on {}", player.word(), board.name(*at)),
                ));
                for (c, g) in opponents.iter().chain(own.iter()) {
                    steps.push(step(
                            "dir:CAPTURE",
                            format!(
                                "removes the {} stones {}: no empty point reachable along arcs through stones of their colour",
                                colour_word(*c),
                                set_text(board, g)
                            ),
                        ));
                }
            }
            Turn::Pass { player } => {
                steps.push(step("dir:TURNS", format!("{} passes", player.word())));
            }
            Turn::Komi { komi, .. } => steps.push(step(
                "dir:KOMI",
                format!("the first player names komi {}", rational::format(komi)),
            )),
            Turn::ChooseColour { colour, .. } => steps.push(step(
                "dir:KOMI",
                format!(
                    "the second player takes {}; White gains the komi",
                    colour.word()
                ),
            )),
            Turn::DeleteHistory { player } => steps.push(step(
                "dir:TURNS",
                format!("{} deletes the whole history", player.word()),
            )),
            Turn::Bid { player, amount } => steps.push(step(
                "dir:KO",
                format!("{} bids {}", player.word(), rational::format(amount)),
            )),
            Turn::Ignore { player } => {
                steps.push(step("dir:KO", format!("{} ignores the bid", player.word())))
            }
            Turn::KoWinner { player, winner } => steps.push(step(
                "dir:KO",
                format!("{} names {} the ko winner", player.word(), winner.word()),
            )),
            Turn::Reset { player, .. } => steps.push(step(
                "dir:KO",
                format!(
                    "{}, the ko winner, resets the board to a state of the history",
                    player.word()
                ),
            )),
            Turn::Resign { player } => {
                steps.push(step("dir:TURNS", format!("{} resigns", player.word())))
            }
        },
    }
    if let (Some(b), Some(a)) = (&before.scores, &after.scores) {
        if b != a {
            let clause = match rules {
                RuleId::Mango => "mango:SCORE",
                RuleId::Directed => match turn {
                    Turn::ChooseColour { .. } => "dir:KOMI",
                    _ => "dir:KO",
                },
                _ => "score",
            };
            steps.push(step(
                clause,
                format!(
                    "scores now Black {}, White {}",
                    rational::format(&a[0]),
                    rational::format(&a[1])
                ),
            ));
        }
    }
    if before.result.is_none() {
        if let Some(result) = &after.result {
            steps.push(ending(rules, result.by, result.winner, turn));
        }
    }
    steps
}

/// The clause that ended the game, and how.
fn ending(rules: RuleId, by: EndReason, winner: Option<Player>, turn: &Turn) -> Step {
    let loser = winner.map(Player::opponent);
    match (rules, by) {
        (_, EndReason::Resignation) => step(
            if rules == RuleId::Ggg2 {
                "ggg2:4"
            } else {
                "ggg1:4"
            },
            format!("{} resigned: the game is over", turn.player().word()),
        ),
        (RuleId::Ggg2 | RuleId::Ggg3, EndReason::NoMove) => step(
            if rules == RuleId::Ggg2 {
                "ggg2:4"
            } else {
                "ggg3:4"
            },
            format!(
                "{} cannot move and loses",
                loser.map_or("the player to move", Player::word)
            ),
        ),
        (RuleId::TopoPrimitive, _) => step(
            "topo:R4a",
            format!(
                "{} cannot take a turn and loses",
                loser.map_or("the player to move", Player::word)
            ),
        ),
        (RuleId::TopoStones, _) => step("topo:R4b", "two passes in a row end the game".into()),
        (RuleId::Mango, _) => step("mango:END", "two passes in a row end the game".into()),
        (RuleId::Directed, _) => step("dir:WIN", "the game is over".into()),
        _ => step("ggg1:4", "two passes in a row end the game".into()),
    }
}

/// How the game ended and how each score was counted.
fn end_steps(game: &Game, last: &Observation, board: &Board) -> Vec<Step> {
    let setup = &game.setup;
    let Some(result) = &last.result else {
        return vec![step(
            "",
            format!(
                "the game is not over: {} to move",
                last.to_move.map_or("nobody", Player::word)
            ),
        )];
    };
    let mut out = Vec::new();
    let winner = result
        .winner
        .map_or("a draw".to_string(), |p| format!("{} wins", p.word()));
    match (setup.rules, &result.score) {
        (RuleId::Ggg1, Some(score)) => {
            let g = ggg::ColouredGraph {
                graph: Arc::clone(&setup.board),
                f: last.position.iter().copied().collect(),
            };
            for player in Player::BOTH {
                let own: Vec<Vertex> = (0..board.len())
                    .filter(|&v| last.position[v] == player.colour())
                    .collect();
                let counted = crate::variants::ggg::score(&g, player, setup.options.neutral);
                let territory: Vec<Vertex> = ggg::groups(&g)
                    .into_iter()
                    .filter(|grp| grp.iter().all(|&v| g.f[v] == Colour::Empty))
                    .filter(|grp| {
                        let touches = |c: Colour| {
                            grp.iter()
                                .any(|&u| board.neighbours(u).iter().any(|&w| g.f[w] == c))
                        };
                        !touches(player.opponent().colour())
                            && (setup.options.neutral == Neutral::Both || touches(player.colour()))
                    })
                    .flat_map(|grp| grp.into_iter())
                    .collect();
                // Reading 1: under `neutral: none` an empty group must touch the player's
                // colour too (spec/ambiguities.md).
                let touching = match setup.options.neutral {
                    Neutral::Both => String::new(),
                    Neutral::None => format!("a {} neighbour and ", player.word()),
                };
                let mut says = format!(
                    "{} counts {}: {} {} vertices {} and {} empty vertices in groups with {}no {} neighbour {}",
                    player.word(),
                    counted,
                    own.len(),
                    player.word(),
                    set_text(board, &own),
                    territory.len(),
                    touching,
                    player.opponent().word(),
                    set_text(board, &{
                        let mut t = territory.clone();
                        t.sort_unstable();
                        t
                    })
                );
                if player == Player::White
                    && setup.komi != num_rational::BigRational::from_integer(0.into())
                {
                    says.push_str(&format!(
                        ", plus komi {} (ggg1:notes): {}",
                        rational::format(&setup.komi),
                        rational::format(&score[1])
                    ));
                }
                out.push(step("ggg1:4", says));
            }
            out.extend(neutral_reading(setup, &last.position));
        }
        (RuleId::TopoStones, Some(score)) => {
            for player in Player::BOTH {
                let own: Vec<Vertex> = (0..board.len())
                    .filter(|&v| last.position[v] == player.colour())
                    .collect();
                out.push(step(
                    "topo:D11b",
                    format!(
                        "{}'s score is its number of points: {} {}{}",
                        player.word(),
                        own.len(),
                        set_text(board, &own),
                        if player == Player::White
                            && score[1]
                                != num_rational::BigRational::from_integer(
                                    (own.len() as i64).into()
                                )
                        {
                            format!(", {} with komi", rational::format(&score[1]))
                        } else {
                            String::new()
                        }
                    ),
                ));
            }
        }
        (RuleId::Mango, Some(score)) => {
            for player in Player::BOTH {
                let own: Vec<Vertex> = (0..board.len())
                    .filter(|&v| last.position[v] == player.colour())
                    .collect();
                out.push(step(
                    "mango:SCORE",
                    format!(
                        "{}'s score is its initial score, plus F over its points {}, plus F over the empty points it alone reaches: {}",
                        player.word(),
                        set_text(board, &own),
                        rational::format(&score[player.index()])
                    ),
                ));
            }
        }
        (_, Some(score)) => out.push(step(
            "score",
            format!(
                "Black {}, White {}",
                rational::format(&score[0]),
                rational::format(&score[1])
            ),
        )),
        (_, None) => {}
    }
    if setup.rules == RuleId::TopoStones && result.by == EndReason::Score {
        out.push(step(
            "topo:R5b",
            match result.winner {
                Some(p) => format!("the larger score wins: {}'s", p.word()),
                None => "equal scores: a tie".to_string(),
            },
        ));
    }
    let how = match result.by {
        EndReason::Score => "by score",
        EndReason::Resignation => "by resignation",
        EndReason::NoMove => "as the other cannot move",
        EndReason::Repetition => "by a repetition (option repetition_end)",
    };
    out.push(step("result", format!("{winner} {how}")));
    out
}

/// Reading 1 of `ggg1:4` (spec/ambiguities.md) beside the network article's flooding
/// (`nrich:flood`): under `neutral: none` each player's territory is what flooding from its
/// stones reaches and flooding from the opponent's does not (`nrich::undisputed_territory`);
/// under `neutral: both` (the text as written) the empty groups that touch no stone count
/// for both, where flooding would give them to nobody.
fn neutral_reading(setup: &crate::game::Setup, position: &[Colour]) -> Vec<Step> {
    let board = &setup.board;
    let flooded: nrich::Position = position.iter().copied().collect();
    match setup.options.neutral {
        Neutral::None => Player::BOTH
            .iter()
            .map(|&player| {
                let reached: Vec<Vertex> =
                    nrich::flooded_from(board, &flooded, player.colour()).into_iter().collect();
                let undisputed: Vec<Vertex> =
                    nrich::undisputed_territory(board, &flooded, player)
                        .into_iter()
                        .collect();
                step(
                    "nrich:flood",
                    format!(
                        "flooding from the {} stones reaches {}, of which {} is not reached from the {} stones: {}'s territory under neutral: none (reading 1)",
                        player.word(),
                        set_text(board, &reached),
                        set_text(board, &undisputed),
                        player.opponent().word(),
                        player.word()
                    ),
                )
            })
            .collect(),
        Neutral::Both => {
            let no_stone: Vec<Vertex> = (0..board.len())
                .filter(|&v| position[v] == Colour::Empty)
                .filter(|&v| {
                    !nrich::flooded_from(board, &flooded, Colour::Black).contains(&v)
                        && !nrich::flooded_from(board, &flooded, Colour::White).contains(&v)
                })
                .collect();
            if no_stone.is_empty() {
                return Vec::new();
            }
            vec![step(
                "nrich:flood",
                format!(
                    "no flooding reaches the empty vertices {}: they touch no stone, and ggg1:4 as written (neutral: both, reading 1) counts them for both players; under neutral: none they would count for nobody",
                    set_text(board, &no_stone)
                ),
            )]
        }
    }
}

impl Trace {
    /// One line a clause, under a line a turn.
    pub fn to_text(&self) -> String {
        let mut out = String::from("why:\n");
        for t in &self.turns {
            out.push_str(&format!("  {:>3}. {}\n", t.number, t.turn));
            for s in &t.steps {
                out.push_str(&format!("         {}: {}\n", s.clause, s.says));
            }
        }
        out.push_str("  end:\n");
        for s in &self.end {
            if s.clause.is_empty() {
                out.push_str(&format!("         {}\n", s.says));
            } else {
                out.push_str(&format!("         {}: {}\n", s.clause, s.says));
            }
        }
        out
    }

    /// `{"turns": [{"number", "turn", "legal", "steps": [{"clause", "says"}]}], "end": [...]}`.
    pub fn to_json(&self) -> Value {
        let steps = |s: &[Step]| -> Value {
            s.iter()
                .map(|s| json!({"clause": s.clause, "says": s.says}))
                .collect()
        };
        json!({
            "turns": self.turns.iter().map(|t| json!({
                "number": t.number,
                "turn": t.turn,
                "legal": t.legal,
                "steps": steps(&t.steps),
            })).collect::<Vec<_>>(),
            "end": steps(&self.end),
        })
    }
}
