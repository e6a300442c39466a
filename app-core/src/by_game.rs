//! [`ByGame`]: one value per game (checkers, Tiers), reached by the game's
//! kind: the puzzle files, the courses, the puzzle ratings.

use std::ops::{Index, IndexMut};

use tiers_engine::GameKind;

/// One value for checkers and one for Tiers.
///
/// ```
/// use tiers_core::by_game::ByGame;
/// use tiers_engine::GameKind;
/// let mut n = ByGame::new(0, 5);
/// n[GameKind::Checkers] += 1;
/// assert_eq!((n[GameKind::Checkers], n[GameKind::Tiers]), (1, 5));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByGame<T>([T; 2]);

impl<T> ByGame<T> {
    /// The values for checkers and for Tiers.
    pub const fn new(checkers: T, tiers: T) -> ByGame<T> {
        ByGame([checkers, tiers])
    }

    /// The same value for both games.
    pub fn both(value: T) -> ByGame<T>
    where
        T: Clone,
    {
        ByGame([value.clone(), value])
    }
}

const fn slot(kind: GameKind) -> usize {
    match kind {
        GameKind::Checkers => 0,
        GameKind::Tiers => 1,
    }
}

impl<T> Index<GameKind> for ByGame<T> {
    type Output = T;
    fn index(&self, kind: GameKind) -> &T {
        &self.0[slot(kind)]
    }
}

impl<T> IndexMut<GameKind> for ByGame<T> {
    fn index_mut(&mut self, kind: GameKind) -> &mut T {
        &mut self.0[slot(kind)]
    }
}
