//! `tiers puzzles`: generates puzzles from self-play games, and checks a
//! puzzle file (engine/src/puzzle.rs).

use std::sync::Arc;
use std::time::Instant;

use tiers_engine::egdb::Egdb;
use tiers_engine::puzzle::{self, GenConfig, Puzzle};
use tiers_engine::search::Level;
use tiers_engine::tiers::Formation;
use tiers_engine::{checkers, tiers, Color, GameKind, Position};

use super::ballots;

/// The packed endgame database made by `./dev build`, used by default for
/// checkers when it is there.
const DEFAULT_EGDB: &str = "assets/data/egdb/checkers-4.egdb";

pub const HELP: &str = "\
tiers puzzles  <checkers|tiers> --count N --out FILE [--seed S] [--level L] [--scan-depth D]
               [--verify-depth D] [--threshold T] [--margin M] [--egdb FILE | --no-egdb]
               finds N puzzles in the engine's games against itself at level L (default 4:
               it makes mistakes), checkers from the ACF ballots, Tiers from random
               formations: positions where one move beats every other by T/100 men
               (default 150) at depth D (default 10 checkers, 6 Tiers), kept only when
               `puzzles verify` at depth D and margin M (default 100) passes them, so the
               file verifies as written; the file is written after every puzzle found;
               FILE is the packed checkers endgame database (default
               assets/data/egdb/checkers-4.egdb when it exists)
tiers puzzles verify <checkers|tiers> FILE [--depth D] [--margin M] [--keep OUT] [--egdb FILE | --no-egdb]
               re-checks every puzzle of FILE with a fresh search: legal, and at each of the
               solver's moves with a choice the solution's move is best by M/100 men (default
               100) or the only win, at depth D (default 10 checkers, 6 Tiers); names every
               bad puzzle and exits 2 when there is one, or with --keep writes the good ones
               to OUT; the last line is `N puzzles verified in S s (FILE)`";

fn number<T: std::str::FromStr>(name: &str, v: &str) -> Result<T, String> {
    v.parse()
        .map_err(|_| format!("{name} must be a whole number, got `{v}`"))
}

/// The packed endgame database in `file` (default [`DEFAULT_EGDB`]); none,
/// with a note, when it is not there.
fn load_egdb(file: Option<String>) -> Result<Option<Arc<Egdb>>, String> {
    let path = file.unwrap_or_else(|| DEFAULT_EGDB.to_string());
    match std::fs::read(&path) {
        Ok(bytes) => Ok(Some(Arc::new(
            Egdb::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))?,
        ))),
        Err(e) => {
            eprintln!("tiers: no endgame database ({path}: {e}); going on without it");
            Ok(None)
        }
    }
}

pub fn run(args: &[String]) -> Result<(), String> {
    if args.first().map(String::as_str) == Some("verify") {
        return verify(&args[1..]);
    }
    let Some(game) = args.first() else {
        return Err("puzzles: missing the game: `checkers` or `tiers`".into());
    };
    let kind = GameKind::parse(game).map_err(|e| e.to_string())?;
    let mut count = None;
    let mut out = None;
    let mut seed = 1u64;
    let mut level = 4u8;
    let mut scan = None;
    let mut depth = None;
    let mut threshold = 150;
    let mut margin = 100;
    let mut egdb_file: Option<String> = None;
    let mut no_egdb = false;
    let mut i = 1;
    while i < args.len() {
        let name = args[i].as_str();
        if name == "--no-egdb" {
            no_egdb = true;
            i += 1;
            continue;
        }
        let value = args
            .get(i + 1)
            .ok_or_else(|| format!("option {name} needs a value"))?;
        match name {
            "--count" => count = Some(number::<usize>("count", value)?),
            "--out" => out = Some(value.clone()),
            "--seed" => seed = number("seed", value)?,
            "--level" => level = number("level", value)?,
            "--scan-depth" => scan = Some(number::<u32>("scan-depth", value)?),
            "--verify-depth" => depth = Some(number::<u32>("verify-depth", value)?),
            "--threshold" => threshold = number("threshold", value)?,
            "--margin" => margin = number("margin", value)?,
            "--egdb" => egdb_file = Some(value.clone()),
            _ => return Err(format!("puzzles: unknown option `{name}`")),
        }
        i += 2;
    }
    let count = count.ok_or("puzzles needs --count N")?;
    let out = out.ok_or("puzzles needs --out FILE")?;
    let play_level = Level::playing(level).ok_or(format!("level must be 1-8, got {level}"))?;
    let (scan_def, depth_def) = match kind {
        GameKind::Checkers => (8, 10),
        GameKind::Tiers => (4, 6),
    };
    let config = GenConfig {
        count,
        seed,
        play_level,
        scan_depth: scan.unwrap_or(scan_def),
        verify_depth: depth.unwrap_or(depth_def),
        threshold,
        margin,
        max_plies: 160,
        max_games: 100_000,
        prefix: if kind == GameKind::Checkers { 'c' } else { 't' },
    };
    let egdb = if kind == GameKind::Checkers && !no_egdb {
        load_egdb(egdb_file)?
    } else {
        None
    };
    let header = format!(
        "# {} puzzles: id | position | solution | rating | themes\n# made by: tiers puzzles {} --count {count} --seed {seed} --level {level} --scan-depth {} --verify-depth {} --threshold {threshold} --margin {margin}{}\n# each one passed: tiers puzzles verify {} FILE --depth {} --margin {margin}\n",
        kind.name(),
        kind.name(),
        config.scan_depth,
        config.verify_depth,
        if egdb.is_some() { " (with the 4-piece endgame database)" } else { "" },
        kind.name(),
        config.verify_depth,
    );
    let started = Instant::now();
    let mut lines: Vec<String> = Vec::new();
    let mut write = |p: &Puzzle, s: &puzzle::GenStats| -> Result<(), String> {
        lines.push(p.to_line());
        let text = format!("{header}{}\n", lines.join("\n"));
        std::fs::write(&out, text).map_err(|e| format!("{out}: {e}"))?;
        eprintln!(
            "{} after {:.0} s: {} games, {} positions scanned, {} checked, {} refused by verify",
            p.id,
            started.elapsed().as_secs_f64(),
            s.games,
            s.scanned,
            s.candidates,
            s.refused
        );
        Ok(())
    };
    let mut failed = None;
    let on_found = |p: &Puzzle, s: &puzzle::GenStats| {
        if failed.is_none() {
            if let Err(e) = write(p, s) {
                failed = Some(e);
            }
        }
    };
    let stats = match kind {
        GameKind::Checkers => {
            let list = ballots::load();
            puzzle::generate(
                &config,
                egdb,
                |g| {
                    let b = &list[(g as usize) % list.len()];
                    checkers::Position::parse(&b.fen).expect("the ballots are good FENs")
                },
                on_found,
            )
            .1
        }
        GameKind::Tiers => {
            puzzle::generate(
                &config,
                None,
                |g| {
                    let s = seed.wrapping_mul(1_000_003).wrapping_add(g);
                    let red = Formation::random(Color::Red, s.wrapping_mul(2));
                    let black = Formation::random(Color::Black, s.wrapping_mul(2).wrapping_add(1));
                    tiers::Position::from_formations(&red, &black)
                },
                on_found,
            )
            .1
        }
    };
    if let Some(e) = failed {
        return Err(e);
    }
    println!(
        "{} puzzles in {:.0} s ({} games, {} positions scanned, {} checked, {} refused by verify) -> {out}",
        stats.found,
        started.elapsed().as_secs_f64(),
        stats.games,
        stats.scanned,
        stats.candidates,
        stats.refused
    );
    Ok(())
}

fn verify(args: &[String]) -> Result<(), String> {
    let [game, file, rest @ ..] = args else {
        return Err(
            "puzzles verify <checkers|tiers> FILE [--depth D] [--margin M] [--keep OUT] [--egdb FILE | --no-egdb]"
                .into(),
        );
    };
    let kind = GameKind::parse(game).map_err(|e| e.to_string())?;
    let mut depth = None;
    let mut margin = 100;
    let mut keep = None;
    let mut egdb_file = None;
    let mut no_egdb = false;
    let mut i = 0;
    while i < rest.len() {
        let name = rest[i].as_str();
        if name == "--no-egdb" {
            no_egdb = true;
            i += 1;
            continue;
        }
        let value = rest
            .get(i + 1)
            .ok_or_else(|| format!("option {name} needs a value"))?;
        match name {
            "--depth" => depth = Some(number::<u32>("depth", value)?),
            "--margin" => margin = number("margin", value)?,
            "--keep" => keep = Some(value.clone()),
            "--egdb" => egdb_file = Some(value.clone()),
            _ => return Err(format!("puzzles verify: unknown option `{name}`")),
        }
        i += 2;
    }
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let list = puzzle::read(&text).map_err(|e| format!("{file}: {e}"))?;
    let egdb = if kind == GameKind::Checkers && !no_egdb {
        load_egdb(egdb_file)?
    } else {
        None
    };
    let depth = depth.unwrap_or(if kind == GameKind::Checkers { 10 } else { 6 });
    let started = Instant::now();
    let mut searcher = puzzle::verifier(egdb);
    let mut kept = Vec::new();
    let mut bad = 0;
    for p in &list {
        let result = match kind {
            GameKind::Checkers => {
                puzzle::confirm::<checkers::Position>(&mut searcher, p, depth, margin)
            }
            GameKind::Tiers => puzzle::confirm::<tiers::Position>(&mut searcher, p, depth, margin),
        };
        match result {
            Ok(()) => kept.push(p.to_line()),
            Err(e) => {
                bad += 1;
                eprintln!("{}: {e}", if keep.is_some() { "dropped" } else { "bad" });
            }
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    if let Some(out) = keep {
        let comments: String = text
            .lines()
            .take_while(|l| l.starts_with('#'))
            .map(|l| format!("{l}\n"))
            .collect();
        let body = format!(
            "{comments}# confirmed by: tiers puzzles verify {} FILE --depth {depth} --margin {margin} --keep OUT ({} of {} kept)\n{}\n",
            kind.name(),
            kept.len(),
            list.len(),
            kept.join("\n")
        );
        std::fs::write(&out, body).map_err(|e| format!("{out}: {e}"))?;
    } else if bad > 0 {
        return Err(format!(
            "{file}: {bad} of {} puzzles do not hold (named above) at depth {depth}, margin {margin}; drop them with --keep OUT or make the file again with `tiers puzzles` (see docs/content-formats.md)",
            list.len()
        ));
    }
    println!("{} puzzles verified in {seconds:.1} s ({file})", kept.len());
    Ok(())
}
