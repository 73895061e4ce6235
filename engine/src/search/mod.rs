//! Generic alpha-beta search over [`crate::game::Game`].
