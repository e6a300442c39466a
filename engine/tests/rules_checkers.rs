//! One test per rule and per Ruling of RULES.md §1 (American checkers), on
//! hand-made positions written in PDN FEN. Square reminder (Red at the
//! bottom): 1-4 = b8 d8 f8 h8, 5-8 = a7 c7 e7 g7, 9-12 = b6..h6,
//! 13-16 = a5..g5, 17-20 = b4..h4, 21-24 = a3..g3, 25-28 = b2..h2,
//! 29-32 = a1 c1 e1 g1.

use tiers_engine::{checkers, Color, DrawReason, Game, Outcome, PieceKind, Position, WinReason};

fn pos(fen: &str) -> checkers::Position {
    checkers::Position::parse(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Every legal move, written, in natural order.
fn moves(fen: &str) -> Vec<String> {
    let p = pos(fen);
    let mut out = Vec::new();
    p.legal_moves(&mut out);
    let mut v: Vec<String> = out.iter().map(|m| p.move_to_string(m)).collect();
    v.sort_by_key(|m| {
        m.split(['-', 'x'])
            .map(|n| n.parse::<u32>().unwrap())
            .collect::<Vec<_>>()
    });
    v
}

fn after(fen: &str, mv: &str) -> String {
    let p = pos(fen);
    let m = p
        .parse_move(mv)
        .unwrap_or_else(|e| panic!("{fen}: {mv}: {e}"));
    p.play(&m).to_text()
}

// ---------------------------------------------------------------------------
// Board and notation.

#[test]
fn squares_are_numbered_from_blacks_back_row() {
    use checkers::square_name;
    assert_eq!(square_name(1), "b8");
    assert_eq!(square_name(4), "h8");
    assert_eq!(square_name(5), "a7");
    assert_eq!(square_name(29), "a1");
    assert_eq!(square_name(32), "g1");
}

#[test]
fn black_starts_on_1_to_12_red_on_21_to_32_and_black_moves_first() {
    let start = checkers::Position::start();
    assert_eq!(
        start.to_text(),
        "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    );
    assert_eq!(start.side_to_move(), Color::Black);
    assert_eq!(
        moves(&start.to_text()),
        ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"]
    );
}

#[test]
fn fen_reads_ranges_any_order_and_kings_and_writes_ascending() {
    let start = checkers::Position::start();
    assert_eq!(pos("B:W21-32:B1-12"), start);
    assert_eq!(pos("B:B12,1-11:W32,21-31"), start);
    assert_eq!(pos(" b : w 21-32 : b 1-12 ."), start);
    let p = pos("W:WK3,9,K2:B28,K30-31");
    assert_eq!(p.to_text(), "W:WK2,K3,9:B28,K30,K31");
    assert_eq!(p.piece_at(2), Some((Color::Red, PieceKind::King)));
    assert_eq!(p.piece_at(9), Some((Color::Red, PieceKind::Man)));
    assert_eq!(p.kings(Color::Red), 0b110);
    // Counters written by some programs (H plies since capture, F move number).
    let p = pos("B:W21-32:B1-12:H7:F12");
    assert_eq!((p.plies_since_capture(), p.move_number()), (7, 12));
}

#[test]
fn fen_errors_say_what_and_where() {
    let cases = [
        ("", "empty position"),
        ("X:W21", "side to move `X` must be B (Black) or W (Red)"),
        ("B:W33", "square 33 does not exist (squares are 1-32)"),
        ("B:W0", "square 0 does not exist"),
        ("B:W21,21", "square 21 is listed twice"),
        ("B:W21:B21", "square 21 is listed twice"),
        ("B:W25-21", "range `25-21` is backwards"),
        ("B:Wx1", "`x1` is not a square"),
        (
            "B:Q1",
            "piece list `Q1` must start with W (Red's pieces) or B (Black's pieces)",
        ),
        ("B:W1:W2", "Red's pieces are listed twice"),
        (
            "B:W1",
            "the red man on 1 stands on its crowning row: it must be a king",
        ),
        (
            "B:W21:Hx",
            "counter `Hx` must be H (plies since capture) or F (move number)",
        ),
    ];
    for (fen, msg) in cases {
        let err = checkers::Position::parse(fen).unwrap_err().to_string();
        assert!(err.contains(msg), "{fen:?}: {err}");
    }
}

#[test]
fn move_text_lists_every_landing_square_and_reads_short_forms() {
    let p = pos("B:W19,27:B15");
    let mv = p.parse_move("15x31").unwrap();
    assert_eq!(p.move_to_string(&mv), "15x24x31");
    assert_eq!(p.parse_move("15x24x31").unwrap(), mv);
    assert_eq!(p.parse_move(" 15 x 24 x 31 ").unwrap(), mv);
    // Two different captures from 2 to 18: the short form is ambiguous.
    let p = pos("B:W6,7,14,15:B2");
    assert_eq!(moves(&p.to_text()), ["2x9x18", "2x11x18"]);
    assert_eq!(
        p.parse_move("2x18").unwrap_err().to_string(),
        "2x18 is ambiguous here: it could be 2x11x18 or 2x9x18; write more landing squares"
    );
    // A capture written in full is that capture, even when a longer one
    // (3x12x19x10x17) also passes through its landing squares (found by
    // the property tests).
    let p =
        pos("W:WK1,K2,K3,K4,5,6,9,11,13,18,20,21,22,23,24,25,26,27,28,29,30,31,32:B7,8,14,15,16");
    let written: Vec<String> = moves(&p.to_text());
    assert!(
        written.contains(&"3x10x17".to_string()) && written.contains(&"3x12x19x10x17".to_string())
    );
    for text in ["3x10x17", "3x12x19x10x17"] {
        let mv = p.parse_move(text).unwrap();
        assert_eq!(p.move_to_string(&mv), text);
    }
}

#[test]
fn move_errors_say_what_and_where() {
    let start = checkers::Position::start();
    let err = |mv: &str| start.parse_move(mv).unwrap_err().to_string();
    assert_eq!(
        err("11-16x"),
        "`11-16x` is not a move: write it like 11-15, or 15x24x31 for a capture"
    );
    assert_eq!(
        err("11-33"),
        "11-33: square 33 does not exist (squares are 1-32)"
    );
    assert_eq!(
        err("11-14"),
        "11-14 is not legal here; legal moves from 11: 11-15, 11-16"
    );
    assert_eq!(
        err("15-19"),
        "15-19 is not legal here: there is no piece on 15 (Black to move)"
    );
    assert_eq!(
        err("22-18"),
        "22-18 is not legal here: the piece on 22 is Red's and Black is to move"
    );
    let p = pos("B:W18,30:B14,1");
    assert_eq!(
        p.parse_move("1-6").unwrap_err().to_string(),
        "1-6 is not legal here; a capture is compulsory: 14 must take"
    );
}

// ---------------------------------------------------------------------------
// Movement.

#[test]
fn man_moves_one_square_diagonally_forward() {
    assert_eq!(moves("B:W30:B14"), ["14-17", "14-18"]);
    assert_eq!(moves("W:W22:B1"), ["22-17", "22-18"]);
    // Never backwards.
    assert!(pos("W:W22:B1").parse_move("22-25").is_err());
}

#[test]
fn king_moves_one_square_in_four_directions_and_does_not_fly() {
    assert_eq!(moves("W:WK18:B1"), ["18-14", "18-15", "18-22", "18-23"]);
    assert!(pos("W:WK18:B1").parse_move("18-11").is_err());
}

// ---------------------------------------------------------------------------
// Capturing.

#[test]
fn man_jumps_forward_only_onto_the_empty_square_beyond() {
    // Red on 18 (down-right of 14) can be taken; Red on 10 is behind.
    assert_eq!(moves("B:W10,18:B14"), ["14x23"]);
    // Not when the square beyond is taken.
    assert_eq!(moves("B:W18,23:B14"), ["14-17"]);
}

#[test]
fn king_jumps_in_all_four_directions() {
    assert_eq!(moves("W:WK18:B14"), ["18x9"]);
    assert_eq!(moves("W:WK18:B15"), ["18x11"]);
    assert_eq!(moves("W:WK18:B22"), ["18x25"]);
    assert_eq!(moves("W:WK18:B23"), ["18x27"]);
}

#[test]
fn capturing_is_mandatory() {
    assert_eq!(moves("B:W18,30:B14,1"), ["14x23"]);
}

#[test]
fn multi_jump_is_completed_and_may_change_direction() {
    assert_eq!(moves("B:W15,23:B10"), ["10x19x26"]);
    assert!(pos("B:W15,23:B10").parse_move("10x19").is_err());
}

#[test]
fn free_choice_among_captures_not_the_most_pieces() {
    assert_eq!(moves("B:W15,17,23:B10,13"), ["10x19x26", "13x22"]);
}

#[test]
fn a_man_reaching_the_far_row_is_crowned_and_its_move_ends() {
    // By a step.
    assert_eq!(after("W:W6:B20", "6-1"), "B:WK1:B20");
    // By a jump: on 2 the new king could jump 6, but the move ends.
    assert_eq!(moves("W:W11:B6,7"), ["11x2"]);
    assert_eq!(after("W:W11:B6,7", "11x2"), "B:WK2:B6");
    // Black is crowned on Red's back row.
    assert_eq!(after("B:W32:B26", "26-30"), "W:W32:BK30");
}

#[test]
fn ruling_one_position_one_move_for_a_king_taking_the_same_pieces_two_ways() {
    // The king on 18 can go round the four men clockwise or
    // anticlockwise: same pieces, same square, one move, written in the
    // alphabetically first form.
    let fen = "W:WK18:B6,7,14,15";
    assert_eq!(moves(fen), ["18x11x2x9x18"]);
    let p = pos(fen);
    assert_eq!(
        p.parse_move("18x9x2x11x18").unwrap(),
        p.parse_move("18x11x2x9x18").unwrap()
    );
    assert_eq!(after(fen, "18x9x2x11x18"), "B:WK18:B");
    assert_eq!(tiers_engine::perft::perft(&p, 1), 1);
}

// ---------------------------------------------------------------------------
// Counters.

#[test]
fn plies_since_capture_resets_on_a_capture_and_counts_other_moves() {
    let p = pos("B:W18,30:B14,1:H40:F20");
    let after_capture = p.play(&p.parse_move("14x23").unwrap());
    assert_eq!(after_capture.plies_since_capture(), 0);
    let q = pos("B:W30:B14:H40:F20");
    assert_eq!(
        q.play(&q.parse_move("14-17").unwrap())
            .plies_since_capture(),
        41
    );
}

#[test]
fn move_number_goes_up_after_red_moves() {
    let mut game = Game::new(checkers::Position::start());
    game.play_text("11-15").unwrap();
    assert_eq!(game.position().move_number(), 1);
    game.play_text("23-19").unwrap();
    assert_eq!(game.position().move_number(), 2);
}

// ---------------------------------------------------------------------------
// End of the game.

#[test]
fn a_side_without_pieces_loses() {
    let mut game = Game::new(pos("B:W18:B14"));
    game.play_text("14x23").unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::NoPieces
        })
    );
}

#[test]
fn a_side_whose_pieces_are_all_blocked_loses() {
    let game = Game::new(pos("W:W5:B1"));
    assert!(game.legal_moves().is_empty());
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::NoLegalMove
        })
    );
}

#[test]
fn threefold_repetition_is_a_draw() {
    let mut game = Game::new(pos("B:WK32:BK1"));
    let seq = [
        "1-5", "32-27", "5-1", "27-32", "1-5", "32-27", "5-1", "27-32",
    ];
    for (i, mv) in seq.iter().enumerate() {
        assert_eq!(game.outcome(), None, "before move {i}");
        game.play_text(mv).unwrap();
    }
    assert_eq!(game.repetitions(), 3);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::ThreefoldRepetition
        })
    );
    // Undo goes back before the draw.
    game.undo();
    assert_eq!(game.outcome(), None);
}

#[test]
fn a_hundred_plies_without_capture_is_a_draw() {
    let mut game = Game::new(pos("B:WK32:BK1:H99:F60"));
    assert_eq!(game.outcome(), None);
    game.play_text("1-5").unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::HundredPlies
        })
    );
    // Move lists ignore the draw rules.
    let mut out = Vec::new();
    game.position().legal_moves(&mut out);
    assert_eq!(out.len(), 2);
}

#[test]
fn resignation_and_agreed_draws() {
    let mut game = Game::new(checkers::Position::start());
    game.resign(Color::Black);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::Red,
            reason: WinReason::Resignation
        })
    );
    assert_eq!(
        game.outcome().unwrap().to_string(),
        "Red wins: Black resigned"
    );
    assert!(game.undo());
    game.agree_draw();
    assert_eq!(game.outcome().unwrap().to_string(), "Draw: draw agreed");
}

#[test]
fn game_record_keeps_start_moves_undo_redo_and_refuses_illegal_moves() {
    let mut game = Game::new(checkers::Position::start());
    assert_eq!(game.legal_moves().len(), 7);
    game.play_text("11-15").unwrap();
    game.play_text("23-19").unwrap();
    assert!(game.undo() && game.undo());
    assert!(!game.undo());
    assert!(game.redo());
    assert_eq!(game.move_texts(), ["11-15"]);
    assert!(game.can_redo());
    // A move of another position is refused with its text.
    let other = pos("B:W18,30:B14,1");
    let foreign = other.parse_move("14x23").unwrap();
    assert_eq!(
        game.play(foreign).unwrap_err().to_string(),
        "14x23 is not a legal move here"
    );
    assert_eq!(
        game.play_text("12-16").unwrap_err().to_string(),
        "12-16 is not legal here: the piece on 12 is Black's and Red is to move"
    );
    assert_eq!(game.start(), &checkers::Position::start());
}
