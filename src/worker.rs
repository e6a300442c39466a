//! The AI agent, run in a web worker: a request (game, start position, moves
//! played, level, seed, time) comes in; progress reports after each
//! completed search depth and then the chosen move go out, each tagged with
//! the request's id so the page can ignore stale replies.

use gloo_worker::{HandlerId, Worker, WorkerScope};
use serde::{Deserialize, Serialize};
use tiers_engine::search::{Evaluate, Level, SearchConfig, SearchLimits, Searcher};
use tiers_engine::{checkers, tiers, Game, GameKind, Position};

/// What the page asks the computer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AiRequest {
    /// Tag echoed in every reply.
    pub id: u32,
    /// Which game.
    pub kind: GameKind,
    /// The start position (PDN FEN or TFEN).
    pub start: String,
    /// The moves played from the start, in written form.
    pub moves: Vec<String>,
    /// Level 1–8.
    pub level: u8,
    /// Seed of the level's randomness.
    pub seed: u64,
    /// Time limit in milliseconds.
    pub movetime_ms: u64,
}

/// What the computer answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AiReply {
    /// A search depth was completed.
    Info {
        /// Request id.
        id: u32,
        /// Depth completed.
        depth: u32,
        /// Score for the computer, hundredths of a man.
        score: i32,
        /// Nodes searched.
        nodes: u64,
        /// Expected line.
        pv: Vec<String>,
    },
    /// The move to play.
    Move {
        /// Request id.
        id: u32,
        /// The move in written form.
        text: String,
    },
    /// No move could be found (bad request or no legal move).
    Error {
        /// Request id.
        id: u32,
        /// Why.
        message: String,
    },
}

/// The time the computer takes at each level, in milliseconds (the
/// engine's level table: a few hundred ms for beginners, 2.5 s at the top).
#[must_use]
pub fn movetime_for(level: u8) -> u64 {
    Level::clamped(level).settings().movetime_ms
}

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
        level: Level::clamped(req.level),
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
