//! Zobrist keys, drawn from one fixed-seed stream ([`crate::zobrist`]).

use super::types::{CastlingRights, Role};
use crate::game::Player;
use crate::square::Square;
use crate::zobrist::KeyStream;

pub(super) struct Keys {
    pieces: [[[u64; 64]; 6]; 2],
    /// One key per castling-rights set: one xor updates any change of rights.
    castling: [u64; 16],
    en_passant_file: [u64; 8],
    pub(super) black_to_move: u64,
}

const fn make_keys() -> Keys {
    let mut s = KeyStream::new(0x0c4e_55c4_e55c_0c4e);
    let mut pieces = [[[0; 64]; 6]; 2];
    let mut p = 0;
    while p < 2 {
        let mut r = 0;
        while r < 6 {
            let mut sq = 0;
            while sq < 64 {
                pieces[p][r][sq] = s.next();
                sq += 1;
            }
            r += 1;
        }
        p += 1;
    }
    let mut single = [0; 4];
    let mut i = 0;
    while i < 4 {
        single[i] = s.next();
        i += 1;
    }
    // A set of rights hashes as the xor of its rights.
    let mut castling = [0; 16];
    let mut set = 0;
    while set < 16 {
        let mut bit = 0;
        while bit < 4 {
            if set >> bit & 1 != 0 {
                castling[set] ^= single[bit];
            }
            bit += 1;
        }
        set += 1;
    }
    let mut en_passant_file = [0; 8];
    let mut f = 0;
    while f < 8 {
        en_passant_file[f] = s.next();
        f += 1;
    }
    Keys {
        pieces,
        castling,
        en_passant_file,
        black_to_move: s.next(),
    }
}

pub(super) static KEYS: Keys = make_keys();

impl Keys {
    #[inline(always)]
    pub(super) fn piece(&self, player: Player, role: Role, sq: Square) -> u64 {
        self.pieces[player.index()][role.index()][sq.index() & 63]
    }
    #[inline(always)]
    pub(super) fn castling(&self, rights: CastlingRights) -> u64 {
        self.castling[(rights.0 & 15) as usize]
    }
    #[inline(always)]
    pub(super) fn en_passant(&self, sq: Square) -> u64 {
        self.en_passant_file[sq.index() & 7]
    }
}
