//! The making of a campaign's games: a random setup within the declaration, the style of a
//! game on a board (random, ko, long), the openings that steer toward the situations where
//! rules differ, and the random turn with its probes. The run that plays, compares and keeps
//! the games is the parent module, [`super`].

use std::sync::Arc;

use rand::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::board::{Board, Vertex};
use crate::conformance::decisive::{Situation, Tracker};
use crate::conformance::engine::{Boards, Support};
use crate::conformance::vectors;
use crate::differential::fuzz;
use crate::engine::Engine;
use crate::game::{Colour, Options, Player, RuleId, RuleSet, Setup, Turn};

/// A random setup conformed to the declaration.
pub(super) fn conformed_setup(rng: &mut Xoshiro256PlusPlus, support: &Support) -> Setup {
    let board = match support.boards {
        Boards::Any => loop {
            let b = fuzz::random_board(rng);
            if b.len() <= support.max_vertices {
                break b;
            }
        },
        Boards::Grids => {
            let (w, h) = (rng.random_range(1..=7), rng.random_range(1..=7));
            Board::grid(w, h).expect("a small grid")
        }
        Boards::SquareGrids => {
            let n = rng.random_range(1..=6);
            Board::grid(n, n).expect("a small grid")
        }
    };
    // The campaign generates General Graph Go and MANGO games (the families graphgo::differential::fuzz
    // knows how to set up); the other rules are covered by the vectors only.
    let generated: Vec<RuleId> = support
        .rules
        .iter()
        .copied()
        .filter(|r| RuleId::GRAPH.contains(r) || *r == RuleId::Mango)
        .collect();
    let rules = if generated.is_empty() {
        RuleId::Ggg1
    } else {
        generated[rng.random_range(0..generated.len())]
    };
    if rules == RuleId::Mango {
        let mut setup = fuzz::random_mango_setup(rng, board);
        if !support.setup_stones {
            setup.initial = vec![Colour::Empty; setup.board.len()];
        }
        if !support.white_first {
            setup.to_move = Player::Black;
        }
        return setup;
    }
    let mut setup = fuzz::random_setup(rng, board);
    if rules != setup.rules {
        setup.rules = rules;
        setup.prisoners = [0, 0];
        setup.komi = num_rational::BigRational::from_integer(0.into());
        if rules == RuleId::Ggg3 {
            setup.prisoners = [rng.random_range(0..=3), rng.random_range(0..=3)];
        }
    }
    let mut options = Options::default();
    for (option, _) in vectors::OPTION_VALUES {
        let values = support.values(option);
        if !values.is_empty() {
            let value = &values[rng.random_range(0..values.len())];
            options = vectors::with_option(options, option, value).expect("a known value");
        }
    }
    setup.options = options;
    if !support.setup_stones {
        setup.initial = vec![Colour::Empty; setup.board.len()];
    }
    if !support.white_first {
        setup.to_move = Player::Black;
    }
    if !support.komi {
        setup.komi = num_rational::BigRational::from_integer(0.into());
    }
    setup
}

/// How a random game on a board is played: each steers toward some of the situations where
/// rules differ ([`crate::conformance::decisive`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Style {
    /// Random moves, now and then a pass.
    Random,
    /// Captures and retakes preferred: ko shapes and their fights.
    Ko,
    /// No passes, captures preferred: superko cycles and long histories.
    Long,
    /// Random moves until half the board's points, then two passes: a short game ended by
    /// passes, and scored (every game that agrees to its turn cap ends by two passes too).
    Scored,
}

impl Style {
    pub(super) fn of(game: u64) -> Style {
        [Style::Random, Style::Ko, Style::Long, Style::Scored][(game % 4) as usize]
    }

    pub(super) fn words(self) -> &'static str {
        match self {
            Style::Random => "random",
            Style::Ko => "ko fights",
            Style::Long => "long, no passes",
            Style::Scored => "ended by two passes",
        }
    }
}

/// The stones that build ko shapes on a grid, Black's and White's, in the order they are
/// played at the start of the games of the ko and long styles (none on other boards, or on
/// grids under 4x4). Each shape takes four columns and two rows along an edge:
///
/// ```text
///   row 0:  C  V  .  V       C: the capturer's stones, V: the other side's; the capturer
///   row 1:  .  C  V  .       takes the ko at the dot of row 0 (column 2), removing the V of
/// ```
///
/// column 1; the other side's move back there would give back the board at once. One shape
/// in the top left corner (Black the capturer), one at the bottom left with the colours
/// swapped, and on grids at least 7 wide the same two mirrored to the right: two or four
/// kos, so that ko threats, double kos and cycles of the whole board (superko) come up.
pub fn ko_opening(board: &Board) -> [Vec<Vertex>; 2] {
    let mut stones: [Vec<Vertex>; 2] = [Vec::new(), Vec::new()];
    let Some((w, h)) = crate::conformance::gtp_rules::grid_sides(board) else {
        return stones;
    };
    if w < 4 || h < 4 {
        return stones;
    }
    const CAPTURER: [(usize, usize); 2] = [(0, 0), (1, 1)];
    const OTHER: [(usize, usize); 3] = [(1, 0), (3, 0), (2, 1)];
    let mut corners = vec![(false, false), (false, true)];
    if w >= 7 {
        corners.extend([(true, false), (true, true)]);
    }
    for (flip_x, flip_y) in corners {
        // Black captures at the top, White at the bottom.
        let (capturer, other) = if flip_y { (1, 0) } else { (0, 1) };
        let at = |(x, y): (usize, usize)| {
            let x = if flip_x { w - 1 - x } else { x };
            let y = if flip_y { h - 1 - y } else { y };
            y * w + x
        };
        for (side, points) in [(capturer, &CAPTURER[..]), (other, &OTHER[..])] {
            for &p in points {
                let v = at(p);
                if !stones[0].contains(&v) && !stones[1].contains(&v) {
                    stones[side].push(v);
                }
            }
        }
    }
    stones
}

/// The next stone of the opening (`opening[player]`, [`ko_opening`]) the player to move can
/// play, the ones it cannot (taken, or refused) dropped; else, while the opponent's stones are
/// still to come, a legal move on none of them; `None` once the opening is over (or no such
/// move is left).
pub(super) fn opening_turn(
    opening: &mut [Vec<Vertex>; 2],
    legal: &[Turn],
    rng: &mut Xoshiro256PlusPlus,
) -> Option<Turn> {
    let player = legal.first().map(Turn::player)?;
    let mine = &mut opening[player.index()];
    while let Some(&v) = mine.first() {
        mine.remove(0);
        if legal.contains(&Turn::Move { player, at: v }) {
            return Some(Turn::Move { player, at: v });
        }
    }
    let theirs = &opening[player.opponent().index()];
    if theirs.is_empty() {
        return None;
    }
    let free: Vec<Vertex> = legal
        .iter()
        .filter_map(|t| match t {
            Turn::Move { at, .. } if !theirs.contains(at) => Some(*at),
            _ => None,
        })
        .collect();
    if free.is_empty() {
        opening[player.opponent().index()].clear();
        return None;
    }
    let at = free[rng.random_range(0..free.len())];
    Some(Turn::Move { player, at })
}

/// A position reached by graphgo's own legal play on `board` under `options`: about a third of
/// the points played at random (no passes), for a game that starts from setup stones. `None`
/// where graphgo's engine does not play the board.
pub(super) fn played_setup(
    board: &Arc<Board>,
    options: Options,
    rng: &mut Xoshiro256PlusPlus,
) -> Option<Vec<Colour>> {
    let mut setup = Setup::new(RuleId::Ggg1, Board::clone(board));
    setup.options = options;
    let mut game = Engine.start(&setup).ok()?;
    for _ in 0..board.len() / 3 {
        let moves: Vec<Turn> = game
            .legal_turns()
            .into_iter()
            .filter(|t| matches!(t, Turn::Move { .. }))
            .collect();
        if moves.is_empty() {
            break;
        }
        let turn = &moves[rng.random_range(0..moves.len())];
        if game.play(turn).is_err() {
            break;
        }
    }
    let position = game.observe().position;
    position
        .iter()
        .any(|&c| c != Colour::Empty)
        .then_some(position)
}

/// The turn a random game plays next: a move from the agreed legal turns (steered by the
/// game's style), now and then a pass; never a resignation.
///
/// Some turns are probes instead: moves graphgo refuses, so that the engine's answers to
/// `play` are checked too (the only check for an engine without `all_legal` or
/// `is_legal`), and, where the engine keeps whose turn it is, moves of the player not to
/// move. Both sides refusing a probe changes nothing.
///
/// The ko and long styles fight kos: a move that takes a ko is taken (nine times in ten), a
/// move that would fill a ko the mover took is left (so that the retake stays available), and
/// in a ko game the player whose retake is refused passes one time in two (a pass as a ko
/// threat; never after a pass, which would end the game) or plays elsewhere (a threat), then
/// retakes. Two kos and passes, or four kos (on grids 7 wide), give back whole boards: the
/// cycles of superko.
pub(super) fn random_turn(
    legal: &[Turn],
    position: &[Colour],
    rng: &mut Xoshiro256PlusPlus,
    style: Style,
    mut tracker: Option<&mut Tracker>,
    out_of_turn: bool,
    played: usize,
) -> Option<Turn> {
    let player = legal.first().map(Turn::player)?;
    // Lists sized once (collected from a filter they grow by reallocation, a cost of every
    // turn chosen).
    let mut empty: Vec<Vertex> = Vec::with_capacity(position.len());
    empty.extend((0..position.len()).filter(|&v| position[v] == Colour::Empty));
    if out_of_turn && !empty.is_empty() && rng.random_bool(0.05) {
        let at = empty[rng.random_range(0..empty.len())];
        return Some(Turn::Move {
            player: player.opponent(),
            at,
        });
    }
    // Probes: mostly empty points graphgo refuses (suicide, ko, superko: where rules
    // differ), now and then any point at all (occupied ones too).
    // The points where the player's move is legal, marked in one pass over the list (not a
    // search of the list for each empty point: quadratic on 19x19, issue 29 point 4).
    let mut legal_at = vec![false; position.len()];
    for turn in legal {
        if let Turn::Move { player: p, at } = *turn {
            if p == player && at < legal_at.len() {
                legal_at[at] = true;
            }
        }
    }
    let mut refused_empty: Vec<Vertex> = Vec::with_capacity(empty.len());
    refused_empty.extend(empty.iter().copied().filter(|&v| !legal_at[v]));
    let probe_odds = if style == Style::Scored { 0.1 } else { 0.2 };
    if !refused_empty.is_empty() && rng.random_bool(probe_odds) {
        let at = refused_empty[rng.random_range(0..refused_empty.len())];
        return Some(Turn::Move { player, at });
    }
    if !position.is_empty() && rng.random_bool(0.02) {
        let at = rng.random_range(0..position.len());
        return Some(Turn::Move { player, at });
    }
    let mut moves: Vec<Vertex> = Vec::with_capacity(legal.len());
    moves.extend(legal.iter().filter_map(|t| match t {
        Turn::Move { at, .. } => Some(*at),
        _ => None,
    }));
    let pass = legal
        .iter()
        .find(|t| matches!(t, Turn::Pass { .. }))
        .cloned();
    let fights = matches!(style, Style::Ko | Style::Long);
    if let Some(t) = tracker.as_deref_mut().filter(|_| fights) {
        let takes = t.ko_captures(&moves);
        let odds = 0.9;
        if !takes.is_empty() && rng.random_bool(odds) {
            let at = takes[rng.random_range(0..takes.len())];
            return Some(Turn::Move { player, at });
        }
        if style == Style::Ko && pass.is_some() && !t.after_pass() && rng.random_bool(0.5) {
            let banned = refused_empty
                .iter()
                .any(|&v| t.situation(v) == Some(Situation::KoRetake));
            if banned {
                return pass;
            }
        }
        let open: Vec<Vertex> = moves
            .iter()
            .copied()
            .filter(|&v| !t.fills_own_ko(v))
            .collect();
        if !open.is_empty() {
            moves = open;
        }
    }
    let pass_odds = match style {
        Style::Random => 0.03,
        Style::Ko => 0.01,
        Style::Long => 0.0,
        Style::Scored if played >= position.len() / 2 => 1.0,
        Style::Scored => 0.0,
    };
    if moves.is_empty() || rng.random_bool(pass_odds) {
        return pass.or_else(|| moves.first().map(|&at| Turn::Move { player, at }));
    }
    let (wanted, odds): (&[Situation], f64) = match style {
        Style::Ko => (
            &[
                Situation::Capture,
                Situation::KoRetake,
                Situation::RepeatSameToMove,
                Situation::RepeatOtherToMove,
            ],
            0.6,
        ),
        Style::Long => (
            &[
                Situation::Capture,
                Situation::RepeatSameToMove,
                Situation::RepeatOtherToMove,
                Situation::MultiSelfCapture,
            ],
            0.3,
        ),
        _ => (&[], 0.0),
    };
    if let Some(tracker) = tracker.filter(|_| odds > 0.0 && rng.random_bool(odds)) {
        let steered = tracker.moves_with(&moves, wanted);
        if !steered.is_empty() {
            let at = steered[rng.random_range(0..steered.len())];
            return Some(Turn::Move { player, at });
        }
    }
    let at = moves[rng.random_range(0..moves.len())];
    Some(Turn::Move { player, at })
}
