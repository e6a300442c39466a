//! Practice through the whole state, natively: a position becomes a game
//! against the computer, and the verdict on a move asks for the two
//! positions at the review's budget and classifies the move by the
//! review's thresholds.

use tiers_engine::search::Level;
use tiers_engine::{Color, GameKind};

use super::*;
use crate::ai::{AiRequest, AiTarget, Budget};
use crate::coach::tests::play;
use crate::nav::Screen;
use crate::review::Mark;
use crate::review::OneByOne;
use crate::session::SessionAction;
use crate::{AppAction, AppState};

/// Red to move with two men against one: 25-21 wins, 22-18 gives a man
/// away (14x23) and only draws.
const POSITION: &str = "W:W22,25:B14";

fn practising(position: &str) -> AppState {
    let mut app = AppState::default();
    app.apply(AppAction::Practise(Practice {
        kind: GameKind::Checkers,
        position: position.into(),
        level: Level::clamped(2),
        human: Color::Red,
        from: PractiseFrom::Editor,
    }));
    app
}

/// Sends what is due, checks its target, and returns its request.
fn send(app: &mut AppState, target: AiTarget) -> AiRequest {
    let due = app.ai_due().expect("a request is due");
    assert_eq!(due.target, target);
    app.apply(AppAction::AiSent(due.target, due.request.id));
    due.request
}

/// Answers request `id`: a score for the side to move and a line.
fn answer(app: &mut AppState, id: u32, score: i32, line: &[&str]) {
    let pv: Vec<String> = line.iter().map(|m| (*m).to_string()).collect();
    app.apply(AppAction::Ai(AiReply::Info {
        id,
        depth: 9,
        score,
        nodes: 1,
        pv: pv.clone(),
    }));
    app.apply(AppAction::Ai(AiReply::Move {
        id,
        text: pv[0].clone(),
    }));
}

#[test]
fn a_position_is_played_against_the_computer_at_the_chosen_level() {
    let app = practising(POSITION);
    assert_eq!(app.nav.screen, Screen::Play);
    let game = app.session.record().unwrap();
    assert_eq!(game.start_text(), POSITION);
    assert_eq!(
        app.session.opponent,
        Opponent::Computer {
            level: Level::clamped(2),
            human: Color::Red
        }
    );
    assert!(!app.session.flipped);
    assert!(app
        .session
        .meta
        .tags
        .contains(&(PRACTICE_TAG.to_string(), "editor".to_string())));
    assert!(app.coach.hints, "the coach's help is there in practice");
}

#[test]
fn a_bad_or_finished_position_is_refused_with_a_notice_and_the_game_kept() {
    let mut app = practising(POSITION);
    for bad in ["W:W22,25:B99", "nonsense", "B:W22:B"] {
        app.apply(AppAction::Practise(Practice {
            kind: GameKind::Checkers,
            position: bad.into(),
            level: Level::clamped(1),
            human: Color::Black,
            from: PractiseFrom::Review,
        }));
        assert_eq!(app.session.record().unwrap().start_text(), POSITION);
    }
    assert_eq!(app.notices.list.len(), 3);
}

#[test]
fn a_move_giving_a_man_away_is_judged_a_blunder_with_the_better_line() {
    let mut app = practising(POSITION);
    assert!(!app.coach.can_judge(&app.session), "no move of mine yet");
    play(&mut app, "22-18");
    let game = send(&mut app, AiTarget::Game);
    // Asked while the computer thinks: it waits for the computer's move.
    app.apply(AppAction::Judge);
    assert!(app.ai_due().is_none(), "not while the computer thinks");
    app.apply(AppAction::Ai(AiReply::Move {
        id: game.id,
        text: "14x23".into(),
    }));
    // The position before the move, then the one after it, at the
    // review's budget.
    let before = send(&mut app, AiTarget::Coach);
    assert_eq!((before.moves.len(), before.budget), (0, REVIEW_BUDGET));
    assert!(matches!(before.budget, Budget::Nodes(_)));
    assert!(app.ai_due().is_none(), "one at a time");
    answer(&mut app, before.id, 5000, &["25-21", "14-17", "21x14"]);
    let after = send(&mut app, AiTarget::Coach);
    assert_eq!(after.moves, vec!["22-18"]);
    assert!(app.coach.verdict.as_ref().unwrap().judged().is_none());
    // Black to move: a level score.
    answer(&mut app, after.id, 0, &["14x23"]);
    let v = app.coach.verdict.as_ref().unwrap();
    assert_eq!(
        v.judged(),
        Some(Judged::Marked(
            Mark::Blunder,
            vec!["25-21".into(), "14-17".into(), "21x14".into()]
        ))
    );
    assert!(!app.coach.can_judge(&app.session), "asked once per move");
    // Taking the move back drops the verdict.
    app.apply(AppAction::Game(SessionAction::Undo));
    assert!(app.coach.verdict.is_none());
}

#[test]
fn the_best_move_and_a_small_slip_are_not_marked() {
    let judge = |before: i32, line: &[&str], after: i32| {
        let mut v = Verdict::ask(
            GameKind::Checkers,
            POSITION.into(),
            vec!["25-21".into()],
            Color::Red,
        );
        for (i, (score, line)) in [(before, line), (after, &["14-17"][..])]
            .into_iter()
            .enumerate()
        {
            let id = u32::try_from(i).unwrap() + 1;
            assert!(v.request(id).is_some());
            v.sent(id);
            let pv: Vec<String> = line.iter().map(|m| (*m).to_string()).collect();
            v.reply(AiReply::Info {
                id,
                depth: 5,
                score,
                nodes: 1,
                pv: pv.clone(),
            });
            v.reply(AiReply::Move {
                id,
                text: pv[0].clone(),
            });
        }
        assert!(v.request(9).is_none(), "nothing more to ask");
        v.judged()
    };
    // Black to move after: its score is Red's negated.
    assert_eq!(judge(40, &["25-21"], -40), Some(Judged::Best));
    assert_eq!(judge(20, &["22-17"], 0), Some(Judged::Good("22-17".into())));
    assert_eq!(
        judge(0, &["22-17"], 75),
        Some(Judged::Marked(Mark::Mistake, vec!["22-17".into()]))
    );
}

#[test]
fn a_failed_analysis_is_said() {
    let mut v = Verdict::ask(
        GameKind::Checkers,
        POSITION.into(),
        vec!["25-21".into()],
        Color::Red,
    );
    v.sent(3);
    v.reply(AiReply::Error {
        id: 3,
        problem: crate::ai::AiProblem::NoMove,
    });
    assert_eq!(
        v.judged(),
        Some(Judged::Failed(crate::i18n::Text::new("ai.no-move")))
    );
    assert!(v.request(4).is_none());
}

#[test]
fn a_tiers_position_from_the_editor_is_practised_too() {
    use crate::editor::EditorAction;
    let mut app = AppState::default();
    app.apply(AppAction::Editor(EditorAction::Kind(GameKind::Tiers)));
    app.apply(AppAction::Editor(EditorAction::Start));
    let position = app
        .editor
        .validate()
        .expect("the start is valid")
        .start_text();
    assert!(playable(GameKind::Tiers, &position));
    app.apply(AppAction::Practise(Practice {
        kind: GameKind::Tiers,
        position: position.clone(),
        level: Level::clamped(1),
        human: Color::Black,
        from: PractiseFrom::Editor,
    }));
    assert_eq!(app.nav.screen, Screen::Play);
    let game = app.session.record().unwrap();
    assert_eq!(
        (game.kind(), game.start_text()),
        (GameKind::Tiers, position)
    );
    assert!(app.session.flipped, "Black at the bottom");
    // Red (the computer) moves first.
    assert_eq!(app.ai_due().map(|d| d.target), Some(AiTarget::Game));
}
