//! The archive of finished games: one JSON document
//! (`{"v": 1, "games": [...]}`, newest first) whose entries hold the list's
//! columns and the game itself as PDN (or the Tiers record). Reading checks
//! every entry with the engine; an unreadable entry is set aside without
//! losing the others.

use tiers_engine::pdn::{PdnResult, Variant};
use tiers_engine::{checkers, tiers, Color, DrawReason, GameKind, Outcome, WinReason};
use tiers_json::Json;

use super::files::{self, FileGame};
use super::saved::{bylink_json, read_bylink};
use super::{game_tags, game_title, tag};
use crate::coach::hints_in;
use crate::i18n::{words, Text};
use crate::record::Record;
use crate::review::mistakes::Progress;
use crate::review::Review;
use crate::session::Opponent;
use crate::session::{ByLink, GameMeta};
use crate::versioned;

/// The schema version written now.
pub const VERSION: u64 = 1;

/// At most this many games are kept (the oldest go first).
pub const LIMIT: usize = 2000;

/// One finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The game's id (as in the saved game).
    pub id: u64,
    /// When it ended (ms since 1970).
    pub date: u64,
    /// `checkers` or `tiers`.
    pub kind: String,
    /// Red's player.
    pub red: String,
    /// Black's player.
    pub black: String,
    /// The PDN result: `1-0`, `0-1`, `1/2-1/2`.
    pub result: String,
    /// The outcome in words: "Black wins: Red resigned".
    pub reason: String,
    /// Moves played.
    pub moves: usize,
    /// Hints asked during the game (stored only when some were).
    pub hints: u32,
    /// The game as PDN (checkers) or Tiers record.
    pub pdn: String,
    /// A game played by link: the side this device plays (such a game is
    /// kept from its first move, finished or not).
    pub bylink: Option<ByLink>,
    /// Its finished review (stored only when there is one).
    pub review: Option<Review>,
    /// What was done of its exercises ("Learn from your mistakes"; stored
    /// only when some were done).
    pub drill: Option<Progress>,
}

impl Entry {
    /// The archive entry of a finished game (None if it is not finished),
    /// or of a game by link, finished or not.
    #[must_use]
    pub fn of(record: &dyn Record, opponent: Opponent, meta: &GameMeta, now: u64) -> Option<Entry> {
        let outcome = record.outcome();
        if outcome.is_none() && meta.bylink.is_none() {
            return None;
        }
        let tags = game_tags(opponent, meta);
        let red = tag(&tags, "White").unwrap_or("Red").to_string();
        let black = tag(&tags, "Black").unwrap_or("Black").to_string();
        let pdn = files::export(record, &tags);
        Some(Entry {
            id: meta.id,
            date: now,
            kind: record.kind().name().to_string(),
            red,
            black,
            result: outcome
                .map_or("*", |o| result_text(record.kind(), o))
                .to_string(),
            reason: outcome.map_or_else(|| IN_PROGRESS.to_string(), |o| o.to_string()),
            moves: record.ply(),
            hints: hints_in(&tags),
            pdn,
            bylink: meta.bylink.clone(),
            review: None,
            drill: None,
        })
    }

    /// As JSON.
    #[must_use]
    pub fn to_value(&self) -> Json {
        let mut v = Json::obj([
            ("id", Json::int(self.id)),
            ("date", Json::int(self.date)),
            ("kind", Json::str(self.kind.as_str())),
            ("red", Json::str(self.red.as_str())),
            ("black", Json::str(self.black.as_str())),
            ("result", Json::str(self.result.as_str())),
            ("reason", Json::str(self.reason.as_str())),
            ("moves", Json::int(self.moves as u64)),
            ("pdn", Json::str(self.pdn.as_str())),
        ]);
        if self.hints > 0 {
            v.set("hints", Json::int(u64::from(self.hints)));
        }
        if let Some(b) = &self.bylink {
            v.set("bylink", bylink_json(b));
        }
        if let Some(r) = &self.review {
            v.set("review", r.to_value());
        }
        if let Some(d) = &self.drill {
            v.set("drill", d.to_value());
        }
        v
    }

    /// From JSON; the game itself is checked by [`Entry::game`].
    pub fn from_value(v: &Json) -> Result<Entry, String> {
        let moves = v.number("moves")? as usize;
        Ok(Entry {
            id: v.number("id")?,
            date: v.number("date")?,
            kind: v.text("kind")?.to_string(),
            red: v.text("red")?.to_string(),
            black: v.text("black")?.to_string(),
            result: v.text("result")?.to_string(),
            reason: v.text("reason")?.to_string(),
            moves,
            // Added later: entries without it asked no hint.
            hints: match v.get("hints") {
                None => 0,
                Some(_) => u32::try_from(v.number("hints")?).map_err(|_| "`hints` is too large")?,
            },
            pdn: v.text("pdn")?.to_string(),
            bylink: match v.get("bylink") {
                Some(b) => Some(read_bylink(b)?),
                None => None,
            },
            // Added later, and only a cache: a damaged review is dropped
            // (made again when asked for).
            review: v
                .get("review")
                .and_then(|r| Review::from_value(r, moves).ok()),
            // A damaged one is set aside by `Archive::read`.
            drill: v
                .get("drill")
                .and_then(|d| Progress::from_value(d, moves).ok()),
        })
    }

    /// The game kind.
    #[must_use]
    pub fn kind(&self) -> Option<GameKind> {
        GameKind::parse(&self.kind).ok()
    }

    /// The game, read back from its PDN.
    pub fn game(&self) -> Result<FileGame, Text> {
        let kind = self
            .kind()
            .ok_or_else(|| crate::text!("error.unknown-game", name = &self.kind))?;
        let mut games = files::read_games(kind, &self.pdn)?;
        if games.len() != 1 {
            return Err(crate::text!("error.not-one-game", count = games.len()));
        }
        games.remove(0)
    }

    /// "Checkers · You vs Computer · level 3", in the page's language.
    #[must_use]
    pub fn title(&self) -> Text {
        let kind = self.kind().unwrap_or(GameKind::Checkers);
        game_title(kind, &self.red, &self.black)
    }

    /// The outcome in words ("Black wins: Red resigned"), in the page's
    /// language. The stored text is the engine's English words for the
    /// outcome, which name it exactly: each is matched back to its
    /// outcome (games archived before the page spoke other languages
    /// read the same); an unknown text is shown as it is.
    #[must_use]
    pub fn reason(&self) -> Text {
        if self.reason == IN_PROGRESS {
            return Text::new("games.in-progress-by-link");
        }
        every_outcome()
            .find(|o| o.to_string() == self.reason)
            .map_or_else(|| Text::plain(&self.reason), words::outcome)
    }
}

/// `1-0` / `0-1` / `1/2-1/2` for a finished game.
#[must_use]
pub fn result_text(kind: GameKind, outcome: Outcome) -> &'static str {
    PdnResult::of_outcome(Some(outcome)).text(first_mover(kind))
}

/// Who moves first in a game (the PDN result `1-0` is their win).
fn first_mover(kind: GameKind) -> Color {
    match kind {
        GameKind::Checkers => <checkers::Position as Variant>::FIRST,
        GameKind::Tiers => <tiers::Position as Variant>::FIRST,
    }
}

impl Entry {
    /// Its result as read, with the game's first mover (None: no result
    /// that reads).
    #[must_use]
    pub fn winner(&self) -> Option<PdnResult> {
        let kind = GameKind::parse(&self.kind).ok()?;
        PdnResult::parse(&self.result, first_mover(kind))
    }
}

/// The archive as stored.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Archive {
    /// Schema version ([`VERSION`]).
    pub v: u64,
    /// The games, newest first.
    pub games: Vec<Entry>,
}

/// Every outcome a game can have.
fn every_outcome() -> impl Iterator<Item = Outcome> {
    let wins = [
        WinReason::NoLegalMove,
        WinReason::NoPieces,
        WinReason::Resignation,
        WinReason::Time,
    ];
    Color::ALL
        .into_iter()
        .flat_map(move |winner| wins.map(|reason| Outcome::Win { winner, reason }))
        .chain(
            [
                DrawReason::ThreefoldRepetition,
                DrawReason::HundredPlies,
                DrawReason::Agreement,
            ]
            .map(|reason| Outcome::Draw { reason }),
        )
}

/// The stored reason of a game by link still going on.
const IN_PROGRESS: &str = "In progress, by link";

/// What reading the stored archive gave.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReadArchive {
    /// The entries that could be read.
    pub archive: Archive,
    /// The raw entries (or the whole text) that could not be read.
    pub set_aside: Vec<String>,
    /// What was wrong, for the notice.
    pub problem: Option<Text>,
    /// What was done of some games' exercises could not be read: it was
    /// set aside (in [`ReadArchive::set_aside`], with the game's id) and
    /// the games kept; the notice.
    pub drill_problem: Option<Text>,
}

impl Archive {
    /// An empty archive.
    #[must_use]
    pub fn new() -> Archive {
        Archive {
            v: VERSION,
            games: Vec::new(),
        }
    }

    /// As JSON.
    #[must_use]
    pub fn to_json(&self) -> String {
        Json::obj([
            ("v", Json::int(self.v)),
            (
                "games",
                Json::List(self.games.iter().map(Entry::to_value).collect()),
            ),
        ])
        .to_string()
    }

    /// Adds a game, or replaces the one with the same id (a game that ended
    /// again after a take-back); keeps the newest [`LIMIT`].
    pub fn upsert(&mut self, entry: Entry) {
        self.games.retain(|e| e.id != entry.id);
        self.games.insert(0, entry);
        self.games.truncate(LIMIT);
    }

    /// Removes a game; returns it and where it was.
    pub fn remove(&mut self, id: u64) -> Option<(usize, Entry)> {
        let i = self.games.iter().position(|e| e.id == id)?;
        Some((i, self.games.remove(i)))
    }

    /// Puts a removed game back where it was.
    pub fn restore(&mut self, at: usize, entry: Entry) {
        self.games.retain(|e| e.id != entry.id);
        let at = at.min(self.games.len());
        self.games.insert(at, entry);
    }

    /// Reads the stored archive. Never fails: entries the engine cannot
    /// read are set aside (returned raw) and the rest kept.
    #[must_use]
    pub fn read(text: &str) -> ReadArchive {
        let record = || Text::new("record.archive");
        let whole = |problem: Text| ReadArchive {
            archive: Archive::new(),
            set_aside: vec![text.to_string()],
            problem: Some(crate::text!("notice.set-aside", problem = problem)),
            drill_problem: None,
        };
        let value = match Json::parse(text) {
            Ok(v) => v,
            Err(_) => return whole(versioned::not_json(record())),
        };
        if let Err(problem) = versioned::check(&value, VERSION, record()) {
            return whole(problem);
        }
        let Some(items) = value.get("games").and_then(Json::as_list) else {
            return whole(versioned::damaged(record()));
        };
        let mut out = ReadArchive {
            archive: Archive::new(),
            ..ReadArchive::default()
        };
        // Exercises' progress set aside (their games are kept).
        let mut drills = 0;
        for item in items {
            let checked = Entry::from_value(item)
                .ok()
                .filter(|entry| entry.game().is_ok());
            match checked {
                Some(entry) if !out.archive.games.iter().any(|e| e.id == entry.id) => {
                    if let Some(Err(problem)) = item
                        .get("drill")
                        .map(|d| Progress::from_value(d, entry.moves))
                    {
                        let kept = Json::obj([
                            ("id", Json::int(entry.id)),
                            ("drill", item.get("drill").cloned().unwrap_or(Json::Null)),
                        ]);
                        out.set_aside.push(kept.to_string());
                        drills += 1;
                        out.drill_problem =
                            Some(crate::text!("notice.drill-set-aside", problem = problem));
                    }
                    out.archive.games.push(entry);
                }
                // A duplicate, or an entry the engine cannot read.
                _ => out.set_aside.push(item.to_string()),
            }
        }
        let games = out.set_aside.len() - drills;
        if games > 0 {
            out.problem = Some(crate::text!(
                "error.archive-games",
                count = games,
                kept = out.archive.games.len()
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tiers_engine::Color;

    fn finished(moves: &[&str]) -> Box<dyn Record> {
        let mut g = crate::record::new_checkers();
        for m in moves {
            g.play_text(m).unwrap();
        }
        g.resign(Color::Red);
        g
    }

    fn meta(id: u64) -> GameMeta {
        GameMeta {
            id,
            started: 1_700_000_000_000,
            tags: Vec::new(),
            bylink: None,
        }
    }

    #[test]
    fn entries_hold_the_game_as_pdn() {
        let g = finished(&["11-15", "23-19"]);
        let opp = Opponent::Computer {
            level: tiers_engine::search::Level::clamped(2),
            human: Color::Red,
        };
        let e = Entry::of(&*g, opp, &meta(7), 1_700_000_100_000).unwrap();
        assert_eq!(e.red, "You");
        assert_eq!(e.black, "Computer · level 2");
        assert_eq!(e.result, "1-0");
        assert_eq!(e.reason, "Black wins: Red resigned");
        assert_eq!(e.moves, 2);
        assert!(e.pdn.contains("[Date \"2023.11.14\"]"), "{}", e.pdn);
        assert!(e
            .pdn
            .contains("[White \"You\"]\n[Black \"Computer · level 2\"]"));
        assert!(e.pdn.ends_with("1. 11-15 23-19 1-0\n"), "{}", e.pdn);
        let back = e.game().unwrap();
        assert_eq!(back.record.move_texts(), ["11-15", "23-19"]);
        assert_eq!(back.record.outcome(), g.outcome());
        assert_eq!(e.title().english(), "Checkers · You vs Computer · level 2");
        assert_eq!(e.reason().english(), "Black wins: Red resigned");

        let mut unfinished = crate::record::new_checkers();
        unfinished.play_text("11-15").unwrap();
        assert!(Entry::of(&*unfinished, opp, &meta(8), 0).is_none());
    }

    #[test]
    fn the_hints_asked_are_kept_with_the_entry() {
        let g = finished(&["11-15"]);
        let mut m = meta(3);
        crate::coach::count_hint(&mut m.tags);
        crate::coach::count_hint(&mut m.tags);
        let e = Entry::of(&*g, Opponent::Friend, &m, 5).unwrap();
        assert_eq!(e.hints, 2);
        assert!(e.pdn.contains("[Hints \"2\"]"), "{}", e.pdn);
        let back = Entry::from_value(&e.to_value()).unwrap();
        assert_eq!(back, e);
        // An entry stored before hints existed reads as none; a bad count is named.
        let plain = Entry::of(&*g, Opponent::Friend, &meta(4), 5).unwrap();
        assert!(plain.to_value().get("hints").is_none());
        assert_eq!(Entry::from_value(&plain.to_value()).unwrap().hints, 0);
        let mut bad = e.to_value();
        bad.set("hints", Json::str("two"));
        assert_eq!(
            Entry::from_value(&bad).unwrap_err(),
            "`hints` is not a whole number"
        );
    }

    #[test]
    fn a_review_is_kept_with_the_entry_and_a_damaged_one_dropped() {
        use crate::review::{Eval, MoveReview, Review};
        let g = finished(&["11-15"]);
        let mut e = Entry::of(&*g, Opponent::Friend, &meta(3), 5).unwrap();
        assert!(e.to_value().get("review").is_none(), "none until reviewed");
        e.review = Some(Review {
            budget: crate::review::REVIEW_BUDGET,
            start: Eval { red: 0, depth: 8 },
            moves: vec![MoveReview {
                after: Eval { red: -20, depth: 8 },
                better: vec!["9-14".into(), "22-18".into()],
            }],
        });
        let back = Entry::from_value(&e.to_value()).unwrap();
        assert_eq!(back, e);
        // Damaged (or of another length): the entry reads, the review is
        // made again when asked for.
        for bad in [Json::str("x"), Json::obj([("ms", Json::int(1))])] {
            let mut v = e.to_value();
            v.set("review", bad);
            let back = Entry::from_value(&v).unwrap();
            assert_eq!(back.review, None);
            assert_eq!(back.pdn, e.pdn);
        }
        let mut v = e.to_value();
        v.set("moves", Json::int(2));
        assert_eq!(Entry::from_value(&v).unwrap().review, None);
    }

    #[test]
    fn upsert_replaces_and_remove_restores() {
        let mut a = Archive::new();
        for id in 1..=3 {
            a.upsert(Entry::of(&*finished(&["11-15"]), Opponent::Friend, &meta(id), id).unwrap());
        }
        assert_eq!(a.games.iter().map(|e| e.id).collect::<Vec<_>>(), [3, 2, 1]);
        a.upsert(Entry::of(&*finished(&["9-13"]), Opponent::Friend, &meta(2), 9).unwrap());
        assert_eq!(a.games.iter().map(|e| e.id).collect::<Vec<_>>(), [2, 3, 1]);
        let (at, e) = a.remove(3).unwrap();
        assert_eq!(at, 1);
        assert_eq!(a.games.len(), 2);
        a.restore(at, e);
        assert_eq!(a.games.iter().map(|e| e.id).collect::<Vec<_>>(), [2, 3, 1]);
    }

    #[test]
    fn one_bad_entry_does_not_lose_the_others() {
        let mut a = Archive::new();
        for id in 1..=3 {
            a.upsert(
                Entry::of(
                    &*finished(&["11-15", "23-19"]),
                    Opponent::Friend,
                    &meta(id),
                    id,
                )
                .unwrap(),
            );
        }
        let json = a.to_json();
        let r = Archive::read(&json);
        assert_eq!(r.problem, None);
        assert_eq!(r.archive, a);

        // Corrupt the second game's record and the third's structure.
        let mut v = Json::parse(&json).unwrap();
        if let Json::Obj(m) = &mut v {
            if let Json::List(games) = &mut m[1].1 {
                games[1].set("pdn", Json::str("1. 11-15 11-15 *"));
                games[2].set("moves", Json::str("many"));
            }
        }
        let r = Archive::read(&v.to_string());
        assert_eq!(r.archive.games.len(), 1);
        assert_eq!(r.archive.games[0].id, 3);
        assert_eq!(r.set_aside.len(), 2);
        assert_eq!(
            r.problem.unwrap().english(),
            "2 archived games could not be read; they were set aside, the other 1 kept."
        );

        for (text, start) in [
            (
                "garbage",
                "The archive could not be read (it is not valid JSON); it was set aside.",
            ),
            (
                "{\"v\":2,\"games\":[]}",
                "The archive was written by a newer version",
            ),
            ("[1,2]", "The archive is in an unknown or outdated format"),
            ("{\"v\":1}", "The archive could not be read (it is damaged)"),
        ] {
            let r = Archive::read(text);
            assert!(r.archive.games.is_empty());
            assert_eq!(r.set_aside, [text]);
            let said = r.problem.unwrap().english();
            assert!(said.starts_with(start), "{text}: {said}");
        }
    }
}
