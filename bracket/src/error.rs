//! Typed errors, each with a message that says what is wrong and where.

use std::fmt;

/// A tournament or bracket that cannot be created as asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupError {
    /// The tournament has no name.
    EmptyTournamentName,
    /// A name is longer than [`crate::MAX_NAME_CHARS`].
    NameTooLong {
        /// What the name is for.
        what: NameOf,
        /// Its length in characters.
        chars: usize,
    },
    /// No bracket at all.
    NoBrackets,
    /// Bracket number `bracket` (from 1) has no name.
    EmptyBracketName {
        /// Bracket number, from 1.
        bracket: usize,
    },
    /// Two brackets share a name.
    DuplicateBracket {
        /// The name.
        name: String,
    },
    /// A bracket with too few or too many entrants.
    EntrantCount {
        /// Bracket name.
        bracket: String,
        /// How many it has.
        entrants: usize,
    },
    /// An entrant without a name.
    EmptyEntrantName {
        /// Bracket name.
        bracket: String,
        /// Entrant position, from 1.
        position: usize,
    },
    /// Two entrants of a bracket share a name.
    DuplicateEntrant {
        /// Bracket name.
        bracket: String,
        /// The name.
        name: String,
    },
    /// A computer level outside 1–8.
    BadLevel {
        /// Bracket name.
        bracket: String,
        /// Entrant name.
        name: String,
        /// The level given.
        level: u8,
    },
}

/// What a name too long is the name of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NameOf {
    /// The tournament.
    Tournament,
    /// A bracket: the start of its name (20 characters).
    Bracket(String),
    /// An entrant of a bracket.
    Entrant {
        /// The bracket's name.
        bracket: String,
        /// The entrant's position, from 1.
        position: usize,
    },
}

impl fmt::Display for NameOf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NameOf::Tournament => f.write_str("the tournament"),
            NameOf::Bracket(start) => write!(f, "bracket '{start}…'"),
            NameOf::Entrant { bracket, position } => {
                write!(f, "bracket '{bracket}', entrant {position}")
            }
        }
    }
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::EmptyTournamentName => f.write_str("the tournament needs a name"),
            SetupError::NameTooLong { what, chars } => write!(
                f,
                "the name of {what} is {chars} characters long; at most {} are allowed",
                crate::MAX_NAME_CHARS
            ),
            SetupError::NoBrackets => f.write_str("the tournament needs at least one bracket"),
            SetupError::EmptyBracketName { bracket } => {
                write!(f, "bracket {bracket} needs a name")
            }
            SetupError::DuplicateBracket { name } => {
                write!(f, "two brackets are called '{name}'; bracket names must differ")
            }
            SetupError::EntrantCount { bracket, entrants } => write!(
                f,
                "bracket '{bracket}' has {entrants} entrant{}; a bracket needs between 2 and {}",
                if *entrants == 1 { "" } else { "s" },
                crate::MAX_ENTRANTS
            ),
            SetupError::EmptyEntrantName { bracket, position } => {
                write!(f, "bracket '{bracket}': entrant {position} has no name")
            }
            SetupError::DuplicateEntrant { bracket, name } => write!(
                f,
                "bracket '{bracket}': two entrants are called '{name}'; names must differ"
            ),
            SetupError::BadLevel {
                bracket,
                name,
                level,
            } => write!(
                f,
                "bracket '{bracket}': computer entrant '{name}' has level {level}; levels go from 1 to 8"
            ),
        }
    }
}

impl std::error::Error for SetupError {}

/// A result that cannot be recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ResultError {
    /// No bracket with that index.
    NoSuchBracket {
        /// Index asked for (from 0).
        index: usize,
        /// Number of brackets.
        brackets: usize,
    },
    /// No match with that number.
    NoSuchMatch {
        /// Match number asked for (from 1).
        number: usize,
        /// Number of matches in the bracket.
        matches: usize,
    },
    /// A player of the match is not known yet.
    NotReady {
        /// Match number.
        number: usize,
        /// What it waits for, e.g. "the winner of match 3".
        waiting_for: String,
        /// The same, for a reader that words it itself: the match whose
        /// winner or loser is missing (`Source::Winner`/`Source::Loser`),
        /// or `None` for the grand final (the reset waits for it).
        source: Option<crate::Source>,
    },
    /// The reset match is only played if the losers' champion won the first
    /// grand final.
    NotNeeded {
        /// Match number.
        number: usize,
    },
    /// The named winner is not one of the two players.
    NotAPlayer {
        /// Match number.
        number: usize,
        /// The entrant named as winner.
        winner: String,
        /// The two players, "A v B".
        players: String,
    },
}

impl fmt::Display for ResultError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResultError::NoSuchBracket { index, brackets } => write!(
                f,
                "there is no bracket {} (the tournament has {brackets})",
                index + 1
            ),
            ResultError::NoSuchMatch { number, matches } => write!(
                f,
                "there is no match {number} (matches are numbered 1 to {matches})"
            ),
            ResultError::NotReady {
                number,
                waiting_for,
                ..
            } => write!(
                f,
                "match {number} cannot be played yet: it waits for {waiting_for}"
            ),
            ResultError::NotNeeded { number } => write!(
                f,
                "match {number} (grand final reset) is only played if the losers' bracket champion wins the grand final"
            ),
            ResultError::NotAPlayer {
                number,
                winner,
                players,
            } => write!(
                f,
                "{winner} does not play in match {number} ({players})"
            ),
        }
    }
}

impl std::error::Error for ResultError {}
