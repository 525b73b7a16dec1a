//! A game on the table, for hand-worked tests: set up from a record or a diagram, turns
//! written as a record writes them ("B 1-1", "W pass"), the position read back as a diagram.
//! Everything goes through the crate's public face: `Record`, `Setup` and the `Rules` rule set.
#![allow(dead_code)]

use std::sync::Arc;

use graphgo::board::{Board, Shape};
use graphgo::game::{Colour, GameResult, Illegal, Playable, Player, RuleId, RuleSet, Setup, Turn};
use graphgo::io::record::Record;
use graphgo::variants::Rules;
use num_rational::BigRational;

/// A game in progress under the transcription, with the board it is played on.
pub struct Table {
    pub board: Arc<Board>,
    pub game: Box<dyn Playable>,
}

impl Table {
    /// The game of a YAML record, with the record's moves played (each must be legal).
    pub fn record(yaml: &str) -> Table {
        let record = Record::parse(yaml, false).unwrap_or_else(|e| panic!("bad record: {e}"));
        let game = record.game().unwrap_or_else(|e| panic!("bad record: {e}"));
        let mut table = Table::setup(&game.setup);
        for turn in &game.turns {
            let text = turn.text(&table.board);
            table
                .game
                .play(turn)
                .unwrap_or_else(|e| panic!("record turn '{text}' refused: {e}"));
        }
        table
    }

    /// A game from a setup, before any turn.
    pub fn setup(setup: &Setup) -> Table {
        let game = Rules
            .start(setup)
            .unwrap_or_else(|e| panic!("the spec refused the setup: {e}"));
        Table {
            board: Arc::clone(&setup.board),
            game,
        }
    }

    /// A turn as a record writes it.
    pub fn turn(&self, text: &str) -> Turn {
        Turn::parse(text, &self.board).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Plays turns that must all be legal.
    pub fn play(&mut self, turns: &[&str]) {
        for text in turns {
            let turn = self.turn(text);
            self.game
                .play(&turn)
                .unwrap_or_else(|e| panic!("turn '{text}' refused: {e}"));
        }
    }

    /// Plays a turn that must be refused, checks that the game is left as it was, and gives
    /// the refusal.
    pub fn refuse(&mut self, text: &str) -> Illegal {
        let before = self.game.observe();
        let turn = self.turn(text);
        let refusal = match self.game.play(&turn) {
            Ok(()) => panic!("turn '{text}' was accepted"),
            Err(e) => e,
        };
        assert_eq!(
            self.game.observe(),
            before,
            "refusing '{text}' changed the game"
        );
        refusal
    }

    /// Plays a turn that must be refused by the clause `clause`.
    pub fn refused_by(&mut self, text: &str, clause: &str) {
        let refusal = self.refuse(text);
        assert_eq!(
            refusal.clause.id(),
            clause,
            "'{text}' refused as: {refusal}"
        );
    }

    /// The position of a plane board as a diagram: top row first, `X` black, `O` white,
    /// `.` empty, no spaces.
    pub fn rows(&self) -> Vec<String> {
        let Shape::Plane { width, height } = *self.board.shape() else {
            panic!("rows() draws plane boards only");
        };
        let position = self.game.observe().position;
        (0..height)
            .rev()
            .map(|y| {
                (0..width)
                    .map(|x| position[y * width + x].symbol())
                    .collect()
            })
            .collect()
    }

    /// The names of the vertices of colour `c`, sorted.
    pub fn stones(&self, c: Colour) -> Vec<String> {
        let position = self.game.observe().position;
        sorted(
            (0..self.board.len())
                .filter(|&v| position[v] == c)
                .map(|v| self.board.name(v).to_string()),
        )
    }

    /// The colour of the named vertex.
    pub fn colour(&self, name: &str) -> Colour {
        let v = self
            .board
            .vertex(name)
            .unwrap_or_else(|| panic!("no vertex {name}"));
        self.game.observe().position[v]
    }

    /// The vertices where the player to move may legally play, by name, sorted.
    pub fn legal_moves(&self) -> Vec<String> {
        sorted(self.game.legal_turns().into_iter().filter_map(|t| match t {
            Turn::Move { at, .. } => Some(self.board.name(at).to_string()),
            _ => None,
        }))
    }

    /// True when a pass is among the legal turns.
    pub fn may_pass(&self) -> bool {
        self.game
            .legal_turns()
            .iter()
            .any(|t| matches!(t, Turn::Pass { .. }))
    }

    /// True when resigning is among the legal turns.
    pub fn may_resign(&self) -> bool {
        self.game
            .legal_turns()
            .iter()
            .any(|t| matches!(t, Turn::Resign { .. }))
    }

    pub fn to_move(&self) -> Option<Player> {
        self.game.observe().to_move
    }

    pub fn result(&self) -> Option<GameResult> {
        self.game.observe().result
    }

    pub fn prisoners(&self) -> Option<[u64; 2]> {
        self.game.observe().prisoners
    }
}

/// Names, sorted (so that expected lists can be written in any order).
pub fn sorted<S: Into<String>>(names: impl IntoIterator<Item = S>) -> Vec<String> {
    let mut v: Vec<String> = names.into_iter().map(Into::into).collect();
    v.sort();
    v
}

/// A setup on a plane board from a diagram: rows top first, `X` black, `O` white, `.`
/// empty; spaces are ignored.
pub fn diagram(rules: RuleId, board: Board, rows: &[&str]) -> Setup {
    let Shape::Plane { width, height } = *board.shape() else {
        panic!("diagram() draws plane boards only");
    };
    assert_eq!(
        rows.len(),
        height,
        "the diagram has the wrong number of rows"
    );
    let mut setup = Setup::new(rules, board);
    for (r, row) in rows.iter().enumerate() {
        let cells: Vec<char> = row.chars().filter(|c| !c.is_whitespace()).collect();
        assert_eq!(
            cells.len(),
            width,
            "diagram row {row:?} has the wrong width"
        );
        let y = height - 1 - r;
        for (x, c) in cells.into_iter().enumerate() {
            setup.initial[y * width + x] = match c {
                'X' => Colour::Black,
                'O' => Colour::White,
                '.' => Colour::Empty,
                other => panic!("'{other}' is not X, O or ."),
            };
        }
    }
    setup
}

/// A setup with the named vertices coloured.
pub fn stones(rules: RuleId, board: Board, black: &[&str], white: &[&str]) -> Setup {
    let mut setup = Setup::new(rules, board);
    for (names, colour) in [(black, Colour::Black), (white, Colour::White)] {
        for name in names {
            let v = setup
                .board
                .vertex(name)
                .unwrap_or_else(|| panic!("no vertex {name}"));
            setup.initial[v] = colour;
        }
    }
    setup
}

/// An integer as an exact rational.
pub fn int(n: i64) -> BigRational {
    BigRational::from_integer(n.into())
}

/// The pair of scores (Black's, White's), as a result carries it.
pub fn scores(black: i64, white: i64) -> Option<[BigRational; 2]> {
    Some([int(black), int(white)])
}
