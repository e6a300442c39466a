//! The analysis board's opening explorer, below the engine panel: for the
//! position shown, the moves played from it with their counts and results
//! (a bar and numbers, for the side that played them), from the player's
//! own games (the archive, indexed when the panel opens) or the games
//! collection (a lazy data file, fetched the first time the panel opens);
//! each row names the ACF ballot the move reaches, if it reaches one; a
//! move clicked is played into the tree. Below: the games that reached the
//! position, by any order of moves (position search); one clicked opens
//! on the board at that position.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

use gloo::timers::future::TimeoutFuture;
use tiers_engine::pdn::PdnResult;
use tiers_engine::GameKind;
use yew::prelude::*;

use crate::browser;
use crate::components::Dispatch;
use crate::core::analysis_board::{AnalysisAction, AnalysisBoard};
use crate::core::explorer::{
    ballots, collection_index, position_key, ArchiveIndexing, GameIndex, IndexedGame, MoveStats,
    Source, COLLECTION_PATH, SHOWN_GAMES,
};
use crate::core::i18n::errors::Explain;
use crate::core::i18n::Text;
use crate::core::library::games::Library;
use crate::core::{AnalyseFrom, AppAction, Slice};
use crate::i18n::say;
use crate::t;

/// The collection as loaded (kept for the page's life once it is).
type Loaded = Rc<Result<GameIndex, Text>>;

thread_local! {
    static COLLECTION: RefCell<Option<Loaded>> = const { RefCell::new(None) };
    static BALLOTS: Rc<HashMap<u64, (u16, &'static str)>> = Rc::new(ballots());
}

/// Props of [`Explorer`].
#[derive(Properties, PartialEq, Clone)]
pub struct ExplorerProps {
    /// The analysis board.
    pub board: Slice<AnalysisBoard>,
    /// The games library (its archive).
    pub library: Slice<Library>,
    /// Dispatches actions.
    pub dispatch: Dispatch,
}

/// Which games the explorer shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tab {
    /// The player's archive.
    Mine,
    /// The games collection.
    Collection,
}

/// The share of `part` in `all`, in per cent (0 when there is none).
fn percent(part: u32, all: u32) -> u32 {
    if all == 0 {
        0
    } else {
        (f64::from(part) * 100.0 / f64::from(all)).round() as u32
    }
}

/// A result in words.
fn result_words(result: PdnResult) -> String {
    match result {
        PdnResult::Win(side) => t!("explorer.won", side = side),
        PdnResult::Draw => t!("explorer.drawn"),
        PdnResult::Unknown => t!("explorer.unfinished"),
    }
}

/// One move's row.
fn move_row(i: usize, m: &MoveStats, d: &Dispatch) -> Html {
    let ballot = BALLOTS.with(|b| b.get(&m.after).copied());
    let play = {
        let (d, mv) = (d.clone(), m.mv.clone());
        Callback::from(move |_: MouseEvent| {
            d.dispatch(AppAction::Analysis(AnalysisAction::Play(mv.clone())));
        })
    };
    let decided = m.wins + m.draws + m.losses;
    let (w, dr, l) = (
        percent(m.wins, decided),
        percent(m.draws, decided),
        percent(m.losses, decided),
    );
    let numbers = t!(
        "explorer.results",
        wins = m.wins,
        draws = m.draws,
        losses = m.losses
    );
    html! {
        <tr class="explorer-row" id={format!("explorer-row-{i}")}>
            <th scope="row">
                <button type="button" class="explorer-move" id={format!("explorer-move-{i}")}
                    aria-label={t!("explorer.play", mv = m.mv.clone())} onclick={play}>{ m.mv.clone() }</button>
                if let Some((number, moves)) = ballot {
                    <span class="explorer-ballot">{ t!("explorer.ballot", number = number, moves = moves) }</span>
                }
            </th>
            <td class="explorer-count">{ m.games }</td>
            <td class="explorer-results">
                // SVG geometry, not inline styles (the page's CSP forbids them).
                <svg class="explorer-bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true">
                    <rect class="win" x="0" y="0" width={w.to_string()} height="10" />
                    <rect class="draw" x={w.to_string()} y="0" width={dr.to_string()} height="10" />
                    <rect class="loss" x={(w + dr).to_string()} y="0" width={l.to_string()} height="10" />
                </svg>
                <span class="explorer-numbers">{ numbers }</span>
            </td>
        </tr>
    }
}

/// A found game's title.
fn game_title(g: &IndexedGame, library: &Library) -> String {
    match &g.source {
        Source::Archive(id) => library
            .archive
            .games
            .iter()
            .find(|e| e.id == *id)
            .map(|e| say(&e.title()))
            .unwrap_or_default(),
        Source::Collection { ballot, .. } => {
            let moves = BALLOTS.with(|b| {
                b.values()
                    .find(|(n, _)| n == ballot)
                    .map(|(_, m)| *m)
                    .unwrap_or_default()
            });
            t!("explorer.collection-game", number = *ballot, moves = moves)
        }
    }
}

/// What opens a found game on the board at `ply`.
fn open_found(g: &IndexedGame, library: &Library, kind: GameKind, ply: usize) -> AnalyseFrom {
    let tags = match &g.source {
        Source::Archive(id) => library
            .archive
            .games
            .iter()
            .find(|e| e.id == *id)
            .and_then(|e| e.game().ok())
            .map(|f| f.tags)
            .unwrap_or_default(),
        Source::Collection { ballot, .. } => vec![
            ("Event".to_string(), t!("explorer.collection-event")),
            ("Opening".to_string(), format!("ACF {ballot}")),
            (
                "Result".to_string(),
                g.result
                    .text(<tiers_engine::checkers::Position as tiers_engine::pdn::Variant>::FIRST)
                    .to_string(),
            ),
        ],
    };
    AnalyseFrom::Found {
        kind,
        start: g.start.clone(),
        moves: g.moves.clone(),
        tags,
        ply,
    }
}

/// The opening explorer.
#[component]
pub fn Explorer(props: &ExplorerProps) -> Html {
    let (b, lib, d) = (&props.board, &props.library, &props.dispatch);
    let open = use_state(|| false);
    let tab = use_state(|| Tab::Mine);
    let collection = use_state(|| COLLECTION.with(|c| c.borrow().clone()));
    let kind = b.tree.kind();
    // Fetched the first time the panel opens (checkers only).
    {
        let collection = collection.clone();
        use_effect_with((*open, kind), move |&(open, kind)| {
            if open && kind == GameKind::Checkers && collection.is_none() {
                wasm_bindgen_futures::spawn_local(async move {
                    let loaded: Loaded =
                        Rc::new(match browser::fetch_text(COLLECTION_PATH).await {
                            Ok(text) => collection_index(&text),
                            Err(e) => Err(e.explain()),
                        });
                    // A failed fetch is tried again the next time it opens.
                    if loaded.is_ok() {
                        COLLECTION.with(|c| *c.borrow_mut() = Some(loaded.clone()));
                    }
                    collection.set(Some(loaded));
                });
            }
        });
    }
    // The archive's games of this kind, indexed while the panel is open, a
    // slice of at most some 12 ms at a time between frames (a large archive
    // takes seconds to read back).
    let mine = use_state(|| None::<Rc<GameIndex>>);
    {
        let mine = mine.clone();
        use_effect_with((*open, kind, lib.clone()), move |(open, kind, lib)| {
            let live = Rc::new(Cell::new(true));
            mine.set(None);
            if *open {
                let (live, lib, kind) = (live.clone(), lib.clone(), *kind);
                wasm_bindgen_futures::spawn_local(async move {
                    let mut work = ArchiveIndexing::new(kind);
                    loop {
                        let t0 = js_sys::Date::now();
                        let done =
                            work.step(&lib.archive.games, || js_sys::Date::now() - t0 < 12.0);
                        if !live.get() {
                            return;
                        }
                        if done {
                            mine.set(Some(Rc::new(work.into_index())));
                            return;
                        }
                        TimeoutFuture::new(0).await;
                    }
                });
            }
            move || live.set(false)
        });
    }
    let game = b.record();
    let mut moves = game.move_texts();
    moves.truncate(game.ply());
    let key = position_key(kind, &game.start_text(), &moves);
    let toggle = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    let head = html! {
        <div class="engine-head">
            <h2 id="explorer-title">{ t!("explorer.title") }</h2>
            <button type="button" id="explorer-toggle" aria-expanded={(*open).to_string()}
                aria-controls="explorer-body" onclick={toggle}>
                { if *open { t!("explorer.hide") } else { t!("explorer.show") } }
            </button>
        </div>
    };
    if !*open {
        return html! {
            <section class="explorer-box" id="explorer" aria-labelledby="explorer-title">{ head }</section>
        };
    }
    let pick = |t: Tab| {
        let tab = tab.clone();
        Callback::from(move |_: MouseEvent| tab.set(t))
    };
    let tabs = [
        (Tab::Mine, "explorer-tab-mine", t!("explorer.mine")),
        (
            Tab::Collection,
            "explorer-tab-collection",
            t!("explorer.collection"),
        ),
    ]
    .into_iter()
    .map(|(t, id, label)| {
        let on = *tab == t;
        html! {
            <button type="button" {id} class={classes!("seg", on.then_some("active"))}
                aria-pressed={on.to_string()} onclick={pick(t)}>{ label }</button>
        }
    });
    let index: Result<&GameIndex, String> = match *tab {
        Tab::Mine => mine.as_deref().ok_or_else(|| t!("explorer.loading")),
        Tab::Collection if kind != GameKind::Checkers => {
            Err(t!("explorer.collection-checkers-only"))
        }
        Tab::Collection => match collection.as_ref() {
            None => Err(t!("explorer.loading")),
            Some(loaded) => match loaded.as_ref() {
                Ok(index) => Ok(index),
                Err(why) => Err(t!("explorer.collection-failed", why = why.clone())),
            },
        },
    };
    let body = match (index, key) {
        (Err(message), _) => {
            html! { <p class="hint" id="explorer-status" role="status">{ message }</p> }
        }
        (Ok(_), None) => {
            html! { <p class="hint" id="explorer-status" role="status">{ t!("explorer.no-position") }</p> }
        }
        (Ok(index), Some(key)) => results(index, key, kind, lib, d, *tab),
    };
    html! {
        <section class="explorer-box" id="explorer" aria-labelledby="explorer-title">
            { head }
            <div id="explorer-body">
                <div class="segmented" role="group" aria-label={t!("explorer.source")}>{ for tabs }</div>
                { body }
            </div>
        </section>
    }
}

/// The moves from the position `key` and the games that reached it.
fn results(
    index: &GameIndex,
    key: u64,
    kind: GameKind,
    lib: &Library,
    d: &Dispatch,
    tab: Tab,
) -> Html {
    let stats = index.moves_from(key);
    let found = index.games_at(key);
    let total = index.games.len();
    let summary = if tab == Tab::Mine {
        t!("explorer.mine-count", count = total)
    } else {
        t!("explorer.collection-count", count = total)
    };
    let table = if stats.is_empty() {
        html! { <p class="hint" id="explorer-no-moves">{ t!("explorer.no-moves-here") }</p> }
    } else {
        let rows = stats.iter().enumerate().map(|(i, m)| move_row(i, m, d));
        html! {
            <table class="explorer-moves" id="explorer-moves">
                <caption>{ t!("explorer.moves-caption") }</caption>
                <thead><tr>
                    <th scope="col">{ t!("explorer.move") }</th>
                    <th scope="col">{ t!("explorer.games") }</th>
                    <th scope="col">{ t!("explorer.results-head") }</th>
                </tr></thead>
                <tbody>{ for rows }</tbody>
            </table>
        }
    };
    let games = found.iter().take(SHOWN_GAMES).enumerate().map(|(i, f)| {
        let g = &index.games[f.game];
        let opening = open_found(g, lib, kind, f.ply);
        let onclick = {
            let d = d.clone();
            Callback::from(move |_: MouseEvent| d.dispatch(AppAction::Analyse(opening.clone())))
        };
        html! {
            <li>
                <button type="button" class="explorer-game" id={format!("explorer-game-{i}")} {onclick}>
                    <span class="explorer-game-title">{ game_title(g, lib) }</span>
                    <span class="explorer-game-meta">{ format!("{} · {}", result_words(g.result), t!("explorer.reached-after", count = f.ply)) }</span>
                </button>
            </li>
        }
    });
    let more = found.len().saturating_sub(SHOWN_GAMES);
    html! {
        <>
            <p class="hint" id="explorer-summary">{ summary }</p>
            { table }
            <h3 id="explorer-games-title">{ t!("explorer.games-here", count = found.len()) }</h3>
            if found.is_empty() {
                <p class="hint" id="explorer-no-games">{ t!("explorer.no-games-here") }</p>
            } else {
                <ul class="explorer-games" id="explorer-games" aria-labelledby="explorer-games-title">{ for games }</ul>
            }
            if more > 0 {
                <p class="hint" id="explorer-more">{ t!("explorer.more-games", count = more) }</p>
            }
        </>
    }
}
