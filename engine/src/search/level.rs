//! Playing levels 1 (beginner) to 8 (grandmaster), and the analysis
//! strength.
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
//! | 9     | analysis    | 64 (the limit)    | 0                        | 30000 ms              | the whole time limit      |
//!
//! Every level also obeys the [`super::SearchLimits`] it is given; the
//! think time is what the web app gives each level ([`LevelSettings::movetime_ms`]).
//! Level 8 and the analysis strength use an endgame database when the
//! searcher has one ([`super::Searcher::set_egdb`]); levels 1–7 never do,
//! so the ladder they were calibrated on stays as measured.
//!
//! With an opening book ([`super::Searcher::set_book`], checkers), level 7
//! plays any book move
//! within 0.10 of a man of the best (the seed chooses), level 6 within
//! 0.15 up to move 8, level 5 within 0.20 up to move 4; levels 1–4 and the
//! analysis strength never use it ([`LevelSettings::book_moves`]), nor does
//! level 8 unless [`super::Searcher::set_book_at_top`] asks it to (then it
//! plays the best book move where the book follows it to another book
//! position, [`crate::book::Book::choose`]).
//!
//! [`Level::ANALYSIS`] (number 9) is not a playing level: it is the
//! strongest search, for the editor's analysis and the game review. It
//! searches like level 8 but thinks up to 30 seconds (a search given no
//! limit at all uses that instead of the usual second), reporting each
//! iteration as it goes, so the app can show the line so far and stop
//! listening whenever it likes. [`Level::all`], [`Level::MAX`] and
//! [`Level::clamped`] are about playing levels and never give it;
//! [`Level::new`]`(9)` and the serialised number 9 do.
//! Measured (docs/measurements.md, "AI"): each level scores more than 60 % against
//! the level two below it.

use core::fmt;
use serde::{Deserialize, Serialize};

/// A playing level, 1 (beginner) to 8 (grandmaster), or the analysis
/// strength (9); see the module table.
///
/// ```
/// use tiers_engine::search::Level;
/// assert_eq!(Level::new(3).unwrap().number(), 3);
/// assert!(Level::new(0).is_none() && Level::new(10).is_none());
/// assert_eq!(Level::new(9), Some(Level::ANALYSIS));
/// assert_eq!(Level::clamped(42), Level::MAX);
/// assert_eq!(Level::MAX.settings().noise, 0);
/// assert_eq!(Level::ANALYSIS.settings().movetime_ms, 30_000);
/// assert!(!Level::all().any(|l| l == Level::ANALYSIS));
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
    /// Whether the level uses the searcher's endgame database.
    pub egdb: bool,
    /// The level plays from the searcher's opening book while the game's
    /// move number is at most this (0: never).
    pub book_moves: u32,
    /// How much worse than the best (hundredths of a man) a book move may
    /// be for the level to play it; the seed chooses among them.
    pub book_margin: i32,
}

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// The strongest playing level.
    pub const MAX: Level = Level(8);
    /// The analysis strength: level 8's search with 30 seconds to think.
    pub const ANALYSIS: Level = Level(9);

    /// The level `n`, if `1 <= n <= 8`, or the analysis strength for 9.
    #[must_use]
    pub const fn new(n: u8) -> Option<Level> {
        if n >= 1 && n <= 9 {
            Some(Level(n))
        } else {
            None
        }
    }

    /// The playing level `n`, if `1 <= n <= 8` (never the analysis
    /// strength: what a person chooses to play against).
    ///
    /// ```
    /// use tiers_engine::search::Level;
    /// assert_eq!(Level::playing(8), Some(Level::MAX));
    /// assert_eq!(Level::playing(9), None);
    /// ```
    #[must_use]
    pub const fn playing(n: u8) -> Option<Level> {
        if n >= 1 && n <= 8 {
            Some(Level(n))
        } else {
            None
        }
    }

    /// The playing level nearest to `n` (0 gives 1, above 8 gives 8).
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

    /// The level's number, 1 to 8 (9 for the analysis strength).
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0
    }

    /// Every playing level, weakest first (not the analysis strength).
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
            8 => "grandmaster",
            _ => "analysis",
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
            8 => (64, 0, 2500),
            _ => (64, 0, 30_000),
        };
        let (book_moves, book_margin) = match self.0 {
            // The top level searches: with the book it scored 48.4 % against
            // itself without (docs/ai.md, "Opening book");
            // `Searcher::set_book_at_top` gives it back.
            8 => (0, 0),
            7 => (u32::MAX, 10),
            6 => (8, 15),
            5 => (4, 20),
            _ => (0, 0),
        };
        LevelSettings {
            max_depth,
            noise,
            movetime_ms,
            egdb: self.0 >= 8,
            book_moves,
            book_margin,
        }
    }
}

impl Default for Level {
    fn default() -> Self {
        Level::MAX
    }
}

/// A level number outside 1..=9.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BadLevel(pub u8);

impl fmt::Display for BadLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "level {} does not exist: levels go from 1 to 8 (9 is the analysis strength)",
            self.0
        )
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
