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
        }
    }

    /// Only a node limit.
    #[must_use]
    pub const fn nodes(nodes: u64) -> Self {
        SearchLimits {
            depth: None,
            nodes: Some(nodes),
            time_ms: None,
        }
    }

    /// Only a time limit, in milliseconds.
    #[must_use]
    pub const fn time(time_ms: u64) -> Self {
        SearchLimits {
            depth: None,
            nodes: None,
            time_ms: Some(time_ms),
        }
    }

    /// Whether no limit is set.
    #[must_use]
    pub const fn is_unlimited(&self) -> bool {
        self.depth.is_none() && self.nodes.is_none() && self.time_ms.is_none()
    }
}

/// The clock and node budget of one running search.
#[derive(Clone, Debug)]
pub struct Deadline {
    start: Instant,
    time_ms: Option<u64>,
    nodes: u64,
}

impl Deadline {
    /// Starts the clock now for `limits`.
    #[must_use]
    pub fn start(limits: &SearchLimits) -> Self {
        Deadline {
            start: Instant::now(),
            time_ms: limits.time_ms,
            nodes: limits.nodes.unwrap_or(u64::MAX),
        }
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
