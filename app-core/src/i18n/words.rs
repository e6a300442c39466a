//! The words for the engine's names (sides, levels, pieces, games) as
//! messages, to be said alone or put into other messages.

use tiers_engine::search::Level;
use tiers_engine::tiers::FormationError;
use tiers_engine::{Color, DrawReason, GameKind, Outcome, PieceKind, PieceView, WinReason};

use super::Text;

/// A side's name: Red (White in British English) or Black.
pub fn side(color: Color) -> Text {
    Text::new(match color {
        Color::Red => "side.red",
        Color::Black => "side.black",
    })
}

/// A level's name ("beginner" … "grandmaster"; above 8: "analysis").
pub fn level(level: Level) -> Text {
    Text::new(match level.number() {
        1 => "level.beginner",
        2 => "level.novice",
        3 => "level.casual",
        4 => "level.club",
        5 => "level.strong-club",
        6 => "level.expert",
        7 => "level.master",
        8 => "level.grandmaster",
        _ => "level.analysis",
    })
}

/// A piece's name ("man", "king", "triple king", …).
pub fn piece(kind: PieceKind) -> Text {
    Text::new(match kind {
        PieceKind::Man => "piece.man",
        PieceKind::King => "piece.king",
        PieceKind::Triple => "piece.triple",
        PieceKind::Quad => "piece.quad",
        PieceKind::Ultra => "piece.ultra",
        PieceKind::DoubleUltra => "piece.double-ultra",
    })
}

/// A game's name: Checkers or Tiers.
pub fn game(kind: GameKind) -> Text {
    Text::new(match kind {
        GameKind::Checkers => "game.checkers",
        GameKind::Tiers => "game.tiers",
    })
}

/// Why a game ended, in a few words ("Black has no legal move").
pub fn outcome_reason(outcome: Outcome) -> Text {
    match outcome {
        Outcome::Win { winner, reason } => {
            let loser = side(winner.opposite());
            Text::new(match reason {
                WinReason::NoLegalMove => "outcome.no-legal-move",
                WinReason::NoPieces => "outcome.no-pieces",
                WinReason::Resignation => "outcome.resigned",
                WinReason::Time => "outcome.time",
            })
            .arg("side", loser)
        }
        Outcome::Draw { reason } => Text::new(match reason {
            DrawReason::ThreefoldRepetition => "outcome.repetition",
            DrawReason::HundredPlies => "outcome.hundred-plies",
            DrawReason::Agreement => "outcome.agreed",
        }),
    }
}

/// How a game ended, in a sentence ("Red wins: Black has no legal move").
pub fn outcome(outcome: Outcome) -> Text {
    match outcome.winner() {
        Some(w) => Text::new("outcome.wins")
            .arg("side", side(w))
            .arg("reason", outcome_reason(outcome)),
        None => Text::new("outcome.draw").arg("reason", outcome_reason(outcome)),
    }
}

/// A piece in words: "red man", "black ultra king carrying a king" (the
/// accessible names of the board's squares).
pub fn piece_view(p: PieceView) -> Text {
    let key = match (p.color, p.carried.is_some()) {
        (Color::Red, false) => "piece.red",
        (Color::Black, false) => "piece.black",
        (Color::Red, true) => "piece.red-carrying",
        (Color::Black, true) => "piece.black-carrying",
    };
    let t = Text::new(key).arg("piece", piece(p.kind));
    match p.carried {
        Some(load) => t.arg("load", piece(load)),
        None => t,
    }
}

impl From<Color> for super::Arg {
    fn from(c: Color) -> Self {
        side(c).into()
    }
}

impl From<GameKind> for super::Arg {
    fn from(k: GameKind) -> Self {
        game(k).into()
    }
}

impl From<Outcome> for super::Arg {
    fn from(o: Outcome) -> Self {
        outcome(o).into()
    }
}

/// What is wrong with a Tiers formation (the engine's
/// [`FormationError`], by its kind).
pub fn formation_error(e: &FormationError) -> Text {
    match e {
        FormationError::NotASquare(w) => Text::new("formation.error-not-a-square").arg("word", w),
        FormationError::Outside { square, color } => {
            let (from, to) = match color {
                Color::Red => (1, 3),
                Color::Black => (6, 8),
            };
            Text::new("formation.error-outside")
                .arg("square", square)
                .arg("side", *color)
                .arg("from", from)
                .arg("to", to)
        }
        FormationError::Duplicate(sq) => Text::new("formation.error-duplicate").arg("square", sq),
        FormationError::TooFew(n) => Text::new("formation.error-too-few").arg("count", *n),
        FormationError::TooMany(n) => Text::new("formation.error-too-many").arg("count", *n),
    }
}
