//! The search's view of an endgame database: a lookup for any game's
//! position (only checkers positions have one), and the score of a value.

use super::EGDB_WIN;
use crate::egdb::{Egdb, Value, NOT_STORED};
use crate::{checkers, Color, Position};
use core::any::Any;

/// All pieces on the board.
#[inline]
pub(super) fn pieces<P: Position>(pos: &P) -> u32 {
    pos.piece_count(Color::Red) + pos.piece_count(Color::Black)
}

/// The database value of `pos` for its side to move, if `pos` is a
/// checkers position with few enough pieces.
#[inline]
pub(super) fn egdb_value<P: Position>(db: &Egdb, pos: &P) -> Option<Value> {
    if pieces(pos) > db.largest_slice() {
        return None;
    }
    let any: &dyn Any = pos;
    db.probe(any.downcast_ref::<checkers::Position>()?)
}

/// Whether the database knows the value after every move of `pos` (its
/// search is then exact after one iteration).
pub(super) fn knows_every_move<P: Position>(db: &Egdb, pos: &P) -> bool {
    if pieces(pos) > db.largest_slice() {
        return false;
    }
    let any: &dyn Any = pos;
    any.downcast_ref::<checkers::Position>()
        .is_some_and(|p| db.moves(p).is_some())
}

/// The search score of a database value `ply` plies from the root: a win
/// in `d` scores `EGDB_WIN - (ply + d)`, so faster wins score higher, every
/// database win scores below any mate the search finds and above any
/// evaluation; a loss is the negation, a draw 0.
///
/// ```
/// use tiers_engine::egdb::Value;
/// use tiers_engine::search::{egdb_score, EGDB_BOUND, EGDB_WIN, MATE_BOUND};
/// assert_eq!(egdb_score(Value::Win(7), 2), EGDB_WIN - 9);
/// assert!(egdb_score(Value::Win(7), 2) > egdb_score(Value::Win(9), 2));
/// assert!(egdb_score(Value::Win(301), 60) > EGDB_BOUND);
/// assert!(egdb_score(Value::Win(1), 0) <= MATE_BOUND);
/// assert_eq!(egdb_score(Value::Loss(4), 1), -(EGDB_WIN - 5));
/// assert_eq!(egdb_score(Value::Draw, 3), 0);
/// ```
#[must_use]
pub fn egdb_score(v: Value, ply: usize) -> i32 {
    // Distances beyond the band are clamped (no 6-piece ending comes near).
    let span = |d: u16| (ply as i32 + i32::from(d)).min(EGDB_WIN - super::EGDB_BOUND - 1);
    match v {
        Value::Win(d) => EGDB_WIN - span(d),
        Value::Loss(d) => -(EGDB_WIN - span(d)),
        Value::Draw => 0,
    }
}

/// Database values already looked up, by Zobrist key: iterative deepening
/// and transpositions reach the same positions again and again, and a
/// lookup that misses the database's block cache decodes a whole block.
#[derive(Clone, Debug)]
pub(super) struct ProbeCache {
    entries: Vec<(u64, u16)>,
}

const PROBE_CACHE_BITS: u32 = 16;

impl ProbeCache {
    pub(super) fn new() -> ProbeCache {
        ProbeCache {
            entries: Vec::new(),
        }
    }

    pub(super) fn clear(&mut self) {
        self.entries.clear();
    }

    /// The database value of `pos`, through the cache.
    #[inline]
    pub(super) fn value<P: Position>(&mut self, db: &Egdb, pos: &P) -> Option<Value> {
        if pieces(pos) > db.largest_slice() {
            return None;
        }
        if self.entries.is_empty() {
            self.entries = vec![(0, NOT_STORED); 1 << PROBE_CACHE_BITS];
        }
        let key = pos.zobrist();
        let slot = (key >> (64 - PROBE_CACHE_BITS)) as usize;
        let (k, code) = self.entries[slot];
        if k == key && code != NOT_STORED {
            return Value::from_code(code);
        }
        let v = egdb_value(db, pos)?;
        self.entries[slot] = (key, v.to_code());
        Some(v)
    }
}
