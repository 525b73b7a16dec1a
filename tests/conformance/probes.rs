//! The probes of a conformance campaign kept in its records (spec/FORMAT.md, "Probes"): a move
//! both sides refuse changes nothing in graphgo, but may change an outside implementation's
//! state (sente 0.4.2: a refused move between two passes keeps the game going,
//! spec/engines/sente.md). A finding whose divergence needs such a probe must replay,
//! shrink and reproduce from its record.
//!
//! `ForgetfulRules` is a scripted engine with sente's behaviour (graphgo's engine, except
//! that a refused move makes it forget a pass just before it): the campaign's finding
//! against it replays from its case file. The same with sente itself where
//! `target/venv-sente` is installed (`bash adapters/install.sh sente`), SKIPPED otherwise.

use std::path::PathBuf;
use std::process::Command;
use std::sync::Arc;
use std::time::Duration;

use num_rational::BigRational;

use graphgo::board::Board;
use graphgo::conformance::engine::{Declared, Support};
use graphgo::conformance::verify::{Games, VerifyPlan};
use graphgo::differential::compare;
use graphgo::game::{
    Illegal, KoPass, Observation, Options, Playable, Player, Repetition, RuleId, RuleSet,
    SelfCapture, Setup, Turn, Unsupported,
};
use graphgo::io::record::{Game, Record};

/// Says that a test is skipped, on the real standard error (libtest captures `eprintln!`).
fn skipped(why: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "SKIPPED: {why}");
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// graphgo's engine, except that a refused move makes it forget the pass just before it:
/// the next pass does not end the game (as sente 0.4.2 does). The game then goes on from
/// the same position with the other player to move.
struct ForgetfulRules;

struct ForgetfulGame {
    inner: Box<dyn Playable>,
    setup: Setup,
    /// The last turn played was a pass.
    after_pass: bool,
    /// A move was refused since that pass.
    forgot: bool,
}

impl RuleSet for ForgetfulRules {
    fn name(&self) -> &str {
        "forgetful"
    }
    fn start(&self, setup: &Setup) -> Result<Box<dyn Playable>, Unsupported> {
        Ok(Box::new(ForgetfulGame {
            inner: graphgo::engine::Engine.start(setup)?,
            setup: setup.clone(),
            after_pass: false,
            forgot: false,
        }))
    }
}

impl Playable for ForgetfulGame {
    fn observe(&self) -> Observation {
        self.inner.observe()
    }
    fn legal_turns(&self) -> Vec<Turn> {
        self.inner.legal_turns()
    }
    fn play(&mut self, turn: &Turn) -> Result<(), Illegal> {
        if let (Turn::Pass { player }, true, true) = (turn, self.after_pass, self.forgot) {
            // The pass that would end the game is a first pass again: the game restarts
            // from this position, the opponent to move, no pass before.
            let now = self.inner.observe();
            if now.to_move == Some(*player) {
                let mut setup = self.setup.clone();
                setup.initial = now.position;
                setup.to_move = player.opponent();
                self.inner = graphgo::engine::Engine
                    .start(&setup)
                    .expect("the same setup, other stones");
                self.after_pass = true;
                self.forgot = false;
                return Ok(());
            }
        }
        match self.inner.play(turn) {
            Ok(()) => {
                self.after_pass = matches!(turn, Turn::Pass { .. });
                self.forgot = false;
                Ok(())
            }
            Err(e) => {
                self.forgot = self.after_pass;
                Err(e)
            }
        }
    }
}

/// graphgo's options in the campaign: no self-capture (so there are moves to refuse), no
/// repetition rule (the restarted game of [`ForgetfulGame`] keeps no history to compare).
fn options() -> Options {
    Options {
        self_capture: SelfCapture::None,
        repetition: Repetition::None,
        ..Options::default()
    }
}

fn campaign_against_forgetful() -> graphgo::conformance::campaign::CampaignReport {
    let engine = Declared {
        rules: ForgetfulRules,
        support: Support::everything(),
    };
    let mut plan = VerifyPlan::new("unused");
    plan.vectors = None;
    plan.seed = 5;
    plan.games = 80;
    plan.games_on = Games::Boards {
        boards: vec![Arc::new(Board::grid(4, 4).unwrap())],
    };
    plan.options = Some(options());
    plan.komi = Some(BigRational::from_integer(0.into()));
    graphgo::conformance::campaign::campaign(&engine, &plan, &mut |_| {})
}

#[test]
fn a_finding_that_needs_a_refused_probe_replays_from_its_record() {
    let report = campaign_against_forgetful();
    assert!(
        !report.findings.is_empty(),
        "the campaign found no game where a probe between two passes kept the forgetful engine playing ({} games)",
        report.games
    );
    let (a, b) = (graphgo::engine::Engine, ForgetfulRules);
    for f in &report.findings {
        // The case file replays: its header names the divergence, and its record, read
        // back, diverges again (before, the probe was left out and the sides agreed).
        assert!(
            !f.record.contains("(the sides agree on this game)"),
            "the case file does not reproduce its finding:\n{}",
            f.record
        );
        let record = Record::parse(&f.record, false).unwrap();
        assert!(
            !record.probes.is_empty(),
            "no probe in the record:\n{}",
            f.record
        );
        let game = record.game().unwrap();
        let d = compare::compare(&a, &b, &game)
            .unwrap_or_else(|| panic!("the record does not replay its finding:\n{}", f.record));
        assert_eq!(d.turns, game.turns.len(), "{}", f.record);
        // The probe is what the divergence needs: without it, the sides agree.
        let probes = record.probe_turns().unwrap();
        let without = Game {
            setup: game.setup.clone(),
            turns: game
                .turns
                .iter()
                .enumerate()
                .filter(|(i, _)| !probes.contains(i))
                .map(|(_, t)| t.clone())
                .collect(),
        };
        assert_eq!(compare::compare(&a, &b, &without), None, "{}", f.record);
        // The shrinker kept the probe it needs and dropped the rest: a pass, the probe, the
        // pass (and the moves the probe's refusal needs).
        let texts: Vec<&str> = record.moves.iter().map(String::as_str).collect();
        let last = texts.len() - 1;
        assert!(texts[last].ends_with("pass"), "{texts:?}");
        assert_eq!(probes, vec![last - 1], "{texts:?}");
        assert!(texts[last - 2].ends_with("pass"), "{texts:?}");
    }
}

/// A record whose divergence needs its probe: `graphgo play` goes on past the probe and
/// reports it, and a shrink keeps it.
#[test]
fn a_shrunk_case_keeps_the_probe_and_play_goes_on_past_it() {
    // 3x3: B takes the centre, W passes, B's probe at the centre again is refused (the
    // point is taken), B passes: graphgo ends the game, the forgetful engine does not.
    let text =
        "rules: ggg1\nboard: {grid: [3, 3]}\noptions: {self_capture: none, repetition: none}\n\
                moves: [B 2-2, W 1-1, B 3-3, W pass, B 2-2, B pass]\nprobes: [5]\n";
    let record = Record::parse(text, false).unwrap();
    let game = record.game().unwrap();
    let (a, b) = (graphgo::engine::Engine, ForgetfulRules);
    let shrunk = compare::shrink(&a, &b, &game, 500).expect("the record diverges");
    let file = compare::case_file(&a, &b, &shrunk.game, "");
    let back = Record::parse(&file, false).unwrap();
    let texts: Vec<&str> = back.moves.iter().map(String::as_str).collect();
    // The moves before the pass are dropped (the board too, where a smaller one shows the
    // divergence); the probe is kept and marked: a pass, the probe, a pass.
    let n = texts.len();
    assert!(n < 6, "nothing was dropped: {file}");
    assert!(
        texts[n - 3].ends_with("pass") && texts[n - 1].ends_with("pass"),
        "{file}"
    );
    assert_eq!(back.probes, vec![n as u64 - 1], "{file}");
    assert!(!file.contains("(the sides agree"), "{file}");

    // `graphgo play`: the probe refused, the game goes on to its end by two passes.
    let dir = Scratch::new();
    let path = dir.path().join("case.yaml");
    std::fs::write(&path, &file).unwrap();
    let out = graphgo_bin().arg("play").arg(&path).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("probe"), "{stdout}");
    assert!(!stdout.to_lowercase().contains("illegal turn"), "{stdout}");
}

#[test]
fn a_record_without_probes_reads_and_writes_as_before() {
    let text = "rules: ggg1\nboard: {grid: [3, 3]}\nmoves: [B 2-2, W pass, B 2-2, B pass]\n";
    let record = Record::parse(text, false).unwrap();
    assert!(record.probes.is_empty());
    assert_eq!(record.probe_turns().unwrap(), Vec::<usize>::new());
    let game = record.game().unwrap();
    assert_eq!(game.turns.len(), 4);
    // Written back: no `probes` field.
    let written = Record::from_game(&game.setup, &game.turns).to_yaml();
    assert!(!written.contains("probes"), "{written}");
    // `graphgo play` stops at the refused move, as before: the first illegal turn.
    let dir = Scratch::new();
    let path = dir.path().join("old.yaml");
    std::fs::write(&path, text).unwrap();
    let out = graphgo_bin().arg("play").arg(&path).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!stdout.contains("probe"), "{stdout}");
}

#[test]
fn bad_probes_are_refused_naming_the_file_the_field_and_the_value() {
    let dir = Scratch::new();
    let base = "rules: ggg1\nboard: {grid: [3, 3]}\nmoves: [B 2-2, W pass, B 2-2, B pass]\n";
    for (probes, words) in [
        ("[0]", vec!["'probes[0]'", "0", "numbered 1 to 4"]),
        ("[5]", vec!["'probes[0]'", "5", "numbered 1 to 4"]),
        ("[3, 2]", vec!["'probes[1]'", "2", "increasing"]),
        ("[3, 3]", vec!["'probes[1]'", "3", "each once"]),
        ("[x]", vec!["probes", "x"]),
        ("[-1]", vec!["probes", "-1"]),
        ("3", vec!["probes"]),
    ] {
        let path = dir.path().join("bad.yaml");
        std::fs::write(&path, format!("{base}probes: {probes}\n")).unwrap();
        for command in ["play", "check"] {
            let out = graphgo_bin().arg(command).arg(&path).output().unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{command} {probes}: {stderr}");
            assert!(stderr.contains("bad.yaml"), "{command} {probes}: {stderr}");
            for w in &words {
                assert!(
                    stderr.contains(w),
                    "{command} {probes}: {w} not in {stderr}"
                );
            }
            assert!(!stderr.contains("panicked"), "{stderr}");
        }
    }
    // No moves at all.
    let path = dir.path().join("empty.yaml");
    std::fs::write(&path, "rules: ggg1\nboard: {grid: [3, 3]}\nprobes: [1]\n").unwrap();
    let out = graphgo_bin().arg("play").arg(&path).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("empty.yaml")
            && stderr.contains("'probes[0]'")
            && stderr.contains("no moves"),
        "{stderr}"
    );
}

/// A folder of its own under the system's temporary folder, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Scratch {
        use std::sync::atomic::{AtomicU64, Ordering};
        static N: AtomicU64 = AtomicU64::new(0);
        let dir = std::env::temp_dir().join(format!(
            "graphgo-probes-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
    fn path(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn graphgo_bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_graphgo"))
}

/// sente 0.4.2 itself, through its adapter: the game of sente's verdict 3 (B E5, W pass,
/// Black's E5 refused, B pass) written as a case file keeps the refused move as a probe and
/// replays the divergence (sente does not end the game); without the probe the sides agree.
#[test]
fn the_sente_finding_replays_with_its_probe() {
    let python = root().join("target/venv-sente/bin/python");
    if !python.is_file() {
        skipped("sente: target/venv-sente is missing (bash adapters/install.sh sente)");
        return;
    }
    // graphgo set to what adapters/sente/rules.yaml declares for sente.
    let options = Options {
        self_capture: SelfCapture::None,
        repetition: Repetition::KoPoint,
        ko_pass: KoPass::Keeps,
        ..Options::default()
    };
    let argv = [
        python.display().to_string(),
        root()
            .join("adapters/sente/adapter.py")
            .display()
            .to_string(),
        "chinese".to_string(),
    ];
    let scratch = Scratch::new();
    let sente = graphgo::conformance::gtp_rules::GtpRules::spawn(
        &argv,
        [Duration::from_secs(60), Duration::from_secs(20)],
        Some(options),
        scratch.path(),
    )
    .unwrap_or_else(|e| panic!("sente: {e:?}"));
    let graphgo = graphgo::engine::Engine;
    let mut setup = Setup::new(RuleId::Ggg1, Board::grid(9, 9).unwrap());
    setup.options = options;
    setup.komi = BigRational::new(1.into(), 2.into());
    let e5 = setup.board.vertex("E5").unwrap();
    let turns = vec![
        Turn::Move {
            player: Player::Black,
            at: e5,
        },
        Turn::Pass {
            player: Player::White,
        },
        Turn::Move {
            player: Player::Black,
            at: e5,
        },
        Turn::Pass {
            player: Player::Black,
        },
    ];
    let game = Game {
        setup: setup.clone(),
        turns: turns.clone(),
    };
    let file = compare::case_file(&graphgo, &sente, &game, "");
    assert!(!file.contains("(the sides agree"), "{file}");
    let record = Record::parse(&file, false).unwrap();
    assert_eq!(record.probes, vec![3], "{file}");
    // The record's turns and probes, on the 9x9 grid (a case file writes its board as an
    // explicit graph, which a GTP engine is not sent).
    let back = Game {
        setup: setup.clone(),
        turns: record.game().unwrap().turns,
    };
    assert_eq!(back.turns, turns);
    let d = compare::compare(&graphgo, &sente, &back).expect("sente keeps the game going");
    assert_eq!(d.turns, 4, "{d:?}\n{file}");
    // The record as the campaign wrote it before (the probe left out): the sides agree.
    let old = Game {
        setup,
        turns: vec![turns[0].clone(), turns[1].clone(), turns[3].clone()],
    };
    assert_eq!(compare::compare(&graphgo, &sente, &old), None);
}
