//! One test per ruling of RULES.md §3 (Clocks), for both games. The
//! engine keeps no time: the app's clock (app-core/src/clock.rs) does the
//! arithmetic and tells the game record when a clock reaches zero
//! ([`Game::lose_on_time`]); these tests check what the record does with
//! it, and how a loss on time is written in a game file.

use tiers_engine::pdn::{self, Tags};
use tiers_engine::{checkers, tiers, Color, DrawReason, Game, Outcome, Position, WinReason};

fn checkers_game(fen: &str) -> Game<checkers::Position> {
    Game::new(checkers::Position::parse(fen).unwrap())
}

fn tiers_game(tfen: &str) -> Game<tiers::Position> {
    Game::new(tiers::Position::parse(tfen).unwrap())
}

const fn time_win(winner: Color) -> Outcome {
    Outcome::Win {
        winner,
        reason: WinReason::Time,
    }
}

// ---------------------------------------------------------------------------
// "A player whose clock reaches zero loses, whatever the position."

#[test]
fn a_flag_loses_for_the_side_to_move() {
    let mut game = Game::new(checkers::Position::start());
    game.play_text("11-15").unwrap();
    // Red to move; Red's clock reaches zero.
    game.lose_on_time(Color::Red);
    assert_eq!(game.outcome(), Some(time_win(Color::Black)));
    assert_eq!(
        game.outcome().unwrap().to_string(),
        "Black wins: Red ran out of time"
    );
    assert!(game.legal_moves().is_empty());
    assert!(game.play_text("23-19").is_err());
}

#[test]
fn a_flag_loses_whatever_the_position() {
    // Red has four kings against one black man, and it is Red's move: a
    // won position on the board, but the flag decides.
    let mut game = checkers_game("W:WK1,K2,K3,K4:B28");
    game.lose_on_time(Color::Red);
    assert_eq!(game.outcome(), Some(time_win(Color::Black)));
    // In Tiers the same: Black with a lone man beats a Red ultra king whose
    // clock ran out.
    let mut game = tiers_game("7m/8/8/8/3U4/8/8/K7 r 0 1");
    game.lose_on_time(Color::Red);
    assert_eq!(game.outcome(), Some(time_win(Color::Black)));
}

#[test]
fn the_side_not_to_move_can_lose_on_time_too() {
    // The app only runs the clock of the side to move, but the record takes
    // the ruling as it is: whoever's clock reaches zero loses.
    let mut game = Game::new(tiers::Position::start());
    game.lose_on_time(Color::Black);
    assert_eq!(game.outcome(), Some(time_win(Color::Red)));
}

#[test]
fn a_flag_after_the_game_ended_changes_nothing() {
    // Black has no move: Red has already won.
    let mut game = checkers_game("B:W9,14:B5");
    let won = game.outcome();
    assert!(matches!(
        won,
        Some(Outcome::Win {
            winner: Color::Red,
            reason: WinReason::NoLegalMove | WinReason::NoPieces
        })
    ));
    game.lose_on_time(Color::Red);
    assert_eq!(game.outcome(), won);
    // After a resignation.
    let mut game = Game::new(checkers::Position::start());
    game.resign(Color::Black);
    game.lose_on_time(Color::Red);
    assert_eq!(
        game.outcome().unwrap().to_string(),
        "Red wins: Black resigned"
    );
    // After a draw.
    let mut game = Game::new(checkers::Position::start());
    game.agree_draw();
    game.lose_on_time(Color::Black);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Agreement
        })
    );
    // A second flag does not replace the first.
    let mut game = Game::new(checkers::Position::start());
    game.lose_on_time(Color::Black);
    game.lose_on_time(Color::Red);
    assert_eq!(game.outcome(), Some(time_win(Color::Red)));
}

// ---------------------------------------------------------------------------
// "Only the side to move's clock runs; a move is complete when its last
// action is played." The record's side to move is what the app's clock
// follows: a double ultra king's two actions are one move.

#[test]
fn a_move_is_complete_after_its_last_action() {
    let mut game = tiers_game("7m/8/8/8/8/8/8/D[M]7 r 0 1");
    assert_eq!(game.position().side_to_move(), Color::Red);
    game.play_text("a1>e4,a1-b1").unwrap();
    assert_eq!(game.ply(), 1);
    assert_eq!(game.position().side_to_move(), Color::Black);
    // A checkers multi-jump likewise is one move.
    let mut game = checkers_game("B:W18,26:B14");
    game.play_text("14x23x30").unwrap();
    assert_eq!(game.ply(), 1);
    assert_eq!(game.position().side_to_move(), Color::Red);
}

// ---------------------------------------------------------------------------
// "Resignation, agreement, and the draw rules of §1 and §2 apply as without
// a clock."

#[test]
fn resignation_and_draws_are_unchanged_in_a_timed_game() {
    // A repetition draw comes first: a later flag does not turn it into a loss.
    let mut game = checkers_game("B:WK29:BK4");
    for mv in [
        "4-8", "29-25", "8-4", "25-29", "4-8", "29-25", "8-4", "25-29",
    ] {
        game.play_text(mv).unwrap();
    }
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::ThreefoldRepetition
        })
    );
    game.lose_on_time(Color::Black);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::ThreefoldRepetition
        })
    );
    // A player with time left may still resign.
    let mut game = Game::new(tiers::Position::start());
    game.play_text("e3-e4").unwrap();
    game.resign(Color::Black);
    assert_eq!(
        game.outcome().unwrap().to_string(),
        "Red wins: Black resigned"
    );
}

#[test]
fn taking_back_removes_a_loss_on_time_like_a_resignation() {
    let mut game = Game::new(checkers::Position::start());
    game.play_text("11-15").unwrap();
    game.lose_on_time(Color::Red);
    assert!(game.undo());
    assert_eq!(game.outcome(), None);
    assert_eq!(game.ply(), 1);
}

// ---------------------------------------------------------------------------
// "With no time control (the default), there is no clock."

#[test]
fn without_a_clock_no_game_ends_on_time() {
    // A game record has no clock: only an explicit flag ends a game on time.
    let mut game = Game::new(checkers::Position::start());
    for mv in ["11-15", "23-19", "8-11", "22-17"] {
        game.play_text(mv).unwrap();
    }
    assert_eq!(game.outcome(), None);
}

// ---------------------------------------------------------------------------
// Game files: the result of a loss on time, and reading it back.

#[test]
fn a_loss_on_time_is_written_and_read_back() {
    let mut game = Game::new(checkers::Position::start());
    game.play_text("11-15").unwrap();
    game.lose_on_time(Color::Red);
    let text = pdn::write_game(&Tags::new(), &game);
    // Black moves first in checkers: Black's win is 1-0.
    assert!(text.contains("[Result \"1-0\"]\n"), "{text}");
    assert!(text.contains("[Termination \"time forfeit\"]\n"), "{text}");
    assert!(text.ends_with("1. 11-15 1-0\n"), "{text}");
    let back = pdn::read_games::<checkers::Position>(&text).unwrap();
    assert_eq!(back[0].game.outcome(), Some(time_win(Color::Black)));
    // Written again, the same text (the tag is not written twice).
    assert_eq!(pdn::write_game(&back[0].tags, &back[0].game), text);

    // Tiers: Red moves first, so Red's win on time is 1-0.
    let mut game = Game::new(tiers::Position::start());
    game.play_text("e3-e4").unwrap();
    game.lose_on_time(Color::Black);
    let text = pdn::write_game(&Tags::new(), &game);
    assert!(text.contains("[Result \"1-0\"]\n"), "{text}");
    let back = pdn::read_games::<tiers::Position>(&text).unwrap();
    assert_eq!(back[0].game.outcome(), Some(time_win(Color::Red)));

    // A resignation writes no Termination, and a caller's stale claim of a
    // loss on time is not written for a game that did not end so.
    let mut game = Game::new(checkers::Position::start());
    game.resign(Color::Black);
    let mut tags = Tags::new();
    tags.set("Termination", "time forfeit");
    let text = pdn::write_game(&tags, &game);
    assert!(!text.contains("Termination"), "{text}");
    tags.set("Termination", "normal");
    assert!(pdn::write_game(&tags, &game).contains("[Termination \"normal\"]\n"));
}
