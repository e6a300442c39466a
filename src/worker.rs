//! The AI agent, run in a web worker: an [`AiRequest`] comes in; progress
//! reports after each completed search depth (the best line, or the best
//! lines of a multi-PV request) and then the chosen move go out as
//! [`AiReply`]s, each tagged with the request's id.
//!
//! A request with a reproducible budget (a depth or a number of positions:
//! a game review) is answered from a cleared searcher, and waits for the
//! endgame database if the search may use it, so that its answer depends
//! on the request alone: the same on any device, in any browser and
//! natively ([`think`] with a searcher of [`TT_MB`]).

use gloo_worker::{HandlerId, Worker, WorkerScope};
use std::sync::Arc;

use tiers_engine::book::Book;
use tiers_engine::egdb::Egdb;
use tiers_engine::search::{Evaluate, SearchConfig, Searcher};
use tiers_engine::{checkers, tiers, Game, GameKind, Position};

use crate::core::ai::{AiProblem, AiReply, AiRequest};
use crate::core::i18n::errors::FetchError;

/// The size of the worker's transposition table, in MiB (a reproducible
/// answer is reproduced with a searcher of this size).
pub const TT_MB: usize = 16;

/// Answers one request with `searcher`, calling `send` for every reply.
pub fn think(searcher: &mut Searcher, req: &AiRequest, send: &mut dyn FnMut(AiReply)) {
    match req.kind {
        GameKind::Checkers => think_in::<checkers::Position>(searcher, req, send),
        GameKind::Tiers => think_in::<tiers::Position>(searcher, req, send),
    }
}

fn think_in<P: Evaluate>(searcher: &mut Searcher, req: &AiRequest, send: &mut dyn FnMut(AiReply)) {
    let id = req.id;
    let fail = |problem: AiProblem| AiReply::Error { id, problem };
    let start = match P::parse(&req.start) {
        Ok(p) => p,
        Err(e) => return send(fail(AiProblem::BadStart(e.to_string()))),
    };
    let mut game = Game::new(start);
    for (i, text) in req.moves.iter().enumerate() {
        if game.play_text(text).is_err() {
            return send(fail(AiProblem::BadMove {
                number: i + 1,
                text: text.clone(),
            }));
        }
    }
    let history: Vec<u64> = (0..game.ply())
        .filter_map(|i| game.position_at(i).map(Position::zobrist))
        .collect();
    let config = SearchConfig {
        limits: req.budget.limits(),
        level: req.level,
        seed: req.seed,
    };
    if req.budget.reproducible() {
        // What earlier searches left in the tables would change the answer.
        searcher.clear();
    }
    let pos = game.position().clone();
    if req.lines > 0 {
        // Multi-PV (the analysis board): the lines after each depth, then
        // the best move.
        let count = usize::try_from(req.lines).unwrap_or(usize::MAX);
        let found = searcher.search_lines(&pos, &history, &config, count, |info| {
            send(AiReply::Lines {
                id,
                depth: info.depth,
                nodes: info.nodes,
                lines: info.lines.clone(),
            });
        });
        return match found.and_then(|f| f.lines.into_iter().next()) {
            Some(best) => send(AiReply::Move {
                id,
                text: best.pv.first().cloned().unwrap_or_default(),
            }),
            None => send(fail(AiProblem::NoMove)),
        };
    }
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
        None => send(fail(AiProblem::NoMove)),
    }
}

/// The web worker.
pub struct AiAgent {
    searcher: Searcher,
    endgames: Endgames,
    /// The standard endgame database (2-4 pieces), once loaded.
    standard: Option<Arc<Egdb>>,
    /// The full-strength one (2-5 pieces) if the person downloaded it in
    /// Settings ([`crate::endgames`]): used by every search whose answer
    /// need not be reproducible (a reproducible one, a game review, uses
    /// the standard database, so that its answer is the same on every
    /// device).
    full: Full,
    /// The opening book: fetched like the endgame database, by the first
    /// checkers search of a level that plays from it (5-7); a book that
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
    Failed(FetchError, bool),
}

/// Where the page's build keeps the database (`./dev build` makes it with
/// `tiers egdb pack --pieces 4`): relative to the worker's script, which
/// sits beside the page.
pub const EGDB_PATH: &str = "./data/egdb/checkers-4.egdb";

/// The full-strength database in the worker: looked for in the page's
/// cache the first time a search would use it.
enum Full {
    /// Not looked for yet.
    NotLooked,
    /// Being read from the cache.
    Looking,
    /// Read and checked.
    Have(Arc<Egdb>),
    /// Not downloaded (or found damaged, and removed).
    Without,
}

/// Where the page's build keeps the opening book (committed,
/// `tiers book build`).
pub const BOOK_PATH: &str = "./data/book/checkers.book";

/// Fetches and checks the database; the error is one line.
async fn fetch_egdb() -> Result<Egdb, FetchError> {
    let bytes = fetch(EGDB_PATH).await?;
    Egdb::from_bytes(&bytes).map_err(|e| FetchError::Damaged(e.to_string()))
}

/// The full-strength database from the cache Settings downloaded it into
/// ([`crate::endgames`]), checked; `None` when it is not there. A damaged
/// copy is removed from the cache (Settings then offers the download
/// again) and the standard database is used.
async fn cached_full() -> Option<Egdb> {
    let bytes = crate::endgames::cached_bytes().await?;
    match Egdb::from_bytes(&bytes) {
        Ok(db) => Some(db),
        Err(e) => {
            gloo::console::warn!(format!(
                "Tiers: the downloaded endgame database is damaged ({e}): it was removed"
            ));
            crate::endgames::remove().await;
            None
        }
    }
}

/// Fetches and reads the opening book; the error is one line.
async fn fetch_book() -> Result<Book, FetchError> {
    let bytes = fetch(BOOK_PATH).await?;
    Book::from_file(&bytes).map_err(|e| FetchError::Damaged(e.to_string()))
}

/// The bytes of a file beside the worker's script; the error is one line.
async fn fetch(path: &str) -> Result<Vec<u8>, FetchError> {
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::JsFuture;
    let scope: web_sys::WorkerGlobalScope = js_sys::global().unchecked_into();
    let response = JsFuture::from(scope.fetch_with_str(path))
        .await
        .map_err(|_| FetchError::Unreachable)?;
    let response: web_sys::Response = response.unchecked_into();
    if !response.ok() {
        return Err(FetchError::Status(response.status()));
    }
    let buffer = response
        .array_buffer()
        .map_err(|_| FetchError::Unreadable)?;
    let buffer = JsFuture::from(buffer)
        .await
        .map_err(|_| FetchError::Unreadable)?;
    Ok(js_sys::Uint8Array::new(&buffer).to_vec())
}

/// What reaches the agent besides requests.
pub enum Event {
    /// The endgame database arrived, or why not.
    Loaded(Result<Egdb, FetchError>),
    /// The opening book arrived, or why not.
    BookLoaded(Result<Book, FetchError>),
    /// The cache was looked at for the full-strength database.
    FullLooked(Option<Egdb>),
    /// The wait for them is over: a timed search held back goes without
    /// the files still loading.
    Waited,
}

/// How long a timed search that would use the endgame database waits for
/// it the first time, in milliseconds (the file is usually in the service
/// worker's cache and loads in a moment). A reproducible one waits until
/// the file is loaded or has failed.
pub const EGDB_WAIT_MS: u32 = 3000;

/// Whether the search `req` asks for may use the endgame database.
fn wants_egdb(req: &AiRequest) -> bool {
    req.kind == GameKind::Checkers && req.level.settings().egdb
}

impl AiAgent {
    /// Fetches the standard database.
    fn fetch_standard(&mut self, scope: &WorkerScope<Self>) {
        self.endgames = Endgames::Loading;
        let loaded = scope.clone();
        wasm_bindgen_futures::spawn_local(async move {
            loaded.send_message(Event::Loaded(fetch_egdb().await));
        });
    }

    fn answer(&mut self, scope: &WorkerScope<Self>, req: &AiRequest, who: HandlerId) {
        if let Endgames::Failed(problem, told @ false) = &mut self.endgames {
            *told = true;
            if let FetchError::Damaged(detail) = problem {
                gloo::console::warn!(format!("Tiers: {EGDB_PATH}: {detail}"));
            }
            scope.respond(
                who,
                AiReply::Unavailable {
                    id: req.id,
                    problem: problem.clone(),
                },
            );
        }
        let db = match &self.full {
            Full::Have(db) if !req.budget.reproducible() => Some(db.clone()),
            _ => self.standard.clone(),
        };
        let same = match (self.searcher.egdb(), &db) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        if !same {
            self.searcher.set_egdb(db);
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
            searcher: Searcher::new(TT_MB),
            endgames: Endgames::NotAsked,
            standard: None,
            full: Full::NotLooked,
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
                        self.standard = Some(Arc::new(db));
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
            Event::FullLooked(db) => {
                self.full = db.map_or(Full::Without, |db| Full::Have(Arc::new(db)));
                // Without a full database, the search held for it needs
                // the standard one.
                if let Some((req, _)) = &self.held {
                    if matches!(self.full, Full::Without)
                        && matches!(self.endgames, Endgames::NotAsked)
                        && wants_egdb(req)
                    {
                        self.fetch_standard(scope);
                    }
                }
            }
            // A reproducible search goes on waiting for the files.
            Event::Waited
                if self
                    .held
                    .as_ref()
                    .is_some_and(|(r, _)| r.budget.reproducible()) =>
            {
                return;
            }
            Event::Waited => {}
        }
        // A held search goes when every file it waits for is there, or
        // when the wait is over.
        let loading = matches!(self.endgames, Endgames::Loading)
            || matches!(self.book, Endgames::Loading)
            || matches!(self.full, Full::Looking);
        if waited || !loading {
            if let Some((req, who)) = self.held.take() {
                self.answer(scope, &req, who);
            }
        }
    }

    fn received(&mut self, scope: &WorkerScope<Self>, req: AiRequest, who: HandlerId) {
        let wants_egdb = wants_egdb(&req);
        let wants_book = req.kind == GameKind::Checkers && req.level.settings().book_moves > 0;
        let reproducible = req.budget.reproducible();
        let mut wait = false;
        // The full-strength database is looked for first; the standard one
        // is fetched when the search will use it: there is no full one, or
        // the answer must be reproducible.
        if wants_egdb && matches!(self.full, Full::NotLooked) {
            self.full = Full::Looking;
            let looked = scope.clone();
            wasm_bindgen_futures::spawn_local(async move {
                looked.send_message(Event::FullLooked(cached_full().await));
            });
            wait = true;
        }
        let needs_standard = wants_egdb && (reproducible || matches!(self.full, Full::Without));
        if needs_standard && matches!(self.endgames, Endgames::NotAsked) {
            self.fetch_standard(scope);
            wait = true;
        }
        if wants_book && matches!(self.book, Endgames::NotAsked) {
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
        let loading = (needs_standard && matches!(self.endgames, Endgames::Loading))
            || (wants_book && matches!(self.book, Endgames::Loading));
        if reproducible && loading {
            // Its answer must not depend on how fast the files came.
            self.held = Some((req, who));
            return;
        }
        // A newer request replaces one still held back.
        self.held = None;
        self.answer(scope, &req, who);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::ai::Budget;
    use tiers_engine::search::Level;

    fn request(kind: GameKind, start: String, moves: &[&str], budget: Budget) -> AiRequest {
        AiRequest {
            id: 5,
            kind,
            start,
            moves: moves.iter().map(|m| m.to_string()).collect(),
            level: Level::ANALYSIS,
            seed: 5,
            budget,
            lines: 0,
        }
    }

    fn replies(searcher: &mut Searcher, req: &AiRequest) -> Vec<AiReply> {
        let mut out = Vec::new();
        think(searcher, req, &mut |r| out.push(r));
        out
    }

    #[test]
    fn a_reproducible_request_gets_the_same_answer_whatever_was_searched_before() {
        let checkers = checkers::Position::start().to_text();
        let tiers = tiers::Position::start().to_text();
        let mut searcher = Searcher::new(TT_MB);
        for (kind, start, moves, budget) in [
            (
                GameKind::Checkers,
                &checkers,
                &["11-15", "23-19", "8-11"][..],
                Budget::Nodes(200_000),
            ),
            (
                GameKind::Checkers,
                &checkers,
                &["9-14"][..],
                Budget::Depth(7),
            ),
            (GameKind::Tiers, &tiers, &[][..], Budget::Nodes(50_000)),
        ] {
            let req = request(kind, start.clone(), moves, budget);
            assert_eq!(req.budget.limits().time_ms, None, "no clock in it");
            let first = replies(&mut searcher, &req);
            assert!(
                matches!(first.last(), Some(AiReply::Move { .. })),
                "{first:?}"
            );
            assert!(first.len() >= 3, "progress reports first: {first:?}");
            // The worker searched something else meanwhile (a timed
            // search: a move of the computer, the coach's bar).
            let other = request(kind, start.clone(), &[], Budget::Time(60));
            replies(&mut searcher, &other);
            assert_eq!(replies(&mut searcher, &req), first, "{kind:?} {budget}");
            assert_eq!(
                replies(&mut Searcher::new(TT_MB), &req),
                first,
                "a fresh worker"
            );
        }
    }

    #[test]
    fn a_lines_request_gets_its_lines_after_each_depth_then_the_best_move() {
        let start = checkers::Position::start().to_text();
        let mut req = request(GameKind::Checkers, start, &["11-15"], Budget::Depth(5));
        req.lines = 3;
        let got = replies(&mut Searcher::new(TT_MB), &req);
        let depths: Vec<u32> = got
            .iter()
            .filter_map(|r| match r {
                AiReply::Lines { depth, lines, .. } => {
                    assert_eq!(lines.len(), 3, "{r:?}");
                    Some(*depth)
                }
                _ => None,
            })
            .collect();
        assert_eq!(depths, [1, 2, 3, 4, 5]);
        let Some(AiReply::Lines { lines, .. }) = got.iter().rev().nth(1) else {
            panic!("{got:?}");
        };
        assert_eq!(
            got.last(),
            Some(&AiReply::Move {
                id: 5,
                text: lines[0].pv[0].clone()
            }),
            "the best line's move ends it"
        );
    }

    #[test]
    fn a_bad_request_is_answered_with_an_error() {
        let mut searcher = Searcher::new(1);
        let start = checkers::Position::start().to_text();
        let bad_start = request(GameKind::Checkers, "W:W99".into(), &[], Budget::Depth(2));
        let bad_move = request(GameKind::Checkers, start, &["11-18"], Budget::Depth(2));
        for req in [bad_start, bad_move] {
            let got = replies(&mut searcher, &req);
            assert!(
                matches!(
                    &got[..],
                    [AiReply::Error {
                        id: 5,
                        problem: AiProblem::BadStart(_) | AiProblem::BadMove { .. }
                    }]
                ),
                "{got:?}"
            );
        }
    }
}
