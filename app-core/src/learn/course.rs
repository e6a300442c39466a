//! The course files (`assets/data/courses/*.txt`): one readable text file
//! per course, read here with errors that give the line and column. The
//! format (docs/content-formats.md, "Course files"):
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

use crate::record::{algebraic, checkers_number, Record};

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

/// The column (from 1, in characters) where `part`, a slice of `line`,
/// starts.
fn column(line: &str, part: &str) -> usize {
    let at = (part.as_ptr() as usize)
        .saturating_sub(line.as_ptr() as usize)
        .min(line.len());
    line[..at].chars().count() + 1
}

/// Ends the exercise being read: it must have its text, position and
/// steps.
fn close(lessons: &mut [(usize, Lesson)], open: &mut Option<Exercise>) -> Result<(), CourseError> {
    let count = lessons.len();
    let (Some(ex), Some((_, l))) = (open.take(), lessons.last_mut()) else {
        return Ok(());
    };
    let missing = [
        (ex.text.is_empty(), "`text`"),
        (ex.position.is_empty(), "`position`"),
        (ex.steps.is_empty(), "`play` line"),
    ]
    .into_iter()
    .find_map(|(no, what)| no.then_some(what));
    if let Some(what) = missing {
        return Err(CourseError {
            line: ex.line,
            column: 1,
            message: format!(
                "lesson {count}, exercise {}: no {what}",
                l.exercises.len() + 1
            ),
        });
    }
    l.exercises.push(ex);
    Ok(())
}

/// The last lesson must have an exercise.
fn lesson_done(lessons: &[(usize, Lesson)]) -> Result<(), CourseError> {
    match lessons.last() {
        Some((line, l)) if l.exercises.is_empty() => Err(CourseError {
            line: *line,
            column: 1,
            message: format!("lesson {} ({}) has no exercise", lessons.len(), l.title),
        }),
        _ => Ok(()),
    }
}

/// Reads a course file.
pub fn read(text: &str) -> Result<Course, CourseError> {
    let mut kind = None;
    let mut title = None;
    let mut lessons: Vec<(usize, Lesson)> = Vec::new();
    let mut open: Option<Exercise> = None;
    let mut n = 0;
    for raw in text.lines() {
        n += 1;
        let t = raw.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let (key, rest) = t.split_once(' ').map_or((t, ""), |(k, r)| (k, r.trim()));
        // Where a missing value would start: just after the keyword.
        let value = if rest.is_empty() {
            &t[key.len()..]
        } else {
            rest
        };
        let err = |part: &str, message: String| CourseError {
            line: n,
            column: column(raw, part),
            message,
        };
        if key != "course" && kind.is_none() {
            return Err(err(
                t,
                "the file must start with `course checkers` or `course tiers`".into(),
            ));
        }
        if rest.is_empty() && key != "exercise" {
            return Err(err(value, format!("`{key}` needs a value")));
        }
        let k = kind.unwrap_or(GameKind::Tiers);
        match key {
            "course" if kind.is_none() => {
                kind = Some(
                    GameKind::parse(rest)
                        .map_err(|_| err(value, "the course is `checkers` or `tiers`".into()))?,
                );
            }
            "title" if title.is_none() && lessons.is_empty() => title = Some(rest.to_string()),
            "course" | "title" => {
                return Err(err(t, format!("`{key}` comes once, at the top")));
            }
            "lesson" => {
                close(&mut lessons, &mut open)?;
                lesson_done(&lessons)?;
                let (id, name) = rest.split_once(':').unwrap_or(("", ""));
                let ok = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-';
                if id.is_empty() || !id.chars().all(ok) || name.trim().is_empty() {
                    return Err(err(
                        value,
                        "write `lesson <name>: <title>`, the name in a-z, 0-9 and `-`".into(),
                    ));
                }
                if lessons.iter().any(|(_, l)| l.id == id) {
                    return Err(err(value, format!("another lesson is named `{id}`")));
                }
                lessons.push((
                    n,
                    Lesson {
                        id: id.to_string(),
                        title: name.trim().to_string(),
                        about: String::new(),
                        exercises: Vec::new(),
                    },
                ));
            }
            "about" => match lessons.last_mut() {
                Some((_, l)) if l.exercises.is_empty() && open.is_none() => {
                    l.about = rest.to_string();
                }
                _ => return Err(err(t, "`about` comes after `lesson`, before its exercises".into())),
            },
            "exercise" => {
                if lessons.is_empty() {
                    return Err(err(t, "an exercise belongs to a lesson: `lesson` first".into()));
                }
                close(&mut lessons, &mut open)?;
                open = Some(Exercise {
                    line: n,
                    text: String::new(),
                    position: String::new(),
                    history: Vec::new(),
                    steps: Vec::new(),
                });
            }
            "text" | "position" | "history" | "play" | "reply" | "wrong" => {
                let Some(ex) = open.as_mut() else {
                    return Err(err(t, format!("`{key}` belongs to an exercise: `exercise` first")));
                };
                exercise_line(k, ex, n, key, rest).map_err(|(part, m)| err(part, m))?;
            }
            _ => {
                return Err(err(
                    t,
                    format!("unknown keyword `{key}` (course, title, lesson, about, exercise, text, position, history, play, reply, wrong)"),
                ))
            }
        }
    }
    close(&mut lessons, &mut open)?;
    lesson_done(&lessons)?;
    let at_end = |message: &str| CourseError {
        line: n + 1,
        column: 1,
        message: message.to_string(),
    };
    let (Some(kind), Some(title)) = (kind, title) else {
        return Err(at_end("no `course` or `title` line"));
    };
    if lessons.is_empty() {
        return Err(at_end("no lesson"));
    }
    Ok(Course {
        kind,
        title,
        lessons: lessons.into_iter().map(|(_, l)| l).collect(),
    })
}

/// One line of an exercise; an error names the part of `rest` at fault.
fn exercise_line<'a>(
    kind: GameKind,
    ex: &mut Exercise,
    line: usize,
    key: &str,
    rest: &'a str,
) -> Result<(), (&'a str, String)> {
    let whole = |m: &str| (rest, m.to_string());
    match key {
        "text" => {
            if !ex.text.is_empty() {
                ex.text.push(' ');
            }
            ex.text.push_str(rest);
        }
        "position" => {
            if !ex.position.is_empty() {
                return Err(whole("the exercise has a position already"));
            }
            record_of(kind, rest).map_err(|e| (rest, format!("bad position: {e}")))?;
            ex.position = rest.to_string();
        }
        "history" => {
            let mut g = ex
                .record(kind)
                .map_err(|_| whole("`history` comes after a good `position`"))?;
            if !ex.steps.is_empty() {
                return Err(whole("`history` comes before `play`"));
            }
            for m in rest.split_whitespace() {
                g.play_text(m).map_err(|e| (m, format!("{m}: {e}")))?;
                ex.history.push(m.to_string());
            }
        }
        "play" => {
            if ex.steps.last().is_some_and(|s| s.reply.is_none()) {
                return Err(whole(
                    "the step before needs a `reply` (the opponent moves between two of yours)",
                ));
            }
            let s = step(kind, line, rest)?;
            if !ex.steps.is_empty() && matches!(s.goal, Goal::WinIn(_) | Goal::Formation)
                || ex
                    .steps
                    .first()
                    .is_some_and(|f| matches!(f.goal, Goal::WinIn(_) | Goal::Formation))
            {
                return Err(whole(
                    "`win in` and `formation` make a whole exercise alone",
                ));
            }
            ex.steps.push(s);
        }
        _ => {
            let Some(last) = ex.steps.last_mut() else {
                return Err(whole("a `play` line comes first"));
            };
            if key == "reply" {
                if last.reply.is_some() || rest.contains(' ') {
                    return Err(whole("one `reply` move a step"));
                }
                if matches!(last.goal, Goal::WinIn(_) | Goal::Formation) {
                    return Err(whole("no `reply` here: the engine answers a `win in`"));
                }
                last.reply = Some(rest.to_string());
            } else {
                match rest.split_once(':') {
                    Some((m, why)) if !m.trim().is_empty() && !why.trim().is_empty() => {
                        last.wrong
                            .push((m.trim().to_string(), why.trim().to_string()));
                    }
                    _ => return Err(whole("write `wrong <move>: <what to say>`")),
                }
            }
        }
    }
    Ok(())
}

/// Reads `<goal>: <solution>` of a `play` line.
fn step(kind: GameKind, line: usize, rest: &str) -> Result<Step, (&str, String)> {
    let Some((goal_text, solution_text)) = rest.split_once(':') else {
        return Err((rest, "write `play <goal>: <solution>`".into()));
    };
    let goal = goal(kind, goal_text.trim())?;
    let solution: Vec<String> = if matches!(goal, Goal::Moves) {
        solution_text
            .split('|')
            .map(|m| m.trim().to_string())
            .collect()
    } else {
        solution_text
            .split_whitespace()
            .map(str::to_string)
            .collect()
    };
    let one = matches!(goal, Goal::Meet(_) | Goal::WinIn(_));
    if solution.iter().any(String::is_empty) || solution.is_empty() || one && solution.len() > 1 {
        return Err((
            solution_text,
            "the solution after `:` is missing or more than one move".into(),
        ));
    }
    if matches!(goal, Goal::Formation) {
        for s in solution_text.split_whitespace() {
            if parse_square(GameKind::Tiers, s).is_none() || kind != GameKind::Tiers {
                return Err((s, format!("`{s}` is not a square of a Tiers board")));
            }
        }
    }
    Ok(Step {
        line,
        goal,
        solution,
        reply: None,
        wrong: Vec::new(),
    })
}

fn goal(kind: GameKind, text: &str) -> Result<Goal, (&str, String)> {
    match text {
        "move" | "moves" => return Ok(Goal::Moves),
        "formation" => return Ok(Goal::Formation),
        _ => {}
    }
    if let Some(n) = text.strip_prefix("win in ") {
        return match n.trim().parse::<u8>() {
            Ok(n @ 1..=5) => Ok(Goal::WinIn(n)),
            _ => Err((n, "`win in N`: N is from 1 to 5".into())),
        };
    }
    let mut conditions = Vec::new();
    for part in text.split(" and ") {
        let (word, arg) = part.split_once(' ').unwrap_or((part, ""));
        let bad = |what: &str| Err((arg, format!("`{arg}` is not {what}")));
        conditions.push(match word {
            "capture" => match arg.parse::<u8>() {
                Ok(n @ 1..=12) => Condition::Capture(n),
                _ => return bad("a number of pieces from 1 to 12"),
            },
            "reach" => match parse_square(kind, arg) {
                Some(sq) => Condition::Reach(sq),
                None => return bad(&format!("a square of a {} board", kind.name())),
            },
            "become" => match parse_tier(arg) {
                Some(t) => Condition::Become(t),
                None => return bad("a tier (man, king, triple king, quad king, ultra king, double ultra king)"),
            },
            "win" if arg.is_empty() => Condition::Win,
            "draw" if arg.is_empty() => Condition::Draw,
            _ => {
                return Err((
                    part,
                    format!("unknown goal `{part}` (move, capture N, reach SQUARE, become TIER, win, draw, win in N, formation)"),
                ))
            }
        });
    }
    Ok(Goal::Meet(conditions))
}
