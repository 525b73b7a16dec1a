//! The conformance report (`graphgo conformance`, src/conformance/report.rs): its declarations, and
//! its HTML page loaded in a real browser (Debian's `chromium`, headless).

use std::path::{Path, PathBuf};

use graphgo::board::Board;
use graphgo::conformance::report::{classify, Group};
use graphgo::game::{Options, Player, Repetition, RuleId, SelfCapture, Setup, Turn};

use crate::chromium;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The page as chromium renders it (`--dump-dom`), or `None` with a skip message when
/// chromium is not installed.
fn rendered(page: &Path) -> Option<String> {
    let browser = chromium::browser("the conformance page")?;
    let url = format!("file://{}", page.canonicalize().unwrap().display());
    let dom = chromium::headless(&browser, &["--dump-dom".to_string()], &url);
    Some(String::from_utf8_lossy(&dom).into_owned())
}

/// Every `href="..."` of a page.
fn links(dom: &str) -> Vec<String> {
    dom.split("href=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .map(|h| h.replace("&amp;", "&"))
        .collect()
}

/// The declared implementations: the folders of adapters/ with a rules.yaml.
fn declared() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root().join("adapters"))
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.path().join("rules.yaml").is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn every_declaration_reads_and_names_its_folder() {
    let found = graphgo::conformance::report::declarations(&root().join("adapters")).unwrap();
    let names: Vec<String> = found.iter().map(|(_, d)| d.name.clone()).collect();
    assert_eq!(names, declared());
    for (path, d) in &found {
        // Every claim quotes where the implementation says so (adapters/README.md).
        for (rule, claim) in &d.rules {
            assert!(
                !claim.source.trim().is_empty(),
                "{}: rules.{rule}.source is empty",
                path.display()
            );
        }
    }
}

#[test]
fn a_bad_declaration_is_refused_naming_the_file_and_field() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("bad-adapters");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("thing")).unwrap();
    let text = std::fs::read_to_string(root().join("adapters/sgfmill/rules.yaml"))
        .unwrap()
        .replace("name: sgfmill", "name: thing")
        .replace("{value: all,", "{value: sometimes,");
    std::fs::write(dir.join("thing/rules.yaml"), text).unwrap();
    let e = graphgo::conformance::report::declarations(&dir).unwrap_err();
    assert!(e.contains("thing/rules.yaml"), "{e}");
    assert!(e.contains("rules.self_capture.value: 'sometimes'"), "{e}");
}

/// The `rules.yaml` values of the rule variants (adapters/README.md): the ko point, what a
/// pass does to it, natural situational superko, and a repetition that ends the game; each
/// read into graphgo's options for the own-rules view, and a wrong one refused by name.
#[test]
fn the_rule_variants_of_rules_yaml_read_into_graphgos_options() {
    use graphgo::game::{KoPass, Repetition, RepetitionEnd};
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("variant-adapters");
    let declare = |rules: &str| {
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("thing")).unwrap();
        let text = std::fs::read_to_string(root().join("adapters/sgfmill/rules.yaml"))
            .unwrap()
            .replace("name: sgfmill", "name: thing")
            .replace(
                "  repetition: {value: none,",
                &format!("{rules}\n  repetition0: {{value: none,"),
            );
        std::fs::write(dir.join("thing/rules.yaml"), text).unwrap();
        graphgo::conformance::report::declarations(&dir)
            .and_then(|found| found[0].1.rows()[0].own_options())
    };
    let o = declare(
        "  repetition: {value: ko-point, source: s}\n  ko_pass: {value: keeps, source: s}\n  repetition_end: {value: positional-draw, source: s}",
    )
    .unwrap();
    assert_eq!(
        (o.repetition, o.ko_pass, o.repetition_end),
        (
            Repetition::KoPoint,
            KoPass::Keeps,
            RepetitionEnd::PositionalDraw
        )
    );
    let o = declare("  repetition: {value: natural-situational, source: s}").unwrap();
    assert_eq!(
        (o.repetition, o.ko_pass, o.repetition_end),
        (
            Repetition::NaturalSituational,
            KoPass::Clears,
            RepetitionEnd::None
        )
    );
    let e = declare(
        "  repetition: {value: ko-point, source: s}\n  repetition_end: {value: draw, source: s}",
    )
    .unwrap_err();
    assert!(e.contains("rules.repetition_end.value: 'draw'"), "{e}");
    let e =
        declare("  repetition: {value: simple, source: s}\n  ko_pass: {value: keeps, source: s}")
            .unwrap_err();
    assert!(e.contains("rules.ko_pass.value: 'keeps'"), "{e}");
}

/// A komi that is a number is the one komi a row plays (dlgo's `compute_game_result` fixes
/// 7.5); a word that is neither `any`, `unclaimed` nor a number is refused by name. A
/// configuration's `not_compared` is added to the implementation's (sente's territory rows
/// compare no score; its `chinese` row does).
#[test]
fn a_fixed_komi_and_a_configurations_not_compared_are_read() {
    use num_rational::BigRational;
    let found = graphgo::conformance::report::declarations(&root().join("adapters")).unwrap();
    let rows = |name: &str| {
        found
            .iter()
            .find(|(_, d)| d.name == name)
            .unwrap_or_else(|| panic!("adapters/{name}/rules.yaml"))
            .1
            .rows()
    };
    assert_eq!(
        rows("dlgo")[0].fixed_komi(),
        Some(BigRational::new(15.into(), 2.into()))
    );
    assert_eq!(rows("sgfmill")[0].fixed_komi(), None);
    for row in rows("sente") {
        let not = row.not_compared();
        let territory = row.rule("scoring") == "territory";
        assert_eq!(
            not.contains_key("final_score"),
            territory,
            "{}",
            row.title()
        );
    }
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("komi-adapters");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("thing")).unwrap();
    let text = std::fs::read_to_string(root().join("adapters/dlgo/rules.yaml"))
        .unwrap()
        .replace("name: dlgo", "name: thing")
        .replace("{value: 7.5,", "{value: lots,");
    std::fs::write(dir.join("thing/rules.yaml"), text).unwrap();
    let e = graphgo::conformance::report::declarations(&dir).unwrap_err();
    assert!(
        e.contains("rules.komi.value: 'lots' is not any, unclaimed, or a number"),
        "{e}"
    );
}

#[test]
fn the_committed_page_shows_the_matrix_in_chromium_and_its_links_resolve() {
    let page = root().join("spec/conformance.html");
    assert!(
        page.is_file(),
        "spec/conformance.html: run graphgo conformance"
    );
    let Some(dom) = rendered(&page) else { return };
    // Both views are there, each a table with one row per declared implementation.
    for id in ["own-rules", "tromp-taylor"] {
        let start = dom
            .find(&format!("id=\"{id}\""))
            .unwrap_or_else(|| panic!("no matrix {id} in the rendered page"));
        let table = &dom[start..start + dom[start..].find("</table>").unwrap()];
        for name in declared() {
            // A folder with configurations has a row per configuration ("katago, chinese").
            assert!(
                table.contains(&format!("<th>{name} ")) || table.contains(&format!("<th>{name}, ")),
                "matrix {id} has no row for {name}"
            );
        }
        assert!(table.contains("capture") && table.contains("positional superko"));
    }
    // Every link leads to a file beside the page (no network).
    let spec = root().join("spec");
    for href in links(&dom) {
        assert!(
            !href.contains("://"),
            "{href}: the page must not leave the repository"
        );
        let target = spec.join(href.split('#').next().unwrap());
        assert!(
            target.is_file(),
            "{href}: no such file ({})",
            target.display()
        );
    }
}

// The classification of a disagreement into a behaviour group (`conformance::classify`, the
// table `GROUPS`), on positions worked by hand.

fn grid_setup(n: usize) -> Setup {
    Setup::new(RuleId::Ggg1, Board::grid(n, n).unwrap())
}

fn mv(board: &Board, player: Player, name: &str) -> Turn {
    Turn::Move {
        player,
        at: board.vertex(name).unwrap(),
    }
}

#[test]
fn a_lone_suicide_is_a_lone_self_capture_where_forbidden() {
    // 3x3: Black A2, B1; White's A1 has no liberty and captures nothing.
    let setup = grid_setup(3);
    let b = &setup.board;
    let prefix = [
        mv(b, Player::Black, "A2"),
        Turn::Pass {
            player: Player::White,
        },
        mv(b, Player::Black, "B1"),
    ];
    let turn = mv(b, Player::White, "A1");
    let none = Options {
        self_capture: SelfCapture::None,
        ..Options::default()
    };
    assert_eq!(
        classify(&setup, &prefix, Some(&turn), none),
        Group::LoneSelfCapture
    );
    // Allowed, it gives back the board of one turn before and changes nothing: the
    // lone self-capture that positional superko forbids.
    assert_eq!(
        classify(&setup, &prefix, Some(&turn), Options::default()),
        Group::LoneSelfCapture
    );
}

#[test]
fn an_older_board_given_back_is_superko() {
    // A line of three points, A1 B1 C1 (worked by hand): B A1, W C1 ({A1: B, C1: W});
    // B B1 takes C1; W C1 takes A1 and B1; B A1 gives back the board of turn 2, three
    // turns before, removing nothing of its own.
    let setup = Setup::new(RuleId::Ggg1, Board::grid(3, 1).unwrap());
    let b = &setup.board;
    use Player::{Black as B, White as W};
    let prefix = [
        mv(b, B, "A1"),
        mv(b, W, "C1"),
        mv(b, B, "B1"),
        mv(b, W, "C1"),
    ];
    let turn = mv(b, B, "A1");
    assert_eq!(
        classify(&setup, &prefix, Some(&turn), Options::default()),
        Group::PositionalSuperko
    );
    let situational = Options {
        repetition: Repetition::Situational,
        ..Options::default()
    };
    assert_eq!(
        classify(&setup, &prefix, Some(&turn), situational),
        Group::SituationalSuperko
    );
}

#[test]
fn an_immediate_retake_is_simple_ko_and_a_pass_is_the_end() {
    // Worked by hand on 4x4 (rows from the bottom):
    //   row 2: B  W  .  .      Black A2, B1; White B2, C1; Black passes;
    //   row 1: W  B  W  .      White A1 takes B1 (its liberties A1, C1, B2 all White's).
    // Black B1 then takes A1 back and gives the board of two turns before.
    let setup = grid_setup(4);
    let b = &setup.board;
    let p = |pl, n| mv(b, pl, n);
    use Player::{Black as B, White as W};
    let prefix = vec![
        p(B, "A2"),
        p(W, "B2"),
        p(B, "B1"),
        p(W, "C1"),
        Turn::Pass { player: B },
        p(W, "A1"),
    ];
    // Black B1 retakes A1 at once: the board of two turns before.
    let retake = p(B, "B1");
    assert_eq!(
        classify(&setup, &prefix, Some(&retake), Options::default()),
        Group::SimpleKo
    );
    let pass = Turn::Pass { player: B };
    assert_eq!(
        classify(&setup, &prefix, Some(&pass), Options::default()),
        Group::PassesAndEnd
    );
    // A plain move on an empty point: capture (the catch-all).
    assert_eq!(
        classify(&setup, &prefix, Some(&p(B, "D4")), Options::default()),
        Group::Capture
    );
}

/// A folder holding one `rules.yaml` made from sgfmill's with `edit` applied; the
/// declarations read from it.
fn declared_with(
    folder: &str,
    edit: impl Fn(String) -> String,
) -> Result<Vec<graphgo::conformance::report::Declaration>, String> {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(folder);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("thing")).unwrap();
    let text = std::fs::read_to_string(root().join("adapters/sgfmill/rules.yaml"))
        .unwrap()
        .replace("name: sgfmill", "name: thing");
    std::fs::write(dir.join("thing/rules.yaml"), edit(text)).unwrap();
    graphgo::conformance::report::declarations(&dir)
        .map(|found| found.into_iter().map(|(_, d)| d).collect())
}

#[test]
fn each_configuration_is_a_row_with_its_own_rules_and_arguments() {
    let found = declared_with("configured-adapters", |text| {
        text + "configurations:\n  - name: no-suicide\n    args: [--no-suicide]\n    gtp: [\"set_rule suicide off\"]\n    rules:\n      self_capture: {value: none, source: \"the switch\"}\n  - name: plain\n    games: 7\n"
    })
    .unwrap();
    let rows = found[0].rows();
    let titles: Vec<String> = rows.iter().map(|r| r.title()).collect();
    assert_eq!(titles, ["thing, no-suicide", "thing, plain"]);
    // The configuration's claim replaces the implementation's (sgfmill allows every
    // self-capture); the other claims stay.
    assert_eq!(rows[0].rule("self_capture"), "none");
    assert_eq!(rows[1].rule("self_capture"), "all");
    assert_eq!(rows[0].rule("turn_order"), rows[1].rule("turn_order"));
    assert_eq!(
        rows[0].own_options().unwrap().self_capture,
        SelfCapture::None
    );
    assert_eq!(
        rows[1].own_options().unwrap().self_capture,
        SelfCapture::All
    );
    // Its words follow the command; its GTP commands are the ones declared.
    assert_eq!(
        rows[0].command().last().map(String::as_str),
        Some("--no-suicide")
    );
    assert_eq!(rows[0].gtp_setup(), ["set_rule suicide off"]);
    // A configuration's own count of games replaces the implementation's (sgfmill's: none,
    // so the default 50).
    assert_eq!(rows[0].games(), 50);
    assert_eq!(rows[1].games(), 7);
    assert!(rows[1].gtp_setup().is_empty());
    assert_eq!(
        rows[0].findings_folder(),
        PathBuf::from("thing").join("no-suicide")
    );
}

#[test]
fn a_configuration_with_a_bad_value_or_name_is_refused_naming_it() {
    let e = declared_with("bad-configuration", |text| {
        text + "configurations:\n  - name: odd\n    rules:\n      repetition: {value: sometimes, source: x}\n"
    })
    .unwrap_err();
    assert!(
        e.contains("configurations[odd].rules.repetition.value: 'sometimes'"),
        "{e}"
    );
    let e = declared_with("twice-configuration", |text| {
        text + "configurations:\n  - name: a\n  - name: a\n"
    })
    .unwrap_err();
    assert!(e.contains("'a' is named twice"), "{e}");
    let e = declared_with("bad-rectangles", |text| {
        text.replace("rectangular: false", "rectangular: {min: 3, max: 2}")
    })
    .unwrap_err();
    assert!(e.contains("boards.rectangular: 3..2"), "{e}");
}

#[test]
fn the_committed_markdown_and_page_are_the_ones_its_json_gives() {
    // `graphgo conformance --check` (CI) compares the JSON with a fresh run; the Markdown and
    // the page are functions of the JSON, so a hand edit of either shows here.
    let spec = root().join("spec");
    let text = std::fs::read_to_string(spec.join("conformance.json")).unwrap();
    let committed: graphgo::conformance::report::ConformanceReport =
        serde_json::from_str(&text).unwrap();
    for (name, want) in committed.files().unwrap() {
        let got = std::fs::read_to_string(spec.join(name)).unwrap();
        assert!(
            got == want,
            "spec/{name} is not the file its JSON gives: run graphgo conformance"
        );
    }
}

#[test]
fn a_timing_in_the_json_reads_back_to_the_same_number() {
    // serde_json's default float parser read this timing of a report (turns_per_second,
    // regenerated 27 November 2026) one ulp off, so the committed JSON, written again from
    // its own parse, differed from the file: Cargo.toml turns on `float_roundtrip`.
    let timing: f64 = 2_544.628_898_227_634_6;
    let text = serde_json::to_string(&timing).unwrap();
    let back: f64 = serde_json::from_str(&text).unwrap();
    assert_eq!(
        back.to_bits(),
        timing.to_bits(),
        "{text} read back as {back}"
    );
}

// A cell's count and its evidence (issue 28): a diverging game of the random games and the
// finding shrunk from it are counted in the same cell, the group of the SHRUNK game (the
// record a maintainer reads); a cell counts games not shrunk only beside findings of its own.

/// graphgo's engine blind to every repetition rule (it plays as `repetition: none` whatever
/// it is told), like GNU Go's superko check that misses a self-capture: its games diverge at
/// repetitions that graphgo's shrinking often turns into another group than the game's (a
/// long superko cycle shrunk into a lone self-capture that gives the board back at once).
struct BlindToRepetition;

impl graphgo::game::RuleSet for BlindToRepetition {
    fn name(&self) -> &str {
        "blind to repetition"
    }
    fn start(
        &self,
        setup: &Setup,
    ) -> Result<Box<dyn graphgo::game::Playable>, graphgo::game::Unsupported> {
        let mut blind = setup.clone();
        blind.options.repetition = Repetition::None;
        graphgo::game::RuleSet::start(&graphgo::engine::Engine, &blind)
    }
}

#[test]
fn a_cell_that_counts_diverging_games_shows_findings_of_its_own() {
    // A row that claims positional superko and every self-capture (Tromp-Taylor's), played by
    // an engine with no repetition rule: GNU Go's tromp-taylor row, whose positional-superko
    // cell read "1 more game diverging" with no finding (the game counted under the group of
    // its divergence as played, its finding filed under the group of the shrunk game).
    let found = declared_with("blind-to-repetition", |text| {
        text.replace(
            "repetition: {value: none,",
            "repetition: {value: positional,",
        )
        .replace("square: {min: 2, max: 25}", "square: {min: 2, max: 5}")
            + "games: 120\n"
    })
    .unwrap();
    let row = &found[0].rows()[0];
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("blind-to-repetition-out");
    let _ = std::fs::remove_dir_all(&out);
    let plan = graphgo::conformance::report::ConformancePlan {
        root: root(),
        out: out.clone(),
        seed: 1,
        only: None,
    };
    let engine = graphgo::conformance::engine::Declared {
        rules: BlindToRepetition,
        support: graphgo::conformance::engine::Support::everything(),
    };
    let reported =
        graphgo::conformance::report::run_in_process(&plan, row, &engine, None, &mut |_| {})
            .unwrap();
    let mut counted = 0;
    for view in &reported.views {
        assert!(view.cap.is_none(), "the cap bit: {:?}", view.cap);
        for (group, cell) in &view.cells {
            counted += cell.more_divergences;
            // A cell that counts diverging games shows a finding of its own: the games it
            // counts shrank to one of its findings, or were not shrunk once it held two.
            assert!(
                cell.more_divergences == 0 || cell.findings > 0,
                "{:?} view, {group:?}: {} more games diverging and no finding",
                view.view,
                cell.more_divergences
            );
            if cell.failed() {
                let details = cell.details.as_ref().unwrap_or_else(|| {
                    panic!(
                        "{:?} view, {group:?}: a failed cell with no details",
                        view.view
                    )
                });
                let text = std::fs::read_to_string(out.join(details)).unwrap();
                assert_eq!(
                    text.matches("- finding `").count(),
                    cell.findings,
                    "{details}: not the cell's findings"
                );
            }
        }
    }
    // The engine departs often enough that some games are counted, not listed.
    assert!(
        counted > 0,
        "no game was left unlisted: the test shows nothing"
    );
}
