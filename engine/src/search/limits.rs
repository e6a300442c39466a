//! Search limits as data, and the clock that enforces them inside the search.
//!
//! A web worker cannot be interrupted in the middle of a call, so every
//! search must end by itself: the search polls [`Deadline`] every few hundred
//! nodes and stops as soon as a limit is reached.

use serde::{Deserialize, Serialize};
use web_time::Instant;

/// When to stop searching. Every limit that is set applies; the search stops
/// at the first one reached. With no limit at all, the search uses
/// [`SearchLimits::DEFAULT_TIME_MS`].
///
/// ```
/// use tiers_engine::search::SearchLimits;
/// let limits = SearchLimits::time(100);
/// assert_eq!(limits.time_ms, Some(100));
/// assert_eq!(SearchLimits::depth(6).depth, Some(6));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SearchLimits {
    /// The deepest iteration, in plies (forced captures are searched beyond it).
    pub depth: Option<u32>,
    /// The most nodes (positions visited).
    pub nodes: Option<u64>,
    /// Wall-clock time in milliseconds.
    pub time_ms: Option<u64>,
    /// The time the search aims to use, in milliseconds, when it manages
    /// its time: it stops sooner when its best move stays the same from one
    /// iteration to the next and goes on longer (never past `time_ms`, or
    /// four times the target without it) when the best move changes or the
    /// score drops. Without it the search uses all of `time_ms`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_ms: Option<u64>,
}

impl SearchLimits {
    /// The time used when no limit at all is given: one second.
    pub const DEFAULT_TIME_MS: u64 = 1000;

    /// Only a depth limit.
    #[must_use]
    pub const fn depth(depth: u32) -> Self {
        SearchLimits {
            depth: Some(depth),
            nodes: None,
            time_ms: None,
            target_ms: None,
        }
    }

    /// Only a node limit.
    #[must_use]
    pub const fn nodes(nodes: u64) -> Self {
        SearchLimits {
            depth: None,
            nodes: Some(nodes),
            time_ms: None,
            target_ms: None,
        }
    }

    /// Only a time limit, in milliseconds.
    #[must_use]
    pub const fn time(time_ms: u64) -> Self {
        SearchLimits {
            depth: None,
            nodes: None,
            time_ms: Some(time_ms),
            target_ms: None,
        }
    }

    /// A managed time: aim at `target_ms`, never pass `max_ms`.
    ///
    /// ```
    /// use tiers_engine::search::SearchLimits;
    /// let limits = SearchLimits::managed(100, 400);
    /// assert_eq!((limits.target_ms, limits.time_ms), (Some(100), Some(400)));
    /// ```
    #[must_use]
    pub const fn managed(target_ms: u64, max_ms: u64) -> Self {
        SearchLimits {
            depth: None,
            nodes: None,
            time_ms: Some(max_ms),
            target_ms: Some(target_ms),
        }
    }

    /// Whether no limit is set.
    #[must_use]
    pub const fn is_unlimited(&self) -> bool {
        self.depth.is_none()
            && self.nodes.is_none()
            && self.time_ms.is_none()
            && self.target_ms.is_none()
    }
}

/// The clock and node budget of one running search.
#[derive(Clone, Debug)]
pub struct Deadline {
    start: Instant,
    /// The time limit now.
    time_ms: Option<u64>,
    /// The time limit given.
    hard_ms: Option<u64>,
    nodes: u64,
}

impl Deadline {
    /// Starts the clock now for `limits`.
    #[must_use]
    pub fn start(limits: &SearchLimits) -> Self {
        let hard_ms = limits
            .time_ms
            .or(limits.target_ms.map(|t| t.saturating_mul(4)));
        Deadline {
            start: Instant::now(),
            time_ms: hard_ms,
            hard_ms,
            nodes: limits.nodes.unwrap_or(u64::MAX),
        }
    }

    /// Moves the time limit to `ms` after the start, never past the
    /// limit the search was given.
    pub fn set_time_ms(&mut self, ms: u64) {
        self.time_ms = Some(self.hard_ms.map_or(ms, |t| t.min(ms)));
    }

    /// Milliseconds since the search started.
    #[must_use]
    pub fn elapsed_ms(&self) -> u64 {
        u64::try_from(self.start.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    /// Seconds since the search started, as a float (for nodes per second).
    #[must_use]
    pub fn elapsed_secs(&self) -> f64 {
        self.start.elapsed().as_secs_f64()
    }

    /// Whether the time is up.
    #[must_use]
    pub fn time_up(&self) -> bool {
        match self.time_ms {
            Some(ms) => self.start.elapsed().as_micros() >= u128::from(ms) * 1000,
            None => false,
        }
    }

    /// The node budget (`u64::MAX` when none).
    #[must_use]
    pub const fn node_limit(&self) -> u64 {
        self.nodes
    }
}
