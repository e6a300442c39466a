//! Playing levels 1 (beginner) to 8 (grandmaster).
//!
//! A level caps the search depth and adds deterministic noise (seeded) to
//! the static evaluation. Low levels therefore miss deeper shots and
//! misjudge positions, the way people do. Forced captures are still
//! searched to the end at every level, and the noise stays below half a
//! man (two positions differ by less than a man), so no level leaves a
//! piece to be taken for nothing: their mistakes are human, never absurd.
//!
//! | level | name        | max depth (plies) | eval noise (± 1/100 man) | think time in the app | time used                 |
//! |-------|-------------|-------------------|--------------------------|-----------------------|---------------------------|
//! | 1     | beginner    | 1                 | 45                       | 300 ms                | stops at depth 1          |
//! | 2     | novice      | 2                 | 40                       | 300 ms                | stops at depth 2          |
//! | 3     | casual      | 3                 | 30                       | 400 ms                | stops at depth 3          |
//! | 4     | club        | 4                 | 20                       | 500 ms                | stops at depth 4          |
//! | 5     | strong club | 6                 | 12                       | 700 ms                | stops at depth 6          |
//! | 6     | expert      | 8                 | 6                        | 1000 ms               | stops at depth 8          |
//! | 7     | master      | 12                | 0                        | 1500 ms               | stops at depth 12         |
//! | 8     | grandmaster | 64 (the limit)    | 0                        | 2500 ms               | the whole time limit      |
//!
//! Every level also obeys the [`super::SearchLimits`] it is given; the
//! think time is what the web app gives each level ([`LevelSettings::movetime_ms`]).
//! Measured (README.md, `## AI`): each level scores more than 60 % against
//! the level two below it.

use core::fmt;
use serde::{Deserialize, Serialize};

/// A playing level, 1 (beginner) to 8 (grandmaster); see the module table.
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
    /// How long the level thinks in the app, in milliseconds (levels with
    /// a depth cap usually finish sooner).
    pub movetime_ms: u64,
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
        let (max_depth, noise, movetime_ms) = match self.0 {
            1 => (1, 45, 300),
            2 => (2, 40, 300),
            3 => (3, 30, 400),
            4 => (4, 20, 500),
            5 => (6, 12, 700),
            6 => (8, 6, 1000),
            7 => (12, 0, 1500),
            _ => (64, 0, 2500),
        };
        LevelSettings {
            max_depth,
            noise,
            movetime_ms,
        }
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
