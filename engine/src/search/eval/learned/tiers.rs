//! The learned Tiers evaluation ([`super`]): piece-square tables per
//! tier, threats and the hand-set features, fitted to self-play games from
//! random formations (`tiers train tiers`).
//!
//! **Features** (each the side to move's value minus the opponent's):
//! - a piece-square table per tier (6 × 32 entries): the square is seen
//!   from the piece's own side (rank counted from its home row) and folded
//!   left–right (the rules are symmetric), so a table has 8 ranks × 4 files;
//! - the 13 hand-set features ([`handset::FEATURES`]) and the hand-set
//!   endgame term ([`handset::endgame`]);
//! - a constant: the value of having the move;
//! - threats: the side to move's pieces, by tier, that the opponent could
//!   take (a single jump of a man, king, triple or quad king, or a consume
//!   by an ultra king that carries nothing), and whether two or more are
//!   (the side to move can seldom save both).
//!
//! The phase is the number of pieces on the board, carried ones included
//! (24 and more: all opening).

use std::sync::OnceLock;

use super::{Model, Weights};
use crate::search::eval::tiers as handset;
use crate::{tiers::Position, Color, PieceKind, Position as _};

/// Piece-square entries per tier (8 ranks × 4 folded files).
pub const PST_SQUARES: usize = 32;
/// Index of the first hand-set feature.
pub const HANDSET_AT: usize = 6 * PST_SQUARES;
/// Index of the hand-set endgame term.
pub const ENDGAME_AT: usize = HANDSET_AT + 13;
/// Index of the side-to-move constant.
pub const TEMPO_AT: usize = ENDGAME_AT + 1;
/// Index of the threat features: the side to move's pieces, by tier, that
/// the opponent could take by a single jump or a consume, then whether
/// two or more are.
pub const THREATS_AT: usize = TEMPO_AT + 1;
/// The number of features (and of weights per phase).
pub const FEATURES: usize = THREATS_AT + 7;
/// The phase at which the opening weights apply fully.
pub const FULL_PHASE: i32 = 24;

/// The compiled-in weights file.
pub const WEIGHTS_FILE: &[u8] = include_bytes!("../../../../data/eval/tiers.weights");

impl Model for Position {
    const NAME: &'static str = "tiers-eval";
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

/// The piece-square index of a piece of `color` and tier `kind` on `sq`.
#[inline]
#[must_use]
pub fn pst_index(color: Color, kind: usize, sq: u32) -> usize {
    let rank = sq >> 3;
    let file = sq & 7;
    let rank = match color {
        Color::Red => rank,
        Color::Black => 7 - rank,
    };
    let file = file.min(7 - file);
    kind * PST_SQUARES + (rank * 4 + file) as usize
}

/// [`Model::for_each_feature`] of a Tiers position.
#[inline]
pub fn for_each_feature(pos: &Position, mut f: impl FnMut(usize, i32)) -> i32 {
    let us = pos.side_to_move();
    let mut pieces = 0;
    for color in [Color::Red, Color::Black] {
        let sign = if color == us { 1 } else { -1 };
        for (k, kind) in PieceKind::ALL.iter().enumerate() {
            let mut bb = pos.pieces(color, *kind);
            pieces += bb.count_ones();
            while bb != 0 {
                let sq = bb.trailing_zeros();
                bb &= bb - 1;
                f(pst_index(color, k, sq), sign);
            }
        }
    }
    pieces += pos.board().carriers().count_ones();
    let hand = handset::features(pos);
    for (i, v) in hand.iter().enumerate() {
        if *v != 0 {
            f(HANDSET_AT + i, *v);
        }
    }
    let e = handset::endgame(pos);
    if e != 0 {
        f(ENDGAME_AT, e);
    }
    f(TEMPO_AT, 1);
    let threatened = attacked_by(pos, us.opposite());
    if threatened != 0 {
        for (k, kind) in PieceKind::ALL.iter().enumerate() {
            let n = (pos.pieces(us, *kind) & threatened).count_ones();
            if n != 0 {
                f(THREATS_AT + k, n as i32);
            }
        }
        if threatened.count_ones() >= 2 {
            f(THREATS_AT + 6, 1);
        }
    }
    (pieces as i32).min(FULL_PHASE)
}

const NOT_A: u64 = !0x0101_0101_0101_0101;
const NOT_H: u64 = !0x8080_8080_8080_8080;

/// `bb` moved one square in direction (`df` files, `dr` ranks), each -1..=1.
#[inline]
fn shift(bb: u64, df: i8, dr: i8) -> u64 {
    let bb = match df {
        1 => (bb << 1) & NOT_A,
        -1 => (bb >> 1) & NOT_H,
        _ => bb,
    };
    match dr {
        1 => bb << 8,
        -1 => bb >> 8,
        _ => bb,
    }
}

/// The squares of the other side's pieces that `c` could take by a single
/// jump (men forward, kings to quad kings in all eight directions) or a
/// consume (ultra kings that carry nothing).
#[inline]
#[must_use]
pub fn attacked_by(pos: &Position, c: Color) -> u64 {
    use crate::tiers::board::{forward_dirs, DIRECTIONS};
    let victims = pos.color_occupied(c.opposite());
    let empty = !pos.occupied();
    let men = pos.pieces(c, PieceKind::Man);
    let others = pos.pieces(c, PieceKind::King)
        | pos.pieces(c, PieceKind::Triple)
        | pos.pieces(c, PieceKind::Quad);
    let fwd = forward_dirs(c);
    let mut hit = 0;
    for (d, &(df, dr)) in DIRECTIONS.iter().enumerate() {
        let jumpers = if fwd.contains(&d) {
            men | others
        } else {
            others
        };
        if jumpers == 0 {
            continue;
        }
        let target = shift(jumpers, df, dr) & victims;
        let landing = shift(target, df, dr) & empty;
        hit |= shift(landing, -df, -dr);
    }
    let ultras = (pos.pieces(c, PieceKind::Ultra) | pos.pieces(c, PieceKind::DoubleUltra))
        & !pos.board().carriers();
    if ultras != 0 {
        let row = ultras | shift(ultras, 1, 0) | shift(ultras, -1, 0);
        let near = row | shift(row, 0, 1) | shift(row, 0, -1);
        hit |= near & victims;
    }
    hit
}

/// The compiled-in weights, read once; `None` (reported once on stderr)
/// when the file is damaged.
pub fn learned() -> Option<&'static Weights> {
    static LOADED: OnceLock<Option<Weights>> = OnceLock::new();
    LOADED
        .get_or_init(|| super::load::<Position>(WEIGHTS_FILE))
        .as_ref()
}

/// The evaluation with `weights`, or the hand-set one without.
#[must_use]
pub fn evaluate_with(weights: Option<&Weights>, pos: &Position) -> i32 {
    match weights {
        Some(w) => w.evaluate(pos),
        None => handset::evaluate_handset(pos),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiers::board::Board;

    /// The position turned half round with the colours swapped and the
    /// other side to move: the same position for the other player.
    fn flipped(pos: &Position) -> Position {
        let b = pos.board();
        let turn = |bb: u64| bb.reverse_bits();
        let mut nb = Board::empty();
        for c in 0..2 {
            for k in 0..6 {
                nb.pieces[1 - c][k] = turn(b.pieces[c][k]);
            }
        }
        for k in 0..4 {
            nb.carried[k] = turn(b.carried[k]);
        }
        nb.hash = nb.compute_hash();
        Position::from_board(nb, pos.side_to_move().opposite(), 0, 1)
    }

    #[test]
    fn the_compiled_in_weights_load() {
        assert_eq!(super::super::status::<Position>(), Ok(()));
        assert!(learned().is_some());
    }

    #[test]
    fn damaged_files_are_reported_in_one_line() {
        let good = Position::handset_weights(8).to_file::<Position>("test");
        assert_eq!(
            Weights::parse::<Position>(good.as_bytes()),
            Ok(Position::handset_weights(8))
        );
        let cases: Vec<(Vec<u8>, &str)> = vec![
            (Vec::new(), "missing"),
            (good.as_bytes()[..good.len() / 2].to_vec(), "truncated"),
            (good.as_bytes()[..good.len() - 12].to_vec(), "truncated"),
            (good.replacen(" 800 ", " 801 ", 1).into_bytes(), "corrupt"),
            (
                {
                    let mut b = good.clone().into_bytes();
                    let last = b.len() - 2;
                    b[last] = if b[last] == b'0' { b'1' } else { b'0' };
                    b
                },
                "corrupt",
            ),
            (vec![0xff, 0xfe, 0, 1], "malformed"),
            (format!("{good}crc32 00000000\n").into_bytes(), "malformed"),
            (
                good.replacen("\ncrc32 ", "\ncrc32 0", 1).into_bytes(),
                "truncated",
            ),
        ];
        for (bytes, word) in cases {
            let e = Weights::parse::<Position>(&bytes).unwrap_err().to_string();
            assert!(e.starts_with(word), "{e}");
            assert!(!e.contains('\n'), "{e}");
        }
        // A wrong feature count with a good checksum.
        let other = good.replace(&format!("features {FEATURES}"), "features 206");
        let body = &other[..=other.find("\ncrc32 ").unwrap()];
        let fixed = format!("{body}crc32 {:08x}\n", crate::egdb::crc32(body.as_bytes()));
        let e = Weights::parse::<Position>(fixed.as_bytes())
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("malformed"), "{e}");
    }

    #[test]
    fn without_weights_the_hand_set_evaluation_is_used() {
        let pos = Position::parse("7m/8/8/8/8/8/8/U[K]7 r 0 1").unwrap();
        let w = Weights::parse::<Position>(b"tiers-eval 1 features 214 scale 8\nmg 1\n").ok();
        assert_eq!(
            evaluate_with(w.as_ref(), &pos),
            handset::evaluate_handset(&pos)
        );
        // The hand-set weights in the learned form give the hand-set score.
        let h = Position::handset_weights(8);
        for text in [
            "7m/8/8/8/8/8/8/U[K]7 r 0 1",
            "7m/8/M7/8/8/8/8/8 b 0 1",
            crate::tiers::START_TFEN,
        ] {
            let pos = Position::parse(text).unwrap();
            assert_eq!(h.evaluate(&pos), handset::evaluate_handset(&pos), "{text}");
        }
    }

    #[test]
    fn threats_are_real_captures() {
        // Every piece `attacked_by` names is taken by some legal capture of
        // that side (random games from random formations).
        let mut moves = Vec::new();
        let mut checked = 0;
        for game in 0..30u64 {
            let start = crate::search::train::start_position(11, game);
            super::super::random_game(start, game, 300, |pos| {
                for c in [Color::Red, Color::Black] {
                    let threatened = attacked_by(pos, c);
                    moves.clear();
                    pos.with_side(c).legal_moves(&mut moves);
                    let taken = moves.iter().fold(0, |bb, m| bb | m.captured());
                    assert_eq!(threatened & !taken, 0, "{} by {c:?}", pos.to_text());
                    checked += threatened.count_ones();
                }
            });
        }
        assert!(checked > 100, "{checked}");
    }

    #[test]
    fn the_learned_evaluation_is_symmetric() {
        let w = learned().expect("the compiled-in weights load");
        super::super::random_game(Position::start(), 7, 200, |pos| {
            assert_eq!(
                w.evaluate(pos),
                w.evaluate(&flipped(pos)),
                "{}",
                pos.to_text()
            );
        });
        for text in [
            "7m/8/8/8/8/8/8/U[K]7 r 0 1",
            "7m/2k5/M7/3T4/8/1Q6/8/3D4 b 0 1",
        ] {
            let pos = Position::parse(text).unwrap();
            assert_eq!(w.evaluate(&pos), w.evaluate(&flipped(&pos)), "{text}");
        }
    }
}
