//! One square of the board: its colour, checkers number and markers (the
//! edge coordinates are the board's, drawn over it).

use yew::prelude::*;

/// What a square shows.
pub struct SquareCell {
    /// DOM id (for aria-activedescendant).
    pub id: AttrValue,
    /// Accessible name, e.g. "e3, red man".
    pub label: AttrValue,
    /// Dark or light.
    pub dark: bool,
    /// Extra state classes: selected, target, last, highlight, cursor, home.
    pub class: Classes,
    /// The checkers square number (dark squares in checkers).
    pub number: Option<u8>,
}

/// A square, keyed by `key` among the board's squares. A plain view, not a
/// component: a board has 64 of them, and a component each (its own state,
/// scheduling and comparison of props) made drawing the play screen
/// noticeably slower on a slow phone (docs/build.md, "Load time").
pub fn square(key: u32, cell: SquareCell) -> Html {
    let class = classes!(
        "square",
        if cell.dark { "dark" } else { "light" },
        cell.class
    );
    html! {
        <div {key} id={cell.id} {class} role="gridcell" aria-label={cell.label}>
            if let Some(n) = cell.number {
                <span class="sq-number" aria-hidden="true">{ n }</span>
            }
        </div>
    }
}
