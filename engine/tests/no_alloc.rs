//! The move generators do not allocate: after a warm-up pass (in which the
//! reused move buffer and per-thread scratch space grow), generating the
//! legal moves of many positions of both games and playing every one of
//! them makes no allocation at all. Counted by a global allocator that
//! counts the allocations made on the test's own thread.
//!
//! This binary holds a single test so that nothing else runs beside it.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};

use tiers_engine::{checkers, tiers, Position};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

std::thread_local! {
    static COUNTING: Cell<bool> = const { Cell::new(false) };
}

fn count() {
    if COUNTING.with(Cell::get) {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
    }
}

// SAFETY: every call is forwarded to the system allocator unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count();
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Generates the moves of every position and plays each; returns a
/// checksum so that nothing is optimised away.
fn generate_all<P: Position>(positions: &[P], buffer: &mut Vec<P::Move>) -> u64 {
    let mut sum = 0u64;
    for p in positions {
        buffer.clear();
        p.legal_moves(buffer);
        for mv in buffer.iter() {
            sum = sum.wrapping_add(p.play(mv).zobrist());
        }
        sum = sum.wrapping_add(buffer.len() as u64);
    }
    sum
}

/// Positions reached by playing from `start`, taking the `k`-th move at
/// each step, for several `k`.
fn walk<P: Position>(start: &P, plies: usize, out: &mut Vec<P>) {
    for k in 0..7 {
        let mut p = start.clone();
        for ply in 0..plies {
            let mut moves = Vec::new();
            p.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            out.push(p.clone());
            p = p.play(&moves[(k * 7 + ply * 3) % moves.len()]);
        }
    }
}

#[test]
fn move_generation_does_not_allocate_after_warm_up() {
    // Set-up (allocates freely): positions of both games, including
    // captures, multi-jumps, kings and every tier with carried pieces and
    // double ultra kings.
    let mut checkers_positions = Vec::new();
    walk(&checkers::Position::start(), 120, &mut checkers_positions);
    for fen in [
        "W:WK18:B6,7,14,15",
        "B:W6,7,14,15:B2",
        "B:W15,17,23:B10,13",
        "W:W11:B6,7",
        "B:WK1,K2,K3,K4,K29,K30,K31,K32:BK13,K14,K15,K16",
    ] {
        checkers_positions.push(checkers::Position::parse(fen).unwrap());
    }
    let mut tiers_positions = Vec::new();
    walk(&tiers::Position::start(), 120, &mut tiers_positions);
    for tfen in [
        "8/8/8/3u[k]4/8/1K4U1/m3d3/M6T r 0 1",
        "2m2k2/1D1M3q/8/3u[k]2m1/8/1K4U1/m3d3/M6T r 0 1",
        "8/7M/8/6d[k]1/7u[m]/2d[k]5/2u[t]1t3/8 b 137 9",
        "1KD[K]5/4D1M1/1d6/8/8/8/D[M]2q4/4u3 r 148 164",
        "km4d[t]1/8/3k4/M2T3u/3D[T]4/8/4M3/1d[q]5K b 9 149",
        "8/8/8/8/3m4/8/8/D6K r 0 1",
        "8/8/8/3D4/8/8/8/7m r 0 1",
        "t1t1t1t1/1m1m1m1m/q1q1q1q1/8/3Q4/8/8/7K r 0 1",
    ] {
        let p = tiers::Position::parse(tfen).unwrap();
        walk(&p, 30, &mut tiers_positions);
        tiers_positions.push(p);
    }
    assert!(checkers_positions.len() > 300 && tiers_positions.len() > 700);
    let mut checkers_buffer = Vec::new();
    let mut tiers_buffer = Vec::new();

    // Warm-up: the buffers and scratch space grow to their largest. (The
    // counter sees those allocations: it works.)
    COUNTING.with(|c| c.set(true));
    let warm = generate_all(&checkers_positions, &mut checkers_buffer)
        ^ generate_all(&tiers_positions, &mut tiers_buffer);
    assert!(ALLOCATIONS.load(Ordering::Relaxed) > 0);

    ALLOCATIONS.store(0, Ordering::Relaxed);
    let again = generate_all(&checkers_positions, &mut checkers_buffer)
        ^ generate_all(&tiers_positions, &mut tiers_buffer);
    let fast = checkers::perft(checkers::Position::start().board(), 6);
    COUNTING.with(|c| c.set(false));

    assert_eq!(warm, again);
    assert_eq!(fast, 36768);
    // The fast perft allocates its per-ply buffers once (depth + 1
    // allocations: the outer vector and one per ply); nothing else may.
    assert_eq!(ALLOCATIONS.load(Ordering::Relaxed), 7);
}
