//! Pictures of a position (`graphgo show`): every kind of board drawn flat, as SVG
//! ([`svg()`]) or as Graphviz DOT ([`dot()`]).
//!
//! The API, stable for the other writers of pictures (the HTML viewer builds on it):
//! - [`picture`]`(&Game, Option<usize>) -> Result<Picture, String>`: the position after
//!   turn N of a game (turn 0 is the setup; `None` is the end), replayed through the
//!   transcription ([`Rules`]), laid out and marked;
//! - [`pictures`]`(&Game) -> Result<Vec<Picture>, String>`: the same for every turn from 0
//!   to the end, in one replay (what a viewer steps through);
//! - [`svg()`]`(&Picture) -> String`: a self-contained SVG document, deterministic;
//! - [`dot()`]`(&Picture) -> String`: the same board for Graphviz;
//! - [`render`]`(&Game, Option<usize>, Format) -> Result<String, String>`: what
//!   `graphgo show` prints for svg and dot (`html` is the viewer's, `crate::viewer`).
//!
//! A [`Picture`] is plain data (points with coordinates, colours and marks, the lines
//! between them, seams, placements, labels, notes), so that another renderer needs no
//! knowledge of the rule families. What is drawn, and the classes in the SVG, are listed in
//! `spec/FORMAT.md` ("Pictures").
//!
//! Layouts (all deterministic): plane boards (grid, torus, cylinder, Moebius band, Klein
//! bottle) on their rectangle, an edge that leaves the rectangle drawn as a seam; cubes as
//! their layers side by side; every other board (explicit graphs, paths, cycles, complete
//! graphs, go-spaces, digraphs) by a spring layout started from a circle.

mod dot;
mod layout;
mod svg;

pub use dot::dot;
pub use svg::svg;

use num_rational::BigRational;

use crate::board::{Board, Vertex};
use crate::game::clause::{Clause, Ggg, Mango, RuleOption, Topo};
use crate::game::{Colour, Equipment, Illegal, Observation, Playable, RuleSet, Turn};
use crate::io::record::Game;
use crate::rational;
use crate::variants::Rules;

/// The most points drawn: a bigger board is refused (its picture would be unreadable, and
/// the SVG of millions of points would take memory for nothing).
pub const MAX_POINTS_DRAWN: usize = 20_000;

/// The most lines drawn (edges, or arcs): a board with more is refused before it is laid
/// out. Within the points drawn a complete graph has up to 200 million edges; the SVG of
/// `complete: 5793` (16.8 million edges) was a gigabyte. A 141x141 grid, the largest square
/// within the points drawn, has 39 480 edges.
pub const MAX_LINKS_DRAWN: usize = 100_000;

/// The distance between neighbouring points of a plane board, in SVG user units.
pub const SPACING: f64 = 40.0;

/// What `graphgo show --format` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// A self-contained SVG picture of one position.
    Svg,
    /// Graphviz DOT of the board and the position.
    Dot,
    /// A self-contained HTML viewer stepping through the game.
    Html,
}

/// The text `graphgo show` prints: the picture after turn `turn` in `format`.
pub fn render(game: &Game, turn: Option<usize>, format: Format) -> Result<String, String> {
    match format {
        Format::Svg => picture(game, turn).map(|p| svg(&p)),
        Format::Dot => picture(game, turn).map(|p| dot(&p)),
        // The viewer is a layer above (`viewer::command`, which reads the record's file
        // and cycle too): the command line sends html there, not here.
        Format::Html => {
            Err("--format html is written by the viewer, not by show::render".to_string())
        }
    }
}

/// A position ready to draw.
#[derive(Clone, Debug, PartialEq)]
pub struct Picture {
    /// What the board is, in words: `5x5 torus`, `go-space of 7 points and 5 placements`.
    pub board: String,
    /// The rule family (`ggg1`, `mango`, …).
    pub rules: String,
    /// Which position: after this many turns (0: the setup).
    pub turn: usize,
    /// How many turns the record has (a refused turn and those after it included).
    pub turns: usize,
    /// Lines of text under the board: the last turn, who is to move, scores, the result,
    /// MANGO's threshold, a refused turn.
    pub notes: Vec<String>,
    /// One spot per point of the board, indexed by vertex.
    pub spots: Vec<Spot>,
    /// The edges (or arcs) drawn as lines between two spots.
    pub links: Vec<Link>,
    /// Edges of a plane board that leave the rectangle: drawn as two stubs with one label.
    pub seams: Vec<SeamEdge>,
    /// The sides of the rectangle that are glued together, with their arrows.
    pub seam_sides: Vec<SeamSide>,
    /// Go-spaces: one region per placement.
    pub regions: Vec<Region>,
    /// Coordinates along the sides, layer titles.
    pub labels: Vec<Label>,
    /// The drawing's size (the notes come below it).
    pub width: f64,
    pub height: f64,
    /// True when the links are arcs (drawn with arrows).
    pub directed: bool,
}

/// One point of the board.
#[derive(Clone, Debug, PartialEq)]
pub struct Spot {
    /// The canonical name (`3-4`, `a`).
    pub name: String,
    /// The GTP name (`C4`) on plane boards up to 25 columns.
    pub gtp: Option<String>,
    pub x: f64,
    pub y: f64,
    pub colour: Colour,
    /// The point the last turn coloured (for a go-space: every point of its placement).
    pub last: bool,
    /// Emptied by the last turn.
    pub removed: bool,
    /// Empty, and the player to move may not colour it because a repetition rule forbids
    /// it (`ggg1:3`, `ggg3:3`, `option:repetition`, `mango:LEGAL`, `topo:D10a`/`D10b`).
    pub forbidden: bool,
    /// MANGO: the weight F of the point, when it differs from the most frequent one.
    pub weight: Option<String>,
}

/// An edge `{from, to}`, or an arc `from -> to` when [`Picture::directed`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Link {
    pub from: Vertex,
    pub to: Vertex,
    /// An arc whose reverse is an arc too: drawn bent, so the two do not overlap.
    pub bent: bool,
}

/// Which pair of sides a seam glues.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeamFamily {
    /// The left and right sides: the columns wrap (torus, cylinder, Moebius band, Klein).
    Columns,
    /// The bottom and top sides: the rows wrap (torus, Klein bottle).
    Rows,
}

impl SeamFamily {
    /// The class in the SVG.
    pub fn class(self) -> &'static str {
        match self {
            SeamFamily::Columns => "columns",
            SeamFamily::Rows => "rows",
        }
    }
}

/// An edge of a plane board that crosses a glued side: `from` lies on the right (or top)
/// side, `to` on the left (or bottom) one. Both ends get a stub with the same label.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeamEdge {
    pub family: SeamFamily,
    pub from: Vertex,
    pub to: Vertex,
    /// The label both stubs carry (`a`, `b`, …, counted along the right or top side).
    pub label: String,
}

/// Two sides glued together: with a twist (Moebius band, Klein bottle's columns), the
/// arrows on the two sides point opposite ways.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeamSide {
    pub family: SeamFamily,
    pub twisted: bool,
}

/// A placement of a go-space (`topo:D1`), drawn as a region around its points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    pub name: String,
    pub points: Vec<Vertex>,
    /// The last turn played here.
    pub last: bool,
    /// The player to move may not play here because a repetition rule forbids it.
    pub forbidden: bool,
}

/// A text placed in the drawing.
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    pub x: f64,
    pub y: f64,
    pub text: String,
    /// The class in the SVG (`coordinate`, `layer`).
    pub class: &'static str,
}

/// The position after turn `turn` of `game` (0: the setup; `None`: after the last turn
/// played). Turns are replayed through the transcription; a record's first illegal turn
/// ends the play, and is said in the notes. Errors (a turn past the end, a board too big to
/// draw, a family the transcription cannot start) are sentences for the user.
pub fn picture(game: &Game, turn: Option<usize>) -> Result<Picture, String> {
    let replayed = turn.map_or(game.turns.len(), |n| n.min(game.turns.len()));
    crate::caps::check(
        crate::caps::Work::Replay,
        game.setup.rules,
        game.setup.board.len(),
        replayed,
    )?;
    let mut frames = Frames::new(game)?;
    let played = frames.play_all(turn)?;
    if let Some(n) = turn {
        if n > played {
            return Err(out_of_range(n, game.turns.len(), played));
        }
    }
    Ok(frames.draw())
}

/// The pictures after every turn from 0 (the setup) to the last turn played, in one replay.
pub fn pictures(game: &Game) -> Result<Vec<Picture>, String> {
    crate::caps::check(
        crate::caps::Work::Viewer,
        game.setup.rules,
        game.setup.board.len(),
        game.turns.len() + 1,
    )?;
    let mut frames = Frames::new(game)?;
    let mut all = vec![frames.draw()];
    while frames.step()? {
        all.push(frames.draw());
    }
    frames.finish_notes(all.last_mut().expect("turn 0 is drawn"));
    Ok(all)
}

fn out_of_range(n: usize, in_record: usize, played: usize) -> String {
    if played < in_record {
        format!(
            "--turn {n}: the record has {in_record} turns and turn {} is illegal, so the last position is after turn {played} (turn 0 is the setup)",
            played + 1
        )
    } else {
        format!("--turn {n}: the record has {in_record} turns (turn 0 is the setup, turn {in_record} the end)")
    }
}

/// A game replayed one turn at a time, remembering what a picture marks.
struct Frames<'g> {
    game: &'g Game,
    playing: Box<dyn Playable>,
    layout: layout::Layout,
    now: Observation,
    /// Turns played so far.
    index: usize,
    /// The last turn played and the points it emptied.
    last: Option<(Turn, Vec<Vertex>)>,
    /// The record's first illegal turn, once met.
    refused: Option<(usize, Illegal)>,
}

impl<'g> Frames<'g> {
    fn new(game: &'g Game) -> Result<Frames<'g>, String> {
        let board = &game.setup.board;
        if board.len() > MAX_POINTS_DRAWN {
            return Err(format!(
                "the board has {} points; graphgo show draws at most {MAX_POINTS_DRAWN}",
                board.len()
            ));
        }
        let links = match &game.setup.equipment {
            Equipment::Arcs(d) => d.arc_count().max(board.edge_count()),
            _ => board.edge_count(),
        };
        if links > MAX_LINKS_DRAWN {
            return Err(format!(
                "the board has {links} edges; graphgo show draws at most {MAX_LINKS_DRAWN} (the cap on lines drawn)"
            ));
        }
        let playing = Rules.start(&game.setup).map_err(|e| e.to_string())?;
        let now = playing.observe();
        Ok(Frames {
            game,
            layout: layout::Layout::of(&game.setup),
            playing,
            now,
            index: 0,
            last: None,
            refused: None,
        })
    }

    /// Plays the next turn of the record; false at the end or at an illegal turn.
    fn step(&mut self) -> Result<bool, String> {
        crate::signals::interrupted().map_err(|e| e.to_string())?;
        let Some(turn) = self.game.turns.get(self.index) else {
            return Ok(false);
        };
        if self.refused.is_some() {
            return Ok(false);
        }
        let before = std::mem::replace(&mut self.now, self.playing.observe());
        if let Err(illegal) = self.playing.play(turn) {
            self.now = before;
            self.refused = Some((self.index, illegal));
            return Ok(false);
        }
        self.now = self.playing.observe();
        // As in the report (`replay`): a point is removed when it was coloured before the
        // turn and is empty after it, or when the move coloured it and it is empty again.
        let placed = match *turn {
            Turn::Move { at, .. } => self.game.setup.points_of_move(at),
            _ => Vec::new(),
        };
        let removed = (0..self.now.position.len())
            .filter(|&v| {
                (before.position[v] != Colour::Empty || placed.contains(&v))
                    && self.now.position[v] == Colour::Empty
            })
            .collect();
        self.last = Some((turn.clone(), removed));
        self.index += 1;
        Ok(true)
    }

    /// Plays up to `turn` (all turns when `None`), giving how many were played. When the
    /// record's next turn would be refused, that is remembered for the notes (tried on a
    /// copy, so the position stays the one asked for).
    fn play_all(&mut self, turn: Option<usize>) -> Result<usize, String> {
        while turn.is_none_or(|n| self.index < n) && self.step()? {}
        if self.refused.is_none() {
            if let (Some(next), Some(mut copy)) =
                (self.game.turns.get(self.index), self.playing.fork())
            {
                if let Err(illegal) = copy.play(next) {
                    self.refused = Some((self.index, illegal));
                }
            }
        }
        Ok(self.index)
    }

    /// Adds the refused turn (if the replay met one) to the last picture's notes.
    fn finish_notes(&self, picture: &mut Picture) {
        if let Some(line) = self.refused_note() {
            if !picture.notes.contains(&line) {
                picture.notes.push(line);
            }
        }
    }

    fn refused_note(&self) -> Option<String> {
        let (index, illegal) = self.refused.as_ref()?;
        (*index == self.index).then(|| {
            format!(
                "turn {} ({}) is refused: {} ({})",
                index + 1,
                self.game.turns[*index].text(self.game.setup.turn_names()),
                illegal.reason,
                illegal.clause
            )
        })
    }

    /// The picture of the position now.
    fn draw(&self) -> Picture {
        let setup = &self.game.setup;
        let board: &Board = &setup.board;
        let forbidden_targets = self.forbidden_targets();
        let placed: Vec<Vertex> = match &self.last {
            Some((Turn::Move { at, .. }, _)) => setup.points_of_move(*at),
            _ => Vec::new(),
        };
        let removed: &[Vertex] = self.last.as_ref().map_or(&[], |(_, r)| r);
        let is_space = matches!(setup.equipment, Equipment::Space(_));
        let weights = mango_weight_labels(setup);
        let layout = &self.layout;
        let spots = (0..board.len())
            .map(|v| {
                let (x, y) = layout.at[v];
                Spot {
                    name: board.name(v).to_string(),
                    gtp: board.gtp_name(v),
                    x,
                    y,
                    colour: self.now.position[v],
                    last: placed.contains(&v),
                    removed: removed.contains(&v),
                    forbidden: !is_space
                        && self.now.position[v] == Colour::Empty
                        && forbidden_targets.contains(&v),
                    weight: weights.as_ref().and_then(|w| w[v].clone()),
                }
            })
            .collect();
        let regions = match &setup.equipment {
            Equipment::Space(space) => (0..space.placements().len())
                .map(|i| Region {
                    name: space.placement_name(i).to_string(),
                    points: space.placements()[i].iter().copied().collect(),
                    last: matches!(&self.last, Some((Turn::Move { at, .. }, _)) if *at == i),
                    forbidden: forbidden_targets.contains(&i),
                })
                .collect(),
            _ => Vec::new(),
        };
        let mut picture = Picture {
            board: layout.kind.clone(),
            rules: setup.rules.name().to_string(),
            turn: self.index,
            turns: self.game.turns.len(),
            notes: self.notes(),
            spots,
            links: layout.links.clone(),
            seams: layout.seams.clone(),
            seam_sides: layout.seam_sides.clone(),
            regions,
            labels: layout.labels.clone(),
            width: layout.width,
            height: layout.height,
            directed: layout.directed,
        };
        self.finish_notes(&mut picture);
        picture
    }

    /// The targets (vertices, or placements on a go-space) the player to move may not play
    /// because a repetition rule forbids it: each move the rules refuse is tried on a copy
    /// of the game, and kept when the refusing clause is a repetition clause.
    fn forbidden_targets(&self) -> Vec<usize> {
        let Some(player) = self.now.to_move else {
            return Vec::new();
        };
        // Sorted (`Playable::legal_turns`): each target is looked up, not searched for (a
        // scan of the list for every target cost the square of the board a picture).
        let legal = self.playing.legal_turns();
        let targets = self.game.setup.turn_names().len();
        (0..targets)
            .filter(|&at| {
                let turn = Turn::Move { player, at };
                if legal.binary_search(&turn).is_ok() {
                    return false;
                }
                let Some(mut copy) = self.playing.fork() else {
                    return false;
                };
                match copy.play(&turn) {
                    Ok(()) => false,
                    Err(illegal) => is_repetition(&illegal),
                }
            })
            .collect()
    }

    fn notes(&self) -> Vec<String> {
        let setup = &self.game.setup;
        let mut notes = Vec::new();
        match &self.last {
            Some((turn, removed)) => {
                let mut line = format!("turn {}: {}", self.index, turn.text(setup.turn_names()));
                if !removed.is_empty() {
                    let names: Vec<&str> = removed.iter().map(|&v| setup.board.name(v)).collect();
                    line.push_str(&format!(", removes {}", names.join(" ")));
                }
                notes.push(line);
            }
            None => notes.push("the setup (turn 0)".to_string()),
        }
        if let Some([p, q]) = self.now.prisoners {
            notes.push(format!("prisoners: Black {p}, White {q}"));
        }
        if let Some([b, w]) = &self.now.scores {
            notes.push(format!(
                "scores: Black {}, White {}",
                rational::format(b),
                rational::format(w)
            ));
        }
        if let Equipment::Weights(w) = &setup.equipment {
            let (common, _) = most_frequent(&w.weight);
            notes.push(format!(
                "weights F: {} at every point not labelled; threshold T(z) = 1 when {}",
                common.map_or("-".into(), rational::format),
                w.threshold.texts().join(" or ")
            ));
        }
        match (&self.now.result, self.now.to_move) {
            (Some(r), _) => {
                let who = r
                    .winner
                    .map_or("a draw".to_string(), |p| format!("{} wins", p));
                let by = serde_json::to_value(r.by)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_string))
                    .unwrap_or_default();
                let mut line = format!("result: {who} by {by}");
                if let Some(s) = &r.score {
                    line.push_str(&format!(
                        " (Black {}, White {})",
                        rational::format(&s[0]),
                        rational::format(&s[1])
                    ));
                }
                notes.push(line);
            }
            (None, Some(p)) => notes.push(format!("{} to move", p)),
            (None, None) => {}
        }
        notes.extend(self.layout.notes.iter().cloned());
        notes
    }
}

/// True when `illegal` is a refusal by a repetition rule: superko (`ggg1:3`, `ggg3:3`), the
/// other readings (`option:repetition`), MANGO's "not new" (`mango:LEGAL`), and Topological
/// Go's turns (`topo:D10a`, `topo:D10b`) refused for repeating a colouring.
fn is_repetition(illegal: &Illegal) -> bool {
    match illegal.clause {
        Clause::Ggg(Ggg::V1R3 | Ggg::V3R3)
        | Clause::Option(RuleOption::Repetition)
        | Clause::Mango(Mango::Legal) => true,
        Clause::Topo(Topo::D10a | Topo::D10b) => illegal.reason.contains("repeat"),
        _ => false,
    }
}

/// The most frequent weight (the smallest of the most frequent on a tie) and its count.
fn most_frequent(weights: &[BigRational]) -> (Option<&BigRational>, usize) {
    let mut sorted: Vec<&BigRational> = weights.iter().collect();
    sorted.sort();
    let mut best: (Option<&BigRational>, usize) = (None, 0);
    let mut i = 0;
    while i < sorted.len() {
        let j = sorted[i..].iter().take_while(|w| **w == sorted[i]).count();
        if j > best.1 {
            best = (Some(sorted[i]), j);
        }
        i += j;
    }
    best
}

/// MANGO: the label of every point whose weight differs from the most frequent one.
fn mango_weight_labels(setup: &crate::game::Setup) -> Option<Vec<Option<String>>> {
    let Equipment::Weights(w) = &setup.equipment else {
        return None;
    };
    let (common, _) = most_frequent(&w.weight);
    Some(
        w.weight
            .iter()
            .map(|f| (Some(f) != common).then(|| rational::format(f)))
            .collect(),
    )
}

/// The shape word of a plane board, from the seams found on it.
fn plane_kind(width: usize, height: usize, sides: &[SeamSide]) -> String {
    let columns = sides.iter().find(|s| s.family == SeamFamily::Columns);
    let rows = sides.iter().any(|s| s.family == SeamFamily::Rows);
    let word = match (columns.map(|s| s.twisted), rows) {
        (None, false) => "grid",
        (Some(false), true) => "torus",
        (Some(false), false) | (None, true) => "cylinder",
        (Some(true), false) => "Moebius band",
        (Some(true), true) => "Klein bottle",
    };
    format!("{width}x{height} {word}")
}
