//! How the command-line tests run the `graphgo` binary: one way to make a test's folder, to
//! run the binary and to read what it gave, shared by every file of this test binary.

use std::ffi::OsStr;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_graphgo");

/// A fresh, empty folder for one test's files: `<cargo's test tmp>/cli/<file>/<test>`, the
/// calling test file naming the middle part, so that tests of two files never share one.
#[track_caller]
pub fn scratch(test: &str) -> PathBuf {
    let dir = fresh_path(test);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// [`scratch`]'s path, removed and not created again (for the tests of a command that
/// must create its output folder itself).
#[track_caller]
pub fn fresh_path(test: &str) -> PathBuf {
    let file = Path::new(std::panic::Location::caller().file())
        .file_stem()
        .and_then(OsStr::to_str)
        .unwrap_or("cli")
        .to_owned();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("cli")
        .join(file)
        .join(test);
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// What a run of the binary gave.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs graphgo with `args` (and nothing on its standard input), in the repository's root;
/// a panic fails the test.
pub fn run<S: AsRef<OsStr>>(args: &[S]) -> Run {
    run_with(args, b"", None)
}

/// [`run`] with `stdin` on the standard input, and `COLUMNS` set to `columns` when given
/// (unset otherwise).
pub fn run_with<S: AsRef<OsStr>>(args: &[S], stdin: &[u8], columns: Option<&str>) -> Run {
    let mut command = Command::new(BIN);
    command
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("COLUMNS")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(c) = columns {
        command.env("COLUMNS", c);
    }
    let mut child = command.spawn().unwrap();
    let mut input = child.stdin.take().unwrap();
    let bytes = stdin.to_vec();
    // Written from a thread: a command that stops reading early must not block the test.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&bytes);
    });
    let out = child.wait_with_output().unwrap();
    let _ = writer.join();
    let run = Run {
        code: out
            .status
            .code()
            .expect("graphgo was not killed by a signal"),
        stdout: String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    };
    assert!(
        !run.stderr.contains("panicked"),
        "graphgo panicked: {}",
        run.stderr
    );
    run
}

/// Runs graphgo with `args` and `CI` set, and gives its raw output (for tests that look at
/// the exit status themselves).
pub fn graphgo(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .env("CI", "1")
        .output()
        .expect("the binary runs")
}

/// Bytes of output as text (lossily: the tests read messages).
pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}
