//! The page's words in the player's language: message catalogues
//! (`assets/i18n/<lang>.txt`, one per language, the format in
//! docs/content-formats.md, "Message catalogues"), the messages the core
//! builds ([`Text`]: a key and its arguments, put into words by the page
//! with the current catalogue), plural forms ([`plural`]) and the
//! languages shipped ([`Lang`]).

pub mod check;
pub mod errors;
pub mod plural;
pub mod words;

use std::collections::BTreeMap;
use std::fmt;

use plural::Category;

/// A language the page speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// US English: checkers, Red and Black. The source of every text, and
    /// the fallback.
    #[default]
    En,
    /// British English: draughts, White and Black.
    EnGb,
    /// Spanish.
    Es,
    /// Portuguese (Brazil).
    PtBr,
    /// French.
    Fr,
    /// German.
    De,
    /// Italian.
    It,
}

impl Lang {
    /// Every language, in the order of the Settings list.
    pub const ALL: [Lang; 7] = [
        Lang::En,
        Lang::EnGb,
        Lang::De,
        Lang::Es,
        Lang::Fr,
        Lang::It,
        Lang::PtBr,
    ];

    /// Its BCP 47 tag, which names its files (`assets/i18n/<tag>.txt`,
    /// `assets/data/courses/<tag>/`) and the page's `lang`.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::EnGb => "en-GB",
            Lang::Es => "es",
            Lang::PtBr => "pt-BR",
            Lang::Fr => "fr",
            Lang::De => "de",
            Lang::It => "it",
        }
    }

    /// Its name in its own words, as the Settings list shows it.
    pub fn name(self) -> &'static str {
        match self {
            Lang::En => "English (US)",
            Lang::EnGb => "English (UK)",
            Lang::Es => "Español",
            Lang::PtBr => "Português (Brasil)",
            Lang::Fr => "Français",
            Lang::De => "Deutsch",
            Lang::It => "Italiano",
        }
    }

    /// The language of `tag` exactly (any case: `en-gb`, `pt-BR`).
    pub fn from_tag(tag: &str) -> Option<Lang> {
        Lang::ALL
            .into_iter()
            .find(|l| l.tag().eq_ignore_ascii_case(tag.trim()))
    }
}

/// A value put into a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// Words as they are (a name, a move, a file's name).
    Str(String),
    /// A whole number, written the language's way (the argument `count`
    /// also chooses the plural form).
    Num(i64),
    /// Another message, in the same language (a side's name in a sentence).
    Text(Box<Text>),
}

impl From<&str> for Arg {
    fn from(s: &str) -> Self {
        Arg::Str(s.to_string())
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Self {
        Arg::Str(s)
    }
}

impl From<&String> for Arg {
    fn from(s: &String) -> Self {
        Arg::Str(s.clone())
    }
}

impl From<Text> for Arg {
    fn from(t: Text) -> Self {
        Arg::Text(Box::new(t))
    }
}

macro_rules! num_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Self {
                Arg::Num(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }
    )*};
}
num_arg!(i8, i16, i32, i64, u8, u16, u32, u64, usize, isize);

/// A message to show: a catalogue key and its arguments. The core builds
/// these (notices, errors, status lines); the page puts them into words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Text {
    /// The key in the catalogue (`notice.saved`).
    pub key: &'static str,
    /// The arguments, by name.
    pub args: Vec<(&'static str, Arg)>,
}

impl Text {
    /// The message `key` without arguments.
    pub fn new(key: &'static str) -> Text {
        Text {
            key,
            args: Vec::new(),
        }
    }

    /// With the argument `name` (`count` also chooses the plural form).
    pub fn arg(mut self, name: &'static str, value: impl Into<Arg>) -> Text {
        self.args.push((name, value.into()));
        self
    }

    /// Words given as they are (a course's text, a name): the message
    /// `message.plain`.
    pub fn plain(words: impl Into<String>) -> Text {
        Text::new("message.plain").arg("text", Arg::Str(words.into()))
    }

    /// The number that chooses the plural form: the argument `count`.
    fn count(&self) -> Option<i64> {
        self.args.iter().find_map(|(n, a)| match (n, a) {
            (&"count", Arg::Num(v)) => Some(*v),
            _ => None,
        })
    }
}

impl Text {
    /// The message in US English, from `assets/i18n/en.txt` (the native
    /// tests and tools; the page reads its catalogue at run time).
    ///
    /// # Panics
    /// If the English catalogue does not parse (its test says where).
    #[must_use]
    pub fn english(&self) -> String {
        thread_local! {
            static EN: Catalogue = Catalogue::parse("en", include_str!("../../../assets/i18n/en.txt"))
                .expect("assets/i18n/en.txt parses");
        }
        EN.with(|c| {
            c.render(self, &plain_number)
                .unwrap_or_else(|| format!("<missing {}>", self.key))
        })
    }
}

/// A piece of a message: words, or an argument's place.
#[derive(Clone, Debug, PartialEq)]
enum Piece {
    Words(String),
    Arg(String),
}

/// One message of a catalogue: its forms (one without a category, or one
/// per plural category) and the line it starts on.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    forms: BTreeMap<Option<Category>, Vec<Piece>>,
    /// The line of its first form.
    pub line: usize,
}

impl Entry {
    /// The names of the arguments it uses, in every form.
    pub fn args(&self) -> std::collections::BTreeSet<&str> {
        self.forms
            .values()
            .flatten()
            .filter_map(|p| match p {
                Piece::Arg(a) => Some(a.as_str()),
                Piece::Words(_) => None,
            })
            .collect()
    }

    /// Its plural categories (empty for a message without plural forms).
    pub fn categories(&self) -> Vec<Category> {
        self.forms.keys().filter_map(|c| *c).collect()
    }
}

/// A catalogue file that could not be read: where, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct ParseError {
    /// Its line, from 1.
    pub line: usize,
    /// Its column (in characters), from 1.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for ParseError {}

/// The messages of one language.
#[derive(Clone, Debug, PartialEq)]
pub struct Catalogue {
    /// The language's tag (its plural rules).
    pub tag: String,
    /// The messages by key.
    pub entries: BTreeMap<String, Entry>,
}

/// Splits a value into words and arguments; `col` is the value's column.
fn pieces(value: &str, line: usize, col: usize) -> Result<Vec<Piece>, ParseError> {
    // Most messages are words only: one piece, without reading them a
    // character at a time (the catalogue is read as the page starts).
    if !value.contains(['\\', '{', '}']) {
        return Ok(if value.is_empty() {
            Vec::new()
        } else {
            vec![Piece::Words(value.to_string())]
        });
    }
    let mut out = Vec::new();
    let mut words = String::new();
    let mut chars = value.chars().enumerate().peekable();
    let err = |c: usize, m: &str| ParseError {
        line,
        column: col + c,
        message: m.to_string(),
    };
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some((_, 'n')) => words.push('\n'),
                Some((_, e @ ('\\' | '{' | '}' | '#'))) => words.push(e),
                _ => return Err(err(i, "unknown escape (write \\n, \\\\, \\{, \\} or \\#)")),
            },
            '{' => {
                let mut name = String::new();
                loop {
                    match chars.next() {
                        Some((_, '}')) => break,
                        Some((j, ch)) if ch.is_ascii_alphanumeric() || ch == '_' => {
                            let _ = j;
                            name.push(ch)
                        }
                        Some((j, _)) => {
                            return Err(err(j, "an argument's name is letters, digits and _"))
                        }
                        None => return Err(err(i, "argument not closed with }")),
                    }
                }
                if name.is_empty() {
                    return Err(err(i, "empty argument {}"));
                }
                if !words.is_empty() {
                    out.push(Piece::Words(std::mem::take(&mut words)));
                }
                out.push(Piece::Arg(name));
            }
            '}' => return Err(err(i, "} without { (write \\} for the character)")),
            c => words.push(c),
        }
    }
    if !words.is_empty() {
        out.push(Piece::Words(words));
    }
    Ok(out)
}

impl Catalogue {
    /// Reads a catalogue file of the language `tag`.
    pub fn parse(tag: &str, src: &str) -> Result<Catalogue, ParseError> {
        let mut entries: BTreeMap<String, Entry> = BTreeMap::new();
        // The form being read (key, category, value so far, its line and
        // column), finished by a line that is not its continuation.
        type Open = (String, Option<Category>, String, usize, usize);
        let mut open: Option<Open> = None;
        let finish = |open: &mut Option<Open>,
                      entries: &mut BTreeMap<String, Entry>|
         -> Result<(), ParseError> {
            if let Some((key, cat, value, line, col)) = open.take() {
                let p = pieces(&value, line, col)?;
                let e = entries.entry(key).or_insert(Entry {
                    forms: BTreeMap::new(),
                    line,
                });
                e.forms.insert(cat, p);
            }
            Ok(())
        };
        for (n, raw) in src.lines().enumerate() {
            let line = n + 1;
            let raw = raw.strip_suffix('\r').unwrap_or(raw);
            let trimmed = raw.trim_start();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                finish(&mut open, &mut entries)?;
                continue;
            }
            if raw.starts_with([' ', '\t']) {
                // A continuation: joined to the value with one space.
                match open.as_mut() {
                    Some((_, _, value, _, _)) => {
                        if !value.is_empty() && !value.ends_with('\n') {
                            value.push(' ');
                        }
                        value.push_str(trimmed.trim_end());
                        continue;
                    }
                    None => {
                        return Err(ParseError {
                            line,
                            column: 1,
                            message: "an indented line continues a message, but none is open"
                                .into(),
                        })
                    }
                }
            }
            finish(&mut open, &mut entries)?;
            let Some(eq) = raw.find('=') else {
                return Err(ParseError {
                    line,
                    column: raw.chars().count() + 1,
                    message: "expected `key = text`".into(),
                });
            };
            let head = raw[..eq].trim_end();
            let (key, cat) = match head.find('[') {
                Some(b) => {
                    let col = raw[..b].chars().count() + 1;
                    let Some(name) = head[b + 1..].strip_suffix(']') else {
                        return Err(ParseError {
                            line,
                            column: col,
                            message: "a plural form is written key[category]".into(),
                        });
                    };
                    let Some(c) = Category::from_name(name) else {
                        return Err(ParseError {
                            line,
                            column: col + 1,
                            message: format!(
                                "unknown plural category `{name}` (zero, one, two, few, many, other)"
                            ),
                        });
                    };
                    (&head[..b], Some(c))
                }
                None => (head, None),
            };
            if let Some((i, _)) = key
                .char_indices()
                .find(|&(_, c)| !(c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_')))
            {
                return Err(ParseError {
                    line,
                    column: raw[..i].chars().count() + 1,
                    message: "a key is letters, digits, `.`, `-` and `_`".into(),
                });
            }
            if key.is_empty() {
                return Err(ParseError {
                    line,
                    column: 1,
                    message: "a message needs a key before `=`".into(),
                });
            }
            if let Some(e) = entries.get(key) {
                let clash =
                    e.forms.contains_key(&cat) || (cat.is_none() != e.forms.contains_key(&None));
                if clash {
                    return Err(ParseError {
                        line,
                        column: 1,
                        message: format!("`{key}` is given twice (first on line {})", e.line),
                    });
                }
            }
            let after = &raw[eq + 1..];
            let value = after.trim_start();
            let col =
                raw[..eq + 1].chars().count() + (after.chars().count() - value.chars().count()) + 1;
            open = Some((
                key.to_string(),
                cat,
                value.trim_end().to_string(),
                line,
                col,
            ));
        }
        finish(&mut open, &mut entries)?;
        if let Some((key, e)) = entries.iter().find(|(_, e)| {
            !e.forms.is_empty()
                && e.forms.keys().any(|c| c.is_some())
                && !e.forms.contains_key(&Some(Category::Other))
        }) {
            return Err(ParseError {
                line: e.line,
                column: 1,
                message: format!("`{key}` has plural forms but no `{key}[other]`"),
            });
        }
        Ok(Catalogue {
            tag: tag.to_string(),
            entries,
        })
    }

    /// Whether it has the message `key`.
    pub fn has(&self, key: &str) -> bool {
        self.entries.contains_key(key)
    }

    /// The message `text` in this language, numbers written by `num`;
    /// `None` when the catalogue lacks its key (or the key of a message
    /// in its arguments).
    pub fn render(&self, text: &Text, num: &dyn Fn(i64) -> String) -> Option<String> {
        let entry = self.entries.get(text.key)?;
        let form = match (text.count(), entry.forms.contains_key(&None)) {
            (_, true) => None,
            (Some(n), false) => {
                let c = plural::category(&self.tag, n.unsigned_abs());
                Some(if entry.forms.contains_key(&Some(c)) {
                    c
                } else {
                    Category::Other
                })
            }
            (None, false) => Some(Category::Other),
        };
        let mut out = String::new();
        for piece in entry.forms.get(&form)? {
            match piece {
                Piece::Words(w) => out.push_str(w),
                Piece::Arg(name) => match text.args.iter().find(|(n, _)| n == name) {
                    Some((_, Arg::Str(s))) => out.push_str(s),
                    Some((_, Arg::Num(v))) => out.push_str(&num(*v)),
                    Some((_, Arg::Text(t))) => out.push_str(&self.render(t, num)?),
                    // An argument the code does not give: its place
                    // stays visible rather than the message being lost.
                    None => {
                        out.push('{');
                        out.push_str(name);
                        out.push('}');
                    }
                },
            }
        }
        Some(out)
    }
}

/// Writes `n` as plain digits, for tests and the native tools; the page
/// writes numbers the language's way with the browser's `Intl`.
pub fn plain_number(n: i64) -> String {
    n.to_string()
}

#[cfg(test)]
mod tests;

/// Builds a [`Text`]: `text!("key")`, `text!("key", name = value, count = n)`.
#[macro_export]
macro_rules! text {
    ($key:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::i18n::Text::new($key)$(.arg(stringify!($name), $value))*
    };
}
