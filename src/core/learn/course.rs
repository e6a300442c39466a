//! The course files (`assets/data/courses/*.txt`): one readable text file
//! per course, read here with errors that give the line and column. The
//! format (README "## Learn"):
//!
//! ```text
//! # A comment.
//! course tiers
//! title Tiers
//!
//! lesson man: The man
//! about Men move forward: straight ahead or diagonally.
//!
//! exercise
//! text Move your man on e3 straight ahead.
//! position 4k3/8/8/8/8/4M3/8/8 r 0 1
//! play reach e4: e3-e4
//! ```
//!
//! An exercise is its text (one or more `text` lines), its position (PDN
//! FEN or TFEN), optional `history` moves played before the learner's turn
//! (a repetition needs them), and its steps: each `play <goal>: <solution>`
//! line is one move of the learner, optionally followed by the opponent's
//! scripted `reply <move>` and by `wrong <move>: <reason>` lines (what to
//! say when that legal move is played instead). The goals:
//!
//! - `move: m1 | m2`: one of these moves (the first is shown by hints);
//! - `capture N`, `reach SQ`, `become TIER`, `win`, `draw`, joined by
//!   `and`: a move that captures at least N pieces, ends on SQ, leaves the
//!   moved piece of that tier, wins at once, draws at once; the solution
//!   is one such move;
//! - `win in N: m`: win within N moves against the engine (m: a first
//!   move of a win);
//! - `formation: sq sq …`: complete the learner's formation (the squares
//!   to place men on).

use std::fmt;

use tiers_engine::{checkers, tiers, Game, GameKind, PieceKind, Position};

use crate::core::record::{algebraic, checkers_number, Record};

/// A whole course.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Course {
    /// Which game it teaches.
    pub kind: GameKind,
    /// Its title.
    pub title: String,
    /// The lessons, in order.
    pub lessons: Vec<Lesson>,
}

/// One lesson: a short series of exercises on one idea.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lesson {
    /// A stable name (progress is kept under it).
    pub id: String,
    /// Its title.
    pub title: String,
    /// One line about it, for the list.
    pub about: String,
    /// The exercises.
    pub exercises: Vec<Exercise>,
}

/// One exercise: an explanation, a position and the learner's task.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exercise {
    /// The line of its `exercise` keyword.
    pub line: usize,
    /// What to read and what to do.
    pub text: String,
    /// The position (PDN FEN or TFEN).
    pub position: String,
    /// Moves played from the position before the learner's turn.
    pub history: Vec<String>,
    /// The learner's moves, in order.
    pub steps: Vec<Step>,
}

/// One move of the learner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The line of its `play` keyword.
    pub line: usize,
    /// What the move must do.
    pub goal: Goal,
    /// The accepted moves (goal [`Goal::Moves`]), the one solution move,
    /// or the squares of a formation (their names).
    pub solution: Vec<String>,
    /// The opponent's scripted answer.
    pub reply: Option<String>,
    /// Legal moves that fail, with what to say about them.
    pub wrong: Vec<(String, String)>,
}

/// What a step asks of the learner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Goal {
    /// One of the moves of the solution.
    Moves,
    /// A move that meets every condition.
    Meet(Vec<Condition>),
    /// Win within this many moves against the engine.
    WinIn(u8),
    /// Complete the formation of the side to move.
    Formation,
}

/// A condition on one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Condition {
    /// It captures at least this many pieces.
    Capture(u8),
    /// It ends on this square (a1 = 0 … h8 = 63).
    Reach(u8),
    /// The piece that moved is of this tier where the move ends.
    Become(PieceKind),
    /// It wins the game at once.
    Win,
    /// The game is drawn after it.
    Draw,
}

/// What is wrong in a course file, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CourseError {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for CourseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for CourseError {}

/// A game record from a position text; the error is the engine's.
pub fn record_of(kind: GameKind, position: &str) -> Result<Box<dyn Record>, String> {
    match kind {
        GameKind::Checkers => checkers::Position::parse(position)
            .map(|p| Box::new(Game::new(p)) as Box<dyn Record>)
            .map_err(|e| e.to_string()),
        GameKind::Tiers => tiers::Position::parse(position)
            .map(|p| Box::new(Game::new(p)) as Box<dyn Record>)
            .map_err(|e| e.to_string()),
    }
}

/// Reads a square's name in a game (`e4`; in checkers its number, `15`).
#[must_use]
pub fn parse_square(kind: GameKind, word: &str) -> Option<u8> {
    match kind {
        GameKind::Tiers => {
            let b = word.as_bytes();
            (b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1]))
                .then(|| (b[0] - b'a') + 8 * (b[1] - b'1'))
        }
        GameKind::Checkers => {
            let n: u8 = word.parse().ok()?;
            (0..64u8).find(|&sq| checkers_number(sq) == Some(n))
        }
    }
}

/// A square's name in a game.
#[must_use]
pub fn square_name(kind: GameKind, sq: u8) -> String {
    match (kind, checkers_number(sq)) {
        (GameKind::Checkers, Some(n)) => n.to_string(),
        _ => algebraic(sq),
    }
}

/// A tier's name as lessons write it.
#[must_use]
pub fn parse_tier(word: &str) -> Option<PieceKind> {
    PieceKind::ALL.into_iter().find(|k| k.name() == word)
}

impl Exercise {
    /// The record the exercise starts from: its position with the history
    /// played.
    pub fn record(&self, kind: GameKind) -> Result<Box<dyn Record>, String> {
        let mut g = record_of(kind, &self.position)?;
        for m in &self.history {
            g.play_text(m)
                .map_err(|e| format!("history move {m}: {e}"))?;
        }
        Ok(g)
    }
}

/// A line cut into words, each with its column.
struct Words<'a> {
    line: usize,
    text: &'a str,
}

impl Words<'_> {
    /// The column (from 1, in characters) of byte offset `at`.
    fn column(&self, at: usize) -> usize {
        self.text[..at].chars().count() + 1
    }

    fn error(&self, at: usize, message: impl Into<String>) -> CourseError {
        CourseError {
            line: self.line,
            column: self.column(at),
            message: message.into(),
        }
    }
}

/// The byte offset of `part` inside `whole` (`part` is a slice of it).
fn offset(whole: &str, part: &str) -> usize {
    part.as_ptr() as usize - whole.as_ptr() as usize
}

/// Reads a course file.
pub fn read(text: &str) -> Result<Course, CourseError> {
    let mut reader = Reader::default();
    for (i, raw) in text.lines().enumerate() {
        let w = Words {
            line: i + 1,
            text: raw,
        };
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let (key, rest) = trimmed.split_once(' ').unwrap_or((trimmed, ""));
        let rest = rest.trim();
        reader.line(&w, offset(raw, trimmed), key, rest)?;
    }
    reader.finish(text.lines().count() + 1)
}

#[derive(Default)]
struct Reader {
    kind: Option<GameKind>,
    title: Option<String>,
    lessons: Vec<Lesson>,
    lesson_line: usize,
    exercise: Option<Exercise>,
}

impl Reader {
    fn kind(&self, w: &Words, at: usize) -> Result<GameKind, CourseError> {
        self.kind.ok_or_else(|| {
            w.error(
                at,
                "the file must start with `course checkers` or `course tiers`",
            )
        })
    }

    fn line(&mut self, w: &Words, at: usize, key: &str, rest: &str) -> Result<(), CourseError> {
        let value_at = if rest.is_empty() {
            at + key.len()
        } else {
            offset(w.text, rest)
        };
        let need = |what: &str| {
            if rest.is_empty() {
                Err(w.error(value_at, format!("`{key}` needs {what}")))
            } else {
                Ok(())
            }
        };
        match key {
            "course" => {
                if self.kind.is_some() {
                    return Err(w.error(at, "`course` is given twice"));
                }
                self.kind = Some(
                    GameKind::parse(rest)
                        .map_err(|_| w.error(value_at, "the course is `checkers` or `tiers`"))?,
                );
            }
            "title" => {
                self.kind(w, at)?;
                need("a title")?;
                if !self.lessons.is_empty() || self.title.is_some() {
                    return Err(w.error(at, "`title` comes once, before the lessons"));
                }
                self.title = Some(rest.to_string());
            }
            "lesson" => {
                self.kind(w, at)?;
                self.end_exercise()?;
                self.end_lesson()?;
                let Some((id, title)) = rest.split_once(':') else {
                    return Err(w.error(value_at, "write `lesson <name>: <title>`"));
                };
                let ok = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-';
                if id.is_empty() || !id.chars().all(ok) {
                    return Err(w.error(
                        value_at,
                        "a lesson's name is made of a-z, 0-9 and `-` (progress is kept under it)",
                    ));
                }
                if self.lessons.iter().any(|l| l.id == id) {
                    return Err(w.error(value_at, format!("another lesson is named `{id}`")));
                }
                if title.trim().is_empty() {
                    return Err(w.error(value_at + id.len() + 1, "the lesson needs a title"));
                }
                self.lesson_line = w.line;
                self.lessons.push(Lesson {
                    id: id.to_string(),
                    title: title.trim().to_string(),
                    about: String::new(),
                    exercises: Vec::new(),
                });
            }
            "about" => {
                need("a sentence")?;
                match self.lessons.last_mut() {
                    Some(l) if l.exercises.is_empty() && self.exercise.is_none() => {
                        l.about = rest.to_string();
                    }
                    _ => {
                        return Err(
                            w.error(at, "`about` belongs after `lesson`, before its exercises")
                        )
                    }
                }
            }
            "exercise" => {
                if self.lessons.is_empty() {
                    return Err(w.error(at, "an exercise belongs to a lesson: `lesson` first"));
                }
                self.end_exercise()?;
                self.exercise = Some(Exercise {
                    line: w.line,
                    text: String::new(),
                    position: String::new(),
                    history: Vec::new(),
                    steps: Vec::new(),
                });
            }
            _ => return self.exercise_line(w, at, key, rest, value_at),
        }
        Ok(())
    }

    fn exercise_line(
        &mut self,
        w: &Words,
        at: usize,
        key: &str,
        rest: &str,
        value_at: usize,
    ) -> Result<(), CourseError> {
        const KEYS: &str =
            "course, title, lesson, about, exercise, text, position, history, play, reply, wrong";
        if !matches!(
            key,
            "text" | "position" | "history" | "play" | "reply" | "wrong"
        ) {
            return Err(w.error(
                at,
                format!("unknown keyword `{key}`; the keywords are {KEYS}"),
            ));
        }
        let kind = self.kind(w, at)?;
        let Some(ex) = self.exercise.as_mut() else {
            return Err(w.error(
                at,
                format!("`{key}` belongs to an exercise: `exercise` first"),
            ));
        };
        if rest.is_empty() {
            return Err(w.error(value_at, format!("`{key}` needs a value")));
        }
        match key {
            "text" => {
                if !ex.text.is_empty() {
                    ex.text.push(' ');
                }
                ex.text.push_str(rest);
            }
            "position" => {
                if !ex.position.is_empty() {
                    return Err(w.error(at, "the exercise has a position already"));
                }
                record_of(kind, rest)
                    .map_err(|e| w.error(value_at, format!("bad position: {e}")))?;
                ex.position = rest.to_string();
            }
            "history" => {
                if ex.position.is_empty() || !ex.steps.is_empty() {
                    return Err(w.error(at, "`history` comes after `position`, before `play`"));
                }
                let mut g = ex.record(kind).map_err(|e| w.error(at, e))?;
                for m in rest.split_whitespace() {
                    g.play_text(m)
                        .map_err(|e| w.error(offset(w.text, m), format!("{m}: {e}")))?;
                    ex.history.push(m.to_string());
                }
            }
            "play" => {
                if let Some(last) = ex.steps.last() {
                    if last.reply.is_none() {
                        return Err(w.error(
                            at,
                            "the step before needs a `reply` (the opponent moves between two of yours)",
                        ));
                    }
                }
                ex.steps.push(step(kind, w, rest)?);
                if ex.steps.len() > 1
                    && ex
                        .steps
                        .iter()
                        .any(|s| matches!(s.goal, Goal::WinIn(_) | Goal::Formation))
                {
                    return Err(w.error(
                        at,
                        "`win in` and `formation` make a whole exercise: no other `play` with them",
                    ));
                }
            }
            "reply" => {
                let Some(last) = ex.steps.last_mut() else {
                    return Err(w.error(at, "`reply` answers a `play` line: `play` first"));
                };
                if last.reply.is_some() {
                    return Err(w.error(at, "this step has a reply already"));
                }
                if matches!(last.goal, Goal::WinIn(_) | Goal::Formation) {
                    return Err(w.error(
                        at,
                        "the engine answers in `win in`; a formation has no reply",
                    ));
                }
                if rest.contains(char::is_whitespace) {
                    return Err(w.error(value_at, "a reply is one move"));
                }
                last.reply = Some(rest.to_string());
            }
            _ => {
                let Some(last) = ex.steps.last_mut() else {
                    return Err(w.error(at, "`wrong` is about a `play` line: `play` first"));
                };
                let Some((mv, why)) = rest.split_once(':') else {
                    return Err(w.error(value_at, "write `wrong <move>: <what to say>`"));
                };
                if why.trim().is_empty() || mv.trim().is_empty() {
                    return Err(w.error(value_at, "write `wrong <move>: <what to say>`"));
                }
                last.wrong
                    .push((mv.trim().to_string(), why.trim().to_string()));
            }
        }
        Ok(())
    }

    fn end_exercise(&mut self) -> Result<(), CourseError> {
        let Some(ex) = self.exercise.take() else {
            return Ok(());
        };
        let missing = if ex.text.is_empty() {
            Some("no `text`")
        } else if ex.position.is_empty() {
            Some("no `position`")
        } else if ex.steps.is_empty() {
            Some("no `play` line")
        } else {
            None
        };
        let lesson = self.lessons.len();
        let Some(l) = self.lessons.last_mut() else {
            return Ok(());
        };
        if let Some(m) = missing {
            return Err(CourseError {
                line: ex.line,
                column: 1,
                message: format!("lesson {lesson}, exercise {}: {m}", l.exercises.len() + 1),
            });
        }
        l.exercises.push(ex);
        Ok(())
    }

    fn end_lesson(&mut self) -> Result<(), CourseError> {
        match self.lessons.last() {
            Some(l) if l.exercises.is_empty() => Err(CourseError {
                line: self.lesson_line,
                column: 1,
                message: format!(
                    "lesson {} ({}) has no exercise",
                    self.lessons.len(),
                    l.title
                ),
            }),
            _ => Ok(()),
        }
    }

    fn finish(mut self, end: usize) -> Result<Course, CourseError> {
        self.end_exercise()?;
        self.end_lesson()?;
        let at_end = |message: &str| CourseError {
            line: end,
            column: 1,
            message: message.to_string(),
        };
        let kind = self
            .kind
            .ok_or_else(|| at_end("no `course checkers` or `course tiers` line"))?;
        let title = self.title.ok_or_else(|| at_end("no `title` line"))?;
        if self.lessons.is_empty() {
            return Err(at_end("no lesson"));
        }
        Ok(Course {
            kind,
            title,
            lessons: self.lessons,
        })
    }
}

/// Reads `<goal>: <solution>` of a `play` line.
fn step(kind: GameKind, w: &Words, rest: &str) -> Result<Step, CourseError> {
    let Some((goal_text, solution_text)) = rest.split_once(':') else {
        return Err(w.error(
            offset(w.text, rest),
            "write `play <goal>: <solution>`, e.g. `play capture 2: e3xe5xc7`",
        ));
    };
    let goal_at = offset(w.text, goal_text);
    let goal = goal(kind, w, goal_text.trim(), goal_at)?;
    let sol_at = offset(w.text, solution_text);
    let solution: Vec<String> = match goal {
        Goal::Moves => solution_text
            .split('|')
            .map(|m| m.trim().to_string())
            .collect(),
        _ => solution_text
            .split_whitespace()
            .map(str::to_string)
            .collect(),
    };
    if solution.iter().any(String::is_empty) || solution.is_empty() {
        return Err(w.error(sol_at, "the solution is missing after `:`"));
    }
    match goal {
        Goal::Formation => {
            for s in &solution {
                let at =
                    offset(w.text, solution_text) + solution_text.find(s.as_str()).unwrap_or(0);
                if parse_square(GameKind::Tiers, s).is_none() || kind != GameKind::Tiers {
                    return Err(w.error(at, format!("`{s}` is not a square of a Tiers board")));
                }
            }
        }
        Goal::Moves => {}
        _ if solution.len() > 1 => {
            return Err(w.error(sol_at, "the solution of this goal is one move"));
        }
        _ => {}
    }
    Ok(Step {
        line: w.line,
        goal,
        solution,
        reply: None,
        wrong: Vec::new(),
    })
}

fn goal(kind: GameKind, w: &Words, text: &str, at: usize) -> Result<Goal, CourseError> {
    const GOALS: &str =
        "`move`, `capture N`, `reach SQUARE`, `become TIER`, `win`, `draw` (joined by `and`), `win in N` or `formation`";
    match text {
        "move" | "moves" => return Ok(Goal::Moves),
        "formation" => return Ok(Goal::Formation),
        _ => {}
    }
    if let Some(n) = text.strip_prefix("win in ") {
        return match n.trim().parse::<u8>() {
            Ok(n @ 1..=5) => Ok(Goal::WinIn(n)),
            _ => Err(w.error(at + 7, "`win in N`: N is a number of moves from 1 to 5")),
        };
    }
    let mut conditions = Vec::new();
    let mut part_at = at;
    for part in text.split(" and ") {
        let (word, arg) = part.split_once(' ').unwrap_or((part, ""));
        let arg = arg.trim();
        let arg_at = part_at + word.len() + 1;
        let c = match word {
            "capture" => match arg.parse::<u8>() {
                Ok(n @ 1..=12) => Condition::Capture(n),
                _ => return Err(w.error(arg_at, "`capture N`: N is a number of pieces from 1 to 12")),
            },
            "reach" => match parse_square(kind, arg) {
                Some(sq) => Condition::Reach(sq),
                None => {
                    return Err(w.error(
                        arg_at,
                        format!("`{arg}` is not a square of a {} board", kind.name()),
                    ))
                }
            },
            "become" => match parse_tier(arg) {
                Some(t) => Condition::Become(t),
                None => {
                    return Err(w.error(
                        arg_at,
                        format!("`{arg}` is not a tier: man, king, triple king, quad king, ultra king or double ultra king"),
                    ))
                }
            },
            "win" if arg.is_empty() => Condition::Win,
            "draw" if arg.is_empty() => Condition::Draw,
            _ => return Err(w.error(part_at, format!("unknown goal `{part}`; the goals are {GOALS}"))),
        };
        conditions.push(c);
        part_at += part.len() + 5;
    }
    Ok(Goal::Meet(conditions))
}
