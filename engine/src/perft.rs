//! Perft: counting the leaves of the legal move tree, to check move generation.

use crate::Position;

/// The number of leaf nodes `depth` plies below `pos` (bulk counting at the
/// last ply). Draw rules are ignored, as RULES.md asks.
///
/// ```
/// use tiers_engine::{checkers, perft::perft, Position};
/// assert_eq!(perft(&checkers::Position::start(), 3), 302);
/// ```
#[must_use]
pub fn perft<P: Position>(pos: &P, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<P::Move>> = (0..depth.max(1)).map(|_| Vec::new()).collect();
    perft_with(pos, depth, &mut buffers)
}

fn perft_with<P: Position>(pos: &P, depth: u32, buffers: &mut [Vec<P::Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
    moves.clear();
    pos.legal_moves(moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for mv in moves.iter() {
        total += perft_with(&pos.play(mv), depth - 1, rest);
    }
    total
}

/// Perft split by first move: each legal move in written form with its count.
#[must_use]
pub fn divide<P: Position>(pos: &P, depth: u32) -> Vec<(String, u64)> {
    divide_with(pos, depth, perft)
}

/// [`divide`] counting each subtree with `perft` (e.g. a game's faster,
/// specialised perft); sorted by move text.
#[must_use]
pub fn divide_with<P: Position>(
    pos: &P,
    depth: u32,
    perft: impl Fn(&P, u32) -> u64,
) -> Vec<(String, u64)> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut out: Vec<(String, u64)> = moves
        .iter()
        .map(|mv| {
            let count = if depth <= 1 {
                1
            } else {
                perft(&pos.play(mv), depth - 1)
            };
            (pos.move_to_string(mv), count)
        })
        .collect();
    out.sort();
    out
}
