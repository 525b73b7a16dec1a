//! The `graphgo` command line.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use graphgo::bench::GraphKind;
use graphgo::io::record::Record;
use graphgo::io::replay::replay;
use graphgo::spec::Spec;

#[derive(Parser)]
#[command(
    name = "graphgo",
    version,
    about = "The rules of Go as mathematicians write them, on any graph"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Replay a game record under its rules: every turn, the result.
    ///
    /// Replay a game record (YAML or JSON) under its rules: every turn, the final position, the result.
    /// Exit status 0 when every turn is legal, 1 at an illegal turn, 2 for bad input.
    ///
    /// An SGF file (`.sgf`) is read too: its main variation, played under --rules (default
    /// ggg1) and the rule options given here (SGF's RU is not read).
    Play {
        /// The record file (YAML, JSON, or SGF when it ends in .sgf; `-`: read it from
        /// standard input, SGF when it starts with `(`).
        file: PathBuf,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Also say, for every turn, which clauses acted and what each did, and how the
        /// scores were counted (in the JSON: the field "explain").
        #[arg(long)]
        explain: bool,
        #[command(flatten)]
        sgf: SgfRules,
    },
    /// Compare the spec and the engine on a game record, turn by turn.
    ///
    /// Replay a game record through the spec and the engine, comparing everything observable
    /// after every turn (position, player to move, prisoners, result, legal turns, refusals).
    /// Exit status 0 when they agree, 1 when they diverge (the first divergence is printed),
    /// 2 for bad input.
    Check {
        /// The record file (`-`: read it from standard input).
        file: PathBuf,
        /// Also shrink the divergence and write the minimized record to this file (and, for
        /// a game on a grid, a case shrunk on grids only as SGF, with the extension .sgf).
        #[arg(long, value_name = "OUT")]
        shrink: Option<PathBuf>,
        /// Print one JSON object instead of text (spec/FORMAT.md, "graphgo check --json").
        #[arg(long)]
        json: bool,
    },
    /// A differential campaign: random games, spec against engine.
    ///
    /// A differential campaign: random boards, setups and turns played through the spec and
    /// the engine. Every divergence is shrunk and written to --out as a game record.
    /// Exit status 0 when none is found, 1 otherwise, 2 for bad arguments.
    Fuzz {
        /// The campaign's seed (default: from the clock, printed at the start).
        #[arg(long)]
        seed: Option<u64>,
        /// Run for this many seconds (default 60).
        #[arg(long, value_name = "SECS", conflicts_with_all = ["games", "game"])]
        time: Option<u64>,
        /// Run this many games (of this shard).
        #[arg(long, conflicts_with = "game")]
        games: Option<u64>,
        /// Replay only game I of the campaign (as named in a divergence report).
        #[arg(long, value_name = "I")]
        game: Option<u64>,
        /// Play only part K of N of the campaign (games i with i mod N = K - 1). Without it,
        /// the shard is taken from a Slurm array (SLURM_ARRAY_TASK_ID, _MIN, _MAX) or a
        /// Kubernetes Indexed Job (JOB_COMPLETION_INDEX and GRAPHGO_SHARD_COUNT), else 1/1.
        #[arg(long, value_name = "K/N")]
        shard: Option<String>,
        /// Where findings and the shard's summary are written (created if missing).
        #[arg(long, value_name = "DIR", default_value = "fuzz-divergences")]
        out: PathBuf,
        /// How many comparisons shrinking may run for each divergence.
        #[arg(long, value_name = "N", default_value_t = 2000)]
        shrink_budget: usize,
        /// Stop once this many signatures (kinds of divergence) were found.
        #[arg(long, value_name = "N", default_value_t = graphgo::differential::fuzz::DEFAULT_MAX_FINDINGS)]
        max_findings: usize,
        /// Print JSON lines instead of text: one {"finding": ...} per new signature, then
        /// one {"summary": ...} (spec/FORMAT.md, "Campaign summaries").
        #[arg(long)]
        json: bool,
        /// Compare the spec with a side broken on purpose (testing the campaign itself).
        #[arg(long, hide = true, value_name = "NAME")]
        planted_bug: Option<String>,
    },
    /// Replay every SGF file in a folder and measure the replay speed.
    ///
    /// Replay every SGF file in a folder (complete games only, unless --all) under Tromp-Taylor
    /// rules (ggg1, neutral none, all self-capture, positional superko; the flags change
    /// them) through the engine and, with --spec, the transcription too. Prints each refused
    /// move and the replay speed (moves per second, single thread).
    /// Exit status 0 when every move is legal, 1 otherwise, 2 for bad input.
    ReplayDir {
        /// The folder of .sgf files.
        dir: PathBuf,
        /// Also replay through the transcription (slow on 19x19).
        #[arg(long)]
        spec: bool,
        /// Replay problem positions too, not only complete games.
        #[arg(long)]
        all: bool,
        #[command(flatten)]
        rules: SgfRules,
    },
    /// Verify a GTP engine against graphgo on random and long games.
    ///
    /// Verify a GTP engine against graphgo: random and long games on square boards, the
    /// engine's stones and legal moves compared with graphgo's (ggg1 with the options given,
    /// which should match the engine's: see spec/engines/gnugo.md) after every turn. Every
    /// disagreement is shrunk and written to --out as a record (YAML) and an SGF file.
    /// Exit status 0 when they agree, 1 on disagreements, 2 for bad arguments, 3 when the
    /// engine hangs, crashes or does not speak GTP.
    ///
    /// Example: graphgo verify-gtp --self-capture none --repetition simple -- gnugo --mode gtp
    VerifyGtp {
        /// Board sides (square grids, 2 to 25; comma-separated).
        #[arg(long, value_delimiter = ',', default_values_t = [5, 7, 9])]
        size: Vec<usize>,
        /// Games per board size (every third one long, without passes).
        #[arg(long, default_value_t = 6)]
        games: usize,
        /// The most turns a game is played for.
        #[arg(long, default_value_t = 400)]
        max_turns: usize,
        /// Seed of the random games.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Seconds to wait for any one answer before the engine is killed as hung.
        #[arg(long, value_name = "SECS", default_value_t = 10.0)]
        timeout: f64,
        /// Seconds to wait for the engine's first answer (engines that load a network or an
        /// opening book start slowly).
        #[arg(long, value_name = "SECS", default_value_t = 60.0)]
        startup_timeout: f64,
        /// Komi sent to the engine and used by graphgo (exact: 7.5, 15/2).
        #[arg(long, default_value = "0")]
        komi: String,
        /// Where minimized disagreements are written.
        #[arg(long, value_name = "DIR", default_value = "verify-gtp-findings")]
        out: PathBuf,
        /// Stop after this many disagreements.
        #[arg(long, default_value_t = 5)]
        max_findings: usize,
        /// Comparisons the shrinker may run for each disagreement.
        #[arg(long, default_value_t = 300)]
        shrink_budget: usize,
        /// graphgo's self-capture rule to compare with: all, multi or none.
        #[arg(long, default_value = "all")]
        self_capture: String,
        /// graphgo's repetition rule to compare with: positional, situational, simple, none.
        #[arg(long, default_value = "positional")]
        repetition: String,
        /// Print the report as one JSON object (the summary, each finding, the engine's
        /// failure) instead of text.
        #[arg(long)]
        json: bool,
        /// The engine's command line, after `--`.
        #[arg(last = true, required = true, value_name = "ENGINE")]
        engine: Vec<String>,
    },
    /// Be a GTP engine that referees: refuses illegal moves by clause.
    ///
    /// Be a GTP engine that referees (General Graph Go on square grids up to 25x25): play
    /// refuses an illegal move and names the clause, is_legal, all_legal, list_stones,
    /// showboard, final_score, undo, loadsgf, and genmove plays a uniformly random legal move.
    ///
    /// Example: gogui-twogtp -referee "graphgo gtp --self-capture none --repetition simple" ...
    Gtp {
        /// The rule set: ggg1, ggg2 or ggg3.
        #[arg(long, default_value = "ggg1")]
        rules: String,
        /// Self-capture: all, multi or none.
        #[arg(long, default_value = "all")]
        self_capture: String,
        /// Repetition rule: positional, situational, simple or none.
        #[arg(long, default_value = "positional")]
        repetition: String,
        /// Reading 1 (ggg1 scoring of empty regions that touch no stone): both or none.
        #[arg(long, default_value = "both")]
        neutral: String,
        /// Seed of genmove's random moves.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// dir:NOTE-pairs: the longest games on N isolated pairs of points.
    ///
    /// dir:NOTE-pairs: on N isolated pairs of points, the longest game without passes under
    /// positional superko and the fewest moves before the directed rules' loop can begin,
    /// for N = 1 .. MAX, by exhaustive search (N = 4 takes minutes).
    Pairs {
        /// The largest N.
        #[arg(long, default_value_t = 3)]
        max: usize,
        /// Stop each search after this many seconds (its value is then a lower bound, marked >=).
        #[arg(long, default_value_t = 60)]
        seconds: u64,
    },
    /// Measure the engine and the transcription, single thread.
    ///
    /// Measure the engine, single thread: light random playouts (ns per move, playouts per
    /// second, mean moves and Black's win rate at komi 7.5), and the transcription replaying
    /// the same games.
    Bench {
        /// Playouts per grid suite.
        #[arg(long, default_value_t = 20_000)]
        playouts: u64,
        /// Grid sizes (repeat or comma-separate: --size 9,19).
        #[arg(long, value_delimiter = ',', default_values_t = [9, 19])]
        size: Vec<usize>,
        /// Suites to run: light, ggg1, graph (uniform random graph), bfs (the same graph
        /// renumbered breadth-first), geometric (random geometric graph), regular (random
        /// 4-regular graph), spec (comma-separated). The uniform and geometric graphs are not
        /// run by default: their playouts do not end, and reach the turn cap in minutes.
        #[arg(long, value_delimiter = ',', default_values_t = ["light".to_string(), "ggg1".to_string(), "regular".to_string(), "spec".to_string()])]
        suites: Vec<String>,
        /// Vertices of the random graphs (average degree about 4); several, comma-separated,
        /// measure how the cost of a move grows with the board (--graph-vertices
        /// 16384,65536,262144,1048576); 0 skips the graphs.
        #[arg(long, value_delimiter = ',', default_values_t = [1_000_000])]
        graph_vertices: Vec<usize>,
        /// Games the transcription replays.
        #[arg(long, default_value_t = 3)]
        replay_games: usize,
        /// Seed of the playouts' random numbers.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Play the random graphs without fetching the coming draws' memory early (to
        /// measure what the prefetching gains; the games are the same).
        #[arg(long)]
        no_prefetch: bool,
        /// Play the random graphs with boards that relabel their chains on a merge instead
        /// of linking them (to measure what the linking gains; the games are the same).
        #[arg(long)]
        no_link: bool,
    },
    /// Check the spec against the engine on every game on small boards.
    ///
    /// Exhaustive small-scope checking: the spec against the engine on every game up to a
    /// depth on every small board of each family (every graph up to isomorphism, grids and
    /// tori up to 3x3, every go-space, small MANGO boards, every digraph), under every rule
    /// setup, with the sources' invariants checked after every turn. Prints what it covered;
    /// every divergence is shrunk and written to --out as a record.
    /// Exit status 0 when none is found, 1 otherwise, 2 for bad arguments.
    Exhaust {
        /// ci (what .ci/run runs, a few minutes) or long (the documented longer run).
        #[arg(long, default_value = "ci")]
        scope: String,
        /// Only these families (comma-separated): graphs, lattices, spaces, mango, directed.
        #[arg(long, value_delimiter = ',')]
        families: Vec<String>,
        /// Instead of the scope, walk these (repeat): FAMILY:FROM-TO:DEPTH, e.g. graphs:6-6:2
        /// (every graph on 6 vertices, games of up to 2 turns).
        #[arg(long, value_name = "REACH")]
        reach: Vec<String>,
        /// Walk only part K of N of the setups (setups i with i mod N = K - 1); without it,
        /// the shard is taken from a Slurm or Kubernetes job array, as for fuzz.
        #[arg(long, value_name = "K/N")]
        shard: Option<String>,
        /// Where findings are written.
        #[arg(long, value_name = "DIR", default_value = "exhaust-findings")]
        out: PathBuf,
        /// How many comparisons shrinking may run for each divergence.
        #[arg(long, value_name = "N", default_value_t = 500)]
        shrink_budget: usize,
    },
    /// Reproduce the numbers published about small boards.
    ///
    /// The numbers published about small boards (legal positions on grids, paths and cycles,
    /// Farnebäck's game graphs, the values of 2x2 Go and of linear Go), computed through
    /// graphgo's rules and printed beside the published ones (spec/tables.md). Exit status 0
    /// when all agree.
    Tables {
        /// Also the slow rows (4x4 grid, longer paths and cycles, larger game graphs: minutes).
        #[arg(long)]
        all: bool,
    },
    /// Check, write or regenerate conformance vectors.
    ///
    /// Conformance vectors (spec/FORMAT.md, "Conformance vectors"): check a directory of
    /// them against the spec and the engine, write one from a record, or regenerate the
    /// generated families.
    Vectors {
        #[command(subcommand)]
        action: VectorsAction,
    },
    /// Put the shards of a campaign together in one summary.
    ///
    /// Put the shards of a campaign together: reads the summaries (summary-*.json) in every
    /// folder given, prints one summary with the findings grouped by signature across the
    /// shards and the coverage added up, and names the shards that are missing or
    /// unfinished. With --out, copies the record of each group there and writes the merged
    /// summary as merged-seedS.json. Exit status 0 when the campaign found nothing, 1 when
    /// it found divergences, 2 for bad input, 5 when shards are missing or unfinished (and
    /// nothing was found).
    Merge {
        /// The shard folders (the --out of each shard).
        #[arg(required = true, value_name = "DIR")]
        dirs: Vec<PathBuf>,
        /// Where to copy the records and write the merged summary (created if missing).
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
        /// Print the merged summary as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Write the conformance report of other implementations.
    ///
    /// The conformance report of other implementations of the rules (issue 17): every
    /// adapters/*/rules.yaml driven through the GTP subset of adapters, the conformance
    /// vectors that apply and seeded random games within a time budget each, graphgo set to
    /// the implementation's declared rules and to Tromp-Taylor. Writes
    /// spec/conformance.{md,json,html} and the findings under spec/engines/findings/NAME/.
    /// An implementation that departs is a result (exit 0); exit 2 when the report cannot be
    /// produced (a bad rules.yaml, no vectors).
    Conformance {
        /// Seconds for each implementation, both views together.
        #[arg(long, value_name = "SECS", default_value_t = graphgo::conformance::report::DEFAULT_BUDGET)]
        budget: u64,
        /// Run this implementation only (a folder name under adapters/).
        #[arg(long, value_name = "NAME")]
        only: Option<String>,
        /// Seed of the random games.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The repository's root (holding adapters/ and spec/).
        #[arg(long, value_name = "DIR", default_value = ".")]
        root: PathBuf,
    },
    /// Draw a position of a game record: SVG, DOT or HTML.
    ///
    /// Draw the position after a turn of a game record (YAML, JSON or SGF): every kind of
    /// board, with seams, layers, placements, arcs and weights; the last turn, the stones it
    /// removed and the points a repetition rule forbids next are marked.
    /// Exit status 0, or 2 for bad input (a turn past the end names the number of turns).
    Show {
        /// The record file (YAML, JSON, or SGF when it ends in .sgf; `-`: read it from
        /// standard input, SGF when it starts with `(`).
        file: PathBuf,
        /// The position after this many turns (0: the setup; default: the end).
        #[arg(long, value_name = "N")]
        turn: Option<usize>,
        /// What to write: svg (a picture), dot (Graphviz) or html (a viewer).
        #[arg(long, value_enum, default_value_t = graphgo::show::Format::Svg)]
        format: graphgo::show::Format,
        /// Write to this file (whole or not at all) instead of standard output.
        #[arg(long, short, value_name = "FILE")]
        out: Option<PathBuf>,
        #[command(flatten)]
        sgf: SgfRules,
    },
}

#[derive(Subcommand)]
enum VectorsAction {
    /// Check every vector under DIR against the spec and the engine.
    ///
    /// Run every vector under DIR against the spec and the engine and print a per-clause
    /// summary. Exit status 0 when all pass, 1 on a failure, 2 for bad input.
    Check {
        /// The directory (searched recursively for .yaml, .yml and .json files).
        dir: PathBuf,
        /// Print one JSON object instead of text (spec/FORMAT.md, "graphgo vectors check
        /// --json").
        #[arg(long)]
        json: bool,
    },
    /// Write a vector from a game record.
    ///
    /// Write a vector from a game record: expectations derived by the spec and confirmed by
    /// the engine. Exit status 0 when written, 1 when the spec and the engine disagree, 2 for
    /// bad input.
    New {
        /// The record file.
        record: PathBuf,
        /// Where to write the vector (default: standard output).
        #[arg(long, short)]
        out: Option<PathBuf>,
        /// The vector's id (default: the record's file name without extension).
        #[arg(long)]
        id: Option<String>,
        /// A clause id the vector exercises (repeat; the clauses seen in play are added).
        #[arg(long = "clause", value_name = "ID")]
        clauses: Vec<String>,
        /// A note (why the vector is right, what it shows).
        #[arg(long)]
        note: Option<String>,
        /// How the expectations were checked (default: "spec and engine"; write "by hand"
        /// only after working every field out from the rules).
        #[arg(long, value_name = "HOW")]
        checked: Option<String>,
    },
    /// Regenerate the generated families of vectors into DIR.
    ///
    /// One file per vector, each written whole (through a temporary file and a rename).
    Generate {
        /// The output directory.
        dir: PathBuf,
    },
}

fn main() -> ExitCode {
    let cli = Cli::try_parse().unwrap_or_else(|e| {
        // A usage error as JSON when --json was given (spec/FORMAT.md, "Errors as JSON");
        // help and version are printed as usual.
        if e.use_stderr() && graphgo::io::json_error::asked_for_json(std::env::args_os()) {
            println!("{}", graphgo::io::json_error::usage_error(&e));
            std::process::exit(2);
        }
        e.exit()
    });
    match cli.command {
        Command::Play {
            file,
            json,
            explain,
            sgf,
        } => play(&file, json, explain, &sgf),
        Command::Check { file, shrink, json } => check(&file, shrink.as_deref(), json),
        Command::Fuzz {
            seed,
            time,
            games,
            game,
            shard,
            out,
            shrink_budget,
            max_findings,
            json,
            planted_bug,
        } => fuzz(
            seed,
            time,
            games,
            game,
            shard.as_deref(),
            out,
            shrink_budget,
            max_findings,
            json,
            planted_bug.as_deref(),
        ),
        Command::ReplayDir {
            dir,
            spec,
            all,
            rules,
        } => replay_dir(&dir, spec, all, &rules),
        Command::VerifyGtp {
            size,
            games,
            max_turns,
            seed,
            timeout,
            startup_timeout,
            komi,
            out,
            max_findings,
            shrink_budget,
            self_capture,
            repetition,
            json,
            engine,
        } => {
            let rules = SgfRules {
                rules: None,
                neutral: None,
                self_capture: Some(self_capture),
                repetition: Some(repetition),
                no_move: None,
            };
            verify_gtp(
                size,
                games,
                max_turns,
                seed,
                [timeout, startup_timeout],
                &komi,
                out,
                max_findings,
                shrink_budget,
                &rules,
                &engine,
                json,
            )
        }
        Command::Gtp {
            rules,
            self_capture,
            repetition,
            neutral,
            seed,
        } => gtp_referee(
            SgfRules {
                rules: Some(rules),
                neutral: Some(neutral),
                self_capture: Some(self_capture),
                repetition: Some(repetition),
                no_move: None,
            },
            seed,
        ),
        Command::Pairs { max, seconds } => pairs(max, seconds),
        Command::Bench {
            playouts,
            size,
            suites,
            graph_vertices,
            replay_games,
            seed,
            no_prefetch,
            no_link,
        } => bench(
            playouts,
            size,
            &suites,
            graph_vertices,
            replay_games,
            seed,
            [!no_prefetch, !no_link],
        ),
        Command::Vectors { action } => vectors(action),
        Command::Merge { dirs, out, json } => merge(&dirs, out.as_deref(), json),
        Command::Conformance {
            budget,
            only,
            seed,
            root,
        } => conformance(budget, only, seed, root),
        Command::Show {
            file,
            turn,
            format,
            out,
            sgf,
        } => show(&file, turn, format, out.as_deref(), &sgf),
        Command::Exhaust {
            scope,
            families,
            reach,
            shard,
            out,
            shrink_budget,
        } => graphgo::differential::exhaust::command(
            &scope,
            &families,
            &reach,
            shard.as_deref(),
            out,
            shrink_budget,
        ),
        Command::Tables { all } => graphgo::tables::command(all),
    }
}

fn merge(dirs: &[PathBuf], out: Option<&Path>, json: bool) -> ExitCode {
    use graphgo::differential::campaign;
    let store = match out
        .map(graphgo::differential::findings::Store::open)
        .transpose()
    {
        Ok(s) => s,
        Err(e) => return fail_as(json, None, format!("--out {e}")),
    };
    let mut merged = match campaign::merge(dirs) {
        Ok(m) => m,
        Err(e) => return fail_as(json, None, e),
    };
    if let Some(store) = &store {
        match campaign::write_merged(&mut merged, store) {
            Ok(path) => eprintln!("graphgo merge: wrote {}", path.display()),
            Err(e) if json => {
                println!("{}", graphgo::io::json_error::error(None, &e.to_string()));
                return ExitCode::from(4);
            }
            Err(e) => {
                eprintln!("graphgo merge: {e}");
                return ExitCode::from(4);
            }
        }
    }
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(&merged).expect("a merged summary prints")
        );
    } else {
        print!("{}", merged.text());
    }
    if merged.divergences > 0 {
        ExitCode::from(1)
    } else if !merged.complete() {
        ExitCode::from(5)
    } else {
        ExitCode::SUCCESS
    }
}

fn pairs(max: usize, seconds: u64) -> ExitCode {
    use graphgo::spec::pairs::{longest_superko_game_within, loop_start};
    if !(1..=5).contains(&max) {
        return fail(format!("--max: {max} is not from 1 to 5"));
    }
    println!(
        "{:>2} {:>10} {:>26} {:>24}",
        "N", "positions", "longest superko game", "directed loop start"
    );
    for n in 1..=max {
        if let Some(length) = graphgo::spec::pairs::longest_by_witness(n) {
            // A game through every position, replayed by the crate: the most there can be.
            println!(
                "{n:>2} {:>10} {:>26} {:>24}",
                5usize.pow(n as u32),
                format!("{length} (witness)"),
                loop_start(n)
            );
            continue;
        }
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(seconds);
        let quick = graphgo::spec::pairs::long_superko_game_by_restarts(n, 300, 20_000);
        let found = if quick + 1 == 5usize.pow(n as u32) {
            graphgo::spec::pairs::Longest {
                length: quick,
                exhaustive: true,
            }
        } else {
            let f = longest_superko_game_within(n, Some(deadline));
            graphgo::spec::pairs::Longest {
                length: f.length.max(quick),
                exhaustive: f.exhaustive,
            }
        };
        let longest = if found.exhaustive {
            found.length.to_string()
        } else {
            // A game visits each of the 5^N positions at most once: 5^N - 1 moves at most.
            format!(
                ">= {}, <= {} (stopped after {seconds} s)",
                found.length,
                5usize.pow(n as u32) - 1
            )
        };
        println!(
            "{n:>2} {:>10} {longest:>26} {:>24}",
            5usize.pow(n as u32),
            loop_start(n)
        );
    }
    ExitCode::SUCCESS
}

fn fail(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("graphgo: {message}");
    ExitCode::from(2)
}

/// `graphgo show`: the record is read as `play` reads it; the picture is `graphgo::show`'s.
fn show(
    file: &Path,
    turn: Option<usize>,
    format: graphgo::show::Format,
    out: Option<&Path>,
    sgf: &SgfRules,
) -> ExitCode {
    let (game, cycle) = match load_game(file, sgf) {
        Ok(loaded) => loaded,
        Err(e) => return fail(e),
    };
    let text = if format == graphgo::show::Format::Html {
        graphgo::viewer::command(file, &game, cycle.as_deref(), turn, is_sgf(file))
    } else {
        graphgo::show::render(&game, turn, format)
    };
    match (text, out) {
        (Ok(text), None) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        (Ok(text), Some(out)) => match graphgo::io::atomic_file::write_atomically(out, &text) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => fail(format!("--out {}: cannot write: {e}", out.display())),
        },
        (Err(e), _) => fail(format!("{}: {e}", graphgo::io::record::input_name(file))),
    }
}

/// [`fail`], or with `--json` the failure as one JSON object on standard output
/// (`io::json_error::error`; `file` is the input the command read, when it has one).
fn fail_as(json: bool, file: Option<&Path>, message: impl std::fmt::Display) -> ExitCode {
    if !json {
        return fail(message);
    }
    let name = file.map(graphgo::io::record::input_name);
    println!(
        "{}",
        graphgo::io::json_error::error(name.as_deref(), &message.to_string())
    );
    ExitCode::from(2)
}

fn play(file: &Path, json: bool, explain: bool, sgf: &SgfRules) -> ExitCode {
    let shown = graphgo::io::record::input_name(file);
    let (game, cycle) = match load_game(file, sgf) {
        Ok(g) => g,
        Err(e) => return fail_as(json, Some(file), e),
    };
    if let Some(cycle) = cycle {
        return play_lasso(file, &game, &cycle, json);
    }
    let report = match replay(&Spec, &game) {
        Ok(r) => r,
        Err(e) => return fail_as(json, Some(file), format!("{shown}: {e}")),
    };
    let trace = if explain {
        match graphgo::explain::explain(&game) {
            Ok(t) => Some(t),
            Err(e) => return fail_as(json, Some(file), format!("{shown}: {e}")),
        }
    } else {
        None
    };
    if json {
        let mut value = report.to_json(&game);
        if let Some(trace) = &trace {
            value["explain"] = trace.to_json();
        }
        println!(
            "{}",
            serde_json::to_string_pretty(&value).expect("JSON values print")
        );
    } else {
        print!("{}", report.to_text(&game));
        if let Some(trace) = &trace {
            print!("{}", trace.to_text());
        }
    }
    if report.illegal.is_some() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// `dir:WIN`: a record with a `cycle` is an infinite play; the prefix is replayed as usual,
/// then the outcome of the lasso is reported. Exit 1 when the lasso is not a legal play.
fn play_lasso(
    file: &Path,
    game: &graphgo::io::record::Game,
    cycle: &[graphgo::game::Turn],
    json: bool,
) -> ExitCode {
    use graphgo::spec::lasso;
    let shown = graphgo::io::record::input_name(file);
    let report = match replay(&Spec, game) {
        Ok(r) => r,
        Err(e) => return fail_as(json, Some(file), format!("{shown}: {e}")),
    };
    let board = &game.setup.board;
    let outcome = match lasso::evaluate(game, cycle) {
        Ok(o) => o,
        Err(e) => return fail_as(json, Some(file), format!("{shown}: {e}")),
    };
    let (lasso_text, lasso_json, ok) = match &outcome {
        Ok(o) => (lasso::to_text(o, board), lasso::to_json(o, board), true),
        Err(e) => {
            let line = lasso::describe_error(e, board, game, cycle);
            let json = lasso::error_json(e, board, game, cycle);
            (format!("LASSO ILLEGAL: {line}\n"), json, false)
        }
    };
    if json {
        let mut value = report.to_json(game);
        if let (Ok(o), None) = (&outcome, &report.illegal) {
            value["result"] = lasso::result_json(o);
        }
        value["lasso"] = lasso_json;
        println!(
            "{}",
            serde_json::to_string_pretty(&value).expect("JSON values print")
        );
    } else {
        print!("{}", report.to_text(game));
        let turns: Vec<String> = cycle.iter().map(|t| t.text(board)).collect();
        println!("cycle, repeated forever: {}", turns.join(", "));
        print!("{lasso_text}");
    }
    if ok && report.illegal.is_none() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn check(file: &Path, shrink_to: Option<&Path>, json: bool) -> ExitCode {
    use graphgo::differential::compare;
    let shown = graphgo::io::record::input_name(file);
    let game = match Record::load(file).and_then(|r| {
        r.game()
            .map_err(|e| graphgo::io::record::InputError(format!("{shown}: {e}")))
    }) {
        Ok(g) => g,
        Err(e) => return fail_as(json, Some(file), e),
    };
    compare::quiet_panics_in_sides();
    let (a, b) = (compare::reference(), compare::engine());
    let divergence = compare::compare(&*a, &*b, &game);
    let mut verdict = graphgo::differential::findings::check_verdict(
        &shown,
        [a.name(), b.name()],
        &game,
        divergence.as_ref(),
    );
    let Some(divergence) = divergence else {
        if json {
            println!("{verdict:#}");
        } else {
            println!(
                "{} and {} agree on all {} turns of {shown}",
                a.name(),
                b.name(),
                game.turns.len(),
            );
        }
        return ExitCode::SUCCESS;
    };
    if !json {
        print!("{}", divergence.describe(game.setup.turn_names()));
    }
    // With --json, the divergence is printed with what shrinking wrote, or with the error
    // that stopped it: a finding is never lost to a write that failed.
    let mut shrunk = Vec::new();
    let mut status = ExitCode::from(1);
    if let Some(out) = shrink_to {
        let failure;
        (shrunk, failure) = shrink_check([&*a, &*b], &game, &shown, out, json);
        if let Some(e) = failure {
            if !json {
                return fail(e);
            }
            verdict["error"] = graphgo::io::json_error::error(None, &e)["error"].clone();
            status = ExitCode::from(2);
        }
    }
    if json {
        verdict["shrunk"] = serde_json::Value::Array(shrunk);
        println!("{verdict:#}");
    }
    status
}

/// `check --shrink OUT`: shrinks the divergence, writes the minimized record to OUT and,
/// for a game on a grid, a case shrunk on grids only as SGF beside it. Gives what was
/// written (`{"file", "format", "turns", "vertices"}` each) and the message of a write that
/// failed; the text lines are printed unless `json`.
fn shrink_check(
    [a, b]: [&dyn graphgo::game::RuleSet; 2],
    game: &graphgo::io::record::Game,
    shown: &str,
    out: &Path,
    json: bool,
) -> (Vec<serde_json::Value>, Option<String>) {
    use graphgo::differential::compare;
    let mut written = Vec::new();
    if let Some(shrunk) = compare::shrink(a, b, game, 5000) {
        let text = compare::case_file(
            a,
            b,
            &shrunk.game,
            &format!("shrunk by `graphgo check --shrink` from {shown}"),
        );
        if let Err(e) = graphgo::io::atomic_file::write_atomically(out, &text) {
            return (
                written,
                Some(format!("{}: cannot write: {e}", out.display())),
            );
        }
        if !json {
            println!(
                "shrunk to {} turns on {} vertices: {}",
                shrunk.game.turns.len(),
                shrunk.game.setup.board.len(),
                out.display()
            );
        }
        written.push(serde_json::json!({
            "file": out.display().to_string(),
            "format": "record",
            "turns": shrunk.game.turns.len(),
            "vertices": shrunk.game.setup.board.len(),
        }));
    }
    // A grid counterexample is also shrunk on grids only and written as SGF beside it.
    if graphgo::io::sgf::grid_size(&game.setup.board).is_some() {
        let (ga, gb) = (graphgo::io::sgf::OnGrids(a), graphgo::io::sgf::OnGrids(b));
        if let Some(shrunk) = compare::shrink(&ga, &gb, game, 5000) {
            let comment = format!(
                "shrunk on grids by `graphgo check --shrink` from {shown}\n{}",
                shrunk.divergence.describe(&shrunk.game.setup.board)
            );
            if let Some(text) = graphgo::io::sgf::write(&shrunk.game, &comment) {
                let sgf_out = out.with_extension("sgf");
                if let Err(e) = graphgo::io::atomic_file::write_atomically(&sgf_out, &text) {
                    return (
                        written,
                        Some(format!("{}: cannot write: {e}", sgf_out.display())),
                    );
                }
                if !json {
                    println!(
                        "shrunk on grids to {} turns: {}",
                        shrunk.game.turns.len(),
                        sgf_out.display()
                    );
                }
                written.push(serde_json::json!({
                    "file": sgf_out.display().to_string(),
                    "format": "sgf",
                    "turns": shrunk.game.turns.len(),
                    "vertices": shrunk.game.setup.board.len(),
                }));
            }
        }
    }
    (written, None)
}

#[allow(clippy::too_many_arguments)]
fn fuzz(
    seed: Option<u64>,
    time: Option<u64>,
    games: Option<u64>,
    game: Option<u64>,
    shard: Option<&str>,
    out: PathBuf,
    shrink_budget: usize,
    max_findings: usize,
    json: bool,
    planted_bug: Option<&str>,
) -> ExitCode {
    use graphgo::differential::compare;
    use graphgo::differential::fuzz::{Campaign, Event, Limit, Stopped};
    use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
    let choice = match graphgo::differential::shard::shard_from_env_or_flag(shard) {
        Ok(s) => s,
        Err(e) => return fail_as(json, None, e),
    };
    let shard = choice.shard;
    if max_findings == 0 {
        return fail_as(
            json,
            None,
            "--max-findings: 0 would stop before the first game (give at least 1)",
        );
    }
    // Checked before any game is played: a finding is never found only to be lost.
    if let Err(e) = graphgo::differential::findings::Store::open(&out) {
        return fail_as(json, None, format!("--out {e}"));
    }
    let seed = seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let limit = match (time, games, game) {
        (_, _, Some(i)) => Limit::Only(i),
        (_, Some(g), _) => Limit::Games(g),
        (t, None, None) => Limit::Time(std::time::Duration::from_secs(t.unwrap_or(60))),
    };
    let campaign = Campaign {
        seed,
        limit,
        shard,
        out: Some(out.clone()),
        shrink_budget,
        max_findings,
    };
    let a = compare::reference();
    let b = match planted_bug {
        None => compare::engine(),
        Some(name) => match graphgo::differential::fuzz::planted_bug(name) {
            Some(b) => b,
            None => {
                return fail_as(
                    json,
                    None,
                    format!("--planted-bug: '{name}' is not no-superko"),
                )
            }
        },
    };
    let span = match limit {
        Limit::Time(t) => format!("{} s", t.as_secs()),
        Limit::Games(g) => format!("{g} games"),
        Limit::Only(i) => format!("game {i} only"),
    };
    eprintln!(
        "graphgo fuzz: {} vs {}, seed {seed}, shard {}/{} ({}), {span}; findings go to {}/",
        a.name(),
        b.name(),
        shard.index,
        shard.count,
        choice.from,
        out.display()
    );
    let bar = match limit {
        Limit::Time(t) => ProgressBar::new(t.as_secs().max(1)),
        Limit::Games(g) => ProgressBar::new(g),
        Limit::Only(_) => ProgressBar::new(1),
    };
    if std::env::var_os("CI").is_some() || json {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} {msg}")
            .expect("a fixed template")
            .progress_chars("=> "),
    );
    compare::quiet_panics_in_sides();
    let signals = graphgo::differential::findings::Signals::watch();
    let run = campaign.run_until(&*a, &*b, &signals, &mut |event| match event {
        Event::Game {
            games,
            turns,
            elapsed,
            ..
        } => {
            match limit {
                Limit::Time(t) => bar.set_position(elapsed.as_secs().min(t.as_secs())),
                _ => bar.set_position(games),
            }
            bar.set_message(format!("{games} games, {turns} turns"));
        }
        Event::Repeated { index, group } if !json => bar.suspend(|| {
            println!(
                "divergence in game {index} (seed {seed}): the signature of game {} ({} games so far)",
                group.first_game, group.count
            );
        }),
        Event::Repeated { .. } => {}
        Event::Diverged(found) if json => {
            let line = serde_json::json!({"finding": {
                "game": found.index,
                "signature": found.signature,
                "file": found.file,
                "turns": found.shrunk.turns.len(),
                "vertices": found.shrunk.setup.board.len(),
                "description": found.divergence.describe(found.shrunk.setup.turn_names()),
                "replay": campaign.replay_command(found.index),
            }});
            println!("{line}");
        }
        Event::Diverged(found) => bar.suspend(|| {
            let board = &found.shrunk.setup.board;
            println!(
                "DIVERGENCE in game {} (seed {seed}): {} turns on {} vertices after shrinking",
                found.index,
                found.shrunk.turns.len(),
                board.len()
            );
            println!("  signature: {}", found.signature);
            for line in found
                .divergence
                .describe(found.shrunk.setup.turn_names())
                .lines()
            {
                println!("  {line}");
            }
            if let Some(f) = &found.file {
                println!(
                    "  written to {}; `graphgo check {}` replays it",
                    f.display(),
                    f.display()
                );
            }
            println!("  regenerate: {}", campaign.replay_command(found.index));
        }),
        Event::WriteFailed(e) => bar.suspend(|| eprintln!("graphgo fuzz: cannot write {e}")),
    });
    bar.finish_and_clear();
    let summary = match run {
        Ok(s) => s,
        Err(e) => return fail_as(json, None, e),
    };
    if json {
        let mut value = serde_json::to_value(&summary.shard_summary).expect("a summary prints");
        value["resumed_from"] = summary.resumed_from.into();
        value["summary_file"] = serde_json::json!(summary.summary_file);
        println!("{}", serde_json::json!({ "summary": value }));
    } else {
        println!("{}", summary.line());
    }
    if let Stopped::Signal(_) = summary.stopped {
        return ExitCode::from(signals.exit_status().unwrap_or(130));
    }
    if !summary.write_errors.is_empty() {
        for e in &summary.write_errors {
            eprintln!("graphgo fuzz: not written: {e}");
        }
        return ExitCode::from(4);
    }
    if summary.divergences == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn bench(
    playouts: u64,
    sizes: Vec<usize>,
    suites: &[String],
    graph_vertices: Vec<usize>,
    replay_games: usize,
    seed: u64,
    [prefetch, link]: [bool; 2],
) -> ExitCode {
    const KNOWN: [&str; 7] = [
        "light",
        "ggg1",
        "regular",
        "graph",
        "bfs",
        "geometric",
        "spec",
    ];
    if let Some(bad) = suites.iter().find(|s| !KNOWN.contains(&s.as_str())) {
        return fail(format!(
            "--suites: unknown suite '{bad}' (known: {})",
            KNOWN.join(", ")
        ));
    }
    if let Some(&bad) = sizes.iter().find(|&&s| !(2..=2048).contains(&s)) {
        return fail(format!("--size: {bad} is not a board size from 2 to 2048"));
    }
    if playouts == 0 {
        return fail("--playouts: 0 playouts measure nothing (give at least 1)");
    }
    let on = |name: &str| suites.iter().any(|s| s == name);
    if let Some(&bad) = graph_vertices
        .iter()
        .find(|&&n| n > graphgo::board::MAX_VERTICES)
    {
        return fail(format!(
            "--graph-vertices: {bad} is over the cap of {} vertices per board",
            graphgo::board::MAX_VERTICES
        ));
    }
    if let Some(&bad) = graph_vertices.iter().find(|&&n| n != 0 && n < 5) {
        if on("regular") {
            return fail(format!(
                "--graph-vertices: {bad} is too few for the regular suite (a 4-regular graph needs at least 5)"
            ));
        }
    }
    // 0 alone (or among others) skips: only the positive counts are played.
    let graph_vertices: Vec<usize> = graph_vertices.into_iter().filter(|&n| n > 0).collect();
    let plan = graphgo::bench::BenchPlan {
        playouts,
        sizes,
        light: on("light"),
        ggg1: on("ggg1"),
        graph_vertices,
        graphs: [
            ("regular", GraphKind::Regular),
            ("graph", GraphKind::Uniform),
            ("bfs", GraphKind::UniformBreadthFirst),
            ("geometric", GraphKind::Geometric),
        ]
        .into_iter()
        .filter(|&(name, _)| on(name))
        .map(|(_, kind)| kind)
        .collect(),
        replay_games: if on("spec") { replay_games } else { 0 },
        seed,
        prefetch,
        link,
    };
    graphgo::bench::run(&plan, &Spec, &mut |line| println!("{line}"));
    ExitCode::SUCCESS
}

fn vectors(action: VectorsAction) -> ExitCode {
    use graphgo::conformance::vectors;
    use graphgo::differential::compare;
    compare::quiet_panics_in_sides();
    let (spec, engine) = (compare::reference(), compare::engine());
    match action {
        VectorsAction::Check { dir, json } => {
            let loaded = match vectors::load_dir(&dir) {
                Ok(v) => v,
                Err(e) => return fail_as(json, None, e),
            };
            if loaded.is_empty() {
                return fail_as(
                    json,
                    None,
                    format!("{}: no vector files (.yaml, .yml, .json)", dir.display()),
                );
            }
            // One vector at a time, so that SIGINT or SIGTERM stops between two of them
            // with the summary of those checked.
            let signals = graphgo::differential::findings::Signals::watch();
            let mut summary = vectors::check_all(&[&*spec, &*engine], &[]);
            for one in loaded.chunks(1) {
                if signals.caught().is_some() {
                    break;
                }
                let part = vectors::check_all(&[&*spec, &*engine], one);
                summary.runs.extend(part.runs);
            }
            if json {
                let value = summary.to_json(loaded.len(), signals.name().as_deref());
                println!("{value:#}");
            } else {
                print!("{}", summary.text());
            }
            if let (Some(status), Some(name)) = (signals.exit_status(), signals.name()) {
                // With --json the object's `stopped` and counts say it.
                if !json {
                    println!(
                        "stopped by {name} after {} of {} vectors",
                        summary.runs.len(),
                        loaded.len()
                    );
                }
                return ExitCode::from(status);
            }
            if summary.failed() {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            }
        }
        VectorsAction::New {
            record,
            out,
            id,
            clauses,
            note,
            checked,
        } => {
            let shown = record.display();
            let (rec, game) = match Record::load(&record).and_then(|r| r.game().map(|g| (r, g))) {
                Ok(x) => x,
                Err(e) if e.0.starts_with(&shown.to_string()) => return fail(e),
                Err(e) => return fail(format!("{shown}: {e}")),
            };
            let id = id.unwrap_or_else(|| {
                record
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default()
            });
            let draft = vectors::Draft {
                id,
                clauses,
                checked: Some(checked.unwrap_or_else(|| "spec and engine".into())),
                source: Some(format!("graphgo vectors new {shown}")),
                note,
            };
            let vector = match vectors::write_vector(&*spec, &[&*engine], &rec, &game, draft) {
                Ok(v) => v,
                Err(e) if e.contains("disagree") => {
                    eprintln!("graphgo: {shown}: {e}");
                    return ExitCode::from(1);
                }
                Err(e) => return fail(format!("{shown}: {e}")),
            };
            let text = vector.to_yaml();
            match out {
                None => print!("{text}"),
                Some(path) => {
                    if let Err(e) = graphgo::io::atomic_file::write_atomically(&path, &text) {
                        return fail(format!("{}: cannot write: {e}", path.display()));
                    }
                    println!("wrote {}", path.display());
                }
            }
            ExitCode::SUCCESS
        }
        VectorsAction::Generate { dir } => {
            if let Err(e) = graphgo::differential::findings::Store::open(&dir) {
                return fail(e);
            }
            let signals = graphgo::differential::findings::Signals::watch();
            let cases = vectors::families::cases(&*spec, &*engine);
            let mut written = 0;
            for c in &cases {
                // Between two files: each one is whole or not there.
                if let (Some(status), Some(name)) = (signals.exit_status(), signals.name()) {
                    println!(
                        "wrote {written} of {} vectors to {}; stopped by {name}",
                        cases.len(),
                        dir.display()
                    );
                    return ExitCode::from(status);
                }
                let v = match vectors::families::build(&*spec, &*engine, c) {
                    Ok(v) => v,
                    Err(e) => {
                        eprintln!("graphgo: vectors generate: {e}");
                        return ExitCode::from(1);
                    }
                };
                let path = dir.join(format!("{}.yaml", v.head.id));
                if let Err(e) = graphgo::io::atomic_file::write_atomically(&path, &v.to_yaml()) {
                    return fail(format!("{}: cannot write: {e}", path.display()));
                }
                written += 1;
            }
            println!("wrote {written} vectors to {}", dir.display());
            ExitCode::SUCCESS
        }
    }
}

/// The rule set and options an SGF record is played under (SGF's own `RU` names rules that
/// graphgo does not transcribe). Ignored for YAML and JSON records, which carry their own.
#[derive(clap::Args, Clone, Debug)]
struct SgfRules {
    /// Rules for an SGF record: ggg1, ggg2 or ggg3.
    #[arg(long, value_name = "RULES")]
    rules: Option<String>,
    /// Reading 1 (ggg1 scoring of empty regions that touch no stone): both or none.
    #[arg(long, value_name = "READING")]
    neutral: Option<String>,
    /// Self-capture: all, multi or none.
    #[arg(long, value_name = "WHICH")]
    self_capture: Option<String>,
    /// Repetition rule: positional, situational, simple or none.
    #[arg(long, value_name = "RULE")]
    repetition: Option<String>,
    /// Reading 2 (ggg3): lose or pass.
    #[arg(long, value_name = "READING")]
    no_move: Option<String>,
}

impl SgfRules {
    fn given(&self) -> bool {
        self.rules.is_some()
            || self.neutral.is_some()
            || self.self_capture.is_some()
            || self.repetition.is_some()
            || self.no_move.is_some()
    }

    /// The rules and options, or a message naming the flag and its value.
    fn read(&self) -> Result<(graphgo::game::RuleId, graphgo::game::Options), String> {
        use graphgo::game::RuleId;
        let rules = match self.rules.as_deref() {
            None => RuleId::Ggg1,
            Some(name) => RuleId::parse(name)
                .filter(|r| RuleId::GRAPH.contains(r))
                .ok_or_else(|| format!("--rules: '{name}' is not ggg1, ggg2 or ggg3"))?,
        };
        let mut options = graphgo::game::Options::default();
        fn value<T: serde::de::DeserializeOwned>(
            flag: &str,
            given: &Option<String>,
            known: &str,
        ) -> Result<Option<T>, String> {
            given
                .as_ref()
                .map(|v| {
                    serde_json::from_value(serde_json::Value::String(v.clone()))
                        .map_err(|_| format!("--{flag}: '{v}' is not one of {known}"))
                })
                .transpose()
        }
        if let Some(v) = value("neutral", &self.neutral, "both, none")? {
            options.neutral = v;
        }
        if let Some(v) = value("self-capture", &self.self_capture, "all, multi, none")? {
            options.self_capture = v;
        }
        if let Some(v) = value(
            "repetition",
            &self.repetition,
            "positional, situational, simple, none",
        )? {
            options.repetition = v;
        }
        if let Some(v) = value("no-move", &self.no_move, "lose, pass")? {
            options.no_move = v;
        }
        Ok((rules, options))
    }
}

fn is_sgf(file: &Path) -> bool {
    file.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
}

/// A game from a record (YAML, JSON) or an SGF file played under the given rules.
fn load_game(
    file: &Path,
    sgf: &SgfRules,
) -> Result<
    (graphgo::io::record::Game, Option<Vec<graphgo::game::Turn>>),
    graphgo::io::record::InputError,
> {
    use graphgo::io::record::InputError;
    use graphgo::io::record_input::RecordInput;
    let shown = graphgo::io::record::input_name(file);
    let at_file = |e: InputError| InputError(format!("{shown}: {e}"));
    match graphgo::io::record_input::read(file)? {
        RecordInput::Sgf(text) => {
            let (rules, options) = sgf.read().map_err(InputError)?;
            let game = graphgo::io::sgf::parse(&text, rules, options).map_err(at_file)?;
            Ok((game, None))
        }
        RecordInput::Record(_) if sgf.given() => Err(InputError(format!(
            "{shown}: --rules and the rule options are for SGF files; a YAML or JSON record names its own rules and options"
        ))),
        RecordInput::Record(r) => {
            let game = r.game().map_err(at_file)?;
            let cycle = r.cycle_turns(&game).map_err(at_file)?;
            Ok((game, cycle))
        }
    }
}

fn replay_dir(dir: &Path, with_spec: bool, all: bool, flags: &SgfRules) -> ExitCode {
    use graphgo::game::RuleSet;
    use graphgo::io::sgf;
    let (rules, mut options) = match flags.read() {
        Ok(r) => r,
        Err(e) => return fail(e),
    };
    // Tromp-Taylor unless a flag says otherwise.
    if flags.neutral.is_none() {
        options.neutral = sgf::TROMP_TAYLOR.neutral;
    }
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) => return fail(format!("{}: cannot read the folder: {e}", dir.display())),
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| is_sgf(p))
        .collect();
    files.sort();
    let engine = graphgo::engine::Engine;
    let sides: Vec<&dyn RuleSet> = if with_spec {
        vec![&engine, &Spec]
    } else {
        vec![&engine]
    };
    let (mut skipped, mut refused) = (0, 0);
    let mut unreadable = 0;
    let mut loaded = Vec::new();
    for file in &files {
        match sgf::load(file, rules, options) {
            Ok(g) if all || sgf::is_complete_game(&g) => loaded.push((file, g)),
            Ok(_) => skipped += 1,
            Err(e) => {
                // A bad file is reported and the others are still replayed (exit 2 at the end).
                println!("unreadable: {e}");
                skipped += 1;
                unreadable += 1;
            }
        }
    }
    let games = loaded.len();
    let mut totals = Vec::new();
    for (k, side) in sides.iter().enumerate() {
        // The whole batch is timed at once: CPU time of this thread where the system gives
        // it (10 ms ticks; other work on the machine does not count), else wall-clock time.
        let wall = std::time::Instant::now();
        let cpu_before = graphgo::bench::thread_cpu_ns();
        let mut moves = 0;
        let mut rounds = 0;
        // A fast side replays the batch again until a second has passed, so that the
        // clock's ticks do not dominate the measurement.
        while rounds == 0 || (wall.elapsed() < std::time::Duration::from_secs(1) && rounds < 1000) {
            for (file, game) in &loaded {
                let run = match sgf::run_game(*side, game) {
                    Ok(r) => r,
                    Err(e) => return fail(format!("{}: {e}", file.display())),
                };
                moves += run.played;
                if k == 0 && rounds == 0 {
                    if let Some((i, turn, why)) = &run.refused {
                        refused += 1;
                        let name = file.file_name().map(|n| n.to_string_lossy().into_owned());
                        println!(
                            "{}: move {} ({}) refused: {} [{}]",
                            name.unwrap_or_default(),
                            i + 1,
                            sgf::turn_text(game, turn),
                            why.reason,
                            why.clause
                        );
                    }
                }
            }
            rounds += 1;
        }
        let spent = match (cpu_before, graphgo::bench::thread_cpu_ns()) {
            (Some(a), Some(b)) if b > a => (std::time::Duration::from_nanos(b - a), "CPU"),
            _ => (wall.elapsed(), "wall-clock"),
        };
        totals.push((moves, spent, rounds));
    }
    println!(
        "{games} games replayed ({skipped} files skipped: problem positions or unreadable), {refused} with a refused move"
    );
    for (side, (moves, (time, kind), rounds)) in sides.iter().zip(&totals) {
        let secs = time.as_secs_f64().max(1e-9);
        println!(
            "{}: {moves} moves ({rounds} round{}) in {:.3} s ({kind} time): {:.0} moves/s",
            side.name(),
            if *rounds == 1 { "" } else { "s" },
            secs,
            *moves as f64 / secs
        );
    }
    if unreadable > 0 {
        eprintln!("graphgo: {unreadable} file(s) unreadable (each named above)");
        ExitCode::from(2)
    } else if refused == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

#[allow(clippy::too_many_arguments)]
fn verify_gtp(
    sizes: Vec<usize>,
    games: usize,
    max_turns: usize,
    seed: u64,
    [timeout, startup]: [f64; 2],
    komi: &str,
    out: PathBuf,
    max_findings: usize,
    shrink_budget: usize,
    flags: &SgfRules,
    engine: &[String],
    json: bool,
) -> ExitCode {
    use graphgo::conformance::gtp;
    let options = match flags.read() {
        Ok((_, o)) => o,
        Err(e) => return fail_as(json, None, e),
    };
    if let Some(&bad) = sizes
        .iter()
        .find(|&&s| !(2..=gtp::MAX_GTP_SIZE).contains(&s))
    {
        return fail_as(
            json,
            None,
            format!(
                "--size: {bad} is not a board side from 2 to {}",
                gtp::MAX_GTP_SIZE
            ),
        );
    }
    for (flag, secs) in [("--timeout", timeout), ("--startup-timeout", startup)] {
        if !(secs.is_finite() && secs > 0.0 && secs <= 3600.0) {
            return fail_as(
                json,
                None,
                format!("{flag}: {secs} is not a number of seconds from 0 to 3600"),
            );
        }
    }
    let komi = match graphgo::rational::parse(komi) {
        Ok(k) => k,
        Err(e) => return fail_as(json, None, format!("--komi: {e}")),
    };
    let timeout = std::time::Duration::from_secs_f64(timeout);
    let startup = std::time::Duration::from_secs_f64(startup);
    let plan = graphgo::conformance::verify::Plan {
        vectors: None,
        seed,
        games: games as u64,
        shrink_budget,
        games_on: graphgo::conformance::verify::Games::SquareGrids { sides: sizes },
        options: Some(options),
        komi: Some(komi),
        max_turns: Some(max_turns),
        time_budget: None,
        turn_budget: None,
        max_findings,
        out: Some(out),
        finding_prefix: "gtp".into(),
        signals: graphgo::differential::findings::Signals::watch(),
    };
    // --out is checked before any work: a writable folder (created if missing).
    if let Err(e) =
        graphgo::differential::findings::Store::open(plan.out.as_deref().expect("given"))
    {
        return fail_as(json, None, format!("--out: {e}"));
    }
    let scratch = std::env::temp_dir();
    let rules = match gtp::GtpRules::spawn(engine, [startup, timeout], Some(options), &scratch) {
        Ok(r) => r,
        Err(f) => {
            if json {
                let failed = serde_json::json!({ "engine": engine.join(" "), "passed": false, "failure": f.to_json() });
                println!(
                    "{}",
                    serde_json::to_string_pretty(&failed).expect("JSON always serialises")
                );
            } else {
                eprintln!("graphgo verify-gtp: {f}");
            }
            return ExitCode::from(3);
        }
    };
    if let Some(k) = komi_text(plan.komi.as_ref().expect("given")) {
        let _ = rules_komi(&rules, &k);
    }
    if let graphgo::conformance::verify::Games::SquareGrids { sides } = &plan.games_on {
        rules.decide_stones(sides);
    }
    if !json {
        println!(
            "graphgo verify-gtp: {} against graphgo (ggg1, self-capture {:?}, repetition {:?}); {}; seed {seed}",
            engine.join(" "),
            options.self_capture,
            options.repetition,
            graphgo::conformance::verify::EngineUnderTest::methods(&rules)
        );
    }
    let mut progress = |line: &str| {
        if !json {
            print!("{line}");
        }
    };
    let report = match graphgo::conformance::verify::verify_with(&rules, &plan, &mut progress) {
        Ok(r) => r,
        Err(e) => return fail_as(json, None, e),
    };
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(&report.to_json()).expect("JSON always serialises")
        );
    } else {
        let c = &report.campaign;
        println!(
            "{} games, {} turns, {} disagreement{}",
            c.games,
            c.turns,
            c.findings.len(),
            if c.findings.len() == 1 { "" } else { "s" }
        );
        if let Some(signal) = plan.signals.name() {
            println!("interrupted by {signal}: the summary so far");
        }
        if let Some(f) = &report.failure {
            println!("ENGINE FAILURE: {f}");
        } else if c.games == 0 && plan.signals.caught().is_none() {
            println!("ENGINE FAILURE: no game could be played (every board size was refused)");
        }
    }
    if let Some(status) = plan.signals.exit_status() {
        return ExitCode::from(status);
    }
    if report.failure.is_some() || report.campaign.games == 0 {
        return ExitCode::from(3);
    }
    if report
        .campaign
        .findings
        .iter()
        .any(|f| !f.write_errors.is_empty())
    {
        eprintln!("graphgo verify-gtp: some findings could not be written (see NOT WRITTEN above)");
        return ExitCode::from(1);
    }
    if report.campaign.findings.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn komi_text(k: &num_rational::BigRational) -> Option<String> {
    use num_traits::ToPrimitive;
    k.to_f64().map(|f| format!("{f}"))
}

fn rules_komi(rules: &graphgo::conformance::gtp::GtpRules, komi: &str) -> Result<(), String> {
    rules.send(&format!("komi {komi}"))
}

/// `graphgo gtp`: the GTP referee on standard input and output (`src/conformance/gtp_referee.rs`).
fn gtp_referee(flags: SgfRules, seed: u64) -> ExitCode {
    let (rules, options) = match flags.read() {
        Ok(r) => r,
        Err(e) => return fail(e),
    };
    let config = graphgo::conformance::gtp_referee::RefereeRules {
        rules,
        options,
        seed,
    };
    match graphgo::conformance::gtp_referee::serve_stdio(config) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(e),
    }
}

fn conformance(budget: u64, only: Option<String>, seed: u64, root: PathBuf) -> ExitCode {
    use graphgo::conformance::report;
    if budget == 0 {
        return fail("--budget: 0 is not a number of seconds (at least 1)".to_string());
    }
    let plan = report::Plan {
        root: root.clone(),
        budget,
        seed,
        only: only.clone(),
    };
    let report = match report::run(&plan, &mut |line| print!("{line}")) {
        Ok(r) => r,
        Err(e) => return fail(e),
    };
    match report.write(&root, only.is_some()) {
        Ok(files) => {
            for f in files {
                println!("written: {}", f.display());
            }
            ExitCode::SUCCESS
        }
        Err(e) => fail(e),
    }
}
