//! Learning to play: the courses (read from their files, [`course`]), the
//! learner's stars ([`progress`]), and the exercise being played. An
//! exercise is a [`Session`] on the live board set up from the course; the
//! lesson state checks every move the session plays against the step's
//! goal ([`meets`]): a legal move that does not do it is explained and
//! taken back, an illegal one gets the session's own explanation. The
//! opponent answers with the file's scripted replies (played when the
//! screen says the pause after the learner's move is over,
//! [`LearnAction::Reply`]) or, to "win in N", with the engine's moves
//! (requested through [`crate::AppState::ai_due`]). Hints point at
//! the piece, then at the whole move. Stars: 3 on the first try, one less
//! for each hint or failed attempt, at least 1.

pub mod course;
pub mod progress;
pub mod verify;

use std::rc::Rc;

use tiers_engine::search::Level;
use tiers_engine::tiers::{Formation, FormationError};
use tiers_engine::{checkers, tiers, Color, GameKind, Position};

use super::ai::{AiReply, AiRequest, Budget};
use super::formation::{FormationAction, FormationSetup};
use super::record::Record;
use super::session::{LoadGame, Opponent, Session, SessionAction};
use super::Slice;
use crate::by_game::ByGame;
use crate::i18n::errors::{Explain, FetchError};
use crate::i18n::{words, Lang, Text};
use crate::text;
use course::{parse_square, square_name, Condition, Course, Exercise, Goal, Step};
use progress::Progress;

/// The courses, in the order shown.
pub const COURSES: [GameKind; 2] = [GameKind::Tiers, GameKind::Checkers];

/// Where a course's file is, relative to the page.
#[must_use]
pub fn course_path(kind: GameKind) -> String {
    format!("data/courses/{}.txt", kind.name())
}

/// The path of a course's translation (None for US English, whose file is
/// [`course_path`]): `data/courses/<lang>/<game>.txt`.
#[must_use]
pub fn translated_course_path(kind: GameKind, lang: Lang) -> Option<String> {
    (lang != Lang::En).then(|| format!("data/courses/{}/{}.txt", lang.tag(), kind.name()))
}

/// The engine's strength when it answers in a lesson, and its time.
pub const ENGINE_LEVEL: Level = Level::MAX;
/// How long the engine thinks on a lesson's reply (milliseconds).
pub const ENGINE_MS: u64 = 400;
/// The most positions the hint for "win in N" looks at.
pub const HINT_BUDGET: u32 = 20_000;

/// A course file: not asked for yet, on its way, read, or failed.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Loading {
    /// Not asked for yet.
    #[default]
    Idle,
    /// Being fetched.
    Fetching,
    /// Read.
    Ready(Rc<Course>),
    /// It could not be fetched or read: why.
    Failed(Text),
}

/// The learn screen's state.
#[derive(Clone, Default)]
pub struct Learn {
    /// The courses, per game.
    pub courses: ByGame<Loading>,
    /// The stars earned.
    pub progress: Progress,
    /// The exercise being played.
    pub play: Option<Play>,
}

/// A message under the lesson's board (a [`Text`] the page puts into
/// words; `Note<String>` is the same in English, for tests).
#[derive(Clone, Debug, PartialEq)]
pub enum Note<T = Text> {
    /// The move did not do what the exercise asks: why (the board is set
    /// up again).
    Wrong(T),
    /// A hint.
    Hint(T),
    /// The exercise cannot go on (a broken course file).
    Broken(T),
}

impl Note {
    /// The note in US English (tests).
    #[must_use]
    pub fn english(self) -> Note<String> {
        match self {
            Note::Wrong(t) => Note::Wrong(t.english()),
            Note::Hint(t) => Note::Hint(t.english()),
            Note::Broken(t) => Note::Broken(t.english()),
        }
    }
}

/// The exercise being played.
#[derive(Clone)]
pub struct Play {
    /// The course.
    pub course: Rc<Course>,
    /// The lesson (index).
    pub lesson: usize,
    /// The exercise (index).
    pub exercise: usize,
    /// The game on the board.
    pub board: Slice<Session>,
    /// A formation being placed (formation exercises).
    pub setup: Option<FormationSetup>,
    /// The learner's colour.
    pub learner: Color,
    /// The step being played (index).
    pub step: usize,
    /// The ply the step (for "win in N", the exercise) starts from.
    pub start_ply: usize,
    /// The learner's moves so far ("win in N").
    pub moves: u8,
    /// Hints taken in this exercise.
    pub hints: u8,
    /// Hints shown for this step (0–2).
    pub step_hints: u8,
    /// Legal moves that failed in this exercise.
    pub retries: u8,
    /// Squares a hint points at.
    pub marks: Vec<u8>,
    /// A message to the learner.
    pub note: Option<Note>,
    /// Solved, with these stars.
    pub solved: Option<u8>,
    /// The opponent's scripted reply is to be played.
    pub reply_due: bool,
}

/// What can be done on the learn screen.
#[derive(Clone, Debug, PartialEq)]
pub enum LearnAction {
    /// A course file is being fetched.
    Fetching(GameKind),
    /// A course file arrived (its text) or could not be fetched (why).
    Loaded(GameKind, Result<String, FetchError>),
    /// Start an exercise: course, lesson and exercise (indices).
    Open(GameKind, usize, usize),
    /// Something done on the lesson's board.
    Board(SessionAction),
    /// Something done on a formation exercise's board.
    Place(FormationAction),
    /// Play the opponent's scripted reply now.
    Reply,
    /// Show a hint (the piece, then the move).
    Hint,
    /// Start the exercise again.
    Retry,
    /// Go on to the next exercise.
    Next,
    /// Back to the list of lessons.
    Close,
    /// Forget every star.
    Reset,
    /// Forget the courses read (the page's language changed: they are
    /// fetched again in it); an exercise being played goes on.
    Unload,
    /// After a course: a game of it against the computer at level 2
    /// (`coin` draws a random colour); the app starts it.
    PlayGame(GameKind, bool),
}

impl Learn {
    /// A learn state with this progress (read at start).
    #[must_use]
    pub fn with(progress: Progress) -> Learn {
        Learn {
            progress,
            ..Learn::default()
        }
    }

    /// A course's slot.
    #[must_use]
    pub fn course(&self, kind: GameKind) -> &Loading {
        &self.courses[kind]
    }

    /// The stars of an exercise of a course (0: not solved).
    #[must_use]
    pub fn stars(&self, course: &Course, lesson: usize, exercise: usize) -> u8 {
        course.lessons.get(lesson).map_or(0, |l| {
            self.progress
                .of(&progress::key(course.kind.name(), &l.id, exercise + 1))
        })
    }

    /// Reduces one action.
    pub fn apply(&mut self, action: LearnAction) {
        match action {
            LearnAction::Fetching(kind) => self.courses[kind] = Loading::Fetching,
            LearnAction::Loaded(kind, text) => {
                self.courses[kind] = match text.map(|t| course::read(&t)) {
                    Ok(Ok(c)) if c.kind == kind => Loading::Ready(Rc::new(c)),
                    Ok(Ok(_)) => Loading::Failed(text!("learn.course-other-game", game = kind)),
                    // Where a damaged file goes wrong (its reader's words
                    // are for the course's author: docs/content-formats.md).
                    Ok(Err(e)) => Loading::Failed(text!(
                        "learn.course-unreadable",
                        game = kind,
                        why = text!("error.data-at", line = e.line, column = e.column)
                    )),
                    Err(e) => Loading::Failed(text!(
                        "learn.course-not-loaded",
                        game = kind,
                        why = e.explain()
                    )),
                };
            }
            LearnAction::Open(kind, lesson, exercise) => {
                if let Loading::Ready(c) = self.course(kind) {
                    self.play = Play::start(c.clone(), lesson, exercise);
                }
            }
            LearnAction::Close => self.play = None,
            LearnAction::Reset => self.progress = Progress::default(),
            LearnAction::Unload => self.courses = Default::default(),
            LearnAction::Retry => {
                if let Some(p) = &self.play {
                    self.play = Play::start(p.course.clone(), p.lesson, p.exercise);
                }
            }
            LearnAction::Next => {
                if let Some(p) = &self.play {
                    let (l, e) = (p.lesson, p.exercise);
                    let next = if e + 1 < p.course.lessons[l].exercises.len() {
                        Some((l, e + 1))
                    } else {
                        (l + 1 < p.course.lessons.len()).then_some((l + 1, 0))
                    };
                    if let Some((l, e)) = next {
                        self.play = Play::start(p.course.clone(), l, e);
                    }
                }
            }
            other => {
                let Some(p) = self.play.as_mut() else {
                    return;
                };
                if let Some(stars) = p.act(other) {
                    let key = p.key();
                    self.progress.record(key, stars);
                }
            }
        }
    }

    /// The request for the engine's reply that is due, with this id.
    #[must_use]
    pub fn ai_request(&self, id: u32) -> Option<AiRequest> {
        let p = self.play.as_ref()?;
        if !matches!(p.step().goal, Goal::WinIn(_)) || p.solved.is_some() || !p.board.ai_due() {
            return None;
        }
        let mut request = p.board.ai_request(id)?;
        request.budget = Budget::Time(ENGINE_MS);
        Some(request)
    }

    /// Whether the lesson waits for the computer's reply with this id.
    #[must_use]
    pub fn waits_for(&self, id: u32) -> bool {
        self.play
            .as_ref()
            .is_some_and(|p| p.board.pending == Some(id))
    }

    /// A reply request went out with this id.
    pub fn ai_sent(&mut self, id: u32) {
        if let Some(p) = self.play.as_mut() {
            p.board.update(|s| s.apply(SessionAction::AiSent(id)));
        }
    }

    /// The computer's worker was replaced: its reply will not come.
    pub fn forget_pending(&mut self) {
        if let Some(p) = self.play.as_mut() {
            p.board.update(Session::forget_pending);
        }
    }
}

/// An id no request to the computer has: scripted replies go through the
/// session as if the computer had sent them.
const SCRIPT_ID: u32 = u32::MAX;

impl Play {
    /// Sets up an exercise (None if there is no such exercise).
    #[must_use]
    pub fn start(course: Rc<Course>, lesson: usize, exercise: usize) -> Option<Play> {
        let ex = course.lessons.get(lesson)?.exercises.get(exercise)?;
        let (record, note) = match ex.record(course.kind) {
            Ok(r) => (r, None),
            // Only a damaged file (the course verifier plays every
            // exercise of the files shipped); its detail is for its author.
            Err(_) => (
                course::record_of(course.kind, &ex.position).ok()?,
                Some(Note::Broken(text!(
                    "learn.cannot-set-up",
                    why = Text::new("error.data-damaged")
                ))),
            ),
        };
        let learner = record.side_at(record.ply()).unwrap_or(Color::Red);
        let start_ply = record.ply();
        let setup = matches!(ex.steps[0].goal, Goal::Formation).then(|| {
            let view = record.view_at(start_ply).unwrap_or([None; 64]);
            let mut s = FormationSetup::new(Opponent::Friend);
            for c in Color::ALL {
                s.squares[c.index()] = (0..64u8)
                    .filter(|&sq| view[usize::from(sq)].is_some_and(|p| p.color == c))
                    .collect();
            }
            s.editing = learner;
            s
        });
        let board = Session::playing(LoadGame {
            record,
            opponent: Opponent::Computer {
                level: ENGINE_LEVEL,
                human: learner,
            },
            flipped: learner == Color::Black,
            clock: None,
        });
        Some(Play {
            course,
            lesson,
            exercise,
            board: Slice::new(board),
            setup,
            learner,
            step: 0,
            start_ply,
            moves: 0,
            hints: 0,
            step_hints: 0,
            retries: 0,
            marks: Vec::new(),
            note,
            solved: None,
            reply_due: false,
        })
    }

    /// The exercise played.
    #[must_use]
    pub fn exercise(&self) -> &Exercise {
        &self.course.lessons[self.lesson].exercises[self.exercise]
    }

    /// The step played.
    #[must_use]
    pub fn step(&self) -> &Step {
        let steps = &self.exercise().steps;
        &steps[self.step.min(steps.len() - 1)]
    }

    /// The progress key of the exercise.
    #[must_use]
    pub fn key(&self) -> String {
        progress::key(
            self.course.kind.name(),
            &self.course.lessons[self.lesson].id,
            self.exercise + 1,
        )
    }

    /// Whether this is the course's last exercise.
    #[must_use]
    pub fn last(&self) -> bool {
        self.lesson + 1 == self.course.lessons.len()
            && self.exercise + 1 == self.course.lessons[self.lesson].exercises.len()
    }

    /// Whether another hint can be shown now.
    #[must_use]
    pub fn can_hint(&self) -> bool {
        self.solved.is_none()
            && self.step_hints < 2
            && !self.reply_due
            && (self.setup.is_some() || self.board.human_to_move())
    }

    /// Reduces an action on the board; returns the stars when it solves
    /// the exercise.
    fn act(&mut self, action: LearnAction) -> Option<u8> {
        if self.solved.is_some() || matches!(self.note, Some(Note::Broken(_))) {
            return None;
        }
        match action {
            LearnAction::Board(a) => {
                let before = self.board.record()?.clone_box();
                let ply = before.ply();
                self.board.update(|s| s.apply(a));
                let after = self.board.record()?;
                if after.ply() <= ply {
                    return None;
                }
                if before.side_at(ply) == Some(self.learner) {
                    self.note = None;
                    self.marks.clear();
                    self.step_hints = 0;
                    self.learner_moved(&*before)
                } else {
                    self.opponent_moved()
                }
            }
            LearnAction::Place(a) => self.place(a),
            LearnAction::Reply => self.reply(),
            LearnAction::Hint => {
                self.hint();
                None
            }
            _ => None,
        }
    }

    fn solve(&mut self) -> Option<u8> {
        let stars = progress::stars(self.hints, self.retries);
        self.solved = Some(stars);
        self.note = None;
        self.marks.clear();
        Some(stars)
    }

    /// Takes the attempt back to where the step (or "win in N") starts.
    fn fail(&mut self, why: Text) {
        self.retries = self.retries.saturating_add(1);
        self.note = Some(Note::Wrong(why));
        self.marks.clear();
        self.step_hints = 0;
        let ply = self.start_ply;
        self.board.update(|s| {
            if let Some(g) = s.game.as_mut() {
                while g.ply() > ply && g.undo() {}
            }
            s.forget_pending();
            s.selection.clear();
            s.message = None;
            s.announce = text!("announce.set-up-again");
        });
        if matches!(self.step().goal, Goal::WinIn(_)) {
            self.moves = 0;
        }
    }

    fn learner_moved(&mut self, before: &dyn Record) -> Option<u8> {
        let kind = self.course.kind;
        let course = self.course.clone();
        let step = &course.lessons[self.lesson].exercises[self.exercise].steps[self.step];
        let after = self.board.record()?.clone_box();
        let text = after
            .move_texts()
            .get(before.ply())
            .cloned()
            .unwrap_or_default();
        if let Goal::WinIn(n) = step.goal {
            self.moves += 1;
            let them = self.learner.opposite();
            return match after.outcome() {
                Some(o) if o.winner() == Some(self.learner) => self.solve(),
                Some(o) => {
                    self.fail(text!("learn.wants-win-after", mv = &text, outcome = o));
                    None
                }
                None if self.moves >= n => {
                    self.fail(text!(
                        "learn.still-in-game",
                        side = them,
                        moves = self.moves,
                        count = n
                    ));
                    None
                }
                None => None,
            };
        }
        if let Err(why) = meets(kind, step, before, &*after) {
            self.fail(text!("learn.wrong-move", mv = &text, why = why));
            return None;
        }
        if step.reply.is_some() {
            self.reply_due = true;
            return None;
        }
        self.solve()
    }

    fn opponent_moved(&mut self) -> Option<u8> {
        let outcome = self.board.record()?.outcome();
        if let Some(o) = outcome {
            self.fail(text!("learn.wants-win", outcome = o));
        }
        None
    }

    fn reply(&mut self) -> Option<u8> {
        if !self.reply_due {
            return None;
        }
        self.reply_due = false;
        let text = self.step().reply.clone()?;
        let ply = self.board.record()?.ply();
        self.board.update(|s| {
            s.apply(SessionAction::AiSent(SCRIPT_ID));
            s.apply(SessionAction::Ai(AiReply::Move {
                id: SCRIPT_ID,
                text: text.clone(),
            }));
            s.pending = None;
        });
        if self.board.record()?.ply() == ply {
            let why = self.board.message.clone().unwrap_or(text!("announce.none"));
            self.note = Some(Note::Broken(text!(
                "learn.reply-broken",
                mv = &text,
                why = why
            )));
            return None;
        }
        self.step += 1;
        self.start_ply = ply + 1;
        self.step_hints = 0;
        if self.step >= self.exercise().steps.len() {
            return self.solve();
        }
        None
    }

    fn place(&mut self, action: FormationAction) -> Option<u8> {
        let learner = self.learner;
        let setup = self.setup.as_mut()?;
        let kept = setup.squares[learner.index()].clone();
        setup.apply(action);
        self.marks.clear();
        self.note = setup.note.take().map(Note::Hint);
        let problems = Formation::problems(learner, &setup.squares[learner.index()]);
        if let Some(p) = problems
            .iter()
            .find(|p| matches!(p, FormationError::Outside { .. }))
        {
            let why = text!(
                "learn.back-ranks-only",
                problem = words::formation_error(p),
                side = learner
            );
            setup.squares[learner.index()] = kept;
            self.retries = self.retries.saturating_add(1);
            self.note = Some(Note::Wrong(why));
            return None;
        }
        if problems.is_empty() {
            return self.solve();
        }
        None
    }

    fn hint(&mut self) {
        if !self.can_hint() {
            return;
        }
        let kind = self.course.kind;
        self.step_hints += 1;
        self.hints = self.hints.saturating_add(1);
        let course = self.course.clone();
        let step = &course.lessons[self.lesson].exercises[self.exercise].steps[self.step];
        if let Some(setup) = &self.setup {
            let missing: Vec<u8> = step
                .solution
                .iter()
                .filter_map(|s| parse_square(kind, s))
                .filter(|sq| !setup.squares[self.learner.index()].contains(sq))
                .collect();
            let names: Vec<String> = missing.iter().map(|&s| square_name(kind, s)).collect();
            let learner = self.learner;
            self.note = Some(Note::Hint(if self.step_hints == 1 {
                let (from, to) = if learner == Color::Red {
                    (1, 3)
                } else {
                    (6, 8)
                };
                text!("learn.hint-formation", from = from, to = to, side = learner)
            } else {
                self.marks = missing;
                text!("learn.hint-place", squares = names.join(", "))
            }));
            return;
        }
        let Some(game) = self.board.record() else {
            return;
        };
        let text = match step.goal {
            Goal::WinIn(n) if self.moves > 0 => {
                let mut budget = HINT_BUDGET;
                winning_move(game, n - self.moves, &mut budget)
            }
            _ => step.solution.first().cloned(),
        };
        let squares = text.as_deref().and_then(|t| {
            let mut g = game.clone_box();
            g.play_text(t).ok()?;
            g.move_at(game.ply()).map(|m| m.squares)
        });
        let (Some(text), Some(squares)) = (text, squares) else {
            self.note = Some(Note::Hint(text!("learn.no-hint")));
            return;
        };
        if self.step_hints == 1 {
            let from = squares[0];
            self.marks = vec![from];
            self.note = Some(Note::Hint(text!(
                "learn.hint-piece",
                square = square_name(kind, from)
            )));
        } else {
            self.marks = squares;
            self.note = Some(Note::Hint(text!("learn.hint-move", mv = text)));
        }
    }
}

/// Whether the move `text` played in `before` gives the position of
/// `after`.
fn same(before: &dyn Record, text: &str, after: &dyn Record) -> bool {
    let mut g = before.clone_box();
    g.play_text(text).is_ok() && g.position_text_at(g.ply()) == after.position_text_at(after.ply())
}

/// Whether the last move of `after` (played in `before`) does what `step`
/// asks ([`Goal::Moves`] or [`Goal::Meet`]); if not, why, in a sentence.
pub fn meets(
    kind: GameKind,
    step: &Step,
    before: &dyn Record,
    after: &dyn Record,
) -> Result<(), Text> {
    let result = goal_met(kind, step, before, after);
    if result.is_err() {
        if let Some((_, why)) = step.wrong.iter().find(|(m, _)| same(before, m, after)) {
            return Err(Text::plain(why.clone()));
        }
    }
    result
}

fn goal_met(
    kind: GameKind,
    step: &Step,
    before: &dyn Record,
    after: &dyn Record,
) -> Result<(), Text> {
    let ply = before.ply();
    let mover = before.side_at(ply).unwrap_or(Color::Red);
    let mv = after.move_at(ply).ok_or(text!("learn.goal-no-move"))?;
    let conditions = match &step.goal {
        Goal::Moves => {
            if step.solution.iter().any(|m| same(before, m, after)) {
                return Ok(());
            }
            let origin = |t: &str| {
                let mut g = before.clone_box();
                g.play_text(t).ok()?;
                g.move_at(ply).and_then(|m| m.squares.first().copied())
            };
            let wanted = step.solution.first().and_then(|t| origin(t));
            return Err(match wanted {
                Some(sq) if mv.squares.first() != Some(&sq) => {
                    text!("learn.goal-other-piece", square = square_name(kind, sq))
                }
                _ => text!("learn.goal-not-the-move"),
            });
        }
        Goal::Meet(c) => c,
        Goal::WinIn(_) | Goal::Formation => return Err(text!("learn.goal-not-one-move")),
    };
    let end = mv.squares.last().copied().unwrap_or(0);
    let view = after.view_at(ply + 1).unwrap_or([None; 64]);
    let outcome = after.outcome();
    for c in conditions {
        match *c {
            Condition::Capture(n) => {
                let took = u8::try_from(mv.captures.len()).unwrap_or(u8::MAX);
                if took < n {
                    return Err(text!("learn.goal-capture", took = took, count = n));
                }
            }
            Condition::Reach(sq) => {
                let there = view[usize::from(sq)].is_some_and(|p| p.color == mover);
                if end != sq || !there {
                    return Err(text!(
                        "learn.goal-reach",
                        end = square_name(kind, end),
                        square = square_name(kind, sq)
                    ));
                }
            }
            Condition::Become(tier) => match view[usize::from(end)] {
                Some(p) if p.color == mover && p.kind == tier => {}
                Some(p) if p.color == mover => {
                    return Err(text!(
                        "learn.goal-become",
                        piece = words::piece(p.kind),
                        tier = words::piece(tier)
                    ))
                }
                _ => return Err(text!("learn.goal-no-tier", tier = words::piece(tier))),
            },
            Condition::Win => {
                if outcome.and_then(|o| o.winner()) != Some(mover) {
                    return Err(text!("learn.goal-win", side = mover.opposite()));
                }
            }
            Condition::Draw => {
                if !matches!(outcome, Some(o) if o.winner().is_none()) {
                    return Err(text!("learn.goal-draw"));
                }
            }
        }
    }
    Ok(())
}

/// A move of the side to move in `game` that wins within `moves` of its
/// moves whatever the opponent answers, looking at no more than `budget`
/// positions (None: there is none, or it was not found in time). The
/// search is the engine's positions played out (repetitions are not
/// counted: no line of five moves repeats a position three times).
pub fn winning_move(game: &dyn Record, moves: u8, budget: &mut u32) -> Option<String> {
    let text = game.position_text_at(game.ply())?;
    match game.kind() {
        GameKind::Checkers => win::<checkers::Position>(&text, moves, budget),
        GameKind::Tiers => win::<tiers::Position>(&text, moves, budget),
    }
}

fn win<P: Position>(text: &str, moves: u8, budget: &mut u32) -> Option<String> {
    let pos = P::parse(text).ok()?;
    winning::<P>(&pos, moves, budget).map(|m| pos.move_to_string(&m))
}

fn winning<P: Position>(pos: &P, moves: u8, budget: &mut u32) -> Option<P::Move> {
    if moves == 0 {
        return None;
    }
    let side = pos.side_to_move();
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    list.into_iter()
        .find(|m| wins(&pos.play(m), side, moves - 1, budget))
}

/// Whether `side`, who has just moved to `pos`, wins within `moves` more
/// of its moves whatever the opponent answers.
fn wins<P: Position>(pos: &P, side: Color, moves: u8, budget: &mut u32) -> bool {
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    let mut replies = Vec::new();
    pos.legal_moves(&mut replies);
    if replies.is_empty() || pos.piece_count(pos.side_to_move()) == 0 {
        return pos.side_to_move() != side;
    }
    if pos.plies_since_capture() >= 100 || moves == 0 {
        return false;
    }
    replies
        .iter()
        .all(|r| winning::<P>(&pos.play(r), moves, budget).is_some())
}

#[cfg(test)]
mod tests;
