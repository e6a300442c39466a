//! The board. It holds no rules: the pieces, orientation, selection, legal
//! targets, highlighted pieces and last move come in as props; clicks,
//! drags and keyboard choices go out as `on_square` / `on_drag` /
//! `on_cancel` events. Pieces keep their identity between positions so a
//! moved piece slides (CSS transition) and a captured one fades out.

use tiers_engine::{BoardView, GameKind, PieceView};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};
use yew::prelude::*;

use crate::components::piece::{describe, Piece};
use crate::components::square::Square;
use crate::core::record::{algebraic, checkers_number, is_dark};

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
    #[prop_or(AttrValue::Static("Board"))]
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
}

/// A piece being dragged.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Drag {
    from: u8,
    pointer: i32,
    x0: f64,
    y0: f64,
    dx: f64,
    dy: f64,
    moved: bool,
}

/// Stable identities for the pieces, so that moves animate.
struct Tracker {
    view: Option<BoardView>,
    ids: [u32; 64],
    next: u32,
    /// Pieces that just left the board (they fade out), and a number that
    /// changes whenever there are new ones.
    ghosts: Vec<(u32, u8, PieceView)>,
    generation: u32,
    /// The piece that just moved and the squares it went through (origin
    /// first), and a number that changes with every such move.
    slide: Option<(u32, Vec<u8>)>,
    slide_generation: u32,
}

impl Default for Tracker {
    fn default() -> Self {
        Tracker {
            view: None,
            ids: [0; 64],
            next: 0,
            ghosts: Vec::new(),
            generation: 0,
            slide: None,
            slide_generation: 0,
        }
    }
}

/// How long a taken piece takes to fade out (styles/app.css `vanish`).
const VANISH_MS: u32 = 400;

impl Tracker {
    fn update(&mut self, view: &BoardView, last_move: &[u8]) {
        if self.view.as_ref() == Some(view) {
            return;
        }
        let old = self.view.unwrap_or([None; 64]);
        let mut ids = [0u32; 64];
        let mut taken = [false; 64];
        let mut slide_to = None;
        if let (Some(&from), Some(&to)) = (last_move.first(), last_move.last()) {
            let (f, t) = (usize::from(from), usize::from(to));
            let same_side = matches!((old[f], view[t]), (Some(a), Some(b)) if a.color == b.color);
            if from != to && same_side {
                slide_to = Some(to);
                // The piece left its square (a step, jump, teleport or
                // consume): it keeps its identity. Otherwise (a drop) the
                // piece on the target is new and comes from the carrier.
                if view[f].is_none() {
                    ids[t] = self.ids[f];
                    taken[f] = true;
                }
            }
        }
        for sq in 0..64 {
            if view[sq].is_none() || ids[sq] != 0 {
                continue;
            }
            if old[sq].is_some() && !taken[sq] && self.ids[sq] != 0 {
                ids[sq] = self.ids[sq];
                taken[sq] = true;
            } else {
                self.next += 1;
                ids[sq] = self.next;
            }
        }
        self.ghosts = (0..64u8)
            .filter_map(|sq| {
                let piece = old[usize::from(sq)]?;
                let id = self.ids[usize::from(sq)];
                (id != 0 && !ids.contains(&id)).then_some((id, sq, piece))
            })
            .collect();
        if !self.ghosts.is_empty() {
            self.generation = self.generation.wrapping_add(1);
        }
        self.slide = slide_to.map(|to| (ids[usize::from(to)], last_move.to_vec()));
        if self.slide.is_some() {
            self.slide_generation = self.slide_generation.wrapping_add(1);
        }
        self.ids = ids;
        self.view = Some(*view);
    }
}

/// How long a moved piece takes per square of its path, in milliseconds.
const SEGMENT_MS: f64 = 200.0;

/// Slides the drawing of piece `id` along `path` (origin first) to where
/// the piece now stands, with the Web Animations API (no style attribute:
/// the page's CSP allows this).
fn animate_path(board: &Element, id: u32, path: &[u8], flipped: bool) {
    let (Some(&last), true) = (path.last(), path.len() >= 2) else {
        return;
    };
    let Some(speed) = crate::browser::motion_speed() else {
        return;
    };
    let Ok(Some(svg)) = board.query_selector(&format!("[data-piece=\"{id}\"] > svg")) else {
        return;
    };
    let (tc, tr) = screen_pos(last, flipped);
    let frames = js_sys::Array::new();
    for &sq in path {
        let (c, r) = screen_pos(sq, flipped);
        let frame = js_sys::Object::new();
        let at = format!(
            "translate({}%, {}%)",
            (i32::from(c) - i32::from(tc)) * 100,
            (i32::from(r) - i32::from(tr)) * 100
        );
        let _ = js_sys::Reflect::set(&frame, &"transform".into(), &at.into());
        frames.push(&frame);
    }
    let options = js_sys::Object::new();
    let duration = SEGMENT_MS * speed * (path.len() - 1) as f64;
    let _ = js_sys::Reflect::set(&options, &"duration".into(), &duration.into());
    let _ = js_sys::Reflect::set(&options, &"easing".into(), &"ease-in-out".into());
    if let Ok(animate) = js_sys::Reflect::get(&svg, &"animate".into()) {
        if let Ok(animate) = animate.dyn_into::<js_sys::Function>() {
            let _ = animate.call2(&svg, &frames, &options);
        }
    }
}

/// Screen column and row (0..8, top-left first) of a square.
fn screen_pos(sq: u8, flipped: bool) -> (u8, u8) {
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

/// The square under a pointer position on the board element.
fn square_from_point(el: &Element, x: f64, y: f64, flipped: bool) -> Option<u8> {
    let rect = el.get_bounding_client_rect();
    if rect.width() <= 0.0 || rect.height() <= 0.0 {
        return None;
    }
    let col = ((x - rect.left()) / rect.width() * 8.0).floor() as i32;
    let row = ((y - rect.top()) / rect.height() * 8.0).floor() as i32;
    square_at(col, row, flipped)
}

/// Where the keyboard cursor starts: the last square selected, else the
/// movable piece nearest the centre, else a corner square near the player.
fn cursor_start(selection: &[u8], highlight: &[u8], movable: &[u8], flipped: bool) -> u8 {
    if let Some(&sq) = selection.last() {
        return sq;
    }
    let pool = if highlight.is_empty() {
        movable
    } else {
        highlight
    };
    let distance = |sq: u8| {
        let (f, r) = (i32::from(sq % 8) * 2 - 7, i32::from(sq / 8) * 2 - 7);
        f * f + r * r
    };
    pool.iter()
        .copied()
        .min_by_key(|&sq| (distance(sq), sq))
        .unwrap_or(if flipped { 60 } else { 3 })
}

/// The accessible name of a square: "e3, red man" (checkers: "15 (e5), red man").
#[must_use]
pub fn square_label(kind: GameKind, sq: u8, piece: Option<PieceView>) -> String {
    let name = match (kind, checkers_number(sq)) {
        (GameKind::Checkers, Some(n)) => format!("{n} ({})", algebraic(sq)),
        _ => algebraic(sq),
    };
    match piece {
        Some(p) => format!("{name}, {}", describe(p)),
        None => format!("{name}, empty"),
    }
}

/// The board.
#[component]
pub fn Board(props: &BoardProps) -> Html {
    let tracker = use_mut_ref(Tracker::default);
    let drag = use_state(|| None::<Drag>);
    let cursor = use_state(|| None::<u8>);
    let board_ref = use_node_ref();
    let flipped = props.flipped;

    tracker.borrow_mut().update(&props.view, &props.last_move);
    // Forget the faded pieces once their animation is over.
    let force = use_force_update();
    {
        let tracker = tracker.clone();
        let generation = tracker.borrow().generation;
        use_effect_with(generation, move |_| {
            let fading = !tracker.borrow().ghosts.is_empty();
            let timer = fading.then(|| {
                gloo::timers::callback::Timeout::new(VANISH_MS, move || {
                    tracker.borrow_mut().ghosts.clear();
                    force.force_update();
                })
            });
            move || drop(timer)
        });
    }
    // The piece that moved slides along its path (each landing square of a
    // multi-jump, both actions of a double ultra king).
    {
        let tracker = tracker.clone();
        let board_ref = board_ref.clone();
        let generation = tracker.borrow().slide_generation;
        use_effect_with(generation, move |_| {
            if let (Some((id, path)), Some(el)) =
                (tracker.borrow().slide.clone(), board_ref.cast::<Element>())
            {
                animate_path(&el, id, &path, flipped);
            }
        });
    }
    let start = cursor_start(&props.selection, &props.highlight, &props.movable, flipped);

    let onpointerdown = {
        let drag = drag.clone();
        let view = props.view;
        let interactive = props.interactive;
        let board_ref = board_ref.clone();
        Callback::from(move |e: PointerEvent| {
            if !interactive || e.button() != 0 {
                return;
            }
            let Some(el) = board_ref.cast::<Element>() else {
                return;
            };
            let (x, y) = (f64::from(e.client_x()), f64::from(e.client_y()));
            let Some(sq) = square_from_point(&el, x, y, flipped) else {
                return;
            };
            if view[usize::from(sq)].is_some() {
                let _ = el.set_pointer_capture(e.pointer_id());
                e.prevent_default();
            }
            drag.set(Some(Drag {
                from: sq,
                pointer: e.pointer_id(),
                x0: x,
                y0: y,
                dx: 0.0,
                dy: 0.0,
                moved: false,
            }));
        })
    };

    let onpointermove = {
        let drag = drag.clone();
        let view = props.view;
        let board_ref = board_ref.clone();
        Callback::from(move |e: PointerEvent| {
            if let Some(d) = *drag {
                if d.pointer != e.pointer_id() || view[usize::from(d.from)].is_none() {
                    return;
                }
                let dx = f64::from(e.client_x()) - d.x0;
                let dy = f64::from(e.client_y()) - d.y0;
                let moved = d.moved || dx.abs() + dy.abs() > 6.0;
                // The offset goes through the CSSOM (custom properties the
                // dragged piece's CSS reads): a strict CSP (`style-src
                // 'self'`) refuses `style` attributes but not this.
                if let Some(el) = board_ref.cast::<HtmlElement>() {
                    let style = el.style();
                    // Whole pixels, written as integers (formatting floats
                    // would add their code to the page).
                    let _ = style.set_property("--drag-x", &format!("{}px", dx.round() as i32));
                    let _ = style.set_property("--drag-y", &format!("{}px", dy.round() as i32));
                }
                drag.set(Some(Drag { dx, dy, moved, ..d }));
            }
        })
    };

    let onpointerup = {
        let drag = drag.clone();
        let board_ref = board_ref.clone();
        let on_square = props.on_square.clone();
        let on_drag = props.on_drag.clone();
        let cursor = cursor.clone();
        Callback::from(move |e: PointerEvent| {
            let Some(d) = *drag else {
                return;
            };
            drag.set(None);
            let Some(el) = board_ref.cast::<Element>() else {
                return;
            };
            let _ = el.release_pointer_capture(e.pointer_id());
            let target = square_from_point(
                &el,
                f64::from(e.client_x()),
                f64::from(e.client_y()),
                flipped,
            );
            cursor.set(None);
            match target {
                Some(to) if d.moved && to != d.from => on_drag.emit((d.from, to)),
                Some(_) | None if d.moved => {}
                _ => on_square.emit(d.from),
            }
        })
    };

    let onpointercancel = {
        let drag = drag.clone();
        Callback::from(move |_: PointerEvent| drag.set(None))
    };

    let onkeydown = {
        let cursor = cursor.clone();
        let on_square = props.on_square.clone();
        let on_cancel = props.on_cancel.clone();
        let interactive = props.interactive;
        Callback::from(move |e: KeyboardEvent| {
            let current = cursor.unwrap_or(start);
            let (col, row) = screen_pos(current, flipped);
            let (col, row) = (i32::from(col), i32::from(row));
            let next = match e.key().as_str() {
                "ArrowUp" => square_at(col, row - 1, flipped),
                "ArrowDown" => square_at(col, row + 1, flipped),
                "ArrowLeft" => square_at(col - 1, row, flipped),
                "ArrowRight" => square_at(col + 1, row, flipped),
                "Home" => square_at(0, row, flipped),
                "End" => square_at(7, row, flipped),
                "Enter" | " " => {
                    e.prevent_default();
                    cursor.set(Some(current));
                    if interactive {
                        on_square.emit(current);
                    }
                    return;
                }
                "Escape" => {
                    e.prevent_default();
                    on_cancel.emit(());
                    return;
                }
                _ => return,
            };
            e.prevent_default();
            cursor.set(Some(next.unwrap_or(current)));
        })
    };

    let onfocus = {
        let cursor = cursor.clone();
        Callback::from(move |_: FocusEvent| {
            if cursor.is_none() {
                cursor.set(Some(start));
            }
        })
    };
    let onblur = {
        let cursor = cursor.clone();
        Callback::from(move |_: FocusEvent| cursor.set(None))
    };

    let id = props.id.clone();
    let sq_id = move |sq: u8| format!("{id}-{}", algebraic(sq));

    // Squares in screen order, in rows.
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
            if *cursor == Some(sq) {
                class.push("cursor");
            }
            let number = match props.kind {
                GameKind::Checkers => checkers_number(sq),
                GameKind::Tiers => None,
            };
            let name = algebraic(sq);
            let mut chars = name.chars();
            let file = chars.next();
            let rank = chars.next();
            html! {
                <Square
                    key={u32::from(row * 8 + col)}
                    id={AttrValue::from(sq_id(sq))}
                    label={AttrValue::from(square_label(props.kind, sq, piece))}
                    dark={is_dark(sq)}
                    {class}
                    file_label={if row == 7 { file } else { None }}
                    rank_label={if col == 0 { rank } else { None }}
                    {number}
                />
            }
        });
        html! { <div class="board-row" role="row">{ for cells }</div> }
    });

    let tracker = tracker.borrow();
    // Pieces are placed by classes (`x0`…`x7`, `y0`…`y7`, see styles/app.css),
    // not `style` attributes, which the page's CSP refuses.
    let place = |sq: u8| {
        let (col, row) = screen_pos(sq, flipped);
        classes!("piece", format!("x{col}"), format!("y{row}"))
    };
    let mut pieces: Vec<(u32, Html)> = Vec::new();
    for sq in 0..64u8 {
        let Some(piece) = props.view[usize::from(sq)] else {
            continue;
        };
        let id = tracker.ids[usize::from(sq)];
        let mut class = place(sq);
        if drag.is_some_and(|d| d.from == sq && d.moved) {
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
                <div key={id} {class} data-piece={id.to_string()}><Piece {piece} /></div>
            },
        ));
    }
    for &(id, sq, piece) in &tracker.ghosts {
        let mut class = place(sq);
        class.push("vanish");
        pieces.push((
            id,
            html! {
                <div key={id} {class}><Piece {piece} /></div>
            },
        ));
    }
    pieces.sort_by_key(|(id, _)| *id);

    let active = cursor.map(|sq| AttrValue::from(sq_id(sq)));
    let class = classes!(
        "board",
        format!("board-{}", props.kind.name()),
        flipped.then_some("flipped"),
        props.interactive.then_some("interactive"),
        drag.is_some_and(|d| d.moved).then_some("dragging")
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
                {onpointerdown}
                {onpointermove}
                {onpointerup}
                {onpointercancel}
                {onkeydown}
                {onfocus}
                {onblur}
            >
                <div class="squares">{ for rows }</div>
                <div class="pieces" aria-hidden="true">{ for pieces.into_iter().map(|(_, h)| h) }</div>
                if !props.arrows.is_empty() {
                    { arrows(&props.arrows, flipped) }
                }
            </div>
        </div>
    }
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
