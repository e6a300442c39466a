//! The invite and answer links of live play: a WebRTC offer (with the
//! game's terms) or answer in one link parameter, `?live=…`, that the
//! players pass to each other themselves (a message, a QR code). The value
//! is base64url of:
//!
//! | bytes | what |
//! |---|---|
//! | 1 | format version ([`FORMAT`]) |
//! | 1 | what it is: 0 an invite (offer), 1 an answer, 2 a reconnect invite |
//! | 6 | the game id (48 bits): an answer names the invite it answers |
//! | invites: 1 | the terms: bit 0 the game (0 checkers, 1 Tiers), bit 1 the inviter's colour (0 Red, 1 Black), bit 2 a clock |
//! | invites with a clock: 2 | minutes, increment (seconds) |
//! | … | the session description (SDP), compressed with DEFLATE |
//! | 2 | a check sum (as in games by link) |
//!
//! A data-channel offer (about 600 characters of SDP on a home network)
//! becomes a link value of about 450 characters: short enough for a chat
//! message and for a QR code a phone camera reads. Reading checks
//! everything and says what is wrong; the description itself is handed to
//! the browser only if it looks like a data-channel session description
//! (it starts `v=0`, names a `m=application` section, an ICE user name and
//! password and a DTLS fingerprint, and holds printable ASCII only).

use tiers_engine::{Color, GameKind};

use crate::clock::TimeControl;
use crate::library::bylink::{checksum, from_base64, to_base64, ID_MASK};

/// The URL parameter that holds an invite or an answer.
pub const PARAM: &str = "live";

/// The format written now.
pub const FORMAT: u8 = 1;

/// The longest session description accepted, in bytes (decompressed): a
/// data channel's offer with a dozen candidates takes about 1,500.
pub const MAX_SDP: usize = 8 * 1024;

/// What a live game is played for, fixed by the invite.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Terms {
    /// Checkers or Tiers (Tiers: each side sets up a formation first).
    pub kind: GameKind,
    /// The inviter's colour; the joiner plays the other.
    pub inviter: Color,
    /// The clock, if any.
    pub clock: Option<TimeControl>,
}

/// What a link carries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Role {
    /// An invite to a new game, with its terms.
    Invite(Terms),
    /// An invite to go on with a game after the connection was lost.
    Reconnect(Terms),
    /// The answer to the invite with the same id.
    Answer,
}

/// An invite or an answer: the game id, what it is, and the browser's
/// session description.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signal {
    /// The game id (48 bits).
    pub id: u64,
    /// Invite, reconnect invite or answer.
    pub role: Role,
    /// The session description (SDP) the browser made.
    pub sdp: String,
}

/// The value of the `live` parameter in a page's query, if it has one.
#[must_use]
pub fn value_in(query: &str) -> Option<String> {
    crate::params::param(query, PARAM)
}

/// The link: `base` (the page's address without its query) with
/// `?live=…`.
pub fn link(base: &str, signal: &Signal) -> Result<String, String> {
    Ok(format!("{base}?{PARAM}={}", encode(signal)?))
}

/// Why a session description is refused, if it is.
fn check_sdp(sdp: &str) -> Result<(), String> {
    const BAD: &str = "the link does not hold a connection description";
    if sdp.len() > MAX_SDP {
        return Err(format!("{BAD} (it is too long)"));
    }
    if !sdp
        .bytes()
        .all(|b| b == b'\r' || b == b'\n' || (b' '..=b'~').contains(&b))
    {
        return Err(format!("{BAD} (it holds characters a description has not)"));
    }
    let has = |line: &str| sdp.lines().any(|l| l.starts_with(line));
    if !sdp.starts_with("v=0") {
        return Err(format!("{BAD} (it does not start with v=0)"));
    }
    for (line, what) in [
        ("m=application", "a data channel"),
        ("a=ice-ufrag:", "an ICE user name"),
        ("a=ice-pwd:", "an ICE password"),
        ("a=fingerprint:", "a DTLS fingerprint"),
    ] {
        if !has(line) {
            return Err(format!("{BAD} (it has no {what})"));
        }
    }
    Ok(())
}

/// The link's value (base64url) for a signal.
pub fn encode(signal: &Signal) -> Result<String, String> {
    check_sdp(&signal.sdp)?;
    let tag = match signal.role {
        Role::Invite(_) => 0,
        Role::Answer => 1,
        Role::Reconnect(_) => 2,
    };
    let mut out = vec![FORMAT, tag];
    out.extend_from_slice(&(signal.id & ID_MASK).to_le_bytes()[..6]);
    if let Role::Invite(t) | Role::Reconnect(t) = signal.role {
        out.push(
            u8::from(t.kind == GameKind::Tiers)
                | u8::from(t.inviter == Color::Black) << 1
                | u8::from(t.clock.is_some()) << 2,
        );
        if let Some(c) = t.clock {
            // TimeControl::new keeps both below 256.
            out.push(c.minutes as u8);
            out.push(c.increment as u8);
        }
    }
    out.extend_from_slice(&miniz_oxide::deflate::compress_to_vec(
        signal.sdp.as_bytes(),
        9,
    ));
    Ok(seal(out))
}

/// A link's value from its bytes before the check sum: the bytes, their
/// check sum, in base64url (how [`encode`] ends; the fuzzers forge links
/// with it).
#[must_use]
pub fn seal(mut bytes: Vec<u8>) -> String {
    let sum = checksum(&bytes);
    bytes.extend_from_slice(&sum.to_le_bytes());
    to_base64(&bytes)
}

const CUT: &str = "the live link is cut short: copy the whole link";

/// Reads a link's value (what follows `live=`). The error names what is
/// wrong: cut short, changed (the check sum), a newer format, bad terms, no
/// connection description.
pub fn decode(value: &str) -> Result<Signal, String> {
    let value = value.trim();
    if value.is_empty() {
        return Err("the live link holds nothing (live= is empty)".into());
    }
    // A compressed description of MAX_SDP bytes is never longer than
    // this: a longer value is refused before it is decoded.
    if value.len() > MAX_SDP * 2 {
        return Err("the live link is too long to be an invite or an answer".into());
    }
    let bytes = from_base64(value)?;
    let Some((&format, _)) = bytes.split_first() else {
        return Err(CUT.into());
    };
    if format != FORMAT {
        return Err(if format > FORMAT {
            format!(
                "the live link is from a newer version of Tiers (format {format}; this page reads format {FORMAT}): reload the page"
            )
        } else {
            "the live link was changed or damaged (its format number is wrong)".into()
        });
    }
    if bytes.len() < 11 {
        return Err(CUT.into());
    }
    let (body, sum) = bytes.split_at(bytes.len() - 2);
    if checksum(body) != u16::from_le_bytes([sum[0], sum[1]]) {
        return Err(
            "the live link was changed or damaged, or cut short (its check sum does not match)"
                .into(),
        );
    }
    let tag = body[1];
    let id = body[2..8]
        .iter()
        .rev()
        .fold(0u64, |v, &b| v << 8 | u64::from(b));
    let mut at = 8;
    let role = match tag {
        1 => Role::Answer,
        0 | 2 => {
            let flags = *body.get(at).ok_or(CUT)?;
            at += 1;
            if flags >> 3 != 0 {
                return Err("the live link was changed or damaged (its terms are wrong)".into());
            }
            let clock = if flags & 4 != 0 {
                let m = body.get(at..at + 2).ok_or(CUT)?;
                at += 2;
                Some(
                    TimeControl::new(u32::from(m[0]), u32::from(m[1]))
                        .map_err(|e| format!("the live link's clock: {e}"))?,
                )
            } else {
                None
            };
            let terms = Terms {
                kind: if flags & 1 == 0 {
                    GameKind::Checkers
                } else {
                    GameKind::Tiers
                },
                inviter: if flags & 2 == 0 {
                    Color::Red
                } else {
                    Color::Black
                },
                clock,
            };
            if tag == 0 {
                Role::Invite(terms)
            } else {
                Role::Reconnect(terms)
            }
        }
        _ => {
            return Err(
                "the live link was changed or damaged (it is neither an invite nor an answer)"
                    .into(),
            )
        }
    };
    let sdp =
        miniz_oxide::inflate::decompress_to_vec_with_limit(&body[at..], MAX_SDP).map_err(|_| {
            "the live link was changed or damaged (its connection description cannot be unpacked)"
                .to_string()
        })?;
    let sdp = String::from_utf8(sdp)
        .map_err(|_| "the live link's connection description is not text".to_string())?;
    check_sdp(&sdp)?;
    Ok(Signal { id, role, sdp })
}
