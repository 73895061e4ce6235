//! Evaluation of a 007 position from the point of view of the controller (the player who
//! chooses the next ply), not of the colour on the board.
//!
//! * Material, placement, mobility, pawns, king safety: the orthodox evaluation without its
//!   tempo term, turned to the controller's side, with 007's own weights ([`WEIGHTS`], in
//!   chess's layout: chess's, fitted to chess games, lost in 007). The orthodox tempo belongs
//!   to the colour to move; in 007 the colour to move may be the controller's enemy, whose ply
//!   he chooses, so the tempo is counted here instead, for the controller. These weights are
//!   what `chimera tune --variant 007` fits; the terms below stay fixed.
//! * Tempo: each ply of the controller's own colour still to come in this turn (`TEMPO` each).
//!   His enemy plies cost him nothing: he picks the enemy's worst move for the enemy.
//! * The threat of the turn: while an enemy ply and then a friendly ply remain in the turn, the
//!   controller wins material with that pair whatever the opponent does (it is all his choice):
//!   either the enemy ply is a harmless one and the friendly ply takes a piece already en prise,
//!   or (without Detente, whose capture rule forbids it) the enemy ply walks an enemy piece onto
//!   a square he attacks and the friendly ply takes it. Quiescence stands pat at enemy plies, so
//!   without this term it would not see either. Under fast-and-deadly the same pair takes the
//!   enemy king if it is (or can step) en prise: a won game.
//!
//!   A mate counts likewise: a friendly ply after the enemy ply that mates (checked with the
//!   enemy ply read as a pass).
//!
//! The opponent's threats in his next turn are left to search, as an orthodox evaluation leaves
//! the opponent's captures to the opponent's move.

use super::checks::gives_check;
use super::position::Position;
use super::Options;
use crate::attacks::board8 as attacks;
use crate::bitboard::{Bb64, Bitboard};
use crate::eval::tapered::{Pair, MAX_PHASE};
use crate::eval::weights::{self, Features, Tunable};
use crate::game::{Game, Player};
use crate::square::Square;
use crate::variants::chess::eval::{self as chess_eval, Term, SEE_VALUES};
use crate::variants::chess::{MoveList as ChessMoves, Position as Board, Role};

/// The orthodox part's weights, from `weights.txt` (chess's names and order; the tempo line is
/// unused), read at compile time.
pub static WEIGHTS: chess_eval::Weights = weights::parse(include_str!("weights.txt"));

/// The same under Detente, from `detente_weights.txt`, fitted to Detente's games: its capture
/// rule changes what pieces and squares are worth, and a fit to standard games lost under it
/// (docs/tuning.md).
pub static DETENTE_WEIGHTS: chess_eval::Weights =
    weights::parse(include_str!("detente_weights.txt"));

/// The weights file and weights of positions under `options`.
fn weights_under(options: &Options) -> (&'static str, &'static chess_eval::Weights) {
    if options.detente {
        (
            "engine/src/variants/oo7/detente_weights.txt",
            &DETENTE_WEIGHTS,
        )
    } else {
        ("engine/src/variants/oo7/weights.txt", &WEIGHTS)
    }
}

/// A ply of one's own colour, in centipawns.
pub(super) const TEMPO: i32 = 15;

/// The share of the turn's threat counted, in eighths: the enemy ply may be forced (the enemy
/// colour in check has few plies) and the exposed piece's owner may have counterplay.
pub(super) const THREAT_EIGHTHS: i32 = 6;

/// A king the turn will capture under fast-and-deadly: decisive, yet below search's mate
/// scores (search scores the capture itself as a win when it sees it).
pub(super) const KING_THREAT: i32 = 3_000;

/// A mate the turn's next friendly ply gives: decisive, and surer than a material threat (the
/// share still applies: the enemy ply in between may have to spoil it).
pub(super) const MATE_THREAT: i32 = 2_000;

/// Roles by falling value, for the threat scans (each stops once no piece can beat the best).
const BY_VALUE: [Role; 5] = [
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

/// Centipawns from the controller's point of view.
pub fn evaluate(pos: &Position) -> i32 {
    let board = pos.board();
    let controller = pos.turn().controller;
    if let Some(loser) = pos.king_taken() {
        // The game is over (search scores it from the outcome); a board without a king has
        // no orthodox evaluation.
        return if loser == controller { -10_000 } else { 10_000 };
    }
    let mut score = orthodox(board, weights_under(pos.options()).1, controller);
    let own_plies = friendly_plies_left(pos);
    score += TEMPO * own_plies as i32;
    // An enemy ply followed by a friendly ply: the enemy ply is next, or (at a friendly ply)
    // at least three plies remain, friendly, enemy, friendly.
    if own_plies > pos.is_friendly_ply() as u32 {
        score += threat(pos, controller) * THREAT_EIGHTHS / 8;
    }
    score
}

/// The orthodox evaluation without the tempo term, from `player`'s side.
fn orthodox(board: &Board, weights: &chess_eval::Weights, player: Player) -> i32 {
    let b = chess_eval::breakdown_with(board, weights);
    let mut white = Pair(0, 0);
    for (term, by_player) in Term::ALL.iter().zip(b.terms) {
        if *term != Term::Tempo {
            white += by_player[Player::White.index()] - by_player[Player::Black.index()];
        }
    }
    player.sign() * b.taper(white)
}

impl Tunable for Position {
    const WEIGHTS_FILE: &'static str = "engine/src/variants/oo7/weights.txt";
    fn weights() -> &'static [Pair] {
        &WEIGHTS
    }
    fn weights_under(options: &Options) -> (&'static str, &'static [Pair]) {
        let (file, weights) = weights_under(options);
        (file, weights)
    }
    fn weight_names() -> Vec<String> {
        chess_eval::weight_names()
    }
    fn features(&self, features: &mut Features) -> i32 {
        if self.king_taken().is_some() {
            // No orthodox part (see `evaluate`): the whole score is fixed.
            return MAX_PHASE;
        }
        chess_eval::score_with(self.board(), weights_under(self.options()).1, features);
        // 007 counts its own tempo, for the controller: chess's is not part of it.
        features.coef[chess_eval::TEMPO] = 0;
        chess_eval::phase(self.board())
    }
    fn white_eval(&self) -> i32 {
        self.to_move().sign() * evaluate(self)
    }
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

/// What `player` wins with an enemy ply and a friendly ply of his turn: the better of taking a
/// piece already en prise and (without Detente) exposing one with the enemy ply.
fn threat(pos: &Position, player: Player) -> i32 {
    let board = pos.board();
    let options = pos.options();
    let fast = options.fast_and_deadly;
    let attacked = board.attacked_squares(player);
    let mut best = capture_gain(board, player, attacked, fast);
    if best >= KING_THREAT {
        return best;
    }
    if !options.detente {
        best = best.max(exposure_gain(board, player, attacked, fast));
    }
    if !fast && !pos.is_friendly_ply() && best < MATE_THREAT && mate_threat(board, player) {
        best = MATE_THREAT;
    }
    best
}

/// Whether `player`, whose enemy's colour is on the board, mates at once with his next ply if
/// the enemy ply before it is a harmless one (read as a pass). Not when a king is in check:
/// the enemy ply must answer its own check, and `player`'s own king may stand in check
/// only because the enemy ply just gave it (then no pass is possible).
pub(super) fn mate_threat(board: &Board, player: Player) -> bool {
    if board.checkers().any() || board.is_attacked(board.king(player), player.other()) {
        return false;
    }
    let passed = board.null_move();
    let mut moves = ChessMoves::new();
    passed.legal_moves(&mut moves);
    moves
        .iter()
        .any(|m| gives_check(&passed, *m) && passed.play(*m).count_legal_moves() == 0)
}

/// The value `player` loses to the cheapest of `attackers` taking a piece on a square the
/// enemy defends (`None`: a king may not take a defended piece, except under fast-and-deadly
/// where the recapture takes the king).
#[inline]
fn cheapest(board: &Board, attackers: Bb64) -> Option<Role> {
    Role::ALL
        .into_iter()
        .find(|r| (attackers & board.role(*r)).any())
}

/// What one capture wins for `player`, the piece standing where it is: a piece not defended is
/// won whole, a defended one is worth its value minus the cheapest attacker's.
fn capture_gain(board: &Board, player: Player, attacked: Bb64, fast: bool) -> i32 {
    let enemy = player.other();
    let occ = board.occupied();
    if fast && attacked.has(board.king(enemy)) {
        return KING_THREAT;
    }
    let mut best = 0;
    for role in BY_VALUE {
        let value = SEE_VALUES[role.index()];
        if value <= best {
            break;
        }
        for sq in (board.pieces(enemy, role) & attacked).squares() {
            let attackers = board.attackers(sq, player, occ);
            let Some(taker) = cheapest(board, attackers) else {
                continue;
            };
            let defended = board.attackers(sq, enemy, occ).any();
            best = best.max(exchange(value, taker, defended));
        }
    }
    best
}

/// `player`'s gain from taking a piece worth `value` with a `taker`, recaptured if `defended`.
#[inline]
fn exchange(value: i32, taker: Role, defended: bool) -> i32 {
    match (defended, taker) {
        (false, _) => value,
        // A king may not take a defended piece.
        (true, Role::King) => 0,
        (true, _) => value - SEE_VALUES[taker.index()],
    }
}

/// The most `player` wins by walking an enemy piece onto an empty square he attacks and taking
/// it there (no Detente). Moves are read off the attack tables, pins and checks ignored; under
/// fast-and-deadly a king that can step into an attack is lost.
fn exposure_gain(board: &Board, player: Player, attacked: Bb64, fast: bool) -> i32 {
    let enemy = player.other();
    let occ = board.occupied();
    // Only squares he attacks now: a square attacked only through the piece that moves
    // would mean that piece stands en prise already (`capture_gain` counts it).
    let empty = !occ & attacked;
    if fast {
        let king = board.king(enemy);
        let reach = attacks::king_attacks(king) & empty;
        if reach
            .squares()
            .any(|to| board.attackers(to, player, occ ^ bb(king) ^ bb(to)).any())
        {
            return KING_THREAT;
        }
    }
    let mut best = 0;
    for role in BY_VALUE {
        let value = SEE_VALUES[role.index()];
        if value <= best {
            break;
        }
        for from in board.pieces(enemy, role).squares() {
            let targets = match role {
                Role::Pawn => pawn_pushes(enemy, from, occ),
                Role::Knight => attacks::knight_attacks(from),
                Role::Bishop => attacks::bishop_attacks(from, occ),
                Role::Rook => attacks::rook_attacks(from, occ),
                _ => attacks::queen_attacks(from, occ),
            } & empty;
            for to in targets.squares() {
                let after = occ ^ bb(from) ^ bb(to);
                let Some(taker) = cheapest(board, board.attackers(to, player, after)) else {
                    continue;
                };
                // The moved piece does not defend its own square.
                let defended = (board.attackers(to, enemy, after) & !bb(from)).any();
                best = best.max(exchange(value, taker, defended));
                if best >= value {
                    break;
                }
            }
        }
    }
    best
}

#[inline(always)]
fn bb(sq: Square) -> Bb64 {
    Bb64(1 << (sq.0 & 63))
}

/// The empty squares a pawn of `owner` on `from` can push to (one step, or two from its
/// starting rank).
fn pawn_pushes(owner: Player, from: Square, occ: Bb64) -> Bb64 {
    let (step, start_rank): (i8, u8) = match owner {
        Player::White => (8, 1),
        Player::Black => (-8, 6),
    };
    let one = from.0 as i8 + step;
    if !(0..64).contains(&one) || occ.has(Square(one as u8)) {
        return Bb64(0);
    }
    let mut pushes = bb(Square(one as u8));
    let two = one + step;
    if from.0 / 8 == start_rank && !occ.has(Square(two as u8)) {
        pushes |= bb(Square(two as u8));
    }
    pushes
}
