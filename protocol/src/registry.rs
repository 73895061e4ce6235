//! The variants Chimera plays: one line each, under the kind of game it is. A line names the
//! `UCI_Variant` value, the position type (a sequential `Game` with the protocol's `Describe`,
//! or a `SimultaneousGame` with `DescribeRounds`), and optionally a preset of the variant's
//! options (one rule set under two names, e.g. a deeper board).
//!
//! The protocol keeps one session per line and dispatches once per command through
//! [`Session`]; everything below that, the search included, is monomorphised per type. Other
//! tools (the match referee) reach the same lines through [`with_variant`].

use crate::rounds::{DescribeRounds, RoundSession};
use crate::session::{Describe, GameSession, Session};

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
        sequential { $($name:literal => $ty:ty $(, preset $preset:expr)?;)+ }
        simultaneous { $($rname:literal => $rty:ty;)* }
    ) => {
        /// `UCI_Variant` values, the default first.
        pub const NAMES: &[&str] = &[$($name,)+ $($rname,)*];

        /// The simultaneous ones among [`NAMES`] (`go` needs `side`; orders stay hidden until
        /// the round resolves).
        pub const SIMULTANEOUS: &[&str] = &[$($rname,)*];

        /// A fresh session of every variant, in [`NAMES`] order.
        pub fn sessions() -> Vec<Box<dyn Session>> {
            vec![
                $(Box::new(GameSession::<$ty>::new($name, registry!(@preset $($preset)?))),)+
                $(Box::new(RoundSession::<$rty>::new($rname, &[])),)*
            ]
        }

        /// Runs `task` with the types of variant `name` (case-insensitive, as `UCI_Variant`);
        /// `None` if no line has that name.
        pub fn with_variant<T: VariantTask>(name: &str, task: T) -> Option<T::Output> {
            $(
                if name.eq_ignore_ascii_case($name) {
                    return Some(task.run::<$ty>($name, registry!(@preset $($preset)?)));
                }
            )+
            $(
                if name.eq_ignore_ascii_case($rname) {
                    return Some(task.run_rounds::<$rty>($rname, &[]));
                }
            )*
            None
        }
    };
    (@preset) => { &[] };
    (@preset $preset:expr) => { $preset };
}

// Sequential variants implement `Game` (one player decides each ply) and get a `GameSession`;
// simultaneous ones implement `SimultaneousGame` (both write an order each round) and get a
// `RoundSession`, whose `go` needs `side` and whose matches ask both engines at once.
registry! {
    sequential {
        "chess" => chimera_engine::variants::chess::Position;
        "double-ended" => chimera_engine::variants::double_ended::DoubleEndedChess;
        "double-ended-deep" => chimera_engine::variants::double_ended::DeepDoubleEndedChess;
        "007" => chimera_engine::variants::oo7::Position;
        "vanguard" => chimera_engine::variants::vanguard::Vanguard;
        "lene-hau" => chimera_engine::variants::lene_hau::LeneHau;
    }
    simultaneous {
        "ven" => chimera_engine::variants::ven::Ven;
    }
}
