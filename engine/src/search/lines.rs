//! Several best lines at once (multi-PV), for the analysis board: at each
//! depth of iterative deepening the best move is searched with a full
//! window over all the root moves, then the best of the moves left, and so
//! on, one full-window root search per line ("exclusion" multi-PV, as
//! chess engines do it). Each line's score is exact at its depth; the lines
//! come sorted, best first, with distinct first moves. Asked for every
//! legal move, it scores all of them (CheckerBoard's "display all scores").
//!
//! One thread, no opening book: what it reports is the search's own
//! opinion of each move.

use std::sync::atomic::{AtomicBool, AtomicU64};

use serde::{Deserialize, Serialize};

use super::limits::Deadline;
use super::{
    probe, to_tt, written, Bound, Evaluate, SearchConfig, Searcher, Shared, Worker, INFINITY, MATE,
    MATE_BOUND,
};
use crate::{GameKind, Position};

/// One line of a multi-PV search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PvLine {
    /// Its score for the side to move (see [`super::SearchInfo::score`]).
    pub score: i32,
    /// The line in written form, its first move first.
    pub pv: Vec<String>,
    /// The position after its first move is in the endgame database (its
    /// score is then the database's: a win or loss in so many plies, or
    /// 0 for a draw).
    #[serde(default)]
    pub db: bool,
}

/// What a multi-PV search reports after each completed depth.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LinesInfo {
    /// The depth completed, in plies (0: stopped before the first depth
    /// was complete; the lines are then the moves in their first order,
    /// scored by the evaluation).
    pub depth: u32,
    /// Positions visited so far.
    pub nodes: u64,
    /// The lines, best first.
    pub lines: Vec<PvLine>,
}

impl Searcher {
    /// Searches `pos` for its `count` best lines (at least 1; at most the
    /// number of legal moves), reporting them after every completed depth
    /// to `on_info`; returns the last complete set, or `None` when there
    /// is no legal move. `history` and `config` as for
    /// [`Searcher::search`] (an unlimited search at the analysis strength
    /// runs for its move time; the book is not used).
    pub fn search_lines<P, F>(
        &mut self,
        pos: &P,
        history: &[u64],
        config: &SearchConfig,
        count: usize,
        mut on_info: F,
    ) -> Option<LinesInfo>
    where
        P: Evaluate,
        F: FnMut(&LinesInfo),
    {
        let mut root_moves = Vec::new();
        pos.legal_moves(&mut root_moves);
        if root_moves.is_empty() {
            return None;
        }
        self.begin::<P>();
        let settings = config.level.settings();
        let (limits, max_depth) = super::budget(config, &settings);
        let egdb = self
            .egdb
            .as_deref()
            .filter(|_| settings.egdb && P::KIND == GameKind::Checkers);
        let root_known = egdb.is_some_and(|db| probe::knows_every_move(db, pos));
        let count = count.clamp(1, root_moves.len());
        let single = root_moves.len() == 1;
        let shared = Shared {
            tt: &self.tt,
            egdb,
            techniques: self.techniques,
            noise: settings.noise,
            seed: config.seed,
            stop: AtomicBool::new(false),
            helper_nodes: AtomicU64::new(0),
        };
        let mut w = Worker::<P>::new(
            &shared,
            &mut self.ordering,
            &mut self.probes,
            &mut self.eval_stack,
            Deadline::start(&limits),
            pos,
            history,
        );
        let mut order = w.root_order(pos, &root_moves);
        let in_db = |pv: &[P::Move]| {
            egdb.zip(pv.first())
                .is_some_and(|(db, mv)| probe::egdb_value(db, &pos.play(mv)).is_some())
        };
        let mut last: Option<LinesInfo> = None;
        for depth in 1..=max_depth {
            let mut found: Vec<(i32, Vec<P::Move>)> = Vec::with_capacity(count);
            for i in 0..count {
                // The best of the moves not yet in a line, exactly scored.
                let outcome = w.root(
                    pos,
                    depth as i32,
                    &mut order[i..],
                    -INFINITY,
                    INFINITY,
                    single,
                );
                let Some((at, score, pv)) = outcome.filter(|_| !w.stopped) else {
                    break;
                };
                let entry = order.remove(i + at);
                order.insert(i, entry);
                found.push((score, pv));
            }
            if w.stopped || found.len() < count {
                break;
            }
            // The root's entry, as the single search leaves it (so that one
            // line searches as it does).
            w.tt.store(
                pos.zobrist(),
                depth as i32,
                to_tt(found[0].0, 0),
                Bound::Exact,
                Some(order[0].0),
            );
            // Sorted, best first (a later line may come out better than an
            // earlier one when the table changed between them); the moves
            // of the lines keep their places at the head of the order.
            let mut ranked: Vec<usize> = (0..count).collect();
            ranked.sort_by_key(|&i| std::cmp::Reverse(found[i].0));
            let head: Vec<(usize, P::Move)> = ranked.iter().map(|&i| order[i]).collect();
            order[..count].copy_from_slice(&head);
            let info = LinesInfo {
                depth,
                nodes: w.nodes,
                lines: ranked
                    .iter()
                    .map(|&i| PvLine {
                        score: found[i].0,
                        pv: written(pos, &found[i].1),
                        db: in_db(&found[i].1),
                    })
                    .collect(),
            };
            on_info(&info);
            // Every line's result proven: more depth cannot change them.
            let proven = info
                .lines
                .iter()
                .all(|l| l.score.abs() > MATE_BOUND && (MATE - l.score.abs()) as u32 + 1 < depth);
            last = Some(info);
            if single
                || proven
                || root_known
                || w.deadline.time_up()
                || w.nodes >= w.deadline.node_limit()
            {
                break;
            }
        }
        let nodes = w.nodes;
        Some(last.unwrap_or_else(|| {
            LinesInfo {
                depth: 0,
                nodes,
                lines: order
                    .iter()
                    .take(count)
                    .map(|&(_, mv)| PvLine {
                        score: pos.play(&mv).evaluate().saturating_neg(),
                        pv: vec![pos.move_to_string(&mv)],
                        db: false,
                    })
                    .collect(),
            }
        }))
    }
}

/// The position after a pass (a null move): the same pieces with the other
/// side to move, or `None` when that cannot be played (a side with no
/// piece). What the opponent would do if it were their move is the best
/// move there: the threat.
///
/// ```
/// use tiers_engine::search::passed;
/// use tiers_engine::{checkers, Position};
/// let start = checkers::Position::start();
/// let after = passed(&start).unwrap();
/// assert_ne!(after.side_to_move(), start.side_to_move());
/// assert_eq!(passed(&after).unwrap().to_text(), start.to_text());
/// ```
#[must_use]
pub fn passed<P: Position>(pos: &P) -> Option<P> {
    let text = pos.to_text();
    let flipped = pass_text(&text)?;
    P::parse(&flipped).ok()
}

/// The text of a position (PDN FEN: `B:W…:B…`, or TFEN: `… r 0 1`) with
/// the other side to move.
fn pass_text(text: &str) -> Option<String> {
    let text = text.trim();
    let swap = |c: &str| -> Option<&'static str> {
        match c {
            "B" => Some("W"),
            "W" => Some("B"),
            "b" => Some("r"),
            "r" => Some("b"),
            _ => None,
        }
    };
    if let Some((side, rest)) = text.split_once(':') {
        if let Some(other) = swap(side.trim()) {
            return Some(format!("{other}:{rest}"));
        }
    }
    // TFEN: the side is the field after the board.
    let fields: Vec<&str> = text.split_whitespace().collect();
    let (i, other) = fields.iter().enumerate().skip(1).find_map(|(i, f)| {
        swap(f)
            .filter(|o| o.chars().all(char::is_lowercase))
            .map(|o| (i, o))
    })?;
    let mut out = fields;
    out[i] = other;
    Some(out.join(" "))
}
