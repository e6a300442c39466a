//! `tiers train <tiers|checkers> [--games N] [--seed S] [--depth D]
//! [--threads T] [--epochs E] [--lambda L] [--out FILE] [--data FILE]
//! [--egdb DIR]`:
//! regenerates a learned evaluation's weights file (see
//! `tiers_engine::search::train`).
//!
//! Plays N games (Tiers: default 3000 from random formations; checkers:
//! default 20000 from a few random moves), each side searching D plies
//! (default 4; checkers 6) with the hand-set evaluation, spread over T
//! threads (default 1; the games and so the weights are the same for any
//! T), fits the weights and writes them to FILE (default
//! `engine/data/eval/<game>.weights`). With `--egdb DIR` (checkers), a
//! position the endgame database in DIR holds is labelled by its value.
//!
//! `tiers train checkers --samples FILE [--threads T] [--epochs E]
//! [--lambda L] [--out FILE]` fits the checkers weights to the positions of
//! a `tiers train nnue` data file instead of playing games.

use std::sync::Mutex;

use tiers_engine::egdb::Egdb;
use tiers_engine::search::eval::learned::checkers::WEIGHTS_FILE;
use tiers_engine::search::eval::learned::{Model, Weights};
use tiers_engine::search::train::{
    checkers_start_position, egdb_value, fit, fit_scale, loss, play_games, start_position, Dataset,
    FitOptions,
};
use tiers_engine::search::train_nnue::pattern_dataset;
use tiers_engine::{checkers, tiers};

use crate::{out, parse_number};

/// Runs `tiers train` with the arguments after `train`.
pub fn run(args: &[String]) -> Result<(), String> {
    if args.first().map(String::as_str) == Some("nnue") {
        return crate::train_nnue::run(&args[1..]);
    }
    let (rest, egdb_dir) = take_value(args.get(1..).unwrap_or_default(), "--egdb")?;
    let (rest, samples) = take_value(&rest, "--samples")?;
    match args.first().map(String::as_str) {
        Some("checkers") if samples.is_some() && egdb_dir.is_some() => Err(
            "train: --samples FILE is labelled already (the database was used when it was made): no --egdb".into(),
        ),
        Some("checkers") if samples.is_some() => {
            from_samples(&rest, samples.as_deref().unwrap_or_default())
        }
        Some(_) if samples.is_some() => {
            Err("train: --samples is for checkers (tiers train nnue's data file)".into())
        }
        Some("tiers") if egdb_dir.is_some() => {
            Err("train: --egdb is for checkers (Tiers has no endgame database)".into())
        }
        Some("tiers") => train::<tiers::Position>(&rest, start_position, &|_| None, "", 3000, 4),
        Some("checkers") => {
            let db = match &egdb_dir {
                Some(d) => Some(
                    Egdb::open_dir(std::path::Path::new(d))
                        .map_err(|e| format!("--egdb {d}: {e}"))?,
                ),
                None => None,
            };
            let made = db
                .as_ref()
                .map(|d| format!(" --egdb DIR (2-{} pieces)", d.max_pieces()))
                .unwrap_or_default();
            let known = |pos: &checkers::Position| db.as_ref().and_then(|db| egdb_value(db, pos));
            train::<checkers::Position>(&rest, checkers_start_position, &known, &made, 20_000, 6)
        }
        _ => Err("train needs the game: `tiers train <tiers|checkers|nnue> ...`".into()),
    }
}

/// `args` without `name VALUE`, and the value.
fn take_value(args: &[String], name: &str) -> Result<(Vec<String>, Option<String>), String> {
    let mut rest = Vec::new();
    let mut value = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == name {
            value = Some(
                it.next()
                    .ok_or_else(|| format!("{name} needs a value"))?
                    .clone(),
            );
        } else {
            rest.push(a.clone());
        }
    }
    Ok((rest, value))
}

fn train<M: Model + Send>(
    args: &[String],
    start: fn(u64, u64) -> M,
    known: &(dyn Fn(&M) -> Option<f32> + Sync),
    made: &str,
    mut games: u64,
    mut depth: u32,
) -> Result<(), String> {
    let name = M::KIND.name();
    let mut seed: u64 = 1;
    let mut threads: u64 = 1;
    let mut options = FitOptions::default();
    let mut path = format!("engine/data/eval/{name}.weights");
    let mut data_path: Option<String> = None;
    let opts = crate::options(
        args,
        &[
            "--games",
            "--seed",
            "--depth",
            "--threads",
            "--epochs",
            "--lambda",
            "--out",
            "--data",
        ],
    )
    .map_err(|e| e.0)?;
    for (name, value) in opts {
        let num = |what| parse_number::<u64>(what, value).map_err(|e| e.0);
        match name {
            "--games" => games = num("games")?,
            "--seed" => seed = num("seed")?,
            "--depth" => depth = num("depth")? as u32,
            "--threads" => threads = num("threads")?,
            "--epochs" => options.epochs = num("epochs")? as u32,
            "--lambda" => options.lambda = parse_lambda(value)?,
            "--data" => data_path = Some(value.to_string()),
            _ => path = value.to_string(),
        }
    }
    if games == 0 || depth == 0 || threads == 0 {
        return Err("games, depth and threads must be at least 1".into());
    }
    let clock = web_time::Instant::now();
    options.threads = threads as usize;
    out(format!(
        "train {name}: {games} games at depth {depth}, seed {seed}, {threads} threads"
    ));
    let cached = data_path.as_deref().and_then(|p| std::fs::read(p).ok());
    let data = match cached.as_deref().map(read_data) {
        Some(Some(d)) => {
            out(format!("{} positions read from the cache", d.len()));
            d
        }
        _ => {
            let d = generate(start, known, games, seed, depth, threads, clock);
            if let Some(p) = &data_path {
                std::fs::write(p, write_data(&d)).map_err(|e| format!("{p}: {e}"))?;
            }
            d
        }
    };
    let made = format!("--games {games} --seed {seed} --depth {depth}{made}");
    fit_and_write::<M>(&data, &options, &made, &path, clock, None)
}

/// `tiers train checkers --samples FILE`: the pattern evaluation fitted to
/// the positions of a `tiers train nnue --data FILE` file (deeper searches
/// with the learned evaluation, and the database that file was made with)
/// instead of games of its own.
fn from_samples(args: &[String], file: &str) -> Result<(), String> {
    let mut options = FitOptions::default();
    let mut path = "engine/data/eval/checkers.weights".to_string();
    let opts =
        crate::options(args, &["--threads", "--epochs", "--lambda", "--out"]).map_err(|e| {
            format!(
                "{} (with --samples only --threads, --epochs, --lambda and --out)",
                e.0
            )
        })?;
    for (name, value) in opts {
        let num = |what| parse_number::<u64>(what, value).map_err(|e| e.0);
        match name {
            "--threads" => options.threads = num("threads")? as usize,
            "--epochs" => options.epochs = num("epochs")? as u32,
            "--lambda" => options.lambda = parse_lambda(value)?,
            _ => path = value.to_string(),
        }
    }
    if options.threads == 0 {
        return Err("threads must be at least 1".into());
    }
    let clock = web_time::Instant::now();
    let bytes = std::fs::read(file).map_err(|e| format!("--samples {file}: {e}"))?;
    let (games, samples) = crate::train_nnue::read_data(&bytes)
        .ok_or_else(|| format!("--samples {file}: not a data file of tiers train nnue"))?;
    out(format!(
        "train checkers: {} samples of {games} games from {file}",
        samples.len()
    ));
    let data = pattern_dataset(&samples);
    drop(samples);
    let name = std::path::Path::new(file)
        .file_name()
        .map_or(file.into(), |n| n.to_string_lossy());
    let made = format!("--samples {name} (tiers train nnue, {games} games)");
    // The committed weights' loss on the same positions, to compare.
    let committed = Weights::parse::<checkers::Position>(WEIGHTS_FILE).ok();
    fit_and_write::<checkers::Position>(&data, &options, &made, &path, clock, committed.as_ref())
}

fn parse_lambda(value: &str) -> Result<f64, String> {
    value
        .parse::<f64>()
        .ok()
        .filter(|l| (0.0..=1.0).contains(l))
        .ok_or_else(|| format!("lambda must be from 0 to 1, got `{value}`"))
}

fn generate<M: Model + Send>(
    start: fn(u64, u64) -> M,
    known: &(dyn Fn(&M) -> Option<f32> + Sync),
    games: u64,
    seed: u64,
    depth: u32,
    threads: u64,
    clock: web_time::Instant,
) -> Dataset {
    let done = Mutex::new(0u64);
    let chunk = games.div_ceil(threads);
    let parts: Vec<Dataset> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let range = (t * chunk).min(games)..((t + 1) * chunk).min(games);
                let done = &done;
                s.spawn(move || {
                    play_games(start, known, seed, range, depth, |_, _| {
                        let mut d = done.lock().unwrap_or_else(|e| e.into_inner());
                        *d += 1;
                        if (*d).is_multiple_of(100) {
                            out(format!(
                                "played {d} games ({:.0} s)",
                                clock.elapsed().as_secs_f64()
                            ));
                        }
                    })
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_default())
            .collect()
    });
    let mut data = Dataset::default();
    for p in &parts {
        data.append(p);
    }
    data
}

/// A cache of the labelled positions (`--data FILE`): little-endian
/// arrays, for refitting without replaying the games.
fn write_data(d: &Dataset) -> Vec<u8> {
    let mut b = Vec::new();
    b.extend_from_slice(b"TDATA1");
    for n in [d.index.len(), d.len()] {
        b.extend_from_slice(&(n as u64).to_le_bytes());
    }
    d.index
        .iter()
        .for_each(|x| b.extend_from_slice(&x.to_le_bytes()));
    d.value
        .iter()
        .for_each(|x| b.extend_from_slice(&x.to_le_bytes()));
    d.start
        .iter()
        .for_each(|x| b.extend_from_slice(&x.to_le_bytes()));
    b.extend_from_slice(&d.phase);
    d.result
        .iter()
        .for_each(|x| b.extend_from_slice(&x.to_le_bytes()));
    d.score
        .iter()
        .for_each(|x| b.extend_from_slice(&x.to_le_bytes()));
    b
}

fn read_data(b: &[u8]) -> Option<Dataset> {
    let mut at = 6;
    if b.get(..6)? != b"TDATA1" {
        return None;
    }
    let mut take = |n: usize| -> Option<&[u8]> {
        let s = b.get(at..at + n)?;
        at += n;
        Some(s)
    };
    let u64_of = |s: &[u8]| u64::from_le_bytes(s.try_into().unwrap_or([0; 8])) as usize;
    let entries = u64_of(take(8)?);
    let samples = u64_of(take(8)?);
    let index = take(2 * entries)?
        .chunks(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect();
    let value = take(4 * entries)?
        .chunks(4)
        .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let start = take(4 * (samples + 1))?
        .chunks(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let phase = take(samples)?.to_vec();
    let result = take(4 * samples)?
        .chunks(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let score = take(4 * samples)?
        .chunks(4)
        .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    Some(Dataset {
        index,
        value,
        start,
        phase,
        result,
        score,
    })
}

fn fit_and_write<M: Model>(
    data: &Dataset,
    options: &FitOptions,
    made: &str,
    path: &str,
    clock: web_time::Instant,
    committed: Option<&Weights>,
) -> Result<(), String> {
    let played = clock.elapsed().as_secs_f64();
    out(format!(
        "{} positions ({made}) in {played:.0} s",
        data.len()
    ));
    if data.is_empty() {
        return Err("the games gave no position to train on".into());
    }
    let start = M::handset_weights(options.scale);
    let s = fit_scale::<M>(data, &start);
    out(format!(
        "scale S = {s:.1}, hand-set loss {:.6}",
        loss::<M>(data, &start, s, options.lambda)
    ));
    if let Some(w) = committed {
        out(format!(
            "the committed weights' loss {:.6}",
            loss::<M>(data, w, s, options.lambda)
        ));
    }
    let weights = fit::<M>(data, &start, s, options, |epoch, l| {
        out(format!("epoch {epoch}: loss {l:.6}"));
    });
    let total = clock.elapsed().as_secs_f64();
    let name = M::KIND.name();
    let comment = format!(
        "Learned {name} evaluation (engine/src/search/eval/learned/{name}.rs).\n\
         Made by: tiers train {name} {made} --epochs {} --lambda {}\n\
         {} positions; scale S = {s:.1}",
        options.epochs,
        options.lambda,
        data.len()
    );
    std::fs::write(path, weights.to_file::<M>(&comment)).map_err(|e| format!("{path}: {e}"))?;
    out(format!(
        "wrote {path} ({total:.0} s: {played:.0} s for the positions, {:.0} s of fitting)",
        total - played
    ));
    Ok(())
}
