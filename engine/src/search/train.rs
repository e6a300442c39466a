//! Training the learned evaluations ([`super::eval::learned`]): self-play
//! games, labelled by their results and by the search's scores, and a
//! logistic fit of the weights.
//!
//! 1. [`play_games`]: game `g` of seed `s` starts from a position made by
//!    `s` and `g` (Tiers: two random formations, [`start_position`];
//!    checkers: a few random moves from the start,
//!    [`checkers_start_position`]); both sides search to a fixed depth
//!    with the hand-set evaluation. Every position where the side to
//!    move has no capture is kept with its search score; when the game is
//!    over each gets the result for its side to move (1, ½, 0). A
//!    position whose value is known (an endgame database's win, draw or
//!    loss: [`egdb_value`]) is labelled by that value alone.
//! 2. [`fit`]: the target of a position is `λ·result + (1 − λ)·σ(score/S)`
//!    and the model's prediction `σ(eval/S)`, where `S` is the scale that
//!    best fits the starting evaluation to the results ([`fit_scale`]).
//!    Full-batch Adam on the cross-entropy, from the hand-set weights
//!    ([`Model::handset_weights`]), with a small L2 pull of the tables
//!    (piece-square entries, patterns) towards 0; the result is rounded
//!    to integers.
//!
//! Deterministic: the same options give the same weights, bit for bit.

use super::eval::learned::{Model, Weights};
use super::eval::{mix64, Evaluate, Handset, Mobility};
use super::{Level, SearchConfig, SearchLimits, Searcher, MATE_BOUND};
use crate::tiers::Formation;
use crate::{checkers, tiers, Color, Game, Position};

/// Labelled positions, stored sparsely.
#[derive(Clone, Debug, Default)]
pub struct Dataset {
    /// Feature indices of all samples, one after the other.
    pub index: Vec<u16>,
    /// Their values.
    pub value: Vec<i32>,
    /// Where each sample's features start in `index` (one more entry than
    /// samples).
    pub start: Vec<u32>,
    /// The phase of each sample.
    pub phase: Vec<u8>,
    /// The game's result for the side to move: 0, ½ or 1.
    pub result: Vec<f32>,
    /// The search's score for the side to move (hundredths of a man).
    pub score: Vec<i32>,
}

impl Dataset {
    /// The number of samples.
    #[must_use]
    pub fn len(&self) -> usize {
        self.phase.len()
    }

    /// Whether there is no sample.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.phase.is_empty()
    }

    pub(super) fn push<M: Model>(&mut self, pos: &M, result: f32, score: i32) {
        if self.start.is_empty() {
            self.start.push(0);
        }
        let phase = pos.for_each_feature(|i, v| {
            self.index.push(i as u16);
            self.value.push(v);
        });
        self.start.push(self.index.len() as u32);
        self.phase.push(phase as u8);
        self.result.push(result);
        self.score.push(score);
    }

    /// Adds a position whose value is known (an endgame database's 1, ½ or
    /// 0 for the side to move), labelled by it alone: that value as the
    /// result and a search score that σ makes the same value.
    pub(super) fn push_known<M: Model>(&mut self, pos: &M, value: f32) {
        self.push(pos, value, KNOWN_SCORE * (2.0 * value - 1.0) as i32);
    }

    /// Appends `other`'s samples.
    pub fn append(&mut self, other: &Dataset) {
        if self.start.is_empty() {
            self.start.push(0);
        }
        let base = self.index.len() as u32;
        self.index.extend_from_slice(&other.index);
        self.value.extend_from_slice(&other.value);
        self.start
            .extend(other.start.iter().skip(1).map(|s| s + base));
        self.phase.extend_from_slice(&other.phase);
        self.result.extend_from_slice(&other.result);
        self.score.extend_from_slice(&other.score);
    }

    fn features(&self, n: usize) -> impl Iterator<Item = (usize, f64)> + '_ {
        let (a, b) = (self.start[n] as usize, self.start[n + 1] as usize);
        self.index[a..b]
            .iter()
            .zip(&self.value[a..b])
            .map(|(&i, &v)| (usize::from(i), f64::from(v)))
    }
}

/// The start of Tiers training game `game` of `seed`: two random
/// formations.
#[must_use]
pub fn start_position(seed: u64, game: u64) -> tiers::Position {
    let red = Formation::random(Color::Red, mix64(seed ^ mix64(2 * game)));
    let black = Formation::random(Color::Black, mix64(seed ^ mix64(2 * game + 1)));
    tiers::Position::from_formations(&red, &black)
}

/// The start of checkers training game `game` of `seed`: 4 to 7 random
/// moves (plies) from the start, so the games spread over many openings
/// (not the ACF ballots the gate match plays).
#[must_use]
pub fn checkers_start_position(seed: u64, game: u64) -> checkers::Position {
    let mut h = mix64(seed ^ mix64(game ^ 0x00c4_ec4e));
    let mut pos = checkers::Position::start();
    let mut moves = Vec::new();
    for _ in 0..4 + h % 4 {
        moves.clear();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        h = mix64(h);
        pos = pos.play(&moves[(h % moves.len() as u64) as usize]);
    }
    pos
}

/// Plays training games `games` of `seed` from `start(seed, game)`, each
/// side searching `depth` plies with the hand-set evaluation (so the data
/// do not depend on the weights file they are for), and returns their
/// quiet positions, labelled. A position `known` gives a value for (an
/// endgame database's 1, ½ or 0 for the side to move) is labelled by it
/// alone: that value as the result and a search score that σ makes the
/// same value. `progress` is called after each game with the number of
/// samples so far.
pub fn play_games<M: Model>(
    start: impl Fn(u64, u64) -> M,
    known: &dyn Fn(&M) -> Option<f32>,
    seed: u64,
    games: core::ops::Range<u64>,
    depth: u32,
    mut progress: impl FnMut(u64, usize),
) -> Dataset {
    let mut data = Dataset::default();
    let mut searcher = Searcher::new(8);
    let mut kept: Vec<(M, i32)> = Vec::new();
    for g in games {
        let winner = play_one(
            &mut searcher,
            start(seed, g),
            Handset,
            depth,
            seed,
            g,
            &mut kept,
        );
        for (pos, score) in &kept {
            if let Some(value) = known(pos) {
                data.push_known(pos, value);
                continue;
            }
            let result = match winner {
                None => 0.5,
                Some(c) if c == pos.side_to_move() => 1.0,
                Some(_) => 0.0,
            };
            data.push(pos, result, *score);
        }
        progress(g, data.len());
    }
    data
}

/// Plays training game `g` of `seed` from `start`, each side searching
/// `depth` plies with the evaluation `eval` wraps the position in, from a
/// cleared `searcher`; `kept` gets the quiet positions (no capture to
/// make, no forced win found) with their search scores. Returns the
/// winner (`None`: a draw, or no result after 600 plies).
pub(super) fn play_one<P: Evaluate + Copy, E: Evaluate<Move = P::Move>>(
    searcher: &mut Searcher,
    start: P,
    eval: impl Fn(P) -> E,
    depth: u32,
    seed: u64,
    g: u64,
    kept: &mut Vec<(P, i32)>,
) -> Option<Color> {
    searcher.clear();
    kept.clear();
    let mut game = Game::new(start);
    let mut history = Vec::new();
    while game.outcome().is_none() && game.ply() < 600 {
        let pos = *game.position();
        let config = SearchConfig {
            limits: SearchLimits::depth(depth),
            level: Level::MAX,
            seed: mix64(seed ^ g),
        };
        let Some(r) = searcher.search(&eval(pos), &history, &config, |_| {}) else {
            break;
        };
        if pos.mobility() == Mobility::Quiet && r.score.abs() < MATE_BOUND {
            kept.push((pos, r.score));
        }
        history.push(pos.zobrist());
        if game.play(r.best).is_err() {
            break;
        }
    }
    game.outcome().and_then(|o| o.winner())
}

/// The search score given to a position whose value is known: σ of it is
/// 1 (or 0) at any scale a fit finds.
pub const KNOWN_SCORE: i32 = 100_000;

/// Labels from an endgame database for [`play_games`]' `known`: 1 for a
/// database win of the side to move, ½ for a draw, 0 for a loss; `None`
/// where the database does not reach.
#[must_use]
pub fn egdb_value(db: &crate::egdb::Egdb, pos: &checkers::Position) -> Option<f32> {
    use crate::egdb::Value;
    db.probe(pos).map(|v| match v {
        Value::Win(_) => 1.0,
        Value::Draw => 0.5,
        Value::Loss(_) => 0.0,
    })
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The evaluation of sample `n` by weights in hundredths of a man
/// (`full`: the model's [`Model::FULL_PHASE`]).
fn eval(data: &Dataset, n: usize, mg: &[f64], eg: &[f64], full: i32) -> f64 {
    let p = f64::from(data.phase[n]) / f64::from(full);
    let (mut a, mut b) = (0.0, 0.0);
    for (i, v) in data.features(n) {
        a += mg[i] * v;
        b += eg[i] * v;
    }
    a * p + b * (1.0 - p)
}

/// The scale `S` (hundredths of a man) for which `σ(eval/S)` of `weights`
/// (of model `M`) best fits the results (least squares, on a logarithmic
/// grid).
#[must_use]
pub fn fit_scale<M: Model>(data: &Dataset, weights: &Weights) -> f64 {
    let (mg, eg) = as_float(weights);
    let evals: Vec<f64> = (0..data.len())
        .map(|n| eval(data, n, &mg, &eg, M::FULL_PHASE))
        .collect();
    let mut best = (f64::INFINITY, 100.0);
    for i in 0..=60 {
        let s = 30.0 * 1.08_f64.powi(i);
        let e: f64 = evals
            .iter()
            .zip(&data.result)
            .map(|(x, r)| (sigmoid(x / s) - f64::from(*r)).powi(2))
            .sum();
        if e < best.0 {
            best = (e, s);
        }
    }
    best.1
}

fn as_float(w: &Weights) -> (Vec<f64>, Vec<f64>) {
    let s = f64::from(w.scale);
    (
        w.mg.iter().map(|x| f64::from(*x) / s).collect(),
        w.eg.iter().map(|x| f64::from(*x) / s).collect(),
    )
}

/// Options of [`fit`].
#[derive(Clone, Copy, Debug)]
pub struct FitOptions {
    /// Full passes over the data.
    pub epochs: u32,
    /// Weight of the game result in the target (the rest is the search score).
    pub lambda: f64,
    /// Adam's step size at the start, in hundredths of a man (it falls to a
    /// tenth by the end).
    pub rate: f64,
    /// L2 pull of the table entries towards 0.
    pub l2: f64,
    /// Units per hundredth of a man in the rounded weights.
    pub scale: i32,
    /// Threads computing the gradient (the result does not depend on it).
    pub threads: usize,
}

impl Default for FitOptions {
    fn default() -> Self {
        FitOptions {
            epochs: 600,
            lambda: 0.5,
            rate: 2.0,
            l2: 1e-9,
            scale: 8,
            threads: 1,
        }
    }
}

/// The mean cross-entropy of `weights` (of model `M`) on `data` for scale
/// `s` (minus the targets' own entropy, so a perfect fit is 0).
#[must_use]
pub fn loss<M: Model>(data: &Dataset, weights: &Weights, s: f64, lambda: f64) -> f64 {
    let (mg, eg) = as_float(weights);
    loss_float(data, &mg, &eg, s, lambda, M::FULL_PHASE)
}

fn target(data: &Dataset, n: usize, s: f64, lambda: f64) -> f64 {
    lambda * f64::from(data.result[n]) + (1.0 - lambda) * sigmoid(f64::from(data.score[n]) / s)
}

fn loss_float(data: &Dataset, mg: &[f64], eg: &[f64], s: f64, lambda: f64, full: i32) -> f64 {
    let clampp = |p: f64| p.clamp(1e-9, 1.0 - 1e-9);
    let xent = |t: f64, p: f64| -(t * clampp(p).ln() + (1.0 - t) * clampp(1.0 - p).ln());
    let total: f64 = (0..data.len())
        .map(|n| {
            let t = target(data, n, s, lambda);
            let p = sigmoid(eval(data, n, mg, eg, full) / s);
            xent(t, p) - xent(t, t)
        })
        .sum();
    total / data.len().max(1) as f64
}

/// The samples are cut into this many parts, whose gradients are added in
/// order: the sum is the same for any number of threads.
const PARTS: usize = 16;

/// Adds the gradient of samples `range` to `grad` (opening weights, then
/// endgame ones).
#[allow(clippy::too_many_arguments)]
fn gradient(
    data: &Dataset,
    range: core::ops::Range<usize>,
    mg: &[f64],
    eg: &[f64],
    s: f64,
    lambda: f64,
    full: i32,
    grad: &mut [f64],
) {
    let features = mg.len();
    for k in range {
        let p = f64::from(data.phase[k]) / f64::from(full);
        let e = eval(data, k, mg, eg, full);
        let g = (sigmoid(e / s) - target(data, k, s, lambda)) / s;
        for (i, x) in data.features(k) {
            grad[i] += g * x * p;
            grad[features + i] += g * x * (1.0 - p);
        }
    }
}

/// Fits the weights of model `M` to `data` (see the module
/// documentation), starting from `start`, with the scale `s`.
/// `report(epoch, loss)` is called every 50 epochs and at the end.
#[must_use]
pub fn fit<M: Model>(
    data: &Dataset,
    start: &Weights,
    s: f64,
    options: &FitOptions,
    mut report: impl FnMut(u32, f64),
) -> Weights {
    let features = M::FEATURES;
    let full = M::FULL_PHASE;
    let (mut mg, mut eg) = as_float(start);
    let n = data.len().max(1) as f64;
    // The gradients are small (divided by S and the sample count): a tiny
    // epsilon, so that rare features still move.
    let (b1, b2, eps) = (0.9, 0.999, 1e-15);
    let mut m = vec![0.0; 2 * features];
    let mut v = vec![0.0; 2 * features];
    let mut parts = vec![vec![0.0; 2 * features]; PARTS];
    let per_part = data.len().div_ceil(PARTS);
    let threads = options.threads.clamp(1, PARTS);
    for epoch in 0..options.epochs {
        if epoch % 50 == 0 {
            report(epoch, loss_float(data, &mg, &eg, s, options.lambda, full));
        }
        std::thread::scope(|scope| {
            let mut slots: Vec<Vec<(usize, &mut Vec<f64>)>> =
                (0..threads).map(|_| Vec::new()).collect();
            for (i, part) in parts.iter_mut().enumerate() {
                slots[i % threads].push((i, part));
            }
            let (mg, eg) = (&mg, &eg);
            for slot in slots {
                scope.spawn(move || {
                    for (i, grad) in slot {
                        grad.iter_mut().for_each(|g| *g = 0.0);
                        let range =
                            (i * per_part).min(data.len())..((i + 1) * per_part).min(data.len());
                        gradient(data, range, mg, eg, s, options.lambda, full, grad);
                    }
                });
            }
        });
        let t = f64::from(epoch + 1);
        let rate = options.rate
            * (0.1 + 0.9 * (1.0 - f64::from(epoch) / f64::from(options.epochs.max(1))));
        for i in 0..2 * features {
            let w = if i < features {
                &mut mg[i]
            } else {
                &mut eg[i - features]
            };
            let mut g = parts.iter().map(|p| p[i]).sum::<f64>() / n;
            if i % features < M::TABLES {
                g += options.l2 * *w;
            }
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            v[i] = b2 * v[i] + (1.0 - b2) * g * g;
            let mh = m[i] / (1.0 - b1.powf(t));
            let vh = v[i] / (1.0 - b2.powf(t));
            *w -= rate * mh / (vh.sqrt() + eps);
        }
    }
    let q = f64::from(options.scale);
    let round = |w: &[f64]| w.iter().map(|x| (x * q).round() as i32).collect();
    let out = Weights {
        mg: round(&mg),
        eg: round(&eg),
        scale: options.scale,
    };
    report(options.epochs, loss::<M>(data, &out, s, options.lambda));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tiny_run_is_deterministic_and_lowers_the_loss() {
        let data = play_games(start_position, &|_| None, 3, 0..2, 2, |_, _| {});
        assert!(data.len() > 20, "{} samples", data.len());
        let again = play_games(start_position, &|_| None, 3, 0..2, 2, |_, _| {});
        assert_eq!(data.index, again.index);
        assert_eq!(data.result, again.result);
        type P = tiers::Position;
        let start = P::handset_weights(8);
        let s = fit_scale::<P>(&data, &start);
        let options = FitOptions {
            epochs: 40,
            ..FitOptions::default()
        };
        let before = loss::<P>(&data, &start, s, options.lambda);
        let a = fit::<P>(&data, &start, s, &options, |_, _| {});
        // Another number of threads, the same weights.
        let three = FitOptions {
            threads: 3,
            ..options
        };
        let b = fit::<P>(&again, &start, s, &three, |_, _| {});
        assert_eq!(a, b);
        let after = loss::<P>(&data, &a, s, options.lambda);
        assert!(after < before, "loss {before} -> {after}");
    }

    #[test]
    fn known_positions_are_labelled_by_their_value_alone() {
        let few =
            |p: &checkers::Position| p.piece_count(Color::Red) + p.piece_count(Color::Black) <= 20;
        let known = |p: &checkers::Position| few(p).then_some(0.0);
        let data = play_games(checkers_start_position, &known, 5, 0..2, 2, |_, _| {});
        let labelled = (0..data.len())
            .filter(|&n| data.score[n] == -KNOWN_SCORE)
            .count();
        assert!(
            labelled > 0 && labelled < data.len(),
            "{labelled} of {}",
            data.len()
        );
        for n in 0..data.len() {
            if data.score[n] == -KNOWN_SCORE {
                assert_eq!(data.result[n], 0.0);
            } else {
                assert!(data.score[n].abs() < MATE_BOUND);
            }
        }
        // With S of any size, σ(score / S) is the value.
        assert!(
            target(
                &data,
                data.score.iter().position(|&x| x == -KNOWN_SCORE).unwrap(),
                500.0,
                0.5
            ) < 1e-9
        );
    }

    #[test]
    fn the_endgame_database_gives_win_draw_and_loss() {
        let dir = std::env::temp_dir().join(format!("tiers-train-egdb-{}", std::process::id()));
        crate::egdb::build(&dir, 3, |_| {}).unwrap();
        let db = crate::egdb::Egdb::open_dir(&dir).unwrap();
        let value = |t: &str| egdb_value(&db, &checkers::Position::parse(t).unwrap());
        assert_eq!(value("W:WK19,K23:BK32"), Some(1.0));
        assert_eq!(value("B:WK19,K23:BK32"), Some(0.0));
        assert_eq!(value("W:WK1:BK32"), Some(0.5));
        assert_eq!(value("W:W21,22,23,24:B1,2,3,4"), None);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn datasets_append_in_order() {
        let a = play_games(checkers_start_position, &|_| None, 5, 0..1, 1, |_, _| {});
        let b = play_games(checkers_start_position, &|_| None, 5, 1..2, 1, |_, _| {});
        let both = play_games(checkers_start_position, &|_| None, 5, 0..2, 1, |_, _| {});
        let mut joined = Dataset::default();
        joined.append(&a);
        joined.append(&b);
        assert_eq!(joined.index, both.index);
        assert_eq!(joined.start, both.start);
        assert_eq!(joined.score, both.score);
    }
}
