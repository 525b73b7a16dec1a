//! graphgo's adapter for the Rust crate `goban` (crates.io, Samuel Batissou's "Library for Go
//! move generation and Go ruling"), in process: its `Game` under the Chinese rules it ships
//! (`goban::rules::CHINESE`: ko, superko and suicide forbidden, area scoring, komi) as a
//! graphgo [`EngineUnderTest`], driven by [`graphgo::conformance::verify::verify`] with no process between.
//!
//! Every rule answer is the crate's: the stones ([`Goban::get_color`]), the legal points
//! ([`Game::legals`]), a move or a pass ([`Game::try_play`]), whose turn it is
//! ([`Game::turn`]), the end ([`Game::is_over`]) and the score ([`Game::calculate_score`]).
//! Resignation is graphgo's bookkeeping, taken from graphgo's engine played alongside (as
//! `verify-gtp` does for GTP engines): the crate's `Move::Resign(colour)` records `colour`
//! as the winner, which is not what a player resigning says.
//!
//! The crate is a dev-dependency of graphgo (Cargo.toml), so graphgo's library does not
//! depend on it: this file is compiled into the example `goban-rs` (adapters/goban-rs/main.rs)
//! and into tests/conformance/adapters.rs. See spec/engines/goban-rs.md.
//!
//! [`Goban::get_color`]: goban::pieces::goban::Goban::get_color

use std::sync::Arc;

use goban::pieces::stones::Color as GobanColour;
use goban::rules::game::Game;
use goban::rules::{GobanSizes, Move, CHINESE};
use graphgo::board::{Board, Shape};
use graphgo::conformance::verify::{Boards, EngineUnderTest, Support};
use graphgo::engine::EngineGame;
use graphgo::game::clause::Clause;
use graphgo::game::{
    Colour, GameResult, Illegal, KoPass, Neutral, NoMove, Observation, Playable, Player,
    Repetition, RepetitionEnd, RuleId, RuleSet, SelfCapture, Setup, Turn, Unsupported,
};
use num_rational::BigRational;

/// The crate's largest board side (`Goban::new` asserts it).
pub const MAX_SIDE: usize = 19;

/// The crate's `Game` with `CHINESE` rules, as an engine under test.
pub struct GobanRs {
    /// Square grids only: the crate claims rectangles (`GobanSizes::Custom(height, width)`)
    /// but plays them wrongly (spec/engines/goban-rs.md), and a campaign on rectangles finds
    /// little else.
    pub square_only: bool,
}

impl EngineUnderTest for GobanRs {
    fn support(&self) -> Support {
        Support {
            rules: vec![RuleId::Ggg1],
            boards: if self.square_only {
                Boards::SquareGrids
            } else {
                Boards::Grids
            },
            max_vertices: MAX_SIDE * MAX_SIDE,
            // Area scoring counts an empty region that reaches no stone for nobody
            // (Tromp-Taylor's reading, graphgo's `neutral: none`).
            neutral: vec![Neutral::None],
            no_move: vec![NoMove::Lose, NoMove::Pass],
            self_capture: vec![SelfCapture::None],
            repetition: vec![Repetition::Positional],
            ko_pass: vec![KoPass::Clears],
            repetition_end: vec![RepetitionEnd::None],
            setup_stones: false,
            white_first: false,
            komi: true,
        }
    }
}

/// The grid's width and height, when the board is a grid the crate can hold.
fn grid_sides(board: &Board) -> Option<(usize, usize)> {
    match *board.shape() {
        Shape::Plane { width, height }
            if width <= MAX_SIDE
                && height <= MAX_SIDE
                && Board::grid(width, height).ok().as_ref() == Some(board) =>
        {
            Some((width, height))
        }
        _ => None,
    }
}

impl RuleSet for GobanRs {
    fn name(&self) -> &str {
        "goban-rs"
    }

    fn start(&self, setup: &Setup) -> Result<Box<dyn Playable>, Unsupported> {
        if let Some(why) = self.support().refuses(setup) {
            return Err(Unsupported(why.to_string()));
        }
        let Some((width, height)) = grid_sides(&setup.board) else {
            return Err(Unsupported(format!(
                "the crate plays grids up to {MAX_SIDE}x{MAX_SIDE}"
            )));
        };
        // The crate's komi is an f32: only a komi it holds exactly is played.
        let komi = num_traits::ToPrimitive::to_f32(&setup.komi)
            .filter(|&k| BigRational::from_float(k).as_ref() == Some(&setup.komi))
            .ok_or_else(|| Unsupported(format!("komi {} is not an f32", setup.komi)))?;
        let mut game = Game::new(GobanSizes::Custom(height, width), CHINESE);
        game.set_komi(komi);
        Ok(Box::new(GobanRsGame {
            game,
            width,
            height,
            board: Arc::clone(&setup.board),
            shadow: EngineGame::start(setup, u64::MAX)?,
            resignation: None,
            departed: false,
        }))
    }
}

/// One game of the crate, with graphgo's engine alongside for resignation.
struct GobanRsGame {
    game: Game,
    width: usize,
    height: usize,
    board: Arc<Board>,
    shadow: EngineGame,
    /// The result once a player resigned (graphgo's engine's).
    resignation: Option<GameResult>,
    /// The crate played a turn graphgo refuses: the engine alongside no longer follows.
    departed: bool,
}

fn player_of(c: GobanColour) -> Player {
    match c {
        GobanColour::Black => Player::Black,
        GobanColour::White => Player::White,
    }
}

impl GobanRsGame {
    /// The crate's coordinates of graphgo's vertex `v`: (row, column). graphgo numbers a
    /// grid's rows from the bottom and the crate from the top; rules do not see the mirror.
    fn coord(&self, v: usize) -> (u8, u8) {
        ((v / self.width) as u8, (v % self.width) as u8)
    }

    /// graphgo's vertex at the crate's (row, column), if that is on the board: the crate's
    /// own index arithmetic is wrong on rectangles (spec/engines/goban-rs.md), and it can
    /// list points off the board, which no turn of graphgo can name.
    fn vertex(&self, (row, col): (u8, u8)) -> Option<usize> {
        let (row, col) = (row as usize, col as usize);
        (row < self.height && col < self.width).then_some(row * self.width + col)
    }
}

impl Playable for GobanRsGame {
    fn observe(&self) -> Observation {
        let position = (0..self.board.len())
            .map(|v| match self.game.goban().get_color(self.coord(v)) {
                Some(GobanColour::Black) => Colour::Black,
                Some(GobanColour::White) => Colour::White,
                None => Colour::Empty,
            })
            .collect();
        let result = if self.game.is_over() {
            let (black, white) = self.game.calculate_score();
            let exact = |s: f32| BigRational::from_float(s).expect("a finite score");
            Some(GameResult::scored([exact(black), exact(white)]))
        } else {
            self.resignation.clone()
        };
        Observation {
            position,
            to_move: result.is_none().then(|| player_of(self.game.turn())),
            prisoners: None,
            scores: None,
            result,
        }
    }

    fn legal_turns(&self) -> Vec<Turn> {
        if self.game.is_over() || self.resignation.is_some() {
            return Vec::new();
        }
        let player = player_of(self.game.turn());
        let mut legal: Vec<Turn> = self
            .game
            .legals()
            .filter_map(|c| self.vertex(c))
            .map(|at| Turn::Move { player, at })
            .collect();
        legal.push(Turn::Pass { player });
        legal.push(Turn::Resign { player });
        legal.sort();
        legal
    }

    fn play(&mut self, turn: &Turn) -> Result<(), Illegal> {
        // As verify-gtp does for GTP engines: when graphgo refuses the turn too, the refusal
        // is graphgo's (its clause); the crate gives no clause of its own.
        let graphgo_allows = !self.departed && self.shadow.allows(turn);
        let refused = |reason: String| Illegal {
            clause: Clause::Outside { by: "goban-rs" },
            reason,
        };
        let over = self.game.is_over() || self.resignation.is_some();
        let answer = if over {
            Err(refused("the crate's game is over".into()))
        } else if turn.player() != player_of(self.game.turn()) {
            // The crate's moves carry no colour: it plays for the colour whose turn it is.
            Err(refused(format!(
                "it is {:?}'s turn in the crate's game",
                player_of(self.game.turn())
            )))
        } else {
            match *turn {
                Turn::Move { at, .. } if at < self.board.len() => {
                    let (row, col) = self.coord(at);
                    self.game
                        .try_play(Move::Play(row, col))
                        .map(|_| ())
                        .map_err(|e| refused(format!("Game::try_play refuses it: {e:?}")))
                }
                Turn::Pass { .. } => self
                    .game
                    .try_play(Move::Pass)
                    .map(|_| ())
                    .map_err(|e| refused(format!("Game::try_play refuses it: {e:?}"))),
                // Resignation is graphgo's bookkeeping (the crate's Move::Resign names the
                // winner).
                Turn::Resign { .. } if graphgo_allows => {
                    self.shadow.play(turn)?;
                    self.resignation = self.shadow.observe().result;
                    return Ok(());
                }
                _ => Err(refused("not a turn the crate plays".into())),
            }
        };
        match (answer, graphgo_allows) {
            (Ok(()), true) => self.shadow.play(turn),
            (Ok(()), false) => {
                self.departed = true;
                Ok(())
            }
            (Err(e), true) => Err(e),
            (Err(e), false) if self.departed => Err(e),
            (Err(_), false) => self.shadow.play(turn),
        }
    }
}
