//! Checks a database against the rules: every stored value must follow
//! from the values of the positions after each legal move
//! ([`Value::from_children`]): a win in `d` has a move to a position lost
//! in `d - 1` and none to a faster loss, a loss in `d` has only moves to
//! positions won (the longest in `d - 1`), a draw has no move to a lost
//! position and at least one to a drawn one. Values that satisfy this
//! everywhere are the values of the game: wins and losses are settled by
//! induction on the distance, and what is left over cannot be a win.

use super::index::{Canon, Material};
use super::tables::{value_of, Tables};
use super::value::{Value, NOT_STORED};
use crate::checkers::{Board, Move};

/// What a check found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VerifyReport {
    /// Positions whose stored value was re-derived.
    pub checked: u64,
    /// Positions whose stored value does not follow from their moves.
    pub inconsistent: u64,
    /// A few of them, as text: slice, position (PDN FEN), stored and derived values.
    pub examples: Vec<String>,
}

/// Re-derives every stored value of slice `m` (held in `tables` with every
/// slice its moves lead to). Calls `on_progress(done, total)` now and then.
pub fn verify_slice(
    tables: &Tables,
    m: Material,
    mut on_progress: impl FnMut(u64, u64),
) -> VerifyReport {
    let mut report = VerifyReport::default();
    let Some(slice) = tables.get(m) else {
        report.inconsistent = 1;
        report
            .examples
            .push(format!("slice {} is missing", m.name()));
        return report;
    };
    let index = &slice.index;
    let total = index.len();
    let mut moves: Vec<Move> = Vec::new();
    let mut children: Vec<Value> = Vec::new();
    index.for_each_position(|i, c| {
        let code = slice.values[i as usize];
        if (i + 1) & ((1 << 20) - 1) == 0 {
            on_progress(i + 1, total);
        }
        if code == NOT_STORED {
            return;
        }
        let board = c.board();
        moves.clear();
        board.generate(&mut moves);
        children.clear();
        let mut missing = None;
        for mv in &moves {
            let child = Canon::of(&board.play(mv));
            match value_of(tables, &child) {
                Some(v) => children.push(v),
                None => missing = Some(child.material()),
            }
        }
        report.checked += 1;
        let stored = Value::from_code(code);
        let derived = missing.map_or(Some(Value::from_children(children.iter().copied())), |_| {
            None
        });
        if stored != derived {
            report.inconsistent += 1;
            if report.examples.len() < 10 {
                report
                    .examples
                    .push(describe(m, &c, stored, derived, missing));
            }
        }
    });
    on_progress(total, total);
    report
}

fn describe(
    m: Material,
    c: &Canon,
    stored: Option<Value>,
    derived: Option<Value>,
    missing: Option<Material>,
) -> String {
    let fen = position_text(&c.board());
    match (derived, missing) {
        (_, Some(need)) => format!(
            "{} {fen}: slice {} needed by a move is missing",
            m.name(),
            need.name()
        ),
        (d, None) => format!(
            "{} {fen}: stored {}, its moves give {}",
            m.name(),
            stored.map_or("nothing".to_string(), |v| v.to_string()),
            d.map_or("nothing".to_string(), |v| v.to_string())
        ),
    }
}

/// The PDN FEN of a board (Black to move, as canonical positions are).
#[must_use]
pub fn position_text(b: &Board) -> String {
    use crate::checkers::Position;
    use crate::Color;
    let kings = b.kings;
    match Position::from_parts(
        b.side,
        b.pieces[Color::Red.index()] & !kings,
        b.pieces[Color::Red.index()] & kings,
        b.pieces[Color::Black.index()] & !kings,
        b.pieces[Color::Black.index()] & kings,
    ) {
        Ok(p) => crate::Position::to_text(&p),
        Err(e) => format!("(bad position: {e})"),
    }
}

/// What [`verify_dir`] reports as it goes.
#[derive(Clone, Debug, PartialEq)]
pub enum VerifyEvent {
    /// Checking a slice starts.
    Start(Material),
    /// Positions checked so far in the slice.
    Progress {
        /// Done.
        done: u64,
        /// Of.
        total: u64,
    },
    /// A slice was checked.
    Done {
        /// The slice.
        material: Material,
        /// What was found.
        report: VerifyReport,
        /// Seconds it took.
        seconds: f64,
    },
}

/// Checks every slice with 2 to `pieces` pieces in the database directory
/// `dir` (each file's checksum, then every stored value), holding in memory
/// only what the slice being checked needs. The report adds up all slices.
pub fn verify_dir(
    dir: &std::path::Path,
    pieces: u32,
    mut on: impl FnMut(VerifyEvent),
) -> Result<VerifyReport, super::EgdbError> {
    use super::{build_order, file_name, load_file, EgdbError};
    let mut tables = Tables::new();
    let mut total = VerifyReport::default();
    for n in 2..=pieces {
        for m in build_order(n) {
            if n == pieces {
                tables.release_before(m);
            }
            let pair = m.with_mirror();
            for &p in &pair {
                let path = dir.join(file_name(p));
                let packed = load_file(&path, p).map_err(|e| match e {
                    EgdbError::Io(why) => EgdbError::Io(format!("{}: {why}", path.display())),
                    other => EgdbError::Malformed(format!("{}: {other}", path.display())),
                })?;
                let slice = packed.unpack().ok_or_else(|| {
                    EgdbError::Malformed(format!("{}: a block does not decode", path.display()))
                })?;
                tables.insert(slice);
            }
            for &p in &pair {
                let t = web_time::Instant::now();
                on(VerifyEvent::Start(p));
                let report = verify_slice(&tables, p, |done, total| {
                    on(VerifyEvent::Progress { done, total });
                });
                total.checked += report.checked;
                total.inconsistent += report.inconsistent;
                for e in &report.examples {
                    if total.examples.len() < 10 {
                        total.examples.push(e.clone());
                    }
                }
                on(VerifyEvent::Done {
                    material: p,
                    report,
                    seconds: t.elapsed().as_secs_f64(),
                });
            }
        }
    }
    Ok(total)
}
