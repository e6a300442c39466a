//! Puzzles: the shipped puzzle files (read by the engine's
//! [`tiers_engine::puzzle::read`]), the puzzle being solved on the live
//! board, and the solver's rating and history ([`history`]).
//!
//! A puzzle is a [`Session`] set up at its position, the solver playing the
//! side to move against a scripted opponent. Every move the solver makes
//! is compared with the solution: the right one is kept and the
//! opponent's reply is played when the screen says the pause is over
//! ([`PuzzleAction::Reply`]); a wrong one is taken back with "That's not
//! it — try again". The first wrong move (or a hint) makes the puzzle
//! failed; solving it without either makes it solved; either way the
//! rating moves once (Elo against the puzzle's rating,
//! [`history::elo`]). The next puzzle is picked near the solver's rating
//! among the puzzles not tried yet ([`pick`]).

pub mod history;
pub mod modes;

use std::rc::Rc;

use tiers_engine::puzzle::{self, Puzzle};
use tiers_engine::search::Level;
use tiers_engine::{Color, GameKind};

use super::ai::AiReply;
use super::learn::course::record_of;
use super::session::{LoadGame, Opponent, Session, SessionAction};
use super::Slice;
use crate::by_game::ByGame;
use crate::i18n::errors::{Explain, FetchError};
use crate::i18n::Text;
use history::{Attempt, History};
use modes::{Day, Mode, Run};

/// The games, in the order shown.
pub const GAMES: [GameKind; 2] = [GameKind::Checkers, GameKind::Tiers];

/// How many of the nearest puzzles the next one is drawn from.
pub const NEAREST: usize = 8;

/// Where a game's puzzle file is, relative to the page.
#[must_use]
pub fn puzzle_path(kind: GameKind) -> String {
    format!("puzzles/{}.txt", kind.name())
}

/// A puzzle file as read: the puzzles that read and play, and what was
/// wrong with each one left out.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PuzzleSet {
    /// The puzzles, in the file's order.
    pub puzzles: Vec<Puzzle>,
    /// Why each left-out line or puzzle was left out (`line 4: …`,
    /// `puzzle t0009: …`), in the file's order.
    pub left_out: Vec<String>,
}

impl PuzzleSet {
    /// The themes the puzzles carry, each with how many carry it, most
    /// common first.
    #[must_use]
    pub fn themes(&self) -> Vec<(String, usize)> {
        let mut counts: Vec<(String, usize)> = Vec::new();
        for t in self.puzzles.iter().flat_map(|p| &p.themes) {
            match counts.iter_mut().find(|(name, _)| name == t) {
                Some((_, n)) => *n += 1,
                None => counts.push((t.clone(), 1)),
            }
        }
        counts.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        counts
    }

    /// The notice for the left-out puzzles of `kind`'s file, when there are
    /// any (the app's notice bar shows it).
    #[must_use]
    pub fn notice(&self, kind: GameKind) -> Option<Text> {
        let first = self.left_out.first()?;
        Some(crate::text!(
            "notice.puzzles-left-out",
            game = crate::i18n::words::game(kind),
            count = self.left_out.len(),
            first = first
        ))
    }
}

/// How the rated puzzles of one theme went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThemeScore {
    /// The theme, as the file writes it.
    pub theme: String,
    /// Puzzles of it solved the first time.
    pub solved: usize,
    /// Puzzles of it failed the first time.
    pub failed: usize,
}

impl ThemeScore {
    /// The share solved, in thousandths (0 when none was tried).
    #[must_use]
    pub fn per_mille(&self) -> usize {
        (self.solved * 1000)
            .checked_div(self.solved + self.failed)
            .unwrap_or(0)
    }
}

/// The solved and failed puzzles of each theme of `kind`'s file that the
/// history holds, weakest first (the lowest share solved, then the most
/// failed, then by name).
#[must_use]
pub fn theme_scores(history: &History, kind: GameKind, set: &PuzzleSet) -> Vec<ThemeScore> {
    let mut out: Vec<ThemeScore> = Vec::new();
    for p in &set.puzzles {
        let Some(result) = history.result(&history::key(kind, &p.id)) else {
            continue;
        };
        for t in &p.themes {
            let i = match out.iter().position(|s| &s.theme == t) {
                Some(i) => i,
                None => {
                    out.push(ThemeScore {
                        theme: t.clone(),
                        solved: 0,
                        failed: 0,
                    });
                    out.len() - 1
                }
            };
            match result {
                Attempt::Solved => out[i].solved += 1,
                Attempt::Failed => out[i].failed += 1,
            }
        }
    }
    out.sort_by(|a, b| {
        a.per_mille()
            .cmp(&b.per_mille())
            .then(b.failed.cmp(&a.failed))
            .then_with(|| a.theme.cmp(&b.theme))
    });
    out
}

/// A puzzle file: not asked for yet, on its way, read, or failed.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Loading {
    /// Not asked for yet.
    #[default]
    Idle,
    /// Being fetched.
    Fetching,
    /// Read (with at least one puzzle).
    Ready(Rc<PuzzleSet>),
    /// It could not be fetched or read: why.
    Failed(Text),
}

/// Reads a game's puzzle file: a line that does not read, and a puzzle that
/// does not set up or play on the board of that game ([`line_plays`]), is
/// left out and named in [`PuzzleSet::left_out`] (the shipped files pass
/// `tiers puzzles verify` in `./dev test`, so this is for a damaged copy).
/// The error (no usable puzzle at all) names the first problem.
pub fn read_file(kind: GameKind, text: &str) -> Result<PuzzleSet, String> {
    let (list, problems) = puzzle::read_each(text);
    let mut set = PuzzleSet {
        puzzles: Vec::with_capacity(list.len()),
        left_out: problems.iter().map(ToString::to_string).collect(),
    };
    for p in list {
        match line_plays(kind, &p) {
            Ok(()) => set.puzzles.push(p),
            Err(e) => set.left_out.push(e),
        }
    }
    if set.puzzles.is_empty() {
        return Err(set.left_out.swap_remove(0));
    }
    Ok(set)
}

/// Whether a puzzle sets up on the board of its game and its whole line
/// plays there, every move written as the board writes it (else the
/// solver's move could never match it); the error names the move.
pub fn line_plays(kind: GameKind, p: &Puzzle) -> Result<(), String> {
    let id = &p.id;
    let mut record = record_of(kind, &p.position)
        .map_err(|e| format!("puzzle {id}: the position cannot be read: {e}"))?;
    for (i, m) in p.solution.iter().enumerate() {
        let n = i + 1;
        record
            .play_text(m)
            .map_err(|e| format!("puzzle {id}: move {n} ({m}) cannot be played: {e}"))?;
        let written = record.move_texts().pop().unwrap_or_default();
        if written != *m {
            return Err(format!(
                "puzzle {id}: move {n} is written `{m}`, the board writes `{written}`"
            ));
        }
    }
    Ok(())
}

/// The index of the next puzzle for a solver rated `rating`: among the
/// puzzles `allowed` (a theme chosen) not tried (all of those when every
/// one was tried), not `current`, one of the [`NEAREST`] by rating, drawn
/// with `roll`.
#[must_use]
pub fn pick(
    list: &[Puzzle],
    allowed: impl Fn(&Puzzle) -> bool,
    tried: impl Fn(&Puzzle) -> bool,
    rating: u32,
    current: Option<usize>,
    roll: u64,
) -> Option<usize> {
    let open: Vec<usize> = (0..list.len())
        .filter(|&i| allowed(&list[i]) && Some(i) != current)
        .collect();
    let fresh: Vec<usize> = open.iter().copied().filter(|&i| !tried(&list[i])).collect();
    let mut pool = if fresh.is_empty() { open } else { fresh };
    if pool.is_empty() {
        return current;
    }
    pool.sort_by_key(|&i| (list[i].rating.abs_diff(rating), i));
    pool.truncate(NEAREST);
    Some(pool[(roll % pool.len() as u64) as usize])
}

/// A message under the puzzle's board (a [`Text`] the page puts into
/// words; `Note<String>` is the same in English, for tests).
#[derive(Clone, Debug, PartialEq)]
pub enum Note<T = Text> {
    /// A wrong move was taken back.
    Wrong,
    /// The hint: which piece to move.
    Hint(T),
    /// The puzzle cannot go on (a broken file): why.
    Broken(T),
}

impl Note {
    /// The note in US English (tests).
    #[must_use]
    pub fn english(self) -> Note<String> {
        match self {
            Note::Wrong => Note::Wrong,
            Note::Hint(t) => Note::Hint(t.english()),
            Note::Broken(t) => Note::Broken(t.english()),
        }
    }
}

/// The puzzle being solved.
#[derive(Clone)]
pub struct Solving {
    /// Its game.
    pub kind: GameKind,
    /// The mode it was served in.
    pub mode: Mode,
    /// Its index in the game's file.
    pub index: usize,
    /// The puzzle.
    pub puzzle: Puzzle,
    /// The board.
    pub board: Slice<Session>,
    /// The solver's colour.
    pub solver: Color,
    /// The next move of the solution to be played (index).
    pub step: usize,
    /// Whether it already counts as failed (a wrong move or a hint).
    pub failed: bool,
    /// Wrong moves made.
    pub wrong: u32,
    /// Squares the hint points at.
    pub marks: Vec<u8>,
    /// A message.
    pub note: Option<Note>,
    /// Solved.
    pub solved: bool,
    /// The opponent's reply is to be played.
    pub reply_due: bool,
    /// The rating before and after this puzzle (once it counted).
    pub change: Option<(u32, u32)>,
}

/// The puzzles screen's state.
#[derive(Clone)]
pub struct Puzzles {
    /// The game chosen.
    pub kind: GameKind,
    /// The puzzle files, per game.
    pub sets: ByGame<Loading>,
    /// The rating and history (read with [`Puzzles::history`]; changed
    /// only through [`Puzzles::history_mut`], which counts the changes).
    history: History,
    /// Counts the changes of `history`: what is kept on the device is
    /// written again only when it moves (a rush's clock ticks four times a
    /// second without touching it).
    history_rev: u64,
    /// The puzzle on the board.
    pub solving: Option<Solving>,
    /// The way puzzles are served.
    pub mode: Mode,
    /// The theme chosen for rated puzzles (None: all).
    pub theme: Option<String>,
    /// The streak or rush under way, or the last one (its score).
    pub run: Option<Run>,
    /// The last run ended with a new best score.
    pub new_best: bool,
}

/// What can be done on the puzzles screen.
#[derive(Clone, Debug, PartialEq)]
pub enum PuzzleAction {
    /// A puzzle file is being fetched.
    Fetching(GameKind),
    /// A puzzle file arrived (its text) or could not be fetched (why).
    Loaded(GameKind, Result<String, FetchError>),
    /// Choose the game (its next puzzle is drawn with `roll`).
    Choose(GameKind, u64),
    /// Go on to the next puzzle, drawn with this number.
    Next(u64),
    /// Something done on the puzzle's board.
    Board(SessionAction),
    /// Play the opponent's reply now.
    Reply,
    /// Show the piece to move (the puzzle then counts as failed).
    Hint,
    /// Serve puzzles this way (a streak or rush waits for
    /// [`PuzzleAction::StartRun`]).
    Mode(Mode),
    /// Open `kind`'s daily puzzle of this day.
    Daily(GameKind, Day),
    /// Begin a streak or rush of the mode chosen, at this time
    /// (milliseconds since 1970).
    StartRun(u64),
    /// The time is now (milliseconds since 1970): a rush may be over.
    Tick(u64),
    /// Rated puzzles of this theme only (None: all), the next drawn with
    /// this number.
    Theme(Option<String>, u64),
}

/// An id no request to the computer has: the scripted replies go through
/// the session as if the computer had sent them.
const SCRIPT_ID: u32 = u32::MAX - 1;

impl Default for Puzzles {
    fn default() -> Self {
        Puzzles {
            kind: GameKind::Checkers,
            sets: Default::default(),
            history: History::default(),
            history_rev: 0,
            solving: None,
            mode: Mode::Rated,
            theme: None,
            run: None,
            new_best: false,
        }
    }
}

impl Puzzles {
    /// A puzzles state with this history (read at start).
    #[must_use]
    pub fn with(history: History) -> Puzzles {
        Puzzles {
            history,
            ..Puzzles::default()
        }
    }

    /// The rating and history.
    #[must_use]
    pub fn history(&self) -> &History {
        &self.history
    }

    /// The history, to change (its revision moves).
    fn history_mut(&mut self) -> &mut History {
        self.history_rev += 1;
        &mut self.history
    }

    /// The revision of the history: it moves with every change of it, and
    /// only then.
    #[must_use]
    pub fn history_rev(&self) -> u64 {
        self.history_rev
    }

    /// A game's file.
    #[must_use]
    pub fn set(&self, kind: GameKind) -> &Loading {
        &self.sets[kind]
    }

    /// Whether a new puzzle should be put on the board (the chosen game's
    /// file is read and nothing of it is on the board).
    #[must_use]
    pub fn wants_puzzle(&self) -> bool {
        let serving = !self.mode.is_run() || self.run.as_ref().is_some_and(|r| !r.over);
        serving
            && matches!(self.set(self.kind), Loading::Ready(_))
            && self
                .solving
                .as_ref()
                .is_none_or(|s| s.kind != self.kind || s.mode != self.mode)
    }

    /// The streak or rush of the mode chosen, when one is under way or
    /// just over.
    #[must_use]
    pub fn current_run(&self) -> Option<&Run> {
        self.run.as_ref().filter(|r| r.mode == self.mode)
    }

    /// Reduces one action; a file read with puzzles left out gives the
    /// notice for the app's notice bar ([`PuzzleSet::notice`]).
    pub fn apply(&mut self, action: PuzzleAction) -> Option<Text> {
        let mut notice = None;
        match action {
            PuzzleAction::Fetching(kind) => self.sets[kind] = Loading::Fetching,
            PuzzleAction::Loaded(kind, text) => {
                self.sets[kind] = match text.map(|t| read_file(kind, &t)) {
                    Ok(Ok(set)) => {
                        notice = set.notice(kind);
                        Loading::Ready(Rc::new(set))
                    }
                    // A damaged copy (the shipped files are verified): its
                    // first problem is for the file's author, not the player.
                    Ok(Err(_)) => Loading::Failed(crate::text!(
                        "puzzles.unreadable",
                        game = kind,
                        why = Text::new("error.data-damaged")
                    )),
                    Err(e) => Loading::Failed(crate::text!(
                        "puzzles.not-loaded",
                        game = kind,
                        why = e.explain()
                    )),
                };
            }
            PuzzleAction::Choose(kind, roll) => {
                if kind != self.kind && self.mode.is_run() {
                    self.end_run();
                    self.run = None;
                }
                self.kind = kind;
                if self.wants_puzzle() {
                    self.next(roll);
                }
            }
            PuzzleAction::Next(roll) => self.next(roll),
            PuzzleAction::Board(a) => self.board(a),
            PuzzleAction::Reply => self.reply(),
            PuzzleAction::Hint => self.hint(),
            PuzzleAction::Mode(mode) => {
                if mode != self.mode {
                    self.end_run();
                    self.mode = mode;
                    self.solving = None;
                }
            }
            PuzzleAction::Daily(kind, day) => {
                self.end_run();
                self.kind = kind;
                self.mode = Mode::Daily(day);
            }
            PuzzleAction::StartRun(now) => {
                if self.mode.is_run() && self.current_run().is_none_or(|r| r.over) {
                    self.run = Some(Run::start(self.mode, now));
                    self.new_best = false;
                    self.solving = None;
                }
            }
            PuzzleAction::Tick(now) => {
                if self.run.as_mut().is_some_and(|r| r.tick(now)) {
                    self.run_ended();
                }
            }
            PuzzleAction::Theme(theme, roll) => {
                self.theme = theme;
                if self.mode == Mode::Rated {
                    self.next(roll);
                }
            }
        }
        notice
    }

    /// A streak or rush under way ends now (its score counts).
    fn end_run(&mut self) {
        if self.run.as_mut().is_some_and(|r| !r.over) {
            if let Some(r) = self.run.as_mut() {
                r.over = true;
            }
            self.run_ended();
        }
    }

    /// The run just ended: its best kept, its board taken away.
    fn run_ended(&mut self) {
        if let Some((mode, solved)) = self.run.as_ref().map(|r| (r.mode, r.solved)) {
            let kind = self.kind;
            self.new_best = self.history_mut().run_over(kind, mode, solved);
        }
        self.solving = None;
    }

    /// Puts the next puzzle of the chosen game and mode on the board.
    fn next(&mut self, roll: u64) {
        let kind = self.kind;
        let Loading::Ready(set) = self.set(kind) else {
            return;
        };
        let set = set.clone();
        let list = &set.puzzles;
        let current = self
            .solving
            .as_ref()
            .filter(|s| s.kind == kind)
            .map(|s| s.index);
        let history = &self.history;
        let index = match self.mode {
            Mode::Rated => {
                let theme = self.theme.as_ref();
                let allowed = |p: &Puzzle| theme.is_none_or(|t| p.themes.contains(t));
                let tried = |p: &Puzzle| history.result(&history::key(kind, &p.id)).is_some();
                pick(list, allowed, tried, history.rating(kind), current, roll)
            }
            Mode::Daily(day) => modes::daily(list, day),
            Mode::Streak | Mode::Rush(_) => {
                let Some(run) = self.run.as_mut().filter(|r| !r.over) else {
                    return;
                };
                // Rising: above the last one served while any is left.
                let served = &run.served;
                let last = served.last().map(|&i| list[i].rating);
                let tried = |p: &Puzzle| served.iter().any(|&i| list[i].id == p.id);
                let harder = |p: &Puzzle| last.is_none_or(|r| p.rating > r);
                let target = run.target().max(last.map_or(0, |r| r + 1));
                let any_harder = list.iter().any(|p| harder(p) && !tried(p));
                let i = if any_harder {
                    pick(list, harder, tried, target, current, roll)
                } else {
                    pick(list, |_| true, tried, target, current, roll)
                };
                run.served.extend(i);
                i
            }
        };
        if let Some(i) = index {
            self.solving = Solving::start(kind, self.mode, i, list[i].clone());
        }
    }

    /// The puzzle on the board is solved.
    fn solved(&mut self) {
        let Some(s) = self.solving.as_mut() else {
            return;
        };
        s.solved = true;
        if s.mode.is_run() {
            let roll = s.board.rev();
            if let Some(r) = self.run.as_mut() {
                r.solved += 1;
            }
            self.next(roll);
            return;
        }
        let result = if s.failed {
            Attempt::Failed
        } else {
            Attempt::Solved
        };
        let (kind, id, rating) = (s.kind, s.puzzle.id.clone(), s.puzzle.rating);
        if let Mode::Daily(day) = s.mode {
            self.history_mut().dailies.solve(kind, day);
        }
        let change = self.history_mut().record(kind, &id, rating, result);
        if let Some(s) = self.solving.as_mut() {
            s.change.get_or_insert(change);
        }
    }

    fn board(&mut self, action: SessionAction) {
        let Some(s) = self.solving.as_mut() else {
            return;
        };
        if s.solved || s.reply_due || matches!(s.note, Some(Note::Broken(_))) {
            return;
        }
        let Some(before) = s.board.record().map(|r| r.ply()) else {
            return;
        };
        s.board.update(|b| b.apply(action));
        let Some(record) = s.board.record() else {
            return;
        };
        if record.ply() <= before {
            return;
        }
        let played = record.move_texts().get(before).cloned().unwrap_or_default();
        s.marks.clear();
        if s.puzzle.solution.get(s.step) == Some(&played) {
            s.note = None;
            s.step += 1;
            if s.step >= s.puzzle.solution.len() {
                self.solved();
            } else {
                s.reply_due = true;
            }
        } else {
            s.wrong += 1;
            s.note = Some(Note::Wrong);
            s.board.update(|b| {
                if let Some(g) = b.game.as_mut() {
                    while g.ply() > before && g.undo() {}
                }
                b.forget_pending();
                b.selection.clear();
                b.message = None;
                b.announce = crate::text!("puzzles.wrong-announce", mv = &played);
            });
            self.fail();
        }
    }

    /// The puzzle counts as failed (once); in a run, a wrong move is a
    /// mistake: the streak ends, a rush goes on to the next puzzle (the
    /// third ends it).
    fn fail(&mut self) {
        let Some(s) = self.solving.as_mut() else {
            return;
        };
        if s.mode.is_run() {
            let roll = s.board.rev();
            match self.run.as_mut().map(Run::wrong) {
                Some(true) => self.run_ended(),
                Some(false) => self.next(roll),
                None => {}
            }
            return;
        }
        if s.failed {
            return;
        }
        s.failed = true;
        let (kind, id, rating) = (s.kind, s.puzzle.id.clone(), s.puzzle.rating);
        let change = self
            .history_mut()
            .record(kind, &id, rating, Attempt::Failed);
        if let Some(s) = self.solving.as_mut() {
            s.change = Some(change);
        }
    }

    fn reply(&mut self) {
        let Some(s) = self.solving.as_mut() else {
            return;
        };
        if !s.reply_due {
            return;
        }
        s.reply_due = false;
        let Some(text) = s.puzzle.solution.get(s.step).cloned() else {
            return;
        };
        let Some(ply) = s.board.record().map(|r| r.ply()) else {
            return;
        };
        s.board.update(|b| {
            b.apply(SessionAction::AiSent(SCRIPT_ID));
            b.apply(SessionAction::Ai(AiReply::Move {
                id: SCRIPT_ID,
                text: text.clone(),
            }));
            b.pending = None;
        });
        if s.board.record().map(|r| r.ply()) == Some(ply) {
            let why = s
                .board
                .message
                .clone()
                .unwrap_or(Text::new("announce.none"));
            s.note = Some(Note::Broken(crate::text!(
                "puzzles.reply-broken",
                mv = &text,
                why = why
            )));
            return;
        }
        s.step += 1;
    }

    fn hint(&mut self) {
        let Some(s) = self.solving.as_mut() else {
            return;
        };
        if !s.can_hint() {
            return;
        }
        let Some(record) = s.board.record() else {
            return;
        };
        let want = &s.puzzle.solution[s.step];
        let Some(option) = record.legal().into_iter().find(|m| &m.text == want) else {
            return;
        };
        let from = option.squares[0];
        s.note = Some(Note::Hint(crate::text!(
            "puzzles.hint-piece",
            square = record.square_name(from)
        )));
        s.marks = vec![from];
        self.fail();
    }
}

impl Solving {
    /// Sets up a puzzle (a note says so when its moves cannot be played).
    #[must_use]
    pub fn start(kind: GameKind, mode: Mode, index: usize, puzzle: Puzzle) -> Option<Solving> {
        let record = record_of(kind, &puzzle.position).ok()?;
        let solver = record.side_at(record.ply()).unwrap_or(Color::Red);
        // The whole line must play (read_file leaves out those that do not).
        let note = line_plays(kind, &puzzle).err().map(|_| {
            Note::Broken(crate::text!(
                "puzzles.cannot-play",
                why = Text::new("error.data-damaged")
            ))
        });
        let board = Session::playing(LoadGame {
            record,
            opponent: Opponent::Computer {
                level: Level::MAX,
                human: solver,
            },
            flipped: solver == Color::Black,
            clock: None,
        });
        Some(Solving {
            kind,
            mode,
            index,
            puzzle,
            board: Slice::new(board),
            solver,
            step: 0,
            failed: false,
            wrong: 0,
            marks: Vec::new(),
            note,
            solved: false,
            reply_due: false,
            change: None,
        })
    }

    /// Whether the hint can be shown now.
    #[must_use]
    pub fn can_hint(&self) -> bool {
        !self.solved
            && !self.mode.is_run()
            && !self.reply_due
            && self.marks.is_empty()
            && !matches!(self.note, Some(Note::Broken(_)))
    }

    /// How many of the solver's moves the solution has, and how many are
    /// played.
    #[must_use]
    pub fn progress(&self) -> (usize, usize) {
        (
            self.step.div_ceil(2),
            self.puzzle.solution.len().div_ceil(2),
        )
    }
}

#[cfg(test)]
mod tests;
