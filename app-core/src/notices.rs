//! The notice bar's state: what went wrong with stored data, a link or
//! saving (each dismissible), and a game in progress kept aside when a
//! share link replaced it ("Back to my game").

use super::i18n::Text;
use super::session::{GameMeta, LoadGame};

/// The notices shown, and the game kept aside.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Notices {
    /// The messages, oldest first.
    pub list: Vec<Text>,
    /// The unfinished game a share link replaced.
    pub previous: Option<(LoadGame, GameMeta)>,
    /// A game by link whose history contradicts the device's copy: which
    /// to keep is asked.
    pub conflict: Option<Box<LinkConflict>>,
}

/// A link whose game contradicts the device's copy of it.
#[derive(Clone, Debug, PartialEq)]
pub struct LinkConflict {
    /// How the two differ, in words.
    pub why: Text,
    /// The device's copy.
    pub mine: (LoadGame, GameMeta),
    /// The link's game.
    pub theirs: (LoadGame, GameMeta),
}

/// What can be done with the notices.
#[derive(Clone, Debug, PartialEq)]
pub enum NoticeAction {
    /// Show a message (once: the same message twice is shown once).
    Push(Text),
    /// Take away the message at this index.
    Dismiss(usize),
    /// Go back to the game kept aside.
    ResumePrevious,
    /// Forget the game kept aside.
    DropPrevious,
    /// Of a contradicting link and the device's copy, keep the copy.
    KeepMine,
    /// Of a contradicting link and the device's copy, take the link's.
    TakeLink,
}

impl Notices {
    /// The messages in US English (tests).
    #[cfg(test)]
    #[must_use]
    pub fn english(&self) -> Vec<String> {
        self.list.iter().map(Text::english).collect()
    }

    /// Reduces one action; going back to the game kept aside hands it out.
    pub fn apply(&mut self, action: NoticeAction) -> Option<(LoadGame, GameMeta)> {
        match action {
            NoticeAction::Push(text) => {
                if !self.list.contains(&text) {
                    self.list.push(text);
                }
            }
            NoticeAction::Dismiss(i) => {
                if i < self.list.len() {
                    self.list.remove(i);
                }
            }
            NoticeAction::ResumePrevious => return self.previous.take(),
            NoticeAction::DropPrevious => self.previous = None,
            // The app's state answers these (it holds the archive).
            NoticeAction::KeepMine | NoticeAction::TakeLink => {}
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::new_checkers;
    use crate::session::Opponent;

    #[test]
    fn messages_are_shown_once_and_dismissed_by_index() {
        let mut n = Notices::default();
        n.apply(NoticeAction::Push(Text::new("a")));
        n.apply(NoticeAction::Push(Text::new("b")));
        n.apply(NoticeAction::Push(Text::new("a")));
        assert_eq!(n.list, ["a", "b"].map(Text::new));
        n.apply(NoticeAction::Dismiss(0));
        n.apply(NoticeAction::Dismiss(5));
        assert_eq!(n.list, ["b"].map(Text::new));
    }

    #[test]
    fn the_game_kept_aside_is_handed_out_once() {
        let game = LoadGame {
            record: new_checkers(),
            opponent: Opponent::Friend,
            flipped: false,
            clock: None,
        };
        let mut n = Notices {
            previous: Some((game, GameMeta::default())),
            ..Notices::default()
        };
        assert!(n.apply(NoticeAction::ResumePrevious).is_some());
        assert!(n.previous.is_none());
        assert!(n.apply(NoticeAction::ResumePrevious).is_none());
    }
}
