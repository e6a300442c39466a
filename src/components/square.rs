//! One square of the board: its colour, coordinates and markers.

use yew::prelude::*;

/// Props of [`Square`].
#[derive(Properties, PartialEq, Clone)]
pub struct SquareProps {
    /// DOM id (for aria-activedescendant).
    pub id: AttrValue,
    /// Accessible name, e.g. "e3, red man".
    pub label: AttrValue,
    /// Dark or light.
    pub dark: bool,
    /// Extra state classes: selected, target, last, highlight, cursor, home.
    #[prop_or_default]
    pub class: Classes,
    /// The file letter shown in the corner (bottom row only).
    #[prop_or_default]
    pub file_label: Option<char>,
    /// The rank number shown in the corner (left column only).
    #[prop_or_default]
    pub rank_label: Option<char>,
    /// The checkers square number (dark squares in checkers).
    #[prop_or_default]
    pub number: Option<u8>,
}

/// A square.
#[component]
pub fn Square(props: &SquareProps) -> Html {
    let class = classes!(
        "square",
        if props.dark { "dark" } else { "light" },
        props.class.clone()
    );
    html! {
        <div id={props.id.clone()} class={class} role="gridcell" aria-label={props.label.clone()}>
            if let Some(n) = props.number {
                <span class="sq-number" aria-hidden="true">{ n }</span>
            }
            if let Some(r) = props.rank_label {
                <span class="coord rank" aria-hidden="true">{ r }</span>
            }
            if let Some(f) = props.file_label {
                <span class="coord file" aria-hidden="true">{ f }</span>
            }
        </div>
    }
}
