//! The position: pieces by role and by colour, the side to move, rights, clocks and the key.
//!
//! A `Position` is a small `Copy` value (96 bytes); [`Position::play`] returns the next one.
//! Every position held by a `Position` is valid (one king each, the side not to move is not in
//! check, rights agree with the pieces): [`Position::from_fen`] is the one fallible way in.

use super::moves::{Move, MoveKind};
use super::types::{CastleFiles, CastlingRights, Piece, Role};
use super::zobrist::KEYS;
use crate::attacks::board8 as attacks;
use crate::bitboard::{Bb64, Bitboard};
use crate::game::Player;
use crate::square::Square;

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    pub(super) roles: [Bb64; 6],
    pub(super) players: [Bb64; 2],
    /// Pieces of the side not to move that attack the king of the side to move.
    pub(super) checkers: Bb64,
    pub(super) key: u64,
    pub(super) side: Player,
    pub(super) castling: CastlingRights,
    /// The castling rooks' files and whether the game is Chess960.
    pub(super) castle: CastleFiles,
    /// Set only when an en passant capture is legal now, so the key and the FEN treat two
    /// positions with the same moves as the same position (FIDE 9.2.2).
    pub(super) en_passant: Option<Square>,
    pub(super) halfmove_clock: u32,
    pub(super) fullmove_number: u32,
}

#[inline(always)]
pub(super) fn bb(sq: Square) -> Bb64 {
    Bb64(1u64 << (sq.0 & 63))
}

#[inline(always)]
fn lowest(b: Bb64) -> Square {
    debug_assert!(b.0 != 0);
    Square(b.0.trailing_zeros() as u8)
}

/// Where the king and the rook land when castling king (`true`) or queen side, in orthodox
/// chess and Chess960 alike.
#[inline(always)]
pub(super) const fn castling_targets(player: Player, king_side: bool) -> (Square, Square) {
    let base = match player {
        Player::White => 0,
        Player::Black => 56,
    };
    if king_side {
        (Square(base + 6), Square(base + 5))
    } else {
        (Square(base + 2), Square(base + 3))
    }
}

/// Where the rook stands and goes when castling king (`true`) or queen side in orthodox chess.
pub(super) const fn castling_rook(player: Player, king_side: bool) -> (Square, Square) {
    let rook_to = castling_targets(player, king_side).1;
    let corner = if king_side { 7 } else { 0 };
    (Square((rook_to.0 & 56) + corner), rook_to)
}

/// `rights & CASTLING_MASK[sq]` after a move from or to `sq`: moving the king or a rook, or
/// capturing on a rook's corner, ends the rights that need it.
const CASTLING_MASK: [u8; 64] = {
    let mut m = [0b1111u8; 64];
    m[0] = !CastlingRights::WHITE_QUEEN & 15;
    m[4] = !(CastlingRights::WHITE_KING | CastlingRights::WHITE_QUEEN) & 15;
    m[7] = !CastlingRights::WHITE_KING & 15;
    m[56] = !CastlingRights::BLACK_QUEEN & 15;
    m[60] = !(CastlingRights::BLACK_KING | CastlingRights::BLACK_QUEEN) & 15;
    m[63] = !CastlingRights::BLACK_KING & 15;
    m
};

impl Position {
    // ---- What is where ----

    /// Pieces of one role, both colours.
    #[inline(always)]
    pub fn role(&self, role: Role) -> Bb64 {
        self.roles[role.index()]
    }

    /// Pieces of one colour.
    #[inline(always)]
    pub fn player(&self, player: Player) -> Bb64 {
        self.players[player.index()]
    }

    /// Pieces of one colour and role.
    #[inline(always)]
    pub fn pieces(&self, player: Player, role: Role) -> Bb64 {
        self.roles[role.index()] & self.players[player.index()]
    }

    #[inline(always)]
    pub fn occupied(&self) -> Bb64 {
        self.players[0] | self.players[1]
    }

    pub fn role_on(&self, sq: Square) -> Option<Role> {
        let b = bb(sq);
        Role::ALL
            .into_iter()
            .find(|r| (self.roles[r.index()] & b).any())
    }

    pub fn piece_on(&self, sq: Square) -> Option<Piece> {
        let role = self.role_on(sq)?;
        let player = if self.players[0].has(sq) {
            Player::White
        } else {
            Player::Black
        };
        Some(Piece::new(player, role))
    }

    #[inline(always)]
    pub fn king(&self, player: Player) -> Square {
        lowest(self.pieces(player, Role::King))
    }

    /// The colour whose piece moves next. In orthodox chess also the player who decides; 007
    /// keeps its controller beside the position.
    #[inline(always)]
    pub fn side_to_move(&self) -> Player {
        self.side
    }

    #[inline(always)]
    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    /// The square an en passant capture would land on, when one is legal.
    #[inline(always)]
    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }

    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// Pieces giving check to the side to move.
    #[inline(always)]
    pub fn checkers(&self) -> Bb64 {
        self.checkers
    }

    // ---- Attacks: the one description of how each piece attacks ----

    /// Pieces of `by` attacking `sq`, with `occupied` as the blockers.
    #[inline(always)]
    pub fn attackers(&self, sq: Square, by: Player, occupied: Bb64) -> Bb64 {
        let them = self.players[by.index()];
        let rooks = self.roles[Role::Rook.index()] | self.roles[Role::Queen.index()];
        let bishops = self.roles[Role::Bishop.index()] | self.roles[Role::Queen.index()];
        them & ((attacks::pawn_attacks(by.other(), sq) & self.roles[Role::Pawn.index()])
            | (attacks::knight_attacks(sq) & self.roles[Role::Knight.index()])
            | (attacks::king_attacks(sq) & self.roles[Role::King.index()])
            | (attacks::rook_attacks(sq, occupied) & rooks)
            | (attacks::bishop_attacks(sq, occupied) & bishops))
    }

    /// Whether a piece of `by` attacks `sq` on the current board.
    #[inline(always)]
    pub fn is_attacked(&self, sq: Square, by: Player) -> bool {
        self.attackers(sq, by, self.occupied()).any()
    }

    /// Every square `by` attacks (for evaluation and display; move generation tests squares
    /// one at a time instead).
    pub fn attacked_squares(&self, by: Player) -> Bb64 {
        let occ = self.occupied();
        let mut out = Bb64(0);
        for sq in self.pieces(by, Role::Pawn).squares() {
            out |= attacks::pawn_attacks(by, sq);
        }
        for sq in self.pieces(by, Role::Knight).squares() {
            out |= attacks::knight_attacks(sq);
        }
        for sq in (self.pieces(by, Role::Bishop) | self.pieces(by, Role::Queen)).squares() {
            out |= attacks::bishop_attacks(sq, occ);
        }
        for sq in (self.pieces(by, Role::Rook) | self.pieces(by, Role::Queen)).squares() {
            out |= attacks::rook_attacks(sq, occ);
        }
        out | attacks::king_attacks(self.king(by))
    }

    /// Pieces of the side to move that are pinned to their king.
    #[inline(always)]
    pub fn pinned(&self) -> Bb64 {
        self.pinned_of(self.side)
    }

    /// Men of `us` that are pinned to their king by an enemy slider.
    #[inline(always)]
    pub fn pinned_of(&self, us: Player) -> Bb64 {
        let king = self.king(us);
        let them = self.players[us.other().index()];
        let queens = self.roles[Role::Queen.index()];
        let snipers = them
            & ((attacks::rook_rays(king) & (self.roles[Role::Rook.index()] | queens))
                | (attacks::bishop_rays(king) & (self.roles[Role::Bishop.index()] | queens)));
        let occ = self.occupied();
        let mut pinned = Bb64(0);
        for s in snipers.squares() {
            let blockers = attacks::between(king, s) & occ;
            if blockers.0 & blockers.0.wrapping_sub(1) == 0 {
                pinned |= blockers;
            }
        }
        pinned & self.players[us.index()]
    }

    /// Whether the side to move may capture en passant from `from` onto `to`: the one place of
    /// that rule's legality, horizontal pins included. Tests the king on the board after the
    /// capture, so it needs no pin or check bookkeeping.
    #[inline]
    pub(super) fn en_passant_is_legal(&self, from: Square, to: Square) -> bool {
        let us = self.side;
        let them = us.other();
        let captured = Square(to.0 ^ 8);
        let king = self.king(us);
        let occ = (self.occupied() ^ bb(from) ^ bb(captured)) | bb(to);
        let enemy = self.players[them.index()] & !bb(captured);
        let queens = self.roles[Role::Queen.index()];
        let attackers = (attacks::rook_attacks(king, occ)
            & (self.roles[Role::Rook.index()] | queens))
            | (attacks::bishop_attacks(king, occ) & (self.roles[Role::Bishop.index()] | queens))
            | (attacks::knight_attacks(king) & self.roles[Role::Knight.index()])
            | (attacks::pawn_attacks(us, king) & self.roles[Role::Pawn.index()]);
        (attackers & enemy).is_empty()
    }

    /// The en passant square to record after a double push to `pushed`, if a capture is legal.
    fn legal_en_passant(&self, pushed: Square) -> Option<Square> {
        let target = Square(pushed.0 ^ 8);
        let capturers =
            attacks::pawn_attacks(self.side.other(), target) & self.pieces(self.side, Role::Pawn);
        capturers
            .squares()
            .any(|from| self.en_passant_is_legal(from, target))
            .then_some(target)
    }

    /// The en passant square to record after a double push to `pushed` under rules that ignore
    /// check ([`Position::play_pseudo`]): whenever an enemy pawn stands beside it.
    fn pseudo_en_passant(&self, pushed: Square) -> Option<Square> {
        let target = Square(pushed.0 ^ 8);
        (attacks::pawn_attacks(self.side.other(), target) & self.pieces(self.side, Role::Pawn))
            .any()
            .then_some(target)
    }

    /// Recomputes the derived state (checkers, en passant, key) after the pieces and rights
    /// were set; used by the FEN reader. `PSEUDO`: keep en passant when merely pseudo-legal.
    pub(super) fn finish_setup<const PSEUDO: bool>(
        &mut self,
        en_passant_candidate: Option<Square>,
    ) {
        let king = self.king(self.side);
        self.checkers = self.attackers(king, self.side.other(), self.occupied());
        self.en_passant = en_passant_candidate.and_then(|ep| {
            let pushed = Square(ep.0 ^ 8);
            if PSEUDO {
                self.pseudo_en_passant(pushed)
            } else {
                self.legal_en_passant(pushed)
            }
        });
        self.key = self.compute_key();
    }

    // ---- Keys ----

    /// The incrementally kept Zobrist key.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The key computed from scratch (tests check the incremental key against it).
    pub fn compute_key(&self) -> u64 {
        let mut k = 0;
        for player in Player::BOTH {
            for role in Role::ALL {
                for sq in self.pieces(player, role).squares() {
                    k ^= KEYS.piece(player, role, sq);
                }
            }
        }
        if self.side == Player::Black {
            k ^= KEYS.black_to_move;
        }
        if let Some(ep) = self.en_passant {
            k ^= KEYS.en_passant(ep);
        }
        k ^ KEYS.castling(self.castling)
    }

    // ---- Playing moves ----

    /// Adds or removes one piece, keeping the key (Ven edits its board piece by piece).
    #[inline(always)]
    pub(crate) fn toggle(&mut self, player: Player, role: Role, sq: Square) {
        let b = bb(sq);
        self.roles[role.index()] ^= b;
        self.players[player.index()] ^= b;
        self.key ^= KEYS.piece(player, role, sq);
    }

    /// The position after `mv`, which must be legal here (as generated by
    /// [`Position::legal_moves`]); the colour to move changes.
    #[inline]
    pub fn play(&self, mv: Move) -> Position {
        self.play_with::<false>(mv)
    }

    /// Plays `mv` as [`Position::play`] does, under rules that ignore check (`PSEUDO`, for
    /// [`Position::play_pseudo`]): the mover's king may stay attacked, a king may be captured
    /// (the position then has no king of that colour and no checkers), and en passant is
    /// recorded whenever a pawn could take.
    #[inline(always)]
    pub(super) fn play_with<const PSEUDO: bool>(&self, mv: Move) -> Position {
        let mut p = *self;
        let us = self.side;
        let them = us.other();
        let (from, to) = (mv.from(), mv.to());
        let role = self.role_on(from).expect("a legal move starts on a piece");
        debug_assert!(
            self.players[us.index()].has(from),
            "{mv} moves a piece of the side to move"
        );

        if let Some(ep) = self.en_passant {
            p.key ^= KEYS.en_passant(ep);
            p.en_passant = None;
        }
        p.halfmove_clock = p.halfmove_clock.saturating_add(1);

        // Where the moving piece lands: `to`, but a Chess960 castling is written to the rook's
        // square and the king goes to the g or c file.
        let mut lands = to;
        match mv.kind() {
            MoveKind::EnPassant => p.toggle(them, Role::Pawn, Square(to.0 ^ 8)),
            MoveKind::Capture | MoveKind::PromotionCapture => {
                let captured = self.role_on(to).expect("a capture lands on a piece");
                p.toggle(them, captured, to);
            }
            MoveKind::CastleKingSide | MoveKind::CastleQueenSide => {
                let king_side = mv.kind() == MoveKind::CastleKingSide;
                let (rook_from, rook_to) = if self.castle.is_chess960() {
                    let (king_to, rook_to) = castling_targets(us, king_side);
                    lands = king_to;
                    (to, rook_to)
                } else {
                    castling_rook(us, king_side)
                };
                // Toggles: in Chess960 the king may land where the rook stood or the other way
                // round, and the exclusive-or of both moves leaves every square right.
                p.toggle(us, Role::Rook, rook_from);
                p.toggle(us, Role::Rook, rook_to);
            }
            MoveKind::Quiet | MoveKind::DoublePush | MoveKind::Promotion => {}
        }
        if mv.is_capture() || role == Role::Pawn {
            p.halfmove_clock = 0;
        }
        p.toggle(us, role, from);
        p.toggle(us, mv.promotion_role().unwrap_or(role), lands);

        let mut rights = CastlingRights(
            self.castling.0 & CASTLING_MASK[from.index()] & CASTLING_MASK[to.index()],
        );
        if self.castle.is_chess960() && self.castling.0 != 0 {
            rights = self.rights_after_960(role, from, to);
        }
        if rights != self.castling {
            p.key ^= KEYS.castling(self.castling) ^ KEYS.castling(rights);
            p.castling = rights;
        }

        p.side = them;
        p.key ^= KEYS.black_to_move;
        if us == Player::Black {
            p.fullmove_number = p.fullmove_number.saturating_add(1);
        }
        p.checkers = if PSEUDO && p.pieces(them, Role::King).is_empty() {
            Bb64(0)
        } else {
            p.attackers(p.king(them), us, p.occupied())
        };
        if mv.kind() == MoveKind::DoublePush {
            let ep = if PSEUDO {
                p.pseudo_en_passant(to)
            } else {
                p.legal_en_passant(to)
            };
            if let Some(ep) = ep {
                p.en_passant = Some(ep);
                p.key ^= KEYS.en_passant(ep);
            }
        }
        debug_assert_eq!(p.key, p.compute_key(), "incremental key after {mv}");
        debug_assert!(
            PSEUDO || !p.is_attacked(p.king(us), them),
            "{mv} leaves the king in check"
        );
        p
    }

    /// Where the rook that castles on that side started (orthodox: the corner).
    #[inline(always)]
    pub(super) fn rook_home(&self, player: Player, king_side: bool) -> Square {
        let base = match player {
            Player::White => 0,
            Player::Black => 56,
        };
        Square(base + self.castle.file(player, king_side))
    }

    /// Chess960 rights after a move of `role` from `from` to `to`: a king move ends both of
    /// its side's rights, a move from or onto a castling rook's square ends that right.
    #[cold]
    #[inline(never)]
    fn rights_after_960(&self, role: Role, from: Square, to: Square) -> CastlingRights {
        let mut rights = self.castling.0;
        if role == Role::King {
            rights &=
                !(CastlingRights::bit(self.side, true) | CastlingRights::bit(self.side, false));
        }
        for player in Player::BOTH {
            for king_side in [true, false] {
                let home = self.rook_home(player, king_side);
                if from == home || to == home {
                    rights &= !CastlingRights::bit(player, king_side);
                }
            }
        }
        CastlingRights(rights)
    }

    /// Whether this is a Chess960 position (castling written king takes rook, X-FEN).
    pub fn is_chess960(&self) -> bool {
        self.castle.is_chess960()
    }

    /// The pieces alone: White to move, no rights, no en passant, clocks `0 1`, no checkers.
    /// Its key is then the pieces' key (Ven keeps its board this way and hashes the rest).
    pub(crate) fn bare_board(&self) -> Position {
        let mut p = *self;
        p.side = Player::White;
        p.castling = CastlingRights::NONE;
        p.en_passant = None;
        p.halfmove_clock = 0;
        p.fullmove_number = 1;
        p.checkers = Bb64(0);
        p.key = p.compute_key();
        p
    }

    /// The board as `side` sees it when it is its turn, for move generation only: side, rights
    /// and en passant square set, checkers computed, the key left stale. Either king may be
    /// attacked (Ven: both players write at once, both may start a round in check).
    #[inline(always)]
    pub(crate) fn view(
        &self,
        side: Player,
        castling: CastlingRights,
        en_passant: Option<Square>,
    ) -> Position {
        let mut p = *self;
        p.side = side;
        p.castling = castling;
        p.en_passant = en_passant;
        p.checkers = p.attackers(p.king(side), side.other(), p.occupied());
        p
    }

    /// The position with the other side to move and nothing else changed (null-move pruning).
    /// The side to move must not be in check.
    pub fn null_move(&self) -> Position {
        debug_assert!(self.checkers.is_empty());
        let mut p = *self;
        if let Some(ep) = p.en_passant.take() {
            p.key ^= KEYS.en_passant(ep);
        }
        p.side = self.side.other();
        p.key ^= KEYS.black_to_move;
        p.halfmove_clock = p.halfmove_clock.saturating_add(1);
        p.checkers = Bb64(0);
        p
    }
}
