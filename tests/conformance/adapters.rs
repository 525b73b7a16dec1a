//! The adapters of other implementations (adapters/, issue 17): a few known moves through each
//! one (a capture, a self-capture attempt, a ko and its end), with the answers worked out by
//! hand on the board drawn beside each sequence, so that an adapter that stops translating
//! coordinates, colours or answers is caught before the conformance report runs; and, for the
//! npm adapters, a turn's answer (`graphgo-turn`, read by the shared code's own paths) is the
//! answers of `list_stones` and `is_legal` asked after it.
//!
//! The npm adapters are driven over GTP (`node adapters/NAME/adapter.js`); each test skips
//! visibly when `node` or the adapter's `node_modules` (`npm ci --prefix adapters/NAME`) is
//! missing. The Rust crate `goban` is driven in process through `adapters/goban-rs/engine.rs`.

use std::collections::BTreeSet;
use std::path::Path;
use std::time::Duration;

use graphgo::board::Board;
use graphgo::conformance::gtp::GtpProcess;
use graphgo::game::{
    Colour, Neutral, Player, Repetition, RuleId, RuleSet, SelfCapture, Setup, Turn,
};

#[path = "../../adapters/goban-rs/engine.rs"]
mod goban_rs;

/// Says that a test is skipped, on the real standard error: libtest captures `eprintln!` of
/// passing tests, and a skip must be visible in an ordinary `cargo test` run.
fn skipped(why: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "SKIPPED: {why}");
}

/// The adapter of `adapters/NAME` (with the arguments `args`: its configuration), started,
/// or `None` (and a SKIPPED line) when node or its packages are missing.
fn start(name: &str, args: &[&str]) -> Option<GtpProcess> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let node_works = std::process::Command::new("node")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !node_works {
        skipped(&format!(
            "{name}: node is not installed (apt-get install nodejs npm)"
        ));
        return None;
    }
    if !root
        .join("adapters")
        .join(name)
        .join("node_modules")
        .is_dir()
    {
        skipped(&format!(
            "{name}: adapters/{name}/node_modules is missing (npm ci --prefix adapters/{name})"
        ));
        return None;
    }
    let script = root.join("adapters").join(name).join("adapter.js");
    let mut argv = vec!["node".to_string(), script.display().to_string()];
    argv.extend(args.iter().map(|a| a.to_string()));
    Some(
        GtpProcess::spawn(&argv, Duration::from_secs(60), Duration::from_secs(20))
            .unwrap_or_else(|e| panic!("{name}: {e}")),
    )
}

/// Sends `command`; `Ok(answer)` for `=`, `Err(message)` for `?`. A failure to talk fails
/// the test.
fn ask(p: &mut GtpProcess, name: &str, command: &str) -> Result<String, String> {
    p.ask(command)
        .unwrap_or_else(|e| panic!("{name}: '{command}': {e}"))
}

fn must(p: &mut GtpProcess, name: &str, command: &str) {
    if let Err(e) = ask(p, name, command) {
        panic!("{name}: '{command}' refused: {e}");
    }
}

fn stones(p: &mut GtpProcess, name: &str, colour: &str) -> BTreeSet<String> {
    ask(p, name, &format!("list_stones {colour}"))
        .unwrap_or_else(|e| panic!("{name}: list_stones {colour}: {e}"))
        .split_whitespace()
        .map(str::to_uppercase)
        .collect()
}

fn set(vertices: &[&str]) -> BTreeSet<String> {
    vertices.iter().map(|v| v.to_string()).collect()
}

fn new_game(p: &mut GtpProcess, name: &str, moves: &[&str]) {
    must(p, name, "boardsize 5");
    must(p, name, "clear_board");
    for m in moves {
        must(p, name, &format!("play {m}"));
    }
}

/// `graphgo-turn COLOUR MOVE NEXT ASKED...`, which must play the move; then its lines
/// `black`, `white` and `legal` must be, as sets, the answers of `list_stones` and of
/// `is_legal NEXT V` for each V asked (the base commands, answered by other paths of the
/// shared code than a turn's answer).
fn turn_is_base_answers(p: &mut GtpProcess, name: &str, turn: &str) {
    let answer = ask(p, name, &format!("graphgo-turn {turn}"))
        .unwrap_or_else(|e| panic!("{name}: graphgo-turn {turn}: {e}"));
    let lines: Vec<&str> = answer.lines().collect();
    assert_eq!(
        lines.first(),
        Some(&"played"),
        "{name}: graphgo-turn {turn}: {answer}"
    );
    let line = |key: &str| -> BTreeSet<String> {
        let found = lines
            .iter()
            .find(|l| l.split_whitespace().next() == Some(key))
            .unwrap_or_else(|| panic!("{name}: no line {key} in {answer}"));
        found
            .split_whitespace()
            .skip(1)
            .map(str::to_uppercase)
            .collect()
    };
    assert_eq!(line("black"), stones(p, name, "black"), "{name}: {turn}");
    assert_eq!(line("white"), stones(p, name, "white"), "{name}: {turn}");
    let words: Vec<&str> = turn.split_whitespace().collect();
    let next = words[2];
    let legal: BTreeSet<String> = words[3..]
        .iter()
        .filter(|v| {
            ask(p, name, &format!("is_legal {next} {v}"))
                .unwrap_or_else(|e| panic!("{name}: is_legal {next} {v}: {e}"))
                .trim()
                == "1"
        })
        .map(|v| v.to_uppercase())
        .collect();
    assert_eq!(line("legal"), legal, "{name}: {turn}");
}

/// The three sequences on 5x5; `self_capture` says whether the implementation plays a lone
/// stone's self-capture (removing it) or refuses it.
fn known_moves(name: &str, self_capture: bool) {
    known_moves_of(name, &[], self_capture);
}

/// known_moves with the adapter's arguments `args` (a configuration).
fn known_moves_of(name: &str, args: &[&str], self_capture: bool) {
    let Some(mut p) = start(name, args) else {
        return;
    };
    let p = &mut p;

    // A capture in the corner: White's A1 loses its last liberty to Black's B1.
    //   2  X . .        2  X . .
    //   1  O . .   ->   1  . X .
    //      A B C           A B C
    new_game(p, name, &["b A2", "w A1", "b B1"]);
    assert_eq!(stones(p, name, "white"), set(&[]), "{name}: A1 captured");
    assert_eq!(stones(p, name, "black"), set(&["A2", "B1"]), "{name}");
    // White to move: a point holding a stone is no move.
    let occupied = ask(p, name, "is_legal w B1").expect("is_legal answers");
    assert_eq!(occupied.trim(), "0", "{name}: B1 holds a black stone");

    // White's lone stone at A1 would have no liberty and capture nothing.
    new_game(p, name, &["b A2", "w E5", "b B1"]);
    let legal = ask(p, name, "is_legal w A1").expect("is_legal answers");
    assert_eq!(legal.trim(), if self_capture { "1" } else { "0" }, "{name}");
    let played = ask(p, name, "play w A1");
    assert_eq!(
        played.is_ok(),
        self_capture,
        "{name}: play w A1: {played:?}"
    );
    // Played or refused, A1 is empty afterwards.
    assert_eq!(stones(p, name, "white"), set(&["E5"]), "{name}");
    assert_eq!(stones(p, name, "black"), set(&["A2", "B1"]), "{name}");

    // A ko: Black's C2 takes White's B2, which could take C2 back at once.
    //   3  . X O . .        3  . X O . .
    //   2  X O . O .   ->   2  X . X O .
    //   1  . X O . .        1  . X O . .
    //      A B C D E           A B C D E     (and Black's E5)
    new_game(
        p,
        name,
        &[
            "b A2", "w C3", "b B3", "w D2", "b B1", "w C1", "b E5", "w B2", "b C2",
        ],
    );
    assert_eq!(stones(p, name, "white"), set(&["C3", "D2", "C1"]), "{name}");
    assert_eq!(
        stones(p, name, "black"),
        set(&["A2", "B3", "B1", "E5", "C2"]),
        "{name}"
    );
    let retake = ask(p, name, "is_legal w B2").expect("is_legal answers");
    assert_eq!(retake.trim(), "0", "{name}: the immediate retake is a ko");
    assert!(
        ask(p, name, "play w B2").is_err(),
        "{name}: ko retake played"
    );
    // After a move each elsewhere the retake makes a new position: legal under every rule.
    // Those two moves through graphgo-turn, Black's next points (stones, empty points, lower
    // case as well) and White's ko point B2 read in the answer and asked one by one.
    turn_is_base_answers(p, name, "w E1 b B2 A1 C2 E1 d1 E3");
    turn_is_base_answers(p, name, "b E4 w B2");
    let retake = ask(p, name, "is_legal w B2").expect("is_legal answers");
    assert_eq!(retake.trim(), "1", "{name}: the retake after a ko threat");
    must(p, name, "play w B2");
    assert!(!stones(p, name, "black").contains("C2"), "{name}: C2 taken");
}

#[test]
fn ogs_goban_adapter_plays_known_moves() {
    known_moves("ogs-goban", false);
}

#[test]
fn tenuki_adapter_plays_known_moves() {
    known_moves("tenuki", false);
}

#[test]
fn sabaki_go_board_adapter_plays_known_moves() {
    known_moves("sabaki-go-board", true);
}

#[test]
fn sabaki_go_board_prevent_suicide_adapter_plays_known_moves() {
    known_moves_of("sabaki-go-board", &["prevent-suicide"], false);
}

#[test]
fn weiqi_adapter_plays_known_moves() {
    known_moves("weiqi", false);
}

#[test]
fn godash_adapter_plays_known_moves() {
    known_moves("godash", false);
}

#[test]
fn wgo_adapter_plays_known_moves() {
    known_moves("wgo", false);
}

#[test]
fn besogo_adapter_plays_known_moves() {
    known_moves("besogo", false);
}

/// graphgo's vertex of the GTP name `v` on a 5x5 grid (column letter, row from the bottom).
fn at(board: &Board, v: &str) -> usize {
    board.vertex(v).unwrap_or_else(|| panic!("{v} on 5x5"))
}

#[test]
fn goban_rs_adapter_plays_known_moves() {
    // The options the adapter declares (adapters/goban-rs/rules.yaml): CHINESE's rules.
    let mut setup = Setup::new(RuleId::Ggg1, Board::grid(5, 5).unwrap());
    setup.options.neutral = Neutral::None;
    setup.options.self_capture = SelfCapture::None;
    setup.options.repetition = Repetition::Positional;
    let board = setup.board.clone();
    let play = |moves: &[&str]| {
        let mut g = goban_rs::GobanRs { square_only: false }
            .start(&setup)
            .expect("a 5x5 grid is supported");
        for (i, m) in moves.iter().enumerate() {
            let player = if i % 2 == 0 {
                Player::Black
            } else {
                Player::White
            };
            let turn = Turn::Move {
                player,
                at: at(&board, m),
            };
            g.play(&turn).unwrap_or_else(|e| panic!("{m}: {e:?}"));
        }
        g
    };
    let colour_at = |g: &dyn graphgo::game::Playable, v: &str| g.observe().position[at(&board, v)];

    // The capture in the corner (drawn in known_moves).
    let g = play(&["A2", "A1", "B1"]);
    assert_eq!(colour_at(&*g, "A1"), Colour::Empty);
    assert_eq!(colour_at(&*g, "B1"), Colour::Black);

    // White's self-capture at A1 is neither listed nor played.
    let mut g = play(&["A2", "E5", "B1"]);
    let a1 = Turn::Move {
        player: Player::White,
        at: at(&board, "A1"),
    };
    assert!(!g.legal_turns().contains(&a1));
    assert!(g.play(&a1).is_err());
    assert_eq!(colour_at(&*g, "A1"), Colour::Empty);

    // The ko, then its end after a move each elsewhere.
    let mut g = play(&["A2", "C3", "B3", "D2", "B1", "C1", "E5", "B2", "C2"]);
    assert_eq!(colour_at(&*g, "B2"), Colour::Empty, "B2 captured");
    let retake = Turn::Move {
        player: Player::White,
        at: at(&board, "B2"),
    };
    assert!(
        !g.legal_turns().contains(&retake),
        "the ko retake is listed"
    );
    assert!(g.play(&retake).is_err());
    for (player, v) in [(Player::White, "E1"), (Player::Black, "E4")] {
        g.play(&Turn::Move {
            player,
            at: at(&board, v),
        })
        .unwrap();
    }
    assert!(g.legal_turns().contains(&retake));
    g.play(&retake).unwrap();
    assert_eq!(colour_at(&*g, "C2"), Colour::Empty, "C2 taken back");
}

/// KataGo's legality as its adapter reads it without the network (`legal_by_play` in
/// adapters/katago/adapter.py: the tolerant GTP `play` of each empty point, read on `showboard`
/// and undone; spec/engines/katago.md, "How legality is read") is the network's masked policy
/// (`kata-raw-nn`, `BoardHistory::isLegal`) at every position of seeded random games under each
/// of the seven rule sets of the report's KataGo rows, on 2x2 and 3x3 (where ko points,
/// self-captures and superko bans come often): adapters/katago/check_legal.py compares the two
/// lists at every position and fails on any difference, or when no position was read by play.
/// Skipped when KataGo is not installed (`bash adapters/install.sh katago`).
#[test]
fn katago_legality_read_by_play_is_the_networks_mask_at_every_position() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    if !root.join("target/katago/squashfs-root/AppRun").is_file() {
        skipped("katago: target/katago is missing (bash adapters/install.sh katago)");
        return;
    }
    let python = std::env::var("GRAPHGO_PYTHON").unwrap_or_else(|_| "python3".into());
    let out = std::process::Command::new(&python)
        .arg(root.join("adapters/katago/check_legal.py"))
        .args(["--positions", "30", "--sizes", "2,3", "--seed", "1"])
        .current_dir(root)
        .output()
        .unwrap_or_else(|e| panic!("{python}: {e}"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "check_legal.py failed ({}):\n{stdout}\n{stderr}",
        out.status
    );
    // 7 rule sets x 2 sizes x 30 positions (the player to move at each, the other player at
    // every fourth), every list read by play, none different.
    let summary = stdout
        .lines()
        .find(|l| l.starts_with("compared "))
        .unwrap_or_else(|| panic!("no summary:\n{stdout}"));
    let number = |i: usize| -> usize {
        summary
            .split_whitespace()
            .nth(i)
            .and_then(|w| w.parse().ok())
            .unwrap_or(0)
    };
    let (lists, by_play) = (number(1), number(3));
    assert!(lists >= 420, "{summary}");
    assert_eq!(by_play, lists, "lists read by play: {summary}");
    assert!(summary.contains("(0 differ from the network)"), "{summary}");
}
