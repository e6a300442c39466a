//! The title bar's navigation: the screens in a row on a wide screen; on a
//! phone (styles/app.css, "Phones") a menu button that opens them as a list
//! under the bar, as game sites do, so the bar keeps one row. The button
//! says whether the list is open (`aria-expanded`); opening it moves the
//! focus to its first item; Escape, a tap beside it, a choice or the focus
//! leaving it closes it (Escape gives the focus back to the button).
//! "Back to game" and the Settings gear stay in the bar.

use wasm_bindgen::JsCast;
use web_sys::Node;
use yew::prelude::*;

use crate::components::board::focus;
use crate::components::Dispatch;
use crate::core::nav::{NavAction, Screen};
use crate::core::{AnalyseFrom, AppAction};
use crate::t;

/// Props of [`MainNav`].
#[derive(Properties, PartialEq, Clone)]
pub struct MainNavProps {
    /// The screen shown.
    pub screen: Screen,
    /// Whether a game waits on the play screen ("Back to game").
    pub resume: bool,
    /// Dispatches actions.
    pub dispatch: Dispatch,
}

/// The menu button's id (the focus comes back to it).
const TOGGLE: &str = "nav-toggle";
/// The first item's id (the focus goes to it when the menu opens).
const FIRST: &str = "show-new-game";

/// The navigation.
#[component]
pub fn MainNav(props: &MainNavProps) -> Html {
    let open = use_state(|| false);
    let area = use_node_ref();
    // Opening moves the focus into the list.
    use_effect_with(*open, |open| {
        if *open {
            focus(FIRST);
        }
    });
    let d = &props.dispatch;
    // A choice: the menu closes (the focus, on an item about to be hidden,
    // goes back to the button) and the screen changes.
    let go = |action: AppAction| {
        let (d, open) = (d.clone(), open.clone());
        Callback::from(move |_: MouseEvent| {
            if *open {
                open.set(false);
                focus(TOGGLE);
            }
            d.dispatch(action.clone());
        })
    };
    let show = |screen: Screen| go(AppAction::Nav(NavAction::Show(screen)));
    let toggle = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    let close = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(false))
    };
    let onkeydown = {
        let open = open.clone();
        Callback::from(move |e: KeyboardEvent| {
            if *open && e.key() == "Escape" {
                e.prevent_default();
                open.set(false);
                focus(TOGGLE);
            }
        })
    };
    // Tabbing out of the bar closes the list; a tap that focuses nothing
    // does not (a tap on an item may blur before its click lands).
    let onfocusout = {
        let (open, area) = (open.clone(), area.clone());
        Callback::from(move |e: FocusEvent| {
            let next = e.related_target().and_then(|t| t.dyn_into::<Node>().ok());
            let inside = |n: &Node| area.cast::<Node>().is_some_and(|a| a.contains(Some(n)));
            if *open && next.is_some_and(|n| !inside(&n)) {
                open.set(false);
            }
        })
    };
    let item = |screen: Screen, id: &'static str, label: String| {
        let current = (props.screen == screen).then_some("page");
        html! {
            <button type="button" class="nav-link" onclick={show(screen)} {id} aria-current={current}>{ label }</button>
        }
    };
    let settings = props.screen == Screen::Settings;
    html! {
        <div class="nav-area" ref={area} {onkeydown} {onfocusout}>
            if props.resume {
                <button type="button" class="nav-link" onclick={show(Screen::Play)} id="resume">{ t!("nav.resume") }</button>
            }
            <button type="button" class="nav-link nav-toggle" id={TOGGLE} aria-controls="main-nav"
                aria-expanded={open.to_string()} aria-label={t!("nav.menu")} title={t!("nav.menu")} onclick={toggle}>
                <span class="nav-toggle-bars" aria-hidden="true"></span>
            </button>
            <nav aria-label={t!("nav.main")} id="main-nav" class={classes!(open.then_some("open"))}>
                { item(Screen::NewGame, FIRST, t!("nav.new-game")) }
                { item(Screen::Learn, "show-learn", t!("nav.learn")) }
                { item(Screen::Puzzles, "show-puzzles", t!("nav.puzzles")) }
                { item(Screen::Games, "show-games", t!("nav.games")) }
                { item(Screen::Editor, "show-editor", t!("nav.editor")) }
                <button type="button" class="nav-link" onclick={go(AppAction::Analyse(AnalyseFrom::Menu))} id="show-analysis"
                    aria-current={(props.screen == Screen::Analysis).then_some("page")}>{ t!("nav.analysis") }</button>
                { item(Screen::Tournaments, "show-tournaments", t!("nav.tournaments")) }
                <button type="button" class="nav-link" onclick={go(AppAction::Nav(NavAction::ShowRules))} id="show-rules"
                    aria-current={(props.screen == Screen::Rules).then_some("page")}>{ t!("nav.rules") }</button>
            </nav>
            <button type="button" class="nav-link gear" onclick={go(AppAction::Nav(NavAction::ShowSettings))} id="show-settings"
                aria-label={t!("nav.settings")} title={t!("nav.settings")} aria-pressed={settings.to_string()}>
                <span aria-hidden="true">{ "⚙" }</span>
            </button>
            if *open {
                <div class="nav-backdrop" aria-hidden="true" onclick={close}></div>
            }
        </div>
    }
}
