//! A position and a ply as a board shows them, in types: each square's men, the pieces under way,
//! what a ply moved and removed and why. Every variant writes these from its own typed positions
//! and moves (in `variants/<name>/describe.rs`), so the web board, `chimera svg` and `d` draw
//! them without reading FEN or knowing a variant's rules. Output only: these allocate.

use crate::game::Player;
use crate::square::{Geometry, Square};
use std::fmt;

/// A square as a board draws it: file and rank from 0 at a1, on a board of any size.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    pub file: u8,
    pub rank: u8,
}

impl Cell {
    pub const fn new(file: u8, rank: u8) -> Cell {
        Cell { file, rank }
    }

    /// The cell of `sq` on board `G`.
    pub const fn of<G: Geometry>(sq: Square) -> Cell {
        Cell::new(sq.file::<G>(), sq.rank::<G>())
    }

    /// Chebyshev distance (king steps) to `other`.
    pub fn distance(self, other: Cell) -> u8 {
        self.file
            .abs_diff(other.file)
            .max(self.rank.abs_diff(other.rank))
    }
}

/// `e4`, `p16`.
impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file) as char,
            u32::from(self.rank) + 1
        )
    }
}

/// A man as a board draws it: its colour, its letter in the variant's notation (upper case) and
/// its name.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Man {
    pub colour: Player,
    /// Upper case, whatever the colour.
    pub letter: char,
    pub name: &'static str,
}

impl Man {
    pub fn new(colour: Player, letter: char, name: &'static str) -> Man {
        Man {
            colour,
            letter: letter.to_ascii_uppercase(),
            name,
        }
    }

    /// The letter as FEN writes it: upper case for White, lower case for Black.
    pub fn fen_letter(self) -> char {
        match self.colour {
            Player::White => self.letter,
            Player::Black => self.letter.to_ascii_lowercase(),
        }
    }
}

/// A man under way (Lene Hau): seen on `at`, going to `to`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Traveller {
    pub man: Man,
    pub at: Cell,
    pub to: Cell,
    /// A castling rook committed on its corner, moved to `to` when its king arrives.
    pub committed: bool,
}

/// A position as a board shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView {
    pub files: u8,
    pub ranks: u8,
    /// The men standing on each cell (`rank * files + file`), several on a stack (Lene Hau).
    standing: Vec<Vec<Man>>,
    /// Men under way (Lene Hau), each also seen on its cell.
    pub travellers: Vec<Traveller>,
    /// The colour of the men the next ply moves: at a 007 enemy ply, not the decider's; in a
    /// Ven round, the first mover's.
    pub colour: Player,
    /// What else the board must say, in words (007's turn phase, Ven's first mover).
    pub notes: Vec<String>,
}

impl BoardView {
    /// An empty board of `files` x `ranks` (at most 26 x 99: letters and two-digit ranks).
    pub fn new(files: u8, ranks: u8, colour: Player) -> BoardView {
        BoardView {
            files,
            ranks,
            standing: vec![Vec::new(); usize::from(files) * usize::from(ranks)],
            travellers: Vec::new(),
            colour,
            notes: Vec::new(),
        }
    }

    /// The board `G` with `man_on(sq)` on each square.
    pub fn from_squares<G: Geometry>(
        colour: Player,
        man_on: impl Fn(Square) -> Option<Man>,
    ) -> Self {
        let mut view = BoardView::new(G::FILES, G::RANKS, colour);
        for i in 0..G::SQUARES {
            let sq = Square::new(i as u8);
            if let Some(man) = man_on(sq) {
                view.put(Cell::of::<G>(sq), man);
            }
        }
        view
    }

    fn index(&self, cell: Cell) -> Option<usize> {
        (cell.file < self.files && cell.rank < self.ranks)
            .then(|| usize::from(cell.rank) * usize::from(self.files) + usize::from(cell.file))
    }

    pub fn contains(&self, cell: Cell) -> bool {
        self.index(cell).is_some()
    }

    /// Stands `man` on `cell` (on top of any there); off the board, nothing.
    pub fn put(&mut self, cell: Cell, man: Man) {
        if let Some(i) = self.index(cell) {
            self.standing[i].push(man);
        }
    }

    /// The men standing on `cell`, bottom first; none off the board.
    pub fn men_at(&self, cell: Cell) -> &[Man] {
        self.index(cell).map_or(&[], |i| &self.standing[i])
    }

    /// Every cell, a1 first, rank by rank.
    pub fn cells(&self) -> impl Iterator<Item = Cell> {
        let (files, ranks) = (self.files, self.ranks);
        (0..ranks).flat_map(move |r| (0..files).map(move |f| Cell::new(f, r)))
    }

    /// Every man on the board, standing or travelling.
    pub fn men(&self) -> impl Iterator<Item = Man> + '_ {
        self.standing
            .iter()
            .flatten()
            .copied()
            .chain(self.travellers.iter().map(|t| t.man))
    }

    /// The cell of `colour`'s king (letter `K`), standing or travelling, if it has exactly one.
    pub fn king(&self, colour: Player) -> Option<Cell> {
        let is_king = |m: &Man| m.colour == colour && m.letter == 'K';
        let mut found = self
            .cells()
            .flat_map(|c| self.men_at(c).iter().filter(|m| is_king(m)).map(move |_| c))
            .chain(
                self.travellers
                    .iter()
                    .filter(|t| is_king(&t.man))
                    .map(|t| t.at),
            );
        let first = found.next();
        match found.next() {
            None => first,
            Some(_) => None,
        }
    }
}

/// How a ply took a man off the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum How {
    /// The mover took its square.
    Captured,
    EnPassant,
    /// Double-Ended: the man beyond the destination.
    Approach,
    /// Double-Ended: the man behind the origin.
    Withdrawal,
    /// Vanguard: a rifle shot or a Bowman's shot; the shooter does not take the square.
    Shot,
    /// Vanguard: a Helepolis sweep.
    Swept,
    /// Lene Hau: a man ordered earlier arrived on it.
    Arrival,
    /// Ven: taken back on the square where it captured.
    Vengeance,
}

impl How {
    /// The word the page and pictures show.
    pub const fn word(self) -> &'static str {
        match self {
            How::Captured => "captured",
            How::EnPassant => "en passant",
            How::Approach => "approach",
            How::Withdrawal => "withdrawal",
            How::Shot => "shot",
            How::Swept => "swept",
            How::Arrival => "arrival",
            How::Vengeance => "vengeance",
        }
    }
}

impl fmt::Display for How {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// A man a ply took off the board, where and how.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Removed {
    pub at: Cell,
    pub man: Man,
    pub how: How,
}

impl Removed {
    /// Each of `removed` as `(square, FEN letter, how)`, for tests to compare.
    #[cfg(test)]
    pub(crate) fn brief(removed: &[Removed]) -> Vec<(String, char, How)> {
        removed
            .iter()
            .map(|r| (r.at.to_string(), r.man.fen_letter(), r.how))
            .collect()
    }
}

/// What one ply did, as a board marks it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlyEffects {
    /// The cells a man went from and to; `None` for a pass or a shot from where it stands.
    pub moved: Option<(Cell, Cell)>,
    /// A shot: from the shooter's cell (after any move) to the target.
    pub shot: Option<(Cell, Cell)>,
    /// The decider moved a man of the other colour (a 007 enemy ply).
    pub enemy: bool,
    pub removed: Vec<Removed>,
    /// Men this ply set under way (Lene Hau); they show on the board after it.
    pub under_way: Vec<Traveller>,
}

/// The men of `victims`' colour standing on a cell before a ply and not after it, cell by cell
/// (a stack counted man by man), each with the way `how` says it went. The variants use this
/// with their typed move to say how.
pub fn removed_between(
    before: &BoardView,
    after: &BoardView,
    victims: Player,
    how: impl Fn(Cell, Man) -> How,
) -> Vec<Removed> {
    let mut out = Vec::new();
    for cell in before.cells() {
        let mut left: Vec<Man> = after.men_at(cell).to_vec();
        for &man in before.men_at(cell) {
            if let Some(i) = left.iter().position(|m| *m == man) {
                left.swap_remove(i);
            } else if man.colour == victims {
                out.push(Removed {
                    at: cell,
                    man,
                    how: how(cell, man),
                });
            }
        }
    }
    out
}

impl PlyEffects {
    /// A ply that moved a man from `moved.0` to `moved.1` (none for a pass) and removed the
    /// enemy men gone from `before` to `after` (the colour not to move in `before`), each as
    /// `how` says.
    pub fn between(
        before: &BoardView,
        after: &BoardView,
        moved: Option<(Cell, Cell)>,
        how: impl Fn(Cell, Man) -> How,
    ) -> PlyEffects {
        PlyEffects {
            moved,
            removed: removed_between(before, after, before.colour.other(), how),
            ..PlyEffects::default()
        }
    }
}

/// What became of one order of a simultaneous round (Ven), as a board marks it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderEffect {
    pub side: Player,
    /// The order in the variant's notation.
    pub text: String,
    pub from: Cell,
    pub to: Cell,
    /// Where the man stopped (a slider blocked, a double step cut short); `to` otherwise.
    pub stop: Cell,
    /// The rules' result code (`ok`, `nx`, `blk:e5`, `void:cap`, `fired`...).
    pub code: String,
    /// The order did nothing.
    pub void: bool,
    /// A vengeance order (written `...v`); `fired` says whether it struck.
    pub vengeance: bool,
    pub fired: bool,
}

/// What a simultaneous round did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundEffects {
    /// White's order, then Black's.
    pub orders: Vec<OrderEffect>,
    pub removed: Vec<Removed>,
    /// The kings in check after the round.
    pub checks: Vec<Player>,
    /// The rules' report as the protocol prints it (`ok void:cap B`).
    pub report: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn man(colour: Player, letter: char) -> Man {
        Man::new(colour, letter, "")
    }

    #[test]
    fn cells_are_named_on_any_board() {
        assert_eq!(Cell::new(4, 3).to_string(), "e4");
        assert_eq!(Cell::new(15, 15).to_string(), "p16");
        assert_eq!(Cell::new(0, 0).distance(Cell::new(2, 5)), 5);
    }

    #[test]
    fn a_stack_loses_only_the_men_that_left() {
        let mut before = BoardView::new(8, 8, Player::White);
        let d5 = Cell::new(3, 4);
        before.put(d5, man(Player::Black, 'N'));
        before.put(d5, man(Player::Black, 'P'));
        before.put(Cell::new(0, 0), man(Player::White, 'K'));
        let mut after = BoardView::new(8, 8, Player::Black);
        after.put(d5, man(Player::Black, 'P'));
        let removed = removed_between(&before, &after, Player::Black, |_, _| How::Arrival);
        assert_eq!(removed.len(), 1, "the white king is not Black's loss");
        assert_eq!((removed[0].at, removed[0].man.letter), (d5, 'N'));
        assert_eq!(before.men_at(d5).len(), 2);
        assert!(before.men_at(Cell::new(8, 0)).is_empty());
    }

    #[test]
    fn a_king_is_found_standing_or_travelling_and_only_if_alone() {
        let mut view = BoardView::new(8, 8, Player::White);
        assert_eq!(view.king(Player::White), None);
        view.travellers.push(Traveller {
            man: man(Player::White, 'K'),
            at: Cell::new(5, 0),
            to: Cell::new(6, 0),
            committed: false,
        });
        assert_eq!(view.king(Player::White), Some(Cell::new(5, 0)));
        view.put(Cell::new(0, 0), man(Player::White, 'K'));
        assert_eq!(view.king(Player::White), None);
        assert_eq!(man(Player::Black, 'q').fen_letter(), 'q');
    }
}
