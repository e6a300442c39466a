//! The little JSON the stored data needs: objects, arrays, texts, whole
//! numbers, booleans and null, read with the position of any error and
//! written compactly. (A general JSON library would more than double the
//! size of this feature in the page's wasm.)
//!
//! ```
//! use tiers_app::library::json::{parse, Json};
//! let v = parse(r#"{"v": 1, "moves": ["11-15", "23-19"], "flipped": false}"#).unwrap();
//! assert_eq!(v.get("v").and_then(Json::as_u64), Some(1));
//! assert_eq!(v.to_string(), r#"{"v":1,"moves":["11-15","23-19"],"flipped":false}"#);
//! assert_eq!(parse("[1, 2.5]").unwrap_err(), "at character 6: only whole numbers are stored");
//! ```

use core::fmt::{self, Write};

/// A JSON value (numbers are whole and not negative: all the stored data
/// needs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Json {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A whole number.
    Num(u64),
    /// A text.
    Str(String),
    /// An array.
    Arr(Vec<Json>),
    /// An object, its members in order.
    Obj(Vec<(String, Json)>),
}

impl Json {
    /// An object from its members.
    pub fn obj<const N: usize>(members: [(&str, Json); N]) -> Json {
        Json::Obj(
            members
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect(),
        )
    }

    /// A text value.
    pub fn str(text: impl Into<String>) -> Json {
        Json::Str(text.into())
    }

    /// A member of an object.
    #[must_use]
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Obj(m) => m.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// Adds or replaces a member of an object.
    pub fn set(&mut self, key: &str, value: Json) {
        if let Json::Obj(m) = self {
            match m.iter_mut().find(|(k, _)| k == key) {
                Some(slot) => slot.1 = value,
                None => m.push((key.to_string(), value)),
            }
        }
    }

    /// The text, if this is one.
    #[must_use]
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::Str(s) => Some(s),
            _ => None,
        }
    }

    /// The number, if this is one.
    #[must_use]
    pub fn as_u64(&self) -> Option<u64> {
        match self {
            Json::Num(n) => Some(*n),
            _ => None,
        }
    }

    /// The boolean, if this is one.
    #[must_use]
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Json::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// The items, if this is an array.
    #[must_use]
    pub fn as_array(&self) -> Option<&[Json]> {
        match self {
            Json::Arr(a) => Some(a),
            _ => None,
        }
    }
}

fn write_str(f: &mut fmt::Formatter<'_>, s: &str) -> fmt::Result {
    f.write_char('"')?;
    for c in s.chars() {
        match c {
            '"' => f.write_str("\\\"")?,
            '\\' => f.write_str("\\\\")?,
            '\n' => f.write_str("\\n")?,
            '\r' => f.write_str("\\r")?,
            '\t' => f.write_str("\\t")?,
            c if (c as u32) < 0x20 => write!(f, "\\u{:04x}", c as u32)?,
            c => f.write_char(c)?,
        }
    }
    f.write_char('"')
}

impl fmt::Display for Json {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Json::Null => f.write_str("null"),
            Json::Bool(b) => write!(f, "{b}"),
            Json::Num(n) => write!(f, "{n}"),
            Json::Str(s) => write_str(f, s),
            Json::Arr(items) => {
                f.write_char('[')?;
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_char(',')?;
                    }
                    v.fmt(f)?;
                }
                f.write_char(']')
            }
            Json::Obj(members) => {
                f.write_char('{')?;
                for (i, (k, v)) in members.iter().enumerate() {
                    if i > 0 {
                        f.write_char(',')?;
                    }
                    write_str(f, k)?;
                    f.write_char(':')?;
                    v.fmt(f)?;
                }
                f.write_char('}')
            }
        }
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
            Some(c) if c.is_ascii_digit() => {
                let mut n: u64 = 0;
                while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
                    n = match n.checked_mul(10).and_then(|n| n.checked_add(u64::from(d))) {
                        Some(n) => n,
                        None => return self.fail("number too large"),
                    };
                    self.next();
                }
                if matches!(self.peek(), Some('.' | 'e' | 'E')) {
                    return self.fail("only whole numbers are stored");
                }
                Ok(Json::Num(n))
            }
            Some('-') => self.fail("only whole numbers are stored"),
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
                    Json::Arr(items)
                } else {
                    Json::Obj(members)
                })
            }
            Some(_) => self.fail("unexpected character"),
        }
    }
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
        let text = r#"{"a":[1,true,null,"x\"y\\z\n\u0001é"],"b":{},"c":[]}"#;
        let v = parse(text).unwrap();
        assert_eq!(v.to_string(), text);
        assert_eq!(
            parse(r#" { "k" : "\u00e9\/" } "#).unwrap(),
            Json::obj([("k", Json::str("é/"))])
        );
        assert_eq!(parse("18446744073709551615").unwrap(), Json::Num(u64::MAX));
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
            ("-1", "at character 1: only whole numbers are stored"),
            ("99999999999999999999", "at character 20: number too large"),
            ("{} x", "at character 4: unexpected text after the end"),
            ("\u{0}garbage", "at character 1: unexpected character"),
        ] {
            assert_eq!(parse(text).unwrap_err(), err, "{text:?}");
        }
        let deep = "[".repeat(100);
        assert!(parse(&deep).unwrap_err().ends_with("nested too deeply"));
    }
}
