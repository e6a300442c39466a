//! The top-level component: header, and the screen the state asks for.

use yew::prelude::*;

use crate::components::editor::EditorScreen;
use crate::components::formation::FormationScreen;
use crate::components::games::GamesScreen;
use crate::components::new_game::NewGame;
use crate::components::notices::Keeper;
use crate::components::play::Play;
use crate::components::rules::Rules;
use crate::components::tournament::TournamentScreen;
use crate::hooks::use_ai;
use crate::state::{Action, Screen};
use crate::tournament::TourneyState;

/// The app.
#[component]
pub fn App() -> Html {
    // The saved game restored, with notices about stored data that could
    // not be read.
    let boot = use_memo((), |()| crate::library::store::boot());
    let state = {
        let boot = boot.clone();
        use_reducer(move || boot.state.clone())
    };
    use_ai(&state);
    let tourney = use_reducer(TourneyState::from_storage);
    let d = |a: Action| {
        let state = state.clone();
        Callback::from(move |()| state.dispatch(a.clone()))
    };
    let m = |a: Action| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(a.clone()))
    };
    let on_change = {
        let state = state.clone();
        Callback::from(move |s| state.dispatch(Action::Settings(s)))
    };
    let on_start = {
        let state = state.clone();
        Callback::from(move |()| {
            let coin = js_sys::Math::random() < 0.5;
            state.dispatch(Action::Start { coin });
        })
    };
    let body = match state.screen {
        Screen::NewGame => html! {
            <NewGame settings={state.settings} {on_change} {on_start} on_rules={d(Action::ShowRules)} />
        },
        Screen::Formation => html! { <FormationScreen state={state.clone()} /> },
        Screen::Play => html! { <Play state={state.clone()} /> },
        Screen::Rules => html! { <Rules on_close={d(Action::CloseRules)} /> },
        Screen::Games => html! { <GamesScreen state={state.clone()} /> },
        Screen::Editor => html! { <EditorScreen state={state.clone()} /> },
        Screen::Tournaments => html! { <TournamentScreen state={tourney.clone()} /> },
    };
    let resume = state.game.is_some() && !matches!(state.screen, Screen::Play | Screen::Formation);
    html! {
        <div class="app">
            <header class="topbar">
                <a class="brand" href="#" onclick={{
                    let state = state.clone();
                    Callback::from(move |e: MouseEvent| {
                        e.prevent_default();
                        state.dispatch(Action::Show(Screen::NewGame));
                    })
                }}>
                    <span class="brand-mark" aria-hidden="true"></span>{ "Tiers" }
                </a>
                <nav aria-label="Main">
                    if resume {
                        <button type="button" class="nav-link" onclick={m(Action::Show(Screen::Play))} id="resume">{ "Back to game" }</button>
                    }
                    <button type="button" class="nav-link" onclick={m(Action::Show(Screen::NewGame))}>{ "New game" }</button>
                    <button type="button" class="nav-link" onclick={m(Action::Show(Screen::Games))} id="show-games">{ "Games" }</button>
                    <button type="button" class="nav-link" onclick={m(Action::Show(Screen::Editor))} id="show-editor">{ "Editor" }</button>
                    <button type="button" class="nav-link" onclick={m(Action::Show(Screen::Tournaments))} id="show-tournaments">{ "Tournaments" }</button>
                    <button type="button" class="nav-link" onclick={m(Action::ShowRules)} id="show-rules">{ "Rules" }</button>
                </nav>
            </header>
            <Keeper state={state.clone()} notices={boot.notices.clone()} previous={boot.previous} />
            <main class="content">{ body }</main>
        </div>
    }
}
