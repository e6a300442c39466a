//! The games screen: the archive of finished games (newest first, filtered
//! by game) and games imported from a pasted text or an opened PDN file
//! (any number of games, as CheckerBoard, pydraughts or this app write
//! them, each game that cannot be read listed with the reason). The chosen
//! game is replayed move by move, exported, continued (two players or
//! against the computer), archived or deleted (with undo). A pasted FEN or
//! TFEN opens in the board editor.

use tiers_engine::{Color, GameKind};
use yew::prelude::*;

use crate::browser;
use crate::components::export::ExportBar;
use crate::components::viewer::{use_replay_keys, viewer};
use crate::components::widgets::seg;
use crate::components::{on_click, to, Dispatch};
use crate::core::library::archive::Entry;
use crate::core::library::games::{Chosen, Found, Library, LibraryAction, Source};
use crate::core::review::ReviewFrom;
use crate::core::{AppAction, Slice};

/// At most this many games of a file are listed.
const LISTED: usize = 500;

/// The largest game file read, in megabytes.
const MAX_FILE_MB: u32 = 5;

/// Props of [`GamesScreen`].
#[derive(Properties, PartialEq, Clone)]
pub struct GamesProps {
    /// The library.
    pub library: Slice<Library>,
    /// Dispatches actions.
    pub dispatch: Dispatch,
}

/// A click that sends `msg` (one closure type for every button).
fn on(send: &Callback<LibraryAction>, msg: LibraryAction) -> Callback<MouseEvent> {
    let send = send.clone();
    Callback::from(move |_: MouseEvent| send.emit(msg.clone()))
}

/// Export buttons for a fixed text.
fn export_bar(pdn: (String, String), id: &'static str) -> Html {
    html! { <ExportBar pdn={Callback::from(move |()| pdn.clone())} id={id} /> }
}

fn item(
    title: String,
    result: String,
    meta: String,
    active: bool,
    onclick: Callback<MouseEvent>,
) -> Html {
    html! {
        <li>
            <button type="button" class={if active { "archive-item active" } else { "archive-item" }}
                aria-current={active.then_some("true")} {onclick}>
                <span class="archive-title">{ title }</span>
                <span class="archive-result">{ result }</span>
                <span class="archive-meta">{ meta }</span>
            </button>
        </li>
    }
}

/// The games screen.
#[component]
pub fn GamesScreen(props: &GamesProps) -> Html {
    let u = &props.library;
    let send = to(&props.dispatch, AppAction::Library);
    let chosen = u.chosen(&browser::local_time);
    let (shown, last) = match &chosen {
        Some(Ok(c)) => (u.ply.min(c.record.ply()), c.record.ply()),
        _ => (0, 0),
    };
    let on_ply = send.reform(LibraryAction::Ply);
    use_replay_keys(last > 0, send.reform(LibraryAction::Step));
    let list = match &u.source {
        Source::Archive => archive_list(u, &send),
        Source::File(f) => file_list(f, u, &send),
    };
    let detail = match chosen {
        None => html! {},
        Some(Err(e)) => {
            html! { <p class="archive-detail warn">{ format!("This game cannot be replayed: {e}.") }</p> }
        }
        Some(Ok(c)) => chosen_game(c, shown, &on_ply, &send, &props.dispatch),
    };
    let in_archive = matches!(u.source, Source::Archive);
    let filter_button = |f: Option<GameKind>, label: &'static str| {
        seg(
            in_archive && u.filter == f,
            label,
            on(&send, LibraryAction::Filter(f)),
            "",
        )
    };
    // The archive's games of one kind, in one file.
    let all = match (&u.source, u.filter) {
        (Source::Archive, Some(k)) if !list.rows.is_empty() => Some((
            u.archive
                .games
                .iter()
                .filter(|e| e.kind() == Some(k))
                .map(|e| e.pdn.as_str())
                .collect::<Vec<_>>()
                .join("\n"),
            format!("tiers-archive-{}.pdn", k.name()),
        )),
        _ => None,
    };

    html! {
        <section class="library card" aria-labelledby="games-title">
            <div class="library-head">
                <h1 id="games-title">{ "Games" }</h1>
                <div class="segmented" role="group" aria-label="Archive: show games of">
                    { filter_button(None, "All") }
                    { filter_button(Some(GameKind::Checkers), "Checkers") }
                    { filter_button(Some(GameKind::Tiers), "Tiers") }
                </div>
            </div>
            { import_form(u, &send) }
            if let Some((_, e)) = &u.deleted {
                <div class="undo-bar" role="status">
                    <span>{ format!("Deleted: {} ({}).", e.title(), e.reason) }</span>
                    <button type="button" id="archive-undo" onclick={on(&send, LibraryAction::Undo)}>{ "Undo" }</button>
                </div>
            }
            if let Some(n) = &u.note {
                <p class="export-note" role="status" id="games-note">{ n.clone() }</p>
            }
            <div class="archive-body">
                <div class="archive-list">
                    <p class="count" id="games-summary">{ list.summary }</p>
                    if let Some(e) = list.empty {
                        <p class="empty" id="archive-empty">{ e }</p>
                    }
                    <ul aria-label="Games">{ list.rows }</ul>
                    if let Some(all) = all {
                        { export_bar(all, "archive-all") }
                    }
                </div>
                { detail }
            </div>
        </section>
    }
}

/// Importing: a pasted text or an opened file.
fn import_form(u: &Library, send: &Callback<LibraryAction>) -> Html {
    let on_input = {
        let send = send.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(t) = e.target_dyn_into::<web_sys::HtmlTextAreaElement>() {
                send.emit(LibraryAction::Text(t.value()));
            }
        })
    };
    let on_file = {
        let send = send.clone();
        Callback::from(move |e: Event| {
            let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() else {
                return;
            };
            let send = send.clone();
            browser::read_picked(&input, MAX_FILE_MB, move |name, text| {
                send.emit(match text {
                    Ok(content) => LibraryAction::Take(name, content),
                    Err(e) => LibraryAction::FileError(format!("{name}: {e}")),
                });
            });
        })
    };
    html! {
        <details class="import-form" open={u.archive.games.is_empty()}>
            <summary>{ "Import a game file (PDN), a FEN or a TFEN" }</summary>
            <label for="import-text">{ "Paste a PDN game file (checkers or Tiers), a FEN or a TFEN:" }</label>
            <textarea id="import-text" rows="5" spellcheck="false" value={u.text.clone()} oninput={on_input}
                placeholder={"[Event \"…\"]\n1. 11-15 23-19 2. 8-11 22-17 *\nor B:W18,24,27:BK3,12"} />
            <div class="actions tight">
                <button type="button" class="primary" id="import-read" onclick={on(send, LibraryAction::ReadText)}>{ "Read" }</button>
                <label class="file-button">
                    <input type="file" id="import-file" accept=".pdn,.txt,text/plain" onchange={on_file} />
                    <span>{ "Open a file…" }</span>
                </label>
            </div>
            if let Some(e) = &u.error {
                <p class="warn" role="alert" id="import-error">{ e.clone() }</p>
            }
            <p class="hint">{ "Reading never changes the game in progress; continuing a game from here replaces it." }</p>
        </details>
    }
}

/// The list of games: what it holds, what it says when empty, its rows.
struct List {
    summary: String,
    empty: Option<String>,
    rows: Vec<Html>,
}

/// The archive's games (those of the kind filtered).
fn archive_list(u: &Library, send: &Callback<LibraryAction>) -> List {
    let shown: Vec<&Entry> = u.shown().collect();
    let going = shown.iter().filter(|e| e.result == "*").count();
    let done = shown.len() - going;
    let summary = format!(
        "{done} finished game{}{}",
        if done == 1 { "" } else { "s" },
        match going {
            0 => String::new(),
            1 => ", 1 by link going on".to_string(),
            n => format!(", {n} by link going on"),
        }
    );
    let empty = shown.is_empty().then(|| match u.filter {
        None => "No finished games yet. Every game that ends here, by any result (resignations and agreed draws too), is kept in this list.".to_string(),
        Some(k) => format!("No finished {} games yet.", k.name()),
    });
    let rows = shown
        .iter()
        .map(|e| {
            item(
                e.title(),
                e.reason.clone(),
                format!(
                    "{} · {} moves · {}{}{}",
                    browser::local_time(e.date),
                    e.moves,
                    e.result,
                    match e.hints {
                        0 => String::new(),
                        1 => " · 1 hint".to_string(),
                        n => format!(" · {n} hints"),
                    },
                    if e.review.is_some() {
                        " · reviewed"
                    } else {
                        ""
                    }
                ),
                u.selected == Some(e.id),
                on(send, LibraryAction::Choose(e.id)),
            )
        })
        .collect();
    List {
        summary,
        empty,
        rows,
    }
}

/// The games of an imported file, each that could not be read with why.
fn file_list(f: &Found, u: &Library, send: &Callback<LibraryAction>) -> List {
    let ok = f.games.iter().filter(|g| g.is_ok()).count();
    let bad = f.games.len() - ok;
    let summary = format!(
        "{}: {ok} {} game{}{}",
        f.source,
        f.kind.name(),
        if ok == 1 { "" } else { "s" },
        if bad > 0 {
            format!(", {bad} that could not be read")
        } else {
            String::new()
        }
    );
    let rows = f
        .games
        .iter()
        .take(LISTED)
        .enumerate()
        .map(|(i, g)| match g {
            Ok(g) => {
                let event = g.tag("Event").map(|e| format!("{e} · ")).unwrap_or_default();
                let date = g.tag("Date").map(|d| format!(" · {d}")).unwrap_or_default();
                item(
                    format!("{}. {event}{}", i + 1, g.players()),
                    g.result(),
                    format!("{} moves{date}", g.record.ply()),
                    u.selected == Some(i as u64),
                    on(send, LibraryAction::Choose(i as u64)),
                )
            }
            Err(e) => html! {
                <li class="import-error"><p>{ format!("{}. Could not be read: {e}", i + 1) }</p></li>
            },
        })
        .collect();
    List {
        summary,
        empty: None,
        rows,
    }
}

/// The chosen game, at ply `shown`: replayed, exported, reviewed,
/// continued, archived or deleted.
fn chosen_game(
    c: Chosen,
    shown: usize,
    on_ply: &Callback<usize>,
    send: &Callback<LibraryAction>,
    dispatch: &Dispatch,
) -> Html {
    let record = c.record;
    let side = record.side_at(shown).unwrap_or(Color::Red);
    let over_here = shown == record.ply() && record.outcome().is_some();
    let act = match c.id {
        Some(_) => html! {
            <button type="button" class="danger" id="archive-delete" onclick={on(send, LibraryAction::Delete)}>{ "Delete" }</button>
        },
        None if record.outcome().is_some() => {
            let keep = send.reform(|_: MouseEvent| LibraryAction::Keep {
                id: browser::new_id(),
                now: browser::now(),
            });
            html! {
                <button type="button" id="import-archive" onclick={keep}>{ "Save in the archive" }</button>
            }
        }
        None => html! {},
    };
    html! {
        <section class="archive-detail" aria-label="Chosen game">
            <h2>{ c.title }</h2>
            <p class="archive-reason" id="game-reason">{ c.reason }</p>
            { viewer(&*record, shown, on_ply, "replay") }
            if let Some(pdn) = c.pdn {
                { export_bar(pdn, "archive-export") }
            }
            <div class="actions tight">
                <button type="button" id="archive-review" onclick={on_click(dispatch, AppAction::ReviewGame(ReviewFrom::Games))} disabled={record.ply() == 0}>{ if c.review.is_some() { "Show the review" } else { "Review this game" } }</button>
                <button type="button" class="primary" id="continue-friend" onclick={on(send, LibraryAction::Continue(None))} disabled={over_here}>{ "Continue: two players" }</button>
                <button type="button" id="continue-computer" onclick={on(send, LibraryAction::Continue(Some(side)))} disabled={over_here}>{ format!("Continue as {side} vs computer") }</button>
                { act }
            </div>
        </section>
    }
}
