//! Where each point of a board is drawn, and which edges are lines, seams or arcs.
//!
//! Deterministic: the same board always gets the same coordinates (no random numbers; the
//! spring layout starts from a circle in vertex order and runs a fixed number of rounds).

use std::f64::consts::TAU;

use crate::board::{Board, Shape, Vertex};
use crate::game::{Equipment, Setup};

use super::{plane_kind, Label, Link, SeamEdge, SeamFamily, SeamSide, SPACING};

/// Room around the drawing for coordinates, seam stubs and their labels.
const MARGIN: f64 = 2.0 * SPACING;

/// Above this many points the spring layout is skipped (it costs n^2 a round): the points
/// stay on their circle.
const SPRING_MAX_POINTS: usize = 400;

/// Rounds of the spring layout.
const SPRING_ROUNDS: usize = 300;

/// A board laid out: everything of a picture that does not change from turn to turn.
#[derive(Clone, Debug)]
pub(super) struct Layout {
    pub kind: String,
    pub at: Vec<(f64, f64)>,
    pub links: Vec<Link>,
    pub seams: Vec<SeamEdge>,
    pub seam_sides: Vec<SeamSide>,
    pub labels: Vec<Label>,
    pub notes: Vec<String>,
    pub width: f64,
    pub height: f64,
    pub directed: bool,
}

impl Layout {
    pub fn of(setup: &Setup) -> Layout {
        let board: &Board = &setup.board;
        // The links: arcs when the board is a digraph that is not symmetric, else edges.
        let mut notes = Vec::new();
        let arcs = match &setup.equipment {
            Equipment::Arcs(d) if !d.is_symmetric() => Some(d.arcs().collect::<Vec<_>>()),
            Equipment::Arcs(_) => {
                notes.push("every edge is an arc both ways (a symmetric digraph)".to_string());
                None
            }
            _ => None,
        };
        let mut layout = match *board.shape() {
            Shape::Plane { width, height } => plane(board, width, height, arcs.is_none()),
            Shape::Solid { x, y, z } => solid(board, x, y, z),
            Shape::Other => spring_drawn(board),
        };
        match &setup.equipment {
            Equipment::Space(space) => {
                layout.kind = format!(
                    "go-space of {} points and {} placements",
                    board.len(),
                    space.placements().len()
                );
                notes.push(
                    "a line joins two points when one lies in the closure of the other".into(),
                );
            }
            Equipment::Arcs(d) => {
                layout.kind = format!(
                    "{} (a digraph of {} points and {} arcs)",
                    layout.kind,
                    board.len(),
                    d.arc_count()
                );
            }
            _ => {}
        }
        if let Some(arcs) = arcs {
            let set: std::collections::HashSet<(Vertex, Vertex)> = arcs.iter().copied().collect();
            layout.links = arcs
                .iter()
                .map(|&(from, to)| Link {
                    from,
                    to,
                    bent: set.contains(&(to, from)),
                })
                .collect();
            layout.directed = true;
        }
        layout.notes.extend(notes);
        layout
    }
}

/// A plane board on its `w x h` rectangle, row 1 at the bottom. An edge between points one
/// step apart is a line; an edge from the right side to the left (or top to bottom) is a
/// seam, and the seam is twisted when it joins row y to another row.
fn plane(board: &Board, w: usize, h: usize, with_seams: bool) -> Layout {
    let place = |v: Vertex| (v % w, v / w);
    let at: Vec<(f64, f64)> = (0..board.len())
        .map(|v| {
            let (x, y) = place(v);
            (
                MARGIN + x as f64 * SPACING,
                MARGIN + (h - 1 - y) as f64 * SPACING,
            )
        })
        .collect();
    let mut links = Vec::new();
    let mut columns = Vec::new();
    let mut rows = Vec::new();
    for (u, v) in board.edges() {
        let ((xu, yu), (xv, yv)) = (place(u), place(v));
        if xu.abs_diff(xv) + yu.abs_diff(yv) == 1 || !with_seams {
            links.push(Link {
                from: u,
                to: v,
                bent: false,
            });
        } else if w >= 2 && xu.max(xv) == w - 1 && xu.min(xv) == 0 {
            // Right side to left side; `from` is the right end.
            let (from, to) = if xu == w - 1 { (u, v) } else { (v, u) };
            columns.push((from, to));
        } else if h >= 2 && xu == xv && yu.max(yv) == h - 1 && yu.min(yv) == 0 {
            let (from, to) = if yu == h - 1 { (u, v) } else { (v, u) };
            rows.push((from, to));
        } else {
            links.push(Link {
                from: u,
                to: v,
                bent: false,
            });
        }
    }
    // Labels counted along the right side from the top, along the top from the left.
    columns.sort_by_key(|&(from, _)| std::cmp::Reverse(place(from).1));
    rows.sort_by_key(|&(from, _)| place(from).0);
    let mut seams = Vec::new();
    let mut seam_sides = Vec::new();
    if !columns.is_empty() {
        let twisted = columns
            .iter()
            .any(|&(from, to)| place(from).1 != place(to).1);
        seam_sides.push(SeamSide {
            family: SeamFamily::Columns,
            twisted,
        });
        seams.extend(columns.iter().enumerate().map(|(i, &(from, to))| SeamEdge {
            family: SeamFamily::Columns,
            from,
            to,
            label: seam_label(i),
        }));
    }
    if !rows.is_empty() {
        let twisted = rows.iter().any(|&(from, to)| place(from).0 != place(to).0);
        seam_sides.push(SeamSide {
            family: SeamFamily::Rows,
            twisted,
        });
        seams.extend(rows.iter().enumerate().map(|(i, &(from, to))| SeamEdge {
            family: SeamFamily::Rows,
            from,
            to,
            label: seam_label(i),
        }));
    }
    // Coordinates: GTP letters under the columns (numbers on boards over 25 wide), row
    // numbers on the left, outside the seam labels.
    let mut labels = Vec::new();
    let bottom = MARGIN + (h - 1) as f64 * SPACING;
    for x in 0..w {
        let text = if w <= 25 {
            board
                .gtp_name(x)
                .map(|g| g.trim_end_matches(char::is_numeric).to_string())
                .unwrap_or_default()
        } else {
            (x + 1).to_string()
        };
        labels.push(Label {
            x: MARGIN + x as f64 * SPACING,
            y: bottom + 1.5 * SPACING,
            text,
            class: "coordinate",
        });
    }
    for y in 0..h {
        labels.push(Label {
            x: MARGIN - 1.5 * SPACING,
            y: MARGIN + (h - 1 - y) as f64 * SPACING,
            text: (y + 1).to_string(),
            class: "coordinate",
        });
    }
    Layout {
        kind: plane_kind(w, h, &seam_sides),
        at,
        links,
        seams,
        seam_sides,
        labels,
        notes: Vec::new(),
        width: 2.0 * MARGIN + (w - 1) as f64 * SPACING,
        height: 2.0 * MARGIN + (h - 1) as f64 * SPACING,
        directed: false,
    }
}

/// `a`, `b`, …, `z`, `aa`, `ab`, …: the label shared by the two stubs of a seam edge.
fn seam_label(i: usize) -> String {
    let letter = |k: usize| char::from(b'a' + (k % 26) as u8);
    if i < 26 {
        letter(i).to_string()
    } else {
        format!("{}{}", letter(i / 26 - 1), letter(i))
    }
}

/// A cube as its layers z = 1, 2, … side by side, left to right, each a grid with row 1 at
/// the bottom; the edges between layers are not drawn (a note says so).
fn solid(board: &Board, x: usize, y: usize, z: usize) -> Layout {
    let place = |v: Vertex| (v % x, (v / x) % y, v / (x * y));
    let layer_width = (x + 1) as f64 * SPACING;
    let at: Vec<(f64, f64)> = (0..board.len())
        .map(|v| {
            let (i, j, k) = place(v);
            (
                MARGIN + k as f64 * layer_width + i as f64 * SPACING,
                MARGIN + (y - 1 - j) as f64 * SPACING,
            )
        })
        .collect();
    let links = board
        .edges()
        .filter(|&(u, v)| place(u).2 == place(v).2)
        .map(|(from, to)| Link {
            from,
            to,
            bent: false,
        })
        .collect();
    let mut labels = Vec::new();
    let bottom = MARGIN + (y - 1) as f64 * SPACING;
    for k in 0..z {
        let left = MARGIN + k as f64 * layer_width;
        labels.push(Label {
            x: left + (x - 1) as f64 * SPACING / 2.0,
            y: MARGIN - 1.2 * SPACING,
            text: format!("z = {}", k + 1),
            class: "layer",
        });
        for i in 0..x {
            labels.push(Label {
                x: left + i as f64 * SPACING,
                y: bottom + 1.2 * SPACING,
                text: (i + 1).to_string(),
                class: "coordinate",
            });
        }
    }
    for j in 0..y {
        labels.push(Label {
            x: MARGIN - 1.2 * SPACING,
            y: MARGIN + (y - 1 - j) as f64 * SPACING,
            text: (j + 1).to_string(),
            class: "coordinate",
        });
    }
    Layout {
        kind: format!("{x}x{y}x{z} cube"),
        at,
        links,
        seams: Vec::new(),
        seam_sides: Vec::new(),
        labels,
        notes: vec![format!(
            "layers z = 1 to {z} from left to right; each point is also joined to the same point of the layers beside it"
        )],
        width: 2.0 * MARGIN + ((x - 1) as f64 + (z - 1) as f64 * (x + 1) as f64) * SPACING,
        height: 2.0 * MARGIN + (y - 1) as f64 * SPACING,
        directed: false,
    }
}

/// Any other board: a spring layout, every point labelled with its name.
fn spring_drawn(board: &Board) -> Layout {
    let n = board.len();
    let edges: Vec<(Vertex, Vertex)> = board.edges().collect();
    let unit = spring(n, &edges);
    let side = SPACING * (2.5 * (n as f64).sqrt()).max(5.0);
    let at: Vec<(f64, f64)> = unit
        .iter()
        .map(|&(x, y)| (MARGIN + x * side, MARGIN + y * side))
        .collect();
    let labels = (0..n)
        .map(|v| Label {
            x: at[v].0 + 0.45 * SPACING,
            y: at[v].1 - 0.35 * SPACING,
            text: board.name(v).to_string(),
            class: "name",
        })
        .collect();
    let links = edges
        .iter()
        .map(|&(from, to)| Link {
            from,
            to,
            bent: false,
        })
        .collect();
    Layout {
        kind: format!("graph of {} vertices and {} edges", n, board.edge_count()),
        at,
        links,
        seams: Vec::new(),
        seam_sides: Vec::new(),
        labels,
        notes: Vec::new(),
        width: 2.0 * MARGIN + side,
        height: 2.0 * MARGIN + side,
        directed: false,
    }
}

/// A Fruchterman-Reingold spring layout in the unit square, started from a circle (vertex 0
/// at the top, then clockwise), with a weak pull to the centre so that the parts of a
/// disconnected board stay together. Coordinates are rounded to 1/1000 so that the last
/// bits of floating point do not reach the picture.
fn spring(n: usize, edges: &[(Vertex, Vertex)]) -> Vec<(f64, f64)> {
    if n == 0 {
        return Vec::new();
    }
    if n == 1 {
        return vec![(0.5, 0.5)];
    }
    let mut pos: Vec<(f64, f64)> = (0..n)
        .map(|i| {
            let a = TAU * i as f64 / n as f64 - TAU / 4.0;
            (0.5 + 0.5 * a.cos(), 0.5 + 0.5 * a.sin())
        })
        .collect();
    if n <= SPRING_MAX_POINTS {
        let k = (1.0 / n as f64).sqrt();
        for round in 0..SPRING_ROUNDS {
            let temperature = 0.1 * (1.0 - round as f64 / SPRING_ROUNDS as f64);
            let mut push = vec![(0.0f64, 0.0f64); n];
            for i in 0..n {
                for j in i + 1..n {
                    let (dx, dy) = (pos[i].0 - pos[j].0, pos[i].1 - pos[j].1);
                    let d = (dx * dx + dy * dy).sqrt().max(1e-4);
                    let f = k * k / d;
                    push[i].0 += dx / d * f;
                    push[i].1 += dy / d * f;
                    push[j].0 -= dx / d * f;
                    push[j].1 -= dy / d * f;
                }
            }
            for &(u, v) in edges {
                let (dx, dy) = (pos[u].0 - pos[v].0, pos[u].1 - pos[v].1);
                let d = (dx * dx + dy * dy).sqrt().max(1e-4);
                let f = d * d / k;
                push[u].0 -= dx / d * f;
                push[u].1 -= dy / d * f;
                push[v].0 += dx / d * f;
                push[v].1 += dy / d * f;
            }
            for (p, f) in pos.iter_mut().zip(&mut push) {
                f.0 -= (p.0 - 0.5) * 0.5;
                f.1 -= (p.1 - 0.5) * 0.5;
                let l = (f.0 * f.0 + f.1 * f.1).sqrt();
                if l > 0.0 {
                    let step = l.min(temperature);
                    p.0 += f.0 / l * step;
                    p.1 += f.1 / l * step;
                }
            }
        }
    }
    // Into the unit square, keeping the aspect ratio, centred.
    let (min_x, max_x) = min_max(pos.iter().map(|p| p.0));
    let (min_y, max_y) = min_max(pos.iter().map(|p| p.1));
    let extent = (max_x - min_x).max(max_y - min_y).max(1e-9);
    let (off_x, off_y) = (
        (1.0 - (max_x - min_x) / extent) / 2.0,
        (1.0 - (max_y - min_y) / extent) / 2.0,
    );
    pos.iter()
        .map(|&(x, y)| {
            let r = |t: f64| (t * 1000.0).round() / 1000.0;
            (
                r(off_x + (x - min_x) / extent),
                r(off_y + (y - min_y) / extent),
            )
        })
        .collect()
}

/// The least and the greatest of some coordinates.
pub(super) fn min_max(values: impl Iterator<Item = f64>) -> (f64, f64) {
    values.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
        (lo.min(v), hi.max(v))
    })
}
