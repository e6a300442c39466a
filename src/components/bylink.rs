//! Playing a friend far away, by link: on the play screen of a two-player
//! game, "Play by link" (names, time per move); then, in a game by link,
//! which side this device plays, and after its move the link to send (the
//! share sheet where the browser has one, else copied; always shown in a
//! read-only field to select).

use tiers_engine::Color;
use wasm_bindgen_futures::spawn_local;
use yew::prelude::*;

use crate::browser;
use crate::components::Dispatch;
use crate::core::correspondence::{link_of, names};
use crate::core::session::{Opponent, Session};
use crate::core::{AppAction, Slice};
use crate::t;

/// Props of [`ByLinkPanel`].
#[derive(Properties, PartialEq, Clone)]
pub struct ByLinkProps {
    /// The game.
    pub session: Slice<Session>,
    /// Dispatches actions.
    pub dispatch: Dispatch,
}

/// The "play by link" panel of the play screen.
#[component]
pub fn ByLinkPanel(props: &ByLinkProps) -> Html {
    let s = &props.session;
    let form = use_state(|| false);
    let said = use_state(|| None::<String>);
    let (me_ref, friend_ref, days_ref) = (use_node_ref(), use_node_ref(), use_node_ref());
    let Some(game) = s.record() else {
        return html! {};
    };
    let over = game.outcome().is_some();
    let Some(b) = &s.meta.bylink else {
        if s.opponent != Opponent::Friend || over {
            return html! {};
        }
        let side = s.side_to_move().unwrap_or(Color::Red);
        if !*form {
            let open = {
                let form = form.clone();
                Callback::from(move |_: MouseEvent| form.set(true))
            };
            return html! {
                <div class="bylink">
                    <button type="button" id="bylink-start" onclick={open}>{ t!("bylink.play-by-link") }</button>
                    <p class="bylink-hint">{ t!("bylink.play-a-friend-far") }</p>
                </div>
            };
        }
        let go = {
            let d = props.dispatch.clone();
            let form = form.clone();
            let (me_ref, friend_ref, days_ref) =
                (me_ref.clone(), friend_ref.clone(), days_ref.clone());
            Callback::from(move |e: SubmitEvent| {
                e.prevent_default();
                let text = |r: &NodeRef| {
                    r.cast::<web_sys::HtmlInputElement>()
                        .map(|i| i.value())
                        .unwrap_or_default()
                };
                let mine = text(&me_ref);
                let friend = text(&friend_ref);
                let days = days_ref
                    .cast::<web_sys::HtmlSelectElement>()
                    .and_then(|s| s.value().parse().ok())
                    .unwrap_or(0);
                let names = if side == Color::Red {
                    [mine, friend]
                } else {
                    [friend, mine]
                };
                d.dispatch(AppAction::PlayByLink {
                    id: browser::random_seed(),
                    names,
                    days,
                });
                form.set(false);
            })
        };
        let cancel = {
            let form = form.clone();
            Callback::from(move |_: MouseEvent| form.set(false))
        };
        return html! {
            <form class="bylink" id="bylink-form" onsubmit={go}>
                <p>{ t!("bylink.you-play-side", side = side) }</p>
                <label>{ t!("bylink.your-name") }
                    <input id="bylink-me" maxlength="40" autocomplete="name" ref={me_ref} />
                </label>
                <label>{ t!("bylink.your-friend-s-name") }
                    <input id="bylink-friend" maxlength="40" ref={friend_ref} />
                </label>
                <label>{ t!("bylink.time-per-move") }
                    <select id="bylink-days" ref={days_ref}>
                        { for [0u8, 1, 3, 7].into_iter().map(|n| html! {
                            <option value={n.to_string()} selected={n == 0}>{ if n == 0 { t!("bylink.no-limit") } else { t!("bylink.days", count = n) } }</option>
                        }) }
                    </select>
                </label>
                <div class="bylink-buttons">
                    <button type="submit" id="bylink-go">{ t!("bylink.start-playing-by-link") }</button>
                    <button type="button" onclick={cancel}>{ t!("bylink.cancel") }</button>
                </div>
            </form>
        };
    };
    let players = names(&s.meta);
    let me = b.me;
    let friend = players[me.opposite().index()].clone();
    let side = s.side_to_move().unwrap_or(Color::Red);
    let my_turn = !over && side == me;
    let role = match b.days {
        0 => t!("bylink.role", me = me, friend = friend.clone()),
        n => t!(
            "bylink.role-days",
            me = me,
            friend = friend.clone(),
            count = n
        ),
    };
    let link = if my_turn {
        None
    } else {
        link_of(s, &browser::page_base(), browser::now())
    };
    let can_share = browser::can_share();
    let send = link.clone().and_then(Result::ok).map(|url| {
        let said = said.clone();
        let friend = friend.clone();
        Callback::from(move |_: MouseEvent| {
            let (url, said, friend) = (url.clone(), said.clone(), friend.clone());
            spawn_local(async move {
                let text = t!("bylink.share-text", friend = friend.clone());
                said.set(match browser::share_or_copy(&text, &url).await {
                    Ok(browser::Sent::Shared) => Some(t!("bylink.sent")),
                    Ok(browser::Sent::Cancelled) => None,
                    Ok(browser::Sent::Copied) => Some(t!("bylink.copied", friend = friend.clone())),
                    Err(e) => Some(t!("bylink.copy-failed", why = e)),
                });
            });
        })
    });
    let select = Callback::from(|e: FocusEvent| {
        if let Some(t) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
            t.select();
        }
    });
    let link_html = match &link {
        Some(Ok(url)) => html! {
            <>
                <input id="bylink-link" class="bylink-link" readonly=true aria-label={t!("bylink.the-link-to-send")}
                    value={url.clone()} onfocus={select} />
                <button type="button" id="bylink-send" onclick={send.unwrap_or_default()}>
                    { if can_share { t!("bylink.send-the-link") } else { t!("bylink.copy-the-link") } }
                </button>
            </>
        },
        Some(Err(e)) => html! { <p class="warn">{ e.clone() }</p> },
        None => html! {},
    };
    html! {
        <div class="bylink" id="bylink">
            <p id="bylink-role"><strong>{ role }</strong></p>
            if my_turn {
                <p id="bylink-turn">{ t!("bylink.your-move-play-it") }</p>
            } else {
                <p id="bylink-turn">{
                    if over {
                        t!("bylink.send-last", friend = friend.clone())
                    } else {
                        t!("bylink.send-now", friend = friend.clone())
                    }
                }</p>
                { link_html }
                if let Some(text) = &*said {
                    <p id="bylink-said" role="status">{ text.clone() }</p>
                }
            }
        </div>
    }
}
