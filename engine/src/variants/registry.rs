//! The variants Chimera plays: one line each, under the kind of game it is. A line names the
//! position type (a sequential `Game` with its `Describe`, or a `SimultaneousGame` with its
//! `DescribeRounds`), whose `NAME` is the `UCI_Variant` value, and optionally a preset of the
//! variant's options (one rule set under two names, e.g. a deeper board).
//!
//! Everything above the engine reaches the variants through [`with_variant`]: the protocol
//! builds one session per line from it and dispatches once per command; the match referee,
//! perft, the fuzzer and the web board run their work with the line's type, so everything
//! below, the search included, is monomorphised per type.

use crate::describe::{Describe, DescribeRounds};
use crate::game::GameState;

/// A preset: option values a registry line gives its variant.
pub type Preset = &'static [(&'static str, &'static str)];

/// Work done with one variant's types, generic over them, e.g. refereeing a match of it: the
/// registry calls [`VariantTask::run`] once with the type its line names, or
/// [`VariantTask::run_rounds`] for a simultaneous variant.
pub trait VariantTask {
    type Output;
    fn run<G: Describe>(self, name: &'static str, preset: Preset) -> Self::Output;
    fn run_rounds<G: DescribeRounds>(self, name: &'static str, preset: Preset) -> Self::Output;
}

macro_rules! registry {
    (
        sequential { $($ty:ty $(, preset $preset:expr)?;)+ }
        simultaneous { $($rty:ty;)* }
    ) => {
        /// `UCI_Variant` values, the default first.
        pub const NAMES: &[&str] = &[$(<$ty as GameState>::NAME,)+ $(<$rty as GameState>::NAME,)*];

        /// The simultaneous ones among [`NAMES`] (`go` needs `side`; orders stay hidden until
        /// the round resolves).
        pub const SIMULTANEOUS: &[&str] = &[$(<$rty as GameState>::NAME,)*];

        /// Runs `task` with the types of variant `name` (case-insensitive, as `UCI_Variant`);
        /// `None` if no line has that name.
        pub fn with_variant<T: VariantTask>(name: &str, task: T) -> Option<T::Output> {
            $(
                if name.eq_ignore_ascii_case(<$ty as GameState>::NAME) {
                    return Some(task.run::<$ty>(<$ty as GameState>::NAME, registry!(@preset $($preset)?)));
                }
            )+
            $(
                if name.eq_ignore_ascii_case(<$rty as GameState>::NAME) {
                    return Some(task.run_rounds::<$rty>(<$rty as GameState>::NAME, &[]));
                }
            )*
            None
        }
    };
    (@preset) => { &[] };
    (@preset $preset:expr) => { $preset };
}

// Sequential variants implement `Game` (one player decides each ply); simultaneous ones
// implement `SimultaneousGame` (both write an order each round), and their `go` needs `side`
// and their matches ask both engines at once.
registry! {
    sequential {
        super::chess::Position;
        super::double_ended::DoubleEndedChess;
        super::double_ended::DeepDoubleEndedChess;
        super::oo7::Position;
        super::vanguard::Vanguard;
        super::lene_hau::LeneHau;
    }
    simultaneous {
        super::ven::Ven;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_lowercase_and_found_in_any_case() {
        struct Name;
        impl VariantTask for Name {
            type Output = &'static str;
            fn run<G: Describe>(self, name: &'static str, _: Preset) -> &'static str {
                assert_eq!(name, G::NAME);
                name
            }
            fn run_rounds<G: DescribeRounds>(self, name: &'static str, _: Preset) -> &'static str {
                assert_eq!(name, G::NAME);
                name
            }
        }
        for (i, name) in NAMES.iter().enumerate() {
            assert_eq!(*name, name.to_ascii_lowercase());
            assert!(!NAMES[..i].contains(name), "{name} twice");
            assert_eq!(with_variant(&name.to_ascii_uppercase(), Name), Some(*name));
        }
        assert_eq!(NAMES[0], "chess", "the default first");
        assert!(SIMULTANEOUS.iter().all(|s| NAMES.contains(s)));
        assert_eq!(with_variant("no-such-variant", Name), None);
    }
}
