//! A game replayed move by move: the board at the ply shown, first /
//! previous / next / last buttons, the arrow keys (and Home / End), and the
//! clickable move list. Used by the games and review screens.

use gloo::events::{EventListener, EventListenerOptions};
use tiers_engine::Color;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::components::board::Board;
use crate::components::move_list::MoveList;
use crate::core::library::games::Step;
use crate::core::record::Record;
use crate::t;

/// While `active`, the arrow keys (and Home / End) step through the game
/// shown, unless a text field or the board itself has them. The step is
/// taken from the ply shown when the key is handled (fast key presses
/// never act on a stale position).
#[hook]
pub fn use_replay_keys(active: bool, on_step: Callback<Step>) {
    use_step_keys(active, on_step, |key| match key {
        "ArrowLeft" => Some(Step::Back),
        "ArrowRight" => Some(Step::On),
        "Home" => Some(Step::First),
        "End" => Some(Step::Last),
        _ => None,
    });
}

/// While `active`, the keys `step` knows (it names the step of a
/// `KeyboardEvent.key`) go to `on_step`, unless a text field has the focus
/// or the key was handled already (by the board's own cursor).
#[hook]
pub fn use_step_keys<S: 'static>(active: bool, on_step: Callback<S>, step: fn(&str) -> Option<S>) {
    use_effect_with(active, move |&active| {
        let doc = gloo::utils::document();
        let options = EventListenerOptions::enable_prevent_default();
        let listener = EventListener::new_with_options(&doc, "keydown", options, move |e| {
            let Some(e) = e.dyn_ref::<web_sys::KeyboardEvent>() else {
                return;
            };
            if !active || e.default_prevented() || e.alt_key() || e.ctrl_key() || e.meta_key() {
                return;
            }
            let typing = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .is_some_and(|el| {
                    matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT")
                });
            if typing {
                return;
            }
            let Some(s) = step(e.key().as_str()) else {
                return;
            };
            e.prevent_default();
            on_step.emit(s);
        });
        move || drop(listener)
    });
}

/// The replay of `game` at `shown` (at most its ply); `id` prefixes the
/// board's DOM ids.
pub fn viewer(game: &dyn Record, shown: usize, on_ply: &Callback<usize>, id: &'static str) -> Html {
    let last = game.ply();
    let shown = shown.min(last);
    let go = |ply: usize| {
        let on_ply = on_ply.clone();
        Callback::from(move |_: MouseEvent| on_ply.emit(ply))
    };
    let view = game.view_at(shown).unwrap_or([None; 64]);
    let last_move = if shown > 0 {
        game.move_at(shown - 1)
            .map(|m| m.squares)
            .unwrap_or_default()
    } else {
        Vec::new()
    };
    let side = game.side_at(shown).unwrap_or(Color::Red);
    let mut moves = game.move_texts();
    moves.truncate(last);
    let caption = if shown == 0 {
        t!("viewer.start", side = side)
    } else {
        t!(
            "viewer.after-move",
            shown = shown,
            last = last,
            mv = moves.get(shown - 1).cloned().unwrap_or_default(),
            side = side
        )
    };
    html! {
        <div class="viewer">
            <Board {id} label={t!("viewer.replay-board")} kind={game.kind()} {view}
                {last_move} interactive={false} />
            <p class="viewer-caption" id={format!("{id}-caption")} aria-live="polite">{ caption }</p>
            <div class="nav viewer-nav" role="group" aria-label={t!("viewer.replay")}>
                <button type="button" aria-label={t!("viewer.first-position")} onclick={go(0)} disabled={shown == 0}>{ "|◀" }</button>
                <button type="button" aria-label={t!("viewer.previous-move")} onclick={go(shown.saturating_sub(1))} disabled={shown == 0}>{ "◀" }</button>
                <button type="button" aria-label={t!("viewer.next-move")} onclick={go((shown + 1).min(last))} disabled={shown >= last}>{ "▶" }</button>
                <button type="button" aria-label={t!("viewer.last-position")} onclick={go(last)} disabled={shown >= last}>{ "▶|" }</button>
            </div>
            <div class="moves-box">
                <MoveList {moves} ply={last} {shown} first={game.first_move_number()} on_view={on_ply.clone()} />
            </div>
        </div>
    }
}
