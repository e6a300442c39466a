//! One test per rule and per Ruling of RULES.md §2 (Tiers), on hand-made
//! positions. Positions are built square by square with [`tfen`]; moves
//! are compared in their written (shortest) form.

use tiers_engine::tiers::{self, Formation, FormationError, Preset};
use tiers_engine::{Color, DrawReason, Game, Outcome, PieceKind, Position, WinReason};

/// A TFEN from `(square, piece)` pairs, e.g. `("d4", "U[K]")`, the side to
/// move (`'r'` or `'b'`) and the counters `0 1`.
fn tfen(pieces: &[(&str, &str)], side: char) -> String {
    let mut board: [[Option<&str>; 8]; 8] = [[None; 8]; 8];
    for (sq, piece) in pieces {
        let b = sq.as_bytes();
        let (file, rank) = ((b[0] - b'a') as usize, (b[1] - b'1') as usize);
        assert!(board[rank][file].is_none(), "{sq} given twice");
        board[rank][file] = Some(piece);
    }
    let mut ranks = Vec::new();
    for rank in (0..8).rev() {
        let mut s = String::new();
        let mut run = 0;
        for square in board[rank] {
            match square {
                None => run += 1,
                Some(p) => {
                    if run > 0 {
                        s.push_str(&run.to_string());
                        run = 0;
                    }
                    s.push_str(p);
                }
            }
        }
        if run > 0 {
            s.push_str(&run.to_string());
        }
        ranks.push(s);
    }
    format!("{} {side} 0 1", ranks.join("/"))
}

fn pos(text: &str) -> tiers::Position {
    tiers::Position::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Every legal move, written, sorted.
fn moves(text: &str) -> Vec<String> {
    let p = pos(text);
    let mut out = Vec::new();
    p.legal_moves(&mut out);
    let mut v: Vec<String> = out.iter().map(|m| p.move_to_string(m)).collect();
    v.sort();
    v
}

/// The legal moves starting from `square`, written, sorted.
fn moves_from(text: &str, square: &str) -> Vec<String> {
    moves(text)
        .into_iter()
        .filter(|m| m.starts_with(square))
        .collect()
}

/// The TFEN after playing `mv` (any written form).
fn after(text: &str, mv: &str) -> String {
    let p = pos(text);
    let m = p
        .parse_move(mv)
        .unwrap_or_else(|e| panic!("{text}: {mv}: {e}"));
    p.play(&m).to_text()
}

fn is_legal(text: &str, mv: &str) -> bool {
    pos(text).parse_move(mv).is_ok()
}

fn piece(text: &str, sq: &str) -> Option<(Color, PieceKind, Option<PieceKind>)> {
    let p = pos(text);
    let b = sq.as_bytes();
    let i = (b[0] - b'a') + 8 * (b[1] - b'1');
    p.piece_at(i).map(|v| (v.color, v.kind, v.carried))
}

use Color::{Black, Red};
use PieceKind::{DoubleUltra, King, Man, Quad, Triple, Ultra};

// ---------------------------------------------------------------------------
// Board, sides, formations.

#[test]
fn board_uses_all_64_squares_and_red_moves_first() {
    let start = tiers::Position::start();
    assert_eq!(start.to_text(), tiers::START_TFEN);
    assert_eq!(start.side_to_move(), Red);
    // A man on a light square (b1 in checkers terms) is fine in Tiers.
    let t = tfen(&[("b1", "M"), ("a2", "M"), ("h8", "m")], 'r');
    assert_eq!(moves_from(&t, "b1"), ["b1-b2", "b1-c2"]);
}

#[test]
fn default_formation_is_the_checkers_layout() {
    let red = Formation::default_for(Red);
    let black = Formation::default_for(Black);
    assert_eq!(red.to_string(), "a1 c1 e1 g1 b2 d2 f2 h2 a3 c3 e3 g3");
    assert_eq!(black.to_string(), "b6 d6 f6 h6 a7 c7 e7 g7 b8 d8 f8 h8");
    assert_eq!(
        tiers::Position::from_formations(&red, &black),
        tiers::Position::start()
    );
}

#[test]
fn formation_is_exactly_12_men_on_distinct_home_row_squares() {
    let err = |c, s| Formation::parse(c, s).unwrap_err().to_string();
    assert_eq!(err(Red, "a1 b1 c1"), "place 9 more men");
    assert_eq!(
        err(Red, "a1 b1 c1 d1 e1 f1 g1 h1 a2 b2 c2 d2 e2"),
        "1 man too many"
    );
    assert_eq!(
        err(Red, "a1 a4"),
        "a4 is outside Red's home rows (ranks 1–3)"
    );
    assert_eq!(
        err(Black, "a1"),
        "a1 is outside Black's home rows (ranks 6–8)"
    );
    assert_eq!(err(Red, "a1 b1 a1"), "a1 is listed twice");
    assert_eq!(
        err(Red, "a1 z9"),
        "`z9` is not a square: squares are a1 to h8"
    );
    // Every problem at once, for the formation editor.
    let problems = Formation::problems(Red, &[0, 0, 40]);
    assert_eq!(
        problems,
        [
            FormationError::Duplicate("a1".into()),
            FormationError::Outside {
                square: "a6".into(),
                color: Red
            },
            FormationError::TooFew(11),
        ]
    );
}

#[test]
fn presets_and_seeded_random_formations_are_valid() {
    for preset in Preset::ALL {
        for color in Color::ALL {
            let f = Formation::preset(preset, color);
            assert!(
                Formation::problems(color, &f.square_list()).is_empty(),
                "{preset} {color}"
            );
            assert_eq!(f.preset_name(), Some(preset));
        }
    }
    for seed in 0..200 {
        for color in Color::ALL {
            let f = Formation::random(color, seed);
            assert!(Formation::problems(color, &f.square_list()).is_empty());
            assert_eq!(
                f,
                Formation::random(color, seed),
                "same seed, same formation"
            );
        }
    }
    assert_ne!(Formation::random(Red, 1), Formation::random(Red, 2));
}

#[test]
fn start_position_is_built_from_two_formations() {
    let red = Formation::preset(Preset::Fortress, Red);
    let black = Formation::random(Black, 42);
    let p = tiers::Position::from_formations(&red, &black);
    assert_eq!(p.pieces(Red, Man), red.squares());
    assert_eq!(p.pieces(Black, Man), black.squares());
    assert_eq!(
        (p.side_to_move(), p.plies_since_capture(), p.move_number()),
        (Red, 0, 1)
    );
    assert_eq!(p.formations(), Some((red, black)));
}

// ---------------------------------------------------------------------------
// Tier 1: man.

#[test]
fn man_steps_in_its_three_forward_directions() {
    let t = tfen(&[("d4", "M"), ("h8", "m")], 'r');
    assert_eq!(moves_from(&t, "d4"), ["d4-c5", "d4-d5", "d4-e5"]);
    let b = tfen(&[("d5", "m"), ("h1", "M")], 'b');
    assert_eq!(moves_from(&b, "d5"), ["d5-c4", "d5-d4", "d5-e4"]);
    // Never sideways or backwards.
    assert!(!is_legal(&t, "d4-d3") && !is_legal(&t, "d4-c4"));
    // Not onto an occupied square.
    let t = tfen(&[("d4", "M"), ("d5", "M"), ("h8", "m")], 'r');
    assert_eq!(moves_from(&t, "d4"), ["d4-c5", "d4-e5"]);
}

#[test]
fn man_jumps_one_enemy_in_its_three_forward_directions_only() {
    let t = tfen(
        &[
            ("d4", "M"),
            ("c5", "m"),
            ("d5", "m"),
            ("e5", "m"),
            ("c4", "m"),
            ("d3", "m"),
        ],
        'r',
    );
    // Forward: over c5, d5, e5. Not over c4 (sideways) or d3 (backwards).
    assert_eq!(moves_from(&t, "d4"), ["d4xb6", "d4xd6", "d4xf6"]);
    // Not over two enemies in a line.
    let t = tfen(&[("d4", "M"), ("d5", "m"), ("d6", "m"), ("h1", "k")], 'r');
    assert_eq!(moves_from(&t, "d4"), ["d4-c5", "d4-e5"]);
}

#[test]
fn man_ending_a_move_on_its_far_row_becomes_a_king() {
    let t = tfen(&[("d7", "M"), ("a1", "m")], 'r');
    assert_eq!(piece(&after(&t, "d7-d8"), "d8"), Some((Red, King, None)));
    let b = tfen(&[("e3", "m"), ("d2", "M"), ("h8", "M")], 'b');
    assert_eq!(piece(&after(&b, "e3xc1"), "c1"), Some((Black, King, None)));
}

// ---------------------------------------------------------------------------
// Tier 2: king.

#[test]
fn king_steps_in_all_eight_directions() {
    let t = tfen(&[("d4", "K"), ("h8", "m")], 'r');
    assert_eq!(
        moves_from(&t, "d4"),
        ["d4-c3", "d4-c4", "d4-c5", "d4-d3", "d4-d5", "d4-e3", "d4-e4", "d4-e5"]
    );
}

#[test]
fn king_jumps_one_enemy_in_all_eight_directions() {
    let cases = [
        ("c3", "b2"),
        ("c4", "b4"),
        ("c5", "b6"),
        ("d3", "d2"),
        ("d5", "d6"),
        ("e3", "f2"),
        ("e4", "f4"),
        ("e5", "f6"),
    ];
    for (enemy, landing) in cases {
        let t = tfen(&[("d4", "K"), (enemy, "m"), ("h8", "m")], 'r');
        assert_eq!(moves(&t), [format!("d4x{landing}")], "over {enemy}");
    }
    // A king does not jump two enemies in a line.
    let t = tfen(&[("d4", "K"), ("d5", "m"), ("d6", "m"), ("a8", "m")], 'r');
    assert!(moves_from(&t, "d4").iter().all(|m| !m.contains('x')));
}

#[test]
fn king_ending_a_move_on_its_home_row_becomes_a_triple_king() {
    let t = tfen(&[("d2", "K"), ("h8", "m")], 'r');
    assert_eq!(piece(&after(&t, "d2-d1"), "d1"), Some((Red, Triple, None)));
    let b = tfen(&[("e6", "k"), ("e7", "M"), ("a1", "M")], 'b');
    assert_eq!(
        piece(&after(&b, "e6xe8"), "e8"),
        Some((Black, Triple, None))
    );
}

// ---------------------------------------------------------------------------
// Tier 3: triple king.

#[test]
fn triple_king_steps_and_jumps_like_a_king() {
    let t = tfen(&[("d4", "T"), ("h8", "m")], 'r');
    assert_eq!(moves_from(&t, "d4").len(), 8);
    let t = tfen(&[("d4", "T"), ("e5", "m"), ("a8", "m")], 'r');
    assert_eq!(moves_from(&t, "d4"), ["d4xf6"]);
}

#[test]
fn triple_king_jumps_two_enemies_standing_in_a_line() {
    let t = tfen(&[("a1", "T"), ("b2", "m"), ("c3", "m"), ("h8", "m")], 'r');
    let after_jump = after(&t, "a1xd4");
    assert_eq!(after_jump, tfen(&[("d4", "T"), ("h8", "m")], 'b'));
    // Both squares captured: b2 and c3 are empty.
    assert_eq!(piece(&after_jump, "b2"), None);
    assert_eq!(piece(&after_jump, "c3"), None);
}

#[test]
fn ruling_triple_king_never_jumps_an_enemy_and_a_friend_together() {
    // Enemy then friend (d5, d6), and friend then enemy (e4, f4): neither
    // is a jump. The friend on c6 keeps the man on e4 from taking d5, so
    // Red has no capture at all and the triple king's quiet moves are
    // listed: six steps, no hop (f4 is not empty).
    let t = tfen(
        &[
            ("d4", "T"),
            ("d5", "m"),
            ("d6", "M"),
            ("c6", "M"),
            ("e4", "M"),
            ("f4", "m"),
            ("a8", "m"),
        ],
        'r',
    );
    assert!(!pos(&t).has_capture());
    assert_eq!(
        moves_from(&t, "d4"),
        ["d4-c3", "d4-c4", "d4-c5", "d4-d3", "d4-e3", "d4-e5"]
    );
    assert!(!is_legal(&t, "d4xd7"));
    assert!(!is_legal(&t, "d4xg4"));
}

#[test]
fn triple_king_friendly_hop_in_any_direction_over_an_adjacent_friend() {
    let friends = ["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"];
    let mut pieces: Vec<(&str, &str)> = friends.iter().map(|&s| (s, "M")).collect();
    pieces.push(("d4", "T"));
    pieces.push(("h8", "m"));
    let t = tfen(&pieces, 'r');
    // Boxed in: no step; a hop over each friend.
    assert_eq!(
        moves_from(&t, "d4"),
        ["d4-b2", "d4-b4", "d4-b6", "d4-d2", "d4-d6", "d4-f2", "d4-f4", "d4-f6"]
    );
    // The hop captures nothing and is quiet.
    let a = after(&t, "d4-d6");
    assert_eq!(piece(&a, "d5"), Some((Red, Man, None)));
    assert_eq!(pos(&a).plies_since_capture(), 1);
}

#[test]
fn ruling_friendly_hop_only_when_the_side_has_no_capture() {
    // The triple could hop over e4, but the man on a2 can capture.
    let t = tfen(
        &[
            ("d4", "T"),
            ("e4", "M"),
            ("a2", "M"),
            ("a3", "m"),
            ("h8", "m"),
        ],
        'r',
    );
    assert_eq!(moves(&t), ["a2xa4"]);
}

#[test]
fn ruling_friendly_hop_is_a_single_hop_and_ends_the_move() {
    // After hopping d4-d6 a second hop over d7 to d8, or a jump over the
    // enemy on c7 from d6 (to b8), would be possible: neither is part of
    // the move.
    let t = tfen(
        &[
            ("d4", "T"),
            ("d5", "M"),
            ("d7", "M"),
            ("c7", "m"),
            ("h1", "m"),
        ],
        'r',
    );
    let from_d4 = moves_from(&t, "d4");
    assert!(from_d4.contains(&"d4-d6".to_string()));
    assert_eq!(from_d4.len(), 8, "{from_d4:?}");
    assert!(from_d4
        .iter()
        .all(|m| m.matches('-').count() == 1 && !m.contains(',')));
    assert!(!is_legal(&t, "d4-d6-d8"));
    assert!(!is_legal(&t, "d4-d6xb8"));
}

#[test]
fn ruling_no_friendly_hop_after_a_jump() {
    // The triple king must take d5 (landing d6); from d6 a hop over the
    // friend on d7 to d8 would be possible, but a hop never follows a jump.
    let t = tfen(&[("d4", "T"), ("d5", "m"), ("d7", "M"), ("a8", "m")], 'r');
    assert_eq!(moves(&t), ["d4xd6"]);
    assert!(!is_legal(&t, "d4xd6-d8"));
    assert!(!is_legal(&t, "d4xd6xd8"));
    assert_eq!(after(&t, "d4xd6"), "m7/3M4/3T4/8/8/8/8/8 b 0 1");
}

#[test]
fn friendly_hop_goes_over_a_stack_like_over_any_friend() {
    let t = tfen(
        &[("d4", "T"), ("d5", "U[K]"), ("e5", "D"), ("h1", "m")],
        'r',
    );
    let from_d4 = moves_from(&t, "d4");
    assert!(from_d4.contains(&"d4-d6".to_string()), "{from_d4:?}");
    assert!(from_d4.contains(&"d4-f6".to_string()), "{from_d4:?}");
}

#[test]
fn quad_king_has_no_friendly_hop() {
    let friends = ["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"];
    let mut pieces: Vec<(&str, &str)> = friends.iter().map(|&s| (s, "M")).collect();
    pieces.push(("d4", "Q"));
    pieces.push(("h8", "m"));
    let t = tfen(&pieces, 'r');
    assert!(moves_from(&t, "d4").is_empty());
}

#[test]
fn triple_king_ending_a_move_on_its_far_row_becomes_a_quad_king() {
    let t = tfen(&[("d7", "T"), ("a1", "m")], 'r');
    assert_eq!(piece(&after(&t, "d7-d8"), "d8"), Some((Red, Quad, None)));
    // A hop ending there counts too.
    let t = tfen(&[("d6", "T"), ("d7", "M"), ("a1", "m")], 'r');
    assert_eq!(piece(&after(&t, "d6-d8"), "d8"), Some((Red, Quad, None)));
}

#[test]
fn black_triple_king_on_rank_1_becomes_a_quad_king_and_quad_on_rank_8_an_ultra_king() {
    // Black's far row is rank 1, its home row rank 8; the move number goes
    // up after Black's move.
    let t = tfen(&[("e2", "t"), ("a8", "K")], 'b');
    assert_eq!(after(&t, "e2-e1"), "K7/8/8/8/8/8/8/4q3 r 1 2");
    let t = tfen(&[("e7", "q"), ("a1", "K")], 'b');
    assert_eq!(after(&t, "e7-e8"), "4u3/8/8/8/8/8/8/K7 r 1 2");
    // Not on the other row: a Black triple on rank 8 stays a triple.
    let t = tfen(&[("e7", "t"), ("a1", "K")], 'b');
    assert_eq!(after(&t, "e7-e8"), "4t3/8/8/8/8/8/8/K7 r 1 2");
}

// ---------------------------------------------------------------------------
// Tier 4: quad king.

#[test]
fn quad_king_skip_jump_over_a_gap_captures_one_enemy() {
    // d4: d5 empty, d6 enemy, d7 empty: lands on d7.
    let t = tfen(&[("d4", "Q"), ("d6", "m"), ("a8", "m")], 'r');
    assert_eq!(moves_from(&t, "d4"), ["d4xd7"]);
    let a = after(&t, "d4xd7");
    assert_eq!(piece(&a, "d6"), None);
    assert_eq!(pos(&a).plies_since_capture(), 0);
    // Not when the landing square is taken, nor over two empties.
    let t = tfen(&[("d4", "Q"), ("d6", "m"), ("d7", "m"), ("a8", "m")], 'r');
    assert!(!moves_from(&t, "d4").iter().any(|m| m.contains('x')));
}

#[test]
fn quad_king_skip_is_over_exactly_one_empty_square_and_not_a_blocked_one() {
    // a1: b2 and c3 empty, d4 enemy, e5 empty: the enemy is two squares
    // off, not one; no skip, and no capture at all: only the steps.
    let t = tfen(&[("a1", "Q"), ("d4", "m")], 'r');
    assert_eq!(moves(&t), ["a1-a2", "a1-b1", "a1-b2"]);
    // One square nearer it is a skip, and compulsory.
    let t = tfen(&[("b2", "Q"), ("d4", "m")], 'r');
    assert_eq!(moves(&t), ["b2xe5"]);
    // First square taken by a friend (b1), enemy on c1, d1 empty: no skip
    // (and no hop for a quad king), so no capture anywhere.
    let t = tfen(&[("a1", "Q"), ("b1", "M"), ("c1", "m")], 'r');
    assert_eq!(moves_from(&t, "a1"), ["a1-a2", "a1-b2"]);
    assert!(!is_legal(&t, "a1xd1"));
}

#[test]
fn quad_king_jumps_one_or_two_enemies_like_a_triple_king() {
    let t = tfen(
        &[
            ("a1", "Q"),
            ("b1", "m"),
            ("a2", "m"),
            ("a3", "m"),
            ("h8", "m"),
        ],
        'r',
    );
    assert_eq!(moves_from(&t, "a1"), ["a1xa4", "a1xc1"]);
}

#[test]
fn quad_king_ending_a_move_on_its_home_row_becomes_an_ultra_king() {
    let t = tfen(&[("d2", "Q"), ("h8", "m")], 'r');
    assert_eq!(piece(&after(&t, "d2-d1"), "d1"), Some((Red, Ultra, None)));
}

// ---------------------------------------------------------------------------
// Multi-jumps.

#[test]
fn multi_jump_must_go_on_and_the_player_chooses_the_continuation() {
    // After d4xd6 the king can go on over c7 or e7: two moves, and no
    // stopping at d6.
    let t = tfen(
        &[
            ("d4", "K"),
            ("d5", "m"),
            ("c7", "m"),
            ("e7", "m"),
            ("h1", "m"),
        ],
        'r',
    );
    assert_eq!(moves_from(&t, "d4"), ["d4xd6xb8", "d4xd6xf8"]);
    assert!(!is_legal(&t, "d4xd6"));
}

#[test]
fn multi_jump_mixes_jump_kinds_and_changes_direction() {
    // Quad: skip jump d1-d4 over d3, then a double jump east over e4 f4.
    let t = tfen(
        &[
            ("d1", "Q"),
            ("d3", "m"),
            ("e4", "m"),
            ("f4", "m"),
            ("a8", "m"),
        ],
        'r',
    );
    assert_eq!(moves_from(&t, "d1"), ["d1xd4xg4"]);
}

#[test]
fn ruling_jumped_pieces_leave_the_board_at_once() {
    // Triple on a1: double jump over b1 c1 to d1, north over d2, west over
    // c3, then south over b2 onto b1 — the square of a piece it captured
    // earlier in the same move, empty since.
    let t = tfen(
        &[
            ("a1", "T"),
            ("b1", "m"),
            ("c1", "m"),
            ("d2", "m"),
            ("c3", "m"),
            ("b2", "m"),
        ],
        'r',
    );
    let a = after(&t, "a1xd1xd3xb3xb1");
    assert_eq!(a, tfen(&[("b1", "T")], 'b'));
}

#[test]
fn ruling_upgrade_only_where_the_whole_move_ends() {
    // A Red king jumps onto rank 1 (its home row) and on to rank 3: it
    // stays a king. On rank 1 it keeps king powers: no double jump
    // over b1 a1... (a triple's power) is taken mid-move.
    let t = tfen(&[("c3", "K"), ("c2", "m"), ("d1", "m"), ("h8", "m")], 'r');
    // c3 x c1 (over c2), then c1 x e1 (over d1): ends on rank 1: triple.
    assert_eq!(moves_from(&t, "c3"), ["c3xc1xe1"]);
    assert_eq!(
        piece(&after(&t, "c3xc1xe1"), "e1"),
        Some((Red, Triple, None))
    );

    let t = tfen(&[("c3", "K"), ("c2", "m"), ("b2", "m"), ("h8", "m")], 'r');
    // Passes c1 (home row) and ends on a3: still a king. (Over b2 straight
    // to a1 ends on the home row: a triple.)
    assert_eq!(moves_from(&t, "c3"), ["c3xa1", "c3xc1xa3"]);
    assert_eq!(piece(&after(&t, "c3xa1"), "a1"), Some((Red, Triple, None)));
    assert_eq!(piece(&after(&t, "c3xc1xa3"), "a3"), Some((Red, King, None)));

    // Keeps its powers: on c1 mid-move a triple could double-jump d1 e1
    // and land on f1; the king cannot, so its move ends on c1 (and only
    // then becomes a triple).
    let t = tfen(
        &[
            ("c3", "K"),
            ("c2", "m"),
            ("d1", "m"),
            ("e1", "m"),
            ("h8", "m"),
        ],
        'r',
    );
    assert_eq!(moves_from(&t, "c3"), ["c3xc1"]);
    assert_eq!(piece(&after(&t, "c3xc1"), "c1"), Some((Red, Triple, None)));
}

// ---------------------------------------------------------------------------
// Tier 5: ultra king.

#[test]
fn ultra_king_teleports_to_any_empty_square_and_does_not_step_or_jump() {
    let t = tfen(&[("d4", "U"), ("h8", "m"), ("h6", "m")], 'r');
    let m = moves_from(&t, "d4");
    assert_eq!(m.len(), 64 - 3, "{m:?}");
    assert!(m.iter().all(|m| m.len() == 5 && &m[2..3] == "-"));
    // Not adjacent to the enemies: nothing to consume; h6-h8 are two away,
    // and an ultra king never jumps.
    let t = tfen(&[("d4", "U"), ("d6", "m"), ("a8", "m")], 'r');
    assert!(!moves_from(&t, "d4").iter().any(|m| m.contains('x')));
}

#[test]
fn ultra_king_consumes_one_adjacent_enemy_and_does_not_chain() {
    let t = tfen(&[("d4", "U"), ("e5", "m"), ("f6", "m"), ("a8", "k")], 'r');
    assert_eq!(moves(&t), ["d4xe5"]);
    let a = after(&t, "d4xe5");
    assert_eq!(a, "k7/8/5m2/4U3/8/8/8/8 b 0 1");
    // Whole stacks are consumed.
    let t = tfen(&[("d4", "U"), ("e5", "u[k]"), ("a8", "k")], 'r');
    assert_eq!(after(&t, "d4xe5"), "k7/8/8/4U3/8/8/8/8 b 0 1");
}

#[test]
fn ultra_king_loads_an_adjacent_friend_without_moving() {
    let t = tfen(&[("d4", "U"), ("e4", "K"), ("c3", "T"), ("h8", "m")], 'r');
    let m = moves_from(&t, "d4");
    assert!(
        m.contains(&"d4<e4".to_string()) && m.contains(&"d4<c3".to_string()),
        "{m:?}"
    );
    let a = after(&t, "d4<e4");
    assert_eq!(piece(&a, "d4"), Some((Red, Ultra, Some(King))));
    assert_eq!(piece(&a, "e4"), None);
    // Enemies are consumed, not loaded.
    let t = tfen(&[("d4", "U"), ("e4", "k"), ("h8", "m")], 'r');
    assert!(!is_legal(&t, "d4<e4"));
}

#[test]
fn ruling_only_a_piece_that_carries_nothing_is_loaded() {
    let t = tfen(&[("d4", "U"), ("e4", "U[M]"), ("h8", "m")], 'r');
    assert!(!is_legal(&t, "d4<e4"));
    assert!(!is_legal(&t, "e4<d4"));
}

#[test]
fn ruling_an_ultra_king_carrying_a_piece_cannot_load_another() {
    let t = tfen(&[("d4", "U[M]"), ("e4", "K"), ("h8", "m")], 'r');
    assert!(!is_legal(&t, "d4<e4"));
}

#[test]
fn ruling_an_ultra_king_is_loaded_only_to_merge_into_a_double_ultra_king() {
    let t = tfen(&[("d4", "U"), ("e4", "U"), ("h8", "m")], 'r');
    let a = after(&t, "d4<e4");
    assert_eq!(piece(&a, "d4"), Some((Red, DoubleUltra, None)));
    assert_eq!(piece(&a, "e4"), None);
    // A carried piece is always of tier 1-4: a TFEN saying otherwise is refused.
    let err = tiers::Position::parse("8/8/8/8/3U[U]4/8/8/8 r 0 1").unwrap_err();
    assert_eq!(
        err.to_string(),
        "a carried piece must be of tier 1–4 (rank 4)"
    );
}

#[test]
fn ultra_king_drops_its_load_on_any_empty_square() {
    let t = tfen(&[("d4", "U[K]"), ("h8", "m")], 'r');
    let m = moves_from(&t, "d4");
    assert_eq!(m.len(), 62, "every empty square");
    assert!(m.iter().all(|m| &m[2..3] == ">"));
    let a = after(&t, "d4>f6");
    assert_eq!(piece(&a, "d4"), Some((Red, Ultra, None)));
    assert_eq!(piece(&a, "f6"), Some((Red, King, None)));
}

#[test]
fn drop_on_the_dropped_piece_target_row_upgrades_it() {
    // Man dropped on rank 8 (its far row): king. King dropped on rank 1
    // (its home row): triple. Quad on rank 1: ultra.
    let t = tfen(&[("d4", "U[M]"), ("h8", "m")], 'r');
    assert_eq!(piece(&after(&t, "d4>a8"), "a8"), Some((Red, King, None)));
    let t = tfen(&[("d4", "U[K]"), ("h8", "m")], 'r');
    assert_eq!(piece(&after(&t, "d4>a1"), "a1"), Some((Red, Triple, None)));
    assert_eq!(piece(&after(&t, "d4>a8"), "a8"), Some((Red, King, None)));
    let t = tfen(&[("d4", "U[Q]"), ("h8", "m")], 'r');
    assert_eq!(piece(&after(&t, "d4>a1"), "a1"), Some((Red, Ultra, None)));
    let t = tfen(&[("d4", "u[m]"), ("h8", "M")], 'b');
    assert_eq!(piece(&after(&t, "d4>a1"), "a1"), Some((Black, King, None)));
}

#[test]
fn a_triple_king_dropped_on_its_far_row_becomes_a_quad_king() {
    let t = tfen(&[("d4", "U[T]"), ("h1", "m")], 'r');
    assert_eq!(after(&t, "d4>c8"), "2Q5/8/8/8/3U4/8/8/7m b 1 1");
    // On its home row it stays a triple king.
    assert_eq!(after(&t, "d4>c1"), "8/8/8/8/3U4/8/8/2T4m b 1 1");
    // Black's far row is rank 1.
    let t = tfen(&[("d4", "d[t]"), ("h8", "M")], 'b');
    assert_eq!(after(&t, "d4>c1"), "7M/8/8/8/3d4/8/8/2q5 r 1 2");
}

#[test]
fn ruling_a_dropped_piece_does_nothing_more_that_turn() {
    // The man dropped next to an enemy does not capture it in the same
    // move: the drop is the whole move, Black is to move.
    let t = tfen(&[("a1", "U[M]"), ("e5", "m"), ("h8", "m")], 'r');
    let a = after(&t, "a1>e4");
    assert_eq!(pos(&a).side_to_move(), Black);
    assert_eq!(piece(&a, "e5"), Some((Black, Man, None)));
    assert!(!is_legal(&t, "a1>e4,e4xe6"));
    // Nor when a double ultra king drops it: its second action is its own.
    let t = tfen(&[("a1", "D[M]"), ("e5", "m"), ("h8", "m")], 'r');
    assert!(!is_legal(&t, "a1>e4,e4xe6"));
    assert!(!is_legal(&t, "a1>e4,e4-e5"));
    assert!(is_legal(&t, "a1>e4,a1-b1"));
}

#[test]
fn ruling_a_carrying_ultra_king_can_only_drop() {
    // Next to an enemy: no consume (and so no compulsory capture), no
    // teleport, no load: only drops.
    let t = tfen(
        &[("d4", "U[M]"), ("e5", "m"), ("c4", "K"), ("a8", "m")],
        'r',
    );
    let m = moves_from(&t, "d4");
    assert!(!m.is_empty());
    assert!(m.iter().all(|m| &m[2..3] == ">"), "{m:?}");
    // The king on c4 may step: the side has no capture.
    assert!(is_legal(&t, "c4-b4"));
    // Same for a carrying double ultra king: its first action is a drop.
    let t = tfen(&[("d4", "D[M]"), ("h8", "m")], 'r');
    let m = moves_from(&t, "d4");
    assert!(m.contains(&"d4>a1".to_string()), "{m:?}");
    assert!(m.contains(&"d4>a1,d4-h1".to_string()), "{m:?}");
    assert!(m.iter().all(|m| &m[2..3] == ">"), "{m:?}");
}

#[test]
fn loads_and_drops_are_refused_when_the_side_has_a_capture() {
    // The man on a2 can take a3: the ultra king may not load e4.
    let t = tfen(&[("d4", "U"), ("e4", "K"), ("a2", "M"), ("a3", "m")], 'r');
    assert_eq!(moves(&t), ["a2xa4"]);
    assert!(!is_legal(&t, "d4<e4"));
    // Nor may a carrying ultra king drop.
    let t = tfen(&[("d4", "U[K]"), ("a2", "M"), ("a3", "m")], 'r');
    assert_eq!(moves(&t), ["a2xa4"]);
    assert!(!is_legal(&t, "d4>h1"));
    // Without the capture both are moves.
    let t = tfen(&[("d4", "U"), ("e4", "K"), ("a2", "M"), ("h8", "m")], 'r');
    assert!(is_legal(&t, "d4<e4"));
    let t = tfen(&[("d4", "U[K]"), ("a2", "M"), ("h8", "m")], 'r');
    assert!(is_legal(&t, "d4>h1"));
}

// ---------------------------------------------------------------------------
// Double ultra king.

#[test]
fn double_ultra_king_takes_one_or_two_actions() {
    // Teleport next to an enemy, then consume it.
    let t = tfen(&[("a1", "D"), ("h8", "m"), ("e5", "m")], 'r');
    let a = after(&t, "a1-d4,d4xe5");
    assert_eq!(a, tfen(&[("e5", "D"), ("h8", "m")], 'b'));
    assert_eq!(pos(&a).plies_since_capture(), 0);
    // One action is a move too.
    assert!(is_legal(&t, "a1-b1"));
    // Teleport then load.
    let t = tfen(&[("a1", "D"), ("c6", "K"), ("h8", "m")], 'r');
    let a = after(&t, "a1-c5,c5<c6");
    assert_eq!(piece(&a, "c5"), Some((Red, DoubleUltra, Some(King))));
}

#[test]
fn ruling_double_ultra_first_action_obeys_mandatory_capture() {
    // The man on a2 can capture: the double ultra king may not teleport
    // first (even to consume afterwards).
    let t = tfen(
        &[
            ("a2", "M"),
            ("a3", "m"),
            ("d4", "D"),
            ("h8", "m"),
            ("g8", "m"),
        ],
        'r',
    );
    assert_eq!(moves(&t), ["a2xa4"]);
    // When it can consume, it must (first action), and may not teleport:
    // d4xe5 alone, or followed by a teleport to any of the 62 empty
    // squares (no load: no friend; no consume: h8 is not adjacent to e5).
    let t = tfen(&[("d4", "D"), ("e5", "m"), ("h8", "m")], 'r');
    let m = moves(&t);
    assert_eq!(m.len(), 63, "{m:?}");
    assert!(m.contains(&"d4xe5".to_string()));
    assert!(m.contains(&"d4xe5,e5-d4".to_string()));
    assert!(m.iter().all(|m| m.starts_with("d4xe5")), "{m:?}");
}

#[test]
fn ruling_double_ultra_second_action_is_optional_unless_it_can_consume() {
    // After consuming e5, f6 is adjacent: it must consume again.
    let t = tfen(&[("d4", "D"), ("e5", "m"), ("f6", "m"), ("a8", "m")], 'r');
    assert_eq!(moves(&t), ["d4xe5,e5xf6"]);
    assert!(!is_legal(&t, "d4xe5"));
    // After consuming e5 with nothing adjacent: stop, teleport or load.
    let t = tfen(&[("d4", "D"), ("e5", "m"), ("e6", "K"), ("a8", "m")], 'r');
    let m = moves(&t);
    assert!(m.contains(&"d4xe5".to_string()));
    assert!(m.contains(&"d4xe5,e5-h1".to_string()));
    assert!(m.contains(&"d4xe5,e5<e6".to_string()));
    // A double ultra king that teleports next to an enemy must consume it.
    let t = tfen(&[("a1", "D"), ("e5", "m"), ("a8", "m")], 'r');
    assert!(
        !is_legal(&t, "a1-d4"),
        "teleporting next to e5 alone is not a move"
    );
    assert!(is_legal(&t, "a1-d4,d4xe5"));
}

#[test]
fn ruling_double_ultra_king_never_loads_nor_is_loaded_by_an_ultra_king() {
    let t = tfen(&[("d4", "D"), ("e4", "U"), ("c4", "D"), ("h8", "m")], 'r');
    assert!(!is_legal(&t, "d4<e4"));
    assert!(!is_legal(&t, "e4<d4"));
    assert!(!is_legal(&t, "d4<c4"));
    // It loads and carries tiers 1-4.
    let t = tfen(&[("d4", "D"), ("e4", "Q"), ("h8", "m")], 'r');
    assert_eq!(
        piece(&after(&t, "d4<e4"), "d4"),
        Some((Red, DoubleUltra, Some(Quad)))
    );
}

#[test]
fn carrying_double_ultra_king_drops_then_may_act_again() {
    let t = tfen(&[("d4", "D[K]"), ("h8", "m")], 'r');
    let a = after(&t, "d4>a1,d4-g7");
    assert_eq!(piece(&a, "a1"), Some((Red, Triple, None)));
    assert_eq!(piece(&a, "g7"), Some((Red, DoubleUltra, None)));
    // Next to an enemy after the drop, the second action must consume: a
    // drop on any of the 61 empty squares, then d4xe5.
    let t = tfen(&[("d4", "D[K]"), ("e5", "m"), ("h8", "m")], 'r');
    let m = moves(&t);
    assert_eq!(m.len(), 61, "{m:?}");
    assert!(m.contains(&"d4>a1,d4xe5".to_string()));
    assert!(m.iter().all(|m| m.ends_with(",d4xe5")), "{m:?}");
}

#[test]
fn ruling_a_piece_dropped_in_the_first_action_cannot_be_loaded_by_the_second() {
    let t = tfen(&[("d4", "D[K]"), ("h8", "m")], 'r');
    assert!(!is_legal(&t, "d4>e4,d4<e4"));
    // Another adjacent friend can be.
    let t = tfen(&[("d4", "D[K]"), ("c4", "M"), ("h8", "m")], 'r');
    assert!(is_legal(&t, "d4>e4,d4<c4"));
}

#[test]
fn ruling_a_move_must_change_the_board() {
    // Load and drop back, teleport away and back: not moves.
    let t = tfen(&[("d4", "D"), ("e4", "K"), ("h8", "m")], 'r');
    assert!(!is_legal(&t, "d4<e4,d4>e4"));
    assert!(!is_legal(&t, "d4-a1,a1-d4"));
    // Load and drop back where the drop upgrades does change the board.
    let t = tfen(&[("d2", "D"), ("d1", "K"), ("h8", "m")], 'r');
    assert!(is_legal(&t, "d2<d1,d2>d1"));
    assert_eq!(
        piece(&after(&t, "d2<d1,d2>d1"), "d1"),
        Some((Red, Triple, None))
    );
}

#[test]
fn ruling_teleport_then_teleport_is_the_single_teleport() {
    let t = tfen(&[("d4", "D"), ("h8", "m")], 'r');
    let m = moves(&t);
    // One move per position: 61 teleports (not to h8's neighbours g8 g7
    // h7, where a consume would be compulsory), and no two-teleport move
    // to a safe square.
    assert!(m.contains(&"d4-a1".to_string()));
    assert!(!m
        .iter()
        .any(|m| m.starts_with("d4-") && m.contains(",") && m.ends_with("-a1")));
    // Reading accepts every form and gives the same move.
    let p = pos(&t);
    assert_eq!(
        p.parse_move("d4-b2,b2-a1").unwrap(),
        p.parse_move("d4-a1").unwrap()
    );
    assert_eq!(
        p.move_to_string(&p.parse_move("d4-b2,b2-a1").unwrap()),
        "d4-a1"
    );
}

#[test]
fn ruling_shortest_form_ties_are_broken_alphabetically() {
    // Teleporting next to h8 and consuming it can pass through g7, g8 or
    // h7: one move, written with the first of them by name.
    let t = tfen(&[("d4", "D"), ("h8", "m")], 'r');
    let m = moves(&t);
    let consumes: Vec<&String> = m.iter().filter(|m| m.ends_with("xh8")).collect();
    assert_eq!(consumes, ["d4-g7,g7xh8"]);
    let p = pos(&t);
    assert_eq!(
        p.parse_move("d4-h7,h7xh8").unwrap(),
        p.parse_move("d4-g7,g7xh8").unwrap()
    );
    // A square next to h8 is reached by two teleports through the first
    // safe square by name (a1).
    assert!(m.contains(&"d4-a1,a1-g8".to_string()), "{m:?}");
    assert!(is_legal(&t, "d4-e4,e4-g8"));
}

#[test]
fn ruling_two_kings_jumping_round_to_their_start_make_one_move() {
    // Both Black kings can take the four men and come back: e1 by e3, e5,
    // g3; f1 by d3, f5, f3. The two positions are the same, so it is one
    // move, written in its first form (random-games found the engine
    // listing it twice: game 195169 of seed 2026).
    let t = tfen(
        &[
            ("e1", "k"),
            ("f1", "k"),
            ("e2", "M"),
            ("f2", "M"),
            ("e4", "M"),
            ("f4", "M"),
            ("a8", "M"),
        ],
        'b',
    );
    assert_eq!(after(&t, "e1xe3xe5xg3xe1"), after(&t, "f1xd3xf5xf3xf1"));
    let m = moves(&t);
    assert!(m.contains(&"e1xe3xe5xg3xe1".to_string()), "{m:?}");
    assert!(!m.contains(&"f1xd3xf5xf3xf1".to_string()), "{m:?}");
    assert!(!m.contains(&"f1xf3xf5xd3xf1".to_string()), "{m:?}");
    // Every move leads to its own position.
    let p = pos(&t);
    let results: std::collections::HashSet<String> = m.iter().map(|mv| after(&t, mv)).collect();
    assert_eq!(results.len(), m.len());
    // The f1 king's paths are forms of that move, read as it.
    let mv = p.parse_move("e1xe3xe5xg3xe1").unwrap();
    assert_eq!(p.parse_move("f1xd3xf5xf3xf1").unwrap(), mv);
    assert_eq!(p.parse_move("f1xf3xf5xd3xf1").unwrap(), mv);
    let forms = p.move_forms(&mv);
    assert_eq!(forms[0], "e1xe3xe5xg3xe1");
    assert!(forms.contains(&"f1xd3xf5xf3xf1".to_string()), "{forms:?}");
    // The same in the positions the random games reached.
    for found in [
        "m4mm1/3m2m1/1mmm1m1m/8/3MMM2/8/2M1MM1M/4kk1M b 1 8",
        // Game 210991: the quad king on c7 round to c7, the same position
        // as another piece's jump.
        "Q6m/2q2t1K/2U[Q]K4/1t6/1uUK1k2/1u[m]5D/3kuD1m/1K6 b 0 1",
    ] {
        tiers_engine::reference::tiers::compare(&pos(found)).unwrap();
    }
}

#[test]
fn one_position_one_move_across_different_pieces() {
    // A double ultra king loading the man on e4 and dropping it on e5
    // gives the same position as the man stepping e4-e5: one move, the
    // step (fewest actions).
    let t = tfen(&[("d4", "D"), ("e4", "M"), ("h1", "m")], 'r');
    let m = moves(&t);
    assert!(m.contains(&"e4-e5".to_string()));
    assert!(!m.contains(&"d4<e4,d4>e5".to_string()));
    let p = pos(&t);
    assert_eq!(
        p.parse_move("d4<e4,d4>e5").unwrap(),
        p.parse_move("e4-e5").unwrap()
    );
}

// ---------------------------------------------------------------------------
// Stacks and mandatory capture.

#[test]
fn stacks_are_captured_whole() {
    // A man jumps a double ultra king; a king jumps a carrying ultra king.
    let t = tfen(
        &[("d4", "M"), ("d5", "d"), ("a8", "u[q]"), ("h1", "M")],
        'r',
    );
    let a = after(&t, "d4xd6");
    assert_eq!(piece(&a, "d5"), None);
    let t = tfen(&[("d4", "K"), ("e4", "u[q]"), ("a8", "m")], 'r');
    let a = after(&t, "d4xf4");
    assert_eq!(a, tfen(&[("f4", "K"), ("a8", "m")], 'b'));
}

#[test]
fn capture_is_mandatory_including_consumes() {
    // The ultra king can consume: the men may not step, nothing may teleport.
    let t = tfen(
        &[
            ("d4", "U"),
            ("e5", "m"),
            ("a2", "M"),
            ("h2", "U"),
            ("a8", "m"),
        ],
        'r',
    );
    assert_eq!(moves(&t), ["d4xe5"]);
}

#[test]
fn free_choice_among_captures_not_the_most_pieces() {
    // The man can take one piece; the king can take two: both are legal.
    let t = tfen(
        &[
            ("a2", "M"),
            ("a3", "m"),
            ("e4", "K"),
            ("e5", "m"),
            ("e7", "m"),
            ("h1", "m"),
        ],
        'r',
    );
    assert_eq!(moves(&t), ["a2xa4", "e4xe6xe8"]);
}

// ---------------------------------------------------------------------------
// Counters.

#[test]
fn plies_since_capture_resets_on_every_capture_and_counts_other_moves() {
    let mut t = tiers::Position::parse("8/8/8/4m3/8/8/8/D6K r 17 9").unwrap();
    // A quiet move: +1.
    let quiet = t.play(&t.parse_move("h1-h2").unwrap());
    assert_eq!(quiet.plies_since_capture(), 18);
    // A double ultra king's second-action consume resets it.
    t = t.play(&t.parse_move("a1-d4,d4xe5").unwrap());
    assert_eq!(t.plies_since_capture(), 0);
}

#[test]
fn move_number_goes_up_after_black_moves() {
    let p = tiers::Position::start();
    let a = p.play(&p.parse_move("e3-e4").unwrap());
    assert_eq!(a.move_number(), 1);
    let b = a.play(&a.parse_move("d6-d5").unwrap());
    assert_eq!(b.move_number(), 2);
    assert!(b.to_text().ends_with(" r 2 2"), "{}", b.to_text());
}

#[test]
fn move_lists_ignore_the_draw_rules() {
    // 150 plies without capture: the moves are still listed.
    let p = tiers::Position::parse("8/8/8/8/8/8/8/K6k r 150 90").unwrap();
    let mut out = Vec::new();
    p.legal_moves(&mut out);
    assert_eq!(out.len(), 3);
}

// ---------------------------------------------------------------------------
// End of the game.

#[test]
fn a_side_that_cannot_move_loses() {
    // A Red man on rank 7 blocked by Black men ahead: no move at all.
    let t = tfen(&[("d7", "M"), ("c8", "m"), ("d8", "m"), ("e8", "m")], 'r');
    assert!(moves(&t).is_empty());
    let game = Game::new(pos(&t));
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Black,
            reason: WinReason::NoLegalMove
        })
    );
}

#[test]
fn a_side_without_pieces_loses() {
    let t = tfen(&[("d4", "U"), ("e5", "m")], 'r');
    let mut game = Game::new(pos(&t));
    game.play_text("d4xe5").unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Red,
            reason: WinReason::NoPieces
        })
    );
}

#[test]
fn threefold_repetition_of_the_whole_position_is_a_draw() {
    let t = tfen(&[("d4", "K"), ("h5", "k")], 'r');
    let mut game = Game::new(pos(&t));
    for mv in [
        "d4-d5", "h5-h4", "d5-d4", "h4-h5", "d4-d5", "h5-h4", "d5-d4",
    ] {
        game.play_text(mv).unwrap();
        assert_eq!(game.outcome(), None, "after {mv}");
    }
    game.play_text("h4-h5").unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::ThreefoldRepetition
        })
    );
}

#[test]
fn repetitions_are_counted_in_this_game_whatever_the_start_counter_says() {
    // The start says 96 plies since a capture, more than the game has
    // positions: repetitions are looked for among the game's own
    // positions since its last capture, and the 100-ply draw comes at 4.
    let mut game = Game::new(pos("8/8/6k1/8/8/1K6/8/8 r 96 1"));
    for mv in ["b3-c3", "g6-f6", "c3-b3"] {
        game.play_text(mv).unwrap();
        assert_eq!(game.repetitions(), 1);
        assert_eq!(game.outcome(), None);
    }
    game.play_text("f6-g6").unwrap();
    assert_eq!(game.repetitions(), 2);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::HundredPlies
        })
    );
}

#[test]
fn threefold_repetition_counts_only_positions_with_the_same_side_to_move() {
    // Kings on b3 and g6: the board comes back after plies 4 (Red to
    // move), 9 and 13 (Black to move, after Red's triangle b3-b4-c4-b3):
    // four times, but never three times with the same side to move.
    let t = tfen(&[("b3", "K"), ("g6", "k")], 'r');
    let start = pos(&t);
    let mut game = Game::new(start);
    let moves = [
        "b3-c3", "g6-f6", "c3-b3", "f6-g6", "b3-b4", "g6-f6", "b4-c4", "f6-g6", "c4-b3", "g6-f6",
        "b3-c3", "f6-g6", "c3-b3",
    ];
    let mut same_board = 1;
    for mv in moves {
        game.play_text(mv).unwrap();
        assert_eq!(game.outcome(), None, "after {mv}");
        if game.position().with_side(Red) == start {
            same_board += 1;
        }
    }
    assert_eq!(same_board, 4);
    assert_eq!(game.position().side_to_move(), Black);
    assert_eq!(game.repetitions(), 2);
    // The third time with Black to move is the draw.
    for mv in ["g6-f6", "b3-c3", "f6-g6"] {
        game.play_text(mv).unwrap();
        assert_eq!(game.outcome(), None, "after {mv}");
    }
    game.play_text("c3-b3").unwrap();
    assert_eq!(game.repetitions(), 3);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::ThreefoldRepetition
        })
    );
}

#[test]
fn positions_differing_only_in_what_is_carried_are_not_the_same() {
    // The ultra king loads and drops the man; the position where it
    // carries the man is different from the one where the man stands next
    // to it.
    let t = tfen(&[("d4", "U"), ("e4", "M"), ("h5", "k")], 'r');
    // The same pieces, the man carried or standing beside.
    let carrying = pos(&after(&t, "d4<e4"));
    let beside = pos(&t).with_side(Black);
    assert_ne!(carrying, beside);
    assert_ne!(carrying.zobrist(), beside.zobrist());
    // Going round: load, drop back, load... the carrying positions and the
    // plain ones repeat separately.
    let mut game = Game::new(pos(&t));
    let seq = [
        "d4<e4", "h5-h4", "d4>e4", "h4-h5", "d4<e4", "h5-h4", "d4>e4", "h4-h5",
    ];
    let expected = [1, 1, 1, 2, 2, 2, 2, 3];
    for (mv, n) in seq.iter().zip(expected) {
        game.play_text(mv).unwrap();
        assert_eq!(game.repetitions(), n, "after {mv}");
    }
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::ThreefoldRepetition
        })
    );
}

#[test]
fn a_hundred_plies_without_capture_is_a_draw() {
    let start = tiers::Position::parse("8/8/8/8/8/8/8/K6k r 99 60").unwrap();
    let mut game = Game::new(start);
    assert_eq!(game.outcome(), None);
    game.play_text("a1-a2").unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::HundredPlies
        })
    );
}

#[test]
fn resignation_and_agreed_draw_end_the_game() {
    let mut game = Game::new(tiers::Position::start());
    game.play_text("e3-e4").unwrap();
    game.resign(Black);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Red,
            reason: WinReason::Resignation
        })
    );
    assert!(game.legal_moves().is_empty());
    assert!(game.play_text("d6-d5").is_err());
    game.undo(); // takes back the resignation
    assert_eq!(game.outcome(), None);
    game.agree_draw();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Agreement
        })
    );
}

#[test]
fn game_record_undo_redo_and_legal_moves() {
    let mut game = Game::new(tiers::Position::start());
    assert_eq!(game.legal_moves().len(), 19);
    game.play_text("e3-e4").unwrap();
    game.play_text("d6-d5").unwrap();
    assert!(game.undo());
    assert_eq!(game.ply(), 1);
    assert!(game.can_redo());
    assert!(game.redo());
    assert_eq!(game.move_texts(), ["e3-e4", "d6-d5"]);
    game.undo();
    game.play_text("f6-f5").unwrap(); // a new branch drops the undone move
    assert!(!game.can_redo());
    assert_eq!(game.move_texts(), ["e3-e4", "f6-f5"]);
    assert_eq!(game.start(), &tiers::Position::start());
}

// ---------------------------------------------------------------------------
// Notation.

#[test]
fn tfen_is_read_and_written_as_in_the_rules() {
    let text = "3u[k]4/8/8/8/3D[M]4/8/8/U[Q]6t b 12 40";
    assert_eq!(pos(text).to_text(), text);
    assert_eq!(piece(text, "d4"), Some((Red, DoubleUltra, Some(Man))));
    assert_eq!(piece(text, "d8"), Some((Black, Ultra, Some(King))));
    assert_eq!(piece(text, "a1"), Some((Red, Ultra, Some(Quad))));
    assert_eq!(piece(text, "h1"), Some((Black, Triple, None)));
    assert_eq!(pos(text).move_number(), 40);
    let cases = [
        ("8/8/9/8/8/8/8/8 r 0 1", "rank 6 has 9 squares"),
        ("8/8/8/8/8/5m3/8/8 r 0 1", "rank 3 has 9 squares"),
        ("8/8/8/8/8/8/8/7 r 0 1", "rank 1 has 7 squares"),
        (
            "8/8/8/8/8/8/8 r 0 1",
            "the board has 7 ranks; expected 8 separated by `/`",
        ),
        ("8/8/8/8/8/8/8/7x r 0 1", "unknown piece 'x' on rank 1"),
        (
            "8/8/8/8/8/8/8/K[M]7 r 0 1",
            "a king cannot carry a piece (rank 1): only ultra and double ultra kings carry",
        ),
        (
            "8/8/8/8/8/8/8/8 g 0 1",
            "the side to move must be `r` or `b`, not `g`",
        ),
        (
            "8/8/8/8/8/8/8/8 r x 1",
            "plies since capture must be a whole number, not `x`",
        ),
        (
            "8/8/8/8/8/8/8/8 r 0 x",
            "the move number must be a whole number from 1, not `x`",
        ),
        (
            "8/8/8/8/8/8/8/8 r 0 0",
            "the move number must be at least 1",
        ),
        (
            "8/8/8/8/8/8/8/[M]8 r 0 1",
            "'[' without a carrying ultra king before it on rank 1",
        ),
        (
            "8/8/8/8/8/8/8/U[m]7 r 0 1",
            "a Red ultra king cannot carry a Black piece (rank 1)",
        ),
        (
            "8/8/8/8/8/8/8/U[M7 r 0 1",
            "a carried piece is written as one letter in brackets, like U[K] (rank 1)",
        ),
    ];
    for (text, msg) in cases {
        assert_eq!(
            tiers::Position::parse(text).unwrap_err().to_string(),
            msg,
            "{text}"
        );
    }
}

#[test]
fn move_text_of_every_kind() {
    let t = tfen(&[("d4", "U"), ("e4", "K"), ("h8", "m")], 'r');
    assert!(is_legal(&t, "d4-a1")); // teleport
    assert!(is_legal(&t, "d4<e4")); // load
    assert!(is_legal(&t, "e4-e5")); // step
    let t = tfen(&[("d4", "U[M]"), ("h8", "m")], 'r');
    assert!(is_legal(&t, "d4>h1")); // drop
    let t = tfen(&[("d4", "U"), ("e5", "m"), ("h8", "m")], 'r');
    assert!(is_legal(&t, "d4xe5")); // consume
    let t = tfen(&[("d4", "K"), ("d5", "m"), ("c7", "m"), ("h1", "m")], 'r');
    assert!(is_legal(&t, "d4xd6xb8")); // jumps with every landing square
                                       // Reading is forgiving about case and spaces.
    assert!(is_legal(&t, " D4 x D6 x B8 "));
}

#[test]
fn move_errors_name_what_is_wrong_and_where() {
    let start = tiers::START_TFEN;
    let err = |mv: &str| pos(start).parse_move(mv).unwrap_err().to_string();
    assert_eq!(
        err("e3-e5"),
        "e3-e5 is not legal here; legal moves from e3: e3-d4, e3-e4, e3-f4"
    );
    assert_eq!(
        err("e4-e5"),
        "e4-e5 is not legal here: there is no piece on e4"
    );
    assert_eq!(
        err("d6-d5"),
        "d6-d5 is not legal here: the piece on d6 is Black's and Red is to move"
    );
    assert_eq!(
        err("e3-i4"),
        "`i4` in `e3-i4` is not a square: squares are a1 to h8"
    );
    assert!(err("hello").starts_with("cannot read `hello` as a move"));
    let t = tfen(&[("a2", "M"), ("a3", "m"), ("d4", "K"), ("h8", "m")], 'r');
    assert_eq!(
        pos(&t).parse_move("d4-d5").unwrap_err().to_string(),
        "d4-d5 is not legal here; a capture is compulsory: a2 must take"
    );
}
