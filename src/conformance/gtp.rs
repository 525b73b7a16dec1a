//! Driving other engines through GTP (the Go Text Protocol, version 2) and comparing them
//! with graphgo: `graphgo verify-gtp -- ENGINE COMMAND...`.
//!
//! The engine is a child process spoken to over its standard input and output. A reader
//! thread turns its output into lines on a channel, so that every answer is waited for with
//! a timeout: an engine that hangs is killed and reported, one that exits is reported, and
//! the process is always killed and reaped when its [`GtpProcess`] is dropped.
//!
//! This file is the process and its framing; the GTP subset that makes the engine a
//! `RuleSet` and an `EngineUnderTest` is `crate::conformance::gtp_rules` ([`GtpRules`],
//! re-exported here), and [`verify_command`] does it all in one call from a command line.

use std::collections::{BTreeSet, VecDeque};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

pub use crate::conformance::gtp_rules::{
    grid_sides, read_showboard, square_side, verify_command, GtpRules, OnSquareGrids, StoneReading,
};

/// The largest board GTP can name (columns A-Z without I).
pub const MAX_GTP_SIZE: usize = 25;

/// Caps on what an engine may send, so that no engine can take graphgo down: an answer is
/// read a line at a time, each line at most `line_bytes` long, the whole answer at most
/// `answer_bytes` long and finished within the timeout of [`GtpProcess`] (counted from the
/// command, not from the last line: an engine that drips lines forever is hung too). Past a
/// cap the engine is killed and reported ([`GtpFailure::TooLong`]). Of its standard error
/// only the last `stderr_bytes` are kept, to be shown when it fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub line_bytes: usize,
    pub answer_bytes: usize,
    pub stderr_bytes: usize,
}

impl Default for Limits {
    /// 64 KiB a line, 1 MiB an answer, 4 KiB of standard error. The longest answers
    /// verify-gtp asks for are `list_commands` and a 25x25 `showboard` (a few KiB).
    fn default() -> Limits {
        Limits {
            line_bytes: 64 * 1024,
            answer_bytes: 1024 * 1024,
            stderr_bytes: 4 * 1024,
        }
    }
}

/// How talking to an engine failed (the one failure type of every engine under test).
pub use crate::conformance::verify::EngineFailure as GtpFailure;

/// At most this many characters of an engine's text are quoted in a message.
const QUOTED_CHARS: usize = 200;

pub(crate) fn quoted(text: &str) -> String {
    match text.char_indices().nth(QUOTED_CHARS) {
        Some((cut, _)) => format!("{}... ({} bytes in all)", &text[..cut], text.len()),
        None => text.to_string(),
    }
}

/// The first line of `answer` (lines joined by `\n`).
fn first_line(answer: &str) -> &str {
    answer.split('\n').next().unwrap_or_default()
}

/// What the reader thread of an engine's standard output passes on.
enum Output {
    /// A whole answer: its lines (each without its line end) up to the blank line that ends
    /// it, joined by `\n`; blank lines before an answer are skipped.
    Answer(String),
    /// A line over [`Limits::line_bytes`] (the reader stops there).
    LongLine,
    /// An answer over [`Limits::answer_bytes`] without its blank line: the lines read so far
    /// (the reader stops there).
    LongAnswer { lines: usize },
    /// A line that is not UTF-8: where, and the bytes around (the reader stops there).
    NotUtf8(String),
    /// The output closed (or could not be read).
    Closed,
}

/// How long the engine's output is watched after its first answer for a second one
/// ([`GtpProcess::quiet_after_answer`]).
const EXTRA_ANSWER_WAIT: Duration = Duration::from_millis(300);

/// How many whole answers the reader may be ahead of the one being read: with the answer
/// cap, it bounds the memory an engine that floods its output can take (this many answers,
/// the one being read and the one being gathered, each at most [`Limits::answer_bytes`] and
/// a line).
const ANSWERS_AHEAD: usize = 2;

/// How many answers the reader has begun, and the first line of the last one: an answer
/// begun that the asking thread has not received when it sends a command (an engine that
/// answers twice) would be read as the answer to that command, so
/// [`GtpProcess::exchange`] counts the answers it received and compares.
type Begun = Arc<Mutex<(u64, String)>>;

/// Reads `stdout` a line at a time, never more than `line_bytes` at once, and hands each whole
/// answer on in one message (issue 29 point 4: one wake-up of the asking thread an answer,
/// not a line: a `graphgo-game` answer has a line a turn). An answer is cut at
/// `answer_bytes`; a line at `line_bytes`.
fn read_output(stdout: impl std::io::Read, send: SyncSender<Output>, limits: Limits, begun: Begun) {
    let mut reader = BufReader::with_capacity(64 * 1024, stdout);
    let mut line = Vec::new();
    let mut answer = String::new();
    let mut lines = 0;
    loop {
        line.clear();
        let read = (&mut reader)
            .take(limits.line_bytes as u64 + 1)
            .read_until(b'\n', &mut line);
        let event = match read {
            Err(_) | Ok(0) => Output::Closed,
            Ok(_) => {
                if line.last() == Some(&b'\n') {
                    line.pop();
                    if line.last() == Some(&b'\r') {
                        line.pop();
                    }
                }
                if line.len() > limits.line_bytes {
                    Output::LongLine
                } else {
                    match std::str::from_utf8(&line) {
                        Ok(text) if text.trim().is_empty() => {
                            if lines == 0 {
                                continue; // blank lines before an answer
                            }
                            lines = 0;
                            Output::Answer(std::mem::take(&mut answer))
                        }
                        Ok(text) => {
                            if lines == 0 {
                                if let Ok(mut b) = begun.lock() {
                                    b.0 += 1;
                                    b.1 = text.to_string();
                                }
                            } else {
                                answer.push('\n');
                            }
                            answer.push_str(text);
                            lines += 1;
                            // Each line's bytes and its end, as the engine counts them.
                            if answer.len() + 1 > limits.answer_bytes {
                                Output::LongAnswer { lines }
                            } else {
                                continue;
                            }
                        }
                        Err(e) => {
                            let at = e.valid_up_to();
                            let shown: Vec<String> = line[at.saturating_sub(8)..]
                                .iter()
                                .take(16)
                                .map(|b| format!("{b:02x}"))
                                .collect();
                            Output::NotUtf8(format!(
                                "byte {} of a line is 0x{:02x}; bytes around it: {}",
                                at + 1,
                                line[at],
                                shown.join(" ")
                            ))
                        }
                    }
                }
            }
        };
        let last = !matches!(event, Output::Answer(_));
        if send.send(event).is_err() || last {
            return;
        }
    }
}

/// The last bytes an engine wrote on its standard error, and whether it closed it.
#[derive(Default)]
struct StderrTail {
    bytes: VecDeque<u8>,
    /// Bytes dropped from the front (so that the tail says it is one).
    dropped: bool,
    closed: bool,
}

type SharedTail = Arc<(Mutex<StderrTail>, Condvar)>;

/// Reads `stderr` to its end into a ring of `cap` bytes.
fn read_stderr(mut stderr: impl std::io::Read, tail: SharedTail, cap: usize) {
    let mut chunk = [0u8; 4096];
    loop {
        let n = stderr.read(&mut chunk).unwrap_or(0);
        let (lock, closed) = &*tail;
        let Ok(mut t) = lock.lock() else { return };
        if n == 0 {
            t.closed = true;
            closed.notify_all();
            return;
        }
        t.bytes.extend(&chunk[..n]);
        if t.bytes.len() > cap {
            let excess = t.bytes.len() - cap;
            t.bytes.drain(..excess);
            t.dropped = true;
        }
    }
}

/// A running GTP engine. Dropping it kills and reaps the process.
pub struct GtpProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    output: Receiver<Output>,
    /// The answers the reader has begun (see [`Begun`]), and those received from it.
    begun: Begun,
    received: u64,
    stderr: SharedTail,
    timeout: Duration,
    limits: Limits,
    /// The commands the engine lists (`list_commands`).
    pub commands: BTreeSet<String>,
    dead: Option<GtpFailure>,
    /// The last command answered: a line waiting before the next one is sent is a second
    /// answer to it.
    answered: String,
}

impl GtpProcess {
    /// Starts `argv[0]` with the other words as arguments and asks for its commands. The
    /// first answer may take `startup` (engines load networks and books); every later one
    /// `timeout`. The caps are [`Limits::default`].
    pub fn spawn(
        argv: &[String],
        startup: Duration,
        timeout: Duration,
    ) -> Result<GtpProcess, GtpFailure> {
        GtpProcess::spawn_with(argv, startup, timeout, Limits::default())
    }

    /// [`GtpProcess::spawn`] with other caps.
    pub fn spawn_with(
        argv: &[String],
        startup: Duration,
        timeout: Duration,
        limits: Limits,
    ) -> Result<GtpProcess, GtpFailure> {
        let Some((program, args)) = argv.split_first() else {
            return Err(GtpFailure::Spawn("no engine command given".into()));
        };
        let mut command = Command::new(program);
        // Its own process group, so that a hung engine is killed with everything it started
        // (a wrapper script, a pipe): see `kill`.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| GtpFailure::Spawn(format!("{program}: {e}")))?;
        let stdout = child.stdout.take().expect("stdout is piped");
        let stderr = child.stderr.take().expect("stderr is piped");
        let stdin = child.stdin.take();
        let (send, output) = mpsc::sync_channel(ANSWERS_AHEAD);
        let begun = Begun::default();
        let reading = Arc::clone(&begun);
        std::thread::spawn(move || read_output(stdout, send, limits, reading));
        let tail = SharedTail::default();
        let (ring, cap) = (Arc::clone(&tail), limits.stderr_bytes);
        std::thread::spawn(move || read_stderr(stderr, ring, cap));
        let mut process = GtpProcess {
            child,
            stdin,
            output,
            begun,
            received: 0,
            stderr: tail,
            timeout: startup,
            limits,
            commands: BTreeSet::new(),
            dead: None,
            answered: String::new(),
        };
        let listed = process.ask("list_commands")?;
        process.quiet_after_answer(EXTRA_ANSWER_WAIT)?;
        process.timeout = timeout;
        process.commands = match listed {
            Ok(text) => text.lines().map(|l| l.trim().to_string()).collect(),
            Err(_) => BTreeSet::new(),
        };
        Ok(process)
    }

    /// Whether the engine lists `command`.
    pub fn knows(&self, command: &str) -> bool {
        self.commands.contains(command)
    }

    /// The last bytes the engine wrote on its standard error so far (lossy UTF-8; "..."
    /// first when earlier bytes were dropped).
    pub fn stderr_tail(&self) -> String {
        let Ok(t) = self.stderr.0.lock() else {
            return String::new();
        };
        let (a, b) = t.bytes.as_slices();
        let text = String::from_utf8_lossy(&[a, b].concat()).into_owned();
        if t.dropped {
            format!("...{text}")
        } else {
            text
        }
    }

    /// Waits up to `wait` for the engine's standard error to close (after a kill or an
    /// exit), so that its last words are in the tail.
    fn wait_for_stderr(&self, wait: Duration) {
        let (lock, closed) = &*self.stderr;
        if let Ok(t) = lock.lock() {
            let _ = closed.wait_timeout_while(t, wait, |t| !t.closed);
        }
    }

    /// Watches the engine's output for `wait` after an answer: a second answer there (an
    /// engine that answers more than it is asked) is a failure of the engine. Done once,
    /// after the first answer, so that an engine that always answers twice is caught before
    /// its second answers are read as the answers to later commands; later, a line waiting
    /// when a command is sent is caught the same way ([`GtpProcess::exchange`]).
    fn quiet_after_answer(&mut self, wait: Duration) -> Result<(), GtpFailure> {
        let failure = match self.output.recv_timeout(wait) {
            // An exit is seen at the next command (the wait for it is in slices).
            Err(_) | Ok(Output::Closed) => match self.begun_answer() {
                None => return Ok(()),
                Some(first) => self.second_answer(&first),
            },
            Ok(Output::Answer(a)) => {
                self.received += 1;
                self.second_answer(first_line(&a))
            }
            Ok(other) => self.broken(other, &self.answered.clone()),
        };
        self.kill();
        self.wait_for_stderr(Duration::from_millis(500));
        let f = failure.with_stderr(self.stderr_tail());
        self.dead = Some(f.clone());
        Err(f)
    }

    /// The first line of an answer the reader has begun that was not received, if any.
    fn begun_answer(&self) -> Option<String> {
        let b = self.begun.lock().ok()?;
        (b.0 > self.received).then(|| b.1.clone())
    }

    /// The failure of an engine that answered the last command twice (`first`: the first
    /// line of the second answer).
    fn second_answer(&self, first: &str) -> GtpFailure {
        GtpFailure::TooLong {
            command: self.answered.clone(),
            what: format!(
                "it answered a second time, '{}': the engine answered more than it was asked",
                quoted(first)
            ),
            stderr: String::new(),
        }
    }

    /// The failure an output that is not an answer tells, in the answer to `command`
    /// (`Closed` is told by `exchange`, which waits for the exit status).
    fn broken(&self, output: Output, command: &str) -> GtpFailure {
        match output {
            Output::LongLine => GtpFailure::TooLong {
                command: command.to_string(),
                what: format!("a line of more than {} bytes", self.limits.line_bytes),
                stderr: String::new(),
            },
            Output::LongAnswer { lines } => GtpFailure::TooLong {
                command: command.to_string(),
                what: format!(
                    "more than {} bytes in {lines} lines without the blank line that ends an answer",
                    self.limits.answer_bytes
                ),
                stderr: String::new(),
            },
            Output::NotUtf8(at) => GtpFailure::NotUtf8 {
                command: command.to_string(),
                at,
                stderr: String::new(),
            },
            Output::Answer(_) | Output::Closed => GtpFailure::Protocol {
                command: command.to_string(),
                answer: "(no answer)".to_string(),
                stderr: String::new(),
            },
        }
    }

    /// Sends one command; `Ok(Ok(answer))` for `=`, `Ok(Err(message))` for `?`.
    pub fn ask(&mut self, command: &str) -> Result<Result<String, String>, GtpFailure> {
        if let Some(f) = &self.dead {
            return Err(f.clone());
        }
        match self.exchange(command) {
            Ok(answer) => Ok(answer),
            Err(f) => {
                self.kill();
                self.wait_for_stderr(Duration::from_millis(500));
                let f = f.with_stderr(self.stderr_tail());
                self.dead = Some(f.clone());
                Err(f)
            }
        }
    }

    fn exchange(&mut self, command: &str) -> Result<Result<String, String>, GtpFailure> {
        let exited = |me: &mut GtpProcess| {
            // The output closed: give the engine a moment to exit, for its status.
            let mut status = "output closed".to_string();
            for _ in 0..50 {
                if let Ok(Some(s)) = me.child.try_wait() {
                    status = s.to_string();
                    break;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            GtpFailure::Exited {
                command: command.to_string(),
                status,
                stderr: String::new(),
            }
        };
        // Nothing may be waiting before a command is sent: an answer there (finished, or
        // begun: the reader counts the answers it begins) is one nobody asked for (an engine
        // that answers twice), which would otherwise be read as the answer to this command
        // and make a rule finding of a protocol error.
        match self.output.try_recv() {
            Ok(Output::Answer(a)) => {
                self.received += 1;
                return Err(self.second_answer(first_line(&a)));
            }
            Ok(Output::Closed) => return Err(exited(self)),
            Ok(other) => return Err(self.broken(other, command)),
            Err(_) => {}
        }
        if let Some(first) = self.begun_answer() {
            return Err(self.second_answer(&first));
        }
        let written = match self.stdin.as_mut() {
            Some(stdin) => writeln!(stdin, "{command}").and_then(|_| stdin.flush()),
            None => Err(std::io::Error::other("closed")),
        };
        if written.is_err() {
            return Err(exited(self));
        }
        // The whole answer within the timeout, however its lines arrive.
        let deadline = Instant::now() + self.timeout;
        let answer = loop {
            // Waited in slices, so that an engine that exited while something it started
            // still holds its output open is reported as exited, not hung.
            let left = deadline.saturating_duration_since(Instant::now());
            let slice = left.min(Duration::from_millis(100));
            match self.output.recv_timeout(slice) {
                Err(RecvTimeoutError::Timeout) if !left.is_zero() => {
                    if let Ok(Some(_)) = self.child.try_wait() {
                        return Err(exited(self));
                    }
                }
                Ok(Output::Answer(a)) => {
                    self.received += 1;
                    break a;
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(GtpFailure::Hung {
                        command: command.to_string(),
                        seconds: self.timeout.as_secs_f64(),
                        stderr: String::new(),
                    })
                }
                Ok(Output::Closed) | Err(RecvTimeoutError::Disconnected) => {
                    return Err(exited(self));
                }
                Ok(other) => return Err(self.broken(other, command)),
            }
        };
        let (first, more) = match answer.split_once('\n') {
            Some((first, more)) => (first, Some(more)),
            None => (answer.as_str(), None),
        };
        let (ok, rest) = match first.chars().next() {
            Some('=') => (true, &first[1..]),
            Some('?') => (false, &first[1..]),
            _ => {
                return Err(GtpFailure::Protocol {
                    command: command.to_string(),
                    answer: quoted(first),
                    stderr: String::new(),
                })
            }
        };
        // Drop an id, if the engine echoed one (we send none).
        let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
        let mut text = String::with_capacity(answer.len());
        text.push_str(rest.trim());
        if let Some(more) = more {
            text.push('\n');
            text.push_str(more);
        }
        self.answered = command.to_string();
        Ok(if ok { Ok(text) } else { Err(text) })
    }

    /// Sends a command that must succeed.
    pub fn must(&mut self, command: &str) -> Result<String, GtpFailure> {
        match self.ask(command)? {
            Ok(t) => Ok(t),
            Err(e) => Err(GtpFailure::Protocol {
                command: command.to_string(),
                answer: quoted(&format!("? {e}")),
                stderr: self.stderr_tail(),
            }),
        }
    }

    fn kill(&mut self) {
        self.stdin = None;
        #[cfg(unix)]
        {
            // The engine's process group is its own (see `spawn`): kill all of it, even
            // when the engine itself has exited, so that nothing it started (a child that
            // holds its pipes) is left running. The group's id is not given to another
            // process while a member of it lives.
            let _ = Command::new("kill")
                .args(["-KILL", "--", &format!("-{}", self.child.id())])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status();
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for GtpProcess {
    fn drop(&mut self) {
        if self.dead.is_none() {
            if let Some(stdin) = self.stdin.as_mut() {
                let _ = writeln!(stdin, "quit");
                let _ = stdin.flush();
            }
            self.stdin = None;
            // A polite quit first; killed if it has not exited shortly after.
            for _ in 0..20 {
                if let Ok(Some(_)) = self.child.try_wait() {
                    break;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
        }
        // Whatever the engine started ends with it: its whole process group.
        self.kill();
    }
}
