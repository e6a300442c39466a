//! The `tiers` command-line tool, run as a program.

use std::ffi::OsStr;
use std::fmt::Debug;
use std::process::{Command, Output};

fn tiers<S: AsRef<OsStr>>(args: &[S]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tiers"))
        .args(args)
        .output()
        .expect("the tiers binary runs")
}

fn stdout_lines(o: &Output) -> Vec<String> {
    String::from_utf8(o.stdout.clone())
        .expect("utf-8 output")
        .lines()
        .map(str::to_string)
        .collect()
}

/// Runs a command that must fail: exit code 2, exactly one line on stderr,
/// nothing on stdout, no panic. Returns the error line.
fn fails<S: AsRef<OsStr> + Debug>(args: &[S]) -> String {
    let (err, out) = fails_after_output(args);
    assert!(out.is_empty(), "stdout of {args:?}: {out:?}");
    err
}

/// Runs a command that must fail once it has started: exit code 2, exactly
/// one line on stderr, no panic. Returns the error line and stdout's lines.
fn fails_after_output<S: AsRef<OsStr> + Debug>(args: &[S]) -> (String, Vec<String>) {
    let o = tiers(args);
    assert_eq!(o.status.code(), Some(2), "exit code of {args:?}");
    let out = stdout_lines(&o);
    let err = String::from_utf8(o.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "stderr of {args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
    (err, out)
}

/// Checks selfplay's last line, the score `W-D-L` of `games` games.
fn assert_score(lines: &[String], games: u32) {
    let last: Vec<u32> = lines
        .last()
        .unwrap()
        .split('-')
        .map(|n| n.parse().unwrap())
        .collect();
    assert_eq!(last.len(), 3, "{lines:?}");
    assert_eq!(last.iter().sum::<u32>(), games, "{lines:?}");
}

/// `selfplay checkers`, two games without a database: level 1 (A) against
/// the external player `ext:PATH` (B), with the `extra` options.
fn level_1_against(path: &str, extra: &[&str]) -> Vec<String> {
    let ext = format!("ext:{path}");
    let mut args = vec![
        "selfplay",
        "checkers",
        "--a",
        "1",
        "--b",
        &ext,
        "--games",
        "2",
        "--no-egdb",
    ];
    args.extend_from_slice(extra);
    args.into_iter().map(str::to_string).collect()
}

#[test]
fn moves_from_the_checkers_start() {
    let o = tiers(&["moves", "checkers", "start"]);
    assert!(o.status.success());
    let mut moves = stdout_lines(&o);
    moves.sort();
    assert_eq!(
        moves,
        ["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]
    );
}

#[test]
fn moves_of_a_blocked_side_print_nothing() {
    // Red's only man on 5 (a7) is blocked by the Black man on 1 (b8).
    let o = tiers(&["moves", "checkers", "W:W5:B1"]);
    assert!(o.status.success());
    assert!(o.stdout.is_empty());
}

#[test]
fn moves_from_the_tiers_start_match_perft_one() {
    let o = tiers(&["moves", "tiers", "start"]);
    assert!(o.status.success());
    let moves = stdout_lines(&o);
    assert!(!moves.is_empty());
    let perft = tiers(&["perft", "tiers", "start", "1"]);
    assert_eq!(
        stdout_lines(&perft).last().unwrap(),
        &moves.len().to_string()
    );
}

#[test]
fn perft_and_divide_of_the_checkers_start() {
    let o = tiers(&["perft", "checkers", "start", "5"]);
    assert!(o.status.success());
    assert_eq!(stdout_lines(&o).last().unwrap(), "7361");
    let o = tiers(&["divide", "checkers", "start", "3"]);
    let lines = stdout_lines(&o);
    assert_eq!(lines.len(), 8);
    assert_eq!(lines.last().unwrap(), "302");
    let sum: u64 = lines[..7]
        .iter()
        .map(|l| l.split_whitespace().nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 302);
}

#[test]
fn bestmove_ends_with_a_legal_move() {
    let o = tiers(&["bestmove", "checkers", "start", "--depth", "5"]);
    assert!(o.status.success());
    let lines = stdout_lines(&o);
    let best = lines.last().unwrap();
    let legal = stdout_lines(&tiers(&["moves", "checkers", "start"]));
    assert!(legal.contains(best), "{best} is not legal");
    assert!(lines[..lines.len() - 1]
        .iter()
        .all(|l| l.starts_with("info ")));
    assert!(lines.iter().any(|l| l.starts_with("info depth 5 ")));

    let o = tiers(&["bestmove", "tiers", "start", "--depth", "2", "--level", "4"]);
    assert!(o.status.success());
    let best = stdout_lines(&o).last().unwrap().clone();
    let legal = stdout_lines(&tiers(&["moves", "tiers", "start"]));
    assert!(legal.contains(&best), "{best} is not legal");
}

#[test]
fn bestmove_is_reproducible_for_a_seed() {
    let args = [
        "bestmove", "checkers", "start", "--depth", "4", "--level", "2", "--seed", "11",
    ];
    let a = stdout_lines(&tiers(&args));
    let b = stdout_lines(&tiers(&args));
    assert_eq!(a.last(), b.last());
}

#[test]
fn bestmove_respects_movetime() {
    let o = tiers(&["bestmove", "checkers", "start", "--movetime", "500"]);
    assert!(o.status.success());
    let lines = stdout_lines(&o);
    let result = lines
        .iter()
        .find(|l| l.starts_with("info result"))
        .expect("an info result line");
    let ms: u64 = result
        .rsplit_once("time ")
        .and_then(|(_, t)| t.trim().parse().ok())
        .expect("the search time in ms");
    // The top level thinks for its whole time (measured by the command
    // around the search, without process start-up) and stops by itself,
    // by its clock (not at the deepest iteration). How close to the limit
    // it stops is a figure of the machine, measured by `tiers bench`; the
    // upper bound here only tells stopping from not stopping, so that a
    // busy test machine cannot fail it.
    assert!((500..=7_000).contains(&ms), "searched for {ms} ms");
    let depth: u32 = result
        .split_whitespace()
        .skip_while(|w| *w != "depth")
        .nth(1)
        .and_then(|d| d.parse().ok())
        .expect("the depth reached");
    assert!(depth < 64, "stopped by the clock at depth {depth}");
}

#[test]
fn selfplay_prints_each_game_and_the_score() {
    let o = tiers(&[
        "selfplay",
        "checkers",
        "--a",
        "greedy",
        "--b",
        "1",
        "--games",
        "2",
        "--movetime",
        "5",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let lines = stdout_lines(&o);
    let games: Vec<_> = lines.iter().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 2);
    assert!(games[0].contains("ballot 1 "));
    assert_score(&lines, 2);

    let o = tiers(&[
        "selfplay",
        "tiers",
        "--a",
        "baseline",
        "--b",
        "greedy",
        "--games",
        "1",
        "--movetime",
        "5",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let last = stdout_lines(&o).last().unwrap().clone();
    assert_eq!(last.split('-').count(), 3);
}

/// Another `tiers` binary as a player (`ext:PATH`): here the binary
/// itself, one process per move, against an in-process level 1.
#[test]
fn selfplay_plays_another_tiers_binary() {
    let me = env!("CARGO_BIN_EXE_tiers");
    let ext = format!("ext:{me}");
    let args = level_1_against(me, &["--movetime", "20"]);
    let o = tiers(&args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let lines = stdout_lines(&o);
    assert!(lines[0].contains(&format!("B = {ext}")), "{}", lines[0]);
    let games: Vec<_> = lines.iter().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 2, "{lines:?}");
    let times = &lines[lines.len() - 2];
    assert!(
        times.starts_with("thinking time per move: A ") && times.contains(", B "),
        "{times}"
    );
    assert_score(&lines, 2);

    // Both sides external (a gate between builds), a Tiers game.
    let o = tiers(&[
        "selfplay",
        "tiers",
        "--a",
        &ext,
        "--b",
        &ext,
        "--games",
        "1",
        "--movetime",
        "5",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let last = stdout_lines(&o).last().unwrap().clone();
    assert_eq!(last.split('-').count(), 3, "{last}");

    // External players use their own book: none is announced for them.
    let header = |a: &str| {
        let o = tiers(&[
            "selfplay", "checkers", "--a", a, "--b", &ext, "--games", "0",
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        stdout_lines(&o)[0].clone()
    };
    assert!(!header(&ext).contains("opening book"));
    assert!(header("8").contains("opening book"));
}

/// An external player that cannot be started, fails or prints no legal
/// move ends selfplay with one line naming it and the position.
#[test]
fn a_failing_external_player_is_a_clear_error() {
    for (path, says) in [
        ("/nonexistent/tiers-old", "cannot be started"),
        ("/bin/false", "failed"),
        ("/bin/true", "printed no move"),
        ("/bin/echo", "not a legal move"),
    ] {
        if !path.starts_with("/nonexistent") && !std::path::Path::new(path).exists() {
            continue;
        }
        let args = level_1_against(path, &["--movetime", "5"]);
        let (err, out) = fails_after_output(&args);
        assert!(err.contains(&format!("`{path}`")), "{err}");
        assert!(err.contains(says), "{path}: {err}");
        assert!(
            err.contains("checkers position `W:") || err.contains("checkers position `B:"),
            "{err}"
        );
        // No game was finished.
        assert!(!out.iter().any(|l| l.starts_with("game ")));
    }
}

/// An external player that never answers is stopped `--ext-timeout`
/// milliseconds after its move's time, with an error, not a hung match.
#[cfg(unix)]
#[test]
fn an_external_player_that_never_answers_is_stopped() {
    use std::os::unix::fs::PermissionsExt;
    let dir = std::env::temp_dir().join(format!("tiers-cli-ext-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("silent-tiers");
    // `exec`: the process selfplay started is the one that sleeps.
    std::fs::write(&script, "#!/bin/sh\nexec sleep 600\n").unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let path = script.display().to_string();
    let args = level_1_against(&path, &["--movetime", "5", "--ext-timeout", "200"]);
    let started = std::time::Instant::now();
    let (err, _) = fails_after_output(&args);
    let _ = std::fs::remove_dir_all(&dir);
    // Far less than the script's sleep on any machine: it was stopped.
    assert!(started.elapsed().as_secs() < 300);
    assert!(err.contains(&format!("`{path}`")), "{err}");
    assert!(
        err.contains("had not answered 200 ms after its 5 ms"),
        "{err}"
    );
    assert!(err.contains("was stopped"), "{err}");
    let bad = fails(&[
        "selfplay",
        "checkers",
        "--a",
        "1",
        "--b",
        "1",
        "--games",
        "2",
        "--ext-timeout",
        "soon",
    ]);
    assert!(bad.contains("ext-timeout"), "{bad}");
}

#[test]
fn selfplay_plays_the_hand_set_evaluation_and_chosen_formations() {
    let o = tiers(&[
        "selfplay",
        "tiers",
        "--a",
        "3",
        "--b",
        "3:handset",
        "--games",
        "2",
        "--movetime",
        "5",
        "--formations",
        "chosen-a",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let lines = stdout_lines(&o);
    assert!(
        lines[0].contains("B = level 3 (hand-set evaluation)"),
        "{}",
        lines[0]
    );
    let games: Vec<_> = lines.iter().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 2);
    assert!(games.iter().all(|g| g.contains("chosen ")), "{games:?}");
    assert!(
        games[0].contains("A=red") || games[0].contains("A=Red"),
        "{}",
        games[0]
    );
    assert!(fails(&[
        "selfplay",
        "tiers",
        "--a",
        "3",
        "--b",
        "9:handset",
        "--games",
        "2"
    ])
    .contains("9:handset"));
    assert!(fails(&[
        "selfplay",
        "checkers",
        "--a",
        "3",
        "--b",
        "3",
        "--games",
        "2",
        "--formations",
        "chosen-a"
    ])
    .contains("Tiers only"));
    assert!(fails(&["train", "chess"]).contains("tiers|checkers"));
    assert!(fails(&["train", "checkers", "--depth", "0"]).contains("at least 1"));
    assert!(fails(&["train", "tiers", "--egdb", "/nowhere"]).contains("for checkers"));
    assert!(fails(&["train", "checkers", "--egdb", "/nowhere"]).contains("--egdb /nowhere"));
    assert!(fails(&["train", "tiers", "--games", "0"]).contains("at least 1"));
}

#[test]
fn the_pattern_evaluation_is_fitted_to_the_neural_trainers_data_file() {
    let dir = std::env::temp_dir().join(format!("tiers-cli-samples-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (data, net, weights) = (dir.join("s.dat"), dir.join("n.nnue"), dir.join("w.weights"));
    let o = tiers(&[
        "train".as_ref(),
        "nnue".as_ref(),
        "--games".as_ref(),
        "2".as_ref(),
        "--depth".as_ref(),
        "2".as_ref(),
        "--hidden".as_ref(),
        "8".as_ref(),
        "--epochs".as_ref(),
        "1".as_ref(),
        "--data".as_ref(),
        data.as_os_str(),
        "--out".as_ref(),
        net.as_os_str(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = tiers(&[
        "train".as_ref(),
        "checkers".as_ref(),
        "--samples".as_ref(),
        data.as_os_str(),
        "--epochs".as_ref(),
        "3".as_ref(),
        "--out".as_ref(),
        weights.as_os_str(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let lines = stdout_lines(&o);
    assert!(lines[0].contains("samples of 2 games"), "{lines:?}");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("the committed weights' loss")),
        "{lines:?}"
    );
    // A weights file the engine reads, saying how it was made.
    let file = std::fs::read_to_string(&weights).unwrap();
    assert!(
        file.contains("--samples s.dat (tiers train nnue, 2 games)"),
        "{file}"
    );
    assert!(
        tiers_engine::search::eval::learned::Weights::parse::<tiers_engine::checkers::Position>(
            file.as_bytes()
        )
        .is_ok()
    );
    // Not a data file; no database beside it; options of the games.
    let text = dir.join("not.dat");
    std::fs::write(&text, "hello").unwrap();
    let path = text.to_str().unwrap();
    assert!(fails(&["train", "checkers", "--samples", path]).contains("not a data file"));
    assert!(fails(&["train", "checkers", "--samples", "/nowhere/x.dat"]).contains("/nowhere/x.dat"));
    assert!(fails(&["train", "checkers", "--samples", path, "--egdb", "/e"]).contains("no --egdb"));
    assert!(
        fails(&["train", "checkers", "--samples", path, "--games", "3"]).contains("only --threads")
    );
    assert!(fails(&["train", "tiers", "--samples", path]).contains("for checkers"));
    assert!(
        fails(&["train", "checkers", "--samples", path, "--threads", "0"]).contains("at least 1")
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_arguments_exit_with_code_2_and_one_line() {
    assert!(fails::<&str>(&[]).contains("usage"));
    assert!(fails(&["fly"]).contains("unknown command"));
    assert!(fails(&["moves"]).contains("missing the game"));
    assert!(fails(&["moves", "chess", "start"]).contains("chess"));
    assert!(fails(&["moves", "checkers"]).contains("position"));
    assert!(fails(&["moves", "checkers", "X:W1"]).contains("X:W1"));
    assert!(fails(&["moves", "tiers", "9/8/8/8/8/8/8/8 r 0 1"]).contains("bad tiers position"));
    assert!(fails(&["perft", "checkers", "start"]).contains("depth"));
    assert!(fails(&["perft", "checkers", "start", "-1"]).contains("depth"));
    assert!(fails(&["perft", "checkers", "start", "deep"]).contains("deep"));
    assert!(fails(&["bestmove", "checkers", "start", "--level", "9"]).contains("level"));
    assert!(fails(&["bestmove", "checkers", "start", "--depth"]).contains("--depth"));
    assert!(fails(&["bestmove", "checkers", "start", "--speed", "3"]).contains("--speed"));
    assert!(fails(&["selfplay", "checkers", "--a", "1", "--games", "2"]).contains("--b"));
    assert!(
        fails(&["selfplay", "checkers", "--a", "king", "--b", "1", "--games", "2"])
            .contains("king")
    );
    assert!(
        fails(&["selfplay", "checkers", "--a", "ext:", "--b", "1", "--games", "2"])
            .contains("ext:PATH")
    );
    assert!(fails(&["bench", "now"]).contains("now"));
    assert!(fails(&["tune", "tiers", "--first-weight", "0"])
        .contains("first-weight must be from 1 to 12"));
    assert!(fails(&["tune", "checkers", "--games", "0"]).contains("games must be at least 1"));
}

#[test]
fn bad_positions_and_arguments_say_what_is_wrong() {
    let cases: [(&[&str], &str); 10] = [
        (
            &["moves", "tiers", "8/8/8/8/8/5m3/8/8 r 0 1"],
            "rank 3 has 9 squares",
        ),
        (
            &["moves", "tiers", "8/8/8/8/8/8/8/8 x 0 1"],
            "the side to move must be `r` or `b`",
        ),
        (&["moves", "checkers", "B:W33"], "square 33 does not exist"),
        (&["moves", "checkers", "B:W1:B2"], "must be a king"),
        (&["moves", "checkers", ""], "empty position"),
        (
            &["moves", "checkers", "start", "extra"],
            "moves takes a position, got 2 arguments",
        ),
        (
            &["perft", "tiers", "start", "1", "2"],
            "perft takes a position and a depth, got 3 arguments",
        ),
        (&["perft", "tiers", "start", "31"], "depth 31 is too deep"),
        (&["divide", "checkers", "start", "x"], "`x`"),
        (
            &["perft", "draughts", "start", "3"],
            "unknown game `draughts`",
        ),
    ];
    for (args, expected) in cases {
        let err = fails(args);
        assert!(err.contains(expected), "{args:?}: {err}");
    }
}

#[test]
fn moves_are_written_in_their_shortest_form() {
    // A king taking the same four men either way round: one move, written
    // in its alphabetically first form.
    let o = tiers(&["moves", "checkers", "W:WK18:B6,7,14,15"]);
    assert_eq!(stdout_lines(&o), ["18x11x2x9x18"]);
    // A double ultra king: teleport-then-teleport to a safe square is the
    // single teleport, listed once.
    let o = tiers(&["moves", "tiers", "8/8/8/8/3D4/8/8/7m r 0 1"]);
    let lines = stdout_lines(&o);
    assert!(lines.contains(&"d4-a1".to_string()));
    assert!(!lines.iter().any(|l| l.ends_with("-a1") && l.contains(',')));
    let perft = tiers(&["perft", "tiers", "8/8/8/8/3D4/8/8/7m r 0 1", "1"]);
    assert_eq!(stdout_lines(&perft), [lines.len().to_string()]);
}

#[test]
fn random_games_check_every_ply_and_report() {
    // Every ply against the reference (--sample 1): a few games of each.
    for (game, n) in [("checkers", "12"), ("tiers", "8")] {
        let o = tiers(&[
            "random-games",
            game,
            "--games",
            n,
            "--seed",
            "7",
            "--sample",
            "1",
        ]);
        let lines = stdout_lines(&o);
        assert!(o.status.success(), "{game}: {lines:?}");
        let summary = lines
            .iter()
            .find(|l| l.contains("random games, seed 7"))
            .unwrap_or_else(|| panic!("{game}: no summary in {lines:?}"));
        assert!(summary.contains(&format!(": {n} games, ")), "{summary}");
        assert!(summary.contains(", 0 failures, "), "{summary}");
        assert!(lines.iter().any(|l| l.starts_with("outcomes: ")));
    }
    // Tiers reports how often each tier and action occurred; game 3 is
    // one from a random arrangement of every tier.
    let o = tiers(&[
        "random-games",
        "tiers",
        "--games",
        "1",
        "--first",
        "3",
        "--seed",
        "7",
    ]);
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(
        text.contains(
            "from random arrangements (1 games): plies with each tier on the board: man "
        ),
        "{text}"
    );
    assert!(text.contains("double ultra king "), "{text}");
    assert!(text.contains("teleports "), "{text}");
}

#[test]
fn random_games_refuse_bad_options() {
    assert!(fails(&["random-games", "tiers"]).contains("needs --games N"));
    assert!(
        fails(&["random-games", "tiers", "--games", "1", "--sample", "0"])
            .contains("--sample must be at least 1")
    );
    assert!(fails(&["random-games", "chess", "--games", "1"]).contains("unknown game"));
    assert!(fails(&["random-games", "tiers", "--games", "x"])
        .contains("games must be a non-negative whole number"));
}

#[test]
fn the_committed_opening_book_reads_with_this_code() {
    // The file the worker fetches and the command-line tool compiles in
    // (`tiers book build`, docs/ai.md, "Opening book").
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../assets/data/book/checkers.book"
    );
    let o = tiers(&["book", "verify", path]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let line = stdout_lines(&o).pop().unwrap();
    let positions: usize = line
        .rsplit(": ")
        .next()
        .and_then(|s| s.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{line}"));
    // The start and the 156 ACF ballots at least.
    assert!(positions >= 157, "{line}");
    // The compiled-in book holds the start, every move scored.
    let probe = tiers(&["book", "probe", "start"]);
    assert!(probe.status.success());
    assert_eq!(stdout_lines(&probe).len(), 7, "the 7 moves of the start");
}

/// `puzzles verify` names every puzzle that does not hold and fails (as
/// `./dev test` runs it on the shipped files), or with `--keep` writes the
/// ones that hold.
#[test]
fn puzzles_verify_names_each_bad_puzzle() {
    let dir = std::env::temp_dir().join(format!("tiers-cli-puzzles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("in.txt");
    let kept = dir.join("kept.txt");
    // c1: a quiet move that wins a man; c2: the same position, a move
    // that does not.
    std::fs::write(
        &file,
        "# two puzzles\n\
         c1 | W:WK1,15,19,29,32:B6,8,10,12,28 | 29-25 6-9 15x6 | 1160 | quiet move\n\
         c2 | W:WK1,15,19,29,32:B6,8,10,12,28 | 15-11 | 900 | capture\n",
    )
    .unwrap();
    let path = file.to_str().unwrap();
    let o = tiers(&["puzzles", "verify", "checkers", path, "--no-egdb"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    let err = String::from_utf8(o.stderr).unwrap();
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(
        lines[0].starts_with("bad: puzzle c2: at move 1 the search to depth 10 gives 29-25 (")
            && lines[0].ends_with("; the solution says 15-11"),
        "{err}"
    );
    assert!(
        lines[1].contains("1 of 2 puzzles do not hold (named above) at depth 10, margin 100"),
        "{err}"
    );
    let o = tiers(&[
        "puzzles",
        "verify",
        "checkers",
        path,
        "--no-egdb",
        "--keep",
        kept.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    assert!(stdout_lines(&o)[0].starts_with("1 puzzles verified in "));
    let text = std::fs::read_to_string(&kept).unwrap();
    let puzzles: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(puzzles.len(), 1);
    assert!(puzzles[0].starts_with("c1 | "));
    assert!(text.contains("--depth 10 --margin 100 --keep OUT (1 of 2 kept)"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn pdn_writes_a_file_back_in_the_export_form() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/annotated.pdn");
    let o = tiers(&["pdn", file]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let once = String::from_utf8(o.stdout).unwrap();
    assert!(once.starts_with("[Event \"Annotated games, written by hand\"]\n"));
    assert!(once.contains("(1... 22-17 2. 9-13!? 17-14? 3."), "{once}");
    // Its output read again gives the same text.
    let dir = std::env::temp_dir().join(format!("tiers-cli-pdn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let again_file = dir.join("once.pdn");
    std::fs::write(&again_file, &once).unwrap();
    let again = tiers(&["pdn", again_file.to_str().unwrap()]);
    assert_eq!(String::from_utf8(again.stdout).unwrap(), once);
    // Errors name the line and the column.
    let bad = dir.join("bad.pdn");
    std::fs::write(
        &bad,
        "[Event \"x\"]\n1. 11-15 23-19\n   (1... 22-18 2. 15-19) *\n",
    )
    .unwrap();
    let err = fails(&["pdn", bad.to_str().unwrap()]);
    assert!(
        err.contains("bad.pdn:3:19: game 1: move 2 (Black): 15-19 is not legal here"),
        "{err}"
    );
    std::fs::write(&bad, "1. 11-15 (9-14 22-18 *").unwrap();
    let err = fails(&["pdn", bad.to_str().unwrap()]);
    assert!(
        err.ends_with("bad.pdn:1:10: game 1: `(` is never closed by `)`\n"),
        "{err}"
    );
    std::fs::write(&bad, [0xff, 0xfe, 0x00]).unwrap();
    assert!(fails(&["pdn", bad.to_str().unwrap()]).contains("not UTF-8 text"));
    assert!(fails(&["pdn", dir.join("missing.pdn").to_str().unwrap()]).contains("missing.pdn"));
    assert!(fails(&["pdn"]).contains("tiers pdn FILE"));
    std::fs::remove_dir_all(&dir).unwrap();
}
