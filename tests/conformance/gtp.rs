//! `graphgo verify-gtp` against GNU Go (Debian's `gnugo`, installed by `.ci/run`) and against
//! tiny shell "engines" that hang, crash or misplay, and the misbehaving engines of
//! `tests/support/misbehaving_gtp.py` (floods, endless lines, bytes that are not text,
//! crashes with a message, hangs: each must end in exit 3 within its time cap, with memory
//! bounded). The GNU Go tests skip with a message when `/usr/games/gnugo` (or $GNUGO) is
//! absent.

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use graphgo::board::Board;
use graphgo::conformance::gtp::{self, GtpFailure, GtpProcess};
use graphgo::game::Colour;

fn gnugo() -> Option<String> {
    let path = std::env::var("GNUGO").unwrap_or_else(|_| "/usr/games/gnugo".to_string());
    if PathBuf::from(&path).exists() {
        Some(path)
    } else {
        skipped(&format!(
            "GNU Go not found at {path} (apt-get install gnugo, or set GNUGO)"
        ));
        None
    }
}

fn graphgo() -> Command {
    Command::new(env!("CARGO_BIN_EXE_graphgo"))
}

fn out_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Runs `graphgo verify-gtp ARGS --out OUT -- ENGINE...`: its exit status and its report.
fn verify_gtp(args: &[&str], out: &str, engine: &[String]) -> (Option<i32>, String) {
    let run = graphgo()
        .arg("verify-gtp")
        .args(args)
        .arg("--out")
        .arg(out_dir(out))
        .arg("--")
        .args(engine)
        .output()
        .unwrap();
    (
        run.status.code(),
        String::from_utf8_lossy(&run.stdout).to_string(),
    )
}

/// Checks the report of a run that agreed over `games` games with an engine whose stones
/// could not be read.
fn assert_agreed_through_play(code: Option<i32>, text: &str, games: usize) {
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("stones not read"), "{text}");
    assert!(
        text.contains(&format!("{games} games")) && text.contains("0 disagreements"),
        "{text}"
    );
}

#[test]
fn gnugo_agrees_with_graphgo_when_the_options_match() {
    let Some(gnugo) = gnugo() else { return };
    // GNU Go's defaults (--forbid-suicide, --simple-ko) are graphgo's self-capture none and
    // repetition simple.
    let (code, text) = verify_gtp(
        &[
            "--size",
            "5,7",
            "--games",
            "3",
            "--max-turns",
            "120",
            "--self-capture",
            "none",
            "--repetition",
            "simple",
        ],
        "gtp-agree",
        &[gnugo, "--mode".into(), "gtp".into()],
    );
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("0 disagreements"), "{text}");
    assert!(text.contains("6 games"), "{text}");
    assert!(text.contains("stones from list_stones"), "{text}");
}

#[test]
fn simple_ko_against_positional_superko_is_reported_with_its_clause_and_files() {
    let Some(gnugo) = gnugo() else { return };
    let out = out_dir("gtp-disagree");
    let run = graphgo()
        .args([
            "verify-gtp",
            "--size",
            "3",
            "--games",
            "2",
            "--max-turns",
            "100",
        ])
        .args(["--self-capture", "none", "--repetition", "positional"])
        .args(["--max-findings", "1", "--out"])
        .arg(&out)
        .args(["--", &gnugo, "--mode", "gtp"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&run.stdout);
    assert_eq!(run.status.code(), Some(1), "{text}");
    assert!(text.contains("DIVERGENCE (ggg1:3) in 3x3 game"), "{text}");
    // Positional superko (ggg1:3) refuses a move that simple ko allows.
    assert!(text.contains("ggg1:3: graphgo refuses"), "{text}");
    let yaml = std::fs::read_to_string(out.join("gtp-001.yaml")).unwrap();
    assert!(yaml.contains("repetition: positional"), "{yaml}");
    let sgf = std::fs::read_to_string(out.join("gtp-001.sgf")).unwrap();
    assert!(
        sgf.starts_with("(;FF[4]GM[1]") && sgf.contains("SZ[3]"),
        "{sgf}"
    );
    // The finding as a conformance vector: it names the clause, holds graphgo's refusal of
    // the disputed turn, and passes on graphgo's own sides.
    let text = std::fs::read_to_string(out.join("gtp-001.vector.yaml")).unwrap();
    let vector = graphgo::conformance::vectors::Vector::parse(&text, false).unwrap();
    assert!(vector.head.clauses.iter().any(|c| c == "ggg1:3"), "{text}");
    assert!(text.contains("legal: false, clause: \"ggg1:3\""), "{text}");
    for side in [
        &graphgo::variants::Rules as &dyn graphgo::game::RuleSet,
        &graphgo::engine::Engine,
    ] {
        assert_eq!(
            graphgo::conformance::vectors::judge_vector(side, &vector),
            graphgo::conformance::vectors::VectorVerdict::Pass,
            "{text}"
        );
    }
}

#[test]
fn gnugo_superko_does_not_look_at_self_capture() {
    let Some(gnugo) = gnugo() else { return };
    // Finding 1 of spec/engines/gnugo.md: with all suicide allowed and positional superko,
    // B A2, W B2, B B1 leaves W A1 a lone-stone suicide that gives back the same position:
    // graphgo (ggg1:3) refuses it, GNU Go allows it.
    let out = out_dir("gtp-suicide-superko");
    let run = graphgo()
        .args([
            "verify-gtp",
            "--size",
            "3",
            "--games",
            "2",
            "--max-turns",
            "60",
        ])
        .args(["--self-capture", "all", "--repetition", "positional"])
        .args(["--max-findings", "1", "--out"])
        .arg(&out)
        .args([
            "--",
            &gnugo,
            "--mode",
            "gtp",
            "--allow-all-suicide",
            "--positional-superko",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&run.stdout);
    assert_eq!(run.status.code(), Some(1), "{text}");
    assert!(
        text.contains("ggg1:3") && text.contains("occurred 1 turn(s) earlier"),
        "{text}"
    );
}

/// A shell engine: answers `list_commands` and `boardsize`, then behaves as `rest` says.
fn shell_engine(body: &str) -> Vec<String> {
    vec!["sh".into(), "-c".into(), body.into()]
}

#[test]
fn a_hung_engine_is_killed_and_reported() {
    let engine = shell_engine(
        "read l; printf '= boardsize\\nclear_board\\nplay\\nlist_stones\\n\\n'; sleep 30",
    );
    let started = Instant::now();
    let run = graphgo()
        .args([
            "verify-gtp",
            "--size",
            "3",
            "--games",
            "1",
            "--timeout",
            "0.5",
            "--startup-timeout",
            "5",
        ])
        .arg("--out")
        .arg(out_dir("gtp-hung"))
        .arg("--")
        .args(&engine)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&run.stdout);
    assert_eq!(run.status.code(), Some(3), "{text}");
    assert!(text.contains("hung"), "{text}");
    assert!(started.elapsed() < Duration::from_secs(20));
}

#[test]
fn a_crashing_engine_is_reported() {
    let engine = shell_engine("read l; printf '= boardsize\\nclear_board\\n\\n'; read l; exit 7");
    let run = graphgo()
        .args(["verify-gtp", "--size", "3", "--games", "1"])
        .arg("--out")
        .arg(out_dir("gtp-crash"))
        .arg("--")
        .args(&engine)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&run.stdout);
    assert_eq!(run.status.code(), Some(3), "{text}");
    assert!(text.contains("crashed"), "{text}");
}

#[test]
fn a_missing_engine_is_reported_not_a_panic() {
    let run = graphgo()
        .args(["verify-gtp", "--out"])
        .arg(out_dir("gtp-missing"))
        .args(["--", "/nonexistent/engine"])
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&run.stderr).contains("could not be started"));
}

#[test]
fn the_process_is_reaped_after_a_timeout() {
    let argv = shell_engine("read l; printf '= \\n\\n'; sleep 30");
    let mut p =
        GtpProcess::spawn(&argv, Duration::from_secs(5), Duration::from_millis(300)).unwrap();
    let failure = p.ask("name").unwrap_err();
    assert!(matches!(failure, GtpFailure::Hung { .. }), "{failure}");
    // Dead engines answer at once with the same failure, without waiting again.
    let again = Instant::now();
    assert!(p.ask("name").is_err());
    assert!(again.elapsed() < Duration::from_millis(100));
}

/// `python3 -c SCRIPT` (or $PYTHON), or `None` with a skip message without Python 3.
fn python_engine(script: &str) -> Option<Vec<String>> {
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_string());
    if Command::new(&python).arg("--version").output().is_err() {
        skipped("python3 not found (apt-get install python3, or set PYTHON)");
        return None;
    }
    Some(vec![python, "-c".into(), script.into()])
}

#[test]
fn an_answer_written_a_byte_at_a_time_arrives_whole() {
    // Blank lines first, a CRLF line, 200 lines in all, each byte its own write: the answer
    // is handed over whole (issue 29 point 4), with the lines and their order kept.
    let Some(argv) = python_engine(
        "import os, sys\n\
         for line in sys.stdin:\n\
         \x20   w = line.split()\n\
         \x20   if not w: continue\n\
         \x20   if w[0] == 'list_commands': os.write(1, b'= name\\nversion\\n\\n')\n\
         \x20   elif w[0] == 'name':\n\
         \x20       text = '\\n\\n= first line\\r\\n' + ''.join('line %d\\n' % i for i in range(2, 201)) + '\\n'\n\
         \x20       for b in text.encode(): os.write(1, bytes([b]))\n\
         \x20   else: os.write(1, b'= 7\\n\\n')\n",
    ) else {
        return;
    };
    let mut p = GtpProcess::spawn(&argv, Duration::from_secs(20), Duration::from_secs(20)).unwrap();
    let mut expected = String::from("first line");
    for i in 2..=200 {
        expected.push_str(&format!("\nline {i}"));
    }
    assert_eq!(p.ask("name").unwrap(), Ok(expected));
    // The next answer is the next command's, not a piece of the long one.
    assert_eq!(p.ask("version").unwrap(), Ok("7".to_string()));
}

#[test]
fn an_answer_that_never_ends_is_cut_at_the_answer_cap() {
    let argv = shell_engine(
        "read l; printf '= name\\n\\n'; read l; printf '= start\\n'; while :; do echo name; done",
    );
    let limits = gtp::Limits {
        answer_bytes: 4096,
        ..gtp::Limits::default()
    };
    let mut p = GtpProcess::spawn_with(
        &argv,
        Duration::from_secs(20),
        Duration::from_secs(60),
        limits,
    )
    .unwrap();
    let failure = p.ask("name").unwrap_err();
    // "= start" (8 bytes with its end), then lines of 5: the 818th "name" passes 4,096 bytes.
    let said = failure.to_string();
    assert!(matches!(failure, GtpFailure::TooLong { .. }), "{said}");
    assert!(
        said.contains(
            "more than 4096 bytes in 819 lines without the blank line that ends an answer"
        ),
        "{said}"
    );
    assert!(said.contains("'name'"), "{said}");
}

#[test]
fn quick_answers_in_a_row_are_each_their_own_commands() {
    // An engine that answers at once, asked again the moment each answer arrives: every
    // answer is its own command's (none taken for a second answer to the one before, none
    // read as the next one's).
    let argv = shell_engine("while read -r l; do printf '= %s\\n\\n' \"$l\"; done");
    let mut p = GtpProcess::spawn(&argv, Duration::from_secs(20), Duration::from_secs(20)).unwrap();
    for i in 0..2000 {
        assert_eq!(
            p.ask(&format!("echo{i}")).unwrap(),
            Ok(format!("echo{i}")),
            "command {i}"
        );
    }
}

#[test]
fn a_second_answer_begun_before_the_next_command_is_caught() {
    // The second answer's blank line never comes: it is caught from its first line, not read
    // as the answer to the next command.
    let argv = shell_engine(
        "read l; printf '= name\\nversion\\n\\n'; read l; printf '= a\\n\\n= b\\n'; sleep 30",
    );
    let mut p = GtpProcess::spawn(&argv, Duration::from_secs(20), Duration::from_secs(5)).unwrap();
    assert_eq!(p.ask("name").unwrap(), Ok("a".to_string()));
    std::thread::sleep(Duration::from_millis(300));
    let failure = p.ask("version").unwrap_err();
    let said = failure.to_string();
    assert!(
        said.contains(
            "it answered a second time, '= b': the engine answered more than it was asked"
        ),
        "{said}"
    );
}

#[test]
fn showboard_drawings_are_read() {
    let board = Board::grid(3, 3).unwrap();
    // GNU Go's drawing: row 3 on top; X black, O white, '.' and '+' empty.
    let drawing = "\n   A B C\n 3 . O . 3\n 2 . + X 2\n 1 X . . 1\n   A B C";
    let position = gtp::read_showboard(drawing, &board).unwrap();
    let mut expected = vec![Colour::Empty; 9];
    expected[0] = Colour::Black; // A1
    expected[5] = Colour::Black; // C2
    expected[7] = Colour::White; // B3
    assert_eq!(position, expected);
}

#[test]
fn an_engine_without_legality_or_stone_commands_is_checked_through_play_and_showboard() {
    let Some(gnugo) = gnugo() else { return };
    // GNU Go with list_stones, all_legal and is_legal hidden from list_commands: stones come
    // from its showboard drawing, legality only from its answers to play (probe moves that
    // graphgo refuses). Against positional superko the probes find a move simple ko allows.
    let hidden = format!(
        "{gnugo} --mode gtp | sed -u -e '/^list_stones$/d' -e '/^all_legal$/d' -e '/^is_legal$/d'"
    );
    let out = out_dir("gtp-play-only");
    let run = graphgo()
        .args([
            "verify-gtp",
            "--size",
            "3,4",
            "--games",
            "6",
            "--max-findings",
            "1",
        ])
        .args([
            "--self-capture",
            "none",
            "--repetition",
            "positional",
            "--out",
        ])
        .arg(&out)
        .args(["--", "sh", "-c", &hidden])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&run.stdout);
    assert!(
        text.contains("legality from the answer to play, stones from showboard"),
        "{text}"
    );
    assert_eq!(run.status.code(), Some(1), "{text}");
    assert!(text.contains("graphgo     refuses it (ggg1:3"), "{text}");
    assert!(text.contains("gtp engine  plays it"), "{text}");
}

#[test]
fn an_engine_that_shows_no_board_is_checked_through_play_alone() {
    let Some(gnugo) = gnugo() else { return };
    // GNU Go with every command that shows stones or legality hidden from list_commands
    // (showboard too, as Leela Zero draws it on its error stream): its stones are taken from
    // graphgo's side and only its answers to play are compared.
    let hidden = format!(
        "{gnugo} --mode gtp | sed -u -e '/^list_stones$/d' -e '/^showboard$/d' \
         -e '/^all_legal$/d' -e '/^is_legal$/d'"
    );
    let engine = ["sh".to_string(), "-c".to_string(), hidden];
    let verify = |args: &[&str], out: &str| verify_gtp(args, out, &engine);
    // Its own rules: agreement.
    let (code, text) = verify(
        &[
            "--size",
            "5,7",
            "--games",
            "3",
            "--max-turns",
            "120",
            "--self-capture",
            "none",
            "--repetition",
            "simple",
        ],
        "gtp-no-board-agree",
    );
    assert_agreed_through_play(code, &text, 6);
    // Against positional superko the probes still find the move simple ko allows.
    let (code, text) = verify(
        &[
            "--size",
            "3,4",
            "--games",
            "6",
            "--max-findings",
            "1",
            "--self-capture",
            "none",
            "--repetition",
            "positional",
        ],
        "gtp-no-board-disagree",
    );
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains("graphgo     refuses it (ggg1:3"), "{text}");
    assert!(text.contains("gtp engine  plays it"), "{text}");
}

/// A GTP engine in Python that shows no board and never removes a stone: it refuses `play`
/// on every point played before. Its missing captures can be seen only through `play`.
const FORGETFUL_ENGINE: &str = r#"
import sys
played = set()
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    cmd = words[0]
    if cmd == "list_commands":
        out = "= protocol_version\nname\nlist_commands\nboardsize\nclear_board\nkomi\nplay\nquit"
    elif cmd == "clear_board":
        played.clear()
        out = "="
    elif cmd == "play" and len(words) == 3 and words[2].lower() != "pass":
        point = words[2].upper()
        if point in played:
            out = "? illegal move"
        else:
            played.add(point)
            out = "="
    elif cmd == "quit":
        print("=\n", flush=True)
        break
    else:
        out = "="
    print(out + "\n", flush=True)
"#;

#[test]
fn a_stone_left_on_the_board_is_found_through_play_alone() {
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_string());
    if Command::new(&python).arg("--version").output().is_err() {
        return skipped("python3 not found (set PYTHON)");
    }
    let engine = [python, "-c".to_string(), FORGETFUL_ENGINE.to_string()];
    let (code, text) = verify_gtp(
        &[
            "--size",
            "3",
            "--games",
            "3",
            "--max-findings",
            "1",
            "--self-capture",
            "all",
            "--repetition",
            "none",
        ],
        "gtp-forgetful",
        &engine,
    );
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains("stones not read"), "{text}");
    // graphgo plays on a point a capture emptied; the engine still has a stone there.
    assert!(text.contains("gtp engine  refuses it"), "{text}");
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("gtp-forgetful");
    let record = std::fs::read_to_string(out.join("gtp-001.yaml")).unwrap();
    let game = graphgo::io::record::Record::parse(&record, false)
        .unwrap()
        .game()
        .unwrap();
    let disputed = game.turns.last().unwrap().clone();
    let earlier = &game.turns[..game.turns.len() - 1];
    assert!(
        earlier.contains(&disputed),
        "the disputed move was played before, then captured: {record}"
    );
}

/// Leela Zero (Debian's `leela-zero`, or $LEELAZ) with a network of zeros written for the
/// test (it plays only 19x19 and reads a network at start; the network's size does not
/// matter to `play`, which is all verify-gtp sends). `None`, with a skip message, when it
/// is not installed.
fn leela_zero() -> Option<Vec<String>> {
    let path = std::env::var("LEELAZ").unwrap_or_else(|_| "/usr/games/leelaz".to_string());
    if !PathBuf::from(&path).exists() {
        skipped(&format!(
            "Leela Zero not found at {path} (apt-get install --no-install-recommends leela-zero, or set LEELAZ)"
        ));
        return None;
    }
    // Format 1: the input convolution, one residual block and the two heads, 8 filters.
    let f = 8;
    let sizes = [
        18 * 9 * f,
        f,
        f,
        f,
        f * f * 9,
        f,
        f,
        f,
        f * f * 9,
        f,
        f,
        f,
        2 * f,
        2,
        2,
        2,
        261_364,
        362,
        f,
        1,
        1,
        1,
        92_416,
        256,
        256,
        1,
    ];
    let mut text = String::from("1\n");
    for n in sizes {
        text.push_str(&vec!["0"; n].join(" "));
        text.push('\n');
    }
    let network = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("leela-zero-zeros.txt");
    std::fs::write(&network, text).unwrap();
    Some(vec![
        path,
        "--gtp".into(),
        "-q".into(),
        "--cpu-only".into(),
        "--noponder".into(),
        "-t".into(),
        "1".into(),
        "-w".into(),
        network.to_string_lossy().into_owned(),
    ])
}

#[test]
fn leela_zero_plays_what_graphgo_refuses() {
    let Some(lz) = leela_zero() else { return };
    let verify = |options: &[&str], out: &str| {
        let mut args = vec!["--size", "19", "--games", "3", "--max-findings", "1"];
        args.extend(options);
        verify_gtp(&args, out, &lz)
    };
    // Its `play` under every suicide allowed and no ko rule: agreement, its captures and
    // self-captures checked through the points it accepts.
    let (code, text) = verify(
        &["--self-capture", "all", "--repetition", "none"],
        "lz-agree",
    );
    assert_agreed_through_play(code, &text, 3);
    // Finding 1 of spec/engines/leela-zero.md: it plays a lone-stone suicide.
    let (code, text) = verify(
        &["--self-capture", "none", "--repetition", "none"],
        "lz-suicide",
    );
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("would capture 1 of the mover's own stones"),
        "{text}"
    );
    assert!(text.contains("gtp engine  plays it"), "{text}");
    // Finding 3: it retakes a ko at once (spec/engines/findings/lz-ko-recapture.yaml), and
    // the retake after that.
    let mut p = GtpProcess::spawn(&lz, Duration::from_secs(60), Duration::from_secs(10)).unwrap();
    p.must("boardsize 19").unwrap();
    p.must("clear_board").unwrap();
    for m in [
        "B B3", "W C3", "B A2", "W B2", "B B1", "W C1", "W D2", "B C2",
    ] {
        p.must(&format!("play {m}")).unwrap();
    }
    assert!(
        p.ask("play W B2").unwrap().is_ok(),
        "the ko retaken at once"
    );
    assert!(p.ask("play B C2").unwrap().is_ok(), "and retaken again");
    // What it refuses: a point that holds a stone.
    assert!(p.ask("play W C2").unwrap().is_err(), "an occupied point");
}

/// The Python that runs `adapters/dlgo/adapter.py`: $DLGO_PYTHON, else `python3`, when it
/// can import dlgo (`pip install --no-deps dlgo==0.2 numpy`; `.ci/run` makes a virtual
/// environment with them). `None`, with a skip message, otherwise.
fn dlgo_engine() -> Option<Vec<String>> {
    let python = std::env::var("DLGO_PYTHON").unwrap_or_else(|_| "python3".to_string());
    let imports = Command::new(&python)
        .args(["-c", "import dlgo.goboard_fast"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !imports {
        skipped(&format!(
            "{python} cannot import dlgo (pip install --no-deps dlgo==0.2 numpy, or set DLGO_PYTHON)"
        ));
        return None;
    }
    let front = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("adapters/dlgo/adapter.py");
    Some(vec![python, front.to_string_lossy().into_owned()])
}

#[test]
fn dlgo_misses_a_repetition_made_without_a_capture() {
    use graphgo::game::{Repetition, RuleSet, Turn};
    let Some(dlgo) = dlgo_engine() else { return };
    // Finding 1 of spec/engines/dlgo.md, under dlgo's own rules (suicide forbidden,
    // situational superko): it lists as legal a move that repeats an earlier situation.
    // Scores are compared too: dlgo's tie going to White (a scoring finding) comes first,
    // written as gtp-001; the repetition is gtp-002.
    let (code, text) = verify_gtp(
        &[
            "--size",
            "3",
            "--games",
            "9",
            "--max-turns",
            "300",
            "--max-findings",
            "4",
            "--self-capture",
            "none",
            "--repetition",
            "situational",
        ],
        "gtp-dlgo",
        &dlgo,
    );
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("legality from all_legal, stones from list_stones"),
        "{text}"
    );
    assert!(
        text.contains("option:repetition: graphgo refuses"),
        "{text}"
    );
    assert!(text.contains("the engine allows it"), "{text}");
    // The move dlgo allows captures nothing: played with no repetition rule, it adds its
    // own stone and removes none.
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("gtp-dlgo");
    let record = std::fs::read_to_string(out.join("gtp-002.yaml")).unwrap();
    let disputed = record
        .lines()
        .find_map(|l| l.strip_prefix("# clause: option:repetition: graphgo refuses "))
        .and_then(|rest| rest.split(" (").next())
        .unwrap()
        .to_string();
    let mut game = graphgo::io::record::Record::parse(&record, false)
        .unwrap()
        .game()
        .unwrap();
    game.setup.options.repetition = Repetition::None;
    let mut playing = graphgo::variants::Rules.start(&game.setup).unwrap();
    for t in &game.turns {
        playing.play(t).unwrap();
    }
    let stones = |p: &dyn graphgo::game::Playable| {
        p.observe()
            .position
            .iter()
            .filter(|&&c| c != Colour::Empty)
            .count()
    };
    let before = stones(playing.as_ref());
    playing
        .play(&Turn::parse(&disputed, &game.setup.board).unwrap())
        .unwrap();
    assert_eq!(
        stones(playing.as_ref()),
        before + 1,
        "{disputed} in {record}"
    );
    // The committed record, through the front: dlgo plays the move graphgo refuses.
    let mut p = GtpProcess::spawn(&dlgo, Duration::from_secs(30), Duration::from_secs(10)).unwrap();
    p.must("boardsize 3").unwrap();
    for m in [
        "b C3", "w B2", "b B1", "w B3", "b C2", "w C1", "b C2", "w pass",
    ] {
        p.must(&format!("play {m}")).unwrap();
    }
    assert!(p.ask("play b C3").unwrap().is_ok(), "dlgo accepts B C3");
}

#[test]
fn board_sizes_the_engine_refuses_are_skipped_visibly() {
    let Some(gnugo) = gnugo() else { return };
    // GNU Go plays up to 19x19.
    let run = graphgo()
        .args([
            "verify-gtp",
            "--size",
            "21,3",
            "--games",
            "1",
            "--max-turns",
            "20",
        ])
        .args(["--self-capture", "none", "--repetition", "simple", "--out"])
        .arg(out_dir("gtp-sizes"))
        .args(["--", &gnugo, "--mode", "gtp"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&run.stdout);
    assert!(text.contains("size 21x21 skipped"), "{text}");
    assert!(text.contains("1 games"), "{text}");
}

/// The records of spec/engines/gnugo.md's findings replay under graphgo (no GNU Go needed):
/// every turn legal, and the move GNU Go allows next is refused by graphgo under the clause
/// the record names.
#[test]
fn the_committed_engine_findings_replay_and_graphgo_refuses_the_disputed_move() {
    use graphgo::game::{RuleSet, Turn};
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("spec/engines/findings");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "yaml") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        // "# clause: ggg1:3: graphgo refuses B 2-3 (...)"
        let line = text
            .lines()
            .find_map(|l| l.strip_prefix("# clause: "))
            .unwrap_or_else(|| panic!("{}: no clause line", path.display()));
        let (clause, rest) = line.split_once(": graphgo refuses ").unwrap();
        let disputed: String = rest.split(" (").next().unwrap().to_string();
        let game = graphgo::io::record::Record::load(&path)
            .unwrap()
            .game()
            .unwrap();
        let mut playing = graphgo::variants::Rules.start(&game.setup).unwrap();
        for t in &game.turns {
            playing
                .play(t)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        }
        let turn = Turn::parse(&disputed, &game.setup.board).unwrap();
        let refused = playing.play(&turn).unwrap_err();
        assert_eq!(refused.clause.id(), clause, "{}", path.display());
        checked += 1;
    }
    assert!(checked >= 9, "only {checked} findings");
}

#[test]
fn setup_stones_reach_the_engine_through_loadsgf() {
    let Some(gnugo) = gnugo() else { return };
    use graphgo::game::{Options, Repetition, RuleId, SelfCapture, Setup, Turn};
    let argv = vec![gnugo, "--mode".into(), "gtp".into()];
    let process =
        GtpProcess::spawn(&argv, Duration::from_secs(30), Duration::from_secs(10)).unwrap();
    let engine = gtp::GtpRules::new(process, &out_dir("gtp-loadsgf"));
    let mut setup = Setup::new(RuleId::Ggg1, Board::grid(5, 5).unwrap());
    setup.options = Options {
        self_capture: SelfCapture::None,
        repetition: Repetition::Simple,
        ..Options::default()
    };
    // Black A1 and B2, White E5, White to move; then W A2 and B A3. Without the setup on
    // the engine's side the positions would differ at once.
    setup.initial[0] = Colour::Black;
    setup.initial[6] = Colour::Black;
    setup.initial[24] = Colour::White;
    setup.to_move = graphgo::game::Player::White;
    let graphgo_side = gtp::OnSquareGrids {
        rules: graphgo::engine::Engine,
        options: setup.options,
    };
    let game = graphgo::io::record::Game {
        setup: setup.clone(),
        turns: vec![
            Turn::Move {
                player: graphgo::game::Player::White,
                at: 5,
            },
            Turn::Move {
                player: graphgo::game::Player::Black,
                at: 10,
            },
        ],
    };
    let divergence = graphgo::differential::compare::compare(&graphgo_side, &engine, &game);
    assert!(divergence.is_none(), "{divergence:?}");
    assert!(engine.failure.borrow().is_none());
}

/// Says that a test is skipped, on the real standard error: libtest captures `eprintln!` of
/// passing tests, and a skip must be visible in an ordinary `cargo test` run.
fn skipped(why: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "SKIPPED: {why}");
}

/// What a run of `graphgo verify-gtp` against a misbehaving engine gave.
struct Watched {
    code: Option<i32>,
    /// Its standard output and error, one after the other.
    text: String,
    elapsed: Duration,
    /// graphgo's peak resident memory (VmHWM of /proc/PID/status) in KiB, where /proc has it.
    peak_kib: Option<u64>,
}

/// The peak resident memory of a running process, in KiB (Linux: VmHWM).
fn peak_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Runs `graphgo verify-gtp ARGS -- python3 tests/support/misbehaving_gtp.py MODE`, watching
/// its memory every few milliseconds. A guard kills it past 120 s or 1 GiB (the test then
/// fails on the numbers), so that a regression cannot take the machine down either.
/// `None`, with a skip message, without Python 3.
fn against_misbehaving(mode: &str, args: &[&str]) -> Option<Watched> {
    use std::io::Read;
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_string());
    if Command::new(&python).arg("--version").output().is_err() {
        skipped("python3 not found (apt-get install python3, or set PYTHON)");
        return None;
    }
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/support/misbehaving_gtp.py");
    let started = Instant::now();
    let mut child = graphgo()
        .arg("verify-gtp")
        .args(args)
        .arg("--out")
        .arg(out_dir(&format!("gtp-misbehaving-{mode}")))
        .arg("--")
        .arg(&python)
        .arg(&script)
        .arg(mode)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut text = String::new();
            let _ = pipe.read_to_string(&mut text);
            text
        })
    };
    let stdout = drain(Box::new(child.stdout.take().unwrap()));
    let stderr = drain(Box::new(child.stderr.take().unwrap()));
    let mut peak = None;
    let status = loop {
        if let Some(kib) = peak_kib(child.id()) {
            peak = peak.max(Some(kib));
        }
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(120) || peak > Some(1024 * 1024) {
            let _ = child.kill();
            break child.wait().unwrap();
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    Some(Watched {
        code: status.code(),
        text: format!("{}{}", stdout.join().unwrap(), stderr.join().unwrap()),
        elapsed: started.elapsed(),
        peak_kib: peak,
    })
}

/// The bounds every misbehaving engine must be handled within: exit 3, the words given, a
/// generous time guard, and under 200 MB of memory.
fn assert_engine_failure(run: &Watched, words: &[&str], within: Duration) {
    let text = &run.text;
    assert_eq!(run.code, Some(3), "{text}");
    for w in words {
        assert!(text.contains(w), "'{w}' missing from:\n{text}");
    }
    assert!(
        run.elapsed < within,
        "took {:?} (guard {within:?}):\n{text}",
        run.elapsed
    );
    if let Some(kib) = run.peak_kib {
        assert!(kib < 200 * 1024, "peak memory {kib} KiB:\n{text}");
    }
}

#[test]
fn an_engine_flooding_one_answer_is_cut_off_with_memory_bounded() {
    let Some(run) = against_misbehaving("flood", &["--size", "3"]) else {
        return;
    };
    assert_engine_failure(
        &run,
        &[
            "answer to 'list_commands' is too long",
            "more than 1048576 bytes",
            "without the blank line that ends an answer",
        ],
        Duration::from_secs(30),
    );
}

#[test]
fn an_engine_sending_one_endless_line_is_cut_off_with_memory_bounded() {
    let Some(run) = against_misbehaving("endless-line", &["--size", "3"]) else {
        return;
    };
    assert_engine_failure(
        &run,
        &["too long", "a line of more than 65536 bytes"],
        Duration::from_secs(30),
    );
}

#[test]
fn the_timeout_bounds_a_whole_answer_not_each_line() {
    // One line every 0.2 s, for ever: each line is well within the 2 s, the answer never.
    let Some(run) = against_misbehaving("drip", &["--size", "3", "--startup-timeout", "2"]) else {
        return;
    };
    assert_engine_failure(
        &run,
        &[
            "did not finish its answer to 'list_commands' within 2 s",
            "(hung)",
        ],
        Duration::from_secs(20),
    );
}

#[test]
fn an_engine_printing_bytes_that_are_not_text_is_reported_as_such() {
    let Some(run) = against_misbehaving("garbage", &["--size", "3"]) else {
        return;
    };
    assert_engine_failure(
        &run,
        &["is not UTF-8 text", "0xff"],
        Duration::from_secs(30),
    );
    assert!(!run.text.contains("crashed"), "{}", run.text);
}

#[test]
fn a_crashing_engine_is_reported_with_its_own_last_words() {
    let Some(run) = against_misbehaving("crash", &["--size", "3"]) else {
        return;
    };
    assert_engine_failure(
        &run,
        &[
            "crashed",
            "exit status: 3",
            "standard error ended with",
            "misbehaving_gtp: the ko table is corrupt, giving up",
        ],
        Duration::from_secs(30),
    );
}

#[test]
fn a_hung_engine_is_killed_within_the_timeout() {
    let Some(run) = against_misbehaving("hang", &["--size", "3", "--timeout", "1"]) else {
        return;
    };
    assert_engine_failure(
        &run,
        &["did not finish its answer to '", "' within 1 s", "(hung)"],
        Duration::from_secs(20),
    );
}

/// The forgetful engine's command line, or `None` (with a skip message) without Python 3.
fn forgetful_engine() -> Option<Vec<String>> {
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_string());
    if Command::new(&python).arg("--version").output().is_err() {
        skipped("python3 not found (apt-get install python3, or set PYTHON)");
        return None;
    }
    Some(vec![python, "-c".to_string(), FORGETFUL_ENGINE.to_string()])
}

const FORGETFUL_ARGS: [&str; 10] = [
    "--size",
    "3",
    "--games",
    "3",
    "--max-findings",
    "1",
    "--self-capture",
    "all",
    "--repetition",
    "none",
];

#[test]
fn verify_gtp_json_gives_the_summary_and_each_finding() {
    let Some(engine) = forgetful_engine() else {
        return;
    };
    let mut args = FORGETFUL_ARGS.to_vec();
    args.push("--json");
    let (code, text) = verify_gtp(&args, "gtp-json", &engine);
    assert_eq!(code, Some(1), "{text}");
    let report: serde_json::Value = serde_json::from_str(&text).expect(&text);
    assert_eq!(report["passed"], false, "{text}");
    assert!(report["failure"].is_null(), "{text}");
    assert!(report["methods"]
        .as_str()
        .unwrap()
        .contains("stones not read"));
    let campaign = &report["campaign"];
    assert!(campaign["games"].as_u64().unwrap() >= 1, "{text}");
    let findings = campaign["findings"].as_array().unwrap();
    assert_eq!(findings.len(), 1, "{text}");
    // The engine keeps a captured stone: graphgo allows the move on the emptied point,
    // the engine refuses it; a move's legality.
    let f = &findings[0];
    assert_eq!(f["clauses"][0], "ggg1:2", "{text}");
    assert!(f["explanation"]
        .as_str()
        .unwrap()
        .contains("the engine refuses it"));
    assert_eq!(f["board"], "3x3");
    let files: Vec<&str> = f["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap())
        .collect();
    assert_eq!(files.len(), 3, "{text}");
    for ending in [".yaml", ".vector.yaml", ".sgf"] {
        assert!(
            files
                .iter()
                .any(|p| p.ends_with(&format!("gtp-001{ending}"))),
            "{files:?}"
        );
    }
    for p in files {
        assert!(PathBuf::from(p).is_file(), "{p}");
    }
}

#[test]
fn a_second_run_into_the_same_out_never_overwrites_the_first() {
    let Some(engine) = forgetful_engine() else {
        return;
    };
    let out = out_dir("gtp-twice");
    let run = || {
        graphgo()
            .arg("verify-gtp")
            .args(FORGETFUL_ARGS)
            .arg("--out")
            .arg(&out)
            .arg("--")
            .args(&engine)
            .output()
            .unwrap()
    };
    assert_eq!(run().status.code(), Some(1));
    let first = std::fs::read_to_string(out.join("gtp-001.yaml")).unwrap();
    // The same first finding again, and a stray file of another name taking number 2.
    std::fs::write(out.join("gtp-002.sgf"), "not ours").unwrap();
    let second = run();
    let text = String::from_utf8_lossy(&second.stdout);
    assert_eq!(second.status.code(), Some(1), "{text}");
    assert_eq!(
        std::fs::read_to_string(out.join("gtp-001.yaml")).unwrap(),
        first
    );
    assert_eq!(
        std::fs::read_to_string(out.join("gtp-002.sgf")).unwrap(),
        "not ours"
    );
    assert!(out.join("gtp-003.yaml").is_file(), "{text}");
    assert!(text.contains("gtp-003.yaml"), "{text}");
}

#[test]
fn an_out_that_is_not_a_writable_folder_is_refused_before_the_engine_starts() {
    let dir = out_dir("gtp-bad-out");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("a-file");
    std::fs::write(&file, "").unwrap();
    let marker = dir.join("engine-started");
    let engine = shell_engine(&format!("touch '{}'; sleep 5", marker.display()));
    for out in [
        file.clone(),
        file.join("below"),
        PathBuf::from("/proc/nope"),
    ] {
        let run = graphgo()
            .arg("verify-gtp")
            .arg("--out")
            .arg(&out)
            .arg("--")
            .args(&engine)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(2), "{}: {err}", out.display());
        assert!(
            err.contains("--out") && err.contains(&out.display().to_string()),
            "{err}"
        );
        assert!(
            !marker.exists(),
            "the engine was started for {}",
            out.display()
        );
    }
}

#[test]
fn the_library_api_gives_a_crash_as_a_result_with_the_engines_last_words() {
    use graphgo::conformance::verify::{FailureKind, Games, VerifyPlan};
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_string());
    if Command::new(&python).arg("--version").output().is_err() {
        return skipped("python3 not found (apt-get install python3, or set PYTHON)");
    }
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/support/misbehaving_gtp.py");
    let argv = vec![
        python,
        script.to_string_lossy().into_owned(),
        "crash".to_string(),
    ];
    let plan = VerifyPlan {
        vectors: None,
        games: 2,
        games_on: Games::SquareGrids { sides: vec![3] },
        ..VerifyPlan::new("unused")
    };
    let timeouts = [Duration::from_secs(10), Duration::from_secs(10)];
    let report = gtp::verify_command(&argv, timeouts, &plan, &mut |_| {}).unwrap();
    let failure = report.failure.clone().expect("a failure");
    assert_eq!(failure.kind(), FailureKind::Crashed, "{failure}");
    assert!(
        failure
            .stderr()
            .contains("misbehaving_gtp: the ko table is corrupt"),
        "{failure}"
    );
    assert!(!report.passed());
    assert_eq!(report.to_json()["failure"]["kind"], "crashed");
    // Crashing on the first vector it plays: that vector and the later ones are skipped
    // as the engine's failure, none fails (a crash says nothing of the rules).
    let with_vectors = VerifyPlan {
        vectors: Some(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("spec/vectors")),
        games_on: Games::Generated,
        ..plan.clone()
    };
    let report = gtp::verify_command(&argv, timeouts, &with_vectors, &mut |_| {}).unwrap();
    assert_eq!(report.failure.map(|f| f.kind()), Some(FailureKind::Crashed));
    let outcomes: Vec<&graphgo::conformance::vectors::VectorVerdict> = report
        .vectors
        .runs
        .iter()
        .map(|r| &r.outcomes[0].1)
        .collect();
    assert!(!outcomes.iter().any(|o| o.is_fail()));
    assert!(outcomes.iter().any(|o| matches!(
        o,
        graphgo::conformance::vectors::VectorVerdict::Skip(
            graphgo::conformance::vectors::SkipReason::EngineFailed(_)
        )
    )));
    assert_eq!(report.campaign.games, 0);
    // Not installed at all: a result too.
    let report = gtp::verify_command(
        &["/nonexistent/engine".to_string()],
        timeouts,
        &plan,
        &mut |_| {},
    )
    .unwrap();
    assert_eq!(
        report.failure.map(|f| f.kind()),
        Some(FailureKind::NotStarted)
    );
}

#[test]
fn the_library_api_runs_the_vectors_and_a_campaign_on_gnugo() {
    use graphgo::conformance::vectors::{SkipReason, Undeclared, VectorVerdict};
    use graphgo::conformance::verify::{Games, VerifyPlan};
    use graphgo::game::{Options, Repetition, SelfCapture};
    let Some(gnugo) = gnugo() else { return };
    let plan = VerifyPlan {
        games: 2,
        games_on: Games::SquareGrids { sides: vec![5] },
        options: Some(Options {
            self_capture: SelfCapture::None,
            repetition: Repetition::Simple,
            ..Options::default()
        }),
        max_turns: Some(80),
        ..VerifyPlan::new(concat!(env!("CARGO_MANIFEST_DIR"), "/spec/vectors"))
    };
    let argv = vec![gnugo, "--mode".into(), "gtp".into()];
    let timeouts = [Duration::from_secs(30), Duration::from_secs(10)];
    let report = gtp::verify_command(&argv, timeouts, &plan, &mut |_| {}).unwrap();
    assert!(report.failure.is_none(), "{}", report.text());
    let outcomes: Vec<&VectorVerdict> = report
        .vectors
        .runs
        .iter()
        .map(|r| &r.outcomes[0].1)
        .collect();
    let passed = outcomes
        .iter()
        .filter(|o| matches!(o, VectorVerdict::Pass | VectorVerdict::PassVerdicts(_)))
        .count();
    // Vectors on square grids under ggg1 run on GNU Go; the others are skipped, typed.
    assert!(passed >= 3, "{}", report.text());
    assert!(outcomes.iter().any(|o| matches!(
        o,
        VectorVerdict::Skip(SkipReason::NotDeclared(Undeclared::NotASquareGrid))
    )));
    // The campaign: both games agree (GNU Go's own rules), every turn of them.
    let c = &report.campaign;
    assert_eq!((c.games, c.agreed_games), (2, 2), "{}", report.text());
    assert!(c.agreed_turns > 0 && c.agreed_turns <= c.turns, "{c:?}");
    assert!(c.findings.is_empty());
    assert!(report.methods.contains("list_stones"));
}

#[test]
fn sigint_and_sigterm_print_the_summary_so_far() {
    let Some(gnugo) = gnugo() else { return };
    for (signal, status) in [("INT", 130), ("TERM", 143)] {
        let child = graphgo()
            .args(["verify-gtp", "--size", "9", "--games", "10000"])
            .args(["--self-capture", "none", "--repetition", "simple", "--out"])
            .arg(out_dir(&format!("gtp-sig{signal}")))
            .args(["--", &gnugo, "--mode", "gtp"])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_secs(3));
        let sent = Command::new("kill")
            .args([format!("-{signal}"), child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        let started = Instant::now();
        let run = child.wait_with_output().unwrap();
        let text = String::from_utf8_lossy(&run.stdout);
        assert_eq!(run.status.code(), Some(status), "{text}");
        assert!(
            text.contains(&format!("interrupted by SIG{signal}: the summary so far")),
            "{text}"
        );
        assert!(
            text.contains(" games, ") && text.contains("0 disagreements"),
            "{text}"
        );
        assert!(started.elapsed() < Duration::from_secs(30));
    }
}

/// The campaign sends set-up stones by `loadsgf` of a file in a scratch folder; graphgo's own
/// referee reads only inside its `--sgf-folder` (by default its working folder), so it
/// refuses that file. An engine that refuses the file is played from empty boards, as one
/// without `loadsgf`: the campaign against graphgo itself plays every game and finds
/// nothing. (Before, the refusal skipped the only size and verify-gtp stopped after four
/// games.) With `--sgf-folder /` the referee reads the files, and the set-up games are
/// played too, still with no finding.
#[test]
fn an_engine_that_refuses_the_set_up_file_still_plays_every_game() {
    for folder in [None, Some("/")] {
        let mut engine = vec![env!("CARGO_BIN_EXE_graphgo"), "gtp"];
        if let Some(f) = folder {
            engine.extend(["--sgf-folder", f]);
        }
        let run = graphgo()
            .args([
                "verify-gtp",
                "--size",
                "5",
                "--games",
                "12",
                "--max-turns",
                "40",
            ])
            .arg("--out")
            .arg(out_dir("gtp-refused-setup"))
            .arg("--")
            .args(&engine)
            .output()
            .unwrap();
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&run.stdout),
            String::from_utf8_lossy(&run.stderr)
        );
        assert_eq!(run.status.code(), Some(0), "{folder:?}: {text}");
        assert!(text.contains("12 games,"), "{folder:?}: {text}");
        assert!(!text.contains("skipped"), "{folder:?}: {text}");
    }
}
