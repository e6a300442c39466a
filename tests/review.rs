//! A game's review answered by the worker's own code ([`think`]) natively:
//! the verdicts depend on the game alone, not on time or on what the
//! worker searched before (a review searches to a number of positions).
//! Here rather than in the core's tests: [`think`] is the web worker's
//! (the core has no worker).

use tiers_app::core::ai::{AiRequest, Budget};
use tiers_app::core::library::files;
use tiers_app::core::nav::Screen;
use tiers_app::core::review::{Mark, OneByOne, Review, ReviewState, Subject};
use tiers_app::worker::{think, TT_MB};
use tiers_engine::Color;

/// A short game without a mistake.
const GAME: &str = "[Event \"x\"]\n1. 11-15 23-19 2. 8-11 22-17 1-0\n";

/// Reviews the checkers game `pdn` with the worker's own answers
/// ([`think`]) from `searcher`.
fn engine_review(pdn: &str, searcher: &mut tiers_engine::search::Searcher) -> (Review, Vec<Color>) {
    let mut games = files::read_games(tiers_engine::GameKind::Checkers, pdn).unwrap();
    let g = games.remove(0).unwrap();
    let subject = Subject {
        record: g.record,
        tags: g.tags,
        title: tiers_app::core::i18n::Text::plain(""),
        id: None,
        human: None,
    };
    let sides = subject.sides();
    let mut r = ReviewState::default();
    r.open(subject, None, Screen::Games);
    for id in 1.. {
        if r.review.is_some() {
            break;
        }
        let req = r.request(id).expect("a position is due");
        assert_eq!(req.budget.limits().time_ms, None, "no clock in a review");
        r.sent(id);
        let mut replies = Vec::new();
        think(searcher, &req, &mut |x| replies.push(x));
        for x in replies {
            r.reply(x);
        }
    }
    (r.review.unwrap(), sides)
}

/// Red's 19-16 gives a man away for nothing (the end-to-end test plays it).
const GIVEAWAY: &str = "[Event \"x\"]\n1. 11-15 23-19 2. 9-14 19-16 3. 12x19 *\n";

#[test]
fn the_engines_verdicts_do_not_depend_on_time_or_on_what_it_searched_before() {
    use tiers_engine::search::Searcher;
    use tiers_engine::Position as _;
    let (fresh, sides) = engine_review(GIVEAWAY, &mut Searcher::new(TT_MB));
    let marks = fresh.marks(&sides);
    assert_eq!(marks[3], Some(Mark::Blunder), "19-16: {fresh:?}");
    assert_eq!(
        marks.iter().flatten().count(),
        1,
        "no other move is marked: {marks:?}"
    );
    assert!(fresh.moves[3].better.len() >= 2, "with a line");
    // The same worker after another game's review and a timed search
    // elsewhere: the same review, evaluation for evaluation.
    let mut used = Searcher::new(TT_MB);
    engine_review(GAME, &mut used);
    let timed = AiRequest {
        id: 99,
        kind: tiers_engine::GameKind::Checkers,
        start: tiers_engine::checkers::Position::start().to_text(),
        moves: vec!["10-14".into()],
        level: tiers_engine::search::Level::ANALYSIS,
        seed: 99,
        budget: Budget::Time(80),
        lines: 0,
    };
    think(&mut used, &timed, &mut |_| {});
    assert_eq!(engine_review(GIVEAWAY, &mut used).0, fresh);
}
