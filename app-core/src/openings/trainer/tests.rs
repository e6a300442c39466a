use super::*;
use crate::boot::{boot, Content, Kept, Stored};

const FILE: &str = include_str!("../../../../assets/data/openings/checkers.txt");

/// Ballot 1 (9-13 21-17 5-9) and ballot 2 (9-13 21-17 6-9), with their
/// lines: Red plays the first and third move of each.
const TWO: &str = "1|9-13 21-17 5-9|25-21 9-14 23-18 14x23\n\
                   2|9-13 21-17 6-9|25-21 11-15 30-25 8-11\n\
                   4|9-13 22-17 13x22|25x18 10-15 26-22 7-10\n";

fn loaded(text: &str) -> Trainer {
    let mut t = Trainer::default();
    t.apply(OpeningsAction::Fetching);
    assert_eq!(t.lines, Lines::Fetching);
    t.apply(OpeningsAction::Loaded(Ok(text.to_string())));
    t
}

fn play(t: &mut Trainer, text: &str) {
    let d = t.drill.as_ref().expect("an item on the board");
    let squares = crate::record::squares_of(d.board.record().unwrap(), text);
    assert!(!squares.is_empty(), "{text} is legal");
    for sq in squares {
        t.apply(OpeningsAction::Board(SessionAction::Square(sq)));
    }
}

fn key(t: &Trainer) -> String {
    t.drill.as_ref().unwrap().key.clone()
}

/// The moves on the board up to its cursor.
fn moves(t: &Trainer) -> Vec<String> {
    let record = t.drill.as_ref().unwrap().board.record().unwrap();
    let mut all = record.move_texts();
    all.truncate(record.ply());
    all
}

/// Plays the item on the board through, right (each of the trainee's
/// moves as the line has it) or with one wrong move first.
fn answer(t: &mut Trainer, right: bool) {
    let mut wrong = !right;
    while !t.drill.as_ref().unwrap().done {
        if t.drill.as_ref().unwrap().reply_due {
            t.apply(OpeningsAction::Reply);
            continue;
        }
        let d = t.drill.as_ref().unwrap();
        let want = d.line.line[d.step].clone();
        if wrong {
            let other = d
                .board
                .record()
                .unwrap()
                .legal()
                .into_iter()
                .find(|m| m.text != want)
                .expect("another legal move");
            play(t, &other.text);
            wrong = false;
            continue;
        }
        play(t, &want);
    }
}

#[test]
fn the_shipped_ballots_are_the_new_game_screens() {
    // The trainer names a ballot as the new game screen does: the file's
    // numbers and moves are the deck's, in its order.
    let lines = read(FILE).unwrap();
    let deck: Vec<String> = (1..=156)
        .filter_map(tiers_bracket::ballots::Ballot::get)
        .map(crate::new_game::ballot_name)
        .collect();
    let named: Vec<String> = lines
        .iter()
        .map(|l| format!("ACF {}: {}", l.number, l.ballot.join(" ")))
        .collect();
    assert_eq!(named, deck);
}

#[test]
fn an_item_starts_after_its_ballot_and_the_line_is_played_through() {
    let mut t = loaded(TWO);
    // The first item: ballot 1 as Red (the default side), after its moves.
    assert_eq!(key(&t), "1/red");
    assert_eq!(moves(&t), ["9-13", "21-17", "5-9"]);
    let d = t.drill.as_ref().unwrap();
    assert!(!d.reply_due && !d.done && d.card.is_none());
    assert_eq!(d.progress(), (0, 2));
    play(&mut t, "25-21");
    assert!(t.drill.as_ref().unwrap().reply_due);
    // The board takes no move while the reply is due.
    play(&mut t, "11-15");
    assert_eq!(moves(&t).len(), 4);
    t.apply(OpeningsAction::Reply);
    assert_eq!(moves(&t)[4], "9-14");
    assert_eq!(t.drill.as_ref().unwrap().progress(), (1, 2));
    play(&mut t, "23-18");
    let d = t.drill.as_ref().unwrap();
    assert!(d.done && !d.missed && d.note.is_none());
    assert_eq!(
        t.progress().schedule.cards["1/red"],
        Card { level: 1, due: 5 }
    );
    assert_eq!(t.progress_rev(), 1);
    // Next: the second ballot, new.
    t.apply(OpeningsAction::Next);
    assert_eq!(key(&t), "2/red");
}

#[test]
fn a_wrong_move_is_taken_back_and_the_expected_one_shown() {
    let mut t = loaded(TWO);
    play(&mut t, "22-18");
    let d = t.drill.as_ref().unwrap();
    assert_eq!(moves(&t).len(), 3, "taken back");
    assert_eq!(
        d.note,
        Some(Note::Wrong {
            played: "22-18".into(),
            expected: "25-21".into()
        })
    );
    // The arrow: 25 to 21, as the board's squares.
    let want = crate::record::squares_of(d.board.record().unwrap(), "25-21");
    assert_eq!(d.arrows, [want]);
    assert!(d.missed);
    assert_eq!(
        d.board.announce.english(),
        "22-18 is not the line: the move to play is 25-21."
    );
    // Answered wrongly at once (due after one other item).
    assert_eq!(
        t.progress().schedule.cards["1/red"],
        Card { level: 0, due: 2 }
    );
    // A second wrong move does not count again.
    play(&mut t, "22-18");
    assert_eq!(t.progress().schedule.turn, 1);
    // The expected move then goes on; the end does not count as well.
    answer(&mut t, true);
    assert!(t.drill.as_ref().unwrap().arrows.is_empty());
    assert_eq!(t.progress().schedule.turn, 1);
    assert_eq!(t.progress().schedule.cards["1/red"].level, 0);
}

#[test]
fn an_item_answered_wrongly_comes_back_before_one_answered_well() {
    let mut t = loaded(TWO);
    assert_eq!(key(&t), "1/red");
    answer(&mut t, true);
    t.apply(OpeningsAction::Next);
    assert_eq!(key(&t), "2/red");
    answer(&mut t, false);
    t.apply(OpeningsAction::Next);
    // A new one, then the one answered wrongly, before the first.
    assert_eq!(key(&t), "4/red");
    answer(&mut t, true);
    t.apply(OpeningsAction::Next);
    assert_eq!(key(&t), "2/red");
    assert_eq!(t.drill.as_ref().unwrap().card.unwrap().level, 0);
    answer(&mut t, true);
    t.apply(OpeningsAction::Next);
    assert_eq!(key(&t), "1/red");
}

#[test]
fn black_waits_for_reds_first_move_and_both_sides_make_two_items() {
    let mut t = loaded(TWO);
    t.apply(OpeningsAction::Sides(Sides::Black));
    assert_eq!(key(&t), "1/black");
    let d = t.drill.as_ref().unwrap();
    assert!(d.reply_due);
    assert_eq!(d.progress(), (0, 2));
    t.apply(OpeningsAction::Reply);
    assert_eq!(moves(&t)[3], "25-21");
    answer(&mut t, true);
    assert_eq!(t.progress().schedule.cards["1/black"].level, 1);
    t.apply(OpeningsAction::Sides(Sides::Both));
    assert_eq!(
        t.keys(),
        ["1/red", "1/black", "2/red", "2/black", "4/red", "4/black"]
    );
    assert_eq!(
        t.counts(),
        Counts {
            total: 6,
            new: 5,
            due: 0,
            learned: 1
        }
    );
}

#[test]
fn chosen_ballots_only() {
    let mut t = loaded(FILE);
    assert_eq!(t.counts().total, 156);
    // "Chosen" starts from the ballot on the board.
    t.apply(OpeningsAction::AllBallots(false));
    assert_eq!(t.keys(), ["1/red"]);
    t.apply(OpeningsAction::Ballot(58, true));
    assert_eq!(t.keys(), ["1/red", "58/red"]);
    assert_eq!(key(&t), "1/red", "the item on the board stays");
    t.apply(OpeningsAction::Ballot(1, false));
    assert_eq!(key(&t), "58/red");
    assert_eq!(moves(&t), ["9-14", "24-20", "11-16"]);
    t.apply(OpeningsAction::Ballot(58, false));
    assert!(t.keys().is_empty() && t.drill.is_none());
    t.apply(OpeningsAction::AllBallots(true));
    assert_eq!(t.progress().choices.ballots, None);
    assert_eq!(key(&t), "1/red");
}

#[test]
fn a_file_that_cannot_be_had_or_read_is_named() {
    let t = loaded("1|9-13 21-17 5-9|9-14");
    assert!(t.drill.is_none());
    let Lines::Failed(why) = &t.lines else {
        panic!("failed")
    };
    assert_eq!(
        why.english(),
        "The opening lines could not be read (the file is damaged)."
    );
    let mut t = Trainer::default();
    t.apply(OpeningsAction::Loaded(Err(FetchError::Unreachable)));
    let Lines::Failed(why) = &t.lines else {
        panic!("failed")
    };
    assert!(
        why.english()
            .starts_with("The opening lines could not be loaded ("),
        "{}",
        why.english()
    );
}

#[test]
fn the_progress_is_kept_and_a_damaged_one_set_aside() {
    let mut t = loaded(TWO);
    answer(&mut t, false);
    t.apply(OpeningsAction::AllBallots(false));
    t.apply(OpeningsAction::Ballot(2, true));
    t.apply(OpeningsAction::Sides(Sides::Both));
    let text = t.progress().to_json();
    assert_eq!(
        text,
        r#"{"v":1,"turn":1,"cards":{"1/red":[0,2]},"side":"both","ballots":[1,2]}"#
    );
    assert_eq!(Progress::read(&text).progress, *t.progress());
    // At start, from the device.
    let stored = Stored {
        openings: Some(text.clone()),
        ..Stored::default()
    };
    let b = boot(&stored, "", true);
    assert!(b.set_aside.is_empty());
    assert_eq!(b.state.openings.progress(), t.progress());
    assert_eq!(Kept::Openings.content(&b.state), Content::Text(text));
    // Nothing kept and nothing done: nothing written.
    let b = boot(&Stored::default(), "", true);
    assert_eq!(Kept::Openings.content(&b.state), Content::Remove);
    for bad in [
        r#"{"v":1,"turn":1,"cards":{},"side":"white"}"#,
        r#"{"v":1,"turn":1,"cards":{},"ballots":"all"}"#,
        r#"{"v":1,"turn":1,"cards":{},"ballots":[-1]}"#,
        r#"{"v":1,"cards":{}}"#,
        "{",
        r#"{"v":7}"#,
    ] {
        let read = Progress::read(bad);
        assert_eq!(read.progress, Progress::default(), "{bad}");
        assert!(read.problem.is_some(), "{bad}");
        let b = boot(
            &Stored {
                openings: Some(bad.into()),
                ..Stored::default()
            },
            "",
            true,
        );
        assert_eq!(b.set_aside, [(Kept::Openings, bad.to_string())]);
        assert_eq!(b.state.notices.list.len(), 1, "{bad}");
        assert!(
            b.state.notices.english()[0].contains("opening trainer progress"),
            "{:?}",
            b.state.notices.english()
        );
    }
}
