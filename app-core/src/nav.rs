//! Which screen is shown, and where the rules or the Settings screen were
//! opened from.

/// A screen of the app.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    /// Choosing the game and the opponent.
    NewGame,
    /// Placing the men (Tiers).
    Formation,
    /// Playing.
    Play,
    /// The rule books.
    Rules,
    /// The archive of finished games and imported files.
    Games,
    /// The board editor.
    Editor,
    /// Tournaments.
    Tournaments,
    /// Lessons.
    Learn,
    /// The person's preferences.
    Settings,
    /// A game's review.
    Review,
    /// Puzzles.
    Puzzles,
    /// The opening trainer (checkers).
    Openings,
    /// The player's statistics.
    Statistics,
    /// The analysis board.
    Analysis,
    /// Live play with a friend on another device: the invite, the answer,
    /// the connection.
    Live,
}

/// Navigation: the screen shown and the one to go back to from the rules
/// or the Settings screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Nav {
    /// The screen shown.
    pub screen: Screen,
    /// The screen to go back to from the rules or the Settings screen.
    pub back: Screen,
}

impl Default for Nav {
    fn default() -> Self {
        Nav {
            screen: Screen::NewGame,
            back: Screen::NewGame,
        }
    }
}

/// What navigation does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NavAction {
    /// Show a screen.
    Show(Screen),
    /// Show the rules, remembering where to come back.
    ShowRules,
    /// Back from the rules or the Settings screen to the screen they were
    /// opened from.
    Back,
    /// Show the settings, remembering where to come back.
    ShowSettings,
}

impl Nav {
    /// Reduces one action.
    pub fn apply(&mut self, action: NavAction) {
        match action {
            NavAction::Show(screen) => self.screen = screen,
            NavAction::ShowRules => {
                if self.screen != Screen::Rules {
                    self.back = self.screen;
                }
                self.screen = Screen::Rules;
            }
            NavAction::Back => self.screen = self.back,
            NavAction::ShowSettings => {
                if !matches!(self.screen, Screen::Rules | Screen::Settings) {
                    self.back = self.screen;
                }
                self.screen = Screen::Settings;
            }
        }
    }
}

/// A step through a replayed game asked for by a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The start position (Home).
    First,
    /// One move back (left arrow).
    Back,
    /// One move on (right arrow).
    On,
    /// The last position (End).
    Last,
}

impl Step {
    /// The ply to show after this step from `shown`, in a game of `last`
    /// plies.
    #[must_use]
    pub fn from(self, shown: usize, last: usize) -> usize {
        let shown = shown.min(last);
        match self {
            Step::First => 0,
            Step::Back => shown.saturating_sub(1),
            Step::On => (shown + 1).min(last),
            Step::Last => last,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules_go_back_where_they_were_opened() {
        let mut nav = Nav::default();
        nav.apply(NavAction::Show(Screen::Play));
        nav.apply(NavAction::ShowRules);
        assert_eq!(nav.screen, Screen::Rules);
        // Opening them twice keeps the first way back.
        nav.apply(NavAction::ShowRules);
        nav.apply(NavAction::Back);
        assert_eq!(nav.screen, Screen::Play);
        nav.apply(NavAction::Show(Screen::Games));
        nav.apply(NavAction::ShowRules);
        nav.apply(NavAction::Back);
        assert_eq!(nav.screen, Screen::Games);
        nav.apply(NavAction::ShowSettings);
        assert_eq!(nav.screen, Screen::Settings);
        nav.apply(NavAction::Back);
        assert_eq!(nav.screen, Screen::Games);
    }
}
