//! Topological Go as played: the transcription `crate::spec::topological` with the record's
//! repetition option (not in the source: the text has positional superko, `topo:D10a`,
//! `topo:D10b`) and the fast path for the board play and the legal turns
//! (`crate::spec_fast::topological`), tested equal to the transcription's literal answer.
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

use crate::board::space::Point;
use crate::game::{Colour, Illegal, Observation, Playable, Player, Repetition, Setup, Turn};
use crate::spec::topological::{self as spec, Colouring, Ending, GameState};
use crate::spec_fast::colouring_key;
use crate::spec_fast::topological::{self as fast, Analysis, Scratch, SpaceIndex};

/// A Topological Go game (`topo-primitive`, `topo-stones`): the transcription's state, and
/// what the fast path keeps. A move's `at` is an index into the go-space's placements S.
#[derive(Clone, Debug)]
pub struct TopoSpecGame {
    pub state: GameState,
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

impl TopoSpecGame {
    /// The first position of a game, or why the setup is not a topological game.
    pub fn start(setup: &Setup) -> Result<TopoSpecGame, String> {
        TopoSpecGame::start_with(setup, true)
    }

    /// The first position of a game that never takes the fast path (for the tests that hold
    /// the fast path equal to the transcription).
    pub fn start_literal(setup: &Setup) -> Result<TopoSpecGame, String> {
        TopoSpecGame::start_with(setup, false)
    }

    fn start_with(setup: &Setup, fast: bool) -> Result<TopoSpecGame, String> {
        let state = spec::start_unsettled(setup)?;
        let index = SpaceIndex::new(&state.space);
        let mut game = TopoSpecGame {
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
        game.settle();
        Ok(game)
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
            Repetition::None => false,
        }
    }

    /// The placements of every board play of the player to move that is a turn, by the fast
    /// path (`None` where it does not apply); `first_only` stops at the first.
    fn fast_plays(&self, first_only: bool) -> Option<Vec<usize>> {
        let index = self.index.as_deref()?;
        let analysis = self.analysis()?;
        let f: Vec<Colour> = self.state.colouring.iter().copied().collect();
        let player = self.state.to_move;
        let mut scratch = Scratch::new(index, analysis);
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
    /// whether the player to move has a board play.
    fn settle(&mut self) {
        let unable = match self.state.ending {
            Ending::Primitive => self.fast_plays(true).map(|plays| plays.is_empty()),
            Ending::Stones => Some(false),
        };
        let state = self.state.clone();
        let repetition = self.repetition;
        self.state = match unable {
            Some(unable) => spec::settle_with(state, |_| unable),
            None => spec::settle_with(state, |s| {
                spec::loser_primitive(&forbidden(s, repetition)).is_some()
            }),
        };
    }

    /// Takes over `next`, the state after a turn whose colouring has key `key`, and decides
    /// the end of the game if `settle`.
    fn advance(&mut self, mut next: GameState, key: u64, settle: bool) {
        if settle {
            // Decided afresh below (the transcription may have decided it on a view).
            next.result = None;
        }
        self.keys.push_back(key);
        self.earlier_keys.insert(key);
        self.situations.insert((key, next.to_move));
        self.state = next;
        self.analysis = OnceCell::new();
        if settle {
            self.settle();
        }
    }

    /// The board play of the player to move at `at` by the fast path, when it applies and
    /// `at` is a legal placement.
    fn fast_board_play(&self, at: usize) -> Option<(Vec<(Point, Colour)>, u64)> {
        let index = self.index.as_deref()?;
        spec::check_placement(&self.state, at).ok()?;
        let analysis = self.analysis()?;
        let f: Vec<Colour> = self.state.colouring.iter().copied().collect();
        let mut scratch = Scratch::new(index, analysis);
        let changes = fast::board_play(index, analysis, &mut scratch, &f, self.state.to_move, at);
        let key = fast::changed_key(self.key(), &f, &changes);
        Some((changes, key))
    }
}

/// The view of `state` the transcription's turn is handed: `earlier` holds the colourings
/// the repetition rule forbids the player to move to produce (all earlier ones under the
/// text's positional superko; under `situational` those that had the opponent to move;
/// under `simple` the one before the last turn; none under `none`).
pub fn forbidden(state: &GameState, repetition: Repetition) -> GameState {
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
        Repetition::None => HashSet::new(),
    };
    GameState {
        earlier,
        ..state.clone()
    }
}

/// A refusal of the transcription's repetition clause (`topo:D10a`, `topo:D10b`) to a board
/// play, under a repetition rule of the record's other than the text's, is that option's.
fn relabelled(illegal: Illegal, turn: &Turn, repetition: Repetition, ending: Ending) -> Illegal {
    let repetition_clause = match ending {
        Ending::Primitive => "topo:D10a",
        Ending::Stones => "topo:D10b",
    };
    if repetition != Repetition::Positional
        && matches!(turn, Turn::Move { .. })
        && illegal.clause == repetition_clause
    {
        Illegal {
            clause: "option:repetition",
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

impl Playable for TopoSpecGame {
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
            return spec::legal_turns(&forbidden(&self.state, self.repetition));
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
            // The transcription's own turn: refusals, passes, and where the fast path does
            // not apply.
            let mut next = spec::turn(&forbidden(&self.state, repetition), turn)
                .map_err(|e| relabelled(e, turn, repetition, ending))?;
            next.earlier = self.state.earlier.update(next.colouring.clone());
            let key = colouring_key(next.colouring.iter().copied());
            // The transcription decided the end on the view; under the text's rule the view
            // is the state, and its answer stands.
            self.advance(next, key, repetition != Repetition::Positional);
            return Ok(());
        };
        let Turn::Move { player, at } = *turn else {
            unreachable!("the fast path plays moves only")
        };
        let produced = apply(&self.state.colouring, &changes);
        spec::check_no_repetition(&forbidden(&self.state, repetition), player, at, &produced)
            .map_err(|e| relabelled(e, turn, repetition, ending))?;
        let next = spec::after_board_play(&self.state, player, produced);
        self.advance(next, key, true);
        Ok(())
    }

    fn fork(&self) -> Option<Box<dyn Playable>> {
        Some(Box::new(self.clone()))
    }
}
