//! The board. It holds no rules: the pieces, orientation, selection, legal
//! targets, highlighted pieces and last move come in as props; clicks,
//! drags and keyboard choices go out as `on_square` / `on_drag` /
//! `on_cancel` events. Pieces keep their identity between positions so a
//! moved piece slides (CSS transition) and a captured one fades out.
//!
//! [`Board`] puts together its parts: the squares and the pieces drawn
//! here, dragging a piece ([`drag`]), the keyboard cursor ([`cursor`]) and
//! how pieces move from one position to the next ([`motion`]).

mod cursor;
mod drag;
mod motion;

use std::cell::Cell;
use std::rc::Rc;

use tiers_engine::shapes::{Shape, ShapeColor};
use tiers_engine::{BoardView, GameKind};
use wasm_bindgen::JsCast;
use web_sys::HtmlElement;
use yew::prelude::*;

use self::drag::{Drag, Pointer};
use self::motion::{use_motion, Tracker};
use crate::components::piece::piece;
use crate::components::square::{square, SquareCell};
use crate::core::record::{algebraic, checkers_number, is_dark};
use crate::core::spoken::square_label;
use crate::i18n::say;
use crate::t;

/// Props of [`Board`].
#[derive(Properties, PartialEq, Clone)]
pub struct BoardProps {
    /// The pieces.
    pub view: BoardView,
    /// Which game (checkers shows square numbers on the dark squares).
    pub kind: GameKind,
    /// A prefix for the squares' DOM ids (unique per board on the page).
    #[prop_or(AttrValue::Static("board"))]
    pub id: AttrValue,
    /// The board's accessible name.
    #[prop_or_else(|| AttrValue::from(t!("board.board")))]
    pub label: AttrValue,
    /// Seen from Black's side (rank 8 at the bottom).
    #[prop_or_default]
    pub flipped: bool,
    /// Squares clicked so far (origin first).
    #[prop_or_default]
    pub selection: Vec<u8>,
    /// Squares that can be clicked next.
    #[prop_or_default]
    pub targets: Vec<u8>,
    /// Pieces to point out (those that can capture when a capture is forced).
    #[prop_or_default]
    pub highlight: Vec<u8>,
    /// The pieces that can move now (where the keyboard cursor starts).
    #[prop_or_default]
    pub movable: Vec<u8>,
    /// The squares of the last move.
    #[prop_or_default]
    pub last_move: Vec<u8>,
    /// Squares to tint (home rows in the formation editor).
    #[prop_or_default]
    pub zone: Vec<u8>,
    /// Moves drawn as arrows (each: origin, then each landing square),
    /// numbered in order: a line of play shown on the board.
    #[prop_or_default]
    pub arrows: Vec<Vec<u8>>,
    /// Whether clicks and drags are accepted.
    #[prop_or(true)]
    pub interactive: bool,
    /// A square was clicked or chosen with the keyboard.
    #[prop_or_default]
    pub on_square: Callback<u8>,
    /// A piece was dragged from one square and dropped on another.
    #[prop_or_default]
    pub on_drag: Callback<(u8, u8)>,
    /// Escape was pressed.
    #[prop_or_default]
    pub on_cancel: Callback<()>,
    /// Arrows and marked squares the player drew, in their colours.
    #[prop_or_default]
    pub shapes: Vec<Shape>,
    /// A shape was drawn: right-drag (a right-click marks), a long touch
    /// then a drag (a long touch marks), `a` and `m` on the keyboard
    /// cursor's square. None: the board takes no drawings.
    #[prop_or_default]
    pub on_shape: Option<Callback<Shape>>,
}

/// Screen column and row (0..8, top-left first) of a square.
pub(crate) fn screen_pos(sq: u8, flipped: bool) -> (u8, u8) {
    let file = sq % 8;
    let rank = sq / 8;
    if flipped {
        (7 - file, rank)
    } else {
        (file, 7 - rank)
    }
}

fn square_at(col: i32, row: i32, flipped: bool) -> Option<u8> {
    if !(0..8).contains(&col) || !(0..8).contains(&row) {
        return None;
    }
    let (file, rank) = if flipped {
        (7 - col, row)
    } else {
        (col, 7 - row)
    };
    u8::try_from(file + 8 * rank).ok()
}

/// The board.
#[component]
pub fn Board(props: &BoardProps) -> Html {
    let board_ref = use_node_ref();
    let cursor = use_state(|| None::<u8>);
    let pressed = use_memo((), |()| Rc::new(Cell::new(false)));
    let drag = use_state(|| None::<Drag>);
    let flipped = props.flipped;
    let tracker = use_motion(&props.view, &props.last_move, &board_ref, flipped);

    let pointer = Pointer {
        drag: &drag,
        cursor: &cursor,
        pressed: &pressed,
        board_ref: &board_ref,
        view: props.view,
        flipped,
        interactive: props.interactive,
        on_square: &props.on_square,
        on_drag: &props.on_drag,
        on_shape: &props.on_shape,
    }
    .handlers();
    // The start of an arrow drawn with the keyboard (`a`).
    let arrow_start = use_state(|| None::<u8>);
    let start = cursor::cursor_start(&props.selection, &props.highlight, &props.movable, flipped);
    let keys = cursor::key_handlers(
        &cursor,
        &pressed,
        start,
        flipped,
        props.interactive,
        &props.on_square,
        &props.on_cancel,
        &cursor::Drawing {
            on_shape: props.on_shape.clone(),
            start: arrow_start.clone(),
        },
    );
    // A right-click or a long touch opens no menu where the board draws.
    let oncontextmenu = props
        .on_shape
        .is_some()
        .then(|| Callback::from(|e: MouseEvent| e.prevent_default()));
    let drawing = (*drag).and_then(|d| d.draw.map(|c| Shape::arrow(d.from, d.over, c)));

    let id = props.id.clone();
    let sq_id = move |sq: u8| format!("{id}-{}", algebraic(sq));
    let active = cursor.map(|sq| AttrValue::from(sq_id(sq)));
    let class = classes!(
        "board",
        format!("board-{}", props.kind.name()),
        flipped.then_some("flipped"),
        props.interactive.then_some("interactive"),
        drag.is_some_and(|d| d.moved && d.draw.is_none())
            .then_some("dragging")
    );
    html! {
        <div class="board-wrap">
            <div
                ref={board_ref}
                {class}
                role="grid"
                tabindex="0"
                aria-label={props.label.clone()}
                aria-activedescendant={active}
                onpointerdown={pointer.down}
                onpointermove={pointer.moving}
                onpointerup={pointer.up}
                onpointercancel={pointer.cancel}
                onclick={pointer.click}
                onkeydown={keys.keydown}
                onfocus={keys.focus}
                onblur={keys.blur}
                {oncontextmenu}
            >
                <div class="squares">{ squares(props, *cursor, *arrow_start, &sq_id) }</div>
                { coordinates(flipped) }
                <div class="pieces" aria-hidden="true">{ pieces(props, &tracker.borrow(), *drag) }</div>
                if !props.arrows.is_empty() {
                    { arrows(&props.arrows, flipped) }
                }
                if !props.shapes.is_empty() || drawing.is_some() {
                    { drawn_shapes(&props.shapes, drawing, flipped) }
                }
            </div>
        </div>
    }
}

/// The squares in screen order, in rows: each with its name and piece for
/// screen readers, and its marks (selected, target, last move, cursor…).
fn squares(
    props: &BoardProps,
    cursor: Option<u8>,
    arrow_start: Option<u8>,
    sq_id: &dyn Fn(u8) -> String,
) -> Html {
    let flipped = props.flipped;
    let rows = (0..8u8).map(|row| {
        let cells = (0..8u8).map(|col| {
            let Some(sq) = square_at(i32::from(col), i32::from(row), flipped) else {
                return html! {};
            };
            let piece = props.view[usize::from(sq)];
            let mut class = Classes::new();
            if props.selection.first() == Some(&sq) {
                class.push("selected");
            } else if props.selection.contains(&sq) {
                class.push("path");
            }
            if props.targets.contains(&sq) {
                class.push(if piece.is_some() {
                    "target occupied"
                } else {
                    "target"
                });
            }
            if props.highlight.contains(&sq) {
                class.push("highlight");
            }
            if props.last_move.contains(&sq) {
                class.push("last");
            }
            if props.zone.contains(&sq) {
                class.push("zone");
            }
            if cursor == Some(sq) {
                class.push("cursor");
            }
            if arrow_start == Some(sq) {
                class.push("arrow-start");
            }
            let number = match props.kind {
                GameKind::Checkers => checkers_number(sq),
                GameKind::Tiers => None,
            };
            square(
                u32::from(row * 8 + col),
                SquareCell {
                    id: AttrValue::from(sq_id(sq)),
                    label: AttrValue::from(say(&square_label(props.kind, sq, piece))),
                    dark: is_dark(sq),
                    class,
                    number,
                },
            )
        });
        html! { <div class="board-row" role="row">{ for cells }</div> }
    });
    rows.collect()
}

/// The coordinates along the left and bottom edges, drawn over the corner
/// of each edge square but outside the squares themselves: a square's
/// accessible name then contains all the text drawn inside it (its
/// checkers number), as WCAG 2.5.3 "Label in Name" asks. Hidden from
/// screen readers (the squares' names say where they are).
fn coordinates(flipped: bool) -> Html {
    let mut labels: Vec<Html> = Vec::new();
    for i in 0..8u8 {
        // Row i from the top, at the left edge: its rank.
        if let Some(sq) = square_at(0, i32::from(i), flipped) {
            let rank = algebraic(sq).chars().nth(1).unwrap_or(' ');
            let class = classes!("coord", "rank", format!("x0 y{i}"), on(sq));
            labels.push(html! { <span {class}>{ rank }</span> });
        }
        // Column i at the bottom edge: its file.
        if let Some(sq) = square_at(i32::from(i), 7, flipped) {
            let file = algebraic(sq).chars().next().unwrap_or(' ');
            let class = classes!("coord", "file", format!("x{i} y7"), on(sq));
            labels.push(html! { <span {class}>{ file }</span> });
        }
    }
    html! { <div class="coords" aria-hidden="true">{ for labels }</div> }
}

/// The class that colours a coordinate drawn on `sq`.
fn on(sq: u8) -> &'static str {
    if is_dark(sq) {
        "on-dark"
    } else {
        "on-light"
    }
}

/// The pieces, each keyed by its identity so that it slides to its new
/// square, and the ones just taken fading out. They are placed by classes
/// (`x0`…`x7`, `y0`…`y7`, see styles/app.css), not `style` attributes,
/// which the page's CSP refuses.
fn pieces(props: &BoardProps, tracker: &Tracker, drag: Option<Drag>) -> Html {
    let place = |sq: u8| {
        let (col, row) = screen_pos(sq, props.flipped);
        classes!("piece", format!("x{col}"), format!("y{row}"))
    };
    let mut pieces: Vec<(u32, Html)> = Vec::new();
    for sq in 0..64u8 {
        let Some(drawn) = props.view[usize::from(sq)] else {
            continue;
        };
        let id = tracker.ids[usize::from(sq)];
        let mut class = place(sq);
        if drag.is_some_and(|d| d.from == sq && d.moved && d.draw.is_none()) {
            class.push("dragging");
        }
        if props.selection.first() == Some(&sq) {
            class.push("lifted");
        }
        if tracker.slide.as_ref().is_some_and(|(s, _)| *s == id) {
            class.push("sliding");
        }
        pieces.push((
            id,
            html! {
                <div key={id} {class} data-piece={id.to_string()}>{ piece(drawn) }</div>
            },
        ));
    }
    for &(id, sq, drawn) in &tracker.ghosts {
        let mut class = place(sq);
        class.push("vanish");
        pieces.push((
            id,
            html! {
                <div key={id} {class}>{ piece(drawn) }</div>
            },
        ));
    }
    pieces.sort_by_key(|(id, _)| *id);
    pieces.into_iter().map(|(_, h)| h).collect()
}

/// Moves drawn as numbered arrows over the board (in square units, a
/// square's centre at its column and row plus a half), the first mover's in
/// one colour and the other's in another.
fn arrows(moves: &[Vec<u8>], flipped: bool) -> Html {
    let centre = |sq: u8| {
        let (col, row) = screen_pos(sq, flipped);
        (f64::from(col) + 0.5, f64::from(row) + 0.5)
    };
    let drawn = moves.iter().enumerate().map(|(i, squares)| {
        let (class, head) = if i % 2 == 0 {
            ("arrow first", "url(#arrow-first)")
        } else {
            ("arrow second", "url(#arrow-second)")
        };
        let hops = squares.windows(2).map(|w| {
            let ((x1, y1), (x2, y2)) = (centre(w[0]), centre(w[1]));
            // Stop short of the centre so the head does not hide the piece.
            let (dx, dy) = (x2 - x1, y2 - y1);
            let len = (dx * dx + dy * dy).sqrt().max(0.01);
            let (x2, y2) = (x2 - dx / len * 0.3, y2 - dy / len * 0.3);
            html! {
                <line x1={x1.to_string()} y1={y1.to_string()} x2={x2.to_string()} y2={y2.to_string()}
                    marker-end={head} />
            }
        });
        let (x, y) = squares.first().map_or((0.0, 0.0), |&sq| centre(sq));
        html! {
            <g {class}>
                { for hops }
                <circle cx={x.to_string()} cy={y.to_string()} r="0.2" />
                <text x={x.to_string()} y={(y + 0.09).to_string()}>{ i + 1 }</text>
            </g>
        }
    });
    html! {
        <svg class="arrows" viewBox="0 0 8 8" aria-hidden="true">
            <defs>
                <marker id="arrow-first" class="first" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3" markerHeight="3" orient="auto">
                    <path d="M0,0 L10,5 L0,10 z" />
                </marker>
                <marker id="arrow-second" class="second" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3" markerHeight="3" orient="auto">
                    <path d="M0,0 L10,5 L0,10 z" />
                </marker>
            </defs>
            { for drawn }
        </svg>
    }
}

/// The player's drawings over the board: wide translucent arrows and
/// rings around marked squares, in their colours (unlike the engine's
/// numbered arrows), with the one being drawn.
fn drawn_shapes(shapes: &[Shape], drawing: Option<Shape>, flipped: bool) -> Html {
    let centre = |sq: u8| {
        let (col, row) = screen_pos(sq, flipped);
        (f64::from(col) + 0.5, f64::from(row) + 0.5)
    };
    let one = |shape: &Shape, extra: Option<&'static str>| {
        let class = classes!("shape", shape.color.name(), extra);
        let (x1, y1) = centre(shape.from);
        if shape.is_mark() {
            return html! {
                <circle {class} cx={x1.to_string()} cy={y1.to_string()} r="0.44" />
            };
        }
        let (x2, y2) = centre(shape.to);
        let (dx, dy) = (x2 - x1, y2 - y1);
        let len = (dx * dx + dy * dy).sqrt().max(0.01);
        // The head ends at the target square's centre.
        let (x2, y2) = (x2 - dx / len * 0.35, y2 - dy / len * 0.35);
        html! {
            <line {class} x1={x1.to_string()} y1={y1.to_string()} x2={x2.to_string()} y2={y2.to_string()}
                marker-end={format!("url(#shape-head-{})", shape.color.name())} />
        }
    };
    let heads = ShapeColor::ALL.iter().map(|c| {
        html! {
            <marker id={format!("shape-head-{}", c.name())} class={classes!("shape-head", c.name())}
                viewBox="0 0 10 10" refX="2" refY="5" markerWidth="2.6" markerHeight="2.6" orient="auto">
                <path d="M0,0 L10,5 L0,10 z" />
            </marker>
        }
    });
    html! {
        <svg class="shapes" viewBox="0 0 8 8" aria-hidden="true">
            <defs>{ for heads }</defs>
            { for shapes.iter().map(|s| one(s, None)) }
            { for drawing.iter().map(|s| one(s, Some("drawing"))) }
        </svg>
    }
}

/// Focus an element by id (used after a move so keyboard play goes on).
pub fn focus(id: &str) {
    if let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
        .and_then(|e| e.dyn_into::<HtmlElement>().ok())
    {
        let _ = el.focus();
    }
}
