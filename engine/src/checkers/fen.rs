//! PDN FEN: `B:W21,22,...,32:B1,2,...,12`.
//!
//! Reading accepts ranges (`W21-32`), any order, `K` before a king's square
//! (also before a range: `K1-3`), lower case, spaces around every part and a
//! final `.`; sections may come in either order and a missing section means
//! no pieces of that colour; `H<n>` (plies since capture) and `F<n>` (move
//! number) sections written by some programs are read too. Writing lists
//! squares in ascending order.

use super::position::Position;
use super::setup::{Setup, SetupError};
use crate::{Color, PieceKind};
use core::fmt;

/// Why a PDN FEN could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseFenError {
    /// Nothing to read.
    Empty,
    /// The first part is not `B` or `W`.
    BadSide(String),
    /// A piece section does not start with `W` or `B`.
    BadSection(String),
    /// An `H` or `F` counter section without a number after its letter.
    BadCounter(String),
    /// The same colour has two sections.
    RepeatedColor(Color),
    /// A piece that is not a square number or a range.
    BadSquare(String),
    /// A square number outside 1–32.
    NoSuchSquare(u32),
    /// A range whose end is below its start.
    BackwardsRange(String),
    /// A square listed twice.
    Duplicate(u8),
    /// A well-formed arrangement that cannot be played.
    Setup(SetupError),
    /// The text is longer than [`MAX_FEN_LEN`] bytes.
    TooLong(usize),
}

/// The longest FEN text read (in bytes). The longest real FEN, 32 kings
/// written one by one with counters, has about 160; anything much longer
/// is refused before it is looked at.
pub const MAX_FEN_LEN: usize = 1024;

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseFenError::Empty => {
                f.write_str("empty position: expected PDN FEN like B:W21-32:B1-12")
            }
            ParseFenError::BadSide(s) => write!(
                f,
                "side to move `{s}` must be B (Black) or W (Red), as in B:W21-32:B1-12"
            ),
            ParseFenError::BadSection(s) => write!(
                f,
                "piece list `{s}` must start with W (Red's pieces) or B (Black's pieces)"
            ),
            ParseFenError::BadCounter(s) => write!(
                f,
                "counter `{s}` must be H (plies since capture) or F (move number) followed by a number"
            ),
            ParseFenError::RepeatedColor(c) => write!(f, "{c}'s pieces are listed twice"),
            ParseFenError::BadSquare(s) => write!(
                f,
                "`{s}` is not a square: expected a number 1-32, a range like 21-32, or K before a king"
            ),
            ParseFenError::NoSuchSquare(n) => {
                write!(f, "square {n} does not exist (squares are 1-32)")
            }
            ParseFenError::BackwardsRange(s) => {
                write!(f, "range `{s}` is backwards: write the lower square first")
            }
            ParseFenError::Duplicate(sq) => write!(f, "square {sq} is listed twice"),
            ParseFenError::Setup(e) => e.fmt(f),
            ParseFenError::TooLong(n) => write!(
                f,
                "a FEN has at most {MAX_FEN_LEN} characters; this text has {n}"
            ),
        }
    }
}

impl std::error::Error for ParseFenError {}

impl From<SetupError> for ParseFenError {
    fn from(e: SetupError) -> Self {
        ParseFenError::Setup(e)
    }
}

/// Reads a PDN FEN into a [`Setup`] (not yet validated).
///
/// ```
/// use tiers_engine::checkers::fen::parse_setup;
/// let setup = parse_setup(" w : b K1, 5-6 : W 32 .").unwrap();
/// assert_eq!(setup.black_kings, 1);
/// assert_eq!(setup.black_men, 0b11_0000);
/// assert!(parse_setup("B:W33").unwrap_err().to_string().contains("square 33 does not exist"));
/// ```
pub fn parse_setup(text: &str) -> Result<Setup, ParseFenError> {
    if text.len() > MAX_FEN_LEN {
        return Err(ParseFenError::TooLong(text.len()));
    }
    let mut text = text.trim();
    // Some files quote the FEN or end it with a full stop.
    text = text.trim_matches('"').trim();
    text = text.strip_suffix('.').unwrap_or(text).trim();
    if text.is_empty() {
        return Err(ParseFenError::Empty);
    }
    let mut parts = text.split(':');
    let side_text = parts.next().unwrap_or_default().trim();
    let side = match side_text {
        "B" | "b" => Color::Black,
        "W" | "w" => Color::Red,
        _ => return Err(ParseFenError::BadSide(side_text.to_string())),
    };
    let mut setup = Setup::empty(side);
    let mut seen = [false; 2];
    let mut used = 0u32;
    for part in parts {
        let part = part.trim();
        // Counters written by some programs: `H` plies since the last
        // capture, `F` the move number (`B:W21-32:B1-12:H0:F1`).
        if let Some(counter) = counter_section(part)? {
            match counter {
                (b'H', n) => setup.plies_since_capture = n,
                (_, n) => setup.move_number = n.max(1),
            }
            continue;
        }
        let mut chars = part.chars();
        let color = match chars.next() {
            Some('W' | 'w') => Color::Red,
            Some('B' | 'b') => Color::Black,
            _ => return Err(ParseFenError::BadSection(part.to_string())),
        };
        if seen[color.index()] {
            return Err(ParseFenError::RepeatedColor(color));
        }
        seen[color.index()] = true;
        let list = chars.as_str().trim();
        if list.is_empty() {
            continue;
        }
        for item in list.split(',') {
            let item = item.trim();
            let (king, squares) = match item.strip_prefix(['K', 'k']) {
                Some(rest) => (true, rest.trim()),
                None => (false, item),
            };
            let (lo, hi) = match squares.split_once('-') {
                Some((a, b)) => {
                    let (lo, hi) = (square(a, item)?, square(b, item)?);
                    if hi < lo {
                        return Err(ParseFenError::BackwardsRange(item.to_string()));
                    }
                    (lo, hi)
                }
                None => {
                    let sq = square(squares, item)?;
                    (sq, sq)
                }
            };
            for sq in lo..=hi {
                let bit = 1u32 << (sq - 1);
                if used & bit != 0 {
                    return Err(ParseFenError::Duplicate(sq));
                }
                used |= bit;
                let kind = if king {
                    PieceKind::King
                } else {
                    PieceKind::Man
                };
                setup.put(sq, color, kind)?;
            }
        }
    }
    Ok(setup)
}

/// An `H<n>` or `F<n>` counter section: its letter and number.
fn counter_section(part: &str) -> Result<Option<(u8, u32)>, ParseFenError> {
    let bytes = part.as_bytes();
    let Some(&first) = bytes.first() else {
        return Ok(None);
    };
    let letter = first.to_ascii_uppercase();
    if letter != b'H' && letter != b'F' {
        return Ok(None);
    }
    let digits = part[1..].trim();
    match digits.parse::<u32>() {
        Ok(n) if digits.bytes().all(|b| b.is_ascii_digit()) => Ok(Some((letter, n))),
        _ => Err(ParseFenError::BadCounter(part.to_string())),
    }
}

fn square(text: &str, item: &str) -> Result<u8, ParseFenError> {
    let text = text.trim();
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParseFenError::BadSquare(item.to_string()));
    }
    let n: u32 = text
        .parse()
        .map_err(|_| ParseFenError::BadSquare(item.to_string()))?;
    if !(1..=32).contains(&n) {
        return Err(ParseFenError::NoSuchSquare(n));
    }
    Ok(n as u8)
}

/// Reads a PDN FEN into a playable position (counters at 0 and move 1).
pub fn parse(text: &str) -> Result<Position, ParseFenError> {
    Ok(Position::from_setup(&parse_setup(text)?)?)
}

/// Writes `pos` as PDN FEN, squares in ascending order, kings marked `K`.
#[must_use]
pub fn write(pos: &Position) -> String {
    write_setup(&pos.to_setup())
}

/// Writes any arrangement (valid or not) as PDN FEN, squares in ascending
/// order, kings marked `K`: what the board editor shows before the engine
/// has accepted the position.
///
/// ```
/// use tiers_engine::checkers::{fen, Setup};
/// use tiers_engine::{Color, PieceKind};
/// let mut setup = Setup::empty(Color::Black);
/// setup.put(22, Color::Red, PieceKind::King).unwrap();
/// setup.put(9, Color::Black, PieceKind::Man).unwrap();
/// assert_eq!(fen::write_setup(&setup), "B:WK22:B9");
/// ```
#[must_use]
pub fn write_setup(setup: &Setup) -> String {
    let mut s = String::with_capacity(90);
    s.push(match setup.side {
        Color::Black => 'B',
        Color::Red => 'W',
    });
    let sides = [
        ('W', setup.red_men | setup.red_kings, setup.red_kings),
        ('B', setup.black_men | setup.black_kings, setup.black_kings),
    ];
    for (letter, pieces, kings) in sides {
        s.push(':');
        s.push(letter);
        let mut first = true;
        for i in super::movegen::bits(pieces) {
            if !first {
                s.push(',');
            }
            first = false;
            if kings & (1 << i) != 0 {
                s.push('K');
            }
            s.push_str(&(i + 1).to_string());
        }
    }
    s
}
