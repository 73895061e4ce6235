//! Evaluation that understands time: a traveller is valued where it will arrive, discounted
//! by the turns it still needs; arrivals due next turn threaten the enemy pieces standing on
//! their destination; travellers' pictorial checks count.

use super::*;

/// Piece values in centipawns by kind (K Q R B N P).
pub const VALUE: [i32; 6] = [0, 900, 500, 330, 320, 100];

/// Switch for the time-aware terms (arrival placement, arrival threats); off = material and
/// placement of the view only. Kept as a const so the lead can measure with and without.
pub const TIME_AWARE: bool = true;

/// Centralisation bonus of a square, 0..=6.
fn centre(sq: u8) -> i32 {
    let f = (sq & 7) as i32;
    let r = (sq >> 3) as i32;
    let df = if f < 4 { f } else { 7 - f };
    let dr = if r < 4 { r } else { 7 - r };
    df.min(3) + dr.min(3)
}

/// Pawn advance bonus from its owner's side.
fn advance(color: Player, sq: u8) -> i32 {
    let r = (sq >> 3) as i32;
    if color == Player::White {
        r - 1
    } else {
        6 - r
    }
}

/// Turns a traveller needs to arrive.
fn turns_left(p: &Piece) -> i32 {
    match p.state {
        State::Standing => 0,
        State::Committed => 1,
        State::Travelling => {
            let df = ((p.dst & 7) as i32 - (p.sq & 7) as i32).abs();
            let dr = ((p.dst >> 3) as i32 - (p.sq >> 3) as i32).abs();
            df.max(dr)
        }
    }
}

impl LeneHau {
    /// From White's view: material, placement (at the destination for travellers, weighed by
    /// how soon they arrive), threats of arrivals and pictorial checks.
    fn white_eval(&self) -> i32 {
        let mut score = 0;
        for p in &self.pieces {
            let sign = p.color.sign();
            let at = if TIME_AWARE { p.dst } else { p.sq };
            let mut v = VALUE[p.kind as usize];
            v += match p.kind {
                PAWN => 8 * advance(p.color, at),
                KING => 0,
                QUEEN => 2 * centre(at),
                _ => 5 * centre(at),
            };
            if TIME_AWARE && p.state == State::Travelling {
                // Committed force cannot react: a small price per turn still under way.
                v -= 4 * turns_left(p);
                // An arrival crowd-captures what stands on its destination then: the threat
                // counts now, more the sooner it lands.
                let enemy = ci(p.color.other());
                if self.view[enemy] >> p.dst & 1 != 0 {
                    let victims: i32 = self
                        .pieces
                        .iter()
                        .filter(|q| {
                            ci(q.color) == enemy && q.state == State::Standing && q.sq == p.dst
                        })
                        .map(|q| {
                            if q.kind == KING {
                                400
                            } else {
                                VALUE[q.kind as usize]
                            }
                        })
                        .sum();
                    v += victims / (2 + turns_left(p));
                }
            }
            score += sign * v;
        }
        // Pictorial checks of the travellers: the checked side must spend its turn.
        for c in Player::BOTH {
            if self.side_in_check(c) {
                score -= c.sign() * 30;
            }
        }
        score
    }

    pub(crate) fn static_eval(&self) -> i32 {
        self.white_eval() * self.side.sign() + 10
    }
}
