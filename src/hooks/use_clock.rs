//! Makes the clocks tick: while a clock runs, one [`AppAction::Clock`]
//! (the time now, and whether the page is visible) is dispatched each time
//! a clock's face would change (each second, each tenth under ten
//! seconds) or reaches zero, and at once when a clock should start or stop
//! (a game with clocks begins, the page is hidden or shown, the screen
//! changes). Which clocks run is the state's decision
//! ([`crate::core::session::Session::clock_should_run`]): against the
//! computer they stop while the page is hidden, between two people they
//! keep running. No timer runs without a running clock, but for one: the
//! end of a live game's grace for a clock run out (docs/live.md).

use gloo::timers::callback::Timeout;
use yew::prelude::*;

use crate::browser;
use crate::core::AppAction;
use crate::store::AppStore;

/// Ticks the clocks while one runs.
#[hook]
pub fn use_clock(app: &UseReducerHandle<AppStore>) {
    let visible = use_state(browser::page_visible);
    {
        let visible = visible.clone();
        use_effect_with((), move |()| {
            let listener =
                browser::on_visibility_change(move || visible.set(browser::page_visible()));
            move || drop(listener)
        });
    }
    let timer = use_mut_ref(|| None::<Timeout>);
    let shown = *visible;
    let due = app.clock_change_due(shown);
    let next = app.next_clock_change();
    let dispatcher = app.dispatcher();
    // The revisions make a tick that changed nothing visible still schedule
    // the next one.
    let revs = (app.session.rev(), app.tournaments.rev(), app.nav.rev());
    use_effect_with((due, next, shown, revs), move |&(due, next, visible, _)| {
        *timer.borrow_mut() = None;
        let tick = move || {
            dispatcher.dispatch(AppAction::Clock {
                now: browser::now(),
                visible,
            });
        };
        if due {
            tick();
        } else if let Some(at) = next {
            let wait = at.saturating_sub(browser::now()).min(1_000);
            *timer.borrow_mut() = Some(Timeout::new(wait as u32, tick));
        }
    });
    // A live game whose other side's clock ran out here: one more tick
    // when the grace for its device to say so has passed (the clocks are
    // held then, so the ticks above have stopped; docs/live.md,
    // "Claiming the win").
    let grace = use_mut_ref(|| None::<Timeout>);
    let grace_end = app.live_grace_end();
    let dispatcher = app.dispatcher();
    use_effect_with((grace_end, shown), move |&(end, visible)| {
        *grace.borrow_mut() = end.map(|at| {
            // (A little after: a timer may fire a millisecond early by
            // the clock the state reads.)
            let wait = at.saturating_sub(browser::now()) + 20;
            Timeout::new(wait.min(u64::from(u32::MAX)) as u32, move || {
                dispatcher.dispatch(AppAction::Clock {
                    now: browser::now(),
                    visible,
                });
            })
        });
    });
}
