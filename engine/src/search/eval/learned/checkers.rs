//! The learned checkers evaluation ([`super`]): piece-square tables,
//! patterns of four neighbouring squares and the hand-set features, fitted
//! to self-play games, the positions of 5 pieces or fewer labelled by the
//! endgame database (`tiers train checkers --egdb DIR`).
//!
//! The board is first seen from the side to move: when Black is to move
//! it is turned half round (square `s` becomes `33 − s`) and the colours
//! swapped, so the side to move's men always move towards square 1.
//!
//! **Features**:
//! - a piece-square table for men and one for kings (32 entries each): +1
//!   for each of the side to move's pieces on its square, −1 for each of
//!   the opponent's on the square it stands on as seen from its own side;
//! - patterns: the board's rows are paired (1–2, 2–3, …, 7–8) and each
//!   pair cut into three overlapping blocks of two squares of each row
//!   (21 blocks of four squares); each block is one of 5⁴ = 625 contents
//!   (empty, own man, own king, other man, other king on each square),
//!   one weight each;
//! - the 10 hand-set features ([`handset::FEATURES`]), the hand-set
//!   endgame term ([`handset::endgame`]) and a side-to-move constant.
//!
//! The phase is the number of pieces on the board (24: all opening).

use std::sync::OnceLock;

use super::{Model, Weights};
use crate::search::eval::checkers as handset;
use crate::{checkers::Position, Color, Position as _};

/// Index of the kings' piece-square table (the men's starts at 0).
pub const KINGS_AT: usize = 32;
/// The number of four-square blocks.
pub const BLOCKS: usize = 21;
/// Contents of one block (5⁴).
pub const BLOCK_STATES: usize = 625;
/// Index of the first pattern weight.
pub const PATTERNS_AT: usize = 64;
/// Index of the first hand-set feature.
pub const HANDSET_AT: usize = PATTERNS_AT + BLOCKS * BLOCK_STATES;
/// Index of the hand-set endgame term.
pub const ENDGAME_AT: usize = HANDSET_AT + 10;
/// Index of the side-to-move constant.
pub const TEMPO_AT: usize = ENDGAME_AT + 1;
/// The number of features (and of weights per phase).
pub const FEATURES: usize = TEMPO_AT + 1;
/// The phase at which the opening weights apply fully.
pub const FULL_PHASE: i32 = 24;

/// The compiled-in weights file.
pub const WEIGHTS_FILE: &[u8] = include_bytes!("../../../../data/eval/checkers.weights");

/// The squares (bits, from the side to move's view) of each block.
pub const BLOCK_SQUARES: [[u8; 4]; BLOCKS] = {
    let mut b = [[0u8; 4]; BLOCKS];
    let mut r = 0;
    while r < 7 {
        let mut k = 0;
        while k < 3 {
            let at = (4 * r + k) as u8;
            b[r * 3 + k] = [at, at + 1, at + 4, at + 5];
            k += 1;
        }
        r += 1;
    }
    b
};

impl Model for Position {
    const NAME: &'static str = "checkers-eval";
    const FEATURES: usize = FEATURES;
    const TABLES: usize = HANDSET_AT;
    const HANDSET: &'static [i32] = &handset::WEIGHTS;
    const FULL_PHASE: i32 = FULL_PHASE;
    const WEIGHTS_FILE: &'static [u8] = WEIGHTS_FILE;

    #[inline]
    fn for_each_feature(&self, f: impl FnMut(usize, i32)) -> i32 {
        for_each_feature(self, f)
    }
}

/// The side to move's men and kings, then the opponent's, seen from the
/// side to move (its men move towards bit 0).
#[inline]
fn oriented(pos: &Position) -> [u32; 4] {
    let us = pos.side_to_move();
    let them = us.opposite();
    let b = [pos.men(us), pos.kings(us), pos.men(them), pos.kings(them)];
    match us {
        Color::Red => b,
        Color::Black => b.map(u32::reverse_bits),
    }
}

/// What stands on each square (0 empty, 1 own man, 2 own king, 3 other
/// man, 4 other king) of the board seen from the side to move, and the
/// number of pieces.
#[inline]
fn contents(boards: &[u32; 4]) -> ([u8; 32], u32) {
    let mut state = [0u8; 32];
    let mut pieces = 0;
    for (k, &bb) in boards.iter().enumerate() {
        pieces += bb.count_ones();
        let mut b = bb;
        while b != 0 {
            state[b.trailing_zeros() as usize] = k as u8 + 1;
            b &= b - 1;
        }
    }
    (state, pieces)
}

/// The content number (0..625) of block `squares`.
#[inline]
fn block_index(state: &[u8; 32], squares: &[u8; 4]) -> usize {
    usize::from(state[squares[0] as usize])
        + 5 * usize::from(state[squares[1] as usize])
        + 25 * usize::from(state[squares[2] as usize])
        + 125 * usize::from(state[squares[3] as usize])
}

/// Calls `f(index - HANDSET_AT, value)` for the hand-set features, the
/// endgame term and the side-to-move constant.
#[inline]
fn for_each_handset(pos: &Position, mut f: impl FnMut(usize, i32)) {
    for (i, v) in handset::features(pos).iter().enumerate() {
        if *v != 0 {
            f(i, *v);
        }
    }
    let e = handset::endgame(pos);
    if e != 0 {
        f(ENDGAME_AT - HANDSET_AT, e);
    }
    f(TEMPO_AT - HANDSET_AT, 1);
}

/// [`Model::for_each_feature`] of a checkers position.
#[inline]
pub fn for_each_feature(pos: &Position, mut f: impl FnMut(usize, i32)) -> i32 {
    let boards = oriented(pos);
    let (state, pieces) = contents(&boards);
    for (k, &bb) in boards.iter().enumerate() {
        let mut b = bb;
        while b != 0 {
            let sq = b.trailing_zeros() as usize;
            b &= b - 1;
            match k {
                0 => f(sq, 1),
                1 => f(KINGS_AT + sq, 1),
                2 => f(31 - sq, -1),
                _ => f(KINGS_AT + 31 - sq, -1),
            }
        }
    }
    for (n, squares) in BLOCK_SQUARES.iter().enumerate() {
        f(
            PATTERNS_AT + n * BLOCK_STATES + block_index(&state, squares),
            1,
        );
    }
    for_each_handset(pos, |i, v| f(HANDSET_AT + i, v));
    (pieces as i32).min(FULL_PHASE)
}

/// The learned checkers evaluation ready for the search: the
/// piece-square tables folded into the patterns (each square's entry added
/// to the states of the first block that holds the square), opening and
/// endgame weights side by side. It scores exactly as [`Weights::evaluate`]
/// does, with fewer lookups.
#[derive(Clone, Debug)]
pub struct Compiled {
    patterns: Vec<[i64; 2]>,
    rest: [[i64; 2]; FEATURES - HANDSET_AT],
    scale: i64,
}

impl Compiled {
    /// Folds `w` (weights of this model).
    #[must_use]
    pub fn new(w: &Weights) -> Compiled {
        let pair = |i: usize| [i64::from(w.mg[i]), i64::from(w.eg[i])];
        let mut patterns: Vec<[i64; 2]> = (0..BLOCKS * BLOCK_STATES)
            .map(|i| pair(PATTERNS_AT + i))
            .collect();
        for sq in 0..32 {
            let (n, place) = BLOCK_SQUARES
                .iter()
                .enumerate()
                .find_map(|(n, b)| b.iter().position(|&x| usize::from(x) == sq).map(|p| (n, p)))
                .unwrap_or((0, 0));
            let weight = 5usize.pow(place as u32);
            for state in 0..BLOCK_STATES {
                // Own man, own king, other man, other king (the other
                // side's entries are its own square's, negated).
                let add = match state / weight % 5 {
                    1 => pair(sq),
                    2 => pair(KINGS_AT + sq),
                    3 => pair(31 - sq).map(|x| -x),
                    4 => pair(KINGS_AT + 31 - sq).map(|x| -x),
                    _ => [0, 0],
                };
                let e = &mut patterns[n * BLOCK_STATES + state];
                e[0] += add[0];
                e[1] += add[1];
            }
        }
        let mut rest = [[0; 2]; FEATURES - HANDSET_AT];
        for (i, r) in rest.iter_mut().enumerate() {
            *r = pair(HANDSET_AT + i);
        }
        Compiled {
            patterns,
            rest,
            scale: i64::from(w.scale),
        }
    }

    /// The evaluation of `pos` for the side to move, in hundredths of a man.
    #[inline]
    #[must_use]
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let (state, pieces) = contents(&oriented(pos));
        let (mut mg, mut eg) = (0i64, 0i64);
        for (n, squares) in BLOCK_SQUARES.iter().enumerate() {
            let [a, b] = self.patterns[n * BLOCK_STATES + block_index(&state, squares)];
            mg += a;
            eg += b;
        }
        for_each_handset(pos, |i, v| {
            let [a, b] = self.rest[i];
            mg += a * i64::from(v);
            eg += b * i64::from(v);
        });
        let p = i64::from((pieces as i32).min(FULL_PHASE));
        let full = i64::from(FULL_PHASE);
        let blended = (mg * p + eg * (full - p)) / (full * self.scale);
        blended.clamp(-20_000, 20_000) as i32
    }
}

/// The compiled-in weights, read once and folded; `None` (reported once
/// on stderr) when the file is damaged.
pub fn learned() -> Option<&'static Compiled> {
    static LOADED: OnceLock<Option<Compiled>> = OnceLock::new();
    LOADED
        .get_or_init(|| super::load::<Position>(WEIGHTS_FILE).map(|w| Compiled::new(&w)))
        .as_ref()
}

/// The evaluation with `weights`, or the hand-set one without.
#[inline]
#[must_use]
pub fn evaluate_with(weights: Option<&Compiled>, pos: &Position) -> i32 {
    match weights {
        Some(w) => w.evaluate(pos),
        None => handset::evaluate_handset(pos),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The position turned half round with the colours swapped and the
    /// other side to move: the same position for the other player.
    fn flipped(pos: &Position) -> Position {
        let turn = |bb: u32| bb.reverse_bits();
        let (r, b) = (Color::Red, Color::Black);
        Position::from_parts(
            pos.side_to_move().opposite(),
            turn(pos.men(b)),
            turn(pos.kings(b)),
            turn(pos.men(r)),
            turn(pos.kings(r)),
        )
        .unwrap()
    }

    #[test]
    fn the_compiled_in_weights_load() {
        assert_eq!(super::super::status::<Position>(), Ok(()));
        assert!(learned().is_some());
    }

    #[test]
    fn blocks_cover_the_board() {
        let mut seen = 0u32;
        for b in BLOCK_SQUARES {
            for s in b {
                seen |= 1 << s;
            }
        }
        assert_eq!(seen, u32::MAX);
    }

    #[test]
    fn the_hand_set_weights_give_the_hand_set_score() {
        let h = Position::handset_weights(8);
        for text in [
            "B:W21,22,23,24,25,26,27,28,29,30,31:B1,2,3,4,5,6,7,8,9,10,11,12",
            "W:WK14,K15:BK1",
            "B:W18,23:B14",
        ] {
            let pos = Position::parse(text).unwrap();
            assert_eq!(
                h.evaluate(&pos),
                handset::evaluate_handset(&pos).clamp(-20_000, 20_000),
                "{text}"
            );
        }
    }

    #[test]
    fn a_damaged_file_is_refused_and_the_hand_set_evaluation_used() {
        let good = Position::handset_weights(8).to_file::<Position>("test");
        assert!(Weights::parse::<Position>(good.as_bytes()).is_ok());
        let cut = &good.as_bytes()[..good.len() / 2];
        let e = Weights::parse::<Position>(cut).unwrap_err().to_string();
        assert!(e.starts_with("truncated"), "{e}");
        // A Tiers file is not a checkers file.
        let tiers = crate::search::eval::learned::tiers::WEIGHTS_FILE;
        let e = Weights::parse::<Position>(tiers).unwrap_err().to_string();
        assert!(e.starts_with("malformed"), "{e}");
        let pos = Position::start();
        assert_eq!(evaluate_with(None, &pos), handset::evaluate_handset(&pos));
    }

    #[test]
    fn the_learned_evaluation_is_symmetric_and_folds_exactly() {
        let w = Weights::parse::<Position>(WEIGHTS_FILE).expect("the compiled-in weights load");
        let c = learned().expect("the compiled-in weights load");
        super::super::random_game(Position::start(), 5, 300, |pos| {
            assert_eq!(c.evaluate(pos), w.evaluate(pos), "{}", pos.to_text());
            assert_eq!(
                c.evaluate(pos),
                c.evaluate(&flipped(pos)),
                "{}",
                pos.to_text()
            );
        });
    }
}
