//! The AI agent, run in a web worker: an [`AiRequest`] comes in; progress
//! reports after each completed search depth and then the chosen move go
//! out as [`AiReply`]s, each tagged with the request's id.

use gloo_worker::{HandlerId, Worker, WorkerScope};
use std::sync::Arc;

use tiers_engine::book::Book;
use tiers_engine::egdb::Egdb;
use tiers_engine::search::{Evaluate, SearchConfig, SearchLimits, Searcher};
use tiers_engine::{checkers, tiers, Game, GameKind, Position};

use crate::core::ai::{AiReply, AiRequest};

/// Answers one request with `searcher`, calling `send` for every reply.
pub fn think(searcher: &mut Searcher, req: &AiRequest, send: &mut dyn FnMut(AiReply)) {
    match req.kind {
        GameKind::Checkers => think_in::<checkers::Position>(searcher, req, send),
        GameKind::Tiers => think_in::<tiers::Position>(searcher, req, send),
    }
}

fn think_in<P: Evaluate>(searcher: &mut Searcher, req: &AiRequest, send: &mut dyn FnMut(AiReply)) {
    let id = req.id;
    let fail = |message: String| AiReply::Error { id, message };
    let start = match P::parse(&req.start) {
        Ok(p) => p,
        Err(e) => return send(fail(format!("bad start position: {e}"))),
    };
    let mut game = Game::new(start);
    for (i, text) in req.moves.iter().enumerate() {
        if let Err(e) = game.play_text(text) {
            return send(fail(format!("move {} ({text}): {e}", i + 1)));
        }
    }
    let history: Vec<u64> = (0..game.ply())
        .filter_map(|i| game.position_at(i).map(Position::zobrist))
        .collect();
    let config = SearchConfig {
        limits: SearchLimits::time(req.movetime_ms.clamp(50, 10_000)),
        level: req.level,
        seed: req.seed,
    };
    let pos = game.position().clone();
    let result = searcher.search(&pos, &history, &config, |info| {
        send(AiReply::Info {
            id,
            depth: info.depth,
            score: info.score,
            nodes: info.nodes,
            pv: info.pv.clone(),
        });
    });
    match result {
        Some(r) => send(AiReply::Move {
            id,
            text: pos.move_to_string(&r.best),
        }),
        None => send(fail("no legal move".into())),
    }
}

/// The web worker.
pub struct AiAgent {
    searcher: Searcher,
    endgames: Endgames,
    /// The opening book: fetched like the endgame database, by the first
    /// checkers search of a level that plays from it (5-8); a book that
    /// cannot be had is played without, and nobody is told.
    book: Endgames,
    /// A search waiting for the endgame database or the book, and who
    /// asked.
    held: Option<(AiRequest, HandlerId)>,
}

/// A data file of this worker (the checkers endgame database, the opening
/// book): fetched when a search that uses it is first asked for; until it
/// is there the computer searches without it.
enum Endgames {
    /// Not needed yet.
    NotAsked,
    /// On its way.
    Loading,
    /// Given to the searcher.
    Ready,
    /// It could not be had: why, and whether the page was told.
    Failed(String, bool),
}

/// Where the page's build keeps the database (`./dev build` makes it with
/// `tiers egdb pack --pieces 4`): relative to the worker's script, which
/// sits beside the page.
pub const EGDB_PATH: &str = "./data/egdb/checkers-4.egdb";

/// Where the page's build keeps the opening book (committed,
/// `tiers book build`).
pub const BOOK_PATH: &str = "./data/book/checkers.book";

/// Fetches and checks the database; the error is one line.
async fn fetch_egdb() -> Result<Egdb, String> {
    let bytes = fetch(EGDB_PATH).await?;
    Egdb::from_bytes(&bytes).map_err(|e| e.to_string())
}

/// Fetches and reads the opening book; the error is one line.
async fn fetch_book() -> Result<Book, String> {
    let bytes = fetch(BOOK_PATH).await?;
    Book::from_file(&bytes).map_err(|e| e.to_string())
}

/// The bytes of a file beside the worker's script; the error is one line.
async fn fetch(path: &str) -> Result<Vec<u8>, String> {
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::JsFuture;
    let scope: web_sys::WorkerGlobalScope = js_sys::global().unchecked_into();
    let response = JsFuture::from(scope.fetch_with_str(path))
        .await
        .map_err(|_| "it could not be downloaded".to_string())?;
    let response: web_sys::Response = response.unchecked_into();
    if !response.ok() {
        return Err(format!("the server answered {}", response.status()));
    }
    let buffer = response
        .array_buffer()
        .map_err(|_| "it could not be read".to_string())?;
    let buffer = JsFuture::from(buffer)
        .await
        .map_err(|_| "it could not be read".to_string())?;
    Ok(js_sys::Uint8Array::new(&buffer).to_vec())
}

/// What reaches the agent besides requests.
pub enum Event {
    /// The endgame database arrived, or why not.
    Loaded(Result<Egdb, String>),
    /// The opening book arrived, or why not.
    BookLoaded(Result<Book, String>),
    /// The wait for it is over: a search held back goes without it.
    Waited,
}

/// How long a search that would use the endgame database waits for it the
/// first time, in milliseconds (the file is usually in the service
/// worker's cache and loads in a moment).
pub const EGDB_WAIT_MS: u32 = 3000;

impl AiAgent {
    fn answer(&mut self, scope: &WorkerScope<Self>, req: &AiRequest, who: HandlerId) {
        if let Endgames::Failed(message, told @ false) = &mut self.endgames {
            *told = true;
            scope.respond(
                who,
                AiReply::Unavailable {
                    id: req.id,
                    message: message.clone(),
                },
            );
        }
        think(&mut self.searcher, req, &mut |reply| {
            scope.respond(who, reply)
        });
    }
}

impl Worker for AiAgent {
    type Message = Event;
    type Input = AiRequest;
    type Output = AiReply;

    fn create(_scope: &WorkerScope<Self>) -> Self {
        AiAgent {
            searcher: Searcher::new(16),
            endgames: Endgames::NotAsked,
            book: Endgames::NotAsked,
            held: None,
        }
    }

    fn update(&mut self, scope: &WorkerScope<Self>, event: Event) {
        let waited = matches!(event, Event::Waited);
        match event {
            Event::Loaded(loaded) => {
                self.endgames = match loaded {
                    Ok(db) => {
                        self.searcher.set_egdb(Some(Arc::new(db)));
                        Endgames::Ready
                    }
                    Err(e) => Endgames::Failed(e, false),
                };
            }
            Event::BookLoaded(loaded) => {
                self.book = match loaded {
                    Ok(book) => {
                        self.searcher.set_book(Some(Arc::new(book)));
                        Endgames::Ready
                    }
                    // Told to nobody: the computer plays without a book.
                    Err(e) => Endgames::Failed(e, true),
                };
            }
            Event::Waited => {}
        }
        // A held search goes when every file it waits for is there, or
        // when the wait is over.
        let loading =
            matches!(self.endgames, Endgames::Loading) || matches!(self.book, Endgames::Loading);
        if waited || !loading {
            if let Some((req, who)) = self.held.take() {
                self.answer(scope, &req, who);
            }
        }
    }

    fn received(&mut self, scope: &WorkerScope<Self>, req: AiRequest, who: HandlerId) {
        let checkers = req.kind == GameKind::Checkers;
        let settings = req.level.settings();
        let mut wait = false;
        if checkers && settings.egdb && matches!(self.endgames, Endgames::NotAsked) {
            self.endgames = Endgames::Loading;
            let loaded = scope.clone();
            wasm_bindgen_futures::spawn_local(async move {
                loaded.send_message(Event::Loaded(fetch_egdb().await));
            });
            wait = true;
        }
        if checkers && settings.book_moves > 0 && matches!(self.book, Endgames::NotAsked) {
            self.book = Endgames::Loading;
            let loaded = scope.clone();
            wasm_bindgen_futures::spawn_local(async move {
                loaded.send_message(Event::BookLoaded(fetch_book().await));
            });
            wait = true;
        }
        if wait {
            // The first search that would use them waits for the files
            // (a few seconds at most).
            let waited = scope.clone();
            gloo::timers::callback::Timeout::new(EGDB_WAIT_MS, move || {
                waited.send_message(Event::Waited);
            })
            .forget();
            self.held = Some((req, who));
            return;
        }
        // A newer request replaces one still held back.
        self.held = None;
        self.answer(scope, &req, who);
    }
}
