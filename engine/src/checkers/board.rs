//! The 32-square bitboard: squares, masks, one-step shifts and Zobrist keys.
//!
//! Bit `i` of a `u32` is square `i + 1` in the standard numbering: square 1
//! is b8, 4 is h8, 5 is a7, 29 is a1 and 32 is g1 (RULES.md §1). Row 0 of
//! the bitboard (bits 0–3) is rank 8, Black's back row; row 7 (bits 28–31)
//! is rank 1, Red's back row. Black moves "down" (towards higher bits), Red
//! "up".

use crate::Color;
use tiers_rng::SplitMix64;

/// Every playing square.
pub const ALL: u32 = u32::MAX;
/// Rows 0, 2, 4 and 6 (ranks 8, 6, 4, 2): their squares are on files b, d, f, h.
pub const EVEN_ROWS: u32 = 0x0F0F_0F0F;
/// Rows 1, 3, 5 and 7 (ranks 7, 5, 3, 1): their squares are on files a, c, e, g.
pub const ODD_ROWS: u32 = 0xF0F0_F0F0;
/// The squares on file a (5, 13, 21, 29).
pub const FILE_A: u32 = 0x1010_1010;
/// The squares on file h (4, 12, 20, 28).
pub const FILE_H: u32 = 0x0808_0808;
/// Black's back row, squares 1–4: where Red men are crowned.
pub const ROW_8: u32 = 0x0000_000F;
/// Red's back row, squares 29–32: where Black men are crowned.
pub const ROW_1: u32 = 0xF000_0000;

/// The row where men of `color` are crowned.
#[must_use]
#[inline]
pub const fn crowning_row(color: Color) -> u32 {
    match color {
        Color::Red => ROW_8,
        Color::Black => ROW_1,
    }
}

/// The four diagonal directions. Black men move [`Dir::DownLeft`] and
/// [`Dir::DownRight`] (towards Red), Red men the two `Up` ones. "Left" and
/// "right" are as seen with Red at the bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    /// Towards rank 8 and file a.
    UpLeft = 0,
    /// Towards rank 8 and file h.
    UpRight = 1,
    /// Towards rank 1 and file a.
    DownLeft = 2,
    /// Towards rank 1 and file h.
    DownRight = 3,
}

impl Dir {
    /// All four, in index order.
    pub const ALL: [Dir; 4] = [Dir::UpLeft, Dir::UpRight, Dir::DownLeft, Dir::DownRight];

    /// The direction with this index (only the low two bits count).
    #[must_use]
    #[inline]
    pub const fn from_index(i: u32) -> Dir {
        match i & 3 {
            0 => Dir::UpLeft,
            1 => Dir::UpRight,
            2 => Dir::DownLeft,
            _ => Dir::DownRight,
        }
    }

    /// The two directions a man of `color` moves in.
    #[must_use]
    #[inline]
    pub const fn forward(color: Color) -> [Dir; 2] {
        match color {
            Color::Red => [Dir::UpLeft, Dir::UpRight],
            Color::Black => [Dir::DownLeft, Dir::DownRight],
        }
    }
}

/// Every square of `b` moved one step in direction `d`; squares that would
/// leave the board are dropped.
#[must_use]
#[inline(always)]
pub const fn step(b: u32, d: Dir) -> u32 {
    match d {
        Dir::UpLeft => ((b & EVEN_ROWS) >> 4) | ((b & ODD_ROWS & !FILE_A) >> 5),
        Dir::UpRight => ((b & EVEN_ROWS & !FILE_H) >> 3) | ((b & ODD_ROWS) >> 4),
        Dir::DownLeft => ((b & EVEN_ROWS) << 4) | ((b & ODD_ROWS & !FILE_A) << 3),
        Dir::DownRight => ((b & EVEN_ROWS & !FILE_H) << 5) | ((b & ODD_ROWS) << 4),
    }
}

/// The opposite direction.
#[must_use]
#[inline(always)]
pub const fn reverse(d: Dir) -> Dir {
    match d {
        Dir::UpLeft => Dir::DownRight,
        Dir::UpRight => Dir::DownLeft,
        Dir::DownLeft => Dir::UpRight,
        Dir::DownRight => Dir::UpLeft,
    }
}

const fn neighbour_table() -> [[u32; 32]; 4] {
    let mut t = [[0u32; 32]; 4];
    let mut d = 0;
    while d < 4 {
        let mut i = 0;
        while i < 32 {
            t[d][i] = step(1 << i, Dir::from_index(d as u32));
            i += 1;
        }
        d += 1;
    }
    t
}

const fn jump_table() -> [[u32; 32]; 4] {
    let mut t = [[0u32; 32]; 4];
    let mut d = 0;
    while d < 4 {
        let mut i = 0;
        while i < 32 {
            let dir = Dir::from_index(d as u32);
            t[d][i] = step(step(1 << i, dir), dir);
            i += 1;
        }
        d += 1;
    }
    t
}

/// `NEIGHBOUR[d][i]`: the bit of the square one step from square index `i`
/// in direction `d`, or 0 off the board.
pub static NEIGHBOUR: [[u32; 32]; 4] = neighbour_table();
/// `JUMP_TO[d][i]`: the bit of the square two steps from square index `i` in
/// direction `d` (where a jump lands), or 0 off the board.
pub static JUMP_TO: [[u32; 32]; 4] = jump_table();

/// The 64-square index (a1 = 0, h1 = 7, a8 = 56, h8 = 63) of checkers
/// square `sq` (1–32). Squares outside 1–32 give 255.
///
/// ```
/// use tiers_engine::checkers::square_to_index64;
/// assert_eq!(square_to_index64(1), 57); // b8
/// assert_eq!(square_to_index64(29), 0); // a1
/// assert_eq!(square_to_index64(32), 6); // g1
/// ```
#[must_use]
pub const fn square_to_index64(sq: u8) -> u8 {
    if sq < 1 || sq > 32 {
        return 255;
    }
    let i = sq - 1;
    let row = i / 4; // 0 = rank 8
    let k = i % 4;
    let file = if row & 1 == 0 { 2 * k + 1 } else { 2 * k };
    file + 8 * (7 - row)
}

/// The checkers square (1–32) at 64-square index `i`, or `None` for a light
/// square or an index outside 0–63.
///
/// ```
/// use tiers_engine::checkers::index64_to_square;
/// assert_eq!(index64_to_square(57), Some(1)); // b8
/// assert_eq!(index64_to_square(1), None); // b1 is light
/// ```
#[must_use]
pub const fn index64_to_square(i: u8) -> Option<u8> {
    if i >= 64 {
        return None;
    }
    let file = i % 8;
    let rank = i / 8;
    if (file + rank) & 1 != 0 {
        return None;
    }
    let row = 7 - rank;
    Some(row * 4 + file / 2 + 1)
}

/// The chess-like name of square `sq` (1–32), e.g. `b8` for 1.
#[must_use]
pub fn square_name(sq: u8) -> String {
    let i = square_to_index64(sq);
    if i == 255 {
        return format!("?{sq}");
    }
    let file = (b'a' + i % 8) as char;
    let rank = (b'1' + i / 8) as char;
    format!("{file}{rank}")
}

/// The bitboard pieces of one position, without counters: whose pieces are
/// where, which are kings, and who is to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// Pieces of each colour, indexed by [`Color::index`] (Red 0, Black 1).
    pub pieces: [u32; 2],
    /// Kings of both colours.
    pub kings: u32,
    /// The side to move.
    pub side: Color,
}

impl Board {
    /// The standard start: Black on 1–12, Red on 21–32, Black to move.
    pub const START: Board = Board {
        pieces: [0xFFF0_0000, 0x0000_0FFF],
        kings: 0,
        side: Color::Black,
    };

    /// Every occupied square.
    #[must_use]
    #[inline(always)]
    pub const fn occupied(&self) -> u32 {
        self.pieces[0] | self.pieces[1]
    }

    /// Every empty square.
    #[must_use]
    #[inline(always)]
    pub const fn empty(&self) -> u32 {
        !self.occupied()
    }
}

const fn zobrist_keys() -> ([[[u64; 32]; 2]; 2], u64) {
    let mut keys = [[[0u64; 32]; 2]; 2];
    let mut rng = SplitMix64::new(0x00c4_ec4e);
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 2 {
            let mut i = 0;
            while i < 32 {
                keys[c][k][i] = rng.next_u64();
                i += 1;
            }
            k += 1;
        }
        c += 1;
    }
    let side = rng.next_u64();
    (keys, side)
}

const ZOBRIST: ([[[u64; 32]; 2]; 2], u64) = zobrist_keys();
/// `ZOBRIST_PIECE[colour][0 man, 1 king][square index]`.
pub static ZOBRIST_PIECE: [[[u64; 32]; 2]; 2] = ZOBRIST.0;
/// Added when Black is to move.
pub const ZOBRIST_BLACK_TO_MOVE: u64 = ZOBRIST.1;

impl Board {
    /// The Zobrist hash computed from scratch: every piece plus the side to move.
    #[must_use]
    pub fn zobrist(&self) -> u64 {
        let mut h = if self.side == Color::Black {
            ZOBRIST_BLACK_TO_MOVE
        } else {
            0
        };
        for color in Color::ALL {
            let c = color.index();
            let mut b = self.pieces[c];
            while b != 0 {
                let i = b.trailing_zeros() as usize;
                b &= b - 1;
                let king = usize::from(self.kings & (1 << i) != 0);
                h ^= ZOBRIST_PIECE[c][king][i];
            }
        }
        h
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_mapping_round_trips() {
        for sq in 1..=32u8 {
            let i = square_to_index64(sq);
            assert_eq!(index64_to_square(i), Some(sq));
        }
        let dark = (0..64u8)
            .filter(|&i| index64_to_square(i).is_some())
            .count();
        assert_eq!(dark, 32);
        assert_eq!(square_name(1), "b8");
        assert_eq!(square_name(4), "h8");
        assert_eq!(square_name(5), "a7");
        assert_eq!(square_name(29), "a1");
        assert_eq!(square_name(32), "g1");
        assert_eq!(square_to_index64(0), 255);
        assert_eq!(square_to_index64(33), 255);
    }

    #[test]
    fn steps_match_geometry() {
        // Compare the shift tables with the 64-square geometry.
        for sq in 1..=32u8 {
            let i64 = square_to_index64(sq) as i32;
            let (file, rank) = (i64 % 8, i64 / 8);
            for d in Dir::ALL {
                let (df, dr) = match d {
                    Dir::UpLeft => (-1, 1),
                    Dir::UpRight => (1, 1),
                    Dir::DownLeft => (-1, -1),
                    Dir::DownRight => (1, -1),
                };
                let (f, r) = (file + df, rank + dr);
                let expected = if (0..8).contains(&f) && (0..8).contains(&r) {
                    1u32 << (index64_to_square((f + 8 * r) as u8).unwrap() - 1)
                } else {
                    0
                };
                assert_eq!(step(1 << (sq - 1), d), expected, "square {sq} {d:?}");
                assert_eq!(NEIGHBOUR[d as usize][(sq - 1) as usize], expected);
            }
        }
    }
}
