//! The tournament dialogs: a match's result (enter, correct, remove, or
//! play it on the board), and the questions asked before something is lost.

use tiers_bracket::MatchStatus;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::bracket::{pairing, round_name};
use super::{btn, on, random_seed, TournamentDispatch, TournamentProps};
use crate::core::session::capitalise;
use crate::core::tournament::{Change, Dialog, TournamentAction};
use crate::t;

fn frame(title: &str, body: Html, on_close: Callback<KeyboardEvent>, node: NodeRef) -> Html {
    html! {
        <div class="dialog-backdrop" onkeydown={on_close}>
            <div class="dialog t-dialog" role="dialog" aria-modal="true" aria-labelledby="t-dialog-title"
                tabindex="-1" ref={node}>
                <h2 id="t-dialog-title">{ title.to_string() }</h2>
                { body }
            </div>
        </div>
    }
}

/// Whichever dialog the state asks for.
#[component]
pub fn Dialogs(props: &TournamentProps) -> Html {
    let state = &props.state;
    let tx = &props.dispatch;
    // Keyboard and screen-reader users land in the dialog when it opens, and
    // back on what opened it when it closes.
    let node = use_node_ref();
    let opener = use_mut_ref(|| None::<web_sys::HtmlElement>);
    {
        let node = node.clone();
        let kind = state.dialog.as_ref().map(std::mem::discriminant);
        use_effect_with(kind, move |kind| {
            if kind.is_some() {
                if opener.borrow().is_none() {
                    *opener.borrow_mut() = gloo::utils::document()
                        .active_element()
                        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
                }
                if let Some(d) = node.cast::<web_sys::HtmlElement>() {
                    let _ = d.focus();
                }
            } else if let Some(el) = opener.borrow_mut().take() {
                if el.is_connected() {
                    let _ = el.focus();
                }
            }
        });
    }
    let Some(dialog) = &state.dialog else {
        return html! {};
    };
    let escape = {
        let tx = tx.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" {
                tx.tournament(TournamentAction::CloseDialog);
            }
        })
    };
    let cancel = html! {
        { btn("", "t-dialog-cancel", t!("tournament.cancel"), on(tx, TournamentAction::CloseDialog)) }
    };
    match dialog {
        Dialog::Result {
            bracket,
            id,
            winner,
            score,
            error,
        } => {
            let Some((_, t, _)) = state.shown() else {
                return html! {};
            };
            let b = t.bracket(*bracket);
            let (bracket, id) = (*bracket, *id);
            let players = b.players(id);
            let done = b.status(id) == MatchStatus::Done;
            let choice = |k: usize| {
                let Some(seed) = players[k] else {
                    return html! {};
                };
                let active = *winner == Some(seed);
                html! {
                    <button type="button" role="radio" aria-checked={if active { "true" } else { "false" }}
                        class={if active { "t-winner active" } else { "t-winner" }}
                        id={if k == 0 { "winner-0" } else { "winner-1" }}
                        onclick={on(tx, TournamentAction::ResultWinner(seed))}>
                        { b.entrant(seed).name.clone() }
                    </button>
                }
            };
            let oninput = {
                let tx = tx.clone();
                Callback::from(move |e: InputEvent| {
                    if let Some(i) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
                        tx.tournament(TournamentAction::ResultScore(i.value()));
                    }
                })
            };
            let play = {
                let tx = tx.clone();
                Callback::from(move |_: MouseEvent| {
                    tx.tournament(TournamentAction::CloseDialog);
                    tx.tournament(TournamentAction::Play(bracket, id, random_seed()));
                })
            };
            let spec = &b.structure().matches[id];
            let title = t!(
                "tournament.match-pairing",
                number = id + 1,
                pairing = round_name(spec.stage)
            );
            let body = html! {
                <>
                    <p class="reason">{ pairing(b, id) }</p>
                    if let Some(note) = b.reset_note(id).filter(|_| !done) {
                        <p class="t-meta">{ note.to_string() }</p>
                    }
                    <p class="t-sub">{ if done { t!("tournament.correct-the-winner") } else { t!("tournament.who-won") } }</p>
                    <div class="t-winners" role="radiogroup" aria-label={t!("tournament.winner-3")}>
                        { choice(0) }{ choice(1) }
                    </div>
                    <label class="t-field">
                        <span>{ t!("tournament.score-or-note-optional") }</span>
                        <input type="text" id="result-score" maxlength="60" placeholder={t!("tournament.e-g-or-won")}
                            value={score.clone()} {oninput} />
                    </label>
                    if let Some(e) = error {
                        <p class="t-error" role="alert">{ capitalise(&crate::i18n::say(e)) }</p>
                    }
                    <div class="actions">
                        { btn("primary", "save-result", if done { t!("tournament.save-the-correction") } else { t!("tournament.save-the-result") }, on(tx, TournamentAction::SaveResult)) }
                        if done {
                            { btn("", "clear-result", t!("tournament.remove-result"), on(tx, TournamentAction::ClearResult)) }
                        } else {
                            { btn("", "dialog-play", t!("tournament.play-on-board"), play) }
                        }
                        { cancel }
                    </div>
                </>
            };
            frame(&title, body, escape, node)
        }
        Dialog::Confirm {
            id, change, lines, ..
        } => {
            let what = match change {
                Change::Set { .. } => t!("tournament.change-result-of", number = id + 1),
                Change::Clear => t!("tournament.remove-result-of", number = id + 1),
            };
            let n = lines.len();
            let body = html! {
                <>
                    <p class="reason">{ t!("tournament.resets", count = n) }</p>
                    <ul class="t-reset-list" id="t-reset-list">
                        { for lines.iter().map(|l| html! { <li>{ l.clone() }</li> }) }
                    </ul>
                    <p class="t-meta">{ t!("tournament.those-matches-will-have") }</p>
                    <div class="actions">
                        { btn("primary danger", "confirm", t!("tournament.yes-reset", count = n), on(tx, TournamentAction::Confirm)) }
                        { cancel }
                    </div>
                </>
            };
            frame(&what, body, escape, node)
        }
        Dialog::Delete { id } => {
            let name = state
                .entry(*id)
                .map_or_else(String::new, |e| e.tournament.name().to_string());
            let body = html! {
                <>
                    <p class="reason">{ t!("tournament.its-brackets-and-results") }</p>
                    <div class="actions">
                        { btn("primary danger", "confirm", t!("tournament.delete"), on(tx, TournamentAction::Confirm)) }
                        { cancel }
                    </div>
                </>
            };
            frame(
                &t!("tournament.delete-named", name = name),
                body,
                escape,
                node,
            )
        }
        Dialog::Abandon { next } => {
            let current = state.game.as_ref().map_or(0, |g| g.id + 1);
            let text = match next {
                Some((_, id)) => t!(
                    "tournament.abandon-to-play",
                    current = current,
                    next = id + 1
                ),
                None => t!("tournament.nothing-recorded", current = current),
            };
            let body = html! {
                <>
                    <p class="reason">{ text }</p>
                    <div class="actions">
                        { btn("primary danger", "confirm", t!("tournament.abandon-it"), on(tx, TournamentAction::Confirm)) }
                        { btn("", "", t!("tournament.go-back-to-match", current = current), on(tx, TournamentAction::Resume)) }
                        { cancel }
                    </div>
                </>
            };
            let title = if next.is_some() {
                t!("tournament.game-in-progress-title")
            } else {
                t!("tournament.abandon-game-of", current = current)
            };
            frame(&title, body, escape, node)
        }
    }
}
