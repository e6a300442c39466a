//! The keyboard cursor: with the board focused, the arrow keys (and Home,
//! End) move a cursor over the squares, Enter or Space chooses the square
//! under it (`on_square`), Escape cancels (`on_cancel`). The cursor shows
//! when the board gets the focus from the keyboard (Tab, or handed on by the
//! page), not from a click or a tap.

use std::cell::Cell;
use std::rc::Rc;

use tiers_engine::shapes::Shape;
use yew::prelude::*;

use super::{screen_pos, square_at};

/// Where the keyboard cursor starts: the last square selected, else the
/// movable piece nearest the centre, else a corner square near the player.
pub(super) fn cursor_start(
    selection: &[u8],
    highlight: &[u8],
    movable: &[u8],
    flipped: bool,
) -> u8 {
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

/// Drawing with the keyboard: `a` on the cursor's square starts an arrow
/// (`start`), `a` again ends it there; `m` marks the square; Shift, Alt
/// or both give the colour as with the mouse.
pub(super) struct Drawing {
    /// Where drawings go (None: the board takes none).
    pub(super) on_shape: Option<Callback<tiers_engine::shapes::Shape>>,
    /// The square an arrow being drawn starts on.
    pub(super) start: UseStateHandle<Option<u8>>,
}

/// The board element's keyboard and focus handlers.
pub(super) struct KeyHandlers {
    pub(super) keydown: Callback<KeyboardEvent>,
    pub(super) focus: Callback<FocusEvent>,
    pub(super) blur: Callback<FocusEvent>,
}

/// The handlers that move the `cursor` (none shown: it starts on
/// `start`) and choose its square. `pressed`: a pointer press is under way
/// (drag.rs, `Pointer::pressed`), so a focus is not the keyboard's.
// The board's own state and callbacks, each needed by the handlers.
#[allow(clippy::too_many_arguments)]
pub(super) fn key_handlers(
    cursor: &UseStateHandle<Option<u8>>,
    pressed: &Rc<Cell<bool>>,
    start: u8,
    flipped: bool,
    interactive: bool,
    on_square: &Callback<u8>,
    on_cancel: &Callback<()>,
    drawing: &Drawing,
) -> KeyHandlers {
    let keydown = {
        let cursor = cursor.clone();
        let on_square = on_square.clone();
        let on_cancel = on_cancel.clone();
        let (on_shape, arrow) = (drawing.on_shape.clone(), drawing.start.clone());
        Callback::from(move |e: KeyboardEvent| {
            let current = cursor.unwrap_or(start);
            if let Some(on_shape) = &on_shape {
                let code = e.code();
                if (code == "KeyA" || code == "KeyM") && !e.ctrl_key() && !e.meta_key() {
                    e.prevent_default();
                    cursor.set(Some(current));
                    let color = super::drag::shape_color(e.shift_key(), e.alt_key());
                    if code == "KeyM" {
                        on_shape.emit(Shape::mark(current, color));
                    } else if let Some(from) = *arrow {
                        arrow.set(None);
                        if from != current {
                            on_shape.emit(Shape::arrow(from, current, color));
                        }
                    } else {
                        arrow.set(Some(current));
                    }
                    return;
                }
            }
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
                    arrow.set(None);
                    on_cancel.emit(());
                    return;
                }
                _ => return,
            };
            e.prevent_default();
            cursor.set(Some(next.unwrap_or(current)));
        })
    };
    let focus = {
        let cursor = cursor.clone();
        let pressed = pressed.clone();
        Callback::from(move |_: FocusEvent| {
            if cursor.is_none() && !pressed.replace(false) {
                cursor.set(Some(start));
            }
        })
    };
    let blur = {
        let cursor = cursor.clone();
        let pressed = pressed.clone();
        Callback::from(move |_: FocusEvent| {
            pressed.set(false);
            cursor.set(None);
        })
    };
    KeyHandlers {
        keydown,
        focus,
        blur,
    }
}
