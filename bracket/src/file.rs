//! The tournament file: versioned JSON, for saving and for export/import.
//!
//! ```json
//! {
//!   "format": "tiers-tournament",
//!   "version": 1,
//!   "name": "Troop 12 open",
//!   "game": "checkers",
//!   "ballot_seed": 2024,
//!   "brackets": [{
//!     "name": "Youth",
//!     "seeding": { "shuffled": 77 },
//!     "entrants": [{ "name": "Ann" }, { "name": "Computer (level 3)", "level": 3 }],
//!     "results": [{ "match": 1, "winner": 2, "score": "1-0", "record": "" }],
//!     "reset_notes": [{ "match": 4, "note": "Match 4 was reset: …" }]
//!   }]
//! }
//! ```
//!
//! Entrants are listed in seed order; `winner` is a seed number (from 1);
//! `match` is the match number people see (from 1). Results are replayed in
//! match order on import, so a file whose results contradict each other is
//! refused with a message naming the bracket and match.

use crate::bracket::Bracket;
use crate::entrant::{Entrant, Seeding};
use crate::error::{ResultError, SetupError};
use crate::tournament::{GameChoice, Tournament};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The `format` field of every tournament file.
pub const FORMAT: &str = "tiers-tournament";
/// The file version this crate writes and reads.
pub const VERSION: u32 = 1;

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileV1 {
    format: String,
    version: u32,
    name: String,
    game: GameChoice,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ballot_seed: Option<u64>,
    brackets: Vec<FileBracket>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileBracket {
    name: String,
    seeding: Seeding,
    entrants: Vec<Entrant>,
    #[serde(default)]
    results: Vec<FileResult>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    reset_notes: Vec<FileNote>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileResult {
    #[serde(rename = "match")]
    number: usize,
    winner: usize,
    #[serde(default)]
    score: String,
    #[serde(default)]
    record: String,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileNote {
    #[serde(rename = "match")]
    number: usize,
    note: String,
}

/// A tournament file that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImportError {
    /// Not JSON, or JSON of the wrong shape; the text comes from the parser
    /// and names the field, line and column.
    Json(String),
    /// The `format` field is missing or is not "tiers-tournament".
    NotATournament(String),
    /// A version this program does not read.
    UnsupportedVersion(String),
    /// Names, levels or entrant counts that are not allowed.
    Setup(SetupError),
    /// A result that does not fit the bracket.
    Result {
        /// Bracket name.
        bracket: String,
        /// What is wrong.
        error: ResultError,
    },
    /// A result names a seed that does not exist.
    BadSeed {
        /// Bracket name.
        bracket: String,
        /// Match number.
        number: usize,
        /// The seed number given.
        seed: usize,
        /// Number of entrants.
        entrants: usize,
    },
    /// Two results for one match.
    DuplicateResult {
        /// Bracket name.
        bracket: String,
        /// Match number.
        number: usize,
    },
    /// A reset note for a match that does not exist.
    BadNote {
        /// Bracket name.
        bracket: String,
        /// Match number.
        number: usize,
    },
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::Json(e) => write!(f, "not a readable tournament file: {e}"),
            ImportError::NotATournament(found) if found == "missing" => write!(
                f,
                "not a tournament file: the \"format\" field is missing (expected \"{FORMAT}\")"
            ),
            ImportError::NotATournament(found) => write!(
                f,
                "not a tournament file: the \"format\" field is {found}, expected \"{FORMAT}\""
            ),
            ImportError::UnsupportedVersion(found) => write!(
                f,
                "tournament file version {found} is not supported (this program reads version {VERSION})"
            ),
            ImportError::Setup(e) => write!(f, "invalid tournament file: {e}"),
            ImportError::Result { bracket, error } => {
                write!(f, "invalid tournament file: bracket '{bracket}': {error}")
            }
            ImportError::BadSeed {
                bracket,
                number,
                seed,
                entrants,
            } => write!(
                f,
                "invalid tournament file: bracket '{bracket}', match {number}: winner is seed {seed}, but seeds go from 1 to {entrants}"
            ),
            ImportError::DuplicateResult { bracket, number } => write!(
                f,
                "invalid tournament file: bracket '{bracket}' has two results for match {number}"
            ),
            ImportError::BadNote { bracket, number } => write!(
                f,
                "invalid tournament file: bracket '{bracket}' has a note for match {number}, which does not exist"
            ),
        }
    }
}

impl std::error::Error for ImportError {}

impl From<SetupError> for ImportError {
    fn from(e: SetupError) -> Self {
        ImportError::Setup(e)
    }
}

impl Tournament {
    /// The tournament as a pretty-printed JSON file (see the module docs).
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(&self.file()).expect("a tournament always serializes")
    }

    /// The tournament file as a JSON value (to keep several in one document).
    pub fn to_value(&self) -> serde_json::Value {
        serde_json::to_value(self.file()).expect("a tournament always serializes")
    }

    fn file(&self) -> FileV1 {
        FileV1 {
            format: FORMAT.into(),
            version: VERSION,
            name: self.name().into(),
            game: self.game(),
            ballot_seed: self.ballot_seed(),
            brackets: self
                .brackets()
                .iter()
                .map(|b| FileBracket {
                    name: b.name().into(),
                    seeding: b.seeding(),
                    entrants: b.entrants().to_vec(),
                    results: b
                        .results()
                        .map(|(id, r)| FileResult {
                            number: id + 1,
                            winner: r.winner + 1,
                            score: r.score.clone(),
                            record: r.record.clone(),
                        })
                        .collect(),
                    reset_notes: b
                        .notes()
                        .map(|(id, n)| FileNote {
                            number: id + 1,
                            note: n.into(),
                        })
                        .collect(),
                })
                .collect(),
        }
    }

    /// Reads a tournament file, checking everything: format, version, names,
    /// levels, and that every result fits the bracket.
    pub fn from_json(text: &str) -> Result<Tournament, ImportError> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| ImportError::Json(e.to_string()))?;
        check_header(&value)?;
        // Parsed again from the text so that errors give line and column.
        let file: FileV1 =
            serde_json::from_str(text).map_err(|e| ImportError::Json(e.to_string()))?;
        Self::from_file(file)
    }

    /// Reads a tournament from a JSON value written by [`Self::to_value`],
    /// with the same checks as [`Self::from_json`].
    pub fn from_value(value: serde_json::Value) -> Result<Tournament, ImportError> {
        check_header(&value)?;
        let file: FileV1 =
            serde_json::from_value(value).map_err(|e| ImportError::Json(e.to_string()))?;
        Self::from_file(file)
    }

    fn from_file(file: FileV1) -> Result<Tournament, ImportError> {
        let mut brackets = Vec::with_capacity(file.brackets.len());
        for (i, fb) in file.brackets.iter().enumerate() {
            if fb.name.trim().is_empty() {
                return Err(SetupError::EmptyBracketName { bracket: i + 1 }.into());
            }
            brackets.push(Bracket::seeded(
                fb.name.clone(),
                fb.entrants.clone(),
                fb.seeding,
            )?);
        }
        let mut t = Tournament::assemble(file.name, file.game, file.ballot_seed, brackets)?;
        for (fb, b) in file.brackets.iter().zip(t.brackets_mut()) {
            let name = b.name().to_string();
            let mut results: Vec<&FileResult> = fb.results.iter().collect();
            results.sort_by_key(|r| r.number);
            for pair in results.windows(2) {
                if pair[0].number == pair[1].number {
                    return Err(ImportError::DuplicateResult {
                        bracket: name,
                        number: pair[0].number,
                    });
                }
            }
            for r in results {
                let entrants = b.entrants().len();
                if r.winner == 0 || r.winner > entrants {
                    return Err(ImportError::BadSeed {
                        bracket: name,
                        number: r.number,
                        seed: r.winner,
                        entrants,
                    });
                }
                let matches = b.structure().matches.len();
                if r.number == 0 || r.number > matches {
                    return Err(ImportError::Result {
                        bracket: name,
                        error: ResultError::NoSuchMatch {
                            number: r.number,
                            matches,
                        },
                    });
                }
                b.set_result(r.number - 1, r.winner - 1, &r.score, &r.record)
                    .map_err(|error| ImportError::Result {
                        bracket: name.clone(),
                        error,
                    })?;
            }
            for n in &fb.reset_notes {
                if n.number == 0 || n.number > b.structure().matches.len() {
                    return Err(ImportError::BadNote {
                        bracket: name,
                        number: n.number,
                    });
                }
                if b.result(n.number - 1).is_none() {
                    b.set_note(n.number - 1, n.note.clone());
                }
            }
        }
        Ok(t)
    }
}

/// The checks that come before reading the fields: an object, of the right
/// format and version.
fn check_header(value: &serde_json::Value) -> Result<(), ImportError> {
    let Some(header) = value.as_object() else {
        return Err(ImportError::Json(format!(
            "the file holds a JSON {}, not a tournament object",
            match value {
                serde_json::Value::Array(_) => "array",
                serde_json::Value::String(_) => "string",
                serde_json::Value::Number(_) => "number",
                serde_json::Value::Bool(_) => "boolean",
                _ => "null",
            }
        )));
    };
    match header.get("format") {
        Some(serde_json::Value::String(s)) if s == FORMAT => {}
        Some(other) => return Err(ImportError::NotATournament(other.to_string())),
        None => return Err(ImportError::NotATournament("missing".into())),
    }
    match header.get("version") {
        Some(serde_json::Value::Number(n)) if n.as_u64() == Some(VERSION as u64) => {}
        Some(other) => return Err(ImportError::UnsupportedVersion(other.to_string())),
        None => return Err(ImportError::UnsupportedVersion("(missing)".into())),
    }
    Ok(())
}
