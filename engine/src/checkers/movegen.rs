//! Move generation: the [`Move`] type, quiet moves, captures with complete
//! multi-jumps, crowning that ends the move, and "one position, one move".
//!
//! Nothing here allocates: moves are pushed into a caller's `Vec` that is
//! cleared and reused, and jump sequences are searched on the stack.

use super::board::{crowning_row, reverse, step, Board, Dir, JUMP_TO, NEIGHBOUR};
use crate::Color;
use core::fmt;

/// The most jumps one move can make: a piece only lands on squares of one
/// quarter of the board, and there are at most 9 squares it can jump over.
pub const MAX_JUMPS: usize = 9;

/// A checkers move: a step, or a capture with every landing square.
///
/// Small and `Copy` (12 bytes). Written `11-15` or `15x24x31` by its
/// [`Display`](fmt::Display) implementation, which is the move's written
/// form ([`crate::Position::move_to_string`]).
///
/// ```
/// use tiers_engine::{checkers, Position};
/// let pos = checkers::Position::start();
/// let mv = pos.parse_move("11-15").unwrap();
/// assert_eq!((mv.from(), mv.to()), (11, 15));
/// assert_eq!(mv.to_string(), "11-15");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// Origin, square index 0–31.
    from: u8,
    /// Destination, square index 0–31.
    to: u8,
    /// Number of jumps; 0 for a step.
    jumps: u8,
    /// The direction of each jump (or of the step), two bits each, first in the low bits.
    dirs: u32,
    /// The squares of the captured pieces.
    captured: u32,
}

impl Move {
    /// A step from square index `from` in direction `d` (no check).
    #[inline(always)]
    const fn step(from: u32, to: u32, d: Dir) -> Move {
        Move {
            from: from as u8,
            to: to as u8,
            jumps: 0,
            dirs: d as u32,
            captured: 0,
        }
    }

    /// The origin square, 1–32.
    #[must_use]
    #[inline]
    pub const fn from(&self) -> u8 {
        self.from + 1
    }

    /// The destination square, 1–32 (for a king that jumps round a loop it
    /// may equal the origin).
    #[must_use]
    #[inline]
    pub const fn to(&self) -> u8 {
        self.to + 1
    }

    /// The origin as a bitboard bit.
    #[must_use]
    #[inline(always)]
    pub const fn from_bit(&self) -> u32 {
        1 << self.from
    }

    /// The destination as a bitboard bit.
    #[must_use]
    #[inline(always)]
    pub const fn to_bit(&self) -> u32 {
        1 << self.to
    }

    /// Whether this move captures.
    #[must_use]
    #[inline(always)]
    pub const fn is_capture(&self) -> bool {
        self.jumps > 0
    }

    /// How many pieces this move captures (its number of jumps).
    #[must_use]
    #[inline]
    pub const fn capture_count(&self) -> u32 {
        self.jumps as u32
    }

    /// The bitboard of the squares whose pieces this move captures.
    #[must_use]
    #[inline(always)]
    pub const fn captured(&self) -> u32 {
        self.captured
    }

    /// The squares (1–32) the piece lands on, in order: the destination for a
    /// step, every landing square for a capture.
    #[must_use]
    pub fn landings(&self) -> Landings {
        let mut squares = [0u8; MAX_JUMPS];
        let n = if self.jumps == 0 {
            squares[0] = self.to + 1;
            1
        } else {
            let mut at = self.from as usize;
            for (j, slot) in squares.iter_mut().enumerate().take(self.jumps as usize) {
                let d = ((self.dirs >> (2 * j)) & 3) as usize;
                at = JUMP_TO[d][at].trailing_zeros() as usize;
                *slot = at as u8 + 1;
            }
            self.jumps as usize
        };
        Landings {
            squares,
            len: n as u8,
            next: 0,
        }
    }

    /// Writes the move text into `buf` and returns its length (at most
    /// 2 + 3 * 9 = 29 bytes).
    fn write_bytes(&self, buf: &mut [u8; 32]) -> usize {
        fn put(n: u8, buf: &mut [u8; 32], len: &mut usize) {
            if n >= 10 {
                buf[*len] = b'0' + n / 10;
                *len += 1;
            }
            buf[*len] = b'0' + n % 10;
            *len += 1;
        }
        let mut len = 0;
        put(self.from + 1, buf, &mut len);
        let sep = if self.jumps == 0 { b'-' } else { b'x' };
        for sq in self.landings() {
            buf[len] = sep;
            len += 1;
            put(sq, buf, &mut len);
        }
        len
    }
}

/// The landing squares of a move, see [`Move::landings`].
#[derive(Clone, Debug)]
pub struct Landings {
    squares: [u8; MAX_JUMPS],
    len: u8,
    next: u8,
}

impl Iterator for Landings {
    type Item = u8;
    fn next(&mut self) -> Option<u8> {
        if self.next < self.len {
            self.next += 1;
            Some(self.squares[self.next as usize - 1])
        } else {
            None
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = (self.len - self.next) as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Landings {}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = [0u8; 32];
        let n = self.write_bytes(&mut buf);
        f.write_str(core::str::from_utf8(&buf[..n]).map_err(|_| fmt::Error)?)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self})")
    }
}

impl Board {
    /// The position after `mv`, which must be legal here. Counters and hash
    /// are the caller's business (see [`crate::Position::play`]).
    #[must_use]
    #[inline(always)]
    pub fn play(&self, mv: &Move) -> Board {
        let us = self.side.index();
        let them = 1 - us;
        let from = mv.from_bit();
        let to = mv.to_bit();
        let mut b = *self;
        b.pieces[us] = (b.pieces[us] & !from) | to;
        b.pieces[them] &= !mv.captured;
        let was_king = self.kings & from != 0;
        b.kings &= !mv.captured;
        if was_king {
            b.kings = (b.kings & !from) | to;
        } else if to & crowning_row(self.side) != 0 {
            b.kings |= to;
        }
        b.side = self.side.opposite();
        b
    }

    /// The pieces of the side to move that can capture now (a capture is
    /// then compulsory).
    #[must_use]
    #[inline]
    pub fn capturers(&self) -> u32 {
        let us = self.side.index();
        let me = self.pieces[us];
        let opp = self.pieces[1 - us];
        let empty = !(me | opp);
        let kings = me & self.kings;
        let fw = Dir::forward(self.side);
        let mut jumpers = 0;
        for d in Dir::ALL {
            let movers = if d as u8 == fw[0] as u8 || d as u8 == fw[1] as u8 {
                me
            } else {
                kings
            };
            let r = reverse(d);
            jumpers |= step(step(empty, r) & opp, r) & movers;
        }
        jumpers
    }

    /// Appends every legal move (captures only if there is one; each
    /// resulting position once) to `out`.
    #[inline]
    pub fn generate(&self, out: &mut Vec<Move>) {
        let jumpers = self.capturers();
        if jumpers != 0 {
            self.generate_captures(jumpers, out);
        } else {
            self.generate_steps(out);
        }
    }

    /// The number of legal moves, counting quiet moves without listing them.
    /// `scratch` is used (and cleared) when the position has captures.
    #[inline]
    pub fn count_moves(&self, scratch: &mut Vec<Move>) -> u64 {
        let jumpers = self.capturers();
        if jumpers != 0 {
            scratch.clear();
            self.generate_captures(jumpers, scratch);
            return scratch.len() as u64;
        }
        let us = self.side.index();
        let me = self.pieces[us];
        let empty = self.empty();
        let kings = me & self.kings;
        let [f0, f1] = Dir::forward(self.side);
        let [b0, b1] = Dir::forward(self.side.opposite());
        u64::from(
            (step(me, f0) & empty).count_ones()
                + (step(me, f1) & empty).count_ones()
                + (step(kings, b0) & empty).count_ones()
                + (step(kings, b1) & empty).count_ones(),
        )
    }

    #[inline]
    fn generate_steps(&self, out: &mut Vec<Move>) {
        let us = self.side.index();
        let me = self.pieces[us];
        let empty = self.empty();
        let kings = me & self.kings;
        let fw = Dir::forward(self.side);
        let bw = Dir::forward(self.side.opposite());
        for (d, movers) in [(fw[0], me), (fw[1], me), (bw[0], kings), (bw[1], kings)] {
            let mut targets = step(movers, d) & empty;
            let back = reverse(d) as usize;
            while targets != 0 {
                let to = targets.trailing_zeros();
                targets &= targets - 1;
                let from = NEIGHBOUR[back][to as usize].trailing_zeros();
                out.push(Move::step(from, to, d));
            }
        }
    }

    /// Every capture sequence, without merging those that lead to the same
    /// position (the move reader matches text against all of them).
    pub(crate) fn capture_paths(&self, out: &mut Vec<Move>) {
        self.captures_with(self.capturers(), false, out);
    }

    #[inline]
    fn generate_captures(&self, jumpers: u32, out: &mut Vec<Move>) {
        self.captures_with(jumpers, true, out);
    }

    fn captures_with(&self, mut jumpers: u32, dedup: bool, out: &mut Vec<Move>) {
        let us = self.side.index();
        let opp = self.pieces[1 - us];
        while jumpers != 0 {
            let from = jumpers.trailing_zeros();
            jumpers &= jumpers - 1;
            let from_bit = 1u32 << from;
            // The jumping piece leaves its square; captured pieces stay on
            // the board until the move ends (they cannot be jumped twice and
            // cannot be landed on, which a non-flying piece never could anyway).
            let empty = self.empty() | from_bit;
            if self.kings & from_bit != 0 {
                let mut ctx = KingJumps {
                    from: from as u8,
                    empty,
                    start: out.len(),
                    dedup,
                    out,
                };
                ctx.search(from as usize, opp, 0, 0, 0);
            } else {
                let ctx = ManJumps {
                    from: from as u8,
                    empty,
                    forward: Dir::forward(self.side),
                    crown: crowning_row(self.side),
                };
                ctx.search(from as usize, opp, 0, 0, 0, out);
            }
        }
    }
}

struct ManJumps {
    from: u8,
    empty: u32,
    forward: [Dir; 2],
    crown: u32,
}

impl ManJumps {
    fn search(&self, at: usize, opp: u32, captured: u32, dirs: u32, n: u32, out: &mut Vec<Move>) {
        let mut extended = false;
        // A man that reaches the far row is crowned and its move ends.
        if n == 0 || (1u32 << at) & self.crown == 0 {
            for d in self.forward {
                let mid = NEIGHBOUR[d as usize][at];
                let land = JUMP_TO[d as usize][at];
                if mid & opp != 0 && land & self.empty != 0 {
                    extended = true;
                    self.search(
                        land.trailing_zeros() as usize,
                        opp & !mid,
                        captured | mid,
                        dirs | (d as u32) << (2 * n),
                        n + 1,
                        out,
                    );
                }
            }
        }
        if !extended && n > 0 {
            out.push(Move {
                from: self.from,
                to: at as u8,
                jumps: n as u8,
                dirs,
                captured,
            });
        }
    }
}

struct KingJumps<'a> {
    from: u8,
    empty: u32,
    /// Where this king's moves start in `out` (for removing duplicates).
    start: usize,
    /// Whether to merge sequences that lead to the same position.
    dedup: bool,
    out: &'a mut Vec<Move>,
}

impl KingJumps<'_> {
    fn search(&mut self, at: usize, opp: u32, captured: u32, dirs: u32, n: u32) {
        let mut extended = false;
        for d in Dir::ALL {
            let mid = NEIGHBOUR[d as usize][at];
            let land = JUMP_TO[d as usize][at];
            if mid & opp != 0 && land & self.empty != 0 {
                extended = true;
                self.search(
                    land.trailing_zeros() as usize,
                    opp & !mid,
                    captured | mid,
                    dirs | (d as u32) << (2 * n),
                    n + 1,
                );
            }
        }
        if !extended && n > 0 {
            let mv = Move {
                from: self.from,
                to: at as u8,
                jumps: n as u8,
                dirs,
                captured,
            };
            if self.dedup {
                push_unique(self.out, self.start, mv);
            } else {
                self.out.push(mv);
            }
        }
    }
}

/// Pushes `mv` unless a move in `out[start..]` leads to the same position
/// (same origin, destination and captured pieces); of two such moves the
/// one whose text comes first alphabetically is kept (both have the same
/// number of landing squares, since they capture the same pieces).
#[inline]
fn push_unique(out: &mut Vec<Move>, start: usize, mv: Move) {
    for other in &mut out[start..] {
        if other.to == mv.to && other.captured == mv.captured {
            if text_less(&mv, other) {
                *other = mv;
            }
            return;
        }
    }
    out.push(mv);
}

fn text_less(a: &Move, b: &Move) -> bool {
    let (mut ba, mut bb) = ([0u8; 32], [0u8; 32]);
    let na = a.write_bytes(&mut ba);
    let nb = b.write_bytes(&mut bb);
    ba[..na] < bb[..nb]
}

/// Every bit of `b`, as square indices 0–31, lowest first.
pub fn bits(mut b: u32) -> impl Iterator<Item = u32> {
    core::iter::from_fn(move || {
        if b == 0 {
            None
        } else {
            let i = b.trailing_zeros();
            b &= b - 1;
            Some(i)
        }
    })
}

/// Leaf count `depth` plies below `board`, with bulk counting at the last
/// ply: the fast, checkers-only perft (see [`crate::perft::perft`] for the
/// generic one, which must agree).
///
/// Quiet moves are played straight from the step bitboards, without
/// building [`Move`]s; the last ply counts quiet moves by population count
/// and men's captures by a counting search (kings' captures are generated,
/// to merge those that take the same pieces along two paths).
///
/// ```
/// use tiers_engine::checkers::{perft, Board};
/// assert_eq!(perft(&Board::START, 4), 1469);
/// ```
#[must_use]
pub fn perft(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut buffers: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(64)).collect();
    match board.side {
        Color::Red => perft_rec::<RedSide>(board, depth, &mut buffers),
        Color::Black => perft_rec::<BlackSide>(board, depth, &mut buffers),
    }
}

/// The side to move as a type, so that the fast perft's directions and
/// masks are constants (the shifts then compile to a few instructions).
trait Side {
    /// The other side.
    type Other: Side;
    /// Index into `Board::pieces`.
    const US: usize;
    /// The two forward directions (men and kings).
    const F: [Dir; 2];
    /// The two backward directions (kings only).
    const B: [Dir; 2];
    /// Where men are crowned.
    const CROWN: u32;
}

struct RedSide;
struct BlackSide;

impl Side for RedSide {
    type Other = BlackSide;
    const US: usize = 0;
    const F: [Dir; 2] = [Dir::UpLeft, Dir::UpRight];
    const B: [Dir; 2] = [Dir::DownLeft, Dir::DownRight];
    const CROWN: u32 = super::board::ROW_8;
}

impl Side for BlackSide {
    type Other = RedSide;
    const US: usize = 1;
    const F: [Dir; 2] = [Dir::DownLeft, Dir::DownRight];
    const B: [Dir; 2] = [Dir::UpLeft, Dir::UpRight];
    const CROWN: u32 = super::board::ROW_1;
}

/// The squares from which a jump in direction `d` over `opp` lands on `empty`.
#[inline(always)]
const fn can_jump(d: Dir, opp: u32, empty: u32) -> u32 {
    let r = reverse(d);
    step(step(empty, r) & opp, r)
}

/// The position after the quiet move `from` → `to` (bits) of side `S`.
#[inline(always)]
fn quiet_child<S: Side>(board: &Board, from: u32, to: u32) -> Board {
    let mut b = *board;
    b.pieces[S::US] ^= from | to;
    if board.kings & from != 0 {
        b.kings ^= from | to;
    } else {
        b.kings |= to & S::CROWN;
    }
    b.side = board.side.opposite();
    b
}

fn perft_rec<S: Side>(board: &Board, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
    let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
    if depth == 1 {
        return count_leaves::<S>(board, moves);
    }
    let me = board.pieces[S::US];
    let opp = board.pieces[1 - S::US];
    let empty = !(me | opp);
    let kings = me & board.kings;
    let jumpers = (me & (can_jump(S::F[0], opp, empty) | can_jump(S::F[1], opp, empty)))
        | (kings & (can_jump(S::B[0], opp, empty) | can_jump(S::B[1], opp, empty)));
    if jumpers != 0 {
        moves.clear();
        board.generate_captures(jumpers, moves);
        let mut total = 0;
        for mv in moves.iter() {
            total += perft_rec::<S::Other>(&board.play(mv), depth - 1, rest);
        }
        return total;
    }
    let mut total = 0;
    for (d, movers) in [
        (S::F[0], me),
        (S::F[1], me),
        (S::B[0], kings),
        (S::B[1], kings),
    ] {
        let mut targets = step(movers, d) & empty;
        while targets != 0 {
            let to = targets & targets.wrapping_neg();
            targets &= targets - 1;
            let from = step(to, reverse(d));
            if depth == 2 {
                // The child's pieces as plain numbers: no board copy.
                let moved = from | to;
                let child_kings = if board.kings & from != 0 {
                    board.kings ^ moved
                } else {
                    board.kings | (to & S::CROWN)
                };
                total += count_leaves_of::<S::Other>(opp, me ^ moved, child_kings, moves, || {
                    quiet_child::<S>(board, from, to)
                });
            } else {
                total += perft_rec::<S::Other>(&quiet_child::<S>(board, from, to), depth - 1, rest);
            }
        }
    }
    total
}

/// The number of legal moves of `board`, side `S` to move (bulk counting);
/// `scratch` holds kings' captures while they are merged.
#[inline(always)]
fn count_leaves<S: Side>(board: &Board, scratch: &mut Vec<Move>) -> u64 {
    count_leaves_of::<S>(
        board.pieces[S::US],
        board.pieces[1 - S::US],
        board.kings,
        scratch,
        || *board,
    )
}

/// [`count_leaves`] from the pieces of the side to move (`me`), the other
/// side's (`opp`) and all kings; `board` builds the position only when a
/// king can capture (rare), to merge its captures.
#[inline(always)]
fn count_leaves_of<S: Side>(
    me: u32,
    opp: u32,
    all_kings: u32,
    scratch: &mut Vec<Move>,
    board: impl FnOnce() -> Board,
) -> u64 {
    let empty = !(me | opp);
    let kings = me & all_kings;
    let men = me & !all_kings;
    let fw0 = can_jump(S::F[0], opp, empty);
    let fw1 = can_jump(S::F[1], opp, empty);
    let men_jumpers = men & (fw0 | fw1);
    let king_jumpers =
        kings & (fw0 | fw1 | can_jump(S::B[0], opp, empty) | can_jump(S::B[1], opp, empty));
    if men_jumpers | king_jumpers == 0 {
        return u64::from(
            (step(me, S::F[0]) & empty).count_ones()
                + (step(me, S::F[1]) & empty).count_ones()
                + (step(kings, S::B[0]) & empty).count_ones()
                + (step(kings, S::B[1]) & empty).count_ones(),
        );
    }
    let mut total = 0;
    if men_jumpers != 0 {
        // Single jumps that cannot go on are counted by population count:
        // a landing square from which no man could jump on, even with every
        // jumper's square empty and every enemy still there, ends its move.
        let roomy = empty | men_jumpers;
        let may_go_on = (can_jump(S::F[0], opp, roomy) | can_jump(S::F[1], opp, roomy)) & !S::CROWN;
        for (d, jumping) in [(S::F[0], men & fw0), (S::F[1], men & fw1)] {
            let landings = step(step(jumping, d), d);
            total += u64::from((landings & !may_go_on).count_ones());
            let mut longer = landings & may_go_on;
            while longer != 0 {
                let land = longer & longer.wrapping_neg();
                longer &= longer - 1;
                let mid = step(land, reverse(d));
                let from = step(mid, reverse(d));
                total += count_man_jumps(
                    land.trailing_zeros() as usize,
                    opp & !mid,
                    empty | from,
                    S::F,
                    S::CROWN,
                    false,
                );
            }
        }
    }
    if king_jumpers != 0 {
        scratch.clear();
        board().captures_with(king_jumpers, true, scratch);
        total += scratch.len() as u64;
    }
    total
}

/// The number of complete jump sequences of a man on `at` (first jump not
/// yet made when `first`).
fn count_man_jumps(at: usize, opp: u32, empty: u32, fw: [Dir; 2], crown: u32, first: bool) -> u64 {
    if !first && (1u32 << at) & crown != 0 {
        return 1;
    }
    let mut n = 0;
    for d in fw {
        let mid = NEIGHBOUR[d as usize][at];
        let land = JUMP_TO[d as usize][at];
        if mid & opp != 0 && land & empty != 0 {
            n += count_man_jumps(
                land.trailing_zeros() as usize,
                opp & !mid,
                empty,
                fw,
                crown,
                false,
            );
        }
    }
    if n == 0 && !first {
        1
    } else {
        n
    }
}
