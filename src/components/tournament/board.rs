//! A tournament match on the board: the Tiers formations first when a
//! person sets one up, then the game (people by click, drag or keyboard;
//! computer players through the AI worker), then the result, which goes
//! into the bracket by itself.

use gloo::timers::callback::Timeout;
use tiers_engine::tiers::Preset;
use tiers_engine::{Color, GameKind};
use yew::prelude::*;

use super::{on, random_seed, TournamentProps};
use crate::components::board::Board;
use crate::components::move_list::MoveList;
use crate::components::panels::{Control, PlayerStrip, Status};
use crate::setup::{FormationAction, FormationSetup};
use crate::state::{Action, BoardInputs};
use crate::tournament::game::{MatchGame, Stage};
use crate::tournament::{TAction, TourneyState};

fn board_cb<T: 'static>(
    state: &UseReducerHandle<TourneyState>,
    make: impl Fn(T) -> Action + 'static,
) -> Callback<T> {
    let state = state.clone();
    Callback::from(move |x: T| state.dispatch(TAction::Board(make(x))))
}

fn formation(state: &UseReducerHandle<TourneyState>, g: &MatchGame) -> Html {
    let f: &FormationSetup = &g.board.formation;
    let editing = f.editing;
    let is_ready = f.ready[editing.index()];
    let problems = f.problems(editing);
    let fa = |a: FormationAction| on(state, TAction::Board(Action::Formation(a)));
    let side = |c: Color| {
        let who = g.name_of(c).to_string();
        let computer = f.computer() == Some(c);
        let status = if computer && !f.ready[c.index()] {
            "chooses when the other side is ready".to_string()
        } else if f.ready[c.index()] {
            "ready".to_string()
        } else {
            format!("{}/12 placed", f.squares[c.index()].len())
        };
        html! {
            <button type="button" class={classes!("side-tab", c.name(), (editing == c).then_some("active"))}
                aria-pressed={(editing == c).to_string()} id={format!("edit-{}", c.name())}
                onclick={fa(FormationAction::Edit(c))}>
                <span class={classes!("dot", c.name())} aria-hidden="true"></span>
                <span class="side-name">{ format!("{who} ({c})") }</span>
                <span class="side-status">{ status }</span>
            </button>
        }
    };
    let onpreset = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            if let Some(sel) = e.target_dyn_into::<web_sys::HtmlSelectElement>() {
                if let Some(p) = Preset::from_name(&sel.value()) {
                    state.dispatch(TAction::Board(Action::Formation(FormationAction::Preset(
                        p,
                    ))));
                }
                sel.set_value("");
            }
        })
    };
    let random = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            state.dispatch(TAction::Board(Action::Formation(FormationAction::Random(
                random_seed(),
            ))));
        })
    };
    let ready = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            state.dispatch(TAction::Board(Action::Formation(FormationAction::Ready(
                random_seed(),
            ))));
        })
    };
    html! {
        <section class="formation play t-match-page" aria-labelledby="t-match-title">
            <div class="board-col">
                <Board id="t-formation" label="Formation board" kind={GameKind::Tiers}
                    view={f.view()} flipped={g.board.flipped} zone={FormationSetup::home_squares(editing)}
                    interactive={!is_ready}
                    on_square={board_cb(state, |sq| Action::Formation(FormationAction::Toggle(sq)))}
                    on_drag={board_cb(state, |(a, b)| Action::Formation(FormationAction::Move(a, b)))} />
            </div>
            <div class="side-col">
                <h1 id="t-match-title" class="t-match-title">{ g.title.clone() }</h1>
                <p class="t-meta">{ format!("Game {}: set up the formations. {} places 12 men on {editing}'s three home rows (tinted).", g.game_no, g.name_of(editing)) }</p>
                <div class="side-tabs">{ side(Color::Red) }{ side(Color::Black) }</div>
                { crate::components::formation::validation(f, None) }
                <div class="tools">
                    <select aria-label="Preset formations" onchange={onpreset} disabled={is_ready}>
                        <option value="" selected=true>{ "Presets…" }</option>
                        { for Preset::ALL.iter().map(|p| html! { <option value={p.name()}>{ p.name() }</option> }) }
                    </select>
                    <button type="button" onclick={random} disabled={is_ready}>{ "Random" }</button>
                    <button type="button" onclick={fa(FormationAction::Clear)} disabled={is_ready}>{ "Clear" }</button>
                    <button type="button" onclick={on(state, TAction::Board(Action::Flip))}>{ "Flip board" }</button>
                </div>
                <div class="actions">
                    if is_ready {
                        <button type="button" onclick={fa(FormationAction::Unready)}>{ "Change" }</button>
                    } else {
                        <button type="button" class="primary" onclick={ready} disabled={!problems.is_empty()} id="formation-ready">
                            { format!("{editing} is ready") }
                        </button>
                    }
                    <button type="button" class="primary big" disabled={!f.complete()} id="begin-tiers"
                        onclick={on(state, TAction::Board(Action::BeginTiers))}>{ "Start the game" }</button>
                    <button type="button" class="link" onclick={on(state, TAction::Leave)}>{ "Back to the bracket" }</button>
                </div>
            </div>
        </section>
    }
}

/// "Bob (Black)", or "Computer (level 3), Red," for a name that has its
/// own brackets.
fn who(name: &str, side: Color) -> String {
    if name.ends_with(')') {
        format!("{name}, {side},")
    } else {
        format!("{name} ({side})")
    }
}

/// The match page.
#[component]
pub fn MatchBoard(props: &TournamentProps) -> Html {
    let state = &props.state;
    // Resigning takes a second click within a few seconds (as on the play
    // screen): a result goes into the bracket at once.
    let confirm_resign = use_state(|| false);
    let resign_timer = use_mut_ref(|| None::<Timeout>);
    // Between two computers a drawn game is followed by the next one.
    {
        let state = state.clone();
        let drawn = state
            .game
            .as_ref()
            .is_some_and(|g| g.computers_only() && matches!(g.stage, Stage::Drawn { .. }));
        let key = state.game.as_ref().map_or(0, |g| g.game_no);
        use_effect_with((drawn, key), move |&(drawn, _)| {
            let timer = drawn.then(|| {
                Timeout::new(1500, move || {
                    state.dispatch(TAction::NextGame(random_seed()))
                })
            });
            move || drop(timer)
        });
    }
    let Some(g) = state.game.as_ref() else {
        return html! {
            <section class="card">
                <p>{ "No match is being played." }</p>
                <button type="button" onclick={on(state, TAction::ShowList)}>{ "Tournaments" }</button>
            </section>
        };
    };
    if g.stage == Stage::Formation && g.board.game.is_none() {
        return formation(state, g);
    }
    let board = &g.board;
    let Some(game) = board.record() else {
        return html! {};
    };
    let Some(BoardInputs {
        shown,
        view,
        targets,
        highlight,
        last_move,
        must_capture,
        can_finish,
        ..
    }) = board.board_inputs()
    else {
        return html! {};
    };
    let side = game.side_at(game.ply()).unwrap_or(Color::Red);
    let bottom = if board.flipped {
        Color::Black
    } else {
        Color::Red
    };
    let captured = game.captured();
    let live = g.stage == Stage::Playing && board.view_ply.is_none();
    let strip = |c: Color| {
        let name = AttrValue::from(format!("{} · {c}", g.name_of(c)));
        html! {
            <PlayerStrip color={c} {name} taken={captured[c.opposite().index()].clone()}
                to_move={live && side == c} />
        }
    };
    let busy = board.pending.is_some() && board.computer_to_move();
    let status_text = match &g.stage {
        _ if board.view_ply.is_some() => format!(
            "Looking at the position after move {}. Click the board or ▶| to come back.",
            shown
        ),
        Stage::Won { slot, reason } => format!(
            "{} wins match {} ({}).",
            g.names[*slot],
            g.id + 1,
            crate::state::capitalise(reason)
        ),
        Stage::Drawn { reason } => format!(
            "Game {} is drawn ({reason}). Game {} follows with the colours reversed.",
            g.game_no,
            g.game_no + 1
        ),
        _ if board.draw_offer.is_some() => format!(
            "{} offers a draw.",
            board
                .draw_offer
                .map_or_else(String::new, |c| g.name_of(c).to_string())
        ),
        _ if board.computer_to_move() => format!("{} is thinking.", who(g.name_of(side), side)),
        _ => format!("{} to move.", who(g.name_of(side), side)),
    };
    let status_text = if must_capture && live && board.human_to_move() {
        format!("{status_text} A capture is compulsory.")
    } else {
        status_text
    };
    let recorded = game.recorded();
    let prev = shown.saturating_sub(1);
    let next = (shown + 1).min(recorded);
    let mut meta = format!("Game {}", g.game_no);
    if g.draws > 0 {
        meta.push_str(&format!(
            " · {} drawn game{} before",
            g.draws,
            if g.draws == 1 { "" } else { "s" }
        ));
    }
    if let Some(b) = g.ballot {
        meta.push_str(&format!(" · ACF ballot {}: {}", b.number, b.moves));
    }
    let playing = g.stage == Stage::Playing;
    let people = !g.computers_only();
    let on_resign = {
        let state = state.clone();
        let confirm = confirm_resign.clone();
        Callback::from(move |()| {
            if *confirm {
                confirm.set(false);
                *resign_timer.borrow_mut() = None;
                state.dispatch(TAction::Resign);
            } else {
                confirm.set(true);
                let confirm = confirm.clone();
                *resign_timer.borrow_mut() = Some(Timeout::new(3000, move || confirm.set(false)));
            }
        })
    };
    let next_game = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(TAction::NextGame(random_seed())))
    };
    html! {
        <section class="play t-match-page" aria-labelledby="t-match-title">
            <div class="board-col">
                { strip(bottom.opposite()) }
                <Board id="t-play" label={AttrValue::from(format!("{} board", if game.kind() == GameKind::Tiers { "Tiers" } else { "Checkers" }))}
                    kind={game.kind()} {view} flipped={board.flipped} selection={board.selection.clone()}
                    {targets} {highlight} {last_move} interactive={live}
                    on_square={board_cb(state, Action::Square)}
                    on_drag={board_cb(state, |(a, b)| Action::Drag(a, b))}
                    on_cancel={board_cb(state, |()| Action::Cancel)} />
                { strip(bottom) }
            </div>
            <div class="side-col">
                <h1 id="t-match-title" class="t-match-title">{ g.title.clone() }</h1>
                <p class="t-meta" id="t-match-meta">{ meta }</p>
                <Status text={AttrValue::from(status_text)} thinking={board.thinking.clone()} {busy} thinker={busy.then_some(side)}
                    message={board.message.clone().map(AttrValue::from)} />
                if can_finish {
                    <button type="button" class="primary finish" onclick={on(state, TAction::Board(Action::Square(*board.selection.last().unwrap_or(&0))))}>
                        { "End the move here" }
                    </button>
                }
                if let (Some(offer), true) = (board.draw_offer, playing) {
                    <div class="offer" role="group" aria-label="Draw offer">
                        <span>{ format!("{} offers a draw. {}, do you accept?", g.name_of(offer), g.name_of(offer.opposite())) }</span>
                        <button type="button" class="primary" id="accept-draw" onclick={on(state, TAction::Board(Action::AcceptDraw))}>{ "Accept" }</button>
                        <button type="button" id="decline-draw" onclick={on(state, TAction::Board(Action::DeclineDraw))}>{ "Decline" }</button>
                    </div>
                }
                if let Stage::Won { .. } = g.stage {
                    <div class="t-over" id="t-match-over">
                        <button type="button" class="primary big" id="back-to-bracket" onclick={on(state, TAction::Leave)}>{ "Back to the bracket" }</button>
                    </div>
                }
                if let (Stage::Drawn { .. }, true) = (&g.stage, people) {
                    <div class="t-over">
                        <button type="button" class="primary big" id="next-game" onclick={next_game}>{ format!("Start game {}", g.game_no + 1) }</button>
                    </div>
                }
                <div class="controls">
                    <Control id="t-flip" icon="⇅" label="Flip" on_click={board_cb(state, |()| Action::Flip)} />
                    if g.people_only() {
                        <Control id="t-offer-draw" icon="½" label="Offer draw" on_click={board_cb(state, |()| Action::OfferDraw)}
                            disabled={!playing || board.draw_offer.is_some()} />
                    }
                    if people {
                        <Control id="t-resign" icon="⚑" label={if *confirm_resign { "Sure? Resign" } else { "Resign" }}
                            on_click={on_resign} disabled={!playing} />
                    } else {
                        <Control id="t-fast" icon="»" label={if g.fast { "Normal pace" } else { "Finish quickly" }}
                            on_click={{ let s = state.clone(); let f = !g.fast; Callback::from(move |()| s.dispatch(TAction::Fast(f))) }}
                            disabled={matches!(g.stage, Stage::Won { .. })} />
                    }
                    <Control id="t-leave" icon="←" label="Bracket" on_click={{ let s = state.clone(); Callback::from(move |()| s.dispatch(TAction::Leave)) }} />
                    if !matches!(g.stage, Stage::Won { .. }) {
                        <Control id="t-abandon" icon="✕" label="Abandon game" on_click={{ let s = state.clone(); Callback::from(move |()| s.dispatch(TAction::Abandon)) }} />
                    }
                </div>
                <div class="moves-box">
                    <div class="moves-head">
                        <h2>{ "Moves" }</h2>
                        <div class="nav" role="group" aria-label="Look through the game">
                            <button type="button" aria-label="Start position" onclick={on(state, TAction::Board(Action::View(Some(0))))} disabled={shown == 0}>{ "|◀" }</button>
                            <button type="button" aria-label="Previous position" onclick={on(state, TAction::Board(Action::View(Some(prev))))} disabled={shown == 0}>{ "◀" }</button>
                            <button type="button" aria-label="Next position" onclick={on(state, TAction::Board(Action::View(Some(next))))} disabled={shown >= recorded}>{ "▶" }</button>
                            <button type="button" aria-label="Current position" onclick={on(state, TAction::Board(Action::View(None)))} disabled={board.view_ply.is_none()}>{ "▶|" }</button>
                        </div>
                    </div>
                    <MoveList moves={game.move_texts()} ply={game.ply()} {shown} on_view={board_cb(state, |p| Action::View(Some(p)))} />
                </div>
            </div>
            <div class="sr-only" aria-live="polite">{ board.announce.clone() }</div>
        </section>
    }
}
