//! Vanguard Chess: the 16x16 game (rules/vanguard.md).
