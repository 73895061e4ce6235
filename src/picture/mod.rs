//! The board as SVG, for the web board (`chimera serve`, which sends it to the page) and for
//! `chimera svg` (a file). One renderer for both, drawn from the variant's own [`BoardView`], so
//! any variant on any board size is drawn; the last turn's effects (what moved, was shot and was
//! removed, and how), a round's orders and kings in check are marked on it. Each square is a
//! `rect` with `data-sq`, which the page's clicks read. [`board_svg`] draws it layer by layer,
//! bottom first, one function per layer.

pub mod pieces;

use chimera_engine::board_view::{
    BoardView, Cell, Man, OrderEffect, PlyEffects, Removed, Traveller,
};
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

/// What is marked on the board besides the men.
#[derive(Clone, Debug, Default)]
pub struct Marks {
    /// The effects of the last turn's plies (one in most variants, up to a whole 007 turn),
    /// oldest first.
    pub turn: Vec<PlyEffects>,
    pub removed: Vec<Removed>,
    /// The squares of kings in check (both, after a Ven round).
    pub checks: Vec<Cell>,
    /// A simultaneous round (Ven): both orders, each with what became of it.
    pub orders: Vec<OrderEffect>,
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

fn symbol_id(man: Man) -> String {
    let colour = match man.colour {
        chimera_engine::Player::White => 'w',
        chimera_engine::Player::Black => 'b',
    };
    format!("pc-{colour}-{}", man.fen_letter())
}

/// The board's geometry in SVG units: where each square is drawn.
struct Frame {
    files: usize,
    ranks: usize,
    /// Room for the coordinates, and their letter size.
    margin: usize,
    font: usize,
    flipped: bool,
}

impl Frame {
    fn new(view: &BoardView, flipped: bool) -> Frame {
        let (files, ranks) = (usize::from(view.files), usize::from(view.ranks));
        let scale = files.max(ranks).max(8);
        Frame {
            files,
            ranks,
            margin: M * scale / 8,
            font: COORD_FONT * scale / 8,
            flipped,
        }
    }

    fn width(&self) -> usize {
        self.margin + self.files * S + 2
    }

    fn height(&self) -> usize {
        self.ranks * S + self.margin + 2
    }

    /// Top-left corner of a square.
    fn corner(&self, c: Cell) -> (usize, usize) {
        let (file, rank) = (usize::from(c.file), usize::from(c.rank));
        let (col, row) = if self.flipped {
            (self.files - 1 - file, rank)
        } else {
            (file, self.ranks - 1 - rank)
        };
        (self.margin + col * S, 1 + row * S)
    }

    fn centre(&self, c: Cell) -> (usize, usize) {
        let (x, y) = self.corner(c);
        (x + S / 2, y + S / 2)
    }

    fn on_board(&self, c: Cell) -> bool {
        usize::from(c.file) < self.files && usize::from(c.rank) < self.ranks
    }
}

/// The board of `variant` with `view`'s men and `marks`, as a standalone SVG document.
pub fn board_svg(variant: &str, view: &BoardView, marks: &Marks) -> String {
    let frame = Frame::new(view, marks.flipped);
    let mut out = String::with_capacity(16 * 1024);
    let (width, height) = (frame.width(), frame.height());
    let _ = write!(
        out,
        "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {width} {height}' \
         width='{width}' height='{height}' class='board' data-variant='{}' data-files='{}' \
         data-ranks='{}'>",
        escape(variant),
        frame.files,
        frame.ranks
    );
    symbols(&mut out, view, marks);
    squares(&mut out, &frame);
    out.push_str("<g class='marks' pointer-events='none'>");
    last_ply_squares(&mut out, &frame, marks);
    checks(&mut out, &frame, marks);
    out.push_str("</g><g class='pieces' pointer-events='none'>");
    standing_men(&mut out, &frame, view);
    out.push_str("</g><g class='travellers' pointer-events='none'>");
    travellers(&mut out, &frame, view);
    out.push_str("</g><g class='effects' pointer-events='none'>");
    turn_arrows(&mut out, &frame, marks);
    for o in &marks.orders {
        order_svg(&mut out, o, &frame);
    }
    removed_men(&mut out, &frame, view, marks);
    out.push_str("</g>");
    coordinates(&mut out, &frame);
    out.push_str("</svg>");
    out
}

/// One symbol per man shown (on the board, under way or removed), titled with its name.
fn symbols(out: &mut String, view: &BoardView, marks: &Marks) {
    let men: BTreeSet<(char, &'static str, String)> = view
        .men()
        .chain(marks.removed.iter().map(|r| r.man))
        .map(|m| (m.fen_letter(), m.name, symbol_id(m)))
        .collect();
    out.push_str("<defs>");
    for (letter, name, id) in men {
        let _ = write!(
            out,
            "<symbol id='{id}' viewBox='0 0 100 100'><title>{}</title>{}</symbol>",
            escape(name),
            pieces::drawing(letter)
        );
    }
    out.push_str("</defs>");
}

fn squares(out: &mut String, frame: &Frame) {
    out.push_str("<g class='squares'>");
    for rank in 0..frame.ranks {
        for file in 0..frame.files {
            let cell = Cell::new(file as u8, rank as u8);
            let (x, y) = frame.corner(cell);
            let light = (file + rank) % 2 == 1;
            let _ = write!(
                out,
                "<rect class='sq {}' data-sq='{cell}' x='{x}' y='{y}' width='{S}' height='{S}' fill='{}'/>",
                if light { "light" } else { "dark" },
                if light { "#efdab5" } else { "#b88a62" }
            );
        }
    }
    out.push_str("</g>");
}

/// A ply's tint (violet: a 007 enemy ply).
fn tint(enemy: bool) -> &'static str {
    if enemy {
        "#a36bd8"
    } else {
        "#f2d43d"
    }
}

fn ink(enemy: bool) -> &'static str {
    if enemy {
        "#6b2fa3"
    } else {
        "#c79a00"
    }
}

/// The last ply's squares, tinted and outlined: the outline is dark enough for 3:1 against
/// both square colours (WCAG 1.4.11), so the mark is not told by its tint alone.
fn last_ply_squares(out: &mut String, frame: &Frame, marks: &Marks) {
    let Some(last) = marks.turn.last() else {
        return;
    };
    let edge = if last.enemy { "#3a1460" } else { "#3b2c00" };
    let Some((from, to)) = last.moved.or(last.shot) else {
        return;
    };
    for cell in [from, to].into_iter().filter(|c| frame.on_board(*c)) {
        let (x, y) = frame.corner(cell);
        let _ = write!(
            out,
            "<rect class='last' x='{x}' y='{y}' width='{S}' height='{S}' fill='{}' \
             fill-opacity='0.5' stroke='{edge}' stroke-width='4' stroke-dasharray='10 5'/>",
            tint(last.enemy)
        );
    }
}

fn checks(out: &mut String, frame: &Frame, marks: &Marks) {
    for &cell in marks.checks.iter().filter(|c| frame.on_board(**c)) {
        let (cx, cy) = frame.centre(cell);
        let _ = write!(
            out,
            "<circle class='check' cx='{cx}' cy='{cy}' r='{}' fill='#e53e3e' opacity='0.55'/>",
            S / 2 - 2
        );
    }
}

fn standing_men(out: &mut String, frame: &Frame, view: &BoardView) {
    for cell in view.cells() {
        match view.men_at(cell) {
            [] => {}
            [man] => {
                let (x, y) = frame.corner(cell);
                let _ = write!(
                    out,
                    "<use data-sq='{cell}' href='#{}' x='{}' y='{}' width='{}' height='{}'/>",
                    symbol_id(*man),
                    x + 2,
                    y + 2,
                    S - 4,
                    S - 4
                );
            }
            stack => stack_svg(out, frame.corner(cell), cell, stack),
        }
    }
}

/// Travellers sharing a square with others go to its corners, in turn.
fn travellers(out: &mut String, frame: &Frame, view: &BoardView) {
    for (i, t) in view.travellers.iter().enumerate() {
        if !frame.on_board(t.at) || !frame.on_board(t.to) {
            continue;
        }
        let crowded = !view.men_at(t.at).is_empty()
            || view.travellers.iter().filter(|u| u.at == t.at).count() > 1;
        let nth = view.travellers[..i].iter().filter(|u| u.at == t.at).count();
        traveller_svg(out, t, frame.corner(t.at), frame.centre(t.to), crowded, nth);
    }
}

/// Each ply of the turn as an arrow from its origin in its colour (violet: an enemy ply),
/// numbered when the turn has several; a shot as a red dashed line from the shooter.
fn turn_arrows(out: &mut String, frame: &Frame, marks: &Marks) {
    let numbered = marks.turn.len() > 1;
    for (i, ply) in marks.turn.iter().enumerate() {
        if let Some((from, to)) = ply
            .moved
            .filter(|(f, t)| f != t && frame.on_board(*f) && frame.on_board(*t))
        {
            let ((x1, y1), (x2, y2)) = (frame.centre(from), frame.centre(to));
            let c = ink(ply.enemy);
            let _ = write!(
                out,
                "<line class='arrow{}' x1='{x1}' y1='{y1}' x2='{x2}' y2='{y2}' stroke='{c}' \
                 stroke-width='6' stroke-linecap='round' opacity='0.75'/>\
                 <circle cx='{x2}' cy='{y2}' r='7' fill='{c}' opacity='0.75'/>",
                if ply.enemy { " enemy" } else { "" },
            );
            if numbered {
                let (lx, ly) = ((x1 + x2) / 2, (y1 + y2) / 2);
                let _ = write!(
                    out,
                    "<circle cx='{lx}' cy='{ly}' r='10' fill='{c}'/><text x='{lx}' y='{}' \
                     font-family='sans-serif' font-size='13' font-weight='bold' fill='#fff' \
                     text-anchor='middle'>{}</text>",
                    ly + 5,
                    i + 1,
                );
            }
        }
        if let Some((from, target)) = ply
            .shot
            .filter(|(f, t)| frame.on_board(*f) && frame.on_board(*t))
        {
            let ((x1, y1), (x2, y2)) = (frame.centre(from), frame.centre(target));
            let _ = write!(
                out,
                "<line class='shot' x1='{x1}' y1='{y1}' x2='{x2}' y2='{y2}' stroke='#d32f2f' \
                 stroke-width='4' stroke-dasharray='8 6'/>"
            );
        }
    }
}

/// Removed men: their ghost, a red cross, and how they were taken. Where a man now stands (a
/// replacement capture) the ghost is small, in the corner; elsewhere it fills the square.
fn removed_men(out: &mut String, frame: &Frame, view: &BoardView, marks: &Marks) {
    for r in marks.removed.iter().filter(|r| frame.on_board(r.at)) {
        let (x, y) = frame.corner(r.at);
        let (gx, gy, size) = if view.men_at(r.at).is_empty() {
            (x + 8, y + 4, S - 16)
        } else {
            (x + 1, y + 1, S / 3)
        };
        let how = r.how.word();
        let _ = write!(
            out,
            "<g class='removed' data-sq='{}' data-how='{how}'><use href='#{}' x='{gx}' y='{gy}' \
             width='{size}' height='{size}' opacity='0.45'/><path d='M{gx} {gy} l{size} {size} \
             M{} {gy} l-{size} {size}' stroke='#d32f2f' stroke-width='{}' stroke-linecap='round'/>\
             <rect x='{}' y='{}' width='{}' height='14' rx='3' fill='#d32f2f'/>\
             <text x='{}' y='{}' font-family='sans-serif' font-size='10.5' fill='#fff' \
             text-anchor='middle'>{how}</text></g>",
            r.at,
            symbol_id(r.man),
            gx + size,
            if size < S / 2 { 3 } else { 5 },
            x + 1,
            y + S - 15,
            S - 2,
            x + S / 2,
            y + S - 4,
        );
    }
}

fn coordinates(out: &mut String, frame: &Frame) {
    let (m, font) = (frame.margin, frame.font);
    let _ = write!(
        out,
        "<g class='coords' font-family='sans-serif' font-size='{font}' fill='#555'>"
    );
    for file in 0..frame.files {
        let (x, _) = frame.corner(Cell::new(file as u8, 0));
        let _ = write!(
            out,
            "<text x='{}' y='{}' text-anchor='middle'>{}</text>",
            x + S / 2,
            frame.ranks * S + m - font / 2,
            (b'a' + file as u8) as char
        );
    }
    for rank in 0..frame.ranks {
        let (_, y) = frame.corner(Cell::new(0, rank as u8));
        let _ = write!(
            out,
            "<text x='{}' y='{}' text-anchor='middle'>{}</text>",
            m / 2,
            y + S / 2 + font * 2 / 5,
            rank + 1
        );
    }
    out.push_str("</g>");
}

/// One order of a simultaneous round as an arrow in its side's colour (blue White, brown
/// Black) from its origin to where the piece stopped: `blk:SQ` (a slider stopped where it met
/// the piece that crossed its path) and `short` (a double step cut to one) end early, the rest
/// of the way dashed; a void order is grey, dashed and crossed out; a vengeance order is dotted
/// to the avenged square, red once fired. Every code but `ok` is written at the arrow's end.
fn order_svg(out: &mut String, o: &OrderEffect, frame: &Frame) {
    let (from, to) = (o.from, o.to);
    if !frame.on_board(from) || !frame.on_board(to) {
        return;
    }
    let (vengeance, void) = (o.vengeance, o.void);
    let stop = if frame.on_board(o.stop) { o.stop } else { to };
    let white = o.side == chimera_engine::Player::White;
    let colour = match (o.fired, void, white) {
        (true, _, _) => "#c62828",
        (_, true, _) => "#5f5f5f",
        (_, _, true) => "#1f5fbf",
        _ => "#7a2e0e",
    };
    let dash = if void {
        " stroke-dasharray='10 7'"
    } else if vengeance && !o.fired {
        " stroke-dasharray='2 9'"
    } else {
        ""
    };
    let ((x1, y1), (xs, ys), (x2, y2)) = (frame.centre(from), frame.centre(stop), frame.centre(to));
    let side = o.side;
    let _ = write!(
        out,
        "<g class='order' data-side='{side}' data-order='{}' data-code='{}' \
         data-stop='{}'><line x1='{x1}' y1='{y1}' x2='{xs}' y2='{ys}' stroke='{colour}' \
         stroke-width='7' stroke-linecap='round' opacity='0.8'{dash}/>",
        escape(&o.text),
        escape(&o.code),
        stop
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
fn stack_svg(out: &mut String, (x, y): (usize, usize), name: Cell, men: &[Man]) {
    let size = S * 7 / 10;
    let room = S - 4 - size;
    let step = room / (men.len() - 1).max(1);
    let letters_text: String = men.iter().map(|m| m.fen_letter()).collect();
    let _ = write!(
        out,
        "<g class='stack' data-sq='{name}' data-pieces='{}'>",
        escape(&letters_text)
    );
    for (i, &man) in men.iter().enumerate() {
        let _ = write!(
            out,
            "<use data-sq='{name}' href='#{}' x='{}' y='{}' width='{size}' height='{size}'/>",
            symbol_id(man),
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
        men.len()
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
    let color = match t.man.colour {
        chimera_engine::Player::White => "#2b6cb0",
        chimera_engine::Player::Black => "#9c4221",
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
        t.at,
        t.to,
        t.man.fen_letter(),
        u8::from(t.committed),
        if t.committed { "2 6" } else { "9 6" },
        size / 2,
        symbol_id(t.man)
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board;

    fn svg_after(variant: &str, fen: Option<&str>, plies: &[&str]) -> String {
        let mut game = board::open(variant, &[], fen).unwrap();
        for ply in plies {
            game.play(ply).unwrap();
        }
        crate::svg_cmd::game_svg(game.as_ref(), false)
    }

    #[test]
    fn a_chess_board_has_64_squares_and_its_pieces() {
        let svg = svg_after("chess", None, &["e2e4"]);
        assert_eq!(svg.matches("class='sq ").count(), 64);
        assert_eq!(svg.matches("<use data-sq=").count(), 32);
        assert!(svg.contains("<use data-sq='e4' href='#pc-w-P'"));
        assert!(svg.contains("data-sq='e4'") && svg.contains("class='arrow'"));
        assert_eq!(svg.matches("<symbol").count(), 12);
        assert!(svg.contains("<title>Knight</title>"));
    }

    #[test]
    fn vanguard_is_16_by_16_with_every_kind_drawn_differently() {
        let svg = svg_after("vanguard", None, &[]);
        assert_eq!(svg.matches("class='sq ").count(), 256);
        assert!(svg.contains(">p<") && svg.contains(">16<"));
        assert!(svg.contains("<title>Archer</title>"));
        let kinds = "KQRBNPACDEFGHIJLSVWYZ";
        let drawings: BTreeSet<String> = kinds.chars().map(pieces::drawing).collect();
        assert_eq!(drawings.len(), kinds.len(), "each kind has its own picture");
    }

    #[test]
    fn a_007_turn_is_drawn_whole_with_its_enemy_ply_in_violet() {
        let svg = svg_after("007", None, &["e2e4", "d7d5", "e4d5"]);
        assert_eq!(svg.matches("<line class='arrow").count(), 3);
        assert_eq!(svg.matches("<line class='arrow enemy'").count(), 1);
        assert!(svg.contains("data-sq='d5' data-how='captured'"));
    }

    #[test]
    fn lene_hau_draws_stacks_and_travellers_with_their_destinations() {
        let fen = "4k3/8/8/8/8/5[NP]2/8/4K2R w K - 0 1 -";
        let svg = svg_after("lene-hau", Some(fen), &["e1g1"]);
        assert!(svg.contains("<g class='stack' data-sq='f3' data-pieces='NP'>"));
        assert!(
            svg.contains("data-to='g1' data-piece='K' data-committed='0'"),
            "{svg}"
        );
        assert!(svg.contains("data-sq='h1' data-to='f1' data-piece='R' data-committed='1'"));
        assert_eq!(svg.matches("<g class='traveller'").count(), 2);
    }

    #[test]
    fn a_ven_round_is_drawn_as_its_two_orders_only() {
        // `chimera svg --variant ven --last e2e4,e7e5,g1f3,b8c6` draws only the last round.
        let svg = svg_after("ven", None, &["e2e4", "e7e5", "g1f3", "b8c6"]);
        assert_eq!(svg.matches("<g class='order'").count(), 2, "{svg}");
        assert!(svg.contains("data-side='white' data-order='g1f3' data-code='ok'"));
        assert!(svg.contains("data-side='black' data-order='b8c6' data-code='ok'"));
        assert_eq!(svg.matches("class='shot'").count(), 0);
        assert_eq!(svg.matches("class='arrow").count(), 0);
    }

    #[test]
    fn a_void_ven_order_is_crossed_out_with_its_code() {
        // White (first mover) takes the knight a8 that Black ordered to b6: void:cap.
        let svg = svg_after(
            "ven",
            Some("n6k/8/8/8/8/8/8/R6K w - - 0 1"),
            &["a1a8", "a8b6"],
        );
        assert!(svg.contains("data-side='black' data-order='a8b6' data-code='void:cap'"));
        assert!(svg.contains(">void:cap</text>"));
        assert!(svg.contains("data-sq='a8' data-how='captured'"));
        // The report's check (Black's king h8 by the rook a8) is marked.
        assert_eq!(svg.matches("class='check'").count(), 1);
    }

    #[test]
    fn a_ven_vengeance_marks_the_avenged_capturer() {
        let fen = "7k/8/3p4/4p3/8/5N2/8/K7 w - - 0 1";
        let svg = svg_after("ven", Some(fen), &["f3e5", "d6e5v"]);
        assert!(
            svg.contains("data-order='d6e5v' data-code='fired'"),
            "{svg}"
        );
        assert!(svg.contains("data-sq='e5' data-how='vengeance'"));
    }

    #[test]
    fn a_rifle_shot_is_a_dashed_line_and_the_archer_stays() {
        // A white Archer h8 shoots the black pawn f7 (a knight's offset away).
        let fen = "15k/16/16/16/16/16/16/16/7A8/5p10/16/16/16/16/16/K15 w - 0 1";
        let svg = svg_after("vanguard", Some(fen), &["h8xf7"]);
        assert_eq!(svg.matches("<line class='shot'").count(), 1);
        assert_eq!(svg.matches("<line class='arrow").count(), 0);
        assert!(svg.contains("data-sq='f7' data-how='shot'"));
    }

    #[test]
    fn double_ended_marks_approach_and_withdrawal() {
        let svg = svg_after(
            "double-ended",
            Some("4k3/8/8/8/8/R7/n7/4K3 w - - 0 1"),
            &["a3a5"],
        );
        assert!(svg.contains("data-sq='a2' data-how='withdrawal'"));
    }
}
