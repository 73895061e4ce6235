//! Double-Ended Chess: capture by approach and withdrawal (rules/double-ended.md).
