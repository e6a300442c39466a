//! Checkers perft from the start: `cargo bench -p tiers-engine --bench perft`.
//!
//! Prints the leaf count, time and speed of one perft(10) and one perft(11)
//! run (single thread, bulk counting at the last ply; goal: at least
//! 100 M leaves/s), checks them against the published counts, then lets
//! criterion measure perft(9) and perft(10).

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use std::time::Instant;
use tiers_engine::checkers::{perft, Board};

fn bench(c: &mut Criterion) {
    for (depth, expected) in [(10, 18_391_564u64), (11, 85_242_128)] {
        let t = Instant::now();
        let leaves = perft(&Board::START, depth);
        let secs = t.elapsed().as_secs_f64();
        assert_eq!(leaves, expected, "perft({depth})");
        println!(
            "checkers perft({depth}) from the start: {leaves} leaves in {secs:.3} s ({:.1} M leaves/s)",
            leaves as f64 / secs / 1e6
        );
    }
    let mut group = c.benchmark_group("checkers_perft");
    group.sample_size(10);
    group.bench_function("perft9", |b| b.iter(|| perft(black_box(&Board::START), 9)));
    group.bench_function("perft10", |b| {
        b.iter(|| perft(black_box(&Board::START), 10))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
