//! The new game screen: which game, and against whom.

use tiers_engine::search::Level;
use tiers_engine::GameKind;
use yew::prelude::*;

use crate::core::settings::{ColorChoice, Settings};
use crate::core::Slice;

/// Props of [`NewGame`].
#[derive(Properties, PartialEq, Clone)]
pub struct NewGameProps {
    /// The current choices.
    pub settings: Slice<Settings>,
    /// A choice changed.
    pub on_change: Callback<Settings>,
    /// Start the game.
    pub on_start: Callback<()>,
    /// Show the rules.
    pub on_rules: Callback<()>,
    /// Open the lessons.
    #[prop_or_default]
    pub on_learn: Callback<()>,
}

/// The new game screen.
#[component]
pub fn NewGame(props: &NewGameProps) -> Html {
    let s = *props.settings;
    let set = |f: fn(Settings) -> Settings| {
        let on_change = props.on_change.clone();
        Callback::from(move |_: MouseEvent| on_change.emit(f(s)))
    };
    let pick_kind = |kind: GameKind, title: &'static str, blurb: &'static str| {
        let on_change = props.on_change.clone();
        let onclick = Callback::from(move |_: MouseEvent| on_change.emit(Settings { kind, ..s }));
        let active = s.kind == kind;
        html! {
            <button type="button" class={classes!("choice", "game-choice", active.then_some("active"))}
                aria-pressed={active.to_string()} {onclick} data-game={kind.name()}>
                <span class="choice-title">{ title }</span>
                <span class="choice-blurb">{ blurb }</span>
            </button>
        }
    };
    let onstart = {
        let on_start = props.on_start.clone();
        Callback::from(move |_: MouseEvent| on_start.emit(()))
    };
    let onrules = {
        let on_rules = props.on_rules.clone();
        Callback::from(move |_: MouseEvent| on_rules.emit(()))
    };
    let onlevel = {
        let on_change = props.on_change.clone();
        Callback::from(move |e: Event| {
            if let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
                if let Ok(n) = input.value().parse::<u8>() {
                    on_change.emit(Settings {
                        level: Level::clamped(n),
                        ..s
                    });
                }
            }
        })
    };
    let color_button = |choice: ColorChoice, label: &'static str, class: &'static str| {
        let on_change = props.on_change.clone();
        let onclick =
            Callback::from(move |_: MouseEvent| on_change.emit(Settings { color: choice, ..s }));
        let active = s.color == choice;
        html! {
            <button type="button" class={classes!("seg", class, active.then_some("active"))}
                aria-pressed={active.to_string()} {onclick}>{ label }</button>
        }
    };
    let level = s.level.number();
    let level_name = s.level.name();
    html! {
        <section class="new-game card" aria-labelledby="new-game-title">
            <h1 id="new-game-title">{ "New game" }</h1>
            <fieldset>
                <legend>{ "Game" }</legend>
                <div class="choices">
                    { pick_kind(GameKind::Checkers, "Checkers", "American checkers: 12 men each, dark squares, Black moves first.") }
                    { pick_kind(GameKind::Tiers, "Tiers", "Ultra Checkers: all 64 squares, pieces climb five tiers, you choose your formation.") }
                </div>
                if s.kind == GameKind::Tiers {
                    <button type="button" class="link" id="learn-tiers" onclick={props.on_learn.reform(|_: MouseEvent| ())}>
                        { "New to Tiers? Learn it in 10 minutes" }
                    </button>
                }
            </fieldset>
            <fieldset>
                <legend>{ "Opponent" }</legend>
                <div class="segmented">
                    <button type="button" class={classes!("seg", s.vs_computer.then_some("active"))}
                        aria-pressed={s.vs_computer.to_string()}
                        onclick={set(|s| Settings { vs_computer: true, ..s })}>{ "Computer" }</button>
                    <button type="button" class={classes!("seg", (!s.vs_computer).then_some("active"))}
                        aria-pressed={(!s.vs_computer).to_string()}
                        onclick={set(|s| Settings { vs_computer: false, ..s })}>{ "Friend on this device" }</button>
                </div>
                if s.vs_computer {
                    <label class="level">
                        <span>{ format!("Level {level} · {level_name}") }</span>
                        <input type="range" min="1" max="8" step="1" value={level.to_string()}
                            aria-label="Computer level" onchange={onlevel.clone()} oninput={Callback::from(move |e: InputEvent| onlevel.emit(e.into()))} />
                    </label>
                    <div class="segmented colors" role="group" aria-label="Your colour">
                        { color_button(ColorChoice::Red, "Play Red", "red") }
                        { color_button(ColorChoice::Random, "Random", "random") }
                        { color_button(ColorChoice::Black, "Play Black", "black") }
                    </div>
                }
            </fieldset>
            <div class="actions">
                <button type="button" class="primary big" id="start-game" onclick={onstart}>{ "Start" }</button>
                <button type="button" class="link" onclick={onrules}>{ "How to play" }</button>
            </div>
        </section>
    }
}
