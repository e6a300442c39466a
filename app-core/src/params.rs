//! Game parameters, from a URL query (`?embed=1&game=checkers&ai=5`, share
//! links) or from a host page's `newGame` command: which game, who plays,
//! the person's colour, the orientation, a start position (FEN / TFEN) or a
//! whole game (PDN), and whether moves may be taken back.
//!
//! Reading is strict: an unknown parameter, a value given twice, a bad value
//! or two parameters that contradict each other are each reported with the
//! parameter's name, what is wrong and what is allowed ([`ParamError`]). A
//! usable [`GameParams`] always comes back with the problems (the defaults
//! stand in for what could not be read), so a page can show the messages
//! and still offer a game.
//!
//! ```
//! use tiers_core::i18n::errors::Explain;
//! use tiers_core::params::{parse_game, query_pairs, Start};
//! use tiers_engine::GameKind;
//!
//! let (p, problems) = parse_game(&query_pairs("?game=tiers&players=2&undo=0"), &[]);
//! assert!(problems.is_empty());
//! assert_eq!(p.kind, GameKind::Tiers);
//! assert!(!p.undo);
//! assert_eq!(p.start, Start::Standard);
//!
//! let (p, problems) = parse_game(&query_pairs("ai=9&colour=blue"), &[]);
//! assert_eq!(p.kind, GameKind::Checkers);
//! assert_eq!(problems[0].explain().english(), "ai=9: no such level; allowed: a level from 1 (beginner) to 8 (grandmaster)");
//! assert_eq!(problems[1].param, "colour");
//! ```

use crate::i18n::errors::Explain;
use crate::i18n::Text;

use tiers_engine::pdn::{self, Variant};
use tiers_engine::search::Level;
use tiers_engine::{checkers, tiers, Color, Game, GameKind, Position};

use crate::new_game::ColorChoice;
use crate::record::Record;
use crate::session::{LoadGame, Opponent};

/// The parameters every game link understands.
pub const GAME_PARAMS: [&str; 10] = [
    "game",
    "ai",
    "players",
    "color",
    "flip",
    "orientation",
    "fen",
    "tfen",
    "pdn",
    "undo",
];

/// Who plays, as asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Players {
    /// The computer at `level` against the person, who plays `color`.
    Computer {
        /// The computer's strength.
        level: Level,
        /// The person's colour (a random one is drawn at the start).
        color: ColorChoice,
    },
    /// Two people on this device.
    Two,
}

/// Where the game starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// The standard start (Tiers: the default formations).
    Standard,
    /// A position, as FEN (checkers) or TFEN (Tiers), checked and rewritten
    /// in its standard form.
    Position(String),
    /// A whole game in PDN (checkers) or the Tiers record, checked; play
    /// goes on from its last position.
    Pdn(String),
}

/// A game as the parameters ask for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameParams {
    /// Checkers or Tiers.
    pub kind: GameKind,
    /// Against the computer or two players.
    pub players: Players,
    /// The colour seen at the bottom of the board, if asked (`orientation`).
    pub orientation: Option<Color>,
    /// Turn the board round from its usual orientation (`flip=1`).
    pub flip: bool,
    /// Where the game starts.
    pub start: Start,
    /// Whether moves may be taken back.
    pub undo: bool,
}

impl Default for GameParams {
    fn default() -> Self {
        GameParams {
            kind: GameKind::Checkers,
            players: Players::Computer {
                level: DEFAULT_LEVEL,
                color: ColorChoice::Red,
            },
            orientation: None,
            flip: false,
            start: Start::Standard,
            undo: true,
        }
    }
}

/// One problem with the parameters: which one, what is wrong, what is
/// allowed (messages of the catalogue: the page says them in its
/// language; the names and values of parameters are notation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamError {
    /// The parameter's name.
    pub param: String,
    /// Its value as given (shortened when long).
    pub value: String,
    /// What is wrong.
    pub problem: Text,
    /// What is allowed, if there is something to say.
    pub allowed: Option<Text>,
}

impl Explain for ParamError {
    /// `name=value: problem; allowed: …`.
    fn explain(&self) -> Text {
        let t = match &self.allowed {
            Some(allowed) => Text::new("param.problem-allowed").arg("allowed", allowed.clone()),
            None => Text::new("param.problem"),
        };
        t.arg("param", &self.param)
            .arg("value", &self.value)
            .arg("problem", self.problem.clone())
    }
}

/// Several problems in one message: `a; b; c` (None when there is none).
#[must_use]
pub fn explain_all(problems: &[ParamError]) -> Option<Text> {
    problems
        .iter()
        .rev()
        .map(Explain::explain)
        .reduce(|rest, first| {
            Text::new("param.problems")
                .arg("first", first)
                .arg("rest", rest)
        })
}

fn short(value: &str) -> String {
    const MAX: usize = 40;
    if value.chars().count() <= MAX {
        value.to_string()
    } else {
        let cut: String = value.chars().take(MAX).collect();
        format!("{cut}…")
    }
}

fn err(param: &str, value: &str, problem: Text, allowed: impl Into<Option<Text>>) -> ParamError {
    ParamError {
        param: param.to_string(),
        value: short(value),
        problem,
        allowed: allowed.into(),
    }
}

/// Parameter values listed as they are written (`red, black, random`).
fn values(list: &str) -> Option<Text> {
    Some(Text::plain(list))
}

/// The computer's level when a link does not say (`ai=`).
pub const DEFAULT_LEVEL: Level = Level::clamped(3);

fn parse_bool(value: &str) -> Option<bool> {
    match value.trim().to_ascii_lowercase().as_str() {
        "1" | "true" | "yes" | "on" => Some(true),
        "0" | "false" | "no" | "off" => Some(false),
        _ => None,
    }
}

fn parse_color(value: &str) -> Option<Color> {
    match value.trim().to_ascii_lowercase().as_str() {
        "red" | "r" | "white" | "w" => Some(Color::Red),
        "black" | "b" => Some(Color::Black),
        _ => None,
    }
}

/// Splits a URL query (`?a=1&b=x%20y`, with or without the `?`) into
/// decoded name/value pairs, in order. `+` is a space; a malformed `%`
/// escape is kept as written; a name without `=` has an empty value.
#[must_use]
pub fn query_pairs(query: &str) -> Vec<(String, String)> {
    let query = query.strip_prefix('?').unwrap_or(query);
    query
        .split('&')
        .filter(|part| !part.is_empty())
        .map(|part| {
            let (name, value) = part.split_once('=').unwrap_or((part, ""));
            (decode(name), decode(value))
        })
        .collect()
}

/// The value of parameter `name` (any case) in a query, if it is there.
#[must_use]
pub fn param(query: &str, name: &str) -> Option<String> {
    query_pairs(query)
        .into_iter()
        .find(|(n, _)| n.trim().eq_ignore_ascii_case(name))
        .map(|(_, v)| v)
}

fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len()
                && bytes[i + 1].is_ascii_hexdigit()
                && bytes[i + 2].is_ascii_hexdigit() =>
            {
                let hex = |c: u8| (c as char).to_digit(16).unwrap_or(0) as u8;
                out.push(hex(bytes[i + 1]) << 4 | hex(bytes[i + 2]));
                i += 2;
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Encodes a value for a URL query (the inverse of the decoding in
/// [`query_pairs`]), for share links.
#[must_use]
pub fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b':' | b',' => {
                out.push(char::from(b));
            }
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// The known parameters given, each once: (canonical name, value, name as
/// given).
struct Given<'a>(Vec<(&'static str, &'a str, &'a str)>);

impl<'a> Given<'a> {
    /// Sorts the pairs: known names (first value kept), names in `extra`
    /// (left to the caller), and the rest, each a problem.
    fn read(pairs: &'a [(String, String)], extra: &[&str], problems: &mut Vec<ParamError>) -> Self {
        let mut seen: Vec<(&'static str, &str, &str)> = Vec::new();
        for (name, value) in pairs {
            let name = name.trim();
            let canonical = if name.eq_ignore_ascii_case("colour") {
                "color"
            } else {
                name
            };
            if let Some(known) = GAME_PARAMS
                .iter()
                .find(|p| p.eq_ignore_ascii_case(canonical))
            {
                if seen.iter().any(|(n, _, _)| n == known) {
                    problems.push(err(name, value, Text::new("param.repeated"), None));
                } else {
                    seen.push((known, value.as_str(), name));
                }
            } else if !extra.iter().any(|e| e.eq_ignore_ascii_case(name)) {
                let mut allowed: Vec<&str> = GAME_PARAMS.to_vec();
                allowed.extend_from_slice(extra);
                problems.push(err(
                    name,
                    value,
                    Text::new("param.unknown"),
                    Text::new("param.known").arg("list", allowed.join(", ")),
                ));
            }
        }
        Given(seen)
    }

    /// The value of a known parameter, if given.
    fn get(&self, name: &str) -> Option<&'a str> {
        self.0
            .iter()
            .find(|(n, _, _)| *n == name)
            .map(|(_, v, _)| *v)
    }

    /// A known parameter's name as the link spells it (`color` or `colour`).
    fn spelled(&self, name: &'static str) -> &'a str {
        self.0
            .iter()
            .find(|(n, _, _)| *n == name)
            .map_or(name, |(_, _, given)| *given)
    }

    /// A yes/no parameter, if given and readable.
    fn flag(&self, name: &str, problems: &mut Vec<ParamError>) -> Option<bool> {
        let v = self.get(name)?;
        let b = parse_bool(v);
        if b.is_none() {
            problems.push(err(
                name,
                v,
                Text::new("param.not-yes-no"),
                Text::new("param.yes-no"),
            ));
        }
        b
    }
}

/// Reads the game parameters from name/value pairs. Names in `extra` are
/// accepted and left to the caller (e.g. `embed`, `origin`); any other
/// unknown name is a problem. `colour` is read as `color`.
#[must_use]
pub fn parse_game(pairs: &[(String, String)], extra: &[&str]) -> (GameParams, Vec<ParamError>) {
    let mut problems = Vec::new();
    let given = Given::read(pairs, extra, &mut problems);
    let mut p = GameParams::default();
    // The game: asked, or told by the position or record given.
    let mut kind_asked = None;
    if let Some(v) = given.get("game") {
        match GameKind::parse(v) {
            Ok(k) => kind_asked = Some(k),
            Err(_) => problems.push(err(
                "game",
                v,
                Text::new("param.unknown-game"),
                values("checkers, tiers"),
            )),
        }
    }
    p.players = players(&given, &mut problems);
    read_orientation(&given, &mut p, &mut problems);
    if let Some(undo) = given.flag("undo", &mut problems) {
        p.undo = undo;
    }
    p.kind = kind_asked.unwrap_or(GameKind::Checkers);
    if let Some((kind, start)) = start(&given, kind_asked, &mut problems) {
        p.kind = kind;
        p.start = start;
    }
    (p, problems)
}

/// Who plays: `ai`, `players` and `color`.
fn players(given: &Given, problems: &mut Vec<ParamError>) -> Players {
    let mut level = DEFAULT_LEVEL;
    if let Some(v) = given.get("ai") {
        match v.trim().parse::<u8>().ok().and_then(Level::playing) {
            Some(l) => level = l,
            None => problems.push(err(
                "ai",
                v,
                Text::new("param.no-level"),
                Text::new("param.levels"),
            )),
        }
    }
    let mut two = false;
    if let Some(v) = given.get("players") {
        match v.trim() {
            "2" if given.get("ai").is_some() => problems.push(err(
                "players",
                v,
                Text::new("param.ai-and-two"),
                Text::new("param.ai-or-two"),
            )),
            "2" => two = true,
            "1" => {}
            _ => problems.push(err(
                "players",
                v,
                Text::new("param.not-players"),
                Text::new("param.players"),
            )),
        }
    }
    let mut color = ColorChoice::Red;
    if let Some(v) = given.get("color") {
        let color_param = given.spelled("color");
        match v.trim().to_ascii_lowercase().as_str() {
            _ if two => problems.push(err(
                color_param,
                v,
                Text::new("param.colour-with-two"),
                Text::new("param.colour-with-ai").arg("param", color_param),
            )),
            "random" => color = ColorChoice::Random,
            _ => match parse_color(v) {
                Some(Color::Red) => color = ColorChoice::Red,
                Some(Color::Black) => color = ColorChoice::Black,
                None => problems.push(err(
                    color_param,
                    v,
                    Text::new("param.not-colour"),
                    values("red, black, random"),
                )),
            },
        }
    }
    if two {
        Players::Two
    } else {
        Players::Computer { level, color }
    }
}

/// The orientation: `flip` or `orientation` (which wins when both are
/// given).
fn read_orientation(given: &Given, p: &mut GameParams, problems: &mut Vec<ParamError>) {
    if let Some(flip) = given.flag("flip", problems) {
        p.flip = flip;
    }
    if let Some(v) = given.get("orientation") {
        match parse_color(v) {
            Some(c) if given.get("flip").is_some() => {
                problems.push(err(
                    "orientation",
                    v,
                    Text::new("param.flip-and-orientation"),
                    Text::new("param.flip-or-orientation"),
                ));
                p.orientation = Some(c);
                p.flip = false;
            }
            Some(c) => p.orientation = Some(c),
            None => problems.push(err(
                "orientation",
                v,
                Text::new("param.not-colour"),
                Text::new("param.orientations"),
            )),
        }
    }
}

/// The start, if one is given and readable: a position (`fen`, `tfen`) or
/// a whole game (`pdn`), with the game it is of. Only the first of them
/// given is used.
fn start(
    given: &Given,
    kind_asked: Option<GameKind>,
    problems: &mut Vec<ParamError>,
) -> Option<(GameKind, Start)> {
    let starts: Vec<&str> = ["fen", "tfen", "pdn"]
        .into_iter()
        .filter(|n| given.get(n).is_some())
        .collect();
    if starts.len() > 1 {
        let second = starts[1];
        problems.push(err(
            second,
            given.get(second).unwrap_or(""),
            Text::new("param.two-starts")
                .arg("first", starts[0])
                .arg("second", second),
            Text::new("param.one-start"),
        ));
    }
    let name = *starts.first()?;
    let v = given.get(name).unwrap_or("");
    let read = match name {
        "fen" => start_fen(v, kind_asked),
        "tfen" => start_tfen(v, kind_asked),
        _ => start_pdn(v, kind_asked),
    };
    read.map_err(|e| problems.push(*e)).ok()
}

fn start_fen(v: &str, kind_asked: Option<GameKind>) -> Result<(GameKind, Start), Box<ParamError>> {
    if kind_asked == Some(GameKind::Tiers) {
        return Err(Box::new(err(
            "fen",
            v,
            Text::new("param.fen-for-tiers"),
            Text::new("param.use-tfen"),
        )));
    }
    match checkers::Position::parse(v.trim()) {
        Ok(pos) => Ok((GameKind::Checkers, Start::Position(pos.to_text()))),
        Err(e) => {
            let hint = Text::new(if v.contains('/') {
                "param.fen-looks-like-tfen"
            } else {
                "param.fen"
            });
            Err(Box::new(err("fen", v, e.explain(), hint)))
        }
    }
}

fn start_tfen(v: &str, kind_asked: Option<GameKind>) -> Result<(GameKind, Start), Box<ParamError>> {
    if kind_asked == Some(GameKind::Checkers) {
        return Err(Box::new(err(
            "tfen",
            v,
            Text::new("param.tfen-for-checkers"),
            Text::new("param.use-fen"),
        )));
    }
    match tiers::Position::parse(v.trim()) {
        Ok(pos) => Ok((GameKind::Tiers, Start::Position(pos.to_text()))),
        Err(e) => Err(Box::new(err(
            "tfen",
            v,
            e.explain(),
            Text::new("param.tfen").arg("example", tiers::START_TFEN),
        ))),
    }
}

fn start_pdn(v: &str, kind_asked: Option<GameKind>) -> Result<(GameKind, Start), Box<ParamError>> {
    let detected = pdn::detect_kind(v);
    let kind = kind_asked.or(detected).unwrap_or(GameKind::Checkers);
    if let (Some(asked), Some(found)) = (kind_asked, detected) {
        if asked != found {
            return Err(Box::new(err(
                "pdn",
                v,
                Text::new("param.record-of-other-game")
                    .arg("found", found.name())
                    .arg("asked", asked.name()),
                Text::new("param.record-of-game-asked"),
            )));
        }
    }
    let checked = match kind {
        GameKind::Checkers => check_pdn::<checkers::Position>(v),
        GameKind::Tiers => check_pdn::<tiers::Position>(v),
    };
    match checked {
        Ok(()) => Ok((kind, Start::Pdn(v.to_string()))),
        Err(e) => Err(Box::new(err("pdn", v, e, Text::new("param.pdn")))),
    }
}

fn check_pdn<P: Variant<MoveError: Explain>>(text: &str) -> Result<(), Text> {
    for game in pdn::read_each::<P>(text).map_err(|e| e.explain())? {
        game.map_err(|e| e.explain())?;
    }
    Ok(())
}

fn load<P: Variant<MoveError: Explain, ParseError: Explain>>(
    start: &Start,
) -> Result<Box<dyn Record>, Text> {
    let game: Game<P> = match start {
        Start::Standard => Game::new(P::start()),
        Start::Position(text) => Game::new(P::parse(text).map_err(|e| e.explain())?),
        Start::Pdn(text) => {
            pdn::read_each::<P>(text)
                .map_err(|e| e.explain())?
                .into_iter()
                .next()
                .ok_or_else(|| Text::new("error.pdn-no-game"))?
                .map_err(|e| e.explain())?
                .game
        }
    };
    Ok(Box::new(game))
}

/// Reads the game parameters, all of which must be right: the error lists
/// every problem ("game=chess: unknown game; …; pdn=…: …").
pub fn parse_strict(pairs: &[(String, String)]) -> Result<GameParams, Text> {
    let (params, problems) = parse_game(pairs, &[]);
    match explain_all(&problems) {
        None => Ok(params),
        Some(all) => Err(all),
    }
}

impl GameParams {
    /// The game these parameters start, played from its last position, with
    /// its players and orientation (`coin` draws a random colour); the error
    /// says why it cannot start.
    pub fn load(&self, coin: bool) -> Result<LoadGame, Text> {
        let record = self.record()?;
        let opponent = self.opponent(coin);
        Ok(LoadGame {
            record,
            opponent,
            flipped: self.flipped(opponent),
            clock: None,
        })
    }

    /// The game record to play: the start position, or the game read from
    /// the PDN with its moves played.
    pub fn record(&self) -> Result<Box<dyn Record>, Text> {
        match self.kind {
            GameKind::Checkers => load::<checkers::Position>(&self.start),
            GameKind::Tiers => load::<tiers::Position>(&self.start),
        }
    }

    /// Who plays; `coin` draws a random colour.
    #[must_use]
    pub fn opponent(&self, coin: bool) -> Opponent {
        match self.players {
            Players::Two => Opponent::Friend,
            Players::Computer { level, color } => Opponent::Computer {
                level,
                human: color.resolve(coin),
            },
        }
    }

    /// Whether the board is seen from Black's side: the orientation asked
    /// for, else the person's colour (Red with two players), turned round
    /// by `flip`.
    #[must_use]
    pub fn flipped(&self, opponent: Opponent) -> bool {
        let bottom = self.orientation.unwrap_or(match opponent {
            Opponent::Computer { human, .. } => human,
            Opponent::Friend => Color::Red,
        });
        (bottom == Color::Black) != self.flip
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(q: &str) -> (GameParams, Vec<String>) {
        let (p, problems) = parse_game(&query_pairs(q), &["embed", "origin"]);
        (p, problems.iter().map(|e| e.explain().english()).collect())
    }

    #[test]
    fn decoding_queries() {
        assert_eq!(
            query_pairs("?a=1&b=x%20y+z&c&&d=%zz%4"),
            [
                ("a".into(), "1".into()),
                ("b".into(), "x y z".into()),
                ("c".into(), String::new()),
                ("d".into(), "%zz%4".into()),
            ]
        );
        assert_eq!(query_pairs("e=%C3%A9%2B")[0].1, "é+");
        let text = "[Event \"x\"]\n1. 11-15 23-19 *";
        assert_eq!(query_pairs(&format!("pdn={}", encode(text)))[0].1, text);
    }

    #[test]
    fn no_parameters_is_the_default_game() {
        let (p, problems) = parse("");
        assert!(problems.is_empty());
        assert_eq!(p, GameParams::default());
        assert!(!p.flipped(p.opponent(true)));
    }

    #[test]
    fn every_parameter_read() {
        let (p, problems) = parse(
            "embed=1&game=Checkers&ai=7&color=black&flip=1&undo=no&fen=W:W18:B14&origin=https://a.example",
        );
        assert_eq!(problems, Vec::<String>::new());
        assert_eq!(p.kind, GameKind::Checkers);
        assert_eq!(
            p.players,
            Players::Computer {
                level: Level::clamped(7),
                color: ColorChoice::Black
            }
        );
        assert!(p.flip);
        assert!(!p.undo);
        assert_eq!(p.start, Start::Position("W:W18:B14".into()));
        let opp = p.opponent(true);
        assert_eq!(
            opp,
            Opponent::Computer {
                level: Level::clamped(7),
                human: Color::Black
            }
        );
        // Black at the bottom for a Black player, turned round by flip.
        assert!(!p.flipped(opp));
        let record = p.record().unwrap();
        assert_eq!(record.side_at(0), Some(Color::Red));
        assert_eq!(record.legal().len(), 1);
    }

    #[test]
    fn random_colour_and_orientation() {
        let (p, problems) = parse("color=random&orientation=black");
        assert!(problems.is_empty());
        assert_eq!(
            p.opponent(false),
            Opponent::Computer {
                level: Level::clamped(3),
                human: Color::Black
            }
        );
        assert_eq!(
            p.opponent(true),
            Opponent::Computer {
                level: Level::clamped(3),
                human: Color::Red
            }
        );
        assert!(p.flipped(p.opponent(true)));
    }

    #[test]
    fn tfen_implies_tiers() {
        let (p, problems) = parse(&format!("tfen={}&players=2", encode(tiers::START_TFEN)));
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(p.kind, GameKind::Tiers);
        assert_eq!(p.players, Players::Two);
        assert_eq!(p.record().unwrap().kind(), GameKind::Tiers);
        let (p, _) = parse("game=tiers");
        assert_eq!(p.record().unwrap().start_text(), tiers::START_TFEN);
    }

    #[test]
    fn pdn_games_load_with_their_moves() {
        let text = "[Event \"Club\"]\n1. 11-15 23-19 2. 8-11 *";
        let (p, problems) = parse(&format!("pdn={}", encode(text)));
        assert!(problems.is_empty(), "{problems:?}");
        let record = p.record().unwrap();
        assert_eq!(record.move_texts(), ["11-15", "23-19", "8-11"]);
        assert_eq!(record.ply(), 3);
        let (p, problems) = parse(&format!("pdn={}", encode("1. e3-e4 d6-d5 *")));
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(p.kind, GameKind::Tiers);
    }

    #[test]
    fn bad_values_say_what_is_allowed() {
        let (p, problems) = parse("game=chess&ai=0&color=purple&flip=maybe&undo=2&size=9");
        assert_eq!(p, GameParams::default());
        assert_eq!(
            problems,
            [
                "size=9: unknown parameter; allowed: parameters game, ai, players, color, flip, orientation, fen, tfen, pdn, undo, embed, origin",
                "game=chess: unknown game; allowed: checkers, tiers",
                "ai=0: no such level; allowed: a level from 1 (beginner) to 8 (grandmaster)",
                "color=purple: not a colour; allowed: red, black, random",
                "flip=maybe: not a yes/no value; allowed: 1 or 0 (also true/false, yes/no)",
                "undo=2: not a yes/no value; allowed: 1 or 0 (also true/false, yes/no)",
            ]
        );
    }

    #[test]
    fn contradictions_are_reported() {
        let (_, problems) = parse("ai=2&players=2");
        assert!(problems[0].starts_with("players=2: ai (a computer opponent) and players=2"));
        let (p, problems) = parse("players=2&color=black");
        assert_eq!(p.players, Players::Two);
        assert!(
            problems[0].starts_with("color=black: the colour is chosen only against the computer")
        );
        let (p, problems) = parse("flip=1&orientation=red");
        assert_eq!((p.flip, p.orientation), (false, Some(Color::Red)));
        assert_eq!(problems.len(), 1);
        let (_, problems) = parse("ai=2&ai=3");
        assert_eq!(
            problems,
            ["ai=3: given more than once (the first value is used)"]
        );
        let (p, problems) = parse("game=tiers&fen=B:W21-32:B1-12");
        assert_eq!(p.kind, GameKind::Tiers);
        assert!(problems[0]
            .starts_with("fen=B:W21-32:B1-12: fen is a checkers position and game=tiers"));
        let (_, problems) = parse("fen=B:W21-32:B1-12&tfen=8/8/8/8/8/8/8/8%20r%200%201");
        assert!(
            problems[0].starts_with("tfen=8/8/8/8/8/8/8/8 r 0 1: fen and tfen both give the start")
        );
        let (_, problems) = parse(&format!("game=checkers&pdn={}", encode("1. e3-e4 *")));
        assert!(
            problems[0].contains("the record is a tiers game and game=checkers"),
            "{problems:?}"
        );
    }

    #[test]
    fn bad_positions_and_records_keep_the_standard_start() {
        let (p, problems) = parse("fen=B:W21-32:B1-40");
        assert_eq!(p.start, Start::Standard);
        assert_eq!(problems.len(), 1);
        assert!(
            problems[0].starts_with("fen=B:W21-32:B1-40: "),
            "{problems:?}"
        );
        assert!(
            problems[0].ends_with("allowed: a checkers position in PDN FEN, e.g. B:W21-32:B1-12")
        );
        let (p, problems) = parse("tfen=xyz");
        assert_eq!((p.kind, &p.start), (GameKind::Checkers, &Start::Standard));
        assert!(problems[0].starts_with("tfen=xyz: "), "{problems:?}");
        let (p, problems) = parse(&format!("pdn={}", encode("1. 11-15 11-15 *")));
        assert_eq!(p.start, Start::Standard);
        assert!(
            problems[0].contains("11-15 cannot be played"),
            "{problems:?}"
        );
        // A long value is shortened in the message.
        let long = "9".repeat(200);
        let (_, problems) = parse(&format!("fen={long}"));
        assert!(problems[0].starts_with(&format!("fen={}…: ", "9".repeat(40))));
    }

    #[test]
    fn arbitrary_text_never_panics() {
        for q in [
            "%",
            "%%",
            "=",
            "&&&",
            "a=%F0%9F",
            "pdn=%5B",
            "pdn=[Event",
            "fen=::::",
            "tfen=////////",
            "ai=-1",
            "ai=300",
            "players=",
            "color=",
            "game=",
            "\u{0}=\u{0}",
        ] {
            let (p, _) = parse(q);
            assert!(p.record().is_ok(), "{q}");
        }
    }
}
