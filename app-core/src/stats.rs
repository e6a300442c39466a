//! The player's statistics, computed from what the device keeps (nothing
//! is recorded for them, nothing is sent anywhere): the games against the
//! computer in the archive (per game, level and colour: won, drawn, lost;
//! the longest winning streak; the highest level beaten), the puzzle
//! history (solved, failed, the rating, the best streak and rush) and the
//! lessons' stars (exercises solved).
//!
//! A game against the computer is an archived game (not by link) whose
//! players are "You" and "Computer · level N", as the app names them
//! ([`crate::library::player_names`]).

use std::collections::BTreeMap;

use tiers_engine::pdn::PdnResult;
use tiers_engine::search::Level;
use tiers_engine::{Color, GameKind};

use crate::by_game::ByGame;
use crate::learn::progress::Progress;
use crate::library::archive::{Archive, Entry};
use crate::library::player_names;
use crate::puzzles::history::{Bests, History};
use crate::session::Opponent;

/// Won, drawn, lost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Games won.
    pub won: u32,
    /// Games drawn.
    pub drawn: u32,
    /// Games lost.
    pub lost: u32,
}

impl Score {
    /// Games played.
    #[must_use]
    pub fn games(&self) -> u32 {
        self.won + self.drawn + self.lost
    }

    fn add(&mut self, result: GameResult) {
        match result {
            GameResult::Won => self.won += 1,
            GameResult::Drawn => self.drawn += 1,
            GameResult::Lost => self.lost += 1,
        }
    }
}

/// How a game against the computer ended for the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// The player won.
    Won,
    /// A draw.
    Drawn,
    /// The computer won.
    Lost,
}

/// A finished game against the computer, as the archive keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ComputerGame {
    /// Its game.
    pub kind: GameKind,
    /// The computer's level.
    pub level: Level,
    /// The player's colour.
    pub color: Color,
    /// How it ended for the player.
    pub result: GameResult,
    /// When it ended (ms since 1970).
    pub date: u64,
}

impl ComputerGame {
    /// The game against the computer an archive entry is (None: another
    /// kind of game, or one that did not finish).
    #[must_use]
    pub fn of(e: &Entry) -> Option<ComputerGame> {
        if e.bylink.is_some() {
            return None;
        }
        let kind = GameKind::parse(&e.kind).ok()?;
        let (color, level) = Level::all().find_map(|level| {
            Color::ALL.into_iter().find_map(|human| {
                let names = player_names(Opponent::Computer { level, human });
                (names[0] == e.red && names[1] == e.black).then_some((human, level))
            })
        })?;
        let result = match e.winner()? {
            PdnResult::Draw => GameResult::Drawn,
            PdnResult::Win(w) if w == color => GameResult::Won,
            PdnResult::Win(_) => GameResult::Lost,
            PdnResult::Unknown => return None,
        };
        Some(ComputerGame {
            kind,
            level,
            color,
            result,
            date: e.date,
        })
    }
}

/// A game's puzzles: solved and failed (rated), the rating, the bests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PuzzleStats {
    /// Rated puzzles solved.
    pub solved: usize,
    /// Rated puzzles failed.
    pub failed: usize,
    /// The rating now.
    pub rating: u32,
    /// The best streak and rushes.
    pub bests: Bests,
}

/// The statistics.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Games against the computer by game, level and the player's colour.
    pub games: BTreeMap<(GameKindKey, u8, ColorKey), Score>,
    /// All games against the computer, per game.
    pub totals: ByGame<Score>,
    /// The longest run of games won in a row against the computer (either
    /// game, in the order they ended).
    pub longest_streak: u32,
    /// The highest level beaten, per game.
    pub highest_beaten: ByGame<Option<Level>>,
    /// Puzzles, per game.
    pub puzzles: ByGame<PuzzleStats>,
    /// Lesson exercises solved, per game, and the stars earned in them.
    pub lessons: ByGame<(usize, u32)>,
}

/// A game kind as a map key (checkers first).
pub type GameKindKey = u8;
/// A colour as a map key (Red first).
pub type ColorKey = u8;

/// The map key of a game kind.
#[must_use]
pub fn kind_key(kind: GameKind) -> GameKindKey {
    u8::from(kind == GameKind::Tiers)
}

/// The map key of a colour.
#[must_use]
pub fn color_key(color: Color) -> ColorKey {
    u8::from(color == Color::Black)
}

impl Stats {
    /// The statistics of what the device keeps.
    #[must_use]
    pub fn of(archive: &Archive, history: &History, progress: &Progress) -> Stats {
        let mut s = Stats::default();
        let mut games: Vec<ComputerGame> =
            archive.games.iter().filter_map(ComputerGame::of).collect();
        games.sort_by_key(|g| g.date);
        let mut run = 0;
        for g in &games {
            s.games
                .entry((kind_key(g.kind), g.level.number(), color_key(g.color)))
                .or_default()
                .add(g.result);
            s.totals[g.kind].add(g.result);
            if g.result == GameResult::Won {
                run += 1;
                s.longest_streak = s.longest_streak.max(run);
                let best = &mut s.highest_beaten[g.kind];
                if best.is_none_or(|b| g.level > b) {
                    *best = Some(g.level);
                }
            } else {
                run = 0;
            }
        }
        for kind in crate::puzzles::GAMES {
            let (solved, failed) = history.counts(kind);
            s.puzzles[kind] = PuzzleStats {
                solved,
                failed,
                rating: history.rating(kind),
                bests: history.bests[kind],
            };
            let prefix = format!("{}/", kind.name());
            let mine = progress
                .stars
                .iter()
                .filter(|(k, _)| k.starts_with(&prefix));
            s.lessons[kind] = (mine.clone().count(), mine.map(|(_, n)| u32::from(*n)).sum());
        }
        s
    }

    /// The scores of one game's levels (all colours), lowest level first.
    #[must_use]
    pub fn by_level(&self, kind: GameKind) -> Vec<(u8, Score)> {
        let mut out: Vec<(u8, Score)> = Vec::new();
        for (&(k, level, _), score) in &self.games {
            if k != kind_key(kind) {
                continue;
            }
            match out.last_mut() {
                Some((l, s)) if *l == level => {
                    s.won += score.won;
                    s.drawn += score.drawn;
                    s.lost += score.lost;
                }
                _ => out.push((level, *score)),
            }
        }
        out
    }
}

#[cfg(test)]
mod tests;
