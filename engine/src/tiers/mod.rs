//! Tiers (RULES.md §2): 64-square bitboards, move generation, TFEN, notation and formations.
//!
//! ```
//! use tiers_engine::{tiers, Position, PieceKind, Color};
//! let pos = tiers::Position::start();
//! assert_eq!(pos.side_to_move(), Color::Red);
//! assert_eq!(pos.pieces(Color::Red, PieceKind::Man).count_ones(), 12);
//! let mut moves = Vec::new();
//! pos.legal_moves(&mut moves);
//! let after = pos.play(&pos.parse_move("e3-e4").unwrap());
//! assert_eq!(after.to_text(), "1m1m1m1m/m1m1m1m1/1m1m1m1m/8/4M3/M1M3M1/1M1M1M1M/M1M1M1M1 b 1 1");
//! ```

pub mod board;
pub mod formation;
pub mod movegen;
pub mod notation;
pub mod record;
mod setup;
pub mod tfen;

pub use board::{Bitboard, Board};
pub use formation::{Formation, FormationError, Preset};
pub use movegen::{Action, ActionKind, Move};
pub use notation::MoveError;
pub use setup::{Setup, SetupError, MAX_PIECES};
pub use tfen::ParseTfenError;

use crate::{BoardView, Color, GameKind, PieceKind, PieceView};
use board::{kind_index, zobrist};

/// The default start position (default formations, Red to move).
pub const START_TFEN: &str = "1m1m1m1m/m1m1m1m1/1m1m1m1m/8/8/M1M1M1M1/1M1M1M1M/M1M1M1M1 r 0 1";

/// A Tiers position: the board, the side to move and the two counters.
///
/// Two positions are equal (`==`, and hash alike) when their pieces, what
/// the pieces carry and the side to move are equal, whatever their
/// counters: that is "the same position" of the threefold-repetition rule.
#[derive(Clone, Copy, Debug)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) side: Color,
    pub(crate) plies_since_capture: u32,
    pub(crate) move_number: u32,
}

impl Position {
    /// A position from a board, side to move and counters, taken as they
    /// are: for anything read or edited, use [`Position::from_setup`],
    /// which checks the arrangement.
    #[must_use]
    pub const fn from_board(
        board: Board,
        side: Color,
        plies_since_capture: u32,
        move_number: u32,
    ) -> Position {
        Position {
            board,
            side,
            plies_since_capture,
            move_number,
        }
    }

    /// The board.
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The squares of `c`'s pieces of kind `k` (bit `file + 8 * rank`).
    #[inline]
    #[must_use]
    pub const fn pieces(&self, c: Color, k: PieceKind) -> u64 {
        self.board.pieces[c.index()][kind_index(k)]
    }

    /// The squares of all of `c`'s pieces.
    #[inline]
    #[must_use]
    pub fn color_occupied(&self, c: Color) -> u64 {
        self.board.color_occ(c)
    }

    /// All occupied squares.
    #[inline]
    #[must_use]
    pub fn occupied(&self) -> u64 {
        self.board.occupied()
    }

    /// What the carrier on `sq` carries, if anything.
    #[inline]
    #[must_use]
    pub fn carried(&self, sq: u8) -> Option<PieceKind> {
        if sq >= 64 {
            return None;
        }
        self.board.carried_at(sq)
    }

    /// The piece on `sq` (with what it carries).
    #[inline]
    #[must_use]
    pub fn piece_at(&self, sq: u8) -> Option<PieceView> {
        if sq >= 64 {
            return None;
        }
        self.board.view(sq)
    }

    /// Whether the side to move has a capture (so its move must capture).
    #[must_use]
    pub fn has_capture(&self) -> bool {
        movegen::side_has_capture(&movegen::Ctx::new(&self.board, self.side))
    }

    /// The Zobrist hash computed from scratch (equals [`crate::Position::zobrist`]).
    #[must_use]
    pub fn compute_zobrist(&self) -> u64 {
        self.board.compute_hash() ^ side_key(self.side)
    }

    /// The same board with the other side to move (counters kept).
    #[must_use]
    pub fn with_side(mut self, side: Color) -> Position {
        self.side = side;
        self
    }
}

#[inline]
fn side_key(side: Color) -> u64 {
    match side {
        Color::Red => 0,
        Color::Black => zobrist().black_to_move,
    }
}

impl crate::Position for Position {
    type Move = Move;
    type ParseError = ParseTfenError;
    type MoveError = MoveError;

    const KIND: GameKind = GameKind::Tiers;

    fn start() -> Self {
        Position::from_formations(
            &Formation::default_for(Color::Red),
            &Formation::default_for(Color::Black),
        )
    }

    fn parse(text: &str) -> Result<Self, Self::ParseError> {
        Position::from_tfen(text)
    }

    fn to_text(&self) -> String {
        self.to_tfen()
    }

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.generate(out);
    }

    fn play(&self, mv: &Move) -> Self {
        self.apply(mv)
    }

    fn is_capture(&self, mv: &Move) -> bool {
        mv.is_capture()
    }

    fn plies_since_capture(&self) -> u32 {
        self.plies_since_capture
    }

    fn move_number(&self) -> u32 {
        self.move_number
    }

    fn zobrist(&self) -> u64 {
        self.board.hash ^ side_key(self.side)
    }

    fn piece_count(&self, color: Color) -> u32 {
        self.board.color_occ(color).count_ones()
    }

    fn move_to_string(&self, mv: &Move) -> String {
        self.move_text(mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        self.read_move(text)
    }

    fn move_squares(&self, mv: &Move) -> Vec<u8> {
        self.click_squares(mv)
    }

    fn captured_squares(&self, mv: &Move) -> Vec<u8> {
        movegen::squares(mv.captured()).collect()
    }

    fn board_view(&self) -> BoardView {
        core::array::from_fn(|sq| self.board.view(sq as u8))
    }
}

impl PartialEq for Position {
    fn eq(&self, other: &Self) -> bool {
        self.board == other.board && self.side == other.side
    }
}

impl Eq for Position {}

impl core::hash::Hash for Position {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(crate::Position::zobrist(self));
    }
}

impl Default for Position {
    fn default() -> Self {
        <Position as crate::Position>::start()
    }
}
