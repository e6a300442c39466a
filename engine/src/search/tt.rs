//! The transposition table: a fixed-size hash table of search results keyed
//! by the position's Zobrist hash.
//!
//! Entries are 16 bytes (key and packed data), grouped in buckets of four (one cache line). The
//! table is shared by the threads of a search (Lazy SMP): each entry is two
//! relaxed atomic words, the key stored XORed with the data, so an entry
//! torn by two threads writing at once no longer matches its key and is
//! ignored (Hyatt's lockless hashing). The
//! best move is stored as its index in the position's legal move list, which
//! keeps entries small and the table independent of the game's move type;
//! move generation is deterministic, so the index names the same move again.

/// What a stored score means relative to the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true value is exactly the score.
    Exact,
    /// The true value is at least the score (a beta cutoff).
    Lower,
    /// The true value is at most the score (no move raised alpha).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    score: i16,
    /// Index of the best move in the legal move list, `u16::MAX` if none.
    mv: u16,
    depth: i8,
    /// 0 empty, 1 exact, 2 lower, 3 upper.
    bound: u8,
    generation: u8,
}

impl Entry {
    /// The stored score (mate scores relative to the stored node).
    #[must_use]
    pub const fn score(&self) -> i32 {
        self.score as i32
    }

    /// The depth the score was searched to.
    #[must_use]
    pub const fn depth(&self) -> i32 {
        self.depth as i32
    }

    /// The index of the best move in the legal move list, if any.
    #[must_use]
    pub const fn move_index(&self) -> Option<usize> {
        if self.mv == u16::MAX {
            None
        } else {
            Some(self.mv as usize)
        }
    }

    /// What the score means.
    #[must_use]
    pub const fn bound(&self) -> Bound {
        match self.bound {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        }
    }

    const fn pack(self) -> u64 {
        (self.score as u16 as u64)
            | (self.mv as u64) << 16
            | (self.depth as u8 as u64) << 32
            | (self.bound as u64) << 40
            | (self.generation as u64) << 48
    }

    const fn unpack(data: u64) -> Entry {
        Entry {
            score: data as u16 as i16,
            mv: (data >> 16) as u16,
            depth: (data >> 32) as u8 as i8,
            bound: (data >> 40) as u8,
            generation: (data >> 48) as u8,
        }
    }
}

use core::sync::atomic::{AtomicU64, Ordering::Relaxed};

const BUCKET: usize = 4;
/// Bytes per entry: the key and the packed data, two `u64`s.
const ENTRY_BYTES: usize = 16;

/// Four entries in one 64-byte cache line: `(key ^ packed data, packed
/// data)`, data 0 is an empty slot.
#[derive(Debug, Default)]
#[repr(C, align(64))]
struct Bucket([[AtomicU64; 2]; BUCKET]);

impl Bucket {
    /// Slot `i` as `(key, data)`: the key is 0 when the two words do not
    /// belong together.
    #[inline(always)]
    fn get(&self, i: usize) -> (u64, u64) {
        let [k, d] = &self.0[i];
        let data = d.load(Relaxed);
        (k.load(Relaxed) ^ data, data)
    }

    #[inline(always)]
    fn set(&self, i: usize, key: u64, data: u64) {
        let [k, d] = &self.0[i];
        k.store(key ^ data, Relaxed);
        d.store(data, Relaxed);
    }
}

/// A transposition table with a fixed memory budget.
///
/// Each bucket is one cache line, so a probe costs at most one memory
/// access, and the search asks for that line early
/// ([`TranspositionTable::prefetch`]) so that it is usually in the cache
/// when the probe comes. A new table is zeroed memory that the system hands
/// out lazily: creating a 32 MB table costs nothing until it is used.
///
/// ```
/// use tiers_engine::search::tt::{Bound, TranspositionTable};
/// let tt = TranspositionTable::new(1);
/// tt.store(0x1234, 5, 42, Bound::Exact, Some(3));
/// let hit = tt.probe(0x1234).unwrap();
/// assert_eq!((hit.score(), hit.depth(), hit.move_index()), (42, 5, Some(3)));
/// assert!(tt.probe(0x9999).is_none());
/// ```
#[derive(Debug)]
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    /// Number of buckets minus one (the bucket count is a power of two).
    mask: usize,
    generation: u8,
}

impl TranspositionTable {
    /// A table using at most `megabytes` MiB (at least one bucket).
    #[must_use]
    pub fn new(megabytes: usize) -> Self {
        let bytes = megabytes.saturating_mul(1 << 20);
        let bucket_bytes = BUCKET * ENTRY_BYTES;
        let mut buckets = 1usize;
        while buckets * 2 * bucket_bytes <= bytes {
            buckets *= 2;
        }
        TranspositionTable {
            buckets: allocate(buckets),
            mask: buckets - 1,
            generation: 0,
        }
    }

    /// The memory used by the entries, in bytes.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.buckets.len() * core::mem::size_of::<Bucket>()
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        for b in &mut self.buckets {
            *b = Bucket::default();
        }
        self.generation = 0;
    }

    /// Marks the start of a new search: older entries are replaced first.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    #[inline(always)]
    fn bucket(&self, key: u64) -> usize {
        // The low bits pick the bucket; the whole key is checked on probe.
        (key as usize) & self.mask
    }

    /// Asks the processor to bring `key`'s bucket into the cache, so that a
    /// probe a little later does not wait for memory. Does nothing where
    /// there is no such instruction (WebAssembly).
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let ptr: *const Bucket = &self.buckets[self.bucket(key)];
            // SAFETY: SSE is part of x86_64; a prefetch never faults and
            // does not change memory, and `ptr` points into `self.buckets`.
            unsafe {
                core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(
                    ptr.cast::<i8>(),
                );
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry stored for `key`, if any.
    #[must_use]
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let bucket = &self.buckets[self.bucket(key)];
        for i in 0..BUCKET {
            let (k, data) = bucket.get(i);
            if k == key && data != 0 {
                return Some(Entry::unpack(data));
            }
        }
        None
    }

    /// Stores a result. `score` must already be relative to this node (see
    /// the search's mate-score adjustment) and fit in an `i16`.
    pub fn store(&self, key: u64, depth: i32, score: i32, bound: Bound, mv: Option<usize>) {
        let generation = self.generation;
        let bucket = &self.buckets[self.bucket(key)];
        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        for i in 0..BUCKET {
            let (k, data) = bucket.get(i);
            if data == 0 || k == key {
                victim = i;
                break;
            }
            // Older generations and shallower entries are worth less.
            let e = Entry::unpack(data);
            let age = i32::from(generation.wrapping_sub(e.generation));
            let worth = i32::from(e.depth) - 8 * age;
            if worth < victim_worth {
                victim_worth = worth;
                victim = i;
            }
        }
        let (old_key, old_data) = bucket.get(victim);
        let same = old_key == key && old_data != 0;
        let old = Entry::unpack(old_data);
        // Keep the old move when the new result has none for the same position.
        let mv = match mv {
            Some(i) => u16::try_from(i).unwrap_or(u16::MAX),
            None if same => old.mv,
            None => u16::MAX,
        };
        let entry = Entry {
            score: score.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
            mv,
            depth: depth.clamp(-1, i32::from(i8::MAX)) as i8,
            bound: match bound {
                Bound::Exact => 1,
                Bound::Lower => 2,
                Bound::Upper => 3,
            },
            generation,
        };
        bucket.set(victim, key, entry.pack());
    }

    /// How full the table is, in permille, sampled over the first entries.
    #[must_use]
    pub fn hashfull(&self) -> u32 {
        let n = self.buckets.len().min(1000);
        let used: usize = self.buckets[..n]
            .iter()
            .map(|b| {
                (0..BUCKET)
                    .filter(|&i| {
                        let (_, data) = b.get(i);
                        data != 0 && Entry::unpack(data).generation == self.generation
                    })
                    .count()
            })
            .sum();
        (used * 1000 / (n * BUCKET).max(1)) as u32
    }
}

/// `n` empty buckets. On Linux the kernel is asked to back them with huge
/// pages before they are first touched: a probe then rarely misses the TLB.
fn allocate(n: usize) -> Vec<Bucket> {
    let mut v: Vec<Bucket> = Vec::with_capacity(n);
    #[cfg(target_os = "linux")]
    {
        const PAGE: usize = 4096;
        let begin = v.as_mut_ptr() as usize;
        let start = begin.next_multiple_of(PAGE);
        let end = (begin + n * core::mem::size_of::<Bucket>()) & !(PAGE - 1);
        if end > start {
            // SAFETY: madvise only gives the kernel a hint about whole pages
            // inside this allocation, which nothing has used yet; a failure
            // (no huge pages here) changes nothing and is ignored.
            unsafe {
                libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
            }
        }
    }
    v.resize_with(n, Bucket::default);
    v
}

impl Clone for TranspositionTable {
    fn clone(&self) -> Self {
        let buckets = allocate(self.buckets.len());
        for (to, from) in buckets.iter().zip(&self.buckets) {
            for i in 0..BUCKET {
                let (k, data) = from.get(i);
                to.set(i, k, data);
            }
        }
        TranspositionTable {
            buckets,
            mask: self.mask,
            generation: self.generation,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_pack_and_budget_is_respected() {
        let e = Entry {
            score: -29_990,
            mv: 513,
            depth: -1,
            bound: 3,
            generation: 200,
        };
        assert_eq!(Entry::unpack(e.pack()), e);
        for mb in [1, 3, 32] {
            let tt = TranspositionTable::new(mb);
            assert!(tt.bytes() <= mb << 20);
            assert!(tt.bytes() > (mb << 20) / 2);
        }
        assert!(TranspositionTable::new(0).bytes() > 0);
    }

    #[test]
    fn replacement_keeps_bucket_and_overwrites_same_key() {
        let mut tt = TranspositionTable::new(0);
        // One bucket: every key collides.
        for k in 1..=4u64 {
            tt.store(k, k as i32, 10 * k as i32, Bound::Lower, None);
        }
        for k in 1..=4u64 {
            assert_eq!(tt.probe(k).unwrap().score(), 10 * k as i32);
        }
        tt.store(3, 9, -7, Bound::Upper, Some(1));
        assert_eq!(tt.probe(3).unwrap().score(), -7);
        assert_eq!(tt.probe(3).unwrap().bound(), Bound::Upper);
        // A fifth key replaces the shallowest entry (key 1, depth 1).
        tt.store(5, 6, 50, Bound::Exact, None);
        assert!(tt.probe(1).is_none());
        assert_eq!(tt.probe(5).unwrap().move_index(), None);
        tt.clear();
        assert!(tt.probe(5).is_none());
    }
}
