//! The game session's reducer, natively: entering moves, take-backs
//! (against the computer too), looking back, draws, resigning, the
//! computer's replies and the status line.

use super::*;
use crate::i18n::Text;
use tiers_engine::{checkers, tiers, Game, Position as _};

fn checkers_game(moves: &[&str]) -> Box<dyn Record> {
    let mut game = Game::new(checkers::Position::start());
    for mv in moves {
        game.play_text(mv).unwrap();
    }
    Box::new(game)
}

fn session(record: Box<dyn Record>, opponent: Opponent) -> Session {
    Session::playing(LoadGame {
        record,
        opponent,
        flipped: false,
        clock: None,
    })
}

fn computer(human: Color) -> Opponent {
    Opponent::Computer {
        level: Level::clamped(3),
        human,
    }
}

/// The computer answers request `id` with `text`.
fn computer_moves(s: &mut Session, id: u32, text: &str) {
    s.apply(SessionAction::AiSent(id));
    s.apply(SessionAction::Ai(AiReply::Move {
        id,
        text: text.into(),
    }));
}

/// The person plays `text` by clicking its squares.
fn click_move(s: &mut Session, text: &str) {
    for sq in crate::record::squares_of(s.record().unwrap(), text) {
        s.apply(SessionAction::Square(sq));
    }
}

fn moves(s: &Session) -> Vec<String> {
    let g = s.record().unwrap();
    g.move_texts()[..g.ply()].to_vec()
}

/// A checkers square (1–32) on the 64-square board.
fn sq(n: u8) -> u8 {
    tiers_engine::checkers::square_to_index64(n)
}

#[test]
fn board_inputs_show_the_pieces_that_must_capture() {
    // 11-15 22-18: Black must take 15x22.
    let mut s = session(checkers_game(&["11-15", "22-18"]), Opponent::Friend);
    let b = s.board_inputs().unwrap();
    assert_eq!(b.shown, 2);
    assert!(b.must_capture);
    assert_eq!(b.movable, [sq(15)], "only the man on 15 can move");
    assert_eq!(b.highlight, b.movable);
    assert!(b.targets.is_empty(), "nothing picked up: no target yet");
    assert_eq!(b.last_move, [sq(22), sq(18)]);
    assert!(!b.can_finish);
    // Picked up: no highlight, the landing square is the target.
    s.apply(SessionAction::Square(sq(15)));
    let b = s.board_inputs().unwrap();
    assert!(b.highlight.is_empty());
    assert_eq!(b.targets, [sq(22)]);
    assert!(Session::default().board_inputs().is_none());
}

#[test]
fn clicks_play_moves_and_refusals_say_why() {
    let mut s = session(checkers_game(&["11-15", "22-18"]), Opponent::Friend);
    // Another piece of one's own that cannot move.
    s.apply(SessionAction::Square(sq(10)));
    assert_eq!(
        s.message.as_ref().map(Text::english).as_deref(),
        Some("A capture is compulsory: 15 must take.")
    );
    // An empty square picked up nothing; an illegal destination is
    // explained in the engine's words.
    s.apply(SessionAction::Cancel);
    s.apply(SessionAction::Square(sq(15)));
    s.apply(SessionAction::Square(sq(19)));
    assert!(
        s.message
            .as_ref()
            .map(Text::english)
            .as_deref()
            .unwrap()
            .starts_with("15 → 19: "),
        "{:?}",
        s.message
    );
    assert_eq!(moves(&s).len(), 2);
    click_move(&mut s, "15x22");
    assert_eq!(moves(&s), ["11-15", "22-18", "15x22"]);
    assert_eq!(s.message, None);
    assert_eq!(
        s.announce.english(),
        "Black played 15x22: man from 15 to 22, taking 18."
    );
    // A drag plays a move too.
    s.apply(SessionAction::Drag(sq(26), sq(17)));
    assert_eq!(moves(&s).last().map(String::as_str), Some("26x17"));
}

#[test]
fn the_person_waits_for_the_computer_and_for_the_end() {
    // Red (the person) against the computer: Black moves first.
    let mut s = session(checkers_game(&[]), computer(Color::Red));
    assert!(s.computer_to_move() && s.ai_due());
    s.apply(SessionAction::Square(sq(22)));
    assert_eq!(
        s.message.as_ref().map(Text::english).as_deref(),
        Some("Wait for the computer's move.")
    );
    assert_eq!(
        s.status(&Names::default())
            .map(|t| t.english())
            .unwrap_or_default(),
        "Black to move: the computer's turn."
    );
    computer_moves(&mut s, 7, "11-15");
    assert!(!s.ai_due());
    assert_eq!(
        s.status(&Names::default())
            .map(|t| t.english())
            .unwrap_or_default(),
        "Red to move: your turn."
    );
    // Resigning against the computer is the person's.
    s.apply(SessionAction::Resign);
    assert_eq!(
        s.outcome().map(|o| o.to_string()).as_deref(),
        Some("Black wins: Red resigned")
    );
    s.apply(SessionAction::Square(sq(22)));
    assert_eq!(
        s.message.as_ref().map(Text::english).as_deref(),
        Some("The game is over: Black wins: Red resigned.")
    );
}

#[test]
fn undo_against_the_computer_takes_back_the_persons_move_and_its_reply() {
    // The person plays Black (first) against the computer.
    let mut s = session(checkers_game(&[]), computer(Color::Black));
    click_move(&mut s, "11-15");
    computer_moves(&mut s, 1, "23-19");
    click_move(&mut s, "8-11");
    computer_moves(&mut s, 2, "22-17");
    assert!(s.can_undo());
    s.apply(SessionAction::Undo);
    assert_eq!(moves(&s), ["11-15", "23-19"], "back to the person's turn");
    assert_eq!(s.side_to_move(), Some(Color::Black));
    assert!(s.can_redo());
    s.apply(SessionAction::Undo);
    assert!(moves(&s).is_empty());
    assert!(!s.can_undo(), "no move of the person's left");
    // Redo plays forward up to the person's turn.
    s.apply(SessionAction::Redo);
    assert_eq!(moves(&s), ["11-15", "23-19"]);
    s.apply(SessionAction::Redo);
    assert_eq!(moves(&s), ["11-15", "23-19", "8-11", "22-17"]);
    assert!(!s.can_redo());
}

#[test]
fn undo_when_the_computer_moved_first_keeps_its_first_move() {
    // The person plays Red; the computer (Black) moved first.
    let mut s = session(checkers_game(&[]), computer(Color::Red));
    computer_moves(&mut s, 1, "11-15");
    assert!(!s.can_undo(), "only the computer's move so far");
    s.apply(SessionAction::Undo);
    assert_eq!(moves(&s), ["11-15"], "its first move stays");
    click_move(&mut s, "23-19");
    computer_moves(&mut s, 2, "8-11");
    s.apply(SessionAction::Undo);
    assert_eq!(moves(&s), ["11-15"], "the person's move and the reply go");
    assert_eq!(s.side_to_move(), Some(Color::Red));
}

#[test]
fn undo_while_the_computer_thinks_forgets_its_request() {
    let mut s = session(checkers_game(&[]), computer(Color::Black));
    click_move(&mut s, "11-15");
    s.apply(SessionAction::AiSent(5));
    assert!(s.thinking_now());
    s.apply(SessionAction::Undo);
    assert!(moves(&s).is_empty());
    assert_eq!(s.pending, None);
    // Its late reply is dropped.
    s.apply(SessionAction::Ai(AiReply::Move {
        id: 5,
        text: "23-19".into(),
    }));
    assert!(moves(&s).is_empty());
    assert!(!s.computer_to_move(), "the person's turn again");
}

#[test]
fn undo_after_the_person_won_takes_back_the_winning_move() {
    // Red (the person) takes Black's last man.
    let start = checkers::Position::parse("W:W18:B14").unwrap();
    let mut s = session(Box::new(Game::new(start)), computer(Color::Red));
    click_move(&mut s, "18x9");
    assert_eq!(
        s.outcome().map(|o| o.to_string()).as_deref(),
        Some("Red wins: Black has no pieces left")
    );
    s.apply(SessionAction::Undo);
    assert!(moves(&s).is_empty());
    assert_eq!(s.outcome(), None);
}

#[test]
fn undo_after_the_computer_won_takes_back_its_move_and_the_persons() {
    // Black (the computer) wins by taking Red's last man after Red's move.
    let start = checkers::Position::parse("W:W22:B14").unwrap();
    let mut s = session(Box::new(Game::new(start)), computer(Color::Red));
    click_move(&mut s, "22-18");
    computer_moves(&mut s, 1, "14x23");
    assert_eq!(
        s.outcome().map(|o| o.to_string()).as_deref(),
        Some("Black wins: Red has no pieces left")
    );
    s.apply(SessionAction::Undo);
    assert!(moves(&s).is_empty(), "{:?}", moves(&s));
    assert_eq!(s.side_to_move(), Some(Color::Red));
}

#[test]
fn looking_back_and_coming_back() {
    let mut s = session(checkers_game(&["11-15", "23-19", "8-11"]), Opponent::Friend);
    s.apply(SessionAction::View(Some(1)));
    assert_eq!(s.shown_ply(), 1);
    assert!(!s.human_to_move(), "no moves while looking back");
    assert!(s
        .status(&Names::default())
        .map(|t| t.english())
        .unwrap_or_default()
        .starts_with("Looking at the position after move 1."));
    // A click on the board comes back.
    s.apply(SessionAction::Square(sq(22)));
    assert_eq!(s.view_ply, None);
    assert_eq!(s.shown_ply(), 3);
    // Looking at the current ply is not looking back.
    s.apply(SessionAction::View(Some(3)));
    assert_eq!(s.view_ply, None);
}

#[test]
fn draw_offers_between_two_people() {
    let mut s = session(checkers_game(&["11-15"]), Opponent::Friend);
    s.apply(SessionAction::OfferDraw);
    assert_eq!(s.draw_offer, Some(Color::Red));
    assert_eq!(
        s.status(&Names::default())
            .map(|t| t.english())
            .unwrap_or_default(),
        "Red offers a draw."
    );
    s.apply(SessionAction::DeclineDraw);
    assert_eq!(s.draw_offer, None);
    s.apply(SessionAction::OfferDraw);
    s.apply(SessionAction::AcceptDraw);
    assert_eq!(
        s.outcome().map(|o| o.to_string()).as_deref(),
        Some("Draw: draw agreed")
    );
    // Not against the computer.
    let mut c = session(checkers_game(&[]), computer(Color::Black));
    c.apply(SessionAction::OfferDraw);
    assert_eq!(c.draw_offer, None);
}

#[test]
fn the_computers_reports_and_failures() {
    let mut s = session(checkers_game(&[]), computer(Color::Red));
    s.apply(SessionAction::AiSent(3));
    s.apply(SessionAction::Ai(AiReply::Info {
        id: 3,
        depth: 4,
        score: 25,
        nodes: 900,
        pv: vec!["11-15".into(), "23-19".into()],
    }));
    assert_eq!(
        s.thinking.as_ref().map(|t| t.pv.as_str()),
        Some("11-15 23-19")
    );
    // A report for another request is ignored.
    s.apply(SessionAction::Ai(AiReply::Info {
        id: 2,
        depth: 9,
        score: 0,
        nodes: 1,
        pv: vec![],
    }));
    assert_eq!(s.thinking.as_ref().map(|t| t.depth), Some(4));
    s.apply(SessionAction::Ai(AiReply::Error {
        id: 3,
        problem: crate::ai::AiProblem::NoMove,
    }));
    assert!(
        s.ai_stalled && !s.ai_due(),
        "not asked again on this position"
    );
    assert_eq!(
        s.message.as_ref().map(Text::english).as_deref(),
        Some("The computer could not move: no legal move")
    );
}

#[test]
fn the_ai_request_carries_the_game_up_to_the_cursor() {
    let mut s = session(checkers_game(&["11-15", "23-19"]), Opponent::Friend);
    assert!(s.ai_request(1).is_none(), "no computer, no request");
    s.opponent = Opponent::Computer {
        level: Level::clamped(5),
        human: Color::Red,
    };
    s.apply(SessionAction::View(Some(1)));
    let r = s.ai_request(9).unwrap();
    assert_eq!(r.moves, ["11-15", "23-19"]);
    assert_eq!(r.level, Level::clamped(5));
    assert_eq!(r.kind, GameKind::Checkers);
    assert_eq!(r.id, 9);
    assert_eq!(
        r.budget,
        Budget::Time(Level::clamped(5).settings().movetime_ms)
    );
    assert_eq!(r.seed & (1 << 31), 0, "Black to move: no side bit");
}

#[test]
fn takebacks_can_be_switched_off() {
    let mut s = session(checkers_game(&["11-15"]), Opponent::Friend);
    s.takebacks = false;
    assert!(!s.can_undo());
    s.apply(SessionAction::Undo);
    assert_eq!(moves(&s), ["11-15"]);
}

#[test]
fn named_players_read_as_in_a_tournament() {
    let names = Names(Some(["Ann".into(), "Computer (level 2)".into()]));
    let s = session(checkers_game(&[]), computer(Color::Red));
    assert_eq!(
        s.status(&names).map(|t| t.english()).unwrap_or_default(),
        "Computer (level 2), Black, is thinking."
    );
    let s = session(checkers_game(&["11-15"]), Opponent::Friend);
    assert_eq!(
        s.status(&names).map(|t| t.english()).unwrap_or_default(),
        "Ann (Red) to move."
    );
}

#[test]
fn a_double_ultra_king_ends_its_move_after_one_action() {
    // d4 double ultra king: teleport to a1, then stop there.
    let start = tiers::Position::parse("7k/8/8/8/3D4/8/8/8 r 0 1").unwrap();
    let mut s = session(Box::new(Game::new(start)), Opponent::Friend);
    let d4 = 3 + 8 * 3;
    s.apply(SessionAction::Square(d4));
    s.apply(SessionAction::Square(0));
    assert!(
        s.board_inputs().unwrap().can_finish,
        "a second action may follow"
    );
    s.apply(SessionAction::Finish);
    assert_eq!(moves(&s), ["d4-a1"]);
}

#[test]
fn with_confirm_moves_a_move_waits_for_a_second_tap() {
    let mut s = session(checkers_game(&[]), Opponent::Friend);
    s.confirm = true;
    let mv = s
        .record()
        .unwrap()
        .legal()
        .into_iter()
        .find(|m| m.text == "11-15")
        .unwrap();
    let (from, to) = (mv.squares[0], mv.squares[1]);
    s.apply(SessionAction::Square(from));
    s.apply(SessionAction::Square(to));
    // Not played yet: proposed, its target shown, a message says how.
    assert_eq!(s.record().unwrap().ply(), 0);
    assert_eq!(s.proposed.as_ref().map(|p| p.0.as_str()), Some("11-15"));
    assert_eq!(s.board_inputs().unwrap().targets, [to]);
    assert!(s
        .message
        .as_ref()
        .map(Text::english)
        .as_deref()
        .unwrap()
        .contains("Confirm"));
    // The second tap plays it.
    s.apply(SessionAction::Square(to));
    assert_eq!(s.record().unwrap().move_texts(), ["11-15"]);
    assert_eq!(s.proposed, None);
    assert_eq!(s.message, None);
    // A tap elsewhere forgets the proposal; the Confirm button plays.
    let mv = s.record().unwrap().legal()[0].clone();
    s.apply(SessionAction::Drag(mv.squares[0], mv.squares[1]));
    assert!(s.proposed.is_some());
    s.apply(SessionAction::Cancel);
    assert_eq!(s.proposed, None);
    s.apply(SessionAction::Drag(mv.squares[0], mv.squares[1]));
    s.apply(SessionAction::Confirm);
    assert_eq!(s.record().unwrap().ply(), 2);
}

#[test]
fn refused_attempts_are_counted() {
    let mut s = session(checkers_game(&[]), Opponent::Friend);
    let from = s.record().unwrap().legal()[0].squares[0];
    s.apply(SessionAction::Square(from));
    s.apply(SessionAction::Square(crate::record::square("b4")));
    assert_eq!(s.refusals, 1);
    assert!(s.message.is_some());
}

// ---------------------------------------------------------------------------
// Clocks (RULES.md §3).

use crate::clock::{Clock, TimeControl, PRESETS};

fn timed(opponent: Opponent, control: TimeControl) -> Session {
    Session::playing(LoadGame {
        record: checkers_game(&[]),
        opponent,
        flipped: false,
        clock: Some(Clock::new(control)),
    })
}

fn left(s: &Session) -> [u64; 2] {
    s.clock.unwrap().left
}

#[test]
fn the_side_to_moves_clock_runs_and_the_increment_follows_the_move() {
    // 3+2 between two people. Black moves first in checkers.
    let mut s = timed(Opponent::Friend, PRESETS[1]);
    assert_eq!(
        s.clock_change(true, 1_000),
        Some(SessionAction::Resume(1_000))
    );
    s.apply(SessionAction::Resume(1_000));
    assert_eq!(s.clock_change(true, 2_000), None);
    // Black thinks 5 s, then moves: 175 s + 2 s.
    s.apply(SessionAction::Tick(6_000));
    assert_eq!(left(&s), [180_000, 175_000]);
    click_move(&mut s, "11-15");
    assert_eq!(left(&s), [180_000, 177_000]);
    // Now Red's clock runs from that moment.
    s.apply(SessionAction::Tick(9_500));
    s.apply(SessionAction::Tick(10_000));
    assert_eq!(left(&s), [176_000, 177_000]);
    click_move(&mut s, "23-19");
    assert_eq!(left(&s), [178_000, 177_000]);
    // No take-backs with clocks, as over the board.
    assert!(!s.can_undo());
    s.apply(SessionAction::Undo);
    assert_eq!(moves(&s), ["11-15", "23-19"]);
    // Without a clock nothing of this happens.
    let mut plain = session(checkers_game(&[]), Opponent::Friend);
    assert_eq!(plain.clock_change(true, 0), None);
    plain.apply(SessionAction::Tick(50_000));
    assert!(plain.clock.is_none() && plain.outcome().is_none());
}

#[test]
fn a_flag_loses_and_stops_the_clocks() {
    let mut s = timed(computer(Color::Black), PRESETS[0]);
    s.apply(SessionAction::Resume(0));
    // Black (the person) moves first and does not.
    s.apply(SessionAction::Tick(59_999));
    assert_eq!(s.outcome(), None);
    s.apply(SessionAction::Tick(60_000));
    assert_eq!(
        s.outcome().unwrap().to_string(),
        "Red wins: Black ran out of time"
    );
    assert_eq!(
        s.status(&Names::default())
            .map(|t| t.english())
            .unwrap_or_default(),
        "Red wins: Black ran out of time."
    );
    assert_eq!(s.announce.english(), "Black ran out of time.");
    assert!(!s.clock.unwrap().running());
    assert_eq!(left(&s), [60_000, 0]);
    // Nothing more: no move, no charge, no take-back.
    s.apply(SessionAction::Tick(70_000));
    assert_eq!(left(&s), [60_000, 0]);
    assert!(!s.can_undo());
    assert_eq!(s.clock_change(true, 80_000), None);
    click_move_refused(&mut s);
}

fn click_move_refused(s: &mut Session) {
    s.apply(SessionAction::Square(sq(11)));
    assert_eq!(
        s.message.as_ref().map(Text::english).as_deref(),
        Some("The game is over: Red wins: Black ran out of time.")
    );
}

#[test]
fn the_computer_loses_on_time_too_and_its_late_move_is_dropped() {
    let mut s = timed(computer(Color::Red), PRESETS[0]);
    s.apply(SessionAction::Resume(0));
    s.apply(SessionAction::AiSent(1));
    s.apply(SessionAction::Tick(61_000));
    assert_eq!(
        s.outcome().unwrap().to_string(),
        "Red wins: Black ran out of time"
    );
    assert_eq!(s.pending, None);
    s.apply(SessionAction::Ai(AiReply::Move {
        id: 1,
        text: "11-15".into(),
    }));
    assert!(moves(&s).is_empty());
}

#[test]
fn a_game_that_ends_on_the_board_stops_the_clocks() {
    let mut s = timed(Opponent::Friend, PRESETS[1]);
    s.apply(SessionAction::Resume(0));
    s.apply(SessionAction::Resign);
    assert!(s.outcome().is_some());
    // The hook is told to stop them; stopping charges nothing more.
    assert_eq!(
        s.clock_change(true, 5_000),
        Some(SessionAction::Pause(5_000))
    );
    s.apply(SessionAction::Pause(5_000));
    assert_eq!(left(&s), [180_000, 180_000]);
    assert!(!s.clock.unwrap().running());
}

#[test]
fn clocks_pause_while_hidden_only_against_the_computer() {
    // Against the computer: hidden, the clocks stop; the time away is free.
    let mut s = timed(computer(Color::Black), PRESETS[1]);
    s.apply(SessionAction::Resume(0));
    assert_eq!(
        s.clock_change(false, 4_000),
        Some(SessionAction::Pause(4_000))
    );
    s.apply(SessionAction::Pause(4_000));
    assert_eq!(left(&s), [180_000, 176_000]);
    s.apply(SessionAction::Tick(100_000));
    assert_eq!(left(&s), [180_000, 176_000]);
    assert_eq!(s.clock_change(false, 100_000), None);
    assert_eq!(
        s.clock_change(true, 200_000),
        Some(SessionAction::Resume(200_000))
    );
    s.apply(SessionAction::Resume(200_000));
    s.apply(SessionAction::Tick(201_000));
    assert_eq!(left(&s), [180_000, 175_000]);

    // Between two people: hidden or not, they run.
    let mut s = timed(Opponent::Friend, PRESETS[1]);
    s.apply(SessionAction::Resume(0));
    assert_eq!(s.clock_change(false, 4_000), None);
    s.apply(SessionAction::Tick(100_000));
    assert_eq!(left(&s), [180_000, 80_000]);
}

#[test]
fn the_computer_thinks_within_its_clock() {
    let mut s = timed(computer(Color::Black), PRESETS[0]);
    s.apply(SessionAction::Resume(0));
    click_move(&mut s, "11-15");
    // Red (the computer) has 60 s: at level 3 its 400 ms stand.
    assert_eq!(s.ai_request(1).unwrap().budget, Budget::Time(400));
    s.clock.as_mut().unwrap().left = [3_000, 60_000];
    assert_eq!(s.ai_request(1).unwrap().budget, Budget::Time(100));
    // Without a clock the level's time.
    let s = session(checkers_game(&["11-15"]), computer(Color::Black));
    assert_eq!(s.ai_request(1).unwrap().budget, Budget::Time(400));
}

/// Types `text` in the move box at time 0.
fn typed(s: &mut Session, text: &str) {
    s.apply(SessionAction::Typed {
        text: text.into(),
        now: 0,
    });
}

#[test]
fn typed_moves_are_played_or_refused_with_the_engines_reason() {
    let mut s = session(checkers_game(&[]), computer(Color::Black));
    typed(&mut s, "11-19");
    assert_eq!(moves(&s), Vec::<String>::new());
    let why = s.message.clone().unwrap();
    assert!(
        why.english().starts_with("11-19 cannot be played: "),
        "{why:?}"
    );
    assert_eq!(s.announce, why, "the refusal is announced");
    assert_eq!(s.refusals, 1);
    typed(&mut s, " 11-15 ");
    assert_eq!(moves(&s), ["11-15"]);
    assert_eq!(s.message, None);
    assert_eq!(
        s.announce.english(),
        "Black played 11-15: man from 11 to 15."
    );
    // The computer's turn: a typed move waits, a command is answered.
    typed(&mut s, "22-18");
    assert_eq!(s.announce.english(), "It is not your turn.");
    typed(&mut s, "t");
    assert_eq!(s.announce.english(), "Red to move: the computer's turn.");
    computer_moves(&mut s, 1, "22-18");
    assert_eq!(s.announce.english(), "Red played 22-18: man from 22 to 18.");
    typed(&mut s, "15x22");
    assert_eq!(
        s.announce.english(),
        "Black played 15x22: man from 15 to 22, taking 18."
    );
    typed(&mut s, "m");
    assert_eq!(
        s.announce.english(),
        "Red: 11 men. Black: 12 men. Black is ahead by 1 piece."
    );
    typed(&mut s, "r 9");
    assert!(
        s.announce.english().contains("not a row"),
        "{:?}",
        s.announce
    );
    assert_eq!(moves(&s).len(), 3, "a bad command changes nothing");
}

#[test]
fn typed_tiers_moves_and_clocks() {
    let game = Game::new(tiers::Position::start());
    let mut s = Session::playing(LoadGame {
        record: Box::new(game),
        opponent: Opponent::Friend,
        flipped: false,
        clock: Some(Clock::new(clock::TimeControl::new(3, 2).unwrap())),
    });
    typed(&mut s, "c");
    assert_eq!(s.announce.english(), "Red 3:00, Black 3:00.");
    typed(&mut s, "a3-a4");
    assert_eq!(moves(&s), ["a3-a4"]);
    assert_eq!(s.announce.english(), "Red played a3-a4: man from a3 to a4.");
    typed(&mut s, "s a4");
    assert_eq!(s.announce.english(), "a4, red man.");
    typed(&mut s, "p");
    assert!(
        s.announce
            .english()
            .starts_with("Black has 12 pieces: man on b6, "),
        "{:?}",
        s.announce
    );
}

#[test]
fn every_answer_is_said_even_the_same_again() {
    let mut s = session(checkers_game(&[]), Opponent::Friend);
    let start = s.said;
    typed(&mut s, "t");
    typed(&mut s, "t");
    assert_eq!(s.said, start.wrapping_add(2));
    s.apply(SessionAction::Tick(5));
    assert_eq!(s.said, start.wrapping_add(2), "nothing new: nothing said");
    typed(&mut s, "11-15");
    assert_eq!(s.said, start.wrapping_add(3));
}
