//! One generic suite for every bitboard: each operation is compared against a plain `Vec<bool>`
//! model of the board, on fixed and random sets. Helper B extends this file.

use super::*;
use crate::square::Geometry;
use rand::{rngs::SmallRng, RngExt, SeedableRng};

fn model<B: Bitboard>(b: B) -> Vec<bool> {
    (0..B::Geometry::SQUARES)
        .map(|i| b.has(Square(i as u8)))
        .collect()
}

fn from_model<B: Bitboard>(m: &[bool]) -> B {
    let mut b = B::EMPTY;
    for (i, on) in m.iter().enumerate() {
        if *on {
            b.set(Square(i as u8));
        }
    }
    b
}

fn random_board<B: Bitboard>(rng: &mut SmallRng) -> B {
    let density = rng.random_range(0.0..1.0f64);
    let m: Vec<bool> = (0..B::Geometry::SQUARES)
        .map(|_| rng.random_bool(density))
        .collect();
    from_model(&m)
}

fn check_shift_matches_model<B: Bitboard>(b: B) {
    let files = B::Geometry::FILES as i32;
    let ranks = B::Geometry::RANKS as i32;
    let m = model(b);
    for dir in Direction::ALL {
        let (df, dr) = dir.delta();
        let mut expected = vec![false; m.len()];
        for (i, on) in m.iter().enumerate() {
            let (f, r) = (i as i32 % files + df as i32, i as i32 / files + dr as i32);
            if *on && (0..files).contains(&f) && (0..ranks).contains(&r) {
                expected[(r * files + f) as usize] = true;
            }
        }
        assert_eq!(model(b.shift(dir)), expected, "shift {dir:?} of {b:?}");
    }
}

fn check_queries_match_model<B: Bitboard>(b: B) {
    let m = model(b);
    let set: Vec<usize> = (0..m.len()).filter(|i| m[*i]).collect();
    assert_eq!(b.count() as usize, set.len());
    assert_eq!(b.is_empty(), set.is_empty());
    assert_eq!(b.lowest().map(|s| s.index()), set.first().copied());
    assert_eq!(b.highest().map(|s| s.index()), set.last().copied());
    assert_eq!(b.squares().map(|s| s.index()).collect::<Vec<_>>(), set);
    assert_eq!(model(!b), m.iter().map(|x| !x).collect::<Vec<_>>());
}

fn generic_suite<B: Bitboard>(seed: u64) {
    let mut rng = SmallRng::seed_from_u64(seed);
    check_shift_matches_model(B::FULL);
    check_queries_match_model(B::EMPTY);
    check_queries_match_model(B::FULL);
    for _ in 0..500 {
        let a: B = random_board(&mut rng);
        let b: B = random_board(&mut rng);
        check_shift_matches_model(a);
        check_queries_match_model(a);
        let (ma, mb) = (model(a), model(b));
        let zip = |f: fn(bool, bool) -> bool| {
            ma.iter()
                .zip(&mb)
                .map(|(x, y)| f(*x, *y))
                .collect::<Vec<_>>()
        };
        assert_eq!(model(a & b), zip(|x, y| x & y));
        assert_eq!(model(a | b), zip(|x, y| x | y));
        assert_eq!(model(a ^ b), zip(|x, y| x ^ y));
    }
    let files = B::Geometry::FILES;
    for i in 0..files {
        let f = B::file_mask(i);
        let r = B::rank_mask(i);
        assert_eq!(f.count(), B::Geometry::RANKS as u32);
        assert!(f.squares().all(|s| s.file::<B::Geometry>() == i));
        assert_eq!(r.count(), files as u32);
        assert!(r.squares().all(|s| s.rank::<B::Geometry>() == i));
    }
}

#[test]
fn bb64_matches_the_model() {
    generic_suite::<Bb64>(64);
}

#[test]
fn bb256_matches_the_model() {
    generic_suite::<Bb256>(256);
}

/// The squares of the diagonal (`step` = 17, north-east) or anti-diagonal (`step` = 15) through
/// `sq` on 16x16, built square by square.
fn diagonal_model(sq: usize, anti: bool) -> Vec<bool> {
    let (f0, r0) = ((sq % 16) as i32, (sq / 16) as i32);
    let df = if anti { -1 } else { 1 };
    let mut m = vec![false; 256];
    for k in -15..=15 {
        let (f, r) = (f0 + df * k, r0 + k);
        if (0..16).contains(&f) && (0..16).contains(&r) {
            m[(r * 16 + f) as usize] = true;
        }
    }
    m
}

#[test]
fn bb256_line_gathers_match_the_model() {
    let mut rng = SmallRng::seed_from_u64(1616);
    for _ in 0..200 {
        let b: Bb256 = random_board(&mut rng);
        let bits: u32 = rng.random_range(0..=0xffff_u32);
        let m = model(b);
        for i in 0..16u8 {
            let rank: u32 = (0..16)
                .filter(|f| m[i as usize * 16 + f])
                .map(|f| 1 << f)
                .sum();
            assert_eq!(b.rank_bits(i), rank, "rank {i} of {b:?}");
            let file: u32 = (0..16)
                .filter(|r| m[r * 16 + i as usize])
                .map(|r| 1 << r)
                .sum();
            assert_eq!(b.file_bits(i), file, "file {i} of {b:?}");
            let on_rank: Vec<bool> = (0..256)
                .map(|s| s / 16 == i as usize && bits >> (s % 16) & 1 != 0)
                .collect();
            assert_eq!(model(Bb256::from_rank_bits(i, bits)), on_rank);
            let on_file: Vec<bool> = (0..256)
                .map(|s| s % 16 == i as usize && bits >> (s / 16) & 1 != 0)
                .collect();
            assert_eq!(model(Bb256::from_file_bits(i, bits)), on_file);
        }
        for sq in (0..256).step_by(7) {
            for anti in [false, true] {
                let line_model = diagonal_model(sq, anti);
                let line: Bb256 = from_model(&line_model);
                let projected: u32 = (0..256)
                    .filter(|s| line_model[*s] && m[*s])
                    .map(|s| 1 << (s % 16))
                    .sum();
                assert_eq!(
                    b.line_bits(line),
                    projected,
                    "diagonal through {sq} of {b:?}"
                );
                let spread: Vec<bool> = (0..256)
                    .map(|s| line_model[s] && bits >> (s % 16) & 1 != 0)
                    .collect();
                assert_eq!(model(Bb256::from_line_bits(line, bits)), spread);
            }
        }
    }
}

#[test]
fn bb256_const_helpers_match_the_trait() {
    let mut rng = SmallRng::seed_from_u64(25);
    for _ in 0..200 {
        let a: Bb256 = random_board(&mut rng);
        let b: Bb256 = random_board(&mut rng);
        assert_eq!(a.union(b), a | b);
        assert_eq!(a.intersects(b), (a & b).any());
        for s in 0..=255u8 {
            assert_eq!(a.contains(Square(s)), a.has(Square(s)));
            assert_eq!(Bb256::square(Square(s)), Bb256::from_square(Square(s)));
        }
    }
}
