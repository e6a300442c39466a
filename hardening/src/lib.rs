//! Property checks of every reader of the engine, the tournament crate and
//! the app (its core, `tiers-core`: links, embed commands, kept records,
//! course files; the endgame database file; the evaluation weights files),
//! shared by the fuzz targets (`fuzz/`, cargo-fuzz) and the corpus replay
//! test (`tests/corpus.rs`, part of the normal `cargo test`).
//!
//! Each reader has a `check_*` function that feeds it one input and
//! checks, beyond "no panic":
//! - it returns a value or a typed error whose message is not empty;
//! - what it returns writes back and reads again to the same value (round
//!   trip), and the written form is a fixed point;
//! - a returned position is legal by the engine's own validation, its
//!   hash is right and its moves' texts read back;
//! - reading takes at most [`TIME_BOUND`] and allocates at most
//!   [`ALLOC_BOUND`] (measured when [`alloc::Counting`] is the global
//!   allocator), and input longer than a reader's limit is refused.
//!
//! [`targets`] decodes a fuzzer input (raw text, or structure-aware: a
//! leading byte from `0xF8` on, never in UTF-8 text, switches to
//! generated near-valid inputs, see [`gen`]) and runs the checks; the
//! fuzz targets and the replay test call the same functions.
//!
//! ```
//! use tiers_hardening::{check_tfen, targets};
//! check_tfen("8/8/8/3u[k]4/8/8/8/U[M]7 b 3 12").unwrap();
//! check_tfen("8/8/8/8/8/8/8/K[M]7 r").unwrap(); // refused, with a message: fine
//! targets::run("json", b"{\"a\": [1, 2]}").unwrap();
//! ```

pub mod alloc;
pub mod app;
mod bracket;
mod engine;
pub mod gen;
pub mod targets;

pub use app::{
    check_archive, check_boot, check_collection, check_course, check_egdb, check_embed_command,
    check_language, check_lesson_progress, check_live_link, check_live_message, check_openings,
    check_preferences, check_saved_game, check_stun, check_tournament_store, check_url,
};
pub use bracket::{check_json, check_tournament};
pub use engine::{
    check_checkers_move, check_checkers_setup, check_fen, check_pdn, check_tfen, check_tiers_move,
    check_tiers_setup, check_weights,
};

use core::fmt;
use std::time::{Duration, Instant};

/// The most CPU time one reader may take on one input.
pub const TIME_BOUND: Duration = Duration::from_millis(100);

/// The most memory one reader may hold at once while reading one input.
pub const ALLOC_BOUND: usize = 64 << 20;

/// A property that does not hold: which, and on what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation(pub String);

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Violation {}

/// What a check function returns.
pub type Checked = Result<(), Violation>;

/// Fails with a message.
pub(crate) fn fail<T>(what: impl Into<String>) -> Result<T, Violation> {
    Err(Violation(what.into()))
}

/// Shortens an input for a message.
pub(crate) fn show(text: &str) -> String {
    const MAX: usize = 120;
    if text.chars().count() <= MAX {
        format!("{text:?}")
    } else {
        let head: String = text.chars().take(MAX).collect();
        format!("{head:?}… ({} bytes)", text.len())
    }
}

/// The CPU time this thread has used (on Unix; elsewhere the time since
/// an arbitrary start, which a busy machine stretches).
fn thread_time() -> Duration {
    #[cfg(unix)]
    {
        let mut t = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `t` is a valid timespec for the call to fill in.
        if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0 {
            return Duration::new(t.tv_sec as u64, t.tv_nsec as u32);
        }
    }
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    START.get_or_init(Instant::now).elapsed()
}

/// Runs one reader on one input within the bounds: its result, or a
/// violation when it used more than [`TIME_BOUND`] of CPU time (twice in
/// a row) or held more than [`ALLOC_BOUND`].
pub(crate) fn bounded<T>(reader: &str, input: &str, read: impl Fn() -> T) -> Result<T, Violation> {
    let mut tries = 0;
    loop {
        let mark = alloc::mark();
        let start = thread_time();
        let value = read();
        let took = thread_time().saturating_sub(start);
        let held = alloc::peak_since(mark);
        if held > ALLOC_BOUND {
            return fail(format!(
                "{reader} held {} MB reading {}",
                held >> 20,
                show(input)
            ));
        }
        tries += 1;
        if took <= TIME_BOUND {
            return Ok(value);
        }
        if tries == 2 {
            return fail(format!(
                "{reader} took {} ms reading {}",
                took.as_millis(),
                show(input)
            ));
        }
    }
}

/// Checks that a message the page shows (a catalogue key and its
/// arguments) says something in English: its key and every message in its
/// arguments are in the catalogue.
pub(crate) fn has_words(reader: &str, input: &str, text: &tiers_core::i18n::Text) -> Checked {
    let words = text.english();
    if words.contains("<missing ") {
        return fail(format!(
            "{reader} refused {} with a message not in the catalogue: {words}",
            show(input)
        ));
    }
    has_message(reader, input, &words)
}

/// Checks that an error's message says something.
pub(crate) fn has_message(reader: &str, input: &str, err: &dyn fmt::Display) -> Checked {
    if err.to_string().trim().is_empty() {
        return fail(format!(
            "{reader} refused {} with an empty message",
            show(input)
        ));
    }
    Ok(())
}
