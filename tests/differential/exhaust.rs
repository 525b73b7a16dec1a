//! `graphgo exhaust`: the enumerations it walks, counted against published counts, and a
//! walk that must find a planted difference and write it shrunk.

use graphgo::differential::compare;
use graphgo::differential::exhaust::{
    self, digraphs_up_to_isomorphism, go_spaces_up_to_relabelling, graphs_up_to_isomorphism,
    invariant_violation, topologies, Family, Reach, Run, Scope,
};
use graphgo::differential::shard::Shard;
use graphgo::game::{
    Colour, Observation, Playable, Player, RuleId, RuleSet, SelfCapture, Setup, Turn, Unsupported,
};

#[test]
fn graphs_up_to_isomorphism_are_counted_as_published() {
    // OEIS A000088, number of graphs on n unlabelled nodes: 1, 1, 2, 4, 11, 34, 156, 1044.
    let published = [1, 2, 4, 11, 34, 156];
    for (n, &count) in (1..).zip(&published) {
        assert_eq!(
            graphs_up_to_isomorphism(n).len(),
            count,
            "graphs on {n} vertices"
        );
    }
}

#[test]
fn digraphs_up_to_isomorphism_are_counted_as_published() {
    // OEIS A000273, number of unlabelled digraphs (no loops) on n nodes: 1, 1, 3, 16, 218.
    for (n, count) in [(1, 1), (2, 3), (3, 16), (4, 218)] {
        assert_eq!(
            digraphs_up_to_isomorphism(n).len(),
            count,
            "digraphs on {n} points"
        );
    }
}

#[test]
fn topologies_are_counted_as_published() {
    // OEIS A000798, number of labelled topologies on n points: 1, 1, 4, 29, 355.
    for (n, count) in [(1, 1), (2, 4), (3, 29), (4, 355)] {
        assert_eq!(topologies(n).len(), count, "topologies on {n} points");
    }
}

#[test]
fn go_spaces_on_one_and_two_points_by_hand() {
    // One point: one topology, opens {x}; S is {} or {{x}}: 2 spaces.
    assert_eq!(go_spaces_up_to_relabelling(1).len(), 2);
    // Two points, up to swapping them. Indiscrete (opens X): S = {} or {X}: 2. Sierpinski
    // (opens {a}, X): S any of the 4 subsets of {{a}, X}: 4. Discrete (opens {a}, {b}, X):
    // S by which of X is in it (2) times the singletons up to the swap (none, one, both: 3):
    // 6. In all 12.
    assert_eq!(go_spaces_up_to_relabelling(2).len(), 12);
}

/// The engine playing every game with self-capture forbidden, whatever the setup says: a
/// planted difference the walk must find on the smallest boards.
struct NoSelfCapture;

impl RuleSet for NoSelfCapture {
    fn name(&self) -> &str {
        "engine without self-capture"
    }
    fn start(&self, setup: &Setup) -> Result<Box<dyn Playable>, Unsupported> {
        let mut changed = setup.clone();
        changed.options.self_capture = SelfCapture::None;
        compare::engine().start(&changed)
    }
}

#[test]
fn a_walk_finds_a_planted_difference_and_writes_it_shrunk() {
    let out = std::env::temp_dir().join(format!("graphgo-exhaust-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let spec = compare::reference();
    let run = Run {
        scope: Scope {
            families: vec![(Family::Graphs, Reach::upto(2, 3))],
            refusals: true,
        },
        shard: Shard::ALL,
        out: Some(out.clone()),
        shrink_budget: 200,
        max_findings: 1,
        a: &*spec,
        b: &NoSelfCapture,
    };
    let report = exhaust::run(&run, &mut |_, _| {});
    assert_eq!(report.findings.len(), 1, "{:?}", report.findings);
    let found = &report.findings[0];
    // On two vertices without an edge a lone stone has no liberty: under self-capture all
    // the move is refused as a repetition (ggg1:3), under none as a self-capture: one turn.
    // On the path of two, Black filling both points takes three turns (B, W pass, B).
    assert!(found.game.turns.len() <= 3, "{:?}", found.game.turns);
    assert!(compare::compare(&*spec, &NoSelfCapture, &found.game).is_some());
    let file = found.file.as_ref().expect("written");
    let text = std::fs::read_to_string(file).unwrap();
    assert!(text.contains("graphgo exhaust"), "{text}");
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn the_same_walk_with_the_engine_finds_nothing_and_counts_by_hand() {
    // One vertex under ggg1 (neutral both, all self-capture, positional superko), depth 2:
    // from the empty board Black may pass or resign (a stone on the only point has no
    // liberty and is removed, repeating the empty board: refused). After a pass, White may
    // pass (the game ends) or resign. So 3 games: pass-pass, pass-resign, resign.
    let spec = compare::reference();
    let engine = compare::engine();
    let run = Run {
        scope: Scope {
            families: vec![(Family::Graphs, Reach::upto(1, 2))],
            refusals: true,
        },
        shard: Shard::ALL,
        out: None,
        shrink_budget: 10,
        max_findings: 1,
        a: &*spec,
        b: &*engine,
    };
    let (coverage, findings) = exhaust::walk(
        &run,
        Family::Graphs,
        "one vertex",
        &Setup::new(
            RuleId::Ggg1,
            graphgo::board::Board::from_edges::<&str>(&["a"], &[]).unwrap(),
        ),
        2,
    );
    assert!(findings.is_empty());
    assert_eq!(coverage.games, 3);
    // Turns given: pass and resign at the start and again after Black's pass (4), plus, at
    // the same two positions, the refused move at the only point and a move by the wrong
    // player (4). The finished games are not given turns.
    assert_eq!(coverage.turns, 4 + 4);
    assert_eq!(coverage.refusals, 4);
}

#[test]
fn a_chain_without_a_liberty_breaks_the_invariant() {
    let board = graphgo::board::Board::path(2).unwrap();
    let setup = Setup::new(RuleId::Ggg1, board);
    let observe = |position: Vec<Colour>| Observation {
        position,
        to_move: Some(Player::White),
        prisoners: None,
        scores: None,
        result: None,
    };
    let turn = Turn::Move {
        player: Player::Black,
        at: 0,
    };
    let full = observe(vec![Colour::Black, Colour::White]);
    assert!(invariant_violation(&setup, &turn, &full)
        .unwrap()
        .starts_with("nrich:invariant"));
    let fine = observe(vec![Colour::Black, Colour::Empty]);
    assert_eq!(invariant_violation(&setup, &turn, &fine), None);
}

#[test]
fn the_fast_legal_turn_list_of_ggg_equals_the_literal_one() {
    // `GraphGoGame::legal_turns` finds the moves by `fast_paths` and the pass rules;
    // `legal_turns_literal` asks `GraphGoGame::after` of each. Compared at every position
    // reached in three turns on every graph of up to 4 vertices, under every rule setup.
    use graphgo::variants::ggg::GraphGoGame;
    fn walk(state: &GraphGoGame, depth: usize, compared: &mut usize) {
        let fast = state.legal_turns();
        assert_eq!(fast, state.legal_turns_literal(), "{state:?}");
        *compared += 1;
        if depth == 0 {
            return;
        }
        for turn in &fast {
            walk(&state.after(turn).unwrap(), depth - 1, compared);
        }
    }
    let mut compared = 0;
    for n in 1..=4 {
        for edges in graphs_up_to_isomorphism(n) {
            let names: Vec<String> = (0..n).map(|i| format!("v{i}")).collect();
            let pairs: Vec<(String, String)> = edges
                .iter()
                .map(|&(u, v)| (names[u].clone(), names[v].clone()))
                .collect();
            let board = graphgo::board::Board::from_edges(&names, &pairs).unwrap();
            for setup in exhaust::graph_rule_setups(&board) {
                walk(&GraphGoGame::start(&setup).unwrap(), 3, &mut compared);
            }
        }
    }
    assert!(compared > 10_000, "{compared}");
}

#[test]
fn the_directed_invariants_catch_two_stones_on_a_pair_and_a_stone_without_liberty() {
    use graphgo::board::digraph::Digraph;
    use graphgo::game::Equipment;
    use std::sync::Arc;
    let directed = |arcs: &[(usize, usize)]| {
        let digraph = Digraph::from_index_arcs(2, arcs, &|u, v| format!("[{u}, {v}]")).unwrap();
        let names = ["a".to_string(), "b".to_string()];
        let board = digraph
            .underlying(&graphgo::board::Board::from_edges::<String>(&names, &[]).unwrap())
            .unwrap();
        let mut setup = Setup::new(RuleId::Directed, board);
        setup.equipment = Equipment::Arcs(Arc::new(digraph));
        setup
    };
    let observe = |position: Vec<Colour>| Observation {
        position,
        to_move: Some(Player::White),
        prisoners: None,
        scores: None,
        result: None,
    };
    let (black, white, empty) = (Colour::Black, Colour::White, Colour::Empty);
    let placement = Turn::Move {
        player: Player::Black,
        at: 0,
    };
    let pass = Turn::Pass {
        player: Player::Black,
    };
    // a <-> b is an isolated pair (dir:NOTE-pairs): two stones on it break the note after
    // any turn, one stone does not.
    let pair = directed(&[(0, 1), (1, 0)]);
    for turn in [&placement, &pass] {
        let broken = invariant_violation(&pair, turn, &observe(vec![black, white])).unwrap();
        assert_eq!(
            broken,
            "dir:NOTE-pairs: the isolated pair a, b holds two stones"
        );
    }
    assert_eq!(
        invariant_violation(&pair, &placement, &observe(vec![black, empty])),
        None
    );
    // a -> b only: not a pair. A black stone on a whose one arc leads to a white stone has
    // no liberty (dir:CAPTURE): broken after a placement, not read after a pass.
    let one_way = directed(&[(0, 1)]);
    let broken = invariant_violation(&one_way, &placement, &observe(vec![black, white])).unwrap();
    assert!(
        broken.starts_with("dir:CAPTURE: the stone on a"),
        "{broken}"
    );
    assert_eq!(
        invariant_violation(&one_way, &pass, &observe(vec![black, white])),
        None
    );
    // A white stone on b alone: b has no arc out, so no liberty either.
    let broken = invariant_violation(&one_way, &placement, &observe(vec![empty, white])).unwrap();
    assert!(
        broken.starts_with("dir:CAPTURE: the stone on b"),
        "{broken}"
    );
    // A black stone on a with b empty: a's liberty is b.
    assert_eq!(
        invariant_violation(&one_way, &placement, &observe(vec![black, empty])),
        None
    );
}
