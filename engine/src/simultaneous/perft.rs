//! Perft over pairs of orders (filled in with Ven).
