//! graphgo as a GTP engine that referees: `graphgo gtp [--rules ...] [--self-capture ...]
//! [--repetition ...]`.
//!
//! A GUI, a match runner or another program speaks the Go Text Protocol (version 2) to it
//! over standard input and output, and graphgo keeps the game under General Graph Go on a
//! square grid: `play` refuses an illegal move and says which clause refuses it, `is_legal`
//! and `all_legal` answer from the rules, `final_score` counts the area of `ggg1:4`, `undo`
//! takes back a turn, `loadsgf` reads a game, and `genmove` plays a uniformly random legal
//! move (seeded), so that graphgo can be one side of a match as well as its referee.
//!
//! The game is played by the optimized engine (`crate::engine`), which the transcription
//! checks turn by turn in the test suites; the refusals carry the transcription's clause
//! ids. Turns alternate: a `play` by the player who is not to move is refused (`ggg1:2`),
//! as in a game record, and after the end of the game (two passes under ggg1, a player
//! unable to move under ggg2 and ggg3) every `play` is refused.
//!
//! Bad input never stops the referee: an unknown command, a missing or malformed argument,
//! a line longer than [`MAX_LINE_BYTES`] or bytes that are not UTF-8 get a GTP error answer
//! (`? ...`), and the next line is read as usual.

use std::io::{self, BufRead, Write};

use num_rational::BigRational;
use num_traits::{Signed, Zero};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::board::{Board, Vertex};
use crate::engine::Engine;
use crate::game::{EndReason, GameResult, Options, Playable, Player, RuleId, RuleSet, Setup, Turn};
use crate::rational;

/// The longest command line read; the rest of a longer line is skipped and the command is
/// answered with an error (a client that sends megabytes of garbage gets one answer).
pub const MAX_LINE_BYTES: usize = 4096;

/// The largest board side: GTP names columns A to Z without I.
pub const MAX_SIZE: usize = 25;

/// The commands the referee answers, in the order `list_commands` gives them.
pub const COMMANDS: [&str; 19] = [
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "is_legal",
    "all_legal",
    "list_stones",
    "showboard",
    "final_score",
    "loadsgf",
    "rules",
];

/// How the referee is set up: the rule set (a version of General Graph Go), its options,
/// and the seed of `genmove`.
#[derive(Clone, Debug)]
pub struct RefereeRules {
    pub rules: RuleId,
    pub options: Options,
    pub seed: u64,
    /// The folder `loadsgf` reads from: the names a controller sends must name files
    /// inside it (`crate::io::inside::resolve`).
    pub sgf_folder: std::path::PathBuf,
}

/// The game the referee keeps: everything since the last `clear_board` (or `loadsgf`).
pub struct Referee {
    config: RefereeRules,
    size: usize,
    komi: BigRational,
    setup: Setup,
    turns: Vec<Turn>,
    game: Box<dyn Playable>,
    random: Xoshiro256PlusPlus,
}

/// What one command asks of the loop: an answer, and whether to stop after it.
struct Answer {
    result: Result<String, String>,
    quit: bool,
}

fn ok(text: impl Into<String>) -> Answer {
    Answer {
        result: Ok(text.into()),
        quit: false,
    }
}

fn error(text: impl Into<String>) -> Answer {
    Answer {
        result: Err(text.into()),
        quit: false,
    }
}

impl Referee {
    /// A referee on an empty 19x19 board, komi 0 (the source's: komi is an extension).
    pub fn new(config: RefereeRules) -> Result<Referee, String> {
        if !RuleId::GRAPH.contains(&config.rules) {
            return Err(format!(
                "--rules: '{}' is not ggg1, ggg2 or ggg3 (the GTP referee plays General Graph Go on square grids)",
                config.rules.name()
            ));
        }
        let random = Xoshiro256PlusPlus::seed_from_u64(config.seed);
        let setup = empty_setup(&config, 19, &BigRational::zero());
        let game = start(&setup)?;
        Ok(Referee {
            config,
            size: 19,
            komi: BigRational::zero(),
            setup,
            turns: Vec::new(),
            game,
            random,
        })
    }

    fn board(&self) -> &Board {
        &self.setup.board
    }

    /// Reads commands from `input` and answers on `output` until `quit` or the end of input.
    pub fn serve(&mut self, input: &mut dyn BufRead, output: &mut dyn Write) -> io::Result<()> {
        loop {
            let Some(line) = read_capped_line(input)? else {
                return Ok(());
            };
            let (id, answer) = match line {
                Line::TooLong => (
                    String::new(),
                    error(format!(
                        "the command line is longer than {MAX_LINE_BYTES} bytes: not read"
                    )),
                ),
                Line::Text(text) => {
                    let Some((id, words)) = command_words(&text) else {
                        continue;
                    };
                    (id, self.answer(&words))
                }
            };
            match &answer.result {
                Ok(text) => write!(output, "={id} {text}\n\n")?,
                Err(text) => write!(output, "?{id} {text}\n\n")?,
            }
            output.flush()?;
            if answer.quit {
                return Ok(());
            }
        }
    }

    fn answer(&mut self, words: &[String]) -> Answer {
        let (command, args) = words.split_first().expect("a command line has a word");
        let arity = |n: usize| -> Result<(), String> {
            if args.len() == n {
                Ok(())
            } else {
                Err(format!(
                    "syntax error: {command} takes {n} argument{}, not {}",
                    if n == 1 { "" } else { "s" },
                    args.len()
                ))
            }
        };
        let checked = |n: usize, f: &mut dyn FnMut() -> Answer| match arity(n) {
            Ok(()) => f(),
            Err(e) => error(e),
        };
        match command.as_str() {
            "protocol_version" => checked(0, &mut || ok("2")),
            "name" => checked(0, &mut || ok("graphgo")),
            "version" => checked(0, &mut || ok(env!("CARGO_PKG_VERSION"))),
            "list_commands" => checked(0, &mut || ok(COMMANDS.join("\n"))),
            "known_command" => checked(1, &mut || {
                ok(if COMMANDS.contains(&args[0].as_str()) {
                    "true"
                } else {
                    "false"
                })
            }),
            "quit" => Answer {
                result: Ok(String::new()),
                quit: true,
            },
            "rules" => checked(0, &mut || ok(self.rules_text())),
            "boardsize" => checked(1, &mut || self.boardsize(&args[0])),
            "clear_board" => checked(0, &mut || {
                self.clear(self.size);
                ok("")
            }),
            "komi" => checked(1, &mut || self.set_komi(&args[0])),
            "play" => checked(2, &mut || self.play(&args[0], &args[1])),
            "genmove" => checked(1, &mut || self.genmove(&args[0])),
            "undo" => checked(0, &mut || self.undo()),
            "is_legal" => checked(2, &mut || self.is_legal(&args[0], &args[1])),
            "all_legal" => checked(1, &mut || self.all_legal(&args[0])),
            "list_stones" => checked(1, &mut || self.list_stones(&args[0])),
            "showboard" => checked(0, &mut || ok(self.showboard())),
            "final_score" => checked(0, &mut || self.final_score()),
            "loadsgf" => {
                if args.is_empty() || args.len() > 2 {
                    return error(
                        "syntax error: loadsgf takes a file name and an optional move number",
                    );
                }
                self.loadsgf(&args[0], args.get(1).map(String::as_str))
            }
            _ => error("unknown command"),
        }
    }

    fn rules_text(&self) -> String {
        let o = self.config.options;
        let word = |v: serde_json::Value| v.as_str().unwrap_or("").to_string();
        format!(
            "{}; neutral {}, self-capture {}, repetition {}, no-move {}; komi {}",
            self.config.rules.name(),
            word(serde_json::to_value(o.neutral).unwrap_or_default()),
            word(serde_json::to_value(o.self_capture).unwrap_or_default()),
            word(serde_json::to_value(o.repetition).unwrap_or_default()),
            word(serde_json::to_value(o.no_move).unwrap_or_default()),
            rational::format(&self.komi)
        )
    }

    fn clear(&mut self, size: usize) {
        self.size = size;
        self.setup = empty_setup(&self.config, size, &self.komi);
        self.turns.clear();
        self.game = start(&self.setup).expect("an empty square grid under ggg is playable");
    }

    fn boardsize(&mut self, word: &str) -> Answer {
        match word.parse::<usize>() {
            Ok(n) if (1..=MAX_SIZE).contains(&n) => {
                self.clear(n);
                ok("")
            }
            Ok(_) => error(format!("unacceptable size: {word} (1 to {MAX_SIZE})")),
            Err(_) => error(format!("syntax error: boardsize '{word}' is not a number")),
        }
    }

    fn set_komi(&mut self, word: &str) -> Answer {
        match rational::parse(word) {
            Ok(k) => {
                self.komi = k;
                // Komi is added at the end (reading 10): the game so far replays the same.
                let mut setup = self.setup.clone();
                setup.komi = komi_under(self.config.rules, &self.komi);
                match replayed(&setup, &self.turns) {
                    Ok(game) => {
                        self.setup = setup;
                        self.game = game;
                        ok("")
                    }
                    Err(e) => error(e),
                }
            }
            Err(e) => error(format!("syntax error: komi {e}")),
        }
    }

    fn player(word: &str) -> Result<Player, String> {
        match word.to_ascii_lowercase().as_str() {
            "b" | "black" => Ok(Player::Black),
            "w" | "white" => Ok(Player::White),
            _ => Err(format!(
                "syntax error: '{word}' is not a colour (black or white)"
            )),
        }
    }

    /// A turn from a colour and a GTP vertex (`pass` too).
    fn turn(&self, colour: &str, vertex: &str) -> Result<Turn, String> {
        let player = Referee::player(colour)?;
        if vertex.eq_ignore_ascii_case("pass") {
            return Ok(Turn::Pass { player });
        }
        if vertex.eq_ignore_ascii_case("resign") {
            return Ok(Turn::Resign { player });
        }
        match self.gtp_vertex(vertex) {
            Some(at) => Ok(Turn::Move { player, at }),
            None => Err(format!(
                "syntax error: '{vertex}' is not a vertex of the {0}x{0} board",
                self.size
            )),
        }
    }

    /// A vertex by its GTP name only (the canonical `x-y` names are not GTP).
    fn gtp_vertex(&self, word: &str) -> Option<Vertex> {
        let first = word.chars().next()?;
        if !first.is_ascii_alphabetic() {
            return None;
        }
        self.board().vertex(word)
    }

    fn gtp_name(&self, v: Vertex) -> String {
        self.board()
            .gtp_name(v)
            .expect("boards up to 25 columns have GTP names")
    }

    /// A turn in GTP's words: `black C3`, `white pass`.
    fn turn_text(&self, turn: &Turn) -> String {
        match *turn {
            Turn::Move { player, at } => format!("{} {}", player.word(), self.gtp_name(at)),
            Turn::Pass { player } => format!("{} pass", player.word()),
            Turn::Resign { player } => format!("{} resign", player.word()),
            _ => turn.text(self.board()),
        }
    }

    fn play(&mut self, colour: &str, vertex: &str) -> Answer {
        let turn = match self.turn(colour, vertex) {
            Ok(t) => t,
            Err(e) => return error(e),
        };
        self.take(turn)
    }

    fn take(&mut self, turn: Turn) -> Answer {
        match self.game.play(&turn) {
            Ok(()) => {
                self.turns.push(turn);
                ok("")
            }
            Err(illegal) => error(format!(
                "illegal move: {} refused by {}: {}",
                self.turn_text(&turn),
                illegal.clause,
                illegal.reason
            )),
        }
    }

    fn genmove(&mut self, colour: &str) -> Answer {
        let player = match Referee::player(colour) {
            Ok(p) => p,
            Err(e) => return error(e),
        };
        let observed = self.game.observe();
        if observed.result.is_some() {
            return error("the game is over: no move to generate");
        }
        if observed.to_move != Some(player) {
            return error(format!(
                "it is not {}'s turn (ggg1:2: the players alternate)",
                player.word()
            ));
        }
        let legal = self.game.legal_turns();
        let moves: Vec<&Turn> = legal
            .iter()
            .filter(|t| matches!(t, Turn::Move { .. }))
            .collect();
        // Uniformly among the moves; a pass only when there is none (and resignation when
        // not even a pass is allowed, as under ggg2).
        let turn = if moves.is_empty() {
            match legal.iter().find(|t| matches!(t, Turn::Pass { .. })) {
                Some(pass) => pass.clone(),
                None => Turn::Resign { player },
            }
        } else {
            moves[self.random.random_range(0..moves.len())].clone()
        };
        let said = match turn {
            Turn::Move { at, .. } => self.gtp_name(at),
            Turn::Pass { .. } => "pass".to_string(),
            _ => "resign".to_string(),
        };
        let answer = self.take(turn);
        match answer.result {
            Ok(_) => ok(said),
            Err(e) => error(e),
        }
    }

    fn undo(&mut self) -> Answer {
        if self.turns.is_empty() {
            return error("cannot undo: no turn since the board was cleared");
        }
        let mut turns = self.turns.clone();
        turns.pop();
        match replayed(&self.setup, &turns) {
            Ok(game) => {
                self.game = game;
                self.turns = turns;
                ok("")
            }
            Err(e) => error(e),
        }
    }

    fn is_legal(&mut self, colour: &str, vertex: &str) -> Answer {
        match self.turn(colour, vertex) {
            Ok(turn) => ok(if self.game.legal_turns().contains(&turn) {
                "1"
            } else {
                "0"
            }),
            Err(e) => error(e),
        }
    }

    fn all_legal(&mut self, colour: &str) -> Answer {
        let player = match Referee::player(colour) {
            Ok(p) => p,
            Err(e) => return error(e),
        };
        let names: Vec<String> = self
            .game
            .legal_turns()
            .iter()
            .filter_map(|t| match *t {
                Turn::Move { player: p, at } if p == player => Some(self.gtp_name(at)),
                _ => None,
            })
            .collect();
        ok(names.join(" "))
    }

    fn list_stones(&mut self, colour: &str) -> Answer {
        let player = match Referee::player(colour) {
            Ok(p) => p,
            Err(e) => return error(e),
        };
        let position = self.game.observe().position;
        let names: Vec<String> = (0..position.len())
            .filter(|&v| position[v] == player.colour())
            .map(|v| self.gtp_name(v))
            .collect();
        ok(names.join(" "))
    }

    /// The board drawn as GNU Go draws it: column letters above and below, row numbers on
    /// both sides, `X` black, `O` white, `.` empty, top row first.
    fn showboard(&self) -> String {
        let position = self.game.observe().position;
        let n = self.size;
        let letters: Vec<String> = (0..n)
            .map(|x| self.gtp_name(x).chars().next().unwrap_or('?').to_string())
            .collect();
        let header = format!("   {}", letters.join(" "));
        let mut out = format!("\n{header}\n");
        for y in (0..n).rev() {
            let row: Vec<String> = (0..n)
                .map(|x| position[y * n + x].symbol().to_string())
                .collect();
            out.push_str(&format!("{:>2} {} {}\n", y + 1, row.join(" "), y + 1));
        }
        out.push_str(&header);
        out
    }

    /// The score as GTP writes it (`B+5`, `W+2.5`, `0`, `B+R`). When the game is still on,
    /// the position is scored as if both players passed now (ggg1:4 counts the colouring).
    fn final_score(&mut self) -> Answer {
        let result = match self.game.observe().result {
            Some(r) => r,
            None => {
                if self.config.rules != RuleId::Ggg1 {
                    return error(format!(
                        "cannot score: {} has no score, and the game is not over",
                        self.config.rules.name()
                    ));
                }
                match self.scored_now() {
                    Ok(r) => r,
                    Err(e) => return error(e),
                }
            }
        };
        ok(score_text(&result))
    }

    fn scored_now(&self) -> Result<GameResult, String> {
        let mut game = replayed(&self.setup, &self.turns)?;
        for _ in 0..2 {
            let Some(player) = game.observe().to_move else {
                break;
            };
            game.play(&Turn::Pass { player })
                .map_err(|e| format!("cannot score: a pass is refused: {e}"))?;
        }
        game.observe()
            .result
            .ok_or_else(|| "cannot score: two passes did not end the game".to_string())
    }

    fn loadsgf(&mut self, file: &str, move_number: Option<&str>) -> Answer {
        let until = match move_number.map(str::parse::<usize>) {
            None => None,
            Some(Ok(n)) if n >= 1 => Some(n),
            Some(_) => {
                return error(format!(
                    "syntax error: move number '{}' is not a number from 1",
                    move_number.unwrap_or("")
                ))
            }
        };
        // A name from the controller, not from the user: it must name a file in the
        // referee's SGF folder (`--sgf-folder`, by default the working folder: no `..`, no
        // link out; an absolute path only when it leads inside, as GoGui sends them), read
        // as a regular file up to the SGF cap.
        let folder = &self.config.sgf_folder;
        let path = match crate::io::inside::resolve_absolute_inside(folder, file, "loadsgf") {
            Ok(p) => p,
            Err(e) => return error(format!("cannot load file: {e}")),
        };
        let game = match crate::io::sgf::load(&path, self.config.rules, self.config.options) {
            Ok(g) => g,
            Err(e) => return error(format!("cannot load file: {e}")),
        };
        let Some((w, h)) = crate::io::sgf::grid_size(&game.setup.board) else {
            return error("cannot load file: not a rectangular grid");
        };
        if w != h || w > MAX_SIZE {
            return error(format!(
                "cannot load file: the board is {w}x{h}; the referee plays square boards up to {MAX_SIZE}"
            ));
        }
        // GTP's move number: the position before that move (1 is the setup itself).
        let mut turns = game.turns;
        if let Some(n) = until {
            turns.truncate(n - 1);
        }
        let mut setup = game.setup;
        setup.options = self.config.options;
        match replayed(&setup, &turns) {
            Ok(playing) => {
                self.size = w;
                self.komi = setup.komi.clone();
                self.setup = setup;
                self.turns = turns;
                self.game = playing;
                let to_move = self.game.observe().to_move;
                ok(to_move.map_or("none", Player::word))
            }
            Err(e) => error(format!("cannot load file: {file}: {e}")),
        }
    }
}

/// The score of a finished game in GTP's words.
fn score_text(result: &GameResult) -> String {
    match (result.by, result.winner) {
        (EndReason::Resignation, Some(p)) => format!("{}+R", p.letter()),
        (EndReason::NoMove | EndReason::Repetition, Some(p)) => format!("{}+", p.letter()),
        // SGF's `RE[Void]`: no result (never a winner).
        (EndReason::NoResult, _) => "Void".to_string(),
        (_, None) => "0".to_string(),
        (EndReason::Score, Some(p)) => {
            let margin = match &result.score {
                Some([b, w]) => (b - w).abs(),
                None => BigRational::zero(),
            };
            format!("{}+{}", p.letter(), decimal(&margin))
        }
    }
}

/// A rational as a decimal when it has a finite one (komi from GTP is a decimal), else as
/// a fraction.
fn decimal(r: &BigRational) -> String {
    use num_bigint::BigInt;
    // A finite decimal exactly when the denominator is 2^a 5^b; it needs max(a, b) places.
    let mut denom = r.denom().clone();
    let mut places = [0u32; 2];
    for (i, p) in [2u32, 5].into_iter().enumerate() {
        let p = BigInt::from(p);
        while (&denom % &p).is_zero() && places[i] < 200 {
            denom /= &p;
            places[i] += 1;
        }
    }
    if denom != BigInt::from(1) {
        return rational::format(r);
    }
    let digits = places[0].max(places[1]);
    let ten = BigInt::from(10);
    if r.is_integer() {
        return r.numer().to_string();
    }
    // Scale to an integer with enough decimal places, then trim the zeros.
    let scale = ten.pow(digits);
    let scaled = (r * BigRational::from_integer(scale.clone())).to_integer();
    let negative = scaled.is_negative();
    let text = scaled.abs().to_string();
    let places = digits as usize;
    let padded = format!("{text:0>width$}", width = places + 1);
    let (whole, frac) = padded.split_at(padded.len() - places);
    let frac = frac.trim_end_matches('0');
    format!("{}{whole}.{frac}", if negative { "-" } else { "" })
}

fn komi_under(rules: RuleId, komi: &BigRational) -> BigRational {
    // Only ggg1 scores (ggg1:4); ggg2 and ggg3 end by a player unable to move.
    if rules == RuleId::Ggg1 {
        komi.clone()
    } else {
        BigRational::zero()
    }
}

fn empty_setup(config: &RefereeRules, size: usize, komi: &BigRational) -> Setup {
    let board = Board::grid(size, size).expect("1 to 25 a side is a board");
    let mut setup = Setup::new(config.rules, board);
    setup.options = config.options;
    setup.komi = komi_under(config.rules, komi);
    setup
}

fn start(setup: &Setup) -> Result<Box<dyn Playable>, String> {
    Engine.start(setup).map_err(|e| e.to_string())
}

/// The game from `setup` with `turns` played, or which turn is refused.
fn replayed(setup: &Setup, turns: &[Turn]) -> Result<Box<dyn Playable>, String> {
    let mut game = start(setup)?;
    for (i, turn) in turns.iter().enumerate() {
        game.play(turn).map_err(|e| {
            format!(
                "turn {} ({}) is refused by {}: {}",
                i + 1,
                turn.text(&setup.board),
                e.clause,
                e.reason
            )
        })?;
    }
    Ok(game)
}

enum Line {
    Text(String),
    TooLong,
}

/// One line of input, at most [`MAX_LINE_BYTES`] kept; `None` at the end of input.
fn read_capped_line(input: &mut dyn BufRead) -> io::Result<Option<Line>> {
    let mut kept = Vec::new();
    let mut too_long = false;
    let mut read_any = false;
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            break;
        }
        read_any = true;
        let (chunk, done) = match buffer.iter().position(|&b| b == b'\n') {
            Some(i) => (&buffer[..i], Some(i + 1)),
            None => (buffer, None),
        };
        if kept.len() + chunk.len() > MAX_LINE_BYTES {
            too_long = true;
        } else {
            kept.extend_from_slice(chunk);
        }
        let used = done.unwrap_or(buffer.len());
        input.consume(used);
        if done.is_some() {
            break;
        }
    }
    if !read_any {
        return Ok(None);
    }
    if too_long {
        return Ok(Some(Line::TooLong));
    }
    Ok(Some(Line::Text(
        String::from_utf8_lossy(&kept).into_owned(),
    )))
}

/// GTP's preprocessing (section 3.1 of the protocol): control characters but tab and
/// newline dropped, tabs as spaces, a `#` comment cut off; then an optional numeric id and
/// the words. `None` for a line with no command.
fn command_words(line: &str) -> Option<(String, Vec<String>)> {
    let cleaned: String = line
        .chars()
        .filter(|&c| c == '\t' || !c.is_control())
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect();
    let text = cleaned.split('#').next().unwrap_or("");
    let mut words = text.split_whitespace().peekable();
    let first = *words.peek()?;
    let id = if first.bytes().all(|b| b.is_ascii_digit()) {
        words.next();
        first.to_string()
    } else {
        String::new()
    };
    let rest: Vec<String> = words.map(str::to_string).collect();
    if rest.is_empty() {
        // An id alone is not a command: answered as an error, so the client is not left
        // waiting.
        return Some((id, vec![String::new()]));
    }
    Some((id, rest))
}

/// Runs the referee on standard input and output (the `graphgo gtp` command).
pub fn serve_stdio(config: RefereeRules) -> Result<(), String> {
    let mut referee = Referee::new(config)?;
    let stdin = io::stdin();
    let stdout = io::stdout();
    referee
        .serve(&mut stdin.lock(), &mut stdout.lock())
        .map_err(|e| format!("GTP input or output failed: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_are_exact() {
        let r = |t: &str| rational::parse(t).unwrap();
        assert_eq!(decimal(&r("5/2")), "2.5");
        assert_eq!(decimal(&r("3")), "3");
        assert_eq!(decimal(&r("1/8")), "0.125");
        assert_eq!(decimal(&r("-3/4")), "-0.75");
        assert_eq!(decimal(&r("1/3")), "1/3");
    }

    #[test]
    fn a_line_of_an_id_alone_is_answered() {
        assert_eq!(
            command_words("12"),
            Some(("12".to_string(), vec![String::new()]))
        );
        assert_eq!(command_words("  # only a comment"), None);
        assert_eq!(
            command_words("3 play\tb C3 # c"),
            Some((
                "3".to_string(),
                vec!["play".to_string(), "b".to_string(), "C3".to_string()]
            ))
        );
    }
}
