use super::*;
use crate::review::tests::{reviewed, subject};
use crate::review::{MoveReview, OneByOne, ReviewState, BLUNDER, MISTAKE};
use tiers_engine::search::MATE;

fn eval(red: i32) -> Eval {
    Eval { red, depth: 9 }
}

#[test]
fn an_answer_is_accepted_when_the_review_would_not_have_marked_it() {
    // Every score from a clear loss to a clear win, from three positions,
    // for both sides: accepted exactly when the drop is under the
    // inaccuracy threshold, i.e. when the review gives no mark.
    for before in [-300, 0, 150, MATE - 5] {
        for after in (-1000..=1000).step_by(5) {
            for mover in Color::ALL {
                let d = chance_drop(eval(before), eval(after), mover);
                assert_eq!(accepted(eval(before), eval(after), mover), d < INACCURACY);
                let review = Review {
                    budget: REVIEW_BUDGET,
                    start: eval(before),
                    moves: vec![MoveReview {
                        after: eval(after),
                        better: vec!["9-14".into()],
                    }],
                };
                assert_eq!(
                    accepted(eval(before), eval(after), mover),
                    review.mark(0, mover).is_none(),
                    "{before} → {after}, {mover:?}"
                );
            }
        }
    }
    // Figures: as good as the best, a little worse, a man worse.
    assert!(accepted(eval(0), eval(0), Color::Red));
    assert!(accepted(eval(0), eval(-20), Color::Red), "a fifth of a man");
    assert!(
        !accepted(eval(0), eval(-40), Color::Red),
        "two fifths: an inaccuracy"
    );
    assert!(!accepted(eval(0), eval(-100), Color::Red), "a man");
    assert!(
        accepted(eval(0), eval(-100), Color::Black),
        "Red's loss is Black's gain"
    );
    assert!(!accepted(eval(0), eval(100), Color::Black));
    // Better than the review's best (a deeper tactic found): accepted.
    assert!(accepted(eval(0), eval(300), Color::Red));
    // A won position kept won, thrown away.
    assert!(accepted(eval(MATE - 5), eval(MATE - 9), Color::Red));
    assert!(!accepted(eval(MATE - 5), eval(0), Color::Red));
    assert!(chance_drop(eval(0), eval(-100), Color::Red) >= BLUNDER);
}

#[test]
fn the_exercises_are_the_players_mistakes_and_blunders() {
    let r = reviewed();
    let list = r.exercises();
    assert_eq!(list.len(), 1);
    let e = &list[0];
    assert_eq!(
        (e.index, e.mark, e.side, e.played.as_str()),
        (1, Mark::Blunder, Color::Red, "23-19")
    );
    assert_eq!(e.best, ["22-18", "8-11"]);
    assert_eq!(e.before, Eval { red: 0, depth: 7 });
    // Black (the computer here) made none.
    let s = subject();
    let review = r.review.clone().unwrap();
    let black = Subject {
        human: Some(Color::Black),
        ..s.clone()
    };
    assert!(exercises(&black, &review, None).is_empty());
    // Two players: the side stepped through, or both.
    let two = Subject { human: None, ..s };
    assert_eq!(exercises(&two, &review, None).len(), 1);
    assert_eq!(exercises(&two, &review, Some(Color::Red)).len(), 1);
    assert!(exercises(&two, &review, Some(Color::Black)).is_empty());
    // An inaccuracy is not an exercise; a mistake is.
    let mut mild = review.clone();
    mild.moves[1].after.red = -40;
    assert_eq!(mild.mark(1, Color::Red), Some(Mark::Inaccuracy));
    assert!(exercises(&two, &mild, None).is_empty());
    mild.moves[1].after.red = -60;
    assert!(mild.drop(1, Color::Red) >= MISTAKE);
    assert_eq!(exercises(&two, &mild, None)[0].mark, Mark::Mistake);
}

fn typed(text: &str) -> DrillAction {
    DrillAction::Board(SessionAction::Typed {
        text: text.into(),
        now: 0,
    })
}

/// The search of an answer, answered with `score` for the side to move
/// there (Black: Red answered).
fn answer(r: &mut ReviewState, id: u32, score: i32) -> bool {
    let req = r.request(id).expect("the answer is searched");
    assert_eq!(req.budget, REVIEW_BUDGET);
    r.sent(id);
    assert!(r.request(id + 1).is_none(), "one at a time");
    let pv = vec!["8-11".to_string()];
    r.drill_reply(AiReply::Info {
        id,
        depth: 9,
        score,
        nodes: 1,
        pv: pv.clone(),
    });
    r.drill_reply(AiReply::Move {
        id,
        text: pv[0].clone(),
    })
}

fn ply(r: &ReviewState) -> usize {
    r.drill.as_ref().unwrap().board.record().unwrap().ply()
}

fn note(r: &ReviewState) -> Note {
    r.drill.as_ref().unwrap().note.clone()
}

#[test]
fn a_wrong_answer_is_taken_back_and_a_good_one_found_after_it() {
    let mut r = reviewed();
    assert!(!r.drill(DrillAction::Open));
    let d = r.drill.as_ref().expect("one exercise");
    assert_eq!((d.at, ply(&r)), (0, 1), "the position before 23-19");
    assert_eq!(d.note, Note::Find);
    assert!(r.request(1).is_none(), "nothing to search yet");

    // The move of the game: refused at once.
    r.drill(typed("23-19"));
    assert_eq!(note(&r), Note::Same("23-19".into()));
    assert_eq!(ply(&r), 1, "taken back");
    assert!(r.request(1).is_none());

    // Another move, searched: a man lost for Red (Black +1.00).
    r.drill(typed("24-20"));
    assert_eq!(note(&r), Note::Checking("24-20".into()));
    assert_eq!(ply(&r), 2, "shown while searched");
    assert_eq!(r.request(5).unwrap().moves, ["11-15", "24-20"]);
    // The board takes no move meanwhile.
    r.drill(typed("8-11"));
    assert_eq!(ply(&r), 2);
    assert!(!answer(&mut r, 5, 100), "nothing done yet");
    assert_eq!(note(&r), Note::Wrong("24-20".into(), 50, 25));
    assert_eq!(ply(&r), 1, "taken back");
    assert_eq!(r.drill.as_ref().unwrap().tries, 2);

    // A move nearly as good as the best: accepted after the retries.
    r.drill(typed("22-17"));
    assert!(answer(&mut r, 6, 10));
    assert_eq!(note(&r), Note::Right("22-17".into(), false));
    assert_eq!(ply(&r), 2, "the good move stays on the board");
    assert_eq!(r.progress.done.get(&1), Some(&Solved::Retried));
    // The board takes no more moves; "Show me" plays the line, and does
    // not undo the solve.
    r.drill(typed("8-11"));
    assert_eq!(ply(&r), 2);
    assert!(!r.drill(DrillAction::ShowMe));
    let d = r.drill.as_ref().unwrap();
    assert_eq!(d.line, Some(2));
    assert_eq!(d.line_moves().unwrap(), ["11-15", "22-18", "8-11"]);
    r.apply(crate::review::ReviewAction::Step(Step::On));
    assert_eq!(r.drill.as_ref().unwrap().line, Some(3));
    r.apply(crate::review::ReviewAction::Step(Step::On));
    assert_eq!(r.drill.as_ref().unwrap().line, Some(3), "the line's end");
    r.apply(crate::review::ReviewAction::Ply(0));
    assert_eq!(r.drill.as_ref().unwrap().line, Some(0));
    assert_eq!(r.ply, 0, "the review's own ply is left alone");

    // After the last exercise, the summary.
    r.drill(DrillAction::Next);
    let d = r.drill.as_ref().unwrap();
    assert!(d.summary);
    assert_eq!(d.progress.tally(&d.exercises), [0, 1, 0]);
    r.drill(DrillAction::Close);
    assert!(r.drill.is_none());
    assert_eq!(r.ply, 1, "back at the exercise's move");
}

#[test]
fn the_best_move_needs_no_search_and_show_me_counts_as_shown() {
    let mut r = reviewed();
    r.drill(DrillAction::Open);
    assert!(r.drill(typed("22-18")));
    assert_eq!(note(&r), Note::Right("22-18".into(), true));
    assert!(r.request(1).is_none());
    assert_eq!(r.progress.done.get(&1), Some(&Solved::First));
    // Again, shown this time.
    r.drill(DrillAction::Again);
    assert_eq!((note(&r), ply(&r)), (Note::Find, 1));
    assert!(r.drill(DrillAction::ShowMe));
    assert_eq!(r.progress.done.get(&1), Some(&Solved::Shown));
    assert_eq!(note(&r), Note::Shown);
    // Reopened: all done, from the first; the progress is there.
    r.drill(DrillAction::Close);
    r.drill(DrillAction::Open);
    assert_eq!(r.drill.as_ref().unwrap().at, 0);
    assert_eq!(r.drill.as_ref().unwrap().progress.done.len(), 1);
}

#[test]
fn a_search_that_fails_or_a_replaced_worker_leaves_the_exercise_playable() {
    let mut r = reviewed();
    r.drill(DrillAction::Open);
    r.drill(typed("24-20"));
    r.sent(3);
    assert!(r.pending());
    // The worker was replaced: asked again.
    r.reset();
    assert_eq!(r.request(4).unwrap().moves, ["11-15", "24-20"]);
    r.sent(4);
    // A late reply to the first request is dropped.
    assert!(!r.drill_reply(AiReply::Move {
        id: 3,
        text: "8-11".into()
    }));
    assert!(matches!(note(&r), Note::Checking(_)));
    r.drill_reply(AiReply::Error {
        id: 4,
        problem: crate::ai::AiProblem::NoMove,
    });
    assert!(matches!(note(&r), Note::Failed(_)));
    assert_eq!(ply(&r), 1, "taken back: try again");
    assert!(r.progress.done.is_empty());
    r.drill(typed("22-18"));
    assert_eq!(note(&r), Note::Right("22-18".into(), true));
}

#[test]
fn progress_round_trips_and_a_damaged_one_is_named() {
    let mut p = Progress::default();
    p.done.insert(3, Solved::First);
    p.done.insert(8, Solved::Shown);
    p.done.insert(9, Solved::Retried);
    let v = p.to_value();
    assert_eq!(
        v.to_string(),
        r#"{"v":1,"done":{"3":"first","8":"shown","9":"retried"}}"#
    );
    assert_eq!(Progress::from_value(&v, 10).unwrap(), p);
    for (text, said) in [
        (r#"{"v":2,"done":{}}"#, "was written by a newer version"),
        (r#"{"done":{}}"#, "is in an unknown or outdated format"),
        (r#"{"v":1}"#, "could not be read (it is damaged)"),
        (r#"{"v":1,"done":{"x":"first"}}"#, "(it is damaged)"),
        (r#"{"v":1,"done":{"10":"first"}}"#, "(it is damaged)"),
        (r#"{"v":1,"done":{"3":"won"}}"#, "(it is damaged)"),
        (r#"{"v":1,"done":[1]}"#, "(it is damaged)"),
    ] {
        let v = Json::parse(text).unwrap();
        let e = Progress::from_value(&v, 10).unwrap_err().english();
        assert!(
            e.starts_with("Your progress in Learn from your mistakes") && e.contains(said),
            "{text}: {e}"
        );
    }
}

#[test]
fn progress_is_kept_with_the_archived_game_and_a_damaged_one_set_aside() {
    use crate::library::archive::{Archive, Entry};
    let s = subject();
    let mut g = s.record.clone_box();
    g.resign(Color::Red);
    let meta = crate::session::GameMeta {
        id: 4,
        ..Default::default()
    };
    let mut a = Archive::new();
    let mut e = Entry::of(&*g, crate::session::Opponent::Friend, &meta, 1).unwrap();
    let mut p = Progress::default();
    p.done.insert(1, Solved::Retried);
    e.drill = Some(p.clone());
    a.upsert(e.clone());
    let read = Archive::read(&a.to_json());
    assert_eq!(read.archive, a);
    assert!(read.problem.is_none() && read.drill_problem.is_none());

    // Damaged: the game is kept without it, the progress set aside.
    let json = a.to_json().replace(r#""1":"retried""#, r#""1":"maybe""#);
    let read = Archive::read(&json);
    assert_eq!(read.archive.games.len(), 1);
    assert_eq!(read.archive.games[0].drill, None);
    assert_eq!(read.archive.games[0].pdn, e.pdn);
    assert_eq!(
        read.set_aside,
        [r#"{"id":4,"drill":{"v":1,"done":{"1":"maybe"}}}"#]
    );
    assert!(read.problem.is_none(), "no game was lost");
    assert_eq!(
        read.drill_problem.unwrap().english(),
        "Your progress in Learn from your mistakes could not be read (it is damaged); it was set aside, the games kept."
    );
}

#[test]
fn the_app_keeps_the_progress_in_the_archive_entry() {
    use crate::library::archive::Entry;
    use crate::{AppAction, AppState};
    let mut app = AppState::default();
    let s = subject();
    let mut g = s.record.clone_box();
    g.resign(Color::Red);
    let meta = crate::session::GameMeta {
        id: 4,
        ..Default::default()
    };
    let entry = Entry::of(&*g, crate::session::Opponent::Friend, &meta, 1).unwrap();
    app.library.update(|l| l.file(entry));
    let mut r = reviewed();
    // `reviewed` is of the game with id 4, as the entry.
    r.subject = Some(std::rc::Rc::new(subject()));
    app.review.update(|x| *x = r);
    app.apply(AppAction::Drill(DrillAction::Open));
    app.apply(AppAction::Drill(typed("22-18")));
    let kept = app.library.archive.games[0].drill.clone().unwrap();
    assert_eq!(kept.done.get(&1), Some(&Solved::First));
}

/// A Tiers game of four moves from the standard formations, each the first
/// legal move, and for each position a legal move other than the game's.
fn tiers_game() -> (String, Vec<String>, Vec<String>) {
    use tiers_engine::{tiers, Position};
    let start = tiers::Position::start();
    let (mut pos, mut played, mut others) = (start, Vec::new(), Vec::new());
    for _ in 0..4 {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        assert!(moves.len() > 1, "a choice at every ply");
        played.push(pos.move_to_string(&moves[0]));
        others.push(pos.move_to_string(&moves[1]));
        pos = pos.play(&moves[0]);
    }
    (start.to_text(), played, others)
}

#[test]
fn a_tiers_game_gives_the_same_drill_in_its_own_notation() {
    let (start, played, others) = tiers_game();
    let record = rebuild(GameKind::Tiers, &start, &played, played.len(), None).unwrap();
    let mover = record.side_at(1).unwrap();
    let subject = Subject {
        record,
        tags: Vec::new(),
        title: crate::library::game_title(GameKind::Tiers, "Red", "Black"),
        id: Some(7),
        human: Some(mover),
    };
    let mut r = ReviewState::default();
    r.open(subject, None, crate::nav::Screen::Games);
    // The second move throws three men away (the side to move after it
    // stands +3.00); every other position is level.
    let scores = [0, 0, 300, 0, 0];
    for id in 20..20 + scores.len() as u32 {
        let req = r.request(id).expect("a position is due");
        assert_eq!(req.kind, GameKind::Tiers);
        let at = req.moves.len();
        r.sent(id);
        let best = others.get(at).cloned().unwrap_or_else(|| played[0].clone());
        r.reply(AiReply::Info {
            id,
            depth: 7,
            score: scores[at],
            nodes: 1,
            pv: vec![best.clone()],
        });
        r.reply(AiReply::Move { id, text: best });
    }
    let list = r.exercises();
    assert_eq!(list.len(), 1, "{list:?}");
    assert_eq!((list[0].index, list[0].side), (1, mover));
    assert_eq!(list[0].played, played[1]);
    assert_eq!(list[0].best.first(), Some(&others[1]));

    r.drill(DrillAction::Open);
    assert_eq!(ply(&r), 1, "the position before the blunder");
    // The game's move, typed in Tiers notation: refused without a search.
    r.drill(typed(&played[1]));
    assert_eq!(note(&r), Note::Same(played[1].clone()));
    assert_eq!(ply(&r), 1);
    // The review's best: right at once.
    assert!(r.drill(typed(&others[1])));
    assert_eq!(note(&r), Note::Right(others[1].clone(), true));
    assert_eq!(ply(&r), 2);
    assert_eq!(
        r.progress.done.get(&1),
        Some(&Solved::Retried),
        "after one wrong try"
    );
}
