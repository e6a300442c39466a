//! Runs the computer's turns in the web worker: when the state says the
//! computer is to move and nothing is pending, a request goes out with a
//! fresh id; replies come back as actions, and the reducer drops those whose
//! id is no longer awaited (after undo or a new game).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gloo_worker::{Spawnable, WorkerBridge};
use yew::prelude::*;

use crate::state::{Action, GameState, Thinking};
use crate::worker::{AiAgent, AiReply};

/// The worker's loader shim that Trunk writes (`data-loader-shim`), relative
/// to the page: a same-origin script, as the page's CSP (`worker-src 'self'`) asks.
pub const WORKER_PATH: &str = "./worker_loader.js";

/// The computer's move is shown no sooner than this after the request
/// (milliseconds), so that the person sees their own move land first.
pub const MIN_REPLY_MS: f64 = 450.0;

/// The reducer action for a reply of the AI worker.
pub fn reply_action(reply: AiReply) -> Action {
    match reply {
        AiReply::Info {
            id,
            depth,
            score,
            nodes,
            pv,
        } => Action::AiInfo(Thinking {
            id,
            depth,
            score,
            nodes,
            pv: pv.join(" "),
        }),
        AiReply::Move { id, text } => Action::AiMove { id, text },
        AiReply::Error { id, message } => Action::AiError { id, message },
    }
}

/// Starts an AI worker whose replies go to `on_reply` (one spawning code
/// for the game and the board editor's analysis).
#[inline(never)]
pub fn spawn_ai(on_reply: Box<dyn Fn(AiReply)>) -> WorkerBridge<AiAgent> {
    AiAgent::spawner()
        .as_module(true)
        .with_loader(true)
        .callback(on_reply)
        .spawn(WORKER_PATH)
}

/// Starts the computer's search whenever it is its turn.
#[hook]
pub fn use_ai(state: &UseReducerHandle<GameState>) {
    let bridge: Rc<RefCell<Option<WorkerBridge<AiAgent>>>> = use_mut_ref(|| None);
    // When the last request went out (Date.now(), ms).
    let sent_at: Rc<Cell<f64>> = use_memo((), |()| Cell::new(0.0));
    let due = state.computer_to_move() && state.pending.is_none() && !state.ai_stalled;
    let ply = state.record().map_or(0, |g| g.ply());
    let serial = state.serial;
    let state = state.clone();
    use_effect_with((due, serial, ply), move |&(due, _, _)| {
        if due {
            if let Some(request) = state.ai_request() {
                let id = request.id;
                let mut slot = bridge.borrow_mut();
                if slot.is_none() {
                    let dispatcher = state.dispatcher();
                    let sent_at = sent_at.clone();
                    *slot = Some(spawn_ai(Box::new(move |reply| {
                        let wait = MIN_REPLY_MS - (js_sys::Date::now() - sent_at.get());
                        let action = reply_action(reply);
                        if matches!(action, Action::AiMove { .. }) && wait > 0.0 {
                            let dispatcher = dispatcher.clone();
                            gloo::timers::callback::Timeout::new(wait as u32, move || {
                                dispatcher.dispatch(action);
                            })
                            .forget();
                        } else {
                            dispatcher.dispatch(action);
                        }
                    })));
                }
                if let Some(b) = slot.as_ref() {
                    sent_at.set(js_sys::Date::now());
                    b.send(request);
                    state.dispatch(Action::AiRequested(id));
                }
            }
        }
        || ()
    });
}
