//! The move type: origin, destination, and the victims its geometry forces.

use super::geometry::NO_SQUARE;
use super::piece::Role;
use crate::square::{Board8, Square};
use std::fmt;

/// A move. It carries the mover's role and the squares of the enemy pieces it captures (found
/// once, by the generator), so playing it and asking what it captures need no geometry.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Move {
    pub(super) from: Square,
    pub(super) to: Square,
    /// The role of the moving piece (before any promotion), so playing it looks nothing up.
    pub(super) role: Role,
    /// The square of the piece captured by withdrawal, or [`NO_SQUARE`].
    pub(super) withdrawn: Square,
    /// The square of the piece captured by approach, or [`NO_SQUARE`].
    pub(super) approached: Square,
    pub(super) promotion: Option<Role>,
    pub(super) castle: bool,
}

impl Move {
    pub fn from(self) -> Square {
        self.from
    }
    pub fn to(self) -> Square {
        self.to
    }
    pub fn promotion(self) -> Option<Role> {
        self.promotion
    }
    pub fn is_castle(self) -> bool {
        self.castle
    }
    /// Whether the move removes at least one enemy piece.
    #[inline(always)]
    pub fn is_capture(self) -> bool {
        self.withdrawn != NO_SQUARE || self.approached != NO_SQUARE
    }
    /// The square of the enemy piece captured by withdrawal, if any.
    pub fn withdrawal_victim(self) -> Option<Square> {
        (self.withdrawn != NO_SQUARE).then_some(self.withdrawn)
    }
    /// The square of the enemy piece captured by approach, if any.
    pub fn approach_victim(self) -> Option<Square> {
        (self.approached != NO_SQUARE).then_some(self.approached)
    }
}

// Seven bytes, as with raw `u8` squares: a `Square` is a `u8` underneath, and "no victim" is a
// square value rather than an `Option` (a byte more each).
const _: () = assert!(std::mem::size_of::<Move>() == 7);

/// UCI notation: `e2e4`, `g7h8m`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            self.from().display::<Board8>(),
            self.to().display::<Board8>()
        )?;
        if let Some(k) = self.promotion {
            write!(f, "{}", k.letter())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")?;
        for v in [self.withdrawal_victim(), self.approach_victim()]
            .into_iter()
            .flatten()
        {
            write!(f, "x{}", v.display::<Board8>())?;
        }
        Ok(())
    }
}
