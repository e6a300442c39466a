//! The play screen: players, board, status, controls and move list.

use tiers_engine::{Color, GameKind};
use yew::prelude::*;

use crate::components::board::Board;
use crate::components::game_over::GameOver;
use crate::components::move_list::MoveList;
use crate::components::panels::{Control, PlayerStrip, Status};
use crate::state::{Action, BoardInputs, GameState, Opponent, Screen};

/// Props of [`Play`].
#[derive(Properties, PartialEq, Clone)]
pub struct PlayProps {
    /// The app state.
    pub state: UseReducerHandle<GameState>,
}

/// The play screen.
#[component]
pub fn Play(props: &PlayProps) -> Html {
    let state = &props.state;
    // Resigning takes a second click within a few seconds.
    let confirm_resign = use_state(|| false);
    let resign_timer = use_mut_ref(|| None::<gloo::timers::callback::Timeout>);
    let Some(game) = state.record() else {
        return html! { <p class="card">{ "No game in progress." }</p> };
    };
    let d = |a: Action| {
        let state = state.clone();
        Callback::from(move |()| state.dispatch(a.clone()))
    };
    let m = |a: Action| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(a.clone()))
    };
    let Some(BoardInputs {
        shown,
        view,
        targets,
        highlight,
        movable,
        last_move,
        must_capture,
        can_finish,
    }) = state.board_inputs()
    else {
        return html! {};
    };
    let side = game.side_at(game.ply()).unwrap_or(Color::Red);
    let outcome = game.outcome();
    let bottom = if state.flipped {
        Color::Black
    } else {
        Color::Red
    };
    let top = bottom.opposite();
    let captured = game.captured();
    let name = |c: Color| -> AttrValue {
        match state.opponent {
            Opponent::Friend => AttrValue::from(c.to_string()),
            Opponent::Computer { level, human } if c != human => {
                AttrValue::from(format!("Computer · level {level}"))
            }
            Opponent::Computer { .. } => AttrValue::from(format!("You · {c}")),
        }
    };
    let live = outcome.is_none() && state.view_ply.is_none();
    let strip = |c: Color| {
        html! {
            <PlayerStrip color={c} name={name(c)} taken={captured[c.opposite().index()].clone()}
                to_move={live && side == c} />
        }
    };
    let busy = state.pending.is_some() && state.computer_to_move();
    let status_text = if let Some(p) = state.view_ply {
        format!("Looking at the position after move {p}. Click the board or ▶| to come back.")
    } else if let Some(o) = outcome {
        format!("{o}.")
    } else if let Some(offer) = state.draw_offer {
        format!("{offer} offers a draw.")
    } else {
        match state.opponent {
            Opponent::Computer { human, .. } if human == side => {
                format!("{side} to move: your turn.")
            }
            Opponent::Computer { .. } => format!("{side} to move: the computer's turn."),
            Opponent::Friend => format!("{side} to move."),
        }
    };
    let status_text = if must_capture && live && state.human_to_move() {
        format!("{status_text} A capture is compulsory.")
    } else {
        status_text
    };
    let on_square = {
        let state = state.clone();
        Callback::from(move |sq| state.dispatch(Action::Square(sq)))
    };
    let on_drag = {
        let state = state.clone();
        Callback::from(move |(a, b)| state.dispatch(Action::Drag(a, b)))
    };
    let on_view = {
        let state = state.clone();
        Callback::from(move |ply| state.dispatch(Action::View(Some(ply))))
    };
    let on_resign = {
        let state = state.clone();
        let confirm = confirm_resign.clone();
        let timer = resign_timer.clone();
        Callback::from(move |()| {
            if *confirm {
                confirm.set(false);
                *timer.borrow_mut() = None;
                state.dispatch(Action::Resign);
            } else {
                confirm.set(true);
                let confirm = confirm.clone();
                *timer.borrow_mut() = Some(gloo::timers::callback::Timeout::new(3000, move || {
                    confirm.set(false);
                }));
            }
        })
    };
    let vs_computer = matches!(state.opponent, Opponent::Computer { .. });
    let human = match state.opponent {
        Opponent::Computer { human, .. } => Some(human),
        Opponent::Friend => None,
    };
    let can_undo = game.ply() > 0
        && match state.opponent {
            // Taking back needs one of the person's own moves.
            Opponent::Computer { human, .. } => {
                (0..game.ply()).any(|p| game.side_at(p) == Some(human))
            }
            Opponent::Friend => true,
        };
    let kind_name = match game.kind() {
        GameKind::Checkers => "Checkers",
        GameKind::Tiers => "Tiers",
    };
    let recorded = game.recorded();
    let prev = shown.saturating_sub(1);
    let next = (shown + 1).min(recorded);
    html! {
        <section class="play" aria-label={format!("{kind_name} game")}>
            <div class="board-col">
                { strip(top) }
                <Board
                    id="play"
                    label={AttrValue::from(format!("{kind_name} board"))}
                    kind={game.kind()}
                    {view}
                    flipped={state.flipped}
                    selection={state.selection.clone()}
                    {targets}
                    {highlight}
                    {movable}
                    {last_move}
                    interactive={outcome.is_none()}
                    {on_square}
                    {on_drag}
                    on_cancel={d(Action::Cancel)}
                />
                { strip(bottom) }
            </div>
            <div class="side-col">
                <Status text={AttrValue::from(status_text)} thinking={state.thinking.clone()} {busy} thinker={busy.then_some(side)}
                    message={state.message.clone().map(AttrValue::from)} />
                if can_finish {
                    <button type="button" class="primary finish" id="finish-move" onclick={m(Action::Square(*state.selection.last().unwrap_or(&0)))}>
                        { "End the move here" }
                    </button>
                }
                if let (Some(offer), None) = (state.draw_offer, outcome) {
                    <div class="offer" role="group" aria-label="Draw offer">
                        <span>{ format!("{offer} offers a draw. {}, do you accept?", offer.opposite()) }</span>
                        <button type="button" class="primary" id="accept-draw" onclick={m(Action::AcceptDraw)}>{ "Accept" }</button>
                        <button type="button" id="decline-draw" onclick={m(Action::DeclineDraw)}>{ "Decline" }</button>
                    </div>
                }
                <div class="controls">
                    <Control id="undo" icon="↶" label={if vs_computer { "Take back" } else { "Undo" }} on_click={d(Action::Undo)} disabled={!can_undo} />
                    <Control id="redo" icon="↷" label="Redo" on_click={d(Action::Redo)} disabled={game.ply() >= recorded} />
                    <Control id="flip" icon="⇅" label="Flip" on_click={d(Action::Flip)} />
                    if !vs_computer {
                        <Control id="offer-draw" icon="½" label="Offer draw" on_click={d(Action::OfferDraw)} disabled={outcome.is_some() || state.draw_offer.is_some()} />
                    }
                    <Control id="resign" icon="⚑" label={if *confirm_resign { "Sure? Resign" } else { "Resign" }}
                        on_click={on_resign} disabled={outcome.is_some()} />
                    <Control id="new-game" icon="+" label="New game" on_click={d(Action::Show(Screen::NewGame))} />
                </div>
                <div class="moves-box">
                    <div class="moves-head">
                        <h2>{ "Moves" }</h2>
                        <div class="nav" role="group" aria-label="Look through the game">
                            <button type="button" aria-label="Start position" onclick={m(Action::View(Some(0)))} disabled={shown == 0}>{ "|◀" }</button>
                            <button type="button" aria-label="Previous position" onclick={m(Action::View(Some(prev)))} disabled={shown == 0}>{ "◀" }</button>
                            <button type="button" aria-label="Next position" onclick={m(Action::View(Some(next)))} disabled={shown >= recorded}>{ "▶" }</button>
                            <button type="button" aria-label="Current position" id="view-current" onclick={m(Action::View(None))} disabled={state.view_ply.is_none()}>{ "▶|" }</button>
                        </div>
                    </div>
                    <MoveList moves={game.move_texts()} ply={game.ply()} {shown} {on_view} />
                </div>
                { crate::components::game_tools::game_tools(state) }
            </div>
            <div class="sr-only" aria-live="polite" id="announce">{ state.announce.clone() }</div>
            if let (Some(o), false, None) = (outcome, state.dialog_closed, state.view_ply) {
                <GameOver outcome={o} {human} on_close={d(Action::CloseDialog)}
                    on_new={d(Action::Show(Screen::NewGame))} on_undo={d(Action::Undo)} />
            }
        </section>
    }
}
