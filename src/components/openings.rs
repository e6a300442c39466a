//! The opening trainer's screen (checkers): the side and the ballots to
//! train, the counts of the schedule, and one item at a time on the live
//! board: the ballot played, the trainee finding their side's moves of the
//! engine's line, the other side's moves played after a short pause, a
//! wrong move taken back with the expected one drawn as an arrow. The
//! lines file is fetched when the screen first shows (the service worker
//! has it offline after the first visit).

use std::collections::BTreeSet;
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use yew::prelude::*;

use crate::browser;
use crate::components::live_board::LiveBoard;
use crate::components::{to, Dispatch};
use crate::core::openings::trainer::{Drill, Lines, Note, OpeningsAction, Sides, Trainer, PATH};
use crate::core::openings::Line;
use crate::core::{AppAction, Slice};
use crate::i18n::say;
use crate::t;

/// Props of [`OpeningsScreen`].
#[derive(Properties, PartialEq, Clone)]
pub struct OpeningsProps {
    /// The trainer: its lines, the item on the board, the schedule.
    pub openings: Slice<Trainer>,
    /// Dispatches actions.
    pub dispatch: Dispatch,
}

/// How long the line's reply waits after the trainee's move
/// (milliseconds).
const REPLY_MS: u32 = 500;

fn act(d: &Dispatch, a: OpeningsAction) -> Callback<MouseEvent> {
    let d = d.clone();
    Callback::from(move |_: MouseEvent| d.dispatch(AppAction::Openings(a.clone())))
}

/// Fetches the lines file and hands it to the state.
fn fetch(d: &Dispatch) {
    d.dispatch(AppAction::Openings(OpeningsAction::Fetching));
    let d = d.clone();
    wasm_bindgen_futures::spawn_local(async move {
        let text = browser::fetch_text(PATH).await;
        d.dispatch(AppAction::Openings(OpeningsAction::Loaded(text)));
    });
}

/// The name of a ballot, as the new game screen writes it.
fn ballot_name(l: &Line) -> String {
    format!("ACF {}: {}", l.number, l.ballot.join(" "))
}

/// The opening trainer's screen.
#[component]
pub fn OpeningsScreen(props: &OpeningsProps) -> Html {
    let d = &props.dispatch;
    let tr = &props.openings;
    // Fetch the lines once; play the line's reply after a pause.
    let idle = matches!(tr.lines, Lines::Idle);
    let due = tr
        .drill
        .as_ref()
        .filter(|x| x.reply_due)
        .map(|x| x.board.rev());
    {
        let d = d.clone();
        use_effect_with((idle, due), move |(idle, due)| {
            if *idle {
                fetch(&d);
            }
            let t = due.map(|_| {
                Timeout::new(REPLY_MS, move || {
                    d.dispatch(AppAction::Openings(OpeningsAction::Reply));
                })
            });
            move || drop(t)
        });
    }
    let choices = &tr.progress().choices;
    let sides = Sides::ALL.into_iter().map(|s| {
        let selected = s == choices.sides;
        let label = match s {
            Sides::Red => say(&crate::core::i18n::words::side(tiers_engine::Color::Red)),
            Sides::Black => say(&crate::core::i18n::words::side(tiers_engine::Color::Black)),
            Sides::Both => t!("openings.side-both"),
        };
        html! {
            <button type="button" aria-pressed={selected.to_string()} id={format!("openings-side-{}", s.name())}
                class={classes!("puzzle-tab", selected.then_some("selected"))}
                onclick={act(d, OpeningsAction::Sides(s))}>
                { label }
            </button>
        }
    });
    let lines = match &tr.lines {
        Lines::Ready(l) => Some(l.clone()),
        _ => None,
    };
    let counts = tr.counts();
    let head = html! {
        <header class="puzzles-head openings-head">
            <h1 id="openings-title">{ t!("openings.title") }</h1>
            <div class="puzzle-tabs" role="group" aria-label={t!("openings.your-side")}>
                <span class="openings-label" aria-hidden="true">{ t!("openings.your-side") }</span>
                { for sides }
            </div>
            if lines.is_some() {
                <p class="puzzle-stats" id="openings-counts">
                    { t!("openings.counts", due = counts.due.to_string(), new = counts.new.to_string(),
                        learned = counts.learned.to_string(), total = counts.total.to_string()) }
                </p>
            }
        </header>
    };
    let picker = lines.clone().map(|lines| {
        html! { <BallotPicker {lines} chosen={choices.ballots.clone()} dispatch={d.clone()} /> }
    });
    let body = match (&tr.lines, &tr.drill) {
        (Lines::Ready(_), Some(x)) => drill(x, d),
        (Lines::Ready(_), None) => {
            html! { <p class="hint" id="openings-none">{ t!("openings.none-chosen") }</p> }
        }
        (Lines::Failed(e), _) => {
            let d = d.clone();
            html! {
                <>
                    <p class="error" role="alert" id="openings-error">{ say(e) }</p>
                    <button type="button" id="openings-retry" onclick={Callback::from(move |_: MouseEvent| fetch(&d))}>{ t!("puzzles.try-again") }</button>
                </>
            }
        }
        _ => {
            html! { <p class="hint" role="status" id="openings-loading">{ t!("openings.loading") }</p> }
        }
    };
    html! {
        <section class="puzzles openings" aria-labelledby="openings-title">
            { head }
            <p class="openings-intro">{ t!("openings.intro") }</p>
            { picker.unwrap_or_default() }
            { body }
        </section>
    }
}

/// Props of [`BallotPicker`].
#[derive(Properties, PartialEq)]
struct BallotPickerProps {
    lines: Rc<Vec<Line>>,
    /// The ballots ticked; None: all.
    chosen: Option<BTreeSet<u32>>,
    dispatch: Dispatch,
}

/// All the ballots or the ones ticked, in a disclosure. Its own component,
/// so that a move on the board does not build and compare its 156 boxes
/// again.
#[component]
fn BallotPicker(props: &BallotPickerProps) -> Html {
    let d = &props.dispatch;
    let all = props.chosen.is_none();
    let ticked = props
        .chosen
        .as_ref()
        .map_or(props.lines.len(), BTreeSet::len);
    let radio = |id: &'static str, on: bool, label: String| {
        let d = d.clone();
        let onchange = Callback::from(move |_: Event| {
            d.dispatch(AppAction::Openings(OpeningsAction::AllBallots(on)));
        });
        html! {
            <label class="openings-radio">
                <input type="radio" name="openings-ballots" {id} checked={all == on} {onchange} />
                { label }
            </label>
        }
    };
    let boxes = (!all).then(|| {
        let items = props.lines.iter().map(|l| {
            let number = l.number;
            let on = props.chosen.as_ref().is_some_and(|c| c.contains(&number));
            let onchange = to(d, move |e: Event| {
                let checked = e
                    .target_dyn_into::<web_sys::HtmlInputElement>()
                    .is_some_and(|i| i.checked());
                AppAction::Openings(OpeningsAction::Ballot(number, checked))
            });
            html! {
                <li>
                    <label>
                        <input type="checkbox" id={format!("openings-ballot-{number}")} checked={on} {onchange} />
                        { ballot_name(l) }
                    </label>
                </li>
            }
        });
        html! { <ul class="openings-list" id="openings-list">{ for items }</ul> }
    });
    html! {
        <details class="puzzle-dashboard openings-ballots" id="openings-ballots">
            <summary>{ t!("openings.ballots") }{ ": " }{ if all { t!("openings.all-ballots", count = props.lines.len().to_string()) } else { t!("openings.chosen-ballots", count = ticked.to_string()) } }</summary>
            <fieldset>
                <legend class="sr-only">{ t!("openings.ballots") }</legend>
                { radio("openings-all", true, t!("openings.all-ballots", count = props.lines.len().to_string())) }
                { radio("openings-chosen", false, t!("openings.chosen-ballots", count = ticked.to_string())) }
            </fieldset>
            { boxes.unwrap_or_default() }
        </details>
    }
}

/// The item on the board, with what happened and the controls.
fn drill(x: &Drill, d: &Dispatch) -> Html {
    let (done, of) = x.progress();
    let state = match x.card {
        None => t!("openings.item-new"),
        Some(c) if c.level == 0 => t!("openings.item-again"),
        Some(c) => t!("openings.item-known", count = usize::from(c.level)),
    };
    let head = html! {
        <div class="puzzle-info">
            <h2 class="openings-ballot" id="openings-ballot">{ ballot_name(&x.line) }</h2>
            <p class="crumb" id="openings-item-state">{ state }</p>
            <p class="puzzle-task" id="openings-task">
                { t!("openings.task", side = x.side, done = done.to_string(), count = of.to_string()) }
            </p>
        </div>
    };
    let note = x.note.as_ref().map(|n| {
        let text = match n {
            Note::Wrong { played, expected } => {
                t!(
                    "openings.wrong",
                    played = played.clone(),
                    expected = expected.clone()
                )
            }
            Note::Broken(mv) => t!("openings.broken", mv = mv.clone()),
        };
        html! { <p class="lesson-note wrong" role="alert" id="openings-note">{ text }</p> }
    });
    let result = x.done.then(|| {
        html! {
            <div class="lesson-result" role="status" id="openings-result">
                <p class="solved">{ if x.missed { t!("openings.done-missed") } else { t!("openings.done-well") } }</p>
                <button type="button" class="primary" id="openings-next" onclick={act(d, OpeningsAction::Next)}>{ t!("openings.next") }</button>
            </div>
        }
    });
    let moves = x
        .board
        .record()
        .map(|r| {
            let mut m = r.move_texts();
            m.truncate(r.ply());
            m.join(" ")
        })
        .unwrap_or_default();
    let controls = html! {
        <>
            { note.unwrap_or_default() }
            { result.unwrap_or_default() }
            <p class="openings-moves" id="openings-moves">{ t!("openings.moves", moves = moves) }</p>
        </>
    };
    let status = if x.done {
        t!("openings.status-done")
    } else if x.reply_due {
        t!("puzzles.replies", side = x.side.opposite())
    } else {
        t!("puzzles.your-move", who = x.side)
    };
    html! {
        <div class="puzzle-board" data-item={x.key.clone()} data-step={x.step.to_string()}>
            <LiveBoard session={x.board.clone()} on_action={to(d, |a| AppAction::Openings(OpeningsAction::Board(a)))}
                id="openings" live={!x.done} arrows={x.arrows.clone()} status={AttrValue::from(status)} {head} {controls} />
        </div>
    }
}
