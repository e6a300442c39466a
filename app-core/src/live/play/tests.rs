use super::*;
use crate::live::link::Terms;
use crate::live::GRACE_MS;
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
            b.apply(AppAction::Live(LiveAction::Received(m, 0)));
        }
        for m in to_a {
            a.apply(AppAction::Live(LiveAction::Received(m, 0)));
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
        b.apply(AppAction::Live(LiveAction::Received(bad.into(), 0)));
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

/// Two pages joined for a game with this clock.
fn pair_with(clock: Option<crate::clock::TimeControl>) -> (AppState, AppState) {
    let terms = Terms {
        kind: GameKind::Checkers,
        inviter: Color::Red,
        clock,
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

fn clocked() -> (AppState, AppState) {
    pair_with(Some(crate::clock::TimeControl::new(1, 0).unwrap()))
}

/// Both pages lose the connection, then make a new one.
fn drop_and_reconnect(a: &mut AppState, b: &mut AppState) {
    for s in [&mut *a, &mut *b] {
        s.apply(AppAction::Live(LiveAction::Lost));
        assert_eq!(s.live.link, LinkState::Lost);
        assert!(s.session.held, "the clocks are held");
    }
    for s in [&mut *a, &mut *b] {
        s.apply(AppAction::Live(LiveAction::Reconnect));
        assert_eq!(s.live.link, LinkState::Connecting);
        s.apply(AppAction::Live(LiveAction::Open));
    }
}

#[test]
fn a_lost_connection_holds_the_clocks_and_the_reconnection_restores_the_game() {
    let (mut a, mut b) = clocked();
    typed(&mut b, "11-15");
    carry(&mut a, &mut b);
    // The connection drops; Red moves meanwhile and says a phrase: the
    // move waits in the outbox (the page could not send it).
    for s in [&mut a, &mut b] {
        s.apply(AppAction::Live(LiveAction::Lost));
    }
    typed(&mut a, "23-19");
    assert_eq!(a.live.outbox.len(), 1);
    assert!(a.session.held);
    assert!(!a.session.clock_should_run(true), "held while lost");
    // Sending an offer while lost is not possible.
    send(&mut a, Message::Draw(Answer::Offer));
    assert_eq!(a.live_game().unwrap().offers.draw, None);
    for s in [&mut a, &mut b] {
        s.apply(AppAction::Live(LiveAction::Reconnect));
        s.apply(AppAction::Live(LiveAction::Open));
    }
    // Each page says hello and sends its copy; the move is in the copy
    // and not sent again.
    assert_eq!(a.live.outbox.len(), 2);
    carry(&mut a, &mut b);
    assert_eq!(moves(&b), ["11-15", "23-19"]);
    assert_eq!(moves(&a), moves(&b));
    assert_eq!(b.live.note, Some(text!("live.restored-theirs")));
    assert_eq!(a.live.note, Some(text!("live.restored-ours")));
    for s in [&a, &b] {
        assert!(!s.session.held, "the clocks go on");
        assert!(s.session.clock_should_run(true));
    }
    // Play goes on over the new connection.
    typed(&mut b, "8-11");
    carry(&mut a, &mut b);
    assert_eq!(moves(&a), ["11-15", "23-19", "8-11"]);
}

#[test]
fn undelivered_offers_and_phrases_go_again_after_reconnecting() {
    let (mut a, mut b) = pair();
    typed(&mut b, "11-15");
    carry(&mut a, &mut b);
    // A phrase and a draw offer made as the connection drops: the page
    // could not send them (not drained).
    send(&mut a, Message::Chat("one-moment".into()));
    send(&mut a, Message::Draw(Answer::Offer));
    assert_eq!(a.live.outbox.len(), 2);
    drop_and_reconnect(&mut a, &mut b);
    carry(&mut a, &mut b);
    assert_eq!(b.live_game().unwrap().offers.draw, Some(Color::Red));
    assert_eq!(
        b.live_game().unwrap().chat,
        [(Color::Red, "one-moment".to_string())]
    );
    // The phrase is the last thing Black's page heard; Red's, the copies.
    assert_eq!(
        b.live.note,
        Some(text!("live.said", phrase = phrase("one-moment")))
    );
    assert_eq!(a.live.note, Some(text!("live.restored")));
}

#[test]
fn copies_that_differ_are_both_kept_and_the_page_says_so() {
    let (mut a, mut b) = pair();
    typed(&mut b, "11-15");
    carry(&mut a, &mut b);
    typed(&mut a, "23-19");
    carry(&mut a, &mut b);
    // Black's copy was changed (a device that played on by itself).
    let other = crate::library::rebuild(
        GameKind::Checkers,
        &checkers_start(),
        &["11-15".into(), "22-18".into()],
        2,
        None,
    )
    .unwrap();
    b.session.update(|s| s.game = Some(other));
    drop_and_reconnect(&mut a, &mut b);
    carry(&mut a, &mut b);
    // Each page goes on with its own copy and files the other's.
    assert_eq!(moves(&a), ["11-15", "23-19"]);
    assert_eq!(moves(&b), ["11-15", "22-18"]);
    for s in [&a, &b] {
        assert!(matches!(
            s.live.note.as_ref().map(|n| n.key),
            Some("live.restored-differ")
        ));
        let theirs = s
            .library
            .archive
            .games
            .iter()
            .find(|e| e.id == their_copy_id(77))
            .expect("the other copy filed");
        assert_eq!(theirs.moves, 2);
    }
}

fn checkers_start() -> String {
    use tiers_engine::Position as _;
    tiers_engine::checkers::Position::start().to_text()
}

#[test]
fn a_clock_at_zero_ends_the_game_on_both_pages_by_its_own_device_flag() {
    let (mut a, mut b) = clocked();
    let tick = |s: &mut AppState, now: u64| {
        s.apply(AppAction::Clock { now, visible: true });
    };
    // The clocks start; Black (to move) lets a minute pass.
    tick(&mut a, 1_000);
    tick(&mut b, 1_000);
    assert!(a.session.clock.unwrap().running());
    // Red's page sees Black's clock at zero first: it holds the clocks
    // and waits for Black's page to say so.
    tick(&mut a, 61_500);
    assert!(a.session.outcome().is_none());
    assert!(a.session.held);
    tick(&mut b, 61_000);
    assert!(b.session.outcome().is_some());
    assert_eq!(b.live.outbox.len(), 1, "the flag goes out");
    carry(&mut a, &mut b);
    for s in [&a, &b] {
        assert_eq!(
            s.session.outcome(),
            Some(tiers_engine::Outcome::Win {
                winner: Color::Red,
                reason: WinReason::Time
            })
        );
    }
    assert_eq!(filed(&a), filed(&b));
}

#[test]
fn a_move_in_time_releases_the_clock_held_at_zero() {
    let (mut a, mut b) = clocked();
    a.apply(AppAction::Clock {
        now: 1_000,
        visible: true,
    });
    b.apply(AppAction::Clock {
        now: 1_000,
        visible: true,
    });
    // Black moves with a little time left on its own page; the move is
    // late on Red's page, whose clock for Black read zero.
    b.apply(AppAction::Game(SessionAction::Typed {
        text: "11-15".into(),
        now: 60_900,
    }));
    a.apply(AppAction::Clock {
        now: 61_200,
        visible: true,
    });
    assert!(a.session.held);
    carry(&mut a, &mut b);
    assert!(a.session.outcome().is_none());
    assert!(!a.session.held);
    assert_eq!(a.session.clock.unwrap().left(Color::Black), 100);
}

/// Red's page, its clock for Black at zero since 61.5 s, waits the grace
/// for Black's device; returns the claim it sent.
fn silent_black_then_claimed(a: &mut AppState, b: &mut AppState) -> String {
    let tick = |s: &mut AppState, now: u64| {
        s.apply(AppAction::Clock { now, visible: true });
    };
    tick(a, 1_000);
    tick(b, 1_000);
    tick(a, 61_500);
    assert!(a.session.held && a.session.outcome().is_none());
    assert_eq!(a.live.out_since, Some(61_500));
    assert!(!a.live.claimable);
    assert_eq!(a.live_grace_end(), Some(61_500 + GRACE_MS));
    // Before the grace has passed there is nothing to claim.
    tick(a, 61_500 + GRACE_MS - 1);
    assert!(!a.live.claimable);
    a.apply(AppAction::Live(LiveAction::Claim));
    assert!(a.session.outcome().is_none() && a.live.outbox.is_empty());
    tick(a, 61_500 + GRACE_MS);
    assert!(a.live.claimable);
    assert_eq!(a.live_grace_end(), None);
    a.apply(AppAction::Live(LiveAction::Claim));
    let won = Some(tiers_engine::Outcome::Win {
        winner: Color::Red,
        reason: WinReason::Time,
    });
    assert_eq!(a.session.outcome(), won);
    assert_eq!(a.live.note, Some(text!("live.claimed")));
    assert!(!a.live.claimable && a.live.out_since.is_none());
    assert_eq!(filed(a).moves, 0, "filed in the archive");
    assert_eq!(a.live.outbox.len(), 1);
    let claim = a.live.outbox[0].clone();
    assert_eq!(
        crate::live::parse(&claim),
        Ok(Message::Claim {
            side: Color::Black,
            ply: 0
        })
    );
    let upto = a.live.sent + 1;
    a.apply(AppAction::Live(LiveAction::Drained(upto)));
    claim
}

#[test]
fn a_silent_sides_time_is_claimed_after_the_grace_and_its_page_agrees() {
    let (mut a, mut b) = clocked();
    let claim = silent_black_then_claimed(&mut a, &mut b);
    // Black's page, whose clock runs a little behind (it started when
    // Red's move arrived), gets the claim with 5 s left: within the grace,
    // it agrees; both archives hold the same game.
    b.apply(AppAction::Live(LiveAction::Received(claim, 56_000)));
    assert_eq!(b.session.outcome(), a.session.outcome());
    assert_eq!(b.live.note, Some(text!("live.claim-accepted")));
    assert_eq!(filed(&a), filed(&b));
}

#[test]
fn a_claim_its_page_disagrees_with_is_said_there_and_its_copy_goes_on() {
    let (mut a, mut b) = clocked();
    let claim = silent_black_then_claimed(&mut a, &mut b);
    // Black's page has 21 s left by its own clock: it refuses the claim,
    // says so, and goes on (its clock runs).
    b.apply(AppAction::Live(LiveAction::Received(claim, 40_000)));
    assert!(b.session.outcome().is_none());
    let Some(note) = &b.live.note else {
        panic!("no note")
    };
    assert_eq!(note.key, "live.claim-refused");
    assert!(b.session.clock.unwrap().running());
    assert_eq!(b.session.clock.unwrap().left(Color::Black), 21_000);
}

#[test]
fn a_move_within_the_grace_ends_the_wait_for_a_claim() {
    let (mut a, mut b) = clocked();
    a.apply(AppAction::Clock {
        now: 1_000,
        visible: true,
    });
    a.apply(AppAction::Clock {
        now: 61_500,
        visible: true,
    });
    assert!(a.live.out_since.is_some());
    b.apply(AppAction::Game(SessionAction::Typed {
        text: "11-15".into(),
        now: 60_900,
    }));
    carry(&mut a, &mut b);
    assert!(!a.session.held);
    assert_eq!((a.live.out_since, a.live.claimable), (None, false));
    // A lost connection ends the wait too (the clocks are held for it).
    let (mut a, _) = clocked();
    for now in [1_000, 61_500] {
        a.apply(AppAction::Clock { now, visible: true });
    }
    assert!(a.live.out_since.is_some());
    a.apply(AppAction::Live(LiveAction::Lost));
    assert_eq!((a.live.out_since, a.live_grace_end()), (None, None));
}

#[test]
fn a_rematch_swaps_colours_on_both_pages() {
    let (mut a, mut b) = pair();
    typed(&mut b, "11-15");
    carry(&mut a, &mut b);
    // No rematch before the end.
    send(&mut a, Message::Rematch(Answer::Offer));
    assert!(a.live.outbox.is_empty());
    b.apply(AppAction::Game(SessionAction::Resign));
    carry(&mut a, &mut b);
    assert!(!b.session.dialog_closed, "the game-over dialog opens");
    b.apply(AppAction::Game(SessionAction::CloseDialog));
    // Offered by Red, declined; offered again, accepted.
    send(&mut a, Message::Rematch(Answer::Offer));
    carry(&mut a, &mut b);
    assert!(b.session.dialog_closed, "and does not open again");
    assert_eq!(b.live_game().unwrap().offers.rematch, Some(Color::Red));
    send(&mut b, Message::Rematch(Answer::Decline));
    carry(&mut a, &mut b);
    assert_eq!(a.live.note, Some(text!("live.rematch-declined")));
    send(&mut a, Message::Rematch(Answer::Offer));
    carry(&mut a, &mut b);
    send(&mut b, Message::Rematch(Answer::Accept));
    carry(&mut a, &mut b);
    assert_eq!(
        a.live_game().map(|l| (l.id, l.me)),
        Some((78, Color::Black))
    );
    assert_eq!(b.live_game().map(|l| (l.id, l.me)), Some((78, Color::Red)));
    for s in [&a, &b] {
        assert!(moves(s).is_empty());
        assert!(s.session.outcome().is_none());
    }
    // The first game stays filed; the new one is played.
    assert!(a.library.archive.games.iter().any(|e| e.id == 77));
    typed(&mut a, "11-15");
    carry(&mut a, &mut b);
    assert_eq!(moves(&b), ["11-15"]);
}

#[test]
fn a_reopened_page_resumes_its_saved_live_game_only() {
    let (mut a, mut b) = clocked();
    typed(&mut b, "11-15");
    carry(&mut a, &mut b);
    let terms = b.live_game().unwrap().terms;
    // The page is opened again: no live state, the saved game.
    let again = AppState {
        session: b.session.clone(),
        ..AppState::default()
    };
    let live = again.live_resume(77, terms).expect("its saved game");
    assert_eq!(live.me, Color::Black);
    assert_eq!(again.live_resume(78, terms), None, "another game");
    let other = Terms {
        clock: None,
        ..terms
    };
    assert_eq!(again.live_resume(77, other), None, "other terms");
}

#[test]
fn tiers_formations_are_committed_then_revealed_together() {
    use crate::formation::FormationAction;
    let terms = Terms {
        kind: GameKind::Tiers,
        inviter: Color::Red,
        clock: Some(crate::clock::TimeControl::new(3, 2).unwrap()),
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
    // Both pages set up their own formation only; the other side is empty.
    for (s, me) in [(&a, Color::Red), (&b, Color::Black)] {
        assert!(s.live.setting_up().is_some());
        assert_eq!(s.nav.screen, crate::nav::Screen::Live);
        assert!(s.formation.live);
        assert_eq!(s.formation.editing, me);
        assert!(s.formation.squares[me.opposite().index()].is_empty());
    }
    // Red chooses a preset and is ready: only a commitment goes out.
    a.apply(AppAction::Formation(FormationAction::Random(3)));
    let red = a.formation.squares[0].clone();
    a.apply(AppAction::Formation(FormationAction::Ready(11)));
    assert_eq!(a.live.outbox.len(), 1);
    assert!(a.live.outbox[0].contains(r#""type":"commit""#));
    assert!(!a.live.outbox[0].contains("a1"), "no square is sent");
    // Red cannot change it now.
    a.apply(AppAction::Formation(FormationAction::Unready));
    assert!(a.formation.ready[0]);
    carry(&mut a, &mut b);
    assert!(b.formation.ready[0], "Black's page sees Red is ready");
    assert!(b.formation.squares[0].is_empty(), "but not where");
    assert!(b.live.setting_up().is_some());
    // Black is ready by typing: it commits, then both reveal.
    b.apply(AppAction::Formation(FormationAction::Typed {
        text: "ready".into(),
        seed: 12,
    }));
    carry(&mut a, &mut b);
    for s in [&a, &b] {
        assert!(s.live.setting_up().is_none());
        assert_eq!(s.nav.screen, crate::nav::Screen::Play);
        let g = s.session.record().expect("the game began");
        assert_eq!(g.kind(), GameKind::Tiers);
        assert!(s.session.clock.is_some());
    }
    assert_eq!(
        a.session.record().unwrap().start_text(),
        b.session.record().unwrap().start_text()
    );
    // Red's men stand where Red's page put them.
    let view = a.session.record().unwrap().view_at(0).unwrap();
    for sq in &red {
        assert!(
            view[usize::from(*sq)].is_some_and(|p| p.color == Color::Red),
            "{sq}"
        );
    }
    // Red moves first in Tiers: its first legal move goes over.
    let first = a.session.record().unwrap().legal()[0].text.clone();
    typed(&mut a, &first);
    carry(&mut a, &mut b);
    assert_eq!(moves(&b), [first]);
    b.apply(AppAction::Game(SessionAction::Resign));
    carry(&mut a, &mut b);
    assert_eq!(filed(&a), filed(&b));
}

#[test]
fn a_tampered_formation_is_refused_and_the_setup_goes_on() {
    let terms = Terms {
        kind: GameKind::Tiers,
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
    a.apply(AppAction::Formation(
        crate::formation::FormationAction::Ready(1),
    ));
    carry(&mut a, &mut b);
    b.apply(AppAction::Formation(
        crate::formation::FormationAction::Ready(2),
    ));
    // Black's page sends its commitment and its formation; Red's page
    // gets, instead of the formation, another one (changed on the way).
    let sent = b.live.outbox.clone();
    let upto = b.live.sent + sent.len() as u64;
    b.apply(AppAction::Live(LiveAction::Drained(upto)));
    a.apply(AppAction::Live(LiveAction::Received(sent[0].clone(), 0)));
    let forged = sent[1].replace("b6", "a6").replace("h8", "g8");
    assert_ne!(forged, sent[1]);
    a.apply(AppAction::Live(LiveAction::Received(forged, 0)));
    assert!(matches!(
        a.live.note.as_ref().map(|n| n.key),
        Some("live.refused")
    ));
    assert!(a.session.record().is_none() || a.live.setting_up().is_some());
    // The real one then starts the game.
    a.apply(AppAction::Live(LiveAction::Received(sent[1].clone(), 0)));
    assert!(a.live.setting_up().is_none());
}

/// Two pages joined for a live Tiers game, setting up their formations.
fn tiers_pair() -> (AppState, AppState) {
    let terms = Terms {
        kind: GameKind::Tiers,
        inviter: Color::Red,
        clock: Some(crate::clock::TimeControl::new(3, 2).unwrap()),
    };
    let (mut a, mut b) = (AppState::default(), AppState::default());
    for (s, me) in [(&mut a, Color::Red), (&mut b, Color::Black)] {
        s.apply(AppAction::Live(LiveAction::Begin(Live::new(77, terms, me))));
        s.apply(AppAction::Live(LiveAction::Open));
    }
    carry(&mut a, &mut b);
    (a, b)
}

/// The connection drops on both pages, then a new one opens (a reconnect
/// link made on one, pasted on the other, which still has its setup).
fn reconnect_both(a: &mut AppState, b: &mut AppState) {
    for s in [&mut *a, &mut *b] {
        s.apply(AppAction::Live(LiveAction::Lost));
        assert_eq!(s.live.link, LinkState::Lost);
        assert!(s.live.setting_up().is_some(), "the setup is kept");
    }
    for s in [&mut *a, &mut *b] {
        s.apply(AppAction::Live(LiveAction::Reconnect));
        s.apply(AppAction::Live(LiveAction::Open));
    }
}

#[test]
fn a_connection_lost_during_the_formations_is_restored_with_the_setup_kept() {
    use crate::formation::FormationAction;
    let (mut a, mut b) = tiers_pair();
    // Red sets up and is ready; its commitment is sent (the page saw it
    // go) but lost with the connection: Black's page never has it.
    a.apply(AppAction::Formation(FormationAction::Random(3)));
    let red = a.formation.squares[0].clone();
    a.apply(AppAction::Formation(FormationAction::Ready(11)));
    let upto = a.live.sent + a.live.outbox.len() as u64;
    a.apply(AppAction::Live(LiveAction::Drained(upto)));
    // Black sets up a formation (not ready yet).
    b.apply(AppAction::Formation(FormationAction::Random(5)));
    let black = b.formation.squares[1].clone();
    reconnect_both(&mut a, &mut b);
    carry(&mut a, &mut b);
    // The setups are as they were: Red's is sealed and now known to be
    // ready on Black's page; Black's men are where Black put them.
    for s in [&a, &b] {
        assert_eq!(s.nav.screen, crate::nav::Screen::Live);
        assert!(s.live.setting_up().is_some());
        assert!(s.formation.ready[0]);
    }
    assert_eq!(a.formation.squares[0], red);
    assert_eq!(b.formation.squares[1], black);
    assert!(b.formation.squares[0].is_empty(), "Red's men not shown");
    // Black is ready; Black's reveal is lost as the connection drops
    // again, after Red's page has both commitments and has revealed (so
    // the game began there): reconnecting gives Black's page Red's
    // formation again, and the game begins there too, the same.
    b.apply(AppAction::Formation(FormationAction::Ready(12)));
    let to_a = b.live.outbox.clone();
    let upto = b.live.sent + b.live.outbox.len() as u64;
    b.apply(AppAction::Live(LiveAction::Drained(upto)));
    for m in to_a {
        a.apply(AppAction::Live(LiveAction::Received(m, 0)));
    }
    assert!(a.session.record().is_some(), "the game began on Red's page");
    let upto = a.live.sent + a.live.outbox.len() as u64;
    a.apply(AppAction::Live(LiveAction::Drained(upto)));
    assert!(b.session.record().is_none(), "not on Black's");
    reconnect_both_in_game(&mut a, &mut b);
    carry(&mut a, &mut b);
    for s in [&a, &b] {
        assert_eq!(s.nav.screen, crate::nav::Screen::Play);
        assert!(s.live.setting_up().is_none());
    }
    assert_eq!(
        a.session.record().unwrap().start_text(),
        b.session.record().unwrap().start_text()
    );
    let first = a.session.record().unwrap().legal()[0].text.clone();
    typed(&mut a, &first);
    carry(&mut a, &mut b);
    assert_eq!(moves(&b), [first]);
}

/// As [`reconnect_both`], one page in the game, the other still setting up.
fn reconnect_both_in_game(a: &mut AppState, b: &mut AppState) {
    for s in [&mut *a, &mut *b] {
        s.apply(AppAction::Live(LiveAction::Lost));
        s.apply(AppAction::Live(LiveAction::Reconnect));
        s.apply(AppAction::Live(LiveAction::Open));
    }
}

#[test]
fn a_changed_formation_sent_again_after_reconnecting_is_refused() {
    use crate::formation::FormationAction;
    let (mut a, mut b) = tiers_pair();
    a.apply(AppAction::Formation(FormationAction::Random(3)));
    a.apply(AppAction::Formation(FormationAction::Ready(11)));
    carry(&mut a, &mut b);
    // A repeat of the same commitment changes nothing; another is refused.
    let commit = b.live.live.as_ref().unwrap().commits[0].clone().unwrap();
    let before = b.live.live.clone();
    b.apply(AppAction::Live(LiveAction::Received(
        Message::Commit(commit).to_text(),
        0,
    )));
    assert_eq!(b.live.live, before);
    let other = crate::live::commit::commitment("a1 c1 e1", &crate::live::commit::salt(1, 2));
    b.apply(AppAction::Live(LiveAction::Received(
        Message::Commit(other).to_text(),
        0,
    )));
    assert_eq!(b.live.live, before);
    assert!(b.live.note.is_some(), "the refusal is said");
}
