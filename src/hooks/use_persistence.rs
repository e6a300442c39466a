//! Keeps the app's records on the device: gives a new game its id and
//! start date, files a game that has just ended in the archive, and writes
//! each record ([`Kept`]: the game in progress with the new-game choices,
//! the archive, the tournaments, a game kept aside) whenever its text
//! changes. A failure (storage full or blocked) becomes a notice, once per
//! kind of failure.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use yew::prelude::*;

use crate::browser;
use crate::core::boot::{Content, Kept};
use crate::core::i18n::Text;
use crate::core::notices::NoticeAction;
use crate::core::session::{GameMeta, SessionAction};
use crate::core::text;
use crate::core::tournament::TournamentAction;
use crate::core::AppAction;
use crate::storage;
use crate::store::AppStore;

/// What went wrong writing a record, in words for a notice.
fn failure(kept: Kept, why: Text) -> Text {
    match kept {
        Kept::Saved | Kept::Previous => text!("notice.save-game-failed", why = why),
        Kept::Archive => text!("notice.save-archive-failed", why = why),
        Kept::Tournaments => why,
        Kept::Lessons => text!("notice.save-lessons-failed", why = why),
        Kept::Preferences => text!("notice.save-settings-failed", why = why),
        Kept::Puzzles => text!("notice.save-puzzles-failed", why = why),
        Kept::Analysis => text!("notice.save-analysis-failed", why = why),
        Kept::Openings => text!("notice.save-openings-failed", why = why),
    }
}

/// Saves what changed, after every change of the state.
#[hook]
pub fn use_persistence(app: &UseReducerHandle<AppStore>) {
    // The text last written for each record.
    let written: Rc<RefCell<HashMap<Kept, Content>>> = use_mut_ref(HashMap::new);
    // The revision each record was last written (or found unchanged) at:
    // a record whose state has not changed since is not made again (the
    // archive's text, for one, grows with every game kept, and every tap
    // that changes anything comes here).
    let seen: Rc<RefCell<HashMap<Kept, (u64, u64)>>> = use_mut_ref(HashMap::new);
    // (serial, whether the game was over) at the last change.
    let last_end: Rc<RefCell<Option<(u32, bool)>>> = use_mut_ref(|| None);
    let reported: Rc<RefCell<Vec<Text>>> = use_mut_ref(Vec::new);
    let revisions = Kept::ALL.map(|k| k.revision(app));
    let app = app.clone();
    use_effect_with(revisions, move |_| {
        let session = &app.session;
        // A new game gets its id and start date first.
        if session.game.is_some() && session.meta.id == 0 {
            app.dispatch(AppAction::Game(SessionAction::Meta(GameMeta {
                id: browser::new_id(),
                started: browser::now(),
                tags: session.meta.tags.clone(),
                bylink: session.meta.bylink.clone(),
            })));
            return;
        }
        // A game that has just ended goes to the archive.
        let over = session.outcome().is_some();
        let now = (session.serial, over);
        let before = last_end.borrow_mut().replace(now);
        if over && matches!(before, Some((serial, false)) if serial == session.serial) {
            app.dispatch(AppAction::Archive {
                now: browser::now(),
            });
        }
        for kept in Kept::ALL {
            let revision = kept.revision(&app);
            if seen.borrow().get(&kept) == Some(&revision) {
                continue;
            }
            let content = kept.content(&app);
            if content == Content::Leave || written.borrow().get(&kept) == Some(&content) {
                seen.borrow_mut().insert(kept, revision);
                continue;
            }
            let text = match &content {
                Content::Text(t) => Some(t.as_str()),
                _ => None,
            };
            match storage::write(kept, text) {
                Ok(()) => {
                    written.borrow_mut().insert(kept, content);
                    seen.borrow_mut().insert(kept, revision);
                }
                Err(e) => {
                    let message = failure(kept, e);
                    if !reported.borrow().contains(&message) {
                        reported.borrow_mut().push(message.clone());
                        app.dispatch(match kept {
                            Kept::Tournaments => {
                                AppAction::Tournament(TournamentAction::SaveFailed(message))
                            }
                            _ => AppAction::Notice(NoticeAction::Push(message)),
                        });
                    }
                }
            }
        }
    });
}
