//! The neural checkers evaluation (NNUE: an efficiently updatable neural
//! network), trained by `tiers train nnue` ([`crate::search::train_nnue`]).
//!
//! **Network**: `(128 → H) × 2 → SCReLU → 1`, with the output layer
//! chosen by the number of pieces on the board ([`BUCKETS`] buckets).
//!
//! - The inputs, seen from one side (its *perspective*): a square (1–32,
//!   turned half round for Black so that each side's men move towards
//!   square 1) holds one of its men, one of its kings, one of the
//!   opponent's men or kings: 4 × 32 = 128 inputs, about 24 of them 1.
//! - The first layer turns them into `H` numbers (the *accumulator*) per
//!   perspective, with the same weights for both. The search keeps the
//!   accumulators of the positions on its path and updates them move by
//!   move: a move changes a few squares, so a few weight columns are
//!   added and taken away instead of summing all of them
//!   ([`EvalStack`]).
//! - The side to move's accumulator, then the other's, go through the
//!   squared clipped ReLU (`clamp(x, 0, 1)²`) into one linear output: the
//!   evaluation for the side to move, in units the trainer fixed
//!   ([`Network::scale`] hundredths of a man per unit).
//!
//! **Integers only**: weights are stored and used as integers (first
//! layer in 1/[`QA`], output in 1/[`QB`]), so the native build and the
//! browser's worker compute exactly the same value.
//!
//! **File** (`engine/data/eval/checkers.nnue`, compiled in): one text
//! header line `checkers-nnue 1 hidden H buckets B scale S bytes N crc32
//! C`, then `N` bytes of little-endian `i16`: the first layer's weights
//! (input by input, `H` each), its biases (`H`), the output weights
//! (bucket by bucket, `2H` each) and biases (`B`). A damaged file is
//! refused with a one-line [`NnueError`]; the engine then plays the
//! learned pattern evaluation ([`super::learned::checkers`]).

use core::fmt;
use std::sync::OnceLock;

use crate::checkers::Position;
use crate::datafile::{BodyError, Header};
use crate::{Color, Position as _};

/// Inputs per perspective.
pub const INPUTS: usize = 128;
/// Output buckets, by the number of pieces on the board.
pub const BUCKETS: usize = 4;
/// Units of the first layer's weights and of the accumulator per 1.0 (the
/// clipped ReLU's top).
pub const QA: i32 = 127;
/// Units of the output weights per 1.0.
pub const QB: i32 = 64;

/// The compiled-in network file.
pub const NETWORK_FILE: &[u8] = include_bytes!("../../../data/eval/checkers.nnue");

/// The output bucket of a position with `pieces` pieces.
#[inline]
#[must_use]
pub fn bucket(pieces: u32) -> usize {
    (pieces.saturating_sub(1) as usize / 6).min(BUCKETS - 1)
}

/// The inputs of a perspective that are 1, as indices: `kind * 32 +
/// square`, kind 0 own man, 1 own king, 2 other man, 3 other king, the
/// square from the perspective's side (bit `s`, or `31 - s` for Black).
pub fn inputs(pos: &Position, view: Color, mut f: impl FnMut(usize)) {
    let other = view.opposite();
    let boards = [
        pos.men(view),
        pos.kings(view),
        pos.men(other),
        pos.kings(other),
    ];
    for (kind, &bb) in boards.iter().enumerate() {
        let mut b = bb;
        while b != 0 {
            let sq = b.trailing_zeros() as usize;
            b &= b - 1;
            f(kind * 32 + oriented(sq, view));
        }
    }
}

#[inline]
fn oriented(sq: usize, view: Color) -> usize {
    match view {
        Color::Red => sq,
        Color::Black => 31 - sq,
    }
}

/// A network with integer weights (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    /// Accumulator size per perspective.
    pub hidden: usize,
    /// Hundredths of a man per unit of output.
    pub scale: i32,
    /// First layer: `INPUTS` columns of `hidden` weights.
    pub w1: Vec<i16>,
    /// First layer biases.
    pub b1: Vec<i16>,
    /// Output weights: `BUCKETS` rows of `2 * hidden`.
    pub w2: Vec<i16>,
    /// Output biases (in 1/(QA·QB)).
    pub b2: Vec<i16>,
}

/// Why a network file was not used (one line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NnueError {
    /// The header line is missing or wrong.
    Header(String),
    /// The weights are not what the header says.
    Body(BodyError),
}

impl fmt::Display for NnueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NnueError::Header(why) => write!(f, "not a checkers network: {why}"),
            NnueError::Body(e) => e.write(f, "a checkers network", "checkers network"),
        }
    }
}

impl std::error::Error for NnueError {}

const MAGIC: &str = "checkers-nnue 1";

impl Network {
    /// The file's bytes.
    #[must_use]
    pub fn to_file(&self) -> Vec<u8> {
        let mut body = Vec::new();
        for v in self
            .w1
            .iter()
            .chain(&self.b1)
            .chain(&self.w2)
            .chain(&self.b2)
        {
            body.extend_from_slice(&v.to_le_bytes());
        }
        let fields = format!(
            "hidden {} buckets {BUCKETS} scale {}",
            self.hidden, self.scale
        );
        crate::datafile::write(MAGIC, &fields, &body)
    }

    /// Reads a network file.
    ///
    /// ```
    /// use tiers_engine::search::eval::nnue::Network;
    /// let e = Network::from_file(b"checkers-eval 1").unwrap_err().to_string();
    /// assert!(e.starts_with("not a checkers network"), "{e}");
    /// ```
    pub fn from_file(bytes: &[u8]) -> Result<Network, NnueError> {
        let header = Header::read(bytes, MAGIC).map_err(NnueError::Header)?;
        let number = |name: &str| header.number(name).map_err(NnueError::Header);
        let hidden = number("hidden")?;
        if !(1..=1024).contains(&hidden) || hidden % 8 != 0 {
            return Err(NnueError::Header(format!(
                "hidden size {hidden} (a multiple of 8 up to 1024)"
            )));
        }
        if number("buckets")? != BUCKETS {
            return Err(NnueError::Header(format!(
                "{} output buckets where this engine has {BUCKETS}",
                number("buckets")?
            )));
        }
        let scale = i32::try_from(number("scale")?)
            .ok()
            .filter(|s| (1..=10_000).contains(s))
            .ok_or_else(|| NnueError::Header("bad scale".into()))?;
        let expected = number("bytes")?;
        let want = 2 * (INPUTS * hidden + hidden + BUCKETS * 2 * hidden + BUCKETS);
        if expected != want {
            return Err(NnueError::Header(format!(
                "{expected} bytes of weights where hidden size {hidden} needs {want}"
            )));
        }
        let body = header.body().map_err(NnueError::Body)?;
        let mut values = body
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]));
        let mut take = |n: usize| -> Vec<i16> { values.by_ref().take(n).collect() };
        Ok(Network {
            hidden,
            scale,
            w1: take(INPUTS * hidden),
            b1: take(hidden),
            w2: take(BUCKETS * 2 * hidden),
            b2: take(BUCKETS),
        })
    }

    /// A fresh accumulator of `pos` from `view`'s side.
    pub fn refresh(&self, pos: &Position, view: Color, acc: &mut [i16]) {
        acc.copy_from_slice(&self.b1);
        inputs(pos, view, |i| {
            add(acc, &self.w1[i * self.hidden..(i + 1) * self.hidden]);
        });
    }

    /// `acc` (of `parent`, from `view`'s side) changed into the
    /// accumulator of `child`: the inputs that differ are taken away or
    /// added.
    pub fn update(&self, parent: &Position, child: &Position, view: Color, acc: &mut [i16]) {
        let other = view.opposite();
        let pairs = [
            (parent.men(view), child.men(view)),
            (parent.kings(view), child.kings(view)),
            (parent.men(other), child.men(other)),
            (parent.kings(other), child.kings(other)),
        ];
        let h = self.hidden;
        for (kind, (before, after)) in pairs.into_iter().enumerate() {
            let mut gone = before & !after;
            while gone != 0 {
                let i = kind * 32 + oriented(gone.trailing_zeros() as usize, view);
                gone &= gone - 1;
                sub(acc, &self.w1[i * h..(i + 1) * h]);
            }
            let mut new = after & !before;
            while new != 0 {
                let i = kind * 32 + oriented(new.trailing_zeros() as usize, view);
                new &= new - 1;
                add(acc, &self.w1[i * h..(i + 1) * h]);
            }
        }
    }

    /// The evaluation for the side to move from the accumulators of the
    /// side to move (`us`) and of the other side (`them`), for a position
    /// of `pieces` pieces, in hundredths of a man.
    #[must_use]
    pub fn output(&self, us: &[i16], them: &[i16], pieces: u32) -> i32 {
        let b = bucket(pieces);
        let h = self.hidden;
        let w = &self.w2[b * 2 * h..(b + 1) * 2 * h];
        let sum = screlu_dot(us, &w[..h]) + screlu_dot(them, &w[h..]);
        // sum is in QA·QA·QB units; the bias in QA·QB.
        let units = i64::from(sum / QA) + i64::from(self.b2[b]);
        let cp = units * i64::from(self.scale) / i64::from(QA * QB);
        cp.clamp(-20_000, 20_000) as i32
    }

    /// The evaluation of `pos` for the side to move, from scratch.
    #[must_use]
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let mut us = vec![0i16; self.hidden];
        let mut them = vec![0i16; self.hidden];
        let side = pos.side_to_move();
        self.refresh(pos, side, &mut us);
        self.refresh(pos, side.opposite(), &mut them);
        self.output(&us, &them, pieces(pos))
    }
}

#[inline]
fn pieces(pos: &Position) -> u32 {
    pos.piece_count(Color::Red) + pos.piece_count(Color::Black)
}

#[inline]
fn add(acc: &mut [i16], w: &[i16]) {
    for (a, x) in acc.iter_mut().zip(w) {
        *a = a.wrapping_add(*x);
    }
}

#[inline]
fn sub(acc: &mut [i16], w: &[i16]) {
    for (a, x) in acc.iter_mut().zip(w) {
        *a = a.wrapping_sub(*x);
    }
}

/// `Σ clamp(a, 0, QA)² · w` (fits an `i32`: at most 1024 · 127² · |w|, and
/// the trainer keeps |w| ≤ 127).
#[inline]
fn screlu_dot(acc: &[i16], w: &[i16]) -> i32 {
    let mut sum = 0i32;
    for (&a, &x) in acc.iter().zip(w) {
        let v = i32::from(a).clamp(0, QA);
        sum = sum.wrapping_add(v * v * i32::from(x));
    }
    sum
}

/// The compiled-in network, read once; `None` (reported once on stderr)
/// when the file is damaged.
pub fn network() -> Option<&'static Network> {
    static LOADED: OnceLock<Option<Network>> = OnceLock::new();
    LOADED
        .get_or_init(|| match Network::from_file(NETWORK_FILE) {
            Ok(n) => Some(n),
            Err(e) => {
                #[cfg(not(target_arch = "wasm32"))]
                eprintln!("tiers: {e}; the learned pattern evaluation is used instead");
                let _ = e;
                None
            }
        })
        .as_ref()
}

/// The accumulators of the positions on the search's path, one pair per
/// ply, each with the position it belongs to. A position's pair is made
/// from whichever is nearest — the pair its ply's slot holds (a sibling or
/// cousin searched before it), its parent's, or nothing (a refresh) —
/// counting the squares whose contents differ, each a weight column added
/// or taken away: a few for a move, against one per piece for a refresh.
/// The parent's pair is brought up to date first, so that its other
/// children start from it too (the search does not evaluate a position
/// that must capture, so the parents of most of its children have no pair
/// of their own yet).
#[derive(Clone, Debug, Default)]
pub struct EvalStack {
    hidden: usize,
    /// Per ply: the position whose accumulators the slot holds, if any.
    held: Vec<Option<Position>>,
    /// Per ply: Red's view, then Black's.
    acc: Vec<i16>,
}

/// The squares whose contents differ between `a` and `b` (each one input
/// or two of each perspective).
#[inline]
fn distance(a: &Position, b: &Position) -> u32 {
    [Color::Red, Color::Black]
        .iter()
        .map(|&c| (a.men(c) ^ b.men(c)).count_ones() + (a.kings(c) ^ b.kings(c)).count_ones())
        .sum()
}

impl EvalStack {
    fn reserve(&mut self, ply: usize, hidden: usize) {
        if self.hidden != hidden {
            self.held.clear();
            self.acc.clear();
            self.hidden = hidden;
        }
        if self.held.len() <= ply {
            let plies = (ply + 1).max(130);
            self.held.resize(plies, None);
            self.acc.resize(plies * 2 * hidden, 0);
        }
    }

    /// Makes slot `ply` hold the accumulators of `pos`, from the nearest
    /// of what it holds, what slot `ply - 1` holds and nothing.
    fn bring(&mut self, net: &Network, pos: &Position, ply: usize) {
        enum From {
            Own(Position),
            Below(Position),
            Nothing,
        }
        // Columns added or taken away per perspective (a refresh also
        // copies the biases).
        let mut nearest = (pieces(pos) + 1, From::Nothing);
        if let Some(held) = self.held[ply] {
            let d = distance(&held, pos);
            if d == 0 {
                return;
            }
            if d < nearest.0 {
                nearest = (d, From::Own(held));
            }
        }
        if let Some(held) = ply.checked_sub(1).and_then(|b| self.held[b]) {
            // Plus the copy.
            let d = distance(&held, pos) + 1;
            if d < nearest.0 {
                nearest = (d, From::Below(held));
            }
        }
        let h = net.hidden;
        let (before, here) = self.acc.split_at_mut(ply * 2 * h);
        let here = &mut here[..2 * h];
        let from = match nearest.1 {
            From::Own(held) => Some(held),
            From::Below(held) => {
                here.copy_from_slice(&before[(ply - 1) * 2 * h..]);
                Some(held)
            }
            From::Nothing => None,
        };
        let (red, black) = here.split_at_mut(h);
        match from {
            Some(from) => {
                net.update(&from, pos, Color::Red, red);
                net.update(&from, pos, Color::Black, black);
            }
            None => {
                net.refresh(pos, Color::Red, red);
                net.refresh(pos, Color::Black, black);
            }
        }
        self.held[ply] = Some(*pos);
    }

    /// The evaluation of `pos` at `ply` for the side to move with `net`,
    /// reached from `parent` (at `ply - 1`) when there is one.
    pub fn evaluate(
        &mut self,
        net: &Network,
        pos: &Position,
        parent: Option<&Position>,
        ply: usize,
    ) -> i32 {
        let h = net.hidden;
        self.reserve(ply, h);
        if let Some(p) = parent.filter(|_| ply > 0) {
            self.bring(net, p, ply - 1);
        }
        self.bring(net, pos, ply);
        let here = &self.acc[ply * 2 * h..(ply + 1) * 2 * h];
        let (red, black) = here.split_at(h);
        let (us, them) = match pos.side_to_move() {
            Color::Red => (red, black),
            Color::Black => (black, red),
        };
        net.output(us, them, pieces(pos))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small network with deterministic pseudo-random weights.
    pub(crate) fn sample(hidden: usize) -> Network {
        let mut h = 7u64;
        let mut next = |m: i64| {
            h = crate::search::eval::mix64(h);
            (h % (2 * m as u64 + 1)) as i64 - m
        };
        Network {
            hidden,
            scale: 100,
            w1: (0..INPUTS * hidden).map(|_| next(20) as i16).collect(),
            b1: (0..hidden).map(|_| next(30) as i16).collect(),
            w2: (0..BUCKETS * 2 * hidden).map(|_| next(60) as i16).collect(),
            b2: (0..BUCKETS).map(|_| next(500) as i16).collect(),
        }
    }

    #[test]
    fn files_round_trip_and_damage_is_refused() {
        let net = sample(16);
        let file = net.to_file();
        assert_eq!(Network::from_file(&file).unwrap(), net);
        let e = Network::from_file(&file[..file.len() - 1])
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("truncated checkers network"), "{e}");
        let mut bad = file.clone();
        let n = bad.len();
        bad[n - 5] ^= 1;
        let e = Network::from_file(&bad).unwrap_err().to_string();
        assert!(e.starts_with("corrupt checkers network"), "{e}");
        let e = Network::from_file(&file[..20]).unwrap_err().to_string();
        assert!(e.starts_with("not a checkers network"), "{e}");
    }

    #[test]
    fn updates_agree_with_refreshes_and_colours_are_symmetric() {
        let net = sample(32);
        let mut stack = EvalStack::default();
        let mut path: Vec<Position> = vec![Position::start()];
        crate::search::eval::learned::random_game(Position::start(), 11, 200, |pos| {
            let ply = path.len();
            let parent = *path.last().unwrap();
            let inc = stack.evaluate(&net, pos, Some(&parent), ply);
            assert_eq!(inc, net.evaluate(pos), "{}", pos.to_text());
            path.push(*pos);
            // The same position seen by the other player scores the same.
            let turned = Position::from_parts(
                pos.side_to_move().opposite(),
                pos.men(Color::Black).reverse_bits(),
                pos.kings(Color::Black).reverse_bits(),
                pos.men(Color::Red).reverse_bits(),
                pos.kings(Color::Red).reverse_bits(),
            )
            .unwrap();
            assert_eq!(net.evaluate(&turned), net.evaluate(pos));
        });
    }
}
