//! Perft suite for orthodox chess: runs perft/chess.epd.
