//! How tournaments are kept in the browser (localStorage): one versioned
//! JSON document holding every tournament (each in the export file format)
//! and the match game in progress, if any.
//!
//! ```json
//! { "format": "tiers-tournaments", "version": 1, "next_id": 3,
//!   "tournaments": [{ "id": 1, "file": { "format": "tiers-tournament", … } }],
//!   "match": { "tournament": 1, "bracket": 0, "match": 4, "game": 2, "draws": 1,
//!              "ballot": 17, "records": ["[Event …"], "playing": true,
//!              "formations": null, "moves": ["11-15"], "fast": false } }
//! ```
//!
//! Reading never fails as a whole: what cannot be read is reported in plain
//! words and the rest is kept. An unreadable tournament entry is kept as it
//! was (and written back) until the person removes it.

use tiers_bracket::{MatchId, Tournament};

use crate::clock::TimeControl;
use crate::i18n::errors::Explain;
use crate::i18n::Text;
use crate::text;
use tiers_json::Json;

/// The localStorage key.
pub const KEY: &str = "tiers.tournaments";
/// The `format` field.
pub const FORMAT: &str = "tiers-tournaments";
/// The version written and read.
pub const VERSION: u32 = 1;

/// A saved tournament with its id.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// Stable id (for the match in progress and the page's links).
    pub id: u32,
    /// The tournament.
    pub tournament: Tournament,
    /// The time control of its matches (None: no clocks). Kept beside the
    /// tournament file (`"clock": "3+2"`), not in it.
    pub clock: Option<TimeControl>,
}

/// The match game in progress, as saved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedMatch {
    /// Tournament id.
    pub tournament: u32,
    /// Bracket index.
    pub bracket: usize,
    /// Match id (from 0).
    pub id: MatchId,
    /// Game number, from 1.
    pub game: u32,
    /// Drawn games so far.
    pub draws: u32,
    /// The current game's ballot (deck position), if any.
    pub ballot: Option<u16>,
    /// PDN of the finished games.
    pub records: Vec<String>,
    /// Whether the current game is under way (else: still setting up).
    pub playing: bool,
    /// Its Tiers formations: Red's squares, Black's.
    pub formations: Option<[Vec<u8>; 2]>,
    /// Its moves.
    pub moves: Vec<String>,
    /// Computer moves played quickly.
    pub fast: bool,
    /// The current game's clocks, if the tournament has a time control:
    /// each side's time left (Red's first) and the moment it was last
    /// charged (None: stopped). The control is the tournament's.
    pub clock: Option<([u64; 2], Option<u64>)>,
}

impl SavedMatch {
    fn to_value(&self) -> Json {
        let int = |n: usize| Json::int(n as u64);
        let squares = |s: &[u8]| Json::List(s.iter().map(|&q| int(q.into())).collect());
        Json::obj([
            ("tournament", int(self.tournament as usize)),
            ("bracket", int(self.bracket)),
            ("match", int(self.id)),
            ("game", int(self.game as usize)),
            ("draws", int(self.draws as usize)),
            ("ballot", self.ballot.map_or(Json::Null, |b| int(b.into()))),
            ("records", Json::strs(&self.records)),
            ("playing", Json::Bool(self.playing)),
            (
                "formations",
                self.formations.as_ref().map_or(Json::Null, |[r, b]| {
                    Json::List(vec![squares(r), squares(b)])
                }),
            ),
            ("moves", Json::strs(&self.moves)),
            ("fast", Json::Bool(self.fast)),
            (
                "clock",
                self.clock.map_or(Json::Null, |(left, seen)| {
                    let mut j = Json::obj([(
                        "left",
                        Json::List(left.iter().map(|&ms| Json::int(ms)).collect()),
                    )]);
                    if let Some(seen) = seen {
                        j.set("seen", Json::int(seen));
                    }
                    j
                }),
            ),
        ])
    }

    fn from_value(v: &Json) -> Result<SavedMatch, String> {
        let num = |key: &str| {
            v.get(key)
                .and_then(Json::as_u64)
                .ok_or_else(|| format!("\"{key}\" is not a whole number"))
        };
        let small = |key: &str| {
            num(key).and_then(|n| u32::try_from(n).map_err(|_| format!("\"{key}\" is too large")))
        };
        let texts = |key: &str| -> Result<Vec<String>, String> {
            match v.get(key) {
                None | Some(Json::Null) => Ok(Vec::new()),
                Some(Json::List(a)) => a
                    .iter()
                    .map(|x| {
                        x.as_str()
                            .map(str::to_string)
                            .ok_or_else(|| format!("\"{key}\" holds something other than text"))
                    })
                    .collect(),
                Some(_) => Err(format!("\"{key}\" is not a list")),
            }
        };
        Ok(SavedMatch {
            tournament: small("tournament")?,
            bracket: small("bracket")? as usize,
            id: small("match")? as usize,
            game: small("game")?,
            draws: small("draws")?,
            ballot: v
                .get("ballot")
                .and_then(Json::as_u64)
                .and_then(|b| u16::try_from(b).ok()),
            records: texts("records")?,
            playing: v.get("playing").and_then(Json::as_bool).unwrap_or(false),
            formations: match v.get("formations") {
                None | Some(Json::Null) => None,
                Some(f) => {
                    let side = |i: usize| -> Option<Vec<u8>> {
                        f.as_list()?
                            .get(i)?
                            .as_list()?
                            .iter()
                            .map(|x| x.as_u64().and_then(|n| u8::try_from(n).ok()))
                            .collect()
                    };
                    Some([side(0), side(1)])
                        .and_then(|[r, b]| Some([r?, b?]))
                        .ok_or("\"formations\" is not two lists of squares")?
                        .into()
                }
            },
            moves: texts("moves")?,
            fast: v.get("fast").and_then(Json::as_bool).unwrap_or(false),
            clock: match v.get("clock") {
                None | Some(Json::Null) => None,
                Some(c) => {
                    let left = match c.get("left").and_then(Json::as_list) {
                        Some([r, b]) => r.as_u64().zip(b.as_u64()),
                        _ => None,
                    };
                    let (r, b) = left.ok_or("\"clock\" has no time left")?;
                    Some(([r, b], c.get("seen").and_then(Json::as_u64)))
                }
            },
        })
    }
}

/// Everything read from storage.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Loaded {
    /// The tournaments that could be read.
    pub entries: Vec<Entry>,
    /// Entries that could not be read, kept as they were.
    pub broken: Vec<Json>,
    /// The next id to give.
    pub next_id: u32,
    /// The match in progress.
    pub game: Option<SavedMatch>,
    /// What could not be read, in plain words.
    pub problems: Vec<Text>,
}

/// Reads the stored text (None: nothing stored yet).
#[must_use]
pub fn decode(text: Option<&str>) -> Loaded {
    let mut out = Loaded {
        next_id: 1,
        ..Loaded::default()
    };
    let Some(text) = text else {
        return out;
    };
    let value = match Json::parse_located(text) {
        Ok(v) => v,
        Err(e) => {
            let why = match e.at {
                Some((line, column)) => {
                    text!("tournament.file-not-json-at", line = line, column = column)
                }
                None => Text::new("tournament.file-not-json"),
            };
            out.problems
                .push(text!("tournament.problem-damaged", why = why));
            return out;
        }
    };
    let format = value.get("format").and_then(Json::as_str);
    let version = value.get("version").and_then(Json::as_u64);
    if format != Some(FORMAT) || version != Some(u64::from(VERSION)) {
        out.problems.push(text!(
            "tournament.problem-form",
            format = format.unwrap_or("-"),
            version = version.map_or_else(|| "-".to_string(), |v| v.to_string())
        ));
        return out;
    }
    if let Some(list) = value.get("tournaments").and_then(Json::as_list) {
        for (i, item) in list.iter().enumerate() {
            let id = item
                .get("id")
                .and_then(Json::as_u64)
                .and_then(|v| u32::try_from(v).ok());
            let number = i64::try_from(i + 1).unwrap_or(i64::MAX);
            let name = match item
                .get("file")
                .and_then(|f| f.get("name"))
                .and_then(Json::as_str)
            {
                Some(n) => text!("tournament.saved-named", number = number, name = n),
                None => text!("tournament.saved", number = number),
            };
            let parsed = match (id, item.get("file")) {
                (Some(id), Some(file)) => Tournament::from_value(file)
                    .map(|t| (id, t))
                    .map_err(|e| e.explain()),
                (None, _) => Err(Text::new("tournament.saved-no-id")),
                (_, None) => Err(Text::new("tournament.saved-no-data")),
            };
            match parsed {
                Ok((id, tournament)) if out.entries.iter().all(|e| e.id != id) => {
                    let clock = item
                        .get("clock")
                        .and_then(Json::as_str)
                        .and_then(TimeControl::parse);
                    out.entries.push(Entry {
                        id,
                        tournament,
                        clock,
                    });
                }
                Ok((id, _)) => {
                    // Kept as it was (not lost when the rest is written).
                    out.problems.push(text!(
                        "tournament.problem-same-id",
                        tournament = name,
                        id = id.to_string()
                    ));
                    out.broken.push(item.clone());
                }
                Err(e) => {
                    out.problems.push(text!(
                        "tournament.problem-unreadable",
                        tournament = name,
                        why = e
                    ));
                    out.broken.push(item.clone());
                }
            }
        }
    }
    let max_id = out.entries.iter().map(|e| e.id).max().unwrap_or(0);
    out.next_id = value
        .get("next_id")
        .and_then(Json::as_u64)
        .and_then(|v| u32::try_from(v).ok())
        .unwrap_or(1)
        .max(max_id + 1);
    match value.get("match") {
        None | Some(Json::Null) => {}
        Some(m) => match SavedMatch::from_value(m) {
            Ok(m) => out.game = Some(m),
            Err(e) => out
                .problems
                .push(text!("tournament.problem-game-unreadable", why = e)),
        },
    }
    out
}

/// The text to store.
#[must_use]
pub fn encode(
    entries: &[Entry],
    broken: &[Json],
    next_id: u32,
    game: Option<&SavedMatch>,
) -> String {
    let mut list: Vec<Json> = entries
        .iter()
        .map(|e| {
            let mut j = Json::obj([
                ("id", Json::int(e.id.into())),
                ("file", e.tournament.to_value()),
            ]);
            if let Some(c) = e.clock {
                j.set("clock", Json::str(&c.name()));
            }
            j
        })
        .collect();
    list.extend(broken.iter().cloned());
    Json::obj([
        ("format", Json::str(FORMAT)),
        ("version", Json::int(VERSION.into())),
        ("next_id", Json::int(next_id.into())),
        ("tournaments", Json::List(list)),
        ("match", game.map_or(Json::Null, SavedMatch::to_value)),
    ])
    .to_text(false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tiers_bracket::{BracketSetup, Entrant, GameChoice, Seeding, TournamentSetup};

    fn sample(name: &str) -> Tournament {
        Tournament::new(TournamentSetup {
            name: name.into(),
            game: GameChoice::Checkers,
            ballot_seed: Some(3),
            brackets: vec![BracketSetup {
                name: "Open".into(),
                entrants: vec![Entrant::person("Ann"), Entrant::computer(2)],
                seeding: Seeding::AsEntered,
            }],
        })
        .unwrap()
    }

    #[test]
    fn round_trip() {
        let mut t = sample("Club");
        t.set_result(0, 0, 1, "", "").unwrap();
        let entries = vec![
            Entry {
                id: 4,
                tournament: t,
                clock: TimeControl::parse("3+2"),
            },
            Entry {
                id: 7,
                tournament: sample("Two"),
                clock: None,
            },
        ];
        let game = SavedMatch {
            tournament: 4,
            bracket: 0,
            id: 1,
            game: 2,
            draws: 1,
            ballot: Some(9),
            records: vec!["[Event \"x\"]".into()],
            playing: true,
            formations: Some([vec![0, 2, 4], vec![63, 61]]),
            moves: vec!["1-5".into()],
            fast: true,
            clock: Some(([170_000, 160_000], Some(1_700_000_000_000))),
        };
        let text = encode(&entries, &[], 8, Some(&game));
        let back = decode(Some(&text));
        assert_eq!(back.entries, entries);
        assert_eq!(back.game, Some(game));
        assert_eq!(back.next_id, 8);
        assert!(back.problems.is_empty());
        assert_eq!(
            decode(None),
            Loaded {
                next_id: 1,
                ..Loaded::default()
            }
        );
    }

    #[test]
    fn damage_is_reported_and_the_rest_kept() {
        let said = |l: &Loaded| l.problems.iter().map(Text::english).collect::<Vec<_>>();
        let bad = decode(Some("{\"format\": \"tiers-tournaments\", \"vers"));
        assert!(
            said(&bad)[0].starts_with("The saved tournaments are damaged"),
            "{:?}",
            said(&bad)
        );
        let old = decode(Some(r#"{"format":"tiers-tournaments","version":9}"#));
        assert!(
            said(&old)[0].contains("format tiers-tournaments, version 9"),
            "{:?}",
            said(&old)
        );
        let other = decode(Some("[1,2]"));
        assert!(said(&other)[0].contains("format -, version -"));
        // One good entry, one whose file is damaged, a damaged game.
        let good = Entry {
            id: 2,
            tournament: sample("Good"),
            clock: None,
        };
        let mut text = encode(std::slice::from_ref(&good), &[], 3, None);
        text = text.replace(
            "\"tournaments\":[",
            r#""tournaments":[{"id":5,"file":{"format":"tiers-tournament","version":1,"name":"Bad","game":"chess","brackets":[]}},"#,
        );
        text = text.replace("\"match\":null", r#""match":{"tournament":"x"}"#);
        let got = decode(Some(&text));
        assert_eq!(got.entries, vec![good.clone()]);
        assert_eq!(got.broken.len(), 1);
        let problems = said(&got);
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(problems[0].starts_with("Saved tournament 1 (“Bad”) could not be read: not a readable tournament file: game: unknown game \"chess\""), "{}", problems[0]);
        assert!(problems[1].starts_with("The game in progress could not be restored"));
        // The damaged entry is written back untouched.
        let again = decode(Some(&encode(&got.entries, &got.broken, got.next_id, None)));
        assert_eq!(again.broken, got.broken);
        assert_eq!(again.next_id, 3);
    }

    #[test]
    fn a_tournament_with_a_taken_id_is_kept_apart_not_lost() {
        // Found by the `tournament_store` fuzz target: the second entry
        // with an id was dropped, and gone once the rest was written.
        let one = Entry {
            id: 1,
            tournament: sample("One"),
            clock: None,
        };
        let two = Entry {
            id: 1,
            tournament: sample("Two"),
            clock: None,
        };
        let text = encode(&[one.clone(), two], &[], 2, None);
        let got = decode(Some(&text));
        assert_eq!(got.entries, vec![one]);
        assert_eq!(got.broken.len(), 1);
        assert!(
            got.problems[0].english().starts_with(
                "Saved tournament 2 (“Two”) has the same id (1) as another one; it is kept apart"
            ),
            "{:?}",
            got.problems
        );
        let again = decode(Some(&encode(&got.entries, &got.broken, got.next_id, None)));
        assert_eq!((again.entries, again.broken), (got.entries, got.broken));
    }
}
