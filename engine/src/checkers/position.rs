//! The playable checkers [`Position`]: a [`Board`] with counters and an
//! incrementally updated Zobrist hash, implementing [`crate::Position`].

use super::board::{
    index64_to_square, square_to_index64, Board, ZOBRIST_BLACK_TO_MOVE, ZOBRIST_PIECE,
};
use super::fen::{self, ParseFenError};
use super::movegen::{bits, Move};
use super::notation::{self, MoveError};
use super::setup::{Setup, SetupError};
use crate::{BoardView, Color, GameKind, PieceKind, PieceView};
use core::hash::{Hash, Hasher};

/// A checkers position: pieces, side to move, counters.
///
/// Two positions are equal (`==`, and hash alike) when their pieces and side
/// to move are equal, whatever their counters: that is "the same position"
/// of the threefold-repetition rule.
///
/// ```
/// use tiers_engine::{checkers, Color, Position};
/// let pos = checkers::Position::start();
/// assert_eq!(pos.side_to_move(), Color::Black);
/// assert_eq!(pos.men(Color::Black), 0x0000_0FFF); // squares 1-12
/// assert_eq!(pos.to_text(), "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Position {
    board: Board,
    plies_since_capture: u32,
    move_number: u32,
    hash: u64,
}

impl PartialEq for Position {
    fn eq(&self, other: &Self) -> bool {
        self.board == other.board
    }
}

impl Eq for Position {}

impl Hash for Position {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

impl Default for Position {
    fn default() -> Self {
        <Self as crate::Position>::start()
    }
}

impl Position {
    /// A position from bitboards (bit `i` = square `i + 1`), with counters
    /// at their start values.
    ///
    /// ```
    /// use tiers_engine::{checkers::Position, Color};
    /// let pos = Position::from_parts(Color::Red, 1 << 21, 0, 0, 1 << 0).unwrap();
    /// assert_eq!(pos.kings(Color::Black), 1);
    /// ```
    pub fn from_parts(
        side: Color,
        red_men: u32,
        red_kings: u32,
        black_men: u32,
        black_kings: u32,
    ) -> Result<Position, SetupError> {
        Position::from_setup(&Setup {
            red_men,
            red_kings,
            black_men,
            black_kings,
            ..Setup::empty(side)
        })
    }

    /// Validates a [`Setup`] into a playable position.
    pub fn from_setup(setup: &Setup) -> Result<Position, SetupError> {
        setup.validate()?;
        let board = Board {
            pieces: [
                setup.red_men | setup.red_kings,
                setup.black_men | setup.black_kings,
            ],
            kings: setup.red_kings | setup.black_kings,
            side: setup.side,
        };
        Ok(Position {
            board,
            plies_since_capture: setup.plies_since_capture,
            move_number: setup.move_number,
            hash: board.zobrist(),
        })
    }

    /// The arrangement of this position, for editing.
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        Setup {
            red_men: self.men(Color::Red),
            red_kings: self.kings(Color::Red),
            black_men: self.men(Color::Black),
            black_kings: self.kings(Color::Black),
            side: self.board.side,
            plies_since_capture: self.plies_since_capture,
            move_number: self.move_number,
        }
    }

    /// The same pieces with other counters.
    #[must_use]
    pub fn with_counters(mut self, plies_since_capture: u32, move_number: u32) -> Position {
        self.plies_since_capture = plies_since_capture;
        self.move_number = move_number.max(1);
        self
    }

    /// The bitboards.
    #[must_use]
    #[inline]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The men of `c` (bit `i` = square `i + 1`).
    #[must_use]
    #[inline]
    pub const fn men(&self, c: Color) -> u32 {
        self.board.pieces[c.index()] & !self.board.kings
    }

    /// The kings of `c` (bit `i` = square `i + 1`).
    #[must_use]
    #[inline]
    pub const fn kings(&self, c: Color) -> u32 {
        self.board.pieces[c.index()] & self.board.kings
    }

    /// All pieces of `c` (bit `i` = square `i + 1`).
    #[must_use]
    #[inline]
    pub const fn pieces(&self, c: Color) -> u32 {
        self.board.pieces[c.index()]
    }

    /// Every occupied square (bit `i` = square `i + 1`).
    #[must_use]
    #[inline]
    pub const fn occupied(&self) -> u32 {
        self.board.occupied()
    }

    /// The piece on `square` (1–32), if any.
    #[must_use]
    pub fn piece_at(&self, square: u8) -> Option<(Color, PieceKind)> {
        if !(1..=32).contains(&square) {
            return None;
        }
        let bit = 1u32 << (square - 1);
        let color = if self.board.pieces[0] & bit != 0 {
            Color::Red
        } else if self.board.pieces[1] & bit != 0 {
            Color::Black
        } else {
            return None;
        };
        let kind = if self.board.kings & bit != 0 {
            PieceKind::King
        } else {
            PieceKind::Man
        };
        Some((color, kind))
    }

    /// The pieces of the side to move that can capture (and so one of them
    /// must), as a bitboard.
    #[must_use]
    pub fn capturers(&self) -> u32 {
        self.board.capturers()
    }

    /// The legal moves as a new vector (a convenience for tests and tools).
    #[must_use]
    pub fn moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        self.board.generate(&mut out);
        out
    }
}

impl crate::Position for Position {
    type Move = Move;
    type ParseError = ParseFenError;
    type MoveError = MoveError;

    const KIND: GameKind = GameKind::Checkers;

    fn start() -> Self {
        let board = Board::START;
        Position {
            board,
            plies_since_capture: 0,
            move_number: 1,
            hash: board.zobrist(),
        }
    }

    fn parse(text: &str) -> Result<Self, ParseFenError> {
        fen::parse(text)
    }

    fn to_text(&self) -> String {
        fen::write(self)
    }

    #[inline]
    fn side_to_move(&self) -> Color {
        self.board.side
    }

    #[inline]
    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.board.generate(out);
    }

    #[inline]
    fn play(&self, mv: &Move) -> Self {
        let board = self.board.play(mv);
        let us = self.board.side.index();
        let them = 1 - us;
        let from = mv.from() as usize - 1;
        let to = mv.to() as usize - 1;
        let from_king = usize::from(self.board.kings & mv.from_bit() != 0);
        let to_king = usize::from(board.kings & mv.to_bit() != 0);
        let mut hash = self.hash
            ^ ZOBRIST_PIECE[us][from_king][from]
            ^ ZOBRIST_PIECE[us][to_king][to]
            ^ ZOBRIST_BLACK_TO_MOVE;
        for i in bits(mv.captured()) {
            let king = usize::from(self.board.kings & (1 << i) != 0);
            hash ^= ZOBRIST_PIECE[them][king][i as usize];
        }
        Position {
            board,
            plies_since_capture: if mv.is_capture() {
                0
            } else {
                self.plies_since_capture.saturating_add(1)
            },
            move_number: self.move_number + u32::from(self.board.side == Color::Red),
            hash,
        }
    }

    #[inline]
    fn is_capture(&self, mv: &Move) -> bool {
        mv.is_capture()
    }

    fn plies_since_capture(&self) -> u32 {
        self.plies_since_capture
    }

    fn move_number(&self) -> u32 {
        self.move_number
    }

    #[inline]
    fn zobrist(&self) -> u64 {
        self.hash
    }

    #[inline]
    fn piece_count(&self, color: Color) -> u32 {
        self.board.pieces[color.index()].count_ones()
    }

    fn move_to_string(&self, mv: &Move) -> String {
        mv.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse_move(self, text)
    }

    fn move_squares(&self, mv: &Move) -> Vec<u8> {
        core::iter::once(mv.from())
            .chain(mv.landings())
            .map(square_to_index64)
            .collect()
    }

    fn captured_squares(&self, mv: &Move) -> Vec<u8> {
        bits(mv.captured())
            .map(|i| square_to_index64(i as u8 + 1))
            .collect()
    }

    fn board_view(&self) -> BoardView {
        let mut view: BoardView = [None; 64];
        for (i, slot) in view.iter_mut().enumerate() {
            if let Some(sq) = index64_to_square(i as u8) {
                *slot = self.piece_at(sq).map(|(color, kind)| PieceView {
                    color,
                    kind,
                    carried: None,
                });
            }
        }
        view
    }
}
