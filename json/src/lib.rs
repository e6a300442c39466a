//! A small JSON reader and writer: Tiers' tournament files, the web app's
//! stored data and the embed page's postMessage protocol all use this one
//! [`Json`] value. Numbers keep their text (the files hold only whole
//! numbers, read exactly with [`Json::as_u64`]); objects keep their fields
//! in order; a field named twice, nesting deeper than [`MAX_DEPTH`] and
//! text after the value are refused; errors give the line and column.
//! Hand-written rather than serde_json: this is all the app needs, and it
//! keeps the web page small (docs/build.md, "Transfer size").
//!
//! ```
//! use tiers_json::Json;
//! let v = Json::parse(r#"{"v": 1, "moves": ["11-15", "23-19"], "flipped": false}"#).unwrap();
//! assert_eq!(v.get("v").and_then(Json::as_u64), Some(1));
//! assert_eq!(v.text("moves").unwrap_err(), "`moves` is not a text");
//! assert_eq!(v.to_string(), r#"{"v":1,"moves":["11-15","23-19"],"flipped":false}"#);
//! assert!(Json::parse("[1, 2").unwrap_err().contains("line 1"));
//! ```

use std::fmt::{self, Write};

/// Nesting deeper than this is refused (a hostile file cannot exhaust the
/// stack).
pub const MAX_DEPTH: usize = 64;

/// The longest text read (in bytes): 16 MB, more than a browser's
/// storage holds. Longer texts are refused before they are looked at.
pub const MAX_LEN: usize = 16 << 20;

/// A JSON value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Json {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, as written.
    Num(String),
    /// A string.
    Str(String),
    /// An array.
    List(Vec<Json>),
    /// An object: its fields in order (no name twice).
    Obj(Vec<(String, Json)>),
}

impl Json {
    /// An object from its fields.
    #[must_use]
    pub fn obj<const N: usize>(fields: [(&str, Json); N]) -> Json {
        Json::Obj(
            fields
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect(),
        )
    }

    /// A whole number.
    #[must_use]
    pub fn int(n: u64) -> Json {
        Json::Num(n.to_string())
    }

    /// A string.
    #[must_use]
    pub fn str(s: &str) -> Json {
        Json::Str(s.to_string())
    }

    /// A list of strings.
    #[must_use]
    pub fn strs(items: &[String]) -> Json {
        Json::List(items.iter().map(|s| Json::str(s)).collect())
    }

    /// A field of an object.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&Json> {
        self.as_obj()?
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v)
    }

    /// Adds a field to an object (or replaces it).
    pub fn set(&mut self, name: &str, value: Json) {
        if let Json::Obj(fields) = self {
            match fields.iter_mut().find(|(k, _)| k == name) {
                Some(f) => f.1 = value,
                None => fields.push((name.to_string(), value)),
            }
        }
    }

    /// The fields of an object.
    #[must_use]
    pub fn as_obj(&self) -> Option<&[(String, Json)]> {
        match self {
            Json::Obj(f) => Some(f),
            _ => None,
        }
    }

    /// The items of an array.
    #[must_use]
    pub fn as_list(&self) -> Option<&[Json]> {
        match self {
            Json::List(v) => Some(v),
            _ => None,
        }
    }

    /// The text of a string.
    #[must_use]
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::Str(s) => Some(s),
            _ => None,
        }
    }

    /// A boolean.
    #[must_use]
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Json::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// A whole number from 0 to `u64::MAX` (`3`, not `3.0` or `-1`).
    #[must_use]
    pub fn as_u64(&self) -> Option<u64> {
        match self {
            Json::Num(n) if n.bytes().all(|b| b.is_ascii_digit()) => n.parse().ok(),
            _ => None,
        }
    }

    /// A field of an object; the error names it (`` `id` is missing ``).
    pub fn field(&self, name: &str) -> Result<&Json, String> {
        self.get(name).ok_or_else(|| format!("`{name}` is missing"))
    }

    /// A text field; the error names it.
    pub fn text(&self, name: &str) -> Result<&str, String> {
        self.field(name)?
            .as_str()
            .ok_or_else(|| format!("`{name}` is not a text"))
    }

    /// A whole-number field; the error names it.
    pub fn number(&self, name: &str) -> Result<u64, String> {
        self.field(name)?
            .as_u64()
            .ok_or_else(|| format!("`{name}` is not a whole number"))
    }

    /// A list field; the error names it.
    pub fn list(&self, name: &str) -> Result<&[Json], String> {
        self.field(name)?
            .as_list()
            .ok_or_else(|| format!("`{name}` is not a list"))
    }

    /// What kind of value this is, for messages: "null", "boolean",
    /// "number", "string", "array" or "object".
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Json::Null => "null",
            Json::Bool(_) => "boolean",
            Json::Num(_) => "number",
            Json::Str(_) => "string",
            Json::List(_) => "array",
            Json::Obj(_) => "object",
        }
    }

    /// The value as JSON text: on one line, or indented by two spaces.
    #[must_use]
    pub fn to_text(&self, pretty: bool) -> String {
        let mut out = String::new();
        self.write(&mut out, pretty.then_some(0));
        out
    }

    fn write(&self, out: &mut String, indent: Option<usize>) {
        let (open, close, items): (char, char, Vec<(Option<&str>, &Json)>) = match self {
            Json::Null => return out.push_str("null"),
            Json::Bool(b) => return out.push_str(if *b { "true" } else { "false" }),
            Json::Num(n) => return out.push_str(n),
            Json::Str(s) => return quote(out, s),
            Json::List(v) => ('[', ']', v.iter().map(|x| (None, x)).collect()),
            Json::Obj(f) => (
                '{',
                '}',
                f.iter().map(|(k, x)| (Some(k.as_str()), x)).collect(),
            ),
        };
        out.push(open);
        let inner = indent.map(|n| n + 2);
        for (i, (key, v)) in items.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            newline(out, inner);
            if let Some(k) = key {
                quote(out, k);
                out.push_str(if indent.is_some() { ": " } else { ":" });
            }
            v.write(out, inner);
        }
        if !items.is_empty() {
            newline(out, indent);
        }
        out.push(close);
    }

    /// Reads JSON text. The error says what is wrong and where
    /// ("expected `,` or `}` at line 3, column 7").
    pub fn parse(text: &str) -> Result<Json, String> {
        Json::parse_located(text).map_err(|e| e.message)
    }

    /// Reads JSON text; the error gives the place apart (for a message in
    /// another language than the English of [`ParseError::message`]).
    pub fn parse_located(text: &str) -> Result<Json, ParseError> {
        if text.len() > MAX_LEN {
            return Err(ParseError {
                at: None,
                message: format!(
                    "the text is longer than {} MB ({} bytes)",
                    MAX_LEN >> 20,
                    text.len()
                ),
            });
        }
        let mut p = Parser {
            text: text.as_bytes(),
            at: 0,
        };
        let read = p.value(0).and_then(|v| {
            p.space();
            if p.at < p.text.len() {
                Err(p.fail("text after the end of the JSON value"))
            } else {
                Ok(v)
            }
        });
        read.map_err(|message| ParseError {
            at: Some(p.place()),
            message,
        })
    }
}

impl From<u64> for Json {
    fn from(n: u64) -> Json {
        Json::int(n)
    }
}

impl fmt::Display for Json {
    /// Compact JSON text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text(false))
    }
}

fn newline(out: &mut String, indent: Option<usize>) {
    if let Some(n) = indent {
        out.push('\n');
        out.extend(std::iter::repeat_n(' ', n));
    }
}

fn quote(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// JSON text that could not be read: where (line and column, from 1;
/// `None` for a text too long to be looked at) and what is wrong, in
/// English ("expected `:` at line 3, column 7").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The line and column where reading stopped.
    pub at: Option<(usize, usize)>,
    /// What is wrong and where, in English.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ParseError {}

struct Parser<'a> {
    text: &'a [u8],
    at: usize,
}

impl Parser<'_> {
    /// An error at the current place.
    fn fail(&self, what: &str) -> String {
        let (line, column) = self.place();
        format!("{what} at line {line}, column {column}")
    }

    /// The current line and column (from 1; columns count characters).
    fn place(&self) -> (usize, usize) {
        let before = &self.text[..self.at.min(self.text.len())];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let column = String::from_utf8_lossy(&before[start..]).chars().count() + 1;
        (line, column)
    }

    fn space(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.text.get(self.at) {
            self.at += 1;
        }
    }

    fn eat(&mut self, b: u8) -> bool {
        self.space();
        let yes = self.text.get(self.at) == Some(&b);
        if yes {
            self.at += 1;
        }
        yes
    }

    fn value(&mut self, depth: usize) -> Result<Json, String> {
        if depth > MAX_DEPTH {
            return Err(self.fail("nested too deeply"));
        }
        self.space();
        let Some(&b) = self.text.get(self.at) else {
            return Err(self.fail("unexpected end of the text"));
        };
        match b {
            b'{' | b'[' => {
                self.at += 1;
                let (close, obj) = if b == b'{' {
                    (b'}', true)
                } else {
                    (b']', false)
                };
                let mut fields: Vec<(String, Json)> = Vec::new();
                // The names seen, once an object has many fields (looking
                // each new name up in the list would take quadratic time).
                let mut names: std::collections::HashSet<String> = std::collections::HashSet::new();
                let mut items = Vec::new();
                if !self.eat(close) {
                    loop {
                        if obj {
                            self.space();
                            if self.text.get(self.at) != Some(&b'"') {
                                return Err(self.fail("expected a field name in quotes"));
                            }
                            let key = self.string()?;
                            let twice = if fields.len() < 16 {
                                fields.iter().any(|(k, _)| *k == key)
                            } else {
                                if names.is_empty() {
                                    names.extend(fields.iter().map(|(k, _)| k.clone()));
                                }
                                !names.insert(key.clone())
                            };
                            if twice {
                                return Err(self.fail(&format!("field \"{key}\" given twice")));
                            }
                            if !self.eat(b':') {
                                return Err(self.fail("expected `:`"));
                            }
                            fields.push((key, self.value(depth + 1)?));
                        } else {
                            items.push(self.value(depth + 1)?);
                        }
                        if self.eat(close) {
                            break;
                        }
                        if !self.eat(b',') {
                            return Err(self.fail(if obj {
                                "expected `,` or `}`"
                            } else {
                                "expected `,` or `]`"
                            }));
                        }
                    }
                }
                Ok(if obj {
                    Json::Obj(fields)
                } else {
                    Json::List(items)
                })
            }
            b'"' => self.string().map(Json::Str),
            b'-' | b'0'..=b'9' => self.number(),
            _ => {
                for (word, v) in [
                    ("true", Json::Bool(true)),
                    ("false", Json::Bool(false)),
                    ("null", Json::Null),
                ] {
                    if self.text[self.at..].starts_with(word.as_bytes()) {
                        self.at += word.len();
                        return Ok(v);
                    }
                }
                Err(self.fail("expected a value"))
            }
        }
    }

    fn number(&mut self) -> Result<Json, String> {
        let start = self.at;
        let digits = |p: &mut Self| {
            let from = p.at;
            while p.text.get(p.at).is_some_and(u8::is_ascii_digit) {
                p.at += 1;
            }
            p.at > from
        };
        if self.text[self.at] == b'-' {
            self.at += 1;
        }
        let first = self.at;
        let mut ok = digits(self) && !(self.text[first] == b'0' && self.at > first + 1);
        if ok && self.text.get(self.at) == Some(&b'.') {
            self.at += 1;
            ok = digits(self);
        }
        if ok && matches!(self.text.get(self.at), Some(b'e' | b'E')) {
            self.at += 1;
            if matches!(self.text.get(self.at), Some(b'+' | b'-')) {
                self.at += 1;
            }
            ok = digits(self);
        }
        if !ok {
            return Err(self.fail("invalid number"));
        }
        // Only ASCII was consumed.
        Ok(Json::Num(
            String::from_utf8_lossy(&self.text[start..self.at]).into_owned(),
        ))
    }

    /// A string; `at` is on its opening quote.
    fn string(&mut self) -> Result<String, String> {
        self.at += 1;
        let mut out: Vec<u8> = Vec::new();
        loop {
            let Some(&b) = self.text.get(self.at) else {
                return Err(self.fail("unterminated string"));
            };
            self.at += 1;
            match b {
                b'"' => break,
                b'\\' => {
                    let e = self.text.get(self.at).copied();
                    self.at += 1;
                    let c = match e {
                        Some(b'"') => '"',
                        Some(b'\\') => '\\',
                        Some(b'/') => '/',
                        Some(b'b') => '\u{8}',
                        Some(b'f') => '\u{c}',
                        Some(b'n') => '\n',
                        Some(b'r') => '\r',
                        Some(b't') => '\t',
                        Some(b'u') => {
                            let hi = self.hex4()?;
                            let code = if (0xD800..0xDC00).contains(&hi)
                                && self.text[self.at..].starts_with(b"\\u")
                            {
                                self.at += 2;
                                let lo = self.hex4()?;
                                if !(0xDC00..0xE000).contains(&lo) {
                                    return Err(self.fail("invalid surrogate pair"));
                                }
                                0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00)
                            } else {
                                hi
                            };
                            char::from_u32(code)
                                .ok_or_else(|| self.fail("invalid \\u escape (lone surrogate)"))?
                        }
                        _ => {
                            self.at -= 1;
                            return Err(self.fail("invalid escape in a string"));
                        }
                    };
                    let mut buf = [0; 4];
                    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                }
                0..=0x1f => {
                    self.at -= 1;
                    return Err(self.fail("control character in a string"));
                }
                _ => out.push(b),
            }
        }
        // The input is a &str and escapes were encoded as UTF-8.
        String::from_utf8(out).map_err(|_| self.fail("invalid text"))
    }

    fn hex4(&mut self) -> Result<u32, String> {
        let digits = self
            .text
            .get(self.at..self.at + 4)
            .and_then(|h| std::str::from_utf8(h).ok())
            .filter(|h| h.bytes().all(|b| b.is_ascii_hexdigit()))
            .and_then(|h| u32::from_str_radix(h, 16).ok());
        match digits {
            Some(n) => {
                self.at += 4;
                Ok(n)
            }
            None => Err(self.fail("expected four hex digits after \\u")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes() {
        let text = r#" { "a": [1, -2.5e3, true, false, null], "b": "x\"\\\n\u00e9\ud83d\ude00/", "c": {} , "d": []}"#;
        let v = Json::parse(text).unwrap();
        assert_eq!(v.get("a").unwrap().as_list().unwrap()[0].as_u64(), Some(1));
        assert_eq!(v.get("a").unwrap().as_list().unwrap()[1].as_u64(), None);
        assert_eq!(v.get("b").unwrap().as_str(), Some("x\"\\\né😀/"));
        let compact = v.to_text(false);
        assert_eq!(
            compact,
            r#"{"a":[1,-2.5e3,true,false,null],"b":"x\"\\\né😀/","c":{},"d":[]}"#
        );
        assert_eq!(Json::parse(&compact).unwrap(), v);
        assert_eq!(Json::parse(&v.to_text(true)).unwrap(), v);
        assert_eq!(
            Json::obj([("k", Json::List(vec![Json::int(3), Json::Null]))]).to_text(true),
            "{\n  \"k\": [\n    3,\n    null\n  ]\n}"
        );
        assert_eq!(
            Json::parse("18446744073709551615").unwrap().as_u64(),
            Some(u64::MAX)
        );
        assert_eq!(Json::parse("18446744073709551616").unwrap().as_u64(), None);
        assert_eq!(Json::str("\u{1}").to_text(false), "\"\\u0001\"");
    }

    #[test]
    fn the_place_of_an_error_is_given_apart() {
        for text in [
            "",
            "{\n  \"a\": 1,\n  \"b\" 2}",
            "[1 2]",
            "[1] x",
            "{\"é\": tru}",
            "\"abc",
        ] {
            let e = Json::parse_located(text).unwrap_err();
            let (line, column) = e.at.unwrap();
            assert!(
                e.message
                    .ends_with(&format!(" at line {line}, column {column}")),
                "{text:?}: {e}"
            );
            assert_eq!(Json::parse(text).unwrap_err(), e.message);
        }
    }

    #[test]
    fn errors_say_what_and_where() {
        let e = |t: &str| Json::parse(t).unwrap_err();
        assert_eq!(e(""), "unexpected end of the text at line 1, column 1");
        assert_eq!(
            e("{\n  \"a\": 1,\n  \"b\" 2}"),
            "expected `:` at line 3, column 7"
        );
        assert_eq!(e("[1 2]"), "expected `,` or `]` at line 1, column 4");
        assert_eq!(
            e("{\"a\":1,}"),
            "expected a field name in quotes at line 1, column 8"
        );
        assert_eq!(
            e("{\"a\":1,\"a\":2}"),
            "field \"a\" given twice at line 1, column 11"
        );
        assert_eq!(e("01"), "invalid number at line 1, column 3");
        assert_eq!(e("1."), "invalid number at line 1, column 3");
        assert_eq!(e("-"), "invalid number at line 1, column 2");
        assert_eq!(e("\"ab"), "unterminated string at line 1, column 4");
        assert_eq!(
            e("\"\\x\""),
            "invalid escape in a string at line 1, column 3"
        );
        assert_eq!(
            e("\"\\u12\""),
            "expected four hex digits after \\u at line 1, column 4"
        );
        assert_eq!(
            e("\"\\ud800\""),
            "invalid \\u escape (lone surrogate) at line 1, column 8"
        );
        assert_eq!(
            e("\"a\tb\""),
            "control character in a string at line 1, column 3"
        );
        assert_eq!(e("nul"), "expected a value at line 1, column 1");
        assert_eq!(
            e("[] x"),
            "text after the end of the JSON value at line 1, column 4"
        );
        assert_eq!(e("ééé"), "expected a value at line 1, column 1");
        assert_eq!(
            e("\"é\" x"),
            "text after the end of the JSON value at line 1, column 5"
        );
        let deep = "[".repeat(10_000);
        assert!(e(&deep).starts_with("nested too deeply"));
        assert!(Json::parse(&format!("{}{}", "[".repeat(60), "]".repeat(60))).is_ok());
    }

    #[test]
    fn any_bytes_are_refused_or_read_without_panicking() {
        // Every prefix of a valid document, and a few mutations of it.
        let doc = r#"{"x": [1, 2.5, "a\u00e9\n", {"y": null}], "z": true}"#;
        for end in 0..=doc.len() {
            if let Some(p) = doc.get(..end) {
                let _ = Json::parse(p);
            }
        }
        for (i, _) in doc.char_indices() {
            for c in ['"', '\\', '{', ']', ',', 'é', '\u{0}'] {
                let mut s = doc.to_string();
                s.insert(i, c);
                if let Ok(v) = Json::parse(&s) {
                    assert_eq!(Json::parse(&v.to_text(false)).unwrap(), v);
                }
            }
        }
    }
}
