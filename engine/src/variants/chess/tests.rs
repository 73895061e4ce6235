//! Rule tests of orthodox chess.

use super::*;
use crate::perft::perft;

#[test]
fn start_perft() {
    let p = Position::start();
    assert_eq!(perft(&p, 1), 20);
    assert_eq!(perft(&p, 3), 8902);
    assert_eq!(perft(&p, 4), 197281);
}
