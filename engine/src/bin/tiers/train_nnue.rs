//! `tiers train nnue [--games N] [--seed S] [--depth D] [--threads T]
//! [--data FILE] [--egdb DIR] [--hidden H] [--epochs E] [--lambda L]
//! [--scale S] [--rate R] [--batch B] [--out FILE]`: the neural checkers
//! evaluation (`tiers_engine::search::train_nnue`).
//!
//! Plays N games (default 30000) from a few random moves, each side
//! searching D plies (default 7) with the learned pattern evaluation, in
//! blocks of 500 games spread over T threads (the same samples for any
//! T); with `--data FILE` the samples are kept in FILE after each block,
//! and a run that finds FILE goes on from the block it ends with (or
//! only fits, when FILE holds all N games). Then fits the network and
//! writes it to FILE (default `engine/data/eval/checkers.nnue`).

use std::io::Write;
use std::sync::Mutex;

use tiers_engine::egdb::{Egdb, Value};
use tiers_engine::search::train_nnue::{fit, play_games, FitOptions, Sample, SAMPLE_BYTES};

use crate::{out, parse_number};

const MAGIC: &[u8; 6] = b"TNNUE1";
const BLOCK: u64 = 500;

/// Runs `tiers train nnue` with the arguments after `nnue`.
pub fn run(args: &[String]) -> Result<(), String> {
    let mut games: u64 = 30_000;
    let mut seed: u64 = 1;
    let mut depth: u32 = 7;
    let mut threads: usize = 1;
    let mut data_path: Option<String> = None;
    let mut egdb_dir: Option<String> = None;
    let mut path = "engine/data/eval/checkers.nnue".to_string();
    let mut options = FitOptions::default();
    let opts = crate::options(
        args,
        &[
            "--games",
            "--seed",
            "--depth",
            "--threads",
            "--data",
            "--egdb",
            "--hidden",
            "--epochs",
            "--lambda",
            "--scale",
            "--rate",
            "--batch",
            "--out",
        ],
    )
    .map_err(|e| e.0)?;
    let float = |name: &str, value: &str, range: core::ops::RangeInclusive<f32>| {
        value
            .parse::<f32>()
            .ok()
            .filter(|x| range.contains(x))
            .ok_or_else(|| {
                format!(
                    "{name} must be a number from {} to {}, got `{value}`",
                    range.start(),
                    range.end()
                )
            })
    };
    for (name, value) in opts {
        let num = |what| parse_number::<u64>(what, value).map_err(|e| e.0);
        match name {
            "--games" => games = num("games")?,
            "--seed" => seed = num("seed")?,
            "--depth" => depth = num("depth")? as u32,
            "--threads" => threads = num("threads")? as usize,
            "--data" => data_path = Some(value.to_string()),
            "--egdb" => egdb_dir = Some(value.to_string()),
            "--hidden" => options.hidden = num("hidden")? as usize,
            "--epochs" => options.epochs = num("epochs")? as u32,
            "--batch" => options.batch = num("batch")? as usize,
            "--lambda" => options.lambda = float("lambda", value, 0.0..=1.0)?,
            "--scale" => options.scale = float("scale", value, 10.0..=1000.0)?,
            "--rate" => options.rate = float("rate", value, 1e-6..=1.0)?,
            _ => path = value.to_string(),
        }
    }
    if games == 0 || depth == 0 || threads == 0 || options.epochs == 0 || options.batch == 0 {
        return Err("games, depth, threads, epochs and batch must be at least 1".into());
    }
    if options.hidden == 0 || options.hidden % 8 != 0 || options.hidden > 1024 {
        return Err(format!(
            "hidden must be a multiple of 8 up to 1024, got {}",
            options.hidden
        ));
    }
    options.threads = threads;
    let db = match &egdb_dir {
        Some(d) => {
            Some(Egdb::open_dir(std::path::Path::new(d)).map_err(|e| format!("--egdb {d}: {e}"))?)
        }
        None => None,
    };
    let known = |pos: &tiers_engine::checkers::Position| {
        db.as_ref().and_then(|db| db.probe(pos)).map(|v| match v {
            Value::Win(_) => 2,
            Value::Draw => 1,
            Value::Loss(_) => 0,
        })
    };
    let clock = web_time::Instant::now();
    out(format!(
        "train nnue: {games} games at depth {depth}, seed {seed}, {threads} threads{}",
        db.as_ref()
            .map(|d| format!(", endgame database of {} pieces", d.max_pieces()))
            .unwrap_or_default()
    ));
    let (mut done, mut samples) = match data_path.as_deref().and_then(|p| std::fs::read(p).ok()) {
        Some(bytes) => {
            let (g, s) =
                read_data(&bytes).ok_or("the data file is damaged: remove it to start again")?;
            out(format!(
                "{} samples of {g} games read from the data file",
                s.len()
            ));
            (g, s)
        }
        None => (0, Vec::new()),
    };
    if done > games {
        return Err(format!(
            "the data file holds {done} games, more than the {games} asked for"
        ));
    }
    while done < games {
        let end = (done + BLOCK).min(games);
        let block = generate(&known, seed, done..end, depth, threads);
        samples.extend(block);
        done = end;
        if let Some(p) = &data_path {
            write_data(p, done, &samples)?;
        }
        out(format!(
            "played {done} games, {} samples ({:.0} s)",
            samples.len(),
            clock.elapsed().as_secs_f64()
        ));
    }
    let egdb_note = db
        .as_ref()
        .map(|d| format!(" --egdb DIR ({} pieces)", d.max_pieces()))
        .unwrap_or_default();
    let net = fit(&samples, &options, |epoch, train, held| {
        out(format!(
            "epoch {epoch}: loss {train:.6}, held out {held:.6} ({:.0} s)",
            clock.elapsed().as_secs_f64()
        ));
    });
    let bytes = net.to_file();
    std::fs::write(&path, &bytes).map_err(|e| format!("cannot write {path}: {e}"))?;
    out(format!(
        "wrote {path}: {} bytes (hidden {}, scale {}; made by `tiers train nnue --games {games} --seed {seed} --depth {depth}{egdb_note} --hidden {} --epochs {} --lambda {} --scale {} --rate {} --batch {}`) in {:.0} s",
        bytes.len(),
        net.hidden,
        net.scale,
        options.hidden,
        options.epochs,
        options.lambda,
        options.scale,
        options.rate,
        options.batch,
        clock.elapsed().as_secs_f64()
    ));
    Ok(())
}

/// Games `range` on `threads` threads, each a slice of the range; the
/// samples in game order.
fn generate(
    known: &(dyn Fn(&tiers_engine::checkers::Position) -> Option<u8> + Sync),
    seed: u64,
    range: core::ops::Range<u64>,
    depth: u32,
    threads: usize,
) -> Vec<Sample> {
    let n = range.end - range.start;
    let chunk = n.div_ceil(threads as u64);
    let parts = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for t in 0..threads as u64 {
            let from = range.start + (t * chunk).min(n);
            let to = range.start + ((t + 1) * chunk).min(n);
            let parts = &parts;
            s.spawn(move || {
                let samples = play_games(known, seed, from..to, depth, |_, _| {});
                parts
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .push((t, samples));
            });
        }
    });
    let mut parts = parts
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    parts.sort_by_key(|(t, _)| *t);
    parts.into_iter().flat_map(|(_, s)| s).collect()
}

fn write_data(path: &str, games: u64, samples: &[Sample]) -> Result<(), String> {
    let tmp = format!("{path}.tmp");
    let mut f =
        std::io::BufWriter::new(std::fs::File::create(&tmp).map_err(|e| format!("{tmp}: {e}"))?);
    let mut put = |b: &[u8]| f.write_all(b).map_err(|e| format!("{tmp}: {e}"));
    put(MAGIC)?;
    put(&games.to_le_bytes())?;
    put(&(samples.len() as u64).to_le_bytes())?;
    for s in samples {
        put(&s.to_bytes())?;
    }
    f.flush().map_err(|e| format!("{tmp}: {e}"))?;
    drop(f);
    std::fs::rename(&tmp, path).map_err(|e| format!("{path}: {e}"))
}

/// The games and samples of a data file (`--data FILE`); `None` when the
/// bytes are not one.
pub fn read_data(b: &[u8]) -> Option<(u64, Vec<Sample>)> {
    if b.get(..6)? != MAGIC {
        return None;
    }
    let word = |at: usize| Some(u64::from_le_bytes(b.get(at..at + 8)?.try_into().ok()?));
    let games = word(6)?;
    let count = usize::try_from(word(14)?).ok()?;
    let body = b.get(22..)?;
    if body.len() != count.checked_mul(SAMPLE_BYTES)? {
        return None;
    }
    let samples = body
        .chunks_exact(SAMPLE_BYTES)
        .map(Sample::from_bytes)
        .collect::<Option<Vec<_>>>()?;
    Some((games, samples))
}
