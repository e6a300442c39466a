//! The analysis board screen: the board of the move shown (moves played on
//! it go into the tree: a new one from an earlier position is a
//! variation), the move tree as a list with its variations indented, the
//! move shown's NAGs and comment, promoting and deleting variations, the
//! whole tree as PDN (download, copy) and a PDN file or position to read.
//! The keys: left / right along the line, up / down between the moves
//! played from the same position, Home / End. Arrows and marked squares
//! drawn on the board (right-drag, a long touch, `a` and `m` on the
//! board's keyboard cursor) belong to the position shown.

use tiers_engine::search::Level;
use tiers_engine::shapes::ShapeColor;
use tiers_engine::tree::NodeId;
use tiers_engine::{Color, GameKind};
use yew::prelude::*;

use crate::components::analysis_engine::{engine_panel, threat_arrows};
use crate::components::board::{focus, Board};
use crate::components::explorer::Explorer;
use crate::components::export::ExportBar;
use crate::components::games::{import_box, ImportBox};
use crate::components::move_list::TreeList;
use crate::components::picture::Picture;
use crate::components::review_panel;
use crate::components::viewer::use_step_keys;
use crate::components::Dispatch;
use crate::core::analysis_board::link::link as analysis_link;
use crate::core::analysis_board::{AnalysisAction, AnalysisBoard, TreeStep, MOVE_NAGS};
use crate::core::i18n::Text;
use crate::core::input;
use crate::core::library::files::{animation_name, file_name, picture_name};
use crate::core::library::games::Library;
use crate::core::library::tag;
use crate::core::nav::NavAction;
use crate::core::record::{algebraic, checkers_number};
use crate::core::review::ReviewState;
use crate::core::{AppAction, Slice};
use crate::i18n::say;
use crate::t;

/// Props of [`AnalysisScreen`].
#[derive(Properties, PartialEq, Clone)]
pub struct AnalysisProps {
    /// The board's state.
    pub board: Slice<AnalysisBoard>,
    /// Dispatches actions.
    pub dispatch: Dispatch,
    /// The games library (the opening explorer reads its archive).
    pub library: Slice<Library>,
    /// The review (its panel shows when the board holds the game reviewed).
    pub review: Slice<ReviewState>,
    /// The level a practice starts from (the new game screen's).
    pub level: Level,
}

fn send(d: &Dispatch) -> Callback<AnalysisAction> {
    let d = d.clone();
    Callback::from(move |a| d.dispatch(AppAction::Analysis(a)))
}

fn act(d: &Dispatch, a: AnalysisAction) -> Callback<MouseEvent> {
    send(d).reform(move |_: MouseEvent| a.clone())
}

/// The key of a step through the tree.
fn tree_step(key: &str) -> Option<TreeStep> {
    Some(match key {
        "ArrowLeft" => TreeStep::Back,
        "ArrowRight" => TreeStep::On,
        "ArrowUp" => TreeStep::Up,
        "ArrowDown" => TreeStep::Down,
        "Home" => TreeStep::First,
        "End" => TreeStep::Last,
        _ => return None,
    })
}

/// The name of a move-assessment NAG with its suffix ("Good move (!)").
fn nag_name(nag: u8, suffix: &str) -> String {
    say(&Text::new(match nag {
        1 => "analysis.nag-good",
        2 => "analysis.nag-mistake",
        3 => "analysis.nag-brilliant",
        4 => "analysis.nag-blunder",
        5 => "analysis.nag-interesting",
        _ => "analysis.nag-dubious",
    })
    .arg("suffix", suffix))
}

/// The analysis board screen.
#[component]
pub fn AnalysisScreen(props: &AnalysisProps) -> Html {
    let (b, d) = (&props.board, &props.dispatch);
    use_step_keys(true, send(d).reform(AnalysisAction::Step), tree_step);
    // "New board" over a board with moves asks first (its tree would be lost).
    let replacing = use_state(|| None::<GameKind>);
    // Back from learning from the mistakes: the focus goes back to the
    // button that opens it (a keyboard user is not left at the top).
    use_effect_with((), {
        let closed = props.review.drill_closed && b.review.is_some();
        move |()| {
            if closed {
                focus("drill-open");
            }
        }
    });
    let game = b.record();
    let ply = game.ply();
    let side = game.side_at(ply).unwrap_or(Color::Red);
    let view = game.view_at(ply).unwrap_or([None; 64]);
    let legal = game.legal();
    let paths: Vec<Vec<u8>> = legal.iter().map(|m| m.squares.clone()).collect();
    let targets = input::next_targets(&paths, &b.selection);
    let mut movable: Vec<u8> = paths.iter().filter_map(|p| p.first().copied()).collect();
    movable.dedup();
    let last_move = ply
        .checked_sub(1)
        .and_then(|p| game.move_at(p))
        .map(|m| m.squares)
        .unwrap_or_default();
    let at = b.at;
    let root = at == NodeId::ROOT;
    let caption = match (root, game.outcome()) {
        (_, Some(outcome)) => say(&crate::core::text!("message.game-over", outcome = outcome)),
        (true, None) => t!("viewer.start", side = side),
        (false, None) => t!(
            "analysis.after",
            mv = b.tree.text(at).to_string(),
            side = side
        ),
    };
    let back = {
        let (d, to) = (d.clone(), b.back);
        Callback::from(move |_: MouseEvent| d.dispatch(AppAction::Nav(NavAction::Show(to))))
    };
    let parent = b.tree.parent(at);
    let next = b.tree.children(at).first().copied();
    let pdn = {
        let b = b.clone();
        Callback::from(move |()| {
            let date = tag(&b.tags, "Date").unwrap_or_default().to_string();
            (b.pdn(), file_name(b.tree.kind(), &date))
        })
    };
    let picture = {
        let made = Picture::of_record(&*game, ply, b.flipped);
        let date = tag(&b.tags, "Date").unwrap_or_default().to_string();
        let name = picture_name(made.kind, &date, ply);
        Some(Callback::from(move |()| (made.clone(), name.clone())))
    };
    // The main line, a frame a position, drawn when the button is pressed.
    let animation = {
        let b = b.clone();
        Some(Callback::from(move |()| {
            let date = tag(&b.tags, "Date").unwrap_or_default().to_string();
            let game = b.tree.record(b.tree.line_end(NodeId::ROOT));
            let frames = (0..=game.ply())
                .map(|ply| Picture::of_record(&*game, ply, b.flipped))
                .collect();
            (frames, animation_name(b.tree.kind(), &date))
        }))
    };
    let link = {
        let b = b.clone();
        Some(Callback::from(move |()| {
            analysis_link(&crate::browser::page_base(), &b.tree, &b.tags, b.flipped)
        }))
    };
    // A new board: at once over an empty one, else asked first.
    let empty = b.tree.children(NodeId::ROOT).is_empty();
    let fresh = |kind: GameKind| {
        let (d, replacing) = (d.clone(), replacing.clone());
        Callback::from(move |_: MouseEvent| {
            if empty {
                send(&d).emit(AnalysisAction::Fresh(kind));
            } else {
                replacing.set(Some(kind));
            }
        })
    };
    let replace = |kind: GameKind| {
        let (d, replacing) = (d.clone(), replacing.clone());
        Callback::from(move |_: MouseEvent| {
            replacing.set(None);
            send(&d).emit(AnalysisAction::Fresh(kind));
        })
    };
    let keep = {
        let replacing = replacing.clone();
        Callback::from(move |_: MouseEvent| replacing.set(None))
    };
    let s = send(d);
    html! {
        <section class="analysis-board card" aria-labelledby="analysis-title">
            <div class="review-head">
                <h1 id="analysis-title">{ t!("analysis.title", game = b.tree.kind()) }</h1>
                <button type="button" id="analysis-back" onclick={back}>{ t!("review.back") }</button>
            </div>
            <div class="review-body">
                <div class="review-board">
                    <Board id="analysis" label={t!("analysis.board")} kind={b.tree.kind()} {view} flipped={b.flipped}
                        selection={b.selection.clone()} {targets} {movable} {last_move}
                        on_square={s.reform(AnalysisAction::Square)}
                        on_drag={s.reform(|(from, to)| AnalysisAction::Drag(from, to))}
                        on_cancel={s.reform(|()| AnalysisAction::Cancel)}
                        arrows={threat_arrows(b)}
                        shapes={b.tree.note(at).shapes.clone()}
                        on_shape={Some(s.reform(AnalysisAction::Shape))} />
                    { drawings(b, d) }
                    <p class="viewer-caption" id="analysis-caption" aria-live="polite">{ caption }</p>
                    <div class="nav viewer-nav" role="group" aria-label={t!("moves.look-through")}>
                        <button type="button" id="analysis-first" aria-label={t!("viewer.first-position")} onclick={act(d, AnalysisAction::Step(TreeStep::First))} disabled={root}>{ "|◀" }</button>
                        <button type="button" id="analysis-prev" aria-label={t!("viewer.previous-move")} onclick={act(d, AnalysisAction::Step(TreeStep::Back))} disabled={parent.is_none()}>{ "◀" }</button>
                        <button type="button" id="analysis-next" aria-label={t!("viewer.next-move")} onclick={act(d, AnalysisAction::Step(TreeStep::On))} disabled={next.is_none()}>{ "▶" }</button>
                        <button type="button" id="analysis-last" aria-label={t!("analysis.line-end")} onclick={act(d, AnalysisAction::Step(TreeStep::Last))} disabled={next.is_none()}>{ "▶|" }</button>
                        <button type="button" id="analysis-flip" aria-label={t!("play.flip")} onclick={act(d, AnalysisAction::Flip)}>{ "⇅" }</button>
                    </div>
                    if let Some(m) = &b.message {
                        <p class="message" id="analysis-message" role="status">{ say(m) }</p>
                    }
                    { engine_panel(b, d, &b.here(), side, game.outcome().is_some()) }
                    <Explorer board={b.clone()} library={props.library.clone()} dispatch={d.clone()} />
                </div>
                <div class="review-info">
                    { review_panel::panel(b, &props.review, props.level, d) }
                    <div class="moves-box">
                        <h2>{ t!("moves.title") }</h2>
                        <TreeList segments={b.layout()} shown={at} on_pick={s.reform(AnalysisAction::Go)} />
                    </div>
                    { edit_box(b, d) }
                    <div class="actions tight" role="group" aria-labelledby="analysis-new-label">
                        <span id="analysis-new-label">{ t!("analysis.new-board") }</span>
                        <button type="button" id="analysis-new-checkers" onclick={fresh(GameKind::Checkers)}>{ t!("game.checkers") }</button>
                        <button type="button" id="analysis-new-tiers" onclick={fresh(GameKind::Tiers)}>{ t!("game.tiers") }</button>
                    </div>
                    if let Some(kind) = *replacing {
                        <div class="offer" id="analysis-replace" role="group" aria-labelledby="analysis-replace-ask">
                            <span id="analysis-replace-ask">{ t!("analysis.replace-ask", game = kind) }</span>
                            <button type="button" id="analysis-replace-yes" onclick={replace(kind)}>{ t!("analysis.replace") }</button>
                            <button type="button" id="analysis-replace-no" onclick={keep}>{ t!("analysis.keep") }</button>
                        </div>
                    }
                    <ExportBar {pdn} {picture} {animation} {link} id="analysis-export" />
                    { import_box(&ImportBox {
                        id: "analysis-import",
                        text: &b.import,
                        error: None,
                        open: false,
                        hint: Some(t!("analysis.import-hint")),
                        on_text: s.reform(AnalysisAction::ImportText),
                        on_read: s.reform(|()| AnalysisAction::Import),
                        on_file: s.reform(|(name, text): (String, Result<String, Text>)| match text {
                            Ok(text) => AnalysisAction::Take(name, text),
                            Err(why) => AnalysisAction::FileError(name, why),
                        }),
                    }) }
                    <p class="hint">{ t!("analysis.keys") }</p>
                    <p class="hint" id="analysis-draw-keys">{ t!("analysis.draw-keys") }</p>
                </div>
            </div>
        </section>
    }
}

/// The move shown: its NAGs, its comment, promoting it, deleting it.
fn edit_box(b: &AnalysisBoard, d: &Dispatch) -> Html {
    let at = b.at;
    if at == NodeId::ROOT {
        return html! {
            <div class="analysis-edit"><p class="hint" id="analysis-edit-hint">{ t!("analysis.pick-a-move") }</p></div>
        };
    }
    let note = b.tree.note(at);
    let nags = MOVE_NAGS.iter().map(|&nag| {
        let on = note.nags.contains(&nag);
        let suffix = tiers_engine::pdn::nag_suffix(nag).unwrap_or("");
        html! {
            <button type="button" class={classes!("nag", on.then_some("active"))} id={format!("analysis-nag-{nag}")}
                aria-pressed={if on { "true" } else { "false" }}
                aria-label={nag_name(nag, suffix)}
                onclick={act(d, AnalysisAction::Nag(nag))}>{ suffix }</button>
        }
    });
    let on_comment = send(d).reform(|e: Event| {
        AnalysisAction::Comment(
            e.target_dyn_into::<web_sys::HtmlTextAreaElement>()
                .map(|t| t.value())
                .unwrap_or_default(),
        )
    });
    let variation = b.in_variation();
    html! {
        <div class="analysis-edit">
            <h2>{ t!("analysis.this-move", mv = b.tree.text(at).to_string()) }</h2>
            <div class="nags" role="group" aria-label={t!("analysis.assessment")}>{ for nags }</div>
            <label for="analysis-comment">{ t!("analysis.comment") }</label>
            <textarea id="analysis-comment" key={at.index().to_string()} rows="2" value={note.comment.clone()} onchange={on_comment} />
            <div class="actions tight">
                <button type="button" id="analysis-promote" onclick={act(d, AnalysisAction::Promote)} disabled={!variation}>{ t!("analysis.promote") }</button>
                <button type="button" id="analysis-main-line" onclick={act(d, AnalysisAction::MainLine)} disabled={!variation}>{ t!("analysis.make-main-line") }</button>
                <button type="button" id="analysis-delete" onclick={act(d, AnalysisAction::Delete)}>{ t!("analysis.delete") }</button>
            </div>
        </div>
    }
}

/// The drawings on the position shown, in words, with the control that
/// clears them (nothing when there are none).
fn drawings(b: &AnalysisBoard, d: &Dispatch) -> Html {
    let shapes = &b.tree.note(b.at).shapes;
    if shapes.is_empty() {
        return html! {};
    }
    let kind = b.tree.kind();
    let name = |sq: u8| match kind {
        GameKind::Checkers => checkers_number(sq).map_or_else(|| algebraic(sq), |n| n.to_string()),
        GameKind::Tiers => algebraic(sq),
    };
    let list: Vec<String> = shapes
        .iter()
        .map(|s| {
            let color = say(&Text::new(match s.color {
                ShapeColor::Green => "analysis.color-green",
                ShapeColor::Red => "analysis.color-red",
                ShapeColor::Blue => "analysis.color-blue",
                ShapeColor::Yellow => "analysis.color-yellow",
            }));
            if s.is_mark() {
                t!("analysis.shape-mark", square = name(s.from), color = color)
            } else {
                t!(
                    "analysis.shape-arrow",
                    from = name(s.from),
                    to = name(s.to),
                    color = color
                )
            }
        })
        .collect();
    html! {
        <div class="analysis-drawings" id="analysis-drawings">
            <p>{ t!("analysis.drawings", list = list.join(", ")) }</p>
            <button type="button" id="analysis-clear-drawings" onclick={act(d, AnalysisAction::ClearShapes)}>{ t!("analysis.clear-drawings") }</button>
        </div>
    }
}
