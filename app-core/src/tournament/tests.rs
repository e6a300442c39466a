//! The tournament reducer, natively: creating, entering and correcting
//! results, playing matches on the board, saving and restoring.

use super::*;
use crate::ai::AiReply;
use crate::tournament::draft::DraftAction;

fn run(mut s: Tournaments, actions: impl IntoIterator<Item = TournamentAction>) -> Tournaments {
    for a in actions {
        s.apply(a);
    }
    s
}

/// The computer's answer `text` to a request, through the AI actions.
fn computer_plays(s: Tournaments, text: String) -> Tournaments {
    let id = 7000
        + s.game
            .as_ref()
            .and_then(|g| g.session.record())
            .map_or(0, |r| r.ply() as u32);
    assert!(s.ai_due(id).is_some(), "a request is due");
    run(
        s,
        [
            TournamentAction::Board(SessionAction::AiSent(id)),
            TournamentAction::Board(SessionAction::Ai(AiReply::Move { id, text })),
        ],
    )
}

/// A tournament of four: Ann, Bob, and two computers (level 1 and 2).
fn four(game: GameChoice) -> Tournaments {
    run(
        Tournaments::default(),
        [
            TournamentAction::New(7),
            TournamentAction::Draft(DraftAction::Name("Club night".into())),
            TournamentAction::Draft(DraftAction::Game(game)),
            TournamentAction::Draft(DraftAction::EntrantName(0, 0, "Ann".into())),
            TournamentAction::Draft(DraftAction::EntrantName(0, 1, "Bob".into())),
            TournamentAction::Draft(DraftAction::AddComputer(0, Level::clamped(1))),
            TournamentAction::Draft(DraftAction::AddComputer(0, Level::clamped(2))),
            TournamentAction::Create,
        ],
    )
}

fn bracket(s: &Tournaments) -> &tiers_bracket::Bracket {
    s.shown().unwrap().1.bracket(0)
}

fn hand_result(s: Tournaments, id: MatchId, slot: usize) -> Tournaments {
    let winner = bracket(&s).players(id)[slot].unwrap();
    run(
        s,
        [
            TournamentAction::OpenResult(0, id),
            TournamentAction::ResultWinner(winner),
            TournamentAction::ResultScore("2-1".into()),
            TournamentAction::SaveResult,
        ],
    )
}

/// Plays the match in progress to its end: people click their first legal
/// move, computers answer through the AI actions with theirs.
fn play_out(mut s: Tournaments) -> Tournaments {
    for _ in 0..3000 {
        let Some(g) = s.game.as_ref() else { break };
        match &g.stage {
            Stage::Won { .. } => break,
            Stage::Drawn { .. } => {
                s = run(s, [TournamentAction::NextGame(1)]);
                continue;
            }
            _ => {}
        }
        let game = g.session.record().unwrap();
        let mv = game.legal()[0].clone();
        s = if g.computer_due() {
            computer_plays(s, mv.text)
        } else {
            run(
                s,
                mv.squares
                    .iter()
                    .map(|&sq| TournamentAction::Board(SessionAction::Square(sq))),
            )
        };
    }
    s
}

#[test]
fn creating_a_tournament_opens_its_bracket() {
    let s = four(GameChoice::Checkers);
    assert_eq!(s.entries.len(), 1);
    assert_eq!(s.view, View::Bracket { id: 1, bracket: 0 });
    assert_eq!(
        s.notice.as_ref().map(crate::i18n::Text::english).as_deref(),
        Some("Tournament “Club night” created.")
    );
    assert_eq!(bracket(&s).ready_matches(), vec![0, 1]);
    // A bad form stays open with the reason.
    let bad = run(
        Tournaments::default(),
        [TournamentAction::New(1), TournamentAction::Create],
    );
    assert_eq!(bad.view, View::Create);
    assert_eq!(
        bad.draft
            .error
            .as_ref()
            .map(|e| crate::session::capitalise(&e.english()))
            .as_deref(),
        Some("The tournament needs a name.")
    );
}

#[test]
fn results_by_hand_and_a_correction_that_resets_later_matches() {
    let mut s = four(GameChoice::Checkers);
    // Seeds: Ann 1, Bob 2, C1 3, C2 4. Match 1: Ann v C2, match 2: Bob v C1.
    s = hand_result(s, 0, 0);
    assert_eq!(
        s.notice.as_ref().map(crate::i18n::Text::english).as_deref(),
        Some("Match 1: Ann beat Computer (level 2).")
    );
    assert_eq!(s.dialog, None);
    s = hand_result(s, 1, 0);
    // Match 3 (winners' final) Ann v Bob: Ann wins.
    s = hand_result(s, 2, 0);
    assert_eq!(bracket(&s).result(2).unwrap().score, "2-1");
    // Saving without a winner says so.
    s = run(
        s,
        [
            TournamentAction::OpenResult(0, 3),
            TournamentAction::SaveResult,
        ],
    );
    assert!(
        matches!(&s.dialog, Some(Dialog::Result { error: Some(e), .. }) if e.english() == "Choose the winner first.")
    );
    s = run(s, [TournamentAction::CloseDialog]);
    // Correct match 1: the computer won. Match 3 (Ann v Bob) must go.
    let c2 = bracket(&s).players(0)[1].unwrap();
    s = run(
        s,
        [
            TournamentAction::OpenResult(0, 0),
            TournamentAction::ResultWinner(c2),
            TournamentAction::SaveResult,
        ],
    );
    let Some(Dialog::Confirm { lines, .. }) = &s.dialog else {
        panic!("{:?}", s.dialog)
    };
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(
        lines[0].starts_with("Match 3 was reset: Ann beat Bob in it"),
        "{}",
        lines[0]
    );
    // Nothing changed before the answer.
    assert!(bracket(&s).result(2).is_some());
    s = run(s, [TournamentAction::Confirm]);
    assert_eq!(
        s.notice.as_ref().map(crate::i18n::Text::english).as_deref(),
        Some("Match 1: Computer (level 2) beat Ann. 1 later result was reset.")
    );
    assert!(bracket(&s).result(2).is_none());
    assert_eq!(bracket(&s).players(2), [Some(c2), Some(1)]);
    // Removing a result works the same way, with the same question.
    s = run(
        s,
        [
            TournamentAction::OpenResult(0, 1),
            TournamentAction::ClearResult,
        ],
    );
    assert_eq!(s.dialog, None, "nothing later depended on it yet");
    assert!(bracket(&s).result(1).is_none());
    // A waiting match cannot be opened.
    s = run(s, [TournamentAction::OpenResult(0, 5)]);
    assert_eq!(s.dialog, None);
    assert!(s
        .notice
        .as_ref()
        .map(crate::i18n::Text::english)
        .as_deref()
        .unwrap()
        .contains("waits for earlier results"));
}

#[test]
fn a_whole_tournament_played_on_the_board() {
    let mut s = four(GameChoice::Checkers);
    let mut guard = 0;
    while !s.entries[0].tournament.is_finished() {
        let id = bracket(&s).ready_matches()[0];
        s = run(s, [TournamentAction::Play(0, id, 3)]);
        assert_eq!(s.view, View::Match);
        let g = s.game.as_ref().unwrap();
        assert!(g.ballot.is_some(), "checkers games start from a ballot");
        s = play_out(s);
        let g = s.game.as_ref().unwrap();
        assert!(matches!(g.stage, Stage::Won { .. }));
        assert!(g.recorded);
        let r = bracket(&s).result(id).expect("recorded by itself");
        assert!(
            r.record.contains("[Event \"Club night · match"),
            "{}",
            r.record
        );
        assert!(s
            .notice
            .as_ref()
            .map(crate::i18n::Text::english)
            .as_deref()
            .unwrap()
            .contains("The result is in the bracket."));
        s = run(s, [TournamentAction::Leave]);
        assert!(s.game.is_none());
        guard += 1;
        assert!(guard < 10);
    }
    assert!(guard >= 6, "six or seven matches: {guard}");
    assert!(bracket(&s).champion().is_some());
}

#[test]
fn a_person_resigns_and_the_computer_goes_through() {
    let mut s = four(GameChoice::Tiers);
    // Match 1: Ann v Computer (level 2): Ann sets up her formation.
    s = run(s, [TournamentAction::Play(0, 0, 5)]);
    let g = s.game.as_ref().unwrap();
    assert_eq!(g.stage, Stage::Formation);
    s = run(
        s,
        [
            TournamentAction::Formation(FormationAction::Ready(9)),
            TournamentAction::BeginTiers,
        ],
    );
    assert_eq!(s.game.as_ref().unwrap().stage, Stage::Playing);
    s = run(s, [TournamentAction::Resign]);
    let c2 = bracket(&s).players(0)[1].unwrap();
    assert_eq!(bracket(&s).result(0).unwrap().winner, c2);
    assert!(bracket(&s).result(0).unwrap().score.contains("resigned"));
}

#[test]
fn the_game_in_progress_survives_a_reload() {
    let mut s = four(GameChoice::Checkers);
    s = run(s, [TournamentAction::Play(0, 1, 5)]); // Bob v Computer (level 1)
                                                   // Play a few moves.
    for _ in 0..3 {
        let g = s.game.as_ref().unwrap();
        let mv = g.session.record().unwrap().legal()[0].clone();
        s = if g.computer_due() {
            computer_plays(s, mv.text)
        } else {
            run(
                s,
                mv.squares
                    .iter()
                    .map(|&sq| TournamentAction::Board(SessionAction::Square(sq))),
            )
        };
    }
    let before = s
        .game
        .as_ref()
        .unwrap()
        .session
        .record()
        .unwrap()
        .move_texts();
    assert!(before.len() >= 5, "ballot + moves: {before:?}");
    let text = s.encode();
    let back = Tournaments::from_loaded(store::decode(Some(&text)), Some(&text));
    assert!(back.problems.is_empty(), "{:?}", back.problems);
    assert_eq!(back.entries, s.entries);
    let g = back.game.as_ref().unwrap();
    assert_eq!(g.session.record().unwrap().move_texts(), before);
    assert_eq!(g.ballot, s.game.as_ref().unwrap().ballot);
    assert_eq!(g.names, s.game.as_ref().unwrap().names);
    // Resume it from the list.
    let back = run(back, [TournamentAction::Resume]);
    assert_eq!(back.view, View::Match);
}

#[test]
fn damaged_storage_gets_a_message_and_is_kept_until_replaced() {
    let s = Tournaments::from_loaded(store::decode(Some("{oops")), Some("{oops"));
    assert_eq!(s.damaged.as_deref(), Some("{oops"));
    assert!(s.problems[0].english().contains("damaged"));
    let s = run(s, [TournamentAction::DropDamaged]);
    assert!(s.problems.is_empty() && s.damaged.is_none());
}

#[test]
fn import_names_what_is_wrong() {
    let good = four(GameChoice::Checkers).entries[0].tournament.to_json();
    let s = run(
        Tournaments::default(),
        [TournamentAction::Import {
            name: "club.json".into(),
            text: good.replace("\"version\": 1", "\"version\": 7"),
        }],
    );
    assert_eq!(
        s.notice.as_ref().map(crate::i18n::Text::english).as_deref(),
        Some("club.json could not be imported: tournament file version 7 is not supported (this program reads version 1).")
    );
    assert!(s.entries.is_empty());
    let s = run(
        s,
        [TournamentAction::Import {
            name: "x.json".into(),
            text: "not json".into(),
        }],
    );
    assert!(
        s.notice
            .as_ref()
            .map(crate::i18n::Text::english)
            .as_deref()
            .unwrap()
            .starts_with("x.json could not be imported: not a readable tournament file: the file is not JSON (line 1, column 1)"),
        "{:?}",
        s.notice
    );
    let s = run(
        s,
        [TournamentAction::Import {
            name: "club.json".into(),
            text: good,
        }],
    );
    assert_eq!(s.entries.len(), 1);
    assert_eq!(s.view, View::Bracket { id: 1, bracket: 0 });
}

#[test]
fn deleting_and_abandoning_ask_first() {
    let mut s = four(GameChoice::Checkers);
    s = run(
        s,
        [
            TournamentAction::Play(0, 0, 1),
            TournamentAction::Leave,
            TournamentAction::Play(0, 1, 1),
        ],
    );
    assert_eq!(s.dialog, Some(Dialog::Abandon { next: Some((0, 1)) }));
    s = run(s, [TournamentAction::Confirm]);
    assert_eq!(s.game.as_ref().unwrap().id, 1);
    assert_eq!(s.view, View::Match);
    s = run(s, [TournamentAction::Abandon]);
    assert_eq!(s.dialog, Some(Dialog::Abandon { next: None }));
    s = run(s, [TournamentAction::Confirm]);
    assert!(s.game.is_none());
    assert_eq!(s.view, View::Bracket { id: 1, bracket: 0 });
    s = run(s, [TournamentAction::AskDelete(1)]);
    assert_eq!(s.entries.len(), 1);
    s = run(s, [TournamentAction::Confirm]);
    assert!(s.entries.is_empty());
    assert_eq!(s.view, View::List);
}

#[test]
fn a_correction_drops_a_game_whose_match_changed() {
    let mut s = four(GameChoice::Checkers);
    s = hand_result(s, 0, 0);
    s = hand_result(s, 1, 0);
    // Match 3 (Ann v Bob) is being played; then match 1 is corrected.
    s = run(
        s,
        [TournamentAction::Play(0, 2, 1), TournamentAction::Leave],
    );
    assert!(s.game.is_some());
    let c2 = bracket(&s).players(0)[1].unwrap();
    s = run(
        s,
        [
            TournamentAction::OpenResult(0, 0),
            TournamentAction::ResultWinner(c2),
            TournamentAction::SaveResult,
        ],
    );
    assert_eq!(s.dialog, None, "no played result is reset");
    assert!(s.game.is_none());
    assert!(s
        .notice
        .as_ref()
        .map(crate::i18n::Text::english)
        .as_deref()
        .unwrap()
        .ends_with("The game in progress for match 3 was dropped: the match changed."));
}

#[test]
fn the_page_style_sheet_carries_the_bracket_picture_style() {
    let css = include_str!("../../../styles/screens.css");
    assert!(
        css.contains(tiers_bracket::svg::STYLE),
        "styles/screens.css must contain tiers_bracket::svg::STYLE verbatim"
    );
}

#[test]
fn matches_play_on_the_tournaments_clock_and_keep_it_across_a_reload() {
    use crate::clock::TimeControl;
    let mut s = run(
        Tournaments::default(),
        [
            TournamentAction::New(7),
            TournamentAction::Draft(DraftAction::Name("Blitz".into())),
            TournamentAction::Draft(DraftAction::Game(GameChoice::Checkers)),
            TournamentAction::Draft(DraftAction::Ballots(false)),
            TournamentAction::Draft(DraftAction::Clock(TimeControl::parse("3+2"))),
            TournamentAction::Draft(DraftAction::EntrantName(0, 0, "Ann".into())),
            TournamentAction::Draft(DraftAction::EntrantName(0, 1, "Bob".into())),
            TournamentAction::Create,
        ],
    );
    assert_eq!(s.entries[0].clock, TimeControl::parse("3+2"));
    s = run(s, [TournamentAction::Play(0, 0, 5)]);
    let c = s
        .clock_session()
        .expect("the match has clocks")
        .clock
        .unwrap();
    assert_eq!(c.left, [180_000, 180_000]);
    // Ann v Bob: two people, their clocks run; 11-15 after 10 s gets +2 s.
    s = run(
        s,
        [
            TournamentAction::Board(SessionAction::Resume(0)),
            TournamentAction::Board(SessionAction::Tick(10_000)),
        ],
    );
    let mv = s.game.as_ref().unwrap().session.record().unwrap().legal()[0].clone();
    s = run(
        s,
        mv.squares
            .iter()
            .map(|&sq| TournamentAction::Board(SessionAction::Square(sq))),
    );
    let left = s.clock_session().unwrap().clock.unwrap().left;
    assert_eq!(left, [180_000, 172_000]);
    // Stored and read back: the clocks as they were, still running.
    let text = s.encode();
    let back = Tournaments::from_loaded(store::decode(Some(&text)), Some(&text));
    assert!(back.problems.is_empty(), "{:?}", back.problems);
    assert_eq!(back.entries[0].clock, TimeControl::parse("3+2"));
    let c = back.clock_session().unwrap().clock.unwrap();
    assert_eq!((c.left, c.seen), (left, Some(10_000)));
    // A flag ends the game: Red (to move) runs out of time, Black wins.
    let back = run(
        back,
        [TournamentAction::Board(SessionAction::Tick(200_000))],
    );
    let g = back.game.as_ref().unwrap();
    assert_eq!(
        g.session.outcome().unwrap().to_string(),
        "Black wins: Red ran out of time"
    );
}
