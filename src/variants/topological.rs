//! Topological Go as played: the transcription `crate::spec::topological` with what is not
//! in the source: the record's repetition option (the text has positional superko,
//! `topo:D10a`, `topo:D10b`), the other two readings of T1 (`spec/ambiguities.md`; the
//! transcription follows `stone`), a start other than the text's (a colouring or White
//! first, reading 10), and the fast path for the board play and the legal turns
//! (`crate::fast_paths::topological`), tested equal to the transcription's literal answer.
//!
//! Reading 11 (the space's `empty_string`) is played by a turn of its own ([`turn`]) built
//! from the transcription's clause functions, whose board play (`topo:D9`) clears with the
//! reading's answer to "has string(s) liberty" ([`string_lives`]) for a stone in no
//! go-connected set; under `stone` it is the transcription's own turn. Every path that
//! plays honours the reading: the turn, the legal turns ([`legal_turns`]) and the end test
//! ([`unable_to_play`]). The fast path needs none of it: it applies only where every
//! placement's closure is connected, so every stone's closure is, and no stone lies in no
//! go-connected set (it is one itself): there the three readings agree.
//!
//! The repetition option is played by composition: the transcription's turn refuses a board
//! play that produces a colouring of `earlier`, so the game hands it a view of the state whose
//! `earlier` holds the colourings the option forbids ([`forbidden`]), relabels its refusal
//! `option:repetition`, and puts the true `earlier` back.
//!
//! The game keeps, beside the transcription's state, what the fast path needs: the index of
//! the go-space (built once per game, shared by its forks), a 64-bit key of every colouring
//! of the game (so that a board play is checked against the earlier colourings by its key,
//! and only a key found is confirmed on the colourings themselves), and the strings and
//! liberties of the colouring now, computed when first asked. Where the fast path does not
//! apply (a placement whose closure is not connected, or a setup's colouring with a string
//! without liberty), the turn and the legal turns are the transcription's own.

use std::cell::OnceCell;
use std::sync::Arc;

use imbl::{HashSet, Vector};

use crate::board::space::{EmptyString, GoSpace, Point};
use crate::fast_paths::colouring_key;
use crate::fast_paths::topological::{self as fast, Analysis, BoardPlayMarks, SpaceIndex};
use crate::game::clause::{Clause, RuleOption};
use crate::game::trace::{Applied, Played};
use crate::game::{
    Colour, Illegal, Observation, Playable, Player, Repetition, Setup, Traced, Turn,
};
use crate::spec::topological::{self as spec, Colouring, Ending, State, Stones, StringLives};

/// A Topological Go game (`topo-primitive`, `topo-stones`): the transcription's state, and
/// what the fast path keeps. A move's `at` is an index into the go-space's placements S.
#[derive(Clone, Debug)]
pub struct TopologicalGame {
    pub state: State,
    /// The record's repetition rule (`Positional` is the text's).
    repetition: Repetition,
    /// The go-space's index, when the fast path applies to the space.
    index: Option<Arc<SpaceIndex>>,
    /// The key of every colouring of `state.history`, in order.
    keys: Vector<u64>,
    /// The keys of `state.earlier`.
    earlier_keys: HashSet<u64>,
    /// The keys of `state.history` with the player to move at each.
    situations: HashSet<(u64, Player)>,
    /// The strings and liberties of the colouring now (`None`: the fast path does not apply).
    analysis: OnceCell<Option<Arc<Analysis>>>,
}

impl TopologicalGame {
    /// The first position of a game, or why the setup is not a topological game.
    pub fn start(setup: &Setup) -> Result<TopologicalGame, String> {
        TopologicalGame::start_with(setup, true).map(|started| started.state)
    }

    /// [`TopologicalGame::start`], and the clauses the start applied.
    pub fn start_traced(setup: &Setup) -> Result<Played<TopologicalGame>, String> {
        TopologicalGame::start_with(setup, true)
    }

    /// The first position of a game that never takes the fast path (for the tests that hold
    /// the fast path equal to the transcription).
    pub fn start_literal(setup: &Setup) -> Result<TopologicalGame, String> {
        TopologicalGame::start_with(setup, false).map(|started| started.state)
    }

    fn start_with(setup: &Setup, fast: bool) -> Result<Played<TopologicalGame>, String> {
        let Played { state, applied } = start_before_end(setup)?;
        let index = SpaceIndex::new(&state.space);
        let mut game = TopologicalGame {
            repetition: setup.options.repetition,
            index: (fast && index.applies()).then(|| Arc::new(index)),
            keys: Vector::new(),
            earlier_keys: HashSet::new(),
            situations: HashSet::new(),
            analysis: OnceCell::new(),
            state,
        };
        for (f, p) in game.state.history.iter() {
            let key = colouring_key(f.iter().copied());
            game.keys.push_back(key);
            game.earlier_keys.insert(key);
            game.situations.insert((key, *p));
        }
        let ended = game.settle();
        Ok(Played::new(
            game,
            applied.into_iter().chain(ended).collect(),
        ))
    }

    fn key(&self) -> u64 {
        *self
            .keys
            .last()
            .expect("the history holds the colouring now")
    }

    fn analysis(&self) -> Option<&Analysis> {
        self.analysis
            .get_or_init(|| {
                let index = self.index.as_ref()?;
                let f: Vec<Colour> = self.state.colouring.iter().copied().collect();
                Analysis::of(index, &f).map(Arc::new)
            })
            .as_deref()
    }

    /// Whether the colouring of key `key` (built by `produced` if the key alone cannot
    /// tell) repeats a colouring the repetition rule forbids: the check of
    /// [`spec::check_no_repetition`] on the view of [`forbidden`], by key.
    fn repeats(&self, player: Player, key: u64, produced: impl FnOnce() -> Colouring) -> bool {
        let s = &self.state;
        match self.repetition {
            Repetition::Positional => {
                self.earlier_keys.contains(&key) && s.earlier.contains(&produced())
            }
            Repetition::Situational => {
                self.situations.contains(&(key, player.opponent())) && {
                    let f = produced();
                    s.history
                        .iter()
                        .any(|(g, p)| *g == f && *p == player.opponent())
                }
            }
            Repetition::Simple => {
                let n = s.history.len();
                n >= 2 && self.keys[n - 2] == key && s.history[n - 2].0 == produced()
            }
            // `start_before_end` refuses the graph-only rules: a go-space game never has them.
            Repetition::None | Repetition::NaturalSituational | Repetition::KoPoint => false,
        }
    }

    /// The placements of every board play of the player to move that is a turn, by the fast
    /// path (`None` where it does not apply); `first_only` stops at the first.
    fn fast_plays(&self, first_only: bool) -> Option<Vec<usize>> {
        let index = self.index.as_deref()?;
        let analysis = self.analysis()?;
        let f: Vec<Colour> = self.state.colouring.iter().copied().collect();
        let player = self.state.to_move;
        let mut scratch = BoardPlayMarks::new(index, analysis);
        let before = self.key();
        let mut plays = Vec::new();
        for at in analysis.legal_placements() {
            let changes = fast::board_play(index, analysis, &mut scratch, &f, player, at);
            let key = fast::changed_key(before, &f, &changes);
            if !self.repeats(player, key, || apply(&self.state.colouring, &changes)) {
                plays.push(at);
                if first_only {
                    break;
                }
            }
        }
        Some(plays)
    }

    /// Decides the end of the game (`topo:R4a`, `topo:R4b`) with the fast path's answer to
    /// whether the player to move has a board play; the steps of the end, if it came.
    fn settle(&mut self) -> Vec<Applied> {
        let unable = match self.state.ending {
            Ending::Primitive => self.fast_plays(true).map(|plays| plays.is_empty()),
            Ending::Stones => Some(false),
        };
        let repetition = self.repetition;
        let ended = match unable {
            Some(unable) => spec::end_with(&self.state, |_| unable),
            None => spec::end_with(&self.state, |s| unable_to_play(&forbidden(s, repetition))),
        };
        let Some(ended) = ended else {
            return Vec::new();
        };
        self.state.result = Some(ended.state);
        ended.applied
    }

    /// Takes over `next`, the state after a turn whose colouring has key `key`, and decides
    /// the end of the game if `settle`; the turn's steps, with the end's.
    fn advance(&mut self, next: Played<State>, key: u64, settle: bool) -> Vec<Applied> {
        let Played {
            state: mut next,
            mut applied,
        } = next;
        if settle {
            // Decided afresh below (the transcription may have decided it on a view).
            next.result = None;
            applied.retain(|a| !is_end_step(a));
        }
        self.keys.push_back(key);
        self.earlier_keys.insert(key);
        self.situations.insert((key, next.to_move));
        self.state = next;
        self.analysis = OnceCell::new();
        if settle {
            applied.extend(self.settle());
        }
        applied
    }

    /// The board play of the player to move at `at` by the fast path, when it applies and
    /// `at` is a legal placement.
    fn fast_board_play(&self, at: usize) -> Option<(Vec<(Point, Colour)>, u64)> {
        let index = self.index.as_deref()?;
        spec::check_placement(&self.state, at).ok()?;
        let analysis = self.analysis()?;
        let f: Vec<Colour> = self.state.colouring.iter().copied().collect();
        let mut scratch = BoardPlayMarks::new(index, analysis);
        let changes = fast::board_play(index, analysis, &mut scratch, &f, self.state.to_move, at);
        let key = fast::changed_key(self.key(), &f, &changes);
        Some((changes, key))
    }
}

// ---------------------------------------------------------------------------------------
// Reading 11: the string of a stone in no go-connected set
// ---------------------------------------------------------------------------------------

/// `topo:D7` under the space's reading 11: the transcription's string(s), except that under
/// `connected` and `no-liberty` a stone in no go-connected set has the empty string (the
/// letter of the text).
pub fn string(space: &GoSpace, colouring: &Colouring, s: usize) -> Stones {
    match space.empty_string() {
        EmptyString::Stone => spec::string(space, colouring, s),
        EmptyString::Connected | EmptyString::NoLiberty => {
            spec::union_of_go_connected_sets(space, colouring, s)
        }
    }
}

/// `topo:D6` under the space's reading 11, asked of string(s) (the question of `topo:D8`):
/// under `connected` the empty string has liberty by `topo:D6` with G empty (some legal
/// placement has a connected closure); under `no-liberty` it never has.
pub fn string_has_liberty(space: &GoSpace, colouring: &Colouring, s: usize) -> bool {
    string_lives(space.empty_string())(space, colouring, s)
}

/// The answer to "has string(s) liberty" that the clearing (`topo:D8`) asks, under `reading`.
pub fn string_lives(reading: EmptyString) -> StringLives {
    match reading {
        EmptyString::Stone => spec::string_has_liberty,
        EmptyString::Connected => |space, colouring, s| {
            let g = spec::union_of_go_connected_sets(space, colouring, s);
            spec::has_liberty(space, colouring, &g)
        },
        EmptyString::NoLiberty => |space, colouring, s| {
            let g = spec::union_of_go_connected_sets(space, colouring, s);
            !g.is_empty() && spec::has_liberty(space, colouring, &g)
        },
    }
}

/// `topo:D8` under the space's reading 11.
pub fn clear(space: &GoSpace, colouring: &Colouring, c: Colour) -> Colouring {
    spec::clear_given(space, colouring, c, string_lives(space.empty_string()))
}

/// `topo:D9` under the space's reading 11.
pub fn board_play(space: &GoSpace, colouring: &Colouring, player: Player, e: usize) -> Colouring {
    spec::board_play_given(
        space,
        colouring,
        player,
        e,
        string_lives(space.empty_string()),
    )
}

/// `topo:D9`, `topo:D10a`, `topo:D10b` under the space's reading 11: the transcription's
/// `check_board_play`, with the reading's board play.
pub fn check_board_play(
    state: &State,
    player: Player,
    e: usize,
) -> Result<Played<Colouring>, Illegal> {
    spec::check_placement(state, e)?;
    let produced = board_play(&state.space, &state.colouring, player, e);
    let new = spec::check_no_repetition(state, player, e, &produced)?;
    let mut applied = spec::board_play_steps(&state.space, &state.colouring, player, e, &produced);
    applied.push(new);
    Ok(Played::new(produced, applied))
}

/// `topo:R4a` under the space's reading 11: the player to move has no board play that is a
/// turn (the transcription's `loser_primitive`, asking [`check_board_play`]).
pub fn unable_to_play(state: &State) -> bool {
    if state.space.empty_string() == EmptyString::Stone {
        return spec::loser_primitive(state).is_some();
    }
    spec::legal_placements(&state.space, &state.colouring)
        .iter()
        .all(|&e| check_board_play(state, state.to_move, e).is_err())
}

/// A turn under the space's reading 11: the transcription's [`spec::turn`] under `stone`;
/// under the other readings, a board play by the player to move is the transcription's arm
/// (`topo:D9` at a legal placement, `topo:D4`, repeating no earlier colouring, `topo:D10a`,
/// `topo:D10b`) with the reading's clearing, and the end of the game is decided with the
/// reading's end test ([`unable_to_play`]). Every other turn is answered by the
/// transcription: a refusal, or a pass, which the reading does not touch (a pass is a turn
/// only with stone scoring, which ends by passes, `topo:R4b`, not by `topo:R4a`'s test).
pub fn turn(state: &State, turn: &Turn) -> Result<Played<State>, Illegal> {
    if state.space.empty_string() == EmptyString::Stone {
        return spec::turn(state, turn);
    }
    match *turn {
        Turn::Move { player, at } if state.result.is_none() && player == state.to_move => {
            let next = check_board_play(state, player, at)?
                .map(|produced| spec::after_board_play(state, player, produced));
            Ok(spec::decide_end(next, |s| {
                spec::end_with(s, unable_to_play)
            }))
        }
        _ => spec::turn(state, turn),
    }
}

/// Every legal turn for the player to move under the space's reading 11, sorted (the
/// transcription's `legal_turns` under `stone`).
pub fn legal_turns(state: &State) -> Vec<Turn> {
    if state.space.empty_string() == EmptyString::Stone {
        return spec::legal_turns(state);
    }
    if state.result.is_some() {
        return Vec::new();
    }
    let player = state.to_move;
    // The board plays the reading's turn accepts, and the pass when the transcription's turn
    // accepts it (the reading does not touch a pass).
    let board_plays = spec::legal_placements(&state.space, &state.colouring)
        .into_iter()
        .filter(|&at| check_board_play(state, player, at).is_ok())
        .map(|at| Turn::Move { player, at });
    let pass = Some(Turn::Pass { player }).filter(|pass| spec::turn(state, pass).is_ok());
    let mut legal: Vec<Turn> = board_plays.chain(pass).collect();
    legal.sort();
    legal
}

// ---------------------------------------------------------------------------------------
// Reading 10: a start other than the text's
// ---------------------------------------------------------------------------------------

/// The first position of a game with the end of the game decided (under the space's
/// reading 11), or why the setup is not a topological game.
pub fn start(setup: &Setup) -> Result<Played<State>, String> {
    start_before_end(setup)
        .map(|started| spec::decide_end(started, |s| spec::end_with(s, unable_to_play)))
}

/// The first position of a game before the end of the game is decided: the transcription's
/// start (`topo:R3`: every point empty, Black to move), with the setup's colouring and player
/// to move put in its place when the setup has others (reading 10: a handicap, White first).
pub fn start_before_end(setup: &Setup) -> Result<Played<State>, String> {
    if let Some(option) = setup.options.graph_go_only() {
        return Err(format!(
            "the option {option} is General Graph Go's: Topological Go reads 'repetition' as positional, situational, simple or none"
        ));
    }
    let plain =
        setup.initial.iter().all(|&c| c == Colour::Empty) && setup.to_move == spec::first_player();
    if plain {
        return spec::start_before_end(setup);
    }
    let mut text_start = setup.clone();
    text_start.initial = vec![Colour::Empty; setup.initial.len()];
    text_start.to_move = spec::first_player();
    let started = spec::start_before_end(&text_start)?;
    let colouring: Colouring = setup.initial.iter().copied().collect();
    Ok(started.map(|state| State {
        history: Vector::unit((colouring.clone(), setup.to_move)),
        earlier: HashSet::unit(colouring.clone()),
        colouring,
        to_move: setup.to_move,
        ..state
    }))
}

// ---------------------------------------------------------------------------------------
// The repetition option
// ---------------------------------------------------------------------------------------

/// The view of `state` the transcription's turn is handed: `earlier` holds the colourings
/// the repetition rule forbids the player to move to produce (all earlier ones under the
/// text's positional superko; under `situational` those that had the opponent to move;
/// under `simple` the one before the last turn; none under `none`).
pub fn forbidden(state: &State, repetition: Repetition) -> State {
    let opponent = state.to_move.opponent();
    let earlier = match repetition {
        Repetition::Positional => return state.clone(),
        Repetition::Situational => state
            .history
            .iter()
            .filter(|(_, p)| *p == opponent)
            .map(|(f, _)| f.clone())
            .collect(),
        Repetition::Simple => {
            let n = state.history.len();
            if n >= 2 {
                HashSet::unit(state.history[n - 2].0.clone())
            } else {
                HashSet::new()
            }
        }
        // `start_before_end` refuses the graph-only rules: a go-space game never has them.
        Repetition::None | Repetition::NaturalSituational | Repetition::KoPoint => HashSet::new(),
    };
    State {
        earlier,
        ..state.clone()
    }
}

/// Whether a step is one of the end of the game (`topo:R4a`, `topo:R4b` and the scoring
/// that follows), which the game decides again on its own state.
fn is_end_step(a: &Applied) -> bool {
    use crate::game::clause::Topo;
    matches!(
        a.clause,
        Clause::Topo(Topo::R4a | Topo::R4b | Topo::D11b | Topo::R5b)
    )
}

/// A refusal of the transcription's repetition clause (`topo:D10a`, `topo:D10b`) to a board
/// play, under a repetition rule of the record's other than the text's, is that option's.
fn relabelled(illegal: Illegal, turn: &Turn, repetition: Repetition, ending: Ending) -> Illegal {
    if repetition != Repetition::Positional
        && matches!(turn, Turn::Move { .. })
        && illegal.clause == ending.turn_rule()
    {
        Illegal {
            clause: RuleOption::Repetition.into(),
            ..illegal
        }
    } else {
        illegal
    }
}

/// `f` with the colours of `changes`.
fn apply(f: &Colouring, changes: &[(Point, Colour)]) -> Colouring {
    changes.iter().fold(f.clone(), |g, &(x, c)| g.update(x, c))
}

impl Playable for TopologicalGame {
    fn observe(&self) -> Observation {
        let s = &self.state;
        Observation {
            position: s.colouring.iter().copied().collect(),
            to_move: s.result.is_none().then_some(s.to_move),
            prisoners: None,
            scores: None,
            result: s.result.clone(),
        }
    }

    fn legal_turns(&self) -> Vec<Turn> {
        if self.state.result.is_some() {
            return Vec::new();
        }
        let Some(plays) = self.fast_plays(false) else {
            return legal_turns(&forbidden(&self.state, self.repetition));
        };
        let player = self.state.to_move;
        let mut legal: Vec<Turn> = plays.iter().map(|&at| Turn::Move { player, at }).collect();
        if self.state.ending == Ending::Stones {
            legal.push(Turn::Pass { player });
        }
        legal.sort();
        legal
    }

    fn play(&mut self, turn: &Turn) -> Result<(), Illegal> {
        self.play_traced(turn).map(drop)
    }

    fn fork(&self) -> Option<Box<dyn Playable>> {
        Some(Box::new(self.clone()))
    }
}

impl Traced for TopologicalGame {
    fn play_traced(&mut self, turn: &Turn) -> Result<Vec<Applied>, Illegal> {
        let fast = match *turn {
            Turn::Move { player, at }
                if self.state.result.is_none() && player == self.state.to_move =>
            {
                self.fast_board_play(at)
            }
            _ => None,
        };
        let (repetition, ending) = (self.repetition, self.state.ending);
        let Some((changes, key)) = fast else {
            // The turn under the reading (the transcription's own under `stone`): refusals,
            // passes, and where the fast path does not apply.
            let mut next = self::turn(&forbidden(&self.state, repetition), turn)
                .map_err(|e| relabelled(e, turn, repetition, ending))?;
            next.state.earlier = self.state.earlier.update(next.state.colouring.clone());
            let key = colouring_key(next.state.colouring.iter().copied());
            // The transcription decided the end on the view; under the text's rule the view
            // is the state, and its answer stands.
            return Ok(self.advance(next, key, repetition != Repetition::Positional));
        };
        let Turn::Move { player, at } = *turn else {
            unreachable!("the fast path plays moves only")
        };
        let produced = apply(&self.state.colouring, &changes);
        let new =
            spec::check_no_repetition(&forbidden(&self.state, repetition), player, at, &produced)
                .map_err(|e| relabelled(e, turn, repetition, ending))?;
        let mut applied = spec::board_play_steps(
            &self.state.space,
            &self.state.colouring,
            player,
            at,
            &produced,
        );
        applied.push(new);
        let next = spec::after_board_play(&self.state, player, produced);
        Ok(self.advance(Played::new(next, applied), key, true))
    }

    /// The colouring the board play would make, by the reading's clearing, found among the
    /// colourings so far by its key, then confirmed.
    fn returns_to(&self, turn: &Turn) -> Option<usize> {
        let Turn::Move { player, at } = *turn else {
            return None;
        };
        spec::check_placement(&self.state, at).ok()?;
        let made = board_play(&self.state.space, &self.state.colouring, player, at);
        let key = colouring_key(made.iter().copied());
        (0..self.keys.len())
            .filter(|&k| self.keys[k] == key)
            .find(|&k| self.state.history[k].0 == made)
    }
}
