//! Live play with a friend on another device over a WebRTC data channel
//! (docs/live.md): the invite and answer links ([`link`]), the messages
//! the two pages send each other, protocol version [`PROTOCOL`], and the
//! checks every message passes before it changes anything.
//!
//! Messages are JSON objects `{"live": 3, "type": …, …}`:
//!
//! | type | fields | what |
//! |---|---|---|
//! | `hello` | `id`, `game`, `inviter`, `clock` | sent by both on connecting: the terms, which must be the same |
//! | `move` | `ply`, `move`, `clock` | a move at ply `ply` and the mover's time left after it (ms; `null` without a clock) |
//! | `commit` | `hash` | the SHA-256 of the sender's Tiers formation and a salt ([`commit`]) |
//! | `formation` | `squares`, `salt` | the sender's Tiers formation (`a1 c1 …`), revealed once both are committed |
//! | `draw`, `takeback`, `rematch` | `answer` (`offer`, `accept`, `decline`); takeback also `ply` | an offer or request and its answer |
//! | `resign` | | the sender resigns |
//! | `flag` | `side` | `side`'s clock is at zero |
//! | `claim` | `side`, `ply` | the sender claims the win: `side`'s clock ran out at ply `ply` and its device said nothing within [`GRACE_MS`] |
//! | `chat` | `phrase` | one of [`PHRASES`] (no free text) |
//! | `sync` | `start`, `moves`, `ended`, `clocks` | the sender's copy of the game, on reconnecting |
//!
//! One function, [`Live::apply`], checks and applies a message, whether
//! this device sends it or receives it: a message that is malformed, out
//! of turn, or refused by the engine is an error that names what is wrong,
//! and changes nothing.
//!
//! ```
//! use tiers_core::live::{parse, Message};
//! let m = parse(r#"{"live":3,"type":"move","ply":0,"move":"11-15","clock":null}"#).unwrap();
//! assert_eq!(m, Message::Move { ply: 0, text: "11-15".into(), clock: None });
//! assert_eq!(parse(&m.to_text()).unwrap(), m);
//! assert_eq!(
//!     parse(r#"{"live":3,"type":"teleport"}"#).unwrap_err(),
//!     "unknown message `teleport`"
//! );
//! ```

pub mod commit;
pub mod link;
pub mod play;
pub mod qr;
pub mod stun;

use tiers_engine::tiers::{self, Formation};
use tiers_engine::{checkers, Color, GameKind, Position};
use tiers_json::Json;

use crate::clock::{Clock, TimeControl};
use crate::i18n::Text;
use crate::library::bylink::{merge, Merge, ID_MASK};
use crate::library::{rebuild, Declared};
use crate::record::Record;
pub use link::{Role, Signal, Terms};

/// The protocol version, the `live` field of every message (2: Tiers
/// formations are committed to before they are revealed; 3: `claim`).
pub const PROTOCOL: u64 = 3;

/// How long a page waits, once the other side's clock reads zero on it,
/// for that side's own device to say so (`flag`) or for its move, before
/// it offers to claim the win; and how far a claim may be ahead of the
/// claimed side's own clock (docs/live.md, "Claiming the win").
pub const GRACE_MS: u64 = 10_000;

/// The longest message read, in bytes (a 300-move game's `sync` takes
/// about 3 KB).
pub const MAX_MESSAGE: usize = 64 * 1024;

/// The chat's fixed phrases, by catalogue key (`live.phrase.<key>`).
pub const PHRASES: [&str; 8] = [
    "hello",
    "good-luck",
    "your-move",
    "one-moment",
    "well-played",
    "oops",
    "thanks",
    "good-game",
];

/// An offer or request, or its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Offered or asked.
    Offer,
    /// Accepted.
    Accept,
    /// Declined or refused.
    Decline,
}

impl Answer {
    const NAMES: [(&'static str, Answer); 3] = [
        ("offer", Answer::Offer),
        ("accept", Answer::Accept),
        ("decline", Answer::Decline),
    ];

    fn name(self) -> &'static str {
        Self::NAMES
            .iter()
            .find(|(_, a)| *a == self)
            .map_or("offer", |(n, _)| n)
    }
}

/// A message between the two pages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// The terms, sent by both on connecting.
    Hello {
        /// The game id.
        id: u64,
        /// The terms.
        terms: Terms,
    },
    /// A move at ply `ply`, and the mover's time left after it.
    Move {
        /// The ply the move is played at (0: the first move).
        ply: usize,
        /// The move as the game record writes it.
        text: String,
        /// The mover's clock after the move, increment included (ms).
        clock: Option<u64>,
    },
    /// The commitment to the sender's Tiers formation (64 hex digits:
    /// [`commit::commitment`]).
    Commit(String),
    /// The sender's Tiers formation, revealed: its squares (`a1 c1 …`)
    /// and the salt of its commitment.
    Formation {
        /// The men's squares.
        squares: String,
        /// The salt (32 hex digits).
        salt: String,
    },
    /// A draw offer or its answer.
    Draw(Answer),
    /// A take-back request (back to ply `ply`) or its answer.
    TakeBack(Answer, usize),
    /// The sender resigns.
    Resign,
    /// A side's clock is at zero.
    Flag(Color),
    /// The sender claims the win: `side`'s clock ran out at ply `ply` on
    /// the sender's page and its own device said nothing within
    /// [`GRACE_MS`].
    Claim {
        /// The side whose time ran out (the receiver's).
        side: Color,
        /// The ply at which it ran out (the side to move's).
        ply: usize,
    },
    /// A rematch offer (colours swapped) or its answer.
    Rematch(Answer),
    /// A chat phrase (one of [`PHRASES`]).
    Chat(String),
    /// The sender's copy of the game, on reconnecting.
    Sync(Sync),
}

/// A copy of the game, as `sync` carries it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sync {
    /// The start position (FEN or TFEN).
    pub start: String,
    /// The moves played.
    pub moves: Vec<String>,
    /// A resignation, agreed draw or loss on time that ended it.
    pub ended: Option<Declared>,
    /// Red's and Black's clocks (ms).
    pub clocks: Option<[u64; 2]>,
}

fn game_name(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Checkers => "checkers",
        GameKind::Tiers => "tiers",
    }
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Red => "red",
        Color::Black => "black",
    }
}

fn read_color(v: &Json, field: &str) -> Result<Color, String> {
    match v.text(field)? {
        "red" => Ok(Color::Red),
        "black" => Ok(Color::Black),
        other => Err(format!("`{field}` is `{other}`, not red or black")),
    }
}

fn opt_ms(v: Option<u64>) -> Json {
    v.map_or(Json::Null, Json::int)
}

impl Message {
    /// The message as sent (compact JSON).
    #[must_use]
    pub fn to_text(&self) -> String {
        let head = |t: &str| vec![("live", Json::int(PROTOCOL)), ("type", Json::str(t))];
        let fields: Vec<(&str, Json)> = match self {
            Message::Hello { id, terms } => {
                let mut f = head("hello");
                f.push(("id", Json::int(*id)));
                f.push(("game", Json::str(game_name(terms.kind))));
                f.push(("inviter", Json::str(color_name(terms.inviter))));
                f.push((
                    "clock",
                    terms.clock.map_or(Json::Null, |c| Json::str(&c.name())),
                ));
                f
            }
            Message::Move { ply, text, clock } => {
                let mut f = head("move");
                f.push(("ply", Json::int(*ply as u64)));
                f.push(("move", Json::str(text)));
                f.push(("clock", opt_ms(*clock)));
                f
            }
            Message::Commit(hash) => {
                let mut f = head("commit");
                f.push(("hash", Json::str(hash)));
                f
            }
            Message::Formation { squares, salt } => {
                let mut f = head("formation");
                f.push(("squares", Json::str(squares)));
                f.push(("salt", Json::str(salt)));
                f
            }
            Message::Draw(a) | Message::Rematch(a) => {
                let mut f = head(if matches!(self, Message::Draw(_)) {
                    "draw"
                } else {
                    "rematch"
                });
                f.push(("answer", Json::str(a.name())));
                f
            }
            Message::TakeBack(a, ply) => {
                let mut f = head("takeback");
                f.push(("answer", Json::str(a.name())));
                f.push(("ply", Json::int(*ply as u64)));
                f
            }
            Message::Resign => head("resign"),
            Message::Flag(c) => {
                let mut f = head("flag");
                f.push(("side", Json::str(color_name(*c))));
                f
            }
            Message::Claim { side, ply } => {
                let mut f = head("claim");
                f.push(("side", Json::str(color_name(*side))));
                f.push(("ply", Json::int(*ply as u64)));
                f
            }
            Message::Chat(p) => {
                let mut f = head("chat");
                f.push(("phrase", Json::str(p)));
                f
            }
            Message::Sync(s) => {
                let mut f = head("sync");
                f.push(("start", Json::str(&s.start)));
                f.push(("moves", Json::strs(&s.moves)));
                f.push(("ended", s.ended.map_or(Json::Null, |d| Json::str(d.name()))));
                f.push((
                    "clocks",
                    s.clocks.map_or(Json::Null, |c| {
                        Json::List(c.iter().map(|&ms| Json::int(ms)).collect())
                    }),
                ));
                f
            }
        };
        Json::Obj(
            fields
                .into_iter()
                .map(|(n, v)| (n.to_string(), v))
                .collect(),
        )
        .to_string()
    }
}

fn small(v: &Json, field: &str, max: u64) -> Result<u64, String> {
    let n = v.number(field)?;
    if n > max {
        return Err(format!("`{field}` is too large ({n})"));
    }
    Ok(n)
}

fn opt_clock(v: &Json, field: &str) -> Result<Option<u64>, String> {
    match v.field(field)? {
        Json::Null => Ok(None),
        _ => small(v, field, u64::from(TimeControl::MAX_MINUTES) * 60_000 * 4).map(Some),
    }
}

fn answer(v: &Json) -> Result<Answer, String> {
    let a = v.text("answer")?;
    Answer::NAMES
        .iter()
        .find(|(n, _)| *n == a)
        .map(|(_, a)| *a)
        .ok_or_else(|| format!("`answer` is `{a}`, not offer, accept or decline"))
}

/// Reads a message. The error names what is wrong: not JSON, another
/// protocol version, an unknown type, a missing or malformed field.
pub fn parse(text: &str) -> Result<Message, String> {
    if text.len() > MAX_MESSAGE {
        return Err(format!(
            "the message is too long ({} bytes; at most {MAX_MESSAGE})",
            text.len()
        ));
    }
    let v = Json::parse(text).map_err(|e| format!("the message is not JSON: {e}"))?;
    if v.as_obj().is_none() {
        return Err("the message is not a JSON object".into());
    }
    match v.get("live").and_then(Json::as_u64) {
        Some(PROTOCOL) => {}
        Some(n) if n > PROTOCOL => {
            return Err(format!(
                "the other page speaks a newer version of live play ({n}; this page speaks {PROTOCOL}): reload both pages"
            ))
        }
        Some(n) => {
            return Err(format!(
                "the other page speaks an older version of live play ({n}; this page speaks {PROTOCOL}): reload both pages"
            ))
        }
        None => return Err(format!("the message has no protocol version (`live`: {PROTOCOL})")),
    }
    Ok(match v.text("type")? {
        "hello" => {
            let clock = match v.field("clock")? {
                Json::Null => None,
                _ => Some(
                    TimeControl::parse(v.text("clock")?)
                        .ok_or("`clock` is not a time control such as 3+2")?,
                ),
            };
            let kind = match v.text("game")? {
                "checkers" => GameKind::Checkers,
                "tiers" => GameKind::Tiers,
                other => return Err(format!("`game` is `{other}`, not checkers or tiers")),
            };
            Message::Hello {
                id: small(&v, "id", ID_MASK)?,
                terms: Terms {
                    kind,
                    inviter: read_color(&v, "inviter")?,
                    clock,
                },
            }
        }
        "move" => Message::Move {
            ply: small(&v, "ply", 100_000)? as usize,
            text: v.text("move")?.to_string(),
            clock: opt_clock(&v, "clock")?,
        },
        "commit" => {
            let hash = v.text("hash")?;
            if !commit::is_hex(hash, 64) {
                return Err("`hash` is not 64 lower-case hex digits (a SHA-256)".into());
            }
            Message::Commit(hash.to_string())
        }
        "formation" => {
            let salt = v.text("salt")?;
            if !commit::is_hex(salt, 32) {
                return Err("`salt` is not 32 lower-case hex digits".into());
            }
            Message::Formation {
                squares: v.text("squares")?.to_string(),
                salt: salt.to_string(),
            }
        }
        "draw" => Message::Draw(answer(&v)?),
        "rematch" => Message::Rematch(answer(&v)?),
        "takeback" => Message::TakeBack(answer(&v)?, small(&v, "ply", 100_000)? as usize),
        "resign" => Message::Resign,
        "flag" => Message::Flag(read_color(&v, "side")?),
        "claim" => Message::Claim {
            side: read_color(&v, "side")?,
            ply: small(&v, "ply", 100_000)? as usize,
        },
        "chat" => {
            let p = v.text("phrase")?;
            if !PHRASES.contains(&p) {
                return Err(format!("`{p}` is not one of the chat's phrases"));
            }
            Message::Chat(p.to_string())
        }
        "sync" => {
            let moves = v
                .list("moves")?
                .iter()
                .map(|m| m.as_str().map(str::to_string))
                .collect::<Option<Vec<_>>>()
                .ok_or("`moves` is not a list of texts")?;
            let ended = match v.field("ended")? {
                Json::Null => None,
                _ => Some(
                    Declared::parse(v.text("ended")?)
                        .ok_or("`ended` is not a resignation, agreed draw or loss on time")?,
                ),
            };
            let clocks = match v.field("clocks")? {
                Json::Null => None,
                c => {
                    let l = c.as_list().ok_or("`clocks` is not a list")?;
                    match l.iter().map(Json::as_u64).collect::<Option<Vec<_>>>() {
                        Some(ms) if ms.len() == 2 => Some([ms[0], ms[1]]),
                        _ => return Err("`clocks` is not two numbers".into()),
                    }
                }
            };
            Message::Sync(Sync {
                start: v.text("start")?.to_string(),
                moves,
                ended,
                clocks,
            })
        }
        other => return Err(format!("unknown message `{other}`")),
    })
}

/// What a checked message did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The other side agreed the terms.
    Hello,
    /// A move was played.
    Moved,
    /// A side committed to its formation; `true` when both have.
    Committed(bool),
    /// A formation was revealed; `true` when both are and the game began.
    Formation(bool),
    /// A commitment or formation the receiver has already (sent again by
    /// a page that reconnected): nothing changed.
    Repeated,
    /// A draw was offered, agreed or declined.
    Draw(Answer),
    /// A take-back was asked for (back to this ply), done, or refused.
    TakeBack(Answer, usize),
    /// A side resigned.
    Resigned(Color),
    /// A side lost on time.
    Flagged(Color),
    /// A side lost on time by the other side's claim.
    Claimed(Color),
    /// A rematch was offered, agreed (a new game began, colours swapped) or
    /// declined.
    Rematch(Answer),
    /// A chat phrase.
    Chat(String),
    /// The other side's copy compared with this one's (on reconnecting).
    Synced(Restore),
}

/// How the other side's copy stands to this one's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Restore {
    /// The same game: play goes on.
    Same,
    /// Theirs goes on from ours (a move sent before the connection was
    /// lost): theirs was taken.
    Theirs,
    /// Ours goes on from theirs: ours is kept (they take ours).
    Ours,
    /// The copies differ: ours is kept and theirs is there to be filed;
    /// the text says how they differ (in the words of a game by link:
    /// "the link's" copy is the other device's).
    Differ(Text),
}

/// The pending offers: who made each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Offers {
    /// A draw offer.
    pub draw: Option<Color>,
    /// A take-back request, and the ply it goes back to.
    pub takeback: Option<(Color, usize)>,
    /// A rematch offer.
    pub rematch: Option<Color>,
}

/// A live game's state besides the game record and clocks: the terms, this
/// device's colour, the Tiers formations, the pending offers and the chat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Live {
    /// The game id (48 bits); a rematch gets the next one.
    pub id: u64,
    /// The terms.
    pub terms: Terms,
    /// This device's colour.
    pub me: Color,
    /// The commitments to the formations so far (Tiers, before the first
    /// move), by `Color::index`.
    pub commits: [Option<String>; 2],
    /// The formations revealed so far.
    pub formations: [Option<String>; 2],
    /// The pending offers.
    pub offers: Offers,
    /// Each side's clock as last reported by its own device (ms).
    pub reported: [u64; 2],
    /// The chat so far: who said which phrase.
    pub chat: Vec<(Color, String)>,
}

/// The game being played: its record (None while Tiers formations are
/// being set up) and clock.
pub struct Board<'a> {
    /// The game record.
    pub game: &'a mut Option<Box<dyn Record>>,
    /// The clocks, if the game has them.
    pub clock: &'a mut Option<Clock>,
}

/// Whether the game is over, `side` having lost on time.
fn lost_on_time(game: &Option<Box<dyn Record>>, side: Color) -> bool {
    matches!(
        game.as_ref().and_then(|g| g.outcome()),
        Some(tiers_engine::Outcome::Win { winner, reason: tiers_engine::WinReason::Time }) if winner != side
    )
}

fn start_text(kind: GameKind) -> String {
    match kind {
        GameKind::Checkers => checkers::Position::start().to_text(),
        GameKind::Tiers => tiers::Position::start().to_text(),
    }
}

impl Live {
    /// A new live game: this device plays `me`.
    #[must_use]
    pub fn new(id: u64, terms: Terms, me: Color) -> Live {
        let full = terms.clock.map_or(0, TimeControl::start_ms);
        Live {
            id: id & ID_MASK,
            terms,
            me,
            commits: [None, None],
            formations: [None, None],
            offers: Offers::default(),
            reported: [full, full],
            chat: Vec::new(),
        }
    }

    /// The game and clocks a live game starts with: checkers at once,
    /// Tiers after both formations are set.
    #[must_use]
    pub fn start(&self) -> (Option<Box<dyn Record>>, Option<Clock>) {
        let game = match self.terms.kind {
            GameKind::Checkers => rebuild(
                GameKind::Checkers,
                &start_text(GameKind::Checkers),
                &[],
                0,
                None,
            )
            .ok(),
            GameKind::Tiers => None,
        };
        (game, self.terms.clock.map(Clock::new))
    }

    /// The copy of the game to send on reconnecting.
    #[must_use]
    pub fn sync(game: &dyn Record, clock: Option<&Clock>) -> Sync {
        let mut moves = game.move_texts();
        moves.truncate(game.ply());
        Sync {
            start: game.start_text(),
            moves,
            ended: Declared::of(game.outcome()),
            clocks: clock.map(|c| c.left),
        }
    }

    /// Checks message `msg` from `from` (this device's colour when it
    /// sends it) and applies it to the live state and `board`. An error
    /// names what is wrong and changes nothing.
    pub fn apply(&mut self, from: Color, board: Board<'_>, msg: &Message) -> Result<Event, String> {
        let mut next = self.clone();
        let mut game = board.game.as_ref().map(|g| g.clone_box());
        let mut clock = *board.clock;
        let event = next.apply_to(from, &mut game, &mut clock, msg)?;
        *self = next;
        *board.game = game;
        *board.clock = clock;
        Ok(event)
    }

    fn apply_to(
        &mut self,
        from: Color,
        game: &mut Option<Box<dyn Record>>,
        clock: &mut Option<Clock>,
        msg: &Message,
    ) -> Result<Event, String> {
        let running = |game: &Option<Box<dyn Record>>| -> Result<(), String> {
            match game {
                None => Err("the game has not begun (the formations are not both set)".into()),
                Some(g) if g.outcome().is_some() => Err("the game is over".into()),
                Some(_) => Ok(()),
            }
        };
        match msg {
            Message::Hello { id, terms } => {
                if *id != self.id {
                    return Err(format!(
                        "the other page is in another game (game {id:012x}, this is {:012x})",
                        self.id
                    ));
                }
                if *terms != self.terms {
                    return Err("the other page has other terms for this game".into());
                }
                Ok(Event::Hello)
            }
            Message::Move {
                ply,
                text,
                clock: left,
            } => {
                running(game)?;
                let g = game.as_mut().expect("running");
                if g.ply() != *ply {
                    return Err(format!(
                        "a move for ply {ply} arrived while the game is at ply {}",
                        g.ply()
                    ));
                }
                if g.side_at(*ply) != Some(from) {
                    return Err(format!("{from} moved out of turn"));
                }
                g.play_text(text)?;
                if let (Some(c), Some(left)) = (clock.as_mut(), left) {
                    let most = self.reported[from.index()] + c.control.increment_ms();
                    if *left > most {
                        return Err(format!(
                            "{from}'s clock claims more time ({}) than it can have ({})",
                            crate::clock::face(*left),
                            crate::clock::face(most)
                        ));
                    }
                    c.left[from.index()] = *left;
                    self.reported[from.index()] = *left;
                }
                self.offers = Offers::default();
                Ok(Event::Moved)
            }
            // A commitment or formation this page has already: the other
            // page reconnected and sent its own again (docs/live.md,
            // "Reconnecting"); it changes nothing.
            Message::Commit(hash) if self.commits[from.index()].as_ref() == Some(hash) => {
                Ok(Event::Repeated)
            }
            Message::Formation { squares, salt }
                if self.formations[from.index()].is_some()
                    && self.commits[from.index()].as_ref()
                        == Some(&commit::commitment(squares, salt))
                    && Formation::parse(from, squares).ok().map(|f| f.to_string())
                        == self.formations[from.index()] =>
            {
                Ok(Event::Repeated)
            }
            Message::Commit(hash) => {
                if self.terms.kind != GameKind::Tiers || game.is_some() {
                    return Err("a formation arrived, but no formation is being set up".into());
                }
                if self.commits[from.index()].is_some() {
                    return Err(format!("{from}'s formation is set already"));
                }
                self.commits[from.index()] = Some(hash.clone());
                Ok(Event::Committed(self.commits.iter().all(Option::is_some)))
            }
            Message::Formation { squares, salt } => {
                if self.terms.kind != GameKind::Tiers || game.is_some() {
                    return Err("a formation arrived, but no formation is being set up".into());
                }
                if self.formations[from.index()].is_some() {
                    return Err(format!("{from}'s formation is set already"));
                }
                let Some(committed) = &self.commits[from.index()] else {
                    return Err(format!("{from}'s formation came before its commitment"));
                };
                if self.commits.iter().any(Option::is_none) {
                    return Err(format!(
                        "{from}'s formation came before both formations were committed to"
                    ));
                }
                if commit::commitment(squares, salt) != *committed {
                    return Err(format!(
                        "{from}'s formation is not the one committed to (changed after seeing the other?)"
                    ));
                }
                let f = Formation::parse(from, squares)
                    .map_err(|e| format!("{from}'s formation: {e}"))?;
                self.formations[from.index()] = Some(f.to_string());
                if let [Some(r), Some(b)] = &self.formations {
                    let red = Formation::parse(Color::Red, r).map_err(|e| e.to_string())?;
                    let black = Formation::parse(Color::Black, b).map_err(|e| e.to_string())?;
                    let start = tiers::Position::from_formations(&red, &black).to_text();
                    *game = Some(rebuild(GameKind::Tiers, &start, &[], 0, None)?);
                    return Ok(Event::Formation(true));
                }
                Ok(Event::Formation(false))
            }
            Message::Draw(a) => {
                running(game)?;
                match (a, self.offers.draw) {
                    (Answer::Offer, None) => self.offers.draw = Some(from),
                    (Answer::Offer, Some(_)) => return Err("a draw is offered already".into()),
                    (_, Some(by)) if by != from => {
                        self.offers.draw = None;
                        if *a == Answer::Accept {
                            game.as_mut().expect("running").agree_draw();
                            if let Some(c) = clock.as_mut() {
                                c.seen = None;
                            }
                        }
                    }
                    _ => return Err(format!("{from} answered a draw offer nobody made")),
                }
                Ok(Event::Draw(*a))
            }
            Message::TakeBack(a, ply) => {
                running(game)?;
                let g = game.as_mut().expect("running");
                match (a, self.offers.takeback) {
                    (Answer::Offer, None) => {
                        // Back to the requester's last move: the requester
                        // is to move at `ply`, and it is before now.
                        if *ply >= g.ply() || g.side_at(*ply) != Some(from) {
                            return Err(format!(
                                "{from} asked to take back to ply {ply}, which is not before {from}'s last move"
                            ));
                        }
                        if g.ply() - ply > 2 {
                            return Err(
                                "a take-back goes back one move of each side at most".into()
                            );
                        }
                        self.offers.takeback = Some((from, *ply));
                    }
                    (Answer::Offer, Some(_)) => {
                        return Err("a take-back is asked for already".into())
                    }
                    (_, Some((by, back))) if by != from && back == *ply => {
                        self.offers.takeback = None;
                        if *a == Answer::Accept {
                            // The moves leave the record (not kept for redo).
                            let mut moves = g.move_texts();
                            moves.truncate(back);
                            *g = rebuild(g.kind(), &g.start_text(), &moves, back, None)?;
                            self.offers = Offers::default();
                        }
                    }
                    _ => return Err(format!("{from} answered a take-back request nobody made")),
                }
                Ok(Event::TakeBack(*a, *ply))
            }
            Message::Resign => {
                running(game)?;
                game.as_mut().expect("running").resign(from);
                if let Some(c) = clock.as_mut() {
                    c.seen = None;
                }
                self.offers = Offers::default();
                Ok(Event::Resigned(from))
            }
            Message::Flag(side) | Message::Claim { side, .. } if lost_on_time(game, *side) => {
                // Both pages saw the same clock run out (a flag and a
                // claim crossed): nothing more to do.
                Ok(if matches!(msg, Message::Flag(_)) {
                    Event::Flagged(*side)
                } else {
                    Event::Claimed(*side)
                })
            }
            Message::Flag(side) => {
                running(game)?;
                let Some(c) = clock.as_mut() else {
                    return Err("a loss on time was claimed in a game without a clock".into());
                };
                if *side != from && c.left(*side) > 0 {
                    return Err(format!(
                        "{from} claims {side} ran out of time, but {side} has {} left",
                        crate::clock::face(c.left(*side))
                    ));
                }
                c.left[side.index()] = 0;
                c.seen = None;
                game.as_mut().expect("running").lose_on_time(*side);
                self.offers = Offers::default();
                Ok(Event::Flagged(*side))
            }
            Message::Claim { side, ply } => {
                running(game)?;
                let g = game.as_mut().expect("running");
                let Some(c) = clock.as_mut() else {
                    return Err("a win on time was claimed in a game without a clock".into());
                };
                if *side == from {
                    return Err(format!("{from} claims a win on its own time"));
                }
                if g.ply() != *ply || g.side_at(*ply) != Some(*side) {
                    return Err(format!(
                        "{from} claims a win on {side}'s time at ply {ply}, but the game is at ply {} (a move crossed the claim)",
                        g.ply()
                    ));
                }
                // The claimer's own page: the clock it claims on reads
                // zero. The claimed side's page: its own clock (charged
                // up to the claim's arrival) is within the grace of it.
                let most = if from == self.me { 0 } else { GRACE_MS };
                if c.left(*side) > most {
                    return Err(format!(
                        "{from} claims a win on time, but {side}'s clock here has {} left",
                        crate::clock::face(c.left(*side))
                    ));
                }
                c.left[side.index()] = 0;
                c.seen = None;
                g.lose_on_time(*side);
                self.offers = Offers::default();
                Ok(Event::Claimed(*side))
            }
            Message::Rematch(a) => {
                if game.as_ref().is_none_or(|g| g.outcome().is_none()) {
                    return Err("a rematch is for a game that is over".into());
                }
                match (a, self.offers.rematch) {
                    (Answer::Offer, None) => self.offers.rematch = Some(from),
                    (Answer::Offer, Some(_)) => return Err("a rematch is offered already".into()),
                    (_, Some(by)) if by != from => {
                        self.offers.rematch = None;
                        if *a == Answer::Accept {
                            let terms = Terms {
                                inviter: self.terms.inviter.opposite(),
                                ..self.terms
                            };
                            *self = Live::new((self.id + 1) & ID_MASK, terms, self.me.opposite());
                            (*game, *clock) = self.start();
                        }
                    }
                    _ => return Err(format!("{from} answered a rematch offer nobody made")),
                }
                Ok(Event::Rematch(*a))
            }
            Message::Chat(p) => {
                if !PHRASES.contains(&p.as_str()) {
                    return Err(format!("`{p}` is not one of the chat's phrases"));
                }
                self.chat.push((from, p.clone()));
                Ok(Event::Chat(p.clone()))
            }
            Message::Sync(s) => {
                let kind = self.terms.kind;
                let theirs = rebuild(kind, &s.start, &s.moves, s.moves.len(), s.ended)
                    .map_err(|e| format!("the other page's copy of the game: {e}"))?;
                let Some(g) = game.as_mut() else {
                    // Still setting up formations: theirs began the game.
                    *game = Some(theirs);
                    return Ok(Event::Synced(Restore::Theirs));
                };
                let restore = match merge(Some(&**g), &*theirs) {
                    Merge::Same | Merge::New => {
                        // The same game: neither side is charged for the
                        // time the connection was lost. Each clock reads
                        // the more of the two copies, the sender's own
                        // no more than it last reported (plus increment).
                        if let (Some(c), Some(left)) = (clock.as_mut(), s.clocks) {
                            let most = self.reported[from.index()] + c.control.increment_ms();
                            let (mine, theirs) = (from.opposite().index(), from.index());
                            c.left[mine] = c.left[mine].max(left[mine]);
                            c.left[theirs] = c.left[theirs].max(left[theirs].min(most));
                        }
                        Restore::Same
                    }
                    Merge::Update => {
                        *g = theirs;
                        if let (Some(c), Some(left)) = (clock.as_mut(), s.clocks) {
                            c.left = left;
                            self.reported = left;
                        }
                        self.offers = Offers::default();
                        Restore::Theirs
                    }
                    Merge::Older => Restore::Ours,
                    Merge::Conflict(why) => Restore::Differ(why),
                };
                Ok(Event::Synced(restore))
            }
        }
    }
}

#[cfg(test)]
mod tests;
