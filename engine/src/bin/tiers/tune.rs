//! `tiers tune <checkers|tiers> [--games N] [--seed S] [--level L] [--first-weight I]`: Texel
//! tuning of the evaluation weights on self-play positions.
//!
//! 1. Plays `N` games (default 200) between two copies of a noisy level
//!    (default 3, depth-limited, so it is fast and the games are varied),
//!    from the ACF ballots (checkers) or random formations (Tiers).
//! 2. Labels every quiet position (no capture for the side to move) with
//!    the game's result for its side to move: 1, ½ or 0.
//! 3. Picks the scale `K` that best fits the current weights, then changes
//!    one weight at a time by ±step (8, 4, 2, 1) while the mean squared
//!    error of `1 / (1 + 10^(-K·eval/400))` against the labels falls. The
//!    man weight stays 100: it is the unit. `--first-weight I` leaves
//!    weights 0..I as they are (e.g. 6 for Tiers: material by tier fixed,
//!    positional terms tuned).
//! 4. Prints the new weights as a Rust array to paste over `WEIGHTS` in
//!    engine/src/search/eval/checkers.rs or tiers.rs.
//! 5. Checks them by play: a match of the new weights against the current
//!    ones, both searching `--verify-depth` plies (default 6), over
//!    `--verify-games` games (default 312: every checkers ballot with both
//!    colours; for Tiers, presets then random formations). Paste the new
//!    weights only if they score more than half.

use std::sync::OnceLock;

use tiers_engine::search::eval::Linear;
use tiers_engine::search::{Level, SearchConfig, SearchLimits, Searcher};
use tiers_engine::{Game, GameKind};

use crate::{ballots, out, parse_number, starts::tiers_start_for_game};

struct Sample {
    features: Vec<i32>,
    fixed: i32,
    result: f64,
}

fn error(samples: &[Sample], weights: &[i32], k: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let e: i32 = s
                .features
                .iter()
                .zip(weights)
                .map(|(f, w)| f * w)
                .sum::<i32>()
                + s.fixed;
            let p = 1.0 / (1.0 + 10f64.powf(-k * f64::from(e) / 400.0));
            (s.result - p) * (s.result - p)
        })
        .sum();
    total / samples.len().max(1) as f64
}

fn self_play<P: Linear>(games: usize, level: Level, seed: u64) -> Result<Vec<Sample>, String> {
    let ballots = ballots::load();
    let mut samples = Vec::new();
    let mut searcher = Searcher::new(8);
    for g in 0..games {
        let start = match P::KIND {
            GameKind::Checkers => {
                let b = &ballots[g % ballots.len()];
                P::parse(&b.fen).map_err(|e| format!("ballot {}: {e}", b.number))?
            }
            GameKind::Tiers => {
                let (text, _) = tiers_start_for_game(seed.wrapping_add(g as u64));
                P::parse(&text).map_err(|e| format!("start `{text}`: {e}"))?
            }
        };
        let mut game = Game::new(start);
        let mut history = Vec::new();
        let mut seen = Vec::new();
        let mut moves = Vec::new();
        while game.outcome().is_none() && game.ply() < 400 {
            let pos = game.position().clone();
            moves.clear();
            pos.legal_moves(&mut moves);
            if !moves.iter().any(|m| pos.is_capture(m)) {
                seen.push(pos.clone());
            }
            let config = SearchConfig {
                limits: SearchLimits::depth(level.settings().max_depth),
                level,
                seed: seed ^ (g as u64) << 20 ^ game.ply() as u64,
            };
            let Some(r) = searcher.search(&pos, &history, &config, |_| {}) else {
                break;
            };
            history.push(pos.zobrist());
            game.play(r.best).map_err(|e| e.to_string())?;
        }
        let winner = game.outcome().and_then(|o| o.winner());
        for pos in seen {
            let result = match winner {
                None => 0.5,
                Some(c) if c == pos.side_to_move() => 1.0,
                Some(_) => 0.0,
            };
            let mut features = Vec::new();
            pos.features(&mut features);
            samples.push(Sample {
                features,
                fixed: pos.fixed(),
                result,
            });
        }
        if (g + 1) % 20 == 0 {
            out(format!(
                "played {} games, {} positions",
                g + 1,
                samples.len()
            ));
        }
    }
    Ok(samples)
}

/// Runs the tuner for `P` with the command-line options in `rest`.
pub fn run<P: Linear>(rest: &[String]) -> Result<(), String> {
    let mut games = 200;
    let mut seed = 1;
    let mut level = Level::new(3).expect("level 3 exists");
    let mut verify_depth = 6;
    let mut verify_games = 312;
    let mut first = 1;
    let opts = crate::options(
        rest,
        &[
            "--games",
            "--seed",
            "--level",
            "--verify-depth",
            "--verify-games",
            "--first-weight",
        ],
    )
    .map_err(|e| e.0)?;
    for (name, value) in opts {
        match name {
            "--games" => games = parse_number("games", value).map_err(|e| e.0)?,
            "--seed" => seed = parse_number("seed", value).map_err(|e| e.0)?,
            "--verify-depth" => {
                verify_depth = parse_number("verify-depth", value).map_err(|e| e.0)?
            }
            "--first-weight" => first = parse_number("first-weight", value).map_err(|e| e.0)?,
            "--verify-games" => {
                verify_games = parse_number("verify-games", value).map_err(|e| e.0)?
            }
            _ => level = crate::parse_level(value).map_err(|e| e.0)?,
        }
    }
    if games == 0 {
        return Err("games must be at least 1".into());
    }
    if first == 0 || first >= P::WEIGHTS.len() {
        return Err(format!(
            "first-weight must be from 1 to {} (weight 0, the man, is the unit)",
            P::WEIGHTS.len() - 1
        ));
    }
    if verify_depth == 0 {
        return Err("verify-depth must be at least 1".into());
    }
    let samples = self_play::<P>(games, level, seed)?;
    if samples.is_empty() {
        return Err("the games gave no quiet position to tune on".into());
    }
    let mut weights = P::WEIGHTS.to_vec();
    let mut k = 1.0;
    let mut best = error(&samples, &weights, k);
    // K on a logarithmic grid from 0.01 to about 4 (Tiers evaluations run
    // to thousands, so its best K is far below the checkers one).
    for i in 0..=60 {
        let candidate = 0.01 * 1.105_f64.powi(i);
        let e = error(&samples, &weights, candidate);
        if e < best {
            best = e;
            k = candidate;
        }
    }
    out(format!(
        "{} positions, K = {k:.3}, error before {best:.6}",
        samples.len()
    ));
    for step in [8, 4, 2, 1] {
        let mut improved = true;
        let mut passes = 0;
        while improved && passes < 20 {
            improved = false;
            passes += 1;
            for i in first..weights.len() {
                for delta in [step, -step] {
                    weights[i] += delta;
                    let e = error(&samples, &weights, k);
                    if e < best {
                        best = e;
                        improved = true;
                        break;
                    }
                    weights[i] -= delta;
                }
            }
        }
        out(format!("step {step}: error {best:.6}"));
    }
    for (name, w) in P::FEATURES.iter().zip(&weights) {
        out(format!("{name}: {w}"));
    }
    let list: Vec<String> = weights.iter().map(i32::to_string).collect();
    out(format!(
        "pub const WEIGHTS: [i32; {}] = [{}];",
        weights.len(),
        list.join(", ")
    ));
    if verify_games > 0 {
        let (w, d, l) = verify::<P>(weights, verify_games, verify_depth)?;
        let score = (2 * w + d) as f64 * 50.0 / (w + d + l).max(1) as f64;
        out(format!(
            "new weights against the current ones, {verify_games} games at depth {verify_depth}: {w}-{d}-{l} ({score:.1} %)"
        ));
    }
    Ok(())
}

/// The weights that [`Tuned`] positions are evaluated with (set once).
static TUNED: OnceLock<Vec<i32>> = OnceLock::new();

/// A position evaluated with the weights in [`TUNED`] instead of the
/// built-in ones; everything else is the game's own.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Tuned<P>(P);

tiers_engine::position_by_wrapping!(Tuned, Linear);

tiers_engine::evaluate_by_wrapping!(Tuned, Linear, |p| {
    let weights = TUNED.get().map_or(P::WEIGHTS, Vec::as_slice);
    p.evaluate_with(weights).clamp(-20_000, 20_000)
});

/// A match of `weights` against the built-in weights, both at `depth`:
/// W-D-L from the new weights' side.
fn verify<P: Linear>(
    weights: Vec<i32>,
    games: usize,
    depth: u32,
) -> Result<(u32, u32, u32), String> {
    TUNED
        .set(weights)
        .map_err(|_| "the tuned weights were already set".to_string())?;
    let ballots = ballots::load();
    let config = SearchConfig {
        limits: SearchLimits::depth(depth),
        level: Level::MAX,
        seed: 0,
    };
    let (mut w, mut d, mut l) = (0, 0, 0);
    let mut current = Searcher::new(8);
    let mut tuned = Searcher::new(8);
    for g in 0..games {
        let pair = g / 2;
        let start = match P::KIND {
            GameKind::Checkers => {
                let b = &ballots[pair % ballots.len()];
                P::parse(&b.fen).map_err(|e| format!("ballot {}: {e}", b.number))?
            }
            GameKind::Tiers => {
                let (text, _) = tiers_start_for_game(1 + pair as u64);
                P::parse(&text).map_err(|e| format!("start `{text}`: {e}"))?
            }
        };
        let tuned_color = if g % 2 == 0 {
            start.side_to_move()
        } else {
            start.side_to_move().opposite()
        };
        current.clear();
        tuned.clear();
        let mut game = Game::new(start);
        let mut history = Vec::new();
        while game.outcome().is_none() && game.ply() < 400 {
            let pos = game.position().clone();
            let best = if pos.side_to_move() == tuned_color {
                tuned
                    .search(&Tuned(pos.clone()), &history, &config, |_| {})
                    .map(|r| r.best)
            } else {
                current
                    .search(&pos, &history, &config, |_| {})
                    .map(|r| r.best)
            };
            let Some(mv) = best else { break };
            history.push(pos.zobrist());
            game.play(mv).map_err(|e| e.to_string())?;
        }
        match game.outcome().and_then(|o| o.winner()) {
            Some(c) if c == tuned_color => w += 1,
            Some(_) => l += 1,
            None => d += 1,
        }
    }
    Ok((w, d, l))
}
