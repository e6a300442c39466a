//! The state the app starts in, made from what the device keeps and the
//! page's address: the saved game and the new-game choices, the archive,
//! the tournaments, and a share link's game. What cannot be read is named
//! in a notice and handed back to be set aside (never lost); a readable
//! part of a damaged record is kept and written back cleaned.

use super::analysis_board::{self, AnalysisBoard};
use super::learn::progress::Progress;
use super::learn::Learn;
use super::library::archive::Archive;
use super::library::games::Library;
use super::library::{bylink, saved, share};
use super::nav::{Nav, Screen};
use super::new_game::NewGameChoices;
use super::notices::Notices;
use super::openings::trainer::{Progress as OpeningsProgress, Trainer};
use super::preferences::Preferences;
use super::puzzles::history::History;
use super::puzzles::Puzzles;
use super::session::Session;
use super::tournament::{store, Tournaments};
use super::{AppState, Slice};

/// The records the app keeps on the device, as their text (None: nothing
/// kept yet).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stored {
    /// The game in progress and the new-game choices.
    pub saved: Option<String>,
    /// The archive of finished games.
    pub archive: Option<String>,
    /// The tournaments.
    pub tournaments: Option<String>,
    /// The stars earned in lessons.
    pub lessons: Option<String>,
    /// The Settings screen's preferences.
    pub preferences: Option<String>,
    /// The puzzle rating and history.
    pub puzzles: Option<String>,
    /// The analysis board's tree.
    pub analysis: Option<String>,
    /// The opening trainer's schedule and choices.
    pub openings: Option<String>,
}

/// One of the records the app keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kept {
    /// The game in progress and the new-game choices.
    Saved,
    /// The archive of finished games.
    Archive,
    /// The tournaments.
    Tournaments,
    /// The unfinished game a share link replaced.
    Previous,
    /// The stars earned in lessons.
    Lessons,
    /// The Settings screen's preferences.
    Preferences,
    /// The puzzle rating and history.
    Puzzles,
    /// The analysis board's tree.
    Analysis,
    /// The opening trainer's schedule and choices.
    Openings,
}

impl Kept {
    /// Every kept record.
    pub const ALL: [Kept; 9] = [
        Kept::Saved,
        Kept::Archive,
        Kept::Tournaments,
        Kept::Previous,
        Kept::Lessons,
        Kept::Preferences,
        Kept::Puzzles,
        Kept::Analysis,
        Kept::Openings,
    ];

    /// Its name in storage keys and messages.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Kept::Saved => "saved",
            Kept::Archive => "archive",
            Kept::Tournaments => "tournaments",
            Kept::Previous => "previous",
            Kept::Lessons => "lessons",
            Kept::Preferences => "preferences",
            Kept::Puzzles => "puzzles",
            Kept::Analysis => "analysis",
            Kept::Openings => "openings",
        }
    }

    /// What to keep for it now.
    #[must_use]
    pub fn content(self, app: &AppState) -> Content {
        match self {
            Kept::Saved => Content::Text(saved::to_json(&app.new_game, &app.session)),
            Kept::Archive => Content::Text(app.library.archive.to_json()),
            Kept::Tournaments => app
                .tournaments
                .stored_text()
                .map_or(Content::Leave, Content::Text),
            Kept::Previous => match &app.notices.previous {
                Some((game, meta)) => {
                    let mut s = Session::playing(game.clone());
                    s.meta = meta.clone();
                    Content::Text(saved::to_json(&app.new_game, &s))
                }
                None => Content::Remove,
            },
            Kept::Lessons => Content::Text(app.learn.progress.to_json()),
            Kept::Preferences => Content::Text(app.preferences.to_json()),
            Kept::Puzzles => Content::Text(app.puzzles.history().to_json()),
            Kept::Analysis if app.analysis_board.tree.is_empty() => Content::Remove,
            Kept::Analysis => Content::Text(app.analysis_board.to_json()),
            Kept::Openings if *app.openings.progress() == OpeningsProgress::default() => {
                Content::Remove
            }
            Kept::Openings => Content::Text(app.openings.progress().to_json()),
        }
    }

    /// The revision of the state it is made from (it changes when the text
    /// may have changed).
    #[must_use]
    pub fn revision(self, app: &AppState) -> (u64, u64) {
        match self {
            Kept::Saved => (app.new_game.rev(), app.session.rev()),
            Kept::Archive => (app.library.rev(), 0),
            Kept::Tournaments => (app.tournaments.rev(), 0),
            Kept::Previous => (app.notices.rev(), app.new_game.rev()),
            Kept::Lessons => (app.learn.rev(), 0),
            Kept::Preferences => (app.preferences.rev(), 0),
            // Not the slice's: a rush's clock ticks change it 4 times a second.
            Kept::Puzzles => (app.puzzles.history_rev(), 0),
            Kept::Analysis => (app.analysis_board.rev(), 0),
            // Not the slice's: the board's every move changes it.
            Kept::Openings => (app.openings.progress_rev(), 0),
        }
    }
}

/// What a kept record should hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Content {
    /// This text.
    Text(String),
    /// Nothing: remove it.
    Remove,
    /// Whatever it holds (damaged tournaments, kept until the person has
    /// downloaded them or made a new tournament).
    Leave,
}

/// The start: the state, and the damaged texts to set aside.
pub struct Boot {
    /// The state to start in.
    pub state: AppState,
    /// Texts that could not be read, to keep aside (never deleted).
    pub set_aside: Vec<(Kept, String)>,
    /// The query asked for a game (a share link or a game by link) and was
    /// read: take it off the address, so that a reload does not ask again.
    pub forget_query: bool,
}

/// Builds the starting state. `query` is the page address's query (a share
/// link's game replaces the game in progress, which is kept aside if it is
/// unfinished; a game by link, `bylink=`, is opened by
/// [`AppState::open_link`]; a bad link changes nothing); `coin` draws a
/// random colour for it.
#[must_use]
pub fn boot(stored: &Stored, query: &str, coin: bool) -> Boot {
    let mut notices = Notices::default();
    let mut set_aside = Vec::new();
    let mut choices = NewGameChoices::default();
    let mut session = Session::default();
    if let Some(text) = &stored.saved {
        let restored = saved::read(text);
        if let Some(s) = restored.choices {
            choices = s;
        }
        if let Some((game, meta)) = restored.game {
            session.load(game);
            session.meta = meta;
            // A live game (a game by link with clocks) lost its connection
            // when the page closed: its clocks wait for the reconnection.
            session.held = session.meta.bylink.is_some() && session.clock.is_some();
        }
        if let Some(problem) = restored.problem {
            set_aside.push((Kept::Saved, text.clone()));
            notices
                .list
                .push(crate::text!("notice.set-aside", problem = problem));
        }
    }
    let archive = match &stored.archive {
        None => Archive::new(),
        Some(text) => {
            let read = Archive::read(text);
            if !read.set_aside.is_empty() {
                set_aside.push((Kept::Archive, read.set_aside.join("\n")));
            }
            if let Some(p) = read.problem {
                notices.list.push(p);
            }
            if let Some(p) = read.drill_problem {
                notices.list.push(p);
            }
            read.archive
        }
    };
    let mut progress = Progress::default();
    if let Some(text) = &stored.lessons {
        let read = Progress::read(text);
        if let Some(problem) = read.problem {
            set_aside.push((Kept::Lessons, text.clone()));
            notices
                .list
                .push(crate::text!("notice.set-aside", problem = problem));
        }
        progress = read.progress;
    }
    let mut preferences = Preferences::default();
    if let Some(text) = &stored.preferences {
        let read = Preferences::read(text);
        if let Some(problem) = read.problem {
            set_aside.push((Kept::Preferences, text.clone()));
            notices
                .list
                .push(crate::text!("notice.set-aside", problem = problem));
        }
        preferences = read.preferences;
    }
    // The new game screen starts from the preferred level and colour.
    if stored.saved.is_none() {
        choices.level = preferences.level;
        choices.color = preferences.color;
    }
    session.confirm = preferences.confirm;
    let mut history = History::default();
    if let Some(text) = &stored.puzzles {
        let read = History::read(text);
        if let Some(problem) = read.problem {
            set_aside.push((Kept::Puzzles, text.clone()));
            notices
                .list
                .push(crate::text!("notice.set-aside", problem = problem));
        }
        history = read.history;
    }
    let mut board = AnalysisBoard::default();
    if let Some(text) = &stored.analysis {
        match AnalysisBoard::read(text) {
            Ok(b) => board = b,
            Err(problem) => {
                set_aside.push((Kept::Analysis, text.clone()));
                notices
                    .list
                    .push(crate::text!("notice.set-aside", problem = problem));
            }
        }
    }
    let mut openings = OpeningsProgress::default();
    if let Some(text) = &stored.openings {
        let read = OpeningsProgress::read(text);
        if let Some(problem) = read.problem {
            set_aside.push((Kept::Openings, text.clone()));
            notices
                .list
                .push(crate::text!("notice.set-aside", problem = problem));
        }
        openings = read.progress;
    }
    let raw = stored.tournaments.as_deref();
    let tournaments = Tournaments::from_loaded(store::decode(raw), raw);

    let mut state = AppState {
        new_game: Slice::new(choices),
        library: Slice::new(Library::with(archive)),
        tournaments: Slice::new(tournaments),
        learn: Slice::new(Learn::with(progress)),
        preferences: Slice::new(preferences),
        puzzles: Slice::new(Puzzles::with(history)),
        analysis_board: Slice::new(board),
        openings: Slice::new(Trainer::with(openings)),
        ..AppState::default()
    };
    let by_link = bylink::value_in(query);
    // A link to the analysis board opens it on the tree it carries; the
    // game in progress is left as it is.
    let analysis_link = by_link.is_none() && analysis_board::link::asks(query);
    let analysis_opened = analysis_link
        && match analysis_board::link::open(query) {
            Ok((opening, flipped)) => {
                state.analysis_board = Slice::new(AnalysisBoard::open(opening, flipped));
                true
            }
            Err(e) => {
                notices
                    .list
                    .push(crate::text!("notice.share-link-failed", why = e));
                false
            }
        };
    let share_link = by_link.is_none() && !analysis_link && share::asks_for_game(query);
    let game_link = share_link || by_link.is_some() || analysis_link;
    if share_link {
        match share::open(query, coin) {
            Ok(game) => {
                let unfinished = session
                    .record()
                    .is_some_and(|g| g.ply() > 0 && g.outcome().is_none());
                if unfinished {
                    if let Some(g) = session.to_load() {
                        notices.previous = Some((g, session.meta.clone()));
                    }
                }
                session.load(game);
                session.meta = Default::default();
            }
            Err(e) => notices
                .list
                .push(crate::text!("notice.share-link-failed", why = e)),
        }
    }
    // A game to go on with opens on the board.
    if session.game.is_some() {
        state.nav = Slice::new(Nav {
            screen: Screen::Play,
            back: Screen::NewGame,
        });
    }
    if analysis_opened {
        state.nav = Slice::new(Nav {
            screen: Screen::Analysis,
            back: Screen::NewGame,
        });
    }
    state.session = Slice::new(session);
    state.notices = Slice::new(notices);
    if let Some(value) = by_link {
        state.open_link(&value);
        if state.session.game.is_some() || state.notices.conflict.is_some() {
            state.nav = Slice::new(Nav {
                screen: Screen::Play,
                back: Screen::NewGame,
            });
        }
    }
    // An invite or answer link to live play opens its screen, which reads
    // the link from the address (and then takes it off).
    if crate::live::link::value_in(query).is_some() {
        state.nav = Slice::new(Nav {
            screen: Screen::Live,
            back: Screen::NewGame,
        });
    }
    Boot {
        state,
        set_aside,
        forget_query: game_link,
    }
}

#[cfg(test)]
mod tests;
