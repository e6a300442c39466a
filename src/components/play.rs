//! The play screen: the live board with the players, the game's controls,
//! the moves, the export tools and the game-over dialog.

use yew::prelude::*;

use crate::components::bylink::ByLinkPanel;
use crate::components::coach::CoachPanel;
use crate::components::game_over::GameOver;
use crate::components::game_tools::GameTools;
use crate::components::live::LivePanel;
use crate::components::live_board::{game_title, LiveBoard};
use crate::components::move_list::moves_box;
use crate::components::panels::{use_confirm, Control};
use crate::components::{to, Dispatch};
use crate::core::coach::Coach;
use crate::core::live::play::{LinkState, LivePlay};
use crate::core::nav::{NavAction, Screen};
use crate::core::review::ReviewFrom;
use crate::core::session::{Opponent, Session, SessionAction};
use crate::core::{AppAction, Slice};
use crate::t;

/// Props of [`Play`].
#[derive(Properties, PartialEq, Clone)]
pub struct PlayProps {
    /// The game.
    pub session: Slice<Session>,
    /// The evaluation bar and hints.
    pub coach: Slice<Coach>,
    /// A live game with a friend on another device.
    #[prop_or_default]
    pub live: Slice<LivePlay>,
    /// Dispatches actions.
    pub dispatch: Dispatch,
}

/// The play screen.
#[component]
pub fn Play(props: &PlayProps) -> Html {
    let s = &props.session;
    let d = &props.dispatch;
    // Resigning takes a second click within a few seconds.
    let resign = use_confirm(to(d, |()| AppAction::Game(SessionAction::Resign)));
    let Some(game) = s.record() else {
        return html! { <p class="card">{ t!("play.no-game") }</p> };
    };
    let on_action = to(d, AppAction::Game);
    let act = |a: SessionAction| on_action.reform(move |()| a.clone());
    let new_game = to(d, |()| AppAction::Nav(NavAction::Show(Screen::NewGame)));
    let outcome = game.outcome();
    let vs_computer = matches!(s.opponent, Opponent::Computer { .. });
    // The hint's squares, tinted on the board.
    let marks = props
        .coach
        .hint_move(s)
        .map(|m| m.squares)
        .unwrap_or_default();
    // Live: the channel carries the moves, offers and resignation (at any
    // time); by link only once it is lost.
    let live = props.live.of(s.meta.id).filter(|_| s.meta.bylink.is_some());
    let connected = live.is_some() && props.live.link == LinkState::Connected;
    // By link, the other device's turn: nothing to do here but send the link.
    let waiting = !connected
        && s.meta
            .bylink
            .as_ref()
            .is_some_and(|b| s.side_to_move() != Some(b.me));
    let controls = html! {
        <div class="controls">
            <Control id="undo" icon="↶" label={if vs_computer { t!("play.take-back") } else { t!("play.undo") }} on_click={act(SessionAction::Undo)} disabled={!s.can_undo()} />
            <Control id="redo" icon="↷" label={t!("play.redo")} on_click={act(SessionAction::Redo)} disabled={!s.can_redo()} />
            <Control id="flip" icon="⇅" label={t!("play.flip")} on_click={act(SessionAction::Flip)} />
            if !vs_computer && s.meta.bylink.is_none() {
                <Control id="offer-draw" icon="½" label={t!("play.offer-draw")} on_click={act(SessionAction::OfferDraw)} disabled={outcome.is_some() || s.draw_offer.is_some()} />
            }
            <Control id="resign" icon="⚑" label={if resign.armed { t!("play.resign-sure") } else { t!("play.resign") }}
                on_click={resign.on_click.clone()} disabled={outcome.is_some() || waiting} />
            <Control id="new-game" icon="+" label={t!("nav.new-game")} on_click={new_game.clone()} />
        </div>
    };
    html! {
        <section class="play" aria-label={format!("{} game", game_title(game.kind()))}>
            <LiveBoard session={s.clone()} on_action={on_action.clone()} id="play" strips=true {controls} {marks}
                arrows={props.coach.line_arrows(s)}>
                if live.is_some() {
                    <LivePanel session={s.clone()} live={props.live.clone()} dispatch={d.clone()} />
                }
                if !connected {
                    <ByLinkPanel session={s.clone()} dispatch={d.clone()} />
                }
                // No hints or evaluation against a friend playing live.
                if live.is_none() {
                    <CoachPanel session={s.clone()} coach={props.coach.clone()} dispatch={d.clone()} />
                }
                { moves_box(s, &on_action) }
                <GameTools session={s.clone()} dispatch={d.clone()} />
            </LiveBoard>
            if let (Some(o), false, None) = (outcome, s.dialog_closed, s.view_ply) {
                <GameOver outcome={o} human={s.opponent.human()} on_close={act(SessionAction::CloseDialog)}
                    on_new={new_game} on_undo={act(SessionAction::Undo)} can_undo={s.takebacks_now()}
                    on_review={to(d, |()| AppAction::ReviewGame(ReviewFrom::Play))} />
            }
        </section>
    }
}
