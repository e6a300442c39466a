//! Learn from your mistakes: after a review, each of the player's mistakes
//! and blunders ([`Mark::Mistake`] and worse) is set again as an exercise:
//! the position before it, "find a better move".
//!
//! **The acceptance rule** ([`accepted`]): the answer is searched at the
//! review's own budget ([`REVIEW_BUDGET`], a number of positions, so every
//! device gives the same verdict) and is accepted when it lowers the
//! mover's winning chances, against the review's evaluation of the
//! position (its best move's), by less than [`INACCURACY`]: the answer
//! would not have been marked at all. The computer's own best move is
//! accepted without a search; the move played in the game is refused
//! without one (the review marked it).
//!
//! A wrong answer is taken back with the drop it causes, and the player
//! tries again; "Show me" plays the computer's line on the board. What
//! became of each exercise ([`Progress`]) is kept with the archived game,
//! as `"drill"` in its entry; its format:
//! docs/content-formats.md, "Learn from your mistakes".

use std::collections::BTreeMap;

use tiers_engine::{Color, GameKind};
use tiers_json::Json;

use super::{outcome_score, Eval, Found, Mark, Review, Subject, INACCURACY, REVIEW_BUDGET};
use crate::ai::{AiReply, AiRequest};
use crate::analysis::{Analysis, Spot};
use crate::i18n::Text;
use crate::library::rebuild;
use crate::nav::Step;
use crate::session::{Session, SessionAction};
use crate::versioned;
use crate::Slice;

/// The format of the stored progress.
pub const VERSION: u64 = 1;

/// Whether an answer whose position the search scored `after` is good
/// enough in a position the review scored `before` (the best move's
/// score), for the side that moves there: it lowers that side's winning
/// chances by less than [`INACCURACY`].
#[must_use]
pub fn accepted(before: Eval, after: Eval, mover: Color) -> bool {
    chance_drop(before, after, mover) < INACCURACY
}

/// How much an answer lowers the mover's winning chances (thousandths).
#[must_use]
pub fn chance_drop(before: Eval, after: Eval, mover: Color) -> u32 {
    before.share(mover).saturating_sub(after.share(mover))
}

/// One mistake to learn from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exercise {
    /// The move's index in the game (the position is the one before it).
    pub index: usize,
    /// How bad the move was.
    pub mark: Mark,
    /// Who played it.
    pub side: Color,
    /// The move played.
    pub played: String,
    /// The computer's line from the position.
    pub best: Vec<String>,
    /// The review's evaluation of the position.
    pub before: Eval,
}

/// The exercises of a reviewed game: the mistakes and blunders of the
/// player (the person when they played the computer, else `side`, or both
/// sides when it is `None`), in the order played.
#[must_use]
pub fn exercises(subject: &Subject, review: &Review, side: Option<Color>) -> Vec<Exercise> {
    let sides = subject.sides();
    let texts = subject.record.move_texts();
    let side = subject.human.or(side);
    review
        .marks(&sides)
        .into_iter()
        .enumerate()
        .filter_map(|(i, mark)| {
            let mark = mark.filter(|&m| m >= Mark::Mistake)?;
            let mover = *sides.get(i)?;
            if side.is_some_and(|s| s != mover) {
                return None;
            }
            let best = review.moves.get(i)?.better.clone();
            if best.is_empty() {
                return None;
            }
            Some(Exercise {
                index: i,
                mark,
                side: mover,
                played: texts.get(i)?.clone(),
                best,
                before: review.eval_at(i),
            })
        })
        .collect()
}

/// What became of an exercise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Solved {
    /// A good move found at the first try.
    First,
    /// Found after a wrong answer.
    Retried,
    /// Shown by the computer ("Show me") before it was found.
    Shown,
}

impl Solved {
    /// As stored: `first`, `retried`, `shown`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Solved::First => "first",
            Solved::Retried => "retried",
            Solved::Shown => "shown",
        }
    }

    /// Reads [`Solved::name`].
    #[must_use]
    pub fn parse(text: &str) -> Option<Solved> {
        [Solved::First, Solved::Retried, Solved::Shown]
            .into_iter()
            .find(|s| s.name() == text)
    }
}

/// The exercises of one game done so far: the move's index → what became
/// of it (the last time).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Each exercise done.
    pub done: BTreeMap<usize, Solved>,
}

impl Progress {
    /// As JSON: `{"v": 1, "done": {"3": "first", "8": "shown"}}`.
    #[must_use]
    pub fn to_value(&self) -> Json {
        Json::obj([
            ("v", Json::int(VERSION)),
            (
                "done",
                Json::Obj(
                    self.done
                        .iter()
                        .map(|(i, s)| (i.to_string(), Json::str(s.name())))
                        .collect(),
                ),
            ),
        ])
    }

    /// From [`Progress::to_value`]'s JSON, for a game of `plies` moves;
    /// what is wrong is said in the page's words.
    pub fn from_value(v: &Json, plies: usize) -> Result<Progress, Text> {
        let record = Text::new("record.drill");
        versioned::check(v, VERSION, record.clone())?;
        let damaged = || versioned::damaged(record.clone());
        let Some(Json::Obj(items)) = v.get("done") else {
            return Err(damaged());
        };
        let mut done = BTreeMap::new();
        for (k, s) in items {
            let i = k
                .parse::<usize>()
                .ok()
                .filter(|&i| i < plies)
                .ok_or_else(damaged)?;
            let s = s.as_str().and_then(Solved::parse).ok_or_else(damaged)?;
            done.insert(i, s);
        }
        Ok(Progress { done })
    }

    /// How many exercises ended each way: first try, after a retry, shown.
    #[must_use]
    pub fn tally(&self, exercises: &[Exercise]) -> [usize; 3] {
        let mut out = [0; 3];
        for e in exercises {
            if let Some(&s) = self.done.get(&e.index) {
                out[s as usize] += 1;
            }
        }
        out
    }
}

/// The message under the exercise's board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// Find a better move.
    Find,
    /// The answer is being searched.
    Checking(String),
    /// The answer was the move played in the game.
    Same(String),
    /// The answer lowers the chances too much: from, to (percent).
    Wrong(String, u32, u32),
    /// A good answer (`true`: the computer's own choice).
    Right(String, bool),
    /// The computer's line shown.
    Shown,
    /// The computer could not search the answer (its reason).
    Failed(Text),
}

/// Something done while learning from the mistakes.
#[derive(Clone, Debug, PartialEq)]
pub enum DrillAction {
    /// Start (at the first exercise not done yet).
    Open,
    /// Back to the review.
    Close,
    /// Something done on the exercise's board.
    Board(SessionAction),
    /// Play the computer's line on the board.
    ShowMe,
    /// Try the exercise again (after "Show me" or a good answer).
    Again,
    /// The next exercise (after the last: the summary).
    Next,
    /// The previous exercise.
    Previous,
    /// From the first exercise again.
    Restart,
    /// Show this ply of the computer's line.
    LinePly(usize),
    /// Step through the computer's line (a key).
    Step(Step),
}

/// Learning from the mistakes of one reviewed game.
#[derive(Clone)]
pub struct Drill {
    /// Which game.
    pub kind: GameKind,
    /// The game's start.
    pub start: String,
    /// The game's moves.
    pub moves: Vec<String>,
    /// The exercises.
    pub exercises: Vec<Exercise>,
    /// The exercise shown.
    pub at: usize,
    /// Its board.
    pub board: Slice<Session>,
    /// The message about it.
    pub note: Note,
    /// Wrong answers to it so far.
    pub tries: u32,
    /// The exercises done (kept with the archived game).
    pub progress: Progress,
    /// The search of the answer.
    pub analysis: Analysis,
    /// The computer's line on the board: the ply shown (from the game's
    /// start).
    pub line: Option<usize>,
    /// The summary is shown (after the last exercise).
    pub summary: bool,
}

impl Drill {
    /// The exercises of a reviewed game, with what was done of them, from
    /// the first not done (or the first, when all are).
    #[must_use]
    pub fn open(
        subject: &Subject,
        review: &Review,
        side: Option<Color>,
        progress: Progress,
    ) -> Drill {
        let exercises = exercises(subject, review, side);
        let at = exercises
            .iter()
            .position(|e| !progress.done.contains_key(&e.index))
            .unwrap_or(0);
        let mut moves = subject.record.move_texts();
        moves.truncate(subject.plies());
        let mut d = Drill {
            kind: subject.record.kind(),
            start: subject.record.start_text(),
            moves,
            exercises,
            at,
            board: Slice::default(),
            note: Note::Find,
            tries: 0,
            progress,
            analysis: Analysis::default(),
            line: None,
            summary: false,
        };
        d.set_up();
        d
    }

    /// The exercise shown.
    #[must_use]
    pub fn exercise(&self) -> Option<&Exercise> {
        self.exercises.get(self.at)
    }

    /// Puts the exercise shown on the board.
    fn set_up(&mut self) {
        self.note = Note::Find;
        self.tries = 0;
        self.line = None;
        self.analysis = Analysis::default();
        let Some(e) = self.exercise() else {
            self.board = Slice::default();
            return;
        };
        let (index, side) = (e.index, e.side);
        let Ok(record) = rebuild(self.kind, &self.start, &self.moves[..index], index, None) else {
            self.board = Slice::default();
            return;
        };
        self.board = Slice::new(Session::drill(record, side));
    }

    /// Whether the board takes an answer now.
    #[must_use]
    pub fn answering(&self) -> bool {
        !self.summary
            && self.line.is_none()
            && matches!(
                self.note,
                Note::Find | Note::Same(_) | Note::Wrong(..) | Note::Failed(_)
            )
    }

    /// The moves of the computer's line on the board: the game's up to the
    /// exercise, then the line.
    #[must_use]
    pub fn line_moves(&self) -> Option<Vec<String>> {
        self.line?;
        let e = self.exercise()?;
        let mut moves = self.moves[..e.index].to_vec();
        moves.extend(e.best.iter().cloned());
        Some(moves)
    }

    /// Reduces one action; returns whether the progress changed (to be
    /// kept).
    pub fn apply(&mut self, action: DrillAction) -> bool {
        let before = self.progress.clone();
        match action {
            DrillAction::Open | DrillAction::Close => {}
            DrillAction::Board(a) => self.answer(a),
            DrillAction::ShowMe => {
                if let Some(e) = self.exercise() {
                    let index = e.index;
                    if !matches!(self.note, Note::Right(..)) {
                        self.progress.done.insert(index, Solved::Shown);
                    }
                    self.analysis = Analysis::default();
                    self.note = Note::Shown;
                    self.line = Some(index + 1);
                }
            }
            DrillAction::Again => self.set_up(),
            DrillAction::Next => {
                if self.at + 1 < self.exercises.len() {
                    self.at += 1;
                    self.set_up();
                } else {
                    self.analysis = Analysis::default();
                    self.summary = true;
                }
            }
            DrillAction::Previous => {
                if self.summary {
                    self.summary = false;
                    self.set_up();
                } else if self.at > 0 {
                    self.at -= 1;
                    self.set_up();
                }
            }
            DrillAction::Restart => {
                self.at = 0;
                self.summary = false;
                self.set_up();
            }
            DrillAction::LinePly(p) => {
                if let (Some(_), Some(m)) = (self.line, self.line_moves()) {
                    self.line = Some(p.min(m.len()));
                }
            }
            DrillAction::Step(s) => {
                if let (Some(p), Some(m)) = (self.line, self.line_moves()) {
                    self.line = Some(s.from(p, m.len()));
                }
            }
        }
        self.progress != before
    }

    /// A move (or a click towards one) on the board.
    fn answer(&mut self, action: SessionAction) {
        if !self.answering() {
            return;
        }
        let Some(e) = self.exercise().cloned() else {
            return;
        };
        let Some((before, played)) = self.board.update(|b| b.apply_move(action)) else {
            return;
        };
        if e.best.first() == Some(&played) {
            self.right(played, true);
            return;
        }
        if played == e.played {
            self.take_back(before);
            self.tries += 1;
            self.note = Note::Same(played);
            return;
        }
        let Some(record) = self.board.record() else {
            return;
        };
        if let Some(red) = record.outcome().map(|_| outcome_score(record)) {
            // The game is over after it: no search, the outcome scores it.
            self.judge(&e, played, Eval { red, depth: 0 });
        } else {
            let mut moves = self.moves[..e.index].to_vec();
            moves.push(played.clone());
            let side = record.side_at(record.ply());
            let spot = Spot {
                kind: Some(self.kind),
                start: self.start.clone(),
                moves,
            };
            self.analysis = Analysis::ask(spot, side);
            self.note = Note::Checking(played);
        }
    }

    /// Accepts or refuses an answer whose position scored `after`.
    fn judge(&mut self, e: &Exercise, played: String, after: Eval) {
        if accepted(e.before, after, e.side) {
            self.right(played, false);
        } else {
            self.take_back(e.index);
            self.tries += 1;
            self.note = Note::Wrong(
                played,
                (e.before.share(e.side) + 5) / 10,
                (after.share(e.side) + 5) / 10,
            );
        }
    }

    /// Takes the answer back.
    fn take_back(&mut self, to: usize) {
        self.board.update(|b| {
            if let Some(g) = b.game.as_mut() {
                while g.ply() > to && g.undo() {}
            }
            b.forget_pending();
            b.selection.clear();
            b.message = None;
            b.announce = Text::new("announce.undo");
        });
    }

    fn right(&mut self, played: String, best: bool) {
        let Some(index) = self.exercise().map(|e| e.index) else {
            return;
        };
        let solved = if self.tries == 0 {
            Solved::First
        } else {
            Solved::Retried
        };
        self.progress.done.insert(index, solved);
        self.note = Note::Right(played, best);
        self.board.update(Session::forget_pending);
    }

    /// The search due now (the answer's position), unless one is under way.
    #[must_use]
    pub fn due(&self) -> Option<Analysis> {
        (matches!(self.note, Note::Checking(_)) && self.analysis.pending.is_none())
            .then(|| Analysis::ask(self.analysis.spot.clone(), self.analysis.side))
    }

    /// The request for it, with this id.
    #[must_use]
    pub fn request(&self, id: u32) -> Option<AiRequest> {
        self.due()?.request(id, REVIEW_BUDGET)
    }

    /// Whether it waits for the reply to request `id`.
    #[must_use]
    pub fn waits_for(&self, id: u32) -> bool {
        self.analysis.waits_for(id)
    }

    /// What the computer found about the answer (a reply to another request
    /// is ignored).
    pub fn reply(&mut self, reply: AiReply) -> bool {
        if !self.waits_for(reply.id()) {
            return false;
        }
        let progress = self.progress.clone();
        self.analysis.reply(reply);
        let Note::Checking(played) = self.note.clone() else {
            return false;
        };
        let Some(e) = self.exercise().cloned() else {
            return false;
        };
        if let Some(why) = self.analysis.error.clone() {
            self.take_back(e.index);
            self.analysis = Analysis::default();
            self.note = Note::Failed(why);
            return false;
        }
        if self.analysis.running() {
            return false;
        }
        let (kind, start) = (self.kind, &self.start);
        let mut moves = self.moves[..e.index].to_vec();
        moves.push(played.clone());
        let found = Found::of(&self.analysis, || {
            // No search: the game is over after the answer, or it leaves
            // a single move.
            rebuild(kind, start, &moves, moves.len(), None)
                .ok()
                .filter(|r| r.outcome().is_some())
                .map_or(e.before.red, |r| outcome_score(&*r))
        });
        self.analysis = Analysis::default();
        self.judge(&e, played, found.eval);
        self.progress != progress
    }

    /// Its worker was replaced: the answer is asked again.
    pub fn reset(&mut self) {
        self.analysis.reset();
    }
}

#[cfg(test)]
mod tests;
