//! Compile-time builders for the 16x16 tables.

use crate::bitboard::{Bb256, Direction};
use crate::square::Square;

/// The square `(df, dr)` away from square index `sq`, if on the board.
const fn offset(sq: usize, df: i32, dr: i32) -> Option<Square> {
    let (f, r) = ((sq % 16) as i32 + df, (sq / 16) as i32 + dr);
    if f < 0 || f > 15 || r < 0 || r > 15 {
        None
    } else {
        Some(Square((r * 16 + f) as u8))
    }
}

/// For each square, the set of squares at the given (file, rank) offsets that lie on the board.
pub const fn leaper_table(deltas: &[(i8, i8)]) -> [Bb256; 256] {
    let mut table = [Bb256([0; 4]); 256];
    let mut sq = 0;
    while sq < 256 {
        let mut i = 0;
        while i < deltas.len() {
            if let Some(t) = offset(sq, deltas[i].0 as i32, deltas[i].1 as i32) {
                table[sq] = table[sq].union(Bb256::square(t));
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

/// The squares `sq + k * (df, dr)` for k = 1, 2, ... up to the edge: a rider's ray on an empty
/// board.
pub const fn walk(sq: usize, df: i32, dr: i32) -> Bb256 {
    let mut b = Bb256([0; 4]);
    let mut k = 1;
    while let Some(t) = offset(sq, df * k, dr * k) {
        b = b.union(Bb256::square(t));
        k += 1;
    }
    b
}

pub const fn line_table() -> [[Bb256; 2]; 256] {
    let mut table = [[Bb256([0; 4]); 2]; 256];
    let mut sq = 0;
    while sq < 256 {
        let me = Bb256::square(Square(sq as u8));
        table[sq][0] = me.union(walk(sq, 1, 1)).union(walk(sq, -1, -1));
        table[sq][1] = me.union(walk(sq, -1, 1)).union(walk(sq, 1, -1));
        sq += 1;
    }
    table
}

pub const fn ray_table() -> [[Bb256; 256]; 8] {
    let mut table = [[Bb256([0; 4]); 256]; 8];
    let mut d = 0;
    while d < 8 {
        let (df, dr) = Direction::ALL[d].delta();
        let mut sq = 0;
        while sq < 256 {
            table[Direction::ALL[d] as usize][sq] = walk(sq, df as i32, dr as i32);
            sq += 1;
        }
        d += 1;
    }
    table
}

pub const fn ball_table() -> [[Bb256; 256]; 5] {
    let mut table = [[Bb256([0; 4]); 256]; 5];
    let mut r = 0;
    while r < 5 {
        let mut sq = 0;
        while sq < 256 {
            let mut df = -r;
            while df <= r {
                let mut dr = -r;
                while dr <= r {
                    if let Some(t) = offset(sq, df, dr) {
                        table[r as usize][sq] = table[r as usize][sq].union(Bb256::square(t));
                    }
                    dr += 1;
                }
                df += 1;
            }
            sq += 1;
        }
        r += 1;
    }
    table
}
