//! The solver's puzzle rating and history, kept on the device
//! (`tiers.puzzles`): a rating per game (Elo, starting at
//! [`START_RATING`]), the result of the first attempt at every puzzle tried
//! (keyed `<game>/<id>`) and the current streak of puzzles solved, in a
//! versioned JSON record:
//!
//! ```text
//! {"v": 1, "ratings": {"checkers": 1516, "tiers": 1500}, "streak": 1,
//!  "history": {"checkers/c0001": "solved", "tiers/t0042": "failed"},
//!  "log": {"checkers": [1516], "tiers": []},
//!  "best": {"checkers": {"streak": 4, "rush-3": 9, "rush-5": 0}, "tiers": {…}},
//!  "daily": {"checkers": "2026-11-27", "tiers": "2026-11-25",
//!            "last": "2026-11-27", "days": 3}}
//! ```
//!
//! `log`, `best` and `daily` came later in format 1: a record without them
//! reads as having none.
//!
//! A damaged record keeps what can be read of it and says what was wrong.

use tiers_engine::GameKind;
use tiers_json::Json;

use super::modes::{Day, Mode, RushLength};
use super::GAMES;
use crate::by_game::ByGame;
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

/// How many ratings the log keeps per game (the latest).
pub const LOG_LENGTH: usize = 200;

/// A game's best scores in the modes played as runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bests {
    /// The longest streak.
    pub streak: u32,
    /// The best 3-minute rush.
    pub rush3: u32,
    /// The best 5-minute rush.
    pub rush5: u32,
}

impl Bests {
    /// The best score of a run mode (None: not a run mode).
    #[must_use]
    pub fn of(&self, mode: Mode) -> Option<u32> {
        match mode {
            Mode::Streak => Some(self.streak),
            Mode::Rush(RushLength::Three) => Some(self.rush3),
            Mode::Rush(RushLength::Five) => Some(self.rush5),
            Mode::Rated | Mode::Daily(_) => None,
        }
    }

    fn slot(&mut self, mode: Mode) -> Option<&mut u32> {
        match mode {
            Mode::Streak => Some(&mut self.streak),
            Mode::Rush(RushLength::Three) => Some(&mut self.rush3),
            Mode::Rush(RushLength::Five) => Some(&mut self.rush5),
            Mode::Rated | Mode::Daily(_) => None,
        }
    }

    const FIELDS: [(&'static str, Mode); 3] = [
        ("streak", Mode::Streak),
        ("rush-3", Mode::Rush(RushLength::Three)),
        ("rush-5", Mode::Rush(RushLength::Five)),
    ];
}

/// The daily puzzles solved: the last day each game's was, and the days
/// in a row on which one was.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Dailies {
    /// The last day each game's daily puzzle was solved.
    pub solved: ByGame<Option<Day>>,
    /// The last day a daily puzzle was solved (either game).
    pub last: Option<Day>,
    /// Days in a row, ending on `last`, on which one was.
    pub days: u32,
}

impl Dailies {
    /// Whether `kind`'s daily puzzle of `today` is solved.
    #[must_use]
    pub fn solved_on(&self, kind: GameKind, today: Day) -> bool {
        self.solved[kind] == Some(today)
    }

    /// The streak of days as of `today`: it is kept while yesterday's
    /// counts (today's may still come), else it is 0.
    #[must_use]
    pub fn streak(&self, today: Day) -> u32 {
        match self.last {
            Some(d) if d == today || d == today.before() => self.days,
            _ => 0,
        }
    }

    /// `kind`'s daily puzzle of `day` was solved.
    pub fn solve(&mut self, kind: GameKind, day: Day) {
        self.solved[kind] = Some(day);
        self.days = match self.last {
            Some(d) if d == day => self.days,
            Some(d) if d == day.before() => self.days.saturating_add(1),
            _ => 1,
        };
        self.last = Some(day);
    }
}

/// The rating and history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct History {
    /// The rating for checkers and for Tiers.
    pub ratings: ByGame<u32>,
    /// First results by key `<game>/<id>`, in the keys' order.
    pub results: Vec<(String, Attempt)>,
    /// Puzzles solved in a row (the last ones tried).
    pub streak: u32,
    /// The rating after each rated puzzle, per game (the last
    /// [`LOG_LENGTH`]).
    pub log: ByGame<Vec<u32>>,
    /// The best streak and rush scores, per game.
    pub bests: ByGame<Bests>,
    /// The daily puzzles solved.
    pub dailies: Dailies,
}

impl Default for History {
    fn default() -> Self {
        History {
            ratings: ByGame::both(START_RATING),
            results: Vec::new(),
            streak: 0,
            log: ByGame::default(),
            bests: ByGame::default(),
            dailies: Dailies::default(),
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

/// The history key of a puzzle.
#[must_use]
pub fn key(kind: GameKind, id: &str) -> String {
    format!("{}/{id}", kind.name())
}

impl History {
    /// The rating for a game.
    #[must_use]
    pub fn rating(&self, kind: GameKind) -> u32 {
        self.ratings[kind]
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
                self.ratings[kind] = after;
                let log = &mut self.log[kind];
                log.push(after);
                if log.len() > LOG_LENGTH {
                    log.remove(0);
                }
                (before, after)
            }
        }
    }

    /// A run of `mode` in `kind` ended with `score`: kept when it is the
    /// best. Returns whether it is a new best.
    pub fn run_over(&mut self, kind: GameKind, mode: Mode, score: u32) -> bool {
        match self.bests[kind].slot(mode) {
            Some(best) if score > *best => {
                *best = score;
                true
            }
            _ => false,
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
                    (
                        "checkers",
                        Json::int(u64::from(self.ratings[GameKind::Checkers])),
                    ),
                    ("tiers", Json::int(u64::from(self.ratings[GameKind::Tiers]))),
                ]),
            ),
            ("streak", Json::int(u64::from(self.streak))),
            ("history", Json::Obj(history)),
            (
                "log",
                Json::Obj(
                    GAMES
                        .iter()
                        .map(|&k| {
                            let list = self.log[k].iter().map(|&r| Json::int(u64::from(r)));
                            (k.name().to_string(), Json::List(list.collect()))
                        })
                        .collect(),
                ),
            ),
            (
                "best",
                Json::Obj(
                    GAMES
                        .iter()
                        .map(|&k| {
                            let b = self.bests[k];
                            let fields = Bests::FIELDS.iter().map(|&(name, mode)| {
                                (
                                    name.to_string(),
                                    Json::int(u64::from(b.of(mode).unwrap_or(0))),
                                )
                            });
                            (k.name().to_string(), Json::Obj(fields.collect()))
                        })
                        .collect(),
                ),
            ),
            ("daily", {
                let d = &self.dailies;
                let day = |x: Option<Day>| x.map_or(Json::Null, |d| Json::str(&d.to_string()));
                Json::obj([
                    ("checkers", day(d.solved[GameKind::Checkers])),
                    ("tiers", day(d.solved[GameKind::Tiers])),
                    ("last", day(d.last)),
                    ("days", Json::int(u64::from(d.days))),
                ])
            }),
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
        let mut bad: usize = 0;
        for kind in GAMES {
            match value
                .get("ratings")
                .and_then(|r| r.get(kind.name()))
                .map(Json::as_u64)
            {
                Some(Some(r @ 100..=4000)) => history.ratings[kind] = r as u32,
                None => {}
                Some(_) => bad += 1,
            }
        }
        match value.get("streak").map(Json::as_u64) {
            Some(Some(s)) => history.streak = u32::try_from(s).unwrap_or(u32::MAX),
            None => {}
            Some(None) => bad += 1,
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
                    _ => bad += 1,
                }
            }
        } else if value.get("history").is_some() {
            bad += 1;
        }
        read_extras(&value, &mut history, &mut bad);
        let problem = (bad > 0).then(|| crate::text!("error.some-puzzles", count = bad));
        Read { history, problem }
    }
}

/// Reads the parts added later in format 1 (`log`, `best`, `daily`); what
/// does not read is counted in `bad`.
fn read_extras(value: &Json, history: &mut History, bad: &mut usize) {
    for kind in GAMES {
        let name = kind.name();
        if let Some(list) = value.get("log").and_then(|l| l.get(name)) {
            let read: Option<Vec<u32>> = list.as_list().and_then(|a| {
                a.iter()
                    .map(|r| {
                        r.as_u64()
                            .filter(|r| (100..=4000).contains(r))
                            .map(|r| r as u32)
                    })
                    .collect()
            });
            match read {
                Some(mut l) => {
                    let extra = l.len().saturating_sub(LOG_LENGTH);
                    l.drain(..extra);
                    history.log[kind] = l;
                }
                None => *bad += 1,
            }
        }
        if let Some(b) = value.get("best").and_then(|b| b.get(name)) {
            for (field, mode) in Bests::FIELDS {
                match b.get(field).map(Json::as_u64) {
                    None => {}
                    Some(Some(n)) => {
                        if let Some(slot) = history.bests[kind].slot(mode) {
                            *slot = u32::try_from(n).unwrap_or(u32::MAX);
                        }
                    }
                    Some(None) => *bad += 1,
                }
            }
        }
    }
    let Some(daily) = value.get("daily") else {
        return;
    };
    let day = |field: &str, bad: &mut usize| match daily.get(field) {
        None | Some(Json::Null) => None,
        Some(v) => {
            let d = v.as_str().and_then(Day::parse);
            if d.is_none() {
                *bad += 1;
            }
            d
        }
    };
    history.dailies.solved = ByGame::new(day("checkers", bad), day("tiers", bad));
    history.dailies.last = day("last", bad);
    match daily.get("days").map(Json::as_u64) {
        None => {}
        Some(Some(n)) => history.dailies.days = u32::try_from(n).unwrap_or(u32::MAX),
        Some(None) => *bad += 1,
    }
}
