//! Games of the directed rules (`dir:*`) in the campaign: random directed boards and
//! setups, and their chooser of turns (bids, answers, resets, and turns out of place).

use num_rational::BigRational;
use rand::{Rng, SeedableRng};

use super::{play_generated, Chooser, ChooserView, Played, Random};
use crate::board::Board;
use crate::game::{Colour, RuleSet, Setup, Turn};

pub(super) const DIRECTED_SALT: u64 = 0x6469_722d_6b6f_6269;

/// A random directed board of 2 to 10 points (each ordered pair an arc with probability
/// 0.15 to 0.5, no loops), as a setup of the directed rules with random stones and, half the
/// time, a komi agreed in advance (else the komi phase is played).
pub fn random_directed_setup<R: Rng + ?Sized>(rng: &mut R) -> Setup {
    let n = rng.random_range(2..=10usize);
    let p = [0.15, 0.3, 0.5][rng.random_range(0..3usize)];
    let arcs: Vec<(usize, usize)> = (0..n)
        .flat_map(|u| (0..n).map(move |v| (u, v)))
        .filter(|&(u, v)| u != v)
        .filter(|_| rng.random_bool(p))
        .collect();
    let digraph =
        crate::board::digraph::Digraph::from_index_arcs(n, &arcs, &|u, v| format!("[{u}, {v}]"))
            .expect("no loops, each arc once");
    let names: Vec<String> = (1..=n).map(|i| i.to_string()).collect();
    let board = digraph
        .underlying(&Board::from_edges::<String>(&names, &[]).expect("distinct names"))
        .expect("the underlying graph of a digraph is simple");
    let mut setup = Setup::new(crate::game::RuleId::Directed, board);
    for c in setup.initial.iter_mut() {
        *c = match rng.random_range(0..6u8) {
            0 => Colour::Black,
            1 => Colour::White,
            _ => Colour::Empty,
        };
    }
    if rng.random_bool(0.5) {
        setup.komi = BigRational::new(rng.random_range(-7..=7i64).into(), 2.into());
    }
    setup.equipment = crate::game::Equipment::Arcs(std::sync::Arc::new(digraph));
    setup
}

/// The chooser of directed games: a legal turn (placements, passes, deletions, bids from the
/// sample, answers, resets to a random state of the history) picked at random, weighted
/// toward bids after placements and resets after a ko winner is named; one turn in twelve
/// out of place (an answer with no bid, a bid by the wrong player, a reset to a state never
/// seen, a negative bid).
pub struct DirectedChooser {
    rng: Random,
}

impl Chooser for DirectedChooser {
    fn choose(&mut self, view: &ChooserView) -> Option<Turn> {
        let player = view.player();
        if self.rng.random_ratio(1, 12) || view.legal.is_empty() {
            // A legal reset, ko winner or ignore, but by the other player: refused by both.
            let stolen = view.legal.iter().find_map(|t| match t {
                Turn::Reset { player, to } => Some(Turn::Reset {
                    player: player.opponent(),
                    to: to.clone(),
                }),
                Turn::KoWinner { player, winner } => Some(Turn::KoWinner {
                    player: player.opponent(),
                    winner: *winner,
                }),
                Turn::Ignore { player } => Some(Turn::Ignore {
                    player: player.opponent(),
                }),
                _ => None,
            });
            let n = view.board.len();
            return Some(match self.rng.random_range(0..7u8) {
                4 if stolen.is_some() => stolen.expect("checked"),
                // A placement by the player not to move, or on any point (occupied ones
                // and one past the last included): refused unless it is a legal placement.
                5 => Turn::Move {
                    player: player.opponent(),
                    at: self.rng.random_range(0..n.max(1)),
                },
                6 => Turn::Move {
                    player,
                    at: self.rng.random_range(0..=n),
                },
                0 | 4 => Turn::Ignore { player },
                1 => Turn::Bid {
                    player: player.opponent(),
                    amount: BigRational::from_integer(1.into()),
                },
                2 => Turn::Reset {
                    player,
                    to: vec![Colour::White; view.board.len()],
                },
                _ => Turn::Bid {
                    player,
                    amount: BigRational::from_integer((-1).into()),
                },
            });
        }
        let special: Vec<&Turn> = view
            .legal
            .iter()
            .filter(|t| {
                matches!(
                    t,
                    Turn::Bid { .. }
                        | Turn::Reset { .. }
                        | Turn::KoWinner { .. }
                        | Turn::Ignore { .. }
                )
            })
            .collect();
        if !special.is_empty() && self.rng.random_bool(0.4) {
            return Some(special[self.rng.random_range(0..special.len())].clone());
        }
        Some(view.legal[self.rng.random_range(0..view.legal.len())].clone())
    }
}

/// A directed game of the campaign: a random directed board and up to 80 turns.
pub(super) fn play_directed_game(a: &dyn RuleSet, b: &dyn RuleSet, rng: &mut Random) -> Played {
    let setup = random_directed_setup(rng);
    let chooser_rng = Random::seed_from_u64(rng.random::<u64>());
    play_generated(a, b, setup, &mut DirectedChooser { rng: chooser_rng }, 80)
}
