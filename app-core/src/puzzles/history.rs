//! The solver's puzzle rating and history, kept on the device
//! (`tiers.puzzles`): a rating per game (Elo, starting at
//! [`START_RATING`]), the result of the first attempt at every puzzle tried
//! (keyed `<game>/<id>`) and the current streak of puzzles solved, in a
//! versioned JSON record:
//!
//! ```text
//! {"v": 1, "ratings": {"checkers": 1516, "tiers": 1500}, "streak": 1,
//!  "history": {"checkers/c0001": "solved", "tiers/t0042": "failed"}}
//! ```
//!
//! A damaged record keeps what can be read of it and says what was wrong.

use tiers_engine::GameKind;
use tiers_json::Json;

use crate::i18n::Text;
use crate::versioned;

/// The format version written now.
pub const VERSION: u64 = 1;
/// Everyone's rating before their first puzzle.
pub const START_RATING: u32 = 1500;
/// How far one puzzle moves the rating at most (the Elo K factor).
pub const K: f64 = 32.0;

/// How a puzzle went the first time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attempt {
    /// Solved without a wrong move or a hint.
    Solved,
    /// A wrong move or a hint.
    Failed,
}

impl Attempt {
    fn word(self) -> &'static str {
        match self {
            Attempt::Solved => "solved",
            Attempt::Failed => "failed",
        }
    }
}

/// The rating after a puzzle of rating `puzzle`: Elo with [`K`], the
/// solver "winning" when `solved`.
///
/// ```
/// use tiers_core::puzzles::history::elo;
/// assert_eq!(elo(1500, 1500, true), 1516);
/// assert_eq!(elo(1500, 1500, false), 1484);
/// assert_eq!(elo(1500, 2300, true), 1532);
/// assert_eq!(elo(1500, 700, false), 1468);
/// ```
#[must_use]
pub fn elo(rating: u32, puzzle: u32, solved: bool) -> u32 {
    let expected = 1.0 / (1.0 + 10f64.powf((f64::from(puzzle) - f64::from(rating)) / 400.0));
    let score = if solved { 1.0 } else { 0.0 };
    let next = f64::from(rating) + K * (score - expected);
    next.round().clamp(100.0, 4000.0) as u32
}

/// The rating and history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct History {
    /// The rating for checkers and for Tiers.
    pub ratings: [u32; 2],
    /// First results by key `<game>/<id>`, in the keys' order.
    pub results: Vec<(String, Attempt)>,
    /// Puzzles solved in a row (the last ones tried).
    pub streak: u32,
}

impl Default for History {
    fn default() -> Self {
        History {
            ratings: [START_RATING; 2],
            results: Vec::new(),
            streak: 0,
        }
    }
}

/// What could be read of a stored record, and what was wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Read {
    /// What was read.
    pub history: History,
    /// What was wrong (None: all was read).
    pub problem: Option<Text>,
}

fn slot(kind: GameKind) -> usize {
    usize::from(kind == GameKind::Tiers)
}

/// The history key of a puzzle.
#[must_use]
pub fn key(kind: GameKind, id: &str) -> String {
    format!("{}/{id}", kind.name())
}

impl History {
    /// The rating for a game.
    #[must_use]
    pub fn rating(&self, kind: GameKind) -> u32 {
        self.ratings[slot(kind)]
    }

    /// How a puzzle went the first time (None: never tried).
    #[must_use]
    pub fn result(&self, key: &str) -> Option<Attempt> {
        self.results
            .binary_search_by(|(k, _)| k.as_str().cmp(key))
            .ok()
            .map(|i| self.results[i].1)
    }

    /// Puzzles solved and failed, for a game.
    #[must_use]
    pub fn counts(&self, kind: GameKind) -> (usize, usize) {
        let prefix = format!("{}/", kind.name());
        let mine = self.results.iter().filter(|(k, _)| k.starts_with(&prefix));
        let solved = mine.clone().filter(|(_, r)| *r == Attempt::Solved).count();
        (solved, mine.count() - solved)
    }

    /// Records the first result of a puzzle (of rating `puzzle`) and moves
    /// the rating; a puzzle tried before changes nothing but the streak.
    /// Returns the rating before and after.
    pub fn record(&mut self, kind: GameKind, id: &str, puzzle: u32, result: Attempt) -> (u32, u32) {
        let before = self.rating(kind);
        self.streak = match result {
            Attempt::Solved => self.streak.saturating_add(1),
            Attempt::Failed => 0,
        };
        let key = key(kind, id);
        match self.results.binary_search_by(|(k, _)| k.cmp(&key)) {
            Ok(_) => (before, before),
            Err(i) => {
                self.results.insert(i, (key, result));
                let after = elo(before, puzzle, result == Attempt::Solved);
                self.ratings[slot(kind)] = after;
                (before, after)
            }
        }
    }

    /// As its stored text.
    #[must_use]
    pub fn to_json(&self) -> String {
        let history = self
            .results
            .iter()
            .map(|(k, r)| (k.clone(), Json::str(r.word())))
            .collect();
        Json::obj([
            ("v", Json::int(VERSION)),
            (
                "ratings",
                Json::obj([
                    ("checkers", Json::int(u64::from(self.ratings[0]))),
                    ("tiers", Json::int(u64::from(self.ratings[1]))),
                ]),
            ),
            ("streak", Json::int(u64::from(self.streak))),
            ("history", Json::Obj(history)),
        ])
        .to_string()
    }

    /// Reads a stored record: a damaged one keeps its readable parts and
    /// says what was wrong.
    #[must_use]
    pub fn read(text: &str) -> Read {
        let record = || Text::new("record.puzzles");
        let fail = |problem: Text| Read {
            history: History::default(),
            problem: Some(problem),
        };
        let value = match Json::parse(text) {
            Ok(v) => v,
            Err(_) => return fail(versioned::not_json(record())),
        };
        if let Err(e) = versioned::check(&value, VERSION, record()) {
            return fail(e);
        }
        let mut history = History::default();
        let mut bad: Vec<String> = Vec::new();
        for kind in [GameKind::Checkers, GameKind::Tiers] {
            match value
                .get("ratings")
                .and_then(|r| r.get(kind.name()))
                .map(Json::as_u64)
            {
                Some(Some(r @ 100..=4000)) => history.ratings[slot(kind)] = r as u32,
                None => {}
                Some(_) => bad.push(format!("the {} rating", kind.name())),
            }
        }
        match value.get("streak").map(Json::as_u64) {
            Some(Some(s)) => history.streak = u32::try_from(s).unwrap_or(u32::MAX),
            None => {}
            Some(None) => bad.push("the streak".into()),
        }
        if let Some(entries) = value.get("history").and_then(Json::as_obj) {
            for (k, v) in entries {
                let result = match v.as_str() {
                    Some("solved") => Some(Attempt::Solved),
                    Some("failed") => Some(Attempt::Failed),
                    _ => None,
                };
                let game_ok = k
                    .split_once('/')
                    .is_some_and(|(g, id)| GameKind::parse(g).is_ok() && !id.is_empty());
                match result {
                    Some(r) if game_ok => {
                        if let Err(i) = history.results.binary_search_by(|(x, _)| x.cmp(k)) {
                            history.results.insert(i, (k.clone(), r));
                        }
                    }
                    _ => bad.push(k.clone()),
                }
            }
        } else if value.get("history").is_some() {
            bad.push("the history".into());
        }
        let problem =
            (!bad.is_empty()).then(|| crate::text!("error.some-puzzles", count = bad.len()));
        Read { history, problem }
    }
}
