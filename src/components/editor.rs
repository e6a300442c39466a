//! The board editor screen: a palette of pieces (each colour and tier, and
//! what an ultra or double ultra king carries), the board (click or Enter
//! puts the chosen piece, drag moves one), the side to move, the FEN / TFEN
//! (shown live, and typed to set a position up), the engine's verdict, then
//! "Play from here" or "Analyse" (the analysis board opened on the position,
//! its engine started there).

use tiers_engine::search::Level;
use tiers_engine::{Color, GameKind, PieceKind};
use yew::prelude::*;

use crate::browser;
use crate::components::board::Board;
use crate::components::export::ExportBar;
use crate::components::live_board::game_title;
use crate::components::picture::Picture;
use crate::components::piece::{describe, piece};
use crate::components::practice::PractiseForm;
use crate::components::widgets::seg;
use crate::components::{on_click, to, Dispatch};
use crate::core::editor::{carries, tiers_of, Brush, Editor, EditorAction};
use crate::core::library::files::{export, file_name};
use crate::core::library::share;
use crate::core::practice::PractiseFrom;
use crate::core::session::capitalise;
use crate::core::{AnalyseFrom, AppAction, Slice};
use crate::t;

/// Props of [`EditorScreen`].
#[derive(Properties, PartialEq, Clone)]
pub struct EditorProps {
    /// The editor.
    pub editor: Slice<Editor>,
    /// The level a practice starts from (the new game screen's).
    pub level: Level,
    /// Dispatches actions.
    pub dispatch: Dispatch,
}

/// The board editor screen.
#[component]
pub fn EditorScreen(props: &EditorProps) -> Html {
    let ed = &props.editor;
    let d = &props.dispatch;
    let act = |a: EditorAction| on_click(d, AppAction::Editor(a));
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
                <span class="tool-piece">{ piece(p) }</span>
            </button>
        }
    });
    let on_carried = to(d, |e: Event| {
        let c = e
            .target_dyn_into::<web_sys::HtmlSelectElement>()
            .and_then(|sel| {
                PieceKind::ALL[..4]
                    .iter()
                    .copied()
                    .find(|k| k.name() == sel.value())
            });
        AppAction::Editor(EditorAction::Carried(c))
    });
    let shows_carried =
        ed.kind == GameKind::Tiers && matches!(ed.brush, Brush::Piece(p) if carries(p.kind));
    // The board.
    let on_square = to(d, |sq| AppAction::Editor(EditorAction::Square(sq)));
    let on_drag = to(d, |(a, b)| AppAction::Editor(EditorAction::Move(a, b)));

    // The position's text, typed.
    let on_text = to(d, |e: InputEvent| {
        let text = e
            .target_dyn_into::<web_sys::HtmlInputElement>()
            .map(|i| i.value())
            .unwrap_or_default();
        AppAction::Editor(EditorAction::Type(text))
    });
    let apply_text = to(d, |e: SubmitEvent| {
        e.prevent_default();
        AppAction::Editor(EditorAction::SetTyped)
    });

    // Play or analyse.
    let play = |human: Option<Color>| on_click(d, AppAction::PlayEditor(human));
    let analyse = on_click(d, AppAction::Analyse(AnalyseFrom::Editor));

    let valid = verdict.is_ok();
    let status = match &verdict {
        Ok(game) => {
            let side = game.side_at(0).unwrap_or(Color::Red);
            match game.outcome() {
                Some(o) => (t!("editor.valid-but-over", o = o), "editor-verdict ok"),
                None => {
                    let n = game.legal().len();
                    (
                        t!("editor.valid", side = side, count = n),
                        "editor-verdict ok",
                    )
                }
            }
        }
        Err(e) => (
            t!("editor.not-playable", e = e.clone()),
            "editor-verdict bad",
        ),
    };
    let game_over = verdict.as_ref().is_ok_and(|g| g.outcome().is_some());
    // The position as a PDN without moves, and a link to it.
    let pdn = {
        let ed = ed.clone();
        Callback::from(move |()| match ed.validate() {
            Ok(g) => (export(&*g, &[]), file_name(g.kind(), "position")),
            Err(_) => (String::new(), String::new()),
        })
    };
    let link = {
        let ed = ed.clone();
        Some(Callback::from(move |()| {
            let g = ed.validate()?;
            share::position_link(&browser::page_base(), g.kind(), &g.start_text(), ed.flipped)
        }))
    };
    let picture = {
        let made = Picture {
            view: ed.board,
            kind: ed.kind,
            flipped: ed.flipped,
            last_move: Vec::new(),
        };
        let name = format!("tiers-{}-position.png", ed.kind.name());
        Some(Callback::from(move |()| (made.clone(), name.clone())))
    };
    let playable = valid && !game_over;

    html! {
        <section class="editor play" aria-labelledby="editor-title">
            <div class="board-col">
                <Board id="editor" label={AttrValue::from(t!("editor.title", game = game_title(ed.kind)))}
                    kind={ed.kind} view={ed.board} flipped={ed.flipped} {on_square} {on_drag} />
            </div>
            <div class="side-col">
                <div class="status">
                    <h1 id="editor-title">{ t!("editor.board-editor") }</h1>
                    <p class={status.1} id="editor-verdict" role="status">{ status.0 }</p>
                    if let Some(n) = &ed.note {
                        <p class="message" role="alert" id="editor-note">{ crate::i18n::say(n) }</p>
                    }
                    <p class="editor-counts">{ t!("editor.counts", red = counts[0], black = counts[1]) }</p>
                </div>
                <div class="editor-tools">
                    <div class="segmented" role="group" aria-label={t!("editor.game")}>
                        { seg(ed.kind == GameKind::Checkers, t!("game.checkers"), act(EditorAction::Kind(GameKind::Checkers)), "editor-checkers") }
                        { seg(ed.kind == GameKind::Tiers, t!("game.tiers"), act(EditorAction::Kind(GameKind::Tiers)), "editor-tiers") }
                    </div>
                    <div class="segmented" role="group" aria-label={t!("editor.colour-of-the-pieces")}>
                        { seg(ed.colour == Color::Red, t!("editor.red-pieces"), act(EditorAction::Colour(Color::Red)), "editor-red") }
                        { seg(ed.colour == Color::Black, t!("editor.black-pieces"), act(EditorAction::Colour(Color::Black)), "editor-black") }
                    </div>
                    <div class="palette" role="group" aria-label={t!("editor.piece-to-place")}>
                        { for tier_buttons }
                        <button type="button" class={if ed.brush == Brush::Erase { "tool erase active" } else { "tool erase" }}
                            aria-pressed={(ed.brush == Brush::Erase).to_string()} title={t!("editor.eraser")} aria-label={t!("editor.eraser")}
                            onclick={act(EditorAction::Brush(Brush::Erase))}>{ "⌫" }</button>
                    </div>
                    if shows_carried {
                        <label class="editor-carried">
                            <span>{ t!("editor.carrying") }</span>
                            <select id="editor-carried" onchange={on_carried}>
                                <option value="" selected={ed.carried.is_none()}>{ t!("editor.nothing") }</option>
                                { for PieceKind::ALL[..4].iter().map(|k| html! {
                                    <option value={k.name()} selected={ed.carried == Some(*k)}>{ k.name() }</option>
                                }) }
                            </select>
                        </label>
                    }
                    <p class="hint">{ t!("editor.click-a-square-to") }</p>
                    <div class="segmented" role="group" aria-label={t!("editor.side-to-move")}>
                        { seg(ed.side == Color::Red, t!("editor.red-to-move"), act(EditorAction::Side(Color::Red)), "editor-side-red") }
                        { seg(ed.side == Color::Black, t!("editor.black-to-move"), act(EditorAction::Side(Color::Black)), "editor-side-black") }
                    </div>
                    <div class="actions tight">
                        <button type="button" id="editor-start" onclick={act(EditorAction::Start)}>{ t!("editor.start-position") }</button>
                        <button type="button" id="editor-clear" onclick={act(EditorAction::Clear)}>{ t!("editor.clear-board") }</button>
                        <button type="button" id="editor-flip" onclick={act(EditorAction::Flip)}>{ t!("editor.flip-board") }</button>
                    </div>
                    <form class="editor-text" onsubmit={apply_text}>
                        <label for="editor-fen">{ if ed.kind == GameKind::Checkers { t!("editor.fen") } else { t!("editor.tfen") } }</label>
                        <input id="editor-fen" type="text" spellcheck="false" autocomplete="off"
                            value={ed.typed.clone().unwrap_or_else(|| text.clone())} oninput={on_text} />
                        <button type="submit" id="editor-fen-set" disabled={ed.typed.is_none()}>{ t!("editor.set") }</button>
                    </form>
                </div>
                <div class="editor-play">
                    <h2>{ t!("editor.from-this-position") }</h2>
                    <div class="actions tight">
                        <button type="button" class="primary" id="editor-play-friend" onclick={play(None)} disabled={!playable}>{ t!("editor.play-two-players") }</button>
                        <button type="button" id="editor-analyse" onclick={analyse} disabled={!playable}>{ t!("editor.analyse") }</button>
                    </div>
                    <PractiseForm id="editor-play" kind={ed.kind} position={AttrValue::from(text.clone())}
                        from={PractiseFrom::Editor} level={props.level} dispatch={d.clone()} />
                    if valid {
                        <ExportBar {pdn} {link} {picture} id="editor-export" />
                    }
                </div>
            </div>
        </section>
    }
}
