//! The board diagram of `d`, drawn from the placement field of any FEN-like notation, so every
//! variant on any board size gets one without code of its own.

/// The diagram of `fen`'s first field (ranks from the top, `/`-separated; digits, possibly
/// several in a row, count empty squares), or `None` if the field is not of that shape.
pub fn diagram(fen: &str) -> Option<String> {
    let placement = fen.split_whitespace().next()?;
    let mut rows: Vec<Vec<String>> = Vec::new();
    for rank in placement.split('/') {
        let mut row = Vec::new();
        let mut empty = 0usize;
        let mut chars = rank.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                empty = empty * 10 + d as usize;
                if !chars.peek().is_some_and(|n| n.is_ascii_digit()) {
                    row.extend(std::iter::repeat_n(" ".to_string(), empty));
                    empty = 0;
                }
            } else if c.is_ascii_alphabetic() {
                row.push(c.to_string());
            } else {
                // Variant marks (promoted pieces, stacks) are not drawn: no diagram.
                return None;
            }
        }
        rows.push(row);
    }
    let width = rows.first()?.len();
    if width == 0 || width > 26 || rows.iter().any(|r| r.len() != width) {
        return None;
    }
    let border = format!(" +{}", "---+".repeat(width));
    let mut out = String::new();
    out.push_str(&border);
    out.push('\n');
    let height = rows.len();
    for (i, row) in rows.iter().enumerate() {
        out.push_str(" |");
        for cell in row {
            out.push_str(&format!(" {cell} |"));
        }
        out.push_str(&format!(" {}\n", height - i));
        out.push_str(&border);
        out.push('\n');
    }
    out.push(' ');
    for f in 0..width {
        out.push_str(&format!("   {}", (b'a' + f as u8) as char));
    }
    out.push('\n');
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
    fn refuses_what_it_cannot_draw() {
        assert_eq!(diagram(""), None);
        assert_eq!(diagram("8/7/8"), None);
        assert_eq!(diagram("rn*b/8"), None);
    }
}
