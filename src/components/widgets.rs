//! Small building blocks shared by the library screens.

use yew::prelude::*;

/// A button of a segmented group, pressed when `active`.
pub fn seg(active: bool, label: String, onclick: Callback<MouseEvent>, id: &'static str) -> Html {
    let id = (!id.is_empty()).then_some(id);
    html! {
        <button type="button" class={if active { "seg active" } else { "seg" }} {id}
            aria-pressed={if active { "true" } else { "false" }} {onclick}>{ label }</button>
    }
}
