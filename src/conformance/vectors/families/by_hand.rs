//! The families of General Graph Go stated by hand: first moves, captures, capture before
//! self-capture, self-captures, repetitions, scoring, turns and endings, on the small boards
//! of [`super::small_boards`], each case with its claims.

use num_rational::BigRational;

use super::*;
use crate::game::{Colour, Player, RuleId};
use crate::io::record::{Name, Rational, RecordBoard, RecordGraph, RecordPrisoners};

/// A first move on every small empty board, under every version.
pub(super) fn first_moves() -> Vec<Case> {
    let mut out = Vec::new();
    for b in small_boards() {
        let board = b.build().expect("a small board");
        let first = board.name(0).to_string();
        for rules in RULES {
            let mv = format!("B {first}");
            let r = record(rules, b.clone(), &[], &[], &[&mv]);
            let id = format!("first-move-{}-{}", board_name(&b), rules.name());
            let claims = if board.len() == 1 {
                // The lone stone removes itself and gives back the empty start (ggg1:3,
                // reading 3). Under ggg2 and ggg3 (no prisoners) Black is then unable to
                // make a move at the start: the game is over before the turn.
                let clause = if rules == RuleId::Ggg1 {
                    "ggg1:3"
                } else {
                    end_clause(rules)
                };
                vec![Claim::Illegal(0, clause)]
            } else {
                let (after, removed) =
                    step(&board, &vec![Colour::Empty; board.len()], Player::Black, 0);
                vec![
                    Claim::Legal(0),
                    Claim::Removed(0, removed.iter().map(|&v| board.name(v).into()).collect()),
                    Claim::Position(0, symbols(&after)),
                ]
            };
            let clauses: &[&'static str] = if board.len() == 1 {
                &["ggg1:2", "ggg1:3"]
            } else {
                &["ggg1:0", "ggg1:2"]
            };
            out.push(case(
                id,
                clauses,
                format!(
                    "Black's first move at {first} on an empty {}.",
                    board_name(&b)
                ),
                r,
                claims,
            ));
        }
    }
    out
}

/// Black fills the last liberty of a white chain: the chain is removed (ggg1:1, ggg1:2),
/// and under ggg3 its stones go to P (ggg3:2).
pub(super) fn captures() -> Vec<Case> {
    use RecordBoard::*;
    // (board, white chain, black setup, black move)
    let shapes: Vec<(RecordBoard, Vec<&str>, Vec<&str>, &str)> = vec![
        (Path(2), vec!["1"], vec![], "2"),
        (Path(3), vec!["2"], vec!["1"], "3"),
        (Path(5), vec!["3", "4"], vec!["2"], "5"),
        (Cycle(4), vec!["1"], vec!["2"], "4"),
        (Cycle(6), vec!["3", "4"], vec!["2"], "5"),
        (Complete(3), vec!["1"], vec!["2"], "3"),
        (Complete(4), vec!["1", "2"], vec!["3"], "4"),
        (Grid([2, 2]), vec!["1-1"], vec!["2-1"], "1-2"),
        (Grid([3, 3]), vec!["1-1"], vec!["2-1"], "1-2"),
        (Grid([3, 3]), vec!["2-2"], vec!["1-2", "2-1", "3-2"], "2-3"),
        (Grid([3, 3]), vec!["1-1", "2-1"], vec!["1-2", "2-2"], "3-1"),
        (Grid([2, 3]), vec!["1-2"], vec!["1-1", "2-2"], "1-3"),
        (Torus([3, 3]), vec!["2-2"], vec!["1-2", "2-1", "3-2"], "2-3"),
        (Torus([3, 3]), vec!["1-1"], vec!["3-1", "2-1", "1-3"], "1-2"),
        (Cylinder([3, 2]), vec!["1-1"], vec!["2-1", "3-1"], "1-2"),
        (Moebius([3, 2]), vec!["1-1"], vec!["2-1", "1-2"], "3-2"),
        (Klein([3, 3]), vec!["1-1"], vec!["2-1", "1-2", "3-3"], "1-3"),
        (
            Cube([2, 2, 2]),
            vec!["1-1-1"],
            vec!["2-1-1", "1-2-1"],
            "1-1-2",
        ),
        (
            Torus([4, 4]),
            vec!["1-1", "2-1"],
            vec!["4-1", "3-1", "1-2", "2-2", "1-4"],
            "2-4",
        ),
    ];
    let mut out = Vec::new();
    for (k, (b, white, black, mv)) in shapes.into_iter().enumerate() {
        let board = b.build().expect("a small board");
        let before = position_of(&board, &black, &white);
        let v = board.vertex(mv).expect("the move's vertex");
        let (after, removed) = step(&board, &before, Player::Black, v);
        assert!(!removed.is_empty(), "capture case {k} captures nothing");
        for rules in RULES {
            let r = record(rules, b.clone(), &black, &white, &[&format!("B {mv}")]);
            let mut claims = vec![
                Claim::Legal(0),
                Claim::Removed(0, removed.iter().map(|&u| board.name(u).into()).collect()),
                Claim::Position(0, symbols(&after)),
            ];
            if rules == RuleId::Ggg3 {
                claims.push(Claim::Prisoners(0, removed.len() as u64, 0));
            }
            out.push(case(
                format!("capture-{}-{k}-{}", board_name(&b), rules.name()),
                &["ggg1:1", "ggg1:2"],
                format!(
                    "On {}, Black {mv} fills the last liberty of White's chain {white:?}: it is removed (ggg1:2 step 2).",
                    board_name(&b)
                ),
                r,
                claims,
            ));
        }
    }
    out
}

/// A move that fills its own last liberty but captures first survives (ggg1:2, step 2
/// before step 3), whatever the self-capture option.
pub(super) fn capture_before_self_capture() -> Vec<Case> {
    use RecordBoard::*;
    let shapes: Vec<(RecordBoard, Vec<&str>, Vec<&str>, &str)> = vec![
        (Path(2), vec![], vec!["1"], "2"),
        (Path(3), vec![], vec!["1", "3"], "2"),
        (Cycle(4), vec!["4"], vec!["1", "3"], "2"),
        (Grid([2, 2]), vec!["2-2"], vec!["2-1", "1-2"], "1-1"),
        (
            Grid([3, 3]),
            vec!["3-1", "2-2", "1-3"],
            vec!["2-1", "1-2"],
            "1-1",
        ),
        (Complete(3), vec!["3"], vec!["1"], "2"),
        (Cycle(3), vec![], vec!["1", "3"], "2"),
    ];
    let mut out = Vec::new();
    for (k, (b, black, white, mv)) in shapes.into_iter().enumerate() {
        let board = b.build().expect("a small board");
        let before = position_of(&board, &black, &white);
        let v = board.vertex(mv).expect("the move's vertex");
        // Step 1 alone leaves the mover's chain without an empty neighbour...
        let mut placed = before.clone();
        placed[v] = Colour::Black;
        assert!(
            !chain(&board, &placed, v).1,
            "case {k}: the move has a liberty"
        );
        let (after, removed) = step(&board, &before, Player::Black, v);
        // ...but step 2 captures, so the stone stays.
        assert_eq!(after[v], Colour::Black, "case {k}");
        for self_capture in ["all", "multi", "none"] {
            for rules in [RuleId::Ggg1, RuleId::Ggg3] {
                let r = with_options(
                    record(rules, b.clone(), &black, &white, &[&format!("B {mv}")]),
                    &[("self_capture", self_capture)],
                );
                out.push(case(
                    format!(
                        "capture-first-{}-{k}-{self_capture}-{}",
                        board_name(&b),
                        rules.name()
                    ),
                    &["ggg1:2", "ggg1:1", "option:self_capture"],
                    format!(
                        "On {}, Black {mv} has no liberty after step 1 of ggg1:2, but step 2 removes White's chain first, so step 3 removes nothing: legal even with self_capture: {self_capture}.",
                        board_name(&b)
                    ),
                    r,
                    vec![
                        Claim::Legal(0),
                        Claim::Removed(
                            0,
                            removed.iter().map(|&u| board.name(u).into()).collect(),
                        ),
                        Claim::Position(0, symbols(&after)),
                    ],
                ));
            }
        }
    }
    out
}

/// Self-capture of a lone stone and of a chain of two, under every self-capture value and
/// with and without superko.
pub(super) fn self_captures() -> Vec<Case> {
    use RecordBoard::*;
    // Lone stones: Black plays into a point all of whose neighbours are White, and White's
    // chains keep a liberty elsewhere.
    let lone: Vec<(RecordBoard, Vec<&str>, Vec<&str>, &str)> = vec![
        (Path(3), vec![], vec!["2"], "1"),
        (Cycle(4), vec![], vec!["2", "4"], "1"),
        (Grid([3, 3]), vec![], vec!["2-1", "1-2"], "1-1"),
        (
            Torus([3, 3]),
            vec![],
            vec!["1-2", "2-1", "3-2", "2-3"],
            "2-2",
        ),
    ];
    // Chains of two: Black's stone and the move form a chain with no liberty.
    let pairs: Vec<(RecordBoard, Vec<&str>, Vec<&str>, &str)> = vec![
        (Path(4), vec!["1"], vec!["3"], "2"),
        (Cycle(5), vec!["1"], vec!["3", "5"], "2"),
        (Grid([3, 3]), vec!["1-1"], vec!["1-2", "2-2", "3-1"], "2-1"),
        (Grid([2, 3]), vec!["1-1"], vec!["1-2", "2-2"], "2-1"),
    ];
    let mut out = Vec::new();
    for (kind, shapes) in [("lone", lone), ("pair", pairs)] {
        for (k, (b, black, white, mv)) in shapes.into_iter().enumerate() {
            let board = b.build().expect("a small board");
            let before = position_of(&board, &black, &white);
            let v = board.vertex(mv).expect("the move's vertex");
            let (after, removed) = step(&board, &before, Player::Black, v);
            assert!(
                removed.contains(&v),
                "{kind} case {k} is not a self-capture"
            );
            let own = removed.len();
            for self_capture in ["all", "multi", "none"] {
                for repetition in ["positional", "none"] {
                    for rules in [RuleId::Ggg1, RuleId::Ggg3] {
                        let r = with_options(
                            record(rules, b.clone(), &black, &white, &[&format!("B {mv}")]),
                            &[("self_capture", self_capture), ("repetition", repetition)],
                        );
                        let refused_option = match self_capture {
                            "none" => true,
                            "multi" => own == 1,
                            _ => false,
                        };
                        // The lone stone gives back the position before it (reading 3).
                        let repeats = after == before && repetition == "positional";
                        // Under ggg3 (no_move: lose) a Black with no legal move at all has
                        // lost before the turn (ggg3:4), whatever the turn.
                        let stuck = rules == RuleId::Ggg3
                            && !any_legal(&board, &before, self_capture, repetition);
                        let claims = if stuck {
                            vec![
                                Claim::Illegal(0, "ggg3:4"),
                                Claim::Ends(Some(Player::White), "no-move"),
                            ]
                        } else if refused_option {
                            vec![Claim::Illegal(0, "option:self_capture")]
                        } else if repeats {
                            vec![Claim::Illegal(0, superko(rules))]
                        } else {
                            let mut c = vec![
                                Claim::Legal(0),
                                Claim::Removed(
                                    0,
                                    removed.iter().map(|&u| board.name(u).into()).collect(),
                                ),
                                Claim::Position(0, symbols(&after)),
                            ];
                            if rules == RuleId::Ggg3 {
                                // ggg3:2: a removed black chain pays White (Q).
                                c.push(Claim::Prisoners(0, 0, own as u64));
                            }
                            c
                        };
                        out.push(case(
                            format!(
                                "self-capture-{kind}-{}-{k}-{self_capture}-{repetition}-{}",
                                board_name(&b),
                                rules.name()
                            ),
                            &["ggg1:2", "option:self_capture"],
                            format!(
                                "On {}, Black {mv} leaves Black's chain of {own} without a liberty while White's chains keep one: step 3 of ggg1:2 removes it (self_capture: {self_capture}, repetition: {repetition}).",
                                board_name(&b)
                            ),
                            r,
                            claims,
                        ));
                    }
                }
            }
        }
    }
    out
}

/// Ko and superko: the same sequences under every repetition value.
pub(super) fn repetitions() -> Vec<Case> {
    use RecordBoard::*;
    let mut out = Vec::new();
    // (name, board, black, white, to_move white?, moves, index of the retake, refused by
    // [positional, situational, simple, none]: Some(true) means refused, by the option's
    // clause)
    type Seq<'a> = (
        &'a str,
        RecordBoard,
        Vec<&'a str>,
        Vec<&'a str>,
        bool,
        Vec<&'a str>,
        usize,
        [bool; 4],
    );
    let seqs: Vec<Seq> = vec![
        // Path 1-2: B 1, W 2 (takes 1), B 1 would give back X. with White to move.
        (
            "path2",
            Path(2),
            vec![],
            vec![],
            false,
            vec!["B 1", "W 2", "B 1"],
            2,
            [true, true, true, false],
        ),
        // 1x3: B 1-1, W 3-1, B 2-1 (takes 3-1), W 3-1 (takes two) gives ..O; B 1-1 gives
        // X.O, seen after turn 2 with Black to move: positional only.
        (
            "grid3x1",
            Grid([3, 1]),
            vec![],
            vec![],
            false,
            vec!["B 1-1", "W 3-1", "B 2-1", "W 3-1", "B 1-1"],
            4,
            [true, false, false, false],
        ),
        // 2x2 cycle (ggg_readings): the seventh move gives back the colouring after move 1.
        (
            "grid2x2",
            Grid([2, 2]),
            vec![],
            vec![],
            false,
            vec![
                "B 1-1", "W 2-2", "B 2-1", "W 1-2", "B 1-1", "W 2-1", "B 1-1",
            ],
            6,
            [true, true, false, false],
        ),
        // The ordinary ko on 4x3, White to move: W 2-2 takes, B 3-2 retakes at once.
        (
            "ko4x3",
            Grid([4, 3]),
            vec!["2-1", "1-2", "3-2", "2-3"],
            vec!["3-1", "4-2", "3-3"],
            true,
            vec!["W 2-2", "B 3-2"],
            1,
            [true, true, true, false],
        ),
    ];
    for (name, b, black, white, white_first, moves, at, refused) in seqs {
        for (i, repetition) in ["positional", "situational", "simple", "none"]
            .into_iter()
            .enumerate()
        {
            for rules in [RuleId::Ggg1, RuleId::Ggg3] {
                let mut r = with_options(
                    record(rules, b.clone(), &black, &white, &moves),
                    &[("repetition", repetition)],
                );
                if white_first {
                    r.to_move = Some("white".into());
                }
                // When the retake is the mover's only empty vertex, refusing it leaves no
                // legal move: under ggg3 the game is then over before the turn (ggg3:4).
                let only_move = matches!(name, "path2" | "grid2x2");
                let clause = match (refused[i], repetition) {
                    _ if only_move && rules == RuleId::Ggg3 => "ggg3:4",
                    (_, "positional") => superko(rules),
                    _ => "option:repetition",
                };
                let mut claims: Vec<Claim> = (0..at).map(Claim::Legal).collect();
                claims.push(if refused[i] {
                    Claim::Illegal(at, clause)
                } else {
                    Claim::Legal(at)
                });
                let clauses: &[&'static str] = if rules == RuleId::Ggg3 {
                    &["ggg3:3", "ggg1:3", "option:repetition"]
                } else {
                    &["ggg1:3", "option:repetition"]
                };
                out.push(case(
                    format!("repetition-{name}-{repetition}-{}", rules.name()),
                    clauses,
                    format!(
                        "The retake at turn {} under repetition: {repetition}: {}.",
                        at + 1,
                        if refused[i] { "refused" } else { "allowed" }
                    ),
                    r,
                    claims,
                ));
            }
        }
    }
    out
}

/// Two passes end a ggg1 game, scored by area with komi under both neutral readings.
pub(super) fn scoring() -> Vec<Case> {
    use RecordBoard::*;
    let isolated = RecordBoard::Graph(RecordGraph {
        vertices: ["1", "2", "3", "z"]
            .iter()
            .map(|s| Name(s.to_string()))
            .collect(),
        edges: vec![
            [Name("1".into()), Name("2".into())],
            [Name("2".into()), Name("3".into())],
        ],
    });
    let setups: Vec<(RecordBoard, Vec<&str>, Vec<&str>)> = vec![
        (Path(3), vec!["2"], vec![]),
        (Path(5), vec!["2"], vec!["4"]),
        (Path(5), vec!["1"], vec!["5"]),
        (Grid([3, 3]), vec!["1-1", "2-2"], vec!["3-3"]),
        (Grid([3, 3]), vec![], vec![]),
        (Cycle(6), vec!["1", "2"], vec!["4"]),
        (isolated, vec!["2"], vec![]),
        (Complete(3), vec![], vec!["1"]),
    ];
    let mut out = Vec::new();
    for (k, (b, black, white)) in setups.into_iter().enumerate() {
        let board = b.build().expect("a small board");
        let pos = position_of(&board, &black, &white);
        for neutral in ["both", "none"] {
            let s = area(&board, &pos, neutral == "none");
            for (komi_name, komi) in [
                ("0", int(0)),
                ("7-2", BigRational::new(7.into(), 2.into())),
                ("-1", int(-1)),
            ] {
                let mut r = with_options(
                    record(
                        RuleId::Ggg1,
                        b.clone(),
                        &black,
                        &white,
                        &["B pass", "W pass"],
                    ),
                    &[("neutral", neutral)],
                );
                if komi != int(0) {
                    r.komi = Some(Rational(komi.clone()));
                }
                let (bs, ws) = (int(s[0]), int(s[1]) + komi.clone());
                let winner = if bs > ws {
                    Some(Player::Black)
                } else if ws > bs {
                    Some(Player::White)
                } else {
                    None
                };
                out.push(case(
                    format!("score-{}-{k}-{neutral}-komi{komi_name}", board_name(&b)),
                    &["ggg1:4", "ggg1:notes"],
                    format!(
                        "Two passes end the game (ggg1:4); area by hand: Black {}, White {} + komi {} (neutral: {neutral}).",
                        s[0],
                        s[1],
                        crate::rational::format(&komi)
                    ),
                    r,
                    vec![
                        Claim::Legal(0),
                        Claim::Legal(1),
                        Claim::Ends(winner, "score"),
                        Claim::Scores(bs, ws),
                    ],
                ));
            }
        }
    }
    out
}

/// Passes, resignations, the wrong player, occupied vertices and turns after the end,
/// under every version.
pub(super) fn turns_and_endings() -> Vec<Case> {
    use RecordBoard::*;
    let mut out = Vec::new();
    for rules in RULES {
        let n = rules.name();
        let end = end_clause(rules);
        // Wrong player at the start and in the middle (ggg1:2: alternation).
        out.push(case(
            format!("wrong-player-first-{n}"),
            &["ggg1:2"],
            "White may not take the first turn: Black moves first (ggg1:2).".into(),
            record(rules, Path(3), &[], &[], &["W 1", "B 1"]),
            vec![Claim::Illegal(0, "ggg1:2"), Claim::Legal(1)],
        ));
        out.push(case(
            format!("wrong-player-twice-{n}"),
            &["ggg1:2"],
            "Black may not move twice in a row (ggg1:2).".into(),
            record(rules, Grid([3, 3]), &[], &[], &["B 2-2", "B 1-1", "W 1-1"]),
            vec![
                Claim::Legal(0),
                Claim::Illegal(1, "ggg1:2"),
                Claim::Legal(2),
            ],
        ));
        // Occupied vertices: one's own stone, the opponent's, a setup stone.
        out.push(case(
            format!("occupied-{n}"),
            &["ggg1:2"],
            "A move colours an empty vertex: both players' stones block it (ggg1:2).".into(),
            record(
                rules,
                Path(4),
                &[],
                &["4"],
                &["B 1", "W 1", "W 3", "B 3", "B 4"],
            ),
            vec![
                Claim::Legal(0),
                Claim::Illegal(1, "ggg1:2"),
                Claim::Legal(2),
                Claim::Illegal(3, "ggg1:2"),
                Claim::Illegal(4, "ggg1:2"),
            ],
        ));
        // Resignations: the resigner loses.
        for (who, moves) in [
            ("black", vec!["B resign"]),
            ("white", vec!["B 1", "W resign"]),
        ] {
            let winner = if who == "black" {
                Player::White
            } else {
                Player::Black
            };
            out.push(case(
                format!("resign-{who}-{n}"),
                &[end],
                format!("{who} resigns and loses ({end})."),
                record(rules, Path(3), &[], &[], &moves),
                vec![Claim::Ends(Some(winner), "resignation")],
            ));
        }
        // A turn after the end is refused under the ending clause.
        let after_end = record(rules, Path(5), &[], &[], &["B 3", "W resign", "B 1", "W 1"]);
        out.push(case(
            format!("after-end-{n}"),
            &[end],
            "After a resignation the game is over: every later turn is refused.".into(),
            after_end,
            vec![
                Claim::Legal(0),
                Claim::Legal(1),
                Claim::Illegal(2, end),
                Claim::Illegal(3, end),
                Claim::Ends(Some(Player::Black), "resignation"),
            ],
        ));
    }
    // ggg1: passes.
    for b in [Path(1), Path(2), Grid([2, 2]), Torus([3, 3]), Complete(4)] {
        let s = board_name(&b);
        out.push(case(
            format!("pass-pass-ends-{s}-ggg1"),
            &["ggg1:2", "ggg1:4"],
            "Two consecutive passes end a ggg1 game (ggg1:4).".into(),
            record(
                RuleId::Ggg1,
                b.clone(),
                &[],
                &[],
                &["B pass", "W pass", "B pass"],
            ),
            vec![
                Claim::Legal(0),
                Claim::Legal(1),
                Claim::Illegal(2, "ggg1:4"),
            ],
        ));
        let board = b.build().expect("small");
        if board.len() >= 2 {
            let mv = format!("W {}", board.name(1));
            out.push(case(
                format!("pass-move-pass-{s}-ggg1"),
                &["ggg1:2", "ggg1:4"],
                "A move between two passes: they are not consecutive, the game goes on.".into(),
                record(
                    RuleId::Ggg1,
                    b.clone(),
                    &[],
                    &[],
                    &["B pass", &mv, "B pass"],
                ),
                vec![
                    Claim::Legal(0),
                    Claim::Legal(1),
                    Claim::Legal(2),
                    Claim::Unfinished,
                ],
            ));
        }
        // ggg2: no passing at all.
        out.push(case(
            format!("no-pass-{s}-ggg2"),
            &["ggg2:2"],
            "Version 2 has no pass (ggg2:2).".into(),
            record(RuleId::Ggg2, b.clone(), &[], &[], &["B pass"]),
            vec![Claim::Illegal(
                0,
                if board.len() == 1 { "ggg2:4" } else { "ggg2:2" },
            )],
        ));
    }
    // ggg3: passes paid with prisoners.
    for (p, q, moves, claims) in [
        (
            0u64,
            0u64,
            vec!["B pass"],
            vec![Claim::Illegal(0, "ggg3:2")],
        ),
        (
            1,
            0,
            vec!["B pass", "W pass", "W 1"],
            vec![
                Claim::Legal(0),
                Claim::Prisoners(0, 0, 0),
                Claim::Illegal(1, "ggg3:2"),
                Claim::Legal(2),
            ],
        ),
        (
            1,
            1,
            vec!["B pass", "W pass", "B 1"],
            vec![
                Claim::Legal(0),
                Claim::Legal(1),
                Claim::Prisoners(1, 0, 0),
                Claim::Legal(2),
                Claim::Unfinished,
            ],
        ),
        (
            2,
            3,
            vec!["B pass", "W pass", "B pass", "W pass"],
            vec![
                Claim::Legal(3),
                Claim::Prisoners(3, 0, 1),
                Claim::Unfinished,
            ],
        ),
    ] {
        for b in [Path(3), Complete(3), Cycle(4)] {
            let mut r = record(RuleId::Ggg3, b.clone(), &[], &[], &moves);
            r.prisoners = Some(RecordPrisoners { black: p, white: q });
            out.push(case(
                format!("paid-pass-{}-p{p}q{q}-{}", board_name(&b), moves.len()),
                &["ggg3:0", "ggg3:2", "ggg3:3"],
                format!("Version 3: a pass costs the passer one prisoner and needs one (ggg3:2); P = {p}, Q = {q} at the start; passes are not moves and never end the game (ggg3:3, ggg3:4)."),
                r,
                claims.clone(),
            ));
        }
    }
    // Unable to move: ggg2 and ggg3 under both no_move readings.
    for (rules, no_move, p, moves, claims) in [
        (
            RuleId::Ggg2,
            "lose",
            0u64,
            vec![],
            vec![Claim::Ends(Some(Player::White), "no-move")],
        ),
        (
            RuleId::Ggg3,
            "lose",
            1,
            vec!["B pass"],
            vec![
                Claim::Illegal(0, "ggg3:4"),
                Claim::Ends(Some(Player::White), "no-move"),
            ],
        ),
        (
            RuleId::Ggg3,
            "pass",
            1,
            vec!["B pass"],
            vec![Claim::Legal(0), Claim::Ends(Some(Player::Black), "no-move")],
        ),
        (
            RuleId::Ggg3,
            "pass",
            0,
            vec![],
            vec![Claim::Ends(Some(Player::White), "no-move")],
        ),
    ] {
        let mut r = with_options(
            record(rules, Path(1), &[], &[], &moves),
            &[("no_move", no_move)],
        );
        if rules == RuleId::Ggg3 {
            r.prisoners = Some(RecordPrisoners { black: p, white: 0 });
        }
        out.push(case(
            format!("no-move-path1-{}-{no_move}-p{p}", rules.name()),
            &[end_clause(rules), "ggg1:3"],
            format!("On one vertex Black's only move removes itself and repeats the start (ggg1:3): Black cannot make a move (no_move: {no_move}, P = {p})."),
            r,
            claims,
        ));
    }
    // Who moves first after a handicap (ggg1:notes): White.
    for rules in RULES {
        let mut r = record(rules, Grid([3, 3]), &["2-2"], &[], &["W 1-1", "B 3-3"]);
        r.to_move = Some("white".into());
        out.push(case(
            format!("white-first-handicap-{}", rules.name()),
            &["ggg1:notes", "ggg1:2"],
            "A handicap stone and White to move first (ggg1:notes).".into(),
            r,
            vec![Claim::Legal(0), Claim::Legal(1)],
        ));
    }
    out
}
