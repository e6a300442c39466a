//! The Tiers app's core: all the app's state and what changes it, with no
//! web dependency (no Yew, no browser API), tested natively. The web app
//! (crate `tiers-app`, src/) draws screens as views of it and does its side
//! effects; the fuzzing of its readers (crate `tiers-hardening`) builds on
//! it alone.
//!
//! [`AppState`] is made of sub-states, each a reducer of its own and each
//! kept in a [`Slice`] compared by a revision number (so a screen redraws
//! only when its part changed):
//!
//! | part | state | actions |
//! |---|---|---|
//! | navigation | [`nav::Nav`] | [`nav::NavAction`] |
//! | new-game choices | [`new_game::NewGameChoices`] | replaced whole |
//! | the game being played | [`session::Session`] | [`session::SessionAction`] |
//! | Tiers formations being set up | [`formation::FormationSetup`] | [`formation::FormationAction`] |
//! | the board editor | [`editor::Editor`] | [`editor::EditorAction`] |
//! | the games library | [`library::games::Library`] | [`library::games::LibraryAction`] |
//! | tournaments | [`tournament::Tournaments`] | [`tournament::TournamentAction`] |
//! | notices | [`notices::Notices`] | [`notices::NoticeAction`] |
//! | the embed page's own state | [`embed::EmbedState`] | [`embed::EmbedAction`] |
//! | lessons and the learner's stars | [`learn::Learn`] | [`learn::LearnAction`] |
//! | the evaluation bar and hints on the play screen | [`coach::Coach`] | [`coach::CoachAction`] |
//! | a game's review | [`review::ReviewState`] | [`review::ReviewAction`] |
//! | puzzles, the puzzle rating and history | [`puzzles::Puzzles`] | [`puzzles::PuzzleAction`] |
//! | the analysis board | [`analysis_board::AnalysisBoard`] | [`analysis_board::AnalysisAction`] |
//! | the opening trainer and its schedule | [`openings::trainer::Trainer`] | [`openings::trainer::OpeningsAction`] |
//!
//! Practice from any position ([`practice`]) is a game on the play screen
//! ([`AppAction::Practise`]); the coach's verdict on a move is the
//! coach's ([`AppAction::Judge`]).
//!
//! [`AppState`]'s own reducer combines them in one place: actions that
//! concern two parts (start a game from the new-game choices, continue an archived
//! game, play the editor's position, file a finished game in the archive,
//! route the computer's replies) are handled there. The reducer is pure:
//! randomness and time come in with the actions; storage, the worker,
//! downloads and the clipboard are side effects done by the web app's
//! hooks and its `storage` / `browser` modules.

pub mod ai;
pub mod analysis;
pub mod analysis_board;
pub mod apng;
pub mod boot;
pub mod by_game;
pub mod clock;
pub mod coach;
pub mod correspondence;
pub mod editor;
pub mod embed;
pub mod explorer;
pub mod formation;
pub mod game_events;
pub mod i18n;
pub mod input;
pub mod learn;
pub mod library;
pub mod live;
pub mod nav;
pub mod new_game;
pub mod notices;
pub mod openings;
pub mod params;
pub mod practice;
pub mod preferences;
pub mod puzzles;
pub mod record;
pub mod review;
pub mod session;
pub mod spoken;
pub mod stats;
pub mod tournament;
pub mod versioned;

use std::rc::Rc;

use tiers_engine::search::Level;
use tiers_engine::{Color, GameKind};

use ai::{AiReply, AiTarget, Channel, DueRequest};
use analysis_board::{AnalysisAction, AnalysisBoard, AnyTree, Opening};
use coach::{Coach, CoachAction};
use editor::{Editor, EditorAction};
use embed::{EmbedAction, EmbedState};
use formation::{FormationAction, FormationSetup};
use learn::{Learn, LearnAction};
use library::archive::Entry;
use library::games::{Library, LibraryAction, Opened};
use nav::{Nav, NavAction, Screen};
use notices::{NoticeAction, Notices};
use preferences::Preferences;
use puzzles::{PuzzleAction, Puzzles};
use review::{OneByOne, ReviewAction, ReviewFrom, ReviewState, Subject};
use session::{GameMeta, LoadGame, Opponent, Session, SessionAction, OPENING_TAG};

use new_game::NewGameChoices;
use tournament::{TournamentAction, Tournaments};

/// A part of the state, shared cheaply and compared by its revision: the
/// revision goes up with every change made through [`Slice::update`], so
/// two slices are equal when one is the other unchanged.
#[derive(Debug)]
pub struct Slice<T> {
    rev: u64,
    value: Rc<T>,
}

impl<T> Clone for Slice<T> {
    fn clone(&self) -> Self {
        Slice {
            rev: self.rev,
            value: Rc::clone(&self.value),
        }
    }
}

impl<T> PartialEq for Slice<T> {
    fn eq(&self, other: &Self) -> bool {
        self.rev == other.rev && Rc::ptr_eq(&self.value, &other.value)
    }
}

impl<T: Default> Default for Slice<T> {
    fn default() -> Self {
        Slice::new(T::default())
    }
}

impl<T> std::ops::Deref for Slice<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.value
    }
}

impl<T> Slice<T> {
    /// A slice holding `value`, at revision 0.
    pub fn new(value: T) -> Self {
        Slice {
            rev: 0,
            value: Rc::new(value),
        }
    }

    /// The revision (bumped by every change).
    #[must_use]
    pub fn rev(&self) -> u64 {
        self.rev
    }
}

impl<T: Clone> Slice<T> {
    /// Changes the value (a copy of it if it is shared) and bumps the
    /// revision; returns what `change` returns.
    pub fn update<R>(&mut self, change: impl FnOnce(&mut T) -> R) -> R {
        self.rev = self.rev.wrapping_add(1);
        change(Rc::make_mut(&mut self.value))
    }
}

/// The whole state of the app.
#[derive(Clone, Default, PartialEq)]
pub struct AppState {
    /// The screen shown.
    pub nav: Slice<Nav>,
    /// The new-game choices.
    pub new_game: Slice<NewGameChoices>,
    /// The game on the play screen.
    pub session: Slice<Session>,
    /// The Tiers formations being set up for it.
    pub formation: Slice<FormationSetup>,
    /// The board editor.
    pub editor: Slice<Editor>,
    /// The games library (archive, imported files).
    pub library: Slice<Library>,
    /// Tournaments.
    pub tournaments: Slice<Tournaments>,
    /// Notices about stored data and links, and a game kept aside.
    pub notices: Slice<Notices>,
    /// The embed page's parameters and problems (the embed page only).
    pub embed: Slice<EmbedState>,
    /// Lessons: the courses, the exercise played, the stars earned.
    pub learn: Slice<Learn>,
    /// The evaluation bar and hints on the play screen.
    pub coach: Slice<Coach>,
    /// The Settings screen's preferences (the look, sound, confirming
    /// moves, the computer's default level and colour).
    pub preferences: Slice<Preferences>,
    /// A game's review.
    pub review: Slice<ReviewState>,
    /// Puzzles: the files, the puzzle on the board, the rating and history.
    pub puzzles: Slice<Puzzles>,
    /// The analysis board: a game's move tree.
    pub analysis_board: Slice<AnalysisBoard>,
    /// A live game with a friend on another device (docs/live.md).
    pub live: Slice<live::play::LivePlay>,
    /// The opening trainer: its lines, the item on the board, the schedule.
    pub openings: Slice<openings::trainer::Trainer>,
    /// The next id for a request to the computer (ids are unique across
    /// the parts that ask).
    pub next_ai_id: u32,
}

/// Everything that can happen in the app.
#[derive(Clone, Debug, PartialEq)]
pub enum AppAction {
    /// Navigation.
    Nav(NavAction),
    /// New new-game choices.
    NewGame(NewGameChoices),
    /// Start the game the new-game choices describe; `coin` decides a random
    /// colour, `roll` a random ballot opening.
    Start {
        /// A random bit for the colour.
        coin: bool,
        /// A random number for the ballot opening.
        roll: u64,
    },
    /// The game on the play screen.
    Game(SessionAction),
    /// A live game (docs/live.md).
    Live(live::play::LiveAction),
    /// Put this game on the play screen, with its id, date and tags.
    Load(Box<LoadGame>, GameMeta),
    /// The Tiers formations.
    Formation(FormationAction),
    /// Begin the Tiers game from the formations set up.
    BeginTiers,
    /// The board editor.
    Editor(EditorAction),
    /// Play the editor's position: two players (None) or the person as
    /// this colour against the computer.
    PlayEditor(Option<Color>),
    /// Open a position in the board editor.
    EditPosition(GameKind, String),
    /// The games library.
    Library(LibraryAction),
    /// The two-player game on the play screen becomes a game by link
    /// (this device plays the side to move).
    PlayByLink {
        /// The game's id (random; 48 bits are kept).
        id: u64,
        /// Red's and Black's names.
        names: [String; 2],
        /// Days per move (0: no limit).
        days: u8,
    },
    /// File the finished game of the play screen in the archive (its end
    /// time).
    Archive {
        /// Milliseconds since 1970.
        now: u64,
    },
    /// Tournaments.
    Tournament(TournamentAction),
    /// Notices.
    Notice(NoticeAction),
    /// The embed page.
    Embed(EmbedAction),
    /// Lessons.
    Learn(LearnAction),
    /// The evaluation bar.
    Coach(CoachAction),
    /// Puzzles.
    Puzzle(PuzzleAction),
    /// The opening trainer.
    Openings(openings::trainer::OpeningsAction),
    /// Show the best move on the play screen (counted in the game record).
    Hint,
    /// Practise a position against the computer (a game on the play
    /// screen).
    Practise(practice::Practice),
    /// Judge the person's last move on the play screen (the coach's
    /// verdict).
    Judge,
    /// New preferences (the Settings screen).
    Preferences(Preferences),
    /// Review a game: the one finished on the play screen or the one
    /// chosen on the games screen.
    ReviewGame(ReviewFrom),
    /// The review screen.
    Review(ReviewAction),
    /// Learning from the mistakes of the game reviewed.
    Drill(review::mistakes::DrillAction),
    /// Open the analysis board on a game.
    Analyse(AnalyseFrom),
    /// The analysis board.
    Analysis(AnalysisAction),
    /// A request to the computer went out with this id.
    AiSent(AiTarget, u32),
    /// What the computer answered.
    Ai(AiReply),
    /// The worker of a channel was replaced: its requests will never be
    /// answered.
    AiReset(Channel),
    /// The time is now `now` (milliseconds since 1970) and the page is
    /// `visible` or hidden: the clocks of the play screen's game (and of a
    /// tournament match) are charged, started or stopped as the rules of
    /// [`Session::clock_should_run`] say; a clock at zero loses.
    Clock {
        /// Milliseconds since 1970.
        now: u64,
        /// Whether the page is visible.
        visible: bool,
    },
}

impl AppState {
    /// Whether the computer should be asked something now, and what: the
    /// play screen's game or a tournament match when it is the computer's
    /// turn there and that screen is shown, …
    #[must_use]
    pub fn ai_due(&self) -> Option<DueRequest> {
        let id = self.next_ai_id;
        match self.nav.screen {
            Screen::Play if self.session.ai_due() => {
                self.session.ai_request(id).map(|request| DueRequest {
                    target: AiTarget::Game,
                    min_reply_ms: min_reply_ms(&self.session),
                    request,
                    delay_ms: 0,
                })
            }
            Screen::Play => self
                .coach
                .request(&self.session, id)
                .map(|request| DueRequest {
                    target: AiTarget::Coach,
                    request,
                    delay_ms: 0,
                    min_reply_ms: 0,
                }),
            Screen::Tournaments => self.tournaments.ai_due(id),
            Screen::Learn => self.learn.ai_request(id).map(|request| DueRequest {
                target: AiTarget::Lesson,
                request,
                delay_ms: 0,
                min_reply_ms: MIN_REPLY_MS,
            }),
            Screen::Review => self.review.request(id).map(|request| DueRequest {
                target: AiTarget::Review,
                request,
                delay_ms: 0,
                min_reply_ms: 0,
            }),
            Screen::Analysis => self
                .analysis_board
                .engine_due(id)
                .map(|(_, request)| DueRequest {
                    target: AiTarget::Board,
                    request,
                    delay_ms: 0,
                    min_reply_ms: 0,
                }),
            _ => None,
        }
    }

    /// Whether any clock runs, and if so the soonest moment (ms since 1970)
    /// its face changes or it reaches zero: when `hooks::use_clock` should
    /// dispatch [`AppAction::Clock`] next. `None` when no clock runs.
    #[must_use]
    pub fn next_clock_change(&self) -> Option<u64> {
        let mut sessions = vec![&*self.session];
        sessions.extend(self.tournaments.clock_session());
        sessions
            .into_iter()
            .filter_map(|s| {
                let c = s.clock?;
                let seen = c.seen?;
                let side = s.side_to_move()?;
                Some(seen + clock::until_face_changes(c.left(side)))
            })
            .min()
    }

    /// Whether a clock should be started or stopped now (the page is
    /// `visible` or hidden): [`AppAction::Clock`] is due at once.
    #[must_use]
    pub fn clock_change_due(&self, visible: bool) -> bool {
        let play = visible && self.nav.screen == Screen::Play;
        let board = visible
            && self.nav.screen == Screen::Tournaments
            && self.tournaments.view == tournament::View::Match;
        self.session.clock_change(play, 0).is_some()
            || self
                .tournaments
                .clock_session()
                .is_some_and(|s| s.clock_change(board, 0).is_some())
    }

    /// [`AppAction::Clock`].
    fn clock(&mut self, now: u64, visible: bool) {
        let play = visible && self.nav.screen == Screen::Play;
        if self.session.clock.is_some() {
            self.session.update(|s| {
                let change = s.clock_change(play, now);
                s.apply(change.unwrap_or(SessionAction::Tick(now)));
            });
        }
        let board = visible
            && self.nav.screen == Screen::Tournaments
            && self.tournaments.view == tournament::View::Match;
        let change = self
            .tournaments
            .clock_session()
            .map(|s| s.clock_change(board, now));
        if let Some(change) = change {
            self.tournaments.update(|t| {
                t.apply(TournamentAction::Board(
                    change.unwrap_or(SessionAction::Tick(now)),
                ));
            });
        }
    }

    /// The embed page's starting state, from its configuration (`coin`
    /// draws a random colour).
    #[must_use]
    pub fn embed_page(config: embed::EmbedConfig, coin: bool) -> AppState {
        let (embed, session) = embed::start(config, coin);
        AppState {
            nav: Slice::new(Nav {
                screen: Screen::Play,
                back: Screen::Play,
            }),
            session: Slice::new(session),
            embed: Slice::new(embed),
            ..AppState::default()
        }
    }

    fn start(&mut self, coin: bool, roll: u64) {
        let choices = *self.new_game;
        let opponent = if choices.vs_computer {
            Opponent::Computer {
                level: choices.level,
                human: choices.color.resolve(coin),
            }
        } else {
            Opponent::Friend
        };
        let flipped = matches!(
            opponent,
            Opponent::Computer {
                human: Color::Black,
                ..
            }
        );
        match choices.kind {
            GameKind::Checkers => {
                let mut record = record::new_checkers();
                let mut meta = GameMeta::default();
                if let Some(b) = choices.opening.ballot(roll) {
                    for mv in b.moves.split(' ') {
                        // Every ballot of the deck plays (bracket's tests).
                        let _ = record.play_text(mv);
                    }
                    meta.tags
                        .push((OPENING_TAG.into(), new_game::ballot_name(b)));
                }
                let game = LoadGame {
                    record,
                    opponent,
                    flipped,
                    clock: choices.clock.map(clock::Clock::new),
                };
                self.load(game, meta);
            }
            GameKind::Tiers => {
                self.formation.update(|f| {
                    *f = FormationSetup::new(opponent);
                    f.clock = choices.clock;
                });
                self.session.update(|s| {
                    s.opponent = opponent;
                    s.flipped = flipped;
                    s.clear();
                });
                self.nav
                    .update(|n| n.apply(NavAction::Show(Screen::Formation)));
            }
        }
    }

    fn load(&mut self, game: LoadGame, meta: GameMeta) {
        self.session.update(|s| {
            s.load(game);
            s.meta = meta;
        });
        let hints = self.new_game.hints;
        self.coach.update(|c| c.apply(CoachAction::NewGame(hints)));
        self.nav.update(|n| n.apply(NavAction::Show(Screen::Play)));
    }

    /// A practice game from a position: hints and verdicts allowed.
    fn practise(&mut self, p: &practice::Practice) {
        match p.game() {
            Ok((game, meta)) => {
                self.load(game, meta);
                self.coach.update(|c| c.apply(CoachAction::NewGame(true)));
            }
            Err(e) => {
                self.notices.update(|n| n.apply(NoticeAction::Push(e)));
            }
        }
    }

    fn open(&mut self, opened: Opened) {
        match opened {
            Opened::Game(game, meta) => self.load(*game, meta),
            Opened::Position(kind, text) => self.edit_position(kind, &text),
        }
    }

    fn edit_position(&mut self, kind: GameKind, text: &str) {
        self.editor
            .update(|e| e.apply(EditorAction::Load(kind, text.to_string())));
        self.nav
            .update(|n| n.apply(NavAction::Show(Screen::Editor)));
    }

    /// The level a game started from elsewhere (the editor, the archive)
    /// is played at: the one chosen on the new game screen.
    fn level(&self) -> Level {
        self.new_game.level
    }

    /// New preferences: a new default level or colour is also the new game
    /// screen's choice; confirming moves applies to the game on the board.
    fn set_preferences(&mut self, p: Preferences) {
        let old = *self.preferences;
        if old.level != p.level || old.color != p.color {
            self.new_game.update(|s| {
                s.level = p.level;
                s.color = p.color;
            });
        }
        if old.confirm != p.confirm {
            self.session.update(|s| {
                s.confirm = p.confirm;
                s.proposed = None;
            });
        }
        self.preferences.update(|x| *x = p);
    }

    fn ai_sent(&mut self, target: AiTarget, id: u32) {
        self.next_ai_id = id.wrapping_add(1).max(1);
        // A review shares the analysis worker: a request sent while the
        // other is still searching replaces the worker (`hooks::use_ai`),
        // so the part that waited stops waiting (the review asks again for
        // its position when its screen is shown).
        if target == AiTarget::Review {
            if self.coach.pending() {
                self.coach.update(Coach::reset);
            }
        } else if target.channel() == Channel::Analysis && self.review.pending() {
            self.review.update(ReviewState::reset);
        }
        // Another analysis replaces the analysis board's search likewise.
        if target != AiTarget::Board
            && target.channel() == Channel::Analysis
            && self.analysis_board.engine.busy()
        {
            self.analysis_board.update(|b| b.engine.reset());
        }
        match target {
            AiTarget::Match => self
                .tournaments
                .update(|t| t.apply(TournamentAction::Board(SessionAction::AiSent(id)))),
            AiTarget::Game => self.session.update(|s| s.apply(SessionAction::AiSent(id))),
            AiTarget::Lesson => self.learn.update(|l| l.ai_sent(id)),
            AiTarget::Coach => {
                let session = &self.session;
                self.coach.update(|c| c.sent(session, id));
            }
            AiTarget::Review => self.review.update(|r| r.sent(id)),
            AiTarget::Board => self.analysis_board.update(|b| b.engine_sent(id)),
        }
    }

    /// A puzzle action; a puzzle file read with puzzles left out is a
    /// notice for all.
    fn puzzle(&mut self, action: PuzzleAction) {
        if let Some(text) = self.puzzles.update(|p| p.apply(action)) {
            self.notices.update(|n| n.apply(NoticeAction::Push(text)));
        }
    }

    /// A reply goes to the part waiting for its id (none: it is stale); that
    /// the endgame database is unavailable is a notice for all.
    fn ai_reply(&mut self, reply: AiReply) {
        if let AiReply::Unavailable { problem, .. } = &reply {
            let text = text!(
                "notice.endgame-failed",
                why = i18n::errors::Explain::explain(problem)
            );
            self.notices.update(|n| n.apply(NoticeAction::Push(text)));
            return;
        }
        let id = reply.id();
        if self.session.pending == Some(id) {
            self.session.update(|s| s.apply(SessionAction::Ai(reply)));
        } else if self.tournaments.waits_for(id) {
            self.tournaments
                .update(|t| t.apply(TournamentAction::Board(SessionAction::Ai(reply))));
        } else if self.learn.waits_for(id) {
            self.learn
                .update(|l| l.apply(LearnAction::Board(SessionAction::Ai(reply))));
        } else if self.coach.analysis.waits_for(id) {
            self.coach.update(|c| c.analysis.reply(reply));
        } else if self.coach.verdict_waits_for(id) {
            self.coach.update(|c| {
                if let Some(v) = &mut c.verdict {
                    v.reply(reply);
                }
            });
        } else if self.analysis_board.engine.waits_for(id) {
            self.analysis_board.update(|b| b.engine.reply(reply));
        } else if self.review.drill.as_ref().is_some_and(|d| d.waits_for(id)) {
            if self.review.update(|r| r.drill_reply(reply)) {
                self.keep_drill();
            }
        } else if self.review.waits_for(id) && self.review.update(|r| r.reply(reply)) {
            // Finished: kept with the archived game.
            if let (Some(s), Some(r)) = (&self.review.subject, &self.review.review) {
                if let Some(id) = s.id {
                    self.library.update(|l| l.keep_review(id, r));
                }
            }
        }
    }

    /// Learning from the mistakes is shown on the review screen, opened
    /// from the review's panel on the analysis board; closed, the board
    /// shows the move of the exercise left.
    fn drill_shown(&mut self, opened: bool, closed: bool) {
        if opened && self.review.drill.is_some() {
            self.nav
                .update(|n| n.apply(NavAction::Show(Screen::Review)));
        }
        if closed {
            let ply = self.review.ply;
            if let Some(at) = self
                .analysis_board
                .review
                .as_ref()
                .and_then(|p| p.node(&self.analysis_board.tree, ply))
            {
                self.analysis_board
                    .update(|b| b.apply(AnalysisAction::Go(at)));
                self.nav
                    .update(|n| n.apply(NavAction::Show(Screen::Analysis)));
            }
        }
    }

    /// What was done of the reviewed game's exercises is kept with it in
    /// the archive.
    fn keep_drill(&mut self) {
        if let Some(id) = self.review.subject.as_ref().and_then(|s| s.id) {
            let progress = &self.review.progress;
            self.library.update(|l| l.keep_drill(id, progress));
        }
    }

    /// Opens the review of the game finished on the play screen or chosen
    /// on the games screen.
    fn review_game(&mut self, from: ReviewFrom) {
        let (subject, saved, back) = match from {
            ReviewFrom::Play => {
                let Some(record) = self.session.record().filter(|g| g.outcome().is_some()) else {
                    return;
                };
                let s = &self.session;
                let tags = library::game_tags(s.opponent, &s.meta);
                let id = (s.meta.id != 0).then_some(s.meta.id);
                let saved = self
                    .library
                    .archive
                    .games
                    .iter()
                    .find(|e| Some(e.id) == id)
                    .and_then(|e| e.review.clone());
                let names = library::player_names(s.opponent);
                let subject = Subject {
                    record: record.clone_box(),
                    title: library::game_title(record.kind(), &names[0], &names[1]),
                    tags,
                    id,
                    human: s.opponent.human(),
                };
                // Back from the review: the board, not the dialog again.
                self.session.update(|s| s.apply(SessionAction::CloseDialog));
                (subject, saved, Screen::Play)
            }
            ReviewFrom::Games => {
                let Some(c) = self.library.chosen_game() else {
                    return;
                };
                let human = [Color::Red, Color::Black].into_iter().find(|&side| {
                    let name = if side == Color::Red { "White" } else { "Black" };
                    library::tag(&c.tags, name) == Some("You")
                });
                let subject = Subject {
                    record: c.record,
                    tags: c.tags,
                    title: c.title,
                    id: c.id,
                    human,
                };
                (subject, c.review, Screen::Games)
            }
        };
        let progress = subject
            .id
            .and_then(|id| self.library.archive.games.iter().find(|e| e.id == id))
            .and_then(|e| e.drill.clone())
            .unwrap_or_default();
        self.review
            .update(|r| r.open_with(subject, saved, back, progress));
        self.nav
            .update(|n| n.apply(NavAction::Show(Screen::Review)));
    }

    /// Opens the analysis board on the game of the play screen, the one
    /// chosen on the games screen (a file's game with its variations),
    /// the game reviewed (with the review's notes) or the editor's
    /// position, at the move shown there. Nothing happens when there is
    /// no game (or the editor's position cannot be played).
    fn analyse(&mut self, from: AnalyseFrom) {
        let from_editor = from == AnalyseFrom::Editor;
        let mut panel = None;
        let opening = match from {
            AnalyseFrom::Play => self.session.record().and_then(|record| {
                let s = &self.session;
                let shown = s.shown_ply();
                let tree = AnyTree::from_record(record, record.recorded(), &[]).ok()?;
                let at = nth_main(&tree, shown);
                Some(Opening {
                    tree,
                    tags: library::game_tags(s.opponent, &s.meta),
                    at,
                    back: Screen::Play,
                    ending: record.outcome(),
                })
            }),
            AnalyseFrom::Games => self.library.chosen_tree().map(|read| {
                let at = nth_main(&read.tree, self.library.ply);
                Opening {
                    tree: read.tree,
                    tags: read.tags,
                    at,
                    back: Screen::Games,
                    ending: read.ending,
                }
            }),
            AnalyseFrom::Review(notes) => {
                let (Some(s), Some(r)) = (&self.review.subject, &self.review.review) else {
                    return;
                };
                let Ok((tree, tags)) = analysis_board::review::review_tree(s, r, &notes) else {
                    return;
                };
                panel = Some(analysis_board::review::ReviewPanel::of(s, r));
                let at = nth_main(&tree, self.review.ply);
                Some(Opening {
                    tree,
                    tags,
                    at,
                    // Back goes where the review was opened from.
                    back: self.review.back.unwrap_or(Screen::Games),
                    ending: s.record.outcome(),
                })
            }
            AnalyseFrom::Editor => self.editor.validate().ok().and_then(|record| {
                if record.outcome().is_some() {
                    return None;
                }
                Some(Opening {
                    tree: AnyTree::from_record(record.as_ref(), 0, &[]).ok()?,
                    tags: Vec::new(),
                    at: tiers_engine::tree::NodeId::ROOT,
                    back: Screen::Editor,
                    ending: None,
                })
            }),
            AnalyseFrom::Puzzle => self.puzzles.solving.as_ref().and_then(|s| {
                let record = s.board.record()?;
                let tree = AnyTree::from_record(record, record.recorded(), &[]).ok()?;
                let at = tree.line_end(tiers_engine::tree::NodeId::ROOT);
                Some(Opening {
                    tree,
                    tags: Vec::new(),
                    at,
                    back: Screen::Puzzles,
                    ending: None,
                })
            }),
            AnalyseFrom::Menu => {
                let back = self.nav.screen;
                if back != Screen::Analysis {
                    self.analysis_board.update(|b| b.back = back);
                }
                self.nav
                    .update(|n| n.apply(NavAction::Show(Screen::Analysis)));
                return;
            }
            AnalyseFrom::Found {
                kind,
                start,
                moves,
                tags,
                ply,
            } => AnyTree::from_moves(kind, &start, &moves).ok().map(|tree| {
                let at = nth_main(&tree, ply);
                Opening {
                    tree,
                    tags,
                    at,
                    back: self.analysis_board.back,
                    ending: None,
                }
            }),
        };
        let Some(opening) = opening else {
            return;
        };
        let flipped = match opening.back {
            // A review: seen from the person's side.
            _ if panel.is_some() => {
                self.review.subject.as_ref().and_then(|s| s.human) == Some(Color::Black)
            }
            Screen::Play => self.session.flipped,
            Screen::Editor => self.editor.flipped,
            _ => false,
        };
        // The editor's "Analyse": the engine starts on the position set up.
        let engine = from_editor;
        self.analysis_board.update(|b| {
            *b = AnalysisBoard::open(opening, flipped);
            b.engine.on = engine;
            b.review = panel;
        });
        self.nav
            .update(|n| n.apply(NavAction::Show(Screen::Analysis)));
    }

    /// Reduces one action (the web app's reducer, `tiers_app::store`,
    /// calls this on a copy).
    pub fn apply(&mut self, action: AppAction) {
        self.apply_one(action);
        self.follow_coach();
    }

    /// The coach drops an analysis, a hint or a line drawn as arrows of a
    /// position the play screen no longer shows.
    fn follow_coach(&mut self) {
        let c = &self.coach;
        if c.analysis.running() || c.hint.is_some() || c.line.is_some() || c.verdict.is_some() {
            let mut next = (*self.coach).clone();
            next.follow(&self.session);
            if next != *self.coach {
                self.coach.update(|c| *c = next);
            }
        }
    }

    /// A hint on the play screen, counted in the game's record.
    fn hint(&mut self) {
        if self.coach.can_hint(&self.session) {
            let session = &self.session;
            self.coach.update(|c| c.ask_hint(session));
            self.session.update(|s| coach::count_hint(&mut s.meta.tags));
        }
    }

    fn apply_one(&mut self, action: AppAction) {
        match action {
            AppAction::Nav(a) => {
                self.nav.update(|n| n.apply(a));
                // Away from the analysis board its engine stops (its worker
                // is let go) and starts again on coming back.
                if self.nav.screen != Screen::Analysis && self.analysis_board.engine.busy() {
                    self.analysis_board.update(|b| b.engine.reset());
                }
            }
            AppAction::NewGame(s) => self.new_game.update(|x| *x = s),
            AppAction::Start { coin, roll } => self.start(coin, roll),
            AppAction::Game(a) => {
                let Some(a) = self.live_session(a) else {
                    return;
                };
                let before = self.session.record().map_or(0, |g| g.ply());
                self.session.update(|s| s.apply(a));
                self.live_moved(before);
                self.file_by_link();
            }
            AppAction::Live(a) => self.live_action(a),
            AppAction::PlayByLink { id, names, days } => self.play_by_link(id, names, days),
            AppAction::Load(game, meta) => self.load(*game, meta),
            AppAction::Formation(a) => {
                let seed = match &a {
                    FormationAction::Ready(seed) | FormationAction::Typed { seed, .. } => *seed,
                    _ => 0,
                };
                self.formation.update(|f| f.apply(a));
                self.live_formation(seed);
            }
            AppAction::BeginTiers => match self.formation.build() {
                Ok(record) => {
                    let game = LoadGame {
                        record,
                        opponent: self.formation.opponent,
                        flipped: self.session.flipped,
                        clock: self.formation.clock.map(clock::Clock::new),
                    };
                    self.load(game, GameMeta::default());
                }
                Err(e) => self.formation.update(|f| f.note = Some(e)),
            },
            AppAction::Editor(a) => self.editor.update(|e| e.apply(a)),
            AppAction::PlayEditor(human) => {
                let level = self.level();
                match self.editor.game_to_play(human, level) {
                    Ok(game) => self.load(game, GameMeta::default()),
                    Err(e) => self.editor.update(|ed| ed.note = Some(e)),
                }
            }
            AppAction::EditPosition(kind, text) => self.edit_position(kind, &text),
            AppAction::Library(a) => {
                let level = self.level();
                if let Some(opened) = self.library.update(|l| l.apply(a, level)) {
                    self.open(opened);
                }
            }
            AppAction::Archive { now } => {
                let entry = self
                    .session
                    .record()
                    .and_then(|g| Entry::of(g, self.session.opponent, &self.session.meta, now));
                if let Some(entry) = entry {
                    self.library.update(|l| l.file(entry));
                }
            }
            AppAction::Tournament(a) => self.tournaments.update(|t| t.apply(a)),
            AppAction::Notice(NoticeAction::KeepMine) => self.resolve_conflict(false),
            AppAction::Notice(NoticeAction::TakeLink) => self.resolve_conflict(true),
            AppAction::Notice(a) => {
                if let Some((game, meta)) = self.notices.update(|n| n.apply(a)) {
                    self.load(game, meta);
                }
            }
            AppAction::Embed(a) => {
                self.embed.update(|e| e.apply(&a));
                match a {
                    EmbedAction::Load { game, .. } => {
                        let takebacks = self.embed.params.undo;
                        self.session.update(|s| {
                            s.load(*game);
                            s.takebacks = takebacks;
                        });
                    }
                    EmbedAction::Flip => self.session.update(|s| s.apply(SessionAction::Flip)),
                    EmbedAction::CloseProblems | EmbedAction::Reported => {}
                }
            }
            AppAction::Learn(LearnAction::PlayGame(kind, coin)) => {
                self.new_game.update(|s| {
                    s.kind = kind;
                    s.vs_computer = true;
                    s.level = Level::clamped(2);
                    s.clock = None;
                });
                self.start(coin, 0);
            }
            AppAction::Learn(a) => self.learn.update(|l| l.apply(a)),
            AppAction::Coach(a) => self.coach.update(|c| c.apply(a)),
            AppAction::Puzzle(a) => self.puzzle(a),
            AppAction::Openings(a) => self.openings.update(|o| o.apply(a)),
            AppAction::Hint => self.hint(),
            AppAction::Practise(p) => self.practise(&p),
            AppAction::Judge => {
                let session = &self.session;
                self.coach.update(|c| c.ask_verdict(session));
            }
            AppAction::Preferences(p) => self.set_preferences(p),
            AppAction::ReviewGame(from) => self.review_game(from),
            AppAction::Review(a) => self.review.update(|r| r.apply(a)),
            AppAction::Drill(a) => {
                let open = matches!(a, review::mistakes::DrillAction::Open);
                let close = matches!(a, review::mistakes::DrillAction::Close);
                if self.review.update(|r| r.drill(a)) {
                    self.keep_drill();
                }
                self.drill_shown(open, close);
            }
            AppAction::Analyse(from) => self.analyse(from),
            AppAction::Analysis(a) => self.analysis_board.update(|b| b.apply(a)),
            AppAction::AiSent(target, id) => self.ai_sent(target, id),
            AppAction::Ai(reply) => self.ai_reply(reply),
            AppAction::Clock { now, visible } => {
                let before = self.session.outcome();
                self.clock(now, visible);
                self.live_ticked(before, now);
            }
            AppAction::AiReset(channel) => match channel {
                Channel::Analysis => {
                    if self.analysis_board.engine.busy() {
                        self.analysis_board.update(|b| b.engine.reset());
                    }
                    self.coach.update(Coach::reset);
                    self.review.update(ReviewState::reset);
                }
                Channel::Play => {
                    self.session.update(Session::forget_pending);
                    self.tournaments
                        .update(|t| t.apply(TournamentAction::AiReset));
                    self.learn.update(Learn::forget_pending);
                }
            },
        }
    }
}

/// Where the analysis board is opened from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnalyseFrom {
    /// The game of the play screen (in progress or finished).
    Play,
    /// The game chosen on the games screen.
    Games,
    /// The game reviewed, with the review's notes on its moves (in the
    /// page's language: the web app writes them).
    Review(Vec<tiers_engine::pdn::Annotation>),
    /// The editor's position ("Analyse": the engine starts there).
    Editor,
    /// The puzzle on the puzzles screen: its position and the moves
    /// played on it (once it is over, to study it).
    Puzzle,
    /// The main menu: the board as it was left (a start position of
    /// checkers the first time).
    Menu,
    /// A game found by the opening explorer's position search (in the
    /// archive or the games collection): its moves from `start`, its
    /// tags, shown after `ply` moves; back goes where the board's did.
    Found {
        /// The game kind.
        kind: GameKind,
        /// The starting position (FEN / TFEN).
        start: String,
        /// Its moves.
        moves: Vec<String>,
        /// Its tags.
        tags: Vec<(String, String)>,
        /// The moves played before the position shown.
        ply: usize,
    },
}

/// The node `ply` moves down the main line (its end if it is shorter).
fn nth_main(tree: &AnyTree, ply: usize) -> tiers_engine::tree::NodeId {
    let mut at = tiers_engine::tree::NodeId::ROOT;
    for _ in 0..ply {
        match tree.children(at).first() {
            Some(&next) => at = next,
            None => break,
        }
    }
    at
}

/// The computer's move is shown no sooner than this after the request
/// (milliseconds), so that the person sees their own move land first.
pub const MIN_REPLY_MS: u32 = 450;

/// [`MIN_REPLY_MS`], but when the computer plays on a clock no more than a
/// hundredth of its time left (the wait is on its clock).
#[must_use]
pub fn min_reply_ms(session: &Session) -> u32 {
    match (session.clock, session.side_to_move()) {
        (Some(c), Some(side)) => {
            u32::try_from(c.left(side) / 100).map_or(MIN_REPLY_MS, |ms| ms.min(MIN_REPLY_MS))
        }
        _ => MIN_REPLY_MS,
    }
}

#[cfg(test)]
mod tests;

/// What the tests of the page's links share: the page's address they make
/// links under, and a link's query.
#[cfg(test)]
pub(crate) mod test_links {
    /// The page's address in the tests.
    pub const BASE: &str = "https://example.org/tiers/";

    /// The query of a link (after its `?`).
    pub fn query(link: &str) -> &str {
        link.split_once('?').map_or("", |(_, q)| q)
    }
}
