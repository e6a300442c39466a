//! A tournament match on the board: the Tiers formations first when a
//! person sets one up, then the game on the live board (people by click,
//! drag or keyboard; computer players through the AI worker), then the
//! result, which goes into the bracket by itself.

use gloo::timers::callback::Timeout;
use tiers_engine::Color;
use yew::prelude::*;

use super::{on, random_seed, TournamentDispatch, TournamentProps};
use crate::components::formation::FormationBoard;
use crate::components::live_board::LiveBoard;
use crate::components::move_list::moves_box;
use crate::components::panels::{use_confirm, Control};
use crate::core::session::{capitalise, Names, SessionAction};
use crate::core::tournament::game::{MatchGame, Stage};
use crate::core::tournament::TournamentAction;
use crate::core::Slice;
use crate::t;

fn formation(props: &TournamentProps, g: &MatchGame) -> Html {
    let tx = &props.dispatch;
    let f = &g.formation;
    let editing = f.editing;
    let names = Color::ALL.map(|c| t!("status.who", name = g.name_of(c), side = c));
    let head = html! {
        <>
            <h1 id="formation-title" class="t-match-title">{ g.title.clone() }</h1>
            <p class="t-meta">{ t!("tournament.set-up-formations", game = g.game_no, player = g.name_of(editing), editing = editing) }</p>
        </>
    };
    let back = html! {
        <button type="button" class="link" onclick={on(tx, TournamentAction::Leave)}>{ t!("tournament.back-to-the-bracket") }</button>
    };
    let to_tournament = |make: fn(()) -> TournamentAction| {
        let tx = tx.clone();
        Callback::from(move |()| tx.tournament(make(())))
    };
    let on_action = {
        let tx = tx.clone();
        Callback::from(move |a| tx.tournament(TournamentAction::Formation(a)))
    };
    html! {
        <FormationBoard setup={f.clone()} flipped={g.session.flipped} {names} {on_action}
            on_flip={to_tournament(|()| TournamentAction::Board(SessionAction::Flip))}
            on_begin={to_tournament(|()| TournamentAction::BeginTiers)} id="t-formation" {head} {back} />
    }
}

/// The match page.
#[component]
pub fn MatchBoard(props: &TournamentProps) -> Html {
    let state = &props.state;
    let tx = &props.dispatch;
    // Resigning takes a second click within a few seconds (as on the play
    // screen): a result goes into the bracket at once.
    let resign = {
        let tx = tx.clone();
        use_confirm(Callback::from(move |()| {
            tx.tournament(TournamentAction::Resign)
        }))
    };
    // Between two computers a drawn game is followed by the next one.
    {
        let tx = tx.clone();
        let drawn = state
            .game
            .as_ref()
            .is_some_and(|g| g.computers_only() && matches!(g.stage, Stage::Drawn { .. }));
        let key = state.game.as_ref().map_or(0, |g| g.game_no);
        use_effect_with((drawn, key), move |&(drawn, _)| {
            let timer = drawn.then(|| {
                Timeout::new(1500, move || {
                    tx.tournament(TournamentAction::NextGame(random_seed()))
                })
            });
            move || drop(timer)
        });
    }
    let Some(g) = state.game.as_ref() else {
        return html! {
            <section class="card">
                <p>{ t!("tournament.no-match-is-being") }</p>
                <button type="button" onclick={on(tx, TournamentAction::ShowList)}>{ t!("tournament.tournaments-2") }</button>
            </section>
        };
    };
    if g.stage == Stage::Formation && g.session.game.is_none() {
        return formation(props, g);
    }
    let session = Slice::new(g.session.clone());
    let on_action = {
        let tx = tx.clone();
        Callback::from(move |a| tx.tournament(TournamentAction::Board(a)))
    };
    let names = Names(Some(Color::ALL.map(|c| g.name_of(c).to_string())));
    let status = match &g.stage {
        _ if g.session.view_ply.is_some() => None,
        Stage::Won { slot, reason } => Some(t!(
            "tournament.wins-match",
            player = g.names[*slot].clone(),
            number = g.id + 1,
            reason = capitalise(reason)
        )),
        Stage::Drawn { reason } => Some(t!(
            "tournament.game-drawn",
            game = g.game_no,
            reason = reason,
            next = g.game_no + 1
        )),
        _ => None,
    };
    let mut meta = t!("tournament.game-n", number = g.game_no);
    if g.draws > 0 {
        meta.push(' ');
        meta.push_str(&t!("tournament.drawn-before", count = g.draws));
    }
    if let Some(b) = g.ballot {
        meta.push(' ');
        meta.push_str(&t!(
            "tournament.ballot",
            number = b.number,
            moves = b.moves.to_string()
        ));
    }
    let playing = g.stage == Stage::Playing;
    let people = !g.computers_only();
    let won = matches!(g.stage, Stage::Won { .. });
    let act = |a: TournamentAction| {
        let tx = tx.clone();
        Callback::from(move |()| tx.tournament(a.clone()))
    };
    let head = html! {
        <>
            <h1 id="t-match-title" class="t-match-title">{ g.title.clone() }</h1>
            <p class="t-meta" id="t-match-meta">{ meta }</p>
        </>
    };
    let controls = html! {
        <>
            if won {
                <div class="t-over" id="t-match-over">
                    <button type="button" class="primary big" id="back-to-bracket" onclick={on(tx, TournamentAction::Leave)}>{ t!("tournament.back-to-the-bracket") }</button>
                </div>
            }
            if let (Stage::Drawn { .. }, true) = (&g.stage, people) {
                <div class="t-over">
                    <button type="button" class="primary big" id="next-game"
                        onclick={{ let tx = tx.clone(); Callback::from(move |_: MouseEvent| tx.tournament(TournamentAction::NextGame(random_seed()))) }}>
                        { t!("tournament.start-game", number = g.game_no + 1) }
                    </button>
                </div>
            }
            <div class="controls">
                <Control id="t-flip" icon="⇅" label={t!("tournament.flip")} on_click={act(TournamentAction::Board(SessionAction::Flip))} />
                if g.people_only() {
                    <Control id="t-offer-draw" icon="½" label={t!("tournament.offer-draw")} on_click={act(TournamentAction::Board(SessionAction::OfferDraw))}
                        disabled={!playing || g.session.draw_offer.is_some()} />
                }
                if people {
                    <Control id="t-resign" icon="⚑" label={if resign.armed { t!("tournament.sure-resign") } else { t!("tournament.resign") }}
                        on_click={resign.on_click.clone()} disabled={!playing} />
                } else {
                    <Control id="t-fast" icon="»" label={if g.fast { t!("tournament.normal-pace") } else { t!("tournament.finish-quickly") }}
                        on_click={act(TournamentAction::Fast(!g.fast))} disabled={won} />
                }
                <Control id="t-leave" icon="←" label={t!("tournament.bracket")} on_click={act(TournamentAction::Leave)} />
                if !won {
                    <Control id="t-abandon" icon="✕" label={t!("tournament.abandon-game")} on_click={act(TournamentAction::Abandon)} />
                }
            </div>
        </>
    };
    html! {
        <section class="play t-match-page" aria-labelledby="t-match-title">
            <LiveBoard session={session.clone()} on_action={on_action.clone()} id="t-play" {names} strips=true
                status={status.map(AttrValue::from)} live={playing} {head} {controls}>
                { moves_box(&session, &on_action) }
            </LiveBoard>
        </section>
    }
}
