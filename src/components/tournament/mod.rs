//! The tournament screens: the list of saved tournaments, the "new
//! tournament" form, a bracket with its standings, and a match played on
//! the board. Their state is [`crate::tournament::TourneyState`].

pub mod board;
pub mod bracket;
pub mod create;
pub mod dialogs;
pub mod files;
pub mod list;

use yew::prelude::*;

use crate::tournament::ai::use_match_ai;
use crate::tournament::{TAction, TourneyState, View};

/// Props of [`TournamentScreen`].
#[derive(Properties, PartialEq, Clone)]
pub struct TournamentProps {
    /// The tournaments' state.
    pub state: UseReducerHandle<TourneyState>,
}

/// A random 64-bit seed (for shuffles, ballots, formations).
#[must_use]
pub fn random_seed() -> u64 {
    let a = (js_sys::Math::random() * 4_294_967_296.0) as u64;
    let b = (js_sys::Math::random() * 4_294_967_296.0) as u64;
    a << 32 | b
}

/// A click handler that dispatches `action`.
pub fn on(state: &UseReducerHandle<TourneyState>, action: TAction) -> Callback<MouseEvent> {
    let state = state.clone();
    Callback::from(move |_: MouseEvent| state.dispatch(action.clone()))
}

/// A `<button type="button">`; `class` and `id` may be empty. One
/// function for every button of these screens keeps the page's code small
/// (each `html!` element is expanded in place).
#[inline(never)]
pub fn button(
    class: &'static str,
    id: &str,
    label: AttrValue,
    onclick: Callback<MouseEvent>,
    disabled: bool,
    pressed: Option<bool>,
    aria_label: Option<AttrValue>,
) -> Html {
    let id = (!id.is_empty()).then(|| AttrValue::from(id.to_string()));
    let class = (!class.is_empty()).then_some(class);
    html! {
        <button type="button" {class} {id} {onclick} {disabled} aria-label={aria_label}
            aria-pressed={pressed.map(|p| if p { "true" } else { "false" })}>{ label }</button>
    }
}

/// A plain button: [`button`] neither disabled nor pressed.
pub fn btn(
    class: &'static str,
    id: &str,
    label: impl Into<AttrValue>,
    onclick: Callback<MouseEvent>,
) -> Html {
    button(class, id, label.into(), onclick, false, None, None)
}

/// One of a group of buttons of which one is chosen (`aria-pressed`).
pub fn choice(
    id: &str,
    label: impl Into<AttrValue>,
    on: bool,
    onclick: Callback<MouseEvent>,
) -> Html {
    button(
        if on { "seg active" } else { "seg" },
        id,
        label.into(),
        onclick,
        false,
        Some(on),
        None,
    )
}

/// The tournament screens, with saving to localStorage.
#[component]
pub fn TournamentScreen(props: &TournamentProps) -> Html {
    let state = &props.state;
    use_match_ai(state);
    // Save whenever what is kept changes.
    let saved = use_mut_ref(String::new);
    {
        let state = state.clone();
        let text = state.encode();
        use_effect_with(text, move |text| {
            if *saved.borrow() != *text && !(state.damaged.is_some() && state.entries.is_empty()) {
                let stored = web_sys::window()
                    .and_then(|w| w.local_storage().ok().flatten())
                    .ok_or_else(|| "storage is not available".to_string())
                    .and_then(|s| {
                        s.set_item(crate::tournament::store::KEY, text)
                            .map_err(|_| "the storage is full or disabled".to_string())
                    });
                match stored {
                    Ok(()) => *saved.borrow_mut() = text.clone(),
                    Err(e) => state.dispatch(TAction::SaveFailed(e)),
                }
            }
        });
    }
    let page = match state.view {
        View::List => html! { <list::TournamentList state={state.clone()} /> },
        View::Create => html! { <create::CreateForm state={state.clone()} /> },
        View::Bracket { .. } => html! { <bracket::BracketPage state={state.clone()} /> },
        View::Match => html! { <board::MatchBoard state={state.clone()} /> },
    };
    html! {
        <div class="tourney">
            if let Some(n) = &state.notice {
                <div class="t-notice no-print" role="status" id="t-notice">
                    <span>{ n.clone() }</span>
                    { button("link", "", "✕".into(), on(state, TAction::DismissNotice), false, None, Some("Dismiss".into())) }
                </div>
            }
            { page }
            <dialogs::Dialogs state={state.clone()} />
        </div>
    }
}
