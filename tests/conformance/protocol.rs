//! The graphgo side of the adapters' protocol (spec/FORMAT.md, "The GTP subset of adapters";
//! issues 28 and 29): the answers it reads (`graphgo-board`, results), the decisive
//! situations it counts, and, end to end, a report on a fixture implementation with planted
//! departures (tests/conformance/fixtures/toy-game/adapter.py: sgfmill's board as a game,
//! through adapters/gtp_subset.py), whose cells must name each departure in its own column.

use std::path::{Path, PathBuf};

use graphgo::board::Board;
use graphgo::conformance::decisive::{Situation, Tracker};
use graphgo::conformance::gtp_rules::{board_of_report, parse_result, EngineResult};
use graphgo::conformance::report::{self, Group, View};
use graphgo::game::{Player, RuleId, Setup, Turn};
use num_rational::BigRational;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::Arc;

use graphgo::game::{Colour, Playable, RuleSet, Unsupported};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn a_reported_board_is_built_name_for_name_and_a_bad_one_is_refused_naming_the_point() {
    // A path of three points and a lone one, as an adapter of the graph extension reports it.
    let b = board_of_report("a: b\nb: a c\nc: b\nd:").unwrap();
    assert_eq!(b.len(), 4);
    assert_eq!(b.edge_count(), 2);
    let (a, c, d) = (
        b.vertex("a").unwrap(),
        b.vertex("c").unwrap(),
        b.vertex("d").unwrap(),
    );
    assert!(b.adjacent(a, b.vertex("b").unwrap()));
    assert!(!b.adjacent(a, c));
    assert!(b.neighbours(d).is_empty());
    let e = board_of_report("a: b\nb:").unwrap_err();
    assert!(e.contains("b is a's neighbour, but a is not b's"), "{e}");
    let e = board_of_report("a: z").unwrap_err();
    assert!(e.contains("a's neighbour z is not a listed point"), "{e}");
    let e = board_of_report("a: a").unwrap_err();
    assert!(e.contains("a is its own neighbour"), "{e}");
    let e = board_of_report("just words").unwrap_err();
    assert!(e.contains("not 'POINT: NEIGHBOURS'"), "{e}");
}

#[test]
fn results_read_as_sgf_writes_them() {
    let half = |n: i64| BigRational::new(n.into(), 2.into());
    assert_eq!(parse_result("unknown").unwrap(), None);
    assert_eq!(
        parse_result("B+3.5").unwrap(),
        Some(EngineResult {
            winner: Some(Player::Black),
            margin: Some(half(7)),
            no_result: false,
        })
    );
    assert_eq!(
        parse_result("W+R").unwrap(),
        Some(EngineResult {
            winner: Some(Player::White),
            margin: None,
            no_result: false,
        })
    );
    assert_eq!(
        parse_result("0").unwrap(),
        Some(EngineResult {
            winner: None,
            margin: None,
            no_result: false,
        })
    );
    // SGF's RE[Void] (KataGo's end of a long cycle): over, nobody wins, and not a draw
    // (graphgo's no-result end, repetition_end: third-situation-no-result).
    assert_eq!(
        parse_result("Void").unwrap(),
        Some(EngineResult {
            winner: None,
            margin: None,
            no_result: true,
        })
    );
    assert!(parse_result("black wins").is_err());
    assert!(parse_result("B+lots").is_err());
}

fn mv(board: &Board, player: Player, name: &str) -> Turn {
    Turn::Move {
        player,
        at: board.vertex(name).unwrap(),
    }
}

#[test]
fn the_tracker_names_each_decisive_situation_worked_by_hand() {
    use Player::{Black as B, White as W};
    // 4x4, rows from the bottom (worked by hand):
    //   row 2: B  W  .  .      Black A2, B1; White B2, C1; Black passes; White A1 takes
    //   row 1: W  .  W  .      B1. Now Black B1 would retake A1 at once (the ko), and
    //                          White's D1 is an empty point.
    let setup = Setup::new(RuleId::Ggg1, Board::grid(4, 4).unwrap());
    let b = &setup.board;
    let mut t = Tracker::new(&setup).unwrap();
    for turn in [
        mv(b, B, "A2"),
        mv(b, W, "B2"),
        mv(b, B, "B1"),
        mv(b, W, "C1"),
        Turn::Pass { player: B },
        mv(b, W, "A1"),
    ] {
        t.played(&turn);
    }
    assert_eq!(t.to_move(), B);
    assert_eq!(
        t.situation(b.vertex("B1").unwrap()),
        Some(Situation::KoRetake)
    );
    // An occupied point and a plain move decide nothing.
    assert_eq!(t.situation(b.vertex("A1").unwrap()), None);
    assert_eq!(t.situation(b.vertex("D4").unwrap()), None);
    // A pass after a pass ends the game; a move of White now is out of turn.
    t.played(&Turn::Pass { player: B });
    assert_eq!(
        t.turn_situation(&Turn::Pass { player: W }),
        Some(Situation::EndingPass)
    );
    assert_eq!(
        t.turn_situation(&mv(b, B, "D4")),
        Some(Situation::OutOfTurn)
    );
    // 3x3: Black A2 and B1 around the corner; White's A1 there removes itself alone.
    let setup = Setup::new(RuleId::Ggg1, Board::grid(3, 3).unwrap());
    let b = &setup.board;
    let mut t = Tracker::new(&setup).unwrap();
    for turn in [mv(b, B, "A2"), Turn::Pass { player: W }, mv(b, B, "B1")] {
        t.played(&turn);
    }
    assert_eq!(
        t.situation(b.vertex("A1").unwrap()),
        Some(Situation::LoneSelfCapture)
    );
    // Counted over every point, it is the one decisive situation of the position.
    let mut counts = Default::default();
    t.count(None, &mut counts);
    assert_eq!(counts.get(&Situation::LoneSelfCapture), Some(&1));
}

/// The venv's Python, when it has sgfmill; else a SKIPPED line and `None` (also used by
/// batched.rs).
pub(crate) fn python_with_sgfmill() -> Option<PathBuf> {
    let python = std::env::var("GRAPHGO_PYTHON")
        .map(PathBuf::from)
        .unwrap_or_else(|_| root().join("target/adapters-venv/bin/python"));
    let ok = std::process::Command::new(&python)
        .args(["-c", "import sgfmill"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr().lock(),
            "SKIPPED: the toy-game fixture needs sgfmill in {} (pip install -r adapters/sgfmill/requirements.txt)",
            python.display()
        );
        return None;
    }
    Some(python)
}

/// The reason the toy's `end-unclaimed` configuration gives for leaving the end unclaimed:
/// longer than the Markdown table shows, with a `|` in it.
const UNCLAIMED_END: &str = "toy/adapter.py, Library.over: the game never ends (--never-ends); a | in the reason, and words past the hundredth character: the tail end";

/// A repository of one adapter folder, `toy`, with a configuration per planted departure,
/// and no vectors.
fn toy_repository(dir: &Path, python: &Path) {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir.join("adapters/toy")).unwrap();
    std::fs::create_dir_all(dir.join("spec/vectors")).unwrap();
    let script = root().join("tests/conformance/fixtures/toy-game/adapter.py");
    let rules = format!(
        r#"name: toy
title: "a toy game over sgfmill's board"
version: "1"
language: Python
registry: PyPI
package: "sgfmill==1.1.1"
driver: gtp
command: ["{}", "{}"]
boards:
  square: {{min: 3, max: 5}}
rules:
  self_capture: {{value: all, source: "sgfmill allows self-capture"}}
  repetition: {{value: none, source: "no ko rule"}}
  passes_end: {{value: "two passes", source: "the fixture"}}
  scoring: {{value: area, source: "area_score"}}
  komi: {{value: any, source: "the fixture"}}
  turn_order: {{value: alternating, source: "the fixture"}}
games: 12
configurations:
  - name: honest
  - name: score-off-by-one
    args: [--score-off-by-one]
  - name: no-turn
    args: [--no-turn]
  - name: never-ends
    args: [--never-ends]
  - name: end-unclaimed
    args: [--never-ends]
    rules:
      passes_end: {{value: unclaimed, source: "{UNCLAIMED_END}"}}
"#,
        python.display(),
        script.display()
    );
    std::fs::write(dir.join("adapters/toy/rules.yaml"), rules).unwrap();
}

#[test]
fn each_planted_departure_is_found_in_its_own_column_and_the_honest_row_passes() {
    let Some(python) = python_with_sgfmill() else {
        return;
    };
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("toy-repository");
    toy_repository(&dir, &python);
    let plan = report::ConformancePlan {
        root: dir.clone(),
        out: dir.join("spec"),
        seed: 1,
        only: None,
    };
    let run = report::run(&plan, &mut |_| {}).unwrap();
    let cell = |configuration: &str, view: View, g: Group| {
        let row = run
            .rows
            .iter()
            .find(|r| r.configuration.as_deref() == Some(configuration))
            .unwrap_or_else(|| panic!("no row {configuration}"));
        assert!(row.missing.is_none(), "{configuration}: {:?}", row.missing);
        let v = row.views.iter().find(|v| v.view == view).unwrap();
        v.cells[&g].clone()
    };
    for view in [View::OwnRules, View::TrompTaylor] {
        // The honest game: the end, the score and the turn are compared, and agree.
        for g in [
            Group::PassesAndEnd,
            Group::Scoring,
            Group::TurnOrder,
            Group::Capture,
        ] {
            let c = cell("honest", view, g);
            assert!(
                c.not.is_none() && !c.failed(),
                "honest {view:?} {g:?}: {}",
                c.text()
            );
            assert!(
                c.decisive > 0,
                "honest {view:?} {g:?}: no decisive situation"
            );
        }
        assert!(cell("score-off-by-one", view, Group::Scoring).failed());
        assert!(!cell("score-off-by-one", view, Group::TurnOrder).failed());
        assert!(cell("no-turn", view, Group::TurnOrder).failed());
        assert!(!cell("no-turn", view, Group::Scoring).failed());
        assert!(cell("never-ends", view, Group::PassesAndEnd).failed());
    }
    // A rule left unclaimed: the cell says why, with the rules.yaml source whole in the JSON
    // and the page, cut at a word in the Markdown table (its `|` kept as text).
    let c = cell("end-unclaimed", View::OwnRules, Group::PassesAndEnd);
    let why = c.not.clone().unwrap_or_default();
    assert!(
        why.starts_with("not claimed") && why.ends_with(&format!(": {UNCLAIMED_END}")),
        "{why}"
    );
    // Its games never end: the departures from graphgo's default are counted, not red.
    assert!(!c.failed() && why.contains("departures"), "{why}");
    assert!(cell("never-ends", View::OwnRules, Group::PassesAndEnd).failed());
    // The toy's subset answers no loadsgf: no game starts from stones, and the setup cell
    // says why instead of "thin: 0" (under its own rules, which leave setup unclaimed, it is
    // not claimed).
    let c = cell("honest", View::TrompTaylor, Group::SetupAndHandicap);
    assert!(
        c.not.as_deref().is_some_and(|w| w.contains("loadsgf")),
        "{}",
        c.text()
    );
    // Its own rules have no ko rule, so a ko fight (the ko and long games on 4x4 and 5x5
    // open with two kos) retakes at will: at least the threshold of a green cell.
    let ko = cell("honest", View::OwnRules, Group::SimpleKo);
    assert!(ko.decisive >= report::THIN, "{}", ko.text());
    // Under its own rules (self-capture all, no ko rule) the honest toy agrees on captures
    // and self-captures; under Tromp-Taylor its missing superko shows.
    let own_capture = cell("honest", View::OwnRules, Group::LoneSelfCapture);
    assert!(!own_capture.failed(), "{}", own_capture.text());
    // The same counts and seed give the same report, timings aside.
    let again = report::run(&plan, &mut |_| {}).unwrap();
    assert_eq!(run.without_timings(), again.without_timings());
    // --check: a report written and read back is current; a changed count is stale.
    run.write(&dir.join("spec"), false).unwrap();
    let written = |ext: &str| {
        std::fs::read_to_string(dir.join("spec/conformance").with_extension(ext)).unwrap()
    };
    let md = written("md");
    let line = md
        .lines()
        .find(|l| l.contains("end-unclaimed") && l.contains("not claimed"))
        .unwrap_or_else(|| panic!("no end-unclaimed row with its reason:\n{md}"));
    assert!(
        line.contains("Library.over: the game never ends (--never-ends); a \\| in the reason")
            && line.contains(" …")
            && !line.contains("the tail end"),
        "{line}"
    );
    assert!(
        written("html")
            .contains("a | in the reason, and words past the hundredth character: the tail end"),
        "the page does not carry the whole reason"
    );
    assert!(written("json").contains(UNCLAIMED_END));
    assert!(report::render::stale(&dir.join("spec"), &again).is_empty());
    let mut changed = again.clone();
    changed.rows[0].views[0].turns += 1;
    let problems = report::render::stale(&dir.join("spec"), &changed);
    assert!(
        problems.iter().any(|p| p.starts_with("toy, honest:")),
        "{problems:?}"
    );
}

/// The rules with no repetition rule and every self-capture allowed: what a move does.
fn free_options() -> graphgo::game::Options {
    use graphgo::game::{Options, Repetition, SelfCapture};
    Options {
        self_capture: SelfCapture::All,
        repetition: Repetition::None,
        ..Options::default()
    }
}

#[test]
fn the_ko_opening_builds_kos_whose_retake_gives_back_the_board_at_once() {
    use graphgo::conformance::campaign::ko_opening;
    use graphgo::game::{Options, Repetition, RuleSet, SelfCapture};
    use graphgo::variants::Rules;
    // 5x5, point (x, y) numbered y * 5 + x, worked by hand from the shape's drawing: Black's
    // (0,0), (1,1) and White's (1,0), (3,0), (2,1) on row 0; on row 4 the same with the
    // colours swapped: White's (0,4), (1,3) and Black's (1,4), (3,4), (2,3).
    let board = Board::grid(5, 5).unwrap();
    let at = |x: usize, y: usize| y * 5 + x;
    let [black, white] = ko_opening(&board);
    assert_eq!(black, [at(0, 0), at(1, 1), at(1, 4), at(3, 4), at(2, 3)]);
    assert_eq!(white, [at(1, 0), at(3, 0), at(2, 1), at(0, 4), at(1, 3)]);
    // Too small for a shape: none.
    assert!(ko_opening(&Board::grid(3, 3).unwrap())
        .iter()
        .all(Vec::is_empty));
    // Played alternately by the transcription under simple ko, every stone is legal; then
    // Black takes the top ko, White may not take back at once, and takes the bottom ko.
    let simple = Options {
        self_capture: SelfCapture::None,
        repetition: Repetition::Simple,
        ..Options::default()
    };
    let mut turns = Vec::new();
    for (b, w) in black.iter().zip(&white) {
        turns.push(Turn::Move {
            player: Player::Black,
            at: *b,
        });
        turns.push(Turn::Move {
            player: Player::White,
            at: *w,
        });
    }
    for options in [simple, free_options()] {
        let mut setup = Setup::new(RuleId::Ggg1, board.clone());
        setup.options = options;
        let mut g = Rules.start(&setup).unwrap();
        for t in &turns {
            g.play(t).unwrap_or_else(|e| panic!("{t:?}: {e:?}"));
        }
        let before = g.observe().position;
        g.play(&Turn::Move {
            player: Player::Black,
            at: at(2, 0),
        })
        .unwrap();
        assert_eq!(
            g.observe().position[at(1, 0)],
            graphgo::game::Colour::Empty,
            "Black's ko capture removes White's (1,0)"
        );
        let retake = Turn::Move {
            player: Player::White,
            at: at(1, 0),
        };
        if options == simple {
            assert!(
                g.play(&retake).is_err(),
                "the retake is refused under simple ko"
            );
            g.play(&Turn::Move {
                player: Player::White,
                at: at(2, 4),
            })
            .unwrap();
            assert!(g
                .play(&Turn::Move {
                    player: Player::Black,
                    at: at(1, 4),
                })
                .is_err());
        } else {
            g.play(&retake).unwrap();
            assert_eq!(
                g.observe().position,
                before,
                "the retake gives the board back"
            );
        }
    }
}

/// graphgo's engine as the implementation under test, counting by itself, with the
/// transcription, the decisive situations of simple ko and superko of every state it plays
/// to: the points whose move (removing none of the mover's stones) gives back the board of two
/// turns before (a ko retake), or an older board (a repetition); and the games it starts from
/// stones.
#[derive(Default)]
struct Counting {
    ko: AtomicU64,
    repeats: AtomicU64,
    staged: AtomicU64,
}

struct CountingRules(Arc<Counting>);

struct CountingGame {
    inner: Box<dyn Playable>,
    board: Arc<Board>,
    history: Vec<Vec<Colour>>,
    counts: Arc<Counting>,
}

impl RuleSet for CountingRules {
    fn name(&self) -> &str {
        "counting"
    }
    fn start(&self, setup: &Setup) -> Result<Box<dyn Playable>, Unsupported> {
        let inner = graphgo::engine::Engine.start(setup)?;
        if setup.initial.iter().any(|&c| c != Colour::Empty) {
            self.0.staged.fetch_add(1, Relaxed);
        }
        let history = vec![inner.observe().position];
        Ok(Box::new(CountingGame {
            inner,
            board: Arc::clone(&setup.board),
            history,
            counts: Arc::clone(&self.0),
        }))
    }
}

impl CountingGame {
    /// Counts the state just reached, point by point, by the transcription's own move.
    fn count(&self) {
        let Some(mover) = self.inner.observe().to_move else {
            return;
        };
        let n = self.history.len();
        let now = &self.history[n - 1];
        let mine = |p: &[Colour]| p.iter().filter(|&&c| c == mover.colour()).count();
        for v in (0..now.len()).filter(|&v| now[v] == Colour::Empty) {
            let mut setup = Setup::new(RuleId::Ggg1, Board::clone(&self.board));
            setup.options = free_options();
            setup.initial = now.clone();
            setup.to_move = mover;
            let mut g = graphgo::variants::Rules.start(&setup).unwrap();
            if g.play(&Turn::Move {
                player: mover,
                at: v,
            })
            .is_err()
            {
                continue;
            }
            let after = g.observe().position;
            if mine(&after) < mine(now) + 1 {
                continue; // a self-capture: its own group
            }
            if n >= 2 && after == self.history[n - 2] {
                self.counts.ko.fetch_add(1, Relaxed);
            } else if self.history[..n.saturating_sub(2)].contains(&after) {
                self.counts.repeats.fetch_add(1, Relaxed);
            }
        }
    }
}

impl Playable for CountingGame {
    fn observe(&self) -> graphgo::game::Observation {
        self.inner.observe()
    }
    fn legal_turns(&self) -> Vec<Turn> {
        self.inner.legal_turns()
    }
    fn play(&mut self, turn: &Turn) -> Result<(), graphgo::game::Illegal> {
        self.inner.play(turn)?;
        self.history.push(self.inner.observe().position);
        self.count();
        Ok(())
    }
}

/// A campaign of `games` games on `board` against [`Counting`], graphgo pinned to positional
/// superko without self-capture, setup stones taken or not: the campaign's counts and the
/// engine's own.
fn counted_campaign(
    board: Board,
    games: u64,
    setup_stones: bool,
) -> (
    graphgo::conformance::campaign::CampaignReport,
    Arc<Counting>,
) {
    use graphgo::conformance::engine::{Declared, Support};
    use graphgo::conformance::verify::{Games, VerifyPlan};
    use graphgo::game::{Options, Repetition, SelfCapture};
    let counts = Arc::new(Counting::default());
    let engine = Declared {
        rules: CountingRules(Arc::clone(&counts)),
        support: Support {
            setup_stones,
            white_first: setup_stones,
            ..Support::everything()
        },
    };
    let mut plan = VerifyPlan::new("unused");
    plan.vectors = None;
    plan.seed = 7;
    plan.games = games;
    plan.games_on = Games::Boards {
        boards: vec![Arc::new(board)],
    };
    plan.options = Some(Options {
        self_capture: SelfCapture::None,
        repetition: Repetition::Positional,
        ..Options::default()
    });
    plan.komi = Some(BigRational::from_integer(0.into()));
    let report = graphgo::conformance::campaign::campaign(&engine, &plan, &mut |_| {});
    (report, counts)
}

#[test]
fn the_steered_games_present_fifty_ko_retakes_and_repetitions_counted_as_the_engine_sees_them() {
    // 16 games on 5x5 (4 of each style; the ko and long ones open with two kos): every one
    // agrees (graphgo against itself), and the campaign's counts of ko retakes and
    // repetitions are the ones the engine's own count, by the transcription, finds.
    let (report, counts) = counted_campaign(Board::grid(5, 5).unwrap(), 16, false);
    assert_eq!(report.agreed_games, 16, "{:?}", report.stopped);
    let got = |s: Situation| report.decisive.get(&s).copied().unwrap_or(0);
    let ko = counts.ko.load(Relaxed);
    let repeats = counts.repeats.load(Relaxed);
    assert_eq!(got(Situation::KoRetake), ko);
    assert_eq!(
        got(Situation::RepeatSameToMove) + got(Situation::RepeatOtherToMove),
        repeats
    );
    // The steering's point: ko retakes at least the report's threshold for a cell in 16
    // games; whole boards given back (two kos and passes as threats) too.
    assert!(ko >= 50, "{ko} ko retakes, {repeats} repetitions");
    assert!(repeats > 0, "{ko} ko retakes, {repeats} repetitions");
    // No game starts from stones where the engine takes none.
    assert_eq!(counts.staged.load(Relaxed), 0);
    assert_eq!(got(Situation::FromSetup), 0);
}

#[test]
fn games_from_setup_stones_are_played_where_the_engine_takes_them() {
    // Of 16 games on one board, games 4 and 12 (the random style's every other game, as
    // campaign.rs says) start from a position of graphgo's own play given as setup stones.
    let (report, counts) = counted_campaign(Board::grid(5, 5).unwrap(), 16, true);
    assert_eq!(report.agreed_games, 16, "{:?}", report.stopped);
    assert_eq!(counts.staged.load(Relaxed), 2);
    let from_setup = report
        .decisive
        .get(&Situation::FromSetup)
        .copied()
        .unwrap_or(0);
    // Each state of those games with a decisive situation counts once: a game of up to 50
    // turns on 25 points, captures and self-captures on most turns.
    assert!((10..=2 * 51).contains(&from_setup), "{from_setup}");
}
