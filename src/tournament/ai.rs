//! Runs the computer players of a tournament match in the AI worker (the
//! same agent as the game screen, in a worker of its own): when a computer
//! is to move and nothing is pending, a request goes out; its replies come
//! back as board actions. Between two computers the next request waits a
//! moment so that people can follow the game, unless "finish quickly" is on.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use gloo_worker::WorkerBridge;
use yew::prelude::*;

use super::{TAction, TourneyState};
use crate::hooks::use_ai::{reply_action, spawn_ai};
use crate::state::Action;
use crate::worker::AiAgent;

/// Thinking time per move when finishing quickly, in milliseconds.
pub const FAST_MOVETIME_MS: u64 = 60;
/// The pause before each computer move between two computers.
pub const WATCH_DELAY_MS: u32 = 450;

/// Asks the worker for the computer's moves of the match in play.
#[hook]
pub fn use_match_ai(state: &UseReducerHandle<TourneyState>) {
    let bridge: Rc<RefCell<Option<WorkerBridge<AiAgent>>>> = use_mut_ref(|| None);
    let timer: Rc<RefCell<Option<Timeout>>> = use_mut_ref(|| None);
    // A request sent by an earlier page will never be answered.
    {
        let state = state.clone();
        use_effect_with((), move |_| {
            state.dispatch(TAction::AiReset);
        });
    }
    let game = state.game.as_ref();
    let due = game.is_some_and(|g| g.computer_due());
    let ply = game.and_then(|g| g.board.record()).map_or(0, |r| r.ply());
    let serial = game.map_or(0, |g| g.board.serial);
    let fast = game.is_some_and(|g| g.fast);
    let state = state.clone();
    use_effect_with((due, serial, ply, fast), move |&(due, _, _, fast)| {
        *timer.borrow_mut() = None;
        if due {
            let go = {
                let state = state.clone();
                let bridge = bridge.clone();
                move || send(&state, &bridge, fast)
            };
            let watch = state.game.as_ref().is_some_and(|g| g.computers_only()) && !fast;
            if watch {
                *timer.borrow_mut() = Some(Timeout::new(WATCH_DELAY_MS, go));
            } else {
                go();
            }
        }
        move || {
            let _ = timer;
        }
    });
}

fn send(
    state: &UseReducerHandle<TourneyState>,
    bridge: &Rc<RefCell<Option<WorkerBridge<AiAgent>>>>,
    fast: bool,
) {
    let Some(g) = state.game.as_ref() else { return };
    if !g.computer_due() {
        return;
    }
    let Some(mut request) = g.board.ai_request() else {
        return;
    };
    if fast {
        request.movetime_ms = FAST_MOVETIME_MS;
    }
    let id = request.id;
    let mut slot = bridge.borrow_mut();
    if slot.is_none() {
        let dispatcher = state.dispatcher();
        *slot = Some(spawn_ai(Box::new(move |reply| {
            dispatcher.dispatch(TAction::Board(reply_action(reply)));
        })));
    }
    if let Some(b) = slot.as_ref() {
        b.send(request);
        state.dispatch(TAction::Board(Action::AiRequested(id)));
    }
}
