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

/// Killer moves per ply and a history table per side.
#[derive(Clone, Debug)]
pub struct Ordering {
    killers: Vec<[u32; 2]>,
    history: Vec<i32>,
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
        }
    }

    /// Forgets everything (start of a new, independent search).
    pub fn clear(&mut self) {
        self.killers.fill([u32::MAX; 2]);
        self.history.fill(0);
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
}
