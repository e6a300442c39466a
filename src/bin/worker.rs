//! The AI web worker: the engine's search (optimised for speed) and the
//! endgame database, without the interface. The page starts it through
//! Trunk's loader shim (`worker_loader.js`) the first time the computer is
//! asked something.
use gloo_worker::Registrable;
use tiers_engine::search::{Evaluate, SearchConfig, SearchLimits, Searcher};
use tiers_engine::{checkers, tiers, GameKind};

fn main() {
    tiers_app::worker::AiAgent::registrar().register();
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
