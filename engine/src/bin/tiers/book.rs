//! `tiers book`: build and read the checkers opening book
//! (engine/src/book).

use tiers_engine::book::build::{build as build_book, BuildOptions};
use tiers_engine::book::Book;
use tiers_engine::search::format_score;
use tiers_engine::{checkers, Position};
use web_time::Instant;

/// The usage lines of `tiers book`.
pub const HELP: &str = "\
tiers book build [--out FILE] [--depth D] [--positions N] [--threads T] [--ply-cost C]
                 the opening book by drop-out expansion from the start and the 156 ACF
                 ballots: N positions (default 1000), each move searched to depth D
                 (default 18; the position after it to D - 1, a fresh searcher each);
                 the same file for any T; saved every 25 positions. Default FILE:
                 assets/data/book/checkers.book
tiers book probe <FEN|start> [--book FILE]   the book moves of a position, best first
tiers book verify FILE                 reads the whole book (checksum, every position and
                 move); exit 2 if it is damaged";

/// The book the command-line tool plays from (compiled in).
pub const BOOK_FILE: &[u8] = include_bytes!("../../../../assets/data/book/checkers.book");

/// The compiled-in book, or why it cannot be used.
pub fn compiled_in() -> Result<Book, String> {
    Book::from_file(BOOK_FILE).map_err(|e| e.to_string())
}

/// Runs `tiers book ...`; errors are one line.
pub fn run(args: &[String]) -> Result<(), String> {
    let Some((sub, rest)) = args.split_first() else {
        return Err("book needs a subcommand: build, probe or verify".into());
    };
    match sub.as_str() {
        "build" => build(rest),
        "probe" => probe(rest),
        "verify" => verify(rest),
        other => Err(format!(
            "unknown book subcommand `{other}` (expected build, probe or verify)"
        )),
    }
}

fn options<'a>(rest: &'a [String], known: &[&str]) -> Result<Vec<(&'a str, &'a str)>, String> {
    crate::options(rest, known).map_err(|e| e.0)
}

fn number<T: std::str::FromStr>(what: &str, text: &str) -> Result<T, String> {
    crate::parse_number(what, text).map_err(|e| e.0)
}

fn read(path: &str) -> Result<Book, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    Book::from_file(&bytes).map_err(|e| format!("{path}: {e}"))
}

fn write(path: &str, book: &Book) -> Result<(), String> {
    if let Some(dir) = std::path::Path::new(path).parent() {
        if !dir.as_os_str().is_empty() {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
    }
    let tmp = format!("{path}.tmp");
    std::fs::write(&tmp, book.to_file()).map_err(|e| format!("cannot write {tmp}: {e}"))?;
    std::fs::rename(&tmp, path).map_err(|e| format!("cannot write {path}: {e}"))
}

fn build(rest: &[String]) -> Result<(), String> {
    let mut out = "assets/data/book/checkers.book".to_string();
    let mut o = BuildOptions::default();
    for (name, value) in options(
        rest,
        &["--out", "--depth", "--positions", "--threads", "--ply-cost"],
    )? {
        match name {
            "--out" => out = value.to_string(),
            "--depth" => o.depth = number("depth", value)?,
            "--positions" => o.positions = number("positions", value)?,
            "--threads" => o.threads = number("threads", value)?,
            _ => o.ply_cost = number("ply-cost", value)?,
        }
    }
    if !(2..=40).contains(&o.depth) {
        return Err(format!("depth must be from 2 to 40, got {}", o.depth));
    }
    if o.positions == 0 {
        return Err("positions must be at least 1".into());
    }
    if !(1..=64).contains(&o.threads) {
        return Err(format!("threads must be from 1 to 64, got {}", o.threads));
    }
    let mut roots = vec![checkers::Position::start()];
    for ballot in crate::ballots::load() {
        roots.push(
            checkers::Position::parse(&ballot.fen)
                .map_err(|e| format!("ballot {} has a bad FEN: {e}", ballot.number))?,
        );
    }
    let started = Instant::now();
    let mut failed = None;
    let book = build_book(
        &roots,
        &o,
        |e| {
            crate::out(format!(
                "{} {:.0} s cost {} {} best {} {}",
                e.done,
                started.elapsed().as_secs_f64(),
                e.cost,
                e.fen,
                e.best,
                format_score(e.value)
            ));
        },
        25,
        |book| {
            if let Err(e) = write(&out, book) {
                failed.get_or_insert(e);
            }
        },
    );
    if let Some(e) = failed {
        return Err(e);
    }
    write(&out, &book)?;
    let bytes = book.to_file().len();
    crate::out(format!(
        "{} positions, depth {}, {bytes} bytes, {:.0} s: {out}",
        book.len(),
        o.depth,
        started.elapsed().as_secs_f64()
    ));
    Ok(())
}

fn probe(rest: &[String]) -> Result<(), String> {
    let Some((fen, rest)) = rest.split_first() else {
        return Err("book probe needs a position".into());
    };
    let pos: checkers::Position = crate::read_position(fen).map_err(|e| e.0)?;
    let mut book = None;
    for (_, value) in options(rest, &["--book"])? {
        book = Some(read(value)?);
    }
    let book = match book {
        Some(b) => b,
        None => compiled_in()?,
    };
    match book.moves(&pos) {
        Some(moves) => {
            for m in moves {
                crate::out(format!(
                    "{} {}",
                    pos.move_to_string(&m.mv),
                    format_score(m.score)
                ));
            }
        }
        None => crate::out("not in the book"),
    }
    Ok(())
}

fn verify(rest: &[String]) -> Result<(), String> {
    let [path] = rest else {
        return Err("book verify needs one file".into());
    };
    let book = read(path)?;
    let moves: usize = book.iter().map(|(_, m)| m.len()).sum();
    crate::out(format!(
        "{}: {} positions, {moves} moves, ok",
        path,
        book.len()
    ));
    Ok(())
}
