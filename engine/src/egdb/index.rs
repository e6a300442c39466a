//! Positions as numbers: the canonical form of a position (the side to
//! move always moves like Black), its material ([`Material`], which names a
//! slice) and its index inside the slice ([`SliceIndex`]).
//!
//! The index of a position in its slice is
//! `men_index * kings_per_men + kings_index`:
//!
//! - `men_index` numbers the men configurations: the mover's men (on
//!   squares 1–28, a man of the mover on 29–32 would be a king) by their
//!   colex rank, then the other side's men (on 5–32) among the squares the
//!   mover's men leave free. Every configuration of a slice has the same
//!   number of king placements, so a men configuration is a contiguous
//!   block of `kings_per_men` positions: the "sub-slice" the solver works
//!   on (non-capture king moves stay inside it, everything else leaves it);
//! - `kings_index` numbers the mover's kings among the squares the men
//!   leave free, then the other side's kings among the rest.
//!
//! Every number is used: a slice holds exactly as many positions as its
//! material can make, and the sizes add up to the published counts
//! ([`count_positions`]).

use crate::checkers::Board;
use crate::Color;

/// `BINOM[n][k]` = C(n, k) for `n, k <= 32`.
static BINOM: [[u64; 33]; 33] = binomials();

const fn binomials() -> [[u64; 33]; 33] {
    let mut t = [[0u64; 33]; 33];
    let mut n = 0;
    while n <= 32 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    t
}

/// C(n, k), 0 when `k > n`.
#[must_use]
#[inline]
pub fn binom(n: u32, k: u32) -> u64 {
    if k > n || n > 32 {
        0
    } else {
        BINOM[n as usize][k as usize]
    }
}

/// Squares where the mover's men may stand (1–28: bits 0–27).
pub const US_MEN_SQUARES: u32 = 0x0FFF_FFFF;
/// Squares where the other side's men may stand (5–32: bits 4–31).
pub const THEM_MEN_SQUARES: u32 = 0xFFFF_FFF0;

/// A position in canonical form: the side to move ("us") moves like Black,
/// towards squares 29–32. A position with Red to move is turned half round
/// (square `s` becomes `33 - s`) and its colours swapped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Canon {
    /// The mover's pieces.
    pub us: u32,
    /// The other side's pieces.
    pub them: u32,
    /// Kings of both sides.
    pub kings: u32,
}

impl Canon {
    /// The canonical form of `board`.
    #[must_use]
    #[inline]
    pub fn of(board: &Board) -> Canon {
        match board.side {
            Color::Black => Canon {
                us: board.pieces[Color::Black.index()],
                them: board.pieces[Color::Red.index()],
                kings: board.kings,
            },
            Color::Red => Canon {
                us: board.pieces[Color::Red.index()].reverse_bits(),
                them: board.pieces[Color::Black.index()].reverse_bits(),
                kings: board.kings.reverse_bits(),
            },
        }
    }

    /// The position as a board with Black (the mover) to move.
    #[must_use]
    #[inline]
    pub fn board(&self) -> Board {
        let mut pieces = [0; 2];
        pieces[Color::Black.index()] = self.us;
        pieces[Color::Red.index()] = self.them;
        Board {
            pieces,
            kings: self.kings,
            side: Color::Black,
        }
    }

    /// The mover's men.
    #[must_use]
    #[inline]
    pub const fn us_men(&self) -> u32 {
        self.us & !self.kings
    }

    /// The mover's kings.
    #[must_use]
    #[inline]
    pub const fn us_kings(&self) -> u32 {
        self.us & self.kings
    }

    /// The other side's men.
    #[must_use]
    #[inline]
    pub const fn them_men(&self) -> u32 {
        self.them & !self.kings
    }

    /// The other side's kings.
    #[must_use]
    #[inline]
    pub const fn them_kings(&self) -> u32 {
        self.them & self.kings
    }

    /// Its material.
    #[must_use]
    #[inline]
    pub const fn material(&self) -> Material {
        Material {
            us_kings: self.us_kings().count_ones() as u8,
            us_men: self.us_men().count_ones() as u8,
            them_kings: self.them_kings().count_ones() as u8,
            them_men: self.them_men().count_ones() as u8,
        }
    }

    /// Whether the pieces can stand like this: no square twice, no man on
    /// the row where it would be crowned.
    #[must_use]
    pub const fn is_valid(&self) -> bool {
        self.us & self.them == 0
            && self.kings & !(self.us | self.them) == 0
            && self.us_men() & !US_MEN_SQUARES == 0
            && self.them_men() & !THEM_MEN_SQUARES == 0
    }
}

/// How many pieces of each kind each side has: the name of a slice. "Us"
/// is the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material {
    /// The mover's kings.
    pub us_kings: u8,
    /// The mover's men.
    pub us_men: u8,
    /// The other side's kings.
    pub them_kings: u8,
    /// The other side's men.
    pub them_men: u8,
}

impl Material {
    /// Every piece on the board.
    #[must_use]
    pub const fn pieces(&self) -> u32 {
        (self.us_kings + self.us_men + self.them_kings + self.them_men) as u32
    }

    /// Men of both sides.
    #[must_use]
    pub const fn men(&self) -> u32 {
        (self.us_men + self.them_men) as u32
    }

    /// The same pieces with the other side to move.
    #[must_use]
    pub const fn swapped(&self) -> Material {
        Material {
            us_kings: self.them_kings,
            us_men: self.them_men,
            them_kings: self.us_kings,
            them_men: self.us_men,
        }
    }

    /// This material and its mirror, once if they are the same.
    #[must_use]
    pub fn with_mirror(self) -> Vec<Material> {
        if self.swapped() == self {
            vec![self]
        } else {
            vec![self, self.swapped()]
        }
    }

    /// Whether both sides have a piece (slices where one side has none are
    /// decided without a table: see [`super::Value`]).
    #[must_use]
    pub const fn is_stored(&self) -> bool {
        self.us_kings + self.us_men > 0 && self.them_kings + self.them_men > 0
    }

    /// A short name, e.g. `2K1M-1K0M` (mover first).
    #[must_use]
    pub fn name(&self) -> String {
        format!(
            "{}K{}M-{}K{}M",
            self.us_kings, self.us_men, self.them_kings, self.them_men
        )
    }

    /// Reads a name written by [`Material::name`].
    #[must_use]
    pub fn parse(text: &str) -> Option<Material> {
        let (us, them) = text.split_once('-')?;
        let side = |s: &str| -> Option<(u8, u8)> {
            let (k, m) = s.strip_suffix('M')?.split_once('K')?;
            Some((k.parse().ok()?, m.parse().ok()?))
        };
        let (us_kings, us_men) = side(us)?;
        let (them_kings, them_men) = side(them)?;
        let m = Material {
            us_kings,
            us_men,
            them_kings,
            them_men,
        };
        (m.pieces() <= 32 && us_men <= 28 && them_men <= 28).then_some(m)
    }

    /// Every material with exactly `n` pieces (both sides may have none),
    /// in a fixed order.
    #[must_use]
    pub fn all_with(n: u32) -> Vec<Material> {
        let n = n as u8;
        let mut out = Vec::new();
        for us in 0..=n {
            let them = n - us;
            for us_kings in 0..=us {
                for them_kings in 0..=them {
                    out.push(Material {
                        us_kings,
                        us_men: us - us_kings,
                        them_kings,
                        them_men: them - them_kings,
                    });
                }
            }
        }
        out
    }
}

/// The colex rank of `set`, a subset of `avail`, counting positions inside
/// `avail` (bit `i` of `set` is at position `popcount(avail below i)`).
#[inline]
fn rank_in(set: u32, avail: u32) -> u64 {
    let mut rank = 0;
    let mut s = set;
    let mut k = 1;
    while s != 0 {
        let bit = s & s.wrapping_neg();
        s ^= bit;
        let pos = (avail & (bit - 1)).count_ones();
        rank += BINOM[pos as usize][k];
        k += 1;
    }
    rank
}

/// The subset of `avail` with `k` elements and colex rank `rank`.
fn unrank_in(mut rank: u64, k: u32, avail: u32) -> u32 {
    let n = avail.count_ones();
    let mut positions = 0u32;
    let mut hi = n;
    for i in (1..=k).rev() {
        // The largest p < hi with C(p, i) <= rank.
        let mut p = hi - 1;
        while binom(p, i) > rank {
            p -= 1;
        }
        rank -= binom(p, i);
        positions |= 1 << p;
        hi = p;
    }
    deposit(positions, avail)
}

/// Spreads the low bits of `bits` over the set bits of `avail` (the
/// inverse of squeezing a subset of `avail` to positions).
#[inline]
pub fn deposit(mut bits: u32, mut avail: u32) -> u32 {
    let mut out = 0;
    while bits != 0 && avail != 0 {
        let low = avail & avail.wrapping_neg();
        avail ^= low;
        if bits & 1 != 0 {
            out |= low;
        }
        bits >>= 1;
    }
    out
}

/// The next larger number with the same number of set bits (Gosper's
/// hack): subsets in colex order. `x` must not be 0.
#[inline]
pub fn next_combination(x: u32) -> u32 {
    let c = x & x.wrapping_neg();
    let r = x.wrapping_add(c);
    if r == 0 {
        return u32::MAX;
    }
    (((r ^ x) >> 2) / c) | r
}

/// The numbering of one slice's positions (see the module text).
#[derive(Clone, Debug)]
pub struct SliceIndex {
    material: Material,
    /// Positions per men configuration.
    kings_per_men: u64,
    /// King placements of the other side for each placement of the mover's kings.
    them_kings_count: u64,
    /// `men_offsets[r]`: the first men index whose mover's men have colex
    /// rank `r`; one more entry holds the number of men configurations.
    men_offsets: Vec<u64>,
}

impl SliceIndex {
    /// The numbering of `material`'s slice.
    #[must_use]
    pub fn new(material: Material) -> SliceIndex {
        let um = u32::from(material.us_men);
        let tm = u32::from(material.them_men);
        let uk = u32::from(material.us_kings);
        let tk = u32::from(material.them_kings);
        let free = 32u32.saturating_sub(um + tm);
        let them_kings_count = binom(free.saturating_sub(uk), tk);
        let kings_per_men = binom(free, uk) * them_kings_count;
        let n_us = binom(28, um);
        let mut men_offsets = Vec::with_capacity(n_us as usize + 1);
        let mut total = 0u64;
        if um == 0 {
            men_offsets.push(0);
            total = binom(28, tm);
        } else {
            let mut u = (1u32 << um) - 1;
            while u <= US_MEN_SQUARES && u != u32::MAX {
                men_offsets.push(total);
                let blocked = (u & THEM_MEN_SQUARES).count_ones();
                total += binom(28 - blocked, tm);
                u = next_combination(u);
            }
        }
        men_offsets.push(total);
        SliceIndex {
            material,
            kings_per_men,
            them_kings_count,
            men_offsets,
        }
    }

    /// The material.
    #[must_use]
    pub const fn material(&self) -> Material {
        self.material
    }

    /// The number of positions.
    #[must_use]
    pub fn len(&self) -> u64 {
        self.men_configs() * self.kings_per_men
    }

    /// Whether the slice is empty (too many pieces for the board).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The number of men configurations (sub-slices).
    #[must_use]
    pub fn men_configs(&self) -> u64 {
        *self.men_offsets.last().expect("at least one entry")
    }

    /// Positions per men configuration.
    #[must_use]
    pub const fn kings_per_men(&self) -> u64 {
        self.kings_per_men
    }

    /// The men index of the mover's men `us` and the other side's men `them`.
    #[must_use]
    #[inline]
    pub fn men_index(&self, us: u32, them: u32) -> u64 {
        let r = rank_in(us, US_MEN_SQUARES);
        self.men_offsets[r as usize] + rank_in(them, THEM_MEN_SQUARES & !us)
    }

    /// The men of a men index: (mover's men, other side's men).
    #[must_use]
    pub fn men_of(&self, men_index: u64) -> (u32, u32) {
        let r = self.men_offsets.partition_point(|&o| o <= men_index) - 1;
        let us = unrank_in(r as u64, u32::from(self.material.us_men), US_MEN_SQUARES);
        let them = unrank_in(
            men_index - self.men_offsets[r],
            u32::from(self.material.them_men),
            THEM_MEN_SQUARES & !us,
        );
        (us, them)
    }

    /// The kings index of the mover's kings `us` and the other side's
    /// kings `them`, given the squares the men leave free.
    #[must_use]
    #[inline]
    pub fn kings_index(&self, free: u32, us: u32, them: u32) -> u64 {
        rank_in(us, free) * self.them_kings_count + rank_in(them, free & !us)
    }

    /// The index of `c`, which must have this slice's material.
    #[must_use]
    #[inline]
    pub fn index(&self, c: &Canon) -> u64 {
        let us_men = c.us_men();
        let them_men = c.them_men();
        let free = !(us_men | them_men);
        self.men_index(us_men, them_men) * self.kings_per_men
            + self.kings_index(free, c.us_kings(), c.them_kings())
    }

    /// The position with index `i` (less than [`SliceIndex::len`]).
    #[must_use]
    pub fn position(&self, i: u64) -> Canon {
        let (us_men, them_men) = self.men_of(i / self.kings_per_men);
        let k = i % self.kings_per_men;
        let free = !(us_men | them_men);
        let us_kings = unrank_in(
            k / self.them_kings_count,
            u32::from(self.material.us_kings),
            free,
        );
        let them_kings = unrank_in(
            k % self.them_kings_count,
            u32::from(self.material.them_kings),
            free & !us_kings,
        );
        Canon {
            us: us_men | us_kings,
            them: them_men | them_kings,
            kings: us_kings | them_kings,
        }
    }

    /// Calls `f(men_index, us_men, them_men)` for every men configuration, in
    /// index order.
    pub fn for_each_men(&self, mut f: impl FnMut(u64, u32, u32)) {
        let um = u32::from(self.material.us_men);
        let tm = u32::from(self.material.them_men);
        let mut i = 0u64;
        for_each_subset(US_MEN_SQUARES, um, |us| {
            for_each_subset(THEM_MEN_SQUARES & !us, tm, |them| {
                f(i, us, them);
                i += 1;
            });
        });
    }

    /// Calls `f(index, position)` for every position, in index order.
    pub fn for_each_position(&self, mut f: impl FnMut(u64, Canon)) {
        let k = self.kings_per_men;
        self.for_each_men(|mi, us_men, them_men| {
            self.for_each_kings(!(us_men | them_men), |ki, uk, tk| {
                f(
                    mi * k + ki,
                    Canon {
                        us: us_men | uk,
                        them: them_men | tk,
                        kings: uk | tk,
                    },
                );
            });
        });
    }

    /// Calls `f(kings_index, us_kings, them_kings)` for every king placement
    /// on the squares `free`, in index order.
    pub fn for_each_kings(&self, free: u32, mut f: impl FnMut(u64, u32, u32)) {
        let uk = u32::from(self.material.us_kings);
        let tk = u32::from(self.material.them_kings);
        let mut i = 0u64;
        for_each_subset(free, uk, |us| {
            for_each_subset(free & !us, tk, |them| {
                f(i, us, them);
                i += 1;
            });
        });
    }
}

/// Calls `f` with every `k`-element subset of `avail`, in colex order.
pub fn for_each_subset(avail: u32, k: u32, mut f: impl FnMut(u32)) {
    let n = avail.count_ones();
    if k > n {
        return;
    }
    if k == 0 {
        f(0);
        return;
    }
    let mut x: u32 = (1u32 << k) - 1;
    let end: u64 = 1u64 << n;
    while u64::from(x) < end {
        f(deposit(x, avail));
        x = next_combination(x);
        if x == u32::MAX {
            break;
        }
    }
}

/// The number of positions with `n` pieces, without the side to move
/// (counted the way the Chinook papers count them, positions where one side
/// has no piece included), from the slice sizes: with the mover fixed as
/// Black, every position is counted once.
#[must_use]
pub fn count_positions(n: u32) -> u64 {
    Material::all_with(n)
        .into_iter()
        .map(|m| SliceIndex::new(m).len())
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomials_are_right() {
        assert_eq!(binom(32, 3), 4960);
        assert_eq!(binom(28, 2), 378);
        assert_eq!(binom(5, 7), 0);
        assert_eq!(binom(0, 0), 1);
    }

    #[test]
    fn subsets_come_in_rank_order() {
        let avail = 0b1011_0110_0000_0000_0000_0000_0101_1001u32;
        let mut expected = 0;
        for_each_subset(avail, 3, |s| {
            assert_eq!(s & !avail, 0);
            assert_eq!(s.count_ones(), 3);
            assert_eq!(rank_in(s, avail), expected);
            assert_eq!(unrank_in(expected, 3, avail), s);
            expected += 1;
        });
        assert_eq!(expected, binom(avail.count_ones(), 3));
    }

    #[test]
    fn index_and_position_are_inverse() {
        for m in Material::all_with(3) {
            let slice = SliceIndex::new(m);
            for i in 0..slice.len() {
                let c = slice.position(i);
                assert!(c.is_valid(), "{} {i}", m.name());
                assert_eq!(c.material(), m);
                assert_eq!(slice.index(&c), i, "{} {c:?}", m.name());
            }
        }
    }

    #[test]
    fn material_names_round_trip() {
        for m in Material::all_with(4) {
            assert_eq!(Material::parse(&m.name()), Some(m));
        }
        assert_eq!(Material::parse("1K0M"), None);
    }
}
