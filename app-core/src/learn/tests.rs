//! Lessons, natively: the course reader, the checks of every attempt
//! (wrong legal moves explained and taken back, illegal ones left to the
//! session), hints, scripted and engine replies, formations, stars and
//! the stored progress.

use super::*;
use crate::ai::{AiReply, AiTarget, Budget};
use crate::boot::{boot, Content, Kept, Stored};
use crate::nav::{NavAction, Screen};
use crate::{AppAction, AppState};
use progress::Read;

const COURSE: &str = "\
# A small course for the tests.
course tiers
title Test course

lesson man: The man
about Men step forward.

exercise
text Capture both black men: jump, then jump again.
position m7/8/5m2/8/4m3/4M3/8/8 r 0 1
play capture 2: e3xe5xg7

exercise
text Step forward, then step again.
position m7/8/8/7m/8/8/8/3M4 r 0 1
play move: d1-d2 | d1-e2
reply h5-h4
wrong d1-c2: that goes away from the centre.
play reach e3: d2-e3

lesson duk: The double ultra king
exercise
text Win within two moves.
position 8/m6m/8/8/3D4/8/8/8 r 0 1
play win in 2: d4-a6,a6xa7

exercise
text Place four men.
position 1m1m1m1m/m1m1m1m1/1m1m1m1m/8/8/M6M/1MM5/MMMM4 r 0 1
play formation: d2 e2 f2 g2
";

fn sq(name: &str) -> u8 {
    course::parse_square(GameKind::Tiers, name).unwrap()
}

/// A learn state with the test course read and an exercise open.
fn open(lesson: usize, exercise: usize) -> Learn {
    let mut l = Learn::default();
    l.apply(LearnAction::Loaded(GameKind::Tiers, Ok(COURSE.into())));
    l.apply(LearnAction::Open(GameKind::Tiers, lesson, exercise));
    assert!(l.play.is_some());
    l
}

fn click(l: &mut Learn, squares: &[&str]) {
    for s in squares {
        l.apply(LearnAction::Board(SessionAction::Square(sq(s))));
    }
}

fn play(l: &Learn) -> &Play {
    l.play.as_ref().unwrap()
}

fn ply(l: &Learn) -> usize {
    play(l).board.record().unwrap().ply()
}

#[test]
fn the_reader_gives_lessons_exercises_and_steps() {
    let c = course::read(COURSE).unwrap();
    assert_eq!(c.kind, GameKind::Tiers);
    assert_eq!(c.lessons.len(), 2);
    assert_eq!(c.lessons[0].id, "man");
    assert_eq!(c.lessons[0].about, "Men step forward.");
    let ex = &c.lessons[0].exercises[1];
    assert_eq!(ex.line, 13);
    assert_eq!(ex.steps.len(), 2);
    assert_eq!(ex.steps[0].goal, course::Goal::Moves);
    assert_eq!(ex.steps[0].solution, ["d1-d2", "d1-e2"]);
    assert_eq!(ex.steps[0].reply.as_deref(), Some("h5-h4"));
    assert_eq!(ex.steps[0].wrong[0].1, "that goes away from the centre.");
    assert_eq!(
        ex.steps[1].goal,
        course::Goal::Meet(vec![course::Condition::Reach(sq("e3"))])
    );
    assert_eq!(
        c.lessons[1].exercises[0].steps[0].goal,
        course::Goal::WinIn(2)
    );
    assert!(verify::verify(&c).is_empty(), "{:?}", verify::verify(&c));
}

#[test]
fn a_wrong_legal_move_is_explained_and_taken_back() {
    let mut l = open(0, 0);
    // e3xe5 only: the man must jump on, so this is not a whole move yet;
    // the board offers the continuation.
    click(&mut l, &["e3", "e5"]);
    assert_eq!(ply(&l), 0);
    click(&mut l, &["g7"]);
    assert_eq!(play(&l).solved, Some(3), "solved first time: three stars");
    assert_eq!(l.progress.of("tiers/man/1"), 3);
    // The next exercise: a legal move that is not accepted.
    l.apply(LearnAction::Next);
    assert_eq!(play(&l).exercise, 1);
    click(&mut l, &["d1", "c2"]);
    let p = play(&l);
    assert_eq!(
        p.note.clone().map(Note::english),
        Some(Note::Wrong("d1-c2: that goes away from the centre.".into()))
    );
    assert_eq!(p.retries, 1);
    assert_eq!(ply(&l), 0, "the board is set up again");
    // An illegal attempt: the session says why; it is no retry.
    click(&mut l, &["d1", "d3"]);
    assert!(play(&l).board.message.is_some());
    assert_eq!(play(&l).retries, 1);
}

#[test]
fn a_line_with_a_scripted_reply() {
    let mut l = open(0, 1);
    click(&mut l, &["d1", "e2"]);
    assert!(play(&l).reply_due, "the reply comes after a pause");
    // The learner cannot move meanwhile.
    click(&mut l, &["e2", "e3"]);
    assert_eq!(ply(&l), 1);
    assert_eq!(
        play(&l)
            .board
            .message
            .as_ref()
            .map(crate::i18n::Text::english)
            .as_deref(),
        Some("Wait for the computer's move.")
    );
    l.apply(LearnAction::Reply);
    assert_eq!(ply(&l), 2);
    assert_eq!(play(&l).step, 1);
    // A wrong second step goes back to the start of that step only.
    click(&mut l, &["e2", "f3"]);
    assert_eq!(ply(&l), 2, "taken back to after the reply");
    assert_eq!(
        play(&l).note.clone().map(Note::english),
        Some(Note::Wrong(
            "e2-f3: that ends on f3; this exercise wants the move to end on e3.".into()
        ))
    );
    click(&mut l, &["e2", "e3"]);
    assert_eq!(play(&l).solved, Some(2), "one retry: two stars");
}

#[test]
fn hints_show_the_piece_then_the_move_and_cost_stars() {
    let mut l = open(0, 0);
    l.apply(LearnAction::Hint);
    assert_eq!(play(&l).marks, vec![sq("e3")]);
    assert_eq!(
        play(&l).note.clone().map(Note::english),
        Some(Note::Hint("Hint: move the piece on e3.".into()))
    );
    l.apply(LearnAction::Hint);
    assert_eq!(play(&l).marks, vec![sq("e3"), sq("e5"), sq("g7")]);
    assert_eq!(
        play(&l).note.clone().map(Note::english),
        Some(Note::Hint("Hint: play e3xe5xg7.".into()))
    );
    assert!(!play(&l).can_hint(), "two hints a step");
    click(&mut l, &["e3", "g7"]);
    assert_eq!(play(&l).solved, Some(1));
    // Starting again keeps the best stars.
    l.apply(LearnAction::Retry);
    click(&mut l, &["e3", "g7"]);
    assert_eq!(play(&l).solved, Some(3));
    assert_eq!(l.progress.of("tiers/man/1"), 3);
}

#[test]
fn the_engine_answers_in_a_win_in_n_and_a_hint_finds_the_win() {
    let mut app = AppState::default();
    app.apply(AppAction::Nav(NavAction::Show(Screen::Learn)));
    app.apply(AppAction::Learn(LearnAction::Loaded(
        GameKind::Tiers,
        Ok(COURSE.into()),
    )));
    app.apply(AppAction::Learn(LearnAction::Open(GameKind::Tiers, 1, 0)));
    assert!(app.ai_due().is_none(), "the learner moves first");
    let learn = |app: &AppState| app.learn.play.clone().unwrap();
    for s in ["d4", "a6", "a7"] {
        app.apply(AppAction::Learn(LearnAction::Board(SessionAction::Square(
            sq(s),
        ))));
    }
    assert_eq!(learn(&app).moves, 1);
    let due = app.ai_due().expect("the engine answers");
    assert_eq!(due.target, AiTarget::Lesson);
    assert_eq!(due.request.budget, Budget::Time(ENGINE_MS));
    let id = due.request.id;
    app.apply(AppAction::AiSent(AiTarget::Lesson, id));
    assert!(app.ai_due().is_none());
    app.apply(AppAction::Ai(AiReply::Move {
        id,
        text: "h7-h6".into(),
    }));
    assert_eq!(learn(&app).board.record().unwrap().ply(), 2);
    // The hint searches the win.
    app.apply(AppAction::Learn(LearnAction::Hint));
    app.apply(AppAction::Learn(LearnAction::Hint));
    let Some(Note::Hint(h)) = learn(&app).note.map(Note::english) else {
        panic!("no hint")
    };
    let text = h.trim_start_matches("Hint: play ").trim_end_matches('.');
    let mut g = learn(&app).board.record().unwrap().clone_box();
    g.play_text(text).unwrap();
    assert_eq!(
        g.outcome().and_then(|o| o.winner()),
        Some(Color::Red),
        "{h}"
    );
    let marks = learn(&app).marks;
    for s in marks {
        app.apply(AppAction::Learn(LearnAction::Board(SessionAction::Square(
            s,
        ))));
    }
    assert_eq!(learn(&app).solved, Some(1), "two hints: one star");
}

#[test]
fn a_win_in_n_that_runs_out_of_moves_starts_again() {
    let mut l = open(1, 0);
    // A quiet first move and a quiet second one: no win within two.
    click(&mut l, &["d4", "e4", "e4"]);
    assert_eq!(play(&l).moves, 1);
    l.ai_sent(7);
    assert!(l.waits_for(7));
    l.apply(LearnAction::Board(SessionAction::Ai(AiReply::Move {
        id: 7,
        text: "h7-h6".into(),
    })));
    click(&mut l, &["e4", "e5", "e5"]);
    let p = play(&l);
    assert_eq!(
        p.note.clone().map(Note::english),
        Some(Note::Wrong(
            "Black is still in the game after 2 moves: this exercise wants a win within 2 moves."
                .into()
        ))
    );
    assert_eq!(p.moves, 0);
    assert_eq!(ply(&l), 0);
}

#[test]
fn a_formation_is_placed_on_the_home_rows() {
    let mut l = open(1, 1);
    assert!(play(&l).setup.is_some());
    l.apply(LearnAction::Place(FormationAction::Toggle(sq("d4"))));
    assert_eq!(
        play(&l).note.clone().map(Note::english),
        Some(Note::Wrong(
            "d4 is outside Red's home rows (ranks 1–3): a man starts on Red's three back ranks only."
                .into()
        ))
    );
    assert_eq!(
        play(&l).setup.as_ref().unwrap().squares[0].len(),
        8,
        "taken back"
    );
    for s in ["d2", "e2", "f2"] {
        l.apply(LearnAction::Place(FormationAction::Toggle(sq(s))));
    }
    assert_eq!(play(&l).solved, None);
    l.apply(LearnAction::Place(FormationAction::Toggle(sq("a2"))));
    assert_eq!(play(&l).solved, Some(2));
    assert_eq!(l.progress.of("tiers/duk/2"), 2);
    assert!(play(&l).last());
}

#[test]
fn progress_is_kept_versioned_and_a_damaged_record_is_set_aside() {
    let mut p = Progress::default();
    p.record("tiers/man/1".into(), 2);
    p.record("tiers/man/1".into(), 1);
    p.record("checkers/moving/2".into(), 3);
    let text = p.to_json();
    assert_eq!(
        text,
        r#"{"v":1,"stars":{"checkers/moving/2":3,"tiers/man/1":2}}"#
    );
    assert_eq!(
        Progress::read(&text),
        Read {
            progress: p.clone(),
            problem: None
        }
    );
    let damaged = r#"{"v":1,"stars":{"tiers/man/1":2,"tiers/man/2":9,"x":1}}"#;
    let read = Progress::read(damaged);
    assert_eq!(read.progress.of("tiers/man/1"), 2);
    assert_eq!(read.progress.stars.len(), 1);
    assert_eq!(
        read.problem.map(|p| p.english()).as_deref(),
        Some("2 of your lesson results could not be read")
    );
    assert_eq!(
        Progress::read(r#"{"v":2,"stars":{}}"#)
            .problem
            .map(|p| p.english())
            .as_deref(),
        Some("Your lesson progress was written by a newer version of Tiers (format 2; this one reads format 1)")
    );
    // At start: the readable part is used, the text set aside with a notice.
    let stored = Stored {
        lessons: Some(damaged.into()),
        ..Stored::default()
    };
    let b = boot(&stored, "", true);
    assert_eq!(b.state.learn.progress.of("tiers/man/1"), 2);
    assert_eq!(b.set_aside, vec![(Kept::Lessons, damaged.to_string())]);
    assert_eq!(
        b.state.notices.english(),
        ["2 of your lesson results could not be read; it was set aside."]
    );
    assert_eq!(
        Kept::Lessons.content(&b.state),
        Content::Text(r#"{"v":1,"stars":{"tiers/man/1":2}}"#.into())
    );
    let mut l = (*b.state.learn).clone();
    l.apply(LearnAction::Reset);
    assert!(l.progress.stars.is_empty());
}

#[test]
fn a_course_that_cannot_be_had_says_why() {
    let mut l = Learn::default();
    l.apply(LearnAction::Loaded(
        GameKind::Checkers,
        Err(crate::i18n::errors::FetchError::Status(404)),
    ));
    assert_eq!(
        match l.course(GameKind::Checkers) {
            Loading::Failed(t) => t.english(),
            _ => String::new(),
        },
        "The Checkers course could not be loaded (the server answered 404)."
    );
    l.apply(LearnAction::Loaded(
        GameKind::Checkers,
        Ok("course checkers\ntitle T\nlesson a: A\n".into()),
    ));
    assert_eq!(
        match l.course(GameKind::Checkers) {
            Loading::Failed(t) => t.english(),
            _ => String::new(),
        },
        "The Checkers course could not be read (the file is damaged at line 3, column 1)."
    );
    l.apply(LearnAction::Loaded(GameKind::Checkers, Ok(COURSE.into())));
    assert_eq!(
        match l.course(GameKind::Checkers) {
            Loading::Failed(t) => t.english(),
            _ => String::new(),
        },
        "The Checkers course file is for another game."
    );
}

#[test]
fn after_a_course_a_game_against_level_two() {
    let mut app = AppState::default();
    app.apply(AppAction::Learn(LearnAction::PlayGame(
        GameKind::Tiers,
        true,
    )));
    assert_eq!(app.nav.screen, Screen::Formation);
    assert_eq!(app.new_game.level, Level::clamped(2));
    assert!(app.new_game.vs_computer);
    app.apply(AppAction::Learn(LearnAction::PlayGame(
        GameKind::Checkers,
        true,
    )));
    assert_eq!(app.nav.screen, Screen::Play);
    assert_eq!(app.session.kind(), Some(GameKind::Checkers));
}

#[test]
fn formation_hints_name_the_home_rows_then_the_squares() {
    let mut l = open(1, 1);
    l.apply(LearnAction::Place(FormationAction::Toggle(sq("d2"))));
    l.apply(LearnAction::Hint);
    assert_eq!(
        play(&l).note.clone().map(Note::english),
        Some(Note::Hint(
            "Hint: tap empty squares of ranks 1 to 3, Red's home rows, until 12 men stand there."
                .into()
        ))
    );
    assert!(play(&l).marks.is_empty());
    l.apply(LearnAction::Hint);
    assert_eq!(
        play(&l).note.clone().map(Note::english),
        Some(Note::Hint("Hint: place men on e2, f2, g2.".into()))
    );
    assert_eq!(play(&l).marks, vec![sq("e2"), sq("f2"), sq("g2")]);
    for s in ["e2", "f2", "g2"] {
        l.apply(LearnAction::Place(FormationAction::Toggle(sq(s))));
    }
    assert_eq!(play(&l).solved, Some(1));
}
