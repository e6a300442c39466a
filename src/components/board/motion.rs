//! How pieces move on the board: each keeps its identity from one position
//! to the next ([`Tracker`]), so the piece that moved slides along its path
//! (the Web Animations API) and a taken one fades out.

use std::cell::RefCell;
use std::rc::Rc;

use tiers_engine::{BoardView, PieceView};
use wasm_bindgen::JsCast;
use web_sys::Element;
use yew::prelude::*;

use super::screen_pos;

/// Stable identities for the pieces, so that moves animate.
pub(super) struct Tracker {
    view: Option<BoardView>,
    /// Each square's piece's identity (0: empty).
    pub(super) ids: [u32; 64],
    next: u32,
    /// Pieces that just left the board (they fade out), and a number that
    /// changes whenever there are new ones.
    pub(super) ghosts: Vec<(u32, u8, PieceView)>,
    generation: u32,
    /// The piece that just moved and the squares it went through (origin
    /// first), and a number that changes with every such move.
    pub(super) slide: Option<(u32, Vec<u8>)>,
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

/// The board's [`Tracker`], brought up to `view` (reached by `last_move`)
/// at every render: the taken pieces are forgotten once they faded, and the
/// piece that moved slides along its path (each landing square of a
/// multi-jump, both actions of a double ultra king).
#[hook]
pub(super) fn use_motion(
    view: &BoardView,
    last_move: &[u8],
    board_ref: &NodeRef,
    flipped: bool,
) -> Rc<RefCell<Tracker>> {
    let tracker = use_mut_ref(Tracker::default);
    tracker.borrow_mut().update(view, last_move);
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
    tracker
}
