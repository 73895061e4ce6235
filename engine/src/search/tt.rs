//! The transposition table: shared by every search thread without locks.
//!
//! Each slot is two atomic words, `key ^ data` and `data`. A reader accepts a slot only when the
//! two words xor back to its key, so a slot torn by two threads writing at once reads as a miss
//! instead of as another position's data. Four slots make a 64-byte bucket (one cache line).

use super::learnt::Learnt;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

/// What a stored score says about the true score.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The true score is at most this (every move failed low).
    Upper = 1,
    /// The true score is at least this (a move failed high).
    Lower = 2,
    Exact = 3,
}

/// One decoded slot.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Entry {
    /// [`super::ordering::fingerprint`] of the best move; 0 = none.
    pub mv: u16,
    /// Score with mates counted from this node (see [`super::score::to_tt`]).
    pub score: i32,
    /// Static evaluation of the node.
    pub eval: i32,
    /// Remaining depth of the search that stored it; 0 for quiescence.
    pub depth: i32,
    pub bound: Bound,
}

#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

#[repr(align(64))]
#[derive(Default)]
struct Bucket([Slot; 4]);

const BUCKET_BYTES: usize = std::mem::size_of::<Bucket>();
const GENERATIONS: u8 = 64;

/// Data word: move 0..16, score 16..32, eval 32..48, depth 48..56, bound 56..58, generation 58..64.
fn pack(e: &Entry, generation: u8) -> u64 {
    (e.mv as u64)
        | ((e.score as i16 as u16 as u64) << 16)
        | ((e.eval as i16 as u16 as u64) << 32)
        | ((e.depth.clamp(0, 255) as u64) << 48)
        | ((e.bound as u64) << 56)
        | ((generation as u64) << 58)
}

fn unpack(data: u64) -> Option<Entry> {
    let bound = match (data >> 56) & 3 {
        1 => Bound::Upper,
        2 => Bound::Lower,
        3 => Bound::Exact,
        _ => return None,
    };
    Some(Entry {
        mv: data as u16,
        score: (data >> 16) as u16 as i16 as i32,
        eval: (data >> 32) as u16 as i16 as i32,
        depth: ((data >> 48) & 0xff) as i32,
        bound,
    })
}

fn generation_of(data: u64) -> u8 {
    (data >> 58) as u8
}

/// The table's buckets, in memory the system hands out already zeroed: its pages become
/// resident only when the search writes to them, so a big `Hash` costs nothing until used and
/// a new game needs no pass over all of it. (The standard allocator zeroes by hand any block
/// aligned beyond 16 bytes, as a bucket is; so the block is asked for at 16 and aligned here.)
struct Buckets {
    ptr: std::ptr::NonNull<Bucket>,
    len: usize,
    block: *mut u8,
    layout: std::alloc::Layout,
}

// SAFETY: `Buckets` owns its block like a `Box<[Bucket]>`, and `Bucket` (atomics) is Send + Sync.
unsafe impl Send for Buckets {}
unsafe impl Sync for Buckets {}

impl Buckets {
    /// `count` (at least one) empty buckets, or `None` if the system refuses the memory.
    fn zeroed(count: usize) -> Option<Buckets> {
        let count = count.max(1);
        let size = count.checked_add(1)?.checked_mul(BUCKET_BYTES)?;
        let layout = std::alloc::Layout::from_size_align(size, 16).ok()?;
        // SAFETY: the layout's size is non-zero. The block has one bucket to spare, so the
        // first 64-byte boundary in it leaves room for `count` buckets; all-zero bytes are a
        // valid `Bucket` (atomic integers at zero: empty slots).
        unsafe {
            let block = std::alloc::alloc_zeroed(layout);
            if block.is_null() {
                return None;
            }
            let first = block.add(block.align_offset(BUCKET_BYTES)).cast::<Bucket>();
            Some(Buckets {
                ptr: std::ptr::NonNull::new(first)?,
                len: count,
                block,
                layout,
            })
        }
    }
}

impl std::ops::Deref for Buckets {
    type Target = [Bucket];
    fn deref(&self) -> &[Bucket] {
        // SAFETY: `ptr` is aligned and points at `len` initialised buckets inside the block,
        // which lives as long as `self`.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl Drop for Buckets {
    fn drop(&mut self) {
        // SAFETY: the block was allocated with this layout and is freed once.
        unsafe { std::alloc::dealloc(self.block, self.layout) }
    }
}

/// The table, and beside it what the search threads learnt about moves in the same game
/// ([`Learnt`]): both are kept between the searches of a game and forgotten by [`clear`].
///
/// [`clear`]: TranspositionTable::clear
pub struct TranspositionTable {
    buckets: Buckets,
    generation: AtomicU8,
    learnt: Learnt,
    /// Tests that compare a search with the tree's minimax value turn probes off: a table
    /// hands a node the deeper result of a transposition, which the tree does not have.
    #[cfg(test)]
    pub(crate) probes_off: bool,
}

impl TranspositionTable {
    /// A table of at most `megabytes` MiB (at least one bucket). Panics where the memory cannot
    /// be had; [`TranspositionTable::try_new`] says so instead.
    pub fn new(megabytes: usize) -> Self {
        Self::try_new(megabytes).expect("memory for the transposition table")
    }

    /// A table of at most `megabytes` MiB, or `None` where the system refuses the memory. The
    /// memory comes zeroed from the system, so it becomes resident only as the search writes
    /// to it.
    pub fn try_new(megabytes: usize) -> Option<Self> {
        let count = (megabytes.saturating_mul(1 << 20) / BUCKET_BYTES).max(1);
        Some(TranspositionTable {
            buckets: Buckets::zeroed(count)?,
            generation: AtomicU8::new(0),
            learnt: Learnt::default(),
            #[cfg(test)]
            probes_off: false,
        })
    }

    /// Bytes the table holds.
    pub fn size_bytes(&self) -> usize {
        self.buckets.len() * BUCKET_BYTES
    }

    /// Empties the table and forgets what the threads learnt (a new game): fresh zeroed memory replaces the old (zeroing in place
    /// would make all of it resident); where the system refuses, the old buckets are zeroed in
    /// place.
    pub fn clear(&mut self) {
        let count = self.buckets.len();
        match Buckets::zeroed(count) {
            Some(fresh) => self.buckets = fresh,
            None => {
                for slot in self.buckets.iter().flat_map(|b| b.0.iter()) {
                    slot.check.store(0, Relaxed);
                    slot.data.store(0, Relaxed);
                }
            }
        }
        *self.generation.get_mut() = 0;
        self.learnt.clear();
    }

    /// The search threads' move-ordering tables, kept between searches.
    pub fn learnt(&self) -> &Learnt {
        &self.learnt
    }

    /// Ages every entry by one search: old entries are replaced first, and the kept history
    /// tables are halved.
    pub fn new_search(&self) {
        let g = self.generation.load(Relaxed);
        self.generation.store((g + 1) % GENERATIONS, Relaxed);
        self.learnt.new_search();
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        // Multiply-shift maps the key onto any table length without a division.
        let index = ((key as u128 * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[index]
    }

    /// Asks the CPU to start loading `key`'s bucket, so that the probe a little later does
    /// not wait for memory. A hint only: no effect on results.
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let bucket: *const Bucket = self.bucket(key);
            // SAFETY: prefetching is a hint that never faults, and the pointer is in bounds.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        #[cfg(test)]
        if self.probes_off {
            return None;
        }
        self.bucket(key).0.iter().find_map(|slot| {
            let data = slot.data.load(Relaxed);
            (slot.check.load(Relaxed) ^ data == key)
                .then(|| unpack(data))
                .flatten()
        })
    }

    #[inline]
    pub fn store(&self, key: u64, mut entry: Entry) {
        let generation = self.generation.load(Relaxed);
        let bucket = self.bucket(key);
        let age = |data: u64| (GENERATIONS + generation - generation_of(data)) % GENERATIONS;
        // The slot holding this key, else the least valuable one: shallow and old.
        let mut victim = &bucket.0[0];
        let mut victim_worth = i32::MAX;
        for slot in &bucket.0 {
            let data = slot.data.load(Relaxed);
            if slot.check.load(Relaxed) ^ data == key {
                if let Some(old) = unpack(data) {
                    // Keep a deeper result of the same search unless this one is exact.
                    if entry.bound != Bound::Exact && age(data) == 0 && old.depth > entry.depth + 2
                    {
                        return;
                    }
                    if entry.mv == 0 {
                        entry.mv = old.mv;
                    }
                }
                victim = slot;
                break;
            }
            let worth = if data == 0 {
                i32::MIN
            } else {
                ((data >> 48) & 0xff) as i32 - 8 * age(data) as i32
            };
            if worth < victim_worth {
                victim = slot;
                victim_worth = worth;
            }
        }
        let data = pack(&entry, generation);
        victim.check.store(key ^ data, Relaxed);
        victim.data.store(data, Relaxed);
    }

    /// Permille of a sample of slots filled during the current search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Relaxed);
        let sample = self.buckets.iter().take(250).flat_map(|b| b.0.iter());
        let (mut used, mut total) = (0, 0);
        for slot in sample {
            let data = slot.data.load(Relaxed);
            total += 1;
            used += (data != 0 && generation_of(data) == generation) as u32;
        }
        (used * 1000).checked_div(total).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(depth: i32, score: i32, bound: Bound) -> Entry {
        Entry {
            mv: 77,
            score,
            eval: -12,
            depth,
            bound,
        }
    }

    #[test]
    fn uses_the_memory_it_is_given_and_no_more() {
        let tt = TranspositionTable::new(16);
        assert_eq!(tt.size_bytes(), 16 << 20);
        assert_eq!(BUCKET_BYTES, 64);
        assert_eq!(TranspositionTable::new(0).size_bytes(), 64);
    }

    #[test]
    fn stores_and_probes_every_field() {
        let tt = TranspositionTable::new(1);
        for (i, bound) in [Bound::Upper, Bound::Lower, Bound::Exact]
            .into_iter()
            .enumerate()
        {
            let key = 0x1234_5678_9abc_def0 ^ i as u64;
            let e = Entry {
                mv: 0xfffe,
                score: -30_990,
                eval: 2_500,
                depth: 37,
                bound,
            };
            tt.store(key, e);
            assert_eq!(tt.probe(key), Some(e));
        }
        assert_eq!(tt.probe(42), None);
    }

    #[test]
    fn a_torn_slot_reads_as_a_miss() {
        let tt = TranspositionTable::new(1);
        let key = 0xdead_beef_u64;
        tt.store(key, entry(5, 10, Bound::Exact));
        // Another writer replaced the data word but not the check word.
        let slot = tt
            .bucket(key)
            .0
            .iter()
            .find(|s| s.data.load(Relaxed) != 0)
            .unwrap();
        slot.data
            .store(pack(&entry(9, 99, Bound::Lower), 0), Relaxed);
        assert_eq!(tt.probe(key), None);
    }

    #[test]
    fn keeps_deeper_entries_and_the_old_move() {
        let tt = TranspositionTable::new(1);
        tt.store(7, entry(12, 50, Bound::Lower));
        tt.store(7, entry(3, 10, Bound::Upper));
        assert_eq!(tt.probe(7).unwrap().depth, 12);
        tt.store(
            7,
            Entry {
                mv: 0,
                ..entry(11, 20, Bound::Lower)
            },
        );
        let e = tt.probe(7).unwrap();
        assert_eq!((e.depth, e.mv), (11, 77));
    }

    #[test]
    fn hashfull_counts_this_search_only() {
        let mut tt = TranspositionTable::new(1);
        for key in 0..100_000u64 {
            tt.store(
                key.wrapping_mul(0x9e37_79b9_7f4a_7c15),
                entry(1, 0, Bound::Exact),
            );
        }
        assert!(tt.hashfull() > 500);
        tt.new_search();
        assert_eq!(tt.hashfull(), 0);
        tt.store(1, entry(1, 0, Bound::Exact));
        tt.clear();
        assert_eq!(tt.probe(1), None);
    }
}
