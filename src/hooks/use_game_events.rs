//! The game's sounds: after every change of the session on the board, the
//! sounds the change calls for ([`crate::core::game_events::sounds`]: a
//! move, a capture, a crowning, a refused attempt, the end) are played
//! ([`crate::sound::play`]) as the preferences allow. The one place that
//! decides when the game sounds.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::core::game_events::{sounds, Mark};
use crate::core::preferences::Preferences;
use crate::core::session::Session;
use crate::sound;

/// Plays the sounds of a game on a board: `rev` changes whenever the
/// session may have (its slice's revision), `session` is the game (None:
/// no board).
#[hook]
pub fn use_game_events(rev: u64, session: Option<&Session>, prefs: &Preferences) {
    // The revision and mark last seen.
    let last: Rc<RefCell<(Option<u64>, Option<Mark>)>> = use_mut_ref(|| (None, None));
    let mut due = Vec::new();
    {
        let mut last = last.borrow_mut();
        if last.0 != Some(rev) {
            last.0 = Some(rev);
            let before = last.1.take();
            if let Some(s) = session {
                due = sounds(before, s);
                last.1 = Some(Mark::of(s));
            }
        }
    }
    let prefs = *prefs;
    use_effect_with(rev, move |_| {
        for s in due {
            sound::play(s, &prefs);
        }
    });
}

/// Applies the look of the preferences to the page (classes on the root
/// element) and lets sounds play from the first gesture.
#[hook]
pub fn use_look(prefs: &Preferences) {
    // Whether the device prefers light pages, followed as it changes.
    let system_light = use_state(crate::browser::prefers_light);
    {
        let system_light = system_light.clone();
        use_effect_with((), move |()| {
            let listener = crate::browser::on_scheme_change(move |light| system_light.set(light));
            move || drop(listener)
        });
    }
    let classes = prefs.root_classes(*system_light);
    use_effect_with(classes, |classes| {
        crate::browser::set_root_classes(classes);
        sound::unlock_on_gesture();
    });
}
