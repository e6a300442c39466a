//! The board editor screen: a palette of pieces (each colour and tier, and
//! what an ultra or double ultra king carries), the board (click or Enter
//! puts the chosen piece, drag moves one), the side to move, the FEN / TFEN
//! (shown live, and typed to set a position up), the engine's verdict, then
//! "Play from here" or "Analyse" (the computer's evaluation and best line,
//! searched in a web worker).

use std::cell::RefCell;
use std::rc::Rc;

use gloo_worker::WorkerBridge;
use tiers_engine::search::format_score;
use tiers_engine::{Color, GameKind, PieceKind};
use yew::prelude::*;

use crate::components::board::Board;
use crate::components::export::ExportBar;
use crate::components::games::ScreenProps;
use crate::components::piece::{describe, Piece};
use crate::components::widgets::seg;
use crate::hooks::use_ai::spawn_ai;
use crate::library::editor::{carries, tiers_of, Brush, EditorAction};
use crate::library::files::{export, file_name};
use crate::library::{kind_title, share, store};
use crate::state::{capitalise, Action, GameState, LoadGame, Opponent};
use crate::worker::{AiAgent, AiReply, AiRequest};

/// How long the analysis searches, in milliseconds.
const ANALYSIS_MS: u64 = 3000;

/// What the computer found about a position.
#[derive(Clone, Debug, PartialEq, Default)]
struct Analysis {
    /// The position analysed.
    text: String,
    /// The side to move there.
    side: Option<Color>,
    depth: u32,
    score: Option<i32>,
    nodes: u64,
    pv: Vec<String>,
    best: Option<String>,
    error: Option<String>,
    running: bool,
}

/// The editor screen's own state: the typed FEN / TFEN and the analysis.
#[derive(Default)]
struct Ui {
    typed: Option<String>,
    analysis: Analysis,
    bridge: Option<WorkerBridge<AiAgent>>,
    request: u32,
}

/// The board editor screen.
#[component]
pub fn EditorScreen(props: &ScreenProps) -> Html {
    let state = props.state.clone();
    let ed = &state.editor;
    let ui = use_mut_ref(Ui::default);
    let redraw = use_force_update();

    let act = |a: EditorAction| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::Editor(a.clone())))
    };
    let verdict = ed.validate();
    // The engine's own writing of the position once it is valid.
    let text = verdict
        .as_ref()
        .map_or_else(|_| ed.text(), |g| g.start_text());
    let counts = ed.counts();

    // The palette.
    let tier_buttons = tiers_of(ed.kind).iter().map(|&kind| {
        let p = ed.palette_piece(kind);
        let active = matches!(ed.brush, Brush::Piece(b) if b.kind == kind && b.color == ed.colour);
        html! {
            <button type="button" class={if active { "tool active" } else { "tool" }}
                aria-pressed={active.to_string()} title={capitalise(&describe(p))}
                aria-label={capitalise(&describe(p))} data-tier={kind.name()}
                onclick={act(EditorAction::Tier(kind))}>
                <span class="tool-piece"><Piece piece={p} /></span>
            </button>
        }
    });
    let on_carried = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            if let Some(sel) = e.target_dyn_into::<web_sys::HtmlSelectElement>() {
                let c = PieceKind::ALL[..4]
                    .iter()
                    .copied()
                    .find(|k| k.name() == sel.value());
                state.dispatch(Action::Editor(EditorAction::Carried(c)));
            }
        })
    };
    let shows_carried =
        ed.kind == GameKind::Tiers && matches!(ed.brush, Brush::Piece(p) if carries(p.kind));
    // The board.
    let on_square = {
        let state = state.clone();
        Callback::from(move |sq| state.dispatch(Action::Editor(EditorAction::Square(sq))))
    };
    let on_drag = {
        let state = state.clone();
        Callback::from(move |(a, b)| state.dispatch(Action::Editor(EditorAction::Move(a, b))))
    };

    // The position's text, typed.
    let on_text = {
        let (ui, redraw) = (ui.clone(), redraw.clone());
        Callback::from(move |e: InputEvent| {
            if let Some(i) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
                let first = ui.borrow_mut().typed.replace(i.value()).is_none();
                if first {
                    redraw.force_update();
                }
            }
        })
    };
    let apply_text = {
        let (state, ui, kind) = (state.clone(), ui.clone(), ed.kind);
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let typed = ui.borrow_mut().typed.take();
            if let Some(t) = typed {
                let kind = if t.matches('/').count() >= 7 {
                    GameKind::Tiers
                } else if t.contains(':') {
                    GameKind::Checkers
                } else {
                    kind
                };
                state.dispatch(Action::Editor(EditorAction::Load(kind, t)));
            }
        })
    };

    // Play or analyse.
    let play = |opponent: Option<Color>| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            if let Ok(record) = state.editor.validate() {
                let (opponent, flipped) = match opponent {
                    None => (Opponent::Friend, false),
                    Some(human) => (
                        Opponent::Computer {
                            level: state.settings.level,
                            human,
                        },
                        human == Color::Black,
                    ),
                };
                state.dispatch(Action::Load(LoadGame {
                    record,
                    opponent,
                    flipped,
                }));
            }
        })
    };
    let analyse = {
        let (state, ui, redraw) = (state.clone(), ui.clone(), redraw.clone());
        Callback::from(move |_: MouseEvent| start_analysis(&state, &ui, &redraw))
    };

    let valid = verdict.is_ok();
    let status = match &verdict {
        Ok(game) => {
            let side = game.side_at(0).unwrap_or(Color::Red);
            match game.outcome() {
                Some(o) => (
                    format!("Valid, but the game is already over: {o}."),
                    "editor-verdict ok",
                ),
                None => {
                    let n = game.legal().len();
                    (
                        format!(
                            "Valid position: {side} to move, {n} legal move{}.",
                            if n == 1 { "" } else { "s" }
                        ),
                        "editor-verdict ok",
                    )
                }
            }
        }
        Err(e) => (format!("Not playable: {e}."), "editor-verdict bad"),
    };
    let game_over = verdict.as_ref().is_ok_and(|g| g.outcome().is_some());
    // The position as a PDN without moves, and a link to it.
    let pdn = {
        let state = state.clone();
        Callback::from(move |()| match state.editor.validate() {
            Ok(g) => (export(&*g, &[]), file_name(g.kind(), "position")),
            Err(_) => (String::new(), String::new()),
        })
    };
    let link = {
        let state = state.clone();
        Some(Callback::from(move |()| {
            let ed = &state.editor;
            let g = ed.validate()?;
            share::position_link(&store::page_base(), g.kind(), &g.start_text(), ed.flipped)
        }))
    };
    let playable = valid && !game_over;
    let u = ui.borrow();
    let shown_analysis = (u.analysis.text == text).then_some(&u.analysis);

    html! {
        <section class="editor play" aria-labelledby="editor-title">
            <div class="board-col">
                <Board id="editor" label={AttrValue::from(format!("{} board editor", kind_title(ed.kind)))}
                    kind={ed.kind} view={ed.board} flipped={ed.flipped} {on_square} {on_drag} />
            </div>
            <div class="side-col">
                <div class="status">
                    <h1 id="editor-title">{ "Board editor" }</h1>
                    <p class={status.1} id="editor-verdict" role="status">{ status.0 }</p>
                    if let Some(n) = &ed.note {
                        <p class="message" role="alert" id="editor-note">{ n.clone() }</p>
                    }
                    <p class="editor-counts">{ format!("Red {} pieces · Black {} pieces", counts[0], counts[1]) }</p>
                </div>
                <div class="editor-tools">
                    <div class="segmented" role="group" aria-label="Game">
                        { seg(ed.kind == GameKind::Checkers, "Checkers", act(EditorAction::Kind(GameKind::Checkers)), "editor-checkers") }
                        { seg(ed.kind == GameKind::Tiers, "Tiers", act(EditorAction::Kind(GameKind::Tiers)), "editor-tiers") }
                    </div>
                    <div class="segmented" role="group" aria-label="Colour of the pieces to place">
                        { seg(ed.colour == Color::Red, "Red pieces", act(EditorAction::Colour(Color::Red)), "editor-red") }
                        { seg(ed.colour == Color::Black, "Black pieces", act(EditorAction::Colour(Color::Black)), "editor-black") }
                    </div>
                    <div class="palette" role="group" aria-label="Piece to place">
                        { for tier_buttons }
                        <button type="button" class={if ed.brush == Brush::Erase { "tool erase active" } else { "tool erase" }}
                            aria-pressed={(ed.brush == Brush::Erase).to_string()} title="Eraser" aria-label="Eraser"
                            onclick={act(EditorAction::Brush(Brush::Erase))}>{ "⌫" }</button>
                    </div>
                    if shows_carried {
                        <label class="editor-carried">
                            <span>{ "Carrying" }</span>
                            <select id="editor-carried" onchange={on_carried}>
                                <option value="" selected={ed.carried.is_none()}>{ "nothing" }</option>
                                { for PieceKind::ALL[..4].iter().map(|k| html! {
                                    <option value={k.name()} selected={ed.carried == Some(*k)}>{ k.name() }</option>
                                }) }
                            </select>
                        </label>
                    }
                    <p class="hint">{ "Click a square to put the chosen piece (again to take it away); drag to move a piece. Keyboard: arrows, then Enter." }</p>
                    <div class="segmented" role="group" aria-label="Side to move">
                        { seg(ed.side == Color::Red, "Red to move", act(EditorAction::Side(Color::Red)), "editor-side-red") }
                        { seg(ed.side == Color::Black, "Black to move", act(EditorAction::Side(Color::Black)), "editor-side-black") }
                    </div>
                    <div class="actions tight">
                        <button type="button" id="editor-start" onclick={act(EditorAction::Start)}>{ "Start position" }</button>
                        <button type="button" id="editor-clear" onclick={act(EditorAction::Clear)}>{ "Clear board" }</button>
                        <button type="button" id="editor-flip" onclick={act(EditorAction::Flip)}>{ "Flip board" }</button>
                    </div>
                    <form class="editor-text" onsubmit={apply_text}>
                        <label for="editor-fen">{ if ed.kind == GameKind::Checkers { "FEN" } else { "TFEN" } }</label>
                        <input id="editor-fen" type="text" spellcheck="false" autocomplete="off"
                            value={u.typed.clone().unwrap_or_else(|| text.clone())} oninput={on_text} />
                        <button type="submit" id="editor-fen-set" disabled={u.typed.is_none()}>{ "Set" }</button>
                    </form>
                </div>
                <div class="editor-play">
                    <h2>{ "From this position" }</h2>
                    <div class="actions tight">
                        <button type="button" class="primary" id="editor-play-friend" onclick={play(None)} disabled={!playable}>{ "Play: two players" }</button>
                        <button type="button" id="editor-play-red" onclick={play(Some(Color::Red))} disabled={!playable}>{ "Play Red vs computer" }</button>
                        <button type="button" id="editor-play-black" onclick={play(Some(Color::Black))} disabled={!playable}>{ "Play Black vs computer" }</button>
                        <button type="button" id="editor-analyse" onclick={analyse}
                            disabled={!playable || shown_analysis.is_some_and(|a| a.running)}>{ "Analyse" }</button>
                    </div>
                    if let Some(a) = shown_analysis {
                        { analysis_view(a) }
                    }
                    if valid {
                        <ExportBar {pdn} {link} id="editor-export" />
                    }
                </div>
            </div>
        </section>
    }
}

fn analysis_view(a: &Analysis) -> Html {
    let side = a.side.unwrap_or(Color::Red);
    html! {
        <div class="analysis" id="analysis" aria-live="polite">
            if let Some(e) = &a.error {
                <p class="message">{ format!("The computer could not analyse this position: {e}") }</p>
            } else {
                <p>
                    if a.running { <span class="spinner" aria-hidden="true"></span>{ "Analysing… " } }
                    if let Some(best) = &a.best { <strong id="analysis-best">{ format!("Best move: {best}. ") }</strong> }
                </p>
                if let Some(score) = a.score {
                    <p class="think-info" id="analysis-info">
                        { format!("Evaluation {} for {side} · depth {} · {} nodes", format_score(score), a.depth, a.nodes) }
                    </p>
                    <p class="think-info">{ format!("Line at depth {}: {}", a.depth, a.pv.join(" ")) }</p>
                }
            }
        </div>
    }
}

fn start_analysis(
    state: &UseReducerHandle<GameState>,
    ui: &Rc<RefCell<Ui>>,
    redraw: &UseForceUpdateHandle,
) {
    let Ok(game) = state.editor.validate() else {
        return;
    };
    let text = game.start_text();
    let mut u = ui.borrow_mut();
    u.request = u.request.wrapping_add(1);
    let id = u.request;
    u.analysis = Analysis {
        text: text.clone(),
        side: game.side_at(0),
        running: true,
        ..Analysis::default()
    };
    let (cell, again) = (ui.clone(), redraw.clone());
    let on_reply = move |reply: AiReply| {
        let Ok(mut u) = cell.try_borrow_mut() else {
            return;
        };
        let a = &mut u.analysis;
        match reply {
            AiReply::Info {
                id: rid,
                depth,
                score,
                nodes,
                pv,
            } if rid == id => {
                a.depth = depth;
                a.score = Some(score);
                a.nodes = nodes;
                a.pv = pv;
            }
            AiReply::Move { id: rid, text } if rid == id => {
                a.best = Some(text);
                a.running = false;
            }
            AiReply::Error { id: rid, message } if rid == id => {
                a.error = Some(message);
                a.running = false;
            }
            _ => return,
        }
        drop(u);
        again.force_update();
    };
    // A fresh worker per analysis: the previous one (and its search) goes.
    let b = spawn_ai(Box::new(on_reply));
    b.send(AiRequest {
        id,
        kind: game.kind(),
        start: text,
        moves: Vec::new(),
        level: 8,
        seed: u64::from(id),
        movetime_ms: ANALYSIS_MS,
    });
    u.bridge = Some(b);
    drop(u);
    redraw.force_update();
}
