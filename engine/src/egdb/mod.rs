//! Endgame databases for checkers: the exact value (win, loss or draw, and
//! in how many plies) of every position with few pieces, computed by the
//! engine itself with its own move generator, so the tables follow
//! RULES.md §1 exactly (forced capture, complete multi-jumps, a man crowned
//! ends its move, one position one move).
//!
//! - [`build`]: solves every slice (a material: how many kings and men each
//!   side has) up to a number of pieces, smallest first, and writes one
//!   compressed file per slice (`tiers egdb build`);
//! - [`Egdb`]: a loaded database, from a directory ([`Egdb::open_dir`],
//!   files read when first needed) or from one file's bytes
//!   ([`Egdb::from_bytes`], for the browser: `tiers egdb pack`), probed with
//!   [`Egdb::probe`];
//! - [`verify_slice`]: re-derives every stored value from its moves
//!   (`tiers egdb verify`).
//!
//! Positions are stored with the side to move always moving like Black
//! (the board turned half round and the colours swapped when Red is to
//! move), so each position is stored once, and [`count_positions`] gives
//! the counts published for Chinook. Positions where the side to move
//! must capture are not stored: their value follows from the positions
//! after each capture, which have fewer pieces.
//!
//! The search uses a database through [`crate::search::Searcher::set_egdb`].

mod build;
mod db;
mod file;
mod index;
mod solve;
mod tables;
mod value;
mod verify;

pub use build::{build, BuildError, BuildEvent, MAX_BUILD_PIECES};
pub use db::{file_name, load_file, Egdb};
pub use file::{crc32, read, write, Codes, Crc32, EgdbError, Packed, BLOCK_POSITIONS};
pub use index::{count_positions, Canon, Material, SliceIndex};
pub use solve::{solve_pair, SolveError};
pub use tables::{value_of, Lookup, Slice, Tables};
pub use value::{Value, MAX_DISTANCE, NOT_STORED};
pub use verify::{position_text, verify_dir, verify_slice, VerifyEvent, VerifyReport};

use std::path::{Path, PathBuf};

/// Every stored material with `n` pieces, in build order: fewer men first
/// (a crowning leads to a slice with one man less); of a material and its
/// mirror (the same pieces, the other side to move, solved together) only
/// one is listed.
#[must_use]
pub fn build_order(n: u32) -> Vec<Material> {
    let mut all: Vec<Material> = Material::all_with(n)
        .into_iter()
        .filter(Material::is_stored)
        .collect();
    all.sort_by_key(|m| (m.men(), *m.max(&m.swapped())));
    let mut out: Vec<Material> = Vec::new();
    for m in all {
        if !out.contains(&m.swapped()) {
            out.push(m);
        }
    }
    out
}

/// Every stored material with at most `n` pieces, fewest pieces first.
#[must_use]
pub fn materials_up_to(n: u32) -> Vec<Material> {
    (2..=n)
        .flat_map(|k| {
            Material::all_with(k)
                .into_iter()
                .filter(Material::is_stored)
        })
        .collect()
}

/// Where `tiers bestmove` and `tiers selfplay` look for a database when
/// given none: `$XDG_CACHE_HOME/tiers/egdb`, else `$HOME/.cache/tiers/egdb`.
#[must_use]
pub fn default_dir() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CACHE_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|v| !v.is_empty())
                .map(|h| PathBuf::from(h).join(".cache"))
        })?;
    Some(base.join("tiers").join("egdb"))
}

/// One file holding every slice with at most `pieces` pieces from the
/// database directory `dir` (what [`Egdb::from_bytes`] reads).
pub fn pack(dir: &Path, pieces: u32) -> Result<Vec<u8>, EgdbError> {
    let mut slices = Vec::new();
    for m in materials_up_to(pieces) {
        let path = dir.join(file_name(m));
        let p = load_file(&path, m).map_err(|e| match e {
            EgdbError::Io(why) => EgdbError::Io(format!("{}: {why}", path.display())),
            other => EgdbError::Malformed(format!("{}: {other}", path.display())),
        })?;
        slices.push(p);
    }
    let refs: Vec<&Packed> = slices.iter().collect();
    Ok(write(&refs))
}
