//! The Tiers formation screen: both sides' men on the board, the editor's
//! tools (presets, random, mirror, clear) and the engine's live validation.

use tiers_engine::tiers::Preset;
use tiers_engine::{Color, GameKind};
use yew::prelude::*;

use crate::components::board::Board;
use crate::setup::{FormationAction, FormationSetup};
use crate::state::{Action, GameState, Opponent, Screen};

/// Props of [`FormationScreen`].
#[derive(Properties, PartialEq, Clone)]
pub struct FormationProps {
    /// The app state.
    pub state: UseReducerHandle<GameState>,
}

fn random_seed() -> u64 {
    let a = (js_sys::Math::random() * 4_294_967_296.0) as u64;
    let b = (js_sys::Math::random() * 4_294_967_296.0) as u64;
    a << 32 | b
}

/// The formation screen.
#[component]
pub fn FormationScreen(props: &FormationProps) -> Html {
    let state = &props.state;
    let f: &FormationSetup = &state.formation;
    let fa = |a: FormationAction| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::Formation(a.clone())))
    };
    let on_square = {
        let state = state.clone();
        Callback::from(move |sq| state.dispatch(Action::Formation(FormationAction::Toggle(sq))))
    };
    let on_drag = {
        let state = state.clone();
        Callback::from(move |(a, b)| state.dispatch(Action::Formation(FormationAction::Move(a, b))))
    };
    let random = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            state.dispatch(Action::Formation(FormationAction::Random(random_seed())))
        })
    };
    let ready = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            state.dispatch(Action::Formation(FormationAction::Ready(random_seed())))
        })
    };
    let onpreset = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            if let Some(sel) = e.target_dyn_into::<web_sys::HtmlSelectElement>() {
                if let Some(p) = Preset::from_name(&sel.value()) {
                    state.dispatch(Action::Formation(FormationAction::Preset(p)));
                }
                sel.set_value("");
            }
        })
    };
    let editing = f.editing;
    let computer = f.computer();
    let side_status = |c: Color| {
        let problems = f.problems(c);
        let count = f.squares[c.index()].len();
        let (text, ok) = if computer == Some(c) && !f.ready[c.index()] {
            (
                "The computer chooses its formation when you are ready.".to_string(),
                false,
            )
        } else if let Some(p) = problems.first() {
            (crate::state::capitalise(p), false)
        } else if f.ready[c.index()] {
            ("Ready.".to_string(), true)
        } else {
            ("12 men placed: valid.".to_string(), true)
        };
        let tab = {
            let state = state.clone();
            Callback::from(move |_: MouseEvent| {
                state.dispatch(Action::Formation(FormationAction::Edit(c)))
            })
        };
        let who = match (state.opponent, computer) {
            (Opponent::Computer { .. }, Some(cc)) if cc == c => format!("Computer ({c})"),
            (Opponent::Computer { .. }, _) => format!("You ({c})"),
            _ => c.to_string(),
        };
        html! {
            <button type="button" class={classes!("side-tab", c.name(), (editing == c).then_some("active"), ok.then_some("ok"))}
                onclick={tab} aria-pressed={(editing == c).to_string()} id={format!("edit-{}", c.name())}>
                <span class={classes!("dot", c.name())} aria-hidden="true"></span>
                <span class="side-name">{ format!("{who} · {count}/12") }</span>
                <span class="side-status" id={format!("formation-status-{}", c.name())}>{ text }</span>
            </button>
        }
    };
    let problems = f.problems(editing);
    let is_ready = f.ready[editing.index()];
    let zone = FormationSetup::home_squares(editing);
    let flipped = state.flipped;
    let start = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::BeginTiers))
    };
    let back = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::Show(Screen::NewGame)))
    };
    let flip = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::Flip))
    };
    html! {
        <section class="formation play" aria-labelledby="formation-title">
            <div class="board-col">
                <Board id="formation" label="Formation board" kind={GameKind::Tiers}
                    view={f.view()} {flipped} {zone} interactive={!is_ready}
                    {on_square} {on_drag} />
            </div>
            <div class="side-col">
                <h1 id="formation-title">{ "Set up the formations" }</h1>
                <p class="hint">{ format!("Click a square of {editing}'s home rows (tinted) to place or remove a man, or drag a man. Each side places exactly 12 men.") }</p>
                <div class="side-tabs">
                    { side_status(Color::Red) }
                    { side_status(Color::Black) }
                </div>
                { validation(f, Some("formation")) }
                <div class="tools">
                    <select aria-label="Preset formations" onchange={onpreset} disabled={is_ready} id="preset">
                        <option value="" selected=true>{ "Presets…" }</option>
                        { for Preset::ALL.iter().map(|p| html! { <option value={p.name()}>{ p.name() }</option> }) }
                    </select>
                    <button type="button" onclick={random} disabled={is_ready} id="formation-random">{ "Random" }</button>
                    <button type="button" onclick={fa(FormationAction::Mirror)} disabled={is_ready} id="formation-mirror">{ "Mirror other side" }</button>
                    <button type="button" onclick={fa(FormationAction::Clear)} disabled={is_ready} id="formation-clear">{ "Clear" }</button>
                    <button type="button" onclick={flip}>{ "Flip board" }</button>
                </div>
                <div class="actions">
                    if is_ready {
                        <button type="button" onclick={fa(FormationAction::Unready)} id="formation-change">{ "Change" }</button>
                    } else {
                        <button type="button" class="primary" onclick={ready} disabled={!problems.is_empty()} id="formation-ready">
                            { format!("{editing} is ready") }
                        </button>
                    }
                    <button type="button" class="primary big" onclick={start} disabled={!f.complete()} id="begin-tiers">{ "Start the game" }</button>
                    <button type="button" class="link" onclick={back}>{ "Back" }</button>
                </div>
            </div>
        </section>
    }
}

/// The live validation of the side being edited and the last note (what a
/// preset, mirror or drop did); `ids` prefixes the elements' ids
/// (`<ids>-validation`, `<ids>-note`).
pub(crate) fn validation(f: &FormationSetup, ids: Option<&str>) -> Html {
    let editing = f.editing;
    let problems = f.problems(editing);
    let id = |part: &str| ids.map(|prefix| AttrValue::from(format!("{prefix}-{part}")));
    html! {
        <>
            <div class="validation" aria-live="polite" id={id("validation")}>
                if problems.is_empty() {
                    <p class="ok">{ format!("{editing}'s formation is valid.") }</p>
                } else {
                    <ul>{ for problems.iter().map(|p| html! { <li>{ crate::state::capitalise(p) }</li> }) }</ul>
                }
            </div>
            if let Some(note) = &f.note {
                <p class="note" role="status" id={id("note")}>{ note.clone() }</p>
            }
        </>
    }
}
