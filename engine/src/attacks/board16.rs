//! 16x16 attacks (Vanguard). Written by the 16x16 work: leaper tables for 256 squares and slider
//! attacks on [`crate::bitboard::Bb256`], chosen by benchmark (see DESIGN.md).
