//! The suites' comparison of the engine's move list with a second generator's, shared by the
//! suites that have one.

/// Panics, naming what each list has that the other lacks, unless the sorted lists are equal.
pub fn assert_same_moves(fen: &str, ours: &[String], theirs: &[String]) {
    if ours != theirs {
        let extra: Vec<&String> = ours.iter().filter(|m| !theirs.contains(m)).collect();
        let missing: Vec<&String> = theirs.iter().filter(|m| !ours.contains(m)).collect();
        panic!("{fen}: engine has extra {extra:?}, misses {missing:?}");
    }
}
