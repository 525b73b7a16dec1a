//! `graphgo show RECORD --format html`: one self-contained HTML page that steps through a
//! game, for a person reading a record (an example, a divergence, a conformance finding).
//!
//! Each position, from the setup (turn 0) to the last turn played, gets its picture (the SVG
//! of [`crate::show`], the one renderer of pictures), the clauses that acted at the turn that
//! led to it ([`crate::explain`]), and the legal turns of the player to move, as the
//! transcription lists them ([`crate::game::Playable::legal_turns`], at most [`LEGAL_TURNS_SHOWN`] named).
//! A record's first refused turn is shown with the clause that refuses it, and the last
//! position with how the game ended and how each score was counted.
//!
//! The page needs no network: the style and the script are inline, and the game is inline
//! JSON (`<script type="application/json" id="game">`, described in `spec/FORMAT.md`,
//! "The viewer") that the script draws from. It opens at `#turn=N`, and keeps the fragment
//! up to date as one steps (buttons, or the arrow keys, Home and End).

use std::path::Path;

use serde_json::{json, Value};

use crate::explain::{self, steps_json};
use crate::game::{RuleSet, Turn};
use crate::io::record::{input_name, is_stdin, read_text_file, Game, MAX_RECORD_BYTES};
use crate::show;
use crate::variants::Rules;

/// How many legal turns a position names; the others are counted. A 19x19 board has up to
/// 363 (every empty point, a pass, resigning): a list that long is not read, and it would
/// grow the page by every position.
pub const LEGAL_TURNS_SHOWN: usize = 40;

/// What the page says about the record besides its turns.
#[derive(Clone, Debug, Default)]
pub struct About {
    /// The page's title: the record's file name.
    pub title: String,
    /// The record's leading comment lines (a divergence or a finding says there what it
    /// is), without their `#`.
    pub comments: Vec<String>,
    /// The turns of a directed record's `cycle` (an infinite play, `dir:WIN`), which the
    /// viewer names after the last position without stepping through.
    pub cycle: Vec<String>,
}

impl About {
    /// The title, and the `#` lines at the head of a YAML or JSON record's text.
    pub fn of_record(title: &str, text: &str) -> About {
        let comments = text
            .lines()
            .take_while(|l| l.trim_start().starts_with('#') || l.trim().is_empty())
            .filter_map(|l| l.trim_start().strip_prefix('#'))
            .map(|l| l.strip_prefix(' ').unwrap_or(l).to_string())
            .collect();
        About {
            title: title.to_string(),
            comments,
            cycle: Vec::new(),
        }
    }
}

/// The legal turns of every position of the record, from the setup to the last turn
/// played, as the transcription lists them: (how many, the first [`LEGAL_TURNS_SHOWN`] as
/// the record writes turns).
fn legal_turns(game: &Game, positions: usize) -> Result<Vec<(usize, Vec<String>)>, String> {
    let names = game.setup.turn_names();
    let mut playing = Rules.start(&game.setup).map_err(|e| e.to_string())?;
    let mut out = Vec::with_capacity(positions);
    for k in 0..positions {
        crate::signals::interrupted().map_err(|e| e.to_string())?;
        let legal = playing.legal_turns();
        out.push((
            legal.len(),
            legal
                .iter()
                .take(LEGAL_TURNS_SHOWN)
                .map(|t| t.text(names))
                .collect(),
        ));
        if k + 1 < positions {
            let turn: &Turn = &game.turns[k];
            playing.play(turn).map_err(|e| {
                format!(
                    "turn {} ({}) was played for its picture but refused now: {e}",
                    k + 1,
                    turn.text(names)
                )
            })?;
        }
    }
    Ok(out)
}

/// Everything the page says, computed before a byte of it is written (so that a record the
/// viewer refuses writes nothing): the pictures of every position, the trace of every turn,
/// the legal turns of every position.
struct Data {
    pictures: Vec<show::Picture>,
    trace: explain::Trace,
    legal: Vec<(usize, Vec<String>)>,
}

impl Data {
    fn of(game: &Game) -> Result<Data, String> {
        let pictures = show::pictures(game)?;
        let trace = explain::explain_record(game)?;
        let legal = legal_turns(game, pictures.len())?;
        if pictures.is_empty() {
            return Err("the record has no position to show".into());
        }
        Ok(Data {
            pictures,
            trace,
            legal,
        })
    }

    /// Frame k: `{"turn", "played", "svg", "notes", "steps", "legal": {"count", "shown"}}`.
    fn frame(&self, k: usize) -> Value {
        let picture = &self.pictures[k];
        let (count, shown) = &self.legal[k];
        // Turn k (from 1) led to position k; a refused turn led nowhere.
        let turn = k
            .checked_sub(1)
            .and_then(|i| self.trace.turns.get(i))
            .filter(|t| t.legal);
        json!({
            "turn": k,
            "played": turn.map(|t| t.turn.clone()),
            "svg": show::svg(picture),
            "notes": picture.notes,
            "steps": turn.map_or(Value::Array(Vec::new()), |t| steps_json(&t.steps)),
            "legal": {"count": count, "shown": shown},
        })
    }

    /// The data the page draws from, written to `emit` piece by piece (one frame's picture
    /// at a time, never the whole page in memory): `{"title", "comments", "cycle", "rules",
    /// "board", "turnsInRecord", "legalShown", "frames": [{"turn", "played", "svg", "notes",
    /// "steps", "legal": {"count", "shown"}}], "refused", "end", "start"}`, as `<script>`
    /// holds it ([`script_safe`]).
    fn write(
        &self,
        game: &Game,
        about: &About,
        start: usize,
        emit: &mut dyn FnMut(&str) -> Result<(), String>,
    ) -> Result<(), String> {
        let first = &self.pictures[0];
        let refused = self.trace.turns.iter().find(|t| !t.legal).map(|t| {
            json!({
                "number": t.number,
                "turn": t.turn,
                "steps": steps_json(&t.steps),
            })
        });
        let head = json!({
            "title": about.title,
            "comments": about.comments,
            "cycle": about.cycle,
            "rules": first.rules,
            "board": first.board,
            "turnsInRecord": game.turns.len(),
            "legalShown": LEGAL_TURNS_SHOWN,
        });
        let head = script_safe(&head);
        emit(&head[..head.len() - 1])?;
        emit(",\"frames\":[")?;
        for k in 0..self.pictures.len() {
            crate::signals::interrupted().map_err(|e| e.to_string())?;
            if k > 0 {
                emit(",")?;
            }
            emit(&script_safe(&self.frame(k)))?;
        }
        emit("],\"refused\":")?;
        emit(&script_safe(&json!(refused)))?;
        emit(",\"end\":")?;
        emit(&script_safe(&steps_json(&self.trace.end)))?;
        emit(&format!(",\"start\":{start}}}"))
    }
}

/// JSON placed inside a `<script>` element: every `<`, `>` and `&` written as a `\u` escape
/// (they only occur inside strings), so no `</script>` or `<!--` in a record's names or
/// comments can end the element early.
fn script_safe(value: &Value) -> String {
    let text = serde_json::to_string(value).expect("JSON values print");
    text.replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

/// Text placed in HTML: `&`, `<`, `>` and `"` escaped.
fn html_text(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// What `graphgo show FILE --format html` says of the record read from `file` besides its
/// turns: its title, its comments (unless it is SGF or standard input, `-`, which was read
/// once already) and a directed record's cycle. The page is [`write_page`]'s.
pub fn about_record(
    file: &Path,
    game: &Game,
    cycle: Option<&[Turn]>,
    sgf: bool,
) -> Result<About, String> {
    let title = match file.file_name() {
        Some(name) if !is_stdin(file) => name.to_string_lossy().into_owned(),
        _ => input_name(file),
    };
    // Standard input was read once already: its comments are not shown; nor those of a
    // FIFO or a device, which a second read would wait on or read anew (issue 27).
    let regular = std::fs::metadata(file).is_ok_and(|m| m.is_file());
    let mut about = if sgf || is_stdin(file) || !regular {
        About {
            title,
            ..About::default()
        }
    } else {
        let (text, _) = read_text_file(file, MAX_RECORD_BYTES, "record").map_err(|e| e.0)?;
        About::of_record(&title, &text)
    };
    let names = game.setup.turn_names();
    about.cycle = cycle
        .unwrap_or_default()
        .iter()
        .map(|t| t.text(names))
        .collect();
    Ok(about)
}

/// The viewer page of `game`, opening at position `start` (default 0) when the address has
/// no `#turn=N`.
pub fn page(game: &Game, about: &About, start: Option<usize>) -> Result<String, String> {
    let mut out = String::new();
    write_page(game, about, start, &mut |s| {
        out.push_str(s);
        Ok(())
    })?;
    Ok(out)
}

/// [`page`], written to `emit` a piece at a time; an error before the first piece (a record
/// the viewer refuses, a `start` past the last position) writes nothing.
pub fn write_page(
    game: &Game,
    about: &About,
    start: Option<usize>,
    emit: &mut dyn FnMut(&str) -> Result<(), String>,
) -> Result<(), String> {
    let data = Data::of(game)?;
    let last = data.pictures.len() - 1;
    if let Some(n) = start {
        if n > last {
            return Err(format!(
                "--turn {n}: the viewer's last position is {last} (turn 0 is the setup)"
            ));
        }
    }
    emit(&format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{title} · graphgo viewer</title>\n<style>\n{STYLE}</style>\n</head>\n{BODY}<script type=\"application/json\" id=\"game\">",
        title = html_text(&about.title),
    ))?;
    data.write(game, about, start.unwrap_or(0), emit)?;
    emit(&format!(
        "</script>\n<script>\n{SCRIPT}</script>\n</body>\n</html>\n"
    ))
}

const STYLE: &str = r#"body { font-family: sans-serif; margin: 1em 2em; color: #222; }
h1 { font-size: 1.3em; margin-bottom: 0.2em; }
#what { color: #555; margin-top: 0; }
#comments { font-size: 0.85em; color: #444; }
#comments pre { white-space: pre-wrap; }
#controls { margin: 0.8em 0; display: flex; gap: 0.4em; align-items: center; flex-wrap: wrap; }
#controls button { font-size: 1em; padding: 0.2em 0.8em; }
#position { font-weight: bold; margin-left: 0.8em; }
#slider { flex: 1; min-width: 10em; max-width: 30em; }
main { display: flex; gap: 2em; align-items: flex-start; flex-wrap: wrap; }
#board { max-width: 100%; overflow: auto; }
#board svg { max-width: 90vw; height: auto; }
#side { flex: 1; min-width: 22em; }
section h2 { font-size: 1.05em; margin: 0.8em 0 0.3em; }
ol.steps { padding-left: 1.2em; margin: 0.2em 0; }
ol.steps li { margin: 0.15em 0; }
code.clause { background: #eef; padding: 0 0.25em; border-radius: 3px; }
#refused { border-left: 4px solid #c33; padding-left: 0.6em; }
#end { border-left: 4px solid #393; padding-left: 0.6em; }
ul.legal-turns { columns: 4 8em; padding-left: 1.2em; margin: 0.2em 0; font-family: monospace; }
.hidden { display: none; }
.help { color: #666; font-size: 0.85em; }
"#;

const BODY: &str = r#"<body>
<h1 id="title"></h1>
<p id="what"></p>
<details id="comments" class="hidden"><summary>What this record is (its comments)</summary><pre></pre></details>
<noscript><p>The viewer steps through the game with a script; with scripts off it shows nothing.</p></noscript>
<div id="controls">
<button id="first" title="first position (Home)">&#xAB; first</button>
<button id="prev" title="previous turn (left arrow)">&#x25C0; prev</button>
<button id="next" title="next turn (right arrow)">next &#x25B6;</button>
<button id="last" title="last position (End)">last &#xBB;</button>
<input id="slider" type="range" min="0" value="0" aria-label="turn">
<span id="position"></span>
</div>
<main>
<div id="board"></div>
<div id="side">
<section id="turn"><h2 id="turn-title"></h2><ol class="steps" id="steps"></ol></section>
<section id="refused" class="hidden"><h2 id="refused-title"></h2><ol class="steps" id="refused-steps"></ol></section>
<section id="end" class="hidden"><h2>At the end of the record: how the game ended and was counted</h2><ol class="steps" id="end-steps"></ol><p id="cycle" class="hidden"></p></section>
<section id="legal"><h2 id="legal-title"></h2><ul class="legal-turns" id="legal-turns"></ul><p id="legal-more" class="help"></p></section>
<p class="help">Keys: &#x2190; and &#x2192; step, Home and End jump; the address ends in #turn=N to open at a turn.</p>
</div>
</main>
"#;

const SCRIPT: &str = r##""use strict";
const game = JSON.parse(document.getElementById("game").textContent);
const last = game.frames.length - 1;
let shown = -1;

function el(id) { return document.getElementById(id); }

function stepItems(list, steps) {
  list.replaceChildren();
  for (const s of steps) {
    const li = document.createElement("li");
    li.className = "step";
    li.dataset.clause = s.clause;
    if (s.clause) {
      const code = document.createElement("code");
      code.className = "clause";
      code.textContent = s.clause;
      li.append(code, ": ");
    }
    li.append(s.says);
    list.append(li);
  }
}

function turnFromFragment() {
  const m = /(?:^#|&)turn=(\d+)/.exec(location.hash);
  return m ? Math.min(Number(m[1]), last) : game.start;
}

function show(k) {
  k = Math.max(0, Math.min(last, k));
  if (k === shown) return;
  shown = k;
  const f = game.frames[k];
  el("board").innerHTML = f.svg;
  document.body.dataset.turn = String(k);
  el("slider").value = String(k);
  el("position").textContent = "position " + k + " of " + last +
    (k === 0 ? " (the setup)" : " (after turn " + k + ")");
  el("turn-title").textContent = k === 0
    ? "The starting position"
    : "Turn " + k + ": " + f.played;
  stepItems(el("steps"), f.steps);
  const atEnd = k === last;
  const refused = atEnd && game.refused;
  el("refused").classList.toggle("hidden", !refused);
  if (refused) {
    el("refused-title").textContent = "Turn " + game.refused.number + " of the record, " +
      game.refused.turn + ", is refused";
    stepItems(el("refused-steps"), game.refused.steps);
  }
  el("end").classList.toggle("hidden", !atEnd);
  if (atEnd) stepItems(el("end-steps"), game.end);
  el("cycle").classList.toggle("hidden", !(atEnd && game.cycle.length));
  el("cycle").textContent = "The record then repeats for ever: " + game.cycle.join(", ") +
    " (an infinite play, judged by dir:WIN: graphgo play gives its outcome).";
  const legal = f.legal;
  el("legal-title").textContent = legal.count === 0
    ? "No legal turn: the game is over"
    : legal.count + " legal turn" + (legal.count === 1 ? "" : "s") + " here";
  const ul = el("legal-turns");
  ul.replaceChildren();
  for (const t of legal.shown) {
    const li = document.createElement("li");
    li.textContent = t;
    ul.append(li);
  }
  el("legal-more").textContent = legal.count > legal.shown.length
    ? "and " + (legal.count - legal.shown.length) + " more (the first " + game.legalShown + " are named)"
    : "";
  el("first").disabled = el("prev").disabled = k === 0;
  el("last").disabled = el("next").disabled = k === last;
  const fragment = "#turn=" + k;
  if (location.hash !== fragment) {
    try { history.replaceState(null, "", fragment); } catch (e) { location.hash = fragment; }
  }
}

el("title").textContent = game.title;
el("what").textContent = game.rules + " on a " + game.board + ", " + game.turnsInRecord +
  " turn" + (game.turnsInRecord === 1 ? "" : "s") + " in the record";
if (game.comments.length) {
  el("comments").classList.remove("hidden");
  el("comments").querySelector("pre").textContent = game.comments.join("\n");
}
el("slider").max = String(last);
el("first").addEventListener("click", () => show(0));
el("prev").addEventListener("click", () => show(shown - 1));
el("next").addEventListener("click", () => show(shown + 1));
el("last").addEventListener("click", () => show(last));
el("slider").addEventListener("input", e => show(Number(e.target.value)));
document.addEventListener("keydown", e => {
  if (e.target instanceof HTMLInputElement && e.target.type !== "range") return;
  const to = { ArrowLeft: shown - 1, ArrowRight: shown + 1, Home: 0, End: last }[e.key];
  if (to !== undefined) { e.preventDefault(); show(to); }
});
window.addEventListener("hashchange", () => show(turnFromFragment()));
show(turnFromFragment());
"##;
