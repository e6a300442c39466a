//! The checkers endgame databases: position counts against the published
//! ones, the solver against the rules (every stored value re-derived from
//! its moves), known results, the file format's checks, the search's use
//! of the database (won endings converted over the board) and the
//! `tiers egdb` command.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::{Arc, OnceLock};
use tiers_engine::egdb::{
    self, count_positions, file_name, load_file, read, solve_pair, verify_dir, write, Egdb,
    EgdbError, Material, Packed, Tables, Value,
};
use tiers_engine::search::{
    format_score, Level, SearchConfig, SearchLimits, Searcher, EGDB_BOUND, MATE_BOUND,
};
use tiers_engine::{checkers, Color, Game, Outcome, PieceKind, Position};

/// A fresh directory under the system's temporary directory.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tiers-egdb-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}

/// Every slice with 2-4 pieces, plus the 5-piece kings-only slices 3K v 2K
/// (both sides to move), built once for all tests of this file.
fn database() -> &'static (PathBuf, Arc<Egdb>) {
    static DB: OnceLock<(PathBuf, Arc<Egdb>)> = OnceLock::new();
    DB.get_or_init(|| {
        let dir = temp_dir("shared");
        egdb::build(&dir, 4, |_| {}).expect("the 2-4 piece build");
        // Add 3 kings v 2 kings: its moves lead only to king slices of 4 pieces.
        let mut tables = Tables::new();
        for m in egdb::materials_up_to(4) {
            let packed = load_file(&dir.join(file_name(m)), m).expect("built above");
            tables.insert(packed.unpack().expect("decodes"));
        }
        let five = Material {
            us_kings: 3,
            us_men: 0,
            them_kings: 2,
            them_men: 0,
        };
        solve_pair(&mut tables, five, |_, _| {}).expect("3K v 2K solves");
        for m in five.with_mirror() {
            let packed = Packed::encode(tables.get(m).expect("solved"));
            std::fs::write(dir.join(file_name(m)), write(&[&packed])).expect("written");
        }
        let db = Egdb::open_dir(&dir).expect("the directory opens");
        (dir, Arc::new(db))
    })
}

fn ck(text: &str) -> checkers::Position {
    checkers::Position::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn probe(text: &str) -> Option<Value> {
    database().1.probe(&ck(text))
}

/// Counts `n`-piece positions by placing pieces square by square (each
/// square empty or holding one of four pieces; men never on the row where
/// they would be crowned), independently of the database's numbering.
fn brute_force_count(n: u32) -> u64 {
    fn place(square: u32, left: u32) -> u64 {
        if left == 0 {
            return 1;
        }
        if 32 - square < left {
            return 0;
        }
        let bit = 1u32 << square;
        let mut total = place(square + 1, left); // empty
        let kinds = [
            (Color::Black, PieceKind::King),
            (Color::Red, PieceKind::King),
            (Color::Black, PieceKind::Man),
            (Color::Red, PieceKind::Man),
        ];
        for (color, kind) in kinds {
            let crowning = match color {
                Color::Black => 0xF000_0000u32,
                Color::Red => 0x0000_000F,
            };
            if kind == PieceKind::Man && bit & crowning != 0 {
                continue;
            }
            total += place(square + 1, left - 1);
        }
        total
    }
    place(0, n)
}

#[test]
fn position_counts_match_the_published_ones() {
    // Schaeffer et al., "Solving Checkers" (IJCAI 2005), table of positions
    // by number of pieces (also OEIS A055213): counted without the side to
    // move, positions where one side has no piece included.
    let published = [
        120u64,
        6_972,
        261_224,
        7_092_774,
        148_688_232,
        2_503_611_964,
    ];
    for (n, &p) in (1..=6).zip(&published) {
        assert_eq!(count_positions(n), p, "{n} pieces");
    }
    for n in 1..=4 {
        assert_eq!(
            brute_force_count(n),
            published[n as usize - 1],
            "{n} pieces by hand"
        );
    }
}

#[test]
fn every_stored_value_follows_from_its_moves() {
    let (dir, _) = database();
    let report = verify_dir(dir, 4, |_| {}).expect("the files read back");
    assert_eq!(report.inconsistent, 0, "{:?}", report.examples);
    // Every stored position: all of 2-4 pieces but those with a capture pending.
    assert_eq!(report.checked, 5_241_460);
}

#[test]
fn known_results() {
    // Two kings beat one, even in the double corner (E. Lasker, "Chess and
    // Checkers: the Way to Mastership", 1918, diagram 89), whoever moves.
    assert_eq!(probe("W:WK19,K23:BK32"), Some(Value::Win(15)));
    assert!(matches!(probe("B:WK19,K23:BK32"), Some(Value::Loss(_))));
    // One king against one, a king in the double corner: a draw.
    for text in ["W:WK28:BK10", "B:WK28:BK10", "W:WK10:BK1", "B:WK10:BK5"] {
        assert_eq!(probe(text), Some(Value::Draw), "{text}");
    }
    // First Position (R. Pask, "Key Endings", Key Ending 10; Lasker,
    // diagram 93): White to move wins; with Black to move it is a draw.
    assert!(matches!(probe("W:WK19,K23:B12,K28"), Some(Value::Win(_))));
    assert_eq!(probe("B:WK19,K23:B12,K28"), Some(Value::Draw));
    // 3 kings beat 2 in the double corners (5 pieces).
    assert!(matches!(
        probe("W:WK14,K15,K19:BK1,K32"),
        Some(Value::Win(_))
    ));
    // Outside the database.
    assert_eq!(probe("W:W27,30,K22:B20,21,K9"), None);
    // A capture pending is resolved: Black must take 14 and is then lost.
    assert!(probe("B:WK18,K10:BK14").is_some());
}

#[test]
#[ignore = "needs the 6-piece database in the cache directory (tiers egdb build --pieces 6)"]
fn second_position_is_a_win_with_six_pieces() {
    // Second Position (Lasker, diagram 95, "White to Move and Win"): White
    // men 27, 30 and a king on 22; Black men 20, 21 and a king on 9. It has
    // six pieces, more than this file builds: checked against the cache
    // directory's database (docs/ai.md, "Endgame databases").
    let dir = egdb::default_dir().expect("a cache directory");
    let db = Egdb::open_dir(&dir).expect("the cache directory holds a database");
    assert!(
        db.max_pieces() >= 6,
        "{} holds {} pieces",
        dir.display(),
        db.max_pieces()
    );
    let v = db.probe(&ck("W:W27,30,K22:B20,21,K9"));
    assert!(matches!(v, Some(Value::Win(_))), "{v:?}");
}

#[test]
fn moves_agree_with_the_value() {
    let db = &database().1;
    for text in [
        "W:WK19,K23:B12,K28",
        "B:WK19,K23:BK32",
        "W:WK14,K15,K19:BK1,K32",
    ] {
        let pos = ck(text);
        let v = db.probe(&pos).expect("in the database");
        let moves = db.moves(&pos).expect("in the database");
        let best = moves
            .iter()
            .map(|&(_, v)| v)
            .max_by_key(|v| match v {
                Value::Win(d) => 100_000 - i32::from(*d),
                Value::Draw => 0,
                Value::Loss(d) => -100_000 + i32::from(*d),
            })
            .expect("a legal move");
        assert_eq!(best, v, "{text}");
    }
}

#[test]
fn bytes_load_and_damage_is_reported() {
    let (dir, db) = database();
    let bytes = egdb::pack(dir, 3).expect("packs");
    let packed = Egdb::from_bytes(&bytes).expect("loads");
    assert_eq!(packed.max_pieces(), 3);
    for text in ["W:WK19,K23:BK32", "B:W22:BK1,K5", "W:WK28:BK10"] {
        assert_eq!(packed.probe(&ck(text)), db.probe(&ck(text)), "{text}");
    }
    // Every damage is an error, never a panic or a wrong answer.
    assert_eq!(Egdb::from_bytes(&[]).unwrap_err(), EgdbError::NotADatabase);
    assert_eq!(
        Egdb::from_bytes(b"PK\x03\x04 not a database").unwrap_err(),
        EgdbError::NotADatabase
    );
    let truncated = Egdb::from_bytes(&bytes[..bytes.len() - 100]).unwrap_err();
    assert!(
        matches!(truncated, EgdbError::Truncated { .. }),
        "{truncated}"
    );
    assert!(truncated
        .to_string()
        .starts_with("truncated endgame database"));
    for at in [20, 40, bytes.len() / 2, bytes.len() - 1] {
        let mut bad = bytes.clone();
        bad[at] ^= 0x10;
        let e = Egdb::from_bytes(&bad).unwrap_err();
        assert!(!e.to_string().contains('\n'), "{e}");
        if at >= 20 {
            assert!(matches!(e, EgdbError::Checksum { .. }), "byte {at}: {e}");
        }
    }
    for len in 0..64 {
        let _ = read(&bytes[..len.min(bytes.len())]);
    }
}

#[test]
fn a_damaged_file_leaves_its_positions_unknown() {
    let dir = temp_dir("damaged");
    egdb::build(&dir, 3, |_| {}).expect("builds");
    let m = ck("W:WK19,K23:BK32");
    let file = dir.join("2K0M-1K0M.egdb");
    let mut bytes = std::fs::read(&file).expect("written");
    let middle = bytes.len() / 2;
    bytes[middle] ^= 1;
    std::fs::write(&file, &bytes).expect("rewritten");
    let db = Egdb::open_dir(&dir).expect("opens");
    // Red to move: slice 2K0M-1K0M (Red has the two kings) is damaged.
    assert_eq!(db.probe(&m), None);
    let errors = db.errors();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].contains("2K0M-1K0M.egdb") && errors[0].contains("checksum"));
    // Other slices still answer.
    assert_eq!(db.probe(&ck("W:WK28:BK10")), Some(Value::Draw));
    let _ = std::fs::remove_dir_all(&dir);
}

fn db_searcher(with_db: bool) -> Searcher {
    let mut s = Searcher::new(8);
    if with_db {
        s.set_egdb(Some(database().1.clone()));
    }
    s
}

/// Plays `start` out, the winner with the database and the defender with
/// or without it, and returns the outcome and the plies played.
fn play_out(start: checkers::Position, defender_db: bool) -> (Option<Outcome>, usize) {
    let winner = start.side_to_move();
    let mut game = Game::new(start);
    let mut history = Vec::new();
    let mut strong = db_searcher(true);
    let mut weak = db_searcher(defender_db);
    let cfg = SearchConfig {
        limits: SearchLimits::nodes(20_000),
        level: Level::MAX,
        seed: 0,
    };
    while game.outcome().is_none() && game.ply() < 300 {
        let pos = *game.position();
        let searcher = if pos.side_to_move() == winner {
            &mut strong
        } else {
            &mut weak
        };
        let r = searcher
            .search(&pos, &history, &cfg, |_| {})
            .expect("a move");
        history.push(pos.zobrist());
        game.play(r.best).expect("legal");
    }
    (game.outcome(), game.ply())
}

#[test]
fn won_endings_are_converted_over_the_board() {
    // 3, 4 and 5 pieces, the side to move wins: with the database on both
    // sides (the defender resists as long as possible) the game lasts
    // exactly the database's distance; against a defender without it, no
    // longer. Either way within the 100-ply rule.
    for text in [
        "W:WK19,K23:BK32",
        "W:W22,K14:BK1",
        "W:WK19,K23:B12,K28",
        "B:WK5,K28:BK10,K14,K19",
        "W:WK14,K15,K19:BK1,K32",
    ] {
        let start = ck(text);
        let winner = start.side_to_move();
        let Some(Value::Win(d)) = database().1.probe(&start) else {
            panic!("{text} is not a database win");
        };
        assert!(d < 100, "{text}: win in {d}");
        for defender_db in [true, false] {
            let (outcome, plies) = play_out(start, defender_db);
            assert_eq!(
                outcome.and_then(Outcome::winner),
                Some(winner),
                "{text}: {outcome:?} after {plies} plies"
            );
            if defender_db {
                assert_eq!(plies, usize::from(d), "{text}");
            } else {
                assert!(
                    plies <= usize::from(d),
                    "{text}: {plies} plies for a win in {d}"
                );
            }
        }
    }
}

#[test]
fn database_scores_sit_between_evaluations_and_mates() {
    let pos = ck("W:WK19,K23:B12,K28");
    let cfg = |level| SearchConfig {
        limits: SearchLimits::depth(12),
        level,
        seed: 0,
    };
    let r = db_searcher(true)
        .search(&pos, &[], &cfg(Level::MAX), |_| {})
        .expect("a move");
    assert!(r.score > EGDB_BOUND && r.score <= MATE_BOUND, "{}", r.score);
    let Some(Value::Win(d)) = database().1.probe(&pos) else {
        panic!("First Position is a win");
    };
    assert_eq!(format_score(r.score), format!("db win in {d}"));
    // The move keeps the fastest win.
    let after = pos.play(&r.best);
    assert_eq!(database().1.probe(&after), Some(Value::Loss(d - 1)));
    // The analysis strength uses it too; level 7 does not.
    let a = db_searcher(true)
        .search(&pos, &[], &cfg(Level::ANALYSIS), |_| {})
        .expect("a move");
    assert_eq!(a.score, r.score);
    let seven = db_searcher(true)
        .search(&pos, &[], &cfg(Level::new(7).expect("level 7")), |_| {})
        .expect("a move");
    assert!(seven.score.abs() < EGDB_BOUND, "{}", seven.score);
}

fn tiers(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tiers"))
        .args(args)
        .env(
            "XDG_CACHE_HOME",
            std::env::temp_dir().join("tiers-egdb-no-cache"),
        )
        .output()
        .expect("the tiers binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("utf-8")
}

/// A command that must fail: exit code 2, one line on stderr, no panic.
fn fails(args: &[&str]) -> String {
    let o = tiers(args);
    assert_eq!(
        o.status.code(),
        Some(2),
        "exit code of {args:?}: {}",
        stdout(&o)
    );
    let err = String::from_utf8(o.stderr).expect("utf-8");
    assert_eq!(err.lines().count(), 1, "stderr of {args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
    err
}

fn path(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

#[test]
fn the_command_line_builds_probes_verifies_and_packs() {
    let dir = temp_dir("cli");
    let d = path(&dir);
    let o = tiers(&["egdb", "build", "--pieces", "3", "--out", d]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = stdout(&o);
    assert!(text.contains("2K0M-1K0M"), "{text}");
    assert!(text.contains("3 pieces: 196032 positions stored (261224 with no side to move counted, published: 261224)"), "{text}");
    let o = tiers(&["egdb", "probe", d, "W:WK19,K23:BK32"]);
    assert_eq!(stdout(&o), "win 15\n");
    let o = tiers(&["egdb", "probe", d, "W:WK28:BK10"]);
    assert_eq!(stdout(&o), "draw\n");
    let o = tiers(&["egdb", "probe", d, "W:WK19,K23:B12,K28"]);
    assert_eq!(stdout(&o), "unknown\n");
    let o = tiers(&["egdb", "verify", d]);
    assert!(o.status.success());
    assert!(
        stdout(&o).contains("176532 positions checked, 0 inconsistent"),
        "{}",
        stdout(&o)
    );
    let pack = dir.join("pack.bin");
    let o = tiers(&[
        "egdb",
        "pack",
        "--pieces",
        "3",
        "--out",
        path(&pack),
        "--dir",
        d,
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let bytes = std::fs::read(&pack).expect("written");
    assert_eq!(Egdb::from_bytes(&bytes).expect("loads").max_pieces(), 3);
    // bestmove keeps its contract: the move alone on the last line.
    let o = tiers(&[
        "bestmove",
        "checkers",
        "W:WK19,K23:BK32",
        "--egdb",
        d,
        "--movetime",
        "200",
    ]);
    let text = stdout(&o);
    assert!(text.contains("score db win in 15"), "{text}");
    let last = text.lines().last().expect("a line");
    assert!(ck("W:WK19,K23:BK32").parse_move(last).is_ok(), "{last}");
    // Damage: verify says so in one line and exits 2.
    let file = dir.join("1K0M-2K0M.egdb");
    let mut b = std::fs::read(&file).expect("built");
    let n = b.len();
    b.truncate(n - 10);
    std::fs::write(&file, &b).expect("rewritten");
    assert!(fails(&["egdb", "verify", d]).contains("truncated"));
    assert!(fails(&["egdb", "probe", d, "not a position"]).contains("bad checkers position"));
    assert!(fails(&["egdb", "build", "--pieces", "99", "--out", d]).contains("pieces"));
    assert!(fails(&["egdb", "frobnicate"]).contains("unknown egdb subcommand"));
    assert!(fails(&[
        "bestmove",
        "checkers",
        "start",
        "--egdb",
        "/nonexistent/egdb"
    ])
    .contains("egdb"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A file whose one slice header names `material` (`[us kings, us men,
/// them kings, them men]`), with the right length and checksum.
fn forged(material: [u8; 4]) -> Vec<u8> {
    let mut body = b"TIEREGDB".to_vec();
    body.extend_from_slice(&1u16.to_le_bytes());
    body.extend_from_slice(&1u16.to_le_bytes());
    body.extend_from_slice(&0u64.to_le_bytes());
    body.extend_from_slice(&material);
    body.extend_from_slice(&760u64.to_le_bytes());
    body.extend_from_slice(&4096u32.to_le_bytes());
    body.extend_from_slice(&1u32.to_le_bytes());
    body.extend_from_slice(&13u16.to_le_bytes());
    body.extend_from_slice(&1u16.to_le_bytes());
    body.extend_from_slice(&[0; 8]);
    let total = body.len() as u64 + 4;
    body[12..20].copy_from_slice(&total.to_le_bytes());
    let crc = egdb::crc32(&body);
    body.extend_from_slice(&crc.to_le_bytes());
    body
}

#[test]
fn forged_slice_headers_are_refused_before_any_work() {
    // Found by the `egdb` fuzz target (hardening/): piece counts whose sum
    // overflowed a byte, and a 10-piece material whose index alone took
    // 200 ms and 240 MB to build before the header was found wrong.
    for material in [
        [200, 100, 1, 0],
        [0, 9, 0, 1],
        [0, 12, 0, 12],
        [15, 0, 15, 0],
    ] {
        let e = Egdb::from_bytes(&forged(material)).unwrap_err();
        assert!(
            e.to_string().contains("not a material this format holds"),
            "{material:?}: {e}"
        );
    }
    // A real material with a wrong size is refused by its size.
    let e = Egdb::from_bytes(&forged([0, 1, 0, 2])).unwrap_err();
    assert!(e.to_string().contains("760 positions where"), "{e}");
}
