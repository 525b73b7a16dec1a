//! Claims about the directed rules checked against other parts of the project:
//! symmetric digraphs capture as General Graph Go does (`dir:CAPTURE` against `ggg1:2`), the
//! isolated-pairs search (`dir:NOTE-pairs`), and records and turns written back and read.

use crate::support;

use std::sync::Arc;

use graphgo::board::digraph::Digraph;
use graphgo::board::Board;
use graphgo::game::{Colour, Equipment, Options, Player, Repetition, RuleId, RuleSet, Setup, Turn};
use graphgo::io::record::Record;
use graphgo::spec::directed::{self, place_stone, Position};
use graphgo::spec::ggg::{make_move, ColouredGraph};
use graphgo::spec::pairs::{
    longest_by_witness, longest_superko_game_within, loop_start, pair_moves, parse_points,
    replay_superko_game,
};
use graphgo::variants::directed::Deleters;
use graphgo::variants::Rules;
use proptest::prelude::*;

fn colouring(n: usize) -> impl Strategy<Value = Vec<Colour>> {
    prop::collection::vec(
        prop_oneof![
            Just(Colour::Empty),
            Just(Colour::Black),
            Just(Colour::White)
        ],
        n,
    )
}

fn board_and_colouring() -> impl Strategy<Value = (Board, Vec<Colour>, Player)> {
    support::simple_graph(1..=9).prop_flat_map(|b| {
        let n = b.len();
        (
            Just(b),
            colouring(n),
            prop_oneof![Just(Player::Black), Just(Player::White)],
        )
    })
}

proptest! {
    #![proptest_config(proptest::test_runner::Config {
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::Direct(
                "tests/proptest-regressions/directed_properties.txt",
            ),
        )),
        ..proptest::test_runner::Config::default()
    })]

    /// dir:CAPTURE against ggg1:2 on symmetric digraphs: per-stone liberties along arcs both
    /// ways are group liberties, so every placement removes the same stones; and the
    /// placements allowed are the same (ggg1 without its repetition rule, which the directed
    /// rules replace by ko bids: both allow exactly the empty points).
    #[test]
    fn dir_capture_symmetric_digraphs_agree_with_ggg1((board, colours, player) in board_and_colouring()) {
        let arcs = Digraph::symmetric(&board);
        let position: Position = colours.iter().copied().collect();
        let graph = ColouredGraph { graph: Arc::new(board.clone()), f: position.clone() };
        for (v, &c) in colours.iter().enumerate() {
            if c != Colour::Empty {
                continue;
            }
            let ggg = make_move(&graph, player, v).after;
            prop_assert_eq!(place_stone(&arcs, &position, player, v), ggg.f, "vertex {}", v);
        }
        let mut ggg1 = Setup::new(RuleId::Ggg1, board.clone());
        ggg1.initial = colours.clone();
        ggg1.to_move = player;
        ggg1.options = Options { repetition: Repetition::None, ..Options::default() };
        let mut dir = ggg1.clone();
        dir.rules = RuleId::Directed;
        dir.equipment = Equipment::Arcs(Arc::new(arcs));
        dir.komi = num_rational::BigRational::from_integer(1.into()); // skips the komi phase
        let placements = |turns: Vec<Turn>| -> Vec<Turn> {
            turns.into_iter().filter(|t| matches!(t, Turn::Move { .. })).collect()
        };
        let a = placements(Rules.start(&ggg1).unwrap().legal_turns());
        let b = placements(Rules.start(&dir).unwrap().legal_turns());
        prop_assert_eq!(a, b);
    }
}

/// dir:NOTE-pairs: how one placement changes a pair, worked out by hand (states `..`, `X.`,
/// `.X`, `O.`, `.O` numbered 0-4). Black on `..`: `X.` or `.X`. Black on the empty point of
/// `X.`: both black stones reach no empty point, both go: `..`. Black beside a white stone:
/// the white one goes first, then the black one reaches the emptied point: `O.` -> `.X`.
#[test]
fn dir_note_pairs_transitions() {
    let m = pair_moves();
    let black: [Vec<usize>; 5] = [vec![1, 2], vec![0], vec![0], vec![2], vec![1]];
    let white: [Vec<usize>; 5] = [vec![3, 4], vec![4], vec![3], vec![0], vec![0]];
    assert_eq!(m[0], black);
    assert_eq!(m[1], white);
}

/// dir:NOTE-pairs: the witness replay refuses what superko refuses. N = 1: Black 0, White 1
/// captures, Black 0 again would capture back to the position after move 1 (worked out in
/// spec/directed.md); a stone on an occupied point and a point off the board are refused;
/// a game of two moves goes through 3 positions. The refusal names the move's player: Black
/// makes the odd moves, White the even ones.
#[test]
fn dir_note_pairs_witness_replay_refuses() {
    assert_eq!(replay_superko_game(1, &[0, 1]), Ok(3));
    let again = replay_superko_game(1, &[0, 1, 0]).unwrap_err();
    assert!(
        again.contains("move 3 (Black at 0)") && again.contains("occurred before"),
        "{again}"
    );
    let occupied = replay_superko_game(2, &[0, 0]).unwrap_err();
    assert!(
        occupied.contains("move 2 (White at 0)") && occupied.contains("not an empty point"),
        "{occupied}"
    );
    assert!(replay_superko_game(2, &[4]).is_err());
    assert_eq!(parse_points("# a comment\n0 1\n 2"), Ok(vec![0, 1, 2]));
    assert!(parse_points("0 x").is_err());
}

/// dir:NOTE-pairs: N = 1 by hand: Black p, White q captures, Black's only move p would give
/// back the position after Black's first move: 2 moves. N = 2: a game through all 25
/// positions exists (24 moves), checked below by an independent search with the ggg1
/// transcription (positional superko, passes left out); 24 is the most, one move per new
/// position. The loop start is N: each placement changes one pair.
#[test]
fn dir_note_pairs_table() {
    for (n, longest) in [(1, 2), (2, 24)] {
        let found = longest_superko_game_within(n, None);
        assert!(found.exhaustive, "N = {n}: no deadline was given");
        assert_eq!(found.length, longest, "N = {n}");
    }
    // N = 3 by the witness game through all 125 positions (replayed by the transcription).
    assert_eq!(longest_by_witness(3), Some(124));
    assert_eq!(longest_by_witness(4), None);
    for n in 1..=4 {
        assert_eq!(loop_start(n), n);
    }
}

/// The longest game without passes under ggg1 (positional superko), by depth-first search
/// through the transcription's `Playable` (stops at `cap`, the most there can be).
fn ggg1_longest(setup: &Setup, cap: usize) -> usize {
    fn go(
        game: &dyn graphgo::game::Playable,
        turns: &mut Vec<Turn>,
        setup: &Setup,
        cap: usize,
        best: &mut usize,
    ) {
        *best = (*best).max(turns.len());
        if *best == cap {
            return;
        }
        for t in game.legal_turns() {
            if !matches!(t, Turn::Move { .. }) {
                continue;
            }
            let mut next = Rules.start(setup).unwrap();
            for u in turns.iter().chain(std::iter::once(&t)) {
                next.play(u).unwrap();
            }
            turns.push(t);
            go(&*next, turns, setup, cap, best);
            turns.pop();
            if *best == cap {
                return;
            }
        }
    }
    let mut best = 0;
    go(
        &*Rules.start(setup).unwrap(),
        &mut Vec::new(),
        setup,
        cap,
        &mut best,
    );
    best
}

/// N isolated pairs as a ggg1 board: N disjoint edges, points `2i` and `2i + 1` (the symmetric
/// digraph of a pair is an edge).
fn pairs_setup(n: usize) -> Setup {
    let names: Vec<String> = (0..2 * n).map(|i| i.to_string()).collect();
    let edges: Vec<(String, String)> = (0..n)
        .map(|i| (names[2 * i].clone(), names[2 * i + 1].clone()))
        .collect();
    Setup::new(RuleId::Ggg1, Board::from_edges(&names, &edges).unwrap())
}

/// dir:NOTE-pairs, N = 3: the witness game (spec/pairs/n3-game.txt, 124 moves) is a game
/// under ggg1 (positional superko, `ggg1:3`; self-capture allowed) on three disjoint edges:
/// every placement is legal for the player whose turn it is, every position is new (checked
/// here too, not only by the transcription's refusal), and it goes through all 125
/// positions, so at the end the player to move has no legal placement and no game is longer:
/// the N = 3 value is exactly 124.
#[test]
fn dir_note_pairs_n3_game_replays_under_ggg1() {
    let points: Vec<usize> = include_str!("../../spec/pairs/n3-game.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .flat_map(str::split_whitespace)
        .map(|w| w.parse().unwrap())
        .collect();
    assert_eq!(points.len(), 124);
    let setup = pairs_setup(3);
    let mut game = Rules.start(&setup).unwrap();
    let mut seen = vec![game.observe().position];
    for (k, &at) in points.iter().enumerate() {
        let player = if k % 2 == 0 {
            Player::Black
        } else {
            Player::White
        };
        game.play(&Turn::Move { player, at })
            .unwrap_or_else(|e| panic!("move {} ({player:?} at {at}): {e:?}", k + 1));
        let position = game.observe().position;
        assert!(!seen.contains(&position), "move {} repeats", k + 1);
        seen.push(position);
    }
    assert_eq!(seen.len(), 125);
    assert!(game
        .legal_turns()
        .iter()
        .all(|t| !matches!(t, Turn::Move { .. })));
}

/// dir:NOTE-pairs, N = 3: the counting facts spec/directed.md states (they hold, though they
/// do not lower the bound 124), checked on all 125 positions with the transitions of the
/// transcription: a position with a white stone on every pair is entered only by a White
/// placement, and Black's placements from it each turn one white stone black (no pair empty
/// after); the same with colours swapped; and while every pair holds a stone, a Black
/// placement that keeps every pair occupied adds one black stone, a White one removes one.
#[test]
fn dir_note_pairs_n3_counting_facts() {
    let m = pair_moves();
    let black_stones = |p: &[usize]| p.iter().filter(|&&s| s == 1 || s == 2).count();
    let white_stones = |p: &[usize]| p.iter().filter(|&&s| s == 3 || s == 4).count();
    let positions: Vec<Vec<usize>> = (0..125).map(|i| vec![i % 5, i / 5 % 5, i / 25]).collect();
    let mut entries_of_all_white = [0; 2];
    let mut entries_of_all_black = [0; 2];
    for p in &positions {
        for player in Player::BOTH {
            for pair in 0..3 {
                for &t in &m[player.index()][p[pair]] {
                    let mut q = p.clone();
                    q[pair] = t;
                    if white_stones(&q) == 3 {
                        entries_of_all_white[player.index()] += 1;
                    }
                    if black_stones(&q) == 3 {
                        entries_of_all_black[player.index()] += 1;
                    }
                    if white_stones(p) == 3 && player == Player::Black {
                        assert_eq!((black_stones(&q), white_stones(&q)), (1, 2));
                    }
                    if black_stones(p) == 3 && player == Player::White {
                        assert_eq!((black_stones(&q), white_stones(&q)), (2, 1));
                    }
                    let full = |x: &[usize]| x.iter().all(|&s| s != 0);
                    if full(p) && full(&q) {
                        let step = if player == Player::Black { 1 } else { -1 };
                        assert_eq!(black_stones(&q) as i32, black_stones(p) as i32 + step);
                    }
                }
            }
        }
    }
    // Entered only by one colour, and entered at all.
    assert_eq!(entries_of_all_white[Player::Black.index()], 0);
    assert!(entries_of_all_white[Player::White.index()] > 0);
    assert_eq!(entries_of_all_black[Player::White.index()], 0);
    assert!(entries_of_all_black[Player::Black.index()] > 0);
}

/// dir:NOTE-pairs: the superko values for N = 1, 2 by the ggg1 transcription on N disjoint
/// edges (the symmetric digraph of a pair is an edge), independently of `src/spec/pairs.rs`.
#[test]
fn dir_note_pairs_superko_by_ggg1() {
    let pairs = pairs_setup;
    assert_eq!(ggg1_longest(&pairs(1), 4), 2);
    assert_eq!(ggg1_longest(&pairs(2), 24), 24);
}

/// dir:INTRO: a directed record written back (`Record::from_game`) reads as the same game,
/// and every directed turn's text reads back as the same turn.
#[test]
fn dir_intro_records_round_trip() {
    let text = "rules: directed\nboard: {one_way_grid: [2, 2]}\nsetup: {black: [1-1]}\nkomi: \"-3/2\"\n\
                moves: [W 2-1, W bid 1/3, B winner white, W reset X..., W delete, B delete, W pass]\n";
    let game = Record::parse(text, false).unwrap().game().unwrap();
    let written = Record::from_game(&game.setup, &game.turns).to_yaml();
    let again = Record::parse(&written, false).unwrap().game().unwrap();
    assert_eq!(again.turns, game.turns);
    assert_eq!(again.setup.initial, game.setup.initial);
    assert_eq!(again.setup.komi, game.setup.komi);
    assert_eq!(again.setup.equipment, game.setup.equipment);
    let board = &game.setup.board;
    for t in [
        "first komi -7/2",
        "second takes black",
        "B delete",
        "W bid 0",
        "B ignore",
        "W winner black",
        "B reset .XO.",
    ] {
        let turn = Turn::parse(t, board).unwrap();
        assert_eq!(turn.text(board), t);
        assert_eq!(turn.swapped().swapped(), turn);
    }
    // The game above is legal: White moves first (to_move defaults to Black, so W 2-1 is
    // refused: the record does not say white starts).
    let s = graphgo::variants::directed::start(&game.setup, Deleters::Either)
        .unwrap()
        .state;
    assert_eq!(
        directed::turn(&s, &game.turns[0]).unwrap_err().clause.id(),
        "dir:TURNS"
    );
}

/// dir:NOTE-pairs, exhaustively for N = 1 to 4: on N isolated pairs every position reached
/// by placements of either player holds at most one stone a pair, through the transcription
/// on the whole board. By hand, a pair is empty or holds one stone of either colour on either
/// point (5 states), and each is reached independently of the others: 5^N positions.
#[test]
fn dir_note_pairs_every_reachable_position_keeps_one_stone_a_pair() {
    use graphgo::spec::pairs::{isolated_pairs_of, reachable_pair_positions};
    for (n, positions) in [(1, 5), (2, 25), (3, 125), (4, 625)] {
        assert_eq!(reachable_pair_positions(n), Ok(positions), "N = {n}");
    }
    // The pairs of the note's board are found as such; a directed 3-cycle has none.
    let three = graphgo::spec::directed::isolated_pairs(3);
    assert_eq!(isolated_pairs_of(&three), vec![(0, 1), (2, 3), (4, 5)]);
    let cycle =
        graphgo::board::digraph::Digraph::from_index_arcs(3, &[(0, 1), (1, 2), (2, 0)], &|u, v| {
            format!("[{u}, {v}]")
        })
        .unwrap();
    assert_eq!(isolated_pairs_of(&cycle), vec![]);
    // A pair with a third point pointing into it is not isolated.
    let touched =
        graphgo::board::digraph::Digraph::from_index_arcs(3, &[(0, 1), (1, 0), (2, 0)], &|u, v| {
            format!("[{u}, {v}]")
        })
        .unwrap();
    assert_eq!(isolated_pairs_of(&touched), vec![]);
}
