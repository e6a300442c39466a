//! Dragging a piece with a pointer (mouse, finger, pen): a press picks the
//! piece up (the pointer is captured), a move far enough makes it a drag
//! (the piece follows the pointer), the release drops it on a square
//! (`on_drag`) or, when it did not move, is a click (`on_square`).

use std::cell::Cell;
use std::rc::Rc;

use tiers_engine::shapes::{Shape, ShapeColor};
use tiers_engine::BoardView;
use web_sys::{Element, HtmlElement};
use yew::prelude::*;

use super::square_at;

/// A piece being dragged.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Drag {
    /// The square it was picked up from.
    pub(super) from: u8,
    pointer: i32,
    x0: f64,
    y0: f64,
    dx: f64,
    dy: f64,
    /// Whether it moved far enough to be a drag (not a click).
    pub(super) moved: bool,
    /// When the press began (the event's time stamp, milliseconds).
    t0: f64,
    /// A shape being drawn (a right-button press, or a long touch that
    /// then moves) in this colour, instead of a piece moved.
    pub(super) draw: Option<ShapeColor>,
    /// The square under the pointer while a shape is drawn.
    pub(super) over: u8,
}

/// How long a finger rests on a square before a press draws instead of
/// moving a piece (milliseconds).
const LONG_PRESS: f64 = 500.0;

/// The colour the modifier keys give a drawn shape: none green, Shift
/// red, Alt blue, both yellow.
pub(super) fn shape_color(shift: bool, alt: bool) -> ShapeColor {
    match (shift, alt) {
        (false, false) => ShapeColor::Green,
        (true, false) => ShapeColor::Red,
        (false, true) => ShapeColor::Blue,
        (true, true) => ShapeColor::Yellow,
    }
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

/// The board element's pointer handlers.
pub(super) struct PointerHandlers {
    pub(super) down: Callback<PointerEvent>,
    pub(super) moving: Callback<PointerEvent>,
    pub(super) up: Callback<PointerEvent>,
    pub(super) cancel: Callback<PointerEvent>,
    /// The click that ends a press (see `Pointer::pressed`).
    pub(super) click: Callback<MouseEvent>,
}

/// What the board's pointer handlers need.
pub(super) struct Pointer<'a> {
    /// The piece being dragged.
    pub(super) drag: &'a UseStateHandle<Option<Drag>>,
    /// The keyboard cursor (hidden by a click or a drag).
    pub(super) cursor: &'a UseStateHandle<Option<u8>>,
    /// Whether a pointer press on the board is under way: the focus it
    /// gives the board shows no keyboard cursor (cursor.rs). Chromium and
    /// Firefox focus the board after a tap's `pointerup`, Safari not at
    /// all; a mouse focuses it at the press. Cleared by the focus it gave,
    /// a mouse's release, a tap's click, or a cancel.
    pub(super) pressed: &'a Rc<Cell<bool>>,
    /// The board element.
    pub(super) board_ref: &'a NodeRef,
    /// The pieces.
    pub(super) view: BoardView,
    /// Seen from Black's side.
    pub(super) flipped: bool,
    /// Whether clicks and drags are accepted.
    pub(super) interactive: bool,
    /// A square was clicked.
    pub(super) on_square: &'a Callback<u8>,
    /// A piece was dragged from one square to another.
    pub(super) on_drag: &'a Callback<(u8, u8)>,
    /// A shape was drawn (None: the board takes no drawings).
    pub(super) on_shape: &'a Option<Callback<Shape>>,
}

impl Pointer<'_> {
    /// The handlers.
    pub(super) fn handlers(&self) -> PointerHandlers {
        PointerHandlers {
            down: self.down(),
            moving: self.moving(),
            up: self.up(),
            cancel: {
                let drag = self.drag.clone();
                let pressed = self.pressed.clone();
                Callback::from(move |_: PointerEvent| {
                    pressed.set(false);
                    drag.set(None);
                })
            },
            click: {
                let pressed = self.pressed.clone();
                Callback::from(move |_: MouseEvent| pressed.set(false))
            },
        }
    }

    /// A press on a square: a piece is picked up (the pointer captured).
    fn down(&self) -> Callback<PointerEvent> {
        let drag = self.drag.clone();
        let (view, interactive, flipped) = (self.view, self.interactive, self.flipped);
        let board_ref = self.board_ref.clone();
        let pressed = self.pressed.clone();
        let draws = self.on_shape.is_some();
        Callback::from(move |e: PointerEvent| {
            pressed.set(true);
            let right = e.button() == 2 && draws;
            if !right && (!interactive || e.button() != 0) {
                return;
            }
            let Some(el) = board_ref.cast::<Element>() else {
                return;
            };
            let (x, y) = (f64::from(e.client_x()), f64::from(e.client_y()));
            let Some(sq) = square_from_point(&el, x, y, flipped) else {
                return;
            };
            let start = Drag {
                from: sq,
                pointer: e.pointer_id(),
                x0: x,
                y0: y,
                dx: 0.0,
                dy: 0.0,
                moved: false,
                t0: e.time_stamp(),
                draw: None,
                over: sq,
            };
            if right {
                let _ = el.set_pointer_capture(e.pointer_id());
                e.prevent_default();
                drag.set(Some(Drag {
                    draw: Some(shape_color(e.shift_key(), e.alt_key())),
                    ..start
                }));
                return;
            }
            if view[usize::from(sq)].is_some() {
                let _ = el.set_pointer_capture(e.pointer_id());
                e.prevent_default();
            }
            drag.set(Some(start));
        })
    }

    /// The pointer moves: the piece picked up follows it.
    fn moving(&self) -> Callback<PointerEvent> {
        let drag = self.drag.clone();
        let view = self.view;
        let board_ref = self.board_ref.clone();
        let (draws, flipped) = (self.on_shape.is_some(), self.flipped);
        Callback::from(move |e: PointerEvent| {
            if let Some(d) = *drag {
                if d.pointer != e.pointer_id() {
                    return;
                }
                let dx = f64::from(e.client_x()) - d.x0;
                let dy = f64::from(e.client_y()) - d.y0;
                let far = dx.abs() + dy.abs() > 6.0;
                // A finger that rested long enough before moving draws.
                let long = draws
                    && e.pointer_type() == "touch"
                    && !d.moved
                    && e.time_stamp() - d.t0 >= LONG_PRESS;
                if d.draw.is_some() || (long && far) {
                    let over = board_ref.cast::<Element>().and_then(|el| {
                        square_from_point(
                            &el,
                            f64::from(e.client_x()),
                            f64::from(e.client_y()),
                            flipped,
                        )
                    });
                    drag.set(Some(Drag {
                        draw: d.draw.or(Some(ShapeColor::Green)),
                        over: over.unwrap_or(d.over),
                        moved: d.moved || far,
                        ..d
                    }));
                    return;
                }
                if view[usize::from(d.from)].is_none() {
                    return;
                }
                let moved = d.moved || far;
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
    }

    /// The release: a drop on another square, or a click.
    fn up(&self) -> Callback<PointerEvent> {
        let drag = self.drag.clone();
        let board_ref = self.board_ref.clone();
        let on_square = self.on_square.clone();
        let on_drag = self.on_drag.clone();
        let on_shape = self.on_shape.clone();
        let cursor = self.cursor.clone();
        let pressed = self.pressed.clone();
        let flipped = self.flipped;
        Callback::from(move |e: PointerEvent| {
            // A mouse focused the board at the press; a finger's focus is
            // yet to come, after this.
            if e.pointer_type() != "touch" {
                pressed.set(false);
            }
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
            if let Some(on_shape) = &on_shape {
                let held =
                    e.pointer_type() == "touch" && !d.moved && e.time_stamp() - d.t0 >= LONG_PRESS;
                match (d.draw, target) {
                    (Some(color), Some(to)) => {
                        on_shape.emit(Shape::arrow(d.from, to, color));
                        return;
                    }
                    (Some(_), None) => return,
                    (None, _) if held => {
                        on_shape.emit(Shape::mark(d.from, ShapeColor::Green));
                        return;
                    }
                    (None, _) => {}
                }
            }
            match target {
                Some(to) if d.moved && to != d.from => on_drag.emit((d.from, to)),
                Some(_) | None if d.moved => {}
                _ => on_square.emit(d.from),
            }
        })
    }
}
