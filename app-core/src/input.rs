//! Turning clicks into moves: the squares clicked so far are matched against
//! the squares of the legal moves ([`crate::record::MoveOption::squares`]).
//! No rules here, only sequences of squares.

use tiers_engine::Color;

use crate::record::{MoveOption, Record};

/// What a click did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClickResult {
    /// Nothing is selected (clicked an empty square or cancelled).
    Cleared,
    /// A piece or a partial move is selected: these squares so far.
    Partial(Vec<u8>),
    /// A complete move: its index among the legal moves.
    Move(usize),
    /// The clicked sequence is no legal move; the squares tried.
    Illegal(Vec<u8>),
    /// Several moves end on the clicked square; the player must click the
    /// landing squares in turn. The partial selection is kept.
    Ambiguous(Vec<u8>),
}

/// The moves (by index) whose squares start with `partial`.
pub fn candidates<'a>(moves: &'a [Vec<u8>], partial: &'a [u8]) -> impl Iterator<Item = usize> + 'a {
    moves
        .iter()
        .enumerate()
        .filter(move |(_, m)| m.len() >= partial.len() && m[..partial.len()] == *partial)
        .map(|(i, _)| i)
}

/// The squares that can be clicked next after `partial` (legal targets).
#[must_use]
pub fn next_targets(moves: &[Vec<u8>], partial: &[u8]) -> Vec<u8> {
    let mut out: Vec<u8> = Vec::new();
    if partial.is_empty() {
        return out;
    }
    for i in candidates(moves, partial) {
        let m = &moves[i];
        if m.len() > partial.len() {
            // The next square, and the final one (which may be clicked directly).
            for sq in [m[partial.len()], m[m.len() - 1]] {
                if !out.contains(&sq) {
                    out.push(sq);
                }
            }
        }
    }
    out
}

/// The index of the move that equals `partial` exactly, if any.
#[must_use]
pub fn complete(moves: &[Vec<u8>], partial: &[u8]) -> Option<usize> {
    moves.iter().position(|m| m == partial)
}

/// Whether a piece on `sq` starts some legal move.
#[must_use]
pub fn is_origin(moves: &[Vec<u8>], sq: u8) -> bool {
    moves.iter().any(|m| m.first() == Some(&sq))
}

/// One click on `sq`, given the squares selected so far. `own_piece` says
/// whether `sq` holds a piece of the side to move (to switch selection).
#[must_use]
pub fn click(moves: &[Vec<u8>], partial: &[u8], sq: u8, own_piece: bool) -> ClickResult {
    if partial.is_empty() {
        return if is_origin(moves, sq) || own_piece {
            ClickResult::Partial(vec![sq])
        } else {
            ClickResult::Cleared
        };
    }
    // Clicking the last selected square again: finish a move that may end
    // there (a double ultra king's optional second action), or cancel.
    if partial.last() == Some(&sq) {
        if partial.len() > 1 {
            if let Some(i) = complete(moves, partial) {
                return ClickResult::Move(i);
            }
        }
        return if partial.len() == 1 {
            ClickResult::Cleared
        } else {
            ClickResult::Partial(partial.to_vec())
        };
    }
    let mut ext = partial.to_vec();
    ext.push(sq);
    let longer = candidates(moves, &ext)
        .filter(|&i| moves[i].len() > ext.len())
        .count();
    if let Some(i) = complete(moves, &ext) {
        if longer == 0 {
            return ClickResult::Move(i);
        }
        // Complete here but could go on: keep selecting; clicking the same
        // square again finishes.
        return ClickResult::Partial(ext);
    }
    if longer > 0 {
        return ClickResult::Partial(ext);
    }
    // The final landing square clicked directly.
    let ending: Vec<usize> = candidates(moves, partial)
        .filter(|&i| moves[i].last() == Some(&sq))
        .collect();
    match ending.as_slice() {
        [i] => return ClickResult::Move(*i),
        [_, ..] => return ClickResult::Ambiguous(partial.to_vec()),
        [] => {}
    }
    if partial.len() == 1 && own_piece {
        // Switch to another of one's own pieces.
        return ClickResult::Partial(vec![sq]);
    }
    ClickResult::Illegal(ext)
}

/// One click on `sq` on the position at the cursor of `game`, given the
/// squares selected so far: the legal moves there, and what the click did
/// (a piece of the side to move may be selected even if it cannot move).
#[must_use]
pub fn click_in(game: &dyn Record, partial: &[u8], sq: u8) -> (Vec<MoveOption>, ClickResult) {
    let legal = game.legal();
    let paths: Vec<Vec<u8>> = legal.iter().map(|m| m.squares.clone()).collect();
    let side = game.side_at(game.ply()).unwrap_or(Color::Red);
    let own = game
        .view_at(game.ply())
        .and_then(|v| v[usize::from(sq)])
        .is_some_and(|p| p.color == side);
    let result = click(&paths, partial, sq, own);
    (legal, result)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves() -> Vec<Vec<u8>> {
        vec![
            vec![10, 19],     // simple step
            vec![10, 28, 46], // double jump
            vec![10, 28, 42], // double jump, other branch
            vec![12, 30],     // single jump
            vec![20, 21],     // duk: one action
            vec![20, 21, 22], // duk: two actions
        ]
    }

    #[test]
    fn select_then_target_emits_the_move() {
        let m = moves();
        assert_eq!(click(&m, &[], 12, true), ClickResult::Partial(vec![12]));
        assert_eq!(click(&m, &[12], 30, false), ClickResult::Move(3));
    }

    #[test]
    fn multi_jump_by_landing_squares_or_last_square() {
        let m = moves();
        assert_eq!(
            click(&m, &[10], 28, false),
            ClickResult::Partial(vec![10, 28])
        );
        assert_eq!(click(&m, &[10, 28], 46, false), ClickResult::Move(1));
        assert_eq!(click(&m, &[10], 42, false), ClickResult::Move(2));
        assert_eq!(next_targets(&m, &[10]), vec![19, 28, 46, 42]);
    }

    #[test]
    fn optional_second_action_finishes_on_second_click() {
        let m = moves();
        assert_eq!(
            click(&m, &[20], 21, false),
            ClickResult::Partial(vec![20, 21])
        );
        assert_eq!(click(&m, &[20, 21], 21, false), ClickResult::Move(4));
        assert_eq!(click(&m, &[20, 21], 22, false), ClickResult::Move(5));
    }

    #[test]
    fn illegal_and_reselect() {
        let m = moves();
        assert_eq!(
            click(&m, &[12], 13, false),
            ClickResult::Illegal(vec![12, 13])
        );
        assert_eq!(click(&m, &[12], 10, true), ClickResult::Partial(vec![10]));
        assert_eq!(click(&m, &[12], 12, true), ClickResult::Cleared);
        assert_eq!(click(&m, &[], 5, false), ClickResult::Cleared);
    }

    #[test]
    fn ambiguous_final_square() {
        let m = vec![vec![1, 2, 3], vec![1, 4, 3]];
        assert_eq!(click(&m, &[1], 3, false), ClickResult::Ambiguous(vec![1]));
        assert_eq!(click(&m, &[1], 4, false), ClickResult::Partial(vec![1, 4]));
    }
}
