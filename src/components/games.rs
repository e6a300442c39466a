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
use crate::core::i18n::Text;
use crate::core::library::archive::Entry;
use crate::core::library::games::{Chosen, Found, Library, LibraryAction, Source};
use crate::core::nav::{NavAction, Screen};
use crate::core::review::ReviewFrom;
use crate::core::{AnalyseFrom, AppAction, Slice};
use crate::i18n;
use crate::t;

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
    let chosen = u.chosen(&i18n::date_time);
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
            html! { <p class="archive-detail warn">{ t!("games.cannot-replay", why = e.clone()) }</p> }
        }
        Some(Ok(c)) => chosen_game(c, shown, &on_ply, &send, &props.dispatch),
    };
    let in_archive = matches!(u.source, Source::Archive);
    let filter_button = |f: Option<GameKind>, label: String| {
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
                <h1 id="games-title">{ t!("games.games") }</h1>
                <div class="segmented" role="group" aria-label={t!("games.archive-show-games-of")}>
                    { filter_button(None, t!("games.all")) }
                    { filter_button(Some(GameKind::Checkers), t!("game.checkers")) }
                    { filter_button(Some(GameKind::Tiers), t!("game.tiers")) }
                </div>
                <button type="button" id="show-statistics" onclick={on_click(&props.dispatch, AppAction::Nav(NavAction::Show(Screen::Statistics)))}>{ t!("stats.title") }</button>
            </div>
            { import_form(u, &send) }
            if let Some((_, e)) = &u.deleted {
                <div class="undo-bar" role="status">
                    <span>{ t!("games.deleted", title = e.title(), reason = e.reason()) }</span>
                    <button type="button" id="archive-undo" onclick={on(&send, LibraryAction::Undo)}>{ t!("games.undo") }</button>
                </div>
            }
            if let Some(n) = &u.note {
                <p class="export-note" role="status" id="games-note">{ crate::i18n::say(n) }</p>
            }
            <div class="archive-body">
                <div class="archive-list">
                    <p class="count" id="games-summary">{ list.summary }</p>
                    if let Some(e) = list.empty {
                        <p class="empty" id="archive-empty">{ e }</p>
                    }
                    <ul aria-label={t!("games.games")}>{ list.rows }</ul>
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
    import_box(&ImportBox {
        id: "import",
        text: &u.text,
        error: u.error.as_ref(),
        open: u.archive.games.is_empty(),
        hint: Some(t!("games.reading-never-changes-the")),
        on_text: send.reform(LibraryAction::Text),
        on_read: send.reform(|()| LibraryAction::ReadText),
        on_file: send.reform(|(name, text): (String, Result<String, Text>)| match text {
            Ok(content) => LibraryAction::Take(name, content),
            Err(why) => LibraryAction::FileError(name, why),
        }),
    })
}

/// What an import box shows and does (the games screen's, the analysis
/// board's).
pub struct ImportBox<'a> {
    /// The prefix of its DOM ids (`import`: `import-text`, `import-read`,
    /// `import-file`, `import-error`).
    pub id: &'static str,
    /// The text typed or pasted.
    pub text: &'a str,
    /// Why the last reading failed.
    pub error: Option<&'a Text>,
    /// Whether it starts open.
    pub open: bool,
    /// A line under it.
    pub hint: Option<String>,
    /// The text changed.
    pub on_text: Callback<String>,
    /// Read the text.
    pub on_read: Callback<()>,
    /// A file was opened: its name, and its text or why it cannot be read.
    pub on_file: Callback<(String, Result<String, Text>)>,
}

/// A box to paste a PDN game (or FEN / TFEN) into or open a file with.
pub fn import_box(b: &ImportBox<'_>) -> Html {
    let id = b.id;
    let on_input = b.on_text.reform(|e: InputEvent| {
        e.target_dyn_into::<web_sys::HtmlTextAreaElement>()
            .map(|t| t.value())
            .unwrap_or_default()
    });
    let on_file = {
        let send = b.on_file.clone();
        Callback::from(move |e: Event| {
            let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() else {
                return;
            };
            let send = send.clone();
            browser::read_picked(&input, MAX_FILE_MB, move |name, text| {
                send.emit((name, text))
            });
        })
    };
    html! {
        <details class="import-form" open={b.open}>
            <summary>{ t!("games.import-a-game-file") }</summary>
            <label for={format!("{id}-text")}>{ t!("games.paste-a-pdn-game") }</label>
            <textarea id={format!("{id}-text")} rows="5" spellcheck="false" value={b.text.to_string()} oninput={on_input}
                placeholder={t!("games.import-placeholder", pdn = "[Event \"…\"]\n1. 11-15 23-19 2. 8-11 22-17 *", fen = "B:W18,24,27:BK3,12")} />
            <div class="actions tight">
                <button type="button" class="primary" id={format!("{id}-read")} onclick={b.on_read.reform(|_: MouseEvent| ())}>{ t!("games.read") }</button>
                <label class="file-button">
                    <input type="file" id={format!("{id}-file")} accept=".pdn,.txt,text/plain" onchange={on_file} />
                    <span>{ t!("games.open-a-file") }</span>
                </label>
            </div>
            if let Some(e) = b.error {
                <p class="warn" role="alert" id={format!("{id}-error")}>{ i18n::say(e) }</p>
            }
            if let Some(hint) = &b.hint {
                <p class="hint">{ hint.clone() }</p>
            }
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
    let summary = match going {
        0 => t!("games.finished", count = done),
        n => t!("games.finished-and-going", count = done, going = n),
    };
    let empty = shown.is_empty().then(|| match u.filter {
        None => t!("games.none-yet"),
        Some(k) => t!("games.none-of-kind", game = k),
    });
    let rows = shown
        .iter()
        .map(|e| {
            item(
                i18n::say(&e.title()),
                i18n::say(&e.reason()),
                format!(
                    "{}{}{}",
                    t!(
                        "games.entry",
                        date = i18n::date_time(e.date),
                        count = e.moves,
                        result = e.result.clone()
                    ),
                    match e.hints {
                        0 => String::new(),
                        n => format!(" {}", t!("games.entry-hints", count = n)),
                    },
                    if e.review.is_some() {
                        format!(" {}", t!("games.entry-reviewed"))
                    } else {
                        String::new()
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
    let summary = if bad > 0 {
        t!(
            "games.file-summary-bad",
            source = f.source.clone(),
            game = f.kind,
            count = ok,
            bad = bad
        )
    } else {
        t!(
            "games.file-summary",
            source = f.source.clone(),
            game = f.kind,
            count = ok
        )
    };
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
                    format!("{}. {event}{}", i + 1, i18n::say(&g.players())),
                    i18n::say(&g.result()),
                    format!("{}{date}", t!("games.moves", count = g.record.ply())),
                    u.selected == Some(i as u64),
                    on(send, LibraryAction::Choose(i as u64)),
                )
            }
            Err(e) => html! {
                <li class="import-error"><p>{ t!("games.unreadable", number = i + 1, why = e.clone()) }</p></li>
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
            <button type="button" class="danger" id="archive-delete" onclick={on(send, LibraryAction::Delete)}>{ t!("games.delete") }</button>
        },
        None if record.outcome().is_some() => {
            let keep = send.reform(|_: MouseEvent| LibraryAction::Keep {
                id: browser::new_id(),
                now: browser::now(),
            });
            html! {
                <button type="button" id="import-archive" onclick={keep}>{ t!("games.save-in-the-archive") }</button>
            }
        }
        None => html! {},
    };
    html! {
        <section class="archive-detail" aria-label={t!("games.chosen-game")}>
            <h2>{ i18n::say(&c.title) }</h2>
            <p class="archive-reason" id="game-reason">{ i18n::say(&c.reason) }</p>
            { viewer(&*record, shown, on_ply, "replay") }
            if let Some(pdn) = c.pdn {
                { export_bar(pdn, "archive-export") }
            }
            <div class="actions tight">
                <button type="button" id="archive-review" onclick={on_click(dispatch, AppAction::ReviewGame(ReviewFrom::Games))} disabled={record.ply() == 0}>{ if c.review.is_some() { t!("games.show-the-review") } else { t!("games.review-this-game") } }</button>
                <button type="button" id="archive-analyse" onclick={on_click(dispatch, AppAction::Analyse(AnalyseFrom::Games))}>{ t!("analysis.open") }</button>
                <button type="button" class="primary" id="continue-friend" onclick={on(send, LibraryAction::Continue(None))} disabled={over_here}>{ t!("games.continue-two-players") }</button>
                <button type="button" id="continue-computer" onclick={on(send, LibraryAction::Continue(Some(side)))} disabled={over_here}>{ t!("games.continue-computer", side = side) }</button>
                { act }
            </div>
        </section>
    }
}
