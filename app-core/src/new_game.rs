//! The choices on the new game screen: which game, against whom, at which
//! level, in which colour, with which time control. They are kept with the saved game.

use tiers_bracket::ballots::{Ballot, DECK};
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

/// How a checkers game opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Opening {
    /// From the start position.
    #[default]
    Standard,
    /// From a three-move ballot drawn at random from the 156.
    RandomBallot,
    /// From this ballot (its position in the deck, 1 ..= 156).
    Ballot(u16),
}

impl Opening {
    /// The ballot to play (`roll` draws a random one), if any.
    #[must_use]
    pub fn ballot(self, roll: u64) -> Option<Ballot> {
        match self {
            Opening::Standard => None,
            Opening::RandomBallot => {
                let n = u16::try_from(roll % DECK.len() as u64).unwrap_or(0);
                Ballot::get(n + 1)
            }
            Opening::Ballot(index) => Ballot::get(index),
        }
    }

    /// As stored: `standard`, `random` or the deck position.
    #[must_use]
    pub fn name(self) -> String {
        match self {
            Opening::Standard => "standard".into(),
            Opening::RandomBallot => "random".into(),
            Opening::Ballot(i) => i.to_string(),
        }
    }

    /// Reads [`Opening::name`] (a deck position out of range is `None`).
    #[must_use]
    pub fn parse(text: &str) -> Option<Opening> {
        match text.trim() {
            "standard" => Some(Opening::Standard),
            "random" => Some(Opening::RandomBallot),
            n => n
                .parse::<u16>()
                .ok()
                .filter(|i| Ballot::get(*i).is_some())
                .map(Opening::Ballot),
        }
    }
}

/// A ballot as people name it: "ACF 58: 9-14 24-20 11-16".
#[must_use]
pub fn ballot_name(b: Ballot) -> String {
    format!("ACF {}: {}", b.number, b.moves)
}

/// The choices on the new game screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewGameChoices {
    /// Checkers or Tiers.
    pub kind: GameKind,
    /// Against the computer (else a friend).
    pub vs_computer: bool,
    /// The computer's level.
    pub level: Level,
    /// The person's colour against the computer.
    pub color: ColorChoice,
    /// How a checkers game opens.
    pub opening: Opening,
    /// Whether hints may be asked during the game.
    pub hints: bool,
    /// The time control (None, the default: no clocks).
    pub clock: Option<TimeControl>,
}

impl Default for NewGameChoices {
    fn default() -> Self {
        NewGameChoices {
            kind: GameKind::Checkers,
            vs_computer: true,
            level: Level::clamped(3),
            color: ColorChoice::Red,
            opening: Opening::Standard,
            hints: true,
            clock: None,
        }
    }
}
