//! The binary run as a hostile case is run (issue 27): under an address-space cap when
//! `prlimit` is there, killed at a hang guard, with its standard input and output wherever
//! the case wants them (a FIFO, `/dev/full`), and its working folder; the messages checked
//! for the words of the format and for names of the implementation.

use super::invocation::{Run, BIN};
use std::ffi::OsString;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A hang guard, not a speed test: every case answers in a few seconds at most.
pub const HANG_GUARD: Duration = Duration::from_secs(30);
/// The address space a run may use (1 GiB): far above what a case needs (a 64 MiB record
/// cap read into memory, a 64 MiB stack for the SGF parser), far below a runaway.
pub const ADDRESS_SPACE: u64 = 1 << 30;
/// Names from the implementation that must never reach a user (clap's "invalid value
/// '0' for '--games <GAMES>'" is English, and allowed).
pub const RUST_WORDS: [&str; 15] = [
    "usize",
    "u64",
    "u128",
    "i64",
    "u32",
    "f64",
    "struct ",
    "enum ",
    "invalid type",
    "Some(",
    "None",
    "TaggedValue",
    "Sequence [",
    "panicked",
    "RUST_BACKTRACE",
];

/// One run of the binary, set up before it starts.
pub struct Guarded {
    args: Vec<OsString>,
    dir: Option<PathBuf>,
    stdin: Option<Stdio>,
    stdout: Option<Stdio>,
    env: Vec<(String, String)>,
}

/// A run of graphgo with `args`.
pub fn graphgo<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> Guarded {
    Guarded {
        args: args.iter().map(|a| a.as_ref().to_owned()).collect(),
        dir: None,
        stdin: None,
        stdout: None,
        env: Vec::new(),
    }
}

impl Guarded {
    /// Runs in `dir`.
    pub fn in_dir(mut self, dir: &Path) -> Guarded {
        self.dir = Some(dir.to_path_buf());
        self
    }

    /// Standard input from `stdin` (nothing otherwise).
    pub fn stdin(mut self, stdin: Stdio) -> Guarded {
        self.stdin = Some(stdin);
        self
    }

    /// Standard output to `stdout` (a pipe read by the test otherwise).
    pub fn stdout(mut self, stdout: Stdio) -> Guarded {
        self.stdout = Some(stdout);
        self
    }

    /// With the variable `name` set to `value`.
    pub fn env(mut self, name: &str, value: &str) -> Guarded {
        self.env.push((name.into(), value.into()));
        self
    }

    /// Runs it; a crash, a signal or the hang guard fails the test.
    pub fn run(self) -> Run {
        let shown = format!("graphgo {:?}", self.args);
        let capped = Command::new("prlimit").arg("--version").output().is_ok();
        let mut cmd = if capped {
            let mut c = Command::new("prlimit");
            c.arg(format!("--as={ADDRESS_SPACE}")).arg("--").arg(BIN);
            c
        } else {
            use std::io::Write;
            let _ = writeln!(
                std::io::stderr().lock(),
                "SKIPPED: the memory cap of this case (prlimit is missing: apt-get install util-linux)"
            );
            Command::new(BIN)
        };
        cmd.args(&self.args)
            .env_remove("SLURM_ARRAY_TASK_ID")
            .env_remove("JOB_COMPLETION_INDEX")
            .stdin(self.stdin.unwrap_or_else(Stdio::null))
            .stderr(Stdio::piped());
        for (k, v) in &self.env {
            cmd.env(k, v);
        }
        let piped = self.stdout.is_none();
        cmd.stdout(self.stdout.unwrap_or_else(Stdio::piped));
        cmd.current_dir(
            self.dir
                .unwrap_or_else(|| env!("CARGO_MANIFEST_DIR").into()),
        );
        let mut child = cmd.spawn().unwrap();
        let out = child.stdout.take().filter(|_| piped);
        let mut err = child.stderr.take().unwrap();
        let out = std::thread::spawn(move || {
            let mut s = Vec::new();
            if let Some(mut o) = out {
                let _ = o.read_to_end(&mut s);
            }
            s
        });
        let err = std::thread::spawn(move || {
            let mut s = Vec::new();
            let _ = err.read_to_end(&mut s);
            s
        });
        let start = Instant::now();
        let status = loop {
            if let Some(s) = child.try_wait().unwrap() {
                break s;
            }
            if start.elapsed() > HANG_GUARD {
                let _ = child.kill();
                let _ = child.wait();
                panic!("{shown} hung: killed after {HANG_GUARD:?}");
            }
            std::thread::sleep(Duration::from_millis(10));
        };
        let run = Run {
            code: status
                .code()
                .unwrap_or_else(|| panic!("{shown} was killed by a signal ({status:?})")),
            stdout: String::from_utf8_lossy(&out.join().unwrap()).into_owned(),
            stderr: String::from_utf8_lossy(&err.join().unwrap()).into_owned(),
        };
        let said = format!("{}{}", run.stdout, run.stderr);
        for word in RUST_WORDS {
            assert!(!said.contains(word), "{shown} says {word:?}:\n{said}");
        }
        run
    }
}

/// Asserts the exit status and that the standard error holds every one of `words`.
#[track_caller]
pub fn expect(run: &Run, code: i32, words: &[&str]) {
    assert_eq!(
        run.code, code,
        "exit {} (want {code}):\n{}{}",
        run.code, run.stdout, run.stderr
    );
    for w in words {
        assert!(
            run.stderr.contains(w),
            "the message lacks {w:?}:\n{}",
            run.stderr
        );
    }
}

/// Makes a FIFO at `path` (with `mkfifo`, as a user would).
pub fn mkfifo(path: &Path) {
    let made = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(made.success(), "mkfifo {}", path.display());
}
