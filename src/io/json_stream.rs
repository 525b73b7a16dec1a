//! Pretty JSON written a piece at a time: the same text `serde_json::to_string_pretty` gives
//! for the whole value, without building the whole value. A report of a million turns, or
//! the final position of four million points, is written one element at a time, so that
//! its memory is one element's (`spec/FORMAT.md`, "Caps"); the small parts are still
//! `serde_json` values, printed by `serde_json`.
//!
//! Every piece goes to an `emit` function, which may fail (an output that went away, a
//! signal): the error stops the writing and is returned.

use serde_json::Value;

/// Where the pieces go.
pub type Emit<'e> = &'e mut dyn FnMut(&str) -> Result<(), String>;

/// `value` as `serde_json::to_string_pretty` writes it, every line after the first indented
/// by `indent` more spaces (JSON strings hold no raw line break, so every line break is the
/// printer's).
pub fn pretty_at(value: &Value, indent: usize) -> String {
    let text = serde_json::to_string_pretty(value).expect("JSON values print");
    if indent == 0 {
        return text;
    }
    text.replace('\n', &format!("\n{}", " ".repeat(indent)))
}

/// A JSON object being written: `{`, then each field on its own line, then `}` at the
/// object's indentation (`{}` when it got no field, as serde_json writes an empty one).
pub struct Object<'e> {
    emit: Emit<'e>,
    indent: usize,
    fields: usize,
}

impl<'e> Object<'e> {
    /// Writes `{` and starts an object whose closing brace is indented by `indent`.
    pub fn open(emit: Emit<'e>, indent: usize) -> Result<Object<'e>, String> {
        emit("{")?;
        Ok(Object {
            emit,
            indent,
            fields: 0,
        })
    }

    /// Starts the next field: the separator, the indentation and `"key": `.
    fn key(&mut self, key: &str) -> Result<(), String> {
        let sep = if self.fields == 0 { "\n" } else { ",\n" };
        self.fields += 1;
        let key = serde_json::to_string(key).expect("strings print");
        (self.emit)(&format!("{sep}{}{key}: ", " ".repeat(self.indent + 2)))
    }

    /// A field whose value is written whole.
    pub fn field(&mut self, key: &str, value: &Value) -> Result<(), String> {
        self.key(key)?;
        let text = pretty_at(value, self.indent + 2);
        (self.emit)(&text)
    }

    /// A field whose value is an object written field by field.
    pub fn object(&mut self, key: &str) -> Result<Object<'_>, String> {
        self.key(key)?;
        Object::open(&mut *self.emit, self.indent + 2)
    }

    /// A field whose value is an array written element by element.
    pub fn array(&mut self, key: &str) -> Result<Array<'_>, String> {
        self.key(key)?;
        Array::open(&mut *self.emit, self.indent + 2)
    }

    /// Writes the closing brace.
    pub fn close(self) -> Result<(), String> {
        if self.fields == 0 {
            return (self.emit)("}");
        }
        (self.emit)(&format!("\n{}}}", " ".repeat(self.indent)))
    }
}

/// A JSON array being written: `[`, each element on its own line, `]` (`[]` when empty).
pub struct Array<'e> {
    emit: Emit<'e>,
    indent: usize,
    items: usize,
}

impl<'e> Array<'e> {
    /// Writes `[` and starts an array whose closing bracket is indented by `indent`.
    pub fn open(emit: Emit<'e>, indent: usize) -> Result<Array<'e>, String> {
        emit("[")?;
        Ok(Array {
            emit,
            indent,
            items: 0,
        })
    }

    /// The next element, written whole.
    pub fn item(&mut self, value: &Value) -> Result<(), String> {
        let sep = if self.items == 0 { "\n" } else { ",\n" };
        self.items += 1;
        let text = pretty_at(value, self.indent + 2);
        (self.emit)(&format!("{sep}{}{text}", " ".repeat(self.indent + 2)))
    }

    /// Writes the closing bracket.
    pub fn close(self) -> Result<(), String> {
        if self.items == 0 {
            return (self.emit)("]");
        }
        (self.emit)(&format!("\n{}]", " ".repeat(self.indent)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The pieces of a nested value, put together, are serde_json's own pretty text.
    #[test]
    fn a_value_written_in_pieces_is_the_value_printed_whole() {
        let whole = json!({
            "rules": "ggg1",
            "turns": [{"turn": "B 1", "removed": []}, {"turn": "W 2", "removed": ["1"]}],
            "empty": [],
            "none": {},
            "final": {"position": {"1": "empty", "2": "white"}, "to_move": "black"},
            "result": null,
        });
        let mut out = String::new();
        let mut emit = |s: &str| {
            out.push_str(s);
            Ok(())
        };
        let mut o = Object::open(&mut emit, 0).unwrap();
        o.field("rules", &whole["rules"]).unwrap();
        let mut turns = o.array("turns").unwrap();
        for t in whole["turns"].as_array().unwrap() {
            turns.item(t).unwrap();
        }
        turns.close().unwrap();
        o.array("empty").unwrap().close().unwrap();
        o.object("none").unwrap().close().unwrap();
        let mut fin = o.object("final").unwrap();
        let mut position = fin.object("position").unwrap();
        for (k, v) in whole["final"]["position"].as_object().unwrap() {
            position.field(k, v).unwrap();
        }
        position.close().unwrap();
        fin.field("to_move", &whole["final"]["to_move"]).unwrap();
        fin.close().unwrap();
        o.field("result", &whole["result"]).unwrap();
        o.close().unwrap();
        assert_eq!(out, serde_json::to_string_pretty(&whole).unwrap());
    }

    #[test]
    fn an_error_of_the_output_stops_the_writing() {
        let mut calls = 0;
        let mut emit = |_: &str| {
            calls += 1;
            if calls > 3 {
                Err("standard output: cannot write".to_string())
            } else {
                Ok(())
            }
        };
        let mut o = Object::open(&mut emit, 0).unwrap();
        o.field("a", &json!(1)).unwrap();
        assert_eq!(
            o.field("b", &json!(2)),
            Err("standard output: cannot write".to_string())
        );
    }
}
