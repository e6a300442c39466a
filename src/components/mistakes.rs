//! "Learn from your mistakes", on the review screen: the entry (how many
//! exercises the review made, how many are done) and the exercises: the
//! position before each mistake on a live board, "find a better move",
//! the verdict on each answer (searched in the analysis worker), "Show me"
//! (the computer's line on the board), previous / next, and the summary.

use yew::prelude::*;

use crate::components::live_board::LiveBoard;
use crate::components::viewer::viewer;
use crate::components::{on_click, to, Dispatch};
use crate::core::library::rebuild;
use crate::core::review::mistakes::{Drill, DrillAction, Exercise, Note, Solved};
use crate::core::review::{ReviewState, Subject};
use crate::core::AppAction;
use crate::i18n::say;
use crate::t;

fn act(d: &Dispatch, a: DrillAction) -> Callback<MouseEvent> {
    on_click(d, AppAction::Drill(a))
}

/// The entry on the finished review: the button and how many exercises
/// are done; a line saying there are none when the player made no mistake.
pub fn entry(r: &ReviewState, d: &Dispatch) -> Html {
    let list = r.exercises();
    if list.is_empty() {
        return html! { <p class="drill-entry hint" id="drill-none">{ t!("drill.none") }</p> };
    }
    let done = list
        .iter()
        .filter(|e| r.progress.done.contains_key(&e.index))
        .count();
    html! {
        <div class="drill-entry" id="drill-entry">
            <button type="button" class="primary" id="drill-open" onclick={act(d, DrillAction::Open)}>{ t!("drill.open") }</button>
            <p class="hint" id="drill-entry-count">
                { t!("drill.open-count", count = list.len()) }
                if done > 0 { <>{ " " }{ t!("drill.done-count", done = done, count = list.len()) }</> }
            </p>
        </div>
    }
}

/// "23-19 (Blunder)" words of an exercise's move.
fn mark_words(e: &Exercise) -> (String, String) {
    (
        format!("{}{}", e.played, e.mark.suffix()),
        say(&e.mark.label()),
    )
}

/// The exercises, in place of the review's body.
pub fn view(s: &Subject, drill: &Drill, d: &Dispatch, on_ply: &Callback<usize>) -> Html {
    let head = html! {
        <div class="review-head">
            <h1 id="drill-title" tabindex="-1">{ t!("drill.title") }</h1>
            <div class="actions tight">
                <button type="button" id="drill-back" onclick={act(d, DrillAction::Close)}>{ t!("drill.back") }</button>
            </div>
        </div>
    };
    let body = if drill.summary {
        summary(drill, d)
    } else {
        exercise(drill, d, on_ply)
    };
    html! {
        <section class="review card drill" aria-labelledby="drill-title">
            { head }
            <p class="review-game">{ say(&s.title) }</p>
            { body }
        </section>
    }
}

/// The exercise shown: its board, the task, the verdict on the answer and
/// the controls.
fn exercise(drill: &Drill, d: &Dispatch, on_ply: &Callback<usize>) -> Html {
    let Some(e) = drill.exercise() else {
        return html! {};
    };
    let (played, mark) = mark_words(e);
    let count = drill.exercises.len();
    let task = html! {
        <div class="drill-task">
            <p class="drill-count" id="drill-count">{ t!("drill.exercise", number = drill.at + 1, count = count) }</p>
            <p id="drill-task">{ t!("drill.find", side = e.side, played = played.clone(), mark = mark) }</p>
        </div>
    };
    let (class, role, text) = match &drill.note {
        Note::Find => ("", "status", String::new()),
        Note::Checking(mv) => ("lesson-note", "status", t!("drill.checking", mv = mv)),
        Note::Same(mv) => ("lesson-note wrong", "alert", t!("drill.same", mv = mv)),
        Note::Wrong(mv, before, after) => (
            "lesson-note wrong",
            "alert",
            t!(
                "drill.wrong",
                mv = mv,
                side = e.side,
                before = *before,
                after = *after
            ),
        ),
        Note::Right(mv, true) => ("lesson-result", "status", t!("drill.right-best", mv = mv)),
        Note::Right(mv, false) => (
            "lesson-result",
            "status",
            t!(
                "drill.right",
                mv = mv,
                best = e.best.first().cloned().unwrap_or_default()
            ),
        ),
        Note::Shown => (
            "lesson-note hint-note",
            "status",
            t!("drill.shown", line = e.best.join(" ")),
        ),
        Note::Failed(why) => (
            "lesson-note wrong",
            "alert",
            t!("drill.failed", why = say(why)),
        ),
    };
    let busy = matches!(drill.note, Note::Checking(_));
    let note = html! {
        <p class={format!("drill-note {class}")} {role} id="drill-note">
            if busy { <span class="spinner" aria-hidden="true"></span> }
            { text }
        </p>
    };
    let last = drill.at + 1 >= count;
    let again = matches!(drill.note, Note::Right(..) | Note::Shown);
    let controls = html! {
        <>
            { note }
            <div class="lesson-controls">
                if again {
                    <button type="button" id="drill-again" onclick={act(d, DrillAction::Again)}>{ t!("drill.again") }</button>
                }
                if drill.line.is_none() {
                    <button type="button" id="drill-show" onclick={act(d, DrillAction::ShowMe)} disabled={busy}>{ t!("drill.show-me") }</button>
                }
            </div>
            <div class="lesson-controls">
                <button type="button" id="drill-prev" onclick={act(d, DrillAction::Previous)} disabled={drill.at == 0}>{ t!("drill.previous") }</button>
                <button type="button" id="drill-next" class={classes!(again.then_some("primary"))} onclick={act(d, DrillAction::Next)}>
                    { if last { t!("drill.finish") } else { t!("drill.next") } }
                </button>
            </div>
        </>
    };
    let line = drill.line_moves().and_then(|moves| {
        rebuild(drill.kind, &drill.start, &moves, moves.len(), None)
            .ok()
            .map(|rec| (rec, drill.line.unwrap_or(0)))
    });
    let status = if matches!(drill.note, Note::Right(..)) {
        t!("drill.status-found")
    } else {
        t!("puzzles.your-move", who = e.side)
    };
    match line {
        Some((rec, shown)) => html! {
            <div class="review-body drill-body">
                <div class="review-board">
                    <p class="review-line-note" id="drill-line-note">{ t!("drill.line-note", mv = played) }</p>
                    { viewer(&*rec, shown, on_ply, "drill-line") }
                </div>
                <div class="review-info">{ task }{ controls }</div>
            </div>
        },
        None => html! {
            <div class="puzzle-board drill-board" data-exercise={e.index.to_string()}>
                <LiveBoard session={drill.board.clone()} on_action={to(d, |a| AppAction::Drill(DrillAction::Board(a)))}
                    id="drill" live={drill.answering()} status={AttrValue::from(status)}
                    head={task} {controls} />
            </div>
        },
    }
}

/// After the last exercise: what became of each, counted, and the way to
/// start again.
fn summary(drill: &Drill, d: &Dispatch) -> Html {
    let [first, retried, shown] = drill.progress.tally(&drill.exercises);
    let items = drill.exercises.iter().map(|e| {
        let (mv, mark) = mark_words(e);
        let result = match drill.progress.done.get(&e.index) {
            Some(Solved::First) => t!("drill.result-first"),
            Some(Solved::Retried) => t!("drill.result-retried"),
            Some(Solved::Shown) => t!("drill.result-shown"),
            None => t!("drill.result-none"),
        };
        let class = match drill.progress.done.get(&e.index) {
            Some(Solved::First | Solved::Retried) => "drill-found",
            Some(Solved::Shown) => "drill-shown",
            None => "drill-left",
        };
        html! { <li {class}>{ t!("drill.result", mv = mv, mark = mark, result = result) }</li> }
    });
    html! {
        <div class="drill-summary" id="drill-summary" role="status">
            <h2>{ t!("drill.summary-title") }</h2>
            <ul class="drill-tally">
                <li>{ t!("drill.summary-first", count = first) }</li>
                <li>{ t!("drill.summary-retried", count = retried) }</li>
                <li>{ t!("drill.summary-shown", count = shown) }</li>
            </ul>
            <ol class="drill-results" id="drill-results">{ for items }</ol>
            <div class="lesson-controls">
                <button type="button" id="drill-prev" onclick={act(d, DrillAction::Previous)}>{ t!("drill.previous") }</button>
                <button type="button" id="drill-restart" onclick={act(d, DrillAction::Restart)}>{ t!("drill.restart") }</button>
                <button type="button" class="primary" id="drill-done" onclick={act(d, DrillAction::Close)}>{ t!("drill.back") }</button>
            </div>
        </div>
    }
}
