//! The board diagram of `d`, drawn from the placement field of any FEN-like notation, so every
//! variant on any board size gets one without code of its own. Lene Hau's stacks show as
//! their letters together (`NP`), its travellers on their squares with a `~`, and a line below
//! names where each is going.

use crate::board_api::{square_name, Grid};

/// The diagram of `fen` (ranks from the top, `/`-separated; digits, possibly several in a row,
/// count empty squares), or `None` if its placement is not of that shape.
pub fn diagram(fen: &str) -> Option<String> {
    let grid = Grid::from_fen(fen).ok()?;
    let (width, height) = (grid.width(), grid.height());
    let cell = |file: usize, rank: usize| -> String {
        let mut text: String = grid.pieces_at(file, rank).into_iter().collect();
        for t in grid.travellers.iter().filter(|t| t.at == (file, rank)) {
            text.push(t.piece);
            text.push('~');
        }
        if text.is_empty() {
            text.push(' ');
        }
        text
    };
    let wide = (0..height)
        .flat_map(|r| (0..width).map(move |f| (f, r)))
        .map(|(f, r)| cell(f, r).len())
        .max()
        .unwrap_or(1);
    let border = format!(" +{}", format!("{}+", "-".repeat(wide + 2)).repeat(width));
    let mut out = String::new();
    out.push_str(&border);
    out.push('\n');
    for rank in (0..height).rev() {
        out.push_str(" |");
        for file in 0..width {
            out.push_str(&format!(" {:<wide$} |", cell(file, rank)));
        }
        out.push_str(&format!(" {}\n", rank + 1));
        out.push_str(&border);
        out.push('\n');
    }
    out.push(' ');
    for f in 0..width {
        out.push_str(&format!("{:>w$}", (b'a' + f as u8) as char, w = wide + 3));
    }
    out.push('\n');
    if !grid.travellers.is_empty() {
        let journeys: Vec<String> = grid
            .travellers
            .iter()
            .map(|t| {
                let (from, to) = (square_name(t.at.0, t.at.1), square_name(t.to.0, t.to.1));
                if t.committed {
                    format!("{}{from}={to} (castling rook)", t.piece)
                } else {
                    format!("{}{from}>{to}", t.piece)
                }
            })
            .collect();
        out.push_str(&format!("Under way (~): {}\n", journeys.join(", ")));
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_an_8x8_board() {
        let d = diagram("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
        let lines: Vec<&str> = d.lines().collect();
        assert_eq!(lines.len(), 18);
        assert_eq!(lines[1], " | r | n | b | q | k | b | n | r | 8");
        assert_eq!(lines[9], " |   |   |   |   | P |   |   |   | 4");
        assert_eq!(lines[17].trim(), "a   b   c   d   e   f   g   h");
    }

    #[test]
    fn reads_two_digit_runs_on_16x16() {
        let fen = ["16"; 15].join("/") + "/r14K";
        let d = diagram(&fen).unwrap();
        assert!(d.contains(" | r |"));
        assert!(d.contains("| K | 1\n"));
        assert!(d.lines().last().unwrap().trim_end().ends_with('p'));
    }

    #[test]
    fn draws_lene_hau_stacks_and_travellers() {
        let d = diagram("4k3/8/8/8/8/5[NP]2/8/8 b - - 0 1 Kf1>g1,Rh1=f1,pe6>e5").unwrap();
        let lines: Vec<&str> = d.lines().collect();
        assert_eq!(lines[1], " |    |    |    |    | k  |    |    |    | 8");
        assert_eq!(lines[5], " |    |    |    |    | p~ |    |    |    | 6");
        assert_eq!(lines[11], " |    |    |    |    |    | NP |    |    | 3");
        assert_eq!(lines[15], " |    |    |    |    |    | K~ |    | R~ | 1");
        assert_eq!(lines[17].trim(), "a    b    c    d    e    f    g    h");
        assert_eq!(
            lines[18],
            "Under way (~): Kf1>g1, Rh1=f1 (castling rook), pe6>e5"
        );
    }

    #[test]
    fn refuses_what_it_cannot_draw() {
        assert_eq!(diagram(""), None);
        assert_eq!(diagram("8/7/8"), None);
        assert_eq!(diagram("rn*b/8"), None);
    }
}
