//! Building a database directory: every slice up to a number of pieces,
//! solved in order, each written to its own file as soon as it is solved.
//! Slices whose files are already there and intact are read instead of
//! solved again, so an interrupted build resumes.

use super::build_order;
use super::db::{file_name, load_file};
use super::file::{self, Packed};
use super::index::{Material, SliceIndex};
use super::solve::{solve_pair, SolveError};
use super::tables::Tables;
use core::fmt;
use std::path::Path;
use web_time::Instant;

/// What a build reports as it goes.
#[derive(Clone, Debug, PartialEq)]
pub enum BuildEvent {
    /// Solving `material` and its mirror starts.
    Start {
        /// The material.
        material: Material,
        /// Positions of both slices.
        positions: u64,
    },
    /// Men configurations solved so far in the current pair.
    Progress {
        /// Solved.
        done: u64,
        /// Of.
        total: u64,
    },
    /// A slice was solved and written.
    Written {
        /// The material.
        material: Material,
        /// Its positions.
        positions: u64,
        /// Seconds spent solving it (with its mirror) and writing it.
        seconds: f64,
        /// Its file's size.
        bytes: u64,
        /// Its longest win or loss, in plies.
        longest: u16,
    },
    /// A slice's file was already there and intact.
    Kept {
        /// The material.
        material: Material,
        /// Its file's size.
        bytes: u64,
    },
    /// Every slice with this many pieces is done.
    PiecesDone {
        /// The number of pieces.
        pieces: u32,
        /// Positions stored in those slices.
        positions: u64,
        /// Seconds spent on them.
        seconds: f64,
        /// Their files' total size.
        bytes: u64,
    },
}

/// A build that failed.
#[derive(Debug)]
pub enum BuildError {
    /// The directory or a file could not be written or read.
    Io(String),
    /// The solver stopped.
    Solve(SolveError),
    /// A slice just built does not decode (a bug, reported rather than written).
    Decode(Material),
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::Io(e) => f.write_str(e),
            BuildError::Solve(e) => e.fmt(f),
            BuildError::Decode(m) => write!(f, "slice {} does not decode after packing", m.name()),
        }
    }
}

impl std::error::Error for BuildError {}

/// The most pieces `build` accepts.
pub const MAX_BUILD_PIECES: u32 = 8;

/// Builds every slice with 2 to `pieces` pieces into `dir`.
pub fn build(dir: &Path, pieces: u32, mut on: impl FnMut(BuildEvent)) -> Result<(), BuildError> {
    std::fs::create_dir_all(dir).map_err(|e| BuildError::Io(format!("{}: {e}", dir.display())))?;
    let mut tables = Tables::new();
    for n in 2..=pieces {
        let started = Instant::now();
        let (mut positions, mut bytes) = (0u64, 0u64);
        for m in build_order(n) {
            if n == pieces {
                tables.release_before(m);
            }
            let pair = m.with_mirror();
            let kept: Option<Vec<Packed>> = pair
                .iter()
                .map(|&p| load_file(&dir.join(file_name(p)), p).ok())
                .collect();
            if let Some(kept) = kept {
                for p in kept {
                    let material = p.material();
                    let size = file_size(dir, material);
                    positions += p.index().len();
                    bytes += size;
                    tables.insert(p.unpack().ok_or(BuildError::Decode(material))?);
                    on(BuildEvent::Kept {
                        material,
                        bytes: size,
                    });
                }
                continue;
            }
            let t = Instant::now();
            let total: u64 = pair.iter().map(|&p| SliceIndex::new(p).len()).sum();
            on(BuildEvent::Start {
                material: m,
                positions: total,
            });
            solve_pair(&mut tables, m, |done, total| {
                on(BuildEvent::Progress { done, total });
            })
            .map_err(BuildError::Solve)?;
            for &p in &pair {
                let slice = tables.get(p).expect("solved just now");
                let packed = Packed::encode(slice);
                let data = file::write(&[&packed]);
                let path = dir.join(file_name(p));
                let tmp = dir.join(format!("{}.tmp", file_name(p)));
                std::fs::write(&tmp, &data)
                    .and_then(|()| std::fs::rename(&tmp, &path))
                    .map_err(|e| BuildError::Io(format!("{}: {e}", path.display())))?;
                positions += slice.index.len();
                bytes += data.len() as u64;
                on(BuildEvent::Written {
                    material: p,
                    positions: slice.index.len(),
                    seconds: t.elapsed().as_secs_f64(),
                    bytes: data.len() as u64,
                    longest: packed.longest(),
                });
            }
        }
        on(BuildEvent::PiecesDone {
            pieces: n,
            positions,
            seconds: started.elapsed().as_secs_f64(),
            bytes,
        });
    }
    Ok(())
}

fn file_size(dir: &Path, m: Material) -> u64 {
    std::fs::metadata(dir.join(file_name(m))).map_or(0, |md| md.len())
}
