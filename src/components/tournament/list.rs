//! The saved tournaments: open, export, delete; create or import one.

use tiers_bracket::{MatchStatus, Tournament};
use yew::prelude::*;

use super::{btn, on, random_seed, TournamentDispatch, TournamentProps};
use crate::browser::{download, read_picked};
use crate::core::tournament::slug;
use crate::core::tournament::TournamentAction;
use crate::i18n::say;
use crate::t;

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
        return t!("tournament.finished-champion", name = champs.join("; "));
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
    t!("tournament.matches-played", played = played, total = total)
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
                        tx.tournament(TournamentAction::Notice(crate::core::text!(
                            "tournament.file-unreadable",
                            name = name,
                            why = why
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
                { for state.problems.iter().map(|p| html! { <p>{ say(p) }</p> }) }
                <div class="actions">
                    if state.damaged.is_some() {
                        { btn("", "", t!("tournament.download-damaged"), save_damaged) }
                    }
                    { btn("", "", if state.broken.is_empty() { t!("tournament.dismiss") } else { t!("tournament.remove-the-unreadable-entries") }, on(tx, TournamentAction::DropDamaged)) }
                </div>
            </div>
        }
    });
    let items = state.entries.iter().rev().map(|e| {
        let t = &e.tournament;
        let entrants: usize = t.brackets().iter().map(|b| b.entrants().len()).sum();
        let brackets = match t.brackets().len() {
            1 => t!("tournament.entrants-n", count = entrants),
            n => t!("tournament.brackets-entrants", brackets = n, count = entrants),
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
                    tx.tournament(TournamentAction::Notice(crate::core::text!("tournament.file-not-offered", e = e)));
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
                    { btn("primary", "", t!("tournament.open"), on(tx, TournamentAction::Open(e.id))) }
                    { btn("", "", t!("tournament.export"), export) }
                    { btn("", "", t!("tournament.delete"), on(tx, TournamentAction::AskDelete(e.id))) }
                </div>
            </li>
        }
    });
    let resume = state.game.as_ref().map(|g| {
        html! {
            <p class="t-resume">
                { t!("tournament.game-in-progress", name = g.title.clone()) }{ " " }
                { btn("primary", "", t!("tournament.resume-it"), on(tx, TournamentAction::Resume)) }
            </p>
        }
    });
    let new = {
        let tx = tx.clone();
        Callback::from(move |_: MouseEvent| tx.tournament(TournamentAction::New(random_seed())))
    };
    html! {
        <section class="card t-list-page" aria-labelledby="t-list-title">
            <h1 id="t-list-title">{ t!("tournament.tournaments") }</h1>
            <p class="t-intro">
                { t!("tournament.intro") }
            </p>
            { for problems }
            { for resume }
            <div class="actions">
                { btn("primary big", "new-tournament", t!("tournament.new-tournament"), new) }
                <input type="file" id="import-file" class="sr-only" accept=".json,application/json" onchange={onimport} />
                <label class="button-like" for="import-file">{ t!("tournament.import-a-file") }</label>
            </div>
            if state.entries.is_empty() {
                <p class="t-empty">{ t!("tournament.no-tournament-yet") }</p>
            } else {
                <ul class="t-items">{ for items }</ul>
            }
        </section>
    }
}
