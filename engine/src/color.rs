//! The two sides.

use core::fmt;
use serde::{Deserialize, Serialize};

/// A side. The light side is Red, the dark side is Black, in both games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Color {
    /// The light side: moves second in checkers, first in Tiers.
    Red,
    /// The dark side: moves first in checkers, second in Tiers.
    Black,
}

impl Color {
    /// Both colours, Red first.
    pub const ALL: [Color; 2] = [Color::Red, Color::Black];

    /// The other side.
    ///
    /// ```
    /// use tiers_engine::Color;
    /// assert_eq!(Color::Red.opposite(), Color::Black);
    /// ```
    #[must_use]
    pub const fn opposite(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }

    /// 0 for Red, 1 for Black: an index into per-colour arrays.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour's name in lower case, as shown to people.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Black => "black",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Red => "Red",
            Color::Black => "Black",
        })
    }
}
