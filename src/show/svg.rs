//! A [`Picture`] as a self-contained SVG document: no external reference (the only `url(#…)`
//! is the arrowhead defined in the document itself), a generic font family, and the same
//! bytes for the same picture.

use std::fmt::Write as _;

use crate::game::Colour;

use super::layout::min_max as extent;
use super::{Picture, SeamFamily, Spot, SPACING};

/// The radius of a stone.
const STONE: f64 = 0.45 * SPACING;
/// How far a seam stub reaches out of the rectangle.
const STUB: f64 = 0.5 * SPACING;
/// The height of a line of notes under the drawing.
const NOTE_LINE: f64 = 18.0;

/// Colours of the seams (the same on both glued sides): red for the columns, blue for the
/// rows.
fn seam_colour(family: SeamFamily) -> &'static str {
    match family {
        SeamFamily::Columns => "#c0392b",
        SeamFamily::Rows => "#2c6fbb",
    }
}

/// Fills of the placements of a go-space, in turn.
const REGION_FILLS: [&str; 8] = [
    "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#17becf",
];

const STYLE: &str = "
.background { fill: #e9c882; }
.edge, .arc { stroke: #5a4a2a; stroke-width: 1.5; fill: none; }
.arc { stroke: #333; }
.point { fill: #5a4a2a; }
.stone.black { fill: #1b1b1b; stroke: #000; stroke-width: 1; }
.stone.white { fill: #fbfbf8; stroke: #333; stroke-width: 1; }
.last-turn { fill: none; stroke-width: 2.5; }
.last-turn.on-black { stroke: #f5f5f5; }
.last-turn.on-white { stroke: #1b1b1b; }
.removed { stroke: #a33; stroke-width: 2.5; fill: none; opacity: 0.8; }
.ghost { fill: none; stroke: #a33; stroke-width: 1; stroke-dasharray: 3 3; opacity: 0.8; }
.forbidden { fill: none; stroke: #7a1fa2; stroke-width: 2.5; }
.seam-edge, .seam-side { stroke-width: 2; stroke-dasharray: 5 4; fill: none; }
.seam-label { font-size: 12px; font-weight: bold; }
.coordinate, .layer { font-size: 13px; fill: #333; }
.layer { font-weight: bold; }
.name { font-size: 12px; fill: #222; }
.weight { font-size: 11px; fill: #0b5d1e; font-weight: bold; }
.placement-name { font-size: 11px; fill: #222; font-style: italic; }
.placement.last-turn-region { stroke-dasharray: none; }
.forbidden-region { stroke: #7a1fa2; stroke-width: 2.5; fill: none; stroke-dasharray: 6 3; }
.note { font-size: 13px; fill: #111; }
";

/// The SVG document of a picture.
pub fn svg(p: &Picture) -> String {
    let mut out = String::new();
    let longest = p.notes.iter().map(|n| n.chars().count()).max().unwrap_or(0);
    let width = p.width.max(longest as f64 * 7.0 + 20.0);
    let height = p.height + NOTE_LINE * (p.notes.len() as f64 + 1.0);
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" class="graphgo-position" data-rules="{rules}" data-turn="{turn}" data-turns="{turns}">"#,
        w = num(width),
        h = num(height),
        rules = escape(&p.rules),
        turn = p.turn,
        turns = p.turns,
    );
    let _ = writeln!(
        out,
        "<title>{} on a {}, after turn {} of {}</title>",
        escape(&p.rules),
        escape(&p.board),
        p.turn,
        p.turns
    );
    let _ = writeln!(out, "<style>{STYLE}</style>");
    out.push_str(
        r##"<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#333"/></marker></defs>"##,
    );
    out.push('\n');
    let _ = writeln!(
        out,
        r#"<rect class="background" x="0" y="0" width="{}" height="{}"/>"#,
        num(width),
        num(p.height)
    );
    // The board centred above notes wider than it.
    let _ = writeln!(
        out,
        r#"<g class="board" transform="translate({} 0)">"#,
        num((width - p.width) / 2.0)
    );
    regions(&mut out, p);
    links(&mut out, p);
    seams(&mut out, p);
    points(&mut out, p);
    labels(&mut out, p);
    out.push_str("</g>\n");
    for (i, note) in p.notes.iter().enumerate() {
        let _ = writeln!(
            out,
            r#"<text class="note" x="10" y="{}">{}</text>"#,
            num(p.height + NOTE_LINE * (i as f64 + 1.0)),
            escape(note)
        );
    }
    out.push_str("</svg>\n");
    out
}

/// Go-spaces: each placement a padded convex hull around its points (a thick round-joined
/// outline filled in the same colour), and its name.
fn regions(out: &mut String, p: &Picture) {
    if p.regions.is_empty() {
        return;
    }
    out.push_str("<g class=\"regions\">\n");
    for (i, r) in p.regions.iter().enumerate() {
        let fill = REGION_FILLS[i % REGION_FILLS.len()];
        let corners: Vec<(f64, f64)> = r.points.iter().map(|&v| spot_at(&p.spots[v])).collect();
        let hull = convex_hull(&corners);
        let d = outline(&hull);
        let mut class = String::from("placement");
        if r.last {
            class.push_str(" last-turn-region");
        }
        let _ = writeln!(
            out,
            r#"<path class="{class}" data-placement="{name}" d="{d}" fill="{fill}" stroke="{fill}" stroke-width="{sw}" stroke-linejoin="round" stroke-linecap="round" opacity="{op}"/>"#,
            name = escape(&r.name),
            sw = num(2.0 * STONE + 10.0),
            op = if r.last { "0.45" } else { "0.25" },
        );
        if r.forbidden {
            let _ = writeln!(
                out,
                r#"<path class="forbidden-region" data-placement="{name}" d="{d}" stroke-width="2.5" stroke-linejoin="round"/>"#,
                name = escape(&r.name),
            );
        }
        // A placement of one point named like it needs no second label.
        if r.points.len() == 1 && p.spots[r.points[0]].name == r.name {
            continue;
        }
        let top = hull
            .iter()
            .copied()
            .fold((f64::INFINITY, f64::INFINITY), |a, b| {
                if (b.1, b.0) < (a.1, a.0) {
                    b
                } else {
                    a
                }
            });
        let _ = writeln!(
            out,
            r#"<text class="placement-name" x="{}" y="{}" text-anchor="middle">{}</text>"#,
            num(top.0),
            num(top.1 - STONE - 8.0),
            escape(&r.name)
        );
    }
    out.push_str("</g>\n");
}

/// A path through the hull's corners (a closed polygon; one point or two are a dot or a
/// segment, which the round stroke turns into a disc or a capsule).
fn outline(hull: &[(f64, f64)]) -> String {
    let mut d = String::new();
    for (i, &(x, y)) in hull.iter().enumerate() {
        let _ = write!(
            d,
            "{}{} {} ",
            if i == 0 { "M " } else { "L " },
            num(x),
            num(y)
        );
    }
    if hull.len() == 1 {
        let _ = write!(d, "L {} {} ", num(hull[0].0), num(hull[0].1));
    }
    d.push('Z');
    d
}

/// The convex hull of points, counter-clockwise (Andrew's monotone chain); duplicates
/// dropped.
fn convex_hull(points: &[(f64, f64)]) -> Vec<(f64, f64)> {
    let mut pts: Vec<(f64, f64)> = points.to_vec();
    pts.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
    pts.dedup();
    if pts.len() <= 2 {
        return pts;
    }
    let cross = |o: (f64, f64), a: (f64, f64), b: (f64, f64)| {
        (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0)
    };
    let mut hull: Vec<(f64, f64)> = Vec::with_capacity(2 * pts.len());
    for pass in 0..2 {
        let start = hull.len();
        let ordered: Box<dyn Iterator<Item = &(f64, f64)>> = if pass == 0 {
            Box::new(pts.iter())
        } else {
            Box::new(pts.iter().rev())
        };
        for &q in ordered {
            while hull.len() >= start + 2
                && cross(hull[hull.len() - 2], hull[hull.len() - 1], q) <= 0.0
            {
                hull.pop();
            }
            hull.push(q);
        }
        hull.pop();
    }
    hull
}

fn spot_at(s: &Spot) -> (f64, f64) {
    (s.x, s.y)
}

/// Edges as lines; arcs as lines (or bends, when the reverse arc is drawn too) ending in an
/// arrowhead at the rim of the head's stone.
fn links(out: &mut String, p: &Picture) {
    out.push_str("<g class=\"links\">\n");
    for l in &p.links {
        let (a, b) = (spot_at(&p.spots[l.from]), spot_at(&p.spots[l.to]));
        let names = format!(
            r#"data-from="{}" data-to="{}""#,
            escape(&p.spots[l.from].name),
            escape(&p.spots[l.to].name)
        );
        if !p.directed {
            let _ = writeln!(
                out,
                r#"<line class="edge" {names} x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
                num(a.0),
                num(a.1),
                num(b.0),
                num(b.1)
            );
            continue;
        }
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = (dx * dx + dy * dy).sqrt().max(1e-9);
        let (ux, uy) = (dx / len, dy / len);
        let gap = STONE + 2.0;
        let start = (a.0 + ux * gap, a.1 + uy * gap);
        let end = (b.0 - ux * gap, b.1 - uy * gap);
        let d = if l.bent {
            // Bend to the right of the direction of travel: the reverse arc bends the other way.
            let mid = ((start.0 + end.0) / 2.0, (start.1 + end.1) / 2.0);
            let bend = 0.18 * len;
            let control = (mid.0 - uy * bend, mid.1 + ux * bend);
            format!(
                "M {} {} Q {} {} {} {}",
                num(start.0),
                num(start.1),
                num(control.0),
                num(control.1),
                num(end.0),
                num(end.1)
            )
        } else {
            format!(
                "M {} {} L {} {}",
                num(start.0),
                num(start.1),
                num(end.0),
                num(end.1)
            )
        };
        let _ = writeln!(
            out,
            r#"<path class="arc" {names} d="{d}" marker-end="url(#arrow)"/>"#
        );
    }
    out.push_str("</g>\n");
}

/// The glued sides (dashed, with an arrow each: the same way on a straight seam, opposite
/// ways on a twisted one) and, for every edge across a seam, a stub out of each end with the
/// label both ends share.
fn seams(out: &mut String, p: &Picture) {
    if p.seam_sides.is_empty() {
        return;
    }
    let (min_x, max_x) = extent(p.spots.iter().map(|s| s.x));
    let (min_y, max_y) = extent(p.spots.iter().map(|s| s.y));
    out.push_str("<g class=\"seams\">\n");
    for side in &p.seam_sides {
        let colour = seam_colour(side.family);
        let class = side.family.class();
        let twist = if side.twisted { " twisted" } else { "" };
        // Each side: its line, then its arrow at the middle.
        let (first, second, first_dir, second_dir) = match side.family {
            SeamFamily::Columns => {
                let l = ((min_x - STUB, max_y), (min_x - STUB, min_y));
                let r = ((max_x + STUB, max_y), (max_x + STUB, min_y));
                (l, r, "up", if side.twisted { "down" } else { "up" })
            }
            SeamFamily::Rows => {
                let b = ((min_x, max_y + STUB), (max_x, max_y + STUB));
                let t = ((min_x, min_y - STUB), (max_x, min_y - STUB));
                (b, t, "right", if side.twisted { "left" } else { "right" })
            }
        };
        for (which, ((x1, y1), (x2, y2)), dir) in
            [("first", first, first_dir), ("second", second, second_dir)]
        {
            let _ = writeln!(
                out,
                r#"<line class="seam-side {class}{twist}" data-side="{which}" x1="{}" y1="{}" x2="{}" y2="{}" stroke="{colour}"/>"#,
                num(x1),
                num(y1),
                num(x2),
                num(y2)
            );
            let (mx, my) = ((x1 + x2) / 2.0, (y1 + y2) / 2.0);
            let tip = match dir {
                "up" => format!(
                    "M {} {} L {} {} L {} {} Z",
                    num(mx - 7.0),
                    num(my + 6.0),
                    num(mx),
                    num(my - 8.0),
                    num(mx + 7.0),
                    num(my + 6.0)
                ),
                "down" => format!(
                    "M {} {} L {} {} L {} {} Z",
                    num(mx - 7.0),
                    num(my - 6.0),
                    num(mx),
                    num(my + 8.0),
                    num(mx + 7.0),
                    num(my - 6.0)
                ),
                "right" => format!(
                    "M {} {} L {} {} L {} {} Z",
                    num(mx - 6.0),
                    num(my - 7.0),
                    num(mx + 8.0),
                    num(my),
                    num(mx - 6.0),
                    num(my + 7.0)
                ),
                _ => format!(
                    "M {} {} L {} {} L {} {} Z",
                    num(mx + 6.0),
                    num(my - 7.0),
                    num(mx - 8.0),
                    num(my),
                    num(mx + 6.0),
                    num(my + 7.0)
                ),
            };
            let _ = writeln!(
                out,
                r#"<path class="seam-arrow {class} {dir}" data-side="{which}" d="{tip}" fill="{colour}"/>"#
            );
        }
    }
    for e in &p.seams {
        let colour = seam_colour(e.family);
        let class = e.family.class();
        for (end, v) in [("from", e.from), ("to", e.to)] {
            let s = &p.spots[v];
            // Out of the side the point lies on: right/top for `from`, left/bottom for `to`.
            let (dx, dy) = match (e.family, end) {
                (SeamFamily::Columns, "from") => (1.0, 0.0),
                (SeamFamily::Columns, _) => (-1.0, 0.0),
                (SeamFamily::Rows, "from") => (0.0, -1.0),
                (SeamFamily::Rows, _) => (0.0, 1.0),
            };
            let _ = writeln!(
                out,
                r#"<line class="seam-edge {class}" data-end="{end}" data-point="{name}" data-label="{label}" x1="{}" y1="{}" x2="{}" y2="{}" stroke="{colour}"/>"#,
                num(s.x),
                num(s.y),
                num(s.x + dx * STUB),
                num(s.y + dy * STUB),
                name = escape(&s.name),
                label = escape(&e.label),
            );
            let _ = writeln!(
                out,
                r#"<text class="seam-label {class}" data-end="{end}" data-point="{name}" x="{}" y="{}" text-anchor="middle" dominant-baseline="central" fill="{colour}">{label}</text>"#,
                num(s.x + dx * (STUB + 11.0)),
                num(s.y + dy * (STUB + 11.0)),
                name = escape(&s.name),
                label = escape(&e.label),
            );
        }
    }
    out.push_str("</g>\n");
}

/// Points, stones and their marks: the last turn (a ring on the stone), the stones it
/// removed (a dashed ghost with a cross), the points a repetition rule forbids (a square),
/// and MANGO's weights.
fn points(out: &mut String, p: &Picture) {
    out.push_str("<g class=\"points\">\n");
    for s in &p.spots {
        let title = match &s.gtp {
            Some(g) => format!("{} ({g})", s.name),
            None => s.name.clone(),
        };
        let (x, y) = (num(s.x), num(s.y));
        let name = escape(&s.name);
        match s.colour {
            Colour::Empty => {
                let _ = writeln!(
                    out,
                    r#"<circle class="point" data-point="{name}" cx="{x}" cy="{y}" r="3.5"><title>{}</title></circle>"#,
                    escape(&title)
                );
            }
            colour => {
                let word = if colour == Colour::Black {
                    "black"
                } else {
                    "white"
                };
                let _ = writeln!(
                    out,
                    r#"<circle class="stone {word}" data-point="{name}" cx="{x}" cy="{y}" r="{}"><title>{} {word}</title></circle>"#,
                    num(STONE),
                    escape(&title)
                );
                if s.last {
                    let _ = writeln!(
                        out,
                        r#"<circle class="last-turn on-{word}" data-point="{name}" cx="{x}" cy="{y}" r="{}"/>"#,
                        num(STONE * 0.45)
                    );
                }
            }
        }
        if s.removed {
            let a = STONE * 0.5;
            let _ = writeln!(
                out,
                r#"<circle class="ghost" data-point="{name}" cx="{x}" cy="{y}" r="{}"/>"#,
                num(STONE)
            );
            let _ = writeln!(
                out,
                r#"<path class="removed" data-point="{name}" d="M {} {} L {} {} M {} {} L {} {}"/>"#,
                num(s.x - a),
                num(s.y - a),
                num(s.x + a),
                num(s.y + a),
                num(s.x - a),
                num(s.y + a),
                num(s.x + a),
                num(s.y - a)
            );
        }
        if s.forbidden {
            let a = STONE * 0.55;
            let _ = writeln!(
                out,
                r#"<rect class="forbidden" data-point="{name}" x="{}" y="{}" width="{}" height="{}"><title>{} may not be played now: a repetition rule forbids it</title></rect>"#,
                num(s.x - a),
                num(s.y - a),
                num(2.0 * a),
                num(2.0 * a),
                escape(&title)
            );
        }
        if let Some(w) = &s.weight {
            let _ = writeln!(
                out,
                r#"<text class="weight" data-point="{name}" x="{}" y="{}" text-anchor="end">{}</text>"#,
                num(s.x - STONE * 0.6),
                num(s.y - STONE * 0.6),
                escape(w)
            );
        }
    }
    out.push_str("</g>\n");
}

fn labels(out: &mut String, p: &Picture) {
    if p.labels.is_empty() {
        return;
    }
    out.push_str("<g class=\"labels\">\n");
    for l in &p.labels {
        let anchor = if l.class == "name" { "start" } else { "middle" };
        let _ = writeln!(
            out,
            r#"<text class="{}" x="{}" y="{}" text-anchor="{anchor}" dominant-baseline="central">{}</text>"#,
            l.class,
            num(l.x),
            num(l.y),
            escape(&l.text)
        );
    }
    out.push_str("</g>\n");
}

/// A coordinate with at most one decimal, `-0` written `0`: the same text on every machine.
fn num(x: f64) -> String {
    let r = (x * 10.0).round() / 10.0;
    if r == 0.0 {
        "0".to_string()
    } else if r.fract() == 0.0 {
        format!("{r:.0}")
    } else {
        format!("{r:.1}")
    }
}

/// Text and attribute values escaped for XML.
pub(super) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // XML 1.0 has no way to write most control characters: drop them.
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => {}
            c => out.push(c),
        }
    }
    out
}
