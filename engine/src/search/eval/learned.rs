//! The learned Tiers evaluation: a phase-dependent linear model over
//! piece-square tables and the hand-set features, with integer weights
//! fitted to self-play games from random formations (`tiers train tiers`,
//! [`crate::search::train`]; README.md `## AI`).
//!
//! **Features** (each the side to move's value minus the opponent's, so a
//! position and its colour-flipped mirror score the same from the side to
//! move):
//! - a piece-square table per tier (6 × 32 entries): the square is seen
//!   from the piece's own side (rank counted from its home row) and folded
//!   left–right (the rules are symmetric), so a table has 8 ranks × 4 files;
//! - the 13 hand-set features ([`super::tiers::FEATURES`]) and the hand-set
//!   endgame term ([`super::tiers::endgame`]);
//! - a constant: the value of having the move;
//! - threats: the side to move's pieces, by tier, that the opponent could
//!   take (a single jump of a man, king, triple or quad king, or a consume
//!   by an ultra king that carries nothing), and whether two or more are
//!   (the side to move can seldom save both).
//!
//! **Phase**: every weight has an opening value and an endgame value; the
//! evaluation blends them by the number of pieces on the board (carried
//! ones included): 24 or more is all opening, none all endgame.
//!
//! **Weights file** (`engine/data/eval/tiers.weights`, compiled in with
//! `include_bytes!` and read once): text,
//!
//! ```text
//! # comments
//! tiers-eval 1 features 214 scale 8
//! mg <214 integers>
//! eg <214 integers>
//! crc32 <8 hex digits: CRC-32 of every byte before this line>
//! ```
//!
//! Weights are in 1/`scale` hundredths of a man. A missing, truncated or
//! damaged file is a one-line [`WeightsError`]; the evaluation then falls
//! back to the hand-set one ([`super::tiers::evaluate_handset`]) and says
//! so once on stderr — never a wrong weight, never a panic.

use core::fmt;
use std::sync::OnceLock;

use super::tiers as handset;
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
pub const WEIGHTS_FILE: &[u8] = include_bytes!("../../../data/eval/tiers.weights");

/// Weights of the learned evaluation, in 1/`scale` hundredths of a man.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Opening weights (all pieces on the board).
    pub mg: Vec<i32>,
    /// Endgame weights (no piece on the board).
    pub eg: Vec<i32>,
    /// Units per hundredth of a man.
    pub scale: i32,
}

/// Why a weights file was not used (one line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WeightsError {
    /// The file is empty.
    Missing,
    /// The file ends early (no checksum line, or fewer weights than said).
    Truncated(String),
    /// The checksum does not match the contents.
    Checksum {
        /// The CRC-32 the file states.
        stored: u32,
        /// The CRC-32 of its contents.
        computed: u32,
    },
    /// Something else is wrong (a bad header or number).
    Malformed(String),
}

impl fmt::Display for WeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WeightsError::Missing => f.write_str("missing evaluation weights: the file is empty"),
            WeightsError::Truncated(why) => write!(f, "truncated evaluation weights: {why}"),
            WeightsError::Checksum { stored, computed } => write!(
                f,
                "corrupt evaluation weights: checksum {computed:08x} does not match the stored {stored:08x}"
            ),
            WeightsError::Malformed(why) => write!(f, "malformed evaluation weights: {why}"),
        }
    }
}

impl std::error::Error for WeightsError {}

impl Weights {
    /// The starting point of training: the hand-set weights, empty tables.
    #[must_use]
    pub fn handset(scale: i32) -> Weights {
        let mut w = vec![0; FEATURES];
        for (i, x) in handset::WEIGHTS.iter().enumerate() {
            w[HANDSET_AT + i] = x * scale;
        }
        w[ENDGAME_AT] = scale;
        Weights {
            mg: w.clone(),
            eg: w,
            scale,
        }
    }

    /// Reads a weights file (see the module documentation).
    ///
    /// # Errors
    /// A [`WeightsError`] when the file is empty, cut short, fails its
    /// checksum or is otherwise malformed.
    pub fn parse(bytes: &[u8]) -> Result<Weights, WeightsError> {
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Err(WeightsError::Missing);
        }
        let text = core::str::from_utf8(bytes)
            .map_err(|_| WeightsError::Malformed("not UTF-8 text".into()))?;
        let Some(at) = text.find("\ncrc32 ") else {
            return Err(WeightsError::Truncated("no checksum line".into()));
        };
        let body = &text[..=at];
        let stated = text[at + 7..].trim();
        let stored = u32::from_str_radix(stated, 16)
            .map_err(|_| WeightsError::Truncated(format!("bad checksum `{stated}`")))?;
        let computed = crate::egdb::crc32(body.as_bytes());
        if stored != computed {
            return Err(WeightsError::Checksum { stored, computed });
        }
        let mut lines = body
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'));
        let header: Vec<&str> = lines.next().unwrap_or("").split_whitespace().collect();
        let [magic, version, "features", count, "scale", scale] = header[..] else {
            return Err(WeightsError::Malformed(format!(
                "header `{}` is not `tiers-eval 1 features N scale S`",
                header.join(" ")
            )));
        };
        if magic != "tiers-eval" || version != "1" {
            return Err(WeightsError::Malformed(format!(
                "not a version 1 Tiers evaluation (`{magic} {version}`)"
            )));
        }
        if count != FEATURES.to_string() {
            return Err(WeightsError::Malformed(format!(
                "{count} features where this engine has {FEATURES}"
            )));
        }
        let scale: i32 = scale
            .parse()
            .ok()
            .filter(|s| (1..=1024).contains(s))
            .ok_or_else(|| WeightsError::Malformed(format!("bad scale `{scale}`")))?;
        let mut row = |name: &str| -> Result<Vec<i32>, WeightsError> {
            let line = lines
                .next()
                .ok_or_else(|| WeightsError::Truncated(format!("no `{name}` line")))?;
            let mut words = line.split_whitespace();
            if words.next() != Some(name) {
                return Err(WeightsError::Malformed(format!(
                    "expected the `{name}` line"
                )));
            }
            let values: Vec<i32> = words
                .map(|w| {
                    w.parse::<i32>()
                        .ok()
                        .filter(|v| v.abs() <= 1 << 20)
                        .ok_or_else(|| WeightsError::Malformed(format!("bad weight `{w}`")))
                })
                .collect::<Result<_, _>>()?;
            if values.len() != FEATURES {
                return Err(WeightsError::Truncated(format!(
                    "{} `{name}` weights of {FEATURES}",
                    values.len()
                )));
            }
            Ok(values)
        };
        let mg = row("mg")?;
        let eg = row("eg")?;
        Ok(Weights { mg, eg, scale })
    }

    /// The file text for these weights (with `comment` lines first).
    #[must_use]
    pub fn to_file(&self, comment: &str) -> String {
        let mut body = String::new();
        for line in comment.lines() {
            body.push_str("# ");
            body.push_str(line);
            body.push('\n');
        }
        body.push_str(&format!(
            "tiers-eval 1 features {FEATURES} scale {}\n",
            self.scale
        ));
        for (name, w) in [("mg", &self.mg), ("eg", &self.eg)] {
            body.push_str(name);
            for x in w {
                body.push_str(&format!(" {x}"));
            }
            body.push('\n');
        }
        let crc = crate::egdb::crc32(body.as_bytes());
        body.push_str(&format!("crc32 {crc:08x}\n"));
        body
    }

    /// The evaluation of `pos` for the side to move, in hundredths of a man.
    #[must_use]
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let (mut mg, mut eg) = (0i64, 0i64);
        let phase = for_each_feature(pos, |i, v| {
            mg += i64::from(self.mg[i]) * i64::from(v);
            eg += i64::from(self.eg[i]) * i64::from(v);
        });
        let p = i64::from(phase);
        let blended = (mg * p + eg * (i64::from(FULL_PHASE) - p))
            / (i64::from(FULL_PHASE) * i64::from(self.scale));
        blended.clamp(-20_000, 20_000) as i32
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

/// Calls `f(index, value)` for each feature of `pos` that is not zero
/// (an index may come more than once: the values add up), from the side to
/// move's point of view, and returns the phase (0..=[`FULL_PHASE`]).
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
        .get_or_init(|| match Weights::parse(WEIGHTS_FILE) {
            Ok(w) => Some(w),
            Err(e) => {
                report(&e);
                None
            }
        })
        .as_ref()
}

/// Whether the compiled-in weights are good (`Err`: why they are not, and
/// the hand-set evaluation is used instead).
///
/// # Errors
/// The [`WeightsError`] of the compiled-in file.
pub fn status() -> Result<(), WeightsError> {
    Weights::parse(WEIGHTS_FILE).map(|_| ())
}

fn report(e: &WeightsError) {
    #[cfg(not(target_arch = "wasm32"))]
    eprintln!("tiers: {e}; using the hand-set Tiers evaluation");
    #[cfg(target_arch = "wasm32")]
    let _ = e;
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
        assert_eq!(status(), Ok(()));
        assert!(learned().is_some());
    }

    #[test]
    fn damaged_files_are_reported_in_one_line() {
        let good = Weights::handset(8).to_file("test");
        assert_eq!(Weights::parse(good.as_bytes()), Ok(Weights::handset(8)));
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
        ];
        for (bytes, word) in cases {
            let e = Weights::parse(&bytes).unwrap_err().to_string();
            assert!(e.starts_with(word), "{e}");
            assert!(!e.contains('\n'), "{e}");
        }
        // A wrong feature count with a good checksum.
        let other = good.replace(&format!("features {FEATURES}"), "features 206");
        let body = &other[..=other.find("\ncrc32 ").unwrap()];
        let fixed = format!("{body}crc32 {:08x}\n", crate::egdb::crc32(body.as_bytes()));
        let e = Weights::parse(fixed.as_bytes()).unwrap_err().to_string();
        assert!(e.starts_with("malformed"), "{e}");
    }

    #[test]
    fn without_weights_the_hand_set_evaluation_is_used() {
        let pos = Position::parse("7m/8/8/8/8/8/8/U[K]7 r 0 1").unwrap();
        let w = Weights::parse(b"tiers-eval 1 features 214 scale 8\nmg 1\n").ok();
        assert_eq!(
            evaluate_with(w.as_ref(), &pos),
            handset::evaluate_handset(&pos)
        );
        // The hand-set weights in the learned form give the hand-set score.
        let h = Weights::handset(8);
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
            let mut pos = crate::search::train::start_position(11, game);
            let mut seed = game;
            for _ in 0..300 {
                for c in [Color::Red, Color::Black] {
                    let threatened = attacked_by(&pos, c);
                    moves.clear();
                    pos.with_side(c).legal_moves(&mut moves);
                    let taken = moves.iter().fold(0, |bb, m| bb | m.captured());
                    assert_eq!(threatened & !taken, 0, "{} by {c:?}", pos.to_text());
                    checked += threatened.count_ones();
                }
                moves.clear();
                pos.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                seed = super::super::mix64(seed);
                pos = pos.play(&moves[(seed % moves.len() as u64) as usize]);
            }
        }
        assert!(checked > 100, "{checked}");
    }

    #[test]
    fn the_learned_evaluation_is_symmetric() {
        let w = learned().expect("the compiled-in weights load");
        let mut pos = Position::start();
        let mut moves = Vec::new();
        let mut seed = 7u64;
        for _ in 0..200 {
            let mirror = flipped(&pos);
            assert_eq!(w.evaluate(&pos), w.evaluate(&mirror), "{}", pos.to_text());
            moves.clear();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            seed = super::super::mix64(seed);
            pos = pos.play(&moves[(seed % moves.len() as u64) as usize]);
        }
        for text in [
            "7m/8/8/8/8/8/8/U[K]7 r 0 1",
            "7m/2k5/M7/3T4/8/1Q6/8/3D4 b 0 1",
        ] {
            let pos = Position::parse(text).unwrap();
            assert_eq!(w.evaluate(&pos), w.evaluate(&flipped(&pos)), "{text}");
        }
    }
}
