//! Games by link in the app's state: turning a two-player game into a
//! game by link, opening a link (a new game, an update of the device's
//! copy, an old link, or a history that contradicts the copy: the person
//! chooses), and keeping the device's copy in the archive after every
//! change. The link itself is [`crate::library::bylink`].

use tiers_engine::Color;

use super::library::archive::Entry;
use super::library::bylink::{self, LinkGame, Merge};
use super::library::{player_names, tag};
use super::notices::{LinkConflict, NoticeAction};
use super::session::{ByLink, GameMeta, LoadGame, Opponent, Session};
use super::AppState;
use crate::nav::{NavAction, Screen};

/// The names in a game's tags (White is Red's player), or "Red" / "Black".
#[must_use]
pub fn names(meta: &GameMeta) -> [String; 2] {
    let fallback = player_names(Opponent::Friend);
    [("White", 0), ("Black", 1)].map(|(t, i)| {
        tag(&meta.tags, t)
            .filter(|v| !v.trim().is_empty() && !v.starts_with('?'))
            .map_or_else(|| fallback[i].clone(), str::to_string)
    })
}

/// The link for the game of a session, if it is a game by link (`base`:
/// the page's address; `now`: ms since 1970).
pub fn link_of(s: &Session, base: &str, now: u64) -> Option<Result<String, String>> {
    let b = s.meta.bylink.as_ref()?;
    let game = LinkGame {
        id: s.meta.id,
        record: s.record()?.clone_box(),
        names: names(&s.meta),
        days: b.days,
        sent: now,
    };
    Some(bylink::link(base, &game))
}

fn tags(names: &[String; 2]) -> Vec<(String, String)> {
    vec![
        ("White".to_string(), names[0].clone()),
        ("Black".to_string(), names[1].clone()),
    ]
}

impl AppState {
    /// The game on the play screen becomes a game by link, with this id,
    /// these names (Red's first) and days per move; this device plays the
    /// side to move.
    pub(crate) fn play_by_link(&mut self, id: u64, names: [String; 2], days: u8) {
        let Some(me) = self.session.side_to_move() else {
            return;
        };
        if self.session.opponent != Opponent::Friend || self.session.outcome().is_some() {
            return;
        }
        let names = names.map(|n| {
            let n = n.trim();
            let mut cut = n.len().min(bylink::MAX_NAME);
            while !n.is_char_boundary(cut) {
                cut -= 1;
            }
            n[..cut].to_string()
        });
        let fallback = player_names(Opponent::Friend);
        let names = [0, 1].map(|i| {
            if names[i].is_empty() {
                fallback[i].clone()
            } else {
                names[i].clone()
            }
        });
        self.session.update(|s| {
            s.meta.id = id & bylink::ID_MASK;
            s.meta.tags.retain(|(n, _)| n != "White" && n != "Black");
            s.meta.tags.extend(tags(&names));
            s.meta.bylink = Some(ByLink { me, days, sent: 0 });
            s.view_ply = None;
            s.draw_offer = None;
            s.flipped = me == Color::Black;
        });
        self.file_by_link();
    }

    /// Keeps the device's copy of the game by link on the play screen in
    /// the archive (nothing for other games).
    pub(crate) fn file_by_link(&mut self) {
        let s = &self.session;
        if s.meta.bylink.is_none() {
            return;
        }
        let entry = s
            .record()
            .and_then(|g| Entry::of(g, s.opponent, &s.meta, s.meta.started));
        if let Some(entry) = entry {
            let same = self
                .library
                .archive
                .games
                .iter()
                .find(|e| e.id == entry.id)
                .is_some_and(|e| *e == entry);
            if !same {
                self.library.update(|l| l.file(entry));
            }
        }
    }

    /// Opens a game by link (the value of `bylink=`). A bad link is named
    /// in a notice and changes nothing; a history that contradicts the
    /// device's copy waits for the person's choice
    /// ([`NoticeAction::KeepMine`] / [`NoticeAction::TakeLink`]).
    pub fn open_link(&mut self, value: &str) {
        let link = match bylink::decode(value) {
            Ok(l) => l,
            Err(e) => {
                let text = crate::text!("notice.link-failed", why = e.explain());
                self.notices.update(|n| n.apply(NoticeAction::Push(text)));
                return;
            }
        };
        let stored = self
            .library
            .archive
            .games
            .iter()
            .find(|e| e.id == link.id && e.bylink.is_some())
            .cloned();
        let mine = stored.as_ref().and_then(|e| {
            let game = e.game().ok()?;
            let load = super::library::games::open_at(&*game.record, usize::MAX).ok()?;
            let meta = GameMeta {
                id: e.id,
                started: e.date,
                tags: tags(&[e.red.clone(), e.black.clone()]),
                bylink: e.bylink.clone(),
            };
            Some((load, meta))
        });
        let merge = bylink::merge(mine.as_ref().map(|(l, _)| &*l.record), &*link.record);
        let me = mine
            .as_ref()
            .and_then(|(_, m)| m.bylink.as_ref().map(|b| b.me))
            .or_else(|| link.record.side_at(link.record.ply()))
            .unwrap_or(Color::Red);
        let theirs = (
            LoadGame {
                record: link.record.clone_box(),
                opponent: Opponent::Friend,
                flipped: me == Color::Black,
                clock: None,
            },
            GameMeta {
                id: link.id,
                started: mine.as_ref().map_or(link.sent, |(_, m)| m.started),
                tags: tags(&link.names),
                bylink: Some(ByLink {
                    me,
                    days: link.days,
                    sent: link.sent,
                }),
            },
        );
        match (merge, mine) {
            (Merge::New | Merge::Update, _) => self.take_game(theirs),
            (Merge::Same, Some(mine)) => self.take_game(mine),
            (Merge::Older, Some(mine)) => {
                let (a, b) = (mine.0.record.ply(), link.record.ply());
                self.take_game(mine);
                let text = crate::text!("notice.link-older", theirs = b, count = a);
                self.notices.update(|n| n.apply(NoticeAction::Push(text)));
            }
            (Merge::Conflict(why), Some(mine)) => {
                self.notices.update(|n| {
                    n.conflict = Some(Box::new(LinkConflict { why, mine, theirs }));
                });
            }
            (_, None) => self.take_game(theirs),
        }
    }

    /// Puts a game by link on the play screen (an unfinished other game
    /// is kept aside, "Back to my game") and files it.
    pub(crate) fn take_game(&mut self, (game, meta): (LoadGame, GameMeta)) {
        let s = &self.session;
        let keep_aside = s.meta.id != meta.id
            && s.meta.bylink.is_none()
            && s.record()
                .is_some_and(|g| g.ply() > 0 && g.outcome().is_none());
        if keep_aside {
            if let Some(g) = s.game.clone() {
                let previous = (
                    LoadGame {
                        record: g,
                        opponent: s.opponent,
                        flipped: s.flipped,
                        clock: s.clock,
                    },
                    s.meta.clone(),
                );
                self.notices.update(|n| n.previous = Some(previous));
            }
        }
        self.session.update(|s| {
            s.load(game);
            s.meta = meta;
        });
        self.nav.update(|n| n.apply(NavAction::Show(Screen::Play)));
        self.file_by_link();
    }

    /// The person's answer to a contradicting link: the link's game
    /// (`true`) or the device's copy.
    pub(crate) fn resolve_conflict(&mut self, take_link: bool) {
        let Some(c) = self.notices.update(|n| n.conflict.take()) else {
            return;
        };
        if take_link {
            self.take_game(c.theirs);
        } else {
            self.take_game(c.mine);
        }
    }
}

#[cfg(test)]
mod tests;
