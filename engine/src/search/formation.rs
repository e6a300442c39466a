//! The AI's choice of a Tiers formation.

use super::eval::mix64;
use super::{Level, SearchConfig, SearchLimits, Searcher};
use crate::tiers::{Formation, Position, Preset};
use crate::Color;

/// How many random formations are tried besides the presets.
const RANDOM_CANDIDATES: u64 = 6;

/// The formation the AI plays as Red at `level`, varied by `seed`
/// ([`crate::tiers::Position::from_formations`] turns it round for Black).
///
/// Candidates are the presets and a few seeded random formations. Each is
/// judged by a short search (depth 2 plus captures) of its start position
/// against the default formation, from its own side; the seed picks one of
/// the candidates that score within one and a half men (plus twice the
/// level's noise) of the best, so the AI varies its formation without
/// choosing a bad one. Levels 1 and 2 simply pick a seeded candidate.
///
/// ```
/// use tiers_engine::search::{choose_formation, Level};
/// use tiers_engine::Color;
/// let f = choose_formation(Level::MAX, 7);
/// assert_eq!(f.color(), Color::Red);
/// assert_eq!(f, choose_formation(Level::MAX, 7));
/// assert_eq!(f.squares().count_ones(), 12);
/// ```
#[must_use]
pub fn choose_formation(level: Level, seed: u64) -> Formation {
    choose_formation_for(Color::Red, level, seed)
}

/// [`choose_formation`] for either side.
#[must_use]
pub fn choose_formation_for(color: Color, level: Level, seed: u64) -> Formation {
    let mut candidates: Vec<Formation> = Preset::ALL
        .iter()
        .map(|&p| Formation::preset(p, color))
        .collect();
    for i in 0..RANDOM_CANDIDATES {
        candidates.push(Formation::random(color, mix64(seed ^ i)));
    }
    if level.number() <= 2 {
        return candidates[(mix64(seed) % candidates.len() as u64) as usize];
    }
    // Candidates within this margin of the best one are all good enough:
    // the seed picks among them, so the AI varies its formation. One and a
    // half men: the learned evaluation's scores are spread wider than the
    // hand-set one's (its scale: a man up is about a 54 % expected score);
    // with a quarter of a man it chose one preset (fortress) for nearly
    // every seed, with one man two formations in twelve seeds.
    let margin = 150 + 2 * level.settings().noise;
    let mut searcher = Searcher::new(1);
    let config = SearchConfig {
        limits: SearchLimits::depth(2),
        level: Level::MAX,
        seed,
    };
    let opponent = Formation::default_for(color.opposite());
    let scores: Vec<i32> = candidates
        .iter()
        .map(|f| {
            let pos = match color {
                Color::Red => Position::from_formations(f, &opponent),
                Color::Black => Position::from_formations(&opponent, f),
            };
            // Red moves first: the score is Red's.
            let red_score = searcher
                .search(&pos, &[], &config, |_| {})
                .map_or(0, |r| r.score);
            if color == Color::Red {
                red_score
            } else {
                -red_score
            }
        })
        .collect();
    let best = scores.iter().copied().max().unwrap_or(0);
    let good: Vec<Formation> = candidates
        .iter()
        .zip(&scores)
        .filter(|(_, &s)| s >= best - margin)
        .map(|(f, _)| *f)
        .collect();
    good[(mix64(seed ^ 0x5eed) % good.len() as u64) as usize]
}
