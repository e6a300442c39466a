//! What the computer found about one position, asked for by the board
//! editor ("Analyse") or on the play screen (the evaluation bar and hints):
//! the position (a start and the moves from it), the search's progress as
//! it deepens, and its best move once it is over.

use tiers_engine::search::{Level, EGDB_BOUND};
use tiers_engine::{Color, GameKind};

use super::ai::{AiReply, AiRequest, Budget};
use crate::i18n::Text;

/// A position to analyse: the game, its start and the moves played from it.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Spot {
    /// Which game.
    pub kind: Option<GameKind>,
    /// The start position's text (FEN / TFEN).
    pub start: String,
    /// The moves played from the start, in written form.
    pub moves: Vec<String>,
}

/// What the computer found about a position.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Analysis {
    /// The position analysed.
    pub spot: Spot,
    /// The side to move there.
    pub side: Option<Color>,
    /// Depth reached.
    pub depth: u32,
    /// The evaluation for the side to move, once there is one.
    pub score: Option<i32>,
    /// Nodes searched.
    pub nodes: u64,
    /// The expected line.
    pub pv: Vec<String>,
    /// The best move, when the search is over.
    pub best: Option<String>,
    /// Why the computer could not analyse it.
    pub error: Option<Text>,
    /// Asked for, not yet sent to the computer.
    pub requested: bool,
    /// The request being answered.
    pub pending: Option<u32>,
}

impl Analysis {
    /// An analysis of `spot` (side `side` to move), asked for.
    #[must_use]
    pub fn ask(spot: Spot, side: Option<Color>) -> Analysis {
        Analysis {
            spot,
            side,
            requested: true,
            ..Analysis::default()
        }
    }

    /// Whether the computer is at it (asked or answering).
    #[must_use]
    pub fn running(&self) -> bool {
        self.requested || self.pending.is_some()
    }

    /// The request for it, with this id, searching within `budget` at the
    /// analysis strength (the endgame database included).
    #[must_use]
    pub fn request(&self, id: u32, budget: Budget) -> Option<AiRequest> {
        let kind = self.spot.kind.filter(|_| self.requested)?;
        Some(AiRequest {
            id,
            kind,
            start: self.spot.start.clone(),
            moves: self.spot.moves.clone(),
            level: Level::ANALYSIS,
            seed: u64::from(id),
            budget,
            lines: 0,
        })
    }

    /// The request went out with this id.
    pub fn sent(&mut self, id: u32) {
        self.requested = false;
        self.pending = Some(id);
    }

    /// Whether it waits for the reply to request `id`.
    #[must_use]
    pub fn waits_for(&self, id: u32) -> bool {
        self.pending == Some(id)
    }

    /// What the computer found (a reply to another request is ignored).
    pub fn reply(&mut self, reply: AiReply) {
        if !self.waits_for(reply.id()) {
            return;
        }
        match reply {
            AiReply::Info {
                depth,
                score,
                nodes,
                pv,
                ..
            } => {
                self.depth = depth;
                self.score = Some(score);
                self.nodes = nodes;
                self.pv = pv;
            }
            AiReply::Move { text, .. } => {
                self.best = Some(text);
                self.pending = None;
            }
            AiReply::Unavailable { .. } | AiReply::Lines { .. } => {}
            AiReply::Error { problem, .. } => {
                self.error = Some(problem.explain());
                self.pending = None;
            }
        }
    }

    /// Stops it: the best move so far stands as its result.
    pub fn stop(&mut self) {
        if self.running() && self.best.is_none() {
            self.best = self.pv.first().cloned();
        }
        self.requested = false;
        self.pending = None;
    }

    /// Its worker was replaced: the reply will not come.
    pub fn reset(&mut self) {
        self.pending = None;
    }

    /// The best move found so far: the search's result, or the first move
    /// of its line once it reached `min_depth`.
    #[must_use]
    pub fn best_so_far(&self, min_depth: u32) -> Option<&str> {
        self.best.as_deref().or_else(|| {
            self.pv
                .first()
                .filter(|_| self.depth >= min_depth)
                .map(String::as_str)
        })
    }

    /// The score from Red's point of view, once there is one.
    #[must_use]
    pub fn red_score(&self) -> Option<i32> {
        let s = self.score?;
        Some(if self.side == Some(Color::Black) {
            -s
        } else {
            s
        })
    }
}

/// Red's share of the evaluation bar, in thousandths (500: level), from a
/// score for Red in hundredths of a man: a logistic curve on which a man
/// ahead is about three quarters, two men about nine tenths; a win found
/// by the search or the endgame database fills the bar.
#[must_use]
pub fn bar_share(red_score: i32) -> u32 {
    if red_score > EGDB_BOUND {
        return 1000;
    }
    if red_score < -EGDB_BOUND {
        return 0;
    }
    let x = f64::from(red_score) / 100.0;
    let share = 1.0 / (1.0 + (-1.1 * x).exp());
    (share * 1000.0).round().clamp(0.0, 1000.0) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spot() -> Spot {
        Spot {
            kind: Some(GameKind::Checkers),
            start: "start".into(),
            moves: vec!["11-15".into()],
        }
    }

    #[test]
    fn a_request_goes_out_once_and_only_its_replies_count() {
        let mut a = Analysis::ask(spot(), Some(Color::Red));
        let r = a.request(7, Budget::Time(1000)).unwrap();
        assert_eq!(
            (r.moves.len(), r.level, r.budget),
            (1, Level::ANALYSIS, Budget::Time(1000))
        );
        a.sent(7);
        assert!(
            a.request(8, Budget::Time(1000)).is_none(),
            "sent: not due again"
        );
        a.reply(AiReply::Info {
            id: 6,
            depth: 9,
            score: 50,
            nodes: 1,
            pv: vec!["x".into()],
        });
        assert_eq!(a.depth, 0, "a stale reply is ignored");
        a.reply(AiReply::Info {
            id: 7,
            depth: 4,
            score: -120,
            nodes: 10,
            pv: vec!["23-19".into()],
        });
        assert_eq!(a.best_so_far(6), None, "too shallow for a hint");
        assert_eq!(a.best_so_far(4), Some("23-19"));
        assert_eq!(a.red_score(), Some(-120));
        a.reply(AiReply::Move {
            id: 7,
            text: "22-18".into(),
        });
        assert!(!a.running());
        assert_eq!(a.best_so_far(99), Some("22-18"));
    }

    #[test]
    fn stopping_keeps_the_best_move_so_far() {
        let mut a = Analysis::ask(spot(), Some(Color::Black));
        a.sent(1);
        a.reply(AiReply::Info {
            id: 1,
            depth: 3,
            score: 80,
            nodes: 1,
            pv: vec!["a".into(), "b".into()],
        });
        assert_eq!(
            a.red_score(),
            Some(-80),
            "Black to move: Red's view is the opposite"
        );
        a.stop();
        assert_eq!(a.best.as_deref(), Some("a"));
        assert!(!a.running());
    }

    #[test]
    fn the_bar_is_level_at_zero_and_full_for_a_win() {
        assert_eq!(bar_share(0), 500);
        assert!((700..800).contains(&bar_share(100)), "{}", bar_share(100));
        assert!(bar_share(200) > 880);
        assert_eq!(bar_share(-100), 1000 - bar_share(100));
        assert_eq!(bar_share(tiers_engine::search::MATE - 5), 1000);
        assert_eq!(bar_share(-(EGDB_BOUND + 3)), 0);
    }
}
