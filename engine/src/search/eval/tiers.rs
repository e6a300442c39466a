//! The Tiers evaluation.
//!
//! Squares are `file + 8 * rank` (a1 = 0, h8 = 63); Red's far row is rank 8
//! (index 7), Black's is rank 1. The evaluation is a weighted sum of
//! [`FEATURES`], each the side to move's value minus the opponent's
//! (`tiers tune tiers` fits them by self-play, see [`super::Linear`]), plus a bonus for
//! trading down when ahead: the hand-set evaluation ([`evaluate_handset`]).
//! The engine evaluates with the learned weights of [`super::learned`],
//! which build on these features.

use super::{Evaluate, Linear, Mobility};
use crate::{tiers::Position, Color, PieceKind, Position as _};

/// The names of the evaluation features, in weight order.
pub const FEATURES: [&str; 13] = [
    "men",
    "kings",
    "triple kings",
    "quad kings",
    "ultra kings",
    "double ultra kings",
    "man progress",
    "king progress",
    "triple progress",
    "quad progress",
    "consume threats",
    "mobility",
    "high tiers next to an enemy",
];

/// The weights of [`FEATURES`], in hundredths of a man.
pub const WEIGHTS: [i32; 13] = [100, 160, 280, 450, 1000, 2200, 6, 10, 12, 20, 30, 2, -40];

/// Material values by tier (the first six weights), for the baseline players.
const VALUES: [i32; 6] = [100, 160, 280, 450, 1000, 2200];

const NOT_A: u64 = !0x0101_0101_0101_0101;
const NOT_H: u64 = !0x8080_8080_8080_8080;

fn rank(r: u32) -> u64 {
    0xFF << (8 * r)
}

/// The squares next to any square of `bb`.
fn adjacent(bb: u64) -> u64 {
    let east = (bb << 1) & NOT_A;
    let west = (bb >> 1) & NOT_H;
    let row = bb | east | west;
    east | west | (row << 8) | (row >> 8)
}

/// The squares one step forward (straight or diagonal) of `bb` for `c`.
fn forward(bb: u64, c: Color) -> u64 {
    let row = bb | ((bb << 1) & NOT_A) | ((bb >> 1) & NOT_H);
    match c {
        Color::Red => row << 8,
        Color::Black => row >> 8,
    }
}

/// Σ over the pieces of `bb` of how many rows they have travelled from
/// rank 1 (towards rank 8).
fn rank_sum(bb: u64) -> i32 {
    (1..8)
        .map(|r| r as i32 * (bb & rank(r)).count_ones() as i32)
        .sum()
}

/// Rows travelled towards `c`'s far row.
fn progress_far(bb: u64, c: Color) -> i32 {
    match c {
        Color::Red => rank_sum(bb),
        Color::Black => 7 * bb.count_ones() as i32 - rank_sum(bb),
    }
}

fn side_features(pos: &Position, c: Color, out: &mut [i32; 13]) {
    let p = |k| pos.pieces(c, k);
    let own = pos.color_occupied(c);
    let enemy = pos.color_occupied(c.opposite());
    let empty = !pos.occupied();
    let carried = &pos.board().carried;
    for (i, k) in PieceKind::ALL.iter().enumerate() {
        let mut n = p(*k).count_ones() as i32;
        if i < 4 {
            n += (carried[i] & own).count_ones() as i32;
        }
        out[i] = n;
    }
    let men = p(PieceKind::Man);
    let kings = p(PieceKind::King);
    let triples = p(PieceKind::Triple);
    let quads = p(PieceKind::Quad);
    let ultras = p(PieceKind::Ultra) | p(PieceKind::DoubleUltra);
    out[6] = progress_far(men, c);
    out[7] = 7 * kings.count_ones() as i32 - progress_far(kings, c);
    out[8] = progress_far(triples, c);
    out[9] = 7 * quads.count_ones() as i32 - progress_far(quads, c);
    // Enemy pieces next to an ultra king that carries nothing.
    let free_ultras = ultras & !pos.board().carriers();
    out[10] = (adjacent(free_ultras) & enemy).count_ones() as i32;
    let steppers = kings | triples | quads;
    out[11] =
        ((forward(men, c) & empty).count_ones() + (adjacent(steppers) & empty).count_ones()) as i32;
    let high = triples | quads | ultras;
    out[12] = (high & adjacent(enemy)).count_ones() as i32;
}

/// The feature values for the side to move (own minus opponent's).
#[must_use]
pub fn features(pos: &Position) -> [i32; 13] {
    let us = pos.side_to_move();
    let mut a = [0; 13];
    let mut b = [0; 13];
    side_features(pos, us, &mut a);
    side_features(pos, us.opposite(), &mut b);
    let mut f = [0; 13];
    for i in 0..13 {
        f[i] = a[i] - b[i];
    }
    f
}

fn material_of(pos: &Position, c: Color) -> i32 {
    let own = pos.color_occupied(c);
    let carried = &pos.board().carried;
    PieceKind::ALL
        .iter()
        .enumerate()
        .map(|(i, k)| {
            let mut n = pos.pieces(c, *k).count_ones() as i32;
            if i < 4 {
                n += (carried[i] & own).count_ones() as i32;
            }
            n * VALUES[i]
        })
        .sum()
}

/// Trading down when ahead: the same lead is worth more with fewer pieces.
#[must_use]
pub fn endgame(pos: &Position) -> i32 {
    let us = pos.side_to_move();
    let diff = material_of(pos, us) - material_of(pos, us.opposite());
    let total = pos.occupied().count_ones() as i32;
    diff.signum() * (diff.abs().min(1000) * (24 - total).max(0) / 48)
}

/// The hand-set evaluation: [`WEIGHTS`] times [`FEATURES`] plus
/// [`endgame`]. The engine uses the learned one ([`super::learned`]) and
/// falls back to this when its weights file is damaged; `tiers selfplay`
/// plays it as `L:handset`.
#[must_use]
pub fn evaluate_handset(pos: &Position) -> i32 {
    let f = features(pos);
    let mut score = 0;
    for (w, x) in WEIGHTS.iter().zip(f) {
        score += w * x;
    }
    (score + endgame(pos)).clamp(-20_000, 20_000)
}

impl Evaluate for Position {
    fn evaluate(&self) -> i32 {
        super::learned::tiers::evaluate_with(super::learned::tiers::learned(), self)
    }

    fn evaluate_handset(&self) -> i32 {
        evaluate_handset(self)
    }

    fn material(&self) -> i32 {
        let us = self.side_to_move();
        material_of(self, us) - material_of(self, us.opposite())
    }

    fn capture_value(&self, mv: &Self::Move) -> i32 {
        let them = self.side_to_move().opposite();
        let captured = mv.captured();
        let carried = &self.board().carried;
        PieceKind::ALL
            .iter()
            .enumerate()
            .map(|(i, k)| {
                let mut n = (self.pieces(them, *k) & captured).count_ones() as i32;
                if i < 4 {
                    n += (carried[i] & captured).count_ones() as i32;
                }
                n * VALUES[i]
            })
            .sum()
    }

    fn mobility(&self) -> Mobility {
        if self.has_capture() {
            return Mobility::Captures;
        }
        // Nearly always a man can step forward or a king, triple or quad
        // king can step: no need to list the moves.
        let c = self.side_to_move();
        let empty = !self.occupied();
        let men = self.pieces(c, PieceKind::Man);
        let steppers = self.pieces(c, PieceKind::King)
            | self.pieces(c, PieceKind::Triple)
            | self.pieces(c, PieceKind::Quad);
        if (forward(men, c) | adjacent(steppers)) & empty != 0 {
            return Mobility::Quiet;
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        if moves.is_empty() {
            Mobility::Stuck
        } else {
            Mobility::Quiet
        }
    }

    fn move_key(&self, mv: &Self::Move) -> u32 {
        let second = mv.second().map_or(0, |a| 1 + u32::from(a.from));
        u32::from(mv.from()) | u32::from(mv.to()) << 6 | second << 12
    }
}

impl Linear for Position {
    const FEATURES: &'static [&'static str] = &FEATURES;
    const WEIGHTS: &'static [i32] = &WEIGHTS;

    fn features(&self, out: &mut Vec<i32>) {
        out.clear();
        out.extend_from_slice(&features(self));
    }

    fn fixed(&self) -> i32 {
        endgame(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_is_balanced() {
        let start = Position::start();
        assert_eq!(features(&start), [0; 13]);
        assert_eq!(evaluate_handset(&start), 0);
    }

    #[test]
    fn tiers_are_ordered_and_carried_pieces_count() {
        let values: Vec<i32> = (0..6).map(|i| WEIGHTS[i]).collect();
        assert!(values.windows(2).all(|w| w[0] < w[1]));
        // Red ultra king carrying a king, against a Black man.
        let pos = Position::parse("7m/8/8/8/8/8/8/U[K]7 r 0 1").unwrap();
        assert_eq!(pos.material(), 1000 + 160 - 100);
        assert!(evaluate_handset(&pos) > 900);
        assert!(pos.evaluate() > 900);
    }

    #[test]
    fn mobility_agrees_with_the_move_list() {
        for text in [
            "7m/8/8/8/8/8/8/M7 r 0 1",
            "7m/8/8/3m4/3M4/8/8/M7 r 0 1",
            "7m/8/8/8/8/8/8/U[K]7 r 0 1",
            "7m/8/8/8/8/8/m7/M7 r 0 1",
        ] {
            let pos = Position::parse(text).unwrap();
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            let expected = if moves.is_empty() {
                Mobility::Stuck
            } else if moves.iter().any(|m| pos.is_capture(m)) {
                Mobility::Captures
            } else {
                Mobility::Quiet
            };
            assert_eq!(pos.mobility(), expected, "{text}");
        }
    }

    #[test]
    fn an_advanced_man_is_better() {
        let back = Position::parse("7m/8/8/8/8/8/8/M7 r 0 1").unwrap();
        let ahead = Position::parse("7m/8/M7/8/8/8/8/8 r 0 1").unwrap();
        assert!(ahead.evaluate() > back.evaluate());
    }
}
