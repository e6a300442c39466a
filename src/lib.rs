//! Tiers web app: play American checkers and Tiers (Ultra Checkers) in the
//! browser against the computer (searching in a web worker) or a friend.
//!
//! Layout:
//! - [`core`]: the crate `tiers-core` (app-core/), all the app's state and
//!   its reducers, with no web dependency (tested natively): the game
//!   session, navigation, the new-game choices, formations, the board
//!   editor, the games library, tournaments, notices, the embed protocol,
//!   URL parameters, stored formats. Re-exported here as `core`, so the
//!   views name its parts `crate::core::…`;
//! - [`store`]: the core's state as Yew's reducer;
//! - [`components`]: the screens and their parts, views of the core
//!   (one live board for every screen that plays moves);
//! - [`hooks`]: the side effects, each behind one hook: the AI worker
//!   ([`hooks::use_ai`]), saving ([`hooks::use_persistence`]), the
//!   game's sounds and the preferences' look ([`hooks::use_game_events`]);
//! - [`sound`]: the game's sounds (Web Audio, after the first gesture);
//! - [`storage`]: the only code that touches the browser's storage
//!   (Local Storage), apart from the download of [`endgames`];
//! - [`endgames`]: the full-strength endgame database, downloaded in
//!   Settings into Cache Storage and read by the worker;
//! - [`browser`]: files, clipboard, randomness, clock, the page's address;
//! - [`worker`]: the AI agent that runs in the web worker.

pub use tiers_core as core;

pub mod browser;
pub mod camera;
pub mod components;
pub mod endgames;
pub mod hooks;
pub mod i18n;
pub mod rtc;
pub mod sound;
pub mod storage;
pub mod store;
pub mod worker;

/// Renders the page: the embed page when the address asks for it,
/// otherwise the app (the `main` of src/bin/app.rs).
pub fn render_page() {
    i18n::start();
    // The logo index.html shows while the page loads: gone before the
    // first screen is drawn (the first render runs before the next frame).
    if let Some(splash) = gloo::utils::document().get_element_by_id("splash") {
        splash.remove();
    }
    if components::embed::is_embed_page() {
        yew::Renderer::<components::embed::EmbedApp>::new().render();
    } else {
        yew::Renderer::<components::app::App>::new().render();
    }
}
