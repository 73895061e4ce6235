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
