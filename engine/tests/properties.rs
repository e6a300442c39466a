//! Property tests (proptest): notation round trips, random playouts from
//! random positions and formations, play/undo and incremental hashes, and
//! legal moves ⇔ reading their written form, on arbitrary positions.

use proptest::prelude::*;
use tiers_engine::tiers::{Formation, Preset};
use tiers_engine::{checkers, tiers, Color, Game, Position};

// ---------------------------------------------------------------------------
// Strategies.

/// A checkers position: each square empty or holding a man or king of
/// either colour; men on their crowning row are made kings.
fn checkers_position() -> impl Strategy<Value = checkers::Position> {
    (
        proptest::collection::vec(0u8..10, 32),
        any::<bool>(),
        0u32..120,
        1u32..200,
    )
        .prop_map(|(cells, black, plies, number)| {
            let (mut rm, mut rk, mut bm, mut bk) = (0u32, 0u32, 0u32, 0u32);
            for (i, c) in cells.iter().enumerate() {
                let bit = 1u32 << i;
                match c {
                    0 => rm |= bit,
                    1 => rk |= bit,
                    2 => bm |= bit,
                    3 => bk |= bit,
                    _ => {}
                }
            }
            // Red men on 1-4 and Black men on 29-32 are kings.
            rk |= rm & 0xF;
            rm &= !0xF;
            bk |= bm & 0xF000_0000;
            bm &= !0xF000_0000;
            let side = if black { Color::Black } else { Color::Red };
            checkers::Position::from_parts(side, rm, rk, bm, bk)
                .expect("a valid arrangement")
                .with_counters(plies, number)
        })
}

/// A Tiers piece letter for a cell code, or `None` for an empty square.
fn tiers_piece(code: u8, carried: u8) -> Option<String> {
    let kinds = ['m', 'k', 't', 'q', 'u', 'd'];
    if code >= 12 {
        return None;
    }
    let red = code >= 6;
    let kind = kinds[(code % 6) as usize];
    let mut s = String::new();
    let case = |c: char| if red { c.to_ascii_uppercase() } else { c };
    s.push(case(kind));
    if matches!(kind, 'u' | 'd') && carried < 4 {
        s.push('[');
        s.push(case(kinds[carried as usize]));
        s.push(']');
    }
    Some(s)
}

/// A TFEN: each square empty (most often) or holding any piece of any
/// colour; ultra and double ultra kings sometimes carry a piece; at most
/// 12 pieces a side (a piece that would make more is left out).
fn tiers_tfen(max_density: u8) -> impl Strategy<Value = String> {
    (
        proptest::collection::vec((0u8..100, 0u8..12, 0u8..8), 64),
        0u8..=max_density,
        any::<bool>(),
        0u32..150,
        1u32..200,
    )
        .prop_map(|(cells, density, black, plies, number)| {
            let mut ranks = Vec::new();
            let mut counts = [0usize; 2];
            for rank in (0..8).rev() {
                let mut s = String::new();
                let mut run = 0;
                for file in 0..8 {
                    let (roll, code, carried) = cells[file + 8 * rank];
                    let piece = if roll < density {
                        tiers_piece(code, carried)
                    } else {
                        None
                    };
                    // Pieces the rules count: a letter each, `d` two.
                    let piece = piece.filter(|p| {
                        let side = usize::from(p.starts_with(|c: char| c.is_ascii_uppercase()));
                        let size = p.chars().filter(char::is_ascii_alphabetic).count()
                            + usize::from(p.starts_with(['d', 'D']));
                        counts[side] += size;
                        if counts[side] > 12 {
                            counts[side] -= size;
                            false
                        } else {
                            true
                        }
                    });
                    match piece {
                        None => run += 1,
                        Some(p) => {
                            if run > 0 {
                                s.push_str(&run.to_string());
                                run = 0;
                            }
                            s.push_str(&p);
                        }
                    }
                }
                if run > 0 {
                    s.push_str(&run.to_string());
                }
                ranks.push(s);
            }
            let side = if black { 'b' } else { 'r' };
            format!("{} {side} {plies} {number}", ranks.join("/"))
        })
}

fn tiers_position(max_density: u8) -> impl Strategy<Value = tiers::Position> {
    tiers_tfen(max_density).prop_map(|t| tiers::Position::parse(&t).expect("generated TFEN"))
}

fn formation(color: Color) -> impl Strategy<Value = Formation> {
    prop_oneof![
        any::<u64>().prop_map(move |seed| Formation::random(color, seed)),
        proptest::sample::select(Preset::ALL.to_vec())
            .prop_map(move |p| Formation::preset(p, color)),
    ]
}

// ---------------------------------------------------------------------------
// Checks shared by both games.

/// Every legal move leads to a distinct position ("one position, one
/// move"), and reads back from its written form (every move, or an even
/// sample of 250 in the rare positions with thousands, such as a carrying
/// double ultra king's drop-then-teleport moves, to keep the test fast).
fn check_moves<P: Position>(pos: &P) -> Result<(), TestCaseError> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut results = std::collections::HashSet::new();
    for mv in &moves {
        prop_assert!(
            results.insert(pos.play(mv)),
            "{}: two moves give the position after {}",
            pos.to_text(),
            pos.move_to_string(mv)
        );
    }
    let step = moves.len().div_ceil(250).max(1);
    for mv in moves.iter().step_by(step) {
        let text = pos.move_to_string(mv);
        let back = pos
            .parse_move(&text)
            .map_err(|e| TestCaseError::fail(format!("{}: {text} refused: {e}", pos.to_text())))?;
        prop_assert_eq!(back, *mv, "{}: {}", pos.to_text(), text);
        prop_assert_eq!(
            pos.is_capture(mv),
            !pos.captured_squares(mv).is_empty(),
            "{}: {}",
            pos.to_text(),
            text
        );
    }
    Ok(())
}

/// Plays up to `plies` random moves (chosen by `seed`) through a game
/// record, checking the hash and the undo at every step; then undoes
/// everything and checks the start is back.
fn playout<P: Position>(
    start: P,
    seed: u64,
    plies: usize,
    hash_from_scratch: impl Fn(&P) -> u64,
) -> Result<(), TestCaseError> {
    let mut game = Game::new(start.clone());
    let mut state = seed | 1;
    let mut history = vec![start.clone()];
    for _ in 0..plies {
        let legal = game.legal_moves();
        if legal.is_empty() {
            // Over: by a rule (the record says why) or only by the draw rules.
            break;
        }
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let mv = legal[(state % legal.len() as u64) as usize];
        let before = game.position().clone();
        let before_hash = before.zobrist();
        game.play(mv)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        let after = game.position().clone();
        prop_assert_eq!(
            after.zobrist(),
            hash_from_scratch(&after),
            "{}",
            after.to_text()
        );
        // Undo restores the position and its hash exactly.
        prop_assert!(game.undo());
        prop_assert_eq!(game.position(), &before);
        prop_assert_eq!(game.position().zobrist(), before_hash);
        prop_assert_eq!(game.position().to_text(), before.to_text());
        prop_assert!(game.redo());
        prop_assert_eq!(game.position(), &after);
        history.push(after);
    }
    while game.undo() {}
    prop_assert_eq!(game.position().to_text(), start.to_text());
    prop_assert_eq!(game.position().zobrist(), start.zobrist());
    // And forward again through every recorded position.
    for expected in &history[1..] {
        prop_assert!(game.redo());
        prop_assert_eq!(game.position().to_text(), expected.to_text());
    }
    Ok(())
}

fn checkers_hash(p: &checkers::Position) -> u64 {
    p.board().zobrist()
}

fn tiers_hash(p: &tiers::Position) -> u64 {
    p.compute_zobrist()
}

// ---------------------------------------------------------------------------
// Properties.

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn fen_round_trips(p in checkers_position()) {
        let text = p.to_text();
        let back = checkers::Position::parse(&text).unwrap();
        prop_assert_eq!(&back, &p);
        prop_assert_eq!(back.to_text(), text);
        prop_assert_eq!(back.zobrist(), p.zobrist());
    }

    #[test]
    fn tfen_round_trips(text in tiers_tfen(100)) {
        let p = tiers::Position::parse(&text).unwrap();
        prop_assert_eq!(p.to_text(), text.clone());
        let back = tiers::Position::parse(&p.to_text()).unwrap();
        prop_assert_eq!(back, p);
        prop_assert_eq!(back.zobrist(), p.zobrist());
        prop_assert_eq!(back.compute_zobrist(), p.zobrist());
    }

    #[test]
    fn fast_checkers_perft_agrees_with_the_generic_one(p in checkers_position()) {
        // The fast perft counts men's captures in bulk and plays quiet
        // moves from bitboards: it must agree with the move list.
        for depth in 1..=3 {
            prop_assert_eq!(
                checkers::perft(p.board(), depth),
                tiers_engine::perft::perft(&p, depth),
                "{} depth {}",
                p.to_text(),
                depth
            );
        }
    }

    #[test]
    fn checkers_moves_read_back_from_their_text(p in checkers_position()) {
        check_moves(&p)?;
    }

    #[test]
    fn tiers_moves_read_back_from_their_text(p in tiers_position(45)) {
        check_moves(&p)?;
    }

    #[test]
    fn tiers_sparse_moves_read_back_from_their_text(p in tiers_position(12)) {
        // Few pieces: ultra and double ultra kings with many actions.
        check_moves(&p)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn checkers_playouts_from_random_positions(p in checkers_position(), seed in any::<u64>()) {
        playout(p, seed, 150, checkers_hash)?;
    }

    #[test]
    fn checkers_playouts_from_the_start(seed in any::<u64>()) {
        playout(checkers::Position::start(), seed, 300, checkers_hash)?;
    }

    #[test]
    fn tiers_playouts_from_random_positions(p in tiers_position(40), seed in any::<u64>()) {
        playout(p, seed, 150, tiers_hash)?;
    }

    #[test]
    fn tiers_playouts_from_random_formations(
        red in formation(Color::Red),
        black in formation(Color::Black),
        seed in any::<u64>(),
    ) {
        let start = tiers::Position::from_formations(&red, &black);
        playout(start, seed, 300, tiers_hash)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn reading_any_text_never_panics(
        text in "\\PC{0,40}",
        fenish in "[BWbw ]:[WBK0-9,\\- ]{0,20}:[WBK0-9,\\-H ]{0,20}",
        tfenish in "[mktqudMKTQUD1-9/\\[\\] ]{0,70} [rbx] [0-9]{1,3} [0-9]{1,3}",
        moveish in "[a-i0-9]{1,3}[\\-x<>,]{1,2}[a-i0-9]{1,3}([\\-x<>,][a-h1-9]{2}){0,3}",
    ) {
        let cp = checkers::Position::start();
        let tp = tiers::Position::start();
        for t in [&text, &fenish, &tfenish, &moveish] {
            let _ = checkers::Position::parse(t);
            let _ = tiers::Position::parse(t);
            let _ = cp.parse_move(t);
            let _ = tp.parse_move(t);
            let _ = tiers_engine::pdn::read_games::<checkers::Position>(t);
            let _ = tiers_engine::pdn::read_games::<tiers::Position>(t);
        }
    }

    #[test]
    fn reading_moves_in_random_positions_never_panics(
        p in tiers_position(40),
        q in checkers_position(),
        moveish in "[a-h][1-8][\\-x<>][a-h][1-8](,[a-h][1-8][\\-x<>][a-h][1-8])?",
        cmove in "[0-9]{1,2}[\\-x][0-9]{1,2}(x[0-9]{1,2}){0,2}",
    ) {
        if let Ok(mv) = p.parse_move(&moveish) {
            let mut legal = Vec::new();
            p.legal_moves(&mut legal);
            prop_assert!(legal.contains(&mv));
        }
        if let Ok(mv) = q.parse_move(&cmove) {
            let mut legal = Vec::new();
            q.legal_moves(&mut legal);
            prop_assert!(legal.contains(&mv));
        }
    }
}
