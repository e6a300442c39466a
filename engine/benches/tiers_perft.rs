//! Tiers perft from the default start: `cargo bench -p tiers-engine --bench tiers_perft`.
//!
//! Prints the leaf count and the time of one perft(6) run, then lets
//! criterion measure perft(5) and perft(6) (goal: perft(6) under 2 s).

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use std::time::Instant;
use tiers_engine::{perft::perft, tiers, Position};

fn bench(c: &mut Criterion) {
    let start = tiers::Position::start();
    let t = Instant::now();
    let leaves = perft(&start, 6);
    let secs = t.elapsed().as_secs_f64();
    println!(
        "tiers perft(6) from the default start: {leaves} leaves in {secs:.3} s ({:.1} M leaves/s)",
        leaves as f64 / secs / 1e6
    );
    let mut group = c.benchmark_group("tiers_perft");
    group.sample_size(10);
    group.bench_function("perft5", |b| b.iter(|| perft(black_box(&start), 5)));
    group.bench_function("perft6", |b| b.iter(|| perft(black_box(&start), 6)));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
