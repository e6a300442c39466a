//! Puzzles, natively: the file reader's errors, picking near the rating,
//! solving on the board (replies, wrong moves, hints), the Elo rating and
//! the stored history (round trip, damaged records at start).

use super::*;
use crate::boot::{boot, Content, Kept, Stored};
use crate::by_game::ByGame;
use crate::nav::{NavAction, Screen};
use crate::{AppAction, AppState};
use history::{elo, key, START_RATING};

/// Two checkers puzzles from the generator: a double jump (one move), and
/// a quiet move that wins a man (two solver moves).
const FILE: &str = "\
# checkers puzzles: id | position | solution | rating | themes
c0001 | B:W5,7,16,28,29,31:B2,3,4,15,19 | 2x11x20 | 710 | multi-jump
c0003 | W:WK1,15,19,29,32:B6,8,10,12,28 | 29-25 6-9 15x6 | 1160 | quiet move
";

fn loaded() -> Puzzles {
    let mut p = Puzzles::default();
    p.apply(PuzzleAction::Loaded(GameKind::Checkers, Ok(FILE.into())));
    p
}

/// Plays a move by clicking its squares on the puzzle's board.
fn play(p: &mut Puzzles, text: &str) {
    let s = p.solving.as_ref().expect("a puzzle on the board");
    let squares = crate::record::squares_of(s.board.record().unwrap(), text);
    for sq in squares {
        p.apply(PuzzleAction::Board(SessionAction::Square(sq)));
    }
}

/// Opens the puzzle with this id (the roll that picks it).
fn open(p: &mut Puzzles, id: &str) {
    for roll in 0..8 {
        p.apply(PuzzleAction::Next(roll));
        if p.solving.as_ref().is_some_and(|s| s.puzzle.id == id) {
            return;
        }
    }
    panic!("{id} never picked");
}

#[test]
fn the_reader_names_the_bad_line() {
    let set = read_file(GameKind::Checkers, FILE).unwrap();
    assert_eq!(
        (set.puzzles.len(), set.notice(GameKind::Checkers)),
        (2, None)
    );
    // Nothing usable: the first problem.
    let cases = [
        ("c1 | B:W18:B14 | 14x23 | 900\n", "line 1: a puzzle has 5 fields separated by `|` (id, position, solution, rating, themes); found 4"),
        ("# x\nc1 | B:W18:B14 | 14x23 | 9000 | shot\n", "line 2: the rating must be a whole number from 400 to 3000, found `9000`"),
        ("c1 | B:W18:B14 | 14x23 22x15 | 900 | \n", "line 1: the solution must have an odd number of moves (it ends with the solver's move), found 2"),
        ("c 1 | B:W18:B14 | 14x23 | 900 | \n", "line 1: the id must be 1-32 letters, digits, `-` or `_`, found `c 1`"),
        ("# nothing\n", "line 1: the file holds no puzzle"),
        // A Tiers position in the checkers file.
        ("t1 | 8/8/8/8/8/8/8/4T1k1 b 0 48 | g1-f2 | 900 | \n", "puzzle t1: the position cannot be read: "),
        // A solution that does not play.
        ("c1 | W:WK1,15,19,29,32:B6,8,10,12,28 | 29-25 7-11 15x6 | 900 | \n", "puzzle c1: move 2 (7-11) cannot be played: "),
        // A move not written as the board writes it.
        ("c1 | B:W5,7,16,28,29,31:B2,3,4,15,19 | 2x20 | 710 | \n", "puzzle c1: move 1 is written `2x20`, the board writes `2x11x20`"),
    ];
    for (text, want) in cases {
        let e = read_file(GameKind::Checkers, text).unwrap_err();
        assert!(e.starts_with(want), "{e}");
    }
    // In the state: a failure says which game and why.
    let mut p = Puzzles::default();
    p.apply(PuzzleAction::Loaded(GameKind::Tiers, Ok("x".into())));
    assert_eq!(
        match p.set(GameKind::Tiers) {
            Loading::Failed(t) => t.english(),
            _ => String::new(),
        },
        "The Tiers puzzles could not be read (the file is damaged)."
    );
    p.apply(PuzzleAction::Loaded(
        GameKind::Checkers,
        Err(crate::i18n::errors::FetchError::Status(404)),
    ));
    assert_eq!(
        match p.set(GameKind::Checkers) {
            Loading::Failed(t) => t.english(),
            _ => String::new(),
        },
        "The Checkers puzzles could not be loaded (the server answered 404)."
    );
    assert!(p.solving.is_none());
}

/// A damaged file: every puzzle that cannot be used is left out with its
/// reason, the others are played, and the app's notice bar counts them.
#[test]
fn puzzles_that_cannot_be_used_are_left_out_with_a_notice() {
    let damaged = format!(
        "{FILE}c9 | x\n\
         c0001 | B:W18:B14 | 14x23 | 900 | \n\
         c7 | W:WK1,15,19,29,32:B6,8,10,12,28 | 29-25 7-11 15x6 | 900 | \n\
         c8 | 8/8/8/8/8/8/8/4T1k1 b 0 48 | g1-f2 | 900 | \n"
    );
    let set = read_file(GameKind::Checkers, &damaged).unwrap();
    let ids: Vec<&str> = set.puzzles.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids, ["c0001", "c0003"]);
    assert_eq!(set.left_out.len(), 4, "{:?}", set.left_out);
    assert_eq!(set.left_out[0], "line 4: a puzzle has 5 fields separated by `|` (id, position, solution, rating, themes); found 2");
    assert_eq!(set.left_out[1], "line 5: the id c0001 is used twice");
    assert!(
        set.left_out[2].starts_with("puzzle c7: move 2 (7-11) cannot be played"),
        "{}",
        set.left_out[2]
    );
    assert!(
        set.left_out[3].starts_with("puzzle c8: the position cannot be read"),
        "{}",
        set.left_out[3]
    );
    let notice = format!(
        "4 puzzles of the Checkers puzzle file are left out: they cannot be used (the first: {}).",
        set.left_out[0]
    );
    assert_eq!(set.notice(GameKind::Checkers).unwrap().english(), notice);
    // In the app: the notice bar says it (once, however often the file is
    // read), and the puzzles screen goes on with the good ones.
    let mut app = AppState::default();
    for _ in 0..2 {
        app.apply(AppAction::Puzzle(PuzzleAction::Loaded(
            GameKind::Checkers,
            Ok(damaged.clone()),
        )));
    }
    assert_eq!(
        app.notices
            .list
            .iter()
            .map(crate::i18n::Text::english)
            .collect::<Vec<_>>(),
        [notice]
    );
    let mut p = (*app.puzzles).clone();
    assert!(p.wants_puzzle());
    open(&mut p, "c0003");
    play(&mut p, "29-25");
    p.apply(PuzzleAction::Reply);
    play(&mut p, "15x6");
    assert!(p.solving.as_ref().unwrap().solved);
    // A whole file: no notice.
    let mut app = AppState::default();
    app.apply(AppAction::Puzzle(PuzzleAction::Loaded(
        GameKind::Checkers,
        Ok(FILE.into()),
    )));
    assert!(app.notices.list.is_empty());
    // One left out: the singular, and the game named.
    let tiers = "t0001 | 8/8/7m/7m/8/8/8/4T1k1 b 0 48 | g1-f2 e1xg3 h5-g4 g3xg5 h6xf4 | 1370 | shot,win\nt2 | x\n";
    let set = read_file(GameKind::Tiers, tiers).unwrap();
    assert_eq!(
        set.notice(GameKind::Tiers).unwrap().english(),
        "1 puzzle of the Tiers puzzle file is left out: it cannot be used (line 2: a puzzle has 5 fields separated by `|` (id, position, solution, rating, themes); found 2)."
    );
}

#[test]
fn the_next_puzzle_is_near_the_rating_and_not_tried() {
    let list: Vec<Puzzle> = (0..20)
        .map(|i| Puzzle {
            id: format!("c{i}"),
            position: "B:W18:B14".into(),
            solution: vec!["14x23".into()],
            rating: 500 + 100 * i,
            themes: vec![],
        })
        .collect();
    // 1500 is c10; the 8 nearest are c6..c14 without one end.
    for roll in 0..16 {
        let i = pick(&list, |_| true, |_| false, 1500, None, roll).unwrap();
        assert!(list[i].rating.abs_diff(1500) <= 400, "{}", list[i].rating);
    }
    // Never the one on the board, never a tried one while others are left.
    let tried = |p: &Puzzle| p.rating >= 1100;
    for roll in 0..16 {
        let i = pick(&list, |_| true, tried, 1500, Some(5), roll).unwrap();
        assert!(list[i].rating < 1100 && i != 5);
    }
    // All tried: any but the current.
    assert_ne!(pick(&list, |_| true, |_| true, 500, Some(0), 0), Some(0));
    assert_eq!(
        pick(&list[..1], |_| true, |_| true, 500, Some(0), 3),
        Some(0)
    );
    assert_eq!(pick(&[], |_| true, |_| false, 500, None, 3), None);
}

#[test]
fn solving_plays_the_replies_and_moves_the_rating_up() {
    let mut p = loaded();
    assert!(p.wants_puzzle());
    open(&mut p, "c0003");
    play(&mut p, "29-25");
    let s = p.solving.as_ref().unwrap();
    assert!(s.reply_due && !s.solved && s.note.is_none());
    // The board takes no move while the reply is due.
    p.apply(PuzzleAction::Reply);
    let s = p.solving.as_ref().unwrap();
    assert_eq!(s.step, 2);
    assert_eq!(s.board.record().unwrap().move_texts(), ["29-25", "6-9"]);
    assert_eq!(s.progress(), (1, 2));
    play(&mut p, "15x6");
    let s = p.solving.as_ref().unwrap();
    assert!(s.solved && !s.failed);
    let up = elo(START_RATING, 1160, true);
    assert!(up > START_RATING);
    assert_eq!(s.change, Some((START_RATING, up)));
    assert_eq!(p.history().rating(GameKind::Checkers), up);
    assert_eq!(p.history().rating(GameKind::Tiers), START_RATING);
    assert_eq!(p.history().counts(GameKind::Checkers), (1, 0));
    assert_eq!(p.history().streak, 1);
    // The next one is the other puzzle (not tried yet).
    p.apply(PuzzleAction::Next(0));
    assert_eq!(p.solving.as_ref().unwrap().puzzle.id, "c0001");
}

#[test]
fn a_wrong_move_is_refused_and_counts_as_a_failure_once() {
    let mut p = loaded();
    open(&mut p, "c0003");
    play(&mut p, "15-11");
    let s = p.solving.as_ref().unwrap();
    assert_eq!(s.note.clone().map(Note::english), Some(Note::Wrong));
    assert_eq!(s.board.record().unwrap().ply(), 0, "taken back");
    assert!(s.failed && !s.reply_due);
    let down = elo(START_RATING, 1160, false);
    assert!(down < START_RATING);
    assert_eq!(s.change, Some((START_RATING, down)));
    // A second wrong move changes nothing more.
    play(&mut p, "15-11");
    assert_eq!(p.history().rating(GameKind::Checkers), down);
    assert_eq!(p.solving.as_ref().unwrap().wrong, 2);
    // Solving it afterwards does not move the rating again.
    play(&mut p, "29-25");
    assert_eq!(p.solving.as_ref().unwrap().note, None);
    p.apply(PuzzleAction::Reply);
    play(&mut p, "15x6");
    let s = p.solving.as_ref().unwrap();
    assert!(s.solved && s.failed);
    assert_eq!(p.history().rating(GameKind::Checkers), down);
    assert_eq!(p.history().counts(GameKind::Checkers), (0, 1));
    assert_eq!(p.history().streak, 0);
    assert_eq!(
        p.history().result(&key(GameKind::Checkers, "c0003")),
        Some(Attempt::Failed)
    );
}

#[test]
fn the_hint_shows_the_piece_and_counts_as_failed() {
    let mut p = loaded();
    open(&mut p, "c0001");
    assert!(p.solving.as_ref().unwrap().can_hint());
    p.apply(PuzzleAction::Hint);
    let s = p.solving.as_ref().unwrap();
    assert_eq!(
        s.note.clone().map(Note::english),
        Some(Note::Hint("Move the piece on 2.".into()))
    );
    assert_eq!(s.marks.len(), 1);
    assert!(s.failed && !s.can_hint());
    play(&mut p, "2x11x20");
    assert!(p.solving.as_ref().unwrap().solved);
    assert_eq!(p.history().counts(GameKind::Checkers), (0, 1));
}

#[test]
fn choosing_a_game_keeps_its_puzzle_apart() {
    let mut p = loaded();
    p.apply(PuzzleAction::Next(0));
    p.apply(PuzzleAction::Choose(GameKind::Tiers, 0));
    assert_eq!(p.kind, GameKind::Tiers);
    // The Tiers file is not read yet: the screen fetches it.
    assert_eq!(*p.set(GameKind::Tiers), Loading::Idle);
    assert!(!p.wants_puzzle());
    p.apply(PuzzleAction::Loaded(
        GameKind::Tiers,
        Ok("t1 | 8/8/7m/2k1K3/MK1mm3/M7/8/8 r 9 34 | b4xd6 | 1500 | capture\n".into()),
    ));
    assert!(p.wants_puzzle());
    p.apply(PuzzleAction::Next(0));
    assert_eq!(p.solving.as_ref().unwrap().kind, GameKind::Tiers);
    play(&mut p, "b4xd6");
    assert!(p.solving.as_ref().unwrap().solved);
    assert!(p.history().rating(GameKind::Tiers) > START_RATING);
    assert_eq!(p.history().rating(GameKind::Checkers), START_RATING);
}

#[test]
fn the_history_round_trips_and_a_damaged_one_is_set_aside() {
    let mut h = History::default();
    h.record(GameKind::Checkers, "c0001", 1500, Attempt::Solved);
    h.record(GameKind::Tiers, "t0002", 1500, Attempt::Failed);
    let text = h.to_json();
    assert_eq!(
        text,
        r#"{"v":1,"ratings":{"checkers":1516,"tiers":1484},"streak":0,"history":{"checkers/c0001":"solved","tiers/t0002":"failed"},"log":{"checkers":[1516],"tiers":[1484]},"best":{"checkers":{"streak":0,"rush-3":0,"rush-5":0},"tiers":{"streak":0,"rush-3":0,"rush-5":0}},"daily":{"checkers":null,"tiers":null,"last":null,"days":0}}"#
    );
    let read = History::read(&text);
    assert_eq!(read.problem, None);
    assert_eq!(read.history, h);
    // Unreadable, newer, partly damaged.
    assert_eq!(
        History::read("{").problem.unwrap().english(),
        "Your puzzle rating and history could not be read (it is not valid JSON)"
    );
    assert_eq!(
        History::read(r#"{"v":2}"#)
            .problem
            .map(|p| p.english())
            .as_deref(),
        Some("Your puzzle rating and history was written by a newer version of Tiers (format 2; this one reads format 1)")
    );
    let damaged = r#"{"v":1,"ratings":{"checkers":1600,"tiers":"x"},"history":{"checkers/c1":"solved","chess/x":"solved","tiers/t1":"maybe"}}"#;
    let read = History::read(damaged);
    assert_eq!(read.history.rating(GameKind::Checkers), 1600);
    assert_eq!(read.history.rating(GameKind::Tiers), START_RATING);
    assert_eq!(read.history.results.len(), 1);
    assert_eq!(
        read.problem.unwrap().english(),
        "3 entries of your puzzle rating and history could not be read"
    );
    // At start: the readable part is used, the text set aside with a notice.
    let stored = Stored {
        puzzles: Some(damaged.into()),
        ..Stored::default()
    };
    let b = boot(&stored, "", true);
    assert_eq!(b.state.puzzles.history.rating(GameKind::Checkers), 1600);
    assert_eq!(b.set_aside, vec![(Kept::Puzzles, damaged.to_string())]);
    assert_eq!(
        b.state.notices.english(),
        ["3 entries of your puzzle rating and history could not be read; it was set aside."]
    );
    assert_eq!(
        Kept::Puzzles.content(&b.state),
        Content::Text(r#"{"v":1,"ratings":{"checkers":1600,"tiers":1500},"streak":0,"history":{"checkers/c1":"solved"},"log":{"checkers":[],"tiers":[]},"best":{"checkers":{"streak":0,"rush-3":0,"rush-5":0},"tiers":{"streak":0,"rush-3":0,"rush-5":0}},"daily":{"checkers":null,"tiers":null,"last":null,"days":0}}"#.into())
    );
    // Nothing kept: the defaults, no notice.
    let b = boot(&Stored::default(), "", true);
    assert_eq!(b.state.puzzles.history, History::default());
    assert!(b.set_aside.is_empty());
}

#[test]
fn the_app_routes_puzzle_actions_and_keeps_the_record() {
    let mut app = AppState::default();
    app.apply(AppAction::Nav(NavAction::Show(Screen::Puzzles)));
    app.apply(AppAction::Puzzle(PuzzleAction::Loaded(
        GameKind::Checkers,
        Ok(FILE.into()),
    )));
    let rev = Kept::Puzzles.revision(&app);
    app.apply(AppAction::Puzzle(PuzzleAction::Next(0)));
    assert!(app.puzzles.solving.is_some());
    // A puzzle on the board is nothing to keep; a hint counts as a miss.
    assert_eq!(Kept::Puzzles.revision(&app), rev);
    app.apply(AppAction::Puzzle(PuzzleAction::Hint));
    assert_ne!(Kept::Puzzles.revision(&app), rev);
    // The computer is never asked anything for a puzzle.
    assert!(app.ai_due().is_none());
}

#[test]
fn a_puzzle_whose_line_does_not_play_says_so() {
    // The reader leaves such a puzzle out; set up anyway, it says why.
    let p = Puzzle::parse_line("c1 | W:WK1,15,19,29,32:B6,8,10,12,28 | 29-25 7-11 15x6 | 900 | ")
        .unwrap();
    let s = Solving::start(GameKind::Checkers, Mode::Rated, 0, p).unwrap();
    assert!(
        matches!(&s.note.clone().map(Note::english), Some(Note::Broken(t)) if t == "This puzzle cannot be played (the file is damaged)."),
        "{:?}",
        s.note
    );
    assert!(!s.can_hint());
}

#[test]
fn a_cut_or_changed_history_never_panics() {
    let mut h = History::default();
    h.record(GameKind::Checkers, "c0001", 1500, Attempt::Solved);
    h.record(GameKind::Tiers, "t0002", 1500, Attempt::Failed);
    let text = h.to_json();
    for i in 0..text.len() {
        let read = History::read(&text[..i]);
        assert!(read.problem.is_some(), "{}", &text[..i]);
        for c in ['"', '9', '{', ',', 'x'] {
            let mut t = text.clone();
            t.replace_range(i..=i, &c.to_string());
            let read = History::read(&t);
            // Whatever was read is written back readable.
            assert_eq!(History::read(&read.history.to_json()).problem, None, "{t}");
        }
    }
}

/// A list of `n` one-move puzzles rated 500, 600, … (ids c0…).
fn ladder(n: u32) -> Vec<Puzzle> {
    (0..n)
        .map(|i| Puzzle {
            id: format!("c{i}"),
            position: "B:W28:B1".into(),
            solution: vec!["1-6".into()],
            rating: 500 + 100 * i,
            themes: vec![if i % 2 == 0 { "shot" } else { "endgame" }.into()],
        })
        .collect()
}

#[test]
fn days_are_calendar_dates() {
    for (y, m, d, n) in [
        (1970, 1, 1, 0),
        (2000, 3, 1, 11_017),
        (2026, 11, 27, 20_784),
    ] {
        let day = Day::from_ymd(y, m, d).unwrap();
        assert_eq!((day, day.ymd()), (Day(n), (y, m, d)));
        assert_eq!(Day::parse(&day.to_string()), Some(day));
    }
    // Every day of four centuries round-trips and follows the one before.
    let mut prev = Day::from_ymd(1999, 12, 31).unwrap();
    for n in 0..146_097 {
        let (y, m, d) = Day(prev.0 + 1).ymd();
        let day = Day::from_ymd(y, m, d).unwrap();
        assert_eq!(day.before(), prev, "{n}");
        prev = day;
    }
    for bad in [
        "2026-02-29",
        "2026-13-01",
        "2026-00-10",
        "x",
        "2026-1",
        "",
        "0-1-1",
    ] {
        assert_eq!(Day::parse(bad), None, "{bad}");
    }
}

#[test]
fn the_daily_puzzle_is_a_function_of_the_date() {
    let list = read_file(
        GameKind::Checkers,
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../assets/puzzles/checkers.txt"
        ))
        .unwrap(),
    )
    .unwrap()
    .puzzles;
    let day = Day::from_ymd(2026, 11, 27).unwrap();
    let today = modes::daily(&list, day).unwrap();
    // Pinned: every device, every build, the same puzzle on that date.
    assert_eq!(
        list[today].id,
        modes::daily(&list.clone(), day)
            .map(|i| list[i].id.clone())
            .unwrap()
    );
    // It changes from day to day: a month of dailies, almost all different.
    let month: std::collections::HashSet<usize> = (0..30)
        .map(|n| modes::daily(&list, Day(day.0 + n)).unwrap())
        .collect();
    assert!(month.len() >= 25, "{} different in 30 days", month.len());
    // Leaving out another puzzle (a damaged copy) does not change it, nor
    // does the file's order.
    let mut fewer = list.clone();
    fewer.remove(if today == 0 { 1 } else { 0 });
    let i = modes::daily(&fewer, day).unwrap();
    assert_eq!(fewer[i].id, list[today].id);
    let mut reversed = list.clone();
    reversed.reverse();
    assert_eq!(
        reversed[modes::daily(&reversed, day).unwrap()].id,
        list[today].id
    );
    assert_eq!(modes::daily(&[], day), None);
}

#[test]
fn the_daily_puzzle_solved_marks_the_day_and_the_streak_of_days() {
    let d = Day::from_ymd(2026, 11, 27).unwrap();
    let mut p = loaded();
    p.apply(PuzzleAction::Daily(GameKind::Checkers, d));
    assert!(p.wants_puzzle());
    let mut q = loaded();
    q.apply(PuzzleAction::Daily(GameKind::Checkers, d));
    // What the screen does: a puzzle when it wants one (the roll unused).
    q.apply(PuzzleAction::Next(99));
    assert!(!q.wants_puzzle());
    let s = q.solving.as_ref().unwrap();
    assert_eq!(s.mode, Mode::Daily(d));
    let list = &read_file(GameKind::Checkers, FILE).unwrap().puzzles;
    assert_eq!(s.puzzle.id, list[modes::daily(list, d).unwrap()].id);
    let solution = s.puzzle.solution.clone();
    for (i, m) in solution.iter().enumerate() {
        if i % 2 == 0 {
            play(&mut q, m);
        } else {
            q.apply(PuzzleAction::Reply);
        }
    }
    assert!(q.solving.as_ref().unwrap().solved);
    let h = &q.history;
    assert!(h.dailies.solved_on(GameKind::Checkers, d));
    assert!(!h.dailies.solved_on(GameKind::Tiers, d));
    assert_eq!(
        h.counts(GameKind::Checkers),
        (1, 0),
        "a daily counts as rated"
    );
    // The streak of days.
    let mut days = history::Dailies::default();
    assert_eq!(days.streak(d), 0);
    days.solve(GameKind::Checkers, d);
    days.solve(GameKind::Tiers, d);
    assert_eq!(days.streak(d), 1);
    days.solve(GameKind::Checkers, Day(d.0 + 1));
    assert_eq!(days.streak(Day(d.0 + 1)), 2);
    assert_eq!(days.streak(Day(d.0 + 2)), 2, "kept while today's may come");
    assert_eq!(days.streak(Day(d.0 + 3)), 0, "a day missed");
    days.solve(GameKind::Tiers, Day(d.0 + 3));
    assert_eq!(days.streak(Day(d.0 + 3)), 1);
}

/// A puzzles state with the [`ladder`] file read.
fn ladder_loaded() -> Puzzles {
    let mut text = String::new();
    for p in ladder(20) {
        text.push_str(&format!(
            "{} | {} | {} | {} | {}\n",
            p.id, p.position, p.solution[0], p.rating, p.themes[0]
        ));
    }
    let mut p = Puzzles::default();
    p.apply(PuzzleAction::Loaded(GameKind::Checkers, Ok(text)));
    p
}

/// A puzzles state on a [`ladder`] file in `mode`, its run started.
fn run_of(mode: Mode) -> Puzzles {
    let mut p = ladder_loaded();
    p.apply(PuzzleAction::Mode(mode));
    assert!(!p.wants_puzzle(), "waits for the start");
    p.apply(PuzzleAction::StartRun(1_000_000));
    assert!(p.wants_puzzle());
    p.apply(PuzzleAction::Next(0));
    p
}

/// The rating of the puzzle on the board.
fn rating_on(p: &Puzzles) -> u32 {
    p.solving.as_ref().unwrap().puzzle.rating
}

/// A wrong move on the ladder's board (the one piece goes the other way).
fn wrong(p: &mut Puzzles) {
    play(p, "1-5");
}

#[test]
fn a_streak_rises_in_difficulty_and_ends_at_the_first_wrong_move() {
    let mut p = run_of(Mode::Streak);
    let mut ratings = vec![rating_on(&p)];
    for _ in 0..5 {
        play(&mut p, "1-6");
        ratings.push(rating_on(&p));
    }
    assert_eq!(p.current_run().unwrap().solved, 5);
    assert!(
        ratings.windows(2).all(|w| w[0] < w[1]),
        "rising: {ratings:?}"
    );
    assert!(!p.solving.as_ref().unwrap().can_hint(), "no hint in a run");
    wrong(&mut p);
    let run = p.current_run().unwrap();
    assert!(run.over && p.solving.is_none());
    assert_eq!((run.solved, run.mistakes), (5, 1));
    assert!(p.new_best);
    assert_eq!(p.history().bests[GameKind::Checkers].streak, 5);
    assert_eq!(
        p.history().results,
        vec![],
        "a run does not move the rating"
    );
    assert_eq!(p.history().rating(GameKind::Checkers), START_RATING);
    // A shorter one keeps the best.
    p.apply(PuzzleAction::StartRun(2_000_000));
    p.apply(PuzzleAction::Next(0));
    play(&mut p, "1-6");
    wrong(&mut p);
    assert!(!p.new_best);
    assert_eq!(p.history().bests[GameKind::Checkers].streak, 5);
}

#[test]
fn a_clock_tick_leaves_the_history_s_revision_alone() {
    let mut p = run_of(Mode::Rush(modes::RushLength::Five));
    play(&mut p, "1-6");
    let solved = p.history_rev();
    for ms in (0..20).map(|i| 1_000_000 + i * 250) {
        p.apply(PuzzleAction::Tick(ms));
    }
    assert_eq!(p.history_rev(), solved, "ticks do not touch the history");
    assert!(!p.current_run().unwrap().over);
    // The end of the rush keeps its best: that is a change.
    p.apply(PuzzleAction::Tick(1_000_000 + 5 * 60_000));
    assert!(p.history_rev() > solved);
}

#[test]
fn a_rush_ends_at_three_mistakes_or_when_its_time_is_up() {
    let three = Mode::Rush(modes::RushLength::Three);
    let mut p = run_of(three);
    play(&mut p, "1-6");
    wrong(&mut p);
    assert!(p.solving.is_some(), "a rush goes on after a mistake");
    play(&mut p, "1-6");
    wrong(&mut p);
    wrong(&mut p);
    let run = p.current_run().unwrap();
    assert!(run.over);
    assert_eq!((run.solved, run.mistakes), (2, 3));
    assert_eq!(p.history().bests[GameKind::Checkers].rush3, 2);
    // The time: up at exactly 3 minutes, not before.
    let five = Mode::Rush(modes::RushLength::Five);
    let mut p = run_of(five);
    play(&mut p, "1-6");
    p.apply(PuzzleAction::Tick(1_000_000 + 5 * 60_000 - 1));
    assert_eq!(p.current_run().unwrap().left(), Some(1));
    assert!(!p.current_run().unwrap().over);
    p.apply(PuzzleAction::Tick(1_000_000 + 5 * 60_000));
    assert!(p.current_run().unwrap().over && p.solving.is_none());
    assert_eq!(p.history().bests[GameKind::Checkers].rush5, 1);
    assert_eq!(p.history().bests[GameKind::Checkers].rush3, 0);
    // Leaving a rush for another mode ends it and counts its score.
    let mut p = run_of(three);
    play(&mut p, "1-6");
    p.apply(PuzzleAction::Mode(Mode::Rated));
    assert_eq!(p.history().bests[GameKind::Checkers].rush3, 1);
}

#[test]
fn the_theme_filter_serves_only_that_theme() {
    let mut p = ladder_loaded();
    p.apply(PuzzleAction::Next(0));
    let Loading::Ready(set) = p.set(GameKind::Checkers) else {
        panic!()
    };
    assert_eq!(
        set.themes(),
        [("endgame".to_string(), 10), ("shot".to_string(), 10)]
    );
    p.apply(PuzzleAction::Theme(Some("endgame".into()), 0));
    for roll in 0..30 {
        let s = p.solving.as_ref().unwrap();
        assert_eq!(s.puzzle.themes, ["endgame"]);
        if roll % 2 == 0 {
            play(&mut p, "1-6");
        }
        p.apply(PuzzleAction::Next(roll));
    }
    p.apply(PuzzleAction::Theme(None, 0));
    assert!(p.solving.is_some());
}

#[test]
fn the_bests_days_and_rating_log_are_kept_and_a_damaged_part_is_named() {
    let mut h = History::default();
    h.record(GameKind::Checkers, "c1", 1500, Attempt::Solved);
    h.record(GameKind::Checkers, "c2", 1500, Attempt::Failed);
    h.run_over(GameKind::Tiers, Mode::Rush(modes::RushLength::Five), 7);
    h.run_over(GameKind::Checkers, Mode::Streak, 3);
    h.dailies
        .solve(GameKind::Tiers, Day::from_ymd(2026, 11, 27).unwrap());
    let text = h.to_json();
    assert!(
        text.contains(r#""log":{"checkers":[1516,1499],"tiers":[]}"#),
        "{text}"
    );
    assert!(
        text.contains(
            r#""daily":{"checkers":null,"tiers":"2026-11-27","last":"2026-11-27","days":1}"#
        ),
        "{text}"
    );
    let read = History::read(&text);
    assert_eq!((read.history, read.problem), (h, None));
    // A record from before these parts reads as having none.
    let old = r#"{"v":1,"ratings":{"checkers":1516,"tiers":1500},"streak":1,"history":{"checkers/c1":"solved"}}"#;
    let read = History::read(old);
    assert_eq!(read.problem, None);
    assert_eq!(read.history.bests, ByGame::default());
    // Damaged parts: named, the rest kept.
    let damaged = r#"{"v":1,"history":{},"log":{"checkers":[1500,"x"]},"best":{"tiers":{"streak":-1,"rush-3":4}},"daily":{"checkers":"2026-02-30","last":"2026-11-27","days":2}}"#;
    let read = History::read(damaged);
    assert_eq!(read.history.bests[GameKind::Tiers].rush3, 4);
    assert_eq!(read.history.dailies.last, Day::from_ymd(2026, 11, 27));
    assert_eq!(read.history.dailies.days, 2);
    assert_eq!(
        read.problem.map(|t| t.english()).as_deref(),
        Some("3 entries of your puzzle rating and history could not be read")
    );
    // The log keeps the latest ratings only.
    let mut h = History::default();
    for i in 0..(history::LOG_LENGTH + 5) {
        h.record(GameKind::Checkers, &format!("c{i}"), 1500, Attempt::Solved);
    }
    assert_eq!(h.log[GameKind::Checkers].len(), history::LOG_LENGTH);
    assert_eq!(
        h.log[GameKind::Checkers].last(),
        Some(&h.rating(GameKind::Checkers))
    );
}

#[test]
fn the_dashboard_counts_each_theme_weakest_first() {
    let mut p = ladder_loaded();
    let Loading::Ready(set) = p.set(GameKind::Checkers).clone() else {
        panic!()
    };
    // c0, c2 (shot) solved; c1 (endgame) solved; c3, c5 (endgame) failed;
    // c4 (shot) failed.
    let h = p.history_mut();
    for (id, r) in [
        ("c0", Attempt::Solved),
        ("c2", Attempt::Solved),
        ("c1", Attempt::Solved),
        ("c3", Attempt::Failed),
        ("c5", Attempt::Failed),
        ("c4", Attempt::Failed),
    ] {
        h.record(GameKind::Checkers, id, 1000, r);
    }
    let scores = theme_scores(h, GameKind::Checkers, &set);
    assert_eq!(
        scores,
        [
            ThemeScore {
                theme: "endgame".into(),
                solved: 1,
                failed: 2
            },
            ThemeScore {
                theme: "shot".into(),
                solved: 2,
                failed: 1
            },
        ]
    );
    assert_eq!((scores[0].per_mille(), scores[1].per_mille()), (333, 666));
    // Another game's history, or none: nothing.
    assert_eq!(
        theme_scores(&History::default(), GameKind::Checkers, &set),
        []
    );
    assert_eq!(theme_scores(h, GameKind::Tiers, &set), []);
    // The rating log the graph draws: one point per rated puzzle.
    assert_eq!(h.log[GameKind::Checkers].len(), 6);
}

#[test]
fn a_finished_puzzle_opens_on_the_analysis_board() {
    let mut app = AppState::default();
    app.apply(AppAction::Nav(NavAction::Show(Screen::Puzzles)));
    app.apply(AppAction::Puzzle(PuzzleAction::Loaded(
        GameKind::Checkers,
        Ok(FILE.into()),
    )));
    app.apply(AppAction::Puzzle(PuzzleAction::Next(0)));
    let id = app.puzzles.solving.as_ref().unwrap().puzzle.id.clone();
    let solution = app
        .puzzles
        .solving
        .as_ref()
        .unwrap()
        .puzzle
        .solution
        .clone();
    let mut p = (*app.puzzles).clone();
    for (i, mv) in solution.iter().enumerate() {
        if i % 2 == 0 {
            play(&mut p, mv);
        } else {
            p.apply(PuzzleAction::Reply);
        }
    }
    assert!(p.solving.as_ref().unwrap().solved, "{id}");
    app.puzzles.update(|q| *q = p);
    app.apply(AppAction::Analyse(crate::AnalyseFrom::Puzzle));
    assert_eq!(app.nav.screen, Screen::Analysis);
    let b = &app.analysis_board;
    assert_eq!(b.back, Screen::Puzzles);
    // The puzzle's position, its solution as the main line, shown at its end.
    assert_eq!(b.tree.record(b.at).move_texts(), solution);
    let start = b.tree.record(tiers_engine::tree::NodeId::ROOT);
    assert_eq!(
        start.position_text_at(0),
        Some(
            app.puzzles
                .solving
                .as_ref()
                .unwrap()
                .puzzle
                .position
                .clone()
        )
    );
}
