//! The input of the cargo-fuzz `differential` target: a board, a setup and the intents of
//! the turns, derived with `arbitrary` and resolved against the game as it stands.

use arbitrary::Arbitrary;
use num_rational::BigRational;

use super::{play_generated, Chooser, ChooserView, Played};
use crate::board::Board;
use crate::game::{
    Colour, KoPass, Neutral, NoMove, Options, Player, Repetition, RepetitionEnd, RuleId, RuleSet,
    SelfCapture, Setup, Turn,
};

/// A board the fuzzer can build, sizes capped early (at most 6 a side, 16 graph vertices).
#[derive(Arbitrary, Clone, Debug)]
pub enum FuzzBoard {
    Grid(u8, u8),
    Torus(u8, u8),
    Cylinder(u8, u8),
    Moebius(u8, u8),
    Klein(u8, u8),
    Cube(u8, u8, u8),
    Path(u8),
    Cycle(u8),
    Complete(u8),
    Graph { vertices: u8, edges: Vec<(u8, u8)> },
}

impl FuzzBoard {
    pub fn build(&self) -> Board {
        let side = |x: u8| usize::from(x % 6) + 1;
        let built = match self {
            FuzzBoard::Grid(w, h) => Board::grid(side(*w), side(*h)),
            FuzzBoard::Torus(w, h) => Board::torus(side(*w), side(*h)),
            FuzzBoard::Cylinder(w, h) => Board::cylinder(side(*w), side(*h)),
            FuzzBoard::Moebius(w, h) => Board::moebius(side(*w), side(*h)),
            FuzzBoard::Klein(w, h) => Board::klein(side(*w), side(*h)),
            FuzzBoard::Cube(x, y, z) => {
                let s = |x: u8| usize::from(x % 3) + 1;
                Board::cube(s(*x), s(*y), s(*z))
            }
            FuzzBoard::Path(n) => Board::path(usize::from(n % 16) + 1),
            FuzzBoard::Cycle(n) => Board::cycle(usize::from(n % 16) + 1),
            FuzzBoard::Complete(n) => Board::complete(usize::from(n % 6) + 1),
            FuzzBoard::Graph { vertices, edges } => {
                let n = usize::from(vertices % 16) + 1;
                let names: Vec<String> = (1..=n).map(|i| i.to_string()).collect();
                let pairs: Vec<(String, String)> = edges
                    .iter()
                    .take(64)
                    .map(|&(u, v)| (usize::from(u) % n, usize::from(v) % n))
                    .filter(|(u, v)| u != v)
                    .map(|(u, v)| (names[u].clone(), names[v].clone()))
                    .collect();
                Board::from_edges(&names, &pairs)
            }
        };
        built.expect("every size here is within the caps")
    }
}

/// What the fuzzer asks for at a turn; resolved against the game as it stands.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub enum Intent {
    /// The k-th legal move (mod their number), or a pass when there is none.
    Move(u8),
    /// The player to move at vertex k (mod the board), legal or not.
    At(u8),
    Pass,
    Resign,
    /// The other player at vertex k.
    WrongPlayer(u8),
    /// Retake the lone stone just captured, if any.
    Retake,
}

/// The input of the `differential` cargo-fuzz target: a board, a setup and turns.
#[derive(Arbitrary, Clone, Debug)]
pub struct FuzzCase {
    pub board: FuzzBoard,
    /// A second component, if any.
    pub union: Option<FuzzBoard>,
    pub rules: u8,
    pub options: [u8; 4],
    pub white_first: bool,
    pub prisoners: [u8; 2],
    pub komi_halves: i8,
    /// Setup stones: vertex (mod the board) and whether black.
    pub stones: Vec<(u8, bool)>,
    pub intents: Vec<Intent>,
}

impl FuzzCase {
    /// The setup this case describes.
    pub fn setup(&self) -> Setup {
        let mut board = self.board.build();
        if let Some(other) = &self.union {
            board = board.disjoint_union(&other.build());
        }
        let rules = RuleId::ALL[usize::from(self.rules % 3)];
        let n = board.len();
        let mut setup = Setup::new(rules, board);
        let [a, b, c, d] = self.options.map(usize::from);
        setup.options = Options {
            neutral: [Neutral::Both, Neutral::None][a % 2],
            no_move: [NoMove::Lose, NoMove::Pass][b % 2],
            self_capture: [SelfCapture::All, SelfCapture::Multi, SelfCapture::None][c % 3],
            repetition: Repetition::ALL[d % Repetition::ALL.len()],
            // From the higher bits of the same bytes, so that the input's layout stays.
            ko_pass: [KoPass::Clears, KoPass::Keeps][(d / Repetition::ALL.len()) % 2],
            repetition_end: RepetitionEnd::ALL[(c / 3) % RepetitionEnd::ALL.len()],
        };
        if setup.options.repetition != Repetition::KoPoint {
            setup.options.ko_pass = KoPass::Clears;
        }
        if self.white_first {
            setup.to_move = Player::White;
        }
        if rules == RuleId::Ggg3 {
            setup.prisoners = self.prisoners.map(|p| u64::from(p % 4));
        }
        if rules == RuleId::Ggg1 {
            setup.komi = BigRational::new(i64::from(self.komi_halves).into(), 2.into());
        }
        for &(v, black) in self.stones.iter().take(n) {
            setup.initial[usize::from(v) % n] = if black { Colour::Black } else { Colour::White };
        }
        setup
    }

    /// Plays the case through both sides; the game as played, and the divergence if any.
    pub fn play(&self, a: &dyn RuleSet, b: &dyn RuleSet) -> Played {
        let setup = self.setup();
        let mut chooser = Intents {
            intents: self.intents.iter().take(120).copied().collect(),
            next: 0,
        };
        play_generated(a, b, setup, &mut chooser, 120)
    }
}

/// A chooser that follows a list of intents.
struct Intents {
    intents: Vec<Intent>,
    next: usize,
}

impl Chooser for Intents {
    fn choose(&mut self, view: &ChooserView) -> Option<Turn> {
        let intent = *self.intents.get(self.next)?;
        self.next += 1;
        let player = view.player();
        let n = view.board.len();
        Some(match intent {
            Intent::Move(k) => {
                let moves: Vec<Turn> = view
                    .legal
                    .iter()
                    .filter(|t| matches!(t, Turn::Move { .. }))
                    .cloned()
                    .collect();
                if moves.is_empty() {
                    Turn::Pass { player }
                } else {
                    moves[usize::from(k) % moves.len()].clone()
                }
            }
            Intent::At(k) => Turn::Move {
                player,
                at: usize::from(k) % n,
            },
            Intent::Pass => Turn::Pass { player },
            Intent::Resign => Turn::Resign { player },
            Intent::WrongPlayer(k) => Turn::Move {
                player: player.opponent(),
                at: usize::from(k) % n,
            },
            Intent::Retake => match view.ko {
                Some(at) => Turn::Move { player, at },
                None => Turn::Pass { player },
            },
        })
    }
}
