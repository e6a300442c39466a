//! `tiers egdb`: build, probe, verify and pack the checkers endgame
//! databases (engine/src/egdb).

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use tiers_engine::egdb::{self, count_positions, BuildEvent, Egdb, VerifyEvent, MAX_BUILD_PIECES};
use tiers_engine::{checkers, Position};
use web_time::Instant;

/// The usage lines of `tiers egdb`.
pub const HELP: &str = "\
tiers egdb build  --pieces N [--out DIR]   solve every position with 2..N pieces into DIR
                  (default: the cache directory); a progress bar on stderr, each slice's
                  time and size on stdout; slices already built are kept
tiers egdb probe  DIR <FEN>                win, loss or draw for the side to move, with the
                  distance in plies (`win 23`), or `unknown` outside the database
tiers egdb verify DIR [--pieces N]         re-derives every stored value from its moves;
                  prints the positions checked and the inconsistencies (exit 2 on any)
tiers egdb pack   --pieces N --out FILE [--dir DIR]   every slice with at most N pieces
                  as one file for Egdb::from_bytes (the browser), built into DIR first
                  if missing; prints its size and its gzipped size
DIR defaults to $XDG_CACHE_HOME/tiers/egdb (or ~/.cache/tiers/egdb).";

/// Runs `tiers egdb ...`; errors are one line.
pub fn run(args: &[String]) -> Result<(), String> {
    let Some((sub, rest)) = args.split_first() else {
        return Err("egdb needs a subcommand: build, probe, verify or pack".into());
    };
    match sub.as_str() {
        "build" => build(rest),
        "probe" => probe(rest),
        "verify" => verify(rest),
        "pack" => pack(rest),
        other => Err(format!(
            "unknown egdb subcommand `{other}` (expected build, probe, verify or pack)"
        )),
    }
}

fn default_dir() -> Result<PathBuf, String> {
    egdb::default_dir()
        .ok_or_else(|| "no cache directory (set XDG_CACHE_HOME or HOME), give one".to_string())
}

/// `--name value` pairs; every name must be in `known`.
fn options<'a>(rest: &'a [String], known: &[&str]) -> Result<Vec<(&'a str, &'a str)>, String> {
    crate::options(rest, known).map_err(|e| e.0)
}

fn parse_pieces(text: &str) -> Result<u32, String> {
    let n: u32 = text
        .parse()
        .map_err(|_| format!("pieces must be a number, got `{text}`"))?;
    if !(2..=MAX_BUILD_PIECES).contains(&n) {
        return Err(format!(
            "pieces must be from 2 to {MAX_BUILD_PIECES}, got {n}"
        ));
    }
    Ok(n)
}

fn mb(bytes: u64) -> String {
    format!("{:.2} MB", bytes as f64 / 1e6)
}

/// A progress bar on stderr when it is a terminal, redrawn at most every
/// 200 ms.
struct Bar {
    label: String,
    last: Option<Instant>,
    started: Instant,
    shown: bool,
}

impl Bar {
    fn new(label: String) -> Bar {
        Bar {
            label,
            last: None,
            started: Instant::now(),
            shown: std::io::stderr().is_terminal(),
        }
    }

    fn draw(&mut self, done: u64, total: u64) {
        if !self.shown {
            return;
        }
        let now = Instant::now();
        if self
            .last
            .is_some_and(|t| now.duration_since(t).as_millis() < 200)
            && done < total
        {
            return;
        }
        self.last = Some(now);
        let frac = if total == 0 {
            1.0
        } else {
            done as f64 / total as f64
        };
        let filled = (frac * 30.0) as usize;
        let mut err = std::io::stderr().lock();
        let _ = write!(
            err,
            "\r{:<14} [{}{}] {:5.1}% {:6.1} s",
            self.label,
            "#".repeat(filled),
            " ".repeat(30 - filled),
            frac * 100.0,
            self.started.elapsed().as_secs_f64()
        );
        let _ = err.flush();
    }

    fn clear(&self) {
        if !self.shown {
            return;
        }
        let mut err = std::io::stderr().lock();
        let _ = write!(err, "\r{:70}\r", "");
        let _ = err.flush();
    }
}

/// Builds into `dir`, printing each slice (and a bar on stderr) when `loud`.
fn build_into(dir: &Path, pieces: u32, loud: bool) -> Result<(), String> {
    let mut bar: Option<Bar> = None;
    let total = Instant::now();
    egdb::build(dir, pieces, |event| match event {
        BuildEvent::Start {
            material,
            positions: _,
        } => bar = Some(Bar::new(material.name())),
        BuildEvent::Progress { done, total } => {
            if let Some(b) = bar.as_mut() {
                b.draw(done, total);
            }
        }
        BuildEvent::Written {
            material,
            positions,
            seconds,
            bytes,
            longest,
        } => {
            if let Some(b) = bar.as_ref() {
                b.clear();
            }
            if loud {
                crate::out(format!(
                    "{:<12} {positions:>12} positions {seconds:>8.1} s {:>10} longest {longest} plies",
                    material.name(),
                    mb(bytes)
                ));
            }
        }
        BuildEvent::Kept { material, bytes } => {
            if loud {
                crate::out(format!("{:<12} kept ({})", material.name(), mb(bytes)));
            }
        }
        BuildEvent::PiecesDone {
            pieces,
            positions,
            seconds,
            bytes,
        } => {
            if loud {
                crate::out(format!(
                    "{pieces} pieces: {positions} positions stored ({} with no side to move counted, published: {}), {seconds:.1} s, {} (total {:.1} s)",
                    count_positions(pieces),
                    published(pieces).map_or("-".to_string(), |p| p.to_string()),
                    mb(bytes),
                    total.elapsed().as_secs_f64()
                ));
            }
        }
    })
    .map_err(|e| e.to_string())
}

/// Positions with `n` pieces as published for Chinook (Schaeffer et al.,
/// "Solving Checkers", IJCAI 2005, Table 1; OEIS A055213).
pub fn published(n: u32) -> Option<u64> {
    const COUNTS: [u64; 7] = [
        120,
        6_972,
        261_224,
        7_092_774,
        148_688_232,
        2_503_611_964,
        34_779_531_480,
    ];
    COUNTS.get((n as usize).checked_sub(1)?).copied()
}

fn build(rest: &[String]) -> Result<(), String> {
    let mut pieces = None;
    let mut out = None;
    for (name, value) in options(rest, &["--pieces", "--out"])? {
        match name {
            "--pieces" => pieces = Some(parse_pieces(value)?),
            _ => out = Some(PathBuf::from(value)),
        }
    }
    let pieces = pieces.ok_or("build needs --pieces N")?;
    let dir = match out {
        Some(d) => d,
        None => default_dir()?,
    };
    crate::out(format!("building {} ({pieces} pieces)", dir.display()));
    build_into(&dir, pieces, true)
}

fn probe(rest: &[String]) -> Result<(), String> {
    let [dir, fen] = rest else {
        return Err(format!(
            "probe takes a directory and a position, got {} arguments",
            rest.len()
        ));
    };
    let pos = checkers::Position::parse(fen)
        .map_err(|e| format!("bad checkers position `{fen}`: {e}"))?;
    let db = Egdb::open_dir(Path::new(dir)).map_err(|e| e.to_string())?;
    let value = db.probe(&pos);
    if let Some(e) = db.errors().first() {
        return Err(e.clone());
    }
    crate::out(match value {
        Some(v) => v.to_string(),
        None => "unknown".to_string(),
    });
    Ok(())
}

fn verify(rest: &[String]) -> Result<(), String> {
    let Some((dir, opts)) = rest.split_first() else {
        return Err("verify needs a directory".into());
    };
    let dir = Path::new(dir);
    let mut pieces = None;
    for (_, value) in options(opts, &["--pieces"])? {
        pieces = Some(parse_pieces(value)?);
    }
    let pieces = match pieces {
        Some(n) => n,
        None => Egdb::open_dir(dir).map_err(|e| e.to_string())?.max_pieces(),
    };
    if pieces < 2 {
        return Err(format!(
            "{}: no complete set of slices for 2 pieces",
            dir.display()
        ));
    }
    let started = Instant::now();
    let mut bar: Option<Bar> = None;
    let report = egdb::verify_dir(dir, pieces, |event| match event {
        VerifyEvent::Start(m) => bar = Some(Bar::new(m.name())),
        VerifyEvent::Progress { done, total } => {
            if let Some(b) = bar.as_mut() {
                b.draw(done, total);
            }
        }
        VerifyEvent::Done {
            material,
            report,
            seconds,
        } => {
            if let Some(b) = bar.as_ref() {
                b.clear();
            }
            crate::out(format!(
                "{:<12} {:>12} checked {:>6} inconsistent {seconds:8.1} s",
                material.name(),
                report.checked,
                report.inconsistent
            ));
            for e in &report.examples {
                crate::out(format!("  {e}"));
            }
        }
    })
    .map_err(|e| e.to_string())?;
    let (checked, inconsistent) = (report.checked, report.inconsistent);
    crate::out(format!(
        "verified {} (2-{pieces} pieces): {checked} positions checked, {inconsistent} inconsistent, {:.1} s",
        dir.display(),
        started.elapsed().as_secs_f64()
    ));
    if inconsistent > 0 {
        return Err(format!("{inconsistent} inconsistent positions"));
    }
    Ok(())
}

fn pack(rest: &[String]) -> Result<(), String> {
    let mut pieces = None;
    let mut out = None;
    let mut dir = None;
    for (name, value) in options(rest, &["--pieces", "--out", "--dir"])? {
        match name {
            "--pieces" => pieces = Some(parse_pieces(value)?),
            "--out" => out = Some(PathBuf::from(value)),
            _ => dir = Some(PathBuf::from(value)),
        }
    }
    let (Some(pieces), Some(out)) = (pieces, out) else {
        return Err("pack needs --pieces N and --out FILE".into());
    };
    let dir = match dir {
        Some(d) => d,
        None => default_dir()?,
    };
    let started = Instant::now();
    build_into(&dir, pieces, false)?;
    let bytes = egdb::pack(&dir, pieces).map_err(|e| e.to_string())?;
    std::fs::write(&out, &bytes).map_err(|e| format!("{}: {e}", out.display()))?;
    // gzip = deflate + 18 bytes of header and trailer.
    let gzipped = miniz_oxide::deflate::compress_to_vec(&bytes, 9).len() + 18;
    crate::out(format!(
        "{}: slices with 2-{pieces} pieces, {} bytes ({} gzipped), {:.1} s",
        out.display(),
        bytes.len(),
        gzipped,
        started.elapsed().as_secs_f64()
    ));
    Ok(())
}

/// The database the search should use: `--no-egdb` gives none, `--egdb
/// DIR` that directory (which must hold one), otherwise the cache
/// directory if it holds one. Problems are returned as one line.
pub fn open(dir: Option<&str>, off: bool) -> Result<Option<Egdb>, String> {
    if off {
        return Ok(None);
    }
    match dir {
        Some(d) => Egdb::open_dir(Path::new(d))
            .map(Some)
            .map_err(|e| e.to_string()),
        None => Ok(egdb::default_dir().and_then(|d| Egdb::open_dir(&d).ok())),
    }
}
