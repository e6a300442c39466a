//! Embedding in other sites: the embed page's configuration (game
//! parameters plus the host origins allowed to send commands) and the
//! postMessage protocol, version [`PROTOCOL`]. Everything here is plain
//! data, tested natively; `components::embed` wires it to the browser.
//!
//! Messages are JSON objects `{ "tiers": 1, "type": …, … }`.
//!
//! Events, from the frame to the host page: `ready`, `move`, `position`
//! (the game changed by other means than a move: new game, new position,
//! take-back), `gameOver`, and `error` (a command that could not be
//! carried out, and why).
//!
//! Commands, from the host page to the frame, accepted only from the
//! origins the embed URL names (`origin=`) and from the app's own origin:
//! `newGame` (the game parameters of [`crate::params`] as fields),
//! `setPosition` (`fen` or `tfen`) and `flip` (optional `orientation`).
//!
//! Messages are handled as [`Json`] values, converted from and to
//! JavaScript values by the component. A checked command becomes an
//! [`EmbedAction`] through [`plan`] (or an error for the sender), so the
//! embed page's game changes through the same reducer as every screen.
//!
//! ```
//! use tiers_core::embed::{parse_command, Command, Json};
//! let flip = Json::obj([("tiers", Json::int(1)), ("type", Json::str("flip"))]);
//! assert_eq!(parse_command(&flip), Ok(Command::Flip(None)));
//! let castle = Json::obj([("tiers", Json::int(1)), ("type", Json::str("castle"))]);
//! assert_eq!(
//!     parse_command(&castle).unwrap_err(),
//!     "unknown command `castle`; commands: newGame, setPosition, flip"
//! );
//! ```

use tiers_engine::pdn::{PdnResult, Tags};
use tiers_engine::{Color, GameKind};

use crate::i18n::errors::Explain;
use crate::i18n::Text;
use crate::params::{self, GameParams, ParamError, Players};
use crate::record::Record;
use crate::session::{LoadGame, Opponent, Session};

/// The protocol version, the `tiers` field of every message.
pub const PROTOCOL: u32 = 1;

/// The embed page's configuration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmbedConfig {
    /// The game to start.
    pub game: GameParams,
    /// Host origins allowed to send commands (`https://example.com`).
    pub origins: Vec<String>,
    /// What was wrong with the parameters.
    pub problems: Vec<ParamError>,
}

/// Whether the page was asked for in embed mode: `?embed=1` (or `embed`,
/// `embed=true`), or a path ending in `/embed`.
#[must_use]
pub fn requested(path: &str, query: &str) -> bool {
    path.trim_end_matches('/').ends_with("/embed")
        || params::query_pairs(query).iter().any(|(n, v)| {
            n == "embed" && matches!(v.trim().to_ascii_lowercase().as_str(), "" | "1" | "true")
        })
}

/// Reads the embed page's parameters: the game parameters, `embed` and any
/// number of `origin` (each one origin, or several separated by commas or
/// spaces).
#[must_use]
pub fn parse_config(pairs: &[(String, String)]) -> EmbedConfig {
    let (game, mut problems) = params::parse_game(pairs, &["embed", "origin"]);
    let mut origins = Vec::new();
    for (name, value) in pairs {
        if !name.trim().eq_ignore_ascii_case("origin") {
            continue;
        }
        for part in value.split([',', ' ']).filter(|p| !p.is_empty()) {
            match parse_origin(part) {
                Ok(o) if !origins.contains(&o) => origins.push(o),
                Ok(_) => {}
                Err(problem) => problems.push(ParamError {
                    param: "origin".into(),
                    value: part.to_string(),
                    problem,
                    allowed: Some(Text::new("param.origin")),
                }),
            }
        }
    }
    EmbedConfig {
        game,
        origins,
        problems,
    }
}

/// Checks an origin (`https://example.com`, `http://127.0.0.1:8000`) and
/// writes it as browsers give `MessageEvent.origin`: lower case, no default
/// port, no trailing `/`.
pub fn parse_origin(text: &str) -> Result<String, Text> {
    let text = text.trim();
    if text == "*" {
        return Err(Text::new("param.origin-any"));
    }
    let (scheme, rest) = text
        .split_once("://")
        .ok_or(Text::new("param.origin-no-scheme"))?;
    let scheme = scheme.to_ascii_lowercase();
    if scheme != "https" && scheme != "http" {
        return Err(crate::text!("param.origin-scheme", scheme = scheme));
    }
    let rest = rest.strip_suffix('/').unwrap_or(rest);
    if rest.contains(['/', '?', '#', '@']) {
        return Err(Text::new("param.origin-path"));
    }
    let (host, port) = match rest.rsplit_once(':') {
        Some((h, p)) if !h.is_empty() && !p.contains(']') => (h, Some(p)),
        _ => (rest, None),
    };
    let host = host.to_ascii_lowercase();
    let host_ok = if let Some(inner) = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
        !inner.is_empty()
            && inner
                .chars()
                .all(|c| c.is_ascii_hexdigit() || c == ':' || c == '.')
    } else {
        !host.is_empty()
            && host
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.')
    };
    if !host_ok {
        return Err(crate::text!("param.origin-host", host = host));
    }
    let port = match port {
        None => None,
        Some(p) => match p.parse::<u16>() {
            Ok(n) if (scheme == "https" && n == 443) || (scheme == "http" && n == 80) => None,
            Ok(n) if n > 0 => Some(n),
            _ => return Err(crate::text!("param.origin-port", port = p)),
        },
    };
    Ok(match port {
        Some(p) => format!("{scheme}://{host}:{p}"),
        None => format!("{scheme}://{host}"),
    })
}

pub use tiers_json::Json;

/// The embed page's own state: the parameters of the game on the board
/// (for `setPosition`, which keeps the players), what was wrong with the
/// page's parameters, and why the next new game happens (for the
/// `position` event).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmbedState {
    /// The allowed host origins and the page's parameters.
    pub config: EmbedConfig,
    /// The parameters of the game on the board.
    pub params: GameParams,
    /// What was wrong, in words: the parameters' problems, and why the
    /// asked-for game could not start.
    pub problems: Vec<Text>,
    /// The problems box is open.
    pub problems_open: bool,
    /// Why the next new game happens: `newGame` or `setPosition`.
    pub reason: &'static str,
}

impl Default for EmbedState {
    fn default() -> Self {
        EmbedState {
            config: EmbedConfig {
                game: GameParams::default(),
                origins: Vec::new(),
                problems: Vec::new(),
            },
            params: GameParams::default(),
            problems: Vec::new(),
            problems_open: false,
            reason: "newGame",
        }
    }
}

/// What the embed page does.
#[derive(Clone, Debug, PartialEq)]
pub enum EmbedAction {
    /// Play a new game with these parameters (`reason`: the command).
    Load {
        /// The game's parameters.
        params: GameParams,
        /// The game.
        game: Box<LoadGame>,
        /// `newGame` or `setPosition`.
        reason: &'static str,
    },
    /// Turn the board round.
    Flip,
    /// Close the problems box.
    CloseProblems,
    /// The `position` event for the last new game was sent.
    Reported,
}

/// The embed page's starting state and game: the game its parameters ask
/// for, or (it cannot happen with checked parameters, but a page must never
/// stay blank) the default game, with the reason.
#[must_use]
pub fn start(config: EmbedConfig, coin: bool) -> (EmbedState, Session) {
    let mut problems: Vec<Text> = config.problems.iter().map(Explain::explain).collect();
    let (params, game) = match config.game.load(coin) {
        Ok(g) => (config.game.clone(), Some(g)),
        Err(e) => {
            problems.push(crate::text!("embed.could-not-start", why = e));
            let p = GameParams::default();
            let g = p.load(coin).ok();
            (p, g)
        }
    };
    let mut session = Session {
        takebacks: params.undo,
        ..Session::default()
    };
    if let Some(g) = game {
        session.load(g);
    }
    let state = EmbedState {
        problems_open: !problems.is_empty(),
        config,
        params,
        problems,
        reason: "newGame",
    };
    (state, session)
}

impl EmbedState {
    /// Reduces one action (loading the game itself is the session's).
    pub fn apply(&mut self, action: &EmbedAction) {
        match action {
            EmbedAction::Load { params, reason, .. } => {
                self.params = params.clone();
                self.reason = reason;
            }
            EmbedAction::Flip => {}
            EmbedAction::CloseProblems => self.problems_open = false,
            EmbedAction::Reported => self.reason = "newGame",
        }
    }
}

/// What a checked command does to the embed page (its state and the game
/// on its board), as an action to dispatch (None: nothing to do); the error
/// (for an `error` event to the sender) says why it cannot be done. `coin`
/// draws a random colour.
pub fn plan(
    cmd: Command,
    embed: &EmbedState,
    session: &Session,
    coin: bool,
) -> Result<Option<EmbedAction>, Text> {
    match cmd {
        Command::NewGame(pairs) => {
            let p = params::parse_strict(&pairs)?;
            let game = p.load(coin)?;
            Ok(Some(EmbedAction::Load {
                params: p,
                game: Box::new(game),
                reason: "newGame",
            }))
        }
        Command::SetPosition { kind, text } => {
            let name = match kind {
                GameKind::Checkers => "fen",
                GameKind::Tiers => "tfen",
            };
            let (checked, problems) = params::parse_game(&[(name.to_string(), text)], &[]);
            if let Some(problem) = problems.first() {
                return Err(problem.explain());
            }
            let mut p = embed.params.clone();
            p.kind = checked.kind;
            p.start = checked.start;
            let game = p.load(coin)?;
            Ok(Some(EmbedAction::Load {
                params: p,
                game: Box::new(game),
                reason: "setPosition",
            }))
        }
        Command::Flip(orientation) => Ok(orientation
            .is_none_or(|c| (c == Color::Black) != session.flipped)
            .then_some(EmbedAction::Flip)),
    }
}

/// The `ready` event: the position, the players, orientation, take-backs
/// and the parameters' problems.
#[must_use]
pub fn ready_event(embed: &EmbedState, session: &Session, words: impl Fn(&Text) -> String) -> Json {
    let Some(game) = session.record() else {
        return event("ready", Json::obj([]));
    };
    let p = &embed.params;
    let mut v = position_fields(game, game.ply());
    v.set("protocol", Json::int(u64::from(PROTOCOL)));
    let players = match (p.players, session.opponent) {
        (Players::Computer { level, .. }, Opponent::Computer { human, .. }) => Json::obj([
            ("ai", Json::int(u64::from(level.number()))),
            ("human", Json::str(human.name())),
        ]),
        _ => Json::obj([("players", Json::int(2))]),
    };
    v.set("players", players);
    v.set(
        "orientation",
        Json::str(if session.flipped { "black" } else { "red" }),
    );
    v.set("undo", Json::Bool(p.undo));
    v.set(
        "problems",
        Json::List(embed.problems.iter().map(|p| Json::Str(words(p))).collect()),
    );
    event("ready", v)
}

/// A command from the host page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Start a game: the fields as name/value pairs for
    /// [`params::parse_game`].
    NewGame(Vec<(String, String)>),
    /// Play on from this position, same players: FEN (checkers) or TFEN
    /// (Tiers), not yet checked.
    SetPosition {
        /// Which game the text is for.
        kind: GameKind,
        /// The position.
        text: String,
    },
    /// Turn the board round, or show this colour at the bottom.
    Flip(Option<Color>),
}

/// The command names, for messages.
const COMMANDS: &str = "newGame, setPosition, flip";

fn field_text(name: &str, value: &Json) -> Result<Option<String>, String> {
    Ok(match value {
        Json::Null => None,
        Json::Str(s) | Json::Num(s) => Some(s.clone()),
        Json::Bool(b) => Some(if *b { "1" } else { "0" }.to_string()),
        Json::List(_) | Json::Obj(_) => {
            return Err(format!(
                "field `{name}` must be a string, number or boolean"
            ))
        }
    })
}

/// Checks a message from the host page and reads its command; the error
/// says what is wrong.
pub fn parse_command(message: &Json) -> Result<Command, String> {
    let Json::Obj(fields) = message else {
        return Err("a command must be an object like {\"tiers\": 1, \"type\": \"flip\"}".into());
    };
    match message.get("tiers") {
        Some(Json::Num(n)) if *n == PROTOCOL.to_string() => {}
        Some(v) => {
            return Err(format!(
                "protocol version {v} is not supported: give \"tiers\": {PROTOCOL}"
            ))
        }
        None => return Err(format!("no protocol version: give \"tiers\": {PROTOCOL}")),
    }
    let kind = match message.get("type") {
        Some(Json::Str(t)) => t.as_str(),
        Some(_) => return Err("field `type` must be a string".into()),
        None => return Err(format!("no `type`; commands: {COMMANDS}")),
    };
    let rest = fields.iter().filter(|(k, _)| k != "tiers" && k != "type");
    let known = |allowed: &[&str]| match rest.clone().find(|(k, _)| !allowed.contains(&k.as_str()))
    {
        Some((k, _)) => Err(format!(
            "{kind} takes no field `{k}`; fields: {}",
            allowed.join(", ")
        )),
        None => Ok(()),
    };
    match kind {
        "newGame" => {
            let mut pairs = Vec::new();
            for (name, value) in rest {
                if let Some(v) = field_text(name, value)? {
                    pairs.push((name.clone(), v));
                }
            }
            Ok(Command::NewGame(pairs))
        }
        "setPosition" => {
            known(&["fen", "tfen"])?;
            let get = |n: &str| message.get(n).map_or(Ok(None), |v| field_text(n, v));
            match (get("fen")?, get("tfen")?) {
                (Some(text), None) => Ok(Command::SetPosition {
                    kind: GameKind::Checkers,
                    text,
                }),
                (None, Some(text)) => Ok(Command::SetPosition {
                    kind: GameKind::Tiers,
                    text,
                }),
                (Some(_), Some(_)) => Err("setPosition takes fen or tfen, not both".into()),
                (None, None) => Err("setPosition needs fen (checkers) or tfen (Tiers)".into()),
            }
        }
        "flip" => {
            known(&["orientation"])?;
            match message.get("orientation") {
                None | Some(Json::Null) => Ok(Command::Flip(None)),
                Some(Json::Str(s)) if s.eq_ignore_ascii_case("red") => {
                    Ok(Command::Flip(Some(Color::Red)))
                }
                Some(Json::Str(s)) if s.eq_ignore_ascii_case("black") => {
                    Ok(Command::Flip(Some(Color::Black)))
                }
                Some(v) => Err(format!(
                    "orientation {v} is not a colour: give \"red\" or \"black\" (the colour at the bottom)"
                )),
            }
        }
        other => Err(format!("unknown command `{other}`; commands: {COMMANDS}")),
    }
}

/// An event: `{ "tiers": 1, "type": kind, …fields }`.
#[must_use]
pub fn event(kind: &str, fields: Json) -> Json {
    let mut out = Json::obj([
        ("tiers", Json::int(u64::from(PROTOCOL))),
        ("type", Json::str(kind)),
    ]);
    if let (Json::Obj(o), Json::Obj(f)) = (&mut out, fields) {
        o.extend(f);
    }
    out
}

fn color_name(c: Option<Color>) -> Json {
    c.map_or(Json::Null, |c| Json::str(c.name()))
}

fn opt_str(s: Option<String>) -> Json {
    s.map_or(Json::Null, Json::Str)
}

/// The position fields shared by events: game, position text, side to
/// move, ply.
#[must_use]
pub fn position_fields(record: &dyn Record, ply: usize) -> Json {
    Json::obj([
        ("game", Json::str(record.kind().name())),
        ("position", opt_str(record.position_text_at(ply))),
        ("sideToMove", color_name(record.side_at(ply))),
        ("ply", Json::int(ply as u64)),
    ])
}

/// The `move` event for the move that led to position `ply`.
#[must_use]
pub fn move_event(record: &dyn Record, ply: usize) -> Json {
    let mut v = position_fields(record, ply);
    let before = ply.wrapping_sub(1);
    v.set("move", opt_str(record.move_texts().get(before).cloned()));
    v.set("by", color_name(record.side_at(before)));
    event("move", v)
}

/// The `gameOver` event: result in PDN form, winner, reason in words and
/// the game record.
#[must_use]
pub fn game_over_event(record: &dyn Record) -> Json {
    let outcome = record.outcome();
    let first = match record.kind() {
        GameKind::Checkers => Color::Black,
        GameKind::Tiers => Color::Red,
    };
    let mut tags = Tags::new();
    tags.set("Event", "Tiers embed");
    event(
        "gameOver",
        Json::obj([
            ("game", Json::str(record.kind().name())),
            (
                "result",
                Json::str(PdnResult::of_outcome(outcome).text(first)),
            ),
            ("winner", color_name(outcome.and_then(|o| o.winner()))),
            ("reason", opt_str(outcome.map(|o| o.reason_text()))),
            ("ply", Json::int(record.ply() as u64)),
            ("record", Json::Str(record.to_pdn(&tags))),
        ]),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::query_pairs;
    use tiers_engine::{checkers, Game, Position};

    #[test]
    fn embed_mode_is_asked_by_query_or_path() {
        assert!(requested("/", "?embed=1"));
        assert!(requested("/", "?game=tiers&embed"));
        assert!(requested("/app/embed", ""));
        assert!(requested("/embed/", ""));
        assert!(!requested("/", "?embed=0"));
        assert!(!requested("/", ""));
        assert!(!requested("/embedded", ""));
    }

    #[test]
    fn origins() {
        assert_eq!(
            parse_origin("https://Example.com/").unwrap(),
            "https://example.com"
        );
        assert_eq!(
            parse_origin("https://example.com:443").unwrap(),
            "https://example.com"
        );
        assert_eq!(
            parse_origin("http://127.0.0.1:8000").unwrap(),
            "http://127.0.0.1:8000"
        );
        assert_eq!(
            parse_origin("http://[::1]:8000").unwrap(),
            "http://[::1]:8000"
        );
        assert_eq!(parse_origin("http://[::1]").unwrap(), "http://[::1]");
        for bad in [
            "*",
            "example.com",
            "ftp://example.com",
            "https://example.com/page",
            "https://exa mple.com",
            "https://example.com:99999",
            "https://example.com:",
            "https://user@example.com",
            "https://",
        ] {
            assert!(parse_origin(bad).is_err(), "{bad}");
        }
        let c = parse_config(&query_pairs(
            "embed=1&origin=https://a.example,https://b.example:8443&origin=https://a.example&origin=nope",
        ));
        assert_eq!(c.origins, ["https://a.example", "https://b.example:8443"]);
        assert_eq!(c.problems.len(), 1);
        assert_eq!(c.problems[0].param, "origin");
        assert!(c.problems[0]
            .explain()
            .english()
            .starts_with("origin=nope: not an origin"));
    }

    fn j(text: &str) -> Json {
        Json::parse(text).unwrap()
    }

    #[test]
    fn json_text() {
        let v = j(r#"{"a": [1, "x", null, true], "b": {"c": 2.5}}"#);
        assert_eq!(v.to_string(), r#"{"a":[1,"x",null,true],"b":{"c":2.5}}"#);
        assert_eq!(Json::str("q\"\\\n\u{1}").to_string(), r#""q\"\\\n\u0001""#);
    }

    #[test]
    fn commands() {
        let cmd = |text: &str| parse_command(&j(text));
        assert_eq!(
            cmd(
                r#"{"tiers": 1, "type": "newGame", "game": "tiers", "ai": 5, "undo": false, "fen": null}"#
            ),
            Ok(Command::NewGame(vec![
                ("game".into(), "tiers".into()),
                ("ai".into(), "5".into()),
                ("undo".into(), "0".into()),
            ]))
        );
        assert_eq!(
            cmd(r#"{"tiers": 1, "type": "setPosition", "tfen": "x"}"#),
            Ok(Command::SetPosition {
                kind: GameKind::Tiers,
                text: "x".into()
            })
        );
        assert_eq!(
            cmd(r#"{"tiers": 1, "type": "flip", "orientation": "Black"}"#),
            Ok(Command::Flip(Some(Color::Black)))
        );
        let errors = [
            (r#""flip""#, "a command must be an object"),
            (r#"[1, 2]"#, "a command must be an object"),
            (
                r#"{"type": "flip"}"#,
                "no protocol version: give \"tiers\": 1",
            ),
            (
                r#"{"tiers": 2, "type": "flip"}"#,
                "protocol version 2 is not supported",
            ),
            (
                r#"{"tiers": "1", "type": "flip"}"#,
                "protocol version \"1\" is not supported",
            ),
            (
                r#"{"tiers": 1}"#,
                "no `type`; commands: newGame, setPosition, flip",
            ),
            (
                r#"{"tiers": 1, "type": 3}"#,
                "field `type` must be a string",
            ),
            (
                r#"{"tiers": 1, "type": "flip", "orientation": 1}"#,
                "orientation 1 is not a colour",
            ),
            (
                r#"{"tiers": 1, "type": "flip", "side": "red"}"#,
                "flip takes no field `side`; fields: orientation",
            ),
            (
                r#"{"tiers": 1, "type": "setPosition"}"#,
                "setPosition needs fen (checkers) or tfen (Tiers)",
            ),
            (
                r#"{"tiers": 1, "type": "setPosition", "fen": "a", "tfen": "b"}"#,
                "setPosition takes fen or tfen, not both",
            ),
            (
                r#"{"tiers": 1, "type": "setPosition", "fen": ["a"]}"#,
                "field `fen` must be a string",
            ),
            (
                r#"{"tiers": 1, "type": "newGame", "ai": {"level": 3}}"#,
                "field `ai` must be a string",
            ),
        ];
        for (message, expected) in errors {
            let e = cmd(message).unwrap_err();
            assert!(e.starts_with(expected), "{message}: {e}");
        }
    }

    #[test]
    fn events() {
        let mut game = Game::new(checkers::Position::parse("W:W18:B14").unwrap());
        game.play_text("18x9").unwrap();
        let record: &dyn Record = &game;
        assert_eq!(
            move_event(record, 1).to_string(),
            r#"{"tiers":1,"type":"move","game":"checkers","position":"B:W9:B","sideToMove":"black","ply":1,"move":"18x9","by":"red"}"#
        );
        let over = game_over_event(record);
        assert_eq!(over.get("type"), Some(&Json::str("gameOver")));
        assert_eq!(over.get("result"), Some(&Json::str("0-1")));
        assert_eq!(over.get("winner"), Some(&Json::str("red")));
        assert_eq!(
            over.get("reason"),
            Some(&Json::str("Black has no pieces left"))
        );
        let pdn = over.get("record").and_then(Json::as_str).unwrap();
        assert!(pdn.contains("[FEN \"W:W18:B14\"]"), "{pdn}");
        assert!(pdn.trim_end().ends_with("1... 18x9 0-1"), "{pdn}");
    }
}
