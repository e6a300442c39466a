//! Game files: PDN for checkers and the PDN-like Tiers game record, read and
//! written by one machinery; each game overrides only what differs (its
//! `GameType`, how the start position is given, who moves first).
//!
//! A file holds any number of games. Each game is tag pairs
//! (`[Event "Club night"]`), then the moves with move numbers, then a
//! result. Reading accepts what programs such as CheckerBoard and
//! pydraughts write: tags in any order, the seven archival tags or fewer,
//! `FEN` with or without `SetUp`, `GameType "21"` or its long form
//! `"21,B,8,8,N1,0"`, move numbers like `1.` `1...` or `12.11-15`, moves
//! with spaces around their separators (`11 - 15`), comments `{...}`,
//! variations `(...)`, `;` line comments, NAGs (`$3`) and move suffixes
//! (`!`, `?!`), results `1-0`, `0-1`, `1/2-1/2`, `*` and the points forms
//! `2-0`, `0-2`, `1-1`. A loss on time (RULES.md §3) is written as its
//! result with the tag `[Termination "time forfeit"]`, as PGN does, and
//! read back from it. Each move's comments and NAGs (a suffix read as its
//! NAG: `?` 2, `??` 4, `?!` 6, …) are kept with it ([`PdnGame::notes`])
//! and written back by [`write_annotated`]; variations are skipped. Move
//! numbers in the file are not checked (some
//! programs number the moves of American checkers as if Red moved first);
//! the moves are.
//!
//! **Results.** `1-0` means the side that moves first won: Black in
//! checkers (as CheckerBoard writes it), Red in Tiers; `0-1` the other
//! side; `1/2-1/2` a draw. The `White` tag names Red's player, `Black`
//! Black's, in both games.
//!
//! ```
//! use tiers_engine::{checkers, pdn, Color, Game, Position};
//!
//! let text = r#"[Event "Club night"]
//! [White "Ann"]
//! [Black "Bob"]
//! [Result "1-0"]
//!
//! 1. 11-15 23-19 {the Old Fourteenth?} 2. 8-11 22-17 1-0
//! "#;
//! let games = pdn::read_games::<checkers::Position>(text).unwrap();
//! assert_eq!(games[0].tags.get("White"), Some("Ann"));
//! assert_eq!(games[0].game.move_texts(), ["11-15", "23-19", "8-11", "22-17"]);
//! // The game was not over on the board: Red resigned.
//! assert_eq!(games[0].game.outcome().and_then(|o| o.winner()), Some(Color::Black));
//!
//! // Writing gives the seven archival tags, the game type and the moves.
//! let written = pdn::write_game(&games[0].tags, &games[0].game);
//! assert!(written.starts_with("[Event \"Club night\"]\n[Site \"?\"]\n"));
//! assert!(written.contains("[GameType \"21\"]\n"));
//! assert!(written.ends_with("1. 11-15 23-19 2. 8-11 22-17 1-0\n"));
//!
//! // Errors say what is wrong and where.
//! let err = pdn::read_games::<checkers::Position>("1. 11-15 23-19 2. 11-15 *").unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "game 1, line 1, column 19: move 2 (Black): 11-15 is not legal here: there is no piece on 11 (Black to move); \
//!      legal moves: 7-11, 8-11, 9-13, 9-14, 10-14, 12-16, 15-18"
//! );
//! ```

use crate::shapes::{self, Shape, ShapeSquares};
use crate::tree::{GameTree, NodeId};
use crate::{Color, Game, GameKind, Outcome, Position, WinReason};
use core::fmt;

/// The seven archival tags of the PDN standard, in their standard order.
pub const SEVEN_TAGS: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// The `Termination` tag's value for a loss on time (as in PGN).
pub const TIME_FORFEIT: &str = "time forfeit";

/// The tags the writer produces itself (from the game), so that a caller's
/// values for them are not written twice.
const DERIVED_TAGS: [&str; 6] = [
    "Result",
    "GameType",
    "SetUp",
    "FEN",
    "RedFormation",
    "BlackFormation",
];

/// The tag pairs of a game, in order. Names are case-sensitive, as in PDN.
///
/// ```
/// use tiers_engine::pdn::Tags;
/// let mut tags = Tags::new();
/// assert_eq!(tags.get("Date"), Some("????.??.??"));
/// tags.set("White", "Ann");
/// tags.set("TimeControl", "40/60");
/// assert_eq!(tags.get("White"), Some("Ann"));
/// assert_eq!(tags.iter().count(), 8);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tags {
    pairs: Vec<(String, String)>,
}

impl Tags {
    /// The seven archival tags with the PDN values for "unknown": `?`,
    /// `????.??.??` for the date and `*` for the result.
    #[must_use]
    pub fn new() -> Tags {
        let mut tags = Tags::empty();
        for name in SEVEN_TAGS {
            let value = match name {
                "Date" => "????.??.??",
                "Result" => "*",
                _ => "?",
            };
            tags.set(name, value);
        }
        tags
    }

    /// No tags at all.
    #[must_use]
    pub const fn empty() -> Tags {
        Tags { pairs: Vec::new() }
    }

    /// The value of tag `name`, if present.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&str> {
        self.pairs
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets tag `name` (replacing its value, or adding it at the end).
    pub fn set(&mut self, name: &str, value: &str) {
        match self.pairs.iter_mut().find(|(n, _)| n == name) {
            Some(pair) => pair.1 = value.to_string(),
            None => self.pairs.push((name.to_string(), value.to_string())),
        }
    }

    /// Removes tag `name`; returns its value.
    pub fn remove(&mut self, name: &str) -> Option<String> {
        let i = self.pairs.iter().position(|(n, _)| n == name)?;
        Some(self.pairs.remove(i).1)
    }

    /// Every tag pair, in order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.pairs.iter().map(|(n, v)| (n.as_str(), v.as_str()))
    }
}

/// A game result as written in PDN.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PdnResult {
    /// One side won.
    Win(Color),
    /// A draw.
    Draw,
    /// Unknown or unfinished: `*`.
    Unknown,
}

impl PdnResult {
    /// The result text for a game whose first mover is `first`: `1-0` when
    /// `first` won, `0-1` when the other side won, `1/2-1/2`, `*`.
    #[must_use]
    pub fn text(self, first: Color) -> &'static str {
        match self {
            PdnResult::Win(c) if c == first => "1-0",
            PdnResult::Win(_) => "0-1",
            PdnResult::Draw => "1/2-1/2",
            PdnResult::Unknown => "*",
        }
    }

    /// Reads a result token (`1-0`, `0-1`, `1/2-1/2`, `*`, and the points
    /// forms `2-0`, `0-2`, `1-1`, `0-0`) for a game whose first mover is
    /// `first`.
    #[must_use]
    pub fn parse(text: &str, first: Color) -> Option<PdnResult> {
        Some(match text {
            "1-0" | "2-0" => PdnResult::Win(first),
            "0-1" | "0-2" => PdnResult::Win(first.opposite()),
            "1/2-1/2" | "1-1" | "½-½" => PdnResult::Draw,
            "*" | "0-0" => PdnResult::Unknown,
            _ => return None,
        })
    }

    /// The result of a game record at its cursor.
    #[must_use]
    pub fn of_outcome(outcome: Option<Outcome>) -> PdnResult {
        match outcome {
            Some(Outcome::Win { winner, .. }) => PdnResult::Win(winner),
            Some(Outcome::Draw { .. }) => PdnResult::Draw,
            None => PdnResult::Unknown,
        }
    }
}

/// What each game brings to the shared reader and writer.
pub trait Variant: Position + ShapeSquares {
    /// The `GameType` tag value written for this game.
    const GAME_TYPE: &'static str;

    /// The side that moves first from the standard start.
    const FIRST: Color;

    /// Whether a `GameType` tag value (trimmed) announces this game.
    fn accepts_game_type(value: &str) -> bool;

    /// The tags that give the start position, if it is not the standard
    /// start (e.g. `SetUp` and `FEN`).
    fn start_tags(start: &Self) -> Vec<(&'static str, String)>;

    /// The start position the tags give (the standard start if none does).
    /// `first_number` is the first move number written in the movetext, if
    /// any, for games whose position text does not carry it.
    fn start_from_tags(tags: &Tags, first_number: Option<u32>) -> Result<Self, BadStart>;
}

/// One game read from a file.
#[derive(Clone, Debug)]
pub struct PdnGame<P: Position> {
    /// Its tags, as read (the `Result` tag included).
    pub tags: Tags,
    /// The game: start position and moves, with the cursor after the last
    /// move. A stated win or draw that the board does not show is recorded
    /// as a resignation or an agreed draw (a win with
    /// `[Termination "time forfeit"]` as a loss on time).
    pub game: Game<P>,
    /// The result the file states (the movetext's result, else the
    /// `Result` tag).
    pub result: PdnResult,
    /// What the file says about each move of the main line (one per move,
    /// in order): its NAGs and comment.
    pub notes: Vec<Annotation>,
    /// The whole move tree: the main line (the moves of `game`), its
    /// variations, and the notes of every move. A comment before the first
    /// move is the root's note.
    pub tree: GameTree<P>,
}

/// What a file says about one move: its NAGs (a suffix `?` is `$2`, `??`
/// `$4`, `?!` `$6`, `!` `$1`, `!!` `$3`, `!?` `$5`) and its comments (the
/// `{...}` after it, joined by a space, white space collapsed).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Annotation {
    /// Numeric annotation glyphs, in file order.
    pub nags: Vec<u8>,
    /// The comment; empty when none.
    pub comment: String,
    /// The arrows and marked squares drawn on the position after the move
    /// (the `[%cal …]` and `[%csl …]` commands of its comment, see
    /// [`crate::shapes`]), sorted.
    pub shapes: Vec<Shape>,
}

impl Annotation {
    /// Whether it says nothing.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.nags.is_empty() && self.comment.is_empty() && self.shapes.is_empty()
    }

    /// Takes the shapes' commands out of the comment into
    /// [`Annotation::shapes`].
    fn take_shapes<G: ShapeSquares>(&mut self) {
        if self.comment.contains("[%") {
            let (text, shapes) = shapes::split::<G>(&self.comment);
            self.comment = text;
            for s in shapes {
                shapes::put(&mut self.shapes, s);
            }
        }
    }

    fn add_comment(&mut self, text: &str) {
        for word in text.split_whitespace() {
            if !self.comment.is_empty() {
                self.comment.push(' ');
            }
            self.comment.push_str(word);
        }
    }
}

/// The NAG of a move suffix (`?` → 2), if it is one.
#[must_use]
pub fn suffix_nag(suffix: &str) -> Option<u8> {
    Some(match suffix {
        "!" => 1,
        "?" => 2,
        "!!" => 3,
        "??" => 4,
        "!?" => 5,
        "?!" => 6,
        _ => return None,
    })
}

/// The move suffix written for a NAG (`2` → `?`), if it has one.
#[must_use]
pub fn nag_suffix(nag: u8) -> Option<&'static str> {
    Some(match nag {
        1 => "!",
        2 => "?",
        3 => "!!",
        4 => "??",
        5 => "!?",
        6 => "?!",
        _ => return None,
    })
}

/// Why a file could not be read: what and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnError {
    /// The game (1 for the first in the file); 0 when no game was found.
    pub game: usize,
    /// The line (1 for the first).
    pub line: usize,
    /// The column, in characters (1 for the first).
    pub column: usize,
    /// What is wrong.
    pub kind: PdnErrorKind,
}

/// The longest game file read (in bytes): 16 MB, several times the
/// largest published collections of checkers games. Longer files are
/// refused before they are looked at.
pub const MAX_PDN_LEN: usize = 16 << 20;

/// A tag that gives no playable start position: which tag, its value and
/// the error of the notation it is written in (each with its own codes, so
/// a page can say it in its language).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadStart {
    /// The tag's name (`FEN`, `RedFormation`, `BlackFormation`).
    pub tag: &'static str,
    /// Its value as written.
    pub value: String,
    /// What is wrong with it.
    pub problem: StartProblem,
}

/// What is wrong with a start position's tag, by its notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartProblem {
    /// A checkers PDN FEN.
    Fen(crate::checkers::fen::ParseFenError),
    /// A Tiers TFEN.
    Tfen(crate::tiers::ParseTfenError),
    /// A Tiers formation (`RedFormation` / `BlackFormation`).
    Formation(crate::tiers::FormationError),
}

impl fmt::Display for BadStart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} \"{}\": ", self.tag, self.value)?;
        match &self.problem {
            StartProblem::Fen(e) => e.fmt(f),
            StartProblem::Tfen(e) => e.fmt(f),
            StartProblem::Formation(e) => e.fmt(f),
        }
    }
}

/// What is wrong in a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PdnErrorKind {
    /// The text holds no game at all.
    NoGame,
    /// The file is longer than [`MAX_PDN_LEN`] bytes.
    TooLong(usize),
    /// A tag that is not of the form `[Name "value"]`.
    BadTag(String),
    /// A `{` comment or `(` variation without its closing bracket.
    Unclosed(char),
    /// A `GameType` of another game.
    WrongGameType {
        /// The tag's value.
        found: String,
        /// The value expected.
        expected: &'static str,
    },
    /// The tags give no playable start position.
    BadStart(BadStart),
    /// A move that cannot be played.
    Move {
        /// The move number.
        number: u32,
        /// The side to move.
        side: Color,
        /// The move as written.
        text: String,
        /// Why it cannot be played.
        error: String,
        /// The legal moves of the position, in written form.
        legal: Vec<String>,
    },
    /// A move after the end of the game (a side that cannot move, or a
    /// resignation).
    AfterEnd {
        /// The move number.
        number: u32,
        /// The side to move.
        side: Color,
        /// The move text.
        text: String,
        /// How the game had ended.
        outcome: Outcome,
    },
}

impl fmt::Display for PdnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.game > 0 {
            write!(
                f,
                "game {}, line {}, column {}: ",
                self.game, self.line, self.column
            )?;
        }
        self.kind.fmt(f)
    }
}

/// What is wrong, without where.
impl fmt::Display for PdnErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PdnErrorKind::NoGame => f.write_str(
                "no game found: expected tags like [Event \"...\"] or moves like 1. 11-15",
            ),
            PdnErrorKind::TooLong(n) => write!(
                f,
                "the file has {n} bytes; game files of at most {} MB are read",
                MAX_PDN_LEN >> 20
            ),
            PdnErrorKind::BadTag(t) => write!(f, "tag `{t}` is not of the form [Name \"value\"]"),
            PdnErrorKind::Unclosed(c) => {
                let close = if *c == '{' { '}' } else { ')' };
                write!(f, "`{c}` is never closed by `{close}`")
            }
            PdnErrorKind::WrongGameType { found, expected } => write!(
                f,
                "GameType \"{found}\" is not this game (expected \"{expected}\")"
            ),
            PdnErrorKind::BadStart(e) => write!(f, "start position: {e}"),
            PdnErrorKind::Move {
                number,
                side,
                error,
                legal,
                ..
            } => {
                write!(f, "move {number} ({side}): {error}")?;
                if !error.contains("legal moves") {
                    if legal.is_empty() {
                        f.write_str("; there is no legal move")?;
                    } else {
                        const SHOWN: usize = 20;
                        let shown: Vec<&str> =
                            legal.iter().take(SHOWN).map(String::as_str).collect();
                        write!(f, "; legal moves: {}", shown.join(", "))?;
                        if legal.len() > SHOWN {
                            write!(f, " and {} more", legal.len() - SHOWN)?;
                        }
                    }
                }
                Ok(())
            }
            PdnErrorKind::AfterEnd {
                number,
                side,
                text,
                outcome,
            } => write!(
                f,
                "move {number} ({side}): {text} comes after the end of the game ({outcome})"
            ),
        }
    }
}

impl std::error::Error for PdnError {}

/// A move as found in the text, before it is played.
#[derive(Debug)]
struct RawMove {
    text: String,
    line: usize,
    column: usize,
    /// The move it follows (an index into [`RawGame::moves`]); `None` for
    /// a first move.
    parent: Option<usize>,
    note: Annotation,
}

/// A game as found in the text, before its moves are played.
#[derive(Debug, Default)]
struct RawGame {
    line: usize,
    column: usize,
    tags: Tags,
    /// Where each tag name is in `tags` (a file may give thousands of
    /// tags: setting them one by one through [`Tags::set`] would take
    /// quadratic time).
    tag_index: std::collections::HashMap<String, usize>,
    /// Every move, main line and variations, in file order (a move comes
    /// after the one it follows, and a main-line move before its
    /// variations).
    moves: Vec<RawMove>,
    /// A comment before the first move.
    intro: Annotation,
    first_number: Option<u32>,
    result: Option<String>,
}

impl RawGame {
    /// Sets a tag read from the file (a repeated name replaces its value).
    fn set_tag(&mut self, name: String, value: String) {
        match self.tag_index.get(&name) {
            Some(&i) => self.tags.pairs[i].1 = value,
            None => {
                self.tag_index.insert(name.clone(), self.tags.pairs.len());
                self.tags.pairs.push((name, value));
            }
        }
    }

    fn is_empty(&self) -> bool {
        self.tags.pairs.is_empty()
            && self.moves.is_empty()
            && self.result.is_none()
            && self.intro.is_empty()
    }
}

/// Splits a file into games: tags, move words (joined where a move was
/// written with spaces), result.
struct Scanner<'a> {
    chars: core::iter::Peekable<core::str::CharIndices<'a>>,
    text: &'a str,
    line: usize,
    /// The column of the next character.
    column: usize,
    at_line_start: bool,
}

impl<'a> Scanner<'a> {
    fn new(text: &'a str) -> Scanner<'a> {
        Scanner {
            chars: text.char_indices().peekable(),
            text,
            line: 1,
            column: 1,
            at_line_start: true,
        }
    }

    fn bump(&mut self) -> Option<char> {
        let (_, c) = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
            self.at_line_start = true;
        } else {
            self.column += 1;
            if !c.is_whitespace() {
                self.at_line_start = false;
            }
        }
        Some(c)
    }

    fn peek(&mut self) -> Option<char> {
        self.chars.peek().map(|&(_, c)| c)
    }

    fn pos(&mut self) -> usize {
        self.chars.peek().map_or(self.text.len(), |&(i, _)| i)
    }

    fn skip_line(&mut self) {
        while let Some(c) = self.bump() {
            if c == '\n' {
                break;
            }
        }
    }

    /// Skips a bracketed comment or variation (nesting allowed) and
    /// returns what was inside.
    fn skip_bracketed(
        &mut self,
        open: char,
        close: char,
        game: usize,
    ) -> Result<&'a str, PdnError> {
        let (line, column) = (self.line, self.column);
        self.bump();
        let from = self.pos();
        let mut depth = 1;
        loop {
            let at = self.pos();
            let Some(c) = self.bump() else { break };
            if c == open {
                depth += 1;
            } else if c == close {
                depth -= 1;
                if depth == 0 {
                    return Ok(&self.text[from..at]);
                }
            }
        }
        Err(PdnError {
            game,
            line,
            column,
            kind: PdnErrorKind::Unclosed(open),
        })
    }

    /// Reads `[Name "value"]`.
    fn tag(&mut self, game: usize) -> Result<(String, String), PdnError> {
        let (line, column) = (self.line, self.column);
        let start = self.pos();
        self.bump(); // [
        let bad = |s: &mut Scanner<'_>| {
            let end = s.pos();
            let raw: String = s.text[start..end].chars().take(60).collect();
            PdnError {
                game,
                line,
                column,
                kind: PdnErrorKind::BadTag(raw.trim().to_string()),
            }
        };
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
        let mut name = String::new();
        while let Some(c) = self.peek() {
            if c.is_alphanumeric() || c == '_' {
                name.push(c);
                self.bump();
            } else {
                break;
            }
        }
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
        if name.is_empty() || self.peek() != Some('"') {
            while let Some(c) = self.peek() {
                if c == '\n' || c == ']' {
                    if c == ']' {
                        self.bump();
                    }
                    break;
                }
                self.bump();
            }
            return Err(bad(self));
        }
        self.bump(); // opening quote
        let mut value = String::new();
        loop {
            match self.bump() {
                None | Some('\n') => return Err(bad(self)),
                Some('\\') => match self.bump() {
                    Some(c @ ('"' | '\\')) => value.push(c),
                    Some(c) => {
                        value.push('\\');
                        value.push(c);
                    }
                    None => return Err(bad(self)),
                },
                Some('"') => break,
                Some(c) => value.push(c),
            }
        }
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
        if self.peek() != Some(']') {
            return Err(bad(self));
        }
        self.bump();
        Ok((name, value))
    }

    /// A word of movetext: up to whitespace or a bracket.
    fn word(&mut self) -> String {
        let mut w = String::new();
        while let Some(c) = self.peek() {
            if c.is_whitespace() || matches!(c, '{' | '}' | '(' | ')' | '[' | ']' | ';') {
                break;
            }
            w.push(c);
            self.bump();
        }
        w
    }
}

/// Whether `c` separates the parts of a move (so a move written with spaces
/// around it is joined back together).
fn is_separator(c: char) -> bool {
    matches!(c, '-' | 'x' | 'X' | ',' | '<' | '>')
}

/// Removes a leading move number (`12.`, `12...`, `12.11-15`) and returns it.
fn strip_number(word: &str) -> (Option<u32>, &str) {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    let dots = word[digits..].bytes().take_while(|&b| b == b'.').count();
    if dots == 0 {
        return (None, word);
    }
    let number = if digits > 0 {
        word[..digits].parse().ok()
    } else {
        None
    };
    (number, &word[digits + dots..])
}

/// Where the reading is in one line of play (the main line, or a
/// variation being read).
struct LineCursor {
    /// The last move read on this line (`None`: the line starts at the
    /// start position).
    at: Option<usize>,
    /// Whether a move was read on this line yet.
    has_move: bool,
    /// A comment met before the line's first move, for that move.
    intro: Annotation,
    /// Where the line's `(` is (for an unclosed variation).
    line: usize,
    column: usize,
    /// A variation opened before its line's first move replaces no move:
    /// it is read and dropped (with every variation inside it).
    skip: bool,
}

impl LineCursor {
    fn new(at: Option<usize>, line: usize, column: usize) -> LineCursor {
        LineCursor {
            at,
            has_move: false,
            intro: Annotation::default(),
            line,
            column,
            skip: false,
        }
    }
}

/// A move word being read: `(text, line, column)`.
type Pending = Option<(String, usize, usize)>;

/// Reads the text into games: tags, moves (joined where a move was written
/// with spaces around its separator) with the variations, comments and
/// NAGs of each, and the result.
fn split_games(text: &str, first: Color) -> Result<Vec<RawGame>, PdnError> {
    if text.len() > MAX_PDN_LEN {
        return Err(PdnError {
            game: 0,
            line: 1,
            column: 1,
            kind: PdnErrorKind::TooLong(text.len()),
        });
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut s = Scanner::new(text);
    let mut games: Vec<RawGame> = Vec::new();
    let mut cur = RawGame::default();
    let mut in_moves = false;
    // The main line, then each variation being read inside it.
    let mut lines = vec![LineCursor::new(None, 1, 1)];
    // Move words are joined when a separator ends one or starts the next.
    let mut pending: Pending = None;

    fn flush(cur: &mut RawGame, lines: &mut [LineCursor], pending: &mut Pending) {
        if let Some((text, line, column)) = pending.take() {
            let top = lines.last_mut().expect("the main line is always there");
            if top.skip {
                return;
            }
            cur.moves.push(RawMove {
                text,
                line,
                column,
                parent: top.at,
                note: core::mem::take(&mut top.intro),
            });
            top.at = Some(cur.moves.len() - 1);
            top.has_move = true;
        }
    }

    /// The note of the move just read; before the first move of a line,
    /// the note kept for it (the game's intro on the main line).
    fn last_note<'n>(
        cur: &'n mut RawGame,
        lines: &'n mut [LineCursor],
        pending: &mut Pending,
    ) -> &'n mut Annotation {
        flush(cur, lines, pending);
        let main = lines.len() == 1;
        let top = lines.last_mut().expect("the main line is always there");
        match top.at {
            Some(i) if top.has_move => &mut cur.moves[i].note,
            _ if main => &mut cur.intro,
            _ => &mut top.intro,
        }
    }

    /// A NAG for the move just read (none before a line's first move).
    fn add_nag(cur: &mut RawGame, lines: &mut [LineCursor], pending: &mut Pending, nag: u8) {
        flush(cur, lines, pending);
        let top = lines.last().expect("the main line is always there");
        if let Some(i) = top.at.filter(|_| top.has_move) {
            cur.moves[i].note.nags.push(nag);
        }
    }

    /// Ends the game being read: an unclosed variation is an error.
    fn finish(
        games: &mut Vec<RawGame>,
        cur: &mut RawGame,
        lines: &mut [LineCursor],
    ) -> Result<(), PdnError> {
        if lines.len() > 1 {
            let open = &lines[1];
            return Err(PdnError {
                game: games.len() + 1,
                line: open.line,
                column: open.column,
                kind: PdnErrorKind::Unclosed('('),
            });
        }
        lines[0] = LineCursor::new(None, 1, 1);
        games.push(core::mem::take(cur));
        Ok(())
    }

    loop {
        let game_no = games.len() + 1;
        let Some(c) = s.peek() else { break };
        if c.is_whitespace() {
            s.bump();
            continue;
        }
        if c == '%' && s.at_line_start {
            s.skip_line();
            continue;
        }
        match c {
            '[' => {
                flush(&mut cur, &mut lines, &mut pending);
                if in_moves || cur.result.is_some() {
                    finish(&mut games, &mut cur, &mut lines)?;
                    in_moves = false;
                }
                if cur.is_empty() {
                    (cur.line, cur.column) = (s.line, s.column);
                }
                let (name, value) = s.tag(games.len() + 1)?;
                cur.set_tag(name, value);
            }
            '{' => {
                let comment = s.skip_bracketed('{', '}', game_no)?;
                if cur.result.is_none() {
                    if !in_moves && cur.is_empty() {
                        (cur.line, cur.column) = (s.line, s.column);
                    }
                    last_note(&mut cur, &mut lines, &mut pending).add_comment(comment);
                }
            }
            '(' => {
                flush(&mut cur, &mut lines, &mut pending);
                let top = lines.last().expect("the main line is always there");
                // A variation replaces the last move read on its line: it
                // starts where that move was played.
                let from = top.at.and_then(|i| cur.moves[i].parent);
                let skip = top.skip || !top.has_move;
                let mut line = LineCursor::new(from, s.line, s.column);
                line.skip = skip;
                lines.push(line);
                s.bump();
            }
            ')' => {
                flush(&mut cur, &mut lines, &mut pending);
                // A stray `)` is ignored.
                if lines.len() > 1 {
                    lines.pop();
                }
                s.bump();
            }
            ';' => s.skip_line(),
            '}' | ']' => {
                // A stray closing bracket: ignore it.
                s.bump();
            }
            _ => {
                let (line, column) = (s.line, s.column);
                let word = s.word();
                if word.is_empty() {
                    s.bump();
                    continue;
                }
                let main = lines.len() == 1;
                if cur.result.is_some() {
                    // Moves after a result without new tags: a new game.
                    flush(&mut cur, &mut lines, &mut pending);
                    finish(&mut games, &mut cur, &mut lines)?;
                    in_moves = false;
                }
                if !in_moves && cur.is_empty() {
                    (cur.line, cur.column) = (line, column);
                }
                in_moves = true;
                if PdnResult::parse(&word, first).is_some() {
                    flush(&mut cur, &mut lines, &mut pending);
                    // A variation has no result of its own.
                    if main {
                        cur.result = Some(word);
                    }
                    continue;
                }
                if let Some(n) = word.strip_prefix('$') {
                    if let Ok(n) = n.parse() {
                        add_nag(&mut cur, &mut lines, &mut pending, n);
                    }
                    continue;
                }
                let (number, rest) = strip_number(&word);
                if number.is_some() || rest.len() < word.len() {
                    flush(&mut cur, &mut lines, &mut pending);
                    if main && cur.moves.is_empty() && cur.first_number.is_none() {
                        cur.first_number = number;
                    }
                }
                let bare = rest.trim_end_matches(['!', '?']);
                let nag = suffix_nag(&rest[bare.len()..]);
                if !bare.is_empty() {
                    match pending.as_mut() {
                        Some((p, _, _))
                            if p.ends_with(is_separator) || bare.starts_with(is_separator) =>
                        {
                            p.push_str(bare);
                        }
                        _ => {
                            flush(&mut cur, &mut lines, &mut pending);
                            let column = column + (word.len() - rest.len());
                            pending = Some((bare.to_string(), line, column));
                        }
                    }
                }
                if let Some(n) = nag {
                    add_nag(&mut cur, &mut lines, &mut pending, n);
                }
            }
        }
    }
    flush(&mut cur, &mut lines, &mut pending);
    if !cur.is_empty() || lines.len() > 1 {
        finish(&mut games, &mut cur, &mut lines)?;
    }
    Ok(games)
}

/// Compares texts with their numbers as numbers: `9-14` before `10-14`.
fn natural_cmp(a: &str, b: &str) -> core::cmp::Ordering {
    fn parts(s: &str) -> Vec<(bool, u64, &str)> {
        let mut out = Vec::new();
        let mut rest = s;
        while !rest.is_empty() {
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            if digits > 0 {
                out.push((false, rest[..digits].parse().unwrap_or(u64::MAX), ""));
                rest = &rest[digits..];
            } else {
                let other = rest
                    .char_indices()
                    .find(|(_, c)| c.is_ascii_digit())
                    .map_or(rest.len(), |(i, _)| i);
                out.push((true, 0, &rest[..other]));
                rest = &rest[other..];
            }
        }
        out
    }
    parts(a).cmp(&parts(b))
}

/// Plays a found game.
fn build<P: Variant>(raw: RawGame, index: usize) -> Result<PdnGame<P>, PdnError> {
    let err = |line: usize, column: usize, kind: PdnErrorKind| PdnError {
        game: index,
        line,
        column,
        kind,
    };
    if let Some(gt) = raw.tags.get("GameType") {
        if !P::accepts_game_type(gt.trim()) {
            return Err(err(
                raw.line,
                raw.column,
                PdnErrorKind::WrongGameType {
                    found: gt.to_string(),
                    expected: P::GAME_TYPE,
                },
            ));
        }
    }
    let start = P::start_from_tags(&raw.tags, raw.first_number)
        .map_err(|e| err(raw.line, raw.column, PdnErrorKind::BadStart(e)))?;
    let first = P::FIRST;
    let mut tree = GameTree::new(start);
    tree.node_mut(tree.root()).note = raw.intro;
    tree.node_mut(tree.root()).note.take_shapes::<P>();
    // The tree node of each raw move (a move comes after its parent).
    let mut nodes: Vec<NodeId> = Vec::with_capacity(raw.moves.len());
    let mut legal = Vec::new();
    for m in raw.moves {
        let from = m.parent.map_or(tree.root(), |i| nodes[i]);
        let pos = tree.position(from);
        let number = pos.move_number();
        let side = pos.side_to_move();
        legal.clear();
        pos.legal_moves(&mut legal);
        if legal.is_empty() {
            // A move after a win: the side to move has no move.
            if let Some(outcome) = tree.game_to(from).outcome() {
                return Err(err(
                    m.line,
                    m.column,
                    PdnErrorKind::AfterEnd {
                        number,
                        side,
                        text: m.text,
                        outcome,
                    },
                ));
            }
        }
        let mv = pos.parse_move(&m.text).map_err(|e| {
            let mut names: Vec<String> = legal.iter().map(|m| pos.move_to_string(m)).collect();
            names.sort_by(|a, b| natural_cmp(a, b));
            err(
                m.line,
                m.column,
                PdnErrorKind::Move {
                    number,
                    side,
                    text: m.text.clone(),
                    error: e.to_string(),
                    legal: names,
                },
            )
        })?;
        let node = tree.play(from, mv);
        let note = &mut tree.node_mut(node).note;
        note.nags.extend(m.note.nags);
        note.add_comment(&m.note.comment);
        note.take_shapes::<P>();
        nodes.push(node);
    }
    let mut game = tree.main_line_game();
    let stated = raw
        .result
        .as_deref()
        .and_then(|r| PdnResult::parse(r, first))
        .or_else(|| {
            raw.tags
                .get("Result")
                .and_then(|r| PdnResult::parse(r.trim(), first))
        })
        .unwrap_or(PdnResult::Unknown);
    if game.outcome().is_none() {
        let on_time = raw
            .tags
            .get("Termination")
            .is_some_and(|t| t.trim().eq_ignore_ascii_case(TIME_FORFEIT));
        match stated {
            PdnResult::Win(winner) if on_time => game.lose_on_time(winner.opposite()),
            PdnResult::Win(winner) => game.resign(winner.opposite()),
            PdnResult::Draw => game.agree_draw(),
            PdnResult::Unknown => {}
        }
    }
    Ok(PdnGame {
        tags: raw.tags,
        game,
        result: stated,
        notes: tree.main_line_notes(),
        tree,
    })
}

/// Reads every game of a file; the first error stops the reading.
///
/// An empty file (no tags, no moves) is an error.
pub fn read_games<P: Variant>(text: &str) -> Result<Vec<PdnGame<P>>, PdnError> {
    let games: Vec<PdnGame<P>> = read_each(text)?.into_iter().collect::<Result<_, _>>()?;
    Ok(games)
}

/// Reads every game of a file separately: a game with an illegal move does
/// not stop the others. Fails only when the file cannot be split into games
/// (an unclosed comment, a malformed tag) or holds none.
pub fn read_each<P: Variant>(text: &str) -> Result<Vec<Result<PdnGame<P>, PdnError>>, PdnError> {
    let raw = split_games(text, P::FIRST)?;
    if raw.is_empty() {
        return Err(PdnError {
            game: 0,
            line: 1,
            column: 1,
            kind: PdnErrorKind::NoGame,
        });
    }
    Ok(raw
        .into_iter()
        .enumerate()
        .map(|(i, g)| build::<P>(g, i + 1))
        .collect())
}

/// Which game a file holds, from its first `GameType` tag, else from its
/// first `FEN` tag (a TFEN has `/`) or its first move (Tiers squares are
/// letters and digits); `None` when nothing tells.
///
/// ```
/// use tiers_engine::{pdn, GameKind};
/// assert_eq!(pdn::detect_kind("[GameType \"21\"]\n1. 11-15 *"), Some(GameKind::Checkers));
/// assert_eq!(pdn::detect_kind("1. e3-e4 d6-d5 *"), Some(GameKind::Tiers));
/// assert_eq!(pdn::detect_kind(""), None);
/// ```
#[must_use]
pub fn detect_kind(text: &str) -> Option<GameKind> {
    let games = split_games(text, Color::Black).ok()?;
    let first = games.first()?;
    if let Some(gt) = first.tags.get("GameType") {
        let gt = gt.trim();
        if <crate::tiers::Position as Variant>::accepts_game_type(gt) {
            return Some(GameKind::Tiers);
        }
        if <crate::checkers::Position as Variant>::accepts_game_type(gt) {
            return Some(GameKind::Checkers);
        }
        return None;
    }
    if let Some(fen) = first.tags.get("FEN") {
        return Some(if fen.contains('/') {
            GameKind::Tiers
        } else {
            GameKind::Checkers
        });
    }
    if first.tags.get("RedFormation").is_some() || first.tags.get("BlackFormation").is_some() {
        return Some(GameKind::Tiers);
    }
    let mv = &first.moves.first()?.text;
    Some(if mv.starts_with(|c: char| c.is_ascii_alphabetic()) {
        GameKind::Tiers
    } else {
        GameKind::Checkers
    })
}

/// A game of either kind, as [`read_any`] returns it.
#[derive(Clone, Debug)]
pub enum AnyPdnGame {
    /// An American checkers game.
    Checkers(PdnGame<crate::checkers::Position>),
    /// A Tiers game.
    Tiers(PdnGame<crate::tiers::Position>),
}

impl AnyPdnGame {
    /// Which game it is.
    #[must_use]
    pub fn kind(&self) -> GameKind {
        match self {
            AnyPdnGame::Checkers(_) => GameKind::Checkers,
            AnyPdnGame::Tiers(_) => GameKind::Tiers,
        }
    }
}

/// Reads a file of either game: the kind comes from [`detect_kind`]
/// (checkers when nothing tells), and every game of the file is read as
/// that kind.
///
/// ```
/// use tiers_engine::pdn::{read_any, AnyPdnGame};
/// let games = read_any("[GameType \"Tiers\"]\n1. e3-e4 d6-d5 *").unwrap();
/// let AnyPdnGame::Tiers(g) = &games[0] else { panic!("a Tiers game") };
/// assert_eq!(g.game.ply(), 2);
/// let err = read_any("[GameType \"20\"]\n1. 32-28 *").unwrap_err();
/// assert!(err.to_string().contains("GameType \"20\" is not this game"));
/// ```
pub fn read_any(text: &str) -> Result<Vec<AnyPdnGame>, PdnError> {
    Ok(match detect_kind(text).unwrap_or(GameKind::Checkers) {
        GameKind::Checkers => read_games::<crate::checkers::Position>(text)?
            .into_iter()
            .map(AnyPdnGame::Checkers)
            .collect(),
        GameKind::Tiers => read_games::<crate::tiers::Position>(text)?
            .into_iter()
            .map(AnyPdnGame::Tiers)
            .collect(),
    })
}

fn quote(value: &str) -> String {
    let mut s = String::with_capacity(value.len() + 2);
    s.push('"');
    for c in value.chars() {
        match c {
            '"' | '\\' => {
                s.push('\\');
                s.push(c);
            }
            '\n' | '\r' => s.push(' '),
            _ => s.push(c),
        }
    }
    s.push('"');
    s
}

/// Writes one game: the seven archival tags (from `tags`, `?` where
/// missing), `GameType`, the start position's tags when it is not the
/// standard start, the other tags of `tags`, then the moves up to the
/// cursor with move numbers, lines of at most 80 characters, and the
/// result of the game at its cursor. The `Result` tag is the game's; a
/// loss on time adds `[Termination "time forfeit"]` (a caller's
/// `Termination` tag is written otherwise, unless it claims a loss on time
/// the game does not show).
#[must_use]
pub fn write_game<P: Variant>(tags: &Tags, game: &Game<P>) -> String {
    write_annotated(tags, game, &[])
}

/// [`write_game`] with what to say about each move (`notes[ply]`, missing
/// ones say nothing): NAGs 1 to 6 as move suffixes (`11-15?`), others as
/// `$n`, then the comment in braces (a `{` or `}` in it is written `(` or `)`).
#[must_use]
pub fn write_annotated<P: Variant>(tags: &Tags, game: &Game<P>, notes: &[Annotation]) -> String {
    write_tree(tags, &GameTree::from_game(game, notes), game.outcome())
}

/// Words of movetext, wrapped to lines of at most 80 characters where the
/// words allow; `(` sticks to the word after it and `)` to the word before.
#[derive(Default)]
struct MoveText {
    out: String,
    line: String,
    /// The last word, kept until the next one so that a `)` can join it.
    last: Option<String>,
    open: bool,
}

impl MoveText {
    fn word(&mut self, word: &str) {
        self.put_last();
        let mut w = String::with_capacity(word.len() + 1);
        if core::mem::take(&mut self.open) {
            w.push('(');
        }
        w.push_str(word);
        self.last = Some(w);
    }

    fn put_last(&mut self) {
        let Some(word) = self.last.take() else { return };
        if !self.line.is_empty() && self.line.len() + 1 + word.len() > 80 {
            self.out.push_str(&self.line);
            self.out.push('\n');
            self.line.clear();
        }
        if !self.line.is_empty() {
            self.line.push(' ');
        }
        self.line.push_str(&word);
    }

    fn comment(&mut self, comment: &str) {
        if !comment.is_empty() {
            let comment = format!("{{{}}}", comment.replace('{', "(").replace('}', ")"));
            for w in comment.split_whitespace() {
                self.word(w);
            }
        }
    }

    fn finish(mut self) -> String {
        self.put_last();
        self.out.push_str(&self.line);
        self.out.push('\n');
        self.out
    }
}

/// What is left to write of a tree, most urgent last.
enum Step {
    /// The main continuation from a node (`true`: give the move number
    /// even for the second mover, as after a variation).
    Line(NodeId, bool),
    /// A variation: `(`, its first move and what is said about it.
    Open(NodeId),
    /// The `)` closing a variation.
    Close,
}

/// Writes one game as a move tree: the tags as [`write_game`] writes
/// them (the result from `outcome`), then the main line with each
/// variation in parentheses after the move it replaces, nested as deep as
/// the tree (`1. 11-15 (1. 9-14 22-18 (22-17)) 1... 23-19`); each move's
/// NAGs (1 to 6 as suffixes, others as `$n`) and comment (`{...}`) follow
/// it. A move number is written before every first mover's move, and
/// before the second mover's at the start of a line and after a
/// variation (`1...`). The root's note, if any, is a comment before the
/// first move.
#[must_use]
pub fn write_tree<P: Variant>(tags: &Tags, tree: &GameTree<P>, outcome: Option<Outcome>) -> String {
    let result = PdnResult::of_outcome(outcome).text(P::FIRST);
    let on_time = matches!(
        outcome,
        Some(Outcome::Win {
            reason: WinReason::Time,
            ..
        })
    );
    let defaults = Tags::new();
    let mut out = String::new();
    let mut put = |name: &str, value: &str| {
        out.push('[');
        out.push_str(name);
        out.push(' ');
        out.push_str(&quote(value));
        out.push_str("]\n");
    };
    for name in SEVEN_TAGS {
        let value = if name == "Result" {
            result
        } else {
            tags.get(name).or_else(|| defaults.get(name)).unwrap_or("?")
        };
        put(name, value);
    }
    put("GameType", P::GAME_TYPE);
    for (name, value) in P::start_tags(tree.start()) {
        put(name, &value);
    }
    if on_time {
        put("Termination", TIME_FORFEIT);
    }
    for (name, value) in tags.iter() {
        let claims_time =
            name == "Termination" && (on_time || value.trim().eq_ignore_ascii_case(TIME_FORFEIT));
        if !SEVEN_TAGS.contains(&name) && !DERIVED_TAGS.contains(&name) && !claims_time {
            put(name, value);
        }
    }
    out.push('\n');
    let mut text = MoveText::default();
    let root = &tree.node(tree.root()).note;
    text.comment(&shapes::with_comment::<P>(&root.comment, &root.shapes));
    let write_move = |text: &mut MoveText, id: NodeId, numbered: bool| {
        let parent = tree.parent(id).expect("a move has a parent");
        let pos = tree.position(parent);
        let number = pos.move_number();
        if pos.side_to_move() == P::FIRST {
            text.word(&format!("{number}."));
        } else if numbered {
            text.word(&format!("{number}..."));
        }
        let node = tree.node(id);
        let mut word = node.text().to_string();
        let mut rest = node.note.nags.as_slice();
        if let Some(s) = rest.first().and_then(|&n| nag_suffix(n)) {
            word.push_str(s);
            rest = &rest[1..];
        }
        text.word(&word);
        for nag in rest {
            text.word(&format!("${nag}"));
        }
        text.comment(&shapes::with_comment::<P>(
            &node.note.comment,
            &node.note.shapes,
        ));
    };
    let mut steps = vec![Step::Line(tree.root(), true)];
    while let Some(step) = steps.pop() {
        match step {
            Step::Line(from, numbered) => {
                let kids = tree.children(from);
                let Some(&main) = kids.first() else { continue };
                write_move(&mut text, main, numbered);
                steps.push(Step::Line(main, kids.len() > 1));
                for &v in kids[1..].iter().rev() {
                    steps.push(Step::Close);
                    steps.push(Step::Line(v, false));
                    steps.push(Step::Open(v));
                }
            }
            Step::Open(v) => {
                text.open = true;
                write_move(&mut text, v, true);
            }
            Step::Close => {
                if let Some(last) = text.last.as_mut() {
                    last.push(')');
                }
            }
        }
    }
    text.word(result);
    out.push_str(&text.finish());
    out
}

/// Writes several games, separated by blank lines.
#[must_use]
pub fn write_games<P: Variant>(games: &[(Tags, Game<P>)]) -> String {
    games
        .iter()
        .map(|(tags, game)| write_game(tags, game))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A game of either kind in the form the web app exports it: its tags,
/// the whole tree and the result ([`write_tree`]).
#[must_use]
pub fn write_any(game: &AnyPdnGame) -> String {
    match game {
        AnyPdnGame::Checkers(g) => write_tree(&g.tags, &g.tree, g.game.outcome()),
        AnyPdnGame::Tiers(g) => write_tree(&g.tags, &g.tree, g.game.outcome()),
    }
}

/// Reads a file of either game ([`read_any`]) and writes every game back
/// in the web app's export form ([`write_any`]), separated by blank lines:
/// what `tiers pdn FILE` prints. Its output reads back to the same text.
///
/// ```
/// use tiers_engine::pdn;
/// let text = "1. 11-15 {Old Fourteenth?} (1. 9-14 $1 22-18 (22-17) 5-9) 23-19 *";
/// let once = pdn::rewrite(text).unwrap();
/// assert!(once.ends_with(
///     "1. 11-15 {Old Fourteenth?} (1. 9-14! 22-18 (1... 22-17) 2. 5-9) 1... 23-19 *\n"
/// ));
/// assert_eq!(pdn::rewrite(&once).unwrap(), once);
/// ```
///
/// # Errors
/// The reader's: what is wrong, with the game, line and column.
pub fn rewrite(text: &str) -> Result<String, PdnError> {
    Ok(read_any(text)?
        .iter()
        .map(write_any)
        .collect::<Vec<_>>()
        .join("\n"))
}
