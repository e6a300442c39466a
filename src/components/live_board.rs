//! The live board: a game session on the board, for every screen that
//! plays moves (the play screen, the embed page, tournament matches). It
//! wires the board to the session (clicks, drags, the keyboard), shows the
//! players, the status line (the same words everywhere:
//! [`Session::status`]), the computer thinking, the message about a
//! refused move, the "End the move here" control and a draw offer; the
//! screen adds its own controls and panels.

use tiers_engine::{Color, GameKind};
use yew::prelude::*;

use crate::browser;
use crate::components::board::Board;
use crate::components::move_box::{typed_moves, MoveBox, TextBoard};
use crate::components::panels::{ClockFace, Control, PlayerStrip, Status};
use crate::core::clock::{face, LOW_MS};
use crate::core::session::{Names, Opponent, Session, SessionAction};
use crate::core::Slice;
use crate::i18n::say;
use crate::t;

/// Props of [`LiveBoard`].
#[derive(Properties, PartialEq, Clone)]
pub struct LiveBoardProps {
    /// The game.
    pub session: Slice<Session>,
    /// What the person does on the board.
    pub on_action: Callback<SessionAction>,
    /// A prefix for the board's DOM ids (unique on the page).
    pub id: AttrValue,
    /// The players' names (a tournament), else colours and you / the
    /// computer.
    #[prop_or_default]
    pub names: Names,
    /// Names above and below the board with the pieces each side took.
    #[prop_or_default]
    pub strips: bool,
    /// A status line that says more than the session's (a tournament's
    /// match result); the session's otherwise.
    #[prop_or_default]
    pub status: Option<AttrValue>,
    /// Whether the board takes moves (the game is being played here).
    #[prop_or(true)]
    pub live: bool,
    /// The small layout of the embed page (status and controls in one bar).
    #[prop_or_default]
    pub compact: bool,
    /// Shown above the status (a title).
    #[prop_or_default]
    pub head: Html,
    /// The screen's controls.
    #[prop_or_default]
    pub controls: Html,
    /// The rest of the side column (moves, tools).
    #[prop_or_default]
    pub children: Html,
    /// Squares to point out (a lesson's hint), tinted on the board.
    #[prop_or_default]
    pub marks: Vec<u8>,
    /// Moves drawn on the board as numbered arrows (the evaluation bar's
    /// best line).
    #[prop_or_default]
    pub arrows: Vec<Vec<u8>>,
}

/// The name of a game, for labels.
#[must_use]
pub fn game_title(kind: GameKind) -> String {
    match kind {
        GameKind::Checkers => t!("game.checkers"),
        GameKind::Tiers => t!("game.tiers"),
    }
}

/// A board playing a game session.
#[component]
pub fn LiveBoard(props: &LiveBoardProps) -> Html {
    let s = &props.session;
    let (Some(game), Some(inputs)) = (s.record(), s.board_inputs()) else {
        return html! {};
    };
    // With a running clock, a move is timed when it is made: the clock is
    // charged up to that moment first.
    let on_action = if s.clock.is_some_and(|c| c.running()) {
        let inner = props.on_action.clone();
        Callback::from(move |a: SessionAction| {
            if matches!(
                a,
                SessionAction::Square(_) | SessionAction::Drag(..) | SessionAction::Finish
            ) {
                inner.emit(SessionAction::Tick(browser::now()));
            }
            inner.emit(a);
        })
    } else {
        props.on_action.clone()
    };
    let act = |make: fn(u8) -> SessionAction| on_action.reform(make);
    let on_drag = on_action.reform(|(a, b)| SessionAction::Drag(a, b));
    let on_cancel = on_action.reform(|()| SessionAction::Cancel);
    let finish = on_action.reform(|()| SessionAction::Finish);
    let confirm = on_action.reform(|_: MouseEvent| SessionAction::Confirm);
    let proposed = s.proposed.as_ref().map(|(text, _)| text.clone());
    let outcome = game.outcome();
    let live = props.live && outcome.is_none();
    let side = game.side_at(game.ply()).unwrap_or(Color::Red);
    let title = game_title(game.kind());
    let busy = s.thinking_now();
    let status = props.status.clone().unwrap_or_else(|| {
        AttrValue::from(s.status(&props.names).map(|t| say(&t)).unwrap_or_default())
    });
    let message = s.message.as_ref().map(|m| AttrValue::from(say(m)));
    let board = html! {
        <Board
            id={props.id.clone()}
            label={AttrValue::from(t!("board.named", game = title))}
            kind={game.kind()}
            view={inputs.view}
            flipped={s.flipped}
            selection={s.selection.clone()}
            targets={inputs.targets}
            highlight={inputs.highlight}
            movable={inputs.movable}
            last_move={inputs.last_move}
            interactive={live}
            zone={props.marks.clone()}
            arrows={props.arrows.clone()}
            on_square={act(SessionAction::Square)}
            {on_drag}
            {on_cancel}
        />
    };
    let announce = html! {
        // Redrawn with every announcement (keyed by its count), so that a
        // screen reader reads one that says the same as the last.
        <div class="sr-only" aria-live="polite" id="announce">
            <span key={s.said}>{ say(&s.announce) }</span>
        </div>
    };
    if props.compact {
        return html! {
            <>
                <div class="embed-board">
                    { board }
                    if let Some(m) = message {
                        <p class="embed-message" role="alert" id="message">{ m }</p>
                    }
                </div>
                <div class="embed-side">
                    <div class="embed-bar">
                        <p class="embed-status" id="status-text" aria-live="polite">
                            if busy { <span class="spinner" aria-hidden="true"></span> }
                            { status }
                        </p>
                        <div class="embed-controls" role="toolbar" aria-label={t!("board.game-controls")}>
                            if inputs.can_finish {
                                <Control id="finish-move" icon="✓" label={t!("board.end-the-move-here")} on_click={finish} />
                            }
                            if let Some(text) = proposed.clone() {
                                <button type="button" class="primary" id="confirm-move" onclick={confirm.clone()}>{ t!("board.confirm", text = text) }</button>
                            }
                            { props.controls.clone() }
                        </div>
                    </div>
                    { props.children.clone() }
                </div>
                { announce }
            </>
        };
    }
    let text_board = html! {
        <TextBoard id={props.id.clone()} kind={game.kind()} view={inputs.view} flipped={s.flipped} />
    };
    let move_box = html! {
        <MoveBox id={props.id.clone()} on_text={typed_moves(&on_action)} reply={AttrValue::from(say(&s.announce))} />
    };
    let captured = game.captured();
    let bottom = if s.flipped { Color::Black } else { Color::Red };
    let strip = |c: Color| {
        let name = match (&props.names.0, s.opponent) {
            (Some(n), _) => t!("board.name-side", name = &n[c.index()], side = c),
            (None, Opponent::Computer { level, human }) if human != c => {
                t!("board.computer-level", level = level.number())
            }
            (None, Opponent::Computer { .. }) => t!("board.you-side", c = c),
            (None, Opponent::Friend) => t!("side.name", side = c),
        };
        let clock = s.clock.map(|k| {
            let left = k.left(c);
            ClockFace {
                text: face(left),
                running: k.running() && outcome.is_none() && side == c,
                low: left < LOW_MS,
            }
        });
        html! {
            <PlayerStrip color={c} name={AttrValue::from(name)} taken={captured[c.opposite().index()].clone()}
                to_move={live && s.view_ply.is_none() && side == c} {clock} />
        }
    };
    let offer = s.draw_offer.filter(|_| outcome.is_none());
    let answer = |a: SessionAction| on_action.reform(move |_: MouseEvent| a.clone());
    let names = |c: Color| match &props.names.0 {
        Some(n) => n[c.index()].clone(),
        None => t!("side.name", side = c),
    };
    html! {
        <>
            <div class="board-col">
                if props.strips { { strip(bottom.opposite()) } }
                { board }
                if props.strips { { strip(bottom) } }
            </div>
            <div class="side-col">
                { props.head.clone() }
                { text_board }
                <Status text={status} thinking={s.thinking.clone()} {busy} thinker={busy.then_some(side)} {message} />
                if inputs.can_finish {
                    <button type="button" class="primary finish" id="finish-move" onclick={finish.reform(|_: MouseEvent| ())}>
                        { t!("board.end-the-move-here") }
                    </button>
                }
                if let Some(text) = proposed {
                    <button type="button" class="primary finish" id="confirm-move" onclick={confirm}>{ t!("board.confirm", text = text) }</button>
                }
                if let Some(offer) = offer {
                    <div class="offer" role="group" aria-label={t!("board.draw-offer")}>
                        <span>{ t!("board.draw-offered", side = names(offer), opponent = names(offer.opposite())) }</span>
                        <button type="button" class="primary" id="accept-draw" onclick={answer(SessionAction::AcceptDraw)}>{ t!("board.accept") }</button>
                        <button type="button" id="decline-draw" onclick={answer(SessionAction::DeclineDraw)}>{ t!("board.decline") }</button>
                    </div>
                }
                if props.live { { move_box } }
                { props.controls.clone() }
                { props.children.clone() }
            </div>
            { announce }
        </>
    }
}
