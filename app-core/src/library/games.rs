//! The games library's state: the archive of finished games (newest
//! first, filtered by game) and games read from a pasted text or an opened
//! file (any number of games, each that cannot be read listed with the
//! reason). The chosen game is replayed move by move, continued (two
//! players or against the computer), kept in the archive or deleted (with
//! undo). A pasted FEN or TFEN opens in the board editor.

use std::rc::Rc;

use tiers_engine::search::Level;
use tiers_engine::{Color, GameKind};

use super::archive::{Archive, Entry};
use super::files::{self, file_name, FileGame, Reading};
use super::{game_tags, pdn_date, rebuild, Declared};
use crate::analysis_board::ReadTree;
use crate::i18n::Text;
use crate::record::Record;
use crate::review::{Review, REVIEW_TAG};
use crate::session::{GameMeta, LoadGame, Opponent};

pub use crate::nav::Step;

/// Games read from a file.
#[derive(Clone)]
pub struct Found {
    /// Where they came from (a file name, or the pasted text).
    pub source: Text,
    /// Checkers or Tiers.
    pub kind: GameKind,
    /// Each game, or why it could not be read.
    pub games: Vec<Result<Rc<FileGame>, Text>>,
}

/// Where the listed games come from.
#[derive(Clone)]
pub enum Source {
    /// The archive.
    Archive,
    /// A file or pasted text.
    File(Rc<Found>),
}

/// The library: the archive and the games screen's choices.
#[derive(Clone)]
pub struct Library {
    /// The archive of finished games (kept on the device).
    pub archive: Archive,
    /// What is listed.
    pub source: Source,
    /// The archive's game filter.
    pub filter: Option<GameKind>,
    /// The chosen game: an archive id, or an index in the file.
    pub selected: Option<u64>,
    /// The ply shown (clamped to the game).
    pub ply: usize,
    /// The last deleted game and where it was, for undo.
    pub deleted: Option<(usize, Entry)>,
    /// What just happened.
    pub note: Option<Text>,
    /// The import box's text.
    pub text: String,
    /// Why the last import failed.
    pub error: Option<Text>,
}

impl Default for Library {
    fn default() -> Self {
        Library::with(Archive::new())
    }
}

/// The chosen game.
pub struct Chosen {
    /// "Checkers · Ann vs Bob".
    pub title: Text,
    /// The result in words (and the date, for archived games).
    pub reason: Text,
    /// The game.
    pub record: Box<dyn Record>,
    /// Its PDN and download name (archived games).
    pub pdn: Option<(String, String)>,
    /// Its tags.
    pub tags: Vec<(String, String)>,
    /// The archive id, for archived games.
    pub id: Option<u64>,
    /// Its review: kept with the archived game, or written in its PDN.
    pub review: Option<Review>,
}

/// What the games screen asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum LibraryAction {
    /// Show this game (an archive id or an index in the file).
    Choose(u64),
    /// Read a text: its source's name and the text.
    Take(String, String),
    /// The import box changed.
    Text(String),
    /// Read the import box.
    ReadText,
    /// An opened file could not be read: its name and why.
    FileError(String, Text),
    /// Show this ply of the chosen game.
    Ply(usize),
    /// Step through the chosen game (a key).
    Step(Step),
    /// Go on with the chosen game from the ply shown: two players, or the
    /// person playing this colour against the computer.
    Continue(Option<Color>),
    /// Delete the chosen archived game.
    Delete,
    /// Put the chosen imported game in the archive, with this id and time.
    Keep {
        /// The new archive id.
        id: u64,
        /// Now, in milliseconds since 1970.
        now: u64,
    },
    /// Show the archive, of one game or all.
    Filter(Option<GameKind>),
    /// Bring the last deleted game back.
    Undo,
}

/// Something the library opens elsewhere: a game on the play screen, a
/// position in the board editor.
pub enum Opened {
    /// Play this game.
    Game(Box<LoadGame>, GameMeta),
    /// Edit this position.
    Position(GameKind, String),
}

/// The game of a record at `ply` (the moves after it kept for redo), as a
/// two-player game to go on with.
pub fn open_at(record: &dyn Record, ply: usize) -> Result<LoadGame, String> {
    let moves = record.move_texts();
    let last = record.ply().min(moves.len());
    let declared = if ply >= last {
        Declared::of(record.outcome())
    } else {
        None
    };
    let record = rebuild(
        record.kind(),
        &record.start_text(),
        &moves[..last],
        ply.min(last),
        declared,
    )?;
    Ok(LoadGame {
        record,
        opponent: Opponent::Friend,
        flipped: false,
        clock: None,
    })
}

/// The review written in a game's PDN, if it has one.
fn written_review(g: &FileGame) -> Option<Review> {
    Review::from_pdn(
        g.tags
            .iter()
            .find(|(n, _)| n == REVIEW_TAG)
            .map(|(_, v)| v.as_str()),
        &g.notes,
        g.record.ply(),
    )
}

impl Library {
    /// A library showing this archive.
    #[must_use]
    pub fn with(archive: Archive) -> Library {
        Library {
            archive,
            source: Source::Archive,
            filter: None,
            selected: None,
            ply: usize::MAX,
            deleted: None,
            note: None,
            text: String::new(),
            error: None,
        }
    }

    /// Keeps a finished review with the archived game `id` (if it is
    /// still there with as many moves).
    pub fn keep_review(&mut self, id: u64, review: &Review) {
        if let Some(e) = self.archive.games.iter_mut().find(|e| e.id == id) {
            if e.moves == review.moves.len() {
                e.review = Some(review.clone());
            }
        }
    }

    /// Keeps what was done of a reviewed game's exercises with it.
    pub fn keep_drill(&mut self, id: u64, progress: &crate::review::mistakes::Progress) {
        if let Some(e) = self.archive.games.iter_mut().find(|e| e.id == id) {
            e.drill = (!progress.done.is_empty()).then(|| progress.clone());
        }
    }

    /// Files a finished game in the archive (or replaces it, if it ended
    /// again after a take-back).
    pub fn file(&mut self, entry: Entry) {
        self.archive.upsert(entry);
    }

    /// The archived games the filter shows.
    pub fn shown(&self) -> impl Iterator<Item = &Entry> {
        self.archive
            .games
            .iter()
            .filter(|e| self.filter.is_none_or(|k| e.kind() == Some(k)))
    }

    /// The chosen game, or why it cannot be replayed; `local_time` writes
    /// an archive date.
    #[must_use]
    pub fn chosen(&self, local_time: &dyn Fn(u64) -> String) -> Option<Result<Chosen, Text>> {
        let selected = self.selected?;
        match &self.source {
            Source::Archive => {
                let e = self.archive.games.iter().find(|e| e.id == selected)?;
                Some(e.game().map(|g| Chosen {
                    review: e.review.clone().or_else(|| written_review(&g)),
                    title: e.title(),
                    reason: crate::text!(
                        "games.reason-date",
                        reason = e.reason(),
                        date = local_time(e.date)
                    ),
                    record: g.record,
                    pdn: Some((
                        e.pdn.clone(),
                        file_name(e.kind().unwrap_or(GameKind::Checkers), &pdn_date(e.date)),
                    )),
                    tags: g.tags,
                    id: Some(e.id),
                }))
            }
            Source::File(f) => {
                let g = f
                    .games
                    .get(usize::try_from(selected).ok()?)?
                    .as_ref()
                    .ok()?;
                Some(Ok(Chosen {
                    title: g.players(),
                    reason: g.result(),
                    record: g.record.clone(),
                    pdn: None,
                    tags: g.tags.clone(),
                    id: None,
                    review: written_review(g),
                }))
            }
        }
    }

    /// The chosen game as a move tree with its tags: a file's or an
    /// archived game's whole tree (variations, comments, NAGs), for the
    /// analysis board.
    #[must_use]
    pub fn chosen_tree(&self) -> Option<ReadTree> {
        let selected = self.selected?;
        let game = match &self.source {
            Source::Archive => self
                .archive
                .games
                .iter()
                .find(|e| e.id == selected)?
                .game()
                .ok()?,
            Source::File(f) => (**f
                .games
                .get(usize::try_from(selected).ok()?)?
                .as_ref()
                .ok()?)
            .clone(),
        };
        Some(ReadTree {
            ending: game.record.outcome(),
            review: None,
            tree: game.tree,
            tags: game.tags,
        })
    }

    /// The chosen game, if it can be replayed.
    #[must_use]
    pub fn chosen_game(&self) -> Option<Chosen> {
        self.chosen(&|_| String::new()).and_then(Result::ok)
    }

    /// Reads an opened file or the pasted text (`source` names it): a
    /// position goes to the editor, games are listed.
    fn take(&mut self, source: Text, content: &str) -> Option<Opened> {
        self.note = None;
        self.error = None;
        match files::read(content) {
            Err(e) => self.error = Some(crate::text!("error.file", name = source, why = e)),
            Ok(Reading::Position { kind, text }) => return Some(Opened::Position(kind, text)),
            Ok(Reading::Games { kind, games }) => {
                self.selected = games.iter().position(Result::is_ok).map(|i| i as u64);
                self.source = Source::File(Rc::new(Found {
                    source,
                    kind,
                    games: games.into_iter().map(|g| g.map(Rc::new)).collect(),
                }));
                self.ply = usize::MAX;
            }
        }
        None
    }

    /// Reduces one action; `level` is the computer's level for a game
    /// continued against it. Returns what to open elsewhere.
    pub fn apply(&mut self, action: LibraryAction, level: Level) -> Option<Opened> {
        match action {
            LibraryAction::Choose(id) => {
                self.selected = Some(id);
                self.ply = usize::MAX;
                self.note = None;
            }
            LibraryAction::Text(t) => self.text = t,
            LibraryAction::ReadText => {
                let text = self.text.clone();
                return self.take(Text::new("games.pasted-text"), &text);
            }
            LibraryAction::FileError(name, why) => {
                self.error = Some(crate::text!("error.file", name = name, why = why));
            }
            LibraryAction::Take(name, content) => return self.take(Text::plain(name), &content),
            LibraryAction::Ply(p) => self.ply = p,
            LibraryAction::Step(step) => {
                if let Some(c) = self.chosen_game() {
                    self.ply = step.from(self.ply, c.record.ply());
                }
            }
            LibraryAction::Continue(human) => {
                let c = self.chosen_game()?;
                match open_at(&*c.record, self.ply) {
                    Ok(mut l) => {
                        if let Some(human) = human {
                            l.opponent = Opponent::Computer { level, human };
                            l.flipped = human == Color::Black;
                        }
                        let mut meta = GameMeta {
                            tags: c.tags,
                            ..GameMeta::default()
                        };
                        // A game by link goes on as itself (same id, same
                        // side) from its last move.
                        let entry = self
                            .selected
                            .and_then(|id| self.archive.games.iter().find(|e| e.id == id));
                        if let Some(e) = entry.filter(|e| e.bylink.is_some() && human.is_none()) {
                            match open_at(&*c.record, usize::MAX) {
                                Ok(whole) => l = whole,
                                Err(e) => {
                                    self.note =
                                        Some(crate::text!("games.cannot-continue", why = e));
                                    return None;
                                }
                            }
                            meta.id = e.id;
                            meta.started = e.date;
                            meta.bylink.clone_from(&e.bylink);
                            l.flipped = e.bylink.as_ref().is_some_and(|b| b.me == Color::Black);
                        }
                        return Some(Opened::Game(Box::new(l), meta));
                    }
                    Err(e) => self.note = Some(crate::text!("games.cannot-continue", why = e)),
                }
            }
            LibraryAction::Delete => {
                if let Some(removed) = self.selected.and_then(|id| self.archive.remove(id)) {
                    self.deleted = Some(removed);
                    self.selected = None;
                    self.note = None;
                }
            }
            LibraryAction::Keep { id, now } => {
                let c = self.chosen_game()?;
                let meta = GameMeta {
                    id,
                    started: now,
                    tags: c.tags,
                    bylink: None,
                };
                let tree = self.chosen_tree().map(|read| read.tree);
                if let Some(mut entry) = Entry::of(&*c.record, Opponent::Friend, &meta, now) {
                    // An imported game's variations and notes are kept.
                    if let Some(tree) = tree.filter(|t| t.len() > c.record.recorded() + 1) {
                        entry.pdn = tree
                            .to_pdn_ending(&game_tags(Opponent::Friend, &meta), c.record.outcome());
                    }
                    entry.review = c.review;
                    self.archive.upsert(entry);
                    self.note = Some(crate::text!("games.saved"));
                }
            }
            LibraryAction::Filter(f) => {
                self.filter = f;
                self.source = Source::Archive;
            }
            LibraryAction::Undo => {
                if let Some((at, entry)) = self.deleted.take() {
                    self.selected = Some(entry.id);
                    self.archive.restore(at, entry);
                    self.note = None;
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests;
