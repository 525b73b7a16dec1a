//! Criterion benchmarks of the engine, single thread: light random playouts (reference-bot
//! rules and ggg1) on 9x9 and 19x19, a random graph, and the transcription replaying the same
//! 9x9 games. Throughput is in moves (turns, passes included), so criterion prints moves per
//! second; `graphgo bench` prints ns per move and playouts per second directly.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

use graphgo::bench::{
    graph_playouts, grid_playouts, measure, recorded_games, replay_games, GraphKind,
};
use graphgo::engine::playout::{ggg1_options, reference_options};
use graphgo::engine::Engine;
use graphgo::variants::Rules;

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("playout");
    for size in [9, 19] {
        for (ggg1, name) in [(false, "light"), (true, "ggg1")] {
            let mut p = grid_playouts(size, ggg1, 7);
            // The mean length, so that the throughput reads as moves per second.
            let mean = measure("warm-up", &mut p, 2000).mean_turns();
            group.throughput(Throughput::Elements(mean.round() as u64));
            group.bench_function(format!("{size}x{size} {name}"), |b| {
                b.iter(|| p.play_one(None))
            });
        }
    }
    group.finish();
    let mut group = c.benchmark_group("graph");
    group.sample_size(10);
    let mut p = graph_playouts(100_000, GraphKind::Uniform, false, 7);
    let mean = measure("warm-up", &mut p, 1).mean_turns();
    group.throughput(Throughput::Elements(mean.round() as u64));
    group.bench_function("random 100000 light", |b| b.iter(|| p.play_one(None)));
    group.finish();
}

fn replays(c: &mut Criterion) {
    let mut group = c.benchmark_group("replay 9x9");
    group.sample_size(10);
    for (ggg1, options, name) in [
        (false, reference_options(), "light"),
        (true, ggg1_options(), "ggg1"),
    ] {
        let mut p = grid_playouts(9, ggg1, 7);
        let games = recorded_games(&mut p, 1);
        group.throughput(Throughput::Elements(games[0].len() as u64));
        group.bench_function(format!("engine {name}"), |b| {
            b.iter(|| replay_games(&Engine, 9, options, &games).unwrap())
        });
        group.bench_function(format!("spec {name}"), |b| {
            b.iter(|| replay_games(&Rules, 9, options, &games).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, playouts, replays);
criterion_main!(benches);
