//! Search speed: fixed positions searched to a fixed depth.
//! Run with `cargo bench -p tiers-engine --bench search`.

use criterion::{criterion_group, criterion_main, Criterion};
use tiers_engine::search::{Level, SearchConfig, SearchLimits, Searcher};
use tiers_engine::{checkers, tiers, Position};

fn config(depth: u32) -> SearchConfig {
    SearchConfig {
        limits: SearchLimits::depth(depth),
        level: Level::MAX,
        seed: 0,
    }
}

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    group.bench_function("checkers start depth 11", |b| {
        let pos = checkers::Position::start();
        b.iter(|| {
            let mut s = Searcher::new(16);
            s.search(&pos, &[], &config(11), |_| {}).map(|r| r.nodes)
        });
    });
    group.bench_function("tiers start depth 5", |b| {
        let pos = tiers::Position::start();
        b.iter(|| {
            let mut s = Searcher::new(16);
            s.search(&pos, &[], &config(5), |_| {}).map(|r| r.nodes)
        });
    });
    group.finish();
}

criterion_group!(benches, search);
criterion_main!(benches);
