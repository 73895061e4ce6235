//! Which pruning, reduction, extension and move-ordering techniques a search uses: every
//! adopted one in play, none in the exactness tests, and all but one (or one more) in the
//! matches that measure what each one is worth (docs/search.md, "What each technique is
//! worth"). The protocol sets it with the `Pruning` option. A technique is adopted only when a
//! match accepts it; the others stay here, off unless named, for matches on more machines. A
//! technique whose match was one variant's is adopted for that variant alone
//! ([`crate::game::Game::ADOPTED`]): `all` takes it in when a search starts
//! ([`Pruning::resolve`]).

use crate::game::ParseError;

/// A set of [`Technique`]s, and whether it stands for a game's defaults (`all`): those take in
/// the game's own adopted techniques ([`Pruning::resolve`]) unless named off.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pruning {
    on: u32,
    /// Techniques named off (`-name`): a game's own adoptions do not bring them back.
    off: u32,
    defaults: bool,
}

/// One technique of the main search. Quiescence's delta and exchange pruning are not here:
/// they decide which captures quiescence looks at, not how deep the tree is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Technique {
    /// Reverse futility: a static score far above beta near the leaves returns at once.
    ReverseFutility,
    /// Null move: a pass that still fails high, searched shallower, cuts the node.
    NullMove,
    /// Internal iterative reduction: a node with no hash move is searched one ply shallower.
    Iir,
    /// Futility: quiet moves near the leaves are skipped when the static score is far below alpha.
    Futility,
    /// Late move pruning: quiet moves beyond a count that grows with depth are skipped.
    LateMovePruning,
    /// Late move reductions: later quiet moves are searched shallower first.
    LateMoveReductions,
    /// Continuation history: quiet moves are also ordered by how well they answered the moves
    /// one and two plies before (keyed by [`crate::game::Game::history_key`]).
    ContinuationHistory,
    /// "Improving": where the static score rose since the same player's last node, reverse
    /// futility's margin shrinks by a ply.
    Improving,
    /// History in reductions: a quiet move with a good history is reduced less, one with a bad
    /// one more.
    HistoryReductions,
    /// Singular extensions with multi-cut: a hash move far better than every other move
    /// (a shallower search without it fails low) is searched a ply deeper; where even without it
    /// the node fails high, the node is cut.
    Singular,
    /// Counter moves: the quiet move that last refuted the previous move (by its key) is tried
    /// right after the killers.
    CounterMoves,
    /// Capture history: captures of one bucket (good or losing exchange) are ordered by
    /// most valuable victim first, and then by how often that piece taking that victim on
    /// that square caused a cutoff (keyed by [`crate::game::Game::history_key`]).
    CaptureHistory,
    /// Correction history: the static score used for pruning is corrected by what searches
    /// of positions sharing its structure ([`crate::game::Game::structure_key`]) found it
    /// missed.
    Correction,
    /// Exchange pruning: near the leaves, a move whose exchange on its target loses more than
    /// a margin that grows with depth (static exchange evaluation) is skipped.
    Exchange,
    /// Table-refined score: where the table's score for the node bounds the true one on the
    /// side the static score errs (a lower bound above it, an upper bound below it), reverse
    /// futility and null move use it instead.
    TtEval,
    /// Capture reductions: late moves whose exchange loses material (ordered after the quiet
    /// moves) are reduced as late quiet moves are.
    CaptureReductions,
    /// Cut-node reductions: at a node expected to fail high (see the search's node types),
    /// late moves are reduced a ply more.
    CutNodeReductions,
    /// Razoring: near the leaves, a static score far below alpha is checked by quiescence
    /// alone, and the node returns its score where even the captures stay below alpha.
    Razoring,
    /// ProbCut: a capture whose shallower search beats beta by a margin would very likely beat
    /// beta in the full one, so the node is cut.
    ProbCut,
    /// A larger quiet history bonus: 32 × depth² (at most 2,048) instead of depth² for the
    /// quiet move that cut and against the quiet moves tried before it, so the history follows
    /// the last cutoffs instead of counting all of them.
    QuietHistoryBonus,
    /// Tighter late move pruning: quiet moves are skipped after 3 + depth² of them (4, 7, 12,
    /// 19, 28) up to depth 5, instead of after 3 + 2 × depth² up to depth 4.
    TightLateMovePruning,
    /// Futility by the depth a late move would be reduced to (late move reductions' depth, up to
    /// 5 plies of it) instead of by the node's depth (up to 3): late quiet moves are pruned at
    /// deeper nodes too.
    ReducedFutility,
    /// More late move reductions: the table's divisor 2.0 instead of 2.25, so a move is
    /// reduced a ply more a little sooner.
    MoreReductions,
}

impl Technique {
    /// Every technique, adopted or not.
    pub const ALL: [Technique; 23] = [
        Technique::ReverseFutility,
        Technique::NullMove,
        Technique::Iir,
        Technique::Futility,
        Technique::LateMovePruning,
        Technique::LateMoveReductions,
        Technique::ContinuationHistory,
        Technique::Improving,
        Technique::HistoryReductions,
        Technique::Singular,
        Technique::CounterMoves,
        Technique::CaptureHistory,
        Technique::Correction,
        Technique::Exchange,
        Technique::TtEval,
        Technique::CaptureReductions,
        Technique::CutNodeReductions,
        Technique::Razoring,
        Technique::ProbCut,
        Technique::QuietHistoryBonus,
        Technique::TightLateMovePruning,
        Technique::ReducedFutility,
        Technique::MoreReductions,
    ];

    /// Whether every game's search uses it unless told otherwise ([`Pruning::ALL`]): it won its
    /// match. One adopted for a single game (its match was that game's) is in that game's
    /// [`crate::game::Game::ADOPTED`] instead.
    pub const fn adopted(self) -> bool {
        !matches!(
            self,
            Technique::ContinuationHistory
                | Technique::Improving
                | Technique::HistoryReductions
                | Technique::Singular
                | Technique::CounterMoves
                | Technique::CaptureHistory
                | Technique::Correction
                | Technique::Exchange
                | Technique::TtEval
                | Technique::CaptureReductions
                | Technique::CutNodeReductions
                | Technique::Razoring
                | Technique::ProbCut
                | Technique::QuietHistoryBonus
                | Technique::TightLateMovePruning
                | Technique::ReducedFutility
                | Technique::MoreReductions
        )
    }

    /// The name the `Pruning` option uses.
    pub fn name(self) -> &'static str {
        match self {
            Technique::ReverseFutility => "rfp",
            Technique::NullMove => "null",
            Technique::Iir => "iir",
            Technique::Futility => "futility",
            Technique::LateMovePruning => "lmp",
            Technique::LateMoveReductions => "lmr",
            Technique::ContinuationHistory => "conthist",
            Technique::Improving => "improving",
            Technique::HistoryReductions => "histlmr",
            Technique::Singular => "singular",
            Technique::CounterMoves => "counter",
            Technique::CaptureHistory => "capthist",
            Technique::Correction => "corrhist",
            Technique::Exchange => "see",
            Technique::TtEval => "tteval",
            Technique::CaptureReductions => "lmrcap",
            Technique::CutNodeReductions => "cutnode",
            Technique::Razoring => "razor",
            Technique::ProbCut => "probcut",
            Technique::QuietHistoryBonus => "histbonus",
            Technique::TightLateMovePruning => "lmptight",
            Technique::ReducedFutility => "futlmr",
            Technique::MoreReductions => "lmrmore",
        }
    }

    fn bit(self) -> u32 {
        1 << self as u8
    }
}

impl Pruning {
    pub const NONE: Pruning = Pruning {
        on: 0,
        off: 0,
        defaults: false,
    };
    /// Every adopted technique ([`Technique::adopted`]), and a game's own once resolved: the
    /// default, named `all`.
    pub const ALL: Pruning = {
        let mut bits = 0;
        let mut i = 0;
        while i < Technique::ALL.len() {
            if Technique::ALL[i].adopted() {
                bits |= 1 << Technique::ALL[i] as u8;
            }
            i += 1;
        }
        Pruning {
            on: bits,
            off: 0,
            defaults: true,
        }
    };

    #[inline(always)]
    pub fn has(self, t: Technique) -> bool {
        self.on & t.bit() != 0
    }

    pub fn with(self, t: Technique) -> Pruning {
        Pruning {
            on: self.on | t.bit(),
            off: self.off & !t.bit(),
            ..self
        }
    }

    /// The set without `t`; where it stands for the defaults, `t` stays off once resolved.
    pub fn without(self, t: Technique) -> Pruning {
        let off = if self.defaults { t.bit() } else { 0 };
        Pruning {
            on: self.on & !t.bit(),
            off: self.off | off,
            ..self
        }
    }

    /// The set a search of a game that adopted `own` uses: `own` joins a set that stands for
    /// the defaults, except the techniques named off.
    pub fn resolve(self, own: &[Technique]) -> Pruning {
        own.iter()
            .filter(|t| self.defaults && self.off & t.bit() == 0)
            .fold(self, |set, &t| set.with(t))
    }

    /// Reads a comma-separated list, applied left to right from the empty set: `all` (every
    /// adopted technique), `none`, a technique's name (adds it) or `-name` (removes it).
    /// `all,-null` is every adopted technique but null move; `all,singular` adds one not
    /// adopted; `lmr,null` is those two alone.
    pub fn parse(text: &str) -> Result<Pruning, ParseError> {
        let mut set = Pruning::NONE;
        for token in text.split(',').map(str::trim) {
            let (remove, name) = match token.strip_prefix('-') {
                Some(rest) => (true, rest),
                None => (false, token),
            };
            set = match (remove, name.to_ascii_lowercase().as_str()) {
                (false, "all") => Pruning::ALL,
                (false, "none") => Pruning::NONE,
                (_, lower) => {
                    let t = Technique::ALL
                        .into_iter()
                        .find(|t| t.name() == lower)
                        .ok_or_else(|| {
                            ParseError::new(format!(
                                "pruning: unknown technique '{token}' (all, none, {})",
                                Technique::ALL.map(Technique::name).join(", ")
                            ))
                        })?;
                    if remove {
                        set.without(t)
                    } else {
                        set.with(t)
                    }
                }
            };
        }
        Ok(set)
    }
}

impl std::fmt::Display for Pruning {
    /// The form [`Pruning::parse`] reads back: `all` and its changes (`all,-null,singular`),
    /// `none`, or the names in the set.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if *self == Pruning::NONE {
            return f.write_str("none");
        }
        let mut words = Vec::new();
        if self.defaults {
            words.push("all".to_string());
        }
        for t in Technique::ALL {
            let from_all = self.defaults && t.adopted();
            if self.has(t) && !from_all {
                words.push(t.name().to_string());
            } else if !self.has(t) && (from_all || self.off & t.bit() != 0) {
                words.push(format!("-{}", t.name()));
            }
        }
        f.write_str(&words.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_lists_additions_and_removals() {
        assert_eq!(Pruning::parse("all"), Ok(Pruning::ALL));
        assert_eq!(Pruning::parse("None"), Ok(Pruning::NONE));
        let no_null = Pruning::parse("all, -null").unwrap();
        assert!(!no_null.has(Technique::NullMove));
        for t in Technique::ALL {
            let adopted = t.adopted();
            assert_eq!(no_null.has(t), adopted && t != Technique::NullMove, "{t:?}");
            assert_eq!(Pruning::ALL.has(t), adopted, "{t:?}");
        }
        let more = Pruning::parse("all,singular").unwrap();
        assert_eq!(more, Pruning::ALL.with(Technique::Singular));
        assert_eq!(Pruning::parse(&more.to_string()), Ok(more));
        let two = Pruning::parse("LMR,null").unwrap();
        assert_eq!(
            two,
            Pruning::NONE
                .with(Technique::LateMoveReductions)
                .with(Technique::NullMove)
        );
        assert_eq!(two.to_string(), "null,lmr");
        for t in Technique::ALL {
            let one = Pruning::NONE.with(t);
            assert_eq!(Pruning::parse(&one.to_string()), Ok(one));
            assert_eq!(
                Pruning::parse(&format!("all,-{}", t.name())),
                Ok(Pruning::ALL.without(t))
            );
        }
    }

    #[test]
    fn a_games_own_adoptions_join_all_unless_named_off() {
        let own = [Technique::Exchange];
        assert!(!Technique::Exchange.adopted());
        assert!(Pruning::ALL.resolve(&own).has(Technique::Exchange));
        assert!(!Pruning::ALL.resolve(&[]).has(Technique::Exchange));
        let off = Pruning::parse("all,-see").unwrap();
        assert!(!off.resolve(&own).has(Technique::Exchange));
        assert_eq!(off.to_string(), "all,-see");
        assert_eq!(Pruning::parse(&off.to_string()), Ok(off));
        let no_null = Pruning::parse("all,-null").unwrap();
        assert_eq!(no_null.to_string(), "all,-null");
        let resolved = no_null.resolve(&own);
        assert!(resolved.has(Technique::Exchange) && !resolved.has(Technique::NullMove));
        // A list without `all` is exactly what it names.
        let named = Pruning::parse("lmr,null").unwrap();
        assert_eq!(named.resolve(&own), named);
        assert_eq!(Pruning::NONE.resolve(&own), Pruning::NONE);
        assert_eq!(Pruning::parse("none,-see"), Ok(Pruning::NONE));
    }

    #[test]
    fn an_unknown_name_is_an_error_naming_it() {
        for (text, token) in [
            ("all,-nul", "'-nul'"),
            ("lmr,,", "''"),
            ("fast", "'fast'"),
            ("-all", "'-all'"),
        ] {
            let e = Pruning::parse(text).unwrap_err().to_string();
            assert!(e.contains(token), "{text}: {e}");
        }
    }
}
