//! The AI agent, run in a web worker: an [`AiRequest`] comes in; progress
//! reports after each completed search depth and then the chosen move go
//! out as [`AiReply`]s, each tagged with the request's id.

use gloo_worker::{HandlerId, Worker, WorkerScope};
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
}

impl Worker for AiAgent {
    type Message = ();
    type Input = AiRequest;
    type Output = AiReply;

    fn create(_scope: &WorkerScope<Self>) -> Self {
        AiAgent {
            searcher: Searcher::new(16),
        }
    }

    fn update(&mut self, _scope: &WorkerScope<Self>, _msg: ()) {}

    fn received(&mut self, scope: &WorkerScope<Self>, req: AiRequest, who: HandlerId) {
        think(&mut self.searcher, &req, &mut |reply| {
            scope.respond(who, reply)
        });
    }
}

/// Searches `position` (a FEN with `kind` "checkers", a TFEN with "tiers")
/// to `depth` plies with a fresh default searcher at the top level, as
/// `tiers bench` does natively, and returns "nodes microseconds" (or the
/// error). The browser benchmark (`./dev bench-browser`) calls it in a web
/// worker to compare the page's engine with the native one.
#[wasm_bindgen::prelude::wasm_bindgen]
#[must_use]
pub fn bench_search(kind: &str, position: &str, depth: u32) -> String {
    fn run<P: Evaluate>(position: &str, depth: u32) -> String {
        let pos = match P::parse(position) {
            Ok(p) => p,
            Err(e) => return format!("error: {e}"),
        };
        let config = SearchConfig {
            limits: SearchLimits::depth(depth),
            level: tiers_engine::search::Level::MAX,
            seed: 0,
        };
        let start = web_time::Instant::now();
        let result = Searcher::default().search(&pos, &[], &config, |_| {});
        let us = start.elapsed().as_micros();
        format!("{} {us}", result.map_or(0, |r| r.nodes))
    }
    match GameKind::parse(kind) {
        Ok(GameKind::Checkers) => run::<checkers::Position>(position, depth),
        Ok(GameKind::Tiers) => run::<tiers::Position>(position, depth),
        Err(e) => format!("error: {e}"),
    }
}
