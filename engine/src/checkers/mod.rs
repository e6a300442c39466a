//! American checkers (RULES.md §1): 32-square bitboards, move generation,
//! PDN FEN, move text and PDN games.
//!
//! Squares are numbered 1–32 (1 = b8, 4 = h8, 5 = a7, 29 = a1, 32 = g1);
//! in every bitboard, bit `i` is square `i + 1`. Black starts on 1–12 and
//! moves first; Red starts on 21–32.
//!
//! ```
//! use tiers_engine::{checkers, Position};
//! let pos = checkers::Position::start();
//! let after = pos.play(&pos.parse_move("11-15").unwrap());
//! assert_eq!(after.to_text(), "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15");
//! assert_eq!(checkers::perft(&checkers::Board::START, 5), 7361);
//! ```

pub mod board;
pub mod fen;
pub mod movegen;
pub mod notation;
pub mod pdn;
mod position;
mod setup;

pub use board::{index64_to_square, square_name, square_to_index64, Board};
pub use fen::ParseFenError;
pub use movegen::{perft, Move};
pub use notation::MoveError;
pub use position::Position;
pub use setup::{Setup, SetupError};
