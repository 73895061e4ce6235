//! Double-Ended Chess speed: perft from the start (nodes per second as criterion's throughput),
//! move generation and copy-make on a busy middlegame.
//!
//! `cargo bench --bench double_ended`

use chimera_engine::perft::perft;
use chimera_engine::variants::double_ended::{DeepDoubleEndedChess, DoubleEndedChess, MoveList};
use chimera_engine::Game;
use chimera_engine::GameState;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

const MIDDLEGAME: &str = "r3k2r/pmppqpb1/bn2pnp1/3P4/1p2P3/2M2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn perft_start(c: &mut Criterion) {
    let mut group = c.benchmark_group("double-ended perft");
    group.sample_size(10);
    let start = DoubleEndedChess::start(&());
    group.throughput(Throughput::Elements(197_345));
    group.bench_function("start perft(4)", |b| b.iter(|| perft(black_box(&start), 4)));
    group.throughput(Throughput::Elements(4_840_017));
    group.bench_function("start perft(5)", |b| b.iter(|| perft(black_box(&start), 5)));
    let deep = DeepDoubleEndedChess::start(&());
    group.throughput(Throughput::Elements(197_289));
    group.bench_function("deep start perft(4)", |b| {
        b.iter(|| perft(black_box(&deep), 4))
    });
    group.finish();
}

fn movegen(c: &mut Criterion) {
    let pos = DoubleEndedChess::from_fen(MIDDLEGAME).unwrap();
    let mut moves = MoveList::new();
    c.bench_function("double-ended legal_moves (middlegame)", |b| {
        b.iter(|| {
            moves.clear();
            black_box(&pos).legal_moves(&mut moves);
            moves.len()
        })
    });
    pos.legal_moves(&mut moves);
    let all = moves.clone();
    c.bench_function("double-ended play every move (middlegame)", |b| {
        b.iter(|| {
            all.iter()
                .map(|m| black_box(&pos).play(*m).key())
                .fold(0, |a, k| a ^ k)
        })
    });
    c.bench_function("double-ended evaluate (middlegame)", |b| {
        b.iter(|| black_box(&pos).evaluate_for_mover())
    });
}

criterion_group!(benches, perft_start, movegen);
criterion_main!(benches);
