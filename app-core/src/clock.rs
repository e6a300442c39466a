//! Clocks (RULES.md §3): a time control (minutes per player plus a
//! Fischer increment in seconds), each side's time left, and which moment
//! the running clock was last charged up to. Pure arithmetic: the time
//! comes in with the actions (`SessionAction::Tick` and friends), so the
//! session stays a pure reducer; the ticking is `hooks::use_clock`.
//!
//! Only the side to move's clock runs (the session says which side that
//! is); the increment is added to a player's clock once their move is
//! complete; a clock at zero loses the game (the session tells the game
//! record, `Record::lose_on_time`).

use tiers_engine::Color;

/// A time control: minutes per player and seconds added after each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimeControl {
    /// Minutes each player starts with (1–180).
    pub minutes: u32,
    /// Seconds added to a player's clock after each of their moves (0–60).
    pub increment: u32,
}

/// The time controls offered on the new game screen: 1+0, 3+2, 5+3, 10+5,
/// 15+10.
pub const PRESETS: [TimeControl; 5] = [
    TimeControl::preset(1, 0),
    TimeControl::preset(3, 2),
    TimeControl::preset(5, 3),
    TimeControl::preset(10, 5),
    TimeControl::preset(15, 10),
];

impl TimeControl {
    /// The most minutes a control may give.
    pub const MAX_MINUTES: u32 = 180;
    /// The largest increment, in seconds.
    pub const MAX_INCREMENT: u32 = 60;

    const fn preset(minutes: u32, increment: u32) -> TimeControl {
        TimeControl { minutes, increment }
    }

    /// A custom control; out-of-range numbers are refused with the range.
    pub fn new(minutes: u32, increment: u32) -> Result<TimeControl, String> {
        if !(1..=Self::MAX_MINUTES).contains(&minutes) {
            return Err(format!(
                "the minutes must be between 1 and {}",
                Self::MAX_MINUTES
            ));
        }
        if increment > Self::MAX_INCREMENT {
            return Err(format!(
                "the increment must be between 0 and {} seconds",
                Self::MAX_INCREMENT
            ));
        }
        Ok(TimeControl { minutes, increment })
    }

    /// As written on buttons and stored: "3+2".
    #[must_use]
    pub fn name(self) -> String {
        format!("{}+{}", self.minutes, self.increment)
    }

    /// Reads [`TimeControl::name`] ("3+2", "10 + 5"); a number out of range
    /// is refused.
    #[must_use]
    pub fn parse(text: &str) -> Option<TimeControl> {
        let (m, i) = text.split_once('+')?;
        TimeControl::new(m.trim().parse().ok()?, i.trim().parse().ok()?).ok()
    }

    /// Each player's time at the start, in milliseconds.
    #[must_use]
    pub const fn start_ms(self) -> u64 {
        self.minutes as u64 * 60_000
    }

    /// The increment in milliseconds.
    #[must_use]
    pub const fn increment_ms(self) -> u64 {
        self.increment as u64 * 1000
    }
}

/// A game's clocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// The time control.
    pub control: TimeControl,
    /// Each side's time left in milliseconds (index by `Color::index`),
    /// the running side's charged up to `seen`.
    pub left: [u64; 2],
    /// The moment (milliseconds since 1970) up to which the running clock
    /// has been charged; `None` while the clocks are stopped (not started
    /// yet, paused, or the game is over).
    pub seen: Option<u64>,
}

impl Clock {
    /// Both clocks full and stopped.
    #[must_use]
    pub const fn new(control: TimeControl) -> Clock {
        let full = control.start_ms();
        Clock {
            control,
            left: [full, full],
            seen: None,
        }
    }

    /// `side`'s time left.
    #[must_use]
    pub const fn left(&self, side: Color) -> u64 {
        self.left[side.index()]
    }

    /// Whether the clocks run.
    #[must_use]
    pub const fn running(&self) -> bool {
        self.seen.is_some()
    }

    /// Charges `side` (the side to move) for the time since the last
    /// charge, up to `now`, if the clocks run; returns whether its clock is
    /// at zero. A clock set back (`now` before the last charge) charges
    /// nothing.
    pub fn charge(&mut self, side: Color, now: u64) -> bool {
        if let Some(seen) = self.seen {
            let spent = now.saturating_sub(seen);
            let left = &mut self.left[side.index()];
            *left = left.saturating_sub(spent);
            self.seen = Some(now);
        }
        self.left(side) == 0
    }

    /// Starts the clocks from `now` (nothing is charged for the time they
    /// were stopped).
    pub fn start(&mut self, now: u64) {
        if self.seen.is_none() {
            self.seen = Some(now);
        }
    }

    /// Charges `side` up to `now` and stops the clocks; returns whether its
    /// clock is at zero.
    pub fn stop(&mut self, side: Color, now: u64) -> bool {
        let flagged = self.charge(side, now);
        self.seen = None;
        flagged
    }

    /// `mover` completed a move: the increment is added to their clock (the
    /// time of the move was charged by the last [`Clock::charge`]).
    pub fn moved(&mut self, mover: Color) {
        let inc = self.control.increment_ms();
        let left = &mut self.left[mover.index()];
        *left = left.saturating_add(inc);
    }

    /// `side`'s time left at `now` if it is the running side (what a display
    /// shows between charges).
    #[must_use]
    pub fn left_at(&self, side: Color, now: u64) -> u64 {
        match self.seen {
            Some(seen) => self.left(side).saturating_sub(now.saturating_sub(seen)),
            None => self.left(side),
        }
    }
}

/// Under this much time left a clock is shown in red, with tenths.
pub const LOW_MS: u64 = 10_000;

/// How a clock reads: "4:59", "1:02:03", and under ten seconds "0:09.3"
/// (time is rounded down: a clock reads 0:00.0 only at zero).
#[must_use]
pub fn face(ms: u64) -> String {
    let secs = ms / 1000;
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if ms < LOW_MS {
        format!("0:{s:02}.{}", ms / 100 % 10)
    } else if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// How many milliseconds a running clock showing `left` takes to read
/// differently (or to reach zero): a second above [`LOW_MS`], a tenth
/// below, at most.
#[must_use]
pub const fn until_face_changes(left: u64) -> u64 {
    if left == 0 {
        0
    } else if left < LOW_MS {
        left % 100 + 1
    } else {
        left % 1000 + 1
    }
}

/// How long the computer thinks on a move when it has a clock: its level's
/// time, but no more than a thirtieth of its time left plus 80% of the
/// increment, and at least 50 ms (the worker's floor).
#[must_use]
pub fn think_ms(level_ms: u64, clock: &Clock, side: Color) -> u64 {
    let budget = clock.left(side) / 30 + clock.control.increment_ms() * 4 / 5;
    level_ms.min(budget).max(50)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tiers_engine::Color::{Black, Red};

    #[test]
    fn presets_and_custom_controls() {
        let names: Vec<String> = PRESETS.iter().map(|c| c.name()).collect();
        assert_eq!(names, ["1+0", "3+2", "5+3", "10+5", "15+10"]);
        assert_eq!(TimeControl::parse("3+2"), Some(PRESETS[1]));
        assert_eq!(
            TimeControl::parse(" 7 + 4 "),
            Some(TimeControl {
                minutes: 7,
                increment: 4
            })
        );
        for bad in ["", "3", "0+2", "181+0", "3+61", "x+1", "3+-1"] {
            assert_eq!(TimeControl::parse(bad), None, "{bad}");
        }
        assert_eq!(
            TimeControl::new(0, 0).unwrap_err(),
            "the minutes must be between 1 and 180"
        );
        assert_eq!(
            TimeControl::new(5, 99).unwrap_err(),
            "the increment must be between 0 and 60 seconds"
        );
        assert_eq!(PRESETS[1].start_ms(), 180_000);
        assert_eq!(PRESETS[1].increment_ms(), 2_000);
    }

    #[test]
    fn only_a_running_clock_is_charged() {
        let mut c = Clock::new(PRESETS[1]);
        assert!(!c.running());
        // Stopped: nothing is charged.
        assert!(!c.charge(Red, 5_000));
        assert_eq!(c.left, [180_000, 180_000]);
        c.start(10_000);
        assert!(!c.charge(Red, 12_500));
        assert_eq!(c.left(Red), 177_500);
        assert_eq!(c.left(Black), 180_000);
        // Shown between charges.
        assert_eq!(c.left_at(Red, 13_000), 177_000);
        // A clock set back charges nothing and goes on from there.
        assert!(!c.charge(Red, 11_000));
        assert_eq!(c.left(Red), 177_500);
        assert!(!c.charge(Red, 11_500));
        assert_eq!(c.left(Red), 177_000);
        // Stopped: the paused time is not charged.
        c.stop(Red, 12_000);
        assert_eq!(c.left(Red), 176_500);
        c.start(60_000);
        c.charge(Red, 61_000);
        assert_eq!(c.left(Red), 175_500);
    }

    #[test]
    fn the_increment_comes_after_the_move() {
        let mut c = Clock::new(PRESETS[1]);
        c.start(0);
        c.charge(Red, 4_000);
        c.moved(Red);
        assert_eq!(c.left(Red), 178_000);
        // Black's clock runs from the same moment.
        c.charge(Black, 5_000);
        assert_eq!(c.left(Black), 179_000);
    }

    #[test]
    fn a_clock_reaches_zero_and_stays_there() {
        let mut c = Clock::new(PRESETS[0]);
        c.start(0);
        assert!(!c.charge(Red, 59_999));
        assert!(c.charge(Red, 60_000));
        assert!(c.charge(Red, 90_000));
        assert_eq!(c.left(Red), 0);
        assert_eq!(c.left_at(Red, 100_000), 0);
    }

    #[test]
    fn faces() {
        assert_eq!(face(180_000), "3:00");
        assert_eq!(face(179_001), "2:59");
        assert_eq!(face(10_000), "0:10");
        assert_eq!(face(9_999), "0:09.9");
        assert_eq!(face(420), "0:00.4");
        assert_eq!(face(0), "0:00.0");
        assert_eq!(face(3_723_000), "1:02:03");
        // When the face changes next.
        assert_eq!(until_face_changes(180_000), 1);
        assert_eq!(face(180_000 - 1), "2:59");
        assert_eq!(until_face_changes(179_999), 1_000);
        assert_eq!(face(179_999 - 1_000), "2:58");
        assert_eq!(until_face_changes(10_500), 501);
        assert_eq!(face(10_500 - 501), "0:09.9");
        assert_eq!(until_face_changes(420), 21);
        assert_eq!(until_face_changes(0), 0);
    }

    #[test]
    fn the_computer_thinks_within_its_clock() {
        let mut c = Clock::new(PRESETS[0]);
        // 60 s / 30 = 2 s: level 8's 2.5 s is cut to 2 s, level 3's 0.4 s kept.
        assert_eq!(think_ms(2_500, &c, Black), 2_000);
        assert_eq!(think_ms(400, &c, Black), 400);
        c.left = [60_000, 3_000];
        assert_eq!(think_ms(400, &c, Black), 100);
        c.left = [60_000, 600];
        assert_eq!(think_ms(400, &c, Black), 50);
        // The increment counts (80% of it).
        let c = Clock::new(PRESETS[1]);
        assert_eq!(think_ms(30_000, &c, Red), 6_000 + 1_600);
    }
}
