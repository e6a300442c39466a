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
use crate::camera;
use crate::components::formation::FormationBoard;
use crate::components::scan::QrScanner;
use crate::components::{on_click, to, Dispatch};
use crate::core::formation::FormationSetup;
use crate::core::i18n::words;
use crate::core::live::link::{self, Role, Signal, Terms};
use crate::core::live::play::{phrase, resume, takeback_ply, LinkState, LiveAction, LivePlay};
use crate::core::live::{self, qr, Answer, Live, Message};
use crate::core::nav::{NavAction, Screen};
use crate::core::new_game::NewGameChoices;
use crate::core::session::Session;
use crate::core::session::SessionAction;
use crate::core::{AppAction, Slice};
use crate::i18n::say;
use crate::rtc::{self, Peer, RtcEvent};
use crate::storage;
use crate::t;
use tiers_engine::Color;

/// Where the screen is.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
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
    /// The connection of the game on the play screen was lost: make a
    /// reconnect invite for it.
    Rejoin(Live),
}

/// The screen's state: kept by the app above the screen switch
/// ([`use_live_view`]), so that opening Settings or the rules during the
/// invite, the join or a reconnect and coming back finds the same step,
/// the same link and the same connection.
#[derive(Clone, Debug, PartialEq)]
pub struct LiveView {
    step: Step,
    /// Nothing was done on the screen yet: it opens at the terms, or at
    /// the reconnect step if the game on the play screen lost its
    /// connection.
    fresh: bool,
    /// The coin tossed for a random colour, once per visit.
    coin: bool,
    /// The live game once there is one (its terms, this device's colour).
    live: Option<Live>,
    /// What went wrong last.
    error: Option<String>,
    /// What happened to the last link sent or copied.
    said: Option<String>,
    /// The links are for reconnecting to a game in progress.
    reconnect: bool,
}

impl LiveView {
    /// A fresh screen, with `coin` for a random colour.
    #[must_use]
    pub fn new(coin: bool) -> Self {
        LiveView {
            step: Step::Terms,
            fresh: true,
            coin,
            live: None,
            error: None,
            said: None,
            reconnect: false,
        }
    }
}

/// What changes the screen's state.
pub enum LiveMsg {
    Step(Step),
    Reconnect,
    Live(Live),
    Error(String),
    Said(Option<String>),
    /// The screen was left for another one than Settings or the rules:
    /// the next visit starts afresh (with a new coin).
    Reset(bool),
}
use LiveMsg as Msg;

impl Reducible for LiveView {
    type Action = Msg;

    fn reduce(self: Rc<Self>, msg: Msg) -> Rc<Self> {
        if let Msg::Reset(coin) = msg {
            // Already fresh: the same state (no redraw).
            return if self.fresh && self.error.is_none() {
                self
            } else {
                Rc::new(LiveView::new(coin))
            };
        }
        let mut v = (*self).clone();
        v.fresh = false;
        match msg {
            Msg::Step(s) => {
                v.step = s;
                v.error = None;
                v.said = None;
            }
            Msg::Reconnect => v.reconnect = true,
            Msg::Live(l) => v.live = Some(l),
            Msg::Error(e) => {
                if v.step == Step::Working {
                    v.step = if let (true, Some(l)) = (v.reconnect, v.live.as_ref()) {
                        Step::Rejoin(l.clone())
                    } else if v.live.as_ref().is_some_and(|l| l.me == l.terms.inviter) {
                        Step::Terms
                    } else {
                        v.step
                    };
                }
                v.error = Some(e);
            }
            Msg::Said(s) => v.said = s,
            Msg::Reset(_) => {}
        }
        Rc::new(v)
    }
}

/// The live screen's state, kept by the app (above the screen switch):
/// started afresh whenever another screen than the live screen, Settings
/// or the rules is shown.
#[hook]
pub fn use_live_view(screen: Screen) -> UseReducerHandle<LiveView> {
    let view = use_reducer(|| LiveView::new(browser::coin()));
    {
        let d = view.dispatcher();
        use_effect_with(screen, move |screen| {
            if !matches!(screen, Screen::Live | Screen::Settings | Screen::Rules) {
                d.dispatch(Msg::Reset(browser::coin()));
            }
        });
    }
    view
}

/// Props of [`LiveScreen`].
#[derive(Properties, PartialEq, Clone)]
pub struct LiveProps {
    /// The new-game choices: the invite's game, colour and clock.
    pub choices: NewGameChoices,
    /// The live game in the app's state (the connection's state).
    pub live: Slice<LivePlay>,
    /// The game on the play screen (a live game to reconnect to).
    pub session: Slice<Session>,
    /// A live Tiers game's formations.
    pub formation: Slice<FormationSetup>,
    /// The screen's state, kept by the app ([`use_live_view`]).
    pub view: UseReducerHandle<LiveView>,
    /// Dispatches actions.
    pub dispatch: Dispatch,
    /// Back to the new game screen.
    pub on_back: Callback<()>,
}

/// What the connection reports, to the app's state: the page's connection
/// outlives this screen.
#[must_use]
pub fn rtc_events(d: &Dispatch) -> Callback<RtcEvent> {
    let d = d.clone();
    Callback::from(move |e: RtcEvent| {
        d.dispatch(AppAction::Live(match e {
            RtcEvent::Open => LiveAction::Open,
            RtcEvent::Message(text) => LiveAction::Received(text, browser::now()),
            RtcEvent::Lost => LiveAction::Lost,
        }));
    })
}

/// Which paste box the camera is reading a code for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scanning {
    /// The inviter's: the answer.
    Answer,
    /// The joiner's: an invite or a reconnect link.
    Invite,
}

/// The text of a paste box.
fn field_text(field: &NodeRef) -> String {
    field
        .cast::<web_sys::HtmlTextAreaElement>()
        .map(|f| f.value())
        .unwrap_or_default()
}

/// Opens a live link's `value` on this device (from the address, or
/// pasted or scanned): an invite shows its terms and Join; a reconnect
/// link this device's copy of that game; an answer or a damaged link
/// says why it cannot be used here.
fn open_link(
    value: &str,
    d: &UseReducerDispatcher<LiveView>,
    app: &Dispatch,
    play: &Slice<LivePlay>,
    session: &Slice<Session>,
) {
    match link::decode(value) {
        Ok(s) => match s.role {
            Role::Invite(terms) => {
                let live = Live::new(s.id, terms, terms.inviter.opposite());
                app.dispatch(AppAction::Live(LiveAction::Begin(live.clone())));
                d.dispatch(Msg::Live(live));
                d.dispatch(Msg::Step(Step::Join(s)));
            }
            // Reconnecting: this device's copy of the game (its live
            // state, or its saved game) goes on.
            Role::Reconnect(terms) => match resume(play, session, s.id, terms) {
                Some(live) => {
                    let action = if play.live.as_ref().is_some_and(|l| l.id == s.id) {
                        LiveAction::Reconnect
                    } else {
                        LiveAction::Begin(live.clone())
                    };
                    app.dispatch(AppAction::Live(action));
                    d.dispatch(Msg::Reconnect);
                    d.dispatch(Msg::Live(live));
                    d.dispatch(Msg::Step(Step::Join(s)));
                }
                None => d.dispatch(Msg::Error(t!("live.not-this-game"))),
            },
            Role::Answer => d.dispatch(Msg::Error(t!("live.answer-here"))),
        },
        Err(e) => d.dispatch(Msg::Error(t!("live.link-failed", why = e))),
    }
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
    // The game on the play screen lost its connection: reconnect to it.
    // (Or the live Tiers game whose formations were being set up.)
    let lost = (props.live.link == LinkState::Lost)
        .then(|| {
            props
                .live
                .of(props.session.meta.id)
                .or(props.live.setting_up())
                .cloned()
        })
        .flatten();
    let view = props.view.clone();
    // A fresh screen opens at the terms, or at the reconnect step.
    let (step, reconnect) = if view.fresh {
        let reconnect = lost.is_some();
        (lost.map_or(Step::Terms, Step::Rejoin), reconnect)
    } else {
        (view.step.clone(), view.reconnect)
    };
    let app = props.dispatch.clone();
    let on_rtc = rtc_events(&app);
    // A link in the address: an invite to join (or a misplaced answer).
    {
        let (d, app) = (view.dispatcher(), app.clone());
        let (play, session) = (props.live.clone(), props.session.clone());
        use_effect_with((), move |()| {
            let (_, query) = browser::location();
            if let Some(value) = link::value_in(&query) {
                browser::forget_query();
                open_link(&value, &d, &app, &play, &session);
            }
        });
    }
    // Whether the camera can read the codes: asked once the screen shows
    // (the detector's formats come by a promise).
    let can_scan = use_state(|| false);
    {
        let can_scan = can_scan.clone();
        use_effect_with((), move |()| {
            spawn_local(async move { can_scan.set(camera::can_scan().await) });
        });
    }
    let scanning = use_state(|| None::<Scanning>);
    // A random colour is tossed once, when the screen opens.
    let inviter = props.choices.color.resolve(view.coin);
    let terms = Terms {
        kind: props.choices.kind,
        inviter,
        clock: props.choices.clock,
    };
    let make_invite = {
        let (d, app, on_rtc) = (view.dispatcher(), app.clone(), on_rtc.clone());
        Callback::from(move |_: MouseEvent| {
            let (d, on_rtc) = (d.clone(), on_rtc.clone());
            let live = Live::new(browser::new_id(), terms, terms.inviter);
            rtc::end();
            app.dispatch(AppAction::Live(LiveAction::Begin(live.clone())));
            d.dispatch(Msg::Live(live.clone()));
            d.dispatch(Msg::Step(Step::Working));
            spawn_local(offer_link(d, on_rtc, live.id, Role::Invite(live.terms)));
        })
    };
    let rejoin = {
        let (d, app, on_rtc, step) = (view.dispatcher(), app.clone(), on_rtc.clone(), step.clone());
        Callback::from(move |_: MouseEvent| {
            let Step::Rejoin(live) = step.clone() else {
                return;
            };
            let (d, on_rtc) = (d.clone(), on_rtc.clone());
            rtc::end();
            app.dispatch(AppAction::Live(LiveAction::Reconnect));
            d.dispatch(Msg::Reconnect);
            d.dispatch(Msg::Live(live.clone()));
            d.dispatch(Msg::Step(Step::Working));
            spawn_local(offer_link(d, on_rtc, live.id, Role::Reconnect(live.terms)));
        })
    };
    let join = {
        let (d, on_rtc, step) = (view.dispatcher(), on_rtc.clone(), step.clone());
        Callback::from(move |_: MouseEvent| {
            let Step::Join(signal) = step.clone() else {
                return;
            };
            let (d, on_rtc) = (d.clone(), on_rtc.clone());
            rtc::end();
            d.dispatch(Msg::Step(Step::Working));
            spawn_local(async move {
                let made = async {
                    let p = Peer::new(&storage::stun().0.urls, on_rtc)?;
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
                        rtc::keep(p);
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
    // The answer pasted or scanned: checked, then given to the connection.
    let connect_with: Rc<dyn Fn(String)> = {
        let (d, live) = (view.dispatcher(), view.live.clone());
        Rc::new(move |pasted: String| {
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
            let d = d.clone();
            spawn_local(async move {
                match rtc::accept(&signal.sdp).await {
                    Ok(()) => d.dispatch(Msg::Said(Some(t!("live.connecting")))),
                    Err(e) => d.dispatch(Msg::Error(e)),
                }
            });
        })
    };
    let connect = {
        let (field, connect_with) = (answer_field.clone(), connect_with.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            connect_with(field_text(&field));
        })
    };
    // An invite (or reconnect link) pasted or scanned on this device, as
    // if it had been opened.
    let invite_field = use_node_ref();
    let open_with: Rc<dyn Fn(String)> = {
        let (d, app) = (view.dispatcher(), app.clone());
        let (play, session) = (props.live.clone(), props.session.clone());
        Rc::new(move |pasted: String| {
            if pasted.trim().is_empty() {
                return d.dispatch(Msg::Error(t!("live.paste-invite-first")));
            }
            open_link(&value_of(&pasted), &d, &app, &play, &session);
        })
    };
    let open_invite = {
        let (field, open_with) = (invite_field.clone(), open_with.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            open_with(field_text(&field));
        })
    };
    // The camera: a code read goes where it would have been pasted.
    let scanner = |target: Scanning| {
        let (scanning, d) = (scanning.clone(), view.dispatcher());
        let field = match target {
            Scanning::Answer => answer_field.clone(),
            Scanning::Invite => invite_field.clone(),
        };
        let then = match target {
            Scanning::Answer => connect_with.clone(),
            Scanning::Invite => open_with.clone(),
        };
        let on_read = {
            let scanning = scanning.clone();
            Callback::from(move |text: String| {
                scanning.set(None);
                if let Some(f) = field.cast::<web_sys::HtmlTextAreaElement>() {
                    f.set_value(&text);
                }
                then(text);
            })
        };
        let on_cancel = {
            let scanning = scanning.clone();
            Callback::from(move |()| scanning.set(None))
        };
        let on_error = Callback::from(move |e: camera::CameraError| {
            scanning.set(None);
            d.dispatch(Msg::Error(say(&crate::core::i18n::Text::new(e.key()))));
        });
        let (id, what) = match target {
            Scanning::Answer => ("live-scan-answer", t!("live.scan-answer")),
            Scanning::Invite => ("live-scan-invite", t!("live.scan-invite")),
        };
        html! { <QrScanner id={id} what={what} {on_read} {on_cancel} {on_error} /> }
    };
    let scan_button = |target: Scanning| {
        let scanning = scanning.clone();
        let id = match target {
            Scanning::Answer => "live-scan-answer-start",
            Scanning::Invite => "live-scan-invite-start",
        };
        let d = view.dispatcher();
        let start = Callback::from(move |_: MouseEvent| {
            d.dispatch(Msg::Said(None));
            scanning.set(Some(target));
        });
        html! {
            if *can_scan {
                <button type="button" id={id} onclick={start}>{ t!("live.scan") }</button>
            }
        }
    };
    // Joining from this screen: the invite (or reconnect link) pasted or
    // scanned.
    let join_box = |rejoin: bool| {
        let scanning_here = *scanning == Some(Scanning::Invite);
        html! {
            <>
                <h2>{ if rejoin { t!("live.join-rejoin-title") } else { t!("live.join-title") } }</h2>
                <form class="live-paste" onsubmit={open_invite.clone()} hidden={scanning_here}>
                    <label for="live-invite-paste">{ if rejoin { t!("live.paste-rejoin") } else { t!("live.paste-invite") } }</label>
                    <textarea id="live-invite-paste" ref={invite_field.clone()} rows="2" spellcheck="false" />
                    <div class="actions">
                        <button type="submit" id="live-open">{ t!("live.open-link") }</button>
                        { scan_button(Scanning::Invite) }
                    </div>
                </form>
                if scanning_here {
                    { scanner(Scanning::Invite) }
                }
            </>
        }
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
    let to_game = {
        let app = app.clone();
        Callback::from(move |_: MouseEvent| {
            app.dispatch(AppAction::Nav(NavAction::Show(Screen::Play)))
        })
    };
    let link_state = view
        .live
        .as_ref()
        .and_then(|l| props.live.of(l.id).map(|_| props.live.link));
    let body = match (&step, link_state) {
        (_, Some(LinkState::Connected)) => html! {
            <p role="status" id="live-state" class="live-ok">{ t!("live.connected") }</p>
        },
        // Lost while the formations were set up: reconnect from here
        // (the setup is kept on this page).
        (step, Some(LinkState::Lost))
            if props.live.setting_up().is_some() && !matches!(step, Step::Rejoin(_)) =>
        {
            let d = view.dispatcher();
            let l = props.live.setting_up().cloned();
            let to_rejoin = Callback::from(move |_: MouseEvent| {
                if let Some(l) = l.clone() {
                    d.dispatch(Msg::Step(Step::Rejoin(l)));
                }
            });
            html! {
                <>
                    <p role="status" id="live-state" class="warn">{ t!("live.lost-formation") }</p>
                    <div class="actions">
                        <button type="button" class="primary" id="live-reconnect" onclick={to_rejoin}>{ t!("live.reconnect") }</button>
                    </div>
                </>
            }
        }
        (step, Some(LinkState::Lost)) if !matches!(step, Step::Rejoin(_)) => {
            html! { <p role="status" id="live-state" class="warn">{ t!("live.lost") }</p> }
        }
        (step, _) => match step {
            Step::Terms => html! {
                <>
                    <p id="live-terms">{ terms_text(&terms, terms.inviter) }</p>
                    <p>{ t!("live.how") }</p>
                    { reach() }
                    if terms.kind == tiers_engine::GameKind::Tiers {
                        <p class="hint" id="live-tiers">{ t!("live.tiers-how") }</p>
                    }
                    <div class="actions">
                        <button type="button" class="primary" id="live-invite" onclick={make_invite}>{ t!("live.make-invite") }</button>
                        <button type="button" onclick={back}>{ t!("live.back") }</button>
                    </div>
                    { join_box(false) }
                </>
            },
            Step::Working => {
                html! { <p role="status" id="live-working">{ t!("live.working") }</p> }
            }
            Step::Rejoin(l) => {
                // Lost while the formations were set up: no game to go
                // back to, and the other page must stay open.
                let setup = props.live.setting_up().is_some();
                html! {
                    <>
                        <p id="live-terms">{ terms_text(&l.terms, l.me) }</p>
                        <p>{ if setup { t!("live.rejoin-formation-how") } else { t!("live.rejoin-how") } }</p>
                        { reach() }
                        <div class="actions">
                            <button type="button" class="primary" id="live-rejoin" onclick={rejoin}>{ t!("live.make-rejoin") }</button>
                            if !setup {
                                <button type="button" onclick={to_game.clone()}>{ t!("live.to-game") }</button>
                            }
                        </div>
                        { join_box(true) }
                    </>
                }
            }
            Step::Invite(url) => html! {
                <>
                    <h2>{ if reconnect { t!("live.step-1-rejoin") } else { t!("live.step-1") } }</h2>
                    <p>{ if reconnect { t!("live.send-rejoin") } else { t!("live.send-invite") } }</p>
                    { link_box("live-invite-link", url, &send) }
                    <h2>{ t!("live.step-2") }</h2>
                    <form class="live-paste" onsubmit={connect} hidden={*scanning == Some(Scanning::Answer)}>
                        <label for="live-answer">{ t!("live.paste-answer") }</label>
                        <textarea id="live-answer" ref={answer_field.clone()} rows="3" spellcheck="false" />
                        <div class="actions">
                            <button type="submit" class="primary" id="live-connect">{ t!("live.connect") }</button>
                            { scan_button(Scanning::Answer) }
                        </div>
                    </form>
                    if *scanning == Some(Scanning::Answer) {
                        { scanner(Scanning::Answer) }
                    }
                </>
            },
            Step::Join(s) => {
                let terms = match s.role {
                    Role::Invite(t) | Role::Reconnect(t) => t,
                    Role::Answer => terms,
                };
                let me = view
                    .live
                    .as_ref()
                    .map_or(terms.inviter.opposite(), |l| l.me);
                html! {
                    <>
                        <p id="live-terms">{ terms_text(&terms, me) }</p>
                        <p>{ if reconnect { t!("live.rejoin-join-how") } else { t!("live.join-how") } }</p>
                        <div class="actions">
                            <button type="button" class="primary" id="live-join" onclick={join}>{ if reconnect { t!("live.rejoin") } else { t!("live.join") } }</button>
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
        },
    };
    // The formations are set up while connected (after a lost
    // connection, the steps to reconnect first).
    if let (Some(l), LinkState::Connected) = (props.live.setting_up(), props.live.link) {
        return live_formation(l, &props.formation, &props.session, &app);
    }
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

/// What the connection can reach: the same network only, or across
/// networks with the STUN servers of Settings
/// (docs/live.md, "Network reach"); a stored setting that could not be read is said here.
fn reach() -> Html {
    let (servers, problem) = storage::stun();
    let n = servers.urls.len();
    html! {
        <>
            <p class="hint" id="live-reach">{ if n == 0 { t!("live.same-network") } else { t!("live.stun-on", count = n) } }</p>
            if let Some(p) = problem {
                <p role="alert" class="warn" id="live-stun-problem">{ t!("settings.stun-set-aside", why = say(&p)) }</p>
            }
        </>
    }
}

/// Makes a connection offer and shows it as a link of `role` (an invite,
/// or a reconnect for the game `id`), keeping the new connection; or shows
/// why it could not be made.
async fn offer_link(
    d: UseReducerDispatcher<LiveView>,
    on_rtc: Callback<RtcEvent>,
    id: u64,
    role: Role,
) {
    let made = async {
        let mut p = Peer::new(&storage::stun().0.urls, on_rtc.clone())?;
        let sdp = p.offer(&on_rtc).await?;
        let url = link::link(&browser::page_base(), &Signal { id, role, sdp })?;
        Ok::<_, String>((p, url))
    };
    match made.await {
        Ok((p, url)) => {
            rtc::keep(p);
            d.dispatch(Msg::Step(Step::Invite(url)));
        }
        Err(e) => d.dispatch(Msg::Error(e)),
    }
}

/// A live Tiers game's formation: this device sets its own; the other's
/// tab says whether it is ready, never where its men stand, until both are
/// (the game then starts on the play screen).
fn live_formation(l: &Live, f: &Slice<FormationSetup>, session: &Session, d: &Dispatch) -> Html {
    let me = l.me;
    let names = Color::ALL.map(|c| {
        if c == me {
            t!("formation.you-side", c = c)
        } else {
            t!("live.friend-side", c = c)
        }
    });
    let waiting = f.ready[me.index()];
    let head = html! {
        <>
            <h1 id="formation-title">{ t!("live.formation-title") }</h1>
            <p class="hint">{ t!("live.formation-how") }</p>
            if waiting {
                <p role="status" id="live-formation-waiting">{ t!("live.formation-waiting") }</p>
            }
        </>
    };
    let back = html! {
        <button type="button" class="link" onclick={on_click(d, AppAction::Nav(NavAction::Show(Screen::NewGame)))}>{ t!("formation.back") }</button>
    };
    html! {
        <FormationBoard setup={(**f).clone()} flipped={session.flipped != (me == Color::Black)} {names}
            on_action={to(d, AppAction::Formation)} on_flip={to(d, |()| AppAction::Game(SessionAction::Flip))}
            on_begin={Callback::noop()} begin=false id="formation" {head} {back} />
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

/// Sends the messages the app's state has for the other page, in order,
/// each once, over the page's connection while it is open. A message that
/// cannot go means the connection is lost: it and those after it stay in
/// the outbox, to go after reconnecting (docs/live.md, "Reconnecting").
#[hook]
pub fn use_live_outbox(live: &Slice<LivePlay>, d: &Dispatch) {
    let d = d.clone();
    // The number of messages sent so far (the outbox may be seen again
    // before the state hears they went).
    let done = use_mut_ref(|| 0_u64);
    let open = live.link == LinkState::Connected;
    use_effect_with(
        (live.sent, live.outbox.clone(), open),
        move |(first, outbox, open)| {
            if !*open {
                return;
            }
            let mut upto = (*done.borrow()).max(*first);
            let mut lost = false;
            for (i, text) in (*first..).zip(outbox) {
                if i < upto {
                    continue;
                }
                if rtc::send(text).is_err() {
                    lost = true;
                    break;
                }
                upto = i + 1;
            }
            *done.borrow_mut() = upto;
            if upto > *first {
                d.dispatch(AppAction::Live(LiveAction::Drained(upto)));
            }
            if lost {
                d.dispatch(AppAction::Live(LiveAction::Lost));
            }
        },
    );
}

/// Props of [`LivePanel`].
#[derive(Properties, PartialEq, Clone)]
pub struct LivePanelProps {
    /// The game on the play screen.
    pub session: Slice<Session>,
    /// The live game.
    pub live: Slice<LivePlay>,
    /// Dispatches actions.
    pub dispatch: Dispatch,
}

/// The live game's panel on the play screen: the connection's state,
/// what the other page said or asked (a draw, a take-back, with the
/// answers), this side's offers and the chat's fixed phrases.
#[component]
pub fn LivePanel(props: &LivePanelProps) -> Html {
    let s = &props.session;
    let phrase_field = use_node_ref();
    let Some(l) = props.live.of(s.meta.id) else {
        return html! {};
    };
    let d = &props.dispatch;
    let send = |m: Message| {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| {
            d.dispatch(AppAction::Live(LiveAction::Send(m.clone())))
        })
    };
    let them = l.me.opposite();
    let connected = props.live.link == LinkState::Connected;
    let running = connected && s.record().is_some_and(|g| g.outcome().is_none());
    let over = connected && s.record().is_some_and(|g| g.outcome().is_some());
    let reconnect = {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| {
            d.dispatch(AppAction::Nav(NavAction::Show(Screen::Live)))
        })
    };
    let state = match props.live.link {
        LinkState::Connecting => {
            html! { <p role="status" id="live-state">{ t!("live.reconnecting") }</p> }
        }
        LinkState::Connected => html! {
            <p role="status" id="live-state" class="live-ok">{ t!("live.playing", side = say(&words::side(l.me))) }</p>
        },
        LinkState::Lost => html! {
            <>
                <p role="status" id="live-state" class="warn">{ t!("live.lost-by-link") }</p>
                <div class="actions">
                    <button type="button" class="primary" id="live-reconnect" onclick={reconnect.clone()}>{ t!("live.reconnect") }</button>
                </div>
            </>
        },
    };
    // The other side's clock ran out here and its device is silent:
    // wait the grace, then offer to claim the win (docs/live.md,
    // "Claiming the win").
    let out = running && props.live.out_since.is_some();
    let claim = html! {
        if out && props.live.claimable {
            <div class="offer" role="group" aria-label={t!("live.claim-how")}>
                <span id="live-claim-how">{ t!("live.claim-how") }</span>
                <button type="button" class="primary" id="live-claim"
                    onclick={on_click(d, AppAction::Live(LiveAction::Claim))}>{ t!("live.claim") }</button>
            </div>
        } else if out {
            <p role="status" id="live-out-waiting">{ t!("live.out-waiting", side = say(&words::side(them))) }</p>
        }
    };
    let rematch_asked = l.offers.rematch == Some(them);
    let rematch_made = l.offers.rematch == Some(l.me);
    let takeback = s.record().and_then(|g| takeback_ply(g, l.me));
    let draw_asked = l.offers.draw == Some(them);
    let takeback_asked = l
        .offers
        .takeback
        .filter(|(by, _)| *by == them)
        .map(|(_, p)| p);
    let chat = {
        let (d, field) = (d.clone(), phrase_field.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            if let Some(p) = field
                .cast::<web_sys::HtmlSelectElement>()
                .map(|f| f.value())
            {
                d.dispatch(AppAction::Live(LiveAction::Send(Message::Chat(p))));
            }
        })
    };
    html! {
        <div class="live-panel" id="live-panel">
            { state }
            { claim }
            if let Some(note) = &props.live.note {
                <p role="status" id="live-note">{ say(note) }</p>
            }
            if running && draw_asked {
                <div class="offer" role="group" aria-label={t!("live.draw-offered")}>
                    <span>{ t!("live.draw-offered") }</span>
                    <button type="button" class="primary" id="live-accept-draw" onclick={send(Message::Draw(Answer::Accept))}>{ t!("board.accept") }</button>
                    <button type="button" id="live-decline-draw" onclick={send(Message::Draw(Answer::Decline))}>{ t!("board.decline") }</button>
                </div>
            }
            if let (true, Some(ply)) = (running, takeback_asked) {
                <div class="offer" role="group" aria-label={t!("live.takeback-asked")}>
                    <span>{ t!("live.takeback-asked") }</span>
                    <button type="button" class="primary" id="live-accept-takeback" onclick={send(Message::TakeBack(Answer::Accept, ply))}>{ t!("board.accept") }</button>
                    <button type="button" id="live-refuse-takeback" onclick={send(Message::TakeBack(Answer::Decline, ply))}>{ t!("live.refuse") }</button>
                </div>
            }
            if running {
                <div class="actions">
                    <button type="button" id="live-offer-draw" onclick={send(Message::Draw(Answer::Offer))}
                        disabled={l.offers.draw.is_some()}>{ t!("play.offer-draw") }</button>
                    <button type="button" id="live-ask-takeback" onclick={send(Message::TakeBack(Answer::Offer, takeback.unwrap_or(0)))}
                        disabled={takeback.is_none() || l.offers.takeback.is_some()}>{ t!("live.ask-takeback") }</button>
                </div>
            }
            if over && rematch_asked {
                <div class="offer" role="group" aria-label={t!("live.rematch-offered")}>
                    <span>{ t!("live.rematch-offered") }</span>
                    <button type="button" class="primary" id="live-accept-rematch" onclick={send(Message::Rematch(Answer::Accept))}>{ t!("board.accept") }</button>
                    <button type="button" id="live-decline-rematch" onclick={send(Message::Rematch(Answer::Decline))}>{ t!("board.decline") }</button>
                </div>
            }
            if over && !rematch_asked {
                <div class="actions">
                    <button type="button" id="live-offer-rematch" onclick={send(Message::Rematch(Answer::Offer))}
                        disabled={rematch_made}>{ t!("live.offer-rematch") }</button>
                </div>
                if rematch_made {
                    <p role="status" id="live-rematch-sent">{ t!("live.rematch-sent") }</p>
                }
            }
            if connected {
                <form class="live-chat" onsubmit={chat}>
                    <label for="live-phrase">{ t!("live.chat") }</label>
                    <select id="live-phrase" ref={phrase_field}>
                        { for live::PHRASES.iter().map(|p| html! { <option value={*p}>{ say(&phrase(p)) }</option> }) }
                    </select>
                    <button type="submit" id="live-say">{ t!("live.say") }</button>
                </form>
            }
            if !l.chat.is_empty() {
                <ul class="live-said" id="live-said-list" aria-label={t!("live.chat")}>
                    { for l.chat.iter().rev().take(4).map(|(who, p)| html! {
                        <li>{ t!("live.said-by", side = say(&words::side(*who)), phrase = say(&phrase(p))) }</li>
                    }) }
                </ul>
            }
        </div>
    }
}
