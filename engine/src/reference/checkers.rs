//! A naive, slow reference move generator for American checkers, written
//! straight from RULES.md §1 on file/rank coordinates (no bitboards, no
//! shift tables): it lists every move and multi-jump, plays each on a
//! copy of the arrangement and keeps one move per resulting position.
//! `tiers random-games checkers` compares it with the engine.

use crate::checkers::{self, index64_to_square, square_to_index64, Setup};
use crate::{Color, PieceKind, Position};
use std::collections::HashSet;

/// A position as the reference sees it (the engine's [`Setup`]: pieces by
/// square 1–32, side to move, counters).
pub type RefPos = Setup;

/// The square (1–32) `steps` diagonal steps from `sq` towards
/// (`df`, `dr`), if it is on the board.
fn towards(sq: u8, df: i8, dr: i8, steps: i8) -> Option<u8> {
    let i = square_to_index64(sq) as i8;
    let (file, rank) = (i % 8 + df * steps, i / 8 + dr * steps);
    if (0..8).contains(&file) && (0..8).contains(&rank) {
        index64_to_square((file + 8 * rank) as u8)
    } else {
        None
    }
}

/// The diagonal directions a piece moves and jumps in: men forward only
/// (Red up the board, towards rank 8; Black down), kings all four.
fn directions(color: Color, kind: PieceKind) -> Vec<(i8, i8)> {
    let forward = if color == Color::Red { 1 } else { -1 };
    match kind {
        PieceKind::Man => vec![(-1, forward), (1, forward)],
        _ => vec![(-1, 1), (1, 1), (-1, -1), (1, -1)],
    }
}

/// The rank index (0–7) on which `color`'s men are crowned.
fn crowning_rank(color: Color) -> i8 {
    if color == Color::Red {
        7
    } else {
        0
    }
}

fn rank_of(sq: u8) -> i8 {
    square_to_index64(sq) as i8 / 8
}

fn finish(pos: &RefPos, mut after: RefPos, capture: bool) -> RefPos {
    after.side = pos.side.opposite();
    after.plies_since_capture = if capture {
        0
    } else {
        pos.plies_since_capture + 1
    };
    // The move number goes up after Red, the second player, has moved.
    after.move_number = pos.move_number + u32::from(pos.side == Color::Red);
    after
}

fn put(setup: &mut RefPos, sq: u8, color: Color, kind: PieceKind) {
    setup
        .put(sq, color, kind)
        .expect("reference squares are 1-32 and pieces men or kings");
}

fn remove(setup: &mut RefPos, sq: u8) {
    setup.remove(sq).expect("reference squares are 1-32");
}

/// The jumps (landing square, captured square) of `color`'s `kind` on `sq`.
fn jumps(board: &RefPos, sq: u8, color: Color, kind: PieceKind) -> Vec<(u8, u8)> {
    directions(color, kind)
        .into_iter()
        .filter_map(|(df, dr)| {
            let over = towards(sq, df, dr, 1)?;
            let land = towards(sq, df, dr, 2)?;
            let enemy = matches!(board.piece_at(over), Some((c, _)) if c != color);
            (enemy && board.piece_at(land).is_none()).then_some((land, over))
        })
        .collect()
}

/// Continues a jump from `at` (the piece already stands there).
fn jump_on(
    pos: &RefPos,
    board: RefPos,
    at: u8,
    color: Color,
    kind: PieceKind,
    out: &mut Vec<RefPos>,
) {
    // A man crowned by its jump ends its move there.
    let crowned = kind == PieceKind::Man && rank_of(at) == crowning_rank(color);
    let next = if crowned {
        Vec::new()
    } else {
        jumps(&board, at, color, kind)
    };
    if next.is_empty() {
        let mut b = board;
        if crowned {
            put(&mut b, at, color, PieceKind::King);
        }
        out.push(finish(pos, b, true));
        return;
    }
    for (land, over) in next {
        let mut b = board;
        remove(&mut b, over);
        remove(&mut b, at);
        put(&mut b, land, color, kind);
        jump_on(pos, b, land, color, kind, out);
    }
}

/// The positions after each legal move of the side to move, one per
/// resulting position (RULES.md "One position, one move").
#[must_use]
pub fn results(pos: &RefPos) -> HashSet<RefPos> {
    let mine: Vec<(u8, PieceKind)> = (1..=32u8)
        .filter_map(|sq| match pos.piece_at(sq) {
            Some((c, kind)) if c == pos.side => Some((sq, kind)),
            _ => None,
        })
        .collect();
    let mut captures = Vec::new();
    for &(sq, kind) in &mine {
        for (land, over) in jumps(pos, sq, pos.side, kind) {
            let mut b = *pos;
            remove(&mut b, over);
            remove(&mut b, sq);
            put(&mut b, land, pos.side, kind);
            jump_on(pos, b, land, pos.side, kind, &mut captures);
        }
    }
    if !captures.is_empty() {
        // Capturing is mandatory.
        return captures.into_iter().collect();
    }
    let mut out = HashSet::new();
    for &(sq, kind) in &mine {
        for (df, dr) in directions(pos.side, kind) {
            let Some(to) = towards(sq, df, dr, 1) else {
                continue;
            };
            if pos.piece_at(to).is_some() {
                continue;
            }
            let mut b = *pos;
            remove(&mut b, sq);
            let kind = if kind == PieceKind::Man && rank_of(to) == crowning_rank(pos.side) {
                PieceKind::King
            } else {
                kind
            };
            put(&mut b, to, pos.side, kind);
            out.insert(finish(pos, b, false));
        }
    }
    out
}

/// Compares the engine's legal moves with the reference's (the positions
/// they lead to, counters included): `Err` says what differs.
pub fn compare(pos: &checkers::Position) -> Result<(), String> {
    let reference = results(&pos.to_setup());
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let engine: HashSet<RefPos> = moves.iter().map(|m| pos.play(m).to_setup()).collect();
    if engine.len() != moves.len() {
        return Err(format!(
            "{}: the engine lists {} moves for {} positions",
            pos.to_text(),
            moves.len(),
            engine.len()
        ));
    }
    if engine == reference {
        return Ok(());
    }
    let text = |s: &RefPos| {
        checkers::Position::from_setup(s).map_or_else(|e| e.to_string(), |p| p.to_text())
    };
    let missing: Vec<String> = reference.difference(&engine).map(text).collect();
    let extra: Vec<String> = engine.difference(&reference).map(text).collect();
    Err(format!(
        "{}: positions missing from the engine: {missing:?}; extra in the engine: {extra:?}",
        pos.to_text()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_and_a_crowning_jump() {
        let start = checkers::Position::start();
        assert_eq!(results(&start.to_setup()).len(), 7);
        compare(&start).unwrap();
        // The Red man on 10 (d6) jumps 7 (e7) to 3 (f8) and is crowned:
        // its move ends there, though a king on 3 could jump 8 to 12.
        let pos = checkers::Position::parse("W:W10:B7,8").unwrap();
        let r = results(&pos.to_setup());
        assert_eq!(r.len(), 1);
        let after = r.into_iter().next().unwrap();
        assert_eq!(after.piece_at(3), Some((Color::Red, PieceKind::King)));
        assert_eq!(after.piece_at(8), Some((Color::Black, PieceKind::Man)));
        compare(&pos).unwrap();
    }
}
