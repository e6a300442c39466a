//! Reading the stored data's JSON text into the app's JSON value
//! ([`crate::embed::Json`], the one the embed protocol uses), with the
//! position of any error, and the accessors the stored data needs. (A
//! general JSON library would more than double the size of this feature in
//! the page's wasm.)
//!
//! ```
//! use tiers_app::library::json::{as_u64, parse};
//! let v = parse(r#"{"v": 1, "moves": ["11-15", "23-19"], "flipped": false}"#).unwrap();
//! assert_eq!(v.get("v").and_then(as_u64), Some(1));
//! assert_eq!(v.to_string(), r#"{"v":1,"moves":["11-15","23-19"],"flipped":false}"#);
//! assert_eq!(parse("[1, 2").unwrap_err(), "at character 6: expected `,` or `]`");
//! ```

pub use crate::embed::Json;

/// A whole number, if the value is one.
#[must_use]
pub fn as_u64(v: &Json) -> Option<u64> {
    match v {
        Json::Num(n) => n.parse().ok(),
        _ => None,
    }
}

/// The boolean, if the value is one.
#[must_use]
pub fn as_bool(v: &Json) -> Option<bool> {
    match v {
        Json::Bool(b) => Some(*b),
        _ => None,
    }
}

/// The items, if the value is an array.
#[must_use]
pub fn as_list(v: &Json) -> Option<&[Json]> {
    match v {
        Json::List(items) => Some(items),
        _ => None,
    }
}

struct Reader<'a> {
    chars: core::iter::Peekable<core::str::CharIndices<'a>>,
    /// Characters read so far (for error positions).
    at: usize,
    depth: u32,
}

impl Reader<'_> {
    fn fail<T>(&self, what: &str) -> Result<T, String> {
        Err(format!("at character {}: {what}", self.at + 1))
    }

    fn next(&mut self) -> Option<char> {
        let c = self.chars.next().map(|(_, c)| c);
        if c.is_some() {
            self.at += 1;
        }
        c
    }

    fn peek(&mut self) -> Option<char> {
        self.chars.peek().map(|&(_, c)| c)
    }

    fn space(&mut self) {
        while matches!(self.peek(), Some(' ' | '\n' | '\r' | '\t')) {
            self.next();
        }
    }

    /// Consumes `c`, or fails naming the character found instead.
    fn expect(&mut self, c: char, what: &str) -> Result<(), String> {
        if self.peek() == Some(c) {
            self.next();
            Ok(())
        } else {
            self.fail(what)
        }
    }

    fn word(&mut self, word: &str, value: Json) -> Result<Json, String> {
        for w in word.chars() {
            self.expect(w, "unexpected character")?;
        }
        Ok(value)
    }

    fn string(&mut self) -> Result<String, String> {
        let mut s = String::new();
        loop {
            match self.next() {
                None => return self.fail("unfinished text"),
                Some('"') => return Ok(s),
                Some('\\') => {
                    let c = match self.next() {
                        Some('n') => '\n',
                        Some('r') => '\r',
                        Some('t') => '\t',
                        Some('b') => '\u{8}',
                        Some('f') => '\u{c}',
                        Some(c @ ('"' | '\\' | '/')) => c,
                        Some('u') => {
                            let mut code = 0u32;
                            for _ in 0..4 {
                                match self.next().and_then(|c| c.to_digit(16)) {
                                    Some(d) => code = code * 16 + d,
                                    None => return self.fail("bad \\u escape"),
                                }
                            }
                            char::from_u32(code).unwrap_or('\u{fffd}')
                        }
                        _ => return self.fail("bad escape"),
                    };
                    s.push(c);
                }
                Some(c) => s.push(c),
            }
        }
    }

    fn value(&mut self) -> Result<Json, String> {
        self.space();
        if self.depth > 64 {
            return self.fail("nested too deeply");
        }
        match self.peek() {
            None => self.fail("unexpected end"),
            Some('n') => self.word("null", Json::Null),
            Some('t') => self.word("true", Json::Bool(true)),
            Some('f') => self.word("false", Json::Bool(false)),
            Some('"') => {
                self.next();
                self.string().map(Json::Str)
            }
            Some(c) if c.is_ascii_digit() || c == '-' => {
                let mut n = String::new();
                while let Some(c) = self
                    .peek()
                    .filter(|c| c.is_ascii_digit() || matches!(c, '-' | '+' | '.' | 'e' | 'E'))
                {
                    n.push(c);
                    self.next();
                }
                if !is_number(&n) {
                    return self.fail("bad number");
                }
                Ok(Json::Num(n))
            }
            Some(open @ ('[' | '{')) => {
                self.next();
                self.depth += 1;
                let close = if open == '[' { ']' } else { '}' };
                let mut items = Vec::new();
                let mut members = Vec::new();
                self.space();
                if self.peek() == Some(close) {
                    self.next();
                } else {
                    loop {
                        if open == '{' {
                            self.space();
                            self.expect('"', "expected a member name")?;
                            let key = self.string()?;
                            self.space();
                            self.expect(':', "expected `:`")?;
                            members.push((key, self.value()?));
                        } else {
                            items.push(self.value()?);
                        }
                        self.space();
                        match self.peek() {
                            Some(',') => {
                                self.next();
                            }
                            Some(c) if c == close => {
                                self.next();
                                break;
                            }
                            _ => return self.fail(&format!("expected `,` or `{close}`")),
                        }
                    }
                }
                self.depth -= 1;
                Ok(if open == '[' {
                    Json::List(items)
                } else {
                    Json::Obj(members)
                })
            }
            Some(_) => self.fail("unexpected character"),
        }
    }
}

/// Whether `n` is a JSON number: `-? digits (. digits)? ([eE] [+-]? digits)?`
/// (checked by hand: the standard float parser is large in wasm).
fn is_number(n: &str) -> bool {
    fn digits(s: &str) -> (bool, &str) {
        let rest = s.trim_start_matches(|c: char| c.is_ascii_digit());
        (rest.len() < s.len(), rest)
    }
    let s = n.strip_prefix('-').unwrap_or(n);
    let (int, mut s) = digits(s);
    if !int {
        return false;
    }
    if let Some(frac) = s.strip_prefix('.') {
        let (ok, rest) = digits(frac);
        if !ok {
            return false;
        }
        s = rest;
    }
    if let Some(exp) = s.strip_prefix(['e', 'E']) {
        let (ok, rest) = digits(exp.strip_prefix(['+', '-']).unwrap_or(exp));
        if !ok {
            return false;
        }
        s = rest;
    }
    s.is_empty()
}

/// Reads a JSON text; the error says what is wrong and where.
pub fn parse(text: &str) -> Result<Json, String> {
    let mut r = Reader {
        chars: text.char_indices().peekable(),
        at: 0,
        depth: 0,
    };
    let v = r.value()?;
    r.space();
    if r.peek().is_some() {
        return r.fail("unexpected text after the end");
    }
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        let text = r#"{"a":[1,true,null,"x\"y\\z\n\u0001é",-2.5e3],"b":{},"c":[]}"#;
        let v = parse(text).unwrap();
        assert_eq!(v.to_string(), text);
        assert_eq!(
            parse(r#" { "k" : "\u00e9\/" } "#).unwrap(),
            Json::obj([("k", Json::str("é/"))])
        );
        assert_eq!(
            as_u64(&parse("18446744073709551615").unwrap()),
            Some(u64::MAX)
        );
        assert_eq!(as_u64(&parse("1.5").unwrap()), None);
        assert_eq!(as_bool(&parse("true").unwrap()), Some(true));
        assert_eq!(as_list(&parse("[null]").unwrap()), Some(&[Json::Null][..]));
    }

    #[test]
    fn errors_say_where() {
        for (text, err) in [
            ("", "at character 1: unexpected end"),
            ("{\"v\":1,", "at character 8: expected a member name"),
            ("{\"v\" 1}", "at character 6: expected `:`"),
            ("[1 2]", "at character 4: expected `,` or `]`"),
            ("\"abc", "at character 5: unfinished text"),
            ("nul", "at character 4: unexpected character"),
            ("1-2", "at character 4: bad number"),
            ("1.", "at character 3: bad number"),
            ("-", "at character 2: bad number"),
            ("2e+", "at character 4: bad number"),
            ("[0.5e-3, -7E2]", "ok"),
            ("{} x", "at character 4: unexpected text after the end"),
            ("\u{0}garbage", "at character 1: unexpected character"),
        ] {
            if err == "ok" {
                assert!(parse(text).is_ok(), "{text:?}");
            } else {
                assert_eq!(parse(text).unwrap_err(), err, "{text:?}");
            }
        }
        let deep = "[".repeat(100);
        assert!(parse(&deep).unwrap_err().ends_with("nested too deeply"));
    }
}
