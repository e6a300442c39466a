//! The panels around the board: a player strip (name, clock, captured pieces),
//! the status line (whose turn, the computer thinking) and the controls.

use tiers_engine::search::format_score;
use tiers_engine::Color;
use yew::prelude::*;

use crate::components::piece::piece;
use crate::core::i18n::words;
use crate::core::record::Captured;
use crate::core::session::Thinking;
use crate::t;

/// Props of [`PlayerStrip`].
#[derive(Properties, PartialEq, Clone)]
pub struct PlayerStripProps {
    /// The player's colour.
    pub color: Color,
    /// Their name ("You", "Computer · level 3", "Red").
    pub name: AttrValue,
    /// The pieces this player has taken (the opponent's pieces).
    pub taken: Vec<Captured>,
    /// Whether it is this player's turn.
    pub to_move: bool,
    /// The player's clock, in a game with a time control.
    #[prop_or_default]
    pub clock: Option<ClockFace>,
}

/// A clock as a player strip shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockFace {
    /// The time left as read: "2:59", "0:09.3".
    pub text: String,
    /// Whether it runs (its side is to move).
    pub running: bool,
    /// Under ten seconds: shown in red, with tenths.
    pub low: bool,
}

/// One player's strip: colour, name, turn marker and the pieces taken.
#[component]
pub fn PlayerStrip(props: &PlayerStripProps) -> Html {
    let class = classes!(
        "player-strip",
        format!("player-{}", props.color.name()),
        props.to_move.then_some("to-move")
    );
    let pieces = props.taken.iter().map(|c| {
        html! { <span class="taken-piece">{ piece(c.piece) }</span> }
    });
    html! {
        <div {class}>
            <span class={classes!("dot", props.color.name())} aria-hidden="true"></span>
            <span class="player-name">{ props.name.clone() }</span>
            if props.to_move { <span class="turn-tag">{ t!("play.to-move") }</span> }
            <span class="taken" role="img" aria-label={t!("play.taken", count = props.taken.len())}>
                { for pieces }
                if !props.taken.is_empty() {
                    <span class="taken-count">{ format!("×{}", props.taken.len()) }</span>
                }
            </span>
            if let Some(c) = &props.clock {
                <span class={classes!("clock", c.running.then_some("running"), c.low.then_some("low"))}
                    id={format!("clock-{}", props.color.name())} role="timer"
                    aria-label={if c.running { t!("play.clock-running", side = words::side(props.color), time = c.text.clone()) } else { t!("play.clock", side = words::side(props.color), time = c.text.clone()) }}>
                    { c.text.clone() }
                </span>
            }
        </div>
    }
}

/// Props of [`Status`].
#[derive(Properties, PartialEq, Clone)]
pub struct StatusProps {
    /// The main line, e.g. "Red to move".
    pub text: AttrValue,
    /// The computer's progress, when it is thinking.
    #[prop_or_default]
    pub thinking: Option<Thinking>,
    /// Whether the computer is thinking.
    #[prop_or_default]
    pub busy: bool,
    /// The colour the computer plays (its score is for that side).
    #[prop_or_default]
    pub thinker: Option<Color>,
    /// A message to the player (illegal move, …).
    #[prop_or_default]
    pub message: Option<AttrValue>,
}

/// The status line.
#[component]
pub fn Status(props: &StatusProps) -> Html {
    html! {
        <div class="status">
            <p class="status-text" id="status-text">{ props.text.clone() }</p>
            if props.busy {
                <p class="thinking" id="thinking">
                    <span class="spinner" aria-hidden="true"></span>
                    { t!("play.thinking") }{ " " }
                    if let Some(t) = &props.thinking {
                        <span class="think-info">
                            { match props.thinker {
                                Some(c) => t!("play.think-info-for", depth = t.depth, score = format_score(t.score), side = words::side(c), count = t.nodes),
                                None => t!("play.think-info", depth = t.depth, score = format_score(t.score), count = t.nodes),
                            } }
                        </span>
                    }
                </p>
            }
            if let Some(m) = &props.message {
                <p class="message" role="alert" id="message">{ m.clone() }</p>
            }
        </div>
    }
}

/// One control button.
#[derive(Properties, PartialEq, Clone)]
pub struct ControlProps {
    /// Its text.
    pub label: AttrValue,
    /// Its icon (a short symbol).
    #[prop_or_default]
    pub icon: AttrValue,
    /// Clicked.
    pub on_click: Callback<()>,
    /// Disabled.
    #[prop_or_default]
    pub disabled: bool,
    /// DOM id (for tests).
    #[prop_or_default]
    pub id: Option<AttrValue>,
    /// A toggle's state (`aria-pressed`); `None` for a plain button.
    #[prop_or_default]
    pub pressed: Option<bool>,
}

/// A control button with an icon and a label.
#[component]
pub fn Control(props: &ControlProps) -> Html {
    let onclick = props.on_click.reform(|_: MouseEvent| ());
    html! {
        <button type="button" class={classes!("control", (props.pressed == Some(true)).then_some("active"))}
            id={props.id.clone()} disabled={props.disabled} {onclick} title={props.label.clone()}
            aria-pressed={props.pressed.map(|p| AttrValue::from(p.to_string()))}>
            <span class="icon" aria-hidden="true">{ props.icon.clone() }</span>
            <span class="label">{ props.label.clone() }</span>
        </button>
    }
}

/// A button that needs a second click within a few seconds (resigning):
/// whether it is armed, and its click handler.
pub struct Confirm {
    /// The first click was made: the label should ask "Sure?".
    pub armed: bool,
    /// The button's handler: arms on the first click, calls the action on
    /// the second.
    pub on_click: Callback<()>,
}

/// How long a first click waits for the second, in milliseconds.
pub const CONFIRM_MS: u32 = 3000;

/// A two-click confirmation for `on_confirm` (see [`Confirm`]).
#[hook]
pub fn use_confirm(on_confirm: Callback<()>) -> Confirm {
    let armed = use_state(|| false);
    let timer = use_mut_ref(|| None::<gloo::timers::callback::Timeout>);
    let on_click = {
        let armed = armed.clone();
        Callback::from(move |()| {
            if *armed {
                armed.set(false);
                *timer.borrow_mut() = None;
                on_confirm.emit(());
            } else {
                armed.set(true);
                let armed = armed.clone();
                *timer.borrow_mut() = Some(gloo::timers::callback::Timeout::new(
                    CONFIRM_MS,
                    move || {
                        armed.set(false);
                    },
                ));
            }
        })
    };
    Confirm {
        armed: *armed,
        on_click,
    }
}
