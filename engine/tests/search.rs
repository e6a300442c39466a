//! The search on real positions of both games.

use tiers_engine::search::baseline::{alphabeta_material, greedy};
use tiers_engine::search::{
    Evaluate, Level, SearchConfig, SearchLimits, SearchResult, Searcher, MATE, MATE_BOUND,
};
use tiers_engine::{checkers, tiers, Color, Game, Outcome, Position};

fn config(depth: u32, level: u8, seed: u64) -> SearchConfig {
    SearchConfig {
        limits: SearchLimits::depth(depth),
        level: Level::new(level).unwrap(),
        seed,
    }
}

fn search<P: Evaluate>(pos: &P, cfg: &SearchConfig) -> SearchResult<P::Move> {
    Searcher::new(4).search(pos, &[], cfg, |_| {}).unwrap()
}

fn ck(text: &str) -> checkers::Position {
    checkers::Position::parse(text).unwrap()
}

fn moves<P: Position>(pos: &P) -> Vec<P::Move> {
    let mut v = Vec::new();
    pos.legal_moves(&mut v);
    v
}

/// Whether the side to move can force a win (the opponent left without a
/// move) within `plies` plies; plain brute force, draws ignored.
fn wins_within<P: Position>(pos: &P, plies: u32) -> bool {
    plies > 0
        && moves(pos)
            .iter()
            .any(|m| lost_within(&pos.play(m), plies - 1))
}

fn lost_within<P: Position>(pos: &P, plies: u32) -> bool {
    let ms = moves(pos);
    ms.is_empty() || (plies > 0 && ms.iter().all(|m| wins_within(&pos.play(m), plies - 1)))
}

/// The fewest plies in which the side to move forces a win, up to `max`.
fn fastest_win<P: Position>(pos: &P, max: u32) -> Option<u32> {
    (1..=max).step_by(2).find(|&n| wins_within(pos, n))
}

fn has_capture<P: Position>(pos: &P) -> bool {
    moves(pos).iter().any(|m| pos.is_capture(m))
}

fn ballots() -> Vec<checkers::Position> {
    include_str!("../data/acf_3move_ballots.csv")
        .lines()
        .skip(1)
        .filter(|l| !l.contains(",barred,"))
        .map(|l| ck(l.split('"').nth(1).unwrap()))
        .collect()
}

/// Hand-made positions with a short forced win for the side to move.
const WINS: [&str; 3] = [
    // Red waits with the king (27-23 or so); Black's only move 5-9 lets
    // 14x5 take the last man: win in 3.
    "W:W14,K27:B5",
    // The king steps next to the man's path; 12-16 is forced and taken.
    "W:WK15,21:B12",
    // Red's man on 21 (a3) takes the last Black man on 17 (b4): win in 1.
    "W:W21,K30:B17",
];

#[test]
fn finds_the_fastest_forced_win() {
    let mut checked = 0;
    for text in WINS {
        let pos = ck(text);
        let Some(n) = fastest_win(&pos, 7) else {
            continue;
        };
        checked += 1;
        let r = search(&pos, &config(n + 2, 8, 0));
        assert_eq!(r.score, MATE - n as i32, "{text}: should win in {n}");
        assert!(
            lost_within(&pos.play(&r.best), n - 1),
            "{text}: {} does not win in {n}",
            r.pv[0]
        );
    }
    assert_eq!(checked, WINS.len(), "some hand-made wins are not wins");
}

#[test]
fn two_kings_beat_one() {
    for text in ["W:WK10,K6:BK1", "B:WK14,K23:BK32", "W:WK18,K19:BK28"] {
        let r = search(&ck(text), &config(24, 8, 0));
        let won = if text.starts_with('W') {
            r.score
        } else {
            -r.score
        };
        assert!(won > MATE_BOUND, "{text}: {} after {:?}", r.score, r.pv);
    }
}

#[test]
fn the_losing_side_resists_longest() {
    // Black to move: 5-9 is forced and 14x5 ends the game: lost in 2.
    let pos = ck("B:W14:B5");
    assert!(lost_within(&pos, 2) && !lost_within(&pos, 1));
    let r = search(&pos, &config(6, 8, 0));
    assert_eq!(r.score, -(MATE - 2));
}

#[test]
fn never_stops_in_the_middle_of_an_exchange() {
    // Whatever the depth, the principal variation ends in a position where
    // the side to move has no capture (or the game is over).
    for (i, pos) in ballots().iter().enumerate().step_by(13) {
        for depth in 1..=3 {
            let r = search(pos, &config(depth, 8, 0));
            let mut p = *pos;
            for text in &r.pv {
                let mv = p.parse_move(text).unwrap();
                p = p.play(&mv);
            }
            assert!(
                !has_capture(&p) || r.pv.len() >= 60,
                "ballot #{i} depth {depth}: pv {:?} stops with a capture pending",
                r.pv
            );
        }
    }
}

#[test]
fn respects_depth_and_node_limits() {
    let pos = checkers::Position::start();
    let mut depths = Vec::new();
    let r = Searcher::new(4)
        .search(&pos, &[], &config(7, 8, 0), |i| depths.push(i.depth))
        .unwrap();
    assert_eq!(depths, (1..=7).collect::<Vec<_>>());
    assert_eq!(r.depth, 7);
    for limit in [1u64, 50, 1000, 20_000] {
        let cfg = SearchConfig {
            limits: SearchLimits::nodes(limit),
            level: Level::MAX,
            seed: 0,
        };
        let r = search(&pos, &cfg);
        assert!(r.nodes <= limit, "{} nodes > {limit}", r.nodes);
        assert!(moves(&pos).contains(&r.best));
    }
}

#[test]
fn a_single_legal_move_is_played_at_once_but_analysed_in_depth() {
    // Red must take 23x16 (a man given away by Black's 16-19): a player
    // plays it after one ply; the analysis strength searches on, and its
    // score sees the man won, not the one-ply guess.
    let pos = ck("W:W20,21,22,23,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,19");
    assert_eq!(moves(&pos).len(), 1);
    let played = search(&pos, &config(8, 8, 0));
    assert_eq!(played.depth, 1);
    let analysed = search(&pos, &config(8, 9, 0));
    assert_eq!(analysed.depth, 8);
    assert_eq!(analysed.best, played.best);
    assert!(analysed.score > 80, "{}", analysed.score);
}

/// A search given only a time ends by itself once it is up (a worker
/// cannot be interrupted). How close to the limit it stops is a figure of
/// the machine, measured by `tiers bench` (docs/measurements.md);
/// here the bound only tells a search that stopped from one that did not
/// (without the clock it would go on to depth 64, for hours), so that a
/// busy test machine cannot fail it.
#[test]
fn respects_the_time_limit() {
    let ends = |ms: u64| ms * 10 + 2_000;
    for (pos_text, ms) in [("start", 150u64), ("W:WK10,K6:BK1", 100)] {
        let pos = if pos_text == "start" {
            checkers::Position::start()
        } else {
            ck(pos_text)
        };
        let cfg = SearchConfig {
            limits: SearchLimits::time(ms),
            level: Level::MAX,
            seed: 0,
        };
        let t = std::time::Instant::now();
        let r = Searcher::new(4).search(&pos, &[], &cfg, |_| {});
        let took = t.elapsed().as_millis() as u64;
        assert!(r.is_some());
        assert!(took <= ends(ms), "{pos_text}: {took} ms for {ms}");
    }
    let pos = tiers::Position::start();
    let cfg = SearchConfig {
        limits: SearchLimits::time(150),
        level: Level::MAX,
        seed: 0,
    };
    let t = std::time::Instant::now();
    let r = Searcher::new(4).search(&pos, &[], &cfg, |_| {}).unwrap();
    assert!((t.elapsed().as_millis() as u64) <= ends(150));
    assert!(r.depth < 64, "stopped by the clock, at depth {}", r.depth);
}

#[test]
fn deterministic_for_a_seed() {
    let pos = &ballots()[40];
    for level in 1..=8 {
        let cfg = config(6, level, 99);
        let a = search(pos, &cfg);
        let b = search(pos, &cfg);
        assert_eq!((a.best, a.score, a.nodes), (b.best, b.score, b.nodes));
    }
    // The noise of low levels depends on the seed.
    let start = checkers::Position::start();
    let chosen: std::collections::HashSet<_> = (0..30)
        .map(|seed| search(&start, &config(2, 1, seed)).best)
        .collect();
    assert!(chosen.len() >= 2);
    let tiers_start = tiers::Position::start();
    let a = search(&tiers_start, &config(3, 5, 4));
    let b = search(&tiers_start, &config(3, 5, 4));
    assert_eq!((a.best, a.nodes), (b.best, b.nodes));
}

#[test]
fn info_pv_is_playable_and_starts_with_the_best_move() {
    let pos = &ballots()[7];
    let mut infos = Vec::new();
    let r = Searcher::new(4)
        .search(pos, &[], &config(8, 8, 0), |i| infos.push(i.clone()))
        .unwrap();
    assert_eq!(r.pv[0], pos.move_to_string(&r.best));
    for info in &infos {
        let mut p = *pos;
        for text in &info.pv {
            p = p.play(&p.parse_move(text).expect("pv moves are legal"));
        }
        assert!(info.nodes > 0);
    }
    assert_eq!(infos.last().unwrap().pv, r.pv);
}

/// Material after `plies` plies and then every pending capture, for the
/// side to move: a judge of "hanging a piece" that does not use the
/// evaluation under test.
fn material_judge<P: Evaluate>(pos: &P, plies: u32) -> i32 {
    let ms = moves(pos);
    if ms.is_empty() {
        return -MATE;
    }
    let capture = ms.iter().any(|m| pos.is_capture(m));
    if plies == 0 && !capture {
        return pos.material();
    }
    // Captures do not use up the plies: every exchange is played out.
    let next = if capture { plies } else { plies - 1 };
    ms.iter()
        .map(|m| -material_judge(&pos.play(m), next))
        .max()
        .unwrap()
}

/// Whether `mv` gives a piece away for nothing: by the material judge it
/// loses a man against the best move both right after the replies and
/// still two plies later (so a sacrifice that wins the piece back with a
/// shot is not counted).
fn gives_a_piece_away<P: Evaluate>(pos: &P, mv: &P::Move) -> bool {
    [1, 3].iter().all(|&plies| {
        let best = moves(pos)
            .iter()
            .map(|m| -material_judge(&pos.play(m), plies))
            .max()
            .unwrap();
        -material_judge(&pos.play(mv), plies) <= best - 100
    })
}

/// Whether `mv` leaves a piece to be taken for nothing: once the
/// opponent's captures (and the recaptures) are played out, it has a man
/// less than after the best move, and it does not win it back by a shot
/// on its next move either (a gambit is not counted).
fn hangs_a_piece<P: Evaluate>(pos: &P, mv: &P::Move) -> bool {
    [0, 2].iter().all(|&plies| {
        let best = moves(pos)
            .iter()
            .map(|m| -material_judge(&pos.play(m), plies))
            .max()
            .unwrap();
        -material_judge(&pos.play(mv), plies) <= best - 100
    })
}

#[test]
fn no_level_makes_absurd_mistakes() {
    // Low levels make the mistakes people make (they miss shots and
    // positional points); none leaves a piece to be taken for nothing, and
    // from level 3 on none falls for a shot two plies deep either.
    let positions = ballots();
    for level in 1..=5u8 {
        for (i, pos) in positions.iter().enumerate().step_by(5) {
            let depth = Level::new(level).unwrap().settings().max_depth;
            for seed in 0..3 {
                let r = search(pos, &config(depth, level, seed));
                let bad = if level <= 2 {
                    hangs_a_piece(pos, &r.best)
                } else {
                    gives_a_piece_away(pos, &r.best)
                };
                assert!(
                    !bad,
                    "level {level} seed {seed} ballot #{i} {}: {} gives a piece away",
                    pos.to_text(),
                    r.pv[0]
                );
            }
        }
    }
}

#[test]
fn low_levels_play_other_moves_than_the_top_level() {
    // Over the ballots, level 1 often chooses another move than a deep
    // search, and level 4 less often: the levels differ in their choices,
    // not only in how long they think.
    let positions: Vec<_> = ballots().into_iter().step_by(4).collect();
    let strong: Vec<_> = positions
        .iter()
        .map(|p| search(p, &config(10, 8, 0)).best)
        .collect();
    let differ = |level: u8| {
        let depth = Level::new(level).unwrap().settings().max_depth;
        positions
            .iter()
            .zip(&strong)
            .filter(|(p, best)| search(*p, &config(depth, level, 5)).best != **best)
            .count()
    };
    let (one, four) = (differ(1), differ(4));
    assert!(one * 4 >= positions.len(), "level 1 differs {one} times");
    assert!(four < one, "level 4 differs {four} times, level 1 {one}");
}

#[test]
fn baseline_players_play_legal_moves() {
    for pos in ballots().iter().step_by(31) {
        let legal = moves(pos);
        assert!(legal.contains(&alphabeta_material(pos, 4).unwrap()));
        assert!(legal.contains(&greedy(pos, 3).unwrap()));
    }
    let t = tiers::Position::start();
    assert!(moves(&t).contains(&greedy(&t, 1).unwrap()));
    assert!(moves(&t).contains(&alphabeta_material(&t, 2).unwrap()));
}

#[test]
fn tiers_search_takes_a_free_piece() {
    // Red's king on d4 must capture, and has two captures: d4xd6 takes the
    // man on d5 but is taken back at once (e7xc5), d4xf4 takes the man on
    // e4 for free. A search that sees one ply ahead takes the free piece.
    let pos = tiers::Position::parse("5m2/4m3/8/3m4/3Km3/8/8/8 r 0 1").unwrap();
    assert_eq!(moves(&pos).len(), 2);
    let r = search(&pos, &config(4, 8, 0));
    assert_eq!(pos.move_to_string(&r.best), "d4xf4");
    // The other capture is worse by about the king it loses.
    let taken_back = pos.play(&pos.parse_move("d4xd6").unwrap());
    let other = -search(&taken_back, &config(3, 8, 0)).score;
    assert!(r.score > other + 100, "{} vs {other}", r.score);
}

/// Plays `start` out with the top level on both sides, `nodes` nodes a
/// move (deterministic), and returns the outcome and the plies played.
fn play_out(start: checkers::Position, nodes: u64) -> (Option<Outcome>, usize) {
    let mut game = Game::new(start);
    let mut history = Vec::new();
    let mut searcher = Searcher::new(8);
    let cfg = SearchConfig {
        limits: SearchLimits::nodes(nodes),
        level: Level::MAX,
        seed: 0,
    };
    while game.outcome().is_none() && game.ply() < 300 {
        let pos = *game.position();
        let r = searcher.search(&pos, &history, &cfg, |_| {}).unwrap();
        history.push(pos.zobrist());
        game.play(r.best).unwrap();
    }
    (game.outcome(), game.ply())
}

#[test]
fn endings_are_won_over_the_board() {
    // 2 kings against 1, and 3 against 2, each won by play within the
    // 100-ply rule (the weak side defends with the same search).
    // The weaker side starts in a double corner (squares 1/5 or 28/32);
    // the stronger side must drive it out and win before the 100-ply rule.
    for text in [
        "W:WK10,K6:BK1",
        "B:WK14,K23:BK32",
        "W:WK18,K19:BK28",
        "W:WK22,K26:BK5",
        "W:WK14,K15,K19:BK1,K32",
        "B:WK5,K28:BK10,K14,K19",
        "W:WK17,K21,K25:BK1,K5",
    ] {
        let pos = ck(text);
        let (red, black) = (pos.piece_count(Color::Red), pos.piece_count(Color::Black));
        let strong = if red > black {
            Color::Red
        } else {
            Color::Black
        };
        let (outcome, plies) = play_out(pos, 100_000);
        assert_eq!(
            outcome.and_then(|o| o.winner()),
            Some(strong),
            "{text}: {outcome:?} after {plies} plies"
        );
    }
}

#[test]
fn the_ai_chooses_varied_formations() {
    use tiers_engine::search::choose_formation_for;
    for level in [1u8, 5, 8] {
        let level = Level::new(level).unwrap();
        let mut seen = std::collections::HashSet::new();
        for seed in 0..12 {
            let f = choose_formation_for(Color::Black, level, seed);
            assert_eq!(f.color(), Color::Black);
            assert_eq!(f.squares().count_ones(), 12);
            assert_eq!(f, choose_formation_for(Color::Black, level, seed));
            seen.insert(f.squares());
        }
        assert!(seen.len() >= 3, "level {level}: {} formations", seen.len());
    }
}

fn mobility_of_moves<P: Position>(pos: &P) -> tiers_engine::search::Mobility {
    use tiers_engine::search::Mobility;
    let ms = moves(pos);
    if ms.is_empty() {
        Mobility::Stuck
    } else if ms.iter().any(|m| pos.is_capture(m)) {
        Mobility::Captures
    } else {
        Mobility::Quiet
    }
}

#[test]
fn mobility_agrees_with_move_generation() {
    // The search's cheap "capture, quiet or stuck" must match the move
    // lists, over the ballots and two plies from each.
    for pos in ballots() {
        for a in moves(&pos) {
            let p1 = pos.play(&a);
            assert_eq!(p1.mobility(), mobility_of_moves(&p1), "{}", p1.to_text());
            for b in moves(&p1) {
                let p2 = p1.play(&b);
                assert_eq!(p2.mobility(), mobility_of_moves(&p2), "{}", p2.to_text());
            }
        }
    }
    for text in ["W:WK1:B5,6", "B:W9,14:B5", "B:W14:B5"] {
        let pos = ck(text);
        assert_eq!(pos.mobility(), mobility_of_moves(&pos), "{text}");
    }
    let start = tiers::Position::start();
    for a in moves(&start) {
        let p1 = start.play(&a);
        assert_eq!(p1.mobility(), mobility_of_moves(&p1), "{}", p1.to_text());
    }
}

/// The neural evaluation computed from scratch at every leaf (no
/// accumulators kept along the path).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct FromScratch<P>(P);

tiers_engine::position_by_wrapping!(FromScratch, Evaluate);

tiers_engine::evaluate_by_wrapping!(FromScratch, Evaluate, |p| p.evaluate_neural());

#[test]
fn the_neural_accumulators_updated_move_by_move_search_exactly_as_from_scratch() {
    use tiers_engine::search::eval::Neural;
    for pos in ballots().iter().step_by(31) {
        let cfg = config(9, 8, 0);
        let a = Searcher::new(4)
            .search(&Neural(*pos), &[], &cfg, |_| {})
            .unwrap();
        let b = Searcher::new(4)
            .search(&FromScratch(*pos), &[], &cfg, |_| {})
            .unwrap();
        assert_eq!(
            (a.best, a.score, a.nodes),
            (b.best, b.score, b.nodes),
            "{}",
            pos.to_text()
        );
    }
}

#[test]
fn one_thread_is_deterministic_and_more_threads_still_answer() {
    use tiers_engine::search::Techniques;
    let pos = &checkers::Position::start();
    let cfg = config(10, 8, 0);
    let run = |threads: usize| {
        let mut s = Searcher::new(4);
        s.set_threads(threads);
        s.search(pos, &[], &cfg, |_| {}).unwrap()
    };
    let (a, b) = (run(1), run(1));
    assert_eq!(
        (a.best, a.score, a.nodes, a.pv.clone()),
        (b.best, b.score, b.nodes, b.pv)
    );
    // Two threads reach the same depth and play a legal move.
    let c = run(2);
    assert_eq!(c.depth, 10);
    assert!(moves(pos).contains(&c.best));
    // Every technique can be turned off, and none of them changes what a
    // forced win is.
    for text in WINS {
        let win = ck(text);
        let mut s = Searcher::new(4);
        s.set_techniques(Techniques::NONE);
        let plain = s.search(&win, &[], &config(12, 8, 0), |_| {}).unwrap();
        let all = search(&win, &config(12, 8, 0));
        assert!(plain.score > MATE_BOUND, "{text}");
        assert_eq!(plain.score, all.score, "{text}");
    }
}

#[test]
fn a_managed_time_stops_within_its_limit() {
    // A settled position stops early; the hard limit always holds.
    let pos = checkers::Position::start();
    let cfg = SearchConfig {
        limits: SearchLimits::managed(60, 400),
        level: Level::MAX,
        seed: 0,
    };
    let t = std::time::Instant::now();
    let r = Searcher::new(4).search(&pos, &[], &cfg, |_| {}).unwrap();
    // The limit plus slack for a shared test machine's scheduler.
    assert!(t.elapsed().as_millis() <= 400 + 150);
    assert!(r.depth >= 1);
}

#[test]
fn levels_play_from_the_book_as_their_settings_say() {
    use std::sync::Arc;
    use tiers_engine::book::{Book, BookMove};
    let start = checkers::Position::start();
    let ms = moves(&start);
    let mut book = Book::default();
    // 11-15 (index found by text) best, one move near it, the rest far.
    let scored: Vec<BookMove> = ms
        .iter()
        .map(|&mv| {
            let text = start.move_to_string(&mv);
            let score = match text.as_str() {
                "11-15" => 20,
                "9-13" => 15,
                _ => -80,
            };
            BookMove { mv, score }
        })
        .collect();
    book.insert(&start, scored);
    let with = |book: &Book, level: u8, seed: u64| {
        let mut s = Searcher::new(1);
        s.set_book(Some(Arc::new(book.clone())));
        s.set_book_at_top(true);
        s.search(&start, &[], &config(1, level, seed), |_| {})
            .unwrap()
    };
    // The top level searches while the book does not follow its best move
    // (a book's last positions carry only the build's search)...
    assert!(with(&book, 8, 0).nodes > 0);
    // ... and plays it once the position after it is in the book.
    let best = *ms
        .iter()
        .find(|m| start.move_to_string(m) == "11-15")
        .unwrap();
    let next = start.play(&best);
    let reply = moves(&next)[0];
    book.insert(
        &next,
        vec![BookMove {
            mv: reply,
            score: -20,
        }],
    );
    let book = Arc::new(book);
    let play = |level: u8, seed: u64| with(&book, level, seed);
    // The top level: the best book move, without searching.
    for seed in 0..10 {
        let r = play(8, seed);
        assert_eq!(
            (start.move_to_string(&r.best).as_str(), r.nodes),
            ("11-15", 0)
        );
    }
    // Level 7 varies between the two near-equal moves, never the others.
    let chosen: std::collections::HashSet<String> = (0..40)
        .map(|seed| start.move_to_string(&play(7, seed).best))
        .collect();
    assert_eq!(chosen, ["11-15", "9-13"].map(String::from).into());
    // Levels 1-4 search (and so report nodes), and level 8 unless asked.
    assert!(play(3, 0).nodes > 0);
    let mut s = Searcher::new(1);
    s.set_book(Some(book.clone()));
    assert!(
        s.search(&start, &[], &config(1, 8, 0), |_| {})
            .unwrap()
            .nodes
            > 0
    );
    // A position the book does not hold is searched.
    let after = start.play(&ms[0]);
    let mut s = Searcher::new(1);
    s.set_book(Some(book.clone()));
    assert!(
        s.search(&after, &[], &config(2, 8, 0), |_| {})
            .unwrap()
            .nodes
            > 0
    );
}
