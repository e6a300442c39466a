//! A game replayed move by move: the board at the ply shown, first /
//! previous / next / last buttons, the arrow keys (and Home / End), and the
//! clickable move list. Used by the archive and the import screen.

use std::rc::Rc;

use gloo::events::{EventListener, EventListenerOptions};
use tiers_engine::Color;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::components::board::Board;
use crate::components::move_list::MoveList;
use crate::record::Record;

/// Props of [`Viewer`].
#[derive(Properties, Clone)]
pub struct ViewerProps {
    /// The game.
    pub record: Rc<Box<dyn Record>>,
    /// The ply shown (0: the start position).
    pub ply: usize,
    /// Show another ply.
    pub on_ply: Callback<usize>,
    /// Board seen from Black's side.
    #[prop_or_default]
    pub flipped: bool,
    /// A prefix for the board's DOM ids.
    #[prop_or(AttrValue::Static("viewer"))]
    pub id: AttrValue,
}

impl PartialEq for ViewerProps {
    fn eq(&self, other: &Self) -> bool {
        (Rc::ptr_eq(&self.record, &other.record) || **self.record == **other.record)
            && self.ply == other.ply
            && self.on_ply == other.on_ply
            && self.flipped == other.flipped
            && self.id == other.id
    }
}

/// The replay viewer.
#[component]
pub fn Viewer(props: &ViewerProps) -> Html {
    let game = &props.record;
    let last = game.ply();
    let shown = props.ply.min(last);
    // The arrow keys step through the game (unless a text field or the
    // board itself has them).
    {
        let on_ply = props.on_ply.clone();
        use_effect_with((shown, last), move |&(shown, last)| {
            let doc = gloo::utils::document();
            let options = EventListenerOptions::enable_prevent_default();
            let listener = EventListener::new_with_options(&doc, "keydown", options, move |e| {
                let Some(e) = e.dyn_ref::<web_sys::KeyboardEvent>() else {
                    return;
                };
                if e.default_prevented() || e.alt_key() || e.ctrl_key() || e.meta_key() {
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
                let next = match e.key().as_str() {
                    "ArrowLeft" => shown.saturating_sub(1),
                    "ArrowRight" => (shown + 1).min(last),
                    "Home" => 0,
                    "End" => last,
                    _ => return,
                };
                e.prevent_default();
                if next != shown {
                    on_ply.emit(next);
                }
            });
            move || drop(listener)
        });
    }
    let go = |ply: usize| {
        let on_ply = props.on_ply.clone();
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
    let caption = if shown == 0 {
        format!("Start position, {side} to move")
    } else {
        let texts = game.move_texts();
        format!(
            "After move {shown} of {last} ({}), {side} to move",
            texts.get(shown - 1).cloned().unwrap_or_default()
        )
    };
    let mut moves = game.move_texts();
    moves.truncate(last);
    html! {
        <div class="viewer">
            <Board id={props.id.clone()} label="Replay board" kind={game.kind()} {view}
                flipped={props.flipped} {last_move} interactive={false} />
            <p class="viewer-caption" id={format!("{}-caption", props.id)} aria-live="polite">{ caption }</p>
            <div class="nav viewer-nav" role="group" aria-label="Replay">
                <button type="button" aria-label="First position" onclick={go(0)} disabled={shown == 0}>{ "|◀" }</button>
                <button type="button" aria-label="Previous move" onclick={go(shown.saturating_sub(1))} disabled={shown == 0}>{ "◀" }</button>
                <button type="button" aria-label="Next move" onclick={go((shown + 1).min(last))} disabled={shown >= last}>{ "▶" }</button>
                <button type="button" aria-label="Last position" onclick={go(last)} disabled={shown >= last}>{ "▶|" }</button>
            </div>
            <div class="moves-box">
                <MoveList {moves} ply={last} {shown} on_view={props.on_ply.clone()} />
            </div>
        </div>
    }
}
