//! The generator of the generated vectors of `spec/vectors/` (each placed and given its `why`
//! by `super::layout`): families of small cases on the boards where the rules bite (paths,
//! cycles, complete graphs, 2x2, 2x3, 3x3, tori, Moebius bands, Klein bottles, a cube), over
//! the three versions of General Graph Go and every option.
//!
//! Each case carries *claims*: what the rules say, stated here by hand or computed by the
//! small independent evaluator at the bottom of this file (one move's three steps of
//! `ggg1:2`, the area count of `ggg1:4`), never by the transcription or the engine (the
//! network games of `worked_examples` also use the network article's own capture and
//! flooding, `spec::nrich`, which is not the rule set that derives the vector). A vector
//! is written only when the transcription's derivation meets every claim and the engine
//! derives the same thing (`super::write_vector`). The random family has no claims: it is
//! the transcription confirmed by the engine, and says so in its `source`.

use num_rational::BigRational;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::{write_vector, Draft, Expected, Vector};
use crate::board::Board;
use crate::game::clause::Clause;
use crate::game::{Colour, Options, Player, RuleId, RuleSet};
use crate::io::record::{BoardSpec, GraphSpec, Name, PrisonersSpec, Rational, Record, SetupSpec};

mod worked_examples;

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
    board: BoardSpec,
    black: &[&str],
    white: &[&str],
    moves: &[&str],
) -> Record {
    let list = |xs: &[&str]| xs.iter().map(|s| Name(s.to_string())).collect::<Vec<_>>();
    Record {
        rules: rules.name().to_string(),
        board,
        setup: (!black.is_empty() || !white.is_empty()).then(|| SetupSpec {
            black: list(black),
            white: list(white),
        }),
        to_move: None,
        prisoners: (rules == RuleId::Ggg3).then_some(PrisonersSpec { black: 0, white: 0 }),
        komi: None,
        options: Some(Options::default()),
        mango: None,
        moves: moves.iter().map(|s| s.to_string()).collect(),
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

fn spec_name(b: &BoardSpec) -> String {
    match b {
        BoardSpec::Grid([w, h]) => format!("grid{w}x{h}"),
        BoardSpec::Torus([w, h]) => format!("torus{w}x{h}"),
        BoardSpec::Cylinder([w, h]) => format!("cylinder{w}x{h}"),
        BoardSpec::Moebius([w, h]) => format!("moebius{w}x{h}"),
        BoardSpec::Klein([w, h]) => format!("klein{w}x{h}"),
        BoardSpec::Cube([x, y, z]) => format!("cube{x}x{y}x{z}"),
        BoardSpec::Path(n) => format!("path{n}"),
        BoardSpec::Cycle(n) => format!("cycle{n}"),
        BoardSpec::Complete(n) => format!("complete{n}"),
        BoardSpec::Graph(g) => format!("graph{}", g.vertices.len()),
        other => format!("{other:?}")
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .collect::<String>()
            .to_ascii_lowercase(),
    }
}

/// The small boards every family draws from.
pub fn small_boards() -> Vec<BoardSpec> {
    use BoardSpec::*;
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

// ---------------------------------------------------------------------------------------
// The independent evaluator used for claims
// ---------------------------------------------------------------------------------------

/// The vertices of the chain of `v` in `pos` (same colour, joined by edges) and whether it
/// touches an empty vertex.
fn chain(board: &Board, pos: &[Colour], v: usize) -> (Vec<usize>, bool) {
    let mut seen = vec![false; pos.len()];
    let mut stack = vec![v];
    seen[v] = true;
    let mut out = Vec::new();
    let mut free = false;
    while let Some(u) = stack.pop() {
        out.push(u);
        for &w in board.neighbours(u) {
            if pos[w] == Colour::Empty {
                free = true;
            }
            if pos[w] == pos[v] && !seen[w] {
                seen[w] = true;
                stack.push(w);
            }
        }
    }
    out.sort_unstable();
    (out, free)
}

/// `ggg1:2` done by hand: colour `v`, empty the opponent's chains without an empty
/// neighbour, then the mover's. Returns the position and the emptied vertices (sorted).
pub fn step(board: &Board, pos: &[Colour], player: Player, v: usize) -> (Vec<Colour>, Vec<usize>) {
    let mut p = pos.to_vec();
    p[v] = player.colour();
    let mut removed = Vec::new();
    for colour in [player.opponent().colour(), player.colour()] {
        let dead: Vec<usize> = (0..p.len())
            .filter(|&u| p[u] == colour && !chain(board, &p, u).1)
            .collect();
        for u in dead {
            p[u] = Colour::Empty;
            removed.push(u);
        }
    }
    removed.sort_unstable();
    (p, removed)
}

/// `ggg1:4` done by hand: own stones plus empty regions with no opponent neighbour (and,
/// when `tromp_taylor`, with an own neighbour).
pub fn area(board: &Board, pos: &[Colour], tromp_taylor: bool) -> [i64; 2] {
    let mut out = [0i64; 2];
    for (i, player) in Player::BOTH.into_iter().enumerate() {
        let own = player.colour();
        let theirs = player.opponent().colour();
        out[i] += pos.iter().filter(|&&c| c == own).count() as i64;
        let mut seen = vec![false; pos.len()];
        for v in 0..pos.len() {
            if pos[v] != Colour::Empty || seen[v] {
                continue;
            }
            let (region, _) = chain(board, pos, v);
            region.iter().for_each(|&u| seen[u] = true);
            let touches = |c: Colour| {
                region
                    .iter()
                    .any(|&u| board.neighbours(u).iter().any(|&w| pos[w] == c))
            };
            if !touches(theirs) && (!tromp_taylor || touches(own)) {
                out[i] += region.len() as i64;
            }
        }
    }
    out
}

/// Whether Black has a legal move at the start of a game from `pos`, by hand: a move on an
/// empty vertex, not refused by the self-capture option, not giving back `pos` (the only
/// earlier colouring) under positional superko.
fn any_legal(board: &Board, pos: &[Colour], self_capture: &str, repetition: &str) -> bool {
    (0..pos.len())
        .filter(|&v| pos[v] == Colour::Empty)
        .any(|v| {
            let (after, removed) = step(board, pos, Player::Black, v);
            let own = removed.iter().filter(|&&u| pos[u] != Colour::White).count();
            let refused = match self_capture {
                "none" => own > 0,
                "multi" => own == 1,
                _ => false,
            };
            let repeats = repetition != "none" && after == pos;
            !refused && !repeats
        })
}

fn symbols(pos: &[Colour]) -> String {
    pos.iter().map(|c| c.symbol()).collect()
}

fn position_of(board: &Board, black: &[&str], white: &[&str]) -> Vec<Colour> {
    let mut p = vec![Colour::Empty; board.len()];
    for n in black {
        p[board.vertex(n).expect("a listed name")] = Colour::Black;
    }
    for n in white {
        p[board.vertex(n).expect("a listed name")] = Colour::White;
    }
    p
}

fn int(n: i64) -> BigRational {
    BigRational::from_integer(n.into())
}

// ---------------------------------------------------------------------------------------
// The families
// ---------------------------------------------------------------------------------------

/// A first move on every small empty board, under every version.
fn first_moves() -> Vec<Case> {
    let mut out = Vec::new();
    for b in small_boards() {
        let board = b.build().expect("a small board");
        let first = board.name(0).to_string();
        for rules in RULES {
            let mv = format!("B {first}");
            let r = record(rules, b.clone(), &[], &[], &[&mv]);
            let id = format!("first-move-{}-{}", spec_name(&b), rules.name());
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
                    spec_name(&b)
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
fn captures() -> Vec<Case> {
    use BoardSpec::*;
    // (board, white chain, black setup, black move)
    let shapes: Vec<(BoardSpec, Vec<&str>, Vec<&str>, &str)> = vec![
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
                format!("capture-{}-{k}-{}", spec_name(&b), rules.name()),
                &["ggg1:1", "ggg1:2"],
                format!(
                    "On {}, Black {mv} fills the last liberty of White's chain {white:?}: it is removed (ggg1:2 step 2).",
                    spec_name(&b)
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
fn capture_before_self_capture() -> Vec<Case> {
    use BoardSpec::*;
    let shapes: Vec<(BoardSpec, Vec<&str>, Vec<&str>, &str)> = vec![
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
                        spec_name(&b),
                        rules.name()
                    ),
                    &["ggg1:2", "ggg1:1", "option:self_capture"],
                    format!(
                        "On {}, Black {mv} has no liberty after step 1 of ggg1:2, but step 2 removes White's chain first, so step 3 removes nothing: legal even with self_capture: {self_capture}.",
                        spec_name(&b)
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
fn self_captures() -> Vec<Case> {
    use BoardSpec::*;
    // Lone stones: Black plays into a point all of whose neighbours are White, and White's
    // chains keep a liberty elsewhere.
    let lone: Vec<(BoardSpec, Vec<&str>, Vec<&str>, &str)> = vec![
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
    let pairs: Vec<(BoardSpec, Vec<&str>, Vec<&str>, &str)> = vec![
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
                                spec_name(&b),
                                rules.name()
                            ),
                            &["ggg1:2", "option:self_capture"],
                            format!(
                                "On {}, Black {mv} leaves Black's chain of {own} without a liberty while White's chains keep one: step 3 of ggg1:2 removes it (self_capture: {self_capture}, repetition: {repetition}).",
                                spec_name(&b)
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
fn repetitions() -> Vec<Case> {
    use BoardSpec::*;
    let mut out = Vec::new();
    // (name, board, black, white, to_move white?, moves, index of the retake, refused by
    // [positional, situational, simple, none]: Some(true) means refused, by the option's
    // clause)
    type Seq<'a> = (
        &'a str,
        BoardSpec,
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
fn scoring() -> Vec<Case> {
    use BoardSpec::*;
    let isolated = BoardSpec::Graph(GraphSpec {
        vertices: ["1", "2", "3", "z"]
            .iter()
            .map(|s| Name(s.to_string()))
            .collect(),
        edges: vec![
            [Name("1".into()), Name("2".into())],
            [Name("2".into()), Name("3".into())],
        ],
    });
    let setups: Vec<(BoardSpec, Vec<&str>, Vec<&str>)> = vec![
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
                    format!("score-{}-{k}-{neutral}-komi{komi_name}", spec_name(&b)),
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
fn turns_and_endings() -> Vec<Case> {
    use BoardSpec::*;
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
        let s = spec_name(&b);
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
            r.prisoners = Some(PrisonersSpec { black: p, white: q });
            out.push(case(
                format!("paid-pass-{}-p{p}q{q}-{}", spec_name(&b), moves.len()),
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
            r.prisoners = Some(PrisonersSpec { black: p, white: 0 });
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

/// Games chosen by the campaign's chooser on small boards, with random setups and options:
/// no claims; derived by the transcription and confirmed by the engine.
fn random_games(reference: &dyn RuleSet, engine: &dyn RuleSet, count: u64) -> Vec<Case> {
    let boards = small_boards();
    let mut out = Vec::new();
    for i in 0..count {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(crate::differential::fuzz::game_seed(7, i));
        let b = boards[rng.random_range(0..boards.len())].clone();
        let board = b.build().expect("a small board");
        let setup = crate::differential::fuzz::random_setup(&mut rng, board);
        let cap = crate::differential::fuzz::max_turns(&setup.board).min(24);
        let played = crate::differential::fuzz::play_generated(
            reference,
            engine,
            setup,
            &mut crate::differential::fuzz::Biased::new(rng),
            cap,
        );
        let mut r = Record::from_game(&played.game.setup, &played.game.turns);
        r.board = b.clone();
        if r.options.is_none() {
            r.options = Some(Options::default());
        }
        out.push(case(
            format!("random-{}-{}-{i}", spec_name(&b), played.game.setup.rules.name()),
            &[],
            format!("Game {i} of the vector generator's campaign (seed 7): turns chosen by graphgo::differential::fuzz::Biased."),
            r,
            Vec::new(),
        ));
    }
    out
}

/// MANGO (`mango:*`): the ggg1 capture,
/// self-capture and ko cases with Go's weights (F = 1, T = `z >= 1`, under which MANGO
/// plays like ggg1: the same claims hold), and random games with random exact weights.
fn mango_cases(reference: &dyn RuleSet, engine: &dyn RuleSet, count: u64) -> Vec<Case> {
    let mut out = Vec::new();
    // Go's weights: the ggg1 claims carry over.
    let go_like: Vec<Case> = captures()
        .into_iter()
        .chain(capture_before_self_capture())
        .filter(|c| {
            c.id.ends_with("-ggg1") && !c.id.contains("-multi-") && !c.id.contains("-none-")
        })
        .chain(
            self_captures()
                .into_iter()
                .filter(|c| c.id.ends_with("-all-positional-ggg1")),
        )
        .chain(
            repetitions()
                .into_iter()
                .filter(|c| c.id.ends_with("-positional-ggg1") && !c.id.contains("ko4x3")),
        )
        .collect();
    for c in go_like {
        let mut r = c.record.clone();
        r.rules = RuleId::Mango.name().to_string();
        r.options = None;
        r.prisoners = None;
        r.komi = None;
        // MANGO's LEGAL refuses a repeated configuration: the ggg1:3 claims become
        // mango:LEGAL claims, and no other claim changes.
        let claims = c
            .claims
            .iter()
            .map(|k| match k {
                Claim::Illegal(i, "ggg1:3") => Claim::Illegal(*i, "mango:LEGAL"),
                other => other.clone(),
            })
            .collect();
        out.push(case(
            format!("mango-go-weights-{}", c.id.trim_end_matches("-ggg1")),
            &["mango:MOVE", "mango:ALIVE", "mango:LEGAL"],
            format!("{} Under MANGO with F = 1 and T(z) = 1 for z >= 1 a group is alive exactly when it touches an empty point, so the move goes as under ggg1.", c.note),
            r,
            claims,
        ));
    }
    let boards = small_boards();
    for i in 0..count {
        let mut rng =
            Xoshiro256PlusPlus::seed_from_u64(crate::differential::fuzz::game_seed(11, i));
        let b = boards[rng.random_range(0..boards.len())].clone();
        let board = b.build().expect("a small board");
        let setup = crate::differential::fuzz::random_mango_setup(&mut rng, board);
        let cap = crate::differential::fuzz::max_turns(&setup.board).min(20);
        let played = crate::differential::fuzz::play_generated(
            reference,
            engine,
            setup,
            &mut crate::differential::fuzz::Biased::new(rng),
            cap,
        );
        let mut r = Record::from_game(&played.game.setup, &played.game.turns);
        r.board = b.clone();
        out.push(case(
            format!("mango-random-{}-{i}", spec_name(&b)),
            &[],
            format!("MANGO game {i} of the vector generator's campaign (seed 11): random exact weights and threshold from graphgo::differential::fuzz::random_mango_setup, turns chosen by graphgo::differential::fuzz::Biased."),
            r,
            Vec::new(),
        ));
    }
    out
}

/// The clause ids named in a text (`ggg1:3`, `mango:ALIVE`, `topo:D8`, `dir:KO`, ...), by the
/// prefixes of the register.
pub fn clause_ids_in(text: &str) -> Vec<String> {
    const PREFIXES: [&str; 8] = [
        "ggg1:", "ggg2:", "ggg3:", "topo:", "nrich:", "dir:", "mango:", "option:",
    ];
    let mut out: Vec<String> = text
        .split(|c: char| c.is_whitespace() || "(),;`'\"[]{}".contains(c))
        .map(|w| w.trim_end_matches(['.', ':']))
        .filter(|w| {
            PREFIXES.iter().any(|p| {
                w.strip_prefix(p).is_some_and(|rest| {
                    !rest.is_empty()
                        && rest
                            .chars()
                            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
                })
            })
        })
        .map(str::to_string)
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The worked examples of every family, `spec/examples/<family>/*.yaml`: each record with
/// its comment lines as the note and the clause ids they name. These examples were worked
/// out by hand by the family's author (their comments give the expected result); the vector
/// is derived by the transcription and confirmed by the engine like any other.
fn example_cases() -> Vec<Case> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("spec/examples");
    let mut dirs: Vec<_> = std::fs::read_dir(&root)
        .map(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_dir())
                .collect()
        })
        .unwrap_or_default();
    dirs.sort();
    let mut out = Vec::new();
    for dir in dirs {
        let family = dir
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        files.retain(|p| p.extension().is_some_and(|x| x == "yaml" || x == "json"));
        files.sort();
        for path in files {
            let Ok(r) = Record::load(&path) else {
                continue;
            };
            let stem = path
                .file_stem()
                .map(|s| s.to_string_lossy().replace('_', "-"))
                .unwrap_or_default();
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            let note: Vec<&str> = text
                .lines()
                .filter_map(|l| l.strip_prefix('#').map(str::trim))
                .collect();
            let note = note.join(" ");
            let clauses = clause_ids_in(&note);
            out.push(Case {
                id: format!("example-{family}-{stem}"),
                clauses,
                note: format!(
                    "spec/examples/{family}/{}: {note}",
                    path.file_name().unwrap_or_default().to_string_lossy()
                ),
                record: r,
                claims: Vec::new(),
                by_hand: false,
            });
        }
    }
    out
}

/// The sample checked by hand: every field of the written vector was worked out from the
/// source text and compared with the file; the derivation is appended to the vector's note.
pub const HAND_CHECKED: [(&str, &str); 41] = [
    ("example-mango-light-liberty", "B 2: White's {3} reaches only the empty 4 through empty points (2 is black now): z = 1/2, T(1/2) = 0, not alive, removed in step 3. Black's {2} reaches 1, 3, 4: z = 5/2, alive. Score (mango:SCORE): Black's point 2 (1) and the empty 1, 3, 4, each joined to Black and to no white point: 1 + 1 + 1 + 1/2 = 7/2; White 0. Two passes end the game (mango:END): Black wins 7/2 to 0."),
    ("example-mango-window", "B 7: White's {1} reaches the empty 2..6, z = 5, outside 1 <= z < 5: removed (step 3); then Black's {7} reaches 1..6, z = 6: removed (step 4). The empty board differs from the setup (White on 1): legal. W 4 reaches six empty points, z = 6, dies at once and gives the empty board again: refused (mango:LEGAL)."),
    ("example-mango-negative-weights", "B 5: White's {1} reaches 2, 3, 4: z = 1 + 1 - 2 = 0 < 1, removed. Black's {5} reaches 1..4: z = 1 + 1 + 1 - 2 = 1, alive. Score: Black's point 5 (1) plus the empty 1..4 (1 + 1 + 1 - 2 = 1) = 2, White 0; two passes end it: Black wins 2 to 0."),
    ("mango-go-weights-capture-first-cycle3-6-all", "On the triangle with White on 1 and 3 and F = 1, T = z >= 1: after B 2 White's {1, 3} reaches no empty point (z = 0): removed in step 3; Black's {2} then reaches 1 and 3: z = 2, alive. Running scores: Black's point and the two empty points joined only to Black: 3; White 0."),
    ("first-move-path1-ggg1", "B 1 colours the only vertex; it has no neighbour, so no liberty, and step 3 of ggg1:2 empties it again: the colouring is the initial one, which occurred earlier (ggg1:3, reading 3): refused."),
    ("first-move-path1-ggg2", "Black's only move repeats the empty start (ggg1:3), so Black is unable to make a move before the first turn: the game is over, White wins (ggg2:4), and B 1 is refused as a turn after the end."),
    ("first-move-path1-ggg3", "As under ggg2, Black has no legal move at the start; with P = 0 there is no pass either, and under no_move: lose the game is over at once: White wins by no-move (ggg3:4)."),
    ("capture-path2-0-ggg1", "White 1's only neighbour is 2; B 2 leaves White's group {1} without a liberty, step 2 removes it, and Black's {2} then has the liberty 1."),
    ("capture-path3-1-ggg3", "White 2 lies between Black 1 and the move at 3: no liberty, removed by step 2; a removed white group of one adds 1 to P (ggg3:2): P = 1, Q = 0."),
    ("capture-grid3x3-9-ggg1", "The centre 2-2 has the four neighbours 2-1, 1-2, 3-2, 2-3; with B 2-3 all are black, so White's 2-2 is removed; positions are listed in board order (row by row from 1-1)."),
    ("capture-torus3x3-13-ggg1", "On the 3x3 torus 1-1 is adjacent to 2-1, 3-1 (across the seam), 1-2 and 1-3 (across the seam); B 1-2 fills the last of them, so White's 1-1 is removed."),
    ("capture-first-path3-1-none-ggg1", "After step 1 Black's 2 has no liberty (1 and 3 are white), but step 2 first removes White's {1} and {3}, which have none either; step 3 then removes nothing, so even self_capture: none allows it."),
    ("capture-first-cycle3-6-all-ggg1", "On the triangle, White's 1 and 3 are adjacent: one group whose only other neighbour is 2. B 2 takes its last liberty: White's group goes (step 2) before Black's 2 is looked at (step 3)."),
    ("self-capture-lone-path3-0-all-positional-ggg1", "B 1: Black's {1} has only the neighbour 2 (white), no liberty; White's {2} keeps the liberty 3. Step 3 removes Black's stone and the colouring is the initial one: refused by positional superko (ggg1:3)."),
    ("self-capture-lone-path3-0-all-none-ggg1", "The same move without a repetition rule: legal; the stone placed is removed by step 3 (removed: [1]) and White's 2 stays."),
    ("self-capture-lone-path3-0-multi-none-ggg1", "self_capture: multi refuses a move whose step 3 removes exactly one stone of the mover's: B 1 does, so it is refused under option:self_capture before any repetition test."),
    ("self-capture-lone-path3-0-all-positional-ggg3", "Black's two possible moves, 1 and 3, are both lone self-captures that give back the start (ggg3:3); P = 0. Black is unable to move at the start and loses (ggg3:4, no_move: lose); B 1 comes after the end."),
    ("self-capture-pair-path4-0-all-positional-ggg3", "B 2 joins Black 1: the group {1, 2} has the single neighbour 3 (white), no liberty; White's 3 keeps 4. Step 3 removes both black stones, and a removed black group of two adds 2 to Q (ggg3:2). The colouring ..O. is new."),
    ("self-capture-pair-path4-0-none-positional-ggg1", "self_capture: none refuses any move whose step 3 removes a stone of the mover's: B 2 removes two."),
    ("self-capture-pair-path4-0-multi-positional-ggg1", "self_capture: multi refuses only the loss of exactly one stone; B 2 loses two, so it is legal and the position is ..O."),
    ("repetition-path2-positional-ggg1", "B 1 gives X.; W 2 leaves Black's 1 without a liberty, removes it (step 2) and keeps the liberty 1: .O; B 1 would take White's 2 and give X., the colouring after turn 1: refused (ggg1:3)."),
    ("repetition-path2-situational-ggg1", "The retake would give X. with White to move, exactly the situation after turn 1: refused by situational superko (option:repetition)."),
    ("repetition-path2-simple-ggg1", "Simple ko refuses giving back the colouring from before the opponent's last turn: before W 2 it was X., which B 1 would give back: refused (option:repetition)."),
    ("repetition-path2-none-ggg1", "Without a repetition rule the retake is legal: it removes White's 2 (step 2) and gives X. again."),
    ("repetition-grid3x1-positional-ggg1", "X.. / X.O / XX. (B 2-1 takes 3-1) / ..O (W 3-1 takes Black's two, which had only the liberty 3-1); B 1-1 would give X.O, the colouring after turn 2: refused by positional superko."),
    ("repetition-grid3x1-situational-ggg1", "X.O occurred after turn 2 with Black to move; B 1-1 gives X.O with White to move, a new situation: legal under situational superko."),
    ("score-path3-0-both-komi0", "Two passes end the game (ggg1:4). Black has the stone 2; the empty groups {1} and {3} touch only Black: Black 3. Each touches Black, White's opponent: White 0. Black wins."),
    ("score-path3-0-none-komi0", "Under neutral: none the same count: each empty group touches Black and not White: Black 3, White 0."),
    ("score-graph4-6-both-komi0", "The isolated vertex z is an empty group with no neighbour at all, so no neighbour of either opponent: it counts for both (ggg1:4 as written, reading 1). Black 3 + 1 = 4, White 0 + 1 = 1."),
    ("score-graph4-6-none-komi-1", "Under neutral: none z counts for nobody: Black 3, White 0 + komi -1 = -1; Black wins."),
    ("wrong-player-first-ggg1", "Black moves first (ggg1:2): W 1 at the start is refused and changes nothing; B 1 is then legal."),
    ("occupied-ggg1", "A move colours an empty vertex (ggg1:2): W 1 on Black's stone, B 3 on White's and B 4 on the setup stone are refused; each refusal leaves the game unchanged, so the same player tries again."),
    ("after-end-ggg2", "W resign ends the game; Black wins by resignation (ggg2:4). Any later turn, by either player, is refused under the clause that ended it."),
    ("resign-black-ggg1", "B resign: Black loses whatever the scores (ggg1:4). The scores are still reported: the empty path is one empty group touching no stone, so it counts for both (reading 1): 3 and 3."),
    ("paid-pass-path3-p1q0-3", "Black pays for a pass with one prisoner: P goes from 1 to 0 (ggg3:2). White's pass needs Q > 0: refused (ggg3:2). W 1 is then legal."),
    ("no-move-path1-ggg3-pass-p1", "On one vertex no move is ever legal (it gives back the start). no_move: pass lets Black pay P = 1 for a pass; then White can neither move nor pay (Q = 0) and loses: Black wins by no-move (ggg3:4, reading 2)."),
    ("pass-move-pass-path2-ggg1", "The passes are separated by W 2, so they are not consecutive (ggg1:4): the game goes on."),
    ("pass-pass-ends-torus3x3-ggg1", "Two passes end the game on the empty 3x3 torus: its nine empty vertices are one group touching no stone, which counts for both players (reading 1): 9 to 9, a draw. The third pass comes after the end (ggg1:4)."),
    ("no-pass-path2-ggg2", "Version 2 has no pass: a turn is a move or a resignation (ggg2:2)."),
    ("white-first-handicap-ggg3", "A handicap stone on 2-2 and White to move first (ggg1:notes); both moves are on empty vertices with liberties and capture nothing; P and Q stay 0."),
    ("capture-cube2x2x2-17-ggg2", "In the 2x2x2 cube 1-1-1 has the three neighbours 2-1-1, 1-2-1 and 1-1-2; B 1-1-2 fills the last, removing White's stone."),
];

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
                    == Some(PrisonersSpec {
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
