//! Properties of General Graph Go (`seeds/000_247db042e5662acf.txt`, `spec/ggg.md`) checked
//! on the transcription through the public interface (`variants::Rules` as a `RuleSet`, `Playable`), on
//! random graphs, random setups and random turn sequences (issue "Start here", section 5).
//!
//! Each property runs at least 1,000 cases (more if `PROPTEST_CASES` asks for more).
//!
//! Replaying a failure:
//! - the shrunk input is printed as a graphgo game record (YAML) plus the list of choices;
//!   each assertion message also prints the game so far as a record: save it to a file and
//!   run `graphgo play FILE` to replay it turn by turn;
//! - proptest appends the failing seed (`cc <hex>`) to
//!   `tests/proptest-regressions/ggg_properties.txt`, and replays every seed there before new
//!   cases on every run: commit that file to keep the case;
//! - a whole run can be repeated with `PROPTEST_RNG_SEED=<u64> cargo test --test
//!   ggg_properties`, and one property picked by name as usual
//!   (`cargo test --test ggg relabelling`).

use crate::support;

use std::collections::HashSet;
use std::sync::Arc;

use graphgo::board::Vertex;
use graphgo::game::{
    Colour, GameResult, Observation, Options, Player, Repetition, RuleId, SelfCapture, Setup, Turn,
};
use graphgo::io::record::Record;
use graphgo::spec::ggg;
use graphgo::variants::ggg::GraphGoGame;
use proptest::prelude::*;
use proptest::test_runner::{FileFailurePersistence, TestCaseError};
use support::*;

/// At least 1,000 cases; `PROPTEST_CASES` may ask for more (and the other `PROPTEST_*`
/// variables apply). Failures are kept in a file at a fixed path (tests/ has no lib.rs, so
/// proptest's default would put it next to this file under another name).
fn config() -> ProptestConfig {
    let from_env = ProptestConfig::default();
    ProptestConfig {
        cases: from_env.cases.max(1000),
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "tests/proptest-regressions/ggg_properties.txt",
        ))),
        ..from_env
    }
}

/// Games of at most this many choices (each may be several attempts).
const TURNS: usize = 60;

/// Stones removed by a move at `at`, as [black, white]: every vertex that was black or white
/// before and is empty after, and the played vertex when it is empty after (its own stone
/// was placed and removed with its group).
fn removed_by_move(before: &[Colour], after: &[Colour], at: Vertex, mover: Player) -> [usize; 2] {
    let mut removed = [0, 0];
    for v in 0..before.len() {
        if after[v] != Colour::Empty {
            continue;
        }
        let was = if v == at {
            Some(mover)
        } else {
            before[v].player()
        };
        if let Some(p) = was {
            removed[p.index()] += 1;
        }
    }
    removed
}

/// True when every black or white group has a liberty (`ggg1:1`, by the flood fill).
fn no_libertyless_group(setup: &Setup, position: &[Colour]) -> bool {
    libertyless_groups(&setup.board, position).is_empty()
}

/// The colouring with black and white exchanged.
fn swap_colours(position: &[Colour]) -> Vec<Colour> {
    position
        .iter()
        .map(|&c| match c {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
            Colour::Empty => Colour::Empty,
        })
        .collect()
}

/// The observation of the colour-swapped game that mirrors `o`.
fn mirrored(o: &Observation) -> Observation {
    Observation {
        position: swap_colours(&o.position),
        to_move: o.to_move.map(Player::opponent),
        prisoners: o.prisoners.map(|[p, q]| [q, p]),
        scores: o.scores.clone().map(|[b, w]| [w, b]),
        result: o.result.as_ref().map(|r| GameResult {
            winner: r.winner.map(Player::opponent),
            by: r.by,
            score: r.score.clone().map(|[b, w]| [w, b]),
        }),
    }
}

/// The turn on the relabelled board (vertex `v` is `perm[v]` there).
fn relabel_turn(turn: Turn, perm: &[Vertex]) -> Turn {
    match turn {
        Turn::Move { player, at } => Turn::Move {
            player,
            at: perm[at],
        },
        other => other,
    }
}

/// The observation of the relabelled game that corresponds to `o`.
fn relabelled(o: &Observation, perm: &[Vertex]) -> Observation {
    let mut position = vec![Colour::Empty; o.position.len()];
    for (v, &c) in o.position.iter().enumerate() {
        position[perm[v]] = c;
    }
    Observation {
        position,
        ..o.clone()
    }
}

/// Any setup on the board: all three versions, all options, any komi.
fn any_setup(board: graphgo::board::Board) -> impl Strategy<Value = Setup> {
    setup_on(board, any_rules(), any_options(), Komi::Any)
}

/// A setup of version 2 or 3 under the source's own options (the reading of rule 4 the
/// transcription states), with any colouring, either player first, any prisoners.
fn version_2_or_3_setup(board: graphgo::board::Board) -> impl Strategy<Value = Setup> {
    setup_on(
        board,
        prop_oneof![Just(RuleId::Ggg2), Just(RuleId::Ggg3)],
        Just(Options::default()),
        Komi::Zero,
    )
}

/// A setup and a permutation of its vertices.
fn case_and_permutation() -> impl Strategy<Value = (Case, Vec<Vertex>)> {
    case(any_board(), any_setup, TURNS).prop_flat_map(|c| {
        let n = c.setup.board.len();
        let perm = Just((0..n).collect::<Vec<Vertex>>()).prop_shuffle();
        (Just(c), perm)
    })
}

/// Checks that the independent flood fill and `ggg::groups` partition the colouring into
/// the same groups (`ggg1:1`).
fn groups_agree(setup: &Setup, position: &[Colour]) -> Result<(), TestCaseError> {
    let board: &Arc<graphgo::board::Board> = &setup.board;
    let mut spec: Vec<Vec<Vertex>> = ggg::groups(&coloured_graph(board, position))
        .into_iter()
        .map(|g| g.into_iter().collect())
        .collect();
    let mut ours = flood_groups(board, position, false);
    spec.sort();
    ours.sort();
    prop_assert_eq!(spec, ours, "ggg1:1 groups differ at {:?}", position);
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    /// `GraphGoGame::legal_turns` (each move's effect found by locality, repetition by keys
    /// of colourings: `fast_paths::ggg`) lists exactly the turns `legal_turns_literal` finds
    /// by giving every candidate to `GraphGoGame::after`, at every position of random games
    /// from random setups (whose colourings may hold libertyless groups), on random
    /// graphs, under every version and option; and under the source's own options both are
    /// the source's literal `ggg::legal_turns`, and the game the source's `ggg::turn` plays.
    #[test]
    fn the_legal_turns_found_by_locality_are_the_turns_the_turn_accepts(
        case in case(any_board(), any_setup, TURNS),
    ) {
        let played = drive(&case)?;
        let mut state = GraphGoGame::start(&played.setup).expect("the case's setup starts");
        let as_written = played.setup.options == Options::default();
        let mut source = ggg::start(&played.setup).expect("the case's setup starts").state;
        let mut compared = 0;
        for step in std::iter::once(None).chain(played.steps.iter().map(Some)) {
            if let Some(step) = step {
                match state.after(&step.turn) {
                    Ok(next) => state = next,
                    Err(_) => continue,
                }
                if as_written {
                    source = ggg::turn(&source, &step.turn).expect("the source accepts it too").state;
                }
            }
            let fast = state.legal_turns();
            prop_assert_eq!(
                &fast,
                &state.legal_turns_literal(),
                "at position {} of the game\n{}", compared, played.record()
            );
            if as_written {
                prop_assert_eq!(&source, &state.state, "{}", played.record());
                prop_assert_eq!(&fast, &ggg::legal_turns(&source), "{}", played.record());
            }
            compared += 1;
        }
    }

    /// Versions 2 and 3 as played (`variants::ggg::GraphGoGame`, which leaves "unable to
    /// make a move", `ggg2:4` and `ggg3:4`, to its fast legal moves instead of the source's
    /// making every move of the board) are the source itself: the start is `ggg::start`,
    /// and every turn attempted (refusals included, with their clause and words) is
    /// `ggg::turn`, result included, on random boards from random setups (their stones
    /// make no-move endings frequent), under the source's own options.
    #[test]
    fn ggg2_4_and_ggg3_4_decided_by_the_fast_moves_are_the_source_s(
        case in case(any_board(), version_2_or_3_setup, TURNS),
    ) {
        let played = drive(&case)?;
        let mut game = GraphGoGame::start(&played.setup).expect("the case's setup starts");
        let mut source = ggg::start(&played.setup).expect("the case's setup starts").state;
        prop_assert_eq!(&game.state, &source, "at the start\n{}", played.record());
        for step in &played.steps {
            let (fast, written) = (game.after(&step.turn), ggg::turn(&source, &step.turn));
            match (fast, written) {
                (Ok(g), Ok(s)) => {
                    let s = s.state;
                    prop_assert_eq!(&g.state, &s, "after {:?}\n{}", step.turn, played.record());
                    (game, source) = (g, s);
                }
                (Err(f), Err(w)) => prop_assert_eq!(
                    (f.clause, f.reason),
                    (w.clause, w.reason),
                    "{:?} refused\n{}", step.turn, played.record()
                ),
                (f, w) => prop_assert!(
                    false,
                    "{:?}: played {:?}, source {:?}\n{}",
                    step.turn, f.map(|_| ()), w.map(|_| ()), played.record()
                ),
            }
        }
    }

    /// `ggg1:2`: after any move, from any setup, no black or white group is without a
    /// liberty (the move removes the opponent's libertyless groups, then the mover's, and
    /// removing only adds liberties). From a setup that has no libertyless group, this
    /// holds after every turn (passes and refused turns keep the colouring). Groups and
    /// liberties are found by an independent flood fill, which must also agree with
    /// `ggg::groups` and `ggg::liberties` at every position.
    #[test]
    fn ggg1_2_no_group_without_liberties_after_any_move(
        case in case(any_board(), any_setup, TURNS),
    ) {
        let played = drive(&case)?;
        let setup = &played.setup;
        let mut clean = no_libertyless_group(setup, &played.initial.position);
        for (i, step) in played.steps.iter().enumerate() {
            let after = &step.after.position;
            let now_clean = no_libertyless_group(setup, after);
            let moved = matches!(step.turn, Turn::Move { .. }) && step.outcome.is_ok();
            prop_assert!(
                now_clean || !(moved || clean),
                "after attempt {} ({:?}) groups {:?} have no liberty\n{}",
                i, step.turn, libertyless_groups(&setup.board, after), played.record()
            );
            clean = now_clean;
            if step.outcome.is_ok() {
                groups_agree(setup, after)?;
                let g = coloured_graph(&setup.board, after);
                for group in ggg::groups(&g) {
                    let members: Vec<Vertex> = group.iter().copied().collect();
                    let coloured = after[members[0]] != Colour::Empty;
                    let spec_has = !ggg::liberties(&g, &group).is_empty();
                    prop_assert_eq!(
                        spec_has,
                        coloured && has_liberty(&setup.board, after, &members),
                        "ggg1:1 liberties of {:?} at {:?}", members, after
                    );
                }
            }
        }
    }

    /// `ggg1:3` (and `ggg3:3`): no colouring repeats within a game. Under positional
    /// superko (the source) the colouring each move gives differs from the initial one and
    /// from every colouring after every earlier turn (a pass keeps the colouring, so it adds
    /// no new one; `ggg3:3`: a pass is not a move and is never refused for repetition).
    /// Under the variants: situational, the (colouring, player to move) a move gives is new;
    /// natural situational, no earlier move gave it with the same player to move; simple, it
    /// is not the colouring before the opponent's last turn; the ko point, it is not the
    /// colouring before the opponent's last turn when that turn was a move that removed
    /// stones of the player now moving (the retake the ko point forbids is the only such move).
    #[test]
    fn ggg1_3_no_colouring_repeats_within_a_game(
        case in case(
            any_board(),
            |b| setup_on(
                b,
                any_rules(),
                any_options().prop_filter("a repetition rule", |o| o.repetition != Repetition::None),
                Komi::Zero,
            ),
            TURNS,
        ),
    ) {
        let played = drive(&case)?;
        let rule = played.setup.options.repetition;
        let mut colourings: HashSet<Vec<Colour>> = HashSet::new();
        let mut situations: HashSet<(Vec<Colour>, Player)> = HashSet::new();
        let mut history: Vec<Vec<Colour>> = vec![played.initial.position.clone()];
        // Colourings given by a move, with the player to move after it.
        let mut by_moves: HashSet<(Vec<Colour>, Player)> = HashSet::new();
        // Whether the last turn was a move that removed stones of the player now to move.
        let mut captured_last_turn = false;
        colourings.insert(played.initial.position.clone());
        situations.insert((played.initial.position.clone(), played.setup.to_move));
        let mut moves = 0;
        for step in played.steps.iter().filter(|s| s.outcome.is_ok()) {
            let after = step.after.position.clone();
            let next = step.turn.player().opponent();
            match step.turn {
                Turn::Move { .. } => {
                    moves += 1;
                    match rule {
                        Repetition::Positional => prop_assert!(
                            !colourings.contains(&after),
                            "a move repeated the colouring {:?}\n{}", after, played.record()
                        ),
                        Repetition::Situational => prop_assert!(
                            !situations.contains(&(after.clone(), next)),
                            "a move repeated the situation {:?}, {:?} to move\n{}",
                            after, next, played.record()
                        ),
                        Repetition::NaturalSituational => prop_assert!(
                            !by_moves.contains(&(after.clone(), next)),
                            "a move gave the colouring {:?} an earlier move gave, {:?} to move\n{}",
                            after, next, played.record()
                        ),
                        Repetition::Simple => prop_assert!(
                            history.len() < 2 || history[history.len() - 2] != after,
                            "a move gave back the colouring before the opponent's turn\n{}",
                            played.record()
                        ),
                        Repetition::KoPoint => prop_assert!(
                            !captured_last_turn || history[history.len() - 2] != after,
                            "a move retook at once the stone that had just captured\n{}",
                            played.record()
                        ),
                        Repetition::None => unreachable!("filtered out"),
                    }
                    captured_last_turn = (0..after.len())
                        .any(|v| step.before.position[v] == next.colour() && after[v] == Colour::Empty);
                    by_moves.insert((after.clone(), next));
                }
                Turn::Pass { .. } => {
                    captured_last_turn = false;
                    prop_assert_eq!(&step.before.position, &after, "a pass changed the colouring")
                }
                Turn::Resign { .. } => {
                    prop_assert_eq!(&step.before.position, &after, "resigning changed the colouring");
                    continue;
                }
                // The turns of the directed rules are refused under ggg (only accepted steps
                // are looked at here).
                _ => prop_assert!(false, "ggg accepted the turn {:?}", step.turn),
            }
            colourings.insert(after.clone());
            situations.insert((after.clone(), next));
            history.push(after);
        }
        // Under positional superko the distinct colourings are exactly one per move, plus the
        // first (unless the game ended by a repetition, `repetition_end`: none can under
        // positional superko, which refuses every repetition first).
        if rule == Repetition::Positional {
            prop_assert_eq!(colourings.len(), moves + 1);
        }
    }

    /// `ggg1:2`: a move places one stone and removes some: the stones after a move are the
    /// stones before plus one minus the stones removed. Per vertex: every other vertex keeps
    /// its colour or is emptied (a removed stone), the played one gets the mover's colour or
    /// is emptied with its own group; a pass changes nothing. The self-capture option bounds
    /// the mover's own removed stones (none: 0; multi: never exactly 1).
    #[test]
    fn ggg1_2_stones_after_a_move_are_stones_before_plus_one_minus_removed(
        case in case(any_board(), any_setup, TURNS),
    ) {
        let played = drive(&case)?;
        for step in played.steps.iter().filter(|s| s.outcome.is_ok()) {
            let (before, after) = (&step.before.position, &step.after.position);
            match step.turn {
                Turn::Move { player, at } => {
                    prop_assert_eq!(before[at], Colour::Empty, "a move on a stone\n{}", played.record());
                    for v in 0..before.len() {
                        let allowed = if v == at {
                            after[v] == player.colour() || after[v] == Colour::Empty
                        } else {
                            after[v] == before[v] || after[v] == Colour::Empty
                        };
                        prop_assert!(
                            allowed,
                            "vertex {} went from {:?} to {:?} in {:?}\n{}",
                            v, before[v], after[v], step.turn, played.record()
                        );
                    }
                    let removed = removed_by_move(before, after, at, player);
                    prop_assert_eq!(
                        stones(after) + removed[0] + removed[1],
                        stones(before) + 1,
                        "stone count after {:?}\n{}", step.turn, played.record()
                    );
                    let own = removed[player.index()];
                    let refused = match played.setup.options.self_capture {
                        SelfCapture::All => false,
                        SelfCapture::Multi => own == 1,
                        SelfCapture::None => own > 0,
                    };
                    prop_assert!(
                        !refused,
                        "{:?} removed {} own stones under {:?}\n{}",
                        step.turn, own, played.setup.options.self_capture, played.record()
                    );
                }
                Turn::Pass { .. } | Turn::Resign { .. } => {
                    prop_assert_eq!(before, after, "{:?} changed the colouring", step.turn);
                }
                _ => prop_assert!(false, "ggg accepted the turn {:?}", step.turn),
            }
        }
    }

    /// Relabelling the vertices (a graph isomorphism) commutes with play: the permuted turns
    /// from the permuted setup on `Board::relabelled` are taken or refused alike (by the
    /// same clause), give the permuted colourings and the same player to move, prisoners and
    /// result, and at the end the legal turns are the permuted legal turns.
    #[test]
    fn play_commutes_with_relabelling_the_vertices(
        (case, perm) in case_and_permutation(),
    ) {
        let played = drive(&case)?;
        let mut image = case.setup.clone();
        image.board = Arc::new(case.setup.board.relabelled(&perm));
        for (v, &c) in case.setup.initial.iter().enumerate() {
            image.initial[perm[v]] = c;
        }
        let turns: Vec<Turn> = played.steps.iter().map(|s| relabel_turn(s.turn.clone(), &perm)).collect();
        let copy = replay(&image, &turns)?;
        prop_assert_eq!(&copy.initial, &relabelled(&played.initial, &perm));
        for (i, (a, b)) in played.steps.iter().zip(&copy.steps).enumerate() {
            prop_assert_eq!(
                a.outcome, b.outcome,
                "attempt {}: {:?} vs {:?} on the relabelled board\n{}",
                i, a.turn, b.turn, played.record()
            );
            prop_assert_eq!(
                &b.after, &relabelled(&a.after, &perm),
                "attempt {}: observations differ after {:?}\n{}", i, a.turn, played.record()
            );
        }
        let mut expected: Vec<Turn> = played
            .game
            .legal_turns()
            .into_iter()
            .map(|t| relabel_turn(t, &perm))
            .collect();
        expected.sort();
        prop_assert_eq!(copy.game.legal_turns(), expected, "legal turns at the end\n{}", played.record());
    }

    /// Swapping the colours mirrors every result: with the setup's colours exchanged, the
    /// other player first, the prisoners exchanged (P for Q) and every turn taken by the
    /// other player, each turn is taken or refused alike (same clause), and every
    /// observation is the mirror (colours, player to move, prisoners, winner and the two
    /// scores exchanged); so are the legal turns at the end. Komi is 0: it is White's alone,
    /// so a komi has no mirror in a setup.
    #[test]
    fn swapping_colours_and_players_mirrors_every_result(
        case in case(any_board(), |b| setup_on(b, any_rules(), any_options(), Komi::Zero), TURNS),
    ) {
        let played = drive(&case)?;
        let mut mirror = case.setup.clone();
        mirror.initial = swap_colours(&case.setup.initial);
        mirror.to_move = case.setup.to_move.opponent();
        mirror.prisoners = [case.setup.prisoners[1], case.setup.prisoners[0]];
        let turns: Vec<Turn> = played.steps.iter().map(|s| s.turn.swapped()).collect();
        let copy = replay(&mirror, &turns)?;
        prop_assert_eq!(&copy.initial, &mirrored(&played.initial));
        for (i, (a, b)) in played.steps.iter().zip(&copy.steps).enumerate() {
            prop_assert_eq!(
                a.outcome, b.outcome,
                "attempt {}: {:?} vs {:?} in the mirrored game\n{}",
                i, a.turn, b.turn, played.record()
            );
            prop_assert_eq!(
                &b.after, &mirrored(&a.after),
                "attempt {}: observations differ after {:?}\n{}", i, a.turn, played.record()
            );
        }
        let mut expected: Vec<Turn> = played.game.legal_turns().into_iter().map(|t| t.swapped()).collect();
        expected.sort();
        prop_assert_eq!(copy.game.legal_turns(), expected, "legal turns at the end\n{}", played.record());
    }

    /// `ggg1:1`, `ggg1:2`: play in one component never changes another. A component
    /// without libertyless groups is left exactly as it was by a move in another component.
    /// In general (setups may start with libertyless groups) a move changes another
    /// component only as `ggg1:2`'s removals do there: the opponent's groups that had no
    /// liberty are emptied, then the mover's that still have none. Boards are disjoint
    /// unions (`Board::disjoint_union`) and random graphs, which are often disconnected.
    #[test]
    fn play_in_one_component_never_changes_another(
        case in case(
            prop_oneof![2 => union_board(), 1 => simple_graph(4..=12)],
            |b| any_setup(b).prop_flat_map(|s| prop_oneof![
                3 => Just(without_libertyless_groups(s.clone())),
                1 => Just(s),
            ]),
            TURNS,
        ),
    ) {
        let played = drive(&case)?;
        let board = &played.setup.board;
        let component = components(board);
        for step in played.steps.iter().filter(|s| s.outcome.is_ok()) {
            let Turn::Move { player, at } = step.turn else { continue };
            let (before, after) = (&step.before.position, &step.after.position);
            let elsewhere: Vec<Vertex> =
                (0..before.len()).filter(|&v| component[v] != component[at]).collect();
            let untouched = libertyless_groups(board, before)
                .iter()
                .flatten()
                .all(|v| component[*v] == component[at]);
            // The removals of ggg1:2 outside the move's component (groups never cross
            // components, and the placed stone is not there).
            let mut expected = before.clone();
            for colour in [player.opponent().colour(), player.colour()] {
                for group in libertyless_groups(board, &expected) {
                    if expected[group[0]] == colour {
                        for v in group {
                            expected[v] = Colour::Empty;
                        }
                    }
                }
            }
            for &v in &elsewhere {
                if untouched {
                    prop_assert_eq!(
                        after[v], before[v],
                        "{:?} changed vertex {} of another component without libertyless groups\n{}",
                        step.turn, v, played.record()
                    );
                }
                prop_assert_eq!(
                    after[v], expected[v],
                    "{:?} in another component took vertex {} from {:?} to {:?}\n{}",
                    step.turn, v, before[v], after[v], played.record()
                );
            }
        }
    }

    /// `ggg3:0`, `ggg3:2`: in ggg3 every stone ever placed is accounted for. Each move places
    /// one stone; each removed stone adds one to a prisoner count (a black one to Q, a white
    /// one to P, whoever moved); each pass spends one of the passer's own. So after every
    /// turn P + Q + stones on the board + passes paid = initial P + initial Q + initial
    /// stones + moves made. Also each move adds exactly the white stones it removed to P and
    /// the black ones to Q, each pass takes one from the passer's count alone, and a pass
    /// (before the end) is allowed exactly when the passer's count is positive.
    #[test]
    fn ggg3_2_prisoners_passes_and_stones_account_for_every_stone(
        case in case(any_board(), |b| setup_on(b, Just(RuleId::Ggg3), any_options(), Komi::Zero), TURNS),
    ) {
        let played = drive(&case)?;
        let count = |o: &Observation| -> Result<[u64; 2], TestCaseError> {
            o.prisoners.ok_or_else(|| TestCaseError::fail("ggg3 observation without prisoners"))
        };
        let [p0, q0] = count(&played.initial)?;
        prop_assert_eq!([p0, q0], played.setup.prisoners);
        let stones0 = stones(&played.initial.position) as u64;
        let (mut moves, mut passes) = (0u64, 0u64);
        for step in &played.steps {
            let ([p, q], [p1, q1]) = (count(&step.before)?, count(&step.after)?);
            match (&step.turn, &step.outcome) {
                (&Turn::Move { player, at }, Ok(())) => {
                    moves += 1;
                    let removed = removed_by_move(&step.before.position, &step.after.position, at, player);
                    prop_assert_eq!(
                        [p1, q1], [p + removed[1] as u64, q + removed[0] as u64],
                        "prisoners after {:?}\n{}", step.turn, played.record()
                    );
                }
                (&Turn::Pass { player }, outcome) => {
                    if step.before.to_move == Some(player) {
                        let own = [p, q][player.index()];
                        prop_assert_eq!(
                            outcome.is_ok(), own > 0,
                            "{:?} with {} prisoners: {:?}\n{}", step.turn, own, outcome, played.record()
                        );
                    }
                    if outcome.is_ok() {
                        passes += 1;
                        let mut paid = [p, q];
                        paid[player.index()] -= 1;
                        prop_assert_eq!([p1, q1], paid, "prisoners after {:?}", step.turn);
                    }
                }
                _ => {}
            }
            let on_board = stones(&step.after.position) as u64;
            prop_assert_eq!(
                p1 + q1 + on_board + passes,
                p0 + q0 + stones0 + moves,
                "accounting after {:?}\n{}", step.turn, played.record()
            );
        }
    }
    /// The records these properties print on failure replay the game: the record of the
    /// setup and the turns taken reads back (`Record::parse`, `Record::game`) as the same
    /// graph, colouring, first player, prisoners, komi, options and turns, and replaying it
    /// ends in the same observation.
    #[test]
    fn failure_records_read_back_as_the_same_game(
        case in case(any_board(), any_setup, TURNS),
    ) {
        let played = drive(&case)?;
        let turns = played.turns();
        let yaml = Record::from_game(&played.setup, &turns).to_yaml();
        let game = Record::parse(&yaml, false)
            .and_then(|r| r.game())
            .map_err(|e| TestCaseError::fail(format!("{e}\n{yaml}")))?;
        let (a, b) = (&played.setup, &game.setup);
        prop_assert_eq!(a.board.names(), b.board.names(), "{}", yaml);
        prop_assert_eq!(a.board.edges().collect::<Vec<_>>(), b.board.edges().collect::<Vec<_>>());
        prop_assert_eq!(&a.initial, &b.initial);
        prop_assert_eq!((a.rules, a.to_move, a.prisoners, a.options), (b.rules, b.to_move, b.prisoners, b.options));
        prop_assert_eq!(&a.komi, &b.komi);
        prop_assert_eq!(&turns, &game.turns);
        let again = replay(b, &game.turns)?;
        prop_assert!(again.steps.iter().all(|s| s.outcome.is_ok()), "{}", yaml);
        prop_assert_eq!(again.game.observe(), played.game.observe(), "{}", yaml);
    }
}

/// `GraphGoGame::legal_turns` equals its `legal_turns_literal` and the source's own
/// `ggg::legal_turns` at every position of light playouts on a 7x7 grid (the spec suite's
/// games: `graphgo bench --suites spec`), under each version, where groups grow long and
/// captures and superko refusals happen; the source's `ggg::turn` plays the same game.
#[test]
fn the_legal_turns_found_by_locality_agree_on_grid_playouts() {
    use graphgo::bench::spec_suite::{family_setup, grid_games};
    let mut compared = 0;
    for rules in [RuleId::Ggg1, RuleId::Ggg2, RuleId::Ggg3] {
        let setup = family_setup(rules, 7).expect("a 7x7 setup");
        for (g, game) in grid_games(7, 2, 9).iter().enumerate() {
            let mut state = GraphGoGame::start(&setup).unwrap();
            let mut source = ggg::start(&setup).unwrap().state;
            for (i, turn) in game.iter().enumerate() {
                let fast = state.legal_turns();
                let at = format!("{} game {g} of seed 9, before turn {}", rules.name(), i + 1);
                assert_eq!(fast, state.legal_turns_literal(), "{at}");
                assert_eq!(fast, ggg::legal_turns(&source), "{at}");
                assert_eq!(state.state, source, "{at}");
                compared += 1;
                state = state.after(turn).expect("a playout's move is legal");
                source = ggg::turn(&source, turn)
                    .expect("a playout's move is legal")
                    .state;
            }
        }
    }
    assert!(compared > 200, "{compared}");
}

/// Case 8 of issue 27, small: a path of 201 points, White on every even point and Black to
/// move under versions 2 and 3: every empty point is a suicide that gives the colouring
/// back, so Black is unable to make a move and loses at the start (`ggg2:4`, `ggg3:4`,
/// Black holding no prisoner to pass with). The game's start, deciding it by the fast
/// legal moves, is the source's, which makes all 101 moves (the same record on 20,001
/// points is `tests/cli/caps.rs`'s, answered in a second).
#[test]
fn a_player_whose_every_move_is_a_suicide_has_no_move_as_the_source_says() {
    for rules in [RuleId::Ggg2, RuleId::Ggg3] {
        let board = graphgo::board::Board::path(201).unwrap();
        let mut setup = Setup::new(rules, board);
        for v in (1..201).step_by(2) {
            setup.initial[v] = Colour::White;
        }
        let game = GraphGoGame::start(&setup).unwrap();
        let source = ggg::start(&setup).unwrap().state;
        assert_eq!(game.state, source, "{rules:?}");
        let result = source.result.expect("Black cannot move");
        assert_eq!(result.winner, Some(Player::White));
        assert_eq!(result.by, graphgo::game::EndReason::NoMove);
        // One white stone fewer (point 2 empty) and Black has a move at 1-2's end: 1.
        setup.initial[1] = Colour::Empty;
        let game = GraphGoGame::start(&setup).unwrap();
        assert_eq!(game.state, ggg::start(&setup).unwrap().state, "{rules:?}");
        assert_eq!(game.state.result, None, "Black may play 1 or 2");
    }
}
