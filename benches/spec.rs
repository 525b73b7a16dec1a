//! The transcription's speed: replaying a 300-move random 19x19 game under ggg1 (issue "Start
//! here": the aim is under 100 ms). Run: `cargo bench --bench spec`.

use criterion::{criterion_group, criterion_main, Criterion};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use graphgo::board::Board;
use graphgo::game::{Colour, Player, RuleId, Setup, Turn};
use graphgo::spec::ggg;

/// A random game of `length` moves: each turn a uniformly random empty vertex that is legal
/// (a pass when none is found in a few tries).
fn random_game(setup: &Setup, length: usize, seed: u64) -> Vec<Turn> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut state = ggg::start(setup).unwrap().state;
    let mut turns = Vec::new();
    while turns.len() < length && state.result.is_none() {
        let player: Player = state.to_move;
        let empty: Vec<usize> = (0..setup.board.len())
            .filter(|&v| state.position.f[v] == Colour::Empty)
            .collect();
        let chosen = (0..20).find_map(|_| {
            let at = empty[rng.random_range(0..empty.len())];
            let turn = Turn::Move { player, at };
            ggg::turn(&state, &turn).ok().map(|s| (turn, s.state))
        });
        let (turn, next) = chosen.unwrap_or_else(|| {
            let pass = Turn::Pass { player };
            (pass.clone(), ggg::turn(&state, &pass).unwrap().state)
        });
        turns.push(turn);
        state = next;
    }
    turns
}

fn replay(setup: &Setup, turns: &[Turn]) -> ggg::State {
    turns.iter().fold(ggg::start(setup).unwrap().state, |s, t| {
        ggg::turn(&s, t).unwrap().state
    })
}

fn bench(c: &mut Criterion) {
    let setup = Setup::new(RuleId::Ggg1, Board::grid(19, 19).unwrap());
    let turns = random_game(&setup, 300, 1);
    assert_eq!(turns.len(), 300);
    let mut group = c.benchmark_group("spec");
    group.sample_size(20);
    group.bench_function("replay 300-move random 19x19 game (ggg1)", |b| {
        b.iter(|| replay(&setup, &turns))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
