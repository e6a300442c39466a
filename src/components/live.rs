//! The live play screen (docs/live.md): the inviter makes an invite (a
//! link and a QR code) from the new-game choices, the joiner opens it and
//! makes an answer (a link and a QR code), the inviter pastes the answer,
//! and the two pages connect directly (WebRTC, `crate::rtc`) and agree the
//! terms (`hello`). Every step says what to send to whom. The links and
//! messages are read and checked by `tiers_core::live`.

use std::rc::Rc;

use wasm_bindgen_futures::spawn_local;
use yew::prelude::*;

use crate::browser;
use crate::core::i18n::words;
use crate::core::live::link::{self, Role, Signal, Terms};
use crate::core::live::{self, qr, Live, Message};
use crate::core::new_game::NewGameChoices;
use crate::i18n::say;
use crate::rtc::{Peer, RtcEvent};
use crate::t;

/// Where the screen is.
#[derive(Clone, Debug, PartialEq)]
enum Step {
    /// The inviter sees the terms and makes the invite.
    Terms,
    /// The browser is making a description.
    Working,
    /// The inviter's invite link, and the field for the answer.
    Invite(String),
    /// The joiner sees the invite's terms.
    Join(Signal),
    /// The joiner's answer link: send it back.
    Answer(String),
    /// The channel is open; `true` once the other page agreed the terms.
    Connected(bool),
    /// The connection was lost.
    Lost,
}

/// The screen's state.
#[derive(Clone, Debug, PartialEq)]
struct View {
    step: Step,
    /// The live game once there is one (its terms, this device's colour).
    live: Option<Live>,
    /// What went wrong last.
    error: Option<String>,
    /// What happened to the last link sent or copied.
    said: Option<String>,
}

enum Msg {
    Step(Step),
    Live(Live),
    Error(String),
    Said(Option<String>),
    Rtc(RtcEvent),
}

impl Reducible for View {
    type Action = Msg;

    fn reduce(self: Rc<Self>, msg: Msg) -> Rc<Self> {
        let mut v = (*self).clone();
        match msg {
            Msg::Step(s) => {
                v.step = s;
                v.error = None;
                v.said = None;
            }
            Msg::Live(l) => v.live = Some(l),
            Msg::Error(e) => {
                if v.step == Step::Working {
                    v.step = if v.live.as_ref().is_some_and(|l| l.me == l.terms.inviter) {
                        Step::Terms
                    } else {
                        v.step
                    };
                }
                v.error = Some(e);
            }
            Msg::Said(s) => v.said = s,
            Msg::Rtc(RtcEvent::Open) => {
                v.step = Step::Connected(false);
                v.error = None;
            }
            Msg::Rtc(RtcEvent::Lost) => {
                if matches!(v.step, Step::Connected(_)) {
                    v.step = Step::Lost;
                }
            }
            Msg::Rtc(RtcEvent::Message(text)) => {
                let Some(l) = v.live.as_mut() else {
                    return self;
                };
                let from = l.me.opposite();
                let mut game = None;
                let mut clock = None;
                let board = live::Board {
                    game: &mut game,
                    clock: &mut clock,
                };
                match live::parse(&text).and_then(|m| l.apply(from, board, &m)) {
                    Ok(live::Event::Hello) => v.step = Step::Connected(true),
                    Ok(_) => {}
                    Err(e) => v.error = Some(t!("live.refused", why = e)),
                }
            }
        }
        Rc::new(v)
    }
}

/// Props of [`LiveScreen`].
#[derive(Properties, PartialEq, Clone)]
pub struct LiveProps {
    /// The new-game choices: the invite's game, colour and clock.
    pub choices: NewGameChoices,
    /// Back to the new game screen.
    pub on_back: Callback<()>,
}

/// What a pasted answer holds: a whole link or only its value.
fn value_of(pasted: &str) -> String {
    let pasted = pasted.trim();
    pasted
        .split_once('?')
        .and_then(|(_, q)| link::value_in(q))
        .unwrap_or_else(|| pasted.to_string())
}

/// The terms in words: "Checkers · you play Black · 5+3".
fn terms_text(terms: &Terms, me: tiers_engine::Color) -> String {
    let clock = terms
        .clock
        .map_or_else(|| t!("live.no-clock"), |c| c.name());
    t!(
        "live.terms",
        game = say(&words::game(terms.kind)),
        side = say(&words::side(me)),
        clock = clock
    )
}

/// The live play screen.
#[component]
pub fn LiveScreen(props: &LiveProps) -> Html {
    let view = use_reducer(|| View {
        step: Step::Terms,
        live: None,
        error: None,
        said: None,
    });
    let peer = use_mut_ref(|| None::<Peer>);
    let on_rtc = {
        let d = view.dispatcher();
        Callback::from(move |e: RtcEvent| d.dispatch(Msg::Rtc(e)))
    };
    // A link in the address: an invite to join (or a misplaced answer).
    {
        let d = view.dispatcher();
        use_effect_with((), move |()| {
            let (_, query) = browser::location();
            if let Some(value) = link::value_in(&query) {
                browser::forget_query();
                match link::decode(&value) {
                    Ok(s) => match s.role {
                        Role::Invite(terms) | Role::Reconnect(terms) => {
                            d.dispatch(Msg::Live(Live::new(s.id, terms, terms.inviter.opposite())));
                            d.dispatch(Msg::Step(Step::Join(s)));
                        }
                        Role::Answer => d.dispatch(Msg::Error(t!("live.answer-here"))),
                    },
                    Err(e) => d.dispatch(Msg::Error(t!("live.link-failed", why = e))),
                }
            }
        });
    }
    // Each side says hello as the channel opens.
    {
        let (peer, live) = (peer.clone(), view.live.clone());
        use_effect_with(view.step.clone(), move |step| {
            if *step == Step::Connected(false) {
                if let (Some(p), Some(l)) = (peer.borrow().as_ref(), live) {
                    let _ = p.send(
                        &Message::Hello {
                            id: l.id,
                            terms: l.terms,
                        }
                        .to_text(),
                    );
                }
            }
        });
    }
    // A random colour is tossed once, when the screen opens.
    let inviter = *use_state(|| props.choices.color.resolve(browser::coin()));
    let terms = Terms {
        kind: props.choices.kind,
        inviter,
        clock: props.choices.clock,
    };
    let make_invite = {
        let (d, peer, on_rtc) = (view.dispatcher(), peer.clone(), on_rtc.clone());
        Callback::from(move |_: MouseEvent| {
            let (d, peer, on_rtc) = (d.clone(), peer.clone(), on_rtc.clone());
            let live = Live::new(browser::new_id(), terms, terms.inviter);
            d.dispatch(Msg::Live(live.clone()));
            d.dispatch(Msg::Step(Step::Working));
            spawn_local(async move {
                let made = async {
                    let mut p = Peer::new(&[], on_rtc.clone())?;
                    let sdp = p.offer(&on_rtc).await?;
                    let signal = Signal {
                        id: live.id,
                        role: Role::Invite(live.terms),
                        sdp,
                    };
                    let url = link::link(&browser::page_base(), &signal)?;
                    Ok::<_, String>((p, url))
                };
                match made.await {
                    Ok((p, url)) => {
                        *peer.borrow_mut() = Some(p);
                        d.dispatch(Msg::Step(Step::Invite(url)));
                    }
                    Err(e) => d.dispatch(Msg::Error(e)),
                }
            });
        })
    };
    let join = {
        let (d, peer, on_rtc, step) = (
            view.dispatcher(),
            peer.clone(),
            on_rtc.clone(),
            view.step.clone(),
        );
        Callback::from(move |_: MouseEvent| {
            let Step::Join(signal) = step.clone() else {
                return;
            };
            let (d, peer, on_rtc) = (d.clone(), peer.clone(), on_rtc.clone());
            d.dispatch(Msg::Step(Step::Working));
            spawn_local(async move {
                let made = async {
                    let p = Peer::new(&[], on_rtc)?;
                    let sdp = p.answer(&signal.sdp).await?;
                    let answer = Signal {
                        id: signal.id,
                        role: Role::Answer,
                        sdp,
                    };
                    Ok::<_, String>((p, link::link(&browser::page_base(), &answer)?))
                };
                match made.await {
                    Ok((p, url)) => {
                        *peer.borrow_mut() = Some(p);
                        d.dispatch(Msg::Step(Step::Answer(url)));
                    }
                    Err(e) => {
                        d.dispatch(Msg::Step(Step::Join(signal)));
                        d.dispatch(Msg::Error(e));
                    }
                }
            });
        })
    };
    let answer_field = use_node_ref();
    let connect = {
        let (d, peer, field, live) = (
            view.dispatcher(),
            peer.clone(),
            answer_field.clone(),
            view.live.clone(),
        );
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let pasted = field
                .cast::<web_sys::HtmlTextAreaElement>()
                .map(|f| f.value())
                .unwrap_or_default();
            if pasted.trim().is_empty() {
                return d.dispatch(Msg::Error(t!("live.paste-first")));
            }
            let signal = match link::decode(&value_of(&pasted)) {
                Ok(s) => s,
                Err(e) => return d.dispatch(Msg::Error(t!("live.link-failed", why = e))),
            };
            if signal.role != Role::Answer {
                return d.dispatch(Msg::Error(t!("live.not-an-answer")));
            }
            if live.as_ref().is_none_or(|l| l.id != signal.id) {
                return d.dispatch(Msg::Error(t!("live.other-invite")));
            }
            let (d, peer) = (d.clone(), peer.clone());
            spawn_local(async move {
                let accepted = peer.borrow().as_ref().map(|p| p.accept(&signal.sdp));
                let result = match accepted {
                    Some(f) => f.await,
                    None => Err(t!("live.no-invite")),
                };
                match result {
                    Ok(()) => d.dispatch(Msg::Said(Some(t!("live.connecting")))),
                    Err(e) => d.dispatch(Msg::Error(e)),
                }
            });
        })
    };
    let send = |url: String| {
        let d = view.dispatcher();
        Callback::from(move |_: MouseEvent| {
            let (url, d) = (url.clone(), d.clone());
            spawn_local(async move {
                d.dispatch(Msg::Said(
                    match browser::share_or_copy(&t!("live.share-text"), &url).await {
                        Ok(browser::Sent::Shared) => Some(t!("live.sent")),
                        Ok(browser::Sent::Cancelled) => None,
                        Ok(browser::Sent::Copied) => Some(t!("live.copied")),
                        Err(e) => Some(t!("live.copy-failed", why = e)),
                    },
                ));
            });
        })
    };
    let back = props.on_back.reform(|_: MouseEvent| ());
    let me = view.live.as_ref().map(|l| l.me);
    let body = match &view.step {
        Step::Terms => html! {
            <>
                <p id="live-terms">{ terms_text(&terms, terms.inviter) }</p>
                <p>{ t!("live.how") }</p>
                <p class="hint">{ t!("live.same-network") }</p>
                <div class="actions">
                    <button type="button" class="primary" id="live-invite" onclick={make_invite}>{ t!("live.make-invite") }</button>
                    <button type="button" onclick={back}>{ t!("live.back") }</button>
                </div>
            </>
        },
        Step::Working => html! { <p role="status" id="live-working">{ t!("live.working") }</p> },
        Step::Invite(url) => html! {
            <>
                <h2>{ t!("live.step-1") }</h2>
                <p>{ t!("live.send-invite") }</p>
                { link_box("live-invite-link", url, &send) }
                <h2>{ t!("live.step-2") }</h2>
                <form class="live-paste" onsubmit={connect}>
                    <label for="live-answer">{ t!("live.paste-answer") }</label>
                    <textarea id="live-answer" ref={answer_field} rows="3" spellcheck="false" />
                    <button type="submit" class="primary" id="live-connect">{ t!("live.connect") }</button>
                </form>
            </>
        },
        Step::Join(s) => {
            let terms = match s.role {
                Role::Invite(t) | Role::Reconnect(t) => t,
                Role::Answer => terms,
            };
            html! {
                <>
                    <p id="live-terms">{ terms_text(&terms, terms.inviter.opposite()) }</p>
                    <p>{ t!("live.join-how") }</p>
                    <div class="actions">
                        <button type="button" class="primary" id="live-join" onclick={join}>{ t!("live.join") }</button>
                        <button type="button" onclick={back}>{ t!("live.back") }</button>
                    </div>
                </>
            }
        }
        Step::Answer(url) => html! {
            <>
                <p>{ t!("live.send-answer") }</p>
                { link_box("live-answer-link", url, &send) }
                <p role="status" id="live-waiting">{ t!("live.waiting") }</p>
            </>
        },
        Step::Connected(agreed) => html! {
            <p role="status" id="live-state" class="live-ok">{
                if *agreed {
                    match (&view.live, me) {
                        (Some(l), Some(me)) => t!("live.connected-terms", terms = terms_text(&l.terms, me)),
                        _ => t!("live.connected"),
                    }
                } else {
                    t!("live.connected")
                }
            }</p>
        },
        Step::Lost => {
            html! { <p role="status" id="live-state" class="warn">{ t!("live.lost") }</p> }
        }
    };
    html! {
        <section class="live card" aria-labelledby="live-title">
            <h1 id="live-title">{ t!("live.title") }</h1>
            { body }
            if let Some(said) = &view.said {
                <p role="status" id="live-said">{ said.clone() }</p>
            }
            if let Some(e) = &view.error {
                <p role="alert" id="live-error" class="warn">{ e.clone() }</p>
            }
        </section>
    }
}

/// A link to send: the text (selected on focus), a button that shares or
/// copies it, and its QR code.
fn link_box(id: &'static str, url: &str, send: &dyn Fn(String) -> Callback<MouseEvent>) -> Html {
    let select = Callback::from(|e: FocusEvent| {
        if let Some(t) = e.target_dyn_into::<web_sys::HtmlTextAreaElement>() {
            t.select();
        }
    });
    let code = match qr::path(url) {
        Ok((d, side)) => html! {
            <svg class="live-qr" viewBox={format!("0 0 {side} {side}")} role="img"
                aria-label={t!("live.qr-label")} shape-rendering="crispEdges">
                <rect width={side.to_string()} height={side.to_string()} fill="#fff" />
                <path d={d} fill="#000" />
            </svg>
        },
        Err(e) => html! { <p class="warn">{ e }</p> },
    };
    html! {
        <div class="live-link">
            <textarea id={id} readonly=true rows="3" aria-label={t!("live.the-link")} value={url.to_string()} onfocus={select} />
            <button type="button" id={format!("{id}-send")} onclick={send(url.to_string())}>
                { if browser::can_share() { t!("live.send-link") } else { t!("live.copy-link") } }
            </button>
            { code }
        </div>
    }
}
