//! The games screen: the archive of finished games (newest first, filtered
//! by game) and games imported from a pasted text or an opened PDN file
//! (any number of games, as CheckerBoard, pydraughts or this app write
//! them, each game that cannot be read listed with the reason). The chosen
//! game is replayed move by move, exported, continued (two players or
//! against the computer), archived or deleted (with undo). A pasted FEN or
//! TFEN opens in the board editor.

use std::rc::Rc;

use tiers_engine::{Color, GameKind};
use yew::platform::spawn_local;
use yew::prelude::*;

use crate::components::export::ExportBar;
use crate::components::viewer::{use_replay_keys, viewer, Step};
use crate::components::widgets::seg;
use crate::library::archive::{Archive, Entry};
use crate::library::editor::EditorAction;
use crate::library::files::{self, file_name, FileGame, Reading};
use crate::library::{browser, load, pdn_date, rebuild, store, Declared, GameMeta};
use crate::record::Record;
use crate::state::{Action, GameState, LoadGame, Opponent, Screen};

/// At most this many games of a file are listed.
const LISTED: usize = 500;

/// Props of the library screens.
#[derive(Properties, PartialEq, Clone)]
pub struct ScreenProps {
    /// The app state.
    pub state: UseReducerHandle<GameState>,
}

/// A local date and time: "2024-05-01 14:05".
#[must_use]
pub fn local_time(ms: u64) -> String {
    let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms as f64));
    format!(
        "{:04}-{:02}-{:02} {:02}:{:02}",
        d.get_full_year(),
        d.get_month() + 1,
        d.get_date(),
        d.get_hours(),
        d.get_minutes()
    )
}

/// The game of a record at `ply` (the moves after it kept for redo), as a
/// two-player game to go on with.
pub fn open_at(record: &dyn Record, ply: usize) -> Result<LoadGame, String> {
    let moves = record.move_texts();
    let last = record.ply().min(moves.len());
    let declared = if ply >= last {
        Declared::of(record.outcome())
    } else {
        None
    };
    let record = rebuild(
        record.kind(),
        &record.start_text(),
        &moves[..last],
        ply.min(last),
        declared,
    )?;
    Ok(LoadGame {
        record,
        opponent: Opponent::Friend,
        flipped: false,
    })
}

/// Games read from a file.
struct Found {
    source: String,
    kind: GameKind,
    games: Vec<Result<Rc<FileGame>, String>>,
}

/// Where the listed games come from.
#[derive(Clone)]
enum Source {
    Archive,
    File(Rc<Found>),
}

/// The screen's own state (one cell, redrawn on change).
struct Ui {
    archive: Rc<Archive>,
    source: Source,
    /// The archive's game filter.
    filter: Option<GameKind>,
    /// The chosen game: an archive id, or an index in the file.
    selected: Option<u64>,
    /// The ply shown (clamped to the game).
    ply: usize,
    /// The last deleted game and where it was, for undo.
    deleted: Option<(usize, Entry)>,
    note: Option<String>,
    /// The import box.
    text: String,
    error: Option<String>,
}

impl Ui {
    /// Stores a changed archive; the note says how it went.
    fn store(&mut self, a: Archive, done: Option<&str>) {
        self.note = match store::save_archive(&a) {
            Ok(()) => done.map(str::to_string),
            Err(e) => Some(format!("The archive could not be saved: {e}.")),
        };
        self.archive = Rc::new(a);
    }

    /// The chosen game, or why it cannot be replayed.
    fn chosen(&self) -> Option<Result<Chosen, String>> {
        let selected = self.selected?;
        match &self.source {
            Source::Archive => {
                let e = self.archive.games.iter().find(|e| e.id == selected)?;
                Some(e.game().map(|g| Chosen {
                    title: e.title(),
                    reason: format!("{} · {}", e.reason, local_time(e.date)),
                    record: g.record,
                    pdn: Some((
                        e.pdn.clone(),
                        file_name(e.kind().unwrap_or(GameKind::Checkers), &pdn_date(e.date)),
                    )),
                    tags: g.tags,
                    id: Some(e.id),
                }))
            }
            Source::File(f) => {
                let g = f.games.get(selected as usize)?.as_ref().ok()?;
                Some(Ok(Chosen {
                    title: g.players(),
                    reason: g.result(),
                    record: g.record.clone(),
                    pdn: None,
                    tags: g.tags.clone(),
                    id: None,
                }))
            }
        }
    }
}

/// The chosen game.
struct Chosen {
    title: String,
    reason: String,
    record: Box<dyn Record>,
    /// Its PDN and download name.
    pdn: Option<(String, String)>,
    tags: Vec<(String, String)>,
    /// The archive id, for archived games.
    id: Option<u64>,
}

/// What the screen's controls ask for.
#[derive(Clone)]
enum Msg {
    /// Show this game (an archive id or an index in the file).
    Choose(u64),
    /// Read a text (its source's name and the text).
    Take(String, String),
    /// The import box changed.
    Text(String),
    /// Read the import box.
    ReadText,
    /// An opened file could not be read.
    FileError(String),
    /// Show this ply of the chosen game.
    Ply(usize),
    /// Step through the chosen game (a key).
    Step(Step),
    /// Go on with the chosen game from the ply shown: two players, or the
    /// person playing this colour against the computer.
    Continue(Option<Color>),
    /// Delete the chosen archived game.
    Delete,
    /// Put the chosen imported game in the archive.
    Keep,
    /// Show the archive, of one game or all.
    Filter(Option<GameKind>),
    /// Bring the last deleted game back.
    Undo,
}

/// Carries out `msg`; false when nothing on the screen changes.
fn update(state: &UseReducerHandle<GameState>, u: &mut Ui, msg: Msg) -> bool {
    match msg {
        Msg::Choose(id) => {
            u.selected = Some(id);
            u.ply = usize::MAX;
            u.note = None;
        }
        Msg::Text(t) => {
            u.text = t;
            return false;
        }
        Msg::ReadText => {
            let text = u.text.clone();
            return update(state, u, Msg::Take("The pasted text".into(), text));
        }
        Msg::FileError(e) => u.error = Some(e),
        // Importing: a position goes to the editor, games are listed.
        Msg::Take(name, content) => {
            u.note = None;
            u.error = None;
            match files::read(&content) {
                Err(e) => u.error = Some(format!("{name}: {e}")),
                Ok(Reading::Position { kind, text }) => {
                    state.dispatch(Action::Editor(EditorAction::Load(kind, text)));
                    state.dispatch(Action::Show(Screen::Editor));
                }
                Ok(Reading::Games { kind, games }) => {
                    u.selected = games.iter().position(Result::is_ok).map(|i| i as u64);
                    u.source = Source::File(Rc::new(Found {
                        source: name,
                        kind,
                        games: games.into_iter().map(|g| g.map(Rc::new)).collect(),
                    }));
                    u.ply = usize::MAX;
                }
            }
        }
        Msg::Ply(p) => u.ply = p,
        Msg::Step(step) => {
            let Some(Ok(c)) = u.chosen() else {
                return false;
            };
            let next = step.from(u.ply, c.record.ply());
            if next == u.ply.min(c.record.ply()) {
                return false;
            }
            u.ply = next;
        }
        Msg::Continue(human) => {
            let Some(Ok(c)) = u.chosen() else {
                return false;
            };
            match open_at(&*c.record, u.ply) {
                Ok(mut l) => {
                    if let Some(human) = human {
                        l.opponent = Opponent::Computer {
                            level: state.settings.level,
                            human,
                        };
                        l.flipped = human == Color::Black;
                    }
                    let meta = GameMeta {
                        tags: c.tags,
                        ..GameMeta::default()
                    };
                    load(state, l, meta);
                }
                Err(e) => u.note = Some(format!("This game cannot be continued: {e}.")),
            }
        }
        Msg::Delete => {
            let mut a = (*u.archive).clone();
            if let Some(removed) = u.selected.and_then(|id| a.remove(id)) {
                u.deleted = Some(removed);
                u.selected = None;
                u.store(a, None);
            }
        }
        Msg::Keep => {
            let Some(Ok(c)) = u.chosen() else {
                return false;
            };
            let meta = GameMeta {
                id: store::new_id(),
                started: store::now(),
                tags: c.tags,
            };
            if let Some(entry) = Entry::of(&*c.record, Opponent::Friend, &meta, store::now()) {
                let mut a = (*u.archive).clone();
                a.upsert(entry);
                u.store(a, Some("Saved in the archive."));
            }
        }
        Msg::Filter(f) => {
            u.filter = f;
            u.source = Source::Archive;
        }
        Msg::Undo => {
            if let Some((at, entry)) = u.deleted.take() {
                let mut a = (*u.archive).clone();
                u.selected = Some(entry.id);
                a.restore(at, entry);
                u.store(a, None);
            }
        }
    }
    true
}

/// A click that sends `msg` (one closure type for every button).
fn on(send: &Callback<Msg>, msg: Msg) -> Callback<MouseEvent> {
    let send = send.clone();
    Callback::from(move |_: MouseEvent| send.emit(msg.clone()))
}

/// Export buttons for a fixed text.
fn export_bar(pdn: (String, String), id: &'static str) -> Html {
    html! { <ExportBar pdn={Callback::from(move |()| pdn.clone())} id={id} /> }
}

/// `<span class="…">text</span>` (one function: each element written out in
/// `html!` costs page size).
#[inline(never)]
fn span(class: &'static str, text: String) -> Html {
    html! { <span {class}>{ text }</span> }
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
                { span("archive-title", title) }
                { span("archive-result", result) }
                { span("archive-meta", meta) }
            </button>
        </li>
    }
}

/// The games screen.
#[component]
pub fn GamesScreen(props: &ScreenProps) -> Html {
    let state = props.state.clone();
    let ui = use_mut_ref(|| Ui {
        archive: Rc::new(store::read_archive().archive),
        source: Source::Archive,
        filter: None,
        selected: None,
        ply: usize::MAX,
        deleted: None,
        note: None,
        text: String::new(),
        error: None,
    });
    let redraw = use_force_update();
    let send = {
        let (ui, redraw) = (ui.clone(), redraw.clone());
        Callback::from(move |msg: Msg| {
            let changed = update(&state, &mut ui.borrow_mut(), msg);
            if changed {
                redraw.force_update();
            }
        })
    };
    let on_input = {
        let send = send.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(t) = e.target_dyn_into::<web_sys::HtmlTextAreaElement>() {
                send.emit(Msg::Text(t.value()));
            }
        })
    };
    let on_file = {
        let send = send.clone();
        Callback::from(move |e: Event| {
            let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() else {
                return;
            };
            let Some(file) = input.files().and_then(|f| f.get(0)) else {
                return;
            };
            input.set_value("");
            let send = send.clone();
            spawn_local(async move {
                let name = file.name();
                send.emit(match browser::read_file(file).await {
                    Ok(content) => Msg::Take(name, content),
                    Err(e) => Msg::FileError(format!("{name}: {e}")),
                });
            });
        })
    };

    let chosen = ui.borrow().chosen();
    let (shown, last) = match &chosen {
        Some(Ok(c)) => (ui.borrow().ply.min(c.record.ply()), c.record.ply()),
        _ => (0, 0),
    };
    let on_ply = send.reform(Msg::Ply);
    use_replay_keys(last > 0, send.reform(Msg::Step));

    let u = ui.borrow();
    // The list.
    let mut rows = Vec::new();
    let summary;
    let mut empty = None;
    match &u.source {
        Source::Archive => {
            let shown: Vec<&Entry> = u
                .archive
                .games
                .iter()
                .filter(|e| u.filter.is_none_or(|k| e.kind() == Some(k)))
                .collect();
            summary = format!(
                "{} finished game{}",
                shown.len(),
                if shown.len() == 1 { "" } else { "s" }
            );
            if shown.is_empty() {
                empty = Some(match u.filter {
                    None => "No finished games yet. Every game that ends here, by any result (resignations and agreed draws too), is kept in this list.".to_string(),
                    Some(k) => format!("No finished {} games yet.", k.name()),
                });
            }
            for e in &shown {
                rows.push(item(
                    e.title(),
                    e.reason.clone(),
                    format!("{} · {} moves · {}", local_time(e.date), e.moves, e.result),
                    u.selected == Some(e.id),
                    on(&send, Msg::Choose(e.id)),
                ));
            }
        }
        Source::File(f) => {
            let ok = f.games.iter().filter(|g| g.is_ok()).count();
            let bad = f.games.len() - ok;
            summary = format!(
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
            for (i, g) in f.games.iter().take(LISTED).enumerate() {
                rows.push(match g {
                    Ok(g) => {
                        let event = g.tag("Event").map(|e| format!("{e} · ")).unwrap_or_default();
                        let date = g.tag("Date").map(|d| format!(" · {d}")).unwrap_or_default();
                        item(
                            format!("{}. {event}{}", i + 1, g.players()),
                            g.result(),
                            format!("{} moves{date}", g.record.ply()),
                            u.selected == Some(i as u64),
                            on(&send, Msg::Choose(i as u64)),
                        )
                    }
                    Err(e) => html! {
                        <li class="import-error"><p>{ format!("{}. Could not be read: {e}", i + 1) }</p></li>
                    },
                });
            }
        }
    }

    // The chosen game.
    let detail = match chosen {
        None => html! {},
        Some(Err(e)) => {
            html! { <p class="archive-detail warn">{ format!("This game cannot be replayed: {e}.") }</p> }
        }
        Some(Ok(c)) => {
            let record = c.record;
            let side = record.side_at(shown).unwrap_or(Color::Red);
            let over_here = shown == record.ply() && record.outcome().is_some();
            let act = match c.id {
                Some(_) => html! {
                    <button type="button" class="danger" id="archive-delete" onclick={on(&send, Msg::Delete)}>{ "Delete" }</button>
                },
                None if record.outcome().is_some() => html! {
                    <button type="button" id="import-archive" onclick={on(&send, Msg::Keep)}>{ "Save in the archive" }</button>
                },
                None => html! {},
            };
            html! {
                <section class="archive-detail" aria-label="Chosen game">
                    <h2>{ c.title }</h2>
                    <p class="archive-reason" id="game-reason">{ c.reason }</p>
                    { viewer(&*record, shown, &on_ply, "replay") }
                    if let Some(pdn) = c.pdn {
                        { export_bar(pdn, "archive-export") }
                    }
                    <div class="actions tight">
                        <button type="button" class="primary" id="continue-friend" onclick={on(&send, Msg::Continue(None))} disabled={over_here}>{ "Continue: two players" }</button>
                        <button type="button" id="continue-computer" onclick={on(&send, Msg::Continue(Some(side)))} disabled={over_here}>{ format!("Continue as {side} vs computer") }</button>
                        { act }
                    </div>
                </section>
            }
        }
    };

    let in_archive = matches!(u.source, Source::Archive);
    let filter_button = |f: Option<GameKind>, label: &'static str| {
        seg(
            in_archive && u.filter == f,
            label,
            on(&send, Msg::Filter(f)),
            "",
        )
    };
    let all = match (&u.source, u.filter) {
        (Source::Archive, Some(k)) if !rows.is_empty() => Some((
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
            <details class="import-form" open={u.archive.games.is_empty()}>
                <summary>{ "Import a game file (PDN), a FEN or a TFEN" }</summary>
                <label for="import-text">{ "Paste a PDN game file (checkers or Tiers), a FEN or a TFEN:" }</label>
                <textarea id="import-text" rows="5" spellcheck="false" value={u.text.clone()} oninput={on_input}
                    placeholder={"[Event \"…\"]\n1. 11-15 23-19 2. 8-11 22-17 *\nor B:W18,24,27:BK3,12"} />
                <div class="actions tight">
                    <button type="button" class="primary" id="import-read" onclick={on(&send, Msg::ReadText)}>{ "Read" }</button>
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
            if let Some((_, e)) = &u.deleted {
                <div class="undo-bar" role="status">
                    <span>{ format!("Deleted: {} ({}).", e.title(), e.reason) }</span>
                    <button type="button" id="archive-undo" onclick={on(&send, Msg::Undo)}>{ "Undo" }</button>
                </div>
            }
            if let Some(n) = &u.note {
                <p class="export-note" role="status" id="games-note">{ n.clone() }</p>
            }
            <div class="archive-body">
                <div class="archive-list">
                    <p class="count" id="games-summary">{ summary }</p>
                    if let Some(e) = empty {
                        <p class="empty" id="archive-empty">{ e }</p>
                    }
                    <ul aria-label="Games">{ rows }</ul>
                    if let Some(all) = all {
                        { export_bar(all, "archive-all") }
                    }
                </div>
                { detail }
            </div>
        </section>
    }
}
