use tiers_engine::pdn::PdnResult;
use tiers_engine::{checkers, Color, GameKind, Position};

use super::*;

fn start() -> String {
    checkers::Position::start().to_text()
}

fn moves(text: &str) -> Vec<String> {
    text.split_whitespace().map(String::from).collect()
}

fn key(text: &str) -> u64 {
    position_key(GameKind::Checkers, &start(), &moves(text)).expect("the moves play")
}

fn add(index: &mut GameIndex, id: u64, result: PdnResult, text: &str) {
    index
        .add(
            Source::Archive(id),
            ("Red".into(), "Black".into()),
            result,
            &start(),
            &moves(text),
        )
        .expect("a legal game");
}

/// Three games: two open 11-15, one 9-14; Black (who moves first) wins
/// one, one is drawn, Red wins one.
fn three_games() -> GameIndex {
    let mut index = GameIndex::new(GameKind::Checkers);
    add(
        &mut index,
        1,
        PdnResult::Win(Color::Black),
        "11-15 23-19 8-11 22-17",
    );
    add(&mut index, 2, PdnResult::Draw, "11-15 22-18 15x22 25x18");
    add(
        &mut index,
        3,
        PdnResult::Win(Color::Red),
        "9-14 22-17 11-15",
    );
    index
}

#[test]
fn the_moves_from_a_position_are_counted_with_their_results() {
    let index = three_games();
    let from_start = index.moves_from(key(""));
    assert_eq!(from_start.len(), 2);
    let first = &from_start[0];
    assert_eq!(first.mv, "11-15");
    assert_eq!(
        (first.games, first.wins, first.draws, first.losses),
        (2, 1, 1, 0)
    );
    assert_eq!(first.after, key("11-15"));
    let second = &from_start[1];
    assert_eq!(second.mv, "9-14");
    assert_eq!(
        (second.games, second.wins, second.draws, second.losses),
        (1, 0, 0, 1)
    );
    // After 11-15 it is Red's move: the results are Red's.
    let reply = index.moves_from(key("11-15"));
    let names: Vec<&str> = reply.iter().map(|m| m.mv.as_str()).collect();
    assert_eq!(names, ["22-18", "23-19"]);
    assert_eq!((reply[0].wins, reply[0].draws, reply[0].losses), (0, 1, 0));
    assert_eq!((reply[1].wins, reply[1].draws, reply[1].losses), (0, 0, 1));
}

#[test]
fn the_end_of_a_game_has_no_move() {
    let index = three_games();
    assert!(index.moves_from(key("11-15 23-19 8-11 22-17")).is_empty());
    assert_eq!(index.games_at(key("11-15 23-19 8-11 22-17")).len(), 1);
}

#[test]
fn a_position_reached_by_transposition_is_found() {
    let mut index = GameIndex::new(GameKind::Checkers);
    add(&mut index, 7, PdnResult::Draw, "11-15 23-19 9-14 22-17 5-9");
    add(&mut index, 8, PdnResult::Draw, "10-14 24-20 14-18");
    // 9-14 22-17 11-15 23-19 reaches the first game's position after four
    // moves by another order.
    let found = index.games_at(key("9-14 22-17 11-15 23-19"));
    assert_eq!(found, [Found { game: 0, ply: 4 }]);
    assert_eq!(index.games[0].source, Source::Archive(7));
    // And the move played from there.
    let from = index.moves_from(key("9-14 22-17 11-15 23-19"));
    assert_eq!(from.len(), 1);
    assert_eq!(from[0].mv, "5-9");
}

#[test]
fn an_unrelated_position_is_not_found() {
    let index = three_games();
    assert!(index.games_at(key("12-16 24-20")).is_empty());
    assert!(index.moves_from(key("12-16 24-20")).is_empty());
}

#[test]
fn a_game_is_found_once_at_its_first_visit() {
    let mut index = GameIndex::new(GameKind::Checkers);
    // Kings would be needed for a real repetition: the start position is
    // reached once, and every game starts there.
    add(&mut index, 1, PdnResult::Draw, "11-15");
    add(&mut index, 2, PdnResult::Draw, "9-13");
    assert_eq!(
        index.games_at(key("")),
        [Found { game: 0, ply: 0 }, Found { game: 1, ply: 0 }]
    );
}

#[test]
fn an_illegal_game_is_refused_and_the_index_kept() {
    let mut index = three_games();
    let err = index
        .add(
            Source::Archive(9),
            Default::default(),
            PdnResult::Draw,
            &start(),
            &moves("11-15 11-15"),
        )
        .unwrap_err();
    assert_eq!(err.key, "explorer.bad-move");
    assert_eq!(index.games.len(), 3);
    assert_eq!(index.moves_from(key("11-15"))[0].games, 1);
}

#[test]
fn a_ballot_is_known_by_its_position() {
    let ballots = ballots();
    assert_eq!(ballots.len(), 156);
    assert_eq!(
        ballots.get(&key("9-13 21-17 5-9")),
        Some(&(1, "9-13 21-17 5-9"))
    );
    // The same position reached by another order is the same ballot.
    assert!(!ballots.contains_key(&key("11-15")));
}

#[test]
fn the_collection_reader_names_the_bad_line() {
    for (text, what) in [
        ("1|1-0", "explorer.not-three-fields"),
        ("1|1-0|9-13|x", "explorer.not-three-fields"),
        ("3|1-0|9-13", "explorer.not-a-ballot"),
        ("x|1-0|9-13", "explorer.not-a-ballot"),
        ("1|2-3|9-13", "explorer.not-a-result"),
        ("1|1-0|  ", "explorer.no-moves"),
    ] {
        let err = read_collection(&format!("# a comment\n\n{text}\n")).unwrap_err();
        assert_eq!(err.key, "explorer.bad-line", "{text}");
        assert_eq!(err.args[0].1, crate::i18n::Arg::Num(3), "{text}");
        assert_eq!(
            err.args[1].1,
            crate::i18n::Arg::from(Text::new(what)),
            "{text}"
        );
    }
    assert_eq!(
        read_collection("# nothing\n").unwrap_err().key,
        "explorer.empty-collection"
    );
    let err = collection_index("1|1-0|9-13 21-17 5-9 9-5\n").unwrap_err();
    assert_eq!(err.key, "explorer.bad-line");
    let games = read_collection("1|0-1|9-13 21-17\r\n2|*|9-13 21-17 6-9").unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].result, PdnResult::Win(Color::Red));
    assert_eq!(games[1].result, PdnResult::Unknown);
}

#[test]
fn the_collection_reader_never_panics_on_damaged_text() {
    let good = "1|1-0|9-13 21-17 5-9 25-21\n2|1/2-1/2|9-13 21-17 6-9\n";
    for cut in 0..=good.len() {
        let _ = collection_index(&good[..cut]);
    }
    for (i, _) in good.char_indices() {
        for junk in ["|", "x", "\n", "\u{e9}", "99999999999999999999"] {
            let mut text = good.to_string();
            text.insert_str(i, junk);
            let _ = collection_index(&text);
        }
    }
}

/// The committed collection file (assets/data/collection/checkers.txt):
/// read by the page's reader, every game legal, two from each ballot.
#[test]
fn the_committed_collection_reads_and_every_game_is_legal() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../assets/data/collection/checkers.txt"
    );
    let text = std::fs::read_to_string(path).expect("the collection file");
    assert!(text.len() < 5_000_000);
    let index = collection_index(&text).expect("every game reads and plays");
    assert_eq!(index.games.len(), 2 * 156);
    for (number, _) in tiers_bracket::ballots::DECK {
        let from = index
            .games
            .iter()
            .filter(|g| matches!(g.source, Source::Collection { ballot, .. } if ballot == number))
            .count();
        assert_eq!(from, 2, "ballot {number}");
    }
    // Every game starts with its ballot's three moves.
    let ballots = ballots();
    for g in &index.games {
        let Source::Collection { ballot, .. } = g.source else {
            unreachable!()
        };
        assert_eq!(ballots.get(&g.keys[3]).map(|b| b.0), Some(ballot));
    }
    let first = index.moves_from(key(""));
    assert_eq!(first.iter().map(|m| m.games).sum::<u32>(), 2 * 156);
}

/// Finished games of the collection, archived (ids from 1), with a Tiers
/// game and a damaged entry among them.
fn archived() -> Vec<crate::library::archive::Entry> {
    use crate::library::archive::Entry;
    use crate::session::{GameMeta, Opponent};
    let text = include_str!("../../../assets/data/collection/checkers.txt");
    let meta = |id| GameMeta {
        id,
        ..GameMeta::default()
    };
    let mut out: Vec<Entry> = read_collection(text)
        .unwrap()
        .iter()
        .take(30)
        .filter_map(|g| {
            crate::library::rebuild(GameKind::Checkers, &start(), &g.moves, g.moves.len(), None)
                .ok()
        })
        .filter(|r| r.outcome().is_some())
        .enumerate()
        .filter_map(|(i, r)| Entry::of(&*r, Opponent::Friend, &meta(i as u64 + 1), 0))
        .collect();
    assert!(out.len() > 10, "{} finished games", out.len());
    let mut tiers = tiers_engine::Game::new(tiers_engine::tiers::Position::start());
    while tiers.outcome().is_none() {
        let mv = tiers.legal_moves()[0];
        tiers.play(mv).unwrap();
        if tiers.ply() > 400 {
            break;
        }
    }
    if let Some(e) = Entry::of(&tiers, Opponent::Friend, &meta(500), 0) {
        out.insert(3, e);
    }
    let mut damaged = out[5].clone();
    damaged.id = 501;
    damaged.pdn = damaged.pdn.replace("1. ", "1. 32-28 ");
    out.insert(6, damaged);
    out
}

#[test]
fn the_archive_indexed_a_game_at_a_time_is_the_archive_indexed_at_once() {
    let games = archived();
    let whole = GameIndex::of_archive(GameKind::Checkers, &games);
    let mut work = ArchiveIndexing::new(GameKind::Checkers);
    let mut steps = 0;
    while !work.step(&games, || false) {
        steps += 1;
        assert_eq!(work.done(), steps, "one game a step");
    }
    assert_eq!(steps + 1, games.len());
    let sliced = work.into_index();
    let at_start = key("");
    assert_eq!(sliced.moves_from(at_start), whole.moves_from(at_start));
    let ids = |i: &GameIndex| -> Vec<Source> {
        i.games_at(at_start)
            .iter()
            .map(|f| i.games[f.game].source.clone())
            .collect()
    };
    assert_eq!(ids(&sliced), ids(&whole));
    // Every checkers game but the damaged one; not the Tiers game.
    let checkers = games
        .iter()
        .filter(|e| e.kind() == Some(GameKind::Checkers))
        .count();
    assert_eq!(ids(&whole).len(), checkers - 1);
    assert!(!ids(&whole).contains(&Source::Archive(501)));
    assert!(!ids(&whole).contains(&Source::Archive(500)));
}
