//! "Learn from your mistakes" answered by the worker's own code
//! ([`think`]) natively, at the review's budget: the exercise a review
//! makes of a man given away, the verdict on every other answer, the same
//! on every device (the end-to-end test, e2e/tests/mistakes.test.mjs,
//! plays some of them in the browser).

use tiers_app::core::library::files;
use tiers_app::core::nav::Screen;
use tiers_app::core::review::mistakes::{DrillAction, Note, Solved};
use tiers_app::core::review::{Mark, OneByOne, ReviewState, Subject};
use tiers_app::core::session::SessionAction;
use tiers_app::worker::{think, TT_MB};
use tiers_engine::search::Searcher;
use tiers_engine::Color;

/// Red's 19-16 gives a man away for nothing (as in tests/review.rs).
const GIVEAWAY: &str = "[Event \"x\"]\n1. 11-15 23-19 2. 9-14 19-16 3. 12x19 *\n";

/// Answers every request due with the worker's own code, until none is.
fn answer_all(r: &mut ReviewState, searcher: &mut Searcher, id: &mut u32) {
    while let Some(req) = r.request(*id) {
        r.sent(*id);
        let mut replies = Vec::new();
        think(searcher, &req, &mut |x| replies.push(x));
        for x in replies {
            if r.review.is_some() {
                r.drill_reply(x);
            } else {
                r.reply(x);
            }
        }
        *id += 1;
    }
}

fn reviewed(searcher: &mut Searcher, id: &mut u32) -> ReviewState {
    let mut games = files::read_games(tiers_engine::GameKind::Checkers, GIVEAWAY).unwrap();
    let g = games.remove(0).unwrap();
    let subject = Subject {
        record: g.record,
        tags: g.tags,
        title: tiers_app::core::i18n::Text::plain(""),
        id: None,
        human: None,
    };
    let mut r = ReviewState::default();
    r.open(subject, None, Screen::Games);
    answer_all(&mut r, searcher, id);
    assert!(r.review.is_some());
    r
}

fn typed(text: &str) -> DrillAction {
    DrillAction::Board(SessionAction::Typed {
        text: text.into(),
        now: 0,
    })
}

#[test]
fn a_man_given_away_is_an_exercise_and_each_answer_is_judged_at_the_reviews_budget() {
    let mut searcher = Searcher::new(TT_MB);
    let mut id = 1;
    let mut r = reviewed(&mut searcher, &mut id);
    let list = r.exercises();
    assert_eq!(list.len(), 1, "{list:?}");
    let e = list[0].clone();
    assert_eq!(
        (e.index, e.side, e.mark, e.played.as_str()),
        (3, Color::Red, Mark::Blunder, "19-16")
    );
    r.drill(DrillAction::Open);
    let d = r.drill.as_ref().unwrap();
    let legal: Vec<String> = d
        .board
        .record()
        .unwrap()
        .legal()
        .into_iter()
        .map(|m| m.text)
        .collect();
    // Every legal answer, each from the exercise's start.
    let mut verdicts = Vec::new();
    for mv in &legal {
        r.drill(DrillAction::Again);
        r.drill(typed(mv));
        answer_all(&mut r, &mut searcher, &mut id);
        let note = r.drill.as_ref().unwrap().note.clone();
        eprintln!("{mv}: {note:?}");
        verdicts.push((mv.clone(), note));
    }
    let verdict = |mv: &str| &verdicts.iter().find(|(m, _)| m == mv).unwrap().1;
    assert_eq!(verdict(&e.best[0]), &Note::Right(e.best[0].clone(), true));
    assert_eq!(verdict("19-16"), &Note::Same("19-16".into()));
    // The moves the end-to-end test plays: one refused, one accepted
    // though not the computer's first choice.
    assert!(
        matches!(verdict(WRONG), Note::Wrong(m, _, _) if m == WRONG),
        "{WRONG}: {:?}",
        verdict(WRONG)
    );
    assert_ne!(e.best[0], GOOD);
    assert_eq!(verdict(GOOD), &Note::Right(GOOD.into(), false));
    // A refused answer is taken back: the position of the exercise again.
    r.drill(DrillAction::Again);
    r.drill(typed(WRONG));
    answer_all(&mut r, &mut searcher, &mut id);
    assert_eq!(r.drill.as_ref().unwrap().board.record().unwrap().ply(), 3);
    // The last answer tried was a good one at the first try.
    assert_eq!(r.progress.done.get(&3), Some(&Solved::First));
}

/// The answers e2e/tests/mistakes.test.mjs plays (what this test finds
/// of them).
const WRONG: &str = "22-18";
const GOOD: &str = "24-20";
