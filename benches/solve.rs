//! The matrix-game solvers behind Ven's root: the exact simplex on random games of the sizes the
//! root builds (8x8 typical, 20x20 and 40x40 large, 60x60 the most expected), and regret
//! matching+ on 40x40.
//!
//! Run: `cargo bench --bench solve`. Entries are uniform in [0, 1] (mixed equilibria with wide
//! supports: harder than most root games, which often have a saddle point). Each call solves
//! the next of 16 seeded games, so the time is an average over games, not one lucky matrix.

use chimera_engine::simultaneous::solve::{solve_exact, solve_rm_plus, Matrix, RmPlusLimit};
use criterion::{criterion_group, criterion_main, Criterion};
use rand::{rngs::SmallRng, RngExt, SeedableRng};
use std::hint::black_box;

fn games(n: usize) -> Vec<Matrix> {
    let mut rng = SmallRng::seed_from_u64(n as u64);
    (0..16)
        .map(|_| Matrix::from_fn(n, n, |_, _| rng.random::<f64>()).unwrap())
        .collect()
}

fn exact(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve/exact");
    for n in [8, 20, 40, 60] {
        let games = games(n);
        let mut k = 0;
        group.bench_function(format!("{n}x{n}"), |b| {
            b.iter(|| {
                k = (k + 1) % games.len();
                solve_exact(black_box(&games[k]))
            })
        });
    }
    group.finish();
}

fn rm_plus(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve/rm_plus");
    let games = games(40);
    for (name, limit) in [
        ("40x40/1000_iterations", RmPlusLimit::iterations(1000)),
        ("40x40/gap_1e-3", RmPlusLimit::gap(1e-3, 100_000)),
    ] {
        let mut k = 0;
        group.bench_function(name, |b| {
            b.iter(|| {
                k = (k + 1) % games.len();
                solve_rm_plus(black_box(&games[k]), limit)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, exact, rm_plus);
criterion_main!(benches);
