//! The move list in notation; a click shows the position after that move.

use yew::prelude::*;

use tiers_engine::tree::NodeId;

use crate::core::analysis_board::Segment;
use crate::core::session::{Session, SessionAction};
use crate::t;

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
    /// The move number of the first move, and whether it is the second
    /// move of its pair (a game set up with the second player to move).
    #[prop_or((1, false))]
    pub first: (u32, bool),
}

/// A list whose `.move.current` is scrolled into it whenever `shown`
/// changes: its node ref.
#[hook]
fn use_current_in_view<T: PartialEq + 'static>(shown: T) -> NodeRef {
    let list_ref = use_node_ref();
    {
        let list_ref = list_ref.clone();
        use_effect_with(shown, move |_| {
            if let Some(list) = list_ref.cast::<web_sys::Element>() {
                if let Ok(Some(cur)) = list.query_selector(".move.current") {
                    reveal_within(&list, &cur);
                }
            }
        });
    }
    list_ref
}

/// The move list.
#[component]
pub fn MoveList(props: &MoveListProps) -> Html {
    let list_ref = use_current_in_view(props.shown);
    let cell = |ply: usize, text: &String| {
        let on_view = props.on_view.clone();
        let onclick = Callback::from(move |_: MouseEvent| on_view.emit(ply));
        let class = classes!(
            "move",
            (ply == props.shown).then_some("current"),
            (ply > props.ply).then_some("undone")
        );
        html! {
            <button type="button" {class} {onclick} data-ply={ply.to_string()}
                aria-label={t!("moves.move", number = ply, mv = text.clone())}>{ text.clone() }</button>
        }
    };
    // Pairs of plies, numbered from the first move's number; a game that
    // starts with the second player leaves the first cell empty.
    let (number, second) = props.first;
    let skip = usize::from(second);
    let rows = (0..(props.moves.len() + skip).div_ceil(2)).map(|row| {
        let half = |i: usize| {
            let index = (row * 2 + i).checked_sub(skip)?;
            props.moves.get(index).map(|text| cell(index + 1, text))
        };
        html! {
            <li class="move-row">
                <span class="move-no">{ format!("{}.", number as usize + row) }</span>
                { half(0).unwrap_or_else(|| html! { <span class="move-gap">{ "…" }</span> }) }
                { half(1).unwrap_or_default() }
            </li>
        }
    });
    html! {
        <div class="move-list" ref={list_ref}>
            if props.moves.is_empty() {
                <p class="empty">{ t!("moves.none-yet") }</p>
            } else {
                <ol aria-label={t!("moves.title")}>{ for rows }</ol>
            }
        </div>
    }
}

/// A comment as the move list shows it: its words, without the commands
/// in brackets that programs read (`[%eval …]`, `[%best …]`: a review's
/// figures, shown in its panel); None when nothing is left.
fn words_of(comment: &str) -> Option<String> {
    let mut out = String::new();
    let mut rest = comment;
    while let Some(i) = rest.find("[%") {
        out.push_str(&rest[..i]);
        match rest[i..].find(']') {
            Some(j) => rest = &rest[i + j + 1..],
            None => {
                rest = &rest[i..];
                break;
            }
        }
    }
    out.push_str(rest);
    let words = out.split_whitespace().collect::<Vec<_>>().join(" ");
    (!words.is_empty()).then_some(words)
}

/// Props of [`TreeList`].
#[derive(Properties, PartialEq, Clone)]
pub struct TreeListProps {
    /// The tree's moves in runs ([`crate::core::analysis_board::AnalysisBoard::layout`]).
    pub segments: Vec<Segment>,
    /// The move shown.
    pub shown: NodeId,
    /// Show the position after this move.
    pub on_pick: Callback<NodeId>,
}

/// The move list of a move tree (the analysis board): the main line, and
/// each variation indented after the move it replaces, with the moves'
/// NAGs and comments, as the PDN reads.
#[component]
pub fn TreeList(props: &TreeListProps) -> Html {
    let list_ref = use_current_in_view(props.shown);
    let segments = props.segments.iter().map(|seg| {
        let cells = seg.cells.iter().map(|c| {
            let id = c.id;
            let onclick = props.on_pick.reform(move |_: MouseEvent| id);
            let class = classes!("move", (id == props.shown).then_some("current"));
            html! {
                <>
                    if let Some(n) = &c.number {
                        <span class="move-no">{ n.clone() }</span>
                    }
                    <button type="button" {class} {onclick} data-node={id.index().to_string()}
                        aria-current={(id == props.shown).then_some("true")}
                        aria-label={t!("moves.move", number = c.ply, mv = c.text.clone())}>{ c.text.clone() }</button>
                    if let Some(words) = words_of(&c.comment) {
                        <span class="move-comment">{ words }</span>
                    }
                </>
            }
        });
        let class = if seg.depth == 0 { "tree-line main" } else { "tree-line variation" };
        // The indentation comes from the stylesheet (inline styles are
        // not allowed by the page's CSP); deeper than 6 is drawn as 6.
        html! { <li {class} data-depth={seg.depth.min(6).to_string()}>{ for cells }</li> }
    });
    html! {
        <div class="move-list tree-list" ref={list_ref}>
            if props.segments.is_empty() {
                <p class="empty">{ t!("moves.none-yet") }</p>
            } else {
                <ol aria-label={t!("moves.title")}>{ for segments }</ol>
            }
        </div>
    }
}

/// Scrolls the list (only the list: never the page) so that `cur` is
/// inside it. `scrollIntoView` would scroll the page as well: on a phone,
/// where the list is below the board, the page jumped after every move,
/// under the finger of a player tapping the board, and the tap's click
/// then landed on whatever had moved there (the New game button).
fn reveal_within(list: &web_sys::Element, cur: &web_sys::Element) {
    let outer = list.get_bounding_client_rect();
    let inner = cur.get_bounding_client_rect();
    let below = inner.bottom() - outer.bottom();
    let above = outer.top() - inner.top();
    if below > 0.0 {
        list.set_scroll_top(list.scroll_top() + below.ceil() as i32);
    } else if above > 0.0 {
        list.set_scroll_top(list.scroll_top() - above.ceil() as i32);
    }
}

/// The moves of a game on a live board with the buttons that look through
/// it (start, previous, next, current position), as the play screen and
/// tournament matches show them.
pub fn moves_box(session: &Session, on_action: &Callback<SessionAction>) -> Html {
    let Some(game) = session.record() else {
        return html! {};
    };
    let shown = session.shown_ply();
    let recorded = game.recorded();
    let view = |ply: Option<usize>| on_action.reform(move |_: MouseEvent| SessionAction::View(ply));
    html! {
        <div class="moves-box">
            <div class="moves-head">
                <h2>{ t!("moves.title") }</h2>
                <div class="nav" role="group" aria-label={t!("moves.look-through")}>
                    <button type="button" aria-label={t!("moves.start")} onclick={view(Some(0))} disabled={shown == 0}>{ "|◀" }</button>
                    <button type="button" aria-label={t!("moves.previous")} onclick={view(Some(shown.saturating_sub(1)))} disabled={shown == 0}>{ "◀" }</button>
                    <button type="button" aria-label={t!("moves.next")} onclick={view(Some((shown + 1).min(recorded)))} disabled={shown >= recorded}>{ "▶" }</button>
                    <button type="button" aria-label={t!("moves.current")} id="view-current" onclick={view(None)} disabled={session.view_ply.is_none()}>{ "▶|" }</button>
                </div>
            </div>
            <MoveList moves={game.move_texts()} ply={game.ply()} {shown} first={game.first_move_number()}
                on_view={on_action.reform(|ply| SessionAction::View(Some(ply)))} />
        </div>
    }
}
