//! The game in progress, seen by the user interface: one object-safe
//! [`Record`] over the engine's generic [`Game`] so that the rest of the app
//! is written once for both games. Everything here is plain data (squares,
//! texts, board views); the rules stay in the engine.

use std::rc::Rc;

use tiers_engine::pdn::{self, Tags, Variant};
use tiers_engine::{BoardView, Color, Game, GameError, GameKind, Outcome, PieceView, Position};

use crate::i18n::errors::Explain;
use crate::i18n::Text;

/// One legal move as the board needs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveOption {
    /// The squares a person clicks: origin, then each target (a1 = 0 … h8 = 63).
    pub squares: Vec<u8>,
    /// Its written form in this position.
    pub text: String,
    /// The squares of the pieces it captures.
    pub captures: Vec<u8>,
}

/// A piece taken during the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Captured {
    /// The piece as it stood when it was taken.
    pub piece: PieceView,
    /// The ply (0-based) of the move that took it.
    pub ply: usize,
}

/// Everything the app asks of a game record, for either game.
pub trait Record {
    /// Which game this is.
    fn kind(&self) -> GameKind;
    /// A boxed copy.
    fn clone_box(&self) -> Box<dyn Record>;
    /// The start position as text (PDN FEN or TFEN).
    fn start_text(&self) -> String;
    /// The position after `ply` moves as text.
    fn position_text_at(&self, ply: usize) -> Option<String>;
    /// The pieces after `ply` moves.
    fn view_at(&self, ply: usize) -> Option<BoardView>;
    /// The side to move after `ply` moves.
    fn side_at(&self, ply: usize) -> Option<Color>;
    /// How many moves are played (the cursor).
    fn ply(&self) -> usize;
    /// How many moves are recorded, including undone ones.
    fn recorded(&self) -> usize;
    /// The written form of every recorded move.
    fn move_texts(&self) -> Vec<String>;
    /// The move played at `ply` (0-based): squares, text, captures.
    fn move_at(&self, ply: usize) -> Option<MoveOption>;
    /// The legal moves at the cursor (none once the game is over).
    fn legal(&self) -> Vec<MoveOption>;
    /// Plays the move with this written form; the error says why not.
    fn play_text(&mut self, text: &str) -> Result<(), String>;
    /// Why the move with this written form cannot be played (None if it
    /// can), as a message the page says in its language.
    fn explain(&self, text: &str) -> Option<Text>;
    /// Takes back one move.
    fn undo(&mut self) -> bool;
    /// Plays an undone move again.
    fn redo(&mut self) -> bool;
    /// The outcome at the cursor.
    fn outcome(&self) -> Option<Outcome>;
    /// `color` resigns.
    fn resign(&mut self, color: Color);
    /// `color`'s clock reached zero: the other side wins (RULES.md §3).
    fn lose_on_time(&mut self, color: Color);
    /// The players agree a draw.
    fn agree_draw(&mut self);
    /// The pieces each side has lost up to the cursor (index by `Color::index`
    /// of the side that lost them).
    fn captured(&self) -> [Vec<Captured>; 2];
    /// The written name of a square in this game ("e3", or "15" for a
    /// checkers playing square).
    fn square_name(&self, sq: u8) -> String;
    /// The game up to the cursor as PDN (checkers) or the Tiers record,
    /// with these tags.
    fn to_pdn(&self, tags: &Tags) -> String;
    /// [`Record::to_pdn`] with a comment and NAGs for each move.
    fn to_pdn_annotated(&self, tags: &Tags, notes: &[tiers_engine::pdn::Annotation]) -> String;
    /// The move number of the first move, and whether it is the second move
    /// of its pair (the game was set up with the second player to move), as
    /// the game record numbers it.
    fn first_move_number(&self) -> (u32, bool);
}

impl Clone for Box<dyn Record> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

impl PartialEq for dyn Record {
    fn eq(&self, other: &Self) -> bool {
        self.kind() == other.kind()
            && self.ply() == other.ply()
            && self.recorded() == other.recorded()
            && self.start_text() == other.start_text()
            && self.move_texts() == other.move_texts()
            && self.outcome() == other.outcome()
    }
}

/// A chess-like name for a 64-square index: a1 = 0 … h8 = 63.
#[must_use]
pub fn algebraic(sq: u8) -> String {
    let file = (b'a' + sq % 8) as char;
    let rank = (b'1' + sq / 8) as char;
    format!("{file}{rank}")
}

/// The 64-square index of a chess-like name ("e3"); a name that is not a
/// square of the board panics (for names written in the code: diagrams and
/// tests).
#[must_use]
pub fn square(name: &str) -> u8 {
    let b = name.as_bytes();
    assert!(
        b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1]),
        "{name} is not a square"
    );
    (b[0] - b'a') + 8 * (b[1] - b'1')
}

/// The checkers square number (1–32) of a dark square, Red at the bottom
/// (RULES.md: 1 is b8, 4 is h8, 5 is a7, 29 is a1, 32 is g1).
#[must_use]
pub fn checkers_number(sq: u8) -> Option<u8> {
    let file = sq % 8;
    let rank = sq / 8;
    if !(file + rank).is_multiple_of(2) {
        return None;
    }
    let row = 7 - rank; // 0 = rank 8
    Some(row * 4 + file / 2 + 1)
}

/// Whether a square is dark (a1 is dark).
#[must_use]
pub fn is_dark(sq: u8) -> bool {
    (sq % 8 + sq / 8).is_multiple_of(2)
}

impl<P: Variant<MoveError: Explain>> Record for Game<P> {
    fn kind(&self) -> GameKind {
        P::KIND
    }

    fn clone_box(&self) -> Box<dyn Record> {
        Box::new(self.clone())
    }

    fn start_text(&self) -> String {
        self.start().to_text()
    }

    fn position_text_at(&self, ply: usize) -> Option<String> {
        self.position_at(ply).map(Position::to_text)
    }

    fn view_at(&self, ply: usize) -> Option<BoardView> {
        self.position_at(ply).map(Position::board_view)
    }

    fn side_at(&self, ply: usize) -> Option<Color> {
        self.position_at(ply).map(Position::side_to_move)
    }

    fn ply(&self) -> usize {
        Game::ply(self)
    }

    fn recorded(&self) -> usize {
        self.all_moves().len()
    }

    fn move_texts(&self) -> Vec<String> {
        self.all_moves()
            .iter()
            .enumerate()
            .filter_map(|(i, mv)| self.position_at(i).map(|p| p.move_to_string(mv)))
            .collect()
    }

    fn move_at(&self, ply: usize) -> Option<MoveOption> {
        let mv = self.all_moves().get(ply)?;
        let pos = self.position_at(ply)?;
        Some(option(pos, mv))
    }

    fn legal(&self) -> Vec<MoveOption> {
        let pos = self.position();
        Game::legal_moves(self)
            .iter()
            .map(|mv| option(pos, mv))
            .collect()
    }

    fn play_text(&mut self, text: &str) -> Result<(), String> {
        Game::play_text(self, text)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    fn explain(&self, text: &str) -> Option<Text> {
        if let Some(outcome) = self.outcome() {
            return Some(GameError::<P::MoveError>::GameOver(outcome).explain());
        }
        self.position().parse_move(text).err().map(|e| e.explain())
    }

    fn undo(&mut self) -> bool {
        Game::undo(self)
    }

    fn redo(&mut self) -> bool {
        Game::redo(self)
    }

    fn outcome(&self) -> Option<Outcome> {
        Game::outcome(self)
    }

    fn resign(&mut self, color: Color) {
        Game::resign(self, color);
    }

    fn agree_draw(&mut self) {
        Game::agree_draw(self);
    }

    fn lose_on_time(&mut self, color: Color) {
        Game::lose_on_time(self, color);
    }

    fn captured(&self) -> [Vec<Captured>; 2] {
        let mut out = [Vec::new(), Vec::new()];
        for (ply, mv) in self.moves().iter().enumerate() {
            let Some(pos) = self.position_at(ply) else {
                continue;
            };
            let view = pos.board_view();
            for sq in pos.captured_squares(mv) {
                if let Some(piece) = view.get(usize::from(sq)).copied().flatten() {
                    out[piece.color.index()].push(Captured { piece, ply });
                }
            }
        }
        out
    }

    fn square_name(&self, sq: u8) -> String {
        match P::KIND {
            GameKind::Checkers => {
                checkers_number(sq).map_or_else(|| algebraic(sq), |n| n.to_string())
            }
            GameKind::Tiers => algebraic(sq),
        }
    }

    fn to_pdn(&self, tags: &Tags) -> String {
        pdn::write_game(tags, self)
    }

    fn to_pdn_annotated(&self, tags: &Tags, notes: &[tiers_engine::pdn::Annotation]) -> String {
        pdn::write_annotated(tags, self, notes)
    }

    fn first_move_number(&self) -> (u32, bool) {
        let start = self.start();
        (start.move_number(), start.side_to_move() != P::FIRST)
    }
}

fn option<P: Position>(pos: &P, mv: &P::Move) -> MoveOption {
    MoveOption {
        squares: pos.move_squares(mv),
        text: pos.move_to_string(mv),
        captures: pos.captured_squares(mv),
    }
}

/// A shared, cheaply cloned record for props.
pub type SharedRecord = Rc<Box<dyn Record>>;

/// A new checkers game from the standard start.
#[must_use]
pub fn new_checkers() -> Box<dyn Record> {
    Box::new(Game::new(tiers_engine::checkers::Position::start()))
}

/// The squares a person clicks to play the legal move written `text`
/// (tests play moves as a person would).
#[cfg(test)]
pub(crate) fn squares_of(record: &dyn Record, text: &str) -> Vec<u8> {
    record
        .legal()
        .into_iter()
        .find(|m| m.text == text)
        .unwrap_or_else(|| panic!("{text} is not legal"))
        .squares
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checkers_numbers_follow_the_rule_book() {
        let sq = |name: &str| {
            let b = name.as_bytes();
            (b[0] - b'a') + 8 * (b[1] - b'1')
        };
        assert_eq!(checkers_number(sq("b8")), Some(1));
        assert_eq!(checkers_number(sq("h8")), Some(4));
        assert_eq!(checkers_number(sq("a7")), Some(5));
        assert_eq!(checkers_number(sq("a1")), Some(29));
        assert_eq!(checkers_number(sq("g1")), Some(32));
        assert_eq!(checkers_number(sq("b1")), None);
        assert_eq!(algebraic(sq("e3")), "e3");
    }

    #[test]
    fn moves_are_numbered_from_the_start_position() {
        assert_eq!(new_checkers().first_move_number(), (1, false));
        let set_up: Box<dyn Record> = Box::new(Game::new(
            tiers_engine::tiers::Position::parse("7k/8/8/8/8/8/8/K7 b 0 50").unwrap(),
        ));
        assert_eq!(set_up.first_move_number(), (50, true));
        let red_first: Box<dyn Record> = Box::new(Game::new(
            tiers_engine::checkers::Position::parse("W:W18:B14").unwrap(),
        ));
        assert_eq!(
            red_first.first_move_number(),
            (1, true),
            "Black moves first in checkers"
        );
    }
}
