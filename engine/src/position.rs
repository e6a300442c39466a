//! What every game shares: the [`Position`] trait that the game record,
//! perft, the search, the command-line tool and the web app are written
//! against, and the rule-free [`BoardView`] the board component draws.

use crate::Color;
use core::fmt::{self, Debug};
use core::hash::Hash;
use serde::{Deserialize, Serialize};

/// Which game is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameKind {
    /// American checkers (English draughts), RULES.md §1.
    Checkers,
    /// Tiers (Ultra Checkers), RULES.md §2.
    Tiers,
}

impl GameKind {
    /// The name used on the command line and in URLs: `checkers` or `tiers`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Checkers => "checkers",
            GameKind::Tiers => "tiers",
        }
    }

    /// Reads `checkers` or `tiers` (any case).
    pub fn parse(text: &str) -> Result<GameKind, UnknownGameKind> {
        match text.trim().to_ascii_lowercase().as_str() {
            "checkers" => Ok(GameKind::Checkers),
            "tiers" => Ok(GameKind::Tiers),
            _ => Err(UnknownGameKind(text.to_string())),
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A game name that is neither `checkers` nor `tiers`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownGameKind(pub String);

impl fmt::Display for UnknownGameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown game `{}`: expected `checkers` or `tiers`",
            self.0
        )
    }
}

impl std::error::Error for UnknownGameKind {}

/// The kind of a piece, by tier. Checkers uses only `Man` and `King`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum PieceKind {
    /// Tier 1.
    Man,
    /// Tier 2.
    King,
    /// Tier 3.
    Triple,
    /// Tier 4.
    Quad,
    /// Tier 5.
    Ultra,
    /// Tier 5+5: two merged ultra kings.
    DoubleUltra,
}

impl PieceKind {
    /// Every kind, lowest tier first.
    pub const ALL: [PieceKind; 6] = [
        PieceKind::Man,
        PieceKind::King,
        PieceKind::Triple,
        PieceKind::Quad,
        PieceKind::Ultra,
        PieceKind::DoubleUltra,
    ];

    /// The name shown to people: "man", "king", "triple king", …
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::Man => "man",
            PieceKind::King => "king",
            PieceKind::Triple => "triple king",
            PieceKind::Quad => "quad king",
            PieceKind::Ultra => "ultra king",
            PieceKind::DoubleUltra => "double ultra king",
        }
    }
}

/// One piece as the board component draws it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PieceView {
    /// Whose piece it is.
    pub color: Color,
    /// Its tier.
    pub kind: PieceKind,
    /// The piece it carries (same colour), if any.
    pub carried: Option<PieceKind>,
}

/// A rule-free picture of a position: 64 squares, index `file + 8 * rank`
/// (a1 = 0, h1 = 7, a8 = 56, h8 = 63). In checkers only dark squares hold
/// pieces.
pub type BoardView = [Option<PieceView>; 64];

/// A position of one of the games: everything the game record, perft, the
/// search and the user interface need, and nothing about how it is stored.
///
/// Positions are values: [`Position::play`] returns the position after a
/// move and leaves `self` untouched ("copy-make"); undo is keeping the old
/// value.
pub trait Position: Clone + Eq + Hash + Debug + Send + Sync + 'static {
    /// A legal move of this game. Small and `Copy`, so lists of moves never
    /// allocate per move.
    type Move: Copy + Eq + Hash + Debug + Send + Sync + 'static;
    /// The error returned when a position's text cannot be read.
    type ParseError: std::error::Error + Clone + Send + Sync + 'static;
    /// The error returned when a move's text is unreadable or illegal here.
    type MoveError: std::error::Error + Clone + Send + Sync + 'static;

    /// Which game this is.
    const KIND: GameKind;

    /// The standard start position (default formations in Tiers).
    fn start() -> Self;

    /// Reads a position: PDN FEN for checkers, TFEN for Tiers.
    fn parse(text: &str) -> Result<Self, Self::ParseError>;

    /// Writes the position as PDN FEN (checkers) or TFEN (Tiers).
    fn to_text(&self) -> String;

    /// The side to move.
    fn side_to_move(&self) -> Color;

    /// Appends every legal move, once per resulting position (RULES.md "One
    /// position, one move"), to `out`, which the caller clears and reuses so
    /// that move generation does not allocate once `out` has grown.
    fn legal_moves(&self, out: &mut Vec<Self::Move>);

    /// The position after `mv`, which must be one of [`Position::legal_moves`].
    #[must_use]
    fn play(&self, mv: &Self::Move) -> Self;

    /// Whether `mv` captures (resets the plies-since-capture counter).
    fn is_capture(&self, mv: &Self::Move) -> bool;

    /// Plies since the last capture (the 100-ply draw counter).
    fn plies_since_capture(&self) -> u32;

    /// The move number (starts at 1).
    fn move_number(&self) -> u32;

    /// A Zobrist hash of everything that defines the position: pieces,
    /// tiers, carried pieces and side to move (not the counters).
    fn zobrist(&self) -> u64;

    /// The number of pieces (stacks count once) `color` has on the board.
    fn piece_count(&self, color: Color) -> u32;

    /// The written form of `mv` in this position: the shortest form, ties
    /// broken alphabetically (RULES.md).
    fn move_to_string(&self, mv: &Self::Move) -> String;

    /// Reads a move in any of its written forms and checks it is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::MoveError>;

    /// The squares (64-square indices, see [`BoardView`]) a person clicks to
    /// enter `mv`: its origin, then each square it goes to or acts on, in
    /// order. The user interface matches clicks against these.
    fn move_squares(&self, mv: &Self::Move) -> Vec<u8>;

    /// The squares (64-square indices) of the pieces `mv` captures.
    fn captured_squares(&self, mv: &Self::Move) -> Vec<u8>;

    /// The pieces, for drawing.
    fn board_view(&self) -> BoardView;
}
