//! Evaluation: material, where each man stands (a piece-square table kept incrementally by the
//! position), and the safety of a sole King. See docs/variants/vanguard.md, "Evaluation", for the
//! first values and the reasons behind them. The numbers are named weights in `weights.txt`,
//! embedded at compile time, which `chimera tune` fits (docs/tuning.md).

use super::piece::{Piece, Role};
use super::position::Vanguard;
use crate::attacks::board16::ball;
use crate::bitboard::Bitboard;
use crate::eval::tapered::{Pair, MAX_PHASE};
use crate::eval::weights;
use crate::game::Player;

/// A royal (King or Prince). A side with both may lose one and play on, so the second royal is
/// worth more than a Queen; losing the last ends the game, which search scores, not material.
pub const ROYAL_VALUE: i32 = 2000;

/// Centipawns per role for exchanges (SEE) and move ordering, in [`Role::ALL`] order:
/// `100 + 25 * m` rounded to 5, where `m` is the mean empty-board mobility (the average of move
/// and capture squares, over all 256 squares); the pawn-types are fixed anchors. The test
/// `material_values_follow_from_empty_board_mobility` recomputes the table. The evaluation's
/// material weights started from these values.
pub const VALUES: [i32; Role::COUNT] = [
    ROYAL_VALUE, // King
    ROYAL_VALUE, // Prince
    1335,        // Queen
    750,         // Princess
    850,         // Rook
    585,         // Bishop
    510,         // Knight (Teutonic)
    1015,        // Chancellor
    670,         // Nightrider
    445,         // Spy
    570,         // Falconer
    935,         // General
    415,         // Archer
    565,         // Bowman
    550,         // Lancer
    610,         // Berserker
    505,         // Wizard
    850,         // Helepolis
    100,         // Pawn
    125,         // Soldier
    175,         // Sergeant
];

/// The weights, from `weights.txt` (see [`crate::eval::weights`]), read at compile time. The
/// evaluation has no phases: each line's two numbers are equal and the first is read.
const TABLE: [Pair; COUNT] = weights::parse(include_str!("weights.txt"));
pub static WEIGHTS: [Pair; COUNT] = TABLE;

// Where each group of weights starts in [`WEIGHTS`], in file order. The first values, and the
// reasons for them, are in docs/variants/vanguard.md, "Evaluation".
/// Material by role, in [`Role::ALL`] order.
const MATERIAL: usize = 0;
/// Per step towards the centre (0 on a corner, 14 on the four central squares), for the roles
/// from Queen to Helepolis: short-range men gain most from the middle of a 16x16 board, long
/// sliders reach it from anywhere, and royals are kept out of it ([`ROYAL_RANK`]).
const CENTRE: usize = MATERIAL + Role::COUNT;
const CENTRE_FIRST: usize = Role::Queen as usize;
const CENTRE_ROLES: usize = Role::Helepolis as usize + 1 - CENTRE_FIRST;
/// A royal's bonus by rank, counted from its own side (0 = home rank): a royal that walks out
/// among 48 enemy men is soon shot, swept or forked.
const ROYAL_RANK: usize = CENTRE + CENTRE_ROLES;
/// A pawn-type man's bonus by rank, counted from its own side (it starts on rank 2 and
/// promotes on rank 15): slow at first, steep near promotion, where a Soldier becomes a
/// Helepolis.
const ADVANCE: usize = ROYAL_RANK + 16;
/// A sole King's safety: per friendly man next to it, per enemy man within two squares, and
/// within four.
const KING_SHELTER: usize = ADVANCE + 16;
const KING_NEAR: usize = KING_SHELTER + 1;
const KING_ZONE: usize = KING_NEAR + 1;
/// How many weights there are.
pub const COUNT: usize = KING_ZONE + 1;

const ROLE_NAMES: [&str; Role::COUNT] = [
    "king",
    "prince",
    "queen",
    "princess",
    "rook",
    "bishop",
    "knight",
    "chancellor",
    "nightrider",
    "spy",
    "falconer",
    "general",
    "archer",
    "bowman",
    "lancer",
    "berserker",
    "wizard",
    "helepolis",
    "pawn",
    "soldier",
    "sergeant",
];

/// The name of each weight, in file order.
pub fn weight_names() -> Vec<String> {
    let mut names: Vec<String> = ROLE_NAMES.iter().map(|r| format!("material.{r}")).collect();
    let centre = &ROLE_NAMES[CENTRE_FIRST..CENTRE_FIRST + CENTRE_ROLES];
    names.extend(centre.iter().map(|r| format!("centre.{r}")));
    names.extend((0..16).map(|r| format!("royal_rank.{r}")));
    names.extend((0..16).map(|r| format!("advance.{r}")));
    for n in [
        "royal_safety.shelter",
        "royal_safety.near",
        "royal_safety.zone",
    ] {
        names.push(n.into());
    }
    names
}

/// The placement weight of a man of `role` on (`file`, `rank`), the rank counted from its own
/// side, and how many times it counts.
const fn placement(role: Role, file: i32, rank: i32) -> (usize, i32) {
    match role {
        Role::King | Role::Prince => (ROYAL_RANK + rank as usize, 1),
        Role::Pawn | Role::Soldier | Role::Sergeant => (ADVANCE + rank as usize, 1),
        _ => {
            // Steps from the corner towards the centre: (30 - |2f - 15| - |2r - 15|) / 2, 0..=14.
            let centre = (30 - (2 * file - 15).abs() - (2 * rank - 15).abs()) / 2;
            (CENTRE + role as usize - CENTRE_FIRST, centre)
        }
    }
}

/// What a man of `role` on (`file`, `rank`) is worth to White: its value and its placement.
const fn white_square_value(role: Role, file: i32, rank: i32) -> i32 {
    let (index, count) = placement(role, file, rank);
    TABLE[MATERIAL + role as usize].0 + TABLE[index].0 * count
}

/// The piece-square table: value and placement of each man on each square, signed (positive
/// for White's men), indexed by [`Piece::index`] and square. Black's ranks mirror White's.
pub static PSQ: [[i32; 256]; 42] = {
    let mut t = [[0; 256]; 42];
    let mut k = 0;
    while k < Role::COUNT {
        let mut sq = 0;
        while sq < 256 {
            let (file, rank) = ((sq & 15) as i32, (sq >> 4) as i32);
            let white = Piece::new(Player::White, Role::ALL[k]).index();
            let black = Piece::new(Player::Black, Role::ALL[k]).index();
            t[white][sq] = white_square_value(Role::ALL[k], file, rank);
            t[black][sq] = -white_square_value(Role::ALL[k], file, 15 - rank);
            sq += 1;
        }
        k += 1;
    }
    t
};

/// The evaluation by terms, each from White's point of view.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Breakdown {
    /// Material of each player.
    pub material: [i32; 2],
    /// Piece-square placement of each player.
    pub placement: [i32; 2],
    /// Sole-King safety of each player (0 with both royals).
    pub royal_safety: [i32; 2],
}

impl Vanguard {
    /// Material balance in exchange values ([`VALUES`]) from the side to move's point of view.
    pub fn material(&self) -> i32 {
        let us = self.side;
        let mut score = 0;
        for role in Role::ALL {
            let v = VALUES[role.index()];
            score += v
                * (self.pieces(us, role).count() as i32
                    - self.pieces(us.other(), role).count() as i32);
        }
        score
    }

    /// The piece-square sum computed from scratch: what the incremental one must equal.
    pub fn compute_psq(&self) -> i32 {
        self.board
            .iter()
            .enumerate()
            .filter_map(|(sq, p)| p.map(|p| PSQ[p.index()][sq]))
            .sum()
    }

    /// How many friendly men stand next to `color`'s King, and enemy men within two and four
    /// squares of it, when it is the last royal (`None` otherwise): the counts of the weights
    /// from [`KING_SHELTER`] on.
    #[inline(always)]
    fn royal_counts(&self, color: Player) -> Option<[i32; 3]> {
        if !self.has_sole_king(color) {
            return None;
        }
        let king = self.king(color)?;
        let enemy = self.men(color.other());
        let near = (ball(king, 2) & enemy).count() as i32;
        let zone = (ball(king, 4) & enemy).count() as i32;
        // The ball holds the King's own square.
        let shelter = (ball(king, 1) & self.men(color)).count() as i32 - 1;
        Some([shelter, near, zone])
    }

    /// The safety of `color`'s King when it is the last royal (0 otherwise), as a bonus for
    /// `color`: enemy men close to it count against it, friendly men next to it for it.
    #[inline(always)]
    fn royal_safety(&self, color: Player) -> i32 {
        match self.royal_counts(color) {
            Some([shelter, near, zone]) => {
                // From the const table: constants in the code, as the literals were.
                shelter * TABLE[KING_SHELTER].0
                    + near * TABLE[KING_NEAR].0
                    + zone * TABLE[KING_ZONE].0
            }
            None => 0,
        }
    }

    /// Centipawns from the point of view of the side to move.
    pub fn static_eval(&self) -> i32 {
        let white = self.psq + self.royal_safety(Player::White) - self.royal_safety(Player::Black);
        white * self.side.sign()
    }

    /// The terms of [`Vanguard::static_eval`], for the protocol's `eval`.
    pub fn breakdown(&self) -> Breakdown {
        let mut b = Breakdown {
            material: [0; 2],
            placement: [0; 2],
            royal_safety: [0; 2],
        };
        for color in Player::BOTH {
            let c = color.index();
            for sq in self.men(color).squares() {
                let p = self
                    .piece_at(sq)
                    .expect("a man on every square of its colour");
                let value = WEIGHTS[MATERIAL + p.role().index()].0;
                b.material[c] += value;
                b.placement[c] += PSQ[p.index()][sq.index()] * color.sign() - value;
            }
            b.royal_safety[c] = self.royal_safety(color);
        }
        b
    }
}

impl weights::Tunable for Vanguard {
    const WEIGHTS_FILE: &'static str = "engine/src/variants/vanguard/weights.txt";
    const TAPERED: bool = false;
    fn weights() -> &'static [Pair] {
        &WEIGHTS
    }
    fn weight_names() -> Vec<String> {
        weight_names()
    }
    fn features(&self, features: &mut weights::Features) -> i32 {
        for color in Player::BOTH {
            for sq in self.men(color).squares() {
                let role = self
                    .piece_at(sq)
                    .expect("a man on every square of its colour")
                    .role();
                let (file, rank) = ((sq.0 & 15) as i32, (sq.0 >> 4) as i32);
                let rank = if color == Player::White {
                    rank
                } else {
                    15 - rank
                };
                features.count(MATERIAL + role.index(), color, 1);
                let (index, count) = placement(role, file, rank);
                features.count(index, color, count);
            }
            for (i, c) in self.royal_counts(color).into_iter().flatten().enumerate() {
                features.count(KING_SHELTER + i, color, c);
            }
        }
        MAX_PHASE
    }
    fn white_eval(&self) -> i32 {
        self.side.sign() * self.static_eval()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::weights::{Features, Tunable};
    use crate::game::Game;
    use crate::game::GameState;
    use crate::square::{Board16, Square};
    use rand::{rngs::SmallRng, RngExt, SeedableRng};

    fn pos(fen: &str) -> Vanguard {
        Vanguard::from_fen(fen).unwrap_or_else(|e| panic!("{e}"))
    }

    /// The same position with the colours exchanged: ranks mirrored, letters' case swapped, the
    /// other side to move.
    fn mirror(p: &Vanguard) -> Vanguard {
        let fen = p.fen();
        let f: Vec<&str> = fen.split(' ').collect();
        let placement = crate::toys::mirror_placement(f[0]);
        let side = if f[1] == "w" { "b" } else { "w" };
        let mut rights = String::new();
        if f[2] != "-" {
            let mut rest = f[2];
            while let Some((s, tail)) = Square::parse_prefix::<Board16>(rest) {
                let flipped = Square(s.0 ^ 0xf0);
                rights += &flipped.display::<Board16>().to_string();
                rest = tail;
            }
        } else {
            rights.push('-');
        }
        pos(&format!("{placement} {side} {rights} {} {}", f[3], f[4]))
    }

    #[test]
    fn the_start_is_balanced_and_colors_are_symmetric() {
        let start = Vanguard::start(&());
        assert_eq!(start.evaluate_for_mover(), 0);
        assert_eq!(mirror(&start), {
            let mut s = start.clone();
            s.side = Player::Black;
            s.key = s.compute_key();
            s
        });
        let mut rng = SmallRng::seed_from_u64(7);
        for _ in 0..20 {
            let mut p = Vanguard::start(&());
            for _ in 0..rng.random_range(0..120) {
                let mut moves = super::super::MoveList::new();
                p.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                p = p.play(moves[rng.random_range(0..moves.len())]);
                assert_eq!(p.psq, p.compute_psq(), "{}", p.fen());
            }
            assert_eq!(
                p.evaluate_for_mover(),
                mirror(&p).evaluate_for_mover(),
                "{}",
                p.fen()
            );
            let b = p.breakdown();
            let white: i32 = b.material[0] + b.placement[0] + b.royal_safety[0];
            let black: i32 = b.material[1] + b.placement[1] + b.royal_safety[1];
            assert_eq!(
                (white - black) * p.side.sign(),
                p.evaluate_for_mover(),
                "{}",
                p.fen()
            );
        }
    }

    #[test]
    fn short_range_men_prefer_the_centre() {
        // A White Knight on h8 against one on a1, everything else equal.
        let centre = pos("k15/16/16/16/16/16/16/16/7N8/16/16/16/16/16/16/15K w - 0 1");
        let corner = pos("k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/N14K w - 0 1");
        assert_eq!(
            centre.evaluate_for_mover() - corner.evaluate_for_mover(),
            WEIGHTS[CENTRE + Role::Knight.index() - CENTRE_FIRST].0 * 14
        );
        // A Rook does not care.
        let centre = pos("k15/16/16/16/16/16/16/16/7R8/16/16/16/16/16/16/15K w - 0 1");
        let corner = pos("k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/R14K w - 0 1");
        assert_eq!(centre.evaluate_for_mover(), corner.evaluate_for_mover());
    }

    #[test]
    fn pawn_types_gain_as_they_advance_and_royals_lose() {
        let far = pos("k15/16/16/16/16/3S12/16/16/16/16/16/16/16/16/16/15K w - 0 1");
        let home = pos("k15/16/16/16/16/16/16/16/16/16/16/16/16/3S12/16/15K w - 0 1");
        assert_eq!(
            far.evaluate_for_mover() - home.evaluate_for_mover(),
            WEIGHTS[ADVANCE + 10].0
        );
        // Black's man advances downwards: the same bonus, mirrored.
        let far = pos("k15/16/16/16/16/16/16/16/16/16/3s12/16/16/16/16/15K b - 0 1");
        let home = pos("k15/16/3s12/16/16/16/16/16/16/16/16/16/16/16/16/15K b - 0 1");
        assert_eq!(
            far.evaluate_for_mover() - home.evaluate_for_mover(),
            WEIGHTS[ADVANCE + 10].0
        );
        // A King and a Prince out on rank 6 against at home.
        let out = pos("k15/16/16/16/16/16/16/16/16/16/4KI10/16/16/16/16/16 w - 0 1");
        let home = pos("k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/4KI10 w - 0 1");
        assert_eq!(
            out.evaluate_for_mover() - home.evaluate_for_mover(),
            2 * WEIGHTS[ROYAL_RANK + 5].0
        );
    }

    #[test]
    fn a_sole_king_among_enemies_is_in_danger() {
        // Black's sole King a16 with two White Rooks two squares away and a Knight four away,
        // against the same men far off; White has a Prince too, so its King is not judged.
        let near = pos("k1R13/16/R15/4N11/16/16/16/16/16/16/16/16/16/16/16/KI14 b - 0 1");
        let far = pos("k15/16/16/16/16/16/16/16/16/16/16/16/16/16/2R1N11/KIR13 b - 0 1");
        assert_eq!(
            near.breakdown().royal_safety,
            [0, 2 * WEIGHTS[KING_NEAR].0 + 3 * WEIGHTS[KING_ZONE].0]
        );
        assert_eq!(far.breakdown().royal_safety, [0, 0]);
        // A friendly man beside it shelters it.
        let sheltered = pos("kp14/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w - 0 1");
        assert_eq!(
            sheltered.breakdown().royal_safety,
            [0, WEIGHTS[KING_SHELTER].0]
        );
    }

    #[test]
    fn the_weights_file_names_every_weight_in_order() {
        assert_eq!(weights::names(include_str!("weights.txt")), weight_names());
        // No phases: both numbers of every line are the same.
        assert!(WEIGHTS.iter().all(|w| w.0 == w.1));
    }

    /// The tuner's counts rebuild the whole evaluation: every term is a weight.
    #[test]
    fn features_reproduce_the_evaluation() {
        let mut nonzero = 0;
        for fen in super::super::BENCH_FENS {
            let p = pos(fen);
            let mut f = Features::new(COUNT);
            assert_eq!(p.features(&mut f), MAX_PHASE);
            let white: i32 = (f.coef.iter().zip(WEIGHTS.iter()))
                .map(|(&c, w)| c * w.0)
                .sum();
            assert_eq!(white, p.white_eval(), "{fen}");
            nonzero += (white != 0) as usize;
        }
        assert!(nonzero > 0);
    }
}
