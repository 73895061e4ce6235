//! Who plays whom: the schedule of a two-engine match or a round robin, and the tables that
//! sum it up.

use crate::runner::stats::Wdl;
use std::fmt::Write;

/// One scheduled game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// 1-based.
    pub number: usize,
    /// Participants playing White and Black.
    pub seats: [usize; 2],
    /// Index into the openings.
    pub opening: usize,
}

/// `games` games for every pair of the `engines` participants: each opening twice, colours
/// reversed, and the pairs interleaved so every pair's count grows evenly.
///
/// Shard `index` of `count` (`--shard I/N`) keeps the games of every `count`-th game pair (the
/// two colours of one opening), starting with pair `index`, under their numbers in the whole
/// schedule: the shards' games together are the whole run's, each played once.
pub fn schedule(
    engines: usize,
    games: usize,
    openings: usize,
    (index, count): (u64, u64),
) -> Vec<Pairing> {
    let pairs: Vec<(usize, usize)> = (0..engines)
        .flat_map(|a| (a + 1..engines).map(move |b| (a, b)))
        .collect();
    let mut out = Vec::with_capacity(pairs.len() * games);
    for g in 0..games {
        if (g / 2) as u64 % count.max(1) != index {
            continue;
        }
        for (p, &(a, b)) in pairs.iter().enumerate() {
            out.push(Pairing {
                number: g * pairs.len() + p + 1,
                seats: if g % 2 == 0 { [a, b] } else { [b, a] },
                opening: (g / 2) % openings.max(1),
            });
        }
    }
    out
}

/// Results of every participant against every other: `results[a][b]` from `a`'s view.
#[derive(Clone, Debug)]
pub struct Table {
    pub names: Vec<String>,
    pub results: Vec<Vec<Wdl>>,
    /// Games each participant lost by forfeit (illegal move, crash, hang, time).
    pub forfeits: Vec<u32>,
}

impl Table {
    pub fn new(names: Vec<String>) -> Self {
        let n = names.len();
        Table {
            names,
            results: vec![vec![Wdl::default(); n]; n],
            forfeits: vec![0; n],
        }
    }

    /// Adds a game in which `white` scored `points` against `black`.
    pub fn add(&mut self, white: usize, black: usize, points: f64) {
        self.results[white][black].add(points);
        self.results[black][white].add(1.0 - points);
    }

    /// A participant's results against the whole field.
    pub fn total(&self, a: usize) -> Wdl {
        self.results[a].iter().fold(Wdl::default(), |t, r| Wdl {
            wins: t.wins + r.wins,
            draws: t.draws + r.draws,
            losses: t.losses + r.losses,
        })
    }

    /// Participants by points, best first.
    fn ranking(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.names.len()).collect();
        order.sort_by(|&a, &b| {
            self.total(b)
                .points()
                .total_cmp(&self.total(a).points())
                .then(a.cmp(&b))
        });
        order
    }

    /// Rank, name, games, points, score, wins/losses/draws, forfeits and Elo against the field.
    pub fn standings(&self) -> String {
        let width = self.names.iter().map(|n| n.len()).max().unwrap_or(4).max(6);
        let mut s = format!(
            "{:>4}  {:<width$}  {:>5}  {:>6}  {:>6}  {:>5}  {:>6}  {:>5}  {:>8}  elo vs field\n",
            "rank", "engine", "games", "points", "score", "wins", "losses", "draws", "forfeits"
        );
        for (rank, &a) in self.ranking().iter().enumerate() {
            let t = self.total(a);
            let elo = match t.elo() {
                Some((e, bar)) if e.is_finite() => format!("{e:+.1} +/- {bar:.1}"),
                Some((e, _)) => format!("{}inf", if e > 0.0 { "+" } else { "-" }),
                None => "-".into(),
            };
            let _ = writeln!(
                s,
                "{:>4}  {:<width$}  {:>5}  {:>6.1}  {:>5.1}%  {:>5}  {:>6}  {:>5}  {:>8}  {elo}",
                rank + 1,
                self.names[a],
                t.games(),
                t.points(),
                t.score().unwrap_or(0.0) * 100.0,
                t.wins,
                t.losses,
                t.draws,
                self.forfeits[a],
            );
        }
        s
    }

    /// Points of each participant (row) against each other (column), ranked.
    pub fn crosstable(&self) -> String {
        let order = self.ranking();
        let width = self.names.iter().map(|n| n.len()).max().unwrap_or(4).max(6);
        let cell = 9;
        let mut s = format!("{:>4}  {:<width$}  {:>6}", "", "engine", "points");
        for i in 1..=order.len() {
            let _ = write!(s, "  {i:>cell$}");
        }
        s.push('\n');
        for (rank, &a) in order.iter().enumerate() {
            let _ = write!(
                s,
                "{:>4}  {:<width$}  {:>6.1}",
                rank + 1,
                self.names[a],
                self.total(a).points()
            );
            for &b in &order {
                let r = self.results[a][b];
                let text = if a == b {
                    "-".to_string()
                } else {
                    format!("{}/{}", r.points(), r.games())
                };
                let _ = write!(s, "  {text:>cell$}");
            }
            s.push('\n');
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const WHOLE: (u64, u64) = (0, 1);

    #[test]
    fn two_engines_alternate_colors_and_repeat_each_opening_once() {
        let s = schedule(2, 6, 2, WHOLE);
        let seats: Vec<[usize; 2]> = s.iter().map(|p| p.seats).collect();
        assert_eq!(seats, [[0, 1], [1, 0], [0, 1], [1, 0], [0, 1], [1, 0]]);
        let openings: Vec<usize> = s.iter().map(|p| p.opening).collect();
        assert_eq!(openings, [0, 0, 1, 1, 0, 0]);
        assert_eq!(
            s.iter().map(|p| p.number).collect::<Vec<_>>(),
            [1, 2, 3, 4, 5, 6]
        );
    }

    #[test]
    fn shards_split_the_schedule_by_game_pairs_and_together_are_the_whole() {
        for (engines, games) in [(2, 11), (3, 6)] {
            let whole = schedule(engines, games, 4, WHOLE);
            let shards: Vec<Vec<Pairing>> = (0..3)
                .map(|i| schedule(engines, games, 4, (i, 3)))
                .collect();
            let mut joined: Vec<Pairing> = shards.concat();
            joined.sort_by_key(|p| p.number);
            assert_eq!(joined, whole, "{engines} engines");
            // Both colours of an opening stay in one shard.
            for shard in &shards {
                for p in shard {
                    let twin = if p.seats[0] < p.seats[1] { 1 } else { -1 };
                    let other = p.number as i64 + twin * engines as i64 * (engines as i64 - 1) / 2;
                    let in_whole = whole.iter().any(|w| w.number as i64 == other);
                    assert!(
                        !in_whole || shard.iter().any(|q| q.number as i64 == other),
                        "{p:?}"
                    );
                }
            }
        }
        // Shard 1 of 2 of six games: the second opening's pair.
        let s = schedule(2, 6, 3, (1, 2));
        assert_eq!(s.iter().map(|p| p.number).collect::<Vec<_>>(), [3, 4]);
        assert_eq!(s.iter().map(|p| p.opening).collect::<Vec<_>>(), [1, 1]);
    }

    #[test]
    fn round_robin_plays_every_pair_with_both_colors() {
        let s = schedule(4, 2, 1, WHOLE);
        assert_eq!(s.len(), 12);
        for a in 0..4 {
            for b in 0..4 {
                let n = s.iter().filter(|p| p.seats == [a, b]).count();
                assert_eq!(n, usize::from(a != b), "{a} vs {b}");
            }
        }
    }

    #[test]
    fn crosstable_ranks_by_points_and_shows_each_pair() {
        let mut t = Table::new(vec!["A".into(), "B".into(), "C".into()]);
        t.add(0, 1, 0.0); // B beats A
        t.add(1, 0, 0.5);
        t.add(2, 0, 1.0); // C beats A
        t.add(1, 2, 1.0); // B beats C
        assert_eq!(t.total(1).points(), 2.5);
        let x = t.crosstable();
        let rows: Vec<&str> = x.lines().collect();
        assert!(rows[1].contains(" B ") && rows[1].contains("2.5"), "{x}");
        assert!(rows[3].contains(" A ") && rows[3].contains("0.5"), "{x}");
        // B's row: -, 1/1 against C, 1.5/2 against A.
        assert!(
            rows[1].trim_end().ends_with("-        1/1      1.5/2"),
            "{x}"
        );
        assert!(t.standings().lines().nth(1).unwrap().contains("B"));
    }
}
