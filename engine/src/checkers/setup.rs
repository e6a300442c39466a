//! A plain arrangement of pieces ([`Setup`]), as the FEN reader and the board
//! editor produce it, and its validation into a playable
//! [`Position`](super::Position).

use super::board::crowning_row;
use crate::{Color, PieceKind};
use core::fmt;

/// Pieces on squares, the side to move and the counters, not yet checked.
///
/// Bitboards use bit `i` for square `i + 1`.
///
/// ```
/// use tiers_engine::checkers::{Position, Setup};
/// use tiers_engine::{Color, PieceKind};
/// let mut setup = Setup::empty(Color::Red);
/// setup.put(22, Color::Red, PieceKind::Man).unwrap();
/// setup.put(1, Color::Black, PieceKind::King).unwrap();
/// let pos = Position::from_setup(&setup).unwrap();
/// assert_eq!(tiers_engine::Position::to_text(&pos), "W:W22:BK1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Red men.
    pub red_men: u32,
    /// Red kings.
    pub red_kings: u32,
    /// Black men.
    pub black_men: u32,
    /// Black kings.
    pub black_kings: u32,
    /// The side to move.
    pub side: Color,
    /// Plies since the last capture.
    pub plies_since_capture: u32,
    /// The move number (1 or more).
    pub move_number: u32,
}

impl Setup {
    /// No pieces, `side` to move, counters at their start values.
    #[must_use]
    pub const fn empty(side: Color) -> Setup {
        Setup {
            red_men: 0,
            red_kings: 0,
            black_men: 0,
            black_kings: 0,
            side,
            plies_since_capture: 0,
            move_number: 1,
        }
    }

    /// The standard start arrangement.
    #[must_use]
    pub const fn start() -> Setup {
        Setup {
            red_men: 0xFFF0_0000,
            red_kings: 0,
            black_men: 0x0000_0FFF,
            black_kings: 0,
            side: Color::Black,
            plies_since_capture: 0,
            move_number: 1,
        }
    }

    /// Puts a piece on `square` (1–32), replacing whatever was there.
    pub fn put(&mut self, square: u8, color: Color, kind: PieceKind) -> Result<(), SetupError> {
        let bit = square_bit(square)?;
        self.remove(square)?;
        match (color, kind) {
            (Color::Red, PieceKind::Man) => self.red_men |= bit,
            (Color::Red, PieceKind::King) => self.red_kings |= bit,
            (Color::Black, PieceKind::Man) => self.black_men |= bit,
            (Color::Black, PieceKind::King) => self.black_kings |= bit,
            (_, kind) => return Err(SetupError::NotACheckersPiece(kind)),
        }
        Ok(())
    }

    /// Empties `square` (1–32).
    pub fn remove(&mut self, square: u8) -> Result<(), SetupError> {
        let bit = square_bit(square)?;
        self.red_men &= !bit;
        self.red_kings &= !bit;
        self.black_men &= !bit;
        self.black_kings &= !bit;
        Ok(())
    }

    /// The piece on `square` (1–32), if any.
    #[must_use]
    pub fn piece_at(&self, square: u8) -> Option<(Color, PieceKind)> {
        let bit = square_bit(square).ok()?;
        if self.red_men & bit != 0 {
            Some((Color::Red, PieceKind::Man))
        } else if self.red_kings & bit != 0 {
            Some((Color::Red, PieceKind::King))
        } else if self.black_men & bit != 0 {
            Some((Color::Black, PieceKind::Man))
        } else if self.black_kings & bit != 0 {
            Some((Color::Black, PieceKind::King))
        } else {
            None
        }
    }

    /// Checks that the arrangement can be played: no square holds two
    /// pieces, no man stands on its crowning row, the move number is at
    /// least 1.
    pub fn validate(&self) -> Result<(), SetupError> {
        let sets = [
            self.red_men,
            self.red_kings,
            self.black_men,
            self.black_kings,
        ];
        for a in 0..4 {
            for b in a + 1..4 {
                let both = sets[a] & sets[b];
                if both != 0 {
                    return Err(SetupError::TwoPieces(both.trailing_zeros() as u8 + 1));
                }
            }
        }
        for (color, men) in [(Color::Red, self.red_men), (Color::Black, self.black_men)] {
            let bad = men & crowning_row(color);
            if bad != 0 {
                return Err(SetupError::ManOnCrowningRow {
                    color,
                    square: bad.trailing_zeros() as u8 + 1,
                });
            }
        }
        if self.move_number == 0 {
            return Err(SetupError::MoveNumberZero);
        }
        Ok(())
    }
}

fn square_bit(square: u8) -> Result<u32, SetupError> {
    if (1..=32).contains(&square) {
        Ok(1 << (square - 1))
    } else {
        Err(SetupError::NoSuchSquare(square))
    }
}

/// Why a [`Setup`] is not a playable position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// A square number outside 1–32.
    NoSuchSquare(u8),
    /// Two pieces on one square.
    TwoPieces(u8),
    /// A man on the row where it would have been crowned.
    ManOnCrowningRow {
        /// Whose man.
        color: Color,
        /// Where.
        square: u8,
    },
    /// A tier that checkers does not have.
    NotACheckersPiece(PieceKind),
    /// The move number is 0 (it starts at 1).
    MoveNumberZero,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::NoSuchSquare(sq) => {
                write!(f, "square {sq} does not exist (squares are 1-32)")
            }
            SetupError::TwoPieces(sq) => write!(f, "square {sq} holds two pieces"),
            SetupError::ManOnCrowningRow { color, square } => write!(
                f,
                "the {} man on {square} stands on its crowning row: it must be a king",
                color.name()
            ),
            SetupError::NotACheckersPiece(kind) => {
                write!(f, "checkers has only men and kings, not a {}", kind.name())
            }
            SetupError::MoveNumberZero => f.write_str("the move number must be at least 1"),
        }
    }
}

impl std::error::Error for SetupError {}
