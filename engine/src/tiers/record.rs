//! The Tiers game record: PDN-like text with `[GameType "Tiers"]`, the
//! start given by `RedFormation` / `BlackFormation` tags (or `SetUp` and a
//! TFEN `FEN` for any other start), moves in Tiers notation with move
//! numbers (Red moves first), results `1-0` (Red won), `0-1` (Black won),
//! `1/2-1/2`, `*`. It is the checkers PDN machinery of [`crate::pdn`] with
//! Tiers' own start position and notation.
//!
//! ```
//! use tiers_engine::tiers::{record, Formation, Position, Preset};
//! use tiers_engine::pdn::Tags;
//! use tiers_engine::{Color, Game};
//!
//! let start = Position::from_formations(
//!     &Formation::preset(Preset::Wedge, Color::Red),
//!     &Formation::default_for(Color::Black),
//! );
//! let mut game = Game::new(start);
//! game.play_text("d3-d4").unwrap();
//! game.play_text("d6-d5").unwrap();
//! let mut tags = Tags::new();
//! tags.set("White", "Ann");
//! let text = record::write_game(&tags, &game);
//! assert!(text.contains("[GameType \"Tiers\"]\n[RedFormation \"a1 b1 g1 h1 b2 c2 d2 e2 f2 g2 d3 e3\"]\n"));
//! assert!(text.ends_with("\n1. d3-d4 d6-d5 *\n"));
//!
//! let back = record::read_games(&text).unwrap();
//! assert_eq!(back[0].game.start(), game.start());
//! assert_eq!(back[0].game.move_texts(), ["d3-d4", "d6-d5"]);
//! ```

use super::formation::{home_rows, MEN};
use super::{Formation, Position};
use crate::pdn::{self as shared, BadStart, PdnError, PdnGame, StartProblem, Tags, Variant};
use crate::{Color, Game, PieceKind, Position as _};

pub use crate::pdn::{PdnErrorKind, PdnResult};

impl Position {
    /// The two formations this position is the start of, if it is one: Red
    /// to move at move 1, no capture yet, and each side's 12 men (and
    /// nothing else) on its home rows.
    #[must_use]
    pub fn formations(&self) -> Option<(Formation, Formation)> {
        if self.side != Color::Red || self.move_number != 1 || self.plies_since_capture != 0 {
            return None;
        }
        let mut found = [None, None];
        for color in Color::ALL {
            let men = self.pieces(color, PieceKind::Man);
            if men != self.color_occupied(color)
                || men & !home_rows(color) != 0
                || men.count_ones() != MEN
            {
                return None;
            }
            found[color.index()] = Formation::from_bitboard(color, men).ok();
        }
        Some((found[0]?, found[1]?))
    }
}

/// Tiers names squares in shapes a1–h8 (`[%cal Gd2d4]`).
impl crate::shapes::ShapeSquares for Position {}

impl Variant for Position {
    const GAME_TYPE: &'static str = "Tiers";
    const FIRST: Color = Color::Red;

    fn accepts_game_type(value: &str) -> bool {
        value.eq_ignore_ascii_case("tiers")
    }

    fn start_tags(start: &Self) -> Vec<(&'static str, String)> {
        match start.formations() {
            Some((red, black)) => vec![
                ("RedFormation", red.to_string()),
                ("BlackFormation", black.to_string()),
            ],
            None => vec![("SetUp", "1".to_string()), ("FEN", start.to_text())],
        }
    }

    fn start_from_tags(tags: &Tags, _first_number: Option<u32>) -> Result<Self, BadStart> {
        if let Some(fen) = tags.get("FEN").map(str::trim).filter(|f| !f.is_empty()) {
            return Position::parse(fen).map_err(|e| BadStart {
                tag: "FEN",
                value: fen.to_string(),
                problem: StartProblem::Tfen(e),
            });
        }
        let mut formations = [
            Formation::default_for(Color::Red),
            Formation::default_for(Color::Black),
        ];
        for (color, name) in [
            (Color::Red, "RedFormation"),
            (Color::Black, "BlackFormation"),
        ] {
            if let Some(list) = tags.get(name) {
                formations[color.index()] =
                    Formation::parse(color, list).map_err(|e| BadStart {
                        tag: name,
                        value: list.to_string(),
                        problem: StartProblem::Formation(e),
                    })?;
            }
        }
        Ok(Position::from_formations(&formations[0], &formations[1]))
    }
}

/// Reads every game of a Tiers record file (see [`crate::pdn::read_games`]).
pub fn read_games(text: &str) -> Result<Vec<PdnGame<Position>>, PdnError> {
    shared::read_games(text)
}

/// Writes one game as a Tiers record (see [`crate::pdn::write_game`]).
#[must_use]
pub fn write_game(tags: &Tags, game: &Game<Position>) -> String {
    shared::write_game(tags, game)
}
