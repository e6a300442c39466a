//! PDN games (checkers) and the Tiers game record: reading files written by
//! other programs, writing, round trips and error messages.

use tiers_engine::pdn::{self, PdnErrorKind, PdnResult, Tags};
use tiers_engine::tiers::{record, Formation, Preset};
use tiers_engine::{
    checkers, tiers, Color, DrawReason, Game, GameKind, Outcome, Position, WinReason,
};

/// Two games as CheckerBoard ships them (games/tinsley.pdn): no blank line
/// between tags and moves, spaces after the tags, moves wrapped anywhere
/// (even between a move number and its move), multi-jumps with every
/// landing square, draws as `1/2-1/2`.
const CHECKERBOARD_TINSLEY: &str = "[Event \"Ohio State Ty 1946\"]\n\
[Black \"MF Tinsley\"] \n\
[White \"M Rex\"] \n\
[Result \"1/2-1/2\"] \n\
1. 11-15 23-18 2. 8-11 27-23 3. 4-8 23-19 4. 10x14 19x10 5. 14x23 26x19 6. \n\
7x14 24-20 7. 6-10 30-26 8. 11-15 28-24 9. 14-18 20-16 10. 18-23 16-11 11. \n\
23x30 11x4 12. 2-7 4-8 13. 1-6 22-18 14. 15x22 25x18 15. 10x14 18x15 16. 14-18 \n\
29x25 17. 9-13 8-4 18. 13-17 21x14 19. 30x21 15-10 20. 6x15 19x10 21. 21-17 \n\
4-8 22. 18-22 24-19 23. 22-25 32-28 24. 25-30 31-27 25. 30-26 19-16 26. 12x19 \n\
27-24 27. 3x12 10x3 28. 17x10 24x15x6 1/2-1/2\n\
\n\
[Event \"US National 1946\"]\n\
[Black \"E Fuller\"] \n\
[White \"MF Tinsley\"] \n\
[Result \"1-0\"] \n\
1. 11-15 23-18 2. 9-14 18x11 3. 8x15 22-18 4. 15x22 25x18x9 5. 5x14 27-23 6. \n\
4-8 29x25 7. 8-11 24-19 8. 6-9 26-22 9. 11-15 32-27 10. 15x24 28x19 11. 7-11 \n\
30-26 12. 3-7 22-18 13. 12-16 19x12 10x15 1-0\n";

/// A game as CheckerBoard saves one: the archival tags, a set-up position,
/// comments in braces after moves, a `1-1` draw (read as a draw).
const CHECKERBOARD_SAVED: &str = r#"[Event "Sparring match"]
[Date "2024-05-01"]
[Black "Cake"]
[White "Kingsrow"]
[Result "1-1"]
[SetUp "1"]
[FEN "W:W18,K32:B10,14"]

1... 18x9 {forced} 2. 10-14 {only move?} 9-5 3. 14-18 32-27 1-1
"#;

/// What pydraughts' PDNWriter produces for an English game: the long
/// GameType, a FEN without SetUp, and moves numbered as if Red moved first
/// (`1...` before Black's first move).
const PYDRAUGHTS: &str = r#"[GameType "21,B,8,8,N1,0"]
[FEN "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"]

1... 11-15 2. 23-19 8-11 3. 22-17 9-13 4. 17-14 10x17 5. 21x14 0-1

"#;

#[test]
fn checkerboard_games_are_read_with_tags_moves_and_results() {
    let games = checkers::pdn::read_games(CHECKERBOARD_TINSLEY).unwrap();
    assert_eq!(games.len(), 2);
    let first = &games[0];
    assert_eq!(first.tags.get("Black"), Some("MF Tinsley"));
    assert_eq!(first.tags.get("White"), Some("M Rex"));
    assert_eq!(first.result, PdnResult::Draw);
    assert_eq!(first.game.ply(), 56);
    assert_eq!(first.game.move_texts().last().unwrap(), "24x15x6");
    // The board shows no end: the draw was agreed.
    assert_eq!(
        first.game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Agreement
        })
    );
    let second = &games[1];
    // `1-0`: the first mover, Black, won (CheckerBoard's convention).
    assert_eq!(second.result, PdnResult::Win(Color::Black));
    assert_eq!(
        second.game.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Resignation
        })
    );
    assert_eq!(second.game.move_texts()[7], "25x18x9");
}

#[test]
fn checkerboard_saved_game_with_setup_and_comments() {
    let games = checkers::pdn::read_games(CHECKERBOARD_SAVED).unwrap();
    let g = &games[0];
    assert_eq!(g.game.start().to_text(), "W:W18,K32:B10,14");
    assert_eq!(
        g.game.move_texts(),
        ["18x9", "10-14", "9-5", "14-18", "32-27"]
    );
    assert_eq!(g.result, PdnResult::Draw, "CheckerBoard's 1-1 is a draw");
    assert_eq!(g.tags.get("Date"), Some("2024-05-01"));
}

#[test]
fn pydraughts_output_is_read_whatever_its_numbering() {
    let games = checkers::pdn::read_games(PYDRAUGHTS).unwrap();
    let g = &games[0];
    assert_eq!(
        g.game.move_texts(),
        ["11-15", "23-19", "8-11", "22-17", "9-13", "17-14", "10x17", "21x14"]
    );
    assert_eq!(g.result, PdnResult::Win(Color::Red));
}

#[test]
fn written_games_are_read_back_identically() {
    for pdn_text in [CHECKERBOARD_TINSLEY, CHECKERBOARD_SAVED, PYDRAUGHTS] {
        for g in checkers::pdn::read_games(pdn_text).unwrap() {
            let written = checkers::pdn::write_game(&g.tags, &g.game);
            let back = checkers::pdn::read_games(&written).unwrap();
            assert_eq!(back.len(), 1, "{written}");
            let b = &back[0];
            assert_eq!(b.game.start(), g.game.start(), "{written}");
            assert_eq!(b.game.move_texts(), g.game.move_texts(), "{written}");
            assert_eq!(b.game.outcome(), g.game.outcome(), "{written}");
            for name in ["Event", "Site", "Date", "Round", "White", "Black"] {
                assert_eq!(
                    b.tags.get(name),
                    g.tags
                        .get(name)
                        .or(Some(if name == "Date" { "????.??.??" } else { "?" }))
                );
            }
            // Writing again gives the same text.
            assert_eq!(checkers::pdn::write_game(&b.tags, &b.game), written);
        }
    }
}

#[test]
fn written_game_has_the_seven_tags_in_order_and_numbered_moves() {
    let mut game = Game::new(checkers::Position::start());
    for mv in ["11-15", "23-19", "8-11", "22-17"] {
        game.play_text(mv).unwrap();
    }
    game.resign(Color::Red);
    let mut tags = Tags::new();
    tags.set("Event", "Club \"night\"");
    tags.set("Annotator", "me");
    tags.set("Result", "0-1"); // ignored: the game's own result is written
    let text = pdn::write_game(&tags, &game);
    assert_eq!(
        text,
        "[Event \"Club \\\"night\\\"\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
         [White \"?\"]\n[Black \"?\"]\n[Result \"1-0\"]\n[GameType \"21\"]\n[Annotator \"me\"]\n\n\
         1. 11-15 23-19 2. 8-11 22-17 1-0\n"
    );
    let back = checkers::pdn::read_games(&text).unwrap();
    assert_eq!(back[0].tags.get("Event"), Some("Club \"night\""));
}

#[test]
fn a_game_starting_with_red_to_move_is_numbered_with_an_ellipsis() {
    let start = checkers::Position::parse("W:W18,K32:B10,14").unwrap();
    let mut game = Game::new(start);
    game.play_text("18x9").unwrap();
    game.play_text("10-14").unwrap();
    let text = pdn::write_game(&Tags::new(), &game);
    assert!(
        text.contains("[SetUp \"1\"]\n[FEN \"W:W18,K32:B10,14\"]\n"),
        "{text}"
    );
    assert!(text.ends_with("\n1... 18x9 2. 10-14 *\n"), "{text}");
}

#[test]
fn move_numbers_of_a_set_up_position_are_kept() {
    let text = "[FEN \"B:W22,K32:B9,14\"]\n23. 14-18 22x15 24. 9-13 *";
    let g = &checkers::pdn::read_games(text).unwrap()[0];
    assert_eq!(g.game.start().move_number(), 23);
    let written = pdn::write_game(&g.tags, &g.game);
    assert!(
        written.ends_with("\n23. 14-18 22x15 24. 9-13 *\n"),
        "{written}"
    );
}

#[test]
fn variations_nags_suffixes_and_spaced_moves_are_tolerated() {
    let text = "; a line comment\n[Event \"x\"]\n\
        1. 11-15! (1. 9-13 22-18 (1... 22-17) ) 23 - 19 $1 2. 8-11?! {a {nested} comment} \
        22-17 $14 3.9-13 17 -14 10x 17 *";
    let g = &checkers::pdn::read_games(text).unwrap()[0];
    assert_eq!(
        g.game.move_texts(),
        ["11-15", "23-19", "8-11", "22-17", "9-13", "17-14", "10x17"]
    );
    assert_eq!(g.result, PdnResult::Unknown);
    assert_eq!(g.game.outcome(), None);
}

#[test]
fn short_capture_forms_are_read() {
    // 15x31 without the middle landing square: unambiguous here.
    let text = "[FEN \"B:W19,27:B15\"]\n1. 15x31 *";
    let g = &checkers::pdn::read_games(text).unwrap()[0];
    assert_eq!(g.game.move_texts(), ["15x24x31"]);
}

#[test]
fn games_without_tags_separated_by_results() {
    let text = "1. 11-15 23-19 1-0 1. 9-13 22-18 0-1\n1. 10-14 *";
    let games = checkers::pdn::read_games(text).unwrap();
    assert_eq!(games.len(), 3);
    assert_eq!(games[1].game.move_texts(), ["9-13", "22-18"]);
    assert_eq!(games[1].result, PdnResult::Win(Color::Red));
}

#[test]
fn play_goes_on_past_a_repetition_in_recorded_games() {
    // Kings shuffle: the start position of the game recurs a third time
    // after 8 plies, and the players played on.
    let text = "[FEN \"B:WK29,K32:BK1,K4\"]\n\
        1. 1-5 29-25 2. 5-1 25-29 3. 1-5 29-25 4. 5-1 25-29 5. 1-5 29-25 *";
    let g = &checkers::pdn::read_games(text).unwrap()[0];
    assert_eq!(g.game.ply(), 10);
}

#[test]
fn error_names_the_game_line_move_side_and_legal_moves() {
    let text =
        "[Event \"one\"]\n1. 11-15 23-19 *\n\n[Event \"two\"]\n1. 11-15 23-19\n2. 8-11 19-24 *\n";
    let err = checkers::pdn::read_games(text).unwrap_err();
    assert_eq!((err.game, err.line, err.column), (2, 6, 9));
    assert!(matches!(
        err.kind,
        PdnErrorKind::Move {
            number: 2,
            side: Color::Red,
            ..
        }
    ));
    assert_eq!(
        err.to_string(),
        "game 2, line 6, column 9: move 2 (Red): 19-24 is not legal here; legal moves from 19: 19-16"
    );
    // The other games can still be had one by one.
    let each = pdn::read_each::<checkers::Position>(text).unwrap();
    assert!(each[0].is_ok());
    assert!(each[1].is_err());
}

#[test]
fn malformed_files_give_clear_errors() {
    let cases: [(&str, &str); 8] = [
        ("", "no game found"),
        ("   \n\n", "no game found"),
        (
            "[Event \"x]\n1. 11-15 *",
            "game 1, line 1, column 1: tag `[Event \"x]` is not of the form [Name \"value\"]",
        ),
        (
            "[Event x]\n1. 11-15 *",
            "is not of the form [Name \"value\"]",
        ),
        (
            "1. 11-15 {never closed",
            "game 1, line 1, column 10: `{` is never closed by `}`",
        ),
        (
            "1. 11-15 (9-13 *",
            "game 1, line 1, column 10: `(` is never closed by `)`",
        ),
        (
            "[GameType \"20\"]\n1. 32-28 *",
            "GameType \"20\" is not this game (expected \"21\")",
        ),
        (
            "[FEN \"B:W33:B1\"]\n*",
            "start position: FEN \"B:W33:B1\": square 33 does not exist",
        ),
    ];
    for (text, expected) in cases {
        let err = checkers::pdn::read_games(text).unwrap_err().to_string();
        assert!(err.contains(expected), "{text:?}: {err}");
    }
    let err = checkers::pdn::read_games("1. 11-15 22-18 2. 15x22 9-13 *")
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        "game 1, line 1, column 25: move 2 (Red): 9-13 is not legal here: the piece on 9 is Black's and Red is to move; \
         legal moves: 25x18, 26x17"
    );
}

#[test]
fn a_move_after_a_won_game_is_refused() {
    // Red's last piece is taken: Red cannot move, the game is over.
    let text = "[FEN \"B:W18:B14\"]\n1. 14x23 22-18 *";
    let err = checkers::pdn::read_games(text).unwrap_err().to_string();
    assert!(
        err.contains("move 1 (Red): 22-18 comes after the end of the game (Black wins: Red has no pieces left)"),
        "{err}"
    );
}

#[test]
fn the_kind_of_a_file_is_detected() {
    assert_eq!(
        pdn::detect_kind(CHECKERBOARD_TINSLEY),
        Some(GameKind::Checkers)
    );
    assert_eq!(pdn::detect_kind(PYDRAUGHTS), Some(GameKind::Checkers));
    assert_eq!(
        pdn::detect_kind("[GameType \"Tiers\"]\n*"),
        Some(GameKind::Tiers)
    );
    assert_eq!(
        pdn::detect_kind("[FEN \"8/8/8/8/8/8/8/U7 r 0 1\"]\n*"),
        Some(GameKind::Tiers)
    );
    assert_eq!(pdn::detect_kind("[GameType \"20\"]\n*"), None);
}

// ---------------------------------------------------------------------------
// The Tiers record.

fn tiers_game(start: tiers::Position, moves: &[&str]) -> Game<tiers::Position> {
    let mut game = Game::new(start);
    for mv in moves {
        game.play_text(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
    game
}

#[test]
fn tiers_record_from_formations_round_trips() {
    let start = tiers::Position::from_formations(
        &Formation::preset(Preset::Phalanx, Color::Red),
        &Formation::random(Color::Black, 7),
    );
    let mut game = tiers_game(start, &[]);
    // Play 30 plies of the first legal move each time.
    for _ in 0..30 {
        let legal = game.legal_moves();
        let Some(mv) = legal.first() else { break };
        game.play(*mv).unwrap();
    }
    let mut tags = Tags::new();
    tags.set("White", "Red player");
    tags.set("Black", "Black player");
    let text = record::write_game(&tags, &game);
    assert!(text.contains("[GameType \"Tiers\"]\n"), "{text}");
    assert!(text.contains(&format!(
        "[RedFormation \"{}\"]",
        Formation::preset(Preset::Phalanx, Color::Red)
    )));
    assert!(text.contains("\n1. "), "{text}");
    let back = record::read_games(&text).unwrap();
    assert_eq!(back[0].game.start(), game.start());
    assert_eq!(back[0].game.move_texts(), game.move_texts());
    assert_eq!(back[0].game.position(), game.position());
    assert_eq!(back[0].tags.get("White"), Some("Red player"));
    assert_eq!(record::write_game(&back[0].tags, &back[0].game), text);
}

#[test]
fn tiers_record_with_a_set_up_position_and_double_ultra_moves() {
    // A double ultra king teleports next to a man and consumes it; Black
    // has nothing left and loses.
    let start = tiers::Position::parse("8/8/8/8/3m4/8/8/D7 r 5 12").unwrap();
    let mut game = tiers_game(start, &[]);
    let mv = game.position().parse_move("a1-c3,c3xd4").unwrap();
    game.play(mv).unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::Red,
            reason: WinReason::NoPieces
        })
    );
    let text = record::write_game(&Tags::new(), &game);
    assert!(
        text.contains("[SetUp \"1\"]\n[FEN \"8/8/8/8/3m4/8/8/D7 r 5 12\"]\n"),
        "{text}"
    );
    assert!(
        text.contains("[Result \"1-0\"]"),
        "Red, the first mover, won: {text}"
    );
    let written_move = game.move_texts()[0].clone();
    assert!(
        text.ends_with(&format!("\n12. {written_move} 1-0\n")),
        "{text}"
    );
    let back = record::read_games(&text).unwrap();
    assert_eq!(back[0].game.outcome(), game.outcome());
    assert_eq!(back[0].game.start().to_text(), "8/8/8/8/3m4/8/8/D7 r 5 12");
}

#[test]
fn tiers_record_reads_every_form_of_a_move_and_black_wins_are_0_1() {
    let text = "[GameType \"Tiers\"]\n[Result \"0-1\"]\n1. a3 - a4 h6-h5 2. C3-c4?! b6-b5 0-1";
    let g = &record::read_games(text).unwrap()[0];
    assert_eq!(g.game.move_texts(), ["a3-a4", "h6-h5", "c3-c4", "b6-b5"]);
    assert_eq!(g.result, PdnResult::Win(Color::Black));
    assert_eq!(
        g.game.outcome().and_then(|o| o.winner()),
        Some(Color::Black)
    );
}

#[test]
fn tiers_record_errors() {
    let err = record::read_games("[RedFormation \"a1 c4 d2\"]\n*").unwrap_err();
    assert_eq!(
        err.to_string(),
        "game 1, line 1, column 1: start position: RedFormation \"a1 c4 d2\": c4 is outside Red's home rows (ranks 1–3)"
    );
    let err = record::read_games("[GameType \"21\"]\n1. 11-15 *").unwrap_err();
    assert!(
        err.to_string()
            .contains("GameType \"21\" is not this game (expected \"Tiers\")"),
        "{err}"
    );
    let err = record::read_games("1. e3-e5 *").unwrap_err();
    assert_eq!(
        err.to_string(),
        "game 1, line 1, column 4: move 1 (Red): e3-e5 is not legal here; legal moves from e3: e3-d4, e3-e4, e3-f4"
    );
    let err = record::read_games("[FEN \"8/8/8/8/8/8/8/U7 x 0 1\"]\n*").unwrap_err();
    assert!(
        err.to_string()
            .contains("the side to move must be `r` or `b`, not `x`"),
        "{err}"
    );
}

#[test]
fn comments_and_nags_are_kept_with_their_moves() {
    let g = &checkers::pdn::read_games(CHECKERBOARD_SAVED).unwrap()[0];
    let comments: Vec<&str> = g.notes.iter().map(|n| n.comment.as_str()).collect();
    assert_eq!(comments, ["forced", "only move?", "", "", ""]);
    let text =
        "{before any move} 1. 11-15! (1. 9-13 22-18) 23 - 19 $1 2. 8-11?! {a {nested}\n  comment} \
        22-17 $14 {one} {two} 3. 9-13 ?? 17-14 $2 $4 *";
    let g = &checkers::pdn::read_games(text).unwrap()[0];
    assert_eq!(g.game.ply(), 6);
    let nags: Vec<&[u8]> = g.notes.iter().map(|n| n.nags.as_slice()).collect();
    assert_eq!(nags, [&[1][..], &[1], &[6], &[14], &[4], &[2, 4]]);
    assert_eq!(g.notes[2].comment, "a {nested} comment");
    assert_eq!(g.notes[3].comment, "one two");
    assert!(
        g.notes[0].comment.is_empty(),
        "a comment before the first move is not a move's"
    );
}

#[test]
fn annotated_games_round_trip() {
    let text = "1. 11-15 23-19 2. 8-11 22-17 *";
    let g = &checkers::pdn::read_games(text).unwrap()[0];
    let mut notes = vec![pdn::Annotation::default(); 4];
    notes[0].comment = "[%eval +0.10/9] a quiet start".into();
    notes[1].nags = vec![2];
    notes[2].nags = vec![4, 18];
    notes[2].comment = "[%eval -3.25/9] [%best 9-13 22-18] brace } inside".into();
    notes[3].nags = vec![146];
    let written = pdn::write_annotated(&g.tags, &g.game, &notes);
    assert!(
        written.contains("1. 11-15 {[%eval +0.10/9] a quiet start} 23-19? 2. 8-11?? $18 {[%eval"),
        "{written}"
    );
    assert!(written.contains("22-17 $146 *"), "{written}");
    let back = &checkers::pdn::read_games(&written).unwrap()[0];
    assert_eq!(back.game.move_texts(), g.game.move_texts());
    notes[2].comment = notes[2].comment.replace('}', ")");
    assert_eq!(back.notes, notes);
    // Without notes the writer writes what it always did.
    assert_eq!(
        pdn::write_annotated(&g.tags, &g.game, &[]),
        pdn::write_game(&g.tags, &g.game)
    );
    assert_eq!(pdn::suffix_nag("?!"), Some(6));
    assert_eq!(pdn::nag_suffix(4), Some("??"));
}
