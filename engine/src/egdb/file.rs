//! The file format: compressed slices with a checksum.
//!
//! A file holds one or more slices (the directory written by `tiers egdb
//! build` has one file per slice; the browser's pack has them all):
//!
//! ```text
//! "TIEREGDB"  magic, 8 bytes
//! u16         format version (1)
//! u16         number of slices
//! u64         length of the whole file, in bytes
//! per slice:
//!   4 bytes   material: mover's kings, mover's men, other kings, other men
//!   u64       positions
//!   u32       positions per block
//!   u32       blocks
//!   u16       the longest win or loss in the slice, in plies
//!   u16       0
//!   u32 × (blocks + 1)  where each block's bytes start in the data, then the data length
//!   data      the blocks
//! u32         CRC-32 (IEEE) of every byte before it
//! ```
//!
//! All numbers are little-endian. A block holds the codes
//! ([`super::Value::to_code`]) of consecutive positions, compressed with
//! deflate: one byte each, or with two bytes per code the low bytes then
//! the high bytes. Positions where a capture is pending
//! are not stored: the writer gives them the code of the position before
//! them (longer runs compress better), and every reader resolves them
//! through their captures instead of reading them.

use super::build::MAX_BUILD_PIECES;
use super::index::{Material, SliceIndex};
use super::tables::Slice;
use super::value::NOT_STORED;
use core::fmt;
use std::sync::OnceLock;

/// The first bytes of every file.
pub const MAGIC: &[u8; 8] = b"TIEREGDB";
/// The format version this code reads and writes.
pub const VERSION: u16 = 1;
/// Positions per block: small blocks decode fast (a probe decodes one),
/// large ones compress better.
pub const BLOCK_POSITIONS: u32 = 4096;

/// Why database bytes cannot be used. Every variant says what is wrong in
/// one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EgdbError {
    /// Fewer bytes than the file says it has.
    Truncated {
        /// Bytes present.
        len: u64,
        /// Bytes the file should have.
        expected: u64,
    },
    /// The file does not start with the magic bytes.
    NotADatabase,
    /// A format version this code does not read.
    Version(u16),
    /// The checksum does not match: the bytes were damaged.
    Checksum {
        /// The checksum stored in the file.
        stored: u32,
        /// The checksum of the bytes read.
        computed: u32,
    },
    /// The bytes are intact but describe something impossible.
    Malformed(String),
    /// A file could not be read.
    Io(String),
}

impl fmt::Display for EgdbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EgdbError::Truncated { len, expected } => write!(
                f,
                "truncated endgame database: {len} bytes of {expected}"
            ),
            EgdbError::NotADatabase => f.write_str("not an endgame database (bad magic bytes)"),
            EgdbError::Version(v) => write!(
                f,
                "endgame database format version {v} is not supported (this program reads {VERSION})"
            ),
            EgdbError::Checksum { stored, computed } => write!(
                f,
                "corrupt endgame database: checksum {computed:08x} does not match the stored {stored:08x}"
            ),
            EgdbError::Malformed(why) => write!(f, "malformed endgame database: {why}"),
            EgdbError::Io(why) => write!(f, "cannot read the endgame database: {why}"),
        }
    }
}

impl std::error::Error for EgdbError {}

/// The CRC-32 tables for eight bytes at a time ("slicing-by-8"): table 0
/// is the usual byte-at-a-time table, table `k` advances a byte's CRC by
/// `k` more zero bytes.
const fn crc_tables() -> [[u32; 256]; 8] {
    let mut t = [[0u32; 256]; 8];
    let mut i = 0;
    while i < 256 {
        let mut c = i as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 {
                0xEDB8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
            k += 1;
        }
        t[0][i] = c;
        i += 1;
    }
    let mut k = 1;
    while k < 8 {
        let mut i = 0;
        while i < 256 {
            let c = t[k - 1][i];
            t[k][i] = t[0][(c & 0xFF) as usize] ^ (c >> 8);
            i += 1;
        }
        k += 1;
    }
    t
}

/// The tables, built on first use: as a constant they would be 8 KB of
/// data in the page's wasm (the APNG writer uses the CRC), which every
/// first visit downloads; built, they are 2,048 entries computed once.
fn tables() -> &'static [[u32; 256]; 8] {
    static TABLES: OnceLock<[[u32; 256]; 8]> = OnceLock::new();
    TABLES.get_or_init(crc_tables)
}

/// The CRC-32 (IEEE 802.3, as in gzip and PNG) of `bytes`.
///
/// ```
/// assert_eq!(tiers_engine::egdb::crc32(b"123456789"), 0xCBF4_3926);
/// ```
#[must_use]
pub fn crc32(bytes: &[u8]) -> u32 {
    let mut c = Crc32::new();
    c.update(bytes);
    c.finish()
}

/// A CRC-32 (IEEE 802.3, as in gzip and PNG) of bytes given in pieces (a
/// PNG chunk's type, then its data).
///
/// Eight bytes a step: a slice file is checked whole when a search first
/// needs it, so that time comes out of the search's (a 6-piece slice is up
/// to 40 MB; its first probe took 98 ms a byte a step and 52 ms eight
/// bytes a step, docs/measurements.md, "Endgame databases").
///
/// ```
/// use tiers_engine::egdb::Crc32;
/// let mut c = Crc32::new();
/// c.update(b"1234").update(b"56789");
/// assert_eq!(c.finish(), 0xCBF4_3926);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Crc32(u32);

impl Default for Crc32 {
    fn default() -> Self {
        Crc32::new()
    }
}

impl Crc32 {
    /// The CRC of no bytes yet.
    #[must_use]
    pub const fn new() -> Self {
        Crc32(!0)
    }

    /// Adds `bytes` after those given so far.
    pub fn update(&mut self, bytes: &[u8]) -> &mut Self {
        let t = tables();
        let mut c = self.0;
        let mut chunks = bytes.chunks_exact(8);
        for w in &mut chunks {
            let lo = c ^ u32::from_le_bytes([w[0], w[1], w[2], w[3]]);
            c = t[7][(lo & 0xFF) as usize]
                ^ t[6][((lo >> 8) & 0xFF) as usize]
                ^ t[5][((lo >> 16) & 0xFF) as usize]
                ^ t[4][(lo >> 24) as usize]
                ^ t[3][usize::from(w[4])]
                ^ t[2][usize::from(w[5])]
                ^ t[1][usize::from(w[6])]
                ^ t[0][usize::from(w[7])];
        }
        for &b in chunks.remainder() {
            c = t[0][((c ^ u32::from(b)) & 0xFF) as usize] ^ (c >> 8);
        }
        self.0 = c;
        self
    }

    /// The CRC of every byte given.
    #[must_use]
    pub const fn finish(&self) -> u32 {
        !self.0
    }
}

/// A slice's codes decoded: one byte each when they all fit, else two.
#[derive(Clone, Debug)]
pub enum Codes {
    /// Every code below 256.
    Narrow(Vec<u8>),
    /// Codes of two bytes.
    Wide(Vec<u16>),
}

impl Codes {
    /// The code of position `i`.
    #[must_use]
    #[inline]
    pub fn get(&self, i: usize) -> Option<u16> {
        match self {
            Codes::Narrow(v) => v.get(i).map(|&c| u16::from(c)),
            Codes::Wide(v) => v.get(i).copied(),
        }
    }

    /// Bytes held.
    #[must_use]
    pub fn bytes(&self) -> usize {
        match self {
            Codes::Narrow(v) => v.len(),
            Codes::Wide(v) => 2 * v.len(),
        }
    }
}

/// One slice, compressed: what a loaded database holds and a file stores.
#[derive(Clone, Debug)]
pub struct Packed {
    index: SliceIndex,
    block_positions: u32,
    longest: u16,
    /// Bytes per code, 1 or 2.
    width: u16,
    /// Where each block starts in `data`, and the end.
    offsets: Vec<u32>,
    data: Vec<u8>,
}

impl Packed {
    /// Compresses a slice (positions with a capture pending are not stored).
    #[must_use]
    pub fn encode(slice: &Slice) -> Packed {
        let index = &slice.index;
        let mut codes = slice.values.clone();
        let mut longest = 0u16;
        // Positions with a capture pending take the previous code.
        let mut prev = 0u16;
        index.for_each_position(|i, c| {
            let i = i as usize;
            if c.board().capturers() != 0 || codes[i] == NOT_STORED {
                codes[i] = prev;
            } else {
                prev = codes[i];
                longest = longest.max(prev.saturating_sub(1));
            }
        });
        let width = if codes.iter().all(|&c| c < 256) { 1 } else { 2 };
        let b = BLOCK_POSITIONS as usize;
        let mut offsets = Vec::with_capacity(codes.len() / b + 2);
        let mut data = Vec::new();
        let mut raw = Vec::with_capacity(2 * b);
        for chunk in codes.chunks(b) {
            offsets.push(data.len() as u32);
            raw.clear();
            raw.extend(chunk.iter().map(|&c| c as u8));
            if width == 2 {
                raw.extend(chunk.iter().map(|&c| (c >> 8) as u8));
            }
            data.extend_from_slice(&miniz_oxide::deflate::compress_to_vec(&raw, 9));
        }
        offsets.push(data.len() as u32);
        Packed {
            index: index.clone(),
            block_positions: BLOCK_POSITIONS,
            longest,
            width,
            offsets,
            data,
        }
    }

    /// The material.
    #[must_use]
    pub fn material(&self) -> Material {
        self.index.material()
    }

    /// The numbering.
    #[must_use]
    pub fn index(&self) -> &SliceIndex {
        &self.index
    }

    /// The longest win or loss stored, in plies.
    #[must_use]
    pub fn longest(&self) -> u16 {
        self.longest
    }

    /// Compressed bytes.
    #[must_use]
    pub fn compressed_len(&self) -> usize {
        self.data.len() + 4 * self.offsets.len() + 24
    }

    /// The block holding position `i`, and where in it.
    #[must_use]
    #[inline]
    pub fn block_of(&self, i: u64) -> (usize, usize) {
        let b = u64::from(self.block_positions);
        ((i / b) as usize, (i % b) as usize)
    }

    /// Decodes block `block` into `out` (its codes); `None` if its bytes
    /// do not decode (they passed the checksum, so only a file made by
    /// something else could do that).
    pub fn decode_block(&self, block: usize, out: &mut Vec<u16>) -> Option<()> {
        let mut raw = Vec::new();
        self.inflate_block(block, &mut raw)?;
        out.clear();
        if self.width == 1 {
            out.extend(raw.iter().map(|&l| u16::from(l)));
        } else {
            let (lo, hi) = raw.split_at(raw.len() / 2);
            out.extend(
                lo.iter()
                    .zip(hi)
                    .map(|(&l, &h)| u16::from(l) | u16::from(h) << 8),
            );
        }
        Some(())
    }

    /// Positions per block.
    #[must_use]
    pub fn block_positions(&self) -> u32 {
        self.block_positions
    }

    /// Bytes per code, 1 or 2.
    #[must_use]
    pub fn width(&self) -> u16 {
        self.width
    }

    /// Inflates block `block` into `raw` (its bytes as stored: one per
    /// position, or the low bytes then the high bytes); `None` if they do
    /// not inflate to the right length.
    pub fn inflate_block(&self, block: usize, raw: &mut Vec<u8>) -> Option<()> {
        let start = *self.offsets.get(block)? as usize;
        let end = *self.offsets.get(block + 1)? as usize;
        let b = u64::from(self.block_positions);
        let expected = (self.index.len().checked_sub(block as u64 * b)?).min(b) as usize;
        let want = usize::from(self.width) * expected;
        raw.clear();
        // One byte more than needed, to notice a block that inflates too long.
        raw.resize(want + 1, 0);
        let input = self.data.get(start..end)?;
        let got = miniz_oxide::inflate::decompress_slice_iter_to_slice(
            raw,
            core::iter::once(input),
            false,
            true,
        )
        .ok()?;
        if got != want {
            return None;
        }
        raw.truncate(want);
        Some(())
    }

    /// The whole slice decoded, positions with a capture pending marked
    /// [`NOT_STORED`]; `None` if a block does not decode.
    #[must_use]
    pub fn unpack(&self) -> Option<Slice> {
        let mut values = Vec::with_capacity(self.index.len() as usize);
        let mut block = Vec::new();
        for i in 0..self.offsets.len() - 1 {
            self.decode_block(i, &mut block)?;
            values.extend_from_slice(&block);
        }
        if values.len() as u64 != self.index.len() {
            return None;
        }
        self.index.for_each_position(|i, c| {
            if c.board().capturers() != 0 {
                values[i as usize] = NOT_STORED;
            }
        });
        Some(Slice {
            index: self.index.clone(),
            values,
        })
    }
}

/// Writes slices as one file's bytes.
#[must_use]
pub fn write(slices: &[&Packed]) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&(slices.len() as u16).to_le_bytes());
    let total = HEADER_LEN as u64
        + slices
            .iter()
            .map(|p| 24 + 4 * p.offsets.len() as u64 + p.data.len() as u64)
            .sum::<u64>()
        + 4;
    out.extend_from_slice(&total.to_le_bytes());
    for p in slices {
        let m = p.material();
        out.extend_from_slice(&[m.us_kings, m.us_men, m.them_kings, m.them_men]);
        out.extend_from_slice(&p.index.len().to_le_bytes());
        out.extend_from_slice(&p.block_positions.to_le_bytes());
        out.extend_from_slice(&((p.offsets.len() - 1) as u32).to_le_bytes());
        out.extend_from_slice(&p.longest.to_le_bytes());
        out.extend_from_slice(&p.width.to_le_bytes());
        for o in &p.offsets {
            out.extend_from_slice(&o.to_le_bytes());
        }
        out.extend_from_slice(&p.data);
    }
    let crc = crc32(&out);
    out.extend_from_slice(&crc.to_le_bytes());
    debug_assert_eq!(out.len() as u64, total);
    out
}

/// Magic bytes, version, slice count and length.
const HEADER_LEN: usize = 8 + 2 + 2 + 8;

/// A cursor over file bytes that reports truncation.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize, what: &'static str) -> Result<&'a [u8], EgdbError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        match end {
            Some(end) => {
                let s = &self.bytes[self.at..end];
                self.at = end;
                Ok(s)
            }
            None => Err(EgdbError::Malformed(format!("the bytes end inside {what}"))),
        }
    }

    fn u16(&mut self, what: &'static str) -> Result<u16, EgdbError> {
        let b = self.take(2, what)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }

    fn u32(&mut self, what: &'static str) -> Result<u32, EgdbError> {
        let b = self.take(4, what)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn u64(&mut self, what: &'static str) -> Result<u64, EgdbError> {
        let b = self.take(8, what)?;
        let mut a = [0u8; 8];
        a.copy_from_slice(b);
        Ok(u64::from_le_bytes(a))
    }
}

/// Reads one file's bytes: checks the magic bytes, the checksum, then that
/// every slice is what its material says.
pub fn read(bytes: &[u8]) -> Result<Vec<Packed>, EgdbError> {
    if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
        return Err(EgdbError::NotADatabase);
    }
    if bytes.len() < HEADER_LEN + 4 {
        return Err(EgdbError::Truncated {
            len: bytes.len() as u64,
            expected: (HEADER_LEN + 4) as u64,
        });
    }
    let mut r = Reader {
        bytes,
        at: MAGIC.len(),
    };
    let version = r.u16("the header")?;
    if version != VERSION {
        return Err(EgdbError::Version(version));
    }
    let count = r.u16("the header")?;
    let total = r.u64("the header")?;
    if (bytes.len() as u64) < total {
        return Err(EgdbError::Truncated {
            len: bytes.len() as u64,
            expected: total,
        });
    }
    if bytes.len() as u64 != total {
        return Err(EgdbError::Malformed(format!(
            "{} bytes where the header says {total}",
            bytes.len()
        )));
    }
    let (body, tail) = bytes.split_at(bytes.len() - 4);
    let stored = u32::from_le_bytes([tail[0], tail[1], tail[2], tail[3]]);
    let computed = crc32(body);
    if stored != computed {
        return Err(EgdbError::Checksum { stored, computed });
    }
    let mut r = Reader {
        bytes: body,
        at: HEADER_LEN,
    };
    let mut out = Vec::with_capacity(usize::from(count));
    for n in 0..count {
        let m = r.take(4, "a slice header")?;
        let material = Material {
            us_kings: m[0],
            us_men: m[1],
            them_kings: m[2],
            them_men: m[3],
        };
        let bad = |why: String| {
            EgdbError::Malformed(format!("slice {} ({}): {why}", n + 1, material.name()))
        };
        // The counts first: summing bytes of any value would overflow; then no
        // more pieces than a database is built with (the index of a larger
        // material alone takes seconds and gigabytes).
        if material.us_kings > 15
            || material.us_men > 12
            || material.them_kings > 15
            || material.them_men > 12
            || !material.is_stored()
            || material.pieces() > MAX_BUILD_PIECES
        {
            return Err(bad("not a material this format holds".into()));
        }
        let positions = r.u64("a slice header")?;
        let block_positions = r.u32("a slice header")?;
        let blocks = r.u32("a slice header")?;
        let longest = r.u16("a slice header")?;
        let width = r.u16("a slice header")?;
        if width != 1 && width != 2 {
            return Err(bad(format!("{width} bytes per code")));
        }
        let index = SliceIndex::new(material);
        if positions != index.len() {
            return Err(bad(format!(
                "{positions} positions where the material has {}",
                index.len()
            )));
        }
        if block_positions == 0
            || u64::from(blocks) != positions.div_ceil(u64::from(block_positions))
        {
            return Err(bad(format!(
                "{blocks} blocks of {block_positions} positions cannot hold {positions}"
            )));
        }
        let mut offsets = Vec::with_capacity(blocks as usize + 1);
        for _ in 0..=blocks {
            offsets.push(r.u32("a block index")?);
        }
        if offsets[0] != 0 || offsets.windows(2).any(|w| w[0] > w[1]) {
            return Err(bad("block offsets out of order".into()));
        }
        let data_len = *offsets.last().expect("blocks + 1 entries") as usize;
        let data = r.take(data_len, "the compressed blocks")?.to_vec();
        out.push(Packed {
            index,
            block_positions,
            longest,
            width,
            offsets,
            data,
        });
    }
    if r.at != body.len() {
        return Err(EgdbError::Malformed(format!(
            "{} bytes after the last slice",
            body.len() - r.at
        )));
    }
    Ok(out)
}

#[cfg(test)]
mod crc_tests {
    use super::{crc32, Crc32};

    /// The CRC a byte at a time, straight from the polynomial.
    fn bitwise(bytes: &[u8]) -> u32 {
        let mut c = !0u32;
        for &b in bytes {
            c ^= u32::from(b);
            for _ in 0..8 {
                c = if c & 1 != 0 {
                    0xEDB8_8320 ^ (c >> 1)
                } else {
                    c >> 1
                };
            }
        }
        !c
    }

    #[test]
    fn eight_bytes_a_step_agrees_with_the_polynomial_at_every_length_and_offset() {
        // Bytes from a fixed linear congruential sequence.
        let mut x = 0x2545_F491_u32;
        let data: Vec<u8> = (0..4096)
            .map(|_| {
                x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                (x >> 24) as u8
            })
            .collect();
        for start in 0..9 {
            for len in (0..200).chain([1000, 4087]) {
                let part = &data[start..start + len];
                assert_eq!(crc32(part), bitwise(part), "offset {start}, {len} bytes");
            }
        }
        // In two pieces, cut anywhere: the same CRC.
        let part = &data[3..300];
        for cut in 0..=part.len() {
            let mut c = Crc32::new();
            c.update(&part[..cut]).update(&part[cut..]);
            assert_eq!(c.finish(), bitwise(part), "cut at {cut}");
        }
        assert_eq!(crc32(b""), 0);
        assert_eq!(
            crc32(b"The quick brown fox jumps over the lazy dog"),
            0x414F_A339
        );
    }
}
