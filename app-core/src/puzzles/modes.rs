//! The puzzle modes besides the rated sequence: the daily puzzle (the same
//! for everyone on a calendar day, chosen by the date alone), the streak
//! (rising difficulty until the first wrong move) and the rush (as many
//! as possible in 3 or 5 minutes, three mistakes end it). A streak or a
//! rush is a [`Run`]; neither moves the rating (as on lichess), their best
//! scores are kept in the history ([`super::history::Bests`]).

use std::fmt;

use tiers_engine::puzzle::Puzzle;
use tiers_rng::mix64;

/// A calendar day: the number of days since 1970-01-01 (the device's
/// local date, read by the page).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Day(pub i64);

impl Day {
    /// The day of a date (None: no such date, or a year outside 1..=9999).
    ///
    /// ```
    /// use tiers_core::puzzles::modes::Day;
    /// assert_eq!(Day::from_ymd(1970, 1, 1), Some(Day(0)));
    /// assert_eq!(Day::from_ymd(2026, 11, 27).unwrap().to_string(), "2026-11-27");
    /// assert_eq!(Day::from_ymd(2026, 2, 29), None);
    /// ```
    #[must_use]
    pub fn from_ymd(year: i64, month: u32, day: u32) -> Option<Day> {
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
        let days_in = match month {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if leap => 29,
            2 => 28,
            _ => return None,
        };
        if !(1..=9999).contains(&year) || day == 0 || day > days_in {
            return None;
        }
        // Howard Hinnant's days_from_civil.
        let y = if month <= 2 { year - 1 } else { year };
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let m = i64::from(month);
        let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        Some(Day(era * 146_097 + doe - 719_468))
    }

    /// The date: year, month, day.
    #[must_use]
    pub fn ymd(self) -> (i64, u32, u32) {
        crate::library::civil_from_days(self.0)
    }

    /// Reads `YYYY-MM-DD`.
    #[must_use]
    pub fn parse(text: &str) -> Option<Day> {
        let mut parts = text.splitn(3, '-');
        let y = parts.next()?.parse().ok()?;
        let m = parts.next()?.parse().ok()?;
        let d = parts.next()?.parse().ok()?;
        Day::from_ymd(y, m, d)
    }

    /// The day before.
    #[must_use]
    pub fn before(self) -> Day {
        Day(self.0 - 1)
    }
}

impl fmt::Display for Day {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (y, m, d) = self.ymd();
        write!(f, "{y:04}-{m:02}-{d:02}")
    }
}

/// A stable hash of a puzzle's id (FNV-1a: the same on every device and
/// in every build).
fn id_hash(id: &str) -> u64 {
    id.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The daily puzzle of a day: the puzzle whose id, mixed with the day,
/// scores highest (so two devices with the same file agree offline, and a
/// puzzle added to or left out of the file changes only the days it wins).
/// A pure function of the day and the ids.
#[must_use]
pub fn daily(list: &[Puzzle], day: Day) -> Option<usize> {
    let seed = mix64(day.0 as u64 ^ 0xDA11_9D11);
    (0..list.len()).max_by_key(|&i| (mix64(seed ^ id_hash(&list[i].id)), std::cmp::Reverse(i)))
}

/// How long a rush lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RushLength {
    /// Three minutes.
    Three,
    /// Five minutes.
    Five,
}

impl RushLength {
    /// Both, in the order shown.
    pub const ALL: [RushLength; 2] = [RushLength::Three, RushLength::Five];

    /// Its minutes.
    #[must_use]
    pub const fn minutes(self) -> u32 {
        match self {
            RushLength::Three => 3,
            RushLength::Five => 5,
        }
    }
}

/// The way puzzles are served.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Mode {
    /// One at a time near the solver's rating, which moves.
    #[default]
    Rated,
    /// The puzzle of this day.
    Daily(Day),
    /// Rising difficulty until the first wrong move.
    Streak,
    /// As many as possible in a time, three mistakes end it.
    Rush(RushLength),
}

impl Mode {
    /// Whether it is played as a [`Run`] (a streak or a rush).
    #[must_use]
    pub const fn is_run(self) -> bool {
        matches!(self, Mode::Streak | Mode::Rush(_))
    }
}

/// Mistakes that end a rush.
pub const RUSH_MISTAKES: u32 = 3;
/// The rating aimed at by a run's first puzzle.
pub const RUN_START: u32 = 600;
/// How much higher each next puzzle of a run aims.
pub const RUN_STEP: u32 = 75;

/// A streak or a rush under way (or just over).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// [`Mode::Streak`] or [`Mode::Rush`].
    pub mode: Mode,
    /// Puzzles solved.
    pub solved: u32,
    /// Wrong moves (a rush ends at [`RUSH_MISTAKES`]).
    pub mistakes: u32,
    /// The puzzles served, by index in the file.
    pub served: Vec<usize>,
    /// When a rush ends (milliseconds since 1970).
    pub ends_at: Option<u64>,
    /// The time last told (milliseconds since 1970).
    pub now: u64,
    /// Over: the score is final.
    pub over: bool,
}

impl Run {
    /// A run of `mode` starting at `now` (milliseconds since 1970).
    #[must_use]
    pub fn start(mode: Mode, now: u64) -> Run {
        let ends_at = match mode {
            Mode::Rush(length) => Some(now + u64::from(length.minutes()) * 60_000),
            _ => None,
        };
        Run {
            mode,
            solved: 0,
            mistakes: 0,
            served: Vec::new(),
            ends_at,
            now,
            over: false,
        }
    }

    /// The rating the next puzzle aims at: higher with every puzzle served.
    #[must_use]
    pub fn target(&self) -> u32 {
        RUN_START + RUN_STEP * self.served.len() as u32
    }

    /// Milliseconds left of a rush (None: a streak).
    #[must_use]
    pub fn left(&self) -> Option<u64> {
        self.ends_at.map(|end| end.saturating_sub(self.now))
    }

    /// The time is `now`: a rush whose time is up is over. Returns whether
    /// it ended now.
    pub fn tick(&mut self, now: u64) -> bool {
        self.now = self.now.max(now);
        if !self.over && self.left() == Some(0) {
            self.over = true;
            return true;
        }
        false
    }

    /// A wrong move: a streak ends, a rush counts a mistake (the third
    /// ends it). Returns whether it ended now.
    pub fn wrong(&mut self) -> bool {
        if self.over {
            return false;
        }
        self.mistakes += 1;
        self.over = self.mode == Mode::Streak || self.mistakes >= RUSH_MISTAKES;
        self.over
    }
}
