use super::*;
use crate::ai::AiReply;
use crate::library::files;

const GAME: &str = "[Event \"x\"]\n1. 11-15 23-19 2. 8-11 22-17 1-0\n";

pub(super) fn subject() -> Subject {
    let mut g = files::read_games(tiers_engine::GameKind::Checkers, GAME).unwrap();
    let g = g.remove(0).unwrap();
    Subject {
        record: g.record,
        tags: g.tags,
        title: crate::library::game_title(tiers_engine::GameKind::Checkers, "Red", "Black"),
        id: Some(4),
        human: Some(Color::Red),
    }
}

/// The computer's answer for each position: score for the side to move,
/// and its line.
const ANSWERS: [(i32, &str); 5] = [
    (0, "11-15 23-19"),
    (0, "22-18 8-11"),
    (300, "9-14"),
    (-300, "22-17"),
    (250, "9-13"),
];

/// Answers the review's requests from `ANSWERS`, starting with id `id`.
fn answer(r: &mut ReviewState, id: &mut u32, positions: usize) -> bool {
    let mut done = false;
    for _ in 0..positions {
        let req = r.request(*id).expect("a position is due");
        let (score, line) = ANSWERS[req.moves.len()];
        r.sent(*id);
        assert!(r.request(*id + 1).is_none(), "one at a time");
        let pv: Vec<String> = line.split(' ').map(str::to_string).collect();
        done = r.reply(AiReply::Info {
            id: *id,
            depth: 7,
            score,
            nodes: 1,
            pv: pv.clone(),
        });
        assert!(!done);
        done = r.reply(AiReply::Move {
            id: *id,
            text: pv[0].clone(),
        });
        *id += 1;
    }
    done
}

pub(super) fn reviewed() -> ReviewState {
    let mut r = ReviewState::default();
    r.open(subject(), None, Screen::Games);
    let mut id = 10;
    assert!(answer(&mut r, &mut id, 5));
    r
}

#[test]
fn thresholds_classify_drops_in_winning_chances() {
    assert_eq!(Mark::of_drop(99), None);
    assert_eq!(Mark::of_drop(INACCURACY), Some(Mark::Inaccuracy));
    assert_eq!(Mark::of_drop(MISTAKE - 1), Some(Mark::Inaccuracy));
    assert_eq!(Mark::of_drop(MISTAKE), Some(Mark::Mistake));
    assert_eq!(Mark::of_drop(BLUNDER), Some(Mark::Blunder));
    assert_eq!(Mark::of_drop(1000), Some(Mark::Blunder));
    // Made-up score sequences, Red moving: level to a man down is a
    // mistake or worse; a man up to level too; small slips are not marked.
    let r = |before: i32, after: i32, best: bool| Review {
        budget: REVIEW_BUDGET,
        start: Eval {
            red: before,
            depth: 5,
        },
        moves: vec![MoveReview {
            after: Eval {
                red: after,
                depth: 5,
            },
            better: if best { vec![] } else { vec!["9-14".into()] },
        }],
    };
    assert_eq!(
        r(0, -100, false).mark(0, Color::Red),
        Some(Mark::Blunder),
        "a man"
    );
    assert_eq!(r(0, -60, false).mark(0, Color::Red), Some(Mark::Mistake));
    assert_eq!(r(0, -300, false).mark(0, Color::Red), Some(Mark::Blunder));
    assert_eq!(r(0, -40, false).mark(0, Color::Red), Some(Mark::Inaccuracy));
    assert_eq!(r(0, -20, false).mark(0, Color::Red), None);
    assert_eq!(r(100, 0, false).mark(0, Color::Red), Some(Mark::Blunder));
    assert_eq!(r(50, 0, false).mark(0, Color::Red), Some(Mark::Inaccuracy));
    assert_eq!(
        r(MATE - 10, 0, false).mark(0, Color::Red),
        Some(Mark::Blunder)
    );
    // Already lost: losing more is not a blunder.
    assert_eq!(r(-900, -1200, false).mark(0, Color::Red), None);
    // Black moving: Red's score going up is Black's drop.
    assert_eq!(r(0, 300, false).mark(0, Color::Black), Some(Mark::Blunder));
    assert_eq!(r(0, -300, false).mark(0, Color::Black), None);
    // The computer's own choice is never marked, whatever the scores say.
    assert_eq!(r(0, -900, true).mark(0, Color::Red), None);
}

#[test]
fn a_known_blunder_is_marked_with_the_better_line() {
    let r = reviewed();
    let review = r.review.as_ref().unwrap();
    let sides = r.subject.as_ref().unwrap().sides();
    assert_eq!(sides, [Color::Black, Color::Red, Color::Black, Color::Red]);
    assert_eq!(
        review.marks(&sides),
        [None, Some(Mark::Blunder), None, None],
        "23-19 threw a level game away; the best moves (11-15, 22-17) are not marked"
    );
    assert_eq!(review.moves[1].better, ["22-18", "8-11"]);
    assert!(review.moves[0].better.is_empty() && review.moves[3].better.is_empty());
    assert_eq!(review.start, Eval { red: 0, depth: 7 });
    assert_eq!(review.moves[1].after.red, -300, "Black's +3 is Red's -3");
    let counts = review.counts(&sides);
    assert_eq!(counts, [[0, 0, 1], [0, 0, 0]]);
    assert_eq!(
        counts_text(Color::Red, counts[0], &crate::i18n::Text::english),
        "Red: 1 blunder"
    );
    assert_eq!(
        counts_text(Color::Black, counts[1], &crate::i18n::Text::english),
        "Black: no mistakes"
    );
    assert_eq!(
        counts_text(Color::Red, [3, 2, 1], &crate::i18n::Text::english),
        "Red: 1 blunder, 2 mistakes, 3 inaccuracies"
    );
    assert_eq!(r.marked(), [1], "Red's (the person's) marked moves");
}

#[test]
fn progress_cancel_and_stale_replies() {
    let mut r = ReviewState::default();
    r.open(subject(), None, Screen::Play);
    assert_eq!(r.progress(), (0, 5));
    let mut id = 1;
    assert!(!answer(&mut r, &mut id, 2));
    assert_eq!(r.progress(), (2, 5));
    // A reply to an old request is dropped.
    assert!(!r.reply(AiReply::Move {
        id: 1,
        text: "x".into()
    }));
    assert_eq!(r.found.len(), 2);
    // Cancelled while a position is analysed: nothing more is asked, its
    // late reply is dropped.
    r.sent(id);
    assert!(r.running());
    r.apply(ReviewAction::Cancel);
    assert!(!r.running() && r.request(id + 1).is_none());
    r.reply(AiReply::Move {
        id,
        text: "8-11".into(),
    });
    assert_eq!(r.progress(), (2, 5));
    // Resumed: it goes on from where it was.
    r.apply(ReviewAction::Resume);
    let mut id = id + 1;
    assert_eq!(r.request(id).unwrap().moves.len(), 2);
    // The worker replaced under it: the position is asked again.
    r.sent(id);
    r.reset();
    assert!(r.request(id + 1).is_some());
    id += 1;
    assert!(answer(&mut r, &mut id, 3));
    assert!(r.review.is_some() && r.request(id).is_none());
    // Cancel after the end changes nothing.
    r.apply(ReviewAction::Cancel);
    assert!(!r.cancelled);
}

#[test]
fn the_end_of_a_won_game_needs_no_search() {
    let mut r = ReviewState::default();
    r.open(subject(), None, Screen::Play);
    let mut id = 1;
    answer(&mut r, &mut id, 4);
    r.sent(id);
    // No legal move (the worker's error): the outcome stands for the score.
    assert!(r.reply(AiReply::Error {
        id,
        problem: crate::ai::AiProblem::NoMove,
    }));
    let review = r.review.unwrap();
    assert_eq!(
        review.moves[3].after,
        Eval {
            red: -MATE,
            depth: 0
        },
        "Black won"
    );
}

#[test]
fn stepping_through_the_marked_moves() {
    let mut r = reviewed();
    assert_eq!(r.only, Some(Color::Red));
    r.apply(ReviewAction::NextMark);
    assert_eq!(r.ply, 2, "after Red's blunder (move index 1)");
    r.apply(ReviewAction::NextMark);
    assert_eq!(r.ply, 2, "no further one");
    r.apply(ReviewAction::Ply(4));
    r.apply(ReviewAction::PrevMark);
    assert_eq!(r.ply, 2);
    r.apply(ReviewAction::Only(Some(Color::Black)));
    assert!(r.marked().is_empty());
    r.apply(ReviewAction::Step(Step::Last));
    assert_eq!(r.ply, 4);
    r.apply(ReviewAction::Ply(99));
    assert_eq!(r.ply, 4, "clamped");
}

#[test]
fn a_saved_review_round_trips_and_damage_is_dropped() {
    let review = reviewed().review.unwrap();
    let v = review.to_value();
    assert_eq!(Review::from_value(&v, 4).unwrap(), review);
    let text = v.to_string();
    assert_eq!(
        Review::from_value(&Json::parse(&text).unwrap(), 4).unwrap(),
        review
    );
    assert!(Review::from_value(&v, 5).is_err(), "another game's review");
    // A review made with a time (before the budget was a number of
    // positions) still reads, and is written back as it was.
    assert!(
        text.starts_with(r#"{"budget":"500000 nodes","start":"#),
        "{text}"
    );
    let old = Json::parse(&text.replace(r#""budget":"500000 nodes""#, r#""ms":350"#)).unwrap();
    let timed = Review::from_value(&old, 4).unwrap();
    assert_eq!(timed.budget, Budget::Time(350));
    assert_eq!(timed.to_value(), old);
    assert!(timed.tag_value().starts_with("350 ms, start "));
    let mut bad = v.clone();
    bad.set("budget", Json::str("fast"));
    assert!(Review::from_value(&bad, 4).is_err());
    let mut bad = v.clone();
    bad.set("start", Json::str("x"));
    assert!(Review::from_value(&bad, 4).is_err());
    // Opened with a review of other length: analysed again.
    let mut r = ReviewState::default();
    let mut short = review.clone();
    short.moves.pop();
    r.open(subject(), Some(short), Screen::Games);
    assert!(r.review.is_none() && r.request(1).is_some());
    r.open(subject(), Some(review), Screen::Games);
    assert!(r.request(1).is_none(), "a saved review is not made again");
}

#[test]
fn the_annotated_pdn_imports_back_without_loss() {
    let r = reviewed();
    let review = r.review.clone().unwrap();
    let pdn = r.annotated_pdn(&Text::english).unwrap();
    assert!(
        pdn.contains("[Review \"500000 nodes, start +0.00/7\"]"),
        "{pdn}"
    );
    let flat = pdn.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("23-19?? {[%eval -3.00/7] [%best 22-18 8-11] Blunder: 22-18 was better.}"),
        "{pdn}"
    );
    assert!(flat.contains("11-15 {[%eval +0.00/7]}"), "{pdn}");
    let mut games = files::read_games(tiers_engine::GameKind::Checkers, &pdn).unwrap();
    let g = games.remove(0).unwrap();
    assert_eq!(g.record.move_texts(), ["11-15", "23-19", "8-11", "22-17"]);
    let tag_value = g
        .tags
        .iter()
        .find(|(n, _)| n == REVIEW_TAG)
        .map(|(_, v)| v.clone());
    let tag = tag_value.as_deref();
    assert_eq!(Review::from_pdn(tag, &g.notes, 4), Some(review.clone()));
    // Written again from the import: the same text.
    let mut again = ReviewState::default();
    let subject = Subject {
        record: g.record,
        tags: g.tags.clone(),
        title: Text::plain(""),
        id: None,
        human: Some(Color::Red),
    };
    again.open(subject, Some(review.clone()), Screen::Games);
    assert_eq!(again.annotated_pdn(&Text::english).unwrap(), pdn);
    // In another language the comment's words change, not what is read
    // back.
    let french = |t: &Text| match t.key {
        "review.pdn-better" => "Gaffe : 22-18 était meilleur.".to_string(),
        _ => t.english(),
    };
    let other = r.annotated_pdn(&french).unwrap();
    let flat = other.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("Gaffe : 22-18 était meilleur."), "{other}");
    assert!(!other.contains("was better"), "{other}");
    let mut games = files::read_games(tiers_engine::GameKind::Checkers, &other).unwrap();
    let g2 = games.remove(0).unwrap();
    assert_eq!(Review::from_pdn(tag, &g2.notes, 4), Some(review.clone()));
    // Comments of another program are not a review.
    assert_eq!(Review::from_pdn(None, &g.notes, 4), None);
    let other = vec![
        Annotation {
            nags: vec![],
            comment: "forced".into(),
            shapes: vec![]
        };
        4
    ];
    assert_eq!(Review::from_pdn(tag, &other, 4), None);
    assert_eq!(
        Eval::parse("-12.05/3"),
        Some(Eval {
            red: -1205,
            depth: 3
        })
    );
    assert_eq!(Eval::parse("12.05/3"), None);
    assert_eq!(Eval { red: -5, depth: 0 }.text(), "-0.05/0");
}

#[test]
fn a_better_line_is_played_out_and_left() {
    let mut r = reviewed();
    r.apply(ReviewAction::ShowLine(0));
    assert_eq!(r.line, None, "the computer's own move has no better line");
    r.apply(ReviewAction::Ply(2));
    r.apply(ReviewAction::ShowLine(1));
    assert_eq!(r.line_moves().unwrap(), ["11-15", "22-18", "8-11"]);
    assert_eq!(r.line_ply, 2, "after the better move");
    r.apply(ReviewAction::Step(Step::Last));
    assert_eq!(r.line_ply, 3);
    r.apply(ReviewAction::Ply(0));
    assert_eq!((r.line_ply, r.ply), (0, 2), "the game's ply is kept");
    r.apply(ReviewAction::HideLine);
    assert_eq!((r.line, r.ply), (None, 2));
    r.apply(ReviewAction::ShowLine(1));
    r.apply(ReviewAction::NextMark);
    assert_eq!(r.line, None, "stepping to a mark leaves the line");
}
