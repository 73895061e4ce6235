//! The board as SVG, for the web board (`chimera serve`, which sends it to the page) and for
//! `chimera svg` (a file). One renderer for both, drawn from a FEN's placement, so any variant
//! on any board size is drawn; the last ply, what it removed and why, and a checked king are
//! marked on it. Each square is a `rect` with `data-sq`, which the page's clicks read.

pub mod pieces;

use chimera_protocol::board_api::{square_name, squares_of, Grid, Removed, Traveller};
use std::collections::BTreeSet;
use std::fmt::Write;

/// Side of a square, in SVG units.
const S: usize = 60;
/// Room for the coordinates, left and below, on boards up to 8 squares wide; wider boards get
/// proportionally more (and larger letters), so that Vanguard's 16 files, shrunk to a 390 px
/// phone, still read at about 10 px.
const M: usize = 22;
/// The coordinates' letter size on boards up to 8 squares wide.
const COORD_FONT: usize = 13;

/// What is marked on the board besides the pieces.
#[derive(Clone, Debug, Default)]
pub struct Marks {
    /// The plies of the last turn (one in most variants, up to a whole 007 turn), oldest
    /// first, each with whether it moved the other colour's piece (a 007 enemy ply). Their
    /// squares are read from their text.
    pub turn: Vec<(String, bool)>,
    pub removed: Vec<Removed>,
    /// The squares of kings in check (both, after a Ven round).
    pub checks: Vec<(usize, usize)>,
    /// A simultaneous round (Ven): both orders, each with what became of it.
    pub orders: Vec<OrderMark>,
    /// Black at the bottom.
    pub flipped: bool,
}

/// One order of a simultaneous round, as the round's report says it went (ven.md §5.5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderMark {
    pub text: String,
    pub white: bool,
    /// The result code: `ok`, `nx`, `same`, `blk:e5`, `short`, `epx`, `fired`, `void:cap`, ...
    pub code: String,
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('\'', "&#39;")
        .replace('"', "&quot;")
}

fn symbol_id(letter: char) -> String {
    let color = if letter.is_ascii_uppercase() {
        'w'
    } else {
        'b'
    };
    format!("pc-{color}-{letter}")
}

/// The square of the king of `colour_white`'s side, if exactly one (standing or travelling).
pub fn king_square(grid: &Grid, white: bool) -> Option<(usize, usize)> {
    let king = if white { 'K' } else { 'k' };
    let mut found = None;
    for rank in 0..grid.height() {
        for file in 0..grid.width() {
            if grid.pieces_at(file, rank).contains(&king) {
                if found.is_some() {
                    return None;
                }
                found = Some((file, rank));
            }
        }
    }
    for t in grid.travellers.iter().filter(|t| t.piece == king) {
        if found.is_some() {
            return None;
        }
        found = Some(t.at);
    }
    found
}

/// The board of `variant` with `grid`'s pieces and `marks`, as a standalone SVG document.
pub fn board_svg(variant: &str, grid: &Grid, marks: &Marks) -> String {
    let (w, h) = (grid.width(), grid.height());
    let scale = w.max(h).max(8);
    let (m, font) = (M * scale / 8, COORD_FONT * scale / 8);
    let width = m + w * S + 2;
    let height = h * S + m + 2;
    // Top-left corner of a square.
    let corner = |file: usize, rank: usize| -> (usize, usize) {
        let (col, row) = if marks.flipped {
            (w - 1 - file, rank)
        } else {
            (file, h - 1 - rank)
        };
        (m + col * S, 1 + row * S)
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
        .chain(grid.stacks.iter().flat_map(|(_, letters)| letters.chars()))
        .chain(grid.travellers.iter().map(|t| t.piece))
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
    let tint = |enemy: bool| if enemy { "#a36bd8" } else { "#f2d43d" };
    let ink = |enemy: bool| if enemy { "#6b2fa3" } else { "#c79a00" };
    // The last ply's outline: dark enough for 3:1 against both square colours (WCAG 1.4.11),
    // so the mark is not told by its tint alone.
    let edge = |enemy: bool| if enemy { "#3a1460" } else { "#3b2c00" };
    let on_board = |&(f, r): &(usize, usize)| f < w && r < h;
    // The last ply's squares are tinted; the turn's plies are arrows below.
    if let Some((text, enemy)) = marks.turn.last() {
        for sq in squares_of(text).iter().take(2).filter(|s| on_board(s)) {
            let (x, y) = corner(sq.0, sq.1);
            let _ = write!(
                out,
                "<rect class='last' x='{x}' y='{y}' width='{S}' height='{S}' fill='{}' \
                 fill-opacity='0.5' stroke='{}' stroke-width='4' stroke-dasharray='10 5'/>",
                tint(*enemy),
                edge(*enemy)
            );
        }
    }
    for &(file, rank) in marks.checks.iter().filter(|&&(f, r)| f < w && r < h) {
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
            let stack = grid.pieces_at(file, rank);
            if stack.len() > 1 {
                stack_svg(
                    &mut out,
                    corner(file, rank),
                    &square_name(file, rank),
                    &stack,
                );
            } else if let Some(letter) = grid.at(file, rank) {
                let (x, y) = corner(file, rank);
                let _ = write!(
                    out,
                    "<use data-sq='{}' href='#{}' x='{}' y='{}' width='{}' height='{}'/>",
                    square_name(file, rank),
                    symbol_id(letter),
                    x + 2,
                    y + 2,
                    S - 4,
                    S - 4
                );
            }
        }
    }
    out.push_str("</g><g class='travellers' pointer-events='none'>");
    for (i, t) in grid.travellers.iter().enumerate() {
        if !on_board(&t.at) || !on_board(&t.to) {
            continue;
        }
        // Travellers sharing a square with others go to its corners, in turn.
        let crowded = grid.at(t.at.0, t.at.1).is_some()
            || grid.travellers.iter().filter(|u| u.at == t.at).count() > 1;
        let nth = grid.travellers[..i].iter().filter(|u| u.at == t.at).count();
        traveller_svg(
            &mut out,
            t,
            corner(t.at.0, t.at.1),
            centre(t.to),
            crowded,
            nth,
        );
    }
    out.push_str("</g><g class='effects' pointer-events='none'>");
    // Each ply of the turn as an arrow from its origin in its colour (violet: an enemy ply),
    // numbered when the turn has several; a shot as a red dashed line from the shooter.
    for (i, (text, enemy)) in marks.turn.iter().enumerate() {
        let squares = squares_of(text);
        if !squares.iter().all(on_board) {
            continue;
        }
        // `h8xf7`: a rifle shot, the shooter stays; `e4g5xh7`: a move, then a shot.
        let (moved, shot) = match squares.as_slice() {
            [from, to] if text.contains('x') => (None, Some((*from, *to))),
            [from, to] => (Some((*from, *to)), None),
            [from, to, target, ..] => (Some((*from, *to)), Some((*to, *target))),
            _ => (None, None),
        };
        if let Some((from, to)) = moved.filter(|(f, t)| f != t) {
            let ((x1, y1), (x2, y2)) = (centre(from), centre(to));
            let _ = write!(
                out,
                "<line class='arrow{}' x1='{x1}' y1='{y1}' x2='{x2}' y2='{y2}' stroke='{c}' \
                 stroke-width='6' stroke-linecap='round' opacity='0.75'/>\
                 <circle cx='{x2}' cy='{y2}' r='7' fill='{c}' opacity='0.75'/>",
                if *enemy { " enemy" } else { "" },
                c = ink(*enemy)
            );
            if marks.turn.len() > 1 {
                let (lx, ly) = ((x1 + x2) / 2, (y1 + y2) / 2);
                let _ = write!(
                    out,
                    "<circle cx='{lx}' cy='{ly}' r='10' fill='{c}'/><text x='{lx}' y='{}' \
                     font-family='sans-serif' font-size='13' font-weight='bold' fill='#fff' \
                     text-anchor='middle'>{}</text>",
                    ly + 5,
                    i + 1,
                    c = ink(*enemy)
                );
            }
        }
        if let Some((from, target)) = shot {
            let ((x1, y1), (x2, y2)) = (centre(from), centre(target));
            let _ = write!(
                out,
                "<line class='shot' x1='{x1}' y1='{y1}' x2='{x2}' y2='{y2}' stroke='#d32f2f' \
                 stroke-width='4' stroke-dasharray='8 6'/>"
            );
        }
    }
    for o in &marks.orders {
        order_svg(&mut out, o, &centre, &on_board);
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
    let _ = write!(
        out,
        "</g><g class='coords' font-family='sans-serif' font-size='{font}' fill='#555'>"
    );
    for file in 0..w {
        let (x, _) = corner(file, 0);
        let _ = write!(
            out,
            "<text x='{}' y='{}' text-anchor='middle'>{}</text>",
            x + S / 2,
            h * S + m - font / 2,
            (b'a' + file as u8) as char
        );
    }
    for rank in 0..h {
        let (_, y) = corner(0, rank);
        let _ = write!(
            out,
            "<text x='{}' y='{}' text-anchor='middle'>{}</text>",
            m / 2,
            y + S / 2 + font * 2 / 5,
            rank + 1
        );
    }
    out.push_str("</g></svg>");
    out
}

/// One order of a simultaneous round as an arrow in its side's colour (blue White, brown
/// Black) from its origin to where the piece stopped: `blk:SQ` (a slider stopped where it met
/// the piece that crossed its path) and `short` (a double step cut to one) end early, the rest
/// of the way dashed; a void order is grey, dashed and crossed out; a vengeance order is dotted
/// to the avenged square, red once fired. Every code but `ok` is written at the arrow's end.
fn order_svg(
    out: &mut String,
    o: &OrderMark,
    centre: &impl Fn((usize, usize)) -> (usize, usize),
    on_board: &impl Fn(&(usize, usize)) -> bool,
) {
    let squares = squares_of(&o.text);
    let (Some(&from), Some(&to)) = (squares.first(), squares.get(1)) else {
        return;
    };
    if !on_board(&from) || !on_board(&to) {
        return;
    }
    let vengeance = o.text.ends_with('v');
    let void = o.code.starts_with("void");
    let stop = match o.code.strip_prefix("blk:") {
        Some(sq) => chimera_protocol::board_api::parse_square(sq)
            .filter(on_board)
            .unwrap_or(to),
        None if o.code == "short" => (from.0, (from.1 + to.1) / 2),
        None => to,
    };
    let colour = match (o.code.as_str(), void, o.white) {
        ("fired", _, _) => "#c62828",
        (_, true, _) => "#5f5f5f",
        (_, _, true) => "#1f5fbf",
        _ => "#7a2e0e",
    };
    let dash = if void {
        " stroke-dasharray='10 7'"
    } else if vengeance && o.code != "fired" {
        " stroke-dasharray='2 9'"
    } else {
        ""
    };
    let ((x1, y1), (xs, ys), (x2, y2)) = (centre(from), centre(stop), centre(to));
    let side = if o.white { "white" } else { "black" };
    let _ = write!(
        out,
        "<g class='order' data-side='{side}' data-order='{}' data-code='{}' \
         data-stop='{}'><line x1='{x1}' y1='{y1}' x2='{xs}' y2='{ys}' stroke='{colour}' \
         stroke-width='7' stroke-linecap='round' opacity='0.8'{dash}/>",
        escape(&o.text),
        escape(&o.code),
        square_name(stop.0, stop.1)
    );
    if stop != to {
        let _ = write!(
            out,
            "<line x1='{xs}' y1='{ys}' x2='{x2}' y2='{y2}' stroke='{colour}' stroke-width='3' \
             stroke-dasharray='4 6' opacity='0.8'/>"
        );
    }
    if vengeance {
        // The avenged square, ringed.
        let _ = write!(
            out,
            "<circle cx='{x2}' cy='{y2}' r='{}' fill='none' stroke='{colour}' stroke-width='4'/>",
            S / 2 - 6
        );
    } else {
        let _ = write!(
            out,
            "<circle cx='{xs}' cy='{ys}' r='8' fill='{colour}' opacity='0.9'/>"
        );
    }
    if void {
        let r = S / 4;
        let _ = write!(
            out,
            "<path d='M{} {} l{} {} M{} {} l-{} {}' stroke='{colour}' stroke-width='5' \
             stroke-linecap='round'/>",
            x2 - r,
            y2 - r,
            2 * r,
            2 * r,
            x2 + r,
            y2 - r,
            2 * r,
            2 * r
        );
    }
    if o.code != "ok" {
        let label = escape(&o.code);
        let width = 8 + 7 * label.len();
        let _ = write!(
            out,
            "<rect x='{}' y='{}' width='{width}' height='16' rx='4' fill='{colour}'/>\
             <text x='{xs}' y='{}' font-family='sans-serif' font-size='12' fill='#fff' \
             text-anchor='middle'>{label}</text>",
            xs.saturating_sub(width / 2),
            ys.saturating_sub(S / 2 - 2),
            ys.saturating_sub(S / 2 - 14),
        );
    }
    out.push_str("</g>");
}

/// Several pieces standing on one square (Lene Hau): drawn smaller, each a little below and
/// right of the one before, with their number in a badge.
fn stack_svg(out: &mut String, (x, y): (usize, usize), name: &str, letters: &[char]) {
    let size = S * 7 / 10;
    let room = S - 4 - size;
    let step = room / (letters.len() - 1).max(1);
    let letters_text: String = letters.iter().collect();
    let _ = write!(
        out,
        "<g class='stack' data-sq='{name}' data-pieces='{}'>",
        escape(&letters_text)
    );
    for (i, &letter) in letters.iter().enumerate() {
        let _ = write!(
            out,
            "<use data-sq='{name}' href='#{}' x='{}' y='{}' width='{size}' height='{size}'/>",
            symbol_id(letter),
            x + 2 + i * step,
            y + 2 + i * step
        );
    }
    let _ = write!(
        out,
        "<circle cx='{}' cy='{}' r='8' fill='#2d3748'/><text x='{}' y='{}'          font-family='sans-serif' font-size='11' font-weight='bold' fill='#fff'          text-anchor='middle'>{}</text></g>",
        x + 10,
        y + S - 10,
        x + 10,
        y + S - 6,
        letters.len()
    );
}

/// A travelling piece (Lene Hau) on its square, ringed by a dashed circle, and a dashed arrow
/// to its destination; a committed castling rook's arrow is dotted. On a square it shares,
/// the piece is drawn small in the `nth` corner.
fn traveller_svg(
    out: &mut String,
    t: &Traveller,
    (x, y): (usize, usize),
    (x2, y2): (usize, usize),
    crowded: bool,
    nth: usize,
) {
    let (px, py, size) = if crowded {
        let size = S * 9 / 20;
        let (dx, dy) = [
            (S - size - 1, 1),
            (1, 1),
            (S - size - 1, S - size - 1),
            (1, S - size - 1),
        ][nth % 4];
        (x + dx, y + dy, size)
    } else {
        (x + 6, y + 6, S - 12)
    };
    let (x1, y1) = (px + size / 2, py + size / 2);
    let color = if t.piece.is_ascii_uppercase() {
        "#2b6cb0"
    } else {
        "#9c4221"
    };
    let _ = write!(
        out,
        "<g class='traveller' data-sq='{}' data-to='{}' data-piece='{}' data-committed='{}'>\
         <line x1='{x1}' y1='{y1}' x2='{x2}' y2='{y2}' stroke='{color}' stroke-width='4' \
         stroke-dasharray='{}' stroke-linecap='round' opacity='0.8'/>\
         <circle cx='{x2}' cy='{y2}' r='6' fill='none' stroke='{color}' stroke-width='3' \
         opacity='0.8'/><circle cx='{x1}' cy='{y1}' r='{}' fill='#ffffff' fill-opacity='0.35' \
         stroke='{color}' stroke-width='2' stroke-dasharray='5 4'/>\
         <use href='#{}' x='{px}' y='{py}' width='{size}' height='{size}'/></g>",
        square_name(t.at.0, t.at.1),
        square_name(t.to.0, t.to.1),
        t.piece,
        u8::from(t.committed),
        if t.committed { "2 6" } else { "9 6" },
        size / 2,
        symbol_id(t.piece)
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chess_board_has_64_squares_and_its_pieces() {
        let grid =
            Grid::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
        let marks = Marks {
            turn: vec![("e2e4".into(), false)],
            ..Marks::default()
        };
        let svg = board_svg("chess", &grid, &marks);
        assert_eq!(svg.matches("class='sq ").count(), 64);
        assert_eq!(svg.matches("<use data-sq=").count(), 32);
        assert!(svg.contains("<use data-sq='e4' href='#pc-w-P'"));
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

    #[test]
    fn a_007_turn_is_drawn_whole_with_its_enemy_ply_in_violet() {
        let mut game = chimera_protocol::board_api::open("007", &[], None).unwrap();
        for ply in ["e2e4", "d7d5", "e4d5"] {
            game.play(ply).unwrap();
        }
        let svg = crate::svg_cmd::game_svg(game.as_ref(), false);
        assert_eq!(svg.matches("<line class='arrow").count(), 3);
        assert_eq!(svg.matches("<line class='arrow enemy'").count(), 1);
        assert!(svg.contains("data-sq='d5' data-how='captured'"));
    }

    #[test]
    fn lene_hau_draws_stacks_and_travellers_with_their_destinations() {
        let fen = "4k3/8/8/8/8/5[NP]2/8/8 b - - 0 1 Kf1>g1,Rh1=f1,pe6>e5";
        let grid = Grid::from_fen(fen).unwrap();
        let svg = board_svg("lene-hau", &grid, &Marks::default());
        assert!(svg.contains("<g class='stack' data-sq='f3' data-pieces='NP'>"));
        assert!(svg.contains("data-sq='f1' data-to='g1' data-piece='K' data-committed='0'"));
        assert!(svg.contains("data-sq='h1' data-to='f1' data-piece='R' data-committed='1'"));
        assert!(svg.contains("data-sq='e6' data-to='e5' data-piece='p'"));
        assert_eq!(svg.matches("<g class='traveller'").count(), 3);
        // The travelling king is found for the check mark.
        assert_eq!(king_square(&grid, true), Some((5, 0)));
    }

    #[test]
    fn a_ven_round_is_drawn_as_its_two_orders_only() {
        // `chimera svg --variant ven --last e2e4,e7e5,g1f3,b8c6` draws only the last round.
        let mut game = chimera_protocol::board_api::open("ven", &[], None).unwrap();
        for order in ["e2e4", "e7e5", "g1f3", "b8c6"] {
            game.play(order).unwrap();
        }
        let svg = crate::svg_cmd::game_svg(game.as_ref(), false);
        assert_eq!(svg.matches("<g class='order'").count(), 2, "{svg}");
        assert!(svg.contains("data-side='white' data-order='g1f3' data-code='ok'"));
        assert!(svg.contains("data-side='black' data-order='b8c6' data-code='ok'"));
        assert_eq!(svg.matches("class='shot'").count(), 0);
        assert_eq!(svg.matches("class='arrow").count(), 0);
    }

    #[test]
    fn a_void_ven_order_is_crossed_out_with_its_code() {
        // White (first mover) takes the knight a8 that Black ordered to b6: void:cap.
        let fen = "n6k/8/8/8/8/8/8/R6K w - - 0 1";
        let mut game = chimera_protocol::board_api::open("ven", &[], Some(fen)).unwrap();
        game.play("a1a8").unwrap();
        game.play("a8b6").unwrap();
        assert_eq!(game.plies()[0].note, "ok void:cap B");
        let svg = crate::svg_cmd::game_svg(game.as_ref(), false);
        assert!(svg.contains("data-side='black' data-order='a8b6' data-code='void:cap'"));
        assert!(svg.contains(">void:cap</text>"));
        // The report's check (Black's king h8 by the rook a8) is marked.
        assert_eq!(svg.matches("class='check'").count(), 1);
    }

    #[test]
    fn a_rifle_shot_is_a_dashed_line_and_the_archer_stays() {
        // A white Archer h8 shoots the black pawn f7 (a knight's offset away).
        let fen = "15k/16/16/16/16/16/16/16/7A8/5p10/16/16/16/16/16/K15 w - 0 1";
        let mut game = chimera_protocol::board_api::open("vanguard", &[], Some(fen)).unwrap();
        game.play("h8xf7").unwrap();
        let svg = crate::svg_cmd::game_svg(game.as_ref(), false);
        assert_eq!(svg.matches("<line class='shot'").count(), 1);
        assert_eq!(svg.matches("<line class='arrow").count(), 0);
        assert!(svg.contains("data-sq='f7' data-how='shot'"));
    }
}
