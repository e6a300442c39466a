//! Tiers move generation (RULES.md §2): steps, jumps (single, double, skip,
//! multi-jumps), friendly hops, and the ultra kings' teleport, consume, load
//! and drop, with the double ultra king's second action; mandatory capture;
//! "one position, one move".
//!
//! Moves are generated directly in their shortest written form, so no move
//! is listed twice; the generator appends to the caller's `Vec` and does not
//! allocate otherwise.

use super::board::{
    after_landing, forward_dirs, kind_index, Bitboard, Board, ADJACENT, NEIGHBOUR, NONE,
};
use super::Position;
use crate::{Color, PieceKind};

/// What one action of a move does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ActionKind {
    /// A step to an adjacent empty square (tiers 1–4), written `e3-e4`.
    Step,
    /// A triple king's friendly hop over an adjacent friend, written `e3-e5`.
    Hop,
    /// A jump or jump sequence (tiers 1–4), written `e3xe5xc7`.
    Jump,
    /// An ultra king's teleport to an empty square, written `e3-h6`.
    Teleport,
    /// An ultra king's consume of an adjacent enemy, written `d4xe5`.
    Consume,
    /// An ultra king loads the adjacent friend on `to`, written `d4<e5`.
    Load,
    /// An ultra king drops what it carries on `to`, written `d4>h8`.
    Drop,
}

impl ActionKind {
    /// The separator used in move text.
    #[must_use]
    pub const fn separator(self) -> char {
        match self {
            ActionKind::Step | ActionKind::Hop | ActionKind::Teleport => '-',
            ActionKind::Jump | ActionKind::Consume => 'x',
            ActionKind::Load => '<',
            ActionKind::Drop => '>',
        }
    }
}

/// One action: a kind, the square the acting piece stands on, and the square
/// it goes to or acts on (for a jump sequence: its final landing square).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Action {
    /// What the action does.
    pub kind: ActionKind,
    /// Where the acting piece stands before the action.
    pub from: u8,
    /// Where it goes, or the square it loads from / drops on.
    pub to: u8,
}

/// A Tiers move: one action, or two for a double ultra king; plus the set of
/// squares whose pieces it captures. `Copy`, 16 bytes.
///
/// ```
/// use tiers_engine::{tiers, Position};
/// let pos = tiers::Position::start();
/// let mv = pos.parse_move("e3-e4").unwrap();
/// assert_eq!(mv.from(), 20);
/// assert_eq!(mv.to(), 28);
/// assert!(!mv.is_capture());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    first: Action,
    second: Option<Action>,
    captured: Bitboard,
}

impl Move {
    /// A one-action move.
    #[must_use]
    pub const fn single(kind: ActionKind, from: u8, to: u8, captured: Bitboard) -> Move {
        Move {
            first: Action { kind, from, to },
            second: None,
            captured,
        }
    }

    /// A double ultra king's two-action move.
    #[must_use]
    pub const fn double(first: Action, second: Action, captured: Bitboard) -> Move {
        Move {
            first,
            second: Some(second),
            captured,
        }
    }

    /// The first (often only) action.
    #[must_use]
    pub const fn first(&self) -> Action {
        self.first
    }

    /// The second action of a double ultra king, if any.
    #[must_use]
    pub const fn second(&self) -> Option<Action> {
        self.second
    }

    /// The square of the piece that moves.
    #[must_use]
    pub const fn from(&self) -> u8 {
        self.first.from
    }

    /// The square the last action goes to or acts on.
    #[must_use]
    pub const fn to(&self) -> u8 {
        match self.second {
            Some(a) => a.to,
            None => self.first.to,
        }
    }

    /// The squares of the pieces (whole stacks) this move captures.
    #[must_use]
    pub const fn captured(&self) -> Bitboard {
        self.captured
    }

    /// Whether the move captures anything.
    #[must_use]
    pub const fn is_capture(&self) -> bool {
        self.captured != 0
    }

    /// The actions, first then second.
    pub fn actions(&self) -> impl Iterator<Item = Action> {
        core::iter::once(self.first).chain(self.second)
    }
}

/// Squares in the order of their names (`a1` < `a2` < … < `a8` < `b1`):
/// the key to compare written forms alphabetically.
#[inline]
#[must_use]
pub const fn name_key(sq: u8) -> u8 {
    (sq % 8) * 8 + sq / 8
}

/// The square of `bb` whose name sorts first.
#[inline]
fn first_by_name(mut bb: Bitboard) -> Option<u8> {
    let mut best: Option<u8> = None;
    while bb != 0 {
        let sq = bb.trailing_zeros() as u8;
        bb &= bb - 1;
        if best.is_none_or(|b| name_key(sq) < name_key(b)) {
            best = Some(sq);
        }
    }
    best
}

/// The squares adjacent to at least one square of `bb`.
#[inline]
#[must_use]
pub fn adjacent_to(bb: Bitboard) -> Bitboard {
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    let east = (bb << 1) & NOT_A;
    let west = (bb >> 1) & NOT_H;
    let row = bb | east | west;
    east | west | (row << 8) | (row >> 8)
}

/// Iterates the squares of a bitboard, lowest first.
#[inline]
pub(crate) fn squares(mut bb: Bitboard) -> impl Iterator<Item = u8> {
    core::iter::from_fn(move || {
        if bb == 0 {
            None
        } else {
            let sq = bb.trailing_zeros() as u8;
            bb &= bb - 1;
            Some(sq)
        }
    })
}

const ALL_DIRS: [usize; 8] = [0, 1, 2, 3, 4, 5, 6, 7];

/// Everything the generator needs about the side to move, computed once.
pub(crate) struct Ctx<'a> {
    pub board: &'a Board,
    pub us: Color,
    pub own: Bitboard,
    pub opp: Bitboard,
    pub empty: Bitboard,
    /// List every form of the double ultra king's moves (for reading
    /// moves), not just the shortest of each family.
    pub all_forms: bool,
}

impl<'a> Ctx<'a> {
    pub fn new(board: &'a Board, us: Color) -> Ctx<'a> {
        let own = board.color_occ(us);
        let opp = board.color_occ(us.opposite());
        Ctx {
            board,
            us,
            own,
            opp,
            empty: !(own | opp),
            all_forms: false,
        }
    }

    fn kind(&self, kind: PieceKind) -> Bitboard {
        self.board.pieces[self.us.index()][kind_index(kind)]
    }

    /// Own pieces that can be loaded by a double ultra king: tier 1–4.
    fn tier14(&self) -> Bitboard {
        let p = &self.board.pieces[self.us.index()];
        p[0] | p[1] | p[2] | p[3]
    }

    /// Own ultra and double ultra kings that carry nothing.
    fn free_carriers(&self, kind: PieceKind) -> Bitboard {
        self.kind(kind) & !self.board.carriers()
    }
}

/// Runs the jump search of a tier 1–4 piece of `kind` standing on `from`:
/// calls `sink(landing, captured, path)` once per complete jump sequence
/// (path = every landing square). Captured pieces leave the board at once.
pub(crate) fn jump_sequences<F: FnMut(u8, Bitboard, &[u8])>(
    ctx: &Ctx<'_>,
    kind: PieceKind,
    from: u8,
    sink: &mut F,
) {
    let mut path = [0u8; 64];
    jump_dfs(
        ctx.us, kind, from, ctx.empty, ctx.opp, 0, &mut path, 0, sink,
    );
}

/// `empty` holds every empty square except the jumper's current one.
#[allow(clippy::too_many_arguments)]
fn jump_dfs<F: FnMut(u8, Bitboard, &[u8])>(
    us: Color,
    kind: PieceKind,
    at: u8,
    empty: Bitboard,
    opp: Bitboard,
    captured: Bitboard,
    path: &mut [u8; 64],
    len: usize,
    sink: &mut F,
) {
    let fwd = forward_dirs(us);
    let dirs: &[usize] = if kind == PieceKind::Man {
        &fwd
    } else {
        &ALL_DIRS
    };
    let big = matches!(kind, PieceKind::Triple | PieceKind::Quad);
    let mut any = false;
    let at_bit = 1u64 << at;
    for &d in dirs {
        let n1 = NEIGHBOUR[at as usize][d];
        if n1 == NONE {
            continue;
        }
        let b1 = 1u64 << n1;
        let n2 = NEIGHBOUR[n1 as usize][d];
        if n2 == NONE {
            continue;
        }
        let b2 = 1u64 << n2;
        if opp & b1 != 0 {
            if empty & b2 != 0 {
                any = true;
                path[len] = n2;
                jump_dfs(
                    us,
                    kind,
                    n2,
                    (empty | at_bit | b1) & !b2,
                    opp & !b1,
                    captured | b1,
                    path,
                    len + 1,
                    sink,
                );
            } else if big && opp & b2 != 0 {
                let n3 = NEIGHBOUR[n2 as usize][d];
                if n3 != NONE && empty & (1u64 << n3) != 0 {
                    let b3 = 1u64 << n3;
                    any = true;
                    path[len] = n3;
                    jump_dfs(
                        us,
                        kind,
                        n3,
                        (empty | at_bit | b1 | b2) & !b3,
                        opp & !(b1 | b2),
                        captured | b1 | b2,
                        path,
                        len + 1,
                        sink,
                    );
                }
            }
        } else if kind == PieceKind::Quad && empty & b1 != 0 && opp & b2 != 0 {
            let n3 = NEIGHBOUR[n2 as usize][d];
            if n3 != NONE && empty & (1u64 << n3) != 0 {
                let b3 = 1u64 << n3;
                any = true;
                path[len] = n3;
                jump_dfs(
                    us,
                    kind,
                    n3,
                    (empty | at_bit | b2) & !b3,
                    opp & !b2,
                    captured | b2,
                    path,
                    len + 1,
                    sink,
                );
            }
        }
    }
    if !any && len > 0 {
        sink(at, captured, &path[..len]);
    }
}

/// Whether a tier 1–4 piece of `kind` on `from` has at least one jump.
fn has_jump(ctx: &Ctx<'_>, kind: PieceKind, from: u8) -> bool {
    let fwd = forward_dirs(ctx.us);
    let dirs: &[usize] = if kind == PieceKind::Man {
        &fwd
    } else {
        &ALL_DIRS
    };
    for &d in dirs {
        let n1 = NEIGHBOUR[from as usize][d];
        if n1 == NONE {
            continue;
        }
        let n2 = NEIGHBOUR[n1 as usize][d];
        if n2 == NONE {
            continue;
        }
        let (b1, b2) = (1u64 << n1, 1u64 << n2);
        let n3 = NEIGHBOUR[n2 as usize][d];
        let b3 = if n3 == NONE { 0 } else { 1u64 << n3 };
        if ctx.opp & b1 != 0 {
            if ctx.empty & b2 != 0 {
                return true;
            }
            if matches!(kind, PieceKind::Triple | PieceKind::Quad)
                && ctx.opp & b2 != 0
                && ctx.empty & b3 != 0
            {
                return true;
            }
        } else if kind == PieceKind::Quad
            && ctx.empty & b1 != 0
            && ctx.opp & b2 != 0
            && ctx.empty & b3 != 0
        {
            return true;
        }
    }
    false
}

/// Whether the side to move has any capture (a jump, or a consume by an
/// ultra or double ultra king that carries nothing).
pub(crate) fn side_has_capture(ctx: &Ctx<'_>) -> bool {
    let consumers = ctx.free_carriers(PieceKind::Ultra) | ctx.free_carriers(PieceKind::DoubleUltra);
    if consumers & adjacent_to(ctx.opp) != 0 {
        return true;
    }
    // Men: quick bitboard pre-filter, then exact check.
    for kind in [
        PieceKind::Man,
        PieceKind::King,
        PieceKind::Triple,
        PieceKind::Quad,
    ] {
        let mut candidates = ctx.kind(kind);
        if kind != PieceKind::Quad {
            candidates &= adjacent_to(ctx.opp);
        }
        for sq in squares(candidates) {
            if has_jump(ctx, kind, sq) {
                return true;
            }
        }
    }
    false
}

#[inline]
fn act(kind: ActionKind, from: u8, to: u8) -> Action {
    Action { kind, from, to }
}

impl Position {
    /// Appends every legal move (once per resulting position) to `out`.
    pub(crate) fn generate(&self, out: &mut Vec<Move>) {
        let ctx = Ctx::new(&self.board, self.side);
        self.generate_with(ctx, out);
    }

    /// Every legal action sequence, in every written form and without
    /// merging sequences that lead to the same position (double ultra
    /// kings only; jump paths are not listed). For reading moves.
    pub(crate) fn generate_forms(&self, out: &mut Vec<Move>) {
        let mut ctx = Ctx::new(&self.board, self.side);
        ctx.all_forms = true;
        if side_has_capture(&ctx) {
            gen_captures(&ctx, out);
        } else {
            gen_quiet(&ctx, out);
        }
    }

    fn generate_with(&self, ctx: Ctx<'_>, out: &mut Vec<Move>) {
        let start = out.len();
        // Two pieces' jump sequences lead to the same position only when
        // both come back to where they started, capturing the same pieces
        // (kings on e1 and f1 each going round the four men on e2, e4, f4
        // and f2): such loops are merged like a double ultra king's moves.
        let mut loops = false;
        if side_has_capture(&ctx) {
            gen_captures(&ctx, out);
            loops = out[start..]
                .iter()
                .any(|m| m.first.kind == ActionKind::Jump && m.from() == m.to());
        } else {
            gen_quiet(&ctx, out);
        }
        if loops || ctx.kind(PieceKind::DoubleUltra) != 0 {
            self.merge_same_results(out, start);
        }
    }

    /// With a double ultra king on the board, different action sequences
    /// (of the same king, of two kings, or a king's load-and-drop and the
    /// piece's own step) can lead to the same position, and so can two
    /// pieces' jump sequences that come back to their start: keep one move per
    /// resulting position, in its shortest written form (fewest actions,
    /// then alphabetical). Each family of sequences is already generated in
    /// its own shortest form. The sort keys live in a per-thread buffer
    /// that is reused, so this does not allocate once it has grown.
    fn merge_same_results(&self, out: &mut Vec<Move>, start: usize) {
        MERGE_SCRATCH.with(|cell| {
            let mut scratch = cell.borrow_mut();
            let (keys, removed) = &mut *scratch;
            let n = out.len() - start;
            keys.clear();
            keys.extend(
                out[start..]
                    .iter()
                    .enumerate()
                    .map(|(i, m)| (self.apply(m).board.hash, i as u32)),
            );
            keys.sort_unstable();
            removed.clear();
            removed.resize(n, false);
            for group in keys.chunk_by(|a, b| a.0 == b.0) {
                if group.len() < 2 {
                    continue;
                }
                for (gi, &(_, i)) in group.iter().enumerate() {
                    let i = i as usize;
                    if removed[i] {
                        continue;
                    }
                    let board_i = self.apply(&out[start + i]).board;
                    for &(_, j) in &group[gi + 1..] {
                        let j = j as usize;
                        if removed[j] || self.apply(&out[start + j]).board != board_i {
                            continue;
                        }
                        let (mi, mj) = (out[start + i], out[start + j]);
                        if self.written_before(&mj, &mi) {
                            out[start + i] = mj;
                        }
                        removed[j] = true;
                    }
                }
            }
            let mut w = start;
            for r in 0..n {
                if !removed[r] {
                    out[w] = out[start + r];
                    w += 1;
                }
            }
            out.truncate(w);
        });
    }

    /// Whether `a`'s written form comes before `b`'s: fewer actions first,
    /// then alphabetically (compared action by action, as the text would
    /// be, without writing it).
    fn written_before(&self, a: &Move, b: &Move) -> bool {
        if a.first.kind == ActionKind::Jump || b.first.kind == ActionKind::Jump {
            let ka = (a.actions().count(), self.move_text(a));
            let kb = (b.actions().count(), self.move_text(b));
            return ka < kb;
        }
        let key = |m: &Move| {
            let part = |x: Action| (name_key(x.from), x.kind.separator() as u8, name_key(x.to));
            (m.second.is_some(), part(m.first), m.second.map(part))
        };
        key(a) < key(b)
    }
}

type MergeScratch = (Vec<(u64, u32)>, Vec<bool>);

std::thread_local! {
    /// The sort keys and flags of [`Position::merge_same_results`], reused.
    static MERGE_SCRATCH: core::cell::RefCell<MergeScratch> =
        const { core::cell::RefCell::new((Vec::new(), Vec::new())) };
}

fn gen_captures(ctx: &Ctx<'_>, out: &mut Vec<Move>) {
    for kind in [
        PieceKind::Man,
        PieceKind::King,
        PieceKind::Triple,
        PieceKind::Quad,
    ] {
        for from in squares(ctx.kind(kind)) {
            let start = out.len();
            jump_sequences(ctx, kind, from, &mut |to, captured, _path| {
                let mv = Move::single(ActionKind::Jump, from, to, captured);
                if !out[start..].contains(&mv) {
                    out.push(mv);
                }
            });
        }
    }
    for s in squares(ctx.free_carriers(PieceKind::Ultra)) {
        for e in squares(ADJACENT[s as usize] & ctx.opp) {
            out.push(Move::single(ActionKind::Consume, s, e, 1u64 << e));
        }
    }
    for s in squares(ctx.free_carriers(PieceKind::DoubleUltra)) {
        for e in squares(ADJACENT[s as usize] & ctx.opp) {
            duk_after_consume(ctx, s, e, out);
        }
    }
}

/// A double ultra king on `s` has consumed the enemy on `e` as its first
/// action: the moves that stop there or add a second action.
fn duk_after_consume(ctx: &Ctx<'_>, s: u8, e: u8, out: &mut Vec<Move>) {
    let first = act(ActionKind::Consume, s, e);
    let eb = 1u64 << e;
    let opp = ctx.opp & !eb;
    let more = ADJACENT[e as usize] & opp;
    if more != 0 {
        for e2 in squares(more) {
            out.push(Move::double(
                first,
                act(ActionKind::Consume, e, e2),
                eb | 1u64 << e2,
            ));
        }
        return;
    }
    out.push(Move::single(ActionKind::Consume, s, e, eb));
    let empty = ctx.empty | 1u64 << s;
    for u in squares(empty) {
        out.push(Move::double(first, act(ActionKind::Teleport, e, u), eb));
    }
    for f in squares(ADJACENT[e as usize] & ctx.tier14()) {
        out.push(Move::double(first, act(ActionKind::Load, e, f), eb));
    }
}

fn gen_quiet(ctx: &Ctx<'_>, out: &mut Vec<Move>) {
    // Men.
    for d in forward_dirs(ctx.us) {
        for from in squares(ctx.kind(PieceKind::Man)) {
            let n = NEIGHBOUR[from as usize][d];
            if n != NONE && ctx.empty & (1u64 << n) != 0 {
                out.push(Move::single(ActionKind::Step, from, n, 0));
            }
        }
    }
    // Kings, triple and quad kings.
    for kind in [PieceKind::King, PieceKind::Triple, PieceKind::Quad] {
        for from in squares(ctx.kind(kind)) {
            for to in squares(ADJACENT[from as usize] & ctx.empty) {
                out.push(Move::single(ActionKind::Step, from, to, 0));
            }
        }
    }
    // Friendly hops.
    for from in squares(ctx.kind(PieceKind::Triple)) {
        for d in ALL_DIRS {
            let n1 = NEIGHBOUR[from as usize][d];
            if n1 == NONE || ctx.own & (1u64 << n1) == 0 {
                continue;
            }
            let n2 = NEIGHBOUR[n1 as usize][d];
            if n2 != NONE && ctx.empty & (1u64 << n2) != 0 {
                out.push(Move::single(ActionKind::Hop, from, n2, 0));
            }
        }
    }
    // Single ultra kings.
    let carriers = ctx.board.carriers();
    for s in squares(ctx.kind(PieceKind::Ultra)) {
        if carriers & (1u64 << s) != 0 {
            for y in squares(ctx.empty) {
                out.push(Move::single(ActionKind::Drop, s, y, 0));
            }
            continue;
        }
        for t in squares(ctx.empty) {
            out.push(Move::single(ActionKind::Teleport, s, t, 0));
        }
        let loadable = ctx.tier14() | (ctx.kind(PieceKind::Ultra) & !carriers);
        for f in squares(ADJACENT[s as usize] & loadable) {
            out.push(Move::single(ActionKind::Load, s, f, 0));
        }
    }
    // Double ultra kings.
    let duks = ctx.kind(PieceKind::DoubleUltra);
    for s in squares(duks) {
        if carriers & (1u64 << s) != 0 {
            duk_carrying(ctx, s, out);
        } else {
            duk_free_quiet(ctx, s, out);
        }
    }
}

/// A double ultra king on `s` carrying a piece, when the side has no capture:
/// it must drop first, then may (or, next to an enemy, must) act again.
fn duk_carrying(ctx: &Ctx<'_>, s: u8, out: &mut Vec<Move>) {
    let enemies = ADJACENT[s as usize] & ctx.opp;
    for y in squares(ctx.empty) {
        let first = act(ActionKind::Drop, s, y);
        let yb = 1u64 << y;
        if enemies != 0 {
            for e in squares(enemies) {
                out.push(Move::double(
                    first,
                    act(ActionKind::Consume, s, e),
                    1u64 << e,
                ));
            }
            continue;
        }
        out.push(Move::single(ActionKind::Drop, s, y, 0));
        for u in squares(ctx.empty & !yb) {
            out.push(Move::double(first, act(ActionKind::Teleport, s, u), 0));
        }
        for f in squares(ADJACENT[s as usize] & ctx.tier14()) {
            out.push(Move::double(first, act(ActionKind::Load, s, f), 0));
        }
    }
}

/// A double ultra king on `s` carrying nothing, when the side has no capture
/// (so no enemy is adjacent to `s`).
fn duk_free_quiet(ctx: &Ctx<'_>, s: u8, out: &mut Vec<Move>) {
    let attacked = adjacent_to(ctx.opp);
    let tier14 = ctx.tier14();
    // Teleport, optionally followed by a load (only where no consume is possible).
    for t in squares(ctx.empty & !attacked) {
        let first = act(ActionKind::Teleport, s, t);
        out.push(Move::single(ActionKind::Teleport, s, t, 0));
        for f in squares(ADJACENT[t as usize] & tier14) {
            out.push(Move::double(first, act(ActionKind::Load, t, f), 0));
        }
    }
    if ctx.all_forms {
        // Every form: teleport anywhere, then (where no consume is
        // compulsory) teleport again, or consume what is next to it.
        for t in squares(ctx.empty) {
            let first = act(ActionKind::Teleport, s, t);
            let enemies = ADJACENT[t as usize] & ctx.opp;
            if enemies != 0 {
                for e in squares(enemies) {
                    out.push(Move::double(
                        first,
                        act(ActionKind::Consume, t, e),
                        1u64 << e,
                    ));
                }
            } else {
                for u in squares(ctx.empty & !(1u64 << t)) {
                    out.push(Move::double(first, act(ActionKind::Teleport, t, u), 0));
                }
            }
        }
    } else {
        // Teleport, teleport to a square next to an enemy (the single teleport
        // there is not a move, since a consume would then be compulsory). The
        // written form uses the first safe intermediate square by name.
        if let Some(t) = first_by_name(ctx.empty & !attacked) {
            let first = act(ActionKind::Teleport, s, t);
            for u in squares(ctx.empty & attacked) {
                out.push(Move::double(first, act(ActionKind::Teleport, t, u), 0));
            }
        }
        // Teleport next to an enemy, then consume it (compulsory there).
        for e in squares(ctx.opp) {
            if let Some(t) = first_by_name(ADJACENT[e as usize] & ctx.empty) {
                out.push(Move::double(
                    act(ActionKind::Teleport, s, t),
                    act(ActionKind::Consume, t, e),
                    1u64 << e,
                ));
            }
        }
    }
    // Load, optionally followed by a drop.
    for f in squares(ADJACENT[s as usize] & tier14) {
        let first = act(ActionKind::Load, s, f);
        out.push(Move::single(ActionKind::Load, s, f, 0));
        let (_, kind) = ctx.board.at(f).expect("a loadable square holds a piece");
        let fb = 1u64 << f;
        for y in squares(ctx.empty | fb) {
            if y == f && after_landing(ctx.us, kind, y) == kind {
                continue; // load and drop back: the board is unchanged
            }
            out.push(Move::double(first, act(ActionKind::Drop, s, y), 0));
        }
    }
}

impl Position {
    /// The position after `mv` (which must be legal here).
    pub(crate) fn apply(&self, mv: &Move) -> Position {
        let mut board = self.board;
        let us = self.side;
        for a in mv.actions() {
            apply_action(&mut board, us, a, mv.captured);
        }
        let side = us.opposite();
        Position {
            board,
            side,
            plies_since_capture: if mv.is_capture() {
                0
            } else {
                self.plies_since_capture.saturating_add(1)
            },
            move_number: if us == Color::Black {
                self.move_number.saturating_add(1)
            } else {
                self.move_number
            },
        }
    }
}

/// Plays one action on `board` for side `us`. `captured` is the move's
/// captured set (used by jumps).
pub(crate) fn apply_action(board: &mut Board, us: Color, a: Action, captured: Bitboard) {
    let Some(kind) = board.kind_of(us, a.from) else {
        return;
    };
    match a.kind {
        ActionKind::Step | ActionKind::Hop => {
            board.take(us, kind, a.from);
            board.put(us, after_landing(us, kind, a.to), a.to);
        }
        ActionKind::Jump => {
            for sq in squares(captured) {
                board.clear_square(sq);
            }
            board.take(us, kind, a.from);
            board.put(us, after_landing(us, kind, a.to), a.to);
        }
        ActionKind::Teleport => board.move_stack(us, kind, a.from, a.to),
        ActionKind::Consume => {
            board.clear_square(a.to);
            board.move_stack(us, kind, a.from, a.to);
        }
        ActionKind::Load => {
            let Some(loaded) = board.kind_of(us, a.to) else {
                return;
            };
            board.take(us, loaded, a.to);
            if loaded == PieceKind::Ultra {
                board.take(us, kind, a.from);
                board.put(us, PieceKind::DoubleUltra, a.from);
            } else {
                board.set_carried(us, loaded, a.from);
            }
        }
        ActionKind::Drop => {
            if let Some(carried) = board.take_carried(us, a.from) {
                board.put(us, after_landing(us, carried, a.to), a.to);
            }
        }
    }
}
