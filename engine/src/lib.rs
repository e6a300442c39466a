//! Rules, notation and AI for **American checkers** and **Tiers** (Ultra
//! Checkers), as written in the project's RULES.md.
//!
//! The crate has no web dependencies: the same code runs natively (tests,
//! benches, the `tiers` command-line tool) and in the browser.
//!
//! - [`checkers`] and [`tiers`]: positions, move generation, notation
//!   (PDN FEN / TFEN and move text), formations;
//! - [`Position`]: what both games share, and what the rest is written
//!   against; [`Game`]: a game record with undo/redo and the outcome;
//! - [`pdn`]: game files (checkers PDN and the Tiers game record), read
//!   into and written from a [`tree::GameTree`] (variations, comments, NAGs);
//! - [`perft`] and [`search`]: move-tree counting and the AI; [`egdb`]
//!   and [`book`]: its endgame databases and opening book.
//!
//! ```
//! use tiers_engine::{checkers, Position};
//! let start = checkers::Position::start();
//! let mut moves = Vec::new();
//! start.legal_moves(&mut moves);
//! assert_eq!(moves.len(), 7);
//! ```
#![deny(missing_docs)]

pub mod book;
pub mod checkers;
mod color;
pub mod datafile;
pub mod egdb;
pub mod game;
pub mod pdn;
pub mod perft;
mod position;
pub mod puzzle;
#[cfg(feature = "reference")]
pub mod reference;
pub mod search;
pub mod shapes;
pub mod tiers;
pub mod tree;

pub use color::Color;
pub use game::{DrawReason, Game, GameError, Outcome, WinReason};
pub use position::{BoardView, GameKind, PieceKind, PieceView, Position, UnknownGameKind};
