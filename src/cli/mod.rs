//! The `graphgo` command line: the clap types of every command and the one dispatch
//! (`run`); each command is a file of its own beside this one, and the library does the
//! work.

mod bench;
mod check;
mod conformance;
mod fuzz;
mod gtp;
mod merge;
mod numbers;
mod pairs;
mod play;
mod replay_dir;
mod show;
mod vectors;
mod verify_gtp;

use bench::bench;
use check::check;
use clap::Parser;
use clap::Subcommand;
use conformance::conformance;
use fuzz::fuzz;
use gtp::gtp_referee;
use merge::merge;
use pairs::pairs;
use play::play;
use replay_dir::replay_dir;
use show::show;
use std::path::Path;
use std::path::PathBuf;
use std::process::ExitCode;
use vectors::vectors;
use verify_gtp::verify_gtp;

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
        /// Show how many turns are compared on standard error even when it is not a
        /// terminal (a line a second); on a terminal a bar is shown anyway (never with
        /// --json).
        #[arg(long)]
        progress: bool,
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
        #[arg(long, value_name = "SECS", conflicts_with_all = ["games", "game"], value_parser = numbers::seconds)]
        time: Option<u64>,
        /// Run this many games (of this shard).
        #[arg(long, conflicts_with = "game", value_parser = numbers::campaign_games)]
        games: Option<u64>,
        /// Replay only game I of the campaign (as named in a divergence report).
        #[arg(long, value_name = "I", value_parser = numbers::game_index)]
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
        #[arg(long, value_name = "N", default_value_t = 2000, value_parser = numbers::shrink_budget)]
        shrink_budget: usize,
        /// Stop once this many signatures (kinds of divergence) were found.
        #[arg(long, value_name = "N", default_value_t = graphgo::differential::fuzz::DEFAULT_MAX_FINDINGS, value_parser = numbers::max_findings)]
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
        #[arg(long, value_delimiter = ',', default_values_t = [5, 7, 9], value_parser = numbers::gtp_side)]
        size: Vec<usize>,
        /// Games per board size (every third one long, without passes).
        #[arg(long, default_value_t = 6, value_parser = numbers::gtp_games)]
        games: usize,
        /// The most turns a game is played for.
        #[arg(long, default_value_t = 400, value_parser = numbers::gtp_turns)]
        max_turns: usize,
        /// Seed of the random games.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Seconds to wait for any one answer before the engine is killed as hung.
        #[arg(long, value_name = "SECS", default_value_t = 10.0, value_parser = numbers::decimal_seconds)]
        timeout: f64,
        /// Seconds to wait for the engine's first answer (engines that load a network or an
        /// opening book start slowly).
        #[arg(long, value_name = "SECS", default_value_t = 60.0, value_parser = numbers::decimal_seconds)]
        startup_timeout: f64,
        /// Komi sent to the engine and used by graphgo (exact: 7.5, 15/2).
        #[arg(long, default_value = "0")]
        komi: String,
        /// Where minimized disagreements are written.
        #[arg(long, value_name = "DIR", default_value = "verify-gtp-findings")]
        out: PathBuf,
        /// Stop after this many disagreements.
        #[arg(long, default_value_t = 5, value_parser = numbers::max_findings)]
        max_findings: usize,
        /// Comparisons the shrinker may run for each disagreement.
        #[arg(long, default_value_t = 300, value_parser = numbers::shrink_budget)]
        shrink_budget: usize,
        /// graphgo's self-capture rule to compare with: all, multi or none.
        #[arg(long, default_value = "all")]
        self_capture: String,
        /// graphgo's repetition rule to compare with: positional, situational,
        /// natural-situational, simple, ko-point, none.
        #[arg(long, default_value = "positional")]
        repetition: String,
        /// Under --repetition ko-point, what a pass does to the ko point: clears or keeps.
        #[arg(long, value_name = "WHAT")]
        ko_pass: Option<String>,
        /// A repetition that ends the game instead of being refused: none, positional-draw,
        /// positional-loss, situational-draw, situational-loss or third-situation-no-result
        /// (KataGo's no result at a situation's third occurrence since the last pass).
        #[arg(long, value_name = "END")]
        repetition_end: Option<String>,
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
        /// Repetition rule: positional, situational, natural-situational, simple, ko-point or
        /// none.
        #[arg(long, default_value = "positional")]
        repetition: String,
        /// Under --repetition ko-point, what a pass does to the ko point: clears or keeps.
        #[arg(long, value_name = "WHAT")]
        ko_pass: Option<String>,
        /// A repetition that ends the game instead of being refused: none, positional-draw,
        /// positional-loss, situational-draw, situational-loss or third-situation-no-result
        /// (KataGo's no result at a situation's third occurrence since the last pass).
        #[arg(long, value_name = "END")]
        repetition_end: Option<String>,
        /// Reading 1 (ggg1 scoring of empty regions that touch no stone): both or none.
        #[arg(long, default_value = "both")]
        neutral: String,
        /// Seed of genmove's random moves.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The folder loadsgf reads from: a file name the controller sends must name a file
        /// inside it (no `..`, no link out of it; an absolute path only when it leads inside).
        #[arg(long, value_name = "DIR", default_value = ".")]
        sgf_folder: PathBuf,
    },
    /// dir:NOTE-pairs: the longest games on N isolated pairs of points.
    ///
    /// dir:NOTE-pairs: on N isolated pairs of points, the longest game without passes under
    /// positional superko and the fewest moves before the directed rules' loop can begin,
    /// for N = 1 .. MAX, by exhaustive search (N = 4 takes minutes).
    Pairs {
        /// The largest N.
        #[arg(long, default_value_t = 3, value_parser = numbers::pairs_max)]
        max: usize,
        /// Stop each search after this many seconds (its value is then a lower bound, marked >=).
        #[arg(long, default_value_t = 60, value_parser = numbers::seconds)]
        seconds: u64,
    },
    /// Measure the engine and the transcription, single thread.
    ///
    /// Measure the engine, single thread: light random playouts (ns per move, playouts per
    /// second, mean moves and Black's win rate at komi 7.5), and the transcription replaying
    /// the same games.
    Bench {
        /// Playouts per grid suite.
        #[arg(long, default_value_t = 20_000, value_parser = numbers::playouts)]
        playouts: u64,
        /// Grid sizes (repeat or comma-separate: --size 9,19).
        #[arg(long, value_delimiter = ',', default_values_t = [9, 19], value_parser = numbers::bench_side)]
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
        #[arg(long, value_delimiter = ',', default_values_t = [1_000_000], value_parser = numbers::graph_vertices)]
        graph_vertices: Vec<usize>,
        /// Games the transcription replays.
        #[arg(long, default_value_t = 3, value_parser = numbers::replay_games)]
        replay_games: usize,
        /// The spec suite's time budget for each family, size and side, in seconds (a slow
        /// side is timed on the turns it plays within it).
        #[arg(long, value_name = "SECS", default_value_t = 2.0, value_parser = numbers::decimal_seconds)]
        spec_seconds: f64,
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
        #[arg(long, value_name = "N", default_value_t = 500, value_parser = numbers::shrink_budget)]
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
    /// The conformance report of other implementations of the rules (issues 17, 28, 29):
    /// every adapters/*/rules.yaml (each configuration a row) driven through the one
    /// verification path, the conformance vectors that apply and a fixed number of seeded
    /// random games, graphgo set to the row's declared rules and to Tromp-Taylor. Writes
    /// spec/conformance.{md,json,html} and the findings under spec/engines/findings/NAME/.
    /// An implementation that departs is a result (exit 0); exit 2 when the report cannot be
    /// produced (a bad rules.yaml, no vectors). With --check, writes nothing in spec/: runs
    /// the report into target/conformance-check/ and exits 1 when the committed report is
    /// not the one it gives (timings left out).
    Conformance {
        /// Compare the committed report with a fresh run instead of writing it.
        #[arg(long)]
        check: bool,
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
        #[arg(long, value_name = "N", value_parser = numbers::turn)]
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
        /// Why the vector exists: the rule it guards, what an implementation that fails it
        /// gets wrong (its `why`; every vector of spec/vectors has one).
        #[arg(long)]
        why: Option<String>,
        /// How the expectations were checked (default: "spec and engine"; write "by hand"
        /// only after working every field out from the rules).
        #[arg(long, value_name = "HOW")]
        checked: Option<String>,
    },
    /// Regenerate the generated families of vectors into DIR.
    ///
    /// One file per vector, DIR/<family>/<rule>/<id>.yaml, each written whole (through a
    /// temporary file and a rename).
    Generate {
        /// The output directory (the repository's is spec/vectors).
        dir: PathBuf,
    },
}

/// Parses the command line and runs the command.
pub fn run() -> ExitCode {
    let cli = Cli::try_parse().unwrap_or_else(|e| {
        // A usage error as JSON when --json was given (spec/FORMAT.md, "Errors as JSON");
        // help and version are printed as usual.
        if e.use_stderr() && graphgo::io::json_error::asked_for_json(std::env::args_os()) {
            graphgo::outln!("{}", graphgo::io::json_error::usage_error(&e));
            let _ = graphgo::io::stdout::finish();
            std::process::exit(2);
        }
        e.exit()
    });
    // Rust ignores SIGPIPE, so printing to a reader that has gone (`graphgo ... | head`)
    // panics. A command that only prints takes the signal's default and ends quietly, as
    // Unix tools do; one that drives GTP engines keeps ignoring it, so that an engine
    // which dies while being written to is an error reported as a finding, not the end
    // of graphgo.
    if !matches!(
        cli.command,
        Command::VerifyGtp { .. } | Command::Conformance { .. }
    ) {
        sigpipe::reset();
    }
    let status = dispatch(cli.command);
    // A report that could not be written is a write error, whatever the command found
    // (graphgo::io::stdout: `print!` would have panicked).
    match graphgo::io::stdout::finish() {
        Ok(()) => status,
        Err(e) => {
            graphgo::errln!("graphgo: {e}");
            ExitCode::from(4)
        }
    }
}

/// Runs one command; its exit status.
fn dispatch(command: Command) -> ExitCode {
    match command {
        Command::Play {
            file,
            json,
            explain,
            sgf,
        } => play(&file, json, explain, &sgf),
        Command::Check {
            file,
            shrink,
            json,
            progress,
        } => check(&file, shrink.as_deref(), json, progress),
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
            ko_pass,
            repetition_end,
            json,
            engine,
        } => {
            let rules = SgfRules {
                rules: None,
                neutral: None,
                self_capture: Some(self_capture),
                repetition: Some(repetition),
                ko_pass,
                repetition_end,
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
            ko_pass,
            repetition_end,
            neutral,
            seed,
            sgf_folder,
        } => gtp_referee(
            SgfRules {
                rules: Some(rules),
                neutral: Some(neutral),
                self_capture: Some(self_capture),
                repetition: Some(repetition),
                ko_pass,
                repetition_end,
                no_move: None,
            },
            seed,
            sgf_folder,
        ),
        Command::Pairs { max, seconds } => pairs(max, seconds),
        Command::Bench {
            playouts,
            size,
            suites,
            graph_vertices,
            replay_games,
            spec_seconds,
            seed,
            no_prefetch,
            no_link,
        } => bench(
            playouts,
            size,
            &suites,
            graph_vertices,
            (replay_games, spec_seconds),
            seed,
            [!no_prefetch, !no_link],
        ),
        Command::Vectors { action } => vectors(action),
        Command::Merge { dirs, out, json } => merge(&dirs, out.as_deref(), json),
        Command::Conformance {
            check,
            only,
            seed,
            root,
        } => conformance(check, only, seed, root),
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

fn fail(message: impl std::fmt::Display) -> ExitCode {
    // A bad-input message is one line: a value it quotes cannot break it (a forged
    // `result:` line) or hide in it (a direction override).
    let message = message.to_string();
    graphgo::errln!("graphgo: {}", graphgo::board::escape_hidden(&message));
    ExitCode::from(2)
}

/// [`fail`], or with `--json` the failure as one JSON object on standard output
/// (`io::json_error::error`; `file` is the input the command read, when it has one).
fn fail_as(json: bool, file: Option<&Path>, message: impl std::fmt::Display) -> ExitCode {
    if !json {
        return fail(message);
    }
    let name = file.map(graphgo::io::record::input_name);
    graphgo::outln!(
        "{}",
        graphgo::io::json_error::error(name.as_deref(), &message.to_string())
    );
    ExitCode::from(2)
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
    /// Repetition rule: positional, situational, natural-situational, simple, ko-point or none.
    #[arg(long, value_name = "RULE")]
    repetition: Option<String>,
    /// Under --repetition ko-point, what a pass does to the ko point: clears or keeps.
    #[arg(long, value_name = "WHAT")]
    ko_pass: Option<String>,
    /// A repetition that ends the game instead of being refused: none, positional-draw,
    /// positional-loss, situational-draw, situational-loss or third-situation-no-result
    /// (KataGo's no result at a situation's third occurrence since the last pass).
    #[arg(long, value_name = "END")]
    repetition_end: Option<String>,
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
            || self.ko_pass.is_some()
            || self.repetition_end.is_some()
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
            "positional, situational, natural-situational, simple, ko-point, none",
        )? {
            options.repetition = v;
        }
        if let Some(v) = value("ko-pass", &self.ko_pass, "clears, keeps")? {
            options.ko_pass = v;
        }
        if let Some(v) = value(
            "repetition-end",
            &self.repetition_end,
            "none, positional-draw, positional-loss, situational-draw, situational-loss, third-situation-no-result",
        )? {
            options.repetition_end = v;
        }
        if options.ko_pass == graphgo::game::KoPass::Keeps
            && options.repetition != graphgo::game::Repetition::KoPoint
        {
            return Err(format!(
                "--ko-pass: 'keeps' is read under --repetition ko-point only, not under --repetition {}",
                options.repetition.word()
            ));
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

/// What [`load_game`] reads: the game, a lasso's cycle (`cycle`), and the indices of the
/// record's probes (`probes`; none in SGF).
type Loaded = (
    graphgo::io::record::Game,
    Option<Vec<graphgo::game::Turn>>,
    Vec<usize>,
);

/// A game from a record (YAML, JSON) or an SGF file played under the given rules.
fn load_game(file: &Path, sgf: &SgfRules) -> Result<Loaded, graphgo::io::record::InputError> {
    use graphgo::io::record::InputError;
    use graphgo::io::record::RecordInput;
    let shown = graphgo::io::record::input_name(file);
    let at_file = |e: InputError| InputError(format!("{shown}: {e}"));
    match graphgo::io::record::read_record_or_sgf(file)? {
        RecordInput::Sgf(text) => {
            let (rules, options) = sgf.read().map_err(InputError)?;
            let game = graphgo::io::sgf::parse(&text, rules, options).map_err(at_file)?;
            Ok((game, None, Vec::new()))
        }
        RecordInput::Record(_) if sgf.given() => Err(InputError(format!(
            "{shown}: --rules and the rule options are for SGF files; a YAML or JSON record names its own rules and options"
        ))),
        RecordInput::Record(r) => {
            let game = r.game().map_err(at_file)?;
            let cycle = r.cycle_turns(&game).map_err(at_file)?;
            let probes = r.probe_turns().map_err(at_file)?;
            Ok((game, cycle, probes))
        }
    }
}
