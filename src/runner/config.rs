//! What a match is asked to do, as `chimera match` parsed it from the command line.

use crate::runner::adjudicate::{DrawRule, ResignRule};
use crate::runner::clock::TimeControl;
use crate::runner::sprt::SprtParams;
use std::path::PathBuf;
use std::time::Duration;

/// One participant: how to start it and what to set.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EngineSpec {
    /// Program and arguments.
    pub command: Vec<String>,
    /// The name in tables and PGN; the engine's `id name` when not given.
    pub name: Option<String>,
    /// `setoption` pairs for this engine alone (after the match-wide ones).
    pub options: Vec<(String, String)>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    pub engines: Vec<EngineSpec>,
    pub variant: String,
    /// `setoption` pairs for every engine. Those that are options of the variant also set the
    /// referee's rules.
    pub options: Vec<(String, String)>,
    pub time: TimeControl,
    /// Games each pair of engines plays.
    pub games: usize,
    /// A file of start positions (one FEN a line).
    pub openings: Option<PathBuf>,
    /// Random legal plies played from each start position to vary the games.
    pub book_plies: u32,
    /// Seeds the random openings.
    pub seed: u64,
    pub concurrency: usize,
    /// This run's part `(I, N)` of a match split over N runs (`--shard I/N`); `(0, 1)`: all.
    pub shard: (u64, u64),
    pub resign: Option<ResignRule>,
    pub draw: Option<DrawRule>,
    /// A game still going after this many plies is drawn by adjudication.
    pub max_plies: usize,
    pub pgn: Option<PathBuf>,
    pub sprt: Option<SprtParams>,
    /// How long a handshake or an untimed search may take before the engine is called hung.
    pub timeout: Duration,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            engines: Vec::new(),
            variant: "chess".into(),
            options: Vec::new(),
            time: TimeControl::default(),
            games: 2,
            openings: None,
            book_plies: 0,
            seed: 1,
            concurrency: 1,
            shard: (0, 1),
            resign: None,
            draw: None,
            max_plies: 1000,
            pgn: None,
            sprt: None,
            timeout: Duration::from_secs(60),
        }
    }
}
