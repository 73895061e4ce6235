//! The board diagram of `d`, drawn from the variant's own [`BoardView`], so every variant on any
//! board size gets one without code of its own. Stacks show as their letters together (`NP`),
//! travellers on their squares with a `~`, and a line below names where each is going.

use chimera_engine::board_view::{BoardView, Cell};

/// The diagram of `view`, or `None` for a game without a board.
pub fn diagram(view: &BoardView) -> Option<String> {
    let (width, height) = (view.files, view.ranks);
    if width == 0 || height == 0 {
        return None;
    }
    let cell = |c: Cell| -> String {
        let mut text: String = view.men_at(c).iter().map(|m| m.fen_letter()).collect();
        for t in view.travellers.iter().filter(|t| t.at == c) {
            text.push(t.man.fen_letter());
            text.push('~');
        }
        if text.is_empty() {
            text.push(' ');
        }
        text
    };
    let wide = view.cells().map(|c| cell(c).len()).max().unwrap_or(1);
    let border = format!(
        " +{}",
        format!("{}+", "-".repeat(wide + 2)).repeat(width.into())
    );
    let mut out = String::new();
    out.push_str(&border);
    out.push('\n');
    for rank in (0..height).rev() {
        out.push_str(" |");
        for file in 0..width {
            out.push_str(&format!(" {:<wide$} |", cell(Cell::new(file, rank))));
        }
        out.push_str(&format!(" {}\n", u32::from(rank) + 1));
        out.push_str(&border);
        out.push('\n');
    }
    out.push(' ');
    for f in 0..width {
        out.push_str(&format!("{:>w$}", (b'a' + f) as char, w = wide + 3));
    }
    out.push('\n');
    if !view.travellers.is_empty() {
        let journeys: Vec<String> = view
            .travellers
            .iter()
            .map(|t| {
                let piece = t.man.fen_letter();
                if t.committed {
                    format!("{piece}{}={} (castling rook)", t.at, t.to)
                } else {
                    format!("{piece}{}>{}", t.at, t.to)
                }
            })
            .collect();
        out.push_str(&format!("Under way (~): {}\n", journeys.join(", ")));
    }
    for note in &view.notes {
        out.push_str(note);
        out.push('\n');
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chimera_engine::describe::Describe;
    use chimera_engine::describe::DescribeBoard;
    use chimera_engine::variants::{chess, lene_hau::LeneHau, vanguard::Vanguard};
    use chimera_engine::Game;
    use chimera_engine::GameState;

    fn view_of<G: Describe>(fen: &str) -> BoardView {
        G::from_fen(fen, &Default::default()).unwrap().board_view()
    }

    #[test]
    fn draws_an_8x8_board() {
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        let d = diagram(&view_of::<chess::Position>(fen)).unwrap();
        let lines: Vec<&str> = d.lines().collect();
        assert_eq!(lines.len(), 18);
        assert_eq!(lines[1], " | r | n | b | q | k | b | n | r | 8");
        assert_eq!(lines[9], " |   |   |   |   | P |   |   |   | 4");
        assert_eq!(lines[17].trim(), "a   b   c   d   e   f   g   h");
    }

    #[test]
    fn draws_16x16_with_two_digit_ranks() {
        let fen = "15k/16/16/16/16/16/16/16/7A8/5p10/16/16/16/16/16/K15 w - 0 1";
        let d = diagram(&view_of::<Vanguard>(fen)).unwrap();
        assert!(d.contains("| k | 16\n"));
        assert!(d.contains(" | K |"));
        assert!(d.lines().last().unwrap().trim_end().ends_with('p'));
    }

    #[test]
    fn draws_lene_hau_stacks_and_travellers() {
        let fen = "4k3/8/8/8/8/5[NP]2/8/4K2R w K - 0 1 -";
        let pos = <LeneHau as GameState>::from_fen(fen, &Default::default()).unwrap();
        let after = pos.play(pos.parse_move("e1g1").unwrap());
        let d = diagram(&after.board_view()).unwrap();
        let lines: Vec<&str> = d.lines().collect();
        assert_eq!(lines[1], " |    |    |    |    | k  |    |    |    | 8");
        assert_eq!(lines[11], " |    |    |    |    |    | NP |    |    | 3");
        assert!(lines[15].contains("K~"), "{d}");
        assert!(lines[18].starts_with("Under way (~): K"), "{d}");
        assert!(lines[18].contains("(castling rook)"), "{d}");
    }

    #[test]
    fn a_game_without_a_board_has_no_diagram() {
        assert_eq!(
            diagram(&BoardView::new(0, 0, chimera_engine::Player::White)),
            None
        );
    }
}
