//! The start, natively: what the device keeps read back, damaged records
//! named and set aside, share links opening their game.

use super::*;
use crate::new_game::ColorChoice;
use crate::record::new_checkers;
use crate::session::{LoadGame, Opponent};
use tiers_engine::{Color, GameKind};

/// The saved text of a two-player checkers game with these moves.
fn saved_game(moves: &[&str]) -> String {
    let mut g = new_checkers();
    for m in moves {
        g.play_text(m).unwrap();
    }
    let mut s = Session::playing(LoadGame {
        record: g,
        opponent: Opponent::Friend,
        flipped: false,
        clock: None,
    });
    s.meta.id = 9;
    let choices = NewGameChoices {
        kind: GameKind::Tiers,
        color: ColorChoice::Black,
        ..NewGameChoices::default()
    };
    saved::to_json(&choices, &s)
}

#[test]
fn a_game_link_is_read_once() {
    // Taken off the address once read: a reload does not open it again.
    assert!(boot(&Stored::default(), "?fen=B:W21-32:B1-12", true).forget_query);
    assert!(!boot(&Stored::default(), "", true).forget_query);
    assert!(!boot(&Stored::default(), "?utm_source=x", true).forget_query);
}

#[test]
fn nothing_kept_starts_on_the_new_game_screen() {
    let b = boot(&Stored::default(), "", true);
    assert_eq!(b.state.nav.screen, Screen::NewGame);
    assert!(b.state.session.game.is_none());
    assert!(b.state.notices.list.is_empty());
    assert!(b.set_aside.is_empty());
}

#[test]
fn a_saved_game_opens_on_the_board_with_its_choices() {
    let stored = Stored {
        saved: Some(saved_game(&["11-15", "23-19"])),
        ..Stored::default()
    };
    let b = boot(&stored, "", true);
    assert_eq!(b.state.nav.screen, Screen::Play);
    assert_eq!(
        b.state.session.record().unwrap().move_texts(),
        ["11-15", "23-19"]
    );
    assert_eq!(b.state.session.meta.id, 9);
    assert_eq!(b.state.new_game.kind, GameKind::Tiers);
    // What is kept now is what was read.
    assert_eq!(
        Kept::Saved.content(&b.state),
        Content::Text(stored.saved.clone().unwrap())
    );
}

#[test]
fn damaged_records_are_named_set_aside_and_the_rest_kept() {
    let bad_game = saved_game(&["11-15", "23-19"]).replace("\"23-19\"", "\"11-15\"");
    let stored = Stored {
        saved: Some(bad_game.clone()),
        archive: Some("{not json".into()),
        tournaments: Some("[1,".into()),
        ..Stored::default()
    };
    let b = boot(&stored, "", true);
    assert!(b.state.session.game.is_none());
    assert_eq!(
        b.state.new_game.kind,
        GameKind::Tiers,
        "the choices survive"
    );
    assert_eq!(b.state.notices.list.len(), 2, "{:?}", b.state.notices.list);
    assert!(b.state.notices.list[0]
        .english()
        .starts_with("The saved game could not be read (it is damaged)"));
    assert!(b.state.notices.list[0]
        .english()
        .ends_with("; it was set aside."));
    assert!(b.state.notices.list[1]
        .english()
        .starts_with("The archive could not be read (it is not valid JSON"));
    assert_eq!(
        b.set_aside,
        [
            (Kept::Saved, bad_game),
            (Kept::Archive, "{not json".to_string())
        ]
    );
    // The damaged tournaments are kept as they are until replaced.
    assert!(b.state.tournaments.damaged.is_some());
    assert_eq!(Kept::Tournaments.content(&b.state), Content::Leave);
    assert_eq!(Kept::Previous.content(&b.state), Content::Remove);
}

#[test]
fn a_share_link_replaces_an_unfinished_game_which_is_kept_aside() {
    let stored = Stored {
        saved: Some(saved_game(&["11-15"])),
        ..Stored::default()
    };
    let b = boot(&stored, "?game=checkers&players=2&pdn=9-14+22-17", true);
    assert_eq!(b.state.nav.screen, Screen::Play);
    assert_eq!(
        b.state.session.record().unwrap().move_texts(),
        ["9-14", "22-17"]
    );
    assert_eq!(b.state.session.meta.id, 0, "a new game, its own id to come");
    let (kept, meta) = b.state.notices.previous.clone().unwrap();
    assert_eq!(kept.record.move_texts(), ["11-15"]);
    assert_eq!(meta.id, 9);
    assert!(matches!(Kept::Previous.content(&b.state), Content::Text(_)));
}

#[test]
fn a_bad_link_changes_nothing_and_says_why() {
    let stored = Stored {
        saved: Some(saved_game(&["11-15"])),
        ..Stored::default()
    };
    let b = boot(&stored, "?game=chess", true);
    assert_eq!(b.state.session.record().unwrap().move_texts(), ["11-15"]);
    assert!(b.state.notices.previous.is_none());
    assert!(b.state.notices.list[0]
        .english()
        .starts_with("This link could not be opened (game=chess: unknown game"));
    assert!(b.state.notices.list[0]
        .english()
        .ends_with("; your saved game is kept."));
}

#[test]
fn preferences_are_read_back_and_give_the_new_game_defaults() {
    use crate::preferences::{BoardTheme, Preferences};
    use tiers_engine::search::Level;
    let prefs = Preferences {
        board: BoardTheme::Green,
        confirm: true,
        level: Level::clamped(6),
        color: ColorChoice::Black,
        ..Preferences::default()
    };
    let stored = Stored {
        preferences: Some(prefs.to_json()),
        ..Stored::default()
    };
    let b = boot(&stored, "", true);
    assert_eq!(*b.state.preferences, prefs);
    assert_eq!(b.state.new_game.level.number(), 6);
    assert_eq!(b.state.new_game.color, ColorChoice::Black);
    assert!(b.state.session.confirm);
    assert!(b.set_aside.is_empty());
    assert_eq!(
        Kept::Preferences.content(&b.state),
        Content::Text(prefs.to_json())
    );
    // A saved game keeps its own new-game choices.
    let stored = Stored {
        saved: Some(saved_game(&["11-15"])),
        ..stored
    };
    let b = boot(&stored, "", true);
    assert_eq!(b.state.new_game.color, ColorChoice::Black);
    assert_eq!(b.state.new_game.level.number(), 3);
}

#[test]
fn damaged_preferences_are_set_aside_with_a_notice() {
    let stored = Stored {
        preferences: Some("{\"v\": 1, \"board\": ".into()),
        ..Stored::default()
    };
    let b = boot(&stored, "", true);
    assert_eq!(
        *b.state.preferences,
        crate::preferences::Preferences::default()
    );
    assert_eq!(
        b.set_aside,
        [(Kept::Preferences, "{\"v\": 1, \"board\": ".to_string())]
    );
    assert!(b.state.notices.list[0]
        .english()
        .starts_with("Your settings record could not be read"));
    assert!(b.state.notices.list[0]
        .english()
        .ends_with("; it was set aside."));
}

/// The saved text of a timed (3+2) checkers game after 11-15, Red's clock
/// last charged at 1 000 000 ms.
fn timed_game(opponent: Opponent) -> String {
    let mut g = new_checkers();
    g.play_text("11-15").unwrap();
    let mut s = Session::playing(LoadGame {
        record: g,
        opponent,
        flipped: false,
        clock: Some(crate::clock::Clock {
            control: crate::clock::PRESETS[1],
            left: [170_000, 160_000],
            seen: Some(1_000_000),
        }),
    });
    s.meta.id = 9;
    saved::to_json(&NewGameChoices::default(), &s)
}

#[test]
fn after_a_reload_a_two_player_clock_goes_on_and_the_computers_waits() {
    use crate::AppAction;
    // Two people: the time the page was away is charged.
    let stored = Stored {
        saved: Some(timed_game(Opponent::Friend)),
        ..Stored::default()
    };
    let mut state = boot(&stored, "", true).state;
    assert!(!state.clock_change_due(true), "it runs on");
    state.apply(AppAction::Clock {
        now: 1_030_000,
        visible: true,
    });
    assert_eq!(state.session.clock.unwrap().left, [140_000, 160_000]);

    // Against the computer: it waits for the person; the time away is free.
    let stored = Stored {
        saved: Some(timed_game(Opponent::Computer {
            level: tiers_engine::search::Level::clamped(3),
            human: Color::Red,
        })),
        ..Stored::default()
    };
    let mut state = boot(&stored, "", true).state;
    assert!(state.clock_change_due(true));
    state.apply(AppAction::Clock {
        now: 1_030_000,
        visible: true,
    });
    state.apply(AppAction::Clock {
        now: 1_031_000,
        visible: true,
    });
    assert_eq!(state.session.clock.unwrap().left, [169_000, 160_000]);

    // A damaged clock: named, set aside, the game kept without a clock.
    let text = timed_game(Opponent::Friend).replace("\"3+2\"", "\"x\"");
    let b = boot(
        &Stored {
            saved: Some(text.clone()),
            ..Stored::default()
        },
        "",
        true,
    );
    assert_eq!(b.set_aside, [(Kept::Saved, text)]);
    assert_eq!(
        b.state.notices.english(),
        ["The saved game's clock could not be read, so the game goes on without a clock; it was set aside."]
    );
    assert!(b.state.session.clock.is_none());
    assert_eq!(b.state.session.record().unwrap().move_texts(), ["11-15"]);
}

#[test]
fn the_analysis_board_is_kept_and_a_damaged_one_set_aside() {
    use crate::analysis_board::{AnalysisAction, AnalysisBoard};
    let mut board = AnalysisBoard::default();
    board.apply(AnalysisAction::Play("11-15".into()));
    let mut state = boot(&Stored::default(), "", true).state;
    state.analysis_board = Slice::new(board.clone());
    let Content::Text(kept) = Kept::Analysis.content(&state) else {
        panic!("a tree with a move is kept");
    };
    let stored = Stored {
        analysis: Some(kept),
        ..Stored::default()
    };
    let b = boot(&stored, "", true);
    assert_eq!(b.state.analysis_board.tree, board.tree);
    assert!(b.set_aside.is_empty());
    // An empty board keeps nothing.
    let mut empty = b.state.clone();
    empty.analysis_board = Slice::default();
    assert_eq!(Kept::Analysis.content(&empty), Content::Remove);
    let bad = "{\"v\": 1, \"pdn\": \"1. 11-18 *\"}".to_string();
    let b = boot(
        &Stored {
            analysis: Some(bad.clone()),
            ..Stored::default()
        },
        "",
        true,
    );
    assert_eq!(b.set_aside, [(Kept::Analysis, bad)]);
    assert!(b.state.analysis_board.tree.is_empty());
    assert!(b.state.notices.list[0]
        .english()
        .starts_with("Your analysis board could not be read"));
}
