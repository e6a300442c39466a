//! The retrograde solver: the values of one slice and of its mirror (the
//! same pieces with the other side to move), from slices already solved.
//!
//! A slice's positions fall into sub-slices, one per men configuration.
//! Every move that is not a king's step leaves the sub-slice: a capture
//! goes to a slice with fewer pieces, a crowning to a slice with fewer men,
//! and a man's step to a sub-slice of the mirror slice whose men are one
//! row further on. So sub-slices are solved in order of decreasing "men
//! progress" (rows advanced, summed over every man), and a sub-slice
//! together with its mirror sub-slice (the mover's king steps lead from
//! one to the other) is a small closed problem: every move that leaves it
//! leads to a solved position.
//!
//! Inside it, values are found by increasing distance (retrograde
//! analysis). Each position first looks at the moves that leave: the
//! fastest win among them, and whether one draws; its king steps are
//! counted. Then positions are settled in distance order from buckets: a
//! position lost in `d` makes every predecessor (found by stepping a king
//! of the side that just moved back, where that step was legal) a win in
//! `d + 1`; a position won in `d` takes one off each predecessor's count
//! of open king steps, and a predecessor whose last open step closes is
//! lost in one more than its longest line, unless it has a win or a draw.
//! What is never settled is a draw (the defender can keep stepping kings
//! between unsettled positions forever).

use super::index::{Canon, Material, SliceIndex};
use super::tables::{value_of, Slice, Tables};
use super::value::{Value, MAX_DISTANCE};
use crate::checkers::board::{Dir, NEIGHBOUR};
use crate::checkers::Move;
use core::fmt;

/// A solve that could not finish.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// A slice needed for a move out of the slice being solved is not held.
    Missing(Material),
    /// A win or loss longer than a byte can hold.
    TooLong(Material),
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Missing(m) => write!(
                f,
                "slice {} is needed and was not built or loaded first",
                m.name()
            ),
            SolveError::TooLong(m) => write!(
                f,
                "slice {} has a win longer than {MAX_DISTANCE} plies",
                m.name()
            ),
        }
    }
}

impl std::error::Error for SolveError {}

/// The men progress of a men configuration (mover's men `us`, moving to
/// higher squares, and the other side's `them`): the rows advanced, summed.
/// It is the same for a position and its mirror, and a man's step adds one.
#[inline]
fn progress(us: u32, them: u32) -> u32 {
    let mut p = 0;
    for i in crate::checkers::movegen::bits(us) {
        p += i / 4;
    }
    for i in crate::checkers::movegen::bits(them) {
        p += 7 - i / 4;
    }
    p
}

/// The mirror of a canonical position: the other side to move, board
/// turned half round (the canonical form of the same pieces with the other
/// side to move).
#[inline]
fn mirror(c: &Canon) -> Canon {
    Canon {
        us: c.them.reverse_bits(),
        them: c.us.reverse_bits(),
        kings: c.kings.reverse_bits(),
    }
}

/// Per-position state inside one sub-problem.
const UNSETTLED: u16 = u16::MAX;
/// `flags` bit: an external move wins (the position is in a bucket as a win).
const WIN_SCHEDULED: u8 = 1;
/// `flags` bit: an external move draws.
const DRAWS: u8 = 2;

/// One block of a sub-problem: a men configuration of a slice.
struct Block<'a> {
    index: &'a SliceIndex,
    us_men: u32,
    them_men: u32,
    /// Where its positions start in the local numbering.
    base: u32,
}

impl Block<'_> {
    #[inline]
    fn free(&self) -> u32 {
        !(self.us_men | self.them_men)
    }

    #[inline]
    fn local(&self, c: &Canon) -> u32 {
        self.base
            + self
                .index
                .kings_index(self.free(), c.us_kings(), c.them_kings()) as u32
    }
}

/// Buffers reused from one sub-problem to the next.
#[derive(Default)]
struct Work {
    positions: Vec<Canon>,
    /// Per position, together so a predecessor costs one cache line.
    state: Vec<State>,
    /// The values, for copying into the slice.
    value: Vec<u16>,
    buckets: Vec<Vec<u32>>,
    moves: Vec<Move>,
}

/// What is known of one position of a sub-problem.
#[derive(Clone, Copy, Default)]
struct State {
    /// Its code, or [`UNSETTLED`].
    value: u16,
    /// One more than the longest win among the positions its settled king
    /// steps lead to (its loss distance once every step is settled).
    longest: u16,
    /// King steps not yet known to lead to a position won for the opponent.
    open: u8,
    /// [`WIN_SCHEDULED`], [`DRAWS`].
    flags: u8,
}

/// Solves the slice of `material` and its mirror, whose every other
/// dependency must be in `tables`; both are inserted into `tables`. Calls
/// `progress(done, total)` with men configurations solved.
pub fn solve_pair(
    tables: &mut Tables,
    material: Material,
    mut on_progress: impl FnMut(u64, u64),
) -> Result<(), SolveError> {
    let mirror_material = material.swapped();
    let symmetric = mirror_material == material;
    let index = SliceIndex::new(material);
    let mirror_index = SliceIndex::new(mirror_material);
    let len = index.len() as usize;
    tables.insert(Slice {
        index: index.clone(),
        values: vec![0; len],
    });
    if !symmetric {
        tables.insert(Slice {
            index: mirror_index.clone(),
            values: vec![0; mirror_index.len() as usize],
        });
    }

    // Men configurations by decreasing progress.
    let configs = index.men_configs();
    let mut by_progress: Vec<Vec<(u64, u32, u32)>> = vec![Vec::new(); 64];
    index.for_each_men(|mi, us, them| {
        by_progress[progress(us, them) as usize].push((mi, us, them));
    });
    let mut done_config = if symmetric {
        vec![false; configs as usize]
    } else {
        Vec::new()
    };
    let mut work = Work { ..Work::default() };
    let mut solved = 0u64;
    for level in by_progress.iter().rev() {
        for &(mi, us, them) in level {
            if symmetric && done_config[mi as usize] {
                continue;
            }
            // The mirror configuration.
            let m_us = them.reverse_bits();
            let m_them = us.reverse_bits();
            let m_mi = mirror_index.men_index(m_us, m_them);
            let a = Block {
                index: &index,
                us_men: us,
                them_men: them,
                base: 0,
            };
            let paired = symmetric && m_mi == mi;
            let b = Block {
                index: &mirror_index,
                us_men: m_us,
                them_men: m_them,
                base: if paired {
                    0
                } else {
                    index.kings_per_men() as u32
                },
            };
            if symmetric {
                done_config[mi as usize] = true;
                done_config[m_mi as usize] = true;
                solved += if paired { 1 } else { 2 };
            } else {
                solved += 1;
            }
            solve_sub(tables, &mut work, &a, &b, paired, material)?;
            // Store the values.
            let k = index.kings_per_men() as usize;
            let slice = tables.get_mut(material).expect("inserted above");
            let start = mi as usize * k;
            slice.values[start..start + k].copy_from_slice(&work.value[..k]);
            if !paired {
                let slice = tables.get_mut(mirror_material).expect("inserted above");
                let start = m_mi as usize * k;
                slice.values[start..start + k].copy_from_slice(&work.value[k..2 * k]);
            }
            on_progress(solved, configs);
        }
    }
    Ok(())
}

/// Puts local position `l` in the bucket of distance `d`.
#[inline]
fn push(buckets: &mut Vec<Vec<u32>>, used: &mut usize, d: usize, l: usize) {
    if d >= buckets.len() {
        buckets.resize_with(d + 1, Vec::new);
    }
    buckets[d].push(l as u32);
    *used = (*used).max(d + 1);
}

/// Solves one sub-problem: blocks `a` and `b` (the same block when
/// `paired`). Leaves the bytes in `work.value`, block `a` first.
fn solve_sub(
    tables: &Tables,
    work: &mut Work,
    a: &Block,
    b: &Block,
    paired: bool,
    material: Material,
) -> Result<(), SolveError> {
    let k = a.index.kings_per_men() as usize;
    let n = if paired { k } else { 2 * k };
    work.positions.clear();
    for block in [a, b].into_iter().take(if paired { 1 } else { 2 }) {
        let free = block.free();
        block.index.for_each_kings(free, |_, uk, tk| {
            work.positions.push(Canon {
                us: block.us_men | uk,
                them: block.them_men | tk,
                kings: uk | tk,
            });
        });
    }
    debug_assert_eq!(work.positions.len(), n);
    work.state.clear();
    work.state.resize(
        n,
        State {
            value: UNSETTLED,
            ..State::default()
        },
    );
    for bucket in &mut work.buckets {
        bucket.clear();
    }
    let mut used = 0usize;
    let too_long = |d: usize| d > usize::from(MAX_DISTANCE);

    // Moves that leave the sub-problem.
    for l in 0..n {
        let c = work.positions[l];
        let board = c.board();
        work.moves.clear();
        board.generate(&mut work.moves);
        let mut open = 0u32;
        let mut fastest_win = usize::MAX;
        let mut longest = 0usize;
        let mut draws = false;
        for mv in &work.moves {
            if !mv.is_capture() && c.kings & mv.from_bit() != 0 {
                open += 1;
                continue;
            }
            let child = Canon::of(&board.play(mv));
            let v =
                value_of(tables, &child).ok_or_else(|| SolveError::Missing(child.material()))?;
            match v {
                Value::Loss(d) => fastest_win = fastest_win.min(usize::from(d) + 1),
                Value::Win(d) => longest = longest.max(usize::from(d) + 1),
                Value::Draw => draws = true,
            }
        }
        if fastest_win != usize::MAX {
            if too_long(fastest_win) {
                return Err(SolveError::TooLong(material));
            }
            work.state[l].flags |= WIN_SCHEDULED;
            push(&mut work.buckets, &mut used, fastest_win, l);
        } else if open == 0 {
            if draws {
                work.state[l].value = Value::Draw.to_code();
            } else {
                if too_long(longest) {
                    return Err(SolveError::TooLong(material));
                }
                push(&mut work.buckets, &mut used, longest, l);
            }
        } else {
            if draws {
                work.state[l].flags |= DRAWS;
            }
        }
        work.state[l].open = open as u8;
        work.state[l].longest = longest as u16;
    }

    // Settle by distance.
    let mut d = 0;
    while d < used {
        let mut i = 0;
        while i < work.buckets[d].len() {
            let l = work.buckets[d][i] as usize;
            i += 1;
            if work.state[l].value != UNSETTLED {
                continue;
            }
            let d16 = d as u16;
            let won = d % 2 == 1;
            work.state[l].value = if won {
                Value::Win(d16).to_code()
            } else {
                Value::Loss(d16).to_code()
            };
            let c = work.positions[l];
            let to = if paired || l >= k { a } else { b };
            // Predecessors: a king of the side that just moved steps back.
            let occupied = c.us | c.them;
            let mut kings = c.them_kings();
            while kings != 0 {
                let t = kings & kings.wrapping_neg();
                kings ^= t;
                let ti = t.trailing_zeros() as usize;
                for dir in Dir::ALL {
                    let s = NEIGHBOUR[dir as usize][ti];
                    if s == 0 || s & occupied != 0 {
                        continue;
                    }
                    let before = Canon {
                        us: c.us,
                        them: c.them ^ t ^ s,
                        kings: c.kings ^ t ^ s,
                    };
                    let pred = mirror(&before);
                    if pred.board().capturers() != 0 {
                        continue;
                    }
                    let p = to.local(&pred) as usize;
                    if work.state[p].value != UNSETTLED {
                        continue;
                    }
                    if !won {
                        if d + 1 > usize::from(MAX_DISTANCE) {
                            return Err(SolveError::TooLong(material));
                        }
                        work.state[p].flags |= WIN_SCHEDULED;
                        push(&mut work.buckets, &mut used, d + 1, p);
                    } else {
                        work.state[p].open -= 1;
                        work.state[p].longest = work.state[p].longest.max((d + 1) as u16);
                        if work.state[p].open == 0 && work.state[p].flags & WIN_SCHEDULED == 0 {
                            if work.state[p].flags & DRAWS != 0 {
                                work.state[p].value = Value::Draw.to_code();
                            } else {
                                let at = usize::from(work.state[p].longest);
                                if too_long(at) {
                                    return Err(SolveError::TooLong(material));
                                }
                                push(&mut work.buckets, &mut used, at, p);
                            }
                        }
                    }
                }
            }
        }
        d += 1;
    }
    work.value.clear();
    work.value.extend(work.state.iter().map(|s| {
        if s.value == UNSETTLED {
            Value::Draw.to_code()
        } else {
            s.value
        }
    }));
    Ok(())
}
