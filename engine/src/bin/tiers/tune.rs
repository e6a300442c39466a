//! `tiers tune <checkers|tiers> [--games N] [--seed S] [--level L]`: Texel
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
//!    man weight stays 100: it is the unit.
//! 4. Prints the new weights as a Rust array to paste over `WEIGHTS` in
//!    engine/src/search/eval/checkers.rs or tiers.rs.

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
    let opts = crate::options(rest, &["--games", "--seed", "--level"]).map_err(|e| e.0)?;
    for (name, value) in opts {
        match name {
            "--games" => games = parse_number("games", value).map_err(|e| e.0)?,
            "--seed" => seed = parse_number("seed", value).map_err(|e| e.0)?,
            _ => level = crate::parse_level(value).map_err(|e| e.0)?,
        }
    }
    if games == 0 {
        return Err("games must be at least 1".into());
    }
    let samples = self_play::<P>(games, level, seed)?;
    if samples.is_empty() {
        return Err("the games gave no quiet position to tune on".into());
    }
    let mut weights = P::WEIGHTS.to_vec();
    let mut k = 1.0;
    let mut best = error(&samples, &weights, k);
    for i in 1..=40 {
        let candidate = f64::from(i) * 0.1;
        let e = error(&samples, &weights, candidate);
        if e < best {
            best = e;
            k = candidate;
        }
    }
    out(format!(
        "{} positions, K = {k:.1}, error before {best:.6}",
        samples.len()
    ));
    for step in [8, 4, 2, 1] {
        let mut improved = true;
        let mut passes = 0;
        while improved && passes < 20 {
            improved = false;
            passes += 1;
            for i in 1..weights.len() {
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
    Ok(())
}
