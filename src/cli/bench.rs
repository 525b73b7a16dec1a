//! `graphgo bench`: the benchmark suites.

use super::fail;
use graphgo::bench::GraphKind;
use graphgo::variants::Rules;
use std::process::ExitCode;

pub(super) fn bench(
    playouts: u64,
    sizes: Vec<usize>,
    suites: &[String],
    graph_vertices: Vec<usize>,
    (replay_games, spec_seconds): (usize, f64),
    seed: u64,
    [prefetch, link]: [bool; 2],
) -> ExitCode {
    if !(spec_seconds > 0.0 && spec_seconds <= 3600.0) {
        return fail(format!(
            "--spec-seconds: {spec_seconds} is not a budget from 0 to 3600 seconds"
        ));
    }
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
        // The spec suite replays every family itself (below), the engine beside it.
        replay_games: 0,
        seed,
        prefetch,
        link,
    };
    graphgo::bench::run(&plan, &Rules, &mut |line| graphgo::outln!("{line}"));
    if on("spec") {
        graphgo::bench::spec_suite::run(
            &plan.sizes,
            replay_games,
            seed,
            spec_seconds,
            &Rules,
            &graphgo::engine::Engine,
            &mut |line| graphgo::outln!("{line}"),
        );
    }
    ExitCode::SUCCESS
}
