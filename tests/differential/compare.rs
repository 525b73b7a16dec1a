//! The comparer and the campaign, tested against the spec with planted bugs: wrappers around
//! the spec that break one rule each. The comparer must find each bug, and shrink it to a
//! tiny game that still shows it.

use std::collections::BTreeSet;
use std::path::PathBuf;

use graphgo::board::Board;
use graphgo::differential::compare::{self, compare, shrink, Difference, Session, Verdict};
use graphgo::differential::fuzz::{self, Campaign, Limit, Shard};
use graphgo::game::{
    Colour, Illegal, Neutral, Observation, Playable, Player, Repetition, RuleId, RuleSet, Setup,
    Turn, Unsupported,
};
use graphgo::io::record::{Game, Record};
use graphgo::variants::Rules;

/// Planted bug 1: positional superko (`ggg1:3`, `ggg3:3`) forgotten.
struct NoSuperko;

impl RuleSet for NoSuperko {
    fn name(&self) -> &str {
        "no-superko"
    }
    fn start(&self, setup: &Setup) -> Result<Box<dyn Playable>, Unsupported> {
        let mut setup = setup.clone();
        if setup.options.repetition == Repetition::Positional {
            setup.options.repetition = Repetition::None;
        }
        Rules.start(&setup)
    }
}

/// Planted bug 2: the option `neutral: none` ignored (every neutral region scored for both).
struct NeutralIgnored;

impl RuleSet for NeutralIgnored {
    fn name(&self) -> &str {
        "neutral-ignored"
    }
    fn start(&self, setup: &Setup) -> Result<Box<dyn Playable>, Unsupported> {
        let mut setup = setup.clone();
        setup.options.neutral = Neutral::Both;
        Rules.start(&setup)
    }
}

/// Planted bug 3: under `ggg3:2`, stones lost by self-capture paid to the mover instead of
/// the opponent (shown in the prisoner counts only).
struct SelfCapturePaysMover;

struct SelfCapturePaysMoverGame {
    inner: Box<dyn Playable>,
    shift: [i64; 2],
}

impl RuleSet for SelfCapturePaysMover {
    fn name(&self) -> &str {
        "self-capture-pays-mover"
    }
    fn start(&self, setup: &Setup) -> Result<Box<dyn Playable>, Unsupported> {
        Ok(Box::new(SelfCapturePaysMoverGame {
            inner: Rules.start(setup)?,
            shift: [0, 0],
        }))
    }
}

impl Playable for SelfCapturePaysMoverGame {
    fn observe(&self) -> Observation {
        let mut o = self.inner.observe();
        if let Some(p) = &mut o.prisoners {
            for (count, shift) in p.iter_mut().zip(self.shift) {
                *count = (*count as i64 + shift) as u64;
            }
        }
        o
    }
    fn legal_turns(&self) -> Vec<Turn> {
        self.inner.legal_turns()
    }
    fn play(&mut self, turn: &Turn) -> Result<(), Illegal> {
        let before = self.inner.observe().position;
        self.inner.play(turn)?;
        if let Turn::Move { player, .. } = *turn {
            let after = self.inner.observe().position;
            let own = (0..before.len())
                .filter(|&v| before[v] == player.colour() && after[v] == Colour::Empty)
                .count() as i64;
            // Right: the opponent's count grows by `own`. Planted: the mover's does.
            self.shift[player.opponent().index()] -= own;
            self.shift[player.index()] += own;
        }
        Ok(())
    }
}

fn read(text: &str) -> Game {
    Record::parse(text, false).unwrap().game().unwrap()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("graphgo-check-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Runs a campaign against a planted bug until it finds one; the first divergence found.
fn first_found(bug: &dyn RuleSet, seed: u64, games: u64) -> fuzz::Found {
    let campaign = Campaign {
        seed,
        limit: Limit::Games(games),
        shard: Shard::ALL,
        out: None,
        shrink_budget: 2000,
        max_findings: fuzz::DEFAULT_MAX_FINDINGS,
    };
    let summary = campaign.run(&Rules, bug, &mut |_| {});
    assert!(
        !summary.found.is_empty(),
        "{games} games with seed {seed} found no divergence from {}",
        bug.name()
    );
    summary.found.into_iter().next().unwrap()
}

#[test]
fn spec_agrees_with_itself_on_generated_games() {
    for index in 0..40 {
        let played = fuzz::play_game(&Rules, &Rules, 11, index);
        assert!(played.divergence.is_none(), "game {index}");
        assert!(compare(&Rules, &Rules, &played.game).is_none());
    }
}

#[test]
fn superko_bug_is_seen_on_a_handmade_ko() {
    // The path 1 - 2. B 1 (liberty 2): X . ; W 2 has no liberty, but Black's group {1} is
    // removed first (ggg1:2), which gives White the liberty 1: . O ; B 1 would remove {2}
    // and give X . again, the colouring after turn 1: ggg1:3 forbids it.
    let ko = read("rules: ggg1\nboard: {path: 2}\nmoves: [\"B 1\", \"W 2\", \"B 1\"]\n");
    let d = compare(&Rules, &NoSuperko, &ko).expect("superko differs");
    // Already after "W 2" the legal turns differ: only the planted bug lists the retake.
    assert_eq!(d.turns, 2);
    let retake = Turn::Move {
        player: Player::Black,
        at: 0,
    };
    match &d.difference {
        Difference::LegalTurns { a, b } => {
            assert!(!a.contains(&retake) && b.contains(&retake), "{d:?}");
        }
        other => panic!("expected legal turns to differ, got {other:?}"),
    }
    // Without the last turn, and without the capture, nothing differs.
    let before = read("rules: ggg1\nboard: {path: 2}\nmoves: [\"B 1\"]\n");
    assert!(compare(&Rules, &NoSuperko, &before).is_none());
}

#[test]
fn shrinking_drops_an_unrelated_component_and_its_turns() {
    // The ko above beside an empty 3x3 grid, with two turns played on the grid first (no
    // point of the grid is then surrounded by one colour, so nothing differs there).
    let text = "rules: ggg1\nboard: {graph: {vertices: [a, b, 1-1, 2-1, 3-1, 1-2, 2-2, 3-2, 1-3, 2-3, 3-3], \
        edges: [[a, b], [1-1, 2-1], [2-1, 3-1], [1-2, 2-2], [2-2, 3-2], [1-3, 2-3], [2-3, 3-3], \
        [1-1, 1-2], [1-2, 1-3], [2-1, 2-2], [2-2, 2-3], [3-1, 3-2], [3-2, 3-3]]}}\n\
        moves: [\"B 2-2\", \"W 1-1\", \"B a\", \"W b\", \"B a\", \"W 3-3\"]\n";
    let game = read(text);
    let d = compare(&Rules, &NoSuperko, &game).expect("the retake differs");
    assert_eq!(d.turns, 4, "{}", d.describe(&game.setup.board));
    let shrunk = shrink(&Rules, &NoSuperko, &game, 3000).unwrap();
    let (v, t) = (shrunk.game.setup.board.len(), shrunk.game.turns.len());
    assert!(v <= 2 && t <= 3, "{v} vertices, {t} turns");
    assert!(compare(&Rules, &NoSuperko, &shrunk.game).is_some());
    // Every kept vertex is one of the ko's.
    for name in shrunk.game.setup.board.names() {
        assert!(name == "a" || name == "b", "{name}");
    }
}

#[test]
fn boards_neither_side_plays_cost_the_shrinker_nothing() {
    // Both sides play square grids only, as in `graphgo verify-gtp`: every smaller board the
    // passes over vertices and edges try is refused by both. On 9x9 those passes try over a
    // hundred boards; the budget of 60 comparisons must still reach the turns. Twelve
    // turns at the top, then Black's A2 and B1 leave White's A1 a lone-stone suicide that
    // gives back the board: positional superko forbids it, the planted bug allows it.
    use graphgo::conformance::gtp::OnSquareGrids;
    use graphgo::game::Options;
    let mut moves: Vec<String> = (1..=6)
        .flat_map(|x| [format!("\"B {x}-9\""), format!("\"W {x}-8\"")])
        .collect();
    for m in ["B A2", "W C3", "B B1"] {
        moves.push(format!("\"{m}\""));
    }
    let game = read(&format!(
        "rules: ggg1\nboard: {{grid: [9, 9]}}\nmoves: [{}]\n",
        moves.join(", ")
    ));
    let options = Options::default();
    let spec = OnSquareGrids {
        rules: Rules,
        options,
    };
    let buggy = OnSquareGrids {
        rules: NoSuperko,
        options,
    };
    let d = compare(&spec, &buggy, &game).expect("the retake differs");
    assert_eq!(d.turns, 15, "{}", d.describe(&game.setup.board));
    let shrunk = shrink(&spec, &buggy, &game, 60).unwrap();
    assert_eq!(shrunk.game.setup.board.len(), 81, "still the 9x9 grid");
    assert!(
        shrunk.game.turns.len() <= 4,
        "{} turns left after {} comparisons",
        shrunk.game.turns.len(),
        shrunk.attempts
    );
    assert!(shrunk.attempts <= 60);
    assert!(compare(&spec, &buggy, &shrunk.game).is_some());
}

/// One side plays every board (graphgo), the other square grids only (a GTP engine): a
/// smaller board the engine refuses to start is not the divergence being shrunk, so the
/// shrunk case stays on a square the engine plays (the report once kept "0 turns on a board
/// of 1 points: one side cannot start the game" for polyclash and gogame, issue 28).
#[test]
fn shrinking_keeps_a_board_the_engine_plays() {
    use graphgo::conformance::gtp::OnSquareGrids;
    use graphgo::game::Options;
    let game = read(
        "rules: ggg1\nboard: {grid: [3, 3]}\nmoves: [\"B 1-2\", \"W 2-2\", \"B 2-1\", \"W 1-1\"]\n",
    );
    let buggy = OnSquareGrids {
        rules: NoSuperko,
        options: Options::default(),
    };
    let d = compare(&Rules, &buggy, &game).expect("the lone-stone retake differs");
    assert!(!matches!(d.difference, Difference::Start { .. }), "{d:?}");
    let shrunk = shrink(&Rules, &buggy, &game, 500).unwrap();
    assert!(
        !matches!(shrunk.divergence.difference, Difference::Start { .. }),
        "shrunk to a board the engine does not start: {:?}",
        shrunk.divergence
    );
    assert!(compare(&Rules, &buggy, &shrunk.game).is_some());
}

#[test]
fn superko_bug_is_found_and_shrunk_to_a_tiny_case() {
    let found = first_found(&NoSuperko, 1, 60);
    let shrunk = &found.shrunk;
    assert!(
        shrunk.setup.board.len() <= 4 && shrunk.turns.len() <= 4,
        "shrunk to {} vertices and {} turns:\n{}",
        shrunk.setup.board.len(),
        shrunk.turns.len(),
        Record::from_game(&shrunk.setup, &shrunk.turns).to_yaml()
    );
    // The shrunk case still diverges, and only because of the repetition rule: the same
    // case with superko switched off on both sides agrees.
    assert!(compare(&Rules, &NoSuperko, shrunk).is_some());
    let mut off = shrunk.clone();
    off.setup.options.repetition = Repetition::None;
    assert!(compare(&Rules, &NoSuperko, &off).is_none());
    // The original game was bigger (shrinking did something) or already as small.
    assert!(found.original.turns.len() >= shrunk.turns.len());
}

#[test]
fn neutral_bug_is_found_and_keeps_its_option() {
    let found = first_found(&NeutralIgnored, 2, 150);
    let s = &found.shrunk.setup;
    // The bug needs `neutral: none`, ggg1 (the only scored version) and a finished game.
    assert_eq!(s.options.neutral, Neutral::None);
    assert_eq!(s.rules, RuleId::Ggg1);
    assert!(
        s.board.len() <= 2 && found.shrunk.turns.len() <= 2,
        "{}",
        Record::from_game(s, &found.shrunk.turns).to_yaml()
    );
    match &found.divergence.difference {
        Difference::Observation { a, b } => {
            assert_ne!(a.result, b.result);
            assert_eq!(a.position, b.position);
        }
        other => panic!("expected the result to differ, got {other:?}"),
    }
}

#[test]
fn self_capture_payment_bug_is_found_on_ggg3_only() {
    let found = first_found(&SelfCapturePaysMover, 3, 300);
    let s = &found.shrunk;
    assert_eq!(s.setup.rules, RuleId::Ggg3);
    assert!(
        s.setup.board.len() <= 5 && s.turns.len() <= 3,
        "{}",
        Record::from_game(&s.setup, &s.turns).to_yaml()
    );
    // The last turn is a move that removes some of the mover's own stones.
    let Some(&Turn::Move { player, .. }) = s.turns.last() else {
        panic!("the diverging turn is a move: {:?}", s.turns)
    };
    let before = compare::replay_side(
        &Rules,
        &Game {
            setup: s.setup.clone(),
            turns: s.turns[..s.turns.len() - 1].to_vec(),
        },
    );
    let after = compare::replay_side(&Rules, s);
    let (b, a) = (before.last.unwrap().position, after.last.unwrap().position);
    assert!((0..b.len()).any(|v| b[v] == player.colour() && a[v] == Colour::Empty));
}

#[test]
fn shrinking_removes_vertices_by_induced_subgraph() {
    let game = read(
        "rules: ggg1\nboard: {path: 4}\nsetup: {black: [1], white: [4]}\n\
         moves: [\"B 2\", \"W 3\", \"B pass\"]\n",
    );
    let removed: BTreeSet<usize> = [1].into_iter().collect();
    let smaller = compare::without_vertices(&game, &removed).unwrap();
    let b = &smaller.setup.board;
    assert_eq!(b.names(), ["1", "3", "4"]);
    assert_eq!(b.edge_count(), 1); // only 3-4 survives
    assert!(b.adjacent(1, 2));
    assert_eq!(
        smaller.setup.initial,
        [Colour::Black, Colour::Empty, Colour::White]
    );
    // "B 2" is dropped; "W 3" now names vertex 1; the pass stays.
    assert_eq!(
        smaller.turns,
        [
            Turn::Move {
                player: Player::White,
                at: 1
            },
            Turn::Pass {
                player: Player::Black
            }
        ]
    );
    let all: BTreeSet<usize> = (0..4).collect();
    assert!(compare::without_vertices(&game, &all).is_none());
}

#[test]
fn a_refusal_under_another_clause_is_a_divergence() {
    /// Planted bug 4: refuses every pass under ggg1 with a made-up clause.
    struct NoPassing;
    struct NoPassingGame(Box<dyn Playable>);
    impl RuleSet for NoPassing {
        fn name(&self) -> &str {
            "no-passing"
        }
        fn start(&self, setup: &Setup) -> Result<Box<dyn Playable>, Unsupported> {
            Ok(Box::new(NoPassingGame(Rules.start(setup)?)))
        }
    }
    impl Playable for NoPassingGame {
        fn observe(&self) -> Observation {
            self.0.observe()
        }
        fn legal_turns(&self) -> Vec<Turn> {
            self.0.legal_turns()
        }
        fn play(&mut self, turn: &Turn) -> Result<(), Illegal> {
            match turn {
                Turn::Pass { .. } => Err(Illegal {
                    clause: graphgo::game::clause::Clause::Outside { by: "made-up" },
                    reason: "no".into(),
                }),
                _ => self.0.play(turn),
            }
        }
    }
    // Version 2 refuses passes too, under ggg2:2: the clauses differ.
    let game = read("rules: ggg2\nboard: {path: 3}\nmoves: [\"B pass\"]\n");
    let d = compare(&Rules, &NoPassing, &game).unwrap();
    match d.difference {
        Difference::Verdict {
            a: Verdict::Refused(x),
            b: Verdict::Refused(y),
            ..
        } => {
            assert_eq!(x.clause.id(), "ggg2:2");
            assert_eq!(y.clause.id(), "made-up");
        }
        other => panic!("{other:?}"),
    }
    // Under ggg1 the spec plays the pass: played against refused.
    let game = read("rules: ggg1\nboard: {path: 3}\nmoves: [\"B 1\", \"W pass\"]\n");
    let d = compare(&Rules, &NoPassing, &game).unwrap();
    assert_eq!(d.turns, 1);
    assert!(matches!(
        d.difference,
        Difference::Verdict {
            a: Verdict::Played,
            b: Verdict::Refused(_),
            ..
        }
    ));
    let text = d.describe(&game.setup.board);
    assert!(text.contains("turn 2 (W pass)"), "{text}");
}

#[test]
fn a_panicking_side_is_a_divergence_not_a_crash() {
    struct Panics;
    impl RuleSet for Panics {
        fn name(&self) -> &str {
            "panics"
        }
        fn start(&self, setup: &Setup) -> Result<Box<dyn Playable>, Unsupported> {
            if setup.board.len() > 2 {
                panic!("boards over 2 vertices are not handled");
            }
            Rules.start(setup)
        }
    }
    compare::quiet_panics_in_sides();
    let game = read("rules: ggg1\nboard: {grid: [3, 3]}\nmoves: [\"B 1-1\"]\n");
    let d = compare(&Rules, &Panics, &game).unwrap();
    match &d.difference {
        Difference::Start {
            a: Ok(()),
            b: Err(m),
        } => assert!(m.contains("over 2 vertices")),
        other => panic!("{other:?}"),
    }
    // Shrinking keeps a board of three vertices: two would not panic.
    let shrunk = shrink(&Rules, &Panics, &game, 500).unwrap();
    assert_eq!(shrunk.game.setup.board.len(), 3);
    assert_eq!(shrunk.game.turns.len(), 0);
}

#[test]
fn a_session_plays_refused_turns_without_changing_the_game() {
    let game = read("rules: ggg1\nboard: {path: 3}\n");
    let mut s = Session::start(&Rules, &Rules, &game.setup)
        .unwrap()
        .unwrap();
    let wrong = Turn::Move {
        player: Player::White,
        at: 1,
    };
    let before = s.observation().clone();
    assert!(matches!(s.play(&wrong).unwrap(), Verdict::Refused(_)));
    assert_eq!(s.observation(), &before);
    assert_eq!(s.turns(), 1);
    let right = Turn::Move {
        player: Player::Black,
        at: 1,
    };
    assert_eq!(s.play(&right).unwrap(), Verdict::Played);
    assert_eq!(
        s.observation().position,
        [Colour::Empty, Colour::Black, Colour::Empty]
    );
    // White may play at 1 or 3 (each is captured at once? No: W at 1 has no liberty and is
    // removed, giving back the colouring . X . -- refused by ggg1:3), pass, or resign.
    assert_eq!(
        s.legal_turns(),
        [
            Turn::Pass {
                player: Player::White
            },
            Turn::Resign {
                player: Player::White
            }
        ]
    );
}

#[test]
fn case_files_read_back_and_still_diverge() {
    let found = first_found(&NoSuperko, 1, 60);
    let text = compare::case_file(&Rules, &NoSuperko, &found.shrunk, "a test");
    assert!(text.starts_with("# graphgo: a game on which spec and no-superko diverge"));
    assert!(text.contains("\n# a test\n"));
    assert!(text.contains("\n# spec: refused"), "{text}");
    assert!(text.contains("\n# no-superko: refused"), "{text}");
    let again = read(&text);
    assert_eq!(again.turns, found.shrunk.turns);
    assert_eq!(again.setup.initial, found.shrunk.setup.initial);
    assert!(compare(&Rules, &NoSuperko, &again).is_some());
}

#[test]
fn the_campaign_writes_each_kind_of_divergence_once_as_it_finds_it() {
    let dir = scratch("written");
    let campaign = Campaign {
        seed: 1,
        limit: Limit::Games(20),
        shard: Shard::ALL,
        out: Some(dir.clone()),
        shrink_budget: 300,
        max_findings: fuzz::DEFAULT_MAX_FINDINGS,
    };
    let mut seen = Vec::new();
    let mut repeats = Vec::new();
    let summary = campaign.run(&Rules, &NoSuperko, &mut |e| match e {
        fuzz::Event::Diverged(f) => {
            // Already on disk when reported.
            let path = f.file.clone().unwrap();
            assert!(path.exists());
            seen.push(path);
        }
        // The signature of an earlier game: counted, not written again.
        fuzz::Event::Repeated { index, group } => {
            assert!(group.first_game < index);
            repeats.push(index);
        }
        _ => {}
    });
    assert!(!summary.found.is_empty());
    assert_eq!(seen.len(), summary.distinct());
    // The planted bug shows the same way in many games: fewer signatures than divergences,
    // and the counts add up to the divergences.
    assert!(!repeats.is_empty(), "{}", summary.line());
    assert_eq!(
        summary.groups.iter().map(|g| g.count).sum::<u64>(),
        summary.divergences
    );
    assert_eq!(summary.divergences as usize, seen.len() + repeats.len());
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            !p.to_string_lossy()
                .ends_with("summary-seed1-shard1of1.json")
        })
        .collect();
    files.sort();
    seen.sort();
    // No temporary file is left behind: the records and the summary only.
    assert_eq!(files, seen);
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        assert!(text.contains("graphgo fuzz --seed 1 --game "), "{text}");
        assert!(compare(&Rules, &NoSuperko, &read(&text)).is_some());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_same_seed_gives_the_same_campaign() {
    let run = |seed| {
        (0..30)
            .map(|i| fuzz::play_game(&Rules, &Rules, seed, i).game)
            .collect::<Vec<Game>>()
    };
    let (x, y, z) = (run(5), run(5), run(6));
    assert_eq!(x, y);
    assert_ne!(x, z);
    // Game i depends on (seed, i) only: replaying one game alone gives it again.
    assert_eq!(fuzz::play_game(&Rules, &Rules, 5, 17).game, x[17]);
}

#[test]
fn shards_are_disjoint_and_cover_the_campaign() {
    let count = 3;
    let mut all = BTreeSet::new();
    for index in 1..=count {
        let shard = Shard { index, count };
        for n in 0..100 {
            let game = shard.game(n).expect("within the caps");
            assert!(all.insert(game), "game {game} twice");
        }
    }
    assert_eq!(all, (0..300).collect());
    assert_eq!(Shard::parse("2/4").unwrap(), Shard { index: 2, count: 4 });
    for bad in ["0/3", "4/3", "1", "a/b", "1/0"] {
        assert!(Shard::parse(bad).is_err(), "{bad}");
    }
    // A shard's campaign plays exactly its games.
    let campaign = Campaign {
        seed: 9,
        limit: Limit::Games(4),
        shard: Shard { index: 2, count: 3 },
        out: None,
        shrink_budget: 0,
        max_findings: fuzz::DEFAULT_MAX_FINDINGS,
    };
    let mut indices = Vec::new();
    campaign.run(&Rules, &Rules, &mut |e| {
        if let fuzz::Event::Game { index, .. } = e {
            indices.push(index);
        }
    });
    assert_eq!(indices, [1, 4, 7, 10]);
}

#[test]
fn generated_boards_are_small_and_varied() {
    use rand::SeedableRng;
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(4);
    let boards: Vec<Board> = (0..500).map(|_| fuzz::random_board(&mut rng)).collect();
    assert!(boards.iter().all(|b| b.len() <= fuzz::MAX_FUZZ_VERTICES));
    let components = |b: &Board| {
        let mut seen = vec![false; b.len()];
        let mut count = 0;
        for s in 0..b.len() {
            if !seen[s] {
                count += 1;
                let mut stack = vec![s];
                seen[s] = true;
                while let Some(u) = stack.pop() {
                    for &w in b.neighbours(u) {
                        if !seen[w] {
                            seen[w] = true;
                            stack.push(w);
                        }
                    }
                }
            }
        }
        count
    };
    assert!(boards.iter().any(|b| components(b) >= 2));
    assert!(boards
        .iter()
        .any(|b| matches!(b.shape(), graphgo::board::Shape::Solid { .. })));
    // Tori: every vertex of degree 4 on a plane board wider and taller than 2.
    assert!(boards.iter().any(|b| matches!(b.shape(), graphgo::board::Shape::Plane { width, height } if *width > 2 && *height > 2)
        && (0..b.len()).all(|v| b.neighbours(v).len() == 4)));
    let mean = boards.iter().map(Board::len).sum::<usize>() as f64 / boards.len() as f64;
    assert!(mean < 25.0, "mean size {mean}");
}
