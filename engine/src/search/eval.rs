//! Static evaluation: the [`Evaluate`] trait the search is written against,
//! and its implementations for both games (`checkers` and `tiers` below).
//!
//! Scores are in hundredths of a man, from the point of view of the side to
//! move: positive is good for the side to move.

use crate::Position;
use core::hash::{Hash, Hasher};

pub mod checkers;
pub mod learned;
pub mod nnue;
pub mod tiers;

pub use nnue::EvalStack;

/// A position the search can judge: a static evaluation, a material count
/// for the baseline players, and a small key per move for the ordering
/// tables.
pub trait Evaluate: Position {
    /// The static evaluation for the side to move, in hundredths of a man.
    /// Must stay well inside ±[`super::MATE_BOUND`].
    fn evaluate(&self) -> i32;

    /// The hand-set evaluation where the game has a learned one (Tiers),
    /// else [`Evaluate::evaluate`]: what `tiers selfplay` plays as
    /// `L:handset`.
    fn evaluate_handset(&self) -> i32 {
        self.evaluate()
    }

    /// The learned pattern evaluation where the game has a neural one
    /// (checkers), else [`Evaluate::evaluate`]: what `tiers selfplay`
    /// plays as `L:patterns`.
    fn evaluate_patterns(&self) -> i32 {
        self.evaluate()
    }

    /// [`Evaluate::evaluate`] of this position, reached by one move from
    /// `parent` (when there is one) at `ply` plies from the search's root,
    /// with the search's evaluation state `stack`: the same value, sooner
    /// where the evaluation is updated move by move (the neural checkers
    /// evaluation keeps its accumulators in `stack`).
    fn evaluate_in(&self, stack: &mut EvalStack, parent: Option<&Self>, ply: usize) -> i32 {
        let _ = (stack, parent, ply);
        self.evaluate()
    }

    /// The neural evaluation where the game has one (checkers), else
    /// [`Evaluate::evaluate`]: what `tiers selfplay` plays as `L:nnue`.
    fn evaluate_neural(&self) -> i32 {
        self.evaluate()
    }

    /// [`Evaluate::evaluate_neural`], as [`Evaluate::evaluate_in`] is to
    /// [`Evaluate::evaluate`].
    fn evaluate_neural_in(&self, stack: &mut EvalStack, parent: Option<&Self>, ply: usize) -> i32 {
        let _ = (stack, parent, ply);
        self.evaluate_neural()
    }

    /// Material only, for the side to move (man = 100): what the baseline
    /// and greedy players see.
    fn material(&self) -> i32;

    /// A small number naming `mv` in the ordering tables (killers,
    /// history). Different moves of one position should mostly get
    /// different keys; the same move (same squares) in related positions
    /// should get the same key. The default hashes the move value.
    fn move_key(&self, mv: &Self::Move) -> u32 {
        let mut h = FxHasher(0);
        mv.hash(&mut h);
        (h.0 >> 32) as u32
    }

    /// What the side to move can do: capture (and so must), only move
    /// quietly, or nothing (it has lost). The search never evaluates a
    /// position with a capture statically. The default generates the
    /// moves; games override it with something cheaper.
    fn mobility(&self) -> Mobility {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        if moves.is_empty() {
            Mobility::Stuck
        } else if moves.iter().any(|m| self.is_capture(m)) {
            Mobility::Captures
        } else {
            Mobility::Quiet
        }
    }

    /// How much `mv` captures, in hundredths of a man, to try big captures
    /// first. The default is 0 (captures are then ordered by history).
    fn capture_value(&self, mv: &Self::Move) -> i32 {
        let _ = mv;
        0
    }
}

/// What the side to move can do, see [`Evaluate::mobility`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mobility {
    /// It has a capture, so every legal move captures.
    Captures,
    /// It has moves, none of them a capture.
    Quiet,
    /// It has no legal move: it has lost.
    Stuck,
}

/// A tiny, fast, deterministic hasher for move keys (no random state, so
/// searches are reproducible).
struct FxHasher(u64);

impl Hasher for FxHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u8(&mut self, i: u8) {
        self.write_u64(u64::from(i));
    }

    fn write_u16(&mut self, i: u16) {
        self.write_u64(u64::from(i));
    }

    fn write_u32(&mut self, i: u32) {
        self.write_u64(u64::from(i));
    }

    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
}

/// A well-mixed 64-bit hash (SplitMix64's), used for evaluation noise and
/// seeded choices.
pub use tiers_rng::mix64;

/// Deterministic noise in `-amplitude..=amplitude` for a position hash and
/// a seed.
///
/// ```
/// use tiers_engine::search::eval::noise;
/// let n = noise(0xdead_beef, 7, 30);
/// assert!((-30..=30).contains(&n));
/// assert_eq!(n, noise(0xdead_beef, 7, 30));
/// assert_eq!(noise(0xdead_beef, 7, 0), 0);
/// ```
#[must_use]
pub fn noise(zobrist: u64, seed: u64, amplitude: i32) -> i32 {
    if amplitude <= 0 {
        return 0;
    }
    let span = 2 * amplitude as u64 + 1;
    (mix64(zobrist ^ mix64(seed)) % span) as i32 - amplitude
}

/// An evaluation that is a weighted sum of features plus a fixed part:
/// what `tiers tune` (Texel tuning) works on.
pub trait Linear: Evaluate {
    /// The feature names, in weight order.
    const FEATURES: &'static [&'static str];
    /// The current weights, in hundredths of a man.
    const WEIGHTS: &'static [i32];

    /// The feature values for the side to move (`out` gets one value per
    /// feature, replacing what it held).
    fn features(&self, out: &mut Vec<i32>);

    /// The part of the evaluation that is not tuned (endgame knowledge).
    fn fixed(&self) -> i32;

    /// The evaluation with other weights: `Σ weights·features + fixed`.
    fn evaluate_with(&self, weights: &[i32]) -> i32 {
        let mut f = Vec::with_capacity(Self::FEATURES.len());
        self.features(&mut f);
        f.iter().zip(weights).map(|(f, w)| f * w).sum::<i32>() + self.fixed()
    }
}

/// A position evaluated by its game's hand-set evaluation
/// ([`Evaluate::evaluate_handset`]) instead of the learned one; everything
/// else is the game's own. `tiers train` generates its games with it (so
/// the weights do not depend on the weights file they replace) and
/// `tiers selfplay` plays it as `L:handset`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Handset<P>(pub P);

/// Implements [`Position`] for a one-field wrapper `$wrapper<P>` of a
/// position `P: $bound`, handing every call to the position inside: the
/// wrappers that only evaluate differently ([`Handset`], `tiers tune`'s
/// `Tuned`) share it.
#[doc(hidden)]
#[macro_export]
macro_rules! position_by_wrapping {
    ($wrapper:ident, $bound:path) => {
        impl<P: $bound> $crate::Position for $wrapper<P> {
            type Move = <P as $crate::Position>::Move;
            type ParseError = <P as $crate::Position>::ParseError;
            type MoveError = <P as $crate::Position>::MoveError;
            const KIND: $crate::GameKind = <P as $crate::Position>::KIND;

            fn start() -> Self {
                $wrapper(<P as $crate::Position>::start())
            }
            fn parse(text: &str) -> Result<Self, Self::ParseError> {
                <P as $crate::Position>::parse(text).map($wrapper)
            }
            fn to_text(&self) -> String {
                $crate::Position::to_text(&self.0)
            }
            fn side_to_move(&self) -> $crate::Color {
                $crate::Position::side_to_move(&self.0)
            }
            fn legal_moves(&self, out: &mut Vec<Self::Move>) {
                $crate::Position::legal_moves(&self.0, out);
            }
            fn play(&self, mv: &Self::Move) -> Self {
                $wrapper($crate::Position::play(&self.0, mv))
            }
            fn is_capture(&self, mv: &Self::Move) -> bool {
                $crate::Position::is_capture(&self.0, mv)
            }
            fn plies_since_capture(&self) -> u32 {
                $crate::Position::plies_since_capture(&self.0)
            }
            fn move_number(&self) -> u32 {
                $crate::Position::move_number(&self.0)
            }
            fn zobrist(&self) -> u64 {
                $crate::Position::zobrist(&self.0)
            }
            fn piece_count(&self, color: $crate::Color) -> u32 {
                $crate::Position::piece_count(&self.0, color)
            }
            fn move_to_string(&self, mv: &Self::Move) -> String {
                $crate::Position::move_to_string(&self.0, mv)
            }
            fn parse_move(&self, text: &str) -> Result<Self::Move, Self::MoveError> {
                $crate::Position::parse_move(&self.0, text)
            }
            fn move_squares(&self, mv: &Self::Move) -> Vec<u8> {
                $crate::Position::move_squares(&self.0, mv)
            }
            fn captured_squares(&self, mv: &Self::Move) -> Vec<u8> {
                $crate::Position::captured_squares(&self.0, mv)
            }
            fn board_view(&self) -> $crate::BoardView {
                $crate::Position::board_view(&self.0)
            }
        }
    };
}

crate::position_by_wrapping!(Handset, Evaluate);

/// A position evaluated by its game's learned pattern evaluation
/// ([`Evaluate::evaluate_patterns`]) instead of the neural one; everything
/// else is the game's own. `tiers train nnue` generates its games with
/// it and `tiers selfplay` plays it as `L:patterns`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Patterns<P>(pub P);

crate::position_by_wrapping!(Patterns, Evaluate);

/// A position evaluated by its game's neural evaluation
/// ([`Evaluate::evaluate_neural`], updated move by move in the search);
/// everything else is the game's own. `tiers selfplay` plays it as
/// `L:nnue`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Neural<P>(pub P);

crate::position_by_wrapping!(Neural, Evaluate);

/// Implements [`Evaluate`] for a wrapper `$wrapper<P>` of
/// [`position_by_wrapping!`] (`P: $bound`): `evaluate` is `$body` with
/// `$pos` the position inside, everything else the position's own, plus
/// any further items (an incremental `evaluate_in`). The evaluation
/// wrappers ([`Handset`], [`Patterns`], [`Neural`], `tiers tune`'s
/// `Tuned`, the tests' own) share it.
#[doc(hidden)]
#[macro_export]
macro_rules! evaluate_by_wrapping {
    ($wrapper:ident, $bound:path, |$pos:ident| $body:expr $(, $extra:item)*) => {
        impl<P: $bound> $crate::search::Evaluate for $wrapper<P> {
            #[inline]
            fn evaluate(&self) -> i32 {
                let $pos = &self.0;
                $body
            }
            $($extra)*
            fn material(&self) -> i32 {
                $crate::search::Evaluate::material(&self.0)
            }
            #[inline]
            fn move_key(&self, mv: &Self::Move) -> u32 {
                $crate::search::Evaluate::move_key(&self.0, mv)
            }
            #[inline]
            fn capture_value(&self, mv: &Self::Move) -> i32 {
                $crate::search::Evaluate::capture_value(&self.0, mv)
            }
            #[inline]
            fn mobility(&self) -> $crate::search::Mobility {
                $crate::search::Evaluate::mobility(&self.0)
            }
        }
    };
}

crate::evaluate_by_wrapping!(
    Neural,
    Evaluate,
    |p| p.evaluate_neural(),
    #[inline]
    fn evaluate_in(&self, stack: &mut EvalStack, parent: Option<&Self>, ply: usize) -> i32 {
        self.0.evaluate_neural_in(stack, parent.map(|p| &p.0), ply)
    }
);
crate::evaluate_by_wrapping!(Patterns, Evaluate, |p| p.evaluate_patterns());
crate::evaluate_by_wrapping!(Handset, Evaluate, |p| p.evaluate_handset());
