use super::*;
use crate::ai::AiReply;
use crate::analysis_board::review::{review_tree, ReviewPanel};
use crate::analysis_board::AnyTree;
use crate::library::files;
use tiers_engine::tree::NodeId;

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
fn the_marked_moves_of_one_side_or_both() {
    let mut r = reviewed();
    assert_eq!(r.only, Some(Color::Red), "the person's, at first");
    let panel = ReviewPanel::of(r.subject.as_ref().unwrap(), r.review.as_ref().unwrap());
    assert_eq!(panel.marked(r.only), [1], "Red's blunder (move index 1)");
    assert_eq!(r.marked(), [1]);
    r.apply(ReviewAction::Only(Some(Color::Black)));
    assert!(r.marked().is_empty() && panel.marked(r.only).is_empty());
    r.apply(ReviewAction::Only(None));
    assert_eq!(r.marked(), [1]);
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

/// The reviewed game's tree and tags as the analysis board gets them,
/// the comments' words put into words by `say`.
fn board_of(r: &ReviewState, say: &dyn Fn(&Text) -> String) -> (AnyTree, Vec<(String, String)>) {
    let (s, review) = (r.subject.as_ref().unwrap(), r.review.as_ref().unwrap());
    review_tree(s, review, &review.notes(&s.sides(), say)).unwrap()
}

#[test]
fn the_review_on_the_board_s_tree_exports_and_imports_back_without_loss() {
    let r = reviewed();
    let review = r.review.clone().unwrap();
    let (tree, tags) = board_of(&r, &Text::english);
    // The verdicts are on the game's nodes: the mark as a NAG, the
    // evaluation, the computer's line and the words in the comment; the
    // better line a variation from the position before the blunder.
    let panel = ReviewPanel::of(r.subject.as_ref().unwrap(), &review);
    let blunder = panel.node(&tree, 2).unwrap();
    assert_eq!(tree.text(blunder), "23-19");
    assert_eq!(tree.note(blunder).nags, [4]);
    assert_eq!(
        tree.note(blunder).comment,
        "[%eval -3.00/7] [%best 22-18 8-11] Blunder: 22-18 was better."
    );
    let before = panel.node(&tree, 1).unwrap();
    let moves: Vec<&str> = tree
        .children(before)
        .iter()
        .map(|&k| tree.text(k))
        .collect();
    assert_eq!(
        moves,
        ["23-19", "22-18"],
        "the game's move first, then the better one"
    );
    // (8-11 is not legal after 22-18 here: 15x22 must be taken; the line
    // is played as far as it goes.)
    let better = tree.children(before)[1];
    assert!(tree.children(better).is_empty());
    let first = panel.node(&tree, 1).unwrap();
    assert!(tree.note(first).nags.is_empty(), "the computer's own move");
    // The board's PDN writer.
    let pdn = tree.to_pdn(&tags);
    assert!(
        pdn.contains("[Review \"500000 nodes, start +0.00/7\"]"),
        "{pdn}"
    );
    let flat = pdn.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains(
            "1. 11-15 {[%eval +0.00/7]} 23-19?? {[%eval -3.00/7] [%best 22-18 8-11] Blunder: 22-18 was better.} (1... 22-18) 2. 8-11"
        ),
        "{pdn}"
    );
    assert!(flat.contains("11-15 {[%eval +0.00/7]}"), "{pdn}");
    // Read by the games screen (another program reads it likewise): the
    // game's moves, and the review back from the main line's comments.
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
    // Read by the board's reader and written again: the same text.
    let read = crate::analysis_board::read_tree(&pdn).unwrap();
    assert_eq!(read.tree.to_pdn(&read.tags), pdn);
    // The same game reviewed from the import gives the same tree.
    let mut again = ReviewState::default();
    let subject = Subject {
        record: g.record,
        tags: g.tags.clone(),
        title: Text::plain(""),
        id: None,
        human: Some(Color::Red),
    };
    again.open(subject, Some(review.clone()), Screen::Games);
    let (tree2, tags2) = board_of(&again, &Text::english);
    assert_eq!(tree2.to_pdn(&tags2), pdn);
    // In another language the comment's words change, not what is read
    // back.
    let french = |t: &Text| match t.key {
        "review.pdn-better" => "Gaffe : 22-18 était meilleur.".to_string(),
        _ => t.english(),
    };
    let (tree, tags) = board_of(&r, &french);
    let other = tree.to_pdn(&tags);
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
fn the_panel_finds_the_game_s_moves_in_a_tree_the_player_edits() {
    use crate::analysis_board::{AnalysisAction, AnalysisBoard};
    let r = reviewed();
    let (s, review) = (r.subject.as_ref().unwrap(), r.review.as_ref().unwrap());
    let (tree, _) = board_of(&r, &Text::english);
    let mut b = AnalysisBoard {
        tree,
        review: Some(ReviewPanel::of(s, review)),
        ..AnalysisBoard::default()
    };
    let panel = b.review.clone().unwrap();
    assert_eq!(panel.node(&b.tree, 0), Some(NodeId::ROOT));
    assert_eq!(panel.node(&b.tree, 5), None, "past the game's end");
    let end = panel.node(&b.tree, 4).unwrap();
    assert_eq!(panel.ply_of(&b.tree, end), Some(4));
    // The better line is not the game's.
    let before = panel.node(&b.tree, 1).unwrap();
    let better = b.tree.children(before)[1];
    assert_eq!(panel.ply_of(&b.tree, better), None);
    // The player branches and promotes the better line: the game's moves
    // are found all the same.
    b.apply(AnalysisAction::Go(better));
    b.apply(AnalysisAction::MainLine);
    let end = panel.node(&b.tree, 4).unwrap();
    assert_eq!(b.tree.text(end), "22-17");
    assert_eq!(b.tree.note(end).comment, "[%eval -2.50/7]");
    // A move of the game deleted: from there on, no node.
    let third = panel.node(&b.tree, 3).unwrap();
    b.apply(AnalysisAction::Go(third));
    b.apply(AnalysisAction::Delete);
    assert!(panel.node(&b.tree, 2).is_some());
    assert_eq!(panel.node(&b.tree, 3), None);
    // A new board, or a file read, drops the review.
    b.apply(AnalysisAction::Fresh(tiers_engine::GameKind::Checkers));
    assert!(b.review.is_none());
}
