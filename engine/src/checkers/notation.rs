//! Move text: `11-15` for a step, `15x24x31` for a capture (every landing
//! square). Reading also accepts a capture with some landing squares left
//! out (`15x31`) when only one move fits, and any of the paths of a move
//! that can be played along two paths ("one position, one move").

use super::movegen::Move;
use super::position::Position;
use crate::Color;
use core::fmt;

/// Why a move text cannot be played in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// Not of the form `11-15` / `15x24x31`.
    Syntax(String),
    /// A square number outside 1–32.
    NoSuchSquare {
        /// The move text.
        text: String,
        /// The number written.
        square: u32,
    },
    /// The side to move has no piece on the origin square.
    NoPiece {
        /// The move text.
        text: String,
        /// The origin square.
        square: u8,
        /// The side to move.
        side: Color,
        /// Whose piece is there, if anyone's.
        holder: Option<Color>,
    },
    /// The side to move has no legal move at all (the game is over).
    NoMoves {
        /// The move text.
        text: String,
        /// The side to move.
        side: Color,
    },
    /// A capture is compulsory and this piece cannot capture.
    CaptureCompulsory {
        /// The move text.
        text: String,
        /// The squares of the pieces that can capture.
        takers: Vec<u8>,
    },
    /// The piece on the origin square has no such move.
    Illegal {
        /// The move text.
        text: String,
        /// The origin square.
        from: u8,
        /// The legal moves of that piece, in written form.
        legal: Vec<String>,
    },
    /// The text fits more than one legal move.
    Ambiguous {
        /// The move text.
        text: String,
        /// The moves it fits, in written form.
        candidates: Vec<String>,
    },
}

/// `a`, `a or b`, `a, b or c`.
fn or_list<T: fmt::Display>(items: &[T]) -> String {
    let mut s = String::new();
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            s.push_str(if i + 1 == items.len() { " or " } else { ", " });
        }
        s.push_str(&item.to_string());
    }
    s
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax(text) => write!(
                f,
                "`{text}` is not a move: write it like 11-15, or 15x24x31 for a capture"
            ),
            MoveError::NoSuchSquare { text, square } => write!(
                f,
                "{text}: square {square} does not exist (squares are 1-32)"
            ),
            MoveError::NoPiece {
                text,
                square,
                side,
                holder,
            } => match holder {
                Some(other) => write!(
                    f,
                    "{text} is not legal here: the piece on {square} is {}'s and {side} is to move",
                    other
                ),
                None => write!(
                    f,
                    "{text} is not legal here: there is no piece on {square} ({side} to move)"
                ),
            },
            MoveError::NoMoves { text, side } => {
                write!(f, "{text} is not legal here: {side} has no legal move")
            }
            MoveError::CaptureCompulsory { text, takers } => write!(
                f,
                "{text} is not legal here; a capture is compulsory: {} must take",
                or_list(takers)
            ),
            MoveError::Illegal { text, from, legal } => {
                if legal.is_empty() {
                    write!(
                        f,
                        "{text} is not legal here; the piece on {from} cannot move"
                    )
                } else {
                    write!(
                        f,
                        "{text} is not legal here; legal moves from {from}: {}",
                        legal.join(", ")
                    )
                }
            }
            MoveError::Ambiguous { text, candidates } => write!(
                f,
                "{text} is ambiguous here: it could be {}; write more landing squares",
                or_list(candidates)
            ),
        }
    }
}

impl std::error::Error for MoveError {}

/// The squares written in a move text, or the error for it.
fn squares(text: &str) -> Result<Vec<u8>, MoveError> {
    let mut out = Vec::new();
    for part in text.split(['-', 'x', 'X']) {
        let part = part.trim();
        if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
            return Err(MoveError::Syntax(text.to_string()));
        }
        let n: u32 = part.parse().unwrap_or(u32::MAX);
        if !(1..=32).contains(&n) {
            return Err(MoveError::NoSuchSquare {
                text: text.to_string(),
                square: n,
            });
        }
        out.push(n as u8);
    }
    if out.len() < 2 {
        return Err(MoveError::Syntax(text.to_string()));
    }
    Ok(out)
}

/// Whether `written` (origin, some landing squares, destination) describes
/// the path of `mv`.
fn fits(mv: &Move, written: &[u8]) -> bool {
    let landings: Vec<u8> = mv.landings().collect();
    let (first, rest) = written.split_first().expect("two squares or more");
    let (last, middle) = rest.split_last().expect("two squares or more");
    if *first != mv.from() || *last != mv.to() {
        return false;
    }
    // The middle squares must appear in order among the landing squares
    // before the last one.
    let mut it = landings[..landings.len() - 1].iter();
    middle.iter().all(|sq| it.any(|l| l == sq))
}

/// Reads `text` as a legal move of `pos` (see the module docs).
///
/// ```
/// use tiers_engine::{checkers, Position};
/// let pos = checkers::Position::parse("B:W30:B9").unwrap();
/// let err = pos.parse_move("9-5").unwrap_err();
/// assert_eq!(err.to_string(), "9-5 is not legal here; legal moves from 9: 9-13, 9-14");
/// ```
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let text = text.trim();
    let written = squares(text)?;
    let side = crate::Position::side_to_move(pos);
    let legal = pos.moves();
    if legal.is_empty() {
        return Err(MoveError::NoMoves {
            text: text.to_string(),
            side,
        });
    }
    let from = written[0];
    match pos.piece_at(from) {
        Some((c, _)) if c == side => {}
        holder => {
            return Err(MoveError::NoPiece {
                text: text.to_string(),
                square: from,
                side,
                holder: holder.map(|(c, _)| c),
            })
        }
    }
    let mut found: Vec<Move> = Vec::new();
    let mut exact: Vec<Move> = Vec::new();
    if pos.capturers() != 0 {
        let mut paths = Vec::new();
        pos.board().capture_paths(&mut paths);
        for path in paths.iter().filter(|p| fits(p, &written)) {
            let canonical = legal
                .iter()
                .find(|m| {
                    m.from() == path.from()
                        && m.to() == path.to()
                        && m.captured() == path.captured()
                })
                .copied()
                .expect("every capture path has its move");
            if !found.contains(&canonical) {
                found.push(canonical);
            }
            // Every landing square written: this path, whatever longer
            // paths the shorthand reading would also fit.
            if path.landings().eq(written[1..].iter().copied()) && !exact.contains(&canonical) {
                exact.push(canonical);
            }
        }
    } else {
        found.extend(legal.iter().filter(|m| fits(m, &written)));
    }
    if found.len() > 1 && exact.len() == 1 {
        return Ok(exact[0]);
    }
    match found.len() {
        1 => Ok(found[0]),
        0 => {
            let capturers = pos.capturers();
            if capturers != 0 && capturers & (1 << (from - 1)) == 0 {
                Err(MoveError::CaptureCompulsory {
                    text: text.to_string(),
                    takers: super::movegen::bits(capturers)
                        .map(|i| i as u8 + 1)
                        .collect(),
                })
            } else {
                let mut from_here: Vec<String> = legal
                    .iter()
                    .filter(|m| m.from() == from)
                    .map(Move::to_string)
                    .collect();
                from_here.sort();
                Err(MoveError::Illegal {
                    text: text.to_string(),
                    from,
                    legal: from_here,
                })
            }
        }
        _ => {
            let mut candidates: Vec<String> = found.iter().map(Move::to_string).collect();
            candidates.sort();
            Err(MoveError::Ambiguous {
                text: text.to_string(),
                candidates,
            })
        }
    }
}
