//! What the property tests of `tests/ggg/properties.rs` share: strategies for boards, setups
//! and turn sequences; a driver that plays a sequence through the transcription by the
//! public [`Playable`] interface and keeps every observation; and an independent reading of
//! `ggg1:1` (groups, liberties, components by flood fill) to check the transcription with.

use std::fmt;
use std::sync::Arc;

use graphgo::board::{Board, Vertex};
use graphgo::game::{
    Colour, KoPass, Neutral, NoMove, Observation, Options, Playable, Player, Repetition,
    RepetitionEnd, RuleId, RuleSet, SelfCapture, Setup, Turn,
};
use graphgo::io::record::Record;
use graphgo::variants::Rules;
use num_rational::BigRational;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

// ---------------------------------------------------------------------------------------
// Boards
// ---------------------------------------------------------------------------------------

/// A random simple graph on `sizes` vertices named `1`..`n`, at one of several densities
/// (sparse ones are often disconnected).
pub fn simple_graph(sizes: std::ops::RangeInclusive<usize>) -> impl Strategy<Value = Board> {
    let density = prop_oneof![Just(0.15), Just(0.3), Just(0.5), Just(0.85)];
    (sizes, density)
        .prop_flat_map(|(n, p)| {
            let pairs = n * (n - 1) / 2;
            (
                Just(n),
                prop::collection::vec(prop::bool::weighted(p), pairs),
            )
        })
        .prop_map(|(n, edge_bits)| {
            let names: Vec<String> = (1..=n).map(|i| i.to_string()).collect();
            let mut edges = Vec::new();
            let mut bits = edge_bits.into_iter();
            for u in 0..n {
                for v in u + 1..n {
                    if bits.next() == Some(true) {
                        edges.push((names[u].clone(), names[v].clone()));
                    }
                }
            }
            Board::from_edges(&names, &edges).expect("distinct names, no loops")
        })
}

/// A board from one of the builders, at most 16 vertices.
pub fn built_board() -> impl Strategy<Value = Board> {
    prop_oneof![
        (1..=4usize, 1..=4usize).prop_map(|(w, h)| Board::grid(w, h).unwrap()),
        (2..=4usize, 2..=4usize).prop_map(|(w, h)| Board::torus(w, h).unwrap()),
        (2..=4usize, 2..=3usize).prop_map(|(w, h)| Board::cylinder(w, h).unwrap()),
        (2..=4usize, 2..=3usize).prop_map(|(w, h)| Board::moebius(w, h).unwrap()),
        (2..=3usize, 2..=3usize).prop_map(|(w, h)| Board::klein(w, h).unwrap()),
        (1..=12usize).prop_map(|n| Board::path(n).unwrap()),
        (1..=12usize).prop_map(|n| Board::cycle(n).unwrap()),
        (1..=6usize).prop_map(|n| Board::complete(n).unwrap()),
        Just(Board::cube(2, 2, 2).unwrap()),
    ]
}

/// A board of at most 6 vertices, for unions.
pub fn small_board() -> impl Strategy<Value = Board> {
    prop_oneof![
        simple_graph(1..=6),
        (1..=5usize).prop_map(|n| Board::path(n).unwrap()),
        (3..=6usize).prop_map(|n| Board::cycle(n).unwrap()),
        (1..=4usize).prop_map(|n| Board::complete(n).unwrap()),
        (1..=3usize, 1..=2usize).prop_map(|(w, h)| Board::grid(w, h).unwrap()),
    ]
}

/// The disjoint union of two small boards (a board with at least two components).
pub fn union_board() -> impl Strategy<Value = Board> {
    (small_board(), small_board()).prop_map(|(a, b)| a.disjoint_union(&b))
}

/// Any board the properties are checked on: random graphs, builders, unions; 1 to 16 vertices.
pub fn any_board() -> impl Strategy<Value = Board> {
    prop_oneof![
        1 => simple_graph(1..=3),
        4 => simple_graph(4..=12),
        3 => built_board(),
        2 => union_board(),
    ]
}

// ---------------------------------------------------------------------------------------
// Setups
// ---------------------------------------------------------------------------------------

/// One of the three versions of General Graph Go.
pub fn any_rules() -> impl Strategy<Value = RuleId> {
    prop_oneof![Just(RuleId::Ggg1), Just(RuleId::Ggg2), Just(RuleId::Ggg3)]
}

/// Any combination of the readings and variants (the source's defaults most often).
pub fn any_options() -> impl Strategy<Value = Options> {
    let neutral = prop_oneof![3 => Just(Neutral::Both), 1 => Just(Neutral::None)];
    let no_move = prop_oneof![3 => Just(NoMove::Lose), 1 => Just(NoMove::Pass)];
    let self_capture = prop_oneof![
        3 => Just(SelfCapture::All),
        1 => Just(SelfCapture::Multi),
        1 => Just(SelfCapture::None),
    ];
    let repetition = prop_oneof![
        4 => Just(Repetition::Positional),
        1 => Just(Repetition::Situational),
        1 => Just(Repetition::Simple),
        1 => Just(Repetition::None),
        1 => Just(Repetition::NaturalSituational),
        2 => Just(Repetition::KoPoint),
    ];
    let ko_pass = prop_oneof![Just(KoPass::Clears), Just(KoPass::Keeps)];
    let repetition_end = prop_oneof![
        4 => Just(RepetitionEnd::None),
        1 => Just(RepetitionEnd::PositionalDraw),
        1 => Just(RepetitionEnd::PositionalLoss),
        1 => Just(RepetitionEnd::SituationalDraw),
        1 => Just(RepetitionEnd::SituationalLoss),
    ];
    (
        (neutral, no_move, self_capture),
        (repetition, ko_pass, repetition_end),
    )
        .prop_map(
            |((neutral, no_move, self_capture), (repetition, ko_pass, repetition_end))| Options {
                neutral,
                no_move,
                self_capture,
                repetition,
                // `ko_pass` is read under the ko point only (records refuse it elsewhere).
                ko_pass: if repetition == Repetition::KoPoint {
                    ko_pass
                } else {
                    KoPass::Clears
                },
                repetition_end,
            },
        )
}

/// A colouring of `n` vertices: all empty (the usual start) or random stones.
pub fn colouring(n: usize) -> impl Strategy<Value = Vec<Colour>> {
    let colour = prop_oneof![
        3 => Just(Colour::Empty),
        1 => Just(Colour::Black),
        1 => Just(Colour::White),
    ];
    prop_oneof![
        1 => Just(vec![Colour::Empty; n]),
        2 => prop::collection::vec(colour, n),
    ]
}

/// What a setup may vary besides its board, rules and options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Komi {
    /// Komi 0 (needed where the colours are swapped: komi is White's alone).
    Zero,
    /// Komi from a few values, halves and negatives included.
    Any,
}

/// A setup on `board`: rules and options from the given strategies, a random colouring,
/// either player first, prisoners (ggg3 only) from 0 to 3 each, and komi (ggg1 only) as asked.
pub fn setup_on(
    board: Board,
    rules: impl Strategy<Value = RuleId>,
    options: impl Strategy<Value = Options>,
    komi: Komi,
) -> impl Strategy<Value = Setup> {
    let n = board.len();
    let komi_value = match komi {
        Komi::Zero => Just((0i64, 1i64)).boxed(),
        Komi::Any => prop_oneof![Just((0, 1)), Just((1, 2)), Just((7, 2)), Just((-3, 1))].boxed(),
    };
    let to_move = prop_oneof![3 => Just(Player::Black), 1 => Just(Player::White)];
    (
        rules,
        options,
        colouring(n),
        to_move,
        [0..=3u64, 0..=3u64],
        komi_value,
    )
        .prop_map(
            move |(rules, options, initial, to_move, prisoners, (k, d))| {
                let mut setup = Setup::new(rules, board.clone());
                setup.initial = initial;
                setup.to_move = to_move;
                setup.prisoners = if rules == RuleId::Ggg3 {
                    prisoners
                } else {
                    [0, 0]
                };
                // Komi is a ggg1 extension (reading 10); records refuse it under ggg2 and ggg3.
                if rules == RuleId::Ggg1 {
                    setup.komi = BigRational::new(k.into(), d.into());
                }
                setup.options = options;
                setup
            },
        )
}

/// `setup` with every black or white group that has no liberty emptied (a start from which
/// no libertyless group can survive a turn). One pass suffices: emptying vertices only adds
/// liberties to the groups that remain.
pub fn without_libertyless_groups(mut setup: Setup) -> Setup {
    for group in libertyless_groups(&setup.board, &setup.initial) {
        for v in group {
            setup.initial[v] = Colour::Empty;
        }
    }
    setup
}

// ---------------------------------------------------------------------------------------
// Turn sequences
// ---------------------------------------------------------------------------------------

/// One step of a generated game: mostly a legal move, sometimes a pass, an illegal attempt
/// or a resignation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// The first legal move among the empty vertices, trying them in order from the
    /// `i`-th (every refused trial is kept as an illegal attempt); a pass if none plays.
    Move(usize),
    /// A move at vertex `i mod |V|` whatever its colour (often refused: `ggg1:2`).
    AnyVertex(usize),
    /// The player to move says pass (refused in ggg2, and in ggg3 without prisoners).
    Pass,
    /// The player *not* to move tries a move (refused: `ggg1:2`, alternation).
    OutOfTurn(usize),
    /// The player to move resigns (ends the game).
    Resign,
}

/// A sequence of up to `max_len` choices.
pub fn choices(max_len: usize) -> impl Strategy<Value = Vec<Choice>> {
    let choice = prop_oneof![
        120 => (0..64usize).prop_map(Choice::Move),
        10 => Just(Choice::Pass),
        10 => (0..64usize).prop_map(Choice::AnyVertex),
        2 => (0..64usize).prop_map(Choice::OutOfTurn),
        1 => Just(Choice::Resign),
    ];
    prop::collection::vec(choice, 0..=max_len)
}

/// A setup and the choices that drive a game from it; its `Debug` is a game record that
/// `graphgo play` reads, so a shrunk failure can be replayed by hand.
#[derive(Clone)]
pub struct Case {
    pub setup: Setup,
    pub choices: Vec<Choice>,
}

impl fmt::Debug for Case {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "\n# setup as a graphgo record:\n{}# choices: {:?}\n",
            Record::from_game(&self.setup, &[]).to_yaml(),
            self.choices
        )
    }
}

/// A case: a setup drawn by `setup` on a board drawn by `board`, and up to `max_len` choices.
pub fn case<S: Strategy<Value = Setup> + 'static>(
    board: impl Strategy<Value = Board>,
    setup: impl Fn(Board) -> S + 'static,
    max_len: usize,
) -> impl Strategy<Value = Case> {
    board
        .prop_flat_map(move |b| (setup(b), choices(max_len)))
        .prop_map(|(setup, choices)| Case { setup, choices })
}

// ---------------------------------------------------------------------------------------
// Playing
// ---------------------------------------------------------------------------------------

/// One attempted turn and what could be observed before and after it.
#[derive(Clone, Debug)]
pub struct Step {
    pub turn: Turn,
    /// `Err(clause)` when the turn was refused.
    pub outcome: Result<(), &'static str>,
    pub before: Observation,
    pub after: Observation,
}

/// A game played through the transcription, every attempt kept.
pub struct Played {
    pub setup: Setup,
    pub initial: Observation,
    pub steps: Vec<Step>,
    pub game: Box<dyn Playable>,
}

impl Played {
    fn start(setup: &Setup) -> Result<Played, TestCaseError> {
        let game = Rules
            .start(setup)
            .map_err(|e| TestCaseError::fail(format!("the spec refused the setup: {e}")))?;
        Ok(Played {
            setup: setup.clone(),
            initial: game.observe(),
            steps: Vec::new(),
            game,
        })
    }

    /// Attempts `turn`; a refused turn must leave the game exactly as it was.
    fn attempt(&mut self, turn: Turn) -> Result<bool, TestCaseError> {
        let before = self.game.observe();
        let outcome = self.game.play(&turn).map_err(|e| e.clause.id());
        let after = self.game.observe();
        if outcome.is_err() {
            prop_assert_eq!(
                &before,
                &after,
                "a refused turn {:?} changed the game\n{}",
                turn,
                self.record()
            );
        }
        self.steps.push(Step {
            turn,
            outcome,
            before,
            after,
        });
        Ok(outcome.is_ok())
    }

    /// The turns that were played (refused ones left out: they change nothing).
    pub fn turns(&self) -> Vec<Turn> {
        self.steps
            .iter()
            .filter(|s| s.outcome.is_ok())
            .map(|s| s.turn.clone())
            .collect()
    }

    /// The game so far as a record `graphgo play` reads, followed by the last attempt.
    pub fn record(&self) -> String {
        let last = self
            .steps
            .last()
            .map(|s| format!("# last attempt: {:?} -> {:?}\n", s.turn, s.outcome))
            .unwrap_or_default();
        format!(
            "# game so far as a graphgo record:\n{}{last}",
            Record::from_game(&self.setup, &self.turns()).to_yaml()
        )
    }
}

/// Plays `case.choices` from `case.setup` (see [`Choice`]); stops one attempt after the end.
pub fn drive(case: &Case) -> Result<Played, TestCaseError> {
    let mut played = Played::start(&case.setup)?;
    let n = case.setup.board.len();
    for &choice in &case.choices {
        let now = played.game.observe();
        let Some(mover) = now.to_move else {
            // The game is over: one more attempt, which every clause refuses.
            let ok = played.attempt(Turn::Pass {
                player: Player::Black,
            })?;
            prop_assert!(!ok, "a turn was taken after the end\n{}", played.record());
            break;
        };
        match choice {
            Choice::Move(i) => {
                let empty: Vec<Vertex> = (0..n)
                    .filter(|&v| now.position[v] == Colour::Empty)
                    .collect();
                let mut moved = false;
                for k in 0..empty.len() {
                    let at = empty[(i + k) % empty.len()];
                    if played.attempt(Turn::Move { player: mover, at })? {
                        moved = true;
                        break;
                    }
                }
                if !moved {
                    played.attempt(Turn::Pass { player: mover })?;
                }
            }
            Choice::AnyVertex(i) => {
                played.attempt(Turn::Move {
                    player: mover,
                    at: i % n,
                })?;
            }
            Choice::Pass => {
                played.attempt(Turn::Pass { player: mover })?;
            }
            Choice::OutOfTurn(i) => {
                let ok = played.attempt(Turn::Move {
                    player: mover.opponent(),
                    at: i % n,
                })?;
                prop_assert!(!ok, "a move out of turn was taken\n{}", played.record());
            }
            Choice::Resign => {
                played.attempt(Turn::Resign { player: mover })?;
            }
        }
    }
    Ok(played)
}

/// Attempts exactly `turns`, in order, from `setup`.
pub fn replay(setup: &Setup, turns: &[Turn]) -> Result<Played, TestCaseError> {
    let mut played = Played::start(setup)?;
    for turn in turns {
        played.attempt(turn.clone())?;
    }
    Ok(played)
}

// ---------------------------------------------------------------------------------------
// An independent reading of `ggg1:1`
// ---------------------------------------------------------------------------------------

/// The classes of the reflexive transitive closure of "same colour and an edge", by flood
/// fill; with `coloured_only`, the black and white groups alone.
pub fn flood_groups(board: &Board, position: &[Colour], coloured_only: bool) -> Vec<Vec<Vertex>> {
    let n = board.len();
    let mut seen = vec![false; n];
    let mut found = Vec::new();
    for start in 0..n {
        if seen[start] || (coloured_only && position[start] == Colour::Empty) {
            continue;
        }
        seen[start] = true;
        let mut class = vec![start];
        let mut next = 0;
        while next < class.len() {
            let u = class[next];
            next += 1;
            for &w in board.neighbours(u) {
                if !seen[w] && position[w] == position[start] {
                    seen[w] = true;
                    class.push(w);
                }
            }
        }
        class.sort_unstable();
        found.push(class);
    }
    found
}

/// True when some vertex of the (black or white) group has an empty neighbour.
pub fn has_liberty(board: &Board, position: &[Colour], group: &[Vertex]) -> bool {
    group.iter().any(|&u| {
        board
            .neighbours(u)
            .iter()
            .any(|&w| position[w] == Colour::Empty)
    })
}

/// The black and white groups without a liberty.
pub fn libertyless_groups(board: &Board, position: &[Colour]) -> Vec<Vec<Vertex>> {
    flood_groups(board, position, true)
        .into_iter()
        .filter(|g| !has_liberty(board, position, g))
        .collect()
}

/// The connected component of every vertex of the graph (an index per component).
pub fn components(board: &Board) -> Vec<usize> {
    let everything_alike = vec![Colour::Empty; board.len()];
    let mut component = vec![0; board.len()];
    for (i, class) in flood_groups(board, &everything_alike, false)
        .iter()
        .enumerate()
    {
        for &v in class {
            component[v] = i;
        }
    }
    component
}

/// The number of black and white vertices.
pub fn stones(position: &[Colour]) -> usize {
    position.iter().filter(|&&c| c != Colour::Empty).count()
}

/// The same colouring, as the spec's `ColouredGraph`.
pub fn coloured_graph(
    board: &Arc<Board>,
    position: &[Colour],
) -> graphgo::spec::ggg::ColouredGraph {
    graphgo::spec::ggg::ColouredGraph {
        graph: Arc::clone(board),
        f: position.iter().copied().collect(),
    }
}
