//! Redraws the whole page when its language changes: a switch in Settings,
//! or English arriving as the fallback of a key the catalogue lacks
//! ([`crate::i18n`]).

use std::cell::Cell;
use std::rc::Rc;

use yew::prelude::*;

use crate::i18n;

/// A number that changes with every new catalogue: the key of the page's
/// root element, so that every view is drawn again in the new words (the
/// app's state is kept: it lives above the root).
#[hook]
pub fn use_language() -> u32 {
    let counter = use_memo((), |()| Rc::new(Cell::new(0u32)));
    let redraw = use_force_update();
    {
        let counter = (*counter).clone();
        use_effect_with((), move |_| {
            i18n::on_change(Callback::from(move |()| {
                counter.set(counter.get() + 1);
                redraw.force_update();
            }));
        });
    }
    counter.get()
}
