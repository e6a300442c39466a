//! The learn screen: the two courses with their lessons and stars, and an
//! exercise on the live board (the play screen's board: clicks, drags,
//! touch and the keyboard) with its text, hints and result. The course
//! files are fetched when the screen first shows (the service worker has
//! them offline); the scripted replies come after a short pause.

use std::cell::Cell;

use gloo::timers::callback::Timeout;
use tiers_engine::{Color, GameKind};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::browser;
use crate::components::board::Board;
use crate::components::live_board::{game_title, LiveBoard};
use crate::components::panels::use_confirm;
use crate::components::{to, Dispatch};
use crate::core::formation::{FormationAction, FormationSetup};
use crate::core::learn::course::Course;
use crate::core::learn::progress::MAX_STARS;
use crate::core::learn::{
    course_path, translated_course_path, Learn, LearnAction, Loading, Note, Play, COURSES,
};
use crate::core::{AppAction, Slice};
use crate::i18n::say;
use crate::t;

/// Props of [`LearnScreen`].
#[derive(Properties, PartialEq, Clone)]
pub struct LearnProps {
    /// The courses, the exercise, the stars.
    pub learn: Slice<Learn>,
    /// Dispatches actions.
    pub dispatch: Dispatch,
}

/// How long the opponent's scripted reply waits after the learner's move
/// (milliseconds).
const REPLY_MS: u32 = 600;

thread_local! {
    /// Whether the last of the screen's buttons was pressed with the
    /// keyboard (a click with no pointer: `detail` 0): keyboard users get
    /// the focus handed on (the result's button, a new exercise's board);
    /// pointer users get no stray keyboard cursor.
    static KEYS: Cell<bool> = const { Cell::new(false) };
}

fn act(d: &Dispatch, a: LearnAction) -> Callback<MouseEvent> {
    let d = d.clone();
    Callback::from(move |e: MouseEvent| {
        KEYS.set(e.detail() == 0);
        d.dispatch(AppAction::Learn(a.clone()));
    })
}

/// Fetches a course file and hands it to the state.
fn fetch(d: &Dispatch, kind: GameKind) {
    d.dispatch(AppAction::Learn(LearnAction::Fetching(kind)));
    let d = d.clone();
    wasm_bindgen_futures::spawn_local(async move {
        // The course in the page's language, else in English.
        let translated = match translated_course_path(kind, crate::i18n::lang()) {
            Some(path) => browser::fetch_text(&path).await.ok(),
            None => None,
        };
        let text = match translated {
            Some(t) => Ok(t),
            None => browser::fetch_text(&course_path(kind)).await,
        };
        d.dispatch(AppAction::Learn(LearnAction::Loaded(kind, text)));
    });
}

/// Focuses the first element matching `selector` (when `only_if_lost`,
/// only if nothing has the focus). An element not drawn yet (a child
/// component's first render can come after this screen's effects) is
/// looked for again a few times, 40 ms apart.
fn focus(selector: &'static str, only_if_lost: bool) {
    focus_try(selector, only_if_lost, 10);
}

fn focus_try(selector: &'static str, only_if_lost: bool, tries: u32) {
    let doc = gloo::utils::document();
    let lost = doc.active_element().is_none_or(|e| e.tag_name() == "BODY");
    if only_if_lost && !lost {
        return;
    }
    match doc
        .query_selector(selector)
        .ok()
        .flatten()
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        Some(el) => {
            // Without scrolling: a tap that solved an exercise must not land
            // on a button scrolled under the finger.
            let options = web_sys::FocusOptions::new();
            options.set_prevent_scroll(true);
            let _ = el.focus_with_options(&options);
        }
        None if tries > 1 => {
            Timeout::new(40, move || focus_try(selector, only_if_lost, tries - 1)).forget();
        }
        None => {}
    }
}

/// "★★☆" for `n` of `of` stars.
fn stars(n: u32, of: u32) -> Html {
    let text: String = (0..of).map(|i| if i < n { '★' } else { '☆' }).collect();
    html! { <span class="stars" aria-label={t!("learn.stars", got = n, count = of)}>{ text }</span> }
}

/// A lesson text: `code` between backticks.
fn rich(text: &str) -> Html {
    let parts = text.split('`').enumerate().map(|(i, t)| {
        if i % 2 == 1 {
            html! { <code>{ t.to_string() }</code> }
        } else {
            html! { { t.to_string() } }
        }
    });
    html! { <>{ for parts }</> }
}

/// The learn screen.
#[component]
pub fn LearnScreen(props: &LearnProps) -> Html {
    let d = &props.dispatch;
    let learn = &props.learn;
    // One effect for the screen's side effects: fetch the courses not
    // asked for yet; play the scripted reply after a pause; hand keyboard
    // users the focus (the result's button, then the new exercise's board
    // if nothing has it).
    let idle: Vec<GameKind> = COURSES
        .into_iter()
        .filter(|&k| matches!(learn.course(k), Loading::Idle))
        .collect();
    let p = learn.play.as_ref();
    let due = p.filter(|p| p.reply_due).map(|p| p.board.rev());
    let at = p.map(|p| (p.lesson, p.exercise, p.solved.is_some()));
    {
        let d = d.clone();
        use_effect_with((idle, due, at), move |(idle, due, at)| {
            for &k in idle {
                fetch(&d, k);
            }
            match at {
                Some((_, _, true)) if KEYS.get() => focus("#learn-next", false),
                Some(_) if KEYS.get() => focus(".lesson .board", true),
                _ => {}
            }
            let t = due.map(|_| {
                Timeout::new(REPLY_MS, move || {
                    d.dispatch(AppAction::Learn(LearnAction::Reply));
                })
            });
            move || drop(t)
        });
    }
    // After any redraw: a keyboard user whose focused element was replaced
    // (a course file arriving late redraws the screen) gets it back.
    use_effect(move || match at {
        Some((_, _, true)) if KEYS.get() => focus("#learn-next", true),
        Some(_) if KEYS.get() => focus(".lesson .board", true),
        _ => {}
    });
    let reset = use_confirm(to(d, |()| AppAction::Learn(LearnAction::Reset)));
    if let Some(p) = &learn.play {
        return exercise(p, d);
    }
    let courses = COURSES.into_iter().map(|kind| {
        let title = game_title(kind);
        let body = match learn.course(kind) {
            Loading::Ready(c) => lessons(c, learn, d),
            Loading::Failed(e) => {
                let d = d.clone();
                html! {
                    <>
                        <p class="error" role="alert">{ crate::i18n::say(e) }</p>
                        <button type="button" onclick={Callback::from(move |_: MouseEvent| fetch(&d, kind))}>{ t!("learn.try-again") }</button>
                    </>
                }
            }
            _ => html! { <p class="hint">{ t!("learn.loading-the-lessons") }</p> },
        };
        html! {
            <section class="course" data-course={kind.name()} aria-label={format!("{title} course")}>
                { body }
            </section>
        }
    });
    html! {
        <section class="learn card" aria-labelledby="learn-title">
            <h1 id="learn-title">{ t!("learn.learn") }</h1>
            <p class="hint">{ t!("learn.one-idea-per-exercise") }</p>
            { for courses }
            <button type="button" class="link" id="reset-progress" onclick={reset.on_click.reform(|_: MouseEvent| ())}>
                { if reset.armed { t!("learn.sure-forget-every-star") } else { t!("learn.reset-progress") } }
            </button>
        </section>
    }
}

/// A course's title, its stars and its lessons.
fn lessons(c: &Course, learn: &Learn, d: &Dispatch) -> Html {
    let kind = c.kind;
    let mut total = 0;
    let mut earned = 0;
    let mut first_open = None;
    let rows: Vec<Html> = c
        .lessons
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let n = l.exercises.len() as u32;
            let got: u32 = (0..l.exercises.len())
                .map(|e| {
                    let s = learn.stars(c, i, e);
                    if s == 0 && first_open.is_none() {
                        first_open = Some((i, e));
                    }
                    u32::from(s)
                })
                .sum();
            total += n * u32::from(MAX_STARS);
            earned += got;
            html! {
                <li data-lesson={format!("{}/{}", kind.name(), i + 1)}>
                    <button type="button" class="lesson-link" onclick={act(d, LearnAction::Open(kind, i, 0))}>
                        <span class="lesson-name">{ format!("{}. {}", i + 1, l.title) }</span>
                        <span class="lesson-about">{ l.about.clone() }</span>
                        <span class={classes!("lesson-stars", (got > 0 && first_open.is_none_or(|(o, _)| o > i)).then_some("complete"))}
                            aria-label={t!("learn.stars", got = got, count = n * u32::from(MAX_STARS))}>
                            { format!("★ {got}/{}", n * u32::from(MAX_STARS)) }
                        </span>
                    </button>
                </li>
            }
        })
        .collect();
    let (l, e) = first_open.unwrap_or((0, 0));
    let label = match (earned, first_open) {
        (0, _) => t!("learn.start"),
        (_, Some(_)) => t!("learn.continue"),
        (_, None) => t!("learn.play-again"),
    };
    html! {
        <>
            <div class="course-head">
                <h2>{ c.title.clone() }</h2>
                <span class="course-stars">{ format!("★ {earned} / {total}") }</span>
                <button type="button" class="primary" id={format!("learn-{}", kind.name())}
                    onclick={act(d, LearnAction::Open(kind, l, e))}>{ label }</button>
            </div>
            <ol class="lessons">{ for rows }</ol>
        </>
    }
}

/// An exercise: the lesson's head, the board, what happened, the controls.
fn exercise(p: &Play, d: &Dispatch) -> Html {
    let c = &p.course;
    let kind = c.kind;
    let lesson = &c.lessons[p.lesson];
    let ex = p.exercise();
    let head = html! {
        <header class="lesson-head">
            <p class="crumb">{ format!("{} · lesson {} of {} · exercise {} of {}", game_title(kind), p.lesson + 1,
                c.lessons.len(), p.exercise + 1, lesson.exercises.len()) }</p>
            <h1 id="lesson-title">{ lesson.title.clone() }</h1>
            <p class="lesson-text" id="lesson-text">{ rich(&ex.text) }</p>
        </header>
    };
    let note = p.note.as_ref().map(|n| {
        let (class, role, text) = match n {
            Note::Wrong(t) => (
                "lesson-note wrong",
                "alert",
                t!("learn.try-again-after", why = t.clone()),
            ),
            Note::Broken(t) => ("lesson-note wrong", "alert", say(t)),
            Note::Hint(t) => ("lesson-note hint-note", "status", say(t)),
        };
        html! { <p {class} {role} id="lesson-note">{ text }</p> }
    });
    let result = p.solved.map(|s| {
        let next = if p.last() {
            html! {
                <>
                    <p>{ t!("learn.course-finished", course = game_title(kind)) }</p>
                    <button type="button" class="primary" id="learn-next"
                        onclick={to(d, move |_: MouseEvent| AppAction::Learn(LearnAction::PlayGame(kind, browser::coin())))}>
                        { t!("learn.play-a-game-against") }
                    </button>
                </>
            }
        } else {
            let label = if p.exercise + 1 == lesson.exercises.len() { t!("learn.next-lesson") } else { t!("learn.next-exercise") };
            html! { <button type="button" class="primary" id="learn-next" onclick={act(d, LearnAction::Next)}>{ label }</button> }
        };
        html! {
            <div class="lesson-result" role="status" id="lesson-result">
                <p class="solved">{ t!("learn.solved") }{ " " }{ stars(u32::from(s), u32::from(MAX_STARS)) }</p>
                { next }
            </div>
        }
    });
    let controls = html! {
        <>
            { note.unwrap_or_default() }
            { result.unwrap_or_default() }
            <div class="lesson-controls">
                <button type="button" id="learn-hint" onclick={act(d, LearnAction::Hint)} disabled={!p.can_hint()}>
                    { if p.step_hints == 0 { t!("learn.hint") } else { t!("learn.another-hint") } }
                </button>
                <button type="button" id="learn-retry" onclick={act(d, LearnAction::Retry)}>{ t!("learn.start-again") }</button>
                <button type="button" id="learn-close" onclick={act(d, LearnAction::Close)}>{ t!("learn.all-lessons") }</button>
            </div>
        </>
    };
    let board = match &p.setup {
        Some(setup) => formation(p, setup, d, controls),
        None => html! {
            <LiveBoard session={p.board.clone()} on_action={to(d, |a| AppAction::Learn(LearnAction::Board(a)))}
                id="learn" live={p.solved.is_none()} marks={p.marks.clone()} {controls} />
        },
    };
    html! {
        <section class={classes!("lesson", p.setup.is_some().then_some("placing"))} aria-labelledby="lesson-title" data-exercise={format!("{}/{}/{}", kind.name(), p.lesson + 1, p.exercise + 1)}>
            { head }
            { board }
        </section>
    }
}

/// A formation exercise: the plain board (no game yet) with the learner's
/// home rows tinted.
fn formation(p: &Play, setup: &FormationSetup, d: &Dispatch, controls: Html) -> Html {
    let place =
        |a: fn(u8) -> FormationAction| to(d, move |sq| AppAction::Learn(LearnAction::Place(a(sq))));
    let on_drag = to(d, |(a, b)| {
        AppAction::Learn(LearnAction::Place(FormationAction::Move(a, b)))
    });
    let c = p.learner;
    let count = setup.squares[c.index()].len();
    let zone = if p.marks.is_empty() {
        FormationSetup::home_squares(c)
    } else {
        p.marks.clone()
    };
    html! {
        <>
            <div class="board-col">
                <Board id="learn" label={t!("learn.formation-board")} kind={GameKind::Tiers} view={setup.view()}
                    flipped={c == Color::Black} {zone} interactive={p.solved.is_none()}
                    on_square={place(FormationAction::Toggle)} {on_drag} />
            </div>
            <div class="side-col">
                <div class="status">
                    <p class="status-text" id="status-text">{ t!("learn.men-placed", side = c, count = count) }</p>
                </div>
                { controls }
            </div>
        </>
    }
}
