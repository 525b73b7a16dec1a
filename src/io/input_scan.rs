//! Linear pre-scans of an input file's text, run before any recursive parser sees it.
//!
//! The parsers graphgo reads with (serde_norway over libyaml, serde_json, sgf-parse) build
//! their trees by recursion, and libyaml spends time proportional to the nesting depth on
//! every token inside a flow collection (`[[[[…` costs the square of its depth). A file
//! inside the byte caps could therefore overflow the stack or take minutes. Each scan here
//! walks the text once, without recursion, and refuses it when it nests deeper than
//! [`MAX_NESTING`] or holds more nodes than the cap, naming the cap and the line and column
//! where it was passed (spec/FORMAT.md, "Caps").

use crate::io::record::InputError;

/// The deepest nesting of lists and maps a record or vector may have (a documented cap;
/// the deepest the format itself uses is 5: `board.graph.edges[i][j]`).
pub const MAX_NESTING: usize = 64;

/// A UTF-8 byte-order mark at the start of the text is dropped: editors on some systems
/// write one, and it is not part of the content (spec/FORMAT.md, "Files").
pub fn strip_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// Line and column (both from 1) of byte `at` in `text`.
pub fn line_column(text: &str, at: usize) -> (usize, usize) {
    let before = &text.as_bytes()[..at.min(text.len())];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |p| p + 1);
    let column = text[start..at.min(text.len())].chars().count() + 1;
    (line, column)
}

fn too_deep(text: &str, at: usize) -> InputError {
    let (line, column) = line_column(text, at);
    InputError(format!(
        "lists and maps nested more than {MAX_NESTING} deep at line {line} column {column} (the cap on nesting)"
    ))
}

/// JSON: strings (with their escapes) skipped, `[` and `{` counted.
pub fn check_json_nesting(text: &str) -> Result<(), InputError> {
    let b = text.as_bytes();
    let (mut depth, mut i) = (0usize, 0usize);
    while i < b.len() {
        match b[i] {
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'[' | b'{' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Err(too_deep(text, i));
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    Ok(())
}

/// YAML: the nesting libyaml's scanner would reach, found by following its tokens (flow
/// collections, block indentation, quoted, plain and block scalars, comments, tags) the way
/// its scanner does, so that a bracket inside a string or a comment is not counted and
/// none that the scanner would count is missed. Where libyaml would stop with an error,
/// the scan stops too (nothing after it is read).
pub fn check_yaml_nesting(text: &str) -> Result<(), InputError> {
    YamlScan::new(text).run()
}

/// A possible simple key (`key: value` on one line): where its token started.
#[derive(Clone, Copy)]
struct Mark {
    index: usize,
    line: usize,
    column: usize,
}

struct YamlScan<'a> {
    text: &'a str,
    b: &'a [u8],
    /// Byte offset, character index, line and column (characters) of the next character.
    pos: usize,
    index: usize,
    line: usize,
    column: usize,
    flow: usize,
    /// The block indentation stack (libyaml's `indents`, `indent`; -1 before any block).
    indents: Vec<i64>,
    indent: i64,
    /// One possible simple key per flow level (index 0: block context).
    keys: Vec<Option<Mark>>,
    key_allowed: bool,
}

/// What the scan does after a token.
enum Step {
    Go,
    /// libyaml stops here with an error: nothing after is scanned.
    Stop,
}

impl<'a> YamlScan<'a> {
    fn new(text: &'a str) -> Self {
        YamlScan {
            text,
            b: text.as_bytes(),
            pos: 0,
            index: 0,
            line: 0,
            column: 0,
            flow: 0,
            indents: Vec::new(),
            indent: -1,
            keys: vec![None],
            key_allowed: true,
        }
    }

    fn at(&self, k: usize) -> u8 {
        self.b.get(self.pos + k).copied().unwrap_or(0)
    }
    fn is_break(c: u8) -> bool {
        c == b'\n' || c == b'\r'
    }
    fn is_blank(c: u8) -> bool {
        c == b' ' || c == b'\t'
    }
    fn blankz(&self, k: usize) -> bool {
        let c = self.at(k);
        Self::is_blank(c) || Self::is_break(c) || self.pos + k >= self.b.len()
    }
    fn eof(&self) -> bool {
        self.pos >= self.b.len()
    }

    /// One character forward (a line break `\r\n` counts as one).
    fn advance(&mut self) {
        let c = self.at(0);
        if c == b'\r' && self.at(1) == b'\n' {
            self.pos += 1;
        }
        if Self::is_break(c) {
            self.pos += 1;
            self.index += 1;
            self.line += 1;
            self.column = 0;
            return;
        }
        let width = match c {
            0..=0x7f => 1,
            0xc0..=0xdf => 2,
            0xe0..=0xef => 3,
            _ => 4,
        };
        self.pos = (self.pos + width).min(self.b.len());
        self.index += 1;
        self.column += 1;
    }

    fn skip_to_line_end(&mut self) {
        while !self.eof() && !Self::is_break(self.at(0)) {
            self.advance();
        }
    }

    fn depth_check(&self) -> Result<(), InputError> {
        if self.flow + self.indents.len() > MAX_NESTING {
            Err(too_deep(self.text, self.pos))
        } else {
            Ok(())
        }
    }

    fn mark(&self) -> Mark {
        Mark {
            index: self.index,
            line: self.line,
            column: self.column,
        }
    }

    fn save_key(&mut self) {
        if self.key_allowed {
            let m = self.mark();
            *self.keys.last_mut().expect("one slot per level") = Some(m);
        }
    }
    fn remove_key(&mut self) {
        *self.keys.last_mut().expect("one slot per level") = None;
    }

    fn roll_indent(&mut self, column: usize) -> Result<(), InputError> {
        if self.flow == 0 && self.indent < column as i64 {
            self.indents.push(self.indent);
            self.indent = column as i64;
            self.depth_check()?;
        }
        Ok(())
    }
    fn unroll_indent(&mut self, column: i64) {
        if self.flow == 0 {
            while self.indent > column {
                self.indent = self.indents.pop().unwrap_or(-1);
            }
        }
    }

    fn run(mut self) -> Result<(), InputError> {
        loop {
            // To the next token: blanks, line breaks, comments (libyaml's scan_to_next_token).
            loop {
                let c = self.at(0);
                if c == b' ' || (c == b'\t' && (self.flow > 0 || !self.key_allowed)) {
                    self.advance();
                } else if c == b'#' {
                    self.skip_to_line_end();
                } else if Self::is_break(c) {
                    self.advance();
                    if self.flow == 0 {
                        self.key_allowed = true;
                    }
                } else if self.b[self.pos..].starts_with("\u{feff}".as_bytes()) {
                    self.advance();
                } else {
                    break;
                }
            }
            if self.eof() {
                return Ok(());
            }
            // Stale simple keys: a key ends on its line and within 1024 characters.
            let (line, index) = (self.line, self.index);
            for k in self.keys.iter_mut() {
                if k.is_some_and(|m| m.line < line || m.index + 1024 < index) {
                    *k = None;
                }
            }
            self.unroll_indent(self.column as i64);
            if let Step::Stop = self.token()? {
                return Ok(());
            }
        }
    }

    /// One token at the current position.
    fn token(&mut self) -> Result<Step, InputError> {
        let c = self.at(0);
        let line_start = self.column == 0;
        if line_start && c == b'%' {
            self.unroll_indent(-1);
            self.remove_key();
            self.key_allowed = false;
            self.skip_to_line_end();
            return Ok(Step::Go);
        }
        if line_start
            && (self.b[self.pos..].starts_with(b"---") || self.b[self.pos..].starts_with(b"..."))
            && self.blankz(3)
        {
            self.unroll_indent(-1);
            self.remove_key();
            self.key_allowed = false;
            for _ in 0..3 {
                self.advance();
            }
            return Ok(Step::Go);
        }
        match c {
            b'[' | b'{' => {
                self.save_key();
                self.flow += 1;
                self.keys.push(None);
                self.depth_check()?;
                self.key_allowed = true;
                self.advance();
            }
            b']' | b'}' => {
                self.remove_key();
                if self.flow > 0 {
                    self.flow -= 1;
                    self.keys.pop();
                }
                self.key_allowed = false;
                self.advance();
            }
            b',' => {
                self.remove_key();
                self.key_allowed = true;
                self.advance();
            }
            b'-' if self.blankz(1) => {
                if self.flow == 0 {
                    self.roll_indent(self.column)?;
                }
                self.remove_key();
                self.key_allowed = true;
                self.advance();
            }
            b'?' if self.flow > 0 || self.blankz(1) => {
                if self.flow == 0 {
                    self.roll_indent(self.column)?;
                }
                self.remove_key();
                self.key_allowed = self.flow == 0;
                self.advance();
            }
            b':' if self.flow > 0 || self.blankz(1) => {
                let key = self.keys.last().copied().flatten();
                if let Some(k) = key {
                    self.roll_indent(k.column)?;
                    self.remove_key();
                    self.key_allowed = false;
                } else {
                    if self.flow == 0 {
                        self.roll_indent(self.column)?;
                    }
                    self.key_allowed = self.flow == 0;
                }
                self.advance();
            }
            b'*' | b'&' => {
                self.save_key();
                self.key_allowed = false;
                self.advance();
                while self.at(0).is_ascii_alphanumeric() || matches!(self.at(0), b'-' | b'_') {
                    self.advance();
                }
            }
            b'!' => {
                self.save_key();
                self.key_allowed = false;
                return Ok(self.tag());
            }
            b'|' | b'>' if self.flow == 0 => {
                self.remove_key();
                self.key_allowed = true;
                return Ok(self.block_scalar());
            }
            b'\'' | b'"' => {
                self.save_key();
                self.key_allowed = false;
                self.quoted(c);
            }
            _ => {
                let starts_plain = !(self.blankz(0) || b"-?:,[]{}#&*!|>'\"%@`".contains(&c))
                    || (c == b'-' && !Self::is_blank(self.at(1)))
                    || (self.flow == 0 && matches!(c, b'?' | b':') && !self.blankz(1));
                if !starts_plain {
                    return Ok(Step::Stop);
                }
                self.save_key();
                self.key_allowed = false;
                self.plain();
            }
        }
        Ok(Step::Go)
    }

    /// A tag: `!<uri>` (which may hold `,[]`), else handle and suffix without them; libyaml
    /// wants a blank after it (or `,` in a flow collection).
    fn tag(&mut self) -> Step {
        self.advance();
        if self.at(0) == b'<' {
            while !self.eof() && self.at(0) != b'>' && !self.blankz(0) {
                self.advance();
            }
            if self.at(0) != b'>' {
                return Step::Stop;
            }
            self.advance();
        } else {
            while self.at(0).is_ascii_alphanumeric() || b"-_;/?:@&=+$.%!~*'()".contains(&self.at(0))
            {
                self.advance();
            }
        }
        if self.blankz(0) || (self.flow > 0 && self.at(0) == b',') {
            Step::Go
        } else {
            Step::Stop
        }
    }

    /// A single- or double-quoted scalar (it may run over lines).
    fn quoted(&mut self, quote: u8) {
        self.advance();
        while !self.eof() {
            let c = self.at(0);
            if quote == b'\'' && c == b'\'' && self.at(1) == b'\'' {
                self.advance();
                self.advance();
            } else if c == quote {
                self.advance();
                return;
            } else if quote == b'"' && c == b'\\' {
                self.advance();
                if !self.eof() {
                    self.advance();
                }
            } else {
                self.advance();
            }
        }
    }

    /// A plain scalar, as libyaml's scan_plain_scalar ends it.
    fn plain(&mut self) {
        let indent = self.indent + 1;
        loop {
            if self.column == 0
                && (self.b[self.pos..].starts_with(b"---")
                    || self.b[self.pos..].starts_with(b"..."))
                && self.blankz(3)
            {
                break;
            }
            if self.at(0) == b'#' {
                break;
            }
            while !self.blankz(0) {
                let c = self.at(0);
                if self.flow > 0 && c == b':' && b",?[]{}".contains(&self.at(1)) {
                    return;
                }
                if (c == b':' && self.blankz(1)) || (self.flow > 0 && b",[]{}".contains(&c)) {
                    return;
                }
                self.advance();
            }
            if !(Self::is_blank(self.at(0)) || Self::is_break(self.at(0))) {
                return;
            }
            let mut leading_break = false;
            while Self::is_blank(self.at(0)) || Self::is_break(self.at(0)) {
                if Self::is_break(self.at(0)) {
                    leading_break = true;
                }
                self.advance();
            }
            if leading_break && self.flow == 0 {
                self.key_allowed = true;
            }
            if self.flow == 0 && (self.column as i64) < indent {
                return;
            }
        }
    }

    /// A block scalar (`|` or `>`): its header, then its lines, which are text.
    fn block_scalar(&mut self) -> Step {
        self.advance();
        let mut increment = 0i64;
        for _ in 0..2 {
            match self.at(0) {
                b'+' | b'-' => self.advance(),
                d @ b'1'..=b'9' if increment == 0 => {
                    increment = i64::from(d - b'0');
                    self.advance();
                }
                _ => {}
            }
        }
        while Self::is_blank(self.at(0)) {
            self.advance();
        }
        if self.at(0) == b'#' {
            self.skip_to_line_end();
        }
        if !self.eof() && !Self::is_break(self.at(0)) {
            return Step::Stop;
        }
        if !self.eof() {
            self.advance();
        }
        let mut content = if increment > 0 {
            if self.indent >= 0 {
                self.indent + increment
            } else {
                increment
            }
        } else {
            0
        };
        // The leading empty lines and the first line with text fix the indentation.
        if content == 0 {
            let mut widest = 0i64;
            loop {
                let start = (self.pos, self.index, self.line, self.column);
                let mut spaces = 0i64;
                while self.at(0) == b' ' {
                    self.advance();
                    spaces += 1;
                }
                widest = widest.max(spaces);
                if Self::is_break(self.at(0)) {
                    self.advance();
                    continue;
                }
                (self.pos, self.index, self.line, self.column) = start;
                break;
            }
            content = widest.max(self.indent + 1).max(1);
        }
        // Lines indented at least `content`, and empty lines, belong to the scalar.
        loop {
            if self.eof() {
                return Step::Go;
            }
            let start = (self.pos, self.index, self.line, self.column);
            let mut spaces = 0i64;
            while self.at(0) == b' ' && spaces < content {
                self.advance();
                spaces += 1;
            }
            if spaces >= content || Self::is_break(self.at(0)) {
                self.skip_to_line_end();
                if !self.eof() {
                    self.advance();
                }
            } else if self.eof() {
                return Step::Go;
            } else {
                (self.pos, self.index, self.line, self.column) = start;
                return Step::Go;
            }
        }
    }
}

/// SGF: the text of the first game tree (the only one graphgo reads), after checking that
/// it holds at most `max_nodes` nodes. Property values (`[...]`, with `\` escapes) are
/// skipped; every `;` outside them starts a node and every `(` a variation, each a level
/// of sgf-parse's recursion.
pub fn sgf_first_tree(text: &str, max_nodes: usize) -> Result<&str, InputError> {
    let b = text.as_bytes();
    let (mut depth, mut nodes, mut i) = (0usize, 0usize, 0usize);
    let mut start = None;
    while i < b.len() {
        match b[i] {
            b'[' => {
                i += 1;
                while i < b.len() && b[i] != b']' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'(' => {
                start.get_or_insert(i);
                depth += 1;
            }
            b')' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    return Ok(&text[start.unwrap_or(0)..=i]);
                }
            }
            b';' if depth > 0 => {
                nodes += 1;
                if nodes > max_nodes {
                    let (line, column) = line_column(text, i);
                    return Err(InputError(format!(
                        "node {nodes} at line {line} column {column} is over the cap of {max_nodes} nodes per game"
                    )));
                }
            }
            _ => {}
        }
        i += 1;
    }
    // Unclosed or no tree: sgf-parse says what is wrong (the nodes counted are within the cap).
    Ok(&text[start.unwrap_or(0)..])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn yaml_ok(t: &str) -> bool {
        check_yaml_nesting(t).is_ok()
    }

    #[test]
    fn flow_nesting_is_counted_and_strings_are_not() {
        // The map holding `x` is the first level: the 64th `[` (column 67) is the 65th.
        let deep = format!("x: {}", "[".repeat(MAX_NESTING));
        let e = check_yaml_nesting(&deep).unwrap_err();
        assert!(e.0.contains("line 1 column 67"), "{e}");
        assert!(yaml_ok(&format!("x: {}", "[".repeat(MAX_NESTING - 1))));
        // Brackets in quoted, plain, block scalars and comments are text.
        let text = "[".repeat(200);
        for t in [
            format!("x: \"{text}\"\n"),
            format!("x: '{text}'\n"),
            format!("x: a{text}\n"),
            format!("x: 1 # {text}\n"),
            format!("x: |\n  {text}\n  more\ny: 1\n"),
            format!("x: >-\n\n   {text}\n"),
        ] {
            assert!(yaml_ok(&t), "{t}");
        }
        // An apostrophe inside a plain scalar opens no string: the brackets after count.
        let t = format!("x: [it's, {}]\n", "[".repeat(100));
        assert!(!yaml_ok(&t));
        // A quote or bracket closing inside a string does not hide the nesting around it.
        let t = "[\"]\", ".repeat(100);
        assert!(!yaml_ok(&t));
        // The block scalar ends at a line indented less than its text.
        let t = format!("a:\n  b: |\n      text\n  c: {}\n", "[".repeat(100));
        assert!(!yaml_ok(&t));
    }

    #[test]
    fn block_nesting_is_counted() {
        let mut t = String::new();
        for i in 0..(MAX_NESTING + 2) {
            t.push_str(&format!("{}k{i}:\n", " ".repeat(i)));
        }
        assert!(!yaml_ok(&t));
        assert!(!yaml_ok(&"- ".repeat(MAX_NESTING + 1)));
        assert!(yaml_ok(
            "rules: ggg1\nboard:\n  graph:\n    vertices: [a, b]\n    edges:\n      - [a, b]\n"
        ));
    }

    #[test]
    fn json_nesting() {
        assert!(check_json_nesting(&"[".repeat(MAX_NESTING + 1)).is_err());
        assert!(check_json_nesting(&format!("[\"{}\"]", "[".repeat(500))).is_ok());
        assert!(check_json_nesting(&format!("[\"\\\"{}\"]", "[".repeat(500))).is_ok());
    }

    #[test]
    fn sgf_first_tree_and_node_cap() {
        assert_eq!(
            sgf_first_tree("x(;B[a)a];W[b])(;B[c])", 5).unwrap(),
            "(;B[a)a];W[b])"
        );
        let e = sgf_first_tree("(;;;;)", 3).unwrap_err();
        assert!(e.0.contains("node 4 at line 1 column 5"), "{e}");
        assert!(sgf_first_tree("(;C[;;;\\];;;])", 1).is_ok());
    }
}
