//! One square of the board: its colour, checkers number and markers (the
//! edge coordinates are the board's, drawn over it).

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
        </div>
    }
}
