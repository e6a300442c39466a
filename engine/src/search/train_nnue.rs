//! Training the neural checkers evaluation ([`super::eval::nnue`]):
//! self-play positions labelled by searches, game results and the
//! endgame database, and a fit of the network by minibatch Adam.
//!
//! 1. [`play_games`]: game `g` of seed `s` starts a few random moves
//!    from the start ([`super::train::checkers_start_position`]); both
//!    sides search to a fixed depth with the learned pattern evaluation
//!    ([`Patterns`], so the data do not depend on the network they are
//!    for). Every position without a capture to make is kept with its
//!    search score and, at the end, the game's result for its side to
//!    move; a position the endgame database holds takes its value instead.
//! 2. [`fit`]: the target of a position is `λ·result + (1 − λ)·σ(score/S)`
//!    (its database value when it has one) and the network's prediction
//!    `σ(output)`; minibatch Adam on the cross-entropy, the gradient of a
//!    batch summed over fixed parts on threads, so the network is the same
//!    for any number of threads; then [`quantize`]d to integers.
//!
//! Deterministic: the same options give the same network, bit for bit.

use super::eval::nnue::{bucket, inputs, Network, BUCKETS, INPUTS, QA, QB};
use super::eval::{mix64, Patterns};
use super::train::{play_one, Dataset};
use super::Searcher;
use crate::checkers::Position;
use crate::{Color, Position as _};

/// One labelled position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    /// Red men, Red kings, Black men, Black kings.
    pub boards: [u32; 4],
    /// The side to move is Black.
    pub black: bool,
    /// The result for the side to move in halves: 0 loss, 1 draw, 2 win.
    pub result: u8,
    /// The search's score for the side to move (hundredths of a man).
    pub score: i16,
    /// The result is the endgame database's value, not a game's.
    pub known: bool,
}

/// Bytes of a sample in a data file.
pub const SAMPLE_BYTES: usize = 20;

impl Sample {
    fn of(pos: &Position, result: u8, score: i32, known: bool) -> Sample {
        Sample {
            boards: [
                pos.men(Color::Red),
                pos.kings(Color::Red),
                pos.men(Color::Black),
                pos.kings(Color::Black),
            ],
            black: pos.side_to_move() == Color::Black,
            result,
            score: score.clamp(-i32::from(i16::MAX), i32::from(i16::MAX)) as i16,
            known,
        }
    }

    /// The position, if the boards make one.
    #[must_use]
    pub fn position(&self) -> Option<Position> {
        let side = if self.black { Color::Black } else { Color::Red };
        let [rm, rk, bm, bk] = self.boards;
        Position::from_parts(side, rm, rk, bm, bk).ok()
    }

    /// The sample's bytes in a data file.
    #[must_use]
    pub fn to_bytes(&self) -> [u8; SAMPLE_BYTES] {
        let mut b = [0u8; SAMPLE_BYTES];
        for (i, x) in self.boards.iter().enumerate() {
            b[4 * i..4 * i + 4].copy_from_slice(&x.to_le_bytes());
        }
        b[16] = u8::from(self.black) | u8::from(self.known) << 1;
        b[17] = self.result;
        b[18..20].copy_from_slice(&self.score.to_le_bytes());
        b
    }

    /// A sample from its bytes (`None` if they are not one).
    #[must_use]
    pub fn from_bytes(b: &[u8]) -> Option<Sample> {
        let word =
            |i: usize| u32::from_le_bytes([b[4 * i], b[4 * i + 1], b[4 * i + 2], b[4 * i + 3]]);
        let s = Sample {
            boards: [word(0), word(1), word(2), word(3)],
            black: b[16] & 1 != 0,
            known: b[16] & 2 != 0,
            result: b[17],
            score: i16::from_le_bytes([b[18], b[19]]),
        };
        (b.len() == SAMPLE_BYTES && b[16] < 4 && s.result <= 2 && s.position().is_some())
            .then_some(s)
    }
}

/// Plays training games `games` of `seed`, each side searching `depth`
/// plies with the learned pattern evaluation, and returns their quiet
/// positions, labelled (`known`: an endgame database's value, 0, 1 or 2
/// halves for the side to move). `progress` gets the game number and the
/// samples so far after each game.
pub fn play_games(
    known: &(dyn Fn(&Position) -> Option<u8> + Sync),
    seed: u64,
    games: core::ops::Range<u64>,
    depth: u32,
    mut progress: impl FnMut(u64, usize),
) -> Vec<Sample> {
    let mut out = Vec::new();
    let mut searcher = Searcher::new(8);
    let mut kept: Vec<(Position, i32)> = Vec::new();
    for g in games {
        let start = super::train::checkers_start_position(seed, g);
        let winner = play_one(&mut searcher, start, Patterns, depth, seed, g, &mut kept);
        for (pos, score) in &kept {
            if let Some(v) = known(pos) {
                out.push(Sample::of(pos, v, 0, true));
                continue;
            }
            let result = match winner {
                None => 1,
                Some(c) if c == pos.side_to_move() => 2,
                Some(_) => 0,
            };
            out.push(Sample::of(pos, result, *score, false));
        }
        progress(g, out.len());
    }
    out
}

/// The samples as a training set of the learned pattern evaluation
/// ([`super::train::fit`]): a sample the endgame database labelled keeps
/// its value alone (as [`super::train::play_games`] labels one), the others
/// their game's result and search score. A sample whose boards are not a
/// position is left out.
#[must_use]
pub fn pattern_dataset(samples: &[Sample]) -> Dataset {
    let mut data = Dataset::default();
    for s in samples {
        let Some(pos) = s.position() else { continue };
        let result = f32::from(s.result) / 2.0;
        if s.known {
            data.push_known(&pos, result);
        } else {
            data.push(&pos, result, i32::from(s.score));
        }
    }
    data
}

/// Options of [`fit`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitOptions {
    /// Accumulator size per perspective (a multiple of 8).
    pub hidden: usize,
    /// Passes over the data.
    pub epochs: u32,
    /// Samples per step.
    pub batch: usize,
    /// Adam's step size at the start (it falls to a tenth by the end).
    pub rate: f32,
    /// Weight of the game result in the target (the rest is the search
    /// score).
    pub lambda: f32,
    /// The scale S of the search scores: σ(score/S); also the network's
    /// hundredths of a man per unit of output.
    pub scale: f32,
    /// Threads computing the gradient (the result does not depend on it).
    pub threads: usize,
    /// Seed of the first weights and of the order of the samples.
    pub seed: u64,
}

impl Default for FitOptions {
    fn default() -> Self {
        FitOptions {
            hidden: 128,
            epochs: 32,
            batch: 16_384,
            rate: 0.002,
            lambda: 0.5,
            scale: 90.0,
            threads: 1,
            seed: 1,
        }
    }
}

/// The network with float weights, as it is trained.
#[derive(Clone, Debug, PartialEq)]
pub struct FloatNet {
    hidden: usize,
    w1: Vec<f32>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: Vec<f32>,
}

/// Weights of the first layer stay within this (so that accumulators fit
/// an `i16` in 1/QA), output weights within ±127/QB.
const W1_LIMIT: f32 = 8.0;
const W2_LIMIT: f32 = 127.0 / QB as f32;
const B2_LIMIT: f32 = 32_000.0 / (QA * QB) as f32;

impl FloatNet {
    fn new(hidden: usize, seed: u64) -> FloatNet {
        let mut h = mix64(seed ^ 0x6e6e_7565);
        let mut uniform = |scale: f32| {
            h = mix64(h);
            ((h >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * scale
        };
        let s1 = 1.0 / (INPUTS as f32).sqrt();
        let s2 = 1.0 / (2.0 * hidden as f32).sqrt();
        FloatNet {
            hidden,
            w1: (0..INPUTS * hidden).map(|_| uniform(s1)).collect(),
            b1: (0..hidden).map(|_| 0.25 + uniform(0.05)).collect(),
            w2: (0..BUCKETS * 2 * hidden).map(|_| uniform(s2)).collect(),
            b2: vec![0.0; BUCKETS],
        }
    }

    fn len(&self) -> usize {
        self.w1.len() + self.b1.len() + self.w2.len() + self.b2.len()
    }
}

/// One sample, ready: its inputs from each side and what to aim at.
struct Prepared {
    /// Inputs of the side to move, then of the other side (`split` of them
    /// first).
    features: Vec<u16>,
    split: usize,
    bucket: usize,
    target: f32,
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

fn prepare(s: &Sample, options: &FitOptions) -> Option<Prepared> {
    let pos = s.position()?;
    let side = pos.side_to_move();
    let mut features = Vec::with_capacity(48);
    inputs(&pos, side, |i| features.push(i as u16));
    let split = features.len();
    inputs(&pos, side.opposite(), |i| features.push(i as u16));
    let result = f32::from(s.result) / 2.0;
    let target = if s.known {
        result
    } else {
        options.lambda * result
            + (1.0 - options.lambda) * sigmoid(f32::from(s.score) / options.scale)
    };
    let pieces = s.boards.iter().map(|b| b.count_ones()).sum();
    Some(Prepared {
        features,
        split,
        bucket: bucket(pieces),
        target,
    })
}

/// The forward pass: the output (a logit) and the two accumulators.
fn forward(net: &FloatNet, p: &Prepared, acc: &mut [f32]) -> f32 {
    let h = net.hidden;
    let (us, them) = acc.split_at_mut(h);
    us.copy_from_slice(&net.b1);
    them.copy_from_slice(&net.b1);
    for (k, &i) in p.features.iter().enumerate() {
        let col = &net.w1[usize::from(i) * h..(usize::from(i) + 1) * h];
        let a = if k < p.split { &mut *us } else { &mut *them };
        for (x, w) in a.iter_mut().zip(col) {
            *x += w;
        }
    }
    let w2 = &net.w2[p.bucket * 2 * h..(p.bucket + 1) * 2 * h];
    let mut out = net.b2[p.bucket];
    for (x, w) in acc.iter().zip(w2) {
        let c = x.clamp(0.0, 1.0);
        out += c * c * w;
    }
    out
}

/// Adds the gradient of the cross-entropy of `p` to `grad` (laid out as
/// the weights: w1, b1, w2, b2); returns the loss.
fn backward(net: &FloatNet, p: &Prepared, acc: &mut [f32], grad: &mut [f32]) -> f32 {
    let h = net.hidden;
    let out = forward(net, p, acc);
    let y = sigmoid(out);
    let t = p.target;
    let clampp = |q: f32| q.clamp(1e-7, 1.0 - 1e-7);
    let loss = -(t * clampp(y).ln() + (1.0 - t) * clampp(1.0 - y).ln())
        + (t * clampp(t).ln() + (1.0 - t) * clampp(1.0 - t).ln());
    let d = y - t;
    let (gw1, rest) = grad.split_at_mut(INPUTS * h);
    let (gb1, rest) = rest.split_at_mut(h);
    let (gw2, gb2) = rest.split_at_mut(BUCKETS * 2 * h);
    let w2 = &net.w2[p.bucket * 2 * h..(p.bucket + 1) * 2 * h];
    let gw2 = &mut gw2[p.bucket * 2 * h..(p.bucket + 1) * 2 * h];
    gb2[p.bucket] += d;
    // d(out)/d(acc): 2·a·w where 0 < a < 1.
    for j in 0..2 * h {
        let a = acc[j];
        let c = a.clamp(0.0, 1.0);
        gw2[j] += d * c * c;
        acc[j] = if a > 0.0 && a < 1.0 {
            d * 2.0 * a * w2[j]
        } else {
            0.0
        };
    }
    for j in 0..h {
        gb1[j] += acc[j] + acc[h + j];
    }
    for (k, &i) in p.features.iter().enumerate() {
        let from = if k < p.split { 0 } else { h };
        let col = &mut gw1[usize::from(i) * h..(usize::from(i) + 1) * h];
        for (g, x) in col.iter_mut().zip(&acc[from..from + h]) {
            *g += x;
        }
    }
    loss
}

/// The samples are cut into this many parts per step, whose gradients are
/// added in order: the same sum for any number of threads.
const PARTS: usize = 8;

/// The mean loss of `net` on `data`.
fn mean_loss(net: &FloatNet, data: &[Prepared]) -> f64 {
    let mut acc = vec![0.0; 2 * net.hidden];
    let mut grad = vec![0.0; net.len()];
    let total: f64 = data
        .iter()
        .map(|p| f64::from(backward(net, p, &mut acc, &mut grad)))
        .sum();
    total / data.len().max(1) as f64
}

/// Fits a network to `samples` (see the module documentation); one sample
/// in 50 is held out, and `report(epoch, training loss, held-out loss)` is
/// called after each epoch (and before the first, as epoch 0).
pub fn fit(
    samples: &[Sample],
    options: &FitOptions,
    mut report: impl FnMut(u32, f64, f64),
) -> Network {
    let prepared: Vec<Prepared> = samples.iter().filter_map(|s| prepare(s, options)).collect();
    let (mut train, mut held) = (Vec::new(), Vec::new());
    for (i, p) in prepared.into_iter().enumerate() {
        if mix64(i as u64 ^ options.seed).is_multiple_of(50) {
            held.push(p);
        } else {
            train.push(p);
        }
    }
    let mut net = FloatNet::new(options.hidden, options.seed);
    let n = net.len();
    let (beta1, beta2, eps) = (0.9f32, 0.999f32, 1e-8f32);
    let mut m = vec![0.0f32; n];
    let mut v = vec![0.0f32; n];
    let mut parts = vec![vec![0.0f32; n]; PARTS];
    let mut order: Vec<usize> = (0..train.len()).collect();
    let threads = options.threads.clamp(1, PARTS);
    let steps_per_epoch = train.len().div_ceil(options.batch.max(1));
    let total_steps = (steps_per_epoch * options.epochs as usize).max(1);
    let mut step = 0usize;
    report(0, mean_loss(&net, &train), mean_loss(&net, &held));
    for epoch in 1..=options.epochs {
        // A seeded shuffle.
        let mut h = mix64(options.seed ^ u64::from(epoch));
        for i in (1..order.len()).rev() {
            h = mix64(h);
            order.swap(i, (h % (i as u64 + 1)) as usize);
        }
        let mut epoch_loss = 0.0f64;
        for batch in order.chunks(options.batch.max(1)) {
            let per_part = batch.len().div_ceil(PARTS);
            let losses: Vec<f64> = std::thread::scope(|scope| {
                let mut slots: Vec<Vec<(usize, &mut Vec<f32>)>> =
                    (0..threads).map(|_| Vec::new()).collect();
                for (i, part) in parts.iter_mut().enumerate() {
                    slots[i % threads].push((i, part));
                }
                let (net, train) = (&net, &train);
                let handles: Vec<_> = slots
                    .into_iter()
                    .map(|slot| {
                        scope.spawn(move || {
                            let mut acc = vec![0.0f32; 2 * net.hidden];
                            let mut loss = 0.0f64;
                            for (i, grad) in slot {
                                grad.iter_mut().for_each(|g| *g = 0.0);
                                let from = (i * per_part).min(batch.len());
                                let to = ((i + 1) * per_part).min(batch.len());
                                for &k in &batch[from..to] {
                                    loss += f64::from(backward(net, &train[k], &mut acc, grad));
                                }
                            }
                            loss
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().unwrap_or(0.0))
                    .collect()
            });
            epoch_loss += losses.iter().sum::<f64>();
            step += 1;
            let rate = options.rate * (0.1 + 0.9 * (1.0 - step as f32 / total_steps as f32));
            let scale = 1.0 / batch.len() as f32;
            let t = step as i32;
            let (c1, c2) = (1.0 - beta1.powi(t), 1.0 - beta2.powi(t));
            let mut params = net
                .w1
                .iter_mut()
                .chain(net.b1.iter_mut())
                .chain(net.w2.iter_mut())
                .chain(net.b2.iter_mut());
            let b1_end = (INPUTS + 1) * options.hidden;
            let w2_end = b1_end + BUCKETS * 2 * options.hidden;
            for i in 0..n {
                let g = parts.iter().map(|p| p[i]).sum::<f32>() * scale;
                m[i] = beta1 * m[i] + (1.0 - beta1) * g;
                v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
                let Some(w) = params.next() else { break };
                *w -= rate * (m[i] / c1) / ((v[i] / c2).sqrt() + eps);
                let limit = if i < b1_end {
                    W1_LIMIT
                } else if i < w2_end {
                    W2_LIMIT
                } else {
                    B2_LIMIT
                };
                *w = w.clamp(-limit, limit);
            }
        }
        report(
            epoch,
            epoch_loss / train.len().max(1) as f64,
            mean_loss(&net, &held),
        );
    }
    quantize(&net, options.scale)
}

/// The network with integer weights (see [`super::eval::nnue`]).
#[must_use]
pub fn quantize(net: &FloatNet, scale: f32) -> Network {
    let q = |w: &[f32], by: f32| -> Vec<i16> {
        w.iter()
            .map(|x| (x * by).round().clamp(-32_767.0, 32_767.0) as i16)
            .collect()
    };
    let qa = QA as f32;
    let qb = QB as f32;
    Network {
        hidden: net.hidden,
        scale: scale.round() as i32,
        w1: q(&net.w1, qa),
        b1: q(&net.b1, qa),
        w2: q(&net.w2, qb),
        b2: q(&net.b2, qa * qb),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::train::KNOWN_SCORE;

    #[test]
    fn samples_round_trip_and_bad_bytes_are_refused() {
        let data = play_games(&|_| None, 3, 0..1, 2, |_, _| {});
        assert!(data.len() > 10);
        for s in &data {
            assert_eq!(Sample::from_bytes(&s.to_bytes()), Some(*s));
        }
        let mut bad = data[0].to_bytes();
        bad[17] = 7;
        assert_eq!(Sample::from_bytes(&bad), None);
        // A man on the square where it would be crowned is no position.
        let mut bad = data[0].to_bytes();
        bad[0..4].copy_from_slice(&1u32.to_le_bytes());
        bad[8..12].copy_from_slice(&1u32.to_le_bytes());
        assert_eq!(Sample::from_bytes(&bad), None);
    }

    #[test]
    fn samples_become_the_pattern_evaluations_training_set() {
        let mut data = play_games(&|_| None, 3, 0..1, 2, |_, _| {});
        data[0].known = true;
        data[0].result = 2;
        let set = pattern_dataset(&data);
        assert_eq!(set.len(), data.len());
        // A database value: its result, and a score σ makes the same.
        assert_eq!((set.result[0], set.score[0]), (1.0, KNOWN_SCORE));
        for (n, s) in data.iter().enumerate().skip(1) {
            assert_eq!(set.result[n], f32::from(s.result) / 2.0);
            assert_eq!(set.score[n], i32::from(s.score));
        }
        // The features are the position's, as the pattern trainer's own
        // games give them.
        let mut direct = Dataset::default();
        direct.push(&data[1].position().unwrap(), 0.0, 0);
        let (a, b) = (set.start[1] as usize, set.start[2] as usize);
        assert_eq!(&set.index[a..b], &direct.index[..]);
        assert_eq!(&set.value[a..b], &direct.value[..]);
        assert_eq!(set.phase[1], direct.phase[0]);
    }

    #[test]
    fn a_tiny_fit_is_deterministic_lowers_the_loss_and_quantizes_faithfully() {
        let data = play_games(&|_| None, 5, 0..6, 2, |_, _| {});
        let options = FitOptions {
            hidden: 16,
            epochs: 6,
            batch: 64,
            rate: 0.01,
            ..FitOptions::default()
        };
        let mut losses = Vec::new();
        let a = fit(&data, &options, |_, train, _| losses.push(train));
        let b = fit(
            &data,
            &FitOptions {
                threads: 3,
                ..options
            },
            |_, _, _| {},
        );
        assert_eq!(a, b);
        assert!(losses.last() < losses.first(), "{losses:?}");
        // The integer network computes what the float one does, within
        // rounding.
        let net = FloatNet::new(16, 9);
        let q = quantize(&net, 100.0);
        let mut acc = vec![0.0; 32];
        for s in data.iter().take(50) {
            let p = prepare(s, &options).unwrap();
            let float = forward(&net, &p, &mut acc) * 100.0;
            let int = q.evaluate(&s.position().unwrap());
            assert!((float - int as f32).abs() < 3.0, "{float} vs {int}");
        }
    }
}
