//! The game record: a start position, the moves played, undo and redo, and
//! the outcome with its reason (RULES.md "End of the game").

use crate::{Color, Position};
use core::fmt;
use serde::{Deserialize, Serialize};

/// Why a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WinReason {
    /// The loser was to move and had no legal move (every piece blocked).
    NoLegalMove,
    /// The loser was to move and had no pieces left.
    NoPieces,
    /// The loser resigned.
    Resignation,
    /// The loser's clock reached zero (RULES.md §3: a flag loses, whatever
    /// the position).
    Time,
}

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DrawReason {
    /// The same position with the same side to move occurred a third time.
    ThreefoldRepetition,
    /// 100 plies passed without a capture.
    HundredPlies,
    /// The players agreed a draw.
    Agreement,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// One side won.
    Win {
        /// The winner.
        winner: Color,
        /// Why.
        reason: WinReason,
    },
    /// Nobody won.
    Draw {
        /// Why.
        reason: DrawReason,
    },
}

impl Outcome {
    /// The winner, if any.
    #[must_use]
    pub const fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }

    /// The reason in plain words, e.g. "Black has no legal move".
    #[must_use]
    pub fn reason_text(self) -> String {
        match self {
            Outcome::Win { winner, reason } => {
                let loser = winner.opposite();
                match reason {
                    WinReason::NoLegalMove => format!("{loser} has no legal move"),
                    WinReason::NoPieces => format!("{loser} has no pieces left"),
                    WinReason::Resignation => format!("{loser} resigned"),
                    WinReason::Time => format!("{loser} ran out of time"),
                }
            }
            Outcome::Draw { reason } => match reason {
                DrawReason::ThreefoldRepetition => "threefold repetition".to_string(),
                DrawReason::HundredPlies => "100 plies without a capture".to_string(),
                DrawReason::Agreement => "draw agreed".to_string(),
            },
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, .. } => write!(f, "{winner} wins: {}", self.reason_text()),
            Outcome::Draw { .. } => write!(f, "Draw: {}", self.reason_text()),
        }
    }
}

/// Asking for something the game record cannot do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError<E> {
    /// The game is over: no more moves.
    GameOver(Outcome),
    /// The move text was unreadable or the move illegal.
    Move(E),
    /// A move value that is not legal in the current position (its text).
    NotLegal(String),
}

impl<E: fmt::Display> fmt::Display for GameError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::GameOver(outcome) => write!(f, "the game is over ({outcome})"),
            GameError::Move(e) => e.fmt(f),
            GameError::NotLegal(mv) => write!(f, "{mv} is not a legal move here"),
        }
    }
}

impl<E: fmt::Debug + fmt::Display> std::error::Error for GameError<E> {}

/// A game: start position, moves, a cursor for undo/redo and the outcome.
///
/// ```
/// use tiers_engine::{checkers, Game, Position};
/// let mut game = Game::new(checkers::Position::start());
/// game.play_text("11-15").unwrap();
/// assert_eq!(game.ply(), 1);
/// game.undo();
/// assert_eq!(game.ply(), 0);
/// game.redo();
/// assert_eq!(game.move_texts(), vec!["11-15".to_string()]);
/// ```
#[derive(Clone, Debug)]
pub struct Game<P: Position> {
    /// `positions[i]` is the position after `i` moves; `positions[0]` is the start.
    positions: Vec<P>,
    /// `moves[i]` was played in `positions[i]`.
    moves: Vec<P::Move>,
    /// How many of `moves` are currently played (less than `moves.len()` after undo).
    cursor: usize,
    /// A resignation, an agreed draw or a loss on time, with the ply at
    /// which it was declared.
    declared: Option<(usize, Outcome)>,
    /// Reused buffer for legal move lists.
    scratch: Vec<P::Move>,
}

impl<P: Position> Game<P> {
    /// A new game from `start`.
    #[must_use]
    pub fn new(start: P) -> Self {
        Game {
            positions: vec![start],
            moves: Vec::new(),
            cursor: 0,
            declared: None,
            scratch: Vec::new(),
        }
    }

    /// The start position.
    #[must_use]
    pub fn start(&self) -> &P {
        &self.positions[0]
    }

    /// The current position (after undo, the position at the cursor).
    #[must_use]
    pub fn position(&self) -> &P {
        &self.positions[self.cursor]
    }

    /// The position after `ply` moves (0 is the start), if that many were played.
    #[must_use]
    pub fn position_at(&self, ply: usize) -> Option<&P> {
        self.positions.get(ply)
    }

    /// How many moves are currently played.
    #[must_use]
    pub fn ply(&self) -> usize {
        self.cursor
    }

    /// Every move played, including those undone but still redoable.
    #[must_use]
    pub fn all_moves(&self) -> &[P::Move] {
        &self.moves
    }

    /// The moves played up to the cursor.
    #[must_use]
    pub fn moves(&self) -> &[P::Move] {
        &self.moves[..self.cursor]
    }

    /// The moves up to the cursor in their written form.
    #[must_use]
    pub fn move_texts(&self) -> Vec<String> {
        self.moves()
            .iter()
            .zip(&self.positions)
            .map(|(mv, pos)| pos.move_to_string(mv))
            .collect()
    }

    /// The last move played, with the position it was played in.
    #[must_use]
    pub fn last_move(&self) -> Option<(&P, &P::Move)> {
        self.cursor
            .checked_sub(1)
            .map(|i| (&self.positions[i], &self.moves[i]))
    }

    /// The legal moves of the current position (none once the game is over).
    #[must_use]
    pub fn legal_moves(&self) -> Vec<P::Move> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        let mut out = Vec::new();
        self.position().legal_moves(&mut out);
        out
    }

    /// Plays a legal move at the cursor; moves that were undone are dropped.
    pub fn play(&mut self, mv: P::Move) -> Result<(), GameError<P::MoveError>> {
        if let Some(outcome) = self.outcome() {
            return Err(GameError::GameOver(outcome));
        }
        self.push_legal(mv)
    }

    /// Plays `mv` if it is legal at the cursor (the move list is built in
    /// a reused buffer).
    fn push_legal(&mut self, mv: P::Move) -> Result<(), GameError<P::MoveError>> {
        let mut legal = std::mem::take(&mut self.scratch);
        legal.clear();
        self.position().legal_moves(&mut legal);
        let ok = legal.contains(&mv);
        self.scratch = legal;
        if !ok {
            return Err(GameError::NotLegal(self.position().move_to_string(&mv)));
        }
        self.push(mv);
        Ok(())
    }

    /// Reads a move in any written form and plays it.
    pub fn play_text(&mut self, text: &str) -> Result<P::Move, GameError<P::MoveError>> {
        if let Some(outcome) = self.outcome() {
            return Err(GameError::GameOver(outcome));
        }
        let mv = self.position().parse_move(text).map_err(GameError::Move)?;
        self.push(mv);
        Ok(mv)
    }

    /// Plays a legal move at the cursor even if a draw rule (threefold
    /// repetition, 100 plies) has ended the game there: for importing
    /// recorded games, whose players may have played on. Moves after a
    /// win (no legal move, no pieces, resignation) are still refused.
    pub fn play_recorded(&mut self, mv: P::Move) -> Result<(), GameError<P::MoveError>> {
        if let Some((ply, outcome)) = self.declared {
            if ply == self.cursor {
                return Err(GameError::GameOver(outcome));
            }
        }
        self.push_legal(mv)
    }

    fn push(&mut self, mv: P::Move) {
        let next = self.position().play(&mv);
        self.positions.truncate(self.cursor + 1);
        self.moves.truncate(self.cursor);
        self.positions.push(next);
        self.moves.push(mv);
        self.cursor += 1;
        self.declared = None;
    }

    /// Whether there is a move to take back.
    #[must_use]
    pub fn can_undo(&self) -> bool {
        self.cursor > 0
    }

    /// Whether there is an undone move to play again.
    #[must_use]
    pub fn can_redo(&self) -> bool {
        self.cursor < self.moves.len()
    }

    /// Takes back one move (and any resignation, agreed draw or loss on
    /// time). Returns
    /// whether anything changed.
    pub fn undo(&mut self) -> bool {
        if self.declared.take().is_some() {
            return true;
        }
        if self.cursor == 0 {
            return false;
        }
        self.cursor -= 1;
        true
    }

    /// Plays an undone move again. Returns whether anything changed.
    pub fn redo(&mut self) -> bool {
        if !self.can_redo() || self.declared.is_some() {
            return false;
        }
        self.cursor += 1;
        true
    }

    /// Moves the cursor to `ply` (clamped to the moves recorded).
    pub fn go_to(&mut self, ply: usize) {
        self.declared = None;
        self.cursor = ply.min(self.moves.len());
    }

    /// `color` resigns; the other side wins. No effect once the game is over.
    pub fn resign(&mut self, color: Color) {
        if self.outcome().is_none() {
            self.declared = Some((
                self.cursor,
                Outcome::Win {
                    winner: color.opposite(),
                    reason: WinReason::Resignation,
                },
            ));
        }
    }

    /// `color`'s clock reached zero: the other side wins, whatever the
    /// position (RULES.md §3). No effect once the game is over (a move that
    /// ended the game came first).
    pub fn lose_on_time(&mut self, color: Color) {
        if self.outcome().is_none() {
            self.declared = Some((
                self.cursor,
                Outcome::Win {
                    winner: color.opposite(),
                    reason: WinReason::Time,
                },
            ));
        }
    }

    /// The players agree a draw. No effect once the game is over.
    pub fn agree_draw(&mut self) {
        if self.outcome().is_none() {
            self.declared = Some((
                self.cursor,
                Outcome::Draw {
                    reason: DrawReason::Agreement,
                },
            ));
        }
    }

    /// How many times the current position (same side to move) has occurred
    /// so far, counting the current occurrence. Only the positions since
    /// the last capture are looked at: a capture takes material off for
    /// good, so no earlier position can come back.
    #[must_use]
    pub fn repetitions(&self) -> usize {
        let current = self.position();
        let hash = current.zobrist();
        let since = (current.plies_since_capture() as usize).min(self.cursor);
        self.positions[self.cursor - since..=self.cursor]
            .iter()
            .filter(|p| p.zobrist() == hash && *p == current)
            .count()
    }

    /// The outcome at the cursor, if the game is over there.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some((ply, outcome)) = self.declared {
            if ply == self.cursor {
                return Some(outcome);
            }
        }
        let pos = self.position();
        let mover = pos.side_to_move();
        if pos.piece_count(mover) == 0 {
            return Some(Outcome::Win {
                winner: mover.opposite(),
                reason: WinReason::NoPieces,
            });
        }
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        if legal.is_empty() {
            return Some(Outcome::Win {
                winner: mover.opposite(),
                reason: WinReason::NoLegalMove,
            });
        }
        if self.repetitions() >= 3 {
            return Some(Outcome::Draw {
                reason: DrawReason::ThreefoldRepetition,
            });
        }
        if pos.plies_since_capture() >= 100 {
            return Some(Outcome::Draw {
                reason: DrawReason::HundredPlies,
            });
        }
        None
    }
}
