//! The analysis board's engine panel, below the board: the engine's best
//! lines (1 to 5, deepening until stopped), each with its score, depth and
//! moves (a move clicked plays the line up to it into the tree); every
//! legal move's score (a list, best first; a move clicked is played); the
//! threat (the opponent's best move were it their turn, drawn on the board
//! as an arrow).

use tiers_engine::search::{format_score, PvLine, EGDB_BOUND, EGDB_WIN, MATE, MATE_BOUND};
use tiers_engine::Color;
use yew::prelude::*;

use crate::components::Dispatch;
use crate::core::analysis::Spot;
use crate::core::analysis_board::engine::{move_squares, Found, MAX_LINES};
use crate::core::analysis_board::{AnalysisAction, AnalysisBoard};
use crate::core::AppAction;
use crate::t;

/// A score in words: men ahead (`+0.25`), a win or loss found by the
/// search or the endgame database in so many plies, a database draw.
#[must_use]
pub fn score_text(line: &PvLine) -> String {
    let s = line.score;
    if s > MATE_BOUND {
        t!("analysis.score-win", count = MATE - s)
    } else if s < -MATE_BOUND {
        t!("analysis.score-loss", count = MATE + s)
    } else if s > EGDB_BOUND {
        t!("analysis.score-db-win", count = EGDB_WIN - s)
    } else if s < -EGDB_BOUND {
        t!("analysis.score-db-loss", count = EGDB_WIN + s)
    } else if line.db && s == 0 {
        t!("analysis.score-db-draw")
    } else {
        format_score(s)
    }
}

/// The threat to draw on the board: the squares of the opponent's best
/// move after a pass, if it was found for the position shown.
#[must_use]
pub fn threat_arrows(b: &AnalysisBoard) -> Vec<Vec<u8>> {
    if !b.engine.threat {
        return Vec::new();
    }
    let Some(passed) = b.passed() else {
        return Vec::new();
    };
    b.engine
        .threats
        .about(&passed)
        .and_then(|f| f.lines.first())
        .and_then(|l| l.pv.first())
        .and_then(|mv| move_squares(&passed, mv))
        .map(|squares| vec![squares])
        .unwrap_or_default()
}

fn send(d: &Dispatch, a: AnalysisAction) -> Callback<MouseEvent> {
    let d = d.clone();
    Callback::from(move |_: MouseEvent| d.dispatch(AppAction::Analysis(a.clone())))
}

/// A toggle button: pressed or not.
fn toggle(id: &str, on: bool, label: String, onclick: Callback<MouseEvent>) -> Html {
    html! {
        <button type="button" id={id.to_string()} class={classes!("toggle", on.then_some("active"))}
            aria-pressed={if on { "true" } else { "false" }} {onclick}>{ label }</button>
    }
}

/// The moves of a line, each a button playing the line up to it.
fn line_moves(d: &Dispatch, id: &str, pv: &[String]) -> Html {
    let moves = pv.iter().enumerate().map(|(i, mv)| {
        let upto: Vec<String> = pv[..=i].to_vec();
        html! {
            <button type="button" class="line-move" id={format!("{id}-{i}")}
                title={t!("analysis.play-line-to", mv = mv.clone())}
                onclick={send(d, AnalysisAction::PlayLine(upto))}>{ mv.clone() }</button>
        }
    });
    html! { <span class="line-moves">{ for moves }</span> }
}

/// The panel.
pub fn engine_panel(b: &AnalysisBoard, d: &Dispatch, here: &Spot, side: Color, over: bool) -> Html {
    let e = &b.engine;
    let on_count = {
        let d = d.clone();
        Callback::from(move |ev: Event| {
            let n = ev
                .target_dyn_into::<web_sys::HtmlSelectElement>()
                .and_then(|s| s.value().parse().ok())
                .unwrap_or(3);
            d.dispatch(AppAction::Analysis(AnalysisAction::Lines(n)));
        })
    };
    let counts = (1..=MAX_LINES).map(|n| {
        html! { <option value={n.to_string()} selected={n == e.count}>{ n }</option> }
    });
    let lines = e.lines.about(here);
    let status = if over {
        t!("analysis.engine-over")
    } else if !e.on {
        match lines.filter(|f| f.error.is_none()) {
            Some(f) => t!("analysis.engine-stopped", depth = f.depth, count = f.nodes),
            None => t!("analysis.engine-off"),
        }
    } else {
        match lines {
            Some(f) if f.error.is_some() => {
                f.error.as_ref().map(crate::i18n::say).unwrap_or_default()
            }
            Some(f) => t!("analysis.engine-depth", depth = f.depth, count = f.nodes),
            None => t!("analysis.engine-thinking"),
        }
    };
    let rows = lines.filter(|_| !over).map(|f| {
        let rows = f.lines.iter().enumerate().map(|(i, line)| {
            html! {
                <li class="engine-line" id={format!("analysis-line-{i}")}>
                    <span class="line-score">{ score_text(line) }</span>
                    <span class="line-depth">{ t!("analysis.depth-short", depth = f.depth) }</span>
                    { line_moves(d, &format!("analysis-line-{i}-move"), &line.pv) }
                </li>
            }
        });
        html! {
            <ol class="engine-lines" id="analysis-lines" aria-label={t!("analysis.lines-for", side = side)}>
                { for rows }
            </ol>
        }
    });
    html! {
        <section class="engine-box" id="analysis-engine" aria-labelledby="analysis-engine-title">
            <div class="engine-head">
                <h2 id="analysis-engine-title">{ t!("analysis.engine") }</h2>
                // Its words say what it does (start / stop): not a toggle.
                <button type="button" id="analysis-engine-toggle" class={classes!("toggle", e.on.then_some("active"))}
                    onclick={send(d, AnalysisAction::Engine(!e.on))}>
                    { if e.on { t!("analysis.engine-stop") } else { t!("analysis.engine-start") } }
                </button>
                <label class="engine-count">
                    { t!("analysis.lines") }
                    <select id="analysis-line-count" onchange={on_count}>{ for counts }</select>
                </label>
            </div>
            <p class="engine-status" id="analysis-engine-status" aria-live="polite">{ status }</p>
            { for rows }
            <div class="actions tight">
                { toggle("analysis-all-toggle", e.all, t!("analysis.all-scores"), send(d, AnalysisAction::AllScores(!e.all))) }
                { toggle("analysis-threat-toggle", e.threat, t!("analysis.threat"), send(d, AnalysisAction::Threat(!e.threat))) }
            </div>
            if e.all && !over {
                { all_scores(d, e.scores.about(here), side) }
            }
            if e.threat && !over {
                { threat(b, side) }
            }
        </section>
    }
}

/// Every legal move with its score, best first.
fn all_scores(d: &Dispatch, found: Option<&Found>, side: Color) -> Html {
    let Some(f) = found.filter(|f| f.done || f.error.is_some()) else {
        return html! { <p class="engine-status" id="analysis-scores-status" aria-live="polite">{ t!("analysis.all-scores-thinking") }</p> };
    };
    if let Some(why) = &f.error {
        return html! { <p class="message" id="analysis-scores-status" role="status">{ crate::i18n::say(why) }</p> };
    }
    let rows = f.lines.iter().enumerate().map(|(i, line)| {
        let mv = line.pv.first().cloned().unwrap_or_default();
        html! {
            <li>
                <button type="button" class="score-move" id={format!("analysis-score-{i}")}
                    onclick={send(d, AnalysisAction::PlayLine(vec![mv.clone()]))}>
                    <span class="score-mv">{ mv }</span>
                    <span class="line-score">{ score_text(line) }</span>
                </button>
            </li>
        }
    });
    html! {
        <div class="all-scores" id="analysis-scores">
            <h3>{ t!("analysis.all-scores-title", side = side, depth = f.depth) }</h3>
            <ol class="score-list">{ for rows }</ol>
        </div>
    }
}

/// The threat in words (the arrow is on the board).
fn threat(b: &AnalysisBoard, side: Color) -> Html {
    let them = side.opposite();
    let Some(passed) = b.passed() else {
        return html! { <p class="hint" id="analysis-threat">{ t!("analysis.threat-none") }</p> };
    };
    let found = b
        .engine
        .threats
        .about(&passed)
        .filter(|f| f.done || f.error.is_some());
    let text = match found.and_then(|f| f.lines.first()) {
        Some(line) => t!(
            "analysis.threat-is",
            mv = line
                .pv
                .iter()
                .take(3)
                .cloned()
                .collect::<Vec<_>>()
                .join(" "),
            score = score_text(line),
            side = them
        ),
        None => t!("analysis.threat-thinking"),
    };
    html! { <p class="threat" id="analysis-threat" aria-live="polite">{ text }</p> }
}
