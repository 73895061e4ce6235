//! Visiting the men of one role in move generation's hot loop.

use crate::bitboard::Bb256;
use crate::square::Square;

/// The words (of four) that hold a side's men: `first..=last`. Every role of that side lies
/// within them, so its men are found without testing the other words.
#[derive(Copy, Clone)]
pub(super) struct WordSpan {
    first: usize,
    last: usize,
}

impl WordSpan {
    /// The span of `men` (word 0 alone when empty, which then yields no square).
    #[inline(always)]
    pub(super) fn of(men: Bb256) -> Self {
        let w = men.0;
        let nonempty = (w[0] != 0) as u32
            | ((w[1] != 0) as u32) << 1
            | ((w[2] != 0) as u32) << 2
            | ((w[3] != 0) as u32) << 3;
        WordSpan {
            first: nonempty.trailing_zeros() as usize & 3,
            last: (31 - (nonempty | 1).leading_zeros()) as usize,
        }
    }
}

/// The squares of `a & b`, lowest first, reading only the words of `span` (the others must be
/// empty), each once. `Bb256::pop_lowest` tests every word from the first for each man: Black's
/// men stand in the last words, so that was three empty words per man and four per role.
pub(super) struct MenOf<'a> {
    a: &'a Bb256,
    b: &'a Bb256,
    word: usize,
    last: usize,
    bits: u64,
}

impl<'a> MenOf<'a> {
    #[inline(always)]
    pub(super) fn new(a: &'a Bb256, b: &'a Bb256, span: WordSpan) -> Self {
        let word = span.first;
        MenOf {
            a,
            b,
            word,
            last: span.last,
            bits: a.0[word] & b.0[word],
        }
    }
}

impl Iterator for MenOf<'_> {
    type Item = Square;

    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        while self.bits == 0 {
            if self.word >= self.last {
                return None;
            }
            self.word += 1;
            self.bits = self.a.0[self.word & 3] & self.b.0[self.word & 3];
        }
        let sq = Square((self.word as u32 * 64 + self.bits.trailing_zeros()) as u8);
        self.bits &= self.bits - 1;
        Some(sq)
    }
}
