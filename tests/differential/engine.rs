//! The engine against the transcription on many random small games: random boards (grids,
//! tori, Moebius bands, paths, cycles, complete graphs, random graphs), random setups (with
//! groups that start without liberties), every rule set and option, random legal and
//! illegal turns. After every turn `observe()` and `legal_turns()` must agree, and a refused
//! turn must be refused by both with the same clause. The same runs again with degenerate
//! Zobrist keys (every hash equal, or two bits of hash), where every superko test is a hash
//! hit: no legal move may be refused.
//!
//! Each game is numbered by its seed; a failure names the seed, and `ENGINE_DIFF_SEED=n`
//! replays that game alone (`ENGINE_DIFF_GAMES=n` plays seeds 0..n).

use graphgo::board::Board;
use graphgo::engine::EngineGame;
use graphgo::game::{
    Colour, KoPass, Neutral, NoMove, Options, Playable, Player, Repetition, RepetitionEnd, RuleId,
    RuleSet, SelfCapture, Setup, Turn,
};
use graphgo::variants::Rules;
use num_rational::BigRational;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

fn random_board(rng: &mut Xoshiro256PlusPlus) -> Board {
    let small = |rng: &mut Xoshiro256PlusPlus| rng.random_range(1..=5usize);
    match rng.random_range(0..9) {
        0 | 1 => Board::grid(small(rng), small(rng)).unwrap(),
        2 => Board::torus(small(rng), small(rng)).unwrap(),
        3 => Board::moebius(small(rng), small(rng)).unwrap(),
        4 => Board::path(rng.random_range(1..=9)).unwrap(),
        5 => Board::cycle(rng.random_range(1..=9)).unwrap(),
        // Now and then a vertex of degree over 16 (the engine's other way of listing the
        // chains around a point).
        6 if rng.random_bool(0.15) => Board::complete(rng.random_range(17..=19)).unwrap(),
        6 => Board::complete(rng.random_range(1..=6)).unwrap(),
        7 => Board::klein(small(rng), small(rng)).unwrap(),
        _ => {
            let n = rng.random_range(1..=12usize);
            let names: Vec<String> = (0..n).map(|i| format!("v{i}")).collect();
            let m = rng.random_range(0..=2 * n);
            let edges: Vec<(String, String)> = (0..m)
                .filter_map(|_| {
                    let (a, b) = (rng.random_range(0..n), rng.random_range(0..n));
                    (a != b).then(|| (names[a].clone(), names[b].clone()))
                })
                .collect();
            Board::from_edges(&names, &edges).unwrap()
        }
    }
}

fn random_setup(rng: &mut Xoshiro256PlusPlus) -> Setup {
    let rules = RuleId::ALL[rng.random_range(0..3)];
    let board = random_board(rng);
    let n = board.len();
    let mut setup = Setup::new(rules, board);
    let density = rng.random_range(0..=2);
    setup.initial = (0..n)
        .map(|_| match rng.random_range(0..6) {
            x if x < density => Colour::Black,
            x if x < 2 * density => Colour::White,
            _ => Colour::Empty,
        })
        .collect();
    setup.to_move = if rng.random_bool(0.3) {
        Player::White
    } else {
        Player::Black
    };
    setup.prisoners = [rng.random_range(0..3), rng.random_range(0..3)];
    setup.komi = BigRational::new(rng.random_range(-3i64..8).into(), 2.into());
    setup.options = Options {
        neutral: [Neutral::Both, Neutral::None][rng.random_range(0..2)],
        no_move: [NoMove::Lose, NoMove::Pass][rng.random_range(0..2)],
        self_capture: [SelfCapture::All, SelfCapture::Multi, SelfCapture::None]
            [rng.random_range(0..3)],
        repetition: Repetition::ALL[rng.random_range(0..Repetition::ALL.len())],
        ko_pass: [KoPass::Clears, KoPass::Keeps][rng.random_range(0..2)],
        repetition_end: RepetitionEnd::ALL[rng.random_range(0..RepetitionEnd::ALL.len())],
    };
    setup
}

fn random_turn(rng: &mut Xoshiro256PlusPlus, legal: &[Turn], n: usize) -> Turn {
    let player = if rng.random_bool(0.5) {
        Player::Black
    } else {
        Player::White
    };
    match rng.random_range(0..10) {
        0 => Turn::Move {
            player,
            at: rng.random_range(0..n),
        },
        1 => Turn::Pass { player },
        2 if rng.random_bool(0.1) => Turn::Resign { player },
        _ => {
            // Mostly a legal move (resignation only rarely, so that games run long).
            let moves: Vec<&Turn> = legal
                .iter()
                .filter(|t| !matches!(t, Turn::Resign { .. }))
                .collect();
            if moves.is_empty() {
                legal.first().cloned().unwrap_or(Turn::Pass { player })
            } else {
                moves[rng.random_range(0..moves.len())].clone()
            }
        }
    }
}

/// Plays one random game through both and compares after every turn.
fn compare_game(seed: u64, hash_mask: u64) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let setup = random_setup(&mut rng);
    let n = setup.board.len();
    let mut spec = Rules.start(&setup).unwrap();
    let mut engine: Box<dyn Playable> = Box::new(EngineGame::start(&setup, hash_mask).unwrap());
    let ctx = |i: usize| {
        format!(
            "seed {seed} mask {hash_mask:#x} turn {i} rules {:?} options {:?} board {} vertices",
            setup.rules, setup.options, n
        )
    };
    assert_eq!(engine.observe(), spec.observe(), "{} at start", ctx(0));
    let turns = rng.random_range(0..40);
    for i in 0..turns {
        let legal = spec.legal_turns();
        assert_eq!(engine.legal_turns(), legal, "{}: legal turns", ctx(i));
        let turn = random_turn(&mut rng, &legal, n);
        let (s, e) = (spec.play(&turn), engine.play(&turn));
        match (&s, &e) {
            (Ok(()), Ok(())) => {}
            (Err(a), Err(b)) => assert_eq!(a.clause, b.clause, "{}: {turn:?}", ctx(i)),
            _ => panic!("{}: {turn:?}: spec {s:?}, engine {e:?}", ctx(i)),
        }
        assert_eq!(
            engine.observe(),
            spec.observe(),
            "{}: after {turn:?}",
            ctx(i)
        );
    }
}

fn seeds(count: u64) -> Vec<u64> {
    match std::env::var("ENGINE_DIFF_SEED") {
        Ok(s) => vec![s.parse().expect("ENGINE_DIFF_SEED is a number")],
        // ENGINE_DIFF_GAMES=n plays n games instead of the default (for longer runs).
        Err(_) => match std::env::var("ENGINE_DIFF_GAMES") {
            Ok(n) => (0..n.parse().expect("ENGINE_DIFF_GAMES is a number")).collect(),
            Err(_) => (0..count).collect(),
        },
    }
}

#[test]
fn engine_agrees_with_spec_on_random_games() {
    for seed in seeds(1500) {
        compare_game(seed, u64::MAX);
    }
}

#[test]
fn hash_collisions_never_refuse_a_legal_move() {
    // Mask 0: every colouring hashes to 0, so every superko and ko test is a hit and only
    // the confirmation against the journal can tell positions apart. Mask 3: few buckets.
    for seed in seeds(600) {
        compare_game(seed, 0);
        compare_game(seed, 3);
    }
}

/// A hand-made check that does not rely on the spec: on a path of four vertices with every
/// hash equal (mask 0), each new colouring must be accepted and only true repeats refused.
#[test]
fn colliding_hashes_with_distinct_positions_are_legal() {
    use Colour::{Black as X, Empty as E, White as O};
    let setup = Setup::new(RuleId::Ggg1, Board::path(4).unwrap());
    let mut game = EngineGame::start(&setup, 0).unwrap();
    let mv = |player, at| Turn::Move { player, at };
    let (b, w) = (Player::Black, Player::White);
    // X . . .  /  X . . O  /  X X . O (liberty 3)  /  W 3 takes X X: . . O O
    for t in [mv(b, 0), mv(w, 3), mv(b, 1), mv(w, 2)] {
        game.play(&t).unwrap();
    }
    assert_eq!(game.observe().position, [E, E, O, O]);
    // X . O O  /  W passes  /  B 2 takes O O: X X . .
    game.play(&mv(b, 0)).unwrap();
    game.play(&Turn::Pass { player: w }).unwrap();
    game.play(&mv(b, 1)).unwrap();
    assert_eq!(game.observe().position, [X, X, E, E]);
    // W 3 takes X X: . . O . (never seen before)
    game.play(&mv(w, 2)).unwrap();
    assert_eq!(game.observe().position, [E, E, O, E]);
    // B 4 would be a lone stone without liberty, removed at once: the colouring stays
    // . . O ., which occurred (it is the current one), so ggg1:3 refuses it.
    assert_eq!(game.play(&mv(b, 3)).unwrap_err().clause.id(), "ggg1:3");
    // B 2 gives . X O ., new although its hash equals every earlier one.
    game.play(&mv(b, 1)).unwrap();
    assert_eq!(game.observe().position, [E, X, O, E]);
}
