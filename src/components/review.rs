//! The review screen: the analysis's progress (cancellable); once the
//! review is done, the analysis board shows it (the game's tree with the
//! verdicts as NAGs and comments, the better lines as variations, the
//! review's panel: `components::review_panel`). Learning from the mistakes,
//! opened from that panel, is shown here.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::components::mistakes;
use crate::components::viewer::use_replay_keys;
use crate::components::Dispatch;
use crate::core::nav::{NavAction, Screen};
use crate::core::review::{ReviewAction, ReviewState};
use crate::core::{AnalyseFrom, AppAction, Slice};
use crate::i18n::say;
use crate::t;

/// Props of [`ReviewScreen`].
#[derive(Properties, PartialEq, Clone)]
pub struct ReviewProps {
    /// The review.
    pub review: Slice<ReviewState>,
    /// Dispatches actions.
    pub dispatch: Dispatch,
}

fn act(d: &Dispatch, a: ReviewAction) -> Callback<MouseEvent> {
    let d = d.clone();
    Callback::from(move |_: MouseEvent| d.dispatch(AppAction::Review(a)))
}

/// The review screen.
#[component]
pub fn ReviewScreen(props: &ReviewProps) -> Html {
    let (r, d) = (&props.review, &props.dispatch);
    let on_ply = {
        let d = d.clone();
        Callback::from(move |p: usize| d.dispatch(AppAction::Review(ReviewAction::Ply(p))))
    };
    let on_step = {
        let d = d.clone();
        Callback::from(move |s| d.dispatch(AppAction::Review(ReviewAction::Step(s))))
    };
    // The keys step through an exercise's line (the progress has no board).
    use_replay_keys(r.drill.is_some(), on_step);
    // Learn from your mistakes opened: the focus goes to its title (a
    // keyboard user is not left at the top of the page; closed, the board
    // gives it back to the button that opens it).
    use_effect_with(r.drill.is_some(), move |&open| {
        if !open {
            return;
        }
        if let Some(el) = gloo::utils::document()
            .get_element_by_id("drill-title")
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
        {
            let _ = el.focus();
        }
    });
    // The review done (or kept from before) and no exercise under way: the
    // analysis board shows it, with the review's notes on the moves in the
    // page's words.
    let done = r.review.is_some() && r.drill.is_none();
    {
        let (d, r) = (d.clone(), r.clone());
        use_effect_with(done, move |&done| {
            if done {
                if let (Some(s), Some(review)) = (&r.subject, &r.review) {
                    let notes = review.notes(&s.sides(), &say);
                    d.dispatch(AppAction::Analyse(AnalyseFrom::Review(notes)));
                }
            }
        });
    }
    let Some(s) = r.subject.clone() else {
        return html! { <section class="review card"><p>{ t!("review.no-game-to-review") }</p></section> };
    };
    if let Some(drill) = &r.drill {
        return mistakes::view(&s, drill, d, &on_ply);
    }
    let back = r.back.unwrap_or(Screen::Games);
    let back_click = {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(AppAction::Nav(NavAction::Show(back))))
    };
    let plies = s.plies();
    let (done, all) = r.progress();
    let text = if r.review.is_some() {
        t!("review.opening-board")
    } else if r.cancelled {
        t!("review.cancelled", done = done, count = all)
    } else {
        t!(
            "review.analysing",
            number = (done + 1).min(plies.max(1)),
            count = plies
        )
    };
    html! {
        <section class="review card" aria-labelledby="review-title">
            <div class="review-head">
                <h1 id="review-title">{ t!("review.title", game = s.record.kind()) }</h1>
                <div class="actions tight">
                    <button type="button" id="review-back" onclick={back_click}>{ t!("review.back") }</button>
                </div>
            </div>
            <p class="review-game">{ say(&s.title) }</p>
            <div class="review-progress" role="status">
                <progress id="review-progress" max={all.to_string()} value={done.to_string()} />
                <span id="review-progress-text">{ text }</span>
                if r.review.is_none() {
                    if r.cancelled {
                        <button type="button" class="primary" id="review-resume" onclick={act(d, ReviewAction::Resume)}>{ t!("review.go-on") }</button>
                    } else {
                        <button type="button" id="review-cancel" onclick={act(d, ReviewAction::Cancel)}>{ t!("review.cancel") }</button>
                    }
                }
            </div>
        </section>
    }
}
