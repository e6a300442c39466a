//! The opening trainer (checkers): the lines
//! file made by `tiers openings` (after each ACF ballot, the engine's main
//! line; its format: docs/content-formats.md, "Opening trainer lines"),
//! read and checked move by move, and the spaced-repetition schedule of
//! its items ([`Schedule`]): an item answered well comes back later each
//! time, one answered wrongly soon. The screen's state: [`trainer`].

pub mod trainer;

use std::collections::BTreeMap;

use tiers_engine::{Color, GameKind};
use tiers_json::Json;

use crate::i18n::Text;
use crate::library::rebuild;
use crate::versioned;

/// One ballot and the engine's line after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The ACF number.
    pub number: u32,
    /// The ballot's three moves.
    pub ballot: Vec<String>,
    /// The engine's main line after them.
    pub line: Vec<String>,
}

impl Line {
    /// An item's key: `58/red` (the ballot, the side the trainee plays).
    #[must_use]
    pub fn key(&self, side: Color) -> String {
        format!("{}/{}", self.number, side_name(side))
    }

    /// The moves the trainee plays as `side` in the line (indices into
    /// [`Line::line`]); in checkers Black moves first, so after the three
    /// moves of a ballot Red moves first in the line.
    #[must_use]
    pub fn moves_of(&self, side: Color) -> Vec<usize> {
        let first = if self.ballot.len() % 2 == 1 {
            Color::Red
        } else {
            Color::Black
        };
        (0..self.line.len())
            .filter(|i| (i % 2 == 0) == (side == first))
            .collect()
    }
}

fn side_name(side: Color) -> &'static str {
    match side {
        Color::Red => "red",
        Color::Black => "black",
    }
}

/// Reads the lines file: `number|ballot|line`, `#` comments; every move is
/// played from the start position. The error names the line and why.
pub fn read(text: &str) -> Result<Vec<Line>, String> {
    let mut out: Vec<Line> = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let row = raw.trim();
        if row.is_empty() || row.starts_with('#') {
            continue;
        }
        let at = |why: String| format!("line {}: {why}", n + 1);
        let fields: Vec<&str> = row.split('|').map(str::trim).collect();
        let [number, ballot, line] = fields[..] else {
            return Err(at(format!("{} fields, not 3", fields.len())));
        };
        let number: u32 = number
            .parse()
            .map_err(|_| at(format!("`{number}` is not a ballot number")))?;
        if out.iter().any(|l| l.number == number) {
            return Err(at(format!("ballot {number} again")));
        }
        let words = |s: &str| s.split_whitespace().map(str::to_string).collect::<Vec<_>>();
        let (ballot, line) = (words(ballot), words(line));
        if ballot.len() != 3 || line.is_empty() {
            return Err(at("a ballot is three moves, and a line one or more".into()));
        }
        let start = <tiers_engine::checkers::Position as tiers_engine::Position>::start();
        let all: Vec<String> = ballot.iter().chain(&line).cloned().collect();
        rebuild(
            GameKind::Checkers,
            &tiers_engine::Position::to_text(&start),
            &all,
            all.len(),
            None,
        )
        .map_err(at)?;
        out.push(Line {
            number,
            ballot,
            line,
        });
    }
    if out.is_empty() {
        return Err("no line".into());
    }
    Ok(out)
}

/// The boxes of the schedule: an item in box `b` (answered well `b` times
/// running) is due [`INTERVALS`]`[b]` answers after its last (box 0, a
/// wrong answer: after one other item).
pub const INTERVALS: [u32; 6] = [1, 4, 10, 25, 60, 150];
/// The format of the stored schedule.
pub const VERSION: u64 = 1;

/// Where an item is in the schedule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Card {
    /// Answered well this many times running (at most the last box).
    pub level: u8,
    /// The answer count from which it is due.
    pub due: u32,
}

/// Spaced repetition, counted in answers (not days, so that a session
/// shows the effect): an item answered wrongly comes back after one other
/// ([`INTERVALS`]`[0]`), one answered well ever later.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Schedule {
    /// Answers given so far.
    pub turn: u32,
    /// The items seen, by key.
    pub cards: BTreeMap<String, Card>,
}

impl Schedule {
    /// Records an answer to item `key`.
    pub fn answer(&mut self, key: &str, right: bool) {
        self.turn += 1;
        let last = (INTERVALS.len() - 1) as u8;
        let card = self
            .cards
            .entry(key.to_string())
            .or_insert(Card { level: 0, due: 0 });
        card.level = if right { (card.level + 1).min(last) } else { 0 };
        card.due = self.turn + INTERVALS[usize::from(card.level)];
    }

    /// The item to ask next among `keys` (in the order new ones are
    /// introduced): the one due longest (a lower box first on a tie), else
    /// the first never seen, else the one due soonest.
    #[must_use]
    pub fn next<'a>(&self, keys: &'a [String]) -> Option<&'a str> {
        let seen = |k: &&String| self.cards.contains_key(k.as_str());
        let by_due = |k: &&'a String| {
            let c = self.cards[k.as_str()];
            (c.due, c.level)
        };
        keys.iter()
            .filter(seen)
            .filter(|k| self.cards[k.as_str()].due <= self.turn)
            .min_by_key(by_due)
            .or_else(|| keys.iter().find(|k| !seen(k)))
            .or_else(|| keys.iter().filter(seen).min_by_key(by_due))
            .map(String::as_str)
    }

    /// As JSON: `{"v": 1, "turn": 12, "cards": {"58/red": [2, 22]}}`.
    #[must_use]
    pub fn to_value(&self) -> Json {
        Json::obj([
            ("v", Json::int(VERSION)),
            ("turn", Json::int(u64::from(self.turn))),
            (
                "cards",
                Json::Obj(
                    self.cards
                        .iter()
                        .map(|(k, c)| {
                            let v = [u64::from(c.level), u64::from(c.due)].map(Json::int);
                            (k.clone(), Json::List(v.to_vec()))
                        })
                        .collect(),
                ),
            ),
        ])
    }

    /// From [`Schedule::to_value`]'s JSON; what is wrong in the page's
    /// words.
    pub fn from_value(v: &Json) -> Result<Schedule, Text> {
        let record = Text::new("record.openings");
        versioned::check(v, VERSION, record.clone())?;
        let damaged = || versioned::damaged(record.clone());
        let turn = v
            .get("turn")
            .and_then(Json::as_u64)
            .and_then(|t| u32::try_from(t).ok())
            .ok_or_else(damaged)?;
        let Some(Json::Obj(items)) = v.get("cards") else {
            return Err(damaged());
        };
        let mut cards = BTreeMap::new();
        for (k, c) in items {
            let n = |i: usize| c.as_list().and_then(|l| l.get(i)).and_then(Json::as_u64);
            let (Some(level), Some(due)) = (n(0), n(1)) else {
                return Err(damaged());
            };
            let level = u8::try_from(level)
                .ok()
                .filter(|&l| usize::from(l) < INTERVALS.len())
                .ok_or_else(damaged)?;
            let due = u32::try_from(due).ok().ok_or_else(damaged)?;
            cards.insert(k.clone(), Card { level, due });
        }
        Ok(Schedule { turn, cards })
    }
}

#[cfg(test)]
mod tests;
