//! The saved tournaments: open, export, delete; create or import one.

use tiers_bracket::{MatchStatus, Tournament};
use yew::prelude::*;

use super::{btn, on, random_seed, TournamentDispatch, TournamentProps};
use crate::browser::{download, read_picked};
use crate::core::tournament::slug;
use crate::core::tournament::TournamentAction;

/// "5 of 11 matches played", or the champions.
#[must_use]
pub fn progress(t: &Tournament) -> String {
    if t.is_finished() {
        let champs: Vec<String> = t
            .brackets()
            .iter()
            .filter_map(|b| {
                let c = &b.entrant(b.champion()?).name;
                Some(if t.brackets().len() > 1 {
                    format!("{}: {c}", b.name())
                } else {
                    c.clone()
                })
            })
            .collect();
        return format!("Finished. Champion: {}", champs.join("; "));
    }
    let (mut played, mut total) = (0, 0);
    for b in t.brackets() {
        for id in 0..b.structure().matches.len() {
            match b.status(id) {
                MatchStatus::Done => {
                    played += 1;
                    total += 1;
                }
                MatchStatus::NotNeeded => {}
                _ => total += 1,
            }
        }
    }
    format!("{played} of {total} matches played")
}

/// The largest tournament file read, in megabytes.
const MAX_FILE_MB: u32 = 2;

/// The list of tournaments.
#[component]
pub fn TournamentList(props: &TournamentProps) -> Html {
    let state = &props.state;
    let tx = &props.dispatch;
    let onimport = {
        let tx = tx.clone();
        Callback::from(move |e: Event| {
            if let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
                let tx = tx.clone();
                read_picked(&input, MAX_FILE_MB, move |name, text| match text {
                    Ok(text) => tx.tournament(TournamentAction::Import { name, text }),
                    Err(why) => {
                        tx.tournament(TournamentAction::Notice(format!(
                            "{name} could not be read: {why}."
                        )));
                    }
                });
            }
        })
    };
    let problems = (!state.problems.is_empty()).then(|| {
        let damaged = state.damaged.clone();
        let save_damaged = Callback::from(move |_: MouseEvent| {
            if let Some(text) = &damaged {
                let _ = download("tiers-tournaments-damaged.json", "application/json", text);
            }
        });
        html! {
            <div class="t-problems" role="alert" id="t-problems">
                { for state.problems.iter().map(|p| html! { <p>{ p.clone() }</p> }) }
                <div class="actions">
                    if state.damaged.is_some() {
                        { btn("", "", "Download the damaged data", save_damaged) }
                    }
                    { btn("", "", if state.broken.is_empty() { "Dismiss" } else { "Remove the unreadable entries" }, on(tx, TournamentAction::DropDamaged)) }
                </div>
            </div>
        }
    });
    let items = state.entries.iter().rev().map(|e| {
        let t = &e.tournament;
        let entrants: usize = t.brackets().iter().map(|b| b.entrants().len()).sum();
        let brackets = match t.brackets().len() {
            1 => format!("{entrants} entrants"),
            n => format!("{n} brackets, {entrants} entrants"),
        };
        let export = {
            let (state, tx) = (state.clone(), tx.clone());
            let id = e.id;
            Callback::from(move |_: MouseEvent| {
                let Some(t) = state.entry(id).map(|e| &e.tournament) else {
                    return;
                };
                let name = format!("{}.json", slug(t.name()));
                if let Err(e) = download(&name, "application/json", &t.to_json()) {
                    tx.tournament(TournamentAction::Notice(format!(
                        "The file could not be offered: {e}."
                    )));
                }
            })
        };
        html! {
            <li class="t-item">
                <div class="t-item-text">
                    <strong>{ t.name() }</strong>
                    <span class="t-meta">{ format!("{} · {brackets}", t.game()) }</span>
                    <span class="t-meta">{ progress(t) }</span>
                </div>
                <div class="t-item-actions">
                    { btn("primary", "", "Open", on(tx, TournamentAction::Open(e.id))) }
                    { btn("", "", "Export", export) }
                    { btn("", "", "Delete", on(tx, TournamentAction::AskDelete(e.id))) }
                </div>
            </li>
        }
    });
    let resume = state.game.as_ref().map(|g| {
        html! {
            <p class="t-resume">
                { format!("A game of {} is in progress. ", g.title) }
                { btn("primary", "", "Resume it", on(tx, TournamentAction::Resume)) }
            </p>
        }
    });
    let new = {
        let tx = tx.clone();
        Callback::from(move |_: MouseEvent| tx.tournament(TournamentAction::New(random_seed())))
    };
    html! {
        <section class="card t-list-page" aria-labelledby="t-list-title">
            <h1 id="t-list-title">{ "Tournaments" }</h1>
            <p class="t-intro">
                { "Double-elimination tournaments of checkers or Tiers, run on this device: people and computer players, \
                   one or more brackets, games played on the board or results entered by hand. \
                   Everything is kept in this browser; export a tournament to keep a copy or move it to another device." }
            </p>
            { for problems }
            { for resume }
            <div class="actions">
                { btn("primary big", "new-tournament", "New tournament", new) }
                <input type="file" id="import-file" class="sr-only" accept=".json,application/json" onchange={onimport} />
                <label class="button-like" for="import-file">{ "Import a file…" }</label>
            </div>
            if state.entries.is_empty() {
                <p class="t-empty">{ "No tournament yet." }</p>
            } else {
                <ul class="t-items">{ for items }</ul>
            }
        </section>
    }
}
