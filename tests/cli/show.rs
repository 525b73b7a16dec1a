//! `graphgo show`: a picture test per board kind of spec/FORMAT.md. Each SVG is parsed as XML
//! (roxmltree) and the stones, seams, layers, placements, arcs, weights and marks are checked
//! against what the record says, worked out by hand in the comments; the DOT output is
//! counted node by node and edge by edge; the committed pictures of spec/COMMANDS.md are checked
//! to be what `graphgo show` draws now.

use std::path::{Path, PathBuf};
use std::process::Command;

use graphgo::io::record::{Game, Record};
use graphgo::show::{self, Format};
use roxmltree::{Document, Node};

fn game(yaml: &str) -> Game {
    Record::parse(yaml, false)
        .expect("the test's record parses")
        .game()
        .expect("the test's record is a game")
}

fn example(path: &str) -> Game {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    Record::load(&file)
        .and_then(|r| r.game())
        .unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn svg_of(game: &Game, turn: Option<usize>) -> String {
    show::render(game, turn, Format::Svg).expect("a picture")
}

/// True when `node`'s class attribute holds every word of `classes`.
fn has_classes(node: &Node, classes: &[&str]) -> bool {
    let words: Vec<&str> = node.attribute("class").unwrap_or("").split(' ').collect();
    classes.iter().all(|c| words.contains(c))
}

/// The elements named `tag` that have every class in `classes`.
fn all<'a>(doc: &'a Document, tag: &str, classes: &[&str]) -> Vec<Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| n.is_element() && n.tag_name().name() == tag && has_classes(n, classes))
        .collect()
}

fn count(doc: &Document, tag: &str, classes: &[&str]) -> usize {
    all(doc, tag, classes).len()
}

fn number(node: &Node, attribute: &str) -> f64 {
    node.attribute(attribute)
        .unwrap_or_else(|| panic!("no {attribute} on {node:?}"))
        .parse()
        .expect("a number")
}

/// The centre of the point named `name` (drawn as a point or a stone).
fn centre(doc: &Document, name: &str) -> (f64, f64) {
    let node = doc
        .descendants()
        .find(|n| {
            n.tag_name().name() == "circle"
                && n.attribute("data-point") == Some(name)
                && (has_classes(n, &["point"]) || has_classes(n, &["stone"]))
        })
        .unwrap_or_else(|| panic!("no point {name}"));
    (number(&node, "cx"), number(&node, "cy"))
}

/// The names carried by `data-point` of the elements `tag` with `classes`, sorted.
fn points_of(doc: &Document, tag: &str, classes: &[&str]) -> Vec<String> {
    let mut names: Vec<String> = all(doc, tag, classes)
        .iter()
        .map(|n| n.attribute("data-point").unwrap_or("").to_string())
        .collect();
    names.sort();
    names
}

fn texts(doc: &Document, classes: &[&str]) -> Vec<String> {
    all(doc, "text", classes)
        .iter()
        .map(|n| n.text().unwrap_or("").to_string())
        .collect()
}

fn parse(text: &str) -> Document<'_> {
    Document::parse(text).unwrap_or_else(|e| panic!("the SVG is not XML: {e}\n{text}"))
}

/// Everything a picture must be whatever the board: XML with the SVG namespace, no reference
/// out of the document, the same text when drawn twice.
fn self_contained(game: &Game, turn: Option<usize>, svg: &str) {
    let doc = parse(svg);
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let ids: Vec<&str> = doc
        .descendants()
        .filter_map(|n| n.attribute("id"))
        .collect();
    for node in doc.descendants().filter(|n| n.is_element()) {
        for a in node.attributes() {
            assert!(
                !a.name().contains("href"),
                "a reference out of the picture: {a:?}"
            );
            if let Some(rest) = a.value().strip_prefix("url(#") {
                let id = rest.trim_end_matches(')');
                assert!(
                    ids.contains(&id),
                    "url(#{id}) is not defined in the picture"
                );
            } else {
                assert!(!a.value().contains("url("), "an outside url: {a:?}");
            }
        }
    }
    assert!(!svg.contains("http://") || svg.matches("http://").count() == 1);
    assert!(
        svg == svg_of(game, turn),
        "not the same picture when drawn twice"
    );
}

const GRID: &str = r#"
rules: ggg1
board: {grid: [9, 9]}
setup: {black: [D4], white: [C3]}
moves: ["B 2-3", "W E5", "B C2", "W pass", "B D3", "W pass", "B C4"]
"#;

/// A 9x9 grid. Setup: Black D4, White C3. Black B3 (2-3), White E5, Black C2, White passes,
/// Black D3, White passes, Black C4: C3's neighbours B3, D3, C2 and C4 are all Black's, so
/// the last turn removes it. Black: B3, C2, D3, D4, C4; White: E5; 75 points empty.
#[test]
fn grid_stones_coordinates_and_last_turn() {
    let g = game(GRID);
    let svg = svg_of(&g, None);
    self_contained(&g, None, &svg);
    let doc = parse(&svg);
    assert_eq!(
        points_of(&doc, "circle", &["stone", "black"]),
        ["2-3", "3-2", "3-4", "4-3", "4-4"]
    );
    assert_eq!(points_of(&doc, "circle", &["stone", "white"]), ["5-5"]);
    // 81 points: the 75 empty ones are drawn as points.
    assert_eq!(count(&doc, "circle", &["point"]), 75);
    // A 9x9 grid has 2 * 8 * 9 = 144 edges, every one a line.
    assert_eq!(count(&doc, "line", &["edge"]), 144);
    assert_eq!(count(&doc, "line", &["seam-edge"]), 0);
    // D4 is 4-4: three steps right of A1 and three up, every step the same.
    let a1 = centre(&doc, "1-1");
    let b1 = centre(&doc, "2-1");
    let step = b1.0 - a1.0;
    assert!(step > 0.0);
    assert_eq!(b1.1, a1.1);
    let d4 = centre(&doc, "4-4");
    assert_eq!((d4.0 - a1.0, a1.1 - d4.1), (3.0 * step, 3.0 * step));
    let j9 = centre(&doc, "9-9");
    assert_eq!((j9.0 - a1.0, a1.1 - j9.1), (8.0 * step, 8.0 * step));
    // GTP letters under the columns skip I: A..H, J; D sits under D4.
    let letters = all(&doc, "text", &["coordinate"]);
    let column_d = letters
        .iter()
        .find(|n| n.text() == Some("D"))
        .expect("a column D");
    assert_eq!(number(column_d, "x"), d4.0);
    assert!(letters.iter().any(|n| n.text() == Some("J")));
    assert!(!letters.iter().any(|n| n.text() == Some("I")));
    // The last turn is Black C4 (3-4); it removed C3.
    assert_eq!(points_of(&doc, "circle", &["last-turn"]), ["3-4"]);
    assert_eq!(points_of(&doc, "path", &["removed"]), ["3-3"]);
    // The setup: two stones, no last turn.
    let doc0_text = svg_of(&g, Some(0));
    let doc0 = parse(&doc0_text);
    assert_eq!(points_of(&doc0, "circle", &["stone", "black"]), ["4-4"]);
    assert_eq!(count(&doc0, "circle", &["last-turn"]), 0);
}

/// spec/examples/ggg/torus_seam_capture.yaml: White 1-1 on a 5x5 torus; Black 2-1, 5-1,
/// 1-2 and 1-5 (turn 7) take its four liberties, two of them across the seams, and remove it.
#[test]
fn torus_capture_across_both_seams() {
    let g = example("spec/examples/ggg/torus_seam_capture.yaml");
    let svg = svg_of(&g, Some(7));
    self_contained(&g, Some(7), &svg);
    let doc = parse(&svg);
    assert!(svg.contains("5x5 torus"));
    assert_eq!(
        points_of(&doc, "circle", &["stone", "black"]),
        ["1-2", "1-5", "2-1", "5-1"]
    );
    assert_eq!(count(&doc, "circle", &["stone", "white"]), 0);
    assert_eq!(points_of(&doc, "path", &["removed"]), ["1-1"]);
    assert_eq!(points_of(&doc, "circle", &["last-turn"]), ["1-5"]);
    // Two glued pairs of sides, neither twisted; the arrows point the same way on both.
    for family in ["columns", "rows"] {
        assert_eq!(count(&doc, "line", &["seam-side", family]), 2);
        assert_eq!(count(&doc, "line", &["seam-side", family, "twisted"]), 0);
    }
    assert_eq!(count(&doc, "path", &["seam-arrow", "columns", "up"]), 2);
    assert_eq!(count(&doc, "path", &["seam-arrow", "rows", "right"]), 2);
    // Five seam edges each way (one per row, one per column), a stub at both ends.
    assert_eq!(count(&doc, "line", &["seam-edge", "columns"]), 10);
    assert_eq!(count(&doc, "line", &["seam-edge", "rows"]), 10);
    // The grid inside: 2 * 4 * 5 = 40 edges.
    assert_eq!(count(&doc, "line", &["edge"]), 40);
    // Each column seam joins row y on the right (5-y) to row y on the left (1-y), with one
    // label at both ends.
    for y in 1..=5 {
        let right = format!("5-{y}");
        let left = format!("1-{y}");
        let label = |name: &str, end: &str| {
            all(&doc, "line", &["seam-edge", "columns"])
                .iter()
                .find(|n| {
                    n.attribute("data-point") == Some(name) && n.attribute("data-end") == Some(end)
                })
                .and_then(|n| n.attribute("data-label"))
                .unwrap_or_else(|| panic!("no stub at {name}"))
                .to_string()
        };
        assert_eq!(label(&right, "from"), label(&left, "to"));
    }
}

/// A 4x3 Moebius band: (4, y) is joined to (1, 4 - y). White 1-1's neighbours are 2-1, 1-2
/// and, across the twisted seam, 4-3; Black fills all three and removes it at turn 5.
#[test]
fn moebius_twist_and_capture_across_it() {
    let g = game(
        r#"
rules: ggg1
board: {moebius: [4, 3]}
setup: {white: [1-1]}
moves: ["B 2-1", "W pass", "B 1-2", "W pass", "B 4-3"]
"#,
    );
    let svg = svg_of(&g, None);
    self_contained(&g, None, &svg);
    let doc = parse(&svg);
    assert!(svg.contains("4x3 Moebius band"));
    assert_eq!(points_of(&doc, "path", &["removed"]), ["1-1"]);
    assert_eq!(points_of(&doc, "circle", &["last-turn"]), ["4-3"]);
    // Only the columns are glued, with a twist: the arrows point opposite ways.
    assert_eq!(count(&doc, "line", &["seam-side", "columns", "twisted"]), 2);
    assert_eq!(count(&doc, "line", &["seam-side", "rows"]), 0);
    let arrows: Vec<(String, String)> = all(&doc, "path", &["seam-arrow", "columns"])
        .iter()
        .map(|n| {
            let class = n.attribute("class").unwrap();
            let dir = if class.contains(" up") { "up" } else { "down" };
            (
                n.attribute("data-side").unwrap().to_string(),
                dir.to_string(),
            )
        })
        .collect();
    assert_eq!(
        arrows,
        [
            ("first".to_string(), "up".to_string()),
            ("second".to_string(), "down".to_string())
        ]
    );
    // 3 seam edges, 6 stubs; each label joins 4-y on the right to 1-(4-y) on the left.
    let stubs = all(&doc, "line", &["seam-edge", "columns"]);
    assert_eq!(stubs.len(), 6);
    for y in 1..=3 {
        let at = |name: String, end: &str| {
            stubs
                .iter()
                .find(|n| {
                    n.attribute("data-point") == Some(name.as_str())
                        && n.attribute("data-end") == Some(end)
                })
                .and_then(|n| n.attribute("data-label"))
                .map(str::to_string)
        };
        let label = at(format!("4-{y}"), "from").expect("a stub on the right");
        assert_eq!(at(format!("1-{}", 4 - y), "to"), Some(label));
    }
    // The labels down the right side read a, b, c from the top; up the left side they read
    // a, b, c from the bottom: the twist.
    let side_labels = |end: &str| {
        let mut by_height: Vec<(f64, String)> = all(&doc, "text", &["seam-label", "columns"])
            .iter()
            .filter(|n| n.attribute("data-end") == Some(end))
            .map(|n| (number(n, "y"), n.text().unwrap().to_string()))
            .collect();
        by_height.sort_by(|a, b| a.0.partial_cmp(&b.0).unwrap());
        by_height.into_iter().map(|(_, t)| t).collect::<Vec<_>>()
    };
    assert_eq!(side_labels("from"), ["a", "b", "c"]);
    assert_eq!(side_labels("to"), ["c", "b", "a"]);
    // 4x3 grid edges: 3 * 3 + 4 * 2 = 17.
    assert_eq!(count(&doc, "line", &["edge"]), 17);
}

/// A 4x4 Klein bottle: the columns glued with a twist, the rows straight; a 4x4 cylinder:
/// the columns straight, the rows not glued.
#[test]
fn klein_bottle_and_cylinder_seams() {
    let klein = game("rules: ggg1\nboard: {klein: [4, 4]}\nmoves: [B 1-1]\n");
    let svg = svg_of(&klein, None);
    self_contained(&klein, None, &svg);
    let doc = parse(&svg);
    assert!(svg.contains("4x4 Klein bottle"));
    assert_eq!(count(&doc, "line", &["seam-side", "columns", "twisted"]), 2);
    assert_eq!(count(&doc, "line", &["seam-side", "rows"]), 2);
    assert_eq!(count(&doc, "line", &["seam-side", "rows", "twisted"]), 0);
    assert_eq!(count(&doc, "path", &["seam-arrow", "columns", "down"]), 1);
    assert_eq!(count(&doc, "path", &["seam-arrow", "rows", "right"]), 2);
    // 4 column seam edges and 4 row seam edges, two stubs each.
    assert_eq!(count(&doc, "line", &["seam-edge"]), 16);

    let cylinder = game("rules: ggg1\nboard: {cylinder: [4, 3]}\n");
    let svg = svg_of(&cylinder, None);
    let doc = parse(&svg);
    assert!(svg.contains("4x3 cylinder"));
    assert_eq!(count(&doc, "line", &["seam-side", "columns"]), 2);
    assert_eq!(count(&doc, "line", &["seam-side", "twisted"]), 0);
    assert_eq!(count(&doc, "line", &["seam-side", "rows"]), 0);
    assert_eq!(count(&doc, "line", &["seam-edge", "columns"]), 6);
}

/// A 2x2x3 cube: three layers side by side, each a 2x2 grid (4 edges drawn per layer, the
/// 2 * 4 edges between layers are said in a note); 1-1-2 is drawn level with 1-1-1, to its
/// right, in the second layer.
#[test]
fn cube_layers_side_by_side() {
    let g = game("rules: ggg1\nboard: {cube: [2, 2, 3]}\nmoves: [B 1-1-2, W 2-2-3]\n");
    let svg = svg_of(&g, None);
    self_contained(&g, None, &svg);
    let doc = parse(&svg);
    assert_eq!(texts(&doc, &["layer"]), ["z = 1", "z = 2", "z = 3"]);
    assert_eq!(count(&doc, "line", &["edge"]), 12);
    assert_eq!(points_of(&doc, "circle", &["stone", "black"]), ["1-1-2"]);
    assert_eq!(points_of(&doc, "circle", &["stone", "white"]), ["2-2-3"]);
    let (a, b, c) = (
        centre(&doc, "1-1-1"),
        centre(&doc, "1-1-2"),
        centre(&doc, "2-1-1"),
    );
    assert_eq!(a.1, b.1);
    assert!(b.0 > c.0, "layer 2 lies right of all of layer 1");
    assert!(texts(&doc, &["note"])
        .iter()
        .any(|t| t.contains("joined to the same point of the layers beside it")));
}

const GRAPH: &str = r#"
rules: ggg1
board:
  graph:
    vertices: [a, b, c, d, e]
    edges: [[a, b], [b, c], [c, a], [c, d]]
moves: ["B d", "W c"]
"#;

/// An explicit graph of 5 vertices and 4 edges (e alone): every edge a line, every vertex
/// named, no two vertices at one place; the DOT has 5 nodes and 4 edges. Black d's only
/// neighbour is c, so White c (with a and b free) removes it.
#[test]
fn explicit_graph_and_its_dot() {
    let g = game(GRAPH);
    let svg = svg_of(&g, None);
    self_contained(&g, None, &svg);
    let doc = parse(&svg);
    assert_eq!(count(&doc, "line", &["edge"]), 4);
    let mut names = texts(&doc, &["name"]);
    names.sort();
    assert_eq!(names, ["a", "b", "c", "d", "e"]);
    let places: Vec<(f64, f64)> = ["a", "b", "c", "d", "e"]
        .iter()
        .map(|n| centre(&doc, n))
        .collect();
    for i in 0..places.len() {
        for j in i + 1..places.len() {
            let (dx, dy) = (places[i].0 - places[j].0, places[i].1 - places[j].1);
            assert!(
                dx * dx + dy * dy > 20.0 * 20.0,
                "points {i} and {j} overlap"
            );
        }
    }
    assert_eq!(count(&doc, "circle", &["stone", "black"]), 0);
    assert_eq!(points_of(&doc, "circle", &["stone", "white"]), ["c"]);
    assert_eq!(points_of(&doc, "path", &["removed"]), ["d"]);

    let dot = show::render(&g, None, Format::Dot).unwrap();
    let (nodes, edges) = dot_counts(&dot, "--");
    assert_eq!((nodes, edges), (5, 4));
    assert!(dot.starts_with("graph position {"));
    graphviz_reads(&dot);
}

/// The (from, to) points of drawn arcs, sorted.
fn arc_pairs<'a>(arcs: &[Node<'a, 'a>]) -> Vec<(&'a str, &'a str)> {
    let mut pairs: Vec<(&str, &str)> = arcs
        .iter()
        .map(|n| {
            (
                n.attribute("data-from").unwrap(),
                n.attribute("data-to").unwrap(),
            )
        })
        .collect();
    pairs.sort();
    pairs
}

/// Counts the node statements and the edge statements of DOT written one per line.
fn dot_counts(dot: &str, arrow: &str) -> (usize, usize) {
    let body: Vec<&str> = dot
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with('"'))
        .collect();
    let edges = body
        .iter()
        .filter(|l| l.contains(&format!("\" {arrow} \"")))
        .count();
    (body.len() - edges, edges)
}

/// When Graphviz's `dot` is installed, it reads the DOT and counts the same.
fn graphviz_reads(dot: &str) {
    let Ok(mut child) = Command::new("dot")
        .arg("-Tcanon")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
    else {
        eprintln!("SKIPPED: Graphviz's dot is missing (apt-get install graphviz); the DOT was counted, not drawn");
        return;
    };
    use std::io::Write as _;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(dot.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "dot refused the DOT: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// spec/examples/topological/shared_boundary_point.yaml: 7 points, 5 placements (a to e);
/// its comment works the game out: at the end White holds b, c, d and Black's a and e were
/// cleared at turn 6 (W d). The last turn is a pass, so no region is marked as played.
#[test]
fn go_space_placements_as_regions() {
    let g = example("spec/examples/topological/shared_boundary_point.yaml");
    let svg = svg_of(&g, None);
    self_contained(&g, None, &svg);
    let doc = parse(&svg);
    assert!(svg.contains("go-space of 7 points and 5 placements"));
    let mut regions: Vec<&str> = all(&doc, "path", &["placement"])
        .iter()
        .map(|n| n.attribute("data-placement").unwrap())
        .collect();
    regions.sort();
    assert_eq!(regions, ["a", "b", "c", "d", "e"]);
    assert_eq!(
        points_of(&doc, "circle", &["stone", "white"]),
        ["b", "c", "d"]
    );
    assert_eq!(count(&doc, "circle", &["stone", "black"]), 0);
    assert_eq!(count(&doc, "path", &["last-turn-region"]), 0);
    // After turn 6 (W d): d is the last turn's region, a and e are removed.
    let svg6 = svg_of(&g, Some(6));
    let doc6 = parse(&svg6);
    let last: Vec<&str> = all(&doc6, "path", &["placement", "last-turn-region"])
        .iter()
        .map(|n| n.attribute("data-placement").unwrap())
        .collect();
    assert_eq!(last, ["d"]);
    assert_eq!(points_of(&doc6, "path", &["removed"]), ["a", "e"]);
    // The board of a go-space: z lies in the closure of a, b, c, d; w in that of a and e:
    // 6 lines.
    assert_eq!(count(&doc, "line", &["edge"]), 6);
    // Each region surrounds its point: the path starts at the point's centre.
    let a = centre(&doc, "a");
    let region_a = all(&doc, "path", &["placement"])
        .into_iter()
        .find(|n| n.attribute("data-placement") == Some("a"))
        .unwrap();
    assert!(region_a
        .attribute("d")
        .unwrap()
        .starts_with(&format!("M {} {}", a.0, a.1)));
}

/// spec/examples/directed/format_example.yaml: 5 arcs, a -> b and b -> a among them: 5
/// arrows, two of them bent; the DOT is a digraph with 5 nodes and 5 arcs.
#[test]
fn digraph_arcs_as_arrows() {
    let g = example("spec/examples/directed/format_example.yaml");
    let svg = svg_of(&g, None);
    self_contained(&g, None, &svg);
    let doc = parse(&svg);
    let arcs = all(&doc, "path", &["arc"]);
    assert_eq!(arcs.len(), 5);
    assert!(arcs
        .iter()
        .all(|n| n.attribute("marker-end") == Some("url(#arrow)")));
    let pairs = arc_pairs(&arcs);
    assert_eq!(
        pairs,
        [("a", "b"), ("b", "a"), ("b", "g"), ("g", "h1"), ("g", "h2")]
    );
    let bent = arcs
        .iter()
        .filter(|n| n.attribute("d").unwrap().contains(" Q "))
        .count();
    assert_eq!(bent, 2);
    assert_eq!(count(&doc, "line", &["edge"]), 0);
    // The record's comment: Black ends with a, b and g.
    assert_eq!(
        points_of(&doc, "circle", &["stone", "black"]),
        ["a", "b", "g"]
    );
    let dot = show::render(&g, None, Format::Dot).unwrap();
    assert!(dot.starts_with("digraph position {"));
    assert_eq!(dot_counts(&dot, "->"), (5, 5));
    graphviz_reads(&dot);
}

/// A directed cycle of 3 points (spec/examples/directed/komi_and_capture.yaml): 3 arrows,
/// none bent; B 3 (turn 5) removes White's 2.
#[test]
fn directed_cycle_capture() {
    let g = example("spec/examples/directed/komi_and_capture.yaml");
    let doc_text = svg_of(&g, None);
    let doc = parse(&doc_text);
    assert_eq!(count(&doc, "path", &["arc"]), 3);
    assert_eq!(points_of(&doc, "path", &["removed"]), ["2"]);
    assert!(texts(&doc, &["note"])
        .iter()
        .any(|t| t == "scores: Black 0, White 1/2"));
}

/// spec/examples/mango/light_liberty.yaml: a path of 4 points, F = 1 but F(4) = 1/2: one
/// weight label, at 4; the threshold is in the notes.
#[test]
fn mango_weights_and_threshold_visible() {
    let g = example("spec/examples/mango/light_liberty.yaml");
    let svg = svg_of(&g, None);
    self_contained(&g, None, &svg);
    let doc = parse(&svg);
    let weights = all(&doc, "text", &["weight"]);
    assert_eq!(weights.len(), 1);
    assert_eq!(weights[0].attribute("data-point"), Some("4"));
    assert_eq!(weights[0].text(), Some("1/2"));
    assert!(texts(&doc, &["note"])
        .iter()
        .any(|t| t.contains("1 at every point not labelled") && t.contains("z >= 1")));
}

/// spec/examples/ggg/ko_superko.yaml after turn 1 (B 3-2 takes 2-2): White may not retake at
/// 2-2 (the setup again, ggg1:3); nor play 1-1 or 1-3, each a lone stone among Black's
/// that would capture itself and leave the position as it is (ggg1:3 again). 4-1 joins
/// White's stones and keeps a liberty: allowed. The next turn in the record is refused.
#[test]
fn points_forbidden_by_repetition_are_marked() {
    let g = example("spec/examples/ggg/ko_superko.yaml");
    let svg = svg_of(&g, None);
    let doc = parse(&svg);
    assert_eq!(
        points_of(&doc, "rect", &["forbidden"]),
        ["1-1", "1-3", "2-2"]
    );
    assert_eq!(points_of(&doc, "path", &["removed"]), ["2-2"]);
    assert!(texts(&doc, &["note"])
        .iter()
        .any(|t| t.starts_with("turn 2 (W 2-2) is refused") && t.contains("ggg1:3")));
    // In the setup, Black to move: a lone black stone at 4-1 (between White's 3-1 and 4-2)
    // or at 4-3 (between 3-3 and 4-2) would capture itself and leave the setup as it is,
    // which ggg1:3 forbids; every other empty point is allowed.
    let doc0_text = svg_of(&g, Some(0));
    assert_eq!(
        points_of(&parse(&doc0_text), "rect", &["forbidden"]),
        ["4-1", "4-3"]
    );
}

fn graphgo() -> Command {
    Command::new(env!("CARGO_BIN_EXE_graphgo"))
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = graphgo()
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("graphgo runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn command_line_turn_out_of_range_and_formats() {
    // torus_seam_capture.yaml has 9 turns.
    let (code, out, err) = run(&[
        "show",
        "spec/examples/ggg/torus_seam_capture.yaml",
        "--turn",
        "10",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty());
    assert!(
        err.contains("torus_seam_capture.yaml") && err.contains("has 9 turns"),
        "{err}"
    );
    let (code, out, _) = run(&[
        "show",
        "spec/examples/ggg/torus_seam_capture.yaml",
        "--turn",
        "9",
    ]);
    assert_eq!(code, 0);
    assert!(out.starts_with("<svg"));
    let (code, _, err) = run(&[
        "show",
        "spec/examples/ggg/torus_seam_capture.yaml",
        "--format",
        "dot",
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = run(&["show", "no/such/record.yaml"]);
    assert_eq!(code, 2);
    assert!(err.contains("no/such/record.yaml"), "{err}");
}

/// The pictures of spec/COMMANDS.md (spec/pictures/), each with the record and turn it shows:
/// they must be what `graphgo show` draws now (regenerate with the command in
/// spec/COMMANDS.md, "Pictures").
const COMMITTED: [(&str, &str, Option<usize>); 4] = [
    (
        "spec/pictures/torus_seam_capture.svg",
        "spec/examples/ggg/torus_seam_capture.yaml",
        Some(7),
    ),
    (
        "spec/pictures/shared_boundary_point.svg",
        "spec/examples/topological/shared_boundary_point.yaml",
        Some(6),
    ),
    (
        "spec/pictures/format_example.svg",
        "spec/examples/directed/format_example.yaml",
        None,
    ),
    (
        "spec/pictures/ko_by_weight.svg",
        "spec/examples/mango/ko_by_weight.yaml",
        None,
    ),
];

#[test]
fn committed_pictures_are_current() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    for (picture, record, turn) in COMMITTED {
        let committed = std::fs::read_to_string(root.join(picture))
            .unwrap_or_else(|e| panic!("{picture}: {e}"));
        let now = svg_of(&example(record), turn);
        assert!(
            committed == now,
            "{picture} is stale: regenerate it with `graphgo show {record}{}` (spec/COMMANDS.md, Pictures)",
            turn.map_or(String::new(), |t| format!(" --turn {t}"))
        );
        parse(&committed);
    }
}

/// `show::pictures` (what a viewer steps through) gives turn 0 to the last turn played, each
/// the same as `show::picture` of that turn: ko_superko.yaml has 2 turns and the second is
/// refused, so 2 pictures (the setup and turn 1), the last one saying the refusal.
#[test]
fn pictures_of_every_turn_match_one_by_one() {
    let g = example("spec/examples/ggg/ko_superko.yaml");
    let all = show::pictures(&g).expect("pictures");
    assert_eq!(all.len(), 2);
    for (turn, p) in all.iter().enumerate() {
        assert_eq!(p.turn, turn);
        assert_eq!(p.turns, 2);
        let one = show::picture(&g, Some(turn)).expect("a picture");
        assert!(*p == one, "turn {turn} differs:\n{p:?}\n{one:?}");
    }
    assert!(all[1].notes.iter().any(|n| n.contains("is refused")));
    assert!(!all[0].notes.iter().any(|n| n.contains("is refused")));
}

/// The builders of FORMAT.md drawn without a plane (paths, cycles, complete graphs) and the
/// one-way grid: one line per edge and one arrow per arc, counted from the builders'
/// definitions (a path of n points has n - 1 edges, a cycle n, a complete graph n(n-1)/2; a
/// one-way grid w x h has (w - 1)h arcs to the right and w(h - 1) up), every point named,
/// the stones where the moves put them.
#[test]
fn path_cycle_complete_and_one_way_grid() {
    for (board, edges, points) in [("path: 5", 4, 5), ("cycle: 5", 5, 5), ("complete: 4", 6, 4)] {
        let g = game(&format!(
            "rules: ggg1\nboard: {{{board}}}\nmoves: [B 2, W 3]\n"
        ));
        let svg = svg_of(&g, None);
        self_contained(&g, None, &svg);
        let doc = parse(&svg);
        assert_eq!(count(&doc, "line", &["edge"]), edges, "{board}");
        assert_eq!(texts(&doc, &["name"]).len(), points, "{board}");
        assert_eq!(
            points_of(&doc, "circle", &["stone", "black"]),
            ["2"],
            "{board}"
        );
        assert_eq!(
            points_of(&doc, "circle", &["stone", "white"]),
            ["3"],
            "{board}"
        );
    }
    // 3 x 2: (3 - 1) * 2 = 4 arcs to the right, 3 * (2 - 1) = 3 up.
    let g = game("rules: directed\nboard: {one_way_grid: [3, 2]}\n");
    let svg = svg_of(&g, None);
    self_contained(&g, None, &svg);
    let doc = parse(&svg);
    let arcs = all(&doc, "path", &["arc"]);
    assert_eq!(arcs.len(), 7);
    let pairs = arc_pairs(&arcs);
    assert_eq!(
        pairs,
        [
            ("1-1", "1-2"),
            ("1-1", "2-1"),
            ("1-2", "2-2"),
            ("2-1", "2-2"),
            ("2-1", "3-1"),
            ("2-2", "3-2"),
            ("3-1", "3-2"),
        ]
    );
    assert_eq!(count(&doc, "line", &["edge"]), 0);
}
