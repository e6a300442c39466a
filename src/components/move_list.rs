//! The move list in notation; a click shows the position after that move.

use yew::prelude::*;

/// Props of [`MoveList`].
#[derive(Properties, PartialEq, Clone)]
pub struct MoveListProps {
    /// Every recorded move, in written form.
    pub moves: Vec<String>,
    /// How many are played (moves after this were taken back).
    pub ply: usize,
    /// The ply shown on the board.
    pub shown: usize,
    /// Show the position after this many moves.
    pub on_view: Callback<usize>,
}

/// The move list.
#[component]
pub fn MoveList(props: &MoveListProps) -> Html {
    let list_ref = use_node_ref();
    {
        let list_ref = list_ref.clone();
        use_effect_with(props.shown, move |_| {
            if let Some(el) = list_ref.cast::<web_sys::Element>() {
                if let Ok(Some(cur)) = el.query_selector(".move.current") {
                    cur.scroll_into_view_with_bool(false);
                }
            }
        });
    }
    let rows = props.moves.chunks(2).enumerate().map(|(row, pair)| {
        let cell = |i: usize, text: &String| {
            let ply = row * 2 + i + 1;
            let on_view = props.on_view.clone();
            let onclick = Callback::from(move |_: MouseEvent| on_view.emit(ply));
            let class = classes!(
                "move",
                (ply == props.shown).then_some("current"),
                (ply > props.ply).then_some("undone")
            );
            html! {
                <button type="button" {class} {onclick} data-ply={ply.to_string()}
                    aria-label={format!("Move {}: {text}", ply)}>{ text.clone() }</button>
            }
        };
        html! {
            <li class="move-row">
                <span class="move-no">{ format!("{}.", row + 1) }</span>
                { cell(0, &pair[0]) }
                if let Some(second) = pair.get(1) { { cell(1, second) } }
            </li>
        }
    });
    html! {
        <div class="move-list" ref={list_ref}>
            if props.moves.is_empty() {
                <p class="empty">{ "No moves yet." }</p>
            } else {
                <ol aria-label="Moves">{ for rows }</ol>
            }
        </div>
    }
}
