//! Move ordering: the hash move first, then killers, then the history
//! heuristic. Moves are known to these tables by a small key
//! ([`super::Evaluate::move_key`]), so the tables do not depend on the game.

/// The deepest ply the tables cover.
pub const MAX_PLY: usize = 128;

const HISTORY_SIZE: usize = 1 << 14;

/// Order score of the hash move.
pub const HASH_MOVE: i32 = 1 << 30;
/// Order score of the first killer (the second gets one less).
pub const KILLER: i32 = 1 << 29;
/// Order score of the counter move (after both killers).
pub const COUNTER: i32 = KILLER - 2;
/// A move key that names no move (no counter move known, no move before
/// the root).
pub const NO_MOVE: u32 = u32::MAX;

/// Killer moves per ply, a history table per side and counter moves per
/// side and previous move.
#[derive(Clone, Debug)]
pub struct Ordering {
    killers: Vec<[u32; 2]>,
    history: Vec<i32>,
    counters: Vec<u32>,
}

impl Default for Ordering {
    fn default() -> Self {
        Self::new()
    }
}

impl Ordering {
    /// Empty tables.
    #[must_use]
    pub fn new() -> Self {
        Ordering {
            killers: vec![[u32::MAX; 2]; MAX_PLY + 1],
            history: vec![0; 2 * HISTORY_SIZE],
            counters: vec![NO_MOVE; 2 * HISTORY_SIZE],
        }
    }

    /// Forgets everything (start of a new, independent search).
    pub fn clear(&mut self) {
        self.killers.fill([u32::MAX; 2]);
        self.history.fill(0);
        self.counters.fill(NO_MOVE);
    }

    fn slot(side: usize, key: u32) -> usize {
        side * HISTORY_SIZE + (key as usize & (HISTORY_SIZE - 1))
    }

    /// The order score of a move that is not the hash move: killers first,
    /// then by history.
    #[must_use]
    pub fn score(&self, ply: usize, side: usize, key: u32) -> i32 {
        let killers = &self.killers[ply.min(MAX_PLY)];
        if killers[0] == key {
            KILLER
        } else if killers[1] == key {
            KILLER - 1
        } else {
            self.history[Self::slot(side, key)]
        }
    }

    /// The order score of a move that is not the hash move, with counter
    /// moves: killers, then the move that last refuted `previous` (the
    /// opponent's move before this position), then by history.
    #[must_use]
    pub fn score_with_counter(&self, ply: usize, side: usize, key: u32, previous: u32) -> i32 {
        let s = self.score(ply, side, key);
        if s < COUNTER && previous != NO_MOVE && self.counters[Self::slot(side, previous)] == key {
            COUNTER
        } else {
            s
        }
    }

    /// Records `key` as the counter move to `previous` for `side`.
    pub fn record_counter(&mut self, side: usize, previous: u32, key: u32) {
        if previous != NO_MOVE {
            self.counters[Self::slot(side, previous)] = key;
        }
    }

    /// Records a quiet move that caused a beta cutoff at `depth`.
    pub fn record_cutoff(&mut self, ply: usize, side: usize, key: u32, depth: i32) {
        let killers = &mut self.killers[ply.min(MAX_PLY)];
        if killers[0] != key {
            killers[1] = killers[0];
            killers[0] = key;
        }
        let bonus = (depth * depth).min(400);
        let h = &mut self.history[Self::slot(side, key)];
        *h += bonus - *h * bonus / 16384;
    }

    /// Penalises a quiet move that was searched before the cutoff move.
    pub fn record_failure(&mut self, side: usize, key: u32, depth: i32) {
        let malus = (depth * depth).min(400);
        let h = &mut self.history[Self::slot(side, key)];
        *h -= malus + *h * malus / 16384;
    }

    /// Ages the history between searches so older results weigh less.
    pub fn age(&mut self) {
        for h in &mut self.history {
            *h /= 4;
        }
        self.killers.fill([u32::MAX; 2]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn killers_outrank_history_and_history_grows() {
        let mut o = Ordering::new();
        o.record_cutoff(3, 0, 77, 4);
        o.record_cutoff(3, 0, 88, 4);
        assert_eq!(o.score(3, 0, 88), KILLER);
        assert_eq!(o.score(3, 0, 77), KILLER - 1);
        assert!(o.score(4, 0, 77) > 0);
        assert_eq!(o.score(4, 1, 77), 0);
        o.record_failure(1, 5, 6);
        assert!(o.score(0, 1, 5) < 0);
        o.age();
        assert_ne!(o.score(3, 0, 88), KILLER);
    }

    #[test]
    fn counter_moves_come_after_killers_and_before_history() {
        let mut o = Ordering::new();
        o.record_cutoff(2, 1, 40, 8);
        assert!(o.score_with_counter(5, 1, 40, 7) < COUNTER);
        o.record_counter(1, 7, 40);
        assert_eq!(o.score_with_counter(5, 1, 40, 7), COUNTER);
        // Only after that previous move, only for that side.
        assert!(o.score_with_counter(5, 1, 40, 8) < COUNTER);
        assert!(o.score_with_counter(5, 0, 40, 7) < COUNTER);
        assert_eq!(o.score_with_counter(5, 1, 40, NO_MOVE), o.score(5, 1, 40));
        // A killer keeps its rank.
        assert_eq!(o.score_with_counter(2, 1, 40, 7), KILLER);
        o.clear();
        assert!(o.score_with_counter(5, 1, 40, 7) < COUNTER);
    }
}
