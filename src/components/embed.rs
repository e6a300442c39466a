//! The embed page (`?embed=1`): the board and the essential controls,
//! sized to any frame, started from the URL's parameters, and talking to
//! the host page by postMessage (protocol in [`crate::embed`]).

use std::cell::RefCell;
use std::rc::Rc;

use gloo::events::EventListener;
use js_sys::{Array, Object, Reflect};
use tiers_engine::{Color, GameKind};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{MessageEvent, Window};
use yew::prelude::*;

use crate::components::board::Board;
use crate::components::move_list::MoveList;
use crate::components::panels::Control;
use crate::embed::{self, Command, EmbedConfig, Json};
use crate::hooks::use_ai;
use crate::params::{self, GameParams, Players};
use crate::state::{Action, BoardInputs, GameState, LoadGame, Opponent};

/// Whether this page load is the embed page.
#[must_use]
pub fn is_embed_page() -> bool {
    let Some(location) = web_sys::window().map(|w| w.location()) else {
        return false;
    };
    embed::requested(
        &location.pathname().unwrap_or_default(),
        &location.search().unwrap_or_default(),
    )
}

fn read_config() -> EmbedConfig {
    let query = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default();
    embed::parse_config(&params::query_pairs(&query))
}

/// The game these parameters start (`Err`: why it cannot start).
fn load(p: &GameParams) -> Result<LoadGame, String> {
    let record = p.record()?;
    let opponent = p.opponent(js_sys::Math::random() < 0.5);
    Ok(LoadGame {
        record,
        opponent,
        flipped: p.flipped(opponent),
    })
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

/// What the message listener needs of the latest render.
struct Latest {
    params: GameParams,
    flipped: bool,
    /// Why the next new game happens (for the `position` event).
    reason: &'static str,
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

/// Carries out a checked command; the error says why it could not be.
fn apply(
    cmd: Command,
    latest: &RefCell<Latest>,
    state: &UseReducerDispatcher<GameState>,
    set_params: &UseStateSetter<GameParams>,
) -> Result<(), String> {
    match cmd {
        Command::NewGame(pairs) => {
            let (p, problems) = params::parse_game(&pairs, &[]);
            if !problems.is_empty() {
                let list: Vec<String> = problems.iter().map(ToString::to_string).collect();
                return Err(list.join("; "));
            }
            let game = load(&p)?;
            latest.borrow_mut().reason = "newGame";
            set_params.set(p);
            state.dispatch(Action::Load(game));
        }
        Command::SetPosition { kind, text } => {
            let name = match kind {
                GameKind::Checkers => "fen",
                GameKind::Tiers => "tfen",
            };
            let (checked, problems) = params::parse_game(&[(name.to_string(), text)], &[]);
            if let Some(problem) = problems.first() {
                return Err(problem.to_string());
            }
            let mut p = latest.borrow().params.clone();
            p.kind = checked.kind;
            p.start = checked.start;
            let game = load(&p)?;
            latest.borrow_mut().reason = "setPosition";
            set_params.set(p);
            state.dispatch(Action::Load(game));
        }
        Command::Flip(orientation) => {
            let flipped = latest.borrow().flipped;
            if orientation.is_none_or(|c| (c == Color::Black) != flipped) {
                state.dispatch(Action::Flip);
            }
        }
    }
    Ok(())
}

fn status_text(state: &GameState) -> String {
    let Some(game) = state.record() else {
        return String::new();
    };
    if let Some(p) = state.view_ply {
        return format!("After move {p}");
    }
    if let Some(o) = game.outcome() {
        return match o.winner() {
            Some(w) => format!("{w} wins: {}", o.reason_text()),
            None => format!("Draw: {}", o.reason_text()),
        };
    }
    let side = game.side_at(game.ply()).unwrap_or(Color::Red);
    match state.opponent {
        Opponent::Computer { human, .. } if human == side => "Your turn".to_string(),
        Opponent::Computer { .. } => "Computer thinking…".to_string(),
        Opponent::Friend => format!("{side} to move"),
    }
}

/// The embed page.
#[component]
pub fn EmbedApp() -> Html {
    let config = use_memo((), |()| read_config());
    // The first game: as asked, else (it cannot happen with checked
    // parameters, but a page must never stay blank) the default one.
    let initial = use_memo((), {
        let config = config.clone();
        move |()| match load(&config.game) {
            Ok(g) => (config.game.clone(), Some(g), None),
            Err(e) => {
                let p = GameParams::default();
                (p.clone(), load(&p).ok(), Some(e))
            }
        }
    });
    let params = use_state(|| initial.0.clone());
    let first_error = initial.2.clone();
    let state = {
        let initial = initial.clone();
        use_reducer(move || match initial.1.clone() {
            Some(game) => {
                let s = Rc::new(GameState::default());
                (*yew::Reducible::reduce(s, Action::Load(game))).clone()
            }
            None => GameState::default(),
        })
    };
    use_ai(&state);
    let problems_open = use_state(|| true);
    let latest = use_mut_ref(|| Latest {
        params: initial.0.clone(),
        flipped: state.flipped,
        reason: "newGame",
    });
    {
        let mut l = latest.borrow_mut();
        l.params = (*params).clone();
        l.flipped = state.flipped;
    }
    let poster = use_memo((), {
        let config = config.clone();
        move |()| Poster {
            origins: Rc::new(config.origins.clone()),
        }
    });

    // Commands from the host page.
    {
        let latest = latest.clone();
        let dispatcher = state.dispatcher();
        let set_params = params.setter();
        let poster = (*poster).clone();
        let allowed = config.origins.clone();
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
                    let result = embed::parse_command(&value)
                        .and_then(|cmd| apply(cmd, &latest, &dispatcher, &set_params));
                    if let Err(m) = result {
                        poster.error_to(&origin, name, &m);
                    }
                })
            });
            move || drop(listener)
        });
    }

    // Events to the host page.
    let ply = state.record().map_or(0, |g| g.ply());
    let over = state.record().is_some_and(|g| g.outcome().is_some());
    {
        let last = use_mut_ref(|| None::<(u32, usize, bool)>);
        let state = state.clone();
        let poster = (*poster).clone();
        let latest = latest.clone();
        let problems: Vec<String> = config
            .problems
            .iter()
            .map(ToString::to_string)
            .chain(first_error.clone())
            .collect();
        use_effect_with((state.serial, ply, over), move |&(serial, ply, over)| {
            if let Some(game) = state.record() {
                let prev = last.borrow_mut().replace((serial, ply, over));
                match prev {
                    None => {
                        let p = &latest.borrow().params;
                        let mut v = embed::position_fields(game, ply);
                        v.set("protocol", Json::int(u64::from(embed::PROTOCOL)));
                        v.set("players", players_json(p, state.opponent));
                        v.set(
                            "orientation",
                            Json::str(if state.flipped { "black" } else { "red" }),
                        );
                        v.set("undo", Json::Bool(p.undo));
                        v.set(
                            "problems",
                            Json::List(problems.iter().cloned().map(Json::Str).collect()),
                        );
                        poster.post(&embed::event("ready", v));
                    }
                    Some((s, _, _)) if s != serial => {
                        let reason = std::mem::replace(&mut latest.borrow_mut().reason, "newGame");
                        let mut v = embed::position_fields(game, ply);
                        v.set("reason", Json::str(reason));
                        poster.post(&embed::event("position", v));
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

    let Some(game) = state.record() else {
        return html! { <p class="embed-problems" role="alert">{ "This game cannot be shown." }</p> };
    };
    let d = |a: Action| {
        let state = state.clone();
        Callback::from(move |()| state.dispatch(a.clone()))
    };
    let new_game = {
        let state = state.clone();
        let params = params.clone();
        let latest = latest.clone();
        Callback::from(move |()| {
            if let Ok(g) = load(&params) {
                latest.borrow_mut().reason = "newGame";
                state.dispatch(Action::Load(g));
            }
        })
    };

    // What the board shows (as on the play screen).
    let Some(BoardInputs {
        shown,
        view,
        targets,
        highlight,
        movable,
        last_move,
        can_finish,
        ..
    }) = state.board_inputs()
    else {
        return html! {};
    };
    let outcome = game.outcome();
    let on_square = {
        let state = state.clone();
        Callback::from(move |sq| state.dispatch(Action::Square(sq)))
    };
    let on_drag = {
        let state = state.clone();
        Callback::from(move |(a, b)| state.dispatch(Action::Drag(a, b)))
    };
    let on_view = {
        let state = state.clone();
        Callback::from(move |ply| state.dispatch(Action::View(Some(ply))))
    };
    let can_undo = game.ply() > 0
        && match state.opponent {
            Opponent::Computer { human, .. } => {
                (0..game.ply()).any(|p| game.side_at(p) == Some(human))
            }
            Opponent::Friend => true,
        };
    let busy = state.pending.is_some() && state.computer_to_move();
    let kind_name = match game.kind() {
        GameKind::Checkers => "Checkers",
        GameKind::Tiers => "Tiers",
    };
    let mut problems: Vec<String> = config.problems.iter().map(ToString::to_string).collect();
    if let Some(e) = &first_error {
        problems.push(format!("the game could not start: {e}"));
    }
    let close_problems = {
        let open = problems_open.clone();
        Callback::from(move |_: MouseEvent| open.set(false))
    };
    html! {
        <div class={classes!("embed", format!("embed-{}", game.kind().name()))}>
            <div class="embed-board">
                <Board
                    id="embed"
                    label={AttrValue::from(format!("{kind_name} board"))}
                    kind={game.kind()}
                    {view}
                    flipped={state.flipped}
                    selection={state.selection.clone()}
                    {targets}
                    {highlight}
                    {movable}
                    {last_move}
                    interactive={outcome.is_none()}
                    {on_square}
                    {on_drag}
                    on_cancel={d(Action::Cancel)}
                />
                if let Some(m) = &state.message {
                    <p class="embed-message" role="alert" id="message">{ m.clone() }</p>
                }
            </div>
            <div class="embed-side">
                <div class="embed-bar">
                    <p class="embed-status" id="status-text" aria-live="polite">
                        if busy { <span class="spinner" aria-hidden="true"></span> }
                        { status_text(&state) }
                    </p>
                    <div class="embed-controls" role="toolbar" aria-label="Game controls">
                        if can_finish {
                            <Control id="finish-move" icon="✓" label="End the move here"
                                on_click={d(Action::Square(*state.selection.last().unwrap_or(&0)))} />
                        }
                        if params.undo {
                            <Control id="undo" icon="↶" label="Take back" on_click={d(Action::Undo)} disabled={!can_undo} />
                            <Control id="redo" icon="↷" label="Redo" on_click={d(Action::Redo)} disabled={game.ply() >= game.recorded()} />
                        }
                        <Control id="flip" icon="⇅" label="Flip" on_click={d(Action::Flip)} />
                        <Control id="resign" icon="⚑" label="Resign" on_click={d(Action::Resign)} disabled={outcome.is_some()} />
                        <Control id="new-game" icon="+" label="New game" on_click={new_game} />
                    </div>
                </div>
                <div class="embed-moves">
                    <MoveList moves={game.move_texts()} ply={game.ply()} {shown} {on_view} />
                </div>
                <a class="embed-brand" href="./" target="_blank" rel="noopener" title="Open Tiers in a new tab">
                    <span class="brand-mark" aria-hidden="true"></span>{ "Tiers" }
                </a>
            </div>
            <div class="sr-only" aria-live="polite" id="announce">{ state.announce.clone() }</div>
            if !problems.is_empty() && *problems_open {
                <div class="embed-problems" role="alert" id="embed-problems">
                    <p><strong>{ "This board's settings have problems:" }</strong></p>
                    <ul>{ for problems.iter().map(|p| html! { <li>{ p.clone() }</li> }) }</ul>
                    <p>{ "Everything else is set as asked; the defaults stand in for these." }</p>
                    <button type="button" class="primary" id="embed-problems-close" onclick={close_problems}>{ "Play" }</button>
                </div>
            }
        </div>
    }
}

fn players_json(p: &GameParams, opponent: Opponent) -> Json {
    match (p.players, opponent) {
        (Players::Computer { level, .. }, Opponent::Computer { human, .. }) => Json::obj([
            ("ai", Json::int(u64::from(level))),
            ("human", Json::str(human.name())),
        ]),
        _ => Json::obj([("players", Json::int(2))]),
    }
}
