//! A loaded database: compressed slices, from bytes (the browser) or from a
//! directory (natively, each slice's file read when first needed), probed
//! position by position.

use super::file::{self, Codes, EgdbError, Packed};
use super::index::{Canon, Material};
use super::tables::{value_of, Lookup};
use super::value::{Value, NOT_STORED};
use crate::checkers::{self, Move};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

/// The file name of a slice in a database directory.
#[must_use]
pub fn file_name(m: Material) -> String {
    format!("{}.egdb", m.name())
}

/// One slice: loaded, or where to load it from.
#[derive(Debug)]
struct Entry {
    path: Option<PathBuf>,
    packed: OnceLock<Option<Packed>>,
    /// The slice's blocks decoded so far, in place.
    decoded: Mutex<Option<Decoded>>,
}

/// A slice's codes, filled in a block at a time as probes need them: the
/// array is allocated zeroed (natively the system maps its pages only when
/// written), each block inflated at most once, and a probe of a decoded
/// block is an array read.
#[derive(Debug)]
struct Decoded {
    codes: Codes,
    /// One bit per block: inflated into `codes`.
    done: Vec<u64>,
    /// Inflate buffer.
    raw: Vec<u8>,
}

/// Bytes of decoded blocks one database keeps in place (see [`Decoded`]);
/// past that, blocks are decoded into a small cache and may be decoded
/// again.
const DECODED_BUDGET: usize = 1 << 30;

/// Decoded blocks kept for the next probes (direct-mapped).
#[derive(Debug)]
struct Cache {
    lines: Vec<(u64, Vec<u16>)>,
}

const CACHE_LINES: usize = 1024;
const EMPTY_LINE: u64 = u64::MAX;

/// An endgame database: win, loss or draw, with the distance to the end, of
/// every checkers position with few enough pieces.
///
/// ```no_run
/// use tiers_engine::egdb::Egdb;
/// use tiers_engine::{checkers, Position};
/// let bytes = std::fs::read("egdb-4.bin").unwrap();
/// let db = Egdb::from_bytes(&bytes).unwrap(); // checksum checked here
/// let pos = checkers::Position::parse("W:WK19,K23:B12,K28").unwrap();
/// println!("{:?}", db.probe(&pos)); // Some(Win(..)): First Position
/// ```
#[derive(Debug)]
pub struct Egdb {
    entries: Vec<(Material, Entry)>,
    max_pieces: u32,
    /// Pieces of the largest slice present.
    largest: u32,
    /// Bytes left for decoded blocks kept in place.
    budget: AtomicUsize,
    cache: Mutex<Cache>,
    errors: Mutex<Vec<String>>,
}

impl Egdb {
    fn with_entries(entries: Vec<(Material, Entry)>) -> Egdb {
        let have: Vec<Material> = entries.iter().map(|(m, _)| *m).collect();
        let mut max_pieces = 1;
        for n in 2..=15 {
            let complete = Material::all_with(n)
                .into_iter()
                .filter(Material::is_stored)
                .all(|m| have.contains(&m));
            if !complete {
                break;
            }
            max_pieces = n;
        }
        let largest = have.iter().map(Material::pieces).max().unwrap_or(0);
        let mut entries = entries;
        entries.sort_by_key(|(m, _)| *m);
        Egdb {
            entries,
            max_pieces,
            largest,
            budget: AtomicUsize::new(DECODED_BUDGET),
            cache: Mutex::new(Cache {
                lines: (0..CACHE_LINES).map(|_| (EMPTY_LINE, Vec::new())).collect(),
            }),
            errors: Mutex::new(Vec::new()),
        }
    }

    /// A database from one file's bytes (as written by `tiers egdb pack`):
    /// no file system needed, as in a browser. The checksum and structure
    /// are checked here; a damaged or truncated file gives a one-line error.
    pub fn from_bytes(bytes: &[u8]) -> Result<Egdb, EgdbError> {
        let slices = file::read(bytes)?;
        let mut entries = Vec::with_capacity(slices.len());
        for p in slices {
            let m = p.material();
            if entries.iter().any(|(e, _): &(Material, Entry)| *e == m) {
                return Err(EgdbError::Malformed(format!(
                    "slice {} is there twice",
                    m.name()
                )));
            }
            let cell = OnceLock::new();
            let _ = cell.set(Some(p));
            entries.push((
                m,
                Entry {
                    path: None,
                    packed: cell,
                    decoded: Mutex::new(None),
                },
            ));
        }
        Ok(Egdb::with_entries(entries))
    }

    /// The database in directory `dir` (as written by `tiers egdb build`).
    /// Files are read and checked when a probe first needs them; a file
    /// that turns out damaged leaves its positions unknown and is reported
    /// by [`Egdb::errors`].
    pub fn open_dir(dir: &Path) -> Result<Egdb, EgdbError> {
        let listing =
            std::fs::read_dir(dir).map_err(|e| EgdbError::Io(format!("{}: {e}", dir.display())))?;
        let mut entries = Vec::new();
        for item in listing {
            let item = item.map_err(|e| EgdbError::Io(format!("{}: {e}", dir.display())))?;
            let name = item.file_name();
            let Some(name) = name.to_str() else { continue };
            let Some(stem) = name.strip_suffix(".egdb") else {
                continue;
            };
            let Some(m) = Material::parse(stem) else {
                continue;
            };
            if m.is_stored() {
                entries.push((
                    m,
                    Entry {
                        path: Some(item.path()),
                        packed: OnceLock::new(),
                        decoded: Mutex::new(None),
                    },
                ));
            }
        }
        if entries.is_empty() {
            return Err(EgdbError::Io(format!(
                "{}: no endgame database files (*.egdb)",
                dir.display()
            )));
        }
        Ok(Egdb::with_entries(entries))
    }

    /// The most pieces for which every slice is present: the database
    /// knows every position with this many pieces or fewer.
    #[must_use]
    pub fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    /// The pieces of the largest slice present: positions with more are
    /// never in the database (those with fewer may be, see
    /// [`Egdb::probe`]).
    #[must_use]
    pub fn largest_slice(&self) -> u32 {
        self.largest.max(self.max_pieces)
    }

    /// The materials present.
    #[must_use]
    pub fn materials(&self) -> Vec<Material> {
        self.entries.iter().map(|(m, _)| *m).collect()
    }

    /// Problems met while reading files, one line each.
    #[must_use]
    pub fn errors(&self) -> Vec<String> {
        self.errors.lock().map(|e| e.clone()).unwrap_or_default()
    }

    /// The slice of `m`, read from its file on first use (`None` if absent
    /// or damaged).
    pub fn packed(&self, m: Material) -> Option<&Packed> {
        let i = self.entries.binary_search_by_key(&m, |(e, _)| *e).ok()?;
        let entry = &self.entries[i].1;
        entry
            .packed
            .get_or_init(|| {
                let path = entry.path.as_ref()?;
                match load_file(path, m) {
                    Ok(p) => Some(p),
                    Err(e) => {
                        if let Ok(mut errors) = self.errors.lock() {
                            errors.push(format!("{}: {e}", path.display()));
                        }
                        None
                    }
                }
            })
            .as_ref()
    }

    /// The value of `pos` for its side to move, or `None` when a slice it
    /// needs is not in the database (or its file is damaged).
    /// A pending capture is resolved through the positions after it.
    #[must_use]
    pub fn probe(&self, pos: &checkers::Position) -> Option<Value> {
        self.probe_board(pos.board())
    }

    /// [`Egdb::probe`] for a bare board.
    #[must_use]
    pub fn probe_board(&self, board: &checkers::Board) -> Option<Value> {
        if board.occupied().count_ones() > self.largest_slice() {
            return None;
        }
        value_of(self, &Canon::of(board))
    }

    /// Every legal move of `pos` with the value of the position it leads
    /// to for the side that moves (a win for the mover is `Value::Win`),
    /// or `None` outside the database.
    #[must_use]
    pub fn moves(&self, pos: &checkers::Position) -> Option<Vec<(Move, Value)>> {
        if pos.occupied().count_ones() > self.largest_slice() {
            return None;
        }
        let mut out = Vec::new();
        for mv in pos.moves() {
            let child = Canon::of(&pos.board().play(&mv));
            let v = match value_of(self, &child)? {
                Value::Win(d) => Value::Loss(d + 1),
                Value::Loss(d) => Value::Win(d + 1),
                Value::Draw => Value::Draw,
            };
            out.push((mv, v));
        }
        Some(out)
    }

    /// Takes `bytes` from the budget for decoded blocks, if there are that
    /// many left.
    fn reserve(&self, bytes: usize) -> bool {
        self.budget
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |left| {
                left.checked_sub(bytes)
            })
            .is_ok()
    }

    /// The stored code of position `i` of a slice: from the blocks decoded
    /// in place, or through the block cache once the budget is spent.
    fn code(&self, m: Material, i: u64) -> Option<u16> {
        let packed = self.packed(m)?;
        let slot = self.entries.binary_search_by_key(&m, |(e, _)| *e).ok()?;
        let (block, at) = packed.block_of(i);
        let per_block = packed.block_positions() as usize;
        {
            let mut guard = self.entries[slot].1.decoded.lock().ok()?;
            let len = packed.index().len() as usize;
            let decoded = guard.get_or_insert_with(|| Decoded {
                codes: if packed.width() == 1 {
                    Codes::Narrow(vec![0; len])
                } else {
                    Codes::Wide(vec![0; len])
                },
                done: vec![0; len / per_block / 64 + 1],
                raw: Vec::new(),
            });
            let bit = 1u64 << (block % 64);
            let have = decoded.done[block / 64] & bit != 0;
            let bytes = per_block * usize::from(packed.width());
            if have || self.reserve(bytes) {
                if !have {
                    packed.inflate_block(block, &mut decoded.raw)?;
                    let start = block * per_block;
                    match &mut decoded.codes {
                        Codes::Narrow(v) => {
                            v.get_mut(start..start + decoded.raw.len())?
                                .copy_from_slice(&decoded.raw);
                        }
                        Codes::Wide(v) => {
                            let n = decoded.raw.len() / 2;
                            let (lo, hi) = decoded.raw.split_at(n);
                            for (k, (l, h)) in v
                                .get_mut(start..start + n)?
                                .iter_mut()
                                .zip(lo.iter().zip(hi))
                            {
                                *k = u16::from(*l) | u16::from(*h) << 8;
                            }
                        }
                    }
                    decoded.done[block / 64] |= bit;
                }
                return decoded.codes.get(i as usize);
            }
        }
        let slot = slot as u64;
        let key = slot << 32 | block as u64;
        let line = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 56) as usize % CACHE_LINES;
        let mut cache = self.cache.lock().ok()?;
        let entry = &mut cache.lines[line];
        if entry.0 != key {
            entry.0 = EMPTY_LINE;
            packed.decode_block(block, &mut entry.1)?;
            entry.0 = key;
        }
        entry.1.get(at).copied()
    }
}

impl Lookup for Egdb {
    fn stored(&self, c: &Canon) -> Option<u16> {
        if c.board().capturers() != 0 {
            return Some(NOT_STORED);
        }
        let m = c.material();
        let packed = self.packed(m)?;
        self.code(m, packed.index().index(c))
    }
}

/// Reads a slice file, which must hold the slice `m` alone.
pub fn load_file(path: &Path, m: Material) -> Result<Packed, EgdbError> {
    let bytes = std::fs::read(path).map_err(|e| EgdbError::Io(e.to_string()))?;
    let mut slices = file::read(&bytes)?;
    if slices.len() != 1 || slices[0].material() != m {
        return Err(EgdbError::Malformed(format!(
            "the file should hold slice {} alone",
            m.name()
        )));
    }
    Ok(slices.remove(0))
}
