//! The tournament screens: the list of saved tournaments, the "new
//! tournament" form, a bracket with its standings, and a match played on
//! the board. Their state is [`crate::core::tournament::Tournaments`].

pub mod board;
pub mod bracket;
pub mod create;
pub mod dialogs;
pub mod list;

use yew::prelude::*;

pub use crate::browser::random_seed;
use crate::components::Dispatch;
use crate::core::tournament::{TournamentAction, Tournaments, View};
use crate::core::{AppAction, Slice};
use crate::t;

/// Props of the tournament screens.
#[derive(Properties, PartialEq, Clone)]
pub struct TournamentProps {
    /// The tournaments' state.
    pub state: Slice<Tournaments>,
    /// Dispatches actions.
    pub dispatch: Dispatch,
}

/// Tournament actions through the app's dispatcher.
pub trait TournamentDispatch {
    /// Dispatches a tournament action.
    fn tournament(&self, action: TournamentAction);
}

impl TournamentDispatch for Dispatch {
    fn tournament(&self, action: TournamentAction) {
        self.dispatch(AppAction::Tournament(action));
    }
}

/// A click handler that dispatches `action`.
pub fn on(d: &Dispatch, action: TournamentAction) -> Callback<MouseEvent> {
    crate::components::on_click(d, AppAction::Tournament(action))
}

/// A `<button type="button">` of these screens; `class` and `id` may be
/// empty.
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

/// The tournament screens.
#[component]
pub fn TournamentScreen(props: &TournamentProps) -> Html {
    let state = &props.state;
    let tx = &props.dispatch;
    let p = |state: &Slice<Tournaments>| TournamentProps {
        state: state.clone(),
        dispatch: tx.clone(),
    };
    let page = match state.view {
        View::List => html! { <list::TournamentList ..p(state) /> },
        View::Create => html! { <create::CreateForm ..p(state) /> },
        View::Bracket { .. } => html! { <bracket::BracketPage ..p(state) /> },
        View::Match => html! { <board::MatchBoard ..p(state) /> },
    };
    html! {
        <div class="tournaments">
            if let Some(n) = &state.notice {
                <div class="t-notice no-print" role="status" id="t-notice">
                    <span>{ crate::i18n::say(n) }</span>
                    { button("link", "", "✕".into(), on(tx, TournamentAction::DismissNotice), false, None, Some(t!("tournament.dismiss").into())) }
                </div>
            }
            { page }
            <dialogs::Dialogs ..p(state) />
        </div>
    }
}
