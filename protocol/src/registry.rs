//! The variants Chimera plays: one line each. A line names the `UCI_Variant` value, the
//! position type (which implements `Game` and the protocol's `Describe`), and optionally a
//! preset of the variant's options (one rule set under two names, e.g. a deeper board).
//!
//! The protocol keeps one session per line and dispatches once per command through
//! [`Session`]; everything below that, the search included, is monomorphised per type.

use crate::session::{GameSession, Session};

macro_rules! registry {
    ($($name:literal => $ty:ty $(, preset $preset:expr)?;)+) => {
        /// `UCI_Variant` values, the default first.
        pub const NAMES: &[&str] = &[$($name),+];

        /// A fresh session of every variant, in [`NAMES`] order.
        pub fn sessions() -> Vec<Box<dyn Session>> {
            vec![$(Box::new(GameSession::<$ty>::new($name, registry!(@preset $($preset)?)))),+]
        }
    };
    (@preset) => { &[] };
    (@preset $preset:expr) => { $preset };
}

registry! {
    "chess" => chimera_engine::variants::chess::Position;
    "double-ended" => chimera_engine::variants::double_ended::DoubleEndedChess;
    "double-ended-deep" => chimera_engine::variants::double_ended::DeepDoubleEndedChess;
    "007" => chimera_engine::variants::oo7::Position;
    "vanguard" => chimera_engine::variants::vanguard::Vanguard;
}
