//! A screen of the full app, shown in the page: the page loads the full
//! app on that screen (src/bin/full.rs, fetched on first use and precached
//! for offline use), or says why it could not. A plain view and an effect
//! of the app, not a component of its own: each component type costs the
//! page some 9 KB gzipped.

use yew::prelude::*;

use crate::browser;
use crate::components::{on_click, Dispatch};
use crate::core::nav::{NavAction, Screen};
use crate::core::AppAction;

/// In the page, loads the full app when the screen shown is one of its
/// own, unless loading it failed already (the page then shows why, see
/// [`view`]). Nothing in the full app itself.
#[hook]
pub fn use_open_full(screen: Screen) {
    use_effect_with(screen, |&screen| {
        if cfg!(feature = "full") {
            return;
        }
        if let (Some(name), None) = (screen.full_app_name(), browser::full_app_failed()) {
            browser::open_full_app(name);
        }
    });
}

/// The page's view of a full-app screen: "Opening…" while the page
/// reloads as the full app, or why the full app could not be loaded, with
/// a retry.
pub fn view(screen: Screen, title: &str, d: &Dispatch) -> Html {
    let name = screen.full_app_name();
    html! {
        <section class="card open-full" aria-labelledby="open-full-title">
            <h2 id="open-full-title">{ title }</h2>
            if let Some(why) = browser::full_app_failed() {
                <p class="error" role="alert">{ format!(
                    "{title} could not be opened: this device does not have them yet and the network did not answer ({why}). Everything else works offline; try again when you are online."
                ) }</p>
                <div class="actions">
                    <button type="button" class="primary" id="open-full-retry" onclick={Callback::from(move |_: MouseEvent| {
                        if let Some(name) = name {
                            browser::open_full_app(name);
                        }
                    })}>{ "Try again" }</button>
                    <button type="button" onclick={on_click(d, AppAction::Nav(NavAction::Show(Screen::NewGame)))}>{ "Back" }</button>
                </div>
            } else {
                <p class="hint" role="status">{ "Opening…" }</p>
            }
        </section>
    }
}
