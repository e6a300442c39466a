//! The game-over dialog with the result and its reason.

use crate::t;
use tiers_engine::{Color, Outcome};
use yew::prelude::*;

/// Props of [`GameOver`].
#[derive(Properties, PartialEq, Clone)]
pub struct GameOverProps {
    /// How the game ended.
    pub outcome: Outcome,
    /// The person's colour against the computer (None: two players).
    #[prop_or_default]
    pub human: Option<Color>,
    /// Close the dialog (look at the board).
    pub on_close: Callback<()>,
    /// Start a new game.
    pub on_new: Callback<()>,
    /// Take back.
    pub on_undo: Callback<()>,
    /// Whether taking back is offered (not in a game with clocks).
    #[prop_or(true)]
    pub can_undo: bool,
    /// Review the game.
    pub on_review: Callback<()>,
}

/// The game-over dialog.
#[component]
pub fn GameOver(props: &GameOverProps) -> Html {
    let title = match (props.outcome.winner(), props.human) {
        (None, _) => t!("over.draw"),
        (Some(w), Some(h)) if w == h => t!("over.you-won"),
        (Some(_), Some(_)) => t!("over.you-lost"),
        (Some(w), None) => t!("over.wins", side = crate::core::i18n::words::side(w)),
    };
    let reason = crate::core::session::capitalise(&crate::i18n::say(
        &crate::core::i18n::words::outcome_reason(props.outcome),
    ));
    let close = props.on_close.reform(|_: MouseEvent| ());
    let new = props.on_new.reform(|_: MouseEvent| ());
    let undo = props.on_undo.reform(|_: MouseEvent| ());
    let review = props.on_review.reform(|_: MouseEvent| ());
    // Keyboard users land on the dialog's first button.
    let first = use_node_ref();
    {
        let first = first.clone();
        use_effect_with((), move |_| {
            if let Some(button) = first.cast::<web_sys::HtmlElement>() {
                let _ = button.focus();
            }
        });
    }
    let onkeydown = {
        let on_close = props.on_close.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" {
                on_close.emit(());
            }
        })
    };
    html! {
        <div class="dialog-backdrop" {onkeydown}>
            <div class="dialog game-over" role="dialog" aria-modal="true" aria-labelledby="game-over-title">
                <h2 id="game-over-title">{ title }</h2>
                <p class="reason">{ reason }{ "." }</p>
                <div class="actions">
                    <button type="button" class="primary" onclick={new} ref={first}>{ t!("nav.new-game") }</button>
                    <button type="button" id="review-game" onclick={review}>{ t!("over.review") }</button>
                    if props.can_undo {
                        <button type="button" onclick={undo}>{ t!("play.take-back") }</button>
                    }
                    <button type="button" onclick={close}>{ t!("over.look") }</button>
                </div>
            </div>
        </div>
    }
}
