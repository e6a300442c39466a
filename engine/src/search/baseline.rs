//! Reference opponents for measuring the AI: a plain fixed-depth alpha-beta
//! with a material-only evaluation, and a greedy one-ply player.
//!
//! They know nothing of the draw rules, have no transposition table, no
//! move ordering and no capture extension: they are deliberately plain.

use super::eval::{mix64, Evaluate};
use super::MATE;

/// The move a plain `depth`-ply alpha-beta with a material-only evaluation
/// plays (the first of equally good moves, in move generation order), or
/// `None` when there is no legal move.
#[must_use]
pub fn alphabeta_material<P: Evaluate>(pos: &P, depth: u32) -> Option<P::Move> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut best = None;
    let mut alpha = -MATE - 1;
    for mv in &moves {
        let score = -negamax(&pos.play(mv), depth.max(1) as i32 - 1, 1, -MATE - 1, -alpha);
        if score > alpha {
            alpha = score;
            best = Some(*mv);
        }
    }
    best
}

fn negamax<P: Evaluate>(pos: &P, depth: i32, ply: i32, mut alpha: i32, beta: i32) -> i32 {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    if moves.is_empty() {
        return -(MATE - ply);
    }
    if depth <= 0 {
        return pos.material();
    }
    let mut best = -MATE - 1;
    for mv in &moves {
        let score = -negamax(&pos.play(mv), depth - 1, ply + 1, -beta, -alpha);
        if score > best {
            best = score;
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
    }
    best
}

/// The move a greedy one-ply player makes: an immediate win if there is
/// one, otherwise the move that leaves it the most material; ties are
/// broken by `seed`. `None` when there is no legal move.
#[must_use]
pub fn greedy<P: Evaluate>(pos: &P, seed: u64) -> Option<P::Move> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut replies = Vec::new();
    moves
        .iter()
        .map(|mv| {
            let child = pos.play(mv);
            replies.clear();
            child.legal_moves(&mut replies);
            let score = if replies.is_empty() {
                MATE
            } else {
                -child.material()
            };
            let tie = mix64(seed ^ u64::from(pos.move_key(mv)) ^ pos.zobrist());
            (score, tie, *mv)
        })
        .max_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)))
        .map(|(_, _, mv)| mv)
}
