//! Evaluation of a 007 position from the point of view of the controller (the player who
//! chooses the next ply), not of the colour on the board.
//!
//! * Material and piece squares: the orthodox evaluation, turned to the controller's side.
//! * The rest of the turn is his: each ply of his own colour still to come in this turn is a
//!   free tempo (`TEMPO` each), and his enemy plies are his too (he picks the harmless one).
//! * Threats he will execute: when the next ply is an enemy ply and a friendly ply follows in
//!   the same turn, quiescence cannot see the capture that friendly ply will make (it stands
//!   pat at the enemy ply), so half of the best capture gain his colour has now is counted.
//!   Under Detente the piece the enemy ply is about to move could become protected, so only a
//!   capture the controller can keep counts; half the gain allows for that uncertainty.

use super::position::Position;
use crate::bitboard::Bitboard;
use crate::eval::chess::{self as chess_eval, SEE_VALUES};
use crate::game::Player;
use crate::variants::chess::Role;

/// A ply of one's own colour, in centipawns.
const TEMPO: i32 = 15;

/// Centipawns from the controller's point of view.
pub fn evaluate(pos: &Position) -> i32 {
    let board = pos.board();
    let colour = board.side_to_move();
    let controller = pos.turn().controller;
    if let Some(loser) = pos.king_taken() {
        // The game is over (search scores it from the outcome); a board without a king has
        // no orthodox evaluation.
        return if loser == controller { -10_000 } else { 10_000 };
    }
    // The orthodox evaluation is from the colour to move's side.
    let white = colour.sign() * chess_eval::evaluate(board);
    let mut score = controller.sign() * white;
    let own_plies = friendly_plies_left(pos);
    score += TEMPO * own_plies as i32;
    if !pos.is_friendly_ply() && own_plies > 0 {
        score += best_capture_gain(pos, controller) / 2;
    }
    score
}

/// Plies of the controller's own colour from the next one to the end of the turn.
fn friendly_plies_left(pos: &Position) -> u32 {
    let left = pos.turn().plies_left();
    // Colours alternate: plies 0, 2, 4... from now move the colour on the board.
    if pos.is_friendly_ply() {
        left.div_ceil(2)
    } else {
        left / 2
    }
}

/// The most `player`'s colour wins by one capture: a piece not defended is won whole, a
/// defended one is worth its value minus the cheapest attacker's.
fn best_capture_gain(pos: &Position, player: Player) -> i32 {
    let board = pos.board();
    let occ = board.occupied();
    let mut best = 0;
    for role in [
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
    ] {
        let value = SEE_VALUES[role.index()];
        if value <= best {
            break;
        }
        for sq in board.pieces(player.other(), role).squares() {
            let attackers = board.attackers(sq, player, occ);
            let Some(cheapest) = Role::ALL
                .into_iter()
                .find(|r| (attackers & board.role(*r)).any())
            else {
                continue;
            };
            let defended = board.attackers(sq, player.other(), occ).any();
            let gain = match (defended, cheapest) {
                (false, _) => value,
                // A king may not take a defended piece.
                (true, Role::King) => 0,
                (true, _) => value - SEE_VALUES[cheapest.index()],
            };
            best = best.max(gain);
        }
    }
    best
}
