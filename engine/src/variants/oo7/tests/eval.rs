//! The evaluation is the controller's (§2): tempo by his own plies left, the threat of an enemy
//! ply followed by a friendly one (material, a king en prise, a mate).

use super::*;
use crate::variants::chess::eval::SEE_VALUES;
use crate::variants::chess::Role;
use crate::variants::oo7::eval::{mate_threat, KING_THREAT, MATE_THREAT, TEMPO, THREAT_EIGHTHS};

fn eval(fen: &str, modes: &str) -> i32 {
    pos(fen, modes).evaluate_for_mover()
}

fn threat(value: i32) -> i32 {
    value * THREAT_EIGHTHS / 8
}

const WHITE_TO_MOVE: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const BLACK_TO_MOVE: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1";

#[test]
fn tempo_is_the_controllers_own_plies_left_whoever_is_on_the_board() {
    // A symmetric board: only the turn state differs. Nothing is en prise or exposable.
    let at = |board: &str, turn: &str| {
        let schedule = if turn.ends_with("/1") {
            "balanced"
        } else {
            "standard"
        };
        eval(&format!("{board} {turn}"), schedule)
    };
    assert_eq!(at(WHITE_TO_MOVE, "w1/3"), 2 * TEMPO);
    assert_eq!(at(BLACK_TO_MOVE, "b1/3"), 2 * TEMPO);
    // One own ply left: the last, friendly ply, or an enemy ply before the last. The colour on
    // the board (white in both first cases) gets no orthodox tempo of its own.
    assert_eq!(at(WHITE_TO_MOVE, "w3/3"), TEMPO);
    assert_eq!(at(WHITE_TO_MOVE, "b2/3"), TEMPO);
    assert_eq!(at(BLACK_TO_MOVE, "w2/3"), TEMPO);
    // Balanced: the Black player's single opening ply moves a white piece and is his last.
    assert_eq!(at(WHITE_TO_MOVE, "b1/1"), 0);
}

#[test]
fn an_enemy_piece_the_enemy_ply_can_expose_is_won_without_detente() {
    // The White player moves Black next: the queen can step onto d5 or f5 (the e4 pawn) or next
    // to the white king, and his third ply takes it. Under Detente the capture rule forbids
    // taking the piece the enemy ply moved, and nothing is en prise now.
    use crate::variants::oo7::eval::{DETENTE_WEIGHTS, WEIGHTS};
    let fen = "3qk3/8/8/8/4P3/8/8/4K3 b - - 0 1 w2/3 - -";
    let free = eval(fen, "standard");
    let detente = eval(fen, "standard+detente");
    // Detente also reads its own weights: take the two orthodox parts' difference away.
    let board = "3qk3/8/8/8/4P3/8/8/4K3 b - - 0 1";
    let weights = orthodox(board, &WEIGHTS) - orthodox(board, &DETENTE_WEIGHTS);
    assert_eq!(
        free - detente - weights,
        threat(SEE_VALUES[Role::Queen.index()])
    );
    // A friendly ply first (F E F ahead) counts the same threat; a last ply counts none.
    let first = "3qk3/8/8/8/4P3/8/8/4K3 w - - 0 1 w1/3";
    let last = "3qk3/8/8/8/4P3/8/8/4K3 w - - 0 1 w3/3";
    assert_eq!(
        eval(first, "standard") - eval(last, "standard"),
        TEMPO + threat(SEE_VALUES[Role::Queen.index()])
    );
}

#[test]
fn a_piece_already_en_prise_is_won_under_detente_too() {
    // The black rook on d5 hangs to the knight; the White player's enemy ply can be any other
    // black ply, his third ply takes the rook.
    let enemy_ply = eval(
        "4k3/8/8/3r4/8/4N3/8/4K3 b - - 0 1 w2/3 - -",
        "standard+detente",
    );
    let last_ply = eval(
        "4k3/8/8/3r4/8/4N3/8/4K3 w - - 0 1 w3/3 - -",
        "standard+detente",
    );
    assert_eq!(enemy_ply - last_ply, threat(SEE_VALUES[Role::Rook.index()]));
    // Defended by a pawn, the rook is worth the rook minus the knight.
    let enemy_ply = eval(
        "4k3/8/4p3/3r4/8/4N3/8/4K3 b - - 0 1 w2/3 - -",
        "standard+detente",
    );
    let last_ply = eval(
        "4k3/8/4p3/3r4/8/4N3/8/4K3 w - - 0 1 w3/3 - -",
        "standard+detente",
    );
    assert_eq!(
        enemy_ply - last_ply,
        threat(SEE_VALUES[Role::Rook.index()] - SEE_VALUES[Role::Knight.index()])
    );
}

#[test]
fn fast_and_deadly_counts_a_king_that_can_step_into_an_attack_as_lost() {
    // The White player moves Black's king next to the d-file rook, then takes it.
    let fen = "4k3/8/8/8/8/8/3R4/4K3 b - - 0 1 w2/3";
    let fast = eval(fen, "standard+fast");
    let orthodox = eval(fen, "standard");
    assert_eq!(fast - orthodox, threat(KING_THREAT));
    // At the last ply of the turn there is no enemy ply left to do it.
    let last = "4k3/8/8/8/8/8/3R4/4K3 w - - 0 1 w3/3";
    assert_eq!(eval(last, "standard+fast"), eval(last, "standard"));
}

/// A back-rank mate the White player's third ply gives, whatever his enemy ply before it.
pub(super) const BACK_RANK: &str = "6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1 w2/3";

#[test]
fn a_mate_after_the_enemy_ply_counts_as_the_turns_threat() {
    let enemy_ply = eval(BACK_RANK, "standard");
    let last_ply = eval("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 w3/3", "standard");
    assert_eq!(enemy_ply - last_ply, threat(MATE_THREAT));
    // Not when the enemy ply must answer a check: it is no free ply (here Kh8 or Kf8, and
    // the knight's check spoils nothing, but the evaluation does not look that far).
    let checked = pos("6k1/4Nppp/8/8/8/8/8/R5K1 b - - 0 1 w2/3", "standard");
    assert!(!mate_threat(checked.board(), Player::White));
    assert!(mate_threat(
        pos(BACK_RANK, "standard").board(),
        Player::White
    ));
    // With luft there is no mate.
    let luft = pos("6k1/5pp1/7p/8/8/8/8/R5K1 b - - 0 1 w2/3", "standard");
    assert!(!mate_threat(luft.board(), Player::White));
}

/// A board where nothing is en prise, at its turn's last ply (no threat counts there): the
/// Italian Game's Giuoco Piano, where chess's fitted weights and 007's score it apart.
const ITALIAN: &str = "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";

/// Chess's evaluation of `board` (an orthodox FEN) under `weights` without its tempo, from
/// White's side.
fn orthodox(board: &str, weights: &crate::variants::chess::eval::Weights) -> i32 {
    use crate::eval::tapered::Pair;
    use crate::variants::chess::eval::{breakdown_with, Term};
    let b = breakdown_with(
        &crate::variants::chess::Position::from_fen(board).unwrap(),
        weights,
    );
    let white = (Term::ALL.iter().zip(b.terms))
        .filter(|(term, _)| **term != Term::Tempo)
        .fold(Pair(0, 0), |acc, (_, t)| acc + t[0] - t[1]);
    b.taper(white)
}

#[test]
fn the_orthodox_part_uses_007_s_own_weights_not_chess_s_fitted_ones() {
    use crate::variants::chess::eval::WEIGHTS as CHESS;
    use crate::variants::oo7::eval::WEIGHTS;
    // The evaluation is chess's without its tempo, plus one ply of 007's tempo.
    assert_ne!(orthodox(ITALIAN, &WEIGHTS), orthodox(ITALIAN, &CHESS));
    assert_eq!(
        eval(&format!("{ITALIAN} w3/3"), "standard"),
        orthodox(ITALIAN, &WEIGHTS) + TEMPO
    );
}

#[test]
fn the_weights_files_name_chess_s_weights_in_order() {
    use crate::eval::weights::names;
    use crate::variants::chess::eval::weight_names;
    assert_eq!(names(include_str!("../weights.txt")), weight_names());
    assert_eq!(
        names(include_str!("../detente_weights.txt")),
        weight_names()
    );
}

/// Detente evaluates with its own file, every other form with `weights.txt`: the evaluation is
/// the orthodox part under the form's weights plus 007's terms.
#[test]
fn detente_evaluates_with_its_own_weights_file() {
    use crate::eval::weights::Tunable;
    use crate::variants::oo7::eval::{DETENTE_WEIGHTS, WEIGHTS};
    // Each form reads its own table (two statics: distinct addresses, whatever they hold).
    let table = |modes: &str| Position::weights_under(&opts(modes)).1.as_ptr();
    assert_eq!(table("detente"), DETENTE_WEIGHTS.as_ptr());
    assert_eq!(table("balanced+detente"), DETENTE_WEIGHTS.as_ptr());
    assert_eq!(table("standard"), WEIGHTS.as_ptr());
    assert_eq!(table("progressive"), WEIGHTS.as_ptr());
    assert_ne!(WEIGHTS.as_ptr(), DETENTE_WEIGHTS.as_ptr());
    // Detente's file is fitted to Detente's games: the two differ on this board.
    assert_ne!(
        orthodox(ITALIAN, &WEIGHTS),
        orthodox(ITALIAN, &DETENTE_WEIGHTS)
    );
    let fen = format!("{ITALIAN} w3/3");
    assert_eq!(eval(&fen, "standard"), orthodox(ITALIAN, &WEIGHTS) + TEMPO);
    assert_eq!(
        eval(&fen, "detente"),
        orthodox(ITALIAN, &DETENTE_WEIGHTS) + TEMPO
    );
}

/// What `chimera tune` reads: the weights' counts rebuild the orthodox part (chess's tempo
/// counted nowhere), and the rest of the evaluation, 007's tempo and threat, stays fixed.
#[test]
fn the_tuners_counts_rebuild_the_orthodox_part_and_leave_007_s_terms_fixed() {
    use crate::eval::tapered::{taper, Pair};
    use crate::eval::weights::{Features, Tunable};
    use crate::variants::chess::eval::{COUNT, TEMPO as CHESS_TEMPO};
    use crate::variants::oo7::eval::{DETENTE_WEIGHTS, WEIGHTS};
    let italian = ITALIAN.split(' ').next().unwrap();
    let cases = [
        // (position, modes, 007's own terms from White's side)
        (format!("{italian} w KQkq - 2 3 w3/3"), "standard", TEMPO),
        (format!("{italian} b KQkq - 2 3 b3/3"), "standard", -TEMPO),
        (format!("{italian} w KQkq - 2 3 w1/3"), "detente", 2 * TEMPO),
        (
            BACK_RANK.to_string(),
            "standard",
            TEMPO + threat(MATE_THREAT),
        ),
    ];
    for (fen, modes, own_terms) in cases {
        let p = pos(&fen, modes);
        let mut f = Features::new(COUNT);
        let phase = p.features(&mut f);
        assert_eq!(f.coef[CHESS_TEMPO], 0, "{fen}");
        let weights = if modes == "detente" {
            &DETENTE_WEIGHTS
        } else {
            &WEIGHTS
        };
        assert_eq!(
            Position::weights_under(p.options()).1.as_ptr(),
            weights.as_ptr()
        );
        let sum = (f.coef.iter().zip(weights.iter())).fold(Pair(0, 0), |acc, (&c, &w)| acc + w * c);
        assert_ne!(sum, Pair(0, 0), "{fen}");
        assert_eq!(taper(sum, phase) + own_terms, p.white_eval(), "{fen}");
        assert_eq!(p.white_eval(), p.to_move().sign() * p.evaluate_for_mover());
    }
}
