//! Runs the computer in web workers: whenever the state says a request is
//! due ([`crate::core::AppState::ai_due`]: the computer's turn on the play screen or in
//! a tournament match, the analysis board's engine), it goes out
//! with the state's next id, after its delay, to the worker of its channel
//! (one for games, one for analysis, each started on first use); the
//! replies come back as [`AppAction::Ai`] and the state keeps only those it
//! still waits for (after undo or a new game a late reply is dropped).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use gloo_worker::{Spawnable, WorkerBridge};
use yew::prelude::*;

use crate::browser;
use crate::core::ai::{AiReply, Channel, DueRequest};
use crate::core::AppAction;
use crate::endgames;
use crate::store::AppStore;
use crate::worker::AiAgent;

/// The AI worker's loader (Trunk's loader shim for the `worker` binary),
/// relative to the page: a same-origin script, as the page's CSP
/// (`worker-src 'self'`) asks.
pub const WORKER_PATH: &str = "./worker_loader.js";

/// One channel's worker, and when its last request went out (Date.now(),
/// ms) with how long its move is held back after that.
#[derive(Default)]
struct Worker {
    bridge: Option<WorkerBridge<AiAgent>>,
    sent: Rc<Cell<(f64, f64)>>,
    /// A request went out and its move (or error) has not come back.
    busy: Rc<Cell<bool>>,
    /// [`endgames::generation`] when the bridge was started: a worker
    /// started before the full-strength endgames were downloaded or
    /// removed is replaced, so that the new one looks again.
    endgames: u32,
}

impl Worker {
    /// The bridge, started on first use; its replies are dispatched.
    fn bridge(&mut self, dispatcher: &UseReducerDispatcher<AppStore>) -> &WorkerBridge<AiAgent> {
        let sent = self.sent.clone();
        let busy = self.busy.clone();
        let dispatcher = dispatcher.clone();
        if self.endgames != endgames::generation() {
            self.bridge = None;
            self.endgames = endgames::generation();
        }
        self.bridge.get_or_insert_with(move || {
            AiAgent::spawner()
                .as_module(true)
                .with_loader(true)
                .callback(move |reply: AiReply| {
                    let (at, hold) = sent.get();
                    let wait = hold - (js_sys::Date::now() - at);
                    let is_move = matches!(reply, AiReply::Move { .. });
                    if is_move || matches!(reply, AiReply::Error { .. }) {
                        busy.set(false);
                    }
                    let action = AppAction::Ai(reply);
                    // A move is timed when it lands: the clocks are charged
                    // up to that moment first.
                    let land = move |dispatcher: &UseReducerDispatcher<AppStore>| {
                        if is_move {
                            dispatcher.dispatch(AppAction::Clock {
                                now: browser::now(),
                                visible: browser::page_visible(),
                            });
                        }
                        dispatcher.dispatch(action);
                    };
                    if is_move && wait > 0.0 {
                        let dispatcher = dispatcher.clone();
                        Timeout::new(wait as u32, move || land(&dispatcher)).forget();
                    } else {
                        land(&dispatcher);
                    }
                })
                .spawn(WORKER_PATH)
        })
    }
}

/// Sends the computer its requests when they are due.
#[hook]
pub fn use_ai(app: &UseReducerHandle<AppStore>) {
    let workers: Rc<RefCell<[Worker; 2]>> = use_mut_ref(Default::default);
    let timer: Rc<RefCell<Option<Timeout>>> = use_mut_ref(|| None);
    let due = app.ai_due();
    let dispatcher = app.dispatcher();
    // An analysis nobody waits for any more (the analysis board's stopped,
    // the play screen's of a position no longer shown) ends with its worker.
    {
        let workers = workers.clone();
        let running = app.coach.analysis.running()
            || app.review.running()
            || app.analysis_board.engine.busy();
        use_effect_with(running, move |&running| {
            if !running {
                workers.borrow_mut()[1].bridge = None;
            }
        });
    }
    use_effect_with(due, move |due| {
        *timer.borrow_mut() = None;
        if let Some(due) = due.clone() {
            let delay = due.delay_ms;
            let go = move || send(&mut workers.borrow_mut(), &dispatcher, due);
            match delay {
                0 => go(),
                ms => *timer.borrow_mut() = Some(Timeout::new(ms, go)),
            }
        }
    });
}

fn send(workers: &mut [Worker; 2], dispatcher: &UseReducerDispatcher<AppStore>, due: DueRequest) {
    let w = match due.target.channel() {
        Channel::Play => &mut workers[0],
        // A new analysis replaces a worker still searching: the search
        // before goes. An idle one is kept (a review asks for one
        // position after another).
        Channel::Analysis => {
            if workers[1].busy.get() {
                workers[1].bridge = None;
            }
            &mut workers[1]
        }
    };
    w.busy.set(true);
    w.sent
        .set((js_sys::Date::now(), f64::from(due.min_reply_ms)));
    let id = due.request.id;
    w.bridge(dispatcher).send(due.request);
    dispatcher.dispatch(AppAction::AiSent(due.target, id));
}
