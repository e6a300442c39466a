//! Time management: how long a search with a target time
//! ([`super::SearchLimits::target_ms`]) goes on, decided after each
//! iteration from how settled its answer is.

/// The state of one managed search.
#[derive(Clone, Debug)]
pub(super) struct TimeManager {
    target_ms: u64,
    last_best: Option<usize>,
    /// Iterations in a row that kept the best move.
    stable: u32,
    last_score: Option<i32>,
}

impl TimeManager {
    pub(super) fn new(target_ms: u64) -> TimeManager {
        TimeManager {
            target_ms,
            last_best: None,
            stable: 0,
            last_score: None,
        }
    }

    /// After an iteration whose best move is `best` (its index) with
    /// `score`, `elapsed_ms` into the search: the time limit for the rest
    /// of the search, or `None` to stop now. The target is scaled up to
    /// twice when the best move has just changed and down to 0.7 times
    /// after four iterations without change, and up by half (a quarter of
    /// a man lost) or double (0.6 of a man) when the score drops; an
    /// iteration is not started past half the time allowed (the next one
    /// takes longer than all before it).
    pub(super) fn after_iteration(
        &mut self,
        best: usize,
        score: i32,
        elapsed_ms: u64,
    ) -> Option<u64> {
        self.stable = if self.last_best == Some(best) {
            self.stable + 1
        } else {
            0
        };
        self.last_best = Some(best);
        // Percent of the target.
        let mut scale: u64 = match self.stable {
            0 => 200,
            1 => 140,
            2 => 110,
            3 => 90,
            _ => 70,
        };
        if let Some(last) = self.last_score {
            let drop = last - score;
            if drop >= 60 {
                scale *= 2;
            } else if drop >= 25 {
                scale = scale * 3 / 2;
            }
        }
        self.last_score = Some(score);
        let allowed = self.target_ms.saturating_mul(scale) / 100;
        (elapsed_ms < allowed / 2).then_some(allowed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_settled_answer_stops_sooner_than_a_changing_one() {
        let mut settled = TimeManager::new(1000);
        let mut limit = None;
        for _ in 0..6 {
            limit = settled.after_iteration(3, 10, 100);
        }
        assert_eq!(limit, Some(700));
        // Past half of what is allowed: no new iteration.
        assert_eq!(settled.after_iteration(3, 10, 400), None);

        let mut changing = TimeManager::new(1000);
        for best in 0..6 {
            limit = changing.after_iteration(best, 10, 100);
        }
        assert_eq!(limit, Some(2000));
    }

    #[test]
    fn a_dropping_score_gets_more_time() {
        let mut m = TimeManager::new(1000);
        for _ in 0..5 {
            m.after_iteration(1, 50, 10);
        }
        assert_eq!(m.after_iteration(1, 50, 10), Some(700));
        assert_eq!(m.after_iteration(1, 20, 10), Some(1050));
        assert_eq!(m.after_iteration(1, -50, 10), Some(1400));
    }
}
