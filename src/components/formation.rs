//! Setting up Tiers formations: both sides' men on the board, the editor's
//! tools (presets, random, mirror, clear), the engine's live validation,
//! and "ready" / "Start the game". One component for the new game's
//! formations ([`FormationScreen`]) and a tournament match's.

use tiers_engine::tiers::Preset;
use tiers_engine::{Color, GameKind};
use yew::prelude::*;

use crate::browser;
use crate::components::board::Board;
use crate::components::move_box::{texts, MoveBox, TextBoard};
use crate::components::{on_click, to, Dispatch};
use crate::core::formation::{is_start, FormationAction, FormationSetup};
use crate::core::nav::{NavAction, Screen};
use crate::core::session::{capitalise, Opponent, Session, SessionAction};
use crate::core::{AppAction, Slice};
use crate::i18n::say;
use crate::t;

/// Props of [`FormationBoard`].
#[derive(Properties, PartialEq, Clone)]
pub struct FormationBoardProps {
    /// The formations being set up.
    pub setup: FormationSetup,
    /// The board seen from Black's side.
    pub flipped: bool,
    /// The side tabs' names, Red's first ("You (Red)", "Ann (Red)").
    pub names: [String; 2],
    /// A formation action.
    pub on_action: Callback<FormationAction>,
    /// Turn the board round.
    pub on_flip: Callback<()>,
    /// Start the game (both sides ready).
    pub on_begin: Callback<()>,
    /// The board's DOM id prefix.
    pub id: AttrValue,
    /// Offer "Mirror other side".
    #[prop_or_default]
    pub mirror: bool,
    /// Offer "Start the game" (a live game starts by itself).
    #[prop_or(true)]
    pub begin: bool,
    /// Above the tabs: the title and what to do.
    pub head: Html,
    /// The way back (a link-styled button).
    pub back: Html,
}

/// The formation board and its tools.
#[component]
pub fn FormationBoard(props: &FormationBoardProps) -> Html {
    let f = &props.setup;
    let fa = |a: FormationAction| props.on_action.reform(move |_: MouseEvent| a.clone());
    let editing = f.editing;
    let computer = f.computer();
    let side_status = |c: Color| {
        let problems = f.problems(c);
        let count = if f.live && c != editing {
            12
        } else {
            f.squares[c.index()].len()
        };
        let (text, ok) = if f.live && c != editing {
            // The other device's formation: ready or not, never where.
            if f.ready[c.index()] {
                (t!("live.formation-other-ready"), true)
            } else {
                (t!("live.formation-other-setting"), false)
            }
        } else if computer == Some(c) && !f.ready[c.index()] {
            (t!("formation.computer-chooses"), false)
        } else if let Some(p) = problems.first() {
            (capitalise(&say(p)), false)
        } else if f.ready[c.index()] {
            (t!("formation.ready"), true)
        } else {
            (t!("formation.valid"), true)
        };
        html! {
            <button type="button" class={classes!("side-tab", c.name(), (editing == c).then_some("active"), ok.then_some("ok"))}
                onclick={fa(FormationAction::Edit(c))} aria-pressed={(editing == c).to_string()} id={format!("edit-{}", c.name())}>
                <span class={classes!("dot", c.name())} aria-hidden="true"></span>
                <span class="side-name">{ format!("{} · {count}/12", props.names[c.index()]) }</span>
                <span class="side-status" id={format!("formation-status-{}", c.name())}>{ text }</span>
            </button>
        }
    };
    let problems = f.problems(editing);
    let is_ready = f.ready[editing.index()];
    let onpreset = {
        let on_action = props.on_action.clone();
        Callback::from(move |e: Event| {
            if let Some(sel) = e.target_dyn_into::<web_sys::HtmlSelectElement>() {
                if let Some(p) = Preset::from_name(&sel.value()) {
                    on_action.emit(FormationAction::Preset(p));
                }
                sel.set_value("");
            }
        })
    };
    let seeded = |make: fn(u64) -> FormationAction| {
        props
            .on_action
            .reform(move |_: MouseEvent| make(browser::random_seed()))
    };
    let on_text = {
        let (on_action, on_begin) = (props.on_action.clone(), props.on_begin.clone());
        Callback::from(move |text: String| {
            if is_start(&text) {
                on_begin.emit(());
            } else {
                on_action.emit(FormationAction::Typed {
                    text,
                    seed: browser::random_seed(),
                });
            }
        })
    };
    let words = (
        texts::FORMATION_LABEL,
        texts::FORMATION_GO,
        texts::FORMATION_HINT,
    );
    let on_square = props.on_action.reform(FormationAction::Toggle);
    let on_drag = props.on_action.reform(|(a, b)| FormationAction::Move(a, b));
    html! {
        <section class="formation play" aria-labelledby="formation-title">
            <div class="board-col">
                <Board id={props.id.clone()} label={t!("formation.formation-board")} kind={GameKind::Tiers}
                    view={f.view()} flipped={props.flipped} zone={FormationSetup::home_squares(editing)}
                    interactive={!is_ready} {on_square} {on_drag} />
            </div>
            <div class="side-col">
                { props.head.clone() }
                <TextBoard id={props.id.clone()} kind={GameKind::Tiers} view={f.view()} flipped={props.flipped} />
                <div class="side-tabs">
                    { side_status(Color::Red) }
                    { side_status(Color::Black) }
                </div>
                { validation(f) }
                <MoveBox id={props.id.clone()} {on_text} {words} />
                <div class="tools">
                    <select aria-label={t!("formation.preset-formations")} onchange={onpreset} disabled={is_ready} id="preset">
                        <option value="" selected=true>{ t!("formation.presets") }</option>
                        { for Preset::ALL.iter().map(|p| html! { <option value={p.name()}>{ p.name() }</option> }) }
                    </select>
                    <button type="button" onclick={seeded(FormationAction::Random)} disabled={is_ready} id="formation-random">{ t!("formation.random") }</button>
                    if props.mirror {
                        <button type="button" onclick={fa(FormationAction::Mirror)} disabled={is_ready} id="formation-mirror">{ t!("formation.mirror-other-side") }</button>
                    }
                    <button type="button" onclick={fa(FormationAction::Clear)} disabled={is_ready} id="formation-clear">{ t!("formation.clear") }</button>
                    <button type="button" onclick={props.on_flip.reform(|_: MouseEvent| ())}>{ t!("formation.flip-board") }</button>
                </div>
                <div class="actions">
                    if is_ready {
                        if !f.live {
                            <button type="button" onclick={fa(FormationAction::Unready)} id="formation-change">{ t!("formation.change") }</button>
                        }
                    } else {
                        <button type="button" class="primary" onclick={seeded(FormationAction::Ready)} disabled={!problems.is_empty()} id="formation-ready">
                            { t!("formation.side-ready", editing = editing) }
                        </button>
                    }
                    if props.begin {
                        <button type="button" class="primary big" onclick={props.on_begin.reform(|_: MouseEvent| ())} disabled={!f.complete()} id="begin-tiers">{ t!("formation.start-the-game") }</button>
                    }
                    { props.back.clone() }
                </div>
            </div>
        </section>
    }
}

/// The live validation of the side being edited and the last note (what a
/// preset, mirror or drop did).
fn validation(f: &FormationSetup) -> Html {
    let editing = f.editing;
    let problems = f.problems(editing);
    html! {
        <>
            <div class="validation" aria-live="polite" id="formation-validation">
                if problems.is_empty() {
                    <p class="ok">{ t!("formation.side-valid", editing = editing) }</p>
                } else {
                    <ul>{ for problems.iter().map(|p| html! { <li>{ capitalise(&say(p)) }</li> }) }</ul>
                }
            </div>
            // Always on the page, so that what appears in it is read out.
            <div role="status" class="formation-notes">
                if let Some(note) = &f.note {
                    <p class="note" id="formation-note">{ say(note) }</p>
                }
            </div>
        </>
    }
}

/// Props of [`FormationScreen`].
#[derive(Properties, PartialEq, Clone)]
pub struct FormationProps {
    /// The formations.
    pub formation: Slice<FormationSetup>,
    /// The game to come (its orientation).
    pub session: Slice<Session>,
    /// Dispatches actions.
    pub dispatch: Dispatch,
}

/// The new Tiers game's formations.
#[component]
pub fn FormationScreen(props: &FormationProps) -> Html {
    let f = &props.formation;
    let d = &props.dispatch;
    let names = Color::ALL.map(|c| match (f.opponent, f.computer()) {
        (Opponent::Computer { .. }, Some(cc)) if cc == c => t!("formation.computer-side", c = c),
        (Opponent::Computer { .. }, _) => t!("formation.you-side", c = c),
        _ => t!("side.name", side = c),
    });
    let editing = f.editing;
    let head = html! {
        <>
            <h1 id="formation-title">{ t!("formation.set-up-the-formations") }</h1>
            <p class="hint">{ t!("formation.how", editing = editing) }</p>
        </>
    };
    let back = html! {
        <button type="button" class="link" onclick={on_click(d, AppAction::Nav(NavAction::Show(Screen::NewGame)))}>{ t!("formation.back") }</button>
    };
    html! {
        <FormationBoard setup={(**f).clone()} flipped={props.session.flipped} {names}
            on_action={to(d, AppAction::Formation)} on_flip={to(d, |()| AppAction::Game(SessionAction::Flip))}
            on_begin={to(d, |()| AppAction::BeginTiers)} id="formation" mirror=true {head} {back} />
    }
}
