//! Checkers games in PDN (`[GameType "21"]`): the checkers side of the
//! shared reader and writer in [`crate::pdn`].
//!
//! ```
//! use tiers_engine::checkers::pdn;
//! let games = pdn::read_games(
//!     "[Event \"Ohio State Ty 1946\"]\n[Black \"MF Tinsley\"]\n[White \"M Rex\"]\n[Result \"1/2-1/2\"]\n\
//!      1. 11-15 23-18 2. 8-11 27-23 1/2-1/2\n",
//! )
//! .unwrap();
//! assert_eq!(games[0].game.ply(), 4);
//! let text = pdn::write_game(&games[0].tags, &games[0].game);
//! assert!(text.contains("[Black \"MF Tinsley\"]\n[Result \"1/2-1/2\"]\n[GameType \"21\"]\n"));
//! ```

use super::Position;
use crate::pdn::{self as shared, BadStart, PdnError, PdnGame, StartProblem, Tags, Variant};
use crate::shapes::ShapeSquares;
use crate::{Color, Game, Position as _};

pub use crate::pdn::{PdnErrorKind, PdnResult};

/// Checkers names squares in shapes by their numbers (1–32, dark squares
/// only), an arrow's two joined by `-` (`[%cal G22-18]`).
impl ShapeSquares for Position {
    const ARROW_JOIN: &'static str = "-";

    fn shape_square_name(sq: u8) -> Option<String> {
        super::index64_to_square(sq).map(|n| n.to_string())
    }

    fn shape_square(name: &str) -> Option<u8> {
        if name.is_empty() || name.len() > 2 || !name.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let i = super::square_to_index64(name.parse().ok()?);
        (i < 64).then_some(i)
    }
}

impl Variant for Position {
    const GAME_TYPE: &'static str = "21";
    const FIRST: Color = Color::Black;

    fn accepts_game_type(value: &str) -> bool {
        // The short form `21` or the long one `21,B,8,8,N1,0`.
        value.split(',').next().map(str::trim) == Some("21")
    }

    fn start_tags(start: &Self) -> Vec<(&'static str, String)> {
        if start.to_text() == Position::start().to_text() {
            Vec::new()
        } else {
            vec![("SetUp", "1".to_string()), ("FEN", start.to_text())]
        }
    }

    fn start_from_tags(tags: &Tags, first_number: Option<u32>) -> Result<Self, BadStart> {
        match tags.get("FEN").map(str::trim).filter(|f| !f.is_empty()) {
            None => Ok(Position::start()),
            Some(fen) => {
                let pos = Position::parse(fen).map_err(|e| BadStart {
                    tag: "FEN",
                    value: fen.to_string(),
                    problem: StartProblem::Fen(e),
                })?;
                Ok(match first_number {
                    Some(n) if n > 0 => {
                        let plies = pos.plies_since_capture();
                        pos.with_counters(plies, n)
                    }
                    _ => pos,
                })
            }
        }
    }
}

/// Reads every game of a PDN file (see [`crate::pdn::read_games`]).
pub fn read_games(text: &str) -> Result<Vec<PdnGame<Position>>, PdnError> {
    shared::read_games(text)
}

/// Writes one game as PDN (see [`crate::pdn::write_game`]).
#[must_use]
pub fn write_game(tags: &Tags, game: &Game<Position>) -> String {
    shared::write_game(tags, game)
}
