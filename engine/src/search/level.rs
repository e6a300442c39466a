//! Playing levels 1 (beginner) to 8 (master).
//!
//! A level caps the search depth and adds deterministic noise (seeded) to
//! the static evaluation. Low levels therefore miss deeper tactics and
//! misjudge positions, the way people do, while forced captures are still
//! searched to the end at every level.
//!
//! | level | name         | max depth (plies) | eval noise (± hundredths of a man) | time used            |
//! |-------|--------------|-------------------|-------------------------------------|----------------------|
//! | 1     | beginner     | 1                 | 120                                 | stops at depth 1     |
//! | 2     | novice       | 2                 | 70                                  | stops at depth 2     |
//! | 3     | casual       | 3                 | 35                                  | stops at depth 3     |
//! | 4     | club         | 4                 | 20                                  | stops at depth 4     |
//! | 5     | strong club  | 6                 | 12                                  | stops at depth 6     |
//! | 6     | expert       | 8                 | 6                                   | stops at depth 8     |
//! | 7     | master       | 12                | 0                                   | stops at depth 12    |
//! | 8     | grandmaster  | 64 (the limit)    | 0                                   | the whole time limit |
//!
//! Every level also obeys the [`super::SearchLimits`] it is given.
//! Noise up to ±35 at level 3 cannot make a man (100) look free, so from
//! level 3 on the AI never gives a piece away for nothing; levels 1 and 2
//! sometimes do.

use core::fmt;
use serde::{Deserialize, Serialize};

/// A playing level, 1 (beginner) to 8 (master); see the module table.
///
/// ```
/// use tiers_engine::search::Level;
/// assert_eq!(Level::new(3).unwrap().number(), 3);
/// assert!(Level::new(0).is_none() && Level::new(9).is_none());
/// assert_eq!(Level::clamped(42), Level::MAX);
/// assert_eq!(Level::MAX.settings().noise, 0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Level(u8);

/// What a level does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LevelSettings {
    /// The deepest iteration the level searches.
    pub max_depth: u32,
    /// Amplitude of the deterministic evaluation noise, in hundredths of a man.
    pub noise: i32,
}

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// The strongest level.
    pub const MAX: Level = Level(8);

    /// The level `n`, if `1 <= n <= 8`.
    #[must_use]
    pub const fn new(n: u8) -> Option<Level> {
        if n >= 1 && n <= 8 {
            Some(Level(n))
        } else {
            None
        }
    }

    /// The level nearest to `n` (0 gives 1, above 8 gives 8).
    #[must_use]
    pub const fn clamped(n: u8) -> Level {
        if n < 1 {
            Level(1)
        } else if n > 8 {
            Level(8)
        } else {
            Level(n)
        }
    }

    /// The level's number, 1 to 8.
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0
    }

    /// Every level, weakest first.
    pub fn all() -> impl Iterator<Item = Level> {
        (1..=8).map(Level)
    }

    /// The level's name, e.g. "beginner".
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self.0 {
            1 => "beginner",
            2 => "novice",
            3 => "casual",
            4 => "club",
            5 => "strong club",
            6 => "expert",
            7 => "master",
            _ => "grandmaster",
        }
    }

    /// The level's search settings (see the module table).
    #[must_use]
    pub const fn settings(self) -> LevelSettings {
        let (max_depth, noise) = match self.0 {
            1 => (1, 120),
            2 => (2, 70),
            3 => (3, 35),
            4 => (4, 20),
            5 => (6, 12),
            6 => (8, 6),
            7 => (12, 0),
            _ => (64, 0),
        };
        LevelSettings { max_depth, noise }
    }
}

impl Default for Level {
    fn default() -> Self {
        Level::MAX
    }
}

/// A level number outside 1..=8.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BadLevel(pub u8);

impl fmt::Display for BadLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "level {} does not exist: levels go from 1 to 8", self.0)
    }
}

impl std::error::Error for BadLevel {}

impl TryFrom<u8> for Level {
    type Error = BadLevel;
    fn try_from(n: u8) -> Result<Self, Self::Error> {
        Level::new(n).ok_or(BadLevel(n))
    }
}

impl From<Level> for u8 {
    fn from(level: Level) -> u8 {
        level.0
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}
