//! The embed page (`?embed=1`): the board and the essential controls,
//! sized to any frame, started from the URL's parameters, and talking to
//! the host page by postMessage (protocol in [`crate::core::embed`]).

use std::cell::RefCell;
use std::rc::Rc;

use gloo::events::EventListener;
use js_sys::{Array, Object, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{MessageEvent, Window};
use yew::prelude::*;

use crate::browser;
use crate::components::live_board::LiveBoard;
use crate::components::move_list::MoveList;
use crate::components::panels::Control;
use crate::components::to;
use crate::core::boot::Kept;
use crate::core::embed::{self, EmbedAction, Json};
use crate::core::params;
use crate::core::preferences::Preferences;
use crate::core::session::SessionAction;
use crate::core::{AppAction, AppState};
use crate::hooks::{use_ai, use_game_events, use_look};
use crate::i18n;
use crate::storage;
use crate::store::AppStore;
use crate::t;

/// Whether this page load is the embed page.
#[must_use]
pub fn is_embed_page() -> bool {
    if web_sys::window().is_none() {
        return false;
    }
    let (path, query) = browser::location();
    embed::requested(&path, &query)
}

/// The embed page's starting state, from its address.
fn start() -> AppState {
    let (_, query) = browser::location();
    AppState::embed_page(
        embed::parse_config(&params::query_pairs(&query)),
        browser::coin(),
    )
}

/// The host page, when the app runs in a frame.
fn parent() -> Option<Window> {
    let window = web_sys::window()?;
    let parent = window.parent().ok().flatten()?;
    (!js_sys::Object::is(&parent, &window)).then_some(parent)
}

/// A message value as [`Json`]: numbers as JavaScript writes them, what
/// JSON cannot hold (functions, symbols, nesting deeper than 16) as null.
fn from_js(v: &JsValue, depth: u32) -> Json {
    if depth > 16 || v.is_null() || v.is_undefined() {
        Json::Null
    } else if let Some(b) = v.as_bool() {
        Json::Bool(b)
    } else if v.as_f64().is_some() {
        let text = v.unchecked_ref::<js_sys::Number>().to_string_with_radix(10);
        Json::Num(text.map(String::from).unwrap_or_default())
    } else if let Some(s) = v.as_string() {
        Json::Str(s)
    } else if Array::is_array(v) {
        Json::List(
            Array::from(v)
                .iter()
                .map(|x| from_js(&x, depth + 1))
                .collect(),
        )
    } else if v.is_object() && !v.is_function() {
        let fields = Object::entries(v.unchecked_ref())
            .iter()
            .filter_map(|pair| {
                let pair = Array::from(&pair);
                Some((pair.get(0).as_string()?, from_js(&pair.get(1), depth + 1)))
            })
            .collect();
        Json::Obj(fields)
    } else {
        Json::Null
    }
}

fn to_js(v: &Json) -> JsValue {
    match v {
        Json::Null => JsValue::NULL,
        Json::Bool(b) => JsValue::from_bool(*b),
        Json::Num(n) => JsValue::from_f64(js_sys::Number::parse_float(n)),
        Json::Str(s) => JsValue::from_str(s),
        Json::List(items) => items.iter().map(to_js).collect::<Array>().into(),
        Json::Obj(fields) => {
            let o = Object::new();
            for (k, x) in fields {
                let _ = Reflect::set(&o, &JsValue::from_str(k), &to_js(x));
            }
            o.into()
        }
    }
}

/// Posts events to the host page: to each allowed origin when some are
/// named, else to any (the events hold only the public game).
#[derive(Clone)]
struct Poster {
    origins: Rc<Vec<String>>,
}

impl Poster {
    fn post(&self, value: &Json) {
        let Some(parent) = parent() else {
            return;
        };
        let message = to_js(value);
        if self.origins.is_empty() {
            let _ = parent.post_message(&message, "*");
        }
        for origin in self.origins.iter() {
            let _ = parent.post_message(&message, origin);
        }
    }

    /// An `error` event to the origin that sent a command.
    fn error_to(&self, origin: &str, command: Option<String>, message: &str) {
        if let Some(parent) = parent() {
            let value = embed::event(
                "error",
                Json::obj([
                    ("command", command.map_or(Json::Null, Json::Str)),
                    ("message", Json::str(message)),
                ]),
            );
            let _ = parent.post_message(&to_js(&value), origin);
        }
    }
}

/// The message as [`Json`]; a string holding JSON text is read as JSON.
fn message_json(data: &JsValue) -> Result<Json, String> {
    match data.as_string() {
        Some(text) => js_sys::JSON::parse(&text)
            .map(|v| from_js(&v, 0))
            .map_err(|_| {
                "the message is not JSON: send an object like {\"tiers\": 1, \"type\": \"flip\"}"
                    .into()
            }),
        None => Ok(from_js(data, 0)),
    }
}

/// The embed page.
#[component]
pub fn EmbedApp() -> Html {
    let app = use_reducer(|| AppStore(start()));
    use_ai(&app);
    // The person's look, sounds and animation from the Settings screen
    // (the same site's storage), read once.
    let prefs = use_memo((), |()| {
        storage::read_one(Kept::Preferences)
            .map(|t| Preferences::read(&t).preferences)
            .unwrap_or_default()
    });
    use_look(&prefs);
    use_game_events(app.session.rev(), Some(&app.session), &prefs);
    // The latest state, for the message listener (installed once).
    let latest: Rc<RefCell<AppState>> = use_mut_ref(AppState::default);
    *latest.borrow_mut() = (**app).clone();
    let poster = use_memo((), {
        let origins = app.embed.config.origins.clone();
        move |()| Poster {
            origins: Rc::new(origins),
        }
    });

    // Commands from the host page.
    {
        let latest = latest.clone();
        let dispatcher = app.dispatcher();
        let poster = (*poster).clone();
        let allowed = app.embed.config.origins.clone();
        use_effect_with((), move |()| {
            let window = web_sys::window();
            let own = window
                .as_ref()
                .and_then(|w| w.location().origin().ok())
                .unwrap_or_default();
            let listener = window.map(|w| {
                EventListener::new(&w, "message", move |e| {
                    let Some(e) = e.dyn_ref::<MessageEvent>() else {
                        return;
                    };
                    // Only the host page (not another frame) …
                    let from_parent = match (e.source(), parent()) {
                        (Some(source), Some(p)) => js_sys::Object::is(&source, &p),
                        _ => false,
                    };
                    if !from_parent {
                        return;
                    }
                    // … from an allowed origin.
                    let origin = e.origin();
                    if origin != own && !allowed.contains(&origin) {
                        web_sys::console::warn_1(
                            &format!(
                                "Tiers embed: a message from {origin} was ignored; \
                                 allow it with origin={origin} in the embed URL"
                            )
                            .into(),
                        );
                        return;
                    }
                    let value = match message_json(&e.data()) {
                        Ok(v) => v,
                        Err(m) => return poster.error_to(&origin, None, &m),
                    };
                    let name = value.get("type").and_then(Json::as_str).map(str::to_string);
                    let planned = embed::parse_command(&value).and_then(|cmd| {
                        let app = latest.borrow();
                        embed::plan(cmd, &app.embed, &app.session, browser::coin())
                            .map_err(|e| i18n::say(&e))
                    });
                    match planned {
                        Ok(Some(action)) => dispatcher.dispatch(AppAction::Embed(action)),
                        Ok(None) => {}
                        Err(m) => poster.error_to(&origin, name, &m),
                    }
                })
            });
            move || drop(listener)
        });
    }

    // Events to the host page.
    let session = &app.session;
    let ply = session.record().map_or(0, |g| g.ply());
    let over = session.outcome().is_some();
    {
        let last = use_mut_ref(|| None::<(u32, usize, bool)>);
        let app = app.clone();
        let poster = (*poster).clone();
        use_effect_with((session.serial, ply, over), move |&(serial, ply, over)| {
            if let Some(game) = app.session.record() {
                let prev = last.borrow_mut().replace((serial, ply, over));
                match prev {
                    None => poster.post(&embed::ready_event(&app.embed, &app.session, i18n::say)),
                    Some((s, _, _)) if s != serial => {
                        let mut v = embed::position_fields(game, ply);
                        v.set("reason", Json::str(app.embed.reason));
                        poster.post(&embed::event("position", v));
                        app.dispatch(AppAction::Embed(EmbedAction::Reported));
                    }
                    Some((_, p, _)) if ply > p => {
                        for k in p + 1..=ply {
                            poster.post(&embed::move_event(game, k));
                        }
                    }
                    Some((_, p, _)) if ply < p => {
                        let mut v = embed::position_fields(game, ply);
                        v.set("reason", Json::str("undo"));
                        poster.post(&embed::event("position", v));
                    }
                    Some(_) => {}
                }
                let was_over = prev.is_some_and(|(s, p, o)| o && s == serial && p == ply);
                if over && !was_over && prev.is_some() {
                    poster.post(&embed::game_over_event(game));
                }
            }
        });
    }

    let Some(game) = session.record() else {
        return html! { <p class="embed-problems" role="alert">{ t!("embed.this-game-cannot-be") }</p> };
    };
    let d = app.dispatcher();
    let on_action = to(&d, AppAction::Game);
    let act = |a: SessionAction| on_action.reform(move |()| a.clone());
    let new_game = {
        let latest = latest.clone();
        let d = d.clone();
        Callback::from(move |()| {
            let params = latest.borrow().embed.params.clone();
            if let Ok(game) = params.load(browser::coin()) {
                d.dispatch(AppAction::Embed(EmbedAction::Load {
                    params,
                    game: Box::new(game),
                    reason: "newGame",
                }));
            }
        })
    };
    let outcome = game.outcome();
    let undo = app.embed.params.undo;
    let controls = html! {
        <>
            if undo {
                <Control id="undo" icon="↶" label={t!("embed.take-back")} on_click={act(SessionAction::Undo)} disabled={!session.can_undo()} />
                <Control id="redo" icon="↷" label={t!("embed.redo")} on_click={act(SessionAction::Redo)} disabled={!session.can_redo()} />
            }
            <Control id="flip" icon="⇅" label={t!("embed.flip")} on_click={act(SessionAction::Flip)} />
            <Control id="resign" icon="⚑" label={t!("embed.resign")} on_click={act(SessionAction::Resign)} disabled={outcome.is_some()} />
            <Control id="new-game" icon="+" label={t!("embed.new-game")} on_click={new_game} />
        </>
    };
    let problems = &app.embed.problems;
    let close_problems = to(&d, |_: MouseEvent| {
        AppAction::Embed(EmbedAction::CloseProblems)
    });
    html! {
        <div class={classes!("embed", format!("embed-{}", game.kind().name()))}>
            <LiveBoard session={session.clone()} on_action={on_action.clone()} id="embed" compact=true {controls}>
                <div class="embed-moves">
                    <MoveList moves={game.move_texts()} ply={game.ply()} shown={session.shown_ply()} first={game.first_move_number()}
                        on_view={on_action.reform(|ply| SessionAction::View(Some(ply)))} />
                </div>
                <a class="embed-brand" href="./" target="_blank" rel="noopener" title={t!("embed.open-tiers-in-a")}>
                    <span class="brand-mark" aria-hidden="true"></span>{ t!("embed.tiers") }
                </a>
            </LiveBoard>
            if !problems.is_empty() && app.embed.problems_open {
                <div class="embed-problems" role="alert" id="embed-problems">
                    <p><strong>{ t!("embed.this-board-s-settings") }</strong></p>
                    <ul>{ for problems.iter().map(|p| html! { <li>{ i18n::say(p) }</li> }) }</ul>
                    <p>{ t!("embed.everything-else-is-set") }</p>
                    <button type="button" class="primary" id="embed-problems-close" onclick={close_problems}>{ t!("embed.play") }</button>
                </div>
            }
        </div>
    }
}
