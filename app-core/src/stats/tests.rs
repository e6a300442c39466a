//! Statistics, natively: which archived games count as games against the
//! computer and how they ended for the player, the tallies per game, level
//! and colour, the longest winning streak, the highest level beaten, and
//! the puzzles and lessons.

use super::*;
use crate::library::archive::result_text;
use crate::puzzles::history::Attempt;
use crate::puzzles::modes::Mode;
use tiers_engine::Outcome;

/// An archived game: `kind`, the player as `human` against `level` (None:
/// two players on this device), won by `winner` (None: a draw), ended at
/// `date`.
fn entry(
    kind: GameKind,
    level: Option<u8>,
    human: Color,
    winner: Option<Color>,
    date: u64,
) -> Entry {
    let opponent = level.map_or(Opponent::Friend, |n| Opponent::Computer {
        level: Level::clamped(n),
        human,
    });
    let [red, black] = player_names(opponent);
    let outcome = match winner {
        Some(c) => Outcome::Win {
            winner: c,
            reason: tiers_engine::WinReason::Resignation,
        },
        None => Outcome::Draw {
            reason: tiers_engine::DrawReason::Agreement,
        },
    };
    Entry {
        id: date,
        date,
        kind: kind.name().into(),
        red,
        black,
        result: result_text(kind, outcome).into(),
        reason: String::new(),
        moves: 10,
        hints: 0,
        pdn: String::new(),
        bylink: None,
        review: None,
        drill: None,
    }
}

#[test]
fn games_against_the_computer_are_read_from_the_archive() {
    use Color::{Black, Red};
    use GameKind::{Checkers, Tiers};
    let e = entry(Checkers, Some(3), Red, Some(Red), 1);
    let g = ComputerGame::of(&e).unwrap();
    assert_eq!(
        (g.kind, g.level.number(), g.color, g.result),
        (Checkers, 3, Red, GameResult::Won)
    );
    // The first mover's win is 1-0 in both games: Black's win as Black.
    let g = ComputerGame::of(&entry(Tiers, Some(8), Black, Some(Black), 1)).unwrap();
    assert_eq!((g.color, g.result), (Black, GameResult::Won));
    let g = ComputerGame::of(&entry(Checkers, Some(1), Black, Some(Red), 1)).unwrap();
    assert_eq!(g.result, GameResult::Lost);
    let g = ComputerGame::of(&entry(Checkers, Some(1), Red, None, 1)).unwrap();
    assert_eq!(g.result, GameResult::Drawn);
    // Not against the computer, by link, unfinished, damaged: left out.
    assert_eq!(
        ComputerGame::of(&entry(Checkers, None, Red, Some(Red), 1)),
        None
    );
    let mut e = entry(Checkers, Some(2), Red, Some(Red), 1);
    e.result = "*".into();
    assert_eq!(ComputerGame::of(&e), None);
    e.result = "9-9".into();
    assert_eq!(ComputerGame::of(&e), None);
    let mut e = entry(Checkers, Some(2), Red, Some(Red), 1);
    e.kind = "chess".into();
    assert_eq!(ComputerGame::of(&e), None);
    let mut e = entry(Checkers, Some(2), Red, Some(Red), 1);
    e.black = "Computer · level 12".into();
    assert_eq!(ComputerGame::of(&e), None);
}

#[test]
fn the_statistics_count_levels_colours_streaks_and_the_highest_level_beaten() {
    use Color::{Black, Red};
    use GameKind::{Checkers, Tiers};
    // Newest first, as the archive keeps them; dates give the order.
    let games = vec![
        entry(Checkers, Some(4), Red, Some(Black), 9),   // lost
        entry(Checkers, Some(2), Black, Some(Black), 8), // won
        entry(Tiers, Some(5), Red, Some(Red), 7),        // won
        entry(Checkers, Some(3), Red, Some(Red), 6),     // won
        entry(Checkers, None, Red, Some(Red), 5),        // two players: not counted
        entry(Checkers, Some(2), Red, None, 4),          // drawn
        entry(Checkers, Some(2), Red, Some(Red), 3),     // won
        entry(Checkers, Some(6), Black, Some(Black), 2), // won
        entry(Tiers, Some(1), Black, Some(Red), 1),      // lost
    ];
    let archive = Archive { v: 1, games };
    let mut history = History::default();
    history.record(Checkers, "c1", 1500, Attempt::Solved);
    history.record(Checkers, "c2", 1500, Attempt::Failed);
    history.record(Tiers, "t1", 1500, Attempt::Solved);
    history.run_over(Checkers, Mode::Streak, 4);
    let mut progress = Progress::default();
    progress.record("tiers/man/1".into(), 3);
    progress.record("tiers/man/2".into(), 2);
    progress.record("checkers/moves/1".into(), 1);
    let s = Stats::of(&archive, &history, &progress);

    let score = |k, l, c| {
        s.games
            .get(&(kind_key(k), l, color_key(c)))
            .copied()
            .unwrap_or_default()
    };
    assert_eq!(
        score(Checkers, 2, Red),
        Score {
            won: 1,
            drawn: 1,
            lost: 0
        }
    );
    assert_eq!(
        score(Checkers, 2, Black),
        Score {
            won: 1,
            drawn: 0,
            lost: 0
        }
    );
    assert_eq!(
        score(Checkers, 4, Red),
        Score {
            won: 0,
            drawn: 0,
            lost: 1
        }
    );
    assert_eq!(
        score(Tiers, 1, Black),
        Score {
            won: 0,
            drawn: 0,
            lost: 1
        }
    );
    assert_eq!(
        s.totals[Checkers],
        Score {
            won: 4,
            drawn: 1,
            lost: 1
        }
    );
    assert_eq!(
        s.totals[Tiers],
        Score {
            won: 1,
            drawn: 0,
            lost: 1
        }
    );
    assert_eq!(
        s.by_level(Checkers),
        [
            (
                2,
                Score {
                    won: 2,
                    drawn: 1,
                    lost: 0
                }
            ),
            (
                3,
                Score {
                    won: 1,
                    drawn: 0,
                    lost: 0
                }
            ),
            (
                4,
                Score {
                    won: 0,
                    drawn: 0,
                    lost: 1
                }
            ),
            (
                6,
                Score {
                    won: 1,
                    drawn: 0,
                    lost: 0
                }
            ),
        ]
    );
    // In time order: L(t1) W(c6) W(c2) D W(c3) W(t5) W(c2) L: three in a row.
    assert_eq!(s.longest_streak, 3);
    assert_eq!(s.highest_beaten[Checkers].map(Level::number), Some(6));
    assert_eq!(s.highest_beaten[Tiers].map(Level::number), Some(5));
    assert_eq!(
        (s.puzzles[Checkers].solved, s.puzzles[Checkers].failed),
        (1, 1)
    );
    assert_eq!(s.puzzles[Checkers].bests.streak, 4);
    assert_eq!(s.puzzles[Tiers].rating, history.rating(Tiers));
    assert_eq!(s.lessons[Tiers], (2, 5));
    assert_eq!(s.lessons[Checkers], (1, 1));
    // Nothing kept: nothing to show.
    let empty = Stats::of(
        &Archive::default(),
        &History::default(),
        &Progress::default(),
    );
    assert_eq!(
        (empty.longest_streak, empty.totals[Checkers].games()),
        (0, 0)
    );
    assert_eq!(empty.highest_beaten[Tiers], None);
}
