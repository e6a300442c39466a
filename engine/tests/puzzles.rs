//! The puzzle files (assets/puzzles/, shown by the Puzzles screen): every puzzle reads,
//! its position and every move of its solution are legal and written as
//! the engine writes them, and on a sample (every tenth) the first move is
//! still the only clearly best one at the depth it was generated with; the
//! whole files are confirmed by `tiers puzzles verify` in `./dev test`.
//! Generation is reproducible, and what it writes verifies.

use std::sync::Arc;

use tiers_engine::egdb::Egdb;
use tiers_engine::puzzle::{self, GenConfig, Puzzle};
use tiers_engine::search::{Evaluate, Level};
use tiers_engine::{checkers, tiers, Position};

fn shipped(name: &str) -> Vec<Puzzle> {
    let path = format!(
        "{}/../assets/puzzles/{name}.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    puzzle::read(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The 2-4 piece database the checkers puzzles were made with, built here
/// (some seconds) and read from one packed file as the page's copy is
/// (`./dev build`: `tiers egdb pack --pieces 4`), so that a fresh clone
/// checks the same sample.
fn egdb() -> Arc<Egdb> {
    let dir = std::env::temp_dir().join(format!("tiers-puzzles-egdb-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    tiers_engine::egdb::build(&dir, 4, |_| {}).expect("the 2-4 piece database builds");
    let bytes = tiers_engine::egdb::pack(&dir, 4).expect("it packs");
    let _ = std::fs::remove_dir_all(&dir);
    Arc::new(Egdb::from_bytes(&bytes).expect("it reads back"))
}

fn all_play<P: Position>(list: &[Puzzle]) {
    assert!(list.len() >= 300, "{} puzzles", list.len());
    for p in list {
        p.check::<P>().unwrap();
        assert!(!p.themes.is_empty(), "{}", p.id);
    }
    let mut positions: Vec<&str> = list.iter().map(|p| p.position.as_str()).collect();
    positions.sort_unstable();
    positions.dedup();
    assert_eq!(positions.len(), list.len(), "a position twice");
}

/// Every `step`-th puzzle is confirmed by a fresh search to `depth`
/// ([`puzzle::confirm`]: at each solver move with a choice, the solution's
/// move is the best by a man or the only win), as `tiers puzzles verify
/// --keep` did when the file was made.
fn unique_on_sample<P: Evaluate>(list: &[Puzzle], depth: u32, step: usize, db: Option<Arc<Egdb>>) {
    let has_db = db.is_some();
    let mut searcher = puzzle::verifier(db);
    let mut checked = 0;
    for p in list.iter().step_by(step) {
        if !has_db && p.themes.iter().any(|t| t == "endgame") {
            continue;
        }
        puzzle::confirm::<P>(&mut searcher, p, depth, 100).unwrap();
        checked += 1;
    }
    assert!(checked >= list.len() / step / 3, "only {checked} checked");
}

#[test]
fn the_checkers_puzzles_play() {
    all_play::<checkers::Position>(&shipped("checkers"));
}

#[test]
fn the_tiers_puzzles_play() {
    all_play::<tiers::Position>(&shipped("tiers"));
}

#[test]
fn the_checkers_puzzles_are_unique_on_a_sample() {
    // The searches reach positions the database holds: without it they
    // differ from the ones that confirmed the file.
    unique_on_sample::<checkers::Position>(&shipped("checkers"), 10, 10, Some(egdb()));
}

#[test]
fn the_tiers_puzzles_are_unique_on_a_sample() {
    unique_on_sample::<tiers::Position>(&shipped("tiers"), 6, 10, None);
}

#[test]
fn generation_is_reproducible() {
    let config = GenConfig {
        count: 2,
        seed: 5,
        play_level: Level::playing(4).unwrap(),
        scan_depth: 6,
        verify_depth: 8,
        threshold: 150,
        margin: 100,
        max_plies: 160,
        max_games: 20,
        prefix: 'c',
    };
    let start = |g: u64| {
        // Ballot 1 (9-13 21-17 5-9) and the standard start, in turn.
        let mut pos = checkers::Position::start();
        if g.is_multiple_of(2) {
            for m in ["9-13", "21-17", "5-9"] {
                pos = pos.play(&pos.parse_move(m).unwrap());
            }
        }
        pos
    };
    let (a, stats) = puzzle::generate(&config, None, start, |_, _| {});
    let (b, _) = puzzle::generate(&config, None, start, |_, _| {});
    assert_eq!(a, b);
    assert_eq!(a.len(), 2, "{stats:?}");
    // What the generator writes, `tiers puzzles verify` confirms: the same
    // check with a fresh searcher of the same size.
    let mut judge = puzzle::verifier(None);
    for p in &a {
        p.check::<checkers::Position>().unwrap();
        assert_eq!(Puzzle::parse_line(&p.to_line()).unwrap(), *p);
        puzzle::confirm::<checkers::Position>(&mut judge, p, config.verify_depth, config.margin)
            .unwrap();
    }
}

/// Damaged lines never panic the reader or the check: every cut and every
/// one-byte change of the first shipped puzzles either reads (and then is
/// checked against the rules) or gives an error naming line 1.
#[test]
fn damaged_lines_are_refused_without_panic() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../assets/puzzles/");
    for (name, tiers_game) in [("checkers", false), ("tiers", true)] {
        let text = std::fs::read_to_string(format!("{path}{name}.txt")).unwrap();
        for line in text.lines().filter(|l| !l.starts_with('#')).take(12) {
            let bytes = line.as_bytes();
            let mut variants: Vec<String> = (0..bytes.len())
                .filter(|&i| line.is_char_boundary(i))
                .map(|i| line[..i].to_string())
                .collect();
            for i in 0..bytes.len() {
                for b in [b'|', b' ', b'x', b'9', b'-', b'K', b'/'] {
                    let mut v = bytes.to_vec();
                    v[i] = b;
                    if let Ok(s) = String::from_utf8(v) {
                        variants.push(s);
                    }
                }
            }
            for v in variants {
                match puzzle::read(&v) {
                    Ok(list) => {
                        let p = &list[0];
                        let _ = if tiers_game {
                            p.check::<tiers::Position>().map(|_| ())
                        } else {
                            p.check::<checkers::Position>().map(|_| ())
                        };
                    }
                    Err(e) => assert!(e.line == 1 && !e.message.is_empty(), "{v}: {e}"),
                }
            }
        }
    }
}
