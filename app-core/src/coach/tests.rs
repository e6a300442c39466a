//! The coach through the whole state, natively: when an analysis is due,
//! where its replies go, the hint on the board and in the record, ballot
//! openings that cannot be taken back.

use tiers_engine::search::Level;
use tiers_engine::{Color, GameKind};

use crate::ai::{AiReply, AiTarget, Budget};
use crate::coach::{hints_in, CoachAction, BAR_MS, HINT_DEPTH, HINT_MS};
use crate::new_game::{ColorChoice, NewGameChoices, Opening};
use crate::session::{SessionAction, OPENING_TAG};
use crate::{AppAction, AppState};

fn started(vs_computer: bool, opening: Opening, hints: bool, roll: u64) -> AppState {
    let mut app = AppState::default();
    app.apply(AppAction::NewGame(NewGameChoices {
        kind: GameKind::Checkers,
        vs_computer,
        level: Level::clamped(3),
        color: ColorChoice::Black,
        opening,
        hints,
        clock: None,
    }));
    app.apply(AppAction::Start { coin: true, roll });
    app
}

/// Plays `text` on the play screen by its squares.
pub(crate) fn play(app: &mut AppState, text: &str) {
    let squares = app
        .session
        .enterable()
        .into_iter()
        .find(|m| m.text == text)
        .unwrap_or_else(|| panic!("{text} is not playable"))
        .squares;
    for sq in squares {
        app.apply(AppAction::Game(SessionAction::Square(sq)));
    }
}

/// Sends what is due and returns its target and id.
fn send(app: &mut AppState) -> (AiTarget, u32, Budget) {
    let due = app.ai_due().expect("a request is due");
    let id = due.request.id;
    app.apply(AppAction::AiSent(due.target, id));
    (due.target, id, due.request.budget)
}

#[test]
fn the_bar_analyses_the_position_shown_and_only_on_the_persons_turn() {
    let mut app = started(true, Opening::Standard, true, 0);
    assert!(
        app.ai_due().is_none(),
        "the bar is off by default: nothing to ask"
    );
    app.apply(AppAction::Coach(CoachAction::ToggleBar));
    let (target, id, ms) = send(&mut app);
    assert_eq!((target, ms), (AiTarget::Coach, Budget::Time(BAR_MS)));
    assert!(app.ai_due().is_none(), "asked once");
    app.apply(AppAction::Ai(AiReply::Info {
        id,
        depth: 5,
        score: 30,
        nodes: 9,
        pv: vec!["11-15".into()],
    }));
    let shown = app
        .coach
        .shown(&app.session)
        .expect("analysis of the shown position");
    // +0.30 for Black, the side to move: -0.30 from Red's side.
    assert_eq!((shown.depth, shown.red_score()), (5, Some(-30)));
    // The person moves: the analysis stops, and the computer is asked, not the coach.
    play(&mut app, "9-14");
    assert!(
        !app.coach.analysis.running(),
        "a stale analysis ends (and its worker with it)"
    );
    let (target, cid, _) = send(&mut app);
    assert_eq!(target, AiTarget::Game);
    app.apply(AppAction::Ai(AiReply::Info {
        id,
        depth: 9,
        score: 99,
        nodes: 1,
        pv: vec![],
    }));
    assert_eq!(
        app.coach.analysis.depth, 5,
        "a late reply to the old analysis is dropped"
    );
    app.apply(AppAction::Ai(AiReply::Move {
        id: cid,
        text: "22-18".into(),
    }));
    // The person's turn again: the new position is analysed.
    let (target, _, _) = send(&mut app);
    assert_eq!(target, AiTarget::Coach);
    assert_eq!(app.coach.analysis.spot.moves, vec!["9-14", "22-18"]);
    // Looking back analyses the position looked at.
    app.apply(AppAction::Game(SessionAction::View(Some(1))));
    let (target, _, _) = send(&mut app);
    assert_eq!(target, AiTarget::Coach);
    assert_eq!(app.coach.analysis.spot.moves, vec!["9-14"]);
}

#[test]
fn a_hint_shows_the_best_move_and_is_counted_in_the_record() {
    let mut app = started(false, Opening::Standard, true, 0);
    assert!(app.coach.can_hint(&app.session));
    app.apply(AppAction::Hint);
    let (target, id, ms) = send(&mut app);
    assert_eq!(
        (target, ms),
        (AiTarget::Coach, Budget::Time(HINT_MS)),
        "a hint alone is a short search"
    );
    assert_eq!(hints_in(&app.session.meta.tags), 1);
    assert!(!app.coach.can_hint(&app.session), "one hint per position");
    app.apply(AppAction::Hint);
    assert_eq!(
        hints_in(&app.session.meta.tags),
        1,
        "asking again counts nothing"
    );
    app.apply(AppAction::Ai(AiReply::Info {
        id,
        depth: HINT_DEPTH - 1,
        score: 0,
        nodes: 1,
        pv: vec!["11-15".into()],
    }));
    assert!(
        app.coach.hint_move(&app.session).is_none(),
        "not deep enough yet"
    );
    app.apply(AppAction::Ai(AiReply::Move {
        id,
        text: "11-15".into(),
    }));
    let hint = app.coach.hint_move(&app.session).expect("the hint");
    assert_eq!(hint.text, "11-15");
    assert_eq!(hint.squares.len(), 2, "from and to, to draw on the board");
    // Playing on clears the hint; the count stays in the game's tags.
    play(&mut app, "11-15");
    assert!(app.coach.hint.is_none());
    assert!(app.coach.can_hint(&app.session));
    app.apply(AppAction::Hint);
    assert_eq!(hints_in(&app.session.meta.tags), 2);
}

#[test]
fn hints_can_be_turned_off_for_a_game() {
    let mut app = started(false, Opening::Standard, false, 0);
    assert!(!app.coach.can_hint(&app.session));
    app.apply(AppAction::Hint);
    assert!(app.ai_due().is_none());
    assert_eq!(hints_in(&app.session.meta.tags), 0);
}

#[test]
fn a_ballot_opening_is_played_named_and_kept() {
    // Deck position 1 is ACF 1: 9-13 21-17 5-9.
    let mut app = started(false, Opening::Ballot(1), true, 0);
    let game = app.session.record().unwrap();
    assert_eq!(game.move_texts(), vec!["9-13", "21-17", "5-9"]);
    let opening = app
        .session
        .meta
        .tags
        .iter()
        .find(|(n, _)| n == OPENING_TAG)
        .unwrap();
    assert_eq!(opening.1, "ACF 1: 9-13 21-17 5-9");
    assert!(
        !app.session.can_undo(),
        "the ballot's moves cannot be taken back"
    );
    play(&mut app, "22-18");
    assert!(app.session.can_undo());
    app.apply(AppAction::Game(SessionAction::Undo));
    app.apply(AppAction::Game(SessionAction::Undo));
    assert_eq!(app.session.record().unwrap().ply(), 3);
    // A random ballot is drawn from the roll, the same roll the same ballot.
    let a = started(false, Opening::RandomBallot, true, 57);
    let b = started(false, Opening::RandomBallot, true, 57 + 156);
    assert_eq!(a.session.meta.tags, b.session.meta.tags);
    assert_eq!(a.session.record().unwrap().ply(), 3);
}

#[test]
fn against_the_computer_a_ballot_leaves_the_computer_to_move_when_it_is_red() {
    let mut app = AppState::default();
    app.apply(AppAction::NewGame(NewGameChoices {
        kind: GameKind::Checkers,
        vs_computer: true,
        level: Level::clamped(3),
        color: ColorChoice::Black,
        opening: Opening::Ballot(1),
        hints: true,
        clock: None,
    }));
    app.apply(AppAction::Start {
        coin: true,
        roll: 0,
    });
    let due = app
        .ai_due()
        .expect("the computer, as Red, moves after the ballot");
    assert_eq!(due.target, AiTarget::Game);
    assert_eq!(due.request.moves.len(), 3);
    assert_eq!(app.session.record().unwrap().side_at(3), Some(Color::Red));
}

#[test]
fn openings_read_back_as_stored() {
    for o in [
        Opening::Standard,
        Opening::RandomBallot,
        Opening::Ballot(156),
    ] {
        assert_eq!(Opening::parse(&o.name()), Some(o));
    }
    assert_eq!(Opening::parse("157"), None);
    assert_eq!(Opening::parse("0"), None);
}

#[test]
fn the_best_line_is_drawn_as_arrows_up_to_the_move_asked_for() {
    let mut app = started(false, Opening::Standard, true, 0);
    app.apply(AppAction::Coach(CoachAction::ToggleBar));
    let (_, id, _) = send(&mut app);
    app.apply(AppAction::Ai(AiReply::Info {
        id,
        depth: 7,
        score: 10,
        nodes: 99,
        pv: vec!["11-15".into(), "23-19".into(), "8-11".into()],
    }));
    assert!(
        app.coach.line_arrows(&app.session).is_empty(),
        "none until asked"
    );
    app.apply(AppAction::Coach(CoachAction::ShowLine(2)));
    // Squares a1 = 0 … h8 = 63: 11 is f6 (45), 15 e5 (36), 23 e3 (20), 19 f4 (29).
    assert_eq!(
        app.coach.line_arrows(&app.session),
        vec![vec![45, 36], vec![20, 29]]
    );
    // More moves than the line has: the whole line.
    app.apply(AppAction::Coach(CoachAction::ShowLine(9)));
    assert_eq!(app.coach.line_arrows(&app.session).len(), 3);
    // Hidden again, and gone when the bar is off or the position changes.
    app.apply(AppAction::Coach(CoachAction::ShowLine(0)));
    assert!(app.coach.line_arrows(&app.session).is_empty());
    app.apply(AppAction::Coach(CoachAction::ShowLine(1)));
    app.apply(AppAction::Coach(CoachAction::ToggleBar));
    assert!(app.coach.line_arrows(&app.session).is_empty(), "bar off");
    app.apply(AppAction::Coach(CoachAction::ToggleBar));
    assert_eq!(app.coach.line_arrows(&app.session).len(), 1);
    play(&mut app, "9-14");
    assert!(
        app.coach.line_arrows(&app.session).is_empty(),
        "another position"
    );
    assert!(app.coach.line.is_none());
}
