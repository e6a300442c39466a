//! Checkers perft from the data file `tests/data/checkers_perft.txt`.
//!
//! Entries up to `NODE_LIMIT` leaves (depth 10 from the start, under a
//! second: the engine is built optimised in tests too) are checked by the
//! normal run; deeper ones by the ignored test below and the `perft` bench
//! (depth 11): `cargo test -p tiers-engine --release --test checkers_perft -- --ignored`.

use tiers_engine::{checkers, perft::perft, Position};

const NODE_LIMIT: u64 = 20_000_000;

struct Entry {
    fen: String,
    depth: u32,
    count: u64,
    line: usize,
}

fn entries() -> Vec<Entry> {
    let text = include_str!("data/checkers_perft.txt");
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let parts: Vec<&str> = line.split(';').map(str::trim).collect();
        assert_eq!(
            parts.len(),
            3,
            "line {}: expected `position; depth; count`",
            n + 1
        );
        out.push(Entry {
            fen: parts[0].to_string(),
            depth: parts[1]
                .parse()
                .unwrap_or_else(|e| panic!("line {}: depth: {e}", n + 1)),
            count: parts[2]
                .parse()
                .unwrap_or_else(|e| panic!("line {}: count: {e}", n + 1)),
            line: n + 1,
        });
    }
    assert!(!out.is_empty(), "no perft entries");
    out
}

fn check(entry: &Entry) {
    let pos = checkers::Position::parse(&entry.fen)
        .unwrap_or_else(|e| panic!("line {}: {e}", entry.line));
    let fast = checkers::perft(pos.board(), entry.depth);
    assert_eq!(
        fast, entry.count,
        "line {}: fast perft({}) of {}",
        entry.line, entry.depth, entry.fen
    );
}

#[test]
fn perft_fast_within_node_limit() {
    let mut checked = 0;
    for entry in entries().iter().filter(|e| e.count <= NODE_LIMIT) {
        check(entry);
        checked += 1;
    }
    assert!(checked >= 10, "depths 1-10 must be checked");
}

#[test]
fn perft_generic_agrees_with_fast() {
    // The generic perft (through the Position trait, copy-make with hashes
    // and counters) must give the same counts; depths up to 7 keep it quick.
    for entry in entries().iter().filter(|e| e.count <= 200_000) {
        let pos = checkers::Position::parse(&entry.fen).unwrap();
        assert_eq!(perft(&pos, entry.depth), entry.count, "line {}", entry.line);
    }
}

#[test]
#[ignore = "deep: run with --release -- --ignored"]
fn perft_deep() {
    for entry in entries().iter().filter(|e| e.count > NODE_LIMIT) {
        check(entry);
    }
}
