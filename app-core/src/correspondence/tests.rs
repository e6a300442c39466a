//! Games by link between two devices, each an `AppState`: starting one,
//! passing links, the archives, old links, contradicting links, bad links.

use super::*;
use crate::boot::{boot, Stored};
use crate::formation::FormationAction;
use crate::library::bylink::value_in;
use crate::new_game::{ColorChoice, NewGameChoices};
use crate::session::SessionAction;
use crate::AppAction;
use tiers_engine::search::Level;
use tiers_engine::GameKind;

use crate::test_links::BASE;
const NOW: u64 = 1_790_000_000_000;

fn friend_game(kind: GameKind) -> AppState {
    let mut s = AppState::default();
    s.apply(AppAction::NewGame(NewGameChoices {
        kind,
        vs_computer: false,
        level: Level::clamped(2),
        color: ColorChoice::Red,
        ..NewGameChoices::default()
    }));
    s.apply(AppAction::Start {
        coin: false,
        roll: 0,
    });
    if kind == GameKind::Tiers {
        // Random formations: the start is sent as two formations.
        s.apply(AppAction::Formation(FormationAction::Random(3)));
        s.apply(AppAction::Formation(FormationAction::Ready(1)));
        s.apply(AppAction::Formation(FormationAction::Random(4)));
        s.apply(AppAction::Formation(FormationAction::Ready(2)));
        s.apply(AppAction::BeginTiers);
        assert!(s.session.game.is_some());
    }
    s
}

/// Plays the `n`th legal move by clicking its squares.
fn play(s: &mut AppState, n: usize) {
    let legal = s.session.enterable();
    assert!(!legal.is_empty(), "a move to play");
    let squares = legal[n % legal.len()].squares.clone();
    let before = s.session.record().unwrap().ply();
    for sq in squares {
        s.apply(AppAction::Game(SessionAction::Square(sq)));
    }
    assert_eq!(s.session.record().unwrap().ply(), before + 1);
}

fn link(s: &AppState) -> String {
    let url = link_of(&s.session, BASE, NOW).unwrap().unwrap();
    value_in(url.split_once('?').unwrap().1).unwrap()
}

fn moves(s: &AppState) -> Vec<String> {
    s.session.record().unwrap().move_texts()
}

#[test]
fn two_devices_play_by_link_and_both_keep_the_game() {
    for kind in [GameKind::Checkers, GameKind::Tiers] {
        let mut ann = friend_game(kind);
        let first = ann.session.side_to_move().unwrap();
        ann.apply(AppAction::PlayByLink {
            id: 0xFFFF_1234_5678_9ABC,
            names: ["Ann".into(), " Bob ".into()],
            days: 3,
        });
        let b = ann.session.meta.bylink.clone().unwrap();
        assert_eq!(b.me, first, "the device plays the side to move");
        assert_eq!(
            ann.session.flipped,
            first == tiers_engine::Color::Black,
            "its side below"
        );
        assert_eq!(ann.session.meta.id, 0x1234_5678_9ABC, "48 bits");
        assert_eq!(names(&ann.session.meta), ["Ann", "Bob"]);
        assert!(!ann.session.can_undo() && !ann.session.can_redo());
        assert_eq!(ann.library.archive.games.len(), 1, "kept from the start");

        let mut bob = AppState::default();
        for turn in 0..10 {
            // Ann (first) on odd turns after her own; Bob on the others.
            let (mover, other) = if turn % 2 == 0 {
                (&mut ann, &mut bob)
            } else {
                (&mut bob, &mut ann)
            };
            play(mover, turn * 7 + 3);
            assert!(
                mover.session.enterable().is_empty(),
                "then it is the friend's turn"
            );
            let value = link(mover);
            other.open_link(&value);
            assert!(other.notices.list.is_empty(), "{:?}", other.notices.list);
            assert_eq!(moves(other), moves(mover));
            assert!(!other.session.enterable().is_empty(), "the friend's turn");
        }
        assert_eq!(
            bob.session.meta.bylink.as_ref().unwrap().me,
            first.opposite()
        );
        assert_eq!(bob.session.meta.bylink.as_ref().unwrap().days, 3);
        assert_eq!(bob.session.meta.id, ann.session.meta.id);
        assert!(bob.session.flipped == (first.opposite() == tiers_engine::Color::Black));
        for device in [&ann, &bob] {
            let games = &device.library.archive.games;
            assert_eq!(games.len(), 1, "one copy, updated");
            assert_eq!(games[0].moves, 10);
            assert_eq!(games[0].result, "*");
            assert_eq!(games[0].red, "Ann");
            assert_eq!(games[0].black, "Bob");
        }
        // The archive keeps the side played across a reload (its JSON).
        let text = bob.library.archive.to_json();
        let read = crate::library::archive::Archive::read(&text);
        assert_eq!(read.archive, bob.library.archive);
    }
}

#[test]
fn a_link_opened_at_start_goes_to_the_board_and_old_links_change_nothing() {
    let mut ann = friend_game(GameKind::Checkers);
    ann.apply(AppAction::PlayByLink {
        id: 42,
        names: ["Ann".into(), "Bob".into()],
        days: 0,
    });
    play(&mut ann, 0);
    let first = link(&ann);
    // Bob's device starts from the address.
    let booted = boot(&Stored::default(), &format!("?bylink={first}"), false);
    let mut bob = booted.state;
    assert_eq!(bob.nav.screen, crate::nav::Screen::Play);
    assert_eq!(moves(&bob), moves(&ann));
    play(&mut bob, 1);
    let reply = link(&bob);
    ann.open_link(&reply);
    assert_eq!(moves(&ann), moves(&bob));
    play(&mut ann, 2);
    // Ann's first link again, at Ann's: an old link.
    ann.open_link(&first);
    assert_eq!(moves(&ann).len(), 3, "her copy kept");
    assert!(
        ann.notices.list[0]
            .english()
            .starts_with("This link is older than your copy of the game (it has 1 moves, yours 3)"),
        "{:?}",
        ann.notices.list
    );
    // Her latest link again: the same game, nothing to say.
    let latest = link(&ann);
    let mut again = ann.clone();
    again.notices.update(|n| n.list.clear());
    again.open_link(&latest);
    assert!(again.notices.list.is_empty());
    assert_eq!(moves(&again), moves(&ann));
}

#[test]
fn a_contradicting_link_asks_which_to_keep() {
    let mut ann = friend_game(GameKind::Checkers);
    ann.apply(AppAction::PlayByLink {
        id: 7,
        names: ["Ann".into(), "Bob".into()],
        days: 0,
    });
    play(&mut ann, 0);
    let mut bob = AppState::default();
    bob.open_link(&link(&ann));
    let mut carol = bob.clone(); // the same link opened on another device
    play(&mut bob, 0);
    play(&mut carol, 1);
    ann.open_link(&link(&bob));
    let mine = moves(&ann);
    ann.open_link(&link(&carol));
    let c = ann.notices.conflict.clone().expect("a question");
    let why = c.why.english();
    assert!(
        why.starts_with("the moves differ at move 1 (Red: "),
        "{why}"
    );
    assert_eq!(moves(&ann), mine, "nothing changed while asking");
    let mut keep = ann.clone();
    keep.apply(AppAction::Notice(NoticeAction::KeepMine));
    assert!(keep.notices.conflict.is_none());
    assert_eq!(moves(&keep), mine);
    let mut take = ann.clone();
    take.apply(AppAction::Notice(NoticeAction::TakeLink));
    assert_eq!(moves(&take), moves(&carol));
    assert_eq!(take.library.archive.games.len(), 1);
    assert_eq!(take.library.archive.games[0].moves, 2);
    assert_eq!(
        take.session.meta.bylink.as_ref().unwrap().me,
        ann.session.meta.bylink.as_ref().unwrap().me,
        "the device keeps its side"
    );
}

#[test]
fn a_bad_link_is_named_and_changes_nothing() {
    let mut ann = friend_game(GameKind::Checkers);
    play(&mut ann, 0);
    ann.apply(AppAction::PlayByLink {
        id: 9,
        names: ["Ann".into(), "Bob".into()],
        days: 0,
    });
    play(&mut ann, 0);
    let good = link(&ann);
    let before = moves(&ann);
    let archive = ann.library.archive.clone();
    for (bad, says) in [
        (good[..good.len() - 3].to_string(), "cut short"),
        (
            format!("{}x{}", &good[..8], &good[9..]),
            "changed or damaged",
        ),
        (String::new(), "holds no game"),
    ] {
        let mut s = ann.clone();
        s.open_link(&bad);
        assert_eq!(moves(&s), before);
        assert_eq!(s.library.archive, archive);
        assert!(s.notices.list[0]
            .english()
            .starts_with("This game by link could not be opened: "));
        assert!(
            s.notices.list[0].english().contains(says),
            "{}",
            s.notices.list[0].english()
        );
    }
    // At start: the saved game stays.
    let stored = Stored {
        saved: Some(crate::library::saved::to_json(&ann.new_game, &ann.session)),
        ..Stored::default()
    };
    let booted = boot(&stored, "?bylink=AAAA", false).state;
    assert_eq!(moves(&booted), before);
    assert_eq!(booted.notices.list.len(), 1, "{:?}", booted.notices.list);
}

#[test]
fn a_game_by_link_survives_a_reload_and_another_game_is_kept_aside() {
    let mut ann = friend_game(GameKind::Tiers);
    ann.apply(AppAction::PlayByLink {
        id: 5,
        names: ["Ann".into(), "Bob".into()],
        days: 1,
    });
    play(&mut ann, 4);
    let stored = Stored {
        saved: Some(crate::library::saved::to_json(&ann.new_game, &ann.session)),
        archive: Some(ann.library.archive.to_json()),
        ..Stored::default()
    };
    let again = boot(&stored, "", false).state;
    assert_eq!(again.session.meta, ann.session.meta);
    assert!(again.session.enterable().is_empty(), "still Bob's turn");

    // Bob has an unfinished game of his own: kept aside.
    let mut bob = friend_game(GameKind::Checkers);
    play(&mut bob, 0);
    bob.open_link(&link(&ann));
    assert!(bob.notices.previous.is_some());
    assert_eq!(bob.session.kind(), Some(GameKind::Tiers));
}

#[test]
fn an_archived_game_by_link_continues_as_itself() {
    let mut ann = friend_game(GameKind::Checkers);
    ann.apply(AppAction::PlayByLink {
        id: 77,
        names: ["Ann".into(), "Bob".into()],
        days: 0,
    });
    play(&mut ann, 0);
    let meta = ann.session.meta.clone();
    let before = moves(&ann);
    // Another game meanwhile, then back to this one from the games screen.
    ann.apply(AppAction::Start {
        coin: false,
        roll: 0,
    });
    assert!(ann.session.meta.bylink.is_none());
    use crate::library::games::LibraryAction;
    ann.apply(AppAction::Library(LibraryAction::Choose(77)));
    ann.apply(AppAction::Library(LibraryAction::Continue(None)));
    assert_eq!(moves(&ann), before);
    assert_eq!(ann.session.meta.id, 77);
    assert_eq!(ann.session.meta.bylink, meta.bylink);
    assert!(ann.session.enterable().is_empty(), "still Bob's turn");
    assert_eq!(ann.library.archive.games.len(), 1);
}
