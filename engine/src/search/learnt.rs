//! What the search threads learnt about moves (history, continuation history, counter moves),
//! kept between the searches of one game as strong engines keep it: each thread's tables are
//! allocated once, handed back at the end of a search and taken again by the same thread at the
//! next, halved once per new search ([`super::TranspositionTable::new_search`]) so that the
//! last moves' lessons weigh most. They live beside the transposition table, which the caller
//! already owns for the game and clears for a new one; clearing it forgets them too.

use super::ordering::Heuristics;
use super::pruning::Pruning;
use crate::game::Game;
use std::any::{Any, TypeId};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::Mutex;

/// One thread's tables between searches, for the game type `game`.
struct Kept {
    game: TypeId,
    /// The search ([`Learnt::searches`]) they were last aged for.
    aged_at: u64,
    tables: Box<dyn Any + Send>,
}

/// Each search thread's tables (by thread number), while no search uses them.
#[derive(Default)]
pub struct Learnt {
    slots: Mutex<Vec<Option<Kept>>>,
    /// Counts new searches: tables taken in a later search than they were aged for are aged.
    searches: AtomicU64,
}

impl Learnt {
    /// A new search begins (a new move of the game): the kept tables age when next taken.
    pub fn new_search(&self) {
        self.searches.fetch_add(1, Relaxed);
    }

    /// The tables of thread `id` for a search of `G` with `pruning`: the kept ones (aged if a
    /// new search began since), or fresh ones where none are kept for `G` (or another search
    /// of this table holds them, as Ven's parallel payoff searches may).
    pub fn take<G: Game>(&self, id: usize, pruning: Pruning) -> Box<Heuristics<G::Move>> {
        let now = self.searches.load(Relaxed);
        let kept = self.lock().get_mut(id).and_then(Option::take);
        let kept = kept.filter(|k| k.game == TypeId::of::<G>()).and_then(|k| {
            let aged = k.aged_at == now;
            k.tables
                .downcast::<Heuristics<G::Move>>()
                .ok()
                .map(|t| (t, aged))
        });
        match kept {
            Some((mut tables, aged)) => {
                if !aged {
                    tables.age();
                }
                tables.prepare(pruning);
                tables
            }
            None => Box::new(Heuristics::with(pruning)),
        }
    }

    /// Hands thread `id`'s tables back after a search of `G`, for the next one.
    pub fn put<G: Game>(&self, id: usize, tables: Box<Heuristics<G::Move>>) {
        let mut slots = self.lock();
        if slots.len() <= id {
            slots.resize_with(id + 1, || None);
        }
        slots[id] = Some(Kept {
            game: TypeId::of::<G>(),
            aged_at: self.searches.load(Relaxed),
            tables,
        });
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.slots
            .get_mut()
            .unwrap_or_else(|e| e.into_inner())
            .clear();
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Option<Kept>>> {
        // A thread that panicked mid-search left the tables whole: they are plain numbers.
        self.slots.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameState;
    use crate::game::{Game, Player};
    use crate::search::{search, Control, Limits, SearchParams, TranspositionTable};
    use crate::toys::{Nim, TicTacToe};

    /// The history scores of `pos`'s moves in `tables` (no hash move; killers cleared on take).
    fn scores<G: Game>(tables: &Heuristics<G::Move>, pos: &G) -> Vec<i32> {
        let mut moves = G::Moves::default();
        pos.legal_moves(&mut moves);
        let mut scores = Vec::new();
        tables.score(pos, &moves, &mut scores, 1, 0);
        scores
    }

    #[test]
    fn tables_are_kept_halved_for_each_new_search_and_forgotten_on_clear() {
        let pos = TicTacToe::start(&());
        let mut moves = <TicTacToe as Game>::Moves::default();
        pos.legal_moves(&mut moves);
        let mut tt = TranspositionTable::new(1);
        let learnt = tt.learnt();
        let mut tables = learnt.take::<TicTacToe>(0, Pruning::ALL);
        tables.reward(Player::White, 5, 8, moves[4], &[]);
        let learnt_once = scores(&*tables, &pos);
        assert!(learnt_once[4] > 0, "{learnt_once:?}");
        learnt.put::<TicTacToe>(0, tables);
        // The same search again (Ven's payoff searches): as left.
        let tables = learnt.take::<TicTacToe>(0, Pruning::ALL);
        assert_eq!(scores(&*tables, &pos), learnt_once);
        learnt.put::<TicTacToe>(0, tables);
        // Another thread's tables are its own.
        assert!(scores(&*learnt.take::<TicTacToe>(1, Pruning::ALL), &pos)
            .iter()
            .all(|&s| s == 0));
        // The next move of the game: halved.
        tt.new_search();
        let learnt = tt.learnt();
        let tables = learnt.take::<TicTacToe>(0, Pruning::ALL);
        let halved: Vec<i32> = learnt_once.iter().map(|s| s / 2).collect();
        assert_eq!(scores(&*tables, &pos), halved);
        learnt.put::<TicTacToe>(0, tables);
        // A new game: forgotten.
        tt.clear();
        let tables = tt.learnt().take::<TicTacToe>(0, Pruning::ALL);
        assert!(scores(&*tables, &pos).iter().all(|&s| s == 0));
        tt.learnt().put::<TicTacToe>(0, tables);
        // Another game type never reads them.
        let nim = Nim::new(9, 3, 1);
        assert!(scores(&*tt.learnt().take::<Nim>(0, Pruning::ALL), &nim)
            .iter()
            .all(|&s| s == 0));
    }

    #[test]
    fn a_search_leaves_its_history_for_the_next_one_of_the_game() {
        let pos = TicTacToe::start(&());
        let params = SearchParams {
            limits: Limits {
                depth: Some(6),
                ..Limits::default()
            },
            ..SearchParams::default()
        };
        let mut tt = TranspositionTable::new(1);
        search(&pos, &[], &params, &tt, &Control::default(), &mut |_| {});
        let tables = tt.learnt().take::<TicTacToe>(0, Pruning::ALL);
        let after = scores(&*tables, &pos);
        assert!(after.iter().any(|&s| s != 0), "{after:?}");
        tt.learnt().put::<TicTacToe>(0, tables);
        tt.clear();
        let fresh = scores(&*tt.learnt().take::<TicTacToe>(0, Pruning::ALL), &pos);
        assert!(fresh.iter().all(|&s| s == 0), "{fresh:?}");
    }
}
