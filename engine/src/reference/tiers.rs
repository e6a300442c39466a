//! A naive, slow reference move generator for Tiers, written straight from
//! RULES.md §2 with a plain 64-square array and no bitboards. It lists every
//! raw action sequence, plays each on a copy of the board, groups them by
//! resulting position and keeps the shortest written form (fewest landing
//! squares or actions, ties alphabetical). The tests and `tiers
//! random-games` compare it with the engine.

use crate::tiers::{self, tfen};
use crate::{Color, PieceKind, PieceView, Position};
use std::collections::BTreeMap;
use tiers_rng::SplitMix64;

/// A piece on the reference board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// Its tier.
    pub kind: PieceKind,
    /// What it carries.
    pub carried: Option<PieceKind>,
}

/// A position as the reference sees it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RefPos {
    /// The pieces, index `file + 8 * rank`.
    pub squares: [Option<Piece>; 64],
    /// The side to move.
    pub side: Color,
    /// Plies since the last capture.
    pub plies: u32,
    /// The move number.
    pub number: u32,
}

fn from_view(v: Option<PieceView>) -> Option<Piece> {
    v.map(|v| Piece {
        color: v.color,
        kind: v.kind,
        carried: v.carried,
    })
}

impl RefPos {
    /// The engine's position as the reference sees it.
    #[must_use]
    pub fn from_engine(p: &tiers::Position) -> RefPos {
        let view = p.board_view();
        RefPos {
            squares: core::array::from_fn(|i| from_view(view[i])),
            side: p.side_to_move(),
            plies: p.plies_since_capture(),
            number: p.move_number(),
        }
    }
}

/// The name of square `sq` (`a1` … `h8`).
#[must_use]
pub fn name(sq: usize) -> String {
    let files = ["a", "b", "c", "d", "e", "f", "g", "h"];
    format!("{}{}", files[sq % 8], sq / 8 + 1)
}

fn at(file: i32, rank: i32) -> Option<usize> {
    if (0..8).contains(&file) && (0..8).contains(&rank) {
        Some((file + 8 * rank) as usize)
    } else {
        None
    }
}

fn offset(sq: usize, df: i32, dr: i32, k: i32) -> Option<usize> {
    at((sq % 8) as i32 + df * k, (sq / 8) as i32 + dr * k)
}

const ALL: [(i32, i32); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

fn dirs(color: Color, kind: PieceKind) -> Vec<(i32, i32)> {
    if kind == PieceKind::Man {
        let f = if color == Color::Red { 1 } else { -1 };
        vec![(-1, f), (0, f), (1, f)]
    } else {
        ALL.to_vec()
    }
}

fn neighbours(sq: usize) -> Vec<usize> {
    ALL.iter()
        .filter_map(|&(df, dr)| offset(sq, df, dr, 1))
        .collect()
}

fn tier(kind: PieceKind) -> u8 {
    match kind {
        PieceKind::Man => 1,
        PieceKind::King => 2,
        PieceKind::Triple => 3,
        PieceKind::Quad => 4,
        PieceKind::Ultra => 5,
        PieceKind::DoubleUltra => 10,
    }
}

/// Rank index (0–7) on which `kind` of `color` is upgraded, if any.
fn target_rank(color: Color, kind: PieceKind) -> Option<usize> {
    let far = if color == Color::Red { 7 } else { 0 };
    let home = 7 - far;
    match kind {
        PieceKind::Man | PieceKind::Triple => Some(far),
        PieceKind::King | PieceKind::Quad => Some(home),
        _ => None,
    }
}

fn next_tier(kind: PieceKind) -> PieceKind {
    match kind {
        PieceKind::Man => PieceKind::King,
        PieceKind::King => PieceKind::Triple,
        PieceKind::Triple => PieceKind::Quad,
        _ => PieceKind::Ultra,
    }
}

fn landed(color: Color, kind: PieceKind, sq: usize) -> PieceKind {
    if target_rank(color, kind) == Some(sq / 8) {
        next_tier(kind)
    } else {
        kind
    }
}

/// One raw legal action sequence: its text, its result, whether it captures.
#[derive(Clone, Debug)]
pub struct Raw {
    /// The written form.
    pub text: String,
    /// The position after it.
    pub result: RefPos,
    /// Whether it captures.
    pub capture: bool,
}

fn is_enemy(b: &[Option<Piece>; 64], sq: usize, us: Color) -> bool {
    matches!(b[sq], Some(p) if p.color != us)
}

fn is_empty(b: &[Option<Piece>; 64], sq: usize) -> bool {
    b[sq].is_none()
}

/// The jumps (landing, captured squares) available to a tier 1–4 piece.
fn jumps_from(
    b: &[Option<Piece>; 64],
    sq: usize,
    color: Color,
    kind: PieceKind,
) -> Vec<(usize, Vec<usize>)> {
    let mut out = Vec::new();
    for (df, dr) in dirs(color, kind) {
        let s1 = offset(sq, df, dr, 1);
        let s2 = offset(sq, df, dr, 2);
        let s3 = offset(sq, df, dr, 3);
        if let (Some(a), Some(c)) = (s1, s2) {
            if is_enemy(b, a, color) && is_empty(b, c) {
                out.push((c, vec![a]));
            }
        }
        if tier(kind) >= 3 {
            if let (Some(a), Some(c), Some(d)) = (s1, s2, s3) {
                if is_enemy(b, a, color) && is_enemy(b, c, color) && is_empty(b, d) {
                    out.push((d, vec![a, c]));
                }
            }
        }
        if tier(kind) == 4 {
            if let (Some(a), Some(c), Some(d)) = (s1, s2, s3) {
                if is_empty(b, a) && is_enemy(b, c, color) && is_empty(b, d) {
                    out.push((d, vec![c]));
                }
            }
        }
    }
    out
}

fn can_consume(b: &[Option<Piece>; 64], sq: usize) -> bool {
    let Some(p) = b[sq] else { return false };
    matches!(p.kind, PieceKind::Ultra | PieceKind::DoubleUltra)
        && p.carried.is_none()
        && neighbours(sq).into_iter().any(|n| is_enemy(b, n, p.color))
}

/// Whether the side to move has a capture.
#[must_use]
pub fn side_has_capture(pos: &RefPos) -> bool {
    (0..64).any(|sq| match pos.squares[sq] {
        Some(p) if p.color == pos.side => {
            if tier(p.kind) <= 4 {
                !jumps_from(&pos.squares, sq, p.color, p.kind).is_empty()
            } else {
                can_consume(&pos.squares, sq)
            }
        }
        _ => false,
    })
}

fn finish(pos: &RefPos, board: [Option<Piece>; 64], capture: bool) -> RefPos {
    RefPos {
        squares: board,
        side: pos.side.opposite(),
        plies: if capture { 0 } else { pos.plies + 1 },
        number: if pos.side == Color::Black {
            pos.number + 1
        } else {
            pos.number
        },
    }
}

fn jump_rec(
    pos: &RefPos,
    board: [Option<Piece>; 64],
    at_sq: usize,
    piece: Piece,
    text: String,
    out: &mut Vec<Raw>,
) {
    let jumps = jumps_from(&board, at_sq, piece.color, piece.kind);
    if jumps.is_empty() {
        let mut b = board;
        let mut p = piece;
        p.kind = landed(p.color, p.kind, at_sq);
        b[at_sq] = Some(p);
        out.push(Raw {
            text,
            result: finish(pos, b, true),
            capture: true,
        });
        return;
    }
    for (land, caps) in jumps {
        let mut b = board;
        for c in caps {
            b[c] = None;
        }
        b[at_sq] = None;
        b[land] = Some(piece);
        jump_rec(pos, b, land, piece, format!("{text}x{}", name(land)), out);
    }
}

/// One ultra-king action from `s` on `board`: (text, board after, capture,
/// where the king is after, square of a dropped piece).
#[derive(Clone)]
struct Act {
    text: String,
    board: [Option<Piece>; 64],
    capture: bool,
    king_at: usize,
    dropped: Option<usize>,
}

/// Every action the (double) ultra king on `s` can take on `board`.
/// `no_load`: a square that may not be loaded (dropped this move).
fn ultra_actions(board: &[Option<Piece>; 64], s: usize, no_load: Option<usize>) -> Vec<Act> {
    let me = board[s].expect("an ultra king");
    let mut out = Vec::new();
    if let Some(c) = me.carried {
        for y in 0..64 {
            if is_empty(board, y) {
                let mut b = *board;
                b[s] = Some(Piece {
                    carried: None,
                    ..me
                });
                b[y] = Some(Piece {
                    color: me.color,
                    kind: landed(me.color, c, y),
                    carried: None,
                });
                out.push(Act {
                    text: format!("{}>{}", name(s), name(y)),
                    board: b,
                    capture: false,
                    king_at: s,
                    dropped: Some(y),
                });
            }
        }
        return out;
    }
    for t in 0..64 {
        if is_empty(board, t) {
            let mut b = *board;
            b[s] = None;
            b[t] = Some(me);
            out.push(Act {
                text: format!("{}-{}", name(s), name(t)),
                board: b,
                capture: false,
                king_at: t,
                dropped: None,
            });
        }
    }
    for n in neighbours(s) {
        match board[n] {
            Some(p) if p.color != me.color => {
                let mut b = *board;
                b[s] = None;
                b[n] = Some(me);
                out.push(Act {
                    text: format!("{}x{}", name(s), name(n)),
                    board: b,
                    capture: true,
                    king_at: n,
                    dropped: None,
                });
            }
            Some(p) if Some(n) != no_load && p.carried.is_none() => {
                let merged = if tier(p.kind) <= 4 {
                    Some(Piece {
                        carried: Some(p.kind),
                        ..me
                    })
                } else if me.kind == PieceKind::Ultra && p.kind == PieceKind::Ultra {
                    Some(Piece {
                        color: me.color,
                        kind: PieceKind::DoubleUltra,
                        carried: None,
                    })
                } else {
                    None
                };
                if let Some(m) = merged {
                    let mut b = *board;
                    b[n] = None;
                    b[s] = Some(m);
                    out.push(Act {
                        text: format!("{}<{}", name(s), name(n)),
                        board: b,
                        capture: false,
                        king_at: s,
                        dropped: None,
                    });
                }
            }
            _ => {}
        }
    }
    out
}

/// Every raw legal action sequence of the side to move.
#[must_use]
pub fn raw_moves(pos: &RefPos) -> Vec<Raw> {
    let forced = side_has_capture(pos);
    let mut out = Vec::new();
    for s in 0..64 {
        let Some(p) = pos.squares[s] else { continue };
        if p.color != pos.side {
            continue;
        }
        if tier(p.kind) <= 4 {
            let jumps = jumps_from(&pos.squares, s, p.color, p.kind);
            if !jumps.is_empty() {
                let mut b = pos.squares;
                b[s] = None;
                for (land, caps) in jumps {
                    let mut b2 = b;
                    for c in &caps {
                        b2[*c] = None;
                    }
                    b2[land] = Some(p);
                    jump_rec(
                        pos,
                        b2,
                        land,
                        p,
                        format!("{}x{}", name(s), name(land)),
                        &mut out,
                    );
                }
            }
            if forced {
                continue;
            }
            for (df, dr) in dirs(p.color, p.kind) {
                if let Some(t) = offset(s, df, dr, 1) {
                    if is_empty(&pos.squares, t) {
                        let mut b = pos.squares;
                        b[s] = None;
                        b[t] = Some(Piece {
                            kind: landed(p.color, p.kind, t),
                            ..p
                        });
                        out.push(Raw {
                            text: format!("{}-{}", name(s), name(t)),
                            result: finish(pos, b, false),
                            capture: false,
                        });
                    }
                }
            }
            if p.kind == PieceKind::Triple {
                for (df, dr) in ALL {
                    if let (Some(f), Some(t)) = (offset(s, df, dr, 1), offset(s, df, dr, 2)) {
                        if matches!(pos.squares[f], Some(q) if q.color == p.color)
                            && is_empty(&pos.squares, t)
                        {
                            let mut b = pos.squares;
                            b[s] = None;
                            b[t] = Some(Piece {
                                kind: landed(p.color, p.kind, t),
                                ..p
                            });
                            out.push(Raw {
                                text: format!("{}-{}", name(s), name(t)),
                                result: finish(pos, b, false),
                                capture: false,
                            });
                        }
                    }
                }
            }
            continue;
        }
        // Ultra and double ultra kings.
        for a1 in ultra_actions(&pos.squares, s, None) {
            if forced && !a1.capture {
                continue;
            }
            if p.kind == PieceKind::Ultra {
                out.push(Raw {
                    text: a1.text.clone(),
                    result: finish(pos, a1.board, a1.capture),
                    capture: a1.capture,
                });
                continue;
            }
            // Double ultra king: the second action.
            let must_consume = can_consume(&a1.board, a1.king_at);
            if !must_consume && a1.board != pos.squares {
                out.push(Raw {
                    text: a1.text.clone(),
                    result: finish(pos, a1.board, a1.capture),
                    capture: a1.capture,
                });
            }
            for a2 in ultra_actions(&a1.board, a1.king_at, a1.dropped) {
                if must_consume && !a2.capture {
                    continue;
                }
                if a2.board == pos.squares {
                    continue; // a move must change the board
                }
                let capture = a1.capture || a2.capture;
                out.push(Raw {
                    text: format!("{},{}", a1.text, a2.text),
                    result: finish(pos, a2.board, capture),
                    capture,
                });
            }
        }
    }
    out
}

fn length(text: &str) -> usize {
    text.chars()
        .filter(|c| matches!(c, '-' | 'x' | '<' | '>'))
        .count()
}

/// The legal moves, one per resulting position: written form → result.
#[must_use]
pub fn legal(pos: &RefPos) -> BTreeMap<String, RefPos> {
    let mut by_result: BTreeMap<RefPos, String> = BTreeMap::new();
    for raw in raw_moves(pos) {
        by_result
            .entry(raw.result)
            .and_modify(|best| {
                if (length(&raw.text), raw.text.as_str()) < (length(best), best.as_str()) {
                    *best = raw.text.clone();
                }
            })
            .or_insert(raw.text);
    }
    by_result.into_iter().map(|(r, t)| (t, r)).collect()
}

/// Every written form of every legal move: text → result.
#[must_use]
pub fn all_forms(pos: &RefPos) -> BTreeMap<String, RefPos> {
    raw_moves(pos)
        .into_iter()
        .map(|r| (r.text, r.result))
        .collect()
}

/// Reference perft.
#[must_use]
pub fn perft(pos: &RefPos, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = legal(pos);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.values().map(|r| perft(r, depth - 1)).sum()
}

/// The engine's legal moves in the same shape: written form → result; an
/// error when the engine writes two moves alike.
pub fn engine_legal(pos: &tiers::Position) -> Result<BTreeMap<String, RefPos>, String> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut map = BTreeMap::new();
    for mv in &moves {
        let text = pos.move_to_string(mv);
        if map
            .insert(text.clone(), RefPos::from_engine(&pos.play(mv)))
            .is_some()
        {
            return Err(format!(
                "the engine lists {text} twice in {}",
                pos.to_text()
            ));
        }
    }
    Ok(map)
}

/// Compares the engine's legal moves with the reference's: `Err` names
/// the moves missing, extra or leading elsewhere.
pub fn compare(pos: &tiers::Position) -> Result<(), String> {
    let reference = legal(&RefPos::from_engine(pos));
    let engine = engine_legal(pos)?;
    if reference == engine {
        return Ok(());
    }
    let missing: Vec<_> = reference
        .keys()
        .filter(|k| !engine.contains_key(*k))
        .collect();
    let extra: Vec<_> = engine
        .keys()
        .filter(|k| !reference.contains_key(*k))
        .collect();
    let differ: Vec<_> = reference
        .iter()
        .filter(|(k, v)| engine.get(*k).is_some_and(|e| e != *v))
        .map(|(k, _)| k)
        .collect();
    Err(format!(
        "{}: missing from the engine: {missing:?}; extra in the engine: {extra:?}; different result: {differ:?}",
        pos.to_text()
    ))
}

/// A random TFEN: `density` pieces in 100 per square, every tier, carried
/// pieces, either side to move, random counters; at most 12 pieces a side
/// (a double ultra king counts 2, a carried piece 1), as the rules allow.
#[must_use]
pub fn random_tfen(seed: u64, density: u64) -> String {
    let mut rng = SplitMix64::new(seed);
    let mut ranks = Vec::new();
    let mut counts = [0u64; 2];
    let carried_kinds = [
        PieceKind::Man,
        PieceKind::King,
        PieceKind::Triple,
        PieceKind::Quad,
    ];
    for _rank in 0..8 {
        let mut s = String::new();
        let mut run = 0;
        for _file in 0..8 {
            let mut placed = false;
            if rng.below(100) < density {
                let color = if rng.below(2) == 0 {
                    Color::Red
                } else {
                    Color::Black
                };
                let kind = PieceKind::ALL[rng.below(6) as usize];
                let carries =
                    matches!(kind, PieceKind::Ultra | PieceKind::DoubleUltra) && rng.below(3) == 0;
                let size = 1 + u64::from(kind == PieceKind::DoubleUltra) + u64::from(carries);
                let carried = carried_kinds[rng.below(4) as usize];
                if counts[color.index()] + size <= 12 {
                    counts[color.index()] += size;
                    placed = true;
                    if run > 0 {
                        s.push_str(&run.to_string());
                        run = 0;
                    }
                    s.push(tfen::piece_char(color, kind));
                    if carries {
                        s.push('[');
                        s.push(tfen::piece_char(color, carried));
                        s.push(']');
                    }
                }
            }
            if !placed {
                run += 1;
            }
        }
        if run > 0 {
            s.push_str(&run.to_string());
        }
        ranks.push(s);
    }
    let side = if rng.below(2) == 0 { "r" } else { "b" };
    format!(
        "{} {} {} {}",
        ranks.join("/"),
        side,
        rng.below(100),
        1 + rng.below(200)
    )
}
