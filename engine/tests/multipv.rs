//! Several lines at once (multi-PV), every move's score and the threat
//! (a null move), on real positions of both games, at fixed depths.

use tiers_engine::search::{
    passed, Evaluate, Level, LinesInfo, SearchConfig, SearchLimits, Searcher, Techniques,
};
use tiers_engine::{checkers, tiers, Position};

fn config(depth: u32) -> SearchConfig {
    SearchConfig {
        limits: SearchLimits::depth(depth),
        level: Level::ANALYSIS,
        seed: 1,
    }
}

fn moves<P: Position>(pos: &P) -> Vec<P::Move> {
    let mut v = Vec::new();
    pos.legal_moves(&mut v);
    v
}

fn lines<P: Evaluate>(pos: &P, depth: u32, count: usize) -> (LinesInfo, Vec<u32>) {
    let mut depths = Vec::new();
    let info = Searcher::new(4)
        .search_lines(pos, &[], &config(depth), count, |i| depths.push(i.depth))
        .unwrap();
    (info, depths)
}

/// Checkers positions: the start, an opening after a few moves, a middle
/// game with captures about, an endgame with kings.
fn checkers_positions() -> Vec<checkers::Position> {
    let mut out = vec![checkers::Position::start()];
    let mut p = checkers::Position::start();
    for m in ["11-15", "23-19", "8-11", "22-17"] {
        p = p.play(&p.parse_move(m).unwrap());
        out.push(p);
    }
    for text in [
        "B:W18,19,21,23,24,26,29,30,31,32:B1,2,3,5,6,7,9,10,12,14",
        "W:WK14,22,25:BK5,K11,16",
    ] {
        out.push(checkers::Position::parse(text).unwrap());
    }
    out
}

fn tiers_positions() -> Vec<tiers::Position> {
    let mut out = vec![tiers::Position::start()];
    let mut p = tiers::Position::start();
    for _ in 0..3 {
        let ms = moves(&p);
        p = p.play(&ms[ms.len() / 2]);
        out.push(p);
    }
    out
}

/// The lines are legal from `pos`, start with distinct moves, are sorted
/// best first and number `min(count, legal moves)`.
fn check_lines<P: Evaluate>(pos: &P, info: &LinesInfo, count: usize) {
    let legal = moves(pos).len();
    assert_eq!(info.lines.len(), count.min(legal), "{}", pos.to_text());
    let mut firsts: Vec<&str> = Vec::new();
    for line in &info.lines {
        assert!(!line.pv.is_empty());
        let mut p = pos.clone();
        for text in &line.pv {
            let mv = p
                .parse_move(text)
                .unwrap_or_else(|_| panic!("{text} illegal in {}", p.to_text()));
            p = p.play(&mv);
        }
        assert!(!firsts.contains(&line.pv[0].as_str()), "{:?}", info.lines);
        firsts.push(&line.pv[0]);
    }
    assert!(
        info.lines.windows(2).all(|w| w[0].score >= w[1].score),
        "sorted: {:?}",
        info.lines
    );
}

/// Three lines at `depth`: legal, distinct, sorted, every depth reported;
/// the first agrees with the single search at the same depth: its best
/// move scores within `margin` of the best move, and the best score is
/// the same within
/// `margin` hundredths of a man (the lines searched besides the first fill
/// the table with what the single search does not see, so the two can
/// differ a little, as in every engine).
fn agree_with_single_pv<P: Evaluate>(pos: &P, depth: u32, margin: i32) {
    let (info, depths) = lines(pos, depth, 3);
    check_lines(pos, &info, 3);
    assert_eq!(info.depth, depth, "{}", pos.to_text());
    assert_eq!(
        depths,
        (1..=depth).collect::<Vec<_>>(),
        "every depth reported"
    );
    let single = Searcher::new(4)
        .search(pos, &[], &config(depth), |_| {})
        .unwrap();
    let why = || format!("{}: {:?} vs {:?}", pos.to_text(), info.lines, single.pv);
    assert!(
        (info.lines[0].score - single.score).abs() <= margin,
        "{} vs {}: {}",
        info.lines[0].score,
        single.score,
        why()
    );
    // The single search's move, scored with every other one at the same
    // depth, is within the margin of the best.
    let (all, _) = lines(pos, depth, usize::MAX);
    let its = all.lines.iter().find(|l| l.pv[0] == single.pv[0]).unwrap();
    assert!(
        all.lines[0].score - its.score <= margin,
        "{:?}: {}",
        all.lines,
        why()
    );
}

/// One line searches as the single search does (without aspiration
/// windows, which the lines do not use): the same score and line.
fn one_line_is_the_single_search<P: Evaluate>(pos: &P, depth: u32) {
    let techniques = Techniques {
        aspiration: false,
        ..Techniques::default()
    };
    let mut a = Searcher::new(4);
    a.set_techniques(techniques);
    let mut b = Searcher::new(4);
    b.set_techniques(techniques);
    let info = a.search_lines(pos, &[], &config(depth), 1, |_| {}).unwrap();
    let single = b.search(pos, &[], &config(depth), |_| {}).unwrap();
    assert_eq!(
        (info.lines[0].score, &info.lines[0].pv),
        (single.score, &single.pv),
        "{}",
        pos.to_text()
    );
}

#[test]
fn checkers_lines_are_legal_distinct_sorted_and_agree_with_the_single_best() {
    for pos in checkers_positions() {
        agree_with_single_pv(&pos, 7, 40);
        one_line_is_the_single_search(&pos, 8);
    }
}

#[test]
fn tiers_lines_are_legal_distinct_sorted_and_agree_with_the_single_best() {
    for pos in tiers_positions() {
        agree_with_single_pv(&pos, 4, 40);
        one_line_is_the_single_search(&pos, 5);
    }
}

#[test]
fn every_move_is_scored_once() {
    for pos in checkers_positions() {
        let legal = moves(&pos).len();
        let (info, _) = lines(&pos, 5, 99);
        check_lines(&pos, &info, legal);
    }
    for pos in tiers_positions() {
        let legal = moves(&pos).len();
        let (info, _) = lines(&pos, 2, legal);
        check_lines(&pos, &info, legal);
    }
}

#[test]
fn a_node_limit_stops_it_with_the_last_complete_depth() {
    let pos = checkers::Position::start();
    let cfg = SearchConfig {
        limits: SearchLimits::nodes(20_000),
        ..config(60)
    };
    let mut reported = Vec::new();
    let info = Searcher::new(4)
        .search_lines(&pos, &[], &cfg, 3, |i| reported.push(i.clone()))
        .unwrap();
    assert!(info.depth >= 1 && info.depth < 60);
    assert_eq!(Some(&info), reported.last(), "the last complete depth");
    check_lines(&pos, &info, 3);
}

#[test]
fn no_legal_move_gives_none() {
    // Red has no piece left to move.
    let pos = checkers::Position::parse("W:W32:B23,27,28").unwrap();
    if moves(&pos).is_empty() {
        assert!(Searcher::new(1)
            .search_lines(&pos, &[], &config(3), 3, |_| {})
            .is_none());
    }
}

#[test]
fn the_threat_is_the_opponents_best_move_after_a_pass() {
    // Black to move; were it Red's move, the man on 18 would take the one
    // on 14: the threat is 18x9.
    let pos = checkers::Position::parse("B:W18,30:B14,3").unwrap();
    let after = passed(&pos).unwrap();
    assert_eq!(after.side_to_move(), pos.side_to_move().opposite());
    let best = Searcher::new(4)
        .search(&after, &[], &config(6), |_| {})
        .unwrap();
    assert_eq!(best.pv[0], "18x9");
    // Both games: passing twice gives the position back.
    assert_eq!(passed(&after).unwrap().to_text(), pos.to_text());
    let t = tiers::Position::start();
    let tp = passed(&t).unwrap();
    assert_ne!(tp.side_to_move(), t.side_to_move());
    assert_eq!(passed(&tp).unwrap().to_text(), t.to_text());
}
