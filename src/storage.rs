//! The device's storage (the browser's `localStorage`): the only code that
//! touches it. Each record the app keeps ([`Kept`]) has its key
//! (`tiers.saved`, `tiers.archive`, `tiers.tournaments`, `tiers.previous`,
//! `tiers.lessons`, `tiers.preferences`, `tiers.puzzles`, `tiers.analysis`,
//! `tiers.openings`);
//! what could not be read is kept under `tiers.set-aside.<name>` rather
//! than deleted. The formats themselves (versioned JSON) are the core's
//! ([`crate::core::library::saved`], [`crate::core::library::archive`],
//! [`crate::core::tournament::store`]); [`crate::hooks::use_persistence`]
//! writes each record when it changes. Storage can be missing (blocked by
//! the browser) or full: writing then fails with a message and the page
//! goes on.

use crate::core::boot::{Kept, Stored};
use crate::core::i18n::errors::storage_refused;
use crate::core::i18n::Text;

/// The key a record is kept under.
#[must_use]
pub fn key(kept: Kept) -> String {
    format!("tiers.{}", kept.name())
}

/// The key of a record's text that could not be read.
#[must_use]
pub fn aside_key(kept: Kept) -> String {
    format!("tiers.set-aside.{}", kept.name())
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

fn get(key: &str) -> Option<String> {
    storage()?.get_item(key).ok().flatten()
}

fn set(key: &str, value: &str) -> Result<(), Text> {
    let s = storage().ok_or_else(|| storage_refused(None))?;
    s.set_item(key, value).map_err(|e| {
        let name = js_sys::Reflect::get(&e, &"name".into())
            .ok()
            .and_then(|v| v.as_string())
            .unwrap_or_default();
        storage_refused(Some(&name))
    })
}

/// What the device keeps, as text.
#[must_use]
pub fn read() -> Stored {
    Stored {
        saved: get(&key(Kept::Saved)),
        archive: get(&key(Kept::Archive)),
        tournaments: get(&key(Kept::Tournaments)),
        lessons: get(&key(Kept::Lessons)),
        preferences: get(&key(Kept::Preferences)),
        puzzles: get(&key(Kept::Puzzles)),
        analysis: get(&key(Kept::Analysis)),
        openings: get(&key(Kept::Openings)),
    }
}

/// The text of one kept record.
#[must_use]
pub fn read_one(kept: Kept) -> Option<String> {
    get(&key(kept))
}

/// Keeps `text` for a record (None: removes it); the error says why not
/// (storage blocked or full).
pub fn write(kept: Kept, text: Option<&str>) -> Result<(), Text> {
    match text {
        Some(t) => set(&key(kept), t),
        None => {
            if let Some(s) = storage() {
                let _ = s.remove_item(&key(kept));
            }
            Ok(())
        }
    }
}

/// Keeps a record's unreadable text aside (the latest only).
pub fn set_aside(kept: Kept, text: &str) {
    let _ = set(&aside_key(kept), text);
}

/// The key of the page's language, chosen in Settings (read by
/// assets/boot.js before the wasm starts, so kept as a plain tag).
pub const LANGUAGE_KEY: &str = "tiers.language";

/// Keeps the language chosen in Settings (its tag); failing to keep it
/// only means the next visit follows the browser's language.
pub fn set_language(tag: &str) {
    let _ = set(LANGUAGE_KEY, tag);
}

/// The key of live play's STUN servers (a setting of its own, read when a
/// connection is made: `tiers_core::live::stun`).
pub const STUN_KEY: &str = "tiers.stun";

/// Live play's STUN servers as kept (none if there is no record), and
/// what was wrong with a record that could not be read: it is set aside
/// (`tiers.set-aside.stun`) and removed, and none are used.
#[must_use]
pub fn stun() -> (crate::core::live::stun::Stun, Option<Text>) {
    use crate::core::live::stun::Stun;
    let Some(text) = get(STUN_KEY) else {
        return (Stun::default(), None);
    };
    match Stun::read(&text) {
        Ok(s) => (s, None),
        Err(e) => {
            let _ = set("tiers.set-aside.stun", &text);
            if let Some(s) = storage() {
                let _ = s.remove_item(STUN_KEY);
            }
            (Stun::default(), Some(e))
        }
    }
}

/// Keeps live play's STUN servers (none: the record is removed).
pub fn set_stun(servers: &crate::core::live::stun::Stun) -> Result<(), Text> {
    if servers.urls.is_empty() {
        if let Some(s) = storage() {
            let _ = s.remove_item(STUN_KEY);
        }
        return Ok(());
    }
    set(STUN_KEY, &servers.to_json())
}
