//! The part of the key 007 adds to the board's: the turn state and the Detente sets (§8.2:
//! positions repeat only with the same turn state and sets). Recomputed at each ply from a few
//! small fields, which costs less than keeping it incrementally.

use super::detente::Detente;
use super::turn::TurnState;
use crate::bitboard::Bitboard;
use crate::zobrist::KeyStream;

/// SplitMix64's mix of `z`: the first key of the stream seeded with it.
#[inline(always)]
const fn splitmix(z: u64) -> u64 {
    KeyStream::new(z).next()
}

/// One key per square for `F`, then one per square for `E`, from a seed of their own.
const SET_KEYS: [[u64; 64]; 2] = {
    let mut keys = [[0; 64]; 2];
    let mut i = 0;
    while i < 128 {
        keys[i / 64][i % 64] = splitmix(0x0007_0007_d37e_0007 ^ (i as u64) << 40);
        i += 1;
    }
    keys
};

/// A bijective mix of the turn state: distinct states get unrelated keys. The start of a
/// standard White turn (`w1/3`, the state an orthodox FEN is read with) is mixed too, so no
/// state hashes to 0.
#[inline(always)]
fn turn_key(t: TurnState) -> u64 {
    splitmix(t.controller.index() as u64 | (t.k as u64) << 1 | (t.n as u64) << 32)
}

#[inline(always)]
pub(super) fn state_key(turn: TurnState, detente: Detente) -> u64 {
    let mut k = turn_key(turn);
    for sq in detente.friendly.squares() {
        k ^= SET_KEYS[0][sq.index()];
    }
    for sq in detente.enemy.squares() {
        k ^= SET_KEYS[1][sq.index()];
    }
    k
}
