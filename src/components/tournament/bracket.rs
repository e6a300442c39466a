//! One bracket of a tournament: the picture, the matches to play, the
//! standings and the results.

use tiers_bracket::{svg, Bracket, GameChoice, MatchStatus, Seeding, Stage, Tournament};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::{on, random_seed, TournamentDispatch, TournamentProps};
use crate::browser::download;
use crate::core::tournament::slug;
use crate::core::tournament::TournamentAction;
use crate::t;

/// "Winners' round 2", "Losers' round 3", "Grand final".
#[must_use]
pub fn round_name(stage: Stage) -> String {
    match stage {
        Stage::Winners { round, .. } => t!("tournament.winners-round", round = round),
        Stage::Losers { round, .. } => t!("tournament.losers-round", round = round),
        Stage::GrandFinal => t!("tournament.grand-final"),
        Stage::GrandFinalReset => t!("tournament.grand-final-reset"),
    }
}

/// "Ann v Computer (level 3)".
#[must_use]
pub fn pairing(b: &Bracket, id: usize) -> String {
    let spec = &b.structure().matches[id];
    let p = b.players(id);
    let side = |k: usize| match p[k] {
        Some(s) => b.entrant(s).name.clone(),
        None => b.slot_hint(spec.slots[k]),
    };
    format!("{} v {}", side(0), side(1))
}

fn title(t: &Tournament, b: &Bracket) -> String {
    if t.brackets().len() > 1 {
        format!("{} — {}", t.name(), b.name())
    } else {
        t.name().to_string()
    }
}

fn standings_table(b: &Bracket) -> Html {
    let rows = b.ranked();
    let body = rows.iter().map(|s| {
        let status = match (s.place, s.losses) {
            (Some(p), _) if p.from == 1 => t!("tournament.champion"),
            (Some(p), _) => t!("tournament.out", place = p.to_string()),
            (None, 0) => t!("tournament.unbeaten"),
            (None, _) => t!("tournament.one-loss"),
        };
        let place = s.place.map_or_else(|| "–".to_string(), |p| p.to_string());
        html! {
            <tr>
                <td>{ place }</td>
                <td>{ b.entrant(s.seed).name.clone() }</td>
                <td class="num">{ s.seed + 1 }</td>
                <td class="num">{ format!("{}–{}", s.wins, s.losses) }</td>
                <td>{ status }</td>
            </tr>
        }
    });
    html! {
        <table class="t-standings" id="standings">
            <thead><tr><th>{ t!("tournament.place") }</th><th>{ t!("tournament.player") }</th><th class="num">{ t!("tournament.seed") }</th><th class="num">{ t!("tournament.won-lost") }</th><th>{ t!("tournament.status") }</th></tr></thead>
            <tbody>{ for body }</tbody>
        </table>
    }
}

/// The bracket page.
#[component]
pub fn BracketPage(props: &TournamentProps) -> Html {
    let state = &props.state;
    let tx = &props.dispatch;
    let Some((_, t, bi)) = state.shown() else {
        return html! { <p class="card">{ t!("tournament.this-tournament-no-longer") }</p> };
    };
    let b = t.bracket(bi);
    let title = title(t, b);
    let picture = svg::render_for_page(b, &title);
    let onclick_svg = {
        let tx = tx.clone();
        Callback::from(move |e: MouseEvent| {
            let target = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok());
            let id = target
                .and_then(|el| el.closest("[data-match]").ok().flatten())
                .and_then(|g| g.get_attribute("data-match"))
                .and_then(|v| v.parse::<usize>().ok());
            if let Some(id) = id {
                tx.tournament(TournamentAction::OpenResult(bi, id));
            }
        })
    };
    let tabs = (t.brackets().len() > 1).then(|| {
        html! {
            <div class="t-tabs no-print" role="tablist" aria-label={t!("tournament.brackets")}>
                { for t.brackets().iter().enumerate().map(|(i, x)| html! {
                    <button type="button" role="tab" aria-selected={(i == bi).to_string()}
                        class={classes!("t-tab", (i == bi).then_some("active"))}
                        onclick={on(tx, TournamentAction::ShowBracket(i))}>{ x.name() }</button>
                }) }
            </div>
        }
    });
    let ready = b.ready_matches();
    let in_progress = state
        .game
        .as_ref()
        .filter(|g| state.shown().is_some_and(|(id, _, _)| id == g.tournament));
    let ready_list = ready.iter().map(|&id| {
        let stage = b.structure().matches[id].stage;
        let playing = in_progress.is_some_and(|g| g.bracket == bi && g.id == id);
        let play = {
            let tx = tx.clone();
            Callback::from(move |_: MouseEvent| tx.tournament(TournamentAction::Play(bi, id, random_seed())))
        };
        html! {
            <li class="t-match" id={format!("ready-{}", id + 1)}>
                <div class="t-match-text">
                    <strong>{ t!("tournament.match-n", number = id + 1) }</strong>
                    <span class="t-meta">{ round_name(stage) }</span>
                    <span>{ pairing(b, id) }</span>
                </div>
                <div class="t-item-actions">
                    <button type="button" class="primary" onclick={play}>
                        { if playing { t!("tournament.resume-the-game") } else { t!("tournament.play-on-the-board") } }
                    </button>
                    <button type="button" onclick={on(tx, TournamentAction::OpenResult(bi, id))}>{ t!("tournament.enter-result") }</button>
                </div>
            </li>
        }
    });
    let results = (0..b.structure().matches.len())
        .filter(|&id| b.status(id) == MatchStatus::Done)
        .map(|id| {
            let r = b.result(id).expect("done matches have a result");
            let text = t!(
                "tournament.result-beat",
                winner = b.entrant(r.winner).name.clone(),
                loser = b.entrant(r.loser).name.clone()
            );
            let record = r.record.clone();
            let fname = format!("{}-match-{}.pdn", slug(t.name()), id + 1);
            let games = (!record.is_empty()).then(|| {
                let tx = tx.clone();
                let cb = Callback::from(move |_: MouseEvent| {
                    if let Err(e) = download(&fname, "text/plain", &record) {
                        tx.tournament(TournamentAction::Notice(crate::core::text!("tournament.file-not-offered", e = e)));
                    }
                });
                html! { <button type="button" class="link" onclick={cb}>{ t!("tournament.games-pdn") }</button> }
            });
            html! {
                <li class="t-result" id={format!("result-{}", id + 1)}>
                    <span class="t-num">{ id + 1 }</span>
                    <span class="t-result-text">
                        <span>{ text }</span>
                        if !r.score.is_empty() { <span class="t-meta">{ r.score.clone() }</span> }
                    </span>
                    { for games }
                    <button type="button" onclick={on(tx, TournamentAction::OpenResult(bi, id))}>{ t!("tournament.correct") }</button>
                </li>
            }
        })
        .collect::<Vec<Html>>();
    let champion = b.champion().map(|c| b.entrant(c).name.clone());
    // The files are made when asked for, not at every redraw.
    let export = {
        let (state, tx) = (state.clone(), tx.clone());
        Callback::from(move |_: MouseEvent| {
            let Some((_, t, _)) = state.shown() else {
                return;
            };
            let name = format!("{}.json", slug(t.name()));
            if let Err(e) = download(&name, "application/json", &t.to_json()) {
                tx.tournament(TournamentAction::Notice(crate::core::text!(
                    "tournament.file-not-offered",
                    e = e
                )));
            }
        })
    };
    let picture_file = {
        let (state, tx) = (state.clone(), tx.clone());
        let title = title.clone();
        Callback::from(move |_: MouseEvent| {
            let Some((_, t, bi)) = state.shown() else {
                return;
            };
            let name = format!("{}.svg", slug(&title));
            if let Err(e) = download(&name, "image/svg+xml", &svg::render(t.bracket(bi), &title)) {
                tx.tournament(TournamentAction::Notice(crate::core::text!(
                    "tournament.file-not-offered",
                    e = e
                )));
            }
        })
    };
    let print = Callback::from(|_: MouseEvent| {
        if let Some(w) = web_sys::window() {
            let _ = w.print();
        }
    });
    let meta = {
        let mut parts = vec![match t.game() {
            GameChoice::Checkers => t!("game.checkers"),
            GameChoice::Tiers => t!("game.tiers"),
        }];
        if let Some(seed) = t.ballot_seed() {
            parts.push(t!("tournament.ballot-openings", seed = seed.to_string()));
        }
        parts.push(t!("tournament.entrants-n", count = b.entrants().len()));
        parts.push(match b.seeding() {
            Seeding::AsEntered => t!("tournament.seeded-as-entered-meta"),
            Seeding::Shuffled(seed) => t!("tournament.shuffled-meta", seed = seed.to_string()),
        });
        parts.join(" · ")
    };
    html! {
        <section class="t-bracket-page" aria-labelledby="t-title">
            <header class="t-head">
                <h1 id="t-title">{ t.name() }</h1>
                <p class="t-meta">{ meta }</p>
                { for tabs }
            </header>
            if let Some(c) = champion {
                <p class="t-champion" id="champion">{ t!("tournament.champion-of", bracket = b.name(), c = c) }</p>
            }
            if let Some(g) = in_progress {
                <p class="t-resume no-print">
                    { t!("tournament.match-on-board", number = g.id + 1) }{ " " }
                    <button type="button" class="primary" onclick={on(tx, TournamentAction::Resume)}>{ t!("tournament.resume-it") }</button>
                </p>
            }
            <div class="t-toolbar no-print">
                <span class="segmented" role="group" aria-label={t!("tournament.picture-size")}>
                    <button type="button" class={classes!("seg", state.fit.then_some("active"))} aria-pressed={state.fit.to_string()}
                        onclick={on(tx, TournamentAction::Fit(true))} id="fit">{ t!("tournament.fit-to-screen") }</button>
                    <button type="button" class={classes!("seg", (!state.fit).then_some("active"))} aria-pressed={(!state.fit).to_string()}
                        onclick={on(tx, TournamentAction::Fit(false))}>{ t!("tournament.actual-size") }</button>
                </span>
                <button type="button" onclick={print}>{ t!("tournament.print") }</button>
                <button type="button" onclick={export} id="export">{ t!("tournament.export-file") }</button>
                <button type="button" onclick={picture_file}>{ t!("tournament.download-picture") }</button>
                <button type="button" class="link" onclick={on(tx, TournamentAction::ShowList)}>{ t!("tournament.all-tournaments") }</button>
            </div>
            <div class={classes!("bracket-scroll", state.fit.then_some("fit"))} id="bracket" onclick={onclick_svg}
                tabindex="0" aria-label={t!("tournament.bracket-picture-scrolls-sideways")}>
                { Html::from_html_unchecked(AttrValue::from(picture)) }
            </div>
            <div class="t-columns">
                <section class="t-panel no-print" aria-labelledby="t-ready-title">
                    <h2 id="t-ready-title">{ t!("tournament.matches-to-play") }</h2>
                    if ready.is_empty() {
                        <p class="t-meta">{ if b.is_finished() { t!("tournament.all-matches-are-played") } else { t!("tournament.none-right-now") } }</p>
                    } else {
                        <ul class="t-matches">{ for ready_list }</ul>
                    }
                </section>
                <section class="t-panel" aria-labelledby="t-standings-title">
                    <h2 id="t-standings-title">{ t!("tournament.standings") }</h2>
                    { standings_table(b) }
                </section>
            </div>
            <section class="t-panel no-print" aria-labelledby="t-results-title">
                <h2 id="t-results-title">{ t!("tournament.results") }</h2>
                if results.is_empty() {
                    <p class="t-meta">{ t!("tournament.no-result-yet") }</p>
                } else {
                    <ul class="t-results">{ for results }</ul>
                }
            </section>
        </section>
    }
}
