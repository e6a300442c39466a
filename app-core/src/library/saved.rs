//! The game in progress and the new-game choices as stored in the browser:
//! versioned JSON (`{"v": 1, …}`) written after every move and read back on
//! the next visit. The moves are kept in their written form and replayed by
//! the engine on reading, so a record that no longer makes sense is caught
//! with the engine's own message.
//!
//! ```json
//! {"v":1,
//!  "settings":{"kind":"checkers","vs_computer":true,"level":3,"color":"red"},
//!  "game":{"id":1700000000000123,"started":1700000000000,"kind":"checkers",
//!          "start":"B:W21,…,32:B1,…,12","moves":["11-15","23-19"],"ply":2,
//!          "opponent":{"type":"computer","level":3,"human":"red"},
//!          "flipped":false,"declared":"red resigned","tags":[["Event","…"]],
//!          "clock":{"control":"3+2","left":[178000,180000],"seen":1700000004000}}}
//! ```
//!
//! The new-game choices are kept under `"settings"` (their name when the
//! format was made). Their `"clock"` is the time control chosen for new games
//! (absent: none). A game's `"clock"` holds each side's time left (Red's
//! first) charged up to `seen`, the moment its clock was last charged
//! (absent while the clocks are stopped). On reading, a two-player game's
//! running clock goes on from `seen` (the time the page was closed is
//! charged, as over the board); against the computer the clocks wait for
//! the person (the time away is not charged).

use tiers_engine::search::Level;
use tiers_engine::{Color, GameKind};
use tiers_json::Json;

use super::{rebuild, Declared};
use crate::clock::{Clock, TimeControl};
use crate::i18n::Text;
use crate::new_game::{ColorChoice, NewGameChoices, Opening};
use crate::session::{ByLink, GameMeta, LoadGame, Opponent, Session};
use crate::versioned;

/// The schema version written now.
pub const VERSION: u64 = 1;

fn color_of(text: &str) -> Option<Color> {
    Color::ALL.into_iter().find(|c| c.name() == text)
}

/// What to store for these choices and this game, as JSON.
#[must_use]
pub fn to_json(s: &NewGameChoices, session: &Session) -> String {
    let mut choices = Json::obj([
        ("kind", Json::str(s.kind.name())),
        ("vs_computer", Json::Bool(s.vs_computer)),
        ("level", Json::int(u64::from(s.level.number()))),
        ("color", Json::str(s.color.name())),
        ("opening", Json::Str(s.opening.name())),
        ("hints", Json::Bool(s.hints)),
    ]);
    if let Some(c) = s.clock {
        choices.set("clock", Json::str(&c.name()));
    }
    let mut out = Json::obj([("v", Json::int(VERSION)), ("settings", choices)]);
    if let Some(g) = session.record() {
        let opponent = match session.opponent {
            Opponent::Friend => Json::obj([("type", Json::str("friend"))]),
            Opponent::Computer { level, human } => Json::obj([
                ("type", Json::str("computer")),
                ("level", Json::int(u64::from(level.number()))),
                ("human", Json::str(human.name())),
            ]),
        };
        let mut game = Json::obj([
            ("id", Json::int(session.meta.id)),
            ("started", Json::int(session.meta.started)),
            ("kind", Json::str(g.kind().name())),
            ("start", Json::str(&g.start_text())),
            (
                "moves",
                Json::List(g.move_texts().into_iter().map(Json::Str).collect()),
            ),
            ("ply", Json::int(g.ply() as u64)),
            ("opponent", opponent),
            ("flipped", Json::Bool(session.flipped)),
        ]);
        if let Some(d) = Declared::of(g.outcome()) {
            game.set("declared", Json::str(d.name()));
        }
        if let Some(b) = &session.meta.bylink {
            game.set("bylink", bylink_json(b));
        }
        if !session.meta.tags.is_empty() {
            let tags = session
                .meta
                .tags
                .iter()
                .map(|(k, v)| Json::List(vec![Json::str(k.as_str()), Json::str(v.as_str())]));
            game.set("tags", Json::List(tags.collect()));
        }
        if let Some(c) = &session.clock {
            game.set("clock", clock_json(c));
        }
        out.set("game", game);
    }
    out.to_string()
}

fn clock_json(c: &Clock) -> Json {
    let mut j = Json::obj([
        ("control", Json::str(&c.control.name())),
        (
            "left",
            Json::List(c.left.iter().map(|&ms| Json::int(ms)).collect()),
        ),
    ]);
    if let Some(seen) = c.seen {
        j.set("seen", Json::int(seen));
    }
    j
}

/// The most time a stored clock may hold (a week): more is damage.
const MAX_LEFT_MS: u64 = 7 * 24 * 3_600_000;

/// Reads [`clock_json`]; the error names what is wrong.
fn read_clock(j: &Json) -> Result<Clock, String> {
    let control = j.text("control")?;
    let control = TimeControl::parse(control)
        .ok_or_else(|| format!("`{control}` is not a time control such as 3+2"))?;
    let left = match j.list("left")? {
        [r, b] => [r, b].map(|v| v.as_u64().filter(|&ms| ms <= MAX_LEFT_MS)),
        _ => [None, None],
    };
    let [Some(red), Some(black)] = left else {
        return Err("the time left is not two numbers of milliseconds".into());
    };
    let seen = match j.get("seen") {
        None | Some(Json::Null) => None,
        Some(v) => Some(v.as_u64().ok_or("`seen` is not a time")?),
    };
    Ok(Clock {
        control,
        left: [red, black],
        seen,
    })
}

/// A game by link as stored (in the saved game and the archive).
#[must_use]
pub fn bylink_json(b: &ByLink) -> Json {
    Json::obj([
        ("me", Json::str(b.me.name())),
        ("days", Json::int(u64::from(b.days))),
        ("sent", Json::int(b.sent)),
    ])
}

/// Reads [`bylink_json`].
pub fn read_bylink(v: &Json) -> Result<ByLink, String> {
    let me = v.text("me")?;
    let me = color_of(me).ok_or_else(|| format!("`bylink.me` is `{me}`, not a colour"))?;
    Ok(ByLink {
        me,
        days: u8::try_from(v.number("days")?).map_err(|_| "`bylink.days` is too large")?,
        sent: v.get("sent").and_then(Json::as_u64).unwrap_or(0),
    })
}

/// What could be read back.
#[derive(Clone, Debug, PartialEq)]
pub struct Restored {
    /// The new-game choices, if they could be read.
    pub choices: Option<NewGameChoices>,
    /// The game in progress, if there was one and it could be read.
    pub game: Option<(LoadGame, GameMeta)>,
    /// What went wrong, for the notice (the data is set aside).
    pub problem: Option<Text>,
}

/// A stored level; a number out of range is brought into it (an edited
/// record plays at the nearest level rather than not at all).
fn stored_level(n: u64) -> Level {
    Level::clamped(u8::try_from(n).unwrap_or(u8::MAX))
}

fn read_choices(v: &Json) -> Option<NewGameChoices> {
    Some(NewGameChoices {
        kind: GameKind::parse(v.get("kind")?.as_str()?).ok()?,
        vs_computer: v.get("vs_computer")?.as_bool()?,
        level: stored_level(v.get("level")?.as_u64()?),
        color: ColorChoice::parse(v.get("color")?.as_str()?).unwrap_or(ColorChoice::Random),
        // Added later: a record without them has the defaults.
        opening: v
            .get("opening")
            .and_then(|o| Opening::parse(o.as_str()?))
            .unwrap_or_default(),
        hints: v.get("hints").and_then(Json::as_bool).unwrap_or(true),
        clock: v
            .get("clock")
            .and_then(Json::as_str)
            .and_then(TimeControl::parse),
    })
}

/// The saved game's name in messages.
const RECORD: &str = "record.saved";

/// Reads stored JSON. Never fails: what cannot be read is reported in
/// [`Restored::problem`] and left out; the new-game choices survive a bad
/// game.
#[must_use]
pub fn read(json: &str) -> Restored {
    let mut out = Restored {
        choices: None,
        game: None,
        problem: None,
    };
    let value = match Json::parse(json) {
        Ok(v) => v,
        Err(_) => {
            out.problem = Some(versioned::not_json(Text::new(RECORD)));
            return out;
        }
    };
    if let Err(problem) = versioned::check(&value, VERSION, Text::new(RECORD)) {
        out.problem = Some(problem);
        return out;
    }
    out.choices = value.get("settings").and_then(read_choices);
    if let Some(g) = value.get("game").filter(|g| **g != Json::Null) {
        match load(g) {
            Ok((mut game, meta)) => {
                match g.get("clock").filter(|c| **c != Json::Null).map(read_clock) {
                    None => {}
                    Some(Ok(mut c)) => {
                        // Against the computer the time away is not charged.
                        if matches!(game.opponent, Opponent::Computer { .. }) {
                            c.seen = None;
                        }
                        game.clock = Some(c);
                    }
                    Some(Err(_)) => out.problem = Some(Text::new("error.saved-clock")),
                }
                out.game = Some((game, meta));
            }
            Err(_) => out.problem = Some(versioned::damaged(Text::new(RECORD))),
        }
    }
    out
}

/// A stored game, replayed by the engine.
pub fn load(g: &Json) -> Result<(LoadGame, GameMeta), String> {
    let kind = GameKind::parse(g.text("kind")?).map_err(|e| e.to_string())?;
    let moves = g
        .list("moves")?
        .iter()
        .map(|m| m.as_str().map(str::to_string).ok_or("a move is not a text"))
        .collect::<Result<Vec<String>, _>>()?;
    let declared = match g.get("declared").and_then(Json::as_str) {
        None => None,
        Some(d) => Some(Declared::parse(d).ok_or_else(|| format!("unknown ending `{d}`"))?),
    };
    let ply = g.number("ply")? as usize;
    let record = rebuild(kind, g.text("start")?, &moves, ply, declared)?;
    let o = g.field("opponent")?;
    let opponent = match o.text("type")? {
        "friend" => Opponent::Friend,
        "computer" => Opponent::Computer {
            level: stored_level(o.number("level")?),
            human: color_of(o.text("human")?).ok_or("`human` is not red or black")?,
        },
        other => return Err(format!("unknown opponent `{other}`")),
    };
    let tags = match g.get("tags") {
        None => Vec::new(),
        Some(t) => t
            .as_list()
            .ok_or("`tags` is not a list")?
            .iter()
            .filter_map(|p| match p.as_list()? {
                [k, v] => Some((k.as_str()?.to_string(), v.as_str()?.to_string())),
                _ => None,
            })
            .collect(),
    };
    Ok((
        LoadGame {
            record,
            opponent,
            flipped: g.get("flipped").and_then(Json::as_bool).unwrap_or(false),
            clock: None,
        },
        GameMeta {
            id: g.number("id")?,
            started: g.get("started").and_then(Json::as_u64).unwrap_or(0),
            tags,
            bylink: match g.get("bylink") {
                Some(b) => Some(read_bylink(b)?),
                None => None,
            },
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::new_checkers;

    fn played(moves: &[&str], opponent: Opponent) -> Session {
        let mut g = new_checkers();
        for m in moves {
            g.play_text(m).unwrap();
        }
        Session {
            opponent,
            game: Some(g),
            meta: GameMeta {
                id: 42,
                started: 1_700_000_000_000,
                tags: vec![("Event".into(), "Club night".into())],
                bylink: None,
            },
            ..Session::default()
        }
    }

    fn stored(s: &Session) -> String {
        to_json(&NewGameChoices::default(), s)
    }

    #[test]
    fn a_game_round_trips_exactly() {
        let opponent = Opponent::Computer {
            level: Level::clamped(5),
            human: Color::Black,
        };
        let mut s = played(&["11-15", "23-19", "8-11", "22-17"], opponent);
        s.game.as_mut().unwrap().undo();
        s.flipped = true;
        let json = stored(&s);
        assert!(json.starts_with("{\"v\":1,"), "{json}");
        let back = read(&json);
        assert_eq!(back.problem, None);
        let (game, meta) = back.game.unwrap();
        assert_eq!(game.opponent, opponent);
        assert!(game.flipped);
        assert_eq!(meta, s.meta);
        assert!(*game.record == **s.game.as_ref().unwrap());
        assert_eq!(game.record.ply(), 3);
        assert_eq!(game.record.recorded(), 4);
        assert_eq!(back.choices, Some(NewGameChoices::default()));

        // Loading it into a fresh session gives the same session.
        let mut again = Session::playing(game);
        again.meta = meta;
        assert_eq!(stored(&again), json);
    }

    #[test]
    fn resignations_are_kept() {
        let mut s = played(&["11-15"], Opponent::Friend);
        s.game.as_mut().unwrap().resign(Color::Red);
        let back = read(&stored(&s));
        let (g, _) = back.game.unwrap();
        assert_eq!(
            g.record.outcome().map(|o| o.to_string()),
            Some("Black wins: Red resigned".to_string())
        );
    }

    #[test]
    fn bad_data_is_reported_and_settings_survive() {
        let r = read("{not json");
        assert!(r.game.is_none());
        assert_eq!(
            r.problem.unwrap().english(),
            "The saved game could not be read (it is not valid JSON)"
        );

        let r = read(r#"{"v":7,"game":{}}"#);
        assert_eq!(
            r.problem.unwrap().english(),
            "The saved game was written by a newer version of Tiers (format 7; this one reads format 1)"
        );
        let r = read(r#"{"moves":[]}"#);
        assert_eq!(
            r.problem.unwrap().english(),
            "The saved game is in an unknown or outdated format"
        );

        let s = played(&["11-15", "23-19", "8-11"], Opponent::Friend);
        let json = stored(&s).replace("\"8-11\"", "\"11-15\"");
        // The person is told the record is damaged; the detail is the
        // loader's.
        let damaged = |json: &str, detail: &str| {
            let r = read(json);
            assert!(r.game.is_none());
            assert_eq!(
                r.problem.unwrap().english(),
                "The saved game could not be read (it is damaged)"
            );
            let v = Json::parse(json).unwrap();
            assert_eq!(load(v.get("game").unwrap()).err().unwrap(), detail);
            r.choices
        };
        let choices = damaged(
            &json,
            "move 2 (Black): 11-15 is not legal here: there is no piece on 11 (Black to move)",
        );
        assert_eq!(choices, Some(NewGameChoices::default()));
        damaged(
            &stored(&s).replace("\"ply\":3", "\"ply\":\"x\""),
            "`ply` is not a whole number",
        );
        damaged(
            &stored(&s).replace("checkers", "chess"),
            "unknown game `chess`: expected `checkers` or `tiers`",
        );
    }

    fn timed(opponent: Opponent) -> Session {
        let mut s = played(&["11-15"], opponent);
        s.clock = Some(Clock {
            control: TimeControl::parse("3+2").unwrap(),
            left: [178_000, 176_500],
            seen: Some(1_700_000_004_000),
        });
        s
    }

    #[test]
    fn the_clocks_round_trip() {
        let s = timed(Opponent::Friend);
        let choices = NewGameChoices {
            clock: TimeControl::parse("5+3"),
            ..NewGameChoices::default()
        };
        let json = to_json(&choices, &s);
        assert!(json.contains("\"clock\":\"5+3\""), "{json}");
        assert!(
            json.contains(
                "\"clock\":{\"control\":\"3+2\",\"left\":[178000,176500],\"seen\":1700000004000}"
            ),
            "{json}"
        );
        let back = read(&json);
        assert_eq!(back.problem, None);
        assert_eq!(back.choices, Some(choices));
        let (game, _) = back.game.unwrap();
        // Two people: the running clock goes on from the moment it was
        // last charged.
        assert_eq!(game.clock, s.clock);
        // Stopped clocks stay stopped; no clock stays none.
        let mut stopped = timed(Opponent::Friend);
        stopped.clock.as_mut().unwrap().seen = None;
        let (game, _) = read(&stored(&stopped)).game.unwrap();
        assert_eq!(game.clock, stopped.clock);
        let (game, _) = read(&stored(&played(&[], Opponent::Friend))).game.unwrap();
        assert_eq!(game.clock, None);
    }

    #[test]
    fn against_the_computer_the_time_away_is_not_charged() {
        let opponent = Opponent::Computer {
            level: Level::clamped(3),
            human: Color::Red,
        };
        let (game, _) = read(&stored(&timed(opponent))).game.unwrap();
        let c = game.clock.unwrap();
        assert_eq!(c.left, [178_000, 176_500]);
        assert_eq!(c.seen, None, "waits for the person");
    }

    #[test]
    fn a_damaged_clock_is_named_and_the_game_goes_on_without_it() {
        let json = stored(&timed(Opponent::Friend));
        for (from, to, why) in [
            (
                "\"3+2\"",
                "\"3+999\"",
                "`3+999` is not a time control such as 3+2",
            ),
            (
                "[178000,176500]",
                "[178000]",
                "the time left is not two numbers of milliseconds",
            ),
            (
                "[178000,176500]",
                "[178000,\"x\"]",
                "the time left is not two numbers of milliseconds",
            ),
            (
                "[178000,176500]",
                "[178000,99999999999999]",
                "the time left is not two numbers of milliseconds",
            ),
            ("1700000004000}", "true}", "`seen` is not a time"),
            ("\"control\":\"3+2\",", "", "`control` is missing"),
        ] {
            let bad = json.replacen(from, to, 1);
            assert_ne!(bad, json, "{from}");
            let r = read(&bad);
            assert_eq!(
                r.problem.map(|p| p.english()).as_deref(),
                Some(
                    "The saved game's clock could not be read, so the game goes on without a clock"
                ),
                "{bad}"
            );
            let v = Json::parse(&bad).unwrap();
            let clock = v.get("game").and_then(|g| g.get("clock")).unwrap();
            assert_eq!(read_clock(clock).err().unwrap(), why, "{bad}");
            let (game, _) = r.game.expect("the game is kept");
            assert_eq!(game.clock, None);
            assert_eq!(game.record.move_texts(), ["11-15"]);
        }
        // A bad time control in the new-game choices is no time control.
        let r = read(&json.replacen("\"color\":\"red\"", "\"color\":\"red\",\"clock\":\"9x\"", 1));
        assert_eq!(r.problem, None);
        assert_eq!(r.choices.unwrap().clock, None);
    }

    #[test]
    fn no_game_is_not_a_problem() {
        let r = read(
            r#"{"v":1,"settings":{"kind":"tiers","vs_computer":false,"level":9,"color":"random"}}"#,
        );
        assert_eq!(r.problem, None);
        assert!(r.game.is_none());
        let s = r.choices.unwrap();
        assert_eq!(s.kind, GameKind::Tiers);
        assert_eq!(s.level, Level::MAX);
    }
}
