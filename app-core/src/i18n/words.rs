//! The words for the engine's names (sides, levels, pieces, games) as
//! messages, to be said alone or put into other messages.

use tiers_engine::search::Level;
use tiers_engine::{Color, GameKind, PieceKind};

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
