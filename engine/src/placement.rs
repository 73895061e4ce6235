//! The placement field of FEN, read once for every variant: ranks from the top separated by
//! `/`, each listing its squares from the a-file, a letter for a piece and a number for a run
//! of empty squares.
//!
//! A variant supplies its board ([`Geometry`]), its letters and what to do with each piece;
//! the reader finds where the text is wrong and says so in a [`PlacementError`], which the
//! variant words in its own messages (each naming the bad token).
//!
//! - Runs: on boards of at most 9 files a run is one digit and two never touch (orthodox FEN:
//!   `44` is wrong at its second `4`); on wider boards the digits in a row are one number
//!   (`16`), without a leading zero. Either way a run is 1 to the board's width.
//! - Stacks (where the variant has them): `[NP]` puts two or more pieces of one colour (one
//!   letter case) on one square.

use crate::square::{Geometry, Square};

/// What is wrong with a placement field.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PlacementError<'a, E> {
    /// The field has this many ranks, not the board's.
    Ranks(usize),
    /// Something in one rank.
    Rank(RankError<'a, E>),
}

/// A fault in one rank: the rank's name (1 for the first rank), its text and the fault.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RankError<'a, E> {
    pub rank: u8,
    pub text: &'a str,
    pub fault: Fault<'a, E>,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Fault<'a, E> {
    /// An empty run that is zero, wider than the board, has a leading zero or (on narrow
    /// boards) follows another run: the run's text.
    Run(&'a str),
    /// A letter that names no piece: the letter's text.
    Letter(&'a str),
    /// The rank runs past the last file.
    Long,
    /// The rank ends short of the last file, after this many squares.
    Short(u32),
    /// A stack `[` with no `]`.
    Unclosed,
    /// A stack of fewer than two pieces.
    Lone,
    /// A stack of both colours.
    Mixed,
    /// The variant refused a piece where it stands (a pawn on its last rank, too many pieces).
    Piece(E),
}

/// Reads `field` onto board `G`: `letter` names the piece of a letter (`None`: no such piece),
/// `put` places it, or refuses it with an error of the variant's own. `stacks`: whether `[..]`
/// stacks are allowed. Pieces are put rank by rank from the top, each rank from the a-file.
pub fn read_placement<'a, G: Geometry, P, E>(
    field: &'a str,
    stacks: bool,
    letter: impl Fn(char) -> Option<P>,
    mut put: impl FnMut(Square, P) -> Result<(), E>,
) -> Result<(), PlacementError<'a, E>> {
    let ranks = field.split('/').count();
    if ranks != G::RANKS as usize {
        return Err(PlacementError::Ranks(ranks));
    }
    for (i, text) in field.split('/').enumerate() {
        let rank = G::RANKS - 1 - i as u8;
        read_rank::<G, P, E>(text, rank, stacks, &letter, &mut put).map_err(|fault| {
            PlacementError::Rank(RankError {
                rank: rank + 1,
                text,
                fault,
            })
        })?;
    }
    Ok(())
}

/// One rank (`rank`, 0 for the first), from the a-file.
fn read_rank<'a, G: Geometry, P, E>(
    text: &'a str,
    rank: u8,
    stacks: bool,
    letter: &impl Fn(char) -> Option<P>,
    put: &mut impl FnMut(Square, P) -> Result<(), E>,
) -> Result<(), Fault<'a, E>> {
    let files = G::FILES as u32;
    let mut file = 0u32;
    let mut rest = text;
    let mut after_run = false;
    while let Some(c) = rest.chars().next() {
        if c.is_ascii_digit() {
            let run = empty_run::<G>(rest);
            let n: u32 = run.parse().unwrap_or(0);
            if after_run || run.starts_with('0') || !(1..=files).contains(&n) {
                return Err(Fault::Run(run));
            }
            file += n;
            if file > files {
                return Err(Fault::Long);
            }
            rest = &rest[run.len()..];
            after_run = true;
            continue;
        }
        after_run = false;
        // The letters of one square: one, or a stack's.
        let (letters, len) = if c == '[' && stacks {
            let end = rest.find(']').ok_or(Fault::Unclosed)?;
            if rest[1..end].chars().count() < 2 {
                return Err(Fault::Lone);
            }
            (&rest[1..end], end + 1)
        } else {
            (&rest[..c.len_utf8()], c.len_utf8())
        };
        let white = letters.starts_with(|c: char| c.is_ascii_uppercase());
        for (j, l) in letters.char_indices() {
            let piece = letter(l).ok_or(Fault::Letter(&letters[j..j + l.len_utf8()]))?;
            if l.is_ascii_uppercase() != white {
                return Err(Fault::Mixed);
            }
            if file >= files {
                return Err(Fault::Long);
            }
            put(Square::from_coords::<G>(file as u8, rank), piece).map_err(Fault::Piece)?;
        }
        file += 1;
        rest = &rest[len..];
    }
    if file != files {
        return Err(Fault::Short(file));
    }
    Ok(())
}

/// The empty run at the start of `text`: one digit on boards of at most 9 files, else all the
/// digits in a row.
fn empty_run<G: Geometry>(text: &str) -> &str {
    let len = if G::FILES <= 9 {
        1
    } else {
        text.find(|c: char| !c.is_ascii_digit())
            .unwrap_or(text.len())
    };
    &text[..len]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::square::{Board16, Board8};

    /// The pieces read, as (square, letter), or the error.
    fn read<G: Geometry>(
        field: &str,
        stacks: bool,
    ) -> Result<Vec<(u8, char)>, PlacementError<'_, ()>> {
        let mut out = Vec::new();
        read_placement::<G, char, ()>(
            field,
            stacks,
            |c| "KQRBNPkqrbnp".contains(c).then_some(c),
            |sq, c| {
                if c == 'P' && sq.0 >= 56 {
                    return Err(());
                }
                out.push((sq.0, c));
                Ok(())
            },
        )?;
        Ok(out)
    }

    fn fault(field: &str, stacks: bool) -> (u8, &str, Fault<'_, ()>) {
        match read::<Board8>(field, stacks) {
            Err(PlacementError::Rank(e)) => (e.rank, e.text, e.fault),
            other => panic!("{field}: {other:?}"),
        }
    }

    #[test]
    fn pieces_are_put_from_the_top_rank_and_the_a_file() {
        let got = read::<Board8>("k7/8/8/8/8/8/8/6QK", false).unwrap();
        assert_eq!(got, vec![(56, 'k'), (6, 'Q'), (7, 'K')]);
        let got = read::<Board8>("8/8/8/8/8/8/8/2[NP]4K", true).unwrap();
        assert_eq!(got, vec![(2, 'N'), (2, 'P'), (7, 'K')]);
    }

    #[test]
    fn every_fault_names_its_rank_and_token() {
        assert_eq!(
            read::<Board8>("8/8/8", false),
            Err(PlacementError::Ranks(3))
        );
        let top = "8/8/8/8/8/8/8/";
        assert_eq!(fault("44/8/8/8/8/8/8/8", false), (8, "44", Fault::Run("4")));
        assert_eq!(fault("9/8/8/8/8/8/8/8", false), (8, "9", Fault::Run("9")));
        assert_eq!(fault("0/8/8/8/8/8/8/8", false), (8, "0", Fault::Run("0")));
        assert_eq!(fault(&format!("{top}7x"), false).2, Fault::Letter("x"));
        assert_eq!(fault(&format!("{top}ppppppppp"), false).2, Fault::Long);
        assert_eq!(fault(&format!("{top}7p1"), false).2, Fault::Long);
        assert_eq!(fault(&format!("{top}7"), false).2, Fault::Short(7));
        assert_eq!(fault(&format!("{top}[NP]7"), false).2, Fault::Letter("["));
        assert_eq!(fault(&format!("{top}[NP7"), true).2, Fault::Unclosed);
        assert_eq!(fault(&format!("{top}[N]7"), true).2, Fault::Lone);
        assert_eq!(fault(&format!("{top}[Np]7"), true).2, Fault::Mixed);
        assert_eq!(fault(&format!("{top}[Nx]7"), true).2, Fault::Letter("x"));
        assert_eq!(fault(&format!("{top}7[NP]K"), true).2, Fault::Long);
        assert_eq!(
            fault("7P/8/8/8/8/8/8/8", false),
            (8, "7P", Fault::Piece(()))
        );
    }

    #[test]
    fn wide_boards_read_runs_as_numbers() {
        let sixteen = "16/".repeat(15);
        let got = read::<Board16>(&format!("{sixteen}k14K"), false).unwrap();
        assert_eq!(got, vec![(0, 'k'), (15, 'K')]);
        for (rank, fault) in [
            ("17", Fault::Run("17")),
            ("016", Fault::Run("016")),
            ("15pp", Fault::Long),
            ("8", Fault::Short(8)),
        ] {
            match read::<Board16>(&format!("{sixteen}{rank}"), false) {
                Err(PlacementError::Rank(e)) => assert_eq!(e.fault, fault, "{rank}"),
                other => panic!("{rank}: {other:?}"),
            }
        }
    }
}
