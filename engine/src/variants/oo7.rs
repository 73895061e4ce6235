//! 007 Chess: turns of friendly, enemy and friendly plies (rules/007.md).
