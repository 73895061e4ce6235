//! Every 16x16 attack function against a naive square-by-square walk.

use super::*;
use crate::bitboard::Bitboard;
use crate::square::Board16;
use rand::{rngs::SmallRng, RngExt, SeedableRng};

fn naive_slide(sq: Square, occupied: Bb256, dirs: &[Direction]) -> Bb256 {
    let mut b = Bb256::EMPTY;
    for dir in dirs {
        let (df, dr) = dir.delta();
        let mut cur = sq;
        while let Some(t) = cur.offset::<Board16>(df, dr) {
            b.set(t);
            if occupied.has(t) {
                break;
            }
            cur = t;
        }
    }
    b
}

fn random_occupancy(rng: &mut SmallRng) -> Bb256 {
    let density = rng.random_range(0.0..0.6f64);
    let mut b = Bb256::EMPTY;
    for s in 0..=255u8 {
        if rng.random_bool(density) {
            b.set(Square(s));
        }
    }
    b
}

#[test]
fn sliders_match_a_naive_walk_on_random_occupancies() {
    let mut rng = SmallRng::seed_from_u64(0x16);
    // The two extremes first: every line open to the edge, and every first step blocked.
    let boards = [Bb256::EMPTY, Bb256::FULL]
        .into_iter()
        .chain((0..60).map(|_| random_occupancy(&mut rng)));
    for occ in boards {
        for s in 0..=255u8 {
            let sq = Square(s);
            let rook = naive_slide(sq, occ, &Direction::ORTHOGONAL);
            let bishop = naive_slide(sq, occ, &Direction::DIAGONAL);
            assert_eq!(rook_attacks(sq, occ), rook, "rook {sq:?} {occ:?}");
            assert_eq!(bishop_attacks(sq, occ), bishop, "bishop {sq:?} {occ:?}");
            assert_eq!(queen_attacks(sq, occ), rook | bishop);
            assert_eq!(classical::rook_attacks(sq, occ), rook);
            assert_eq!(classical::bishop_attacks(sq, occ), bishop);
            assert_eq!(classical::queen_attacks(sq, occ), rook | bishop);
            assert_eq!(lines::rook_attacks(sq, occ), rook, "lines rook {sq:?}");
            assert_eq!(
                lines::bishop_attacks(sq, occ),
                bishop,
                "lines bishop {sq:?}"
            );
            assert_eq!(lines::queen_attacks(sq, occ), rook | bishop);
            assert_eq!(
                simd::rook_attacks(sq, occ),
                rook,
                "simd rook {sq:?} {occ:?}"
            );
            assert_eq!(simd::bishop_attacks(sq, occ), bishop, "simd bishop {sq:?}");
            assert_eq!(simd::queen_attacks(sq, occ), rook | bishop);
            for dir in Direction::ALL {
                assert_eq!(
                    ray_attacks(sq, occ, dir),
                    naive_slide(sq, occ, &[dir]),
                    "{dir:?} {sq:?}"
                );
            }
        }
    }
}

/// Every occupancy of every file, and of every line position: the gathering multiplication
/// must never carry, and the 16-bit line attacks must match a walk.
#[test]
fn line_attacks_are_exact_for_every_line_occupancy() {
    for occ in 0..=0xffffu32 {
        for pos in 0..16u32 {
            let mut expected = 0u32;
            for step in [1i32, -1] {
                let mut i = pos as i32 + step;
                while (0..16).contains(&i) {
                    expected |= 1 << i;
                    if occ >> i & 1 != 0 {
                        break;
                    }
                    i += step;
                }
            }
            assert_eq!(lines::line_attacks(pos, occ), expected, "{pos} {occ:#x}");
        }
        // The same occupancy stood up on a file: every file, both ends of it.
        for file in [0u8, 7, 15] {
            let mut board = Bb256::EMPTY;
            for rank in 0..16u8 {
                if occ >> rank & 1 != 0 {
                    board.set(Square(rank * 16 + file));
                }
            }
            for rank in [0u8, 5, 15] {
                let sq = Square(rank * 16 + file);
                assert_eq!(
                    lines::file_attacks(sq, board),
                    naive_slide(sq, board, &[Direction::North, Direction::South])
                );
            }
        }
    }
}

#[test]
fn leaper_tables_and_masks_match_offsets() {
    for s in 0..=255u8 {
        let sq = Square(s);
        let around = |deltas: &[(i8, i8)]| {
            let mut b = Bb256::EMPTY;
            for (df, dr) in deltas {
                if let Some(t) = sq.offset::<Board16>(*df, *dr) {
                    b.set(t);
                }
            }
            b
        };
        let mut king = Vec::new();
        let mut knight = Vec::new();
        for df in -2i8..=2 {
            for dr in -2i8..=2 {
                if df.abs().max(dr.abs()) == 1 {
                    king.push((df, dr));
                }
                if df.abs() * dr.abs() == 2 {
                    knight.push((df, dr));
                }
            }
        }
        assert_eq!(king_attacks(sq), around(&king));
        assert_eq!(knight_attacks(sq), around(&knight));
        assert_eq!(
            FERZ[s as usize],
            around(&[(1, 1), (1, -1), (-1, 1), (-1, -1)])
        );
        assert_eq!(
            WAZIR[s as usize],
            around(&[(1, 0), (-1, 0), (0, 1), (0, -1)])
        );
        for r in 0..=4u8 {
            let mut ball = Vec::new();
            for df in -(r as i8)..=r as i8 {
                for dr in -(r as i8)..=r as i8 {
                    ball.push((df, dr));
                }
            }
            assert_eq!(super::ball(sq, r), around(&ball));
        }
        for dir in Direction::ALL {
            assert_eq!(super::ray(sq, dir), naive_slide(sq, Bb256::EMPTY, &[dir]));
        }
    }
    // Corner and centre counts: a sanity check on the table shapes themselves.
    assert_eq!(knight_attacks(Square(0)).count(), 2);
    assert_eq!(
        knight_attacks(Square::parse::<Board16>("h8").unwrap()).count(),
        8
    );
    assert_eq!(king_attacks(Square(255)).count(), 3);
}
