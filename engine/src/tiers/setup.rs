//! A plain arrangement of Tiers pieces ([`Setup`]), as the TFEN reader and
//! the board editor produce it, and its validation into a playable
//! [`Position`]: the one place that decides which arrangements can be
//! played, so that the editor and TFEN text get the same answers.

use super::board::{kind_index, Board};
use super::formation::Formation;
use super::Position;
use crate::{BoardView, Color, PieceKind, PieceView};
use core::fmt;

/// Pieces on squares (with what each ultra or double ultra king carries),
/// the side to move and the counters, not yet checked.
///
/// Squares are indexed `file + 8 * rank` (a1 = 0, h8 = 63), as in
/// [`BoardView`]; a carried piece has its carrier's colour.
///
/// What is accepted is what the game can go on from: up to 12 pieces a
/// side ([`MAX_PIECES`]) of any tier on any square (a man on its far row
/// too: it can no longer move but can be captured), either side to move,
/// any counters. Refused: a load on a piece that cannot carry, a carried
/// ultra or double ultra king, more than 12 pieces a side, a move number
/// of 0.
///
/// ```
/// use tiers_engine::tiers::{Position, Setup};
/// use tiers_engine::{Color, PieceKind, PieceView, Position as _};
/// let mut setup = Setup::empty(Color::Black);
/// setup.put(27, PieceView { color: Color::Black, kind: PieceKind::Ultra, carried: Some(PieceKind::King) }).unwrap();
/// setup.put(0, PieceView { color: Color::Red, kind: PieceKind::Man, carried: None }).unwrap();
/// let pos = Position::from_setup(&setup).unwrap();
/// assert_eq!(pos.to_text(), "8/8/8/8/3u[k]4/8/8/M7 b 0 1");
/// assert_eq!(pos.to_setup(), setup);
///
/// // A king carries nothing: the same message as for the TFEN `K[M]`.
/// setup.put(7, PieceView { color: Color::Red, kind: PieceKind::King, carried: Some(PieceKind::Man) }).unwrap();
/// let err = Position::from_setup(&setup).unwrap_err();
/// assert_eq!(err.to_string(), "a king cannot carry a piece (rank 1): only ultra and double ultra kings carry");
/// assert_eq!(err.square(), Some(7));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The pieces, index `file + 8 * rank`.
    pub squares: BoardView,
    /// The side to move.
    pub side: Color,
    /// Plies since the last capture.
    pub plies_since_capture: u32,
    /// The move number (1 or more).
    pub move_number: u32,
}

/// The most pieces a side can have (RULES.md: each side starts with 12
/// men, and no move adds a piece), counted as [`Setup::piece_count`]
/// counts them. More is refused: such arrangements cannot come from a
/// game, and with many more enemies a king's jump sequences (and so its
/// legal moves) grow exponentially: 48 men around one king keep the
/// move generator busy for minutes.
pub const MAX_PIECES: u32 = 12;

impl Setup {
    /// No pieces, `side` to move, counters at their start values.
    #[must_use]
    pub const fn empty(side: Color) -> Setup {
        Setup {
            squares: [None; 64],
            side,
            plies_since_capture: 0,
            move_number: 1,
        }
    }

    /// The standard start arrangement (default formations, Red to move).
    #[must_use]
    pub fn start() -> Setup {
        Position::from_formations(
            &Formation::default_for(Color::Red),
            &Formation::default_for(Color::Black),
        )
        .to_setup()
    }

    /// Puts `piece` (with its load, if any) on `square` (0–63), replacing
    /// whatever was there.
    pub fn put(&mut self, square: u8, piece: PieceView) -> Result<(), SetupError> {
        *self.slot(square)? = Some(piece);
        Ok(())
    }

    /// Empties `square` (0–63); returns what stood there.
    pub fn remove(&mut self, square: u8) -> Result<Option<PieceView>, SetupError> {
        Ok(self.slot(square)?.take())
    }

    /// The piece on `square` (0–63), if any.
    #[must_use]
    pub fn piece_at(&self, square: u8) -> Option<PieceView> {
        self.squares.get(usize::from(square)).copied().flatten()
    }

    /// How many pieces `color` has, as the rules count them: a double ultra
    /// king is two merged ultra kings and a carried piece counts too (12
    /// at the start, and never more in a game).
    #[must_use]
    pub fn piece_count(&self, color: Color) -> u32 {
        self.squares
            .iter()
            .flatten()
            .filter(|p| p.color == color)
            .map(|p| {
                1 + u32::from(p.kind == PieceKind::DoubleUltra) + u32::from(p.carried.is_some())
            })
            .sum()
    }

    /// Checks that the arrangement can be played: only ultra and double
    /// ultra kings carry, and only pieces of tier 1–4; each side has at
    /// most [`MAX_PIECES`] pieces; the move number is at least 1. Squares
    /// are checked first, in TFEN order (rank 8 to rank 1, file a to h),
    /// then the counts (Red's first), then the move number: the first
    /// problem found is reported.
    pub fn validate(&self) -> Result<(), SetupError> {
        for rank in (0..8u8).rev() {
            for file in 0..8u8 {
                let square = file + 8 * rank;
                let Some(piece) = self.squares[usize::from(square)] else {
                    continue;
                };
                let Some(carried) = piece.carried else {
                    continue;
                };
                if !matches!(piece.kind, PieceKind::Ultra | PieceKind::DoubleUltra) {
                    return Err(SetupError::NotACarrier {
                        square,
                        kind: piece.kind,
                    });
                }
                if kind_index(carried) >= 4 {
                    return Err(SetupError::CarriedTier { square });
                }
            }
        }
        for color in Color::ALL {
            let count = self.piece_count(color);
            if count > MAX_PIECES {
                return Err(SetupError::TooManyPieces { color, count });
            }
        }
        if self.move_number == 0 {
            return Err(SetupError::MoveNumberZero);
        }
        Ok(())
    }

    fn slot(&mut self, square: u8) -> Result<&mut Option<PieceView>, SetupError> {
        self.squares
            .get_mut(usize::from(square))
            .ok_or(SetupError::NoSuchSquare(square))
    }
}

impl Default for Setup {
    fn default() -> Self {
        Setup::start()
    }
}

/// Why a [`Setup`] is not a playable position. The message names what is
/// wrong and where; [`SetupError::square`] gives the square, for showing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// A square index outside 0–63.
    NoSuchSquare(u8),
    /// A piece other than an ultra or double ultra king carries a piece.
    NotACarrier {
        /// Where (0–63).
        square: u8,
        /// The piece that cannot carry.
        kind: PieceKind,
    },
    /// A carried ultra or double ultra king.
    CarriedTier {
        /// The carrier's square (0–63).
        square: u8,
    },
    /// More than [`MAX_PIECES`] pieces of one side.
    TooManyPieces {
        /// Whose pieces.
        color: Color,
        /// How many, counted as the rules count them.
        count: u32,
    },
    /// The move number is 0 (it starts at 1).
    MoveNumberZero,
}

impl SetupError {
    /// The square the problem is on, if it is on one (0–63).
    #[must_use]
    pub const fn square(&self) -> Option<u8> {
        match self {
            SetupError::NotACarrier { square, .. } | SetupError::CarriedTier { square } => {
                Some(*square)
            }
            SetupError::NoSuchSquare(_)
            | SetupError::TooManyPieces { .. }
            | SetupError::MoveNumberZero => None,
        }
    }
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::NoSuchSquare(sq) => write!(
                f,
                "square {sq} does not exist (squares are 0-63, a1 = 0 to h8 = 63)"
            ),
            SetupError::NotACarrier { square, kind } => write!(
                f,
                "a {} cannot carry a piece (rank {}): only ultra and double ultra kings carry",
                kind.name(),
                square / 8 + 1
            ),
            SetupError::CarriedTier { square } => write!(
                f,
                "a carried piece must be of tier 1–4 (rank {})",
                square / 8 + 1
            ),
            SetupError::TooManyPieces { color, count } => write!(
                f,
                "{color} has {count} pieces; a side has at most {MAX_PIECES} (a double ultra king counts as 2, a carried piece as 1)"
            ),
            SetupError::MoveNumberZero => f.write_str("the move number must be at least 1"),
        }
    }
}

impl std::error::Error for SetupError {}

impl Position {
    /// Validates a [`Setup`] into a playable position (see
    /// [`Setup::validate`]).
    pub fn from_setup(setup: &Setup) -> Result<Position, SetupError> {
        setup.validate()?;
        let mut board = Board::empty();
        for (sq, piece) in setup.squares.iter().enumerate() {
            let Some(piece) = piece else { continue };
            let sq = sq as u8;
            board.put(piece.color, piece.kind, sq);
            if let Some(carried) = piece.carried {
                board.set_carried(piece.color, carried, sq);
            }
        }
        Ok(Position::from_board(
            board,
            setup.side,
            setup.plies_since_capture,
            setup.move_number,
        ))
    }

    /// The arrangement of this position, for editing.
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        Setup {
            squares: core::array::from_fn(|sq| self.board.view(sq as u8)),
            side: self.side,
            plies_since_capture: self.plies_since_capture,
            move_number: self.move_number,
        }
    }
}
