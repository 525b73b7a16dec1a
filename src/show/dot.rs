//! A [`Picture`] as Graphviz DOT: one node per point (filled black or white for a stone, with
//! its position pinned as `pos`, for `neato -n`), one edge per link (`->` on a digraph), the
//! seam edges dashed in their side's colour, and on a go-space one box per placement joined
//! to its points by dotted edges.

use std::fmt::Write as _;

use crate::game::Colour;

use super::{Picture, SeamFamily};

/// The DOT text of a picture.
pub fn dot(p: &Picture) -> String {
    let mut out = String::new();
    let (kind, arrow) = if p.directed {
        ("digraph", "->")
    } else {
        ("graph", "--")
    };
    let _ = writeln!(out, "{kind} position {{");
    let _ = writeln!(
        out,
        "  label={};",
        quote(&format!(
            "{} on a {}, after turn {} of {}\n{}",
            p.rules,
            p.board,
            p.turn,
            p.turns,
            p.notes.join("\n")
        ))
    );
    out.push_str("  node [shape=circle, width=0.3, fixedsize=true, fontsize=9];\n");
    for s in &p.spots {
        let (style, fill, font) = match s.colour {
            Colour::Black => ("filled", "black", "white"),
            Colour::White => ("filled", "white", "black"),
            Colour::Empty => ("solid", "none", "black"),
        };
        let mut label = s.name.clone();
        if let Some(w) = &s.weight {
            label.push_str(&format!("\nF={w}"));
        }
        let mut extra = String::new();
        if s.last {
            extra.push_str(", penwidth=3, color=red");
        }
        if s.forbidden {
            extra.push_str(", shape=square");
        }
        let marks: Vec<&str> = [(s.removed, "removed"), (s.forbidden, "forbidden")]
            .iter()
            .filter(|(on, _)| *on)
            .map(|&(_, word)| word)
            .collect();
        if !marks.is_empty() {
            extra.push_str(&format!(", xlabel={}", quote(&marks.join(", "))));
        }
        // Graphviz reads positions in points, y upwards.
        let _ = writeln!(
            out,
            "  {} [label={}, style={style}, fillcolor={fill}, fontcolor={font}, pos=\"{},{}\"{extra}];",
            quote(&s.name),
            quote(&label),
            num(s.x),
            num(p.height - s.y),
        );
    }
    for l in &p.links {
        let _ = writeln!(
            out,
            "  {} {arrow} {};",
            quote(&p.spots[l.from].name),
            quote(&p.spots[l.to].name)
        );
    }
    for e in &p.seams {
        let colour = match e.family {
            SeamFamily::Columns => "red",
            SeamFamily::Rows => "blue",
        };
        let _ = writeln!(
            out,
            "  {} {arrow} {} [style=dashed, color={colour}, label={}];",
            quote(&p.spots[e.from].name),
            quote(&p.spots[e.to].name),
            quote(&e.label)
        );
    }
    for r in &p.regions {
        let id = format!("placement {}", r.name);
        let mut extra = String::new();
        if r.last {
            extra.push_str(", penwidth=3, color=red");
        }
        if r.forbidden {
            extra.push_str(", xlabel=\"forbidden\"");
        }
        let _ = writeln!(
            out,
            "  {} [shape=box, style=dashed, fixedsize=false, label={}{extra}];",
            quote(&id),
            quote(&r.name)
        );
        for &v in &r.points {
            let _ = writeln!(
                out,
                "  {} {arrow} {} [style=dotted, arrowhead=none];",
                quote(&id),
                quote(&p.spots[v].name)
            );
        }
    }
    out.push_str("}\n");
    out
}

/// A DOT quoted string.
fn quote(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn num(x: f64) -> String {
    let r = (x * 10.0).round() / 10.0;
    if r == 0.0 {
        "0".to_string()
    } else {
        format!("{r}")
    }
}
