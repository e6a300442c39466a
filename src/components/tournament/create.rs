//! The "new tournament" form.

use tiers_bracket::GameChoice;
use tiers_engine::search::Level;
use yew::prelude::*;

use super::{on, random_seed, TournamentDispatch, TournamentProps};
use crate::components::Dispatch;
use crate::core::clock::{TimeControl, PRESETS};
use crate::core::session::capitalise;
use crate::core::tournament::draft::DraftAction;
use crate::core::tournament::TournamentAction;
use crate::t;

fn input_value(e: &InputEvent) -> Option<String> {
    e.target_dyn_into::<web_sys::HtmlInputElement>()
        .map(|i| i.value())
}

fn text_input(
    tx: &Dispatch,
    make: impl Fn(String) -> DraftAction + 'static,
) -> Callback<InputEvent> {
    let tx = tx.clone();
    Callback::from(move |e: InputEvent| {
        if let Some(v) = input_value(&e) {
            tx.tournament(TournamentAction::Draft(make(v)));
        }
    })
}

/// The form.
#[component]
pub fn CreateForm(props: &TournamentProps) -> Html {
    let state = &props.state;
    let tx = &props.dispatch;
    let d = &state.draft;
    let act = |a: DraftAction| on(tx, TournamentAction::Draft(a));
    let game_button = |g: GameChoice| {
        let active = d.game == g;
        html! {
            <button type="button" class={classes!("seg", active.then_some("active"))}
                aria-pressed={active.to_string()} onclick={act(DraftAction::Game(g))}>{ match g { GameChoice::Checkers => t!("game.checkers"), GameChoice::Tiers => t!("game.tiers") } }</button>
        }
    };
    let brackets = d.brackets.iter().enumerate().map(|(i, b)| {
        let rows = b.entrants.iter().enumerate().map(|(j, e)| {
            let field = match e.level {
                None => html! {
                    <input type="text" class="t-name" maxlength="60" value={e.name.clone()}
                        id={format!("entrant-{i}-{j}")}
                        aria-label={t!("tournament.entrant-name", number = j + 1)} placeholder={t!("tournament.name")}
                        oninput={text_input(tx, move |v| DraftAction::EntrantName(i, j, v))} />
                },
                Some(level) => {
                    let tx = tx.clone();
                    let onchange = Callback::from(move |e: Event| {
                        if let Some(sel) = e.target_dyn_into::<web_sys::HtmlSelectElement>() {
                            if let Some(l) = sel.value().parse().ok().and_then(Level::playing) {
                                tx.tournament(TournamentAction::Draft(DraftAction::EntrantLevel(i, j, l)));
                            }
                        }
                    });
                    html! {
                        <span class="t-computer">
                            <span>{ t!("tournament.computer") }{ " " }</span>
                            <select aria-label={t!("tournament.entrant-level", number = j + 1)} {onchange}>
                                { for Level::all().map(|l| html! {
                                    <option value={l.number().to_string()} selected={l == level}>{ t!("tournament.level", level = l.number()) }</option>
                                }) }
                            </select>
                        </span>
                    }
                }
            };
            html! {
                <li class="t-entrant">
                    <span class="t-seed" aria-hidden="true">{ j + 1 }</span>
                    { field }
                    <button type="button" class="icon-button" aria-label={t!("tournament.entrant-up", number = j + 1)}
                        disabled={j == 0} onclick={act(DraftAction::MoveUp(i, j))}>{ "↑" }</button>
                    <button type="button" class="icon-button" aria-label={t!("tournament.entrant-remove", number = j + 1)}
                        onclick={act(DraftAction::RemoveEntrant(i, j))}>{ "✕" }</button>
                </li>
            }
        });
        let reseed = {
            let tx = tx.clone();
            Callback::from(move |_: MouseEvent| {
                tx.tournament(TournamentAction::Draft(DraftAction::Reseed(i, random_seed() % 1_000_000)));
            })
        };
        let seed_input = {
            let tx = tx.clone();
            Callback::from(move |e: InputEvent| {
                if let Some(Ok(seed)) = input_value(&e).map(|v| v.trim().parse::<u64>()) {
                    tx.tournament(TournamentAction::Draft(DraftAction::Reseed(i, seed)));
                }
            })
        };
        html! {
            <fieldset class="t-bracket-form">
                <legend>{ t!("tournament.bracket-n", number = i + 1) }</legend>
                <label class="t-field">
                    <span>{ t!("tournament.bracket-name") }</span>
                    <input type="text" maxlength="60" value={b.name.clone()} id={format!("bracket-name-{i}")}
                        oninput={text_input(tx, move |v| DraftAction::BracketName(i, v))} />
                </label>
                <p class="t-sub">{ t!("tournament.entrants", count = b.entrants.len()) }</p>
                <ol class="t-entrants">{ for rows }</ol>
                <div class="actions tight">
                    <button type="button" id={format!("add-person-{i}")} onclick={act(DraftAction::AddPerson(i))}>{ t!("tournament.person") }</button>
                    <button type="button" id={format!("add-computer-{i}")} onclick={act(DraftAction::AddComputer(i, Level::clamped(3)))}>{ t!("tournament.computer-2") }</button>
                    if d.brackets.len() > 1 {
                        <button type="button" class="link" onclick={act(DraftAction::RemoveBracket(i))}>{ t!("tournament.remove-this-bracket") }</button>
                    }
                </div>
                <div class="t-seeding">
                    <span class="segmented" role="group" aria-label={t!("tournament.seeding")}>
                        <button type="button" class={classes!("seg", (!b.shuffle).then_some("active"))}
                            aria-pressed={(!b.shuffle).to_string()} onclick={act(DraftAction::Shuffle(i, false))}>{ t!("tournament.seeded-as-entered") }</button>
                        <button type="button" class={classes!("seg", b.shuffle.then_some("active"))}
                            aria-pressed={b.shuffle.to_string()} id={format!("shuffle-{i}")}
                            onclick={act(DraftAction::Shuffle(i, true))}>{ t!("tournament.shuffled") }</button>
                    </span>
                    if b.shuffle {
                        <label class="t-field inline">
                            <span>{ t!("tournament.shuffle-seed") }</span>
                            <input type="text" inputmode="numeric" class="t-seed-input" value={b.seed.to_string()}
                                id={format!("seed-{i}")} oninput={seed_input} />
                        </label>
                        <button type="button" onclick={reseed}>{ t!("tournament.new-seed") }</button>
                    }
                </div>
            </fieldset>
        }
    });
    let add_bracket = {
        let tx = tx.clone();
        Callback::from(move |_: MouseEvent| {
            tx.tournament(TournamentAction::Draft(DraftAction::AddBracket(
                random_seed() % 1_000_000,
            )));
        })
    };
    let toggle_ballots = {
        let tx = tx.clone();
        let want = !d.ballots;
        Callback::from(move |_: Event| {
            tx.tournament(TournamentAction::Draft(DraftAction::Ballots(want)))
        })
    };
    let on_clock = {
        let tx = tx.clone();
        Callback::from(move |e: Event| {
            if let Some(sel) = e.target_dyn_into::<web_sys::HtmlSelectElement>() {
                let clock = TimeControl::parse(&sel.value());
                tx.tournament(TournamentAction::Draft(DraftAction::Clock(clock)));
            }
        })
    };
    let clock_option = |c: Option<TimeControl>| {
        let value = c.map_or_else(|| "none".to_string(), TimeControl::name);
        let label = c.map_or_else(|| t!("tournament.no-clock"), TimeControl::name);
        html! { <option value={value} selected={d.clock == c}>{ label }</option> }
    };
    let onsubmit = {
        let tx = tx.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            tx.tournament(TournamentAction::Create);
        })
    };
    html! {
        <form class="card t-create" aria-labelledby="t-create-title" {onsubmit}>
            <h1 id="t-create-title">{ t!("tournament.new-tournament") }</h1>
            <label class="t-field">
                <span>{ t!("tournament.name") }</span>
                <input type="text" id="t-name" maxlength="60" placeholder={t!("tournament.e-g-troop-club")}
                    value={d.name.clone()} oninput={text_input(tx, DraftAction::Name)} />
            </label>
            <div class="t-field">
                <span>{ t!("tournament.game") }</span>
                <span class="segmented" role="group" aria-label={t!("tournament.game")}>
                    { game_button(GameChoice::Checkers) }
                    { game_button(GameChoice::Tiers) }
                </span>
            </div>
            if d.game == GameChoice::Checkers {
                <label class="t-check">
                    <input type="checkbox" checked={d.ballots} id="t-ballots"
                        onchange={toggle_ballots} />
                    { t!("tournament.start-every-game-from") }
                </label>
            } else {
                <p class="t-sub">{ t!("tournament.tiers-games-start-with") }</p>
            }
            <label class="t-field">
                <span>{ t!("tournament.clock") }</span>
                <select id="t-clock" onchange={on_clock}>
                    { clock_option(None) }
                    { for PRESETS.iter().map(|&c| clock_option(Some(c))) }
                </select>
                <span class="t-sub">{ t!("tournament.minutes-seconds-added-per") }</span>
            </label>
            { for brackets }
            <div class="actions">
                <button type="button" onclick={add_bracket} id="add-bracket">{ t!("tournament.add-a-bracket") }</button>
            </div>
            if let Some(e) = &d.error {
                <p class="t-error" role="alert" id="t-create-error">{ capitalise(&crate::i18n::say(e)) }</p>
            }
            <div class="actions">
                <button type="submit" class="primary big" id="create-tournament">{ t!("tournament.create-the-tournament") }</button>
                <button type="button" class="link" onclick={on(tx, TournamentAction::ShowList)}>{ t!("tournament.cancel") }</button>
            </div>
        </form>
    }
}
