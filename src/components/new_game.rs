//! The new game screen: which game, against whom, and the time control.

use tiers_engine::search::Level;
use tiers_engine::GameKind;
use yew::prelude::*;

use tiers_bracket::ballots::DECK;
use tiers_bracket::Ballot;

use crate::core::clock::{TimeControl, PRESETS};
use crate::core::new_game::{ballot_name, ColorChoice, NewGameChoices, Opening};
use crate::core::Slice;

/// Props of [`NewGame`].
#[derive(Properties, PartialEq, Clone)]
pub struct NewGameProps {
    /// The current choices.
    pub choices: Slice<NewGameChoices>,
    /// A choice changed.
    pub on_change: Callback<NewGameChoices>,
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
    let s = *props.choices;
    let set = |f: fn(NewGameChoices) -> NewGameChoices| {
        let on_change = props.on_change.clone();
        Callback::from(move |_: MouseEvent| on_change.emit(f(s)))
    };
    let pick_kind = |kind: GameKind, title: &'static str, blurb: &'static str| {
        let on_change = props.on_change.clone();
        let onclick =
            Callback::from(move |_: MouseEvent| on_change.emit(NewGameChoices { kind, ..s }));
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
                    on_change.emit(NewGameChoices {
                        level: Level::clamped(n),
                        ..s
                    });
                }
            }
        })
    };
    let color_button = |choice: ColorChoice, label: &'static str, class: &'static str| {
        let on_change = props.on_change.clone();
        let onclick = Callback::from(move |_: MouseEvent| {
            on_change.emit(NewGameChoices { color: choice, ..s })
        });
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
                    on_change.emit(NewGameChoices { opening, ..s });
                }
            }
        })
    };
    let onhints = {
        let on_change = props.on_change.clone();
        Callback::from(move |_: Event| {
            on_change.emit(NewGameChoices {
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
    // "Custom" stays picked while its numbers happen to match a preset.
    let custom = use_state(|| s.clock.is_some_and(|c| !PRESETS.contains(&c)));
    let clock_button = |clock: Option<TimeControl>, label: String, id: String| {
        let on_change = props.on_change.clone();
        let active = !*custom && s.clock == clock;
        let custom = custom.clone();
        let onclick = Callback::from(move |_: MouseEvent| {
            custom.set(false);
            on_change.emit(NewGameChoices { clock, ..s });
        });
        html! {
            <button type="button" class={classes!("seg", active.then_some("active"))} {id}
                aria-pressed={active.to_string()} {onclick}>{ label }</button>
        }
    };
    let on_custom = {
        let on_change = props.on_change.clone();
        let custom = custom.clone();
        Callback::from(move |_: MouseEvent| {
            custom.set(true);
            let clock = s.clock.or(Some(TimeControl {
                minutes: 10,
                increment: 0,
            }));
            on_change.emit(NewGameChoices { clock, ..s });
        })
    };
    let custom_input = |minutes: bool| {
        let on_change = props.on_change.clone();
        Callback::from(move |e: Event| {
            let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() else {
                return;
            };
            let Ok(n) = input.value().trim().parse::<u32>() else {
                return;
            };
            let now = s.clock.unwrap_or(TimeControl {
                minutes: 10,
                increment: 0,
            });
            let clock = if minutes {
                TimeControl {
                    minutes: n.clamp(1, TimeControl::MAX_MINUTES),
                    ..now
                }
            } else {
                TimeControl {
                    increment: n.min(TimeControl::MAX_INCREMENT),
                    ..now
                }
            };
            input.set_value(
                &if minutes {
                    clock.minutes
                } else {
                    clock.increment
                }
                .to_string(),
            );
            on_change.emit(NewGameChoices {
                clock: Some(clock),
                ..s
            });
        })
    };
    let clock_note = match s.clock {
        None => "No clock: take all the time you like.".to_string(),
        Some(c) => format!(
            "{} minute{} each, plus {} second{} after every move. A player whose clock runs out loses.",
            c.minutes,
            if c.minutes == 1 { "" } else { "s" },
            c.increment,
            if c.increment == 1 { "" } else { "s" }
        ),
    };
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
                        onclick={set(|s| NewGameChoices { vs_computer: true, ..s })}>{ "Computer" }</button>
                    <button type="button" class={classes!("seg", (!s.vs_computer).then_some("active"))}
                        aria-pressed={(!s.vs_computer).to_string()}
                        onclick={set(|s| NewGameChoices { vs_computer: false, ..s })}>{ "Friend on this device" }</button>
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
                <legend>{ "Clock" }</legend>
                <div class="segmented clocks" role="group" aria-label="Time control">
                    { clock_button(None, "None".into(), "clock-none".into()) }
                    { for PRESETS.iter().map(|&c| clock_button(Some(c), c.name(), format!("clock-{}", c.name().replace('+', "-")))) }
                    <button type="button" class={classes!("seg", custom.then_some("active"))} id="clock-custom"
                        aria-pressed={custom.to_string()} onclick={on_custom}>{ "Custom" }</button>
                </div>
                if *custom {
                    <div class="custom-clock">
                        <label>
                            <span>{ "Minutes" }</span>
                            <input type="number" id="clock-minutes" min="1" max={TimeControl::MAX_MINUTES.to_string()} inputmode="numeric"
                                value={s.clock.map_or(10, |c| c.minutes).to_string()} onchange={custom_input(true)} />
                        </label>
                        <label>
                            <span>{ "Increment (seconds)" }</span>
                            <input type="number" id="clock-increment" min="0" max={TimeControl::MAX_INCREMENT.to_string()} inputmode="numeric"
                                value={s.clock.map_or(0, |c| c.increment).to_string()} onchange={custom_input(false)} />
                        </label>
                    </div>
                }
                <p class="clock-note" id="clock-note">{ clock_note }</p>
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
