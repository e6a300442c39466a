//! Tournaments: the state of the tournament screens ([`Tournaments`],
//! reduced by [`TournamentAction`]s). The brackets themselves are the
//! `tiers-bracket` crate; a match played on the board is a
//! [`game::MatchGame`]; what is kept on the device is [`store`]'s format.
//! Randomness comes in through the actions.

pub mod draft;
pub mod game;
pub mod store;

use self::draft::{Draft, DraftAction};
use self::game::{MatchGame, Stage};
use self::store::{Entry, SavedMatch};
use crate::ai::{AiTarget, Budget, DueRequest};
use crate::clock::TimeControl;
use crate::formation::FormationAction;
use crate::i18n::errors::Explain;
use crate::i18n::Text;
use crate::session::{Opponent, Session, SessionAction};
use crate::text;
use tiers_bracket::{Ballot, GameChoice, MatchId, MatchStatus, Tournament};
use tiers_engine::search::Level;
use tiers_engine::GameKind;
use tiers_json::Json;

/// Which tournament page is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    /// The saved tournaments.
    List,
    /// The "new tournament" form.
    Create,
    /// One bracket of a tournament.
    Bracket {
        /// Tournament id.
        id: u32,
        /// Bracket index.
        bracket: usize,
    },
    /// The match being played on the board.
    Match,
}

/// A change to a result, waiting for confirmation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// Record this winner (seed) with this score.
    Set {
        /// Winner's seed.
        winner: usize,
        /// Score text.
        score: String,
    },
    /// Remove the result.
    Clear,
}

/// A dialog over the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dialog {
    /// Enter or correct a result by hand.
    Result {
        /// Bracket index (of the shown tournament).
        bracket: usize,
        /// Match.
        id: MatchId,
        /// The winner chosen so far (a seed).
        winner: Option<usize>,
        /// Score text typed so far.
        score: String,
        /// Why it cannot be saved (a sentence: the page writes it with a
        /// capital).
        error: Option<Text>,
    },
    /// A change that removes later results, waiting for "yes".
    Confirm {
        /// Bracket index.
        bracket: usize,
        /// Match.
        id: MatchId,
        /// The change.
        change: Change,
        /// The results it removes, in words.
        lines: Vec<String>,
    },
    /// Deleting a tournament, waiting for "yes".
    Delete {
        /// Tournament id.
        id: u32,
    },
    /// Giving up the game in progress (to start another match, if `next`).
    Abandon {
        /// The match to start instead: bracket and match.
        next: Option<(usize, MatchId)>,
    },
}

/// The tournament screens' state.
#[derive(Clone)]
pub struct Tournaments {
    /// The saved tournaments.
    pub entries: Vec<Entry>,
    /// Saved entries that could not be read (kept until removed).
    pub broken: Vec<Json>,
    /// The text found in storage when it could not be read at all.
    pub damaged: Option<String>,
    /// The next tournament id.
    pub next_id: u32,
    /// What could not be read from storage.
    pub problems: Vec<Text>,
    /// The page shown.
    pub view: View,
    /// The "new tournament" form.
    pub draft: Draft,
    /// The match being played on the board.
    pub game: Option<MatchGame>,
    /// The dialog shown.
    pub dialog: Option<Dialog>,
    /// A message about what just happened (or what went wrong).
    pub notice: Option<Text>,
    /// The bracket picture fits the screen (else: actual size, scrolled).
    pub fit: bool,
}

/// A tournament's or a result's error as a sentence (`tournament.error-sentence`:
/// the page writes it with a capital).
pub fn sentence(e: &impl Explain) -> Text {
    text!("tournament.error-sentence", why = e.explain())
}

impl Default for Tournaments {
    fn default() -> Self {
        Tournaments::from_loaded(store::Loaded::default(), None)
    }
}

/// Everything that can happen on the tournament screens.
#[derive(Clone, Debug, PartialEq)]
pub enum TournamentAction {
    /// Show the list of tournaments.
    ShowList,
    /// Open the "new tournament" form, with seeds for its draws.
    New(u64),
    /// A change in the form.
    Draft(DraftAction),
    /// Create the tournament the form describes.
    Create,
    /// Show a tournament (its first bracket).
    Open(u32),
    /// Show another bracket of the tournament shown.
    ShowBracket(usize),
    /// Read a tournament file (its text; the file name for messages).
    Import {
        /// The file's name.
        name: String,
        /// Its text.
        text: String,
    },
    /// Ask before deleting a tournament.
    AskDelete(u32),
    /// Delete it (confirmed).
    Delete(u32),
    /// Forget the unreadable data found in storage.
    DropDamaged,
    /// Open the result dialog for a match of the shown tournament.
    OpenResult(usize, MatchId),
    /// The winner chosen in the result dialog (a seed).
    ResultWinner(usize),
    /// The score typed in the result dialog.
    ResultScore(String),
    /// Save the result dialog.
    SaveResult,
    /// Remove the result of the match in the result dialog.
    ClearResult,
    /// Yes to the dialog's question.
    Confirm,
    /// Close the dialog.
    CloseDialog,
    /// Play a match of the shown tournament on the board (seed for the
    /// computer's formations).
    Play(usize, MatchId, u64),
    /// Go back to the match in progress.
    Resume,
    /// Ask before giving up the game in progress (nothing is recorded).
    Abandon,
    /// Leave the board for the bracket; the game stays in progress.
    Leave,
    /// An action for the board (moves, the computer's replies).
    Board(SessionAction),
    /// An action for the formations being set up.
    Formation(FormationAction),
    /// Begin the Tiers game from the formations set up.
    BeginTiers,
    /// The person resigns the game.
    Resign,
    /// Start the next game after a draw (seed for formations).
    NextGame(u64),
    /// Computer moves fast (or at their normal pace).
    Fast(bool),
    /// The AI worker was dropped: forget the request it had.
    AiReset,
    /// Fit the bracket to the screen, or show it at its actual size.
    Fit(bool),
    /// Hide the notice.
    DismissNotice,
    /// Saving failed (storage full or disabled).
    SaveFailed(Text),
    /// Show a message.
    Notice(Text),
}

/// "Ann", "Computer (level 3)": the entrant names of a match's two players.
fn player_names(t: &Tournament, bracket: usize, id: MatchId) -> Option<[String; 2]> {
    let b = t.brackets().get(bracket)?;
    let [x, y] = b.players(id);
    Some([b.entrant(x?).name.clone(), b.entrant(y?).name.clone()])
}

impl Tournaments {
    /// The state from what storage held (`raw`: the stored text, kept when
    /// it could not be read so that it can be downloaded).
    #[must_use]
    pub fn from_loaded(loaded: store::Loaded, raw: Option<&str>) -> Self {
        let damaged = (loaded.entries.is_empty()
            && loaded.broken.is_empty()
            && !loaded.problems.is_empty()
            && loaded.game.is_none())
        .then(|| raw.map(str::to_string))
        .flatten();
        let mut s = Tournaments {
            entries: loaded.entries,
            broken: loaded.broken,
            damaged,
            next_id: loaded.next_id.max(1),
            problems: loaded.problems,
            view: View::List,
            draft: Draft::default(),
            game: None,
            dialog: None,
            notice: None,
            fit: false,
        };
        if let Some(saved) = loaded.game {
            s.restore(saved);
        }
        s
    }

    /// The text to keep on the device; `None` while damaged data read at
    /// the start is kept for downloading and nothing replaced it yet.
    #[must_use]
    pub fn stored_text(&self) -> Option<String> {
        if self.damaged.is_some() && self.entries.is_empty() {
            return None;
        }
        Some(self.encode())
    }

    /// The text of what is kept.
    #[must_use]
    pub fn encode(&self) -> String {
        store::encode(
            &self.entries,
            &self.broken,
            self.next_id,
            self.saved_match().as_ref(),
        )
    }

    fn saved_match(&self) -> Option<SavedMatch> {
        let g = self.game.as_ref()?;
        if matches!(g.stage, Stage::Won { .. }) {
            return None;
        }
        let playing = g.stage == Stage::Playing;
        let record = g.session.record().filter(|_| playing);
        Some(SavedMatch {
            tournament: g.tournament,
            bracket: g.bracket,
            id: g.id,
            game: g.game_no,
            draws: g.draws,
            ballot: g.ballot.map(|b| b.index),
            records: g.records.clone(),
            playing,
            formations: g.formations(),
            moves: record.map_or_else(Vec::new, |r| {
                let m = r.move_texts();
                m[..r.ply().min(m.len())].to_vec()
            }),
            fast: g.fast,
            clock: g.session.clock.map(|c| (c.left, c.seen)),
        })
    }

    fn restore(&mut self, saved: SavedMatch) {
        let Some(mut g) = self.match_game(saved.tournament, saved.bracket, saved.id, saved.game)
        else {
            self.problems.push(text!(
                "tournament.problem-game-dropped",
                number = saved.id + 1
            ));
            return;
        };
        g.game_no = saved.game.max(1);
        g.draws = saved.draws;
        g.ballot = saved.ballot.and_then(Ballot::get);
        g.records = saved.records;
        g.fast = saved.fast;
        match saved.playing {
            true => {
                if let Err(e) = g.restore(saved.formations, &saved.moves) {
                    self.problems.push(text!(
                        "tournament.problem-game-restore",
                        number = saved.id + 1,
                        why = e
                    ));
                    return;
                }
                // The clocks go on from where they were; with the computer
                // playing, the time away is not charged.
                if let (Some(c), Some((left, seen))) = (g.session.clock.as_mut(), saved.clock) {
                    c.left = left;
                    c.seen = seen.filter(|_| g.session.opponent == Opponent::Friend);
                }
            }
            false => g.begin(u64::from(saved.game) ^ 0x5eed),
        }
        self.game = Some(g);
    }

    /// The entry with this id.
    #[must_use]
    pub fn entry(&self, id: u32) -> Option<&Entry> {
        self.entries.iter().find(|e| e.id == id)
    }

    /// The tournament shown (bracket view) with its id and bracket index.
    #[must_use]
    pub fn shown(&self) -> Option<(u32, &Tournament, usize)> {
        match self.view {
            View::Bracket { id, bracket } => self.entry(id).map(|e| (id, &e.tournament, bracket)),
            View::Match => {
                let g = self.game.as_ref()?;
                self.entry(g.tournament)
                    .map(|e| (g.tournament, &e.tournament, g.bracket))
            }
            _ => None,
        }
    }

    fn shown_id(&self) -> Option<u32> {
        match self.view {
            View::Bracket { id, .. } => Some(id),
            _ => None,
        }
    }

    fn tournament_mut(&mut self, id: u32) -> Option<&mut Tournament> {
        self.entries
            .iter_mut()
            .find(|e| e.id == id)
            .map(|e| &mut e.tournament)
    }

    /// A match ready to be played on the board.
    fn match_game(&self, tid: u32, bracket: usize, id: MatchId, game_no: u32) -> Option<MatchGame> {
        let entry = self.entry(tid)?;
        let t = &entry.tournament;
        let b = t.brackets().get(bracket)?;
        if id >= b.structure().matches.len() || b.status(id) != MatchStatus::Ready {
            return None;
        }
        let [x, y] = b.players(id);
        let (x, y) = (x?, y?);
        let player = |s: usize| {
            let e = b.entrant(s);
            (s, e.name.clone(), e.level.map(Level::clamped))
        };
        let kind = match t.game() {
            GameChoice::Checkers => GameKind::Checkers,
            GameChoice::Tiers => GameKind::Tiers,
        };
        let title = if t.brackets().len() > 1 {
            format!("{} · {} · match {}", t.name(), b.name(), id + 1)
        } else {
            format!("{} · match {}", t.name(), id + 1)
        };
        let mut g = MatchGame::new(
            tid,
            bracket,
            id,
            title,
            [player(x), player(y)],
            kind,
            t.ballot(bracket, id, game_no),
        );
        g.clock = entry.clock;
        Some(g)
    }

    fn start_match(&mut self, bracket: usize, id: MatchId, seed: u64) {
        let Some(tid) = self.shown_id() else { return };
        match self.match_game(tid, bracket, id, 1) {
            Some(mut g) => {
                g.begin(seed);
                self.game = Some(g);
                self.view = View::Match;
                self.dialog = None;
            }
            None => {
                self.notice = Some(text!("tournament.cannot-play-now", number = id + 1));
            }
        }
    }

    /// After a board action: the won match goes into the bracket.
    fn record_if_won(&mut self) {
        let Some(g) = self.game.as_ref() else { return };
        let Stage::Won { slot, .. } = g.stage else {
            return;
        };
        if g.recorded {
            return;
        }
        let (tid, bracket, id) = (g.tournament, g.bracket, g.id);
        let winner = g.seeds[slot];
        let score = g.score_text();
        let record = g.records.join("\n");
        let seeds = g.seeds;
        let names = g.names.clone();
        let outcome = match self.tournament_mut(tid) {
            None => Err(text!("tournament.why-deleted")),
            Some(t) => {
                let b = &t.brackets()[bracket];
                let players = b.players(id);
                if b.result(id).is_some() {
                    Err(text!("tournament.why-result-entered"))
                } else if players != [Some(seeds[0]), Some(seeds[1])] {
                    Err(text!("tournament.why-players-changed"))
                } else {
                    t.set_result(bracket, id, winner, &score, &record)
                        .map_err(|e| e.explain())
                }
            }
        };
        self.notice = Some(match outcome {
            Ok(_) => text!(
                "tournament.result-in",
                number = id + 1,
                winner = &names[slot],
                loser = &names[1 - slot]
            ),
            Err(why) => text!("tournament.not-recorded", number = id + 1, why = why),
        });
        if let Some(g) = self.game.as_mut() {
            g.recorded = true;
        }
    }

    fn open_result(&mut self, bracket: usize, id: MatchId) {
        let Some((_, t, _)) = self.shown() else {
            return;
        };
        let Some(b) = t.brackets().get(bracket) else {
            return;
        };
        if id >= b.structure().matches.len() {
            return;
        }
        let status = b.status(id);
        if !matches!(status, MatchStatus::Ready | MatchStatus::Done) {
            self.notice = Some(match status {
                MatchStatus::NotNeeded => text!("tournament.not-needed", number = id + 1),
                _ => text!("tournament.waits", number = id + 1),
            });
            return;
        }
        let (winner, score) = b
            .result(id)
            .map_or((None, String::new()), |r| (Some(r.winner), r.score.clone()));
        self.dialog = Some(Dialog::Result {
            bracket,
            id,
            winner,
            score,
            error: None,
        });
    }

    /// Applies a result change now (no questions).
    fn apply_change(&mut self, bracket: usize, id: MatchId, change: &Change) {
        let Some(tid) = self.shown_id() else { return };
        let Some(index) = self.entries.iter().position(|e| e.id == tid) else {
            return;
        };
        let t = &mut self.entries[index].tournament;
        let names = player_names(t, bracket, id);
        let done = match change {
            Change::Set { winner, score } => {
                // The game record stays only if the winner is the same.
                let record = t.brackets()[bracket]
                    .result(id)
                    .filter(|r| r.winner == *winner)
                    .map_or(String::new(), |r| r.record.clone());
                t.set_result(bracket, id, *winner, score, &record)
            }
            Change::Clear => t.clear_result(bracket, id),
        };
        let reset = match done {
            Ok(reset) => reset,
            Err(e) => {
                match self.dialog.as_mut() {
                    Some(Dialog::Result { error, .. }) => *error = Some(sentence(&e)),
                    _ => {
                        self.notice = Some(text!("tournament.change-failed", why = e.explain()));
                    }
                }
                return;
            }
        };
        self.dialog = None;
        let t = &self.entries[index].tournament;
        let mut text = match (change, names) {
            (Change::Set { winner, .. }, Some(n)) => {
                let w = t.bracket(bracket).entrant(*winner).name.clone();
                let l = if n[0] == w {
                    n[1].clone()
                } else {
                    n[0].clone()
                };
                text!("tournament.beat", number = id + 1, winner = w, loser = l)
            }
            _ => text!("tournament.result-removed", number = id + 1),
        };
        if !reset.is_empty() {
            text = text!(
                "message.two",
                first = text,
                second = text!("tournament.reset-later", count = reset.len())
            );
        }
        // A game in progress for a match whose players changed is dropped.
        let stale = self.game.as_ref().filter(|g| {
            let b = t.bracket(g.bracket);
            g.tournament == tid
                && !matches!(g.stage, Stage::Won { .. })
                && (b.status(g.id) != MatchStatus::Ready
                    || b.players(g.id) != [Some(g.seeds[0]), Some(g.seeds[1])])
        });
        if let Some(g) = stale {
            text = text!(
                "message.two",
                first = text,
                second = text!("tournament.game-dropped", number = g.id + 1)
            );
            self.game = None;
        }
        self.notice = Some(text);
    }

    /// Asks first when a change removes later results.
    fn propose(&mut self, bracket: usize, id: MatchId, change: Change) {
        let Some((_, t, _)) = self.shown() else {
            return;
        };
        let preview = match &change {
            Change::Set { winner, .. } => t.preview_result(bracket, id, *winner),
            Change::Clear => t.preview_clear(bracket, id),
        };
        match preview {
            Ok(reset) if reset.is_empty() => self.apply_change(bracket, id, &change),
            Ok(reset) => {
                self.dialog = Some(Dialog::Confirm {
                    bracket,
                    id,
                    change,
                    lines: reset.into_iter().map(|n| n.message).collect(),
                });
            }
            Err(e) => {
                let message = sentence(&e);
                if let Some(Dialog::Result { error, .. }) = self.dialog.as_mut() {
                    *error = Some(message);
                }
            }
        }
    }
}

impl Tournaments {
    /// The request for a computer player's move, when one is due in the
    /// match shown on the board: at normal pace after a pause between two
    /// computers (so people can follow), with little thought when
    /// finishing quickly.
    #[must_use]
    pub fn ai_due(&self, id: u32) -> Option<DueRequest> {
        if self.view != View::Match {
            return None;
        }
        let g = self.game.as_ref().filter(|g| g.computer_due())?;
        let mut request = g.session.ai_request(id)?;
        if g.fast {
            if let Budget::Time(ms) = &mut request.budget {
                *ms = (*ms).min(FAST_MOVETIME_MS);
            }
        }
        // The pause between two computers is on the clock of the one to
        // move: with clocks it is shortened as its time runs down.
        let watch = crate::min_reply_ms(&g.session).min(WATCH_DELAY_MS);
        Some(DueRequest {
            target: AiTarget::Match,
            request,
            delay_ms: if g.computers_only() && !g.fast {
                watch
            } else {
                0
            },
            min_reply_ms: 0,
        })
    }

    /// The match on the board's session, if it plays with clocks.
    #[must_use]
    pub fn clock_session(&self) -> Option<&Session> {
        self.game
            .as_ref()
            .map(|g| &g.session)
            .filter(|s| s.clock.is_some())
    }

    /// Whether the match on the board waits for the computer's reply `id`.
    pub fn waits_for(&self, id: u32) -> bool {
        self.game
            .as_ref()
            .is_some_and(|g| g.session.pending == Some(id))
    }

    /// Reduces one action.
    pub fn apply(&mut self, action: TournamentAction) {
        use TournamentAction as A;
        match action {
            // The pages and the saved tournaments.
            A::ShowList => {
                self.view = View::List;
                self.dialog = None;
            }
            A::New(seed) => {
                self.draft = Draft::new(seed);
                self.view = View::Create;
                self.notice = None;
            }
            A::Draft(a) => self.draft.apply(a),
            A::Create => self.create(),
            A::Open(id) => {
                if self.entry(id).is_some() {
                    self.view = View::Bracket { id, bracket: 0 };
                    self.notice = None;
                }
            }
            A::ShowBracket(bracket) => self.show_bracket(bracket),
            A::Import { name, text } => self.import(&name, &text),
            A::AskDelete(id) => self.dialog = Some(Dialog::Delete { id }),
            A::Delete(id) => self.delete(id),
            A::DropDamaged => {
                self.damaged = None;
                self.broken.clear();
                self.problems.clear();
            }
            // Results entered by hand, and the dialogs' questions.
            A::OpenResult(bracket, id) => self.open_result(bracket, id),
            A::ResultWinner(w) => {
                if let Some(Dialog::Result { winner, error, .. }) = self.dialog.as_mut() {
                    *winner = Some(w);
                    *error = None;
                }
            }
            A::ResultScore(text) => {
                if let Some(Dialog::Result { score, .. }) = self.dialog.as_mut() {
                    *score = text.chars().take(60).collect();
                }
            }
            A::SaveResult => self.save_result(),
            A::ClearResult => {
                if let Some(Dialog::Result { bracket, id, .. }) = self.dialog.clone() {
                    self.propose(bracket, id, Change::Clear);
                }
            }
            A::Confirm => self.confirm(),
            A::CloseDialog => self.dialog = None,
            // The match on the board.
            A::Play(bracket, id, seed) => self.play(bracket, id, seed),
            A::Resume => {
                if self.game.is_some() {
                    self.view = View::Match;
                    self.dialog = None;
                }
            }
            A::Abandon => {
                if self.game.is_some() {
                    self.dialog = Some(Dialog::Abandon { next: None });
                }
            }
            A::Leave => self.leave(),
            A::Board(a) => {
                self.on_game(|g| g.apply(a));
                self.record_if_won();
            }
            A::Formation(a) => self.on_game(|g| g.set_up(a)),
            A::BeginTiers => self.on_game(MatchGame::begin_tiers),
            A::Resign => {
                self.on_game(MatchGame::resign);
                self.record_if_won();
            }
            A::NextGame(seed) => self.next_game(seed),
            A::Fast(on) => self.on_game(|g| g.fast = on),
            A::AiReset => self.on_game(MatchGame::forget_pending),
            // What the page shows around them.
            A::Fit(on) => self.fit = on,
            A::DismissNotice => self.notice = None,
            A::Notice(text) => self.notice = Some(text),
            A::SaveFailed(why) => {
                let text = text!("tournament.save-failed", why = why);
                if self.notice.as_ref() != Some(&text) {
                    self.notice = Some(text);
                }
            }
        }
    }

    /// Changes the match on the board, if there is one.
    fn on_game(&mut self, change: impl FnOnce(&mut MatchGame)) {
        if let Some(g) = self.game.as_mut() {
            change(g);
        }
    }

    /// Adds a tournament (made or imported) and shows it, with a notice.
    fn add(&mut self, tournament: Tournament, clock: Option<TimeControl>, notice: Text) {
        let id = self.next_id;
        self.next_id += 1;
        self.notice = Some(notice);
        self.entries.push(Entry {
            id,
            tournament,
            clock,
        });
        self.view = View::Bracket { id, bracket: 0 };
    }

    /// [`TournamentAction::Create`].
    fn create(&mut self) {
        match self.draft.build() {
            Ok(t) => {
                let notice = text!("tournament.created", name = t.name());
                self.add(t, self.draft.clock, notice);
            }
            Err(e) => self.draft.error = Some(e),
        }
    }

    /// [`TournamentAction::Import`].
    fn import(&mut self, name: &str, text: &str) {
        match Tournament::from_json(text) {
            Ok(t) => {
                let notice = text!("tournament.imported", name = t.name(), file = name);
                self.add(t, None, notice);
            }
            Err(e) => {
                self.notice = Some(text!(
                    "tournament.import-failed",
                    file = name,
                    why = e.explain()
                ));
            }
        }
    }

    /// [`TournamentAction::ShowBracket`].
    fn show_bracket(&mut self, bracket: usize) {
        if let View::Bracket { id, .. } = self.view {
            if self
                .entry(id)
                .is_some_and(|e| bracket < e.tournament.brackets().len())
            {
                self.view = View::Bracket { id, bracket };
            }
        }
    }

    /// [`TournamentAction::Delete`] (confirmed).
    fn delete(&mut self, id: u32) {
        if let Some(e) = self.entry(id) {
            self.notice = Some(text!("tournament.deleted", name = e.tournament.name()));
        }
        self.entries.retain(|e| e.id != id);
        if self.game.as_ref().is_some_and(|g| g.tournament == id) {
            self.game = None;
        }
        self.dialog = None;
        self.view = View::List;
    }

    /// [`TournamentAction::SaveResult`]: the result dialog's winner and
    /// score, asked about first if later results would be reset.
    fn save_result(&mut self) {
        let Some(Dialog::Result {
            bracket,
            id,
            winner,
            score,
            ..
        }) = self.dialog.clone()
        else {
            return;
        };
        match winner {
            Some(winner) => self.propose(bracket, id, Change::Set { winner, score }),
            None => {
                if let Some(Dialog::Result { error, .. }) = self.dialog.as_mut() {
                    *error = Some(Text::new("tournament.choose-winner-first"));
                }
            }
        }
    }

    /// [`TournamentAction::Confirm`]: yes to the dialog's question.
    fn confirm(&mut self) {
        match self.dialog.clone() {
            Some(Dialog::Confirm {
                bracket,
                id,
                change,
                ..
            }) => self.apply_change(bracket, id, &change),
            Some(Dialog::Delete { id }) => self.delete(id),
            Some(Dialog::Abandon { next }) => {
                self.dialog = None;
                if let Some(g) = self.game.take() {
                    self.notice = Some(text!("tournament.abandoned", number = g.id + 1));
                    self.view = View::Bracket {
                        id: g.tournament,
                        bracket: g.bracket,
                    };
                }
                if let Some((bracket, id)) = next {
                    let seed = u64::from(self.next_id) << 20 | id as u64;
                    self.start_match(bracket, id, seed);
                }
            }
            _ => self.dialog = None,
        }
    }

    /// [`TournamentAction::Play`]: the match is shown if it is the one in
    /// progress, started if none is, else giving up the one in progress is
    /// asked about first.
    fn play(&mut self, bracket: usize, id: MatchId, seed: u64) {
        let busy = self
            .game
            .as_ref()
            .filter(|g| !matches!(g.stage, Stage::Won { .. }));
        match busy {
            Some(g)
                if Some(g.tournament) == self.shown_id() && g.bracket == bracket && g.id == id =>
            {
                self.view = View::Match;
            }
            Some(_) => {
                self.dialog = Some(Dialog::Abandon {
                    next: Some((bracket, id)),
                });
            }
            None => self.start_match(bracket, id, seed),
        }
    }

    /// [`TournamentAction::Leave`]: back to the bracket; a won match is
    /// done with.
    fn leave(&mut self) {
        if let Some(g) = &self.game {
            self.view = View::Bracket {
                id: g.tournament,
                bracket: g.bracket,
            };
            if matches!(g.stage, Stage::Won { .. }) {
                self.game = None;
            }
        }
    }

    /// [`TournamentAction::NextGame`]: the next game of the match, with
    /// its ballot.
    fn next_game(&mut self, seed: u64) {
        let ballot = self.game.as_ref().and_then(|g| {
            let t = &self.entry(g.tournament)?.tournament;
            t.ballot(g.bracket, g.id, g.game_no + 1)
        });
        self.on_game(|g| g.next_game(ballot, seed));
    }
}

/// A file name from a title: "Troop 12 open" → "troop-12-open".
#[must_use]
pub fn slug(title: &str) -> String {
    let mut out = String::new();
    for c in title.chars() {
        if !(c.is_ascii_punctuation() || c.is_whitespace() || c.is_control()) {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-').to_string();
    if out.is_empty() {
        "tournament".into()
    } else {
        out.chars().take(60).collect()
    }
}

/// Thinking time per move when finishing quickly, in milliseconds.
pub const FAST_MOVETIME_MS: u64 = 60;
/// The pause before each computer move between two computers.
pub const WATCH_DELAY_MS: u32 = 450;

#[cfg(test)]
mod tests;
