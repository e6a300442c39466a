//! The choices on the new game screen: which game, against whom, at which
//! level, in which colour, with which time control. They are kept with the saved game.

use tiers_engine::search::Level;
use tiers_engine::{Color, GameKind};

use super::clock::TimeControl;

/// The colour the person asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorChoice {
    /// Play Red.
    Red,
    /// Play Black.
    Black,
    /// Toss a coin.
    Random,
}

impl ColorChoice {
    /// The colour to play; `coin` decides a random one.
    #[must_use]
    pub fn resolve(self, coin: bool) -> Color {
        match self {
            ColorChoice::Red => Color::Red,
            ColorChoice::Black => Color::Black,
            ColorChoice::Random if coin => Color::Red,
            ColorChoice::Random => Color::Black,
        }
    }

    /// As stored and in URLs: `red`, `black`, `random`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            ColorChoice::Red => "red",
            ColorChoice::Black => "black",
            ColorChoice::Random => "random",
        }
    }

    /// Reads [`ColorChoice::name`] (any case).
    #[must_use]
    pub fn parse(text: &str) -> Option<ColorChoice> {
        [ColorChoice::Red, ColorChoice::Black, ColorChoice::Random]
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(text.trim()))
    }
}

/// The choices on the new game screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Checkers or Tiers.
    pub kind: GameKind,
    /// Against the computer (else a friend).
    pub vs_computer: bool,
    /// The computer's level.
    pub level: Level,
    /// The person's colour against the computer.
    pub color: ColorChoice,
    /// The time control (None, the default: no clocks).
    pub clock: Option<TimeControl>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            kind: GameKind::Checkers,
            vs_computer: true,
            level: Level::clamped(3),
            color: ColorChoice::Red,
            clock: None,
        }
    }
}
