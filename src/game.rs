//! The vocabulary every rule set shares: colours, players, turns, what can be observed of a
//! game, and the one trait, [`Playable`], that the transcription (`spec`) and the optimized
//! engine (`engine`) both implement so that the comparer can drive them side by side.

use std::fmt;
use std::sync::Arc;

use num_rational::BigRational;
use serde::{Deserialize, Serialize};

use crate::board::{Board, Vertex};

pub mod clause;
pub mod trace;

use clause::Clause;
use trace::Applied;

/// One of the two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    Black,
    White,
}

impl Player {
    /// The other player.
    pub fn opponent(self) -> Player {
        match self {
            Player::Black => Player::White,
            Player::White => Player::Black,
        }
    }

    /// The colour of this player's stones.
    pub fn colour(self) -> Colour {
        match self {
            Player::Black => Colour::Black,
            Player::White => Colour::White,
        }
    }

    /// `B` or `W`, as in a record's turns.
    pub fn letter(self) -> char {
        match self {
            Player::Black => 'B',
            Player::White => 'W',
        }
    }

    /// `black` or `white`.
    pub fn word(self) -> &'static str {
        match self {
            Player::Black => "black",
            Player::White => "white",
        }
    }

    /// Index 0 for Black, 1 for White (for pairs such as prisoners and scores).
    pub fn index(self) -> usize {
        self as usize
    }

    /// Both players, Black first.
    pub const BOTH: [Player; 2] = [Player::Black, Player::White];
}

/// `Black` or `White`, capitalised as at the start of a sentence: the one way a player is
/// named in messages (refusals, turn descriptions); [`Player::word`] is the lower-case word
/// of records and reports.
impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::Black => "Black",
            Player::White => "White",
        })
    }
}

/// The colour of a point: the three colours of `ggg1:0` (null is called empty).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    Empty,
    Black,
    White,
}

impl Colour {
    /// The player whose stones have this colour, if any.
    pub fn player(self) -> Option<Player> {
        match self {
            Colour::Empty => None,
            Colour::Black => Some(Player::Black),
            Colour::White => Some(Player::White),
        }
    }

    /// The colour with black and white exchanged.
    pub fn swapped(self) -> Colour {
        match self {
            Colour::Empty => Colour::Empty,
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// `X`, `O` or `.` as in a diagram.
    pub fn symbol(self) -> char {
        match self {
            Colour::Empty => '.',
            Colour::Black => 'X',
            Colour::White => 'O',
        }
    }
}

/// Which rule set a game is played under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum RuleId {
    /// General Graph Go, version 1: pass or resign, positional superko, area score.
    #[serde(rename = "ggg1")]
    Ggg1,
    /// Version 2: no passes; a player who cannot move loses.
    #[serde(rename = "ggg2")]
    Ggg2,
    /// Version 3: prisoners pay for passes; a player who cannot move loses.
    #[serde(rename = "ggg3")]
    Ggg3,
    /// Topological Go with the primitive ending (`topo:D10a`, `topo:R4a`).
    #[serde(rename = "topo-primitive")]
    TopoPrimitive,
    /// Topological Go with stone scoring (`topo:D10b`, `topo:R4b`).
    #[serde(rename = "topo-stones")]
    TopoStones,
    /// MANGO: weighted, threshold Go with exact arithmetic (`mango:*`).
    #[serde(rename = "mango")]
    Mango,
    /// Go on directed graphs: komi by divide and choose, ko bids, history (`dir:*`).
    #[serde(rename = "directed")]
    Directed,
}

impl RuleId {
    /// The name used in records.
    pub fn name(self) -> &'static str {
        match self {
            RuleId::Ggg1 => "ggg1",
            RuleId::Ggg2 => "ggg2",
            RuleId::Ggg3 => "ggg3",
            RuleId::TopoPrimitive => "topo-primitive",
            RuleId::TopoStones => "topo-stones",
            RuleId::Mango => "mango",
            RuleId::Directed => "directed",
        }
    }

    /// Every rule set, in the order of the sources.
    pub const ALL: [RuleId; 7] = [
        RuleId::Ggg1,
        RuleId::Ggg2,
        RuleId::Ggg3,
        RuleId::TopoPrimitive,
        RuleId::TopoStones,
        RuleId::Mango,
        RuleId::Directed,
    ];

    /// The three versions of General Graph Go.
    pub const GRAPH: [RuleId; 3] = [RuleId::Ggg1, RuleId::Ggg2, RuleId::Ggg3];

    /// Reads a rule name.
    pub fn parse(name: &str) -> Option<RuleId> {
        RuleId::ALL.into_iter().find(|r| r.name() == name)
    }

    /// The version of General Graph Go, for the three `ggg` rule sets.
    pub fn version(self) -> Option<Version> {
        match self {
            RuleId::Ggg1 => Some(Version::V1),
            RuleId::Ggg2 => Some(Version::V2),
            RuleId::Ggg3 => Some(Version::V3),
            _ => None,
        }
    }
}

/// The three versions of General Graph Go (`ggg1`, `ggg2`, `ggg3`): what the spec's and the
/// engine's graph games branch on once the rule set is known to be one of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Version {
    V1,
    V2,
    V3,
}

impl Version {
    /// The rule set of this version.
    pub fn rules(self) -> RuleId {
        match self {
            Version::V1 => RuleId::Ggg1,
            Version::V2 => RuleId::Ggg2,
            Version::V3 => RuleId::Ggg3,
        }
    }
}

/// Reading 1: how an empty group that touches no stone is scored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Neutral {
    /// `ggg1:4` as written: it has no neighbour of either opponent, so it counts for both.
    #[default]
    Both,
    /// Tromp-Taylor (and MANGO, and flooding): it reaches no colour, so it counts for nobody.
    None,
}

/// Reading 2: what a `ggg3` player who cannot make a move, but may pass, does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum NoMove {
    /// `ggg3:4` as written: unable to make a move (a pass is not a move), that player loses.
    #[default]
    Lose,
    /// The player may still pass while prisoners last, and loses only with neither.
    Pass,
}

/// Self-capture (an extension: General Graph Go allows it all).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SelfCapture {
    /// Any own group may be removed by one's own move (`ggg1:2`).
    #[default]
    All,
    /// Only a move whose own removed group has two or more stones (a lone stone's suicide is refused).
    Multi,
    /// No move may remove any of the mover's own stones.
    None,
}

/// The repetition rule (an extension: General Graph Go uses positional superko).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Repetition {
    /// `ggg1:3`: no move may give a colouring that occurred earlier in the game.
    #[default]
    Positional,
    /// No move may give a colouring, with the opponent to move, that occurred so before.
    Situational,
    /// No move may give a colouring that an earlier *move* of the same player gave
    /// (natural situational superko: colourings made by a pass, and the initial one, do not
    /// count).
    #[serde(rename = "natural-situational")]
    NaturalSituational,
    /// No move may give back the colouring from before the opponent's last turn.
    Simple,
    /// The ko point: after a move that removed exactly one stone, of the opponent's, and left
    /// the moved stone alone with that point as its only liberty, the removed stone's player
    /// may not move there on the next turn (see [`KoPass`] for a pass in between).
    #[serde(rename = "ko-point")]
    KoPoint,
    /// No repetition rule.
    None,
}

impl Repetition {
    /// Every value, in the order of the record's table (spec/FORMAT.md, "Options").
    pub const ALL: [Repetition; 6] = [
        Repetition::Positional,
        Repetition::Situational,
        Repetition::NaturalSituational,
        Repetition::Simple,
        Repetition::KoPoint,
        Repetition::None,
    ];

    /// The values' names in records, flags and `rules.yaml`, in the order of [`Self::ALL`].
    pub const WORDS: [&'static str; 6] = [
        "positional",
        "situational",
        "natural-situational",
        "simple",
        "ko-point",
        "none",
    ];

    /// The value's name in records, flags and `rules.yaml`.
    pub fn word(self) -> &'static str {
        Repetition::WORDS[self as usize]
    }
}

/// Under `repetition: ko-point`, what a pass does to the ko point (an extension).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum KoPass {
    /// The ko point binds the next turn only: a pass ends it.
    #[default]
    Clears,
    /// The ko point stays, forbidden to the same player, until the next move of either
    /// player (a pass does not change it).
    Keeps,
}

/// A repetition that ends the game instead of being refused (an extension): a move that the
/// `repetition` rule allows but that gives an earlier colouring is played, and the game ends
/// (passes never do). The first four end at the first repetition; the last one at the
/// third occurrence of a situation since the last pass, without a result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RepetitionEnd {
    /// No: the game goes on.
    #[default]
    #[serde(rename = "none")]
    None,
    /// A move giving any earlier colouring ends the game as a draw.
    #[serde(rename = "positional-draw")]
    PositionalDraw,
    /// A move giving any earlier colouring ends the game, lost by the player who made it.
    #[serde(rename = "positional-loss")]
    PositionalLoss,
    /// A move giving an earlier colouring at which the opponent was to move ends the game as
    /// a draw.
    #[serde(rename = "situational-draw")]
    SituationalDraw,
    /// The same, lost by the player who made the move.
    #[serde(rename = "situational-loss")]
    SituationalLoss,
    /// A move after which the situation (the colouring, with the mover's opponent to move)
    /// has occurred twice before since the most recent pass of either player (since the
    /// start if there was none; the situation a pass leaves counts) ends the game with no
    /// result: nobody wins, and it is not a draw ([`EndReason::NoResult`]). KataGo's end
    /// of a long cycle under its simple ko rule.
    #[serde(rename = "third-situation-no-result")]
    ThirdSituationNoResult,
}

impl RepetitionEnd {
    /// Every value, in the order of the record's table.
    pub const ALL: [RepetitionEnd; 6] = [
        RepetitionEnd::None,
        RepetitionEnd::PositionalDraw,
        RepetitionEnd::PositionalLoss,
        RepetitionEnd::SituationalDraw,
        RepetitionEnd::SituationalLoss,
        RepetitionEnd::ThirdSituationNoResult,
    ];

    /// The values' names in records, flags and `rules.yaml`, in the order of [`Self::ALL`].
    pub const WORDS: [&'static str; 6] = [
        "none",
        "positional-draw",
        "positional-loss",
        "situational-draw",
        "situational-loss",
        "third-situation-no-result",
    ];

    /// The value's name in records, flags and `rules.yaml`.
    pub fn word(self) -> &'static str {
        RepetitionEnd::WORDS[self as usize]
    }

    /// True when the colouring must also have had the mover's opponent to move.
    pub fn situational(self) -> bool {
        matches!(
            self,
            RepetitionEnd::SituationalDraw
                | RepetitionEnd::SituationalLoss
                | RepetitionEnd::ThirdSituationNoResult
        )
    }

    /// How a game this option ends is said to end: [`EndReason::Repetition`], or
    /// [`EndReason::NoResult`] for [`RepetitionEnd::ThirdSituationNoResult`].
    pub fn reason(self) -> EndReason {
        match self {
            RepetitionEnd::ThirdSituationNoResult => EndReason::NoResult,
            _ => EndReason::Repetition,
        }
    }

    /// The winner when `mover` ends the game by a repetition; `None` for a draw and for no
    /// result (and for [`RepetitionEnd::None`], which never ends a game).
    pub fn winner(self, mover: Player) -> Option<Player> {
        match self {
            RepetitionEnd::PositionalLoss | RepetitionEnd::SituationalLoss => {
                Some(mover.opponent())
            }
            _ => None,
        }
    }
}

/// Switches between readings and rule variants; every default is the source as written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    pub neutral: Neutral,
    pub no_move: NoMove,
    pub self_capture: SelfCapture,
    pub repetition: Repetition,
    /// Read under `repetition: ko-point` only.
    pub ko_pass: KoPass,
    pub repetition_end: RepetitionEnd,
}

impl Options {
    /// The first option set to a value only General Graph Go plays (the ko point, natural
    /// situational superko, a repetition that ends the game), as `field: value`; `None` when
    /// a go-space's rules can play these options (Topological Go reads `repetition` only).
    pub fn graph_go_only(&self) -> Option<String> {
        match self.repetition {
            Repetition::KoPoint | Repetition::NaturalSituational => {
                return Some(format!("repetition: {}", self.repetition.word()))
            }
            _ => {}
        }
        if self.ko_pass != KoPass::Clears {
            return Some("ko_pass: keeps".into());
        }
        if self.repetition_end != RepetitionEnd::None {
            return Some(format!("repetition_end: {}", self.repetition_end.word()));
        }
        None
    }
}

/// Everything a game starts from: the validated content of a record, less its turns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub rules: RuleId,
    pub board: Arc<Board>,
    /// The initial colouring, indexed by vertex (`ggg1:notes`: handicap and ancient openings).
    pub initial: Vec<Colour>,
    /// Who moves first (Black in the rules; White after a handicap, `ggg1:notes`).
    pub to_move: Player,
    /// `ggg3:0`: P (Black's prisoners) and Q (White's), indexed by [`Player::index`].
    pub prisoners: [u64; 2],
    /// Added to White's score at the end (an extension for `ggg1`, reading 10).
    pub komi: BigRational,
    pub options: Options,
    /// What the family adds to the board (a go-space, MANGO's weights, arcs).
    pub equipment: Equipment,
}

/// What a rule family adds to [`Setup::board`]. For graph Go the board is everything; the
/// other families keep their own structure here, and use the board for the names of
/// points (and, where it has one, the graph underneath).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Equipment {
    /// General Graph Go: the board's graph is the whole equipment.
    #[default]
    Graph,
    /// Topological Go: a finite go-space over the board's points (`topo:D1`).
    Space(Arc<crate::board::space::GoSpace>),
    /// MANGO: weights, threshold and initial scores over the board's points (`mango:CONFIG`).
    Weights(Arc<crate::board::weights::Weights>),
    /// Go on directed graphs: the arcs over the board's points (`dir:INTRO`).
    Arcs(Arc<crate::board::digraph::Digraph>),
}

impl Setup {
    /// An empty board, Black to move, no prisoners, no komi, the source's readings.
    pub fn new(rules: RuleId, board: Board) -> Setup {
        let n = board.len();
        Setup {
            rules,
            board: Arc::new(board),
            initial: vec![Colour::Empty; n],
            to_move: Player::Black,
            prisoners: [0, 0],
            komi: BigRational::from_integer(0.into()),
            options: Options::default(),
            equipment: Equipment::Graph,
        }
    }
}

impl Setup {
    /// The names a record gives the targets of moves: the board's vertices, or on a
    /// go-space its placements (`Turn::text` and `Turn::parse` read them).
    pub fn turn_names(&self) -> &Board {
        match &self.equipment {
            Equipment::Space(space) => space.placement_names(),
            _ => &self.board,
        }
    }

    /// The points a move colours: its vertex, or on a go-space all points of its placement.
    pub fn points_of_move(&self, at: Vertex) -> Vec<Vertex> {
        match &self.equipment {
            Equipment::Space(space) => space
                .placements()
                .get(at)
                .map_or_else(Vec::new, |p| p.iter().copied().collect()),
            _ => vec![at],
        }
    }
}

/// One turn of a game. Not `Copy`: families add turns that carry rationals (komi, bids).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Turn {
    /// Colour an empty vertex (a placement: in later families an index into the placements).
    Move { player: Player, at: Vertex },
    /// Say "pass".
    Pass { player: Player },
    /// Say "resign".
    Resign { player: Player },
    /// `dir:KOMI`: the first player names the komi. Before the colours are chosen the two
    /// players are seats: `player` is the first player's seat, written `first` (it is
    /// [`Player::Black`], the seat that keeps Black if the second player takes White).
    Komi { player: Player, komi: BigRational },
    /// `dir:KOMI`: the second player (seat `player`, written `second`, [`Player::White`])
    /// takes the colour `colour`; the first player gets the other one.
    ChooseColour { player: Player, colour: Player },
    /// `dir:TURNS`: `player` deletes the whole history (either player, before a turn).
    DeleteHistory { player: Player },
    /// `dir:KO`: after placing a stone, `player` makes a ko bid of `amount` (>= 0).
    Bid { player: Player, amount: BigRational },
    /// `dir:KO`: the opponent of the bidder ignores the bid.
    Ignore { player: Player },
    /// `dir:KO`: the opponent of the bidder names `winner` the ko winner.
    KoWinner { player: Player, winner: Player },
    /// `dir:KO`: the ko winner resets the board to `to`, a state in the history (the colour of
    /// every point, indexed by vertex).
    Reset { player: Player, to: Vec<Colour> },
}

impl Turn {
    /// The player who takes this turn.
    pub fn player(&self) -> Player {
        match self {
            Turn::Move { player, .. } | Turn::Pass { player } | Turn::Resign { player } => *player,
            Turn::Komi { player, .. }
            | Turn::ChooseColour { player, .. }
            | Turn::DeleteHistory { player }
            | Turn::Bid { player, .. }
            | Turn::Ignore { player }
            | Turn::KoWinner { player, .. }
            | Turn::Reset { player, .. } => *player,
        }
    }

    /// The same turn taken by the other player (for colour-swapped games and shrinking).
    pub fn swapped(&self) -> Turn {
        match *self {
            Turn::Move { player, at } => Turn::Move {
                player: player.opponent(),
                at,
            },
            Turn::Pass { player } => Turn::Pass {
                player: player.opponent(),
            },
            Turn::Resign { player } => Turn::Resign {
                player: player.opponent(),
            },
            // Before the colours are chosen the players are seats, not colours: naming komi
            // stays with the first seat, and the second seat takes the other colour.
            Turn::Komi { .. } => self.clone(),
            Turn::ChooseColour { player, colour } => Turn::ChooseColour {
                player,
                colour: colour.opponent(),
            },
            Turn::DeleteHistory { player } => Turn::DeleteHistory {
                player: player.opponent(),
            },
            Turn::Bid { player, ref amount } => Turn::Bid {
                player: player.opponent(),
                amount: amount.clone(),
            },
            Turn::Ignore { player } => Turn::Ignore {
                player: player.opponent(),
            },
            Turn::KoWinner { player, winner } => Turn::KoWinner {
                player: player.opponent(),
                winner: winner.opponent(),
            },
            Turn::Reset { player, ref to } => Turn::Reset {
                player: player.opponent(),
                to: to.iter().map(|c| c.swapped()).collect(),
            },
        }
    }

    /// The turn as a record writes it: `B 3-3`, `W pass`, `B resign` (the one way a turn is
    /// printed; a move to a vertex the board does not have, which no record can name, is
    /// written with its index, `B #9`).
    pub fn text(&self, board: &Board) -> String {
        match *self {
            Turn::Move { player, at } => match board.names().get(at) {
                Some(name) => format!("{} {name}", player.letter()),
                None => format!("{} #{at}", player.letter()),
            },
            Turn::Pass { player } => format!("{} pass", player.letter()),
            Turn::Resign { player } => format!("{} resign", player.letter()),
            Turn::Komi { ref komi, .. } => format!("first komi {}", crate::rational::format(komi)),
            Turn::ChooseColour { colour, .. } => format!("second takes {}", colour.word()),
            Turn::DeleteHistory { player } => format!("{} delete", player.letter()),
            Turn::Bid { player, ref amount } => {
                format!(
                    "{} bid {}",
                    player.letter(),
                    crate::rational::format(amount)
                )
            }
            Turn::Ignore { player } => format!("{} ignore", player.letter()),
            Turn::KoWinner { player, winner } => {
                format!("{} winner {}", player.letter(), winner.word())
            }
            Turn::Reset { player, ref to } => format!(
                "{} reset {}",
                player.letter(),
                to.iter().map(|c| c.symbol()).collect::<String>()
            ),
        }
    }

    /// Reads `B 3-3`, `W C4`, `black pass`, `W resign` (colour words in any case).
    pub fn parse(text: &str, board: &Board) -> Result<Turn, String> {
        if let Some(turn) = Turn::parse_directed(text, board)? {
            return Ok(turn);
        }
        let mut words = text.split_whitespace();
        let (Some(who), Some(what), None) = (words.next(), words.next(), words.next()) else {
            return Err(format!(
                "turn '{text}' is not of the form 'B 3-3', 'W pass' or 'B resign'"
            ));
        };
        let player = match who.to_ascii_lowercase().as_str() {
            "b" | "black" => Player::Black,
            "w" | "white" => Player::White,
            _ => {
                return Err(format!(
                    "turn '{text}': '{who}' is not a player (B, W, black or white)"
                ))
            }
        };
        match what.to_ascii_lowercase().as_str() {
            "pass" => Ok(Turn::Pass { player }),
            "resign" => Ok(Turn::Resign { player }),
            _ => match board.vertex(what) {
                Some(at) => Ok(Turn::Move { player, at }),
                None => Err(format!(
                    "turn '{text}': no vertex named '{what}' on this board"
                )),
            },
        }
    }
}

impl Turn {
    /// Reads the turns of the directed rules (`dir:KOMI`, `dir:TURNS`, `dir:KO`), written by
    /// hand as `first komi 13/2`, `second takes white`, `B delete`, `W bid 1/2`, `B ignore`,
    /// `B winner white`, `W reset X.O.` (one symbol a point, in the board's vertex order:
    /// `X` black, `O` white, `.` empty). `Ok(None)` when the text is none of these forms.
    pub fn parse_directed(text: &str, board: &Board) -> Result<Option<Turn>, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let lower: Vec<String> = words.iter().map(|w| w.to_ascii_lowercase()).collect();
        let player_word = |w: &str| match w {
            "b" | "black" => Some(Player::Black),
            "w" | "white" => Some(Player::White),
            _ => None,
        };
        let rational =
            |w: &str| crate::rational::parse(w).map_err(|e| format!("turn '{text}': {e}"));
        let shape = |form: &str| format!("turn '{text}' is not of the form '{form}'");
        match lower.first().map(String::as_str) {
            Some("first") => {
                return match (lower.get(1).map(String::as_str), words.get(2), words.len()) {
                    (Some("komi"), Some(k), 3) => Ok(Some(Turn::Komi {
                        player: Player::Black,
                        komi: rational(k)?,
                    })),
                    _ => Err(shape("first komi 13/2")),
                };
            }
            Some("second") => {
                return match (lower.get(1).map(String::as_str), lower.get(2), words.len()) {
                    (Some("takes"), Some(c), 3) => match player_word(c) {
                        Some(colour) => Ok(Some(Turn::ChooseColour {
                            player: Player::White,
                            colour,
                        })),
                        None => Err(format!(
                            "turn '{text}': '{}' is not a colour (black or white)",
                            words[2]
                        )),
                    },
                    _ => Err(shape("second takes white")),
                };
            }
            _ => {}
        }
        let (Some(who), Some(what)) = (lower.first(), lower.get(1)) else {
            return Ok(None);
        };
        let Some(player) = player_word(who) else {
            return Ok(None);
        };
        let turn = match (what.as_str(), words.len()) {
            ("delete", 2) => Turn::DeleteHistory { player },
            ("ignore", 2) => Turn::Ignore { player },
            ("bid", 3) => Turn::Bid {
                player,
                amount: rational(words[2])?,
            },
            ("winner", 3) => match player_word(&lower[2]) {
                Some(winner) => Turn::KoWinner { player, winner },
                None => {
                    return Err(format!(
                        "turn '{text}': '{}' is not a player (B, W, black or white)",
                        words[2]
                    ))
                }
            },
            ("reset", 3) => {
                let to = words[2]
                    .chars()
                    .map(|c| match c {
                        'X' | 'x' => Ok(Colour::Black),
                        'O' | 'o' => Ok(Colour::White),
                        '.' => Ok(Colour::Empty),
                        other => Err(format!(
                            "turn '{text}': '{other}' is not a point's state (X black, O white, . empty)"
                        )),
                    })
                    .collect::<Result<Vec<Colour>, String>>()?;
                if to.len() != board.len() {
                    return Err(format!(
                        "turn '{text}': the state '{}' has {} symbols, the board {} points",
                        words[2],
                        to.len(),
                        board.len()
                    ));
                }
                Turn::Reset { player, to }
            }
            ("delete" | "ignore", _) => return Err(shape(&format!("{who} {what}"))),
            ("bid", _) => return Err(shape("W bid 1/2")),
            ("winner", _) => return Err(shape("B winner white")),
            ("reset", _) => return Err(shape("W reset X.O.")),
            _ => return Ok(None),
        };
        Ok(Some(turn))
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum EndReason {
    #[serde(rename = "score")]
    Score,
    #[serde(rename = "resignation")]
    Resignation,
    #[serde(rename = "no-move")]
    NoMove,
    /// A move repeated an earlier colouring under `repetition_end` (an extension).
    #[serde(rename = "repetition")]
    Repetition,
    /// The game ended without a result: under `repetition_end: third-situation-no-result`,
    /// a situation's third occurrence since the last pass (an extension). Nobody wins, and
    /// it is not a draw.
    #[serde(rename = "no-result")]
    NoResult,
}

impl EndReason {
    /// The reason's name in records and reports (`score`, `no-result`, ...).
    pub fn word(self) -> &'static str {
        match self {
            EndReason::Score => "score",
            EndReason::Resignation => "resignation",
            EndReason::NoMove => "no-move",
            EndReason::Repetition => "repetition",
            EndReason::NoResult => "no-result",
        }
    }
}

/// The result of a finished game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GameResult {
    /// `None` for a draw, and for a game without a result ([`EndReason::NoResult`]).
    pub winner: Option<Player>,
    pub by: EndReason,
    /// Black's and White's scores (komi included), where the rules score the game.
    pub score: Option<[BigRational; 2]>,
}

/// The one comparison of scores every rule set ends with: Black's and White's scores
/// (komi included), the higher one wins and equal ones draw (`None`). Each transcription
/// states the rule for its own source (`ggg1:4`, `topo:R5b`, `dir:WIN`, `mango:SCORE`) and
/// calls this.
pub fn higher_score(scores: &[BigRational; 2]) -> Option<Player> {
    match scores[0].cmp(&scores[1]) {
        std::cmp::Ordering::Greater => Some(Player::Black),
        std::cmp::Ordering::Less => Some(Player::White),
        std::cmp::Ordering::Equal => None,
    }
}

impl GameResult {
    /// The winner as records and reports write it: `black`, `white`, `draw`, or `none` for
    /// a game that ended without a result.
    pub fn winner_word(&self) -> &'static str {
        match (self.winner, self.by) {
            (Some(p), _) => p.word(),
            (None, EndReason::NoResult) => "none",
            (None, _) => "draw",
        }
    }

    /// A game ended by scoring: the higher score wins, equal scores draw (the engines' one
    /// reading of "the higher score wins"; each transcription states it for its own rules).
    pub fn scored(score: [BigRational; 2]) -> GameResult {
        let winner = higher_score(&score);
        GameResult {
            winner,
            by: EndReason::Score,
            score: Some(score),
        }
    }
}

/// Why a turn was refused: the clause that forbids it, and a sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Illegal {
    pub clause: Clause,
    pub reason: String,
}

impl Illegal {
    /// The refusal of `clause`, saying `reason`.
    pub fn new(clause: impl Into<Clause>, reason: impl Into<String>) -> Illegal {
        Illegal {
            clause: clause.into(),
            reason: reason.into(),
        }
    }
}

/// A turn refused by `clause`, saying `reason`: the one way every family spells a refusal.
pub fn refuse<T>(clause: impl Into<Clause>, reason: impl Into<String>) -> Result<T, Illegal> {
    Err(Illegal::new(clause, reason))
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.reason, self.clause)
    }
}

/// Everything about a game that two implementations must agree on after every turn.
///
/// The default is the observation before any: no points, nobody to move, nothing kept.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Observation {
    /// The colour of every point, indexed by vertex.
    pub position: Vec<Colour>,
    /// Whose turn it is; `None` once the game is over.
    pub to_move: Option<Player>,
    /// `ggg3` only: P and Q.
    pub prisoners: Option<[u64; 2]>,
    /// Black's and White's running scores, where the rules keep them during play (MANGO's
    /// scores, the directed rules' komi and bids); `None` for the others.
    pub scores: Option<[BigRational; 2]>,
    /// `None` while the game goes on.
    pub result: Option<GameResult>,
}

/// A rule set that can be played: the transcription and the engine both implement it.
///
/// Designed to carry the later families too: a [`Turn::Move`]'s `at` is an index into the
/// family's placements (a vertex in graph Go, an element of S in topological Go, a point in
/// MANGO); families with more kinds of action extend [`Turn`].
pub trait Playable {
    /// What can be observed now.
    fn observe(&self) -> Observation;
    /// Every legal turn for the player to move, sorted; empty once the game is over.
    fn legal_turns(&self) -> Vec<Turn>;
    /// Takes a turn, or refuses it and leaves the game as it was.
    fn play(&mut self, turn: &Turn) -> Result<(), Illegal>;
    /// An independent copy of this game, where the implementation can make one: exhaustive
    /// checking (`graphgo exhaust`) branches a game at every turn instead of replaying it
    /// from the start. `None` (the default, e.g. an outside engine) makes it replay.
    fn fork(&self) -> Option<Box<dyn Playable>> {
        None
    }
}

/// A game that says, at every turn, which clauses acted and what each did ([`trace`]): the
/// transcription as played (`crate::variants`, whose start says the same of the start). The
/// engine and the engines outside graphgo play without saying.
pub trait Traced: Playable {
    /// [`Playable::play`], and the clauses the turn applied, in order.
    fn play_traced(&mut self, turn: &Turn) -> Result<Vec<Applied>, Illegal>;
    /// For a turn the repetition rule refuses now: the earliest position of the game whose
    /// colouring it would give again (0 the start, k the position after the k-th turn
    /// played). `None` for any other turn, and where the rules keep no order of positions.
    fn returns_to(&self, _turn: &Turn) -> Option<usize> {
        None
    }
}

/// Why an implementation cannot start a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsupported(pub String);

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A way to start games: one per implementation (the spec, the engine, an external engine).
pub trait RuleSet {
    /// A short name for reports (`spec`, `engine`).
    fn name(&self) -> &str;
    /// A game from its setup, or why this implementation cannot play it.
    fn start(&self, setup: &Setup) -> Result<Box<dyn Playable>, Unsupported>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_player_reads_capitalised_in_messages_and_lower_case_in_records() {
        assert_eq!(format!("{} to move", Player::Black), "Black to move");
        assert_eq!(format!("{}", Player::White), "White");
        assert_eq!(
            (Player::Black.word(), Player::White.word()),
            ("black", "white")
        );
    }

    #[test]
    fn the_words_of_the_rule_variants_are_their_names_in_records() {
        // `word` serves flags, reports and rules.yaml; serde reads and writes records: one
        // name each.
        let serde_word = |v: serde_json::Value| v.as_str().unwrap().to_string();
        for r in Repetition::ALL {
            assert_eq!(serde_word(serde_json::to_value(r).unwrap()), r.word());
        }
        for e in RepetitionEnd::ALL {
            assert_eq!(serde_word(serde_json::to_value(e).unwrap()), e.word());
        }
        assert_eq!(Repetition::KoPoint.word(), "ko-point");
        assert_eq!(RepetitionEnd::SituationalLoss.word(), "situational-loss");
        // Who wins a game ended by repetition: nobody, or the mover's opponent.
        assert_eq!(RepetitionEnd::PositionalDraw.winner(Player::Black), None);
        assert_eq!(
            RepetitionEnd::SituationalLoss.winner(Player::Black),
            Some(Player::White)
        );
        assert!(RepetitionEnd::SituationalDraw.situational());
        assert!(!RepetitionEnd::PositionalLoss.situational());
        // KataGo's end of a long cycle: no winner, and not a draw.
        let end = RepetitionEnd::ThirdSituationNoResult;
        assert_eq!(end.word(), "third-situation-no-result");
        assert_eq!(end.winner(Player::White), None);
        assert_eq!(end.reason(), EndReason::NoResult);
        assert_eq!(
            RepetitionEnd::PositionalDraw.reason(),
            EndReason::Repetition
        );
        let ended = |by| GameResult {
            winner: None,
            by,
            score: None,
        };
        assert_eq!(ended(EndReason::NoResult).winner_word(), "none");
        assert_eq!(ended(EndReason::Repetition).winner_word(), "draw");
        assert_eq!(
            serde_json::to_value(EndReason::NoResult).unwrap(),
            serde_json::json!("no-result")
        );
    }

    #[test]
    fn the_higher_score_wins_and_equal_scores_draw() {
        let q = |n: i64, d: i64| BigRational::new(n.into(), d.into());
        // 13/2 against 6: Black; 6 against 13/2: White; 7/2 against 14/4: a draw.
        assert_eq!(higher_score(&[q(13, 2), q(6, 1)]), Some(Player::Black));
        assert_eq!(higher_score(&[q(6, 1), q(13, 2)]), Some(Player::White));
        assert_eq!(higher_score(&[q(7, 2), q(14, 4)]), None);
        assert_eq!(higher_score(&[q(-1, 3), q(-1, 2)]), Some(Player::Black));
    }
}
