//! Tiers move text (RULES.md "Tiers notation"): `e3-e4` (step, hop,
//! teleport), `e3xe5xc7` (jumps), `d4xe5` (consume), `d4<e5` (load),
//! `d4>h8` (drop), and a double ultra king's two actions joined by a comma,
//! `d4-f6,f6xg7`.
//!
//! Writing gives the shortest form (fewest landing squares or actions, ties
//! broken alphabetically); reading accepts every form of a legal move.
//!
//! ```
//! use tiers_engine::{tiers, Position};
//! let pos = tiers::Position::start();
//! let err = pos.parse_move("e3-e5").unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "e3-e5 is not legal here; legal moves from e3: e3-d4, e3-e4, e3-f4"
//! );
//! ```

use super::board::{push_square, square_string};
use super::movegen::{jump_sequences, Action, ActionKind, Ctx, Move};
use super::Position;
use crate::Color;
use core::fmt;

/// Why a move's text was not accepted. The message says what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a move in Tiers notation.
    Syntax(String),
    /// A square name that does not exist.
    BadSquare {
        /// The move text.
        text: String,
        /// The bad square name.
        square: String,
    },
    /// No piece on the origin square.
    NoPiece {
        /// The move text.
        text: String,
        /// The origin square.
        square: String,
    },
    /// The piece on the origin square belongs to the side not to move.
    WrongSide {
        /// The move text.
        text: String,
        /// The origin square.
        square: String,
        /// The side to move.
        to_move: Color,
    },
    /// The side must capture and this piece cannot.
    CaptureCompulsory {
        /// The move text.
        text: String,
        /// The squares of the pieces that can capture.
        takers: Vec<String>,
    },
    /// The move is not legal; the legal moves of that piece are listed.
    Illegal {
        /// The move text.
        text: String,
        /// The origin square.
        square: String,
        /// The legal moves from that square, in written form.
        legal: Vec<String>,
    },
}

fn join_or(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax(text) => write!(
                f,
                "cannot read `{text}` as a move: write e3-e4, e3xe5xc7, d4xe5, d4<e5, d4>h8 or d4-f6,f6xg7"
            ),
            MoveError::BadSquare { text, square } => write!(
                f,
                "`{square}` in `{text}` is not a square: squares are a1 to h8"
            ),
            MoveError::NoPiece { text, square } => {
                write!(f, "{text} is not legal here: there is no piece on {square}")
            }
            MoveError::WrongSide {
                text,
                square,
                to_move,
            } => write!(
                f,
                "{text} is not legal here: the piece on {square} is {}'s and {to_move} is to move",
                to_move.opposite()
            ),
            MoveError::CaptureCompulsory { text, takers } => write!(
                f,
                "{text} is not legal here; a capture is compulsory: {} must take",
                join_or(takers)
            ),
            MoveError::Illegal {
                text,
                square,
                legal,
            } => {
                if legal.is_empty() {
                    write!(
                        f,
                        "{text} is not legal here; the piece on {square} has no legal move"
                    )
                } else {
                    const SHOWN: usize = 12;
                    write!(f, "{text} is not legal here; legal moves from {square}: ")?;
                    let shown: Vec<&str> = legal.iter().take(SHOWN).map(String::as_str).collect();
                    f.write_str(&shown.join(", "))?;
                    if legal.len() > SHOWN {
                        write!(f, " and {} more", legal.len() - SHOWN)?;
                    }
                    Ok(())
                }
            }
        }
    }
}

impl std::error::Error for MoveError {}

fn push_action(out: &mut String, a: Action) {
    push_square(out, a.from);
    out.push(a.kind.separator());
    push_square(out, a.to);
}

fn write_path(from: u8, path: &[u8]) -> String {
    let mut s = String::with_capacity(3 * path.len() + 2);
    push_square(&mut s, from);
    for &sq in path {
        s.push('x');
        push_square(&mut s, sq);
    }
    s
}

/// `a` then `b` in written form, joined by a comma.
fn write_pair(a: Action, b: Action) -> String {
    let mut s = String::with_capacity(11);
    push_action(&mut s, a);
    s.push(',');
    push_action(&mut s, b);
    s
}

impl Position {
    /// Every jump path of the piece on `mv.from()` that takes exactly the
    /// pieces of `mv` and lands where it does.
    fn jump_paths(&self, mv: &Move) -> Vec<Vec<u8>> {
        let ctx = Ctx::new(&self.board, self.side);
        let mut paths = Vec::new();
        if let Some(kind) = self.board.kind_of(self.side, mv.from()) {
            jump_sequences(&ctx, kind, mv.from(), &mut |to, captured, path| {
                if to == mv.to() && captured == mv.captured() {
                    paths.push(path.to_vec());
                }
            });
        }
        paths
    }

    /// The written form of a move of this position: the shortest one, ties
    /// broken alphabetically.
    #[must_use]
    pub fn move_text(&self, mv: &Move) -> String {
        let first = mv.first();
        if first.kind == ActionKind::Jump {
            let best = self
                .jump_paths(mv)
                .into_iter()
                .map(|p| (p.len(), write_path(first.from, &p)))
                .min();
            if let Some((_, text)) = best {
                return text;
            }
            // Not a move of this position: write it as a single jump.
            return write_path(first.from, &[first.to]);
        }
        match mv.second() {
            None => {
                let mut s = String::with_capacity(5);
                push_action(&mut s, first);
                s
            }
            Some(second) => write_pair(first, second),
        }
    }

    /// Every written form of a legal move of this position (the shortest
    /// one first): every jump path, and every action sequence (of a double
    /// ultra king, or another piece's jump round to its start) that leads
    /// to the same position.
    #[must_use]
    pub fn move_forms(&self, mv: &Move) -> Vec<String> {
        let head = self.move_text(mv);
        let mut forms = Vec::new();
        if mv.first().kind == ActionKind::Jump {
            for p in self.jump_paths(mv) {
                forms.push(write_path(mv.from(), &p));
            }
        }
        if self.has_double_ultra() || is_loop(mv) {
            let result = self.apply(mv).board;
            let mut raw = Vec::new();
            self.generate_forms(&mut raw);
            for r in &raw {
                if self.apply(r).board == result {
                    forms.extend(self.forms_of_raw(r));
                }
            }
        }
        forms.sort();
        forms.dedup();
        forms.retain(|f| *f != head);
        forms.insert(0, head);
        forms
    }

    fn has_double_ultra(&self) -> bool {
        self.board.pieces[self.side.index()][5] != 0
    }

    /// The written forms of one unmerged action sequence: every path of a
    /// jump, else its one text.
    fn forms_of_raw(&self, r: &Move) -> Vec<String> {
        if r.first().kind == ActionKind::Jump {
            self.jump_paths(r)
                .iter()
                .map(|p| write_path(r.from(), p))
                .collect()
        } else {
            vec![self.move_text(r)]
        }
    }

    /// The legal move (of `legal`) that `text` (normalised, from `origin`
    /// to `last`) is a form of. Only moves with the same origin and final
    /// square are written out and compared, so that reading stays fast in
    /// positions with hundreds of moves.
    fn find_form(&self, legal: &[Move], text: &str, origin: u8, last: u8) -> Option<Move> {
        let same_ends = |m: &&Move| m.from() == origin && m.to() == last;
        if let Some(m) = legal
            .iter()
            .filter(same_ends)
            .find(|m| self.move_text(m) == text)
        {
            return Some(*m);
        }
        for m in legal
            .iter()
            .filter(same_ends)
            .filter(|m| m.first().kind == ActionKind::Jump)
        {
            if self
                .jump_paths(m)
                .iter()
                .any(|p| write_path(m.from(), p) == text)
            {
                return Some(*m);
            }
        }
        // A form of a move merged with another (double ultra king action
        // sequences; a jump round to its start, merged with another
        // piece's): find the sequence, then the legal move of its result.
        if self.has_double_ultra() || origin == last {
            let mut raw = Vec::new();
            self.generate_forms(&mut raw);
            if let Some(r) = raw
                .iter()
                .filter(same_ends)
                .find(|r| self.forms_of_raw(r).iter().any(|f| f == text))
            {
                let result = self.apply(r).board;
                return legal
                    .iter()
                    .find(|m| self.apply(m).board == result)
                    .copied();
            }
        }
        None
    }

    /// Reads a move in any of its written forms and checks it is legal.
    pub fn read_move(&self, text: &str) -> Result<Move, MoveError> {
        let norm: String = text
            .chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| c.to_ascii_lowercase())
            .collect();
        let origin = check_syntax(&norm)?;
        let last = super::board::parse_square(&norm[norm.len() - 2..])
            .ok_or_else(|| MoveError::Syntax(norm.clone()))?;
        let mut moves = Vec::new();
        self.generate(&mut moves);
        if let Some(mv) = self.find_form(&moves, &norm, origin, last) {
            return Ok(mv);
        }
        let square = square_string(origin);
        match self.board.at(origin) {
            None => {
                return Err(MoveError::NoPiece { text: norm, square });
            }
            Some((color, _)) if color != self.side => {
                return Err(MoveError::WrongSide {
                    text: norm,
                    square,
                    to_move: self.side,
                });
            }
            _ => {}
        }
        let mut legal: Vec<String> = moves
            .iter()
            .filter(|m| m.from() == origin)
            .map(|m| self.move_text(m))
            .collect();
        legal.sort();
        if legal.is_empty() && moves.iter().all(Move::is_capture) && !moves.is_empty() {
            let mut takers: Vec<u8> = moves.iter().map(Move::from).collect();
            takers.sort_by_key(|&sq| super::movegen::name_key(sq));
            takers.dedup();
            return Err(MoveError::CaptureCompulsory {
                text: norm,
                takers: takers.into_iter().map(square_string).collect(),
            });
        }
        Err(MoveError::Illegal {
            text: norm,
            square,
            legal,
        })
    }

    /// The squares a person clicks for `mv`: its origin, then each square it
    /// goes to or acts on.
    #[must_use]
    pub fn click_squares(&self, mv: &Move) -> Vec<u8> {
        let first = mv.first();
        if first.kind == ActionKind::Jump {
            let mut best: Option<(usize, String, Vec<u8>)> = None;
            for p in self.jump_paths(mv) {
                let key = (p.len(), write_path(first.from, &p));
                if best.as_ref().is_none_or(|b| (b.0, &b.1) > (key.0, &key.1)) {
                    best = Some((key.0, key.1, p));
                }
            }
            let mut out = vec![first.from];
            match best {
                Some((_, _, p)) => out.extend(p),
                None => out.push(first.to),
            }
            return out;
        }
        let mut out = vec![first.from, first.to];
        if let Some(second) = mv.second() {
            out.push(second.to);
        }
        out
    }
}

/// Checks the shape of a (normalised) move text; returns its origin square.
fn check_syntax(text: &str) -> Result<u8, MoveError> {
    let syntax = || MoveError::Syntax(text.to_string());
    if text.is_empty() || !text.is_ascii() {
        return Err(syntax());
    }
    let mut origin = None;
    for part in text.split(',') {
        let b = part.as_bytes();
        // square (sep square)+
        if b.len() < 5 || (b.len() - 2) % 3 != 0 {
            return Err(syntax());
        }
        let mut i = 0;
        while i < b.len() {
            if i > 0 {
                if !matches!(b[i], b'-' | b'x' | b'<' | b'>') {
                    return Err(syntax());
                }
                i += 1;
            }
            let name = &part[i..i + 2];
            let bytes = name.as_bytes();
            if !bytes[0].is_ascii_alphabetic() || !bytes[1].is_ascii_digit() {
                return Err(syntax());
            }
            let sq = super::board::parse_square(name).ok_or_else(|| MoveError::BadSquare {
                text: text.to_string(),
                square: name.to_string(),
            })?;
            origin.get_or_insert(sq);
            i += 2;
        }
    }
    origin.ok_or_else(syntax)
}

/// Whether `mv` is a jump sequence that ends where it started.
fn is_loop(mv: &Move) -> bool {
    mv.first().kind == ActionKind::Jump && mv.from() == mv.to()
}
