//! Keeps the browser's copy of the game in progress up to date: gives a new
//! game its id, saves after every change (move, undo, resignation, new
//! game, settings) and files a game in the archive when it ends.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::library::archive::Entry;
use crate::library::saved;
use crate::library::{store, GameMeta};
use crate::state::{Action, GameState};

/// Saves the game in progress and archives finished games; `on_problem`
/// hears why saving failed (storage full or blocked), once per kind of
/// failure.
#[hook]
pub fn use_saving(state: &UseReducerHandle<GameState>, on_problem: Callback<String>) {
    let last_written: Rc<RefCell<String>> = use_mut_ref(String::new);
    // (serial, whether the game was over) at the last save.
    let last_end: Rc<RefCell<Option<(u32, bool)>>> = use_mut_ref(|| None);
    let reported: Rc<RefCell<Option<String>>> = use_mut_ref(|| None);
    let needs_id = state.game.is_some() && state.meta.id == 0;
    let json = saved::to_json(state);
    let state = state.clone();
    use_effect_with((json, needs_id), move |(json, needs_id)| {
        if *needs_id {
            state.dispatch(Action::Meta(GameMeta {
                id: store::new_id(),
                started: store::now(),
                tags: state.meta.tags.clone(),
            }));
            return;
        }
        let report = |problem: String| {
            if reported.borrow().as_deref() != Some(problem.as_str()) {
                *reported.borrow_mut() = Some(problem.clone());
                on_problem.emit(problem);
            }
        };
        if *last_written.borrow() != *json {
            match store::set(store::SAVED_KEY, json) {
                Ok(()) => *last_written.borrow_mut() = json.clone(),
                Err(e) => report(format!("The game could not be saved: {e}.")),
            }
        }
        let over = state.record().and_then(|g| g.outcome()).is_some();
        let now = (state.serial, over);
        let before = last_end.borrow_mut().replace(now);
        let ended = matches!(before, Some((serial, false)) if serial == state.serial) && over;
        if ended {
            if let Some(entry) = state
                .record()
                .and_then(|g| Entry::of(g, state.opponent, &state.meta, store::now()))
            {
                let mut archive = store::read_archive().archive;
                archive.upsert(entry);
                if let Err(e) = store::save_archive(&archive) {
                    report(format!("The finished game could not be archived: {e}."));
                }
            }
        }
    });
}
