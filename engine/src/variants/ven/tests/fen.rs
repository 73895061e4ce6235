//! Ven FEN (ven.md §2): round trips, strict errors naming the field and token, and the key.

use super::*;

#[test]
fn round_trips_and_plain_chess_fens() {
    for fen in [
        super::super::START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3e6 0 2",
        "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR b KQkq e6 0 2",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "r6r/ppppnkp1/8/2n1p3/5Rp1/2PP4/PPK3q1/8 b - - 0 24",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 17 300",
    ] {
        assert_eq!(pos(fen).fen(), fen);
    }
    // Four fields: clock and round default.
    assert_eq!(
        pos("4k3/8/8/8/8/8/8/4K3 b -  -").fen(),
        "4k3/8/8/8/8/8/8/4K3 b - - 0 1"
    );
    // An en passant square is kept whether or not a capture is possible (§2).
    let p = pos("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1");
    assert_eq!(p.en_passant(Player::White), Some(crate::square::Square(20)));
}

#[test]
fn errors_name_the_field_and_token() {
    for (fen, needle) in [
        ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", "'x'"),
        ("4k3/8/8/8/8/8/8/4K3 w", "found 2"),
        ("4k3/8/8/8/8/8/8/4K4 w - - 0 1", "rank 1"),
        ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "'K'"),
        ("4k3/8/8/8/8/8/8/4K3 w X - 0 1", "'X'"),
        ("4k3/8/8/8/8/8/8/4K3 w - e4 0 1", "'e4'"),
        ("4k3/8/8/8/8/8/8/4K3 w - e3 0 1", "'e3'"),
        ("4k3/8/8/3pP3/8/8/8/4K3 w - d6e3 0 1", "'d6e3'"),
        ("4k3/8/8/3pP3/8/8/8/4K3 w - d6d6 0 1", "'d6d6'"),
        ("4k3/8/8/3pP3/8/8/8/4K3 w - d6x 0 1", "'d6x'"),
        ("4k3/8/8/8/8/8/8/4K3 w - - x 1", "'x'"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 0", "round"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 99999999999", "'99999999999'"),
        ("8/8/8/8/8/8/3k4/4K3 w - - 0 1", "adjacent"),
        ("8/8/8/8/8/8/8/4K3 w - - 0 1", "king"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra", "found 7"),
    ] {
        let err = Ven::from_fen(fen).unwrap_err();
        assert!(err.what().contains(needle), "{fen}: {err}");
    }
}

#[test]
fn the_key_covers_first_mover_rights_and_both_en_passant_squares() {
    let fens = [
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3e6 0 2",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3e6 0 2",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 2",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQk - 0 2",
    ];
    let keys: Vec<u64> = fens.iter().map(|f| pos(f).key()).collect();
    for (i, a) in keys.iter().enumerate() {
        assert_eq!(*a, pos(fens[i]).compute_key());
        for b in &keys[i + 1..] {
            assert_ne!(a, b);
        }
    }
    // Clock and round are not part of it.
    assert_eq!(
        pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1").key(),
        pos("4k3/8/8/8/8/8/8/4K3 w - - 12 40").key()
    );
}
