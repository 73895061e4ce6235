//! Vanguard moves and their notation (spec §9).

use crate::game::ParseError;
use crate::square::{Board16, Square};
use std::fmt::Write;

/// What a move does beyond going from `from` to `to`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
pub enum MoveKind {
    /// Move, capturing by replacement whatever enemy stands on `to`.
    Normal,
    /// A pawn-type man moves to its far rank and promotes.
    Promotion,
    /// Helepolis sideways or backward: every enemy from `from` (exclusive) to `to` is captured.
    Sweep,
    /// Archer rifle capture: the man on `to` is removed and the Archer stays on `from`.
    Rifle,
    /// Bowman landing on `to`, then shooting the man on `shot`.
    Shot,
    /// Wizard swap with the friendly man on `to`.
    Swap,
    /// Wizard swap that puts a pawn-type man on its far rank, where it promotes.
    SwapPromotion,
}

/// A move: four bytes, copied freely.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    /// The shot target of a [`MoveKind::Shot`]; `from` otherwise (never read).
    pub shot: Square,
    pub kind: MoveKind,
}

impl Move {
    #[inline(always)]
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move {
            from,
            to,
            shot: from,
            kind,
        }
    }
    #[inline(always)]
    pub const fn with_shot(from: Square, to: Square, shot: Square) -> Move {
        Move {
            from,
            to,
            shot,
            kind: MoveKind::Shot,
        }
    }
}

/// A move string as written (§9.1), before it is matched against the legal moves.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Notation {
    pub from: Square,
    /// `None` for an Archer rifle capture (`h8xf7`).
    pub to: Option<Square>,
    /// The square after `x`: the rifle or shot target.
    pub target: Option<Square>,
    pub promotion: Option<char>,
}

/// Parses the grammar of §9.1; the error names the bad token.
pub fn parse_notation(s: &str) -> Result<Notation, ParseError> {
    let bad = |what: &str| ParseError::with_token(format!("bad {what} in move '{s}'"), s);
    let square = |rest: &str, what: &str| -> Result<(Square, usize), ParseError> {
        let (sq, tail) = Square::parse_prefix::<Board16>(rest).ok_or_else(|| bad(what))?;
        Ok((sq, rest.len() - tail.len()))
    };
    if !s.is_ascii() {
        return Err(bad("character"));
    }
    let (from, used) = square(s, "origin square")?;
    let rest = &s[used..];
    if let Some(target) = rest.strip_prefix('x') {
        let (target, used) = square(target, "rifle target")?;
        if used != rest.len() - 1 {
            return Err(bad("trailing text"));
        }
        return Ok(Notation {
            from,
            to: None,
            target: Some(target),
            promotion: None,
        });
    }
    let (to, used) = square(rest, "destination square")?;
    let mut rest = &rest[used..];
    let mut target = None;
    if let Some(t) = rest.strip_prefix('x') {
        let (sq, used) = square(t, "shot target")?;
        target = Some(sq);
        rest = &t[used..];
    }
    let promotion = match rest {
        "" => None,
        "n" | "h" | "l" => rest.chars().next(),
        _ => return Err(bad("promotion letter")),
    };
    Ok(Notation {
        from,
        to: Some(to),
        target,
        promotion,
    })
}

/// Writes `sq` in algebraic notation.
pub(super) fn push_square(out: &mut String, sq: Square) {
    let _ = write!(out, "{}", sq.display::<Board16>());
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse::<Board16>(s).unwrap()
    }

    #[test]
    fn the_grammar_of_section_9() {
        let n = parse_notation("a1a16").unwrap();
        assert_eq!(
            (n.from, n.to, n.target, n.promotion),
            (sq("a1"), Some(sq("a16")), None, None)
        );
        let n = parse_notation("h10h1").unwrap();
        assert_eq!((n.from, n.to), (sq("h10"), Some(sq("h1"))));
        let n = parse_notation("h8xf7").unwrap();
        assert_eq!((n.from, n.to, n.target), (sq("h8"), None, Some(sq("f7"))));
        let n = parse_notation("e4g5xh7").unwrap();
        assert_eq!((n.to, n.target), (Some(sq("g5")), Some(sq("h7"))));
        let n = parse_notation("k14k16l").unwrap();
        assert_eq!((n.to, n.promotion), (Some(sq("k16")), Some('l')));
        assert_eq!(parse_notation("e16f15n").unwrap().promotion, Some('n'));
    }

    #[test]
    fn malformed_moves_name_the_bad_token() {
        for (s, token) in [
            ("", "origin"),
            ("q1a1", "origin"),
            ("a17a1", "destination"),
            ("a1", "destination"),
            ("a01a2", "origin"),
            ("a1a2q", "promotion"),
            ("a1a2N", "promotion"),
            ("a1xb3c4", "trailing"),
            ("a1b3x", "shot"),
            ("a1a2nn", "promotion"),
            ("é1a1", "character"),
        ] {
            let err = parse_notation(s).unwrap_err().to_string();
            assert!(
                err.contains(token) && err.contains(&format!("'{s}'")),
                "{s}: {err}"
            );
        }
    }
}
