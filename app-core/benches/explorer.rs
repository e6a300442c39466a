//! The opening explorer's index of the player's archive, at the size a
//! keen player reaches: 2,000 finished checkers games (the games
//! collection's finished games, each archived several times under new
//! ids), indexed as the explorer does when its panel opens
//! (`GameIndex::of_archive`: every game read from its PDN and every
//! position's key), and the moves from the start looked up in it.
//! Run with `cargo bench -p tiers-core --bench explorer`.

use criterion::{criterion_group, criterion_main, Criterion};
use tiers_core::explorer::{position_key, read_collection, GameIndex};
use tiers_core::library::archive::Entry;
use tiers_core::library::rebuild;
use tiers_core::session::{GameMeta, Opponent};
use tiers_engine::{checkers, GameKind, Position};

const GAMES: usize = 2_000;

fn archive() -> Vec<Entry> {
    let text = include_str!("../../assets/data/collection/checkers.txt");
    let start = checkers::Position::start().to_text();
    let finished: Vec<_> = read_collection(text)
        .expect("the collection reads")
        .iter()
        .filter_map(|g| {
            let record = rebuild(GameKind::Checkers, &start, &g.moves, g.moves.len(), None).ok()?;
            record.outcome().map(|_| record)
        })
        .collect();
    assert!(!finished.is_empty());
    (0..GAMES)
        .map(|i| {
            let meta = GameMeta {
                id: i as u64 + 1,
                ..GameMeta::default()
            };
            Entry::of(&*finished[i % finished.len()], Opponent::Friend, &meta, 0)
                .expect("a finished game is archived")
        })
        .collect()
}

fn index(c: &mut Criterion) {
    let games = archive();
    let start = checkers::Position::start().to_text();
    let key = position_key(GameKind::Checkers, &start, &[]).expect("the start has a key");
    let mut group = c.benchmark_group("explorer");
    group.sample_size(10);
    group.bench_function("index 2,000 archived games", |b| {
        b.iter(|| GameIndex::of_archive(GameKind::Checkers, &games));
    });
    let index = GameIndex::of_archive(GameKind::Checkers, &games);
    assert_eq!(index.games_at(key).len(), GAMES, "every game indexed");
    group.bench_function("moves from the start among 2,000 games", |b| {
        b.iter(|| index.moves_from(key));
    });
    group.finish();
}

criterion_group!(benches, index);
criterion_main!(benches);
