//! Criterion benches of orthodox chess: legal move generation, counting, play, perft.
//!
//! `cargo bench --bench chess` (release profile, fat LTO). Positions: the start position,
//! Kiwipete (many captures, castling, pins) and a promotion-heavy ending.

use chimera_engine::perft::perft;
use chimera_engine::variants::chess::{MoveList, Position};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

const POSITIONS: [(&str, &str); 3] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    ("promotions", "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1"),
];

fn movegen(c: &mut Criterion) {
    let mut group = c.benchmark_group("chess/legal_moves");
    for (name, fen) in POSITIONS {
        let pos = Position::from_fen(fen).unwrap();
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut list = MoveList::new();
                black_box(&pos).legal_moves(&mut list);
                list.len()
            })
        });
    }
    group.finish();
    let mut group = c.benchmark_group("chess/count_legal_moves");
    for (name, fen) in POSITIONS {
        let pos = Position::from_fen(fen).unwrap();
        group.bench_function(name, |b| b.iter(|| black_box(&pos).count_legal_moves()));
    }
    group.finish();
}

fn play(c: &mut Criterion) {
    let mut group = c.benchmark_group("chess/play_all_moves");
    for (name, fen) in POSITIONS {
        let pos = Position::from_fen(fen).unwrap();
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        group.bench_function(name, |b| {
            b.iter(|| {
                list.iter()
                    .map(|&m| black_box(&pos).play(m).key())
                    .fold(0, |a, k| a ^ k)
            })
        });
    }
    group.finish();
}

fn perfts(c: &mut Criterion) {
    let mut group = c.benchmark_group("chess/perft");
    group.sample_size(10);
    for (name, fen) in POSITIONS {
        let pos = Position::from_fen(fen).unwrap();
        for depth in [3, 4] {
            group.bench_function(format!("{name}/{depth}"), |b| {
                b.iter(|| perft(black_box(&pos), depth))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, movegen, play, perfts);
criterion_main!(benches);
