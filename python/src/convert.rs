//! Values across the boundary: Python objects to the JSON values records are read from
//! (so that keyword arguments go through the record reader and its messages), JSON values
//! back to Python, exact rationals as `fractions.Fraction`, and a record written back with
//! its board in the short form a person writes (`grid: [9, 9]`) when it has one.

use num_rational::BigRational;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use serde_json::Value;

use graphgo::board::{Board, Shape};
use graphgo::game::{Equipment, Setup, Turn};
use graphgo::io::record::{Record, RecordBoard};
use graphgo::rational;

use crate::errors::{Fail, Result};

/// A Python value as JSON: `None`, booleans, integers, finite floats, text, lists, tuples,
/// dicts with text keys, and `fractions.Fraction` (as its text `n/d`, which records read
/// exactly). `at` names the argument for the message.
pub fn to_json(value: &Bound<'_, PyAny>, at: &str) -> Result<Value> {
    if value.is_none() {
        return Ok(Value::Null);
    }
    if value.is_instance_of::<PyBool>() {
        return Ok(Value::Bool(value.extract::<bool>()?));
    }
    if value.is_instance_of::<PyInt>() {
        if let Ok(i) = value.extract::<i64>() {
            return Ok(i.into());
        }
        if let Ok(u) = value.extract::<u64>() {
            return Ok(u.into());
        }
        return Err(Fail::Input(format!(
            "{at}: {} is too large a number",
            value.str()?
        )));
    }
    if value.is_instance_of::<PyFloat>() {
        let f = value.extract::<f64>()?;
        return serde_json::Number::from_f64(f)
            .map(Value::Number)
            .ok_or_else(|| Fail::Input(format!("{at}: '{f}' is not an exact number")));
    }
    if let Ok(s) = value.cast::<PyString>() {
        return Ok(Value::String(s.to_str()?.to_string()));
    }
    if is_fraction(value)? {
        return Ok(Value::String(value.str()?.to_str()?.to_string()));
    }
    if let Ok(d) = value.cast::<PyDict>() {
        let mut out = serde_json::Map::new();
        for (k, v) in d.iter() {
            let key = match k.cast::<PyString>() {
                Ok(s) => s.to_str()?.to_string(),
                Err(_) => return Err(Fail::Input(format!("{at}: key {} is not text", k.repr()?))),
            };
            let inner = format!("{at}.{key}");
            out.insert(key, to_json(&v, &inner)?);
        }
        return Ok(Value::Object(out));
    }
    if value.is_instance_of::<PyList>() || value.is_instance_of::<PyTuple>() {
        let mut out = Vec::new();
        for (i, item) in value.try_iter()?.enumerate() {
            out.push(to_json(&item?, &format!("{at}[{i}]"))?);
        }
        return Ok(Value::Array(out));
    }
    Err(Fail::Py(PyTypeError::new_err(format!(
        "{at}: a {} is not a value of a record (text, numbers, Fraction, lists, dicts)",
        value.get_type().name()?
    ))))
}

fn is_fraction(value: &Bound<'_, PyAny>) -> PyResult<bool> {
    let fraction = value.py().import("fractions")?.getattr("Fraction")?;
    value.is_instance(&fraction)
}

/// A JSON value as a Python value (maps as dicts, in their order).
pub fn from_json<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                i.into_pyobject(py)?.into_any()
            } else if let Some(u) = n.as_u64() {
                u.into_pyobject(py)?.into_any()
            } else {
                n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any()
            }
        }
        Value::String(s) => PyString::new(py, s).into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(from_json(py, item)?)?;
            }
            list.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (k, v) in map {
                dict.set_item(k, from_json(py, v)?)?;
            }
            dict.into_any()
        }
    })
}

/// An exact rational as `fractions.Fraction`.
pub fn fraction<'py>(py: Python<'py>, r: &BigRational) -> PyResult<Bound<'py, PyAny>> {
    use num_traits::ToPrimitive;
    let class = py.import("fractions")?.getattr("Fraction")?;
    match (r.numer().to_i64(), r.denom().to_i64()) {
        (Some(n), Some(d)) => class.call1((n, d)),
        // Larger than 64 bits: through Python's own integers, from their decimal text.
        _ => {
            let int = py.import("builtins")?.getattr("int")?;
            let n = int.call1((r.numer().to_string(),))?;
            let d = int.call1((r.denom().to_string(),))?;
            class.call1((n, d))
        }
    }
}

/// A pair of rationals (Black's, White's) as a tuple of Fractions.
pub fn fractions<'py>(py: Python<'py>, pair: &[BigRational; 2]) -> PyResult<Bound<'py, PyAny>> {
    Ok(PyTuple::new(py, [fraction(py, &pair[0])?, fraction(py, &pair[1])?])?.into_any())
}

/// A rational given from Python: a Fraction, an int, a float (its exact decimal, as a
/// record reads `6.5`) or text (`"7/2"`, `"6.5"`).
pub fn rational_from(value: &Bound<'_, PyAny>, at: &str) -> Result<BigRational> {
    let text = match to_json(value, at)? {
        Value::String(s) => s,
        Value::Number(n) => n.to_string(),
        _ => {
            return Err(Fail::Input(format!(
                "{at}: {} is not a number",
                value.repr()?
            )))
        }
    };
    rational::parse(&text).map_err(|e| Fail::Input(format!("{at}: {e}")))
}

/// The record of a setup and turns, its board in the short form when the board is one of
/// the named families (`grid: [9, 9]`, `torus: [5, 5]`, `path: 7` ...), else explicit.
pub fn record_of(setup: &Setup, turns: &[Turn]) -> Record {
    let mut record = Record::from_game(setup, turns);
    if matches!(setup.equipment, Equipment::Graph | Equipment::Weights(_)) {
        if let Some(written) = named_board(&setup.board) {
            record.board = written;
        }
    }
    record
}

/// The named family a board is, if any (the same vertex names and edges).
fn named_board(board: &Board) -> Option<RecordBoard> {
    let candidates: Vec<RecordBoard> = match *board.shape() {
        Shape::Plane { width, height } => vec![
            RecordBoard::Grid([width, height]),
            RecordBoard::Torus([width, height]),
            RecordBoard::Cylinder([width, height]),
            RecordBoard::Moebius([width, height]),
            RecordBoard::Klein([width, height]),
        ],
        Shape::Solid { x, y, z } => vec![RecordBoard::Cube([x, y, z])],
        Shape::Other => {
            let n = board.len();
            vec![
                RecordBoard::Path(n),
                RecordBoard::Cycle(n),
                RecordBoard::Complete(n),
            ]
        }
    };
    candidates
        .into_iter()
        .find(|written| written.build().ok().as_ref() == Some(board))
}
