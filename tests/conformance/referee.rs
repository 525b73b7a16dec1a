//! `graphgo gtp`, the GTP referee, driven as a GUI or a match runner drives it: a process
//! spoken to over its standard input and output. Every expected answer below is worked out
//! by hand from General Graph Go (`ggg1:1` to `ggg1:4`) on the diagrams in the comments.
//! The match against GNU Go prints `SKIPPED` when `/usr/games/gnugo` (or $GNUGO) is absent
//! (`apt-get install gnugo`).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// A GTP process: commands in, answers out, each answer waited for with a hang guard.
struct Gtp {
    child: Child,
    stdin: ChildStdin,
    lines: mpsc::Receiver<String>,
    what: String,
}

impl Gtp {
    fn spawn(argv: &[&str]) -> Gtp {
        let mut child = Command::new(argv[0])
            .args(&argv[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("{argv:?} does not start: {e}"));
        let stdin = child.stdin.take().unwrap();
        let stdout: ChildStdout = child.stdout.take().unwrap();
        let (send, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Gtp {
            child,
            stdin,
            lines,
            what: argv.join(" "),
        }
    }

    fn referee(flags: &[&str]) -> Gtp {
        let mut argv = vec![env!("CARGO_BIN_EXE_graphgo"), "gtp"];
        argv.extend_from_slice(flags);
        Gtp::spawn(&argv)
    }

    /// Sends raw bytes (a line or more) and reads one answer: `Ok` for `=`, `Err` for `?`.
    fn raw(&mut self, bytes: &[u8]) -> Result<String, String> {
        self.stdin.write_all(bytes).unwrap();
        self.stdin.flush().unwrap();
        let mut answer: Vec<String> = Vec::new();
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(60))
                .unwrap_or_else(|e| panic!("{}: no answer ({e}) after {answer:?}", self.what));
            if line.is_empty() && !answer.is_empty() {
                break;
            }
            if line.is_empty() {
                continue;
            }
            answer.push(line);
        }
        let text = answer.join("\n");
        let (status, rest) = text.split_at(1);
        // Drop an id, then the one space after the status.
        let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
        let rest = rest.strip_prefix(' ').unwrap_or(rest).to_string();
        match status {
            "=" => Ok(rest),
            "?" => Err(rest),
            _ => panic!("{}: not a GTP answer: {text:?}", self.what),
        }
    }

    fn ask(&mut self, command: &str) -> Result<String, String> {
        self.raw(format!("{command}\n").as_bytes())
    }

    fn must(&mut self, command: &str) -> String {
        self.ask(command)
            .unwrap_or_else(|e| panic!("{}: '{command}' refused: {e}", self.what))
    }

    fn stones(&mut self, colour: &str) -> Vec<String> {
        let mut v: Vec<String> = self
            .must(&format!("list_stones {colour}"))
            .split_whitespace()
            .map(|s| s.to_ascii_uppercase())
            .collect();
        v.sort();
        v
    }
}

impl Drop for Gtp {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        for _ in 0..50 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn sorted(names: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = names.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn play_all(gtp: &mut Gtp, moves: &[&str]) {
    for (i, m) in moves.iter().enumerate() {
        let colour = if i % 2 == 0 { "black" } else { "white" };
        gtp.must(&format!("play {colour} {m}"));
    }
}

#[test]
fn the_administrative_commands_answer_as_gtp_says() {
    let mut g = Gtp::referee(&[]);
    assert_eq!(g.must("protocol_version"), "2");
    assert_eq!(g.must("name"), "graphgo");
    assert!(!g.must("version").is_empty());
    let listed = g.must("list_commands");
    for c in [
        "play",
        "genmove",
        "undo",
        "is_legal",
        "all_legal",
        "list_stones",
        "showboard",
        "final_score",
        "loadsgf",
    ] {
        assert!(listed.lines().any(|l| l == c), "{c} not listed: {listed}");
    }
    assert_eq!(g.must("known_command play"), "true");
    assert_eq!(g.must("known_command fly"), "false");
    // An id comes back with the answer.
    g.stdin.write_all(b"17 name\n").unwrap();
    let first = g.lines.recv_timeout(Duration::from_secs(60)).unwrap();
    assert_eq!(first, "=17 graphgo");
    let _blank = g.lines.recv_timeout(Duration::from_secs(60)).unwrap();
}

#[test]
fn bad_commands_get_error_answers_and_the_referee_goes_on() {
    let mut g = Gtp::referee(&[]);
    g.must("boardsize 5");
    assert_eq!(g.ask("fly away").unwrap_err(), "unknown command");
    assert!(g
        .ask("boardsize 0")
        .unwrap_err()
        .contains("unacceptable size"));
    assert!(g
        .ask("boardsize 26")
        .unwrap_err()
        .contains("unacceptable size"));
    assert!(g
        .ask("boardsize five")
        .unwrap_err()
        .contains("syntax error"));
    assert!(g.ask("play").unwrap_err().contains("syntax error"));
    assert!(g
        .ask("play purple C3")
        .unwrap_err()
        .contains("not a colour"));
    assert!(g.ask("play black F1").unwrap_err().contains("not a vertex"));
    assert!(g
        .ask("play black 3-3")
        .unwrap_err()
        .contains("not a vertex"));
    assert!(g.ask("komi lots").unwrap_err().contains("syntax error"));
    assert!(g.ask("undo").unwrap_err().contains("cannot undo"));
    assert!(g
        .ask("loadsgf /nonexistent/game.sgf")
        .unwrap_err()
        .contains("cannot load file"));
    // A line of a megabyte is refused as one command, and the next line is read as usual.
    let mut long = vec![b'x'; 1 << 20];
    long.push(b'\n');
    assert!(g.raw(&long).unwrap_err().contains("longer than"));
    // Bytes that are not UTF-8, and control characters, do not stop it either.
    assert_eq!(g.raw(b"\xff\xfe\x01\n").unwrap_err(), "unknown command");
    // A comment line is no command; the next one is answered.
    assert_eq!(g.raw(b"# nothing\nname\n").unwrap(), "graphgo");
    // Nothing above changed the game.
    assert!(g.stones("black").is_empty());
    g.must("play black C3");
    assert_eq!(g.stones("black"), sorted(&["C3"]));
}

/// ```text
///  2 X .        after B A2, W A1, B B1 the white stone on A1 has no liberty:
///  1 O X        B1 removes it (ggg1:2 step 2, ggg1:1).
///    A B
/// ```
#[test]
fn a_capture_removes_the_stone_and_undo_puts_it_back() {
    let mut g = Gtp::referee(&[]);
    g.must("boardsize 5");
    g.must("clear_board");
    play_all(&mut g, &["A2", "A1", "B1"]);
    assert!(g.stones("white").is_empty());
    assert_eq!(g.stones("black"), sorted(&["A2", "B1"]));
    // The showboard drawing agrees: row 1 reads `. X . . .`.
    let drawn = g.must("showboard");
    let row1 = drawn
        .lines()
        .find(|l| l.trim_start().starts_with("1 "))
        .unwrap();
    assert_eq!(
        row1.split_whitespace().collect::<Vec<_>>()[1..6],
        [".", "X", ".", ".", "."]
    );
    g.must("undo");
    assert_eq!(g.stones("white"), sorted(&["A1"]));
    assert_eq!(g.stones("black"), sorted(&["A2"]));
    // Black's B1 was taken back: Black is to move again, not White.
    assert_eq!(g.must("is_legal black B1"), "1");
    assert_eq!(g.must("is_legal white B1"), "0");
}

/// Under `--self-capture none` White's A1 between Black's A2 and B1 removes only White's own
/// stone: refused, naming the option. Under the source (`all`) the same move gives back the
/// colouring from before it (the lone stone is removed at once, ggg1:2), so positional
/// superko refuses it (ggg1:3); without a repetition rule it is a legal move that leaves
/// A1 empty.
#[test]
fn suicide_is_refused_with_its_clause_or_played_as_the_source_says() {
    let mut g = Gtp::referee(&["--self-capture", "none"]);
    g.must("boardsize 5");
    play_all(&mut g, &["A2", "E5", "B1"]);
    assert_eq!(g.must("is_legal white A1"), "0");
    assert!(!g
        .must("all_legal white")
        .split_whitespace()
        .any(|v| v == "A1"));
    let refused = g.ask("play white A1").unwrap_err();
    assert!(refused.starts_with("illegal move"), "{refused}");
    assert!(refused.contains("option:self_capture"), "{refused}");
    assert_eq!(g.stones("white"), sorted(&["E5"]));

    let mut g = Gtp::referee(&[]);
    g.must("boardsize 5");
    play_all(&mut g, &["A2", "E5", "B1"]);
    let refused = g.ask("play white A1").unwrap_err();
    assert!(refused.contains("ggg1:3"), "{refused}");

    let mut g = Gtp::referee(&["--repetition", "none"]);
    g.must("boardsize 5");
    play_all(&mut g, &["A2", "E5", "B1", "A1"]);
    assert_eq!(g.stones("white"), sorted(&["E5"]));
    assert_eq!(g.stones("black"), sorted(&["A2", "B1"]));
}

/// ```text
///  3 . X O .     Black C2 takes the white stone on B2 (its last liberty);
///  2 X O . O     White's retake at B2 would take C2 and give back the position from
///  1 . X O .     before Black's C2: refused by positional superko (ggg1:3).
///    A B C D
/// ```
#[test]
fn a_ko_retake_is_refused_by_superko_and_allowed_without_it() {
    let moves = ["B3", "C3", "A2", "B2", "B1", "D2", "E5", "C1", "C2"];
    let mut g = Gtp::referee(&[]);
    g.must("boardsize 5");
    play_all(&mut g, &moves);
    assert_eq!(g.stones("white"), sorted(&["C3", "D2", "C1"]));
    let refused = g.ask("play white B2").unwrap_err();
    assert!(refused.contains("ggg1:3"), "{refused}");
    assert_eq!(g.must("is_legal white B2"), "0");
    // Refused changes nothing: White plays elsewhere, Black's C2 is still there.
    g.must("play white E1");
    assert!(g.stones("black").contains(&"C2".to_string()));

    let mut g = Gtp::referee(&["--repetition", "none"]);
    g.must("boardsize 5");
    play_all(&mut g, &moves);
    g.must("play white B2");
    assert!(!g.stones("black").contains(&"C2".to_string()));
    assert!(g.stones("white").contains(&"B2".to_string()));
}

/// ```text
///  5 . . X O .    Black's wall on column C, White's on D.
///  4 . . X O .    Area (ggg1:4): Black 5 stones + A and B (10 points reaching only
///  3 . . X O .    black) = 15; White 5 stones + E (5 points) = 10.
///  2 . . X O .    Komi 0: B+5. Komi 7.5: White 17.5, so W+2.5.
///  1 . . X O .
///    A B C D E
/// ```
#[test]
fn final_score_counts_the_area_with_komi() {
    let mut g = Gtp::referee(&[]);
    g.must("boardsize 5");
    play_all(
        &mut g,
        &["C1", "D1", "C2", "D2", "C3", "D3", "C4", "D4", "C5", "D5"],
    );
    assert_eq!(g.must("final_score"), "B+5");
    g.must("komi 7.5");
    assert_eq!(g.must("final_score"), "W+2.5");
    g.must("komi 5");
    assert_eq!(g.must("final_score"), "0");
    // Ended by two passes, the same count.
    g.must("play black pass");
    g.must("play white pass");
    assert_eq!(g.must("final_score"), "0");
    // The game is over: no more turns.
    assert!(g
        .ask("play black A1")
        .unwrap_err()
        .starts_with("illegal move"));
}

#[test]
fn turns_alternate_and_genmove_plays_a_legal_move_for_the_player_to_move() {
    let mut g = Gtp::referee(&["--seed", "7"]);
    g.must("boardsize 3");
    let refused = g.ask("play white B2").unwrap_err();
    assert!(refused.contains("ggg1:2"), "{refused}");
    assert!(g.ask("genmove white").is_err());
    let mut seen = std::collections::BTreeSet::new();
    for i in 0..20 {
        let colour = if i % 2 == 0 { "black" } else { "white" };
        let legal = g.must(&format!("all_legal {colour}"));
        let played = g.must(&format!("genmove {colour}"));
        if played == "pass" {
            assert!(legal.is_empty(), "passed with legal moves {legal}");
        } else {
            assert!(
                legal.split_whitespace().any(|v| v == played),
                "{played} not in {legal}"
            );
            seen.insert(played);
        }
    }
    // Random, not the first legal move every time.
    assert!(seen.len() >= 3, "{seen:?}");
    // The same seed, the same game.
    let replay = |seed: &str| {
        let mut g = Gtp::referee(&["--seed", seed]);
        g.must("boardsize 9");
        (0..10)
            .map(|i| g.must(if i % 2 == 0 { "genmove b" } else { "genmove w" }))
            .collect::<Vec<_>>()
    };
    assert_eq!(replay("3"), replay("3"));
    assert_ne!(replay("3"), replay("4"));
}

#[test]
fn loadsgf_sets_up_the_game_up_to_a_move() {
    let dir = std::env::temp_dir().join(format!("graphgo-referee-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("capture.sgf");
    // SGF points count rows from the top: on 5x5, `ad` is A2, `aa`... `ae` is A1, `be` B1.
    std::fs::write(&file, "(;FF[4]SZ[5]KM[0.5];B[ad];W[ae];B[be];W[ee])").unwrap();
    // loadsgf reads plain names inside the referee's SGF folder (issue 27).
    let mut g = Gtp::referee(&["--sgf-folder", dir.to_str().unwrap()]);
    let name = "capture.sgf";
    assert_eq!(g.must(&format!("loadsgf {name}")), "black");
    assert_eq!(g.stones("white"), sorted(&["E1"]));
    assert_eq!(g.stones("black"), sorted(&["A2", "B1"]));
    // Up to move 3 (before Black's B1): A2 and A1 on the board, Black to move.
    assert_eq!(g.must(&format!("loadsgf {name} 3")), "black");
    assert_eq!(g.stones("white"), sorted(&["A1"]));
    assert_eq!(g.must("is_legal black B1"), "1");
    // An SGF whose moves the rules refuse is refused whole, the game unchanged.
    let bad = dir.join("occupied.sgf");
    std::fs::write(&bad, "(;FF[4]SZ[5];B[aa];W[aa])").unwrap();
    let refused = g.ask("loadsgf occupied.sgf").unwrap_err();
    assert!(refused.contains("turn 2"), "{refused}");
    assert_eq!(g.stones("white"), sorted(&["A1"]));
    let _ = std::fs::remove_dir_all(&dir);
}

/// graphgo's own verifier against graphgo's referee: the same rules, so every stone and
/// every legal move must agree.
#[test]
fn verify_gtp_finds_the_referee_in_agreement() {
    let bin = env!("CARGO_BIN_EXE_graphgo");
    let out = std::env::temp_dir().join(format!("graphgo-referee-verify-{}", std::process::id()));
    for flags in [
        vec![],
        vec!["--self-capture", "none", "--repetition", "simple"],
    ] {
        let run = Command::new(bin)
            .args([
                "verify-gtp",
                "--size",
                "3,5",
                "--games",
                "3",
                "--max-turns",
                "80",
            ])
            .args(&flags)
            .arg("--out")
            .arg(&out)
            .arg("--")
            .args([bin, "gtp"])
            .args(&flags)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&run.stdout);
        assert_eq!(
            run.status.code(),
            Some(0),
            "{flags:?}: {text}{}",
            String::from_utf8_lossy(&run.stderr)
        );
        assert!(text.contains(", 0 disagreements"), "{text}");
    }
    let _ = std::fs::remove_dir_all(&out);
}

fn gnugo() -> Option<String> {
    let path = std::env::var("GNUGO").unwrap_or_else(|_| "/usr/games/gnugo".to_string());
    std::path::Path::new(&path).exists().then_some(path)
}

/// A short match, GNU Go (Black) against graphgo's random `genmove` (White) on 7x7, with
/// graphgo refereeing under GNU Go's rules (no suicide, simple ko: spec/engines/gnugo.md):
/// every move either player makes must be accepted, and at the end the referee's stones
/// must be GNU Go's.
#[test]
fn a_match_of_gnu_go_against_genmove_refereed_by_graphgo() {
    let Some(gnugo) = gnugo() else {
        // On the real standard error: libtest captures `eprintln!` of a passing test.
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr().lock(),
            "SKIPPED: GNU Go not found at /usr/games/gnugo ($GNUGO); apt-get install gnugo"
        );
        return;
    };
    let rules = ["--self-capture", "none", "--repetition", "simple"];
    let mut referee = Gtp::referee(&rules);
    let mut random = Gtp::referee(&[&rules[..], &["--seed", "11"]].concat());
    let mut black = Gtp::spawn(&[&gnugo, "--mode", "gtp", "--level", "1", "--chinese-rules"]);
    for g in [&mut referee, &mut random, &mut black] {
        g.must("boardsize 7");
        g.must("clear_board");
        g.must("komi 7.5");
    }
    let mut passes = 0;
    let mut turns = 0;
    while passes < 2 && turns < 300 {
        let (colour, mover, other) = if turns % 2 == 0 {
            ("black", &mut black, &mut random)
        } else {
            ("white", &mut random, &mut black)
        };
        let vertex = mover
            .must(&format!("genmove {colour}"))
            .to_ascii_uppercase();
        if vertex == "RESIGN" {
            break;
        }
        referee
            .ask(&format!("play {colour} {vertex}"))
            .unwrap_or_else(|e| panic!("turn {turns}: the referee refuses {colour} {vertex}: {e}"));
        other.must(&format!("play {colour} {vertex}"));
        passes = if vertex == "PASS" { passes + 1 } else { 0 };
        turns += 1;
    }
    assert!(turns > 10, "the match ended after {turns} turns");
    for colour in ["black", "white"] {
        assert_eq!(
            referee.stones(colour),
            black.stones(colour),
            "{colour} stones after {turns} turns"
        );
    }
    let score = referee.must("final_score");
    assert!(
        score == "0" || score.starts_with("B+") || score.starts_with("W+"),
        "{score}"
    );
    eprintln!("match: {turns} turns, referee's score {score}");
}
