//! `tiers::Setup`: building arrangements square by square, their
//! validation into positions, and the TFEN reader going through the same
//! validation (same acceptance, same messages).

use tiers_engine::reference::tiers::random_tfen;
use tiers_engine::tiers::{self, tfen, Setup, SetupError};
use tiers_engine::{Color, PieceKind, PieceView, Position};

use Color::{Black, Red};
use PieceKind::{DoubleUltra, King, Man, Quad, Triple, Ultra};

fn sq(name: &str) -> u8 {
    let b = name.as_bytes();
    (b[0] - b'a') + 8 * (b[1] - b'1')
}

fn p(color: Color, kind: PieceKind, carried: Option<PieceKind>) -> PieceView {
    PieceView {
        color,
        kind,
        carried,
    }
}

/// The TFEN of a setup, valid or not.
fn text(setup: &Setup) -> String {
    tfen::write_setup(setup)
}

#[test]
fn put_remove_and_piece_at() {
    let mut s = Setup::empty(Black);
    assert_eq!(s.piece_at(sq("d4")), None);
    s.put(sq("d4"), p(Red, Ultra, Some(Triple))).unwrap();
    s.put(sq("d4"), p(Black, DoubleUltra, Some(Quad))).unwrap();
    assert_eq!(
        s.piece_at(sq("d4")),
        Some(p(Black, DoubleUltra, Some(Quad))),
        "put replaces"
    );
    assert_eq!(
        s.remove(sq("d4")).unwrap(),
        Some(p(Black, DoubleUltra, Some(Quad)))
    );
    assert_eq!(s.remove(sq("d4")).unwrap(), None);
    assert_eq!(s, Setup::empty(Black));
    let err = s.put(64, p(Red, Man, None)).unwrap_err();
    assert_eq!(err, SetupError::NoSuchSquare(64));
    assert_eq!(
        err.to_string(),
        "square 64 does not exist (squares are 0-63, a1 = 0 to h8 = 63)"
    );
    assert_eq!(s.remove(200), Err(SetupError::NoSuchSquare(200)));
    assert_eq!(s.piece_at(64), None);
}

#[test]
fn the_start_setup_is_the_start_position() {
    let s = Setup::start();
    assert_eq!(s, Setup::default());
    assert_eq!(
        tiers::Position::from_setup(&s).unwrap(),
        tiers::Position::start()
    );
    assert_eq!(s.side, Red);
    assert_eq!((s.piece_count(Red), s.piece_count(Black)), (12, 12));
    assert_eq!(tiers::Position::start().to_setup(), s);
}

#[test]
fn piece_count_counts_merged_and_carried_pieces() {
    let mut s = Setup::empty(Red);
    s.put(sq("a1"), p(Red, DoubleUltra, Some(King))).unwrap(); // 3
    s.put(sq("b1"), p(Red, Ultra, None)).unwrap(); // 1
    s.put(sq("c1"), p(Red, Ultra, Some(Man))).unwrap(); // 2
    s.put(sq("h8"), p(Black, DoubleUltra, None)).unwrap(); // 2
    assert_eq!((s.piece_count(Red), s.piece_count(Black)), (6, 2));
}

#[test]
fn every_refusal_names_its_square_and_reads_as_the_tfen_reader_says() {
    // (arrangement, message, square): the same words whether the setup
    // comes from the editor or from TFEN text.
    let mut cases: Vec<(Setup, String, Option<u8>)> = Vec::new();
    for (kind, name) in [
        (Man, "man"),
        (King, "king"),
        (Triple, "triple king"),
        (Quad, "quad king"),
    ] {
        let mut s = Setup::empty(Red);
        s.put(sq("c5"), p(Black, kind, Some(Man))).unwrap();
        let msg = format!(
            "a {name} cannot carry a piece (rank 5): only ultra and double ultra kings carry"
        );
        cases.push((s, msg, Some(sq("c5"))));
    }
    for carrier in [Ultra, DoubleUltra] {
        for load in [Ultra, DoubleUltra] {
            let mut s = Setup::empty(Red);
            s.put(sq("g2"), p(Red, carrier, Some(load))).unwrap();
            cases.push((
                s,
                "a carried piece must be of tier 1–4 (rank 2)".to_string(),
                Some(sq("g2")),
            ));
        }
    }
    let mut s = Setup::empty(Black);
    s.move_number = 0;
    cases.push((s, "the move number must be at least 1".to_string(), None));
    for (setup, msg, square) in cases {
        let err = setup.validate().unwrap_err();
        assert_eq!(err.to_string(), msg);
        assert_eq!(err.square(), square);
        assert_eq!(tiers::Position::from_setup(&setup).unwrap_err(), err);
        let t = text(&setup);
        assert_eq!(
            tiers::Position::parse(&t).unwrap_err().to_string(),
            msg,
            "{t}"
        );
        assert_eq!(tfen::parse_setup(&t).unwrap(), setup, "{t}");
    }
}

#[test]
fn the_first_problem_in_tfen_order_is_reported() {
    // Rank 8 is written (and checked) before rank 1, file a before h.
    let mut s = Setup::empty(Red);
    s.put(sq("a1"), p(Red, King, Some(Man))).unwrap();
    s.put(sq("h8"), p(Black, Ultra, Some(Ultra))).unwrap();
    s.put(sq("g8"), p(Black, Man, Some(Man))).unwrap();
    s.move_number = 0;
    assert_eq!(
        s.validate().unwrap_err(),
        SetupError::NotACarrier {
            square: sq("g8"),
            kind: Man
        }
    );
    s.remove(sq("g8")).unwrap();
    assert_eq!(
        s.validate().unwrap_err(),
        SetupError::CarriedTier { square: sq("h8") }
    );
    s.remove(sq("h8")).unwrap();
    assert_eq!(
        s.validate().unwrap_err(),
        SetupError::NotACarrier {
            square: sq("a1"),
            kind: King
        }
    );
    s.remove(sq("a1")).unwrap();
    // Then the counts, then the move number.
    for i in 0..13u8 {
        s.put(16 + i, p(Red, Man, None)).unwrap();
    }
    assert_eq!(
        s.validate().unwrap_err(),
        SetupError::TooManyPieces {
            color: Red,
            count: 13
        }
    );
    s.remove(16).unwrap();
    assert_eq!(s.validate().unwrap_err(), SetupError::MoveNumberZero);
    s.move_number = 1;
    assert_eq!(s.validate(), Ok(()));
}

#[test]
fn accepted_as_the_tfen_reader_always_accepted_them() {
    // A man on its far row (it can only wait to be captured), no pieces
    // at all, one side only, 12 pieces a side of every tier, any
    // counters: all accepted, by both paths.
    let mut far = Setup::empty(Black);
    far.put(sq("c8"), p(Red, Man, None)).unwrap();
    far.put(sq("f1"), p(Black, Man, None)).unwrap();
    let mut full = Setup::empty(Red);
    // Per side: D[K] (3) + U[M] (2) + D (2) + Q + T + K + M + U = 12.
    let side_pieces = [
        (DoubleUltra, Some(King)),
        (Ultra, Some(Man)),
        (DoubleUltra, None),
        (Quad, None),
        (Triple, None),
        (King, None),
        (Man, None),
        (Ultra, None),
    ];
    for (i, (kind, carried)) in side_pieces.into_iter().enumerate() {
        full.put(i as u8 + 8, p(Red, kind, carried)).unwrap();
        full.put(i as u8 + 48, p(Black, kind, carried)).unwrap();
    }
    assert_eq!((full.piece_count(Red), full.piece_count(Black)), (12, 12));
    let mut one_side = Setup::empty(Black);
    one_side.put(sq("e4"), p(Red, Quad, None)).unwrap();
    let mut counters = Setup::empty(Red);
    counters.put(sq("e4"), p(Red, Quad, None)).unwrap();
    counters.plies_since_capture = u32::MAX;
    counters.move_number = u32::MAX;
    for setup in [far, Setup::empty(Red), full, one_side, counters] {
        let pos = tiers::Position::from_setup(&setup).unwrap();
        assert_eq!(pos.to_setup(), setup);
        assert_eq!(pos.to_text(), text(&setup));
        assert_eq!(tiers::Position::parse(&text(&setup)).unwrap(), pos);
        assert_eq!(pos.compute_zobrist(), pos.zobrist());
    }
}

#[test]
fn more_than_twelve_pieces_a_side_are_refused() {
    // 13 men: refused, by both paths, with the count.
    let mut s = Setup::empty(Red);
    for i in 0..13u8 {
        s.put(i, p(Black, Man, None)).unwrap();
    }
    let msg = "Black has 13 pieces; a side has at most 12 (a double ultra king counts as 2, a carried piece as 1)";
    assert_eq!(
        s.validate().unwrap_err(),
        SetupError::TooManyPieces {
            color: Black,
            count: 13
        }
    );
    assert_eq!(s.validate().unwrap_err().to_string(), msg);
    assert_eq!(
        tiers::Position::parse(&text(&s)).unwrap_err().to_string(),
        msg
    );
    // Stacks count what they hold: 4 carrying double ultra kings are 12.
    let mut s = Setup::empty(Red);
    for i in 0..4u8 {
        s.put(i, p(Red, DoubleUltra, Some(Quad))).unwrap();
    }
    assert!(s.validate().is_ok());
    s.put(4, p(Red, Man, None)).unwrap();
    assert_eq!(
        s.validate().unwrap_err(),
        SetupError::TooManyPieces {
            color: Red,
            count: 13
        }
    );
    // The reason for the limit: 48 men around a king (not a position any
    // game reaches) have so many jump sequences that listing the king's
    // moves takes minutes. It is refused at once.
    let lattice = "mmmmmmmm/1m1m1m1m/mmmmmmmm/1m1m1m1m/mmmmmmmm/1mKm1m1m/mmmmmmmm/1m1m1m1m r 0 1";
    assert_eq!(
        tiers::Position::parse(lattice).unwrap_err().to_string(),
        "Black has 48 pieces; a side has at most 12 (a double ultra king counts as 2, a carried piece as 1)"
    );
}

#[test]
fn setups_of_random_positions_go_round() {
    for seed in 0..300u64 {
        let t = random_tfen(seed, 4 + seed % 40);
        let pos = tiers::Position::parse(&t).unwrap();
        let setup = pos.to_setup();
        assert_eq!(tfen::parse_setup(&t).unwrap(), setup, "{t}");
        assert_eq!(text(&setup), t);
        let back = tiers::Position::from_setup(&setup).unwrap();
        assert_eq!(back, pos);
        assert_eq!(back.zobrist(), pos.zobrist(), "{t}");
        assert_eq!(back.board_view(), setup.squares);
        assert_eq!(back.plies_since_capture(), pos.plies_since_capture());
        assert_eq!(back.move_number(), pos.move_number());
    }
}

#[test]
fn text_errors_stay_with_the_reader() {
    // What only text can get wrong is the reader's to say.
    assert_eq!(
        tfen::parse_setup("8/8/8/8/8/8/8/U[m]7 r")
            .unwrap_err()
            .to_string(),
        "a Red ultra king cannot carry a Black piece (rank 1)"
    );
    let long = format!("8/8/8/8/8/8/8/8 r 0 {}", "0".repeat(2000));
    assert_eq!(
        tiers::Position::parse(&long).unwrap_err().to_string(),
        format!(
            "a TFEN has at most {} characters; this text has {}",
            tfen::MAX_TFEN_LEN,
            long.len()
        )
    );
    // The longest real TFEN is well within the limit: 12 pieces a side,
    // as many loads as possible, the largest counters.
    let mut full = Setup::empty(Red);
    for i in 0..8u8 {
        let color = if i < 4 { Red } else { Black };
        full.put(i * 8, p(color, DoubleUltra, Some(Quad))).unwrap();
    }
    full.plies_since_capture = u32::MAX;
    full.move_number = u32::MAX;
    let t = tiers::Position::from_setup(&full).unwrap().to_text();
    assert!(t.len() < tfen::MAX_TFEN_LEN / 8, "{}", t.len());
    assert_eq!(tiers::Position::parse(&t).unwrap().to_setup(), full);
}
