//! TFEN, the Tiers position notation (RULES.md "Tiers notation"):
//! `<board> <side> <plies-since-capture> <move-number>`.
//!
//! ```
//! use tiers_engine::{tiers, Position};
//! let pos = tiers::Position::parse("8/8/8/3u[k]4/8/8/8/U[M]7 b 3 12").unwrap();
//! assert_eq!(pos.to_text(), "8/8/8/3u[k]4/8/8/8/U[M]7 b 3 12");
//! let err = tiers::Position::parse("8/8/8/8/8/8/8/U[m]7 r 0 1").unwrap_err();
//! assert_eq!(err.to_string(), "a Red ultra king cannot carry a Black piece (rank 1)");
//! ```

use super::board::{kind_index, Board};
use super::Position;
use crate::{Color, PieceKind};
use core::fmt;

/// Why a TFEN could not be read. The message names what is wrong and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseTfenError {
    /// The text is empty.
    Empty,
    /// Wrong number of space-separated fields.
    FieldCount(usize),
    /// The board does not have 8 ranks.
    RankCount(usize),
    /// A rank (1–8) does not describe 8 squares.
    RankLength {
        /// The rank, 1–8.
        rank: u8,
        /// How many squares it describes.
        squares: usize,
    },
    /// A character that is not a piece, digit or bracket.
    UnknownPiece {
        /// The character.
        ch: char,
        /// The rank, 1–8.
        rank: u8,
    },
    /// A `[` without a carrier before it, or a piece that cannot carry.
    NotACarrier {
        /// The piece before the bracket.
        kind: Option<PieceKind>,
        /// The rank, 1–8.
        rank: u8,
    },
    /// A `[` without its `]`, or with other than one piece inside.
    BadBracket {
        /// The rank, 1–8.
        rank: u8,
    },
    /// A carried piece of the wrong colour.
    CarriedColour {
        /// The carrier's colour.
        carrier: Color,
        /// The carrier's kind.
        kind: PieceKind,
        /// The rank, 1–8.
        rank: u8,
    },
    /// A carried ultra or double ultra king.
    CarriedTier {
        /// The rank, 1–8.
        rank: u8,
    },
    /// The side field is not `r` or `b`.
    Side(String),
    /// The plies-since-capture field is not a number.
    Plies(String),
    /// The move-number field is not a number of at least 1.
    MoveNumber(String),
}

impl fmt::Display for ParseTfenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseTfenError::Empty => f.write_str("empty position: expected a TFEN like `1m1m1m1m/m1m1m1m1/1m1m1m1m/8/8/M1M1M1M1/1M1M1M1M/M1M1M1M1 r 0 1`"),
            ParseTfenError::FieldCount(n) => write!(
                f,
                "a TFEN has 4 fields (board, side, plies since capture, move number); found {n}"
            ),
            ParseTfenError::RankCount(n) => {
                write!(f, "the board has {n} ranks; expected 8 separated by `/`")
            }
            ParseTfenError::RankLength { rank, squares } => {
                write!(f, "rank {rank} has {squares} squares")
            }
            ParseTfenError::UnknownPiece { ch, rank } => {
                write!(f, "unknown piece '{ch}' on rank {rank}")
            }
            ParseTfenError::NotACarrier { kind: Some(kind), rank } => write!(
                f,
                "a {} cannot carry a piece (rank {rank}): only ultra and double ultra kings carry",
                kind.name()
            ),
            ParseTfenError::NotACarrier { kind: None, rank } => {
                write!(f, "'[' without a carrying ultra king before it on rank {rank}")
            }
            ParseTfenError::BadBracket { rank } => write!(
                f,
                "a carried piece is written as one letter in brackets, like U[K] (rank {rank})"
            ),
            ParseTfenError::CarriedColour {
                carrier,
                kind,
                rank,
            } => write!(
                f,
                "a {carrier} {} cannot carry a {} piece (rank {rank})",
                kind.name(),
                carrier.opposite()
            ),
            ParseTfenError::CarriedTier { rank } => {
                write!(f, "a carried piece must be of tier 1–4 (rank {rank})")
            }
            ParseTfenError::Side(s) => {
                write!(f, "the side to move must be `r` or `b`, not `{s}`")
            }
            ParseTfenError::Plies(s) => write!(
                f,
                "plies since capture must be a whole number, not `{s}`"
            ),
            ParseTfenError::MoveNumber(s) => {
                write!(f, "the move number must be a whole number from 1, not `{s}`")
            }
        }
    }
}

impl std::error::Error for ParseTfenError {}

/// The TFEN letter of a piece.
#[must_use]
pub fn piece_char(color: Color, kind: PieceKind) -> char {
    let c = match kind {
        PieceKind::Man => 'm',
        PieceKind::King => 'k',
        PieceKind::Triple => 't',
        PieceKind::Quad => 'q',
        PieceKind::Ultra => 'u',
        PieceKind::DoubleUltra => 'd',
    };
    match color {
        Color::Red => c.to_ascii_uppercase(),
        Color::Black => c,
    }
}

/// Reads a TFEN piece letter.
#[must_use]
pub fn piece_from_char(ch: char) -> Option<(Color, PieceKind)> {
    let kind = match ch.to_ascii_lowercase() {
        'm' => PieceKind::Man,
        'k' => PieceKind::King,
        't' => PieceKind::Triple,
        'q' => PieceKind::Quad,
        'u' => PieceKind::Ultra,
        'd' => PieceKind::DoubleUltra,
        _ => return None,
    };
    let color = if ch.is_ascii_uppercase() {
        Color::Red
    } else {
        Color::Black
    };
    Some((color, kind))
}

/// Reads the board field of a TFEN.
pub fn parse_board(text: &str) -> Result<Board, ParseTfenError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return Err(ParseTfenError::RankCount(ranks.len()));
    }
    let mut board = Board::empty();
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let rank_no = rank + 1;
        let mut file: usize = 0;
        let mut chars = rank_text.chars().peekable();
        let mut last: Option<(Color, PieceKind, u8)> = None;
        while let Some(ch) = chars.next() {
            if let Some(d) = ch.to_digit(10) {
                if d == 0 {
                    return Err(ParseTfenError::UnknownPiece { ch, rank: rank_no });
                }
                file += d as usize;
                last = None;
            } else if ch == '[' {
                let Some((color, kind, sq)) = last else {
                    return Err(ParseTfenError::NotACarrier {
                        kind: None,
                        rank: rank_no,
                    });
                };
                if !matches!(kind, PieceKind::Ultra | PieceKind::DoubleUltra) {
                    return Err(ParseTfenError::NotACarrier {
                        kind: Some(kind),
                        rank: rank_no,
                    });
                }
                let inner = chars.next();
                let close = chars.next();
                let (Some(inner), Some(']')) = (inner, close) else {
                    return Err(ParseTfenError::BadBracket { rank: rank_no });
                };
                let Some((c2, k2)) = piece_from_char(inner) else {
                    return Err(ParseTfenError::UnknownPiece {
                        ch: inner,
                        rank: rank_no,
                    });
                };
                if c2 != color {
                    return Err(ParseTfenError::CarriedColour {
                        carrier: color,
                        kind,
                        rank: rank_no,
                    });
                }
                if kind_index(k2) >= 4 {
                    return Err(ParseTfenError::CarriedTier { rank: rank_no });
                }
                if sq < 64 {
                    board.set_carried(color, k2, sq);
                }
                last = None;
            } else if let Some((color, kind)) = piece_from_char(ch) {
                if file < 8 {
                    let sq = file as u8 + 8 * rank;
                    board.put(color, kind, sq);
                    last = Some((color, kind, sq));
                } else {
                    // Past the 8th square: keep counting for the error.
                    last = Some((color, kind, 64));
                }
                file += 1;
            } else if ch == ']' {
                return Err(ParseTfenError::BadBracket { rank: rank_no });
            } else {
                return Err(ParseTfenError::UnknownPiece { ch, rank: rank_no });
            }
        }
        if file != 8 {
            return Err(ParseTfenError::RankLength {
                rank: rank_no,
                squares: file,
            });
        }
    }
    Ok(board)
}

/// Writes the board field of a TFEN.
#[must_use]
pub fn write_board(board: &Board) -> String {
    let mut out = String::with_capacity(80);
    for rank in (0..8u8).rev() {
        let mut run = 0;
        for file in 0..8u8 {
            let sq = file + 8 * rank;
            match board.at(sq) {
                None => run += 1,
                Some((color, kind)) => {
                    if run > 0 {
                        out.push(char::from(b'0' + run));
                        run = 0;
                    }
                    out.push(piece_char(color, kind));
                    if let Some(c) = board.carried_at(sq) {
                        out.push('[');
                        out.push(piece_char(color, c));
                        out.push(']');
                    }
                }
            }
        }
        if run > 0 {
            out.push(char::from(b'0' + run));
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

impl Position {
    /// Reads a TFEN. The counters may be left out (they default to `0 1`).
    pub fn from_tfen(text: &str) -> Result<Position, ParseTfenError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.is_empty() {
            return Err(ParseTfenError::Empty);
        }
        if fields.len() != 2 && fields.len() != 4 {
            return Err(ParseTfenError::FieldCount(fields.len()));
        }
        let board = parse_board(fields[0])?;
        let side = match fields[1] {
            "r" | "R" => Color::Red,
            "b" | "B" => Color::Black,
            other => return Err(ParseTfenError::Side(other.to_string())),
        };
        let (plies, number) = if fields.len() == 4 {
            let plies = fields[2]
                .parse::<u32>()
                .map_err(|_| ParseTfenError::Plies(fields[2].to_string()))?;
            let number = fields[3]
                .parse::<u32>()
                .ok()
                .filter(|&n| n >= 1)
                .ok_or_else(|| ParseTfenError::MoveNumber(fields[3].to_string()))?;
            (plies, number)
        } else {
            (0, 1)
        };
        Ok(Position {
            board,
            side,
            plies_since_capture: plies,
            move_number: number,
        })
    }

    /// Writes the position as TFEN.
    #[must_use]
    pub fn to_tfen(&self) -> String {
        format!(
            "{} {} {} {}",
            write_board(&self.board),
            match self.side {
                Color::Red => 'r',
                Color::Black => 'b',
            },
            self.plies_since_capture,
            self.move_number
        )
    }
}
