//! The board as SVG, for the web board (`chimera serve`, which sends it to the page) and for
//! `chimera svg` (a file). One renderer for both, drawn from a FEN's placement, so any variant
//! on any board size is drawn; the last ply, what it removed and why, and a checked king are
//! marked on it. Each square is a `rect` with `data-sq`, which the page's clicks read.

pub mod pieces;

use chimera_protocol::board_api::{square_name, squares_of, Grid, Removed};
use std::collections::BTreeSet;
use std::fmt::Write;

/// Side of a square, in SVG units.
const S: usize = 60;
/// Room for the coordinates, left and below.
const M: usize = 22;

/// What is marked on the board besides the pieces.
#[derive(Clone, Debug, Default)]
pub struct Marks {
    /// The last ply's text (its squares are read from it).
    pub last: Option<String>,
    /// The last ply moved the other colour's piece (a 007 enemy ply).
    pub enemy: bool,
    pub removed: Vec<Removed>,
    /// The square of a king in check.
    pub check: Option<(usize, usize)>,
    /// Black at the bottom.
    pub flipped: bool,
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('\'', "&#39;")
        .replace('"', "&quot;")
}

fn symbol_id(letter: char) -> String {
    let colour = if letter.is_ascii_uppercase() {
        'w'
    } else {
        'b'
    };
    format!("pc-{colour}-{letter}")
}

/// The square of the king of `colour_white`'s side, if exactly one.
pub fn king_square(grid: &Grid, white: bool) -> Option<(usize, usize)> {
    let king = if white { 'K' } else { 'k' };
    let mut found = None;
    for rank in 0..grid.height() {
        for file in 0..grid.width() {
            if grid.at(file, rank) == Some(king) {
                if found.is_some() {
                    return None;
                }
                found = Some((file, rank));
            }
        }
    }
    found
}

/// The board of `variant` with `grid`'s pieces and `marks`, as a standalone SVG document.
pub fn board_svg(variant: &str, grid: &Grid, marks: &Marks) -> String {
    let (w, h) = (grid.width(), grid.height());
    let width = M + w * S + 2;
    let height = h * S + M + 2;
    // Top-left corner of a square.
    let corner = |file: usize, rank: usize| -> (usize, usize) {
        let (col, row) = if marks.flipped {
            (w - 1 - file, rank)
        } else {
            (file, h - 1 - rank)
        };
        (M + col * S, 1 + row * S)
    };
    let centre = |sq: (usize, usize)| {
        let (x, y) = corner(sq.0, sq.1);
        (x + S / 2, y + S / 2)
    };
    let mut out = String::with_capacity(16 * 1024);
    let _ = write!(
        out,
        "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {width} {height}' \
         width='{width}' height='{height}' class='board' data-variant='{}' data-files='{w}' \
         data-ranks='{h}'>",
        escape(variant)
    );
    // One symbol per piece letter shown.
    let letters: BTreeSet<char> = grid
        .rows
        .iter()
        .flatten()
        .flatten()
        .copied()
        .chain(marks.removed.iter().map(|r| r.piece))
        .filter(char::is_ascii_alphabetic)
        .collect();
    out.push_str("<defs>");
    for &letter in &letters {
        let _ = write!(
            out,
            "<symbol id='{}' viewBox='0 0 100 100'><title>{}</title>{}</symbol>",
            symbol_id(letter),
            pieces::name(variant, letter),
            pieces::drawing(letter)
        );
    }
    out.push_str("</defs>");
    out.push_str("<g class='squares'>");
    for rank in 0..h {
        for file in 0..w {
            let (x, y) = corner(file, rank);
            let light = (file + rank) % 2 == 1;
            let _ = write!(
                out,
                "<rect class='sq {}' data-sq='{}' x='{x}' y='{y}' width='{S}' height='{S}' fill='{}'/>",
                if light { "light" } else { "dark" },
                square_name(file, rank),
                if light { "#efdab5" } else { "#b88a62" }
            );
        }
    }
    out.push_str("</g><g class='marks' pointer-events='none'>");
    let last_squares = marks.last.as_deref().map(squares_of).unwrap_or_default();
    let tint = if marks.enemy { "#a36bd8" } else { "#f2d43d" };
    for &(file, rank) in last_squares.iter().take(2) {
        if file < w && rank < h {
            let (x, y) = corner(file, rank);
            let _ = write!(
                out,
                "<rect class='last' x='{x}' y='{y}' width='{S}' height='{S}' fill='{tint}' \
                 opacity='0.5'/>"
            );
        }
    }
    if let Some((file, rank)) = marks.check.filter(|&(f, r)| f < w && r < h) {
        let (cx, cy) = centre((file, rank));
        let _ = write!(
            out,
            "<circle class='check' cx='{cx}' cy='{cy}' r='{}' fill='#e53e3e' opacity='0.55'/>",
            S / 2 - 2
        );
    }
    out.push_str("</g><g class='pieces' pointer-events='none'>");
    for rank in 0..h {
        for file in 0..w {
            if let Some(letter) = grid.at(file, rank) {
                let (x, y) = corner(file, rank);
                let _ = write!(
                    out,
                    "<use href='#{}' x='{}' y='{}' width='{}' height='{}'/>",
                    symbol_id(letter),
                    x + 2,
                    y + 2,
                    S - 4,
                    S - 4
                );
            }
        }
    }
    out.push_str("</g><g class='effects' pointer-events='none'>");
    // The last ply as an arrow from its origin, in the ply's tint; a shot as a red dashed line.
    if let [from, to, rest @ ..] = last_squares.as_slice() {
        if from != to && from.0 < w && to.0 < w && from.1 < h && to.1 < h {
            let ((x1, y1), (x2, y2)) = (centre(*from), centre(*to));
            let _ = write!(
                out,
                "<line class='arrow' x1='{x1}' y1='{y1}' x2='{x2}' y2='{y2}' stroke='{}' \
                 stroke-width='6' stroke-linecap='round' opacity='0.75'/>\
                 <circle cx='{x2}' cy='{y2}' r='7' fill='{}' opacity='0.75'/>",
                if marks.enemy { "#6b2fa3" } else { "#c79a00" },
                if marks.enemy { "#6b2fa3" } else { "#c79a00" }
            );
        }
        if let Some(shot) = rest.first().filter(|s| s.0 < w && s.1 < h) {
            let ((x1, y1), (x2, y2)) = (centre(*to), centre(*shot));
            let _ = write!(
                out,
                "<line class='shot' x1='{x1}' y1='{y1}' x2='{x2}' y2='{y2}' stroke='#d32f2f' \
                 stroke-width='4' stroke-dasharray='8 6'/>"
            );
        }
    }
    // Removed pieces: their ghost, a red cross, and how they were taken.
    for r in &marks.removed {
        let Some((file, rank)) = chimera_protocol::board_api::parse_square(&r.square) else {
            continue;
        };
        if file >= w || rank >= h {
            continue;
        }
        let (x, y) = corner(file, rank);
        // Where the capturer now stands (a replacement capture) the ghost is small, in the
        // corner; elsewhere it fills the square.
        let (gx, gy, size) = if grid.at(file, rank).is_some() {
            (x + 1, y + 1, S / 3)
        } else {
            (x + 8, y + 4, S - 16)
        };
        let _ = write!(
            out,
            "<g class='removed' data-sq='{}' data-how='{}'><use href='#{}' x='{gx}' y='{gy}' \
             width='{size}' height='{size}' opacity='0.45'/><path d='M{} {} l{size} {size} \
             M{} {} l-{size} {size}' stroke='#d32f2f' stroke-width='{}' stroke-linecap='round'/>\
             <rect x='{}' y='{}' width='{}' height='14' rx='3' fill='#d32f2f'/>\
             <text x='{}' y='{}' font-family='sans-serif' font-size='10.5' fill='#fff' \
             text-anchor='middle'>{}</text></g>",
            r.square,
            escape(r.how),
            symbol_id(r.piece),
            gx,
            gy,
            gx + size,
            gy,
            if size < S / 2 { 3 } else { 5 },
            x + 1,
            y + S - 15,
            S - 2,
            x + S / 2,
            y + S - 4,
            escape(r.how)
        );
    }
    out.push_str("</g><g class='coords' font-family='sans-serif' font-size='13' fill='#555'>");
    for file in 0..w {
        let (x, _) = corner(file, 0);
        let _ = write!(
            out,
            "<text x='{}' y='{}' text-anchor='middle'>{}</text>",
            x + S / 2,
            h * S + M - 6,
            (b'a' + file as u8) as char
        );
    }
    for rank in 0..h {
        let (_, y) = corner(0, rank);
        let _ = write!(
            out,
            "<text x='{}' y='{}' text-anchor='middle'>{}</text>",
            M / 2,
            y + S / 2 + 5,
            rank + 1
        );
    }
    out.push_str("</g></svg>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chess_board_has_64_squares_and_its_pieces() {
        let grid =
            Grid::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
        let marks = Marks {
            last: Some("e2e4".into()),
            ..Marks::default()
        };
        let svg = board_svg("chess", &grid, &marks);
        assert_eq!(svg.matches("class='sq ").count(), 64);
        assert_eq!(svg.matches("<use href='#pc-").count(), 32);
        assert!(svg.contains("data-sq='e4'") && svg.contains("class='arrow'"));
        assert_eq!(svg.matches("<symbol").count(), 12);
    }

    #[test]
    fn vanguard_is_16_by_16_with_every_kind_drawn_differently() {
        let start = chimera_protocol::board_api::open("vanguard", &[], None).unwrap();
        let grid = Grid::from_fen(&start.fen()).unwrap();
        assert_eq!((grid.width(), grid.height()), (16, 16));
        let svg = board_svg("vanguard", &grid, &Marks::default());
        assert_eq!(svg.matches("class='sq ").count(), 256);
        assert!(svg.contains(">p<") && svg.contains(">16<"));
        let kinds = "KQRBNPACDEFGHIJLSVWYZ";
        let drawings: BTreeSet<String> = kinds.chars().map(pieces::drawing).collect();
        assert_eq!(drawings.len(), kinds.len(), "each kind has its own picture");
    }
}
