use super::*;
use crate::live::link::Terms;
use crate::{AppAction, AppState};
use tiers_engine::GameKind;

/// Carries each page's outbox to the other until both are empty.
fn carry(a: &mut AppState, b: &mut AppState) {
    for _ in 0..10 {
        let (to_b, to_a) = (a.live.outbox.clone(), b.live.outbox.clone());
        if to_a.is_empty() && to_b.is_empty() {
            return;
        }
        for s in [&mut *a, &mut *b] {
            let upto = s.live.sent + s.live.outbox.len() as u64;
            s.apply(AppAction::Live(LiveAction::Drained(upto)));
            // Said twice (the page saw the outbox twice): nothing more goes.
            s.apply(AppAction::Live(LiveAction::Drained(upto)));
            assert!(s.live.outbox.is_empty());
        }
        for m in to_b {
            b.apply(AppAction::Live(LiveAction::Received(m)));
        }
        for m in to_a {
            a.apply(AppAction::Live(LiveAction::Received(m)));
        }
    }
    panic!("the pages keep talking");
}

fn typed(s: &mut AppState, text: &str) {
    s.apply(AppAction::Game(SessionAction::Typed {
        text: text.into(),
        now: 1_000,
    }));
}

fn moves(s: &AppState) -> Vec<String> {
    let g = s.session.record().expect("a game");
    let mut m = g.move_texts();
    m.truncate(g.ply());
    m
}

fn send(s: &mut AppState, m: Message) {
    s.apply(AppAction::Live(LiveAction::Send(m)));
}

fn pair() -> (AppState, AppState) {
    let terms = Terms {
        kind: GameKind::Checkers,
        inviter: Color::Red,
        clock: None,
    };
    let (mut a, mut b) = (AppState::default(), AppState::default());
    a.apply(AppAction::Live(LiveAction::Begin(Live::new(
        77,
        terms,
        Color::Red,
    ))));
    b.apply(AppAction::Live(LiveAction::Begin(Live::new(
        77,
        terms,
        Color::Black,
    ))));
    a.apply(AppAction::Live(LiveAction::Open));
    b.apply(AppAction::Live(LiveAction::Open));
    carry(&mut a, &mut b);
    (a, b)
}

fn filed(s: &AppState) -> crate::library::archive::Entry {
    s.library
        .archive
        .games
        .iter()
        .find(|e| e.id == 77)
        .cloned()
        .map(|e| crate::library::archive::Entry { bylink: None, ..e })
        .expect("filed")
}

#[test]
fn a_game_over_the_channel_is_the_same_on_both_pages_and_in_both_archives() {
    let (mut a, mut b) = pair();
    assert!(a.live.agreed && b.live.agreed);
    assert_eq!(a.live_game().map(|l| l.me), Some(Color::Red));
    assert_eq!(b.live_game().map(|l| l.me), Some(Color::Black));
    // Black moves first; Red cannot move Black's men on its page.
    typed(&mut a, "11-15");
    assert!(moves(&a).is_empty());
    typed(&mut b, "11-15");
    carry(&mut a, &mut b);
    typed(&mut a, "23-19");
    carry(&mut a, &mut b);
    typed(&mut b, "8-11");
    carry(&mut a, &mut b);
    assert_eq!(moves(&a), ["11-15", "23-19", "8-11"]);
    assert_eq!(moves(&a), moves(&b));
    // Red asks to take back 23-19 (Red was to move at ply 1): refused,
    // then asked again and accepted.
    a.apply(AppAction::Game(SessionAction::Undo));
    carry(&mut a, &mut b);
    assert_eq!(
        b.live_game().unwrap().offers.takeback,
        Some((Color::Red, 1))
    );
    send(&mut b, Message::TakeBack(Answer::Decline, 1));
    carry(&mut a, &mut b);
    assert_eq!(a.live.note, Some(text!("live.takeback-refused")));
    assert_eq!(moves(&a).len(), 3);
    a.apply(AppAction::Game(SessionAction::Undo));
    carry(&mut a, &mut b);
    send(&mut b, Message::TakeBack(Answer::Accept, 1));
    carry(&mut a, &mut b);
    assert_eq!(moves(&a), ["11-15"]);
    assert_eq!(moves(&b), ["11-15"]);
    typed(&mut a, "22-18");
    carry(&mut a, &mut b);
    assert_eq!(moves(&b), ["11-15", "22-18"]);
    // A draw offered by Black, accepted by Red.
    b.apply(AppAction::Game(SessionAction::OfferDraw));
    carry(&mut a, &mut b);
    assert_eq!(a.live_game().unwrap().offers.draw, Some(Color::Black));
    a.apply(AppAction::Game(SessionAction::AcceptDraw));
    carry(&mut a, &mut b);
    for s in [&a, &b] {
        assert!(s.session.record().unwrap().outcome().is_some());
    }
    assert_eq!(filed(&a), filed(&b));
    assert_eq!(filed(&a).moves, 2);
}

#[test]
fn a_refused_message_is_said_and_changes_nothing() {
    let (mut a, mut b) = pair();
    typed(&mut b, "11-15");
    carry(&mut a, &mut b);
    let before = (moves(&b), b.live.live.clone());
    for bad in [
        // Out of turn, a ply ahead, refused by the engine, an answer to
        // nothing, an unknown type, not a message.
        r#"{"live":1,"type":"move","ply":1,"move":"9-14","clock":null}"#,
        r#"{"live":1,"type":"move","ply":2,"move":"9-14","clock":null}"#,
        r#"{"live":1,"type":"move","ply":1,"move":"23-14","clock":null}"#,
        r#"{"live":1,"type":"draw","answer":"accept"}"#,
        r#"{"live":1,"type":"teleport"}"#,
        "not json",
    ] {
        b.apply(AppAction::Live(LiveAction::Received(bad.into())));
        assert!(b.live.note.is_some(), "{bad}");
        assert_eq!((moves(&b), b.live.live.clone()), before, "{bad}");
    }
    // Resigning while the other side is to move ends the game on both pages.
    b.apply(AppAction::Game(SessionAction::Resign));
    carry(&mut a, &mut b);
    for s in [&a, &b] {
        assert!(s.session.record().unwrap().outcome().is_some());
    }
    assert_eq!(filed(&a), filed(&b));
}
