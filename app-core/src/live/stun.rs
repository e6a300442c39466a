//! The STUN servers of live play (docs/live.md, "Network reach"): a
//! setting, empty by default (the devices' own addresses only: the same
//! network), in which the person may name public STUN servers so that
//! two devices on different networks can find each other's public
//! address. Each is a `stun:` or `stuns:` URL of a host and an optional
//! port (RFC 7064); the list is kept on the device (`tiers.stun`) in a
//! versioned record and used as the peer connection's `iceServers`.
//!
//! ```
//! use tiers_core::live::stun::{parse_list, Stun};
//! let s = parse_list("stun:stun.example.org:3478\n\n  stuns:[2001:db8::1]  ").unwrap();
//! assert_eq!(s.urls, ["stun:stun.example.org:3478", "stuns:[2001:db8::1]"]);
//! assert_eq!(Stun::read(&s.to_json()).unwrap(), s);
//! assert_eq!(
//!     parse_list("https://stun.example.org").unwrap_err().english(),
//!     "Line 1, “https://stun.example.org”: a STUN server's address starts with stun: or stuns:"
//! );
//! ```

use tiers_json::Json;

use crate::i18n::Text;
use crate::versioned;

/// The format version written now.
pub const VERSION: u64 = 1;

/// At most this many servers (one or two are plenty: each is asked once
/// per connection).
pub const MAX: usize = 8;

/// At most this many characters in one URL.
const MAX_URL: usize = 300;

const WHAT: &str = "record.stun";

/// The STUN servers for live play.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stun {
    /// Their URLs, as written (checked), in order, without repeats.
    pub urls: Vec<String>,
}

/// Why one URL is not a STUN server's address (the catalogue key's
/// argument-free part).
fn check_url(url: &str) -> Result<(), &'static str> {
    if url.len() > MAX_URL {
        return Err("stun.too-long");
    }
    let rest = url
        .strip_prefix("stun:")
        .or_else(|| url.strip_prefix("stuns:"))
        .ok_or("stun.scheme")?;
    if rest.starts_with("//") {
        return Err("stun.slashes");
    }
    if rest.contains(['?', '/', '@', '#']) || rest.chars().any(char::is_whitespace) {
        return Err("stun.extra");
    }
    // A host and an optional port; an IPv6 address in brackets.
    let (host, port) = if let Some(inner) = rest.strip_prefix('[') {
        let (addr, after) = inner.split_once(']').ok_or("stun.host")?;
        if addr.is_empty()
            || !addr
                .chars()
                .all(|c| c.is_ascii_hexdigit() || c == ':' || c == '.')
        {
            return Err("stun.host");
        }
        match after {
            "" => (addr, None),
            _ => (addr, Some(after.strip_prefix(':').ok_or("stun.port")?)),
        }
    } else {
        match rest.split_once(':') {
            Some((h, p)) => (h, Some(p)),
            None => (rest, None),
        }
    };
    if !rest.starts_with('[') {
        let labels_ok = host.len() <= 253
            && host.split('.').all(|l| {
                !l.is_empty()
                    && l.len() <= 63
                    && !l.starts_with('-')
                    && !l.ends_with('-')
                    && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            });
        if host.is_empty() || !labels_ok {
            return Err("stun.host");
        }
    }
    if let Some(p) = port {
        match p.parse::<u16>() {
            Ok(n) if n > 0 && !p.starts_with('+') => {}
            _ => return Err("stun.port"),
        }
    }
    Ok(())
}

/// Reads the setting as typed: one URL a line (blank lines skipped,
/// spaces around trimmed, repeats dropped). The error names the first
/// line that is not a STUN server's address and why.
pub fn parse_list(text: &str) -> Result<Stun, Text> {
    let mut urls: Vec<String> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let url = line.trim();
        if url.is_empty() {
            continue;
        }
        if let Err(key) = check_url(url) {
            let shown: String = url.chars().take(60).collect();
            return Err(crate::text!(
                "stun.bad-line",
                line = n + 1,
                url = shown,
                why = Text::new(key)
            ));
        }
        if !urls.iter().any(|u| u == url) {
            urls.push(url.to_string());
        }
    }
    if urls.len() > MAX {
        return Err(crate::text!("stun.too-many", most = MAX));
    }
    Ok(Stun { urls })
}

impl Stun {
    /// The setting as typed: one URL a line.
    #[must_use]
    pub fn as_lines(&self) -> String {
        self.urls.join("\n")
    }

    /// As its stored text.
    #[must_use]
    pub fn to_json(&self) -> String {
        Json::obj([
            ("v", Json::int(VERSION)),
            (
                "urls",
                Json::List(self.urls.iter().map(|u| Json::str(u)).collect()),
            ),
        ])
        .to_string()
    }

    /// Reads a stored record; a record that cannot be read (not JSON,
    /// another version, a URL that is not a STUN server's) is an error,
    /// and the page sets it aside and uses none.
    pub fn read(text: &str) -> Result<Stun, Text> {
        let value = Json::parse(text).map_err(|_| versioned::not_json(Text::new(WHAT)))?;
        versioned::check(&value, VERSION, Text::new(WHAT))?;
        let damaged = || versioned::damaged(Text::new(WHAT));
        let list = value
            .get("urls")
            .and_then(Json::as_list)
            .ok_or_else(damaged)?;
        let mut urls = Vec::new();
        for u in list {
            let u = u.as_str().ok_or_else(damaged)?;
            check_url(u).map_err(|_| damaged())?;
            // (A repeat, written by hand, is dropped as when typed.)
            if !urls.iter().any(|v| v == u) {
                urls.push(u.to_string());
            }
        }
        if urls.len() > MAX {
            return Err(damaged());
        }
        Ok(Stun { urls })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn good_addresses_are_taken() {
        for url in [
            "stun:stun.l.google.com:19302",
            "stun:stun.example.org",
            "stuns:stun.example.org:5349",
            "stun:192.0.2.7:3478",
            "stun:[2001:db8::1]:3478",
            "stun:[::1]",
            "stun:localhost",
        ] {
            assert_eq!(check_url(url), Ok(()), "{url}");
        }
    }

    #[test]
    fn bad_addresses_say_why() {
        for (url, why) in [
            ("", "stun.scheme"),
            ("turn:turn.example.org", "stun.scheme"),
            ("https://stun.example.org", "stun.scheme"),
            ("STUN:stun.example.org", "stun.scheme"),
            ("stun://stun.example.org", "stun.slashes"),
            ("stun:stun.example.org?transport=udp", "stun.extra"),
            ("stun:user@stun.example.org", "stun.extra"),
            ("stun:stun.example.org/x", "stun.extra"),
            ("stun:stun example.org", "stun.extra"),
            ("stun:", "stun.host"),
            ("stun::3478", "stun.host"),
            ("stun:-bad.example", "stun.host"),
            ("stun:a..b", "stun.host"),
            ("stun:ex_ample.org", "stun.host"),
            ("stun:[2001:db8::1", "stun.host"),
            ("stun:[xyz]", "stun.host"),
            ("stun:stun.example.org:0", "stun.port"),
            ("stun:stun.example.org:65536", "stun.port"),
            ("stun:stun.example.org:", "stun.port"),
            ("stun:stun.example.org:+1", "stun.port"),
            ("stun:stun.example.org:1:2", "stun.port"),
            ("stun:[::1]x", "stun.port"),
        ] {
            assert_eq!(check_url(url), Err(why), "{url}");
        }
        let long = format!("stun:{}.org", "a.".repeat(200));
        assert_eq!(check_url(&long), Err("stun.too-long"));
    }

    #[test]
    fn a_list_names_its_bad_line() {
        let e = parse_list("stun:a.example\n\nstun:b.example:99999").unwrap_err();
        assert_eq!(
            e.english(),
            "Line 3, “stun:b.example:99999”: the port must be a number from 1 to 65535"
        );
        assert_eq!(parse_list("").unwrap(), Stun::default());
        assert_eq!(parse_list(" \n \n").unwrap(), Stun::default());
        // Repeats are dropped.
        assert_eq!(parse_list("stun:a.b\nstun:a.b").unwrap().urls, ["stun:a.b"]);
        let many: Vec<String> = (0..=MAX).map(|i| format!("stun:s{i}.example")).collect();
        assert_eq!(
            parse_list(&many.join("\n")).unwrap_err().english(),
            "At most 8 STUN servers"
        );
    }

    #[test]
    fn the_record_round_trips_and_a_damaged_one_is_refused() {
        let s = parse_list("stun:a.example:3478\nstuns:b.example").unwrap();
        assert_eq!(Stun::read(&s.to_json()).unwrap(), s);
        assert_eq!(
            Stun::read(&Stun::default().to_json()).unwrap(),
            Stun::default()
        );
        for bad in [
            "",
            "not json",
            "[]",
            r#"{"v":2,"urls":[]}"#,
            r#"{"v":1}"#,
            r#"{"v":1,"urls":"stun:a.example"}"#,
            r#"{"v":1,"urls":[3]}"#,
            r#"{"v":1,"urls":["http://a.example"]}"#,
        ] {
            assert!(Stun::read(bad).is_err(), "{bad}");
        }
        assert_eq!(
            Stun::read(r#"{"v":1,"urls":[1]}"#).unwrap_err().english(),
            versioned::damaged(Text::new(WHAT)).english()
        );
    }
}
