//! MANGO as played: the transcription `crate::spec::mango` with what is not in the source.
//!
//! MANGO has no rule variants: the record's `options` are refused for it, and its readings
//! Readings 16–18 of `spec/ambiguities.md` have no other reading to switch to (17, the empty
//! threshold, is refused when a record is read). What is here is speed, for the questions
//! the comparer asks every turn, each tested equal to the transcription's literal answer
//! (`tests/mango/paths.rs`):
//! - steps 3 and 4 of a move judged a component of S ∪ E at a time
//!   ([`fast_paths::mango::not_alive`]) instead of a search per stone ([`make_move`], played
//!   by [`turn`], which otherwise is the transcription's own turn);
//! - the legal moves found without making every move ([`legal_moves`]: a move that removes
//!   nothing, [`fast_paths::mango::quiet_moves`], is new unless its key is an earlier
//!   configuration's);
//! - the scores by regions of E ([`scores`], [`fast_paths::mango::territory`]).
//!
//! [`MangoGame`] is the game the rule set `spec` plays: the transcription's state and the
//! keys of its earlier configurations.

use imbl::{HashSet, OrdSet};
use num_rational::BigRational;

use crate::fast_paths;
use crate::game::trace::{Applied, Played};
use crate::game::{Colour, Illegal, Observation, Playable, Player, Setup, Traced, Turn};
use crate::spec::mango::{self, Configuration, MangoSet, Point, State};

/// `mango:MOVE` steps 2 to 4, as [`mango::make_move`], with the stones not alive at the end
/// of steps 2 and 3 found a component at a time ([`fast_paths::mango::not_alive`], equal to
/// [`mango::not_alive`]).
pub fn make_move(
    set: &MangoSet,
    config: &Configuration,
    player: Player,
    n: Point,
) -> Configuration {
    let mut colours = config.colours(set.board.len());
    colours[n] = player.colour();
    // Built from `config` point by point (`Configuration::with`, as the clause's steps
    // move points), so that it shares all but the changed points with the configurations
    // before it: `earlier` keeps every configuration of the game, and one built afresh
    // would cost the whole board in memory a move.
    let mut made = config.with(n, player.colour());
    for side in [player.opponent(), player] {
        let dead =
            fast_paths::mango::not_alive(&set.board, &set.f, &set.t, &colours, side.colour());
        for v in dead {
            colours[v] = Colour::Empty;
            made = made.with(v, Colour::Empty);
        }
    }
    made
}

/// `mango:TURN` as [`mango::turn`] plays it, with a move's steps 2 to 4 made by the fast
/// [`make_move`] and the scores of the pass that ends the game counted by the fast
/// [`scores`] ([`pass`]); every other turn (a refusal) is the transcription's own.
pub fn turn(state: &State, turn: &Turn) -> Result<Played<State>, Illegal> {
    let playing = !mango::ends(state.consecutive_passes) && turn.player() == state.to_move;
    match *turn {
        // mango:MOVE and mango:LEGAL — the transcription's arm, steps 2 to 4 made fast.
        Turn::Move { player, at } if playing => {
            let n = mango::select(state, at)?;
            mango::legal_move(state, n, make_move(&state.set, &state.config, player, n))
        }
        // mango:TURN — the transcription's arm, the end's scores counted fast.
        Turn::Pass { .. } if playing => Ok(pass(state)),
        _ => mango::turn(state, turn),
    }
}

/// `mango:TURN` — a pass, as [`mango::pass`]: the configuration stays, the other player has
/// the turn, and the second pass in a row ends the game (`mango:END`), decided by the
/// scores (`mango:SCORE`) counted by [`territory_and_scores`] (regions of E, one pass over
/// the board) where the transcription's [`mango::scores`] searches paths from every empty
/// point (the square of the board: 29 s on 100x100). The transcription's own
/// [`mango::pass_scored_by`] makes the pass; tested equal to [`mango::pass`].
pub fn pass(state: &State) -> Played<State> {
    mango::pass_scored_by(state, territory_and_scores)
}

/// `mango:SCORE` — each player's territory ([`mango::territory`], in point order) and
/// score ([`mango::scores`]), Black's then White's, the territory found for the whole
/// board at once by [`fast_paths::mango::territory`].
pub fn territory_and_scores(state: &State) -> [(Vec<Point>, BigRational); 2] {
    let set = &state.set;
    let territory =
        fast_paths::mango::territory(&set.board, &state.config.colours(set.board.len()));
    Player::BOTH.map(|p| {
        let counted: OrdSet<Point> = territory[p.index()].iter().copied().collect();
        let score = state.initial_scores[p.index()].clone()
            + mango::weight_of(set, state.config.stones(p))
            + mango::weight_of(set, &counted);
        (counted.into_iter().collect(), score)
    })
}

/// A 64-bit key of a configuration: [`fast_paths::colouring_key`] of its colouring, from
/// B and W alone. Equal configurations have equal keys.
pub fn configuration_key(c: &Configuration) -> u64 {
    let stones = |s: &OrdSet<Point>, colour: Colour| {
        s.iter()
            .fold(0, |k, &n| k ^ fast_paths::vertex_key(n, colour))
    };
    stones(&c.b, Colour::Black) ^ stones(&c.w, Colour::White)
}

/// `mango:MOVE` and `mango:LEGAL` — the members of E where `player` may move now, in point
/// order: those where a move produces a new configuration, found without making every
/// move. A move that removes nothing ([`fast_paths::mango::quiet_moves`], when every stone
/// is alive) gives the configuration with n moved from E to the mover's set, which is new
/// unless its key is one of `earlier_keys` (the keys of the earlier configurations); every
/// other move, and a key that matches, is made ([`make_move`]) and its configuration looked
/// up. Tested equal to the moves [`mango::turn`] accepts.
pub fn legal_moves(state: &State, earlier_keys: &HashSet<u64>, player: Player) -> Vec<Point> {
    let set = &state.set;
    let made_is_new =
        |n: Point| mango::is_new(&state.earlier, &make_move(set, &state.config, player, n));
    let colours = state.config.colours(set.board.len());
    let Some(quiet) = fast_paths::mango::quiet_moves(&set.board, &set.f, &set.t, &colours, player)
    else {
        return state
            .config
            .e
            .iter()
            .copied()
            .filter(|&n| made_is_new(n))
            .collect();
    };
    let now = configuration_key(&state.config);
    quiet
        .into_iter()
        .filter(|&(n, quiet)| {
            let new = quiet
                && !earlier_keys.contains(&(now ^ fast_paths::vertex_key(n, player.colour())));
            new || made_is_new(n)
        })
        .map(|(n, _)| n)
        .collect()
}

/// `mango:SCORE` — Black's and White's scores, as [`mango::scores`], with the points that
/// count ([`mango::is_territory`]) found for the whole board at once by
/// [`fast_paths::mango::territory`].
pub fn scores(state: &State) -> [BigRational; 2] {
    let set = &state.set;
    let territory =
        fast_paths::mango::territory(&set.board, &state.config.colours(set.board.len()));
    Player::BOTH.map(|p| {
        let counted: OrdSet<Point> = territory[p.index()].iter().copied().collect();
        state.initial_scores[p.index()].clone()
            + mango::weight_of(set, state.config.stones(p))
            + mango::weight_of(set, &counted)
    })
}

/// A MANGO game played by the transcription ([`turn`]), with the keys of every
/// configuration that has occurred ([`configuration_key`]), so that [`legal_moves`] tells
/// new configurations from earlier ones without reading every earlier configuration again
/// on every turn. No rule reads the keys.
#[derive(Clone, Debug)]
pub struct MangoGame {
    pub state: State,
    pub earlier_keys: HashSet<u64>,
}

impl MangoGame {
    /// `mango:SETUP`, as [`mango::start`].
    pub fn start(setup: &Setup) -> Result<MangoGame, String> {
        MangoGame::start_traced(setup).map(|started| started.state)
    }

    /// [`MangoGame::start`], and the clauses the start applied.
    pub fn start_traced(setup: &Setup) -> Result<Played<MangoGame>, String> {
        Ok(mango::start(setup)?.map(|state| {
            let earlier_keys = HashSet::unit(configuration_key(&state.config));
            MangoGame {
                state,
                earlier_keys,
            }
        }))
    }

    /// `mango:TURN` — every turn the player to move may take, sorted, as
    /// [`mango::legal_turns`]: the legal moves ([`legal_moves`]) and the pass (the only one
    /// when there is no legal move: `mango::must_pass`). None once the game is over.
    pub fn legal_turns(&self) -> Vec<Turn> {
        let s = &self.state;
        if mango::ends(s.consecutive_passes) {
            return Vec::new();
        }
        let player = s.to_move;
        let mut turns: Vec<Turn> = legal_moves(s, &self.earlier_keys, player)
            .into_iter()
            .map(|at| Turn::Move { player, at })
            .chain([Turn::Pass { player }])
            .collect();
        turns.sort();
        turns
    }
}

impl Playable for MangoGame {
    fn observe(&self) -> Observation {
        let s = &self.state;
        Observation {
            position: s.config.colours(s.set.board.len()),
            to_move: s.result.is_none().then_some(s.to_move),
            prisoners: None,
            scores: Some(scores(s)),
            result: s.result.clone(),
        }
    }

    fn legal_turns(&self) -> Vec<Turn> {
        MangoGame::legal_turns(self)
    }

    fn play(&mut self, t: &Turn) -> Result<(), Illegal> {
        self.play_traced(t).map(drop)
    }

    fn fork(&self) -> Option<Box<dyn Playable>> {
        Some(Box::new(self.clone()))
    }
}

impl Traced for MangoGame {
    fn play_traced(&mut self, t: &Turn) -> Result<Vec<Applied>, Illegal> {
        let played = turn(&self.state, t)?;
        self.state = played.state;
        // A pass leaves the configuration, whose key is there already.
        self.earlier_keys
            .insert(configuration_key(&self.state.config));
        Ok(played.applied)
    }
}
