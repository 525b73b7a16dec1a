//! The sources' worked examples as conformance vectors (ids `worked-…`): each board or setup
//! is built by the transcription's own example function, so those functions are on the path
//! every engine is checked along (generator → vectors → engine):
//! - `ggg::komi_gadget` (`ggg1:notes`): the path that gives White a komi of n, alone and
//!   beside a 1x3 board, under versions 1 and 2;
//! - `ggg::example_5x5` (`ggg2:example`): the position printed after version 2, with short
//!   sequences (captures, a refusal, White filling its own last liberty), under version 2
//!   and, as twins GTP engines can play, version 1;
//! - `mango::example_19x19` (`mango:EX19`): 19x19 Go with komi 5.5 and the text's threshold
//!   int((z + 360) / 361), written into the record as the interval `1 <= z < 362`, and two of
//!   its games again under `ggg1` with the example's komi;
//! - `nrich::Network` (`nrich:boards`): the article's torus, Moebius band, 3-d grid and road
//!   maps, with games whose claims come from the article's own capture rule, `nrich::place`,
//!   and its flooding, `nrich::undisputed_territory` (see [`nrich_game`] for why that is a
//!   sound second evaluator of `ggg1:2` and `ggg1:4`).
//!
//! Every claim but those of [`nrich_game`] is stated by hand here, with its derivation in the
//! case's note ("Checked by hand: …"); none is read from the `ggg` or `mango` transcription or
//! from the engine.

use num_bigint::BigInt;
use num_rational::BigRational;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use super::{case, int, record, step, symbols, with_options, Case, Claim};
use crate::board::{Board, Vertex};
use crate::game::{Colour, Equipment, Player, RuleId};
use crate::io::record::{Rational, Record, RecordBoard};
use crate::spec::ggg::{self, ColouredGraph};
use crate::spec::{mango, nrich};

/// A case whose every claim was worked out by hand from the source: the note says how.
fn by_hand(
    id: String,
    clauses: &[&'static str],
    note: &str,
    derivation: &str,
    r: Record,
    claims: Vec<Claim>,
) -> Case {
    let mut c = case(
        id,
        clauses,
        format!("{note} Checked by hand: {derivation}"),
        r,
        claims,
    );
    c.by_hand = true;
    c
}

/// The names of the stones of a colour in a coloured graph, in vertex order.
fn stones(g: &ColouredGraph, colour: Colour) -> Vec<&str> {
    (0..g.graph.len())
        .filter(|&v| g.f[v] == colour)
        .map(|v| g.graph.name(v))
        .collect()
}

fn names(xs: &[&str]) -> Vec<String> {
    xs.iter().map(|s| s.to_string()).collect()
}

// ---------------------------------------------------------------------------------------
// ggg1:notes — komi by a second component
// ---------------------------------------------------------------------------------------

/// The komi gadget of the notes to version 1, for n = 3 … 6.
fn komi_gadgets() -> Vec<Case> {
    let mut out = Vec::new();
    for n in 3..=6usize {
        let g = ggg::komi_gadget(n).expect("n > 2");
        assert!(
            RecordBoard::Path(n).build().is_ok_and(|b| b == *g.graph),
            "the gadget is the path of n"
        );
        let white = stones(&g, Colour::White);
        let (first_end, last_end) = (format!("B {}", g.graph.name(0)), format!("B {n}"));
        // Alone, under ggg1.
        out.push(by_hand(
            format!("worked-komi-gadget-{n}-ggg1"),
            &["ggg1:notes", "ggg1:2", "ggg1:3", "ggg1:4"],
            &format!("The komi gadget of the notes to version 1 for n = {n} (ggg::komi_gadget): a path of {n} vertices, both ends empty, the {} inside white.", n - 2),
            &format!("A black stone on an end has one neighbour, white; White's chain keeps the other end as its liberty, so step 2 of ggg1:2 removes nothing and step 3 removes the black stone: the colouring is the start again, refused (ggg1:3), at either end, and Black tries again. Black passes, White passes: the game ends (ggg1:4). Black has no stone, and each empty end touches White: 0. White has {} stones and the two ends, each an empty group with a white neighbour and no black one: {n}. White wins by the gadget's worth, n.", n - 2),
            record(RuleId::Ggg1, RecordBoard::Path(n), &[], &white, &[&first_end, &last_end, "B pass", "W pass"]),
            vec![
                Claim::Illegal(0, "ggg1:3"),
                Claim::Illegal(1, "ggg1:3"),
                Claim::Legal(2),
                Claim::Legal(3),
                Claim::Ends(Some(Player::White), "score"),
                Claim::Scores(int(0), int(n as i64)),
            ],
        ));
        // Alone, under ggg2: no pass, so Black is unable to move before the first turn.
        out.push(by_hand(
            format!("worked-komi-gadget-{n}-ggg2"),
            &["ggg1:notes", "ggg2:4", "ggg1:3"],
            &format!("The komi gadget for n = {n} (ggg::komi_gadget) as the whole board under version 2."),
            "Black's only empty vertices are the two ends, and a stone on either is removed at once and repeats the start (ggg1:3); version 2 has no pass, so Black is unable to make a move before the first turn and loses (ggg2:4): White wins by no-move.",
            record(RuleId::Ggg2, RecordBoard::Path(n), &[], &white, &[]),
            vec![Claim::Ends(Some(Player::White), "no-move")],
        ));
        // As the second component of (V, E, f), beside the 1x3 board.
        let row = Board::grid(3, 1).expect("a small board");
        let board = row.disjoint_union(&g.graph);
        let gadget_white: Vec<&str> = white
            .iter()
            .map(|w| board.name(row.len() + g.graph.vertex(w).expect("a gadget vertex")))
            .collect();
        let end = |v: Vertex| format!("B {}", board.name(row.len() + v));
        out.push(by_hand(
            format!("worked-komi-gadget-{n}-beside-grid3x1-ggg1"),
            &["ggg1:notes", "ggg1:0", "ggg1:2", "ggg1:3", "ggg1:4"],
            &format!("The komi gadget for n = {n} (ggg::komi_gadget) as a second component beside the 1x3 board, as the notes to version 1 propose instead of a komi."),
            &format!("B 1-1 and W 3-1 are on empty vertices with liberties. Black on either end of the gadget is removed at once and gives back the colouring before it: refused (ggg1:3). Two passes end it (ggg1:4). On the row, 2-1 is empty and touches both colours, so it counts for neither: Black 1, White 1. The gadget adds {} white stones and its two ends (empty, touching only White): White 1 + {n} = {}. White wins: the gadget acted as a komi of {n}.", n - 2, n + 1),
            record(
                RuleId::Ggg1,
                RecordBoard::explicit(&board),
                &[],
                &gadget_white,
                &["B 1-1", "W 3-1", &end(0), &end(n - 1), "B pass", "W pass"],
            ),
            vec![
                Claim::Legal(0),
                Claim::Legal(1),
                Claim::Illegal(2, "ggg1:3"),
                Claim::Illegal(3, "ggg1:3"),
                Claim::Legal(4),
                Claim::Legal(5),
                Claim::Ends(Some(Player::White), "score"),
                Claim::Scores(int(1), int(1 + n as i64)),
            ],
        ));
    }
    out
}

// ---------------------------------------------------------------------------------------
// ggg2:example — the 5x5 position printed after version 2
// ---------------------------------------------------------------------------------------

/// White's eight stones of the printed position, in vertex order (row 1 first).
const WHITE_5X5: [&str; 8] = ["2-1", "4-1", "1-2", "2-2", "3-2", "4-2", "5-2", "1-3"];

/// Short games from the printed 5x5 position under version 2, and the same games under
/// version 1, whose move and repetition rules (`ggg1:2`, `ggg1:3`) are version 2's: version
/// 2 only takes the pass away and ends the game when a player cannot move, and no game here
/// passes or gets there. (The version 1 twins are the ones GTP engines play: General Graph
/// Go on a square grid.)
fn example_5x5(rules: RuleId) -> Vec<Case> {
    let g = ggg::example_5x5();
    assert!(
        RecordBoard::Grid([5, 5])
            .build()
            .is_ok_and(|b| b == *g.graph),
        "the example is on the 5x5 grid"
    );
    let (black, white) = (stones(&g, Colour::Black), stones(&g, Colour::White));
    let r = |moves: &[&str]| record(rules, RecordBoard::Grid([5, 5]), &black, &white, moves);
    let note = "The 5x5 position printed after version 2 (ggg::example_5x5), top row first: . . . . . / X X X X X / O X X X X / O O O O O / . O . O . (row 5 on top; names x-y). Black's chain of nine has the five top-row points as liberties; White's chain of eight has three one-point eyes, 1-1, 3-1 and 5-1.";
    let with = |extra: &[&str]| -> Vec<String> {
        let mut all = names(&WHITE_5X5);
        all.extend(names(extra));
        all.sort_by_key(|n| {
            let (x, y) = n.split_once('-').expect("x-y");
            (y.parse::<u32>().unwrap_or(0), x.parse::<u32>().unwrap_or(0))
        });
        all
    };
    let mut out = vec![
        by_hand(
            format!("worked-ggg2-5x5-black-captures-{}", rules.name()),
            &["ggg2:example", "ggg2:2", "ggg1:1", "ggg1:2"],
            note,
            "B 1-5 and B 2-5 take two of Black's five liberties (three left: 3-5, 4-5, 5-5). W 1-1 and W 3-1 fill two of White's eyes, each leaving the chain a liberty (after W 3-1 only 5-1). B 5-1: the new stone's neighbours 4-1 and 5-2 are white, but step 2 of ggg1:2 first finds White's chain of ten (the eight and 1-1, 3-1) without an empty neighbour and empties it; the black stone then has liberties and stays. Row 1 is empty but 5-1, row 2 empty, rows 3 to 5 as before plus 1-5 and 2-5.",
            r(&["B 1-5", "W 1-1", "B 2-5", "W 3-1", "B 5-1"]),
            vec![
                Claim::Legal(0),
                Claim::Legal(1),
                Claim::Legal(2),
                Claim::Legal(3),
                Claim::Legal(4),
                Claim::Removed(4, with(&["1-1", "3-1"])),
                Claim::Position(4, ["....X", ".....", ".XXXX", "XXXXX", "XX..."].concat()),
                Claim::Unfinished,
            ],
        ),
        by_hand(
            format!("worked-ggg2-5x5-eye-refused-{}", rules.name()),
            &["ggg2:example", "ggg1:3"],
            note,
            "B 3-1 in White's middle eye: its three neighbours are white, and White's chain keeps 1-1 and 5-1, so step 3 of ggg1:2 removes the black stone again: the colouring is the printed one, which has occurred (ggg1:3): refused, and Black moves again. B 3-5 on the top row joins Black's chain, which keeps 1-5, 2-5, 4-5, 5-5: legal.",
            r(&["B 3-1", "B 3-5"]),
            vec![Claim::Illegal(0, "ggg1:3"), Claim::Legal(1), Claim::Removed(1, vec![])],
        ),
        by_hand(
            format!("worked-ggg2-5x5-white-fills-its-last-liberty-{}", rules.name()),
            &["ggg2:example", "ggg2:2", "ggg1:2"],
            note,
            "Without passes (ggg2:2) a side must keep moving. After B 1-5, W 1-1, B 2-5, W 3-1, B 3-5, White's chain has the one liberty 5-1 and Black's two (4-5, 5-5). W 5-1 fills White's own last liberty: step 2 finds every black chain with an empty neighbour, and step 3 empties White's chain of eleven (the eight, 1-1, 3-1, 5-1). No colouring before had an empty row 1 and 2: it is new, so the move is legal (self-capture is allowed as written).",
            r(&["B 1-5", "W 1-1", "B 2-5", "W 3-1", "B 3-5", "W 5-1"]),
            vec![
                Claim::Legal(4),
                Claim::Legal(5),
                Claim::Removed(5, with(&["1-1", "3-1", "5-1"])),
                Claim::Position(5, [".....", ".....", ".XXXX", "XXXXX", "XXX.."].concat()),
                Claim::Unfinished,
            ],
        ),
        by_hand(
            format!("worked-ggg2-5x5-top-row-captures-{}", rules.name()),
            &["ggg2:example", "ggg1:1", "ggg1:2"],
            note,
            "W 2-5 has the neighbours 1-5 (black after B 1-5), 2-4 (black) and 3-5 (empty): one liberty. B 3-5 takes it: step 2 removes W 2-5. W 4-5 likewise has only 5-5; B 5-5 removes it. Black's chain keeps 2-5 and 4-5. White's chain below is untouched.",
            r(&["B 1-5", "W 2-5", "B 3-5", "W 4-5", "B 5-5"]),
            vec![
                Claim::Legal(1),
                Claim::Removed(2, names(&["2-5"])),
                Claim::Legal(3),
                Claim::Removed(4, names(&["4-5"])),
                Claim::Position(4, [".O.O.", "OOOOO", "OXXXX", "XXXXX", "X.X.X"].concat()),
            ],
        ),
    ];
    if rules != RuleId::Ggg2 {
        // Version 2's own turn rule is not what these twins exercise.
        for c in &mut out {
            c.clauses.retain(|k| k != "ggg2:2");
        }
    }
    out
}

// ---------------------------------------------------------------------------------------
// mango:EX19 — ordinary Go on 19x19 with komi 5.5, in the text's numbers
// ---------------------------------------------------------------------------------------

fn example_19x19() -> Vec<Case> {
    let setup = mango::example_19x19();
    let grid = RecordBoard::Grid([19, 19]);
    assert!(
        grid.build().is_ok_and(|b| b == *setup.board),
        "the example is on the 19x19 grid"
    );
    // The T values the notes below work out by hand, held to the text's own formula
    // int((z + 360) / 361) (the record carries it as the interval `1 <= z < 362`).
    for (z, t) in [(0, 0), (357, 1), (359, 1), (360, 1)] {
        assert_eq!(mango::ex19_threshold(&int(z)), BigInt::from(t), "T({z})");
    }
    let r = |moves: &[&str]| {
        let mut r = Record::from_game(&setup, &[]);
        r.board = grid.clone();
        r.moves = moves.iter().map(|m| m.to_string()).collect();
        r
    };
    let half = |n: i64| BigRational::new(n.into(), 2.into());
    let note = "The text's example of ordinary 19x19 Go (mango::example_19x19): F = 1 everywhere, initial scores 0 for Black and 5.5 for White, Black first, and T(z) = int((z + 360) / 361), which is 1 exactly when 1 <= z < 362 (the record's threshold).";
    vec![
        by_hand(
            "worked-mango-19x19-one-stone".into(),
            &["mango:EX19", "mango:ALIVE", "mango:END", "mango:SCORE"],
            note,
            "B 10-10: L is every empty point reached through empty points, the other 360: z = 360, T(360) = int(720/361) = 1, alive. Two passes in a row end the game (mango:END). Black: the stone (1) and the 360 empty points, each joined to it by an empty path and to no white point: 361. White: 5.5 and nothing else. Black wins.",
            r(&["B 10-10", "W pass", "B pass"]),
            vec![
                Claim::Legal(0),
                Claim::Legal(1),
                Claim::Legal(2),
                Claim::Ends(Some(Player::Black), "score"),
                Claim::Scores(int(361), half(11)),
            ],
        ),
        by_hand(
            "worked-mango-19x19-corner-capture".into(),
            &["mango:EX19", "mango:ALIVE", "mango:MOVE", "mango:SCORE"],
            note,
            "After B 1-1, W 2-1, B 10-10, W 1-2 ends step 2, Black's 1-1 has only white neighbours: no path from it through black or empty points reaches an empty point, L is empty, z = 0 and T(0) = int(360/361) = 0: not alive, emptied in step 3. Black's 10-10 reaches the 357 empty points: alive. Two passes end it. Black: one stone, and no territory (every empty point but 1-1 is joined to a white stone by an empty path; 1-1 reaches Black only through White): 1. White: 5.5, two stones, and 1-1, joined to White and cut off from Black by White: 5.5 + 3 = 8.5. White wins.",
            r(&["B 1-1", "W 2-1", "B 10-10", "W 1-2", "B pass", "W pass"]),
            vec![
                Claim::Legal(0),
                Claim::Legal(1),
                Claim::Legal(2),
                Claim::Legal(3),
                Claim::Removed(3, names(&["1-1"])),
                Claim::Ends(Some(Player::White), "score"),
                Claim::Scores(int(1), half(17)),
            ],
        ),
        by_hand(
            "worked-mango-19x19-occupied-and-resign".into(),
            &["mango:EX19", "mango:MOVE", "mango:TURN"],
            note,
            "W 10-10 chooses a point that is not empty: step 1 of a move needs a point of E (mango:MOVE), refused. The text's turn is a pass or a move, nothing else: W resign is refused too (mango:TURN). W 10-11 is then an ordinary legal move.",
            r(&["B 10-10", "W 10-10", "W resign", "W 10-11"]),
            vec![
                Claim::Legal(0),
                Claim::Illegal(1, "mango:MOVE"),
                Claim::Illegal(2, "mango:TURN"),
                Claim::Legal(3),
                Claim::Unfinished,
            ],
        ),
    ]
}

/// The one-stone and corner games of [`example_19x19`] under `ggg1`, with the example's
/// numbers as a ggg1 setup: White's initial score 11/2 as komi (Black's is 0, every F is 1).
/// The text calls its example ordinary Go, and with F = 1 and its T a group lives exactly
/// when it touches an empty point, so the moves, the capture and the scores are ggg1's
/// (these twins are the ones GTP engines play: General Graph Go on a square grid).
fn example_19x19_as_go() -> Vec<Case> {
    let setup = mango::example_19x19();
    let Equipment::Weights(w) = &setup.equipment else {
        panic!("the MANGO example carries weights")
    };
    assert!(w.scores[0] == int(0) && w.weight.iter().all(|f| *f == int(1)));
    let komi = w.scores[1].clone();
    let r = |moves: &[&str]| {
        let mut r = record(RuleId::Ggg1, RecordBoard::Grid([19, 19]), &[], &[], moves);
        r.komi = Some(Rational(komi.clone()));
        r
    };
    let half = |n: i64| BigRational::new(n.into(), 2.into());
    let note = "MANGO's 19x19 example (mango::example_19x19) as ordinary Go under version 1 of General Graph Go: White's initial score 5.5 becomes komi (ggg1:notes).";
    vec![
        by_hand(
            "worked-mango-19x19-one-stone-ggg1".into(),
            &["mango:EX19", "ggg1:notes", "ggg1:4"],
            note,
            "B 10-10 has liberties. Two passes end the game (ggg1:4). Black: the stone and the one empty group of 360 points, which touches Black and no White: 361. White: no stone, the empty group touches Black: 0, plus komi 5.5. Black wins, as under MANGO.",
            r(&["B 10-10", "W pass", "B pass"]),
            vec![
                Claim::Legal(0),
                Claim::Ends(Some(Player::Black), "score"),
                Claim::Scores(int(361), half(11)),
            ],
        ),
        by_hand(
            "worked-mango-19x19-corner-capture-ggg1".into(),
            &["mango:EX19", "ggg1:notes", "ggg1:2", "ggg1:4"],
            note,
            "W 1-2 takes the last liberty of Black's 1-1 (its neighbours are 2-1 and 1-2): step 2 of ggg1:2 removes it. After two passes: Black has 10-10 and no territory (the big empty group touches both colours): 1. White has 2-1 and 1-2 and the empty 1-1, whose neighbours are both white: 3, plus komi 5.5 = 8.5. White wins, as under MANGO.",
            r(&["B 1-1", "W 2-1", "B 10-10", "W 1-2", "B pass", "W pass"]),
            vec![
                Claim::Legal(3),
                Claim::Removed(3, names(&["1-1"])),
                Claim::Ends(Some(Player::White), "score"),
                Claim::Scores(int(1), half(17)),
            ],
        ),
    ]
}

// ---------------------------------------------------------------------------------------
// nrich:boards — the article's networks, with its own capture and flooding
// ---------------------------------------------------------------------------------------

/// The record's board for a network: the named builder where the network is one of them
/// (checked equal to the network's own board), else the explicit graph.
fn network_board(network: nrich::Network) -> (Board, RecordBoard) {
    let board = network.board().expect("a small network");
    let named = match network {
        nrich::Network::Torus(w, h) => Some(RecordBoard::Torus([w, h])),
        nrich::Network::Moebius(w, h) => Some(RecordBoard::Moebius([w, h])),
        nrich::Network::Grid3d(x, y, z) => Some(RecordBoard::Cube([x, y, z])),
        nrich::Network::RoadMap { .. } => None,
    };
    let written = match named {
        Some(s) => {
            assert!(s.build().is_ok_and(|b| b == board), "{network:?}");
            s
        }
        None => RecordBoard::explicit(&board),
    };
    (board, written)
}

/// A capture across the seam of each network the article names, worked out by hand: White's
/// lone stone, Black on all its neighbours but one, Black takes the last.
fn network_captures() -> Vec<Case> {
    use nrich::Network::*;
    // (network, white stone, black stones, black's move, the neighbours, why)
    let shapes = [
        (
            Torus(4, 4),
            "1-1",
            vec!["2-1", "1-2", "4-1"],
            "1-4",
            "On the 4x4 torus 1-1 has the four neighbours 2-1, 1-2, and across the seams 4-1 and 1-4.",
        ),
        (
            Moebius(4, 3),
            "1-1",
            vec!["2-1", "1-2"],
            "4-3",
            "On the 4x3 Moebius band the column x = 1 is glued to x = 4 turned over (y to 4 - y): 1-1 has the neighbours 2-1, 1-2, and across the twist 4-3.",
        ),
        (
            Grid3d(3, 3, 3),
            "2-2-2",
            vec!["1-2-2", "3-2-2", "2-1-2", "2-3-2", "2-2-1"],
            "2-2-3",
            "In the 3x3x3 grid the centre 2-2-2 has six neighbours, one step along each axis either way.",
        ),
    ];
    let mut out = Vec::new();
    for (network, white, black, mv, why) in shapes {
        let (board, written) = network_board(network);
        let before = super::position_of(&board, &black, &[white]);
        let after: Vec<Colour> = (0..board.len())
            .map(|v| {
                if board.name(v) == white {
                    Colour::Empty
                } else if board.name(v) == mv {
                    Colour::Black
                } else {
                    before[v]
                }
            })
            .collect();
        let name = super::board_name(&written);
        out.push(by_hand(
            format!("worked-nrich-{name}-capture"),
            &["nrich:boards", "nrich:capture", "ggg1:2"],
            &format!("The article's other networks (nrich::Network::{network:?}): a lone stone is captured when its last liberty is filled, here across the network's seam."),
            &format!("{why} With Black on all but {mv}, White's stone has the one liberty {mv}; B {mv} fills it: the chain has no liberty and is taken off (nrich:capture, ggg1:2 step 2). Black's stones keep liberties elsewhere."),
            record(RuleId::Ggg1, written, &black, &[white], &[&format!("B {mv}")]),
            vec![
                Claim::Legal(0),
                Claim::Removed(0, names(&[white])),
                Claim::Position(0, symbols(&after)),
            ],
        ));
    }
    out
}

/// A game on a network whose claims come from the article's own rules, not from the `ggg`
/// transcription: every placement is `nrich::place` (the stone, then the enemy chains whose
/// last liberty it filled taken off), and the final score is the stones plus
/// `nrich::undisputed_territory` (flooding).
///
/// Why that is sound for `ggg1`: from a position where every chain has a liberty (the
/// article's invariant, true of the empty start and kept by every placement), a stone on v
/// can take the last liberty only of chains next to v, so step 2 of `ggg1:2` empties exactly
/// the chains `place` takes off; and `place` is used only where the mover's chain keeps a
/// liberty (it returns `None` otherwise: the one case the article leaves open), so step 3
/// empties nothing. The moves chosen give a colouring not seen before in the game, checked
/// here against the list of earlier ones, so `ggg1:3` refuses none. Flooding counts an empty
/// point for a player when it is reached from that player's stones and not from the
/// opponent's, which is `ggg1:4` under `neutral: none` (an empty region counts for the side
/// it touches alone); so the records say `neutral: none`. The hand evaluator `step` of this
/// generator is held to `place` on every move as well.
fn nrich_game(network: nrich::Network, seed: u64, turns: usize) -> Case {
    let (board, written) = network_board(network);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut position: nrich::Position = (0..board.len()).map(|_| Colour::Empty).collect();
    let mut earlier = vec![position.clone()];
    let (mut moves, mut claims, mut taken) = (Vec::new(), Vec::new(), 0);
    let mut player = Player::Black;
    for i in 0..turns {
        let mut empty: Vec<Vertex> = (0..board.len())
            .filter(|&v| position[v] == Colour::Empty)
            .collect();
        empty.shuffle(&mut rng);
        let Some((v, after)) = empty.into_iter().find_map(|v| {
            nrich::place(&board, &position, player, v)
                .filter(|after| !earlier.contains(after))
                .map(|after| (v, after))
        }) else {
            break;
        };
        let removed: Vec<String> = (0..board.len())
            .filter(|&u| position[u] != Colour::Empty && after[u] == Colour::Empty)
            .map(|u| board.name(u).to_string())
            .collect();
        let flat: Vec<Colour> = position.iter().copied().collect();
        let (by_step, _) = step(&board, &flat, player, v);
        assert_eq!(
            by_step,
            after.iter().copied().collect::<Vec<_>>(),
            "{network:?} seed {seed}: ggg1:2 by hand and nrich::place differ at turn {i}"
        );
        assert!(nrich::invariant_holds(&board, &after));
        taken += removed.len();
        moves.push(format!("{} {}", player.letter(), board.name(v)));
        claims.push(Claim::Legal(i));
        claims.push(Claim::Removed(i, removed));
        claims.push(Claim::Position(i, symbols(&flat_of(&after))));
        earlier.push(after.clone());
        position = after;
        player = player.opponent();
    }
    let played = moves.len();
    moves.push(format!("{} pass", player.letter()));
    moves.push(format!("{} pass", player.opponent().letter()));
    claims.push(Claim::Legal(played));
    claims.push(Claim::Legal(played + 1));
    let score = |p: Player| {
        let own = position.iter().filter(|&&c| c == p.colour()).count();
        int((own + nrich::undisputed_territory(&board, &position, p).len()) as i64)
    };
    let (black, white) = (score(Player::Black), score(Player::White));
    let winner = match black.cmp(&white) {
        std::cmp::Ordering::Greater => Some(Player::Black),
        std::cmp::Ordering::Less => Some(Player::White),
        std::cmp::Ordering::Equal => None,
    };
    claims.push(Claim::Ends(winner, "score"));
    claims.push(Claim::Scores(black, white));
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    let name = super::board_name(&written);
    let id = match network {
        nrich::Network::RoadMap {
            width,
            height,
            seed: map,
        } => format!("worked-nrich-roadmap{width}x{height}-map{map}-game{seed}"),
        _ => format!("worked-nrich-{name}-game{seed}"),
    };
    case(
        id,
        &["nrich:boards", "nrich:chain", "nrich:capture", "nrich:invariant", "nrich:flood", "ggg1:2", "ggg1:4"],
        format!("A game of {played} placements on the article's network nrich::Network::{network:?} ({} points), chosen at random (seed {seed}) among those the article's capture rule allows; {taken} stones taken in all. Every claim comes from the article's own rules (nrich::place for each placement, stones plus nrich::undisputed_territory for the score after two passes, neutral: none), which agree with ggg1:2 and ggg1:4 on such games (src/conformance/vectors/families/worked_examples.rs says why).", board.len()),
        with_options(
            record(RuleId::Ggg1, written, &[], &[], &moves),
            &[("neutral", "none")],
        ),
        claims,
    )
}

fn flat_of(p: &nrich::Position) -> Vec<Colour> {
    p.iter().copied().collect()
}

fn network_games() -> Vec<Case> {
    use nrich::Network::*;
    let road = |width, height, seed| RoadMap {
        width,
        height,
        seed,
    };
    let games = [
        (Torus(5, 5), 1, 40),
        (Moebius(6, 3), 2, 30),
        (Grid3d(3, 3, 3), 3, 40),
        (road(5, 4, 1), 4, 40),
        (road(6, 5, 2), 5, 60),
    ];
    let out: Vec<Case> = games
        .into_iter()
        .map(|(network, seed, turns)| nrich_game(network, seed, turns))
        .collect();
    assert!(
        out.iter().any(|c| c
            .claims
            .iter()
            .any(|k| matches!(k, Claim::Removed(_, r) if !r.is_empty()))),
        "no network game captures anything"
    );
    out
}

/// Every worked example, in a fixed order.
pub(super) fn cases() -> Vec<Case> {
    let mut out = komi_gadgets();
    out.extend(example_5x5(RuleId::Ggg2));
    out.extend(example_5x5(RuleId::Ggg1));
    out.extend(example_19x19());
    out.extend(example_19x19_as_go());
    out.extend(network_captures());
    out.extend(network_games());
    out
}
