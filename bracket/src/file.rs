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
//! `seeding` is `"as_entered"` or `{ "shuffled": seed }`; `game` is
//! `"checkers"` or `"tiers"`; `ballot_seed`, `level`, `results`, `score`,
//! `record` and `reset_notes` may be left out. Entrants are listed in seed
//! order; `winner` is a seed number (from 1); `match` is the match number
//! people see (from 1). Results are replayed in match order on import, so a
//! file whose results contradict each other is refused with a message naming
//! the bracket and match. A field the format does not have is refused with
//! its place in the file (`brackets[0].seedling`).
//!
//! The file is read and written through [`tiers_json::Json`] by hand
//! rather than by derived code: the messages name the place of a wrong
//! field, and the web app that embeds this crate stays small.

use crate::bracket::Bracket;
use crate::entrant::{Entrant, Seeding};
use crate::error::{ResultError, SetupError};
use crate::tournament::{GameChoice, Tournament};
use std::fmt;
use tiers_json::Json;

/// The `format` field of every tournament file.
pub const FORMAT: &str = "tiers-tournament";
/// The file version this crate writes and reads.
pub const VERSION: u32 = 1;

/// A tournament file that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImportError {
    /// Not JSON: where reading stopped.
    NotJson(tiers_json::ParseError),
    /// JSON of the wrong shape.
    Shape {
        /// Where: the path of the value (`brackets[0].entrants[2]`), empty
        /// for the file as a whole.
        at: String,
        /// What is wrong there.
        problem: ShapeProblem,
    },
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

/// What is wrong with a value of a tournament file, by code (a page says
/// it in its language).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShapeProblem {
    /// The file is JSON but not an object.
    NotAnObject {
        /// The kind of JSON value it is ([`Json::kind`]).
        found: &'static str,
    },
    /// A value of another kind than the format's.
    Expected {
        /// What the format has there.
        expected: Expected,
        /// What the file has ([`Json::kind`]).
        found: &'static str,
    },
    /// A number too large for what it counts.
    TooLarge,
    /// A field the format requires is missing.
    Missing {
        /// Its name.
        field: String,
    },
    /// A field the format does not have (`at` ends with its name).
    UnknownField {
        /// The fields allowed there.
        known: Vec<&'static str>,
    },
    /// A game other than checkers or Tiers.
    UnknownGame(String),
    /// A computer's level outside 1–8.
    Level,
    /// A seeding other than `"as_entered"` or `{"shuffled": seed}`.
    Seeding,
}

/// The kind of value the format has at a place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expected {
    /// A JSON object.
    Object,
    /// A JSON array.
    List,
    /// A string.
    Text,
    /// A whole number of 0 or more.
    Number,
}

impl fmt::Display for ShapeProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShapeProblem::NotAnObject { found } => {
                write!(f, "the file holds a JSON {found}, not a tournament object")
            }
            ShapeProblem::Expected { expected, found } => {
                let expected = match expected {
                    Expected::Object => "an object",
                    Expected::List => "a list",
                    Expected::Text => "text",
                    Expected::Number => "a whole number of 0 or more",
                };
                write!(f, "expected {expected}, found {found}")
            }
            ShapeProblem::TooLarge => f.write_str("the number is too large"),
            ShapeProblem::Missing { field } => write!(f, "the field \"{field}\" is missing"),
            ShapeProblem::UnknownField { known } => write!(
                f,
                "this field is not part of a tournament file (expected {})",
                known.join(", ")
            ),
            ShapeProblem::UnknownGame(game) => write!(
                f,
                "unknown game \"{game}\", expected \"checkers\" or \"tiers\""
            ),
            ShapeProblem::Level => f.write_str("a level goes from 1 to 8"),
            ShapeProblem::Seeding => f.write_str("expected \"as_entered\" or {\"shuffled\": seed}"),
        }
    }
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::NotJson(e) => write!(f, "not a readable tournament file: {e}"),
            ImportError::Shape { at, problem } if at.is_empty() => {
                write!(f, "not a readable tournament file: {problem}")
            }
            ImportError::Shape { at, problem } => {
                write!(f, "not a readable tournament file: {at}: {problem}")
            }
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
        self.to_value().to_text(true)
    }

    /// The tournament file as a JSON value (to keep several in one document).
    pub fn to_value(&self) -> Json {
        let num = |n: usize| Json::int(n as u64);
        let brackets: Vec<Json> = self
            .brackets()
            .iter()
            .map(|b| {
                let entrants: Vec<Json> = b
                    .entrants()
                    .iter()
                    .map(|e| {
                        let mut o = Json::obj([("name", Json::str(&e.name))]);
                        if let Some(level) = e.level {
                            o.set("level", Json::int(u64::from(level)));
                        }
                        o
                    })
                    .collect();
                let results: Vec<Json> = b
                    .results()
                    .map(|(id, r)| {
                        Json::obj([
                            ("match", num(id + 1)),
                            ("winner", num(r.winner + 1)),
                            ("score", Json::str(&r.score)),
                            ("record", Json::str(&r.record)),
                        ])
                    })
                    .collect();
                let mut o = Json::obj([
                    ("name", Json::str(b.name())),
                    (
                        "seeding",
                        match b.seeding() {
                            Seeding::AsEntered => Json::str("as_entered"),
                            Seeding::Shuffled(seed) => Json::obj([("shuffled", Json::int(seed))]),
                        },
                    ),
                    ("entrants", Json::List(entrants)),
                    ("results", Json::List(results)),
                ]);
                let notes: Vec<Json> = b
                    .notes()
                    .map(|(id, n)| Json::obj([("match", num(id + 1)), ("note", Json::str(n))]))
                    .collect();
                if !notes.is_empty() {
                    o.set("reset_notes", Json::List(notes));
                }
                o
            })
            .collect();
        let mut o = Json::obj([
            ("format", Json::str(FORMAT)),
            ("version", Json::int(u64::from(VERSION))),
            ("name", Json::str(self.name())),
            (
                "game",
                Json::str(match self.game() {
                    GameChoice::Checkers => "checkers",
                    GameChoice::Tiers => "tiers",
                }),
            ),
            ("brackets", Json::List(brackets)),
        ]);
        if let Some(seed) = self.ballot_seed() {
            o.set("ballot_seed", Json::int(seed));
        }
        o
    }

    /// Reads a tournament file, checking everything: format, version, names,
    /// levels, and that every result fits the bracket.
    pub fn from_json(text: &str) -> Result<Tournament, ImportError> {
        let value = Json::parse_located(text).map_err(ImportError::NotJson)?;
        Self::from_value(&value)
    }

    /// Reads a tournament from a JSON value written by [`Self::to_value`],
    /// with the same checks as [`Self::from_json`].
    pub fn from_value(value: &Json) -> Result<Tournament, ImportError> {
        check_header(value)?;
        let top = object(value, "the file")?;
        allow(
            top,
            &[
                "format",
                "version",
                "name",
                "game",
                "ballot_seed",
                "brackets",
            ],
            "",
        )?;
        let name = string(need(top, "name", "")?, "name")?;
        let game = match string(need(top, "game", "")?, "game")?.as_str() {
            "checkers" => GameChoice::Checkers,
            "tiers" => GameChoice::Tiers,
            other => return Err(shape("game", ShapeProblem::UnknownGame(other.to_string()))),
        };
        let ballot_seed = match field(top, "ballot_seed") {
            None | Some(Json::Null) => None,
            Some(v) => Some(number(v, "ballot_seed")?),
        };
        let list = array(need(top, "brackets", "")?, "brackets")?;
        let mut brackets = Vec::with_capacity(list.len());
        let mut pending = Vec::with_capacity(list.len());
        for (i, fb) in list.iter().enumerate() {
            let at = format!("brackets[{i}]");
            let fb = object(fb, &at)?;
            allow(
                fb,
                &["name", "seeding", "entrants", "results", "reset_notes"],
                &at,
            )?;
            let name = string(need(fb, "name", &at)?, &format!("{at}.name"))?;
            if name.trim().is_empty() {
                return Err(SetupError::EmptyBracketName { bracket: i + 1 }.into());
            }
            let seeding = seeding(need(fb, "seeding", &at)?, &format!("{at}.seeding"))?;
            let mut entrants = Vec::new();
            for (j, e) in array(need(fb, "entrants", &at)?, &format!("{at}.entrants"))?
                .iter()
                .enumerate()
            {
                let at = format!("{at}.entrants[{j}]");
                let e = object(e, &at)?;
                allow(e, &["name", "level"], &at)?;
                let level = match field(e, "level") {
                    None | Some(Json::Null) => None,
                    Some(v) => Some(
                        u8::try_from(number(v, &format!("{at}.level"))?)
                            .map_err(|_| shape(&format!("{at}.level"), ShapeProblem::Level))?,
                    ),
                };
                entrants.push(Entrant {
                    name: string(need(e, "name", &at)?, &format!("{at}.name"))?,
                    level,
                });
            }
            let mut results = Vec::new();
            for (j, r) in optional_array(fb, "results", &at)?.iter().enumerate() {
                let at = format!("{at}.results[{j}]");
                let r = object(r, &at)?;
                allow(r, &["match", "winner", "score", "record"], &at)?;
                results.push((
                    index(need(r, "match", &at)?, &format!("{at}.match"))?,
                    index(need(r, "winner", &at)?, &format!("{at}.winner"))?,
                    optional_string(r, "score", &at)?,
                    optional_string(r, "record", &at)?,
                ));
            }
            let mut notes = Vec::new();
            for (j, n) in optional_array(fb, "reset_notes", &at)?.iter().enumerate() {
                let at = format!("{at}.reset_notes[{j}]");
                let n = object(n, &at)?;
                allow(n, &["match", "note"], &at)?;
                notes.push((
                    index(need(n, "match", &at)?, &format!("{at}.match"))?,
                    string(need(n, "note", &at)?, &format!("{at}.note"))?,
                ));
            }
            brackets.push(Bracket::seeded(name, entrants, seeding)?);
            pending.push((results, notes));
        }
        let mut t = Tournament::assemble(name, game, ballot_seed, brackets)?;
        for ((results, notes), b) in pending.into_iter().zip(t.brackets_mut()) {
            let name = b.name().to_string();
            let order = crate::order_by(results.len(), &|i| results[i].0 as u64);
            let mut slots: Vec<Option<_>> = results.into_iter().map(Some).collect();
            let results: Vec<(usize, usize, String, String)> =
                order.into_iter().filter_map(|i| slots[i].take()).collect();
            for pair in results.windows(2) {
                if pair[0].0 == pair[1].0 {
                    return Err(ImportError::DuplicateResult {
                        bracket: name,
                        number: pair[0].0,
                    });
                }
            }
            for (number, winner, score, record) in results {
                let entrants = b.entrants().len();
                if winner == 0 || winner > entrants {
                    return Err(ImportError::BadSeed {
                        bracket: name,
                        number,
                        seed: winner,
                        entrants,
                    });
                }
                let matches = b.structure().matches.len();
                if number == 0 || number > matches {
                    return Err(ImportError::Result {
                        bracket: name,
                        error: ResultError::NoSuchMatch { number, matches },
                    });
                }
                b.set_result(number - 1, winner - 1, &score, &record)
                    .map_err(|error| ImportError::Result {
                        bracket: name.clone(),
                        error,
                    })?;
            }
            for (number, note) in notes {
                if number == 0 || number > b.structure().matches.len() {
                    return Err(ImportError::BadNote {
                        bracket: name,
                        number,
                    });
                }
                if b.result(number - 1).is_none() {
                    b.set_note(number - 1, note);
                }
            }
        }
        Ok(t)
    }
}

/// The checks that come before reading the fields: an object, of the right
/// format and version.
fn check_header(value: &Json) -> Result<(), ImportError> {
    if value.as_obj().is_none() {
        return Err(shape(
            "",
            ShapeProblem::NotAnObject {
                found: value.kind(),
            },
        ));
    }
    match value.get("format") {
        Some(Json::Str(s)) if s == FORMAT => {}
        Some(other) => return Err(ImportError::NotATournament(other.to_string())),
        None => return Err(ImportError::NotATournament("missing".into())),
    }
    match value.get("version") {
        Some(v) if v.as_u64() == Some(u64::from(VERSION)) => Ok(()),
        Some(other) => Err(ImportError::UnsupportedVersion(other.to_string())),
        None => Err(ImportError::UnsupportedVersion("(missing)".into())),
    }
}

type Fields = [(String, Json)];

fn shape(at: &str, problem: ShapeProblem) -> ImportError {
    ImportError::Shape {
        at: at.to_string(),
        problem,
    }
}

fn wrong(at: &str, expected: Expected, v: &Json) -> ImportError {
    shape(
        at,
        ShapeProblem::Expected {
            expected,
            found: v.kind(),
        },
    )
}

fn object<'a>(v: &'a Json, at: &str) -> Result<&'a Fields, ImportError> {
    v.as_obj().ok_or_else(|| wrong(at, Expected::Object, v))
}

fn array<'a>(v: &'a Json, at: &str) -> Result<&'a [Json], ImportError> {
    v.as_list().ok_or_else(|| wrong(at, Expected::List, v))
}

fn string(v: &Json, at: &str) -> Result<String, ImportError> {
    v.as_str()
        .map(str::to_string)
        .ok_or_else(|| wrong(at, Expected::Text, v))
}

fn number(v: &Json, at: &str) -> Result<u64, ImportError> {
    v.as_u64().ok_or_else(|| wrong(at, Expected::Number, v))
}

fn index(v: &Json, at: &str) -> Result<usize, ImportError> {
    usize::try_from(number(v, at)?).map_err(|_| shape(at, ShapeProblem::TooLarge))
}

fn field<'a>(o: &'a Fields, key: &str) -> Option<&'a Json> {
    o.iter().find(|(k, _)| k == key).map(|(_, v)| v)
}

fn need<'a>(o: &'a Fields, key: &str, at: &str) -> Result<&'a Json, ImportError> {
    field(o, key).ok_or_else(|| {
        shape(
            at,
            ShapeProblem::Missing {
                field: key.to_string(),
            },
        )
    })
}

fn optional_array<'a>(o: &'a Fields, key: &str, at: &str) -> Result<&'a [Json], ImportError> {
    match field(o, key) {
        None | Some(Json::Null) => Ok(&[]),
        Some(v) => array(v, &format!("{at}.{key}")),
    }
}

fn optional_string(o: &Fields, key: &str, at: &str) -> Result<String, ImportError> {
    match field(o, key) {
        None | Some(Json::Null) => Ok(String::new()),
        Some(v) => string(v, &format!("{at}.{key}")),
    }
}

/// Refuses fields the format does not have.
fn allow(o: &Fields, known: &[&'static str], at: &str) -> Result<(), ImportError> {
    match o
        .iter()
        .map(|(k, _)| k)
        .find(|k| !known.contains(&k.as_str()))
    {
        None => Ok(()),
        Some(k) => Err(shape(
            &if at.is_empty() {
                k.clone()
            } else {
                format!("{at}.{k}")
            },
            ShapeProblem::UnknownField {
                known: known.to_vec(),
            },
        )),
    }
}

fn seeding(v: &Json, at: &str) -> Result<Seeding, ImportError> {
    match v {
        Json::Str(s) if s == "as_entered" => Ok(Seeding::AsEntered),
        Json::Obj(o) if o.len() == 1 && o[0].0 == "shuffled" => Ok(Seeding::Shuffled(number(
            &o[0].1,
            &format!("{at}.shuffled"),
        )?)),
        _ => Err(shape(at, ShapeProblem::Seeding)),
    }
}
