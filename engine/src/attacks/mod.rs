//! Attack sets: leaper tables and slider attacks, one module per board geometry.
//!
//! Every variant builds its pieces from these, so move generation, legality and "is this square
//! attacked" share one description of each piece.

pub mod board16;
pub mod board8;

/// The eight knight leaps `(file, rank)`, clockwise from (1, 2): for the variants that walk a
/// knight's leap square by square (Double-Ended's capturing leaps, Vanguard's Lancer legs) and
/// number the directions.
pub const KNIGHT_LEAPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// Leap offsets `(file, rank)`, as [`symmetric`] builds them: up to 64 (one leaper's moves).
pub struct Leaps {
    offsets: [(i8, i8); 64],
    len: usize,
}

impl Leaps {
    pub const fn as_slice(&self) -> &[(i8, i8)] {
        self.offsets.split_at(self.len).0
    }
}

/// Every leap of the given kinds: each `(a, b)` stands for the up to eight `(±a, ±b)` and
/// `(±b, ±a)`, as the rules name leapers (wazir (1,0), knight (1,2), camel (1,3), ...).
pub const fn symmetric(kinds: &[(i8, i8)]) -> Leaps {
    let mut leaps = Leaps {
        offsets: [(0, 0); 64],
        len: 0,
    };
    let mut k = 0;
    while k < kinds.len() {
        let (a, b) = kinds[k];
        let images = [
            (a, b),
            (b, a),
            (-a, b),
            (-b, a),
            (a, -b),
            (b, -a),
            (-a, -b),
            (-b, -a),
        ];
        let mut i = 0;
        while i < images.len() {
            let mut seen = false;
            let mut j = 0;
            while j < leaps.len {
                seen |= leaps.offsets[j].0 == images[i].0 && leaps.offsets[j].1 == images[i].1;
                j += 1;
            }
            if !seen {
                leaps.offsets[leaps.len] = images[i];
                leaps.len += 1;
            }
            i += 1;
        }
        k += 1;
    }
    leaps
}

#[cfg(test)]
mod tests {
    use super::symmetric;

    #[test]
    fn symmetric_leaps_are_every_image_once() {
        let count = |kinds: &[(i8, i8)]| symmetric(kinds).as_slice().len();
        assert_eq!(count(&[(1, 0)]), 4);
        assert_eq!(count(&[(1, 1)]), 4);
        assert_eq!(count(&[(1, 2)]), 8);
        assert_eq!(count(&[(1, 0), (1, 2), (1, 3)]), 20);
        let knight = symmetric(&[(2, 1)]);
        for leap in [
            (1, 2),
            (2, 1),
            (-1, 2),
            (2, -1),
            (-2, -1),
            (-1, -2),
            (1, -2),
            (-2, 1),
        ] {
            assert!(knight.as_slice().contains(&leap), "{leap:?}");
        }
    }
}
