//! Standard Algebraic Notation, as PGN and the FIDE laws write moves: `Nbd7`, `exd5`, `O-O`,
//! `e8=Q+`, `Qh4#`. For the move list; the protocol speaks UCI's long algebraic. 007 plays on
//! the chess board and its spec writes its example games in SAN too, so it shares [`san_body`].

use super::{Move, MoveKind, MoveList, Position, Role};
use crate::game::Game;
use crate::square::Board8;

/// `mv` on `board` without its check suffix: `rivals` are the legal moves there, which tell
/// whether another piece of the same kind could reach the same square (then the origin's file,
/// else its rank, else both, is written).
pub fn san_body(board: &Position, mv: Move, rivals: impl Iterator<Item = Move>) -> String {
    match mv.kind() {
        MoveKind::CastleKingSide => return "O-O".into(),
        MoveKind::CastleQueenSide => return "O-O-O".into(),
        _ => {}
    }
    let (from, to) = (mv.from().display::<Board8>(), mv.to().display::<Board8>());
    let (from_name, to_name) = (from.to_string(), to.to_string());
    let (file, rank) = (&from_name[..1], &from_name[1..]);
    let role = board.role_on(mv.from()).unwrap_or(Role::Pawn);
    let mut s = String::new();
    if role == Role::Pawn {
        if mv.is_capture() {
            s.push_str(file);
        }
    } else {
        s.push(role.char().to_ascii_uppercase());
        let (mut any, mut same_file, mut same_rank) = (false, false, false);
        for other in rivals.filter(|m| {
            m.to() == mv.to() && m.from() != mv.from() && board.role_on(m.from()) == Some(role)
        }) {
            any = true;
            same_file |= other.from().file::<Board8>() == mv.from().file::<Board8>();
            same_rank |= other.from().rank::<Board8>() == mv.from().rank::<Board8>();
        }
        if any {
            if !same_file {
                s.push_str(file);
            } else if !same_rank {
                s.push_str(rank);
            } else {
                s.push_str(&from_name);
            }
        }
    }
    if mv.is_capture() {
        s.push('x');
    }
    s.push_str(&to_name);
    if let Some(promoted) = mv.promotion_role() {
        s.push('=');
        s.push(promoted.char().to_ascii_uppercase());
    }
    s
}

/// `mv` in SAN, `+` for check and `#` for mate.
pub fn san(pos: &Position, mv: Move) -> String {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let mut s = san_body(pos, mv, moves.iter().copied());
    let after = pos.play(mv);
    if after.in_check() {
        moves.clear();
        after.legal_moves(&mut moves);
        s.push(if moves.is_empty() { '#' } else { '+' });
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameState;
    use crate::variants::chess::Options;

    fn sans(fen: &str, ucis: &[&str]) -> Vec<String> {
        let options = Options::default();
        let mut pos = <Position as GameState>::from_fen(fen, &options).unwrap();
        let mut out = Vec::new();
        for uci in ucis {
            let mv = pos.parse_move(uci).unwrap();
            out.push(san(&pos, mv));
            pos = pos.play(mv);
        }
        out
    }

    #[test]
    fn pawns_pieces_and_captures() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(
            sans(start, &["e2e4", "d7d5", "e4d5", "d8d5", "b1c3"]),
            ["e4", "d5", "exd5", "Qxd5", "Nc3"]
        );
    }

    #[test]
    fn check_and_mate_suffixes() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(
            sans(start, &["f2f3", "e7e5", "g2g4", "d8h4"]),
            ["f3", "e5", "g4", "Qh4#"]
        );
        assert_eq!(sans("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", &["a1a8"]), ["Ra8+"]);
    }

    #[test]
    fn ambiguous_moves_name_file_then_rank_then_square() {
        // Knights b1 and f1 both reach d2: the file tells them apart.
        assert_eq!(
            sans("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", &["b1d2"]),
            ["Nbd2"]
        );
        // Rooks a1 and a5 both reach a3: the rank.
        assert_eq!(sans("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", &["a1a3"]), ["R1a3"]);
        // Queens a1, a3 and c1 all reach b2: neither file nor rank alone is enough for a1.
        assert_eq!(
            sans("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", &["a1b2"]),
            ["Qa1b2"]
        );
        // A pinned knight is no rival: only legal moves count.
        assert_eq!(
            sans("4k3/4r3/8/4N3/8/8/8/2N1K3 w - - 0 1", &["c1d3"]),
            ["Nd3"]
        );
    }

    #[test]
    fn castling_promotion_and_en_passant() {
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        assert_eq!(sans(fen, &["e1g1", "e8c8"]), ["O-O", "O-O-O"]);
        assert_eq!(
            sans("3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1", &["e7d8q"]),
            ["exd8=Q+"]
        );
        assert_eq!(sans("7k/4P3/8/8/8/8/8/4K3 w - - 0 1", &["e7e8n"]), ["e8=N"]);
        assert_eq!(
            sans("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", &["e5d6"]),
            ["exd6"]
        );
    }
}
