//! The engine's Tiers move generator against the naive reference generator
//! (`tiers_engine::reference::tiers`): same moves, same written forms, same
//! results, on random positions; every written form of every move is read
//! back.

use tiers_engine::reference::tiers::{self as reference, all_forms, random_tfen, RefPos};
use tiers_engine::{tiers, Position};

fn compare(tfen: &str) {
    let pos = tiers::Position::parse(tfen).unwrap_or_else(|e| panic!("{tfen}: {e}"));
    if let Err(e) = reference::compare(&pos) {
        panic!("{e}");
    }
}

#[test]
fn start_position_matches_reference() {
    compare(tiers::START_TFEN);
}

#[test]
fn random_positions_match_reference() {
    for seed in 0..1500u64 {
        let density = 10 + seed % 35;
        compare(&random_tfen(seed, density));
    }
}

#[test]
fn sparse_ultra_positions_match_reference() {
    // Few pieces: many ultra and double ultra king moves, teleports, drops.
    for seed in 10_000..10_400u64 {
        compare(&random_tfen(seed, 6 + seed % 8));
    }
}

#[test]
fn every_written_form_reads_back_to_its_move() {
    for seed in 20_000..20_060u64 {
        let tfen = random_tfen(seed, 8 + seed % 30);
        let pos = tiers::Position::parse(&tfen).unwrap();
        for (text, result) in all_forms(&RefPos::from_engine(&pos)) {
            let mv = pos
                .parse_move(&text)
                .unwrap_or_else(|e| panic!("{tfen}: form {text} refused: {e}"));
            assert_eq!(
                RefPos::from_engine(&pos.play(&mv)),
                result,
                "{tfen}: form {text} read as {}",
                pos.move_to_string(&mv)
            );
        }
    }
}

#[test]
fn perft_one_to_four_matches_reference() {
    let lines = include_str!("tiers_perft.txt");
    for line in lines
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let parts: Vec<&str> = line.split(';').map(str::trim).collect();
        let pos = tiers::Position::parse(parts[0]).unwrap();
        let depth: u32 = parts[1].parse().unwrap();
        let count: u64 = parts[2].parse().unwrap();
        if depth > 4 {
            continue;
        }
        let engine = tiers_engine::perft::perft(&pos, depth);
        let reference = reference::perft(&RefPos::from_engine(&pos), depth);
        assert_eq!(engine, reference, "{line}: engine vs reference");
        assert_eq!(engine, count, "{line}: engine vs data file");
    }
}

#[test]
fn deeper_perft_matches_the_data_file() {
    // The reference is too slow beyond depth 4; the engine's deeper counts
    // are kept up to a node limit (depth 6 is checked by the bench).
    const NODE_LIMIT: u64 = 3_000_000;
    let mut checked = 0;
    for line in include_str!("tiers_perft.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let parts: Vec<&str> = line.split(';').map(str::trim).collect();
        let depth: u32 = parts[1].parse().unwrap();
        let count: u64 = parts[2].parse().unwrap();
        if depth <= 4 || count > NODE_LIMIT {
            continue;
        }
        let pos = tiers::Position::parse(parts[0]).unwrap();
        assert_eq!(tiers_engine::perft::perft(&pos, depth), count, "{line}");
        checked += 1;
    }
    assert!(checked >= 1);
}
