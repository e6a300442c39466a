//! Formations (RULES.md §2 "Formation"): each side places exactly 12 men on
//! distinct squares of its own home rows (Red ranks 1–3, Black ranks 6–8)
//! before the game.
//!
//! ```
//! use tiers_engine::{tiers::{Formation, Preset}, Color, Position};
//! let red = Formation::parse(Color::Red, "a1 b1 c1 d1 e1 f1 g1 h1 c2 d2 e2 f2").unwrap();
//! let black = Formation::preset(Preset::Wedge, Color::Black);
//! let pos = tiers_engine::tiers::Position::from_formations(&red, &black);
//! assert_eq!(pos.piece_count(Color::Red), 12);
//! let err = Formation::parse(Color::Red, "a1 c4 d2 d2").unwrap_err();
//! assert_eq!(err.to_string(), "c4 is outside Red's home rows (ranks 1–3)");
//! ```

use super::board::{kind_index, parse_square, square_string, Bitboard, Board};
use super::movegen::squares;
use super::Position;
use crate::{Color, PieceKind};
use core::fmt;
use serde::{Deserialize, Serialize};
use tiers_rng::SplitMix64;

/// How many men a formation places.
pub const MEN: u32 = 12;

/// The home rows (three back ranks) of `color`.
#[must_use]
pub const fn home_rows(color: Color) -> Bitboard {
    match color {
        Color::Red => 0x00FF_FFFF,
        Color::Black => 0xFFFF_FF00_0000_0000,
    }
}

/// What is wrong with a formation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FormationError {
    /// A word of the square list is not a square name.
    NotASquare(String),
    /// A square outside the side's home rows.
    Outside {
        /// The square's name.
        square: String,
        /// The side.
        color: Color,
    },
    /// A square listed more than once.
    Duplicate(String),
    /// Fewer than 12 men: how many are missing.
    TooFew(u32),
    /// More than 12 men: how many too many.
    TooMany(u32),
}

impl fmt::Display for FormationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FormationError::NotASquare(w) => {
                write!(f, "`{w}` is not a square: squares are a1 to h8")
            }
            FormationError::Outside { square, color } => {
                let ranks = match color {
                    Color::Red => "1–3",
                    Color::Black => "6–8",
                };
                write!(f, "{square} is outside {color}'s home rows (ranks {ranks})")
            }
            FormationError::Duplicate(sq) => write!(f, "{sq} is listed twice"),
            FormationError::TooFew(1) => f.write_str("place 1 more man"),
            FormationError::TooFew(n) => write!(f, "place {n} more men"),
            FormationError::TooMany(1) => f.write_str("1 man too many"),
            FormationError::TooMany(n) => write!(f, "{n} men too many"),
        }
    }
}

impl std::error::Error for FormationError {}

/// The named formations. Each is given for Red and mirrored (turned half a
/// turn, as the players sit) for Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Preset {
    /// The checkers layout: the dark squares of the three home rows.
    Checkers,
    /// Two full front rows minus the corners behind: all of rank 3, the
    /// middle four of rank 2.
    Phalanx,
    /// A wedge pointing forward: d3 e3, b2–g2, and four back-row corners.
    Wedge,
    /// Everything at home: all of rank 1 and the middle four of rank 2.
    Fortress,
    /// Two blocks on the wings: files a, b, g and h.
    Flanks,
}

impl Preset {
    /// Every preset, in menu order.
    pub const ALL: [Preset; 5] = [
        Preset::Checkers,
        Preset::Phalanx,
        Preset::Wedge,
        Preset::Fortress,
        Preset::Flanks,
    ];

    /// The preset's name, as shown to people.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Preset::Checkers => "Checkers",
            Preset::Phalanx => "Phalanx",
            Preset::Wedge => "Wedge",
            Preset::Fortress => "Fortress",
            Preset::Flanks => "Flanks",
        }
    }

    /// Reads a preset name (any case).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Preset> {
        Preset::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(name.trim()))
    }

    /// The preset's squares for Red.
    const fn red_squares(self) -> Bitboard {
        const R1: u64 = 0xFF;
        const R2: u64 = 0xFF << 8;
        const R3: u64 = 0xFF << 16;
        match self {
            // a1 c1 e1 g1 / b2 d2 f2 h2 / a3 c3 e3 g3
            Preset::Checkers => (0x55 & R1) | (0xAA << 8) | (0x55 << 16),
            Preset::Phalanx => R3 | (0x3C << 8),
            // d3 e3; b2 c2 d2 e2 f2 g2; a1 b1 g1 h1
            Preset::Wedge => (0x18 << 16) | (0x7E << 8) | 0xC3,
            Preset::Fortress => R1 | (0x3C << 8),
            Preset::Flanks => (R1 | R2 | R3) & 0x00C3_C3C3,
        }
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One side's 12 men on its home rows: always valid once built.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Formation {
    color: Color,
    squares: Bitboard,
}

/// Half-turn of a square (a1 ↔ h8): how the other player sees it.
const fn turn(sq: u8) -> u8 {
    63 - sq
}

impl Formation {
    /// Every problem with this list of squares for `color` (empty when it is
    /// a valid formation): squares outside the home rows, squares listed
    /// twice, then too few or too many men.
    #[must_use]
    pub fn problems(color: Color, list: &[u8]) -> Vec<FormationError> {
        let mut problems = Vec::new();
        let mut seen: Bitboard = 0;
        let mut reported: Bitboard = 0;
        let mut count = 0u32;
        for &sq in list {
            if sq >= 64 {
                problems.push(FormationError::NotASquare(sq.to_string()));
                continue;
            }
            let bit = 1u64 << sq;
            if home_rows(color) & bit == 0 {
                problems.push(FormationError::Outside {
                    square: square_string(sq),
                    color,
                });
                continue;
            }
            if seen & bit != 0 {
                if reported & bit == 0 {
                    problems.push(FormationError::Duplicate(square_string(sq)));
                    reported |= bit;
                }
                continue;
            }
            seen |= bit;
            count += 1;
        }
        if count < MEN {
            problems.push(FormationError::TooFew(MEN - count));
        } else if count > MEN {
            problems.push(FormationError::TooMany(count - MEN));
        }
        problems
    }

    /// A formation from a list of squares (indices `file + 8 * rank`); the
    /// first problem found if it is not valid.
    pub fn new(color: Color, list: &[u8]) -> Result<Formation, FormationError> {
        match Formation::problems(color, list).into_iter().next() {
            Some(problem) => Err(problem),
            None => Ok(Formation {
                color,
                squares: list.iter().fold(0, |bb, &sq| bb | 1u64 << sq),
            }),
        }
    }

    /// A formation from a bitboard of squares.
    pub fn from_bitboard(color: Color, squares: Bitboard) -> Result<Formation, FormationError> {
        let list: Vec<u8> = super::movegen::squares(squares).collect();
        Formation::new(color, &list)
    }

    /// Reads a square list like `a1 c1 e1 …` (spaces or commas between).
    pub fn parse(color: Color, text: &str) -> Result<Formation, FormationError> {
        let mut list = Vec::new();
        for word in text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
        {
            match parse_square(word) {
                Some(sq) => list.push(sq),
                None => return Err(FormationError::NotASquare(word.to_string())),
            }
        }
        Formation::new(color, &list)
    }

    /// The default formation (RULES.md): the checkers layout.
    #[must_use]
    pub fn default_for(color: Color) -> Formation {
        Formation::preset(Preset::Checkers, color)
    }

    /// A named formation for `color`.
    #[must_use]
    pub fn preset(preset: Preset, color: Color) -> Formation {
        let red = Formation {
            color: Color::Red,
            squares: preset.red_squares(),
        };
        match color {
            Color::Red => red,
            Color::Black => red.mirrored(),
        }
    }

    /// A random formation, the same for the same seed (a SplitMix64
    /// generator choosing 12 of the 24 home-row squares).
    #[must_use]
    pub fn random(color: Color, seed: u64) -> Formation {
        let mut rng = SplitMix64::new(seed ^ 0x5DEE_CE66_D1CE_5EED);
        let mut pool: Vec<u8> = squares(home_rows(color)).collect();
        // Partial Fisher–Yates: the first 12 of a shuffled pool (the plain
        // remainder, not `below`: the formations of every seed stay as
        // they were).
        for i in 0..MEN as usize {
            let j = i + (rng.next_u64() % (pool.len() - i) as u64) as usize;
            pool.swap(i, j);
        }
        Formation {
            color,
            squares: pool[..MEN as usize]
                .iter()
                .fold(0, |bb, &sq| bb | 1u64 << sq),
        }
    }

    /// The side this formation is for.
    #[must_use]
    pub const fn color(&self) -> Color {
        self.color
    }

    /// The squares of the 12 men as a bitboard.
    #[must_use]
    pub const fn squares(&self) -> Bitboard {
        self.squares
    }

    /// The squares of the 12 men, a1 first.
    #[must_use]
    pub fn square_list(&self) -> Vec<u8> {
        squares(self.squares).collect()
    }

    /// The same shape for the other side, turned half a turn (a1 ↔ h8), as
    /// the other player sees it.
    #[must_use]
    pub fn mirrored(&self) -> Formation {
        Formation {
            color: self.color.opposite(),
            squares: squares(self.squares).fold(0, |bb, sq| bb | 1u64 << turn(sq)),
        }
    }

    /// The preset this formation is, if any.
    #[must_use]
    pub fn preset_name(&self) -> Option<Preset> {
        Preset::ALL
            .into_iter()
            .find(|&p| Formation::preset(p, self.color) == *self)
    }
}

impl fmt::Display for Formation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<String> = squares(self.squares).map(square_string).collect();
        f.write_str(&names.join(" "))
    }
}

impl Position {
    /// The start position with these formations, Red to move. A formation
    /// given for the wrong side is mirrored onto the right one.
    #[must_use]
    pub fn from_formations(red: &Formation, black: &Formation) -> Position {
        let red = if red.color() == Color::Red {
            *red
        } else {
            red.mirrored()
        };
        let black = if black.color() == Color::Black {
            *black
        } else {
            black.mirrored()
        };
        let mut board = Board::empty();
        for (f, color) in [(red, Color::Red), (black, Color::Black)] {
            for sq in squares(f.squares()) {
                board.put(color, PieceKind::Man, sq);
            }
        }
        debug_assert_eq!(board.pieces[0][kind_index(PieceKind::Man)], red.squares());
        Position::from_board(board, Color::Red, 0, 1)
    }
}
