//! The checkers opening book: positions of the opening with the value of
//! each of their moves, found by long searches of the engine itself
//! (`tiers book build`, [`build`]).
//!
//! The searcher plays from it ([`crate::search::Searcher::set_book`]):
//! the top level plays a position's best book move at once, the levels
//! below vary among moves of near-equal value or leave the book early
//! ([`crate::search::LevelSettings::book_plies`]), and the analysis
//! strength never uses it (it reports a search).
//!
//! **File** (`assets/data/book/checkers.book`: the AI worker fetches it;
//! the command-line tool has it compiled in): one header line of text,
//!
//! ```text
//! tiers-book 1 checkers positions <N> bytes <B> crc32 <8 hex digits>
//! ```
//!
//! then `B` bytes: the deflate-compressed text of the book, one position a
//! line, `<FEN> <move> <score> <move> <score> …` (scores in hundredths of
//! a man for the side to move, best first), whose CRC-32 the header gives.
//! Every position and move is parsed and checked when the book is read: a
//! damaged file is refused as a whole with a one-line [`BookError`], never
//! a wrong move, never a panic.

pub mod build;

use core::fmt;
use std::collections::HashMap;

use crate::checkers::{Move, Position};
pub use crate::datafile::BodyError;
use crate::datafile::Header;
use crate::Position as _;

/// One move of a book position and its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The move.
    pub mv: Move,
    /// Its value for the side to move, in hundredths of a man (or a win /
    /// loss score, see [`crate::search::MATE`]).
    pub score: i32,
}

/// An opening book: book positions by Zobrist key, each with its moves,
/// best first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Book {
    entries: HashMap<u64, (Position, Vec<BookMove>)>,
}

/// Why a book file was not used (one line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookError {
    /// The header line is missing or wrong.
    Header(String),
    /// The contents are not what the header says.
    Body(BodyError),
    /// A line of the book is wrong: its number (from 1) and why.
    Line(usize, String),
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Header(why) => write!(f, "not an opening book: {why}"),
            BookError::Body(e) => e.write(f, "an opening book", "opening book"),
            BookError::Line(n, why) => write!(f, "bad opening book, line {n}: {why}"),
        }
    }
}

impl std::error::Error for BookError {}

const MAGIC: &str = "tiers-book 1 checkers";

impl Book {
    /// The number of book positions.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Adds (or replaces) a position's moves; they are kept best first.
    pub fn insert(&mut self, pos: &Position, mut moves: Vec<BookMove>) {
        moves.sort_by_key(|m| core::cmp::Reverse(m.score));
        self.entries.insert(pos.zobrist(), (*pos, moves));
    }

    /// The book moves of `pos`, best first, if it is a book position.
    #[must_use]
    pub fn moves(&self, pos: &Position) -> Option<&[BookMove]> {
        self.entries
            .get(&pos.zobrist())
            .filter(|(p, _)| p == pos)
            .map(|(_, m)| m.as_slice())
    }

    /// The move to play from `pos`: the best one when `margin` is 0, else
    /// one of those within `margin` hundredths of a man of the best,
    /// chosen by `seed`.
    ///
    /// With `margin` 0 (the top level), only a best move the book
    /// *follows* (it leads to another book position) is played: its value
    /// is backed up from the positions after it, while the moves of the
    /// book's last positions carry only the build's search, which a
    /// search at a long time control outsees; there `None` lets the
    /// player search.
    ///
    /// ```
    /// use tiers_engine::book::{Book, BookMove};
    /// use tiers_engine::{checkers::Position, Position as _};
    /// let pos = Position::start();
    /// let mut moves = Vec::new();
    /// pos.legal_moves(&mut moves);
    /// let mut book = Book::default();
    /// book.insert(&pos, vec![
    ///     BookMove { mv: moves[0], score: 5 },
    ///     BookMove { mv: moves[1], score: 7 },
    ///     BookMove { mv: moves[2], score: -40 },
    /// ]);
    /// // The best move is not followed yet: the top level searches.
    /// assert!(book.choose(&pos, 0, 1).is_none());
    /// for seed in 0..20 {
    ///     assert_ne!(book.choose(&pos, 10, seed).unwrap().mv, moves[2]);
    /// }
    /// let after = pos.play(&moves[1]);
    /// let mut replies = Vec::new();
    /// after.legal_moves(&mut replies);
    /// book.insert(&after, vec![BookMove { mv: replies[0], score: -7 }]);
    /// assert_eq!(book.choose(&pos, 0, 1).unwrap().mv, moves[1]);
    /// ```
    #[must_use]
    pub fn choose(&self, pos: &Position, margin: i32, seed: u64) -> Option<BookMove> {
        let moves = self.moves(pos)?;
        let best = moves.first()?.score;
        if margin == 0 {
            let first = moves[0];
            return self.moves(&pos.play(&first.mv)).map(|_| first);
        }
        let near = moves
            .iter()
            .take_while(|m| m.score >= best - margin)
            .count();
        let pick = crate::search::eval::mix64(seed ^ pos.zobrist()) % near as u64;
        moves.get(pick as usize).copied()
    }

    /// Every book position with its moves, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = (&Position, &[BookMove])> {
        self.entries.values().map(|(p, m)| (p, m.as_slice()))
    }

    /// The book as text, one position a line sorted by FEN (what the file
    /// compresses).
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut lines: Vec<String> = self
            .iter()
            .map(|(pos, moves)| {
                let mut line = pos.to_text();
                for m in moves {
                    line.push_str(&format!(" {} {}", pos.move_to_string(&m.mv), m.score));
                }
                line
            })
            .collect();
        lines.sort();
        lines.iter().map(|l| format!("{l}\n")).collect()
    }

    /// Reads the text of [`Book::to_text`]; every position and move is
    /// checked.
    pub fn from_text(text: &str) -> Result<Book, BookError> {
        let mut book = Book::default();
        for (i, line) in text.lines().enumerate() {
            let bad = |why: String| BookError::Line(i + 1, why);
            let mut words = line.split(' ');
            let fen = words.next().unwrap_or_default();
            let pos = Position::parse(fen).map_err(|e| bad(format!("position `{fen}`: {e}")))?;
            let mut moves = Vec::new();
            while let Some(text) = words.next() {
                let mv = pos
                    .parse_move(text)
                    .map_err(|e| bad(format!("move `{text}`: {e}")))?;
                let score = words
                    .next()
                    .and_then(|s| s.parse::<i32>().ok())
                    .filter(|s| s.abs() < crate::search::MATE)
                    .ok_or_else(|| bad(format!("move `{text}` has no score")))?;
                if moves.iter().any(|m: &BookMove| m.mv == mv) {
                    return Err(bad(format!("move `{text}` twice")));
                }
                moves.push(BookMove { mv, score });
            }
            if moves.is_empty() {
                return Err(bad("a position without moves".into()));
            }
            if book.moves(&pos).is_some() {
                return Err(bad(format!("position `{fen}` twice")));
            }
            book.insert(&pos, moves);
        }
        Ok(book)
    }

    /// The book file's bytes.
    #[must_use]
    pub fn to_file(&self) -> Vec<u8> {
        let body = miniz_oxide::deflate::compress_to_vec(self.to_text().as_bytes(), 10);
        crate::datafile::write(MAGIC, &format!("positions {}", self.len()), &body)
    }

    /// Reads a book file.
    ///
    /// ```
    /// use tiers_engine::book::Book;
    /// assert!(Book::from_file(b"").unwrap_err().to_string().starts_with("not an opening book"));
    /// let empty = Book::default().to_file();
    /// assert_eq!(Book::from_file(&empty).unwrap().len(), 0);
    /// ```
    pub fn from_file(bytes: &[u8]) -> Result<Book, BookError> {
        let header = Header::read(bytes, MAGIC).map_err(BookError::Header)?;
        let positions = header.number("positions").map_err(BookError::Header)?;
        let body = header.body().map_err(BookError::Body)?;
        let text = miniz_oxide::inflate::decompress_to_vec_with_limit(body, 64 << 20)
            .map_err(|_| BookError::Header("the contents do not inflate".into()))?;
        let text = String::from_utf8(text)
            .map_err(|_| BookError::Header("the contents are not text".into()))?;
        let book = Book::from_text(&text)?;
        if book.len() != positions {
            return Err(BookError::Header(format!(
                "{} positions, the header says {positions}",
                book.len()
            )));
        }
        Ok(book)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Book {
        let mut book = Book::default();
        let mut pos = Position::start();
        for _ in 0..3 {
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            let scored = moves
                .iter()
                .enumerate()
                .map(|(i, &mv)| BookMove {
                    mv,
                    score: 10 - 7 * i as i32,
                })
                .collect();
            book.insert(&pos, scored);
            pos = pos.play(&moves[0]);
        }
        book
    }

    #[test]
    fn a_book_round_trips_through_its_file() {
        let book = sample();
        let file = book.to_file();
        assert_eq!(Book::from_file(&file).unwrap(), book);
        assert_eq!(book.to_file(), file, "the same bytes every time");
        let start = Position::start();
        assert_eq!(book.moves(&start).unwrap().len(), 7);
        assert!(book
            .moves(&start.play(&book.moves(&start).unwrap()[3].mv))
            .is_none());
    }

    #[test]
    fn damaged_files_are_refused_in_one_line() {
        let file = sample().to_file();
        let cut = &file[..file.len() - 3];
        let e = Book::from_file(cut).unwrap_err().to_string();
        assert!(e.starts_with("truncated opening book"), "{e}");
        let mut flipped = file.clone();
        let last = flipped.len() - 1;
        flipped[last] ^= 0x10;
        let e = Book::from_file(&flipped).unwrap_err().to_string();
        assert!(e.starts_with("corrupt opening book: checksum"), "{e}");
        let e = Book::from_file(b"tiers-eval 1 features 3\n")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("not an opening book"), "{e}");
        for e in [Book::from_file(&file[..10]), Book::from_file(&[0xff; 300])] {
            assert!(!e.unwrap_err().to_string().contains('\n'));
        }
    }

    #[test]
    fn bad_lines_say_what_is_wrong() {
        let cases = [
            ("W:W21:B1 21-17 5\nX:W1 1-5 0\n", "line 2"),
            ("W:W21:B1 21-18 5\n", "move `21-18`"),
            ("W:W21:B1 21-17\n", "no score"),
            ("W:W21:B1 21-17 40000\n", "no score"),
            ("W:W21:B1\n", "without moves"),
            ("W:W21:B1 21-17 1 21-17 2\n", "twice"),
            ("W:W21:B1 21-17 1\nW:W21:B1 21-17 1\n", "twice"),
        ];
        for (text, want) in cases {
            let e = Book::from_text(text).unwrap_err().to_string();
            assert!(e.contains(want), "{text:?}: {e}");
        }
    }
}
