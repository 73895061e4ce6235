//! Zero-sum matrix games (filled in with the solvers).
