//! The app's combined reducer, natively: starting games from the new-game
//! choices, the Tiers formations, games opened from the editor and the
//! library, the archive, and where the computer's requests and replies go.

use super::*;
use crate::ai::{AiReply, Budget};
use crate::library::games::LibraryAction;
use crate::new_game::ColorChoice;
use tiers_engine::Outcome;

fn run(actions: impl IntoIterator<Item = AppAction>) -> AppState {
    let mut s = AppState::default();
    for a in actions {
        s.apply(a);
    }
    s
}

fn choices(kind: GameKind, vs_computer: bool, color: ColorChoice) -> AppAction {
    AppAction::NewGame(NewGameChoices {
        kind,
        vs_computer,
        level: Level::clamped(2),
        color,
        ..NewGameChoices::default()
    })
}

#[test]
fn a_checkers_game_against_the_computer_starts_from_the_choices() {
    let s = run([
        choices(GameKind::Checkers, true, ColorChoice::Random),
        AppAction::Start {
            coin: false,
            roll: 0,
        },
    ]);
    assert_eq!(s.nav.screen, Screen::Play);
    assert_eq!(
        s.session.opponent,
        Opponent::Computer {
            level: Level::clamped(2),
            human: Color::Black
        },
        "the coin chose Black"
    );
    assert!(s.session.flipped, "Black at the bottom");
    assert!(s.ai_due().is_none(), "Black (the person) moves first");
    let s = run([
        choices(GameKind::Checkers, true, ColorChoice::Random),
        AppAction::Start {
            coin: true,
            roll: 0,
        },
    ]);
    assert!(!s.session.flipped);
    let due = s.ai_due().expect("the computer (Black) moves first");
    assert_eq!(due.target, AiTarget::Game);
    assert_eq!(due.min_reply_ms, MIN_REPLY_MS);
}

#[test]
fn a_tiers_game_goes_through_the_formations() {
    let s = run([
        choices(GameKind::Tiers, false, ColorChoice::Red),
        AppAction::Start {
            coin: true,
            roll: 0,
        },
    ]);
    assert_eq!(s.nav.screen, Screen::Formation);
    assert!(s.session.game.is_none());
    // Not ready yet: the note says so and nothing starts.
    let mut s = s;
    s.apply(AppAction::BeginTiers);
    assert_eq!(s.nav.screen, Screen::Formation);
    assert_eq!(
        s.formation
            .note
            .as_ref()
            .map(crate::i18n::Text::english)
            .as_deref(),
        Some("Both sides must be ready first.")
    );
    s.apply(AppAction::Formation(FormationAction::Ready(1)));
    s.apply(AppAction::Formation(FormationAction::Ready(2)));
    s.apply(AppAction::BeginTiers);
    assert_eq!(s.nav.screen, Screen::Play);
    assert_eq!(s.session.kind(), Some(GameKind::Tiers));
}

#[test]
fn the_computer_thinks_only_on_its_screen_and_replies_go_to_who_asked() {
    let mut s = run([
        choices(GameKind::Checkers, true, ColorChoice::Red),
        AppAction::Start {
            coin: true,
            roll: 0,
        },
    ]);
    let due = s.ai_due().unwrap();
    let id = due.request.id;
    // Looking at the rules pauses it.
    s.apply(AppAction::Nav(NavAction::ShowRules));
    assert!(s.ai_due().is_none());
    s.apply(AppAction::Nav(NavAction::Back));
    s.apply(AppAction::AiSent(due.target, id));
    assert!(s.ai_due().is_none(), "waiting");
    assert_eq!(s.next_ai_id, id + 1);
    // A reply nobody waits for is dropped; the awaited one is played.
    s.apply(AppAction::Ai(AiReply::Move {
        id: id + 40,
        text: "11-15".into(),
    }));
    assert_eq!(s.session.record().unwrap().ply(), 0);
    s.apply(AppAction::Ai(AiReply::Move {
        id,
        text: "11-15".into(),
    }));
    assert_eq!(s.session.record().unwrap().move_texts(), ["11-15"]);
    // A worker replaced: its request is forgotten and asked again.
    let mut t = run([
        choices(GameKind::Checkers, true, ColorChoice::Red),
        AppAction::Start {
            coin: true,
            roll: 0,
        },
    ]);
    t.apply(AppAction::AiSent(AiTarget::Game, 1));
    t.apply(AppAction::AiReset(Channel::Play));
    assert!(t.ai_due().is_some());
}

#[test]
fn the_editor_position_is_played_and_analysed_on_the_board() {
    let mut s = run([AppAction::Editor(EditorAction::Load(
        GameKind::Checkers,
        "W:W18:B14".into(),
    ))]);
    s.editor.update(|e| e.flipped = true);
    // "Analyse" opens the analysis board on the position, its engine on.
    s.apply(AppAction::Analyse(AnalyseFrom::Editor));
    assert_eq!(s.nav.screen, Screen::Analysis);
    assert_eq!(s.analysis_board.back, Screen::Editor);
    assert!(s.analysis_board.flipped, "seen as in the editor");
    assert!(s.analysis_board.engine.on);
    let due = s.ai_due().expect("the engine asks at once");
    assert_eq!(due.target, AiTarget::Board);
    assert_eq!(due.request.start, "W:W18:B14");
    assert!(due.request.moves.is_empty());
    s.apply(AppAction::AiSent(AiTarget::Board, due.request.id));
    assert!(s.ai_due().is_none());
    // Back in the editor, the position is played.
    s.apply(AppAction::Nav(NavAction::Show(Screen::Editor)));
    s.apply(AppAction::PlayEditor(Some(Color::Red)));
    assert_eq!(s.nav.screen, Screen::Play);
    assert_eq!(s.session.record().unwrap().start_text(), "W:W18:B14");
    assert_eq!(s.session.opponent.human(), Some(Color::Red));
    // A position that cannot be played opens nothing.
    let mut t = run([AppAction::Editor(EditorAction::Clear)]);
    t.apply(AppAction::Nav(NavAction::Show(Screen::Editor)));
    t.apply(AppAction::Analyse(AnalyseFrom::Editor));
    assert_eq!(t.nav.screen, Screen::Editor);
}

#[test]
fn a_finished_game_is_archived_once_and_can_be_continued() {
    let mut s = run([AppAction::EditPosition(
        GameKind::Checkers,
        "W:W18:B14".into(),
    )]);
    assert_eq!(s.nav.screen, Screen::Editor);
    s.apply(AppAction::PlayEditor(None));
    s.apply(AppAction::Game(SessionAction::Meta(GameMeta {
        id: 77,
        started: 1,
        tags: Vec::new(),
        bylink: None,
    })));
    s.apply(AppAction::Game(SessionAction::Drag(
        tiers_engine::checkers::square_to_index64(18),
        tiers_engine::checkers::square_to_index64(9),
    )));
    assert!(matches!(s.session.outcome(), Some(Outcome::Win { .. })));
    s.apply(AppAction::Archive { now: 5 });
    s.apply(AppAction::Archive { now: 6 });
    assert_eq!(s.library.archive.games.len(), 1, "one entry per game id");
    // From the archive, go on from the start against the computer.
    s.apply(AppAction::Library(LibraryAction::Choose(77)));
    s.apply(AppAction::Library(LibraryAction::Ply(0)));
    s.apply(AppAction::Library(LibraryAction::Continue(Some(
        Color::Red,
    ))));
    assert_eq!(s.nav.screen, Screen::Play);
    assert_eq!(s.session.record().unwrap().ply(), 0);
    assert_eq!(
        s.session.opponent,
        Opponent::Computer {
            level: s.new_game.level,
            human: Color::Red
        }
    );
}

#[test]
fn each_part_changes_only_its_own_revision() {
    let before = AppState::default();
    let mut s = before.clone();
    s.apply(AppAction::Nav(NavAction::Show(Screen::Games)));
    assert!(s.nav != before.nav);
    assert!(s.session == before.session);
    assert!(s.library == before.library);
    assert!(s != before);
    let again = s.clone();
    assert!(again == s, "a copy is the same state");
}

#[test]
fn the_embed_page_plays_its_parameters_and_obeys_commands() {
    use crate::embed::{parse_config, plan, Command, EmbedAction};
    use crate::params::query_pairs;
    let mut s = AppState::embed_page(parse_config(&query_pairs("embed=1&ai=1&undo=0")), true);
    assert_eq!(s.nav.screen, Screen::Play);
    assert!(!s.session.takebacks);
    let due = s.ai_due().expect("the computer (Black) opens");
    assert_eq!(due.target, AiTarget::Game);
    // A command becomes an action; a bad one an error for the host.
    let flip = plan(Command::Flip(None), &s.embed, &s.session, true).unwrap();
    assert_eq!(flip, Some(EmbedAction::Flip));
    s.apply(AppAction::Embed(flip.unwrap()));
    assert!(s.session.flipped);
    assert_eq!(
        plan(
            Command::Flip(Some(Color::Black)),
            &s.embed,
            &s.session,
            true
        ),
        Ok(None),
        "already so"
    );
    let bad = plan(
        Command::NewGame(vec![("ai".into(), "9".into())]),
        &s.embed,
        &s.session,
        true,
    );
    assert!(bad
        .unwrap_err()
        .english()
        .starts_with("ai=9: no such level"));
    let set = plan(
        Command::SetPosition {
            kind: GameKind::Checkers,
            text: "W:W18:B14".into(),
        },
        &s.embed,
        &s.session,
        true,
    )
    .unwrap()
    .unwrap();
    let serial = s.session.serial;
    s.apply(AppAction::Embed(set));
    assert_eq!(s.session.serial, serial + 1);
    assert_eq!(s.embed.reason, "setPosition");
    assert!(!s.session.takebacks, "the same players and rules");
    s.apply(AppAction::Embed(EmbedAction::Reported));
    assert_eq!(s.embed.reason, "newGame");
}

#[test]
fn preferences_set_the_new_game_defaults_and_confirming() {
    use crate::preferences::Preferences;
    let mut app = AppState::default();
    let prefs = Preferences {
        level: Level::clamped(5),
        color: ColorChoice::Random,
        confirm: true,
        ..Preferences::default()
    };
    app.apply(AppAction::Preferences(prefs));
    assert_eq!(*app.preferences, prefs);
    assert_eq!(app.new_game.level.number(), 5);
    assert_eq!(app.new_game.color, ColorChoice::Random);
    assert!(app.session.confirm);
    // The new game screen's own choice stays until the default changes.
    let mut s = *app.new_game;
    s.level = Level::clamped(2);
    app.apply(AppAction::NewGame(s));
    app.apply(AppAction::Preferences(Preferences {
        sound: false,
        ..prefs
    }));
    assert_eq!(app.new_game.level.number(), 2);
}

fn timed(kind: GameKind, vs_computer: bool, control: &str) -> AppAction {
    AppAction::NewGame(NewGameChoices {
        kind,
        vs_computer,
        level: Level::clamped(3),
        color: ColorChoice::Black,
        clock: clock::TimeControl::parse(control),
        ..NewGameChoices::default()
    })
}

#[test]
fn a_timed_game_starts_with_full_clocks_and_ticks_only_while_it_should() {
    let mut s = run([
        timed(GameKind::Checkers, true, "1+0"),
        AppAction::Start {
            coin: false,
            roll: 0,
        },
    ]);
    let c = s.session.clock.expect("a clock");
    assert_eq!(c.left, [60_000, 60_000]);
    assert!(!c.running());
    // The hook is told to start it, and then when it next changes.
    assert!(s.clock_change_due(true));
    assert_eq!(s.next_clock_change(), None);
    s.apply(AppAction::Clock {
        now: 1_000,
        visible: true,
    });
    assert!(!s.clock_change_due(true));
    assert_eq!(s.next_clock_change(), Some(1_001));
    s.apply(AppAction::Clock {
        now: 1_500,
        visible: true,
    });
    assert_eq!(s.session.clock.unwrap().left, [60_000, 59_500]);
    assert_eq!(s.next_clock_change(), Some(2_001));
    // Another screen, against the computer: the clocks stop.
    s.apply(AppAction::Nav(NavAction::Show(Screen::Rules)));
    assert!(s.clock_change_due(true));
    s.apply(AppAction::Clock {
        now: 2_000,
        visible: true,
    });
    assert!(!s.session.clock.unwrap().running());
    assert_eq!(s.next_clock_change(), None);
    // Back on the board it goes on; the time away is not charged.
    s.apply(AppAction::Nav(NavAction::Show(Screen::Play)));
    s.apply(AppAction::Clock {
        now: 30_000,
        visible: true,
    });
    s.apply(AppAction::Clock {
        now: 31_000,
        visible: true,
    });
    assert_eq!(s.session.clock.unwrap().left, [60_000, 58_000]);
    // A computer on a clock holds its move back less.
    s.apply(AppAction::Game(SessionAction::Square(
        tiers_engine::checkers::square_to_index64(11),
    )));
    s.apply(AppAction::Game(SessionAction::Square(
        tiers_engine::checkers::square_to_index64(15),
    )));
    let due = s.ai_due().expect("the computer's turn");
    assert_eq!(due.min_reply_ms, MIN_REPLY_MS);
    assert_eq!(due.request.budget, Budget::Time(400));
    s.session
        .update(|x| x.clock.as_mut().unwrap().left = [5_000, 58_000]);
    let due = s.ai_due().unwrap();
    assert_eq!(
        (due.min_reply_ms, due.request.budget),
        (50, Budget::Time(166))
    );
}

#[test]
fn a_time_loss_is_archived_with_its_reason() {
    let mut s = run([
        timed(GameKind::Checkers, false, "3+2"),
        AppAction::Start {
            coin: false,
            roll: 0,
        },
        AppAction::Clock {
            now: 0,
            visible: true,
        },
    ]);
    // Two people: hidden, their clocks keep running.
    assert!(!s.clock_change_due(false));
    s.apply(AppAction::Clock {
        now: 180_000,
        visible: false,
    });
    assert_eq!(
        s.session.outcome().unwrap().to_string(),
        "Red wins: Black ran out of time"
    );
    s.apply(AppAction::Archive { now: 200_000 });
    let e = &s.library.archive.games[0];
    assert_eq!(e.reason, "Red wins: Black ran out of time");
    assert!(
        e.pdn.contains("[Termination \"time forfeit\"]"),
        "{}",
        e.pdn
    );
}

#[test]
fn a_tiers_game_gets_its_clock_after_the_formations() {
    let mut s = run([
        timed(GameKind::Tiers, false, "5+3"),
        AppAction::Start {
            coin: false,
            roll: 0,
        },
    ]);
    assert!(s.session.clock.is_none());
    s.apply(AppAction::Formation(FormationAction::Ready(1)));
    s.apply(AppAction::Formation(FormationAction::Ready(2)));
    s.apply(AppAction::BeginTiers);
    assert_eq!(s.nav.screen, Screen::Play);
    assert_eq!(s.session.clock.unwrap().left, [300_000, 300_000]);
}

#[test]
fn a_review_is_routed_finished_kept_with_the_archived_game_and_not_made_again() {
    use crate::review::{ReviewAction, ReviewFrom};
    let mut s = AppState::default();
    s.apply(AppAction::Library(LibraryAction::Take(
        "t".into(),
        "[White \"You\"]\n1. 11-15 23-19 2. 8-11 1-0\n".into(),
    )));
    s.apply(AppAction::Library(LibraryAction::Keep { id: 31, now: 2 }));
    s.apply(AppAction::Library(LibraryAction::Filter(None)));
    s.apply(AppAction::Library(LibraryAction::Choose(31)));
    s.apply(AppAction::Nav(NavAction::Show(Screen::Games)));
    s.apply(AppAction::ReviewGame(ReviewFrom::Games));
    assert_eq!(s.nav.screen, Screen::Review);
    assert_eq!(s.review.subject.as_ref().unwrap().human, Some(Color::Red));
    for ply in 0..=3 {
        let due = s.ai_due().expect("the next position");
        assert_eq!(due.target, AiTarget::Review);
        assert_eq!(due.target.channel(), Channel::Analysis);
        assert_eq!(due.request.moves.len(), ply);
        let id = due.request.id;
        s.apply(AppAction::AiSent(AiTarget::Review, id));
        assert!(s.ai_due().is_none(), "one position at a time");
        if ply == 1 {
            // The worker replaced: the same position is asked again.
            s.apply(AppAction::AiReset(Channel::Analysis));
            let again = s.ai_due().unwrap();
            assert_eq!(again.request.moves.len(), 1);
            s.apply(AppAction::AiSent(AiTarget::Review, again.request.id));
            // The old request's reply is stale.
            s.apply(AppAction::Ai(AiReply::Move {
                id,
                text: "x".into(),
            }));
            assert_eq!(s.review.found.len(), 1);
        }
        let id = s.next_ai_id - 1;
        s.apply(AppAction::Ai(AiReply::Info {
            id,
            depth: 5,
            score: 10,
            nodes: 1,
            pv: vec!["9-14".into()],
        }));
        s.apply(AppAction::Ai(AiReply::Move {
            id,
            text: "9-14".into(),
        }));
    }
    assert!(s.review.review.is_some());
    let kept = s.library.archive.games[0].review.clone();
    assert_eq!(
        kept.as_ref(),
        s.review.review.as_ref(),
        "kept with the archived game"
    );
    // Opened again (from the archive, after a reload): not made again.
    let json = s.library.archive.to_json();
    let read = crate::library::archive::Archive::read(&json);
    assert_eq!(read.archive.games[0].review, kept);
    s.apply(AppAction::Review(ReviewAction::Ply(1)));
    s.apply(AppAction::Nav(NavAction::Show(Screen::Games)));
    s.apply(AppAction::ReviewGame(ReviewFrom::Games));
    assert!(s.review.review.is_some() && s.ai_due().is_none());
    assert_eq!(s.review.ply, 0);
}

#[test]
fn a_review_and_the_board_engine_share_the_worker_without_waiting_forever() {
    use crate::review::ReviewFrom;
    let mut s = AppState::default();
    s.apply(AppAction::Library(LibraryAction::Take(
        "t".into(),
        "1. 11-15 23-19 1-0\n".into(),
    )));
    s.apply(AppAction::ReviewGame(ReviewFrom::Games));
    let due = s.ai_due().unwrap();
    s.apply(AppAction::AiSent(AiTarget::Review, due.request.id));
    assert!(s.review.running());
    // The editor's position analysed on the board meanwhile: the review's
    // search is cut.
    s.apply(AppAction::EditPosition(
        GameKind::Checkers,
        "W:W18:B14".into(),
    ));
    s.apply(AppAction::Analyse(AnalyseFrom::Editor));
    let due = s.ai_due().unwrap();
    assert_eq!(due.target, AiTarget::Board);
    s.apply(AppAction::AiSent(AiTarget::Board, due.request.id));
    assert!(
        !s.review.running(),
        "no longer waiting for a reply that will not come"
    );
    // Back on the review: the position is asked again, and the board's
    // search, cut in turn, is no longer waited for.
    s.apply(AppAction::Nav(NavAction::Show(Screen::Review)));
    let due = s.ai_due().unwrap();
    assert_eq!((due.target, due.request.moves.len()), (AiTarget::Review, 0));
    s.apply(AppAction::AiSent(AiTarget::Review, due.request.id));
    assert!(!s.analysis_board.engine.busy());
}

#[test]
fn a_finished_review_is_shown_on_the_analysis_board_and_its_exercises_come_back_to_it() {
    use crate::review::mistakes::DrillAction;
    use crate::review::ReviewFrom;
    let mut s = AppState::default();
    s.apply(AppAction::Library(LibraryAction::Take(
        "t".into(),
        "[White \"You\"]\n1. 11-15 23-19 2. 8-11 22-17 1-0\n".into(),
    )));
    s.apply(AppAction::Nav(NavAction::Show(Screen::Games)));
    s.apply(AppAction::ReviewGame(ReviewFrom::Games));
    // Scores for the side to move and lines: Red's 23-19 throws 3 men away.
    let answers = [
        (0, "11-15 23-19"),
        (0, "22-18 8-11"),
        (300, "9-14"),
        (-300, "22-17"),
        (250, "9-13"),
    ];
    for (score, line) in answers {
        let due = s.ai_due().expect("the next position");
        let id = due.request.id;
        s.apply(AppAction::AiSent(AiTarget::Review, id));
        let pv: Vec<String> = line.split(' ').map(str::to_string).collect();
        s.apply(AppAction::Ai(AiReply::Info {
            id,
            depth: 7,
            score,
            nodes: 1,
            pv: pv.clone(),
        }));
        s.apply(AppAction::Ai(AiReply::Move {
            id,
            text: pv[0].clone(),
        }));
    }
    let (subject, review) = (
        s.review.subject.clone().unwrap(),
        s.review.review.clone().unwrap(),
    );
    // The web app, the review done, opens the board with the notes in the
    // page's words.
    let notes = review.notes(&subject.sides(), &crate::i18n::Text::english);
    s.apply(AppAction::Analyse(AnalyseFrom::Review(notes)));
    assert_eq!(s.nav.screen, Screen::Analysis);
    let b = &s.analysis_board;
    assert_eq!(b.back, Screen::Games, "back where the review was opened");
    assert!(b
        .tags
        .iter()
        .any(|(n, v)| n == "Review" && v.starts_with("500000 nodes")));
    let panel = b.review.clone().expect("the review's panel");
    assert_eq!(panel.marked(None), [1]);
    let blunder = panel.node(&b.tree, 2).unwrap();
    assert_eq!(b.tree.note(blunder).nags, [4]);
    let before = panel.node(&b.tree, 1).unwrap();
    assert_eq!(
        b.tree.children(before).len(),
        2,
        "the better line: a variation"
    );
    assert!(s.ai_due().is_none(), "the board's engine waits to be asked");
    // The game's stated result, which its last position does not show,
    // is in the board's PDN, also once the board is stored and read back.
    let stated = |pdn: &str| pdn.contains("[Result \"1-0\"]") && pdn.trim_end().ends_with("1-0");
    assert!(stated(&b.pdn()), "{}", b.pdn());
    let kept = AnalysisBoard::read(&b.to_json()).unwrap();
    assert!(stated(&kept.pdn()), "{}", kept.pdn());
    // So is the review's panel: the board stored is the page reloaded.
    assert_eq!(kept.review.as_ref(), Some(&panel));
    // Learning from the mistakes, opened from the panel, is on the review
    // screen; closed, the board shows the exercise's move.
    s.apply(AppAction::Drill(DrillAction::Open));
    assert_eq!(s.nav.screen, Screen::Review);
    assert!(s.review.drill.is_some());
    s.apply(AppAction::Drill(DrillAction::Close));
    assert_eq!(s.nav.screen, Screen::Analysis);
    assert!(s.review.drill_closed);
    let b = &s.analysis_board;
    assert_eq!(b.at, panel.node(&b.tree, 1).unwrap(), "before the blunder");
    // A file read on the board replaces the game: no review any more.
    s.apply(AppAction::Analysis(AnalysisAction::Fresh(GameKind::Tiers)));
    assert!(s.analysis_board.review.is_none());
}
