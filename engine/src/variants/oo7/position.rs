//! The 007 position: an orthodox board plus who chooses the next ply, and what play does to it.

use super::detente::Detente;
use super::options::Options;
use super::turn::TurnState;
use super::zobrist;
use super::MoveList;
use crate::bitboard::Bitboard;
use crate::game::Player;
use crate::square::Square;
use crate::variants::chess::{Move, MoveKind, Position as Board, Role};

/// A 007 position (a small `Copy` value, played by copy-make).
///
/// Every ply is an orthodox move of the colour on the board ([`Board::side_to_move`]); the turn
/// state says which *player* chooses it. Built by [`Position::start`] or
/// [`Position::from_fen`](super::Position::from_fen), played by [`Position::play`].
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Position {
    pub(super) board: Board,
    pub(super) options: Options,
    pub(super) turn: TurnState,
    /// Always empty without Detente.
    pub(super) detente: Detente,
    /// The square the last ply's double step passed over: FEN field 4 shows it whether or not a
    /// capture is possible (§10.2); the board keeps it only when one is, which is what the key
    /// and repetition want.
    pub(super) double_step: Option<Square>,
    /// Fast-and-deadly: the colour whose king was just captured. The game is over; that
    /// colour's owner lost.
    pub(super) king_taken: Option<Player>,
    pub(super) key: u64,
}

impl Position {
    /// The orthodox start position with the schedule's first turn state.
    pub fn start(options: &Options) -> Position {
        Position::new(
            Board::start(),
            *options,
            TurnState::start(options.schedule),
            Detente::EMPTY,
            None,
        )
    }

    pub(super) fn new(
        board: Board,
        options: Options,
        turn: TurnState,
        detente: Detente,
        double_step: Option<Square>,
    ) -> Position {
        Position {
            board,
            options,
            turn,
            detente,
            double_step,
            king_taken: None,
            key: board.key() ^ zobrist::state_key(turn, detente),
        }
    }

    /// The orthodox board; its side to move is the colour of the next ply.
    #[inline(always)]
    pub fn board(&self) -> &Board {
        &self.board
    }

    #[inline(always)]
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Who chooses the next ply, which ply of the turn it is, and how long the turn is.
    #[inline(always)]
    pub fn turn(&self) -> TurnState {
        self.turn
    }

    /// The Detente sets `F` and `E` (empty without Detente).
    #[inline(always)]
    pub fn detente(&self) -> Detente {
        self.detente
    }

    /// The colour the next ply moves.
    #[inline(always)]
    pub fn color(&self) -> Player {
        self.board.side_to_move()
    }

    /// Whether the next ply moves the controller's own pieces.
    #[inline(always)]
    pub fn is_friendly_ply(&self) -> bool {
        self.board.side_to_move() == self.turn.controller
    }

    /// Fast-and-deadly: the colour whose king the last ply captured (its owner has lost).
    #[inline(always)]
    pub fn king_taken(&self) -> Option<Player> {
        self.king_taken
    }

    /// Whether the Detente filter acts on the next ply: a friendly ply after an earlier ply of
    /// the same turn (the sets are empty otherwise).
    #[inline(always)]
    fn filtered(&self) -> bool {
        !self.detente.is_empty() && self.is_friendly_ply()
    }

    /// The plies of the colour to move before the Detente filter: orthodox legal moves, or
    /// pseudo-legal ones under fast-and-deadly (none once a king has been captured).
    #[inline(always)]
    pub(super) fn unfiltered_plies(&self, out: &mut MoveList) {
        if self.king_taken.is_some() {
            return;
        }
        if self.options.fast_and_deadly {
            self.board.pseudo_legal_moves(out);
        } else {
            self.board.legal_moves(out);
        }
    }

    /// Appends the legal plies (§5, §6, §9): none once a king has been captured.
    #[inline]
    pub fn legal_plies(&self, out: &mut MoveList) {
        self.unfiltered_plies(out);
        if self.filtered() {
            self.detente.filter(out);
        }
    }

    /// The number of legal plies; bulk-counted by the board where no filter acts.
    #[inline]
    pub fn count_legal_plies(&self) -> u64 {
        if self.king_taken.is_some() {
            return 0;
        }
        if self.filtered() {
            let mut list = MoveList::new();
            self.legal_plies(&mut list);
            return list.len() as u64;
        }
        if self.options.fast_and_deadly {
            self.board.count_pseudo_legal_moves()
        } else {
            self.board.count_legal_moves()
        }
    }

    /// The position after `mv`, which must be one of [`Position::legal_plies`].
    #[inline]
    pub fn play(&self, mv: Move) -> Position {
        let color = self.board.side_to_move();
        let fast = self.options.fast_and_deadly;
        let king_taken = (fast
            && mv.kind() != MoveKind::EnPassant
            && self.board.pieces(color.other(), Role::King).has(mv.to()))
        .then_some(color.other());
        let board = if fast {
            self.board.play_pseudo(mv)
        } else {
            self.board.play(mv)
        };
        let detente = if self.options.detente {
            self.detente
                .after(mv, color == self.turn.controller, self.turn.is_last_ply())
        } else {
            Detente::EMPTY
        };
        let turn = self.turn.advance(self.options.schedule);
        let double_step =
            (mv.kind() == MoveKind::DoublePush).then(|| Square((mv.from().0 + mv.to().0) / 2));
        let p = Position {
            board,
            options: self.options,
            turn,
            detente,
            double_step,
            king_taken,
            key: board.key() ^ zobrist::state_key(turn, detente),
        };
        debug_assert_eq!(p.key, p.compute_key(), "incremental key after {mv}");
        p
    }

    /// The key: the board's incremental key, plus the turn state and the Detente sets.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The key recomputed from scratch (tests and debug assertions compare).
    pub fn compute_key(&self) -> u64 {
        self.board.compute_key() ^ zobrist::state_key(self.turn, self.detente)
    }
}
