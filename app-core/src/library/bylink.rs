//! Games by link (correspondence): a whole game in one compact link
//! parameter, `?bylink=…`, that two people send each other after every
//! move. The value is base64url of a few bytes:
//!
//! | bytes | what |
//! |---|---|
//! | 1 | format version ([`FORMAT`]) |
//! | 2 | the length of the whole (little-endian), to tell a cut link |
//! | 1 | flags: bit 0 the game (0 checkers, 1 Tiers), bits 1–2 the start (0 standard, 1 two Tiers formations, 2 a FEN / TFEN), bits 3–4 a resignation or agreed draw |
//! | 6 | the game id (48 bits) |
//! | 1 | days per move (0: no limit) |
//! | 4 | when the link was made (minutes since 1970; 0: unknown) |
//! | 1 + n, twice | Red's and Black's names (UTF-8, at most [`MAX_NAME`] bytes) |
//! | 0, 6 or 1 + n | the start: nothing, each formation as 24 bits of its home squares, or the position's text |
//! | 1–3 | the number of moves (LEB128) |
//! | … | each move as its index in the engine's list of legal moves, in as few bits as that list needs (none for a forced move), packed |
//! | 2 | a check sum (FNV-1a of all the bytes before, folded to 16 bits) |
//!
//! A 100-move game takes about 100 bytes: well under the 2,000 characters
//! chat programs and browsers keep. Reading checks everything and says what
//! is wrong: cut short, changed (the check sum), a newer format, a bad
//! start, an illegal move.

use tiers_engine::tiers::Formation;
use tiers_engine::{checkers, tiers, Color, GameKind, Position};

use super::{rebuild, Declared};
use crate::i18n::Text;
use crate::record::Record;

/// The URL parameter that holds a game by link.
pub const PARAM: &str = "bylink";

/// The format written now.
pub const FORMAT: u8 = 1;

/// The longest name a link carries (bytes of UTF-8).
pub const MAX_NAME: usize = 40;

/// Games ids in links have this many bits.
pub const ID_MASK: u64 = (1 << 48) - 1;

/// A game read from a link, or to write into one.
#[derive(Clone)]
pub struct LinkGame {
    /// The game id (48 bits), the same on both devices.
    pub id: u64,
    /// The game so far (its cursor at the end).
    pub record: Box<dyn Record>,
    /// Red's and Black's names.
    pub names: [String; 2],
    /// Days per move (0: no limit).
    pub days: u8,
    /// When the link was made (ms since 1970; 0: unknown).
    pub sent: u64,
}

impl std::fmt::Debug for LinkGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LinkGame")
            .field("id", &self.id)
            .field("moves", &self.record.move_texts())
            .field("names", &self.names)
            .finish_non_exhaustive()
    }
}

/// The value of the `bylink` parameter in a page's query, if it has one.
#[must_use]
pub fn value_in(query: &str) -> Option<String> {
    crate::params::param(query, PARAM)
}

/// The link to a game: `base` (the page's address without its query) with
/// `?bylink=…`.
pub fn link(base: &str, game: &LinkGame) -> Result<String, String> {
    Ok(format!("{base}?{PARAM}={}", encode(game)?))
}

// ---- base64url -------------------------------------------------------------

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// base64url without padding (also the live links').
pub(crate) fn to_base64(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 4 / 3 + 3);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(char::from(ALPHABET[(n >> (18 - 6 * i) & 63) as usize]));
        }
    }
    out
}

/// Reads [`to_base64`]; a character outside the alphabet is named.
pub(crate) fn from_base64(text: &str) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let mut acc = 0u32;
    let mut bits = 0;
    for (i, c) in text.chars().enumerate() {
        // Some programs turn `-` into a space or add `=`; `+` and `/` are
        // the other base64 alphabet.
        let v = match c {
            'A'..='Z' => c as u32 - 'A' as u32,
            'a'..='z' => c as u32 - 'a' as u32 + 26,
            '0'..='9' => c as u32 - '0' as u32 + 52,
            '-' | '+' => 62,
            '_' | '/' => 63,
            '=' => break,
            _ => {
                return Err(format!(
                    "the link has a character that does not belong in it (`{c}`, character {}): it was changed or damaged",
                    i + 1
                ))
            }
        };
        acc = acc << 6 | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits & 0xFF) as u8);
        }
    }
    Ok(out)
}

/// FNV-1a of the bytes folded to 16 bits: tells a changed link.
pub(crate) fn checksum(bytes: &[u8]) -> u16 {
    let mut h: u32 = 0x811C_9DC5;
    for &b in bytes {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    ((h >> 16) ^ (h & 0xFFFF)) as u16
}

// ---- bits ------------------------------------------------------------------

/// Bits needed for an index below `n`.
fn width(n: usize) -> u32 {
    if n <= 1 {
        0
    } else {
        usize::BITS - (n - 1).leading_zeros()
    }
}

#[derive(Default)]
struct BitWriter {
    bytes: Vec<u8>,
    used: u32,
}

impl BitWriter {
    fn put(&mut self, value: usize, bits: u32) {
        for i in 0..bits {
            if self.used == 0 {
                self.bytes.push(0);
            }
            if value >> i & 1 == 1 {
                *self.bytes.last_mut().expect("pushed") |= 1 << self.used;
            }
            self.used = (self.used + 1) % 8;
        }
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    bit: u32,
}

const CUT: &str = "the link is cut short: copy the whole link";

impl Reader<'_> {
    fn byte(&mut self) -> Result<u8, String> {
        let b = *self.bytes.get(self.at).ok_or(CUT)?;
        self.at += 1;
        Ok(b)
    }

    fn take(&mut self, n: usize) -> Result<&[u8], String> {
        let end = self.at + n;
        let s = self.bytes.get(self.at..end).ok_or(CUT)?;
        self.at = end;
        Ok(s)
    }

    fn uint(&mut self, n: usize) -> Result<u64, String> {
        Ok(self
            .take(n)?
            .iter()
            .rev()
            .fold(0, |v, &b| v << 8 | u64::from(b)))
    }

    fn varint(&mut self) -> Result<usize, String> {
        let mut v = 0usize;
        for shift in [0, 7, 14] {
            let b = self.byte()?;
            v |= usize::from(b & 0x7F) << shift;
            if b & 0x80 == 0 {
                return Ok(v);
            }
        }
        Err("the link's number of moves cannot be read".into())
    }

    fn bits(&mut self, bits: u32) -> Result<usize, String> {
        let mut v = 0;
        for i in 0..bits {
            let b = *self.bytes.get(self.at).ok_or(CUT)?;
            if b >> self.bit & 1 == 1 {
                v |= 1 << i;
            }
            self.bit += 1;
            if self.bit == 8 {
                self.bit = 0;
                self.at += 1;
            }
        }
        Ok(v)
    }

    fn align(&mut self) {
        if self.bit != 0 {
            self.bit = 0;
            self.at += 1;
        }
    }
}

// ---- writing ---------------------------------------------------------------

fn push_text(out: &mut Vec<u8>, text: &str, max: usize, what: &str) -> Result<(), String> {
    if text.len() > max {
        return Err(format!(
            "{what} is too long for a link (at most {max} bytes)"
        ));
    }
    out.push(text.len() as u8);
    out.extend_from_slice(text.as_bytes());
    Ok(())
}

/// The formations a Tiers start is made of, if it is one: each side's men
/// on its home squares, nothing else.
fn formations(start: &str) -> Option<[u32; 2]> {
    let pos = tiers::Position::parse(start).ok()?;
    let view = pos.board_view();
    let mut masks = [0u32; 2];
    let mut lists: [Vec<u8>; 2] = [Vec::new(), Vec::new()];
    for (sq, piece) in view.iter().enumerate() {
        if let Some(p) = piece {
            let base = if p.color == Color::Red { 0 } else { 40 };
            let i = sq.checked_sub(base).filter(|i| *i < 24)?;
            masks[p.color.index()] |= 1 << i;
            lists[p.color.index()].push(sq as u8);
        }
    }
    let red = Formation::new(Color::Red, &lists[0]).ok()?;
    let black = Formation::new(Color::Black, &lists[1]).ok()?;
    (tiers::Position::from_formations(&red, &black).to_text() == start).then_some(masks)
}

fn from_formations(masks: [u32; 2]) -> Result<tiers::Position, String> {
    let side = |c: Color, mask: u32| {
        let base: u8 = if c == Color::Red { 0 } else { 40 };
        let list: Vec<u8> = (0..24u8)
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| base + i)
            .collect();
        Formation::new(c, &list).map_err(|e| format!("the link's {c} formation: {e}"))
    };
    Ok(tiers::Position::from_formations(
        &side(Color::Red, masks[0])?,
        &side(Color::Black, masks[1])?,
    ))
}

/// Each move of `record` up to its cursor as (its index in the list of
/// legal moves, the length of that list). Through [`Record`], so that the
/// page holds this once for both games.
fn move_indices(record: &dyn Record) -> Result<Vec<(usize, usize)>, String> {
    let mut moves = record.move_texts();
    moves.truncate(record.ply());
    let mut g = rebuild(record.kind(), &record.start_text(), &[], 0, None)?;
    let mut out = Vec::with_capacity(moves.len());
    for text in &moves {
        let legal = g.legal();
        let i = legal
            .iter()
            .position(|m| m.text == *text)
            .ok_or_else(|| format!("{text} is not in the list of legal moves"))?;
        out.push((i, legal.len()));
        g.play_text(text)?;
    }
    Ok(out)
}

/// The link's value (base64url) for a game.
pub fn encode(game: &LinkGame) -> Result<String, String> {
    let record = &*game.record;
    let kind = record.kind();
    let start = record.start_text();
    let standard = match kind {
        GameKind::Checkers => checkers::Position::start().to_text() == start,
        GameKind::Tiers => tiers::Position::start().to_text() == start,
    };
    let masks = if standard || kind == GameKind::Checkers {
        None
    } else {
        formations(&start)
    };
    let start_tag: u8 = if standard {
        0
    } else if masks.is_some() {
        1
    } else {
        2
    };
    let declared: u8 = match Declared::of(record.outcome()) {
        None => 0,
        Some(Declared::RedResigned) => 1,
        Some(Declared::BlackResigned) => 2,
        Some(Declared::DrawAgreed) => 3,
        Some(Declared::RedOutOfTime) => 4,
        Some(Declared::BlackOutOfTime) => 5,
    };
    let mut out = vec![FORMAT, 0, 0];
    out.push(u8::from(kind == GameKind::Tiers) | start_tag << 1 | declared << 3);
    out.extend_from_slice(&(game.id & ID_MASK).to_le_bytes()[..6]);
    out.push(game.days);
    let minutes = u32::try_from(game.sent / 60_000).unwrap_or(0);
    out.extend_from_slice(&minutes.to_le_bytes());
    for (c, name) in Color::ALL.iter().zip(&game.names) {
        push_text(&mut out, name, MAX_NAME, &format!("{c}'s name"))?;
    }
    match masks {
        Some(m) if start_tag == 1 => {
            for mask in m {
                out.extend_from_slice(&mask.to_le_bytes()[..3]);
            }
        }
        _ if start_tag == 2 => push_text(&mut out, &start, 255, "the start position")?,
        _ => {}
    }
    let indices = move_indices(record)?;
    let mut n = indices.len();
    if n >= 1 << 21 {
        return Err("the game is too long for a link".into());
    }
    loop {
        let b = (n & 0x7F) as u8;
        n >>= 7;
        if n == 0 {
            out.push(b);
            break;
        }
        out.push(b | 0x80);
    }
    let mut bits = BitWriter::default();
    for (i, n) in indices {
        bits.put(i, width(n));
    }
    out.extend_from_slice(&bits.bytes);
    let total = out.len() + 2;
    let total = u16::try_from(total).map_err(|_| "the game is too long for a link".to_string())?;
    out[1..3].copy_from_slice(&total.to_le_bytes());
    let sum = checksum(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    Ok(to_base64(&out))
}

// ---- reading ---------------------------------------------------------------

fn replay(
    mut game: Box<dyn Record>,
    r: &mut Reader<'_>,
    plies: usize,
    declared: Option<Declared>,
) -> Result<Box<dyn Record>, String> {
    for ply in 0..plies {
        let side = game.side_at(ply).unwrap_or(Color::Red);
        let number = move_number(&*game, ply);
        let legal = game.legal();
        let i = r.bits(width(legal.len()))?;
        let Some(mv) = legal.get(i) else {
            return Err(if legal.is_empty() {
                format!("move {number} ({side}) is played after the end of the game")
            } else {
                format!(
                    "move {number} ({side}) is not a legal move (choice {} of {})",
                    i + 1,
                    legal.len()
                )
            });
        };
        game.play_text(&mv.text)
            .map_err(|e| format!("move {number} ({side}): {e}"))?;
    }
    if let Some(d) = declared {
        if game.outcome().is_some() {
            return Err("it was resigned, drawn or lost on time after the game had ended".into());
        }
        match d {
            Declared::RedResigned => game.resign(Color::Red),
            Declared::BlackResigned => game.resign(Color::Black),
            Declared::DrawAgreed => game.agree_draw(),
            Declared::RedOutOfTime => game.lose_on_time(Color::Red),
            Declared::BlackOutOfTime => game.lose_on_time(Color::Black),
        }
    }
    Ok(game)
}

/// The number of the move at `ply` as the game record numbers it.
fn move_number(game: &dyn Record, ply: usize) -> usize {
    let (first, second) = game.first_move_number();
    first as usize + (ply + usize::from(second)) / 2
}

/// Why a link's value could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// `bylink=` with nothing after it.
    Empty,
    /// Written by a newer version of the page (its format number).
    Newer(u8),
    /// Cut short (not copied whole).
    Cut,
    /// Changed or damaged; the detail (English, for tests and logs): a
    /// check sum that does not match, a move that is not legal…
    Damaged(String),
}

impl LinkError {
    /// The message for a person, in the page's language (the detail of a
    /// damaged link means nothing to a person and is left out).
    #[must_use]
    pub fn explain(&self) -> Text {
        match self {
            LinkError::Empty => Text::new("error.link-empty"),
            LinkError::Newer(found) => crate::text!(
                "error.link-newer",
                found = found.to_string(),
                current = FORMAT.to_string()
            ),
            LinkError::Cut => Text::new("error.link-cut"),
            LinkError::Damaged(_) => Text::new("error.link-damaged"),
        }
    }
}

impl std::fmt::Display for LinkError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LinkError::Empty => f.write_str(EMPTY),
            LinkError::Newer(found) => write!(
                f,
                "the link is from a newer version of Tiers (format {found}; this page reads format {FORMAT}): reload the page"
            ),
            LinkError::Cut => f.write_str(CUT),
            LinkError::Damaged(why) => f.write_str(why),
        }
    }
}

/// A link with nothing after `bylink=`.
const EMPTY: &str = "the link holds no game (bylink= is empty)";

/// Reads a link's value (what follows `bylink=`). The error says what is
/// wrong: empty, from a newer version, cut short, or changed or damaged
/// (with the detail: "…its check sum does not match", "move 7 (Black) is
/// not a legal move…").
pub fn decode(value: &str) -> Result<LinkGame, LinkError> {
    read_value(value).map_err(|why| {
        let newer = from_base64(value.trim())
            .ok()
            .and_then(|b| b.first().copied())
            .filter(|&f| f > FORMAT);
        match newer {
            _ if value.trim().is_empty() => LinkError::Empty,
            Some(found) => LinkError::Newer(found),
            None if why == CUT => LinkError::Cut,
            None => LinkError::Damaged(why),
        }
    })
}

/// [`decode`], with the error in words.
fn read_value(value: &str) -> Result<LinkGame, String> {
    let value = value.trim();
    if value.is_empty() {
        return Err(EMPTY.into());
    }
    let bytes = from_base64(value)?;
    if bytes.len() < 3 {
        return Err(CUT.into());
    }
    if bytes[0] != FORMAT {
        return Err(if bytes[0] > FORMAT {
            format!(
                "the link is from a newer version of Tiers (format {}; this page reads format {FORMAT}): reload the page",
                bytes[0]
            )
        } else {
            "the link was changed or damaged (its format number is wrong)".into()
        });
    }
    let total = usize::from(u16::from_le_bytes([bytes[1], bytes[2]]));
    if bytes.len() < total {
        return Err(CUT.into());
    }
    if bytes.len() > total || total < 5 {
        return Err("the link was changed or damaged (it is longer than it says)".into());
    }
    let (body, sum) = bytes.split_at(total - 2);
    if checksum(body) != u16::from_le_bytes([sum[0], sum[1]]) {
        return Err("the link was changed or damaged (its check sum does not match)".into());
    }
    let mut r = Reader {
        bytes: body,
        at: 3,
        bit: 0,
    };
    let flags = r.byte()?;
    let kind = if flags & 1 == 0 {
        GameKind::Checkers
    } else {
        GameKind::Tiers
    };
    let start_tag = flags >> 1 & 3;
    let declared = match flags >> 3 & 7 {
        1 => Some(Declared::RedResigned),
        2 => Some(Declared::BlackResigned),
        3 => Some(Declared::DrawAgreed),
        4 => Some(Declared::RedOutOfTime),
        5 => Some(Declared::BlackOutOfTime),
        _ => None,
    };
    if flags >> 6 != 0
        || flags >> 3 & 7 > 5
        || start_tag == 3
        || (start_tag == 1 && kind == GameKind::Checkers)
    {
        return Err("the link was changed or damaged (its flags are wrong)".into());
    }
    let id = r.uint(6)?;
    let days = r.byte()?;
    let sent = r.uint(4)? * 60_000;
    let mut names = [String::new(), String::new()];
    for (c, name) in Color::ALL.iter().zip(names.iter_mut()) {
        let n = usize::from(r.byte()?);
        let raw = r.take(n)?;
        *name = String::from_utf8(raw.to_vec())
            .map_err(|_| format!("{c}'s name in the link is not text"))?;
    }
    let text_start = match start_tag {
        1 => None,
        2 => {
            let n = usize::from(r.byte()?);
            Some(
                String::from_utf8(r.take(n)?.to_vec())
                    .map_err(|_| "the link's start position is not text".to_string())?,
            )
        }
        _ => None,
    };
    let masks = if start_tag == 1 {
        let m = r.take(6)?;
        Some([
            u32::from_le_bytes([m[0], m[1], m[2], 0]),
            u32::from_le_bytes([m[3], m[4], m[5], 0]),
        ])
    } else {
        None
    };
    let plies = r.varint()?;
    let start = match (text_start, masks) {
        (Some(t), _) => t,
        (None, Some(m)) => from_formations(m)?.to_text(),
        (None, None) => match kind {
            GameKind::Checkers => checkers::Position::start().to_text(),
            GameKind::Tiers => tiers::Position::start().to_text(),
        },
    };
    let game = rebuild(kind, &start, &[], 0, None).map_err(|e| {
        format!(
            "the link's start position: {}",
            e.trim_start_matches("the start position: ")
        )
    })?;
    let record = replay(game, &mut r, plies, declared)?;
    r.align();
    if r.at != body.len() {
        return Err("the link was changed or damaged (it has more moves than it says)".into());
    }
    Ok(LinkGame {
        id,
        record,
        names,
        days,
        sent,
    })
}

// ---- merging ---------------------------------------------------------------

/// How a link's game stands to the device's copy of the same game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Merge {
    /// The device has no game with this id.
    New,
    /// The link holds the device's copy as it is.
    Same,
    /// The link goes on from the device's copy (new moves, a resignation).
    Update,
    /// The device's copy goes on from the link: the link is an old one.
    Older,
    /// The two histories differ: which to keep is the person's choice. The
    /// message says how they differ.
    Conflict(Text),
}

fn played(record: &dyn Record) -> Vec<String> {
    let mut m = record.move_texts();
    m.truncate(record.ply());
    m
}

/// Compares a link's game with the device's copy of the game with the same
/// id (None: there is none).
#[must_use]
pub fn merge(mine: Option<&dyn Record>, link: &dyn Record) -> Merge {
    let Some(mine) = mine else {
        return Merge::New;
    };
    if mine.kind() != link.kind() {
        return Merge::Conflict(Text::new("error.conflict-other-game"));
    }
    if mine.start_text() != link.start_text() {
        return Merge::Conflict(Text::new("error.conflict-other-start"));
    }
    let (a, b) = (played(mine), played(link));
    let (oa, ob) = (mine.outcome(), link.outcome());
    let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    if common < a.len() && common < b.len() {
        let side = mine.side_at(common).unwrap_or(Color::Red);
        return Merge::Conflict(crate::text!(
            "error.conflict-moves",
            number = move_number(mine, common),
            side = side,
            mine = &a[common],
            theirs = &b[common]
        ));
    }
    // One history extends the other (or they are equal); a resignation or
    // agreed draw ends a history, so nothing may follow it.
    match a.len().cmp(&b.len()) {
        std::cmp::Ordering::Equal if oa == ob => Merge::Same,
        std::cmp::Ordering::Equal if oa.is_none() => Merge::Update,
        std::cmp::Ordering::Equal if ob.is_none() => Merge::Older,
        std::cmp::Ordering::Equal => Merge::Conflict(Text::new("error.conflict-ends")),
        std::cmp::Ordering::Less if oa.is_none() => Merge::Update,
        std::cmp::Ordering::Greater if ob.is_none() => Merge::Older,
        _ => Merge::Conflict(Text::new("error.conflict-resigned")),
    }
}

#[cfg(test)]
mod tests;
