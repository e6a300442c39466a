//! The AI agent, run in a web worker: an [`AiRequest`] comes in; progress
//! reports after each completed search depth and then the chosen move go
//! out as [`AiReply`]s, each tagged with the request's id.

use gloo_worker::{HandlerId, Worker, WorkerScope};
use std::sync::Arc;

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
    /// A search waiting for the endgame database, and who asked.
    held: Option<(AiRequest, HandlerId)>,
}

/// The checkers endgame database of this worker: fetched when a search
/// that uses it (level 8, analysis) is first asked for; until it is there
/// the computer searches without it.
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

/// Fetches and checks the database; the error is one line.
async fn fetch_egdb() -> Result<Egdb, String> {
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::JsFuture;
    let scope: web_sys::WorkerGlobalScope = js_sys::global().unchecked_into();
    let response = JsFuture::from(scope.fetch_with_str(EGDB_PATH))
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
    let bytes = js_sys::Uint8Array::new(&buffer).to_vec();
    Egdb::from_bytes(&bytes).map_err(|e| e.to_string())
}

/// What reaches the agent besides requests.
pub enum Event {
    /// The endgame database arrived, or why not.
    Loaded(Result<Egdb, String>),
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
            held: None,
        }
    }

    fn update(&mut self, scope: &WorkerScope<Self>, event: Event) {
        if let Event::Loaded(loaded) = event {
            self.endgames = match loaded {
                Ok(db) => {
                    self.searcher.set_egdb(Some(Arc::new(db)));
                    Endgames::Ready
                }
                Err(e) => Endgames::Failed(e, false),
            };
        }
        if let Some((req, who)) = self.held.take() {
            self.answer(scope, &req, who);
        }
    }

    fn received(&mut self, scope: &WorkerScope<Self>, req: AiRequest, who: HandlerId) {
        let wants = req.kind == GameKind::Checkers && req.level.settings().egdb;
        if wants && matches!(self.endgames, Endgames::NotAsked) {
            // The first search that would use the database waits for it
            // (a few seconds at most).
            self.endgames = Endgames::Loading;
            let loaded = scope.clone();
            wasm_bindgen_futures::spawn_local(async move {
                loaded.send_message(Event::Loaded(fetch_egdb().await));
            });
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
