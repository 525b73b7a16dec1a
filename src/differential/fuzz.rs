//! The differential campaign: random boards, random setups and random turn sequences
//! played through two implementations by the comparer ([`crate::differential::compare`]), and the
//! structured input of the cargo-fuzz `differential` target ([`FuzzCase`]).
//!
//! Everything is seeded: game `i` of a campaign with seed `S` is generated from
//! [`game_seed`]`(S, i)` alone, so `graphgo fuzz --seed S --game i` replays it on any
//! machine, and shard `K/N` plays exactly the games `i` with `i mod N = K - 1`.

use std::collections::HashSet;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use arbitrary::Arbitrary;
use num_rational::BigRational;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::board::{Board, Vertex};
use crate::differential::campaign::{FindingGroup, ShardSummary};
use crate::differential::compare::{self, Divergence, Session};
use crate::differential::findings::{signature, Signals, Store};
use crate::game::{
    Colour, Neutral, NoMove, Observation, Options, Player, Repetition, RuleId, RuleSet,
    SelfCapture, Setup, Turn,
};
use crate::io::record::Game;

/// The most vertices of a generated board (the spec's `legal_turns` is quadratic in it).
pub const MAX_FUZZ_VERTICES: usize = 40;

/// SplitMix64's finaliser: a bijection of u64 that scatters nearby inputs.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The seed of game `index` of the campaign with seed `seed`.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    mix(mix(seed).wrapping_add(mix(index ^ 0x9e37_79b9_7f4a_7c15)))
}

type Random = Xoshiro256PlusPlus;

// ---------------------------------------------------------------------------------------
// Boards and setups
// ---------------------------------------------------------------------------------------

/// A random board of at most [`MAX_FUZZ_VERTICES`] vertices, mostly much smaller: grids,
/// tori, cylinders, Moebius bands, Klein bottles, 3-D grids, paths, cycles, complete
/// graphs, random graphs of three densities, and unions of two or three of these.
pub fn random_board(rng: &mut Random) -> Board {
    let board = match rng.random_range(0..20) {
        0..=13 => simple_board(rng, 25),
        14..=16 => random_graph(rng),
        _ => {
            let parts = rng.random_range(2..=3);
            let mut union = simple_board(rng, 12);
            for _ in 1..parts {
                let next = if rng.random_bool(0.5) {
                    simple_board(rng, 12)
                } else {
                    small_random_graph(rng, 10)
                };
                union = union.disjoint_union(&next);
            }
            union
        }
    };
    debug_assert!(board.len() <= MAX_FUZZ_VERTICES);
    board
}

/// One of the named families, with at most `cap` vertices.
fn simple_board(rng: &mut Random, cap: usize) -> Board {
    let side = |rng: &mut Random, lo: usize| rng.random_range(lo..=6);
    loop {
        let built = match rng.random_range(0..11) {
            0..=2 => Board::grid(side(rng, 1), side(rng, 1)),
            3 => Board::torus(side(rng, 2), side(rng, 2)),
            4 => Board::cylinder(side(rng, 2), side(rng, 1)),
            5 => Board::moebius(side(rng, 2), side(rng, 2)),
            6 => Board::klein(side(rng, 2), side(rng, 2)),
            7 => Board::cube(
                rng.random_range(1..=3),
                rng.random_range(2..=3),
                rng.random_range(2..=3),
            ),
            8 => Board::path(rng.random_range(1..=12)),
            9 => Board::cycle(rng.random_range(1..=12)),
            _ => Board::complete(rng.random_range(1..=6)),
        };
        if let Ok(b) = built {
            if b.len() <= cap {
                return b;
            }
        }
    }
}

/// A random graph G(n, p) with n up to 30 and mean degree about 1.5, 3 or 6.
fn random_graph(rng: &mut Random) -> Board {
    small_random_graph(rng, 30)
}

fn small_random_graph(rng: &mut Random, most: usize) -> Board {
    let n = rng.random_range(2..=most);
    let degree = [1.5, 3.0, 6.0][rng.random_range(0..3)];
    let p = (degree / (n - 1) as f64).min(1.0);
    let names: Vec<String> = (1..=n).map(|i| format!("g{i}")).collect();
    let mut edges = Vec::new();
    for u in 0..n {
        for v in u + 1..n {
            if rng.random_bool(p) {
                edges.push((names[u].clone(), names[v].clone()));
            }
        }
    }
    Board::from_edges(&names, &edges).expect("distinct names, no loops")
}

/// A random setup on `board`: any rules, any options (each the source's reading half of the
/// time), sometimes White first, `ggg3` prisoners up to 3, `ggg1` komi in halves, and in a
/// third of the games stones set out before the first turn (libertyless groups included).
pub fn random_setup(rng: &mut Random, board: Board) -> Setup {
    let rules = RuleId::ALL[rng.random_range(0..3)];
    let mut setup = Setup::new(rules, board);
    setup.options = random_options(rng);
    if rng.random_bool(0.15) {
        setup.to_move = Player::White;
    }
    if rules == RuleId::Ggg3 {
        for p in &mut setup.prisoners {
            *p = if rng.random_bool(0.3) {
                0
            } else {
                rng.random_range(0..=3)
            };
        }
    }
    if rules == RuleId::Ggg1 && rng.random_bool(0.5) {
        let halves: i64 = rng.random_range(-4..=15);
        setup.komi = BigRational::new(halves.into(), 2.into());
    }
    if rng.random_bool(0.35) {
        let density = rng.random_range(0.05..0.45);
        for c in &mut setup.initial {
            if rng.random_bool(density) {
                *c = if rng.random_bool(0.5) {
                    Colour::Black
                } else {
                    Colour::White
                };
            }
        }
    }
    setup
}

fn random_options(rng: &mut Random) -> Options {
    let mut o = Options::default();
    if rng.random_bool(0.5) {
        o.neutral = [Neutral::Both, Neutral::None][rng.random_range(0..2)];
    }
    if rng.random_bool(0.5) {
        o.no_move = [NoMove::Lose, NoMove::Pass][rng.random_range(0..2)];
    }
    if rng.random_bool(0.5) {
        o.self_capture =
            [SelfCapture::All, SelfCapture::Multi, SelfCapture::None][rng.random_range(0..3)];
    }
    if rng.random_bool(0.5) {
        o.repetition = [
            Repetition::Positional,
            Repetition::Situational,
            Repetition::Simple,
            Repetition::None,
        ][rng.random_range(0..4)];
    }
    o
}

// ---------------------------------------------------------------------------------------
// Turns
// ---------------------------------------------------------------------------------------

/// What the chooser knows of the game: the board, what both sides agree on now, and the
/// vertex of a lone stone the last turn captured (a ko to retake).
pub struct View<'a> {
    pub board: &'a Board,
    pub observation: &'a Observation,
    pub legal: &'a [Turn],
    pub turns: usize,
    pub max_turns: usize,
    pub ko: Option<Vertex>,
}

impl View<'_> {
    /// The last liberty of every group in atari, either colour: playing there captures,
    /// saves, or fills one's own last liberty (a self-capture).
    pub fn atari_points(&self) -> Vec<Vertex> {
        let (board, position) = (self.board, &self.observation.position);
        let mut seen = vec![false; board.len()];
        let mut points = Vec::new();
        for start in 0..board.len() {
            if seen[start] || position[start] == Colour::Empty {
                continue;
            }
            let colour = position[start];
            let mut stack = vec![start];
            seen[start] = true;
            let mut liberties = HashSet::new();
            while let Some(u) = stack.pop() {
                for &w in board.neighbours(u) {
                    if position[w] == Colour::Empty {
                        liberties.insert(w);
                    } else if position[w] == colour && !seen[w] {
                        seen[w] = true;
                        stack.push(w);
                    }
                }
            }
            if liberties.len() == 1 {
                points.extend(liberties);
            }
        }
        points.sort_unstable();
        points.dedup();
        points
    }

    fn player(&self) -> Player {
        self.observation.to_move.unwrap_or(Player::Black)
    }
}

/// Picks the next turn of a generated game; `None` ends it.
pub trait Chooser {
    fn choose(&mut self, view: &View) -> Option<Turn>;
}

/// The campaign's chooser: mostly legal moves, weighted toward captures, self-captures and
/// ko retakes; passes (more often late in the game), now and then a resignation, and a few
/// illegal turns (an occupied vertex, the wrong player, a pass where none is allowed) so
/// that refusals are compared too.
pub struct Biased {
    rng: Random,
    /// Whether one more turn was already tried after the end.
    tried_after_end: bool,
    /// A long game: no resignation, passes only near the turn cap, so that long histories
    /// (and superko over them) are exercised.
    long: bool,
}

impl Biased {
    pub fn new(rng: Random) -> Biased {
        Biased {
            rng,
            tried_after_end: false,
            long: false,
        }
    }

    /// A chooser for a long game.
    pub fn long(rng: Random) -> Biased {
        Biased {
            long: true,
            ..Biased::new(rng)
        }
    }
}

impl Chooser for Biased {
    fn choose(&mut self, view: &View) -> Option<Turn> {
        let rng = &mut self.rng;
        let board = view.board;
        let position = &view.observation.position;
        if view.observation.to_move.is_none() {
            // The game is over: sometimes check that one more turn is refused alike.
            if self.tried_after_end || !rng.random_bool(0.3) {
                return None;
            }
            self.tried_after_end = true;
            let player = if rng.random_bool(0.5) {
                Player::Black
            } else {
                Player::White
            };
            return Some(match rng.random_range(0..3) {
                0 => Turn::Pass { player },
                1 => Turn::Resign { player },
                _ => Turn::Move {
                    player,
                    at: rng.random_range(0..board.len()),
                },
            });
        }
        let player = view.player();
        let moves: Vec<Vertex> = view
            .legal
            .iter()
            .filter_map(|t| match *t {
                Turn::Move { at, .. } => Some(at),
                _ => None,
            })
            .collect();
        let late = view.turns as f64 / view.max_turns.max(1) as f64;
        let roll: f64 = rng.random();
        if roll < 0.04 {
            // A turn that should be refused.
            let occupied: Vec<Vertex> = (0..board.len())
                .filter(|&v| position[v] != Colour::Empty)
                .collect();
            if !occupied.is_empty() && rng.random_bool(0.5) {
                let at = occupied[rng.random_range(0..occupied.len())];
                return Some(Turn::Move { player, at });
            }
            let other = player.opponent();
            return Some(if rng.random_bool(0.7) {
                Turn::Move {
                    player: other,
                    at: rng.random_range(0..board.len()),
                }
            } else {
                Turn::Pass { player: other }
            });
        }
        if roll < 0.043 && !self.long {
            return Some(Turn::Resign { player });
        }
        // Passes: often late in the game or with few moves left when the rules allow one;
        // now and then where they do not (version 2, no prisoners), to compare the refusal.
        let pass = Turn::Pass { player };
        let pass_chance = if view.legal.contains(&pass) && self.long {
            0.01 + 0.3 * late.powi(8)
        } else if view.legal.contains(&pass) {
            0.03 + 0.5 * late * late + if moves.len() <= 2 { 0.4 } else { 0.0 }
        } else {
            0.02
        };
        if moves.is_empty() || rng.random_bool(pass_chance.min(1.0)) {
            return Some(pass);
        }
        if let Some(ko) = view.ko {
            if position[ko] == Colour::Empty && rng.random_bool(0.6) {
                // Tried whether legal or not: superko must refuse it alike on both sides.
                return Some(Turn::Move { player, at: ko });
            }
        }
        let atari = view.atari_points();
        let weight = |v: Vertex| -> u32 {
            let near = board
                .neighbours(v)
                .iter()
                .any(|&w| position[w] != Colour::Empty);
            1 + if atari.binary_search(&v).is_ok() {
                12
            } else {
                0
            } + if near { 2 } else { 0 }
        };
        let total: u32 = moves.iter().map(|&v| weight(v)).sum();
        let mut pick = rng.random_range(0..total);
        for &v in &moves {
            let w = weight(v);
            if pick < w {
                return Some(Turn::Move { player, at: v });
            }
            pick -= w;
        }
        unreachable!("the weights sum to total")
    }
}

/// What one generated game came to.
#[derive(Clone, Debug)]
pub struct Played {
    /// The game as far as it went (up to and including the diverging turn).
    pub game: Game,
    pub divergence: Option<Divergence>,
}

/// Plays a game chosen turn by turn by `chooser` through both sides, comparing after each
/// turn, for at most `max_turns` turns.
pub fn play_generated(
    a: &dyn RuleSet,
    b: &dyn RuleSet,
    setup: Setup,
    chooser: &mut dyn Chooser,
    max_turns: usize,
) -> Played {
    let mut game = Game {
        setup,
        turns: Vec::new(),
    };
    let mut session = match Session::start(a, b, &game.setup) {
        Ok(Some(s)) => s,
        Ok(None) => {
            return Played {
                game,
                divergence: None,
            }
        }
        Err(d) => {
            return Played {
                game,
                divergence: Some(*d),
            }
        }
    };
    let mut ko = None;
    while game.turns.len() < max_turns {
        let view = View {
            board: &game.setup.board,
            observation: session.observation(),
            legal: session.legal_turns(),
            turns: game.turns.len(),
            max_turns,
            ko,
        };
        let Some(turn) = chooser.choose(&view) else {
            break;
        };
        let before = session.observation().position.clone();
        game.turns.push(turn.clone());
        if let Err(d) = session.play(&turn) {
            return Played {
                game,
                divergence: Some(*d),
            };
        }
        let after = &session.observation().position;
        let captured: Vec<Vertex> = (0..before.len())
            .filter(|&v| before[v] != Colour::Empty && after[v] == Colour::Empty)
            .collect();
        ko = (captured.len() == 1).then(|| captured[0]);
    }
    Played {
        game,
        divergence: None,
    }
}

/// The turn cap of a generated game on `board`.
pub fn max_turns(board: &Board) -> usize {
    (3 * board.len() + 10).min(150)
}

/// Generates and plays game `index` of the campaign with seed `seed`.
pub fn play_game(a: &dyn RuleSet, b: &dyn RuleSet, seed: u64, index: u64) -> Played {
    let mut rng = Random::seed_from_u64(game_seed(seed, index));
    // One game in ten is a game of the directed rules (decided apart from `rng`, so that the
    // other games are generated as before).
    if mix(game_seed(seed, index) ^ DIRECTED_SALT).is_multiple_of(10) {
        return play_directed_game(a, b, &mut rng);
    }
    if index % TOPOLOGICAL_EVERY == TOPOLOGICAL_EVERY - 1 {
        return play_topological_game(a, b, &mut rng);
    }
    // One game in eight is long: a board of at most 16 vertices and up to 300 turns.
    let long = rng.random_bool(0.125);
    let board = if long {
        simple_board(&mut rng, 16)
    } else {
        random_board(&mut rng)
    };
    let setup = if is_mango_game(seed, index) {
        random_mango_setup(&mut rng, board)
    } else {
        random_setup(&mut rng, board)
    };
    if long {
        let cap = (12 * setup.board.len() + 20).min(300);
        play_generated(a, b, setup, &mut Biased::long(rng), cap)
    } else {
        let cap = max_turns(&setup.board);
        play_generated(a, b, setup, &mut Biased::new(rng), cap)
    }
}

/// The rule families the campaign mixes into its graph games, for playing one family alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// `topo-primitive` or `topo-stones` on a random go-space.
    Topological,
    /// MANGO on a random board with random weights and threshold.
    Mango,
    /// The directed rules on a random directed board, with komi choice, bids and resets.
    Directed,
}

/// Game `index` of a campaign with seed `seed` that plays only `family`: the same
/// generators as [`play_game`] (so a divergence found here is one the campaign can find),
/// but every game of the family. The oracle of `cargo test --lib` uses it so that each
/// family engine meets many games, not one in six, ten or sixty-four.
pub fn play_family_game(
    a: &dyn RuleSet,
    b: &dyn RuleSet,
    family: Family,
    seed: u64,
    index: u64,
) -> Played {
    let mut rng = Random::seed_from_u64(game_seed(seed, index));
    match family {
        Family::Topological => play_topological_game(a, b, &mut rng),
        Family::Directed => play_directed_game(a, b, &mut rng),
        Family::Mango => {
            let board = random_board(&mut rng);
            let setup = random_mango_setup(&mut rng, board);
            let cap = max_turns(&setup.board);
            play_generated(a, b, setup, &mut Biased::new(rng), cap)
        }
    }
}

/// Whether game `index` of the campaign with seed `seed` is a MANGO game: one in six,
/// chosen by a hash of the game's seed, so the other games draw what they drew before.
pub fn is_mango_game(seed: u64, index: u64) -> bool {
    mix(game_seed(seed, index) ^ 0x6d61_6e67_6f5f_7274).is_multiple_of(6)
}

/// A random MANGO setup on `board` (`mango:SETUP`): weights from a few exact values
/// (1 most often; 0, negatives, halves and thirds), a threshold from a list of shapes
/// (Go's `z >= 1`, `z > 0`, windows, unions, `z >= 0` under which nothing dies), initial
/// scores in halves, sometimes White first, and in a third of the games stones set out.
pub fn random_mango_setup(rng: &mut Random, board: Board) -> Setup {
    use crate::board::weights::{Threshold, Weights};
    let n = board.len();
    let mut setup = Setup::new(RuleId::Mango, board);
    let values = [
        (1, 1),
        (1, 1),
        (1, 1),
        (2, 1),
        (1, 2),
        (1, 3),
        (0, 1),
        (-1, 1),
        (-1, 2),
        (3, 1),
    ];
    let uniform = rng.random_bool(0.3);
    let weight = (0..n)
        .map(|_| {
            let (a, b) = if uniform {
                (1, 1)
            } else {
                values[rng.random_range(0..values.len())]
            };
            BigRational::new(a.into(), b.into())
        })
        .collect();
    let shapes: [&[&str]; 8] = [
        &["z >= 1"],
        &["z > 0"],
        &["z >= 1/2"],
        &["1 <= z < 4"],
        &["z > 0", "z = -1"],
        &["z < 0", "2 <= z <= 5"],
        &["z >= 0"],
        &["z > 3/2"],
    ];
    let shape = shapes[rng.random_range(0..shapes.len())];
    let texts: Vec<String> = shape.iter().map(|t| t.to_string()).collect();
    let threshold = Threshold::parse(&texts).expect("the listed shapes are intervals");
    let half = |rng: &mut Random| BigRational::new(rng.random_range(-2..=13i64).into(), 2.into());
    let scores = [half(rng), half(rng)];
    setup.equipment = crate::game::Equipment::Weights(std::sync::Arc::new(Weights {
        weight,
        threshold,
        scores,
    }));
    if rng.random_bool(0.15) {
        setup.to_move = Player::White;
    }
    if rng.random_bool(0.35) {
        let density = rng.random_range(0.05..0.45);
        for c in &mut setup.initial {
            if rng.random_bool(density) {
                *c = if rng.random_bool(0.5) {
                    Colour::Black
                } else {
                    Colour::White
                };
            }
        }
    }
    setup
}

// ---------------------------------------------------------------------------------------
// The campaign
// ---------------------------------------------------------------------------------------

pub use crate::differential::shard::Shard;
use crate::io::atomic_file::write_atomically;

/// When a campaign stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// After the game running when this much time has passed (over every run of a resumed
    /// campaign).
    Time(Duration),
    /// After this many games of the shard (over every run of a resumed campaign).
    Games(u64),
    /// Only the game with this index (to replay a divergence).
    Only(u64),
}

/// The default of `--max-findings`: a campaign stops once it has found this many kinds of
/// divergence (signatures); further games of a kind already seen only add to its count.
pub const DEFAULT_MAX_FINDINGS: usize = 20;

/// A campaign's settings.
#[derive(Clone, Debug)]
pub struct Campaign {
    pub seed: u64,
    pub limit: Limit,
    pub shard: Shard,
    /// Where findings and the shard's summary are written (checked and created at the
    /// start, [`Store::open`]). A summary already there for the same seed and shard is
    /// resumed from.
    pub out: Option<PathBuf>,
    /// Comparisons allowed for shrinking each divergence.
    pub shrink_budget: usize,
    /// Stop once this many signatures were found ([`DEFAULT_MAX_FINDINGS`]).
    pub max_findings: usize,
}

/// The first divergence of a signature the campaign found (the later ones with the same
/// signature are counted in its group).
#[derive(Clone, Debug)]
pub struct Found {
    pub index: u64,
    pub game_seed: u64,
    /// The game as generated (up to the diverging turn).
    pub original: Game,
    /// The minimized game and its divergence.
    pub shrunk: Game,
    pub divergence: Divergence,
    /// [`signature`] of the divergence as found.
    pub signature: String,
    /// Where it was written (`None` without an output folder, or when writing failed).
    pub file: Option<PathBuf>,
}

/// Why a campaign stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// Its --games or --time was reached (or its one game played).
    Limit,
    /// --max-findings signatures were found.
    MaxFindings,
    /// SIGINT or SIGTERM (the number).
    Signal(i32),
}

/// A campaign's totals (over every run of a resumed campaign).
#[derive(Clone, Debug)]
pub struct Summary {
    pub games: u64,
    pub turns: u64,
    pub elapsed: Duration,
    /// The divergences of this run that opened a group (a new signature).
    pub found: Vec<Found>,
    /// Every group, with its count, as written in the shard's summary file.
    pub groups: Vec<FindingGroup>,
    /// Games that diverged.
    pub divergences: u64,
    /// Games played by earlier runs of the campaign (resumed from its summary).
    pub resumed_from: u64,
    pub stopped: Stopped,
    /// Files that could not be written (findings or the summary): `path: why`.
    pub write_errors: Vec<String>,
    /// The shard's summary file, when there is an output folder.
    pub summary_file: Option<PathBuf>,
    /// The summary as written (or as it would be written).
    pub shard_summary: ShardSummary,
}

impl Summary {
    /// The closing line.
    pub fn line(&self) -> String {
        let secs = self.elapsed.as_secs_f64().max(1e-9);
        let mut line = format!(
            "{} games, {} turns in {:.1} s ({:.0} turns/s, {:.1} games/s), {} divergence{}",
            self.games,
            self.turns,
            secs,
            self.turns as f64 / secs,
            self.games as f64 / secs,
            self.divergences,
            if self.divergences == 1 { "" } else { "s" }
        );
        if self.divergences > 0 {
            line += &format!(
                " ({} signature{})",
                self.groups.len(),
                if self.groups.len() == 1 { "" } else { "s" }
            );
        }
        if self.resumed_from > 0 {
            line += &format!("; resumed after game {} of the shard", self.resumed_from);
        }
        match self.stopped {
            Stopped::Limit => {}
            Stopped::MaxFindings => line += "; stopped at --max-findings",
            Stopped::Signal(_) => {
                line += &format!("; stopped by {}", self.shard_summary.stopped);
            }
        }
        if !self.write_errors.is_empty() {
            line += &format!("; {} WRITE ERRORS", self.write_errors.len());
        }
        line
    }

    /// The number of signatures found.
    pub fn distinct(&self) -> usize {
        self.groups.len()
    }
}

/// What a campaign reports as it goes.
pub enum Event<'a> {
    /// A game finished (with or without a divergence).
    Game {
        index: u64,
        turns: usize,
        games: u64,
        elapsed: Duration,
    },
    /// A divergence of a new signature was found, shrunk and (with an output folder)
    /// written.
    Diverged(&'a Found),
    /// Game `index` diverged with the signature of an earlier group: counted, not shrunk
    /// and not written again.
    Repeated { index: u64, group: &'a FindingGroup },
    /// Writing a finding or the summary failed (`path: why`).
    WriteFailed(String),
}

impl Campaign {
    /// The command that replays game `index` of this campaign.
    pub fn replay_command(&self, index: u64) -> String {
        format!("graphgo fuzz --seed {} --game {index}", self.seed)
    }

    /// Runs the campaign, comparing `a` against `b`, calling `report` as it goes; stops
    /// only at its limits. Panics when `out` is not a folder it can write to, or holds a
    /// summary of another campaign: callers that take `out` from a user call
    /// [`Campaign::run_until`], which says so instead.
    pub fn run(&self, a: &dyn RuleSet, b: &dyn RuleSet, report: &mut dyn FnMut(Event)) -> Summary {
        self.run_until(a, b, &Signals::none(), report)
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// Runs the campaign until its limits or a signal: the output folder is checked first
    /// (a message when it is not a writable folder, or when the summary there is not one
    /// of this campaign), the campaign resumes from the shard's summary if one is there,
    /// and the summary is rewritten as it goes (after each finding, and each second), so
    /// that a run killed at any point is resumed by the same command without repeating or
    /// losing a finding.
    pub fn run_until(
        &self,
        a: &dyn RuleSet,
        b: &dyn RuleSet,
        signals: &Signals,
        report: &mut dyn FnMut(Event),
    ) -> Result<Summary, String> {
        let store = self.out.as_deref().map(Store::open).transpose()?;
        let sides = [a.name().to_string(), b.name().to_string()];
        // A single game replayed keeps no summary: it is not a shard of the campaign.
        let keeps_summary = !matches!(self.limit, Limit::Only(_));
        let summary_file = store
            .as_ref()
            .filter(|_| keeps_summary)
            .map(|s| s.dir().join(ShardSummary::file_name(self.seed, self.shard)));
        let mut state = match &summary_file {
            Some(path) if path.exists() => {
                let s = ShardSummary::load(path)?;
                if s.command != "fuzz" || s.sides != sides {
                    return Err(format!(
                        "{}: a summary of `{}` {} vs {}, not of this campaign (`fuzz` {} vs {}): give another --out",
                        path.display(),
                        s.command,
                        s.sides[0],
                        s.sides[1],
                        sides[0],
                        sides[1]
                    ));
                }
                s
            }
            _ => ShardSummary::new("fuzz", sides, self.seed, self.shard),
        };
        state.stopped = "running".into();
        let resumed_from = state.games;
        let before = Duration::from_secs_f64(state.elapsed_seconds.max(0.0));
        let started = Instant::now();
        let mut found = Vec::new();
        let mut write_errors = Vec::new();
        let mut last_saved = Instant::now();
        let save = |state: &mut ShardSummary, write_errors: &mut Vec<String>| -> Option<String> {
            let path = summary_file.as_ref()?;
            state.elapsed_seconds = (before + started.elapsed()).as_secs_f64();
            write_atomically(path, &state.to_json())
                .err()
                .map(|e| format!("{}: {e}", path.display()))
                .inspect(|e| write_errors.push(e.clone()))
        };
        if let Some(e) = save(&mut state, &mut write_errors) {
            report(Event::WriteFailed(e));
        }
        let mut only_played = false;
        let stopped = loop {
            if let Some(s) = signals.caught() {
                break Stopped::Signal(s);
            }
            let index = match self.limit {
                Limit::Only(_) if only_played => break Stopped::Limit,
                Limit::Only(i) => i,
                Limit::Games(g) if state.games >= g => break Stopped::Limit,
                Limit::Time(t) if before + started.elapsed() >= t => break Stopped::Limit,
                _ => self.shard.game(state.games),
            };
            if state.findings.len() >= self.max_findings {
                break Stopped::MaxFindings;
            }
            only_played = true;
            let played = play_game(a, b, self.seed, index);
            state.games += 1;
            state.turns += played.game.turns.len() as u64;
            if let Some(divergence) = &played.divergence {
                state.divergences += 1;
                let sig = signature(&played.game.setup, divergence);
                if let Some(group) = state.findings.iter_mut().find(|g| g.signature == sig) {
                    group.add_game(index);
                    report(Event::Repeated { index, group });
                } else {
                    let f = self.record(a, b, index, played, sig, store.as_ref(), report);
                    state.findings.push(FindingGroup {
                        signature: f.signature.clone(),
                        count: 1,
                        first_game: index,
                        games: vec![index],
                        file: f
                            .file
                            .as_ref()
                            .and_then(|p| p.file_name())
                            .map(|n| n.to_string_lossy().into_owned()),
                        turns: f.shrunk.turns.len(),
                        vertices: f.shrunk.setup.board.len(),
                        description: f.divergence.describe(f.shrunk.setup.turn_names()),
                    });
                    if store.is_some() && f.file.is_none() {
                        write_errors.push(format!("the record of game {index}"));
                    }
                    report(Event::Diverged(&f));
                    found.push(f);
                }
                // A finding is in the summary at once: a run killed after this resumes
                // after the game, and neither repeats nor loses it.
                if let Some(e) = save(&mut state, &mut write_errors) {
                    report(Event::WriteFailed(e));
                }
                last_saved = Instant::now();
            } else if last_saved.elapsed() >= Duration::from_secs(1) {
                if let Some(e) = save(&mut state, &mut write_errors) {
                    report(Event::WriteFailed(e));
                }
                last_saved = Instant::now();
            }
            report(Event::Game {
                index,
                turns: state.turns as usize,
                games: state.games,
                elapsed: before + started.elapsed(),
            });
        };
        state.stopped = match stopped {
            Stopped::Limit => "limit".into(),
            Stopped::MaxFindings => "max-findings".into(),
            Stopped::Signal(_) => signals.name().unwrap_or_else(|| "signal".into()),
        };
        if let Some(e) = save(&mut state, &mut write_errors) {
            report(Event::WriteFailed(e));
        }
        state.write_errors.extend(write_errors.iter().cloned());
        Ok(Summary {
            games: state.games,
            turns: state.turns,
            elapsed: before + started.elapsed(),
            found,
            groups: state.findings.clone(),
            divergences: state.divergences,
            resumed_from,
            stopped,
            write_errors,
            summary_file,
            shard_summary: state,
        })
    }

    /// Shrinks the divergence and writes it under a name no other file has.
    #[allow(clippy::too_many_arguments)]
    fn record(
        &self,
        a: &dyn RuleSet,
        b: &dyn RuleSet,
        index: u64,
        played: Played,
        signature: String,
        store: Option<&Store>,
        report: &mut dyn FnMut(Event),
    ) -> Found {
        let provenance = format!(
            "found by `graphgo fuzz --seed {}` (game {index}); replay: {}\nsignature: {signature}",
            self.seed,
            self.replay_command(index)
        );
        let stem = format!("{}-vs-{}-seed{}-game{index}", a.name(), b.name(), self.seed);
        let text = |game: &Game, note: &str| {
            compare::case_file(a, b, game, &format!("{provenance}\n{note}"))
        };
        let (shrunk, divergence) = match compare::shrink(a, b, &played.game, self.shrink_budget) {
            Some(s) => (s.game, s.divergence),
            // A divergence that does not come back when replayed (a side that is not
            // deterministic): keep it as found.
            None => (
                played.game.clone(),
                played
                    .divergence
                    .clone()
                    .expect("only diverging games are recorded"),
            ),
        };
        // Written once shrunk, before the summary counts the game: a run killed while
        // shrinking has not counted it, and the same command plays it again and writes the
        // same text (kept as it is when already there, never beside a second copy).
        let file = store.and_then(|s| {
            s.publish_new(&stem, "yaml", &text(&shrunk, "shrunk"))
                .inspect_err(|e| {
                    report(Event::WriteFailed(format!(
                        "{}: {e}",
                        s.dir().join(format!("{stem}.yaml")).display()
                    )))
                })
                .ok()
        });
        Found {
            index,
            game_seed: game_seed(self.seed, index),
            original: played.game,
            shrunk,
            divergence,
            signature,
            file,
        }
    }
}

/// A side with a bug planted on purpose, for testing the campaign's own bookkeeping from
/// the command line (`graphgo fuzz --planted-bug NAME`, a hidden flag): `no-superko`, the
/// engine with positional superko (`ggg1:3`, `ggg3:3`) turned off.
pub fn planted_bug(name: &str) -> Option<Box<dyn RuleSet>> {
    struct NoSuperko;
    impl RuleSet for NoSuperko {
        fn name(&self) -> &str {
            "no-superko"
        }
        fn start(
            &self,
            setup: &Setup,
        ) -> Result<Box<dyn crate::game::Playable>, crate::game::Unsupported> {
            let mut setup = setup.clone();
            if setup.options.repetition == Repetition::Positional {
                setup.options.repetition = Repetition::None;
            }
            crate::engine::Engine.start(&setup)
        }
    }
    (name == "no-superko").then(|| Box::new(NoSuperko) as Box<dyn RuleSet>)
}

// ---------------------------------------------------------------------------------------
// The cargo-fuzz input
// ---------------------------------------------------------------------------------------

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
            repetition: [
                Repetition::Positional,
                Repetition::Situational,
                Repetition::Simple,
                Repetition::None,
            ][d % 4],
        };
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
    fn choose(&mut self, view: &View) -> Option<Turn> {
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

// ---------------------------------------------------------------------------------------
// Go on directed graphs (`dir:*`)
// ---------------------------------------------------------------------------------------

const DIRECTED_SALT: u64 = 0x6469_722d_6b6f_6269;

/// A random directed board of 2 to 10 points (each ordered pair an arc with probability
/// 0.15 to 0.5, no loops), as a setup of the directed rules with random stones and, half the
/// time, a komi agreed in advance (else the komi phase is played).
pub fn random_directed_setup(rng: &mut Random) -> Setup {
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
    fn choose(&mut self, view: &View) -> Option<Turn> {
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
fn play_directed_game(a: &dyn RuleSet, b: &dyn RuleSet, rng: &mut Random) -> Played {
    let setup = random_directed_setup(rng);
    let chooser_rng = Random::seed_from_u64(rng.random::<u64>());
    play_generated(a, b, setup, &mut DirectedChooser { rng: chooser_rng }, 80)
}

// Topological Go: random go-spaces
// ---------------------------------------------------------------------------------------

/// One game in this many (games `i` with `i mod 64 = 63`) is played on a random go-space
/// under `topo-primitive` or `topo-stones`. Rare enough that the first 63 games of every
/// campaign are the graph games they were before go-spaces joined.
pub const TOPOLOGICAL_EVERY: u64 = 64;

/// The most points of a generated go-space of the random kind (the go-space of a graph
/// has a point per vertex and per edge).
pub const MAX_FUZZ_POINTS: usize = 9;

/// A random go-space setup: in a third of the games the go-space of a small random graph
/// (`topo:EX2`); otherwise a random finite topology on 1 to [`MAX_FUZZ_POINTS`] points
/// (generated by a random subbase of sets of 1 to 3 points) with up to 9 placements, each
/// the smallest open set around one or two random points (so placements of several points, not connected,
/// overlapping, and points in none). Either ending, now and then another repetition rule,
/// White first, komi (stone scoring), another reading T1, or points coloured at the start.
pub fn random_topological_setup(rng: &mut Random) -> Setup {
    use crate::board::space::{EmptyString, GoSpace};
    let (board, space) = if rng.random_bool(1.0 / 3.0) {
        let graph = small_random_graph(rng, 6);
        GoSpace::of_graph(&graph).expect("a small graph's go-space is within the caps")
    } else {
        let n = rng.random_range(1..=MAX_FUZZ_POINTS);
        let names: Vec<String> = (1..=n).map(|i| format!("p{i}")).collect();
        // Small sets (1 to `most` points) give the space local structure, as a board has.
        let subset = |rng: &mut Random, most: usize| -> Vec<usize> {
            let k = rng.random_range(1..=most);
            (0..k).map(|_| rng.random_range(0..n)).collect()
        };
        let count = rng.random_range(0..=12);
        let subbase: Vec<Vec<usize>> = (0..count).map(|_| subset(rng, 3)).collect();
        let groups = rng.random_range(1..=9);
        let around: Vec<Vec<usize>> = (0..groups).map(|_| subset(rng, 2)).collect();
        let space = GoSpace::around_points(&names, &subbase, &around)
            .expect("a subbase always generates a topology, and the placements are open");
        let board = space.board(&names).expect("distinct point names");
        (board, space)
    };
    let reading = match rng.random_range(0..8) {
        0 => EmptyString::NoLiberty,
        1 => EmptyString::Stone,
        _ => EmptyString::Connected,
    };
    let rules = if rng.random_bool(0.5) {
        RuleId::TopoPrimitive
    } else {
        RuleId::TopoStones
    };
    let mut setup = Setup::new(rules, board);
    setup.equipment =
        crate::game::Equipment::Space(std::sync::Arc::new(space.with_empty_string(reading)));
    if rng.random_bool(0.25) {
        setup.options.repetition = [
            Repetition::Situational,
            Repetition::Simple,
            Repetition::None,
        ][rng.random_range(0..3)];
    }
    if rng.random_bool(0.15) {
        setup.to_move = Player::White;
    }
    if rules == RuleId::TopoStones && rng.random_bool(0.3) {
        let halves: i64 = rng.random_range(-4..=7);
        setup.komi = BigRational::new(halves.into(), 2.into());
    }
    if rng.random_bool(0.2) {
        for c in &mut setup.initial {
            if rng.random_bool(0.2) {
                *c = if rng.random_bool(0.5) {
                    Colour::Black
                } else {
                    Colour::White
                };
            }
        }
    }
    setup
}

/// The campaign's chooser on go-spaces: mostly a legal turn at random (passes rarer, more
/// often late), and now and then a turn to be refused: a placement that is not empty or
/// does not exist, the wrong player, a pass under the primitive rules, a resignation.
struct TopologicalChooser {
    rng: Random,
    placements: usize,
}

impl Chooser for TopologicalChooser {
    fn choose(&mut self, view: &View) -> Option<Turn> {
        let rng = &mut self.rng;
        let Some(player) = view.observation.to_move else {
            return rng.random_bool(0.2).then_some(Turn::Pass {
                player: Player::Black,
            });
        };
        if rng.random_bool(0.06) {
            let at = rng.random_range(0..self.placements + 2);
            return Some(match rng.random_range(0..4) {
                0 => Turn::Move { player, at },
                1 => Turn::Move {
                    player: player.opponent(),
                    at,
                },
                2 => Turn::Pass { player },
                _ => Turn::Resign { player },
            });
        }
        let moves: Vec<&Turn> = view
            .legal
            .iter()
            .filter(|t| matches!(t, Turn::Move { .. }))
            .collect();
        let late = view.turns as f64 / view.max_turns.max(1) as f64;
        let pass = Turn::Pass { player };
        if moves.is_empty() {
            return view.legal.first().cloned();
        }
        if view.legal.contains(&pass) && rng.random_bool(0.05 + 0.4 * late) {
            return Some(pass);
        }
        Some(moves[rng.random_range(0..moves.len())].clone())
    }
}

/// Plays one game on a random go-space (see [`random_topological_setup`]).
fn play_topological_game(a: &dyn RuleSet, b: &dyn RuleSet, rng: &mut Random) -> Played {
    let setup = random_topological_setup(rng);
    let placements = match &setup.equipment {
        crate::game::Equipment::Space(space) => space.placements().len(),
        _ => 0,
    };
    let cap = (3 * placements + 10).min(40);
    let mut chooser = TopologicalChooser {
        rng: rng.clone(),
        placements,
    };
    play_generated(a, b, setup, &mut chooser, cap)
}
