//! The new game screen: which game, and against whom.

use tiers_engine::search::Level;
use tiers_engine::GameKind;
use yew::prelude::*;

use tiers_bracket::ballots::DECK;
use tiers_bracket::Ballot;

use crate::core::settings::{ballot_name, ColorChoice, Opening, Settings};
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
    let onopening = {
        let on_change = props.on_change.clone();
        Callback::from(move |e: Event| {
            if let Some(select) = e.target_dyn_into::<web_sys::HtmlSelectElement>() {
                if let Some(opening) = Opening::parse(&select.value()) {
                    on_change.emit(Settings { opening, ..s });
                }
            }
        })
    };
    let onhints = {
        let on_change = props.on_change.clone();
        Callback::from(move |_: Event| {
            on_change.emit(Settings {
                hints: !s.hints,
                ..s
            })
        })
    };
    let option = |opening: Opening, label: String| {
        html! { <option value={opening.name()} selected={s.opening == opening}>{ label }</option> }
    };
    let ballots = (1..=DECK.len() as u16)
        .filter_map(Ballot::get)
        .map(|b| option(Opening::Ballot(b.index), ballot_name(b)));
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
            <fieldset>
                <legend>{ "Options" }</legend>
                if s.kind == GameKind::Checkers {
                    <label class="opening">
                        <span>{ "Opening" }</span>
                        <select id="opening" onchange={onopening}>
                            { option(Opening::Standard, "The starting position".into()) }
                            { option(Opening::RandomBallot, "A random three-move ballot (ACF)".into()) }
                            { for ballots }
                        </select>
                    </label>
                }
                <label class="check">
                    <input type="checkbox" id="allow-hints" checked={s.hints} onchange={onhints} />
                    { "Allow hints in this game" }
                </label>
            </fieldset>
            <div class="actions">
                <button type="button" class="primary big" id="start-game" onclick={onstart}>{ "Start" }</button>
                <button type="button" class="link" onclick={onrules}>{ "How to play" }</button>
            </div>
        </section>
    }
}
