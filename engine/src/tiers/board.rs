//! The Tiers board: one 64-square bitboard per colour and tier, plus what
//! each carrier (ultra or double ultra king) carries, and an incremental
//! Zobrist hash.
//!
//! Squares are numbered `file + 8 * rank` (a1 = 0, h1 = 7, a8 = 56, h8 = 63).

use crate::{Color, PieceKind, PieceView};
use tiers_rng::SplitMix64;

/// A set of squares: bit `file + 8 * rank`.
pub type Bitboard = u64;

/// Rank 1 (Red's home row, Black's far row).
pub const RANK_1: Bitboard = 0xFF;
/// Rank 8 (Black's home row, Red's far row).
pub const RANK_8: Bitboard = 0xFF << 56;

/// The kinds that can be carried (tiers 1–4), in bitboard index order.
pub const CARRIABLE: [PieceKind; 4] = [
    PieceKind::Man,
    PieceKind::King,
    PieceKind::Triple,
    PieceKind::Quad,
];

/// The eight directions as (file step, rank step): N, NE, E, SE, S, SW, W, NW.
pub const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// No square (off the board).
pub const NONE: u8 = 64;

const fn build_neighbours() -> [[u8; 8]; 64] {
    let mut table = [[NONE; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let file = (sq % 8) as i8;
        let rank = (sq / 8) as i8;
        let mut d = 0;
        while d < 8 {
            let f = file + DIRECTIONS[d].0;
            let r = rank + DIRECTIONS[d].1;
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                table[sq][d] = (f + 8 * r) as u8;
            }
            d += 1;
        }
        sq += 1;
    }
    table
}

/// `NEIGHBOUR[sq][dir]`: the adjacent square in direction `dir` (index into
/// [`DIRECTIONS`]), or [`NONE`].
pub static NEIGHBOUR: [[u8; 8]; 64] = build_neighbours();

const fn build_adjacent() -> [u64; 64] {
    let n = build_neighbours();
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            if n[sq][d] != NONE {
                table[sq] |= 1u64 << n[sq][d];
            }
            d += 1;
        }
        sq += 1;
    }
    table
}

/// `ADJACENT[sq]`: the (up to eight) squares adjacent to `sq`.
pub static ADJACENT: [u64; 64] = build_adjacent();

/// The forward directions of a man of `color` (indices into [`DIRECTIONS`]).
#[must_use]
pub const fn forward_dirs(color: Color) -> [usize; 3] {
    match color {
        Color::Red => [7, 0, 1],
        Color::Black => [5, 4, 3],
    }
}

/// The home row (own back rank) of `color`.
#[must_use]
pub const fn home_row(color: Color) -> Bitboard {
    match color {
        Color::Red => RANK_1,
        Color::Black => RANK_8,
    }
}

/// The far row (the opponent's back rank) of `color`.
#[must_use]
pub const fn far_row(color: Color) -> Bitboard {
    home_row(color.opposite())
}

/// The row on which a piece of this kind and colour is upgraded when its
/// move ends there (empty for ultra kings, which are not upgraded).
#[must_use]
pub const fn target_row(color: Color, kind: PieceKind) -> Bitboard {
    match kind {
        PieceKind::Man | PieceKind::Triple => far_row(color),
        PieceKind::King | PieceKind::Quad => home_row(color),
        PieceKind::Ultra | PieceKind::DoubleUltra => 0,
    }
}

/// The kind one tier up (men to kings, …, quad kings to ultra kings).
#[must_use]
pub const fn upgraded(kind: PieceKind) -> PieceKind {
    match kind {
        PieceKind::Man => PieceKind::King,
        PieceKind::King => PieceKind::Triple,
        PieceKind::Triple => PieceKind::Quad,
        PieceKind::Quad | PieceKind::Ultra => PieceKind::Ultra,
        PieceKind::DoubleUltra => PieceKind::DoubleUltra,
    }
}

/// `kind` after a move (or drop) that ends on `sq`: one tier up if `sq` is
/// on its target row.
#[must_use]
pub const fn after_landing(color: Color, kind: PieceKind, sq: u8) -> PieceKind {
    if target_row(color, kind) & (1u64 << sq) != 0 {
        upgraded(kind)
    } else {
        kind
    }
}

/// The name of a square, `a1` … `h8`.
#[must_use]
pub fn square_name(sq: u8) -> [u8; 2] {
    [b'a' + sq % 8, b'1' + sq / 8]
}

/// Appends the name of `sq` to `out`.
pub fn push_square(out: &mut String, sq: u8) {
    let [f, r] = square_name(sq);
    out.push(f as char);
    out.push(r as char);
}

/// The name of `sq` as a `String`.
#[must_use]
pub fn square_string(sq: u8) -> String {
    let mut s = String::with_capacity(2);
    push_square(&mut s, sq);
    s
}

/// Reads a square name like `e4`.
#[must_use]
pub fn parse_square(text: &str) -> Option<u8> {
    let b = text.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let f = b[0].to_ascii_lowercase();
    let r = b[1];
    if (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r) {
        Some((f - b'a') + 8 * (r - b'1'))
    } else {
        None
    }
}

/// The index of a kind in the per-kind arrays.
#[must_use]
pub const fn kind_index(kind: PieceKind) -> usize {
    kind as usize
}

/// The Zobrist keys: pieces by colour, kind and square; carried pieces by
/// colour, kind and square; the side to move.
pub struct ZobristKeys {
    /// `[colour][kind][square]`.
    pub piece: [[[u64; 64]; 6]; 2],
    /// `[colour][carried kind (tier 1–4)][carrier square]`.
    pub carried: [[[u64; 64]; 4]; 2],
    /// Xored in when Black is to move.
    pub black_to_move: u64,
}

const fn build_keys() -> ZobristKeys {
    let mut keys = ZobristKeys {
        piece: [[[0; 64]; 6]; 2],
        carried: [[[0; 64]; 4]; 2],
        black_to_move: 0,
    };
    let mut rng = SplitMix64::new(0x7469_6572_735F_7A6F); // "tiers_zo"
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 6 {
            let mut sq = 0;
            while sq < 64 {
                keys.piece[c][k][sq] = rng.next_u64();
                sq += 1;
            }
            k += 1;
        }
        let mut k = 0;
        while k < 4 {
            let mut sq = 0;
            while sq < 64 {
                keys.carried[c][k][sq] = rng.next_u64();
                sq += 1;
            }
            k += 1;
        }
        c += 1;
    }
    keys.black_to_move = rng.next_u64();
    keys
}

/// The engine's Zobrist keys (fixed), computed on first use rather than at
/// compile time: 10 KB of random numbers do not compress, and the web
/// page's download is counted gzipped.
static ZOBRIST: std::sync::OnceLock<ZobristKeys> = std::sync::OnceLock::new();

/// The Zobrist keys.
#[inline]
pub fn zobrist() -> &'static ZobristKeys {
    ZOBRIST.get_or_init(build_keys)
}

/// The pieces on a Tiers board: a bitboard per colour and kind, a bitboard
/// per carried kind (the carrier's square; the carried piece has the
/// carrier's colour), and the Zobrist hash of all that.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Board {
    /// `[colour][kind]`: the squares holding that piece.
    pub pieces: [[Bitboard; 6]; 2],
    /// `[carried kind]`: squares of carriers that carry a piece of that kind.
    pub carried: [Bitboard; 4],
    /// Zobrist hash of the pieces and carried pieces (not the side).
    pub hash: u64,
}

impl Board {
    /// An empty board.
    #[must_use]
    pub const fn empty() -> Board {
        Board {
            pieces: [[0; 6]; 2],
            carried: [0; 4],
            hash: 0,
        }
    }

    /// All squares holding a piece of `color`.
    #[inline]
    #[must_use]
    pub fn color_occ(&self, color: Color) -> Bitboard {
        let p = &self.pieces[color.index()];
        p[0] | p[1] | p[2] | p[3] | p[4] | p[5]
    }

    /// All occupied squares.
    #[inline]
    #[must_use]
    pub fn occupied(&self) -> Bitboard {
        self.color_occ(Color::Red) | self.color_occ(Color::Black)
    }

    /// All squares of carriers that carry something.
    #[inline]
    #[must_use]
    pub fn carriers(&self) -> Bitboard {
        self.carried[0] | self.carried[1] | self.carried[2] | self.carried[3]
    }

    /// The colour and kind of the piece on `sq`.
    #[must_use]
    pub fn at(&self, sq: u8) -> Option<(Color, PieceKind)> {
        let bit = 1u64 << sq;
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                if self.pieces[color.index()][kind_index(kind)] & bit != 0 {
                    return Some((color, kind));
                }
            }
        }
        None
    }

    /// The kind of the piece `color` has on `sq`, if any.
    #[inline]
    #[must_use]
    pub fn kind_of(&self, color: Color, sq: u8) -> Option<PieceKind> {
        let bit = 1u64 << sq;
        let p = &self.pieces[color.index()];
        PieceKind::ALL
            .into_iter()
            .find(|&kind| p[kind_index(kind)] & bit != 0)
    }

    /// What the carrier on `sq` carries.
    #[inline]
    #[must_use]
    pub fn carried_at(&self, sq: u8) -> Option<PieceKind> {
        let bit = 1u64 << sq;
        (0..4)
            .find(|&k| self.carried[k] & bit != 0)
            .map(|k| CARRIABLE[k])
    }

    /// The piece on `sq` as the board component draws it.
    #[must_use]
    pub fn view(&self, sq: u8) -> Option<PieceView> {
        self.at(sq).map(|(color, kind)| PieceView {
            color,
            kind,
            carried: self.carried_at(sq),
        })
    }

    /// Puts a piece on the empty square `sq`.
    #[inline]
    pub fn put(&mut self, color: Color, kind: PieceKind, sq: u8) {
        self.pieces[color.index()][kind_index(kind)] |= 1u64 << sq;
        self.hash ^= zobrist().piece[color.index()][kind_index(kind)][sq as usize];
    }

    /// Removes the piece `color`/`kind` from `sq` (not what it carries).
    #[inline]
    pub fn take(&mut self, color: Color, kind: PieceKind, sq: u8) {
        self.pieces[color.index()][kind_index(kind)] &= !(1u64 << sq);
        self.hash ^= zobrist().piece[color.index()][kind_index(kind)][sq as usize];
    }

    /// Marks the carrier of `color` on `sq` as carrying `kind` (tier 1–4).
    #[inline]
    pub fn set_carried(&mut self, color: Color, kind: PieceKind, sq: u8) {
        let k = kind_index(kind);
        debug_assert!(k < 4);
        self.carried[k] |= 1u64 << sq;
        self.hash ^= zobrist().carried[color.index()][k][sq as usize];
    }

    /// Removes the carried piece of the `color` carrier on `sq`; returns it.
    #[inline]
    pub fn take_carried(&mut self, color: Color, sq: u8) -> Option<PieceKind> {
        let kind = self.carried_at(sq)?;
        let k = kind_index(kind);
        self.carried[k] &= !(1u64 << sq);
        self.hash ^= zobrist().carried[color.index()][k][sq as usize];
        Some(kind)
    }

    /// Removes whatever stands on `sq` (a whole stack), if anything.
    #[inline]
    pub fn clear_square(&mut self, sq: u8) {
        if let Some((color, kind)) = self.at(sq) {
            self.take_carried(color, sq);
            self.take(color, kind, sq);
        }
    }

    /// Moves a whole stack of `color` from `from` to the empty square `to`.
    #[inline]
    pub fn move_stack(&mut self, color: Color, kind: PieceKind, from: u8, to: u8) {
        let carried = self.take_carried(color, from);
        self.take(color, kind, from);
        self.put(color, kind, to);
        if let Some(c) = carried {
            self.set_carried(color, c, to);
        }
    }

    /// The Zobrist hash computed from scratch (equals `hash` when consistent).
    #[must_use]
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                let mut bb = self.pieces[color.index()][kind_index(kind)];
                while bb != 0 {
                    let sq = bb.trailing_zeros() as usize;
                    bb &= bb - 1;
                    h ^= zobrist().piece[color.index()][kind_index(kind)][sq];
                }
            }
            let own = self.color_occ(color);
            for k in 0..4 {
                let mut bb = self.carried[k] & own;
                while bb != 0 {
                    let sq = bb.trailing_zeros() as usize;
                    bb &= bb - 1;
                    h ^= zobrist().carried[color.index()][k][sq];
                }
            }
        }
        h
    }
}
