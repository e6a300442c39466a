//! The browser's `localStorage`: the saved game (`tiers.saved`), the
//! archive (`tiers.archive`), and what could not be read, set aside under
//! `tiers.set-aside.saved` / `tiers.set-aside.archive` rather than deleted.
//! Storage can be missing (blocked by the browser) or full: saving then
//! fails with a message and the page goes on.

use std::rc::Rc;

use yew::Reducible;

use super::archive::{Archive, ReadArchive};
use super::{saved, share};
use crate::state::{Action, GameState};

/// The key of the saved game and settings.
pub const SAVED_KEY: &str = "tiers.saved";
/// The key of the archive.
pub const ARCHIVE_KEY: &str = "tiers.archive";
/// The prefix of the keys holding what could not be read.
pub const ASIDE_PREFIX: &str = "tiers.set-aside.";
/// The key of the game in progress that a share link replaced.
pub const PREVIOUS_KEY: &str = "tiers.previous";

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The text stored under `key`.
#[must_use]
pub fn get(key: &str) -> Option<String> {
    storage()?.get_item(key).ok().flatten()
}

/// Stores `value` under `key`; the error says why not (storage blocked or
/// full).
pub fn set(key: &str, value: &str) -> Result<(), String> {
    let s = storage().ok_or("the browser does not allow this page to store data")?;
    s.set_item(key, value).map_err(|e| {
        let name = js_sys::Reflect::get(&e, &"name".into())
            .ok()
            .and_then(|v| v.as_string())
            .unwrap_or_default();
        if name.contains("Quota") {
            "the browser's storage for this page is full".to_string()
        } else {
            format!("the browser refused to store it ({name})")
        }
    })
}

/// Removes `key`.
pub fn remove(key: &str) {
    if let Some(s) = storage() {
        let _ = s.remove_item(key);
    }
}

/// Keeps unreadable data under `tiers.set-aside.<what>` (the latest only).
fn set_aside(what: &str, text: &str) {
    let _ = set(&format!("{ASIDE_PREFIX}{what}"), text);
}

/// Milliseconds since 1970.
#[must_use]
pub fn now() -> u64 {
    js_sys::Date::now() as u64
}

/// A new game id: the time in milliseconds and three random digits.
#[must_use]
pub fn new_id() -> u64 {
    now() * 1000 + (js_sys::Math::random() * 1000.0) as u64
}

/// The state the app starts in, and notices about stored data that could
/// not be read.
#[derive(Clone)]
pub struct Boot {
    /// The initial state (the saved game restored, if any).
    pub state: GameState,
    /// What went wrong, for the notice bar.
    pub notices: Vec<String>,
    /// A share link replaced an unfinished game, kept under
    /// [`PREVIOUS_KEY`]: offer to go back to it.
    pub previous: bool,
}

/// The page's address without its query: the base of share links.
#[must_use]
pub fn page_base() -> String {
    web_sys::window()
        .and_then(|w| {
            let l = w.location();
            Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?))
        })
        .unwrap_or_default()
}

/// The game in progress that a share link replaced, taken out of storage.
#[must_use]
pub fn take_previous() -> Option<(crate::state::LoadGame, super::GameMeta)> {
    let text = get(PREVIOUS_KEY)?;
    remove(PREVIOUS_KEY);
    saved::read(&text).game
}

/// Reads the saved game and checks the archive.
#[must_use]
pub fn boot() -> Boot {
    let mut notices = Vec::new();
    let mut state = Rc::new(GameState::default());
    if let Some(text) = get(SAVED_KEY) {
        let restored = saved::read(&text);
        if let Some(settings) = restored.settings {
            state = state.reduce(Action::Settings(settings));
        }
        if let Some((game, meta)) = restored.game {
            state = state.reduce(Action::Load(game)).reduce(Action::Meta(meta));
        }
        if let Some(problem) = restored.problem {
            set_aside("saved", &text);
            // Keep the settings that could be read.
            let _ = set(SAVED_KEY, &saved::to_json(&state));
            notices.push(format!("{problem}; it was set aside."));
        }
    }
    let archive = read_archive();
    if let Some(p) = archive.problem {
        notices.push(format!("{p}."));
    }
    // A share link: its game replaces the one in progress, which is kept
    // aside if unfinished; a bad link changes nothing. The query is then
    // taken off the address so that a reload does not open it again.
    let mut previous = false;
    let location = web_sys::window().map(|w| w.location());
    let query = location
        .as_ref()
        .and_then(|l| l.search().ok())
        .unwrap_or_default();
    if share::asks_for_game(&query) {
        match share::open(&query, js_sys::Math::random() < 0.5) {
            Ok(game) => {
                let unfinished = state
                    .record()
                    .is_some_and(|g| g.ply() > 0 && g.outcome().is_none());
                if unfinished && set(PREVIOUS_KEY, &saved::to_json(&state)).is_ok() {
                    previous = true;
                }
                state = state.reduce(Action::Load(game));
            }
            Err(e) => notices.push(format!(
                "This link could not be opened ({e}); your saved game is kept."
            )),
        }
        if let Some(w) = web_sys::window() {
            if let Ok(h) = w.history() {
                let _ =
                    h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&page_base()));
            }
        }
    }
    Boot {
        state: (*state).clone(),
        notices,
        previous,
    }
}

/// Reads the archive; unreadable entries are set aside and the cleaned
/// archive stored back.
#[must_use]
pub fn read_archive() -> ReadArchive {
    let Some(text) = get(ARCHIVE_KEY) else {
        return ReadArchive {
            archive: Archive::new(),
            ..ReadArchive::default()
        };
    };
    let read = Archive::read(&text);
    if !read.set_aside.is_empty() {
        set_aside("archive", &read.set_aside.join("\n"));
        let _ = set(ARCHIVE_KEY, &read.archive.to_json());
    }
    read
}

/// Stores the archive.
pub fn save_archive(archive: &Archive) -> Result<(), String> {
    set(ARCHIVE_KEY, &archive.to_json())
}
