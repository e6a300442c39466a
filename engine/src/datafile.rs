//! The layout the opening book and the neural network files share: one
//! line of text, `<magic> <name> <value> … bytes <B> crc32 <8 hex digits>`,
//! then `B` bytes whose CRC-32 the header gives. Each file type names its
//! own fields; [`BodyError`] is what both say about the contents.

/// A header line, read.
pub(crate) struct Header<'a> {
    words: Vec<&'a str>,
    rest: &'a [u8],
}

/// Why the bytes after a header line are not the contents it announces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BodyError {
    /// The header's `bytes` is wrong, or the file is shorter or longer.
    Length {
        /// Bytes the header announces after it.
        expected: usize,
        /// Bytes there are.
        found: usize,
    },
    /// The checksum does not match.
    Checksum {
        /// The CRC-32 the header states.
        stored: u32,
        /// The CRC-32 of the contents.
        computed: u32,
    },
    /// The header lacks `bytes` or `crc32`, or they are not numbers.
    Header(String),
}

impl BodyError {
    /// The one-line message for a file that is `a_name` (`an opening
    /// book`) and called `name` (`opening book`).
    pub(crate) fn write(
        &self,
        f: &mut core::fmt::Formatter<'_>,
        a_name: &str,
        name: &str,
    ) -> core::fmt::Result {
        match self {
            BodyError::Header(why) => write!(f, "not {a_name}: {why}"),
            BodyError::Length { expected, found } if found < expected => write!(
                f,
                "truncated {name}: {found} bytes of {expected} after the header"
            ),
            BodyError::Length { expected, found } => write!(
                f,
                "bad {name}: {} bytes after the {expected} the header announces",
                found - expected
            ),
            BodyError::Checksum { stored, computed } => write!(
                f,
                "corrupt {name}: checksum {computed:08x} does not match the stored {stored:08x}"
            ),
        }
    }
}

impl<'a> Header<'a> {
    /// Reads the header line of `bytes`, which must start with `magic`;
    /// the error says why it is not one (without the file type).
    pub(crate) fn read(bytes: &'a [u8], magic: &str) -> Result<Header<'a>, String> {
        let end = bytes
            .iter()
            .take(300)
            .position(|&b| b == b'\n')
            .ok_or("no header line")?;
        let line = core::str::from_utf8(&bytes[..end]).map_err(|_| "the header is not text")?;
        let fields = line
            .strip_prefix(magic)
            .ok_or_else(|| format!("it does not start with `{magic}`"))?;
        Ok(Header {
            words: fields.split_whitespace().collect(),
            rest: &bytes[end + 1..],
        })
    }

    /// The value after `name`.
    pub(crate) fn field(&self, name: &str) -> Result<&'a str, String> {
        self.words
            .iter()
            .position(|w| *w == name)
            .and_then(|i| self.words.get(i + 1).copied())
            .ok_or_else(|| format!("no `{name}` in the header"))
    }

    /// The number after `name`.
    pub(crate) fn number(&self, name: &str) -> Result<usize, String> {
        self.field(name)?
            .parse()
            .map_err(|_| format!("`{name}` is not a number"))
    }

    /// The contents: exactly `bytes` long, with the stated checksum.
    pub(crate) fn body(&self) -> Result<&'a [u8], BodyError> {
        let expected = self.number("bytes").map_err(BodyError::Header)?;
        let stored = u32::from_str_radix(self.field("crc32").map_err(BodyError::Header)?, 16)
            .map_err(|_| BodyError::Header("`crc32` is not hexadecimal".into()))?;
        if self.rest.len() != expected {
            return Err(BodyError::Length {
                expected,
                found: self.rest.len(),
            });
        }
        let computed = crate::egdb::crc32(self.rest);
        if computed != stored {
            return Err(BodyError::Checksum { stored, computed });
        }
        Ok(self.rest)
    }
}

/// A file: the header line `<magic> <fields> bytes … crc32 …` and `body`.
pub(crate) fn write(magic: &str, fields: &str, body: &[u8]) -> Vec<u8> {
    let mut out = format!(
        "{magic} {fields} bytes {} crc32 {:08x}\n",
        body.len(),
        crate::egdb::crc32(body)
    )
    .into_bytes();
    out.extend_from_slice(body);
    out
}
