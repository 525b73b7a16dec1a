//! `mango::turn`, the transcription's turn (`mango:TURN`), arm by arm: one game worked by
//! hand reaches every arm (END, SETUP, the pass, MOVE's step 1, LEGAL, a legal move, and
//! TURN's refusal of anything else), played by the transcription itself; the forced pass
//! (`mango::must_pass`) and the literal legal turns on the way; and the variants' turn
//! (`variants::mango::turn`, steps 3 and 4 made fast) beside it at every step.

use graphgo::game::{Player, Turn};
use graphgo::io::record::Record;
use graphgo::spec::mango;
use graphgo::variants;
use num_rational::BigRational;

fn q(n: i64, d: i64) -> BigRational {
    BigRational::new(n.into(), d.into())
}

#[test]
fn mango_turn_every_arm_in_one_game_worked_by_hand() {
    // The path 1-2-3, F = 1, T = z >= 1, scores 0 and 0, Black first (a record without a
    // `mango` field).
    let game = Record::parse("rules: mango\nboard: {path: 3}\n", false)
        .unwrap()
        .game()
        .unwrap();
    let board = &game.setup.board;
    let mut state = mango::start(&game.setup).unwrap().state;
    // Each turn, and the clause that refuses it (None: it is played).
    let steps: [(&str, Option<&str>); 9] = [
        // mango:SETUP — Black has the first turn.
        ("W 1", Some("mango:SETUP")),
        // mango:TURN — no resignation.
        ("B resign", Some("mango:TURN")),
        // Legal: B on 1, L = {2, 3}, z = 2: alive; the configuration is new.
        ("B 1", None),
        // mango:MOVE step 1 — 1 is not in E.
        ("W 1", Some("mango:MOVE")),
        // Legal: W on 2; step 3: Black's 1 has L = {} (its one neighbour is white): to E;
        // step 4: White's 2 has L = {1, 3}: alive. (E, B, W) = ({1, 3}, {}, {2}): new.
        ("W 2", None),
        // mango:LEGAL — B on 1: White's 2 keeps L = {3}; Black's 1 has L = {} and goes
        // back to E in step 4: ({1, 3}, {}, {2}) again, the current configuration.
        ("B 1", Some("mango:LEGAL")),
        // mango:TURN — a pass.
        ("B pass", None),
        // mango:TURN and mango:END — the second pass in a row ends the game.
        ("W pass", None),
        // mango:END — no turn after the end.
        ("B pass", Some("mango:END")),
    ];
    for (i, (text, refused_by)) in steps.iter().enumerate() {
        let turn = Turn::parse(text, board).unwrap();
        let by_spec = mango::turn(&state, &turn);
        let by_variant = variants::mango::turn(&state, &turn);
        assert_eq!(
            by_spec.as_ref().err().map(|e| e.clause.id()),
            *refused_by,
            "turn {i}: {text}"
        );
        assert_eq!(by_variant, by_spec, "turn {i}: {text}");
        if let Ok(next) = by_spec {
            state = next.state;
        }
        if i == 4 {
            // After W 2 Black has no legal move: on 1 or on 3 the black stone dies in step
            // 4 and the configuration is the current one. Black must pass.
            assert!(mango::must_pass(&state));
            assert_eq!(
                mango::legal_turns(&state),
                [Turn::Pass {
                    player: Player::Black
                }]
            );
        }
    }
    // The end, scored: Black 0; White its stone on 2 and both empty points (each reaches
    // only White's 2): 3. White wins.
    let result = state.result.clone().expect("the game is over");
    assert_eq!(result.score, Some([q(0, 1), q(3, 1)]));
    assert_eq!(result.winner, Some(Player::White));
    assert!(mango::legal_turns(&state).is_empty());
}

#[test]
fn mango_turn_the_literal_legal_turns_at_the_start() {
    // The path 1-2-3, empty: a black stone anywhere reaches the other two points and lives,
    // so every point is a legal move, and the pass.
    let game = Record::parse("rules: mango\nboard: {path: 3}\n", false)
        .unwrap()
        .game()
        .unwrap();
    let state = mango::start(&game.setup).unwrap().state;
    assert!(!mango::must_pass(&state));
    let player = Player::Black;
    let mut expected: Vec<Turn> = (0..3)
        .map(|at| Turn::Move { player, at })
        .chain([Turn::Pass { player }])
        .collect();
    expected.sort();
    assert_eq!(mango::legal_turns(&state), expected);
}

/// `mango:SETUP`: I, F and the colouring are over the same points. A setup whose colouring
/// alone has another size (here 4 colours on the path of 3) is refused, naming the three
/// sizes, even though F fits the board.
#[test]
fn mango_setup_refuses_a_colouring_of_another_size() {
    let game = Record::parse("rules: mango\nboard: {path: 3}\n", false)
        .unwrap()
        .game()
        .unwrap();
    assert!(mango::start(&game.setup).is_ok());
    let mut longer = game.setup.clone();
    longer.initial.push(graphgo::game::Colour::Empty);
    assert_eq!(
        mango::start(&longer).unwrap_err(),
        "the board has 3 points, F gives 3 and the setup colours 4"
    );
}

/// Issue 30: the start and each arm of the turn return the clauses applied, in order, with
/// what each did, read off the text. The start: the equipment (`mango:EQUIP`), the
/// configuration (`mango:CONFIG`), the setup's agreement (`mango:SETUP`). A move:
/// `mango:MOVE` steps 1 and 2 (n from E to M, a turn of `mango:TURN`), step 3 (H's members
/// not alive back to E) and step 4 (M's), each by `mango:ALIVE`, `mango:PATH` and
/// `mango:INDEX` and each a step even when it returns nothing; then `mango:LEGAL`, the new
/// configuration. A pass is `mango:TURN`'s; the second in a row ends the game (`mango:END`),
/// then each player's stones, territory and score (`mango:SCORE`). The game is
/// `mango_turn_every_arm_in_one_game_worked_by_hand`'s.
#[test]
fn mango_turn_every_arm_traces_its_clauses() {
    use graphgo::game::clause::{Clause, Mango};
    use graphgo::game::trace::{Applied, Effect};
    use graphgo::game::{Colour, EndReason, GameResult};
    let (black, white) = (Player::Black, Player::White);
    let placed = |player, at| {
        Applied::through(
            Mango::Move,
            Effect::Placed {
                player,
                at,
                points: vec![at],
            },
            &[Clause::Mango(Mango::Turn)],
        )
    };
    let returned = |colour, points: &[usize]| {
        Applied::through(
            Mango::Move,
            Effect::Removed {
                colour,
                points: points.to_vec(),
            },
            &[
                Clause::Mango(Mango::Alive),
                Clause::Mango(Mango::Path),
                Clause::Mango(Mango::Index),
            ],
        )
    };
    let legal = Applied::new(Mango::Legal, Effect::Allowed);
    let game = |text: &str| Record::parse(text, false).unwrap().game().unwrap();
    let path3 = game("rules: mango\nboard: {path: 3}\n");
    let started = mango::start(&path3.setup).unwrap();
    assert_eq!(
        started.applied,
        [Mango::Equip, Mango::Config, Mango::Setup].map(|c| Applied::new(c, Effect::Setup))
    );
    let mut state = started.state;
    let mut step = |text: &str, expected: Vec<Applied>| {
        let turn = Turn::parse(text, &path3.setup.board).unwrap();
        let played = mango::turn(&state, &turn).expect("played");
        assert_eq!(played.applied, expected, "{text}");
        state = played.state;
    };
    // B on 1 (point 0): alive; nothing returns in step 3 or step 4.
    step(
        "B 1",
        vec![
            placed(black, 0),
            returned(Colour::White, &[]),
            returned(Colour::Black, &[]),
            legal.clone(),
        ],
    );
    // W on 2 (point 1): Black's 1 has L = {} and returns to E in step 3.
    step(
        "W 2",
        vec![
            placed(white, 1),
            returned(Colour::Black, &[0]),
            returned(Colour::White, &[]),
            legal.clone(),
        ],
    );
    step(
        "B pass",
        vec![Applied::new(Mango::Turn, Effect::Passed { player: black })],
    );
    // The second pass: Black 0; White its stone on 2 and the empty 1 and 3 (each reaches
    // only White's 2): 3.
    let counted = |player, own: &[usize], territory: &[usize], score| {
        Applied::new(
            Mango::Score,
            Effect::Counted {
                player,
                own: own.to_vec(),
                territory: territory.to_vec(),
                score: q(score, 1),
            },
        )
    };
    step(
        "W pass",
        vec![
            Applied::new(Mango::Turn, Effect::Passed { player: white }),
            Applied::new(
                Mango::End,
                Effect::Ended {
                    result: GameResult {
                        winner: Some(white),
                        by: EndReason::Score,
                        score: Some([q(0, 1), q(3, 1)]),
                    },
                },
            ),
            counted(black, &[], &[], 0),
            counted(white, &[1], &[0, 2], 3),
        ],
    );

    // Step 4 returns the mover's own, n included: on the path 1-2-3-4 with Black on 1 and
    // White on 3, Black's 2 leaves {1, 2} with L = {} (their only other neighbour is
    // White's 3), while White's 3 keeps L = {4}. The configuration, White's 3 alone, is new.
    let path4 = game("rules: mango\nboard: {path: 4}\nsetup: {black: ['1'], white: ['3']}\n");
    let s = mango::start(&path4.setup).unwrap().state;
    let turn = Turn::parse("B 2", &path4.setup.board).unwrap();
    assert_eq!(
        mango::turn(&s, &turn).unwrap().applied,
        [
            placed(black, 1),
            returned(Colour::White, &[]),
            returned(Colour::Black, &[0, 1]),
            legal,
        ]
    );
}
