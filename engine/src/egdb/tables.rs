//! Slices held in memory at one code (16 bits) per position, and the value of any
//! position from stored bytes (positions with a capture pending, which the
//! files do not store, are resolved through their captures).

use super::index::{Canon, Material, SliceIndex};
use super::value::{Value, NOT_STORED};
use crate::checkers::Move;

/// Where stored bytes come from: a table of slices.
pub trait Lookup {
    /// The stored code of `c` (possibly [`NOT_STORED`]), or `None` when its
    /// slice is not available. `c` has a piece of each side.
    fn stored(&self, c: &Canon) -> Option<u16>;
}

/// The value of `c` for its side to move, or `None` when a slice it needs
/// is not available. Positions whose code is [`NOT_STORED`] (a capture is
/// pending) are worked out from the positions after each capture.
pub fn value_of<L: Lookup + ?Sized>(tables: &L, c: &Canon) -> Option<Value> {
    if c.us == 0 {
        return Some(Value::Loss(0));
    }
    if c.them != 0 {
        let b = tables.stored(c)?;
        if b != NOT_STORED {
            return Value::from_code(b);
        }
    }
    // A capture is pending (or the other side has no piece, and any move
    // leaves it without a legal move).
    let board = c.board();
    let mut moves: Vec<Move> = Vec::new();
    board.generate(&mut moves);
    let mut children = Vec::with_capacity(moves.len());
    for mv in &moves {
        children.push(value_of(tables, &Canon::of(&board.play(mv)))?);
    }
    Some(Value::from_children(children))
}

/// One slice in memory.
#[derive(Clone, Debug)]
pub struct Slice {
    /// Its numbering.
    pub index: SliceIndex,
    /// One code per position ([`Value::to_code`], or [`NOT_STORED`]).
    pub values: Vec<u16>,
}

/// The slices held in memory, by material.
#[derive(Debug, Default)]
pub struct Tables {
    slots: Vec<Option<Box<Slice>>>,
}

/// The slot of a material (each count below 16).
#[inline]
fn slot(m: Material) -> usize {
    (usize::from(m.us_kings) << 12)
        | (usize::from(m.us_men) << 8)
        | (usize::from(m.them_kings) << 4)
        | usize::from(m.them_men)
}

impl Tables {
    /// No slice.
    #[must_use]
    pub fn new() -> Tables {
        Tables {
            slots: (0..1 << 16).map(|_| None).collect(),
        }
    }

    /// The slice of `m`, if held.
    #[must_use]
    #[inline]
    pub fn get(&self, m: Material) -> Option<&Slice> {
        self.slots.get(slot(m))?.as_deref()
    }

    /// The slice of `m`, if held, to change.
    pub fn get_mut(&mut self, m: Material) -> Option<&mut Slice> {
        self.slots.get_mut(slot(m))?.as_deref_mut()
    }

    /// Holds `slice` (replacing any slice of the same material).
    pub fn insert(&mut self, slice: Slice) {
        let s = slot(slice.index.material());
        self.slots[s] = Some(Box::new(slice));
    }

    /// Drops the slice of `m`.
    pub fn remove(&mut self, m: Material) -> Option<Slice> {
        self.slots.get_mut(slot(m))?.take().map(|b| *b)
    }

    /// Whether the slice of `m` is held.
    #[must_use]
    pub fn contains(&self, m: Material) -> bool {
        self.get(m).is_some()
    }

    /// Drops the slices with as many pieces as `next` that solving or
    /// checking `next` and the slices after it in build order no longer
    /// need: those with two men or more fewer (a crowning leads to one
    /// man fewer). Only for the last piece count of a build: slices with
    /// fewer pieces stay, since captures can lead to any of them.
    pub fn release_before(&mut self, next: Material) {
        for held in self.materials() {
            if held.pieces() == next.pieces() && held.men() + 1 < next.men() {
                self.remove(held);
            }
        }
    }

    /// Every material held.
    #[must_use]
    pub fn materials(&self) -> Vec<Material> {
        self.slots
            .iter()
            .filter_map(|s| s.as_ref().map(|s| s.index.material()))
            .collect()
    }
}

impl Lookup for Tables {
    #[inline]
    fn stored(&self, c: &Canon) -> Option<u16> {
        let slice = self.get(c.material())?;
        Some(slice.values[slice.index.index(c) as usize])
    }
}
