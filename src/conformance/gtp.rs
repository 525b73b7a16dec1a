//! Driving other engines through GTP (the Go Text Protocol, version 2) and comparing them
//! with graphgo: `graphgo verify-gtp -- ENGINE COMMAND...`.
//!
//! The engine is a child process spoken to over its standard input and output. A reader
//! thread turns its output into lines on a channel, so that every answer is waited for with
//! a timeout: an engine that hangs is killed and reported, one that exits is reported, and
//! the process is always killed and reaped when its [`GtpProcess`] is dropped.
//!
//! [`GtpRules`] makes the engine a [`RuleSet`] and an [`EngineUnderTest`], so that it goes
//! through the one verification path of `crate::conformance::verify` (vectors, campaign, findings,
//! report) like a Rust engine; [`verify_command`] does it all in one call from a command
//! line, an engine that cannot be started being a failure in the report like any other. GTP tells only what is on the board and
//! which moves are legal, so the engine side reads those from the engine (`list_stones`,
//! else `showboard`; `all_legal`, else `is_legal`, else the answer to `play`) and takes the
//! rest (whose turn it is, the end after two passes, resignation) from a graphgo engine
//! played alongside: those are not what is being verified. An engine that shows no board in
//! its answers (Leela Zero draws `showboard` on its error stream) has its stones checked
//! only through its answers to `play`: a stone it failed to remove is a point it refuses.

use std::cell::RefCell;
use std::collections::{BTreeSet, VecDeque};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::rc::Rc;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use crate::board::{Board, Shape, Vertex};
use crate::conformance::verify::{Boards, EngineUnderTest, Support};
use crate::engine::Engine;
use crate::game::clause::Clause;
use crate::game::{
    Colour, Illegal, Observation, Options, Playable, Player, RuleId, RuleSet, Setup, Turn,
    Unsupported,
};
use crate::io::record::Game;

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

fn quoted(text: &str) -> String {
    match text.char_indices().nth(QUOTED_CHARS) {
        Some((cut, _)) => format!("{}... ({} bytes in all)", &text[..cut], text.len()),
        None => text.to_string(),
    }
}

/// What the reader thread of an engine's standard output passes on.
enum Output {
    Line(String),
    /// A line over [`Limits::line_bytes`] (the reader stops there).
    LongLine,
    /// A line that is not UTF-8: where, and the bytes around (the reader stops there).
    NotUtf8(String),
    /// The output closed (or could not be read).
    Closed,
}

/// How long the engine's output is watched after its first answer for a second one
/// ([`GtpProcess::quiet_after_answer`]).
const EXTRA_ANSWER_WAIT: Duration = Duration::from_millis(300);

/// How many lines the reader may be ahead of the answer being read: with the line cap, it
/// bounds the memory an engine that floods its output can take.
const LINES_AHEAD: usize = 16;

/// Reads `stdout` a line at a time, never more than `line_bytes` at once.
fn read_output(stdout: impl std::io::Read, send: SyncSender<Output>, line_bytes: usize) {
    let mut reader = BufReader::new(stdout);
    loop {
        let mut line = Vec::new();
        let read = (&mut reader)
            .take(line_bytes as u64 + 1)
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
                if line.len() > line_bytes {
                    Output::LongLine
                } else {
                    match String::from_utf8(line) {
                        Ok(text) => Output::Line(text),
                        Err(e) => {
                            let at = e.utf8_error().valid_up_to();
                            let bytes = e.as_bytes();
                            let shown: Vec<String> = bytes[at.saturating_sub(8)..]
                                .iter()
                                .take(16)
                                .map(|b| format!("{b:02x}"))
                                .collect();
                            Output::NotUtf8(format!(
                                "byte {} of a line is 0x{:02x}; bytes around it: {}",
                                at + 1,
                                bytes[at],
                                shown.join(" ")
                            ))
                        }
                    }
                }
            }
        };
        let last = !matches!(event, Output::Line(_));
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
        let (send, output) = mpsc::sync_channel(LINES_AHEAD);
        let line_bytes = limits.line_bytes;
        std::thread::spawn(move || read_output(stdout, send, line_bytes));
        let tail = SharedTail::default();
        let (ring, cap) = (Arc::clone(&tail), limits.stderr_bytes);
        std::thread::spawn(move || read_stderr(stderr, ring, cap));
        let mut process = GtpProcess {
            child,
            stdin,
            output,
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
        let deadline = Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let failure = match self.output.recv_timeout(left) {
                Err(_) => return Ok(()),
                Ok(Output::Line(l)) if l.trim().is_empty() => continue,
                Ok(Output::Line(l)) => GtpFailure::TooLong {
                    command: self.answered.clone(),
                    what: format!(
                        "it answered a second time, '{}': the engine answered more than it was asked",
                        quoted(&l)
                    ),
                    stderr: String::new(),
                },
                // An exit is seen at the next command (the wait for it is in slices).
                Ok(Output::Closed) => return Ok(()),
                Ok(Output::LongLine) => GtpFailure::TooLong {
                    command: self.answered.clone(),
                    what: format!("a line of more than {} bytes", self.limits.line_bytes),
                    stderr: String::new(),
                },
                Ok(Output::NotUtf8(at)) => GtpFailure::NotUtf8 {
                    command: self.answered.clone(),
                    at,
                    stderr: String::new(),
                },
            };
            self.kill();
            self.wait_for_stderr(Duration::from_millis(500));
            let f = failure.with_stderr(self.stderr_tail());
            self.dead = Some(f.clone());
            return Err(f);
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
        // Nothing may be waiting before a command is sent: a line there is an answer nobody
        // asked for (an engine that answers twice), which would otherwise be read as the
        // answer to this command and make a rule finding of a protocol error.
        while let Ok(waiting) = self.output.try_recv() {
            match waiting {
                Output::Line(l) if l.trim().is_empty() => {}
                Output::Line(l) => {
                    return Err(GtpFailure::TooLong {
                        command: self.answered.clone(),
                        what: format!(
                            "it answered a second time, '{}': the engine answered more than it was asked",
                            quoted(&l)
                        ),
                        stderr: String::new(),
                    })
                }
                Output::Closed => return Err(exited(self)),
                Output::LongLine => {
                    return Err(GtpFailure::TooLong {
                        command: command.to_string(),
                        what: format!("a line of more than {} bytes", self.limits.line_bytes),
                        stderr: String::new(),
                    })
                }
                Output::NotUtf8(at) => {
                    return Err(GtpFailure::NotUtf8 {
                        command: command.to_string(),
                        at,
                        stderr: String::new(),
                    })
                }
            }
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
        let mut answer: Vec<String> = Vec::new();
        let mut bytes = 0;
        loop {
            // Waited in slices, so that an engine that exited while something it started
            // still holds its output open is reported as exited, not hung.
            let left = deadline.saturating_duration_since(Instant::now());
            let slice = left.min(Duration::from_millis(100));
            let line = match self.output.recv_timeout(slice) {
                Err(RecvTimeoutError::Timeout) if !left.is_zero() => {
                    if let Ok(Some(_)) = self.child.try_wait() {
                        return Err(exited(self));
                    }
                    continue;
                }
                Ok(Output::Line(l)) => l,
                Ok(Output::LongLine) => {
                    return Err(GtpFailure::TooLong {
                        command: command.to_string(),
                        what: format!("a line of more than {} bytes", self.limits.line_bytes),
                        stderr: String::new(),
                    })
                }
                Ok(Output::NotUtf8(at)) => {
                    return Err(GtpFailure::NotUtf8 {
                        command: command.to_string(),
                        at,
                        stderr: String::new(),
                    })
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
            };
            if line.trim().is_empty() {
                if answer.is_empty() {
                    continue; // blank lines before an answer
                }
                break;
            }
            bytes += line.len() + 1;
            if bytes > self.limits.answer_bytes {
                return Err(GtpFailure::TooLong {
                    command: command.to_string(),
                    what: format!(
                        "more than {} bytes in {} lines without the blank line that ends an answer",
                        self.limits.answer_bytes,
                        answer.len() + 1
                    ),
                    stderr: String::new(),
                });
            }
            answer.push(line);
        }
        let first = answer[0].clone();
        let (ok, rest) = match first.chars().next() {
            Some('=') => (true, &first[1..]),
            Some('?') => (false, &first[1..]),
            _ => {
                return Err(GtpFailure::Protocol {
                    command: command.to_string(),
                    answer: quoted(&first),
                    stderr: String::new(),
                })
            }
        };
        // Drop an id, if the engine echoed one (we send none).
        let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
        self.answered = command.to_string();
        let mut text = rest.trim().to_string();
        for l in &answer[1..] {
            text.push('\n');
            text.push_str(l);
        }
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

/// A GTP engine as a [`RuleSet`]: it plays square grids from an empty board (or from setup
/// stones when it knows `loadsgf`).
pub struct GtpRules {
    process: Rc<RefCell<GtpProcess>>,
    /// The first failure talking to the engine, if any (then every later game fails too).
    pub failure: Rc<RefCell<Option<GtpFailure>>>,
    name: String,
    scratch: PathBuf,
    /// The graphgo options matching the engine's: games with other options are refused.
    pub options: std::cell::Cell<Option<Options>>,
    /// Where the engine's stones are read from, once known ([`GtpRules::read_stones_with`]).
    stones: Rc<std::cell::Cell<StoneReading>>,
}

/// Where the stones of an engine are read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoneReading {
    /// Not decided yet: the first position read decides.
    Unknown,
    /// `list_stones black` and `list_stones white`.
    ListStones,
    /// The drawing in the answer to `showboard`.
    Showboard,
    /// Not read: the engine has neither `list_stones` nor a `showboard` whose answer holds
    /// a drawing. The stones are taken from graphgo's side, so only the engine's answers to
    /// `play` are compared (a stone the engine failed to remove shows as a point it refuses).
    NotRead,
}

impl GtpRules {
    /// Wraps a running engine; `scratch` is a folder for the SGF files `loadsgf` reads.
    pub fn new(process: GtpProcess, scratch: &Path) -> GtpRules {
        GtpRules {
            process: Rc::new(RefCell::new(process)),
            failure: Rc::new(RefCell::new(None)),
            name: "gtp engine".to_string(),
            scratch: scratch.to_path_buf(),
            options: std::cell::Cell::new(None),
            stones: Rc::new(std::cell::Cell::new(StoneReading::Unknown)),
        }
    }

    /// Decides where the stones are read from ([`GtpRules::read_stones_with`]) on the first
    /// of `sizes` the engine accepts, before any game (so that [`GtpRules::methods`] can say
    /// it). A failure to talk is recorded in `failure`.
    pub fn decide_stones(&self, sizes: &[usize]) {
        for &size in sizes {
            let Ok(board) = Board::grid(size, size) else {
                continue;
            };
            if self.send(&format!("boardsize {size}")).is_ok() && self.send("clear_board").is_ok() {
                self.read_stones_with(&board);
                return;
            }
        }
    }

    /// Where the engine's stones are read from; decided at the first call, on `board` (the
    /// engine's current board, empty): `list_stones` if the engine knows it, else
    /// `showboard` if it knows that and its answer holds a drawing of `board`, else not at
    /// all. A failure to talk is recorded in `failure` (and gives `NotRead`).
    pub fn read_stones_with(&self, board: &Board) -> StoneReading {
        if self.stones.get() == StoneReading::Unknown {
            let mut p = self.process.borrow_mut();
            let decided = if p.knows("list_stones") {
                StoneReading::ListStones
            } else if !p.knows("showboard") {
                StoneReading::NotRead
            } else {
                match p.ask("showboard") {
                    Ok(Ok(drawn)) if read_showboard(&drawn, board).is_some() => {
                        StoneReading::Showboard
                    }
                    Ok(_) => StoneReading::NotRead,
                    Err(f) => {
                        self.failure.borrow_mut().get_or_insert(f);
                        StoneReading::NotRead
                    }
                }
            };
            self.stones.set(decided);
        }
        self.stones.get()
    }

    /// Sends a command outside any game (e.g. `komi`); the engine's message on failure.
    pub fn send(&self, command: &str) -> Result<(), String> {
        match self.process.borrow_mut().ask(command) {
            Ok(Ok(_)) => Ok(()),
            Ok(Err(e)) => Err(e),
            Err(f) => Err(f.to_string()),
        }
    }

    /// Sets the engine up for `plan` before its first game: the komi of the plan, if any
    /// (GTP's `komi`, a decimal; an engine that refuses it plays its own, and the games
    /// show the difference), and, for games on square grids, how stones are read on each
    /// side ([`GtpRules::decide_stones`]).
    pub fn prepare_for(&self, plan: &crate::conformance::verify::VerifyPlan) {
        if let Some(komi) = plan.komi.as_ref().and_then(num_traits::ToPrimitive::to_f64) {
            let _ = self.send(&format!("komi {komi}"));
        }
        if let crate::conformance::verify::Games::SquareGrids { sides } = &plan.games_on {
            self.decide_stones(sides);
        }
    }

    /// Which commands legality and stones are read with (for the report).
    pub fn methods(&self) -> String {
        let p = self.process.borrow();
        let legal = if p.knows("all_legal") {
            "all_legal"
        } else if p.knows("is_legal") {
            "is_legal"
        } else {
            "the answer to play"
        };
        let stones = match self.stones.get() {
            StoneReading::ListStones => "stones from list_stones",
            StoneReading::NotRead => {
                "stones not read (no list_stones, no drawing in the answer to showboard): \
                 checked only through the answers to play"
            }
            StoneReading::Showboard => "stones from showboard",
            StoneReading::Unknown if p.knows("list_stones") => "stones from list_stones",
            StoneReading::Unknown => "stones from showboard",
        };
        format!("legality from {legal}, {stones}")
    }
}

/// The side of a square grid, when `board` is one GTP can name.
pub fn square_side(board: &Board) -> Option<usize> {
    match *board.shape() {
        Shape::Plane { width, height }
            if width == height
                && width <= MAX_GTP_SIZE
                && Board::grid(width, width).ok().as_ref() == Some(board) =>
        {
            Some(width)
        }
        _ => None,
    }
}

/// A [`RuleSet`] that plays only what GTP engines can: square grids of graph Go. Used for
/// graphgo's side when comparing with an engine, so that shrinking (which deletes vertices
/// and edges) never takes a case off the boards an engine plays.
/// The options are pinned too: they are the engine's, so the shrinker must not simplify them.
pub struct OnSquareGrids<R: RuleSet> {
    pub rules: R,
    pub options: Options,
}

impl<R: RuleSet> RuleSet for OnSquareGrids<R> {
    fn name(&self) -> &str {
        "graphgo"
    }

    fn start(&self, setup: &Setup) -> Result<Box<dyn Playable>, Unsupported> {
        if square_side(&setup.board).is_none() {
            return Err(Unsupported("GTP engines play square grids only".into()));
        }
        if setup.options != self.options {
            return Err(Unsupported(
                "the options are the engine's: not changed".into(),
            ));
        }
        self.rules.start(setup)
    }
}

impl RuleSet for GtpRules {
    fn name(&self) -> &str {
        &self.name
    }

    fn start(&self, setup: &Setup) -> Result<Box<dyn Playable>, Unsupported> {
        let Some(n) = square_side(&setup.board) else {
            return Err(Unsupported("GTP engines play square grids only".into()));
        };
        if setup.rules != RuleId::Ggg1 {
            return Err(Unsupported(
                "GTP engines are compared under ggg1 only".into(),
            ));
        }
        if self.options.get().is_some_and(|o| o != setup.options) {
            return Err(Unsupported(
                "the options are the engine's: not changed".into(),
            ));
        }
        let mut p = self.process.borrow_mut();
        let fail = |f: GtpFailure| -> Unsupported {
            let text = f.to_string();
            self.failure.borrow_mut().get_or_insert(f);
            Unsupported(text)
        };
        // An engine may play only some sizes (many only 19x19): a refused size is not a
        // failure to talk, the game is just not played.
        match p.ask(&format!("boardsize {n}")) {
            Ok(Ok(_)) => {}
            Ok(Err(answer)) => {
                return Err(Unsupported(format!(
                    "the engine refuses boardsize {n} ({answer})"
                )))
            }
            Err(f) => return Err(fail(f)),
        }
        p.must("clear_board").map_err(fail)?;
        let has_stones = setup.initial.iter().any(|&c| c != Colour::Empty);
        if has_stones || setup.to_move == Player::White {
            if !p.knows("loadsgf") {
                return Err(Unsupported(
                    "the engine has no loadsgf to set up stones".into(),
                ));
            }
            let game = Game {
                setup: setup.clone(),
                turns: Vec::new(),
            };
            let text = crate::io::sgf::write(&game, "").expect("a square grid");
            let file = self
                .scratch
                .join(format!("setup-{}.sgf", std::process::id()));
            std::fs::create_dir_all(&self.scratch)
                .and_then(|_| std::fs::write(&file, text))
                .map_err(|e| Unsupported(format!("{}: {e}", file.display())))?;
            p.must(&format!("loadsgf {}", file.display()))
                .map_err(fail)?;
        }
        drop(p);
        let shadow = Engine.start(setup)?;
        if !has_stones {
            self.read_stones_with(&setup.board);
        }
        Ok(Box::new(GtpGame {
            process: Rc::clone(&self.process),
            failure: Rc::clone(&self.failure),
            board: Arc::clone(&setup.board),
            shadow,
            departed: false,
            stones: Rc::clone(&self.stones),
        }))
    }
}

/// One game on the engine, with graphgo's engine alongside for the bookkeeping GTP lacks.
struct GtpGame {
    process: Rc<RefCell<GtpProcess>>,
    failure: Rc<RefCell<Option<GtpFailure>>>,
    board: Arc<Board>,
    shadow: Box<dyn Playable>,
    /// The engine played a turn graphgo refuses: the bookkeeping no longer follows it.
    departed: bool,
    stones: Rc<std::cell::Cell<StoneReading>>,
}

impl GtpGame {
    /// Sends a command; a failure to talk is recorded and ends the game with a panic that
    /// the comparer catches (the driver reports it as an engine failure, not a finding).
    fn ask(&self, command: &str) -> Result<String, String> {
        let answer = self.process.borrow_mut().ask(command);
        match answer {
            Ok(a) => a,
            Err(f) => {
                let text = f.to_string();
                self.failure.borrow_mut().get_or_insert(f);
                panic!("{text}");
            }
        }
    }

    fn vertices(&self, text: &str) -> Vec<Vertex> {
        text.split_whitespace()
            .filter_map(|w| self.board.vertex(w))
            .collect()
    }

    fn gtp_name(&self, v: Vertex) -> String {
        self.board.gtp_name(v).expect("a square grid")
    }

    fn position(&self) -> Vec<Colour> {
        if self.stones.get() == StoneReading::NotRead {
            return self.shadow.observe().position;
        }
        let mut position = vec![Colour::Empty; self.board.len()];
        if self.process.borrow().knows("list_stones") {
            for (word, colour) in [("black", Colour::Black), ("white", Colour::White)] {
                let listed = self.ask(&format!("list_stones {word}")).unwrap_or_default();
                for v in self.vertices(&listed) {
                    position[v] = colour;
                }
            }
            return position;
        }
        let drawn = self.ask("showboard").unwrap_or_default();
        match read_showboard(&drawn, &self.board) {
            Some(p) => p,
            None => {
                // Not a finding about the rules: the stones cannot be read at all.
                let f = GtpFailure::Protocol {
                    command: "showboard".into(),
                    answer: format!(
                        "no board drawing graphgo can read (and no list_stones): {}",
                        quoted(drawn.lines().next().unwrap_or(""))
                    ),
                    stderr: self.process.borrow().stderr_tail(),
                };
                let text = f.to_string();
                self.failure.borrow_mut().get_or_insert(f);
                panic!("{text}");
            }
        }
    }
}

/// Reads the stones from a `showboard` drawing: rows that start with a row number, `X` or
/// `#` or `@` black, `O` white, anything else empty (`.`, `+`). `None` when no row is read.
pub fn read_showboard(text: &str, board: &Board) -> Option<Vec<Colour>> {
    let Shape::Plane { width, height } = *board.shape() else {
        return None;
    };
    let mut position = vec![Colour::Empty; board.len()];
    let mut rows = 0;
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(row) = words.first().and_then(|w| w.parse::<usize>().ok()) else {
            continue;
        };
        if !(1..=height).contains(&row) || words.len() < width + 1 {
            continue;
        }
        for (x, w) in words[1..=width].iter().enumerate() {
            position[(row - 1) * width + x] = match *w {
                "X" | "x" | "#" | "@" => Colour::Black,
                "O" | "o" => Colour::White,
                _ => Colour::Empty,
            };
        }
        rows += 1;
    }
    (rows > 0).then_some(position)
}

impl Playable for GtpGame {
    fn observe(&self) -> Observation {
        let mut o = self.shadow.observe();
        o.position = self.position();
        o
    }

    fn legal_turns(&self) -> Vec<Turn> {
        let shadow = self.shadow.legal_turns();
        let Some(player) = self.shadow.observe().to_move else {
            return Vec::new();
        };
        let mut legal: Vec<Turn> = shadow
            .iter()
            .filter(|t| !matches!(t, Turn::Move { .. }))
            .cloned()
            .collect();
        let knows = |c: &str| self.process.borrow().knows(c);
        let word = player.word();
        let moves: Vec<Vertex> = if knows("all_legal") {
            let listed = self.ask(&format!("all_legal {word}")).unwrap_or_default();
            self.vertices(&listed)
        } else if knows("is_legal") {
            (0..self.board.len())
                .filter(|&v| {
                    self.ask(&format!("is_legal {word} {}", self.gtp_name(v)))
                        .is_ok_and(|a| a.trim() == "1")
                })
                .collect()
        } else {
            // Without a legality command the engine is asked only through `play`: take
            // graphgo's list, and let the verdicts show any difference.
            shadow
                .iter()
                .filter_map(|t| match t {
                    Turn::Move { at, .. } => Some(*at),
                    _ => None,
                })
                .collect()
        };
        legal.extend(moves.into_iter().map(|at| Turn::Move { player, at }));
        legal.sort();
        legal.dedup();
        legal
    }

    fn play(&mut self, turn: &Turn) -> Result<(), Illegal> {
        // Whose turn it is and whether the game is over are graphgo's bookkeeping (GTP's
        // `play` takes any colour at any time): such turns are not sent to the engine.
        if self.departed || self.shadow.observe().to_move != Some(turn.player()) {
            return self.shadow.play(turn);
        }
        let graphgo_allows = !self.departed && self.shadow.legal_turns().contains(turn);
        let command = match *turn {
            Turn::Move { player, at } => {
                Some(format!("play {} {}", player.word(), self.gtp_name(at)))
            }
            Turn::Pass { player } => Some(format!("play {} pass", player.word())),
            // Resignation, and the other families' turns (never offered under ggg1), are
            // graphgo's bookkeeping.
            _ => None,
        };
        let answer = match command {
            Some(c) => self.ask(&c),
            None => Ok(String::new()),
        };
        match (answer, graphgo_allows) {
            (Ok(_), true) => self.shadow.play(turn),
            (Ok(_), false) => {
                self.departed = true;
                Ok(())
            }
            (Err(e), true) => Err(Illegal {
                clause: Clause::Outside { by: "gtp" },
                reason: format!("the engine refuses it: {e}"),
            }),
            // Both refuse: the reason is graphgo's (GTP gives no clause).
            (Err(_), false) => self.shadow.play(turn),
        }
    }
}

impl EngineUnderTest for GtpRules {
    /// What a GTP engine plays: General Graph Go (`ggg1`) on square grids GTP can name,
    /// setup stones and White first only through `loadsgf`, any komi; the options pinned
    /// by [`GtpRules::options`] if set (they are the engine's own), else any.
    fn support(&self) -> Support {
        let setup = self.process.borrow().knows("loadsgf");
        let any = Support {
            rules: vec![RuleId::Ggg1],
            boards: Boards::SquareGrids,
            max_vertices: MAX_GTP_SIZE * MAX_GTP_SIZE,
            setup_stones: setup,
            white_first: setup,
            komi: true,
            ..Support::everything()
        };
        match self.options.get() {
            Some(options) => any.pinned_to(options),
            None => any,
        }
    }

    fn failure(&self) -> Option<GtpFailure> {
        self.failure.borrow().clone()
    }

    fn methods(&self) -> String {
        GtpRules::methods(self)
    }
}

impl GtpRules {
    /// Starts the engine `argv` ([`GtpProcess::spawn`]) and wraps it, playing `options`
    /// (graphgo's options matching the engine's own rules; `None`: not pinned). `scratch` is
    /// a folder for the SGF files `loadsgf` reads.
    pub fn spawn(
        argv: &[String],
        [startup, timeout]: [Duration; 2],
        options: Option<Options>,
        scratch: &Path,
    ) -> Result<GtpRules, GtpFailure> {
        let rules = GtpRules::new(GtpProcess::spawn(argv, startup, timeout)?, scratch);
        rules.options.set(options);
        Ok(rules)
    }
}

/// Verifies the GTP engine `argv` in one call, never aborting: starts it, sends the komi
/// of the plan if any, runs [`crate::conformance::verify::verify_with`] with graphgo set to the plan's
/// options, and returns the report; an engine that cannot be started, crashes, hangs or
/// prints garbage is the report's `failure` (with the tail of its standard error), with
/// what was done before kept. `Err` only for bad vector files.
pub fn verify_command(
    argv: &[String],
    timeouts: [Duration; 2],
    plan: &crate::conformance::verify::VerifyPlan,
    progress: &mut dyn FnMut(&str),
) -> Result<crate::conformance::verify::VerifyReport, crate::io::record::InputError> {
    let scratch = std::env::temp_dir();
    let rules = match GtpRules::spawn(argv, timeouts, plan.options, &scratch) {
        Ok(r) => r,
        Err(failure) => {
            return Ok(crate::conformance::verify::VerifyReport {
                engine: argv.join(" "),
                methods: String::new(),
                vectors: crate::conformance::vectors::Summary {
                    sides: vec![argv.join(" ")],
                    runs: Vec::new(),
                },
                campaign: crate::conformance::verify::CampaignReport {
                    seed: plan.seed,
                    stopped: Some("the engine could not be started".into()),
                    ..Default::default()
                },
                failure: Some(failure),
            })
        }
    };
    rules.prepare_for(plan);
    crate::conformance::verify::verify_with(&rules, plan, progress)
}
