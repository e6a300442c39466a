//! The games library's reducer, natively: importing files and positions,
//! stepping through a game, keeping, deleting and restoring archived games.

use super::*;
use crate::library::archive::Archive;

const TWO_GAMES: &str = "[Event \"a\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n\n1. 11-15 23-19 1-0\n\n\
                         [Event \"b\"]\n\n1. 11-15 11-16 *\n";

fn level() -> Level {
    Level::clamped(4)
}

#[test]
fn steps_stay_inside_the_game() {
    assert_eq!(Step::On.from(3, 8), 4);
    assert_eq!(Step::On.from(8, 8), 8);
    assert_eq!(Step::Back.from(0, 8), 0);
    assert_eq!(Step::Back.from(usize::MAX, 8), 7);
    assert_eq!(Step::First.from(5, 8), 0);
    assert_eq!(Step::Last.from(0, 8), 8);
}

#[test]
fn a_file_lists_its_games_and_the_bad_ones_with_the_reason() {
    let mut l = Library::default();
    l.apply(
        LibraryAction::Take("two.pdn".into(), TWO_GAMES.into()),
        level(),
    );
    let Source::File(found) = &l.source else {
        panic!("the file is listed");
    };
    assert_eq!(found.source, Text::plain("two.pdn"));
    assert_eq!(found.games.len(), 2);
    assert!(found.games[0].is_ok());
    let bad = found.games[1].as_ref().err().unwrap().english();
    assert!(bad.contains("11-16 cannot be played"), "{bad}");
    assert_eq!(l.selected, Some(0), "the first readable game is chosen");
    let c = l.chosen(&|_| String::new()).unwrap().unwrap();
    assert_eq!(c.title.english(), "Ann vs Bob");
    // Step through it by keys.
    l.apply(LibraryAction::Step(Step::First), level());
    assert_eq!(l.ply, 0);
    l.apply(LibraryAction::Step(Step::On), level());
    assert_eq!(l.ply, 1);
    // Keep it in the archive.
    l.apply(LibraryAction::Keep { id: 5, now: 1000 }, level());
    assert_eq!(l.archive.games.len(), 1);
    assert_eq!(
        l.note.as_ref().map(crate::i18n::Text::english).as_deref(),
        Some("Saved in the archive.")
    );
}

#[test]
fn a_pasted_position_opens_in_the_editor_and_a_bad_text_is_named() {
    let mut l = Library::default();
    l.apply(LibraryAction::Text("W:W18:B14".into()), level());
    match l.apply(LibraryAction::ReadText, level()) {
        Some(Opened::Position(GameKind::Checkers, text)) => assert_eq!(text, "W:W18:B14"),
        _ => panic!("a position goes to the editor"),
    }
    assert!(l
        .apply(
            LibraryAction::Take("x.pdn".into(), "[Event".into()),
            level()
        )
        .is_none());
    let error = l.error.unwrap().english();
    assert!(error.starts_with("x.pdn: "), "{error}");
}

#[test]
fn deleting_an_archived_game_can_be_undone() {
    let mut l = Library::default();
    l.apply(
        LibraryAction::Take("two.pdn".into(), TWO_GAMES.into()),
        level(),
    );
    l.apply(LibraryAction::Keep { id: 5, now: 1000 }, level());
    l.apply(LibraryAction::Filter(None), level());
    l.apply(LibraryAction::Choose(5), level());
    l.apply(LibraryAction::Delete, level());
    assert!(l.archive.games.is_empty());
    assert!(l.deleted.is_some());
    l.apply(LibraryAction::Undo, level());
    assert_eq!(l.archive.games.len(), 1);
    assert_eq!(l.selected, Some(5));
    // Filtering by the other game hides it.
    l.apply(LibraryAction::Filter(Some(GameKind::Tiers)), level());
    assert_eq!(l.shown().count(), 0);
    assert_eq!(Library::with(Archive::new()).shown().count(), 0);
}

#[test]
fn continuing_opens_the_game_at_the_ply_shown() {
    let mut l = Library::default();
    l.apply(
        LibraryAction::Take("two.pdn".into(), TWO_GAMES.into()),
        level(),
    );
    l.apply(LibraryAction::Ply(1), level());
    match l.apply(LibraryAction::Continue(Some(Color::Black)), level()) {
        Some(Opened::Game(game, meta)) => {
            assert_eq!(game.record.ply(), 1);
            assert_eq!(
                game.record.recorded(),
                2,
                "the moves after it stay for redo"
            );
            assert_eq!(
                game.opponent,
                Opponent::Computer {
                    level: level(),
                    human: Color::Black
                }
            );
            assert!(game.flipped);
            assert!(meta.tags.iter().any(|(k, v)| k == "White" && v == "Ann"));
        }
        _ => panic!("the game opens"),
    }
}

#[test]
fn an_imported_game_keeps_its_variations_in_the_archive() {
    let mut l = Library::default();
    let file = "[Event \"study\"]\n\n1. 11-15 {Old Fourteenth?} (1. 9-14 22-18) 23-19 1-0\n";
    l.apply(LibraryAction::Take("s.pdn".into(), file.into()), level());
    let tree = l.chosen_tree().expect("the file's game").tree;
    assert_eq!(tree.len(), 5, "root, two moves and a variation of two");
    l.apply(LibraryAction::Keep { id: 7, now: 1000 }, level());
    let entry = &l.archive.games[0];
    let pdn = entry.pdn.replace('\n', " ");
    assert!(
        pdn.contains("1. 11-15 {Old Fourteenth?} (1. 9-14 22-18) 1... 23-19 1-0"),
        "{pdn}"
    );
    l.apply(LibraryAction::Filter(None), level());
    l.apply(LibraryAction::Choose(7), level());
    let kept = l.chosen_tree().expect("the archived game");
    assert_eq!(kept.tree, tree);
    assert_eq!(crate::library::tag(&kept.tags, "Event"), Some("study"));
    // The stated result, which the main line does not show, goes with it.
    assert!(kept.ending.is_some());
    // The archive still replays its main line and says how it ended.
    let c = l.chosen_game().unwrap();
    assert_eq!(c.record.move_texts(), ["11-15", "23-19"]);
    assert!(c.record.outcome().is_some());
}
