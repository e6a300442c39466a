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

use super::board::Board;
use super::setup::{Setup, SetupError};
use super::Position;
use crate::{Color, PieceKind, PieceView};
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
    /// A `[` without a piece before it.
    NoCarrier {
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
    /// The text is longer than [`MAX_TFEN_LEN`] bytes.
    TooLong(usize),
    /// The arrangement read cannot be played (a load on a piece that
    /// cannot carry, a carried ultra king, move number 0): the same
    /// checks, and words, as for the board editor.
    Setup(SetupError),
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
            ParseTfenError::NoCarrier { rank } => {
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
            ParseTfenError::TooLong(n) => write!(
                f,
                "a TFEN has at most {MAX_TFEN_LEN} characters; this text has {n}"
            ),
            ParseTfenError::Setup(e) => e.fmt(f),
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

impl From<SetupError> for ParseTfenError {
    fn from(e: SetupError) -> Self {
        ParseTfenError::Setup(e)
    }
}

/// The longest TFEN text read (in bytes). A real TFEN (at most 24 pieces,
/// 10-digit counters) has about 100; anything much longer is refused
/// before it is looked at.
pub const MAX_TFEN_LEN: usize = 1024;

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

/// Reads the board field of a TFEN into `setup` (its pieces are replaced).
/// Only the text is checked here; what the pieces are is checked by
/// [`Setup::validate`].
fn read_board(text: &str, setup: &mut Setup) -> Result<(), ParseTfenError> {
    setup.squares = [None; 64];
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return Err(ParseTfenError::RankCount(ranks.len()));
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let rank_no = rank + 1;
        let mut file: usize = 0;
        let mut chars = rank_text.chars();
        // The piece just read (its colour and square; 64 past the 8th file).
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
                    return Err(ParseTfenError::NoCarrier { rank: rank_no });
                };
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
                if let Some(Some(piece)) = setup.squares.get_mut(usize::from(sq)) {
                    piece.carried = Some(k2);
                }
                last = None;
            } else if let Some((color, kind)) = piece_from_char(ch) {
                let sq = if file < 8 { file as u8 + 8 * rank } else { 64 };
                if let Some(slot) = setup.squares.get_mut(usize::from(sq)) {
                    *slot = Some(PieceView {
                        color,
                        kind,
                        carried: None,
                    });
                }
                // Past the 8th square: keep counting for the error.
                last = Some((color, kind, sq));
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
    Ok(())
}

/// Reads the board field of a TFEN (validated, see [`Setup::validate`]).
pub fn parse_board(text: &str) -> Result<Board, ParseTfenError> {
    let mut setup = Setup::empty(Color::Red);
    read_board(text, &mut setup)?;
    Ok(*Position::from_setup(&setup)?.board())
}

/// Reads a TFEN into a [`Setup`], not yet validated: only the text is
/// checked. The counters may be left out (they default to `0 1`).
///
/// ```
/// use tiers_engine::tiers::tfen::parse_setup;
/// use tiers_engine::PieceKind;
/// let setup = parse_setup("8/8/8/8/8/8/8/K[M]7 r").unwrap();
/// assert_eq!(setup.piece_at(0).unwrap().carried, Some(PieceKind::Man));
/// assert!(setup.validate().is_err());
/// assert_eq!(
///     parse_setup("8/8/8/8/8/8/8/9 r").unwrap_err().to_string(),
///     "rank 1 has 9 squares"
/// );
/// ```
pub fn parse_setup(text: &str) -> Result<Setup, ParseTfenError> {
    if text.len() > MAX_TFEN_LEN {
        return Err(ParseTfenError::TooLong(text.len()));
    }
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.is_empty() {
        return Err(ParseTfenError::Empty);
    }
    if fields.len() != 2 && fields.len() != 4 {
        return Err(ParseTfenError::FieldCount(fields.len()));
    }
    let mut setup = Setup::empty(Color::Red);
    read_board(fields[0], &mut setup)?;
    setup.side = match fields[1] {
        "r" | "R" => Color::Red,
        "b" | "B" => Color::Black,
        other => return Err(ParseTfenError::Side(other.to_string())),
    };
    if fields.len() == 4 {
        setup.plies_since_capture = fields[2]
            .parse::<u32>()
            .map_err(|_| ParseTfenError::Plies(fields[2].to_string()))?;
        setup.move_number = fields[3]
            .parse::<u32>()
            .map_err(|_| ParseTfenError::MoveNumber(fields[3].to_string()))?;
    }
    Ok(setup)
}

/// Writes the board field of a TFEN.
#[must_use]
pub fn write_board(board: &Board) -> String {
    let mut out = String::with_capacity(80);
    push_board(&mut out, |sq| board.view(sq));
    out
}

/// Writes a setup as TFEN, whatever it holds (a load on any piece, any
/// counters): the text the TFEN reader reads back to the same setup, and
/// refuses with the same message as [`Setup::validate`] when it is not
/// playable.
///
/// ```
/// use tiers_engine::tiers::{tfen, Setup};
/// use tiers_engine::{Color, PieceKind, PieceView};
/// let mut setup = Setup::empty(Color::Black);
/// let king = PieceView { color: Color::Red, kind: PieceKind::King, carried: Some(PieceKind::Man) };
/// setup.put(0, king).unwrap();
/// assert_eq!(tfen::write_setup(&setup), "8/8/8/8/8/8/8/K[M]7 b 0 1");
/// assert_eq!(tfen::parse_setup(&tfen::write_setup(&setup)), Ok(setup));
/// ```
#[must_use]
pub fn write_setup(setup: &Setup) -> String {
    let mut out = String::with_capacity(100);
    push_board(&mut out, |sq| setup.piece_at(sq));
    push_fields(
        &mut out,
        setup.side,
        setup.plies_since_capture,
        setup.move_number,
    );
    out
}

/// Appends the board field: ranks 8 to 1, runs of empty squares as digits.
fn push_board(out: &mut String, piece_at: impl Fn(u8) -> Option<PieceView>) {
    for rank in (0..8u8).rev() {
        let mut run = 0;
        for file in 0..8u8 {
            match piece_at(file + 8 * rank) {
                None => run += 1,
                Some(p) => {
                    if run > 0 {
                        out.push(char::from(b'0' + run));
                        run = 0;
                    }
                    out.push(piece_char(p.color, p.kind));
                    if let Some(c) = p.carried {
                        out.push('[');
                        out.push(piece_char(p.color, c));
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
}

/// Appends the side and the counters.
fn push_fields(out: &mut String, side: Color, plies: u32, number: u32) {
    use core::fmt::Write as _;
    let side = match side {
        Color::Red => 'r',
        Color::Black => 'b',
    };
    let _ = write!(out, " {side} {plies} {number}");
}

impl Position {
    /// Reads a TFEN. The counters may be left out (they default to `0 1`).
    /// The text is read into a [`Setup`] ([`parse_setup`]), which is then
    /// validated ([`Position::from_setup`]).
    pub fn from_tfen(text: &str) -> Result<Position, ParseTfenError> {
        Ok(Position::from_setup(&parse_setup(text)?)?)
    }

    /// Writes the position as TFEN.
    #[must_use]
    pub fn to_tfen(&self) -> String {
        let mut out = write_board(&self.board);
        push_fields(
            &mut out,
            self.side,
            self.plies_since_capture,
            self.move_number,
        );
        out
    }
}
