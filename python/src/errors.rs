//! The boundary: the exceptions graphgo raises in Python (`graphgo/_errors.py` defines the
//! classes), and every call into the library run under `catch_unwind`, so that bad input
//! and even a panic inside the library are Python exceptions, never an abort of the
//! interpreter.

use std::cell::RefCell;
use std::panic::{catch_unwind, AssertUnwindSafe};

use graphgo::differential::compare::panic_message;
use pyo3::prelude::*;

/// A failure on the Rust side, before it becomes a Python exception (plain data, so that
/// code running with the interpreter's lock released can return it).
#[derive(Debug)]
pub enum Fail {
    /// Bad input (a record, SGF, a turn's text, a keyword argument, a path): the message
    /// the command line prints after `graphgo: `.
    Input(String),
    /// A turn the rules refuse.
    Illegal {
        /// 1 for the first turn of the game.
        number: usize,
        turn: String,
        clause: String,
        reason: String,
    },
    /// A panic inside the library, with its message and place.
    Internal(String),
    /// An exception already raised on the Python side (by an implementation under test).
    Py(PyErr),
}

impl From<PyErr> for Fail {
    fn from(e: PyErr) -> Fail {
        Fail::Py(e)
    }
}

impl From<graphgo::io::record::InputError> for Fail {
    fn from(e: graphgo::io::record::InputError) -> Fail {
        Fail::Input(e.0)
    }
}

pub type Result<T> = std::result::Result<T, Fail>;

/// An exception of `graphgo._errors`, built with `args`.
fn exception<'py, A>(py: Python<'py>, class: &str, args: A) -> PyErr
where
    A: pyo3::call::PyCallArgs<'py>,
{
    let built = py
        .import("graphgo._errors")
        .and_then(|m| m.getattr(class))
        .and_then(|c| c.call1(args));
    match built {
        Ok(value) => PyErr::from_value(value),
        Err(e) => e,
    }
}

/// The Python exception of a failure.
pub fn to_py(py: Python<'_>, fail: Fail) -> PyErr {
    match fail {
        Fail::Input(message) => exception(py, "InputError", (message,)),
        Fail::Illegal {
            number,
            turn,
            clause,
            reason,
        } => {
            // As `graphgo play` prints a refused turn.
            let message = format!("{number}. {turn}  ILLEGAL ({clause}): {reason}");
            exception(py, "IllegalTurn", (message, clause, reason, turn, number))
        }
        Fail::Internal(message) => exception(py, "InternalError", (message,)),
        Fail::Py(e) => e,
    }
}

/// Converts a failure into a Python exception (for `?` in methods).
pub trait OrRaise<T> {
    fn or_raise(self, py: Python<'_>) -> PyResult<T>;
}

impl<T> OrRaise<T> for Result<T> {
    fn or_raise(self, py: Python<'_>) -> PyResult<T> {
        self.map_err(|f| to_py(py, f))
    }
}

thread_local! {
    /// The message and place of the last panic on this thread, for the exception.
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// A panic hook that keeps the message for the exception instead of printing it: every
/// panic in this module is caught at the boundary (or by the library's own guards) and
/// reported as an exception. The hook is this module's own (a Python extension links its
/// own copy of Rust's standard library).
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let message = panic_message(info.payload());
        let place = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        LAST_PANIC.with(|p| *p.borrow_mut() = Some(format!("{message}{place}")));
    }));
}

/// Runs `f`, a call into the library, turning a panic into [`Fail::Internal`].
pub fn guard<T>(f: impl FnOnce() -> Result<T>) -> Result<T> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(result) => result,
        Err(payload) => {
            let said = LAST_PANIC
                .with(|p| p.borrow_mut().take())
                .unwrap_or_else(|| panic_message(&*payload));
            Err(Fail::Internal(format!(
                "graphgo panicked: {said} (a bug in graphgo: please report it with the input that caused it)"
            )))
        }
    }
}

/// Runs `f` with the interpreter's lock released (other Python threads run meanwhile),
/// under [`guard`]. For long calls: a whole game, a folder of vectors.
pub fn detached<T: Send>(py: Python<'_>, f: impl FnOnce() -> Result<T> + Send) -> PyResult<T> {
    py.detach(|| guard(f)).or_raise(py)
}

/// Panics inside a guarded call: shows (in the tests) that a panic inside the library is a
/// `graphgo.InternalError`, not an abort of the interpreter.
#[pyfunction]
#[pyo3(name = "_panic_for_test")]
pub fn panic_for_test(py: Python<'_>, message: String) -> PyResult<()> {
    detached(py, move || -> Result<()> { panic!("{message}") })
}
